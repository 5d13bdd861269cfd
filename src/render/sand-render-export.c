/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-render-export.c: the whole map to a PNG (streamed in bands), an SVG
 * or a PDF file, on the paper colour, at a scale. */
#include "sand-renderer-private.h"
#include "sand-render-file.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <math.h>
#include <glib/gi18n-lib.h>

/* Cairo's image surfaces stop at 32767 pixels a side; a PNG of a quarter
 * gigapixel is already more than anyone prints. */
#define EXPORT_MAX_SIDE 32767
#define EXPORT_MAX_PNG_HEIGHT 1000000

static const SandRgb paper_rgb = { 0.984, 0.973, 0.937 };

typedef enum { EXPORT_PNG, EXPORT_SVG, EXPORT_PDF } ExportFormat;

gboolean
sand_renderer_export (SandRenderer *self,
                      const char   *path,
                      double        scale,
                      SandLayers    layers,
                      GError      **error)
{
  g_autofree char *lower = NULL;
  SandRenderFile file;
  ExportFormat format;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  double w, h;
  int pw, ph;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  lower = g_ascii_strdown (path, -1);
  if (g_str_has_suffix (lower, ".png"))
    format = EXPORT_PNG;
  else if (g_str_has_suffix (lower, ".svg"))
    format = EXPORT_SVG;
  else if (g_str_has_suffix (lower, ".pdf"))
    format = EXPORT_PDF;
  else
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("%s: unknown image format (use .png, .svg or .pdf)"), path);
      return FALSE;
    }
  if (!(scale > 0) || !isfinite (scale))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("%s: the scale must be a positive number"), path);
      return FALSE;
    }

  sand_grid_pixel_size (sand_map_get_grid (self->map), sand_map_get_hex_size (self->map),
                        &w, &h);
  /* PNG streams in bands (sand-render-png.c): only its width is bound by
   * cairo's surfaces; its height by what a PNG reader will take. */
  if (w * scale > EXPORT_MAX_SIDE ||
      h * scale > (format == EXPORT_PNG ? EXPORT_MAX_PNG_HEIGHT : EXPORT_MAX_SIDE))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("%s: %.0f×%.0f is too large an image; use a smaller scale"), path,
                   ceil (w * scale), ceil (h * scale));
      return FALSE;
    }
  pw = MAX (1, (int) ceil (w * scale));
  ph = MAX (1, (int) ceil (h * scale));

  /* A failed export leaves any old file in place. */
  if (!sand_render_file_open (&file, path, error))
    return FALSE;

  if (format == EXPORT_PNG)
    {
      if (!sand_render_png_stream (self, file.stream, scale, layers, pw, ph, paper_rgb,
                                   &file.error))
        status = CAIRO_STATUS_WRITE_ERROR;
      else
        status = CAIRO_STATUS_SUCCESS;
      return sand_render_file_close (&file, path, status, error);
    }
  if (format == EXPORT_SVG)
    surface = cairo_svg_surface_create_for_stream (sand_render_file_write, &file, pw, ph);
  else
    surface = cairo_pdf_surface_create_for_stream (sand_render_file_write, &file, pw, ph);

  cr = cairo_create (surface);
  sand_render_set_rgb (cr, paper_rgb, 1);
  cairo_paint (cr);
  cairo_scale (cr, scale, scale);
  sand_renderer_draw (self, cr, scale, 0, 0, w, h, layers);
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  return sand_render_file_close (&file, path, status, error);
}
