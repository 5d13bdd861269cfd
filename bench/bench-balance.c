/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-balance.c: balance-run throughput (issue 16, docs/performance.md).
 * Not a test.
 *
 *   bench-balance [LFAF-GAMES [FPW-GAMES]]
 *
 * For random and fast play on FPW (Basic Game) and LFAF (scenario 1,
 * Rossignol; and the full battle), plays the same seeded games on one
 * thread and then on two, and prints one JSON line each: games per
 * CPU-second (one core's throughput), the CPU time per game on one and
 * two threads (what a second thread costs beyond its games), the wall
 * times and their ratio (the speed-up, which only means something on an
 * idle machine: the load average is printed beside it). The reports of
 * the two runs are compared, so the figures are for identical work.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench-timing.h"
#include "sand-balance.h"
#include "sand-scenario-io.h"

static double
wall_us (void)
{
  return (double) g_get_monotonic_time ();
}

static double
load_average (void)
{
  g_autofree char *text = NULL;
  if (!g_file_get_contents ("/proc/loadavg", &text, NULL, NULL))
    return -1;
  return g_ascii_strtod (text, NULL);
}

static gboolean
bench (const char *file, const char *policy, guint games)
{
  g_autoptr(GError) error = NULL;
  const char *datadir = g_getenv ("SANDTABLE_DATADIR");
  g_autofree char *path = g_build_filename (datadir ? datadir : SOURCE_DATADIR, "scenarios", file,
                                            NULL);
  g_autoptr(SandScenario) sc = sand_scenario_load_file (path, &error);
  if (sc == NULL)
    {
      g_printerr ("%s\n", error->message);
      return FALSE;
    }
  SandBalanceConfig c;
  sand_balance_config_init (&c);
  c.scenario = sc;
  c.scenario_name = file;
  c.games = games;
  c.seed = 1;
  for (int s = 0; s < 2; s++)
    if (!sand_balance_policy_parse (policy, &c.players[s], &error))
      {
        g_printerr ("%s\n", error->message);
        return FALSE;
      }

  double cpu[2], wall[2];
  g_autofree char *json[2] = { NULL, NULL };
  for (int k = 0; k < 2; k++)
    {
      c.jobs = (guint) k + 1;
      double c0 = now_us (), w0 = wall_us ();
      g_autoptr(SandBalanceReport) r = sand_balance_run (&c, NULL, NULL, NULL, &error);
      cpu[k] = (now_us () - c0) / 1e6;
      wall[k] = (wall_us () - w0) / 1e6;
      if (r == NULL)
        {
          g_printerr ("%s\n", error->message);
          sand_balance_config_clear (&c);
          return FALSE;
        }
      json[k] = sand_balance_report_to_json (r);
    }
  sand_balance_config_clear (&c);
  printf ("{\"scenario\":\"%s\",\"policy\":\"%s\",\"games\":%u,"
          "\"games_per_cpu_s\":%.2f,\"cpu_ms_per_game_1\":%.1f,\"cpu_ms_per_game_2\":%.1f,"
          "\"wall_s_1\":%.2f,\"wall_s_2\":%.2f,\"speedup\":%.2f,\"loadavg\":%.1f,"
          "\"same_report\":%s}\n",
          file, policy, games, games / cpu[0], 1000 * cpu[0] / games, 1000 * cpu[1] / games,
          wall[0], wall[1], wall[0] / wall[1], load_average (),
          strcmp (json[0], json[1]) == 0 ? "true" : "false");
  fflush (stdout);
  return strcmp (json[0], json[1]) == 0;
}

int
main (int argc, char **argv)
{
  guint lfaf = argc > 1 ? (guint) atoi (argv[1]) : 40;
  guint fpw = argc > 2 ? (guint) atoi (argv[2]) : 6;
  gboolean ok = TRUE;

  ok &= bench ("lfaf1914-1-rossignol.xml", "random", lfaf);
  ok &= bench ("lfaf1914-1-rossignol.xml", "fast", lfaf);
  ok &= bench ("lfaf1914-4-bataille-complete.xml", "random", MAX (lfaf / 4, 1));
  ok &= bench ("lfaf1914-4-bataille-complete.xml", "fast", MAX (lfaf / 4, 1));
  ok &= bench ("fpw1870.xml", "random", fpw * 4);
  ok &= bench ("fpw1870.xml", "fast", fpw);
  return ok ? 0 : 1;
}
