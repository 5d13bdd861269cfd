/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-game-copy.c: a game copied from its state (sand_game_clone) is the
 * game its replay is (sand_game_copy_replay), for each shipped ruleset, at
 * every phase of seeded games (copy-check.c says what is compared), and
 * sand_game_copy hands out the clone. */
#include "config.h"

#include <glib.h>

#include "copy-check.h"
#include "sand-game-copy.h"
#include "sand-scenario-io.h"
#include "shipped-scenario.h"

static void
report (const char           *what,
        const CopyCheckStats *s)
{
  g_test_message ("%s: %u points, %u undo steps, %u set-up, %u waiting attacks, %u hidden, "
                  "%u with markers, %u played on, %u to the end; met:%s", what, s->points,
                  s->undo_steps, s->set_up, s->pending, s->hidden, s->markers, s->played_on,
                  s->to_the_end, s->words);
}

/* The campaign, fast against fast and random against random: rail, EB
 * units, supply, forts, attacks waiting; one game played to its end from
 * a point on both copies. */
static void
test_fpw_campaign (void)
{
  g_autoptr(SandScenario) sc = shipped_scenario_load ("fpw1870.xml");
  CopyCheckStats s = { 0 };
  copy_check_game (sc, 1, SAND_AI_FAST, 24, 40, &s);
  copy_check_game (sc, 2, SAND_AI_RANDOM, 16, 0, &s);
  copy_check_game (sc, 3, SAND_AI_FAST, 10, 0, &s);
  report ("fpw1870", &s);
  g_assert_cmpuint (s.points, >=, 60);
  g_assert_cmpuint (s.undo_steps, >, 100);
  g_assert_cmpuint (s.pending, >, 0);
  g_assert_cmpuint (s.to_the_end, >, 0);
  g_assert_true (copy_check_met (&s, "entrain"));
  g_assert_true (copy_check_met (&s, "reserve"));
}

/* The Standard Game (dummies, face-down counters, hasty attacks, units in
 * motion one at a time) of the variable orders of battle, with the
 * optional Formation Status rule. */
static void
test_fpw_standard_formation (void)
{
  g_autoptr(SandScenario) sc = shipped_scenario_load ("fpw1870-variable-oob.xml");
  sand_scenario_set_option (sc, "formation", TRUE);
  CopyCheckStats s = { 0 };
  copy_check_game (sc, 5, SAND_AI_FAST, 16, 0, &s);
  copy_check_game (sc, 6, SAND_AI_RANDOM, 12, 0, &s);
  report ("fpw1870 standard + formation", &s);
  g_assert_cmpuint (s.hidden, >, 0);
  g_assert_cmpuint (s.undo_steps, >, 50);
  g_assert_true (copy_check_met (&s, "formation"));
  g_assert_true (copy_check_met (&s, "hasty"));
  g_assert_true (copy_check_met (&s, "challenge"));
}

/* LFAF: set-up by zone, barrage, recon and control markers, command,
 * assaults waiting for their retreats. */
static void
test_lfaf (void)
{
  g_autoptr(SandScenario) full = shipped_scenario_load ("lfaf1914-4-bataille-complete.xml");
  g_autoptr(SandScenario) rossignol = shipped_scenario_load ("lfaf1914-1-rossignol.xml");
  CopyCheckStats s = { 0 };
  copy_check_game (full, 1, SAND_AI_FAST, 20, 25, &s);
  copy_check_game (full, 2, SAND_AI_RANDOM, 14, 0, &s);
  copy_check_game (rossignol, 3, SAND_AI_FAST, 40, 0, &s);
  copy_check_game (rossignol, 4, SAND_AI_RANDOM, 40, 0, &s);
  report ("lfaf1914", &s);
  g_assert_cmpuint (s.points, >=, 60);
  g_assert_cmpuint (s.markers, >, 0);
  g_assert_cmpuint (s.pending, >, 0);
  g_assert_cmpuint (s.to_the_end, >, 0);
  g_assert_true (copy_check_met (&s, "recon"));
  g_assert_true (copy_check_met (&s, "barrage"));
  g_assert_true (copy_check_met (&s, "bombard"));
  g_assert_true (copy_check_met (&s, "rally"));
}

/* sand_game_copy is the clone for the shipped games: the copy's log lines
 * are the game's own (shared), not a replay's new ones. */
static void
test_copy_is_the_clone (void)
{
  g_autoptr(SandScenario) sc = shipped_scenario_load ("lfaf1914-1-rossignol.xml");
  g_autoptr(SandGame) game = sand_game_new (sc, NULL, 7, NULL);
  SandAiOptions o;
  sand_ai_options_init (&o);
  g_assert_true (sand_ai_play_phase (game, &o, NULL, NULL));
  g_assert_cmpuint (sand_game_log_length (game), >, 0);
  g_autoptr(SandGame) copy = sand_game_copy (game, NULL);
  g_autoptr(SandGame) replayed = sand_game_copy_replay (game, NULL);
  g_assert_true (sand_game_log_line (copy, 0) == sand_game_log_line (game, 0));
  g_assert_true (sand_game_log_line (replayed, 0) != sand_game_log_line (game, 0));
  g_assert_cmpstr (sand_game_log_line (replayed, 0), ==, sand_game_log_line (game, 0));
}

/* A clone and its game played at once on two threads (the editor's
 * worker, the balance runner's): each ends as it would alone. */
static gpointer
play_out (gpointer data)
{
  SandGame *game = data;
  SandAiOptions o;
  sand_ai_options_init (&o);
  const SandAiOptions *players[SAND_MAX_SIDES] = { &o, &o };
  SandAiOutcome out;
  g_assert_true (sand_ai_play_game (game, players, &out, NULL));
  return NULL;
}

static void
test_clone_on_another_thread (void)
{
  g_autoptr(SandScenario) sc = shipped_scenario_load ("lfaf1914-1-rossignol.xml");
  g_autoptr(SandGame) game = sand_game_new (sc, NULL, 11, NULL);
  SandAiOptions o;
  sand_ai_options_init (&o);
  g_assert_true (sand_ai_play_phase (game, &o, NULL, NULL));
  g_autoptr(SandGame) clone = sand_game_clone (game);
  g_autoptr(SandGame) alone = sand_game_copy_replay (game, NULL);
  GThread *t = g_thread_new ("clone", play_out, clone);
  play_out (game);
  g_thread_join (t);
  play_out (alone);
  g_autofree char *a = copy_check_digest (game, TRUE);
  g_autofree char *b = copy_check_digest (clone, TRUE);
  g_autofree char *c = copy_check_digest (alone, TRUE);
  g_assert_cmpstr (a, ==, c);
  g_assert_cmpstr (b, ==, c);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game/copy/fpw-campaign", test_fpw_campaign);
  g_test_add_func ("/game/copy/fpw-standard-formation", test_fpw_standard_formation);
  g_test_add_func ("/game/copy/lfaf", test_lfaf);
  g_test_add_func ("/game/copy/copy-is-the-clone", test_copy_is_the_clone);
  g_test_add_func ("/game/copy/clone-on-another-thread", test_clone_on_another_thread);
  return g_test_run ();
}
