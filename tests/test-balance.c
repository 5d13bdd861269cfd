/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-balance.c: balance runs (issue 16).
 *  - the Wilson 95% interval gives the published figures (Newcombe,
 *    "Two-sided confidence intervals for the single proportion", Statistics
 *    in Medicine 17, 1998, table I, method 3);
 *  - policies and shards parse, shards tile the games; the OOB matrix is
 *    every pairing (FPW 6 × 6) and a pairing may name its OOBs in any order;
 *  - a run on one thread and on two writes the same bytes;
 *  - shards 1/2 and 2/2 merged write the bytes of the whole run, whatever
 *    the order they are given in; merging refuses shards of another run,
 *    overlapping shards and missing games;
 *  - partial reports come as the games finish, and leave the final one
 *    as it is;
 *  - a report read back from its JSON writes the same JSON; the reader
 *    refuses what is not a report without crashing;
 *  - the statistics of known records: wins, draws, intervals, mean and
 *    spread, histograms, the most lopsided games;
 *  - every game of a run has a winner that matches its level and a lead
 *    turn within the game, and the per-hex counts add up;
 *  - a known game's combats per hex are the attacks its log names;
 *  - a pairing is named "french v german" wherever it is shown.
 */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "sand-balance-stats.h"
#include "sand-balance.h"
#include "sand-scenario-io.h"

#include "console-test-helpers.h"
#include "fpw-test-map.h"

static SandScenario *
load (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("SANDTABLE_DATADIR"), "scenarios",
                                            name, NULL);
  SandScenario *sc = sand_scenario_load_file (path, &error);
  g_assert_no_error (error);
  return sc;
}

static void
test_wilson_published (void)
{
  static const struct { guint k, n; double low, high; } cases[] = {
    { 81, 263, 0.2553, 0.3662 },
    { 15, 148, 0.0624, 0.1605 },
    { 0, 20, 0.0, 0.1611 },
    { 1, 29, 0.0061, 0.1718 },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      double low, high;
      sand_balance_wilson (cases[i].k, cases[i].n, &low, &high);
      g_assert_cmpfloat_with_epsilon (low, cases[i].low, 0.00005);
      g_assert_cmpfloat_with_epsilon (high, cases[i].high, 0.00005);
    }
  /* 50 of 100: the ±9.8% the notes quote for n = 100 (Wilson: 0.4038 to 0.5962). */
  double low, high;
  sand_balance_wilson (50, 100, &low, &high);
  g_assert_cmpfloat_with_epsilon (low, 0.4038, 0.00005);
  g_assert_cmpfloat_with_epsilon (high, 0.5962, 0.00005);
  sand_balance_wilson (0, 0, &low, &high);
  g_assert_cmpfloat (low, ==, 0.0);
  g_assert_cmpfloat (high, ==, 1.0);
}

static void
test_parse (void)
{
  SandAiOptions o;
  guint i, n, first, end;

  g_assert_true (sand_balance_policy_parse ("random", &o, NULL));
  g_assert_cmpint (o.level, ==, SAND_AI_RANDOM);
  g_assert_true (sand_balance_policy_parse ("strong", &o, NULL));
  g_assert_cmpint (o.level, ==, SAND_AI_STRONG);
  g_assert_cmpint (o.budget_iterations, ==, 8);
  g_assert_cmpint (o.budget_ms, ==, 0);
  g_assert_true (sand_balance_policy_parse ("strong:32", &o, NULL));
  g_assert_cmpint (o.budget_iterations, ==, 32);
  g_autofree char *text = sand_balance_policy_format (&o);
  g_assert_cmpstr (text, ==, "strong:32");
  for (guint k = 0; k < 4; k++)
    {
      static const char *const bad[] = { "fast:3", "strong:0", "strong:x", "clever" };
      g_autoptr(GError) error = NULL;
      g_assert_false (sand_balance_policy_parse (bad[k], &o, &error));
      g_assert_error (error, SAND_BALANCE_ERROR, SAND_BALANCE_ERROR_INVALID);
    }

  g_assert_true (sand_balance_shard_parse ("2/3", &i, &n, NULL));
  g_assert_cmpuint (i, ==, 2);
  g_assert_cmpuint (n, ==, 3);
  g_assert_false (sand_balance_shard_parse ("0/3", &i, &n, NULL));
  g_assert_false (sand_balance_shard_parse ("4/3", &i, &n, NULL));
  g_assert_false (sand_balance_shard_parse ("1/", &i, &n, NULL));
  /* 10 games in 3 shards: 3, 3, 4, end to end. */
  guint next = 0;
  for (guint k = 1; k <= 3; k++)
    {
      sand_balance_shard_range (10, k, 3, &first, &end);
      g_assert_cmpuint (first, ==, next);
      g_assert_cmpuint (end - first, >=, 3);
      next = end;
    }
  g_assert_cmpuint (next, ==, 10);
}

static void
test_oob_matrix (void)
{
  g_autoptr(SandScenario) sc = load ("fpw1870-variable-oob.xml");
  g_autoptr(GError) error = NULL;
  SandBalanceConfig c;
  sand_balance_config_init (&c);
  c.scenario = sc;
  /* FPW's 6 × 6: every French plan against every German one, the French
   * turning slowest, each in the file's order. */
  sand_balance_config_add_matrix (&c);
  g_assert_cmpuint (c.pairings->len, ==, 36);
  char **first = g_ptr_array_index (c.pairings, 0), **last = g_ptr_array_index (c.pairings, 35);
  char **second = g_ptr_array_index (c.pairings, 1);
  g_assert_cmpstr (first[0], ==, "G");
  g_assert_cmpstr (first[1], ==, "A");
  g_assert_cmpstr (second[0], ==, "G");
  g_assert_cmpstr (second[1], ==, "B");
  g_assert_cmpstr (last[0], ==, "M");
  g_assert_cmpstr (last[1], ==, "F");
  /* A pairing named in either order; two plans of one side refused. */
  g_assert_true (sand_balance_config_add_pairing (&c, "A,K", &error));
  g_assert_no_error (error);
  char **added = g_ptr_array_index (c.pairings, 36);
  g_assert_cmpstr (added[0], ==, "K");
  g_assert_cmpstr (added[1], ==, "A");
  g_assert_false (sand_balance_config_add_pairing (&c, "A,B", &error));
  g_assert_error (error, SAND_BALANCE_ERROR, SAND_BALANCE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (sand_balance_config_add_pairing (&c, "G", &error));
  g_assert_error (error, SAND_BALANCE_ERROR, SAND_BALANCE_ERROR_INVALID);
  sand_balance_config_clear (&c);
}

static SandBalanceReport *
run_games (SandScenario *sc, guint games, guint jobs, guint shard, guint shards, gboolean matrix)
{
  g_autoptr(GError) error = NULL;
  SandBalanceConfig c;
  sand_balance_config_init (&c);
  c.scenario = sc;
  c.scenario_name = "lfaf1914-1-rossignol.xml";
  c.games = games;
  c.seed = 7;
  c.jobs = jobs;
  c.shard_index = shard;
  c.shard_count = shards;
  g_assert_true (sand_balance_policy_parse ("random", &c.players[0], NULL));
  if (matrix)
    g_assert_true (sand_balance_config_add_pairing (&c, "de-1,fr-1", &error));
  g_assert_no_error (error);
  SandBalanceReport *r = sand_balance_run (&c, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  sand_balance_config_clear (&c);
  return r;
}

static void
test_jobs_identical (void)
{
  g_autoptr(SandScenario) sc = load ("lfaf1914-1-rossignol.xml");
  g_autoptr(SandBalanceReport) one = run_games (sc, 8, 1, 0, 0, FALSE);
  g_autoptr(SandBalanceReport) two = run_games (sc, 8, 2, 0, 0, FALSE);
  g_autofree char *a = sand_balance_report_to_json (one);
  g_autofree char *b = sand_balance_report_to_json (two);
  g_assert_cmpstr (a, ==, b);
  g_autofree char *ca = sand_balance_report_to_csv (one);
  g_autofree char *cb = sand_balance_report_to_csv (two);
  g_assert_cmpstr (ca, ==, cb);
  /* One CSV row a game, after the header. */
  g_auto(GStrv) rows = g_strsplit (ca, "\r\n", -1);
  g_assert_cmpuint (g_strv_length (rows), ==, 1 + 8 + 1);
}

static void
test_shards_merge (void)
{
  g_autoptr(SandScenario) sc = load ("lfaf1914-1-rossignol.xml");
  g_autoptr(SandBalanceReport) whole = run_games (sc, 7, 2, 0, 0, TRUE);
  g_autoptr(SandBalanceReport) s1 = run_games (sc, 7, 1, 1, 2, TRUE);
  g_autoptr(SandBalanceReport) s2 = run_games (sc, 7, 1, 2, 2, TRUE);
  g_autofree char *want = sand_balance_report_to_json (whole);
  g_autofree char *j1 = sand_balance_report_to_json (s1);
  g_autofree char *j2 = sand_balance_report_to_json (s2);
  g_assert_cmpstr (j1, !=, want);

  /* Through the files' text, as --merge reads them, the later shard first. */
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) shards = g_ptr_array_new_with_free_func (
    (GDestroyNotify) sand_balance_report_free);
  g_ptr_array_add (shards, sand_balance_report_from_json (j2, strlen (j2), &error));
  g_assert_no_error (error);
  g_ptr_array_add (shards, sand_balance_report_from_json (j1, strlen (j1), &error));
  g_assert_no_error (error);
  g_autoptr(SandBalanceReport) merged = sand_balance_merge (shards, &error);
  g_assert_no_error (error);
  g_autofree char *got = sand_balance_report_to_json (merged);
  g_assert_cmpstr (got, ==, want);

  /* Shard 2 alone leaves games 0-2 out; twice, it overlaps itself. */
  g_autoptr(GPtrArray) part = g_ptr_array_new ();
  g_ptr_array_add (part, s2);
  g_assert_null (sand_balance_merge (part, &error));
  g_assert_error (error, SAND_BALANCE_ERROR, SAND_BALANCE_ERROR_MISMATCH);
  g_clear_error (&error);
  g_ptr_array_add (part, s2);
  g_ptr_array_add (part, s1);
  g_assert_null (sand_balance_merge (part, &error));
  g_assert_error (error, SAND_BALANCE_ERROR, SAND_BALANCE_ERROR_MISMATCH);
  g_clear_error (&error);

  /* A shard of another run (another seed) is refused. */
  g_autoptr(SandBalanceReport) other = run_games (sc, 7, 1, 2, 2, TRUE);
  other->seed = 8;
  g_ptr_array_set_size (part, 0);
  g_ptr_array_add (part, s1);
  g_ptr_array_add (part, other);
  g_assert_null (sand_balance_merge (part, &error));
  g_assert_error (error, SAND_BALANCE_ERROR, SAND_BALANCE_ERROR_MISMATCH);
  g_assert_nonnull (strstr (error->message, "seed"));
}

static void
collect_partial (SandBalanceReport *partial, gpointer user_data)
{
  g_ptr_array_add (user_data, partial);
}

static void
test_partial_reports (void)
{
  g_autoptr(SandScenario) sc = load ("lfaf1914-1-rossignol.xml");
  g_autoptr(GPtrArray) partials = g_ptr_array_new_with_free_func (
    (GDestroyNotify) sand_balance_report_free);
  g_autoptr(GError) error = NULL;
  SandBalanceConfig c;
  sand_balance_config_init (&c);
  c.scenario = sc;
  c.games = 10;
  c.seed = 7;
  c.jobs = 2;
  g_assert_true (sand_balance_policy_parse ("random", &c.players[0], NULL));
  g_assert_true (sand_balance_policy_parse ("random", &c.players[1], NULL));
  g_autoptr(SandBalanceReport) whole = sand_balance_run_full (&c, NULL, NULL, collect_partial,
                                                              partials, &error);
  g_assert_no_error (error);
  c.jobs = 1;
  g_autoptr(SandBalanceReport) plain = sand_balance_run (&c, NULL, NULL, NULL, &error);
  sand_balance_config_clear (&c);
  /* One partial report every game (a twentieth of 10, at least one),
   * each with the games finished then; the final report is unchanged. */
  g_assert_cmpuint (partials->len, ==, 9);
  for (guint k = 0; k < partials->len; k++)
    {
      SandBalanceReport *r = g_ptr_array_index (partials, k);
      SandBalancePairing *p = g_ptr_array_index (r->pairings, 0);
      g_assert_cmpuint (p->games->len, ==, k + 1);
    }
  g_autofree char *a = sand_balance_report_to_json (whole);
  g_autofree char *b = sand_balance_report_to_json (plain);
  g_assert_cmpstr (a, ==, b);
}

static void
test_read_round_trip (void)
{
  g_autoptr(SandScenario) sc = load ("lfaf1914-1-rossignol.xml");
  g_autoptr(SandBalanceReport) r = run_games (sc, 3, 1, 0, 0, FALSE);
  g_autofree char *a = sand_balance_report_to_json (r);
  g_autoptr(GError) error = NULL;
  g_autoptr(SandBalanceReport) back = sand_balance_report_from_json (a, strlen (a), &error);
  g_assert_no_error (error);
  g_autofree char *b = sand_balance_report_to_json (back);
  g_assert_cmpstr (a, ==, b);

  static const char *const bad[] = {
    "", "{", "[]", "{\"format\":\"sandtable-balance\",\"version\":2}",
    "{\"format\":\"x\"}", "\"\\ud800\"", "{\"a\":\"\x01\"}",
    "{\"format\":\"sandtable-balance\",\"version\":1} trailing",
    "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"
    "]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
  };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_assert_null (sand_balance_report_from_json (bad[i], strlen (bad[i]), &error));
      g_assert_error (error, SAND_BALANCE_ERROR, SAND_BALANCE_ERROR_FORMAT);
      g_clear_error (&error);
    }
  /* Every prefix of a good report is refused, none crashes. */
  for (gsize len = 0; len < strlen (a); len += 97)
    {
      g_assert_null (sand_balance_report_from_json (a, len, &error));
      g_clear_error (&error);
    }
}

static void
test_stats_known_records (void)
{
  g_autoptr(SandBalanceReport) r = sand_balance_report_new ();
  r->n_sides = 2;
  r->side_ids[0] = g_strdup ("french");
  r->side_ids[1] = g_strdup ("german");
  const char *const levels[] = { "French victory", "Draw", "German victory", NULL };
  r->levels = g_strdupv ((char **) levels);
  SandBalancePairing *p = sand_balance_pairing_new ();
  g_ptr_array_add (r->pairings, p);
  /* net, winner, lead: four German wins, two French, one draw, one failed. */
  static const int rows[][3] = {
    { 12, 1, 3 }, { 25, 1, 5 }, { -15, 0, 2 }, { 0, -1, 0 },
    { 11, 1, 7 }, { 40, 1, 1 }, { -10, 0, 6 }, { 99, 1, 1 },
  };
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      SandBalanceGame g = { 0 };
      g.index = i;
      g.seed = 100 + i;
      g.net = rows[i][0];
      g.winner = rows[i][1];
      g.lead_turn = rows[i][2];
      g.level = g.winner < 0 ? "Draw" : levels[g.winner == 0 ? 0 : 2];
      g.turns = 7;
      g.over = TRUE;
      g.failed = i == 7;
      g_array_append_val (p->games, g);
    }
  SandBalanceStats st;
  sand_balance_stats_compute (r, p, &st);
  g_assert_cmpuint (st.games, ==, 7);
  g_assert_cmpuint (st.failed, ==, 1);
  g_assert_cmpuint (st.draws, ==, 1);
  g_assert_cmpuint (st.side[0].wins, ==, 2);
  g_assert_cmpuint (st.side[1].wins, ==, 4);
  g_assert_cmpfloat_with_epsilon (st.side[1].rate, 4.0 / 7, 1e-9);
  g_assert_cmpfloat_with_epsilon (st.side[1].decided_rate, 4.0 / 6, 1e-9);
  double low, high;
  sand_balance_wilson (4, 7, &low, &high);
  g_assert_cmpfloat (st.side[1].low, ==, low);
  g_assert_cmpfloat (st.side[1].high, ==, high);
  /* Net 12 25 −15 0 11 40 −10: mean 9, sample sd √(2248 / 6). */
  g_assert_cmpfloat_with_epsilon (st.net.mean, 9.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (st.net.sd, 19.356308, 1e-5);
  g_assert_cmpint (st.net.min, ==, -15);
  g_assert_cmpint (st.net.max, ==, 40);
  /* 56 points wide in at most 20 bins: bins of 5 from −15. */
  g_assert_cmpint (st.net_histogram.width, ==, 5);
  g_assert_cmpint (st.net_histogram.from, ==, -15);
  guint total = 0;
  for (guint i = 0; i < st.net_histogram.counts->len; i++)
    total += g_array_index (st.net_histogram.counts, guint, i);
  g_assert_cmpuint (total, ==, 7);
  g_assert_cmpuint (g_array_index (st.net_histogram.counts, guint, 0), ==, 1);
  /* The lead turns of the six decided games: 3 5 2 7 1 6. */
  g_assert_cmpfloat_with_epsilon (st.lead.mean, 4.0, 1e-9);
  g_assert_cmpint (st.lead_histogram.from, ==, 1);
  g_assert_cmpuint (st.lead_histogram.counts->len, ==, 7);
  /* Levels in the scenario's order. */
  g_assert_cmpuint (st.levels->len, ==, 3);
  g_assert_cmpuint (g_array_index (st.levels, SandBalanceLevelCount, 2).games, ==, 4);
  /* The most lopsided: 40, 25, 12, 11, 0 one way (the failed 99 left
   * out); −15, −10, 0, 11, 12 the other. */
  static const guint high_want[] = { 5, 1, 0, 4, 3 }, low_want[] = { 2, 6, 3, 4, 0 };
  for (guint k = 0; k < 5; k++)
    {
      g_assert_cmpuint (g_array_index (st.highest, guint, k), ==, high_want[k]);
      g_assert_cmpuint (g_array_index (st.lowest, guint, k), ==, low_want[k]);
    }
  sand_balance_stats_clear (&st);
}

static void
test_records_consistent (void)
{
  g_autoptr(SandScenario) sc = load ("lfaf1914-2-neufchateau.xml");
  g_autoptr(GError) error = NULL;
  SandBalanceConfig c;
  sand_balance_config_init (&c);
  c.scenario = sc;
  c.games = 4;
  c.seed = 3;
  c.jobs = 2;
  SandBalanceReport *r = sand_balance_run (&c, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  sand_balance_config_clear (&c);
  SandBalancePairing *p = g_ptr_array_index (r->pairings, 0);
  guint64 combats = 0, unit_turns = 0;
  for (guint i = 0; i < p->hexes->len; i++)
    {
      const SandBalanceHex *h = &g_array_index (p->hexes, SandBalanceHex, i);
      combats += h->combats;
      unit_turns += h->unit_turns;
      if (i > 0)
        g_assert_cmpstr (g_array_index (p->hexes, SandBalanceHex, i - 1).id, <, h->id);
    }
  int turns = 0;
  for (guint i = 0; i < p->games->len; i++)
    {
      const SandBalanceGame *g = &g_array_index (p->games, SandBalanceGame, i);
      g_assert_false (g->failed);
      g_assert_true (g->over);
      g_assert_cmpuint (g->seed, ==, 3 + i);
      g_assert_cmpint (g->points[1] - g->points[0], ==, g->net);
      const SandVictoryLevel *lvl = sand_scenario_victory_level_for (sc, g->net);
      g_assert_nonnull (lvl);
      g_assert_cmpint (g->winner, ==, lvl->winner);
      g_assert_cmpstr (g->level, ==, lvl->label);
      if (g->winner >= 0)
        g_assert_cmpint (g->lead_turn, >=, 1);
      else
        g_assert_cmpint (g->lead_turn, ==, 0);
      g_assert_cmpint (g->lead_turn, <=, g->turns);
      turns += g->turns;
    }
  /* Units stand somewhere at each turn's end; fast players attack. */
  g_assert_cmpuint (unit_turns, >=, (guint64) turns);
  g_assert_cmpuint (combats, >, 0);
  sand_balance_report_free (r);
}

/* Issue 16: any listed game can be watched again — replaying game i gives
 * the game the run played, to its last action. */
static void
test_replay_listed_game (void)
{
  g_autoptr(SandScenario) sc = load ("lfaf1914-2-neufchateau.xml");
  g_autoptr(GError) error = NULL;
  SandBalanceConfig c;
  sand_balance_config_init (&c);
  c.scenario = sc;
  c.games = 4;
  c.seed = 3;
  c.jobs = 2;
  g_autoptr(SandBalanceReport) r = sand_balance_run (&c, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  SandBalancePairing *p = g_ptr_array_index (r->pairings, 0);
  for (guint i = 0; i < p->games->len; i++)
    {
      const SandBalanceGame *g = &g_array_index (p->games, SandBalanceGame, i);
      SandBalanceGame again;
      g_autoptr(SandGame) game = sand_balance_replay_game (&c, (const char * const *) p->oob,
                                                           g->index, &again, &error);
      g_assert_no_error (error);
      g_assert_nonnull (game);
      g_assert_true (sand_game_is_over (game));
      g_assert_cmpuint (again.seed, ==, g->seed);
      g_assert_cmpint (again.winner, ==, g->winner);
      g_assert_cmpint (again.net, ==, g->net);
      g_assert_cmpint (again.turns, ==, g->turns);
      g_assert_cmpuint (again.actions, ==, g->actions);
      g_assert_cmpint (sand_game_get_turn (game), ==, g->turns);
    }
  sand_balance_config_clear (&c);
}

/* The combats a run counts per hex are the attacks the log names, each on
 * the hex attacked: a known game, played through the console (the FPW
 * Standard Game's hasty attack in the Movement Phase, an attack in the
 * Combat Phase and one more on that hex a turn later); moves count nothing. */
static void
test_combats_per_hex_known_game (void)
{
  standard_map ();
  ok ("unit g1 german combat 0807 strength=8", NULL, NULL);
  ok ("unit f1 french combat 0808 strength=2", NULL, NULL);
  ok ("unit g2 german combat 0302 strength=8", NULL, NULL);
  ok ("unit g3 german combat 0402 strength=8", NULL, NULL);
  ok ("unit f2 french combat 0303 strength=9", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("move g3 0403", NULL, NULL);
  ok ("roll 3", NULL, NULL);
  ok ("hasty 0808 g1 4", "\"attack\":2", NULL);
  ok ("end-phase", "\"phase\":\"combat\"", NULL);
  ok ("roll 4", NULL, NULL);
  ok ("attack 0303 g2", "\"odds\":", NULL);
  SandGame *g = sand_console_get_game (con);
  const SandGrid *grid = sand_game_get_grid (g);
  gsize n = (gsize) sand_grid_n_hexes (grid);
  g_autofree guint64 *combats = g_new0 (guint64, n);
  sand_balance_count_combats (g, 0, combats);
  int h0808 = hex_of ("0808"), h0303 = hex_of ("0303");
  for (gsize h = 0; h < n; h++)
    g_assert_cmpuint (combats[h], ==, h == (gsize) h0808 || h == (gsize) h0303 ? 1 : 0);
  /* from a later entry on: only what came after */
  guint from = sand_game_log_length (g);
  ok ("at 2 german combat", NULL, NULL);
  ok ("roll 4", NULL, NULL);
  ok ("attack 0303 g3", "\"odds\":", NULL);
  memset (combats, 0, n * sizeof *combats);
  sand_balance_count_combats (g, from, combats);
  g_assert_cmpuint (combats[h0303], ==, 1);
  g_assert_cmpuint (combats[h0808], ==, 0);
  /* the whole game: 0303 attacked twice */
  memset (combats, 0, n * sizeof *combats);
  sand_balance_count_combats (g, 0, combats);
  g_assert_cmpuint (combats[h0303], ==, 2);
  g_assert_cmpuint (combats[h0808], ==, 1);
  teardown ();
}

/* A run's per-hex combats are the sum of its games': game 0 of LFAF 1
 * counted by the run's watch equals the attacks its log names, read from
 * the saved game's text. */
static void
test_combats_per_hex_run_game (void)
{
  g_autoptr(SandScenario) sc = load ("lfaf1914-1-rossignol.xml");
  g_autoptr(GError) error = NULL;
  SandBalanceConfig c;
  sand_balance_config_init (&c);
  c.scenario = sc;
  c.games = 1;
  c.seed = 1;
  const SandGrid *grid = sand_map_get_grid (sand_scenario_get_map (sc));
  gsize n = (gsize) sand_grid_n_hexes (grid);
  g_autofree guint64 *combats = g_new0 (guint64, n);
  g_autofree guint64 *losses = g_new0 (guint64, n);
  g_autofree guint64 *unit_turns = g_new0 (guint64, n);
  g_autofree guint64 *want = g_new0 (guint64, n);
  const char *no_oobs[SAND_MAX_SIDES] = { NULL };
  SandBalanceGame record;
  g_assert_true (sand_balance_play_one (&c, no_oobs, 0, &record, combats, losses, unit_turns,
                                        &error));
  g_assert_no_error (error);
  g_assert_false (record.failed);
  g_autoptr(SandGame) game = sand_balance_replay_game (&c, no_oobs, 0, NULL, &error);
  g_assert_no_error (error);
  guint n_attacks = 0;
  for (guint i = 0; i < sand_game_log_length (game); i++)
    {
      g_auto(GStrv) w = g_strsplit (sand_game_log_line (game, i), " ", 3);
      if (!g_str_equal (w[0], "attack"))
        continue;
      int hex;
      g_assert_true (sand_grid_parse_id (grid, w[1], &hex));
      want[hex]++;
      n_attacks++;
    }
  g_assert_cmpuint (n_attacks, >, 0);
  for (gsize h = 0; h < n; h++)
    g_assert_cmpuint (combats[h], ==, want[h]);
  sand_balance_config_clear (&c);
}

/* One name for a pairing, the command line's: each side's order of battle,
 * or the side where the game chooses, joined by " v ". */
static void
test_pairing_name (void)
{
  g_autoptr(SandBalanceReport) r = sand_balance_report_new ();
  r->n_sides = 2;
  r->side_ids[0] = g_strdup ("french");
  r->side_ids[1] = g_strdup ("german");
  SandBalancePairing *drawn = sand_balance_pairing_new ();
  g_ptr_array_add (r->pairings, drawn);
  g_autofree char *a = sand_balance_pairing_name (r, drawn);
  g_assert_cmpstr (a, ==, "french v german");
  SandBalancePairing *chosen = sand_balance_pairing_new ();
  chosen->oob[0] = g_strdup ("K");
  chosen->oob[1] = g_strdup ("A");
  g_ptr_array_add (r->pairings, chosen);
  g_autofree char *b = sand_balance_pairing_name (r, chosen);
  g_assert_cmpstr (b, ==, "K v A");
  const char *const names[] = { "G: historical", "A: historical", "third" };
  g_autofree char *c = sand_balance_pairing_join (names, 3);
  g_assert_cmpstr (c, ==, "G: historical v A: historical v third");
  g_autofree char *none = sand_balance_pairing_join (NULL, 0);
  g_assert_cmpstr (none, ==, "");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/balance/wilson-published", test_wilson_published);
  g_test_add_func ("/balance/parse", test_parse);
  g_test_add_func ("/balance/oob-matrix", test_oob_matrix);
  g_test_add_func ("/balance/jobs-identical", test_jobs_identical);
  g_test_add_func ("/balance/shards-merge", test_shards_merge);
  g_test_add_func ("/balance/partial-reports", test_partial_reports);
  g_test_add_func ("/balance/read-round-trip", test_read_round_trip);
  g_test_add_func ("/balance/stats-known-records", test_stats_known_records);
  g_test_add_func ("/balance/records-consistent", test_records_consistent);
  g_test_add_func ("/balance/replay-listed-game", test_replay_listed_game);
  g_test_add_func ("/balance/combats-per-hex/known-game", test_combats_per_hex_known_game);
  g_test_add_func ("/balance/combats-per-hex/run-game", test_combats_per_hex_run_game);
  g_test_add_func ("/balance/pairing-name", test_pairing_name);
  return g_test_run ();
}
