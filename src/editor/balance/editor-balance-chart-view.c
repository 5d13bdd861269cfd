/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The balance report's pictures as a widget (editor-balance-chart-view.h). */
#include "config.h"

#include <adwaita.h>

#include "editor-balance-chart.h"
#include "editor-balance-chart-view.h"

struct _EditorBalanceChartView
{
  GtkWidget parent_instance;

  EditorBalanceChartSource source;
  gpointer source_data;
};

G_DEFINE_FINAL_TYPE (EditorBalanceChartView, editor_balance_chart_view, GTK_TYPE_WIDGET)

static const SandBalanceReport *
report (EditorBalanceChartView *self,
        guint                  *pairing)
{
  *pairing = 0;
  return self->source != NULL ? self->source (self->source_data, pairing) : NULL;
}

void
editor_balance_chart_view_set_source (EditorBalanceChartView   *self,
                                      EditorBalanceChartSource  source,
                                      gpointer                  data)
{
  g_return_if_fail (EDITOR_IS_BALANCE_CHART_VIEW (self));

  self->source = source;
  self->source_data = data;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

static GtkSizeRequestMode
editor_balance_chart_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* At least the natural width, any more the window gives; the height
 * follows the width (wider: histograms side by side, taller). */
static void
editor_balance_chart_view_measure (GtkWidget      *widget,
                                   GtkOrientation  orientation,
                                   int             for_size,
                                   int            *minimum,
                                   int            *natural,
                                   int            *minimum_baseline,
                                   int            *natural_baseline)
{
  EditorBalanceChartView *self = EDITOR_BALANCE_CHART_VIEW (widget);
  guint pairing;
  const SandBalanceReport *r = report (self, &pairing);
  int w = 0, h = 0;

  if (r != NULL && r->pairings->len > 0)
    {
      editor_balance_chart_size (r, &w, &h);
      if (orientation == GTK_ORIENTATION_VERTICAL && for_size > w)
        h = editor_balance_chart_height_for_width (r, for_size);
    }
  *minimum = *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? w : h;
}

/* In the window's own colours (GTK 4.8 has no gtk_widget_get_color: the
 * style context gives them). */
static void
editor_balance_chart_view_snapshot (GtkWidget   *widget,
                                    GtkSnapshot *snapshot)
{
  EditorBalanceChartView *self = EDITOR_BALANCE_CHART_VIEW (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  guint pairing;
  const SandBalanceReport *r = report (self, &pairing);
  GtkStyleContext *style;
  GdkRGBA fg, bg;
  gboolean dark;
  cairo_t *cr;

  if (r == NULL || width <= 0 || height <= 0)
    return;
  style = gtk_widget_get_style_context (widget);
  gtk_style_context_get_color (style, &fg);
  dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  if (!gtk_style_context_lookup_color (style, "window_bg_color", &bg))
    bg = dark ? (GdkRGBA) { 0.14, 0.14, 0.14, 1 } : (GdkRGBA) { 0.98, 0.98, 0.98, 1 };
  EditorBalanceChartColors colors = {
    { fg.red, fg.green, fg.blue, fg.alpha }, { bg.red, bg.green, bg.blue, 1 }, FALSE, dark,
  };
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  editor_balance_chart_draw (cr, r, pairing, &colors, width, height);
  cairo_destroy (cr);
}

static void
dark_changed_cb (EditorBalanceChartView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
editor_balance_chart_view_class_init (EditorBalanceChartViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->get_request_mode = editor_balance_chart_view_get_request_mode;
  widget_class->measure = editor_balance_chart_view_measure;
  widget_class->snapshot = editor_balance_chart_view_snapshot;
  gtk_widget_class_set_css_name (widget_class, "balancechart");
}

static void
editor_balance_chart_view_init (EditorBalanceChartView *self)
{
  /* Its colours follow the style. */
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (dark_changed_cb), self, G_CONNECT_SWAPPED);
}
