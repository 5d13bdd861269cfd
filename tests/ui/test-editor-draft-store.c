/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Drafts after each change (issue 19, item 10): an edit is in a draft a
 * moment later, written by a worker, not on the next 60 s tick; a burst of
 * edits makes one draft with all of them; recovering a draft of a file that
 * is already open, unchanged, takes that window instead of opening a second
 * one beside it. */
#include "config.h"

#include <glib/gstdio.h>

#include "editor-document.h"
#include "editor-draft-store.h"
#include "editor-window-private.h"
#include "sand-scenario-io.h"
#include "ui-test-lib.h"

static int
terrain_id (SandScenario *scenario,
            const char   *id)
{
  int t = sand_ruleset_find_terrain (sand_scenario_get_ruleset (scenario), id);

  g_assert_cmpint (t, >=, 0);
  return t;
}

static gboolean
set_flag (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* The terrain of @hex in the draft on disk, or -1 while there is none. */
static int
draft_terrain (EditorDraftStore *store,
               const char       *id,
               int               hex)
{
  g_autoptr(GPtrArray) drafts = editor_draft_store_list (store);

  for (guint i = 0; i < drafts->len; i++)
    {
      EditorDraft *draft = g_ptr_array_index (drafts, i);
      g_autoptr(SandScenario) s = NULL;

      if (!g_str_equal (draft->id, id))
        continue;
      s = editor_draft_store_load (store, draft, NULL);
      return s != NULL ? sand_map_get_terrain (sand_scenario_get_map (s), hex) : -1;
    }
  return -1;
}

/* Runs the main loop until the draft shows @terrain at @hex. The guard
 * only stops a broken build from hanging: it is not what is tested. */
static void
wait_for_draft (EditorDraftStore *store,
                const char       *id,
                int               hex,
                int               terrain)
{
  gboolean gave_up = FALSE;
  guint guard = g_timeout_add_seconds (60, set_flag, &gave_up);

  while (draft_terrain (store, id, hex) != terrain && !gave_up)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (gave_up);
  g_source_remove (guard);
}

static void
remove_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);
      g_remove (p);
    }
  g_rmdir (dir);
}

static void
test_draft_follows_each_change (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("sandtable-drafts-XXXXXX", &error);
  g_autoptr(EditorDraftStore) store = editor_draft_store_new (dir);
  g_autoptr(SandScenario) scenario = blank_scenario ("fpw1870", 10, 8);
  g_autoptr(EditorDocument) doc = editor_document_new (scenario);
  const char *id = editor_document_get_draft_id (doc);
  int rough = terrain_id (scenario, "rough");
  int clear = terrain_id (scenario, "clear");

  g_assert_no_error (error);
  editor_draft_store_set_delay (store, 100);
  editor_document_set_draft_store (doc, store);

  /* Not written in the edit itself (that would be on the main loop), but
   * a moment later, with nobody asking for it. */
  editor_document_set_terrain (doc, 7, rough);
  g_assert_false (editor_draft_store_has (store, id));
  wait_for_draft (store, id, 7, rough);
  g_assert_false (editor_document_get_needs_draft (doc));

  /* A burst of edits: the draft ends with all of them. */
  for (int hex = 10; hex < 30; hex++)
    editor_document_set_terrain (doc, hex, rough);
  editor_document_set_terrain (doc, 7, clear);
  wait_for_draft (store, id, 7, clear);
  g_assert_cmpint (draft_terrain (store, id, 29), ==, rough);

  /* Undo is a change like any other. */
  editor_document_undo (doc);
  wait_for_draft (store, id, 7, rough);

  editor_document_discard_draft (doc);
  g_assert_false (editor_draft_store_has (store, id));
  remove_dir (dir);
}

/* The setting switches drafts after changes on and off. */
static void
test_setting_turns_drafts_off (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.sandtable.Sandtable");
  EditorDraftStore *store = editor_application_get_draft_store (app);

  g_settings_set_boolean (settings, "drafts-enabled", TRUE);
  g_assert_cmpuint (editor_draft_store_get_delay (store), >, 0);
  g_assert_cmpuint (editor_draft_store_get_delay (store), <=, 2000);
  g_settings_set_boolean (settings, "drafts-enabled", FALSE);
  g_assert_cmpuint (editor_draft_store_get_delay (store), ==, 0);
  g_settings_set_boolean (settings, "drafts-enabled", TRUE);
}

static guint
n_editor_windows (void)
{
  guint n = 0;

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
    if (EDITOR_IS_WINDOW (l->data))
      n++;
  return n;
}

/* `sandtable FILE` after a crash that left a draft of FILE: the draft
 * takes the clean window of FILE, no second window opens beside it. */
static void
test_recovery_takes_the_clean_window (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("sandtable-recover-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "map.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(SandScenario) scenario = blank_scenario ("fpw1870", 10, 8);
  g_autoptr(SandScenario) edited = NULL;
  g_autoptr(AdwMessageDialog) dialog = NULL;
  EditorDraftStore *store = editor_application_get_draft_store (app);
  int rough = terrain_id (scenario, "rough");
  EditorDocument *doc;
  EditorWindow *window;

  g_assert_no_error (error);
  g_assert_true (sand_scenario_save_file (scenario, path, FALSE, &error));
  g_assert_no_error (error);
  /* What the crashed session left: FILE with one hex painted. */
  edited = sand_scenario_copy (scenario);
  sand_map_set_terrain (sand_scenario_get_map (edited), 12, rough);
  g_assert_true (editor_draft_store_write (store, "crashed", edited, file, "map.xml", &error));
  g_assert_no_error (error);

  g_application_open (G_APPLICATION (app), &file, 1, "");
  flush_events ();
  g_assert_cmpuint (n_editor_windows (), ==, 1);
  dialog = g_object_ref (find_message_dialog ());
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, "recover");
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_clear_object (&dialog);
  flush_events ();

  g_assert_cmpuint (n_editor_windows (), ==, 1);
  window = gtk_application_get_windows (GTK_APPLICATION (app))->data;
  doc = editor_window_get_document (window);
  g_assert_cmpstr (editor_document_get_draft_id (doc), ==, "crashed");
  g_assert_true (g_file_equal (editor_document_get_file (doc), file));
  g_assert_true (editor_document_get_dirty (doc));
  g_assert_cmpint (sand_map_get_terrain (editor_document_get_map (doc), 12), ==, rough);

  editor_document_discard_draft (doc);
  gtk_window_destroy (GTK_WINDOW (window));
  flush_events ();
  remove_dir (dir);
}

int
main (int    argc,
      char **argv)
{
  if (!ui_test_init (&argc, &argv, "sandtable-test-drafts-XXXXXX"))
    return 0;

  g_test_add_func ("/drafts/follow-each-change", test_draft_follows_each_change);
  g_test_add_func ("/drafts/setting-turns-them-off", test_setting_turns_drafts_off);
  g_test_add_func ("/drafts/recovery-takes-the-clean-window",
                   test_recovery_takes_the_clean_window);
  return g_test_run ();
}
