/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-reference-export.c: an exported map with its reference image,
 * for the designer who asked for it ("Show in Exports"): terrain, the scan
 * at its opacity, then everything else, as the canvas shows it. Without
 * that switch exports never show the scan. */
#include "config.h"

#include <math.h>
#include <string.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <gdk/gdk.h>
#include <glib/gi18n.h>

#include "editor-reference.h"
#include "sand-reference.h"
#include "sand-safe-file.h"

gboolean
editor_reference_export (SandScenario *scenario,
                         const char   *path,
                         double        scale,
                         SandLayers    layers,
                         GError      **error)
{
  const SandReference *ref = sand_scenario_get_reference (scenario);
  const char *image = g_object_get_data (G_OBJECT (scenario), EDITOR_REFERENCE_RESOLVED_KEY);
  SandMap *map = sand_scenario_get_map (scenario);
  g_autoptr (SandRenderer) renderer = sand_renderer_new (scenario);
  g_autoptr (GdkPixbuf) pixbuf = NULL;
  g_autofree char *lower = g_ascii_strdown (path, -1);
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  double w, h;
  int pw, ph;

  g_return_val_if_fail (ref != NULL, FALSE);

  if (!sand_safe_file_check_regular (image != NULL ? image : ref->path,
                                     SAND_SAFE_FILE_MAX_IMAGE, error))
    return FALSE;
  pixbuf = gdk_pixbuf_new_from_file (image != NULL ? image : ref->path, error);
  if (pixbuf == NULL)
    return FALSE;
  sand_grid_pixel_size (sand_map_get_grid (map), sand_map_get_hex_size (map), &w, &h);
  pw = MAX (1, (int) ceil (w * scale));
  ph = MAX (1, (int) ceil (h * scale));
  if (g_str_has_suffix (lower, ".svg"))
    surface = cairo_svg_surface_create (path, pw, ph);
  else if (g_str_has_suffix (lower, ".pdf"))
    surface = cairo_pdf_surface_create (path, pw, ph);
  else
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pw, ph);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_scale (cr, scale, scale);
  sand_renderer_draw (renderer, cr, scale, 0, 0, w, h, layers & SAND_LAYER_TERRAIN);
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, w, h);
  cairo_clip (cr);
  cairo_translate (cr, ref->x, ref->y);
  cairo_rotate (cr, ref->rotation * G_PI / 180.0);
  cairo_scale (cr, ref->scale, ref->scale);
  gdk_cairo_set_source_pixbuf (cr, pixbuf, 0, 0);
  cairo_paint_with_alpha (cr, ref->opacity);
  cairo_restore (cr);
  sand_renderer_draw (renderer, cr, scale, 0, 0, w, h, layers & ~SAND_LAYER_TERRAIN);
  status = cairo_status (cr);
  cairo_destroy (cr);
  if (status == CAIRO_STATUS_SUCCESS && cairo_surface_get_type (surface) == CAIRO_SURFACE_TYPE_IMAGE)
    status = cairo_surface_write_to_png (surface, path);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: %s", path,
                   cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}
