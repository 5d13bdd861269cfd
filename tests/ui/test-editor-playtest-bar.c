/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Set-up as a stage of the game in the playtest (FPW, How to Set Up and
 * Play the Game: "The French set up their forces first"): the turn bar
 * offers Set-Up Done, whose tooltip says whose set-up it is; the French say it, then
 * the Germans; after both, or once play begins, the button is gone. */
#include "config.h"

#include <string.h>

#include "editor-game-log.h"
#include "editor-unit-card.h"
#include "editor-playtest.h"
#include "editor-playtest-bar.h"
#include "ui-test-lib.h"

/* The bar's Set-Up Done button, found by its label as a player finds it. */
static GtkWidget *
find_button (GtkWidget  *widget,
             const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
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

  game = start_playtest (playtest, 1);
  ruleset = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  bar = turn_bar (window);
  done = find_button (GTK_WIDGET (bar), "Set-Up _Done");
  g_assert_nonnull (done);

  /* The French set up first. */
  g_assert_cmpint (sand_game_setup_side (game), ==, sand_ruleset_find_side (ruleset, "french"));
  g_assert_true (gtk_widget_get_visible (done));
  g_test_message ("Set-Up Done: %s", gtk_widget_get_tooltip_text (done));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (done), "Set-up"));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (done), "French"));

  /* Then the Germans. */
  g_signal_emit_by_name (done, "clicked");
  flush_events ();
  g_assert_cmpint (sand_game_setup_side (game), ==, sand_ruleset_find_side (ruleset, "german"));
  g_assert_true (gtk_widget_get_visible (done));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (done), "German"));

  /* Then play. */
  g_signal_emit_by_name (done, "clicked");
  flush_events ();
  g_assert_cmpint (sand_game_setup_side (game), ==, -1);
  g_assert_false (gtk_widget_get_visible (done));

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
  g_test_add_func ("/playtest-setup/done-rows-name-the-side",
                   test_setup_done_rows_name_the_side);
  g_test_add_func ("/playtest-setup/card-shows-the-setup-not-the-first-phase",
                   test_setup_card_shows_the_setup_not_the_first_phase);
  return g_test_run ();
}
