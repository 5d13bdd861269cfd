/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ai-crowd.c: enough units next to an enemy, the rest elsewhere
 * (issue 15 item 4, FPW's Germans on the campaign; sand-ai-crowd.c). The
 * pull next to enemies a unit outweighs drew every German in reach to the
 * same French counter, a whole army round a point that no attack paid
 * for; with FPW's ai-crowd a hex already faced by enough strength pulls
 * no more. Each position is built in the console on a small FPW map,
 * France to the west and Germany to the east: one where the player
 * before the term went to the crowded enemy (checked with ai-crowd 0),
 * one where joining is still right.
 */
#include "config.h"

#include <string.h>

#include <glib.h>

#include "sand-console.h"
#include "sand-scenario.h"

#include "ai-console-map.h"

/* France to column 10, Germany to 20; each side a source on its own edge;
 * a French counter of @weak points at 0905 with a German corps of 6 next
 * to it (1005), with @other another French one of 4 at 0911, and a second
 * German corps of 6 at 1308, four hexes from either. The fast German
 * moves. */
static char *
crowd_position (int weak, gboolean other)
{
  g_autoptr(SandConsole) c = small_fpw_map (10, 20, 15);
  g_autofree char *fr = g_strdup_printf ("unit fr-weak french combat 0905 strength=%d", weak);
  const char *setup[] = {
    "marker supply 0108 french source=hex", "marker supply 2008 german source=hex",
    fr, other ? "unit fr-b french combat 0911 strength=4" : "turns 3",
    "unit de-a german combat 1005 strength=6", "unit de-b german combat 1308 strength=6",
    "turns 3 first=german",
  };
  for (guint i = 0; i < G_N_ELEMENTS (setup); i++)
    g_free (run (c, setup[i]));
  char *a = run (c, "ai fast");
  g_test_message ("%s", a);
  return a;
}

/* A French counter of 1 already has a German corps of 6 next to it — six
 * times its strength, past ai-crowd 3. The player before it sent the
 * second corps next to it too (0906: against 1 it outweighs it most);
 * now the second goes next to the French counter of 4 that no German
 * faces (0910). */
static void
test_goes_where_no_unit_faces_the_enemy (void)
{
  g_autofree char *a = crowd_position (1, TRUE);
  g_assert_true (moved_to (a, "de-b", "0910"));
}

/* A French counter of 6 there, and no other: the corps of 6 next to it is
 * not enough (3 times 6 is 18), so the second joins it, as before. */
static void
test_joins_where_the_enemy_still_wants_more (void)
{
  g_autofree char *a = crowd_position (6, FALSE);
  const char *next_to[] = { "0804", "0805", "0904", "0906", "1004", "1005" };
  gboolean joined = FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (next_to); i++)
    joined |= moved_to (a, "de-b", next_to[i]);
  g_assert_true (joined);
}

/* The Standard Game: the French corps of 10 at 0905 face down, and four
 * French dummies far off (0114 to 0414), so the counter mix the German
 * has not seen is 10, 0, 0, 0, 0; the rest as crowd_position. The fast
 * German moves with the player's stream @seed. */
static char *
hidden_position (int seed)
{
  g_autoptr(SandConsole) c = small_fpw_map (10, 20, 15);
  sand_scenario_set_option (sand_console_get_scenario (c), "standard", TRUE);
  const char *setup[] = {
    "marker supply 0108 french source=hex", "marker supply 2008 german source=hex",
    "unit fr-a french combat 0905 strength=10",
    "unit d1 french dummy 0114", "unit d2 french dummy 0214",
    "unit d3 french dummy 0314", "unit d4 french dummy 0414",
    "unit de-a german combat 1005 strength=6", "unit de-b german combat 1308 strength=6",
    "turns 3 first=german",
  };
  for (guint i = 0; i < G_N_ELEMENTS (setup); i++)
    g_free (run (c, setup[i]));
  g_autofree char *line = g_strdup_printf ("ai fast seed=%d", seed);
  char *a = run (c, line);
  g_test_message ("%s", a);
  return a;
}

/* A face-down counter the view dealt a dummy's 0: the corps of 6 next to
 * it was "enough" (3 times a believed 1) and the second went elsewhere —
 * yet the attack step judges that hex believed real, 10, and asks
 * ai-attack-ratio 2 of it: 20, which one corps never makes. Now enough
 * there is what the attack step asks, so the second corps joins the first
 * on every seed, whatever strength the view dealt. */
static void
test_joins_a_face_down_enemy_until_the_attack_is_made (void)
{
  const char *next_to[] = { "0804", "0805", "0904", "0906", "1004", "1005" };
  for (int seed = 1; seed <= 8; seed++)
    {
      g_autofree char *a = hidden_position (seed);
      gboolean joined = FALSE;
      for (guint i = 0; i < G_N_ELEMENTS (next_to); i++)
        joined |= moved_to (a, "de-b", next_to[i]);
      g_assert_true (joined);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ai/crowd/goes-where-no-unit-faces-the-enemy",
                   test_goes_where_no_unit_faces_the_enemy);
  g_test_add_func ("/ai/crowd/joins-where-the-enemy-still-wants-more",
                   test_joins_where_the_enemy_still_wants_more);
  g_test_add_func ("/ai/crowd/joins-a-face-down-enemy-until-the-attack-is-made",
                   test_joins_a_face_down_enemy_until_the_attack_is_made);
  return g_test_run ();
}
