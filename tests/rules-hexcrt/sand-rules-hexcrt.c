/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules-hexcrt.c: Hex and CRT, a third game kept with the tests to
 * prove the rules seam (issue 13, item 5): a whole game in one folder,
 * reaching the engine only through sand-game-module.h and plugged in by
 * sand_rules_hexcrt_register (). Its rules, case by case:
 *   HC 1  each side moves in its Movement Phase, then attacks in its
 *         Combat Phase; the game lasts the scenario's turns;
 *   HC 2  entering a hex costs its terrain's MP (clear 1, rough 2);
 *   HC 3  every unit controls the six hexes around it: entering an enemy
 *         zone stops the unit, and it may not move from one enemy zone
 *         straight into another (rigid zones of control);
 *   HC 4  units next to an enemy hex may attack it together, each once a
 *         phase; odds are attack strength to defence strength, rounded
 *         down for the attacker; rough terrain doubles the defence;
 *   HC 5  the Combat Results Table gives the points each side loses (the
 *         owners spread them); a unit at 0 is eliminated; attackers may
 *         advance into a hex the defence has left empty;
 *   HC 6  each side scores the enemy strength it destroyed and the value
 *         of the victory hexes it holds; the net is Red's score minus
 *         Blue's.
 */
#include "config.h"

#include "sand-rules-hexcrt.h"

#include <stdio.h>
#include <string.h>

#include "sand-game-module.h"
#include "sand-scenario-io.h"
#include "sand-validate.h"

typedef struct {
  const SandTable *crt;
  int red, blue;
} HexcrtData;

static HexcrtData *
hexcrt (SandGame *game)
{
  return sand_game_rules_data (game);
}

static gboolean
hc_setup (SandGame         *game,
          SandRulesParams  *p,
          GError          **error)
{
  SandRuleset *rs = sand_game_get_ruleset (game);
  const SandTable *crt = sand_ruleset_get_table (rs, "crt");

  if (crt == NULL)
    {
      g_set_error (error, SAND_GAME_ERROR, SAND_GAME_ERROR_SETUP,
                   "The ruleset has no Combat Results Table ('crt').");
      return FALSE;
    }
  HexcrtData *d = g_new0 (HexcrtData, 1);
  d->crt = crt;
  d->red = sand_ruleset_find_side (rs, "red");
  d->blue = sand_ruleset_find_side (rs, "blue");
  sand_game_set_rules_data (game, d);
  *p = (SandRulesParams) {
    .zoc_stop = TRUE,
    .zoc_to_zoc = FALSE,
    .die_sides = 6,
    .rule_phase = "HC 1",
    .rule_side = "HC 1",
    .rule_enemy_hex = "HC 3",
    .rule_no_entry = "HC 2",
    .rule_terrain = "HC 2",
    .rule_mp = "HC 2",
    .rule_zoc_stop = "HC 3",
    .rule_zoc_to_zoc = "HC 3",
  };
  return TRUE;
}

static void
hc_teardown (SandGame *game)
{
  g_free (hexcrt (game));
}

/* The data is the setup's and never changes. */
static void
hc_copy_data (SandGame *game,
              SandGame *copy)
{
  sand_game_set_rules_data (copy, g_memdup2 (hexcrt (game), sizeof (HexcrtData)));
}

/* HC 2: the terrain entered sets the cost. */
static int
hc_edge_cost (SandGame *game,
              int       hex,
              int       dir)
{
  int to = sand_grid_neighbour (sand_game_get_grid (game), hex, dir);
  int terrain = sand_map_get_terrain (sand_game_get_map (game), to);
  return sand_ruleset_get_terrain (sand_game_get_ruleset (game), (guint) terrain)->move_cost;
}

static int
hc_once_extra (SandGame *game,
               int       terrain)
{
  return 0;
}

static gboolean
hc_zoc_crosses (SandGame *game,
                int       hex,
                int       dir)
{
  return TRUE;
}

static gboolean
hc_side_may_enter (SandGame *game,
                   int       side,
                   int       hex)
{
  return TRUE;
}

static int
hc_allowance (SandGame *game,
              int       unit)
{
  return sand_game_get_counter (game, unit)->ma;
}

static gboolean
hc_exerts_zoc (SandGame *game,
               int       unit)
{
  return TRUE;
}

static int
hc_max_strength (SandGame *game,
                 int       unit)
{
  return sand_game_get_counter (game, unit)->strength;
}

/* The enemy units of @att_side on @hex. */
static void
defenders_at (SandGame *game,
              int       hex,
              int       att_side,
              GArray   *out)
{
  const SandUnitState *units = sand_game_units (game);

  for (guint i = 0; i < sand_game_n_units (game); i++)
    if (units[i].status == SAND_UNIT_ON_MAP && units[i].hex == hex
        && units[i].side != att_side)
      {
        int u = (int) i;
        g_array_append_val (out, u);
      }
}

/* HC 4. */
static gboolean
hc_odds (SandGame   *game,
         int         hex,
         const int  *attackers,
         guint       n,
         gboolean    decline_flank,
         SandOdds   *out,
         GError    **error)
{
  const SandUnitState *units = sand_game_units (game);
  const SandGrid *grid = sand_game_get_grid (game);
  int side = sand_game_get_side (game);
  g_autoptr(GArray) def = g_array_new (FALSE, FALSE, sizeof (int));

  *out = (SandOdds) { 0 };
  if (n == 0)
    {
      sand_game_invalid (game, error, "Name the attacking units.");
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      const SandUnitState *u = &units[attackers[i]];
      g_autofree char *who = sand_game_unit_label_for (game, attackers[i], side,
                                                       SAND_UNIT_LABEL_WITH_ID);
      if (u->side != side || u->status != SAND_UNIT_ON_MAP)
        {
          sand_game_refuse (game, error, "HC 4", "%s is not a unit of the side to play.", who);
          return FALSE;
        }
      if (sand_grid_distance (grid, u->hex, hex) != 1)
        {
          sand_game_refuse (game, error, "HC 4", "%s is not next to the hex attacked.", who);
          return FALSE;
        }
      if (u->flags & SAND_UNIT_ATTACKED)
        {
          sand_game_refuse (game, error, "HC 4", "%s has attacked this phase.", who);
          return FALSE;
        }
    }
  defenders_at (game, hex, side, def);
  if (def->len == 0)
    {
      sand_game_refuse (game, error, "HC 4", "No enemy unit holds that hex.");
      return FALSE;
    }
  int attack = 0, defense = 0;
  for (guint i = 0; i < n; i++)
    attack += units[attackers[i]].strength;
  for (guint i = 0; i < def->len; i++)
    defense += units[g_array_index (def, int, i)].strength;
  SandRuleset *rs = sand_game_get_ruleset (game);
  int terrain = sand_map_get_terrain (sand_game_get_map (game), hex);
  int times = sand_params_int (sand_ruleset_get_terrain (rs, (guint) terrain)->params,
                               "defense-multiplier", 1);
  out->notes = g_ptr_array_new_with_free_func (g_free);
  if (times > 1)
    g_ptr_array_add (out->notes, g_strdup_printf ("terrain multiplies the defence by %d (HC 4)",
                                                  times));
  out->attack_q = attack * 4;
  out->defense_q = defense * times * 4;
  sand_combat_round_odds (out->attack_q, out->defense_q, &out->odds_att, &out->odds_def);
  g_snprintf (out->odds, sizeof out->odds, "%d-%d", out->odds_att, out->odds_def);
  return TRUE;
}

/* HC 5: the owners' choices first, the rest from the strongest down. */
static void
take_losses (SandGame                *game,
             const int               *units,
             guint                    n,
             int                      total,
             const SandAttackChoices *ch,
             SandAttackResult        *out)
{
  const SandUnitState *states = sand_game_units (game);
  guint from = out->losses->len;

  sand_combat_allocate (game, units, n, total, ch->losses, ch->n_losses, out->losses);
  for (guint i = from; i < out->losses->len; i++)
    {
      const SandLoss *l = &g_array_index (out->losses, SandLoss, i);
      int side = states[l->unit].side;
      sand_game_set_unit_strength (game, l->unit, MAX (states[l->unit].strength - l->loss, 0));
      sand_game_add_points_lost (game, side, l->loss);
      if (states[l->unit].strength <= 0)
        {
          sand_game_remove_unit (game, l->unit, SAND_UNIT_ELIMINATED);
          g_array_append_val (out->eliminated, l->unit);
        }
    }
}

static gboolean
hc_attack (SandGame                *game,
           int                      hex,
           const int               *attackers,
           guint                    n,
           const SandAttackChoices *ch,
           SandAttackResult        *out,
           GError                 **error)
{
  const SandUnitState *units = sand_game_units (game);
  HexcrtData *d = hexcrt (game);
  int side = sand_game_get_side (game);

  if (sand_game_get_phase (game) != sand_game_phase_combat (game))
    {
      sand_game_refuse (game, error, "HC 1", "Attacks are made only in the Combat Phase.");
      return FALSE;
    }
  if (!hc_odds (game, hex, attackers, n, FALSE, &out->odds, error))
    return FALSE;
  g_autoptr(GArray) def = g_array_new (FALSE, FALSE, sizeof (int));
  defenders_at (game, hex, side, def);

  /* The snapshot comes before the roll: undo, and a plan taken back, give
   * the die back too, and the log notes what was rolled. */
  sand_game_begin_action (game);
  out->roll = sand_game_roll (game, sand_game_params (game)->die_sides);
  out->modified_roll = out->roll;
  const SandTableRow *row = sand_combat_row (d->crt, out->roll);
  const char *cell = row->cells[sand_combat_column (d->crt, out->odds.odds_att,
                                                    out->odds.odds_def)];
  g_strlcpy (out->result, cell, sizeof out->result);
  if (sscanf (cell, "%d/%d", &out->attacker_loss, &out->defender_loss) != 2)
    out->attacker_loss = out->defender_loss = 0;

  SandPendingAttack *plan = sand_game_plan (game);
  if (plan != NULL)
    {
      /* Two steps: what each owner spreads; the attackers may advance when
       * the defence loses all it has. */
      int have = 0;
      for (guint i = 0; i < def->len; i++)
        have += units[g_array_index (def, int, i)].strength;
      sand_combat_plan_loss (game, &plan->loss[0], side, out->attacker_loss, attackers, n, -1,
                             "HC 5");
      sand_combat_plan_loss (game, &plan->loss[1], sand_game_other_side (game, side),
                             out->defender_loss, (const int *) (void *) def->data, def->len, -1,
                             "HC 5");
      if (out->defender_loss >= have)
        g_array_append_vals (plan->advance, attackers, n);
      plan->advance_rule = "HC 5";
      sand_game_abort_action (game);
      return TRUE;
    }

  out->losses = g_array_new (FALSE, FALSE, sizeof (SandLoss));
  out->eliminated = g_array_new (FALSE, FALSE, sizeof (int));
  out->advanced = g_array_new (FALSE, FALSE, sizeof (int));
  take_losses (game, attackers, n, out->attacker_loss, ch, out);
  take_losses (game, (const int *) (void *) def->data, def->len, out->defender_loss, ch, out);
  for (guint i = 0; i < n; i++)
    sand_game_change_unit_flags (game, attackers[i], SAND_UNIT_ATTACKED, 0);
  for (guint i = 0; i < def->len; i++)
    sand_game_change_unit_flags (game, g_array_index (def, int, i), SAND_UNIT_DEFENDED, 0);
  gboolean emptied = !sand_game_enemy_blocks (game, side, hex);
  for (guint i = 0; emptied && i < ch->n_advance; i++)
    if (units[ch->advance[i]].status == SAND_UNIT_ON_MAP)
      {
        sand_game_step_unit (game, ch->advance[i], hex);
        g_array_append_val (out->advanced, ch->advance[i]);
      }
  SandAction *act = sand_action_new_kind (SAND_ACTION_ATTACK);
  act->hex = hex;
  sand_action_set_units (act, attackers, n);
  sand_action_set_losses (act, out->losses, -1);
  sand_action_set_advance (act, out->advanced);
  sand_game_commit_action (game, act);
  return TRUE;
}

/* HC 6. */
static void
hc_victory (SandGame    *game,
            SandVictory *out)
{
  HexcrtData *d = hexcrt (game);

  out->points[d->red] = sand_game_points_lost (game, d->blue);
  out->points[d->blue] = sand_game_points_lost (game, d->red);
  /* and the value of each victory hex its units hold */
  SandMap *map = sand_game_get_map (game);
  for (guint i = 0; i < sand_map_n_markers (map); i++)
    {
      const SandMarker *m = sand_map_get_marker (map, i);
      for (int s = 0; m->kind == SAND_MARKER_VICTORY && s < 2; s++)
        if (sand_game_n_any_at (game, s, m->hex) > 0)
          out->points[s] += m->value;
    }
  out->net = out->points[d->red] - out->points[d->blue];
  const SandVictoryLevel *level
    = sand_scenario_victory_level_for (sand_game_get_scenario (game), out->net);
  out->level = level != NULL ? level->label : NULL;
}

/* The state the ruleset draws a badge for. */
static void
hc_unit_flags (SandGame  *game,
               int        unit,
               GPtrArray *names)
{
  if (sand_game_units (game)[unit].strength < sand_game_get_counter (game, unit)->strength)
    g_ptr_array_add (names, (gpointer) "weakened");
}

/* A scenario check of this game only: every counter prints a strength. */
static void
hc_validate (SandScenario *scenario,
             GPtrArray    *problems)
{
  for (guint i = 0; i < sand_scenario_n_counters (scenario); i++)
    {
      const SandCounter *c = sand_scenario_get_counter (scenario, i);
      if (c->strength <= 0)
        sand_validate_add (problems, scenario, SAND_SEVERITY_ERROR, SAND_HEX_NONE, c->id,
                           "hexcrt-strength", "%s has no strength (HC 4).", c->id);
    }
}

static const SandRulesModule sand_rules_hexcrt = {
  .ruleset_id = "hexcrt",
  .setup = hc_setup,
  .teardown = hc_teardown,
  .copy_data = hc_copy_data,
  .edge_cost = hc_edge_cost,
  .once_extra = hc_once_extra,
  .zoc_crosses = hc_zoc_crosses,
  .side_may_enter = hc_side_may_enter,
  .allowance = hc_allowance,
  .exerts_zoc = hc_exerts_zoc,
  .odds = hc_odds,
  .attack = hc_attack,
  .victory = hc_victory,
  .max_strength = hc_max_strength,
  .unit_flags = hc_unit_flags,
  .validate = hc_validate,
};

gboolean
sand_rules_hexcrt_register (const char  *dir,
                            GError     **error)
{
  g_autofree char *path = g_build_filename (dir, "hexcrt.xml", NULL);

  if (sand_rules_lookup ("hexcrt") == &sand_rules_hexcrt)
    return TRUE;
  g_autoptr(SandRuleset) rs = sand_ruleset_load_file (path, error);
  return rs != NULL && sand_ruleset_add (rs, error) && sand_rules_register (&sand_rules_hexcrt);
}
