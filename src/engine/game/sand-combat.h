/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-combat.h: odds, table lookup, flank geometry and loss allocation —
 * shared by the rules modules. Public combat calls are in sand-game.h
 * (sand_game_odds, sand_game_attack); the helpers in sand-game-private.h
 * (sand_combat_*). */
#pragma once

#include "sand-game.h"
