/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-window-close.c: closing a window asks about unsaved changes
 * first, and remembers the window's size for next time. */
#include "config.h"

#include "editor-application.h"
#include "editor-save-changes-dialog.h"
#include "editor-window-private.h"

static gboolean
close_idle_cb (gpointer data)
{
  gtk_window_close (GTK_WINDOW (data));
  return G_SOURCE_REMOVE;
}

/* The answer comes while the dialog, transient for this window, is still
 * emitting "response": close once it has gone. */
static void
close_confirmed (EditorWindow *self)
{
  self->close_confirmed = TRUE;
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, close_idle_cb, g_object_ref (self), g_object_unref);
}

static void
close_after_save_cb (EditorWindow *self,
                     gboolean      saved,
                     gpointer      data)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (saved)
    close_confirmed (self);
  else if (app != NULL)
    editor_application_cancel_quit (EDITOR_APPLICATION (app));
}

static void
save_changes_response_cb (EditorWindow              *self,
                          EditorSaveChangesResponse  response)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  switch (response)
    {
    case EDITOR_SAVE_CHANGES_SAVE:
      _editor_window_save (self, FALSE, close_after_save_cb, NULL);
      break;
    case EDITOR_SAVE_CHANGES_DISCARD:
      if (self->document != NULL)
        editor_document_discard_draft (self->document);
      close_confirmed (self);
      break;
    case EDITOR_SAVE_CHANGES_CANCEL:
    default:
      if (app != NULL)
        editor_application_cancel_quit (EDITOR_APPLICATION (app));
      break;
    }
}

gboolean
_editor_window_close_request (GtkWindow *window)
{
  EditorWindow *self = EDITOR_WINDOW (window);

  if (!self->close_confirmed && self->document != NULL &&
      editor_document_get_dirty (self->document))
    {
      editor_save_changes_dialog_run (GTK_WINDOW (self), self->document,
                                      (EditorSaveChangesCallback) save_changes_response_cb,
                                      self);
      return TRUE;
    }

  if (self->document != NULL)
    editor_document_discard_draft (self->document);

  /* A maximized window keeps the size it had before, for next time. The
   * default size follows the user's resizing and is what
   * gtk_window_set_default_size takes back: the allocated width is
   * smaller by the client-side decorations' margins, so saving it shrank
   * the window at every session. */
  if (!gtk_window_is_maximized (window))
    {
      int width, height;

      gtk_window_get_default_size (window, &width, &height);
      if (width > 0 && height > 0)
        {
          g_settings_set_int (self->settings, "window-width", width);
          g_settings_set_int (self->settings, "window-height", height);
        }
    }
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));

  return FALSE;
}
