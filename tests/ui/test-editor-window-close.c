/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The main window's ways out (split from test-editor-window-actions.c):
 * closing with changes asks and a clean window closes at once; Revert
 * asks, then reloads; Quit asks for unsaved work and cancelling keeps it;
 * drafts are written while changes are unsaved and offered back after a
 * crash, and closing on purpose drops them. */
#include "config.h"

#include "ui-test-lib.h"
#include "ui-test-window.h"

static void
test_close_with_changes_asks (void)
{
  EditorWindow *window = new_empty_window ();
  g_autoptr(EditorDocument) doc = new_document ();
  EditorDraftStore *store = editor_application_get_draft_store (app);
  gboolean destroyed = FALSE;

  editor_window_set_document (window, doc);
  editor_document_set_terrain (doc, 3, terrain_id (doc, "rough"));
  g_object_weak_ref (G_OBJECT (window), window_destroyed, &destroyed);

  /* A draft exists while the changes are unsaved. */
  editor_application_update_drafts (app);
  g_assert_true (editor_draft_store_has (store, editor_document_get_draft_id (doc)));

  gtk_window_close (GTK_WINDOW (window));
  flush_events ();
  g_assert_false (destroyed);
  g_assert_nonnull (find_message_dialog ());
  respond ("cancel");
  g_assert_false (destroyed);
  g_assert_true (editor_document_get_dirty (doc));

  gtk_window_close (GTK_WINDOW (window));
  flush_events ();
  respond ("discard");
  g_assert_true (destroyed);
  /* Discarding on purpose leaves nothing to recover. */
  g_assert_false (editor_draft_store_has (store, editor_document_get_draft_id (doc)));
}

static void
test_close_clean_does_not_ask (void)
{
  EditorWindow *window = new_empty_window ();
  g_autoptr(EditorDocument) doc = new_document ();
  gboolean destroyed = FALSE;

  editor_window_set_document (window, doc);
  g_object_weak_ref (G_OBJECT (window), window_destroyed, &destroyed);
  gtk_window_close (GTK_WINDOW (window));
  flush_events ();
  g_assert_true (destroyed);
  g_assert_null (find_message_dialog ());
}

static EditorWindow *
find_window_with_file (GFile *file)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
    {
      EditorDocument *doc;

      if (!EDITOR_IS_WINDOW (l->data) || !(doc = editor_window_get_document (l->data)))
        continue;
      if (editor_document_get_file (doc) && g_file_equal (editor_document_get_file (doc), file))
        return l->data;
    }
  return NULL;
}

static void
test_draft_offered_after_crash (void)
{
  EditorDraftStore *store = editor_application_get_draft_store (app);
  g_autoptr(EditorDocument) doc = new_document ();
  g_autoptr(GFile) origin = g_file_new_for_path ("/tmp/sandtable-crashed-map.xml");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) drafts = NULL;
  EditorWindow *window;
  EditorDocument *recovered;
  int rough = terrain_id (doc, "rough");

  /* What a session that crashed leaves behind. */
  editor_document_set_terrain (doc, 21, rough);
  g_assert_true (editor_draft_store_write (store, "crashed", editor_document_get_scenario (doc),
                                           origin, "sandtable-crashed-map.xml", &error));
  g_assert_no_error (error);

  g_application_activate (G_APPLICATION (app));
  flush_events ();
  g_assert_nonnull (find_message_dialog ());
  g_assert_cmpstr (adw_message_dialog_get_heading (find_message_dialog ()), ==,
                   "Recover Unsaved Changes?");
  respond ("recover");

  window = find_window_with_file (origin);
  g_assert_nonnull (window);
  recovered = editor_window_get_document (window);
  g_assert_true (editor_document_get_dirty (recovered));
  g_assert_cmpint (sand_map_get_terrain (editor_document_get_map (recovered), 21), ==, rough);
  g_assert_cmpstr (editor_document_get_draft_id (recovered), ==, "crashed");

  /* Closing it without saving, on purpose, drops the draft. */
  gtk_window_close (GTK_WINDOW (window));
  flush_events ();
  respond ("discard");
  drafts = editor_draft_store_list (store);
  g_assert_cmpuint (drafts->len, ==, 0);

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; )
    {
      GtkWindow *w = l->data;
      l = l->next;
      gtk_window_destroy (w);
    }
  flush_events ();
}

static void
test_revert_asks_and_reloads (void)
{
  EditorWindow *window = new_empty_window ();
  g_autofree char *path = copy_demo ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  EditorDocument *before;
  EditorDocument *after;

  g_assert_true (editor_window_open_file (window, file));
  before = editor_window_get_document (window);
  editor_document_set_place (before, 1, "Changed");
  flush_events ();

  activate (window, "revert");
  /* It asks first; cancelling keeps the changes. */
  respond ("cancel");
  g_assert_true (editor_window_get_document (window) == before);
  g_assert_true (editor_document_get_dirty (before));

  activate (window, "revert");
  respond ("revert");
  after = editor_window_get_document (window);
  g_assert_true (after != before);
  g_assert_false (editor_document_get_dirty (after));
  g_assert_cmpstr (sand_map_get_place (editor_document_get_map (after), 1), !=, "Changed");
  g_assert_true (g_file_equal (editor_document_get_file (after), file));
  g_assert_false (enabled (window, "revert"));

  destroy_window (window);
}

static void
test_quit_asks_for_unsaved_work (void)
{
  EditorWindow *dirty = new_empty_window ();
  EditorWindow *clean = new_empty_window ();
  g_autoptr(EditorDocument) dirty_doc = new_document ();
  g_autoptr(EditorDocument) clean_doc = new_document ();
  gboolean dirty_gone = FALSE;

  editor_window_set_document (dirty, dirty_doc);
  editor_window_set_document (clean, clean_doc);
  editor_document_set_terrain (dirty_doc, 2, terrain_id (dirty_doc, "rough"));
  g_object_weak_ref (G_OBJECT (dirty), window_destroyed, &dirty_gone);

  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  flush_events ();
  g_assert_nonnull (find_message_dialog ());
  respond ("cancel");
  /* Cancelling keeps the unsaved work and stops the quit. */
  g_assert_false (dirty_gone);
  g_assert_true (editor_document_get_dirty (dirty_doc));

  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  flush_events ();
  respond ("discard");
  flush_events ();
  g_assert_true (dirty_gone);
  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (app)));
}

int
main (int    argc,
      char **argv)
{
  int ret;

  if (!ui_test_init (&argc, &argv, "sandtable-test-window-close-XXXXXX"))
    return 0;

  g_test_add_func ("/window/close/with-changes-asks", test_close_with_changes_asks);
  g_test_add_func ("/window/close/clean-does-not-ask", test_close_clean_does_not_ask);
  g_test_add_func ("/window/revert/asks-and-reloads", test_revert_asks_and_reloads);
  g_test_add_func ("/window/quit/asks-for-unsaved-work", test_quit_asks_for_unsaved_work);
  /* last: it leaves the application without windows */
  g_test_add_func ("/window/drafts/offered-after-crash", test_draft_offered_after_crash);

  ret = g_test_run ();
  g_clear_object (&app);
  return ret;
}
