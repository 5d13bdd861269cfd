/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-rules.c: the rules engine's speed (issue 4; figures in
 * docs/performance.md, "Rules engine").
 *
 *  1. `reach` for an 8-MP German corps on a 50x40 map with 30 enemy units
 *     (target: median under 20 us);
 *  2. supply state of every unit of both sides, traced afresh (under 1 ms);
 *  3. a whole random-policy game of 11 turns on the shipped FPW scenario
 *     (under 50 ms).
 *
 * Usage: bench-rules [SCENARIO.xml]
 */
#include "config.h"

#include <glib.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench-timing.h"
#include "sand-console.h"
#include "sand-game-private.h"
#include "sand-scenario-io.h"

static double
median (double *v, int n)
{
  qsort (v, (size_t) n, sizeof (double), cmp_double);
  return v[n / 2];
}

static void
exec (SandConsole *c, const char *line)
{
  g_autofree char *a = sand_console_execute (c, line);
  if (a != NULL && !g_str_has_prefix (a, "{\"ok\":true"))
    g_error ("%s: %s", line, a);
}

/* A 50x40 map: Germany north of row 20, France south; rivers, rough
 * patches, a rail line down column 25, forts, 30 French units spread over
 * France and a German corps in the middle. */
static SandConsole *
big_map (void)
{
  SandConsole *c = sand_console_new (NULL, 1);
  GString *de = g_string_new ("country germany"), *fr = g_string_new ("country france");
  GString *rough = g_string_new ("terrain rough"), *rail = g_string_new ("rail");

  exec (c, "new fpw1870 50x40");
  for (int col = 1; col <= 50; col++)
    for (int row = 1; row <= 40; row++)
      {
        g_string_append_printf (row <= 20 ? de : fr, " %02d%02d", col, row);
        if ((col * 7 + row * 13) % 9 == 0)
          g_string_append_printf (rough, " %02d%02d", col, row);
      }
  for (int row = 1; row <= 40; row++)
    g_string_append_printf (rail, " 25%02d", row);
  exec (c, de->str);
  exec (c, fr->str);
  exec (c, rough->str);
  exec (c, rail->str);
  for (int col = 2; col <= 48; col += 3)
    {
      g_autofree char *line = g_strdup_printf ("hexside %02d22 n river", col);
      exec (c, line);
    }
  exec (c, "marker supply 2501 german name=S");
  exec (c, "marker supply 2540 french name=rail-edge");
  exec (c, "fort 1230 french 6 Metz capacity=-1");
  exec (c, "fort 3833 french 4 Strasburg capacity=-1");
  exec (c, "fort 0535 french 2 Toul capacity=1");
  exec (c, "fort 4526 french 2 Bitche capacity=1");
  exec (c, "unit de-1 german combat 2520 strength=6 ma=8");
  for (int i = 0; i < 30; i++)
    {
      int col = 3 + (i * 7) % 45, row = 24 + (i * 5) % 15;
      g_autofree char *line = g_strdup_printf ("unit fr-%d french combat %02d%02d strength=%d",
                                               i, col, row, 5 + i % 4);
      exec (c, line);
    }
  for (int i = 0; i < 14; i++)
    {
      int col = 4 + (i * 11) % 44, row = 4 + (i * 3) % 14;
      g_autofree char *line = g_strdup_printf ("unit de-%d german combat %02d%02d strength=%d",
                                               i + 2, col, row, 3 + i % 4);
      exec (c, line);
    }
  exec (c, "at 1 german movement");
  g_string_free (de, TRUE);
  g_string_free (fr, TRUE);
  g_string_free (rough, TRUE);
  g_string_free (rail, TRUE);
  return c;
}

static void
bench_reach (SandConsole *c)
{
  SandGame *game = sand_console_get_game (c);
  int unit = sand_game_find_unit (game, "de-1");
  enum { BATCH = 100, RUNS = 201 };
  double t[RUNS];
  guint reached = 0;

  for (int i = 0; i < 1000; i++)
    sand_game_reach (game, unit, NULL);
  for (int r = 0; r < RUNS; r++)
    {
      double t0 = now_us ();
      for (int i = 0; i < BATCH; i++)
        sand_game_reach (game, unit, NULL);
      t[r] = (now_us () - t0) / BATCH;
    }
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  sand_reach_hexes (sand_game_reach (game, unit, NULL), hexes);
  reached = hexes->len;
  g_print ("reach, 8-MP corps, 50x40, 30 enemy units: median %.2f us (%u hexes reached)\n",
           median (t, RUNS), reached);
}

static void
bench_supply (SandConsole *c)
{
  SandGame *game = sand_console_get_game (c);
  enum { RUNS = 201 };
  double t[RUNS];
  guint n = sand_game_n_units (game);

  for (int r = 0; r < RUNS; r++)
    {
      double t0 = now_us ();
      sand_game_changed (game); /* forget the cached trace */
      for (guint i = 0; i < n; i++)
        if (sand_game_get_unit (game, (int) i)->status == SAND_UNIT_ON_MAP)
          sand_game_unit_supply (game, (int) i);
      t[r] = now_us () - t0;
    }
  g_print ("supply of every unit (%u units, both sides, 4 forts): median %.1f us\n", n,
           median (t, RUNS));
}

/* Random policy: every unit moves to a random hex it can reach, every
 * enemy hex next to friends is attacked by all of them half the time. */
static guint
random_game (SandScenario *scenario, guint64 seed, guint *actions)
{
  g_autoptr(SandGame) game = sand_game_new (scenario, NULL, seed, NULL);
  g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) seed);
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) att = g_array_new (FALSE, FALSE, sizeof (int));
  const SandGrid *grid = sand_game_get_grid (game);
  guint n = sand_game_n_units (game);

  *actions = 0;
  while (!sand_game_is_over (game))
    {
      int side = sand_game_get_side (game);
      const char *phase = sand_game_get_phase_id (game);
      if (strcmp (phase, "movement") == 0)
        for (guint i = 0; i < n; i++)
          {
            const SandUnitState *u = sand_game_get_unit (game, (int) i);
            if (u->status != SAND_UNIT_ON_MAP || u->side != side)
              continue;
            const SandReach *r = sand_game_reach (game, (int) i, NULL);
            if (r == NULL)
              continue;
            g_array_set_size (hexes, 0);
            sand_reach_hexes (r, hexes);
            if (hexes->len == 0)
              continue;
            int h = g_array_index (hexes, int, g_rand_int_range (rand, 0, (gint32) hexes->len));
            /* as the playtest does: the path the field found, checked step by step */
            g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (int));
            sand_reach_path (r, h, path);
            if (sand_game_move (game, (int) i, (const int *) (void *) path->data, path->len,
                                NULL, NULL))
              (*actions)++;
          }
      else if (strcmp (phase, "combat") == 0)
        for (guint i = 0; i < n; i++)
          {
            const SandUnitState *d = sand_game_get_unit (game, (int) i);
            if (d->status != SAND_UNIT_ON_MAP || d->side == side || !g_rand_boolean (rand))
              continue;
            g_array_set_size (att, 0);
            for (guint j = 0; j < n; j++)
              {
                const SandUnitState *a = sand_game_get_unit (game, (int) j);
                if (a->status == SAND_UNIT_ON_MAP && a->side == side
                    && !(a->flags & SAND_UNIT_ATTACKED)
                    && sand_grid_direction_to (grid, d->hex, a->hex) >= 0)
                  {
                    int x = (int) j;
                    g_array_append_val (att, x);
                  }
              }
            if (att->len == 0)
              continue;
            SandAttackResult res;
            if (sand_game_attack (game, d->hex, (const int *) (void *) att->data, att->len, NULL,
                                  &res, NULL))
              {
                (*actions)++;
                sand_attack_result_clear (&res);
              }
          }
      sand_game_end_phase (game, NULL);
      (*actions)++;
    }
  return (guint) sand_game_get_turn (game);
}

static void
bench_game (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) loaded = sand_scenario_load_file (path, &error);
  if (loaded == NULL)
    {
      g_print ("random game: cannot load %s: %s\n", path, error->message);
      return;
    }
  g_autoptr(SandScenario) scenario = sand_scenario_copy (loaded);
  sand_scenario_set_turns (scenario, 11);
  enum { RUNS = 21 };
  double t[RUNS];
  guint actions = 0, turns = 0;
  for (int r = 0; r < RUNS; r++)
    {
      double t0 = now_us ();
      turns = random_game (scenario, (guint64) r + 1, &actions);
      t[r] = now_us () - t0;
    }
  g_print ("random-policy game, %u turns of %s (%u actions): median %.2f ms\n", turns,
           path, actions, median (t, RUNS) / 1000.0);
}

int
main (int argc, char **argv)
{
  g_autoptr(SandConsole) c = big_map ();
  bench_reach (c);
  bench_supply (c);
  const char *datadir = g_getenv ("SANDTABLE_DATADIR");
  g_autofree char *def = g_build_filename (datadir ? datadir : SOURCE_DATADIR, "scenarios",
                                           "demo.xml", NULL);
  bench_game (argc > 1 ? argv[1] : def);
  return 0;
}
