/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules-fpw.c: Franco-Prussian War 1870, Basic Game.
 *
 * The numbers come from data/rulesets/fpw1870.xml (read once, here, into
 * FpwData); the cases are cited as the rulebook names them. What the core
 * does not know about FPW lives here: rail movement and its limits, EB
 * units, rail cuts and secured lines, supply sources (rail heads, forts
 * with their capacities, the German "S"), the reconstructed Combat Results
 * Table with its die modifiers, flanking, fortifications, the Combat Points
 * at Chalons, and victory points. docs/rules-fpw1870.md lists every case.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-game-private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int side_french, side_german;
  int country_side_of[64];     /* country index → home side, or -1 */
  int ma_default[SAND_MAX_SIDES];
  int entrain_limit[SAND_MAX_SIDES];
  int entrain_cost, detrain_cost, rail_per_mp;
  int eb_hexes, eb_stop_roll;
  int reinforce_cap;
  int vp_destroyed, vp_isolated, vp_penetration, vp_exit;
  int feature_ridge, feature_bridge;
  guint32 drm_features;        /* side features with an attack-drm */
  int drm_of_feature[SAND_MAX_SIDE_FEATURES];
  guint32 cancelled_by_bridge; /* features whose crossing a bridge cancels */
  int *terrain_drm;            /* per terrain: defender-drm */
  const SandTable *crt;
  guint8 *rail_hex;            /* per hex: a rail connection crosses one of its sides */
  gint8 *home;                 /* per hex: home side of its country, or -1 */
  GArray *rail_heads[SAND_MAX_SIDES];   /* hexes: "S" and "rail-edge" supply markers */
  GArray *edge_values;         /* EDGE_VALUE marker indices */
  guint8 *east_rhine;          /* per hex: in the zone "east-rhine" (Variable OOB plan J) */
  int luxemburg;               /* country index, when plan C opens it; else -1 */
} FpwData;

static FpwData *
fpw (SandGame *game)
{
  return sand_game_rules_data (game);
}

static gboolean
standard (SandGame *game)
{
  return sand_scenario_has_option (game->scenario, "standard");
}

static void fpw_supply_all (SandGame *game, gboolean forts_count, guint8 *states);

/* The module's per-unit bits (SandUnitState.aux[0], snapshotted). */
enum {
  FPW_FORMATION_SHOWN = 1 << 0,  /* Formation Status: revealed by a challenge this phase */
  FPW_CHALLENGED      = 1 << 1,  /* made a challenge this phase: no hasty attack */
};

/* Optional Rule: Formation Status. */
static gboolean
formation_rule (SandGame *game)
{
  return sand_scenario_has_option (game->scenario, "formation");
}

static gboolean
extended (SandGame *game,
          int       unit)
{
  return formation_rule (game) && sand_game_unit_is_combat (game, unit)
    && !(game->units[unit].flags & SAND_UNIT_CONCENTRATED);
}

static gboolean
rail_across (SandGame *game,
             int       hex,
             int       dir)
{
  return game->feature_rail >= 0 && sand_map_side_has (game->map, hex, dir, game->feature_rail);
}

static gboolean
adjacent_to_enemy (SandGame *game,
                   int       side,
                   int       hex,
                   gboolean  with_eb)
{
  for (int d = 0; d < SAND_N_DIRS; d++)
    {
      int n = sand_grid_neighbour (game->grid, hex, d);
      if (n == SAND_HEX_NONE)
        continue;
      if (sand_game_enemy_blocks (game, side, n))
        return TRUE;
      if (with_eb)
        for (int s = 0; s < game->n_sides; s++)
          if (s != side && game->n_any[s][n] > game->n_combat[s][n])
            return TRUE;
    }
  return FALSE;
}

/* Setup ------------------------------------------------------------------ */

static int
side_param (SandRuleset *rs,
            const char  *prefix,
            const char  *side_id,
            int          fallback)
{
  g_autofree char *name = g_strdup_printf ("%s-%s", prefix, side_id);
  return sand_ruleset_param_int (rs, name, fallback);
}

static gboolean
fpw_setup (SandGame         *game,
           SandRulesParams  *p,
           GError          **error)
{
  SandRuleset *rs = game->ruleset;
  FpwData *d = g_new0 (FpwData, 1);

  sand_game_set_rules_data (game, d);
  d->side_french = sand_ruleset_find_side (rs, "french");
  d->side_german = sand_ruleset_find_side (rs, "german");
  int combat_type = sand_ruleset_find_unit_type (rs, "combat");
  GHashTable *combat_params = combat_type >= 0
    ? sand_ruleset_get_unit_type (rs, (guint) combat_type)->params : NULL;
  for (int s = 0; s < game->n_sides; s++)
    {
      const char *sid = sand_ruleset_get_side (rs, (guint) s)->id;
      g_autofree char *ma = g_strdup_printf ("ma-%s", sid);
      d->ma_default[s] = combat_params ? sand_params_int (combat_params, ma, 6) : 6;
      d->entrain_limit[s] = side_param (rs, "entrain-limit", sid, 1);
    }
  for (guint c = 0; c < sand_ruleset_n_countries (rs) && c < 64; c++)
    d->country_side_of[c] = sand_ruleset_get_country (rs, c)->side;
  d->entrain_cost = sand_ruleset_param_int (rs, "entrain-cost", 3);
  d->detrain_cost = sand_ruleset_param_int (rs, "detrain-cost", 2);
  d->rail_per_mp = sand_ruleset_param_int (rs, "rail-hexes-per-mp", 18);
  d->eb_hexes = sand_ruleset_param_int (rs, "eb-rail-hexes", 4);
  d->eb_stop_roll = sand_ruleset_param_int (rs, "eb-river-stop-roll", 4);
  d->reinforce_cap = sand_ruleset_param_int (rs, "french-reinforcement-cap", 8);
  d->vp_destroyed = sand_ruleset_param_int (rs, "vp-per-sp-destroyed", 5);
  d->vp_isolated = sand_ruleset_param_int (rs, "vp-per-sp-isolated", 3);
  d->vp_penetration = sand_ruleset_param_int (rs, "vp-french-penetration-per-hex", 50);
  d->vp_exit = sand_ruleset_param_int (rs, "vp-german-exit-per-sp", 10);
  /* Variable Orders of Battle, plan C: "German forces may move into
   * Luxemburg"; the French may once a German unit has. */
  d->luxemburg = -1;
  if (sand_scenario_has_option (game->scenario, "variable-oob") && d->side_german >= 0)
    {
      const char *plan = game->oob_ids[d->side_german];
      SandOob *first = sand_scenario_default_oob (game->scenario, d->side_german);
      if (plan == NULL && first != NULL)
        plan = first->id;
      if (g_strcmp0 (plan, "C") == 0)
        d->luxemburg = sand_ruleset_find_country (rs, "luxemburg");
    }
  d->feature_ridge = sand_ruleset_find_side_feature (rs, "ridge");
  d->feature_bridge = sand_ruleset_find_side_feature (rs, "bridge");
  for (guint f = 0; f < sand_ruleset_n_side_features (rs) && f < SAND_MAX_SIDE_FEATURES; f++)
    {
      const SandSideFeatureDef *def = sand_ruleset_get_side_feature (rs, f);
      d->drm_of_feature[f] = sand_params_int (def->params, "attack-drm", 0);
      if (d->drm_of_feature[f] > 0)
        d->drm_features |= 1u << f;
      if (sand_params_int (def->params, "cancels-crossing", 0))
        d->cancelled_by_bridge |= def->requires;
    }
  d->terrain_drm = g_new0 (int, sand_ruleset_n_terrains (rs) + 1);
  for (guint t = 0; t < sand_ruleset_n_terrains (rs); t++)
    d->terrain_drm[t] = sand_params_int (sand_ruleset_get_terrain (rs, t)->params,
                                         "defender-drm", 0);
  d->crt = sand_ruleset_get_table (rs, "crt");

  d->rail_hex = g_new0 (guint8, game->n_hexes);
  d->home = g_new (gint8, game->n_hexes);
  for (int h = 0; h < game->n_hexes; h++)
    {
      int c = sand_map_get_country (game->map, h);
      d->home[h] = (gint8) (c >= 0 && c < 64 ? d->country_side_of[c] : -1);
      for (int dir = 0; dir < SAND_N_DIRS; dir++)
        if (rail_across (game, h, dir))
          d->rail_hex[h] = 1;
    }
  d->edge_values = g_array_new (FALSE, FALSE, sizeof (int));
  for (int s = 0; s < SAND_MAX_SIDES; s++)
    d->rail_heads[s] = g_array_new (FALSE, FALSE, sizeof (int));
  guint n_markers = sand_map_n_markers (game->map);
  for (guint i = 0; i < n_markers; i++)
    {
      const SandMarker *m = sand_map_get_marker (game->map, i);
      if (m->kind == SAND_MARKER_ZONE && g_strcmp0 (m->group, "east-rhine") == 0
          && m->hex >= 0 && m->hex < game->n_hexes)
        {
          if (d->east_rhine == NULL)
            d->east_rhine = g_new0 (guint8, game->n_hexes);
          d->east_rhine[m->hex] = 1;
        }
      else if (m->kind == SAND_MARKER_EDGE_VALUE)
        {
          int idx = (int) i;
          g_array_append_val (d->edge_values, idx);
        }
      else if (m->kind == SAND_MARKER_SUPPLY && m->side >= 0 && m->side < game->n_sides
               && m->hex >= 0 && m->hex < game->n_hexes
               && (g_strcmp0 (m->name, "S") == 0 || g_strcmp0 (m->name, "rail-edge") == 0
                   || m->name == NULL))
        g_array_append_val (d->rail_heads[m->side], m->hex);
    }

  *p = (SandRulesParams) {
    .zoc_enter = sand_ruleset_param_int (rs, "zoc-enter-cost", 3),
    .zoc_leave = sand_ruleset_param_int (rs, "zoc-leave-cost", 1),
    .zoc_stop = TRUE,
    .zoc_to_zoc = FALSE,
    .stack_enter = sand_ruleset_param_int (rs, "stack-cost", 2),
    .stack_leave = sand_ruleset_param_int (rs, "unstack-cost", 2),
    .rail_hexes_per_mp = d->rail_per_mp,
    .supply_full = sand_ruleset_param_int (rs, "supply-range", 10),
    .supply_partial = sand_ruleset_param_int (rs, "unsupplied-range", 25),
    .interdiction_radius = sand_ruleset_param_int (rs, "interdiction-range", 3),
    .die_sides = 6,
    .rule_phase = "Movement (N)",
    .rule_side = "Movement (F)",
    .rule_enemy_hex = "Movement (I)",
    .rule_no_entry = "National Boundaries",
    .rule_terrain = "Movement (D)",
    .rule_mp = "Movement (M)",
    .rule_zoc_stop = "ZOC (A)",
    .rule_zoc_to_zoc = "ZOC (General Rule)",
  };
  return TRUE;
}

static void
fpw_teardown (SandGame *game)
{
  FpwData *d = fpw (game);
  if (d == NULL)
    return;
  g_free (d->terrain_drm);
  g_free (d->rail_hex);
  g_free (d->home);
  g_free (d->east_rhine);
  g_array_unref (d->edge_values);
  for (int s = 0; s < SAND_MAX_SIDES; s++)
    g_array_unref (d->rail_heads[s]);
  g_free (d);
  sand_game_set_rules_data (game, NULL);
}

/* Static costs -------------------------------------------------------------- */

static int
fpw_edge_cost (SandGame *game,
               int       hex,
               int       dir)
{
  FpwData *d = fpw (game);
  int to = sand_grid_neighbour (game->grid, hex, dir);
  const SandTerrainDef *t = sand_ruleset_get_terrain (game->ruleset,
                                                      sand_map_get_terrain (game->map, to));
  int cost = t->move_cost;
  guint32 side = sand_map_get_side (game->map, hex, dir);
  if (d->feature_bridge >= 0 && (side & (1u << d->feature_bridge)))
    side &= ~d->cancelled_by_bridge;
  for (guint f = 0; f < sand_ruleset_n_side_features (game->ruleset); f++)
    if (side & (1u << f))
      {
        const SandSideFeatureDef *def = sand_ruleset_get_side_feature (game->ruleset, f);
        if (def->kind == SAND_SIDE_FEATURE)
          cost += def->move_cost;
      }
  return MIN (cost, SAND_IMPASSABLE);
}

static int
fpw_once_extra (SandGame *game,
                int       terrain)
{
  return sand_params_int (sand_ruleset_get_terrain (game->ruleset, (guint) terrain)->params,
                          "first-entry-extra", 0);
}

static gboolean
fpw_zoc_crosses (SandGame *game,
                 int       hex,
                 int       dir)
{
  guint32 side = sand_map_get_side (game->map, hex, dir);
  for (guint f = 0; f < sand_ruleset_n_side_features (game->ruleset); f++)
    if ((side & (1u << f))
        && sand_params_int (sand_ruleset_get_side_feature (game->ruleset, f)->params,
                            "blocks-zoc", 0))
      return FALSE;
  return TRUE;
}

static gboolean
fpw_side_may_enter (SandGame *game,
                    int       side,
                    int       hex)
{
  int c = sand_map_get_country (game->map, hex);
  if (c < 0)
    return TRUE;
  const SandCountryDef *def = sand_ruleset_get_country (game->ruleset, (guint) c);
  if (c == fpw (game)->luxemburg)
    return TRUE;
  /* National Boundaries: never Belgium or Luxemburg in the Basic Game. */
  return def->passable && def->side >= 0;
}

static const char *const luxemburg_marker = "luxemburg-entered";

/* Whether a German unit has mobilized or moved into Luxemburg (plan C). */
static gboolean
luxemburg_open (SandGame *game)
{
  FpwData *d = fpw (game);
  for (guint i = 0; i < game->markers->len; i++)
    if (g_array_index (game->markers, SandGameMarker, i).kind == luxemburg_marker)
      return TRUE;
  for (guint i = 0; i < game->n_units; i++)
    if (game->units[i].side == d->side_german && game->units[i].status == SAND_UNIT_ON_MAP
        && sand_map_get_country (game->map, game->units[i].hex) == d->luxemburg)
      return TRUE;
  return FALSE;
}

static int
fpw_step_check (SandGame    *game,
                int          unit,
                int          from,
                int          dir,
                int          to,
                int         *layer,
                gboolean    *stop,
                const char **rule,
                const char **why)
{
  FpwData *d = fpw (game);
  if (d->luxemburg < 0 || game->units[unit].side == d->side_german
      || sand_map_get_country (game->map, to) != d->luxemburg || luxemburg_open (game))
    return 0;
  *rule = "Variable Orders of Battle (C)";
  *why = N_("French units enter Luxemburg only after a German unit has");
  return -1;
}

/* Units ------------------------------------------------------------------ */

static int
fpw_allowance (SandGame *game,
               int       unit)
{
  FpwData *d = fpw (game);
  const SandUnitState *u = &game->units[unit];

  if (sand_game_unit_is_eb (game, unit))
    return d->eb_hexes;
  const SandCounter *c = sand_game_get_counter (game, unit);
  int ma = c->ma > 0 ? c->ma : d->ma_default[u->side];
  /* Supply (D): unsupplied and isolated units move at half allowance,
   * judged at the start of the Movement Phase. */
  if (u->supply != SAND_SUPPLY_SUPPLIED)
    ma /= 2;
  return ma;
}

static gboolean
fpw_exerts_zoc (SandGame *game,
                int       unit)
{
  const SandUnitState *u = &game->units[unit];

  /* ZOC (C): only unentrained combat units; (D): none from a fort. */
  if (!sand_game_unit_is_combat (game, unit) || (u->flags & SAND_UNIT_ENTRAINED))
    return FALSE;
  /* Formation Status (B), (D): a concentrated unit has no ZoC, but until a
   * challenge shows its marker every unit is taken to have one. */
  if (formation_rule (game) && (u->flags & SAND_UNIT_CONCENTRATED)
      && (u->aux[0] & FPW_FORMATION_SHOWN))
    return FALSE;
  return !sand_game_fort_alive_at (game, u->hex, u->side);
}

static gboolean
fpw_counts_for_stacking (SandGame *game,
                         int       unit)
{
  /* Movement (K), Stacking (B): EB and entrained units are ignored. */
  return sand_game_unit_is_combat (game, unit)
    && !(game->units[unit].flags & SAND_UNIT_ENTRAINED);
}

static gboolean
fpw_may_move (SandGame  *game,
              int        unit,
              GError   **error)
{
  /* Standard Game Sequence of Play: one unit moves at a time, so a probe
   * owed is made before anything else moves. */
  for (guint i = 0; i < game->n_units; i++)
    if ((int) i != unit && (game->units[i].flags & SAND_UNIT_MUST_PROBE)
        && game->units[i].side == game->units[unit].side)
      {
        g_autofree char *first = sand_game_unit_label_for (game, (int) i, game->clock.side,
                                                           SAND_UNIT_LABEL_WITH_ID);
        sand_game_refuse (game, error, "Standard Game Sequence of Play (2)",
                          _("%s entered enemy control without paying for it and must make its "
                            "hasty attack before another unit moves."),
                          first);
        return FALSE;
      }
  if (game->units[unit].flags & SAND_UNIT_HALTED)
    {
      g_autofree char *who = sand_game_unit_label_for (game, unit, game->clock.side,
                                                       SAND_UNIT_LABEL_WITH_ID);
      sand_game_refuse (game, error, "EB Units (H)",
                        _("%s stopped at a river this phase and may move no further."),
                        who);
      return FALSE;
    }
  return TRUE;
}

/* The EB of @side on @hex retreats down its secured line (EB Units (C)). */
static void
push_back_eb (SandGame *game,
              int       eb,
              int       hex,
              int       pusher_side)
{
  int side = game->units[eb].side;
  FpwData *d = fpw (game);

  /* Distances along the line from the EB's home rail. */
  g_autoptr(GArray) home = g_array_new (FALSE, FALSE, sizeof (int));
  for (int h = 0; h < game->n_hexes; h++)
    if (d->rail_hex[h] && d->home[h] == side)
      g_array_append_val (home, h);
  g_autofree int *dist = g_new (int, game->n_hexes);
  g_autofree int *queue = g_new (int, game->n_hexes);
  for (int h = 0; h < game->n_hexes; h++)
    dist[h] = -1;
  int head = 0, tail = 0;
  for (guint i = 0; i < home->len; i++)
    {
      int h = g_array_index (home, int, i);
      dist[h] = 0;
      queue[tail++] = h;
    }
  while (head < tail)
    {
      int h = queue[head++];
      for (int dir = 0; dir < SAND_N_DIRS; dir++)
        {
          int n = sand_grid_neighbour (game->grid, h, dir);
          if (n == SAND_HEX_NONE || dist[n] >= 0 || !rail_across (game, h, dir))
            continue;
          if (d->home[n] != side && !(game->rail[n] & SAND_RAIL_SECURED (side)))
            continue;
          dist[n] = dist[h] + 1;
          queue[tail++] = n;
        }
    }
  int cur = hex;
  while (dist[cur] > 0)
    {
      int next = SAND_HEX_NONE;
      for (int dir = 0; dir < SAND_N_DIRS && next == SAND_HEX_NONE; dir++)
        {
          int n = sand_grid_neighbour (game->grid, cur, dir);
          if (n != SAND_HEX_NONE && rail_across (game, cur, dir) && dist[n] == dist[cur] - 1)
            next = n;
        }
      if (next == SAND_HEX_NONE)
        break;
      cur = next;
      if (game->n_any[pusher_side][cur] == 0)
        break; /* the first hex free of the enemy: it stops there */
    }
  if (cur != hex)
    sand_game_place_unit (game, eb, cur);
}

static void fpw_entered_hex_inner (SandGame *game, int unit, int hex, int from);

static void
fpw_entered_hex (SandGame *game,
                 int       unit,
                 int       hex,
                 int       from)
{
  FpwData *d = fpw (game);
  if (d->luxemburg >= 0 && game->units[unit].side == d->side_german
      && sand_map_get_country (game->map, hex) == d->luxemburg && !luxemburg_open (game))
    {
      SandGameMarker m = { luxemburg_marker, hex, d->side_german, 1 };
      g_array_append_val (game->markers, m);
    }
  fpw_entered_hex_inner (game, unit, hex, from);
}

static void
fpw_entered_hex_inner (SandGame *game,
                       int       unit,
                       int       hex,
                       int       from)
{
  FpwData *d = fpw (game);
  int side = game->units[unit].side;
  guint8 bits = game->rail[hex];

  if (sand_game_unit_is_eb (game, unit))
    {
      /* EB Units (E), (F): an EB repairs a cut of its own side; on the
       * enemy's rails it secures the line for supply. */
      bits &= (guint8) ~SAND_RAIL_CUT (side);
      if (d->rail_hex[hex] && d->home[hex] >= 0 && d->home[hex] != side)
        bits |= (guint8) SAND_RAIL_SECURED (side);
      sand_game_set_rail_bits (game, hex, bits);
      return;
    }
  /* EB Units (C): enemy EBs here are pushed back down their line, never
   * destroyed; before the cut below, which ends the line here. */
  for (guint i = 0; i < game->n_units; i++)
    {
      const SandUnitState *o = &game->units[i];
      if (o->status == SAND_UNIT_ON_MAP && o->hex == hex && o->side != side
          && sand_game_unit_is_eb (game, (int) i))
        push_back_eb (game, (int) i, hex, side);
    }
  if (d->rail_hex[hex])
    for (int s = 0; s < game->n_sides; s++)
      {
        if (s == side)
          continue;
        /* EB Units (E), (F), Rail Movement (D): moving onto the enemy's home
         * rail or a line his EBs secured cuts it. */
        if (d->home[hex] == s || (bits & SAND_RAIL_SECURED (s)))
          {
            bits |= (guint8) SAND_RAIL_CUT (s);
            bits &= (guint8) ~SAND_RAIL_SECURED (s);
          }
      }
  sand_game_set_rail_bits (game, hex, bits);
}

/* Rail and EB movement ------------------------------------------------------- */

static gboolean
fpw_special_mode (SandGame        *game,
                  int              unit,
                  SandSpecialMove *out)
{
  FpwData *d = fpw (game);
  const SandUnitState *u = &game->units[unit];

  /* EB units count in 1/18ths of their four "hexes": a hex of the enemy's
   * rail costs a whole one, a hex of friendly home rail, moved by rail
   * (EB Units (B)), one eighteenth, as for entrained units. */
  if (sand_game_unit_is_eb (game, unit) || (u->flags & SAND_UNIT_ENTRAINED))
    {
      int mp_left = MAX (0, fpw_allowance (game, unit) - u->mp_spent);
      *out = (SandSpecialMove) { u->rail_credit + mp_left * d->rail_per_mp, d->rail_per_mp,
                                 u->rail_credit };
      return TRUE;
    }
  return FALSE;
}

/* Whether @side may use rail hex @hex for rail movement. */
static gboolean
rail_usable (SandGame    *game,
             int          side,
             int          hex,
             const char **rule,
             const char **why)
{
  FpwData *d = fpw (game);

  if (d->home[hex] != side)
    {
      *rule = "Rail Movement (C)";
      *why = N_("units move by rail only in their home country");
      return FALSE;
    }
  if (game->rail[hex] & SAND_RAIL_CUT (side))
    {
      *rule = "Rail Movement (D)";
      *why = N_("the rail line is cut there");
      return FALSE;
    }
  for (int s = 0; s < game->n_sides; s++)
    if (s != side && (game->rail[hex] & SAND_RAIL_SECURED (s)))
      {
        *rule = "EB Units (G)";
        *why = N_("the enemy's EB units have cleared that line");
        return FALSE;
      }
  if (sand_game_enemy_blocks (game, side, hex))
    {
      *rule = "Movement (I)";
      *why = N_("units may never enter a hex holding enemy combat or fortification units");
      return FALSE;
    }
  if (adjacent_to_enemy (game, side, hex, FALSE))
    {
      *rule = "Rail Movement (B)";
      *why = N_("no rail movement in hexes adjacent to enemy combat or fortification units");
      return FALSE;
    }
  return TRUE;
}

static int
fpw_special_step (SandGame    *game,
                  int          unit,
                  int          from,
                  int          dir,
                  int          to,
                  int          link_dist,
                  gboolean    *stop,
                  const char **rule,
                  const char **why)
{
  const SandUnitState *u = &game->units[unit];
  int side = u->side;

  *stop = FALSE;
  if (game->no_entry[side][to])
    {
      *rule = "National Boundaries";
      *why = N_("its side may never enter that hex");
      return -1;
    }
  if (sand_game_unit_is_eb (game, unit))
    {
      FpwData *d = fpw (game);
      const char *r2, *w2;
      if (dir < 0 || !rail_across (game, from, dir))
        {
          *rule = "Movement (A)";
          *why = N_("EB units move only along rail lines");
          return -1;
        }
      if (sand_game_enemy_blocks (game, side, to) || adjacent_to_enemy (game, side, to, TRUE)
          || game->n_any[sand_game_other_side (game, side)][to] > 0)
        {
          *rule = "EB Units (I)";
          *why = N_("EB units may not move onto or next to enemy combat, fortification or EB "
                    "units");
          return -1;
        }
      /* by rail at home when the line may be used; else hex by hex */
      if (d->home[from] == side && rail_usable (game, side, to, &r2, &w2))
        return 1;
      return d->rail_per_mp;
    }
  /* Entrained: Rail Movement (A), (F). */
  if (dir < 0)
    {
      if (!rail_usable (game, side, from, rule, why) || !rail_usable (game, side, to, rule, why))
        return -1;
      return link_dist;
    }
  if (!rail_across (game, from, dir))
    {
      *rule = "Rail Movement (A)";
      *why = N_("a unit moves by rail only across hexsides the rail line crosses");
      return -1;
    }
  if (!rail_usable (game, side, to, rule, why))
    return -1;
  return 1;
}

static void
fpw_special_spend (SandGame *game,
                   int       unit,
                   int       units)
{
  FpwData *d = fpw (game);
  SandUnitState *u = &game->units[unit];

  if (units <= u->rail_credit)
    {
      u->rail_credit -= units;
      return;
    }
  int beyond = units - u->rail_credit;
  int mp = (beyond + d->rail_per_mp - 1) / d->rail_per_mp;
  u->mp_spent += mp;
  u->rail_credit = mp * d->rail_per_mp - beyond;
}

/* EB Units (H): crossing a river into the enemy's country takes a roll. */
static guint
fpw_special_walk (SandGame  *game,
                  int        unit,
                  const int *path,
                  guint      n)
{
  FpwData *d = fpw (game);
  SandUnitState *u = &game->units[unit];

  if (!sand_game_unit_is_eb (game, unit) || game->feature_river < 0)
    return n;
  int here = u->hex;
  for (guint i = 0; i < n; i++)
    {
      int dir = sand_grid_direction_to (game->grid, here, path[i]);
      if (dir >= 0 && sand_map_side_has (game->map, here, dir, game->feature_river)
          && d->home[path[i]] >= 0 && d->home[path[i]] != u->side)
        {
          int roll = sand_dice_roll (&game->dice, 6);
          if (roll >= d->eb_stop_roll)
            {
              u->flags |= SAND_UNIT_HALTED;
              return i;
            }
        }
      here = path[i];
    }
  return n;
}

static gboolean
fpw_entrain (SandGame  *game,
             int        unit,
             GError   **error)
{
  FpwData *d = fpw (game);

  if (!sand_movement_check_may_move (game, unit, error))
    return FALSE;
  SandUnitState *u = &game->units[unit];
  g_autofree char *who = sand_game_unit_label_for (game, unit, game->clock.side,
                                                   SAND_UNIT_LABEL_WITH_ID);
  const char *rule = NULL, *why = NULL;

  if (!sand_game_unit_is_combat (game, unit))
    {
      sand_game_refuse (game, error, "Rail Movement (General Rule)",
                        _("Only combat units entrain; %s is not one."), who);
      return FALSE;
    }
  if (extended (game, unit))
    {
      sand_game_refuse (game, error, "Formation Status (E)",
                        _("%s is in extended formation; units move by rail only when "
                          "concentrated."), who);
      return FALSE;
    }
  if (u->flags & SAND_UNIT_ENTRAINED)
    {
      sand_game_refuse (game, error, "Rail Movement (Procedure)", _("%s is already entrained."),
                        who);
      return FALSE;
    }
  if (!d->rail_hex[u->hex])
    {
      sand_game_refuse (game, error, "Rail Movement (A)",
                        _("%s is not on a rail hex, so it cannot entrain."), who);
      return FALSE;
    }
  if (!rail_usable (game, u->side, u->hex, &rule, &why))
    {
      sand_game_refuse (game, error, rule, _("%s may not entrain here: %s."), who, _(why));
      return FALSE;
    }
  int count = 0;
  for (guint i = 0; i < game->n_units; i++)
    if (game->units[i].side == u->side && game->units[i].status == SAND_UNIT_ON_MAP
        && (game->units[i].flags & SAND_UNIT_WAS_ENTRAINED))
      count++;
  if (count >= d->entrain_limit[u->side])
    {
      sand_game_refuse (game, error, "Rail Movement (E)",
                        /* TRANSLATORS: %s is a side's name, %d a number of units */
                        ngettext ("%s may have only %d unit entrained this Movement Phase.",
                                  "%s may have only %d units entrained this Movement Phase.",
                                  (unsigned long) d->entrain_limit[u->side]),
                        sand_ruleset_get_side (game->ruleset, u->side)->name,
                        d->entrain_limit[u->side]);
      return FALSE;
    }
  int left = sand_game_unit_mp_left (game, unit);
  if (left < d->entrain_cost)
    {
      sand_game_refuse (game, error, "Rail Movement (Errata)",
                        _("Entraining costs %d MP; %s has %d left."), d->entrain_cost, who, left);
      return FALSE;
    }
  sand_game_begin_action (game);
  sand_game_begin_motion (game, unit);
  u->mp_spent += d->entrain_cost;
  u->rail_credit = 0;
  sand_game_set_unit_flags (game, unit,
                            u->flags | SAND_UNIT_ENTRAINED | SAND_UNIT_WAS_ENTRAINED);
  SandAction *act = sand_action_new_kind (SAND_ACTION_ENTRAIN);
  act->unit = unit;
  sand_game_commit_action (game, act);
  return TRUE;
}

static gboolean
fpw_detrain (SandGame  *game,
             int        unit,
             GError   **error)
{
  FpwData *d = fpw (game);

  if (!sand_movement_check_may_move (game, unit, error))
    return FALSE;
  SandUnitState *u = &game->units[unit];
  g_autofree char *who = sand_game_unit_label_for (game, unit, game->clock.side,
                                                   SAND_UNIT_LABEL_WITH_ID);

  if (!(u->flags & SAND_UNIT_ENTRAINED))
    {
      sand_game_refuse (game, error, "Rail Movement (Procedure)", _("%s is not entrained."), who);
      return FALSE;
    }
  if (adjacent_to_enemy (game, u->side, u->hex, FALSE))
    {
      sand_game_refuse (game, error, "Rail Movement (B)",
                        _("%s may not detrain next to enemy combat or fortification units."), who);
      return FALSE;
    }
  int left = sand_game_unit_mp_left (game, unit);
  if (left < d->detrain_cost)
    {
      sand_game_refuse (game, error, "Rail Movement (Errata)",
                        _("Detraining costs %d MP; %s has %d left."), d->detrain_cost, who, left);
      return FALSE;
    }
  sand_game_begin_action (game);
  sand_game_begin_motion (game, unit);
  u->mp_spent += d->detrain_cost;
  u->rail_credit = 0;
  sand_game_set_unit_flags (game, unit, u->flags & ~(guint32) SAND_UNIT_ENTRAINED);
  SandAction *act = sand_action_new_kind (SAND_ACTION_DETRAIN);
  act->unit = unit;
  sand_game_commit_action (game, act);
  return TRUE;
}

/* Phases ------------------------------------------------------------------ */

static const char *const plan_j_marker = "plan-j-removal";

static gboolean
plan_j_owed (SandGame *game)
{
  for (guint i = 0; i < game->markers->len; i++)
    if (g_array_index (game->markers, SandGameMarker, i).kind == plan_j_marker)
      return TRUE;
  return FALSE;
}

static gboolean
fpw_phase_automatic (SandGame *game,
                     int       phase)
{
  /* Basic Game: arrivals are placed by the chart; nothing to decide. In
   * the Standard Game the side returns its revealed dummies then. */
  if (phase != game->phase_reinforcement)
    return FALSE;
  if (plan_j_owed (game))
    return FALSE;
  if (!standard (game))
    return TRUE;
  for (guint i = 0; i < game->n_units; i++)
    if (game->units[i].side == game->clock.side && (game->units[i].flags & SAND_UNIT_DUMMY)
        && game->units[i].status == SAND_UNIT_ELIMINATED)
      return FALSE;
  return TRUE;
}

/* Variable Orders of Battle, plan J: from Game-Turn 4, at the start of each
 * German Player-Turn with eighteen French Combat Points east of the Rhine,
 * the Germans remove one unit; the French reveal the units that make them. */
static void
plan_j_check (SandGame *game)
{
  FpwData *d = fpw (game);
  int fr = d->side_french;
  if (game->clock.side != d->side_german || game->clock.turn < 4 || d->east_rhine == NULL
      || fr < 0 || g_strcmp0 (game->oob_ids[fr], "J") != 0
      || !sand_scenario_has_option (game->scenario, "variable-oob"))
    return;
  int points = 0;
  for (guint i = 0; i < game->n_units; i++)
    {
      const SandUnitState *u = &game->units[i];
      if (u->side == fr && u->status == SAND_UNIT_ON_MAP && d->east_rhine[u->hex]
          && sand_game_unit_is_real (game, (int) i))
        points += u->strength;
    }
  if (points < 18)
    return;
  for (guint i = 0; i < game->n_units; i++)
    {
      const SandUnitState *u = &game->units[i];
      if (u->side == fr && u->status == SAND_UNIT_ON_MAP && d->east_rhine[u->hex]
          && sand_game_unit_is_real (game, (int) i))
        sand_game_reveal_unit (game, (int) i);
    }
  SandGameMarker m = { plan_j_marker, SAND_HEX_NONE, d->side_german, 1 };
  g_array_append_val (game->markers, m);
}

static void
fpw_phase_begin (SandGame *game)
{
  /* Plan C: German units set up in Luxemburg open it as if they had moved in. */
  FpwData *d = fpw (game);
  if (d->luxemburg >= 0 && luxemburg_open (game))
    {
      gboolean marked = FALSE;
      for (guint i = 0; i < game->markers->len; i++)
        marked |= g_array_index (game->markers, SandGameMarker, i).kind == luxemburg_marker;
      if (!marked)
        {
          SandGameMarker m = { luxemburg_marker, SAND_HEX_NONE, d->side_german, 1 };
          g_array_append_val (game->markers, m);
        }
    }
  if (game->clock.phase == game->phase_reinforcement)
    plan_j_check (game);
  if (game->clock.phase != game->phase_movement)
    return;
  /* The errata's "no attack in the Combat Phase" lasts until the side's
   * next Movement Phase. */
  for (guint i = 0; i < game->n_units; i++)
    {
      /* Formation Status: every marker is face down again. */
      game->units[i].aux[0] = 0;
      if (game->units[i].side == game->clock.side)
        game->units[i].flags &= ~(guint32) (SAND_UNIT_NO_COMBAT | SAND_UNIT_HASTY
                                            | SAND_UNIT_MUST_PROBE);
    }
  sand_game_changed (game);
}

static gboolean
fpw_may_end_phase (SandGame  *game,
                   GError   **error)
{
  if (plan_j_owed (game))
    {
      sand_game_refuse (game, error, "Variable Orders of Battle (J)",
                        _("The French hold eighteen Combat Points east of the Rhine: the Germans "
                          "remove one unit first (remove UNIT)."));
      return FALSE;
    }
  for (guint i = 0; i < game->n_units; i++)
    if (game->units[i].flags & SAND_UNIT_MUST_PROBE)
      {
        g_autofree char *first = sand_game_unit_label_for (game, (int) i, game->clock.side,
                                                           SAND_UNIT_LABEL_WITH_ID);
        sand_game_refuse (game, error, "Standard Game Zones of Control (E)",
                          _("%s entered enemy control without paying for it and must make a "
                            "hasty attack first."), first);
        return FALSE;
      }
  return TRUE;
}

static void
fpw_phase_end (SandGame *game)
{
  FpwData *d = fpw (game);
  int side = game->clock.side;

  /* Formation Status: markers go face down at the end of either side's
   * Movement Phase. */
  if (game->clock.phase == game->phase_movement)
    for (guint i = 0; i < game->n_units; i++)
      game->units[i].aux[0] = 0;
  /* Standard Game Supply (O): isolated units lose a Combat Point at the
   * end of each friendly Movement Phase. */
  if (standard (game) && game->clock.phase == game->phase_movement)
    {
      g_autofree guint8 *states = g_new0 (guint8, game->n_units + 1);
      fpw_supply_all (game, TRUE, states);
      for (guint i = 0; i < game->n_units; i++)
        {
          SandUnitState *u = &game->units[i];
          if (u->side != side || u->status != SAND_UNIT_ON_MAP
              || !sand_game_unit_is_real (game, (int) i) || states[i] != SAND_SUPPLY_ISOLATED)
            continue;
          u->strength--;
          game->points_lost[side]++;
          /* face down: the enemy does not see it (victory_view) */
          if (u->flags & SAND_UNIT_FACE_DOWN)
            u->unseen_loss++;
          if (u->strength <= 0)
            {
              u->strength = 0;
              sand_game_remove_unit (game, (int) i, SAND_UNIT_ELIMINATED);
            }
        }
      sand_game_changed (game);
    }

  /* Reinforcement Chart: Combat Points at Chalons raise units that stayed
   * there a whole friendly Movement Phase, up to the cap. */
  if (game->clock.phase != game->phase_movement || game->points_pool[side] <= 0)
    return;
  for (guint i = 0; i < game->n_units && game->points_pool[side] > 0; i++)
    {
      SandUnitState *u = &game->units[i];
      if (u->side != side || u->status != SAND_UNIT_ON_MAP || u->hex != game->points_hex[side]
          || (u->flags & SAND_UNIT_MOVED) || !sand_game_unit_is_real (game, (int) i))
        continue;
      int add = MIN (d->reinforce_cap - u->strength, game->points_pool[side]);
      if (add <= 0)
        continue;
      u->strength += add;
      game->points_pool[side] -= add;
      sand_game_changed (game);
    }
}

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
static void
main_trace (SandGame *game,
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

static void
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

      main_trace (game, side, forts_count, src, -1);
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

/* Combat -------------------------------------------------------------------- */

static void
note (SandOdds   *out,
      const char *format,
      ...) G_GNUC_PRINTF (2, 3);

static void
note (SandOdds   *out,
      const char *format,
      ...)
{
  va_list ap;
  va_start (ap, format);
  g_ptr_array_add (out->notes, g_strdup_vprintf (format, ap));
  va_end (ap);
}

static char *
quarters (int q)
{
  if (q % 4 == 0)
    return g_strdup_printf ("%d", q / 4);
  return g_strdup_printf ("%g", q / 4.0);
}

static guint8
supply_now (SandGame *game,
            int       unit)
{
  return sand_game_unit_supply (game, unit);
}

/* The enemy units on @hex that combat engages (dummies too), and whether
 * a living enemy fort is there. */
static gboolean
defenders_at (SandGame *game,
              int       hex,
              int       att_side,
              GArray   *all)
{
  for (guint i = 0; i < game->n_units; i++)
    if (game->units[i].status == SAND_UNIT_ON_MAP && game->units[i].hex == hex
        && game->units[i].side != att_side && sand_game_unit_is_combat (game, (int) i))
      {
        int u = (int) i;
        g_array_append_val (all, u);
      }
  int fort = game->fort_at[hex];
  return fort >= 0 && game->fort_strength[fort] > 0
    && sand_map_get_marker (game->map, (guint) game->fort_marker[fort])->side != att_side;
}

/* The odds of an attack. @hasty: the points a hasty attack allocates
 * (Hasty Attacks (O)), or -1 for a Combat Phase attack. @omniscient: as
 * the rules resolve it (defenders revealed, dummies gone); otherwise as the
 * attacker sees it, face-down defenders unknown. */
static gboolean
compute_odds (SandGame   *game,
              int         hex,
              const int  *attackers,
              guint       n,
              gboolean    decline_flank,
              int         hasty,
              gboolean    omniscient,
              SandOdds   *out,
              GError    **error)
{
  FpwData *d = fpw (game);
  int att_side = n > 0 ? game->units[attackers[0]].side : game->clock.side;
  /* the attacker reads the notes; as the rules resolve it, the defenders
   * are revealed to it */
  int viewer = omniscient ? -1 : att_side;
  g_autofree char *hid = sand_game_hex_id (game, hex);

  *out = (SandOdds) { 0 };
  if (n == 0)
    {
      sand_game_invalid (game, error, _("Name the attacking units."));
      return FALSE;
    }
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) def = g_array_new (FALSE, FALSE, sizeof (int));
  int fort = game->fort_at[hex];
  gboolean fort_alive = defenders_at (game, hex, att_side, all);
  gboolean hidden = FALSE;
  for (guint i = 0; i < all->len; i++)
    {
      int u = g_array_index (all, int, i);
      if (!omniscient && !sand_game_unit_visible (game, u, att_side))
        hidden = TRUE;
      if (!(game->units[u].flags & SAND_UNIT_DUMMY))
        g_array_append_val (def, u);
    }
  if (all->len == 0 && !fort_alive)
    {
      sand_game_refuse (game, error, "Combat (A)",
                        _("There are no enemy combat or fortification units on %s to attack."),
                        hid);
      return FALSE;
    }
  for (guint i = 0; hasty < 0 && i < def->len; i++)
    if (game->units[g_array_index (def, int, i)].flags & SAND_UNIT_DEFENDED)
      {
        sand_game_refuse (game, error, "Combat (C)",
                          _("The units on %s have already been attacked this Combat Phase."), hid);
        return FALSE;
      }
  if (hasty < 0 && fort_alive && game->fort_strength[game->n_forts + fort])
    {
      sand_game_refuse (game, error, "Combat (C)",
                        _("The fortification on %s has already been attacked this Combat Phase."),
                        hid);
      return FALSE;
    }

  guint dirs = 0;
  int attack_q = 0;
  guint32 all_features = 0xffffffffu;
  out->notes = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < n; i++)
    {
      int a = attackers[i];
      const SandUnitState *u = &game->units[a];
      g_autofree char *aid = sand_game_unit_label_for (game, a, viewer, SAND_UNIT_LABEL_WITH_ID);
      g_autofree char *aname = sand_game_unit_label_for (game, a, viewer, SAND_UNIT_LABEL_NAME);
      for (guint j = 0; j < i; j++)
        if (attackers[j] == a)
          {
            sand_game_invalid (game, error, _("%s is named twice."), aid);
            sand_odds_clear (out);
            return FALSE;
          }
      if (u->status != SAND_UNIT_ON_MAP || u->side != att_side)
        {
          sand_game_refuse (game, error, "Combat (A)",
                            _("%s cannot take part: all attackers must be one side's units on "
                              "the map."), aid);
          sand_odds_clear (out);
          return FALSE;
        }
      if (!sand_game_unit_is_real (game, a))
        {
          if (u->flags & SAND_UNIT_DUMMY)
            sand_game_refuse (game, error, hasty >= 0 ? "Hasty Attacks (Q)"
                              : "Standard Game Combat",
                              _("%s is a dummy counter; dummies may not attack."), aid);
          else
            sand_game_refuse (game, error, "EB Units (D)", _("%s is not a combat unit and "
                                "cannot attack."), aid);
          sand_odds_clear (out);
          return FALSE;
        }
      int dir = sand_grid_direction_to (game->grid, hex, u->hex);
      if (dir < 0)
        {
          g_autofree char *uh = sand_game_hex_id (game, u->hex);
          sand_game_refuse (game, error, "Combat (A)",
                            _("%s on %s is not adjacent to %s; only adjacent units attack."), aid,
                            uh, hid);
          sand_odds_clear (out);
          return FALSE;
        }
      if (hasty < 0 && (u->flags & SAND_UNIT_NO_COMBAT))
        {
          sand_game_refuse (game, error, "Standard Game Sequence of Play (errata)",
                            _("%s made a hasty attack without the MP to pay for entering enemy "
                              "control; it may not attack in this Combat Phase."), aid);
          sand_odds_clear (out);
          return FALSE;
        }
      if (hasty < 0 && (u->flags & SAND_UNIT_ATTACKED))
        {
          sand_game_refuse (game, error, "Combat (C)",
                            _("%s has already attacked this Combat Phase."), aid);
          sand_odds_clear (out);
          return FALSE;
        }
      guint8 sup = supply_now (game, a);
      /* Standard Game Supply (N): isolated units may still make hasty attacks. */
      if (sup == SAND_SUPPLY_ISOLATED && hasty < 0)
        {
          sand_game_refuse (game, error, "Combat (I)", _("%s is isolated and may not attack."),
                            aid);
          sand_odds_clear (out);
          return FALSE;
        }
      int q = u->strength * 4;
      if (hasty >= 0)
        {
          /* Hasty Attacks (O), (P): part of the strength, halved. */
          q = hasty * 2;
          note (out, _("%s makes a hasty attack with %d of its %d, halved (Hasty Attacks (O), "
                  "(P))"), aname, hasty, u->strength);
        }
      if (sup == SAND_SUPPLY_UNSUPPLIED)
        {
          q /= 2;
          note (out, _("%s attacks with %d, halved: unsupplied (Supply (D))"), aname,
                hasty >= 0 ? hasty : u->strength);
        }
      else if (hasty < 0)
        note (out, _("%s attacks with %d"), aname, u->strength);
      if (extended (game, a))
        {
          q /= 2;
          note (out, _("%s is in extended formation: halved (Formation Status (C))"), aname);
        }
      attack_q += q;
      dirs |= 1u << dir;
      all_features &= sand_map_get_side (game->map, hex, dir);
    }

  out->flank_possible = sand_combat_flank_shape (dirs);
  if (out->flank_possible)
    {
      if (fort_alive)
        note (out, _("no flank attack against a fortification (Combat (J), Fortification (F))"));
      else if (decline_flank)
        note (out, _("flank attack declined (Combat (J))"));
      else
        {
          out->flank = TRUE;
          attack_q *= 2;
          note (out, _("flank attack: attack strength doubled (Combat (J))"));
        }
    }

  int defense_q = 0;
  if (hidden)
    {
      /* Standard Game: the defender reveals only when the attack is made. */
      out->hidden = TRUE;
      /* TRANSLATORS: %u is a number of units, %s a hex id such as 0412 */
      note (out, ngettext ("%u face-down unit on %s: the defence is unknown until it is revealed",
                           "%u face-down units on %s: the defence is unknown until they are "
                           "revealed", all->len),
            all->len, hid);
      g_array_set_size (def, 0);
    }
  else if (def->len < all->len)
    /* TRANSLATORS: %u is a number of counters, %s a hex id such as 0412 */
    note (out, ngettext ("%u dummy counter on %s, removed when revealed "
                         "(Standard Game Combat Phase)",
                         "%u dummy counters on %s, removed when revealed "
                         "(Standard Game Combat Phase)", all->len - def->len),
          all->len - def->len, hid);
  for (guint i = 0; i < def->len; i++)
    {
      int du = g_array_index (def, int, i);
      const SandUnitState *u = &game->units[du];
      g_autofree char *dname = sand_game_unit_label_for (game, du, viewer, SAND_UNIT_LABEL_NAME);
      int q = u->strength * 4;
      GString *why = g_string_new (NULL);
      guint8 sup = supply_now (game, du);
      if (sup != SAND_SUPPLY_SUPPLIED)
        {
          q /= 2;
          g_string_append_printf (why, _(", halved as %s (Supply (D))"),
                                  sand_supply_state_to_string (sup));
        }
      if (u->flags & SAND_UNIT_ENTRAINED)
        {
          q /= 2;
          g_string_append (why, _(", halved as entrained (Terrain Effects Chart)"));
        }
      if (extended (game, du))
        {
          q /= 2;
          g_string_append (why, _(", halved in extended formation (Formation Status (C))"));
        }
      if (fort_alive)
        {
          q *= 2;
          g_string_append (why, _(", doubled in the fortification (Fortification (B))"));
        }
      g_autofree char *qs = quarters (q);
      /* "defends with 10: 10" read as a typo: say which number is which */
      if (why->len == 0)
        note (out, _("%s defends with its strength, %d"), dname, u->strength);
      else
        /* TRANSLATORS: unit id, its defence (e.g. "6½"), its printed strength, then the
           reasons, each starting with ", " */
        note (out, _("%s defends with %s: strength %d%s"), dname, qs, u->strength, why->str);
      g_string_free (why, TRUE);
      defense_q += q;
    }
  if (fort_alive)
    {
      const SandMarker *m = sand_map_get_marker (game->map, (guint) game->fort_marker[fort]);
      if (m->name)
        /* TRANSLATORS: %s is the fortification's name, %d its strength */
        note (out, _("fortification %s adds %d (Fortification (B))"), m->name,
              game->fort_strength[fort]);
      else
        note (out, _("fortification adds %d (Fortification (B))"), game->fort_strength[fort]);
      defense_q += game->fort_strength[fort] * 4;
    }

  int drm = 0;
  int terrain = sand_map_get_terrain (game->map, hex);
  if (d->terrain_drm[terrain] > 0)
    {
      drm += d->terrain_drm[terrain];
      note (out, _("defender in %s: +%d to the die (Terrain Effects Chart)"),
            sand_ruleset_get_terrain (game->ruleset, (guint) terrain)->name,
            d->terrain_drm[terrain]);
    }
  guint32 common = all_features & d->drm_features;
  if (d->feature_bridge >= 0 && (all_features & (1u << d->feature_bridge)))
    common &= ~d->cancelled_by_bridge;
  for (guint f = 0; f < SAND_MAX_SIDE_FEATURES; f++)
    if (common & (1u << f))
      {
        drm += d->drm_of_feature[f];
        note (out, _("every attacker across a %s hexside: +%d to the die (Terrain Effects Chart)"),
              sand_ruleset_get_side_feature (game->ruleset, f)->id, d->drm_of_feature[f]);
      }

  out->attack_q = attack_q;
  out->defense_q = defense_q;
  out->drm = drm;
  if (hidden || (def->len == 0 && !fort_alive))
    {
      /* a partial sum would measure the face-down units by what it leaves out */
      if (hidden)
        out->defense_q = 0;
      g_strlcpy (out->odds, hidden ? "?" : "-", sizeof out->odds);
      return TRUE;
    }
  sand_combat_round_odds (attack_q, defense_q, &out->odds_att, &out->odds_def);
  int col = d->crt != NULL ? sand_combat_column (d->crt, out->odds_att, out->odds_def) : -1;
  if (col >= 0)
    {
      const char *cid = g_ptr_array_index (d->crt->columns, (guint) col);
      int ca, cd;
      if (sscanf (cid, "%d-%d", &ca, &cd) == 2
          && (ca != out->odds_att || cd != out->odds_def))
        note (out, _("odds %d-%d read on the %s column"), out->odds_att, out->odds_def, cid);
      g_strlcpy (out->odds, cid, sizeof out->odds);
    }
  else
    g_snprintf (out->odds, sizeof out->odds, "%d-%d", out->odds_att, out->odds_def);
  return TRUE;
}

static gboolean
fpw_odds (SandGame   *game,
          int         hex,
          const int  *attackers,
          guint       n,
          gboolean    decline_flank,
          SandOdds   *out,
          GError    **error)
{
  return compute_odds (game, hex, attackers, n, decline_flank, -1, !standard (game), out,
                       error);
}

static gboolean
parse_cell (const char *cell,
            int        *a,
            int        *dl)
{
  return sscanf (cell, "%d/%d", a, dl) == 2;
}

/* Unit Reduction (A), shared by Combat Phase and hasty attacks: the
 * defender's @dloss goes to the fort as far as the owner chose, then over
 * @def's units as he chose (the rest to the fort); every loss already in
 * @out (the attacker's) and these are taken from the units. Returns the
 * fort's share, which the caller takes from the fort. */
static int
take_losses (SandGame                *game,
             GArray                  *def,
             int                      dloss,
             int                      fort,
             gboolean                 fort_alive,
             const SandAttackChoices *ch,
             SandAttackResult        *out)
{
  int to_units = dloss;
  int fort_take = 0;
  if (fort_alive && ch->fort_loss >= 0)
    {
      fort_take = MIN (MIN (ch->fort_loss, dloss), game->fort_strength[fort]);
      to_units -= fort_take;
    }
  guint before = out->losses->len;
  sand_combat_allocate (game, (const int *) (void *) def->data, def->len, to_units, ch->losses,
                        ch->n_losses, out->losses);
  int taken = 0;
  for (guint i = before; i < out->losses->len; i++)
    taken += g_array_index (out->losses, SandLoss, i).loss;
  if (fort_alive)
    fort_take += MIN (to_units - taken, game->fort_strength[fort] - fort_take);
  out->fort_loss = fort_take;

  for (guint i = 0; i < out->losses->len; i++)
    {
      SandLoss *l = &g_array_index (out->losses, SandLoss, i);
      SandUnitState *u = &game->units[l->unit];
      u->strength -= l->loss;
      game->points_lost[u->side] += l->loss;
      if (u->strength <= 0)
        {
          u->strength = 0;
          sand_game_remove_unit (game, l->unit, SAND_UNIT_ELIMINATED);
          g_array_append_val (out->eliminated, l->unit);
        }
    }
  return fort_take;
}

static gboolean
fpw_attack (SandGame                *game,
            int                      hex,
            const int               *attackers,
            guint                    n,
            const SandAttackChoices *ch,
            SandAttackResult        *out,
            GError                 **error)
{
  FpwData *d = fpw (game);

  if (game->clock.phase != game->phase_combat)
    {
      sand_game_refuse (game, error, game->clock.phase == game->phase_movement
                        ? "Movement (B)" : "Combat (A)",
                        _("Attacks are made only in the Combat Phase; this is the %s phase."),
                        sand_game_get_phase_id (game));
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    if (game->units[attackers[i]].side != game->clock.side)
      {
        g_autofree char *who = sand_game_unit_label_for (game, attackers[i], game->clock.side,
                                                         SAND_UNIT_LABEL_WITH_ID);
        sand_game_refuse (game, error, "Combat (A)",
                          _("%s may not attack in the other side's Combat Phase."),
                          who);
        return FALSE;
      }
  if (d->crt == NULL)
    {
      sand_game_invalid (game, error, _("The ruleset has no Combat Results Table ('crt')."));
      return FALSE;
    }
  if (!compute_odds (game, hex, attackers, n, ch->decline_flank, -1, TRUE, &out->odds, error))
    return FALSE;
  for (guint i = 0; i < ch->n_advance; i++)
    {
      gboolean found = FALSE;
      for (guint j = 0; j < n; j++)
        found |= attackers[j] == ch->advance[i];
      if (!found)
        {
          g_autofree char *who = sand_game_unit_label_for (game, ch->advance[i], game->clock.side,
                                                           SAND_UNIT_LABEL_WITH_ID);
          sand_game_refuse (game, error, "Combat (K)",
                            _("%s did not attack, so it cannot advance."),
                            who);
          sand_odds_clear (&out->odds);
          return FALSE;
        }
    }

  sand_game_begin_action (game);
  int att_side = game->units[attackers[0]].side;
  out->losses = g_array_new (FALSE, FALSE, sizeof (SandLoss));
  out->eliminated = g_array_new (FALSE, FALSE, sizeof (int));
  out->advanced = g_array_new (FALSE, FALSE, sizeof (int));
  /* Standard Game Combat Phase: the defender reveals first; dummies are
   * removed; against dummies alone there is no combat, the attacker stays
   * hidden and may advance. */
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (int));
  gboolean real_fight = defenders_at (game, hex, att_side, all);
  for (guint i = 0; i < all->len; i++)
    {
      int du = g_array_index (all, int, i);
      sand_game_reveal_unit (game, du);
      if (game->units[du].flags & SAND_UNIT_DUMMY)
        {
          sand_game_remove_unit (game, du, SAND_UNIT_ELIMINATED);
          g_array_append_val (out->eliminated, du);
        }
      else
        real_fight = TRUE;
    }
  if (!real_fight && game->plan != NULL)
    {
      /* Two-step combat: no die against dummies alone; only the advance. */
      g_strlcpy (out->result, "dummy", sizeof out->result);
      sand_combat_plan_loss (game, &game->plan->loss[0], att_side, 0, attackers, n, -1,
                             "Unit Reduction (A)");
      sand_combat_plan_loss (game, &game->plan->loss[1], -1, 0, NULL, 0, -1,
                             "Unit Reduction (A)");
      g_array_append_vals (game->plan->advance, attackers, n);
      game->plan->advance_rule = "Combat (K)";
      sand_game_abort_action (game);
      return TRUE;
    }
  if (!real_fight)
    {
      g_strlcpy (out->result, "dummy", sizeof out->result);
      for (guint i = 0; i < n; i++)
        game->units[attackers[i]].flags |= SAND_UNIT_ATTACKED;
      for (guint i = 0; i < ch->n_advance; i++)
        {
          int a = ch->advance[i];
          sand_game_step_unit (game, a, hex);
          g_array_append_val (out->advanced, a);
        }
      SandAction *act = sand_action_new_kind (SAND_ACTION_ATTACK);
      act->hex = hex;
      sand_action_set_units (act, attackers, n);
      sand_action_set_advance (act, out->advanced);
      sand_game_commit_action (game, act);
      return TRUE;
    }
  out->roll = sand_dice_roll (&game->dice, game->params.die_sides);
  out->modified_roll = out->roll + out->odds.drm;
  const SandTableRow *row = sand_combat_row (d->crt, out->modified_roll);
  int col = sand_combat_column (d->crt, out->odds.odds_att, out->odds.odds_def);
  const char *cell = row->cells[col];
  g_strlcpy (out->result, cell, sizeof out->result);
  int aloss = 0, dloss = 0;
  parse_cell (cell, &aloss, &dloss);
  out->attacker_loss = aloss;
  out->defender_loss = dloss;

  g_autoptr(GArray) def = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < all->len; i++)
    if (game->units[g_array_index (all, int, i)].status == SAND_UNIT_ON_MAP)
      g_array_append_val (def, g_array_index (all, int, i));
  int fort = game->fort_at[hex];
  gboolean fort_alive = fort >= 0 && game->fort_strength[fort] > 0
    && sand_map_get_marker (game->map, (guint) game->fort_marker[fort])->side != att_side;

  if (game->plan != NULL)
    {
      /* Two-step combat: what each owner spreads (Unit Reduction (A)); the
       * hex is emptied, and the attackers may advance (Combat (K)), when
       * the defender loses all it has. */
      SandPendingAttack *p = game->plan;
      int def_side = def->len > 0 ? game->units[g_array_index (def, int, 0)].side
                                  : sand_game_other_side (game, att_side);
      sand_combat_plan_loss (game, &p->loss[0], att_side, aloss, attackers, n, -1,
                             "Unit Reduction (A)");
      sand_combat_plan_loss (game, &p->loss[1], def_side, dloss,
                             (const int *) (void *) def->data, def->len,
                             fort_alive ? game->fort_strength[fort] : -1, "Unit Reduction (A)");
      int have = fort_alive ? game->fort_strength[fort] : 0;
      for (guint i = 0; i < p->loss[1].units->len; i++)
        have += g_array_index (p->loss[1].units, SandLossOption, i).limit;
      if (dloss >= have)
        g_array_append_vals (p->advance, attackers, n);
      p->advance_rule = "Combat (K)";
      sand_game_abort_action (game);
      return TRUE;
    }

  /* Unit Reduction (A): the owner spreads the loss as he likes; by default
   * the attacker's strongest units first, and the defender's combat units
   * before the fort. */
  sand_combat_allocate (game, attackers, n, aloss, ch->losses, ch->n_losses, out->losses);
  int fort_take = take_losses (game, def, dloss, fort, fort_alive, ch, out);
  if (fort_alive)
    {
      game->fort_strength[fort] -= fort_take;
      game->fort_strength[game->n_forts + fort] = 1;
      sand_game_refresh_hex (game, hex);
    }
  /* Combat reveals the units engaged to both sides (Standard Game). */
  for (guint i = 0; i < n; i++)
    {
      game->units[attackers[i]].flags |= SAND_UNIT_ATTACKED;
      sand_game_reveal_unit (game, attackers[i]);
    }
  for (guint i = 0; i < def->len; i++)
    {
      game->units[g_array_index (def, int, i)].flags |= SAND_UNIT_DEFENDED;
      sand_game_reveal_unit (game, g_array_index (def, int, i));
    }

  /* Combat (K): advance only into a hex emptied of every defender. */
  gboolean emptied = !sand_game_enemy_blocks (game, att_side, hex);
  for (guint i = 0; emptied && i < ch->n_advance; i++)
    {
      int a = ch->advance[i];
      if (game->units[a].status != SAND_UNIT_ON_MAP)
        continue;
      sand_game_step_unit (game, a, hex);
      g_array_append_val (out->advanced, a);
    }

  /* The log says how the losses were spread, so a replay is exact. */
  SandAction *act = sand_action_new_kind (SAND_ACTION_ATTACK);
  act->hex = hex;
  sand_action_set_units (act, attackers, n);
  act->noflank = ch->decline_flank;
  sand_action_set_losses (act, out->losses, fort_alive ? fort_take : -1);
  sand_action_set_advance (act, out->advanced);
  sand_game_commit_action (game, act);
  return TRUE;
}

/* Victory ------------------------------------------------------------------- */

static int
edge_value_for (SandGame *game,
                int       side,
                int       hex)
{
  FpwData *d = fpw (game);
  int best = 0;
  int col = sand_grid_col (game->grid, hex), row = sand_grid_row (game->grid, hex);

  for (guint i = 0; i < d->edge_values->len; i++)
    {
      const SandMarker *m = sand_map_get_marker (game->map,
                                                 (guint) g_array_index (d->edge_values, int, i));
      if (m->side >= 0 && m->side != side)
        continue;
      gboolean by_column = g_strcmp0 (m->group, "north") == 0 || g_strcmp0 (m->group, "south") == 0;
      if (by_column ? sand_grid_col (game->grid, m->hex) == col
                    : sand_grid_row (game->grid, m->hex) == row)
        best = MAX (best, m->value);
    }
  return best;
}

/* Whether @viewer counts @unit's points (-1: the umpire counts all): its
 * own units, and the enemy's it has seen; and the strength it knows. */
static gboolean
vp_counts (SandGame *game,
           int       viewer,
           int       unit,
           int      *strength)
{
  const SandUnitState *u = &game->units[unit];
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
static void
victory_view (SandGame    *game,
              int          viewer,
              SandVictory *out)
{
  FpwData *d = fpw (game);
  int fr = d->side_french, de = d->side_german;

  if (fr < 0 || de < 0)
    return;
  /* How to Win: isolation and penetration ignore supply from forts. */
  g_autofree guint8 *states = g_new0 (guint8, game->n_units + 1);
  fpw_supply_all (game, FALSE, states);
  int iso[SAND_MAX_SIDES] = { 0 };
  int german_depth = 0;
  for (guint i = 0; i < game->n_units; i++)
    {
      const SandUnitState *u = &game->units[i];
      int strength = 0;
      if (u->status != SAND_UNIT_ON_MAP || !sand_game_unit_is_real (game, (int) i)
          || !vp_counts (game, viewer, (int) i, &strength))
        continue;
      if (states[i] == SAND_SUPPLY_ISOLATED)
        iso[u->side] += strength;
      if (u->side == de && states[i] == SAND_SUPPLY_SUPPLIED)
        german_depth = MAX (german_depth, edge_value_for (game, de, u->hex));
    }
  /* German units that left by the west edge: 10 a point if the hex they
   * left from is supplied (not from a fort) at the end. */
  int exit_vp = 0;
  g_autoptr(GArray) src = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < game->n_units; i++)
    {
      const SandUnitState *u = &game->units[i];
      int strength = 0;
      if (u->status != SAND_UNIT_EXITED || u->side != de || u->arrive_hex < 0
          || !vp_counts (game, viewer, (int) i, &strength))
        continue;
      /* the exit hex is the search's target */
      main_trace (game, de, FALSE, src, u->arrive_hex);
      int dist = sand_supply_dist (game, u->arrive_hex);
      if (dist >= 0 && dist <= game->params.supply_full)
        exit_vp += d->vp_exit * strength;
    }
  /* French penetration: hexes from the nearest French hex. */
  int french_depth = 0;
  g_autoptr(GArray) france = g_array_new (FALSE, FALSE, sizeof (int));
  for (int h = 0; h < game->n_hexes; h++)
    if (d->home[h] == fr)
      g_array_append_val (france, h);
  sand_supply_trace (game, fr, (const int *) (void *) france->data, france->len, game->n_hexes,
                     NULL);
  for (guint i = 0; i < game->n_units; i++)
    {
      const SandUnitState *u = &game->units[i];
      int strength = 0;
      if (u->status != SAND_UNIT_ON_MAP || u->side != fr || states[i] != SAND_SUPPLY_SUPPLIED
          || !sand_game_unit_is_real (game, (int) i) || d->home[u->hex] != de
          || !vp_counts (game, viewer, (int) i, &strength))
        continue;
      french_depth = MAX (french_depth, sand_supply_dist (game, u->hex));
    }
  /* points destroyed: less, for a viewer, the enemy's losses to isolation
   * it has not seen */
  int lost[SAND_MAX_SIDES] = { 0 };
  for (int s = 0; s < game->n_sides; s++)
    lost[s] = game->points_lost[s];
  for (guint i = 0; viewer >= 0 && i < game->n_units; i++)
    if (game->units[i].side != viewer)
      lost[game->units[i].side] -= game->units[i].unseen_loss;
  out->points[fr] = d->vp_destroyed * lost[de] + d->vp_isolated * iso[de]
    + d->vp_penetration * french_depth;
  out->points[de] = d->vp_destroyed * lost[fr] + d->vp_isolated * iso[fr]
    + german_depth + exit_vp;
  out->net = out->points[de] - out->points[fr];
  const SandVictoryLevel *lvl = sand_scenario_victory_level_for (game->scenario, out->net);
  out->level = lvl ? lvl->label : NULL;
  if (lvl == NULL && sand_scenario_n_victory_levels (game->scenario) == 0)
    {
      /* The rulebook's Victory Points Chart, when the scenario has none:
       * columns min, max, winner, label ("min"/"max": unbounded). */
      const SandTable *t = sand_ruleset_get_table (game->ruleset, "victory-levels");
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

static void
fpw_victory (SandGame    *game,
             SandVictory *out)
{
  victory_view (game, -1, out);
}

static void
fpw_victory_for (SandGame    *game,
                 int          viewer,
                 SandVictory *out)
{
  victory_view (game, viewer, out);
}

static int
fpw_max_strength (SandGame *game,
                  int       unit)
{
  const SandCounter *c = sand_game_get_counter (game, unit);
  int printed = c->strength;
  if (game->points_any[game->units[unit].side])
    printed = MAX (printed, fpw (game)->reinforce_cap);
  return printed;
}

/* EB Units (A): "the Prussian Player receives as many EB units as he
 * wishes": -1 (the ruleset's default), one for every rail hex of the map;
 * the param `german-eb-reserve` may set a limit instead. */
static int
fpw_reserve_units (SandRuleset *rs,
                   int          side,
                   int         *type)
{
  *type = sand_ruleset_find_unit_type (rs, "eb");
  if (side != sand_ruleset_find_side (rs, "german"))
    return 0;
  return sand_ruleset_param_int (rs, "german-eb-reserve", -1);
}

static gboolean
fpw_may_place_reserve (SandGame  *game,
                       int        side,
                       int        hex,
                       GError   **error)
{
  FpwData *d = fpw (game);
  g_autofree char *id = sand_game_hex_id (game, hex);

  if (game->clock.side != side || game->clock.phase != game->phase_movement)
    {
      sand_game_refuse (game, error, "EB Units (A)",
                        _("New EB units are placed at the beginning of a friendly Movement "
                          "Phase."));
      return FALSE;
    }
  for (guint i = 0; i < game->n_units; i++)
    if (game->units[i].side == side && (game->units[i].flags & SAND_UNIT_MOVED))
      {
        sand_game_refuse (game, error, "EB Units (A)",
                          _("New EB units are placed at the beginning of the Movement Phase, "
                            "before any unit moves."));
        return FALSE;
      }
  gboolean home_rail = d->rail_hex[hex] && d->home[hex] == side
    && !(game->rail[hex] & SAND_RAIL_CUT (side));
  gboolean with_eb = FALSE;
  if ((game->rail[hex] & SAND_RAIL_SECURED (side)))
    for (guint i = 0; i < game->n_units && !with_eb; i++)
      with_eb = game->units[i].status == SAND_UNIT_ON_MAP && game->units[i].hex == hex
        && game->units[i].side == side && sand_game_unit_is_eb (game, (int) i);
  if (!home_rail && !with_eb)
    {
      sand_game_refuse (game, error, "EB Units (A)",
                        _("New EB units go on an uncut home rail hex or with an EB unit on a "
                          "secured line; %s is neither."), id);
      return FALSE;
    }
  if (sand_game_enemy_blocks (game, side, hex))
    {
      sand_game_refuse (game, error, "EB Units (I)", _("%s holds enemy units."), id);
      return FALSE;
    }
  return TRUE;
}

/* How to Win: German units may leave by the west edge. */
static gboolean
fpw_may_exit (SandGame  *game,
              int        unit,
              int       *cost,
              GError   **error)
{
  FpwData *d = fpw (game);
  const SandUnitState *u = &game->units[unit];

  if (u->side != d->side_german || !sand_game_unit_is_real (game, unit))
    {
      sand_game_refuse (game, error, "Victory Conditions",
                        _("Only German combat units leave the map, by the west edge."));
      return FALSE;
    }
  if (sand_grid_col (game->grid, u->hex) != 0)
    {
      g_autofree char *who = sand_game_unit_label_for (game, unit, game->clock.side,
                                                       SAND_UNIT_LABEL_WITH_ID);
      sand_game_refuse (game, error, "Victory Conditions",
                        _("%s is not on the west edge of the map."), who);
      return FALSE;
    }
  if (u->flags & SAND_UNIT_ENTRAINED)
    {
      g_autofree char *who = sand_game_unit_label_for (game, unit, game->clock.side,
                                                       SAND_UNIT_LABEL_WITH_ID);
      sand_game_refuse (game, error, "Rail Movement (C)",
                        _("%s is entrained; it detrains first."), who);
      return FALSE;
    }
  *cost = 1;
  return TRUE;
}

/* Standard Game commands ------------------------------------------------- */

/* The module's own actions (the table is at the end of the file). */
enum {
  FPW_HASTY, FPW_DUMMY, FPW_REMOVE, FPW_WITHHOLD, FPW_FORMATION, FPW_CHALLENGE, FPW_N_ACTIONS
};
static const SandActionSpec fpw_actions[FPW_N_ACTIONS];

/* `hasty HEX ID POINTS`, as the log keeps it. */
static SandAction *
hasty_action (int hex,
              int unit,
              int points)
{
  SandAction *act = sand_action_new (&fpw_actions[FPW_HASTY]);
  act->hex = hex;
  act->unit = unit;
  act->number = points;
  return act;
}

static SandAction *
unit_action (int which,
             int unit)
{
  SandAction *act = sand_action_new (&fpw_actions[which]);
  act->unit = unit;
  return act;
}

/* Hasty Attacks (N)-(R): @unit attacks @hex with @points in the Probe
 * Segment. Resolved with @ch as fpw_attack is (Unit Reduction (A): the
 * owners spread the losses; the default as before, the strongest first and
 * the fortification last), or planned for the two-step settle when the core
 * sets game->plan. */
static gboolean
fpw_hasty (SandGame                *game,
           int                      hex,
           int                      unit,
           int                      points,
           const SandAttackChoices *ch,
           SandAttackResult        *out,
           GError                 **error)
{
  FpwData *d = fpw (game);
  SandUnitState *u = &game->units[unit];
  g_autofree char *who = sand_game_unit_label_for (game, unit, game->clock.side,
                                                   SAND_UNIT_LABEL_WITH_ID);
  if (!standard (game))
    {
      sand_game_refuse (game, error, "Movement (B)",
                        _("Hasty attacks belong to the Standard Game."));
      return FALSE;
    }
  if (game->clock.phase != game->phase_movement || u->side != game->clock.side
      || u->status != SAND_UNIT_ON_MAP)
    {
      sand_game_refuse (game, error, "Hasty Attacks (N)",
                        _("Hasty attacks are made by the moving side's units in its Movement "
                          "Phase."));
      return FALSE;
    }
  if (u->flags & SAND_UNIT_DUMMY)
    {
      sand_game_refuse (game, error, "Hasty Attacks (Q)",
                        _("%s is a dummy counter; dummies may not make hasty attacks."), who);
      return FALSE;
    }
  if (!sand_game_unit_is_real (game, unit) || (u->flags & SAND_UNIT_ENTRAINED))
    {
      sand_game_refuse (game, error, "Hasty Attacks (Q)",
                        _("Only combat units, not entrained, make hasty attacks."));
      return FALSE;
    }
  for (guint i = 0; i < game->n_units; i++)
    if ((int) i != unit && (game->units[i].flags & SAND_UNIT_MUST_PROBE))
      {
        g_autofree char *first = sand_game_unit_label_for (game, (int) i, game->clock.side,
                                                           SAND_UNIT_LABEL_WITH_ID);
        sand_game_refuse (game, error, "Standard Game Sequence of Play (2)",
                          _("%s must make its hasty attack first."),
                          first);
        return FALSE;
      }
  if (u->aux[0] & FPW_CHALLENGED)
    {
      sand_game_refuse (game, error, "Formation Status, Probe Segment b(1)",
                        _("%s challenged this phase and may not make a hasty attack."), who);
      return FALSE;
    }
  if (u->flags & SAND_UNIT_HASTY)
    {
      sand_game_refuse (game, error, "Standard Game Sequence of Play (2)",
                        _("%s has already made a hasty attack on real units this phase."), who);
      return FALSE;
    }
  /* the Probe Segment is part of the unit's own movement, so a unit whose
   * movement is over makes none */
  if (u->flags & SAND_UNIT_FINISHED)
    {
      sand_game_refuse (game, error, "Standard Game Sequence of Play",
                        _("%s has finished its movement this phase; a hasty attack is made in "
                          "the Probe Segment of the unit in motion."), who);
      return FALSE;
    }
  if (points < 1 || points > u->strength)
    {
      sand_game_refuse (game, error, "Hasty Attacks (O)",
                        _("%s may allocate 1 to %d Combat Points, not %d."), who, u->strength,
                        points);
      return FALSE;
    }
  SandOdds check;
  if (!compute_odds (game, hex, &unit, 1, FALSE, points, TRUE, &check, error))
    return FALSE;
  sand_odds_clear (&check);

  sand_game_begin_action (game);
  sand_game_begin_motion (game, unit);
  sand_game_set_segment (game, 2);
  out->losses = g_array_new (FALSE, FALSE, sizeof (SandLoss));
  out->eliminated = g_array_new (FALSE, FALSE, sizeof (int));
  out->advanced = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) def = g_array_new (FALSE, FALSE, sizeof (int));
  gboolean fort_alive = defenders_at (game, hex, u->side, all);
  int fort = game->fort_at[hex];
  g_autofree char *hid = sand_game_hex_id (game, hex);
  /* The defender reveals; dummies are removed (Sequence of Play (2)). */
  for (guint i = 0; i < all->len; i++)
    {
      int du = g_array_index (all, int, i);
      sand_game_reveal_unit (game, du);
      if (game->units[du].flags & SAND_UNIT_DUMMY)
        {
          sand_game_remove_unit (game, du, SAND_UNIT_ELIMINATED);
          g_array_append_val (out->eliminated, du);
        }
      else
        g_array_append_val (def, du);
    }
  gboolean owed = (u->flags & SAND_UNIT_MUST_PROBE) != 0;
  if (def->len == 0 && !fort_alive)
    {
      g_strlcpy (out->result, "dummy", sizeof out->result);
      if (game->plan != NULL)
        {
          /* Two steps: nothing to choose, and no die. */
          sand_combat_plan_loss (game, &game->plan->loss[0], u->side, 0, &unit, 1, -1,
                                 "Hasty Attacks (O)");
          sand_combat_plan_loss (game, &game->plan->loss[1], -1, 0, NULL, 0, -1,
                                 "Unit Reduction (A)");
          sand_game_abort_action (game);
          return TRUE;
        }
      /* Only dummies: Segment 3, and ZOC (A) revised: the unit moves on
       * unless real enemy units still control its hex. */
      u->flags &= ~(guint32) SAND_UNIT_MUST_PROBE;
      sand_game_changed (game);
      sand_zoc_update (game);
      if (sand_zoc_controlled_for (game, u->side, u->hex, unit))
        {
          if (owed)
            u->flags |= SAND_UNIT_MUST_PROBE;
        }
      else
        {
          u->flags &= ~(guint32) SAND_UNIT_STOPPED;
          /* Sequence of Play (3): the Second Movement Segment */
          sand_game_set_segment (game, 3);
        }
      sand_game_commit_action (game, hasty_action (hex, unit, points));
      return TRUE;
    }

  compute_odds (game, hex, &unit, 1, FALSE, points, TRUE, &out->odds, NULL);
  out->roll = sand_dice_roll (&game->dice, game->params.die_sides);
  out->modified_roll = out->roll + out->odds.drm;
  const SandTableRow *row = sand_combat_row (d->crt, out->modified_roll);
  int col = sand_combat_column (d->crt, out->odds.odds_att, out->odds.odds_def);
  g_strlcpy (out->result, row->cells[col], sizeof out->result);
  int aloss = 0, dloss = 0;
  parse_cell (row->cells[col], &aloss, &dloss);
  /* Only the points allocated are engaged, so only they can be lost. */
  aloss = MIN (aloss, points);
  out->attacker_loss = aloss;
  out->defender_loss = dloss;
  if (game->plan != NULL)
    {
      /* Two steps: the attacker loses at most what it allocated; the
       * defender spreads its loss (Unit Reduction (A)). No advance: the
       * unit's movement ends with the attack. */
      SandPendingAttack *p = game->plan;
      int def_side = def->len > 0 ? game->units[g_array_index (def, int, 0)].side
                                  : sand_game_other_side (game, u->side);
      sand_combat_plan_loss (game, &p->loss[0], u->side, aloss, &unit, 1, -1,
                             "Hasty Attacks (O)");
      for (guint i = 0; i < p->loss[0].units->len; i++)
        {
          SandLossOption *o = &g_array_index (p->loss[0].units, SandLossOption, i);
          o->limit = MIN (o->limit, points);
        }
      p->loss[0].owed = MIN (p->loss[0].owed, points);
      sand_combat_plan_loss (game, &p->loss[1], def_side, dloss,
                             (const int *) (void *) def->data, def->len,
                             fort_alive ? game->fort_strength[fort] : -1, "Unit Reduction (A)");
      p->advance_rule = "Hasty Attacks (N)";
      sand_game_abort_action (game);
      return TRUE;
    }

  /* The attacker's loss on its one unit, at most the points allocated. */
  SandLoss mine = { unit, aloss };
  sand_combat_allocate (game, &unit, 1, aloss, &mine, 1, out->losses);
  int fort_take = take_losses (game, def, dloss, fort, fort_alive, ch, out);
  if (fort_alive && fort_take > 0)
    {
      game->fort_strength[fort] -= fort_take;
      sand_game_refresh_hex (game, hex);
    }
  sand_game_reveal_unit (game, unit);
  for (guint i = 0; i < def->len; i++)
    sand_game_reveal_unit (game, g_array_index (def, int, i));
  /* Sequence of Play (2): a real enemy stops the unit; the errata: no
   * Combat Phase attack unless the unit had the MP to pay for entering
   * enemy control (whether it paid or not: the errata modifies ZOC (E)). */
  u->flags |= SAND_UNIT_STOPPED | SAND_UNIT_HASTY;
  /* Formation Status, Probe Segment b(2) says it outright: a unit that
   * would not pay and found a real unit does not fight in the Combat Phase. */
  if (owed && (formation_rule (game)
               || sand_game_unit_mp_left (game, unit) < game->params.zoc_enter))
    u->flags |= SAND_UNIT_NO_COMBAT;
  u->flags &= ~(guint32) SAND_UNIT_MUST_PROBE;
  /* "resolve the combat, and skip Segment 3; continue moving the rest of
   * the units": its movement is over */
  sand_game_end_motion (game);
  sand_game_changed (game);
  /* The log says how the losses were spread, so a replay is exact. */
  SandAction *act = hasty_action (hex, unit, points);
  sand_action_set_losses (act, out->losses, fort_alive ? fort_take : -1);
  sand_game_commit_action (game, act);
  return TRUE;
}

/* `hasty HEX ID POINTS [losses=ID:N,…,fort:N]` in the Probe Segment; with
 * `ask`, only the die: the owners spread the losses in `settle`. */
static gboolean
act_hasty (SandGame          *game,
           const SandAction  *a,
           SandResult        *res,
           GError           **error)
{
  int hex = a->hex, unit = a->unit;
  SandAttackChoices ch;

  if (a->ask)
    {
      const SandPendingAttack *p;
      if (!sand_game_hasty_attack_roll (game, hex, unit, a->number, &p, error))
        return FALSE;
      res->pending = p;
      sand_result_add_int (res, "hasty", p->hasty_points);
      return TRUE;
    }
  sand_action_get_choices (a, &ch);
  SandAttackResult r = { 0 };
  if (!fpw_hasty (game, hex, unit, a->number, &ch, &r, error))
    return FALSE;
  g_autoptr(GArray) removed = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) eliminated = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < r.eliminated->len; i++)
    {
      int e = g_array_index (r.eliminated, int, i);
      g_array_append_val ((game->units[e].flags & SAND_UNIT_DUMMY) ? removed : eliminated, e);
    }
  res->unit = unit;
  sand_result_add_units (res, "removed", (const int *) (void *) removed->data, removed->len);
  if (strcmp (r.result, "dummy") == 0)
    {
      sand_result_add_string (res, "result", "dummy");
      sand_result_add_bool (res, "may_move_on", !(game->units[unit].flags & SAND_UNIT_STOPPED));
    }
  else
    {
      sand_result_add_int (res, "attack", r.odds.attack_q / 4);
      sand_result_add_int (res, "defense", r.odds.defense_q / 4);
      sand_result_add_string (res, "odds", r.odds.odds);
      sand_result_add_int (res, "drm", r.odds.drm);
      sand_result_add_int (res, "roll", r.roll);
      sand_result_add_string (res, "result", r.result);
      sand_result_begin (res, "losses", SAND_FACT_OBJECT);
      sand_result_add_int (res, "attacker", r.attacker_loss);
      sand_result_add_int (res, "defender", r.defender_loss);
      sand_result_end (res);
      sand_result_add_int (res, "fort_loss", r.fort_loss);
      sand_result_add_units (res, "eliminated", (const int *) (void *) eliminated->data,
                             eliminated->len);
      sand_result_add_bool (res, "no_combat",
                            (game->units[unit].flags & SAND_UNIT_NO_COMBAT) != 0);
    }
  sand_attack_result_clear (&r);
  return TRUE;
}

/* Standard Game Sequence of Play (A): `dummy ID HEX` returns a revealed
 * dummy onto a hex with a friendly unit in the Reinforcement Phase. */
static gboolean
act_dummy (SandGame          *game,
           const SandAction  *a,
           SandResult        *res,
           GError           **error)
{
  int unit = a->unit, hex = a->hex;
  g_autofree char *hid = sand_game_hex_id (game, hex);
  SandUnitState *u = &game->units[unit];
  if (!(u->flags & SAND_UNIT_DUMMY) || u->status != SAND_UNIT_ELIMINATED)
    {
      sand_game_refuse (game, error, "Standard Game Sequence of Play (A)",
                        _("%s is not a dummy counter the enemy has revealed."),
                        sand_game_unit_id (game, unit));
      return FALSE;
    }
  if (game->clock.phase != game->phase_reinforcement || u->side != game->clock.side)
    {
      sand_game_refuse (game, error, "Standard Game Sequence of Play (A)",
                        _("Dummies return in their side's Reinforcement Phase."));
      return FALSE;
    }
  if (game->n_combat[u->side][hex] <= 0)
    {
      sand_game_refuse (game, error, "Standard Game Sequence of Play (A)",
                        _("A dummy returns on a hex with a friendly unit or dummy; %s has none."),
                        hid);
      return FALSE;
    }
  sand_game_begin_action (game);
  u->flags = SAND_UNIT_DUMMY | SAND_UNIT_FACE_DOWN;
  u->strength = 0;
  sand_game_new_alias (game, unit);
  sand_game_place_unit (game, unit, hex);
  /* "These may be shuffled so that the Enemy Player cannot see which of the
   * units is the newly placed Dummy counter": every face-down counter of
   * the side on the hex takes a new name, in an order drawn from the seed
   * and the log (the same in a replay), so the newest name is not the
   * dummy's. */
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (int));
  int top = 0;
  for (guint i = 0; i < game->n_units; i++)
    {
      const SandUnitState *o = &game->units[i];
      if (o->side != u->side)
        continue;
      top = MAX (top, o->alias);
      if (o->status == SAND_UNIT_ON_MAP && o->hex == hex && (o->flags & SAND_UNIT_FACE_DOWN))
        {
          int k = (int) i;
          g_array_append_val (stack, k);
        }
    }
  g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) (game->seed ^ (game->seed >> 32)
                                                           ^ (guint64) game->log->len * 7919u
                                                           ^ (guint64) hex));
  for (guint i = stack->len; i > 1; i--)
    {
      guint j = (guint) g_rand_int_range (rand, 0, (gint32) i);
      int t = g_array_index (stack, int, i - 1);
      g_array_index (stack, int, i - 1) = g_array_index (stack, int, j);
      g_array_index (stack, int, j) = t;
    }
  for (guint i = 0; i < stack->len; i++)
    game->units[g_array_index (stack, int, i)].alias = top + 1 + (int) i;
  sand_game_changed (game);
  SandAction *act = unit_action (FPW_DUMMY, unit);
  act->hex = hex;
  sand_game_commit_action (game, act);
  return TRUE;
}

static gboolean
before_play (SandGame *game)
{
  for (guint i = 0; i < game->log->len; i++)
    {
      const char *l = g_ptr_array_index (game->log, i);
      if (!g_str_has_prefix (l, "setup ") && !g_str_has_prefix (l, "formation "))
        return FALSE;
    }
  return TRUE;
}

/* Formation Status: `formation ID concentrated|extended`, free before play,
 * four MP in the unit's Movement Phase. */
static gboolean
act_formation (SandGame          *game,
               const SandAction  *a,
               SandResult        *res,
               GError           **error)
{
  int unit = a->unit;
  SandUnitState *u = &game->units[unit];
  g_autofree char *who = sand_game_unit_label_for (game, unit, game->clock.side,
                                                   SAND_UNIT_LABEL_WITH_ID);
  gboolean conc = a->word[0] == 'c';
  int cost = sand_ruleset_param_int (game->ruleset, "formation-change-cost", 4);
  if (!formation_rule (game))
    {
      sand_game_refuse (game, error, "Formation Status",
                        _("Formation Status is an optional rule this scenario does not use."));
      return FALSE;
    }
  if (!sand_game_unit_is_combat (game, unit) || u->status == SAND_UNIT_ELIMINATED
      || u->status == SAND_UNIT_EXITED)
    {
      sand_game_refuse (game, error, "Formation Status (A)",
                        _("Only combat units and dummies have a formation status."));
      return FALSE;
    }
  if (((u->flags & SAND_UNIT_CONCENTRATED) != 0) == conc)
    {
      sand_game_refuse (game, error, "Formation Status", _("%s is already %s."), who, a->word);
      return FALSE;
    }
  gboolean free_change = before_play (game);
  if (!free_change)
    {
      if (!sand_movement_check_may_move (game, unit, error))
        return FALSE;
      if (u->flags & SAND_UNIT_ENTRAINED)
        {
          sand_game_refuse (game, error, "Formation Status (E)",
                            _("%s is entrained; it detrains first."), who);
          return FALSE;
        }
      if (sand_game_unit_mp_left (game, unit) < cost)
        {
          sand_game_refuse (game, error, "Formation Status",
                            _("%s has %d MP left; changing formation costs %d."), who,
                            sand_game_unit_mp_left (game, unit), cost);
          return FALSE;
        }
    }
  sand_game_begin_action (game);
  if (!free_change)
    {
      sand_game_begin_motion (game, unit);
      u->mp_spent += cost;
    }
  sand_game_set_unit_flags (game, unit, conc ? u->flags | SAND_UNIT_CONCENTRATED
                                             : u->flags & ~(guint32) SAND_UNIT_CONCENTRATED);
  sand_game_changed (game);
  res->unit = unit;
  res->mp_left = sand_game_unit_mp_left (game, unit);
  sand_result_add_int (res, "mp_left", res->mp_left);
  SandAction *act = unit_action (FPW_FORMATION, unit);
  act->word = a->word;
  sand_game_commit_action (game, act);
  return TRUE;
}

/* Formation Status, Probe Segment: a challenge is made "upon moving into a
 * possible Enemy Zone of Control", by a unit "able to, but unwilling to,
 * pay" for entering it (b(1); without the MP, c: a hasty attack instead).
 * TRUE when the enemy units on @hex exert a possible zone of control onto
 * the unit's own hex or onto a hex next to it that it could enter paying
 * for it; else a refusal naming the case that keeps the control out. */
static gboolean
challenge_reaches (SandGame  *game,
                   int        unit,
                   int        hex,
                   GArray    *exerting,
                   GError   **error)
{
  const SandUnitState *u = &game->units[unit];
  g_autofree char *who = sand_game_unit_label_for (game, unit, game->clock.side,
                                                   SAND_UNIT_LABEL_WITH_ID);
  g_autofree char *hid = sand_game_hex_id (game, hex);
  int side = u->side;

  if (exerting->len == 0)
    {
      g_autoptr(GArray) there = g_array_new (FALSE, FALSE, sizeof (int));
      gboolean fort = defenders_at (game, hex, side, there);
      if (there->len == 0)
        sand_game_refuse (game, error, "Formation Status, Probe Segment",
                          _("There are no enemy units on %s to challenge."), hid);
      else if (fort || sand_game_fort_alive_at (game, hex, -1))
        sand_game_refuse (game, error, "Zones of Control (D)",
                          _("The units on %s are in a fortification and have no zone of control "
                            "to challenge."), hid);
      else
        sand_game_refuse (game, error, "Zones of Control (C)",
                          _("The units on %s exert no zone of control (entrained, or shown "
                            "concentrated) to challenge."), hid);
      return FALSE;
    }
  /* the hexes it is on or about to enter: its own and its neighbours */
  const char *rule = NULL, *why = NULL;
  gboolean short_of_mp = FALSE;
  int best_need = 0;
  for (int k = -1; k < SAND_N_DIRS; k++)
    {
      int x = k < 0 ? u->hex : game->nbr[u->hex * SAND_N_DIRS + k];
      if (x == SAND_HEX_NONE || x == hex)
        continue;
      int dir = sand_grid_direction_to (game->grid, x, hex);
      if (dir < 0)
        continue;
      if (game->zoc_side_blocked[x] & (1u << dir))
        {
          rule = "Zones of Control (B)";
          why = N_("zones of control do not extend across river hexsides");
          continue;
        }
      if (sand_game_fort_alive_at (game, x, side))
        {
          rule = "Zones of Control (D)";
          why = N_("control never reaches a hex with a friendly fortification");
          continue;
        }
      int friends = game->n_combat[side][x]
        - (x == u->hex && sand_game_unit_is_combat (game, unit));
      if (friends > 0)
        {
          rule = "Zones of Control (F)";
          why = N_("control never reaches a hex with friendly combat units");
          continue;
        }
      if (k < 0)
        return TRUE;  /* it stands in that possible control already */
      /* b: able to pay for entering it; c: else a hasty attack */
      SandStepState st = { (u->flags & SAND_UNIT_ONCE_PAID) ? 1 : 0, TRUE,
                           sand_zoc_controlled_for (game, side, u->hex, unit) };
      gboolean stop = FALSE;
      const char *r2 = NULL, *w2 = NULL;
      int cost = sand_movement_step (game, unit, u->hex, k, x, &st, &stop, &r2, &w2);
      if (cost < 0)
        continue;  /* it could not go there at all */
      if (!game->mv_probe && !(game->zoc_mask[x] & ~(1u << side)))
        cost += game->params.zoc_enter;  /* as if controlled: a possible zone */
      if (cost <= sand_game_unit_mp_left (game, unit))
        return TRUE;
      short_of_mp = TRUE;
      best_need = best_need == 0 ? cost : MIN (best_need, cost);
    }
  if (short_of_mp)
    sand_game_refuse (game, error, "Formation Status, Probe Segment c",
                      _("%s has %d MP left and needs %d to enter the possible zone of control of "
                        "%s; without them it makes a hasty attack instead of a challenge."), who,
                      sand_game_unit_mp_left (game, unit), best_need, hid);
  else if (rule != NULL)
    sand_game_refuse (game, error, rule,
                      _("The units on %s exert no possible zone of control onto a hex %s is on or "
                        "about to enter: %s."), hid, who, _(why));
  else
    sand_game_refuse (game, error, "Formation Status, Probe Segment",
                      _("A challenge is made upon moving into a possible enemy zone of control: "
                        "the units on %s exert none onto a hex %s is on or about to enter."), hid,
                      who);
  return FALSE;
}

/* Formation Status, Probe Segment b(1): `challenge ID HEX` — the units on
 * HEX show their formation markers to the moving unit ID, which stands in
 * or next to a hex they may control. Concentrated: no ZoC, it moves on;
 * extended: it ceases all movement, with no hasty attack. */
static gboolean
act_challenge (SandGame          *game,
               const SandAction  *a,
               SandResult        *res,
               GError           **error)
{
  int unit = a->unit, hex = a->hex;
  SandUnitState *u = &game->units[unit];
  g_autofree char *who = sand_game_unit_label_for (game, unit, game->clock.side,
                                                   SAND_UNIT_LABEL_WITH_ID);
  if (!formation_rule (game))
    {
      sand_game_refuse (game, error, "Formation Status",
                        _("Formation Status is an optional rule this scenario does not use."));
      return FALSE;
    }
  if (!sand_movement_check_may_move (game, unit, error))
    return FALSE;
  if (u->flags & SAND_UNIT_HASTY)
    {
      sand_game_refuse (game, error, "Formation Status, Probe Segment b(2)",
                        _("%s made a hasty attack; it may not challenge."), who);
      return FALSE;
    }
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) exerting = g_array_new (FALSE, FALSE, sizeof (int));
  defenders_at (game, hex, u->side, all);
  for (guint i = 0; i < all->len; i++)
    if (fpw_exerts_zoc (game, g_array_index (all, int, i)))
      g_array_append_val (exerting, g_array_index (all, int, i));
  sand_zoc_update (game);
  if (!challenge_reaches (game, unit, hex, exerting, error))
    return FALSE;
  sand_game_begin_action (game);
  sand_game_begin_motion (game, unit);
  gboolean any_extended = FALSE;
  for (guint i = 0; i < all->len; i++)
    game->units[g_array_index (all, int, i)].aux[0] |= FPW_FORMATION_SHOWN;
  for (guint i = 0; i < exerting->len; i++)
    any_extended |= !(game->units[g_array_index (exerting, int, i)].flags
                      & SAND_UNIT_CONCENTRATED);
  u->aux[0] |= FPW_CHALLENGED;
  if (any_extended)
    {
      /* "the unit must cease all movement" */
      u->flags |= SAND_UNIT_STOPPED;
      sand_game_end_motion (game);
    }
  sand_game_changed (game);
  res->unit = unit;
  sand_result_add_string (res, "formation", any_extended ? "extended" : "concentrated");
  sand_result_add_bool (res, "may_move_on", !any_extended);
  SandAction *act = unit_action (FPW_CHALLENGE, unit);
  act->hex = hex;
  sand_game_commit_action (game, act);
  return TRUE;
}

/* Plan J: `remove ID` takes the German unit off the map, no victory points. */
static gboolean
act_remove (SandGame          *game,
            const SandAction  *a,
            SandResult        *res,
            GError           **error)
{
  int unit = a->unit;
  SandUnitState *u = &game->units[unit];
  if (!plan_j_owed (game))
    {
      sand_game_refuse (game, error, "Variable Orders of Battle (J)",
                        _("No unit has to be removed now."));
      return FALSE;
    }
  if (u->side != fpw (game)->side_german || u->status != SAND_UNIT_ON_MAP
      || !sand_game_unit_is_real (game, unit))
    {
      sand_game_refuse (game, error, "Variable Orders of Battle (J)",
                        _("The Germans remove one of their combat units on the map."));
      return FALSE;
    }
  sand_game_begin_action (game);
  for (guint i = 0; i < game->markers->len; i++)
    if (g_array_index (game->markers, SandGameMarker, i).kind == plan_j_marker)
      {
        g_array_remove_index (game->markers, i);
        break;
      }
  sand_game_reveal_unit (game, unit);
  sand_game_remove_unit (game, unit, SAND_UNIT_ELIMINATED);
  sand_game_changed (game);
  sand_game_commit_action (game, unit_action (FPW_REMOVE, unit));
  return TRUE;
}

/* Variable Orders of Battle: `withhold ID` delays a reinforcement of the
 * side to move by a turn — one still to come, or one that arrived this turn
 * and has not moved (it goes back off the map). */
static gboolean
act_withhold (SandGame          *game,
              const SandAction  *a,
              SandResult        *res,
              GError           **error)
{
  int unit = a->unit;
  SandUnitState *u = &game->units[unit];
  if (!sand_scenario_has_option (game->scenario, "variable-oob"))
    {
      sand_game_refuse (game, error, "Variable Orders of Battle",
                        _("Reinforcements are withheld only with Variable Orders of Battle."));
      return FALSE;
    }
  if (u->side != game->clock.side)
    {
      sand_game_refuse (game, error, "Variable Orders of Battle",
                        _("Only the side to move withholds its reinforcements."));
      return FALSE;
    }
  gboolean just_arrived = u->status == SAND_UNIT_ON_MAP && u->arrive_turn == game->clock.turn
    && u->arrive_hex == u->hex && !(u->flags & SAND_UNIT_MOVED)
    && (game->clock.phase == game->phase_reinforcement
        || game->clock.phase == game->phase_movement);
  if (u->status != SAND_UNIT_WAITING && !just_arrived)
    {
      sand_game_refuse (game, error, "Variable Orders of Battle",
                        _("%s is not a reinforcement still to come or just arrived."),
                        sand_game_unit_id (game, unit));
      return FALSE;
    }
  sand_game_begin_action (game);
  if (just_arrived)
    {
      guint32 keep = u->flags & (SAND_UNIT_ENTRAINED | SAND_UNIT_FACE_DOWN | SAND_UNIT_DUMMY
                                 | SAND_UNIT_CONCENTRATED);
      int hex = u->hex;
      /* a unit in motion (it changed formation) goes off with its movement over */
      if (sand_game_unit_in_motion (game) == unit)
        sand_game_end_motion (game);
      sand_game_remove_unit (game, unit, SAND_UNIT_WAITING);
      u->flags = keep;
      u->arrive_hex = hex;
      u->mp_spent = 0;
    }
  u->arrive_turn = (just_arrived ? game->clock.turn : MAX (u->arrive_turn, game->clock.turn)) + 1;
  sand_game_changed (game);
  res->unit = unit;
  sand_result_add_int (res, "arrive", u->arrive_turn);
  sand_game_commit_action (game, unit_action (FPW_WITHHOLD, unit));
  return TRUE;
}

static const char *
fpw_formation_for (SandGame *game,
                   int       unit,
                   int       viewer)
{
  const SandUnitState *u = &game->units[unit];
  if (!formation_rule (game) || !sand_game_unit_is_combat (game, unit)
      || u->status != SAND_UNIT_ON_MAP)
    return NULL;
  /* the marker is face down to the enemy unless a challenge showed it */
  if (viewer >= 0 && viewer != u->side && !(u->aux[0] & FPW_FORMATION_SHOWN))
    return NULL;
  return (u->flags & SAND_UNIT_CONCENTRATED) ? "concentrated" : "extended";
}

static void
fpw_unit_flags (SandGame  *game,
                int        unit,
                GPtrArray *names)
{
  guint32 f = game->units[unit].flags;
  if (f & SAND_UNIT_MUST_PROBE)
    g_ptr_array_add (names, (gpointer) "must-probe");
  if (f & SAND_UNIT_NO_COMBAT)
    g_ptr_array_add (names, (gpointer) "no-combat");
  if (f & SAND_UNIT_HASTY)
    g_ptr_array_add (names, (gpointer) "hasty");
}

/* What the enemy reads of the module's actions (sand_game_log_line_for). */

/* A secret plan: the withheld reinforcements are not seen at all. */
static char *
withhold_for (SandGame *game, const SandAction *a, int viewer)
{
  return NULL;
}

/* Formation markers are face down: the formations chosen before play are
 * secret, and in play the enemy sees a marker changed, not to what. */
static char *
formation_for (SandGame *game, const SandAction *a, int viewer)
{
  if (before_play (game))
    return NULL;
  g_autofree char *name = sand_game_unit_name_for (game, a->unit, viewer);
  return g_strdup_printf ("formation %s", name);
}

/* "Shuffled": which counter is the returned dummy is secret. */
static char *
dummy_for (SandGame *game, const SandAction *a, int viewer)
{
  g_autofree char *hid = sand_game_hex_id (game, a->hex);
  return g_strdup_printf ("dummy %s", hid);
}

/* A hasty attack's allocation stays secret while the attacker does. */
static const SandActionSpec hasty_seen = {
  "hasty", SAND_ACTION_MODULE, { { SAND_FIELD_HEX }, { SAND_FIELD_UNIT } }, SAND_TAKES_LOSSES,
};

static char *
hasty_for (SandGame *game, const SandAction *a, int viewer)
{
  if (sand_game_unit_visible (game, a->unit, viewer))
    return sand_action_format_for (game, a, viewer);
  SandAction seen = *a;
  seen.spec = &hasty_seen;
  return sand_action_format_for (game, &seen, viewer);
}

static const char *const formation_words[] = { "concentrated", "extended", NULL };

static const SandActionSpec fpw_actions[FPW_N_ACTIONS] = {
  [FPW_HASTY] = { "hasty", SAND_ACTION_MODULE,
                  { { SAND_FIELD_HEX }, { SAND_FIELD_UNIT },
                    { SAND_FIELD_NUMBER, N_("Combat Points") } },
                  SAND_TAKES_LOSSES | SAND_TAKES_ASK, NULL,
                  N_("Usage: hasty HEX UNIT POINTS [losses=ID:N,…]."), 0, act_hasty, hasty_for,
                  NULL },
  [FPW_DUMMY] = { "dummy", SAND_ACTION_MODULE, { { SAND_FIELD_UNIT }, { SAND_FIELD_HEX } }, 0,
                  NULL, N_("Usage: dummy UNIT HEX."), 0, act_dummy, dummy_for, NULL },
  [FPW_REMOVE] = { "remove", SAND_ACTION_MODULE, { { SAND_FIELD_UNIT } }, 0, NULL,
                   N_("Usage: remove UNIT."), 0, act_remove, NULL, NULL },
  [FPW_WITHHOLD] = { "withhold", SAND_ACTION_MODULE, { { SAND_FIELD_UNIT } }, 0, NULL,
                     N_("Usage: withhold UNIT."), 0, act_withhold, withhold_for, NULL },
  [FPW_FORMATION] = { "formation", SAND_ACTION_MODULE,
                      { { SAND_FIELD_UNIT }, { SAND_FIELD_WORD } }, 0, formation_words,
                      N_("Usage: formation UNIT concentrated|extended."), 0, act_formation,
                      formation_for, NULL },
  [FPW_CHALLENGE] = { "challenge", SAND_ACTION_MODULE,
                      { { SAND_FIELD_UNIT }, { SAND_FIELD_HEX } }, 0, NULL,
                      N_("Usage: challenge UNIT HEX."), 0, act_challenge, NULL, NULL },
};

const SandRulesModule sand_rules_fpw1870 = {
  .ruleset_id = "fpw1870",
  .setup = fpw_setup,
  .teardown = fpw_teardown,
  .edge_cost = fpw_edge_cost,
  .once_extra = fpw_once_extra,
  .zoc_crosses = fpw_zoc_crosses,
  .side_may_enter = fpw_side_may_enter,
  .allowance = fpw_allowance,
  .exerts_zoc = fpw_exerts_zoc,
  .counts_for_stacking = fpw_counts_for_stacking,
  .may_move = fpw_may_move,
  .entered_hex = fpw_entered_hex,
  .special_mode = fpw_special_mode,
  .special_step = fpw_special_step,
  .special_spend = fpw_special_spend,
  .special_walk = fpw_special_walk,
  .phase_end = fpw_phase_end,
  .phase_automatic = fpw_phase_automatic,
  .entrain = fpw_entrain,
  .detrain = fpw_detrain,
  .odds = fpw_odds,
  .attack = fpw_attack,
  .supply_all = fpw_supply_all,
  .victory = fpw_victory,
  .victory_for = fpw_victory_for,
  .max_strength = fpw_max_strength,
  .reserve_units = fpw_reserve_units,
  .may_place_reserve = fpw_may_place_reserve,
  .may_exit = fpw_may_exit,
  .actions = fpw_actions,
  .n_actions = FPW_N_ACTIONS,
  .unit_flags = fpw_unit_flags,
  .phase_begin = fpw_phase_begin,
  .may_end_phase = fpw_may_end_phase,
  .formation_for = fpw_formation_for,
  .step_check = fpw_step_check,
  .hasty = fpw_hasty,
};
