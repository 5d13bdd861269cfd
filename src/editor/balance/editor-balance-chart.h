/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-balance-chart.h: a balance report as pictures, drawn with cairo
 * so the window, PNG and PDF show the same thing: per pairing, each side's
 * win rate as a bar with its Wilson 95% interval as a whisker; with more
 * than one pairing, the pairing matrix as a grid coloured by the first
 * side's win rate; and for the chosen pairing, the histograms of the net
 * victory points and of the turn from which the winner led for good. */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "sand-balance.h"

G_BEGIN_DECLS

/* The colours a chart is drawn in, RGBA 0…1: the window takes them from
 * its style (light or dark); exports are drawn for paper, on white. */
typedef struct {
  double fg[4];             /* text, axes, whiskers */
  double bg[4];             /* behind the chart */
  gboolean fill;            /* paint bg first (exports); FALSE: the widget's shows */
  gboolean dark;            /* light marks on a dark background */
} EditorBalanceChartColors;

/* For paper: black on white. */
void     editor_balance_chart_colors_paper (EditorBalanceChartColors *out);

/* The height the chart takes drawn @width wide: a wide window gives its
 * bars and histograms room (height for width). */
int      editor_balance_chart_height_for_width (const SandBalanceReport *report,
                                                int                      width);
/* The size the chart wants for @report at its natural scale (exports). */
void     editor_balance_chart_size   (const SandBalanceReport *report,
                                      int                     *width,
                                      int                     *height);
/* @colors NULL: for paper. */
void     editor_balance_chart_draw   (cairo_t                 *cr,
                                      const SandBalanceReport *report,
                                      guint                    pairing,
                                      const EditorBalanceChartColors *colors,
                                      int                      width,
                                      int                      height);
/* Writes the chart to @file as PDF when its name ends in .pdf, else PNG. */
gboolean editor_balance_chart_export (const SandBalanceReport *report,
                                      guint                    pairing,
                                      GFile                   *file,
                                      GError                 **error);

G_END_DECLS
