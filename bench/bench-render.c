/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-render: what the renderer costs the canvas. A 1600×900 view of a
 * 20×20 and a 300×300 map at three zooms (hex circumradius 8, 24 and 64
 * device pixels), median per frame while panning; and one 256×256 tile,
 * what the canvas re-renders after an edit. Prints a Markdown table for
 * docs/performance.md.
 *
 * Usage: bench-render [FRAMES] [--layers]: --layers also times each layer
 * alone on the 300×300 map. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bench-timing.h"
#include "sand-renderer.h"

#define VIEW_W 1600
#define VIEW_H 900
#define TILE 256

static double
median (double *v,
        int     n)
{
  qsort (v, (size_t) n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* A map that looks like a real one to the renderer: mostly clear, patches
 * of every terrain, rivers, roads, rails, towns, markers and counters. */
static SandScenario *
make_scenario (int cols,
               int rows)
{
  g_autoptr (GError) error = NULL;
  SandRuleset *rs = sand_ruleset_lookup ("lfaf1914", &error);
  g_autoptr (SandMap) map = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (1870);
  const SandGrid *grid;
  SandScenario *scenario;
  SandOob *oob;
  guint n_terrains, n_hexes;
  int river = sand_ruleset_find_side_feature (rs, "river");
  int road = sand_ruleset_find_side_feature (rs, "road");
  int rail = sand_ruleset_find_side_feature (rs, "rail");
  int france = sand_ruleset_find_country (rs, "france");
  int belgium = sand_ruleset_find_country (rs, "belgium");
  int infantry = sand_ruleset_find_unit_type (rs, "infantry");

  if (rs == NULL)
    g_error ("%s", error->message);
  map = sand_map_new (rs, cols, rows, SAND_ORIENTATION_FLAT, SAND_STAGGER_EVEN);
  grid = sand_map_get_grid (map);
  n_hexes = (guint) sand_grid_n_hexes (grid);
  n_terrains = sand_ruleset_n_terrains (rs);

  sand_map_freeze_changes (map);
  for (guint h = 0; h < n_hexes; h++)
    {
      if (g_rand_int_range (rand, 0, 100) < 35)
        sand_map_set_terrain (map, (int) h, (guint8) g_rand_int_range (rand, 1, (int) n_terrains));
      sand_map_set_country (map, (int) h,
                            sand_grid_col (grid, (int) h) < cols / 2 ? france : belgium);
      if (g_rand_int_range (rand, 0, 100) < 6)
        sand_map_set_side (map, (int) h, g_rand_int_range (rand, 0, 3), 1u << river);
      if (g_rand_int_range (rand, 0, 100) < 3)
        {
          char name[32];

          g_snprintf (name, sizeof name, "Ville-%u", h);
          sand_map_set_place (map, (int) h, name);
        }
    }
  /* Roads and rails across the map, every few rows. */
  for (int row = 1; row < rows; row += 5)
    {
      g_autoptr (GArray) path = g_array_new (FALSE, FALSE, sizeof (int));

      for (int col = 0; col < cols; col++)
        {
          int h = sand_grid_index (grid, col, row);

          g_array_append_val (path, h);
        }
      sand_map_connect_path (map, (row / 5) % 2 ? road : rail, (int *) path->data, path->len,
                             TRUE, NULL);
    }
  for (guint i = 0; i < n_hexes / 50; i++)
    {
      SandMarker *m = sand_marker_new (i % 2 ? SAND_MARKER_VICTORY : SAND_MARKER_SUPPLY,
                                       g_rand_int_range (rand, 0, (int) n_hexes));

      m->value = 3;
      m->side = 0;
      sand_map_add_marker (map, m);
    }
  sand_map_thaw_changes (map);

  scenario = sand_scenario_new (map);
  oob = sand_oob_new ("bench", 0);
  sand_scenario_add_oob (scenario, oob);
  for (guint i = 0; i < MIN (n_hexes / 18, 5000); i++)
    {
      SandCounter *c = sand_counter_new ();
      SandPlacement p = { NULL, g_rand_int_range (rand, 0, (int) n_hexes), NULL };

      c->id = g_strdup_printf ("c%u", i);
      c->side = (int) (i % 2);
      c->type = infantry;
      c->name = g_strdup_printf ("%u/%u RI", i % 3 + 1, i);
      c->steps = 2;
      c->ma = 4;
      c->parent = g_strdup ("3 DIC");
      p.counter = c->id;
      g_ptr_array_add (oob->placements, sand_placement_copy (&p));
      sand_scenario_add_counter (scenario, c);
    }
  return scenario;
}

/* CPU time of this thread: the figure stays meaningful on a machine busy
 * with other work, where wall time would measure the scheduler. */
static double
now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static double
time_draw (SandRenderer    *r,
           cairo_surface_t *surface,
           double           scale,
           double           x0,
           double           y0,
           int              w,
           int              h,
           SandLayers       layers)
{
  cairo_t *cr = cairo_create (surface);
  double t0, t1;

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_scale (cr, scale, scale);
  cairo_translate (cr, -x0, -y0);
  t0 = now_ms ();
  sand_renderer_draw (r, cr, scale, x0, y0, x0 + w / scale, y0 + h / scale, layers);
  cairo_surface_flush (surface);
  t1 = now_ms ();
  cairo_destroy (cr);
  return t1 - t0;
}

int
main (int    argc,
      char **argv)
{
  int frames = argc > 1 ? atoi (argv[1]) : 15;
  const int sizes[] = { 20, 300 };
  const double px[] = { 8, 24, 64 };
  const char *lod_names[] = { "pixels", "shapes", "symbols", "full" };
  cairo_surface_t *view = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, VIEW_W, VIEW_H);
  cairo_surface_t *tile = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, TILE, TILE);
  double *t = g_new (double, MAX (frames, 1));

  if (frames < 1)
    frames = 1;
  printf ("| map | hex radius | level of detail | hexes drawn | frame 1600×900, median | "
          "static layers only | one 256² tile | placing labels |\n");
  printf ("|---|---|---|---|---|---|---|---|\n");
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autoptr (SandScenario) scenario = make_scenario (sizes[s], sizes[s]);
      g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
      double size = sand_map_get_hex_size (sand_scenario_get_map (scenario));
      double mw, mh;

      sand_grid_pixel_size (sand_map_get_grid (sand_scenario_get_map (scenario)), size, &mw, &mh);
      for (guint z = 0; z < G_N_ELEMENTS (px); z++)
        {
          double scale = px[z] / size;
          double cx = mw / 2 - VIEW_W / scale / 2, cy = mh / 2 - VIEW_H / scale / 2;
          double frame, statics, tile_ms, place_ms;
          SandRenderStats stats;

          /* Warm the indexes and font caches. */
          time_draw (r, view, scale, cx, cy, VIEW_W, VIEW_H, SAND_LAYER_ALL);
          for (int i = 0; i < frames; i++)
            t[i] = time_draw (r, view, scale, cx + i * 7 / scale, cy + i * 3 / scale,
                              VIEW_W, VIEW_H, SAND_LAYER_ALL);
          frame = median (t, frames);
          sand_renderer_get_stats (r, &stats);
          for (int i = 0; i < frames; i++)
            t[i] = time_draw (r, view, scale, cx + i * 7 / scale, cy + i * 3 / scale,
                              VIEW_W, VIEW_H, SAND_LAYER_STATIC);
          statics = median (t, frames);
          /* Tiles around the map's centre, a third of a tile apart, so that
           * even the small map fills them. */
          for (int i = 0; i < frames; i++)
            t[i] = time_draw (r, tile, scale, mw / 2 + ((i % 3) - 1.5) * TILE / scale / 3,
                              mh / 2 + ((i / 3 % 3) - 1.5) * TILE / scale / 3, TILE, TILE,
                              SAND_LAYER_STATIC);
          tile_ms = median (t, frames);
          /* Labels are placed over the whole map after each map change. */
          for (int i = 0; i < frames; i++)
            {
              guint n;
              double t0;

              sand_renderer_invalidate (r);
              t0 = now_ms ();
              sand_renderer_get_labels (r, scale, SAND_LAYER_ALL, &n);
              t[i] = now_ms () - t0;
            }
          place_ms = median (t, frames);
          printf ("| %d×%d | %.0f px | %s | %u | %.2f ms | %.2f ms | %.2f ms | %.2f ms |\n",
                  sizes[s], sizes[s], px[z], lod_names[stats.lod], stats.hexes, frame, statics,
                  tile_ms, place_ms);
        }
    }
  if (argc > 2 && g_str_equal (argv[2], "--layers"))
    {
      g_autoptr (SandScenario) scenario = make_scenario (300, 300);
      g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
      double size = sand_map_get_hex_size (sand_scenario_get_map (scenario));
      const char *names[] = { "terrain", "sides", "connections", "grid", "ids", "names",
                              "markers", "counters" };

      printf ("\n| layer alone, 300×300 | 8 px | 24 px | 64 px |\n|---|---|---|---|\n");
      for (guint l = 0; l < G_N_ELEMENTS (names); l++)
        {
          printf ("| %s |", names[l]);
          for (guint z = 0; z < G_N_ELEMENTS (px); z++)
            {
              double scale = px[z] / size;

              time_draw (r, view, scale, 4000, 4000, VIEW_W, VIEW_H, 1u << l);
              for (int i = 0; i < frames; i++)
                t[i] = time_draw (r, view, scale, 4000 + i * 7 / scale, 4000, VIEW_W, VIEW_H,
                                  1u << l);
              printf (" %.2f ms |", median (t, frames));
            }
          printf ("\n");
        }
    }
  g_free (t);
  cairo_surface_destroy (view);
  cairo_surface_destroy (tile);
  return 0;
}
