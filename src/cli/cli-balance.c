/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sandtable-cli balance: many seeded games between computer players and
 * what they say about a scenario's balance (docs/balance.md). The report
 * goes to -o (JSON; standard output without it) and --csv; a summary and
 * the progress go to standard error. --merge combines the shards of one
 * run into the report the whole run gives. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gi18n.h>

#include "cli-balance.h"
#include "cli-scenario.h"
#include "sand-balance-stats.h"
#include "sand-balance.h"

typedef struct {
  gboolean tty;
  gint64 last;
} Progress;

static gboolean
on_progress (guint done, guint total, gpointer user_data)
{
  Progress *p = user_data;
  gint64 now = g_get_monotonic_time ();
  if (p->tty && (done == total || now - p->last > G_USEC_PER_SEC / 4))
    {
      /* TRANSLATORS: progress, games played of the run's total */
      fputc ('\r', stderr);
      fprintf (stderr, g_dngettext (GETTEXT_PACKAGE, "%u/%u game", "%u/%u games", total), done,
               total);
      if (done == total)
        fputc ('\n', stderr);
      fflush (stderr);
      p->last = now;
    }
  return TRUE;
}

static void
print_summary (const SandBalanceReport *r)
{
  for (guint p = 0; p < r->pairings->len; p++)
    {
      const SandBalancePairing *pr = g_ptr_array_index (r->pairings, p);
      SandBalanceStats st;
      sand_balance_stats_compute (r, pr, &st);
      GString *line = g_string_new (NULL);
      g_autofree char *name = sand_balance_pairing_name (r, pr);
      g_string_append (line, name);
      g_string_append_printf (line, g_dngettext (GETTEXT_PACKAGE, ": %u game", ": %u games",
                                                 st.games), st.games);
      for (int s = 0; s < r->n_sides; s++)
        g_string_append_printf (line, ", %s %.1f%% [%.1f, %.1f]", r->side_ids[s],
                                100 * st.side[s].rate, 100 * st.side[s].low,
                                100 * st.side[s].high);
      /* TRANSLATORS: draws, then the mean net victory points and their
       * standard deviation */
      g_string_append_printf (line, _(", draws %u, net VP %.1f ± %.1f"), st.draws, st.net.mean,
                              st.net.sd);
      if (st.failed > 0)
        g_string_append_printf (line, g_dngettext (GETTEXT_PACKAGE, ", %u failed", ", %u failed",
                                                   st.failed), st.failed);
      fprintf (stderr, "%s\n", line->str);
      g_string_free (line, TRUE);
      sand_balance_stats_clear (&st);
    }
}

static gboolean
write_out (const char *path, const char *text, GError **error)
{
  if (path == NULL || strcmp (path, "-") == 0)
    {
      fputs (text, stdout);
      fflush (stdout);
      return TRUE;
    }
  /* Atomic: a run that fails to write leaves the old report whole. */
  return g_file_set_contents (path, text, -1, error);
}

static int
write_reports (const SandBalanceReport *r, const char *out, const char *csv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *json = sand_balance_report_to_json (r);
  if (!write_out (out, json, &error))
    {
      fprintf (stderr, "sandtable-cli balance: %s\n", error->message);
      return 1;
    }
  if (csv != NULL)
    {
      g_autofree char *text = sand_balance_report_to_csv (r);
      if (!write_out (csv, text, &error))
        {
          fprintf (stderr, "sandtable-cli balance: %s\n", error->message);
          return 1;
        }
    }
  print_summary (r);
  return 0;
}

static int
merge (char **files, const char *out, const char *csv)
{
  g_autoptr(GPtrArray) reports = g_ptr_array_new_with_free_func (
    (GDestroyNotify) sand_balance_report_free);
  for (guint i = 0; files != NULL && files[i] != NULL; i++)
    {
      g_autofree char *text = NULL;
      gsize len;
      g_autoptr(GError) error = NULL;
      if (!g_file_get_contents (files[i], &text, &len, &error))
        {
          fprintf (stderr, "sandtable-cli balance: %s\n", error->message);
          return 1;
        }
      SandBalanceReport *r = sand_balance_report_from_json (text, len, &error);
      if (r == NULL)
        {
          fprintf (stderr, "sandtable-cli balance: %s: %s\n", files[i], error->message);
          return 1;
        }
      g_ptr_array_add (reports, r);
    }
  g_autoptr(GError) error = NULL;
  g_autoptr(SandBalanceReport) m = sand_balance_merge (reports, &error);
  if (m == NULL)
    {
      fprintf (stderr, "sandtable-cli balance --merge: %s\n", error->message);
      return 1;
    }
  return write_reports (m, out, csv);
}

int
sand_cli_balance (int    argc,
                  char **argv)
{
  g_autoptr(GError) error = NULL;
  int games = 100, jobs = 0;
  gint64 seed = 1;
  g_autofree char *french = NULL, *german = NULL, *out = NULL, *csv = NULL, *shard = NULL;
  g_auto(GStrv) options = NULL, oobs = NULL, files = NULL;
  gboolean matrix = FALSE, do_merge = FALSE;
  GOptionEntry entries[] = {
    { "games", 'n', 0, G_OPTION_ARG_INT, &games, N_("Games per pairing (default 100)"), "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Game i plays with seed S+i (default 1)"), "S" },
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &jobs, N_("Threads (default: one per core)"), "J" },
    { "french", 0, 0, G_OPTION_ARG_STRING, &french,
      N_("The French player: random, fast or strong[:ITERATIONS] (default fast)"),
      /* TRANSLATORS: the argument of --french and --german */
      N_("POLICY") },
    { "german", 0, 0, G_OPTION_ARG_STRING, &german,
      N_("The German player (default fast)"), N_("POLICY") },
    { "option", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options,
      N_("Switch a rule option on (repeat for more)"), "ID" },
    { "oob", 0, 0, G_OPTION_ARG_STRING_ARRAY, &oobs,
      N_("A pairing of orders of battle (repeat for more)"),
      /* TRANSLATORS: two order-of-battle ids */
      N_("FRENCH,GERMAN") },
    { "oob-matrix", 0, 0, G_OPTION_ARG_NONE, &matrix,
      N_("Every pairing of the sides’ orders of battle"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &out,
      N_("Write the JSON report here (default: standard output)"), "OUT.json" },
    { "csv", 0, 0, G_OPTION_ARG_FILENAME, &csv, N_("Write the games as CSV here"), "OUT.csv" },
    { "shard", 0, 0, G_OPTION_ARG_STRING, &shard,
      N_("Play only the I-th of N slices of the games"), "I/N" },
    { "merge", 0, 0, G_OPTION_ARG_NONE, &do_merge,
      N_("Merge the shard reports FILE… into the whole run’s report"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };
  g_set_prgname ("sandtable-cli balance");
  g_autoptr(GOptionContext) ctx = g_option_context_new (
    _("FILE | --merge SHARD.json… — play many seeded games and report the balance"));
  g_option_context_set_translation_domain (ctx, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (ctx, entries, GETTEXT_PACKAGE);
  g_option_context_set_description (ctx,
    _("Game i of N plays with seed S+i in every pairing, whatever the number of jobs or\n"
      "shards, so equal runs write equal reports. The strong player’s budget is counted in\n"
      "candidate plans a phase (default 8), never in time. See docs/balance.md.\n"));
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      fprintf (stderr, "sandtable-cli balance: %s\n", error->message);
      return 2;
    }
  if (do_merge)
    {
      if (files == NULL || files[0] == NULL)
        {
          fprintf (stderr, "sandtable-cli balance --merge: %s\n",
                   _("name the shard reports to merge"));
          return 2;
        }
      return merge (files, out, csv);
    }
  if (files == NULL || files[0] == NULL || files[1] != NULL)
    {
      fprintf (stderr, "sandtable-cli balance: %s\n", _("name one scenario FILE"));
      return 2;
    }
  if (games < 1 || jobs < 0 || seed < 0)
    {
      fprintf (stderr, "sandtable-cli balance: %s\n",
               _("--games must be at least 1, --jobs and --seed not negative"));
      return 2;
    }

  g_autoptr(SandScenario) scenario = sand_cli_load_scenario (files[0], &error);
  if (scenario == NULL)
    {
      fprintf (stderr, "sandtable-cli balance: %s\n", error->message);
      return 1;
    }
  SandRuleset *rs = sand_scenario_get_ruleset (scenario);
  for (guint i = 0; options != NULL && options[i] != NULL; i++)
    {
      gboolean known = FALSE;
      for (guint k = 0; k < sand_ruleset_get_n_options (rs); k++)
        known |= g_strcmp0 (sand_ruleset_get_option (rs, k)->id, options[i]) == 0;
      if (!known)
        {
          fprintf (stderr, "sandtable-cli balance: ");
          fprintf (stderr, _("the ruleset %s has no option “%s”"), sand_ruleset_get_id (rs),
                   options[i]);
          fputc ('\n', stderr);
          return 2;
        }
      /* An option brings the options it requires with it, as in the editor. */
      g_auto(GStrv) on_now = sand_scenario_list_options (scenario);
      g_auto(GStrv) on = sand_ruleset_switch_option (rs, (const char *const *) on_now,
                                                     options[i], TRUE);
      for (guint k = 0; on[k] != NULL; k++)
        sand_scenario_set_option (scenario, on[k], TRUE);
    }

  SandBalanceConfig config;
  sand_balance_config_init (&config);
  config.scenario = scenario;
  config.scenario_name = files[0];
  config.games = (guint) games;
  config.seed = (guint64) seed;
  config.jobs = (guint) jobs;
  int status = 0;
  int n_sides = MIN ((int) sand_ruleset_n_sides (rs), SAND_MAX_SIDES);
  for (int s = 0; s < n_sides && status == 0; s++)
    {
      const char *id = sand_ruleset_get_side (rs, (guint) s)->id;
      const char *text = g_strcmp0 (id, "french") == 0 ? french
                         : g_strcmp0 (id, "german") == 0 ? german : NULL;
      if (!sand_balance_policy_parse (text != NULL ? text : "fast", &config.players[s], &error))
        status = 2;
    }
  if (status == 0 && shard != NULL
      && !sand_balance_shard_parse (shard, &config.shard_index, &config.shard_count, &error))
    status = 2;
  for (guint i = 0; status == 0 && oobs != NULL && oobs[i] != NULL; i++)
    if (!sand_balance_config_add_pairing (&config, oobs[i], &error))
      status = 2;
  if (status == 0 && matrix)
    sand_balance_config_add_matrix (&config);
  if (status != 0)
    {
      fprintf (stderr, "sandtable-cli balance: %s\n", error->message);
      sand_balance_config_clear (&config);
      return status;
    }

  Progress progress = { isatty (STDERR_FILENO), 0 };
  g_autoptr(SandBalanceReport) report = sand_balance_run (&config, NULL, on_progress, &progress,
                                                          &error);
  sand_balance_config_clear (&config);
  if (report == NULL)
    {
      fprintf (stderr, "sandtable-cli balance: %s\n", error->message);
      return 1;
    }
  return write_reports (report, out, csv);
}
