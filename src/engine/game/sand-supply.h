/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-supply.h: supply tracing. Public queries are in sand-game.h
 * (sand_game_unit_supply, sand_game_hex_interdicted); the shared tracer in
 * sand-game-private.h (sand_supply_*). */
#pragma once

#include "sand-game.h"
