/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules-fpw-victory.c: Franco-Prussian War 1870, victory, reserves and exits.
 *
 * Victory points as the umpire or a side counts them, the strength a unit may
 * reach, the EB reserve and where it comes in, leaving by the west edge.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-rules-fpw-private.h"

#include <stdlib.h>
#include <string.h>

/* Victory ------------------------------------------------------------------- */

/* The best edge value each column (north and south edges) and each row
 * (east and west) gives @side, read from the markers once a count: the
 * count asks it of every supplied unit. */
typedef struct {
  int *by_col;
  int *by_row;
} EdgeTable;

static void
edge_table_build (SandGame *game, int side, EdgeTable *t)
{
  FpwData *d = fpw (game);
  const SandGrid *grid = sand_game_grid (game);
  t->by_col = g_new0 (int, grid->cols + 1);
  t->by_row = g_new0 (int, grid->rows + 1);
  for (guint i = 0; i < d->edge_values->len; i++)
    {
      const SandMarker *m = sand_map_get_marker (sand_game_get_map (game),
                                                 (guint) g_array_index (d->edge_values, int, i));
      if (m->side >= 0 && m->side != side)
        continue;
      gboolean by_column = g_strcmp0 (m->group, "north") == 0 || g_strcmp0 (m->group, "south") == 0;
      int *slot = by_column ? &t->by_col[sand_grid_col (grid, m->hex)]
                            : &t->by_row[sand_grid_row (grid, m->hex)];
      *slot = MAX (*slot, m->value);
    }
}

static void
edge_table_clear (EdgeTable *t)
{
  g_clear_pointer (&t->by_col, g_free);
  g_clear_pointer (&t->by_row, g_free);
}

static int
edge_value_for (SandGame *game, const EdgeTable *t, int hex)
{
  const SandGrid *grid = sand_game_grid (game);
  return MAX (t->by_col[sand_grid_col (grid, hex)], t->by_row[sand_grid_row (grid, hex)]);
}

/* How to Win's French penetration, hexes from the nearest French home hex
 * over the grid (nothing blocks it, so it is the map's alone): once, when
 * the game is made, not a search of the whole map at every count. -1 where
 * no French hex leads. */
int *
fpw_france_dist_new (SandGame *game)
{
  FpwData *d = fpw (game);
  const SandGrid *grid = sand_map_get_grid (sand_game_get_map (game));
  int n = sand_game_n_hexes (game);
  int *dist = g_new (int, n);
  g_autofree int *queue = g_new (int, n);
  int head = 0, tail = 0;

  for (int h = 0; h < n; h++)
    {
      dist[h] = d->side_french >= 0 && d->home[h] == d->side_french ? 0 : -1;
      if (dist[h] == 0)
        queue[tail++] = h;
    }
  while (head < tail)
    {
      int h = queue[head++];
      for (int dir = 0; dir < SAND_N_DIRS; dir++)
        {
          int to = sand_grid_neighbour (grid, h, dir);
          if (to != SAND_HEX_NONE && dist[to] < 0)
            {
              dist[to] = dist[h] + 1;
              queue[tail++] = to;
            }
        }
    }
  return dist;
}

/* Whether @viewer counts @unit's points (-1: the umpire counts all): its
 * own units, and the enemy's it has seen; and the strength it knows. */
static gboolean
vp_counts (SandGame *game,
           int       viewer,
           int       unit,
           int      *strength)
{
  const SandUnitState *u = &sand_game_units (game)[unit];
  if (viewer < 0 || u->side == viewer)
    {
      *strength = u->strength;
      return TRUE;
    }
  if (!sand_game_unit_visible (game, unit, viewer))
    return FALSE;
  *strength = sand_game_unit_strength_for (game, unit, viewer);
  return *strength >= 0;
}

/* The victory points as @viewer may count them, -1 for the umpire. In the
 * Standard Game every combat unit is face down: a side counts the enemy
 * units it has seen, at the strength it saw, knows which of them are real
 * (dummies count for nothing, and a face-down counter may be one), and
 * does not know of Combat Points the enemy lost to isolation (Supply (O))
 * while face down; its own units it knows entirely. */
void
fpw_victory_view (SandGame    *game,
                  int          viewer,
                  SandVictory *out)
{
  const SandUnitState *unit_states = sand_game_units (game);
  FpwData *d = fpw (game);
  int fr = d->side_french, de = d->side_german;

  if (fr < 0 || de < 0)
    return;
  /* How to Win: isolation and penetration ignore supply from forts. */
  g_autofree guint8 *states = g_new0 (guint8, sand_game_unit_count (game) + 1);
  fpw_supply_all (game, FALSE, states);
  int iso[SAND_MAX_SIDES] = { 0 };
  int german_depth = 0;
  EdgeTable edges;
  edge_table_build (game, de, &edges);
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    {
      const SandUnitState *u = &unit_states[i];
      int strength = 0;
      if (u->status != SAND_UNIT_ON_MAP || !sand_game_unit_is_real (game, (int) i)
          || !vp_counts (game, viewer, (int) i, &strength))
        continue;
      if (states[i] == SAND_SUPPLY_ISOLATED)
        iso[u->side] += strength;
      if (u->side == de && states[i] == SAND_SUPPLY_SUPPLIED)
        german_depth = MAX (german_depth, edge_value_for (game, &edges, u->hex));
    }
  edge_table_clear (&edges);
  /* German units that left by the west edge: 10 a point if the hex they
   * left from is supplied (not from a fort) at the end. */
  int exit_vp = 0;
  g_autoptr(GArray) src = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    {
      const SandUnitState *u = &unit_states[i];
      int strength = 0;
      if (u->status != SAND_UNIT_EXITED || u->side != de || u->arrive_hex < 0
          || !vp_counts (game, viewer, (int) i, &strength))
        continue;
      /* the exit hex is the search's target */
      fpw_main_trace (game, de, FALSE, src, u->arrive_hex);
      int dist = sand_supply_dist (game, u->arrive_hex);
      if (dist >= 0 && dist <= sand_game_params (game)->supply_full)
        exit_vp += d->vp_exit * strength;
    }
  /* French penetration: hexes from the nearest French hex. */
  int french_depth = 0;
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    {
      const SandUnitState *u = &unit_states[i];
      int strength = 0;
      if (u->status != SAND_UNIT_ON_MAP || u->side != fr || states[i] != SAND_SUPPLY_SUPPLIED
          || !sand_game_unit_is_real (game, (int) i) || d->home[u->hex] != de
          || !vp_counts (game, viewer, (int) i, &strength))
        continue;
      french_depth = MAX (french_depth, d->france_dist[u->hex]);
    }
  /* points destroyed: less, for a viewer, the enemy's losses to isolation
   * it has not seen */
  int lost[SAND_MAX_SIDES] = { 0 };
  for (int s = 0; s < sand_game_n_sides (game); s++)
    lost[s] = sand_game_points_lost (game, s);
  for (guint i = 0; viewer >= 0 && i < sand_game_unit_count (game); i++)
    if (unit_states[i].side != viewer)
      lost[unit_states[i].side] -= unit_states[i].unseen_loss;
  out->points[fr] = d->vp_destroyed * lost[de] + d->vp_isolated * iso[de]
    + d->vp_penetration * french_depth;
  out->points[de] = d->vp_destroyed * lost[fr] + d->vp_isolated * iso[fr]
    + german_depth + exit_vp;
  out->net = out->points[de] - out->points[fr];
  const SandVictoryLevel *lvl = sand_scenario_victory_level_for (sand_game_get_scenario (game),
                                                                 out->net);
  out->level = lvl ? lvl->label : NULL;
  if (lvl == NULL && sand_scenario_n_victory_levels (sand_game_get_scenario (game)) == 0)
    {
      /* The rulebook's Victory Points Chart, when the scenario has none:
       * columns min, max, winner, label ("min"/"max": unbounded). */
      const SandTable *t = sand_ruleset_get_table (sand_game_get_ruleset (game), "victory-levels");
      for (guint i = 0; t != NULL && i < t->rows->len; i++)
        {
          const SandTableRow *row = g_ptr_array_index (t->rows, i);
          if (t->columns->len < 4)
            break;
          int lo = g_strcmp0 (row->cells[0], "min") == 0 ? G_MININT : atoi (row->cells[0]);
          int hi = g_strcmp0 (row->cells[1], "max") == 0 ? G_MAXINT : atoi (row->cells[1]);
          if (out->net >= lo && out->net <= hi)
            out->level = row->cells[3];
        }
    }
}

void
fpw_victory (SandGame    *game,
             SandVictory *out)
{
  fpw_victory_view (game, -1, out);
}

void
fpw_victory_for (SandGame    *game,
                 int          viewer,
                 SandVictory *out)
{
  fpw_victory_view (game, viewer, out);
}

int
fpw_max_strength (SandGame *game,
                  int       unit)
{
  const SandCounter *c = sand_game_get_counter (game, unit);
  int printed = c->strength;
  if (sand_game_points_any (game, sand_game_units (game)[unit].side))
    printed = MAX (printed, fpw (game)->reinforce_cap);
  return printed;
}

/* EB Units (A): "the Prussian Player receives as many EB units as he
 * wishes": -1 (the ruleset's default), one for every rail hex of the map;
 * the param `german-eb-reserve` may set a limit instead. */
int
fpw_reserve_units (SandRuleset *rs,
                   int          side,
                   int         *type)
{
  *type = sand_ruleset_find_unit_type (rs, "eb");
  if (side != sand_ruleset_find_side (rs, "german"))
    return 0;
  return sand_ruleset_param_int (rs, "german-eb-reserve", -1);
}

/* EB Units (A)'s hex: an uncut home rail hex, or one with an EB unit of
 * the side on a secured line. */
static gboolean
reserve_hex_ok (SandGame *game,
                int       side,
                int       hex)
{
  const SandUnitState *unit_states = sand_game_units (game);
  FpwData *d = fpw (game);
  gboolean home_rail = d->rail_hex[hex] && d->home[hex] == side
    && !(sand_game_rail_bits (game)[hex] & SAND_RAIL_CUT (side));
  gboolean with_eb = FALSE;
  if (!home_rail && (sand_game_rail_bits (game)[hex] & SAND_RAIL_SECURED (side)))
    for (guint i = 0; i < sand_game_unit_count (game) && !with_eb; i++)
      with_eb = unit_states[i].status == SAND_UNIT_ON_MAP && unit_states[i].hex == hex
        && unit_states[i].side == side && fpw_unit_is_eb (game, (int) i);
  return home_rail || with_eb;
}

gboolean
fpw_may_place_reserve (SandGame  *game,
                       int        side,
                       int        hex,
                       GError   **error)
{
  const SandUnitState *unit_states = sand_game_units (game);

  /* Asked of every hex without a refusal to word (sand_game_reserve_hexes):
   * the hex's own condition first, the cheapest to fail; the answer is
   * the same in any order. */
  if (error == NULL && !reserve_hex_ok (game, side, hex))
    return FALSE;
  if (sand_game_get_side (game) != side
      || sand_game_get_phase (game) != sand_game_phase_movement (game))
    {
      sand_game_refuse (game, error, "EB Units (A)",
                        _("New EB units are placed at the beginning of a friendly Movement "
                          "Phase."));
      return FALSE;
    }
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    if (unit_states[i].side == side && (unit_states[i].flags & SAND_UNIT_MOVED))
      {
        sand_game_refuse (game, error, "EB Units (A)",
                          _("New EB units are placed at the beginning of the Movement Phase, "
                            "before any unit moves."));
        return FALSE;
      }
  if (!reserve_hex_ok (game, side, hex))
    {
      g_autofree char *id = sand_game_hex_id (game, hex);
      sand_game_refuse (game, error, "EB Units (A)",
                        _("New EB units go on an uncut home rail hex or with an EB unit on a "
                          "secured line; %s is neither."), id);
      return FALSE;
    }
  if (sand_game_enemy_blocks (game, side, hex))
    {
      g_autofree char *id = sand_game_hex_id (game, hex);
      sand_game_refuse (game, error, "EB Units (I)", _("%s holds enemy units."), id);
      return FALSE;
    }
  return TRUE;
}

/* How to Win: German units may leave by the west edge. */
gboolean
fpw_may_exit (SandGame  *game,
              int        unit,
              int       *cost,
              GError   **error)
{
  FpwData *d = fpw (game);
  const SandUnitState *u = &sand_game_units (game)[unit];

  if (u->side != d->side_german || !sand_game_unit_is_real (game, unit))
    {
      sand_game_refuse (game, error, "Victory Conditions",
                        _("Only German combat units leave the map, by the west edge."));
      return FALSE;
    }
  if (sand_grid_col (sand_game_grid (game), u->hex) != 0)
    {
      g_autofree char *who = sand_game_unit_label_for (game, unit, sand_game_get_side (game),
                                                       SAND_UNIT_LABEL_WITH_ID);
      sand_game_refuse (game, error, "Victory Conditions",
                        _("%s is not on the west edge of the map."), who);
      return FALSE;
    }
  if (u->flags & SAND_UNIT_ENTRAINED)
    {
      g_autofree char *who = sand_game_unit_label_for (game, unit, sand_game_get_side (game),
                                                       SAND_UNIT_LABEL_WITH_ID);
      sand_game_refuse (game, error, "Rail Movement (C)",
                        _("%s is entrained; it detrains first."), who);
      return FALSE;
    }
  *cost = 1;
  return TRUE;
}
