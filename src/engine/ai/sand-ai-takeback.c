/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-takeback.c: the strong level's take back — units sent next to
 * an enemy unit that scores where it stands, so that the Combat Phase can
 * take it, or toward it when it is beyond this turn's march (sand-ai-
 * strong.c decides when; this finds the enemy and the units, and says
 * why).
 *
 * The fast policy's movement score heads for the enemy's country, its
 * objectives and the enemies it outweighs near them; an enemy unit that
 * has walked into the side's own country, far from the army, is none of
 * its best hexes, and the plans that send a unit to "the policy's second,
 * third or fourth best hex" never send one there. FPW's campaign: most of
 * the strong German's losses are French corps inside Germany two or three
 * turns before the end, supplied, with at most one German combat unit
 * within two hexes, which the German turns after never take back
 * (docs/ai.md, session 10).
 *
 * Which enemy units score is asked of the game's own count, as the side
 * may make it (sand-ai-threat.c): the enemy's points with every enemy
 * combat unit the side sees taken off the map but the one asked about
 * (what it scores alone, where the count keeps only the deepest of
 * several), and with it alone taken off (what the count loses by it),
 * inside actions that are then aborted. A face-down counter (FPW's
 * Standard Game: most French counters until contact) the side's count
 * does not count, and what it is is not read: what a real unit would
 * score alone where it stands is asked of the guard's stand-in
 * (sand-ai-standin.c), the seen ones off the map. Only units the side's
 * own could come next to within a march are asked.
 *
 * The units sent are the side's combat units that can reach a hex next
 * to it this Movement Phase, the nearest first, until their strength and
 * that already next to it make the odds the policy asks of an attack
 * (ai-attack-ratio, or ai-crowd where the ruleset declares more) times
 * the strength believed there (a face-down counter believed real: the
 * attack step's belief); each goes to the hex next to it that the policy
 * scores best. The attack itself is the Combat Phase's: the policy's, or
 * one the plan makes. Units beyond a march are not sent toward it: a take
 * back over two turns was built and measured nothing (the rollouts, which
 * end with the enemy's reply, never chose it; branch farback, 7b64552,
 * docs/ai.md session 12), so it is not kept.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-ai-private.h"
#include "sand-game-module.h"

/* The enemy's points with the seen enemy combat units of @seen off the
 * map, but @keep (-1: none), or (@alone FALSE) with @keep alone off. */
static double
points_without (SandAi *ai, GArray *seen, int keep, gboolean alone)
{
  sand_game_begin_action (ai->game);
  for (guint k = 0; k < seen->len; k++)
    {
      int unit = g_array_index (seen, int, k);
      if ((unit == keep) != alone)
        sand_game_remove_unit (ai->game, unit, SAND_UNIT_ELIMINATED);
    }
  double points = sand_ai_enemy_points (ai);
  sand_game_abort_action (ai->game);
  return points;
}

/* Whether @unit (of the side) could come next to @hex in one of its
 * moves, by its allowance (a bound: the reach decides later). */
static gboolean
unit_within (SandAi *ai, int unit, int hex)
{
  const SandUnitState *u = sand_game_get_unit (ai->game, unit);
  return sand_grid_distance (ai->grid, u->hex, hex)
         <= 1 + MAX (sand_game_unit_allowance (ai->game, unit), 0);
}

/* Whether one of the side's combat units could come next to @hex within
 * a march. */
static gboolean
within_march (SandAi *ai, int hex)
{
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (ai->game, (int) i);
      if (u->status == SAND_UNIT_ON_MAP && u->hex >= 0 && (int) u->side == ai->side
          && ai->est[i] > 0 && unit_within (ai, (int) i, hex))
        return TRUE;
    }
  return FALSE;
}

/* Whether @hex is among @out's already. */
static gboolean
has_hex (GArray *out, int hex)
{
  for (guint j = 0; j < out->len; j++)
    if (g_array_index (out, int, j) == hex)
      return TRUE;
  return FALSE;
}

/* Hexes in the order of their index, which the side sees (the face-down
 * counters' own indexes would tell them apart). */
static int
cmp_int (gconstpointer a, gconstpointer b)
{
  return *(const int *) a - *(const int *) b;
}

void
sand_ai_takeback_targets (SandAi *ai,
                          GArray *out)
{
  SandGame *game = ai->game;
  g_array_set_size (out, 0);
  if (ai->w.vp == 0 || sand_game_get_pending_attack (game) != NULL)
    return;
  g_autoptr(GArray) seen = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) near = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) hidden = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) on_map = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      if (u->status != SAND_UNIT_ON_MAP || u->hex < 0 || (int) u->side == ai->side)
        continue;
      if (!sand_game_unit_visible (game, (int) i, ai->side))
        {
          /* a face-down counter: only where it stands (and that it is
           * one, to take every such off the map while asking) */
          g_array_append_val (on_map, i);
          if (ai->if_real > 0 && within_march (ai, u->hex)
              && !has_hex (hidden, u->hex))
            g_array_append_val (hidden, u->hex);
          continue;
        }
      g_array_append_val (on_map, i);
      if (ai->est[i] <= 0)
        continue;
      g_array_append_val (seen, i);
      if (within_march (ai, u->hex))
        g_array_append_val (near, i);
    }
  if (near->len == 0 && hidden->len == 0)
    return;
  double none = points_without (ai, seen, -1, TRUE);
  double all = sand_ai_enemy_points (ai);
  for (guint k = 0; k < near->len; k++)
    {
      int unit = g_array_index (near, int, k);
      int hex = sand_game_get_unit (game, unit)->hex;
      if (has_hex (out, hex))
        continue;
      double alone = points_without (ai, seen, unit, TRUE) - none;
      double lost = alone > 0 ? alone : all - points_without (ai, seen, unit, FALSE);
      if (alone > 0 || lost > 0)
        g_array_append_val (out, hex);
    }
  if (hidden->len == 0)
    return;
  /* what a real unit would score alone there: the stand-in with every
   * other enemy unit on the map taken off (a game whose count counts
   * face-down counters would else credit it nothing where one stands;
   * taking all of them off reads nothing of any) */
  g_array_sort (hidden, cmp_int);
  SandAiStand stand;
  sand_ai_stand_init (ai, &stand, on_map);
  for (guint k = 0; k < hidden->len && stand.unit >= 0; k++)
    {
      int hex = g_array_index (hidden, int, k);
      if (!has_hex (out, hex) && sand_ai_stand_scores (ai, &stand, hex) > 0)
        g_array_append_val (out, hex);
    }
  sand_ai_stand_clear (&stand);
}

/* The strength the side wants next to the enemy hex @hex: the odds the
 * policy asks of an attack times the strength it believes there. */
static double
wanted_at (SandAi *ai, int hex)
{
  double ratio = MAX (ai->w.attack_ratio, ai->w.crowd);
  double there = ai->enemy_unseen[hex] > 0 ? sand_ai_hidden_strength (ai, hex)
                                            : ai->enemy_str[hex];
  return ratio * MAX (there, 1);
}

/* The hex next to @target, not the enemy's, that @unit reaches and the
 * policy scores best; SAND_HEX_NONE when none. */
static int
hex_next_to (SandAi *ai, int unit, int target)
{
  const SandReach *reach = sand_game_reach (ai->game, unit, NULL);
  if (reach == NULL)
    return SAND_HEX_NONE;
  int best = SAND_HEX_NONE;
  double best_s = -G_MAXDOUBLE;
  for (int d = 0; d < SAND_N_DIRS; d++)
    {
      int n = ai->nbr[target * SAND_N_DIRS + d];
      if (n == SAND_HEX_NONE || ai->enemy_dist[n] == 0 || sand_reach_cost (reach, n) < 0)
        continue;
      double s = sand_ai_hex_score (ai, unit, n) - 0.001 * sand_reach_cost (reach, n);
      if (s > best_s)
        {
          best = n;
          best_s = s;
        }
    }
  return best;
}

SandAction *
sand_ai_takeback_next (SandAi *ai,
                       int     target,
                       guint8 *looked,
                       int     n_worlds,
                       double  gain)
{
  SandGame *game = ai->game;
  sand_ai_view_enemies (ai);
  if (target < 0 || target >= ai->n_hexes || ai->enemy_dist[target] != 0)
    return NULL;
  sand_ai_own_refresh (ai);
  double wanted = wanted_at (ai, target);
  if (sand_ai_sum_beside (ai, ai->own_str, target) >= wanted)
    return NULL;
  /* the nearest unit that may move and is not next to it yet (the index
   * breaks ties: the same unit in every world) */
  for (;;)
    {
      int best = -1, best_d = G_MAXINT;
      for (guint i = 0; i < ai->n_units; i++)
        {
          const SandUnitState *u = sand_game_get_unit (game, (int) i);
          if (looked[i] || ai->done[i] || u->status != SAND_UNIT_ON_MAP || u->hex < 0
              || (int) u->side != ai->side || ai->est[i] <= 0)
            continue;
          int d = sand_grid_distance (ai->grid, u->hex, target);
          if (d > 1 && d < best_d && unit_within (ai, (int) i, target))
            {
              best = (int) i;
              best_d = d;
            }
        }
      if (best < 0)
        return NULL;
      /* looked at once a phase, whether or not it goes */
      looked[best] = 1;
      if (!sand_game_offers (game, "move", best))
        continue;
      /* within the bound of a march but not by the reach (terrain, zones
       * of control): not sent */
      int to = hex_next_to (ai, best, target);
      if (to == SAND_HEX_NONE)
        continue;
      SandAction *a = sand_action_new_kind (SAND_ACTION_MOVE);
      g_array_append_val (sand_ai_ints (&a->path), to);
      a->unit = best;
      ai->vp_len = 0;
      sand_ai_aim (ai, target, NULL, gain);
      /* Translators: the computer player's reason for a move its search
       * (the strong level) made, in the words of the search's others. */
      sand_ai_because (ai, _("The search's choice: goes back next to an enemy unit that "
                             "scores where it stands, for the Combat Phase to take it; "
                             "playing the phase and the enemy's reply out in %d sampled "
                             "games, the plan came out %.1f better."), n_worlds, gain);
      return a;
    }
}
