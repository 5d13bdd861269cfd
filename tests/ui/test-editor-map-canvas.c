/* SPDX-License-Identifier: GPL-3.0-or-later */
/* EditorMapCanvas: zoom at the pointer through the real scroll
 * controller, pans and edits through the real drag gesture, the kinetic
 * glide, hit testing against the engine, live cells (counters, overlays,
 * preview) drawn again only where they changed, and reference images
 * pixel for pixel (GSK cairo renderer). Tiles: test-editor-tile-cache.c;
 * the view's arithmetic: test-editor-hex-viewport.c.
 *
 * SANDTABLE_UPDATE_REFS=1 rewrites the PNGs in tests/ui/ref instead of
 * comparing. */
#include "config.h"

#include "ui-test-controller.h"
#include "ui-test-canvas.h"

static void
move_pointer (Fixture *f,
              double   x,
              double   y)
{
  GtkEventController *motion = find_controller (GTK_WIDGET (f->canvas),
                                                GTK_TYPE_EVENT_CONTROLLER_MOTION);

  g_signal_emit_by_name (motion, "motion", x, y);
}

static void
set_modifiers (Fixture         *f,
               GdkModifierType  state)
{
  GtkEventController *key = find_controller (GTK_WIDGET (f->canvas), GTK_TYPE_EVENT_CONTROLLER_KEY);
  gboolean handled;

  g_signal_emit_by_name (key, "modifiers", state, &handled);
}

static void
test_ctrl_scroll_zooms_at_pointer (Fixture       *f,
                                   gconstpointer  data)
{
  EditorHexViewport *vp = editor_map_canvas_get_viewport (f->canvas);
  GtkEventController *scroll = find_controller (GTK_WIDGET (f->canvas),
                                                GTK_TYPE_EVENT_CONTROLLER_SCROLL);
  const double px = 120, py = 90;
  double before_x, before_y, after_x, after_y, zoom;
  gboolean handled = FALSE;

  editor_hex_viewport_set_zoom (vp, 0);
  move_pointer (f, px, py);
  set_modifiers (f, GDK_CONTROL_MASK);
  editor_hex_viewport_widget_to_map (vp, px, py, &before_x, &before_y);
  zoom = editor_hex_viewport_get_zoom (vp);

  /* One notch up zooms in one step... */
  g_signal_emit_by_name (scroll, "scroll", 0.0, -1.0, &handled);
  g_assert_true (handled);
  g_assert_cmpfloat_with_epsilon (editor_hex_viewport_get_zoom (vp),
                                  zoom + EDITOR_ZOOM_WHEEL_STEP, 1e-9);
  /* ...and the map point under the pointer stays there. */
  editor_hex_viewport_widget_to_map (vp, px, py, &after_x, &after_y);
  g_assert_cmpfloat_with_epsilon (after_x, before_x, 1e-6);
  g_assert_cmpfloat_with_epsilon (after_y, before_y, 1e-6);

  g_signal_emit_by_name (scroll, "scroll", 0.0, 2.0, &handled);
  g_assert_cmpfloat_with_epsilon (editor_hex_viewport_get_zoom (vp),
                                  zoom - EDITOR_ZOOM_WHEEL_STEP, 1e-9);
  editor_hex_viewport_widget_to_map (vp, px, py, &after_x, &after_y);
  g_assert_cmpfloat_with_epsilon (after_x, before_x, 1e-6);
  g_assert_cmpfloat_with_epsilon (after_y, before_y, 1e-6);

  /* Small deltas (a touchpad, a high-resolution wheel) add up, and the
   * zoom comes to rest on a quantum. */
  zoom = editor_hex_viewport_get_zoom (vp);
  for (int i = 0; i < 10; i++)
    g_signal_emit_by_name (scroll, "scroll", 0.0, -0.1, &handled);
  g_assert_cmpfloat_with_epsilon (editor_hex_viewport_get_zoom (vp),
                                  zoom + EDITOR_ZOOM_WHEEL_STEP, 1e-9);
  editor_hex_viewport_widget_to_map (vp, px, py, &after_x, &after_y);
  g_assert_cmpfloat_with_epsilon (after_x, before_x, 1e-6);
  g_assert_cmpfloat_with_epsilon (after_y, before_y, 1e-6);

  /* Without Ctrl, a scroll pans and keeps the zoom. */
  set_modifiers (f, 0);
  zoom = editor_hex_viewport_get_zoom (vp);
  before_x = editor_hex_viewport_get_center_x (vp);
  before_y = editor_hex_viewport_get_center_y (vp);
  g_signal_emit_by_name (scroll, "scroll", 0.0, 1.0, &handled);
  g_assert_true (handled);
  g_assert_cmpfloat (editor_hex_viewport_get_zoom (vp), ==, zoom);
  g_assert_cmpfloat (editor_hex_viewport_get_center_x (vp), ==, before_x);
  g_assert_cmpfloat (editor_hex_viewport_get_center_y (vp), >, before_y);
}

static void
test_touchpad_pan_glides (Fixture       *f,
                          gconstpointer  data)
{
  EditorHexViewport *vp = editor_map_canvas_get_viewport (f->canvas);
  GtkEventController *scroll = find_controller (GTK_WIDGET (f->canvas),
                                                GTK_TYPE_EVENT_CONTROLLER_SCROLL);
  gboolean handled = FALSE;
  double x0, x1;
  gint64 end;

  editor_hex_viewport_set_zoom (vp, 1.0);
  editor_hex_viewport_set_center (vp, 200, 200);
  set_modifiers (f, 0);
  g_signal_emit_by_name (scroll, "scroll-begin");
  g_signal_emit_by_name (scroll, "scroll", 10.0, 0.0, &handled);
  x0 = editor_hex_viewport_get_center_x (vp);
  g_signal_emit_by_name (scroll, "scroll-end");
  g_signal_emit_by_name (scroll, "decelerate", 1.0, 0.0);

  /* The view keeps moving the same way for a while, then stops. */
  end = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;
  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  x1 = editor_hex_viewport_get_center_x (vp);
  g_assert_cmpfloat (x1, >, x0 + 10);
  end = g_get_monotonic_time () + G_USEC_PER_SEC / 2;
  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpfloat (editor_hex_viewport_get_center_x (vp), ==, x1);
}

static void
test_zoom_keys_anchor_at_pointer (Fixture       *f,
                                  gconstpointer  data)
{
  EditorHexViewport *vp = editor_map_canvas_get_viewport (f->canvas);
  double before_x, before_y, after_x, after_y;

  editor_hex_viewport_set_zoom (vp, 0);
  move_pointer (f, 300, 60);
  editor_hex_viewport_widget_to_map (vp, 300, 60, &before_x, &before_y);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.zoom-in", NULL));
  g_assert_cmpfloat_with_epsilon (editor_hex_viewport_get_zoom (vp), EDITOR_ZOOM_KEY_STEP, 1e-9);
  editor_hex_viewport_widget_to_map (vp, 300, 60, &after_x, &after_y);
  g_assert_cmpfloat_with_epsilon (after_x, before_x, 1e-6);
  g_assert_cmpfloat_with_epsilon (after_y, before_y, 1e-6);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.zoom-reset", NULL));
  g_assert_cmpfloat (editor_hex_viewport_get_zoom (vp), ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.zoom-fit", NULL));
  {
    double x0, y0, x1, y1;

    editor_hex_viewport_get_visible (vp, &x0, &y0, &x1, &y1);
    g_assert_cmpfloat (x0, <=, 0);
    g_assert_cmpfloat (y0, <=, 0);
    g_assert_cmpfloat (x1, >=, editor_hex_viewport_get_map_width (vp));
    g_assert_cmpfloat (y1, >=, editor_hex_viewport_get_map_height (vp));
  }
}

typedef struct {
  int begins, updates, ends;
  int hex;
  double mx, my;
  guint button;
} EditLog;

static void
edit_begin_cb (EditorMapCanvas *canvas,
               int              hex,
               double           mx,
               double           my,
               guint            button,
               GdkModifierType  state,
               EditLog         *log)
{
  log->begins++;
  log->hex = hex;
  log->mx = mx;
  log->my = my;
  log->button = button;
}

static void
edit_update_cb (EditorMapCanvas *canvas,
                int              hex,
                double           mx,
                double           my,
                EditLog         *log)
{
  log->updates++;
  log->hex = hex;
}

static void
edit_end_cb (EditorMapCanvas *canvas,
             int              hex,
             double           mx,
             double           my,
             EditLog         *log)
{
  log->ends++;
  log->hex = hex;
}

static void
drag (Fixture *f,
      double   x,
      double   y,
      double   dx,
      double   dy)
{
  GtkEventController *gesture = find_controller (GTK_WIDGET (f->canvas), GTK_TYPE_GESTURE_DRAG);

  g_signal_emit_by_name (gesture, "drag-begin", x, y);
  g_signal_emit_by_name (gesture, "drag-update", dx / 2, dy / 2);
  g_signal_emit_by_name (gesture, "drag-update", dx, dy);
  g_signal_emit_by_name (gesture, "drag-end", dx, dy);
}

static void
test_primary_drag_edits (Fixture       *f,
                         gconstpointer  data)
{
  EditLog log = { 0 };
  EditorHexViewport *vp = editor_map_canvas_get_viewport (f->canvas);
  double cx = editor_hex_viewport_get_center_x (vp);
  double cy = editor_hex_viewport_get_center_y (vp);
  int end_hex;

  g_signal_connect (f->canvas, "edit-begin", G_CALLBACK (edit_begin_cb), &log);
  g_signal_connect (f->canvas, "edit-update", G_CALLBACK (edit_update_cb), &log);
  g_signal_connect (f->canvas, "edit-end", G_CALLBACK (edit_end_cb), &log);

  drag (f, 150, 100, 40, 10);
  g_assert_cmpint (log.begins, ==, 1);
  g_assert_cmpint (log.updates, ==, 2);
  g_assert_cmpint (log.ends, ==, 1);
  g_assert_cmpuint (log.button, ==, GDK_BUTTON_PRIMARY);
  end_hex = editor_map_canvas_hex_at (f->canvas, 190, 110);
  g_assert_cmpint (end_hex, !=, SAND_HEX_NONE);
  g_assert_cmpint (log.hex, ==, end_hex);
  /* Editing does not move the view. */
  g_assert_cmpfloat (editor_hex_viewport_get_center_x (vp), ==, cx);
  g_assert_cmpfloat (editor_hex_viewport_get_center_y (vp), ==, cy);
}

static void
test_space_drag_pans (Fixture       *f,
                      gconstpointer  data)
{
  EditLog log = { 0 };
  EditorHexViewport *vp = editor_map_canvas_get_viewport (f->canvas);
  GtkEventController *key = find_controller (GTK_WIDGET (f->canvas), GTK_TYPE_EVENT_CONTROLLER_KEY);
  double ax, ay, bx, by;
  gboolean handled = FALSE;

  g_signal_connect (f->canvas, "edit-begin", G_CALLBACK (edit_begin_cb), &log);
  editor_hex_viewport_set_zoom (vp, 0);
  editor_hex_viewport_set_center (vp, 300, 300);
  editor_hex_viewport_widget_to_map (vp, 100, 100, &ax, &ay);

  g_signal_emit_by_name (key, "key-pressed", GDK_KEY_space, 0, 0, &handled);
  g_assert_true (handled);
  drag (f, 100, 100, 30, -20);
  g_signal_emit_by_name (key, "key-released", GDK_KEY_space, 0, 0);

  /* The grabbed map point followed the pointer; no edit happened. */
  g_assert_cmpint (log.begins, ==, 0);
  editor_hex_viewport_widget_to_map (vp, 130, 80, &bx, &by);
  g_assert_cmpfloat_with_epsilon (bx, ax, 1e-9);
  g_assert_cmpfloat_with_epsilon (by, ay, 1e-9);

  /* Space is seen over the map wherever the keyboard focus is: the
   * window's capture-phase key controller takes it. */
  {
    g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (f->window);
    GtkEventController *root_keys = NULL;

    for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
      {
        g_autoptr (GtkEventController) c = g_list_model_get_item (controllers, i);

        if (g_strcmp0 (gtk_event_controller_get_name (c), "editor-map-canvas-space") == 0)
          root_keys = c;
      }
    g_assert_nonnull (root_keys);
    move_pointer (f, 100, 100);
    editor_hex_viewport_widget_to_map (vp, 100, 100, &ax, &ay);
    handled = FALSE;
    g_signal_emit_by_name (root_keys, "key-pressed", GDK_KEY_space, 0, 0, &handled);
    g_assert_true (handled);
    drag (f, 100, 100, -25, 15);
    g_signal_emit_by_name (root_keys, "key-released", GDK_KEY_space, 0, 0);
    g_assert_cmpint (log.begins, ==, 0);
    editor_hex_viewport_widget_to_map (vp, 75, 115, &bx, &by);
    g_assert_cmpfloat_with_epsilon (bx, ax, 1e-9);
    g_assert_cmpfloat_with_epsilon (by, ay, 1e-9);

    /* Off the map it is left alone. */
    g_signal_emit_by_name (find_controller (GTK_WIDGET (f->canvas),
                                            GTK_TYPE_EVENT_CONTROLLER_MOTION), "leave");
    handled = FALSE;
    g_signal_emit_by_name (root_keys, "key-pressed", GDK_KEY_space, 0, 0, &handled);
    g_assert_false (handled);
  }

  /* Arrow keys pan too. */
  bx = editor_hex_viewport_get_center_x (vp);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.pan", "(ii)", 1, 0));
  g_assert_cmpfloat (editor_hex_viewport_get_center_x (vp), >, bx);
}

typedef struct {
  int n;
  int hex, side_hex, side_dir;
} HoverLog;

static void
hover_cb (EditorMapCanvas *canvas,
          int              hex,
          int              side_hex,
          int              side_dir,
          HoverLog        *log)
{
  log->n++;
  log->hex = hex;
  log->side_hex = side_hex;
  log->side_dir = side_dir;
}

static void
test_hit_testing_agrees_with_engine (Fixture       *f,
                                     gconstpointer  data)
{
  SandMap *map = sand_scenario_get_map (f->scenario);
  const SandGrid *grid = sand_map_get_grid (map);
  double size = sand_map_get_hex_size (map);
  EditorHexViewport *vp = editor_map_canvas_get_viewport (f->canvas);
  HoverLog log = { 0 };

  editor_hex_viewport_set_zoom (vp, 0.5);
  g_signal_connect (f->canvas, "hover", G_CALLBACK (hover_cb), &log);

  for (int hex = 0; hex < sand_grid_n_hexes (grid); hex += 7)
    {
      SandPoint c = sand_grid_hex_center (grid, size, hex);
      double wx, wy;

      editor_map_canvas_show_hex (f->canvas, hex);
      editor_map_canvas_map_to_widget (f->canvas, c.x, c.y, &wx, &wy);
      g_assert_cmpint (editor_map_canvas_hex_at (f->canvas, wx, wy), ==, hex);

      /* Near the middle of each side, the canvas names the side the engine
       * names. */
      for (int d = 0; d < SAND_N_DIRS; d++)
        {
          SandPoint a = sand_grid_corner (grid, size, c, d);
          SandPoint b = sand_grid_corner (grid, size, c, (d + 1) % 6);
          double mx = c.x + 0.9 * ((a.x + b.x) / 2 - c.x);
          double my = c.y + 0.9 * ((a.y + b.y) / 2 - c.y);
          int ehex = -1, edir = -1, chex = -1, cdir = -1;
          gboolean eok, cok;

          eok = sand_grid_side_at_pixel (grid, size, mx, my, &ehex, &edir);
          editor_map_canvas_map_to_widget (f->canvas, mx, my, &wx, &wy);
          cok = editor_map_canvas_side_at (f->canvas, wx, wy, &chex, &cdir);
          g_assert_cmpint (cok, ==, eok);
          g_assert_cmpint (chex, ==, ehex);
          g_assert_cmpint (cdir, ==, edir);
          g_assert_cmpint (chex, ==, hex);
          g_assert_cmpint (cdir, ==, d);

          /* Hover reports the same. */
          move_pointer (f, wx, wy);
          g_assert_cmpint (log.hex, ==, hex);
          g_assert_cmpint (log.side_hex, ==, hex);
          g_assert_cmpint (log.side_dir, ==, d);
        }
    }

  /* Off the map: no hex. */
  editor_hex_viewport_set_center (vp, 0, 0);
  g_assert_cmpint (editor_map_canvas_hex_at (f->canvas, 5, 5), ==, SAND_HEX_NONE);
  move_pointer (f, 5, 5);
  g_assert_cmpint (log.hex, ==, SAND_HEX_NONE);
}

/* A unit moved in play draws again the live cells around the hex it left
 * and the hex it entered, told by editor_map_canvas_queue_draw_hexes ();
 * the others are reused, and the frame is the one drawn from scratch. A
 * counter list the canvas is not told of redraws every cell. */
static void
test_moved_counter_redraws_only_its_cells (Fixture       *f,
                                           gconstpointer  data)
{
  const SandGrid *grid = sand_map_get_grid (sand_scenario_get_map (f->scenario));
  SandRenderer *renderer = editor_map_canvas_get_renderer (f->canvas);
  int from = sand_grid_index (grid, 9, 9), to = sand_grid_index (grid, 10, 9);
  int told[] = { from, to };
  SandCounterDraw draws[2] = {
    { .counter = sand_scenario_get_counter (f->scenario, 0), .hex = from },
    { .counter = sand_scenario_get_counter (f->scenario, 1),
      .hex = sand_grid_index (grid, 13, 12) },
  };
  g_autoptr (GdkTexture) moved = NULL;
  g_autoptr (GdkTexture) fresh = NULL;
  g_autoptr (GdkTexture) untold = NULL;
  guint all, drawn, near;
  double reach;

  gtk_widget_set_size_request (GTK_WIDGET (f->canvas), BIG_WIDTH, BIG_HEIGHT);
  wait_for_size (GTK_WIDGET (f->canvas), BIG_WIDTH, BIG_HEIGHT);
  editor_hex_viewport_set_zoom (editor_map_canvas_get_viewport (f->canvas), 1.0);
  editor_map_canvas_show_hex (f->canvas, from);
  sand_renderer_set_counters (renderer, draws, G_N_ELEMENTS (draws));
  g_clear_object (&moved);
  moved = render_canvas (f->canvas);
  all = editor_map_canvas_get_n_cells_drawn (f->canvas);
  /* 1024 × 768 in cells of 128 pixels, and a part of one more each way. */
  g_assert_cmpuint (all, >=, 8 * 6);
  g_clear_object (&moved);
  moved = render_canvas (f->canvas);
  g_assert_cmpuint (editor_map_canvas_get_n_cells_drawn (f->canvas), ==, 0);

  draws[0].hex = to;
  sand_renderer_set_counters (renderer, draws, G_N_ELEMENTS (draws));
  editor_map_canvas_queue_draw_hexes (f->canvas, told, G_N_ELEMENTS (told));
  g_clear_object (&moved);
  moved = render_canvas (f->canvas);
  drawn = editor_map_canvas_get_n_cells_drawn (f->canvas);
  /* The cells within two hex sizes of either hex, at 2× (zoom 1). */
  reach = 2 * sand_map_get_hex_size (sand_scenario_get_map (f->scenario)) * 2.0;
  near = 2 * (guint) pow (ceil (2 * reach / 128) + 1, 2);
  g_test_message ("moved counter: %u cells of %u drawn again (at most %u)", drawn, all, near);
  g_assert_cmpuint (drawn, >, 0);
  g_assert_cmpuint (drawn, <=, near);
  g_assert_cmpuint (drawn, <, all / 2);

  /* Every cell drawn from scratch. */
  _editor_map_canvas_drop_live_cells (f->canvas);
  fresh = render_canvas (f->canvas);
  g_assert_cmpuint (editor_map_canvas_get_n_cells_drawn (f->canvas), ==, all);
  g_assert_cmpuint (count_differences (moved, fresh, 0), ==, 0);

  /* A list nobody told the canvas about: every cell, and the unit is back. */
  draws[0].hex = from;
  sand_renderer_set_counters (renderer, draws, G_N_ELEMENTS (draws));
  gtk_widget_queue_draw (GTK_WIDGET (f->canvas));
  untold = render_canvas (f->canvas);
  g_assert_cmpuint (editor_map_canvas_get_n_cells_drawn (f->canvas), ==, all);
  g_assert_cmpuint (count_differences (untold, fresh, 0), >, 0);
}

/* The playtest sets its overlay again after every action and hover: the
 * same overlay draws no cell again, a label more draws the cells around
 * its hex, and the frame is the one drawn from scratch. */
static void
test_overlay_set_again_redraws_what_differs (Fixture       *f,
                                             gconstpointer  data)
{
  const SandGrid *grid = sand_map_get_grid (sand_scenario_get_map (f->scenario));
  int n = sand_grid_n_hexes (grid);
  g_autofree guint32 *tint = g_new0 (guint32, n);
  g_autofree char **labels = g_new0 (char *, n);
  int path[] = { sand_grid_index (grid, 7, 7), sand_grid_index (grid, 8, 7),
                 sand_grid_index (grid, 9, 8) };
  SandOverlay overlay = { 0 };
  g_autoptr (GdkTexture) edited = NULL;
  g_autoptr (GdkTexture) fresh = NULL;
  double reach = 2 * sand_map_get_hex_size (sand_scenario_get_map (f->scenario)) * 2.0;
  guint all, drawn, near = (guint) pow (ceil (2 * reach / 128) + 1, 2);

  gtk_widget_set_size_request (GTK_WIDGET (f->canvas), BIG_WIDTH, BIG_HEIGHT);
  wait_for_size (GTK_WIDGET (f->canvas), BIG_WIDTH, BIG_HEIGHT);
  editor_hex_viewport_set_zoom (editor_map_canvas_get_viewport (f->canvas), 1.0);
  editor_map_canvas_show_hex (f->canvas, sand_grid_index (grid, 8, 8));
  for (int hex = 0; hex < n; hex += 3)
    tint[hex] = 0xff000060;
  labels[sand_grid_index (grid, 8, 8)] = (char *) "3";
  overlay.tint = tint;
  overlay.labels = (const char * const *) labels;
  overlay.path = path;
  overlay.n_path = G_N_ELEMENTS (path);
  editor_map_canvas_set_overlay (f->canvas, &overlay);
  g_clear_object (&edited);
  edited = render_canvas (f->canvas);
  all = editor_map_canvas_get_n_cells_drawn (f->canvas);
  g_assert_cmpuint (all, >=, 8 * 6);

  editor_map_canvas_set_overlay (f->canvas, &overlay);
  g_clear_object (&edited);
  edited = render_canvas (f->canvas);
  g_assert_cmpuint (editor_map_canvas_get_n_cells_drawn (f->canvas), ==, 0);

  labels[sand_grid_index (grid, 10, 9)] = (char *) "5";
  editor_map_canvas_set_overlay (f->canvas, &overlay);
  g_clear_object (&edited);
  edited = render_canvas (f->canvas);
  drawn = editor_map_canvas_get_n_cells_drawn (f->canvas);
  g_test_message ("a label more: %u cells of %u drawn again (at most %u)", drawn, all, near);
  g_assert_cmpuint (drawn, >, 0);
  g_assert_cmpuint (drawn, <=, near);

  _editor_map_canvas_drop_live_cells (f->canvas);
  fresh = render_canvas (f->canvas);
  g_assert_cmpuint (editor_map_canvas_get_n_cells_drawn (f->canvas), ==, all);
  g_assert_cmpuint (count_differences (edited, fresh, 0), ==, 0);
}

static void
test_overlay_and_preview_are_live (Fixture       *f,
                                   gconstpointer  data)
{
  const SandGrid *grid = sand_map_get_grid (sand_scenario_get_map (f->scenario));
  EditorTileCache *tiles = editor_map_canvas_get_tile_cache (f->canvas);
  int n = sand_grid_n_hexes (grid);
  g_autoptr (GdkTexture) plain = NULL;
  g_autoptr (GdkTexture) tinted = NULL;
  g_autoptr (GdkTexture) previewed = NULL;
  g_autoptr (GdkTexture) cleared = NULL;

  editor_hex_viewport_set_zoom (editor_map_canvas_get_viewport (f->canvas), 1.0);
  editor_map_canvas_show_hex (f->canvas, sand_grid_index (grid, 8, 8));
  plain = render_canvas (f->canvas);
  editor_tile_cache_reset_n_rendered (tiles);

  /* The canvas keeps its own copy: the caller's arrays go away at once. */
  {
    g_autofree guint32 *tint = g_new0 (guint32, n);
    g_autofree char **labels = g_new0 (char *, n);
    int outline[] = { sand_grid_index (grid, 8, 8), sand_grid_index (grid, 9, 8) };
    int path[] = { sand_grid_index (grid, 7, 7), sand_grid_index (grid, 8, 7),
                   sand_grid_index (grid, 9, 8) };
    SandOverlay overlay = { 0 };

    for (int hex = 0; hex < n; hex += 3)
      tint[hex] = 0xff000060;
    labels[sand_grid_index (grid, 8, 8)] = (char *) "3";
    overlay.tint = tint;
    overlay.labels = (const char * const *) labels;
    overlay.outline = outline;
    overlay.n_outline = G_N_ELEMENTS (outline);
    overlay.outline_color = 0x0000ffff;
    overlay.path = path;
    overlay.n_path = G_N_ELEMENTS (path);
    editor_map_canvas_set_overlay (f->canvas, &overlay);
    memset (tint, 0xff, sizeof (guint32) * n);
  }
  tinted = render_canvas (f->canvas);
  g_assert_cmpuint (count_differences (plain, tinted, 0), >, 0);

  {
    int hexes[] = { sand_grid_index (grid, 8, 8) };

    editor_map_canvas_set_preview (f->canvas, hexes, 1, hexes[0], 2);
  }
  previewed = render_canvas (f->canvas);
  g_assert_cmpuint (count_differences (tinted, previewed, 0), >, 0);

  /* None of it is in the tiles, and it all goes away. */
  g_assert_cmpuint (editor_tile_cache_get_n_rendered (tiles), ==, 0);
  editor_map_canvas_set_overlay (f->canvas, NULL);
  editor_map_canvas_set_preview (f->canvas, NULL, 0, -1, -1);
  cleared = render_canvas (f->canvas);
  g_assert_cmpuint (count_differences (plain, cleared, 0), ==, 0);
}

static void
test_largest_map_fits (Fixture       *f,
                       gconstpointer  data)
{
  SandRuleset *ruleset = sand_ruleset_lookup ("fpw1870", NULL);
  g_autoptr (SandMap) map = sand_map_new (ruleset, SAND_MAX_MAP_DIM, SAND_MAX_MAP_DIM,
                                          SAND_ORIENTATION_FLAT, SAND_STAGGER_EVEN);
  g_autoptr (SandScenario) scenario = sand_scenario_new (map);
  EditorHexViewport *vp = editor_map_canvas_get_viewport (f->canvas);
  EditorTileCache *tiles = editor_map_canvas_get_tile_cache (f->canvas);
  double x0, y0, x1, y1;

  editor_map_canvas_set_scenario (f->canvas, scenario);
  editor_map_canvas_zoom_fit (f->canvas);
  editor_hex_viewport_get_visible (vp, &x0, &y0, &x1, &y1);
  g_assert_cmpfloat (x0, <=, 0);
  g_assert_cmpfloat (y0, <=, 0);
  g_assert_cmpfloat (x1, >=, editor_hex_viewport_get_map_width (vp));
  g_assert_cmpfloat (y1, >=, editor_hex_viewport_get_map_height (vp));

  /* Seen whole, it is a handful of tiles. */
  editor_tile_cache_reset_n_rendered (tiles);
  gsk_render_node_unref (snapshot_canvas (f->canvas));
  g_assert_cmpuint (editor_tile_cache_get_n_rendered (tiles), >, 0);
  g_assert_cmpuint (editor_tile_cache_get_n_rendered (tiles), <=, 4);
  editor_map_canvas_set_scenario (f->canvas, NULL);
}

static void
write_diff (GdkTexture *actual,
            GdkTexture *expected,
            const char *path)
{
  int w = gdk_texture_get_width (actual), h = gdk_texture_get_height (actual);
  g_autofree guchar *a = g_malloc ((gsize) w * h * 4);
  g_autofree guchar *e = g_malloc ((gsize) w * h * 4);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  guchar *d = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);

  gdk_texture_download (actual, a, (gsize) w * 4);
  gdk_texture_download (expected, e, (gsize) w * 4);
  cairo_surface_flush (surface);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        guchar *pa = a + (y * w + x) * 4, *pe = e + (y * w + x) * 4;
        guint32 *pd = (guint32 *) (d + y * stride + x * 4);
        int diff = 0;

        for (int c = 0; c < 4; c++)
          diff = MAX (diff, ABS (pa[c] - pe[c]));
        /* Differences amplified four times in red over a grey original. */
        if (diff > 0)
          *pd = 0xff000000u | (guint32) MIN (255, 64 + 4 * diff) << 16;
        else
          *pd = 0xff000000u | (guint32) (pa[1] / 3) * 0x010101u;
      }
  cairo_surface_mark_dirty (surface);
  cairo_surface_write_to_png (surface, path);
  cairo_surface_destroy (surface);
}

static void
compare_reference (GdkTexture *actual,
                   const char *name)
{
  g_autofree char *file = g_strconcat (name, ".png", NULL);
  g_autofree char *ref = g_test_build_filename (G_TEST_DIST, "ui", "ref", file, NULL);
  g_autoptr (GdkTexture) expected = NULL;
  g_autoptr (GError) error = NULL;
  int w = gdk_texture_get_width (actual), h = gdk_texture_get_height (actual);
  g_autofree guchar *a = NULL, *e = NULL;

  if (g_strcmp0 (g_getenv ("SANDTABLE_UPDATE_REFS"), "1") == 0)
    {
      g_assert_true (gdk_texture_save_to_png (actual, ref));
      g_test_message ("updated %s", ref);
      return;
    }

  expected = gdk_texture_new_from_filename (ref, &error);
  if (expected == NULL)
    {
      g_autofree char *out = g_test_build_filename (G_TEST_BUILT, "ui", file, NULL);

      gdk_texture_save_to_png (actual, out);
      g_test_message ("no reference %s (%s); actual image in %s; "
                      "run with SANDTABLE_UPDATE_REFS=1 to create it",
                      ref, error->message, out);
      g_test_fail ();
      return;
    }
  g_assert_cmpint (gdk_texture_get_width (expected), ==, w);
  g_assert_cmpint (gdk_texture_get_height (expected), ==, h);

  a = g_malloc ((gsize) w * h * 4);
  e = g_malloc ((gsize) w * h * 4);
  gdk_texture_download (actual, a, (gsize) w * 4);
  gdk_texture_download (expected, e, (gsize) w * 4);
  if (memcmp (a, e, (gsize) w * h * 4) != 0)
    {
      g_autofree char *actual_name = g_strconcat (name, "-actual.png", NULL);
      g_autofree char *diff_name = g_strconcat (name, "-diff.png", NULL);
      g_autofree char *out = g_test_build_filename (G_TEST_BUILT, "ui", actual_name, NULL);
      g_autofree char *diff = g_test_build_filename (G_TEST_BUILT, "ui", diff_name, NULL);
      guint n = 0;

      for (gsize i = 0; i < (gsize) w * h; i++)
        if (memcmp (a + 4 * i, e + 4 * i, 4) != 0)
          n++;
      gdk_texture_save_to_png (actual, out);
      write_diff (actual, expected, diff);
      g_test_message ("%s: %u pixels differ; actual %s, diff %s", ref, n, out, diff);
      g_test_fail ();
    }
}

static void
test_reference_images (Fixture       *f,
                       gconstpointer  data)
{
  EditorHexViewport *vp = editor_map_canvas_get_viewport (f->canvas);
  const SandGrid *grid = sand_map_get_grid (sand_scenario_get_map (f->scenario));
  g_autoptr (GdkTexture) fit = NULL;
  g_autoptr (GdkTexture) again = NULL;
  g_autoptr (GdkTexture) close = NULL;

  editor_map_canvas_zoom_fit (f->canvas);
  fit = render_canvas (f->canvas);
  compare_reference (fit, "canvas-fit");

  /* The same view from a warm cache draws the same pixels. */
  again = render_canvas (f->canvas);
  g_assert_cmpuint (count_differences (fit, again, 0), ==, 0);

  editor_hex_viewport_set_zoom (vp, 1.0);
  editor_map_canvas_show_hex (f->canvas, sand_grid_index (grid, 5, 4));
  close = render_canvas (f->canvas);
  compare_reference (close, "canvas-zoom2x");
}

int
main (int argc, char **argv)
{
  /* Pixels for reference images come from the cairo renderer only. */
  g_setenv ("GSK_RENDERER", "cairo", TRUE);
  gtk_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/canvas/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("ctrl-scroll-zooms-at-pointer", test_ctrl_scroll_zooms_at_pointer);
  ADD ("zoom-keys-anchor-at-pointer", test_zoom_keys_anchor_at_pointer);
  ADD ("touchpad-pan-glides", test_touchpad_pan_glides);
  ADD ("primary-drag-edits", test_primary_drag_edits);
  ADD ("space-drag-pans", test_space_drag_pans);
  ADD ("hit-testing-agrees-with-engine", test_hit_testing_agrees_with_engine);
  ADD ("moved-counter-redraws-only-its-cells", test_moved_counter_redraws_only_its_cells);
  ADD ("overlay-and-preview-are-live", test_overlay_and_preview_are_live);
  ADD ("overlay-set-again-redraws-what-differs", test_overlay_set_again_redraws_what_differs);
  ADD ("largest-map-fits", test_largest_map_fits);
  ADD ("reference-images", test_reference_images);
#undef ADD
  return g_test_run ();
}
