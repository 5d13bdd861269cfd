/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-test-canvas.h: what the map canvas's tests share — a scenario with
 * terrain, a river, a road, a town and three set-up counters, a window
 * holding just the canvas (synchronous rendering, so a snapshot is
 * complete), its snapshot and rendering, and pixel comparison. Included
 * once by each program. */
#pragma once

#include <math.h>
#include <gtk/gtk.h>

#include "editor-hex-viewport.h"
#include "editor-map-canvas.h"
#include "editor-map-canvas-private.h"
#include "editor-tile-cache.h"

#define WIDTH  400
#define HEIGHT 300
/* For tests that need many tiles in view. */
#define BIG_WIDTH  1024
#define BIG_HEIGHT 768

G_GNUC_UNUSED static SandScenario *make_scenario_with (int             cols,
                                                       int             rows,
                                                       SandOrientation orientation,
                                                       SandStagger     stagger);

/* Three counters set up on the map, drawn live over the tiles. */
G_GNUC_UNUSED static SandScenario *
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

G_GNUC_UNUSED static SandScenario *
make_scenario (int cols,
               int rows)
{
  return make_scenario_with (cols, rows, SAND_ORIENTATION_FLAT, SAND_STAGGER_EVEN);
}

G_GNUC_UNUSED static SandScenario *
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

G_GNUC_UNUSED static void
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

G_GNUC_UNUSED static void
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

G_GNUC_UNUSED static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_object (&f->scenario);
}

/* The widget's own snapshot, as the frame clock would take it. */
G_GNUC_UNUSED static GskRenderNode *
snapshot_canvas (EditorMapCanvas *canvas)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();

  GTK_WIDGET_GET_CLASS (canvas)->snapshot (GTK_WIDGET (canvas), snapshot);
  return gtk_snapshot_free_to_node (snapshot);
}

G_GNUC_UNUSED static GdkTexture *
render_canvas (EditorMapCanvas *canvas)
{
  g_autoptr (GskRenderNode) node = snapshot_canvas (canvas);
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (GTK_WIDGET (canvas)));
  graphene_rect_t viewport = GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (GTK_WIDGET (canvas)),
                                                 gtk_widget_get_height (GTK_WIDGET (canvas)));

  g_assert_true (GSK_IS_CAIRO_RENDERER (renderer));
  return gsk_renderer_render_texture (renderer, node, &viewport);
}

/* Pixels where some channel differs by more than @tolerance. */
G_GNUC_UNUSED static guint
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
