/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-counter-icon.c: one counter drawn as the map draws it, and the
 * drag that carries a counter id onto the map. */
#include "config.h"

#include "editor-counter-icon.h"

typedef struct {
  SandRenderer *renderer;
  char *id;
} IconData;

static void
icon_data_free (gpointer data)
{
  IconData *d = data;

  g_free (d->id);
  g_free (d);
}

static void
icon_draw (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        user_data)
{
  IconData *d = g_object_get_data (G_OBJECT (area), "editor-counter-icon");
  SandScenario *scenario;
  SandCounterDraw draw = { 0 };
  int k;

  if (d == NULL || d->renderer == NULL || d->id == NULL)
    return;
  scenario = sand_renderer_get_scenario (d->renderer);
  k = sand_scenario_find_counter (scenario, d->id);
  if (k < 0)
    return;
  draw.counter = sand_scenario_get_counter (scenario, k);
  draw.hex = SAND_HEX_NONE;
  draw.strength = draw.counter->steps > 0 ? draw.counter->steps : draw.counter->strength;
  sand_renderer_draw_counter (d->renderer, cr, &draw, width / 2.0, height / 2.0,
                              MIN (width, height) - 2);
}

GtkWidget *
editor_counter_icon_new (int size)
{
  GtkWidget *area = gtk_drawing_area_new ();

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), size);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), size);
  gtk_widget_set_valign (area, GTK_ALIGN_CENTER);
  g_object_set_data_full (G_OBJECT (area), "editor-counter-icon", g_new0 (IconData, 1),
                          icon_data_free);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), icon_draw, NULL, NULL);
  return area;
}

void
editor_counter_icon_set (GtkWidget    *icon,
                         SandRenderer *renderer,
                         const char   *counter_id)
{
  IconData *d;

  g_return_if_fail (GTK_IS_DRAWING_AREA (icon));
  d = g_object_get_data (G_OBJECT (icon), "editor-counter-icon");
  g_return_if_fail (d != NULL);
  d->renderer = renderer;
  if (g_strcmp0 (d->id, counter_id) != 0)
    {
      g_free (d->id);
      d->id = g_strdup (counter_id);
    }
  gtk_widget_queue_draw (icon);
}

static GdkContentProvider *
drag_prepare_cb (GtkDragSource *source,
                 double         x,
                 double         y,
                 GtkWidget     *widget)
{
  const char *id = g_object_get_data (G_OBJECT (widget), "editor-counter-drag-id");
  g_autoptr(GdkPaintable) paintable = NULL;

  if (id == NULL)
    return NULL;
  paintable = gtk_widget_paintable_new (widget);
  gtk_drag_source_set_icon (source, paintable, (int) x, (int) y);
  return gdk_content_provider_new_typed (G_TYPE_STRING, id);
}

void
editor_counter_drag_attach (GtkWidget *widget)
{
  GtkDragSource *source = gtk_drag_source_new ();

  gtk_drag_source_set_actions (source, GDK_ACTION_COPY | GDK_ACTION_MOVE);
  g_signal_connect (source, "prepare", G_CALLBACK (drag_prepare_cb), widget);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (source));
}

void
editor_counter_drag_set_id (GtkWidget  *widget,
                            const char *counter_id)
{
  g_object_set_data_full (G_OBJECT (widget), "editor-counter-drag-id", g_strdup (counter_id),
                          g_free);
}
