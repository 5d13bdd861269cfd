/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai.h: the computer player.
 *
 * It plays the side to move's current phase of any ruleset from what the
 * game says is legal (sand_game_offered_actions, and the actions of the
 * game's table that it accepts when asked), the game's own victory count
 * and weights the ruleset file may declare (ai-* params, docs/ai.md). It
 * knows no game by name. It reads only what its side may know: enemy
 * counters it has not seen are given strengths drawn from the counter mix
 * less what it has seen, never read (sand-ai-view.c).
 *
 * Levels: SAND_AI_RANDOM (a uniform choice among legal actions, for
 * comparison), SAND_AI_FAST (a heuristic policy, for mass runs) and
 * SAND_AI_STRONG (a search over the phase's actions: plans that change
 * the fast policy's choices, judged by rollouts on determinized copies
 * of the game, within a budget).
 * Deterministic for a seed (and, at the strong level, a budget in
 * iterations).
 */
#pragma once

#include <gio/gio.h>

#include "sand-game.h"

G_BEGIN_DECLS

typedef enum {
  SAND_AI_RANDOM,
  SAND_AI_FAST,
  SAND_AI_STRONG,
} SandAiLevel;

/* Called by the strong search after each candidate plan it tried
 * (@iteration counts from 1), on the searching thread. */
typedef void (*SandAiCandidateFunc) (int      iteration,
                                     gpointer user_data);

typedef struct {
  SandAiLevel level;
  guint64 seed;
  int budget_ms;            /* strong: time for the phase (0: no limit by time) */
  int budget_iterations;    /* strong: plans' worth of rollouts (0: by time only) */
  /* Stops the search (between candidate plans and between the actions of
   * each rollout) and the phase's play (between actions): the playing
   * call then returns FALSE with G_IO_ERROR_CANCELLED, the game left
   * with what was applied. NULL: never. (Session 4.) */
  GCancellable *cancellable;
  SandAiCandidateFunc on_candidate;  /* NULL: none */
  gpointer on_candidate_data;
} SandAiOptions;

/* The defaults: fast, seed 0, strong budget 2000 ms. */
void               sand_ai_options_init        (SandAiOptions    *options);
/* "random", "fast", "strong" → the level; FALSE when unknown. */
gboolean           sand_ai_level_parse         (const char       *text,
                                                SandAiLevel      *level);
const char        *sand_ai_level_name          (SandAiLevel       level);

/* Plays the side to move's current phase, without ending it: every
 * action applied is appended to @taken (char *, the log's line) when it
 * is not NULL. FALSE with @error only when the game refused something
 * the player was sure of (a bug); a phase with nothing to do is TRUE. */
gboolean           sand_ai_play_phase          (SandGame         *game,
                                                const SandAiOptions *options,
                                                GPtrArray        *taken,
                                                GError          **error);

/* The same, and for each line of @taken a sentence in @reasons (char *)
 * saying why it was chosen: the objective, the odds or the gain it
 * expected. */
gboolean           sand_ai_play_phase_explained (SandGame        *game,
                                                const SandAiOptions *options,
                                                GPtrArray        *taken,
                                                GPtrArray        *reasons,
                                                GError          **error);

/* One action the computer took, and why (session 4). @line is the log's
 * line (as sand_game_log_line gives it: the umpire's; a playtest shows
 * the human side sand_game_log_line_for instead); @why a sentence in the
 * user's language (the engine's gettext domain) naming its objective and,
 * for an attack, the odds it accepted and the gain it expected;
 * @objective the hex it headed for, attacked or set up on
 * (SAND_HEX_NONE when none); @odds the odds accepted ("3-1"; NULL when
 * not an attack on seen units); @expected the gain in the evaluation it
 * expected (0 when it had no try to tell). */
typedef struct {
  char *line;
  char *why;
  int objective;
  char *odds;
  double expected;
} SandAiDecision;

void               sand_ai_decision_free       (SandAiDecision   *decision);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SandAiDecision, sand_ai_decision_free)

/* sand_ai_play_phase, appending a SandAiDecision * for each log line it
 * applied to @decisions (give it sand_ai_decision_free as its free
 * function). */
/* sand_ai_play_phase when the enemy is a computer player too (@enemy its
 * options, or NULL): the enemy's owners' choices in this side's attacks
 * are then its own, as in sand_ai_play_game, not the defaults — so that a
 * game played phase by phase is the headless game of the same seed. */
gboolean           sand_ai_play_phase_against  (SandGame         *game,
                                                const SandAiOptions *options,
                                                const SandAiOptions *enemy,
                                                GPtrArray        *taken,
                                                GError          **error);
gboolean           sand_ai_play_phase_decisions (SandGame        *game,
                                                const SandAiOptions *options,
                                                GPtrArray        *decisions,
                                                GError          **error);

/* The set-up stage (sand_game_setup_side () ≥ 0): places the units of the
 * side setting up now that its order of battle places by zone, each on
 * the hex of its zone the fast policy scores best (objectives, enemies it
 * outweighs, stacking), then says `ready`. @taken and @reasons as
 * sand_ai_play_phase_explained (either may be NULL). The random level
 * leaves the set-up as it is and says `ready`. TRUE with nothing done
 * when no side is setting up. (Added in session 4.) */
gboolean           sand_ai_set_up              (SandGame         *game,
                                                const SandAiOptions *options,
                                                GPtrArray        *taken,
                                                GPtrArray        *reasons,
                                                GError          **error);
/* The same, with a SandAiDecision * for each line in @decisions (or NULL). */
gboolean           sand_ai_set_up_decisions    (SandGame         *game,
                                                const SandAiOptions *options,
                                                GPtrArray        *decisions,
                                                GError          **error);

/* The owners' choices @side makes for the attack waiting (its own losses,
 * retreats and advances), appended to @choices' arrays; the other side's
 * are left to the defaults or to its own player. */
typedef struct {
  GArray *losses;           /* SandLoss */
  GArray *retreats;         /* SandRetreat */
  GArray *advance;          /* int */
} SandAiChoices;

void               sand_ai_choices_init        (SandAiChoices    *choices);
void               sand_ai_choices_clear       (SandAiChoices    *choices);
void               sand_ai_choose_settle       (SandGame         *game,
                                                int               side,
                                                const SandAiOptions *options,
                                                SandAiChoices    *choices);

/* Ends the phase the way sand_ai_play_game does: an attack waiting is
 * settled by default, and while the rules will not let the phase end
 * (something owed) the offers that take nothing but the unit are taken,
 * one at a time, until they do. FALSE with @error when it cannot end.
 * (Public since session 4: the editor's computer ends its phases so.) */
gboolean           sand_ai_end_phase           (SandGame         *game,
                                                GError          **error);

/* A whole game, headless: @players[side] NULL plays that side by hand
 * (never here: the console drives those), else with those options. Ends
 * each phase itself. */
typedef struct {
  gboolean over;
  SandVictory victory;      /* the umpire's count at the end */
  int winner;               /* side index, or -1 (a draw, or no level decides) */
  const char *level;        /* the scenario's level, or NULL */
  guint actions;            /* applied by the players */
} SandAiOutcome;

/* Plays phases until the game is over or a side with no player is to
 * move; a side with a player sets itself up first (sand_ai_set_up).
 * FALSE with @error when a phase cannot be ended. */
gboolean           sand_ai_play_game           (SandGame         *game,
                                                const SandAiOptions * const *players,
                                                SandAiOutcome    *outcome,
                                                GError          **error);
/* sand_ai_play_game that calls @after_phase (when not NULL) each time a
 * phase has been played and ended (the last call sees the game over): the balance
 * runner reads the clock, the victory count and the log there (per-turn
 * VP, combats, losses) without playing the game a second time. */
typedef void (*SandAiPhaseFunc) (SandGame *game,
                                 gpointer  user_data);
gboolean           sand_ai_play_game_watched   (SandGame         *game,
                                                const SandAiOptions * const *players,
                                                SandAiPhaseFunc   after_phase,
                                                gpointer          user_data,
                                                SandAiOutcome    *outcome,
                                                GError          **error);
/* The outcome of the game as it stands (sand_ai_play_game fills it). */
void               sand_ai_outcome             (SandGame         *game,
                                                SandAiOutcome    *outcome);

G_END_DECLS
