/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-window-status.c: the window's status bar, which names what is
 * under the pointer as a designer reads a map. */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-window-private.h"
#include "sand-ruleset-labels.h"

static void
append_part (GString    *text,
             const char *part)
{
  if (part == NULL || *part == '\0')
    return;
  if (text->len > 0)
    g_string_append (text, " · ");
  g_string_append (text, part);
}

static const char *
marker_kind_name (SandMarkerKind kind)
{
  switch (kind)
    {
    case SAND_MARKER_FORT: return _("Fortification");
    case SAND_MARKER_ENTRY: return _("Entry flag");
    case SAND_MARKER_SUPPLY: return _("Supply source");
    case SAND_MARKER_VICTORY: return _("Victory hex");
    case SAND_MARKER_OFFMAP_LINK: return _("Off-map link");
    case SAND_MARKER_ZONE: return _("Set-up zone");
    case SAND_MARKER_EDGE_VALUE: return _("Edge victory value");
    case SAND_MARKER_CUSTOM:
    case SAND_N_MARKER_KINDS:
    default:
      return _("Marker");
    }
}

/* The status bar names what is under the pointer, as a designer reads a
 * map: hex id, terrain, country, then place, hexside, connections and
 * markers. */
void
_editor_window_update_status (EditorWindow *self)
{
  g_autoptr(GString) features = g_string_new (NULL);
  char id[SAND_HEX_ID_MAX];
  SandRuleset *ruleset;
  const SandGrid *grid;
  SandMap *map;
  int hex = self->hover_hex;
  int country;

  if (self->document == NULL)
    {
      gtk_label_set_label (self->hex_label, "");
      gtk_label_set_label (self->terrain_label, "");
      gtk_label_set_label (self->country_label, "");
      gtk_label_set_label (self->features_label, "");
      return;
    }

  map = editor_document_get_map (self->document);
  grid = sand_map_get_grid (map);
  ruleset = sand_map_get_ruleset (map);

  if (hex < 0)
    {
      g_autofree char *summary = NULL;

      /* Off the map, the status says what the map is. */
      /* Translators: the map size and its game, e.g.
       * "20 × 16 hexes · Franco-Prussian War 1870". */
      summary = g_strdup_printf (_("%d × %d hexes · %s"), grid->cols, grid->rows,
                                 sand_ruleset_get_label (ruleset));
      gtk_widget_set_visible (GTK_WIDGET (self->hex_label), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->terrain_label), FALSE);
      gtk_label_set_label (self->hex_label, "");
      gtk_label_set_label (self->terrain_label, "");
      gtk_label_set_label (self->country_label, summary);
      gtk_label_set_label (self->features_label, "");
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->features_label), NULL);
      return;
    }

  sand_grid_format_id (grid, hex, id);
  gtk_widget_set_visible (GTK_WIDGET (self->hex_label), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->terrain_label), TRUE);
  gtk_label_set_label (self->hex_label, id);

  {
    guint terrain = sand_map_get_terrain (map, hex);
    const char *name = terrain < sand_ruleset_n_terrains (ruleset)
                       ? sand_ruleset_terrain_label (ruleset, terrain) : "";
    gtk_label_set_label (self->terrain_label, name);
  }

  country = sand_map_get_country (map, hex);
  if (country >= 0 && (guint) country < sand_ruleset_n_countries (ruleset))
    gtk_label_set_label (self->country_label, sand_ruleset_country_label (ruleset, country));
  else
    gtk_label_set_label (self->country_label, "");

  append_part (features, sand_map_get_place (map, hex));

  if (self->hover_side_hex >= 0 && self->hover_side_dir >= 0)
    {
      guint32 side = sand_map_get_side (map, self->hover_side_hex, self->hover_side_dir);
      guint32 along = side & sand_ruleset_side_kind_mask (ruleset, SAND_SIDE_FEATURE);

      for (guint i = 0; i < sand_ruleset_n_side_features (ruleset); i++)
        if (along & (1u << i))
          {
            g_autofree char *part = NULL;
            const char *dir = sand_grid_direction_label (grid, self->hover_side_dir);
            /* Translators: a hexside feature and the side it runs along,
             * e.g. "River (NE side)". */
            part = g_strdup_printf (_("%s (%s side)"),
                                    sand_ruleset_side_feature_label (ruleset, i), dir);
            append_part (features, part);
          }
    }

  for (guint i = 0; i < sand_ruleset_n_side_features (ruleset); i++)
    if (sand_ruleset_get_side_feature (ruleset, i)->kind == SAND_SIDE_CONNECTION &&
        sand_map_hex_has_connection (map, hex, i))
      append_part (features, sand_ruleset_side_feature_label (ruleset, i));

  for (guint i = 0; i < sand_map_n_markers (map); i++)
    {
      const SandMarker *marker = sand_map_get_marker (map, i);

      if (marker->hex != hex && marker->hex2 != hex)
        continue;
      if (marker->kind == SAND_MARKER_ZONE)
        {
          int zone = sand_map_find_zone (map, marker->group);
          g_autofree char *part = NULL;

          /* Translators: a set-up zone, e.g. "Zone: German area 1". */
          part = g_strdup_printf (_("Zone: %s"),
                                  zone >= 0 && sand_map_get_zone (map, zone)->name
                                  ? sand_map_get_zone (map, zone)->name : marker->group);
          append_part (features, part);
        }
      else if (marker->kind == SAND_MARKER_FORT && marker->name != NULL)
        {
          g_autofree char *part = g_strdup_printf ("%s %s", marker_kind_name (marker->kind),
                                                   marker->name);
          append_part (features, part);
        }
      else
        append_part (features, marker_kind_name (marker->kind));
    }

  /* Counters set up on the hex, as the map shows them. */
  {
    SandScenario *scenario = editor_document_get_scenario (self->document);
    /* Identical counters (two "EB" railway troops) read as one "EB ×2",
       not "EB · EB"; names keep the order of first appearance. */
    g_autoptr (GPtrArray) names = g_ptr_array_new ();
    g_autoptr (GArray) counts = g_array_new (FALSE, TRUE, sizeof (guint));
    guint n_counters = 0, n_listed = 0;

    for (guint i = 0; i < sand_scenario_n_oobs (scenario); i++)
      {
        SandOob *oob = sand_scenario_get_oob (scenario, i);

        for (guint j = 0; oob->placements && j < oob->placements->len; j++)
          {
            SandPlacement *placement = g_ptr_array_index (oob->placements, j);
            const SandCounter *counter;
            const char *name;
            guint k;
            int index;

            if (placement->hex != hex)
              continue;
            n_counters++;
            index = sand_scenario_find_counter (scenario, placement->counter);
            if (index < 0)
              continue;
            counter = sand_scenario_get_counter (scenario, index);
            name = counter->name && *counter->name ? counter->name : counter->id;
            for (k = 0; k < names->len; k++)
              if (g_strcmp0 (g_ptr_array_index (names, k), name) == 0)
                break;
            if (k == names->len)
              {
                guint one = 0;

                g_ptr_array_add (names, (gpointer) name);
                g_array_append_val (counts, one);
              }
            g_array_index (counts, guint, k)++;
          }
      }
    for (guint k = 0; k < names->len && k < 3; k++)
      {
        guint count = g_array_index (counts, guint, k);
        g_autofree char *part = NULL;

        /* Translators: several identical counters on a hex, e.g. "EB ×2". */
        part = count > 1 ? g_strdup_printf (_("%s ×%u"), (char *) g_ptr_array_index (names, k),
                                            count)
                         : g_strdup (g_ptr_array_index (names, k));
        append_part (features, part);
        n_listed += count;
      }
    if (n_counters > n_listed)
      {
        g_autofree char *more = NULL;
        guint n_more = n_counters - n_listed;

        /* Translators: more counters on a hex than the status bar lists. */
        more = g_strdup_printf (ngettext ("%u more counter", "%u more counters", n_more),
                                n_more);
        append_part (features, more);
      }
  }

  gtk_label_set_label (self->features_label, features->str);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->features_label), features->str);
}
