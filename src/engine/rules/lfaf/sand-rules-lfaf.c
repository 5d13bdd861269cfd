/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules-lfaf.c: La fleur au fusil, août 1914: setup, terrain, units.
 *
 * Sections 0-5 of the rulebook are played as written (zones of control
 * with their forest, village and river exceptions, stacking by steps,
 * reinforcements at the flags); the rest is reconstructed (DESIGN.md §5)
 * and cited as sections 6-12 of docs/rules-lfaf1914.md: command, combat
 * (one d6 plus modifiers on a single table), artillery and Barrage
 * markers, rally, aerial reconnaissance, terrain costs and victory. Every
 * number comes from data/rulesets/lfaf1914.xml, read once into LfafData.
 *
 * A unit's strength is its steps. The module's own per-unit state is in
 * aux[0] (LF_* bits); Barrage, reconnaissance and village control are game
 * markers, so undo and replays restore them with the rest.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-rules-lfaf-private.h"

#include <string.h>

/* 4.1: headquarters and artillery count one step, others their steps. */
int
lfaf_stack_value (SandGame *game, int unit)
{
  LfafData *d = lfaf (game);
  int fixed = tparam (d->type_stack, d, utype (game, unit), 0);
  return fixed > 0 ? fixed : sand_game_units (game)[unit].strength;
}

int
lfaf_stack_at (SandGame *game, int side, int hex, int except)
{
  int total = 0;
  if (sand_game_n_any_at (game, side, hex) == 0)
    return 0;
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    {
      const SandUnitState *u = &sand_game_units (game)[i];
      if (u->status == SAND_UNIT_ON_MAP && u->hex == hex && u->side == side && (int) i != except)
        total += lfaf_stack_value (game, (int) i);
    }
  return total;
}

gboolean
lfaf_pinned_hex (SandGame *game, int side, int hex)
{
  for (guint i = 0; i < sand_game_n_markers (game); i++)
    {
      const SandGameMarker *m = sand_game_get_marker (game, i);
      if (g_str_equal (m->kind, MK_BARRAGE) && m->hex == hex && m->side != side)
        return TRUE;
    }
  return FALSE;
}

gboolean
lfaf_pinned (SandGame *game, int unit)
{
  const SandUnitState *u = &sand_game_units (game)[unit];
  return u->status == SAND_UNIT_ON_MAP && lfaf_pinned_hex (game, u->side, u->hex);
}

int
lfaf_unit_max_steps (SandGame *game, int unit)
{
  LfafData *d = lfaf (game);
  const SandCounter *c = sand_game_get_counter (game, unit);
  if (c->steps > 0)
    return c->steps;
  return MAX (1, tparam (d->type_steps, d, utype (game, unit), 1));
}

/* Setup ------------------------------------------------------------------ */

/* An HQ commands the formation its name ends with ("EM 1re BIC" commands
 * units whose parent is "1re BIC"; "11. ID" those of "11. ID"). */
static gboolean
hq_names (const char *hq_name, const char *formation)
{
  if (hq_name == NULL || formation == NULL || formation[0] == '\0')
    return FALSE;
  gsize a = strlen (hq_name), b = strlen (formation);
  if (b > a || strcmp (hq_name + a - b, formation) != 0)
    return FALSE;
  return a == b || hq_name[a - b - 1] == ' ';
}

static int
find_hq (SandGame *game, int side, const char *formation, int except)
{
  LfafData *d = lfaf (game);
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    if ((int) i != except && sand_game_units (game)[i].side == side
        && is_type (game, (int) i, d->t_hq)
        && hq_names (sand_game_get_counter (game, (int) i)->name, formation))
      return (int) i;
  return -1;
}

static int
pint (SandRuleset *rs, const char *name, int fallback)
{
  return sand_ruleset_param_int (rs, name, fallback);
}

static gboolean
lfaf_setup (SandGame         *game,
            SandRulesParams  *p,
            GError          **error)
{
  const SandUnitState *unit_states = sand_game_units (game);
  SandRuleset *rs = sand_game_get_ruleset (game);
  LfafData *d = g_new0 (LfafData, 1);

  sand_game_set_rules_data (game, d);
  d->side_french = sand_ruleset_find_side (rs, "french");
  d->side_german = sand_ruleset_find_side (rs, "german");
  d->t_infantry = sand_ruleset_find_unit_type (rs, "infantry");
  d->t_light = sand_ruleset_find_unit_type (rs, "light");
  d->t_artillery = sand_ruleset_find_unit_type (rs, "artillery");
  d->t_cavalry = sand_ruleset_find_unit_type (rs, "cavalry");
  d->t_hq = sand_ruleset_find_unit_type (rs, "hq");
  d->n_types = (int) sand_ruleset_n_unit_types (rs);
  d->type_steps = g_new0 (int, d->n_types + 1);
  d->type_stack = g_new0 (int, d->n_types + 1);
  d->type_zoc = g_new0 (int, d->n_types + 1);
  d->type_line = g_new0 (int, d->n_types + 1);
  d->type_ma = g_new0 (int, d->n_types + 1);
  d->type_road_exempt = g_new0 (int, d->n_types + 1);
  for (int t = 0; t < d->n_types; t++)
    {
      GHashTable *tp = sand_ruleset_get_unit_type (rs, (guint) t)->params;
      d->type_steps[t] = sand_params_int (tp, "steps", 1);
      d->type_stack[t] = sand_params_int (tp, "stack-steps", 0);
      d->type_zoc[t] = sand_params_int (tp, "zoc", 1);
      d->type_line[t] = sand_params_int (tp, "line", 0);
      d->type_ma[t] = sand_params_int (tp, "ma", 4);
      d->type_road_exempt[t] = sand_params_int (tp, "road-stack-exempt", 0);
      if (t == d->t_hq)
        d->command_radius = sand_params_int (tp, "command-radius", 4);
      if (t == d->t_artillery)
        d->bombard_range = sand_params_int (tp, "bombard-range", 5);
    }
  guint n_terrains = sand_ruleset_n_terrains (rs);
  d->terrain_drm = g_new0 (int, n_terrains + 1);
  d->terrain_nozoc = g_new0 (guint8, n_terrains + 1);
  d->terrain_cost = g_new0 (int, n_terrains + 1);
  for (guint t = 0; t < n_terrains; t++)
    {
      const SandTerrainDef *def = sand_ruleset_get_terrain (rs, t);
      d->terrain_drm[t] = sand_params_int (def->params, "assault-drm", 0);
      d->terrain_nozoc[t] = (guint8) sand_params_int (def->params, "no-zoc", 0);
      d->terrain_cost[t] = def->move_cost;
    }
  d->terrain_village = sand_ruleset_find_terrain (rs, "village");
  d->f_river = sand_ruleset_find_side_feature (rs, "river");
  d->f_bridge = sand_ruleset_find_side_feature (rs, "bridge");
  d->f_road = sand_ruleset_find_side_feature (rs, "road");
  d->road_cost = 1;
  d->road_limit_units = 1;
  d->road_limit_line = 2;
  for (guint f = 0; f < sand_ruleset_n_side_features (rs) && f < SAND_MAX_SIDE_FEATURES; f++)
    {
      const SandSideFeatureDef *def = sand_ruleset_get_side_feature (rs, f);
      d->side_drm[f] = sand_params_int (def->params, "assault-drm", 0);
      if (sand_params_int (def->params, "cancels-crossing", 0))
        d->cancelled_by_bridge |= def->requires;
      if ((int) f == d->f_road)
        {
          d->road_cost = def->move_cost;
          d->road_limit_units = sand_params_int (def->params, "stack-limit-units", 1);
          d->road_limit_line = sand_params_int (def->params, "stack-limit-line-infantry", 2);
        }
    }
  d->stack_limit = pint (rs, "stack-limit-steps", 6);
  d->retreat_zoc_loss = pint (rs, "retreat-into-zoc-loss", 1);
  d->mass_max = pint (rs, "assault-mass-max", 2);
  d->art_max = pint (rs, "assault-artillery-max", 2);
  d->quality_factor = pint (rs, "assault-quality-factor", 1);
  d->pinned_drm = pint (rs, "assault-pinned-drm", 2);
  d->ooc_drm = pint (rs, "assault-out-of-command-drm", -1);
  d->lone_drm = pint (rs, "assault-lone-support-drm", 2);
  d->rally_roll = pint (rs, "rally-roll-normal", 4);
  d->recon_drm = pint (rs, "recon-bombard-drm", 1);
  d->recon_radius = pint (rs, "recon-radius", 3);
  d->cover_drm = pint (rs, "bombard-cover-drm", -1);
  d->unable_retreat_loss = pint (rs, "retreat-blocked-loss", 1);
  d->vp_step = pint (rs, "victory-step-points", 1);
  d->vp_start_villages = pint (rs, "victory-start-villages-score", 0);
  d->vp_surplus = pint (rs, "victory-surplus-steps-score", 0);
  d->assault = sand_ruleset_get_table (rs, "assault");
  d->bombard = sand_ruleset_get_table (rs, "bombardment");
  if (d->assault == NULL || d->bombard == NULL)
    {
      g_set_error (error, SAND_GAME_ERROR, SAND_GAME_ERROR_SETUP,
                   _("The ruleset lacks the assault or bombardment table."));
      return FALSE;
    }
  d->col_att = sand_table_find_column (d->assault, "attacker-steps");
  d->col_def = sand_table_find_column (d->assault, "defender-steps");
  d->col_dret = sand_table_find_column (d->assault, "defender-retreat");
  d->col_aret = sand_table_find_column (d->assault, "attacker-retreat");
  d->col_barrage = sand_table_find_column (d->bombard, "barrage");
  d->col_steps = sand_table_find_column (d->bombard, "steps");

  /* Steps: a counter without printed steps has its type's (section 1);
   * artillery set up on its fire side. */
  d->hq_of = g_new (int, sand_game_unit_count (game) + 1);
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    {
      const SandUnitState *u = &unit_states[i];
      if (u->strength <= 0)
        sand_game_set_unit_strength (game, i, lfaf_unit_max_steps (game, (int) i));
      if (is_type (game, (int) i, d->t_artillery))
        sand_game_set_unit_aux (game, i, 0, u->aux[0] | LF_DEPLOYED);
    }
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    {
      const SandCounter *c = sand_game_get_counter (game, (int) i);
      d->hq_of[i] = find_hq (game, unit_states[i].side, c->parent, (int) i);
    }
  d->victory = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < sand_map_n_markers (sand_game_get_map (game)); i++)
    if (sand_map_get_marker (sand_game_get_map (game), i)->kind == SAND_MARKER_VICTORY)
      {
        int k = (int) i;
        g_array_append_val (d->victory, k);
      }
  /* start_hex and start_held are filled by the game's first phase begin,
   * once the orders of battle have placed the units (lfaf_record_start). */
  d->start_hex = g_new (int, sand_game_unit_count (game) + 1);
  for (guint i = 0; i <= sand_game_unit_count (game); i++)
    d->start_hex[i] = SAND_HEX_NONE;

  *p = (SandRulesParams) {
    .zoc_enter = 0,
    .zoc_leave = pint (rs, "zoc-leave-cost", 2),
    .zoc_stop = pint (rs, "zoc-stop", 1) != 0,
    .zoc_to_zoc = FALSE,
    .zoc_ignores_friends = TRUE,
    .die_sides = 6,
    .rule_phase = "LFAF 2",
    .rule_side = "LFAF 2",
    .rule_enemy_hex = "LFAF 4.1",
    .why_enemy_hex = N_("friendly units cannot enter hexes containing enemy units, except to "
                        "attack headquarters or artillery alone"),
    .rule_no_entry = "LFAF 11.2",
    .rule_terrain = "LFAF 11.2",
    .rule_mp = "LFAF 11.1",
    .rule_zoc_stop = "LFAF 3.1",
    .rule_zoc_to_zoc = "LFAF 3.1",
  };
  return TRUE;
}

static void
lfaf_teardown (SandGame *game)
{
  LfafData *d = lfaf (game);
  if (d == NULL)
    return;
  g_free (d->type_steps);
  g_free (d->type_stack);
  g_free (d->type_zoc);
  g_free (d->type_line);
  g_free (d->type_ma);
  g_free (d->type_road_exempt);
  g_free (d->terrain_drm);
  g_free (d->terrain_nozoc);
  g_free (d->terrain_cost);
  g_free (d->hq_of);
  g_array_unref (d->victory);
  g_free (d->start_hex);
  g_free (d->start_held);
  g_free (d->start_holder);
  g_free (d);
  sand_game_set_rules_data (game, NULL);
}

/* The tables are the setup's; start_hex and start_held are written once,
 * by the game's first phase begin (lfaf_record_start). Each copied whole. */
static void
lfaf_copy_data (SandGame *game,
                SandGame *copy)
{
  const LfafData *d = lfaf (game);
  gsize n_types = (gsize) d->n_types + 1;
  gsize n_terrains = sand_ruleset_n_terrains (sand_game_get_ruleset (game)) + 1;
  gsize n_units = sand_game_unit_count (game) + 1;
  LfafData *c = g_memdup2 (d, sizeof *d);

  c->type_steps = g_memdup2 (d->type_steps, sizeof (int) * n_types);
  c->type_stack = g_memdup2 (d->type_stack, sizeof (int) * n_types);
  c->type_zoc = g_memdup2 (d->type_zoc, sizeof (int) * n_types);
  c->type_line = g_memdup2 (d->type_line, sizeof (int) * n_types);
  c->type_ma = g_memdup2 (d->type_ma, sizeof (int) * n_types);
  c->type_road_exempt = g_memdup2 (d->type_road_exempt, sizeof (int) * n_types);
  c->terrain_drm = g_memdup2 (d->terrain_drm, sizeof (int) * n_terrains);
  c->terrain_nozoc = g_memdup2 (d->terrain_nozoc, n_terrains);
  c->terrain_cost = g_memdup2 (d->terrain_cost, sizeof (int) * n_terrains);
  c->hq_of = g_memdup2 (d->hq_of, sizeof (int) * n_units);
  c->victory = g_array_copy (d->victory);
  c->start_hex = g_memdup2 (d->start_hex, sizeof (int) * n_units);
  c->start_held = d->start_held != NULL
    ? g_memdup2 (d->start_held, sizeof (int) * (d->victory->len + 1)) : NULL;
  /* the start holders worked out at the set-up's end, with the epoch the
   * core's copy keeps */
  c->start_holder = d->start_holder != NULL
    ? g_memdup2 (d->start_holder, sizeof (int) * (d->victory->len + 1)) : NULL;
  sand_game_set_rules_data (copy, c);
}

/* Terrain (11, reconstructed) ------------------------------------------------ */

gboolean
lfaf_road_across (SandGame *game, int hex, int dir)
{
  LfafData *d = lfaf (game);
  return d->f_road >= 0 && sand_map_side_has (sand_game_get_map (game), hex, dir, d->f_road);
}

gboolean
lfaf_river_unbridged (SandGame *game, int hex, int dir)
{
  LfafData *d = lfaf (game);
  guint32 s = sand_map_get_side (sand_game_get_map (game), hex, dir);
  return d->f_river >= 0 && (s & (1u << d->f_river))
    && !(d->f_bridge >= 0 && (s & (1u << d->f_bridge)));
}

static int
lfaf_edge_cost (SandGame *game,
                int       hex,
                int       dir)
{
  LfafData *d = lfaf (game);
  int to = sand_grid_neighbour (sand_game_grid (game), hex, dir);
  int cost = d->terrain_cost[sand_map_get_terrain (sand_game_get_map (game), to)];
  guint32 side = sand_map_get_side (sand_game_get_map (game), hex, dir);

  /* 4.2: road movement negates the terrain cost of the hex. */
  if (lfaf_road_across (game, hex, dir))
    cost = MIN (cost, d->road_cost);
  if (d->f_bridge >= 0 && (side & (1u << d->f_bridge)))
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
lfaf_once_extra (SandGame *game, int terrain)
{
  return 0;
}

gboolean
lfaf_nozoc_hex (SandGame *game, int hex)
{
  return lfaf (game)->terrain_nozoc[sand_map_get_terrain (sand_game_get_map (game), hex)] != 0;
}

/* 3.2: no zone of control into, out of or inside forest and villages. */
static gboolean
lfaf_zoc_crosses (SandGame *game,
                  int       hex,
                  int       dir)
{
  int to = sand_grid_neighbour (sand_game_grid (game), hex, dir);
  return !lfaf_nozoc_hex (game, hex) && (to == SAND_HEX_NONE || !lfaf_nozoc_hex (game, to));
}

static gboolean
lfaf_side_may_enter (SandGame *game,
                     int       side,
                     int       hex)
{
  int c = sand_map_get_country (sand_game_get_map (game), hex);
  if (c < 0)
    return TRUE;
  return sand_ruleset_get_country (sand_game_get_ruleset (game), (guint) c)->passable;
}

/* Units ------------------------------------------------------------------- */

static int
lfaf_allowance (SandGame *game,
                int       unit)
{
  LfafData *d = lfaf (game);
  const SandCounter *c = sand_game_get_counter (game, unit);
  int ma = c->ma > 0 ? c->ma : tparam (d->type_ma, d, utype (game, unit), 4);
  /* 6.2: out of command, half the allowance (rounded up). */
  if (sand_game_units (game)[unit].aux[0] & LF_OOC)
    ma = (ma + 1) / 2;
  return ma;
}

/* 3.2: HQs and artillery exert none; nor does a unit in forest or village. */
static gboolean
lfaf_exerts_zoc (SandGame *game,
                 int       unit)
{
  LfafData *d = lfaf (game);
  if (!tparam (d->type_zoc, d, utype (game, unit), 1))
    return FALSE;
  return !lfaf_nozoc_hex (game, sand_game_units (game)[unit].hex);
}

static gboolean
lfaf_may_move (SandGame  *game,
               int        unit,
               GError   **error)
{
  g_autofree char *uid = sand_game_unit_label_for (game, unit, sand_game_get_side (game),
                                                   SAND_UNIT_LABEL_WITH_ID);
  if (sand_game_units (game)[unit].aux[0] & LF_RALLY)
    {
      sand_game_refuse (game, error, "LFAF 2",
                        _("%s is attempting to rally and must remain stationary."), uid);
      return FALSE;
    }
  if (lfaf_pinned (game, unit))
    {
      sand_game_refuse (game, error, "LFAF 8.3",
                        _("%s is pinned by a Barrage marker and may not move until it is "
                          "removed."), uid);
      return FALSE;
    }
  return TRUE;
}

const SandRulesModule sand_rules_lfaf1914 = {
  .ruleset_id = "lfaf1914",
  .setup = lfaf_setup,
  .teardown = lfaf_teardown,
  .copy_data = lfaf_copy_data,
  .edge_cost = lfaf_edge_cost,
  .once_extra = lfaf_once_extra,
  .zoc_crosses = lfaf_zoc_crosses,
  .side_may_enter = lfaf_side_may_enter,
  .allowance = lfaf_allowance,
  .exerts_zoc = lfaf_exerts_zoc,
  .may_move = lfaf_may_move,
  .entered_hex = lfaf_entered_hex,
  .may_enter_enemy = lfaf_may_enter_enemy,
  .may_end = lfaf_may_end,
  .phase_begin = lfaf_phase_begin,
  .phase_end = lfaf_phase_end,
  .phase_automatic = lfaf_phase_automatic,
  .odds = lfaf_odds,
  .attack = lfaf_attack,
  .victory = lfaf_victory,
  .max_strength = lfaf_max_strength,
  .actions = lfaf_actions,
  .n_actions = LF_N_ACTIONS,
  .step_check = lfaf_step_check,
  .arrived = lfaf_arrived,
  .unit_flags = lfaf_unit_flags,
};
