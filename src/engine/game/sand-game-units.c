/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-game-units.c: the units and what they stand on — occupancy, placing
 * and removing, flags, rail bits, forts and markers — and the unit actions
 * that are no movement: set-up by hand, reserves, exits, rail. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-game-private.h"
#include "sand-ruleset-labels.h"

#include <stdlib.h>
#include <string.h>

/* Occupancy ----------------------------------------------------------- */

static void
occupancy_add (SandGame *self,
               int       unit,
               int       delta)
{
  SandUnitState *u = &self->units[unit];
  int hex = u->hex;

  if (hex == SAND_HEX_NONE)
    return;
  self->n_any[u->side][hex] += delta;
  if (sand_game_unit_is_combat (self, unit))
    self->n_combat[u->side][hex] += delta;
  gboolean counts = self->rules->counts_for_stacking != NULL
    ? self->rules->counts_for_stacking (self, unit)
    : sand_game_unit_is_combat (self, unit);
  if (counts)
    self->n_stack[u->side][hex] += delta;
  sand_game_refresh_hex (self, hex);
}

void
sand_game_occupancy_rebuild (SandGame *self)
{
  for (int s = 0; s < self->n_sides; s++)
    {
      memset (self->n_combat[s], 0, sizeof (int) * (gsize) self->n_hexes);
      memset (self->n_stack[s], 0, sizeof (int) * (gsize) self->n_hexes);
      memset (self->n_any[s], 0, sizeof (int) * (gsize) self->n_hexes);
    }
  /* A hex blocks only with combat units (occupancy_add refreshes theirs)
   * or a living fort: the rest is cleared at once, not refreshed hex by
   * hex (an undo rebuilds this, and the computer player undoes every try). */
  memset (self->blockers, 0, (gsize) self->n_hexes);
  for (guint i = 0; i < self->n_units; i++)
    if (self->units[i].status == SAND_UNIT_ON_MAP)
      occupancy_add (self, (int) i, 1);
  for (guint f = 0; f < self->n_forts; f++)
    if (self->fort_hex[f] >= 0 && self->fort_hex[f] < self->n_hexes)
      sand_game_refresh_hex (self, self->fort_hex[f]);
}

void
sand_game_place_unit (SandGame *self,
                      int       unit,
                      int       hex)
{
  SandUnitState *u = &self->units[unit];

  if (u->status == SAND_UNIT_ON_MAP)
    occupancy_add (self, unit, -1);
  u->hex = hex;
  u->status = SAND_UNIT_ON_MAP;
  occupancy_add (self, unit, 1);
  sand_game_changed (self);
}

void
sand_game_remove_unit (SandGame       *self,
                       int             unit,
                       SandUnitStatus  status)
{
  SandUnitState *u = &self->units[unit];

  if (u->status == SAND_UNIT_ON_MAP)
    occupancy_add (self, unit, -1);
  u->hex = SAND_HEX_NONE;
  u->status = status;
  u->flags &= ~(guint32) SAND_UNIT_ENTRAINED;
  sand_game_changed (self);
}

void
sand_game_set_unit_flags (SandGame *self,
                          int       unit,
                          guint32   flags)
{
  /* Marks of what a unit did this phase feed nothing the game derives:
   * changing only those recounts nothing and keeps the caches. */
  if (((self->units[unit].flags ^ flags) & ~(guint32) SAND_UNIT_MARKS) == 0)
    {
      self->units[unit].flags = flags;
      return;
    }
  occupancy_add (self, unit, -1);
  self->units[unit].flags = flags;
  occupancy_add (self, unit, 1);
  sand_game_changed (self);
}

void
sand_game_step_unit (SandGame *self,
                     int       unit,
                     int       hex)
{
  int from = self->units[unit].hex;

  sand_game_place_unit (self, unit, hex);
  if (self->rules->entered_hex != NULL)
    self->rules->entered_hex (self, unit, hex, from);
}

/* Rail state ---------------------------------------------------------- */

void
sand_game_set_rail_bits (SandGame *self,
                         int       hex,
                         guint8    bits)
{
  if (self->rail[hex] == bits)
    return;
  if (self->rail[hex] == 0)
    g_array_append_val (self->rail_list, hex);
  self->rail[hex] = bits;
  if (bits == 0)
    for (guint i = 0; i < self->rail_list->len; i++)
      if (g_array_index (self->rail_list, int, i) == hex)
        {
          g_array_remove_index (self->rail_list, i);
          break;
        }
  sand_game_changed (self);
}

gboolean
sand_game_rail_cut (SandGame *self,
                    int       side,
                    int       hex)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (hex >= 0 && hex < self->n_hexes, FALSE);
  return (self->rail[hex] & SAND_RAIL_CUT (side)) != 0;
}

gboolean
sand_game_rail_secured (SandGame *self,
                        int       side,
                        int       hex)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (hex >= 0 && hex < self->n_hexes, FALSE);
  return (self->rail[hex] & SAND_RAIL_SECURED (side)) != 0;
}

int
sand_game_fort_strength (SandGame *self,
                         int       hex)
{
  g_return_val_if_fail (self != NULL, -1);
  g_return_val_if_fail (hex >= 0 && hex < self->n_hexes, -1);
  int f = self->fort_at[hex];
  return f < 0 ? -1 : self->fort_strength[f];
}

/* Markers placed in play ------------------------------------------------ */

void
sand_game_add_marker (SandGame   *self,
                      const char *kind,
                      int         hex,
                      int         side,
                      int         value)
{
  SandGameMarker m = { g_intern_string (kind), hex, side, value };
  g_array_append_val (self->markers, m);
  sand_game_changed (self);
}

void
sand_game_remove_marker (SandGame *self,
                         guint     i)
{
  g_return_if_fail (i < self->markers->len);
  g_array_remove_index (self->markers, i);
  sand_game_changed (self);
}

guint
sand_game_n_markers (SandGame *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->markers->len;
}

const SandGameMarker *
sand_game_get_marker (SandGame *self,
                      guint     i)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (i < self->markers->len, NULL);
  return &g_array_index (self->markers, SandGameMarker, i);
}

int
sand_game_find_marker (SandGame   *self,
                       const char *kind,
                       int         hex)
{
  g_return_val_if_fail (self != NULL, -1);
  g_return_val_if_fail (kind != NULL, -1);
  /* strcmp, not g_intern_string: interning takes GLib's global quark lock,
   * which the threads of a balance run would queue on (it is asked in the
   * rules' hot paths). */
  for (guint i = 0; i < self->markers->len; i++)
    {
      const SandGameMarker *m = &g_array_index (self->markers, SandGameMarker, i);
      if (m->hex == hex && g_str_equal (m->kind, kind))
        return (int) i;
    }
  return -1;
}

void
sand_game_unit_rule_flags (SandGame  *self,
                           int        unit,
                           GPtrArray *names)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (unit >= 0 && (guint) unit < self->n_units);
  g_return_if_fail (names != NULL);
  if (self->rules->unit_flags != NULL)
    self->rules->unit_flags (self, unit, names);
}

/* Units ------------------------------------------------------------------ */

guint
sand_game_n_units (SandGame *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_units;
}

const SandUnitState *
sand_game_get_unit (SandGame *self,
                    int       unit)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (unit >= 0 && (guint) unit < self->n_units, NULL);
  return &self->units[unit];
}

const char *
sand_game_get_oob (SandGame *self,
                   int       side)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (side >= 0 && side < SAND_MAX_SIDES, NULL);
  return self->oob_ids[side];
}

const SandCounter *
sand_game_get_counter (SandGame *self,
                       int       unit)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (unit >= 0 && (guint) unit < self->n_units, NULL);
  return sand_scenario_get_counter (self->scenario, (guint) unit);
}

int
sand_game_find_unit (SandGame   *self,
                     const char *id)
{
  g_return_val_if_fail (self != NULL, -1);
  g_return_val_if_fail (id != NULL, -1);
  int unit = sand_scenario_find_counter (self->scenario, id);
  if (unit >= 0)
    return unit;
  /* A face-down counter by the name the enemy knows it by. */
  const char *q = strstr (id, "-?");
  if (q == NULL)
    return -1;
  g_autofree char *side_id = g_strndup (id, (gsize) (q - id));
  int side = sand_ruleset_find_side (self->ruleset, side_id);
  int n = atoi (q + 2);
  for (guint i = 0; side >= 0 && n > 0 && i < self->n_units; i++)
    if (self->units[i].side == side && self->units[i].alias == n
        && (self->units[i].flags & SAND_UNIT_FACE_DOWN))
      return (int) i;
  return -1;
}

char *
sand_game_unit_name_for (SandGame *self,
                         int       unit,
                         int       viewer)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (unit >= 0 && (guint) unit < self->n_units, NULL);
  if (sand_game_unit_visible (self, unit, viewer))
    return g_strdup (sand_game_unit_id (self, unit));
  return g_strdup_printf ("%s-?%d",
                          sand_ruleset_get_side (self->ruleset, self->units[unit].side)->id,
                          self->units[unit].alias);
}

char *
sand_game_unit_label_for (SandGame      *self,
                          int            unit,
                          int            viewer,
                          SandUnitLabel  style)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (unit >= 0 && (guint) unit < self->n_units, NULL);
  /* A face-down counter's name would tell what it is as surely as its id:
   * a message to be answered gives the face-down name the console takes,
   * one to be read says what the reader sees, with the number that tells
   * this counter from the other face-down ones ("french-?3" in the
   * console). */
  if (!sand_game_unit_visible (self, unit, viewer))
    return style == SAND_UNIT_LABEL_WITH_ID
           ? sand_game_unit_name_for (self, unit, viewer)
           /* Translators: an enemy counter the reader has not seen (FPW
            * Standard Game), e.g. "Face-down unit ?3"; keep the "?%d". */
           : g_strdup_printf (_("Face-down unit ?%d"), self->units[unit].alias);
  const SandCounter *c = sand_scenario_get_counter (self->scenario, (guint) unit);
  if (c->name == NULL || c->name[0] == '\0' || strcmp (c->name, c->id) == 0)
    return g_strdup (c->id);
  if (style == SAND_UNIT_LABEL_WITH_ID)
    /* Translators: a unit's name and its counter id, e.g. "AK (de6-2)". */
    return g_strdup_printf (_("%s (%s)"), c->name, c->id);
  return g_strdup (c->name);
}

const char *
sand_game_unit_formation_for (SandGame *self,
                              int       unit,
                              int       viewer)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (unit >= 0 && (guint) unit < self->n_units, NULL);
  return self->rules->formation_for != NULL ? self->rules->formation_for (self, unit, viewer)
                                            : NULL;
}

int
sand_game_unit_strength_for (SandGame *self,
                             int       unit,
                             int       viewer)
{
  g_return_val_if_fail (self != NULL, -1);
  g_return_val_if_fail (unit >= 0 && (guint) unit < self->n_units, -1);
  const SandUnitState *u = &self->units[unit];
  if (viewer < 0 || u->side == viewer || !(u->flags & SAND_UNIT_FACE_DOWN))
    return u->strength;
  if (!(u->known & (1u << viewer)))
    return -1;
  /* Revealed units are flipped back after combat: the enemy keeps what it
   * saw, not what happened since (Standard Game Combat Phase). */
  return u->seen_strength;
}

gboolean
sand_game_unit_visible (SandGame *self,
                        int       unit,
                        int       viewer)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (unit >= 0 && (guint) unit < self->n_units, FALSE);
  if (viewer < 0 || self->units[unit].side == viewer)
    return TRUE;
  if (!(self->units[unit].flags & SAND_UNIT_FACE_DOWN))
    return TRUE;
  return (self->units[unit].known & (1u << viewer)) != 0;
}

void
sand_game_units_at (SandGame *self,
                    int       hex,
                    GArray   *out)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (out != NULL);
  for (guint i = 0; i < self->n_units; i++)
    if (self->units[i].status == SAND_UNIT_ON_MAP && self->units[i].hex == hex)
      {
        int u = (int) i;
        g_array_append_val (out, u);
      }
}

int
sand_game_unit_allowance (SandGame *self,
                          int       unit)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (unit >= 0 && (guint) unit < self->n_units, 0);
  return self->rules->allowance (self, unit);
}

int
sand_game_unit_mp_left (SandGame *self,
                        int       unit)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (unit >= 0 && (guint) unit < self->n_units, 0);
  return MAX (0, sand_game_unit_allowance (self, unit) - self->units[unit].mp_spent);
}

int
sand_game_unit_max_strength (SandGame *self,
                             int       unit)
{
  g_return_val_if_fail (self != NULL, 0);
  if (self->rules->max_strength != NULL)
    return self->rules->max_strength (self, unit);
  const SandCounter *c = sand_game_get_counter (self, unit);
  return c->strength > 0 ? c->strength : c->steps;
}

int
sand_game_points_lost (SandGame *self,
                       int       side)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (side >= 0 && side < self->n_sides, 0);
  return self->points_lost[side];
}

gboolean
sand_game_set_up (SandGame  *self,
                  int        unit,
                  int        hex,
                  GError   **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  if (!sand_combat_check_idle (self, error))
    return FALSE;

  if (unit < 0 || (guint) unit >= self->n_units || hex < 0 || hex >= self->n_hexes)
    {
      sand_game_invalid (self, error, _("No such unit or hex."));
      return FALSE;
    }
  int setting_up = sand_game_setup_side (self);
  if (setting_up < 0)
    {
      sand_game_refuse (self, error, "How to Set Up and Play the Game",
                        _("Units are set up before play starts."));
      return FALSE;
    }
  SandUnitState *u = &self->units[unit];
  if (u->side != setting_up)
    {
      sand_game_refuse (self, error, "How to Set Up and Play the Game",
                        _("%s sets up now; %s sets up once it is ready."),
                        sand_ruleset_get_side (self->ruleset, (guint) setting_up)->name,
                        sand_ruleset_get_side (self->ruleset, u->side)->name);
      return FALSE;
    }
  const char *uid = sand_game_unit_id (self, unit);
  /* its owner sets it up */
  g_autofree char *who = sand_game_unit_label_for (self, unit, u->side, SAND_UNIT_LABEL_WITH_ID);
  int oi = self->oob_ids[u->side] ? sand_scenario_find_oob (self->scenario,
                                                            self->oob_ids[u->side]) : -1;
  SandOob *oob = oi >= 0 ? sand_scenario_get_oob (self->scenario, (guint) oi) : NULL;
  const char *zone = NULL;
  for (guint i = 0; oob != NULL && oob->placements != NULL && i < oob->placements->len; i++)
    {
      const SandPlacement *p = g_ptr_array_index (oob->placements, i);
      if (g_strcmp0 (p->counter, uid) == 0)
        zone = p->zone;
    }
  if (u->status != SAND_UNIT_ON_MAP || zone == NULL)
    {
      sand_game_refuse (self, error, "How to Set Up and Play the Game",
                        _("%s has a fixed place in its order of battle."), who);
      return FALSE;
    }
  gboolean in_zone = FALSE;
  for (guint i = 0; i < sand_map_n_markers (self->map) && !in_zone; i++)
    {
      const SandMarker *m = sand_map_get_marker (self->map, i);
      in_zone = m->kind == SAND_MARKER_ZONE && m->hex == hex && g_strcmp0 (m->group, zone) == 0;
    }
  g_autofree char *id = sand_game_hex_id (self, hex);
  if (!in_zone)
    {
      sand_game_refuse (self, error, "How to Set Up and Play the Game",
                        _("%s sets up in zone '%s'; %s is not in it."), who, zone, id);
      return FALSE;
    }
  int max_per_hex = 0;
  for (guint i = 0; oob->zone_limits != NULL && i < oob->zone_limits->len; i++)
    {
      const SandZoneLimit *l = g_ptr_array_index (oob->zone_limits, i);
      if (g_strcmp0 (l->zone, zone) == 0)
        max_per_hex = l->max_per_hex;
    }
  if (hex != u->hex && max_per_hex > 0 && self->n_any[u->side][hex] >= max_per_hex)
    {
      sand_game_refuse (self, error, "How to Set Up and Play the Game",
                        g_dngettext (GETTEXT_PACKAGE, "Zone '%s' takes at most %d unit a hex.",
                                     "Zone '%s' takes at most %d units a hex.", max_per_hex),
                        zone, max_per_hex);
      return FALSE;
    }
  if (sand_game_enemy_blocks (self, u->side, hex))
    {
      sand_game_refuse (self, error, "Movement (I)", _("%s holds enemy units."), id);
      return FALSE;
    }
  sand_game_begin_action (self);
  sand_game_place_unit (self, unit, hex);
  /* set-up is before play: supply is judged again */
  if (self->clock.phase == self->phase_movement && self->rules->supply_all != NULL)
    {
      self->rules->supply_all (self, TRUE, self->sup_states);
      for (guint i = 0; i < self->n_units; i++)
        if (self->units[i].side == self->clock.side)
          self->units[i].supply = self->sup_states[i];
    }
  SandAction *act = sand_action_new_kind (SAND_ACTION_SETUP);
  act->unit = unit;
  act->hex = hex;
  sand_game_commit_action (self, act);
  return TRUE;
}

gboolean
sand_game_setup_ready (SandGame  *self,
                       GError   **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  if (!sand_combat_check_idle (self, error))
    return FALSE;
  if (sand_game_setup_side (self) < 0)
    {
      sand_game_refuse (self, error, "How to Set Up and Play the Game",
                        _("Set-up is over: play has begun."));
      return FALSE;
    }
  sand_game_begin_action (self);
  sand_game_commit_action (self, sand_action_new_kind (SAND_ACTION_READY));
  return TRUE;
}

gboolean
sand_game_place_reserve (SandGame  *self,
                         int        side,
                         int        hex,
                         int       *unit,
                         GError   **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  if (!sand_combat_check_idle (self, error))
    return FALSE;

  if (side < 0 || side >= self->n_sides || hex < 0 || hex >= self->n_hexes)
    {
      sand_game_invalid (self, error, _("No such side or hex."));
      return FALSE;
    }
  if (self->rules->may_place_reserve == NULL)
    {
      sand_game_invalid (self, error, _("This game brings no new units into play."));
      return FALSE;
    }
  if (self->clock.over)
    {
      sand_game_invalid (self, error, _("The game is over."));
      return FALSE;
    }
  if (!self->rules->may_place_reserve (self, side, hex, error))
    return FALSE;
  int found = -1;
  for (guint i = 0; i < self->n_units && found < 0; i++)
    if (self->units[i].status == SAND_UNIT_RESERVE && self->units[i].side == side)
      found = (int) i;
  if (found < 0)
    {
      sand_game_refuse (self, error, NULL, _("%s has no more units to bring into play."),
                        sand_ruleset_side_label (self->ruleset, (guint) side));
      return FALSE;
    }
  sand_game_begin_action (self);
  sand_game_step_unit (self, found, hex);
  if (unit != NULL)
    *unit = found;
  SandAction *act = sand_action_new_kind (SAND_ACTION_RESERVE);
  act->side = side;
  act->hex = hex;
  sand_game_commit_action (self, act);
  return TRUE;
}

gboolean
sand_game_exit (SandGame  *self,
                int        unit,
                GError   **error)
{
  int cost = 0;

  g_return_val_if_fail (self != NULL, FALSE);
  if (!sand_movement_check_may_move (self, unit, error))
    return FALSE;
  if (self->rules->may_exit == NULL || !self->rules->may_exit (self, unit, &cost, error))
    {
      if (self->rules->may_exit == NULL)
        sand_game_invalid (self, error, _("Units never leave the map in this game."));
      return FALSE;
    }
  if (sand_game_unit_mp_left (self, unit) < cost)
    {
      g_autofree char *who = sand_game_unit_label_for (self, unit, self->clock.side,
                                                       SAND_UNIT_LABEL_WITH_ID);
      sand_game_refuse (self, error, self->params.rule_mp,
                        _("Leaving the map costs %d MP; %s has %d left."), cost, who,
                        sand_game_unit_mp_left (self, unit));
      return FALSE;
    }
  sand_game_begin_action (self);
  SandUnitState *u = &self->units[unit];
  int hex = u->hex;
  u->mp_spent += cost;
  /* leaving the map ends its movement (Standard Game: the unit in motion) */
  sand_game_motion (self, unit, SAND_MOTION_LEAVES);
  sand_game_remove_unit (self, unit, SAND_UNIT_EXITED);
  u->arrive_hex = hex;
  SandAction *act = sand_action_new_kind (SAND_ACTION_EXIT);
  act->unit = unit;
  sand_game_commit_action (self, act);
  return TRUE;
}

gboolean
sand_game_may_exit (SandGame *self,
                    int       unit)
{
  g_autofree char *rule = NULL;
  int cost = 0;
  gboolean ok;

  g_return_val_if_fail (self != NULL, FALSE);
  if (self->rules->may_exit == NULL)
    return FALSE;
  /* A question leaves the last refusal's rule as the player was told it. */
  rule = g_strdup (self->refusal_rule);
  ok = sand_movement_check_may_move (self, unit, NULL) &&
       self->rules->may_exit (self, unit, &cost, NULL) &&
       sand_game_unit_mp_left (self, unit) >= cost;
  g_free (self->refusal_rule);
  self->refusal_rule = g_steal_pointer (&rule);
  return ok;
}

void
sand_game_reserve_hexes (SandGame *self,
                         int       side,
                         GArray   *out)
{
  g_autofree char *rule = NULL;
  gboolean any = FALSE;

  g_return_if_fail (self != NULL);
  g_return_if_fail (out != NULL && g_array_get_element_size (out) == sizeof (int));
  if (self->rules->may_place_reserve == NULL || self->clock.over || side < 0 ||
      side >= self->n_sides)
    return;
  for (guint i = 0; i < self->n_units && !any; i++)
    any = self->units[i].status == SAND_UNIT_RESERVE && self->units[i].side == side;
  if (!any)
    return;
  /* A question leaves the last refusal's rule as the player was told it. */
  rule = g_strdup (self->refusal_rule);
  if (sand_combat_check_idle (self, NULL))
    for (int h = 0; h < self->n_hexes; h++)
      if (self->rules->may_place_reserve (self, side, h, NULL))
        g_array_append_val (out, h);
  g_free (self->refusal_rule);
  self->refusal_rule = g_steal_pointer (&rule);
}

/* Rail, combat, supply, victory: dispatched to the module ---------------- */

gboolean
sand_game_entrain (SandGame  *self,
                   int        unit,
                   GError   **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  if (!sand_combat_check_idle (self, error))
    return FALSE;
  if (unit < 0 || (guint) unit >= self->n_units)
    {
      sand_game_invalid (self, error, _("There is no such unit."));
      return FALSE;
    }
  if (self->rules->entrain == NULL)
    {
      sand_game_invalid (self, error, _("There is no rail movement in this game."));
      return FALSE;
    }
  return self->rules->entrain (self, unit, error);
}

gboolean
sand_game_detrain (SandGame  *self,
                   int        unit,
                   GError   **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  if (!sand_combat_check_idle (self, error))
    return FALSE;
  if (unit < 0 || (guint) unit >= self->n_units)
    {
      sand_game_invalid (self, error, _("There is no such unit."));
      return FALSE;
    }
  if (self->rules->detrain == NULL)
    {
      sand_game_invalid (self, error, _("There is no rail movement in this game."));
      return FALSE;
    }
  return self->rules->detrain (self, unit, error);
}
