/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-lasthold.c: the strong level's last-turn hold — the hexes the
 * enemy's last move would take points from, held first.
 *
 * In the side's last turn, when the enemy's reply ends the game, nothing
 * can answer that reply: whatever the enemy's last Movement Phase takes,
 * it keeps. Traced on FPW's campaign (docs/ai.md, session 13), the fast
 * French's last move turned the strong German's win into a draw or a loss
 * in 6 of 20 games, each by one corps: one that stepped behind the German
 * line and cut the depth's supply, one that reached a French supply line
 * deep in Germany and scored its penetration (+300). The search's
 * rollouts reach the game's end there and see the loss, but a plan
 * changes the policy's play a decision at a time, and none of the eight
 * judged stood a unit where the enemy would go.
 *
 * So, in the side's last turn: in each rollout of the policy's own play
 * (the search's first plan), as the enemy's first phase in which it may
 * move starts (FPW's French Reinforcement Phase comes before it) — where the
 * policy's moves and attacks have left the side's units and lines, not
 * where they stand as the phase begins — for each enemy combat unit the
 * side sees, the hexes it could end its next move on (the rules' reach:
 * the enemy is to move in that copy), and what the side's count would
 * lose to find it there: the unit put on the hex inside an action that is
 * then aborted (nothing logged), the count as the side may make it. A hex
 * that costs `ai-last-hold` points or more on average over the worlds
 * (the ruleset's weight: 0, never) is a target; the plan that holds it
 * sends, before the policy moves, the nearest combat unit that reaches it
 * and is not next to an enemy (one that is, is the policy's attacker)
 * onto it, where no enemy may end its move. Whether that is worth the
 * attacks and the depth the unit would have made, the rollouts judge,
 * like every plan's.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-ai-plan.h"
#include "sand-game-module.h"

typedef struct {
  int hex;
  double cost;
} Hold;

/* The costliest first; the hex breaks ties (the same order in every
 * world). */
static int
cmp_hold (gconstpointer a, gconstpointer b)
{
  const Hold *x = a, *y = b;
  if (x->cost != y->cost)
    return x->cost > y->cost ? -1 : 1;
  return x->hex - y->hex;
}

gboolean
sand_ai_lasthold_costs (SandAi *ai, double *cost)
{
  SandGame *game = ai->game;
  if (ai->w.vp <= 0 || sand_game_get_pending_attack (game) != NULL)
    return FALSE;
  g_autofree double *here = g_new0 (double, ai->n_hexes);
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  double before = sand_ai_eval_vp (ai);
  gboolean moves = FALSE;
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      if (u->status != SAND_UNIT_ON_MAP || u->hex < 0 || (int) u->side == ai->side
          || !sand_game_unit_is_combat (game, (int) i)
          || !sand_game_unit_visible (game, (int) i, ai->side))
        continue;
      const SandReach *r = (int) sand_game_get_side (game) == (int) u->side
                           ? sand_game_reach (game, (int) i, NULL) : NULL;
      if (r == NULL)
        continue;
      moves = TRUE;
      g_array_set_size (hexes, 0);
      sand_reach_hexes (r, hexes);
      for (guint k = 0; k < hexes->len; k++)
        {
          int h = g_array_index (hexes, int, k);
          sand_game_begin_action (game);
          sand_game_place_unit (game, (int) i, h);
          double c = (before - sand_ai_eval_vp (ai)) / ai->w.vp;
          sand_game_abort_action (game);
          here[h] = MAX (here[h], c);
        }
    }
  for (int h = 0; h < ai->n_hexes; h++)
    cost[h] += here[h];
  return moves;
}

void
sand_ai_lasthold_targets (SandAi *ai, const double *cost, int n_worlds, GArray *out)
{
  g_autoptr(GArray) holds = g_array_new (FALSE, FALSE, sizeof (Hold));
  for (int h = 0; h < ai->n_hexes; h++)
    if (cost[h] / n_worlds >= ai->w.last_hold)
      g_array_append_val (holds, ((Hold) { h, cost[h] / n_worlds }));
  g_array_sort (holds, cmp_hold);
  for (guint k = 0; k < holds->len; k++)
    g_array_append_val (out, g_array_index (holds, Hold, k).hex);
}

SandAction *
sand_ai_lasthold_next (SandAi *ai, int hex, const guint8 *moved, gboolean probe, int n_worlds,
                       double gain)
{
  SandGame *game = ai->game;
  sand_ai_view_enemies (ai);
  sand_ai_own_refresh (ai);
  if (hex < 0 || hex >= ai->n_hexes || ai->own_combat[hex] > 0 || ai->enemy_dist[hex] == 0)
    return NULL;
  /* the nearest by the reach's cost (the index breaks ties: the same unit
   * in every world) */
  int best = -1, best_cost = G_MAXINT;
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      if (moved[i] || ai->done[i] || u->status != SAND_UNIT_ON_MAP || u->hex < 0
          || (int) u->side != ai->side || ai->est[i] <= 0
          || !sand_game_unit_is_combat (game, (int) i) || ai->enemy_dist[u->hex] <= 1
          || !sand_game_offers (game, "move", (int) i))
        continue;
      const SandReach *r = sand_game_reach (game, (int) i, NULL);
      int c = r != NULL ? sand_reach_cost (r, hex) : -1;
      if (c >= 0 && c < best_cost)
        {
          best = (int) i;
          best_cost = c;
        }
    }
  if (best < 0)
    return NULL;
  SandAction *a = sand_action_new_kind (SAND_ACTION_MOVE);
  g_array_append_val (sand_ai_ints (&a->path), hex);
  a->unit = best;
  if (probe)
    return a;
  ai->vp_len = 0;
  sand_ai_aim (ai, hex, NULL, gain);
  /* Translators: the computer player's reason for a move its search
   * (the strong level) made, in the words of the search's others. */
  sand_ai_because (ai, _("The search's choice: holds a hex where the enemy's last move would "
                         "take points, before the game ends; playing the phase and the enemy's "
                         "reply out in %d sampled games, the plan came out %.1f better."),
                   n_worlds, gain);
  return a;
}
