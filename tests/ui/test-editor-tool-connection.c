/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The road and railway tools: a road through three hexes connects both
 * sides of each.
 * Driven as a designer drives it, through the real canvas's drag gesture
 * (lib/ui-test-tools.h). */
#include "config.h"

#include <adwaita.h>

#include "editor-document.h"
#include "ui-test-tools.h"

static void
test_road_through_three_hexes_connects_both_sides (Fixture       *f,
                                                   gconstpointer  data)
{
  int road = sand_ruleset_find_side_feature (f->ruleset, "road");
  int rail = sand_ruleset_find_side_feature (f->ruleset, "rail");
  int a = sand_grid_index (f->grid, 3, 4);
  int b = sand_grid_neighbour (f->grid, a, 1);
  int c = sand_grid_neighbour (f->grid, b, 2);
  SandPoint points[] = { hex_center (f, a), hex_center (f, b), hex_center (f, c) };
  int far;
  g_autoptr (GArray) line = g_array_new (FALSE, FALSE, sizeof (int));

  int river = sand_ruleset_find_side_feature (f->ruleset, "river");
  int bridge = sand_ruleset_find_side_feature (f->ruleset, "bridge");

  /* A river between b and c: the road crosses it on a bridge. */
  editor_document_set_side (f->document, b, 2, 1u << river);

  select_tool (f, "road");
  drag_through (f, points, G_N_ELEMENTS (points));
  g_assert_true (sand_map_side_has (f->map, a, 1, road));
  g_assert_true (sand_map_side_has (f->map, b, SAND_DIR_OPPOSITE (1), road));
  g_assert_true (sand_map_side_has (f->map, b, 2, road));
  g_assert_true (sand_map_side_has (f->map, c, SAND_DIR_OPPOSITE (2), road));
  g_assert_cmpuint (count_sides (f, road), ==, 2);
  g_assert_cmpuint (count_sides (f, rail), ==, 0);
  g_assert_true (sand_map_side_has (f->map, c, SAND_DIR_OPPOSITE (2), bridge));
  g_assert_cmpuint (count_sides (f, bridge), ==, 1);
  g_assert_cmpstr (editor_document_get_undo_label (f->document), ==, "Draw Road");

  editor_document_undo (f->document);
  g_assert_cmpuint (count_sides (f, road), ==, 0);
  g_assert_cmpuint (count_sides (f, bridge), ==, 0);
  g_assert_cmpuint (count_sides (f, river), ==, 1);
  editor_document_redo (f->document);
  g_assert_cmpuint (count_sides (f, road), ==, 2);

  /* A rail dragged in one motion to a hex four away: the hexes skipped
   * between are joined through the hex line. */
  select_tool (f, "rail");
  far = sand_grid_index (f->grid, 7, 4);
  {
    SandPoint rail_points[] = { hex_center (f, a), hex_center (f, far) };

    drag_through (f, rail_points, G_N_ELEMENTS (rail_points));
  }
  sand_grid_line (f->grid, a, far, line);
  g_assert_cmpuint (count_sides (f, rail), ==, line->len - 1);
  for (guint i = 1; i < line->len; i++)
    {
      int p = g_array_index (line, int, i - 1), q = g_array_index (line, int, i);

      g_assert_true (sand_map_side_has (f->map, p, sand_grid_direction_to (f->grid, p, q), rail));
    }
  g_assert_true (sand_map_hex_has_connection (f->map, far, rail));
  editor_document_undo (f->document);
  g_assert_cmpuint (count_sides (f, rail), ==, 0);
  g_assert_cmpuint (count_sides (f, road), ==, 2);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(path, func) \
  g_test_add ("/editor-tool-connection/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("road_through_three_hexes_connects_both_sides",
       test_road_through_three_hexes_connects_both_sides);
#undef ADD

  return g_test_run ();
}
