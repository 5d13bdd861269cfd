/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-print-kit.c: the kit's pages in order — cover with the assembly
 * diagram, map pages, counter sheets (fronts then backs, or fronts and
 * backs either side of a fold), charts — and the PDF they go to. */
#include "config.h"

#include "sand-print-kit-private.h"
#include "sand-render-file.h"

#include <math.h>
#include <string.h>

#include <cairo-pdf.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>

double
sand_print_text_set (PangoLayout *layout,
                     const char  *text,
                     double       size,
                     gboolean     bold,
                     double       width)
{
  PangoFontDescription *desc = pango_font_description_from_string (bold ? "Sans Bold" : "Sans");
  PangoRectangle logical;

  pango_font_description_set_absolute_size (desc, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_width (layout, width > 0 ? (int) (width * PANGO_SCALE) : -1);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_text (layout, text != NULL && g_utf8_validate (text, -1, NULL) ? text : "",
                         -1);
  pango_layout_get_extents (layout, NULL, &logical);
  return (double) logical.height / PANGO_SCALE;
}

void
sand_print_text_show (cairo_t     *cr,
                      PangoLayout *layout,
                      double       x,
                      double       y)
{
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
}

static void
add_page (SandPrintKit    *self,
          SandKitPageKind  kind,
          int              a,
          int              b,
          char            *title)
{
  SandKitPage page = { kind, a, b, title };

  g_array_append_val (self->pages, page);
}

static void
clear_page (gpointer p)
{
  g_free (((SandKitPage *) p)->title);
}

/* The scenario's hex across the flats, with map units read as points. */
static double
scenario_hex_mm (SandScenario *scenario)
{
  return sand_map_get_hex_size (sand_scenario_get_map (scenario)) * sqrt (3) / SAND_MM_TO_PT;
}

SandPrintKit *
sand_print_kit_new (SandRenderer           *renderer,
                    const SandPrintOptions *options,
                    GError                **error)
{
  g_autoptr (SandPrintKit) self = NULL;
  PangoContext *context;
  SandMap *map;
  double map_w, map_h;

  g_return_val_if_fail (renderer != NULL, NULL);
  g_return_val_if_fail (options != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_new0 (SandPrintKit, 1);
  self->renderer = renderer;
  self->scenario = sand_renderer_get_scenario (renderer);
  self->options = *options;
  self->pages = g_array_new (FALSE, TRUE, sizeof (SandKitPage));
  g_array_set_clear_func (self->pages, clear_page);
  self->pieces = g_array_new (FALSE, TRUE, sizeof (SandPiece));
  self->owned_counters = g_ptr_array_new_with_free_func ((GDestroyNotify) sand_counter_free);
  self->chart_lines = g_ptr_array_new ();
  self->widths = g_ptr_array_new_with_free_func (g_free);
  sand_paper_size (options->paper, &self->page_w, &self->page_h);

  /* Text is laid out for print, with no hinting to move glyphs about. */
  context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  {
    cairo_font_options_t *fo = cairo_font_options_create ();

    cairo_font_options_set_hint_metrics (fo, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style (fo, CAIRO_HINT_STYLE_NONE);
    pango_cairo_context_set_font_options (context, fo);
    cairo_font_options_destroy (fo);
  }
  self->layout = pango_layout_new (context);
  g_object_unref (context);

  self->hex_mm = options->hex_mm > 0 ? options->hex_mm : scenario_hex_mm (self->scenario);
  self->counter_mm = options->counter_mm > 0 ? options->counter_mm
                                             : sand_print_counters_default_mm (self->scenario);
  if (!(self->hex_mm >= 3 && self->hex_mm <= 200) ||
      !(self->counter_mm >= 5 && self->counter_mm <= 100))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Hexes must be 3 to 200 mm across and counters 5 to 100 mm a side"));
      return NULL;
    }
  if (!(options->bleed_mm >= 0 && options->bleed_mm <= 5) ||
      !(fabs (options->back_dx) <= 10 && fabs (options->back_dy) <= 10) ||
      !(options->overlap_mm >= 0 && options->overlap_mm <= 50))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The bleed must be 0 to 5 mm, the back offset at most 10 mm either way "
                     "and the overlap 0 to 50 mm"));
      return NULL;
    }

  map = sand_scenario_get_map (self->scenario);
  self->map_scale = self->hex_mm / (sand_map_get_hex_size (map) * sqrt (3));
  sand_grid_pixel_size (sand_map_get_grid (map), sand_map_get_hex_size (map), &map_w, &map_h);
  sand_map_pages_layout_init (&self->map_layout, options, map_w * self->map_scale,
                              map_h * self->map_scale);
  if (!sand_sheet_layout_init (&self->sheet_layout, options, self->counter_mm))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("A %.1f mm counter does not fit the paper"), self->counter_mm);
      return NULL;
    }

  if (options->parts & SAND_KIT_MAP)
    {
      add_page (self, SAND_KIT_PAGE_COVER, 0, 0, g_strdup (_("Cover and assembly")));
      for (int row = 0; row < self->map_layout.rows; row++)
        for (int col = 0; col < self->map_layout.cols; col++)
          {
            g_autofree char *label = sand_map_pages_label (col, row);

            add_page (self, SAND_KIT_PAGE_MAP, col, row,
                      g_strdup_printf (_("Map %s"), label));
          }
    }
  if (options->parts & SAND_KIT_COUNTERS)
    {
      sand_print_counters_build (self);
      for (int sheet = 0; sheet < self->n_sheets; sheet++)
        {
          if (options->duplex == SAND_DUPLEX_FOLD)
            {
              add_page (self, SAND_KIT_PAGE_SHEET_FOLD, sheet, 0,
                        g_strdup_printf (_("Counter sheet %d"), sheet + 1));
              continue;
            }
          /* A two-sided printer pairs pages 1-2, 3-4…: a sheet's fronts
           * must fall on an odd page. */
          if (self->pages->len % 2 == 1)
            add_page (self, SAND_KIT_PAGE_BLANK, 0, 0, g_strdup (_("Blank")));
          add_page (self, SAND_KIT_PAGE_SHEET_FRONT, sheet, 0,
                    g_strdup_printf (_("Counter sheet %d, fronts"), sheet + 1));
          add_page (self, SAND_KIT_PAGE_SHEET_BACK, sheet, 0,
                    g_strdup_printf (_("Counter sheet %d, backs"), sheet + 1));
        }
    }
  if (options->parts & SAND_KIT_CHARTS)
    {
      sand_print_charts_build (self);
      for (int i = 0; i < self->n_chart_pages; i++)
        add_page (self, SAND_KIT_PAGE_CHART, i, 0,
                  g_strdup_printf (_("Charts %d"), i + 1));
    }
  return g_steal_pointer (&self);
}

void
sand_print_kit_free (SandPrintKit *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->pages, g_array_unref);
  g_clear_pointer (&self->pieces, g_array_unref);
  g_clear_pointer (&self->owned_counters, g_ptr_array_unref);
  if (self->chart_lines != NULL)
    {
      for (guint i = 0; i < self->chart_lines->len; i++)
        {
          SandChartLine *line = g_ptr_array_index (self->chart_lines, i);

          g_strfreev (line->cells);
          g_free (line);
        }
      g_ptr_array_unref (self->chart_lines);
    }
  g_clear_pointer (&self->widths, g_ptr_array_unref);
  g_clear_object (&self->layout);
  g_free (self);
}

double
sand_print_kit_hex_mm (SandPrintKit *self)
{
  return self->hex_mm;
}

double
sand_print_kit_counter_mm (SandPrintKit *self)
{
  return self->counter_mm;
}

const SandSheetLayout *
sand_print_kit_sheet_layout (SandPrintKit *self)
{
  return &self->sheet_layout;
}

const SandMapPagesLayout *
sand_print_kit_map_layout (SandPrintKit *self)
{
  return &self->map_layout;
}

guint
sand_print_kit_n_pages (SandPrintKit *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->pages->len;
}

SandKitPageKind
sand_print_kit_page_kind (SandPrintKit *self,
                          guint         page)
{
  g_return_val_if_fail (self != NULL && page < self->pages->len, SAND_KIT_PAGE_BLANK);
  return g_array_index (self->pages, SandKitPage, page).kind;
}

const char *
sand_print_kit_page_title (SandPrintKit *self,
                           guint         page)
{
  g_return_val_if_fail (self != NULL && page < self->pages->len, NULL);
  return g_array_index (self->pages, SandKitPage, page).title;
}

void
sand_print_kit_page_size (SandPrintKit *self,
                          guint         page,
                          double       *width,
                          double       *height)
{
  g_return_if_fail (self != NULL && page < self->pages->len);

  if (g_array_index (self->pages, SandKitPage, page).kind == SAND_KIT_PAGE_MAP)
    {
      *width = self->map_layout.page_w;
      *height = self->map_layout.page_h;
      return;
    }
  *width = self->page_w;
  *height = self->page_h;
}

/* Title and page number at the foot of every page, so a loose sheet says
 * where it belongs. */
static void
draw_footer (SandPrintKit *self,
             cairo_t      *cr,
             guint         page)
{
  const char *title = sand_scenario_get_title (self->scenario);
  g_autofree char *text = g_strdup_printf ("%s · %s · %u/%u",
                                           title != NULL && *title ? title : _("Untitled"),
                                           sand_print_kit_page_title (self, page), page + 1,
                                           self->pages->len);

  double w, h;

  sand_print_kit_page_size (self, page, &w, &h);
  sand_print_text_set (self->layout, text, 2.6, FALSE, -1);
  cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
  sand_print_text_show (cr, self->layout, SAND_PRINT_MARGIN, h - SAND_PRINT_MARGIN / 2 - 1.3);
}

void
sand_print_kit_draw_page (SandPrintKit *self,
                          cairo_t      *cr,
                          guint         page)
{
  const SandKitPage *p;

  g_return_if_fail (self != NULL && cr != NULL);
  g_return_if_fail (page < self->pages->len);

  p = &g_array_index (self->pages, SandKitPage, page);
  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_scale (cr, SAND_MM_TO_PT, SAND_MM_TO_PT);
  pango_cairo_update_layout (cr, self->layout);
  switch (p->kind)
    {
    case SAND_KIT_PAGE_COVER:
      sand_print_cover_draw (self, cr);
      break;
    case SAND_KIT_PAGE_MAP:
      sand_print_map_draw_page (self, cr, p->a, p->b);
      break;
    case SAND_KIT_PAGE_BLANK:
      sand_print_text_set (self->layout,
                           _("This page is left blank, so that each counter sheet's fronts "
                             "and backs print on the two sides of one sheet."),
                           3.5, FALSE, self->page_w - 2 * SAND_PRINT_MARGIN);
      cairo_set_source_rgb (cr, 0.5, 0.5, 0.5);
      sand_print_text_show (cr, self->layout, SAND_PRINT_MARGIN, self->page_h / 2);
      break;
    case SAND_KIT_PAGE_SHEET_FRONT:
    case SAND_KIT_PAGE_SHEET_BACK:
    case SAND_KIT_PAGE_SHEET_FOLD:
      sand_print_sheet_draw (self, cr, p->a, p->kind);
      break;
    case SAND_KIT_PAGE_CHART:
      sand_print_chart_draw (self, cr, p->a);
      break;
    default:
      break;
    }
  /* A back page's footer would show through the front's margin; it is
   * still worth having to match a loose back to its front. */
  pango_cairo_update_layout (cr, self->layout);
  draw_footer (self, cr, page);
  cairo_restore (cr);
}

gboolean
sand_print_kit_write_pdf (SandPrintKit *self,
                          const char   *path,
                          GError      **error)
{
  SandRenderFile file;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  const char *title;

  g_return_val_if_fail (self != NULL && path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!sand_render_file_open (&file, path, error))
    return FALSE;
  surface = cairo_pdf_surface_create_for_stream (sand_render_file_write, &file,
                                                 self->page_w * SAND_MM_TO_PT,
                                                 self->page_h * SAND_MM_TO_PT);
  title = sand_scenario_get_title (self->scenario);
  if (title != NULL && g_utf8_validate (title, -1, NULL))
    cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, title);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Sandtable");
  cr = cairo_create (surface);
  for (guint i = 0; i < self->pages->len; i++)
    {
      double w, h;

      sand_print_kit_page_size (self, i, &w, &h);
      cairo_pdf_surface_set_size (surface, w * SAND_MM_TO_PT, h * SAND_MM_TO_PT);
      sand_print_kit_draw_page (self, cr, i);
      cairo_show_page (cr);
    }
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  return sand_render_file_close (&file, path, status, error);
}

guint
sand_print_kit_n_pieces (SandPrintKit *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->pieces->len;
}

void
sand_print_kit_get_piece (SandPrintKit   *self,
                          guint           i,
                          SandPiecePlace *place)
{
  const SandPiece *piece;
  SandKitPageKind front_kind, back_kind;

  g_return_if_fail (self != NULL && place != NULL);
  g_return_if_fail (i < self->pieces->len);

  piece = &g_array_index (self->pieces, SandPiece, i);
  memset (place, 0, sizeof *place);
  place->name = piece->marker ? piece->label : piece->front.counter->name;
  place->common_back = piece->back_common;
  front_kind = self->options.duplex == SAND_DUPLEX_FOLD ? SAND_KIT_PAGE_SHEET_FOLD
                                                        : SAND_KIT_PAGE_SHEET_FRONT;
  back_kind = self->options.duplex == SAND_DUPLEX_FOLD ? SAND_KIT_PAGE_SHEET_FOLD
                                                       : SAND_KIT_PAGE_SHEET_BACK;
  for (guint p = 0; p < self->pages->len; p++)
    {
      const SandKitPage *page = &g_array_index (self->pages, SandKitPage, p);

      if (page->a != piece->sheet)
        continue;
      if (page->kind == front_kind)
        place->front_page = p;
      if (page->kind == back_kind)
        place->back_page = p;
    }
  sand_sheet_layout_front (&self->sheet_layout, piece->cell, &place->front_x, &place->front_y);
  sand_sheet_layout_back (&self->sheet_layout, piece->cell, &place->back_x, &place->back_y);
}
