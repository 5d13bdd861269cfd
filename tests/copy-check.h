/* SPDX-License-Identifier: GPL-3.0-or-later */
/* copy-check.h: whether a game's clone (sand_game_clone) is the game its
 * replay (sand_game_copy_replay) is, checked at many points of a seeded
 * game; shared by test-game-copy and the third game's test-hexcrt. */
#pragma once

#include "sand-ai.h"
#include "sand-game.h"

G_BEGIN_DECLS

/* What the checks met, so that a test can say it met each kind of point. */
typedef struct {
  guint points;          /* positions checked */
  guint undo_steps;      /* undos compared on a clone and a replay */
  guint set_up;          /* points in the set-up stage */
  guint pending;         /* attacks rolled and waiting, copied */
  guint hidden;          /* points with units the side to move has not seen */
  guint markers;         /* points with markers in play */
  guint played_on;       /* points from which both copies played on the same */
  guint to_the_end;      /* points from which both copies played to the end */
  char words[512];       /* " move attack … ": the actions and marker kinds met */
} CopyCheckStats;

/* Whether the checks met the action or marker kind @word. */
gboolean   copy_check_met           (const CopyCheckStats *stats,
                                     const char           *word);

/* Everything a player or a query reads of the game, as text: the saved
 * game, the clock, every unit's state and each side's view of it, its
 * supply, the markers, forts, zones of control, interdiction, rail, the
 * victory count as each side sees it, each side's log, and the actions
 * offered for every unit. With @with_log FALSE, the log and its readings
 * are left out. */
char      *copy_check_digest        (SandGame        *game,
                                     gboolean         with_log);

/* Plays a game of @scenario from @seed with @level on both sides, for at
 * most @max_phases phases, and checks at each phase (mid-phase, after the
 * player's actions, and at the next one's start) that the clone is the
 * replay: the same digest, an undo walk back through the phase giving the
 * same digest at every step, the same play on from there with the same
 * seeds, a clone untouched by the game it was made from playing on and
 * the game untouched by its clone's; an attack rolled and waiting copied
 * as not rolled. Every @to_end_every th point both copies play to the end
 * (0: never). */
void       copy_check_game          (SandScenario    *scenario,
                                     guint64          seed,
                                     SandAiLevel      level,
                                     guint            max_phases,
                                     guint            to_end_every,
                                     CopyCheckStats  *stats);

G_END_DECLS
