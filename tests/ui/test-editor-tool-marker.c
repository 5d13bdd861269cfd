/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The marker tool: a fortification with its side, strength and name; a set-up
 * zone painted by a drag and a place name typed on a hex; an edge victory
 * value and an off-map link.
 * Driven as a designer drives it, through the real canvas's drag gesture
 * (lib/ui-test-tools.h). */
#include "config.h"

#include <adwaita.h>

#include "editor-document.h"
#include "editor-tool-marker.h"
#include "ui-test-tools.h"

static void
test_fortification_with_side_strength_name (Fixture       *f,
                                            gconstpointer  data)
{
  int german = sand_ruleset_find_side (f->ruleset, "german");
  int hex = sand_grid_index (f->grid, 6, 6);
  EditorTool *tool = editor_tool_palette_get_tool (f->palette, "marker");
  const SandMarker *m;
  int i;

  select_tool (f, "marker");
  g_object_set (tool, "kind", EDITOR_MARKER_FORT, "side", german, "strength", 3,
                "marker-name", "Metz", "capacity", 4, NULL);
  fixture_click_hex (f, hex);

  i = sand_map_find_marker (f->map, SAND_MARKER_FORT, hex);
  g_assert_cmpint (i, >=, 0);
  m = sand_map_get_marker (f->map, i);
  g_assert_cmpint (m->side, ==, german);
  g_assert_cmpint (m->strength, ==, 3);
  g_assert_cmpstr (m->name, ==, "Metz");
  g_assert_cmpint (m->capacity, ==, 4);
  g_assert_cmpuint (sand_map_n_markers (f->map), ==, 1);
  g_assert_cmpstr (editor_document_get_undo_label (f->document), ==, "Place Fortification");

  /* A second click with another strength updates the fort, not a second one. */
  g_object_set (tool, "strength", 5, NULL);
  fixture_click_hex (f, hex);
  g_assert_cmpuint (sand_map_n_markers (f->map), ==, 1);
  g_assert_cmpint (sand_map_get_marker (f->map, 0)->strength, ==, 5);
  editor_document_undo (f->document);
  g_assert_cmpint (sand_map_get_marker (f->map, 0)->strength, ==, 3);

  editor_document_undo (f->document);
  g_assert_cmpuint (sand_map_n_markers (f->map), ==, 0);
  editor_document_redo (f->document);
  g_assert_cmpint (sand_map_find_marker (f->map, SAND_MARKER_FORT, hex), >=, 0);

  /* The secondary button removes it. */
  secondary_click_hex (f, hex);
  g_assert_cmpint (sand_map_find_marker (f->map, SAND_MARKER_FORT, hex), ==, -1);
  editor_document_undo (f->document);
  g_assert_cmpint (sand_map_find_marker (f->map, SAND_MARKER_FORT, hex), >=, 0);
}

static void
test_zone_painted_by_drag_and_place_name (Fixture       *f,
                                          gconstpointer  data)
{
  EditorTool *tool = editor_tool_palette_get_tool (f->palette, "marker");
  int a = sand_grid_index (f->grid, 2, 2), b = sand_grid_index (f->grid, 2, 5);
  SandPoint points[] = { hex_center (f, a), hex_center (f, b) };
  guint zone_hexes = 0;

  editor_document_add_zone (f->document, "area-1", "Area 1", 1, "#cc8800");
  select_tool (f, "marker");
  g_object_set (tool, "kind", EDITOR_MARKER_ZONE, "zone", "area-1", NULL);
  /* Zone hexes are painted like terrain, in one motion here. */
  drag_through (f, points, G_N_ELEMENTS (points));
  for (guint i = 0; i < sand_map_n_markers (f->map); i++)
    {
      const SandMarker *m = sand_map_get_marker (f->map, i);

      g_assert_cmpint (m->kind, ==, SAND_MARKER_ZONE);
      g_assert_cmpstr (m->group, ==, "area-1");
      zone_hexes++;
    }
  g_assert_cmpuint (zone_hexes, ==, 4);
  editor_document_undo (f->document);
  g_assert_cmpuint (sand_map_n_markers (f->map), ==, 0);

  /* Type, then click. */
  g_object_set (tool, "kind", EDITOR_MARKER_PLACE, "marker-name", "Sedan", NULL);
  fixture_click_hex (f, a);
  g_assert_cmpstr (sand_map_get_place (f->map, a), ==, "Sedan");
  editor_document_undo (f->document);
  g_assert_null (sand_map_get_place (f->map, a));

  /* Click, then type and Enter. */
  {
    GtkWidget *entry = NULL;
    GtkWidget *options = editor_tool_get_options (tool);

    for (GtkWidget *w = options; w != NULL;)
      {
        /* The first visible entry of the options: the Name field. */
        if (GTK_IS_ENTRY (w) && gtk_widget_get_visible (w))
          {
            entry = w;
            break;
          }
        if (gtk_widget_get_first_child (w) != NULL && gtk_widget_get_visible (w))
          w = gtk_widget_get_first_child (w);
        else
          {
            while (w != NULL && w != options && gtk_widget_get_next_sibling (w) == NULL)
              w = gtk_widget_get_parent (w);
            w = (w == NULL || w == options) ? NULL : gtk_widget_get_next_sibling (w);
          }
      }
    g_assert_nonnull (entry);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");
    fixture_click_hex (f, b);
    g_assert_null (sand_map_get_place (f->map, b));
    gtk_editable_set_text (GTK_EDITABLE (entry), "Gravelotte");
    g_signal_emit_by_name (entry, "activate");
    g_assert_cmpstr (sand_map_get_place (f->map, b), ==, "Gravelotte");
    g_assert_cmpstr (editor_document_get_undo_label (f->document), ==, "Name Place");
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");
  }
}

static void
test_edge_value_and_offmap_link (Fixture       *f,
                                 gconstpointer  data)
{
  EditorTool *tool = editor_tool_palette_get_tool (f->palette, "marker");
  int a = sand_grid_index (f->grid, 0, 2), b = sand_grid_index (f->grid, 0, 7);
  SandPoint points[] = { hex_center (f, a), hex_center (f, b) };
  const SandMarker *m;

  select_tool (f, "marker");
  /* A click anywhere in a column gives the value to that column's edge hex. */
  g_object_set (tool, "kind", EDITOR_MARKER_EDGE_VALUE, "edge", "south", "value", 2, NULL);
  fixture_click_hex (f, sand_grid_index (f->grid, 4, 3));
  g_assert_cmpuint (sand_map_n_markers (f->map), ==, 1);
  m = sand_map_get_marker (f->map, 0);
  g_assert_cmpint (m->kind, ==, SAND_MARKER_EDGE_VALUE);
  g_assert_cmpint (m->hex, ==, sand_grid_index (f->grid, 4, ROWS - 1));
  g_assert_cmpstr (m->group, ==, "south");
  g_assert_cmpint (m->value, ==, 2);

  /* Press on one edge hex, release on the other. */
  g_object_set (tool, "kind", EDITOR_MARKER_OFFMAP_LINK, "group", "rail", "value", 5, NULL);
  drag_through (f, points, G_N_ELEMENTS (points));
  g_assert_cmpuint (sand_map_n_markers (f->map), ==, 2);
  m = sand_map_get_marker (f->map, 1);
  g_assert_cmpint (m->kind, ==, SAND_MARKER_OFFMAP_LINK);
  g_assert_cmpint (m->hex, ==, a);
  g_assert_cmpint (m->hex2, ==, b);
  g_assert_cmpstr (m->group, ==, "rail");
  g_assert_cmpint (m->value, ==, 5);
  g_assert_cmpstr (editor_document_get_undo_label (f->document), ==, "Link Off-Map");

  /* The secondary button on either end removes the link. */
  secondary_click_hex (f, b);
  g_assert_cmpuint (sand_map_n_markers (f->map), ==, 1);
  editor_document_undo (f->document);
  g_assert_cmpuint (sand_map_n_markers (f->map), ==, 2);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(path, func) \
  g_test_add ("/editor-tool-marker/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("fortification_with_side_strength_name", test_fortification_with_side_strength_name);
  ADD ("zone_painted_by_drag_and_place_name", test_zone_painted_by_drag_and_place_name);
  ADD ("edge_value_and_offmap_link", test_edge_value_and_offmap_link);
#undef ADD

  return g_test_run ();
}
