/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ruleset.c: not written yet. */
typedef int sand_ruleset_placeholder;
