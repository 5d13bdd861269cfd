/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-eval.c: how good a position looks to the computer player's
 * side, and what an action would change, tried on the game and taken
 * back.
 *
 * A try rolls dice from the player's own stream, forced before the action
 * (the `roll` action), never the game's: undo restores the game's dice,
 * so reading them through a try would be seeing the future. Only actions
 * whose outcome depends on nothing the side cannot see are tried (the
 * policies check it): a try against a face-down enemy would reveal it.
 */
#include "config.h"

#include "sand-ai-private.h"

/* Enough forced rolls for any one action of the shipped games (one die an
 * attack, a few for a bombardment or a river roll). */
#define ROLLS_PER_TRY 8

void
sand_ai_rewind (SandGame *game,
                guint     length)
{
  while (sand_game_get_pending_attack (game) != NULL
         || sand_game_log_length (game) > length)
    if (!sand_game_undo (game, NULL))
      break;
}

/* The strength @unit has as the side knows it now. */
static int
strength_now (SandAi *ai, int unit, const SandUnitState *u)
{
  if ((int) u->side == ai->side)
    return u->strength;
  int known = sand_game_unit_strength_for (ai->game, unit, ai->side);
  return known >= 0 ? known : ai->est[unit];
}

double
sand_ai_eval_quick (SandAi *ai)
{
  double own = 0, enemy = 0, place = 0, flags = 0;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (ai->game, (int) i);
      if (u->status != SAND_UNIT_ON_MAP)
        continue;
      int s = strength_now (ai, (int) i, u);
      g_ptr_array_set_size (names, 0);
      if (ai->w.flag != 0)
        sand_game_unit_rule_flags (ai->game, (int) i, names);
      if ((int) u->side == ai->side)
        {
          own += s;
          place += ai->goal[u->hex];
          flags -= names->len;
        }
      else
        {
          enemy += s;
          flags += names->len;
        }
    }
  return ai->w.material * (own - enemy) + 0.1 * ai->w.objective * place + ai->w.flag * flags;
}

double
sand_ai_eval_vp (SandAi *ai)
{
  SandVictory v;
  double vp = 0;

  sand_game_victory_for (ai->game, ai->side, &v);
  for (int s = 0; s < SAND_MAX_SIDES; s++)
    vp += s == ai->side ? v.points[s] : -v.points[s];
  return ai->w.vp * vp;
}

double
sand_ai_eval_full (SandAi *ai)
{
  return sand_ai_eval_quick (ai) + sand_ai_eval_vp (ai);
}

double
sand_ai_eval_now (SandAi *ai)
{
  /* The game is as the player left it when the log's length and the
   * player's own count of applied actions are: tries are taken back. */
  guint len = sand_game_log_length (ai->game);
  if (ai->now_valid && ai->now_len == len && ai->now_actions == ai->actions)
    return ai->now_value;
  ai->now_value = sand_ai_eval_full (ai);
  ai->now_len = len;
  ai->now_actions = ai->actions;
  ai->now_valid = TRUE;
  return ai->now_value;
}

double
sand_ai_simulate (SandAi           *ai,
                  const SandAction *action,
                  int               full,
                  int               faces)
{
  SandGame *game = ai->game;
  guint before = sand_game_log_length (game);
  double sum = 0;
  int n = MAX (faces, 1);

  for (int f = 0; f < n; f++)
    {
      if (faces > 0)
        {
          g_autoptr(SandAction) roll = sand_action_new_kind (SAND_ACTION_ROLL);
          int face = faces >= 6 ? 1 + f % 6 : 1 + (int) sand_dice_uniform (&ai->rng, 6);
          for (int k = 0; k < ROLLS_PER_TRY; k++)
            {
              int r = k == 0 ? face : 1 + (int) sand_dice_uniform (&ai->rng, 6);
              g_array_append_val (sand_ai_ints (&roll->numbers), r);
            }
          if (!sand_game_apply (game, roll, NULL, NULL))
            {
              sand_ai_rewind (game, before);
              return -G_MAXDOUBLE;
            }
        }
      gboolean ok = sand_game_apply (game, action, NULL, NULL);
      if (ok && sand_game_get_pending_attack (game) != NULL)
        {
          g_autoptr(SandAction) settle = sand_action_new_kind (SAND_ACTION_SETTLE);
          ok = sand_game_apply (game, settle, NULL, NULL);
        }
      if (!ok)
        {
          sand_ai_rewind (game, before);
          return -G_MAXDOUBLE;
        }
      sum += full == SAND_AI_EVAL_VP ? sand_ai_eval_vp (ai)
             : full ? sand_ai_eval_full (ai) : sand_ai_eval_quick (ai);
      sand_ai_rewind (game, before);
    }
  return sum / n;
}
