/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Defects a designer found playing and drawing (qa-findings.md): the
 * attack panel's result goes once the game moves on, the log follows the
 * newest line and lists arrivals, the window keeps its size across
 * sessions, the selection stays outlined, and a quick hexside drag draws
 * without gaps. Every check reads the state the player would see. */
#include "config.h"

#include <adwaita.h>
#include <math.h>

#include "editor-attack-panel.h"
#include "editor-game-log.h"
#include "editor-playtest.h"
#include "editor-tool-palette.h"
#include "editor-window-private.h"
#include "sand-console.h"
#include "sand-scenario-io.h"
#include "ui-test-lib.h"

static const char * const attack_lines[] = {
  "new fpw1870 10x10",
  "marker supply 0101 german name=S",
  "marker supply 0110 french name=F",
  "unit fr1 french combat 0505 strength=4 ma=6",
  "unit de1 german combat 0604 strength=6 ma=8",
};

/* German combat, de1 attacking fr1, resolved: the panel shows a result. */
static EditorAttackPanel *
resolve_an_attack (EditorWindow   *window,
                   EditorPlaytest *playtest)
{
  g_autoptr(GError) error = NULL;
  EditorAttackPanel *panel;
  SandGame *game;
  SandRuleset *ruleset;

  game = start_playtest (playtest, 1);
  ruleset = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  g_assert_true (sand_game_set_clock (game, 1, sand_ruleset_find_side (ruleset, "german"),
                                      sand_ruleset_find_phase (ruleset, "combat"), &error));
  g_assert_no_error (error);
  editor_playtest_set_attack_mode (playtest, TRUE);
  click_hex (window, game_hex (game, "0505"));
  click_hex (window, game_hex (game, "0604"));
  panel = EDITOR_ATTACK_PANEL (find_widget (GTK_WIDGET (window), EDITOR_TYPE_ATTACK_PANEL));
  g_signal_emit_by_name (editor_attack_panel_get_resolve (panel), "clicked");
  flush_events ();
  g_assert_null (sand_game_get_pending_attack (game));
  g_assert_cmpstr (editor_attack_panel_get_result (panel), !=, "");
  return panel;
}

static void
test_attack_result_goes_on_undo (void)
{
  g_autoptr(EditorDocument) doc = document_from_console (attack_lines, G_N_ELEMENTS (attack_lines));
  EditorWindow *window = new_window_sized (doc, 1200, 800);
  EditorPlaytest *playtest = editor_playtest_get_for_window (window);
  g_autoptr(GError) error = NULL;
  EditorAttackPanel *panel = resolve_an_attack (window, playtest);

  g_assert_true (editor_playtest_undo (playtest, &error));
  g_assert_no_error (error);
  flush_events ();
  g_assert_cmpstr (editor_attack_panel_get_result (panel), ==, "");

  close_playtest (window);
}

static void
test_attack_result_goes_with_the_phase (void)
{
  g_autoptr(EditorDocument) doc = document_from_console (attack_lines, G_N_ELEMENTS (attack_lines));
  EditorWindow *window = new_window_sized (doc, 1200, 800);
  EditorPlaytest *playtest = editor_playtest_get_for_window (window);
  g_autoptr(GError) error = NULL;
  EditorAttackPanel *panel = resolve_an_attack (window, playtest);

  g_assert_true (editor_playtest_end_phase (playtest, &error));
  g_assert_no_error (error);
  flush_events ();
  g_assert_cmpstr (editor_attack_panel_get_result (panel), ==, "");

  close_playtest (window);
}

static void
test_attack_result_goes_on_load (void)
{
  g_autoptr(EditorDocument) doc = document_from_console (attack_lines, G_N_ELEMENTS (attack_lines));
  EditorWindow *window = new_window_sized (doc, 1200, 800);
  EditorPlaytest *playtest = editor_playtest_get_for_window (window);
  g_autoptr(GError) error = NULL;
  EditorAttackPanel *panel = resolve_an_attack (window, playtest);
  g_autofree char *saved = editor_playtest_save_game_data (playtest);

  g_assert_true (editor_playtest_load_game_data (playtest, saved, &error));
  g_assert_no_error (error);
  flush_events ();
  g_assert_cmpstr (editor_attack_panel_get_result (panel), ==, "");

  close_playtest (window);
}

static gboolean
wake (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Lets the frame clock lay out and draw: flush_events alone does not
 * wait for the next frame. */
static void
wait_frames (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, wake, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

static const char *
row_label (GtkListBox *list,
           guint       i)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (list, i);

  return gtk_label_get_label (GTK_LABEL (gtk_list_box_row_get_child (row)));
}

/* End Phase reads as the heading of the phase it opens, the turn-2
 * reinforcement is listed where it arrived, and the list follows the
 * newest line. */
static void
test_log_headings_arrivals_and_newest_line (void)
{
  static const char * const lines[] = {
    "new fpw1870 10x10",
    "marker supply 0101 german name=S",
    "marker supply 0110 french name=F",
    "unit fr1 french combat 0505 strength=4 ma=6",
    "unit de1 german combat 0609 strength=6 ma=8",
    "unit de2 german combat 0604 strength=5 ma=8 arrive=2",
  };
  g_autoptr(EditorDocument) doc = document_from_console (lines, G_N_ELEMENTS (lines));
  EditorWindow *window = new_window_sized (doc, 1200, 800);
  EditorPlaytest *playtest = editor_playtest_get_for_window (window);
  g_autoptr(GError) error = NULL;
  GtkWidget *log;
  GtkListBox *list;
  GtkAdjustment *adj;
  SandGame *game;
  gboolean arrival_listed = FALSE;
  guint n;

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 500);
  game = start_playtest (playtest, 1);
  /* Up to Turn 3's German Combat: the attack panel opens above the log. */
  while ((sand_game_get_turn (game) < 3
          || g_strcmp0 (sand_game_get_phase_id (game), "combat") != 0)
         && !sand_game_is_over (game))
    {
      g_assert_true (editor_playtest_end_phase (playtest, &error));
      g_assert_no_error (error);
      flush_events ();
    }
  wait_frames (300);
  log = find_widget (GTK_WIDGET (window), EDITOR_TYPE_GAME_LOG);
  list = GTK_LIST_BOX (find_widget (log, GTK_TYPE_LIST_BOX));
  n = sand_game_log_length (game);
  g_assert_cmpuint (n, >=, 9);
  for (guint i = 0; i < n; i++)
    {
      const char *text = row_label (list, i);

      g_test_message ("row %u: %s", i, text);
      g_assert_true (g_str_has_prefix (text, "Turn "));
      arrival_listed |= strstr (text, "1 unit arrived at 0604") != NULL;
    }
  g_assert_true (arrival_listed);
  adj = gtk_scrolled_window_get_vadjustment (
    GTK_SCROLLED_WINDOW (find_widget (log, GTK_TYPE_SCROLLED_WINDOW)));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adj), >, gtk_adjustment_get_page_size (adj));
  g_assert_cmpfloat_with_epsilon (gtk_adjustment_get_value (adj),
                                  gtk_adjustment_get_upper (adj)
                                  - gtk_adjustment_get_page_size (adj), 1.0);
  /* The newest row is in sight, whole. */
  {
    GtkWidget *scroller = find_widget (log, GTK_TYPE_SCROLLED_WINDOW);
    GtkWidget *last = GTK_WIDGET (gtk_list_box_get_row_at_index (list, n - 1));
    graphene_rect_t bounds;

    g_assert_true (gtk_widget_compute_bounds (last, scroller, &bounds));
    g_test_message ("last row %g+%g in %d (upper %g page %g)", bounds.origin.y,
                    bounds.size.height, gtk_widget_get_height (scroller),
                    gtk_adjustment_get_upper (adj), gtk_adjustment_get_page_size (adj));
    g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=,
                       gtk_widget_get_height (scroller) + 0.5);
  }

  close_playtest (window);
}

/* Two sessions: each window opens at the size the last one closed at. */
static void
test_window_keeps_its_size_across_sessions (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.sandtable.Sandtable");

  g_settings_set_int (settings, "window-width", 1100);
  g_settings_set_int (settings, "window-height", 700);
  g_settings_set_boolean (settings, "window-maximized", FALSE);
  for (guint session = 0; session < 2; session++)
    {
      EditorWindow *window = editor_window_new (GTK_APPLICATION (app));
      int width, height;

      gtk_window_present (GTK_WINDOW (window));
      wait_frames (300);
      gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
      g_assert_cmpint (width, ==, 1100);
      g_assert_cmpint (height, ==, 700);
      gtk_window_close (GTK_WINDOW (window));
      flush_events ();
      g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 1100);
      g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 700);
    }
}

static gboolean
preview_has (EditorWindow *window,
             int           hex)
{
  for (guint i = 0; i < window->preview->len; i++)
    if (g_array_index (window->preview, int, i) == hex)
      return TRUE;
  return FALSE;
}

/* Select tool: the hex clicked stays outlined when the pointer leaves
 * the map for the inspector, until another hex is selected. */
static void
test_selection_stays_outlined_off_the_map (void)
{
  g_autoptr(EditorDocument) doc = document_from_console (attack_lines, G_N_ELEMENTS (attack_lines));
  EditorWindow *window = new_window_sized (doc, 1200, 800);
  SandMap *map = editor_document_get_map (doc);
  int metz, other;

  g_assert_true (sand_grid_parse_id (sand_map_get_grid (map), "0505", &metz));
  g_assert_true (sand_grid_parse_id (sand_map_get_grid (map), "0707", &other));
  g_assert_true (editor_tool_palette_select_tool (EDITOR_TOOL_PALETTE (window->palette),
                                                  "select"));
  click_hex (window, metz);
  g_assert_true (preview_has (window, metz));
  /* The pointer goes to the inspector. */
  g_signal_emit_by_name (window->canvas, "hover", -1, -1, -1);
  flush_events ();
  g_assert_true (preview_has (window, metz));
  click_hex (window, other);
  g_signal_emit_by_name (window->canvas, "hover", -1, -1, -1);
  flush_events ();
  g_assert_false (preview_has (window, metz));
  g_assert_true (preview_has (window, other));

  destroy_window (window);
}

static SandPoint
side_middle (SandMap *map,
             int      hex,
             int      dir)
{
  const SandGrid *grid = sand_map_get_grid (map);
  double size = sand_map_get_hex_size (map);
  SandPoint c = sand_grid_hex_center (grid, size, hex);
  SandPoint a = sand_grid_corner (grid, size, c, dir);
  SandPoint b = sand_grid_corner (grid, size, c, (dir + 1) % SAND_N_DIRS);

  return (SandPoint) { (a.x + b.x) / 2, (a.y + b.y) / 2 };
}

static gboolean
corners_meet (SandPoint a,
              SandPoint b)
{
  return fabs (a.x - b.x) < 0.01 && fabs (a.y - b.y) < 0.01;
}

/* Hexsides tool: a drag whose motion events come four hexes apart still
 * draws one unbroken river, taken back by one undo. */
static void
test_quick_hexside_drag_draws_without_gaps (void)
{
  static const char * const lines[] = { "new fpw1870 12x10" };
  g_autoptr(EditorDocument) doc = document_from_console (lines, G_N_ELEMENTS (lines));
  EditorWindow *window = new_window_sized (doc, 1200, 800);
  SandMap *map = editor_document_get_map (doc);
  const SandGrid *grid = sand_map_get_grid (map);
  double size = sand_map_get_hex_size (map);
  EditorToolPalette *palette = EDITOR_TOOL_PALETTE (window->palette);
  EditorTool *pen = editor_tool_palette_get_tool (palette, "hexside");
  int river = sand_ruleset_find_side_feature (sand_map_get_ruleset (map), "river");
  int from = sand_grid_index (grid, 2, 3), mid = sand_grid_index (grid, 5, 5);
  int to = sand_grid_index (grid, 8, 3);
  SandPoint p[] = { side_middle (map, from, 1), side_middle (map, mid, 2),
                    side_middle (map, to, 1) };
  int hexes[] = { from, mid, to };
  g_autoptr(GArray) a = g_array_new (FALSE, FALSE, sizeof (SandPoint));
  g_autoptr(GArray) b = g_array_new (FALSE, FALSE, sizeof (SandPoint));
  g_autoptr(GHashTable) slots = g_hash_table_new (NULL, NULL);
  g_autofree gboolean *reached = NULL;
  gboolean changed = TRUE;

  g_assert_cmpint (river, >=, 0);
  g_assert_true (editor_tool_palette_select_tool (palette, "hexside"));
  g_object_set (pen, "feature", river, "erase", FALSE, NULL);
  editor_tool_begin (pen, doc, hexes[0], p[0].x, p[0].y, GDK_BUTTON_PRIMARY);
  for (guint i = 1; i < G_N_ELEMENTS (p); i++)
    editor_tool_update (pen, doc, hexes[i], p[i].x, p[i].y);
  editor_tool_end (pen, doc, hexes[2], p[2].x, p[2].y);
  flush_events ();

  for (int h = 0; h < sand_grid_n_hexes (grid); h++)
    for (int d = 0; d < SAND_N_DIRS; d++)
      if (sand_map_side_has (map, h, d, river)
          && g_hash_table_add (slots, GINT_TO_POINTER (sand_grid_side_slot (grid, h, d))))
        {
          SandPoint c = sand_grid_hex_center (grid, size, h);
          SandPoint ca = sand_grid_corner (grid, size, c, d);
          SandPoint cb = sand_grid_corner (grid, size, c, (d + 1) % SAND_N_DIRS);

          g_array_append_val (a, ca);
          g_array_append_val (b, cb);
        }
  g_assert_true (sand_map_side_has (map, from, 1, river));
  g_assert_true (sand_map_side_has (map, to, 1, river));
  g_assert_cmpuint (a->len, >=, 8);
  g_assert_cmpuint (a->len, <=, 24);
  /* Every side is reached from the first along shared corners. */
  reached = g_new0 (gboolean, a->len);
  reached[0] = TRUE;
  while (changed)
    {
      changed = FALSE;
      for (guint i = 0; i < a->len; i++)
        for (guint j = 0; j < a->len; j++)
          if (reached[i] && !reached[j]
              && (corners_meet (g_array_index (a, SandPoint, i), g_array_index (a, SandPoint, j))
                  || corners_meet (g_array_index (a, SandPoint, i),
                                   g_array_index (b, SandPoint, j))
                  || corners_meet (g_array_index (b, SandPoint, i),
                                   g_array_index (a, SandPoint, j))
                  || corners_meet (g_array_index (b, SandPoint, i),
                                   g_array_index (b, SandPoint, j))))
            reached[j] = changed = TRUE;
    }
  for (guint i = 0; i < a->len; i++)
    g_assert_true (reached[i]);
  editor_document_undo (doc);
  g_assert_false (editor_document_can_undo (doc));

  destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  if (!ui_test_init (&argc, &argv, "sandtable-qa-fixes-XXXXXX"))
    return 0;

  g_test_add_func ("/qa-fixes/attack-panel/result-goes-on-undo",
                   test_attack_result_goes_on_undo);
  g_test_add_func ("/qa-fixes/attack-panel/result-goes-with-the-phase",
                   test_attack_result_goes_with_the_phase);
  g_test_add_func ("/qa-fixes/attack-panel/result-goes-on-load",
                   test_attack_result_goes_on_load);
  g_test_add_func ("/qa-fixes/game-log/headings-arrivals-and-newest-line",
                   test_log_headings_arrivals_and_newest_line);
  g_test_add_func ("/qa-fixes/window/keeps-its-size-across-sessions",
                   test_window_keeps_its_size_across_sessions);
  g_test_add_func ("/qa-fixes/select/selection-stays-outlined-off-the-map",
                   test_selection_stays_outlined_off_the_map);
  g_test_add_func ("/qa-fixes/hexside/quick-drag-draws-without-gaps",
                   test_quick_hexside_drag_draws_without_gaps);

  ret = g_test_run ();
  g_clear_object (&app);
  return ret;
}
