/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-render: the map renderer draws what the model says, where it says
 * it — terrain colour at a hex centre, water on a river side, a rail through
 * the side it crosses — draws nothing outside the rectangle it is given,
 * and visits only the hexes near it. The other test-render-*.c programs
 * hold counters, labels and exports.
 *
 * SAND_RENDER_DUMP=DIR also writes the demo map as PNGs there, to look at. */
#include <gio/gio.h>
#include <math.h>
#include <string.h>

#include "hex-id.h"
#include "sand-renderer.h"
#include "sand-scenario-io.h"

#include "render-test-helpers.h"

/* Tests */

static void
test_clear_hex_centre_has_clear_colour (void)
{
  g_autoptr (SandScenario) scenario = blank_scenario (6, 6);
  SandMap *map = sand_scenario_get_map (scenario);
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  double w, h;
  Image img;

  map_size (map, &w, &h);
  img = image_new ((int) (w * 2) + 1, (int) (h * 2) + 1, 2);
  draw_rect (r, &img, 0, 0, w, h, SAND_LAYER_ALL);
  assert_color_near (pixel_at (&img, center (map, "0303").x, center (map, "0303").y + 3),
                     terrain_color (map, "clear"), 2);
  image_free (&img);
}

static void
test_terrain_colour_at_every_level_of_detail (gconstpointer data)
{
  const int layout = GPOINTER_TO_INT (data);
  g_autoptr (SandMap) m = sand_map_new (ruleset ("fpw1870"), 40, 30,
                                        layout & 1 ? SAND_ORIENTATION_POINTY
                                                   : SAND_ORIENTATION_FLAT,
                                        layout & 2 ? SAND_STAGGER_ODD : SAND_STAGGER_EVEN);
  g_autoptr (SandScenario) scenario = sand_scenario_new (m);
  SandMap *map = sand_scenario_get_map (scenario);
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  const double scales[] = { 0.05, 0.1, 0.3, 1, 2 };
  SandRenderStats stats;
  double w, h;

  terrain (map, "rough", "1010 1111 2020");
  map_size (map, &w, &h);
  for (guint i = 0; i < G_N_ELEMENTS (scales); i++)
    {
      Image img = image_new ((int) (w * scales[i]) + 1, (int) (h * scales[i]) + 1, scales[i]);

      draw_rect (r, &img, 0, 0, w, h, SAND_LAYER_TERRAIN);
      sand_renderer_get_stats (r, &stats);
      g_assert_cmpint (stats.lod, ==, sand_renderer_lod_for_scale (r, scales[i]));
      /* Just off the centre, clear of any terrain symbol's strokes. */
      assert_color_near (pixel_at (&img, center (map, "1111").x - 1, center (map, "1111").y),
                         terrain_color (map, "rough"), scales[i] >= 0.3 ? 60 : 2);
      assert_color_near (pixel_at (&img, center (map, "1515").x, center (map, "1515").y),
                         terrain_color (map, "clear"), 2);
      assert_color_near (pixel_at (&img, center (map, "1616").x, center (map, "1616").y),
                         terrain_color (map, "clear"), 2);
      image_free (&img);
    }
  sand_renderer_get_stats (r, &stats);
  g_assert_cmpint (stats.lod, ==, SAND_LOD_FULL);
  g_assert_cmpint (sand_renderer_lod_for_scale (r, 0.05), ==, SAND_LOD_PIXELS);
}

static void
test_river_side_midpoint_is_blue (void)
{
  g_autoptr (SandScenario) scenario = blank_scenario (6, 6);
  SandMap *map = sand_scenario_get_map (scenario);
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  SandPoint m = side_mid (map, "0303", "s");
  SandPoint other = side_mid (map, "0303", "n");
  double w, h;
  Pixel p;
  Image img;

  side (map, "0303", "s", "river");
  map_size (map, &w, &h);
  img = image_new ((int) (w * 2) + 1, (int) (h * 2) + 1, 2);
  draw_rect (r, &img, 0, 0, w, h, SAND_LAYER_ALL);
  p = pixel_at (&img, m.x, m.y);
  g_assert_cmpint (p.b, >, p.r + 60);
  g_assert_cmpint (p.b, >, p.g + 20);
  /* Only that side: the hex's north side has no water. */
  p = pixel_at (&img, other.x, other.y + 3);
  g_assert_cmpint (p.b, <, p.r);
  image_free (&img);
}

static void
test_rail_passes_through_shared_side_midpoint (void)
{
  g_autoptr (SandScenario) scenario = blank_scenario (6, 6);
  SandMap *map = sand_scenario_get_map (scenario);
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  SandPoint a = center (map, "0202"), b = center (map, "0302");
  int d = sand_grid_direction_to (sand_map_get_grid (map), hex_id (map, "0202"),
                                  hex_id (map, "0302"));
  SandPoint m = side_mid (map, "0202", sand_grid_direction_name (sand_map_get_grid (map), d));
  SandPoint off = side_mid (map, "0202", "s");
  double w, h;
  Pixel p;
  Image img;

  connect (map, "rail", "0202 0302");
  map_size (map, &w, &h);
  img = image_new ((int) (w * 2) + 1, (int) (h * 2) + 1, 2);
  draw_rect (r, &img, 0, 0, w, h, SAND_LAYER_TERRAIN | SAND_LAYER_CONNECTIONS);
  /* On the line: at the side's midpoint and halfway from each centre to it. */
  p = pixel_at (&img, m.x, m.y);
  g_assert_cmpint (p.r, <, 80);
  g_assert_cmpint (p.g, <, 80);
  g_assert_cmpint (p.b, <, 80);
  p = pixel_at (&img, (a.x + m.x) / 2, (a.y + m.y) / 2);
  g_assert_cmpint (p.r + p.g + p.b, <, 240);
  p = pixel_at (&img, (b.x + m.x) / 2, (b.y + m.y) / 2);
  g_assert_cmpint (p.r + p.g + p.b, <, 240);
  /* Not through the other sides. */
  assert_color_near (pixel_at (&img, off.x, off.y - 3), terrain_color (map, "clear"), 2);
  image_free (&img);
}

static void
test_culling_draws_nothing_outside_the_rectangle (void)
{
  g_autoptr (SandScenario) scenario = demo_scenario ("lfaf1914");
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  SandMap *map = sand_scenario_get_map (scenario);
  double w, h;
  const double x0 = 101.5, y0 = 77.25, x1 = 260.75, y1 = 190.5;
  guint inside = 0;
  Image img;

  map_size (map, &w, &h);
  img = image_new ((int) (w * 2) + 1, (int) (h * 2) + 1, 2);
  draw_rect (r, &img, x0, y0, x1, y1, SAND_LAYER_ALL);
  for (int y = 0; y < cairo_image_surface_get_height (img.surface); y++)
    for (int x = 0; x < cairo_image_surface_get_width (img.surface); x++)
      {
        double mx = (x + 0.5) / 2, my = (y + 0.5) / 2;
        Pixel p = pixel_at (&img, mx, my);
        gboolean outside = mx < x0 - 0.5 || mx > x1 + 0.5 || my < y0 - 0.5 || my > y1 + 0.5;

        if (outside && !is_sentinel (p))
          g_error ("pixel (%d, %d) outside the rectangle was drawn", x, y);
        if (!outside && !is_sentinel (p))
          inside++;
      }
  /* The map covers the whole rectangle. */
  g_assert_cmpuint (inside, >, (guint) ((x1 - x0) * 2 * (y1 - y0) * 2 * 0.98));
  image_free (&img);
}

static void
test_tiles_join_without_seams (void)
{
  g_autoptr (SandScenario) scenario = demo_scenario ("lfaf1914");
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  SandMap *map = sand_scenario_get_map (scenario);
  double w, h;
  Image whole, tiled;
  guint differ = 0, total = 0;

  map_size (map, &w, &h);
  whole = image_new ((int) w, (int) h, 1);
  tiled = image_new ((int) w, (int) h, 1);
  draw_rect (r, &whole, 0, 0, w, h, SAND_LAYER_ALL);
  /* Tiles of 64 map units: each hex, name and stack split across edges. */
  for (double ty = 0; ty < h; ty += 64)
    for (double tx = 0; tx < w; tx += 64)
      draw_rect (r, &tiled, tx, ty, tx + 64, ty + 64, SAND_LAYER_ALL);
  for (int y = 0; y < (int) h; y++)
    for (int x = 0; x < (int) w; x++)
      {
        Pixel a = pixel_at (&whole, x + 0.5, y + 0.5), b = pixel_at (&tiled, x + 0.5, y + 0.5);

        total++;
        if (ABS (a.r - b.r) > 24 || ABS (a.g - b.g) > 24 || ABS (a.b - b.b) > 24)
          differ++;
      }
  /* Antialiasing along the cuts may differ a little; nothing may be lost. */
  g_assert_cmpuint (differ, <, total / 200);
  image_free (&whole);
  image_free (&tiled);
}

static void
test_large_map_rectangle_visits_only_nearby_hexes (void)
{
  g_autoptr (SandScenario) scenario = blank_scenario (300, 300);
  SandMap *map = sand_scenario_get_map (scenario);
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  const SandGrid *grid = sand_map_get_grid (map);
  double size = sand_map_get_hex_size (map);
  SandPoint c = center (map, "150150");
  double x0 = c.x - 3 * size, y0 = c.y - 3 * size, x1 = c.x + 3 * size, y1 = c.y + 3 * size;
  SandCounterDraw draws[3] = { { 0 } };
  g_autoptr (SandCounter) counter = sand_counter_new ();
  SandRenderStats stats;
  Image img;
  int inside = 0;

  counter->id = g_strdup ("x");
  counter->type = 0;
  counter->side = 0;
  draws[0].counter = counter;
  draws[0].hex = hex_id (map, "150150");
  draws[1].counter = counter;
  draws[1].hex = hex_id (map, "010010");
  draws[2].counter = counter;
  draws[2].hex = hex_id (map, "290290");
  sand_renderer_set_counters (r, draws, G_N_ELEMENTS (draws));
  for (int i = 0; i < 300; i++)
    {
      SandMarker *m = sand_marker_new (SAND_MARKER_VICTORY, sand_grid_index (grid, i, i));

      if (i >= 148 && i <= 152)
        inside++;
      sand_map_add_marker (map, m);
    }

  img = image_new (400, 400, 1);
  draw_rect (r, &img, x0, y0, x1, y1, SAND_LAYER_ALL);
  sand_renderer_get_stats (r, &stats);
  /* The rectangle is 6 radii square: 4 columns and 3.5 rows, plus one hex
   * of margin each way. */
  g_assert_cmpint (stats.col1 - stats.col0 + 1, <=, 8);
  g_assert_cmpint (stats.row1 - stats.row0 + 1, <=, 8);
  g_assert_cmpint (stats.col0, <=, 149);
  g_assert_cmpint (stats.col1, >=, 149);
  g_assert_cmpuint (stats.hexes, <=, 64);
  g_assert_cmpuint (stats.counters, ==, 1);
  g_assert_cmpuint (stats.markers, <=, (guint) inside + 2);
  g_assert_cmpuint (stats.markers, >=, 1);

  /* A rectangle off the map visits nothing. */
  draw_rect (r, &img, -500, -500, -100, -100, SAND_LAYER_ALL);
  sand_renderer_get_stats (r, &stats);
  g_assert_cmpuint (stats.hexes, ==, 0);
  g_assert_cmpint (stats.col1, <, stats.col0);
  image_free (&img);
}

static void
dump_demo (void)
{
  const char *dir = g_getenv ("SAND_RENDER_DUMP");
  const char *const ids[] = { "lfaf1914", "fpw1870" };
  const double scales[] = { 0.1, 0.3, 0.6, 1.0, 2.0 };

  if (dir == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autoptr (SandScenario) scenario = demo_scenario (ids[i]);
      g_autoptr (SandRenderer) r = sand_renderer_new (scenario);

      for (guint s = 0; s < G_N_ELEMENTS (scales); s++)
        {
          g_autofree char *name = g_strdup_printf ("%s/render-%s-%.1f.png", dir, ids[i],
                                                   scales[s]);
          g_autoptr (GError) error = NULL;

          if (!sand_renderer_export (r, name, scales[s], SAND_LAYER_ALL, &error))
            g_printerr ("%s\n", error->message);
        }
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  dump_demo ();

  g_test_add_func ("/render/clear-hex-centre-has-clear-colour",
                   test_clear_hex_centre_has_clear_colour);
  g_test_add_data_func ("/render/terrain-colour-at-every-level-of-detail/flat-even",
                        GINT_TO_POINTER (0), test_terrain_colour_at_every_level_of_detail);
  g_test_add_data_func ("/render/terrain-colour-at-every-level-of-detail/pointy-even",
                        GINT_TO_POINTER (1), test_terrain_colour_at_every_level_of_detail);
  g_test_add_data_func ("/render/terrain-colour-at-every-level-of-detail/flat-odd",
                        GINT_TO_POINTER (2), test_terrain_colour_at_every_level_of_detail);
  g_test_add_data_func ("/render/terrain-colour-at-every-level-of-detail/pointy-odd",
                        GINT_TO_POINTER (3), test_terrain_colour_at_every_level_of_detail);
  g_test_add_func ("/render/river-side-midpoint-is-blue", test_river_side_midpoint_is_blue);
  g_test_add_func ("/render/rail-passes-through-shared-side-midpoint",
                   test_rail_passes_through_shared_side_midpoint);
  g_test_add_func ("/render/culling-draws-nothing-outside-the-rectangle",
                   test_culling_draws_nothing_outside_the_rectangle);
  g_test_add_func ("/render/tiles-join-without-seams", test_tiles_join_without_seams);
  g_test_add_func ("/render/large-map-rectangle-visits-only-nearby-hexes",
                   test_large_map_rectangle_visits_only_nearby_hexes);
  return g_test_run ();
}
