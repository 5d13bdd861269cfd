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

/* A new game in the same state: sand_game_clone () when the rules module
 * can copy its data, else sand_game_copy_replay (). NULL with @error when
 * the log does not replay. An attack rolled and waiting is not copied
 * (neither copy has it: it is not in the log, and its roll changed
 * nothing, the dice included). */
SandGame          *sand_game_copy              (SandGame         *self,
                                                GError          **error);
/* The reference copy: the same scenario, orders of battle, seed and log,
 * replayed (milliseconds on a long game). */
SandGame          *sand_game_copy_replay       (SandGame         *self,
                                                GError          **error);
/* The same game copied from its state (microseconds): everything the game
 * owns is duplicated, its module's data by the module's copy_data hook;
 * its scenario (read only once the game is made), ruleset and logged
 * lines and actions are shared. NULL when the module has no copy_data
 * hook. Either game may be played, undone or freed apart from the other,
 * on another thread too. */
SandGame          *sand_game_clone             (SandGame         *self);
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
