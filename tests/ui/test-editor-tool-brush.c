/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The terrain brush as a designer drives it: its sizes paint 1, 7 and 19
 * hexes, a stroke is one undo step, and Shift+click continues the last
 * stroke in a line (the road tool too).
 * Driven as a designer drives it, through the real canvas's drag gesture
 * (lib/ui-test-tools.h). */
#include "config.h"

#include <adwaita.h>

#include "editor-document.h"
#include "ui-test-tools.h"

static void
test_brush_sizes_paint_1_7_19_hexes (Fixture       *f,
                                     gconstpointer  data)
{
  int rough = sand_ruleset_find_terrain (f->ruleset, "rough");
  int center = sand_grid_index (f->grid, 5, 5);
  EditorTool *brush = editor_tool_palette_get_tool (f->palette, "terrain");
  static const int expected[] = { 1, 7, 19 };

  select_tool (f, "terrain");
  g_object_set (brush, "terrain", rough, NULL);
  for (int radius = 0; radius <= 2; radius++)
    {
      g_object_set (brush, "radius", radius, NULL);
      fixture_click_hex (f, center);
      g_assert_cmpint (count_terrain (f, rough), ==, expected[radius]);
      g_assert_cmpint (sand_map_get_terrain (f->map, center), ==, rough);
      g_assert_cmpstr (editor_document_get_undo_label (f->document), ==, "Paint Terrain");

      editor_document_undo (f->document);
      g_assert_cmpint (count_terrain (f, rough), ==, 0);
      g_assert_false (editor_document_can_undo (f->document));
      editor_document_redo (f->document);
      g_assert_cmpint (count_terrain (f, rough), ==, expected[radius]);
      editor_document_undo (f->document);
    }

  /* At the map's corner the brush paints only the hexes on the map. */
  g_object_set (brush, "radius", 1, NULL);
  fixture_click_hex (f, 0);
  g_assert_cmpint (count_terrain (f, rough), ==, 3);
  editor_document_undo (f->document);
}

static void
test_brush_stroke_is_one_undo_step (Fixture       *f,
                                    gconstpointer  data)
{
  int rough = sand_ruleset_find_terrain (f->ruleset, "rough");
  EditorTool *brush = editor_tool_palette_get_tool (f->palette, "terrain");
  int a = sand_grid_index (f->grid, 1, 4), b = sand_grid_index (f->grid, 9, 4);
  SandPoint points[] = { hex_center (f, a), hex_center (f, b) };
  g_autoptr (GArray) line = g_array_new (FALSE, FALSE, sizeof (int));

  select_tool (f, "terrain");
  g_object_set (brush, "terrain", rough, "radius", 0, NULL);
  /* One motion event from a to b: the hexes skipped between are painted. */
  drag_through (f, points, G_N_ELEMENTS (points));
  sand_grid_line (f->grid, a, b, line);
  g_assert_cmpint (count_terrain (f, rough), ==, line->len);
  for (guint i = 0; i < line->len; i++)
    g_assert_cmpint (sand_map_get_terrain (f->map, g_array_index (line, int, i)), ==, rough);

  editor_document_undo (f->document);
  g_assert_cmpint (count_terrain (f, rough), ==, 0);
  g_assert_false (editor_document_can_undo (f->document));
}

static void
test_shift_click_continues_the_last_stroke (Fixture       *f,
                                            gconstpointer  data)
{
  int rough = sand_ruleset_find_terrain (f->ruleset, "rough");
  int road = sand_ruleset_find_side_feature (f->ruleset, "road");
  EditorTool *brush = editor_tool_palette_get_tool (f->palette, "terrain");
  EditorTool *road_tool = editor_tool_palette_get_tool (f->palette, "road");
  int a = sand_grid_index (f->grid, 1, 1), b = sand_grid_index (f->grid, 7, 6);
  g_autoptr (GArray) line = g_array_new (FALSE, FALSE, sizeof (int));

  sand_grid_line (f->grid, a, b, line);

  select_tool (f, "terrain");
  g_object_set (brush, "terrain", rough, "radius", 0, NULL);
  fixture_click_hex (f, a);
  editor_tool_set_modifiers (brush, GDK_SHIFT_MASK);
  fixture_click_hex (f, b);
  g_assert_cmpint (count_terrain (f, rough), ==, line->len);
  /* The line is its own step. */
  editor_document_undo (f->document);
  g_assert_cmpint (count_terrain (f, rough), ==, 1);

  /* Roads from town to town: click, then Shift+click. */
  select_tool (f, "road");
  fixture_click_hex (f, a);
  g_assert_cmpuint (count_sides (f, road), ==, 0);
  editor_tool_set_modifiers (road_tool, GDK_SHIFT_MASK);
  fixture_click_hex (f, b);
  g_assert_cmpuint (count_sides (f, road), ==, line->len - 1);
  g_assert_true (sand_map_hex_has_connection (f->map, a, road));
  g_assert_true (sand_map_hex_has_connection (f->map, b, road));
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(path, func) \
  g_test_add ("/editor-tool-brush/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("brush_sizes_paint_1_7_19_hexes", test_brush_sizes_paint_1_7_19_hexes);
  ADD ("brush_stroke_is_one_undo_step", test_brush_stroke_is_one_undo_step);
  ADD ("shift_click_continues_the_last_stroke", test_shift_click_continues_the_last_stroke);
#undef ADD

  return g_test_run ();
}
