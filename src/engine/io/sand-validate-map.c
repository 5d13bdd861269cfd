/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-validate-map.c: the checks of the map: hexes, hexsides, place
 * names and markers. Its own file so that the validator's parts each hold
 * one topic (sand-validate.c runs them). */
#include "sand-validate.h"
#include "sand-ruleset-labels.h"
#include "sand-validate-private.h"

#include <string.h>

#include "sand-scenario-io.h"

#include <glib/gi18n-lib.h>

void
sand_validate_check_hexes (Check *c)
{
  int n = sand_grid_n_hexes (c->grid);
  guint n_terrains = sand_ruleset_n_terrains (c->rs);
  int n_countries = (int) sand_ruleset_n_countries (c->rs);
  const guint8 *terrain = sand_map_peek_terrain (c->map);
  const gint8 *country = sand_map_peek_countries (c->map);

  for (int h = 0; h < n; h++)
    {
      if (terrain[h] >= n_terrains)
        add (c, SAND_SEVERITY_ERROR, sand_scenario_get_line_n (c->s, SAND_LINE_HEX, h), h, NULL,
             "unknown-terrain", _("Hex %s has a terrain that the %s ruleset does not define."),
             hex_id (c, h).s, sand_ruleset_get_id (c->rs));
      if (country[h] < -1 || country[h] >= n_countries)
        add (c, SAND_SEVERITY_ERROR, sand_scenario_get_line_n (c->s, SAND_LINE_HEX, h), h, NULL,
             "unknown-country", _("Hex %s has a country that the %s ruleset does not define."),
             hex_id (c, h).s, sand_ruleset_get_id (c->rs));
    }
}

void
sand_validate_check_sides (Check *c)
{
  const guint32 *sides = sand_map_peek_sides (c->map);
  guint n_features = MIN (sand_ruleset_n_side_features (c->rs), SAND_MAX_SIDE_FEATURES);
  guint32 known = n_features >= 32 ? 0xffffffffu : (1u << n_features) - 1;

  for (int slot = 0; slot < sand_grid_n_side_slots (c->grid); slot++)
    {
      int hex, dir, line;

      if (sides[slot] == 0)
        continue;
      sand_grid_side_canonical (c->grid, slot, &hex, &dir);
      line = sand_scenario_get_line_n (c->s, SAND_LINE_SIDE, hex * 6 + dir);
      if ((sides[slot] & ~known) != 0)
        add (c, SAND_SEVERITY_ERROR, line, hex, NULL, "unknown-feature",
             /* TRANSLATORS: a compass point (msgctxt "compass point"), a hex, a ruleset id */
             _("The %s side of hex %s has a feature that the %s ruleset does not define."),
             sand_grid_direction_label (c->grid, dir), hex_id (c, hex).s,
             sand_ruleset_get_id (c->rs));
      for (guint f = 0; f < n_features; f++)
        {
          const SandSideFeatureDef *def = sand_ruleset_get_side_feature (c->rs, f);

          if ((sides[slot] & (1u << f)) == 0 || def->requires == 0
              || (sides[slot] & def->requires) != 0)
            continue;
          {
            g_autoptr(GString) need = g_string_new (NULL);
            for (guint g = 0; g < n_features; g++)
              if (def->requires & (1u << g))
                /* TRANSLATORS: between hexside features a side lacks, "river or stream" */
                g_string_append_printf (need, "%s%s", need->len > 0 ? _(" or ") : "",
                                        sand_ruleset_side_feature_label (c->rs, g));
            add (c, SAND_SEVERITY_ERROR, line, hex, NULL,
                 strcmp (def->id, "bridge") == 0 ? "bridge-without-water"
                                                 : "feature-without-requirement",
                 _("The %s on the %s side of hex %s crosses nothing: that side has no %s."),
                 sand_ruleset_side_feature_label (c->rs, f),
                 sand_grid_direction_label (c->grid, dir), hex_id (c, hex).s, need->str);
          }
        }
    }
}

void
sand_validate_check_places (Check *c)
{
  int n = sand_grid_n_hexes (c->grid);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (int h = 0; h < n; h++)
    {
      const char *name = sand_map_get_place (c->map, h);
      g_autofree char *key = NULL;
      gpointer first;

      if (name == NULL || *name == '\0')
        continue;
      /* Case-insensitive, as sand_map_find_place() looks names up. */
      key = g_utf8_casefold (name, -1);
      first = g_hash_table_lookup (seen, key);
      if (first != NULL)
        add (c, SAND_SEVERITY_WARNING, sand_scenario_get_line_n (c->s, SAND_LINE_PLACE, h), h,
             NULL, "duplicate-place-name",
             _("Hexes %s and %s are both named “%s”; the console and the search find only "
                "the first."), hex_id (c, GPOINTER_TO_INT (first) - 1).s, hex_id (c, h).s, name);
      else
        g_hash_table_insert (seen, g_steal_pointer (&key), GINT_TO_POINTER (h + 1));
    }
}

gboolean
sand_validate_zone_defined (Check      *c,
                            const char *zone)
{
  return zone != NULL && sand_map_find_zone (c->map, zone) >= 0;
}

void
sand_validate_check_markers (Check *c)
{
  guint n = sand_map_n_markers (c->map);
  g_autoptr(GHashTable) forts = g_hash_table_new (NULL, NULL); /* hex+1 → first index+1 */
  g_autoptr(GHashTable) zone_hexes = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) zone_seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n_sides = sand_ruleset_n_sides (c->rs);

  for (guint i = 0; i < n; i++)
    {
      const SandMarker *m = sand_map_get_marker (c->map, i);
      int line = marker_line (c, i);

      if (!valid_hex (c, m->hex))
        {
          add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, NULL, "hex-off-map",
               _("A marker (%s) is off the map."), sand_marker_kind_to_string (m->kind));
          continue;
        }
      if (m->side < -1 || m->side >= (int) n_sides)
        add (c, SAND_SEVERITY_ERROR, line, m->hex, NULL, "unknown-side",
             _("A marker (%s) on hex %s belongs to a side the ruleset does not define."),
             sand_marker_kind_to_string (m->kind), hex_id (c, m->hex).s);

      switch (m->kind)
        {
        case SAND_MARKER_FORT:
          {
            gpointer first = g_hash_table_lookup (forts, GINT_TO_POINTER (m->hex + 1));
            if (first != NULL)
              add (c, SAND_SEVERITY_ERROR, line, m->hex, NULL, "two-forts",
                   _("Hex %s has two fortifications (the first on line %d)."),
                   hex_id (c, m->hex).s, marker_line (c, GPOINTER_TO_UINT (first) - 1));
            else
              g_hash_table_insert (forts, GINT_TO_POINTER (m->hex + 1),
                                   GUINT_TO_POINTER (i + 1));
            break;
          }
        case SAND_MARKER_ZONE:
          {
            g_autofree char *key = g_strdup_printf ("%d\x1f%s", m->hex,
                                                    m->group != NULL ? m->group : "");
            gpointer first = g_hash_table_lookup (zone_seen, key);

            if (first != NULL)
              add (c, SAND_SEVERITY_WARNING, line, m->hex, NULL, "zone-hex-twice",
                   _("Hex %s is put in zone “%s” twice (first on line %d)."),
                   hex_id (c, m->hex).s, m->group != NULL ? m->group : "",
                   marker_line (c, GPOINTER_TO_UINT (first) - 1));
            else
              g_hash_table_insert (zone_seen, g_steal_pointer (&key), GUINT_TO_POINTER (i + 1));
          }
          if (!sand_validate_zone_defined (c, m->group))
            add (c, SAND_SEVERITY_ERROR, line, m->hex, NULL, "unknown-zone",
                 _("Hex %s is put in zone “%s”, which is not defined."), hex_id (c, m->hex).s,
                 m->group != NULL ? m->group : "");
          else
            g_hash_table_insert (zone_hexes, m->group, GINT_TO_POINTER (1));
          break;
        case SAND_MARKER_OFFMAP_LINK:
          if (!valid_hex (c, m->hex2))
            add (c, SAND_SEVERITY_ERROR, line, m->hex, NULL, "offmap-link-incomplete",
                 _("The off-map link from hex %s has no other end."), hex_id (c, m->hex).s);
          else
            {
              int feature = m->group != NULL
                            ? sand_ruleset_find_side_feature (c->rs, m->group) : -1;
              int ends[2] = { m->hex, m->hex2 };

              for (int e = 0; e < 2; e++)
                {
                  if (!on_edge (c, ends[e]))
                    add (c, SAND_SEVERITY_ERROR, line, ends[e], NULL, "offmap-link-not-on-edge",
                         _("The off-map link %s–%s must join two hexes on the map edge; "
                            "%s is inside the map."), hex_id (c, m->hex).s,
                         hex_id (c, m->hex2).s, hex_id (c, ends[e]).s);
                  else if (feature >= 0
                           && !sand_map_hex_has_connection (c->map, ends[e], feature))
                    add (c, SAND_SEVERITY_WARNING, line, ends[e], NULL,
                         "offmap-link-unconnected",
                         /* TRANSLATORS: the connection's id ("rail"), a hex, the id */
                         _("An off-map link (%s) ends on hex %s, which has no %s."),
                         m->group, hex_id (c, ends[e]).s, m->group);
                }
              if (feature < 0)
                add (c, SAND_SEVERITY_ERROR, line, m->hex, NULL, "unknown-feature",
                     _("The off-map link from hex %s joins an unknown connection “%s”."),
                     hex_id (c, m->hex).s, m->group != NULL ? m->group : "");
            }
          break;
        case SAND_MARKER_EDGE_VALUE:
          {
            int col = sand_grid_col (c->grid, m->hex), row = sand_grid_row (c->grid, m->hex);
            gboolean ok = FALSE;

            if (g_strcmp0 (m->group, "north") == 0)
              ok = row == 0;
            else if (g_strcmp0 (m->group, "south") == 0)
              ok = row == c->grid->rows - 1;
            else if (g_strcmp0 (m->group, "west") == 0)
              ok = col == 0;
            else if (g_strcmp0 (m->group, "east") == 0)
              ok = col == c->grid->cols - 1;
            if (!ok)
              add (c, SAND_SEVERITY_ERROR, line, m->hex, NULL, "edge-value-not-on-edge",
                   /* TRANSLATORS: a hex, then the edge's id as the file gives it ("south") */
                   _("The victory value on hex %s is not on the %s edge it scores for."),
                   hex_id (c, m->hex).s, m->group != NULL ? m->group : "?");
            break;
          }
        case SAND_MARKER_ENTRY:
          if (m->group == NULL || *m->group == '\0')
            add (c, SAND_SEVERITY_ERROR, line, m->hex, NULL, "entry-flag-no-group",
                 _("The entry flag on hex %s has no group, so no reinforcement can use it."),
                 hex_id (c, m->hex).s);
          if (impassable_reason (c, m->hex) != NULL)
            add (c, SAND_SEVERITY_ERROR, line, m->hex, NULL, "entry-flag-impassable",
                 _("The entry flag on hex %s is where units may not enter (%s)."),
                 hex_id (c, m->hex).s, impassable_reason (c, m->hex));
          break;
        default:
          break;
        }
    }

  for (guint z = 0; z < sand_map_n_zones (c->map); z++)
    {
      const SandZoneDef *def = sand_map_get_zone (c->map, z);

      if (!g_hash_table_contains (zone_hexes, def->id))
        add (c, SAND_SEVERITY_ERROR, sand_scenario_get_line (c->s, SAND_LINE_ZONE, def->id),
             SAND_HEX_NONE, NULL, "zone-without-hexes",
             _("Zone “%s” has no hex."), def->id);
    }
}
