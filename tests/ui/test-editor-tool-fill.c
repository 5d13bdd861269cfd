/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The fill tool: a fill is bounded by other terrain, and stops at rivers
 * when asked.
 * Driven as a designer drives it, through the real canvas's drag gesture
 * (lib/ui-test-tools.h). */
#include "config.h"

#include <adwaita.h>

#include "editor-document.h"
#include "editor-tool-fill.h"
#include "ui-test-tools.h"

static void
test_fill_bounded_by_other_terrain (Fixture       *f,
                                    gconstpointer  data)
{
  int rough = sand_ruleset_find_terrain (f->ruleset, "rough");
  int clear = sand_ruleset_find_terrain (f->ruleset, "clear");
  int center = sand_grid_index (f->grid, 5, 5);
  g_autoptr (GArray) ring = g_array_new (FALSE, FALSE, sizeof (int));
  EditorTool *brush = editor_tool_palette_get_tool (f->palette, "terrain");

  /* A ring of rough two hexes out: the clear hexes inside are a pocket. */
  sand_grid_ring (f->grid, center, 2, ring);
  g_assert_cmpuint (ring->len, ==, 12);
  editor_document_begin_edit (f->document, "Ring");
  for (guint i = 0; i < ring->len; i++)
    editor_document_set_terrain (f->document, g_array_index (ring, int, i), rough);
  editor_document_end_edit (f->document);

  select_tool (f, "fill");
  /* Brush and fill share the terrain. */
  g_object_set (brush, "terrain", rough, NULL);
  fixture_click_hex (f, center);
  g_assert_cmpint (count_terrain (f, rough), ==, 19);
  g_assert_cmpint (count_terrain (f, clear), ==, COLS * ROWS - 19);
  g_assert_cmpstr (editor_document_get_undo_label (f->document), ==, "Fill Terrain");

  editor_document_undo (f->document);
  g_assert_cmpint (count_terrain (f, rough), ==, 12);
  g_assert_cmpint (sand_map_get_terrain (f->map, center), ==, clear);
  editor_document_redo (f->document);
  g_assert_cmpint (count_terrain (f, rough), ==, 19);
}

static void
test_fill_stops_at_rivers_when_asked (Fixture       *f,
                                      gconstpointer  data)
{
  int rough = sand_ruleset_find_terrain (f->ruleset, "rough");
  int river = sand_ruleset_find_side_feature (f->ruleset, "river");
  EditorTool *fill = editor_tool_palette_get_tool (f->palette, "fill");
  int west = 0;

  /* A river down the whole map between columns 3 and 4 (flat, even:
   * column 4 is numbered 5, unshifted; its hexes' nw and sw sides face
   * column 3). */
  editor_document_begin_edit (f->document, "River");
  for (int row = 0; row < ROWS; row++)
    {
      int h = sand_grid_index (f->grid, 4, row);

      editor_document_set_side (f->document, h, 5, 1u << river);
      editor_document_set_side (f->document, h, 4, 1u << river);
    }
  editor_document_end_edit (f->document);

  select_tool (f, "fill");
  g_object_set (fill, "terrain", rough, "stop-at-sides", TRUE, NULL);
  fixture_click_hex (f, west);
  g_assert_cmpint (count_terrain (f, rough), ==, 4 * ROWS);
  editor_document_undo (f->document);

  g_object_set (fill, "stop-at-sides", FALSE, NULL);
  fixture_click_hex (f, west);
  g_assert_cmpint (count_terrain (f, rough), ==, COLS * ROWS);

  /* A country up to the river: the east bank becomes Germany. */
  {
    int germany = sand_ruleset_find_country (f->ruleset, "germany");
    EditorTool *country = editor_tool_palette_get_tool (f->palette, "country");
    int n = 0;

    g_object_set (fill, "mode", EDITOR_FILL_COUNTRY, "stop-at-sides", TRUE, NULL);
    g_object_set (country, "country", germany, NULL);
    fixture_click_hex (f, sand_grid_index (f->grid, COLS - 1, 0));
    for (int h = 0; h < sand_grid_n_hexes (f->grid); h++)
      {
        n += sand_map_get_country (f->map, h) == germany;
        g_assert_true ((sand_map_get_country (f->map, h) == germany)
                       == (sand_grid_col (f->grid, h) >= 4));
      }
    g_assert_cmpint (n, ==, (COLS - 4) * ROWS);
    g_assert_cmpstr (editor_document_get_undo_label (f->document), ==, "Fill Country");
    editor_document_undo (f->document);
    g_assert_cmpint (sand_map_get_country (f->map, COLS - 1), ==, -1);
  }
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(path, func) \
  g_test_add ("/editor-tool-fill/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("fill_bounded_by_other_terrain", test_fill_bounded_by_other_terrain);
  ADD ("fill_stops_at_rivers_when_asked", test_fill_stops_at_rivers_when_asked);
#undef ADD

  return g_test_run ();
}
