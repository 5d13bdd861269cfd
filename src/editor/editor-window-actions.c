/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-window-actions.c: the window's actions (win.*) — files, undo,
 * zoom, view toggles — and the file choosers they open. */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-application.h"
#include "editor-export.h"
#include "editor-print-kit-dialog.h"
#include "editor-tmx-import.h"
#include "editor-new-map-dialog.h"
#include "editor-window-private.h"

/* File choosers */

static GtkFileFilter *
scenario_filter_new (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Scenarios"));
  gtk_file_filter_add_pattern (filter, "*.xml");
  gtk_file_filter_add_mime_type (filter, "application/xml");
  gtk_file_filter_add_mime_type (filter, "text/xml");
  return filter;
}

static GtkFileFilter *
all_files_filter_new (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("All Files"));
  gtk_file_filter_add_pattern (filter, "*");
  return filter;
}

static void
set_start_folder (EditorWindow   *self,
                  GtkFileChooser *chooser)
{
  g_autofree char *uri = g_settings_get_string (self->settings, "last-folder");
  GFile *file = self->document ? editor_document_get_file (self->document) : NULL;
  g_autoptr(GFile) folder = NULL;

  if (file != NULL)
    folder = g_file_get_parent (file);
  else if (uri != NULL && *uri != '\0')
    folder = g_file_new_for_uri (uri);

  if (folder != NULL)
    gtk_file_chooser_set_current_folder (chooser, folder, NULL);
}

static void
remember_folder (EditorWindow *self,
                 GFile        *file)
{
  g_autoptr(GFile) folder = g_file_get_parent (file);

  if (folder != NULL)
    {
      g_autofree char *uri = g_file_get_uri (folder);
      g_settings_set_string (self->settings, "last-folder", uri);
    }
}

/* Open */

static void
open_in_window (EditorWindow *self,
                GFile        *file)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  /* A file already open is shown, not opened twice. */
  for (GList *l = app ? gtk_application_get_windows (app) : NULL; l != NULL; l = l->next)
    {
      EditorDocument *doc;

      if (EDITOR_IS_WINDOW (l->data) && (doc = editor_window_get_document (l->data)) &&
          editor_document_get_file (doc) && g_file_equal (editor_document_get_file (doc), file))
        {
          gtk_window_present (l->data);
          return;
        }
    }

  /* A window with work in it keeps it; the file gets a window of its own. */
  if (editor_window_is_reusable (self) || app == NULL)
    {
      if (editor_window_open_file (self, file))
        remember_folder (self, file);
    }
  else
    editor_application_open_file (EDITOR_APPLICATION (app), file);
}

static void
open_response_cb (EditorWindow         *self,
                  int                   response,
                  GtkFileChooserNative *native)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      if (file != NULL)
        open_in_window (self, file);
    }
  gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (native));
  g_object_unref (native);
}

static void
open_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  EditorWindow *self = user_data;
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (_("Open Scenario"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN,
                                        _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  editor_tmx_import_add_filters (GTK_FILE_CHOOSER (native), scenario_filter_new (),
                                 all_files_filter_new ());
  set_start_folder (self, GTK_FILE_CHOOSER (native));
  g_signal_connect_object (native, "response", G_CALLBACK (open_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
open_recent_action (GSimpleAction *action,
                    GVariant      *param,
                    gpointer       user_data)
{
  EditorWindow *self = user_data;
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (param, NULL));

  open_in_window (self, file);
}

/* New */

static void
new_map_created_cb (EditorWindow       *self,
                    SandScenario       *scenario,
                    EditorNewMapDialog *dialog)
{
  g_autoptr(EditorDocument) document = editor_document_new (scenario);
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (editor_window_is_reusable (self) || app == NULL)
    editor_window_set_document (self, document);
  else
    {
      EditorWindow *window = editor_window_new (app);

      editor_window_set_document (window, document);
      gtk_window_present (GTK_WINDOW (window));
    }
}

static void
new_action (GSimpleAction *action,
            GVariant      *param,
            gpointer       user_data)
{
  EditorWindow *self = user_data;
  GtkWidget *dialog = editor_new_map_dialog_new (GTK_WINDOW (self));

  g_signal_connect_object (dialog, "create", G_CALLBACK (new_map_created_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Save */

typedef struct {
  EditorWindow *self;
  void (*callback) (EditorWindow *self, gboolean saved, gpointer data);
  gpointer data;
} SaveRequest;

static void
save_finish (SaveRequest *request,
             gboolean     saved)
{
  if (request->callback != NULL)
    request->callback (request->self, saved, request->data);
  g_object_unref (request->self);
  g_free (request);
}

static gboolean
save_to (EditorWindow *self,
         GFile        *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *toast = NULL;

  if (!editor_document_save (self->document, file, &error))
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *title = NULL;

      /* Translators: %s is a file name. */
      title = g_strdup_printf (_("Could not save “%s”"), name);
      editor_window_show_error (self, title, error->message);
      return FALSE;
    }

  gtk_revealer_set_reveal_child (self->error_revealer, FALSE);
  _editor_window_add_recent (self, file);
  /* Translators: %s is a file name. */
  toast = g_strdup_printf (_("Saved “%s”"), editor_document_get_title (self->document));
  editor_window_add_toast (self, toast);
  return TRUE;
}

static void
save_as_response_cb (GtkFileChooserNative *native,
                     int                   response,
                     SaveRequest          *request)
{
  EditorWindow *self = request->self;
  gboolean saved = FALSE;

  if (response == GTK_RESPONSE_ACCEPT && self->document != NULL)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      if (file != NULL)
        {
          remember_folder (self, file);
          saved = save_to (self, file);
        }
    }
  gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (native));
  g_object_unref (native);
  save_finish (request, saved);
}

void
_editor_window_save (EditorWindow *self,
                     gboolean      save_as,
                     void        (*callback) (EditorWindow *self,
                                              gboolean      saved,
                                              gpointer      data),
                     gpointer      data)
{
  SaveRequest *request;
  GtkFileChooserNative *native;
  GFile *file;

  g_return_if_fail (EDITOR_IS_WINDOW (self));

  request = g_new0 (SaveRequest, 1);
  request->self = g_object_ref (self);
  request->callback = callback;
  request->data = data;

  if (self->document == NULL)
    {
      save_finish (request, FALSE);
      return;
    }

  file = editor_document_get_file (self->document);
  if (file != NULL && !save_as)
    {
      save_finish (request, save_to (self, file));
      return;
    }

  native = gtk_file_chooser_native_new (_("Save Scenario"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Save"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), scenario_filter_new ());
  set_start_folder (self, GTK_FILE_CHOOSER (native));
  if (file != NULL)
    {
      g_autofree char *name = g_file_get_basename (file);
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
    }
  else
    {
      const char *title = sand_scenario_get_title (editor_document_get_scenario (self->document));
      g_autofree char *name = g_strdup_printf ("%s.xml", title && *title ? title : _("map"));

      g_strdelimit (name, "/\\:", '-');
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
    }
  g_signal_connect (native, "response", G_CALLBACK (save_as_response_cb), request);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
save_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  _editor_window_save (user_data, FALSE, NULL, NULL);
}

static void
save_as_action (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  _editor_window_save (user_data, TRUE, NULL, NULL);
}

/* Revert */

static void
revert_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    EditorWindow     *self)
{
  g_autoptr(EditorDocument) document = NULL;
  g_autoptr(GError) error = NULL;
  GFile *file;

  if (!g_str_equal (response, "revert") || self->document == NULL)
    return;
  file = editor_document_get_file (self->document);
  if (file == NULL)
    return;

  document = editor_document_load (file, &error);
  if (document == NULL)
    {
      editor_window_show_error (self, _("Could not revert to the saved file"), error->message);
      return;
    }
  editor_window_set_document (self, document);
  editor_window_add_toast (self, _("Reverted to the saved file"));
}

static void
revert_action (GSimpleAction *action,
               GVariant      *param,
               gpointer       user_data)
{
  EditorWindow *self = user_data;
  GtkWidget *dialog;

  if (self->document == NULL || editor_document_get_file (self->document) == NULL)
    return;

  /* Reverting cannot be undone, so it asks. */
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Revert to Saved File?"),
                                   _("Unsaved changes and the undo history will be lost."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "revert", _("_Revert"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "revert",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (revert_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Export and print */

static SandLayers
visible_layers (EditorWindow *self)
{
  return editor_map_canvas_get_layers (self->canvas);
}

static void
export_response_cb (EditorWindow         *self,
                    int                   response,
                    GtkFileChooserNative *native)
{
  if (response == GTK_RESPONSE_ACCEPT && self->document != NULL)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      g_autoptr(GError) error = NULL;
      g_autofree char *name = NULL;

      /* A name without an extension takes the chosen filter's format. */
      if (file != NULL && g_file_peek_path (file) != NULL &&
          editor_export_format_for_name (g_file_peek_path (file)) == EDITOR_EXPORT_N_FORMATS)
        {
          GtkFileFilter *filter = gtk_file_chooser_get_filter (GTK_FILE_CHOOSER (native));
          EditorExportFormat format = editor_export_filter_get_format (filter);

          if (format != EDITOR_EXPORT_N_FORMATS)
            {
              g_autofree char *with_ext = g_strconcat (g_file_peek_path (file),
                                                       editor_export_format_extension (format),
                                                       NULL);
              g_object_unref (file);
              file = g_file_new_for_path (with_ext);
            }
        }

      if (file != NULL)
        {
          name = g_file_get_basename (file);
          remember_folder (self, file);
          if (editor_export_map (editor_document_get_scenario (self->document),
                                 file, visible_layers (self), &error))
            {
              g_autofree char *toast = NULL;

              /* Translators: %s is a file name, e.g. "map.png". */
              toast = g_strdup_printf (_("Exported “%s”"), name);
              editor_window_add_toast (self, toast);
            }
          else
            {
              g_autofree char *title = NULL;

              /* Translators: %s is a file name. */
              title = g_strdup_printf (_("Could not export “%s”"), name);
              editor_window_show_error (self, title, error->message);
            }
        }
    }
  gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (native));
  g_object_unref (native);
}

/* Choosing another format renames the file to match. */
static void
export_filter_changed_cb (GtkFileChooser *chooser,
                          GParamSpec     *pspec,
                          gpointer        user_data)
{
  GtkFileFilter *filter = gtk_file_chooser_get_filter (chooser);
  EditorExportFormat format = editor_export_filter_get_format (filter);
  g_autofree char *name = gtk_file_chooser_get_current_name (chooser);
  g_autofree char *renamed = NULL;
  char *dot;

  if (format == EDITOR_EXPORT_N_FORMATS || name == NULL || *name == '\0')
    return;
  if (editor_export_format_for_name (name) != EDITOR_EXPORT_N_FORMATS &&
      (dot = strrchr (name, '.')) != NULL)
    *dot = '\0';
  renamed = g_strconcat (name, editor_export_format_extension (format), NULL);
  gtk_file_chooser_set_current_name (chooser, renamed);
}

static void
export_action (GSimpleAction *action,
               GVariant      *param,
               gpointer       user_data)
{
  EditorWindow *self = user_data;
  GtkFileChooserNative *native;
  g_autofree char *name = NULL;
  const char *title;

  if (self->document == NULL)
    return;

  native = gtk_file_chooser_native_new (_("Export Map"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  for (guint i = 0; i < EDITOR_EXPORT_N_FORMATS; i++)
    gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), editor_export_filter_new (i));
  set_start_folder (self, GTK_FILE_CHOOSER (native));

  title = editor_document_get_title (self->document);
  name = g_strdup (title);
  if (g_str_has_suffix (name, ".xml"))
    name[strlen (name) - 4] = '\0';
  {
    g_autofree char *with_ext = g_strdup_printf ("%s.png", name);
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), with_ext);
  }
  g_signal_connect (native, "notify::filter", G_CALLBACK (export_filter_changed_cb), NULL);
  g_signal_connect_object (native, "response", G_CALLBACK (export_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
print_action (GSimpleAction *action,
              GVariant      *param,
              gpointer       user_data)
{
  EditorWindow *self = user_data;
  g_autoptr(GError) error = NULL;

  if (self->document == NULL)
    return;
  if (!editor_export_print (GTK_WINDOW (self), editor_document_get_scenario (self->document),
                            editor_document_get_title (self->document),
                            visible_layers (self), &error))
    editor_window_show_error (self, _("Could not print the map"), error->message);
}

static void
print_kit_action (GSimpleAction *action,
                  GVariant      *param,
                  gpointer       user_data)
{
  EditorWindow *self = user_data;

  if (self->document == NULL)
    return;
  gtk_window_present (GTK_WINDOW (editor_print_kit_dialog_new (
    GTK_WINDOW (self), editor_document_get_scenario (self->document))));
}

/* Undo */

static void
undo_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  EditorWindow *self = user_data;

  if (self->document != NULL && !self->in_stroke)
    editor_document_undo (self->document);
}

static void
redo_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  EditorWindow *self = user_data;

  if (self->document != NULL && !self->in_stroke)
    editor_document_redo (self->document);
}

/* View */

static void
zoom_in_action (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  editor_map_canvas_zoom_in (EDITOR_WINDOW (user_data)->canvas);
}

static void
zoom_out_action (GSimpleAction *action,
                 GVariant      *param,
                 gpointer       user_data)
{
  editor_map_canvas_zoom_out (EDITOR_WINDOW (user_data)->canvas);
}

static void
zoom_fit_action (GSimpleAction *action,
                 GVariant      *param,
                 gpointer       user_data)
{
  editor_map_canvas_zoom_fit (EDITOR_WINDOW (user_data)->canvas);
}

static void
zoom_reset_action (GSimpleAction *action,
                   GVariant      *param,
                   gpointer       user_data)
{
  editor_map_canvas_zoom_reset (EDITOR_WINDOW (user_data)->canvas);
}

static void
show_palette_action (GSimpleAction *action,
                     GVariant      *state,
                     gpointer       user_data)
{
  EditorWindow *self = user_data;

  g_simple_action_set_state (action, state);
  _editor_window_apply_mode (self);
}

static void
show_inspector_action (GSimpleAction *action,
                       GVariant      *state,
                       gpointer       user_data)
{
  EditorWindow *self = user_data;

  g_simple_action_set_state (action, state);
  _editor_window_apply_mode (self);
}

static void
dismiss_error_action (GSimpleAction *action,
                      GVariant      *param,
                      gpointer       user_data)
{
  gtk_revealer_set_reveal_child (EDITOR_WINDOW (user_data)->error_revealer, FALSE);
}

static void
close_action (GSimpleAction *action,
              GVariant      *param,
              gpointer       user_data)
{
  gtk_window_close (GTK_WINDOW (user_data));
}

static const GActionEntry win_actions[] = {
  { "new", new_action },
  { "open", open_action },
  { "open-recent", open_recent_action, "s" },
  { "save", save_action },
  { "save-as", save_as_action },
  { "revert", revert_action },
  { "export", export_action },
  { "print", print_action },
  { "print-kit", print_kit_action },
  { "undo", undo_action },
  { "redo", redo_action },
  { "zoom-in", zoom_in_action },
  { "zoom-out", zoom_out_action },
  { "zoom-fit", zoom_fit_action },
  { "zoom-reset", zoom_reset_action },
  { "show-palette", NULL, NULL, "true", show_palette_action },
  { "show-inspector", NULL, NULL, "true", show_inspector_action },
  { "dismiss-error", dismiss_error_action },
  { "close", close_action },
};

/* The window's actions live in its GActionMap rather than in the widget
 * class, so that their enabled state is visible through GActionGroup (the
 * ui tests check it) and the GSettings toggles sit beside them. */
void
_editor_window_actions_init (EditorWindow *self)
{
  static const char * const layer_keys[] = {
    "show-grid", "show-ids", "show-names", "show-counters",
  };

  g_action_map_add_action_entries (G_ACTION_MAP (self), win_actions,
                                   G_N_ELEMENTS (win_actions), self);
  for (guint i = 0; i < G_N_ELEMENTS (layer_keys); i++)
    {
      g_autoptr(GAction) action = g_settings_create_action (self->settings, layer_keys[i]);
      g_action_map_add_action (G_ACTION_MAP (self), action);
    }

  self->recent_changed_id =
    g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                             G_CALLBACK (_editor_window_update_recent), self,
                             G_CONNECT_SWAPPED);
}
