/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-balance-chart-view.h: the balance report's pictures as a widget
 * that takes the width its window gives (height for width), in the
 * window's colours, light or dark. The report is asked for at each
 * measure and draw, from the window that owns it, as a drawing area asks
 * its draw function: partial reports replace each other under it. */
#pragma once

#include <gtk/gtk.h>

#include "sand-balance.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_BALANCE_CHART_VIEW (editor_balance_chart_view_get_type ())
G_DECLARE_FINAL_TYPE (EditorBalanceChartView, editor_balance_chart_view, EDITOR,
                      BALANCE_CHART_VIEW, GtkWidget)

/* The report to show (NULL: none yet) and which of its pairings' histograms. */
typedef const SandBalanceReport *(*EditorBalanceChartSource) (gpointer  data,
                                                              guint    *pairing);

void editor_balance_chart_view_set_source (EditorBalanceChartView   *self,
                                           EditorBalanceChartSource  source,
                                           gpointer                  data);

G_END_DECLS
