/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ai-flank.c: standing where the side's attack becomes a flank attack
 * (issue 15 item 4, FPW's Germans on the campaign; sand-ai-flank.c, FPW
 * Combat (J)). A French corps of 8 in France with a German corps of 6
 * next to it; a second German corps of 6 moves. The player before the
 * term stacked it with the first (12 against 8 from one side); with FPW's
 * ai-flank it goes to the hex opposite, where the two attack doubled.
 * Against a fortification the rules give no flank (Fortification (F)),
 * and the move is the old one. Built in the console on a small FPW map,
 * France to the west and Germany to the east.
 */
#include "config.h"

#include <string.h>

#include <glib.h>

#include "sand-console.h"

#include "ai-console-map.h"

static SandConsole *
flank_position (gboolean fort)
{
  SandConsole *c = small_fpw_map (10, 20, 15);
  if (fort)
    g_free (run (c, "fort 0905 french 2 Verdun"));
  const char *setup[] = {
    "marker supply 0108 french source=hex", "marker supply 1203 german source=hex",
    "unit fr-a french combat 0905 strength=8", "unit de-a german combat 1005 strength=6",
    "unit de-b german combat 0801 strength=6", "turns 3 first=german",
  };
  for (guint i = 0; i < G_N_ELEMENTS (setup); i++)
    g_free (run (c, setup[i]));
  return c;
}

/* 0804 is the hex opposite 1005 around 0905: the second corps goes there,
 * and the attack of the two is a flank attack (doubled: 6-1). */
static void
test_goes_opposite_a_friend_next_to_the_enemy (void)
{
  g_autoptr(SandConsole) c = flank_position (FALSE);
  g_autofree char *a = run (c, "ai fast");
  g_test_message ("%s", a);
  g_assert_true (moved_to (a, "de-b", "0804"));
  g_autofree char *odds = run (c, "odds 0905 de-a de-b");
  g_assert_nonnull (strstr (odds, "\"flank\":true"));
}

/* The French corps in a fortification: no flank to be had, and the second
 * corps closes next to it on the side of the first (1004), as before. */
static void
test_no_flank_against_a_fortification (void)
{
  g_autoptr(SandConsole) c = flank_position (TRUE);
  g_autofree char *a = run (c, "ai fast");
  g_test_message ("%s", a);
  g_assert_true (moved_to (a, "de-b", "1004"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ai/flank/goes-opposite-a-friend-next-to-the-enemy",
                   test_goes_opposite_a_friend_next_to_the_enemy);
  g_test_add_func ("/ai/flank/no-flank-against-a-fortification",
                   test_no_flank_against_a_fortification);
  return g_test_run ();
}
