/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-zoc.h: zones of control. The functions live in sand-game-private.h
 * (sand_zoc_*) and the public queries in sand-game.h
 * (sand_game_hex_controlled, sand_game_zoc_hexes). */
#pragma once

#include "sand-game.h"
