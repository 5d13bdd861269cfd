/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ai-railhead.c: the fast level carries its supply's head forward
 * (issue 15 item 4, FPW's Germans; sand-ai-railhead.c). Each position is
 * built in the console on a small FPW map — France to column 14, Germany
 * beyond — whose south-edge values rise only in the six westernmost
 * columns, so that the goal field is flat (10) where the units stand: a
 * rail line runs along row 8 from a German rail head at 2008 to the west,
 * and supply reaches ten hexes from its secured end. In each the player
 * before this session moved elsewhere (the EB up a branch toward the
 * nearest French unit; the German combat unit off after a French unit
 * far from the line; a German unit that could not score beyond its supply
 * stayed where it was).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "sand-console.h"
#include "sand-scenario.h"

#include "ai-console-map.h"

/* The map, the edge values, the line along row 8 from 2008 west to
 * column @west and the two sources. */
static SandConsole *
line_map (int west)
{
  SandConsole *c = small_fpw_map (14, 20, 15);
  g_autoptr(GString) rail = g_string_new ("rail");
  for (int col = 20; col >= west; col--)
    g_string_append_printf (rail, " %02d08", col);
  g_free (run (c, rail->str));
  for (int col = 1; col <= 20; col++)
    {
      /* 100 at column 1 down to 50 at column 6, then 10 */
      g_autofree char *line = g_strdup_printf ("marker edge %02d15 none edge=south value=%d",
                                               col, col <= 6 ? 110 - 10 * col : 10);
      g_free (run (c, line));
    }
  g_free (run (c, "marker supply 2008 german source=rail"));
  g_free (run (c, "marker supply 0108 french source=hex"));
  return c;
}

/* The hex a unit stands on, from a `state` answer ("" when not found). */
static char *
hex_of (const char *state, const char *id)
{
  g_autofree char *key = g_strdup_printf ("\"id\":\"%s\"", id);
  const char *at = strstr (state, key);
  g_assert_nonnull (at);
  const char *hex = strstr (at, "\"hex\":\"");
  g_assert_nonnull (hex);
  return g_strndup (hex + 7, 4);
}

/* A German EB on the line at 1408, where a branch leads north to 1404,
 * toward the nearest French unit (1202). The goal field is 10 (flat) on
 * both branches; from 1404 supply would reach column 4 (70 points), from
 * the line west of 1208 column 1 (100). The player before the railhead
 * took the branch (the pull toward the nearest enemy); now the EB goes
 * west along the line, and says why. */
static void
test_eb_heads_where_supply_reaches_deepest (void)
{
  g_autoptr(SandConsole) c = line_map (2);
  const char *setup[] = {
    "rail 1408 1407 1406 1405 1404", "unit de-eb german eb 1408",
    "unit fr-a french combat 1202 strength=4",
    /* a French unit on high edge values: the Germans push toward them */
    "unit fr-b french combat 0512 strength=4", "turns 3 first=german",
  };
  for (guint i = 0; i < G_N_ELEMENTS (setup); i++)
    g_free (run (c, setup[i]));
  g_autofree char *a = run (c, "ai fast");
  g_assert_nonnull (strstr (a, "\"move de-eb 1308 "));
  g_assert_nonnull (strstr (a, "Carrying the head of its supply forward"));
  g_autofree char *state = run (c, "state german");
  g_autofree char *at = hex_of (state, "de-eb");
  /* on the line (row 8), west of where it stood */
  g_assert_cmpstr (at + 2, ==, "08");
  g_assert_cmpint (atoi (at) / 100, <, 14);
}

/* The EB at 1508; a French unit of 2 at 1207, next to the line ahead of
 * it (EB Units (I): the EB may not move next to it, so the head stops at
 * 1408), and another of 2 at 1413, nearer the German combat unit (1411)
 * and off the line. The player before the line ahead went elsewhere (west,
 * after a French unit on higher edge values); now the German goes next to
 * the one holding the line, and says why. */
static void
test_clears_the_enemy_on_the_line_ahead (void)
{
  g_autoptr(SandConsole) c = line_map (2);
  const char *setup[] = {
    "unit de-eb german eb 1508", "unit de-a german combat 1411 strength=6",
    "unit fr-line french combat 1207 strength=2", "unit fr-off french combat 1413 strength=2",
    "unit fr-far french combat 0512 strength=4", "turns 3 first=german",
  };
  for (guint i = 0; i < G_N_ELEMENTS (setup); i++)
    g_free (run (c, setup[i]));
  g_autofree char *a = run (c, "ai fast");
  g_assert_nonnull (strstr (a, "\"move de-a "));
  g_assert_nonnull (strstr (a, "Against the enemy on the line ahead of its supply's head"));
  g_autofree char *state = run (c, "state german");
  g_autofree char *at = hex_of (state, "de-a");
  /* next to 1207 (column 12 is shifted down: n, ne, se, s, sw, nw) */
  const char *next[] = { "1206", "1307", "1308", "1208", "1108", "1107" };
  gboolean beside = FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (next); i++)
    beside |= g_str_equal (at, next[i]);
  g_assert_true (beside);
}

/* The line ends at 1508, in Germany (its own rail, a source: supply
 * reaches ten hexes from it, to column 5). A German unit at 0908 reaches
 * column 1 (100 points) but not with supply there, and the weak French
 * unit at 0312 draws it out of supply too. The player before this tried
 * those two hexes on the count, found neither scores and stayed (10
 * points at column 9); now it also tries the deepest hex it reaches
 * within the railhead's range of the EB, and goes there: column 5,
 * supplied, 60 points. With @dummy, the same in the Standard Game with a
 * German dummy far west at 0212, in France. */
static void
goes_as_deep_as_its_supply_reaches (gboolean dummy)
{
  g_autoptr(SandConsole) c = line_map (15);
  if (dummy)
    sand_scenario_set_option (sand_console_get_scenario (c), "standard", TRUE);
  const char *setup[] = {
    "unit de-eb german eb 1508", "unit de-a german combat 0908 strength=6",
    "unit fr-a french combat 0312 strength=1", "turns 3 first=german",
  };
  for (guint i = 0; i < G_N_ELEMENTS (setup); i++)
    g_free (run (c, setup[i]));
  if (dummy)
    g_free (run (c, "unit de-d german dummy 0212"));
  g_autofree char *before = run (c, "vp german");
  g_assert_nonnull (strstr (before, "\"german\":10,"));
  g_autofree char *a = run (c, "ai fast");
  g_assert_nonnull (strstr (a, "\"move de-a "));
  g_autofree char *after = run (c, "vp german");
  g_assert_nonnull (strstr (after, "\"german\":60,"));
  g_autofree char *state = run (c, "state german");
  g_autofree char *at = hex_of (state, "de-a");
  g_assert_cmpint (atoi (at) / 100, ==, 5);
}

static void
test_goes_as_deep_as_its_supply_reaches (void)
{
  goes_as_deep_as_its_supply_reaches (FALSE);
}

/* A dummy has no strength and carries no supply: the player before this
 * took it for a head of supply like the EB, so the deepest hex "within
 * its supply's reach" was beside the dummy, at column 1 — the deepest hex
 * the unit reaches anyway, out of supply — and the unit, offered nothing
 * else deep, stayed at 10 points. Now only the EB carries supply: column
 * 5, 60 points, as without the dummy. */
static void
test_a_dummy_carries_no_supply (void)
{
  goes_as_deep_as_its_supply_reaches (TRUE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ai/railhead/eb-heads-where-supply-reaches-deepest",
                   test_eb_heads_where_supply_reaches_deepest);
  g_test_add_func ("/ai/railhead/clears-the-enemy-on-the-line-ahead",
                   test_clears_the_enemy_on_the_line_ahead);
  g_test_add_func ("/ai/railhead/goes-as-deep-as-its-supply-reaches",
                   test_goes_as_deep_as_its_supply_reaches);
  g_test_add_func ("/ai/railhead/a-dummy-carries-no-supply", test_a_dummy_carries_no_supply);
  return g_test_run ();
}
