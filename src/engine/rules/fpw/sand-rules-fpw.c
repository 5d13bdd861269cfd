/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules-fpw.c: Franco-Prussian War 1870: setup, static costs, units.
 *
 * The numbers come from data/rulesets/fpw1870.xml (read once, here, into
 * FpwData); the cases are cited as the rulebook names them. What the core
 * does not know about FPW lives in this folder, one file per part of the
 * rulebook (sand-rules-fpw-private.h lists them): rail movement and its
 * limits, EB units, rail cuts and secured lines, supply sources (rail
 * heads, forts with their capacities, the German "S"), the reconstructed
 * Combat Results Table with its die modifiers, flanking, fortifications,
 * the Combat Points at Chalons, victory points, and the Standard Game.
 * docs/rules-fpw1870.md lists every case.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-rules-fpw-private.h"

gboolean
fpw_adjacent_to_enemy (SandGame *game,
                       int       side,
                       int       hex,
                       gboolean  with_eb)
{
  for (int d = 0; d < SAND_N_DIRS; d++)
    {
      int n = sand_grid_neighbour (sand_game_grid (game), hex, d);
      if (n == SAND_HEX_NONE)
        continue;
      if (sand_game_enemy_blocks (game, side, n))
        return TRUE;
      if (with_eb)
        for (int s = 0; s < sand_game_n_sides (game); s++)
          if (s != side && sand_game_n_any_at (game, s, n) > sand_game_n_combat_at (game, s, n))
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
  SandRuleset *rs = sand_game_get_ruleset (game);
  FpwData *d = g_new0 (FpwData, 1);

  sand_game_set_rules_data (game, d);
  d->side_french = sand_ruleset_find_side (rs, "french");
  d->side_german = sand_ruleset_find_side (rs, "german");
  d->type_eb = sand_ruleset_find_unit_type (rs, "eb");
  d->type_dummy = sand_ruleset_find_unit_type (rs, "dummy");
  int combat_type = sand_ruleset_find_unit_type (rs, "combat");
  GHashTable *combat_params = combat_type >= 0
    ? sand_ruleset_get_unit_type (rs, (guint) combat_type)->params : NULL;
  for (int s = 0; s < sand_game_n_sides (game); s++)
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
  if (sand_scenario_has_option (sand_game_get_scenario (game), "variable-oob")
      && d->side_german >= 0)
    {
      const char *plan = sand_game_get_oob (game, d->side_german);
      SandOob *first = sand_scenario_default_oob (sand_game_get_scenario (game), d->side_german);
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

  d->rail_hex = g_new0 (guint8, sand_game_n_hexes (game));
  d->home = g_new (gint8, sand_game_n_hexes (game));
  for (int h = 0; h < sand_game_n_hexes (game); h++)
    {
      int c = sand_map_get_country (sand_game_get_map (game), h);
      d->home[h] = (gint8) (c >= 0 && c < 64 ? d->country_side_of[c] : -1);
      for (int dir = 0; dir < SAND_N_DIRS; dir++)
        if (rail_across (game, h, dir))
          d->rail_hex[h] |= (guint8) (1u << dir);
    }
  d->france_dist = fpw_france_dist_new (game);
  d->edge_values = g_array_new (FALSE, FALSE, sizeof (int));
  for (int s = 0; s < SAND_MAX_SIDES; s++)
    {
      d->rail_heads[s] = g_array_new (FALSE, FALSE, sizeof (int));
      d->point_sources[s] = g_array_new (FALSE, FALSE, sizeof (int));
    }
  guint n_markers = sand_map_n_markers (sand_game_get_map (game));
  for (guint i = 0; i < n_markers; i++)
    {
      const SandMarker *m = sand_map_get_marker (sand_game_get_map (game), i);
      if (m->kind == SAND_MARKER_ZONE && g_strcmp0 (m->group, "east-rhine") == 0
          && m->hex >= 0 && m->hex < sand_game_n_hexes (game))
        {
          if (d->east_rhine == NULL)
            d->east_rhine = g_new0 (guint8, sand_game_n_hexes (game));
          d->east_rhine[m->hex] = 1;
        }
      else if (m->kind == SAND_MARKER_EDGE_VALUE)
        {
          int idx = (int) i;
          g_array_append_val (d->edge_values, idx);
        }
      else if (m->kind == SAND_MARKER_SUPPLY && m->side >= 0 && m->side < sand_game_n_sides (game)
               && m->hex >= 0 && m->hex < sand_game_n_hexes (game))
        {
          FpwSource k = fpw_supply_source_kind (m);
          if (k == FPW_SOURCE_RAIL)
            g_array_append_val (d->rail_heads[m->side], m->hex);
          else if (k == FPW_SOURCE_HEX)
            g_array_append_val (d->point_sources[m->side], m->hex);
        }
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
  g_free (d->france_dist);
  g_free (d->lux_hex);
  fpw_memo_free (d->memo);
  g_array_unref (d->edge_values);
  for (int s = 0; s < SAND_MAX_SIDES; s++)
    {
      g_array_unref (d->rail_heads[s]);
      g_array_unref (d->point_sources[s]);
    }
  g_free (d);
  sand_game_set_rules_data (game, NULL);
}

/* Everything FpwData holds is made by the setup and never changes after;
 * the supply trace's pointers are the game's own arrays, taken again at
 * each trace (fpw_supply_prepare), so the copy starts without them, and
 * without the count's memo (a game's own: never shared, filled again). */
static void
fpw_copy_data (SandGame *game,
               SandGame *copy)
{
  const FpwData *d = fpw (game);
  int n = sand_game_n_hexes (game);
  gsize n_terrains = sand_ruleset_n_terrains (sand_game_get_ruleset (game)) + 1;
  FpwData *c = g_memdup2 (d, sizeof *d);

  c->terrain_drm = g_memdup2 (d->terrain_drm, sizeof (int) * n_terrains);
  c->rail_hex = g_memdup2 (d->rail_hex, (gsize) n);
  c->home = g_memdup2 (d->home, (gsize) n);
  c->east_rhine = d->east_rhine != NULL ? g_memdup2 (d->east_rhine, (gsize) n) : NULL;
  c->france_dist = g_memdup2 (d->france_dist, sizeof (int) * (gsize) n);
  c->memo = NULL;
  c->lux_hex = d->lux_hex != NULL ? g_memdup2 (d->lux_hex, (gsize) n) : NULL;
  c->edge_values = g_array_copy (d->edge_values);
  for (int s = 0; s < SAND_MAX_SIDES; s++)
    {
      c->rail_heads[s] = g_array_copy (d->rail_heads[s]);
      c->point_sources[s] = g_array_copy (d->point_sources[s]);
      c->interdict[s] = NULL;
    }
  c->rail_bits = NULL;
  c->interdict_gen = 0;
  sand_game_set_rules_data (copy, c);
}

/* Static costs -------------------------------------------------------------- */

static int
fpw_edge_cost (SandGame *game,
               int       hex,
               int       dir)
{
  FpwData *d = fpw (game);
  int to = sand_grid_neighbour (sand_game_grid (game), hex, dir);
  int terrain = sand_map_get_terrain (sand_game_get_map (game), to);
  const SandTerrainDef *t = sand_ruleset_get_terrain (sand_game_get_ruleset (game), terrain);
  int cost = t->move_cost;
  guint32 side = sand_map_get_side (sand_game_get_map (game), hex, dir);
  if (d->feature_bridge >= 0 && (side & (1u << d->feature_bridge)))
    side &= ~d->cancelled_by_bridge;
  for (guint f = 0; f < sand_ruleset_n_side_features (sand_game_get_ruleset (game)); f++)
    if (side & (1u << f))
      {
        const SandSideFeatureDef *def
          = sand_ruleset_get_side_feature (sand_game_get_ruleset (game), f);
        if (def->kind == SAND_SIDE_FEATURE)
          cost += def->move_cost;
      }
  return MIN (cost, SAND_IMPASSABLE);
}

static int
fpw_once_extra (SandGame *game,
                int       terrain)
{
  return sand_params_int (sand_ruleset_get_terrain (sand_game_get_ruleset (game),
                                                    (guint) terrain)->params,
                          "first-entry-extra", 0);
}

static gboolean
fpw_zoc_crosses (SandGame *game,
                 int       hex,
                 int       dir)
{
  guint32 side = sand_map_get_side (sand_game_get_map (game), hex, dir);
  for (guint f = 0; f < sand_ruleset_n_side_features (sand_game_get_ruleset (game)); f++)
    if ((side & (1u << f))
        && sand_params_int (sand_ruleset_get_side_feature (sand_game_get_ruleset (game), f)->params,
                            "blocks-zoc", 0))
      return FALSE;
  return TRUE;
}

static gboolean
fpw_side_may_enter (SandGame *game,
                    int       side,
                    int       hex)
{
  int c = sand_map_get_country (sand_game_get_map (game), hex);
  if (c < 0)
    return TRUE;
  const SandCountryDef *def = sand_ruleset_get_country (sand_game_get_ruleset (game), (guint) c);
  if (c == fpw (game)->luxemburg)
    return TRUE;
  /* National Boundaries: never Belgium or Luxemburg in the Basic Game. */
  return def->passable && def->side >= 0;
}

const char *const fpw_luxemburg_marker = "luxemburg-entered";

/* Whether a German unit has mobilized or moved into Luxemburg (plan C). */
gboolean
fpw_luxemburg_open (SandGame *game)
{
  const SandUnitState *unit_states = sand_game_units (game);
  FpwData *d = fpw (game);
  for (guint i = 0; i < sand_game_n_markers (game); i++)
    if (g_str_equal (sand_game_get_marker (game, i)->kind, fpw_luxemburg_marker))
      return TRUE;
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    if (unit_states[i].side == d->side_german && unit_states[i].status == SAND_UNIT_ON_MAP
        && sand_map_get_country (sand_game_get_map (game), unit_states[i].hex) == d->luxemburg)
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
  if (d->luxemburg < 0 || sand_game_units (game)[unit].side == d->side_german
      || sand_map_get_country (sand_game_get_map (game),
                               to) != d->luxemburg || fpw_luxemburg_open (game))
    return 0;
  *rule = "Variable Orders of Battle (C)";
  *why = N_("French units enter Luxemburg only after a German unit has entered it");
  return -1;
}

/* Units ------------------------------------------------------------------ */

int
fpw_allowance (SandGame *game,
               int       unit)
{
  FpwData *d = fpw (game);
  const SandUnitState *u = &sand_game_units (game)[unit];

  if (fpw_unit_is_eb (game, unit))
    return d->eb_hexes;
  const SandCounter *c = sand_game_get_counter (game, unit);
  int ma = c->ma > 0 ? c->ma : d->ma_default[u->side];
  /* Supply (D): unsupplied and isolated units move at half allowance,
   * judged at the start of the Movement Phase. */
  if (u->supply != SAND_SUPPLY_SUPPLIED)
    ma /= 2;
  return ma;
}

gboolean
fpw_exerts_zoc (SandGame *game,
                int       unit)
{
  const SandUnitState *u = &sand_game_units (game)[unit];

  /* ZOC (C): only unentrained combat units; (D): none from a fort. What
   * this reads of a unit is in the supply memo's key (sand-rules-fpw-memo.c):
   * a new condition goes there too. */
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
    && !(sand_game_units (game)[unit].flags & SAND_UNIT_ENTRAINED);
}

static gboolean
fpw_may_move (SandGame  *game,
              int        unit,
              GError   **error)
{
  const SandUnitState *unit_states = sand_game_units (game);
  /* Standard Game Sequence of Play: "each unit must finish all applicable
   * Movement Segments before another unit begins the Movement Phase" (a
   * stopped unit was told the more particular reason by the core). */
  if ((unit_states[unit].flags & SAND_UNIT_FINISHED) && fpw_one_in_motion (game))
    {
      g_autofree char *who = error == NULL ? NULL
        : sand_game_unit_label_for (game, unit, sand_game_get_side (game),
                                    SAND_UNIT_LABEL_WITH_ID);
      sand_game_refuse (game, error, "Standard Game Sequence of Play",
                        _("%s has finished its movement this phase: units move one at a time, "
                          "each to the end of its movement before the next begins."), who);
      return FALSE;
    }
  /* One unit moves at a time, so a probe owed is made before anything
   * else moves. */
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    if ((int) i != unit && (unit_states[i].flags & SAND_UNIT_MUST_PROBE)
        && unit_states[i].side == unit_states[unit].side)
      {
        g_autofree char *first = sand_game_unit_label_for (game, (int) i, sand_game_get_side (game),
                                                           SAND_UNIT_LABEL_WITH_ID);
        sand_game_refuse (game, error, "Standard Game Sequence of Play (2)",
                          _("%s entered enemy control without paying for it and must make its "
                            "hasty attack before another unit moves."),
                          first);
        return FALSE;
      }
  if (unit_states[unit].flags & SAND_UNIT_HALTED)
    {
      g_autofree char *who = sand_game_unit_label_for (game, unit, sand_game_get_side (game),
                                                       SAND_UNIT_LABEL_WITH_ID);
      sand_game_refuse (game, error, "EB Units (H)",
                        _("%s stopped at a river this phase and may move no further."),
                        who);
      return FALSE;
    }
  return TRUE;
}

const SandRulesModule sand_rules_fpw1870 = {
  .ruleset_id = "fpw1870",
  .validate = fpw_validate,
  .setup = fpw_setup,
  .teardown = fpw_teardown,
  .copy_data = fpw_copy_data,
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
  .in_motion = fpw_in_motion,
  .motion = fpw_motion,
  .may_finish = fpw_may_finish,
  .may_probe = fpw_may_probe,
  .prepare = fpw_prepare,
  .type_is_combat = fpw_type_is_combat,
  .unit_in_play = fpw_unit_in_play,
  .unit_flags_at_start = fpw_unit_flags_at_start,
  .phase_begin = fpw_phase_begin,
  .may_end_phase = fpw_may_end_phase,
  .formation_for = fpw_formation_for,
  .step_check = fpw_step_check,
  .hasty = fpw_hasty,
};
