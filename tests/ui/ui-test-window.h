/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-test-window.h: what the main window's action tests share
 * (test-editor-window-actions, test-editor-window-close): an empty window,
 * its actions enabled and activated as a menu does, a blank FPW document
 * and its terrains, a copy of the demo scenario to open, a message
 * dialog's response as a click gives it, and windows found or seen going.
 * Included once by each program, after ui-test-lib.h. */
#pragma once

#include <glib/gstdio.h>

#include "ui-test-lib.h"

G_GNUC_UNUSED static EditorWindow *
new_empty_window (void)
{
  EditorWindow *window = editor_window_new (GTK_APPLICATION (app));

  gtk_window_present (GTK_WINDOW (window));
  flush_events ();
  return window;
}

G_GNUC_UNUSED static gboolean
enabled (EditorWindow *window,
         const char   *action)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (window), action);
}

G_GNUC_UNUSED static void
activate (EditorWindow *window,
          const char   *action)
{
  g_assert_true (enabled (window, action));
  g_action_group_activate_action (G_ACTION_GROUP (window), action, NULL);
  flush_events ();
}

G_GNUC_UNUSED static EditorDocument *
new_document (void)
{
  g_autoptr(SandScenario) scenario = blank_scenario ("fpw1870", 12, 10);

  return editor_document_new (scenario);
}

G_GNUC_UNUSED static int
terrain_id (EditorDocument *doc,
            const char     *id)
{
  return sand_ruleset_find_terrain (sand_map_get_ruleset (editor_document_get_map (doc)), id);
}

/* A copy of the demo scenario in a fresh directory. */
G_GNUC_UNUSED static char *
copy_demo (void)
{
  g_autofree char *src = g_build_filename (g_getenv ("SANDTABLE_DATADIR"), "scenarios",
                                           "demo.xml", NULL);
  g_autofree char *dir = g_dir_make_tmp ("sandtable-window-XXXXXX", NULL);
  char *dst = g_build_filename (dir, "demo.xml", NULL);
  g_autofree char *data = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (src, &data, &len, NULL));
  g_assert_true (g_file_set_contents (dst, data, len, NULL));
  return dst;
}

G_GNUC_UNUSED static void
respond (const char *response)
{
  g_autoptr(AdwMessageDialog) dialog = NULL;

  g_assert_nonnull (find_message_dialog ());
  dialog = g_object_ref (find_message_dialog ());
  /* What a click on a response button does: respond, then close. */
  adw_message_dialog_response (dialog, response);
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_clear_object (&dialog);
  flush_events ();
}

G_GNUC_UNUSED static void
window_destroyed (gpointer  data,
                  GObject  *where)
{
  *(gboolean *) data = TRUE;
}

