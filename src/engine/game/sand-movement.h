/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-movement.h: the movement cost field. The public API is in
 * sand-game.h (sand_game_reach, sand_reach_*, sand_game_move); the core's
 * internal entry points in sand-game-private.h (sand_movement_*). */
#pragma once

#include "sand-game.h"
