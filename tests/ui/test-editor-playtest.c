/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Playtest in the canvas: a shipped scenario is played by clicking hexes
 * on the canvas, a refused move changes nothing and says why, an attack
 * with forced dice gives the table's result, a saved game loads back to
 * the same state, and leaving playtest leaves the document byte for byte
 * as it was. */
#include "config.h"

#include <glib/gstdio.h>

#include "editor-attack-panel.h"
#include "editor-playtest.h"
#include "editor-victory-dialog.h"
#include "sand-scenario-io.h"
#include "ui-test-lib.h"


/* The window size these tests were written at. */
static EditorWindow *
playtest_window (EditorDocument *doc)
{
  return new_window_sized (doc, 1200, 800);
}

/* The first unit of the side to move that may move, and a hex it reaches
 * at least two hexes away. */
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

      if (st->status != SAND_UNIT_ON_MAP || st->side != sand_game_get_side (game))
        continue;
      reach = sand_game_reach (game, u, NULL);
      if (reach == NULL)
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
              return u;
            }
        }
    }
  return -1;
}

static void
test_click_moves_a_counter (void)
{
  g_autoptr(EditorDocument) doc = load_shipped ("fpw1870.xml");
  EditorWindow *window = playtest_window (doc);
  EditorPlaytest *playtest = editor_playtest_get_for_window (window);
  g_autoptr(GError) error = NULL;
  SandGame *game;
  int unit, target = -1, from;

  g_assert_nonnull (playtest);
  start_playtest (playtest, 7);
  g_assert_true (editor_playtest_get_active (playtest));
  game = editor_playtest_get_game (playtest);
  g_assert_cmpstr (sand_game_get_phase_id (game), ==, "movement");
  /* The map tools rest while playing: the window plays. */
  g_assert_cmpint (editor_window_get_mode (window), ==, EDITOR_WINDOW_MODE_PLAYING);

  unit = find_mover (game, &target);
  g_assert_cmpint (unit, >=, 0);
  from = sand_game_get_unit (game, unit)->hex;

  click_hex (window, from);
  g_assert_cmpint (editor_playtest_get_selected (playtest), ==, unit);
  click_hex (window, target);

  g_assert_cmpint (sand_game_get_unit (game, unit)->hex, ==, target);
  g_assert_cmpint (sand_game_unit_mp_left (game, unit), <,
                   sand_game_unit_allowance (game, unit));
  g_assert_cmpuint (sand_game_log_length (game), ==, 1);
  g_assert_true (g_str_has_prefix (sand_game_log_line (game, 0), "move "));

  /* Undo within the phase puts it back. */
  g_assert_true (editor_playtest_undo (playtest, &error));
  g_assert_no_error (error);
  g_assert_cmpint (sand_game_get_unit (game, unit)->hex, ==, from);
  g_assert_cmpuint (sand_game_log_length (game), ==, 0);

  /* The same move typed in the console's words. */
  {
    g_autofree char *id = sand_grid_dup_id (sand_game_get_grid (game), target);
    g_autofree char *line = g_strdup_printf ("move %s %s", sand_game_get_counter (game, unit)->id,
                                             id);

    g_assert_true (editor_playtest_perform (playtest, line, &error));
    g_assert_no_error (error);
    g_assert_cmpint (sand_game_get_unit (game, unit)->hex, ==, target);
    g_assert_false (editor_playtest_perform (playtest, "no-such-command", &error));
    g_assert_error (error, SAND_GAME_ERROR, SAND_GAME_ERROR_UNKNOWN);
    g_clear_error (&error);
  }

  editor_playtest_stop (playtest);
  g_assert_cmpint (editor_window_get_mode (window), ==, EDITOR_WINDOW_MODE_EDITING);
  destroy_window (window);
}

static void
test_refused_move_explains (void)
{
  g_autoptr(EditorDocument) doc = load_shipped ("fpw1870.xml");
  EditorWindow *window = playtest_window (doc);
  EditorPlaytest *playtest = editor_playtest_get_for_window (window);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  const SandGrid *grid;
  SandGame *game;
  int unit, target = -1, from, far = -1;

  g_assert_true (editor_playtest_start (playtest, NULL, NULL, 7, &error));
  game = editor_playtest_get_game (playtest);
  grid = sand_game_get_grid (game);
  unit = find_mover (game, &target);
  g_assert_cmpint (unit, >=, 0);
  from = sand_game_get_unit (game, unit)->hex;

  /* An empty hex far beyond what its movement points buy. */
  for (int h = 0; h < sand_grid_n_hexes (grid) && far < 0; h++)
    {
      g_autoptr(GArray) here = g_array_new (FALSE, FALSE, sizeof (int));

      sand_game_units_at (game, h, here);
      if (here->len == 0 &&
          sand_grid_distance (grid, from, h) > sand_game_unit_allowance (game, unit) + 4)
        far = h;
    }
  g_assert_cmpint (far, >=, 0);

  before = sand_game_save_log (game);
  click_hex (window, from);
  g_assert_cmpint (editor_playtest_get_selected (playtest), ==, unit);
  click_hex (window, far);
  after = sand_game_save_log (game);

  g_assert_cmpstr (before, ==, after);
  g_assert_cmpint (sand_game_get_unit (game, unit)->hex, ==, from);
  g_assert_cmpint (sand_game_get_unit (game, unit)->mp_spent, ==, 0);
  g_assert_nonnull (editor_playtest_get_message (playtest));
  g_assert_cmpuint (strlen (editor_playtest_get_message (playtest)), >, 10);
  g_test_message ("refusal: %s", editor_playtest_get_message (playtest));

  close_playtest (window);
}

static EditorDocument *
new_battle_document (void)
{
  static const char * const lines[] = {
    "new fpw1870 10x10",
    "marker supply 0101 german name=S",
    "marker supply 0110 french name=F",
    "unit fr1 french combat 0505 strength=2 ma=6",
    "unit de1 german combat 0605 strength=6 ma=6",
  };

  return document_from_console (lines, G_N_ELEMENTS (lines));
}

static void
test_attack_with_forced_dice (void)
{
  g_autoptr(EditorDocument) doc = new_battle_document ();
  EditorWindow *window = playtest_window (doc);
  EditorPlaytest *playtest = editor_playtest_get_for_window (window);
  g_autoptr(GError) error = NULL;
  SandAttackResult result = { 0 };
  SandOdds odds = { 0 };
  g_autofree char *entry = NULL;
  /* Attack mode, in the German Combat Phase */
  SandGame *game = start_combat (playtest, "german");
  int fr = sand_game_find_unit (game, "fr1");
  int de = sand_game_find_unit (game, "de1");
  int rolls[1] = { 1 };
  int defend_hex = game_hex (game, "0505");
  int attack_hex = game_hex (game, "0605");

  g_assert_cmpint (fr, >=, 0);
  g_assert_cmpint (de, >=, 0);
  /* The enemy hex, then the attacker beside it. */
  click_hex (window, defend_hex);
  g_assert_cmpint (editor_playtest_get_defender (playtest), ==, defend_hex);
  click_hex (window, attack_hex);
  g_assert_cmpuint (editor_playtest_get_attackers (playtest)->len, ==, 1);
  g_assert_cmpint (g_array_index (editor_playtest_get_attackers (playtest), int, 0), ==, de);

  g_assert_true (editor_playtest_get_odds (playtest, &odds, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (odds.odds, ==, "6-1");
  g_assert_cmpint (odds.drm, ==, 0);
  g_assert_nonnull (odds.notes);
  g_assert_cmpuint (odds.notes->len, >=, 2);
  sand_odds_clear (&odds);

  /* A 1 at 6-1 is 0/4 on the table: the defender's 2 points go. */
  g_assert_true (sand_game_force_rolls (game, rolls, 1, &error));
  g_assert_no_error (error);
  g_assert_true (editor_playtest_resolve (playtest, NULL, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpint (result.roll, ==, 1);
  g_assert_cmpstr (result.result, ==, "0/4");
  g_assert_cmpint (result.attacker_loss, ==, 0);
  g_assert_cmpint (sand_game_get_unit (game, fr)->status, ==, SAND_UNIT_ELIMINATED);
  g_assert_cmpint (sand_game_get_unit (game, de)->strength, ==, 6);
  sand_attack_result_clear (&result);

  /* The log shows the attack with its die. */
  entry = editor_playtest_log_entry (playtest, editor_playtest_log_length (playtest) - 1);
  g_test_message ("log: %s", entry);
  g_assert_true (g_str_has_prefix (entry, "attack "));
  g_assert_nonnull (strstr (entry, "die 1"));
  g_assert_nonnull (strstr (entry, "0/4"));

  close_playtest (window);
}

/* FPW Standard Game: the attack panel names a face-down defender as the
 * log does ("Face-down unit ?1"), not by the console's name for it
 * ("french-?1"), and its own units by their names. */
static void
test_attack_panel_names_a_face_down_defender_as_the_log_does (void)
{
  g_autoptr(EditorDocument) doc = new_battle_document ();
  EditorWindow *window;
  EditorPlaytest *playtest;
  g_autoptr(GString) shown = g_string_new (NULL);
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  SandGame *game;
  int attack_hex, defend_hex;

  sand_scenario_set_option (editor_document_get_scenario (doc), "standard", TRUE);
  window = playtest_window (doc);
  playtest = editor_playtest_get_for_window (window);
  game = start_combat (playtest, "german");
  defend_hex = game_hex (game, "0505");
  attack_hex = game_hex (game, "0605");
  click_hex (window, defend_hex);
  click_hex (window, attack_hex);
  g_assert_cmpuint (editor_playtest_get_attackers (playtest)->len, ==, 1);
  wait_for_layout (window);
  find_all (find_widget (GTK_WIDGET (window), EDITOR_TYPE_ATTACK_PANEL), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_get_mapped (labels->pdata[i]))
      g_string_append_printf (shown, "%s\n", gtk_label_get_text (labels->pdata[i]));
  g_test_message ("panel:\n%s", shown->str);
  g_assert_nonnull (strstr (shown->str, "Defending 0505: Face-down unit ?"));
  g_assert_null (strstr (shown->str, "french-?"));
  g_assert_null (strstr (shown->str, "fr1"));
  g_assert_nonnull (strstr (shown->str, "Attacking: de1"));
  close_playtest (window);
}

/* Where the rules leave the losses to the player: the stack picked with
 * a secondary click takes the attacker's loss. */
static void
test_attacker_picks_who_takes_losses (void)
{
  static const char * const lines[] = {
    "new fpw1870 10x10",
    "marker supply 0101 german name=S",
    "marker supply 0110 french name=F",
    "unit fr1 french combat 0505 strength=4 ma=6",
    "unit de1 german combat 0604 strength=6 ma=8",
    "unit de2 german combat 0405 strength=5 ma=8",
  };
  g_autoptr(EditorDocument) doc = document_from_console (lines, G_N_ELEMENTS (lines));
  EditorWindow *window = playtest_window (doc);
  EditorPlaytest *playtest = editor_playtest_get_for_window (window);
  g_autoptr(GError) error = NULL;
  SandAttackResult result = { 0 };
  SandGame *game = start_combat (playtest, "german");
  int rolls[1] = { 4 };
  int h0505 = game_hex (game, "0505");
  int h0604 = game_hex (game, "0604");
  int h0405 = game_hex (game, "0405");
  int de1 = sand_game_find_unit (game, "de1");
  int de2 = sand_game_find_unit (game, "de2");

  click_hex (window, h0505);
  click_hex (window, h0604);
  click_hex (window, h0405);
  g_assert_cmpuint (editor_playtest_get_attackers (playtest)->len, ==, 2);
  /* By default the strongest unit (de1) would lose; pick de2. */
  g_signal_emit_by_name (window->canvas, "edit-begin", h0405, 0.0, 0.0, 3u,
                         (GdkModifierType) 0);
  g_assert_cmpuint (editor_playtest_get_loss_first (playtest)->len, ==, 1);
  g_assert_true (sand_game_force_rolls (game, rolls, 1, &error));
  g_assert_true (editor_playtest_resolve (playtest, NULL, &result, &error));
  g_assert_no_error (error);
  g_test_message ("result %s, attacker loses %d", result.result, result.attacker_loss);
  g_assert_cmpint (result.attacker_loss, >, 0);
  g_assert_cmpint (sand_game_get_unit (game, de1)->strength, ==, 6);
  g_assert_cmpint (sand_game_get_unit (game, de2)->strength, ==, 5 - result.attacker_loss);
  sand_attack_result_clear (&result);

  close_playtest (window);
}

static void
test_saved_game_loads_back (void)
{
  g_autoptr(EditorDocument) doc = load_shipped ("fpw1870.xml");
  EditorWindow *window = playtest_window (doc);
  EditorPlaytest *playtest = editor_playtest_get_for_window (window);
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *state = NULL;
  g_autofree char *reloaded = NULL;
  SandGame *game;
  int unit, target = -1;

  g_assert_true (editor_playtest_start (playtest, NULL, NULL, 99, &error));
  game = editor_playtest_get_game (playtest);
  unit = find_mover (game, &target);
  click_hex (window, sand_game_get_unit (game, unit)->hex);
  click_hex (window, target);
  g_assert_true (editor_playtest_end_phase (playtest, &error));
  g_assert_no_error (error);

  saved = editor_playtest_save_game_data (playtest);
  state = sand_game_save_log (game);
  editor_playtest_stop (playtest);
  g_assert_null (editor_playtest_get_game (playtest));

  editor_playtest_load_game_data (playtest, saved, &error);
  g_assert_no_error (error);
  game = editor_playtest_get_game (playtest);
  reloaded = sand_game_save_log (game);
  g_assert_cmpstr (state, ==, reloaded);
  g_assert_cmpint (sand_game_get_unit (game, unit)->hex, ==, target);

  /* Replay: back to the start, then action by action. */
  {
    int start_hex;
    guint n = sand_game_log_length (game);

    g_assert_true (editor_playtest_rewind (playtest, 0, &error));
    g_assert_no_error (error);
    game = editor_playtest_get_game (playtest);
    g_assert_cmpuint (sand_game_log_length (game), ==, 0);
    g_assert_cmpuint (editor_playtest_n_future (playtest), ==, n);
    start_hex = sand_game_get_unit (game, unit)->hex;
    g_assert_cmpint (start_hex, !=, target);
    g_assert_true (editor_playtest_step (playtest, &error));
    g_assert_no_error (error);
    g_assert_cmpint (sand_game_get_unit (game, unit)->hex, ==, target);
    while (editor_playtest_n_future (playtest) > 0)
      g_assert_true (editor_playtest_step (playtest, &error));
    g_assert_cmpstr (sand_game_save_log (game), ==, reloaded);
  }

  /* Garbage is refused and play goes on. */
  g_assert_false (editor_playtest_load_game_data (playtest, "not a game", &error));
  g_assert_nonnull (error);
  g_assert_true (editor_playtest_get_game (playtest) == game);

  close_playtest (window);
}

static void
test_leaving_keeps_document (void)
{
  g_autoptr(EditorDocument) doc = load_shipped ("fpw1870.xml");
  EditorWindow *window = playtest_window (doc);
  EditorPlaytest *playtest = editor_playtest_get_for_window (window);
  SandScenario *scenario = editor_document_get_scenario (doc);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = sand_scenario_to_data (scenario, NULL);
  g_autofree char *after = NULL;
  const char *options[] = { "standard", NULL };
  SandGame *game;
  int unit, target = -1;
  guint first;

  g_assert_true (editor_playtest_start (playtest, NULL, options, 3, &error));
  g_assert_no_error (error);
  game = editor_playtest_get_game (playtest);
  /* Standard Game hot-seat: the screen belongs to the side to move (once
   * both have set up; the side setting up's before). */
  finish_setup (playtest);
  first = sand_game_log_length (game);
  g_assert_cmpint (editor_playtest_get_viewer (playtest), ==, sand_game_get_side (game));
  unit = find_mover (game, &target);
  /* Probing is a movement mode of its own in the Standard Game. */
  editor_playtest_set_probe (playtest, TRUE);
  g_assert_nonnull (sand_game_probe_reach (game, unit, NULL));
  editor_playtest_set_probe (playtest, FALSE);
  click_hex (window, sand_game_get_unit (game, unit)->hex);
  click_hex (window, target);
  editor_playtest_set_overlays (playtest, EDITOR_PLAYTEST_OVERLAY_SUPPLY |
                                         EDITOR_PLAYTEST_OVERLAY_ZOC |
                                         EDITOR_PLAYTEST_OVERLAY_INTERDICTION |
                                         EDITOR_PLAYTEST_OVERLAY_VICTORY);
  {
    int side = sand_game_get_side (game);

    /* Hot-seat: when the other side takes over, nothing shows until its
     * player is ready. */
    while (sand_game_get_side (game) == side)
      {
        g_assert_false (editor_playtest_get_screen_hidden (playtest));
        g_assert_true (editor_playtest_end_phase (playtest, &error));
        g_assert_no_error (error);
      }
    g_assert_true (editor_playtest_get_screen_hidden (playtest));
    editor_playtest_show_screen (playtest);
    g_assert_false (editor_playtest_get_screen_hidden (playtest));
    g_assert_cmpint (editor_playtest_get_viewer (playtest), ==, sand_game_get_side (game));
    /* The log does not tell the new player what the other side moved. */
    if (!sand_game_unit_visible (game, unit, sand_game_get_side (game)))
      {
        g_autofree char *entry = editor_playtest_log_entry (playtest, first);

        g_test_message ("hidden: %s", entry);
        g_assert_true (g_str_has_prefix (entry, "move "));
        g_assert_null (strstr (entry, sand_game_get_counter (game, unit)->id));
      }
  }
  {
    g_autofree char *vp = editor_victory_dialog_describe (game);
    g_assert_nonnull (strstr (vp, "Net"));
  }
  editor_playtest_stop (playtest);
  flush_events ();

  after = sand_scenario_to_data (scenario, NULL);
  g_assert_cmpstr (before, ==, after);
  g_assert_false (editor_document_get_dirty (doc));
  g_assert_false (editor_document_can_undo (doc));
  g_assert_false (editor_playtest_get_active (playtest));
  destroy_window (window);
}

/* Both games play from set-up to the victory screen: every phase ended in
 * turn, the last one shows the points and the level. */
static void
test_games_reach_victory_screen (gconstpointer data)
{
  g_autoptr(EditorDocument) doc = load_shipped (data);
  EditorWindow *window = playtest_window (doc);
  EditorPlaytest *playtest = editor_playtest_get_for_window (window);
  g_autoptr(GError) error = NULL;
  AdwMessageDialog *dialog;
  SandGame *game;
  guint phases = 0;

  game = start_playtest (playtest, 5);
  while (!sand_game_is_over (game) && phases++ < 1000)
    {
      g_assert_true (editor_playtest_end_phase (playtest, &error));
      g_assert_no_error (error);
    }
  flush_events ();
  g_assert_true (sand_game_is_over (game));
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "Net"));
  g_test_message ("%s: %s / %s", (const char *) data, adw_message_dialog_get_heading (dialog),
                  adw_message_dialog_get_body (dialog));
  gtk_window_destroy (GTK_WINDOW (dialog));

  close_playtest (window);
}

int
main (int    argc,
      char **argv)
{
  int ret;

  if (!ui_test_init (&argc, &argv, "sandtable-test-playtest-XXXXXX"))
    return 0;
  /* Warnings are fatal: GTK's "Trying to snapshot ... without a current
   * allocation" under parallel runs came from hover signals sent while a
   * paned mapped or unmapped the canvas during layout, which the canvas
   * now holds until the frame is over (editor-map-canvas.c). */
  g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);

  g_test_add_func ("/playtest/move/click-moves-a-counter", test_click_moves_a_counter);
  g_test_add_func ("/playtest/move/refused-move-explains", test_refused_move_explains);
  g_test_add_func ("/playtest/attack/forced-dice-give-the-result", test_attack_with_forced_dice);
  g_test_add_func ("/playtest/attack/panel-names-a-face-down-defender-as-the-log-does",
                   test_attack_panel_names_a_face_down_defender_as_the_log_does);
  g_test_add_func ("/playtest/attack/attacker-picks-who-takes-losses",
                   test_attacker_picks_who_takes_losses);
  g_test_add_func ("/playtest/save/saved-game-loads-back", test_saved_game_loads_back);
  g_test_add_func ("/playtest/leave/document-byte-identical", test_leaving_keeps_document);
  g_test_add_data_func ("/playtest/victory/fpw1870", "fpw1870.xml",
                        test_games_reach_victory_screen);
  g_test_add_data_func ("/playtest/victory/lfaf1914", "lfaf1914-1-rossignol.xml",
                        test_games_reach_victory_screen);

  ret = g_test_run ();
  g_clear_object (&app);
  return ret;
}
