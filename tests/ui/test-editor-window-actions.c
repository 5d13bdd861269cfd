/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The main window, driven through its actions and the canvas's signals:
 * actions are enabled when they can do something, titles and tooltips say
 * what is unsaved and what undo would do, a bad file leaves the open
 * document alone and shows its error with the line. Closing, quitting,
 * reverting and drafts: test-editor-window-close.c. */
#include "config.h"

#include <glib/gstdio.h>

#include "editor-export.h"
#include "editor-new-map-dialog.h"
#include "editor-tool-palette.h"
#include "editor-tool-terrain.h"
#include "editor-window-private.h"
#include "sand-scenario-io.h"
#include "ui-test-lib.h"
#include "ui-test-window.h"

static GMenuModel *
edit_section (EditorWindow *window)
{
  return G_MENU_MODEL (window->edit_section);
}

static char *
menu_label (GMenuModel *menu,
            int         i)
{
  char *label = NULL;

  g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &label);
  return label;
}

static void
test_actions_without_document (void)
{
  EditorWindow *window = new_empty_window ();

  g_assert_null (editor_window_get_document (window));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->stack), ==, "empty");
  g_assert_true (enabled (window, "new"));
  g_assert_true (enabled (window, "open"));
  g_assert_false (enabled (window, "save"));
  g_assert_false (enabled (window, "save-as"));
  g_assert_false (enabled (window, "revert"));
  g_assert_false (enabled (window, "export"));
  g_assert_false (enabled (window, "print"));
  g_assert_false (enabled (window, "undo"));
  g_assert_false (enabled (window, "redo"));
  g_assert_false (enabled (window, "zoom-in"));
  g_assert_true (editor_window_is_reusable (window));

  destroy_window (window);
}

static void
test_actions_follow_undo (void)
{
  EditorWindow *window = new_empty_window ();
  g_autoptr(EditorDocument) doc = new_document ();
  g_autofree char *label = NULL;
  SandMap *map = editor_document_get_map (doc);
  int rough = terrain_id (doc, "rough");
  int before = sand_map_get_terrain (map, 14);

  editor_window_set_document (window, doc);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->stack), ==, "map");

  /* A new map can be saved (as) but not reverted; nothing to undo. */
  g_assert_true (enabled (window, "save"));
  g_assert_true (enabled (window, "save-as"));
  g_assert_false (enabled (window, "revert"));
  g_assert_true (enabled (window, "export"));
  g_assert_false (enabled (window, "undo"));
  g_assert_false (enabled (window, "redo"));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (window->undo_button)), ==, "Undo");
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==, "Not Saved");

  editor_document_set_terrain (doc, 14, rough);
  flush_events ();
  g_assert_true (enabled (window, "undo"));
  g_assert_false (enabled (window, "redo"));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (window->undo_button)), ==,
                   "Undo Paint Terrain");
  label = menu_label (edit_section (window), 0);
  g_assert_cmpstr (label, ==, "Undo Paint Terrain");
  /* The dirty marker. */
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==, "• Not Saved");
  g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (window)), "*"));
  g_assert_false (editor_window_is_reusable (window));

  activate (window, "undo");
  g_assert_cmpint (sand_map_get_terrain (map, 14), ==, before);
  g_assert_false (enabled (window, "undo"));
  g_assert_true (enabled (window, "redo"));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (window->redo_button)), ==,
                   "Redo Paint Terrain");
  g_clear_pointer (&label, g_free);
  label = menu_label (edit_section (window), 1);
  g_assert_cmpstr (label, ==, "Redo Paint Terrain");
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==, "Not Saved");

  activate (window, "redo");
  g_assert_cmpint (sand_map_get_terrain (map, 14), ==, rough);

  editor_document_discard_draft (doc);
  destroy_window (window);
}

static void
test_open_save_revert_actions (void)
{
  EditorWindow *window = new_empty_window ();
  g_autofree char *path = copy_demo ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  EditorDocument *doc;
  SandMap *map;
  int hex, rough, clear;

  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
  g_assert_true (editor_window_open_file (window, file));
  doc = editor_window_get_document (window);
  g_assert_nonnull (doc);
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==, "demo.xml");
  g_assert_cmpstr (adw_window_title_get_title (window->window_title), ==,
                   sand_scenario_get_title (editor_document_get_scenario (doc)));

  /* Unchanged and saved: nothing to save or revert. */
  g_assert_false (enabled (window, "save"));
  g_assert_true (enabled (window, "save-as"));
  g_assert_false (enabled (window, "revert"));

  map = editor_document_get_map (doc);
  rough = terrain_id (doc, "rough");
  clear = terrain_id (doc, "clear");
  hex = sand_grid_index (sand_map_get_grid (map), 2, 3);
  editor_document_set_terrain (doc, hex, sand_map_get_terrain (map, hex) == rough ? clear : rough);
  flush_events ();
  g_assert_true (enabled (window, "save"));
  g_assert_true (enabled (window, "revert"));
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==, "• demo.xml");

  activate (window, "save");
  g_assert_false (editor_document_get_dirty (doc));
  g_assert_false (enabled (window, "save"));
  g_assert_false (enabled (window, "revert"));
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (before, !=, after);
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==, "demo.xml");
  /* Undo remains possible after a save. */
  g_assert_true (enabled (window, "undo"));

  destroy_window (window);
}

static void
test_bad_file_keeps_document (void)
{
  EditorWindow *window = new_empty_window ();
  g_autofree char *path = copy_demo ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *bad_path = g_test_build_filename (G_TEST_DIST, "data", "bad",
                                                     "unknown-country.xml", NULL);
  g_autoptr(GFile) bad = g_file_new_for_path (bad_path);
  g_autofree char *pattern = NULL;
  EditorDocument *doc;
  const char *shown;
  int rough;

  g_assert_true (editor_window_open_file (window, file));
  doc = editor_window_get_document (window);
  rough = terrain_id (doc, "rough");
  editor_document_set_place (doc, 0, "Kept");
  g_assert_false (gtk_revealer_get_reveal_child (window->error_revealer));

  g_assert_false (editor_window_open_file (window, bad));
  flush_events ();

  /* The same document, with its unsaved edit, and the error on show. */
  g_assert_true (editor_window_get_document (window) == doc);
  g_assert_true (editor_document_get_dirty (doc));
  g_assert_cmpstr (sand_map_get_place (editor_document_get_map (doc), 0), ==, "Kept");
  g_assert_true (g_file_equal (editor_document_get_file (doc), file));
  g_assert_true (gtk_revealer_get_reveal_child (window->error_revealer));
  g_assert_nonnull (strstr (gtk_label_get_label (window->error_title_label),
                            "unknown-country.xml"));
  shown = gtk_label_get_label (window->error_label);
  if (!g_regex_match_simple ("unknown-country\\.xml:[0-9]+: ", shown, 0, 0))
    g_error ("the error shown does not name its line: %s", shown);

  activate (window, "dismiss-error");
  g_assert_false (gtk_revealer_get_reveal_child (window->error_revealer));
  (void) rough;

  editor_document_discard_draft (doc);
  destroy_window (window);
}

static void
test_layer_toggles_follow_settings (void)
{
  EditorWindow *window = new_empty_window ();
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  static const char * const keys[] = { "show-grid", "show-ids", "show-names", "show-counters" };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      gboolean shown;

      g_action_group_change_action_state (G_ACTION_GROUP (window), keys[i],
                                          g_variant_new_boolean (FALSE));
      flush_events ();
      g_assert_false (g_settings_get_boolean (settings, keys[i]));
      g_object_get (window->canvas, keys[i], &shown, NULL);
      g_assert_false (shown);

      g_settings_set_boolean (settings, keys[i], TRUE);
      flush_events ();
      g_object_get (window->canvas, keys[i], &shown, NULL);
      g_assert_true (shown);
    }

  destroy_window (window);
}

static void
test_status_names_hex_under_pointer (void)
{
  EditorWindow *window = new_empty_window ();
  g_autofree char *path = copy_demo ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  char id[SAND_HEX_ID_MAX];
  EditorDocument *doc;
  SandMap *map;
  SandRuleset *ruleset;
  int hex;

  g_assert_true (editor_window_open_file (window, file));
  doc = editor_window_get_document (window);
  map = editor_document_get_map (doc);
  ruleset = sand_map_get_ruleset (map);
  hex = sand_map_find_place (map, "Metz");
  g_assert_cmpint (hex, >=, 0);

  g_signal_emit_by_name (window->canvas, "hover", hex, -1, -1);
  sand_grid_format_id (sand_map_get_grid (map), hex, id);
  g_assert_cmpstr (gtk_label_get_label (window->hex_label), ==, id);
  g_assert_cmpstr (gtk_label_get_label (window->terrain_label), ==,
                   sand_ruleset_get_terrain (ruleset, sand_map_get_terrain (map, hex))->name);
  g_assert_nonnull (strstr (gtk_label_get_label (window->features_label), "Metz"));

  /* Painting the hex under the pointer shows at once. */
  {
    int rough = terrain_id (doc, "rough");
    int other = sand_map_get_terrain (map, hex) == rough ? terrain_id (doc, "clear") : rough;

    editor_document_set_terrain (doc, hex, other);
    g_assert_cmpstr (gtk_label_get_label (window->terrain_label), ==,
                     sand_ruleset_get_terrain (ruleset, other)->name);
    editor_document_undo (doc);
  }

  /* Off the map, the status says nothing about a hex. */
  g_signal_emit_by_name (window->canvas, "hover", -1, -1, -1);
  g_assert_cmpstr (gtk_label_get_label (window->hex_label), ==, "");

  destroy_window (window);
}

static void
test_canvas_strokes_reach_the_tool (void)
{
  EditorWindow *window = new_empty_window ();
  g_autoptr(EditorDocument) doc = new_document ();
  EditorToolPalette *palette = EDITOR_TOOL_PALETTE (window->palette);
  SandMap *map = editor_document_get_map (doc);
  EditorTool *tool;
  int rough = terrain_id (doc, "rough");

  editor_window_set_document (window, doc);
  g_assert_true (editor_tool_palette_select_tool (palette, "terrain"));
  flush_events ();
  tool = editor_tool_palette_get_active_tool (palette);
  g_assert_true (EDITOR_IS_TOOL_TERRAIN (tool));
  g_assert_true (window->tool == tool);
  /* The canvas wears the tool's cursor. */
  if (editor_tool_get_cursor_name (tool) != NULL)
    {
      GdkCursor *cursor = gtk_widget_get_cursor (GTK_WIDGET (window->canvas));

      g_assert_nonnull (cursor);
      g_assert_cmpstr (gdk_cursor_get_name (cursor), ==, editor_tool_get_cursor_name (tool));
    }
  editor_tool_terrain_set_terrain (EDITOR_TOOL_TERRAIN (tool), rough);
  editor_tool_terrain_set_radius (EDITOR_TOOL_TERRAIN (tool), 0);

  /* A press, a drag through two more hexes and a release: one step. */
  g_signal_emit_by_name (window->canvas, "edit-begin", 13, 0.0, 0.0, 1u, (GdkModifierType) 0);
  g_signal_emit_by_name (window->canvas, "edit-update", 14, 0.0, 0.0);
  g_signal_emit_by_name (window->canvas, "edit-update", 15, 0.0, 0.0);
  g_signal_emit_by_name (window->canvas, "edit-end", 15, 0.0, 0.0);
  flush_events ();

  for (int hex = 13; hex <= 15; hex++)
    g_assert_cmpint (sand_map_get_terrain (map, hex), ==, rough);
  g_assert_cmpstr (editor_document_get_undo_label (doc), ==, "Paint Terrain");
  activate (window, "undo");
  for (int hex = 13; hex <= 15; hex++)
    g_assert_cmpint (sand_map_get_terrain (map, hex), !=, rough);
  g_assert_false (editor_document_can_undo (doc));

  editor_document_discard_draft (doc);
  destroy_window (window);
}

static EditorNewMapDialog *
find_new_map_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      if (EDITOR_IS_NEW_MAP_DIALOG (item))
        return EDITOR_NEW_MAP_DIALOG (item);
    }
  return NULL;
}

static void
test_new_map_dialog_creates_map (void)
{
  EditorWindow *window = new_empty_window ();
  EditorNewMapDialog *dialog;
  EditorDocument *doc;
  const SandGrid *grid;

  activate (window, "new");
  dialog = find_new_map_dialog ();
  g_assert_nonnull (dialog);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "new-map.create", NULL);
  flush_events ();

  /* The dialog closes and the empty window takes the blank map. */
  g_assert_null (find_new_map_dialog ());
  doc = editor_window_get_document (window);
  g_assert_nonnull (doc);
  g_assert_false (editor_document_get_dirty (doc));
  g_assert_null (editor_document_get_file (doc));
  grid = sand_map_get_grid (editor_document_get_map (doc));
  g_assert_cmpint (grid->cols, >, 0);
  g_assert_cmpint (grid->rows, >, 0);
  g_assert_cmpint (grid->orientation, ==, SAND_ORIENTATION_FLAT);
  g_assert_cmpstr (sand_ruleset_get_id (sand_map_get_ruleset (editor_document_get_map (doc))),
                   ==, sand_ruleset_list_shipped ()[0]);
  g_assert_true (enabled (window, "save"));

  destroy_window (window);
}

static void
assert_file_starts_with (const char *path,
                         const char *magic)
{
  g_autofree char *data = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  g_assert_cmpuint (len, >, strlen (magic));
  g_assert_true (memcmp (data, magic, strlen (magic)) == 0);
}

static void
test_export_formats (void)
{
  g_autoptr(EditorDocument) doc = new_document ();
  SandScenario *scenario = editor_document_get_scenario (doc);
  g_autofree char *dir = g_dir_make_tmp ("sandtable-export-XXXXXX", NULL);
  static const struct {
    const char *name, *written, *magic;
  } cases[] = {
    { "map.png", "map.png", "\x89PNG" },
    { "map.svg", "map.svg", "<?xml" },
    { "map.pdf", "map.pdf", "%PDF" },
    { "map", "map.png", "\x89PNG" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_build_filename (dir, cases[i].name, NULL);
      g_autofree char *written = g_build_filename (dir, cases[i].written, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;

      g_assert_true (editor_export_map (scenario, file, SAND_LAYER_ALL, &error));
      g_assert_no_error (error);
      assert_file_starts_with (written, cases[i].magic);
      g_remove (written);
    }
  g_remove (dir);

  /* Printing draws the same map; to a file, it needs no dialog. */
  {
    g_autofree char *pdf = g_build_filename (g_get_tmp_dir (), "sandtable-print-test.pdf", NULL);
    g_autoptr(GError) error = NULL;

    g_assert_true (editor_export_print_to_file (scenario, pdf, SAND_LAYER_ALL, &error));
    g_assert_no_error (error);
    assert_file_starts_with (pdf, "%PDF");
    g_remove (pdf);
  }

  /* PNG exports stay within what an image viewer can open. */
  g_assert_cmpfloat (editor_export_get_scale (scenario, EDITOR_EXPORT_PNG), <=, 2.0);
  g_assert_cmpfloat (editor_export_get_scale (scenario, EDITOR_EXPORT_PDF), ==, 1.0);
}

static gboolean
accel_listed (GArray     *listed,
              const char *accel)
{
  guint key;
  GdkModifierType mods;

  g_assert_true (gtk_accelerator_parse (accel, &key, &mods));
  for (guint i = 0; i < listed->len; i += 2)
    if (g_array_index (listed, guint, i) == gdk_keyval_to_lower (key) &&
        g_array_index (listed, guint, i + 1) == mods)
      return TRUE;
  return FALSE;
}

static void
test_shortcuts_window_lists_every_accel (void)
{
  EditorWindow *window = new_empty_window ();
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GRegex) regex = NULL;
  g_autoptr(GMatchInfo) match = NULL;
  g_autoptr(GArray) listed = g_array_new (FALSE, FALSE, sizeof (guint));
  g_auto(GStrv) actions = NULL;

  /* GtkApplication finds the shortcuts window in our resources. */
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (window), "show-help-overlay"));
  bytes = g_resources_lookup_data ("/io/github/sandtable/Sandtable/gtk/help-overlay.ui", 0, NULL);
  g_assert_nonnull (bytes);

  /* Every accelerator the shortcuts window shows, as key and modifiers. */
  regex = g_regex_new ("<property name=\"accelerator\">([^<]*)</property>", 0, 0, NULL);
  g_regex_match_full (regex, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), 0, 0,
                      &match, NULL);
  for (; g_match_info_matches (match); g_match_info_next (match, NULL))
    {
      g_autofree char *escaped = g_match_info_fetch (match, 1);
      g_autoptr(GString) text = g_string_new (escaped);
      g_auto(GStrv) accels = NULL;

      /* "&lt;Control&gt;n" → "<Control>n" */
      g_string_replace (text, "&lt;", "<", 0);
      g_string_replace (text, "&gt;", ">", 0);
      accels = g_strsplit (text->str, " ", -1);
      for (guint i = 0; accels[i] != NULL; i++)
        {
          GdkModifierType mods;
          guint key, mods_value;

          if (!gtk_accelerator_parse (accels[i], &key, &mods))
            continue;
          key = gdk_keyval_to_lower (key);
          mods_value = mods;
          g_array_append_val (listed, key);
          g_array_append_val (listed, mods_value);
        }
    }
  g_assert_cmpuint (listed->len, >, 0);

  actions = gtk_application_list_action_descriptions (GTK_APPLICATION (app));
  g_assert_nonnull (actions[0]);
  for (guint i = 0; actions[i] != NULL; i++)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app),
                                                                    actions[i]);

      if (accels[0] != NULL && !accel_listed (listed, accels[0]))
        g_error ("%s (%s) is not in the shortcuts window", accels[0], actions[i]);
    }

  destroy_window (window);
}

static void
test_open_recent_remembers_folder (void)
{
  EditorWindow *window = new_empty_window ();
  g_autofree char *path = copy_demo ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) folder = g_file_get_parent (file);
  g_autofree char *uri = g_file_get_uri (file);
  g_autofree char *folder_uri = g_file_get_uri (folder);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *last = NULL;
  gboolean listed = FALSE;

  g_action_group_activate_action (G_ACTION_GROUP (window), "open-recent",
                                  g_variant_new_string (uri));
  flush_events ();
  g_assert_nonnull (editor_window_get_document (window));
  last = g_settings_get_string (settings, "last-folder");
  g_assert_cmpstr (last, ==, folder_uri);

  /* The file is now among the recent files the Open button offers. */
  for (int tries = 0; tries < 50 && !listed; tries++)
    {
      GMenuModel *menu = G_MENU_MODEL (window->recent_section);

      for (int i = 0; i < g_menu_model_get_n_items (menu) && !listed; i++)
        {
          g_autoptr(GVariant) target = g_menu_model_get_item_attribute_value (menu, i,
                                                                              "target", NULL);
          listed = target != NULL && g_str_equal (g_variant_get_string (target, NULL), uri);
        }
      if (!listed)
        {
          g_usleep (20 * 1000);
          flush_events ();
        }
    }
  g_assert_true (listed);

  destroy_window (window);
}

static void
test_drop_opens_file (void)
{
  EditorWindow *window = new_empty_window ();
  g_autofree char *path = copy_demo ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  g_autoptr(GSList) list = g_slist_append (NULL, file);
  GdkFileList *files = gdk_file_list_new_from_list (list);
  GValue value = G_VALUE_INIT;
  GtkDropTarget *target = NULL;
  gboolean accepted = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !target; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        target = GTK_DROP_TARGET (controller);
    }
  g_assert_nonnull (target);

  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, files);
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &accepted);
  g_value_unset (&value);
  flush_events ();

  g_assert_true (accepted);
  g_assert_nonnull (editor_window_get_document (window));
  g_assert_true (g_file_equal (editor_document_get_file (editor_window_get_document (window)),
                               file));

  destroy_window (window);
}

int
main (int    argc,
      char **argv)
{
  int ret;

  if (!ui_test_init (&argc, &argv, "sandtable-test-window-XXXXXX"))
    return 0;

  g_test_add_func ("/window/actions/without-document", test_actions_without_document);
  g_test_add_func ("/window/actions/follow-undo", test_actions_follow_undo);
  g_test_add_func ("/window/actions/open-save-revert", test_open_save_revert_actions);
  g_test_add_func ("/window/open/bad-file-keeps-document", test_bad_file_keeps_document);
  g_test_add_func ("/window/view/layer-toggles-follow-settings",
                   test_layer_toggles_follow_settings);
  g_test_add_func ("/window/status/names-hex-under-pointer", test_status_names_hex_under_pointer);
  g_test_add_func ("/window/tools/canvas-strokes-reach-the-tool",
                   test_canvas_strokes_reach_the_tool);
  g_test_add_func ("/window/new-map/dialog-creates-map", test_new_map_dialog_creates_map);
  g_test_add_func ("/window/export/formats", test_export_formats);
  g_test_add_func ("/window/shortcuts/lists-every-accel", test_shortcuts_window_lists_every_accel);
  g_test_add_func ("/window/open/drop-opens-file", test_drop_opens_file);
  g_test_add_func ("/window/open/recent-remembers-folder", test_open_recent_remembers_folder);

  ret = g_test_run ();
  g_clear_object (&app);
  return ret;
}
