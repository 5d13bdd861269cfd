/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ai-count.c: the fast level pays only for what the victory count
 * pays (issue 15 item 4, the demo's Germans). Each case is a small FPW
 * position where the player before the term made the move that loses
 * points, and one where the same move is still right: no attack on a
 * fortification on believed odds (sand-ai-fort.c: the Standard Game on
 * the FPW rules suites' test map), no move that ends out of supply
 * (sand-ai-supply.c).
 */
#include "config.h"

#include <string.h>

#include <glib.h>

#include "sand-scenario.h"

#include "console-test-helpers.h"
#include "fpw-test-map.h"

/* A face-down French counter, the only one of the counter mix (6 points:
 * the German believes 6), stands in France next to three German corps of
 * 14; a German unit of 1 masks the hex's surroundings so the attackers
 * are supplied. With @fort the hex is a fortification of 4. */
static void
fort_position (gboolean fort)
{
  standard_map ();
  if (fort)
    ok ("fort 0811 french 4 Metz", NULL, NULL);
  ok ("unit gm german combat 0909 strength=1", NULL, NULL);
  ok ("unit f1 french combat 0811 strength=6", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=14", NULL, NULL);
  ok ("unit g2 german combat 0711 strength=14", NULL, NULL);
  ok ("unit g3 german combat 0911 strength=14", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
}

/* Fortification (B), Unit Reduction (A): 42 against a garrison believed
 * 6, doubled in the fortification, plus the fort's 4 — believed 16, past
 * ai-attack-ratio 2, and 2-1 in fact — where the attacker loses more than
 * the defender on average and the French may take their share on the
 * fort, which the count does not pay for. The player before it attacked
 * (on the defence believed as the rules count it, or on the bare
 * strength before that); now it does not attack a fortification it
 * cannot try. */
static void
test_no_attack_on_a_fortification_on_believed_odds (void)
{
  fort_position (TRUE);
  g_autofree char *odds = run ("odds 0811 g1 g2 g3");
  g_assert_nonnull (strstr (odds, "\"hidden\":true"));
  g_autofree char *a = ai_fast ();
  g_assert_null (strstr (a, "\"attack 0811"));
  g_assert_cmpint (unit_strength ("g1"), ==, 14);
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

/* A 30x30 map, the German "S" in its corner at 0101 (supplied within 10
 * hexes of it), a German corps of 6 and a French one of 6 at @french. */
static void
supply_position (const char *german, const char *french)
{
  g_clear_pointer (&con, sand_console_free);
  con = sand_console_new (NULL, 1);
  ok ("new fpw1870 30x30", NULL, NULL);
  ok ("marker supply 0101 german name=S", NULL, NULL);
  g_autofree char *g = g_strdup_printf ("unit g1 german combat %s strength=6", german);
  g_autofree char *f = g_strdup_printf ("unit f1 french combat %s strength=6", french);
  ok (g, NULL, NULL);
  ok (f, NULL, NULL);
  ok ("turns 3 first=german", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
}

/* Supply (D), FPW's ai-supply: the French corps stands where the hex next
 * to it is out of supply (11 hexes from the source); the count pays
 * nothing for being next to it, and the pull toward an enemy it matches
 * drew the German there before, unsupplied. Now ending its move out of
 * supply costs it its strength: it stays where it is supplied. */
static void
test_stays_in_supply_rather_than_closing_out_of_it (void)
{
  supply_position ("0508", "0514");
  g_autofree char *before = run ("supply g1");
  g_assert_nonnull (strstr (before, "\"supplied\""));
  g_autofree char *a = ai_fast ();
  g_assert_null (strstr (a, "\"move g1 "));
  g_autofree char *after = run ("supply g1");
  g_assert_nonnull (strstr (after, "\"supplied\""));
  teardown ();
}

/* The same corps closer to the source: the hex next to it is supplied, and
 * the German goes there as before. */
static void
test_closes_on_the_enemy_within_supply (void)
{
  supply_position ("0505", "0509");
  g_autofree char *a = ai_fast ();
  g_assert_nonnull (strstr (a, "\"move g1 "));
  g_assert_cmpint (sand_grid_distance (sand_game_get_grid (game ()), unit_hex ("g1"),
                                       hex_of ("0509")), ==, 1);
  g_autofree char *after = run ("supply g1");
  g_assert_nonnull (strstr (after, "\"supplied\""));
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
  g_test_add_func ("/ai/count/stays-in-supply-rather-than-closing-out-of-it",
                   test_stays_in_supply_rather_than_closing_out_of_it);
  g_test_add_func ("/ai/count/closes-on-the-enemy-within-supply",
                   test_closes_on_the_enemy_within_supply);
  return g_test_run ();
}
