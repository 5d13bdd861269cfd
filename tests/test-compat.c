/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-compat.c: games saved and logs written by an earlier Sandtable still
 * load and replay to the same position.
 *
 * tests/data/compat/ holds, from the version before the engine's typed
 * actions (issue 13): an editor saved game (the log, "%%scenario", the
 * scenario's XML) of an FPW Standard Game with Formation Status, and a bare
 * log of an LFAF battle against its shipped scenario. Each .position file
 * is what that version reached at the log's end: the clock, the victory
 * points and every counter's hex, status and strength. A change to the
 * log's text, to the replay or to the rules that moves any of it fails
 * here; a deliberate rules fix that does must say so and write the new
 * position with its reason in the commit.
 */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "sand-game.h"
#include "sand-scenario-io.h"

#define SAVED_GAME_SEPARATOR "%%scenario\n"

/* The position in the .position files' words. */
static char *
describe_position (SandScenario *scenario,
                   SandGame     *game)
{
  GString *out = g_string_new (NULL);
  SandRuleset *rs = sand_scenario_get_ruleset (scenario);
  SandVictory v;

  sand_game_victory (game, &v);
  g_string_append_printf (out, "clock %d %s %s over=%d\nvp %d %d net %d\n",
                          sand_game_get_turn (game),
                          sand_ruleset_get_side (rs, (guint) sand_game_get_side (game))->id,
                          sand_game_get_phase_id (game), sand_game_is_over (game),
                          v.points[0], v.points[1], v.net);
  for (guint i = 0; i < sand_game_n_units (game); i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      g_autofree char *hex = u->hex >= 0 ? sand_grid_dup_id (sand_game_get_grid (game), u->hex)
                                         : g_strdup ("-");
      g_string_append_printf (out, "unit %s %s status=%d strength=%d\n",
                              sand_game_get_counter (game, (int) i)->id, hex, u->status,
                              u->strength);
    }
  return g_string_free (out, FALSE);
}

static char *
compat_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "compat", name, NULL);
}

static void
assert_position (SandScenario *scenario,
                 SandGame     *game,
                 const char   *position_file)
{
  g_autofree char *path = compat_path (position_file);
  g_autofree char *expected = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &expected, NULL, &error);
  g_assert_no_error (error);
  g_autofree char *got = describe_position (scenario, game);
  g_assert_cmpstr (got, ==, expected);
}

static void
test_saved_game_replays (void)
{
  g_autofree char *path = compat_path ("fpw1870-standard-formation-seed5.sandgame");
  g_autofree char *data = NULL;
  gsize length;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &data, &length, &error);
  g_assert_no_error (error);
  const char *sep = strstr (data, SAVED_GAME_SEPARATOR);
  g_assert_nonnull (sep);
  g_autofree char *log = g_strndup (data, (gsize) (sep - data));
  const char *xml = sep + strlen (SAVED_GAME_SEPARATOR);
  g_autoptr(SandScenario) scenario = sand_scenario_load_data (xml, strlen (xml), path, &error);
  g_assert_no_error (error);
  g_autoptr(SandGame) game = sand_game_load_log (scenario, log, &error);
  g_assert_no_error (error);
  g_assert_true (sand_game_is_over (game));
  assert_position (scenario, game, "fpw1870-standard-formation-seed5.position");

  /* and the log it writes now replays to the same place */
  g_autofree char *again = sand_game_save_log (game);
  g_autoptr(SandGame) replay = sand_game_load_log (scenario, again, &error);
  g_assert_no_error (error);
  assert_position (scenario, replay, "fpw1870-standard-formation-seed5.position");
}

static void
test_log_replays_on_shipped_scenario (void)
{
  const char *datadir = g_getenv ("SANDTABLE_DATADIR");
  g_autofree char *scenario_path = g_build_filename (datadir ? datadir : SOURCE_DATADIR,
                                                     "scenarios",
                                                     "lfaf1914-4-bataille-complete.xml", NULL);
  g_autofree char *path = compat_path ("lfaf1914-4-bataille-complete-seed2.log");
  g_autofree char *log = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &log, NULL, &error);
  g_assert_no_error (error);
  g_autoptr(SandScenario) scenario = sand_scenario_load_file (scenario_path, &error);
  g_assert_no_error (error);
  g_autoptr(SandGame) game = sand_game_load_log (scenario, log, &error);
  g_assert_no_error (error);
  assert_position (scenario, game, "lfaf1914-4-bataille-complete-seed2.position");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/compat/saved-game-replays", test_saved_game_replays);
  g_test_add_func ("/compat/log-replays-on-shipped-scenario",
                   test_log_replays_on_shipped_scenario);
  return g_test_run ();
}
