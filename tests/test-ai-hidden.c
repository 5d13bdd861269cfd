/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ai-hidden.c: an attack on a counter the side has not seen is
 * judged as if it were real (sand-ai-hidden.c, issue 15 item 4: FPW's
 * Germans in the Standard Game with variable orders of battle). On the
 * FPW rules suites' test map in the Standard Game: a face-down French
 * corps of 10 next to German corps, and four French dummies far off — the
 * counter mix the German has not seen is 10, 0, 0, 0, 0.
 */
#include "config.h"

#include <string.h>

#include <glib.h>

#include "sand-scenario.h"

#include "console-test-helpers.h"
#include "fpw-test-map.h"

/* The German corps of @strength at 0810 and 0711 (and 0911 with @three),
 * next to the face-down French corps at 0811; a German unit of 1 at 0909
 * keeps their hexes supplied; the Combat Phase of Game-Turn 1. */
static void
hidden_position (int strength, gboolean three)
{
  standard_map ();
  ok ("unit gm german combat 0909 strength=1", NULL, NULL);
  ok ("unit f1 french combat 0811 strength=10", NULL, NULL);
  for (int k = 1; k <= 4; k++)
    {
      g_autofree char *d = g_strdup_printf ("unit d%d french dummy %02d18", k, 14 + k);
      ok (d, NULL, NULL);
    }
  g_autofree char *g1 = g_strdup_printf ("unit g1 german combat 0810 strength=%d", strength);
  g_autofree char *g2 = g_strdup_printf ("unit g2 german combat 0711 strength=%d", strength);
  g_autofree char *g3 = g_strdup_printf ("unit g3 german combat 0911 strength=%d", strength);
  ok (g1, NULL, NULL);
  ok (g2, NULL, NULL);
  if (three)
    ok (g3, NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
}

/* Combat (G), the reconstructed CRT: 12 against the corps of 10 is 1-1,
 * where the attacker loses twice what it takes. The player before this
 * dealt the counter one strength from the mix, a dummy's 0 four times in
 * five, and attacked it at 12 against a believed 1 (on 7 of these 8
 * seeds); believed real, it is 12 against 10, short of ai-attack-ratio 2,
 * on every seed. */
static void
test_no_attack_on_a_hidden_counter_that_may_be_real (void)
{
  for (int seed = 1; seed <= 8; seed++)
    {
      hidden_position (6, FALSE);
      g_autofree char *odds = run ("odds 0811 g1 g2");
      g_assert_nonnull (strstr (odds, "\"hidden\":true"));
      g_autofree char *a = run ("ai fast seed=%d", seed);
      g_assert_true (g_str_has_prefix (a, "{\"ok\":true"));
      g_assert_null (strstr (a, "\"attack 0811"));
      g_assert_cmpint (unit_strength ("g1"), ==, 6);
      g_assert_cmpint (unit_strength ("g2"), ==, 6);
      teardown ();
    }
}

/* Three corps of 10 against the same counter: 30 against the 10 it
 * believes, past the ratio — the attack is made, believed real, on every
 * seed. */
static void
test_attack_on_a_hidden_counter_that_pays_even_if_real (void)
{
  for (int seed = 1; seed <= 8; seed++)
    {
      hidden_position (10, TRUE);
      g_autofree char *a = run ("ai fast seed=%d", seed);
      g_assert_true (g_str_has_prefix (a, "{\"ok\":true"));
      g_assert_nonnull (strstr (a, "\"attack 0811 "));
      g_assert_nonnull (strstr (a, "hidden defence believed 10 strong"));
      teardown ();
    }
}

/* Two face-down French corps of 10, at 0811 and 1411, each with three
 * German corps next to it: of 10 at 0811 (30 against the 10 it
 * believes), of 8 at 1411 (24 against 10); both past ai-attack-ratio, the
 * first the better. The player before this asked each hex once a phase
 * and, having found 0811 the better, never asked 1411 again: it made one
 * attack of the two, on every seed. Both are made. */
static void
test_attacks_each_hidden_counter_that_pays_not_only_the_best (void)
{
  for (int seed = 1; seed <= 8; seed++)
    {
      hidden_position (10, TRUE);
      ok ("unit gm2 german combat 1509 strength=1", NULL, NULL);
      ok ("unit f2 french combat 1411 strength=10", NULL, NULL);
      ok ("unit g4 german combat 1410 strength=8", NULL, NULL);
      ok ("unit g5 german combat 1311 strength=8", NULL, NULL);
      ok ("unit g6 german combat 1511 strength=8", NULL, NULL);
      g_autofree char *a = run ("ai fast seed=%d", seed);
      g_assert_true (g_str_has_prefix (a, "{\"ok\":true"));
      g_assert_nonnull (strstr (a, "\"attack 0811 "));
      g_assert_nonnull (strstr (a, "\"attack 1411 "));
      teardown ();
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ai/hidden/no-attack-on-a-hidden-counter-that-may-be-real",
                   test_no_attack_on_a_hidden_counter_that_may_be_real);
  g_test_add_func ("/ai/hidden/attack-on-a-hidden-counter-that-pays-even-if-real",
                   test_attack_on_a_hidden_counter_that_pays_even_if_real);
  g_test_add_func ("/ai/hidden/attacks-each-hidden-counter-that-pays-not-only-the-best",
                   test_attacks_each_hidden_counter_that_pays_not_only_the_best);
  return g_test_run ();
}
