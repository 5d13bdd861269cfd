/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-playtest-leave.c: the question asked when leaving a playtest. */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-playtest-leave.h"
#include "editor-window.h"

gboolean
editor_playtest_leave_needs_asking (EditorPlaytest *playtest)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (playtest), FALSE);

  /* A game nobody touched is started again in a click: no question. */
  return editor_playtest_get_active (playtest) && editor_playtest_log_length (playtest) > 0;
}

GFile *
editor_playtest_leave_save_file (EditorPlaytestBar *bar)
{
  g_autoptr(GFile) folder = editor_playtest_bar_propose_folder (bar);
  g_autofree char *name = editor_playtest_bar_propose_name (bar);

  if (folder == NULL)
    {
      const char *documents = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);

      folder = g_file_new_for_path (documents != NULL ? documents : g_get_home_dir ());
    }
  return g_file_get_child (folder, name);
}

static void
response_cb (AdwMessageDialog *dialog,
             const char       *response,
             EditorPlaytest   *playtest)
{
  EditorPlaytestBar *bar = g_object_get_data (G_OBJECT (dialog), "bar");
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (dialog));

  if (!editor_playtest_get_active (playtest) || g_str_equal (response, "keep"))
    return;
  if (g_str_equal (response, "save"))
    {
      g_autoptr(GFile) file = editor_playtest_leave_save_file (bar);
      g_autoptr(GError) error = NULL;
      g_autofree char *base = g_file_get_basename (file);
      g_autofree char *toast = NULL;

      if (!editor_playtest_save_game (playtest, file, &error))
        {
          /* Not saved: the game stays, to be saved from the bar. */
          if (EDITOR_IS_WINDOW (parent))
            editor_window_show_error (EDITOR_WINDOW (parent), _("Could not save the game"),
                                      error->message);
          return;
        }
      /* Translators: %s is the file name of the saved game. */
      toast = g_strdup_printf (_("Game saved as “%s”"), base);
      if (EDITOR_IS_WINDOW (parent))
        editor_window_add_toast (EDITOR_WINDOW (parent), toast);
    }
  editor_playtest_stop (playtest);
}

GtkWidget *
editor_playtest_leave_ask (GtkWindow         *parent,
                           EditorPlaytest    *playtest,
                           EditorPlaytestBar *bar)
{
  GtkWidget *dialog;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (playtest), NULL);
  g_return_val_if_fail (EDITOR_IS_PLAYTEST_BAR (bar), NULL);

  dialog = adw_message_dialog_new (parent, _("Save the Game Before Leaving?"),
                                   _("Moves were made in this playtest. A discarded game "
                                     "cannot be taken up again: the next playtest starts "
                                     "afresh."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "keep", _("_Keep Playing"),
                                    "discard", _("_Discard Game"),
                                    "save", _("_Save Game"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "keep");
  g_object_set_data_full (G_OBJECT (dialog), "bar", g_object_ref (bar), g_object_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (response_cb), playtest, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}
