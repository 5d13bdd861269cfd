/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-rules-lfaf.c: the La fleur au fusil module's speed on the full
 * battle (scenario 4: 131 counters on 20x26 hexes of forest, villages and
 * roads):
 *
 *  1. `reach` for every unit of the side to move (median per query);
 *  2. the command state of every unit on the map (one LoC trace each);
 *  3. a whole random-policy game of seven turns.
 *
 * Usage: bench-rules-lfaf [SCENARIO.xml]
 */
#include "config.h"

#include <glib.h>
#include <stdlib.h>
#include <time.h>

#include "bench-timing.h"
#include "sand-action.h"
#include "sand-game.h"
#include "sand-scenario-io.h"

static void
random_game (SandScenario *scenario, guint64 seed, guint *actions)
{
  g_autoptr(SandGame) g = sand_game_new (scenario, NULL, seed, NULL);
  g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) seed);
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  const SandGrid *grid = sand_game_get_grid (g);
  guint n = sand_game_n_units (g);

  for (int step = 0; step < 20000 && !sand_game_is_over (g); step++)
    {
      const char *phase = sand_game_get_phase_id (g);
      int side = sand_game_get_side (g);
      int u = (int) g_rand_int_range (rand, 0, (gint32) n);
      const SandUnitState *s = sand_game_get_unit (g, u);
      (*actions)++;
      if (g_rand_int_range (rand, 0, 100) < 2 || s->status != SAND_UNIT_ON_MAP
          || s->side != side)
        {
          if (g_rand_int_range (rand, 0, 100) < 5)
            sand_game_end_phase (g, NULL);
          continue;
        }
      if (g_str_equal (phase, "movement"))
        {
          const SandReach *r = sand_game_reach (g, u, NULL);
          if (r == NULL)
            continue;
          g_array_set_size (hexes, 0);
          sand_reach_hexes (r, hexes);
          if (hexes->len > 0)
            {
              int h = g_array_index (hexes, int, g_rand_int_range (rand, 0, (gint32) hexes->len));
              sand_game_move (g, u, &h, 1, NULL, NULL);
            }
        }
      else if (g_str_equal (phase, "combat"))
        {
          int t = sand_grid_neighbour (grid, s->hex, g_rand_int_range (rand, 0, 6));
          SandAttackResult res;
          if (t != SAND_HEX_NONE && sand_game_attack (g, t, &u, 1, NULL, &res, NULL))
            sand_attack_result_clear (&res);
        }
      else
        sand_game_end_phase (g, NULL);
    }
}

int
main (int argc, char **argv)
{
  const char *datadir = g_getenv ("SANDTABLE_DATADIR");
  g_autofree char *def = g_build_filename (datadir ? datadir : SOURCE_DATADIR, "scenarios",
                                           "lfaf1914-4-bataille-complete.xml", NULL);
  const char *path = argc > 1 ? argv[1] : def;
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) scenario = sand_scenario_load_file (path, &error);
  if (scenario == NULL)
    g_error ("%s", error->message);
  g_autoptr(SandGame) g = sand_game_new (scenario, NULL, 1, &error);
  if (g == NULL)
    g_error ("%s", error->message);
  guint n = sand_game_n_units (g);

  /* 1 */
  g_autoptr(GArray) t = g_array_new (FALSE, FALSE, sizeof (double));
  for (int rep = 0; rep < 50; rep++)
    for (guint i = 0; i < n; i++)
      {
        const SandUnitState *u = sand_game_get_unit (g, (int) i);
        if (u->status != SAND_UNIT_ON_MAP || u->side != sand_game_get_side (g))
          continue;
        double t0 = now_us ();
        const SandReach *r = sand_game_reach (g, (int) i, NULL);
        double dt = now_us () - t0;
        if (r != NULL)
          g_array_append_val (t, dt);
      }
  qsort (t->data, t->len, sizeof (double), cmp_double);
  g_print ("lfaf reach (full battle, side to move): median %.1f us over %u queries\n",
           t->len ? g_array_index (t, double, t->len / 2) : 0.0, t->len);

  /* 2 */
  g_array_set_size (t, 0);
  for (int rep = 0; rep < 50; rep++)
    {
      double t0 = now_us ();
      for (guint i = 0; i < n; i++)
        {
          if (sand_game_get_unit (g, (int) i)->status != SAND_UNIT_ON_MAP)
            continue;
          const char *args[] = { sand_game_get_counter (g, (int) i)->id, NULL };
          sand_game_perform_args (g, "command", args, NULL, NULL);
        }
      double dt = now_us () - t0;
      g_array_append_val (t, dt);
    }
  qsort (t->data, t->len, sizeof (double), cmp_double);
  g_print ("lfaf command state of every unit on the map: median %.1f us\n",
           g_array_index (t, double, t->len / 2));

  /* 3 */
  g_array_set_size (t, 0);
  guint actions = 0;
  for (guint64 seed = 1; seed <= 9; seed++)
    {
      double t0 = now_us ();
      random_game (scenario, seed, &actions);
      double dt = (now_us () - t0) / 1000.0;
      g_array_append_val (t, dt);
    }
  qsort (t->data, t->len, sizeof (double), cmp_double);
  g_print ("lfaf random game of the full battle: median %.1f ms (%u actions in all)\n",
           g_array_index (t, double, t->len / 2), actions);
  return 0;
}
