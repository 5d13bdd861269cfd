/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-print-chart-pages.c: the charts' lines (sand-print-charts.c)
 * measured once, paged — a title keeps its first lines with it, a break
 * starts a new page — and drawn: tables as ruled rows under a grey header,
 * terrain rows with a hex of the terrain's colour, the turn record as a
 * track of boxes. */
#include "config.h"

#include "sand-print-kit-private.h"

#include <math.h>

#define TEXT_SIZE 3.0
#define ROW_PAD 0.8
#define TRACK_HEIGHT 14.0

static double
content_width (SandPrintKit *self)
{
  return self->page_w - 2 * SAND_PRINT_MARGIN;
}

static double
measure (SandPrintKit  *self,
         SandChartLine *line)
{
  double h = 0;

  switch (line->kind)
    {
    case SAND_CHART_TITLE:
      return sand_print_text_set (self->layout, line->cells[0], 5, TRUE, content_width (self)) + 3;
    case SAND_CHART_HEADING:
      return sand_print_text_set (self->layout, line->cells[0], 3.8, TRUE,
                                  content_width (self)) + 2;
    case SAND_CHART_TEXT:
      return sand_print_text_set (self->layout, line->cells[0], TEXT_SIZE, FALSE,
                                  content_width (self)) + 3;
    case SAND_CHART_NOTE:
      return sand_print_text_set (self->layout, line->cells[0], 2.5, FALSE,
                                  content_width (self)) + 4;
    case SAND_CHART_ROW:
    case SAND_CHART_HEADER_ROW:
      for (guint k = 0; line->cells[k] != NULL; k++)
        {
          double pad = k == 0 && line->swatch ? 6 : 0;

          h = MAX (h, sand_print_text_set (self->layout, line->cells[k], TEXT_SIZE,
                                           line->kind == SAND_CHART_HEADER_ROW,
                                           line->widths[k] - 2 * ROW_PAD - pad));
        }
      return h + 2 * ROW_PAD;
    case SAND_CHART_TRACK:
      return TRACK_HEIGHT + 4;
    case SAND_CHART_BREAK:
    default:
      return 0;
    }
}

void
sand_print_charts_paginate (SandPrintKit *self)
{
  double top = SAND_PRINT_MARGIN, bottom = self->page_h - SAND_PRINT_MARGIN, y = top;
  int page = 0;

  for (guint i = 0; i < self->chart_lines->len; i++)
    {
      SandChartLine *line = g_ptr_array_index (self->chart_lines, i);
      double need;

      line->height = measure (self, line);
      need = line->height;
      if (line->kind == SAND_CHART_BREAK)
        {
          if (y > top)
            page++, y = top;
          continue;
        }
      /* A title keeps its first two lines with it. */
      if (line->kind == SAND_CHART_TITLE)
        for (guint k = i + 1; k < MIN (i + 3, self->chart_lines->len); k++)
          need += measure (self, g_ptr_array_index (self->chart_lines, k));
      if (y + need > bottom && y > top)
        page++, y = top;
      line->page = page;
      line->y = y;
      y += line->height;
    }
  self->n_chart_pages = self->chart_lines->len > 0 ? page + 1 : 0;
}


static void
draw_swatch (cairo_t *cr,
             guint32  rgba,
             double   x,
             double   y,
             double   r)
{
  for (int i = 0; i < 6; i++)
    {
      double a = G_PI / 3 * i;

      if (i == 0)
        cairo_move_to (cr, x + r * cos (a), y + r * sin (a));
      else
        cairo_line_to (cr, x + r * cos (a), y + r * sin (a));
    }
  cairo_close_path (cr);
  cairo_set_source_rgb (cr, (rgba >> 24) / 255.0, ((rgba >> 16) & 0xff) / 255.0,
                        ((rgba >> 8) & 0xff) / 255.0);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
  cairo_set_line_width (cr, 0.15);
  cairo_stroke (cr);
}

static void
draw_track (SandPrintKit *self,
            cairo_t      *cr,
            double        y)
{
  int turns = sand_scenario_get_turns (self->scenario);
  double box = MIN (18, content_width (self) / MAX (turns, 1));

  cairo_set_line_width (cr, 0.3);
  for (int t = 1; t <= turns; t++)
    {
      double x = SAND_PRINT_MARGIN + (t - 1) * box;
      char text[16];

      cairo_rectangle (cr, x, y, box, TRACK_HEIGHT);
      cairo_set_source_rgb (cr, 0.95, 0.93, 0.86);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      cairo_stroke (cr);
      g_snprintf (text, sizeof text, "%d", t);
      sand_print_text_set (self->layout, text, 4, TRUE, -1);
      sand_print_text_show (cr, self->layout, x + 1, y + 0.5);
    }
}

void
sand_print_chart_draw (SandPrintKit *self,
                       cairo_t      *cr,
                       int           page)
{
  for (guint i = 0; i < self->chart_lines->len; i++)
    {
      SandChartLine *line = g_ptr_array_index (self->chart_lines, i);
      double x = SAND_PRINT_MARGIN, y = line->y;

      if (line->page != page || line->kind == SAND_CHART_BREAK)
        continue;
      cairo_set_source_rgb (cr, 0.05, 0.05, 0.05);
      switch (line->kind)
        {
        case SAND_CHART_TITLE:
          sand_print_text_set (self->layout, line->cells[0], 5, TRUE, content_width (self));
          sand_print_text_show (cr, self->layout, x, y + 1.5);
          break;
        case SAND_CHART_HEADING:
          sand_print_text_set (self->layout, line->cells[0], 3.8, TRUE, content_width (self));
          sand_print_text_show (cr, self->layout, x, y + 1);
          break;
        case SAND_CHART_TEXT:
          sand_print_text_set (self->layout, line->cells[0], TEXT_SIZE, FALSE,
                               content_width (self));
          sand_print_text_show (cr, self->layout, x, y + 1);
          break;
        case SAND_CHART_NOTE:
          cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
          sand_print_text_set (self->layout, line->cells[0], 2.5, FALSE, content_width (self));
          sand_print_text_show (cr, self->layout, x, y + 1);
          break;
        case SAND_CHART_ROW:
        case SAND_CHART_HEADER_ROW:
          if (line->kind == SAND_CHART_HEADER_ROW)
            {
              cairo_rectangle (cr, x, y, content_width (self), line->height);
              cairo_set_source_rgb (cr, 0.86, 0.86, 0.84);
              cairo_fill (cr);
            }
          for (guint k = 0; line->cells[k] != NULL; k++)
            {
              double pad = 0;

              if (k == 0 && line->swatch)
                {
                  draw_swatch (cr, line->swatch, x + ROW_PAD + 2.4, y + line->height / 2, 2.2);
                  pad = 6;
                }
              cairo_set_source_rgb (cr, 0.05, 0.05, 0.05);
              sand_print_text_set (self->layout, line->cells[k], TEXT_SIZE,
                                   line->kind == SAND_CHART_HEADER_ROW,
                                   line->widths[k] - 2 * ROW_PAD - pad);
              sand_print_text_show (cr, self->layout, x + ROW_PAD + pad, y + ROW_PAD);
              x += line->widths[k];
            }
          cairo_move_to (cr, SAND_PRINT_MARGIN, y + line->height);
          cairo_line_to (cr, SAND_PRINT_MARGIN + content_width (self), y + line->height);
          cairo_set_source_rgb (cr, 0.6, 0.6, 0.6);
          cairo_set_line_width (cr, 0.15);
          cairo_stroke (cr);
          break;
        case SAND_CHART_TRACK:
          draw_track (self, cr, y + 1);
          break;
        default:
          break;
        }
    }
}
