/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "editor-resources.h"

#include <glib/gi18n.h>

#include "editor-application.h"
#include "editor-a11y.h"
#include "editor-preferences-window.h"
#include "editor-window.h"

struct _EditorApplication
{
  AdwApplication parent_instance;

  GSettings *settings;
  EditorDraftStore *draft_store;
  guint draft_source;
  guint recovery_checked : 1;
  guint quitting : 1;
};

G_DEFINE_FINAL_TYPE (EditorApplication, editor_application, ADW_TYPE_APPLICATION)

EditorApplication *
editor_application_new (void)
{
  GApplicationFlags flags = G_APPLICATION_HANDLES_OPEN;

  /* Tests (tests/ui/meson.build sets it) and anyone who wants a separate
   * editor: never hand files to, or take them from, another instance —
   * which two editors on one X display find even without a session bus,
   * through D-Bus's X11 autolaunch. */
  if (g_getenv ("SANDTABLE_NON_UNIQUE") != NULL)
    flags |= G_APPLICATION_NON_UNIQUE;
  return g_object_new (EDITOR_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", flags,
                       "resource-base-path", "/io/github/sandtable/Sandtable",
                       NULL);
}

EditorDraftStore *
editor_application_get_draft_store (EditorApplication *self)
{
  g_return_val_if_fail (EDITOR_IS_APPLICATION (self), NULL);
  return self->draft_store;
}

static EditorWindow *
find_reusable_window (EditorApplication *self)
{
  GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (EDITOR_IS_WINDOW (active) && editor_window_is_reusable (EDITOR_WINDOW (active)))
    return EDITOR_WINDOW (active);
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l; l = l->next)
    if (EDITOR_IS_WINDOW (l->data) && editor_window_is_reusable (l->data))
      return l->data;
  return NULL;
}

static EditorWindow *
window_for_new_document (EditorApplication *self)
{
  EditorWindow *window = find_reusable_window (self);

  if (window == NULL)
    window = editor_window_new (GTK_APPLICATION (self));
  return window;
}

static EditorWindow *
find_window_for_file (EditorApplication *self,
                      GFile             *file)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l; l = l->next)
    {
      EditorDocument *doc;

      if (!EDITOR_IS_WINDOW (l->data))
        continue;
      doc = editor_window_get_document (l->data);
      if (doc != NULL && editor_document_get_file (doc) != NULL &&
          g_file_equal (editor_document_get_file (doc), file))
        return l->data;
    }
  return NULL;
}

static EditorWindow *
find_clean_window_for_file (EditorApplication *self,
                            GFile             *file)
{
  EditorWindow *window = find_window_for_file (self, file);

  if (window == NULL || editor_document_get_dirty (editor_window_get_document (window)))
    return NULL;
  return window;
}

void
editor_application_open_file (EditorApplication *self,
                              GFile             *file)
{
  EditorWindow *window;

  g_return_if_fail (EDITOR_IS_APPLICATION (self));
  g_return_if_fail (G_IS_FILE (file));

  /* A file already open is shown, not opened twice. */
  window = find_window_for_file (self, file);
  if (window != NULL)
    {
      gtk_window_present (GTK_WINDOW (window));
      return;
    }

  window = window_for_new_document (self);
  editor_window_open_file (window, file);
  gtk_window_present (GTK_WINDOW (window));
}

/* Drafts */

static void
draft_written_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  EditorDocument *doc = EDITOR_DOCUMENT (object);
  g_autoptr(GError) error = NULL;

  if (!editor_document_update_draft_finish (doc, result, &error))
    g_warning ("Could not write a draft of %s: %s",
               editor_document_get_title (doc), error->message);
}

static void
update_drafts_async (EditorApplication *self)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l; l = l->next)
    {
      EditorDocument *doc;

      if (EDITOR_IS_WINDOW (l->data) && (doc = editor_window_get_document (l->data)))
        editor_document_update_draft_async (doc, NULL, draft_written_cb, NULL);
    }
}

void
editor_application_update_drafts (EditorApplication *self)
{
  g_return_if_fail (EDITOR_IS_APPLICATION (self));

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l; l = l->next)
    {
      EditorDocument *doc;
      g_autoptr(GError) error = NULL;

      if (!EDITOR_IS_WINDOW (l->data) || !(doc = editor_window_get_document (l->data)))
        continue;
      if (!editor_document_update_draft (doc, &error))
        g_warning ("Could not write a draft of %s: %s",
                   editor_document_get_title (doc), error->message);
    }
}

static gboolean
draft_timeout_cb (gpointer data)
{
  update_drafts_async (data);
  return G_SOURCE_CONTINUE;
}

/* Documents write a draft this long after a change (editor-document.c);
 * the interval timer below only catches what that missed (a failed write). */
#define DRAFT_DELAY_MS 1000

static void
reset_draft_timer (EditorApplication *self)
{
  gboolean enabled = g_settings_get_boolean (self->settings, "drafts-enabled");

  editor_draft_store_set_delay (self->draft_store, enabled ? DRAFT_DELAY_MS : 0);
  g_clear_handle_id (&self->draft_source, g_source_remove);
  if (enabled)
    self->draft_source = g_timeout_add_seconds (g_settings_get_uint (self->settings,
                                                                     "draft-interval"),
                                                draft_timeout_cb, self);
}

static void
recover_response_cb (AdwMessageDialog  *dialog,
                     const char        *response,
                     EditorApplication *self)
{
  g_autoptr(GPtrArray) drafts = editor_draft_store_list (self->draft_store);

  for (guint i = 0; i < drafts->len; i++)
    {
      EditorDraft *draft = g_ptr_array_index (drafts, i);
      g_autoptr(SandScenario) scenario = NULL;
      g_autoptr(EditorDocument) document = NULL;
      g_autoptr(GError) error = NULL;
      EditorWindow *window;

      if (editor_draft_is_live (draft))
        continue;
      if (!g_str_equal (response, "recover"))
        {
          editor_draft_store_remove (self->draft_store, draft->id, NULL);
          continue;
        }

      scenario = editor_draft_store_load (self->draft_store, draft, &error);
      if (scenario == NULL)
        {
          g_warning ("Could not recover a draft: %s", error->message);
          continue;
        }
      document = editor_document_new_recovered (scenario, draft->origin, draft->id);
      /* The file may already be open, unchanged (`sandtable FILE` after a
       * crash): the draft takes its place, not a second window beside it. */
      window = draft->origin != NULL ? find_clean_window_for_file (self, draft->origin) : NULL;
      if (window == NULL)
        window = window_for_new_document (self);
      editor_window_set_document (window, document);
      editor_window_add_toast (window, _("Unsaved changes recovered"));
      gtk_window_present (GTK_WINDOW (window));
    }
}

/* Drafts left at start-up were not removed by a clean close: offer them. */
static void
offer_recovery (EditorApplication *self,
                GtkWindow         *parent)
{
  g_autoptr(GPtrArray) drafts = NULL;
  g_autoptr(GString) names = NULL;
  GtkWidget *dialog;

  if (self->recovery_checked)
    return;
  self->recovery_checked = TRUE;

  drafts = editor_draft_store_list (self->draft_store);
  for (guint i = drafts->len; i > 0; i--)
    if (editor_draft_is_live (g_ptr_array_index (drafts, i - 1)))
      g_ptr_array_remove_index (drafts, i - 1);
  if (drafts->len == 0)
    return;

  names = g_string_new (NULL);
  for (guint i = 0; i < drafts->len; i++)
    {
      EditorDraft *draft = g_ptr_array_index (drafts, i);
      g_string_append_printf (names, "%s%s", i ? ", " : "",
                              draft->title && *draft->title ? draft->title : _("Untitled Map"));
    }

  dialog = adw_message_dialog_new (parent, _("Recover Unsaved Changes?"), NULL);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  /* Translators: %s lists map names. */
                                  ngettext ("Sandtable did not close properly last time. "
                                            "Unsaved changes were kept for %s.",
                                            "Sandtable did not close properly last time. "
                                            "Unsaved changes were kept for %s.",
                                            drafts->len),
                                  names->str);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "discard", _("_Discard"),
                                    "recover", _("_Recover"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "recover",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "recover");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "recover");
  g_signal_connect_object (dialog, "response", G_CALLBACK (recover_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Quitting closes the windows one by one, so each can ask about its
 * changes; a cancelled close stops the quit. */
static void
quit_next (EditorApplication *self)
{
  GList *windows;

  if (!self->quitting)
    return;
  windows = gtk_application_get_windows (GTK_APPLICATION (self));
  if (windows == NULL)
    {
      self->quitting = FALSE;
      return;
    }
  gtk_window_close (windows->data);
}

void
editor_application_cancel_quit (EditorApplication *self)
{
  g_return_if_fail (EDITOR_IS_APPLICATION (self));
  self->quitting = FALSE;
}

static void
editor_application_window_removed (GtkApplication *app,
                                   GtkWindow      *window)
{
  EditorApplication *self = EDITOR_APPLICATION (app);

  GTK_APPLICATION_CLASS (editor_application_parent_class)->window_removed (app, window);
  if (self->quitting && EDITOR_IS_WINDOW (window))
    g_idle_add_once ((GSourceOnceFunc) quit_next, self);
}

/* Actions */

static void
quit_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  EditorApplication *self = user_data;

  self->quitting = TRUE;
  quit_next (self);
}

static void
new_window_action (GSimpleAction *action,
                   GVariant      *param,
                   gpointer       user_data)
{
  gtk_window_present (GTK_WINDOW (editor_window_new (GTK_APPLICATION (user_data))));
}

static void
preferences_action (GSimpleAction *action,
                    GVariant      *param,
                    gpointer       user_data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));

  gtk_window_present (GTK_WINDOW (editor_preferences_window_new (parent)));
}

static void
about_action (GSimpleAction *action,
              GVariant      *param,
              gpointer       user_data)
{
  static const char *developers[] = { "The Sandtable developers", NULL };
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));

  adw_show_about_window (parent,
                         "application-name", _("Sandtable"),
                         "application-icon", APP_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("Design maps and scenarios for hex-and-counter "
                                       "wargames, and playtest them with the real rules."),
                         "developer-name", _("The Sandtable developers"),
                         "developers", developers,
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "website", "https://github.com/sandtable/sandtable",
                         "issue-url", "https://github.com/sandtable/sandtable/issues",
                         /* Translators: your names, one per line. */
                         "translator-credits", _("translator-credits"),
                         NULL);
}

static const GActionEntry app_actions[] = {
  { "quit", quit_action },
  { "new-window", new_window_action },
  { "preferences", preferences_action },
  { "about", about_action },
};

/* Every accelerator, also listed in help-overlay.ui. */
static const struct {
  const char *action;
  const char *accels[3];
} accels[] = {
  { "app.quit", { "<Control>q", NULL } },
  { "app.new-window", { "<Control><Shift>n", NULL } },
  { "app.preferences", { "<Control>comma", NULL } },
  { "win.new", { "<Control>n", NULL } },
  { "win.open", { "<Control>o", NULL } },
  { "win.save", { "<Control>s", NULL } },
  { "win.save-as", { "<Control><Shift>s", NULL } },
  { "win.export", { "<Control>e", NULL } },
  { "win.print", { "<Control>p", NULL } },
  { "win.close", { "<Control>w", NULL } },
  { "win.undo", { "<Control>z", NULL } },
  { "win.redo", { "<Control><Shift>z", "<Control>y", NULL } },
  { "win.zoom-in", { "<Control>plus", "<Control>equal", NULL } },
  { "win.zoom-out", { "<Control>minus", NULL } },
  { "win.zoom-fit", { "<Control>0", NULL } },
  { "win.zoom-reset", { "<Control>1", NULL } },
  { "win.show-grid", { "<Control><Shift>g", NULL } },
  { "win.show-ids", { "<Control><Shift>i", NULL } },
  { "win.show-names", { "<Control><Shift>l", NULL } },
  { "win.show-counters", { "<Control><Shift>c", NULL } },
  { "win.show-palette", { "F9", NULL } },
  { "win.show-inspector", { "<Control>F9", NULL } },
};

/* GApplication */

static void
editor_application_startup (GApplication *application)
{
  EditorApplication *self = EDITOR_APPLICATION (application);

  G_APPLICATION_CLASS (editor_application_parent_class)->startup (application);
  editor_a11y_install ();

  g_set_application_name (_("Sandtable"));
  gtk_window_set_default_icon_name (APP_ID);

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions,
                                   G_N_ELEMENTS (app_actions), self);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (self), accels[i].action,
                                           accels[i].accels);

  self->settings = g_settings_new (APP_ID);
  self->draft_store = editor_draft_store_new (NULL);
  g_signal_connect_object (self->settings, "changed::drafts-enabled",
                           G_CALLBACK (reset_draft_timer), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::draft-interval",
                           G_CALLBACK (reset_draft_timer), self, G_CONNECT_SWAPPED);
  reset_draft_timer (self);
}

static void
editor_application_shutdown (GApplication *application)
{
  EditorApplication *self = EDITOR_APPLICATION (application);

  g_clear_handle_id (&self->draft_source, g_source_remove);
  G_APPLICATION_CLASS (editor_application_parent_class)->shutdown (application);
}

static void
editor_application_activate (GApplication *application)
{
  EditorApplication *self = EDITOR_APPLICATION (application);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (window == NULL)
    window = GTK_WINDOW (editor_window_new (GTK_APPLICATION (self)));
  gtk_window_present (window);
  offer_recovery (self, window);
}

static void
editor_application_open (GApplication  *application,
                         GFile        **files,
                         int            n_files,
                         const char    *hint)
{
  EditorApplication *self = EDITOR_APPLICATION (application);

  for (int i = 0; i < n_files; i++)
    editor_application_open_file (self, files[i]);
  offer_recovery (self, gtk_application_get_active_window (GTK_APPLICATION (self)));
}

static void
editor_application_dispose (GObject *object)
{
  EditorApplication *self = (EditorApplication *) object;

  g_clear_handle_id (&self->draft_source, g_source_remove);
  g_clear_object (&self->settings);
  g_clear_object (&self->draft_store);

  G_OBJECT_CLASS (editor_application_parent_class)->dispose (object);
}

static void
editor_application_class_init (EditorApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);
  GtkApplicationClass *gtk_app_class = GTK_APPLICATION_CLASS (klass);

  /* The resources live in a static library: calling into them links the
   * object whose constructor registers them. */
  (void) editor_get_resource ();

  object_class->dispose = editor_application_dispose;
  app_class->startup = editor_application_startup;
  app_class->shutdown = editor_application_shutdown;
  app_class->activate = editor_application_activate;
  app_class->open = editor_application_open;
  gtk_app_class->window_removed = editor_application_window_removed;
}

static void
editor_application_init (EditorApplication *self)
{
}
