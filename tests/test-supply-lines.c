/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-supply-lines.c: a line of supply traced through the common walls
 * a row of hexes at a time (sand_supply_trace_lines, sand-supply-lines.c)
 * reaches every hex at the distance the hex-by-hex search reaches it
 * through the same walls asked one hex at a time: at every action of whole
 * FPW games, for both sides, with and without extra walls and targets;
 * and on a map wider than a word, which is searched a hex at a time. */
#include "config.h"

#include <glib.h>

#include "sand-ai.h"
#include "sand-game-module.h"
#include "sand-game.h"
#include "shipped-scenario.h"

#include "console-test-helpers.h"

static const guint8 *ref_extra;

/* The walls as sand-game-module.h words them, one hex at a time. */
static gboolean
ref_blocked (SandGame *game, int side, int from, int dir, int to)
{
  return sand_game_no_entry (game, side)[to] || sand_game_hex_interdicted (game, side, to)
    || sand_game_enemy_blocks (game, side, to) || sand_zoc_controlled_for (game, side, to, -1)
    || (ref_extra != NULL && ref_extra[to]);
}

/* For each side: from its units' hexes and a spread of others, out to
 * @limit, the rows' distances are the hex-by-hex search's (every hex of a
 * full trace; every target of one that stops at the side's units). */
static void
assert_lines_as_hexes (SandGame *game, int limit, const guint8 *extra)
{
  int n = sand_game_n_hexes (game);
  g_autofree int *want = g_new (int, n);
  g_autoptr(GArray) sources = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) targets = g_array_new (FALSE, FALSE, sizeof (int));
  const SandUnitState *units = sand_game_units (game);

  ref_extra = extra;
  sand_zoc_update (game);
  for (int side = 0; side < sand_game_n_sides (game); side++)
    {
      g_array_set_size (sources, 0);
      g_array_set_size (targets, 0);
      for (guint i = 0; i < sand_game_unit_count (game); i++)
        if (units[i].status == SAND_UNIT_ON_MAP && units[i].side == side)
          {
            g_array_append_val (targets, units[i].hex);
            if (i % 3 == 0)
              g_array_append_val (sources, units[i].hex);
          }
      for (int h = side * 7; h < n; h += 97)
        g_array_append_val (sources, h);

      sand_supply_trace (game, side, (const int *) (void *) sources->data, sources->len, limit,
                         ref_blocked);
      for (int h = 0; h < n; h++)
        want[h] = sand_supply_dist (game, h);
      sand_supply_trace_lines (game, side, (const int *) (void *) sources->data, sources->len,
                               limit, extra, NULL, 0);
      for (int h = 0; h < n; h++)
        g_assert_cmpint (sand_supply_dist (game, h), ==, want[h]);

      sand_supply_trace_lines (game, side, (const int *) (void *) sources->data, sources->len,
                               limit, extra, (const int *) (void *) targets->data, targets->len);
      for (guint k = 0; k < targets->len; k++)
        g_assert_cmpint (sand_supply_dist (game, g_array_index (targets, int, k)), ==,
                         want[g_array_index (targets, int, k)]);
    }
  ref_extra = NULL;
}

/* Every action of a whole game, replayed line by line, and the position
 * after it, traced both ways. */
static void
replay_traced (const char *name, guint64 seed)
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
  int n = sand_game_n_hexes (game);
  /* extra walls: every fifth column */
  g_autofree guint8 *extra = g_new0 (guint8, n);
  for (int h = 0; h < n; h++)
    extra[h] = sand_grid_col (sand_game_get_grid (game), h) % 5 == 2;
  guint checked = 0;
  for (guint i = 0; i < sand_game_log_length (played); i++)
    {
      g_assert_true (sand_game_perform (game, sand_game_log_line (played, i), &error));
      g_assert_no_error (error);
      if (sand_game_get_pending_attack (game) != NULL)
        continue;
      assert_lines_as_hexes (game, 25, i % 4 == 0 ? extra : NULL);
      if (i % 9 == 0)
        assert_lines_as_hexes (game, 4, NULL);
      checked++;
    }
  g_assert_cmpuint (checked, >, 100);
}

static void
test_rows_trace_the_campaign_as_hexes (void)
{
  replay_traced ("fpw1870.xml", 12);
}

static void
test_rows_trace_the_variable_oob_as_hexes (void)
{
  replay_traced ("fpw1870-variable-oob.xml", 11);
}

/* 70 columns: more than a word a row, so a hex at a time; the same
 * distances through enemy units, their control and a fort's interdiction. */
static void
test_map_wider_than_a_word_as_hexes (void)
{
  g_clear_pointer (&con, sand_console_free);
  con = sand_console_new (NULL, 7);
  ok ("new fpw1870 70x20", NULL, NULL);
  ok ("fort 3510 french 6 Metz", NULL, NULL);
  ok ("unit f1 french combat 3012 strength=8", NULL, NULL);
  ok ("unit f2 french combat 5005 strength=4", NULL, NULL);
  ok ("unit g1 german combat 3208 strength=4", NULL, NULL);
  ok ("unit g2 german combat 1015 strength=6", NULL, NULL);
  ok ("unit g3 german combat 6518 strength=2", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  SandGame *game = sand_console_get_game (con);
  g_assert_cmpint (sand_game_get_grid (game)->cols, >, 64);
  assert_lines_as_hexes (game, 25, NULL);
  assert_lines_as_hexes (game, 6, NULL);
  teardown ();
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/supply/lines/rows-trace-the-campaign-as-hexes",
                   test_rows_trace_the_campaign_as_hexes);
  g_test_add_func ("/supply/lines/rows-trace-the-variable-oob-as-hexes",
                   test_rows_trace_the_variable_oob_as_hexes);
  g_test_add_func ("/supply/lines/map-wider-than-a-word-as-hexes",
                   test_map_wider_than_a_word_as_hexes);
  return g_test_run ();
}
