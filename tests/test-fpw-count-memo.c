/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-fpw-count-memo.c: FPW remembers the supply it traced by position
 * (sand-rules-fpw-memo.c); a count, and each unit's supply, is what a game
 * without the memo makes (a copy starts without one), for the umpire and
 * for each side, after a move and its undo, a set-up change, a sighting,
 * and every action (combats among them) of whole games. */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "sand-ai.h"
#include "sand-game-copy.h"
#include "sand-game-module.h"
#include "sand-game.h"
#include "sand-scenario-io.h"
#include "shipped-scenario.h"

#include "console-test-helpers.h"
#include "fpw-test-map.h"

static int
n_sides (SandGame *game)
{
  return (int) sand_ruleset_n_sides (sand_scenario_get_ruleset (sand_game_get_scenario (game)));
}

static int
side_of (SandGame *game, const char *id)
{
  return sand_ruleset_find_side (sand_scenario_get_ruleset (sand_game_get_scenario (game)), id);
}

/* The count as @viewer may make it (-1: the umpire). */
static void
count (SandGame *game, int viewer, SandVictory *out)
{
  if (viewer < 0)
    sand_game_victory (game, out);
  else
    sand_game_victory_for (game, viewer, out);
}

static void
assert_same_count (const SandVictory *a, const SandVictory *b, int sides)
{
  for (int s = 0; s < sides; s++)
    g_assert_cmpint (a->points[s], ==, b->points[s]);
  g_assert_cmpint (a->net, ==, b->net);
  g_assert_cmpstr (a->level, ==, b->level);
}

/* Every viewer's count on @game (from the memo when the position was
 * counted before) is the count of a copy, which starts without a memo;
 * every unit's supply too. */
static void
assert_count_fresh (SandGame *game)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SandGame) fresh = sand_game_copy (game, &error);
  g_assert_no_error (error);
  for (int viewer = -1; viewer < n_sides (game); viewer++)
    {
      SandVictory mine, theirs;
      count (game, viewer, &mine);
      count (fresh, viewer, &theirs);
      assert_same_count (&mine, &theirs, n_sides (game));
    }
  /* and the rules' supply (with forts), remembered by position too */
  for (guint u = 0; u < sand_game_n_units (game); u++)
    g_assert_cmpint (sand_game_unit_supply (game, (int) u), ==,
                     sand_game_unit_supply (fresh, (int) u));
}

/* A move tried and undone: the count after the move, and after the undo
 * (the position the memo holds from before), are a fresh game's. */
static void
test_move_and_undo (void)
{
  g_autoptr(SandScenario) sc = shipped_scenario_load ("fpw1870.xml");
  g_autoptr(SandGame) game = sand_game_new (sc, NULL, 3, NULL);
  guint tried = 0;
  for (guint u = 0; u < sand_game_n_units (game) && tried < 6; u++)
    {
      const SandUnitState *s = sand_game_get_unit (game, (int) u);
      if (s->status != SAND_UNIT_ON_MAP || (int) s->side != sand_game_get_side (game))
        continue;
      const SandReach *reach = sand_game_reach (game, (int) u, NULL);
      if (reach == NULL)
        continue;
      g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
      sand_reach_hexes (reach, hexes);
      if (hexes->len == 0)
        continue;
      SandVictory before;
      count (game, -1, &before);
      assert_count_fresh (game);
      char hid[SAND_HEX_ID_MAX];
      sand_grid_format_id (sand_game_get_grid (game), g_array_index (hexes, int, hexes->len - 1),
                           hid);
      g_autofree char *line = g_strdup_printf ("move %s %s",
                                               sand_game_get_counter (game, (int) u)->id, hid);
      if (!sand_game_perform (game, line, NULL))
        continue;
      assert_count_fresh (game);
      g_assert_true (sand_game_undo (game, NULL));
      SandVictory after;
      count (game, -1, &after);
      assert_same_count (&before, &after, n_sides (game));
      assert_count_fresh (game);
      tried++;
    }
  g_assert_cmpuint (tried, >, 0);
}

/* Set-up changes (the fast level's `setup` lines on the Variable OOB's
 * zones), each counted against a fresh game. */
static void
test_setup_change (void)
{
  g_autoptr(SandScenario) sc = shipped_scenario_load ("fpw1870-variable-oob.xml");
  g_autoptr(SandGame) game = sand_game_new (sc, NULL, 5, NULL);
  g_assert_cmpint (sand_game_setup_side (game), >=, 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(SandGame) planner = sand_game_copy (game, &error);
  g_assert_no_error (error);
  SandAiOptions o;
  sand_ai_options_init (&o);
  g_autoptr(GPtrArray) taken = g_ptr_array_new_with_free_func (g_free);
  while (sand_game_setup_side (planner) >= 0)
    g_assert_true (sand_ai_set_up (planner, &o, taken, NULL, &error));
  g_assert_no_error (error);
  guint moved = 0;
  for (guint i = 0; i < taken->len; i++)
    {
      const char *line = g_ptr_array_index (taken, i);
      assert_count_fresh (game);
      g_assert_true (sand_game_perform (game, line, &error));
      g_assert_no_error (error);
      assert_count_fresh (game);
      moved += g_str_has_prefix (line, "setup ");
    }
  g_assert_cmpuint (moved, >, 0);
}

/* A side's sighting changes what it counts and not the position: the
 * memo answers the supply, the count applies what the side now knows. A
 * face-down German unit the French have not seen, supplied, deep in
 * France's edge values: the French count gains its depth once they see
 * it, as a fresh game's does (18 unseen units on seed 5, two of which
 * count). */
static void
test_sighting (void)
{
  g_autoptr(SandScenario) sc = shipped_scenario_load ("fpw1870-variable-oob.xml");
  g_autoptr(SandGame) game = sand_game_new (sc, NULL, 5, NULL);
  SandAiOptions o;
  sand_ai_options_init (&o);
  g_autoptr(GError) error = NULL;
  while (sand_game_setup_side (game) >= 0)
    g_assert_true (sand_ai_set_up (game, &o, NULL, NULL, &error));
  g_assert_no_error (error);
  int fr = side_of (game, "french"), de = side_of (game, "german");
  guint seen = 0, changed = 0;
  for (guint u = 0; u < sand_game_n_units (game); u++)
    {
      const SandUnitState *s = sand_game_get_unit (game, (int) u);
      if (s->status != SAND_UNIT_ON_MAP || (int) s->side != de
          || sand_game_unit_visible (game, (int) u, fr))
        continue;
      SandVictory before, after, theirs;
      /* the Germans count first: the memo then holds the position as
       * traced for their count, which must teach the French nothing */
      count (game, de, &theirs);
      count (game, fr, &before);
      sand_game_reveal_unit (game, (int) u);
      g_assert_true (sand_game_unit_visible (game, (int) u, fr));
      count (game, fr, &after);
      assert_count_fresh (game);
      /* what the French count of the German side can only grow */
      g_assert_cmpint (after.points[de], >=, before.points[de]);
      changed += after.points[de] > before.points[de];
      seen++;
    }
  g_assert_cmpuint (seen, >, 0);
  g_assert_cmpuint (changed, >, 0);
}

/* Every action of whole games (moves, attacks and their settlement,
 * hasty attacks that reveal, isolation, reinforcements, set-up), replayed
 * line by line: the count before and after each is a fresh game's. The
 * count before an action is asked of the position the last count left, so
 * the memo answers it. */
static void
replay_counted (const char *name, guint64 seed)
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
  g_assert_true (out.over);

  g_autoptr(SandGame) game = sand_game_new (sc, NULL, seed, &error);
  g_assert_no_error (error);
  guint attacks = 0, moves = 0;
  for (guint i = 0; i < sand_game_log_length (played); i++)
    {
      const char *line = sand_game_log_line (played, i);
      assert_count_fresh (game);
      g_assert_true (sand_game_perform (game, line, &error));
      g_assert_no_error (error);
      assert_count_fresh (game);
      attacks += g_str_has_prefix (line, "attack ") || g_str_has_prefix (line, "hasty ");
      moves += g_str_has_prefix (line, "move ");
    }
  g_assert_cmpuint (attacks, >, 0);
  g_assert_cmpuint (moves, >, 0);
}

static void
test_every_action_standard (void)
{
  replay_counted ("fpw1870-variable-oob.xml", 11);
}

static void
test_every_action_campaign (void)
{
  replay_counted ("fpw1870.xml", 12);
}

/* The count's supply (no forts: How to Win) and the rules' (Supply (A):
 * Metz supplies any number) of one position are two entries: asked in
 * turns, each keeps its own answer. Without rail heads, the French units
 * by Metz are isolated for the count and supplied for the rules. */
static void
forts_and_no_forts_apart (void)
{
  base_map (FALSE);
  ok ("fort 0515 french 6 Metz capacity=-1", NULL, NULL);
  ok ("unit f1 french combat 0516 strength=8", NULL, NULL);
  ok ("unit f2 french combat 0517 strength=8", NULL, NULL);
  ok ("unit g1 german combat 0205 strength=4", NULL, NULL);
  ok ("at 1 french movement", NULL, NULL);
  for (int round = 0; round < 2; round++)
    {
      /* 16 French points isolated: 48 for the Germans */
      ok ("vp", "\"german\":48", NULL);
      ok ("supply f1", "\"state\":\"supplied\"", NULL);
      ok ("supply f2", "\"state\":\"supplied\"", NULL);
    }
  teardown ();
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/fpw/count-memo/move-and-undo", test_move_and_undo);
  g_test_add_func ("/fpw/count-memo/setup-change", test_setup_change);
  g_test_add_func ("/fpw/count-memo/sighting", test_sighting);
  g_test_add_func ("/fpw/count-memo/forts-and-no-forts-apart", forts_and_no_forts_apart);
  g_test_add_func ("/fpw/count-memo/every-action-standard", test_every_action_standard);
  g_test_add_func ("/fpw/count-memo/every-action-campaign", test_every_action_campaign);
  return g_test_run ();
}
