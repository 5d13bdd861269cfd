/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The hex inspector through its real rows: terrain edited with undo, a
 * hexside and a marker edited with undo.
 * Driven as a designer drives it, through the real canvas's drag gesture
 * (lib/ui-test-tools.h). */
#include "config.h"

#include <adwaita.h>

#include "editor-document.h"
#include "editor-tool-marker.h"
#include "ui-test-tools.h"

static AdwComboRow *
find_combo_row (GtkWidget  *widget,
                const char *title)
{
  if (ADW_IS_COMBO_ROW (widget)
      && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    return ADW_COMBO_ROW (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      AdwComboRow *row = find_combo_row (child, title);

      if (row != NULL)
        return row;
    }
  return NULL;
}

static void
test_inspector_edits_terrain_with_undo (Fixture       *f,
                                        gconstpointer  data)
{
  int rough = sand_ruleset_find_terrain (f->ruleset, "rough");
  int clear = sand_ruleset_find_terrain (f->ruleset, "clear");
  int hex = sand_grid_index (f->grid, 7, 3);
  AdwComboRow *terrain_row;

  /* Hovering shows a hex; a click with Select pins it, so the pointer
   * can leave the map for the inspector. */
  g_signal_emit_by_name (f->canvas, "hover", 2, -1, -1);
  g_assert_cmpint (editor_inspector_get_hex (f->inspector), ==, 2);
  select_tool (f, "select");
  fixture_click_hex (f, hex);
  g_assert_cmpint (editor_inspector_get_hex (f->inspector), ==, hex);
  g_signal_emit_by_name (f->canvas, "hover", -1, -1, -1);
  g_assert_cmpint (editor_inspector_get_hex (f->inspector), ==, hex);
  g_assert_false (editor_document_can_undo (f->document));

  terrain_row = find_combo_row (GTK_WIDGET (f->inspector), "Terrain");
  g_assert_nonnull (terrain_row);
  g_assert_cmpuint (adw_combo_row_get_selected (terrain_row), ==, clear);
  adw_combo_row_set_selected (terrain_row, rough);
  g_assert_cmpint (sand_map_get_terrain (f->map, hex), ==, rough);
  g_assert_cmpstr (editor_document_get_undo_label (f->document), ==, "Change Terrain");

  editor_document_undo (f->document);
  g_assert_cmpint (sand_map_get_terrain (f->map, hex), ==, clear);
  /* The inspector follows the undo. */
  flush_events ();
  g_assert_cmpuint (adw_combo_row_get_selected (terrain_row), ==, clear);
  g_assert_false (editor_document_can_undo (f->document));

  editor_document_redo (f->document);
  flush_events ();
  g_assert_cmpint (sand_map_get_terrain (f->map, hex), ==, rough);
  g_assert_cmpuint (adw_combo_row_get_selected (terrain_row), ==, rough);
}

static GtkWidget *
find_descendant (GtkWidget *widget,
                 GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_descendant (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_row (GtkWidget  *widget,
          GType       type,
          const char *title)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type)
      && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *row = find_row (child, type, title);

      if (row != NULL)
        return row;
    }
  return NULL;
}

static void
test_inspector_edits_hexside_and_marker_with_undo (Fixture       *f,
                                                   gconstpointer  data)
{
  int river = sand_ruleset_find_side_feature (f->ruleset, "river");
  int hex = sand_grid_index (f->grid, 6, 5);
  int other = sand_grid_neighbour (f->grid, hex, 1);
  SandPoint near_side = side_middle (f, hex, 1);
  SandPoint center = hex_center (f, hex);
  SandPoint click = { (2 * near_side.x + center.x) / 3, (2 * near_side.y + center.y) / 3 };
  EditorTool *marker = editor_tool_palette_get_tool (f->palette, "marker");
  GtkWidget *row, *check, *spin;

  /* A fort to edit, then Select near the hex's side 1. */
  select_tool (f, "marker");
  g_object_set (marker, "kind", EDITOR_MARKER_FORT, "strength", 2, NULL);
  fixture_click_hex (f, hex);
  select_tool (f, "select");
  drag_through (f, &click, 1);
  g_assert_cmpint (editor_inspector_get_hex (f->inspector), ==, hex);

  row = find_row (GTK_WIDGET (f->inspector), ADW_TYPE_ACTION_ROW, "River");
  g_assert_nonnull (row);
  check = find_descendant (row, GTK_TYPE_CHECK_BUTTON);
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
  g_assert_true (sand_map_side_has (f->map, hex, 1, river));
  g_assert_true (sand_map_side_has (f->map, other, SAND_DIR_OPPOSITE (1), river));
  editor_document_undo (f->document);
  flush_events ();
  g_assert_false (sand_map_side_has (f->map, hex, 1, river));
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));

  /* The fort's strength, edited in place. */
  row = find_row (GTK_WIDGET (f->inspector), ADW_TYPE_EXPANDER_ROW, "Fortification");
  g_assert_nonnull (row);
  spin = find_row (row, ADW_TYPE_ACTION_ROW, "Strength");
  g_assert_nonnull (spin);
  spin = find_descendant (spin, GTK_TYPE_SPIN_BUTTON);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin)), ==, 2);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 4);
  flush_events ();
  g_assert_cmpint (sand_map_get_marker (f->map, 0)->strength, ==, 4);
  g_assert_cmpstr (editor_document_get_undo_label (f->document), ==, "Edit Marker");
  editor_document_undo (f->document);
  flush_events ();
  g_assert_cmpint (sand_map_get_marker (f->map, 0)->strength, ==, 2);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(path, func) \
  g_test_add ("/editor-inspector/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("inspector_edits_terrain_with_undo", test_inspector_edits_terrain_with_undo);
  ADD ("inspector_edits_hexside_and_marker_with_undo",
       test_inspector_edits_hexside_and_marker_with_undo);
#undef ADD

  return g_test_run ();
}
