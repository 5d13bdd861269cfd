/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-dice.c: not written yet. */
typedef int sand_dice_placeholder;
