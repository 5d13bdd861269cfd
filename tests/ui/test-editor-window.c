/* SPDX-License-Identifier: GPL-3.0-or-later */
/* EditorWindow's mode (issue 17, item 1): editing and playing show their
 * own children and enable their own actions, decided in one place; the
 * scenario panels and the canvas follow the mode; the side panel keeps
 * one width on every page, the game panel's too, so the map never moves
 * sideways. SAND_FIRST_DESIGNER_DUMP=DIR writes screenshots of each mode
 * (SAND_FIRST_DESIGNER_DARK=1: in the dark style). */
#include "config.h"

#include <adwaita.h>

#include "editor-canvas-input.h"
#include "editor-playtest.h"
#include "editor-playtest-setup-dialog.h"
#include "editor-scenario-panels.h"
#include "editor-tool-palette.h"
#include "ui-test-lib.h"
#include "ui-test-window.h"

static gboolean
shown (gpointer widget)
{
  return gtk_widget_is_visible (GTK_WIDGET (widget));
}

/* A stroke of the terrain brush over the first forty hexes through the
 * canvas's signals, as a drag makes it: some of them are not of the
 * brush's terrain. */
static void
paint (EditorWindow *window)
{
  g_signal_emit_by_name (window->canvas, "hover", 0, -1, -1);
  g_signal_emit_by_name (window->canvas, "edit-begin", 0, 0.0, 0.0, 1u, (GdkModifierType) 0);
  for (int hex = 1; hex < 40; hex++)
    g_signal_emit_by_name (window->canvas, "edit-update", hex, 0.0, 0.0);
  g_signal_emit_by_name (window->canvas, "edit-end", 39, 0.0, 0.0);
  flush_events ();
}

static void
start (EditorWindow *window)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (editor_playtest_start (editor_playtest_get_for_window (window), NULL, NULL, 7,
                                        &error));
  g_assert_no_error (error);
  flush_events ();
}

static GtkWindow *
find_setup_dialog (void)
{
  g_autoptr(GList) windows = gtk_window_list_toplevels ();

  for (GList *l = windows; l != NULL; l = l->next)
    if (EDITOR_IS_PLAYTEST_SETUP_DIALOG (l->data) && gtk_widget_get_visible (l->data))
      return l->data;
  return NULL;
}

/* The header bar's Playtest is the window's win.playtest, whose state is
 * the mode: clicked, it asks how to play first and the mode waits for the
 * answer; clicked while playing an untouched game, it leaves. */
static void
test_playtest_toggle_follows_mode (void)
{
  EditorWindow *window = open_shipped ("fpw1870.xml", 0, 0, NULL);
  GtkWindow *dialog;

  g_signal_emit_by_name (window->playtest_toggle, "clicked");
  flush_events ();
  dialog = find_setup_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpint (editor_window_get_mode (window), ==, EDITOR_WINDOW_MODE_EDITING);
  g_assert_false (gtk_toggle_button_get_active (window->playtest_toggle));
  gtk_window_destroy (dialog);
  flush_events ();

  start (window);
  g_assert_true (gtk_toggle_button_get_active (window->playtest_toggle));
  g_signal_emit_by_name (window->playtest_toggle, "clicked");
  flush_events ();
  g_assert_cmpint (editor_window_get_mode (window), ==, EDITOR_WINDOW_MODE_EDITING);
  g_assert_false (gtk_toggle_button_get_active (window->playtest_toggle));

  /* No document, no play. */
  editor_window_set_document (window, NULL);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "playtest"));
  destroy_window (window);
}

/* What each mode shows: editing, the side panel's switcher and pages, the
 * inspector and the problem count; playing, the turn bar and the game
 * panel in the side panel, the inspector gone. The page the designer had
 * comes back after play. */
static void
test_mode_shows_its_children (void)
{
  EditorWindow *window = open_shipped ("fpw1870.xml", 0, 0, NULL);
  EditorScenarioPanels *panels = editor_scenario_panels_get (window);
  EditorWindowMode mode;

  g_assert_cmpint (editor_window_get_mode (window), ==, EDITOR_WINDOW_MODE_EDITING);
  editor_scenario_panels_show (panels, "oobs");
  g_assert_true (shown (window->palette_box));
  g_assert_true (shown (window->side_switcher));
  g_assert_true (shown (window->inspector));
  g_assert_true (shown (window->problems_button));
  g_assert_true (shown (window->inspector_box));
  g_assert_false (shown (window->turn_bar));
  g_assert_false (gtk_toggle_button_get_active (window->playtest_toggle));
  g_assert_false (adw_view_stack_page_get_visible (window->game_page));

  start (window);
  g_object_get (window, "mode", &mode, NULL);
  g_assert_cmpint (mode, ==, EDITOR_WINDOW_MODE_PLAYING);
  g_assert_true (shown (window->palette_box));
  g_assert_false (shown (window->side_switcher));
  g_assert_true (adw_view_stack_page_get_visible (window->game_page));
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (window->side_stack), ==, "game");
  g_assert_true (shown (window->game_box));
  g_assert_false (shown (window->inspector_box));
  g_assert_false (shown (window->problems_button));
  g_assert_true (shown (window->turn_bar));
  g_assert_true (gtk_toggle_button_get_active (window->playtest_toggle));

  /* The turn bar's Log hides the game panel, and the side panel with it. */
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-game-panel",
                                      g_variant_new_boolean (FALSE));
  g_assert_false (shown (window->palette_box));
  editor_playtest_set_panel_visible (editor_playtest_get_for_window (window), TRUE);
  g_assert_true (shown (window->palette_box));

  editor_playtest_stop (editor_playtest_get_for_window (window));
  flush_events ();
  g_assert_cmpint (editor_window_get_mode (window), ==, EDITOR_WINDOW_MODE_EDITING);
  g_assert_true (shown (window->palette_box));
  g_assert_true (shown (window->side_switcher));
  g_assert_true (shown (window->inspector_box));
  g_assert_true (shown (window->problems_button));
  g_assert_false (shown (window->turn_bar));
  g_assert_false (gtk_toggle_button_get_active (window->playtest_toggle));
  g_assert_false (adw_view_stack_page_get_visible (window->game_page));
  g_assert_cmpstr (editor_scenario_panels_get_page (panels), ==, "oobs");
  destroy_window (window);
}

/* Every action's enabled state in both modes, from the one place that
 * decides them: with a changed, saved document, undo, redo and revert
 * would each have something to do, and playing turns them off. */
static void
test_mode_enables_its_actions (void)
{
  static const struct {
    const char *action;
    gboolean editing, playing;
  } expected[] = {
    { "new", TRUE, TRUE },
    { "open", TRUE, TRUE },
    { "save", TRUE, TRUE },
    { "save-as", TRUE, TRUE },
    { "revert", TRUE, FALSE },
    { "export", TRUE, TRUE },
    { "print", TRUE, TRUE },
    { "print-kit", TRUE, TRUE },
    { "balance", TRUE, TRUE },
    { "reference-image", TRUE, TRUE },
    { "undo", TRUE, FALSE },
    { "redo", TRUE, FALSE },
    { "zoom-in", TRUE, TRUE },
    { "zoom-out", TRUE, TRUE },
    { "zoom-fit", TRUE, TRUE },
    { "zoom-reset", TRUE, TRUE },
    { "show-palette", TRUE, FALSE },
    { "show-inspector", TRUE, FALSE },
    { "show-game-panel", FALSE, TRUE },
    { "playtest", TRUE, TRUE },
  };
  EditorWindow *window = open_shipped ("fpw1870.xml", 0, 0, NULL);
  g_autoptr(EditorDocument) doc = g_object_ref (editor_window_get_document (window));

  /* Two edits, one undone: undo and redo both have something to do. */
  for (int hex = 0; hex < 2; hex++)
    {
      SandMap *map = editor_document_get_map (doc);
      guint n = sand_ruleset_n_terrains (sand_map_get_ruleset (map));

      editor_document_begin_edit (doc, "Paint");
      editor_document_set_terrain (doc, hex, (sand_map_get_terrain (map, hex) + 1) % n);
      editor_document_end_edit (doc);
    }
  editor_document_undo (doc);
  flush_events ();

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_test_message ("editing: %s", expected[i].action);
      g_assert_cmpint (enabled (window, expected[i].action), ==, expected[i].editing);
    }
  start (window);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_test_message ("playing: %s", expected[i].action);
      g_assert_cmpint (enabled (window, expected[i].action), ==, expected[i].playing);
    }
  editor_playtest_stop (editor_playtest_get_for_window (window));
  flush_events ();
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpint (enabled (window, expected[i].action), ==, expected[i].editing);

  /* No document: only what makes or opens one. */
  editor_window_set_document (window, NULL);
  flush_events ();
  g_assert_true (enabled (window, "new"));
  g_assert_true (enabled (window, "open"));
  for (guint i = 2; i < G_N_ELEMENTS (expected); i++)
    g_assert_false (enabled (window, expected[i].action));
  destroy_window (window);
}

/* The tools act on the map only while editing: a click in play belongs
 * to the game and leaves the document as it was. */
static void
test_canvas_edits_only_while_editing (void)
{
  EditorWindow *window = open_shipped ("fpw1870.xml", 0, 0, NULL);
  g_autoptr(EditorDocument) doc = g_object_ref (editor_window_get_document (window));
  EditorToolPalette *palette = EDITOR_TOOL_PALETTE (window->palette);

  g_assert_true (editor_tool_palette_select_tool (palette, "terrain"));
  start (window);
  paint (window);
  g_assert_false (editor_document_can_undo (doc));

  editor_playtest_stop (editor_playtest_get_for_window (window));
  flush_events ();
  paint (window);
  g_assert_true (editor_document_can_undo (doc));
  destroy_window (window);
}

/* A unit of the side to move with an empty hex it reaches two or more
 * hexes away, in *@target; -1 when none. */
static int
find_mover (SandGame *game,
            int      *target)
{
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  const SandGrid *grid = sand_game_get_grid (game);

  for (guint u = 0; u < sand_game_n_units (game); u++)
    {
      const SandUnitState *st = sand_game_get_unit (game, u);
      const SandReach *reach;

      if (st->status != SAND_UNIT_ON_MAP || st->side != sand_game_get_side (game)
          || (reach = sand_game_reach (game, u, NULL)) == NULL)
        continue;
      g_array_set_size (hexes, 0);
      sand_reach_hexes (reach, hexes);
      for (guint i = 0; i < hexes->len; i++)
        {
          int h = g_array_index (hexes, int, i);
          g_autoptr(GArray) here = g_array_new (FALSE, FALSE, sizeof (int));

          sand_game_units_at (game, h, here);
          if (here->len == 0 && sand_grid_distance (grid, st->hex, h) >= 2)
            {
              *target = h;
              return (int) u;
            }
        }
    }
  return -1;
}

/* The canvas has one input owner, handed over with the mode: the playtest
 * while playing, the editing tools while editing. A window put back to
 * editing with the game still running (the playtest still active) gives
 * the game no click: the unit stays; back to playing, the same clicks
 * move it. */
static void
test_canvas_moves_units_only_while_playing (void)
{
  EditorPlaytest *playtest;
  EditorWindow *window = open_shipped ("fpw1870.xml", 0, 0, &playtest);
  int target = -1;

  g_assert_true (editor_map_canvas_get_input (window->canvas) == EDITOR_CANVAS_INPUT (window));
  start (window);
  g_assert_true (editor_map_canvas_get_input (window->canvas)
                 == EDITOR_CANVAS_INPUT (playtest));
  SandGame *game = editor_playtest_get_game (playtest);
  int unit = find_mover (game, &target);
  g_assert_cmpint (unit, >=, 0);
  int from = sand_game_get_unit (game, unit)->hex;

  editor_window_set_mode (window, EDITOR_WINDOW_MODE_EDITING);
  flush_events ();
  g_assert_true (editor_playtest_get_active (playtest));
  g_assert_true (editor_map_canvas_get_input (window->canvas) == EDITOR_CANVAS_INPUT (window));
  click_hex (window, from);
  click_hex (window, target);
  g_assert_cmpint (editor_playtest_get_selected (playtest), <, 0);
  g_assert_cmpint (sand_game_get_unit (game, unit)->hex, ==, from);
  g_assert_cmpuint (sand_game_log_length (game), ==, 0);

  editor_window_set_mode (window, EDITOR_WINDOW_MODE_PLAYING);
  flush_events ();
  click_hex (window, from);
  click_hex (window, target);
  g_assert_cmpint (sand_game_get_unit (game, unit)->hex, ==, target);
  g_assert_cmpuint (sand_game_log_length (game), ==, 1);
  destroy_window (window);
}

/* The scenario panels follow the mode: a counter dropped on the map while
 * playing is refused (play never changes the scenario), and set up once
 * editing again. */
static void
test_scenario_panels_follow_mode (void)
{
  EditorWindow *window = open_shipped ("fpw1870.xml", 0, 0, NULL);
  g_autoptr(EditorDocument) doc = g_object_ref (editor_window_get_document (window));
  EditorScenarioPanels *panels = editor_scenario_panels_get (window);
  SandScenario *scenario = editor_document_get_scenario (doc);
  const char *id = sand_scenario_get_counter (scenario, 0)->id;
  GValue value = G_VALUE_INIT;
  gboolean accepted = TRUE;

  g_value_init (&value, G_TYPE_STRING);
  g_value_set_string (&value, id);
  start (window);
  g_signal_emit_by_name (editor_scenario_panels_get_drop_target (panels), "drop", &value,
                         10.0, 10.0, &accepted);
  g_assert_false (accepted);
  g_assert_false (editor_document_can_undo (doc));

  editor_playtest_stop (editor_playtest_get_for_window (window));
  flush_events ();
  editor_map_canvas_show_hex (window->canvas, 0);
  wait_for_layout (window);
  {
    SandMap *map = editor_document_get_map (doc);
    SandPoint c = sand_grid_hex_center (sand_map_get_grid (map), sand_map_get_hex_size (map), 0);
    double wx, wy;

    editor_map_canvas_map_to_widget (window->canvas, c.x, c.y, &wx, &wy);
    g_signal_emit_by_name (editor_scenario_panels_get_drop_target (panels), "drop", &value,
                           wx, wy, &accepted);
  }
  g_assert_true (accepted);
  g_assert_true (editor_document_can_undo (doc));
  g_value_unset (&value);
  destroy_window (window);
}

/* Hot-seat: while the screen is passed, the window's cover stands for the
 * map and the side panel (the game panel would show the other side's
 * units), and the turn bar waits; Ready brings them back where they were. */
static void
test_hot_seat_cover_hides_the_game (void)
{
  EditorPlaytest *playtest;
  EditorWindow *window = open_shipped ("fpw1870.xml", 0, 0, &playtest);
  const char *options[] = { "standard", NULL };
  g_autoptr(GError) error = NULL;
  graphene_rect_t b;
  SandGame *game;
  int mover, canvas_x;

  g_assert_true (editor_playtest_start (playtest, NULL, options, 3, &error));
  g_assert_no_error (error);
  wait_for_layout (window);
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (window->canvas), GTK_WIDGET (window),
                                            &b));
  canvas_x = (int) b.origin.x;
  game = editor_playtest_get_game (playtest);
  mover = sand_game_get_side (game);
  while (sand_game_get_side (game) == mover)
    {
      g_assert_true (editor_playtest_end_phase (playtest, &error));
      g_assert_no_error (error);
    }
  wait_for_layout (window);
  dump (window, "window-hot-seat");
  g_assert_true (editor_playtest_get_screen_hidden (playtest));
  g_assert_true (shown (window->hotseat_cover));
  g_assert_false (shown (window->canvas));
  g_assert_false (shown (window->palette_box));
  g_assert_false (gtk_widget_is_sensitive (window->turn_bar));

  g_signal_emit_by_name (window->ready_button, "clicked");
  wait_for_layout (window);
  g_assert_false (editor_playtest_get_screen_hidden (playtest));
  g_assert_false (shown (window->hotseat_cover));
  g_assert_true (shown (window->canvas));
  g_assert_true (shown (window->palette_box));
  g_assert_true (gtk_widget_is_sensitive (window->turn_bar));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (window->canvas), GTK_WIDGET (window),
                                            &b));
  g_assert_cmpint ((int) b.origin.x, ==, canvas_x);

  /* Leaving while covered leaves nothing covered. */
  while (sand_game_get_side (game) != mover)
    g_assert_true (editor_playtest_end_phase (playtest, &error));
  g_assert_true (editor_playtest_get_screen_hidden (playtest));
  editor_playtest_stop (playtest);
  flush_events ();
  g_assert_false (shown (window->hotseat_cover));
  g_assert_true (shown (window->canvas));
  g_assert_true (shown (window->palette_box));
  destroy_window (window);
}

/* Map, Counters, OOB, Scenario, Problems and, while playing, the game
 * panel: the canvas starts at the same x on each, so the map does not
 * jump sideways. */
static void
test_side_panel_keeps_one_width (gconstpointer data)
{
  static const char * const pages[] = { "tools", "counters", "oobs", "scenario", "problems" };
  const int *size = data;
  g_autoptr(EditorDocument) doc = load_shipped ("fpw1870.xml");
  EditorWindow *window = new_window_sized (doc, size[0], size[1]);
  EditorScenarioPanels *panels = editor_scenario_panels_get (window);
  graphene_rect_t b;
  int canvas_x = -1;

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      editor_scenario_panels_show (panels, pages[i]);
      wait_for_layout (window);
      g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (window->canvas),
                                                GTK_WIDGET (window), &b));
      g_test_message ("%s: canvas at x %.0f", pages[i], b.origin.x);
      if (canvas_x < 0)
        canvas_x = (int) b.origin.x;
      g_assert_cmpint ((int) b.origin.x, ==, canvas_x);
      g_assert_cmpint ((int) b.origin.x, >, 0);
    }
  dump (window, "window-editing");

  start (window);
  wait_for_layout (window);
  dump (window, "window-playing");
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (window->canvas), GTK_WIDGET (window),
                                            &b));
  g_test_message ("game: canvas at x %.0f", b.origin.x);
  g_assert_cmpint ((int) b.origin.x, ==, canvas_x);

  editor_playtest_stop (editor_playtest_get_for_window (window));
  wait_for_layout (window);
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (window->canvas), GTK_WIDGET (window),
                                            &b));
  g_assert_cmpint ((int) b.origin.x, ==, canvas_x);
  destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  static const int laptop[] = { 1280, 720 };
  static const int desktop[] = { 1920, 1080 };

  if (!ui_test_init (&argc, &argv, "sand-editor-window-XXXXXX"))
    return 0;
  if (g_getenv ("SAND_FIRST_DESIGNER_DARK") != NULL)
    adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                        ADW_COLOR_SCHEME_FORCE_DARK);

  g_test_add_func ("/editor-window/mode/shows-its-children", test_mode_shows_its_children);
  g_test_add_func ("/editor-window/mode/enables-its-actions", test_mode_enables_its_actions);
  g_test_add_func ("/editor-window/mode/playtest-toggle-follows-it",
                   test_playtest_toggle_follows_mode);
  g_test_add_func ("/editor-window/mode/canvas-edits-only-while-editing",
                   test_canvas_edits_only_while_editing);
  g_test_add_func ("/editor-window/mode/canvas-moves-units-only-while-playing",
                   test_canvas_moves_units_only_while_playing);
  g_test_add_func ("/editor-window/mode/scenario-panels-follow-it",
                   test_scenario_panels_follow_mode);
  g_test_add_func ("/editor-window/mode/hot-seat-cover-hides-the-game",
                   test_hot_seat_cover_hides_the_game);
  g_test_add_data_func ("/editor-window/side-panel/keeps-one-width-1280x720", laptop,
                        test_side_panel_keeps_one_width);
  g_test_add_data_func ("/editor-window/side-panel/keeps-one-width-1920x1080", desktop,
                        test_side_panel_keeps_one_width);
  return g_test_run ();
}
