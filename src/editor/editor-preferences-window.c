/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "editor-preferences-window.h"

struct _EditorPreferencesWindow
{
  AdwPreferencesWindow parent_instance;

  GSettings *settings;

  /* Template children */
  GtkSwitch *counters_switch;
  GtkSwitch *drafts_switch;
  GtkSwitch *grid_switch;
  GtkSwitch *ids_switch;
  GtkAdjustment *interval_adjustment;
  AdwActionRow *interval_row;
  GtkSwitch *names_switch;
};

G_DEFINE_FINAL_TYPE (EditorPreferencesWindow, editor_preferences_window,
                     ADW_TYPE_PREFERENCES_WINDOW)

GtkWidget *
editor_preferences_window_new (GtkWindow *parent)
{
  return g_object_new (EDITOR_TYPE_PREFERENCES_WINDOW,
                       "transient-for", parent,
                       "modal", parent != NULL,
                       NULL);
}

static void
editor_preferences_window_dispose (GObject *object)
{
  EditorPreferencesWindow *self = (EditorPreferencesWindow *) object;

  gtk_widget_dispose_template (GTK_WIDGET (self), EDITOR_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (editor_preferences_window_parent_class)->dispose (object);
}

static void
editor_preferences_window_class_init (EditorPreferencesWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = editor_preferences_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/sandtable/Sandtable/"
                                               "ui/editor-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, EditorPreferencesWindow, counters_switch);
  gtk_widget_class_bind_template_child (widget_class, EditorPreferencesWindow, drafts_switch);
  gtk_widget_class_bind_template_child (widget_class, EditorPreferencesWindow, grid_switch);
  gtk_widget_class_bind_template_child (widget_class, EditorPreferencesWindow, ids_switch);
  gtk_widget_class_bind_template_child (widget_class, EditorPreferencesWindow, interval_adjustment);
  gtk_widget_class_bind_template_child (widget_class, EditorPreferencesWindow, interval_row);
  gtk_widget_class_bind_template_child (widget_class, EditorPreferencesWindow, names_switch);
}

static void
editor_preferences_window_init (EditorPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  g_settings_bind (self->settings, "show-grid", self->grid_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "show-ids", self->ids_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "show-names", self->names_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "show-counters", self->counters_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "drafts-enabled", self->drafts_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "draft-interval", self->interval_adjustment, "value",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "drafts-enabled", self->interval_row, "sensitive",
                   G_SETTINGS_BIND_GET);
}
