/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The PNG export draws in bands on several threads and joins their
 * compressed rows into one image: it must read back as a valid PNG equal,
 * pixel for pixel (to a level of rounding), to the whole map drawn onto
 * one surface: no seams, no band drawn twice or left out. */
#include "config.h"

#include <math.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "sand-renderer.h"
#include "sand-scenario-io.h"

static void
check_scenario (const char *file,
                double      scale)
{
  const char *datadir = g_getenv ("SANDTABLE_DATADIR");
  g_autofree char *path = g_build_filename (datadir != NULL ? datadir : "../data", "scenarios",
                                            file, NULL);
  g_autofree char *dir = g_dir_make_tmp ("sandtable-png-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "map.png", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (SandScenario) scenario = sand_scenario_load_file (path, &error);
  g_autoptr (SandRenderer) renderer = NULL;
  cairo_surface_t *loaded, *whole;
  cairo_t *cr;
  double w, h;
  int pw, ph, differ = 0;

  g_assert_no_error (error);
  renderer = sand_renderer_new (scenario);
  g_assert_true (sand_renderer_export (renderer, png, scale, SAND_LAYER_ALL, &error));
  g_assert_no_error (error);

  sand_grid_pixel_size (sand_map_get_grid (sand_scenario_get_map (scenario)),
                        sand_map_get_hex_size (sand_scenario_get_map (scenario)), &w, &h);
  pw = (int) ceil (w * scale);
  ph = (int) ceil (h * scale);
  loaded = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (loaded), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (loaded), ==, pw);
  g_assert_cmpint (cairo_image_surface_get_height (loaded), ==, ph);

  /* The reference: one surface, one draw, as the export used to. */
  whole = cairo_image_surface_create (CAIRO_FORMAT_RGB24, pw, ph);
  cr = cairo_create (whole);
  cairo_set_source_rgb (cr, 0.984, 0.973, 0.937);
  cairo_paint (cr);
  cairo_scale (cr, scale, scale);
  {
    g_autoptr (SandRenderer) fresh = sand_renderer_new (scenario);

    sand_renderer_draw (fresh, cr, scale, 0, 0, w, h, SAND_LAYER_ALL);
  }
  cairo_destroy (cr);
  cairo_surface_flush (whole);
  cairo_surface_flush (loaded);
  for (int y = 0; y < ph; y++)
    {
      const guint32 *a = (const guint32 *) (cairo_image_surface_get_data (loaded) +
                                            (gsize) y * cairo_image_surface_get_stride (loaded));
      const guint32 *b = (const guint32 *) (cairo_image_surface_get_data (whole) +
                                            (gsize) y * cairo_image_surface_get_stride (whole));

      /* Equal, up to one level of a channel: an edge at a fraction of a
       * pixel lands on cairo's 1/256-pixel grid from a band's origin or
       * the map's, which may round its coverage one level apart. */
      for (int x = 0; x < pw; x++)
        for (int shift = 0; shift < 24; shift += 8)
          if (ABS ((int) ((a[x] >> shift) & 0xff) - (int) ((b[x] >> shift) & 0xff)) > 1)
            {
              differ++;
              break;
            }
    }
  if (differ > 0 && g_getenv ("SAND_PNG_DUMP") != NULL)
    {
      g_autofree char *a = g_strdup_printf ("%s/banded-%s.png", g_getenv ("SAND_PNG_DUMP"), file);
      g_autofree char *b = g_strdup_printf ("%s/whole-%s.png", g_getenv ("SAND_PNG_DUMP"), file);

      cairo_surface_write_to_png (loaded, a);
      cairo_surface_write_to_png (whole, b);
    }
  g_assert_cmpint (differ, ==, 0);
  cairo_surface_destroy (loaded);
  cairo_surface_destroy (whole);
  g_unlink (png);
  g_rmdir (dir);
}

/* Several bands (a tall map at 2 px a unit) and the lowest detail. */
static void
test_bands_match_one_surface (void)
{
  check_scenario ("lfaf1914-3-bataille.xml", 2.0);
  check_scenario ("fpw1870.xml", 1.0);
  check_scenario ("fpw1870.xml", 0.08);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/export/png/bands-match-one-surface", test_bands_match_one_surface);
  return g_test_run ();
}
