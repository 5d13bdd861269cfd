/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ai-count.c: the fast level pays only for what the victory count
 * pays (issue 15 item 4, the demo's Germans). Each case is a position on
 * the FPW rules suites' test map, in the Standard Game, where the player
 * before the term made the move that loses points, and one where the
 * same move is still right.
 */
#include "config.h"

#include <string.h>

#include <glib.h>

#include "sand-scenario.h"

#include "console-test-helpers.h"
#include "fpw-test-map.h"

/* The console's `ai fast` on the game as it stands; its answer. */
static char *
ai_fast (void)
{
  char *a = run ("ai fast seed=3");
  g_assert_true (g_str_has_prefix (a, "{\"ok\":true"));
  return a;
}

/* A face-down French counter, the only one of the counter mix (6 points:
 * the German believes 6), stands in France next to three German corps of
 * 10; a German unit of 1 masks the hex's surroundings so the attackers
 * are supplied. With @fort the hex is a fortification of 4. */
static void
fort_position (gboolean fort)
{
  standard_map ();
  if (fort)
    ok ("fort 0811 french 4 Metz", NULL, NULL);
  ok ("unit gm german combat 0909 strength=1", NULL, NULL);
  ok ("unit f1 french combat 0811 strength=6", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=10", NULL, NULL);
  ok ("unit g2 german combat 0711 strength=10", NULL, NULL);
  ok ("unit g3 german combat 0911 strength=10", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
}

/* Fortification (B), Unit Reduction (A): believed odds of 5 to 1 are 1-1
 * in the fortification (the corps doubled, the fort's 4 added), and the
 * losses the French may take on the fort count for nothing. The player
 * before it attacked; now it does not attack a fortification it cannot
 * try. */
static void
test_no_attack_on_a_fortification_on_believed_odds (void)
{
  fort_position (TRUE);
  g_autofree char *odds = run ("odds 0811 g1 g2 g3");
  g_assert_nonnull (strstr (odds, "\"hidden\":true"));
  g_autofree char *a = ai_fast ();
  g_assert_null (strstr (a, "\"attack 0811"));
  g_assert_cmpint (unit_strength ("g1"), ==, 10);
  teardown ();
}

/* The same corps and believed odds in the open: the attack on the face-down
 * counter is still made on them. */
static void
test_attack_in_the_open_on_believed_odds (void)
{
  fort_position (FALSE);
  g_autofree char *a = ai_fast ();
  g_assert_nonnull (strstr (a, "\"attack 0811 "));
  g_assert_nonnull (strstr (a, "hidden defence believed 6 strong"));
  teardown ();
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ai/count/no-attack-on-a-fortification-on-believed-odds",
                   test_no_attack_on_a_fortification_on_believed_odds);
  g_test_add_func ("/ai/count/attack-in-the-open-on-believed-odds",
                   test_attack_in_the_open_on_believed_odds);
  return g_test_run ();
}
