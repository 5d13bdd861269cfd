/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-tmx-counters.c: set-up counters and per-hex countries in TMX files:
 * counters as "counter" objects carrying every printed value, countries as
 * one run-length map property (they are per hex, like terrain, but a
 * second tileset for them would only confuse a Tiled user). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "sand-tmx-private.h"
#include "sand-xml-safe.h"

static void
prop (GString    *out,
      const char *name,
      const char *value)
{
  if (value == NULL)
    return;
  g_string_append_printf (out, "    <property name=\"%s\" value=\"", name);
  sand_interop_append_escaped (out, value);
  g_string_append (out, "\"/>\n");
}

static void
prop_int (GString    *out,
          const char *name,
          int         value)
{
  g_string_append_printf (out, "    <property name=\"%s\" type=\"int\" value=\"%d\"/>\n", name,
                          value);
}

void
sand_tmx_write_counters (SandScenario        *scenario,
                         const SandPixelGrid *pg,
                         GString             *out,
                         int                 *next_object)
{
  SandMap *map = sand_scenario_get_map (scenario);
  SandRuleset *ruleset = sand_map_get_ruleset (map);
  const SandGrid *grid = sand_map_get_grid (map);

  g_string_append (out, " <objectgroup id=\"6\" name=\"counters\">\n");
  for (guint s = 0; s < sand_ruleset_n_sides (ruleset); s++)
    {
      SandOob *oob = sand_scenario_default_oob (scenario, (int) s);

      if (oob == NULL)
        continue;
      for (guint i = 0; i < oob->placements->len; i++)
        {
          const SandPlacement *p = g_ptr_array_index (oob->placements, i);
          int index = sand_scenario_find_counter (scenario, p->counter);
          const SandCounter *c;
          char id[SAND_HEX_ID_MAX];
          double x, y;

          if (p->hex == SAND_HEX_NONE || index < 0)
            continue;
          c = sand_scenario_get_counter (scenario, (guint) index);
          sand_pixel_grid_center (pg, map, p->hex, &x, &y);
          sand_grid_format_id (grid, p->hex, id);
          g_string_append_printf (out, "  <object id=\"%d\" name=\"", (*next_object)++);
          sand_interop_append_escaped (out, c->name != NULL ? c->name : c->id);
          g_string_append_printf (out, "\" type=\"counter\" x=\"%.2f\" y=\"%.2f\">\n"
                                       "   <properties>\n", x, y);
          prop (out, "id", c->id);
          prop (out, "hex", id);
          prop (out, "oob", oob->id);
          prop (out, "side", sand_interop_side_id (ruleset, c->side));
          prop (out, "unit-type", sand_ruleset_get_unit_type (ruleset, (guint) c->type)->id);
          prop (out, "name", c->name);
          prop_int (out, "strength", c->strength);
          prop_int (out, "reduced", c->reduced);
          prop_int (out, "steps", c->steps);
          prop_int (out, "ma", c->ma);
          prop_int (out, "quality", c->quality);
          prop (out, "parent", c->parent);
          prop (out, "band", c->band);
          prop (out, "note", c->note);
          g_string_append (out, "   </properties>\n   <point/>\n  </object>\n");
        }
    }
  g_string_append (out, " </objectgroup>\n");
}

gboolean
sand_tmx_read_counter (SandScenario        *scenario,
                       const SandTmxObject *o,
                       int                  hex,
                       const char          *filename,
                       GError             **error)
{
  SandRuleset *ruleset = sand_scenario_get_ruleset (scenario);
  const char *id = g_hash_table_lookup (o->props, "id");
  const char *side_id = g_hash_table_lookup (o->props, "side");
  const char *type_id = g_hash_table_lookup (o->props, "unit-type");
  const char *oob_id = g_hash_table_lookup (o->props, "oob");
  int side = side_id != NULL ? sand_ruleset_find_side (ruleset, side_id) : -1;
  int type = type_id != NULL ? sand_ruleset_find_unit_type (ruleset, type_id) : -1;
  SandOob *oob;
  int oob_index;

  if (id == NULL)
    id = o->name;
  if (id == NULL || *id == '\0' || side < 0 || type < 0)
    {
      sand_xml_set_error (error, SAND_INTEROP_ERROR, SAND_INTEROP_ERROR_INVALID, filename,
                          o->line, _("a counter needs an id, a side and a unit-type of %s"),
                          sand_ruleset_get_id (ruleset));
      return FALSE;
    }
  if (sand_scenario_find_counter (scenario, id) < 0)
    {
      g_autoptr (SandCounter) c = sand_counter_new ();
      const char *v;

      c->id = g_strdup (id);
      c->side = side;
      c->type = type;
      c->name = g_strdup (g_hash_table_lookup (o->props, "name"));
      c->strength = (v = g_hash_table_lookup (o->props, "strength")) ? atoi (v) : 0;
      c->reduced = (v = g_hash_table_lookup (o->props, "reduced")) ? atoi (v) : -1;
      c->steps = (v = g_hash_table_lookup (o->props, "steps")) ? atoi (v) : 0;
      c->ma = (v = g_hash_table_lookup (o->props, "ma")) ? atoi (v) : 0;
      c->quality = (v = g_hash_table_lookup (o->props, "quality")) ? CLAMP (atoi (v), -1, 1) : 0;
      c->parent = g_strdup (g_hash_table_lookup (o->props, "parent"));
      c->band = g_strdup (g_hash_table_lookup (o->props, "band"));
      c->note = g_strdup (g_hash_table_lookup (o->props, "note"));
      sand_scenario_add_counter (scenario, g_steal_pointer (&c));
    }
  if (oob_id == NULL)
    oob_id = sand_ruleset_get_side (ruleset, (guint) side)->id;
  oob_index = sand_scenario_find_oob (scenario, oob_id);
  if (oob_index < 0)
    oob_index = (int) sand_scenario_add_oob (scenario, sand_oob_new (oob_id, side));
  oob = sand_scenario_get_oob (scenario, (guint) oob_index);
  g_ptr_array_add (oob->placements, sand_placement_new (id, hex, NULL));
  return TRUE;
}

char *
sand_tmx_countries_to_string (SandMap *map)
{
  SandRuleset *ruleset = sand_map_get_ruleset (map);
  const gint8 *countries = sand_map_peek_countries (map);
  int n = sand_grid_n_hexes (sand_map_get_grid (map));
  g_autoptr (GString) out = g_string_new (NULL);
  gboolean any = FALSE;

  for (int i = 0; i < n;)
    {
      int run = 1;

      while (i + run < n && countries[i + run] == countries[i])
        run++;
      any |= countries[i] >= 0;
      g_string_append_printf (out, "%s%s*%d", out->len ? "," : "",
                              countries[i] >= 0
                                ? sand_ruleset_get_country (ruleset, (guint) countries[i])->id
                                : "", run);
      i += run;
    }
  return any ? g_string_free (g_steal_pointer (&out), FALSE) : NULL;
}

gboolean
sand_tmx_countries_from_string (SandMap    *map,
                                const char *text,
                                GError    **error)
{
  SandRuleset *ruleset = sand_map_get_ruleset (map);
  int n = sand_grid_n_hexes (sand_map_get_grid (map));
  g_auto (GStrv) runs = g_strsplit (text, ",", -1);
  int hex = 0;

  for (guint i = 0; runs[i] != NULL; i++)
    {
      char *star = strrchr (runs[i], '*');
      int country = -1, run;

      if (star == NULL || (run = atoi (star + 1)) <= 0 || run > n - hex)
        {
          g_set_error (error, SAND_INTEROP_ERROR, SAND_INTEROP_ERROR_INVALID,
                       _("the map property “countries” has “%s”, not COUNTRY*COUNT for the "
                         "hexes left"), runs[i]);
          return FALSE;
        }
      *star = '\0';
      if (*runs[i] != '\0' && (country = sand_ruleset_find_country (ruleset, runs[i])) < 0)
        {
          g_set_error (error, SAND_INTEROP_ERROR, SAND_INTEROP_ERROR_INVALID,
                       _("the map property “countries” names “%s”, not a country of %s"),
                       runs[i], sand_ruleset_get_id (ruleset));
          return FALSE;
        }
      for (int k = 0; k < run; k++)
        sand_map_set_country (map, hex++, country);
    }
  return TRUE;
}
