/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-test-controller.h: a widget's own event controller of a type, so a
 * test drives the canvas through the gesture a pointer would. Included
 * once by each test program. */
#pragma once

#include <gtk/gtk.h>

static GtkEventController *
find_controller (GtkWidget *widget,
                 GType      type)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) c = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type))
        return c; /* the widget keeps it alive */
    }
  g_assert_not_reached ();
  return NULL;
}
