/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The editor's interop and reference image: Export writes Tiled maps and
 * VASSAL modules; Open takes a .tmx as a new document, and a refused one
 * leaves the open document as it was; the reference image is set, fitted
 * and removed in undoable steps, loads off the main thread, and is drawn
 * into the map tiles over the terrain (and not when its opacity is 0).
 *
 * SAND_INTEROP_DUMP=DIR writes a screenshot of the canvas with a scan. */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "editor-export.h"
#include "editor-map-canvas-private.h"
#include "editor-reference.h"
#include "sand-interop.h"
#include "sand-reference.h"
#include "ui-test-lib.h"

static char *dir;

static char *
tmp (const char *name)
{
  return g_build_filename (dir, name, NULL);
}

static void
test_export_tmx_and_vmod (void)
{
  g_autoptr (EditorDocument) doc = load_shipped ("demo.xml");
  const char *names[] = { "map.tmx", "map.vmod" };
  const char *magic[] = { "<?xml", "PK" };

  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *path = tmp (names[i]);
      g_autoptr (GFile) file = g_file_new_for_path (path);
      g_autoptr (GError) error = NULL;
      g_autofree char *data = NULL;

      g_assert_true (editor_export_map (editor_document_get_scenario (doc), file,
                                        SAND_LAYER_ALL, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
      g_assert_true (g_str_has_prefix (data, magic[i]));
    }
  g_assert_cmpint (editor_export_format_for_name ("x.TMX"), ==, EDITOR_EXPORT_TMX);
  g_assert_cmpint (editor_export_format_for_name ("x.vmod"), ==, EDITOR_EXPORT_VMOD);
}

static void
test_open_tmx (void)
{
  g_autoptr (EditorDocument) doc = load_shipped ("fpw1870.xml");
  EditorWindow *window = new_window (doc);
  g_autofree char *path = tmp ("open.tmx");
  g_autofree char *bad = tmp ("bad.tmx");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFile) bad_file = g_file_new_for_path (bad);
  g_autoptr (EditorDocument) demo = load_shipped ("demo.xml");
  EditorDocument *opened;

  /* A refused map changes nothing of the open document. */
  g_assert_true (g_file_set_contents (bad, "<?xml version=\"1.0\"?>\n<map orientation="
                                      "\"orthogonal\" width=\"2\" height=\"2\" tilewidth=\"8\" "
                                      "tileheight=\"8\"/>\n", -1, NULL));
  editor_document_set_terrain (doc, 3, 1);
  g_assert_false (editor_window_open_file (window, bad_file));
  flush_events ();
  g_assert_true (editor_window_get_document (window) == doc);
  g_assert_true (editor_document_get_dirty (doc));
  g_assert_cmpint (sand_map_get_terrain (editor_document_get_map (doc), 3), ==, 1);

  /* A map whose tiles name their terrain opens at once, as a new,
   * unsaved document. */
  g_assert_true (sand_tmx_export (editor_document_get_scenario (demo), path, NULL, NULL));
  destroy_window (window);
  window = new_window (NULL);
  g_assert_true (editor_window_open_file (window, file));
  flush_events ();
  opened = editor_window_get_document (window);
  g_assert_nonnull (opened);
  g_assert_null (editor_document_get_file (opened));
  g_assert_cmpmem (sand_map_peek_terrain (editor_document_get_map (opened)),
                   sand_grid_n_hexes (sand_map_get_grid (editor_document_get_map (demo))),
                   sand_map_peek_terrain (editor_document_get_map (demo)),
                   sand_grid_n_hexes (sand_map_get_grid (editor_document_get_map (demo))));
  destroy_window (window);
}

/* A 400 × 300 scan: red left half, blue right half. */
static char *
write_scan (void)
{
  char *path = tmp ("scan.png");
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 400, 300);
  cairo_t *cr = cairo_create (s);

  cairo_set_source_rgb (cr, 1, 0, 0);
  cairo_rectangle (cr, 0, 0, 200, 300);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0, 0, 1);
  cairo_rectangle (cr, 200, 0, 200, 300);
  cairo_fill (cr);
  cairo_destroy (cr);
  g_assert_cmpint (cairo_surface_write_to_png (s, path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (s);
  return path;
}

static void
pixel_at (EditorReferenceLayer *layer,
          SandScenario         *scenario,
          double                x,
          double                y,
          guint8                rgb[3])
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (s);
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  guint8 *d;

  /* As a tile draws it: terrain, then the scan. */
  cairo_translate (cr, -x, -y);
  sand_renderer_draw (r, cr, 1, x - 1, y - 1, x + 1, y + 1, SAND_LAYER_TERRAIN);
  editor_reference_layer_draw (layer, cr, 1, x - 1, y - 1, x + 1, y + 1);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  d = cairo_image_surface_get_data (s);
  rgb[0] = d[2], rgb[1] = d[1], rgb[2] = d[0];
  cairo_surface_destroy (s);
}

static void
test_reference_image (void)
{
  g_autoptr (EditorDocument) doc = load_shipped ("demo.xml");
  EditorWindow *window = new_window (doc);
  EditorReferenceLayer *layer = editor_reference_get_layer (window);
  SandScenario *scenario = editor_document_get_scenario (doc);
  SandMap *map = editor_document_get_map (doc);
  g_autofree char *scan = write_scan ();
  g_autoptr (GFile) scan_file = g_file_new_for_path (scan);
  g_autofree char *stored = editor_reference_path_for (doc, scan_file);
  g_autoptr (SandReference) ref = sand_reference_new (stored);
  SandPoint c0, c1;
  guint8 rgb[3];
  int w, h;

  g_assert_true (g_path_is_absolute (stored)); /* demo.xml lives elsewhere */
  ref->opacity = 1.0;
  editor_reference_apply (doc, ref, "Set Reference Image");
  g_assert_cmpstr (editor_document_get_undo_label (doc), ==, "Set Reference Image");
  editor_reference_layer_wait (layer);
  g_assert_null (editor_reference_layer_get_error (layer));
  editor_reference_layer_get_size (layer, &w, &h);
  g_assert_cmpint (w, ==, 400);
  g_assert_cmpint (h, ==, 300);
  g_assert_true (editor_reference_layer_is_active (layer));

  /* Fit: image (100, 150) on 0101's centre, (300, 150) on 0501's. */
  g_assert_true (editor_reference_fit (doc, (SandPoint) { 100, 150 }, 0,
                                       (SandPoint) { 300, 150 }, 4));
  c0 = sand_grid_hex_center (sand_map_get_grid (map), sand_map_get_hex_size (map), 0);
  c1 = sand_grid_hex_center (sand_map_get_grid (map), sand_map_get_hex_size (map), 4);
  flush_events ();
  pixel_at (layer, scenario, c0.x, c0.y, rgb);
  g_assert_cmpint (rgb[0], >, 200);
  g_assert_cmpint (rgb[2], <, 50);
  pixel_at (layer, scenario, c1.x, c1.y, rgb);
  g_assert_cmpint (rgb[2], >, 200);
  g_assert_cmpint (rgb[0], <, 50);
  {
    const SandReference *fitted = sand_scenario_get_reference (scenario);
    double x, y;
    sand_reference_to_map (fitted, 300, 150, &x, &y);
    g_assert_cmpfloat_with_epsilon (x, c1.x, 1e-6);
    g_assert_cmpfloat_with_epsilon (y, c1.y, 1e-6);
  }

  if (g_getenv ("SAND_INTEROP_DUMP") != NULL)
    {
      g_autoptr (SandReference) half = sand_reference_copy (sand_scenario_get_reference (scenario));
      g_autofree char *out = g_build_filename (g_getenv ("SAND_INTEROP_DUMP"),
                                               "editor-reference.png", NULL);
      half->opacity = 0.5;
      editor_reference_apply (doc, half, "Change Reference Image");
      editor_map_canvas_set_sync_rendering (EDITOR_MAP_CANVAS (window->canvas), TRUE);
      flush_events ();
      save_window (GTK_WINDOW (window), out);
      editor_document_undo (doc);
    }

  /* Opacity 0 draws nothing; undo steps back through fit and set. */
  {
    g_autoptr (SandReference) clear = sand_reference_copy (sand_scenario_get_reference (scenario));
    clear->opacity = 0;
    editor_reference_apply (doc, clear, "Change Reference Image");
    g_assert_false (editor_reference_layer_is_active (layer));
    editor_document_undo (doc);
    g_assert_true (editor_reference_layer_is_active (layer));
  }
  g_assert_cmpstr (editor_document_get_undo_label (doc), ==, "Fit Reference Image");
  editor_document_undo (doc);
  g_assert_cmpfloat (sand_scenario_get_reference (scenario)->scale, ==, 1.0);
  editor_document_undo (doc);
  g_assert_null (sand_scenario_get_reference (scenario));
  g_assert_false (editor_reference_layer_is_active (layer));
  editor_document_redo (doc);
  g_assert_nonnull (sand_scenario_get_reference (scenario));

  /* Exports leave the scan out unless asked; asked, it shows. */
  {
    g_autoptr (SandReference) shown = sand_reference_copy (sand_scenario_get_reference (scenario));
    g_autofree char *png = tmp ("with-scan.png");
    g_autoptr (GFile) file = g_file_new_for_path (png);
    g_autoptr (GError) error = NULL;
    cairo_surface_t *s;
    guint8 *d;
    double sc = editor_export_get_scale (scenario, EDITOR_EXPORT_PNG);

    for (int asked = 0; asked < 2; asked++)
      {
        shown->opacity = 1;
        shown->in_exports = asked;
        editor_reference_apply (doc, shown, "Change Reference Image");
        g_assert_true (editor_export_map (scenario, file, SAND_LAYER_TERRAIN, &error));
        g_assert_no_error (error);
        s = cairo_image_surface_create_from_png (png);
        d = cairo_image_surface_get_data (s);
        /* 0101's centre: under the scan's red half when it shows. */
        {
          int x = (int) (c0.x * sc), y = (int) (c0.y * sc);
          guint8 *px = d + y * cairo_image_surface_get_stride (s) + 4 * x;
          if (asked)
            g_assert_true (px[2] > 200 && px[0] < 50);
          else
            g_assert_false (px[2] > 200 && px[0] < 50);
        }
        cairo_surface_destroy (s);
      }
  }

  /* The panel opens on the action and follows the model. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "reference-image", NULL);
  flush_events ();
  if (g_getenv ("SAND_INTEROP_DUMP") != NULL)
    {
      g_autofree char *out = g_build_filename (g_getenv ("SAND_INTEROP_DUMP"),
                                               "editor-reference-panel.png", NULL);
      GList *top = gtk_window_list_toplevels ();
      for (GList *l = top; l != NULL; l = l->next)
        if (g_strcmp0 (gtk_window_get_title (l->data), "Reference Image") == 0)
          {
            g_usleep (200000);
            flush_events ();
            save_window (l->data, out);
          }
      g_list_free (top);
    }
  destroy_window (window);
}

int
main (int    argc,
      char **argv)
{
  int ret;

  if (!ui_test_init (&argc, &argv, "sandtable-test-interop-XXXXXX"))
    return 0;
  dir = g_dir_make_tmp ("sandtable-interop-ui-XXXXXX", NULL);
  g_test_add_func ("/interop/export/tmx-and-vmod", test_export_tmx_and_vmod);
  g_test_add_func ("/interop/open/tmx", test_open_tmx);
  g_test_add_func ("/interop/reference/image", test_reference_image);
  ret = g_test_run ();
  g_clear_object (&app);
  return ret;
}
