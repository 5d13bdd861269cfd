/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-render-export: the renderer exports real PNG, SVG and PDF files, and
 * the command line's render exports them and fails with status 2. */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/wait.h>

#include "hex-id.h"
#include "sand-renderer.h"
#include "sand-scenario-io.h"

#include "render-test-helpers.h"

static void
check_magic (const char *path,
             const char *magic,
             gsize       within)
{
  g_autofree char *data = NULL;
  gsize len;
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &data, &len, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (len, >, 100);
  g_assert_nonnull (g_strstr_len (data, MIN (len, within), magic));
}

static void
test_export_writes_png_svg_and_pdf (void)
{
  g_autoptr (SandScenario) scenario = demo_scenario ("lfaf1914");
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-render-XXXXXX", &error);
  g_autofree char *png = g_build_filename (dir, "map.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "map.SVG", NULL);
  g_autofree char *pdf = g_build_filename (dir, "map.pdf", NULL);
  g_autofree char *txt = g_build_filename (dir, "map.txt", NULL);
  g_autofree char *missing = g_build_filename (dir, "no", "such", "dir", "map.png", NULL);
  cairo_surface_t *loaded;

  g_assert_no_error (error);
  g_assert_true (sand_renderer_export (r, png, 1.0, SAND_LAYER_ALL, &error));
  g_assert_no_error (error);
  g_assert_true (sand_renderer_export (r, svg, 1.0, SAND_LAYER_ALL, &error));
  g_assert_no_error (error);
  g_assert_true (sand_renderer_export (r, pdf, 1.0, SAND_LAYER_ALL, &error));
  g_assert_no_error (error);
  check_magic (png, "\x89PNG\r\n\x1a\n", 8);
  check_magic (svg, "<svg", 200);
  check_magic (pdf, "%PDF-", 5);

  /* The PNG is the whole map at the scale asked for. */
  loaded = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (loaded), ==, CAIRO_STATUS_SUCCESS);
  {
    double w, h;

    map_size (sand_scenario_get_map (scenario), &w, &h);
    g_assert_cmpint (cairo_image_surface_get_width (loaded), ==, (int) ceil (w));
    g_assert_cmpint (cairo_image_surface_get_height (loaded), ==, (int) ceil (h));
  }
  cairo_surface_destroy (loaded);

  g_assert_false (sand_renderer_export (r, txt, 1.0, SAND_LAYER_ALL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_false (g_file_test (txt, G_FILE_TEST_EXISTS));
  g_clear_error (&error);
  g_assert_false (sand_renderer_export (r, missing, 1.0, SAND_LAYER_ALL, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_false (sand_renderer_export (r, png, 1e6, SAND_LAYER_ALL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  /* A failed export leaves the earlier file as it was. */
  check_magic (png, "\x89PNG\r\n\x1a\n", 8);

  g_unlink (png);
  g_unlink (svg);
  g_unlink (pdf);
  g_rmdir (dir);
}

static int
run_cli (const char *const *args,
         char              **err)
{
  const char *cli = g_getenv ("SANDTABLE_CLI");
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  int status = -1;

  g_ptr_array_add (argv, (gpointer) cli);
  g_ptr_array_add (argv, (gpointer) "render");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL,
                               NULL, NULL, NULL, err, &status, &error));
  g_assert_no_error (error);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

static void
test_cli_render_exports_and_fails_with_status_2 (void)
{
  const char *datadir = g_getenv ("SANDTABLE_DATADIR");
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = NULL, *demo = NULL, *png = NULL, *pdf = NULL, *bad = NULL;
  g_autofree char *missing = NULL, *err = NULL;

  if (g_getenv ("SANDTABLE_CLI") == NULL || datadir == NULL)
    {
      g_test_skip ("SANDTABLE_CLI and SANDTABLE_DATADIR are set by meson test");
      return;
    }
  dir = g_dir_make_tmp ("test-render-cli-XXXXXX", &error);
  g_assert_no_error (error);
  demo = g_build_filename (datadir, "scenarios", "demo.xml", NULL);
  png = g_build_filename (dir, "demo.png", NULL);
  pdf = g_build_filename (dir, "demo.pdf", NULL);
  bad = g_build_filename (dir, "bad.xml", NULL);
  missing = g_build_filename (dir, "no", "such", "dir", "demo.png", NULL);

  g_assert_cmpint (run_cli ((const char *[]) { demo, "-o", png, "--scale", "0.5", NULL }, &err),
                   ==, 0);
  check_magic (png, "\x89PNG\r\n\x1a\n", 8);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli ((const char *[]) { demo, "-o", pdf, "--no-ids", "--no-counters",
                                               NULL }, &err), ==, 0);
  check_magic (pdf, "%PDF-", 5);
  g_clear_pointer (&err, g_free);

  /* A load error names the file and line. */
  g_assert_true (g_file_set_contents (bad, "<?xml version=\"1.0\"?>\n<scenario\n", -1, NULL));
  g_assert_cmpint (run_cli ((const char *[]) { bad, "-o", png, NULL }, &err), ==, 2);
  g_assert_true (g_str_has_prefix (err, bad));
  g_assert_true (g_ascii_isdigit (err[strlen (bad) + 1]));
  g_clear_pointer (&err, g_free);
  /* Unwritable output, unknown format, missing arguments. */
  g_assert_cmpint (run_cli ((const char *[]) { demo, "-o", missing, NULL }, &err), ==, 2);
  g_assert_nonnull (strstr (err, missing));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli ((const char *[]) { demo, "-o", bad, NULL }, &err), ==, 2);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli ((const char *[]) { demo, NULL }, &err), ==, 2);
  g_clear_pointer (&err, g_free);

  g_unlink (png);
  g_unlink (pdf);
  g_unlink (bad);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/export-writes-png-svg-and-pdf", test_export_writes_png_svg_and_pdf);
  g_test_add_func ("/render/cli-render-exports-and-fails-with-status-2",
                   test_cli_render_exports_and_fails_with_status_2);
  return g_test_run ();
}
