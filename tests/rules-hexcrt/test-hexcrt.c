/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-hexcrt.c: the proof of the rules seam (issue 13, item 5). Hex and
 * CRT, a game kept in this folder, is plugged in by one call; its scenario
 * loads and validates (with the module's own check), a game of it is
 * played through the console to its last turn with random legal actions,
 * its log replays to the same position, and the renderer draws it with the
 * state badge its ruleset declares — no engine, console, renderer or
 * editor file names it. */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "copy-check.h"
#include "sand-ai.h"
#include "sand-console.h"
#include "sand-game-copy.h"
#include "sand-game.h"
#include "sand-renderer.h"
#include "sand-rules.h"
#include "sand-rules-hexcrt.h"
#include "sand-scenario-io.h"
#include "sand-validate.h"

static char *
scenario_path (void)
{
  return g_test_build_filename (G_TEST_DIST, "rules-hexcrt", "hexcrt-ridge.xml", NULL);
}

static void
register_game (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "rules-hexcrt", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (sand_rules_hexcrt_register (dir, &error));
  g_assert_no_error (error);
}

/* The answer of one console line, which must be accepted. */
static void
run_ok (SandConsole *c,
        const char  *line)
{
  g_autofree char *answer = sand_console_execute (c, line);

  g_assert_nonnull (answer);
  if (!g_str_has_prefix (answer, "{\"ok\":true"))
    g_error ("'%s' answered %s", line, answer);
}

static void
test_scenario_validates_with_its_module (void)
{
  g_autofree char *path = scenario_path ();
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) s = sand_scenario_load_file (path, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (sand_ruleset_get_id (sand_scenario_get_ruleset (s)), ==, "hexcrt");
  {
    g_autoptr(GPtrArray) problems = sand_scenario_validate (s);
    for (guint i = 0; i < problems->len; i++)
      g_printerr ("%s\n", ((SandProblem *) g_ptr_array_index (problems, i))->message);
    g_assert_cmpuint (problems->len, ==, 0);
  }
  /* the module's validate hook: a counter without strength */
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_autoptr(GString) edited = g_string_new (text);
  g_assert_cmpuint (g_string_replace (edited, " strength=\"4\"", "", 1), ==, 1);
  g_autoptr(SandScenario) weak = sand_scenario_load_data (edited->str, edited->len, path, &error);
  g_assert_no_error (error);
  {
    g_autoptr(GPtrArray) problems = sand_scenario_validate (weak);
    gboolean found = FALSE;
    for (guint i = 0; i < problems->len; i++)
      found |= g_strcmp0 (((SandProblem *) g_ptr_array_index (problems, i))->code,
                          "hexcrt-strength") == 0;
    g_assert_true (found);
  }
}

/* One side's turn of random legal actions, each typed into the console. */
static void
play_phase (SandConsole *c,
            SandGame    *game,
            GRand       *rand)
{
  const SandGrid *grid = sand_game_get_grid (game);
  int side = sand_game_get_side (game);
  const char *phase = sand_game_get_phase_id (game);

  for (guint u = 0; u < sand_game_n_units (game); u++)
    {
      const SandUnitState *st = sand_game_get_unit (game, (int) u);
      if (st->status != SAND_UNIT_ON_MAP || st->side != side)
        continue;
      const char *id = sand_game_get_counter (game, (int) u)->id;
      if (strcmp (phase, "movement") == 0)
        {
          const SandReach *reach = sand_game_reach (game, (int) u, NULL);
          if (reach == NULL)
            continue;
          g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
          sand_reach_hexes (reach, hexes);
          if (hexes->len == 0)
            continue;
          int to = g_array_index (hexes, int, g_rand_int_range (rand, 0, (gint32) hexes->len));
          g_autofree char *hid = sand_grid_dup_id (grid, to);
          g_autofree char *line = g_strdup_printf ("move %s %s", id, hid);
          run_ok (c, line);
          /* HC 3: a move that ends in enemy control stops the unit */
          if (sand_game_hex_controlled (game, sand_game_get_side (game) == 0 ? 1 : 0, to))
            g_assert_true (sand_game_get_unit (game, (int) u)->flags & SAND_UNIT_STOPPED);
          g_assert_cmpint (sand_game_get_unit (game, (int) u)->mp_spent, <=,
                           sand_game_unit_allowance (game, (int) u));
        }
      else if (!(st->flags & SAND_UNIT_ATTACKED))
        {
          /* attack the first enemy hex next to it with every unit that may */
          for (int dir = 0; dir < SAND_N_DIRS; dir++)
            {
              int hex = sand_grid_neighbour (grid, st->hex, dir);
              g_autoptr(GArray) enemies = g_array_new (FALSE, FALSE, sizeof (int));
              if (hex == SAND_HEX_NONE)
                continue;
              sand_game_units_at (game, hex, enemies);
              if (enemies->len == 0
                  || sand_game_get_unit (game, g_array_index (enemies, int, 0))->side == side)
                continue;
              g_autofree char *hid = sand_grid_dup_id (grid, hex);
              g_autoptr(GString) line = g_string_new (NULL);
              g_string_printf (line, "attack %s", hid);
              for (guint a = 0; a < sand_game_n_units (game); a++)
                {
                  const SandUnitState *o = sand_game_get_unit (game, (int) a);
                  if (o->status == SAND_UNIT_ON_MAP && o->side == side
                      && !(o->flags & SAND_UNIT_ATTACKED)
                      && sand_grid_distance (grid, o->hex, hex) == 1)
                    g_string_append_printf (line, " %s", sand_game_get_counter (game, (int) a)->id);
                }
              run_ok (c, line->str);
              break;
            }
        }
    }
  run_ok (c, "end-phase");
}

static gboolean
find_color (cairo_surface_t *surface,
            guint8           r,
            guint8           g,
            guint8           b)
{
  int w = cairo_image_surface_get_width (surface);
  int h = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  const guint8 *data = cairo_image_surface_get_data (surface);

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        guint32 px = *(const guint32 *) (gconstpointer) (data + y * stride + x * 4);
        if (ABS ((int) ((px >> 16) & 0xff) - r) < 8 && ABS ((int) ((px >> 8) & 0xff) - g) < 8
            && ABS ((int) (px & 0xff) - b) < 8)
          return TRUE;
      }
  return FALSE;
}

/* Draws the game's units as the playtest does, their module states beside. */
static gboolean
render_shows_badge (SandGame *game)
{
  SandScenario *sc = sand_game_get_scenario (game);
  SandMap *map = sand_scenario_get_map (sc);
  g_autoptr(SandRenderer) r = sand_renderer_new (sc);
  g_autoptr(GArray) draws = g_array_new (FALSE, FALSE, sizeof (SandCounterDraw));
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  double x0, y0, x1, y1;

  for (guint u = 0; u < sand_game_n_units (game); u++)
    {
      const SandUnitState *st = sand_game_get_unit (game, (int) u);
      SandCounterDraw d = { .counter = sand_game_get_counter (game, (int) u), .hex = st->hex,
                            .strength = st->strength };
      if (st->status != SAND_UNIT_ON_MAP)
        continue;
      g_ptr_array_set_size (names, 0);
      sand_game_unit_rule_flags (game, (int) u, names);
      for (guint i = 0; i < names->len && i < SAND_COUNTER_MAX_STATES - 1; i++)
        d.states[i] = g_ptr_array_index (names, i);
      g_array_append_val (draws, d);
    }
  sand_renderer_set_counters (r, (const SandCounterDraw *) (gpointer) draws->data, draws->len);
  x0 = y0 = 0;
  sand_grid_pixel_size (sand_map_get_grid (map), sand_map_get_hex_size (map), &x1, &y1);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 640, 520);
  cairo_t *cr = cairo_create (surface);
  double scale = MIN (640 / (x1 - x0), 520 / (y1 - y0));
  cairo_scale (cr, scale, scale);
  cairo_translate (cr, -x0, -y0);
  sand_renderer_draw (r, cr, scale, x0, y0, x1, y1, SAND_LAYER_ALL);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  /* the ruleset's badge colour, #ff00ff, shows only on weakened units */
  gboolean magenta = find_color (surface, 0xff, 0x00, 0xff);
  cairo_surface_destroy (surface);
  return magenta;
}

static void
test_random_game_to_the_end (void)
{
  g_autofree char *path = scenario_path ();
  g_autofree char *load = g_strdup_printf ("load \"%s\"", path);
  g_autoptr(SandConsole) c = sand_console_new (NULL, 1870);
  g_autoptr(GRand) rand = g_rand_new_with_seed (14);

  run_ok (c, load);
  run_ok (c, "state");
  SandGame *game = sand_console_get_game (c);
  g_assert_nonnull (game);
  int phases = 0;
  while (!sand_game_is_over (game) && phases < 100)
    {
      play_phase (c, game, rand);
      phases++;
    }
  g_assert_true (sand_game_is_over (game));
  /* five turns of two sides of two phases */
  g_assert_cmpint (phases, ==, 5 * 2 * 2);
  run_ok (c, "vp");
  SandVictory v;
  sand_game_victory (game, &v);
  g_assert_cmpint (v.net, ==, v.points[0] - v.points[1]);
  g_assert_cmpint (v.points[0], >=, sand_game_points_lost (game, 1));
  g_assert_cmpint (v.points[1], >=, sand_game_points_lost (game, 0));
  g_assert_cmpint (v.points[0] + v.points[1], <=,
                   sand_game_points_lost (game, 0) + sand_game_points_lost (game, 1) + 1);
  g_assert_nonnull (v.level);
  g_assert_cmpint (sand_game_points_lost (game, 0) + sand_game_points_lost (game, 1), >, 0);

  /* the log replays to the same position */
  g_autofree char *saved = sand_game_save_log (game);
  g_autoptr(GError) error = NULL;
  g_autoptr(SandGame) again = sand_game_load_log (sand_game_get_scenario (game), saved, &error);
  g_assert_no_error (error);
  for (guint u = 0; u < sand_game_n_units (game); u++)
    {
      g_assert_cmpint (sand_game_get_unit (game, (int) u)->hex, ==,
                       sand_game_get_unit (again, (int) u)->hex);
      g_assert_cmpint (sand_game_get_unit (game, (int) u)->strength, ==,
                       sand_game_get_unit (again, (int) u)->strength);
    }

  /* the renderer draws the badge the ruleset declares for a weakened unit */
  gboolean weakened = FALSE;
  for (guint u = 0; u < sand_game_n_units (game); u++)
    {
      const SandUnitState *st = sand_game_get_unit (game, (int) u);
      weakened |= st->status == SAND_UNIT_ON_MAP
        && st->strength < sand_game_get_counter (game, (int) u)->strength;
    }
  g_assert_true (weakened);
  g_assert_true (render_shows_badge (game));
}

/* Issue 15: the computer player knows no game by name — it plays this
 * one too, set-up to last turn, and the fast level attacks and does
 * better than the random one on the same seeds (each side's net). */
static void
test_fast_player_plays_it_and_beats_random (void)
{
  g_autofree char *path = scenario_path ();
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) s = sand_scenario_load_file (path, &error);
  g_assert_no_error (error);
  SandRuleset *rs = sand_scenario_get_ruleset (s);
  int red = sand_ruleset_find_side (rs, "red");
  double fast_net = 0, random_net = 0;
  guint attacks = 0;
  for (guint64 seed = 1; seed <= 6; seed++)
    for (int lvl = 0; lvl < 2; lvl++)
      {
        g_autoptr(SandGame) game = sand_game_new (s, NULL, seed, &error);
        g_assert_no_error (error);
        SandAiOptions mine, theirs;
        sand_ai_options_init (&mine);
        sand_ai_options_init (&theirs);
        mine.level = lvl == 0 ? SAND_AI_FAST : SAND_AI_RANDOM;
        theirs.level = SAND_AI_RANDOM;
        mine.seed = seed * 2;
        theirs.seed = seed * 2 + 1;
        const SandAiOptions *players[SAND_MAX_SIDES] = { NULL };
        players[red] = &mine;
        players[1 - red] = &theirs;
        SandAiOutcome out;
        g_assert_true (sand_ai_play_game (game, players, &out, &error));
        g_assert_no_error (error);
        g_assert_true (out.over);
        double net = out.victory.points[red] - out.victory.points[1 - red];
        if (lvl == 0)
          {
            fast_net += net;
            for (guint i = 0; i < sand_game_log_length (game); i++)
              attacks += g_str_has_prefix (sand_game_log_line (game, i), "attack ");
          }
        else
          random_net += net;
      }
  g_assert_cmpuint (attacks, >, 0);
  g_assert_cmpfloat (fast_net, >, random_net);
}

/* The third game's module copies its data (copy_data): its clone is the
 * game its replay is, at every phase of seeded games (copy-check.c). */
static void
test_clone_is_the_replay (void)
{
  g_autofree char *path = scenario_path ();
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) s = sand_scenario_load_file (path, &error);
  g_assert_no_error (error);
  CopyCheckStats stats = { 0 };
  copy_check_game (s, 1, SAND_AI_FAST, 40, 10, &stats);
  copy_check_game (s, 2, SAND_AI_RANDOM, 40, 0, &stats);
  g_assert_cmpuint (stats.points, >=, 20);
  g_assert_cmpuint (stats.undo_steps, >, 0);
  g_assert_cmpuint (stats.to_the_end, >, 0);
}

/* A module without the copy_data hook (the same game under another id,
 * its hook left out) is copied by replaying the log, as before the hook. */
static SandRulesModule replayed;

static void
test_without_the_hook_copies_by_replay (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "rules-hexcrt", NULL);
  g_autofree char *rs_path = g_build_filename (dir, "hexcrt.xml", NULL);
  g_autofree char *sc_path = scenario_path ();
  g_autofree char *rs_text = NULL, *sc_text = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (rs_path, &rs_text, NULL, NULL));
  g_assert_true (g_file_get_contents (sc_path, &sc_text, NULL, NULL));
  g_autoptr(GString) rs_new = g_string_new (rs_text);
  g_autoptr(GString) sc_new = g_string_new (sc_text);
  g_assert_cmpuint (g_string_replace (rs_new, "id=\"hexcrt\"", "id=\"hexcrt-replayed\"", 1),
                    ==, 1);
  g_assert_cmpuint (g_string_replace (sc_new, "ruleset=\"hexcrt\"",
                                      "ruleset=\"hexcrt-replayed\"", 1), ==, 1);
  g_autoptr(SandRuleset) rs = sand_ruleset_load_data (rs_new->str, rs_new->len, rs_path, &error);
  g_assert_no_error (error);
  g_assert_true (sand_ruleset_add (rs, &error));
  replayed = *sand_rules_lookup ("hexcrt");
  replayed.ruleset_id = "hexcrt-replayed";
  replayed.copy_data = NULL;
  g_assert_true (sand_rules_register (&replayed));

  g_autoptr(SandScenario) s = sand_scenario_load_data (sc_new->str, sc_new->len, sc_path, &error);
  g_assert_no_error (error);
  g_autoptr(SandGame) game = sand_game_new (s, NULL, 3, &error);
  g_assert_no_error (error);
  SandAiOptions o;
  sand_ai_options_init (&o);
  g_assert_true (sand_ai_play_phase (game, &o, NULL, NULL));
  g_assert_cmpuint (sand_game_log_length (game), >, 0);
  g_assert_null (sand_game_clone (game));
  g_autoptr(SandGame) copy = sand_game_copy (game, &error);
  g_assert_no_error (error);
  g_assert_nonnull (copy);
  /* a replay's lines are its own */
  g_assert_true (sand_game_log_line (copy, 0) != sand_game_log_line (game, 0));
  g_autofree char *a = copy_check_digest (game, TRUE);
  g_autofree char *b = copy_check_digest (copy, TRUE);
  g_assert_cmpstr (a, ==, b);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  register_game ();

  g_test_add_func ("/hexcrt/scenario-validates-with-its-module",
                   test_scenario_validates_with_its_module);
  g_test_add_func ("/hexcrt/random-game-to-the-end", test_random_game_to_the_end);
  g_test_add_func ("/hexcrt/fast-player-plays-it-and-beats-random",
                   test_fast_player_plays_it_and_beats_random);
  g_test_add_func ("/hexcrt/clone-is-the-replay", test_clone_is_the_replay);
  g_test_add_func ("/hexcrt/without-the-hook-copies-by-replay",
                   test_without_the_hook_copies_by_replay);
  return g_test_run ();
}
