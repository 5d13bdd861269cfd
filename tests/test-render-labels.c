/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-render-labels: the renderer places the map's names so that they never
 * overlap, take the clear spots, come out alike whatever the rectangle
 * drawn, and report the labels an edit moved. */
#include <gio/gio.h>
#include <math.h>
#include <string.h>

#include "hex-id.h"
#include "sand-renderer.h"
#include "sand-scenario-io.h"

#include "render-test-helpers.h"

static SandScenario *
shipped_scenario (const char *file)
{
  const char *datadir = g_getenv ("SANDTABLE_DATADIR");
  g_autofree char *path = g_build_filename (datadir != NULL ? datadir : "../data", "scenarios",
                                            file, NULL);
  g_autoptr (GError) error = NULL;
  SandScenario *scenario = sand_scenario_load_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  return scenario;
}

static gboolean
boxes_overlap (const SandLabelBox *a,
               const SandLabelBox *b)
{
  return MIN (a->x1, b->x1) - MAX (a->x0, b->x0) > 1e-6 &&
         MIN (a->y1, b->y1) - MAX (a->y0, b->y0) > 1e-6;
}

/* Place names, zone names and entry groups of the shipped scenarios each
 * find a spot of their own at every zoom that shows them. */
static void
test_placed_labels_never_overlap (gconstpointer data)
{
  g_autoptr (SandScenario) scenario = shipped_scenario (data);
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  const double scales[] = { 0.5, 1, 2 };

  for (guint s = 0; s < G_N_ELEMENTS (scales); s++)
    {
      guint n = 0;
      const SandLabelBox *l = sand_renderer_get_labels (r, scales[s], SAND_LAYER_ALL, &n);

      if (scales[s] >= 1)
        g_assert_cmpuint (n, >, 0);
      for (guint i = 0; i < n; i++)
        {
          if (l[i].collides)
            g_error ("label %u (kind %d) at hex %d finds no clear spot at scale %g", i,
                     l[i].kind, l[i].hex, scales[s]);
          for (guint j = i + 1; j < n; j++)
            if (boxes_overlap (&l[i], &l[j]))
              g_error ("labels at hexes %d and %d overlap at scale %g", l[i].hex, l[j].hex,
                       scales[s]);
        }
    }
}

/* Where names are crowded, a label that finds no clear spot says so, and
 * every other one is clear of all labels. */
static void
test_crowded_names_take_the_clear_spots (void)
{
  g_autoptr (SandScenario) scenario = blank_scenario (6, 6);
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  SandMap *map = sand_scenario_get_map (scenario);
  const char *const ids[] = { "0202", "0302", "0203", "0303", "0403", "0204" };
  const SandLabelBox *l;
  guint n = 0, moved = 0;

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    sand_map_set_place (map, hex_id (map, ids[i]), "Neufchâteau-en-Ardenne");
  l = sand_renderer_get_labels (r, 1, SAND_LAYER_ALL & ~SAND_LAYER_IDS, &n);
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (ids));
  for (guint i = 0; i < n; i++)
    {
      SandPoint c = sand_grid_hex_center (sand_map_get_grid (map), sand_map_get_hex_size (map),
                                          l[i].hex);

      g_assert_cmpint (l[i].kind, ==, SAND_LABEL_NAME);
      if (l[i].y0 < c.y)
        moved++; /* not under its dot */
      for (guint j = 0; j < n; j++)
        if (j != i && !l[i].collides && !l[j].collides)
          g_assert_false (boxes_overlap (&l[i], &l[j]));
    }
  g_assert_cmpuint (moved, >, 0);
}

/* The canvas draws 256-pixel tiles in any order: a label cut by a tile's
 * edge must be placed, and drawn, the same in both tiles. */
static void
test_labels_placed_alike_whatever_the_rectangle (void)
{
  g_autoptr (SandScenario) scenario = shipped_scenario ("fpw1870.xml");
  g_autoptr (SandRenderer) whole_r = sand_renderer_new (scenario);
  g_autoptr (SandRenderer) tile_r = sand_renderer_new (scenario);
  const SandLabelBox *a, *b;
  guint na = 0, nb = 0, differ = 0;
  /* Around Saarbrücken, where counters, names and zones crowd. */
  double x0 = 1536, y0 = 512, w = 512, h = 512;
  Image whole = image_new ((int) w, (int) h, 1), tiled = image_new ((int) w, (int) h, 1);
  cairo_t *cr;

  cr = cairo_create (whole.surface);
  cairo_translate (cr, -x0, -y0);
  sand_renderer_draw (whole_r, cr, 1, x0, y0, x0 + w, y0 + h, SAND_LAYER_ALL);
  cairo_destroy (cr);
  /* Tiles last to first, each a draw of its own rectangle. */
  for (int t = 3; t >= 0; t--)
    {
      double tx = x0 + (t % 2) * 256, ty = y0 + (t / 2) * 256;

      cr = cairo_create (tiled.surface);
      cairo_translate (cr, -x0, -y0);
      sand_renderer_draw (tile_r, cr, 1, tx, ty, tx + 256, ty + 256, SAND_LAYER_ALL);
      cairo_destroy (cr);
    }
  a = sand_renderer_get_labels (whole_r, 1, SAND_LAYER_ALL, &na);
  b = sand_renderer_get_labels (tile_r, 1, SAND_LAYER_ALL, &nb);
  g_assert_cmpuint (na, ==, nb);
  g_assert_cmpuint (na, >, 0);
  for (guint i = 0; i < na; i++)
    {
      g_assert_cmpint (a[i].hex, ==, b[i].hex);
      g_assert_cmpfloat (a[i].x, ==, b[i].x);
      g_assert_cmpfloat (a[i].y, ==, b[i].y);
    }
  for (int y = 0; y < (int) h; y++)
    for (int x = 0; x < (int) w; x++)
      {
        Pixel p = pixel_at (&whole, x + 0.5, y + 0.5), q = pixel_at (&tiled, x + 0.5, y + 0.5);

        if (ABS (p.r - q.r) > 24 || ABS (p.g - q.g) > 24 || ABS (p.b - q.b) > 24)
          differ++;
      }
  /* Antialiasing along the two cuts may differ; no label may move. */
  g_assert_cmpuint (differ, <, (guint) (w * 4));
  image_free (&whole);
  image_free (&tiled);
}

/* An edit may move a label beyond the hexes it touched: the renderer tells
 * the canvas where, so that no tile keeps it in its old spot. */
static void
test_label_moved_by_an_edit_is_reported (void)
{
  g_autoptr (SandScenario) scenario = blank_scenario (6, 6);
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  SandMap *map = sand_scenario_get_map (scenario);
  const SandLabelBox *l;
  SandLabelBox before, after;
  guint n = 0;
  double x0, y0, x1, y1;

  sand_map_set_place (map, hex_id (map, "0303"), "Metz");
  sand_renderer_update_labels (r, 1, SAND_LAYER_ALL, &x0, &y0, &x1, &y1);
  g_assert_false (sand_renderer_update_labels (r, 1, SAND_LAYER_ALL, &x0, &y0, &x1, &y1));
  l = sand_renderer_get_labels (r, 1, SAND_LAYER_ALL, &n);
  g_assert_cmpuint (n, ==, 1);
  before = l[0];

  /* A fort's star is wider than the town dot: the name drops below it. */
  sand_map_add_marker (map, marker (map, SAND_MARKER_FORT, "0303", 0));
  g_assert_true (sand_renderer_update_labels (r, 1, SAND_LAYER_ALL, &x0, &y0, &x1, &y1));
  l = sand_renderer_get_labels (r, 1, SAND_LAYER_ALL, &n);
  g_assert_cmpuint (n, ==, 1);
  after = l[0];
  g_assert_cmpfloat (after.y0, >, before.y0);
  g_assert_cmpfloat (x0, <=, MIN (before.x0, after.x0));
  g_assert_cmpfloat (y0, <=, MIN (before.y0, after.y0));
  g_assert_cmpfloat (x1, >=, MAX (before.x1, after.x1));
  g_assert_cmpfloat (y1, >=, MAX (before.y1, after.y1));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/render/placed-labels-never-overlap/fpw1870", "fpw1870.xml",
                        test_placed_labels_never_overlap);
  g_test_add_data_func ("/render/placed-labels-never-overlap/lfaf1914-3-bataille",
                        "lfaf1914-3-bataille.xml", test_placed_labels_never_overlap);
  g_test_add_data_func ("/render/placed-labels-never-overlap/demo", "demo.xml",
                        test_placed_labels_never_overlap);
  g_test_add_func ("/render/crowded-names-take-the-clear-spots",
                   test_crowded_names_take_the_clear_spots);
  g_test_add_func ("/render/labels-placed-alike-whatever-the-rectangle",
                   test_labels_placed_alike_whatever_the_rectangle);
  g_test_add_func ("/render/label-moved-by-an-edit-is-reported",
                   test_label_moved_by_an_edit_is_reported);
  return g_test_run ();
}
