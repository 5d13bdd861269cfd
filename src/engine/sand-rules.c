/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules.c: not written yet. */
typedef int sand_rules_placeholder;
