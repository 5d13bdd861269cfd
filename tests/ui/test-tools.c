/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The map tools, driven as a designer drives them: the real canvas's drag
 * gesture at widget coordinates, the real palette's actions and option
 * properties, the real inspector's rows. The canvas, document, palette and
 * inspector are wired as the main window wires them. Each test checks the
 * model, then that the stroke is one undo step that undoes and redoes. */
#include "config.h"

#include <adwaita.h>
#include <math.h>

#include "editor-document.h"
#include "editor-inspector.h"
#include "editor-map-canvas.h"
#include "editor-tool-connection.h"
#include "editor-tool-country.h"
#include "editor-tool-fill.h"
#include "editor-tool-hexside.h"
#include "editor-tool-marker.h"
#include "editor-tool-palette.h"
#include "editor-tool-terrain.h"
#include "ui-test-lib.h"

#define COLS 12
#define ROWS 10

typedef struct {
  GtkWidget *window;
  EditorMapCanvas *canvas;
  EditorToolPalette *palette;
  EditorInspector *inspector;
  EditorDocument *document;
  SandScenario *scenario;
  SandMap *map;
  const SandGrid *grid;
  SandRuleset *ruleset;
} Fixture;

/* ------------------------------------------------------------------ */
/* Wiring, as editor-window.c does it */

static EditorTool *
active_tool (Fixture *f)
{
  return editor_tool_palette_get_active_tool (f->palette);
}

static void
edit_begin_cb (EditorMapCanvas *canvas,
               int              hex,
               double           mx,
               double           my,
               guint            button,
               GdkModifierType  state,
               Fixture         *f)
{
  editor_tool_begin (active_tool (f), f->document, hex, mx, my, button);
}

static void
edit_update_cb (EditorMapCanvas *canvas,
                int              hex,
                double           mx,
                double           my,
                Fixture         *f)
{
  editor_tool_update (active_tool (f), f->document, hex, mx, my);
}

static void
edit_end_cb (EditorMapCanvas *canvas,
             int              hex,
             double           mx,
             double           my,
             Fixture         *f)
{
  editor_tool_end (active_tool (f), f->document, hex, mx, my);
}

/* The window shows the hex under the pointer; the inspector itself pins
 * the select tool's choice through the palette it finds in its window. */
static void
hover_cb (EditorMapCanvas *canvas,
          int              hex,
          int              side_hex,
          int              side_dir,
          Fixture         *f)
{
  editor_inspector_set_hex (f->inspector, hex, side_hex, side_dir);
}

static void
iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SandMap) map = NULL;
  GtkWidget *box;
  gint64 end;

  f->ruleset = sand_ruleset_lookup ("fpw1870", &error);
  g_assert_no_error (error);
  map = sand_map_new (f->ruleset, COLS, ROWS, SAND_ORIENTATION_FLAT, SAND_STAGGER_EVEN);
  f->scenario = sand_scenario_new (map);
  f->map = sand_scenario_get_map (f->scenario);
  f->grid = sand_map_get_grid (f->map);
  f->document = editor_document_new (f->scenario);

  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1100, 700);
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  f->palette = EDITOR_TOOL_PALETTE (editor_tool_palette_new ());
  f->canvas = EDITOR_MAP_CANVAS (editor_map_canvas_new ());
  f->inspector = EDITOR_INSPECTOR (editor_inspector_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (f->canvas), TRUE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (f->palette));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (f->canvas));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (f->inspector));
  gtk_window_set_child (GTK_WINDOW (f->window), box);

  editor_map_canvas_set_scenario (f->canvas, f->scenario);
  editor_tool_palette_set_document (f->palette, f->document);
  editor_inspector_set_document (f->inspector, f->document);
  g_signal_connect (f->canvas, "edit-begin", G_CALLBACK (edit_begin_cb), f);
  g_signal_connect (f->canvas, "edit-update", G_CALLBACK (edit_update_cb), f);
  g_signal_connect (f->canvas, "edit-end", G_CALLBACK (edit_end_cb), f);
  g_signal_connect (f->canvas, "hover", G_CALLBACK (hover_cb), f);

  gtk_window_present (GTK_WINDOW (f->window));
  end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while ((!gtk_widget_get_mapped (GTK_WIDGET (f->canvas))
          || gtk_widget_get_width (GTK_WIDGET (f->canvas)) < 200)
         && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (f->canvas)));
  /* The whole map in view, so every hex has widget coordinates. */
  editor_map_canvas_zoom_fit (f->canvas);
  iterate ();
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  iterate ();
  g_clear_object (&f->document);
  g_clear_object (&f->scenario);
}

/* ------------------------------------------------------------------ */
/* Pointer helpers: map points to widget points, then the canvas's own
 * drag gesture, as a pointer would drive it. */

static SandPoint
to_widget (Fixture  *f,
           SandPoint map_point)
{
  SandPoint w;

  editor_map_canvas_map_to_widget (f->canvas, map_point.x, map_point.y, &w.x, &w.y);
  return w;
}

static SandPoint
hex_center (Fixture *f,
            int      hex)
{
  return sand_grid_hex_center (f->grid, sand_map_get_hex_size (f->map), hex);
}

static SandPoint
side_middle (Fixture *f,
             int      hex,
             int      dir)
{
  double size = sand_map_get_hex_size (f->map);
  SandPoint c = hex_center (f, hex);
  SandPoint a = sand_grid_corner (f->grid, size, c, dir);
  SandPoint b = sand_grid_corner (f->grid, size, c, (dir + 1) % 6);

  return (SandPoint) { (a.x + b.x) / 2, (a.y + b.y) / 2 };
}

/* A primary-button drag through map points (one point is a click). */
static void
drag_through (Fixture         *f,
              const SandPoint *points,
              guint            n)
{
  GtkEventController *gesture = find_controller (GTK_WIDGET (f->canvas), GTK_TYPE_GESTURE_DRAG);
  SandPoint start = to_widget (f, points[0]);
  SandPoint last = start;

  g_signal_emit_by_name (gesture, "drag-begin", start.x, start.y);
  for (guint i = 1; i < n; i++)
    {
      last = to_widget (f, points[i]);
      g_signal_emit_by_name (gesture, "drag-update", last.x - start.x, last.y - start.y);
    }
  g_signal_emit_by_name (gesture, "drag-end", last.x - start.x, last.y - start.y);
  iterate ();
}

static void
fixture_click_hex (Fixture *f,
           int      hex)
{
  SandPoint p = hex_center (f, hex);

  drag_through (f, &p, 1);
}

/* The canvas turns a secondary press into edit-begin with button 3; a
 * test cannot give a synthetic drag a button, so it emits the canvas's
 * signals at the hex's widget position. */
static void
secondary_click_hex (Fixture *f,
                     int      hex)
{
  SandPoint w = to_widget (f, hex_center (f, hex));
  double mx, my;
  int at = editor_map_canvas_hex_at (f->canvas, w.x, w.y);

  g_assert_cmpint (at, ==, hex);
  editor_map_canvas_widget_to_map (f->canvas, w.x, w.y, &mx, &my);
  g_signal_emit_by_name (f->canvas, "edit-begin", at, mx, my, GDK_BUTTON_SECONDARY, 0);
  g_signal_emit_by_name (f->canvas, "edit-end", at, mx, my);
  iterate ();
}

static void
select_tool (Fixture    *f,
             const char *id)
{
  /* Through the action the single-key shortcuts trigger. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->palette), "palette.select-tool",
                                             "s", id));
  g_assert_cmpstr (editor_tool_get_id (active_tool (f)), ==, id);
}

static int
count_terrain (Fixture *f,
               int      terrain)
{
  int n = 0;

  for (int h = 0; h < sand_grid_n_hexes (f->grid); h++)
    n += sand_map_get_terrain (f->map, h) == terrain;
  return n;
}

/* Distinct hexsides carrying @feature. */
static guint
count_sides (Fixture *f,
             int      feature)
{
  g_autoptr (GHashTable) slots = g_hash_table_new (NULL, NULL);

  for (int h = 0; h < sand_grid_n_hexes (f->grid); h++)
    for (int d = 0; d < 6; d++)
      if (sand_map_side_has (f->map, h, d, feature))
        g_hash_table_add (slots, GINT_TO_POINTER (sand_grid_side_slot (f->grid, h, d)));
  return g_hash_table_size (slots);
}

/* ------------------------------------------------------------------ */
/* Tests */

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

static void
test_eyedropper_sets_brush_terrain (Fixture       *f,
                                    gconstpointer  data)
{
  int rough = sand_ruleset_find_terrain (f->ruleset, "rough");
  int france = sand_ruleset_find_country (f->ruleset, "france");
  int hex = sand_grid_index (f->grid, 4, 7);
  EditorTool *brush = editor_tool_palette_get_tool (f->palette, "terrain");
  EditorTool *country = editor_tool_palette_get_tool (f->palette, "country");
  EditorTool *fill = editor_tool_palette_get_tool (f->palette, "fill");
  int value;

  editor_document_set_terrain (f->document, hex, rough);
  editor_document_set_country (f->document, hex, france);
  g_object_get (brush, "terrain", &value, NULL);
  g_assert_cmpint (value, !=, rough);

  select_tool (f, "terrain");
  select_tool (f, "eyedropper");
  fixture_click_hex (f, hex);
  g_object_get (brush, "terrain", &value, NULL);
  g_assert_cmpint (value, ==, rough);
  g_object_get (fill, "terrain", &value, NULL);
  g_assert_cmpint (value, ==, rough);
  g_object_get (country, "country", &value, NULL);
  g_assert_cmpint (value, ==, france);
  /* Back to the brush the designer came from; nothing to undo. */
  g_assert_cmpstr (editor_tool_get_id (active_tool (f)), ==, "terrain");
  g_assert_cmpstr (editor_document_get_undo_label (f->document), !=, "Paint Terrain");
}

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
  iterate ();
  g_assert_cmpuint (adw_combo_row_get_selected (terrain_row), ==, clear);
  g_assert_false (editor_document_can_undo (f->document));

  editor_document_redo (f->document);
  iterate ();
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
  iterate ();
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
  iterate ();
  g_assert_cmpint (sand_map_get_marker (f->map, 0)->strength, ==, 4);
  g_assert_cmpstr (editor_document_get_undo_label (f->document), ==, "Edit Marker");
  editor_document_undo (f->document);
  iterate ();
  g_assert_cmpint (sand_map_get_marker (f->map, 0)->strength, ==, 2);
}

static void
test_palette_offers_every_tool_with_a_key (Fixture       *f,
                                           gconstpointer  data)
{
  static const char *const ids[] = {
    "terrain", "fill", "eyedropper", "country", "eraser", "hexside", "road", "rail", "marker",
    "select", "setup",
  };
  GPtrArray *tools = editor_tool_palette_get_tools (f->palette);
  g_autoptr (GHashTable) keys = g_hash_table_new (g_str_hash, g_str_equal);
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gtk_widget_get_display (f->window));

  /* The map tools first, in this order; other parts of the editor may add
   * their own tools after them. */
  g_assert_cmpuint (tools->len, >=, G_N_ELEMENTS (ids));
  for (guint i = 0; i < tools->len; i++)
    {
      EditorTool *tool = g_ptr_array_index (tools, i);

      if (i < G_N_ELEMENTS (ids))
        {
          g_assert_cmpstr (editor_tool_get_id (tool), ==, ids[i]);
          g_assert_cmpint (editor_tool_get_uses_hexsides (tool), ==,
                           g_str_equal (ids[i], "hexside") || g_str_equal (ids[i], "select"));
        }
      g_assert_nonnull (editor_tool_get_name (tool));
      g_assert_nonnull (editor_tool_get_hint (tool));
      g_assert_nonnull (editor_tool_get_cursor_name (tool));
      g_assert_true (gtk_icon_theme_has_icon (theme, editor_tool_get_icon_name (tool)));
      /* One key per tool. */
      g_assert_true (g_hash_table_add (keys, (gpointer) editor_tool_get_accel (tool)));
      g_assert_true (editor_tool_palette_select_tool (f->palette, editor_tool_get_id (tool)));
      g_assert_true (active_tool (f) == tool);
    }

  /* Number keys choose what the active tool paints. */
  select_tool (f, "terrain");
  gtk_widget_activate_action (GTK_WIDGET (f->palette), "palette.choose", "i", 2);
  g_assert_cmpint (editor_tool_terrain_get_terrain (EDITOR_TOOL_TERRAIN (active_tool (f))), ==,
                   sand_ruleset_find_terrain (f->ruleset, "rough"));
  select_tool (f, "hexside");
  gtk_widget_activate_action (GTK_WIDGET (f->palette), "palette.choose", "i", 3);
  {
    int feature;

    g_object_get (active_tool (f), "feature", &feature, NULL);
    g_assert_cmpint (feature, ==, sand_ruleset_find_side_feature (f->ruleset, "ridge"));
  }
  select_tool (f, "marker");
  gtk_widget_activate_action (GTK_WIDGET (f->palette), "palette.choose", "i", 5);
  {
    int kind;

    g_object_get (active_tool (f), "kind", &kind, NULL);
    g_assert_cmpint (kind, ==, EDITOR_MARKER_ZONE);
  }

  /* [ and ] step the brush through 1, 7 and 19 hexes. */
  select_tool (f, "terrain");
  gtk_widget_activate_action (GTK_WIDGET (f->palette), "palette.brush-larger", NULL);
  g_assert_cmpint (editor_tool_terrain_get_radius (EDITOR_TOOL_TERRAIN (active_tool (f))), ==, 1);
  gtk_widget_activate_action (GTK_WIDGET (f->palette), "palette.brush-larger", NULL);
  gtk_widget_activate_action (GTK_WIDGET (f->palette), "palette.brush-larger", NULL);
  g_assert_cmpint (editor_tool_terrain_get_radius (EDITOR_TOOL_TERRAIN (active_tool (f))), ==, 2);
  gtk_widget_activate_action (GTK_WIDGET (f->palette), "palette.brush-smaller", NULL);
  g_assert_cmpint (editor_tool_terrain_get_radius (EDITOR_TOOL_TERRAIN (active_tool (f))), ==, 1);
}

static guint
count_chooser_rows (GtkWidget *widget)
{
  guint n = 0;

  if (GTK_IS_LIST_BOX_ROW (widget))
    return 1;
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_chooser_rows (child);
  return n;
}

/* Runs the window's shortcut for a key as a key press would. */
static gboolean
press_key (Fixture *f,
           guint    keyval)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (f->window);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) c = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (c)
          || g_strcmp0 (gtk_event_controller_get_name (c), "editor-tool-palette-shortcuts") != 0)
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (c)); j++)
        {
          g_autoptr (GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (c), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (GTK_IS_ALTERNATIVE_TRIGGER (trigger))
            trigger = gtk_alternative_trigger_get_first (GTK_ALTERNATIVE_TRIGGER (trigger));
          if (GTK_IS_KEYVAL_TRIGGER (trigger)
              && gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval)
            return gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0,
                                                 f->window, gtk_shortcut_get_arguments (shortcut));
        }
    }
  return FALSE;
}

static void
test_keys_work_while_the_palette_is_hidden (Fixture       *f,
                                            gconstpointer  data)
{
  EditorTool *brush = editor_tool_palette_get_tool (f->palette, "terrain");

  gtk_widget_set_visible (GTK_WIDGET (f->palette), FALSE);
  g_assert_true (press_key (f, GDK_KEY_h));
  g_assert_cmpstr (editor_tool_get_id (active_tool (f)), ==, "hexside");
  g_assert_true (press_key (f, GDK_KEY_b));
  g_assert_true (active_tool (f) == brush);
  g_assert_true (press_key (f, GDK_KEY_bracketright));
  g_assert_cmpint (editor_tool_terrain_get_radius (EDITOR_TOOL_TERRAIN (brush)), ==, 1);
  g_assert_true (press_key (f, GDK_KEY_2));
  g_assert_cmpint (editor_tool_terrain_get_terrain (EDITOR_TOOL_TERRAIN (brush)), ==, 1);

  /* A palette taken out of its window takes its keys with it. */
  g_object_ref (f->palette);
  gtk_box_remove (GTK_BOX (gtk_widget_get_parent (GTK_WIDGET (f->palette))),
                  GTK_WIDGET (f->palette));
  g_assert_false (press_key (f, GDK_KEY_h));
  g_object_unref (f->palette);
}

static void
test_options_follow_the_document_ruleset (Fixture       *f,
                                          gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  SandRuleset *lfaf = sand_ruleset_lookup ("lfaf1914", &error);
  g_autoptr (SandMap) map = NULL;
  g_autoptr (SandScenario) scenario = NULL;
  g_autoptr (EditorDocument) document = NULL;
  EditorTool *brush = editor_tool_palette_get_tool (f->palette, "terrain");
  GtkWidget *options = editor_tool_get_options (brush);
  int forest;

  g_assert_no_error (error);
  g_assert_cmpuint (count_chooser_rows (options), ==, sand_ruleset_n_terrains (f->ruleset));

  map = sand_map_new (lfaf, 6, 6, SAND_ORIENTATION_POINTY, SAND_STAGGER_ODD);
  scenario = sand_scenario_new (map);
  document = editor_document_new (scenario);
  editor_tool_palette_set_document (f->palette, document);
  g_assert_cmpuint (count_chooser_rows (options), ==, sand_ruleset_n_terrains (lfaf));

  /* The brush paints the new ruleset's terrain into the new document. */
  forest = sand_ruleset_find_terrain (lfaf, "forest");
  g_object_set (brush, "terrain", forest, "radius", 1, NULL);
  editor_tool_begin (brush, document, 14, 0, 0, GDK_BUTTON_PRIMARY);
  editor_tool_end (brush, document, 14, 0, 0);
  g_assert_cmpint (sand_map_get_terrain (map, 14), ==, forest);
  g_assert_true (editor_document_can_undo (document));
  g_assert_false (editor_document_can_undo (f->document));

  editor_tool_palette_set_document (f->palette, NULL);
  g_assert_cmpuint (count_chooser_rows (options), ==, 0);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(path, func) \
  g_test_add ("/tools/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("brush_sizes_paint_1_7_19_hexes", test_brush_sizes_paint_1_7_19_hexes);
  ADD ("brush_stroke_is_one_undo_step", test_brush_stroke_is_one_undo_step);
  ADD ("fill_bounded_by_other_terrain", test_fill_bounded_by_other_terrain);
  ADD ("fill_stops_at_rivers_when_asked", test_fill_stops_at_rivers_when_asked);
  ADD ("hexside_drag_paints_river_seen_from_both_hexes",
       test_hexside_drag_paints_river_seen_from_both_hexes);
  ADD ("hexside_shift_click_follows_the_edges", test_hexside_shift_click_follows_the_edges);
  ADD ("road_through_three_hexes_connects_both_sides",
       test_road_through_three_hexes_connects_both_sides);
  ADD ("shift_click_continues_the_last_stroke", test_shift_click_continues_the_last_stroke);
  ADD ("fortification_with_side_strength_name", test_fortification_with_side_strength_name);
  ADD ("zone_painted_by_drag_and_place_name", test_zone_painted_by_drag_and_place_name);
  ADD ("edge_value_and_offmap_link", test_edge_value_and_offmap_link);
  ADD ("eyedropper_sets_brush_terrain", test_eyedropper_sets_brush_terrain);
  ADD ("inspector_edits_terrain_with_undo", test_inspector_edits_terrain_with_undo);
  ADD ("inspector_edits_hexside_and_marker_with_undo",
       test_inspector_edits_hexside_and_marker_with_undo);
  ADD ("palette_offers_every_tool_with_a_key", test_palette_offers_every_tool_with_a_key);
  ADD ("options_follow_the_document_ruleset", test_options_follow_the_document_ruleset);
  ADD ("keys_work_while_the_palette_is_hidden", test_keys_work_while_the_palette_is_hidden);
#undef ADD

  return g_test_run ();
}
