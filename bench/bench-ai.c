/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-ai.c: how strong and how fast the computer player is (issue 15,
 * docs/ai.md). Not a test: figures go to docs/ai.md and
 * docs/performance.md.
 *
 *   bench-ai match SCENARIO FRENCH GERMAN GAMES [ITERATIONS] [FIRST-SEED]
 *     plays GAMES seeded games (seeds FIRST-SEED…, the game's dice and both
 *     players' streams) with the levels named (random, fast, strong; the
 *     strong level with a budget of ITERATIONS candidates a phase, default
 *     8) and prints one JSON line: wins per side, draws, the win rate of
 *     each side among decided games with its Wilson 95% interval, CPU time,
 *     and a hash of every game's saved log (two builds that print the same
 *     hash played the same games).
 *     With BENCH_AI_PARAMS="ai-vp=2,ai-enemy=3" set, the games are played
 *     under a ruleset derived with those params (declared or not) given
 *     those values (a search of weights without rebuilding).
 *     With BENCH_AI_TRACE set, each phase's count and each game's log and
 *     last positions go to stderr (where a game was won or lost, turn by
 *     turn, move by move).
 *   bench-ai phases SCENARIO FRENCH GERMAN GAMES [ITERATIONS] [FIRST-SEED]
 *     the same games as match; for each side the strong level plays, what
 *     its searched phases cost: how many, the CPU ms of each (median, 90th
 *     percentile, most) and the candidates judged (median). The plans a
 *     budget in milliseconds buys follow from it (ITERATIONS × MS / the
 *     median), measured in CPU time where the budget's clock is the wall's.
 *   bench-ai speed SCENARIO RUNS
 *     a whole game, fast against fast, RUNS times: the median CPU time.
 *   bench-ai engine SCENARIO TURNS
 *     what search asks of the engine, after TURNS turns of fast play: the
 *     offered actions of every unit of the side to move, a move tried and
 *     undone, a copy of the game by replaying its log
 *     (sand_game_copy_replay) and by cloning its state (sand_game_clone,
 *     what sand_game_copy uses), the clone's free apart; median CPU time
 *     of each.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-timing.h"
#include "sand-action.h"
#include "sand-ai.h"
#include "sand-game-copy.h"
#include "sand-game.h"
#include "sand-scenario-io.h"

static void
wilson (int k, int n, double *lo, double *hi)
{
  const double z = 1.959964;
  if (n == 0)
    {
      *lo = 0;
      *hi = 1;
      return;
    }
  double p = (double) k / n, d = 1 + z * z / n;
  double c = (p + z * z / (2.0 * n)) / d;
  double h = z * sqrt (p * (1 - p) / n + z * z / (4.0 * n * n)) / d;
  *lo = c - h;
  *hi = c + h;
}

static guint log_hash;

/* BENCH_AI_TRACE=1: each phase's count on stderr (turn, side, phase, French
 * and German points), then the game's; where a game was won or lost, read
 * turn by turn without replaying it. */
static void
trace_phase (SandGame *game, gpointer user_data)
{
  guint64 seed = *(guint64 *) user_data;
  SandVictory v;
  sand_game_victory (game, &v);
  g_printerr ("seed %" G_GUINT64_FORMAT " turn %d side %d %s: %d %d net %d\n", seed,
              sand_game_get_turn (game), sand_game_get_side (game),
              sand_game_get_phase_id (game) ? sand_game_get_phase_id (game) : "-",
              v.points[0], v.points[1], v.net);
  if (!sand_game_is_over (game))
    return;
  /* which orders of battle played (variable OOB: the die's) and the
   * combat points each side lost, so the count can be split into its
   * parts (destroyed, isolated from the "end" lines, the rest depth or
   * penetration) */
  g_printerr ("seed %" G_GUINT64_FORMAT " oob", seed);
  for (int s = 0; s < 2; s++)
    g_printerr (" %s", sand_game_get_oob (game, s) ? sand_game_get_oob (game, s) : "-");
  g_printerr (" lost %d %d\n", sand_game_points_lost (game, 0), sand_game_points_lost (game, 1));
  /* each fort's points at the end */
  g_printerr ("seed %" G_GUINT64_FORMAT " forts", seed);
  for (int h = 0; h < sand_grid_n_hexes (sand_game_get_grid (game)); h++)
    if (sand_game_fort_strength (game, h) >= 0)
      {
        char at[SAND_HEX_ID_MAX] = "";
        sand_grid_format_id (sand_game_get_grid (game), h, at);
        g_printerr (" %s:%d", at, sand_game_fort_strength (game, h));
      }
  g_printerr ("\n");
  /* the game's log, a line each: what was played, move by move */
  g_autofree char *log = sand_game_save_log (game);
  g_auto(GStrv) lines = g_strsplit (log, "\n", -1);
  for (char **l = lines; *l != NULL; l++)
    if (**l != '\0')
      g_printerr ("seed %" G_GUINT64_FORMAT " log %s\n", seed, *l);
  /* where each combat unit ended: hex, strength, supply */
  for (guint i = 0; i < sand_game_n_units (game); i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      char at[SAND_HEX_ID_MAX] = "";
      if (u->status != SAND_UNIT_ON_MAP)
        continue;
      sand_grid_format_id (sand_game_get_grid (game), u->hex, at);
      g_printerr ("seed %" G_GUINT64_FORMAT " end side %d unit %u at %s str %d %s\n", seed,
                  u->side, i, at, u->strength,
                  sand_supply_state_to_string (sand_game_unit_supply (game, (int) i)));
    }
}

/* BENCH_AI_PARAMS="ai-vp=2,ai-enemy=3": @sc played under a ruleset derived
 * from its own with those params given those values
 * (sand_ruleset_new_with_params), so that weights can be searched without
 * rebuilding (the shipped rulesets are compiled into the engine's
 * resource). A name the ruleset does not declare is added, as a weight
 * the file leaves at its default is; said on stderr in case it is a typo.
 * The product never reads this variable. Transfer full; NULL on a bad
 * spec. */
static SandScenario *
with_params (SandScenario *sc)
{
  const char *spec = g_getenv ("BENCH_AI_PARAMS");
  if (spec == NULL || *spec == '\0')
    return g_object_ref (sc);
  SandRuleset *base = sand_scenario_get_ruleset (sc);
  g_auto(GStrv) items = g_strsplit (spec, ",", -1);
  guint n = g_strv_length (items);
  g_autofree SandParam *params = g_new0 (SandParam, n);
  g_auto(GStrv) names = g_new0 (char *, n + 1);
  for (guint i = 0; i < n; i++)
    {
      char *eq = strchr (items[i], '=');
      if (eq == NULL || eq == items[i] || eq[1] == '\0')
        {
          g_printerr ("BENCH_AI_PARAMS: '%s': not name=value\n", items[i]);
          return NULL;
        }
      names[i] = g_strndup (items[i], (gsize) (eq - items[i]));
      params[i].name = names[i];
      params[i].value = eq + 1;
      params[i].note = (char *) "BENCH_AI_PARAMS";
      if (sand_ruleset_get_param (base, names[i]) == NULL)
        g_printerr ("BENCH_AI_PARAMS: %s is not declared by %s: added\n", names[i],
                    sand_ruleset_get_id (base));
    }
  g_autoptr(SandRuleset) rs = sand_ruleset_new_with_params (base, params, n);
  return sand_scenario_copy_with_ruleset (sc, rs);
}

static SandScenario *
load (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) sc = sand_scenario_load_file (path, &error);
  if (sc == NULL)
    {
      g_printerr ("%s\n", error->message);
      return NULL;
    }
  return with_params (sc);
}

/* One game; @watch (NULL: the trace when BENCH_AI_TRACE is set) sees
 * each phase's end. */
static gboolean
play_one (SandScenario *sc, const SandAiOptions *fr, const SandAiOptions *de, guint64 seed,
          SandAiPhaseFunc watch, gpointer watch_data, SandAiOutcome *out)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SandGame) game = sand_game_new (sc, NULL, seed, &error);
  if (game == NULL)
    {
      g_printerr ("%s\n", error->message);
      return FALSE;
    }
  SandRuleset *rs = sand_scenario_get_ruleset (sc);
  const SandAiOptions *players[SAND_MAX_SIDES] = { NULL };
  players[sand_ruleset_find_side (rs, "french")] = fr;
  players[sand_ruleset_find_side (rs, "german")] = de;
  if (watch == NULL && g_getenv ("BENCH_AI_TRACE") != NULL)
    {
      watch = trace_phase;
      watch_data = &seed;
    }
  if (!sand_ai_play_game_watched (game, players, watch, watch_data, out, &error))
    {
      g_printerr ("seed %" G_GUINT64_FORMAT ": %s\n", seed, error->message);
      return FALSE;
    }
  /* what the games played, so that two builds can be shown to decide alike */
  g_autofree char *log = sand_game_save_log (game);
  log_hash = log_hash * 31 + g_str_hash (log);
  return TRUE;
}

static int
match (int argc, char **argv)
{
  if (argc < 6)
    return 2;
  g_autoptr(SandScenario) sc = load (argv[2]);
  if (sc == NULL)
    return 1;
  SandAiOptions fr, de;
  sand_ai_options_init (&fr);
  sand_ai_options_init (&de);
  if (!sand_ai_level_parse (argv[3], &fr.level) || !sand_ai_level_parse (argv[4], &de.level))
    return 2;
  int games = atoi (argv[5]);
  int iters = argc > 6 ? atoi (argv[6]) : 8;
  guint64 first = argc > 7 ? g_ascii_strtoull (argv[7], NULL, 10) : 1;
  fr.budget_ms = de.budget_ms = 0;
  fr.budget_iterations = de.budget_iterations = iters;
  SandRuleset *rs = sand_scenario_get_ruleset (sc);
  int s_fr = sand_ruleset_find_side (rs, "french"), s_de = sand_ruleset_find_side (rs, "german");
  int wins_fr = 0, wins_de = 0, draws = 0, failed = 0;
  double net = 0, t0 = now_us ();
  for (int g = 0; g < games; g++)
    {
      SandAiOutcome out;
      guint64 seed = first + (guint64) g;
      fr.seed = seed * 2 + 1;
      de.seed = seed * 2 + 2;
      if (!play_one (sc, &fr, &de, seed, NULL, NULL, &out))
        {
          failed++;
          continue;
        }
      net += out.victory.net;
      if (out.winner == s_fr)
        wins_fr++;
      else if (out.winner == s_de)
        wins_de++;
      else
        draws++;
    }
  double t = (now_us () - t0) / 1e6;
  int decided = wins_fr + wins_de;
  double flo, fhi, glo, ghi;
  wilson (wins_fr, decided, &flo, &fhi);
  wilson (wins_de, decided, &glo, &ghi);
  printf ("{\"scenario\":\"%s\",\"french\":\"%s\",\"german\":\"%s\",\"games\":%d,"
          "\"iterations\":%d,\"french_wins\":%d,\"german_wins\":%d,\"draws\":%d,\"failed\":%d,"
          "\"french_rate\":%.3f,\"french_ci\":[%.3f,%.3f],"
          "\"german_rate\":%.3f,\"german_ci\":[%.3f,%.3f],\"mean_net\":%.1f,\"cpu_s\":%.1f,"
          "\"log_hash\":\"%08x\"}\n",
          argv[2], argv[3], argv[4], games, iters, wins_fr, wins_de, draws, failed,
          decided ? (double) wins_fr / decided : 0, flo, fhi,
          decided ? (double) wins_de / decided : 0, glo, ghi,
          games - failed > 0 ? net / (games - failed) : 0, t, log_hash);
  (void) s_fr;
  return failed > 0;
}

/* What one side's searched phases cost (bench-ai phases). */
typedef struct {
  int candidates;    /* judged in the phase being played; 0: not searched */
  GArray *ms;        /* CPU ms of each searched phase */
  GArray *judged;    /* candidates of each */
} PhaseCost;

typedef struct {
  PhaseCost side[2];
  double t0;         /* CPU µs at the phase's start */
} PhaseWatch;

static void
count_candidate (int iteration, gpointer data)
{
  ((PhaseCost *) data)->candidates = iteration;
}

static void
watch_phase (SandGame *game, gpointer data)
{
  PhaseWatch *w = data;
  double t = now_us ();
  (void) game;
  for (int s = 0; s < 2; s++)
    if (w->side[s].candidates > 0)
      {
        double ms = (t - w->t0) / 1e3, n = w->side[s].candidates;
        g_array_append_val (w->side[s].ms, ms);
        g_array_append_val (w->side[s].judged, n);
        w->side[s].candidates = 0;
      }
  w->t0 = now_us ();
}

static double
quantile (GArray *t, double q)
{
  g_array_sort (t, cmp_double);
  return t->len ? g_array_index (t, double, (guint) (q * (t->len - 1) + 0.5)) : 0;
}

static int
phases (int argc, char **argv)
{
  if (argc < 6)
    return 2;
  g_autoptr(SandScenario) sc = load (argv[2]);
  if (sc == NULL)
    return 1;
  SandAiOptions opts[2];
  PhaseWatch w = { 0 };
  int iters = argc > 6 ? atoi (argv[6]) : 8;
  guint64 first = argc > 7 ? g_ascii_strtoull (argv[7], NULL, 10) : 1;
  for (int s = 0; s < 2; s++)
    {
      sand_ai_options_init (&opts[s]);
      if (!sand_ai_level_parse (argv[3 + s], &opts[s].level))
        return 2;
      opts[s].budget_ms = 0;
      opts[s].budget_iterations = iters;
      opts[s].on_candidate = count_candidate;
      opts[s].on_candidate_data = &w.side[s];
      w.side[s].ms = g_array_new (FALSE, FALSE, sizeof (double));
      w.side[s].judged = g_array_new (FALSE, FALSE, sizeof (double));
    }
  for (int g = 0; g < atoi (argv[5]); g++)
    {
      guint64 seed = first + (guint64) g;
      SandAiOutcome out;
      for (int s = 0; s < 2; s++)
        opts[s].seed = seed * 2 + 1 + (guint64) s;
      w.t0 = now_us ();
      if (!play_one (sc, &opts[0], &opts[1], seed, watch_phase, &w, &out))
        return 1;
    }
  printf ("{\"scenario\":\"%s\",\"iterations\":%d", argv[2], iters);
  for (int s = 0; s < 2; s++)
    {
      PhaseCost *c = &w.side[s];
      printf (",\"%s\":{\"level\":\"%s\",\"searched\":%u,\"median_ms\":%.1f,"
              "\"p90_ms\":%.1f,\"max_ms\":%.1f,\"candidates\":%.0f}",
              s == 0 ? "french" : "german", argv[3 + s], c->ms->len, quantile (c->ms, 0.5),
              quantile (c->ms, 0.9), quantile (c->ms, 1.0), quantile (c->judged, 0.5));
      g_array_unref (c->ms);
      g_array_unref (c->judged);
    }
  printf ("}\n");
  return 0;
}

static int
speed (int argc, char **argv)
{
  if (argc < 4)
    return 2;
  g_autoptr(SandScenario) sc = load (argv[2]);
  if (sc == NULL)
    return 1;
  int runs = atoi (argv[3]);
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  guint actions = 0;
  for (int r = 0; r < runs; r++)
    {
      SandAiOptions o;
      SandAiOutcome out;
      sand_ai_options_init (&o);
      o.seed = (guint64) r + 1;
      double t0 = now_us ();
      if (!play_one (sc, &o, &o, (guint64) r + 1, NULL, NULL, &out))
        return 1;
      double t = (now_us () - t0) / 1e3;
      g_array_append_val (times, t);
      actions = out.actions;
    }
  g_array_sort (times, cmp_double);
  printf ("{\"scenario\":\"%s\",\"runs\":%d,\"median_ms\":%.1f,\"min_ms\":%.1f,"
          "\"max_ms\":%.1f,\"actions\":%u}\n",
          argv[2], runs, g_array_index (times, double, times->len / 2),
          g_array_index (times, double, 0), g_array_index (times, double, times->len - 1),
          actions);
  return 0;
}

static double
median_of (GArray *t)
{
  g_array_sort (t, cmp_double);
  return g_array_index (t, double, t->len / 2);
}

static int
engine (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  if (argc < 4)
    return 2;
  g_autoptr(SandScenario) sc = load (argv[2]);
  if (sc == NULL)
    return 1;
  int turns = atoi (argv[3]);
  g_autoptr(SandGame) game = sand_game_new (sc, NULL, 1, &error);
  SandAiOptions o;
  sand_ai_options_init (&o);
  while (!sand_game_is_over (game) && sand_game_get_turn (game) <= turns)
    {
      sand_ai_play_phase (game, &o, NULL, NULL);
      sand_game_end_phase (game, NULL);
    }
  /* to the side to move's movement phase */
  while (!sand_game_is_over (game)
         && g_strcmp0 (sand_game_get_phase_id (game), "movement") != 0)
    sand_game_end_phase (game, NULL);
  g_autoptr(GArray) t_offer = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) t_try = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) t_copy = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) t_clone = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) t_free = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) offers = g_array_new (FALSE, FALSE, sizeof (SandOffer));
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  int side = sand_game_get_side (game);
  guint n_own = 0;
  for (int r = 0; r < 21; r++)
    {
      double t0 = now_us ();
      n_own = 0;
      for (guint u = 0; u < sand_game_n_units (game); u++)
        {
          const SandUnitState *st = sand_game_get_unit (game, (int) u);
          if (st->status != SAND_UNIT_ON_MAP || (int) st->side != side)
            continue;
          n_own++;
          g_array_set_size (offers, 0);
          sand_game_offered_actions (game, (int) u, offers);
        }
      double t = now_us () - t0;
      g_array_append_val (t_offer, t);
    }
  for (guint u = 0; u < sand_game_n_units (game) && t_try->len < 200; u++)
    {
      const SandUnitState *st = sand_game_get_unit (game, (int) u);
      if (st->status != SAND_UNIT_ON_MAP || (int) st->side != side)
        continue;
      const SandReach *reach = sand_game_reach (game, (int) u, NULL);
      if (reach == NULL)
        continue;
      g_array_set_size (hexes, 0);
      sand_reach_hexes (reach, hexes);
      for (guint k = 0; k < hexes->len && k < 20; k++)
        {
          int h = g_array_index (hexes, int, k);
          double t0 = now_us ();
          if (sand_game_move (game, (int) u, &h, 1, NULL, NULL))
            sand_game_undo (game, NULL);
          double t = now_us () - t0;
          g_array_append_val (t_try, t);
        }
    }
  for (int r = 0; r < 7; r++)
    {
      double t0 = now_us ();
      g_autoptr(SandGame) copy = sand_game_copy_replay (game, NULL);
      double t = (now_us () - t0) / 1e3;
      g_array_append_val (t_copy, t);
    }
  /* the clone, made and freed (the strong level frees every copy) */
  for (int r = 0; r < 201; r++)
    {
      double t0 = now_us ();
      SandGame *clone = sand_game_clone (game);
      double t1 = now_us ();
      sand_game_free (clone);
      double t = t1 - t0, tf = now_us () - t1;
      g_array_append_val (t_clone, t);
      g_array_append_val (t_free, tf);
    }
  printf ("{\"scenario\":\"%s\",\"turn\":%d,\"log\":%u,\"own_units\":%u,"
          "\"offered_all_us\":%.1f,\"move_undo_us\":%.1f,\"copy_ms\":%.2f,"
          "\"clone_us\":%.1f,\"clone_free_us\":%.1f}\n",
          argv[2], sand_game_get_turn (game), sand_game_log_length (game), n_own,
          median_of (t_offer), t_try->len ? median_of (t_try) : 0.0, median_of (t_copy),
          median_of (t_clone), median_of (t_free));
  return 0;
}

int
main (int argc, char **argv)
{
  if (argc >= 2 && strcmp (argv[1], "engine") == 0)
    return engine (argc, argv);
  if (argc >= 2 && strcmp (argv[1], "match") == 0)
    return match (argc, argv);
  if (argc >= 2 && strcmp (argv[1], "speed") == 0)
    return speed (argc, argv);
  if (argc >= 2 && strcmp (argv[1], "phases") == 0)
    return phases (argc, argv);
  g_printerr ("usage: bench-ai match SCENARIO FRENCH GERMAN GAMES [ITERATIONS] [FIRST-SEED]\n"
              "       bench-ai phases SCENARIO FRENCH GERMAN GAMES [ITERATIONS] [FIRST-SEED]\n"
              "       bench-ai speed SCENARIO RUNS\n"
              "       bench-ai engine SCENARIO TURNS\n");
  return 2;
}
