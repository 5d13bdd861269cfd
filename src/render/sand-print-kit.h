/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-print-kit.h: a print-and-play kit — the map on pages, counter
 * sheets with their backs, and the charts — drawn by the map renderer from
 * the scenario and its ruleset. One object lays the pages out once; the
 * CLI writes them to a PDF, the editor previews and prints them page by
 * page through the same sand_print_kit_draw_page (). */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "sand-print-layout.h"
#include "sand-renderer.h"

G_BEGIN_DECLS

typedef struct _SandPrintKit SandPrintKit;

typedef enum {
  SAND_KIT_PAGE_COVER,        /* title, assembly diagram, what to print how */
  SAND_KIT_PAGE_MAP,
  SAND_KIT_PAGE_BLANK,        /* keeps a counter sheet's fronts on a sheet's front */
  SAND_KIT_PAGE_SHEET_FRONT,
  SAND_KIT_PAGE_SHEET_BACK,
  SAND_KIT_PAGE_SHEET_FOLD,   /* fronts and backs on one page */
  SAND_KIT_PAGE_CHART,
} SandKitPageKind;

/* Lays the kit out; the renderer must outlive it. FALSE (NULL) with an
 * error when the options cannot be met (a counter larger than the paper). */
SandPrintKit    *sand_print_kit_new            (SandRenderer           *renderer,
                                                const SandPrintOptions *options,
                                                GError                **error);
void             sand_print_kit_free           (SandPrintKit           *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SandPrintKit, sand_print_kit_free)

/* The sizes used, after defaults: hex across the flats and counter side. */
double           sand_print_kit_hex_mm         (SandPrintKit           *self);
double           sand_print_kit_counter_mm     (SandPrintKit           *self);
const SandSheetLayout *sand_print_kit_sheet_layout (SandPrintKit       *self);
const SandMapPagesLayout *sand_print_kit_map_layout (SandPrintKit      *self);

guint            sand_print_kit_n_pages        (SandPrintKit           *self);
SandKitPageKind  sand_print_kit_page_kind      (SandPrintKit           *self,
                                                guint                   page);
/* A short title ("Map A1", "Counter sheet 2, backs"), translated. */
const char      *sand_print_kit_page_title     (SandPrintKit           *self,
                                                guint                   page);
/* The page's size, mm: the paper, portrait, but for map pages when
 * landscape takes fewer of them. */
void             sand_print_kit_page_size      (SandPrintKit           *self,
                                                guint                   page,
                                                double                 *width,
                                                double                 *height);
/* Draws page @page with @cr's user space in points (1/72 in) from the
 * page's top-left corner, on white. */
void             sand_print_kit_draw_page      (SandPrintKit           *self,
                                                cairo_t                *cr,
                                                guint                   page);
/* Writes every page to a PDF, through a replace stream so that a failed
 * write leaves any old file in place. */
gboolean         sand_print_kit_write_pdf      (SandPrintKit           *self,
                                                const char             *path,
                                                GError                **error);

/* The pieces on the counter sheets: every counter of the counter mix
 * (more than one piece when it takes more steps than two faces show) and
 * the markers the ruleset lists. */
typedef struct {
  const char *name;    /* the counter's or marker's name */
  guint front_page;    /* kit page of its front */
  guint back_page;     /* kit page of its back (fold: the same page) */
  double front_x, front_y; /* centres, mm from the page's top-left */
  double back_x, back_y;
  gboolean common_back; /* the side's plain back: hides its identity */
} SandPiecePlace;

guint            sand_print_kit_n_pieces       (SandPrintKit           *self);
void             sand_print_kit_get_piece      (SandPrintKit           *self,
                                                guint                   i,
                                                SandPiecePlace         *place);

G_END_DECLS
