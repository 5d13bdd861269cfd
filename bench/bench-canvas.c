/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-canvas: what one frame of the map canvas costs, for a 20×20 and a
 * 300×300 map at three zooms, with a cold and a warm tile cache, and what
 * a one-hex edit costs before it shows. One hex in 18 holds a counter.
 * A stroke is a brush of radius 1 dragged fast across the view, one batch
 * of the map (as editor-brush-stroke.c paints a motion event): its frame
 * is measured repainting the box around the batch, as the canvas did, and
 * repainting the stroke's hexes (sand_map_get_change_parts ()). A move
 * is a unit moved one hex in play: a new counter list for the renderer,
 * then the frame, with the canvas told the two hexes
 * (editor_map_canvas_queue_draw_hexes ()) or not told.
 *
 * A frame is the canvas's own snapshot (tiles rendered through
 * sand_renderer_draw as needed and appended as nodes, counters drawn live)
 * plus rendering the node tree into an offscreen texture with the window's
 * GSK renderer, as the frame clock would into the window. It
 * needs a display: run it under xvfb-run. GSK_RENDERER picks the renderer
 * (cairo unless set).
 *
 *   xvfb-run -a -s "-screen 0 1600x1000x24" build/bench/bench-canvas [--quick]
 *     [--texture-nodes]   tiles as texture nodes under the cairo renderer too
 */
#include "config.h"

#include <math.h>
#include <time.h>
#include <gtk/gtk.h>

#include "editor-hex-viewport.h"
#include "editor-map-canvas.h"
#include "editor-map-canvas-private.h"
#include "editor-tile-cache.h"

#define WIDTH  1280
#define HEIGHT 800

static SandScenario *
make_scenario (int cols,
               int rows)
{
  g_autoptr (GError) error = NULL;
  SandRuleset *ruleset = sand_ruleset_lookup ("fpw1870", &error);
  g_autoptr (SandMap) map = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (1870);
  const SandGrid *grid;
  int rough, river, stream, road, rail, combat;
  SandScenario *scenario;
  SandOob *oob;

  if (ruleset == NULL)
    g_error ("%s", error->message);
  map = sand_map_new (ruleset, cols, rows, SAND_ORIENTATION_FLAT, SAND_STAGGER_EVEN);
  grid = sand_map_get_grid (map);
  rough = sand_ruleset_find_terrain (ruleset, "rough");
  river = sand_ruleset_find_side_feature (ruleset, "river");
  stream = sand_ruleset_find_side_feature (ruleset, "stream");
  road = sand_ruleset_find_side_feature (ruleset, "road");
  rail = sand_ruleset_find_side_feature (ruleset, "rail");
  combat = MAX (sand_ruleset_find_unit_type (ruleset, "combat"), 0);

  /* A busy map: a quarter rough, rivers and streams every few columns,
   * roads and rails every few rows, a town every 40 hexes. */
  sand_map_freeze_changes (map);
  for (int hex = 0; hex < sand_grid_n_hexes (grid); hex++)
    {
      int col = sand_grid_col (grid, hex), row = sand_grid_row (grid, hex);

      if (g_rand_int_range (rand, 0, 4) == 0)
        sand_map_set_terrain (map, hex, (guint8) rough);
      if (col % 9 == 4)
        sand_map_set_side (map, hex, 1, 1u << river);
      else if (col % 9 == 7 && row % 3 != 0)
        sand_map_set_side (map, hex, 2, 1u << stream);
      if (g_rand_int_range (rand, 0, 40) == 0)
        {
          g_autofree char *name = g_strdup_printf ("Town %d", hex);

          sand_map_set_place (map, hex, name);
        }
    }
  for (int row = 2; row < rows; row += 6)
    {
      g_autofree int *path = g_new (int, cols);

      for (int col = 0; col < cols; col++)
        path[col] = sand_grid_index (grid, col, row);
      sand_map_connect_path (map, (row / 6) % 2 ? rail : road, path, cols, TRUE, NULL);
    }
  sand_map_thaw_changes (map);

  /* A counter set up in one hex in 18, drawn live every frame. */
  scenario = sand_scenario_new (map);
  oob = sand_oob_new ("bench", 0);
  sand_scenario_add_oob (scenario, oob);
  for (int i = 0; i < MIN (sand_grid_n_hexes (grid) / 18, 5000); i++)
    {
      SandCounter *c = sand_counter_new ();

      c->id = g_strdup_printf ("c%d", i);
      c->side = i % 2;
      c->type = combat;
      c->name = g_strdup_printf ("%d AK", i);
      c->strength = 6;
      c->ma = 4;
      g_ptr_array_add (oob->placements,
                       sand_placement_new (c->id, g_rand_int_range (rand, 0,
                                                                   sand_grid_n_hexes (grid)),
                                           NULL));
      sand_scenario_add_counter (scenario, c);
    }
  return scenario;
}

typedef struct {
  double snapshot_ms;
  double render_ms;
  guint tiles;
  guint64 pixels;
  guint cells;
} Frame;

static GtkWidget *window;
static EditorMapCanvas *canvas;

static gboolean use_wall_clock;

/* Thread CPU time, in µs: the machine that measured this was shared, and
 * wall-clock time there measures the neighbours too. Everything a frame
 * does (tiles, snapshot, the cairo renderer) runs on this thread; a GL
 * renderer also works in the driver's threads, so it gets wall-clock
 * time. */
static gint64
now_us (void)
{
  struct timespec ts;

  if (use_wall_clock)
    return g_get_monotonic_time ();
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static Frame
frame (void)
{
  EditorTileCache *cache = editor_map_canvas_get_tile_cache (canvas);
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (window));
  GtkSnapshot *snapshot;
  GskRenderNode *node;
  GdkTexture *texture;
  gint64 t0, t1, t2;
  Frame f;

  editor_tile_cache_reset_n_rendered (cache);
  t0 = now_us ();
  snapshot = gtk_snapshot_new ();
  GTK_WIDGET_GET_CLASS (canvas)->snapshot (GTK_WIDGET (canvas), snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  t1 = now_us ();
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, WIDTH, HEIGHT));
  t2 = now_us ();
  g_object_unref (texture);
  gsk_render_node_unref (node);

  f.snapshot_ms = (t1 - t0) / 1000.0;
  f.render_ms = (t2 - t1) / 1000.0;
  f.tiles = editor_tile_cache_get_n_rendered (cache);
  f.pixels = editor_tile_cache_get_n_pixels_drawn (cache);
  f.cells = editor_map_canvas_get_n_cells_drawn (canvas);
  return f;
}

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

typedef struct {
  double mean, p95, max;
  double snapshot_mean, render_mean;
  double tiles_mean;
  double pixels_mean;
  double cells_mean;
} Stats;

static Stats
stats (const Frame *frames,
       guint        n)
{
  g_autofree double *totals = g_new (double, n);
  Stats s = { 0 };

  for (guint i = 0; i < n; i++)
    {
      totals[i] = frames[i].snapshot_ms + frames[i].render_ms;
      s.mean += totals[i] / n;
      s.snapshot_mean += frames[i].snapshot_ms / n;
      s.render_mean += frames[i].render_ms / n;
      s.tiles_mean += (double) frames[i].tiles / n;
      s.pixels_mean += (double) frames[i].pixels / n;
      s.cells_mean += (double) frames[i].cells / n;
    }
  qsort (totals, n, sizeof (double), compare_double);
  s.p95 = totals[MIN (n - 1, (guint) ceil (0.95 * n) - 1)];
  s.max = totals[n - 1];
  return s;
}

/* A fast drag of a radius-1 brush from near one corner of the view to near
 * the other, in one batch, then the frame that shows it; the stroke
 * toggles the terrain, so each run paints again. */
static Frame
stroke_frame (SandMap *map,
              double   t)
{
  EditorHexViewport *vp = editor_map_canvas_get_viewport (canvas);
  const SandGrid *grid = sand_map_get_grid (map);
  g_autoptr (GArray) line = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GArray) spiral = g_array_new (FALSE, FALSE, sizeof (int));
  double ax, ay, bx, by;
  int a, b;

  /* Each run a little lower, so that runs paint different hexes. */
  editor_hex_viewport_widget_to_map (vp, WIDTH * 0.15, HEIGHT * (0.1 + 0.1 * t), &ax, &ay);
  editor_hex_viewport_widget_to_map (vp, WIDTH * 0.85, HEIGHT * (0.8 + 0.1 * t), &bx, &by);
  a = sand_grid_hex_at_pixel (grid, sand_map_get_hex_size (map), ax, ay);
  b = sand_grid_hex_at_pixel (grid, sand_map_get_hex_size (map), bx, by);
  if (a >= 0 && b >= 0)
    sand_grid_line (grid, a, b, line);
  sand_map_freeze_changes (map);
  for (guint i = 0; i < line->len; i++)
    {
      g_array_set_size (spiral, 0);
      sand_grid_spiral (grid, g_array_index (line, int, i), 1, spiral);
      for (guint j = 0; j < spiral->len; j++)
        {
          int hex = g_array_index (spiral, int, j);

          sand_map_set_terrain (map, hex, (guint8) (1 - sand_map_get_terrain (map, hex)));
        }
    }
  sand_map_thaw_changes (map);
  return frame ();
}

/* The scenario's set-up as the playtest's counter list. */
static GArray *
set_up_draws (SandScenario *scenario)
{
  GArray *draws = g_array_new (FALSE, TRUE, sizeof (SandCounterDraw));
  SandOob *oob = sand_scenario_get_oob (scenario, 0);

  for (guint i = 0; i < oob->placements->len; i++)
    {
      const SandPlacement *p = g_ptr_array_index (oob->placements, i);
      SandCounterDraw draw = { 0 };

      draw.counter = sand_scenario_get_counter (scenario, i);
      draw.hex = p->hex;
      g_array_append_val (draws, draw);
    }
  return draws;
}

/* A counter moves one hex south and back (north and back at the map's
 * edge), frame by frame, the canvas told of the two hexes or not. */
static Frame
move_frame (SandScenario *scenario,
            GArray       *draws,
            guint         unit,
            int           home,
            gboolean      tell)
{
  SandRenderer *renderer = editor_map_canvas_get_renderer (canvas);
  const SandGrid *grid = sand_map_get_grid (sand_scenario_get_map (scenario));
  SandCounterDraw *draw = &g_array_index (draws, SandCounterDraw, unit);
  int away = sand_grid_neighbour (grid, home, 3) >= 0 ? sand_grid_neighbour (grid, home, 3)
                                                       : sand_grid_neighbour (grid, home, 0);
  int hexes[2] = { draw->hex, draw->hex == home ? away : home };

  draw->hex = hexes[1];
  sand_renderer_set_counters (renderer, (const SandCounterDraw *) (gpointer) draws->data,
                              draws->len);
  if (tell)
    editor_map_canvas_queue_draw_hexes (canvas, hexes, 2);
  else
    gtk_widget_queue_draw (GTK_WIDGET (canvas));
  return frame ();
}

static void
bench_map (int      cols,
           int      rows,
           gboolean quick)
{
  g_autoptr (SandScenario) scenario = make_scenario (cols, rows);
  EditorHexViewport *vp = editor_map_canvas_get_viewport (canvas);
  EditorTileCache *cache = editor_map_canvas_get_tile_cache (canvas);
  SandMap *map = sand_scenario_get_map (scenario);
  const SandGrid *grid = sand_map_get_grid (map);
  const double zooms[] = { -2.0, 0.0, 1.0 };
  guint n_cold = quick ? 3 : 10;
  guint n_warm = quick ? 60 : 240;
  guint n_edit = quick ? 10 : 40;

  editor_map_canvas_set_scenario (canvas, scenario);

  for (guint z = 0; z < G_N_ELEMENTS (zooms); z++)
    {
      g_autofree Frame *frames = g_new0 (Frame, MAX (n_warm, MAX (n_cold, n_edit)));
      SandPoint middle = sand_grid_hex_center (grid, sand_map_get_hex_size (map),
                                               sand_grid_index (grid, cols / 2, rows / 2));
      Stats cold, warm, pan, edit, zoom, stroke_box, stroke, move, move_untold;
      int hexes_visible;

      editor_hex_viewport_set_zoom (vp, zooms[z]);
      editor_hex_viewport_set_center (vp, middle.x, middle.y);
      {
        double x0, y0, x1, y1;
        int c0, r0, c1, r1;

        editor_hex_viewport_get_visible (vp, &x0, &y0, &x1, &y1);
        sand_grid_visible_range (grid, sand_map_get_hex_size (map), x0, y0, x1, y1,
                                 &c0, &r0, &c1, &r1);
        hexes_visible = (c1 - c0 + 1) * (r1 - r0 + 1);
      }

      /* Cold: every visible tile rendered in the frame. */
      for (guint i = 0; i < n_cold; i++)
        {
          editor_tile_cache_clear (cache);
          frames[i] = frame ();
        }
      cold = stats (frames, n_cold);

      /* Warm, still: the frame the compositor repeats. */
      for (guint i = 0; i < n_warm; i++)
        frames[i] = frame ();
      warm = stats (frames, n_warm);

      /* Warm, panning 4 px a frame diagonally and back (tiles that scroll
       * in are rendered inside the frame: the worst case, no idle
       * prefetch). */
      for (guint i = 0; i < n_warm; i++)
        {
          int sign = i < n_warm / 2 ? 1 : -1;

          editor_hex_viewport_pan_by (vp, 4 * sign, 3 * sign);
          frames[i] = frame ();
        }
      pan = stats (frames, n_warm);
      editor_hex_viewport_set_center (vp, middle.x, middle.y);

      /* A one-hex edit in the middle of the view, until it shows. */
      for (guint i = 0; i < n_edit; i++)
        {
          double mx, my;
          int hex;

          editor_hex_viewport_widget_to_map (vp, WIDTH / 2.0 + 7 * i, HEIGHT / 2.0, &mx, &my);
          hex = sand_grid_hex_at_pixel (grid, sand_map_get_hex_size (map), mx, my);
          if (hex >= 0)
            sand_map_set_terrain (map, hex, (guint8) (1 - sand_map_get_terrain (map, hex)));
          frames[i] = frame ();
        }
      edit = stats (frames, n_edit);

      /* A stroke across the view, repainting its box, then its hexes. */
      editor_map_canvas_set_batch_as_box (canvas, TRUE);
      for (guint i = 0; i < n_edit; i++)
        frames[i] = stroke_frame (map, (double) (i % 2));
      stroke_box = stats (frames, n_edit);
      editor_map_canvas_set_batch_as_box (canvas, FALSE);
      for (guint i = 0; i < n_edit; i++)
        frames[i] = stroke_frame (map, (double) (i % 2));
      stroke = stats (frames, n_edit);

      /* A unit moved in play, the canvas told its hexes or not. */
      {
        g_autoptr (GArray) draws = set_up_draws (scenario);
        guint unit = 0;
        double best = G_MAXDOUBLE;

        for (guint i = 0; i < draws->len; i++)
          {
            int hex = g_array_index (draws, SandCounterDraw, i).hex;
            SandPoint c = sand_grid_hex_center (grid, sand_map_get_hex_size (map), hex);
            double d = hypot (c.x - middle.x, c.y - middle.y);

            if (hex >= 0 && d < best)
              best = d, unit = i;
          }
        int home = g_array_index (draws, SandCounterDraw, unit).hex;

        frames[0] = move_frame (scenario, draws, unit, home, FALSE);
        for (guint i = 0; i < n_edit; i++)
          frames[i] = move_frame (scenario, draws, unit, home, TRUE);
        move = stats (frames, n_edit);
        for (guint i = 0; i < n_edit; i++)
          frames[i] = move_frame (scenario, draws, unit, home, FALSE);
        move_untold = stats (frames, n_edit);
        sand_renderer_set_counters (editor_map_canvas_get_renderer (canvas), NULL, 0);
      }

      /* A continuous zoom (touchpad, pinch) from a complete level: frames
       * show that level scaled and render nothing until the zoom settles,
       * as the canvas does outside this benchmark. */
      editor_hex_viewport_set_zoom (vp, zooms[z]);
      frame ();
      editor_map_canvas_set_sync_rendering (canvas, FALSE);
      for (guint i = 0; i < n_edit; i++)
        {
          editor_hex_viewport_set_zoom (vp, zooms[z] + 0.02 * (i + 1));
          frames[i] = frame ();
        }
      zoom = stats (frames, n_edit);
      editor_map_canvas_set_sync_rendering (canvas, TRUE);
      editor_hex_viewport_set_zoom (vp, zooms[z]);

      g_print ("| %d×%d | %g (%.0f%%) | ~%d | cold | %.1f | %.1f | %.1f | %.1f | %.0f |\n",
               cols, rows, zooms[z], 100 * exp2 (zooms[z]), hexes_visible,
               cold.mean, cold.p95, cold.snapshot_mean, cold.render_mean, cold.tiles_mean);
      g_print ("| | | | warm | %.1f | %.1f | %.1f | %.1f | %.0f |\n",
               warm.mean, warm.p95, warm.snapshot_mean, warm.render_mean, warm.tiles_mean);
      g_print ("| | | | pan | %.1f | %.1f | %.1f | %.1f | %.2f |\n",
               pan.mean, pan.p95, pan.snapshot_mean, pan.render_mean, pan.tiles_mean);
      g_print ("| | | | edit | %.1f | %.1f | %.1f | %.1f | %.1f |\n",
               edit.mean, edit.p95, edit.snapshot_mean, edit.render_mean, edit.tiles_mean);
      g_print ("| | | | zooming | %.1f | %.1f | %.1f | %.1f | %.1f |\n",
               zoom.mean, zoom.p95, zoom.snapshot_mean, zoom.render_mean, zoom.tiles_mean);
      g_print ("| | | | stroke, box | %.1f | %.1f | %.1f | %.1f | %.1f (%.2f Mpx) |\n",
               stroke_box.mean, stroke_box.p95, stroke_box.snapshot_mean,
               stroke_box.render_mean, stroke_box.tiles_mean, stroke_box.pixels_mean / 1e6);
      g_print ("| | | | stroke, hexes | %.1f | %.1f | %.1f | %.1f | %.1f (%.2f Mpx) |\n",
               stroke.mean, stroke.p95, stroke.snapshot_mean, stroke.render_mean,
               stroke.tiles_mean, stroke.pixels_mean / 1e6);
      g_print ("| | | | move, told | %.1f | %.1f | %.1f | %.1f | %.1f (%.0f cells) |\n",
               move.mean, move.p95, move.snapshot_mean, move.render_mean, move.tiles_mean,
               move.cells_mean);
      g_print ("| | | | move, untold | %.1f | %.1f | %.1f | %.1f | %.1f (%.0f cells) |\n",
               move_untold.mean, move_untold.p95, move_untold.snapshot_mean,
               move_untold.render_mean, move_untold.tiles_mean, move_untold.cells_mean);
    }

  editor_map_canvas_set_scenario (canvas, NULL);
}

int
main (int argc, char **argv)
{
  gboolean quick = FALSE, textures = FALSE;
  gint64 end;

  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--quick"))
        quick = TRUE;
      else if (g_str_equal (argv[i], "--texture-nodes"))
        textures = TRUE;
      else
        {
          g_printerr ("usage: bench-canvas [--quick] [--texture-nodes]\n");
          return 2;
        }
    }
  if (g_getenv ("GSK_RENDERER") == NULL)
    g_setenv ("GSK_RENDERER", "cairo", TRUE);
  gtk_init ();

  window = gtk_window_new ();
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), WIDTH, HEIGHT);
  canvas = EDITOR_MAP_CANVAS (editor_map_canvas_new ());
  gtk_widget_set_size_request (GTK_WIDGET (canvas), WIDTH, HEIGHT);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (canvas));
  /* Every frame complete, so frames measure the same work each time. */
  editor_map_canvas_set_sync_rendering (canvas, TRUE);
  editor_map_canvas_set_texture_nodes_only (canvas, textures);
  gtk_window_present (GTK_WINDOW (window));
  end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (gtk_widget_get_width (GTK_WIDGET (canvas)) != WIDTH && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  if (gtk_widget_get_width (GTK_WIDGET (canvas)) != WIDTH)
    g_error ("the window never got its size; is there a display?");

  use_wall_clock = !GSK_IS_CAIRO_RENDERER (gtk_native_get_renderer (GTK_NATIVE (window)));
  g_print ("Renderer: %s, tiles as %s nodes, canvas %d×%d, tiles %d px; %s ms per frame\n\n",
           G_OBJECT_TYPE_NAME (gtk_native_get_renderer (GTK_NATIVE (window))),
           textures || use_wall_clock ? "texture" : "cairo",
           WIDTH, HEIGHT, EDITOR_TILE_SIZE,
           use_wall_clock ? "wall-clock" : "thread CPU");
  g_print ("| map | zoom | hexes in view | cache | frame mean | p95 | snapshot | render "
           "| tiles rendered |\n");
  g_print ("|---|---|---|---|---|---|---|---|---|\n");
  bench_map (20, 20, quick);
  bench_map (300, 300, quick);

  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}
