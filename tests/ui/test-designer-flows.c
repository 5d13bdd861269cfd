/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What a designer meets going through a scenario from editing to the end
 * of a playtest, each found by trying it in the editor: the map keeps the
 * room it needs when a playtest starts from a table page; a problem with
 * no hex or counter opens the page that fixes it; a marker's open row in
 * the inspector stays open across an undo; the playtest set-up names each
 * order of battle in full; the victory screen says when the game ended
 * and where the net score fell without repeating the level. */
#include "config.h"

#include <glib/gstdio.h>

#include "editor-application.h"
#include "editor-inspector.h"
#include "editor-new-map-dialog.h"
#include "editor-oob-panel.h"
#include "editor-playtest.h"
#include "editor-playtest-setup-dialog.h"
#include "editor-problems-panel.h"
#include "editor-scenario-panels.h"
#include "editor-tool-palette.h"
#include "editor-tool-select.h"
#include "editor-victory-dialog.h"
#include "editor-window-private.h"
#include "sand-game.h"
#include "ui-test-lib.h"

/* Picks @hex with the Select tool, as a click does: the inspector shows it
 * and stays on it whatever the pointer hovers (the display's pointer may
 * rest over the test's window). */
static void
select_hex (EditorWindow *window,
            int           hex)
{
  EditorToolPalette *palette = EDITOR_TOOL_PALETTE (window->palette);

  g_assert_true (editor_tool_palette_select_tool (palette, "select"));
  editor_tool_select_set_hex (EDITOR_TOOL_SELECT (editor_tool_palette_get_tool (palette, "select")),
                              hex, -1, -1);
  flush_events ();
  g_assert_cmpint (editor_inspector_get_hex (EDITOR_INSPECTOR (window->inspector)), ==, hex);
}

/* Starting a playtest from the Counters page: the game panel takes the
 * pages' place at their width, the switcher hides, and the page and its
 * width come back after. */
static void
test_playtest_gives_the_map_its_room (void)
{
  EditorWindow *window = open_shipped ("lfaf1914-1-rossignol.xml", 0, 0, NULL);
  EditorScenarioPanels *panels = editor_scenario_panels_get (window);
  EditorPlaytest *playtest = editor_playtest_get_for_window (window);
  int tools, tables;

  tools = gtk_paned_get_position (window->outer_paned);
  editor_scenario_panels_show (panels, "counters");
  flush_events ();
  tables = gtk_paned_get_position (window->outer_paned);
  /* One width for every page (issue 17): the map does not move. */
  g_assert_cmpint (tables, ==, tools);

  start_playtest (playtest, 7);
  flush_events ();
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (window->side_stack), ==, "game");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->side_switcher)));

  editor_playtest_stop (playtest);
  flush_events ();
  g_assert_cmpstr (editor_scenario_panels_get_page (panels), ==, "counters");
  g_assert_cmpint (gtk_paned_get_position (window->outer_paned), >=, tables);
  destroy_window (window);
}

/* Overlapping victory levels have no hex and no counter: activating the
 * problem shows the Scenario page scrolled to the levels; a reinforcement
 * after the last turn shows its order of battle. Once put
 * right, the empty list says so once. */
static void
test_problem_without_hex_opens_its_page (void)
{
  EditorWindow *window = open_shipped ("lfaf1914-1-rossignol.xml", 0, 0, NULL);
  g_autoptr(EditorDocument) doc = g_object_ref (editor_window_get_document (window));
  EditorScenarioPanels *panels = editor_scenario_panels_get (window);
  EditorProblemsPanel *list =
    EDITOR_PROBLEMS_PANEL (editor_scenario_panels_get_problems (panels));
  SandScenario *scenario = editor_document_get_scenario (doc);
  GPtrArray *problems;
  int found = -1;

  sand_scenario_add_victory_level (scenario, sand_victory_level_new (0, 20, "Overlap", -1));
  g_signal_emit_by_name (scenario, "changed");
  editor_scenario_panels_show (panels, "problems");
  editor_problems_panel_flush (list);
  problems = editor_problems_panel_get_problems (list);
  for (guint i = 0; i < problems->len; i++)
    if (g_str_has_prefix (((SandProblem *) g_ptr_array_index (problems, i))->code,
                          "victory-levels-overlap"))
      found = i;
  g_assert_cmpint (found, >=, 0);

  editor_problems_panel_activate (list, found);
  flush_events ();
  g_assert_cmpstr (editor_scenario_panels_get_page (panels), ==, "scenario");
  /* The levels are at the foot of a long page: it scrolls down to them. */
  {
    g_autoptr(GPtrArray) scrollers = g_ptr_array_new ();
    GtkAdjustment *adj;
    gint64 until = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

    find_all (editor_scenario_panels_get_properties (panels), GTK_TYPE_SCROLLED_WINDOW,
              scrollers);
    /* The page's own, found first; the text views inside have theirs. */
    g_assert_cmpuint (scrollers->len, >=, 1);
    adj = gtk_scrolled_window_get_vadjustment (g_ptr_array_index (scrollers, 0));
    while (gtk_adjustment_get_value (adj) == 0 && g_get_monotonic_time () < until)
      g_main_context_iteration (NULL, FALSE);
    g_assert_cmpfloat (gtk_adjustment_get_value (adj), >, 0);
  }

  /* Cut to two turns, the Germans' turn-3 reinforcements come too late:
   * such a problem opens the order of battle that brings the unit. */
  {
    int late = -1;

    editor_scenario_panels_show (panels, "problems");
    sand_scenario_set_turns (scenario, 2);
    g_signal_emit_by_name (scenario, "changed");
    editor_problems_panel_flush (list);
    problems = editor_problems_panel_get_problems (list);
    for (guint i = 0; i < problems->len && late < 0; i++)
      if (g_strcmp0 (((SandProblem *) g_ptr_array_index (problems, i))->code,
                     "reinforcement-after-end") == 0)
        late = i;
    g_assert_cmpint (late, >=, 0);
    editor_problems_panel_activate (list, late);
    flush_events ();
    g_assert_cmpstr (editor_scenario_panels_get_page (panels), ==, "oobs");
    g_assert_cmpstr (sand_scenario_get_oob (scenario, editor_oob_panel_get_oob (
                       EDITOR_OOB_PANEL (editor_scenario_panels_get_oob_panel (panels))))->id,
                     ==, "de-1");
    sand_scenario_set_turns (scenario, 7);
  }

  /* Put right, the list says so once: the status page, not also a
   * "No problems found" heading over it. */
  sand_scenario_clear_victory_levels (scenario);
  g_signal_emit_by_name (scenario, "changed");
  editor_problems_panel_flush (list);
  g_assert_cmpuint (editor_problems_panel_get_problems (list)->len, ==, 0);
  {
    g_autoptr(GPtrArray) labels = g_ptr_array_new ();
    guint shown = 0;

    find_all (GTK_WIDGET (list), GTK_TYPE_LABEL, labels);
    for (guint i = 0; i < labels->len; i++)
      if (gtk_widget_is_visible (g_ptr_array_index (labels, i))
          && strstr (gtk_label_get_text (g_ptr_array_index (labels, i)), "roblem") != NULL)
        shown++;
    g_assert_cmpuint (shown, ==, 1);
  }
  destroy_window (window);
}

static AdwExpanderRow *
marker_row (EditorWindow *window)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  find_all (window->inspector, ADW_TYPE_EXPANDER_ROW, rows);
  g_assert_cmpuint (rows->len, ==, 1);
  return g_ptr_array_index (rows, 0);
}

/* The designer opens a fortification's row to edit its strength; an undo
 * rebuilds the rows, and the one that was open stays open. */
static void
test_marker_row_stays_open_across_undo (void)
{
  EditorWindow *window = open_shipped ("lfaf1914-1-rossignol.xml", 0, 0, NULL);
  g_autoptr(EditorDocument) doc = g_object_ref (editor_window_get_document (window));
  SandMap *map = editor_document_get_map (doc);
  SandMarker *fort;
  guint index;
  int hex = 0;

  g_assert_true (sand_grid_parse_id (sand_map_get_grid (map), "0913", &hex));
  fort = sand_marker_new (SAND_MARKER_FORT, hex);
  fort->side = 0;
  fort->strength = 1;
  editor_document_begin_edit (doc, "Place Marker");
  editor_document_add_marker (doc, fort);
  editor_document_end_edit (doc);
  index = sand_map_n_markers (map) - 1;

  select_hex (window, hex);
  flush_events ();
  adw_expander_row_set_expanded (marker_row (window), TRUE);

  {
    SandMarker *stronger = sand_marker_copy (sand_map_get_marker (map, index));

    stronger->strength = 2;
    editor_document_begin_edit (doc, "Edit Marker");
    editor_document_replace_marker (doc, index, stronger);
    editor_document_end_edit (doc);
  }
  flush_events ();
  editor_document_undo (doc);
  flush_events ();
  g_assert_cmpint (sand_map_get_marker (map, index)->strength, ==, 1);
  g_assert_true (adw_expander_row_get_expanded (marker_row (window)));

  /* Open, the fort's rows read on one line each: "Supplies" beside its
   * "Unlimited" no longer breaks mid-word as "Suppli-es". */
  {
    g_autoptr(GPtrArray) labels = g_ptr_array_new ();
    GtkWidget *strength = NULL, *supplies = NULL;
    gint64 until = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

    find_all (window->inspector, GTK_TYPE_LABEL, labels);
    for (guint i = 0; i < labels->len; i++)
      {
        const char *text = gtk_label_get_text (g_ptr_array_index (labels, i));

        if (g_strcmp0 (text, "Strength") == 0)
          strength = g_ptr_array_index (labels, i);
        else if (g_strcmp0 (text, "Supplies") == 0)
          supplies = g_ptr_array_index (labels, i);
      }
    g_assert_nonnull (strength);
    g_assert_nonnull (supplies);
    while ((gtk_widget_get_height (supplies) == 0 || gtk_widget_get_height (strength) == 0)
           && g_get_monotonic_time () < until)
      g_main_context_iteration (NULL, FALSE);
    g_assert_cmpint (gtk_widget_get_height (strength), >, 0);
    g_assert_cmpint (gtk_widget_get_height (supplies), ==, gtk_widget_get_height (strength));
  }
  destroy_window (window);
}

/* A victory hex worth one point reads "1 point", not "1 points". */
static void
test_marker_summary_counts_in_words (void)
{
  EditorWindow *window = open_shipped ("demo.xml", 0, 0, NULL);
  g_autoptr(EditorDocument) doc = g_object_ref (editor_window_get_document (window));
  SandMap *map = editor_document_get_map (doc);
  SandMarker *victory;
  int hex = 0;

  g_assert_true (sand_grid_parse_id (sand_map_get_grid (map), "0613", &hex));
  victory = sand_marker_new (SAND_MARKER_VICTORY, hex);
  victory->side = 0;
  victory->value = 1;
  editor_document_begin_edit (doc, "Place Marker");
  editor_document_add_marker (doc, victory);
  editor_document_end_edit (doc);
  select_hex (window, hex);
  flush_events ();
  g_assert_true (g_str_has_prefix (adw_expander_row_get_subtitle (marker_row (window)),
                                   "1 point ·"));
  destroy_window (window);
}

static gboolean
apply_button_shown (GtkWidget *row)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

  find_all (row, GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (gtk_widget_get_visible (g_ptr_array_index (buttons, i)))
      return TRUE;
  return FALSE;
}

/* The designer names a hex in the inspector, presses Enter, then Ctrl+Z:
 * the name goes, and the row does not offer to apply a change nobody
 * typed. */
static void
test_place_name_undo_leaves_nothing_to_apply (void)
{
  EditorWindow *window = open_shipped ("lfaf1914-1-rossignol.xml", 0, 0, NULL);
  g_autoptr(EditorDocument) doc = g_object_ref (editor_window_get_document (window));
  SandMap *map = editor_document_get_map (doc);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  GtkWidget *place_row = NULL;
  int hex = 0;

  g_assert_true (sand_grid_parse_id (sand_map_get_grid (map), "1114", &hex));
  select_hex (window, hex);
  flush_events ();
  find_all (window->inspector, ADW_TYPE_ENTRY_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (rows, i)),
                   "Place Name") == 0)
      place_row = g_ptr_array_index (rows, i);
  g_assert_nonnull (place_row);

  gtk_widget_grab_focus (place_row);
  gtk_editable_set_text (GTK_EDITABLE (place_row), "Bois de Luchy");
  flush_events ();
  g_signal_emit_by_name (place_row, "apply");
  flush_events ();
  g_assert_cmpstr (sand_map_get_place (map, hex), ==, "Bois de Luchy");

  editor_document_undo (doc);
  flush_events ();
  g_assert_null (sand_map_get_place (map, hex));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (place_row)), ==, "");
  g_assert_false (apply_button_shown (place_row));
  destroy_window (window);
}

/* The set-up dialog's order-of-battle rows: its combo rows but the
 * Players group's (who plays each side). */
static void
find_oob_rows (GtkWidget *dialog,
               GPtrArray *rows)
{
  find_all (dialog, ADW_TYPE_COMBO_ROW, rows);
  for (guint i = rows->len; i-- > 0;)
    if (gtk_widget_get_ancestor (g_ptr_array_index (rows, i), EDITOR_TYPE_PLAYTEST_PLAYERS))
      g_ptr_array_remove_index (rows, i);
}

/* FPW's orders of battle are "French forces, Basic Game (historical)" and
 * "…, Standard Game (historical)": the set-up shows the chosen one in full,
 * not cut to "French forces, Basic G…". */
static void
test_setup_names_orders_of_battle_in_full (void)
{
  EditorWindow *window = open_shipped ("fpw1870.xml", 0, 0, NULL);
  g_autoptr(EditorDocument) doc = g_object_ref (editor_window_get_document (window));
  SandScenario *scenario = editor_document_get_scenario (doc);
  GtkWidget *dialog = editor_playtest_setup_dialog_new (GTK_WINDOW (window), scenario);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  gtk_window_present (GTK_WINDOW (dialog));
  flush_events ();
  find_oob_rows (dialog, rows);
  g_assert_cmpuint (rows->len, ==, 2);
  for (guint i = 0; i < rows->len; i++)
    {
      AdwComboRow *row = g_ptr_array_index (rows, i);
      GtkStringObject *item = adw_combo_row_get_selected_item (row);
      const char *name = gtk_string_object_get_string (item);

      g_test_message ("%s", name);
      g_assert_true (g_str_has_suffix (name, "Game (historical)"));
      g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, name);
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
  destroy_window (window);
}

/* A new map has no orders of battle: the set-up's greyed side rows say
 * why instead of showing nothing. */
static void
test_setup_says_why_a_side_has_no_order_of_battle (void)
{
  g_autoptr(GError) error = NULL;
  SandRuleset *ruleset = sand_ruleset_lookup ("fpw1870", &error);
  g_autoptr(SandMap) map = NULL;
  g_autoptr(SandScenario) scenario = NULL;
  GtkWidget *dialog;
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  g_assert_no_error (error);
  map = sand_map_new (ruleset, 8, 6, SAND_ORIENTATION_FLAT, SAND_STAGGER_EVEN);
  scenario = sand_scenario_new (map);
  dialog = editor_playtest_setup_dialog_new (NULL, scenario);
  gtk_window_present (GTK_WINDOW (dialog));
  flush_events ();
  find_oob_rows (dialog, rows);
  g_assert_cmpuint (rows->len, ==, 2);
  for (guint i = 0; i < rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (rows, i);

      g_assert_false (gtk_widget_get_sensitive (row));
      g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)),
                                "No order of battle"));
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
  flush_events ();
}

/* The whole battle brings three units a turn for four turns through one
 * flag, beside another flag: spelt out turn by turn the two badges ran into
 * each other; a run of turns with the same count reads as one range. */
static void
test_badges_shorten_runs_of_turns (void)
{
  EditorWindow *window = open_shipped ("lfaf1914-4-bataille-complete.xml", 0, 0, NULL);
  g_autoptr(EditorDocument) doc = g_object_ref (editor_window_get_document (window));
  EditorScenarioPanels *panels = editor_scenario_panels_get (window);
  SandMap *map = editor_document_get_map (doc);
  guint checked = 0;

  for (guint i = 0; i < sand_map_n_markers (map); i++)
    {
      const SandMarker *m = sand_map_get_marker (map, i);
      const char *badge;

      if (m->kind != SAND_MARKER_ENTRY)
        continue;
      badge = editor_scenario_panels_get_badge (panels, m->hex);
      g_test_message ("%d %s: %s", m->hex, m->group, badge ? badge : "(none)");
      if (g_strcmp0 (m->group, "sud-saint-vincent") == 0)
        {
          g_assert_cmpstr (badge, ==, "T1–4 ×3");
          checked++;
        }
      else if (g_strcmp0 (m->group, "sud-bellefontaine") == 0)
        {
          g_assert_cmpstr (badge, ==, "T1 ×3 · T2 · T3–4 ×3");
          checked++;
        }
    }
  g_assert_cmpuint (checked, ==, 2);
  destroy_window (window);
}

/* The New Map dialog's list of games: opened, it shows "La fleur au fusil,
 * août 1914" whole, not cut to "La fleur au fusil, août …". */
static void
test_new_map_lists_games_in_full (void)
{
  GtkWidget *dialog = editor_new_map_dialog_new (NULL);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  GtkWidget *games = NULL;
  guint whole = 0;

  gtk_window_present (GTK_WINDOW (dialog));
  flush_events ();
  find_all (dialog, ADW_TYPE_COMBO_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (rows, i)), "Game") == 0)
      games = g_ptr_array_index (rows, i);
  g_assert_nonnull (games);

  find_all (games, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkLabel *label = g_ptr_array_index (labels, i);

      /* The list's items, made when the list is; only the row's own label
       * (the game chosen, FPW) may be cut. */
      if (g_strcmp0 (gtk_label_get_text (label), "La fleur au fusil, août 1914") == 0)
        {
          g_assert_cmpint (gtk_label_get_ellipsize (label), ==, PANGO_ELLIPSIZE_NONE);
          whole++;
        }
    }
  g_assert_cmpuint (whole, ==, 1);
  gtk_window_destroy (GTK_WINDOW (dialog));
  flush_events ();
}

/* Rossignol played to its end with nobody moving: the victory screen's
 * heading is the level, so the body does not say it again; it names the
 * scenario, the Game-Turn the game ended on, and the range the net fell
 * in. */
static void
test_victory_screen_says_when_and_where (void)
{
  g_autoptr(EditorDocument) doc = load_shipped ("lfaf1914-1-rossignol.xml");
  SandScenario *scenario = editor_document_get_scenario (doc);
  g_autoptr(GError) error = NULL;
  g_autoptr(SandGame) game = sand_game_new (scenario, NULL, 7, &error);
  g_autofree char *body = NULL;
  g_autofree char *turns = NULL;
  SandVictory vp = { 0 };

  g_assert_no_error (error);
  for (guint i = 0; i < 200 && !sand_game_is_over (game); i++)
    {
      g_assert_true (sand_game_end_phase (game, &error));
      g_assert_no_error (error);
    }
  g_assert_true (sand_game_is_over (game));
  sand_game_victory (game, &vp);
  g_assert_nonnull (vp.level);

  body = editor_victory_dialog_describe (game);
  g_test_message ("%s", body);
  turns = g_strdup_printf ("Game-Turn %d of %d", sand_scenario_get_turns (scenario),
                           sand_scenario_get_turns (scenario));
  g_assert_nonnull (strstr (body, sand_scenario_get_title (scenario)));
  g_assert_nonnull (strstr (body, turns));
  g_assert_nonnull (strstr (body, "Net"));
  g_assert_null (strstr (body, vp.level));
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *home = NULL;
  int ret;

  home = g_dir_make_tmp ("sandtable-test-designer-XXXXXX", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 4; i++)
    {
      static const char * const vars[] = {
        "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME",
      };
      g_autofree char *dir = g_build_filename (home, vars[i], NULL);

      g_mkdir_with_parents (dir, 0700);
      g_setenv (vars[i], dir, TRUE);
    }

  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }

  app = editor_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/designer/playtest/gives-the-map-its-room",
                   test_playtest_gives_the_map_its_room);
  g_test_add_func ("/designer/problems/without-hex-opens-its-page",
                   test_problem_without_hex_opens_its_page);
  g_test_add_func ("/designer/inspector/marker-row-stays-open-across-undo",
                   test_marker_row_stays_open_across_undo);
  g_test_add_func ("/designer/inspector/marker-summary-counts-in-words",
                   test_marker_summary_counts_in_words);
  g_test_add_func ("/designer/inspector/place-name-undo-leaves-nothing-to-apply",
                   test_place_name_undo_leaves_nothing_to_apply);
  g_test_add_func ("/designer/playtest-setup/names-orders-of-battle-in-full",
                   test_setup_names_orders_of_battle_in_full);
  g_test_add_func ("/designer/playtest-setup/says-why-a-side-has-no-order-of-battle",
                   test_setup_says_why_a_side_has_no_order_of_battle);
  g_test_add_func ("/designer/badges/shorten-runs-of-turns",
                   test_badges_shorten_runs_of_turns);
  g_test_add_func ("/designer/new-map/lists-games-in-full",
                   test_new_map_lists_games_in_full);
  g_test_add_func ("/designer/victory/says-when-and-where",
                   test_victory_screen_says_when_and_where);

  ret = g_test_run ();
  g_clear_object (&app);
  return ret;
}
