/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-console-units.c: the console's scenario commands — markers,
 * counters, the game's length and title, info, and save and load — and the
 * set-up state `state` answers while there is no game. */
#include "config.h"

#include "sand-console-private.h"
#include "sand-console-game.h"
#include "sand-scenario-io.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

gboolean
sand_console_cmd_marker (SandConsole        *self,
                         const char * const *args,
                         SandJson           *answer)
{
  const char *kind = sand_console_positional (args, 0);
  const char *hex_text = sand_console_positional (args, 1);
  const char *value_text = sand_console_arg_value (args, "value");
  const char *capacity_text = sand_console_arg_value (args, "capacity");
  const char *name = sand_console_arg_value (args, "name");
  g_autoptr(SandMarker) marker = NULL;
  SandMap *map = map_of (self);
  int hex, side = -1;

  if (kind == NULL)
    return sand_console_refuse (answer, NULL,
                                "Name the marker: marker KIND HEX SIDE [key=value…].");
  if (!sand_console_parse_hex (self, hex_text, &hex, answer))
    return TRUE;

  /* A place name is a fact of the hex, not a marker, but scripts written
   * for markers read better with it here too. */
  if (g_str_equal (kind, "place"))
    {
      g_autofree char *rest = sand_console_join_rest (args, 3);

      if (name == NULL)
        name = rest;
      if (name == NULL)
        return sand_console_refuse (answer, NULL, "The place needs a name: name=NAME.");
      sand_map_set_place (map, hex, name);
      return TRUE;
    }
  if (sand_console_n_positional (args) > 3)
    return sand_console_refuse (answer, NULL,
                                "Too many arguments (usage: marker KIND HEX SIDE [key=value…]); "
                                "quote names that have spaces.");

  if (sand_console_positional (args, 2) != NULL
      && !sand_console_parse_side_or_none (self, sand_console_positional (args, 2), &side, answer))
    return TRUE;

  if (g_str_equal (kind, "supply"))
    {
      marker = sand_marker_new (SAND_MARKER_SUPPLY, hex);
      marker->capacity = -1;
      if (capacity_text != NULL
          && !sand_console_parse_int_min (capacity_text, "supply capacity", -1, &marker->capacity,
                                          answer))
        return TRUE;
      marker->name = g_strdup (name);
      marker->group = g_strdup (sand_console_arg_value (args, "source"));
    }
  else if (g_str_equal (kind, "entry"))
    {
      const char *group = sand_console_arg_value (args, "group");

      /* A flag without a group is useless to reinforcements; "1" is what a
       * map with one entry group would print. */
      marker = sand_marker_new (SAND_MARKER_ENTRY, hex);
      marker->group = g_strdup (group != NULL && *group != '\0' ? group : "1");
      marker->name = g_strdup (name);
    }
  else if (g_str_equal (kind, "zone"))
    {
      const char *zone = sand_console_arg_value (args, "zone");

      if (zone == NULL)
        zone = sand_console_arg_value (args, "id");
      if (zone == NULL)
        return sand_console_refuse (answer, NULL, "A zone marker needs zone=ID.");
      if (sand_map_find_zone (map, zone) < 0)
        sand_map_add_zone (map, zone, name != NULL ? name : zone, side, NULL);
      marker = sand_marker_new (SAND_MARKER_ZONE, hex);
      marker->group = g_strdup (zone);
    }
  else if (g_str_equal (kind, "victory"))
    {
      marker = sand_marker_new (SAND_MARKER_VICTORY, hex);
      marker->value = 1;
      if (value_text != NULL
          && !sand_console_parse_int (value_text, "victory value", &marker->value, answer))
        return TRUE;
      marker->name = g_strdup (name);
    }
  else if (g_str_equal (kind, "link"))
    {
      const char *to = sand_console_arg_value (args, "to");
      const char *distance = sand_console_arg_value (args, "distance");
      const char *group = sand_console_arg_value (args, "group");
      int hex2, value;

      if (to == NULL)
        return sand_console_refuse (answer, NULL,
                                    "A link needs the other end: to=HEX distance=N.");
      if (!sand_console_parse_hex (self, to, &hex2, answer)
          || !sand_console_parse_int_min (distance, "link distance", 0, &value, answer))
        return TRUE;
      marker = sand_marker_new (SAND_MARKER_OFFMAP_LINK, hex);
      marker->hex2 = hex2;
      marker->value = value;
      marker->group = g_strdup (group != NULL ? group : "rail");
    }
  else if (g_str_equal (kind, "edge"))
    {
      const char *edge = sand_console_arg_value (args, "edge");

      if (edge == NULL || !(g_str_equal (edge, "north") || g_str_equal (edge, "south")
                            || g_str_equal (edge, "east") || g_str_equal (edge, "west")))
        return sand_console_refuse (answer, NULL,
                                    "An edge marker needs edge=north|south|east|west.");
      marker = sand_marker_new (SAND_MARKER_EDGE_VALUE, hex);
      marker->group = g_strdup (edge);
      if (!sand_console_parse_int (value_text, "edge value", &marker->value, answer))
        return TRUE;
    }
  else if (g_str_equal (kind, "custom"))
    {
      if (name == NULL)
        return sand_console_refuse (answer, NULL, "A custom marker needs name=KIND.");
      marker = sand_marker_new (SAND_MARKER_CUSTOM, hex);
      marker->name = g_strdup (name);
      if (value_text != NULL
          && !sand_console_parse_int (value_text, "marker value", &marker->value, answer))
        return TRUE;
    }
  else
    {
      return sand_console_refuse (answer, NULL,
                                  "Unknown marker kind '%s' (the kinds are supply, entry, zone, "
                                  "victory, link, edge, place, custom; forts have their own "
                                  "command).",
                                  kind);
    }

  marker->side = side;
  sand_map_add_marker (map, g_steal_pointer (&marker));
  return TRUE;
}

/* The OOB a console-made unit goes into: the side's first, or a new one. */
static SandOob *
console_oob (SandConsole *self,
             int          side)
{
  SandOob *oob = sand_scenario_default_oob (self->scenario, side);

  if (oob == NULL)
    {
      SandRuleset *ruleset = ruleset_of (self);
      g_autofree char *id = g_strdup_printf ("console-%s",
                                             sand_ruleset_get_side (ruleset, side)->id);

      guint index;

      oob = sand_oob_new (id, side);
      g_free (oob->name);
      oob->name = g_strdup ("Console");
      index = sand_scenario_add_oob (self->scenario, oob);
      oob = sand_scenario_get_oob (self->scenario, index);
    }
  return oob;
}

gboolean
sand_console_cmd_unit (SandConsole        *self,
                       const char * const *args,
                       SandJson           *answer)
{
  SandRuleset *ruleset = ruleset_of (self);
  const char *id = sand_console_positional (args, 0);
  const char *type_text = sand_console_positional (args, 2);
  const char *text;
  g_autoptr(SandCounter) counter = NULL;
  SandOob *oob;
  int side, type, hex, arrive = 0;
  gboolean entrained = FALSE;

  if (sand_console_n_positional (args) != 4)
    return sand_console_refuse (answer, NULL,
                                "unit takes ID SIDE TYPE HEX [key=value…], with names in quotes.");
  if (sand_scenario_find_counter (self->scenario, id) >= 0)
    return sand_console_refuse (answer, NULL, "There is already a unit '%s'.", id);
  if (!sand_console_parse_side (self, sand_console_positional (args, 1), &side, answer))
    return TRUE;
  type = sand_ruleset_find_unit_type (ruleset, type_text);
  if (type < 0)
    {
      g_autofree char *known = sand_console_ruleset_ids (ruleset, sand_ruleset_n_unit_types,
                                            sand_console_unit_type_id_of);
      return sand_console_refuse (answer, NULL, "Unknown unit type '%s' (the types are %s).",
                                  type_text, known);
    }
  if (!sand_console_parse_hex (self, sand_console_positional (args, 3), &hex, answer))
    return TRUE;

  counter = sand_counter_new ();
  counter->id = g_strdup (id);
  counter->side = side;
  counter->type = type;
  counter->reduced = -1;
  if ((text = sand_console_arg_value (args, "strength"))
      && !sand_console_parse_int_min (text, "strength", 0, &counter->strength, answer))
    return TRUE;
  if ((text = sand_console_arg_value (args, "reduced"))
      && !sand_console_parse_int_min (text, "reduced strength", -1, &counter->reduced, answer))
    return TRUE;
  if ((text = sand_console_arg_value (args, "steps"))
      && !sand_console_parse_int_min (text, "number of steps", 0, &counter->steps, answer))
    return TRUE;
  if ((text = sand_console_arg_value (args, "ma"))
      && !sand_console_parse_int_min (text, "movement allowance", 0, &counter->ma, answer))
    return TRUE;
  if ((text = sand_console_arg_value (args, "quality")))
    {
      if (!sand_console_parse_int (text, "quality", &counter->quality, answer))
        return TRUE;
      if (counter->quality < -1 || counter->quality > 1)
        return sand_console_refuse (answer, NULL,
                                    "The quality is -1 (inferior), 0 or 1 (superior), not %s.",
                                    text);
    }
  if ((text = sand_console_arg_value (args, "arrive"))
      && !sand_console_parse_int_min (text, "arrival turn", 1, &arrive, answer))
    return TRUE;
  if (sand_console_arg_value (args, "entry") != NULL && arrive == 0)
    return sand_console_refuse (answer, NULL,
                                "entry= names the entry flag of a reinforcement: give arrive=TURN "
                                "too.");
  if ((text = sand_console_arg_value (args, "entrained")))
    {
      if (g_str_equal (text, "yes") || g_str_equal (text, "true") || g_str_equal (text, "1"))
        entrained = TRUE;
      else if (!(g_str_equal (text, "no") || g_str_equal (text, "false")
                 || g_str_equal (text, "0")))
        return sand_console_refuse (answer, NULL, "entrained is yes or no, not '%s'.", text);
    }
  counter->name = g_strdup (sand_console_arg_value (args, "name"));
  counter->parent = g_strdup (sand_console_arg_value (args, "parent"));
  counter->band = g_strdup (sand_console_arg_value (args, "band"));
  counter->note = g_strdup (sand_console_arg_value (args, "note"));

  if (!sand_scenario_add_counter (self->scenario, g_steal_pointer (&counter)))
    return sand_console_refuse (answer, NULL, "There is already a unit '%s'.", id);

  oob = console_oob (self, side);
  if (arrive > 0)
    {
      SandReinforcement *r = sand_reinforcement_new ();

      r->turn = arrive;
      r->counter = g_strdup (id);
      r->hex = hex;
      r->entry = g_strdup (sand_console_arg_value (args, "entry"));
      r->entrained = entrained;
      g_ptr_array_add (oob->reinforcements, r);
    }
  else
    {
      SandPlacement *p = g_new0 (SandPlacement, 1);

      p->counter = g_strdup (id);
      p->hex = hex;
      g_ptr_array_add (oob->placements, p);
    }
  sand_scenario_emit_changed (self->scenario);
  return TRUE;
}

gboolean
sand_console_cmd_turns (SandConsole        *self,
                        const char * const *args,
                        SandJson           *answer)
{
  const char *first = sand_console_arg_value (args, "first");
  int turns, side = -1;

  if (!sand_console_parse_int_min (sand_console_positional (args, 0), "number of turns", 1,
                                   &turns, answer))
    return TRUE;
  if (turns > 999)
    return sand_console_refuse (answer, NULL, "A game lasts at most 999 turns, not %d.", turns);
  if (first != NULL && !sand_console_parse_side (self, first, &side, answer))
    return TRUE;

  sand_scenario_set_turns (self->scenario, turns);
  if (side >= 0)
    sand_scenario_set_first_side (self->scenario, side);
  return TRUE;
}

gboolean
sand_console_cmd_title (SandConsole        *self,
                        const char * const *args,
                        SandJson           *answer)
{
  g_autofree char *title = sand_console_join_rest (args, 0);

  sand_scenario_set_title (self->scenario, title);
  return TRUE;
}

gboolean
sand_console_cmd_info (SandConsole        *self,
                       const char * const *args,
                       SandJson           *answer)
{
  const SandGrid *grid = grid_of (self);

  sand_json_member_string (answer, "title", sand_scenario_get_title (self->scenario));
  sand_json_member_string (answer, "ruleset", sand_ruleset_get_id (ruleset_of (self)));
  sand_json_key (answer, "size");
  sand_json_printf (answer, "%dx%d", grid->cols, grid->rows);
  sand_json_member_string (answer, "orientation",
                           grid->orientation == SAND_ORIENTATION_FLAT ? "flat" : "pointy");
  sand_json_member_string (answer, "stagger", grid->stagger == SAND_STAGGER_EVEN ? "even" : "odd");
  sand_json_member_int (answer, "turns", sand_scenario_get_turns (self->scenario));
  sand_json_member_int (answer, "counters", sand_scenario_n_counters (self->scenario));
  sand_json_member_int (answer, "markers", sand_map_n_markers (map_of (self)));
  sand_json_member_int (answer, "oobs", sand_scenario_n_oobs (self->scenario));
  return TRUE;
}

/* Where the default OOB of the counter's side sets it up. */
static void
find_setup (SandConsole       *self,
            const SandCounter *counter,
            int               *hex,
            const char       **zone,
            int               *arrive)
{
  SandOob *oob = sand_scenario_default_oob (self->scenario, counter->side);

  *hex = SAND_HEX_NONE;
  *zone = NULL;
  *arrive = 0;
  if (oob == NULL)
    return;
  for (guint i = 0; i < oob->placements->len; i++)
    {
      SandPlacement *p = g_ptr_array_index (oob->placements, i);

      if (g_strcmp0 (p->counter, counter->id) == 0)
        {
          *hex = p->hex;
          *zone = p->zone;
          return;
        }
    }
  for (guint i = 0; i < oob->reinforcements->len; i++)
    {
      SandReinforcement *r = g_ptr_array_index (oob->reinforcements, i);

      if (g_strcmp0 (r->counter, counter->id) == 0)
        {
          *arrive = r->turn;
          return;
        }
    }
}

/* The set-up as a state, for scripts that inspect a map before any game
 * exists; the rules side answers `state` once it has a game. */
void
sand_console_write_setup_state (SandConsole *self,
                                SandJson    *answer)
{
  SandRuleset *ruleset;
  guint n;

  g_return_if_fail (self != NULL);
  g_return_if_fail (answer != NULL);
  g_return_if_fail (self->scenario != NULL);

  ruleset = ruleset_of (self);
  n = sand_scenario_n_counters (self->scenario);

  sand_json_key (answer, "units");
  sand_json_begin_array (answer);
  for (guint i = 0; i < n; i++)
    {
      const SandCounter *c = sand_scenario_get_counter (self->scenario, i);
      const char *zone;
      int hex, arrive;

      find_setup (self, c, &hex, &zone, &arrive);
      sand_json_begin_object (answer);
      sand_json_member_string (answer, "id", c->id);
      sand_json_member_string (answer, "side",
                               c->side >= 0 && (guint) c->side < sand_ruleset_n_sides (ruleset)
                               ? sand_ruleset_get_side (ruleset, c->side)->id : NULL);
      sand_json_member_string (answer, "type",
                               c->type >= 0
                               && (guint) c->type < sand_ruleset_n_unit_types (ruleset)
                               ? sand_ruleset_get_unit_type (ruleset, c->type)->id : NULL);
      sand_json_key (answer, "hex");
      sand_console_json_hex (self, answer, hex);
      if (c->steps > 0)
        sand_json_member_int (answer, "steps", c->steps);
      else
        sand_json_member_int (answer, "strength", c->strength);
      if (zone != NULL)
        sand_json_member_string (answer, "zone", zone);
      if (arrive > 0)
        sand_json_member_int (answer, "arrive", arrive);
      sand_json_end_object (answer);
    }
  sand_json_end_array (answer);
  sand_json_member_null (answer, "turn");
  sand_json_member_null (answer, "side");
  sand_json_member_null (answer, "phase");
}

gboolean
sand_console_cmd_save (SandConsole        *self,
                       const char * const *args,
                       SandJson           *answer)
{
  const char *path = sand_console_positional (args, 0);
  g_autoptr(GError) error = NULL;

  /* No backup: scripts save to scratch files over and over, and the
   * replace is atomic anyway. */
  if (!sand_scenario_save_file (self->scenario, path, FALSE, &error))
    return sand_console_refuse (answer, NULL, "Could not save %s: %s", path, error->message);
  sand_json_member_string (answer, "path", path);
  return TRUE;
}

gboolean
sand_console_cmd_load (SandConsole        *self,
                       const char * const *args,
                       SandJson           *answer)
{
  const char *path = sand_console_positional (args, 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) scenario = sand_scenario_load_file (path, &error);
  const SandGrid *grid;

  if (scenario == NULL)
    return sand_console_refuse (answer, NULL, "%s", error->message);
  sand_console_set_scenario (self, scenario);

  grid = grid_of (self);
  sand_json_member_string (answer, "path", path);
  sand_json_member_string (answer, "ruleset", sand_ruleset_get_id (ruleset_of (self)));
  sand_json_key (answer, "size");
  sand_json_printf (answer, "%dx%d", grid->cols, grid->rows);
  return TRUE;
}
