/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ai-rearguard.c: the dummies as a rear guard on the side's supply
 * line (issue 15 item 4, FPW's Germans on the variable OOB;
 * sand-ai-rearguard.c). The position, built in the console in the
 * Standard Game (dummies in play, every counter face down): a corridor
 * of France one hex wide along row 5 with a rail line (Belgium, closed to
 * both, round it), the German supply source at its east end (1505), a
 * German corps of 6 at its west end (0505), ten hexes off — supplied only
 * along the corridor. Two pockets of France open onto it: one at column
 * 11, where a French counter three hexes up can step onto the corridor at
 * 1105 and cut the corps' supply there (by standing on the line and by
 * its zone of control), and one at column 1, west of the corps, where a
 * French counter can stand by the corridor and cut nothing. A German
 * dummy stands at 0305 in the last Game-Turn. The player before the rear
 * guard drew the dummy toward the nearer enemy, the harmless one in the
 * west, and the French counter in the east could cut the line in its last
 * move; now the dummy stands on 1105, and no French counter can reach the
 * corridor between the corps and its source.
 */
#include "config.h"

#include <string.h>

#include <glib.h>

#include "sand-console.h"
#include "sand-scenario.h"

#include "ai-console-map.h"

static SandConsole *
corridor (void)
{
  SandConsole *c = sand_console_new (NULL, 3);
  g_autoptr(GString) fr = g_string_new ("country france");
  g_autoptr(GString) be = g_string_new ("country belgium");
  g_autoptr(GString) rail = g_string_new ("rail");
  for (int col = 1; col <= 16; col++)
    for (int row = 1; row <= 7; row++)
      {
        gboolean line = row == 5 && col <= 15;
        gboolean pocket = (col == 11 || col == 3) && row <= 4;
        g_string_append_printf (line || pocket ? fr : be, " %02d%02d", col, row);
      }
  for (int col = 1; col <= 15; col++)
    g_string_append_printf (rail, " %02d05", col);
  const char *setup[] = {
    "new fpw1870 20x15", fr->str, be->str, rail->str,
    "marker supply 1505 german source=hex", "marker supply 1101 french source=hex",
    "unit de-a german combat 0505 strength=6", "unit de-d german dummy 0605",
    "unit fr-b french combat 1102 strength=5 ma=3",
    "unit fr-w french combat 0303 strength=5 ma=3",
    "unit fr-late french combat 1101 strength=4 arrive=9",
    "turns 3 first=german",
  };
  for (guint i = 0; i < G_N_ELEMENTS (setup); i++)
    g_free (run (c, setup[i]));
  sand_scenario_set_option (sand_console_get_scenario (c), "standard", TRUE);
  return c;
}

/* Whether @reach (a `reach` answer) names a hex of the corridor between
 * the corps and its source. */
static gboolean
reaches_the_line (const char *reach)
{
  for (int col = 6; col <= 15; col++)
    {
      g_autofree char *hex = g_strdup_printf ("\"%02d05\"", col);
      if (strstr (reach, hex) != NULL)
        return TRUE;
    }
  return FALSE;
}

static void
test_a_dummy_holds_the_line_the_enemy_could_cut (void)
{
  for (int seed = 1; seed <= 4; seed++)
    {
      g_autoptr(SandConsole) c = corridor ();
      g_free (run (c, "at 3 french movement"));
      g_autofree char *before = run (c, "reach fr-b");
      g_assert_true (reaches_the_line (before));
      g_free (run (c, "at 3 german movement"));
      g_autofree char *line = g_strdup_printf ("ai fast seed=%d", seed);
      g_autofree char *a = run (c, line);
      g_test_message ("%s", a);
      g_assert_true (moved_to (a, "de-d", "1105"));
      g_assert_nonnull (strstr (a, "Holding its side's supply line at 1105, which an enemy "
                                   "could cut."));
      g_free (run (c, "at 3 french movement"));
      g_autofree char *after = run (c, "reach fr-b");
      g_test_message ("%s", after);
      g_assert_false (reaches_the_line (after));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ai/rearguard/a-dummy-holds-the-line-the-enemy-could-cut",
                   test_a_dummy_holds_the_line_the_enemy_could_cut);
  return g_test_run ();
}
