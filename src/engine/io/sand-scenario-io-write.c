/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-scenario-io-write.c: writing a scenario as text, one fact a line,
 * in the order the loader reads (docs/file-format.md). Its own file
 * because writing shares nothing with reading but the marker formats. */
#include "sand-scenario-io.h"
#include "sand-scenario-io-private.h"

#include <string.h>

/* ------------------------------------------------------------------ */
/* Saving                                                              */

static void
append_int (GString *s,
            int      v)
{
  char buf[16];
  char *p = buf + sizeof buf;
  unsigned int u = v < 0 ? 0u - (unsigned int) v : (unsigned int) v;

  do
    {
      *--p = '0' + u % 10;
      u /= 10;
    }
  while (u != 0);
  if (v < 0)
    *--p = '-';
  g_string_append_len (s, p, buf + sizeof buf - p);
}

/* An attribute's value must escape the quote and the white space that
 * attribute normalisation would otherwise turn into spaces; text keeps
 * them. A carriage return is escaped in both, or it would load as \n. */
static const char *
entity_for (char     c,
            gboolean attribute)
{
  switch (c)
    {
    case '&':
      return "&amp;";
    case '<':
      return "&lt;";
    case '>':
      return "&gt;";
    case '\r':
      return "&#13;";
    case '"':
      return attribute ? "&quot;" : NULL;
    case '\n':
      return attribute ? "&#10;" : NULL;
    case '\t':
      return attribute ? "&#9;" : NULL;
    default:
      return NULL;
    }
}

/* XML 1.0 cannot hold most C0 controls at all, so they are dropped
 * rather than written into a file that would not load again. */
static void
append_escaped (GString    *s,
                const char *text,
                gboolean    attribute)
{
  for (const char *p = text; *p != '\0'; p++)
    {
      const char *entity = entity_for (*p, attribute);

      if (entity != NULL)
        g_string_append (s, entity);
      else if ((guchar) *p >= 0x20 || *p == '\n' || *p == '\t')
        g_string_append_c (s, *p);
    }
}

static void
attr_str (GString    *s,
          const char *name,
          const char *value)
{
  if (value == NULL)
    return;
  g_string_append_c (s, ' ');
  g_string_append (s, name);
  g_string_append (s, "=\"");
  append_escaped (s, value, TRUE);
  g_string_append_c (s, '"');
}

static void
attr_int (GString    *s,
          const char *name,
          int         value)
{
  g_string_append_c (s, ' ');
  g_string_append (s, name);
  g_string_append (s, "=\"");
  append_int (s, value);
  g_string_append_c (s, '"');
}

/* Every fact is one line, "<element attr…/>", so that a change shows in a
 * diff of two saves as the line of that fact alone. */
static void
begin_line (GString    *s,
            const char *indent,
            const char *element)
{
  g_string_append (s, indent);
  g_string_append_c (s, '<');
  g_string_append (s, element);
}

static void
end_line (GString *s)
{
  g_string_append (s, "/>\n");
}

/* A number that is the default is left out, as the loader assumes it. */
static void
attr_int_unless (GString    *s,
                 const char *name,
                 int         value,
                 int         omitted)
{
  if (value != omitted)
    attr_int (s, name, value);
}

static void
attr_hex (GString        *s,
          const char     *name,
          const SandGrid *grid,
          int             hex)
{
  if (hex < 0 || hex >= sand_grid_n_hexes (grid))
    return;
  /* Not sand_grid_format_id(): its SAND_HEX_ID_MAX buffer cuts the id of
   * hex 1000/1000 ("10001000") to seven digits. */
  g_string_append_c (s, ' ');
  g_string_append (s, name);
  g_string_append_printf (s, "=\"%0*d%0*d\"", grid->id_digits, sand_grid_col (grid, hex) + 1,
                          grid->id_digits, sand_grid_row (grid, hex) + 1);
}

static void
attr_side (GString     *s,
           const char  *name,
           SandRuleset *rs,
           int          side)
{
  if (side >= 0 && (guint) side < sand_ruleset_n_sides (rs))
    attr_str (s, name, sand_ruleset_get_side (rs, side)->id);
}

static void
text_element (GString    *s,
              const char *indent,
              const char *name,
              const char *text)
{
  if (text == NULL || *text == '\0')
    return;
  g_string_append_printf (s, "%s<%s>", indent, name);
  append_escaped (s, text, FALSE);
  g_string_append_printf (s, "</%s>\n", name);
}

static int
most_common (const guint *counts,
             int          n,
             int          fallback)
{
  int best = fallback;
  guint best_count = 0;

  for (int i = 0; i < n; i++)
    if (counts[i] > best_count)
      {
        best = i;
        best_count = counts[i];
      }
  return best;
}

/* The default terrain and country of the <map> line: the ones the file
 * was loaded with, so that painting does not flip them and rewrite every
 * line; for a map made from scratch, the most common ones. */
static void
map_defaults (SandMap *map,
              int     *terrain,
              int     *country)
{
  SandRuleset *rs = sand_map_get_ruleset (map);
  const SandGrid *grid = sand_map_get_grid (map);
  int n = sand_grid_n_hexes (grid);
  int t = sand_map_get_default_terrain (map);
  int c = sand_map_get_default_country (map);
  int n_terrains = (int) sand_ruleset_n_terrains (rs);
  int n_countries = (int) sand_ruleset_n_countries (rs);

  if (t < 0 || t >= MAX (n_terrains, 1))
    {
      g_autofree guint *counts = g_new0 (guint, 256);
      const guint8 *terrain_of = sand_map_peek_terrain (map);
      for (int h = 0; h < n; h++)
        counts[terrain_of[h]]++;
      t = most_common (counts, 256, 0);
      sand_map_set_default_terrain (map, t);
    }
  if (c < -1 || c >= n_countries)
    {
      /* Index 0 counts "no country". */
      g_autofree guint *counts = g_new0 (guint, n_countries + 1);
      const gint8 *country_of = sand_map_peek_countries (map);
      for (int h = 0; h < n; h++)
        if (country_of[h] >= -1 && country_of[h] < n_countries)
          counts[country_of[h] + 1]++;
      c = most_common (counts, n_countries + 1, 0) - 1;
      sand_map_set_default_country (map, c);
    }
  *terrain = t;
  *country = c;
}

static const char *
country_name (SandRuleset *rs,
              int          country)
{
  if (country < 0 || (guint) country >= sand_ruleset_n_countries (rs))
    return "none";
  return sand_ruleset_get_country (rs, country)->id;
}

static void
write_marker (GString          *s,
              const SandGrid   *grid,
              SandRuleset      *rs,
              const SandMarker *m)
{
  const MarkerFormat *f = sand_scenario_io_marker_format_for_kind (m->kind);
  g_autoptr(SandMarker) tmpl = NULL;

  if (f == NULL)
    return;
  tmpl = sand_marker_new (m->kind, m->hex);
  begin_line (s, "    ", f->element);
  if (m->kind == SAND_MARKER_CUSTOM)
    attr_str (s, f->name, m->name != NULL ? m->name : "custom");
  attr_hex (s, "hex", grid, m->hex);
  if (f->hex2 != NULL && m->hex2 != tmpl->hex2)
    attr_hex (s, f->hex2, grid, m->hex2);
  if (f->side != NULL && m->side != tmpl->side)
    attr_side (s, f->side, rs, m->side);
  if (f->strength != NULL && m->strength != tmpl->strength)
    attr_int (s, f->strength, m->strength);
  /* A fort's or supply source's capacity is always written, so that
   * "unlimited" is visible to whoever reads the file. */
  if (f->capacity != NULL && (m->capacity != tmpl->capacity || m->kind != SAND_MARKER_CUSTOM))
    {
      if (m->capacity < 0)
        attr_str (s, f->capacity, "unlimited");
      else
        attr_int (s, f->capacity, m->capacity);
    }
  if (f->value != NULL && m->value != tmpl->value)
    attr_int (s, f->value, m->value);
  if (f->name != NULL && m->kind != SAND_MARKER_CUSTOM && m->name != NULL)
    attr_str (s, f->name, m->name);
  if (f->group != NULL && m->group != NULL)
    attr_str (s, f->group, m->group);
  end_line (s);
}

static void
write_map (GString      *s,
           SandScenario *self)
{
  SandMap *map = sand_scenario_get_map (self);
  SandRuleset *rs = sand_map_get_ruleset (map);
  const SandGrid *grid = sand_map_get_grid (map);
  int n = sand_grid_n_hexes (grid);
  const guint8 *terrain = sand_map_peek_terrain (map);
  const gint8 *country = sand_map_peek_countries (map);
  const guint32 *sides = sand_map_peek_sides (map);
  guint n_features = sand_ruleset_n_side_features (rs);
  int def_terrain, def_country;
  char size[G_ASCII_DTOSTR_BUF_SIZE];

  map_defaults (map, &def_terrain, &def_country);
  begin_line (s, "  ", "map");
  attr_int (s, "cols", grid->cols);
  attr_int (s, "rows", grid->rows);
  attr_str (s, "orientation", grid->orientation == SAND_ORIENTATION_POINTY ? "pointy" : "flat");
  attr_str (s, "stagger", grid->stagger == SAND_STAGGER_ODD ? "odd" : "even");
  g_ascii_formatd (size, sizeof size, "%.6g", sand_map_get_hex_size (map));
  attr_str (s, "hex-size", size);
  if ((guint) def_terrain < sand_ruleset_n_terrains (rs))
    attr_str (s, "default-terrain", sand_ruleset_get_terrain (rs, def_terrain)->id);
  if (def_country >= 0)
    attr_str (s, "default-country", country_name (rs, def_country));
  g_string_append (s, ">\n");

  for (int h = 0; h < n; h++)
    {
      gboolean t = terrain[h] != def_terrain && terrain[h] < sand_ruleset_n_terrains (rs);
      gboolean c = country[h] != def_country;

      if (!t && !c)
        continue;
      begin_line (s, "    ", "hex");
      attr_hex (s, "id", grid, h);
      if (t)
        attr_str (s, "terrain", sand_ruleset_get_terrain (rs, terrain[h])->id);
      if (c)
        attr_str (s, "country", country_name (rs, country[h]));
      end_line (s);
    }

  for (int slot = 0; slot < sand_grid_n_side_slots (grid); slot++)
    {
      int hex, dir;
      gboolean first = TRUE;

      if (sides[slot] == 0)
        continue;
      sand_grid_side_canonical (grid, slot, &hex, &dir);
      begin_line (s, "    ", "side");
      attr_hex (s, "hex", grid, hex);
      attr_str (s, "dir", sand_grid_direction_name (grid, dir));
      g_string_append (s, " features=\"");
      for (guint f = 0; f < n_features && f < SAND_MAX_SIDE_FEATURES; f++)
        if (sides[slot] & (1u << f))
          {
            if (!first)
              g_string_append_c (s, ' ');
            append_escaped (s, sand_ruleset_get_side_feature (rs, f)->id, TRUE);
            first = FALSE;
          }
      g_string_append (s, "\"/>\n");
    }

  for (int h = 0; h < n; h++)
    {
      const char *place = sand_map_get_place (map, h);

      if (place == NULL || *place == '\0')
        continue;
      begin_line (s, "    ", "place");
      attr_hex (s, "hex", grid, h);
      attr_str (s, "name", place);
      end_line (s);
    }

  for (guint i = 0; i < sand_map_n_zones (map); i++)
    {
      const SandZoneDef *z = sand_map_get_zone (map, i);

      begin_line (s, "    ", "zone");
      attr_str (s, "id", z->id);
      attr_str (s, "name", z->name);
      attr_side (s, "side", rs, z->side);
      attr_str (s, "color", z->color);
      end_line (s);
    }

  for (guint i = 0; i < sand_map_n_markers (map); i++)
    write_marker (s, grid, rs, sand_map_get_marker (map, i));

  g_string_append (s, "  </map>\n");
}

static void
write_counters (GString      *s,
                SandScenario *self)
{
  SandRuleset *rs = sand_scenario_get_ruleset (self);
  guint n = sand_scenario_n_counters (self);
  g_autoptr(SandCounter) tmpl = sand_counter_new ();

  if (n == 0)
    return;
  g_string_append (s, "  <counters>\n");
  for (guint i = 0; i < n; i++)
    {
      const SandCounter *c = sand_scenario_get_counter (self, i);

      begin_line (s, "    ", "counter");
      attr_str (s, "id", c->id);
      attr_side (s, "side", rs, c->side);
      if (c->type >= 0 && (guint) c->type < sand_ruleset_n_unit_types (rs))
        attr_str (s, "type", sand_ruleset_get_unit_type (rs, c->type)->id);
      attr_str (s, "name", c->name);
      attr_int_unless (s, "strength", c->strength, tmpl->strength);
      attr_int_unless (s, "reduced", c->reduced, tmpl->reduced);
      attr_int_unless (s, "steps", c->steps, tmpl->steps);
      attr_int_unless (s, "ma", c->ma, tmpl->ma);
      attr_int_unless (s, "quality", c->quality, tmpl->quality);
      attr_str (s, "parent", c->parent);
      attr_str (s, "band", c->band);
      attr_str (s, "note", c->note);
      end_line (s);
    }
  g_string_append (s, "  </counters>\n");
}

static void
write_oobs (GString      *s,
            SandScenario *self)
{
  SandRuleset *rs = sand_scenario_get_ruleset (self);
  const SandGrid *grid = sand_map_get_grid (sand_scenario_get_map (self));
  guint n = sand_scenario_n_oobs (self);

  if (n == 0)
    return;
  g_string_append (s, "  <orders-of-battle>\n");
  for (guint i = 0; i < n; i++)
    {
      SandOob *oob = sand_scenario_get_oob (self, i);
      gboolean empty = (oob->description == NULL || *oob->description == '\0')
                       && oob->placements->len == 0 && oob->zone_limits->len == 0
                       && oob->reinforcements->len == 0;

      begin_line (s, "    ", "oob");
      attr_str (s, "id", oob->id);
      attr_side (s, "side", rs, oob->side);
      attr_str (s, "name", oob->name);
      attr_int_unless (s, "die", oob->die_number, 0);
      if (empty)
        {
          end_line (s);
          continue;
        }
      g_string_append (s, ">\n");
      text_element (s, "      ", "description", oob->description);
      for (guint j = 0; j < oob->placements->len; j++)
        {
          const SandPlacement *p = g_ptr_array_index (oob->placements, j);

          begin_line (s, "      ", "placement");
          attr_str (s, "counter", p->counter);
          attr_hex (s, "hex", grid, p->hex);
          attr_str (s, "zone", p->zone);
          end_line (s);
        }
      for (guint j = 0; j < oob->zone_limits->len; j++)
        {
          const SandZoneLimit *z = g_ptr_array_index (oob->zone_limits, j);

          begin_line (s, "      ", "zone-limit");
          attr_str (s, "zone", z->zone);
          attr_int_unless (s, "max-per-hex", z->max_per_hex, 0);
          attr_int_unless (s, "min", z->min_units, 0);
          attr_int_unless (s, "max", z->max_units, 0);
          end_line (s);
        }
      for (guint j = 0; j < oob->reinforcements->len; j++)
        {
          const SandReinforcement *r = g_ptr_array_index (oob->reinforcements, j);

          begin_line (s, "      ", "reinforcement");
          attr_int (s, "turn", r->turn);
          attr_str (s, "counter", r->counter);
          /* The file holds a counter or points, never both. */
          if (r->counter == NULL)
            attr_int (s, "points", r->points);
          attr_hex (s, "hex", grid, r->hex);
          attr_str (s, "entry", r->entry);
          if (r->entrained)
            attr_str (s, "entrained", "true");
          attr_str (s, "code", r->code);
          attr_str (s, "note", r->note);
          end_line (s);
        }
      g_string_append (s, "    </oob>\n");
    }
  g_string_append (s, "  </orders-of-battle>\n");
}

char *
sand_scenario_to_data (SandScenario *self,
                       gsize        *length)
{
  SandRuleset *rs;
  GString *s;
  g_auto(GStrv) options = NULL;
  guint n_levels;
  const char *victory_text;

  g_return_val_if_fail (SAND_IS_SCENARIO (self), NULL);

  rs = sand_scenario_get_ruleset (self);
  s = g_string_sized_new (64 * 1024);
  g_string_append (s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<scenario");
  attr_str (s, "xmlns", SAND_SCENARIO_NS);
  attr_int (s, "version", SAND_FORMAT_VERSION);
  attr_str (s, "ruleset", sand_ruleset_get_id (rs));
  g_string_append (s, ">\n");

  text_element (s, "  ", "title", sand_scenario_get_title (self));
  text_element (s, "  ", "description", sand_scenario_get_description (self));
  text_element (s, "  ", "notes", sand_scenario_get_notes (self));

  options = sand_scenario_list_options (self);
  begin_line (s, "  ", "game");
  if (sand_scenario_get_turns (self) > 0)
    attr_int (s, "turns", sand_scenario_get_turns (self));
  attr_side (s, "first-side", rs, sand_scenario_get_first_side (self));
  if (options == NULL || options[0] == NULL)
    end_line (s);
  else
    {
      g_string_append (s, ">\n");
      for (guint i = 0; options[i] != NULL; i++)
        {
          begin_line (s, "    ", "option");
          attr_str (s, "name", options[i]);
          end_line (s);
        }
      g_string_append (s, "  </game>\n");
    }

  n_levels = sand_scenario_n_victory_levels (self);
  victory_text = sand_scenario_get_victory_text (self);
  if (n_levels > 0 || (victory_text != NULL && *victory_text != '\0'))
    {
      g_string_append (s, "  <victory>\n");
      text_element (s, "    ", "text", victory_text);
      for (guint i = 0; i < n_levels; i++)
        {
          const SandVictoryLevel *l = sand_scenario_get_victory_level (self, i);

          begin_line (s, "    ", "level");
          attr_int_unless (s, "min", l->min, G_MININT);
          attr_int_unless (s, "max", l->max, G_MAXINT);
          attr_side (s, "winner", rs, l->winner);
          attr_str (s, "label", l->label);
          end_line (s);
        }
      g_string_append (s, "  </victory>\n");
    }

  write_map (s, self);
  write_counters (s, self);
  write_oobs (s, self);
  sand_reference_write_xml (s, self);
  g_string_append (s, "</scenario>\n");

  if (length != NULL)
    *length = s->len;
  return g_string_free (s, FALSE);
}

gboolean
sand_scenario_write_stream (SandScenario  *self,
                            GOutputStream *stream,
                            GCancellable  *cancellable,
                            GError       **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (SAND_IS_SCENARIO (self), FALSE);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (stream), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  data = sand_scenario_to_data (self, &length);
  return g_output_stream_write_all (stream, data, length, NULL, cancellable, error)
         && g_output_stream_flush (stream, cancellable, error);
}
