/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The playtest in its window: the Playtest toggle in the header bar, the
 * turn bar, the hot-seat cover and the game panel it adds, what it turns
 * off in the window while playing, and the keys it adds. */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-attack-panel.h"
#include "editor-game-log.h"
#include "editor-playtest-private.h"
#include "editor-playtest-bar.h"
#include "editor-playtest-leave.h"
#include "editor-playtest-setup-dialog.h"
#include "editor-unit-card.h"
#include "editor-window-private.h"

static const char *const window_canvas_signals[] = {
  "edit-begin", "edit-update", "edit-end", "hover",
};

/* Hot-seat: while the screen is passed the map, the unit panels and the
 * log give way to a cover, and the turn bar's commands wait. */
void
_editor_playtest_cover_screen (EditorPlaytest *self,
                               gboolean        covered)
{
  gtk_widget_set_visible (GTK_WIDGET (self->canvas), !covered);
  gtk_widget_set_visible (self->cover, covered);
  gtk_widget_set_visible (self->panel, self->active && !covered && !self->panel_hidden);
  gtk_widget_set_sensitive (self->bar, !covered);
}

/* Start and stop */

void
_editor_playtest_set_window_playing (EditorPlaytest *self,
                                     gboolean        playing)
{
  EditorWindow *window = self->window;

  for (guint i = 0; i < G_N_ELEMENTS (window_canvas_signals); i++)
    {
      guint id = g_signal_lookup (window_canvas_signals[i], EDITOR_TYPE_MAP_CANVAS);

      if (playing)
        g_signal_handlers_block_matched (self->canvas, G_SIGNAL_MATCH_ID | G_SIGNAL_MATCH_DATA,
                                         id, 0, NULL, NULL, window);
      else
        g_signal_handlers_unblock_matched (self->canvas, G_SIGNAL_MATCH_ID | G_SIGNAL_MATCH_DATA,
                                           id, 0, NULL, NULL, window);
    }

  if (playing)
    {
      g_object_get (self->canvas, "show-counters", &self->saved_show_counters, NULL);
      self->saved_palette_sensitive = gtk_widget_get_sensitive (GTK_WIDGET (window->palette_box));
      self->saved_inspector_visible = gtk_widget_get_visible (window->inspector);
      g_object_set (self->canvas, "show-counters", TRUE, NULL);
      gtk_widget_set_sensitive (GTK_WIDGET (window->palette_box), FALSE);
      gtk_widget_set_visible (window->inspector, FALSE);
      editor_map_canvas_set_preview (self->canvas, NULL, 0, -1, -1);
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self->canvas), "default");
    }
  else
    {
      g_object_set (self->canvas, "show-counters", self->saved_show_counters, NULL);
      gtk_widget_set_sensitive (GTK_WIDGET (window->palette_box), self->saved_palette_sensitive);
      gtk_widget_set_visible (window->inspector, self->saved_inspector_visible);
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self->canvas),
                                       window->tool ? editor_tool_get_cursor_name (window->tool)
                                                    : NULL);
    }
  gtk_widget_set_visible (self->bar, playing);
  gtk_widget_set_visible (self->panel, playing && !self->panel_hidden);
  /* The document's undo would change the scenario under the game; the
   * window's actions come back as they were from its own bookkeeping. */
  if (playing)
    {
      static const char * const doc_actions[] = { "undo", "redo", "revert" };

      for (guint i = 0; i < G_N_ELEMENTS (doc_actions); i++)
        {
          GAction *action = g_action_map_lookup_action (G_ACTION_MAP (window), doc_actions[i]);
          if (G_IS_SIMPLE_ACTION (action))
            g_simple_action_set_enabled (G_SIMPLE_ACTION (action), FALSE);
        }
    }
  else
    _editor_window_update_actions (window);

  self->setting_toggle = TRUE;
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->toggle), playing);
  self->setting_toggle = FALSE;
}

static void
setup_response_cb (EditorPlaytest             *self,
                   gboolean                    start,
                   EditorPlaytestSetupDialog  *dialog)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) oobs = NULL;
  g_auto(GStrv) options = NULL;

  if (!start)
    {
      self->setting_toggle = TRUE;
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->toggle), self->active);
      self->setting_toggle = FALSE;
      return;
    }
  oobs = editor_playtest_setup_dialog_get_oobs (dialog);
  options = editor_playtest_setup_dialog_get_options (dialog);
  for (int s = 0; s < SAND_MAX_SIDES; s++)
    {
      SandAiOptions player;

      editor_playtest_set_computer (self, s, editor_playtest_setup_dialog_get_player (dialog, s,
                                                                                      &player)
                                             ? &player : NULL);
    }
  if (!editor_playtest_start (self, (const char * const *) oobs, (const char * const *) options,
                              editor_playtest_setup_dialog_get_seed (dialog), &error))
    {
      editor_window_show_error (self->window, _("Could not start the playtest"), error->message);
      self->setting_toggle = TRUE;
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->toggle), FALSE);
      self->setting_toggle = FALSE;
    }
  else if (self->canvas != NULL)
    /* Play happens on the map: the keyboard goes there (its hex cursor). */
    gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
}

void
editor_playtest_start_interactive (EditorPlaytest *self)
{
  EditorDocument *document;
  GtkWidget *dialog;

  g_return_if_fail (EDITOR_IS_PLAYTEST (self));

  document = editor_window_get_document (self->window);
  if (document == NULL)
    return;
  dialog = editor_playtest_setup_dialog_new (GTK_WINDOW (self->window),
                                             editor_document_get_scenario (document));
  g_signal_connect_object (dialog, "response", G_CALLBACK (setup_response_cb), self,
                           G_CONNECT_SWAPPED);
  _editor_playtest_computer_preset (self, EDITOR_PLAYTEST_SETUP_DIALOG (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
  /* Enter plays: the focus starts on Play (the default), not on Cancel. */
  if (gtk_window_get_default_widget (GTK_WINDOW (dialog)) != NULL)
    gtk_widget_grab_focus (gtk_window_get_default_widget (GTK_WINDOW (dialog)));
}

/* Attaching to a window */

static void
toggle_cb (EditorPlaytest  *self,
           GtkToggleButton *toggle)
{
  if (self->setting_toggle)
    return;
  if (gtk_toggle_button_get_active (toggle) && !self->active)
    editor_playtest_start_interactive (self);
  else if (!gtk_toggle_button_get_active (toggle) && self->active)
    {
      if (!editor_playtest_leave_needs_asking (self))
        {
          editor_playtest_stop (self);
          return;
        }
      /* Still playing until the player answers. */
      self->setting_toggle = TRUE;
      gtk_toggle_button_set_active (toggle, TRUE);
      self->setting_toggle = FALSE;
      editor_playtest_leave_ask (GTK_WINDOW (self->window), self,
                                 EDITOR_PLAYTEST_BAR (self->bar));
    }
}

static void
window_document_cb (EditorPlaytest *self)
{
  editor_playtest_stop (self);
  gtk_widget_set_sensitive (self->toggle, editor_window_get_document (self->window) != NULL);
}

static void
message_cb (EditorPlaytest *self,
            const char     *text)
{
  editor_window_add_toast (self->window, text);
}

/* F5 starts and stops playing, as the header bar's toggle does. */
static gboolean
toggle_shortcut_cb (GtkWidget *widget,
                    GVariant  *args,
                    gpointer   data)
{
  EditorPlaytest *self = data;

  if (!gtk_widget_is_sensitive (self->toggle))
    return FALSE;
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->toggle),
                                !gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->toggle)));
  return TRUE;
}

EditorPlaytest *
editor_playtest_get_for_window (EditorWindow *window)
{
  g_return_val_if_fail (EDITOR_IS_WINDOW (window), NULL);
  return g_object_get_data (G_OBJECT (window), "editor-playtest");
}

EditorPlaytest *
editor_playtest_attach (EditorWindow *window)
{
  EditorPlaytest *self;
  GtkWidget *paned;

  g_return_val_if_fail (EDITOR_IS_WINDOW (window), NULL);

  self = g_object_new (EDITOR_TYPE_PLAYTEST, NULL);
  self->window = window;
  self->canvas = window->canvas;
  /* A window being destroyed finalizes its canvas before the game panel
   * goes, whose dispose may still cancel a pick. */
  g_object_add_weak_pointer (G_OBJECT (self->canvas), (gpointer *) &self->canvas);
  g_object_set_data_full (G_OBJECT (window), "editor-playtest", self, g_object_unref);

  self->toggle = gtk_toggle_button_new ();
  {
    GtkWidget *content = adw_button_content_new ();

    adw_button_content_set_icon_name (ADW_BUTTON_CONTENT (content),
                                      "media-playback-start-symbolic");
    adw_button_content_set_label (ADW_BUTTON_CONTENT (content), _("Playtest"));
    gtk_button_set_child (GTK_BUTTON (self->toggle), content);
  }
  gtk_widget_set_tooltip_text (self->toggle, _("Play the scenario with its rules"));
  gtk_widget_set_sensitive (self->toggle, editor_window_get_document (window) != NULL);
  adw_header_bar_pack_start (window->header_bar, self->toggle);
  g_signal_connect_object (self->toggle, "toggled", G_CALLBACK (toggle_cb), self,
                           G_CONNECT_SWAPPED);

  self->bar = editor_playtest_bar_new (self);
  gtk_widget_set_visible (self->bar, FALSE);
  gtk_box_prepend (window->canvas_box, self->bar);
  _editor_playtest_computer_attach (self, window->canvas_box);

  /* Hot-seat: what stands in the map's place while the screen is passed. */
  {
    GtkWidget *ready = self->ready_button = gtk_button_new_with_mnemonic (_("_Ready"));

    gtk_widget_set_halign (ready, GTK_ALIGN_CENTER);
    gtk_widget_add_css_class (ready, "pill");
    gtk_widget_add_css_class (ready, "suggested-action");
    g_signal_connect_object (ready, "clicked", G_CALLBACK (editor_playtest_show_screen), self,
                             G_CONNECT_SWAPPED);
    self->cover = adw_status_page_new ();
    adw_status_page_set_icon_name (ADW_STATUS_PAGE (self->cover), "system-users-symbolic");
    adw_status_page_set_description (ADW_STATUS_PAGE (self->cover),
                                     _("The other side's forces stay hidden until they are "
                                       "ready."));
    adw_status_page_set_child (ADW_STATUS_PAGE (self->cover), ready);
    gtk_widget_set_vexpand (self->cover, TRUE);
    gtk_widget_set_visible (self->cover, FALSE);
    gtk_box_append (window->canvas_box, self->cover);
  }

  /* The game panel takes the inspector's place while playing: what the
   * selected unit (or the phase) may do and the attack, each as tall as
   * it needs, the log below them taking the rest. */
  paned = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  self->unit_actions = editor_unit_card_new (self);
  self->attack_panel = editor_attack_panel_new (self);
  self->game_log = editor_game_log_new (self);
  gtk_widget_set_vexpand (self->game_log, TRUE);
  gtk_box_append (GTK_BOX (paned), self->unit_actions);
  gtk_box_append (GTK_BOX (paned), self->attack_panel);
  gtk_box_append (GTK_BOX (paned), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  gtk_box_append (GTK_BOX (paned), self->game_log);
  gtk_widget_set_vexpand (paned, TRUE);
  gtk_widget_set_size_request (paned, 280, -1);
  self->panel = paned;
  gtk_widget_set_visible (self->panel, FALSE);
  gtk_box_append (window->inspector_box, self->panel);

  /* While playing, Ctrl+Z takes back the last action of the phase and
   * Escape drops the selection; otherwise the keys go on as before. F5
   * starts or stops playing. */
  {
    GtkEventController *shortcuts = gtk_shortcut_controller_new ();

    gtk_event_controller_set_propagation_phase (shortcuts, GTK_PHASE_CAPTURE);
    gtk_shortcut_controller_add_shortcut (
      GTK_SHORTCUT_CONTROLLER (shortcuts),
      gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_z, GDK_CONTROL_MASK),
                        gtk_callback_action_new (_editor_playtest_undo_shortcut_cb, self, NULL)));
    gtk_shortcut_controller_add_shortcut (
      GTK_SHORTCUT_CONTROLLER (shortcuts),
      gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                        gtk_callback_action_new (_editor_playtest_escape_shortcut_cb, self, NULL)));
    gtk_shortcut_controller_add_shortcut (
      GTK_SHORTCUT_CONTROLLER (shortcuts),
      gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_F5, 0),
                        gtk_callback_action_new (toggle_shortcut_cb, self, NULL)));
    gtk_widget_add_controller (GTK_WIDGET (window), shortcuts);
  }

  g_signal_connect_object (self->canvas, "edit-begin",
                           G_CALLBACK (_editor_playtest_canvas_edit_begin_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->canvas, "hover", G_CALLBACK (_editor_playtest_canvas_hover_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (window, "notify::document", G_CALLBACK (window_document_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect (self, "message", G_CALLBACK (message_cb), NULL);
  return self;
}
