/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules-lfaf.c: La fleur au fusil, août 1914.
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

#include "sand-game-private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
  LF_DEPLOYED = 1 << 0,  /* artillery on its fire side */
  LF_OOC      = 1 << 1,  /* out of command (judged in the Command Phase) */
  LF_RALLY    = 1 << 2,  /* carries a Rally marker */
  LF_FIRED    = 1 << 3,  /* artillery that bombarded or supported this phase */
  LF_SURPLUS  = 1 << 4,  /* picked by its owner to go first if its stack is still over the
                          * limit at the end of this Movement Phase (4.4) */
};

#define MK_BARRAGE "barrage"
#define MK_RECON "recon"
#define MK_CONTROL "control"

typedef struct {
  int side_french, side_german;
  int t_infantry, t_light, t_artillery, t_cavalry, t_hq;
  int n_types;
  int *type_steps, *type_stack, *type_zoc, *type_line, *type_ma, *type_road_exempt;
  int *terrain_drm;
  guint8 *terrain_nozoc;
  int *terrain_cost;
  int terrain_village;
  int f_river, f_bridge, f_road;
  int road_cost;
  int side_drm[SAND_MAX_SIDE_FEATURES];
  guint32 cancelled_by_bridge;
  int stack_limit, retreat_zoc_loss, road_limit_units, road_limit_line;
  int command_radius, bombard_range;
  int mass_max, art_max, quality_factor, pinned_drm, ooc_drm, lone_drm;
  int rally_roll, recon_drm, recon_radius, cover_drm, unable_retreat_loss;
  const SandTable *assault, *bombard;
  int col_att, col_def, col_dret, col_aret, col_barrage, col_steps;
  int *hq_of;       /* per unit: its commanding HQ (an HQ's superior), or -1 */
  GArray *victory;  /* map marker indices of victory hexes */
  /* 12 (reconstructed): points per step, and whether villages held from
   * the set-up and steps shed by over-limit stacks score at all. */
  int vp_step, vp_start_villages, vp_surplus;
  int *start_hex;   /* per unit: its hex in the scenario's set-up, or SAND_HEX_NONE */
  int *start_held;  /* per victory village: the side holding it at creation, or -1 */
} LfafData;

static LfafData *
lfaf (SandGame *game)
{
  return sand_game_rules_data (game);
}

static int
utype (SandGame *game, int unit)
{
  return sand_game_unit_type (game, unit);
}

static gboolean
is_type (SandGame *game, int unit, int type)
{
  return type >= 0 && utype (game, unit) == type;
}

static gboolean
is_support (SandGame *game, int unit)
{
  LfafData *d = lfaf (game);
  return is_type (game, unit, d->t_hq) || is_type (game, unit, d->t_artillery);
}

static int
tparam (int *arr, LfafData *d, int type, int fallback)
{
  return type >= 0 && type < d->n_types ? arr[type] : fallback;
}

/* 4.1: headquarters and artillery count one step, others their steps. */
static int
stack_value (SandGame *game, int unit)
{
  LfafData *d = lfaf (game);
  int fixed = tparam (d->type_stack, d, utype (game, unit), 0);
  return fixed > 0 ? fixed : game->units[unit].strength;
}

static int
stack_at (SandGame *game, int side, int hex, int except)
{
  int total = 0;
  if (game->n_any[side][hex] == 0)
    return 0;
  for (guint i = 0; i < game->n_units; i++)
    {
      const SandUnitState *u = &game->units[i];
      if (u->status == SAND_UNIT_ON_MAP && u->hex == hex && u->side == side && (int) i != except)
        total += stack_value (game, (int) i);
    }
  return total;
}

static gboolean
pinned_hex (SandGame *game, int side, int hex)
{
  for (guint i = 0; i < game->markers->len; i++)
    {
      const SandGameMarker *m = &g_array_index (game->markers, SandGameMarker, i);
      if (m->kind == g_intern_static_string (MK_BARRAGE) && m->hex == hex && m->side != side)
        return TRUE;
    }
  return FALSE;
}

static gboolean
pinned (SandGame *game, int unit)
{
  const SandUnitState *u = &game->units[unit];
  return u->status == SAND_UNIT_ON_MAP && pinned_hex (game, u->side, u->hex);
}

static int
unit_max_steps (SandGame *game, int unit)
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
  for (guint i = 0; i < game->n_units; i++)
    if ((int) i != except && game->units[i].side == side && is_type (game, (int) i, d->t_hq)
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
  SandRuleset *rs = game->ruleset;
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
                   "The ruleset lacks the assault or bombardment table.");
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
  d->hq_of = g_new (int, game->n_units + 1);
  for (guint i = 0; i < game->n_units; i++)
    {
      SandUnitState *u = &game->units[i];
      if (u->strength <= 0)
        u->strength = unit_max_steps (game, (int) i);
      if (is_type (game, (int) i, d->t_artillery))
        u->aux[0] |= LF_DEPLOYED;
    }
  for (guint i = 0; i < game->n_units; i++)
    {
      const SandCounter *c = sand_game_get_counter (game, (int) i);
      d->hq_of[i] = find_hq (game, game->units[i].side, c->parent, (int) i);
    }
  d->victory = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < sand_map_n_markers (game->map); i++)
    if (sand_map_get_marker (game->map, i)->kind == SAND_MARKER_VICTORY)
      {
        int k = (int) i;
        g_array_append_val (d->victory, k);
      }
  /* start_hex and start_held are filled by the game's first phase begin,
   * once the orders of battle have placed the units (record_start). */
  d->start_hex = g_new (int, game->n_units + 1);
  for (guint i = 0; i <= game->n_units; i++)
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
  g_free (d);
  sand_game_set_rules_data (game, NULL);
}

/* Terrain (11, reconstructed) ------------------------------------------------ */

static gboolean
road_across (SandGame *game, int hex, int dir)
{
  LfafData *d = lfaf (game);
  return d->f_road >= 0 && sand_map_side_has (game->map, hex, dir, d->f_road);
}

static gboolean
river_unbridged (SandGame *game, int hex, int dir)
{
  LfafData *d = lfaf (game);
  guint32 s = sand_map_get_side (game->map, hex, dir);
  return d->f_river >= 0 && (s & (1u << d->f_river))
    && !(d->f_bridge >= 0 && (s & (1u << d->f_bridge)));
}

static int
lfaf_edge_cost (SandGame *game,
                int       hex,
                int       dir)
{
  LfafData *d = lfaf (game);
  int to = sand_grid_neighbour (game->grid, hex, dir);
  int cost = d->terrain_cost[sand_map_get_terrain (game->map, to)];
  guint32 side = sand_map_get_side (game->map, hex, dir);

  /* 4.2: road movement negates the terrain cost of the hex. */
  if (road_across (game, hex, dir))
    cost = MIN (cost, d->road_cost);
  if (d->f_bridge >= 0 && (side & (1u << d->f_bridge)))
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
lfaf_once_extra (SandGame *game, int terrain)
{
  return 0;
}

static gboolean
nozoc_hex (SandGame *game, int hex)
{
  return lfaf (game)->terrain_nozoc[sand_map_get_terrain (game->map, hex)] != 0;
}

/* 3.2: no zone of control into, out of or inside forest and villages. */
static gboolean
lfaf_zoc_crosses (SandGame *game,
                  int       hex,
                  int       dir)
{
  int to = sand_grid_neighbour (game->grid, hex, dir);
  return !nozoc_hex (game, hex) && (to == SAND_HEX_NONE || !nozoc_hex (game, to));
}

static gboolean
lfaf_side_may_enter (SandGame *game,
                     int       side,
                     int       hex)
{
  int c = sand_map_get_country (game->map, hex);
  if (c < 0)
    return TRUE;
  return sand_ruleset_get_country (game->ruleset, (guint) c)->passable;
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
  if (game->units[unit].aux[0] & LF_OOC)
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
  return !nozoc_hex (game, game->units[unit].hex);
}

static gboolean
lfaf_may_move (SandGame  *game,
               int        unit,
               GError   **error)
{
  g_autofree char *uid = sand_game_unit_label_for (game, unit, game->clock.side,
                                                   SAND_UNIT_LABEL_WITH_ID);
  if (game->units[unit].aux[0] & LF_RALLY)
    {
      sand_game_refuse (game, error, "LFAF 2",
                        _("%s is attempting to rally and must remain stationary."), uid);
      return FALSE;
    }
  if (pinned (game, unit))
    {
      sand_game_refuse (game, error, "LFAF 8.3",
                        _("%s is pinned by a Barrage marker and may not move until it is "
                          "removed."), uid);
      return FALSE;
    }
  return TRUE;
}

static void
update_control (SandGame *game, int hex)
{
  LfafData *d = lfaf (game);
  for (guint k = 0; k < d->victory->len; k++)
    {
      const SandMarker *m = sand_map_get_marker (game->map, (guint) g_array_index (d->victory,
                                                                                   int, k));
      if (m->hex != hex)
        continue;
      int holder = -1, sides = 0;
      for (int s = 0; s < game->n_sides; s++)
        if (game->n_any[s][hex] > 0)
          {
            holder = s;
            sides++;
          }
      if (sides != 1)
        return;
      int i = sand_game_find_marker (game, MK_CONTROL, hex);
      if (i >= 0 && g_array_index (game->markers, SandGameMarker, i).side == holder)
        return;
      if (i >= 0)
        sand_game_remove_marker (game, (guint) i);
      sand_game_add_marker (game, MK_CONTROL, hex, holder, m->value);
      return;
    }
}

/* 12 (reconstructed): the start position the village points are measured
 * from — where the orders of battle put each unit, and who held each
 * victory village, when the game was made. */
static void
record_start (SandGame *game)
{
  LfafData *d = lfaf (game);
  for (guint i = 0; i < game->n_units; i++)
    {
      const SandUnitState *u = &game->units[i];
      /* turn 1's reinforcements entered already are not set-up */
      d->start_hex[i] = u->status == SAND_UNIT_ON_MAP && u->arrive_turn <= 0 ? u->hex
        : SAND_HEX_NONE;
    }
  d->start_held = g_new (int, d->victory->len + 1);
  for (guint k = 0; k < d->victory->len; k++)
    {
      int hex = sand_map_get_marker (game->map, (guint) g_array_index (d->victory, int, k))->hex;
      int i = sand_game_find_marker (game, MK_CONTROL, hex);
      d->start_held[k] = i >= 0 ? g_array_index (game->markers, SandGameMarker, i).side : -1;
    }
}

/* Who held victory village @k when play began: the side alone in it once
 * set up (the "setup" lines lead the log, sand_game_set_up), or, if the
 * set-up left it empty, whoever held it when the game was made (as
 * update_control keeps a village with the side last alone in it). */
static int
start_holder (SandGame *game, guint k)
{
  LfafData *d = lfaf (game);
  if (d->start_held == NULL)
    return -1;
  int hex = sand_map_get_marker (game->map, (guint) g_array_index (d->victory, int, k))->hex;
  g_autofree int *at = g_memdup2 (d->start_hex, sizeof (int) * (game->n_units + 1));
  for (guint l = 0; l < sand_game_log_length (game); l++)
    {
      g_auto(GStrv) w = g_strsplit (sand_game_log_line (game, l), " ", -1);
      if (g_strcmp0 (w[0], "setup") != 0)
        break;
      int unit = w[1] != NULL ? sand_game_find_unit (game, w[1]) : -1;
      int to = SAND_HEX_NONE;
      if (unit >= 0 && w[2] != NULL && sand_grid_parse_id (game->grid, w[2], &to))
        at[unit] = to;
    }
  int holder = -1, sides = 0;
  for (int s = 0; s < game->n_sides; s++)
    for (guint i = 0; i < game->n_units; i++)
      if (game->units[i].side == s && at[i] == hex)
        {
          holder = s;
          sides++;
          break;
        }
  return sides == 1 ? holder : sides == 0 ? d->start_held[k] : -1;
}

static void
lfaf_entered_hex (SandGame *game,
                  int       unit,
                  int       hex,
                  int       from)
{
  /* 8.1: artillery that moves is on its movement side. */
  game->units[unit].aux[0] &= ~(guint32) LF_DEPLOYED;
  update_control (game, hex);
}

/* Whether enemy units of @side's foes would control @hex but for the
 * village exemption (3.2 exception). */
static gboolean
latent_enemy_zoc (SandGame *game, int side, int hex)
{
  LfafData *d = lfaf (game);
  for (int dir = 0; dir < SAND_N_DIRS; dir++)
    {
      int n = sand_grid_neighbour (game->grid, hex, dir);
      if (n == SAND_HEX_NONE || nozoc_hex (game, n))
        continue;
      for (int s = 0; s < game->n_sides; s++)
        {
          if (s == side || game->n_any[s][n] == 0)
            continue;
          for (guint i = 0; i < game->n_units; i++)
            {
              const SandUnitState *u = &game->units[i];
              if (u->status == SAND_UNIT_ON_MAP && u->hex == n && u->side == s
                  && tparam (d->type_zoc, d, utype (game, (int) i), 1))
                return TRUE;
            }
        }
    }
  return FALSE;
}

static int
lfaf_step_check (SandGame    *game,
                 int          unit,
                 int          from,
                 int          dir,
                 int          to,
                 int         *layer,
                 gboolean    *stop,
                 const char **rule,
                 const char **why)
{
  LfafData *d = lfaf (game);
  int v = d->terrain_village;
  int side = game->units[unit].side;

  /* 4.2: the layer says the step came along a road that negated the
   * terrain cost of the hex entered. */
  *layer = road_across (game, from, dir)
    && d->terrain_cost[sand_map_get_terrain (game->map, to)] > d->road_cost;
  if (v < 0 || sand_map_get_terrain (game->map, from) != v
      || sand_map_get_terrain (game->map, to) != v)
    return 0;
  if (!latent_enemy_zoc (game, side, from) || !latent_enemy_zoc (game, side, to))
    return 0;
  if (river_unbridged (game, from, dir))
    {
      *rule = "LFAF 3.2";
      *why = N_("between two villages both in enemy zones of control, a river without a bridge "
                "may not be crossed");
      return -1;
    }
  *stop = TRUE;
  *rule = "LFAF 3.2";
  *why = N_("moving from one village to the next, both in enemy zones of control, ends the move");
  return 0;
}

static gboolean
lfaf_may_end (SandGame    *game,
              int          unit,
              int          hex,
              const char **rule,
              const char **why)
{
  LfafData *d = lfaf (game);
  int side = game->units[unit].side;

  if (stack_at (game, side, hex, unit) + stack_value (game, unit) > d->stack_limit)
    {
      *rule = "LFAF 4.1";
      *why = N_("more than six steps would be stacked there");
      return FALSE;
    }
  int t = utype (game, unit);
  /* 4.2: only when the last step used the road to negate the terrain
   * cost (the movement core's layer, see lfaf_step_check). */
  if (tparam (d->type_road_exempt, d, t, 0) || game->mv_end_layer != 1)
    return TRUE;
  int others = 0, non_line = 0;
  for (guint i = 0; i < game->n_units; i++)
    {
      const SandUnitState *u = &game->units[i];
      if ((int) i == unit || u->status != SAND_UNIT_ON_MAP || u->hex != hex || u->side != side
          || tparam (d->type_road_exempt, d, utype (game, (int) i), 0))
        continue;
      others++;
      if (!tparam (d->type_line, d, utype (game, (int) i), 0))
        non_line++;
    }
  if (others == 0)
    return TRUE;
  if (tparam (d->type_line, d, t, 0) && non_line == 0 && others + 1 <= d->road_limit_line)
    return TRUE;
  *rule = "LFAF 4.2";
  *why = N_("a unit that used road movement may not end stacked on a road hex (two line "
            "infantry battalions excepted)");
  return FALSE;
}

/* Reinforcements (5) ------------------------------------------------------------ */

static void
lfaf_arrived (SandGame *game,
              int       unit)
{
  LfafData *d = lfaf (game);
  SandUnitState *u = &game->units[unit];
  /* 5: full allowance, paying for the entry hex; 8.1: on the movement
   * side; entering the map is moving (no fire side, no rally this phase);
   * 3.1: a flag hex in an enemy ZoC ends the move there. */
  u->mp_spent = d->terrain_cost[sand_map_get_terrain (game->map, u->hex)];
  u->aux[0] &= ~(guint32) LF_DEPLOYED;
  u->flags |= SAND_UNIT_MOVED;
  sand_zoc_update (game);
  if (game->zoc_mask[u->hex] & ~(1u << u->side))
    u->flags |= SAND_UNIT_STOPPED;
  update_control (game, u->hex);
}

/* Command (6, reconstructed) ------------------------------------------------------ */

static gboolean
loc_blocked (SandGame *game, int side, int from, int dir, int to)
{
  /* 3.1: a Line of Communication never passes a ZoC hex unless a friendly
   * unit occupies it; nor enemy units, nor a river without a bridge. */
  if (sand_game_enemy_blocks (game, side, to) || game->edge_cost[from * SAND_N_DIRS + dir] == 255)
    return TRUE;
  return sand_zoc_controlled_for (game, side, to, -1);
}

/* The HQ that commands @unit now and the length of the line to it; -1
 * when it is out of command, -2 when it needs none (units whose
 * formation has no headquarters in the game), -3 for an HQ (always in
 * command). */
static int
command_of (SandGame *game, int unit, int *dist)
{
  LfafData *d = lfaf (game);
  const SandUnitState *u = &game->units[unit];
  *dist = 0;
  if (is_type (game, unit, d->t_hq))
    return -3;
  if (d->hq_of[unit] < 0)
    return -2;
  sand_zoc_update (game);
  int guard = 0;
  for (int hq = d->hq_of[unit]; hq >= 0 && guard < 8; hq = d->hq_of[hq], guard++)
    {
      const SandUnitState *h = &game->units[hq];
      if (h->status != SAND_UNIT_ON_MAP)
        continue;
      sand_supply_trace_to (game, u->side, &h->hex, 1, d->command_radius, loc_blocked,
                            &u->hex, 1);
      int dd = sand_supply_dist (game, u->hex);
      if (dd >= 0)
        {
          *dist = dd;
          return hq;
        }
    }
  return -1;
}

static void
judge_command (SandGame *game, int side)
{
  for (guint i = 0; i < game->n_units; i++)
    {
      SandUnitState *u = &game->units[i];
      if (u->side != side || u->status != SAND_UNIT_ON_MAP)
        continue;
      int dist;
      if (command_of (game, (int) i, &dist) == -1)
        u->aux[0] |= LF_OOC;
      else
        u->aux[0] &= ~(guint32) LF_OOC;
    }
}

/* Phases ----------------------------------------------------------------------- */

static int
phase_index (SandGame *game, const char *id)
{
  return sand_ruleset_find_phase (game->ruleset, id);
}

static void
eliminate (SandGame *game, int unit)
{
  SandUnitState *u = &game->units[unit];
  game->points_lost[u->side] += u->strength;
  u->strength = 0;
  u->aux[0] = 0;
  sand_game_remove_unit (game, unit, SAND_UNIT_ELIMINATED);
}

static void
rally_phase (SandGame *game)
{
  LfafData *d = lfaf (game);
  int side = game->clock.side;

  /* 9: each unit with a Rally marker rolls; it regains a step on the
   * quality-adjusted number. */
  for (guint i = 0; i < game->n_units; i++)
    {
      SandUnitState *u = &game->units[i];
      if (u->side != side || !(u->aux[0] & LF_RALLY))
        continue;
      u->aux[0] &= ~(guint32) LF_RALLY;
      if (u->status != SAND_UNIT_ON_MAP)
        continue;
      int need = d->rally_roll - sand_game_get_counter (game, (int) i)->quality;
      int roll = sand_dice_roll (&game->dice, 6);
      if (roll >= need && u->strength < unit_max_steps (game, (int) i))
        u->strength++;
    }
  /* 2: the active player removes the Barrage markers (those on his units). */
  for (guint i = game->markers->len; i-- > 0;)
    {
      const SandGameMarker *m = &g_array_index (game->markers, SandGameMarker, i);
      if (m->kind == g_intern_static_string (MK_BARRAGE) && m->side != side)
        sand_game_remove_marker (game, i);
    }
  /* 10: the German aerial reconnaissance marker is placed anew. */
  if (side == d->side_german)
    {
      int k = -1;
      for (guint i = 0; i < game->markers->len && k < 0; i++)
        if (g_array_index (game->markers, SandGameMarker, i).kind
            == g_intern_static_string (MK_RECON))
          k = (int) i;
      if (k >= 0)
        sand_game_remove_marker (game, (guint) k);
    }
}

static void
lfaf_phase_begin (SandGame *game)
{
  for (guint i = 0; i < game->n_units; i++)
    game->units[i].aux[0] &= ~(guint32) LF_FIRED;
  /* 12: a village belongs to the side whose units were last alone in it
   * (set-up included). */
  LfafData *d = lfaf (game);
  for (guint k = 0; k < d->victory->len; k++)
    update_control (game, sand_map_get_marker (game->map,
                                               (guint) g_array_index (d->victory, int, k))->hex);
  if (d->start_held == NULL)
    record_start (game);
  int phase = game->clock.phase;
  if (phase == phase_index (game, "command"))
    judge_command (game, game->clock.side);
  else if (phase == phase_index (game, "rally"))
    rally_phase (game);
  sand_game_changed (game);
}

static void
lfaf_phase_end (SandGame *game)
{
  LfafData *d = lfaf (game);
  int side = game->clock.side;

  if (game->clock.phase != game->phase_movement)
    return;
  /* 2: artillery that stayed put turns to its fire side. */
  for (guint i = 0; i < game->n_units; i++)
    {
      SandUnitState *u = &game->units[i];
      if (u->side == side && u->status == SAND_UNIT_ON_MAP && is_type (game, (int) i,
                                                                        d->t_artillery)
          && !(u->flags & SAND_UNIT_MOVED))
        u->aux[0] |= LF_DEPLOYED;
    }
  /* 4.1, 4.4: a stack still over the limit at the end of the friendly
   * Movement Phase loses its surplus units, "owning player's choice": those
   * the owner picked (`surplus ID`) first, then the last counters. */
  for (guint i = 0; i < game->n_units; i++)
    {
      const SandUnitState *u = &game->units[i];
      if (u->side != side || u->status != SAND_UNIT_ON_MAP)
        continue;
      int hex = u->hex;
      for (int pass = 0; pass < 2; pass++)
        for (guint j = game->n_units;
             j-- > 0 && stack_at (game, side, hex, -1) > d->stack_limit;)
          {
            const SandUnitState *v = &game->units[j];
            if (v->side == side && v->status == SAND_UNIT_ON_MAP && v->hex == hex
                && (pass == 1 || (v->aux[0] & LF_SURPLUS)))
              {
                /* 12 (reconstructed): the enemy did not take these steps */
                game->units[j].aux[1] = v->strength;
                eliminate (game, (int) j);
              }
          }
    }
  for (guint i = 0; i < game->n_units; i++)
    if (game->units[i].side == side)
      game->units[i].aux[0] &= ~(int) LF_SURPLUS;
  sand_game_changed (game);
}

static gboolean
lfaf_phase_automatic (SandGame *game,
                      int       phase)
{
  if (phase == phase_index (game, "administrative") || phase == phase_index (game, "command"))
    return TRUE;
  /* The Rally Phase stops only for the German aerial reconnaissance. */
  if (phase == phase_index (game, "rally"))
    return game->clock.side != lfaf (game)->side_german;
  return FALSE;
}

/* Combat (7, reconstructed) ----------------------------------------------------- */

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

static void
units_on (SandGame *game, int hex, int side, gboolean enemies, GArray *out)
{
  for (guint i = 0; i < game->n_units; i++)
    {
      const SandUnitState *u = &game->units[i];
      if (u->status == SAND_UNIT_ON_MAP && u->hex == hex && ((u->side != side) == enemies))
        {
          int k = (int) i;
          g_array_append_val (out, k);
        }
    }
}

/* Artillery of @side that may fire at @hex now: deployed, in range, not
 * yet fired this phase. */
static void
ready_artillery (SandGame *game, int side, int hex, GArray *out)
{
  LfafData *d = lfaf (game);
  for (guint i = 0; i < game->n_units; i++)
    {
      const SandUnitState *u = &game->units[i];
      if (u->status == SAND_UNIT_ON_MAP && u->side == side
          && is_type (game, (int) i, d->t_artillery) && (u->aux[0] & LF_DEPLOYED)
          && !(u->aux[0] & LF_FIRED) && !pinned (game, (int) i)
          && sand_grid_distance (game->grid, u->hex, hex) <= d->bombard_range)
        {
          int k = (int) i;
          g_array_append_val (out, k);
        }
    }
}

static int
best_quality (SandGame *game, const int *units, guint n)
{
  int q = G_MININT;
  for (guint i = 0; i < n; i++)
    if (!is_support (game, units[i]))
      q = MAX (q, sand_game_get_counter (game, units[i])->quality);
  return q == G_MININT ? 0 : q;
}

static gboolean
lfaf_odds_full (SandGame                *game,
                int                      hex,
                const int               *attackers,
                guint                    n,
                const SandAttackChoices *ch,
                SandOdds                *out,
                GArray                  *support,
                GError                 **error)
{
  LfafData *d = lfaf (game);
  g_autofree char *hid = sand_game_hex_id (game, hex);
  int att_side = n > 0 ? game->units[attackers[0]].side : game->clock.side;

  *out = (SandOdds) { 0 };
  if (n == 0)
    {
      sand_game_invalid (game, error, _("Name the assaulting units."));
      return FALSE;
    }
  g_autoptr(GArray) def = g_array_new (FALSE, FALSE, sizeof (int));
  units_on (game, hex, att_side, TRUE, def);
  if (def->len == 0)
    {
      sand_game_refuse (game, error, "LFAF 7.1", _("There are no enemy units on %s to assault."),
                        hid);
      return FALSE;
    }
  for (guint i = 0; i < def->len; i++)
    if (game->units[g_array_index (def, int, i)].flags & SAND_UNIT_DEFENDED)
      {
        sand_game_refuse (game, error, "LFAF 7.1",
                          _("The units on %s have already been assaulted this Combat Phase."), hid);
        return FALSE;
      }
  guint32 common = 0xffffffffu;
  int att_steps = 0;
  gboolean any_ooc = FALSE;
  for (guint i = 0; i < n; i++)
    {
      int a = attackers[i];
      const SandUnitState *u = &game->units[a];
      g_autofree char *aid = sand_game_unit_label_for (game, a, game->clock.side,
                                                       SAND_UNIT_LABEL_WITH_ID);
      for (guint j = 0; j < i; j++)
        if (attackers[j] == a)
          {
            sand_game_invalid (game, error, _("%s is named twice."), aid);
            return FALSE;
          }
      if (u->status != SAND_UNIT_ON_MAP || u->side != att_side)
        {
          sand_game_refuse (game, error, "LFAF 7.1",
                            _("%s cannot take part: the assaulting units are one side's units on "
                              "the map."), aid);
          return FALSE;
        }
      if (is_support (game, a))
        {
          sand_game_refuse (game, error, "LFAF 7.1",
                            _("%s is a headquarters or artillery unit and does not assault "
                              "(artillery supports or bombards, 8)."), aid);
          return FALSE;
        }
      int dir = sand_grid_direction_to (game->grid, hex, u->hex);
      if (dir < 0)
        {
          g_autofree char *uh = sand_game_hex_id (game, u->hex);
          sand_game_refuse (game, error, "LFAF 7.1",
                            _("%s on %s is not adjacent to %s; only adjacent units assault."), aid,
                            uh, hid);
          return FALSE;
        }
      if (u->flags & SAND_UNIT_ATTACKED)
        {
          sand_game_refuse (game, error, "LFAF 7.1",
                            _("%s has already assaulted this Combat Phase."), aid);
          return FALSE;
        }
      if (river_unbridged (game, hex, dir))
        {
          sand_game_refuse (game, error, "LFAF 7.1",
                            _("%s may not assault across a river without a bridge."), aid);
          return FALSE;
        }
      att_steps += u->strength;
      common &= sand_map_get_side (game->map, hex, dir);
      any_ooc |= (u->aux[0] & LF_OOC) != 0;
    }

  out->notes = g_ptr_array_new_with_free_func (g_free);
  int drm = 0;
  int def_steps = 0;
  gboolean lone = TRUE;
  for (guint i = 0; i < def->len; i++)
    {
      int du = g_array_index (def, int, i);
      def_steps += stack_value (game, du);
      lone &= is_support (game, du);
    }
  note (out, _("assaulting steps %d against %d defending"), att_steps, def_steps);
  int q = (best_quality (game, attackers, n)
           - best_quality (game, (const int *) (void *) def->data, def->len)) * d->quality_factor;
  if (q != 0)
    {
      drm += q;
      note (out, _("troop quality: %+d (7.2)"), q);
    }
  int mass = att_steps > def_steps ? MIN (att_steps - def_steps, d->mass_max)
             : att_steps < def_steps ? -1 : 0;
  if (mass != 0)
    {
      drm += mass;
      note (out, _("mass, %d steps against %d: %+d (7.2)"), att_steps, def_steps, mass);
    }
  g_autoptr(GArray) arts = g_array_new (FALSE, FALSE, sizeof (int));
  ready_artillery (game, att_side, hex, arts);
  out->support_ready = g_array_copy (arts);
  out->support = g_array_new (FALSE, FALSE, sizeof (int));
  if (ch != NULL && ch->choose_support)
    {
      /* 8.4: the owner picks the batteries (none, one or two). */
      if ((int) ch->n_support > d->art_max)
        {
          sand_game_refuse (game, error, "LFAF 8.4",
                            _("At most %d artillery units support an assault."), d->art_max);
          return FALSE;
        }
      for (guint i = 0; i < ch->n_support; i++)
        {
          gboolean ready = FALSE, twice = FALSE;
          for (guint j = 0; j < arts->len; j++)
            ready |= g_array_index (arts, int, j) == ch->support[i];
          for (guint j = 0; j < i; j++)
            twice |= ch->support[j] == ch->support[i];
          if (!ready || twice)
            {
              g_autofree char *sid = ch->support[i] >= 0 && (guint) ch->support[i] < game->n_units
                ? sand_game_unit_label_for (game, ch->support[i], game->clock.side,
                                            SAND_UNIT_LABEL_WITH_ID)
                : g_strdup ("?");
              sand_game_refuse (game, error, "LFAF 8.4",
                                _("%s cannot support the assault on %s: support comes from the "
                                  "assaulting side's artillery on its fire side, within %d hexes, "
                                  "not fired or pinned this phase, each once."), sid, hid,
                                d->bombard_range);
              return FALSE;
            }
          g_array_append_val (out->support, ch->support[i]);
        }
    }
  else
    g_array_append_vals (out->support, arts->data, MIN (arts->len, (guint) d->art_max));
  int art = (int) out->support->len;
  if (art > 0)
    {
      drm += art;
      GString *names = g_string_new (NULL);
      for (int i = 0; i < art; i++)
        {
          int a = g_array_index (out->support, int, i);
          g_autofree char *name = sand_game_unit_label_for (game, a, game->clock.side,
                                                            SAND_UNIT_LABEL_NAME);
          g_string_append_printf (names, "%s%s", i ? ", " : "", name);
          if (support != NULL)
            g_array_append_val (support, a);
        }
      note (out, _("artillery support by %s: %+d (8.4)"), names->str, art);
      g_string_free (names, TRUE);
    }
  int terrain = sand_map_get_terrain (game->map, hex);
  if (d->terrain_drm[terrain] != 0)
    {
      drm += d->terrain_drm[terrain];
      note (out, _("defender in %s: %+d (7.2, 11)"),
            sand_ruleset_get_terrain (game->ruleset, (guint) terrain)->name,
            d->terrain_drm[terrain]);
    }
  if (d->f_bridge >= 0 && (common & (1u << d->f_bridge)))
    common &= ~d->cancelled_by_bridge;
  for (guint f = 0; f < SAND_MAX_SIDE_FEATURES; f++)
    if ((common & (1u << f)) && d->side_drm[f] != 0)
      {
        drm += d->side_drm[f];
        note (out, _("every assaulting unit across a %s: %+d (7.2, 11)"),
              sand_ruleset_get_side_feature (game->ruleset, f)->id, d->side_drm[f]);
      }
  if (pinned_hex (game, game->units[g_array_index (def, int, 0)].side, hex))
    {
      drm += d->pinned_drm;
      note (out, _("defender pinned by a Barrage marker: %+d (8.3)"), d->pinned_drm);
    }
  if (any_ooc)
    {
      drm += d->ooc_drm;
      note (out, _("an assaulting unit is out of command: %+d (6.2)"), d->ooc_drm);
    }
  if (lone)
    {
      drm += d->lone_drm;
      note (out, _("headquarters or artillery alone: %+d (7.10)"), d->lone_drm);
    }
  out->attack_q = att_steps * 4;
  out->defense_q = def_steps * 4;
  out->drm = drm;
  g_snprintf (out->odds, sizeof out->odds, "d6%+d", drm);
  return TRUE;
}

static gboolean
lfaf_odds (SandGame   *game,
           int         hex,
           const int  *attackers,
           guint       n,
           gboolean    decline_flank,
           SandOdds   *out,
           GError    **error)
{
  if (!lfaf_odds_full (game, hex, attackers, n, game->odds_choices, out, NULL, error))
    {
      sand_odds_clear (out);
      return FALSE;
    }
  return TRUE;
}

static int
cell_int (const SandTableRow *row, int col)
{
  return row != NULL && col >= 0 ? atoi (row->cells[col]) : 0;
}

static void
take_steps (SandGame *game, int unit, int loss, SandAttackResult *out)
{
  SandUnitState *u = &game->units[unit];
  loss = MIN (loss, u->strength);
  if (loss <= 0)
    return;
  SandLoss l = { unit, loss };
  if (out != NULL)
    g_array_append_val (out->losses, l);
  game->points_lost[u->side] += loss;
  u->strength -= loss;
  if (u->strength <= 0)
    {
      u->strength = 0;
      u->aux[0] = 0;
      sand_game_remove_unit (game, unit, SAND_UNIT_ELIMINATED);
      if (out != NULL)
        g_array_append_val (out->eliminated, unit);
    }
}

/* The next hex of a retreat from @here, @k hexes from @origin: farther
 * from it, enterable, no enemy units; preferring no enemy ZoC, then room
 * in the stack. */
static int
retreat_step (SandGame *game, int side, int origin, int here, int k, int steps, gboolean *zoc)
{
  int best = SAND_HEX_NONE, best_score = G_MAXINT;
  sand_zoc_update (game);
  for (int dir = 0; dir < SAND_N_DIRS; dir++)
    {
      int n = sand_grid_neighbour (game->grid, here, dir);
      if (n == SAND_HEX_NONE || sand_grid_distance (game->grid, origin, n) != k)
        continue;
      guint8 c = game->edge_cost[here * SAND_N_DIRS + dir];
      if (c == 255 || game->no_entry[side][n] || sand_game_enemy_blocks (game, side, n))
        continue;
      gboolean z = (game->zoc_mask[n] & ~(1u << side)) != 0;
      int over = stack_at (game, side, n, -1) + steps > lfaf (game)->stack_limit;
      int score = (z ? 100 : 0) + over * 10;
      if (score < best_score)
        {
          best = n;
          best_score = score;
          *zoc = z;
        }
    }
  return best;
}

/* The way from @here to @end in @left steps, each one farther from
 * @origin, with the fewest enemy-controlled hexes, then the fewest
 * overstacked ones (as retreat_step prefers); its score, or G_MAXINT. */
static int
retreat_path_to (SandGame *game, int side, int origin, int here, int end, int left, int steps,
                 int *path)
{
  if (left == 0)
    return here == end ? 0 : G_MAXINT;
  int best = G_MAXINT;
  int sub[SAND_RETREAT_MAX_HEXES];
  int k = sand_grid_distance (game->grid, origin, here) + 1;
  for (int dir = 0; dir < SAND_N_DIRS; dir++)
    {
      int n = sand_grid_neighbour (game->grid, here, dir);
      if (n == SAND_HEX_NONE || sand_grid_distance (game->grid, n, end) > left - 1
          || !sand_combat_retreat_may_enter (game, side, origin, here, k, n))
        continue;
      int s = retreat_path_to (game, side, origin, n, end, left - 1, steps, sub);
      if (s == G_MAXINT)
        continue;
      s += ((game->zoc_mask[n] & ~(1u << side)) ? 100 : 0)
        + (stack_at (game, side, n, -1) + steps > lfaf (game)->stack_limit ? 10 : 0);
      if (s < best)
        {
          best = s;
          path[0] = n;
          memcpy (path + 1, sub, sizeof (int) * (gsize) (left - 1));
        }
    }
  return best;
}

/* The owner's chosen retreat as a path from @here: the hexes as given
 * when they are legal steps, else the best way to the one end hex. */
static int
chosen_path (SandGame *game, const SandRetreat *r, int side, int origin, int here, int steps,
             int *path)
{
  int at = here;
  gboolean literal = r->n_hexes >= 1 && r->n_hexes <= SAND_RETREAT_MAX_HEXES;
  for (int i = 0; literal && i < r->n_hexes; i++)
    {
      int k = sand_grid_distance (game->grid, origin, at) + 1;
      literal = r->hexes[i] >= 0 && r->hexes[i] < game->n_hexes
        && sand_combat_retreat_may_enter (game, side, origin, at, k, r->hexes[i]);
      at = r->hexes[i];
    }
  if (literal)
    {
      memcpy (path, r->hexes, sizeof (int) * (gsize) r->n_hexes);
      return r->n_hexes;
    }
  if (r->n_hexes != 1 || r->hexes[0] < 0 || r->hexes[0] >= game->n_hexes)
    return -1;
  int left = sand_grid_distance (game->grid, origin, r->hexes[0])
    - sand_grid_distance (game->grid, origin, here);
  if (left < 1 || left > SAND_RETREAT_MAX_HEXES)
    return -1;
  sand_zoc_update (game);
  if (retreat_path_to (game, side, origin, here, r->hexes[0], left, steps, path) == G_MAXINT)
    return -1;
  return left;
}

/* Whether @unit was on @here before the retreat and may make room for
 * the retreating @units there (4.3). */
static gboolean
makes_room (SandGame *game, GArray *units, int here, int side, int unit, const int *move,
            int n_move)
{
  const SandUnitState *u = &game->units[unit];
  if (u->status != SAND_UNIT_ON_MAP || u->hex != here || u->side != side)
    return FALSE;
  for (guint j = 0; j < units->len; j++)
    if (g_array_index (units, int, j) == unit)
      return FALSE;
  for (int j = 0; j < n_move; j++)
    if (move[j] == unit)
      return FALSE;
  return TRUE;
}

/* A hex a unit making room may go to: next to @here, not back into the
 * assaulted @origin, enterable and free of enemy units. */
static gboolean
room_hex_ok (SandGame *game, int side, int origin, int here, int hex)
{
  int dir = hex >= 0 && hex < game->n_hexes ? sand_grid_direction_to (game->grid, here, hex) : -1;
  return dir >= 0 && hex != origin && game->edge_cost[here * SAND_N_DIRS + dir] != 255
    && !game->no_entry[side][hex] && !sand_game_enemy_blocks (game, side, hex);
}

/* Retreats the @units (one stack on one hex) @hexes hexes away from
 * @origin, by the owner's @chosen way or by default the best next hex
 * each time; the way taken goes to @log ("ID:HEX/HEX"). 3.1: a retreat
 * into an enemy ZoC costs a step; 7.4: every hex it cannot retreat costs
 * one; 4.3: an overstack at the end pushes the units already there one
 * hex on, or eliminates the retreating stack. */
static void
retreat_stack (SandGame *game, GArray *units, int origin, int hexes,
               const SandAttackChoices *ch, GString *log, SandAttackResult *out)
{
  const SandRetreat *chosen = sand_combat_chosen_retreat (ch, (const int *) (void *) units->data,
                                                          units->len);
  LfafData *d = lfaf (game);
  if (units->len == 0 || hexes <= 0)
    return;
  int side = game->units[g_array_index (units, int, 0)].side;
  int here = game->units[g_array_index (units, int, 0)].hex;
  int steps = 0;
  for (guint i = 0; i < units->len; i++)
    steps += stack_value (game, g_array_index (units, int, i));
  gboolean into_zoc = FALSE;
  int blocked = 0;
  int path[SAND_RETREAT_MAX_HEXES];
  int n_path = chosen != NULL ? chosen_path (game, chosen, side, origin, here, steps, path) : -1;
  if (n_path > hexes)
    n_path = -1;
  GString *way = g_string_new (NULL);
  for (int k = 1; k <= hexes; k++)
    {
      gboolean z = FALSE;
      int next;
      if (n_path >= 0)
        {
          next = k <= n_path ? path[k - 1] : SAND_HEX_NONE;
          sand_zoc_update (game);
          z = next != SAND_HEX_NONE && (game->zoc_mask[next] & ~(1u << side)) != 0;
        }
      else
        next = retreat_step (game, side, origin, here,
                             sand_grid_distance (game->grid, origin, here) + 1, steps, &z);
      if (next == SAND_HEX_NONE)
        {
          blocked = hexes - k + 1;
          break;
        }
      into_zoc |= z;
      for (guint i = 0; i < units->len; i++)
        {
          int u = g_array_index (units, int, i);
          if (game->units[u].status == SAND_UNIT_ON_MAP)
            sand_game_step_unit (game, u, next);
        }
      g_autofree char *nid = sand_game_hex_id (game, next);
      g_string_append_printf (way, "%s%s", k > 1 ? "/" : "", nid);
      here = next;
    }
  if (log != NULL && way->len > 0)
    g_string_append_printf (log, "%s%s:%s", log->len ? "," : "",
                            sand_game_unit_id (game, g_array_index (units, int, 0)), way->str);
  g_string_free (way, TRUE);
  for (guint i = 0; i < units->len; i++)
    {
      int u = g_array_index (units, int, i);
      if (game->units[u].status != SAND_UNIT_ON_MAP)
        continue;
      int loss = blocked * d->unable_retreat_loss + (into_zoc ? d->retreat_zoc_loss : 0);
      take_steps (game, u, loss, out);
    }
  /* 4.3: the owner selects units that were there to make room, each
   * retreating one hex (retreat= naming such a unit and its hex); by
   * default the first counters, together, to the first hex with room for
   * them all. If they cannot go without overstacking, the retreating
   * stack is eliminated instead and nothing else moves. */
  int total = stack_at (game, side, here, -1);
  if (total <= d->stack_limit || blocked == hexes)
    return;
  int excess = total - d->stack_limit, freed = 0;
  int move[64], dest[64], n_move = 0;
  for (guint c = 0; ch != NULL && c < ch->n_retreats && freed < excess && n_move < 64; c++)
    {
      const SandRetreat *r = &ch->retreats[c];
      int u = r->unit;
      if (u < 0 || (guint) u >= game->n_units || !makes_room (game, units, here, side, u, move,
                                                                 n_move))
        continue;
      move[n_move] = u;
      dest[n_move] = r->n_hexes == 1 && room_hex_ok (game, side, origin, here, r->hexes[0])
                     ? r->hexes[0] : SAND_HEX_NONE;
      n_move++;
      freed += stack_value (game, u);
    }
  for (guint i = 0; i < game->n_units && freed < excess && n_move < 64; i++)
    {
      if (!makes_room (game, units, here, side, (int) i, move, n_move))
        continue;
      move[n_move] = (int) i;
      dest[n_move] = SAND_HEX_NONE;
      n_move++;
      freed += stack_value (game, (int) i);
    }
  /* Room on each chosen hex, then one hex for the others together. */
  gboolean fits = TRUE;
  int msteps = 0;
  for (int i = 0; i < n_move; i++)
    {
      if (dest[i] == SAND_HEX_NONE)
        {
          msteps += stack_value (game, move[i]);
          continue;
        }
      int there = stack_at (game, side, dest[i], -1);
      for (int j = 0; j < n_move; j++)
        if (dest[j] == dest[i])
          there += stack_value (game, move[j]);
      fits &= there <= d->stack_limit;
    }
  int common = SAND_HEX_NONE;
  for (int dir = 0; dir < SAND_N_DIRS && common == SAND_HEX_NONE && msteps > 0; dir++)
    {
      int n = sand_grid_neighbour (game->grid, here, dir);
      if (n == SAND_HEX_NONE || !room_hex_ok (game, side, origin, here, n))
        continue;
      int there = stack_at (game, side, n, -1) + msteps;
      for (int j = 0; j < n_move; j++)
        if (dest[j] == n)
          there += stack_value (game, move[j]);
      if (there <= d->stack_limit)
        common = n;
    }
  if (!fits || (msteps > 0 && common == SAND_HEX_NONE))
    {
      for (guint i = 0; i < units->len; i++)
        {
          int u = g_array_index (units, int, i);
          if (game->units[u].status == SAND_UNIT_ON_MAP)
            take_steps (game, u, game->units[u].strength, out);
        }
      return;
    }
  for (int i = 0; i < n_move; i++)
    {
      int to = dest[i] != SAND_HEX_NONE ? dest[i] : common;
      sand_game_step_unit (game, move[i], to);
      if (log != NULL)
        {
          g_autofree char *tid = sand_game_hex_id (game, to);
          g_string_append_printf (log, "%s%s:%s", log->len ? "," : "",
                                  sand_game_unit_id (game, move[i]), tid);
        }
    }
}

static gboolean
lfaf_attack (SandGame                *game,
             int                      hex,
             const int               *attackers,
             guint                    n,
             const SandAttackChoices *ch,
             SandAttackResult        *out,
             GError                 **error)
{
  LfafData *d = lfaf (game);

  if (game->clock.phase != game->phase_combat)
    {
      sand_game_refuse (game, error, "LFAF 2",
                        _("Assaults are made only in the Combat Phase; this is the %s phase."),
                        sand_game_get_phase_id (game));
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    if (game->units[attackers[i]].side != game->clock.side)
      {
        g_autofree char *who = sand_game_unit_label_for (game, attackers[i], game->clock.side,
                                                         SAND_UNIT_LABEL_WITH_ID);
        sand_game_refuse (game, error, "LFAF 2",
                          _("%s may not assault in the other side's Combat Phase."), who);
        return FALSE;
      }
  g_autoptr(GArray) support = g_array_new (FALSE, FALSE, sizeof (int));
  if (!lfaf_odds_full (game, hex, attackers, n, ch, &out->odds, support, error))
    {
      sand_odds_clear (&out->odds);
      return FALSE;
    }
  for (guint i = 0; i < ch->n_advance; i++)
    {
      gboolean found = FALSE;
      for (guint j = 0; j < n; j++)
        found |= attackers[j] == ch->advance[i];
      if (!found)
        {
          g_autofree char *who = sand_game_unit_label_for (game, ch->advance[i], game->clock.side,
                                                           SAND_UNIT_LABEL_WITH_ID);
          sand_game_refuse (game, error, "LFAF 7.5", _("%s did not assault, so it cannot advance."),
                            who);
          sand_odds_clear (&out->odds);
          return FALSE;
        }
    }

  sand_game_begin_action (game);
  int att_side = game->units[attackers[0]].side;
  out->roll = sand_dice_roll (&game->dice, game->params.die_sides);
  out->modified_roll = out->roll + out->odds.drm;
  const SandTableRow *row = sand_combat_row (d->assault, out->modified_roll);
  int aloss = cell_int (row, d->col_att), dloss = cell_int (row, d->col_def);
  int dret = cell_int (row, d->col_dret), aret = cell_int (row, d->col_aret);
  g_snprintf (out->result, sizeof out->result, "%d/%d%s%s", aloss, dloss,
              dret > 0 ? (dret > 1 ? " DR2" : " DR") : "", aret > 0 ? " AR" : "");
  out->attacker_loss = aloss;
  out->defender_loss = dloss;
  out->losses = g_array_new (FALSE, FALSE, sizeof (SandLoss));
  out->eliminated = g_array_new (FALSE, FALSE, sizeof (int));
  out->advanced = g_array_new (FALSE, FALSE, sizeof (int));
  if (game->plan != NULL)
    {
      /* Two-step combat: the steps each owner takes (7.3), the stacks
       * that retreat and where they may go (7.4, 3.1: into enemy control
       * at a step's cost), and who may advance (7.5). */
      SandPendingAttack *p = game->plan;
      g_autoptr(GArray) pdef = g_array_new (FALSE, FALSE, sizeof (int));
      units_on (game, hex, att_side, TRUE, pdef);
      const int *dv = (const int *) (void *) pdef->data;
      int def_side = pdef->len > 0 ? game->units[dv[0]].side : sand_game_other_side (game, att_side);
      sand_combat_plan_loss (game, &p->loss[0], att_side, aloss, attackers, n, -1, "LFAF 7.3");
      sand_combat_plan_loss (game, &p->loss[1], def_side, dloss, dv, pdef->len, -1, "LFAF 7.3");
      if (dret > 0)
        sand_combat_plan_retreat (game, p, dv, pdef->len, hex, dret, TRUE, "LFAF 7.4");
      for (guint i = 0; aret > 0 && i < n; i++)
        sand_combat_plan_retreat (game, p, &attackers[i], 1, hex, aret, TRUE, "LFAF 7.4");
      int have = 0;
      for (guint i = 0; i < p->loss[1].units->len; i++)
        have += g_array_index (p->loss[1].units, SandLossOption, i).limit;
      if (aret == 0 && (dret > 0 || dloss >= have))
        g_array_append_vals (p->advance, attackers, n);
      p->advance_rule = "LFAF 7.5";
      sand_game_abort_action (game);
      return TRUE;
    }
  for (guint i = 0; i < support->len; i++)
    game->units[g_array_index (support, int, i)].aux[0] |= LF_FIRED;

  g_autoptr(GArray) def = g_array_new (FALSE, FALSE, sizeof (int));
  units_on (game, hex, att_side, TRUE, def);
  for (guint i = 0; i < def->len; i++)
    game->units[g_array_index (def, int, i)].flags |= SAND_UNIT_DEFENDED;
  for (guint i = 0; i < n; i++)
    game->units[attackers[i]].flags |= SAND_UNIT_ATTACKED;

  /* 7.3: steps, the owner's choice; by default the biggest unit first. */
  g_autoptr(GArray) alloc = g_array_new (FALSE, FALSE, sizeof (SandLoss));
  sand_combat_allocate (game, attackers, n, aloss, ch->losses, ch->n_losses, alloc);
  sand_combat_allocate (game, (const int *) (void *) def->data, def->len, dloss, ch->losses,
                        ch->n_losses, alloc);
  for (guint i = 0; i < alloc->len; i++)
    {
      SandLoss *l = &g_array_index (alloc, SandLoss, i);
      take_steps (game, l->unit, l->loss, out);
    }
  /* The log records the allocation before retreats add their own losses. */
  g_autoptr(GArray) chosen = g_array_copy (alloc);

  /* 7.4: retreats. */
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < def->len; i++)
    {
      int u = g_array_index (def, int, i);
      if (game->units[u].status == SAND_UNIT_ON_MAP)
        g_array_append_val (stack, u);
    }
  g_autoptr(GString) retreats = g_string_new (NULL);
  if (dret > 0)
    retreat_stack (game, stack, hex, dret, ch, retreats, out);
  if (aret > 0)
    {
      g_autoptr(GArray) group = g_array_new (FALSE, FALSE, sizeof (int));
      for (guint i = 0; i < n; i++)
        {
          int a = attackers[i];
          if (game->units[a].status != SAND_UNIT_ON_MAP)
            continue;
          g_array_set_size (group, 0);
          g_array_append_val (group, a);
          retreat_stack (game, group, hex, aret, ch, retreats, out);
        }
    }

  /* 7.5: advance into an emptied hex, within the stacking limit. */
  gboolean emptied = !sand_game_enemy_blocks (game, att_side, hex);
  for (guint i = 0; emptied && aret == 0 && i < ch->n_advance; i++)
    {
      int a = ch->advance[i];
      if (game->units[a].status != SAND_UNIT_ON_MAP
          || stack_at (game, att_side, hex, -1) + stack_value (game, a) > d->stack_limit)
        continue;
      sand_game_step_unit (game, a, hex);
      g_array_append_val (out->advanced, a);
    }

  /* The log says how the losses were spread and where the stacks went,
   * so a replay is exact. */
  SandAction *act = sand_action_new_kind (SAND_ACTION_ATTACK);
  act->hex = hex;
  sand_action_set_units (act, attackers, n);
  sand_action_set_losses (act, chosen, -1);
  if (retreats->len > 0)
    {
      act->retreats = g_array_new (FALSE, FALSE, sizeof (SandRetreat));
      sand_game_parse_retreats (game, retreats->str, act->retreats, NULL);
    }
  if (ch->choose_support)
    sand_action_set_support (act, support);
  sand_action_set_advance (act, out->advanced);
  sand_game_commit_action (game, act);
  return TRUE;
}

/* Victory (12, reconstructed) -------------------------------------------------- */

static void
lfaf_victory (SandGame    *game,
              SandVictory *out)
{
  LfafData *d = lfaf (game);
  int fr = d->side_french, de = d->side_german;
  if (fr < 0 || de < 0)
    return;
  /* Steps: those the enemy took — not those a side's own over-limit stack
   * shed at the end of its Movement Phase (4.1, 4.4), marked in aux[1]. */
  int lost[SAND_MAX_SIDES] = { 0 };
  for (int s = 0; s < game->n_sides && s < SAND_MAX_SIDES; s++)
    lost[s] = game->points_lost[s];
  if (!d->vp_surplus)
    for (guint i = 0; i < game->n_units; i++)
      if (game->units[i].side < SAND_MAX_SIDES)
        lost[game->units[i].side] -= game->units[i].aux[1];
  out->points[fr] = lost[de] * d->vp_step;
  out->points[de] = lost[fr] * d->vp_step;
  /* Villages: each scores for the side holding it at the end, if that side
   * did not hold it at the start — the points measure ground won in play. */
  for (guint k = 0; k < d->victory->len; k++)
    {
      const SandMarker *v = sand_map_get_marker (game->map,
                                                 (guint) g_array_index (d->victory, int, k));
      int i = sand_game_find_marker (game, MK_CONTROL, v->hex);
      if (i < 0)
        continue;
      const SandGameMarker *m = &g_array_index (game->markers, SandGameMarker, i);
      if (m->side < 0 || m->side >= SAND_MAX_SIDES)
        continue;
      if (d->vp_start_villages || start_holder (game, k) != m->side)
        out->points[m->side] += m->value;
    }
  out->net = out->points[de] - out->points[fr];
  const SandVictoryLevel *lvl = sand_scenario_victory_level_for (game->scenario, out->net);
  out->level = lvl ? lvl->label : NULL;
}

static int
lfaf_max_strength (SandGame *game,
                   int       unit)
{
  return unit_max_steps (game, unit);
}

/* The module's own commands ------------------------------------------------------- */

/* The module's own actions (the table is at the end of the file). */
enum { LF_ACT_BOMBARD, LF_ACT_RALLY, LF_ACT_RECON, LF_ACT_COMMAND, LF_ACT_MARKERS,
       LF_ACT_SURPLUS, LF_N_ACTIONS };
static const SandActionSpec lfaf_actions[LF_N_ACTIONS];

/* bombard HEX ID…: 8.2. */
static gboolean
act_bombard (SandGame *game, const SandAction *action, SandResult *res, GError **error)
{
  LfafData *d = lfaf (game);
  guint n = action->units->len + 1;
  int hex = action->hex;
  const int *arts = (const int *) (void *) action->units->data;
  if (game->clock.over || game->clock.phase != game->phase_combat)
    {
      sand_game_refuse (game, error, "LFAF 8.2",
                        _("Artillery bombards only in its side's Combat Phase."));
      return FALSE;
    }
  int side = game->clock.side;
  g_autofree char *hid = sand_game_hex_id (game, hex);
  g_autoptr(GArray) targets = g_array_new (FALSE, FALSE, sizeof (int));
  units_on (game, hex, side, TRUE, targets);
  if (targets->len == 0)
    {
      sand_game_refuse (game, error, "LFAF 8.2", _("There are no enemy units on %s to bombard."),
                        hid);
      return FALSE;
    }
  for (guint i = 0; i + 1 < n; i++)
    {
      int a = arts[i];
      const SandUnitState *u = &game->units[a];
      g_autofree char *aid = sand_game_unit_label_for (game, a, game->clock.side,
                                                       SAND_UNIT_LABEL_WITH_ID);
      for (guint j = 0; j < i; j++)
        if (arts[j] == a)
          {
            sand_game_invalid (game, error, _("%s is named twice."), aid);
            return FALSE;
          }
      if (!is_type (game, a, d->t_artillery) || u->side != side
          || u->status != SAND_UNIT_ON_MAP)
        {
          sand_game_refuse (game, error, "LFAF 8.2",
                            _("%s is not an artillery unit of the side in its Combat Phase."), aid);
          return FALSE;
        }
      if (!(u->aux[0] & LF_DEPLOYED))
        {
          sand_game_refuse (game, error, "LFAF 8.1",
                            _("%s is on its movement side; artillery fires only from its fire "
                              "side."), aid);
          return FALSE;
        }
      if (u->aux[0] & LF_FIRED)
        {
          sand_game_refuse (game, error, "LFAF 8.2", _("%s has already fired this phase."), aid);
          return FALSE;
        }
      if (pinned (game, a))
        {
          sand_game_refuse (game, error, "LFAF 8.3", _("%s is pinned by a Barrage marker."), aid);
          return FALSE;
        }
      if (sand_grid_distance (game->grid, u->hex, hex) > d->bombard_range)
        {
          sand_game_refuse (game, error, "LFAF 8.2", _("%s is more than %d hexes from %s."), aid,
                            d->bombard_range, hid);
          return FALSE;
        }
    }

  sand_game_begin_action (game);
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  int drm = (int) n - 2;
  if (drm > 0)
    g_ptr_array_add (notes, g_strdup_printf ("%d more artillery units: %+d (8.2)", drm, drm));
  if (nozoc_hex (game, hex))
    {
      drm += d->cover_drm;
      g_ptr_array_add (notes, g_strdup_printf ("target in forest or village: %+d (8.2)",
                                               d->cover_drm));
    }
  if (side == d->side_german)
    for (guint i = 0; i < game->markers->len; i++)
      {
        const SandGameMarker *m = &g_array_index (game->markers, SandGameMarker, i);
        if (m->kind == g_intern_static_string (MK_RECON)
            && sand_grid_distance (game->grid, m->hex, hex) <= d->recon_radius)
          {
            drm += d->recon_drm;
            g_ptr_array_add (notes, g_strdup_printf ("aerial reconnaissance: %+d (10)",
                                                     d->recon_drm));
            break;
          }
      }
  int roll = sand_dice_roll (&game->dice, 6);
  const SandTableRow *row = sand_combat_row (d->bombard, roll + drm);
  gboolean barrage = cell_int (row, d->col_barrage) > 0;
  int steps = cell_int (row, d->col_steps);
  for (guint i = 0; i + 1 < n; i++)
    game->units[arts[i]].aux[0] |= LF_FIRED;
  int hit = -1;
  if (steps > 0)
    {
      g_autoptr(GArray) alloc = g_array_new (FALSE, FALSE, sizeof (SandLoss));
      sand_combat_allocate (game, (const int *) (void *) targets->data, targets->len, steps,
                            NULL, 0, alloc);
      for (guint i = 0; i < alloc->len; i++)
        {
          SandLoss *l = &g_array_index (alloc, SandLoss, i);
          hit = l->unit;
          take_steps (game, l->unit, l->loss, NULL);
        }
    }
  if (barrage && sand_game_enemy_blocks (game, side, hex)
      && !pinned_hex (game, sand_game_other_side (game, side), hex))
    sand_game_add_marker (game, MK_BARRAGE, hex, side, 0);
  sand_result_add_int (res, "roll", roll);
  sand_result_add_int (res, "drm", drm);
  sand_result_add_int (res, "modified_roll", roll + drm);
  sand_result_add_bool (res, "barrage", barrage);
  sand_result_add_int (res, "steps", steps);
  if (hit >= 0)
    sand_result_add_unit (res, "hit", hit);
  sand_result_add_strings (res, "notes", notes);
  SandAction *act = sand_action_new (&lfaf_actions[LF_ACT_BOMBARD]);
  act->hex = hex;
  sand_action_set_units (act, arts, n - 1);
  sand_game_commit_action (game, act);
  return TRUE;
}

static gboolean
with_an_hq (SandGame *game, int unit)
{
  LfafData *d = lfaf (game);
  const SandUnitState *u = &game->units[unit];
  for (int hq = d->hq_of[unit], guard = 0; hq >= 0 && guard < 8; hq = d->hq_of[hq], guard++)
    if (game->units[hq].status == SAND_UNIT_ON_MAP && game->units[hq].hex == u->hex)
      return TRUE;
  return FALSE;
}

/* rally ID: 2, 9. */
static gboolean
act_rally (SandGame *game, const SandAction *a, SandResult *res, GError **error)
{
  int unit = a->unit;
  if (!sand_movement_check_may_move (game, unit, error))
    return FALSE;
  SandUnitState *u = &game->units[unit];
  g_autofree char *who = sand_game_unit_label_for (game, unit, game->clock.side,
                                                   SAND_UNIT_LABEL_WITH_ID);
  if (u->flags & SAND_UNIT_MOVED)
    {
      sand_game_refuse (game, error, "LFAF 2", _("%s has moved; a rallying unit stays put."), who);
      return FALSE;
    }
  if (u->strength >= unit_max_steps (game, unit))
    {
      sand_game_refuse (game, error, "LFAF 9", _("%s has lost no step; there is nothing to rally."),
                        who);
      return FALSE;
    }
  if (!with_an_hq (game, unit))
    {
      sand_game_refuse (game, error, "LFAF 2",
                        _("%s must be stacked with its headquarters to rally."), who);
      return FALSE;
    }
  if (u->aux[0] & LF_OOC)
    {
      sand_game_refuse (game, error, "LFAF 6.2", _("%s is out of command and cannot rally."), who);
      return FALSE;
    }
  sand_game_begin_action (game);
  u->aux[0] |= LF_RALLY;
  sand_game_changed (game);
  SandAction *act = sand_action_new (&lfaf_actions[LF_ACT_RALLY]);
  act->unit = unit;
  sand_game_commit_action (game, act);
  return TRUE;
}

/* recon HEX: 10. */
static gboolean
act_recon (SandGame *game, const SandAction *a, SandResult *res, GError **error)
{
  LfafData *d = lfaf (game);
  int hex = a->hex;
  if (game->clock.over || game->clock.side != d->side_german
      || game->clock.phase != phase_index (game, "rally"))
    {
      sand_game_refuse (game, error, "LFAF 2",
                        _("The aerial reconnaissance marker is placed by the German player in his "
                          "Rally Phase."));
      return FALSE;
    }
  for (guint i = 0; i < game->markers->len; i++)
    if (g_array_index (game->markers, SandGameMarker, i).kind
        == g_intern_static_string (MK_RECON))
      {
        sand_game_refuse (game, error, "LFAF 10",
                          _("The reconnaissance marker is already placed."));
        return FALSE;
      }
  sand_game_begin_action (game);
  sand_game_add_marker (game, MK_RECON, hex, d->side_german, 0);
  SandAction *act = sand_action_new (&lfaf_actions[LF_ACT_RECON]);
  act->hex = hex;
  sand_game_commit_action (game, act);
  return TRUE;
}

/* command ID: a query, 6. */
static gboolean
act_command (SandGame *game, const SandAction *a, SandResult *res, GError **error)
{
  int unit = a->unit, dist;
  if (game->units[unit].status != SAND_UNIT_ON_MAP)
    {
      sand_game_invalid (game, error, _("%s is not on the map."), sand_game_unit_id (game, unit));
      return FALSE;
    }
  int hq = command_of (game, unit, &dist);
  sand_result_add_string (res, "state", hq == -2 ? "independent"
                          : hq == -1 ? "out-of-command" : "in-command");
  if (hq == -3)
    sand_result_add_bool (res, "headquarters", TRUE);
  sand_result_add_bool (res, "marked", (game->units[unit].aux[0] & LF_OOC) != 0);
  if (hq >= 0)
    {
      sand_result_add_unit (res, "hq", hq);
      sand_result_add_int (res, "distance", dist);
    }
  return TRUE;
}

/* markers: a query, the markers placed in play (Barrage, reconnaissance,
 * village control). */
static gboolean
act_markers (SandGame *game, const SandAction *a, SandResult *res, GError **error)
{
  sand_result_begin (res, "markers", SAND_FACT_ARRAY);
  for (guint i = 0; i < game->markers->len; i++)
    {
      const SandGameMarker *m = &g_array_index (game->markers, SandGameMarker, i);
      sand_result_begin (res, NULL, SAND_FACT_OBJECT);
      sand_result_add_string (res, "kind", m->kind);
      sand_result_add_hex (res, "hex", m->hex);
      sand_result_add_string (res, "side",
                              sand_ruleset_get_side (game->ruleset, (guint) m->side)->id);
      if (m->value != 0)
        sand_result_add_int (res, "value", m->value);
      sand_result_end (res);
    }
  sand_result_end (res);
  return TRUE;
}

/* 4.4: `surplus ID` — the owner picks which units of a stack over the
 * limit go if it is still over at the end of this Movement Phase (the
 * rest, if needed, the last counters first). */
static gboolean
act_surplus (SandGame *game, const SandAction *a, SandResult *res, GError **error)
{
  LfafData *d = lfaf (game);
  int unit = a->unit;
  SandUnitState *u = &game->units[unit];
  g_autofree char *who = sand_game_unit_label_for (game, unit, game->clock.side,
                                                   SAND_UNIT_LABEL_WITH_ID);
  if (game->clock.phase != game->phase_movement || u->side != game->clock.side
      || u->status != SAND_UNIT_ON_MAP)
    {
      sand_game_refuse (game, error, "LFAF 4.4",
                        _("The surplus of an overstacked hex is chosen by its owner in his "
                          "Movement Phase."));
      return FALSE;
    }
  int steps = stack_at (game, u->side, u->hex, -1);
  if (steps <= d->stack_limit)
    {
      sand_game_refuse (game, error, "LFAF 4.4",
                        _("%s's hex holds %d steps, within the limit of %d: it is no surplus."),
                        who, steps, d->stack_limit);
      return FALSE;
    }
  sand_game_begin_action (game);
  u->aux[0] |= LF_SURPLUS;
  sand_game_changed (game);
  sand_result_add_int (res, "steps", steps);
  sand_result_add_int (res, "limit", d->stack_limit);
  SandAction *act = sand_action_new (&lfaf_actions[LF_ACT_SURPLUS]);
  act->unit = unit;
  sand_game_commit_action (game, act);
  return TRUE;
}

static void
lfaf_unit_flags (SandGame  *game,
                 int        unit,
                 GPtrArray *names)
{
  const SandUnitState *u = &game->units[unit];
  if (u->status != SAND_UNIT_ON_MAP)
    return;
  if (u->aux[0] & LF_OOC)
    g_ptr_array_add (names, (gpointer) "out-of-command");
  if (pinned (game, unit))
    g_ptr_array_add (names, (gpointer) "barrage");
  if (u->aux[0] & LF_RALLY)
    g_ptr_array_add (names, (gpointer) "rally");
  if (u->aux[0] & LF_DEPLOYED)
    g_ptr_array_add (names, (gpointer) "deployed");
  if (u->aux[0] & LF_FIRED)
    g_ptr_array_add (names, (gpointer) "fired");
  if (u->aux[0] & LF_SURPLUS)
    g_ptr_array_add (names, (gpointer) "surplus");
  /* 4.4: its hex is over the limit now (the owner may pick the surplus) */
  if (stack_at (game, u->side, u->hex, -1) > lfaf (game)->stack_limit)
    g_ptr_array_add (names, (gpointer) "overstacked");
}

static const SandActionSpec lfaf_actions[LF_N_ACTIONS] = {
  [LF_ACT_BOMBARD] = { "bombard", SAND_ACTION_MODULE,
                       { { SAND_FIELD_HEX }, { SAND_FIELD_UNITS } }, 0, NULL,
                       N_("bombard takes HEX ID…."), 0, act_bombard, NULL, NULL },
  [LF_ACT_RALLY] = { "rally", SAND_ACTION_MODULE, { { SAND_FIELD_UNIT } }, 0, NULL,
                 N_("rally takes one unit id."), 0, act_rally, NULL, NULL },
  [LF_ACT_RECON] = { "recon", SAND_ACTION_MODULE, { { SAND_FIELD_HEX } }, 0, NULL,
                 N_("recon takes one hex."), 0, act_recon, NULL, NULL },
  [LF_ACT_COMMAND] = { "command", SAND_ACTION_MODULE, { { SAND_FIELD_UNIT } }, 0, NULL,
                   N_("command takes one unit id."), SAND_ACTION_QUERY, act_command, NULL, NULL },
  [LF_ACT_MARKERS] = { "markers", SAND_ACTION_MODULE, { { 0 } }, 0, NULL,
                   N_("markers takes nothing."), SAND_ACTION_QUERY, act_markers, NULL, NULL },
  [LF_ACT_SURPLUS] = { "surplus", SAND_ACTION_MODULE, { { SAND_FIELD_UNIT } }, 0, NULL,
                          N_("surplus takes one unit id."), 0, act_surplus, NULL, NULL },
};

const SandRulesModule sand_rules_lfaf1914 = {
  .ruleset_id = "lfaf1914",
  .setup = lfaf_setup,
  .teardown = lfaf_teardown,
  .edge_cost = lfaf_edge_cost,
  .once_extra = lfaf_once_extra,
  .zoc_crosses = lfaf_zoc_crosses,
  .side_may_enter = lfaf_side_may_enter,
  .allowance = lfaf_allowance,
  .exerts_zoc = lfaf_exerts_zoc,
  .may_move = lfaf_may_move,
  .entered_hex = lfaf_entered_hex,
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

/* Command queries for the playtest's overlay (sand-game.h) ---------------------- */

gboolean
sand_game_command_range (SandGame *game,
                         int       hq,
                         GArray   *hexes)
{
  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (hexes != NULL, FALSE);

  if (game->rules != &sand_rules_lfaf1914 || hq < 0 || (guint) hq >= game->n_units)
    return FALSE;
  LfafData *d = lfaf (game);
  const SandUnitState *h = &game->units[hq];
  if (!is_type (game, hq, d->t_hq) || h->status != SAND_UNIT_ON_MAP)
    return FALSE;
  /* The same trace as command_of, from the HQ outwards. */
  sand_zoc_update (game);
  sand_supply_trace (game, h->side, &h->hex, 1, d->command_radius, loc_blocked);
  guint n = 0;
  const int *reached = sand_supply_reached (game, &n);
  g_array_append_vals (hexes, reached, n);
  return TRUE;
}

int
sand_game_unit_commander (SandGame *game,
                          int       unit)
{
  g_return_val_if_fail (game != NULL, -2);

  if (game->rules != &sand_rules_lfaf1914 || unit < 0 || (guint) unit >= game->n_units
      || game->units[unit].status != SAND_UNIT_ON_MAP)
    return -2;
  int dist;
  int hq = command_of (game, unit, &dist);
  return hq == -3 ? -2 : hq;
}
