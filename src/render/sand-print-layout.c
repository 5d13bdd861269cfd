/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-print-layout.c: page geometry of a print-and-play kit (see the
 * header). The counter grid is centred on the axis the sheet turns about,
 * so that its mirror image is itself: each back then lands on a cell, and
 * a printer's offset moves every back alike. */
#include "sand-print-layout.h"

#include <math.h>
#include <string.h>

void
sand_print_options_init (SandPrintOptions *options)
{
  g_return_if_fail (options != NULL);

  memset (options, 0, sizeof *options);
  options->paper = SAND_PAPER_A4;
  options->duplex = SAND_DUPLEX_LONG;
  options->overlap_mm = 10.0;
  options->parts = SAND_KIT_ALL;
}

void
sand_paper_size (SandPaper  paper,
                 double    *width,
                 double    *height)
{
  switch (paper)
    {
    case SAND_PAPER_LETTER:
      *width = 215.9, *height = 279.4;
      break;
    case SAND_PAPER_A3:
      *width = 297, *height = 420;
      break;
    case SAND_PAPER_LEGAL:
      *width = 215.9, *height = 355.6;
      break;
    case SAND_PAPER_A4:
    default:
      *width = 210, *height = 297;
      break;
    }
}

gboolean
sand_paper_from_string (const char *text,
                        SandPaper  *paper)
{
  static const char * const names[] = { "a4", "letter", "a3", "legal" };

  for (guint i = 0; text != NULL && i < G_N_ELEMENTS (names); i++)
    if (g_ascii_strcasecmp (text, names[i]) == 0)
      {
        *paper = (SandPaper) i;
        return TRUE;
      }
  return FALSE;
}

gboolean
sand_duplex_from_string (const char *text,
                         SandDuplex *duplex)
{
  static const char * const names[] = { "long", "short", "fold" };

  for (guint i = 0; text != NULL && i < G_N_ELEMENTS (names); i++)
    if (g_ascii_strcasecmp (text, names[i]) == 0)
      {
        *duplex = (SandDuplex) i;
        return TRUE;
      }
  return FALSE;
}

void
sand_print_turn_over (SandDuplex  duplex,
                      double      width,
                      double      height,
                      double      x,
                      double      y,
                      double     *front_x,
                      double     *front_y)
{
  switch (duplex)
    {
    case SAND_DUPLEX_LONG:
      *front_x = width - x;
      *front_y = y;
      break;
    case SAND_DUPLEX_SHORT:
    case SAND_DUPLEX_FOLD:
    default:
      *front_x = x;
      *front_y = height - y;
      break;
    }
}

gboolean
sand_sheet_layout_init (SandSheetLayout        *layout,
                        const SandPrintOptions *options,
                        double                  counter_mm)
{
  double area_w, area_h;

  g_return_val_if_fail (layout != NULL && options != NULL, FALSE);

  memset (layout, 0, sizeof *layout);
  sand_paper_size (options->paper, &layout->page_w, &layout->page_h);
  layout->counter = counter_mm;
  layout->bleed = MAX (options->bleed_mm, 0);
  layout->pitch = counter_mm + 2 * layout->bleed;
  layout->duplex = options->duplex;
  layout->back_dx = options->back_dx;
  layout->back_dy = options->back_dy;
  if (!(layout->pitch > 0))
    return FALSE;

  area_w = layout->page_w - 2 * SAND_PRINT_MARGIN;
  area_h = layout->page_h - 2 * SAND_PRINT_MARGIN;
  if (options->duplex == SAND_DUPLEX_FOLD)
    area_h = layout->page_h / 2 - SAND_PRINT_MARGIN - SAND_PRINT_FOLD_GAP;
  layout->cols = (int) floor (area_w / layout->pitch + 1e-9);
  layout->rows = (int) floor (area_h / layout->pitch + 1e-9);
  if (layout->cols < 1 || layout->rows < 1)
    return FALSE;

  sand_sheet_layout_set_rows (layout, layout->rows);
  return TRUE;
}

void
sand_sheet_layout_set_rows (SandSheetLayout *layout,
                            int              rows)
{
  layout->rows = rows;
  /* Centred across the page: the long-edge mirror maps the grid onto
   * itself. Down the page, centred (short edge) or pushed against the
   * fold (fold), so that the mirror about the middle line maps it too. */
  layout->x0 = (layout->page_w - layout->cols * layout->pitch) / 2;
  if (layout->duplex == SAND_DUPLEX_FOLD)
    layout->y0 = layout->page_h / 2 - SAND_PRINT_FOLD_GAP - rows * layout->pitch;
  else
    layout->y0 = (layout->page_h - rows * layout->pitch) / 2;
}

int
sand_sheet_layout_per_sheet (const SandSheetLayout *layout)
{
  return layout->cols * layout->rows;
}

void
sand_sheet_layout_front (const SandSheetLayout *layout,
                         int                    i,
                         double                *x,
                         double                *y)
{
  int col = i % layout->cols, row = i / layout->cols;

  *x = layout->x0 + (col + 0.5) * layout->pitch;
  *y = layout->y0 + (row + 0.5) * layout->pitch;
}

void
sand_sheet_layout_back (const SandSheetLayout *layout,
                        int                    i,
                        double                *x,
                        double                *y)
{
  double fx, fy;

  sand_sheet_layout_front (layout, i, &fx, &fy);
  /* Turning over is its own inverse: the back printed at the turned-over
   * place of its front lands on the front. */
  sand_print_turn_over (layout->duplex, layout->page_w, layout->page_h, fx, fy, x, y);
  *x += layout->back_dx;
  *y += layout->back_dy;
}

static void
map_pages_try (SandMapPagesLayout *layout,
               double              page_w,
               double              page_h,
               double              overlap)
{
  double step_w, step_h;

  layout->page_w = page_w;
  layout->page_h = page_h;
  layout->view_w = page_w - 2 * SAND_PRINT_MARGIN;
  layout->view_h = page_h - 2 * SAND_PRINT_MARGIN;
  layout->overlap = CLAMP (overlap, 0, MIN (layout->view_w, layout->view_h) / 2);
  step_w = layout->view_w - layout->overlap;
  step_h = layout->view_h - layout->overlap;
  layout->cols = MAX (1, (int) ceil ((layout->map_w - layout->overlap) / step_w - 1e-9));
  layout->rows = MAX (1, (int) ceil ((layout->map_h - layout->overlap) / step_h - 1e-9));
  /* The map shared evenly, rather than full pages and a sliver. */
  layout->step_w = layout->cols > 1 ? (layout->map_w - layout->overlap) / layout->cols : step_w;
  layout->step_h = layout->rows > 1 ? (layout->map_h - layout->overlap) / layout->rows : step_h;
}

void
sand_map_pages_layout_init (SandMapPagesLayout     *layout,
                            const SandPrintOptions *options,
                            double                  map_w,
                            double                  map_h)
{
  SandMapPagesLayout landscape;
  double w, h;

  memset (layout, 0, sizeof *layout);
  sand_paper_size (options->paper, &w, &h);
  layout->map_w = map_w;
  layout->map_h = map_h;
  landscape = *layout;
  map_pages_try (layout, w, h, options->overlap_mm);
  map_pages_try (&landscape, h, w, options->overlap_mm);
  /* Whichever way round takes fewer sheets. */
  if (landscape.cols * landscape.rows < layout->cols * layout->rows)
    *layout = landscape;
}

void
sand_map_pages_layout_view (const SandMapPagesLayout *layout,
                            int                       col,
                            int                       row,
                            double                   *x,
                            double                   *y,
                            double                   *w,
                            double                   *h)
{
  *x = col * layout->step_w;
  *y = row * layout->step_h;
  *w = MIN (layout->step_w + layout->overlap, layout->map_w - *x);
  *h = MIN (layout->step_h + layout->overlap, layout->map_h - *y);
}

char *
sand_map_pages_label (int col,
                      int row)
{
  char letters[8];
  int n = 0;

  /* Bijective base 26, as spreadsheets name columns: A … Z, AA … */
  col++;
  while (col > 0 && n < (int) sizeof letters - 1)
    {
      col--;
      letters[n++] = (char) ('A' + col % 26);
      col /= 26;
    }
  for (int i = 0; i < n / 2; i++)
    {
      char t = letters[i];

      letters[i] = letters[n - 1 - i];
      letters[n - 1 - i] = t;
    }
  letters[n] = '\0';
  return g_strdup_printf ("%s%d", letters, row + 1);
}
