/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-print-kit-private.h: the kit's state, shared by the files that lay
 * out and draw one part each (map pages, counter sheets, charts). Drawing
 * functions get a cairo context in millimetres from the page's top-left. */
#pragma once

#include "sand-print-kit.h"
#include "sand-renderer-private.h"

G_BEGIN_DECLS

#define SAND_MM_TO_PT (72.0 / 25.4)

typedef struct {
  SandKitPageKind kind;
  int a, b;      /* MAP: column, row; SHEET_*: sheet; CHART: chart page */
  char *title;
} SandKitPage;

/* One piece of card: what its front and back show. */
typedef struct {
  gboolean marker;
  SandCounterDraw front;  /* counters */
  SandCounterDraw back;
  gboolean back_common;   /* the side's plain back */
  const char *label;      /* markers: front text */
  const char *back_label; /* markers: back text; NULL: plain back */
  int side;               /* -1: neither side's */
  int sheet;              /* placed by the layout: sheet and cell */
  int cell;
} SandPiece;

/* A line of a chart: a heading, a paragraph or a table row, measured once
 * and then paged. */
typedef enum {
  SAND_CHART_TITLE,
  SAND_CHART_HEADING,
  SAND_CHART_TEXT,
  SAND_CHART_NOTE,       /* small print under a table: sources, reconstructions */
  SAND_CHART_ROW,
  SAND_CHART_HEADER_ROW, /* a table's column names */
  SAND_CHART_TRACK,      /* the turn record's boxes */
  SAND_CHART_BREAK,      /* the next chart starts on a new page */
} SandChartKind;

typedef struct {
  SandChartKind kind;
  char **cells;          /* ROW: one per column; TEXT, HEADING: cells[0] */
  const double *widths;  /* ROW: column widths, mm (owned by the kit) */
  guint32 swatch;        /* ROW: 0xRRGGBB00 | 0xff for a hex of that colour first */
  double height;         /* measured, mm */
  int page;              /* chart page it is drawn on */
  double y;              /* its top on that page, mm */
} SandChartLine;

struct _SandPrintKit {
  SandRenderer *renderer;
  SandScenario *scenario;
  SandPrintOptions options;
  double page_w, page_h;
  double hex_mm;
  double counter_mm;
  double map_scale;      /* mm per map unit */
  SandMapPagesLayout map_layout;
  SandSheetLayout sheet_layout;
  GArray *pages;         /* SandKitPage */
  GArray *pieces;        /* SandPiece */
  int n_sheets;
  GPtrArray *owned_counters; /* SandCounter*: markers' and replacement pieces' */
  GPtrArray *chart_lines;    /* SandChartLine* */
  GPtrArray *widths;         /* double[]: column widths of the chart tables */
  int n_chart_pages;
  PangoLayout *layout;       /* text of the cover and the charts */
};

/* sand-print-kit.c: text in mm. Sets @layout's text and font; @width ≤ 0:
 * no wrapping. Returns the text's height, mm. */
double   sand_print_text_set      (PangoLayout  *layout,
                                   const char   *text,
                                   double        size,
                                   gboolean      bold,
                                   double        width);
void     sand_print_text_show     (cairo_t      *cr,
                                   PangoLayout  *layout,
                                   double        x,
                                   double        y);

/* sand-print-map.c */
void     sand_print_map_draw_page   (SandPrintKit *self,
                                     cairo_t      *cr,
                                     int           col,
                                     int           row);
void     sand_print_cover_draw      (SandPrintKit *self,
                                     cairo_t      *cr);

/* sand-print-counters.c */
double   sand_print_counters_default_mm (SandScenario *scenario);
void     sand_print_counters_build  (SandPrintKit *self);
void     sand_print_sheet_draw      (SandPrintKit *self,
                                     cairo_t      *cr,
                                     int           sheet,
                                     SandKitPageKind kind);

/* sand-print-charts.c */
void     sand_print_charts_build    (SandPrintKit *self);

/* sand-print-chart-pages.c */
void     sand_print_charts_paginate (SandPrintKit *self);
void     sand_print_chart_draw      (SandPrintKit *self,
                                     cairo_t      *cr,
                                     int           page);

G_END_DECLS
