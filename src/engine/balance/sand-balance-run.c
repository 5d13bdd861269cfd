/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-balance-run.c: a balance run's games on a GThreadPool. Each game
 * writes its record into its own slot (slot = pairing × games + game), so
 * the threads share nothing but the per-hex sums — integers added under a
 * lock, the same whatever order the games finish in. */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "sand-balance.h"

typedef struct _Run Run;
static SandBalanceReport *build_report (Run *run, gboolean only_finished);

struct _Run {
  const SandBalanceConfig *config;
  GPtrArray *pairings;      /* const char ** (n_sides) */
  guint first, per_pairing, total;
  int n_hexes;
  SandBalanceGame *records;
  guint64 **sums;           /* per pairing: 3 × n_hexes (combats, losses, unit-turns) */
  const SandGrid *grid;
  GMutex lock;
  guint done;
  guint8 *finished;         /* per slot: played (for partial reports) */
  gboolean stop;
  GCancellable *cancellable;
  SandBalanceProgressFunc progress;
  SandBalancePartialFunc partial;
  guint partial_every;
  gpointer user_data;
  SandBalanceReport *header;
  GError *error;            /* the first game that could not be set up */
};

static void
play_task (Run *run, guint t)
{
  if (g_atomic_int_get (&run->stop) || g_cancellable_is_cancelled (run->cancellable))
    return;
  guint p = t / run->per_pairing, i = run->first + t % run->per_pairing;
  int n = run->n_hexes;
  guint64 *counts = g_new0 (guint64, 3 * (gsize) n);
  g_autoptr(GError) error = NULL;

  gboolean ok = sand_balance_play_one (run->config, g_ptr_array_index (run->pairings, p), i,
                                       &run->records[t], counts, counts + n, counts + 2 * n,
                                       &error);
  g_mutex_lock (&run->lock);
  if (ok)
    {
      /* A failed game is left out of the counts as of every figure. */
      guint64 *sums = run->sums[p];
      for (int k = 0; k < 3 * n && !run->records[t].failed; k++)
        sums[k] += counts[k];
      run->done++;
      run->finished[t] = 1;
      if (run->progress != NULL && !run->progress (run->done, run->total, run->user_data))
        g_atomic_int_set (&run->stop, TRUE);
      if (run->partial != NULL && run->done < run->total && run->done % run->partial_every == 0)
        run->partial (build_report (run, TRUE), run->user_data);
    }
  else
    {
      if (run->error == NULL)
        run->error = g_steal_pointer (&error);
      g_atomic_int_set (&run->stop, TRUE);
    }
  g_mutex_unlock (&run->lock);
  g_free (counts);
}

static void
pool_func (gpointer data,
           gpointer user_data)
{
  play_task (user_data, GPOINTER_TO_UINT (data) - 1);
}

static int
cmp_hex (gconstpointer a, gconstpointer b)
{
  return strcmp (((const SandBalanceHex *) a)->id, ((const SandBalanceHex *) b)->id);
}

static void
report_header (const SandBalanceConfig *c, SandBalanceReport *r)
{
  SandScenario *sc = c->scenario;
  SandRuleset *rs = sand_scenario_get_ruleset (sc);

  r->scenario = g_path_get_basename (c->scenario_name != NULL ? c->scenario_name : "scenario");
  r->title = g_strdup (sand_scenario_get_title (sc));
  r->ruleset = g_strdup (sand_ruleset_get_id (rs));
  r->options = sand_scenario_list_options (sc);
  r->n_sides = MIN ((int) sand_ruleset_n_sides (rs), SAND_MAX_SIDES);
  for (int s = 0; s < r->n_sides; s++)
    {
      r->side_ids[s] = g_strdup (sand_ruleset_get_side (rs, (guint) s)->id);
      r->players[s] = sand_balance_policy_format (&c->players[s]);
    }
  guint n_levels = sand_scenario_n_victory_levels (sc);
  r->levels = g_new0 (char *, n_levels + 1);
  for (guint i = 0; i < n_levels; i++)
    r->levels[i] = g_strdup (sand_scenario_get_victory_level (sc, i)->label);
  r->seed = c->seed;
  r->games = c->games;
  r->shard_index = c->shard_count > 1 ? c->shard_index : 0;
  r->shard_count = c->shard_count > 1 ? c->shard_count : 0;
  sand_balance_shard_range (c->games, r->shard_index, r->shard_count, &r->first, &r->end);
}

static char **
strv_copy (char **v)
{
  return v != NULL ? g_strdupv (v) : NULL;
}

/* The report of the games played: all of them at the end, or (under the
 * lock, @only_finished) those finished so far, with the sums so far. */
static SandBalanceReport *
build_report (Run *run, gboolean only_finished)
{
  const SandBalanceReport *h = run->header;
  SandBalanceReport *report = sand_balance_report_new ();

  report->scenario = g_strdup (h->scenario);
  report->title = g_strdup (h->title);
  report->ruleset = g_strdup (h->ruleset);
  report->options = strv_copy (h->options);
  report->levels = strv_copy (h->levels);
  report->n_sides = h->n_sides;
  for (int s = 0; s < h->n_sides; s++)
    {
      report->side_ids[s] = g_strdup (h->side_ids[s]);
      report->players[s] = g_strdup (h->players[s]);
    }
  report->seed = h->seed;
  report->games = h->games;
  report->shard_index = h->shard_index;
  report->shard_count = h->shard_count;
  report->first = h->first;
  report->end = h->end;
  for (guint p = 0; p < run->pairings->len; p++)
    {
      SandBalancePairing *pr = sand_balance_pairing_new ();
      const char *const *oobs = g_ptr_array_index (run->pairings, p);
      for (int s = 0; s < report->n_sides; s++)
        pr->oob[s] = g_strdup (oobs[s]);
      for (guint i = 0; i < run->per_pairing; i++)
        {
          gsize t = (gsize) p * run->per_pairing + i;
          if (!only_finished || run->finished[t])
            g_array_append_val (pr->games, run->records[t]);
        }
      const guint64 *sums = run->sums[p];
      int n = run->n_hexes;
      for (int hex = 0; hex < n; hex++)
        {
          SandBalanceHex hx = { { 0 } };
          hx.combats = sums[hex];
          hx.losses = sums[n + hex];
          hx.unit_turns = sums[2 * n + hex];
          if (hx.combats == 0 && hx.losses == 0 && hx.unit_turns == 0)
            continue;
          sand_grid_format_id (run->grid, hex, hx.id);
          g_array_append_val (pr->hexes, hx);
        }
      g_array_sort (pr->hexes, cmp_hex);
      g_ptr_array_add (report->pairings, pr);
    }
  return report;
}

SandBalanceReport *
sand_balance_run (const SandBalanceConfig *config,
                  GCancellable            *cancellable,
                  SandBalanceProgressFunc  progress,
                  gpointer                 user_data,
                  GError                 **error)
{
  return sand_balance_run_full (config, cancellable, progress, NULL, user_data, error);
}

SandBalanceReport *
sand_balance_run_full (const SandBalanceConfig *config,
                       GCancellable            *cancellable,
                       SandBalanceProgressFunc  progress,
                       SandBalancePartialFunc   partial,
                       gpointer                 user_data,
                       GError                 **error)
{
  g_return_val_if_fail (config != NULL && config->scenario != NULL, NULL);
  g_autoptr(SandBalanceReport) report = sand_balance_report_new ();
  Run run = { 0 };
  static const char *const no_oobs[SAND_MAX_SIDES] = { NULL };

  if (config->games == 0)
    {
      g_set_error (error, SAND_BALANCE_ERROR, SAND_BALANCE_ERROR_INVALID,
                   _("A balance run needs at least one game."));
      return NULL;
    }
  if (config->shard_count > 1
      && (config->shard_index < 1 || config->shard_index > config->shard_count))
    {
      g_set_error (error, SAND_BALANCE_ERROR, SAND_BALANCE_ERROR_INVALID,
                   _("Shard %u of %u does not exist."), config->shard_index,
                   config->shard_count);
      return NULL;
    }
  report_header (config, report);

  run.config = config;
  run.pairings = g_ptr_array_new ();
  for (guint p = 0; p < config->pairings->len; p++)
    g_ptr_array_add (run.pairings, g_ptr_array_index (config->pairings, p));
  if (run.pairings->len == 0)
    g_ptr_array_add (run.pairings, (gpointer) no_oobs);
  run.first = report->first;
  run.per_pairing = report->end - report->first;
  run.total = run.per_pairing * run.pairings->len;
  SandMap *map = sand_scenario_get_map (config->scenario);
  const SandGrid *grid = sand_map_get_grid (map);
  run.n_hexes = sand_grid_n_hexes (grid);
  run.grid = grid;
  run.header = report;
  run.records = g_new0 (SandBalanceGame, MAX (run.total, 1));
  run.finished = g_new0 (guint8, MAX (run.total, 1));
  run.partial = partial;
  run.partial_every = MAX (run.total / 20, 1);
  run.sums = g_new0 (guint64 *, run.pairings->len);
  for (guint p = 0; p < run.pairings->len; p++)
    run.sums[p] = g_new0 (guint64, 3 * (gsize) run.n_hexes);
  g_mutex_init (&run.lock);
  run.cancellable = cancellable;
  run.progress = progress;
  run.user_data = user_data;

  guint jobs = config->jobs > 0 ? config->jobs : (guint) g_get_num_processors ();
  jobs = MAX (1, MIN (jobs, MAX (run.total, 1)));
  if (jobs == 1)
    for (guint t = 0; t < run.total; t++)
      play_task (&run, t);
  else
    {
      GThreadPool *pool = g_thread_pool_new (pool_func, &run, (int) jobs, TRUE, NULL);
      for (guint t = 0; t < run.total; t++)
        g_thread_pool_push (pool, GUINT_TO_POINTER (t + 1), NULL);
      g_thread_pool_free (pool, FALSE, TRUE);
    }

  gboolean ok = TRUE;
  if (run.error != NULL)
    {
      g_propagate_error (error, run.error);
      ok = FALSE;
    }
  else if (run.done < run.total)
    {
      g_set_error (error, SAND_BALANCE_ERROR, SAND_BALANCE_ERROR_CANCELLED,
                   g_dngettext (GETTEXT_PACKAGE,
                                "The balance run was stopped after %u of %u game.",
                                "The balance run was stopped after %u of %u games.", run.total),
                   run.done, run.total);
      ok = FALSE;
    }
  SandBalanceReport *result = ok ? build_report (&run, FALSE) : NULL;
  for (guint p = 0; p < run.pairings->len; p++)
    g_free (run.sums[p]);
  g_free (run.sums);
  g_free (run.records);
  g_free (run.finished);
  g_ptr_array_unref (run.pairings);
  g_mutex_clear (&run.lock);
  return result;
}
