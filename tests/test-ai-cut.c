/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ai-cut.c: units sent together onto the hexes whose control cuts
 * the supply of an enemy unit that scores in the side's country (issue
 * 15 item 4, FPW's Germans on the variable orders of battle;
 * sand-ai-cut.c). Built in the console on a small FPW map, France to the
 * west (columns 1–5) and Germany to the east (6–12): a French corps of
 * 10 three hexes into Germany, supplied from a source in France, scores
 * 150 (50 a hex of penetration). Two German corps of 3, each a move
 * from it: no attack they could make together reaches the odds the
 * attack step asks (12 doubled against 20), so the concert sends neither;
 * the threat field draws each toward it alone. Placed on two hexes on
 * opposite sides of it, their zones of control close every hex round it
 * and its supply line with them (FPW Supply: not through enemy-controlled
 * hexes): the count falls to nothing. With the cut they go there, each
 * to its own hex. A French corps that is not supplied (no French source
 * within reach) scores nothing: no cut, and they go on as before.
 */
#include "config.h"

#include <string.h>

#include <glib.h>

#include "sand-console.h"

#include "ai-console-map.h"

static SandConsole *
cut_position (gboolean french_source)
{
  SandConsole *c = small_fpw_map (5, 12, 10);
  const char *setup[] = {
    "marker supply 1205 german source=hex", "marker victory 1110 none value=10",
    "unit fr-a french combat 0805 strength=10",
    "unit de-a german combat 1102 strength=3", "unit de-b german combat 1108 strength=3",
    "turns 5 first=german", "at 2 german movement",
  };
  if (french_source)
    g_free (run (c, "marker supply 0105 french source=hex"));
  for (guint i = 0; i < G_N_ELEMENTS (setup); i++)
    g_free (run (c, setup[i]));
  return c;
}

static void
test_two_corps_cut_the_supply_of_a_corps_deep_in_germany (void)
{
  g_autoptr(SandConsole) c = cut_position (TRUE);
  g_autofree char *before = run (c, "vp german");
  g_test_message ("%s", before);
  g_assert_nonnull (strstr (before, "\"french\":150"));
  g_autofree char *a = run (c, "ai fast");
  g_test_message ("%s", a);
  g_assert_nonnull (strstr (a, "Cuts the supply of the enemy at 0805"));
  /* one on each side of it: 0704 (two hexes off, its zone reaching the
   * hexes next to 0805 on the west) and 0806 (next to it, south-east) */
  g_assert_true (moved_to (a, "de-a", "0704"));
  g_assert_true (moved_to (a, "de-b", "0806"));
  g_autofree char *after = run (c, "vp german");
  g_test_message ("%s", after);
  g_assert_nonnull (strstr (after, "\"french\":0"));
}

static void
test_no_cut_of_a_corps_that_scores_nothing (void)
{
  g_autoptr(SandConsole) c = cut_position (FALSE);
  g_autofree char *before = run (c, "vp german");
  g_test_message ("%s", before);
  g_assert_nonnull (strstr (before, "\"french\":0"));
  g_autofree char *a = run (c, "ai fast");
  g_test_message ("%s", a);
  g_assert_null (strstr (a, "Cuts the supply"));
  g_assert_false (moved_to (a, "de-a", "0704") || moved_to (a, "de-b", "0806"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ai/cut/two-corps-cut-the-supply-of-a-corps-deep-in-germany",
                   test_two_corps_cut_the_supply_of_a_corps_deep_in_germany);
  g_test_add_func ("/ai/cut/no-cut-of-a-corps-that-scores-nothing",
                   test_no_cut_of_a_corps_that_scores_nothing);
  return g_test_run ();
}
