/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules-fpw.c: not written yet. */
typedef int sand_rules_fpw_placeholder;
