/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-combat.c: not written yet. */
typedef int sand_combat_placeholder;
