/* SPDX-License-Identifier: GPL-3.0-or-later */
/* EditorGameLog (issue 17 item 5): a move, an attack and an end-phase read
 * as sentences built from the typed actions, each row's console command a
 * copy away (the clipboard gets the command, not the sentence); a question
 * typed on its command line answers readably under it; a refused command
 * says why and is selected, so the next one typed replaces it; a rules
 * module's actions read as sentences, its secrets left out. */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "editor-game-log.h"
#include "editor-game-sentence.h"
#include "editor-playtest.h"
#include "sand-console.h"
#include "ui-test-lib.h"

static EditorDocument *
battle_document (void)
{
  static const char * const lines[] = {
    "new fpw1870 10x10",
    "marker supply 0101 german name=S",
    "marker supply 0110 french name=F",
    "unit fr1 french combat 0505 strength=2 ma=6",
    "unit de1 german combat 0605 strength=6 ma=6",
    "unit de2 german combat 0909 strength=3 ma=6 name=\"III Korps\"",
  };

  return document_from_console (lines, G_N_ELEMENTS (lines));
}

static void
perform (EditorPlaytest *playtest,
         const char     *line)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (editor_playtest_perform (playtest, line, &error));
  g_assert_no_error (error);
  flush_events ();
}

/* Types @line on the log's command line and presses Enter. */
static GtkEditable *
type_command (EditorGameLog *log,
              const char    *line)
{
  GtkWidget *entry = find_widget (GTK_WIDGET (log), GTK_TYPE_ENTRY);

  g_assert_nonnull (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), line);
  g_signal_emit_by_name (entry, "activate");
  flush_events ();
  return GTK_EDITABLE (entry);
}

static char *
clipboard_text (GtkWidget *widget)
{
  GdkContentProvider *content = gdk_clipboard_get_content (gtk_widget_get_clipboard (widget));
  g_auto(GValue) value = G_VALUE_INIT;

  g_assert_nonnull (content);
  g_value_init (&value, G_TYPE_STRING);
  g_assert_true (gdk_content_provider_get_value (content, &value, NULL));
  return g_value_dup_string (&value);
}

/* Screenshots in light and dark style when SAND_FIRST_DESIGNER_DUMP names
 * a folder. */
static void
dump_both (EditorWindow *window,
           const char   *name)
{
  AdwStyleManager *style = adw_style_manager_get_default ();

  if (g_getenv ("SAND_FIRST_DESIGNER_DUMP") == NULL)
    return;
  wait_for_layout (window);
  dump (window, name);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  wait_for_layout (window);
  dump (window, name);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

static guint
row_of (SandGame   *game,
        const char *prefix)
{
  for (guint i = sand_game_log_length (game); i-- > 0;)
    if (g_str_has_prefix (sand_game_log_line (game, i), prefix))
      return i;
  g_assert_not_reached ();
}

static void
test_rows_read_as_sentences_and_copy_as_commands (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(EditorDocument) doc = battle_document ();
  EditorWindow *window = new_window_sized (doc, 1280, 720);
  EditorPlaytest *playtest = editor_playtest_get_for_window (window);
  EditorGameLog *log;
  SandGame *game;
  guint move, end, attack;

  game = start_playtest (playtest, 1);
  log = EDITOR_GAME_LOG (find_widget (GTK_WIDGET (window), EDITOR_TYPE_GAME_LOG));
  g_assert_nonnull (log);

  perform (playtest, "at 1 german movement");
  perform (playtest, "move de2 0908");
  g_assert_true (editor_playtest_end_phase (playtest, &error));
  g_assert_no_error (error);
  flush_events ();
  g_assert_cmpstr (sand_game_get_phase_id (game), ==, "combat");
  perform (playtest, "roll 4");
  perform (playtest, "attack 0505 de1");

  move = row_of (game, "move ");
  end = row_of (game, "end-phase");
  attack = row_of (game, "attack ");
  for (guint i = 0; i < sand_game_log_length (game); i++)
    g_test_message ("row %u: %s", i, editor_game_log_row_text (log, i));
  /* The unit by its name, the hex it left and the hexes it entered. */
  g_assert_cmpstr (editor_game_log_row_text (log, move), ==, "III Korps moves 0909 → 0908");
  /* The phase it opened, not "end-phase". */
  g_assert_true (g_str_has_prefix (editor_game_log_row_text (log, end), "Turn 1 · "));
  /* The attack with what the die did. */
  g_assert_true (g_str_has_prefix (editor_game_log_row_text (log, attack),
                                   "Attack on 0505 by de1 — odds "));
  g_assert_nonnull (strstr (editor_game_log_row_text (log, attack), "die 4"));

  /* A copy gives the command, exactly as the engine logged it. */
  for (guint i = 0; i < sand_game_log_length (game); i++)
    {
      g_autofree char *command = editor_game_log_row_command (log, i);
      g_autofree char *copied = NULL;

      g_assert_cmpstr (command, ==, sand_game_log_line (game, i));
      g_assert_true (editor_game_log_copy_row (log, i));
      copied = clipboard_text (GTK_WIDGET (log));
      g_assert_cmpstr (copied, ==, sand_game_log_line (game, i));
    }
  /* The row's menu item does the same. */
  gtk_widget_activate_action (GTK_WIDGET (log), "log.copy-command", "i", (int) move);
  {
    g_autofree char *copied = clipboard_text (GTK_WIDGET (log));

    g_assert_cmpstr (copied, ==, "move de2 0908");
  }
  g_assert_cmpstr (gtk_widget_get_tooltip_text (
                     GTK_WIDGET (gtk_list_box_get_row_at_index (
                       GTK_LIST_BOX (find_widget (GTK_WIDGET (log), GTK_TYPE_LIST_BOX)), move))),
                   ==, "move de2 0908");
  dump_both (window, "game-log-rows");

  close_playtest (window);
}

/* Counters that share a name (the variable orders of battle's "AK",
 * "Corps") read with their ids, so that two rows of "AK moves" say which;
 * a counter whose name is its own reads by its name alone. */
static void
test_shared_names_read_with_their_ids (void)
{
  static const char * const lines[] = {
    "new fpw1870 10x10",
    "marker supply 0101 german name=S",
    "marker supply 0110 french name=F",
    "unit fr1 french combat 0205 strength=2 ma=6",
    "unit de6-1 german combat 0808 strength=6 ma=6 name=AK",
    "unit de6-2 german combat 0909 strength=6 ma=6 name=AK",
    "unit de2 german combat 0707 strength=3 ma=6 name=\"III Korps\"",
  };
  EditorWindow *window;
  EditorPlaytest *playtest;
  EditorGameLog *log;
  SandGame *game;

  {
    g_autoptr(EditorDocument) doc = document_from_console (lines, G_N_ELEMENTS (lines));

    window = new_window_sized (doc, 1280, 720);
  }
  playtest = editor_playtest_get_for_window (window);
  game = start_playtest (playtest, 1);
  log = EDITOR_GAME_LOG (find_widget (GTK_WIDGET (window), EDITOR_TYPE_GAME_LOG));
  perform (playtest, "at 1 german movement");
  perform (playtest, "move de6-2 0908");
  g_assert_cmpstr (editor_game_log_row_text (log, row_of (game, "move de6-2")), ==,
                   "AK (de6-2) moves 0909 → 0908");
  perform (playtest, "move de2 0706");
  g_assert_cmpstr (editor_game_log_row_text (log, row_of (game, "move de2")), ==,
                   "III Korps moves 0707 → 0706");
  close_playtest (window);
}

static void
test_command_line_answers_and_refuses (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(EditorDocument) doc = battle_document ();
  EditorWindow *window = new_window_sized (doc, 1280, 720);
  EditorPlaytest *playtest = editor_playtest_get_for_window (window);
  EditorGameLog *log;
  SandGame *game;
  GtkEditable *entry;
  guint n;
  int start, end;

  game = start_playtest (playtest, 1);
  log = EDITOR_GAME_LOG (find_widget (GTK_WIDGET (window), EDITOR_TYPE_GAME_LOG));
  perform (playtest, "at 1 german combat");
  n = sand_game_log_length (game);

  /* A question answers in words under the command line, and plays nothing. */
  entry = type_command (log, "vp");
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, "");
  g_assert_nonnull (editor_game_log_get_answer (log));
  g_assert_nonnull (strstr (editor_game_log_get_answer (log), "net"));
  g_assert_null (strchr (editor_game_log_get_answer (log), '{'));
  entry = type_command (log, "odds 0505 de1");
  g_test_message ("odds: %s", editor_game_log_get_answer (log));
  g_assert_true (g_str_has_prefix (editor_game_log_get_answer (log), "Odds 6-1"));
  g_assert_cmpuint (sand_game_log_length (game), ==, n);

  /* A refusal: the reason shown, the command selected to be replaced. */
  entry = type_command (log, "move fr1 0101");
  g_test_message ("refused: %s", editor_game_log_get_answer (log));
  g_assert_nonnull (editor_game_log_get_answer (log));
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, "move fr1 0101");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (entry), "error"));
  g_assert_true (gtk_editable_get_selection_bounds (entry, &start, &end));
  g_assert_cmpint (start, ==, 0);
  g_assert_cmpint (end, ==, strlen ("move fr1 0101"));
  g_assert_cmpuint (sand_game_log_length (game), ==, n);
  dump_both (window, "game-log-refusal");

  /* The next command replaces it and is played. */
  entry = type_command (log, "roll 2");
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, "");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (entry), "error"));
  g_assert_null (editor_game_log_get_answer (log));
  g_assert_cmpuint (sand_game_log_length (game), ==, n + 1);

  close_playtest (window);
}

/* A reinforcement's arrival is told in the phase's heading (the hex and its
 * town), and marked on the map by a badge above its counter, clear of its
 * values (the badge's place is the renderer's; the screenshots show it). */
static void
test_arrival_heading (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SandConsole) con = sand_console_new (NULL, 1);
  static const char * const lines[] = {
    "new fpw1870 10x10",
    "turns 3 first=german",
    "marker supply 0101 german name=S",
    "marker supply 0110 french name=F",
    "marker entry 0303 german",
    "place 0303 Saarbrücken",
    "unit fr1 french combat 0808 strength=2 ma=6",
    "unit de1 german combat 0202 strength=6 ma=6",
    "unit de3 german combat 0303 strength=4 ma=6 arrive=2 name=\"IV Korps\"",
  };
  g_autoptr(EditorDocument) doc = NULL;
  EditorWindow *window;
  EditorPlaytest *playtest;
  EditorGameLog *log;
  SandGame *game;
  gboolean told = FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_autofree char *answer = sand_console_execute (con, lines[i]);
      g_assert_true (g_str_has_prefix (answer, "{\"ok\":true"));
    }
  doc = editor_document_new (sand_console_get_scenario (con));
  window = new_window_sized (doc, 1280, 720);
  playtest = editor_playtest_get_for_window (window);
  game = start_playtest (playtest, 1);
  log = EDITOR_GAME_LOG (find_widget (GTK_WIDGET (window), EDITOR_TYPE_GAME_LOG));
  while (sand_game_get_turn (game) < 2 && !sand_game_is_over (game))
    {
      g_assert_true (editor_playtest_end_phase (playtest, &error));
      g_assert_no_error (error);
      flush_events ();
    }
  for (guint i = 0; i < sand_game_log_length (game); i++)
    {
      g_test_message ("row %u: %s", i, editor_game_log_row_text (log, i));
      told |= strstr (editor_game_log_row_text (log, i), "1 unit arrived at 0303 Saarbrücken") != NULL;
    }
  g_assert_true (told);
  dump_both (window, "game-log-arrival");
  close_playtest (window);
}

static void
console_ok (SandConsole *con,
            const char  *line)
{
  g_autofree char *answer = sand_console_execute (con, line);

  g_assert_true (g_str_has_prefix (answer, "{\"ok\":true"));
}

/* The sentence of the last log line starting with @prefix, as @viewer
 * reads it (-1: whole). */
static char *
sentence_of (SandGame   *game,
             const char *prefix,
             int         viewer)
{
  return editor_game_sentence (game, sand_game_log_line (game, row_of (game, prefix)), viewer,
                               SAND_HEX_NONE);
}

/* A rules module's own actions read as sentences too, without what the
 * module keeps from the enemy: the formation taken, the points of a hasty
 * attack, which counter a returned dummy is. */
static void
test_module_actions_read_as_sentences (void)
{
  g_autoptr(SandConsole) con = sand_console_new (NULL, 42);
  SandGame *game;
  SandRuleset *rs;
  int french;
  g_autofree char *formation = NULL, *formation_seen = NULL, *hasty = NULL, *hasty_seen = NULL;
  g_autofree char *dummy = NULL;

  console_ok (con, "new fpw1870 10x10");
  sand_scenario_set_option (sand_console_get_scenario (con), "standard", TRUE);
  sand_scenario_set_option (sand_console_get_scenario (con), "formation", TRUE);
  console_ok (con, "marker supply 0101 german name=S");
  console_ok (con, "marker supply 0110 french name=F");
  console_ok (con, "unit de1 german combat 0505 strength=8 ma=6 name=\"III Korps\"");
  console_ok (con, "unit fd french dummy 0507");
  console_ok (con, "unit fr1 french combat 0510 strength=2");
  console_ok (con, "at 1 german movement");
  console_ok (con, "formation de1 concentrated");
  console_ok (con, "move de1 0506 probe");
  console_ok (con, "hasty 0507 de1 4");
  game = sand_console_get_game (con);
  rs = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  french = sand_ruleset_find_side (rs, "french");

  formation = sentence_of (game, "formation", -1);
  formation_seen = sentence_of (game, "formation", french);
  hasty = sentence_of (game, "hasty", -1);
  hasty_seen = sentence_of (game, "hasty", french);
  g_test_message ("%s / %s / %s / %s", formation, formation_seen, hasty, hasty_seen);
  g_assert_cmpstr (formation, ==, "III Korps takes up concentrated formation");
  g_assert_nonnull (strstr (formation_seen, " changes formation"));
  g_assert_null (strstr (formation_seen, "concentrated"));
  g_assert_null (strstr (formation_seen, "III Korps"));
  /* what the French see: a face-down counter, told from the others by the
   * number of its console name, not that name ("german-?1") */
  g_assert_true (g_str_has_prefix (formation_seen, "Face-down unit ?"));
  g_assert_null (strstr (formation_seen, "german-?"));
  g_assert_cmpstr (hasty, ==, "Hasty attack on 0507 by III Korps");
  g_assert_true (g_str_has_prefix (hasty_seen, "Hasty attack on 0507 by Face-down unit ?"));
  g_assert_null (strstr (hasty_seen, "4"));

  /* the dummy found goes back at the French Reinforcement Phase */
  console_ok (con, "at 2 french reinforcement");
  console_ok (con, "dummy fd 0510");
  dummy = sentence_of (game, "dummy", sand_ruleset_find_side (rs, "german"));
  g_assert_cmpstr (dummy, ==, "A dummy returns at 0510");
}

int
main (int    argc,
      char **argv)
{
  int ret;

  if (!ui_test_init (&argc, &argv, "sandtable-game-log-XXXXXX"))
    return 0;
  g_test_add_func ("/game-log/rows/sentences-and-commands",
                   test_rows_read_as_sentences_and_copy_as_commands);
  g_test_add_func ("/game-log/command-line/answers-and-refuses",
                   test_command_line_answers_and_refuses);
  g_test_add_func ("/game-log/rows/arrival-heading", test_arrival_heading);
  g_test_add_func ("/game-log/rows/shared-names-with-ids", test_shared_names_read_with_their_ids);
  g_test_add_func ("/game-log/rows/module-actions", test_module_actions_read_as_sentences);
  ret = g_test_run ();
  g_clear_object (&app);
  return ret;
}
