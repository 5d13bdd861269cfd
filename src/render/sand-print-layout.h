/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-print-layout.h: where things go on the pages of a print-and-play
 * kit, in millimetres from a page's top-left corner, with no drawing: the
 * paper, the map split into overlapping pages, and counter sheets whose
 * backs land behind their fronts once the sheet is turned over. The
 * drawing (sand-print-kit.h) and the tests both read it, so a test of the
 * layout is a test of what is printed. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  SAND_PAPER_A4,
  SAND_PAPER_LETTER,
  SAND_PAPER_A3,
  SAND_PAPER_LEGAL,
} SandPaper;

/* How the backs of a counter sheet are printed. */
typedef enum {
  SAND_DUPLEX_LONG,  /* two-sided, turned over on the long edge: backs mirrored left-right */
  SAND_DUPLEX_SHORT, /* turned over on the short edge: backs mirrored top-bottom */
  SAND_DUPLEX_FOLD,  /* one-sided: fronts above a fold line, backs below it */
} SandDuplex;

typedef enum {
  SAND_KIT_MAP      = 1 << 0,
  SAND_KIT_COUNTERS = 1 << 1,
  SAND_KIT_CHARTS   = 1 << 2,
  SAND_KIT_ALL      = 0x7,
} SandKitParts;

typedef struct {
  SandPaper paper;
  double hex_mm;       /* hex across the flats; 0: the scenario's own size */
  double counter_mm;   /* counter side; 0: from the counter mix */
  SandDuplex duplex;
  double back_dx;      /* back offset, mm: moves every back to correct a printer */
  double back_dy;
  double bleed_mm;     /* artwork beyond each counter's cut line */
  double overlap_mm;   /* map printed twice where two pages meet */
  SandKitParts parts;
} SandPrintOptions;

/* Page margins, mm: what most printers cannot print, plus room for marks
 * and the page's label. */
#define SAND_PRINT_MARGIN 12.0
/* Space between the fold line and the counters either side of it. */
#define SAND_PRINT_FOLD_GAP 6.0

void         sand_print_options_init      (SandPrintOptions *options);
/* Portrait size of @paper, mm. */
void         sand_paper_size              (SandPaper        paper,
                                           double          *width,
                                           double          *height);
/* "a4", "letter", "a3", "legal"; FALSE when unknown. */
gboolean     sand_paper_from_string       (const char      *text,
                                           SandPaper       *paper);
gboolean     sand_duplex_from_string      (const char      *text,
                                           SandDuplex      *duplex);

/* Where a point printed at (x, y) on the back of a sheet of @width ×
 * @height is, seen from the front, once the sheet is turned over (long,
 * short) or folded (fold: the fold line is the page's horizontal middle). */
void         sand_print_turn_over         (SandDuplex       duplex,
                                           double           width,
                                           double           height,
                                           double           x,
                                           double           y,
                                           double          *front_x,
                                           double          *front_y);

/* A counter sheet: a grid of cells of @pitch mm, the counter centred in
 * its cell. Fronts fill the cells in reading order; each back sits where
 * its front turns over to, plus the back offset. */
typedef struct {
  double page_w, page_h;
  double counter;      /* counter side, mm */
  double bleed;
  double pitch;        /* counter + 2 × bleed */
  int cols, rows;      /* cells per sheet */
  double x0, y0;       /* top-left corner of the front grid */
  SandDuplex duplex;
  double back_dx, back_dy;
} SandSheetLayout;

/* FALSE when not one counter fits the paper. */
gboolean     sand_sheet_layout_init       (SandSheetLayout *layout,
                                           const SandPrintOptions *options,
                                           double           counter_mm);
/* Fewer rows than fit (a kit of one sheet): the grid stays centred. */
void         sand_sheet_layout_set_rows   (SandSheetLayout *layout,
                                           int              rows);
int          sand_sheet_layout_per_sheet  (const SandSheetLayout *layout);
/* Centre of the front of cell @i (0 … per_sheet − 1), on the front page. */
void         sand_sheet_layout_front      (const SandSheetLayout *layout,
                                           int              i,
                                           double          *x,
                                           double          *y);
/* Centre of its back, on the back page (fold: on the same page). */
void         sand_sheet_layout_back       (const SandSheetLayout *layout,
                                           int              i,
                                           double          *x,
                                           double          *y);

/* The map on pages: a grid of pages, each showing a @view_w × @view_h mm
 * window of the map; neighbours share @overlap mm. The pages are portrait
 * or landscape, whichever takes fewer. */
typedef struct {
  double page_w, page_h; /* as the map pages are printed */
  double map_w, map_h;   /* the whole map at print size, mm */
  double view_w, view_h; /* room for the map on one page */
  double step_w, step_h; /* page to page: the map shared evenly; a page
                          * shows step + overlap (less at the map's end) */
  double overlap;
  int cols, rows;        /* pages across and down */
} SandMapPagesLayout;

void         sand_map_pages_layout_init   (SandMapPagesLayout *layout,
                                           const SandPrintOptions *options,
                                           double           map_w,
                                           double           map_h);
/* The map rectangle (mm from the map's top-left) page (col, row) shows. */
void         sand_map_pages_layout_view   (const SandMapPagesLayout *layout,
                                           int              col,
                                           int              row,
                                           double          *x,
                                           double          *y,
                                           double          *w,
                                           double          *h);
/* "A1": the column as a letter (A…Z, AA…), the row as a number. */
char        *sand_map_pages_label         (int              col,
                                           int              row);

G_END_DECLS
