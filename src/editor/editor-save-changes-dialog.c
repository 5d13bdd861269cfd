/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-save-changes-dialog.h"

typedef struct {
  EditorSaveChangesCallback callback;
  gpointer user_data;
} Closure;

static void
response_cb (AdwMessageDialog *dialog,
             const char       *response,
             Closure          *closure)
{
  EditorSaveChangesResponse answer = EDITOR_SAVE_CHANGES_CANCEL;

  if (g_str_equal (response, "save"))
    answer = EDITOR_SAVE_CHANGES_SAVE;
  else if (g_str_equal (response, "discard"))
    answer = EDITOR_SAVE_CHANGES_DISCARD;

  closure->callback (closure->user_data, answer);
}

GtkWidget *
editor_save_changes_dialog_run (GtkWindow                 *parent,
                                EditorDocument            *document,
                                EditorSaveChangesCallback  callback,
                                gpointer                   user_data)
{
  g_autofree char *heading = NULL;
  const char *title;
  const char *body;
  GtkWidget *dialog;
  Closure *closure;

  g_return_val_if_fail (EDITOR_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (callback != NULL, NULL);

  /* The scenario as the designer named it ("Franco-Prussian War: …"),
   * which the window's title shows too; the file name only without one. */
  title = sand_scenario_get_title (editor_document_get_scenario (document));
  if (title == NULL || *title == '\0')
    title = editor_document_get_title (document);
  /* Translators: %s is the scenario's title, a file name, or "Untitled Map". */
  heading = g_strdup_printf (_("Save Changes to “%s”?"), title);
  if (editor_document_get_file (document) == NULL)
    body = _("This map has never been saved. If you don’t save it, it will be lost.");
  else
    body = _("If you don’t save, the changes since the last save will be lost.");

  dialog = adw_message_dialog_new (parent, heading, body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", editor_document_get_file (document)
                                            ? _("_Save") : _("_Save As…"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");

  closure = g_new0 (Closure, 1);
  closure->callback = callback;
  closure->user_data = user_data;
  g_signal_connect_data (dialog, "response", G_CALLBACK (response_cb), closure,
                         (GClosureNotify) (void (*) (void)) g_free, 0);

  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}
