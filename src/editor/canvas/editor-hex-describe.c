/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-hex-describe.c: the words a screen reader says for a hex. Each
 * part is its own translatable sentence, so a translator can reorder what
 * goes inside it; lists are joined with a translatable separator. */
#include "config.h"
#include "sand-ruleset-labels.h"

#include <glib/gi18n.h>

#include "editor-hex-describe.h"

static const struct {
  const char *id;
  const char *words;
} direction_words[] = {
  { "n", N_("north") },
  { "ne", N_("north-east") },
  { "e", N_("east") },
  { "se", N_("south-east") },
  { "s", N_("south") },
  { "sw", N_("south-west") },
  { "w", N_("west") },
  { "nw", N_("north-west") },
};

const char *
editor_hex_describe_direction (const SandGrid *grid,
                               int             dir)
{
  const char *id = sand_grid_direction_name (grid, dir);

  for (guint i = 0; i < G_N_ELEMENTS (direction_words); i++)
    if (g_strcmp0 (direction_words[i].id, id) == 0)
      return _(direction_words[i].words);
  return id;
}

static void
list_add (GString    *list,
          const char *item)
{
  if (item == NULL || *item == '\0')
    return;
  if (list->len > 0)
    /* Translators: between the items of a list read out for a hex. */
    g_string_append (list, _(", "));
  g_string_append (list, item);
}

static void
sentence_add (GString    *text,
              const char *sentence)
{
  if (text->len > 0)
    g_string_append_c (text, ' ');
  g_string_append (text, sentence);
}

static const char *
side_name (SandRuleset *ruleset,
           int          side)
{
  if (side >= 0 && (guint) side < sand_ruleset_n_sides (ruleset))
    return sand_ruleset_side_label (ruleset, side);
  return "";
}

static char *
marker_words (SandRuleset      *ruleset,
              const SandMarker *marker)
{
  const char *side = side_name (ruleset, marker->side);

  switch (marker->kind)
    {
    case SAND_MARKER_FORT:
      if (marker->name != NULL && *marker->name != '\0')
        /* Translators: a fortification: its name, side and strength. */
        return g_strdup_printf (_("fortress %s (%s, strength %d)"), marker->name, side,
                                marker->strength);
      /* Translators: a fortification: its side and strength. */
      return g_strdup_printf (_("fortress (%s, strength %d)"), side, marker->strength);
    case SAND_MARKER_ENTRY:
      /* Translators: an entry flag: its side and entry group. */
      return g_strdup_printf (_("%s entry flag %s"), side,
                              marker->group != NULL ? marker->group : "");
    case SAND_MARKER_SUPPLY:
      /* Translators: a supply source and its side. */
      return g_strdup_printf (_("%s supply source"), side);
    case SAND_MARKER_VICTORY:
      /* Translators: a victory hex and the points it is worth. */
      return g_strdup_printf (ngettext ("victory hex worth %d point",
                                        "victory hex worth %d points", marker->value),
                              marker->value);
    case SAND_MARKER_OFFMAP_LINK:
      return g_strdup (_("off-map link"));
    case SAND_MARKER_ZONE:
      /* Translators: a set-up zone and its id. */
      return g_strdup_printf (_("set-up zone %s"), marker->group != NULL ? marker->group : "");
    case SAND_MARKER_EDGE_VALUE:
      return g_strdup (_("map edge victory value"));
    case SAND_MARKER_CUSTOM:
    case SAND_N_MARKER_KINDS:
    default:
      return g_strdup (marker->name);
    }
}

static char *
unit_words (SandRuleset       *ruleset,
            const SandCounter *counter,
            const char        *name,
            int                side,
            int                strength)
{
  const char *type = counter != NULL && counter->type >= 0
                     && (guint) counter->type < sand_ruleset_n_unit_types (ruleset)
                     ? sand_ruleset_unit_type_label (ruleset, counter->type) : NULL;

  if (type == NULL)
    /* Translators: a face-down counter: the name its enemy knows it by, its side. */
    return g_strdup_printf (_("%s (%s)"), name, side_name (ruleset, side));
  if (strength < 0)
    /* Translators: a counter: its name, side and unit type. */
    return g_strdup_printf (_("%s (%s %s)"), name, side_name (ruleset, side), type);
  /* Translators: a counter: its name, side, unit type and strength. */
  return g_strdup_printf (_("%s (%s %s, strength %d)"), name, side_name (ruleset, side), type,
                          strength);
}

static guint
describe_game_units (SandGame    *game,
                     SandRuleset *ruleset,
                     int          viewer,
                     int          hex,
                     GString     *list)
{
  g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (int));

  sand_game_units_at (game, hex, units);
  for (guint i = 0; i < units->len; i++)
    {
      int u = g_array_index (units, int, i);
      gboolean visible = sand_game_unit_visible (game, u, viewer);
      g_autofree char *name = sand_game_unit_label_for (game, u, viewer, SAND_UNIT_LABEL_NAME);
      g_autofree char *words =
        unit_words (ruleset, visible ? sand_game_get_counter (game, u) : NULL, name,
                    sand_game_get_unit (game, u)->side,
                    sand_game_unit_strength_for (game, u, viewer));

      list_add (list, words);
    }
  return units->len;
}

static guint
describe_setup_units (SandScenario *scenario,
                      SandRuleset  *ruleset,
                      int           hex,
                      GString      *list)
{
  guint n = 0;

  for (guint side = 0; side < sand_ruleset_n_sides (ruleset); side++)
    {
      SandOob *oob = sand_scenario_default_oob (scenario, side);

      for (guint i = 0; oob != NULL && i < oob->placements->len; i++)
        {
          const SandPlacement *p = g_ptr_array_index (oob->placements, i);
          int index;
          const SandCounter *counter;
          g_autofree char *words = NULL;

          if (p->hex != hex || (index = sand_scenario_find_counter (scenario, p->counter)) < 0)
            continue;
          counter = sand_scenario_get_counter (scenario, index);
          words = unit_words (ruleset, counter,
                              counter->name != NULL && *counter->name ? counter->name
                                                                      : counter->id,
                              counter->side,
                              counter->strength > 0 ? counter->strength
                                                    : counter->steps > 0 ? counter->steps : -1);
          list_add (list, words);
          n++;
        }
    }
  return n;
}

char *
editor_hex_describe (SandScenario *scenario,
                     SandGame     *game,
                     int           viewer,
                     int           hex)
{
  SandMap *map;
  SandRuleset *ruleset;
  const SandGrid *grid;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) list = g_string_new (NULL);
  char id[SAND_HEX_ID_MAX];
  guint terrain;
  int country;
  const char *place;
  guint n_units;

  g_return_val_if_fail (SAND_IS_SCENARIO (scenario), NULL);

  map = sand_scenario_get_map (scenario);
  ruleset = sand_map_get_ruleset (map);
  grid = sand_map_get_grid (map);
  if (hex < 0 || hex >= sand_grid_n_hexes (grid))
    return g_strdup (_("Off the map."));

  sand_grid_format_id (grid, hex, id);
  terrain = sand_map_get_terrain (map, hex);
  country = sand_map_get_country (map, hex);
  if (country >= 0 && (guint) country < sand_ruleset_n_countries (ruleset))
    g_string_append_printf (text,
                            /* Translators: a hex read out: its id, terrain and country. */
                            _("Hex %s, %s, %s."), id,
                            terrain < sand_ruleset_n_terrains (ruleset)
                            ? sand_ruleset_terrain_label (ruleset, terrain) : "",
                            sand_ruleset_country_label (ruleset, country));
  else
    g_string_append_printf (text,
                            /* Translators: a hex read out: its id and terrain. */
                            _("Hex %s, %s."), id,
                            terrain < sand_ruleset_n_terrains (ruleset)
                            ? sand_ruleset_terrain_label (ruleset, terrain) : "");

  place = sand_map_get_place (map, hex);
  if (place != NULL && *place != '\0')
    {
      /* Translators: the place name of a hex (a town). */
      g_autofree char *s = g_strdup_printf (_("Place: %s."), place);
      sentence_add (text, s);
    }

  /* Features along the six sides, read clockwise from the top. */
  for (int dir = 0; dir < SAND_N_DIRS; dir++)
    {
      guint32 side = sand_map_get_side (map, hex, dir);

      for (guint i = 0; i < sand_ruleset_n_side_features (ruleset); i++)
        if ((side & (1u << i)) != 0
            && sand_ruleset_get_side_feature (ruleset, i)->kind == SAND_SIDE_FEATURE)
          {
            /* Translators: a hexside feature and the side it runs along,
             * e.g. "river on the north side". */
            g_autofree char *s = g_strdup_printf (_("%s on the %s side"),
                                                  sand_ruleset_side_feature_label (ruleset, i),
                                                  editor_hex_describe_direction (grid, dir));
            list_add (list, s);
          }
    }
  if (list->len > 0)
    {
      /* Translators: the list of hexside features of a hex. */
      g_autofree char *s = g_strdup_printf (_("Hexsides: %s."), list->str);
      sentence_add (text, s);
    }

  g_string_truncate (list, 0);
  for (guint i = 0; i < sand_ruleset_n_side_features (ruleset); i++)
    if (sand_ruleset_get_side_feature (ruleset, i)->kind == SAND_SIDE_CONNECTION
        && sand_map_hex_has_connection (map, hex, i))
      {
        g_autoptr(GString) dirs = g_string_new (NULL);
        g_autofree char *s = NULL;

        for (int dir = 0; dir < SAND_N_DIRS; dir++)
          if (sand_map_side_has (map, hex, dir, i))
            list_add (dirs, editor_hex_describe_direction (grid, dir));
        /* Translators: a road or rail and the sides it leaves the hex by,
         * e.g. "road to the north, south-east". */
        s = g_strdup_printf (_("%s to the %s"), sand_ruleset_side_feature_label (ruleset, i),
                             dirs->str);
        list_add (list, s);
      }
  if (list->len > 0)
    {
      /* Translators: the roads and rails through a hex. */
      g_autofree char *s = g_strdup_printf (_("Connections: %s."), list->str);
      sentence_add (text, s);
    }

  g_string_truncate (list, 0);
  for (guint i = 0; i < sand_map_n_markers (map); i++)
    {
      const SandMarker *marker = sand_map_get_marker (map, i);
      g_autofree char *s = NULL;

      if (marker->hex != hex && marker->hex2 != hex)
        continue;
      s = marker_words (ruleset, marker);
      list_add (list, s);
    }
  if (list->len > 0)
    {
      /* Translators: the markers on a hex (fortress, entry flag…). */
      g_autofree char *s = g_strdup_printf (_("Markers: %s."), list->str);
      sentence_add (text, s);
    }

  g_string_truncate (list, 0);
  if (game != NULL)
    n_units = describe_game_units (game, ruleset, viewer, hex, list);
  else
    n_units = describe_setup_units (scenario, ruleset, hex, list);
  if (n_units == 0)
    sentence_add (text, _("No units."));
  else
    {
      /* Translators: the counters standing on a hex. */
      g_autofree char *s = g_strdup_printf (ngettext ("Unit: %s.", "Units: %s.", n_units),
                                            list->str);
      sentence_add (text, s);
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}
