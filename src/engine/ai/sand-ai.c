/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai.c: the computer player's entry points and the loop that plays a
 * phase (sand-ai.h). The policies choose; this file applies, settles the
 * attacks the policies roll and stops when they have nothing more. */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "sand-ai-private.h"
#include "sand-game-module.h"

/* A phase never needs more actions than this; a policy that keeps
 * offering refused actions is stopped here rather than looping. */
#define MAX_ACTIONS_PER_PHASE 4000

void
sand_ai_options_init (SandAiOptions *options)
{
  g_return_if_fail (options != NULL);
  memset (options, 0, sizeof *options);
  options->level = SAND_AI_FAST;
  options->seed = 0;
  options->budget_ms = 2000;
  options->budget_iterations = 0;
}

static const char *const level_names[] = { "random", "fast", "strong" };

gboolean
sand_ai_level_parse (const char  *text,
                     SandAiLevel *level)
{
  for (guint i = 0; i < G_N_ELEMENTS (level_names); i++)
    if (g_strcmp0 (text, level_names[i]) == 0)
      {
        *level = (SandAiLevel) i;
        return TRUE;
      }
  return FALSE;
}

const char *
sand_ai_level_name (SandAiLevel level)
{
  return (guint) level < G_N_ELEMENTS (level_names) ? level_names[level] : "?";
}

void
sand_ai_init (SandAi              *ai,
              SandGame            *game,
              const SandAiOptions *options)
{
  memset (ai, 0, sizeof *ai);
  ai->game = game;
  ai->side = sand_game_get_side (game);
  ai->opts = *options;
  ai->grid = sand_game_get_grid (game);
  ai->nbr = sand_game_view (game)->nbr;
  ai->n_hexes = sand_grid_n_hexes (ai->grid);
  ai->n_units = sand_game_n_units (game);
  /* One stream per phase: the same seed plays the same phase the same way
   * whatever was played before it. */
  sand_dice_init (&ai->rng, options->seed * 1000003u
                  + (guint64) sand_game_get_turn (game) * 131u
                  + (guint64) sand_game_get_phase (game) * 17u + (guint64) ai->side);
  sand_ai_weights_default (game, &ai->w);
  ai->goal = g_new0 (double, ai->n_hexes);
  ai->est = g_new0 (int, ai->n_units + 1);
  ai->done = g_new0 (guint8, ai->n_units + 1);
  ai->enemy_str = g_new0 (int, ai->n_hexes);
  ai->enemy_unseen = g_new0 (int, ai->n_hexes);
  ai->enemy_seen_str = g_new0 (int, ai->n_hexes);
  ai->enemy_dist = g_new0 (int, ai->n_hexes);
  ai->in_motion = -1;
  ai->objective = SAND_HEX_NONE;
  ai->tried = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  sand_ai_view_build (ai);
}

void
sand_ai_clear (SandAi *ai)
{
  g_clear_pointer (&ai->goal, g_free);
  g_clear_pointer (&ai->threat, g_free);
  g_clear_pointer (&ai->threat_from, g_free);
  g_clear_pointer (&ai->screen, g_free);
  g_clear_pointer (&ai->guard_at, g_free);
  g_clear_pointer (&ai->concert_at, g_free);
  g_clear_pointer (&ai->cut_at, g_free);
  g_clear_pointer (&ai->railhead, g_free);
  g_clear_pointer (&ai->railhead_blocked, g_free);
  g_clear_pointer (&ai->railhead_near, g_free);
  g_clear_pointer (&ai->block, g_free);
  g_clear_pointer (&ai->own_count, g_free);
  g_clear_pointer (&ai->est, g_free);
  g_clear_pointer (&ai->done, g_free);
  g_clear_pointer (&ai->enemy_str, g_free);
  g_clear_pointer (&ai->enemy_unseen, g_free);
  g_clear_pointer (&ai->enemy_seen_str, g_free);
  g_clear_pointer (&ai->enemy_dist, g_free);
  g_clear_pointer (&ai->enemy_hexes, g_free);
  g_clear_pointer (&ai->view_sig, g_free);
  g_clear_pointer (&ai->view_sig_next, g_free);
  g_clear_pointer (&ai->tried, g_hash_table_unref);
  g_clear_pointer (&ai->weights, g_hash_table_unref);
  g_clear_pointer (&ai->reason, g_free);
  g_clear_pointer (&ai->odds, g_free);
  g_clear_pointer (&ai->carry_reason, g_free);
  g_clear_pointer (&ai->carry_odds, g_free);
  g_clear_pointer (&ai->plan, sand_ai_plan_free);
}

void
sand_ai_because (SandAi     *ai,
                 const char *format,
                 ...)
{
  va_list args;

  if (!sand_ai_explaining (ai))
    return;
  g_free (ai->reason);
  va_start (args, format);
  ai->reason = g_strdup_vprintf (format, args);
  va_end (args);
}

void
sand_ai_because_count (SandAi *ai,
                       double  vp)
{
  /* what "%+.1f" would print as +0.0 or -0.0 */
  if (!sand_ai_explaining (ai) || ai->reason == NULL || fabs (vp) < 0.05)
    return;
  /* Translators: the computer's reason for a move, then what the move does
   * to its side's victory count, e.g. "Scores for its side where it ends.
   * Victory count +40.0." */
  char *reason = g_strdup_printf (_("%s Victory count %+.1f."), ai->reason, vp);
  g_free (ai->reason);
  ai->reason = reason;
}

void
sand_ai_aim (SandAi     *ai,
             int         hex,
             const char *odds,
             double      expected)
{
  ai->objective = hex;
  g_free (ai->odds);
  ai->odds = g_strdup (odds);
  ai->expected = expected;
}

void
sand_ai_forget (SandAi *ai)
{
  g_clear_pointer (&ai->reason, g_free);
  g_clear_pointer (&ai->odds, g_free);
  ai->objective = SAND_HEX_NONE;
  ai->expected = 0;
}

void
sand_ai_decision_free (SandAiDecision *d)
{
  if (d == NULL)
    return;
  g_free (d->line);
  g_free (d->why);
  g_free (d->odds);
  g_free (d);
}

gboolean
sand_ai_try_once (SandAi     *ai,
                  const char *name,
                  int         unit,
                  int         hex)
{
  /* written on the stack: most keys asked were tried already, and a copy
   * is made only for a new one */
  char buf[128];
  int len = g_snprintf (buf, sizeof buf, "%s %d %d", name, unit, hex);
  g_autofree char *long_key = len >= (int) sizeof buf
    ? g_strdup_printf ("%s %d %d", name, unit, hex) : NULL;
  const char *key = long_key != NULL ? long_key : buf;
  if (g_hash_table_contains (ai->tried, key))
    return FALSE;
  g_hash_table_add (ai->tried, long_key != NULL ? g_steal_pointer (&long_key) : g_strdup (buf));
  return TRUE;
}

gboolean
sand_ai_apply (SandAi     *ai,
               SandAction *action)
{
  g_autoptr(SandAction) a = action;
  guint before = sand_game_log_length (ai->game);
  SandResult r;

  g_autofree char *reason = g_steal_pointer (&ai->reason);
  g_autofree char *odds = g_steal_pointer (&ai->odds);
  int objective = ai->objective;
  double expected = ai->expected;
  ai->objective = SAND_HEX_NONE;
  ai->expected = 0;
  if (!sand_game_apply (ai->game, a, &r, NULL))
    {
      sand_result_clear (&r);
      return FALSE;
    }
  /* An attack that waits for the owners' choices logs nothing until
   * they are made: its reasons go with the line the settlement logs. */
  if (sand_game_log_length (ai->game) == before && sand_game_get_pending_attack (ai->game))
    {
      g_free (ai->carry_reason);
      ai->carry_reason = g_steal_pointer (&reason);
      g_free (ai->carry_odds);
      ai->carry_odds = g_steal_pointer (&odds);
      ai->carry_objective = objective;
      ai->carry_expected = expected;
    }
  else if (ai->carry_reason != NULL || ai->carry_odds != NULL)
    {
      char *both = g_strjoin (" ", ai->carry_reason ? ai->carry_reason : "", reason ? reason : "",
                              NULL);
      g_free (reason);
      reason = both;
      g_free (odds);
      odds = g_steal_pointer (&ai->carry_odds);
      g_clear_pointer (&ai->carry_reason, g_free);
      objective = ai->carry_objective;
      expected = ai->carry_expected;
    }
  if (ai->decisions != NULL && !ai->quiet)
    for (guint i = before; i < sand_game_log_length (ai->game); i++)
      {
        SandAiDecision *d = g_new0 (SandAiDecision, 1);
        d->line = g_strdup (sand_game_log_line (ai->game, i));
        d->why = g_strdup (reason != NULL ? reason : "");
        d->objective = objective;
        d->odds = g_strdup (odds);
        d->expected = expected;
        g_ptr_array_add (ai->decisions, d);
      }
  sand_result_clear (&r);
  ai->actions++;
  int actor = sand_action_actor_unit (a);
  /* a unit that boards a train still moves (by rail) */
  if (actor >= 0 && (guint) actor < ai->n_units && a->spec->kind != SAND_ACTION_ENTRAIN)
    ai->done[actor] = 1;
  if (a->spec->kind == SAND_ACTION_MOVE)
    ai->in_motion = actor;
  if (ai->taken != NULL && !ai->quiet)
    for (guint i = before; i < sand_game_log_length (ai->game); i++)
      {
        g_ptr_array_add (ai->taken, g_strdup (sand_game_log_line (ai->game, i)));
        if (ai->reasons != NULL)
          g_ptr_array_add (ai->reasons, g_strdup (reason != NULL ? reason : ""));
      }
  return TRUE;
}

void
sand_ai_choices_init (SandAiChoices *c)
{
  c->losses = g_array_new (FALSE, FALSE, sizeof (SandLoss));
  c->retreats = g_array_new (FALSE, FALSE, sizeof (SandRetreat));
  c->advance = g_array_new (FALSE, FALSE, sizeof (int));
}

void
sand_ai_choices_clear (SandAiChoices *c)
{
  g_clear_pointer (&c->losses, g_array_unref);
  g_clear_pointer (&c->retreats, g_array_unref);
  g_clear_pointer (&c->advance, g_array_unref);
}

void
sand_ai_choose_settle (SandGame            *game,
                       int                  side,
                       const SandAiOptions *options,
                       SandAiChoices       *choices)
{
  g_return_if_fail (game != NULL && options != NULL && choices != NULL);
  const SandPendingAttack *p = sand_game_get_pending_attack (game);
  if (p == NULL || options->level == SAND_AI_RANDOM)
    return;
  /* The choices are the side's own, made from its own view: a player of
   * that side, not the one to move. */
  SandAi ai;
  sand_ai_init (&ai, game, options);
  ai.side = side;
  sand_ai_view_build (&ai);
  sand_ai_fast_choices (&ai, p, choices);
  sand_ai_clear (&ai);
}

gboolean
sand_ai_settle (SandAi *ai)
{
  const SandPendingAttack *p = sand_game_get_pending_attack (ai->game);
  if (p == NULL)
    return FALSE;
  SandAiChoices c;
  sand_ai_choices_init (&c);
  if (ai->opts.level != SAND_AI_RANDOM)
    sand_ai_fast_choices (ai, p, &c);
  if (ai->enemy_opts != NULL)
    {
      int n_sides = (int) sand_ruleset_n_sides (sand_scenario_get_ruleset (
                                                  sand_game_get_scenario (ai->game)));
      for (int s = 0; s < n_sides; s++)
        if (s != ai->side)
          sand_ai_choose_settle (ai->game, s, ai->enemy_opts, &c);
    }
  sand_ai_because (ai, _("The owners' choices: losses spread so that as few units as "
                          "can be are lost, retreats away from the enemy, the strongest "
                          "attacker advances."));
  SandAction *a = sand_action_new_kind (SAND_ACTION_SETTLE);
  if (c.losses->len > 0)
    sand_action_set_losses (a, c.losses, -1);
  if (c.advance->len > 0)
    sand_action_set_advance (a, c.advance);
  if (c.retreats->len > 0)
    {
      g_clear_pointer (&a->retreats, g_array_unref);
      a->retreats = g_array_copy (c.retreats);
    }
  sand_ai_choices_clear (&c);
  if (sand_ai_apply (ai, a))
    return TRUE;
  /* The choices did not fit (a rule the view could not see): the
   * defaults always do. */
  return sand_ai_apply (ai, sand_action_new_kind (SAND_ACTION_SETTLE));
}

static gboolean
same_phase (SandGame *game, int turn, int side, int phase)
{
  return !sand_game_is_over (game) && sand_game_get_turn (game) == turn
    && sand_game_get_side (game) == side && sand_game_get_phase (game) == phase;
}

void
sand_ai_run_phase (SandAi *ai)
{
  SandGame *game = ai->game;
  int turn = sand_game_get_turn (game), side = ai->side, phase = sand_game_get_phase (game);
  guint guard = 0;

  while (guard++ < MAX_ACTIONS_PER_PHASE)
    {
      if (g_cancellable_is_cancelled (ai->opts.cancellable))
        break;
      if (sand_game_get_pending_attack (game) != NULL)
        {
          if (!sand_ai_settle (ai))
            break;
          continue;
        }
      if (!same_phase (game, turn, side, phase))
        break;
      SandAction *a = ai->opts.level == SAND_AI_RANDOM ? sand_ai_random_next (ai)
                      : ai->plan != NULL ? sand_ai_strong_next (ai) : sand_ai_fast_next (ai);
      if (a == NULL)
        break;
      /* A refusal is the game's word that it was not legal after all: the
       * policies mark what they tried, so the next choice differs. */
      sand_ai_apply (ai, a);
    }
}

static gboolean
play_phase (SandGame            *game,
            const SandAiOptions *options,
            const SandAiOptions *enemy,
            GPtrArray           *taken,
            GPtrArray           *reasons,
            GPtrArray           *decisions,
            guint               *n_actions,
            GError             **error)
{
  SandAi ai;

  sand_ai_init (&ai, game, options);
  ai.taken = taken;
  ai.reasons = taken != NULL ? reasons : NULL;
  ai.decisions = decisions;
  ai.enemy_opts = enemy;
  if (options->level == SAND_AI_STRONG)
    sand_ai_strong_plan (&ai);
  sand_ai_run_phase (&ai);
  if (n_actions != NULL)
    *n_actions += ai.actions;
  sand_ai_clear (&ai);
  return !g_cancellable_set_error_if_cancelled (options->cancellable, error);
}

gboolean
sand_ai_play_phase (SandGame            *game,
                    const SandAiOptions *options,
                    GPtrArray           *taken,
                    GError             **error)
{
  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (options != NULL, FALSE);

  return sand_ai_play_phase_explained (game, options, taken, NULL, error);
}

gboolean
sand_ai_play_phase_explained (SandGame            *game,
                              const SandAiOptions *options,
                              GPtrArray           *taken,
                              GPtrArray           *reasons,
                              GError             **error)
{
  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (options != NULL, FALSE);

  if (sand_game_is_over (game))
    return TRUE;
  return play_phase (game, options, NULL, taken, reasons, NULL, NULL, error);
}

gboolean
sand_ai_play_phase_against (SandGame            *game,
                            const SandAiOptions *options,
                            const SandAiOptions *enemy,
                            GPtrArray           *taken,
                            GError             **error)
{
  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (options != NULL, FALSE);

  if (sand_game_is_over (game))
    return TRUE;
  return play_phase (game, options, enemy, taken, NULL, NULL, NULL, error);
}

gboolean
sand_ai_play_phase_decisions (SandGame            *game,
                              const SandAiOptions *options,
                              GPtrArray           *decisions,
                              GError             **error)
{
  g_return_val_if_fail (game != NULL && options != NULL, FALSE);

  if (sand_game_is_over (game))
    return TRUE;
  return play_phase (game, options, NULL, NULL, NULL, decisions, NULL, error);
}

static gboolean set_up (SandGame *game, const SandAiOptions *options, GPtrArray *taken,
                        GPtrArray *reasons, GPtrArray *decisions, GError **error);

gboolean
sand_ai_set_up (SandGame            *game,
                const SandAiOptions *options,
                GPtrArray           *taken,
                GPtrArray           *reasons,
                GError             **error)
{
  return set_up (game, options, taken, reasons, NULL, error);
}

gboolean
sand_ai_set_up_decisions (SandGame            *game,
                          const SandAiOptions *options,
                          GPtrArray           *decisions,
                          GError             **error)
{
  return set_up (game, options, NULL, NULL, decisions, error);
}

static gboolean
set_up (SandGame            *game,
        const SandAiOptions *options,
        GPtrArray           *taken,
        GPtrArray           *reasons,
        GPtrArray           *decisions,
        GError             **error)
{
  g_return_val_if_fail (game != NULL && options != NULL, FALSE);
  int side = sand_game_setup_side (game);
  if (side < 0)
    return TRUE;
  SandAi ai;
  sand_ai_init (&ai, game, options);
  ai.side = side;
  sand_ai_view_build (&ai);
  ai.taken = taken;
  ai.reasons = taken != NULL ? reasons : NULL;
  ai.decisions = decisions;
  if (options->level == SAND_AI_RANDOM)
    sand_ai_apply (&ai, sand_action_new_kind (SAND_ACTION_READY));
  else
    sand_ai_set_up_side (&ai, sand_ai_hex_score);
  sand_ai_clear (&ai);
  if (sand_game_setup_side (game) == side)
    {
      g_set_error (error, SAND_GAME_ERROR, SAND_GAME_ERROR_REFUSED,
                   _("The set-up could not be ended."));
      return FALSE;
    }
  return TRUE;
}

void
sand_ai_outcome (SandGame       *game,
                 SandAiOutcome  *outcome)
{
  g_return_if_fail (game != NULL && outcome != NULL);
  SandScenario *sc = sand_game_get_scenario (game);

  outcome->over = sand_game_is_over (game);
  sand_game_victory (game, &outcome->victory);
  outcome->level = outcome->victory.level;
  outcome->winner = -1;
  const SandVictoryLevel *lvl = sand_scenario_victory_level_for (sc, outcome->victory.net);
  if (lvl != NULL)
    outcome->winner = lvl->winner;
  else if (outcome->level != NULL)
    {
      /* A level from a chart of the ruleset's (the scenario has none):
       * the row that gives the label names the winner by its side id in
       * another cell ("none" for a draw). */
      SandRuleset *rs = sand_scenario_get_ruleset (sc);
      for (guint t = 0; t < sand_ruleset_n_tables (rs) && outcome->winner < 0; t++)
        {
          const SandTable *table = sand_ruleset_get_table_nth (rs, t);
          for (guint r = 0; r < table->rows->len && outcome->winner < 0; r++)
            {
              const SandTableRow *row = g_ptr_array_index (table->rows, r);
              gboolean gives = FALSE;
              int side = -1;
              for (guint c = 0; c < table->columns->len; c++)
                {
                  gives |= g_strcmp0 (row->cells[c], outcome->level) == 0;
                  if (row->cells[c] != NULL && side < 0)
                    side = sand_ruleset_find_side (rs, row->cells[c]);
                }
              if (gives)
                outcome->winner = side;
            }
        }
    }
}

gboolean
sand_ai_end_phase (SandGame  *game,
                   GError   **error)
{
  g_return_val_if_fail (game != NULL, FALSE);

  for (int tries = 0; tries < 64; tries++)
    {
      g_autoptr(GError) local = NULL;
      if (sand_game_get_pending_attack (game) != NULL)
        {
          g_autoptr(SandAction) s = sand_action_new_kind (SAND_ACTION_SETTLE);
          if (!sand_game_apply (game, s, NULL, error))
            return FALSE;
          continue;
        }
      if (sand_game_end_phase (game, &local))
        return TRUE;
      gboolean acted = FALSE;
      for (guint u = 0; u < sand_game_n_units (game) && !acted; u++)
        {
          g_autoptr(GArray) offers = g_array_new (FALSE, FALSE, sizeof (SandOffer));
          sand_game_offered_actions (game, (int) u, offers);
          for (guint k = 0; k < offers->len && !acted; k++)
            {
              const SandOffer *o = &g_array_index (offers, SandOffer, k);
              if (o->spec->kind != SAND_ACTION_MODULE || o->spec->fields[1].kind != 0)
                continue;
              g_autoptr(SandAction) a = sand_action_new (o->spec);
              a->unit = (int) u;
              acted = sand_game_apply (game, a, NULL, NULL);
            }
        }
      if (!acted)
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
    }
  g_set_error (error, SAND_GAME_ERROR, SAND_GAME_ERROR_REFUSED,
               _("The phase cannot be ended."));
  return FALSE;
}

gboolean
sand_ai_play_game (SandGame                   *game,
                   const SandAiOptions * const *players,
                   SandAiOutcome              *outcome,
                   GError                    **error)
{
  return sand_ai_play_game_watched (game, players, NULL, NULL, outcome, error);
}

gboolean
sand_ai_play_game_watched (SandGame                   *game,
                           const SandAiOptions * const *players,
                           SandAiPhaseFunc             after_phase,
                           gpointer                    user_data,
                           SandAiOutcome              *outcome,
                           GError                    **error)
{
  g_return_val_if_fail (game != NULL && players != NULL, FALSE);
  guint actions = 0;

  while (!sand_game_is_over (game))
    {
      int setting_up = sand_game_setup_side (game);
      if (setting_up >= 0 && setting_up < SAND_MAX_SIDES && players[setting_up] != NULL)
        {
          if (!sand_ai_set_up (game, players[setting_up], NULL, NULL, error))
            return FALSE;
          continue;
        }
      int side = sand_game_get_side (game);
      if (side < 0 || side >= SAND_MAX_SIDES || players[side] == NULL)
        break;
      const SandAiOptions *enemy = NULL;
      for (int s = 0; s < SAND_MAX_SIDES && enemy == NULL; s++)
        if (s != side && players[s] != NULL)
          enemy = players[s];
      if (!play_phase (game, players[side], enemy, NULL, NULL, NULL, &actions, error))
        return FALSE;
      if (!sand_game_is_over (game) && !sand_ai_end_phase (game, error))
        return FALSE;
      if (after_phase != NULL)
        after_phase (game, user_data);
    }
  if (outcome != NULL)
    {
      sand_ai_outcome (game, outcome);
      outcome->actions = actions;
    }
  return TRUE;
}
