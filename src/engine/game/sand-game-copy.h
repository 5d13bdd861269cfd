/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-game-copy.h: what a search needs of a game beyond playing it.
 *
 * A search (the computer player's strong level, src/engine/ai/) plays a
 * phase many times over on a scratch game, never on the one being played:
 * sand_game_copy gives it one in the same state, and undo rewinds it
 * within the phase. Two more calls keep the search honest: the copy's
 * dice are reseeded (the future rolls are a guess, never the real ones),
 * and the enemy counters a side has never seen are shuffled among their
 * places (a determinization: which counter is where is drawn, not read).
 */
#pragma once

#include <glib.h>

#include "sand-game.h"

G_BEGIN_DECLS

/* A new game in the same state: the same scenario, orders of battle, seed
 * and log, replayed. NULL with @error when the log does not replay. */
SandGame          *sand_game_copy              (SandGame         *self,
                                                GError          **error);
/* Starts the dice over from @seed (forced rolls are dropped). */
void               sand_game_reseed_dice       (SandGame         *self,
                                                guint64           seed);
/* Shuffles, among the places of the units on the map that @viewer has
 * never seen (sand_game_unit_strength_for () is -1), which counter stands
 * where, drawn from @seed: each counter keeps its identity (type,
 * strength, dummy or not), its place and movement state are another's.
 * Returns how many units were shuffled. For search copies only: the game
 * is no longer the one its log describes. */
guint              sand_game_shuffle_unseen    (SandGame         *self,
                                                int               viewer,
                                                guint64           seed);

G_END_DECLS
