/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-new-map-dialog.h"
#include "sand-ruleset-labels.h"

struct _EditorNewMapDialog
{
  AdwWindow parent_instance;

  /* Template children */
  GtkSpinButton *cols_spin;
  GtkButton *create_button;
  AdwComboRow *orientation_row;
  GtkSpinButton *rows_spin;
  AdwComboRow *ruleset_row;
  AdwComboRow *stagger_row;
  AdwEntryRow *title_row;
};

G_DEFINE_FINAL_TYPE (EditorNewMapDialog, editor_new_map_dialog, ADW_TYPE_WINDOW)

enum {
  CREATE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

GtkWidget *
editor_new_map_dialog_new (GtkWindow *parent)
{
  return g_object_new (EDITOR_TYPE_NEW_MAP_DIALOG, "transient-for", parent, NULL);
}

SandScenario *
editor_new_map_dialog_build (EditorNewMapDialog *self,
                             GError            **error)
{
  const char * const *ids = sand_ruleset_list_shipped ();
  g_autoptr(SandMap) map = NULL;
  SandScenario *scenario;
  SandRuleset *ruleset;
  guint index;
  const char *title;

  g_return_val_if_fail (EDITOR_IS_NEW_MAP_DIALOG (self), NULL);

  index = adw_combo_row_get_selected (self->ruleset_row);
  if (ids == NULL || index >= g_strv_length ((char **) ids))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _("No game rules are installed"));
      return NULL;
    }
  if (!(ruleset = sand_ruleset_lookup (ids[index], error)))
    return NULL;

  map = sand_map_new (ruleset,
                      gtk_spin_button_get_value_as_int (self->cols_spin),
                      gtk_spin_button_get_value_as_int (self->rows_spin),
                      adw_combo_row_get_selected (self->orientation_row) == 0
                      ? SAND_ORIENTATION_FLAT : SAND_ORIENTATION_POINTY,
                      adw_combo_row_get_selected (self->stagger_row) == 0
                      ? SAND_STAGGER_EVEN : SAND_STAGGER_ODD);
  scenario = sand_scenario_new (map);
  /* The game's length and who moves first are the rulebook's (FPW: 11
   * turns, Germans first), not the model's one turn and first side. */
  sand_scenario_set_turns (scenario, MAX (1, sand_ruleset_param_int (ruleset, "turns", 1)));
  {
    const SandParam *first = sand_ruleset_get_param (ruleset, "first-side");
    int side = first != NULL ? sand_ruleset_find_side (ruleset, first->value) : -1;

    if (side >= 0)
      sand_scenario_set_first_side (scenario, side);
  }
  title = gtk_editable_get_text (GTK_EDITABLE (self->title_row));
  if (title != NULL && *title != '\0')
    sand_scenario_set_title (scenario, title);
  return scenario;
}

static void
create_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  EditorNewMapDialog *self = EDITOR_NEW_MAP_DIALOG (widget);
  g_autoptr(SandScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;

  scenario = editor_new_map_dialog_build (self, &error);
  if (scenario == NULL)
    {
      g_warning ("Could not create a map: %s", error->message);
      return;
    }
  g_signal_emit (self, signals[CREATE], 0, scenario);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
title_activated_cb (EditorNewMapDialog *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self->cols_spin));
}

static void
update_stagger (EditorNewMapDialog *self)
{
  gboolean flat = adw_combo_row_get_selected (self->orientation_row) == 0;
  guint selected = adw_combo_row_get_selected (self->stagger_row);
  g_autoptr(GtkStringList) model = NULL;

  const char *items[] = { _("Even (2, 4, 6…)"), _("Odd (1, 3, 5…)"), NULL };

  /* The stagger is said in the terms of the orientation just chosen. */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->stagger_row),
                                 flat ? _("Lower Columns") : _("Shifted Rows"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->stagger_row),
                               flat ? _("Shifted down by half a hex")
                                    : _("Shifted right by half a hex"));
  model = gtk_string_list_new (items);
  adw_combo_row_set_model (self->stagger_row, G_LIST_MODEL (model));
  adw_combo_row_set_selected (self->stagger_row,
                              selected == GTK_INVALID_LIST_POSITION ? 0 : selected);
}

static void
editor_new_map_dialog_class_init (EditorNewMapDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  signals[CREATE] =
    g_signal_new ("create", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, SAND_TYPE_SCENARIO);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/sandtable/Sandtable/"
                                               "ui/editor-new-map-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, EditorNewMapDialog, cols_spin);
  gtk_widget_class_bind_template_child (widget_class, EditorNewMapDialog, create_button);
  gtk_widget_class_bind_template_child (widget_class, EditorNewMapDialog, orientation_row);
  gtk_widget_class_bind_template_child (widget_class, EditorNewMapDialog, rows_spin);
  gtk_widget_class_bind_template_child (widget_class, EditorNewMapDialog, ruleset_row);
  gtk_widget_class_bind_template_child (widget_class, EditorNewMapDialog, stagger_row);
  gtk_widget_class_bind_template_child (widget_class, EditorNewMapDialog, title_row);
  gtk_widget_class_bind_template_callback (widget_class, title_activated_cb);

  gtk_widget_class_install_action (widget_class, "new-map.create", NULL, create_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
editor_new_map_dialog_init (EditorNewMapDialog *self)
{
  const char * const *ids = sand_ruleset_list_shipped ();
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));

  for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
    {
      SandRuleset *ruleset = sand_ruleset_lookup (ids[i], NULL);
      gtk_string_list_append (names, ruleset ? sand_ruleset_get_label (ruleset) : ids[i]);
    }
  adw_combo_row_set_model (self->ruleset_row, G_LIST_MODEL (names));

  g_signal_connect_object (self->orientation_row, "notify::selected",
                           G_CALLBACK (update_stagger), self, G_CONNECT_SWAPPED);
  update_stagger (self);

  gtk_window_set_default_widget (GTK_WINDOW (self), GTK_WIDGET (self->create_button));
}
