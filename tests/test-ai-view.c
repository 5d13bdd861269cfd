/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ai-view.c: the computer player's view of the enemy
 * (sand_ai_view_enemies) is made again only when what it is made of
 * changed (each enemy unit's hex and strength as the side knows or
 * believes it): after every action of whole games, the view a player
 * kept through its phase is the one a player made afresh then would make
 * with the same beliefs. */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "sand-ai-private.h"
#include "sand-ai.h"
#include "sand-game.h"
#include "shipped-scenario.h"

/* @kept's view of the game, asked now, is what a fresh player with its
 * side and beliefs makes of it. */
static void
assert_view_fresh (SandAi *kept)
{
  SandAi fresh;
  sand_ai_init (&fresh, kept->game, &kept->opts);
  fresh.side = kept->side;
  sand_ai_view_build (&fresh);
  memcpy (fresh.est, kept->est, sizeof (int) * (kept->n_units + 1));
  fresh.view_valid = FALSE;
  fresh.view_sig_valid = FALSE;
  sand_ai_view_enemies (&fresh);

  sand_ai_view_enemies (kept);
  gsize n = sizeof (int) * (gsize) kept->n_hexes;
  g_assert_cmpmem (kept->enemy_str, n, fresh.enemy_str, n);
  g_assert_cmpmem (kept->enemy_unseen, n, fresh.enemy_unseen, n);
  g_assert_cmpmem (kept->enemy_seen_str, n, fresh.enemy_seen_str, n);
  g_assert_cmpmem (kept->enemy_dist, n, fresh.enemy_dist, n);
  g_assert_cmpmem (kept->enemy_hexes, sizeof (int) * kept->n_enemy_hexes, fresh.enemy_hexes,
                   sizeof (int) * fresh.n_enemy_hexes);
  sand_ai_clear (&fresh);
}

/* A whole game replayed line by line; a player is made at the start of
 * each phase (as the game's players are) and kept through it. */
static void
replay_viewed (const char *name, guint64 seed)
{
  g_autoptr(SandScenario) sc = shipped_scenario_load (name);
  g_autoptr(GError) error = NULL;
  g_autoptr(SandGame) played = sand_game_new (sc, NULL, seed, &error);
  g_assert_no_error (error);
  SandAiOptions o;
  sand_ai_options_init (&o);
  o.seed = seed;
  const SandAiOptions *players[SAND_MAX_SIDES] = { &o, &o };
  SandAiOutcome out;
  g_assert_true (sand_ai_play_game (played, players, &out, &error));
  g_assert_no_error (error);

  g_autoptr(SandGame) game = sand_game_new (sc, NULL, seed, &error);
  g_assert_no_error (error);
  SandAi kept;
  gboolean have = FALSE;
  int turn = -1, phase = -1, side = -1;
  guint remade = 0, lines = 0;
  for (guint i = 0; i < sand_game_log_length (played); i++)
    {
      g_assert_true (sand_game_perform (game, sand_game_log_line (played, i), &error));
      g_assert_no_error (error);
      if (sand_game_setup_side (game) >= 0 || sand_game_is_over (game))
        continue;
      if (!have || sand_game_get_turn (game) != turn || sand_game_get_phase (game) != phase
          || sand_game_get_side (game) != side)
        {
          if (have)
            sand_ai_clear (&kept);
          sand_ai_init (&kept, game, &o);
          have = TRUE;
          turn = sand_game_get_turn (game);
          phase = sand_game_get_phase (game);
          side = sand_game_get_side (game);
        }
      guint before = kept.view_sig_n;
      const int *sig = kept.view_sig;
      assert_view_fresh (&kept);
      remade += kept.view_sig != sig || kept.view_sig_n != before;
      lines++;
    }
  if (have)
    sand_ai_clear (&kept);
  /* most lines change nothing of the view; some do */
  g_assert_cmpuint (remade, >, 0);
  g_assert_cmpuint (remade, <, lines);
}

static void
test_view_kept_through_the_campaign (void)
{
  replay_viewed ("fpw1870.xml", 12);
}

static void
test_view_kept_through_face_down_counters (void)
{
  replay_viewed ("fpw1870-variable-oob.xml", 11);
}

static void
test_view_kept_through_lfaf (void)
{
  replay_viewed ("lfaf1914-1-rossignol.xml", 3);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ai/view/enemies-kept-until-an-enemy-changes-campaign",
                   test_view_kept_through_the_campaign);
  g_test_add_func ("/ai/view/enemies-kept-until-an-enemy-changes-face-down",
                   test_view_kept_through_face_down_counters);
  g_test_add_func ("/ai/view/enemies-kept-until-an-enemy-changes-lfaf",
                   test_view_kept_through_lfaf);
  return g_test_run ();
}
