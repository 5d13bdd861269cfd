/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules-fpw-supply.c: Franco-Prussian War 1870, supply.
 *
 * Rail heads, lines traced along the rails to the nearest cut, forts with
 * their capacities, and the search out to the unsupplied range.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-rules-fpw-private.h"

/* Supply ------------------------------------------------------------------- */

static gboolean
rail_supply_blocked (SandGame *game,
                     int       side,
                     int       from,
                     int       dir,
                     int       to)
{
  FpwData *d = fpw (game);

  if (!rail_across (game, from, dir))
    return TRUE;
  if (d->home[to] != side && !(game->rail[to] & SAND_RAIL_SECURED (side)))
    return TRUE;
  if (game->rail[to] & SAND_RAIL_CUT (side))
    return TRUE;
  if (game->interdict[side][to] == game->interdict_gen)
    return TRUE;
  return sand_game_enemy_blocks (game, side, to);
}

static gboolean
line_blocked (SandGame *game,
              int       side,
              int       from,
              int       dir,
              int       to)
{
  /* Supply: not through enemy-occupied or enemy-controlled hexes;
   * Fortification (E): not through a Zone of Interdiction. */
  if (sand_game_enemy_blocks (game, side, to))
    return TRUE;
  if (sand_zoc_controlled_for (game, side, to, -1))
    return TRUE;
  return game->interdict[side][to] == game->interdict_gen;
}

static int
fort_capacity (SandGame *game,
               int       f)
{
  const SandMarker *m = sand_map_get_marker (game->map, (guint) game->fort_marker[f]);
  return m->capacity == 0 ? 1 : m->capacity;
}

static guint8
state_for (SandGame *game,
           int       dist)
{
  if (dist < 0)
    return SAND_SUPPLY_ISOLATED;
  if (dist <= game->params.supply_full)
    return SAND_SUPPLY_SUPPLIED;
  if (dist <= game->params.supply_partial)
    return SAND_SUPPLY_UNSUPPLIED;
  return SAND_SUPPLY_ISOLATED;
}

/* Supply (A), (B): the side's rail heads, then every hex of the lines
 * traced from them up to the nearest cut, plus (when @forts) the forts
 * that supply any number; then the search out to the unsupplied range.
 * Distances are read with sand_supply_dist() until the next trace. */
void
fpw_main_trace (SandGame *game,
                int       side,
                gboolean  forts,
                GArray   *src,
                int       extra_target)
{
  FpwData *d = fpw (game);
  sand_zoc_update (game);
  sand_supply_update_interdiction (game);
  g_array_set_size (src, 0);
  GArray *heads = d->rail_heads[side];
  for (guint i = 0; i < heads->len; i++)
    {
      int h = g_array_index (heads, int, i);
      if (!(game->rail[h] & SAND_RAIL_CUT (side))
          && game->interdict[side][h] != game->interdict_gen
          && !sand_game_enemy_blocks (game, side, h))
        g_array_append_val (src, h);
    }
  sand_supply_trace (game, side, (const int *) (void *) src->data, src->len,
                     game->n_hexes, rail_supply_blocked);
  guint n_rail;
  const int *rail = sand_supply_reached (game, &n_rail);
  g_array_set_size (src, 0);
  /* A line of supply starts on its source hex: not one the enemy controls. */
  for (guint i = 0; i < n_rail; i++)
    if (!sand_zoc_controlled_for (game, side, rail[i], -1))
      g_array_append_val (src, rail[i]);
  /* Fortification (G): Metz and Strasburg supply any number. */
  for (guint f = 0; forts && f < game->n_forts; f++)
    if (game->fort_strength[f] > 0 && fort_capacity (game, (int) f) < 0
        && sand_map_get_marker (game->map, (guint) game->fort_marker[f])->side == side)
      g_array_append_val (src, game->fort_hex[f]);
  /* Only the side's units need a distance: stop when all are found. */
  g_autoptr(GArray) targets = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < game->n_units; i++)
    if (game->units[i].side == side && game->units[i].status == SAND_UNIT_ON_MAP)
      g_array_append_val (targets, game->units[i].hex);
  if (extra_target >= 0)
    g_array_append_val (targets, extra_target);
  sand_supply_trace_to (game, side, (const int *) (void *) src->data, src->len,
                        game->params.supply_partial, line_blocked,
                        (const int *) (void *) targets->data, targets->len);
}

typedef struct {
  int unit, dist;
  guint8 state;
} Candidate;

static int
cmp_candidate (gconstpointer a, gconstpointer b)
{
  const Candidate *x = a, *y = b;
  if (x->state != y->state)
    return x->state - y->state;
  if (x->dist != y->dist)
    return x->dist - y->dist;
  return x->unit - y->unit;
}

void
fpw_supply_all (SandGame *game,
                gboolean  forts_count,
                guint8   *states)
{
  sand_zoc_update (game);
  sand_supply_update_interdiction (game);
  for (guint i = 0; i < game->n_units; i++)
    states[i] = SAND_SUPPLY_SUPPLIED;

  g_autoptr(GArray) src = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) cand = g_array_new (FALSE, FALSE, sizeof (Candidate));
  g_autoptr(GArray) needy = g_array_new (FALSE, FALSE, sizeof (int));
  for (int side = 0; side < game->n_sides; side++)
    {
      gboolean any = FALSE;
      for (guint i = 0; i < game->n_units && !any; i++)
        any = game->units[i].side == side && game->units[i].status == SAND_UNIT_ON_MAP;
      if (!any)
        continue;

      fpw_main_trace (game, side, forts_count, src, -1);
      for (guint i = 0; i < game->n_units; i++)
        {
          const SandUnitState *u = &game->units[i];
          if (u->side != side || u->status != SAND_UNIT_ON_MAP
              || !sand_game_unit_is_combat (game, (int) i))
            continue;
          states[i] = state_for (game, sand_supply_dist (game, u->hex));
        }
      /* Supply (A): every other fort supplies one unit, the nearest first. */
      for (guint f = 0; forts_count && f < game->n_forts; f++)
        {
          int cap = fort_capacity (game, (int) f);
          if (game->fort_strength[f] <= 0 || cap < 0
              || sand_map_get_marker (game->map, (guint) game->fort_marker[f])->side != side)
            continue;
          /* the units it could help: not yet supplied, within reach */
          g_array_set_size (needy, 0);
          for (guint i = 0; i < game->n_units; i++)
            if (game->units[i].side == side && game->units[i].status == SAND_UNIT_ON_MAP
                && states[i] != SAND_SUPPLY_SUPPLIED && sand_game_unit_is_combat (game, (int) i)
                && sand_grid_distance (game->grid, game->fort_hex[f], game->units[i].hex)
                   <= game->params.supply_partial)
              g_array_append_val (needy, game->units[i].hex);
          if (needy->len == 0)
            continue;
          sand_supply_trace_to (game, side, &game->fort_hex[f], 1, game->params.supply_partial,
                                line_blocked, (const int *) (void *) needy->data, needy->len);
          g_array_set_size (cand, 0);
          for (guint i = 0; i < game->n_units; i++)
            {
              const SandUnitState *u = &game->units[i];
              if (u->side != side || u->status != SAND_UNIT_ON_MAP
                  || !sand_game_unit_is_combat (game, (int) i))
                continue;
              int dist = sand_supply_dist (game, u->hex);
              guint8 st = state_for (game, dist);
              if (st < states[i])
                {
                  Candidate c = { (int) i, dist, st };
                  g_array_append_val (cand, c);
                }
            }
          g_array_sort (cand, cmp_candidate);
          for (guint k = 0; k < cand->len && (int) k < cap; k++)
            {
              Candidate *c = &g_array_index (cand, Candidate, k);
              states[c->unit] = c->state;
            }
        }
    }
}
