/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Playtest defects a designer found (helpers/qa-findings.md 12, 15, 16, 20)
 * and the unit panel's reserve pick, each proved as a player meets it: the
 * hot-seat hand-over shows nothing of the incoming side's turn until Ready;
 * Save Game proposes the scenario's folder and a name saying where the game
 * stood; attackers are not tinted in a side's colour; the turn bar fits a
 * narrow canvas column; the EB pick tints where an EB may come in. */
#include "config.h"

#include <adwaita.h>

#include "editor-playtest.h"
#include "editor-playtest-bar.h"
#include "editor-unit-card.h"
#include "editor-window-private.h"
#include "ui-test-lib.h"

static char *
shipped_path (const char *name)
{
  return g_build_filename (g_getenv ("SANDTABLE_DATADIR"), "scenarios", name, NULL);
}

/* What stands in the map's place while the screen is passed. */
static GtkWidget *
cover (EditorWindow *window)
{
  GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (window->canvas_box));

  for (; child != NULL; child = gtk_widget_get_next_sibling (child))
    if (ADW_IS_STATUS_PAGE (child))
      return child;
  g_assert_not_reached ();
  return NULL;
}

static GtkWidget *
game_panel (EditorPlaytest *playtest)
{
  return gtk_widget_get_parent (editor_playtest_get_unit_actions (playtest));
}

static gboolean
overlay_says (EditorWindow *window,
              const char   *label)
{
  const SandOverlay *overlay = editor_map_canvas_get_overlay (window->canvas);
  SandMap *map = editor_document_get_map (editor_window_get_document (window));
  int n = sand_grid_n_hexes (sand_map_get_grid (map));

  if (overlay == NULL || overlay->labels == NULL)
    return FALSE;
  for (int h = 0; h < n; h++)
    if (g_strcmp0 (overlay->labels[h], label) == 0)
      return TRUE;
  return FALSE;
}

static void
count_message_cb (EditorPlaytest *playtest,
                  const char     *text,
                  guint          *count)
{
  (*count)++;
}

/* FPW Standard Game, hot-seat: from End Phase to Ready the map, the unit
 * panels and the log give way to a cover, the turn bar's commands wait, and
 * no toast or arrival mark of the incoming side is shown; after the cover's
 * Ready its arrivals are told and marked. */
static void
test_hand_over_hides_the_incoming_turn_until_ready (void)
{
  EditorPlaytest *playtest;
  EditorWindow *window = open_shipped ("fpw1870.xml", 1280, 720, &playtest);
  const char *options[] = { "standard", NULL };
  g_autoptr(GError) error = NULL;
  guint messages = 0;
  gboolean arrivals_told = FALSE;
  SandGame *game;

  g_assert_true (editor_playtest_start (playtest, NULL, options, 3, &error));
  g_assert_no_error (error);
  game = editor_playtest_get_game (playtest);
  g_signal_connect (playtest, "message", G_CALLBACK (count_message_cb), &messages);

  for (int handovers = 0; handovers < 8 && !arrivals_told && !sand_game_is_over (game);
       handovers++)
    {
      int mover = sand_game_get_side (game);
      guint before;

      while (sand_game_get_side (game) == mover && !sand_game_is_over (game))
        {
          messages = 0;
          g_assert_true (editor_playtest_end_phase (playtest, &error));
          g_assert_no_error (error);
        }
      flush_events ();
      g_assert_true (editor_playtest_get_screen_hidden (playtest));
      g_assert_cmpuint (messages, ==, 0);
      g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->canvas)));
      g_assert_true (gtk_widget_get_mapped (cover (window)));
      g_assert_false (gtk_widget_get_visible (game_panel (playtest)));
      g_assert_false (gtk_widget_is_sensitive (GTK_WIDGET (turn_bar (window))));
      g_assert_false (overlay_says (window, "Arrived"));

      /* The cover's own Ready, as the incoming player presses it. */
      before = messages;
      /* The window's focus widget, not the display's focus: another
       * window on the same display (a running editor) may hold that. */
      g_assert_true (gtk_widget_is_focus (adw_status_page_get_child (ADW_STATUS_PAGE (
                                                                       cover (window)))));
      g_signal_emit_by_name (adw_status_page_get_child (ADW_STATUS_PAGE (cover (window))),
                             "clicked");
      flush_events ();
      g_assert_false (editor_playtest_get_screen_hidden (playtest));
      g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window->canvas)));
      g_assert_false (gtk_widget_get_visible (cover (window)));
      g_assert_true (gtk_widget_get_visible (game_panel (playtest)));
      g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (turn_bar (window))));
      if (messages > before)
        {
          /* The toast waited for Ready, and the marks came with it. */
          g_assert_true (overlay_says (window, "Arrived"));
          arrivals_told = TRUE;
        }
    }
  g_assert_true (arrivals_told);
  destroy_window (window);
}

/* Save Game opens beside the scenario, with a name saying which scenario
 * and where the game stood; Load Game looks in the same folder. */
static void
test_save_game_proposes_scenario_folder_and_clock (void)
{
  EditorPlaytest *playtest;
  EditorWindow *window = open_shipped ("lfaf1914-1-rossignol.xml", 1280, 720, &playtest);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = shipped_path ("lfaf1914-1-rossignol.xml");
  g_autoptr(GFile) scenario = g_file_new_for_path (path);
  g_autoptr(GFile) expected = g_file_get_parent (scenario);
  g_autoptr(GFile) folder = NULL;
  g_autofree char *name = NULL;
  g_autofree char *want = NULL;
  SandGame *game;

  game = start_playtest (playtest, 1);
  g_assert_true (editor_playtest_end_phase (playtest, &error));
  g_assert_no_error (error);
  flush_events ();

  folder = editor_playtest_bar_propose_folder (turn_bar (window));
  g_assert_nonnull (folder);
  g_assert_true (g_file_equal (folder, expected));
  name = editor_playtest_bar_propose_name (turn_bar (window));
  want = g_strdup_printf ("lfaf1914-1-rossignol-T%d-%s-%s.sandgame", sand_game_get_turn (game),
                          sand_ruleset_get_side (sand_scenario_get_ruleset (
                                                   sand_game_get_scenario (game)),
                                                 sand_game_get_side (game))->id,
                          sand_game_get_phase_id (game));
  g_assert_cmpstr (name, ==, want);
  destroy_window (window);
}

/* The attackers' hexes are washed in a colour no side wears: grey to
 * white, neither French blue nor LFAF's German green. */
static void
test_attackers_tinted_in_no_sides_colour (void)
{
  EditorPlaytest *playtest;
  EditorWindow *window = open_shipped ("lfaf1914-1-rossignol.xml", 1280, 720, &playtest);
  const SandOverlay *overlay;
  SandGame *game;
  int tinted = 0;

  game = start_playtest (playtest, 1);
  for (int side = 0; side < 2; side++)
    {
      int defender = -1, attacker = -1;

      for (guint u = 0; u < sand_game_n_units (game); u++)
        {
          const SandUnitState *st = sand_game_get_unit (game, u);

          if (st->status != SAND_UNIT_ON_MAP)
            continue;
          if (st->side == side && attacker < 0)
            attacker = (int) u;
          else if (st->side != side && defender < 0)
            defender = st->hex;
        }
      g_assert_cmpint (attacker, >=, 0);
      g_assert_cmpint (defender, >=, 0);
      editor_playtest_set_defender (playtest, defender);
      editor_playtest_toggle_attacker (playtest, attacker);
      flush_events ();
      overlay = editor_map_canvas_get_overlay (window->canvas);
      g_assert_nonnull (overlay);
      {
        guint32 tint = overlay->tint[sand_game_get_unit (game, attacker)->hex];
        guint r = tint >> 24, g = (tint >> 16) & 0xff, b = (tint >> 8) & 0xff;

        g_assert_cmpuint (tint & 0xff, >, 0);
        g_assert_cmpuint (r, ==, g);
        g_assert_cmpuint (g, ==, b);
        tinted++;
      }
      editor_playtest_set_attack_mode (playtest, FALSE);
    }
  g_assert_cmpint (tinted, ==, 2);
  destroy_window (window);
}

/* At 1024×700 with the game panel dragged wide, the canvas column is
 * narrower than the turn bar's one row: the bar wraps to fit, so GTK draws
 * it; its minimum is no wider than the canvas column's own. */
static void
test_turn_bar_fits_a_narrow_canvas_column (void)
{
  EditorPlaytest *playtest;
  EditorWindow *window = open_shipped ("fpw1870.xml", 1024, 700, &playtest);
  GtkWidget *bar;
  int min, nat, column_min, one_row, wrapped;

  start_playtest (playtest, 1);
  flush_events ();
  bar = GTK_WIDGET (turn_bar (window));
  gtk_widget_measure (bar, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  gtk_widget_get_size_request (GTK_WIDGET (window->canvas_box), &column_min, NULL);
  g_test_message ("turn bar: minimum %d, natural %d px", min, nat);
  g_assert_cmpint (min, <=, column_min);
  gtk_widget_measure (bar, GTK_ORIENTATION_VERTICAL, nat, NULL, &one_row, NULL, NULL);
  gtk_widget_measure (bar, GTK_ORIENTATION_VERTICAL, min, NULL, &wrapped, NULL, NULL);
  g_assert_cmpint (wrapped, >, one_row);

  /* The game panel wide: the canvas column well below the bar's one row. */
  gtk_paned_set_position (window->inner_paned, column_min + 40);
  for (int i = 0; i < 5; i++)
    {
      flush_events ();
      g_usleep (20000);
    }
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window->canvas_box)), <, nat);
  g_assert_true (gtk_widget_get_mapped (bar));
  g_assert_cmpint (gtk_widget_get_width (bar), >=, min);
  /* Given the height of its rows across the column: wrapped, not cut. */
  gtk_widget_measure (bar, GTK_ORIENTATION_VERTICAL,
                      gtk_widget_get_width (GTK_WIDGET (window->canvas_box)), &wrapped, NULL,
                      NULL, NULL);
  g_assert_cmpint (wrapped, >, one_row);
  g_assert_cmpint (gtk_widget_get_height (bar), >, one_row);
  destroy_window (window);
}

/* FPW EB Units (A): in the German Movement Phase, before any move, the
 * "Bring In an EB Unit" pick tints the hexes the engine would take. */
static void
test_reserve_pick_tints_where_an_eb_may_come_in (void)
{
  EditorPlaytest *playtest;
  EditorWindow *window = open_shipped ("fpw1870.xml", 1280, 720, &playtest);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  EditorUnitCard *actions;
  const SandOverlay *overlay;
  GtkWidget *button;
  SandGame *game;
  int german;

  game = start_playtest (playtest, 1);
  /* While a side sets up, the card offers the set-up, not the phase. */
  finish_setup (playtest);
  german = sand_ruleset_find_side (sand_scenario_get_ruleset (sand_game_get_scenario (game)),
                                   "german");
  for (int i = 0; i < 12 && !(sand_game_get_side (game) == german &&
                              g_strcmp0 (sand_game_get_phase_id (game), "movement") == 0); i++)
    {
      g_assert_true (editor_playtest_end_phase (playtest, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpint (sand_game_get_side (game), ==, german);
  g_assert_cmpstr (sand_game_get_phase_id (game), ==, "movement");
  sand_game_reserve_hexes (game, german, hexes);
  g_assert_cmpuint (hexes->len, >, 0);

  actions = EDITOR_UNIT_CARD (editor_playtest_get_unit_actions (playtest));
  button = editor_unit_card_get_button (actions, "reserve");
  flush_events ();
  g_assert_true (gtk_widget_get_mapped (button) && gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  flush_events ();
  g_assert_nonnull (editor_playtest_get_pick_prompt (playtest));
  overlay = editor_map_canvas_get_overlay (window->canvas);
  g_assert_nonnull (overlay);
  for (guint i = 0; i < hexes->len; i++)
    g_assert_cmpuint (overlay->tint[g_array_index (hexes, int, i)], !=, 0);
  destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  if (!ui_test_init (&argc, &argv, "sandtable-playfix-XXXXXX"))
    return 0;
  g_test_add_func ("/playfix/hot-seat/hand-over-hides-the-incoming-turn-until-ready",
                   test_hand_over_hides_the_incoming_turn_until_ready);
  g_test_add_func ("/playfix/save-game/proposes-scenario-folder-and-clock",
                   test_save_game_proposes_scenario_folder_and_clock);
  g_test_add_func ("/playfix/attack/attackers-tinted-in-no-sides-colour",
                   test_attackers_tinted_in_no_sides_colour);
  g_test_add_func ("/playfix/turn-bar/fits-a-narrow-canvas-column",
                   test_turn_bar_fits_a_narrow_canvas_column);
  g_test_add_func ("/playfix/reserve/pick-tints-where-an-eb-may-come-in",
                   test_reserve_pick_tints_where_an_eb_may_come_in);
  return g_test_run ();
}
