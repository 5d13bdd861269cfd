/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Set-up as a stage of the game in the playtest (FPW, How to Set Up and
 * Play the Game: "The French set up their forces first"): the turn bar
 * offers Set-Up Done, whose tooltip says whose set-up it is; the French say it, then
 * the Germans; after both, or once play begins, the button is gone. */
#include "config.h"

#include <string.h>

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

int
main (int    argc,
      char **argv)
{
  if (!ui_test_init (&argc, &argv, "sandtable-playtest-setup-XXXXXX"))
    return 0;
  g_test_add_func ("/playtest-setup/french-first-then-german",
                   test_setup_french_first_then_german_in_the_playtest);
  return g_test_run ();
}
