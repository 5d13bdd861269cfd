/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The map canvas: its viewport arithmetic, zoom at the pointer through the
 * real scroll controller, pans and edits through the real drag gesture,
 * tile invalidation by region, hit testing against the engine, and
 * reference images pixel for pixel (GSK cairo renderer).
 *
 * SANDTABLE_UPDATE_REFS=1 rewrites the PNGs in tests/ui/ref instead of
 * comparing. */
#include "config.h"

#include <math.h>
#include <gtk/gtk.h>

#include "editor-hex-viewport.h"
#include "editor-map-canvas.h"
#include "editor-map-canvas-private.h"
#include "editor-tile-cache.h"
#include "ui-test-controller.h"

#define WIDTH  400
#define HEIGHT 300
/* For tests that need many tiles in view. */
#define BIG_WIDTH  1024
#define BIG_HEIGHT 768

/* ------------------------------------------------------------------ */
/* Fixtures */

/* Three counters set up on the map, drawn live over the tiles. */
static SandScenario *
add_counters (SandScenario *scenario)
{
  SandRuleset *ruleset = sand_scenario_get_ruleset (scenario);
  const SandGrid *grid = sand_map_get_grid (sand_scenario_get_map (scenario));
  SandOob *oob = sand_oob_new ("test", 0);
  const int where[][2] = { { 5, 4 }, { 6, 6 }, { 2, 7 } };

  sand_scenario_add_oob (scenario, oob);
  for (guint i = 0; i < G_N_ELEMENTS (where); i++)
    {
      SandCounter *c = sand_counter_new ();
      int hex = sand_grid_index (grid, where[i][0], where[i][1]);

      if (hex == SAND_HEX_NONE)
        {
          sand_counter_free (c);
          continue;
        }
      c->id = g_strdup_printf ("c%u", i);
      c->side = (int) (i % 2);
      c->type = MAX (sand_ruleset_find_unit_type (ruleset, "combat"), 0);
      c->name = g_strdup_printf ("%u AK", i + 1);
      c->strength = 6;
      c->ma = 4;
      g_ptr_array_add (oob->placements, sand_placement_new (c->id, hex, NULL));
      sand_scenario_add_counter (scenario, c);
    }
  return scenario;
}

static SandScenario *make_scenario_with (int             cols,
                                         int             rows,
                                         SandOrientation orientation,
                                         SandStagger     stagger);

static SandScenario *
make_scenario (int cols,
               int rows)
{
  return make_scenario_with (cols, rows, SAND_ORIENTATION_FLAT, SAND_STAGGER_EVEN);
}

static SandScenario *
make_scenario_with (int             cols,
                    int             rows,
                    SandOrientation orientation,
                    SandStagger     stagger)
{
  g_autoptr (GError) error = NULL;
  SandRuleset *ruleset = sand_ruleset_lookup ("fpw1870", &error);
  g_autoptr (SandMap) map = NULL;
  const SandGrid *grid;
  int rough, river, road;
  int path[6];
  guint n_path = 0;

  g_assert_no_error (error);
  map = sand_map_new (ruleset, cols, rows, orientation, stagger);
  grid = sand_map_get_grid (map);
  rough = sand_ruleset_find_terrain (ruleset, "rough");
  river = sand_ruleset_find_side_feature (ruleset, "river");
  road = sand_ruleset_find_side_feature (ruleset, "road");
  g_assert_cmpint (rough, >=, 0);

  sand_map_freeze_changes (map);
  for (int hex = 0; hex < sand_grid_n_hexes (grid); hex++)
    {
      int col = sand_grid_col (grid, hex), row = sand_grid_row (grid, hex);

      if ((col + 2 * row) % 7 == 0 || (col > 3 && col < 7 && row > 8 && row < 12))
        sand_map_set_terrain (map, hex, (guint8) rough);
      if (col == 8 && river >= 0)
        sand_map_set_side (map, hex, 1, 1u << river);
    }
  for (int col = 1; col < MIN (cols, 7); col++)
    path[n_path++] = sand_grid_index (grid, col, 3);
  if (road >= 0)
    g_assert_true (sand_map_connect_path (map, road, path, n_path, TRUE, NULL));
  sand_map_set_place (map, sand_grid_index (grid, 4, 4), "Metz");
  sand_map_thaw_changes (map);

  return add_counters (sand_scenario_new (map));
}

typedef struct {
  GtkWidget *window;
  EditorMapCanvas *canvas;
  SandScenario *scenario;
} Fixture;

static void
wait_for_size (GtkWidget *widget,
               int        width,
               int        height)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while ((gtk_widget_get_width (widget) != width || gtk_widget_get_height (widget) != height
          || !gtk_widget_get_mapped (widget))
         && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (gtk_widget_get_width (widget), ==, width);
  g_assert_cmpint (gtk_widget_get_height (widget), ==, height);
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  f->window = gtk_window_new ();
  gtk_window_set_decorated (GTK_WINDOW (f->window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (f->window), WIDTH, HEIGHT);
  gtk_window_set_resizable (GTK_WINDOW (f->window), FALSE);
  f->canvas = EDITOR_MAP_CANVAS (editor_map_canvas_new ());
  gtk_widget_set_size_request (GTK_WIDGET (f->canvas), WIDTH, HEIGHT);
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->canvas));
  f->scenario = make_scenario (20, 20);
  editor_map_canvas_set_scenario (f->canvas, f->scenario);
  editor_map_canvas_set_sync_rendering (f->canvas, TRUE);
  gtk_window_present (GTK_WINDOW (f->window));
  wait_for_size (GTK_WIDGET (f->canvas), WIDTH, HEIGHT);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_object (&f->scenario);
}

/* The widget's own snapshot, as the frame clock would take it. */
static GskRenderNode *
snapshot_canvas (EditorMapCanvas *canvas)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();

  GTK_WIDGET_GET_CLASS (canvas)->snapshot (GTK_WIDGET (canvas), snapshot);
  return gtk_snapshot_free_to_node (snapshot);
}

static GdkTexture *
render_canvas (EditorMapCanvas *canvas)
{
  g_autoptr (GskRenderNode) node = snapshot_canvas (canvas);
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (GTK_WIDGET (canvas)));
  graphene_rect_t viewport = GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (GTK_WIDGET (canvas)),
                                                 gtk_widget_get_height (GTK_WIDGET (canvas)));

  g_assert_true (GSK_IS_CAIRO_RENDERER (renderer));
  return gsk_renderer_render_texture (renderer, node, &viewport);
}

/* ------------------------------------------------------------------ */
/* Viewport */

static void
test_viewport_round_trip (void)
{
  g_autoptr (EditorHexViewport) vp = editor_hex_viewport_new ();
  const double points[][2] = { { 0, 0 }, { 123.25, 77.5 }, { 399, 299 }, { -40, 512 } };
  const double zooms[] = { -3.0, -0.75, 0.0, 0.3, 2.5 };

  editor_hex_viewport_set_size (vp, WIDTH, HEIGHT);
  editor_hex_viewport_set_center (vp, 500, 250);

  for (guint z = 0; z < G_N_ELEMENTS (zooms); z++)
    {
      editor_hex_viewport_set_zoom (vp, zooms[z]);
      g_assert_cmpfloat_with_epsilon (editor_hex_viewport_get_scale (vp), exp2 (zooms[z]), 1e-12);
      for (guint i = 0; i < G_N_ELEMENTS (points); i++)
        {
          double mx, my, wx, wy;

          editor_hex_viewport_widget_to_map (vp, points[i][0], points[i][1], &mx, &my);
          editor_hex_viewport_map_to_widget (vp, mx, my, &wx, &wy);
          g_assert_cmpfloat_with_epsilon (wx, points[i][0], 1e-9);
          g_assert_cmpfloat_with_epsilon (wy, points[i][1], 1e-9);
        }
      /* The middle of the widget is the centre. */
      {
        double mx, my;

        editor_hex_viewport_widget_to_map (vp, WIDTH / 2.0, HEIGHT / 2.0, &mx, &my);
        g_assert_cmpfloat_with_epsilon (mx, 500, 1e-9);
        g_assert_cmpfloat_with_epsilon (my, 250, 1e-9);
      }
    }
}

static void
test_viewport_zoom_at_keeps_anchor (void)
{
  g_autoptr (EditorHexViewport) vp = editor_hex_viewport_new ();
  const double anchors[][2] = { { 10, 20 }, { 200, 150 }, { 390, 5 } };

  editor_hex_viewport_set_size (vp, WIDTH, HEIGHT);
  editor_hex_viewport_set_center (vp, 300, 200);

  for (guint i = 0; i < G_N_ELEMENTS (anchors); i++)
    for (double zoom = -2; zoom <= 2; zoom += 0.625)
      {
        double before_x, before_y, after_x, after_y;

        editor_hex_viewport_widget_to_map (vp, anchors[i][0], anchors[i][1], &before_x, &before_y);
        editor_hex_viewport_zoom_at (vp, zoom, anchors[i][0], anchors[i][1]);
        g_assert_cmpfloat_with_epsilon (editor_hex_viewport_get_zoom (vp), zoom, 1e-12);
        editor_hex_viewport_widget_to_map (vp, anchors[i][0], anchors[i][1], &after_x, &after_y);
        g_assert_cmpfloat_with_epsilon (after_x, before_x, 1e-9);
        g_assert_cmpfloat_with_epsilon (after_y, before_y, 1e-9);
      }
}

static void
test_viewport_clamps (void)
{
  g_autoptr (EditorHexViewport) vp = editor_hex_viewport_new ();
  double x0, y0, x1, y1;

  editor_hex_viewport_set_size (vp, WIDTH, HEIGHT);
  editor_hex_viewport_set_zoom_range (vp, -2, 2);
  editor_hex_viewport_set_zoom (vp, 5);
  g_assert_cmpfloat (editor_hex_viewport_get_zoom (vp), ==, 2);
  editor_hex_viewport_set_zoom (vp, -5);
  g_assert_cmpfloat (editor_hex_viewport_get_zoom (vp), ==, -2);

  /* The centre stays on the map. */
  editor_hex_viewport_set_map_size (vp, 1000, 800);
  editor_hex_viewport_set_center (vp, -50, 900);
  g_assert_cmpfloat (editor_hex_viewport_get_center_x (vp), ==, 0);
  g_assert_cmpfloat (editor_hex_viewport_get_center_y (vp), ==, 800);

  /* Fitting shows the whole map, on a zoom quantum. */
  editor_hex_viewport_fit (vp, 10);
  editor_hex_viewport_get_visible (vp, &x0, &y0, &x1, &y1);
  g_assert_cmpfloat (x0, <=, 0);
  g_assert_cmpfloat (y0, <=, 0);
  g_assert_cmpfloat (x1, >=, 1000);
  g_assert_cmpfloat (y1, >=, 800);
  g_assert_cmpfloat_with_epsilon (fmod (editor_hex_viewport_get_zoom (vp) / EDITOR_ZOOM_QUANTUM,
                                        1.0), 0.0, 1e-9);
}

/* ------------------------------------------------------------------ */
/* Input through the real controllers */

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

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 int        *count)
{
  (*count)++;
}

static void
test_layer_toggles_redraw_tiles (Fixture       *f,
                                 gconstpointer  data)
{
  EditorTileCache *tiles = editor_map_canvas_get_tile_cache (f->canvas);
  int notified = 0;
  gboolean shown;

  gsk_render_node_unref (snapshot_canvas (f->canvas));
  g_assert_cmpuint (editor_tile_cache_get_n_tiles (tiles), >, 0);
  g_signal_connect (f->canvas, "notify::show-ids", G_CALLBACK (count_notify_cb), &notified);

  /* Ids live in the tiles: hiding them drops the cache. */
  g_object_set (f->canvas, "show-ids", FALSE, NULL);
  g_assert_cmpint (notified, ==, 1);
  g_assert_cmpuint (editor_map_canvas_get_layers (f->canvas) & SAND_LAYER_IDS, ==, 0);
  g_assert_cmpuint (editor_tile_cache_get_n_tiles (tiles), ==, 0);
  gsk_render_node_unref (snapshot_canvas (f->canvas));
  g_assert_cmpuint (editor_tile_cache_get_n_tiles (tiles), >, 0);

  /* Counters are drawn live: toggling them keeps the tiles. */
  editor_tile_cache_reset_n_rendered (tiles);
  g_object_set (f->canvas, "show-counters", FALSE, NULL);
  gsk_render_node_unref (snapshot_canvas (f->canvas));
  g_assert_cmpuint (editor_tile_cache_get_n_rendered (tiles), ==, 0);
  g_object_get (f->canvas, "show-counters", &shown, NULL);
  g_assert_false (shown);

  /* Setting the same layers again notifies nothing. */
  editor_map_canvas_set_layers (f->canvas, editor_map_canvas_get_layers (f->canvas));
  g_assert_cmpint (notified, ==, 1);
}

/* On every layout, what a change of one hex invalidates covers that hex
 * and its neighbours whole (their shared borders are drawn by both), and
 * the canvas finds every hex and side where the engine does. */
static void
test_every_layout (Fixture       *f,
                   gconstpointer  data)
{
  const SandOrientation orientations[] = { SAND_ORIENTATION_FLAT, SAND_ORIENTATION_POINTY };
  const SandStagger staggers[] = { SAND_STAGGER_EVEN, SAND_STAGGER_ODD };

  for (guint o = 0; o < 2; o++)
    for (guint st = 0; st < 2; st++)
      {
        g_autoptr (SandScenario) scenario = make_scenario_with (9, 7, orientations[o],
                                                                staggers[st]);
        SandMap *map = sand_scenario_get_map (scenario);
        const SandGrid *grid = sand_map_get_grid (map);
        double size = sand_map_get_hex_size (map);

        editor_map_canvas_set_scenario (f->canvas, scenario);
        editor_hex_viewport_set_zoom (editor_map_canvas_get_viewport (f->canvas), 0.5);
        for (int hex = 0; hex < sand_grid_n_hexes (grid); hex++)
          {
            int col = sand_grid_col (grid, hex), row = sand_grid_row (grid, hex);
            double x0, y0, x1, y1, wx, wy;
            SandPoint c;

            editor_map_canvas_change_rect (f->canvas, col, row, col, row, &x0, &y0, &x1, &y1);
            for (int d = -1; d < SAND_N_DIRS; d++)
              {
                int other = d < 0 ? hex : sand_grid_neighbour (grid, hex, d);

                if (other == SAND_HEX_NONE)
                  continue;
                c = sand_grid_hex_center (grid, size, other);
                for (int k = 0; k < 6; k++)
                  {
                    SandPoint p = sand_grid_corner (grid, size, c, k);

                    g_assert_cmpfloat (p.x, >=, x0);
                    g_assert_cmpfloat (p.x, <=, x1);
                    g_assert_cmpfloat (p.y, >=, y0);
                    g_assert_cmpfloat (p.y, <=, y1);
                  }
              }

            c = sand_grid_hex_center (grid, size, hex);
            editor_map_canvas_show_hex (f->canvas, hex);
            editor_map_canvas_map_to_widget (f->canvas, c.x, c.y, &wx, &wy);
            g_assert_cmpint (editor_map_canvas_hex_at (f->canvas, wx, wy), ==, hex);
          }
        editor_map_canvas_set_scenario (f->canvas, NULL);
      }
}

/* ------------------------------------------------------------------ */
/* Tiles */

/* How many tiles of the current zoom the change of one hex may touch. */
static guint
tiles_over_change (Fixture *f,
                   int      hex)
{
  const SandGrid *grid = sand_map_get_grid (sand_scenario_get_map (f->scenario));
  EditorTileView view;
  double x0, y0, x1, y1, sd;
  int col = sand_grid_col (grid, hex), row = sand_grid_row (grid, hex);

  editor_map_canvas_get_tile_view (f->canvas, &view);
  editor_map_canvas_change_rect (f->canvas, col, row, col, row, &x0, &y0, &x1, &y1);
  sd = exp2 (editor_tile_cache_bucket_for_scale (view.scale) * EDITOR_ZOOM_QUANTUM);
  /* The margin is about a hex: a handful of tiles, not the view. */
  g_assert_cmpfloat (x1 - x0, <, 12 * sand_map_get_hex_size (sand_scenario_get_map (f->scenario)));
  return (guint) ((floor (x1 * sd / EDITOR_TILE_SIZE) - floor (x0 * sd / EDITOR_TILE_SIZE) + 1)
                  * (floor (y1 * sd / EDITOR_TILE_SIZE) - floor (y0 * sd / EDITOR_TILE_SIZE) + 1));
}

static void
test_map_change_invalidates_only_touched_tiles (Fixture       *f,
                                                gconstpointer  data)
{
  SandMap *map = sand_scenario_get_map (f->scenario);
  const SandGrid *grid = sand_map_get_grid (map);
  EditorTileCache *tiles = editor_map_canvas_get_tile_cache (f->canvas);
  EditorHexViewport *vp = editor_map_canvas_get_viewport (f->canvas);
  SandRuleset *ruleset = sand_map_get_ruleset (map);
  guint8 clear = (guint8) sand_ruleset_find_terrain (ruleset, "clear");
  guint8 rough = (guint8) sand_ruleset_find_terrain (ruleset, "rough");
  int hex = sand_grid_index (grid, 10, 10);
  GskRenderNode *node;
  guint visible, touched;

  /* Large enough that the view holds many tiles. */
  editor_hex_viewport_set_zoom (vp, 1.0);
  editor_map_canvas_show_hex (f->canvas, hex);
  node = snapshot_canvas (f->canvas);
  gsk_render_node_unref (node);
  visible = editor_tile_cache_get_n_rendered (tiles);
  g_assert_cmpuint (visible, >=, 4);

  /* A warm frame renders nothing. */
  editor_tile_cache_reset_n_rendered (tiles);
  gsk_render_node_unref (snapshot_canvas (f->canvas));
  g_assert_cmpuint (editor_tile_cache_get_n_rendered (tiles), ==, 0);

  /* One hex: only the tiles around it, rendered by the next frame. */
  sand_map_set_terrain (map, hex, sand_map_get_terrain (map, hex) == rough ? clear : rough);
  touched = editor_map_canvas_get_last_invalidated (f->canvas);
  g_assert_cmpuint (touched, >=, 1);
  g_assert_cmpuint (touched, <=, tiles_over_change (f, hex));
  g_assert_cmpuint (touched, <, visible);
  gsk_render_node_unref (snapshot_canvas (f->canvas));
  g_assert_cmpuint (editor_tile_cache_get_n_rendered (tiles), ==, touched);

  /* A burst of changes in one place before a frame renders each tile once. */
  editor_tile_cache_reset_n_rendered (tiles);
  for (int i = 0; i < 10; i++)
    sand_map_set_terrain (map, hex, i % 2 ? rough : clear);
  gsk_render_node_unref (snapshot_canvas (f->canvas));
  g_assert_cmpuint (editor_tile_cache_get_n_rendered (tiles), <=, touched);

  /* A change far away from the view renders nothing now. */
  editor_tile_cache_reset_n_rendered (tiles);
  sand_map_set_terrain (map, sand_grid_index (grid, 0, 19), rough);
  gsk_render_node_unref (snapshot_canvas (f->canvas));
  g_assert_cmpuint (editor_tile_cache_get_n_rendered (tiles), ==, 0);
}

static guint count_differences (GdkTexture *a,
                                GdkTexture *b,
                                int         tolerance);

/* The tiles of the current zoom that are in view (and so cached after a
 * synchronous frame) and meet the map-unit rectangle, added to @set. */
static void
add_tiles_over (Fixture    *f,
                GHashTable *set,
                double      x0,
                double      y0,
                double      x1,
                double      y1)
{
  EditorTileView view;
  double sd;
  int vx0, vy0, vx1, vy1;

  editor_map_canvas_get_tile_view (f->canvas, &view);
  sd = exp2 (editor_tile_cache_bucket_for_scale (view.scale) * EDITOR_ZOOM_QUANTUM);
  g_assert_cmpfloat (sd, ==, view.scale); /* at rest */
  vx0 = MAX ((int) floor (-view.origin_x / EDITOR_TILE_SIZE), 0);
  vy0 = MAX ((int) floor (-view.origin_y / EDITOR_TILE_SIZE), 0);
  vx1 = MIN ((int) floor ((view.width - 1 - view.origin_x) / EDITOR_TILE_SIZE),
             (int) ceil (view.map_width * sd / EDITOR_TILE_SIZE) - 1);
  vy1 = MIN ((int) floor ((view.height - 1 - view.origin_y) / EDITOR_TILE_SIZE),
             (int) ceil (view.map_height * sd / EDITOR_TILE_SIZE) - 1);
  for (int ty = MAX ((int) floor (y0 * sd / EDITOR_TILE_SIZE), vy0);
       ty <= MIN ((int) floor (y1 * sd / EDITOR_TILE_SIZE), vy1); ty++)
    for (int tx = MAX ((int) floor (x0 * sd / EDITOR_TILE_SIZE), vx0);
         tx <= MIN ((int) floor (x1 * sd / EDITOR_TILE_SIZE), vx1); tx++)
      g_hash_table_add (set, GINT_TO_POINTER (ty * 10000 + tx));
}

/* The tiles in view that a change of these hexes may touch (their
 * neighbours and the place names around included). */
static guint
tiles_over_hexes (Fixture   *f,
                  const int *hexes,
                  guint      n)
{
  const SandGrid *grid = sand_map_get_grid (sand_scenario_get_map (f->scenario));
  g_autoptr (GHashTable) set = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < n; i++)
    {
      int col = sand_grid_col (grid, hexes[i]), row = sand_grid_row (grid, hexes[i]);
      double x0, y0, x1, y1;

      editor_map_canvas_change_rect (f->canvas, col, row, col, row, &x0, &y0, &x1, &y1);
      add_tiles_over (f, set, x0, y0, x1, y1);
    }
  return g_hash_table_size (set);
}

/* The tiles in view under the hexes' centres: those a change of them must
 * repaint. */
static guint
tiles_under_hexes (Fixture   *f,
                   const int *hexes,
                   guint      n)
{
  SandMap *map = sand_scenario_get_map (f->scenario);
  g_autoptr (GHashTable) set = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < n; i++)
    {
      SandPoint c = sand_grid_hex_center (sand_map_get_grid (map), sand_map_get_hex_size (map),
                                          hexes[i]);

      add_tiles_over (f, set, c.x, c.y, c.x, c.y);
    }
  return g_hash_table_size (set);
}

/* A cell told to redraw (a unit moved in the playtest) renders again the
 * tiles that contain it, and no other. */
static void
test_queue_draw_hexes_renders_only_their_tiles (Fixture       *f,
                                                gconstpointer  data)
{
  const SandGrid *grid = sand_map_get_grid (sand_scenario_get_map (f->scenario));
  EditorTileCache *tiles = editor_map_canvas_get_tile_cache (f->canvas);
  int hex = sand_grid_index (grid, 10, 10);
  int far[] = { sand_grid_index (grid, 0, 19), -1, 99999 };
  guint visible, touched;

  gtk_widget_set_size_request (GTK_WIDGET (f->canvas), BIG_WIDTH, BIG_HEIGHT);
  wait_for_size (GTK_WIDGET (f->canvas), BIG_WIDTH, BIG_HEIGHT);
  editor_hex_viewport_set_zoom (editor_map_canvas_get_viewport (f->canvas), 1.0);
  editor_map_canvas_show_hex (f->canvas, hex);
  editor_tile_cache_reset_n_rendered (tiles);
  gsk_render_node_unref (snapshot_canvas (f->canvas));
  visible = editor_tile_cache_get_n_rendered (tiles);
  g_assert_cmpuint (visible, >=, 12);

  editor_tile_cache_reset_n_rendered (tiles);
  editor_map_canvas_queue_draw_hexes (f->canvas, &hex, 1);
  touched = editor_map_canvas_get_last_invalidated (f->canvas);
  g_assert_cmpuint (touched, >=, tiles_under_hexes (f, &hex, 1));
  g_assert_cmpuint (touched, <=, tiles_over_hexes (f, &hex, 1));
  g_assert_cmpuint (touched, <, visible);
  /* Nothing is drawn before the frame, and the frame draws just those. */
  g_assert_cmpuint (editor_tile_cache_get_n_rendered (tiles), ==, 0);
  gsk_render_node_unref (snapshot_canvas (f->canvas));
  g_assert_cmpuint (editor_tile_cache_get_n_rendered (tiles), ==, touched);

  /* Hexes out of view, or off the map, cost no tile. */
  editor_tile_cache_reset_n_rendered (tiles);
  editor_map_canvas_queue_draw_hexes (f->canvas, far, G_N_ELEMENTS (far));
  g_assert_cmpuint (editor_map_canvas_get_last_invalidated (f->canvas), ==, 0);
  gsk_render_node_unref (snapshot_canvas (f->canvas));
  g_assert_cmpuint (editor_tile_cache_get_n_rendered (tiles), ==, 0);
}

/* A diagonal brush stroke is one batch of the map, whose box is the whole
 * view: only the tiles along the stroke are drawn again, and they look
 * like tiles drawn from scratch. */
static void
test_stroke_renders_only_its_tiles (Fixture       *f,
                                    gconstpointer  data)
{
  g_autoptr (SandScenario) big = make_scenario (40, 40);
  SandMap *map = sand_scenario_get_map (big);
  const SandGrid *grid = sand_map_get_grid (map);
  SandRuleset *ruleset = sand_map_get_ruleset (map);
  guint8 clear = (guint8) sand_ruleset_find_terrain (ruleset, "clear");
  EditorTileCache *tiles = editor_map_canvas_get_tile_cache (f->canvas);
  g_autoptr (GArray) line = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GdkTexture) edited = NULL;
  g_autoptr (GdkTexture) fresh = NULL;
  guint visible, touched, box;
  double x0, y0, x1, y1;
  int a, b;

  /* A view of many tiles, so that the stroke's box and the stroke differ. */
  g_object_unref (f->scenario);
  f->scenario = g_steal_pointer (&big);
  editor_map_canvas_set_scenario (f->canvas, f->scenario);
  gtk_widget_set_size_request (GTK_WIDGET (f->canvas), BIG_WIDTH, BIG_HEIGHT);
  wait_for_size (GTK_WIDGET (f->canvas), BIG_WIDTH, BIG_HEIGHT);
  editor_hex_viewport_set_zoom (editor_map_canvas_get_viewport (f->canvas), 0.0);
  editor_map_canvas_show_hex (f->canvas, sand_grid_index (grid, 20, 20));
  editor_tile_cache_reset_n_rendered (tiles);
  gsk_render_node_unref (snapshot_canvas (f->canvas));
  visible = editor_tile_cache_get_n_rendered (tiles);

  /* From near one corner of the view to near the other. */
  a = editor_map_canvas_hex_at (f->canvas, 20, 20);
  b = editor_map_canvas_hex_at (f->canvas, BIG_WIDTH - 20, BIG_HEIGHT - 20);
  g_assert_cmpint (a, >=, 0);
  g_assert_cmpint (b, >=, 0);
  sand_grid_line (grid, a, b, line);
  editor_map_canvas_change_rect (f->canvas,
                                 sand_grid_col (grid, a), sand_grid_row (grid, a),
                                 sand_grid_col (grid, b), sand_grid_row (grid, b),
                                 &x0, &y0, &x1, &y1);
  {
    g_autoptr (GHashTable) set = g_hash_table_new (NULL, NULL);

    add_tiles_over (f, set, x0, y0, x1, y1);
    box = g_hash_table_size (set);
  }

  editor_tile_cache_reset_n_rendered (tiles);
  sand_map_freeze_changes (map);
  for (guint i = 0; i < line->len; i++)
    sand_map_set_terrain (map, g_array_index (line, int, i),
                          sand_map_get_terrain (map, g_array_index (line, int, i)) == clear
                          ? (guint8) sand_ruleset_find_terrain (ruleset, "rough") : clear);
  sand_map_thaw_changes (map);
  touched = editor_map_canvas_get_last_invalidated (f->canvas);
  g_test_message ("stroke of %u hexes: %u tiles of %u in view (box: %u)",
                  line->len, touched, visible, box);
  g_assert_cmpuint (touched, >=, tiles_under_hexes (f, (int *) (gpointer) line->data, line->len));
  g_assert_cmpuint (touched, <=, tiles_over_hexes (f, (int *) (gpointer) line->data, line->len));
  g_assert_cmpuint (touched, <, box);
  edited = render_canvas (f->canvas);
  g_assert_cmpuint (editor_tile_cache_get_n_rendered (tiles), ==, touched);

  editor_tile_cache_clear (tiles);
  fresh = render_canvas (f->canvas);
  g_assert_cmpuint (count_differences (edited, fresh, 2), ==, 0);
}

static void
test_tiles_render_only_visible (Fixture       *f,
                                gconstpointer  data)
{
  g_autoptr (SandScenario) big = make_scenario (300, 300);
  EditorTileCache *tiles = editor_map_canvas_get_tile_cache (f->canvas);
  EditorHexViewport *vp = editor_map_canvas_get_viewport (f->canvas);
  guint per_tile = EDITOR_TILE_SIZE;
  /* A view not aligned on tiles overlaps one more column and row. */
  guint max_visible = ((WIDTH + per_tile - 1) / per_tile + 1)
                      * ((HEIGHT + per_tile - 1) / per_tile + 1);

  editor_map_canvas_set_scenario (f->canvas, big);
  editor_hex_viewport_set_zoom (vp, 0);
  editor_map_canvas_show_hex (f->canvas, 150 * 300 + 150);
  editor_tile_cache_reset_n_rendered (tiles);
  gsk_render_node_unref (snapshot_canvas (f->canvas));
  g_assert_cmpuint (editor_tile_cache_get_n_rendered (tiles), >, 0);
  g_assert_cmpuint (editor_tile_cache_get_n_rendered (tiles), <=, max_visible);
  editor_map_canvas_set_scenario (f->canvas, NULL);
}

/* Pixels where some channel differs by more than @tolerance. */
static guint
count_differences (GdkTexture *a,
                   GdkTexture *b,
                   int         tolerance)
{
  int w = gdk_texture_get_width (a), h = gdk_texture_get_height (a);
  g_autofree guchar *pa = g_malloc ((gsize) w * h * 4);
  g_autofree guchar *pb = g_malloc ((gsize) w * h * 4);
  guint n = 0;

  g_assert_cmpint (gdk_texture_get_width (b), ==, w);
  g_assert_cmpint (gdk_texture_get_height (b), ==, h);
  gdk_texture_download (a, pa, (gsize) w * 4);
  gdk_texture_download (b, pb, (gsize) w * 4);
  for (gsize i = 0; i < (gsize) w * h; i++)
    for (int c = 0; c < 4; c++)
      if (ABS (pa[4 * i + c] - pb[4 * i + c]) > tolerance)
        {
          n++;
          break;
        }
  return n;
}

static void
test_edited_tiles_match_fresh_ones (Fixture       *f,
                                    gconstpointer  data)
{
  SandMap *map = sand_scenario_get_map (f->scenario);
  const SandGrid *grid = sand_map_get_grid (map);
  SandRuleset *ruleset = sand_map_get_ruleset (map);
  int river = sand_ruleset_find_side_feature (ruleset, "river");
  guint8 rough = (guint8) sand_ruleset_find_terrain (ruleset, "rough");
  g_autoptr (GdkTexture) edited = NULL;
  g_autoptr (GdkTexture) fresh = NULL;

  editor_hex_viewport_set_zoom (editor_map_canvas_get_viewport (f->canvas), 1.0);
  editor_map_canvas_show_hex (f->canvas, sand_grid_index (grid, 5, 5));
  /* Warm tiles first. */
  edited = render_canvas (f->canvas);
  g_clear_object (&edited);

  /* Edits that straddle tile boundaries, redrawn in part... */
  sand_map_set_terrain (map, sand_grid_index (grid, 5, 5), rough);
  sand_map_set_terrain (map, sand_grid_index (grid, 6, 4), rough);
  sand_map_set_side (map, sand_grid_index (grid, 4, 5), 2, 1u << river);
  sand_map_set_place (map, sand_grid_index (grid, 5, 6), "Gravelottesaintprivatlamontagne");
  edited = render_canvas (f->canvas);

  editor_tile_cache_clear (editor_map_canvas_get_tile_cache (f->canvas));
  fresh = render_canvas (f->canvas);
  /* ...look like the tiles drawn from scratch: the same pixels, but for
   * antialiased edges a level or two apart where the renderer's drawing
   * of a larger rectangle overlaps them in another order. */
  g_assert_cmpuint (count_differences (edited, fresh, 2), ==, 0);

  /* A name taken away is repainted as far as it reached; terrain under a
   * name that stays is repainted under it. */
  g_clear_object (&edited);
  g_clear_object (&fresh);
  sand_map_set_place (map, sand_grid_index (grid, 5, 6), NULL);
  sand_map_set_terrain (map, sand_grid_index (grid, 4, 4), rough);
  edited = render_canvas (f->canvas);
  editor_tile_cache_clear (editor_map_canvas_get_tile_cache (f->canvas));
  fresh = render_canvas (f->canvas);
  g_assert_cmpuint (count_differences (edited, fresh, 2), ==, 0);
}

/* The same view drawn by the renderer in one piece, as sandtable-cli
 * render would: what the tiles must add up to, whatever the renderer draws
 * (the reference images below change with the renderer; this does not). */
static GdkTexture *
render_direct (Fixture *f)
{
  EditorTileView view;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  SandRenderer *renderer = editor_map_canvas_get_renderer (f->canvas);
  double x0, y0, x1, y1;
  GdkTexture *texture;

  editor_map_canvas_get_tile_view (f->canvas, &view);
  cairo_set_source_rgb (cr, 0.42, 0.42, 0.44);
  cairo_paint (cr);
  /* Tiles are cut to the map, as the whole map is. */
  cairo_rectangle (cr, view.origin_x, view.origin_y,
                   ceil (view.map_width * view.scale), ceil (view.map_height * view.scale));
  cairo_clip (cr);
  cairo_translate (cr, view.origin_x, view.origin_y);
  cairo_scale (cr, view.scale, view.scale);
  x0 = -view.origin_x / view.scale;
  y0 = -view.origin_y / view.scale;
  x1 = (WIDTH - view.origin_x) / view.scale;
  y1 = (HEIGHT - view.origin_y) / view.scale;
  cairo_push_group (cr);
  sand_renderer_draw (renderer, cr, view.scale, x0, y0, x1, y1, SAND_LAYER_STATIC);
  cairo_pop_group_to_source (cr);
  cairo_paint (cr);
  cairo_reset_clip (cr);
  sand_renderer_draw (renderer, cr, view.scale, x0 - 64, y0 - 64, x1 + 64, y1 + 64,
                      SAND_LAYER_COUNTERS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  {
    g_autoptr (GBytes) bytes =
      g_bytes_new (cairo_image_surface_get_data (surface),
                   (gsize) cairo_image_surface_get_stride (surface) * HEIGHT);

    texture = gdk_memory_texture_new (WIDTH, HEIGHT, GDK_MEMORY_DEFAULT, bytes,
                                      cairo_image_surface_get_stride (surface));
  }
  cairo_surface_destroy (surface);
  return texture;
}

static void
test_tiles_add_up_to_the_renderer (Fixture       *f,
                                   gconstpointer  data)
{
  EditorHexViewport *vp = editor_map_canvas_get_viewport (f->canvas);
  const SandGrid *grid = sand_map_get_grid (sand_scenario_get_map (f->scenario));
  const double zooms[] = { -1.0, 0.0, 0.75, 1.0, 2.0 };

  for (guint i = 0; i < G_N_ELEMENTS (zooms); i++)
    {
      g_autoptr (GdkTexture) canvas = NULL;
      g_autoptr (GdkTexture) direct = NULL;
      guint n;

      editor_hex_viewport_set_zoom (vp, zooms[i]);
      editor_map_canvas_show_hex (f->canvas, sand_grid_index (grid, 3 + i, 4 + i));
      editor_hex_viewport_pan_by (vp, 0.3 * i, 0.7 * i);
      canvas = render_canvas (f->canvas);
      direct = render_direct (f);
      /* No pixel off by more than a few levels (a misplaced tile, a seam
       * or a missing hex would be), and few off at all: antialiased
       * edges over the table are composited by GSK rather than cairo, and
       * a line cut at a tile's edge joins a little differently. */
      g_assert_cmpuint (count_differences (canvas, direct, 16), ==, 0);
      n = count_differences (canvas, direct, 2);
      if (n <= WIDTH * HEIGHT / 1000)
        n = 0;
      if (n != 0)
        {
          g_autofree char *name = g_strdup_printf ("canvas-vs-direct-%u.png", i);
          g_autofree char *out = g_test_build_filename (G_TEST_BUILT, "ui", name, NULL);
          g_autofree char *name2 = g_strdup_printf ("direct-%u.png", i);
          g_autofree char *out2 = g_test_build_filename (G_TEST_BUILT, "ui", name2, NULL);

          gdk_texture_save_to_png (canvas, out);
          gdk_texture_save_to_png (direct, out2);
          g_test_message ("zoom %g: %u pixels differ (%s, %s)", zooms[i], n, out, out2);
        }
      g_assert_cmpuint (n, ==, 0);

      /* Tiles as texture nodes (what GPU renderers get) draw the same. */
      {
        g_autoptr (GdkTexture) textures = NULL;

        editor_map_canvas_set_texture_nodes_only (f->canvas, TRUE);
        textures = render_canvas (f->canvas);
        editor_map_canvas_set_texture_nodes_only (f->canvas, FALSE);
        g_assert_cmpuint (count_differences (canvas, textures, 0), ==, 0);
      }
    }
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

/* ------------------------------------------------------------------ */
/* Reference images */

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

  g_test_add_func ("/canvas/viewport/round-trip", test_viewport_round_trip);
  g_test_add_func ("/canvas/viewport/zoom-at-keeps-anchor", test_viewport_zoom_at_keeps_anchor);
  g_test_add_func ("/canvas/viewport/clamps-and-fits", test_viewport_clamps);
#define ADD(path, func) \
  g_test_add ("/canvas/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("ctrl-scroll-zooms-at-pointer", test_ctrl_scroll_zooms_at_pointer);
  ADD ("zoom-keys-anchor-at-pointer", test_zoom_keys_anchor_at_pointer);
  ADD ("touchpad-pan-glides", test_touchpad_pan_glides);
  ADD ("primary-drag-edits", test_primary_drag_edits);
  ADD ("space-drag-pans", test_space_drag_pans);
  ADD ("hit-testing-agrees-with-engine", test_hit_testing_agrees_with_engine);
  ADD ("layer-toggles-redraw-tiles", test_layer_toggles_redraw_tiles);
  ADD ("every-layout", test_every_layout);
  ADD ("map-change-invalidates-only-touched-tiles", test_map_change_invalidates_only_touched_tiles);
  ADD ("tiles-render-only-visible", test_tiles_render_only_visible);
  ADD ("queue-draw-hexes-renders-only-their-tiles",
       test_queue_draw_hexes_renders_only_their_tiles);
  ADD ("largest-map-fits", test_largest_map_fits);
  ADD ("edited-tiles-match-fresh-ones", test_edited_tiles_match_fresh_ones);
  ADD ("stroke-renders-only-its-tiles", test_stroke_renders_only_its_tiles);
  ADD ("tiles-add-up-to-the-renderer", test_tiles_add_up_to_the_renderer);
  ADD ("overlay-and-preview-are-live", test_overlay_and_preview_are_live);
  ADD ("reference-images", test_reference_images);
#undef ADD

  return g_test_run ();
}
