/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The hexside tool: a drag paints a river seen from both hexes, and
 * Shift+click follows the edges.
 * Driven as a designer drives it, through the real canvas's drag gesture
 * (lib/ui-test-tools.h). */
#include "config.h"

#include <adwaita.h>
#include <math.h>

#include "editor-document.h"
#include "ui-test-tools.h"

static void
test_hexside_drag_paints_river_seen_from_both_hexes (Fixture       *f,
                                                     gconstpointer  data)
{
  int river = sand_ruleset_find_side_feature (f->ruleset, "river");
  int hex = sand_grid_index (f->grid, 5, 4);
  double size = sand_map_get_hex_size (f->map);
  EditorTool *pen = editor_tool_palette_get_tool (f->palette, "hexside");
  SandPoint corner = sand_grid_corner (f->grid, size, hex_center (f, hex), 2);
  /* Along side 1 to the corner it shares with side 2, then along side 2,
   * wobbling a little off the edge as a hand does. */
  SandPoint points[] = {
    side_middle (f, hex, 1),
    { corner.x - 0.05 * size, corner.y - 0.02 * size },
    { corner.x + 0.03 * size, corner.y + 0.04 * size },
    side_middle (f, hex, 2),
  };

  select_tool (f, "hexside");
  g_object_set (pen, "feature", river, NULL);
  drag_through (f, points, G_N_ELEMENTS (points));

  for (int dir = 1; dir <= 2; dir++)
    {
      int other = sand_grid_neighbour (f->grid, hex, dir);

      g_assert_true (sand_map_side_has (f->map, hex, dir, river));
      g_assert_cmpint (other, >=, 0);
      g_assert_true (sand_map_side_has (f->map, other, SAND_DIR_OPPOSITE (dir), river));
    }
  /* No spur at the corner where a third side meets. */
  g_assert_cmpuint (count_sides (f, river), ==, 2);
  g_assert_cmpstr (editor_document_get_undo_label (f->document), ==, "Paint Hexsides");

  editor_document_undo (f->document);
  g_assert_cmpuint (count_sides (f, river), ==, 0);
  g_assert_false (editor_document_can_undo (f->document));
  editor_document_redo (f->document);
  g_assert_cmpuint (count_sides (f, river), ==, 2);

  /* The erase option takes the river off again, one side per click. */
  g_object_set (pen, "erase", TRUE, NULL);
  {
    SandPoint p = side_middle (f, hex, 1);

    drag_through (f, &p, 1);
  }
  g_assert_false (sand_map_side_has (f->map, hex, 1, river));
  g_assert_true (sand_map_side_has (f->map, hex, 2, river));
}

typedef struct {
  SandPoint a, b;
} Segment;

static gboolean
segments_touch (const Segment *s,
                const Segment *t)
{
  const SandPoint *p[] = { &s->a, &s->b }, *q[] = { &t->a, &t->b };

  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      if (fabs (p[i]->x - q[j]->x) < 0.01 && fabs (p[i]->y - q[j]->y) < 0.01)
        return TRUE;
  return FALSE;
}

static void
test_hexside_shift_click_follows_the_edges (Fixture       *f,
                                            gconstpointer  data)
{
  int river = sand_ruleset_find_side_feature (f->ruleset, "river");
  double size = sand_map_get_hex_size (f->map);
  EditorTool *pen = editor_tool_palette_get_tool (f->palette, "hexside");
  int start = sand_grid_index (f->grid, 2, 2), far = sand_grid_index (f->grid, 7, 6);
  SandPoint p = side_middle (f, start, 2), q = side_middle (f, far, 4);
  g_autoptr (GArray) segments = g_array_new (FALSE, FALSE, sizeof (Segment));
  g_autoptr (GHashTable) slots = g_hash_table_new (NULL, NULL);
  guint *component;
  gboolean changed = TRUE;

  select_tool (f, "hexside");
  g_object_set (pen, "feature", river, NULL);
  drag_through (f, &p, 1);
  editor_tool_set_modifiers (pen, GDK_SHIFT_MASK);
  drag_through (f, &q, 1);
  g_assert_true (sand_map_side_has (f->map, start, 2, river));
  g_assert_true (sand_map_side_has (f->map, far, 4, river));

  /* One unbroken line of sides from the first to the second. */
  for (int h = 0; h < sand_grid_n_hexes (f->grid); h++)
    for (int d = 0; d < 6; d++)
      if (sand_map_side_has (f->map, h, d, river)
          && g_hash_table_add (slots, GINT_TO_POINTER (sand_grid_side_slot (f->grid, h, d))))
        {
          SandPoint c = hex_center (f, h);
          Segment seg = { sand_grid_corner (f->grid, size, c, d),
                          sand_grid_corner (f->grid, size, c, (d + 1) % 6) };

          g_array_append_val (segments, seg);
        }
  g_assert_cmpuint (segments->len, >=, 6);
  g_assert_cmpuint (segments->len, <=, 14);
  component = g_new0 (guint, segments->len);
  component[0] = 1;
  while (changed)
    {
      changed = FALSE;
      for (guint i = 0; i < segments->len; i++)
        for (guint j = 0; j < segments->len; j++)
          if (component[i] && !component[j]
              && segments_touch (&g_array_index (segments, Segment, i),
                                 &g_array_index (segments, Segment, j)))
            component[j] = changed = TRUE;
    }
  for (guint i = 0; i < segments->len; i++)
    g_assert_true (component[i]);
  g_free (component);

  /* The line is one undo step, apart from the first click. */
  editor_document_undo (f->document);
  g_assert_cmpuint (count_sides (f, river), ==, 1);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(path, func) \
  g_test_add ("/editor-tool-hexside/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("hexside_drag_paints_river_seen_from_both_hexes",
       test_hexside_drag_paints_river_seen_from_both_hexes);
  ADD ("hexside_shift_click_follows_the_edges", test_hexside_shift_click_follows_the_edges);
#undef ADD

  return g_test_run ();
}
