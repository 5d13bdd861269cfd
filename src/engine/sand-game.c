/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-game.c: not written yet. */
typedef int sand_game_placeholder;
