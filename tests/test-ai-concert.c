/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ai-concert.c: units sent together next to one enemy hex (issue 15
 * item 4, FPW's Germans on the variable orders of battle;
 * sand-ai-concert.c). Built in the console on a small FPW map, France to
 * the west and Germany to the east (beyond column 14, too far for the
 * guard to play): a French corps of 8, two German corps of 5, each a
 * move from it, and an objective (a victory hex) off to the south-east. Each corps alone is too weak to
 * attack the French one at the odds the attack step asks (5 against 8),
 * so the player before the concert sent both toward the objective, one
 * unit at a time, and made no attack. Together from opposite sides (FPW
 * Combat (J): doubled) they make 20 against 8: with the concert they go
 * there, each to its own hex of the flank, and attack in the Combat Phase.
 * A French corps of 12 is beyond the two even doubled: no concert, and
 * they head for the objective as before.
 */
#include "config.h"

#include <string.h>

#include <glib.h>

#include "sand-console.h"

#include "ai-console-map.h"

static SandConsole *
concert_position (int french)
{
  SandConsole *c = small_fpw_map (14, 20, 15);
  g_autofree char *fr = g_strdup_printf ("unit fr-a french combat 0706 strength=%d", french);
  const char *setup[] = {
    "marker supply 0108 french source=hex", "marker supply 1603 german source=hex",
    "marker supply 1610 german source=hex", "marker victory 1112 none value=10", fr,
    "unit de-a german combat 1004 strength=5", "unit de-b german combat 1009 strength=5",
    "turns 5 first=german", "at 2 german movement",
  };
  for (guint i = 0; i < G_N_ELEMENTS (setup); i++)
    g_free (run (c, setup[i]));
  return c;
}

/* Both go next to 0706 on opposite sides (0705 and 0707: north and
 * south), the attack of the two is a flank attack, and the Combat Phase
 * makes it. */
static void
test_two_corps_converge_on_one_neither_takes_alone (void)
{
  g_autoptr(SandConsole) c = concert_position (8);
  g_autofree char *a = run (c, "ai fast");
  g_test_message ("%s", a);
  g_assert_true (moved_to (a, "de-a", "0705"));
  g_assert_true (moved_to (a, "de-b", "0707"));
  g_assert_nonnull (strstr (a, "Joins the attack on 0706: with the units sent with it, 10 "
                               "against a defence believed 8."));
  g_autofree char *odds = run (c, "odds 0706 de-a de-b");
  g_assert_nonnull (strstr (odds, "\"flank\":true"));
  g_free (run (c, "end-phase"));
  g_autofree char *combat = run (c, "ai fast");
  g_test_message ("%s", combat);
  g_assert_nonnull (strstr (combat, "\"attack 0706 de-a de-b"));
}

/* A French corps of 12: 20 doubled is short of twice it, no concert, and
 * neither goes next to it: both head for the objective, as before. */
static void
test_no_concert_the_two_cannot_make_the_odds_of (void)
{
  g_autoptr(SandConsole) c = concert_position (12);
  g_autofree char *a = run (c, "ai fast");
  g_test_message ("%s", a);
  g_assert_null (strstr (a, "Joins the attack"));
  g_assert_true (moved_to (a, "de-a", "1112") && moved_to (a, "de-b", "1112"));
  for (int d = 0; d < 6; d++)
    {
      static const char *next_to[] = { "0705", "0707", "0605", "0606", "0805", "0806" };
      g_assert_false (moved_to (a, "de-a", next_to[d]));
      g_assert_false (moved_to (a, "de-b", next_to[d]));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ai/concert/two-corps-converge-on-one-neither-takes-alone",
                   test_two_corps_converge_on_one_neither_takes_alone);
  g_test_add_func ("/ai/concert/no-concert-the-two-cannot-make-the-odds-of",
                   test_no_concert_the_two_cannot_make_the_odds_of);
  return g_test_run ();
}
