/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Set-up as a stage of the game in the playtest (FPW, How to Set Up and
 * Play the Game: "The French set up their forces first"): while a side
 * sets up the turn bar offers Set-Up Done alone, on End Phase's key, its
 * tooltip saying whose set-up it is — not the first phase's Attack and End
 * Phase; the French say it, then the Germans; then the bar offers the
 * phase's commands. A computer's set-up offers the person no button; in a
 * hot-seat game the screen is the side setting up's and is passed. */
#include "config.h"

#include <string.h>

#include "editor-game-log.h"
#include "editor-unit-card.h"
#include "editor-playtest.h"
#include "editor-playtest-bar.h"
#include "ui-test-lib.h"
#include "ui-test-computer.h"

/* (find_button: ui-test-computer.h) */

/* The labelled buttons the bar shows now, in order, "|" between them (the
 * icon buttons have no label). */
static char *
shown_buttons (EditorPlaytestBar *bar)
{
  GString *text = g_string_new (NULL);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (bar)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_BUTTON (child) && gtk_widget_get_visible (child) &&
        gtk_button_get_label (GTK_BUTTON (child)) != NULL)
      g_string_append_printf (text, "%s%s", text->len > 0 ? "|" : "",
                              gtk_button_get_label (GTK_BUTTON (child)));
  return g_string_free (text, FALSE);
}

/* The key (with Alt) that presses @button: its label's access key. */
static guint
access_key (GtkWidget *button)
{
  GtkWidget *label = gtk_button_get_child (GTK_BUTTON (button));

  g_assert_true (GTK_IS_LABEL (label));
  /* (a mnemonic matches either case) */
  return gdk_keyval_to_lower (gtk_label_get_mnemonic_keyval (GTK_LABEL (label)));
}

static void
assert_buttons (EditorPlaytestBar *bar,
                const char        *expected)
{
  g_autofree char *shown = shown_buttons (bar);

  g_test_message ("%s: %s", editor_playtest_bar_get_title (bar), shown);
  g_assert_cmpstr (shown, ==, expected);
}

static void
test_setup_french_first_then_german_in_the_playtest (void)
{
  EditorPlaytest *playtest;
  EditorWindow *window = open_shipped ("fpw1870.xml", 0, 0, &playtest);
  EditorPlaytestBar *bar;
  GtkWidget *done;
  SandGame *game;
  SandRuleset *ruleset;
  guint key;

  game = start_playtest (playtest, 1);
  ruleset = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  bar = turn_bar (window);
  done = find_button (GTK_WIDGET (bar), "Set-U_p Done");
  g_assert_nonnull (done);
  key = access_key (done);

  /* The French set up first: Set-Up Done alone, no Attack, no End Phase. */
  g_assert_cmpint (sand_game_setup_side (game), ==, sand_ruleset_find_side (ruleset, "french"));
  g_assert_true (g_str_has_prefix (editor_playtest_bar_get_title (bar), "Set-up · French"));
  assert_buttons (bar, "Set-U_p Done");
  g_test_message ("Set-Up Done: %s", gtk_widget_get_tooltip_text (done));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (done), "Set-up"));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (done), "French"));
  /* A unit selected to be set up: the status says how to place it, not
   * the movement points it has in a phase not begun. */
  editor_playtest_select_unit (playtest, sand_game_find_unit (game, "fr-ii"));
  flush_events ();
  g_test_message ("status: %s", editor_playtest_bar_get_status (bar));
  g_assert_null (strstr (editor_playtest_bar_get_status (bar), "MP left"));
  g_assert_nonnull (strstr (editor_playtest_bar_get_status (bar), "set-up zone"));

  /* Then the Germans. */
  g_signal_emit_by_name (done, "clicked");
  flush_events ();
  g_assert_cmpint (sand_game_setup_side (game), ==, sand_ruleset_find_side (ruleset, "german"));
  g_assert_true (g_str_has_prefix (editor_playtest_bar_get_title (bar), "Set-up · German"));
  assert_buttons (bar, "Set-U_p Done");
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (done), "German"));

  /* Then play: the first phase's commands; the same button ends the phase,
   * on the same key. */
  g_signal_emit_by_name (done, "clicked");
  flush_events ();
  g_assert_cmpint (sand_game_setup_side (game), ==, -1);
  g_assert_true (g_str_has_prefix (editor_playtest_bar_get_title (bar), "Turn 1 of "));
  assert_buttons (bar, "_Attack|End _Phase");
  g_assert_true (find_button (GTK_WIDGET (bar), "End _Phase") == done);
  g_assert_cmpuint (access_key (done), ==, key);
  g_assert_null (gtk_widget_get_tooltip_text (done));
  g_assert_cmpuint (sand_game_log_length (game), ==, 2);

  close_playtest (window);
}

/* Against the computer its set-up is its own: while it sets up the bar
 * offers the person nothing to press for it, and says so. */
static void
test_setup_computer_side_offers_no_button (void)
{
  EditorPlaytest *playtest;
  EditorWindow *window = open_shipped ("demo.xml", 0, 0, &playtest);
  g_autoptr(EditorDocument) doc = g_object_ref (editor_window_get_document (window));
  int french = doc_side (doc, "french"), german = doc_side (doc, "german");
  EditorPlaytestBar *bar;
  SandGame *game;

  set_computer (playtest, german, SAND_AI_FAST, 0);
  editor_playtest_computer_bar_set_pace (computer_bar (playtest), EDITOR_COMPUTER_PACE_NO_PAUSE);
  game = start_playtest (playtest, 3);
  bar = turn_bar (window);
  g_assert_cmpint (sand_game_setup_side (game), ==, french);
  assert_buttons (bar, "Set-U_p Done");

  /* The person's Set-Up Done: the computer's set-up comes (played from an
   * idle, after the bar has said so). */
  g_signal_emit_by_name (find_button (GTK_WIDGET (bar), "Set-U_p Done"), "clicked");
  g_assert_cmpint (sand_game_setup_side (game), ==, german);
  assert_buttons (bar, "");
  g_assert_cmpstr (editor_playtest_bar_get_status (bar), ==, "The computer is setting up");

  /* Its set-up and its first phase played, the person's phase. */
  run_until (playtest, persons_turn, GINT_TO_POINTER (french));
  game = editor_playtest_get_game (playtest);
  g_assert_cmpint (sand_game_setup_side (game), ==, -1);
  g_assert_cmpint (sand_game_get_side (game), ==, french);
  assert_buttons (bar, "_Attack|End _Phase");
  g_assert_false (editor_playtest_get_screen_hidden (playtest));

  close_playtest (window);
}

/* Hot-seat (the demo's Standard Game, two people): the screen is the side
 * setting up's, not the first phase's side; Set-Up Done passes it (the
 * cover), and so does taking a Set-Up Done back. */
static void
test_setup_hot_seat_passes_the_screen (void)
{
  EditorPlaytest *playtest;
  EditorWindow *window = open_shipped ("demo.xml", 0, 0, &playtest);
  g_autoptr(GError) error = NULL;
  EditorPlaytestBar *bar;
  GtkWidget *done;
  SandRuleset *ruleset;
  SandGame *game;
  int french, german;

  game = start_playtest (playtest, 1);
  ruleset = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  french = sand_ruleset_find_side (ruleset, "french");
  german = sand_ruleset_find_side (ruleset, "german");
  bar = turn_bar (window);
  done = find_button (GTK_WIDGET (bar), "Set-U_p Done");
  g_assert_nonnull (done);
  /* The Germans move first, the French set up first: the screen is theirs. */
  g_assert_cmpint (sand_game_get_side (game), ==, german);
  g_assert_cmpint (editor_playtest_get_viewer (playtest), ==, french);
  g_assert_false (editor_playtest_get_screen_hidden (playtest));

  g_signal_emit_by_name (done, "clicked");
  flush_events ();
  g_assert_true (editor_playtest_get_screen_hidden (playtest));
  g_assert_cmpint (editor_playtest_get_viewer (playtest), ==, german);
  editor_playtest_show_screen (playtest);

  /* Taken back: the French set-up again, behind the cover. */
  g_assert_true (editor_playtest_undo (playtest, &error));
  g_assert_no_error (error);
  flush_events ();
  g_assert_cmpint (sand_game_setup_side (game), ==, french);
  g_assert_true (editor_playtest_get_screen_hidden (playtest));
  g_assert_cmpint (editor_playtest_get_viewer (playtest), ==, french);
  editor_playtest_show_screen (playtest);

  /* Both set up: the Germans, who set up last, move first — no cover. */
  g_signal_emit_by_name (done, "clicked");
  flush_events ();
  editor_playtest_show_screen (playtest);
  g_signal_emit_by_name (done, "clicked");
  flush_events ();
  g_assert_cmpint (sand_game_setup_side (game), ==, -1);
  g_assert_cmpint (editor_playtest_get_viewer (playtest), ==, german);
  g_assert_false (editor_playtest_get_screen_hidden (playtest));
  assert_buttons (bar, "_Attack|End _Phase");

  /* A French counter the Germans have not seen (Standard Game): the status
   * says what they see, not the console's name for it ("french-?3"). */
  for (guint u = 0; u < sand_game_n_units (game); u++)
    if (sand_game_get_unit (game, (int) u)->side == french
        && sand_game_get_unit (game, (int) u)->status == SAND_UNIT_ON_MAP
        && !sand_game_unit_visible (game, (int) u, german))
      {
        editor_playtest_select_unit (playtest, (int) u);
        flush_events ();
        g_test_message ("a face-down French unit: %s", editor_playtest_bar_get_status (bar));
        g_assert_true (g_str_has_prefix (editor_playtest_bar_get_status (bar),
                                         "Face-down unit ?"));
        g_assert_null (strstr (editor_playtest_bar_get_status (bar), "french-?"));
        break;
      }

  close_playtest (window);
}

/* The @n-th (from 0) `ready` row of the log, as the game log shows it. */
static const char *
ready_row (EditorGameLog *log,
           SandGame      *game,
           guint          n)
{
  for (guint i = 0; i < editor_game_log_n_rows (log); i++)
    {
      g_autofree char *command = editor_game_log_row_command (log, i);

      if (g_strcmp0 (command, "ready") == 0 && n-- == 0)
        return editor_game_log_row_text (log, i);
    }
  g_assert_not_reached ();
}

/* How to Set Up and Play the Game: the log says whose set-up each `ready`
 * ended — played, replayed after a rewind, and loaded. */
static void
test_setup_done_rows_name_the_side (void)
{
  g_autoptr(GError) error = NULL;
  EditorPlaytest *playtest;
  EditorWindow *window = open_shipped ("demo.xml", 0, 0, &playtest);
  EditorGameLog *log;
  g_autofree char *saved = NULL;
  SandGame *game;

  game = start_playtest (playtest, 1);
  log = EDITOR_GAME_LOG (find_widget (GTK_WIDGET (window), EDITOR_TYPE_GAME_LOG));
  g_assert_nonnull (log);
  finish_setup (playtest);
  flush_events ();
  g_assert_cmpint (sand_game_setup_side (game), ==, -1);
  g_assert_cmpstr (ready_row (log, game, 0), ==, "French: set-up done");
  g_assert_cmpstr (ready_row (log, game, 1), ==, "German: set-up done");

  /* Rewound to the start and replayed a step at a time. */
  saved = editor_playtest_save_game_data (playtest);
  g_assert_true (editor_playtest_rewind (playtest, 0, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (editor_playtest_n_future (playtest), >=, 2);
  while (editor_playtest_n_future (playtest) > 0)
    {
      g_assert_true (editor_playtest_step (playtest, &error));
      g_assert_no_error (error);
    }
  flush_events ();
  g_assert_cmpstr (ready_row (log, game, 0), ==, "French: set-up done");
  g_assert_cmpstr (ready_row (log, game, 1), ==, "German: set-up done");

  /* A game loaded reads the same. */
  g_assert_true (editor_playtest_load_game_data (playtest, saved, &error));
  g_assert_no_error (error);
  flush_events ();
  game = editor_playtest_get_game (playtest);
  g_assert_cmpstr (ready_row (log, game, 0), ==, "French: set-up done");
  g_assert_cmpstr (ready_row (log, game, 1), ==, "German: set-up done");

  close_playtest (window);
}

/* What the unit card shows now: its visible labels' text, buttons' too. */
static char *
card_text (EditorWindow *window)
{
  GtkWidget *card = find_widget (GTK_WIDGET (window), EDITOR_TYPE_UNIT_CARD);
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  GString *text = g_string_new (NULL);

  g_assert_nonnull (card);
  if (!gtk_widget_is_visible (card))
    return g_string_free (text, FALSE);
  find_all (card, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_is_visible (g_ptr_array_index (labels, i)))
      g_string_append_printf (text, "%s\n",
                              gtk_label_get_label (GTK_LABEL (g_ptr_array_index (labels, i))));
  return g_string_free (text, FALSE);
}

/* Before play the clock stands at the first phase (the German Movement
 * Phase in FPW), but the French set up first: the unit card says how to
 * set up, not what the German phase offers — not even for a German unit
 * selected — and shows the phase once play begins. */
static void
test_setup_card_shows_the_setup_not_the_first_phase (void)
{
  EditorPlaytest *playtest;
  EditorWindow *window = open_shipped ("demo.xml", 0, 0, &playtest);
  SandRuleset *ruleset;
  SandGame *game;
  int german_unit = -1;

  game = start_playtest (playtest, 1);
  ruleset = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  g_assert_cmpint (sand_game_setup_side (game), ==, sand_ruleset_find_side (ruleset, "french"));
  flush_events ();
  {
    g_autofree char *text = card_text (window);

    g_test_message ("French set-up, nothing selected:\n%s", text);
    g_assert_nonnull (strstr (text, "Set-up: French\n"));
    g_assert_nonnull (strstr (text, "Move units within their set-up zones"));
    g_assert_null (strstr (text, "Phase: "));
    g_assert_null (strstr (text, "E_B Unit"));
  }
  for (guint u = 0; u < sand_game_n_units (game) && german_unit < 0; u++)
    if (sand_game_get_unit (game, u)->side == sand_ruleset_find_side (ruleset, "german")
        && sand_game_get_unit (game, u)->status == SAND_UNIT_ON_MAP)
      german_unit = (int) u;
  g_assert_cmpint (german_unit, >=, 0);
  editor_playtest_select_unit (playtest, german_unit);
  flush_events ();
  {
    g_autofree char *text = card_text (window);

    g_test_message ("French set-up, a German unit selected:\n%s", text);
    g_assert_nonnull (strstr (text, "Set-up: French\n"));
    g_assert_null (strstr (text, "Phase: "));
    g_assert_null (strstr (text, "MP left"));
    g_assert_null (strstr (text, "_Entrain"));
  }
  dump (window, "playtest-setup-card");

  finish_setup (playtest);
  editor_playtest_select_unit (playtest, -1);
  flush_events ();
  {
    g_autofree char *text = card_text (window);

    g_test_message ("German Movement Phase:\n%s", text);
    g_assert_null (strstr (text, "Set-up: "));
    g_assert_nonnull (strstr (text, "Phase: Movement\n"));
  }
  close_playtest (window);
}

int
main (int    argc,
      char **argv)
{
  if (!ui_test_init (&argc, &argv, "sandtable-playtest-setup-XXXXXX"))
    return 0;
  g_test_add_func ("/playtest-setup/french-first-then-german",
                   test_setup_french_first_then_german_in_the_playtest);
  g_test_add_func ("/playtest-setup/computer-side-offers-no-button",
                   test_setup_computer_side_offers_no_button);
  g_test_add_func ("/playtest-setup/hot-seat-passes-the-screen",
                   test_setup_hot_seat_passes_the_screen);
  g_test_add_func ("/playtest-setup/done-rows-name-the-side",
                   test_setup_done_rows_name_the_side);
  g_test_add_func ("/playtest-setup/card-shows-the-setup-not-the-first-phase",
                   test_setup_card_shows_the_setup_not_the_first_phase);
  return g_test_run ();
}
