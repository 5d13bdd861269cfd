/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-console-map.c: the console's map-building commands — new map,
 * terrain, hexsides, roads and rails, countries, places, forts. Every
 * command validates all of its arguments before it touches the scenario, so
 * a refusal changes nothing. */
#include "config.h"

#include "sand-console-private.h"
#include "sand-console-game.h"
#include "sand-scenario-io.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Parses positional arguments first..end as hexes into @out. */
gboolean
sand_console_parse_hex_list (SandConsole        *self,
                             const char * const *args,
                             guint               first,
                             GArray             *out,
                             SandJson           *answer)
{
  guint n = 0;

  /* One pass over the arguments: asking sand_console_positional() for
   * each hex would scan from the start every time, and a line of 200 000
   * hexes would never be answered. */
  for (guint i = 0; args != NULL && args[i] != NULL; i++)
    {
      int hex;

      if (sand_console_is_key_value (args[i]) || n++ < first)
        continue;
      if (!sand_console_parse_hex (self, args[i], &hex, answer))
        return FALSE;
      g_array_append_val (out, hex);
    }
  return TRUE;
}

/* Joins positional arguments first..end with spaces, so that a name may be
 * written without quotes; NULL when there are none. One pass, as above. */
char *
sand_console_join_rest (const char * const *args,
                        guint               first)
{
  g_autoptr(GString) out = NULL;
  guint n = 0;

  for (guint i = 0; args != NULL && args[i] != NULL; i++)
    {
      if (sand_console_is_key_value (args[i]) || n++ < first)
        continue;
      if (out == NULL)
        out = g_string_new (NULL);
      else
        g_string_append_c (out, ' ');
      g_string_append (out, args[i]);
    }
  return out != NULL ? g_string_free (g_steal_pointer (&out), FALSE) : NULL;
}

static gboolean
parse_size (const char *text,
            int        *cols,
            int        *rows)
{
  g_auto(GStrv) parts = NULL;

  if (text == NULL)
    return FALSE;
  parts = g_strsplit_set (text, "xX", -1);
  if (g_strv_length (parts) != 2 || !sand_console_all_digits (parts[0])
      || !sand_console_all_digits (parts[1]) || strlen (parts[0]) > 6 || strlen (parts[1]) > 6)
    return FALSE;
  *cols = atoi (parts[0]);
  *rows = atoi (parts[1]);
  return TRUE;
}

gboolean
sand_console_cmd_new (SandConsole        *self,
                      const char * const *args,
                      SandJson           *answer)
{
  const char *id = sand_console_positional (args, 0);
  const char *size = sand_console_positional (args, 1);
  const char *orientation_text = sand_console_arg_value (args, "orientation");
  const char *stagger_text = sand_console_arg_value (args, "stagger");
  SandOrientation orientation = SAND_ORIENTATION_FLAT;
  SandStagger stagger = SAND_STAGGER_EVEN;
  g_autoptr(GError) error = NULL;
  g_autoptr(SandMap) map = NULL;
  g_autoptr(SandScenario) scenario = NULL;
  SandRuleset *ruleset;
  int cols, rows, clear;

  if (!parse_size (size, &cols, &rows))
    return sand_console_refuse (answer, NULL,
                                "The map size must be COLSxROWS (e.g. 20x15), not '%s'.", size);
  if (cols < 1 || rows < 1 || cols > SAND_MAX_MAP_DIM || rows > SAND_MAX_MAP_DIM)
    return sand_console_refuse (answer, NULL,
                                "A map is 1 to %d hexes wide and tall, not %dx%d.",
                                SAND_MAX_MAP_DIM, cols, rows);
  if (orientation_text != NULL)
    {
      if (g_str_equal (orientation_text, "flat"))
        orientation = SAND_ORIENTATION_FLAT;
      else if (g_str_equal (orientation_text, "pointy"))
        orientation = SAND_ORIENTATION_POINTY;
      else
        return sand_console_refuse (answer, NULL,
                                    "The orientation is flat or pointy, not '%s'.",
                                    orientation_text);
    }
  if (stagger_text != NULL)
    {
      if (g_str_equal (stagger_text, "even"))
        stagger = SAND_STAGGER_EVEN;
      else if (g_str_equal (stagger_text, "odd"))
        stagger = SAND_STAGGER_ODD;
      else
        return sand_console_refuse (answer, NULL, "The stagger is even or odd, not '%s'.",
                                    stagger_text);
    }

  ruleset = sand_ruleset_lookup (id, &error);
  if (ruleset == NULL)
    {
      g_autofree char *known = g_strjoinv (", ", (char **) sand_ruleset_list_shipped ());
      return sand_console_refuse (answer, NULL, "Unknown ruleset '%s' (the rulesets are %s).",
                                  id, known);
    }

  map = sand_map_new (ruleset, cols, rows, orientation, stagger);
  clear = sand_ruleset_find_terrain (ruleset, "clear");
  if (clear > 0)
    {
      int n = cols * rows;

      sand_map_freeze_changes (map);
      for (int hex = 0; hex < n; hex++)
        sand_map_set_terrain (map, hex, (guint8) clear);
      sand_map_thaw_changes (map);
    }
  scenario = sand_scenario_new (map);
  sand_console_set_scenario (self, scenario);

  sand_json_member_string (answer, "ruleset", sand_ruleset_get_id (ruleset));
  sand_json_key (answer, "size");
  sand_json_printf (answer, "%dx%d", cols, rows);
  return TRUE;
}

gboolean
sand_console_cmd_terrain (SandConsole        *self,
                          const char * const *args,
                          SandJson           *answer)
{
  const char *id = sand_console_positional (args, 0);
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  SandMap *map = map_of (self);
  int terrain;

  if (id == NULL)
    return sand_console_refuse (answer, NULL, "Name a terrain and hexes: terrain TERRAIN HEX….");
  terrain = sand_ruleset_find_terrain (ruleset_of (self), id);
  if (terrain < 0)
    {
      g_autofree char *known = sand_console_ruleset_ids (ruleset_of (self),
                                                         sand_ruleset_n_terrains,
                                                         sand_console_terrain_id_of);
      return sand_console_refuse (answer, NULL, "Unknown terrain '%s' (the terrains are %s).",
                                  id, known);
    }
  if (sand_console_n_positional (args) < 2)
    return sand_console_refuse (answer, NULL, "Name at least one hex: terrain %s HEX….", id);
  if (!sand_console_parse_hex_list (self, args, 1, hexes, answer))
    return TRUE;

  sand_map_freeze_changes (map);
  for (guint i = 0; i < hexes->len; i++)
    sand_map_set_terrain (map, g_array_index (hexes, int, i), (guint8) terrain);
  sand_map_thaw_changes (map);
  return TRUE;
}

static gboolean
parse_direction (SandConsole *self,
                 const char  *text,
                 int         *dir,
                 SandJson    *answer)
{
  const SandGrid *grid = grid_of (self);

  *dir = text != NULL ? sand_grid_parse_direction (grid, text) : -1;
  if (*dir < 0)
    {
      g_autoptr(GString) known = g_string_new (NULL);

      for (int d = 0; d < SAND_N_DIRS; d++)
        g_string_append_printf (known, "%s%s", d > 0 ? " " : "",
                                sand_grid_direction_name (grid, d));
      if (text == NULL)
        sand_console_refuse (answer, NULL, "A direction is missing (%s).", known->str);
      else
        sand_console_refuse (answer, NULL,
                             "Unknown direction '%s' (on this map the directions are %s).",
                             text, known->str);
      return FALSE;
    }
  return TRUE;
}

gboolean
sand_console_cmd_hexside (SandConsole        *self,
                          const char * const *args,
                          SandJson           *answer)
{
  SandRuleset *ruleset = ruleset_of (self);
  const char *list = sand_console_positional (args, 2);
  g_auto(GStrv) ids = NULL;
  guint32 before, added = 0, after;
  int hex, dir;

  if (!sand_console_parse_hex (self, sand_console_positional (args, 0), &hex, answer)
      || !parse_direction (self, sand_console_positional (args, 1), &dir, answer))
    return TRUE;
  if (list == NULL)
    return sand_console_refuse (answer, NULL,
                                "Name the features: hexside HEX DIR FEATURE[,FEATURE…].");

  ids = g_strsplit (list, ",", -1);
  for (guint i = 0; ids[i] != NULL; i++)
    {
      int feature = sand_ruleset_find_side_feature (ruleset, ids[i]);

      if (feature < 0 || feature >= SAND_MAX_SIDE_FEATURES)
        {
          g_autofree char *known = sand_console_ruleset_ids (ruleset, sand_ruleset_n_side_features,
                                                sand_console_feature_id_of);
          return sand_console_refuse (answer, NULL,
                                      "Unknown hexside feature '%s' (the features are %s).",
                                      ids[i], known);
        }
      added |= 1u << feature;
    }

  before = sand_map_get_side (map_of (self), hex, dir);
  after = before | added;
  /* A bridge needs water on the same side: refuse here rather than leave
   * the validator to find it, since the fix is one word in the line. */
  for (guint i = 0; i < sand_ruleset_n_side_features (ruleset) && i < SAND_MAX_SIDE_FEATURES; i++)
    {
      const SandSideFeatureDef *def = sand_ruleset_get_side_feature (ruleset, i);

      if ((added & (1u << i)) && def->requires != 0 && (after & def->requires) == 0)
        {
          g_autoptr(GString) needs = g_string_new (NULL);

          for (guint j = 0; j < sand_ruleset_n_side_features (ruleset) && j < 32; j++)
            if (def->requires & (1u << j))
              g_string_append_printf (needs, "%s%s", needs->len > 0 ? " or " : "",
                                      sand_ruleset_get_side_feature (ruleset, j)->id);
          return sand_console_refuse (answer, NULL,
                                      "A %s needs a %s on the same hexside.",
                                      def->id, needs->str);
        }
    }
  sand_map_set_side (map_of (self), hex, dir, after);
  return TRUE;
}

gboolean
sand_console_cmd_clear_hexside (SandConsole        *self,
                                const char * const *args,
                                SandJson           *answer)
{
  SandRuleset *ruleset = ruleset_of (self);
  const char *what = sand_console_positional (args, 2);
  guint32 mask;
  int hex, dir;

  if (!sand_console_parse_hex (self, sand_console_positional (args, 0), &hex, answer)
      || !parse_direction (self, sand_console_positional (args, 1), &dir, answer))
    return TRUE;

  /* Roads and rails are laid with their own commands and survive unless
   * asked for, so clearing a river does not cut the road over its bridge. */
  if (what == NULL)
    mask = sand_ruleset_side_kind_mask (ruleset, SAND_SIDE_FEATURE);
  else if (g_str_equal (what, "all"))
    mask = G_MAXUINT32;
  else
    return sand_console_refuse (answer, NULL,
                                "clear-hexside takes HEX DIR and optionally 'all', not '%s'.",
                                what);

  sand_map_set_side (map_of (self), hex, dir, sand_map_get_side (map_of (self), hex, dir) & ~mask);
  return TRUE;
}

static gboolean
connect_command (SandConsole        *self,
                 const char         *feature_id,
                 const char * const *args,
                 SandJson           *answer)
{
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GError) error = NULL;
  int feature = sand_ruleset_find_side_feature (ruleset_of (self), feature_id);

  if (feature < 0)
    return sand_console_refuse (answer, NULL, "The ruleset %s has no %s.",
                                sand_ruleset_get_id (ruleset_of (self)), feature_id);
  if (sand_console_n_positional (args) < 2)
    return sand_console_refuse (answer, NULL,
                                "A %s needs at least two hexes: %s HEX HEX….",
                                feature_id, feature_id);
  if (!sand_console_parse_hex_list (self, args, 0, hexes, answer))
    return TRUE;

  for (guint i = 1; i < hexes->len; i++)
    {
      int a = g_array_index (hexes, int, i - 1);
      int b = g_array_index (hexes, int, i);

      if (sand_grid_direction_to (grid_of (self), a, b) < 0)
        {
          g_autofree char *ida = sand_grid_dup_id (grid_of (self), a);
          g_autofree char *idb = sand_grid_dup_id (grid_of (self), b);

          return sand_console_refuse (answer, NULL,
                                      "Hexes %s and %s are not adjacent: a %s runs through "
                                      "neighbouring hexes.",
                                      ida, idb, feature_id);
        }
    }
  if (!sand_map_connect_path (map_of (self), feature, (const int *) (void *) hexes->data,
                              hexes->len, TRUE, &error))
    return sand_console_refuse (answer, NULL, "%s", error->message);
  return TRUE;
}

gboolean
sand_console_cmd_rail (SandConsole        *self,
                       const char * const *args,
                       SandJson           *answer)
{
  return connect_command (self, "rail", args, answer);
}

gboolean
sand_console_cmd_road (SandConsole        *self,
                       const char * const *args,
                       SandJson           *answer)
{
  return connect_command (self, "road", args, answer);
}

gboolean
sand_console_cmd_country (SandConsole        *self,
                          const char * const *args,
                          SandJson           *answer)
{
  const char *id = sand_console_positional (args, 0);
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  SandMap *map = map_of (self);
  int country;

  if (id == NULL)
    return sand_console_refuse (answer, NULL, "Name a country and hexes: country COUNTRY HEX….");
  if (g_str_equal (id, "none"))
    {
      country = -1;
    }
  else
    {
      country = sand_ruleset_find_country (ruleset_of (self), id);
      if (country < 0)
        {
          g_autofree char *known = sand_console_ruleset_ids (ruleset_of (self),
                                                             sand_ruleset_n_countries,
                                                             sand_console_country_id_of);
          return sand_console_refuse (answer, NULL,
                                      "Unknown country '%s' (the countries are %s, or none).",
                                      id, known);
        }
    }
  if (sand_console_n_positional (args) < 2)
    return sand_console_refuse (answer, NULL, "Name at least one hex: country %s HEX….", id);
  if (!sand_console_parse_hex_list (self, args, 1, hexes, answer))
    return TRUE;

  sand_map_freeze_changes (map);
  for (guint i = 0; i < hexes->len; i++)
    sand_map_set_country (map, g_array_index (hexes, int, i), country);
  sand_map_thaw_changes (map);
  return TRUE;
}

gboolean
sand_console_cmd_place (SandConsole        *self,
                        const char * const *args,
                        SandJson           *answer)
{
  g_autofree char *name = sand_console_join_rest (args, 1);
  int hex;

  if (!sand_console_parse_hex (self, sand_console_positional (args, 0), &hex, answer))
    return TRUE;
  if (name == NULL)
    return sand_console_refuse (answer, NULL, "The place needs a name: place HEX NAME.");
  sand_map_set_place (map_of (self), hex, name);
  return TRUE;
}

gboolean
sand_console_cmd_fort (SandConsole        *self,
                       const char * const *args,
                       SandJson           *answer)
{
  g_autofree char *name = sand_console_join_rest (args, 3);
  const char *capacity_text = sand_console_arg_value (args, "capacity");
  SandMarker *marker;
  int hex, side, strength, capacity = -1;

  if (!sand_console_parse_hex (self, sand_console_positional (args, 0), &hex, answer)
      || !sand_console_parse_side_or_none (self, sand_console_positional (args, 1), &side, answer)
      || !sand_console_parse_int_min (sand_console_positional (args, 2), "fort strength", 0,
                                      &strength, answer))
    return TRUE;
  if (capacity_text != NULL
      && !sand_console_parse_int_min (capacity_text, "supply capacity", -1, &capacity, answer))
    return TRUE;
  if (sand_map_find_marker (map_of (self), SAND_MARKER_FORT, hex) >= 0)
    return sand_console_refuse (answer, NULL, "Hex %s already has a fortification.",
                                sand_console_positional (args, 0));

  marker = sand_marker_new (SAND_MARKER_FORT, hex);
  marker->side = side;
  marker->strength = strength;
  marker->capacity = capacity;
  marker->name = g_steal_pointer (&name);
  sand_map_add_marker (map_of (self), marker);
  return TRUE;
}
