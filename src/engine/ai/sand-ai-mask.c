/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-mask.c: a unit sent to mask an enemy fortification whose zone
 * cuts the side's own supply.
 *
 * A living enemy fortification interrupts the side's supply lines within
 * its zone (FPW Fortification (E): a Zone of Interdiction of three hexes,
 * traced from or along a rail line alike), except into hexes the side's
 * units occupy or are next to: the side "masks" it by placing units
 * around it. Nothing else in the fast policy does: the railhead reads the
 * zones as fixed for the phase, and a unit's own supply charge is asked
 * only on the hexes it tries. On FPW's variable OOB (docs/ai.md, session
 * 14) Strasburg unmasked stops the Baden railway south of it, and the
 * German units guarding the upper Rhine against a French corps stand
 * unsupplied, 11 hexes or more from a source; one German unit three hexes
 * from the fort, on the railway, makes the whole Baden bank a source again.
 *
 * So once a Movement Phase, when the side has a real unit out of supply
 * or a unit of its own within a fortification's zone already: the hexes
 * within the zone of each living enemy fortification (the radius the
 * ruleset declares, `interdiction-range`; the map says where
 * fortifications stand) are each asked what one of the side's units
 * standing there gives the supply the side's other real units carry —
 * their strength, 1 a point supplied, 0.5 unsupplied, 0 isolated (FPW
 * Supply (D)), traced with the unit there inside an aborted action
 * (nothing logged), against the same with the unit off the map. A unit
 * already on such a hex that gains at least `ai-mask-min` there stays
 * (its pull is to where it stands); then the best hex of the rest, for
 * the nearest free unit (not next to an enemy, not a guard, within two of
 * its moves), draws that unit `ai-mask` a hex nearer if it gains at least
 * as much. One a phase: the gain of a second hex depends on the first,
 * and the next phase asks again with the first standing there. The
 * measure is the rear guard's of session 13 (reverted with it): the
 * victory count would not see a cut that the points scored elsewhere hide.
 */
#include "config.h"

#include "sand-ai-private.h"
#include "sand-game-module.h"

/* What the side's real units other than @mover carry: their believed
 * strength weighted by their supply state as traced now. */
static double
carried (SandAi *ai, GArray *real, int mover)
{
  double sum = 0;
  for (guint k = 0; k < real->len; k++)
    {
      int u = g_array_index (real, int, k);
      if (u == mover)
        continue;
      SandSupplyState st = sand_game_unit_supply (ai->game, u);
      sum += ai->est[u] * (st == SAND_SUPPLY_SUPPLIED ? 1.0
                           : st == SAND_SUPPLY_UNSUPPLIED ? 0.5 : 0.0);
    }
  return sum;
}

/* What @unit standing on @hex (SAND_HEX_NONE: where it stands) gives the
 * rest, against @unit off the map; @off caches the latter per unit. */
static double
gain_at (SandAi *ai, GArray *real, double *off, int unit, int hex)
{
  SandGame *game = ai->game;
  if (off[unit] < 0)
    {
      sand_game_begin_action (game);
      sand_game_remove_unit (game, unit, SAND_UNIT_ELIMINATED);
      off[unit] = carried (ai, real, unit);
      sand_game_abort_action (game);
    }
  sand_game_begin_action (game);
  if (hex != SAND_HEX_NONE)
    sand_game_place_unit (game, unit, hex);
  double with = carried (ai, real, unit);
  sand_game_abort_action (game);
  return with - off[unit];
}

/* Per hex, the living enemy fortification whose zone (@radius) holds it,
 * nearest first; -1 when none. */
static int *
zones (SandAi *ai, int radius)
{
  SandGame *game = ai->game;
  int *fort = g_new (int, ai->n_hexes);
  int *best = g_new (int, ai->n_hexes);
  for (int h = 0; h < ai->n_hexes; h++)
    fort[h] = -1, best[h] = G_MAXINT;
  for (guint f = 0; f < sand_game_n_forts (game); f++)
    {
      int at = sand_game_fort_hex (game, (int) f);
      if (!sand_game_fort_alive_at (game, at, -1) || sand_game_fort_alive_at (game, at, ai->side))
        continue;
      for (int h = 0; h < ai->n_hexes; h++)
        {
          int d = sand_grid_distance (ai->grid, at, h);
          if (d <= radius && d < best[h])
            fort[h] = at, best[h] = d;
        }
    }
  g_free (best);
  return fort;
}

/* Whether @unit is free to go: none of the side's other uses holds it
 * and no enemy stands next to it. */
static gboolean
free_unit (SandAi *ai, int unit)
{
  const SandUnitState *u = sand_game_get_unit (ai->game, unit);
  return ai->enemy_dist[u->hex] > 1 && ai->mask_at[unit] == SAND_HEX_NONE
         && (ai->guard_at == NULL || ai->guard_at[unit] == SAND_HEX_NONE);
}

void
sand_ai_mask_build (SandAi *ai)
{
  if (ai->mask_built)
    return;
  ai->mask_built = TRUE;
  SandGame *game = ai->game;
  SandRuleset *rs = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  int radius = sand_ruleset_param_int (rs, "interdiction-range", 0);
  if (ai->w.mask <= 0 || radius <= 0 || sand_game_n_forts (game) == 0
      || sand_game_get_pending_attack (game) != NULL)
    return;
  g_autofree int *fort = zones (ai, radius);
  g_autoptr(GArray) real = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) movers = g_array_new (FALSE, FALSE, sizeof (int));
  gboolean cut = FALSE, inside = FALSE;
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      if (u->status != SAND_UNIT_ON_MAP || u->hex < 0 || (int) u->side != ai->side
          || !sand_game_unit_is_combat (game, (int) i))
        continue;
      g_array_append_val (movers, i);
      inside |= fort[u->hex] >= 0;
      if (sand_game_unit_is_real (game, (int) i) && ai->est[i] > 0)
        {
          g_array_append_val (real, i);
          cut |= sand_game_unit_supply (game, (int) i) != SAND_SUPPLY_SUPPLIED;
        }
    }
  if (!cut && !inside)
    return;
  ai->mask_at = g_new (int, 2 * ai->n_units);
  ai->mask_fort = ai->mask_at + ai->n_units;
  g_autofree double *off = g_new (double, ai->n_units);
  for (guint i = 0; i < ai->n_units; i++)
    ai->mask_at[i] = ai->mask_fort[i] = SAND_HEX_NONE, off[i] = -1;

  /* the units masking already stay where they gain enough */
  for (guint k = 0; k < movers->len; k++)
    {
      int u = g_array_index (movers, int, k);
      int hex = sand_game_get_unit (game, u)->hex;
      if (fort[hex] >= 0 && gain_at (ai, real, off, u, SAND_HEX_NONE) >= ai->w.mask_min)
        ai->mask_at[u] = hex, ai->mask_fort[u] = fort[hex];
    }
  if (!cut)
    return;

  /* the best hex of the rest for its nearest free unit */
  int best_hex = SAND_HEX_NONE, best_unit = -1;
  double best_gain = ai->w.mask_min;
  for (int h = 0; h < ai->n_hexes; h++)
    {
      if (fort[h] < 0 || fort[h] == h || ai->enemy_dist[h] == 0 || sand_ai_own_at (ai, h, -1) > 0)
        continue;
      int unit = -1, unit_d = G_MAXINT;
      for (guint k = 0; k < movers->len; k++)
        {
          int u = g_array_index (movers, int, k);
          int d = sand_grid_distance (ai->grid, sand_game_get_unit (game, u)->hex, h);
          if (d < unit_d && d <= 2 * sand_game_unit_allowance (game, u) && free_unit (ai, u))
            unit = u, unit_d = d;
        }
      if (unit < 0)
        continue;
      double g = gain_at (ai, real, off, unit, h);
      if (g >= best_gain + 1e-9)
        best_hex = h, best_unit = unit, best_gain = g;
    }
  if (best_unit >= 0)
    ai->mask_at[best_unit] = best_hex, ai->mask_fort[best_unit] = fort[best_hex];
}

double
sand_ai_mask_score (SandAi *ai, int unit, int hex)
{
  if (ai->mask_at == NULL || unit < 0 || ai->mask_at[unit] == SAND_HEX_NONE)
    return 0;
  return -ai->w.mask * sand_grid_distance (ai->grid, hex, ai->mask_at[unit]);
}

int
sand_ai_mask_of (SandAi *ai, int unit, int *fort)
{
  if (ai->mask_at == NULL || unit < 0 || ai->mask_at[unit] == SAND_HEX_NONE)
    return SAND_HEX_NONE;
  if (fort != NULL)
    *fort = ai->mask_fort[unit];
  return ai->mask_at[unit];
}
