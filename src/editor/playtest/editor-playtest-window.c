/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The playtest in its window: the turn bar and the hot-seat cover the
 * window declares, the game panel it fills the window's game page with,
 * starting and leaving as the window's Playtest asks, and the keys it
 * adds. What the window shows while playing is the window's business: it
 * follows the controller's "active" through its "mode". */
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

/* Hot-seat: while the screen is passed the map, the unit panels and the
 * log give way to the window's cover, and the turn bar's commands wait. */
void
_editor_playtest_cover_screen (EditorPlaytest *self,
                               gboolean        covered)
{
  gtk_widget_set_visible (self->panel, !covered);
  editor_window_set_covered (self->window, covered);
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
    return;
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
    editor_window_show_error (self->window, _("Could not start the playtest"), error->message);
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

void
editor_playtest_leave_interactive (EditorPlaytest *self)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));

  if (!self->active)
    return;
  if (!editor_playtest_leave_needs_asking (self))
    {
      editor_playtest_stop (self);
      return;
    }
  /* Still playing until the player answers. */
  editor_playtest_leave_ask (GTK_WINDOW (self->window), self, EDITOR_PLAYTEST_BAR (self->bar));
}

/* In its window */

static void
window_document_cb (EditorPlaytest *self)
{
  editor_playtest_stop (self);
}

static void
message_cb (EditorPlaytest *self,
            const char     *text)
{
  editor_window_add_toast (self->window, text);
}

EditorPlaytest *
editor_playtest_get_for_window (EditorWindow *window)
{
  g_return_val_if_fail (EDITOR_IS_WINDOW (window), NULL);
  return window->playtest;
}

EditorPlaytest *
editor_playtest_new (EditorWindow *window)
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

  /* The window declares the turn bar and the hot-seat cover; they work
   * for this controller. */
  self->bar = window->turn_bar;
  editor_playtest_bar_set_playtest (EDITOR_PLAYTEST_BAR (self->bar), self);
  self->cover = GTK_WIDGET (window->hotseat_cover);
  self->ready_button = GTK_WIDGET (window->ready_button);
  g_signal_connect_object (self->ready_button, "clicked", G_CALLBACK (editor_playtest_show_screen),
                           self, G_CONNECT_SWAPPED);

  /* The computer's strip, under the turn bar. */
  _editor_playtest_computer_attach (self, window->canvas_box);

  /* The game panel, the window's side panel while playing: what the
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
  gtk_box_append (window->game_box, self->panel);

  /* While playing, Ctrl+Z takes back the last action of the phase and
   * Escape drops the selection; otherwise the keys go on as before. F5
   * starts or stops playing, as the header bar's Playtest does. */
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
                        gtk_named_action_new ("win.playtest")));
    gtk_widget_add_controller (GTK_WIDGET (window), shortcuts);
  }

  g_signal_connect_object (window, "notify::document", G_CALLBACK (window_document_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect (self, "message", G_CALLBACK (message_cb), NULL);
  return self;
}
