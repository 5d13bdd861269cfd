/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-print-map.c: the map on pages and the cover that shows how they go
 * together. Each page draws its window of the map through the canvas's
 * renderer (hex ids, names, set-up marks and counters as on screen),
 * with crop marks at the corners of the map area, "cut" along the edges
 * to trim before taping, and registration targets in the overlap strips:
 * a page and its neighbour print the same target on the same spot of the
 * map, so laying one over the other lines them up. */
#include "config.h"

#include "sand-print-kit-private.h"

#include <math.h>

#include <glib/gi18n-lib.h>

/* Level of detail as at 150 dpi: print resolves what a screen at the same
 * size in pixels could not, so hex ids and symbols show at smaller hexes. */
#define PRINT_DPI 150.0

static void
target (cairo_t *cr,
        double   x,
        double   y)
{
  for (int pass = 0; pass < 2; pass++)
    {
      /* A white halo first, so the target reads on any terrain. */
      if (pass == 0)
        cairo_set_source_rgba (cr, 1, 1, 1, 0.9), cairo_set_line_width (cr, 0.6);
      else
        cairo_set_source_rgb (cr, 0, 0, 0), cairo_set_line_width (cr, 0.15);
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, 1.5, 0, 2 * G_PI);
      cairo_move_to (cr, x - 3, y);
      cairo_line_to (cr, x + 3, y);
      cairo_move_to (cr, x, y - 3);
      cairo_line_to (cr, x, y + 3);
      cairo_stroke (cr);
    }
}

static void
crop_mark (cairo_t *cr,
           double   x,
           double   y,
           double   sx,
           double   sy)
{
  cairo_move_to (cr, x + sx * 1.5, y);
  cairo_line_to (cr, x + sx * 6, y);
  cairo_move_to (cr, x, y + sy * 1.5);
  cairo_line_to (cr, x, y + sy * 6);
}

static void
draw_map_window (SandPrintKit *self,
                 cairo_t      *cr,
                 double        px,
                 double        py,
                 double        scale,
                 double        x,
                 double        y,
                 double        w,
                 double        h,
                 SandLayers    layers)
{
  double s = scale;

  cairo_save (cr);
  cairo_rectangle (cr, px, py, w, h);
  cairo_clip (cr);
  cairo_translate (cr, px - x, py - y);
  cairo_scale (cr, s, s);
  sand_renderer_draw (self->renderer, cr, s * PRINT_DPI / 25.4, x / s, y / s, (x + w) / s,
                      (y + h) / s, layers);
  cairo_restore (cr);
}

void
sand_print_map_draw_page (SandPrintKit *self,
                          cairo_t      *cr,
                          int           col,
                          int           row)
{
  const SandMapPagesLayout *L = &self->map_layout;
  const double m = SAND_PRINT_MARGIN;
  double x, y, w, h, ox, oy, step_w = L->step_w, step_h = L->step_h;
  g_autofree char *label = sand_map_pages_label (col, row);
  g_autofree char *hint = NULL;
  GString *next = g_string_new (NULL);

  sand_map_pages_layout_view (L, col, row, &x, &y, &w, &h);
  /* The map sits in the middle of the page's room for it: the map is
   * shared evenly between the pages, so it seldom fills them. */
  ox = SAND_PRINT_MARGIN + (L->view_w - w) / 2;
  oy = SAND_PRINT_MARGIN + (L->view_h - h) / 2;
  draw_map_window (self, cr, ox, oy, self->map_scale, x, y, w, h, SAND_LAYER_ALL);

  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 0.15);
  crop_mark (cr, ox, oy, -1, -1);
  crop_mark (cr, ox + w, oy, 1, -1);
  crop_mark (cr, ox, oy + h, -1, 1);
  crop_mark (cr, ox + w, oy + h, 1, 1);
  cairo_stroke (cr);

  /* Targets where this page overlaps its neighbours, at the same map
   * spots as theirs. */
  if (L->overlap >= 4)
    {
      for (int side = 0; side < 2; side++)
        {
          int c = col - 1 + side; /* the column boundary: left of col, or right */

          if (c < 0 || c + 1 >= L->cols)
            continue;
          for (int k = 1; k <= 3; k += 2)
            target (cr, ox + (c + 1) * step_w + L->overlap / 2 - x, oy + h * k / 4);
        }
      for (int side = 0; side < 2; side++)
        {
          int r = row - 1 + side;

          if (r < 0 || r + 1 >= L->rows)
            continue;
          for (int k = 1; k <= 3; k += 2)
            target (cr, ox + w * k / 4, oy + (r + 1) * step_h + L->overlap / 2 - y);
        }
    }

  /* Which edges to trim: a page is laid over its left and upper
   * neighbours, so its left and top margins go. */
  cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
  if (col > 0)
    {
      sand_print_text_set (self->layout, _("✂ cut along the map's edge"), 2.4, FALSE, -1);
      cairo_save (cr);
      cairo_translate (cr, ox - 4.5, oy + h / 2);
      cairo_rotate (cr, -G_PI / 2);
      sand_print_text_show (cr, self->layout, -20, 0);
      cairo_restore (cr);
    }
  if (row > 0)
    {
      sand_print_text_set (self->layout, _("✂ cut along the map's edge"), 2.4, FALSE, -1);
      sand_print_text_show (cr, self->layout, ox + w / 2 - 20, oy - 4.5);
    }

  sand_print_text_set (self->layout, label, 6, TRUE, -1);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  sand_print_text_show (cr, self->layout, m, 1.5);
  if (col + 1 < L->cols)
    {
      g_autofree char *n = sand_map_pages_label (col + 1, row);

      g_string_append_printf (next, _("%s goes on the right"), n);
    }
  if (row + 1 < L->rows)
    {
      g_autofree char *n = sand_map_pages_label (col, row + 1);

      if (next->len > 0)
        g_string_append (next, " · ");
      g_string_append_printf (next, _("%s goes below"), n);
    }
  hint = g_strdup_printf (_("Map page %s of %d × %d; overlap %.0f mm. %s"), label, L->cols,
                          L->rows, L->overlap, next->str);
  g_string_free (next, TRUE);
  sand_print_text_set (self->layout, hint, 2.6, FALSE, -1);
  cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
  sand_print_text_show (cr, self->layout, m + 14, 4.2);
}

static double
paragraph (SandPrintKit *self,
           cairo_t      *cr,
           const char   *text,
           double        size,
           gboolean      bold,
           double        y)
{
  double h = sand_print_text_set (self->layout, text, size, bold,
                                  self->page_w - 2 * SAND_PRINT_MARGIN);

  sand_print_text_show (cr, self->layout, SAND_PRINT_MARGIN, y);
  return y + h + size * 0.5;
}

void
sand_print_cover_draw (SandPrintKit *self,
                       cairo_t      *cr)
{
  const SandMapPagesLayout *L = &self->map_layout;
  const double m = SAND_PRINT_MARGIN;
  const char *title = sand_scenario_get_title (self->scenario);
  double area_w = self->page_w - 2 * m, area_h = self->page_h * 0.42;
  double k = MIN (area_w / L->map_w, area_h / L->map_h);
  double dx = m + (area_w - L->map_w * k) / 2, dy, y = m;
  double step_w = L->step_w, step_h = L->step_h;
  g_autofree char *settings = NULL;
  GString *contents = g_string_new (NULL);

  cairo_set_source_rgb (cr, 0.05, 0.05, 0.05);
  y = paragraph (self, cr, title != NULL && *title ? title : _("Untitled scenario"), 8, TRUE, y);
  y = paragraph (self, cr, _("Print-and-play kit"), 4.5, FALSE, y);
  dy = y + 2;

  /* The map small, its pages over it: each page's own part (the overlap
   * goes under the next page) with its label. */
  draw_map_window (self, cr, dx, dy, self->map_scale * k, 0, 0, L->map_w * k, L->map_h * k,
                   SAND_LAYER_TERRAIN | SAND_LAYER_GRID | SAND_LAYER_CONNECTIONS |
                   SAND_LAYER_SIDES);
  cairo_set_line_width (cr, 0.35);
  for (int row = 0; row < L->rows; row++)
    for (int col = 0; col < L->cols; col++)
      {
        double x0 = col * step_w, y0 = row * step_h;
        double x1 = col + 1 < L->cols ? (col + 1) * step_w : L->map_w;
        double y1 = row + 1 < L->rows ? (row + 1) * step_h : L->map_h;
        g_autofree char *label = sand_map_pages_label (col, row);
        PangoRectangle logical;
        double size = MIN (8, MIN (x1 - x0, y1 - y0) * k * 0.35);

        cairo_rectangle (cr, dx + x0 * k, dy + y0 * k, (x1 - x0) * k, (y1 - y0) * k);
        cairo_set_source_rgba (cr, 0.75, 0.05, 0.05, 0.9);
        cairo_stroke (cr);
        sand_print_text_set (self->layout, label, size, TRUE, -1);
        pango_layout_get_extents (self->layout, NULL, &logical);
        cairo_move_to (cr, dx + (x0 + x1) / 2 * k - logical.width / 2.0 / PANGO_SCALE,
                       dy + (y0 + y1) / 2 * k - logical.height / 2.0 / PANGO_SCALE);
        pango_cairo_layout_path (cr, self->layout);
        cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
        cairo_set_line_width (cr, size * 0.15);
        cairo_stroke_preserve (cr);
        cairo_set_source_rgb (cr, 0.75, 0.05, 0.05);
        cairo_fill (cr);
        cairo_set_line_width (cr, 0.35);
      }
  y = dy + L->map_h * k + 5;

  cairo_set_source_rgb (cr, 0.05, 0.05, 0.05);
  y = paragraph (self, cr, _("Assembly"), 4, TRUE, y);
  y = paragraph (self, cr,
                 _("Print every page at 100 % (no “fit to page”). Lay the map pages out as "
                   "above, A1 at the top left. Trim each page's left margin (not column A's) "
                   "and top margin (not row 1's) along the map's edge, lay it over its "
                   "neighbour so that the targets in the overlap sit on each other, and tape "
                   "it from behind."),
                 3.2, FALSE, y);
  y = paragraph (self, cr,
                 self->options.duplex == SAND_DUPLEX_FOLD
                   ? _("Counter sheets: one-sided. Fold each sheet along its dashed line, "
                       "glue the halves together, then cut the counters out along the marks.")
                 : self->options.duplex == SAND_DUPLEX_LONG
                   ? _("Counter sheets: two-sided, flipping on the long edge (or print the "
                       "backs page on the reverse of its fronts). Glue onto card, then cut "
                       "along the marks. Check the registration marks first: if the backs sit "
                       "off, correct with the back offset.")
                   : _("Counter sheets: two-sided, flipping on the short edge. Glue onto card, "
                       "then cut along the marks. Check the registration marks first: if the "
                       "backs sit off, correct with the back offset."),
                 3.2, FALSE, y);
  {
    static const char * const papers[] = { "A4", "Letter", "A3", "Legal" };

    settings = g_strdup_printf (_("Paper %s · hexes %.1f mm across the flats · counters "
                                  "%.1f mm · bleed %.1f mm · back offset %.1f, %.1f mm · "
                                  "map overlap %.0f mm"),
                                papers[self->options.paper], self->hex_mm, self->counter_mm,
                                self->options.bleed_mm, self->options.back_dx,
                                self->options.back_dy, L->overlap);
  }
  y = paragraph (self, cr, settings, 3.0, FALSE, y);

  y = paragraph (self, cr, _("Contents"), 4, TRUE, y + 1);
  for (guint i = 0; i < self->pages->len; i++)
    g_string_append_printf (contents, "%s%u. %s", i > 0 ? " · " : "", i + 1,
                            g_array_index (self->pages, SandKitPage, i).title);
  paragraph (self, cr, contents->str, 3.0, FALSE, y);
  g_string_free (contents, TRUE);
}
