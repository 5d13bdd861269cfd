/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-scenario-io-map.c: reading the <map> section: its dimensions and
 * defaults, then hexes, hexsides, place names, zones and markers. The
 * marker formats are here too, as the writer (sand-scenario-io-write.c)
 * shares them. Its own file because <map> is the largest section. */
#include "sand-scenario-io.h"
#include "sand-scenario-io-private.h"

#include <string.h>

/* ------------------------------------------------------------------ */
/* Marker formats: element name and which attribute holds which field. */

static const MarkerFormat marker_formats[] = {
  { SAND_MARKER_FORT, "fort", NULL, "side", "strength", "capacity", NULL, "name", NULL, NULL },
  { SAND_MARKER_ENTRY, "entry", NULL, "side", NULL, NULL, NULL, NULL, "group", NULL },
  /* a supply source's kind (FPW: rail, hex) is its own attribute; the
   * name is a label for people */
  { SAND_MARKER_SUPPLY, "supply", NULL, "side", NULL, "capacity", NULL, "name", "source", NULL },
  { SAND_MARKER_VICTORY, "victory-hex", NULL, "side", NULL, NULL, "value", NULL, NULL, NULL },
  { SAND_MARKER_OFFMAP_LINK, "offmap-link", "hex2", NULL, NULL, NULL, "distance", NULL,
    "connection", "hex2" },
  { SAND_MARKER_ZONE, "zone-hex", NULL, NULL, NULL, NULL, NULL, NULL, "zone", "zone" },
  { SAND_MARKER_EDGE_VALUE, "edge-value", NULL, NULL, NULL, NULL, "value", NULL, "edge",
    "edge" },
  { SAND_MARKER_CUSTOM, "marker", "hex2", "side", "strength", "capacity", "value", "kind",
    "group", "kind" },
};

const MarkerFormat *
sand_scenario_io_marker_format_for_kind (SandMarkerKind kind)
{
  for (guint i = 0; i < G_N_ELEMENTS (marker_formats); i++)
    if (marker_formats[i].kind == kind)
      return &marker_formats[i];
  return NULL;
}

static const MarkerFormat *
marker_format_for_element (const char *element)
{
  for (guint i = 0; i < G_N_ELEMENTS (marker_formats); i++)
    if (strcmp (marker_formats[i].element, element) == 0)
      return &marker_formats[i];
  return NULL;
}

static const char *const edge_names[] = { "north", "south", "east", "west", NULL };

static gboolean
load_hex (Loader  *l,
          GError **error)
{
  Attrs a = { { "id", "terrain", "country", NULL } };
  int hex = SAND_HEX_NONE, terrain = -1, country = -2, first;

  if (!sand_scenario_io_read_attrs (l, &a, error) || !sand_scenario_io_require (l, &a, 0, error)
      || !sand_scenario_io_parse_hex (l, &a, 0, &hex, error)
      || !sand_scenario_io_parse_terrain (l, &a, 1, &terrain, error)
      || !sand_scenario_io_parse_country (l, &a, 2, &country, error)
      || !sand_scenario_io_no_children (l, error))
    return FALSE;
  first = sand_line_table_get_n (l->lines, SAND_LINE_HEX, hex);
  if (first != 0)
    return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_DUPLICATE,
                                  "hex %s is listed twice (first on line %d)", a.values[0], first);
  sand_line_table_set_n (l->lines, SAND_LINE_HEX, hex, sand_scenario_io_cur_line (l));
  if (terrain >= 0)
    sand_map_set_terrain (l->map, hex, (guint8) terrain);
  if (country != -2)
    sand_map_set_country (l->map, hex, country);
  return TRUE;
}

static gboolean
load_side (Loader  *l,
           GError **error)
{
  Attrs a = { { "hex", "dir", "features", NULL } };
  int hex = SAND_HEX_NONE, dir, slot, first;
  guint32 mask = 0;
  const char *p;

  if (!sand_scenario_io_read_attrs (l, &a, error) || !sand_scenario_io_require (l, &a, 0, error)
      || !sand_scenario_io_require (l, &a, 1, error)
      || !sand_scenario_io_require (l, &a, 2, error)
      || !sand_scenario_io_parse_hex (l, &a, 0, &hex, error)
      || !sand_scenario_io_no_children (l, error))
    return FALSE;
  dir = sand_grid_parse_direction (l->grid, a.values[1]);
  if (dir < 0)
    {
      g_autoptr(GString) dirs = g_string_new (NULL);
      for (int d = 0; d < SAND_N_DIRS; d++)
        g_string_append_printf (dirs, "%s%s", d > 0 ? ", " : "",
                                sand_grid_direction_name (l->grid, d));
      return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                                    "“%s” is not a direction on this %s map (%s)", a.values[1],
                                    l->grid->orientation == SAND_ORIENTATION_FLAT
                                    ? "flat" : "pointy", dirs->str);
    }
  for (p = a.values[2]; *p != '\0';)
    {
      const char *end;
      g_autofree char *word = NULL;
      int f;

      while (*p == ' ' || *p == '\t' || *p == '\n')
        p++;
      if (*p == '\0')
        break;
      for (end = p; *end != '\0' && *end != ' ' && *end != '\t' && *end != '\n'; end++)
        ;
      word = g_strndup (p, end - p);
      p = end;
      f = sand_ruleset_find_side_feature (l->ruleset, word);
      if (f < 0 || f >= SAND_MAX_SIDE_FEATURES)
        return sand_scenario_io_unknown_id (l, error, "hexside feature", word,
                                            &sand_scenario_io_feature_ids);
      mask |= 1u << f;
    }
  if (mask == 0)
    return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                                  "<side> of hex %s names no feature", a.values[0]);
  slot = sand_grid_side_slot (l->grid, hex, dir);
  first = sand_line_table_get_n (l->lines, SAND_LINE_SIDE, slot);
  if (first != 0)
    return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_DUPLICATE,
                                  "the %s side of hex %s is listed twice (first on line %d)",
                                  a.values[1], a.values[0], first);
  sand_line_table_set_n (l->lines, SAND_LINE_SIDE, slot, sand_scenario_io_cur_line (l));
  sand_map_set_side (l->map, hex, dir, mask);
  return TRUE;
}

static gboolean
load_place (Loader  *l,
            GError **error)
{
  Attrs a = { { "hex", "name", NULL } };
  int hex = SAND_HEX_NONE, first;

  if (!sand_scenario_io_read_attrs (l, &a, error) || !sand_scenario_io_require (l, &a, 0, error)
      || !sand_scenario_io_require (l, &a, 1, error)
      || !sand_scenario_io_parse_hex (l, &a, 0, &hex, error)
      || !sand_scenario_io_no_children (l, error))
    return FALSE;
  if (*a.values[1] == '\0' || strlen (a.values[1]) > SAND_IO_MAX_NAME)
    return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                                  "the place name on hex %s must have 1 to %d characters",
                                  a.values[0], SAND_IO_MAX_NAME);
  first = sand_line_table_get_n (l->lines, SAND_LINE_PLACE, hex);
  if (first != 0)
    return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_DUPLICATE,
                                  "hex %s has two place names (the first on line %d)", a.values[0],
                                  first);
  sand_line_table_set_n (l->lines, SAND_LINE_PLACE, hex, sand_scenario_io_cur_line (l));
  sand_map_set_place (l->map, hex, a.values[1]);
  return TRUE;
}

static gboolean
load_zone (Loader  *l,
           GError **error)
{
  Attrs a = { { "id", "name", "side", "color", NULL } };
  int side = -1, first;

  if (!sand_scenario_io_read_attrs (l, &a, error) || !sand_scenario_io_require (l, &a, 0, error)
      || !sand_scenario_io_check_id (l, &a, 0, error)
      || !sand_scenario_io_parse_side (l, &a, 2, &side, error)
      || !sand_scenario_io_check_color (l, &a, 3, error)
      || !sand_scenario_io_no_children (l, error))
    return FALSE;
  first = sand_line_table_get (l->lines, SAND_LINE_ZONE, a.values[0]);
  if (first != 0)
    return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_DUPLICATE,
                                  "zone id “%s” is used twice (first on line %d)", a.values[0],
                                  first);
  if (sand_map_n_zones (l->map) >= SAND_IO_MAX_ZONES)
    return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_TOO_LARGE, "more than %d zones",
                                  SAND_IO_MAX_ZONES);
  sand_line_table_set (l->lines, SAND_LINE_ZONE, a.values[0], sand_scenario_io_cur_line (l));
  sand_map_add_zone (l->map, a.values[0], a.values[1], side, a.values[3]);
  return TRUE;
}

static gboolean
load_marker (Loader             *l,
             const MarkerFormat *f,
             GError            **error)
{
  enum { HEX, HEX2, SIDE, STRENGTH, CAPACITY, VALUE, NAME, GROUP };
  const char *fields[] = { "hex", f->hex2, f->side, f->strength, f->capacity, f->value,
                           f->name, f->group };
  Attrs a = { { NULL } };
  int index_of[G_N_ELEMENTS (fields)];
  int n = 0;
  g_autoptr(SandMarker) m = NULL;
  int hex = SAND_HEX_NONE;

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      index_of[i] = fields[i] != NULL ? n : -1;
      if (fields[i] != NULL)
        a.names[n++] = fields[i];
    }
  a.names[n] = NULL;
  if (!sand_scenario_io_read_attrs (l, &a, error)
      || !sand_scenario_io_require (l, &a, index_of[HEX], error)
      || !sand_scenario_io_parse_hex (l, &a, index_of[HEX], &hex, error)
      || !sand_scenario_io_no_children (l, error))
    return FALSE;
  if (f->required != NULL)
    for (int i = 0; i < n; i++)
      if (strcmp (a.names[i], f->required) == 0 && !sand_scenario_io_require (l, &a, i, error))
        return FALSE;
  if (l->n_markers >= SAND_IO_MAX_MARKERS)
    return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_TOO_LARGE, "more than %d markers",
                                  SAND_IO_MAX_MARKERS);

  m = sand_marker_new (f->kind, hex);
  if (index_of[HEX2] >= 0 && !sand_scenario_io_parse_hex (l, &a, index_of[HEX2], &m->hex2, error))
    return FALSE;
  if (index_of[SIDE] >= 0 && !sand_scenario_io_parse_side (l, &a, index_of[SIDE], &m->side, error))
    return FALSE;
  if (index_of[STRENGTH] >= 0
      && !sand_scenario_io_parse_int (l, &a, index_of[STRENGTH], 0, 999, &m->strength, error))
    return FALSE;
  if (index_of[CAPACITY] >= 0
      && !sand_scenario_io_parse_capacity (l, &a, index_of[CAPACITY], &m->capacity, error))
    return FALSE;
  if (index_of[VALUE] >= 0
      && !sand_scenario_io_parse_int (l, &a, index_of[VALUE],
                                      f->kind == SAND_MARKER_OFFMAP_LINK ? 0 : -9999, 9999,
                                      &m->value, error))
    return FALSE;
  if (index_of[NAME] >= 0 && a.values[index_of[NAME]] != NULL)
    {
      if (f->kind == SAND_MARKER_CUSTOM
          && !sand_scenario_io_check_id (l, &a, index_of[NAME], error))
        return FALSE;
      g_free (m->name);
      m->name = g_strdup (a.values[index_of[NAME]]);
    }
  if (index_of[GROUP] >= 0 && a.values[index_of[GROUP]] != NULL)
    {
      const char *group = a.values[index_of[GROUP]];

      if (!sand_scenario_io_check_id (l, &a, index_of[GROUP], error))
        return FALSE;
      if (f->kind == SAND_MARKER_EDGE_VALUE && !g_strv_contains (edge_names, group))
        return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                                      "edge=\"%s\" must be north, south, east or west", group);
      if (f->kind == SAND_MARKER_OFFMAP_LINK)
        {
          int feature;

          if (!sand_scenario_io_find_id (l, &sand_scenario_io_feature_ids, "connection", group,
                                         &feature, error))
            return FALSE;
        }
      g_free (m->group);
      m->group = g_strdup (group);
    }
  sand_line_table_set_n (l->lines, SAND_LINE_MARKER, (int) l->n_markers,
                         sand_scenario_io_cur_line (l));
  sand_map_add_marker (l->map, g_steal_pointer (&m));
  l->n_markers++;
  return TRUE;
}

static gboolean
fill_defaults (Loader     *l,
               int         terrain,
               int         country,
               GError    **error)
{
  int n = sand_grid_n_hexes (l->grid);

  for (int h = 0; h < n; h++)
    {
      if (terrain >= 0)
        sand_map_set_terrain (l->map, h, (guint8) terrain);
      sand_map_set_country (l->map, h, country);
    }
  return TRUE;
}

/* A map dimension: any count of digits, so that a huge one is reported as
 * "too large" rather than as a malformed number; G_MAXINT when huge. */
static gboolean
parse_dim (Loader  *l,
           Attrs   *a,
           int      i,
           int     *out,
           GError **error)
{
  const char *text = a->values[i];
  gint64 v;

  if (g_ascii_string_to_signed (text, 10, G_MININT64, G_MAXINT64, &v, NULL))
    {
      if (v < 1)
        return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_NUMBER,
                                      "%s=\"%s\" on <map>: a map has at least 1 column and 1 row",
                                      a->names[i], text);
      *out = (int) MIN (v, (gint64) G_MAXINT);
      return TRUE;
    }
  for (const char *p = text; ; p++)
    {
      if (*p == '\0' && p != text)
        {
          *out = G_MAXINT;
          return TRUE;
        }
      if (!g_ascii_isdigit (*p))
        break;
    }
  return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_NUMBER,
                                "%s=\"%s\" on <map> is not a whole number", a->names[i], text);
}

/* One of two words; left out, the first. */
static gboolean
parse_either (Loader     *l,
              Attrs      *a,
              int         i,
              const char *first,
              const char *second,
              gboolean   *is_second,
              GError    **error)
{
  const char *text = a->values[i];

  if (text == NULL || strcmp (text, first) == 0)
    *is_second = FALSE;
  else if (strcmp (text, second) == 0)
    *is_second = TRUE;
  else
    return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                                  "%s=\"%s\" must be %s or %s", a->names[i], text, first, second);
  return TRUE;
}

/* <map cols rows orientation stagger hex-size default-terrain default-country> */
gboolean
sand_scenario_io_load_map (Loader  *l,
                           GError **error)
{
  Attrs a = { { "cols", "rows", "orientation", "stagger", "hex-size", "default-terrain",
                "default-country", NULL } };
  int depth = xmlTextReaderDepth (l->r);
  int cols = 0, rows = 0, terrain = -1, country = -1, rc;
  gboolean pointy = FALSE, odd = FALSE;
  double hex_size = 0;

  if (!sand_scenario_io_read_attrs (l, &a, error) || !sand_scenario_io_require (l, &a, 0, error)
      || !sand_scenario_io_require (l, &a, 1, error))
    return FALSE;
  if (!parse_dim (l, &a, 0, &cols, error) || !parse_dim (l, &a, 1, &rows, error))
    return FALSE;
  if (cols > SAND_MAX_MAP_DIM || rows > SAND_MAX_MAP_DIM)
    return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_TOO_LARGE,
                                  "the map is too large (%s × %s); the limit is %d × %d",
                                  a.values[0], a.values[1], SAND_MAX_MAP_DIM, SAND_MAX_MAP_DIM);
  if (!parse_either (l, &a, 2, "flat", "pointy", &pointy, error)
      || !parse_either (l, &a, 3, "even", "odd", &odd, error))
    return FALSE;
  if (a.values[4] != NULL)
    {
      char *end = NULL;
      hex_size = g_ascii_strtod (a.values[4], &end);
      if (end == a.values[4] || *end != '\0' || !(hex_size >= 1 && hex_size <= 1000))
        return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_NUMBER,
                                      "hex-size=\"%s\" on <map> must be a number from 1 to 1000",
                                      a.values[4]);
    }
  if (!sand_scenario_io_parse_terrain (l, &a, 5, &terrain, error)
      || !sand_scenario_io_parse_country (l, &a, 6, &country, error))
    return FALSE;

  l->map = sand_map_new (l->ruleset, cols, rows,
                         pointy ? SAND_ORIENTATION_POINTY : SAND_ORIENTATION_FLAT,
                         odd ? SAND_STAGGER_ODD : SAND_STAGGER_EVEN);
  l->grid = sand_map_get_grid (l->map);
  sand_map_freeze_changes (l->map);
  if (hex_size > 0)
    sand_map_set_hex_size (l->map, hex_size);
  if (!fill_defaults (l, terrain, country, error))
    return FALSE;
  sand_map_set_default_terrain (l->map, terrain >= 0 ? terrain : 0);
  sand_map_set_default_country (l->map, country);
  sand_line_table_set (l->lines, SAND_LINE_MAP, NULL, sand_scenario_io_cur_line (l));

  l->scenario = sand_scenario_new (l->map);
  sand_scenario_io_apply_prologue (l);

  if (sand_scenario_io_is_empty (l))
    return TRUE;
  while ((rc = sand_scenario_io_next_child (l, depth, error)) > 0)
    {
      const char *name = sand_scenario_io_elem_name (l);
      const MarkerFormat *f;
      gboolean ok;

      if (strcmp (name, "hex") == 0)
        ok = load_hex (l, error);
      else if (strcmp (name, "side") == 0)
        ok = load_side (l, error);
      else if (strcmp (name, "place") == 0)
        ok = load_place (l, error);
      else if (strcmp (name, "zone") == 0)
        ok = load_zone (l, error);
      else if ((f = marker_format_for_element (name)) != NULL)
        ok = load_marker (l, f, error);
      else
        return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                                      "<%s> is not allowed inside <map>", name);
      if (!ok)
        return FALSE;
    }
  return rc == 0;
}
