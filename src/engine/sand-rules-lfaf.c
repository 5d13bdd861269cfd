/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules-lfaf.c: not written yet. */
typedef int sand_rules_lfaf_placeholder;
