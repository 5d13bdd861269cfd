/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The editor document: every primitive edit undoes and redoes, strokes are
 * one step, labels name the edit, the dirty flag follows the saved undo
 * position, saving is byte-stable, bad files change nothing, and drafts are
 * written, recovered and removed. */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <sys/wait.h>

#include "editor-document.h"
#include "sand-scenario-io.h"
#include "ui-test-lib.h"

static EditorDocument *
new_document (void)
{
  g_autoptr(SandScenario) scenario = blank_scenario ("fpw1870", 10, 8);
  return editor_document_new (scenario);
}

static int
terrain_id (EditorDocument *doc,
            const char     *id)
{
  int t = sand_ruleset_find_terrain (sand_map_get_ruleset (editor_document_get_map (doc)), id);
  g_assert_cmpint (t, >=, 0);
  return t;
}

static char *
demo_path (void)
{
  return g_build_filename (g_getenv ("SANDTABLE_DATADIR"), "scenarios", "demo.xml", NULL);
}

static void
test_undo_terrain (void)
{
  g_autoptr(EditorDocument) doc = new_document ();
  SandMap *map = editor_document_get_map (doc);
  int rough = terrain_id (doc, "rough");
  int clear = terrain_id (doc, "clear");

  g_assert_cmpint (sand_map_get_terrain (map, 12), ==, clear);
  editor_document_set_terrain (doc, 12, rough);
  g_assert_cmpint (sand_map_get_terrain (map, 12), ==, rough);
  g_assert_true (editor_document_can_undo (doc));
  g_assert_cmpstr (editor_document_get_undo_label (doc), ==, "Paint Terrain");

  editor_document_undo (doc);
  g_assert_cmpint (sand_map_get_terrain (map, 12), ==, clear);
  g_assert_false (editor_document_can_undo (doc));
  g_assert_true (editor_document_can_redo (doc));
  g_assert_cmpstr (editor_document_get_redo_label (doc), ==, "Paint Terrain");

  editor_document_redo (doc);
  g_assert_cmpint (sand_map_get_terrain (map, 12), ==, rough);
  g_assert_false (editor_document_can_redo (doc));
}

static void
test_undo_country (void)
{
  g_autoptr(EditorDocument) doc = new_document ();
  SandMap *map = editor_document_get_map (doc);
  int germany = sand_ruleset_find_country (sand_map_get_ruleset (map), "germany");
  int before = sand_map_get_country (map, 3);

  g_assert_cmpint (germany, >=, 0);
  g_assert_cmpint (before, !=, germany);
  editor_document_set_country (doc, 3, germany);
  g_assert_cmpint (sand_map_get_country (map, 3), ==, germany);
  g_assert_cmpstr (editor_document_get_undo_label (doc), ==, "Paint Country");
  editor_document_undo (doc);
  g_assert_cmpint (sand_map_get_country (map, 3), ==, before);
  editor_document_redo (doc);
  g_assert_cmpint (sand_map_get_country (map, 3), ==, germany);
}

static void
test_undo_side (void)
{
  g_autoptr(EditorDocument) doc = new_document ();
  SandMap *map = editor_document_get_map (doc);
  const SandGrid *grid = sand_map_get_grid (map);
  int river = sand_ruleset_find_side_feature (sand_map_get_ruleset (map), "river");
  int hex = sand_grid_index (grid, 2, 2);
  int other = sand_grid_neighbour (grid, hex, 1);

  g_assert_cmpint (river, >=, 0);
  editor_document_set_side (doc, hex, 1, 1u << river);
  /* The side is shared: the neighbour sees the river on its opposite side. */
  g_assert_true (sand_map_side_has (map, other, SAND_DIR_OPPOSITE (1), river));
  g_assert_cmpstr (editor_document_get_undo_label (doc), ==, "Edit Hexside");

  editor_document_undo (doc);
  g_assert_cmpuint (sand_map_get_side (map, hex, 1), ==, 0);
  g_assert_cmpuint (sand_map_get_side (map, other, SAND_DIR_OPPOSITE (1)), ==, 0);
  editor_document_redo (doc);
  g_assert_true (sand_map_side_has (map, hex, 1, river));
}

static void
test_undo_place (void)
{
  g_autoptr(EditorDocument) doc = new_document ();
  SandMap *map = editor_document_get_map (doc);

  editor_document_set_place (doc, 20, "Metz");
  g_assert_cmpstr (sand_map_get_place (map, 20), ==, "Metz");
  g_assert_cmpstr (editor_document_get_undo_label (doc), ==, "Name Place");
  editor_document_set_place (doc, 20, "Thionville");
  g_assert_cmpstr (editor_document_get_undo_label (doc), ==, "Rename Place");
  editor_document_set_place (doc, 20, "");
  g_assert_null (sand_map_get_place (map, 20));
  g_assert_cmpstr (editor_document_get_undo_label (doc), ==, "Remove Place Name");

  editor_document_undo (doc);
  g_assert_cmpstr (sand_map_get_place (map, 20), ==, "Thionville");
  editor_document_undo (doc);
  g_assert_cmpstr (sand_map_get_place (map, 20), ==, "Metz");
  editor_document_undo (doc);
  g_assert_null (sand_map_get_place (map, 20));
  editor_document_redo (doc);
  g_assert_cmpstr (sand_map_get_place (map, 20), ==, "Metz");
}

static void
test_undo_markers (void)
{
  g_autoptr(EditorDocument) doc = new_document ();
  SandMap *map = editor_document_get_map (doc);
  SandMarker *fort;
  SandMarker *stronger;
  SandMarker *flag;

  fort = sand_marker_new (SAND_MARKER_FORT, 30);
  fort->side = 0;
  fort->strength = 3;
  fort->name = g_strdup ("Metz");
  editor_document_add_marker (doc, fort);
  g_assert_cmpuint (sand_map_n_markers (map), ==, 1);
  g_assert_cmpstr (editor_document_get_undo_label (doc), ==, "Place Fortification");

  flag = sand_marker_new (SAND_MARKER_ENTRY, 9);
  flag->side = 1;
  flag->group = g_strdup ("A");
  editor_document_add_marker (doc, flag);
  g_assert_cmpuint (sand_map_n_markers (map), ==, 2);
  g_assert_cmpstr (editor_document_get_undo_label (doc), ==, "Place Entry Flag");

  stronger = sand_marker_copy (sand_map_get_marker (map, 0));
  stronger->strength = 5;
  editor_document_replace_marker (doc, 0, stronger);
  g_assert_cmpint (sand_map_get_marker (map, 0)->strength, ==, 5);
  g_assert_cmpstr (editor_document_get_undo_label (doc), ==, "Edit Fortification");

  editor_document_remove_marker (doc, 0);
  g_assert_cmpuint (sand_map_n_markers (map), ==, 1);
  g_assert_cmpint (sand_map_get_marker (map, 0)->kind, ==, SAND_MARKER_ENTRY);
  g_assert_cmpstr (editor_document_get_undo_label (doc), ==, "Remove Fortification");

  /* Undo puts the fortification back where it was, with its strength. */
  editor_document_undo (doc);
  g_assert_cmpuint (sand_map_n_markers (map), ==, 2);
  g_assert_cmpint (sand_map_get_marker (map, 0)->kind, ==, SAND_MARKER_FORT);
  g_assert_cmpint (sand_map_get_marker (map, 0)->strength, ==, 5);
  editor_document_undo (doc);
  g_assert_cmpint (sand_map_get_marker (map, 0)->strength, ==, 3);
  g_assert_cmpstr (sand_map_get_marker (map, 0)->name, ==, "Metz");
  editor_document_undo (doc);
  g_assert_cmpuint (sand_map_n_markers (map), ==, 1);
  editor_document_undo (doc);
  g_assert_cmpuint (sand_map_n_markers (map), ==, 0);

  editor_document_redo (doc);
  editor_document_redo (doc);
  editor_document_redo (doc);
  editor_document_redo (doc);
  g_assert_cmpuint (sand_map_n_markers (map), ==, 1);
  g_assert_cmpint (sand_map_get_marker (map, 0)->kind, ==, SAND_MARKER_ENTRY);
  g_assert_cmpstr (sand_map_get_marker (map, 0)->group, ==, "A");
}

static void
test_undo_zone (void)
{
  g_autoptr(EditorDocument) doc = new_document ();
  SandMap *map = editor_document_get_map (doc);
  int zone;

  editor_document_add_zone (doc, "de-1", "German area 1", 1, "#c0c0ff");
  zone = sand_map_find_zone (map, "de-1");
  g_assert_cmpint (zone, >=, 0);
  g_assert_cmpstr (sand_map_get_zone (map, zone)->name, ==, "German area 1");
  g_assert_cmpstr (editor_document_get_undo_label (doc), ==, "Add Set-Up Zone");

  /* Adding a zone whose id is taken changes nothing and records nothing. */
  editor_document_add_zone (doc, "de-1", "Other", 0, NULL);
  editor_document_undo (doc);
  g_assert_cmpint (sand_map_find_zone (map, "de-1"), <, 0);
  g_assert_false (editor_document_can_undo (doc));
  editor_document_redo (doc);
  zone = sand_map_find_zone (map, "de-1");
  g_assert_cmpint (zone, >=, 0);
  g_assert_cmpint (sand_map_get_zone (map, zone)->side, ==, 1);
  g_assert_cmpstr (sand_map_get_zone (map, zone)->color, ==, "#c0c0ff");
}

static void
test_undo_zone_removal (void)
{
  g_autoptr(EditorDocument) doc = new_document ();
  SandMap *map = editor_document_get_map (doc);
  int zone;

  editor_document_add_zone (doc, "fr", "French set-up", 0, "#8080ff");
  editor_document_add_zone (doc, "de", "German set-up", 1, NULL);
  for (int hex = 10; hex < 13; hex++)
    {
      SandMarker *marker = sand_marker_new (SAND_MARKER_ZONE, hex);
      marker->group = g_strdup ("fr");
      editor_document_add_marker (doc, marker);
    }
  g_assert_cmpuint (sand_map_n_markers (map), ==, 3);

  zone = sand_map_find_zone (map, "fr");
  editor_document_remove_zone (doc, zone);
  g_assert_cmpint (sand_map_find_zone (map, "fr"), <, 0);
  g_assert_cmpuint (sand_map_n_markers (map), ==, 0);
  g_assert_cmpstr (editor_document_get_undo_label (doc), ==, "Remove Set-Up Zone");

  /* One undo brings back the zone, at its place, with its hexes. */
  editor_document_undo (doc);
  g_assert_cmpint (sand_map_find_zone (map, "fr"), ==, zone);
  g_assert_cmpstr (sand_map_get_zone (map, zone)->color, ==, "#8080ff");
  g_assert_cmpuint (sand_map_n_markers (map), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      g_assert_cmpint (sand_map_get_marker (map, i)->hex, ==, 10 + (int) i);
      g_assert_cmpstr (sand_map_get_marker (map, i)->group, ==, "fr");
    }
  editor_document_redo (doc);
  g_assert_cmpint (sand_map_find_zone (map, "fr"), <, 0);
  g_assert_cmpint (sand_map_find_zone (map, "de"), >=, 0);
}

static void
test_stroke_is_one_step (void)
{
  g_autoptr(EditorDocument) doc = new_document ();
  SandMap *map = editor_document_get_map (doc);
  int rough = terrain_id (doc, "rough");
  int clear = terrain_id (doc, "clear");

  editor_document_begin_edit (doc, "Paint Terrain");
  for (int hex = 0; hex < 5; hex++)
    editor_document_set_terrain (doc, hex, rough);
  /* Passing over a hex again within the stroke is still one step. */
  editor_document_set_terrain (doc, 2, clear);
  editor_document_set_terrain (doc, 2, rough);
  g_assert_false (editor_document_can_undo (doc));
  editor_document_end_edit (doc);

  g_assert_true (editor_document_can_undo (doc));
  editor_document_undo (doc);
  for (int hex = 0; hex < 5; hex++)
    g_assert_cmpint (sand_map_get_terrain (map, hex), ==, clear);
  g_assert_false (editor_document_can_undo (doc));
  editor_document_redo (doc);
  for (int hex = 0; hex < 5; hex++)
    g_assert_cmpint (sand_map_get_terrain (map, hex), ==, rough);
}

static void
test_nested_groups (void)
{
  g_autoptr(EditorDocument) doc = new_document ();
  SandMap *map = editor_document_get_map (doc);
  int rough = terrain_id (doc, "rough");

  editor_document_begin_edit (doc, "Flood Fill");
  editor_document_set_terrain (doc, 1, rough);
  editor_document_begin_edit (doc, "Paint Terrain");
  editor_document_set_terrain (doc, 2, rough);
  editor_document_end_edit (doc);
  g_assert_false (editor_document_can_undo (doc));
  editor_document_set_place (doc, 2, "Sedan");
  editor_document_end_edit (doc);

  /* The outer group names the step and holds everything. */
  g_assert_cmpstr (editor_document_get_undo_label (doc), ==, "Flood Fill");
  editor_document_undo (doc);
  g_assert_false (editor_document_can_undo (doc));
  g_assert_cmpint (sand_map_get_terrain (map, 1), !=, rough);
  g_assert_cmpint (sand_map_get_terrain (map, 2), !=, rough);
  g_assert_null (sand_map_get_place (map, 2));
}

static void
test_noop_records_nothing (void)
{
  g_autoptr(EditorDocument) doc = new_document ();
  int clear = terrain_id (doc, "clear");
  int rough = terrain_id (doc, "rough");

  editor_document_set_terrain (doc, 4, clear);
  g_assert_false (editor_document_can_undo (doc));

  /* A stroke that paints a hex and paints it back leaves no step. */
  editor_document_begin_edit (doc, "Paint Terrain");
  editor_document_set_terrain (doc, 4, rough);
  editor_document_set_terrain (doc, 4, clear);
  editor_document_end_edit (doc);
  g_assert_false (editor_document_can_undo (doc));
  g_assert_false (editor_document_get_dirty (doc));
}

static void
test_new_edit_drops_redo (void)
{
  g_autoptr(EditorDocument) doc = new_document ();
  int rough = terrain_id (doc, "rough");

  editor_document_set_terrain (doc, 1, rough);
  editor_document_set_place (doc, 1, "Metz");
  editor_document_undo (doc);
  g_assert_cmpstr (editor_document_get_redo_label (doc), ==, "Name Place");
  editor_document_set_country (doc, 1, 0);
  g_assert_false (editor_document_can_redo (doc));
  g_assert_null (editor_document_get_redo_label (doc));
  g_assert_cmpstr (editor_document_get_undo_label (doc), ==, "Paint Country");
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              int        *count)
{
  (*count)++;
}

static void
test_dirty_follows_saved_position (void)
{
  g_autoptr(EditorDocument) doc = new_document ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("sandtable-doc-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "map.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  int rough = terrain_id (doc, "rough");
  int notified = 0;

  g_assert_no_error (error);
  g_signal_connect (doc, "notify::dirty", G_CALLBACK (count_notify), &notified);

  g_assert_false (editor_document_get_dirty (doc));
  editor_document_set_terrain (doc, 1, rough);
  g_assert_true (editor_document_get_dirty (doc));
  g_assert_cmpint (notified, ==, 1);
  editor_document_undo (doc);
  g_assert_false (editor_document_get_dirty (doc));
  editor_document_redo (doc);
  g_assert_true (editor_document_get_dirty (doc));

  g_assert_true (editor_document_save (doc, file, &error));
  g_assert_no_error (error);
  g_assert_false (editor_document_get_dirty (doc));
  g_assert_true (g_file_equal (editor_document_get_file (doc), file));
  g_assert_cmpstr (editor_document_get_title (doc), ==, "map.xml");

  /* Undoing past the save makes it dirty; redoing back makes it clean. */
  editor_document_undo (doc);
  g_assert_true (editor_document_get_dirty (doc));
  editor_document_redo (doc);
  g_assert_false (editor_document_get_dirty (doc));

  /* Undo past the save and edit something else: no undo position matches
   * the file any more. */
  editor_document_undo (doc);
  editor_document_set_place (doc, 3, "Metz");
  g_assert_true (editor_document_get_dirty (doc));
  editor_document_undo (doc);
  g_assert_true (editor_document_get_dirty (doc));

  g_remove (path);
  g_remove (dir);
}

static gboolean
files_equal (const char *a,
             const char *b)
{
  g_autofree char *da = NULL;
  g_autofree char *db = NULL;
  gsize la, lb;

  g_assert_true (g_file_get_contents (a, &da, &la, NULL));
  g_assert_true (g_file_get_contents (b, &db, &lb, NULL));
  return la == lb && memcmp (da, db, la) == 0;
}

static void
test_save_reload_byte_identical (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *demo = demo_path ();
  g_autoptr(GFile) demo_file = g_file_new_for_path (demo);
  g_autofree char *dir = g_dir_make_tmp ("sandtable-doc-XXXXXX", &error);
  g_autofree char *path_a = g_build_filename (dir, "a.xml", NULL);
  g_autofree char *path_b = g_build_filename (dir, "b.xml", NULL);
  g_autofree char *backup = g_strconcat (path_a, "~", NULL);
  g_autoptr(GFile) file_a = g_file_new_for_path (path_a);
  g_autoptr(GFile) file_b = g_file_new_for_path (path_b);
  g_autoptr(EditorDocument) doc = NULL;
  g_autoptr(EditorDocument) again = NULL;
  int rough, hex = 5;

  doc = editor_document_load (demo_file, &error);
  g_assert_no_error (error);
  g_assert_nonnull (doc);
  g_assert_false (editor_document_get_dirty (doc));

  /* An edit survives the round trip. */
  rough = terrain_id (doc, "rough");
  if (sand_map_get_terrain (editor_document_get_map (doc), hex) == rough)
    rough = terrain_id (doc, "clear");
  editor_document_set_terrain (doc, hex, rough);
  g_assert_true (editor_document_save (doc, file_a, &error));
  g_assert_no_error (error);

  again = editor_document_load (file_a, &error);
  g_assert_no_error (error);
  g_assert_cmpint (sand_map_get_terrain (editor_document_get_map (again), hex), ==, rough);
  g_assert_true (editor_document_save (again, file_b, &error));
  g_assert_no_error (error);
  g_assert_true (files_equal (path_a, path_b));

  /* Saving over a file keeps the previous one as a backup. */
  editor_document_set_place (doc, hex, "Somewhere");
  g_assert_true (editor_document_save (doc, file_a, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (backup, G_FILE_TEST_EXISTS));
  g_assert_true (files_equal (backup, path_b));

  g_remove (path_a);
  g_remove (path_b);
  g_remove (backup);
  g_remove (dir);
}

static void
test_save_failure_keeps_state (void)
{
  g_autoptr(EditorDocument) doc = new_document ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = g_file_new_for_path ("/nonexistent-dir/sandtable/map.xml");

  editor_document_set_terrain (doc, 1, terrain_id (doc, "rough"));
  g_assert_false (editor_document_save (doc, file, &error));
  g_assert_nonnull (error);
  g_assert_true (editor_document_get_dirty (doc));
  g_assert_null (editor_document_get_file (doc));
}

static void
test_bad_file_reports_line (void)
{
  static const char * const bad[] = {
    "unknown-element.xml", "unknown-country.xml", "hex-off-map.xml", "not-a-number.xml",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "bad", bad[i], NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(EditorDocument) doc = NULL;
      g_autofree char *pattern = NULL;

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        continue;
      doc = editor_document_load (file, &error);
      g_assert_null (doc);
      g_assert_nonnull (error);
      /* "FILE:LINE: what is wrong" */
      pattern = g_strdup_printf ("%s:[0-9]+: ", bad[i]);
      if (!g_regex_match_simple (pattern, error->message, 0, 0))
        g_error ("%s: the error does not name a line: %s", bad[i], error->message);
    }
}

static void
test_draft_written_and_recovered (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("sandtable-drafts-XXXXXX", &error);
  g_autoptr(EditorDraftStore) store = editor_draft_store_new (dir);
  g_autoptr(EditorDocument) doc = new_document ();
  g_autoptr(GPtrArray) drafts = NULL;
  g_autoptr(SandScenario) recovered = NULL;
  g_autoptr(EditorDocument) restored = NULL;
  g_autoptr(GFile) origin = g_file_new_for_path ("/tmp/some-map.xml");
  g_autofree char *save_dir = g_dir_make_tmp ("sandtable-doc-XXXXXX", NULL);
  g_autofree char *save_path = g_build_filename (save_dir, "saved.xml", NULL);
  g_autoptr(GFile) save_file = g_file_new_for_path (save_path);
  int rough = terrain_id (doc, "rough");
  const char *id;
  EditorDraft *draft;

  g_assert_no_error (error);
  editor_document_set_draft_store (doc, store);
  id = editor_document_get_draft_id (doc);

  /* A clean document writes no draft. */
  g_assert_true (editor_document_update_draft (doc, &error));
  g_assert_false (editor_draft_store_has (store, id));

  editor_document_set_terrain (doc, 7, rough);
  editor_document_set_place (doc, 7, "Gravelotte");
  g_assert_true (editor_document_get_needs_draft (doc));
  g_assert_true (editor_document_update_draft (doc, &error));
  g_assert_no_error (error);
  g_assert_true (editor_draft_store_has (store, id));
  g_assert_false (editor_document_get_needs_draft (doc));

  drafts = editor_draft_store_list (store);
  g_assert_cmpuint (drafts->len, ==, 1);
  draft = g_ptr_array_index (drafts, 0);
  g_assert_cmpstr (draft->id, ==, id);
  g_assert_null (draft->origin);
  g_assert_true (g_str_has_prefix (draft->path, dir));

  recovered = editor_draft_store_load (store, draft, &error);
  g_assert_no_error (error);
  g_assert_cmpint (sand_map_get_terrain (sand_scenario_get_map (recovered), 7), ==, rough);
  g_assert_cmpstr (sand_map_get_place (sand_scenario_get_map (recovered), 7), ==, "Gravelotte");

  /* A recovered document belongs to its file and is dirty until saved. */
  restored = editor_document_new_recovered (recovered, origin, draft->id);
  g_assert_true (editor_document_get_dirty (restored));
  g_assert_true (g_file_equal (editor_document_get_file (restored), origin));
  g_assert_cmpstr (editor_document_get_draft_id (restored), ==, id);

  /* Undoing back to the saved state drops the draft. */
  editor_document_undo (doc);
  editor_document_undo (doc);
  g_assert_false (editor_document_get_dirty (doc));
  g_assert_true (editor_document_update_draft (doc, &error));
  g_assert_false (editor_draft_store_has (store, id));

  /* A successful save drops the draft too. */
  editor_document_redo (doc);
  g_assert_true (editor_document_update_draft (doc, &error));
  g_assert_true (editor_draft_store_has (store, id));
  g_assert_true (editor_document_save (doc, save_file, &error));
  g_assert_no_error (error);
  g_assert_false (editor_draft_store_has (store, id));
  drafts = (g_ptr_array_unref (drafts), editor_draft_store_list (store));
  g_assert_cmpuint (drafts->len, ==, 0);

  /* The draft never touched the real file's directory. */
  g_assert_false (g_file_test (save_path, G_FILE_TEST_IS_DIR));
  g_remove (save_path);
  g_remove (save_dir);
  g_remove (dir);
}

static void
draft_done_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (editor_document_update_draft_finish (EDITOR_DOCUMENT (object), result, &error));
  g_assert_no_error (error);
  *(gboolean *) user_data = TRUE;
}

static void
wait_for (gboolean *done)
{
  while (!*done)
    g_main_context_iteration (NULL, TRUE);
}

static void
test_draft_written_off_thread (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("sandtable-drafts-XXXXXX", &error);
  g_autoptr(EditorDraftStore) store = editor_draft_store_new (dir);
  g_autoptr(EditorDocument) doc = new_document ();
  g_autofree char *save_dir = g_dir_make_tmp ("sandtable-doc-XXXXXX", NULL);
  g_autofree char *save_path = g_build_filename (save_dir, "saved.xml", NULL);
  g_autoptr(GFile) save_file = g_file_new_for_path (save_path);
  g_autofree char *backup = g_strconcat (save_path, "~", NULL);
  gboolean done = FALSE;

  editor_document_set_draft_store (doc, store);
  editor_document_set_terrain (doc, 2, terrain_id (doc, "rough"));
  editor_document_update_draft_async (doc, NULL, draft_done_cb, &done);
  /* Editing goes on while the worker writes its copy. */
  editor_document_set_place (doc, 2, "Woerth");
  wait_for (&done);
  g_assert_true (editor_draft_store_has (store, editor_document_get_draft_id (doc)));
  g_assert_true (editor_document_get_needs_draft (doc));

  /* A save while a draft is being written leaves no stale draft behind. */
  done = FALSE;
  editor_document_update_draft_async (doc, NULL, draft_done_cb, &done);
  g_assert_true (editor_document_save (doc, save_file, &error));
  g_assert_no_error (error);
  wait_for (&done);
  g_assert_false (editor_draft_store_has (store, editor_document_get_draft_id (doc)));

  g_remove (save_path);
  g_remove (backup);
  g_remove (save_dir);
  g_remove (dir);
}

static const char *self_path;

static void
set_draft_pid (const EditorDraft *draft,
               const char        *dir,
               GPid               pid)
{
  g_autofree char *name = g_strconcat (draft->id, ".ini", NULL);
  g_autofree char *ini = g_build_filename (dir, name, NULL);
  g_autoptr(GKeyFile) key_file = g_key_file_new ();

  g_assert_true (g_key_file_load_from_file (key_file, ini, G_KEY_FILE_NONE, NULL));
  g_key_file_set_integer (key_file, "Draft", "pid", pid);
  g_assert_true (g_key_file_save_to_file (key_file, ini, NULL));
}

static GPid
spawn_sleeper (const char * const *argv)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) envp = g_environ_setenv (g_get_environ (), "SANDTABLE_TEST_SLEEP", "1", TRUE);
  GPid pid;

  g_assert_true (g_spawn_async (NULL, (char **) argv, envp, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                                &pid, &error));
  g_assert_no_error (error);
  g_usleep (200 * 1000);
  return pid;
}

static void
test_draft_of_running_instance_is_live (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("sandtable-drafts-XXXXXX", &error);
  g_autoptr(EditorDraftStore) store = editor_draft_store_new (dir);
  g_autoptr(EditorDocument) doc = new_document ();
  g_autoptr(GPtrArray) drafts = NULL;
  const char *other_program[] = { "/bin/sleep", "30", NULL };
  const char *same_program[] = { self_path, NULL };
  EditorDraft *draft;
  GPid pid;

  editor_document_set_draft_store (doc, store);
  editor_document_set_terrain (doc, 2, terrain_id (doc, "rough"));
  g_assert_true (editor_document_update_draft (doc, &error));
  drafts = editor_draft_store_list (store);
  draft = g_ptr_array_index (drafts, 0);

  /* Written by this process: not another instance's. */
  g_assert_cmpint (draft->pid, ==, getpid ());
  g_assert_false (editor_draft_is_live (draft));

  /* A pid now used by another program is a crashed instance's draft. */
  pid = spawn_sleeper (other_program);
  draft->pid = pid;
  g_assert_false (editor_draft_is_live (draft));
  kill (pid, SIGTERM);
  waitpid (pid, NULL, 0);

  /* Another instance of the same program still running keeps its draft. */
  pid = spawn_sleeper (same_program);
  set_draft_pid (draft, dir, pid);
  g_clear_pointer (&drafts, g_ptr_array_unref);
  drafts = editor_draft_store_list (store);
  g_assert_true (editor_draft_is_live (g_ptr_array_index (drafts, 0)));
  kill (pid, SIGTERM);
  waitpid (pid, NULL, 0);
  g_assert_false (editor_draft_is_live (g_ptr_array_index (drafts, 0)));

  editor_document_discard_draft (doc);
  g_remove (dir);
}

static void
test_draft_store_default_directory (void)
{
  g_autoptr(EditorDraftStore) store = editor_draft_store_new (NULL);
  g_autofree char *expected = g_build_filename (g_get_user_data_dir (), "sandtable", "drafts",
                                                NULL);

  g_assert_cmpstr (editor_draft_store_get_directory (store), ==, expected);
}

int
main (int    argc,
      char **argv)
{
  /* Stand-in for another running instance (see the draft liveness test). */
  if (g_getenv ("SANDTABLE_TEST_SLEEP") != NULL)
    {
      g_usleep (30 * G_USEC_PER_SEC);
      return 0;
    }
  self_path = argv[0];

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/document/undo/terrain", test_undo_terrain);
  g_test_add_func ("/document/undo/country", test_undo_country);
  g_test_add_func ("/document/undo/hexside", test_undo_side);
  g_test_add_func ("/document/undo/place", test_undo_place);
  g_test_add_func ("/document/undo/markers", test_undo_markers);
  g_test_add_func ("/document/undo/zone", test_undo_zone);
  g_test_add_func ("/document/undo/zone-removal", test_undo_zone_removal);
  g_test_add_func ("/document/group/stroke-is-one-step", test_stroke_is_one_step);
  g_test_add_func ("/document/group/nested", test_nested_groups);
  g_test_add_func ("/document/group/noop-records-nothing", test_noop_records_nothing);
  g_test_add_func ("/document/undo/new-edit-drops-redo", test_new_edit_drops_redo);
  g_test_add_func ("/document/dirty/follows-saved-position", test_dirty_follows_saved_position);
  g_test_add_func ("/document/save/reload-byte-identical", test_save_reload_byte_identical);
  g_test_add_func ("/document/save/failure-keeps-state", test_save_failure_keeps_state);
  g_test_add_func ("/document/load/bad-file-reports-line", test_bad_file_reports_line);
  g_test_add_func ("/document/draft/written-and-recovered", test_draft_written_and_recovered);
  g_test_add_func ("/document/draft/written-off-thread", test_draft_written_off_thread);
  g_test_add_func ("/document/draft/running-instance-is-live",
                   test_draft_of_running_instance_is_live);
  g_test_add_func ("/document/draft/default-directory", test_draft_store_default_directory);

  return g_test_run ();
}
