/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-test-tools.c: the map tools' fixture — canvas, palette and inspector
 * on a blank FPW map, wired as editor-window.c wires them — and a pointer
 * on the canvas: the real drag gesture at widget coordinates. */
#include "config.h"

#include "ui-test-tools.h"

/* ------------------------------------------------------------------ */
/* Wiring, as editor-window.c does it */

EditorTool *
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

void
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
  flush_events ();
}

void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  flush_events ();
  g_clear_object (&f->document);
  g_clear_object (&f->scenario);
}

/* ------------------------------------------------------------------ */
/* Pointer helpers: map points to widget points, then the canvas's own
 * drag gesture, as a pointer would drive it. */

SandPoint
to_widget (Fixture  *f,
           SandPoint map_point)
{
  SandPoint w;

  editor_map_canvas_map_to_widget (f->canvas, map_point.x, map_point.y, &w.x, &w.y);
  return w;
}

SandPoint
hex_center (Fixture *f,
            int      hex)
{
  return sand_grid_hex_center (f->grid, sand_map_get_hex_size (f->map), hex);
}

SandPoint
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
void
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
  flush_events ();
}

void
fixture_click_hex (Fixture *f,
                   int      hex)
{
  SandPoint p = hex_center (f, hex);

  drag_through (f, &p, 1);
}

/* The canvas turns a secondary press into edit-begin with button 3; a
 * test cannot give a synthetic drag a button, so it emits the canvas's
 * signals at the hex's widget position. */
void
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
  flush_events ();
}

void
select_tool (Fixture    *f,
             const char *id)
{
  /* Through the action the single-key shortcuts trigger. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->palette), "palette.select-tool",
                                             "s", id));
  g_assert_cmpstr (editor_tool_get_id (active_tool (f)), ==, id);
}

int
count_terrain (Fixture *f,
               int      terrain)
{
  int n = 0;

  for (int h = 0; h < sand_grid_n_hexes (f->grid); h++)
    n += sand_map_get_terrain (f->map, h) == terrain;
  return n;
}

/* Distinct hexsides carrying @feature. */
guint
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
