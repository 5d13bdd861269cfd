/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-render-counters: the renderer's counters — the default set-up, face
 * down, selected, stacked, a bad name skipped — and the overlays and
 * changed-region bounds drawn over them. */
#include <gio/gio.h>
#include <math.h>
#include <string.h>

#include "hex-id.h"
#include "sand-renderer.h"
#include "sand-scenario-io.h"

#include "render-test-helpers.h"

static void
test_default_counters_are_the_default_oob_setup (void)
{
  g_autoptr (SandScenario) scenario = demo_scenario ("lfaf1914");
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  SandMap *map = sand_scenario_get_map (scenario);
  SandRenderStats stats;
  double w, h;
  Image img;
  SandOob *alt;
  SandPlacement p = { (char *) "fr-cav", 0, NULL };

  /* An alternative French OOB: its placements are not drawn. */
  alt = sand_oob_new ("B", sand_ruleset_find_side (sand_scenario_get_ruleset (scenario),
                                                   "french"));
  p.hex = hex_id (map, "0101");
  g_ptr_array_add (alt->placements, sand_placement_copy (&p));
  sand_scenario_add_oob (scenario, alt);

  map_size (map, &w, &h);
  img = image_new ((int) w + 1, (int) h + 1, 1);
  draw_rect (r, &img, 0, 0, w, h, SAND_LAYER_ALL);
  sand_renderer_get_stats (r, &stats);
  g_assert_cmpuint (stats.counters, ==, 7);
  draw_rect (r, &img, 0, 0, w, h, SAND_LAYER_STATIC);
  sand_renderer_get_stats (r, &stats);
  g_assert_cmpuint (stats.counters, ==, 0);
  image_free (&img);
}

static void
test_face_down_counter_shows_only_its_side_colour (void)
{
  g_autoptr (SandScenario) scenario = demo_scenario ("fpw1870");
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  SandRuleset *rs = sand_scenario_get_ruleset (scenario);
  const SandCounter *c = sand_scenario_get_counter (scenario, 0);
  SandCounterDraw d = { c, 0, 10, TRUE, FALSE, 0 };
  const char *color = sand_ruleset_get_side (rs, (guint) c->side)->color;
  Image img = image_new (100, 100, 1);
  cairo_t *cr = cairo_create (img.surface);
  gboolean ink = FALSE;

  sand_renderer_draw_counter (r, cr, &d, 25, 50, 40);
  d.face_down = FALSE;
  sand_renderer_draw_counter (r, cr, &d, 75, 50, 40);
  cairo_destroy (cr);
  cairo_surface_flush (img.surface);
  for (int y = 35; y < 65; y++)
    for (int x = 10; x < 40; x++)
      assert_color_near (pixel_at (&img, x + 0.5, y + 0.5), color, 2);
  /* Face up, the symbol and values are printed on it. */
  for (int y = 35; y < 65 && !ink; y++)
    for (int x = 60; x < 90 && !ink; x++)
      {
        Pixel p = pixel_at (&img, x + 0.5, y + 0.5);
        double cr_, cg, cb;

        sand_renderer_parse_color (color, &cr_, &cg, &cb);
        ink = ABS (p.r - (int) (cr_ * 255)) > 60 || ABS (p.b - (int) (cb * 255)) > 60;
      }
  g_assert_true (ink);
  image_free (&img);
}

static void
test_selected_counter_is_highlighted (void)
{
  g_autoptr (SandScenario) scenario = demo_scenario ("fpw1870");
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  SandCounterDraw d = { sand_scenario_get_counter (scenario, 0), 0, 10, FALSE, FALSE, 0 };
  Image img = image_new (100, 100, 1);
  cairo_t *cr = cairo_create (img.surface);
  Pixel p;

  sand_renderer_draw_counter (r, cr, &d, 25, 50, 40);
  d.selected = TRUE;
  sand_renderer_draw_counter (r, cr, &d, 75, 50, 40);
  cairo_destroy (cr);
  cairo_surface_flush (img.surface);
  /* Just above the counter's top edge. */
  g_assert_true (is_sentinel (pixel_at (&img, 25.5, 28.5)));
  p = pixel_at (&img, 75.5, 28.5);
  g_assert_cmpint (p.r, >, 200);
  g_assert_cmpint (p.g, >, 120);
  g_assert_cmpint (p.b, <, 80);
  image_free (&img);
}

/* The y, in map units, of the first drawn pixel going down column @x. */
static double
top_edge (Image *img,
          double x)
{
  int h = cairo_image_surface_get_height (img->surface);

  for (int y = 0; y < h; y++)
    if (!is_sentinel (pixel_at (img, x, (y + 0.5) / img->scale)))
      return y / img->scale;
  return h / img->scale;
}

static void
test_stacked_counters_are_offset (void)
{
  g_autoptr (SandScenario) scenario = blank_scenario (6, 6);
  SandMap *map = sand_scenario_get_map (scenario);
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  g_autoptr (SandCounter) counter = sand_counter_new ();
  SandCounterDraw draws[2] = { { 0 } };
  SandRuleset *rs = sand_scenario_get_ruleset (scenario);
  const char *color;
  SandPoint c = center (map, "0303");
  double l = sand_map_get_hex_size (map) * 1.05, step = l * 0.07;
  double w, h;
  Image one, two;

  counter->id = g_strdup ("x");
  counter->side = 0;
  counter->type = 0;
  color = sand_ruleset_get_side (rs, 0)->color;
  draws[0].counter = draws[1].counter = counter;
  draws[0].hex = draws[1].hex = hex_id (map, "0303");
  draws[0].face_down = draws[1].face_down = TRUE;
  map_size (map, &w, &h);
  one = image_new ((int) (w * 2) + 1, (int) (h * 2) + 1, 2);
  two = image_new ((int) (w * 2) + 1, (int) (h * 2) + 1, 2);
  sand_renderer_set_counters (r, draws, 1);
  draw_rect (r, &one, 0, 0, w, h, SAND_LAYER_COUNTERS);
  sand_renderer_set_counters (r, draws, 2);
  draw_rect (r, &two, 0, 0, w, h, SAND_LAYER_COUNTERS);
  /* The top counter of two sits higher (and further right) than a lone
   * counter, by half a stacking step each way. */
  g_assert_cmpfloat (top_edge (&two, c.x) + step * 0.4, <, top_edge (&one, c.x));
  g_assert_cmpfloat (top_edge (&one, c.x), >=, c.y - l / 2 - 1);
  assert_color_near (pixel_at (&two, c.x + step / 2, c.y - step / 2), color, 2);
  image_free (&one);
  image_free (&two);
}

static void
test_invalid_utf8_name_is_skipped_quietly (void)
{
  g_autoptr (SandScenario) scenario = blank_scenario (6, 6);
  SandMap *map = sand_scenario_get_map (scenario);
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  double w, h;
  Image img;

  /* The loader refuses such names; the renderer must still not warn (a
   * warning is fatal in tests) whatever the model holds. */
  sand_map_set_place (map, hex_id (map, "0303"), "Bad \xff\xfe name");
  sand_map_set_place (map, hex_id (map, "0304"), "Good name");
  map_size (map, &w, &h);
  img = image_new ((int) (w * 2) + 1, (int) (h * 2) + 1, 2);
  draw_rect (r, &img, 0, 0, w, h, SAND_LAYER_ALL);
  image_free (&img);
}

static void
test_overlay_tints_only_its_hexes (void)
{
  g_autoptr (SandScenario) scenario = blank_scenario (6, 6);
  SandMap *map = sand_scenario_get_map (scenario);
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  guint32 tint[36] = { 0 };
  SandOverlay overlay = { tint, NULL, NULL, 0, 0, NULL, 0 };
  double w, h;
  Image img;
  cairo_t *cr;
  Pixel p;

  tint[hex_id (map, "0303")] = 0xff0000ff;
  map_size (map, &w, &h);
  img = image_new ((int) w + 1, (int) h + 1, 1);
  draw_rect (r, &img, 0, 0, w, h, SAND_LAYER_TERRAIN);
  cr = cairo_create (img.surface);
  sand_renderer_draw_overlay (r, cr, 1, 0, 0, w, h, &overlay);
  cairo_destroy (cr);
  cairo_surface_flush (img.surface);
  p = pixel_at (&img, center (map, "0303").x, center (map, "0303").y);
  g_assert_cmpint (p.r, ==, 255);
  g_assert_cmpint (p.g, ==, 0);
  assert_color_near (pixel_at (&img, center (map, "0304").x, center (map, "0304").y),
                     terrain_color (map, "clear"), 2);
  image_free (&img);
}

/* An overlay badge ("Arrived", "Isolated") is drawn in the band above a
 * counter: the middle and lower part of the hex, where a counter shows its
 * values, is the same with the badge as without it (issue 17). */
static void
test_overlay_badge_leaves_counter_values_clear (void)
{
  g_autoptr (SandScenario) scenario = blank_scenario (6, 6);
  SandMap *map = sand_scenario_get_map (scenario);
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  const char *labels[36] = { NULL };
  SandOverlay plain = { NULL, NULL, NULL, 0, 0, NULL, 0 };
  SandOverlay badged = { NULL, labels, NULL, 0, 0, NULL, 0 };
  double size = sand_map_get_hex_size (map);
  SandPoint c = center (map, "0303");
  Image img[2];
  double w, h;
  guint differ_above = 0;

  labels[hex_id (map, "0303")] = "Arrived";
  map_size (map, &w, &h);
  for (int k = 0; k < 2; k++)
    {
      cairo_t *cr;

      img[k] = image_new ((int) w + 1, (int) h + 1, 1);
      draw_rect (r, &img[k], 0, 0, w, h, SAND_LAYER_TERRAIN);
      cr = cairo_create (img[k].surface);
      sand_renderer_draw_overlay (r, cr, 1, 0, 0, w, h, k == 0 ? &plain : &badged);
      cairo_destroy (cr);
      cairo_surface_flush (img[k].surface);
    }
  /* The counter (1.05 hex sizes a side, centred) from its top edge's
   * shoulder down: untouched. */
  for (double y = c.y - size * 0.45; y <= c.y + size * 0.5; y += 1)
    for (double x = c.x - size * 0.5; x <= c.x + size * 0.5; x += 1)
      {
        Pixel a = pixel_at (&img[0], x, y), b = pixel_at (&img[1], x, y);

        g_assert_true (a.r == b.r && a.g == b.g && a.b == b.b);
      }
  /* And the badge is drawn: above the counter. */
  for (double y = c.y - size * 0.85; y < c.y - size * 0.5; y += 1)
    for (double x = c.x - size * 0.5; x <= c.x + size * 0.5; x += 1)
      {
        Pixel a = pixel_at (&img[0], x, y), b = pixel_at (&img[1], x, y);

        differ_above += a.r != b.r || a.g != b.g || a.b != b.b;
      }
  g_assert_cmpuint (differ_above, >, 20);
  image_free (&img[0]);
  image_free (&img[1]);
}

static void
test_region_bounds_cover_the_changed_hexes (void)
{
  g_autoptr (SandScenario) scenario = blank_scenario (20, 20);
  SandMap *map = sand_scenario_get_map (scenario);
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  double x0, y0, x1, y1;
  SandPoint a = center (map, "0505"), b = center (map, "0707");
  double size = sand_map_get_hex_size (map);

  sand_renderer_region_bounds (r, 4, 4, 6, 6, &x0, &y0, &x1, &y1);
  g_assert_cmpfloat (x0, <=, a.x - 2 * size);
  g_assert_cmpfloat (y0, <=, a.y - 2 * size);
  g_assert_cmpfloat (x1, >=, b.x + 2 * size);
  g_assert_cmpfloat (y1, >=, b.y + 2 * size);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/default-counters-are-the-default-oob-setup",
                   test_default_counters_are_the_default_oob_setup);
  g_test_add_func ("/render/face-down-counter-shows-only-its-side-colour",
                   test_face_down_counter_shows_only_its_side_colour);
  g_test_add_func ("/render/selected-counter-is-highlighted",
                   test_selected_counter_is_highlighted);
  g_test_add_func ("/render/stacked-counters-are-offset", test_stacked_counters_are_offset);
  g_test_add_func ("/render/invalid-utf8-name-is-skipped-quietly",
                   test_invalid_utf8_name_is_skipped_quietly);
  g_test_add_func ("/render/overlay-tints-only-its-hexes", test_overlay_tints_only_its_hexes);
  g_test_add_func ("/render/overlay-badge-leaves-counter-values-clear",
                   test_overlay_badge_leaves_counter_values_clear);
  g_test_add_func ("/render/region-bounds-cover-the-changed-hexes",
                   test_region_bounds_cover_the_changed_hexes);
  return g_test_run ();
}
