/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-zochold.c: the strong level's last-turn hold by zones of
 * control — a unit next to the enemy's way in, rather than one on each
 * hex its last move would take points from.
 *
 * The last-turn hold (sand-ai-lasthold.c) stands the nearest free unit on
 * each hex the enemy's last move would take points from. Traced on FPW's
 * campaign (docs/ai.md, session 13), the corps that took the most reached
 * 9 to 13 such hexes: more than the units free to stand on them. Where
 * entering a unit's zone of control stops the enemy (FPW's ZOC (A), Hex and
 * CRT's rigid zones), one unit next to its way in keeps it off all of them.
 *
 * So, in each rollout of the policy's play, as the enemy's first phase in
 * which it may move starts (where sand_ai_lasthold_costs reads what each
 * enemy unit would take on each hex it reaches), the loss is taken as
 * what each enemy unit would take at the costliest hex it reaches, summed
 * over the units; a hex from which one of the side's units would cut that
 * loss by `ai-last-hold` points or more — the rules' reach of each enemy
 * unit asked again with a unit of the side put there, inside an action
 * then aborted — is a blocking hex, chosen greedily (up to MAX_BLOCKS, each
 * with those chosen before it standing). The unit put there is the side's
 * combat unit farthest from the enemy, so that taking it from where it
 * stood changes the least. What each blocking hex saves is added up over
 * the worlds; those that save `ai-last-hold` points or more on average
 * are held first by the hold plan (its hexes, before the costly ones) and
 * by a plan that holds them alone — the rollouts judge whether they are
 * worth it, as every plan. `ai-zoc-hold` (default 0) turns it on.
 */
#include "config.h"

#include "sand-ai-plan.h"
#include "sand-game-module.h"

/* The most blocking hexes one world's greedy choice adds. */
#define MAX_BLOCKS 3

/* What the enemy units @movers would take in all, each at the costliest
 * hex its reach holds now (@unit_cost: per mover, per hex). */
static double
loss (SandAi *ai, const double *unit_cost, const int *movers, int n_movers, GArray *hexes)
{
  double sum = 0;
  for (int m = 0; m < n_movers; m++)
    {
      const SandReach *r = sand_game_reach (ai->game, movers[m], NULL);
      if (r == NULL)
        continue;
      g_array_set_size (hexes, 0);
      sand_reach_hexes (r, hexes);
      double most = 0;
      const double *c = unit_cost + (gsize) m * (gsize) ai->n_hexes;
      for (guint k = 0; k < hexes->len; k++)
        most = MAX (most, c[g_array_index (hexes, int, k)]);
      sum += most;
    }
  return sum;
}

guint8 *
sand_ai_zochold_reachable (SandAi *ai)
{
  SandGame *game = ai->game;
  guint8 *mask = g_new0 (guint8, ai->n_hexes);
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  sand_ai_view_enemies (ai);
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      if (u->status != SAND_UNIT_ON_MAP || u->hex < 0 || (int) u->side != ai->side
          || !sand_game_unit_is_real (game, (int) i) || ai->enemy_dist[u->hex] <= 1
          || !sand_game_offers (game, "move", (int) i))
        continue;
      const SandReach *r = sand_game_reach (game, (int) i, NULL);
      if (r == NULL)
        continue;
      g_array_set_size (hexes, 0);
      sand_reach_hexes (r, hexes);
      for (guint k = 0; k < hexes->len; k++)
        mask[g_array_index (hexes, int, k)] = 1;
    }
  return mask;
}

void
sand_ai_zochold_gains (SandAi *ai, const GArray *costs, const guint8 *reachable, double *gain)
{
  SandGame *game = ai->game;
  int n = ai->n_hexes;
  if (costs == NULL || costs->len == 0 || ai->w.last_hold <= 0)
    return;
  /* the enemy units that would take `ai-last-hold` points or more
   * somewhere, and what each would take where */
  g_autoptr(GArray) movers = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint k = 0; k < costs->len; k++)
    {
      const ZocCost *z = &g_array_index (costs, ZocCost, k);
      gboolean seen = FALSE;
      for (guint m = 0; m < movers->len && !seen; m++)
        seen = g_array_index (movers, int, m) == z->unit;
      if (!seen && z->cost >= ai->w.last_hold)
        g_array_append_val (movers, z->unit);
    }
  int n_movers = (int) movers->len;
  if (n_movers == 0)
    return;
  g_autofree double *unit_cost = g_new0 (double, (gsize) n_movers * (gsize) n);
  for (guint k = 0; k < costs->len; k++)
    {
      const ZocCost *z = &g_array_index (costs, ZocCost, k);
      for (int m = 0; m < n_movers; m++)
        if (g_array_index (movers, int, m) == z->unit)
          unit_cost[(gsize) m * (gsize) n + (gsize) z->hex] = MAX (0, z->cost);
    }
  /* where a unit of the side may stand on the way of an enemy unit that
   * takes points: each hex it reaches, and the hexes next to them */
  g_autofree guint8 *candidate = g_new0 (guint8, n);
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  for (int m = 0; m < n_movers; m++)
    {
      const SandReach *r = sand_game_reach (game, g_array_index (movers, int, m), NULL);
      if (r == NULL)
        continue;
      g_array_set_size (hexes, 0);
      sand_reach_hexes (r, hexes);
      for (guint k = 0; k < hexes->len; k++)
        {
          int at = g_array_index (hexes, int, k);
          candidate[at] = 1;
          for (int d = 0; d < SAND_N_DIRS; d++)
            {
              int h = ai->nbr[at * SAND_N_DIRS + d];
              if (h != SAND_HEX_NONE)
                candidate[h] = 1;
            }
        }
    }
  for (int h = 0; reachable != NULL && h < n; h++)
    candidate[h] &= reachable[h];
  /* not a hex a combat unit of either side already stands on */
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      if (u->status == SAND_UNIT_ON_MAP && u->hex >= 0 && u->hex < n
          && sand_game_unit_is_combat (game, (int) i))
        candidate[u->hex] = 0;
    }
  /* the side's combat units, farthest from the enemy first: the ones put
   * on the blocking hexes (the unit index breaks ties) */
  int blockers[MAX_BLOCKS], n_blockers = 0;
  for (int b = 0; b < MAX_BLOCKS; b++)
    {
      int best = -1, best_dist = -1;
      for (guint i = 0; i < ai->n_units; i++)
        {
          const SandUnitState *u = sand_game_get_unit (game, (int) i);
          gboolean taken = FALSE;
          for (int k = 0; k < n_blockers; k++)
            taken |= blockers[k] == (int) i;
          if (taken || u->status != SAND_UNIT_ON_MAP || u->hex < 0 || (int) u->side != ai->side
              || !sand_game_unit_is_real (game, (int) i))
            continue;
          int dist = 99;
          for (guint m = 0; m < ai->n_units; m++)
            {
              const SandUnitState *e = sand_game_get_unit (game, (int) m);
              if (e->status == SAND_UNIT_ON_MAP && e->hex >= 0 && (int) e->side != ai->side
                  && sand_game_unit_is_combat (game, (int) m))
                dist = MIN (dist, sand_grid_distance (ai->grid, u->hex, e->hex));
            }
          if (dist > best_dist)
            {
              best = (int) i;
              best_dist = dist;
            }
        }
      if (best < 0)
        break;
      blockers[n_blockers++] = best;
    }
  const int *mv = (const int *) (void *) movers->data;
  double now = loss (ai, unit_cost, mv, n_movers, hexes);
  int chosen[MAX_BLOCKS];
  for (int b = 0; b < n_blockers && now >= ai->w.last_hold; b++)
    {
      int best = -1;
      double best_loss = now;
      for (int h = 0; h < n; h++)
        {
          if (!candidate[h])
            continue;
          sand_game_begin_action (game);
          for (int k = 0; k < b; k++)
            sand_game_place_unit (game, blockers[k], chosen[k]);
          sand_game_place_unit (game, blockers[b], h);
          double l = loss (ai, unit_cost, mv, n_movers, hexes);
          sand_game_abort_action (game);
          if (l < best_loss - 1e-9)
            {
              best = h;
              best_loss = l;
            }
        }
      if (best < 0 || now - best_loss < ai->w.last_hold)
        break;
      chosen[b] = best;
      candidate[best] = 0;
      gain[best] += now - best_loss;
      now = best_loss;
    }
}

/* The most saved first; the hex breaks ties (the same order on every
 * run). */
static int
cmp_block (gconstpointer a, gconstpointer b)
{
  const ZocCost *x = a, *y = b;
  if (x->cost != y->cost)
    return x->cost > y->cost ? -1 : 1;
  return x->hex - y->hex;
}

void
sand_ai_zochold_targets (SandAi *ai, const double *gain, int n_worlds, GArray *out)
{
  g_autoptr(GArray) blocks = g_array_new (FALSE, FALSE, sizeof (ZocCost));
  for (int h = 0; h < ai->n_hexes; h++)
    if (gain[h] / n_worlds >= ai->w.last_hold)
      g_array_append_val (blocks, ((ZocCost) { -1, h, gain[h] / n_worlds }));
  g_array_sort (blocks, cmp_block);
  for (guint k = 0; k < blocks->len; k++)
    g_array_append_val (out, g_array_index (blocks, ZocCost, k).hex);
}
