/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules-fpw-supply.c: Franco-Prussian War 1870, supply.
 *
 * Rail heads, lines traced along the rails to the nearest cut, forts with
 * their capacities, and the search out to the unsupplied range.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-rules-fpw-private.h"
#include "sand-validate.h"

/* Supply ------------------------------------------------------------------- */

/* The per-hex state the tracers' blocked callbacks read, fetched once per
 * trace rather than once per hex. Whatever a trace reads that can change
 * in a game must be in the memo's key (sand-rules-fpw-memo.c), or a
 * remembered position answers for one that differs. */
static void
fpw_supply_prepare (SandGame *game)
{
  FpwData *d = fpw (game);

  sand_zoc_update (game);
  d->rail_bits = sand_game_rail_bits (game);
  d->luxemburg_closed = d->luxemburg >= 0 && !fpw_luxemburg_open (game);
  for (int s = 0; s < sand_game_n_sides (game); s++)
    d->interdict[s] = sand_game_interdiction (game, s, &d->interdict_gen);
}

static gboolean
rail_supply_blocked (SandGame *game,
                     int       side,
                     int       from,
                     int       dir,
                     int       to)
{
  FpwData *d = fpw (game);

  /* the map's rail, read once when the game was made (rail_across) */
  if (!(d->rail_hex[from] & (1u << dir)))
    return TRUE;
  if (d->home[to] != side && !(d->rail_bits[to] & SAND_RAIL_SECURED (side)))
    return TRUE;
  if (d->rail_bits[to] & SAND_RAIL_CUT (side))
    return TRUE;
  if (d->interdict[side][to] == d->interdict_gen)
    return TRUE;
  return sand_game_enemy_blocks (game, side, to);
}

/* What a line of supply may not enter, beyond the walls every line meets
 * (sand_supply_trace_lines: enemy-occupied or enemy-controlled hexes,
 * Fortification (E)'s Zones of Interdiction, a country the side's units
 * may never enter): National Boundaries' Luxemburg, closed to the French
 * until plan C opens it — a line of supply is carts and columns on the
 * road, no less a breach of neutrality. Per hex, or NULL: none. */
static const guint8 *
line_walls (SandGame *game,
            int       side)
{
  FpwData *d = fpw (game);
  if (!d->luxemburg_closed || side == d->side_german)
    return NULL;
  if (d->lux_hex == NULL)
    {
      int n = sand_game_n_hexes (game);
      d->lux_hex = g_new0 (guint8, n);
      for (int h = 0; h < n; h++)
        d->lux_hex[h] = sand_map_get_country (sand_game_get_map (game), h) == d->luxemburg;
    }
  return d->lux_hex;
}

static int
fort_capacity (SandGame *game,
               int       f)
{
  const SandMarker *m = sand_map_get_marker (sand_game_get_map (game),
                                             (guint) sand_game_fort_marker (game, f));
  return m->capacity == 0 ? 1 : m->capacity;
}

static guint8
state_for (SandGame *game,
           int       dist)
{
  if (dist < 0)
    return SAND_SUPPLY_ISOLATED;
  if (dist <= sand_game_params (game)->supply_full)
    return SAND_SUPPLY_SUPPLIED;
  if (dist <= sand_game_params (game)->supply_partial)
    return SAND_SUPPLY_UNSUPPLIED;
  return SAND_SUPPLY_ISOLATED;
}

FpwSource
fpw_supply_source_kind (const SandMarker *m)
{
  if (m->group != NULL)
    {
      if (g_str_equal (m->group, "rail"))
        return FPW_SOURCE_RAIL;
      if (g_str_equal (m->group, "hex"))
        return FPW_SOURCE_HEX;
      return FPW_SOURCE_NONE;
    }
  if (m->name == NULL || g_str_equal (m->name, "S") || g_str_equal (m->name, "rail-edge"))
    return FPW_SOURCE_RAIL;
  return FPW_SOURCE_NONE;
}

/* Validation: a supply marker that supplies nothing says so. */
void
fpw_validate (SandScenario *scenario,
              GPtrArray    *problems)
{
  SandMap *map = sand_scenario_get_map (scenario);
  SandRuleset *rs = sand_scenario_get_ruleset (scenario);

  for (guint i = 0; i < sand_map_n_markers (map); i++)
    {
      const SandMarker *m = sand_map_get_marker (map, i);
      if (m->kind != SAND_MARKER_SUPPLY)
        continue;
      g_autofree char *id = m->hex >= 0 ? sand_grid_dup_id (sand_map_get_grid (map), m->hex)
                                        : g_strdup ("?");
      if (fpw_supply_source_kind (m) == FPW_SOURCE_NONE)
        {
          if (m->group != NULL)
            sand_validate_add (problems, scenario, SAND_SEVERITY_WARNING, m->hex, NULL,
                               "supply-source-unknown",
                               _("The supply marker on hex %s has source=\"%s\", which this "
                                 "ruleset does not know (rail or hex): it supplies nothing."),
                               id, m->group);
          else
            sand_validate_add (problems, scenario, SAND_SEVERITY_WARNING, m->hex, NULL,
                               "supply-source-missing",
                               _("The supply marker “%s” on hex %s supplies nothing: its name is "
                                 "only a label; say what it is a source of with source=\"rail\" "
                                 "(a rail head) or source=\"hex\" (that hex alone)."),
                               m->name, id);
        }
      else if (m->side < 0 || m->side >= (int) sand_ruleset_n_sides (rs))
        sand_validate_add (problems, scenario, SAND_SEVERITY_WARNING, m->hex, NULL,
                           "supply-source-no-side",
                           _("The supply marker on hex %s belongs to no side: "
                             "it supplies nothing."),
                           id);
    }
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
  const SandUnitState *unit_states = sand_game_units (game);
  FpwData *d = fpw (game);
  sand_zoc_update (game);
  fpw_supply_prepare (game);
  g_array_set_size (src, 0);
  GArray *heads = d->rail_heads[side];
  for (guint i = 0; i < heads->len; i++)
    {
      int h = g_array_index (heads, int, i);
      if (!(sand_game_rail_bits (game)[h] & SAND_RAIL_CUT (side))
          && d->interdict[side][h] != d->interdict_gen
          && !sand_game_enemy_blocks (game, side, h))
        g_array_append_val (src, h);
    }
  sand_supply_trace (game, side, (const int *) (void *) src->data, src->len,
                     sand_game_n_hexes (game), rail_supply_blocked);
  guint n_rail;
  const int *rail = sand_supply_reached (game, &n_rail);
  g_array_set_size (src, 0);
  /* A line of supply starts on its source hex: not one the enemy controls. */
  for (guint i = 0; i < n_rail; i++)
    if (!sand_zoc_controlled_for (game, side, rail[i], -1))
      g_array_append_val (src, rail[i]);
  /* Sources of one hex (source="hex"), on the same terms as a rail head. */
  GArray *points = d->point_sources[side];
  for (guint i = 0; i < points->len; i++)
    {
      int h = g_array_index (points, int, i);
      if (d->interdict[side][h] != d->interdict_gen && !sand_game_enemy_blocks (game, side, h)
          && !sand_zoc_controlled_for (game, side, h, -1))
        g_array_append_val (src, h);
    }
  /* Fortification (G): Metz and Strasburg supply any number. */
  for (guint f = 0; forts && f < sand_game_n_forts (game); f++)
    if (sand_game_fort_points (game, f) > 0 && fort_capacity (game, (int) f) < 0
        && fort_side (game, (int) f) == side)
      {
        int h = sand_game_fort_hex (game, (int) f);
        g_array_append_val (src, h);
      }
  /* Only the side's combat units need a distance (supply is read for them
   * alone: an EB unit is always supplied): stop when all are found. */
  g_autoptr(GArray) targets = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    if (unit_states[i].side == side && unit_states[i].status == SAND_UNIT_ON_MAP
        && sand_game_unit_is_combat (game, (int) i))
      g_array_append_val (targets, unit_states[i].hex);
  if (extra_target >= 0)
    g_array_append_val (targets, extra_target);
  sand_supply_trace_lines (game, side, (const int *) (void *) src->data, src->len,
                           sand_game_params (game)->supply_partial, line_walls (game, side),
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

static void
supply_all_traced (SandGame *game,
                   gboolean  forts_count,
                   guint8   *states)
{
  const SandUnitState *unit_states = sand_game_units (game);
  fpw_supply_prepare (game);
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    states[i] = SAND_SUPPLY_SUPPLIED;

  g_autoptr(GArray) src = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) cand = g_array_new (FALSE, FALSE, sizeof (Candidate));
  g_autoptr(GArray) needy = g_array_new (FALSE, FALSE, sizeof (int));
  for (int side = 0; side < sand_game_n_sides (game); side++)
    {
      gboolean any = FALSE;
      for (guint i = 0; i < sand_game_unit_count (game) && !any; i++)
        any = unit_states[i].side == side && unit_states[i].status == SAND_UNIT_ON_MAP;
      if (!any)
        continue;

      fpw_main_trace (game, side, forts_count, src, -1);
      for (guint i = 0; i < sand_game_unit_count (game); i++)
        {
          const SandUnitState *u = &unit_states[i];
          if (u->side != side || u->status != SAND_UNIT_ON_MAP
              || !sand_game_unit_is_combat (game, (int) i))
            continue;
          states[i] = state_for (game, sand_supply_dist (game, u->hex));
        }
      /* Supply (A): every other fort supplies one unit, the nearest first. */
      for (guint f = 0; forts_count && f < sand_game_n_forts (game); f++)
        {
          int cap = fort_capacity (game, (int) f);
          if (sand_game_fort_points (game, f) <= 0 || cap < 0
              || sand_map_get_marker (sand_game_get_map (game),
                                      (guint) sand_game_fort_marker (game, f))->side != side)
            continue;
          /* the units it could help: not yet supplied, within reach */
          g_array_set_size (needy, 0);
          for (guint i = 0; i < sand_game_unit_count (game); i++)
            if (unit_states[i].side == side && unit_states[i].status == SAND_UNIT_ON_MAP
                && states[i] != SAND_SUPPLY_SUPPLIED && sand_game_unit_is_combat (game, (int) i)
                && sand_grid_distance (sand_game_grid (game), sand_game_fort_hex (game, f),
                                       unit_states[i].hex)
                   <= sand_game_params (game)->supply_partial)
              g_array_append_val (needy, unit_states[i].hex);
          if (needy->len == 0)
            continue;
          int fort_hex = sand_game_fort_hex (game, (int) f);
          sand_supply_trace_lines (game, side, &fort_hex, 1,
                                   sand_game_params (game)->supply_partial,
                                   line_walls (game, side),
                                   (const int *) (void *) needy->data, needy->len);
          g_array_set_size (cand, 0);
          for (guint i = 0; i < sand_game_unit_count (game); i++)
            {
              const SandUnitState *u = &unit_states[i];
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

/* Every unit's supply, with forts (the rules' own: Supply (A)) or without
 * (the victory count's: How to Win); a position traced before, and still
 * among the memo's, is answered from it (sand-rules-fpw-memo.c). */
void
fpw_supply_all (SandGame *game,
                gboolean  forts_count,
                guint8   *states)
{
  if (fpw_memo_lookup (game, forts_count, states))
    return;
  supply_all_traced (game, forts_count, states);
  fpw_memo_store (game, states);
}
