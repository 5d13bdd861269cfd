/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-game.c: making a game from a scenario (orders of battle, reserve
 * counters, the rules module's setup) and the helpers every part of the
 * core shares. The clock, the units, the log and undo and the combat entry
 * points live in sand-game-clock.c, -units.c, -log.c and -combat.c;
 * movement, zones of control, supply and combat in their own files; what
 * differs between games is asked of the rules module. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-game-private.h"

#include <stdlib.h>
#include <string.h>

G_DEFINE_QUARK (sand-game-error-quark, sand_game_error)

GArray *
sand_game_points_arrivals (SandGame *self)
{
  return g_object_get_data (G_OBJECT (self->scenario), "sand-game-points");
}

void
sand_game_refuse (SandGame   *self,
                  GError    **error,
                  const char *rule,
                  const char *format,
                  ...)
{
  va_list ap;

  g_free (self->refusal_rule);
  self->refusal_rule = g_strdup (rule);
  if (error == NULL)
    return;
  va_start (ap, format);
  g_autofree char *msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_REFUSED, msg);
}

void
sand_game_invalid (SandGame   *self,
                   GError    **error,
                   const char *format,
                   ...)
{
  va_list ap;

  g_clear_pointer (&self->refusal_rule, g_free);
  if (error == NULL)
    return;
  va_start (ap, format);
  g_autofree char *msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID, msg);
}

const char *
sand_game_get_refusal_rule (SandGame *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->refusal_rule;
}

void
sand_game_set_rules_data (SandGame *self,
                          gpointer  data)
{
  self->rules_data = data;
  self->view.rules_data = data;
}

int
sand_game_other_side (SandGame *self,
                      int       side)
{
  return (side + 1) % self->n_sides;
}

char *
sand_game_hex_id (SandGame *self,
                  int       hex)
{
  return sand_grid_dup_id (self->grid, hex);
}

const char *
sand_game_unit_id (SandGame *self,
                   int       unit)
{
  return sand_scenario_get_counter (self->scenario, (guint) unit)->id;
}

int
sand_game_unit_type (SandGame *self,
                     int       unit)
{
  return self->unit_type[unit];
}

gboolean
sand_game_unit_is_combat (SandGame *self,
                          int       unit)
{
  /* as the module says of its type (FPW: EB units are not) */
  return self->unit_combat[unit];
}

gboolean
sand_game_unit_is_real (SandGame *self,
                        int       unit)
{
  return sand_game_unit_is_combat (self, unit)
    && !(self->units[unit].flags & SAND_UNIT_DUMMY);
}

void
sand_game_reveal_unit (SandGame *self,
                       int       unit)
{
  self->units[unit].known = 0xff;
  self->units[unit].seen_strength = self->units[unit].strength;
  self->units[unit].unseen_loss = 0;
}

void
sand_game_new_alias (SandGame *self,
                     int       unit)
{
  int top = 0;
  int side = self->units[unit].side;
  for (guint i = 0; i < self->n_units; i++)
    if (self->units[i].side == side)
      top = MAX (top, self->units[i].alias);
  self->units[unit].alias = top + 1;
  self->units[unit].known = (guint8) (1u << side);
}

/* Standard Game: each side's face-down counters get numbers in an order
 * drawn from the seed (not the dice, so play rolls the same), so that
 * neither counter order nor ids tell the enemy what a counter is. */
static void
assign_aliases (SandGame *self)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) (self->seed ^ (self->seed >> 32)
                                                           ^ 0x5a17u));
  for (int s = 0; s < self->n_sides; s++)
    {
      g_autoptr(GArray) mine = g_array_new (FALSE, FALSE, sizeof (int));
      for (guint i = 0; i < self->n_units; i++)
        if (self->units[i].side == s && (self->units[i].flags & SAND_UNIT_FACE_DOWN))
          {
            int u = (int) i;
            g_array_append_val (mine, u);
          }
      for (guint i = mine->len; i > 1; i--)
        {
          guint j = (guint) g_rand_int_range (rand, 0, (gint32) i);
          int t = g_array_index (mine, int, i - 1);
          g_array_index (mine, int, i - 1) = g_array_index (mine, int, j);
          g_array_index (mine, int, j) = t;
        }
      for (guint i = 0; i < mine->len; i++)
        self->units[g_array_index (mine, int, i)].alias = (int) i + 1;
    }
}

gboolean
sand_game_fort_alive_at (SandGame *self,
                         int       hex,
                         int       side)
{
  int f = self->fort_at[hex];
  if (f < 0 || self->fort_strength[f] <= 0)
    return FALSE;
  if (side < 0)
    return TRUE;
  return sand_map_get_marker (self->map, (guint) self->fort_marker[f])->side == side;
}

gboolean
sand_game_enemy_blocks (SandGame *self,
                        int       side,
                        int       hex)
{
  return (self->blockers[hex] & ~(1u << side)) != 0;
}

void
sand_game_refresh_hex (SandGame *self,
                       int       hex)
{
  guint8 bits = 0;
  for (int s = 0; s < self->n_sides; s++)
    if (self->n_combat[s][hex] > 0 || sand_game_fort_alive_at (self, hex, s))
      bits |= (guint8) (1u << s);
  self->blockers[hex] = bits;
}

void
sand_game_changed (SandGame *self)
{
  self->state_gen++;
  self->zoc_dirty = TRUE;
  self->sup_cache_valid = FALSE;
}

/* Setting up ----------------------------------------------------------- */

static int
find_entry_hex (SandGame   *self,
                int         side,
                const char *group)
{
  guint n = sand_map_n_markers (self->map);

  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i < n; i++)
      {
        const SandMarker *m = sand_map_get_marker (self->map, i);
        if (group == NULL || m->group == NULL || strcmp (m->group, group) != 0)
          continue;
        if (m->kind != SAND_MARKER_ENTRY && m->kind != SAND_MARKER_SUPPLY)
          continue;
        if (pass == 0 && m->side != side)
          continue;
        return m->hex;
      }
  /* A group that names a place (e.g. "Chalons"), or a SUPPLY label ("S"). */
  for (guint i = 0; group != NULL && i < n; i++)
    {
      const SandMarker *m = sand_map_get_marker (self->map, i);
      if (m->kind == SAND_MARKER_SUPPLY && m->name != NULL && strcmp (m->name, group) == 0)
        return m->hex;
    }
  return group != NULL ? sand_map_find_place (self->map, group) : SAND_HEX_NONE;
}

static int
zone_hex_for (SandGame      *self,
              const SandOob *oob,
              const char    *zone)
{
  int max_per_hex = 0;

  for (guint i = 0; oob->zone_limits != NULL && i < oob->zone_limits->len; i++)
    {
      const SandZoneLimit *l = g_ptr_array_index (oob->zone_limits, i);
      if (g_strcmp0 (l->zone, zone) == 0)
        max_per_hex = l->max_per_hex;
    }
  /* An automatic set-up: the zone hex with the fewest of the side's units
   * (the first on ties), within the per-hex limit, never an enemy's. */
  int best = SAND_HEX_NONE, best_count = G_MAXINT, first = SAND_HEX_NONE;
  guint n = sand_map_n_markers (self->map);
  for (guint i = 0; i < n; i++)
    {
      const SandMarker *m = sand_map_get_marker (self->map, i);
      if (m->kind != SAND_MARKER_ZONE || g_strcmp0 (m->group, zone) != 0
          || m->hex < 0 || m->hex >= self->n_hexes)
        continue;
      if (first == SAND_HEX_NONE)
        first = m->hex;
      int others = 0;
      for (int s = 0; s < self->n_sides; s++)
        if (s != oob->side)
          others += self->n_any[s][m->hex];
      int mine = self->n_any[oob->side][m->hex];
      if (others > 0 || (max_per_hex > 0 && mine >= max_per_hex))
        continue;
      if (mine < best_count)
        {
          best = m->hex;
          best_count = mine;
        }
    }
  return best != SAND_HEX_NONE ? best : first;
}

/* Whether the module plays the counter in this game (FPW: dummies only in
 * the Standard Game). */
static gboolean
in_play (SandGame *self,
         int       unit)
{
  return self->rules->unit_in_play == NULL || self->rules->unit_in_play (self, unit);
}

/* FPW Variable Orders of Battle: "one of the Players rolls the die; the
 * die number dictates which Order of Battle each Player will use" — for
 * each side left unchosen, the order of battle whose die number (the
 * players' secret assignment, kept in the scenario) came up. The roll is
 * drawn from the seed, apart from the game's dice, so that a saved game,
 * which names its orders of battle, replays with the same dice. */
static void
choose_oobs_by_die (SandGame *self)
{
  if (!sand_scenario_has_option (self->scenario, "variable-oob"))
    return;
  g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) (self->seed ^ (self->seed >> 32)
                                                           ^ 0x0b0bu));
  /* the numbers the players gave their plans: one to six in FPW */
  int top = 0;
  for (guint i = 0; i < sand_scenario_n_oobs (self->scenario); i++)
    top = MAX (top, sand_scenario_get_oob (self->scenario, i)->die_number);
  if (top <= 0)
    return;
  int roll = g_rand_int_range (rand, 1, top + 1);
  for (int s = 0; s < self->n_sides; s++)
    {
      if (self->oob_ids[s] != NULL)
        continue;
      for (guint i = 0; i < sand_scenario_n_oobs (self->scenario); i++)
        {
          SandOob *oob = sand_scenario_get_oob (self->scenario, i);
          if (oob->side == s && oob->die_number == roll)
            {
              self->oob_ids[s] = g_strdup (oob->id);
              break;
            }
        }
    }
}

static gboolean
setup_oob (SandGame  *self,
           int        side,
           GError   **error)
{
  SandOob *oob = NULL;

  if (self->oob_ids[side] != NULL)
    {
      int i = sand_scenario_find_oob (self->scenario, self->oob_ids[side]);
      if (i < 0 || sand_scenario_get_oob (self->scenario, (guint) i)->side != side)
        {
          g_set_error (error, SAND_GAME_ERROR, SAND_GAME_ERROR_SETUP,
                       _("There is no order of battle “%s” for %s."), self->oob_ids[side],
                       sand_ruleset_get_side (self->ruleset, (guint) side)->id);
          return FALSE;
        }
      oob = sand_scenario_get_oob (self->scenario, (guint) i);
    }
  else
    {
      oob = sand_scenario_default_oob (self->scenario, side);
      if (oob != NULL)
        self->oob_ids[side] = g_strdup (oob->id);
    }
  if (oob == NULL)
    return TRUE;

  for (guint i = 0; oob->placements != NULL && i < oob->placements->len; i++)
    {
      const SandPlacement *p = g_ptr_array_index (oob->placements, i);
      int unit = sand_scenario_find_counter (self->scenario, p->counter);
      if (unit < 0 || !in_play (self, unit))
        continue;
      int hex = p->hex;
      if (hex == SAND_HEX_NONE && p->zone != NULL)
        hex = zone_hex_for (self, oob, p->zone);
      if (hex == SAND_HEX_NONE)
        continue;
      sand_game_place_unit (self, unit, hex);
    }
  for (guint i = 0; oob->reinforcements != NULL && i < oob->reinforcements->len; i++)
    {
      const SandReinforcement *r = g_ptr_array_index (oob->reinforcements, i);
      int hex = r->hex != SAND_HEX_NONE ? r->hex : find_entry_hex (self, side, r->entry);
      if (r->counter == NULL)
        {
          self->points_hex[side] = hex;
          self->points_any[side] = TRUE;
          PointsArrival pa = { r->turn, side, r->points, hex };
          g_array_append_val (sand_game_points_arrivals (self), pa);
          continue;
        }
      int unit = sand_scenario_find_counter (self->scenario, r->counter);
      if (unit < 0 || !in_play (self, unit) || self->units[unit].status != SAND_UNIT_ABSENT)
        continue;
      self->units[unit].status = SAND_UNIT_WAITING;
      self->units[unit].arrive_turn = r->turn;
      self->units[unit].arrive_hex = hex;
      if (r->entrained)
        self->units[unit].flags |= SAND_UNIT_ENTRAINED;
    }
  return TRUE;
}
static int
find_index (SandRuleset *rs, int (*finder) (SandRuleset *, const char *), const char *a,
            const char *b)
{
  int i = finder (rs, a);
  return i >= 0 || b == NULL ? i : finder (rs, b);
}

/* The name a reserve counter goes by: the scenario's own name for a
 * counter of that side and type when it has one (FPW's "EB"), so the log
 * does not call the same kind of unit by two names; else the type's. */
static const char *
reserve_name (SandScenario *scenario,
              SandRuleset  *rs,
              int           side,
              int           type)
{
  for (guint i = 0; i < sand_scenario_n_counters (scenario); i++)
    {
      const SandCounter *c = sand_scenario_get_counter (scenario, i);
      if (c->side == side && c->type == type && c->name != NULL && c->name[0] != '\0')
        return c->name;
    }
  return sand_ruleset_get_unit_type (rs, (guint) type)->name;
}

SandGame *
sand_game_new (SandScenario       *scenario,
               const char * const *oob_ids,
               guint64             seed,
               GError            **error)
{
  g_return_val_if_fail (SAND_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  SandRuleset *rs = sand_scenario_get_ruleset (scenario);
  const SandRulesModule *rules = sand_rules_lookup (sand_ruleset_get_id (rs));
  if (rules == NULL)
    {
      g_set_error (error, SAND_GAME_ERROR, SAND_GAME_ERROR_SETUP,
                   _("The rules of “%s” cannot be played yet."), sand_ruleset_get_id (rs));
      return NULL;
    }
  int n_sides = (int) sand_ruleset_n_sides (rs);
  if (n_sides < 2 || n_sides > SAND_MAX_SIDES)
    {
      g_set_error (error, SAND_GAME_ERROR, SAND_GAME_ERROR_SETUP,
                   _("A game needs two to four sides, not %d."), n_sides);
      return NULL;
    }

  g_autoptr(SandGame) self = g_new0 (SandGame, 1);
  self->scenario = sand_scenario_copy (scenario);
  self->map = sand_scenario_get_map (self->scenario);
  self->ruleset = g_object_ref (rs);
  self->grid = sand_map_get_grid (self->map);
  self->rules = rules;
  self->seed = seed;
  self->n_sides = n_sides;
  self->n_hexes = sand_grid_n_hexes (self->grid);
  self->undo = g_ptr_array_new_with_free_func (sand_game_snapshot_free);
  self->log = g_ptr_array_new_with_free_func (sand_game_log_line_release);
  self->log_actions = g_ptr_array_new_with_free_func ((GDestroyNotify) sand_action_free);
  for (int s = 0; s < n_sides; s++)
    self->log_for[s] = g_ptr_array_new_with_free_func (sand_game_log_line_release);
  sand_dice_init (&self->dice, seed);
  g_object_set_data_full (G_OBJECT (self->scenario), "sand-game-points",
                          g_array_new (FALSE, FALSE, sizeof (PointsArrival)),
                          (GDestroyNotify) g_array_unref);

  self->phase_reinforcement = find_index (rs, sand_ruleset_find_phase, "reinforcement",
                                          "reinforcements");
  self->phase_movement = sand_ruleset_find_phase (rs, "movement");
  self->phase_combat = sand_ruleset_find_phase (rs, "combat");
  self->feature_rail = sand_ruleset_find_side_feature (rs, "rail");
  self->feature_river = sand_ruleset_find_side_feature (rs, "river");
  if (sand_ruleset_n_phases (rs) == 0)
    {
      g_set_error (error, SAND_GAME_ERROR, SAND_GAME_ERROR_SETUP,
                   _("The ruleset “%s” declares no phases."), sand_ruleset_get_id (rs));
      return NULL;
    }

  for (int s = 0; s < n_sides; s++)
    {
      self->n_combat[s] = g_new0 (int, self->n_hexes);
      self->n_stack[s] = g_new0 (int, self->n_hexes);
      self->n_any[s] = g_new0 (int, self->n_hexes);
      if (oob_ids != NULL && oob_ids[s] != NULL)
        self->oob_ids[s] = g_strdup (oob_ids[s]);
    }
  /* before the units and the rules' setup: a plan may change the rules
   * (FPW C opens Luxemburg; dummies make the Standard Game) */
  choose_oobs_by_die (self);
  /* the module's hooks read the game through its view from here on;
   * filled again as the arrays come */
  sand_game_view_fill (self);
  if (rules->prepare != NULL)
    rules->prepare (self);
  self->rail = g_new0 (guint8, self->n_hexes);
  self->rail_list = g_array_new (FALSE, FALSE, sizeof (int));
  self->markers = g_array_new (FALSE, FALSE, sizeof (SandGameMarker));
  self->fort_at = g_new (int, self->n_hexes);
  self->blockers = g_new0 (guint8, self->n_hexes);
  for (int h = 0; h < self->n_hexes; h++)
    self->fort_at[h] = -1;

  guint n_markers = sand_map_n_markers (self->map);
  for (guint i = 0; i < n_markers; i++)
    if (sand_map_get_marker (self->map, i)->kind == SAND_MARKER_FORT)
      self->n_forts++;
  self->fort_hex = g_new0 (int, self->n_forts + 1);
  self->fort_marker = g_new0 (int, self->n_forts + 1);
  self->fort_strength = g_new0 (int, 2 * self->n_forts + 1);
  for (guint i = 0, f = 0; i < n_markers; i++)
    {
      const SandMarker *m = sand_map_get_marker (self->map, i);
      if (m->kind != SAND_MARKER_FORT)
        continue;
      self->fort_hex[f] = m->hex;
      self->fort_marker[f] = (int) i;
      self->fort_strength[f] = m->strength;
      if (m->hex >= 0 && m->hex < self->n_hexes && self->fort_at[m->hex] < 0)
        self->fort_at[m->hex] = (int) f;
      f++;
    }

  for (guint f = 0; f < self->n_forts; f++)
    if (self->fort_hex[f] >= 0 && self->fort_hex[f] < self->n_hexes)
      sand_game_refresh_hex (self, self->fort_hex[f]);

  /* Reserve counters the rules may bring into play, made in the game's own
   * copy of the scenario. */
  g_autoptr(GArray) reserve = g_array_new (FALSE, FALSE, sizeof (int));
  for (int s = 0; s < n_sides && rules->reserve_units != NULL; s++)
    {
      int type = -1;
      int n = rules->reserve_units (rs, s, &type);
      if (n < 0)
        {
          /* "as many as he wishes" (FPW EB Units): reserve units are never
           * destroyed and each does its work on a rail hex, so one for every
           * rail hex of the map is more than can ever be used */
          n = 0;
          for (int h = 0; h < self->n_hexes && self->feature_rail >= 0; h++)
            for (int dir = 0; dir < SAND_N_DIRS; dir++)
              if (sand_map_side_has (self->map, h, dir, self->feature_rail))
                {
                  n++;
                  break;
                }
        }
      for (int i = 0; i < n && type >= 0; i++)
        {
          g_autofree char *id = g_strdup_printf ("%s-%s-reserve-%d",
                                                 sand_ruleset_get_side (rs, (guint) s)->id,
                                                 sand_ruleset_get_unit_type (rs, (guint) type)->id,
                                                 i + 1);
          /* A game's own scenario copy (a replay) already has them. */
          int existing = sand_scenario_find_counter (self->scenario, id);
          if (existing >= 0)
            {
              g_array_append_val (reserve, existing);
              continue;
            }
          int index = (int) sand_scenario_n_counters (self->scenario);
          g_array_append_val (reserve, index);
          SandCounter *c = sand_counter_new ();
          c->id = g_steal_pointer (&id);
          c->side = s;
          c->type = type;
          c->reduced = -1;
          c->name = g_strdup (reserve_name (self->scenario, rs, s, type));
          sand_scenario_add_counter (self->scenario, c);
        }
    }

  self->n_units = sand_scenario_n_counters (self->scenario);
  self->units = g_new0 (SandUnitState, self->n_units + 1);
  self->unit_type = g_new0 (int, self->n_units + 1);
  self->unit_combat = g_new0 (guint8, self->n_units + 1);
  for (guint i = 0; i < self->n_units; i++)
    {
      int type = sand_scenario_get_counter (self->scenario, i)->type;
      self->unit_type[i] = type;
      self->unit_combat[i] = rules->type_is_combat == NULL || rules->type_is_combat (rs, type);
    }
  self->terrain = sand_map_peek_terrain (self->map);
  self->nbr = g_new (int, (gsize) self->n_hexes * SAND_N_DIRS);
  for (int h = 0; h < self->n_hexes; h++)
    for (int d = 0; d < SAND_N_DIRS; d++)
      self->nbr[h * SAND_N_DIRS + d] = sand_grid_neighbour (self->grid, h, d);
  self->mv_unit = -1;
  sand_game_view_fill (self);
  for (guint i = 0; i < self->n_units; i++)
    {
      const SandCounter *c = sand_scenario_get_counter (self->scenario, i);
      SandUnitState *u = &self->units[i];
      u->hex = SAND_HEX_NONE;
      u->status = SAND_UNIT_ABSENT;
      u->side = (guint8) CLAMP (c->side, 0, n_sides - 1);
      u->strength = c->strength > 0 ? c->strength : c->steps;
      u->known = 0xff;
      if (rules->unit_flags_at_start != NULL)
        u->flags = rules->unit_flags_at_start (self, (int) i);
      /* face down: known only to its owner until combat reveals it */
      if (u->flags & SAND_UNIT_FACE_DOWN)
        u->known = (guint8) (1u << u->side);
      u->arrive_hex = SAND_HEX_NONE;
    }
  for (guint i = 0; i < reserve->len; i++)
    self->units[g_array_index (reserve, int, i)].status = SAND_UNIT_RESERVE;

  sand_game_view_fill (self);
  if (!rules->setup (self, &self->params, error))
    return NULL;
  if (self->params.die_sides <= 0)
    self->params.die_sides = 6;
  sand_movement_init (self);
  sand_game_view_fill (self);
  sand_zoc_init (self);
  sand_supply_init (self);

  for (int s = 0; s < n_sides; s++)
    if (!setup_oob (self, s, error))
      return NULL;

  assign_aliases (self);
  self->clock.turn = 1;
  self->clock.side = sand_game_first_side (self);
  self->clock.phase = 0;
  sand_game_phase_begin (self, TRUE);
  sand_game_skip_automatic (self);
  g_ptr_array_set_size (self->undo, 0);
  return g_steal_pointer (&self);
}

char **
sand_game_options_played (SandScenario       *scenario,
                          const char * const *oob_ids,
                          const char * const *options,
                          GError            **error)
{
  g_return_val_if_fail (SAND_IS_SCENARIO (scenario), NULL);
  g_autoptr(SandScenario) copy = sand_scenario_copy (scenario);
  g_auto(GStrv) had = sand_scenario_list_options (copy);

  for (guint i = 0; had[i] != NULL; i++)
    sand_scenario_set_option (copy, had[i], FALSE);
  for (guint i = 0; options != NULL && options[i] != NULL; i++)
    sand_scenario_set_option (copy, options[i], TRUE);
  /* The game is made as it would be played, so the answer is the rules'
   * own (their prepare hook), not a second reading of them here. */
  g_autoptr(SandGame) game = sand_game_new (copy, oob_ids, 1, error);
  return game != NULL ? sand_scenario_list_options (sand_game_get_scenario (game)) : NULL;
}

void
sand_game_free (SandGame *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->pending, sand_pending_attack_free);
  if (self->rules != NULL && self->rules->teardown != NULL)
    self->rules->teardown (self);
  sand_movement_clear (self);
  sand_zoc_clear (self);
  sand_supply_clear (self);
  for (int s = 0; s < SAND_MAX_SIDES; s++)
    {
      g_free (self->n_combat[s]);
      g_free (self->n_stack[s]);
      g_free (self->n_any[s]);
      g_free (self->oob_ids[s]);
    }
  g_free (self->rail);
  g_clear_pointer (&self->rail_list, g_array_unref);
  g_clear_pointer (&self->markers, g_array_unref);
  g_free (self->fort_at);
  g_free (self->blockers);
  g_free (self->fort_hex);
  g_free (self->fort_marker);
  g_free (self->fort_strength);
  g_free (self->units);
  g_free (self->unit_type);
  g_free (self->unit_combat);
  g_free (self->nbr);
  g_free (self->refusal_rule);
  g_clear_pointer (&self->undo, g_ptr_array_unref);
  g_clear_pointer (&self->log, g_ptr_array_unref);
  g_clear_pointer (&self->log_actions, g_ptr_array_unref);
  for (int s = 0; s < SAND_MAX_SIDES; s++)
    g_clear_pointer (&self->log_for[s], g_ptr_array_unref);
  g_clear_object (&self->ruleset);
  g_clear_object (&self->scenario);
  g_free (self);
}

SandScenario *
sand_game_get_scenario (SandGame *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->scenario;
}

const SandGrid *
sand_game_get_grid (SandGame *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->grid;
}

guint64
sand_game_get_seed (SandGame *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->seed;
}
