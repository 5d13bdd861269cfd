/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ai-guard.c: the guard where the enemy can come into the side's
 * country (issue 15 item 4, FPW's Germans; sand-ai-guard.c). The position
 * is the campaign's Strasburg in small, built in the console: France to
 * the west, a strip of Germany two rows wide to the east (Belgium, closed
 * to both, round it), a river between them, and a French corps of 5 in a
 * fortification on the west bank, one move from Germany, where it scores
 * 50 a hex of depth (its fortification supplies it across the river, where
 * no zone of control reaches). A German corps of 6 stands in France by a
 * French unit of 1 it outweighs. The German before the guard went next to
 * the weak one, and the corps could walk five hexes into Germany (250
 * points); with it, the German stands on the German bank, and the corps
 * can come one hex in at most. The same country without the river plays
 * the fortification's own rule alone.
 */
#include "config.h"

#include <string.h>

#include <glib.h>

#include "sand-console.h"
#include "sand-scenario.h"

#include "ai-console-map.h"

static SandConsole *
crossing_with (const char *corps_type, gboolean river)
{
  SandConsole *c = sand_console_new (NULL, 3);
  g_autoptr(GString) fr = g_string_new ("country france");
  g_autoptr(GString) de = g_string_new ("country germany");
  g_autoptr(GString) be = g_string_new ("country belgium");
  for (int col = 1; col <= 12; col++)
    for (int row = 1; row <= 10; row++)
      g_string_append_printf (col <= 5 ? fr : row == 7 || row == 8 ? de : be, " %02d%02d",
                              col, row);
  g_free (run (c, "new fpw1870 20x15"));
  g_free (run (c, fr->str));
  g_free (run (c, de->str));
  g_free (run (c, be->str));
  for (int row = 1; river && row <= 10; row++)
    {
      g_autofree char *ne = g_strdup_printf ("hexside 05%02d ne river", row);
      g_autofree char *se = g_strdup_printf ("hexside 05%02d se river", row);
      g_free (run (c, ne));
      g_free (run (c, se));
    }
  g_autofree char *fr_b = g_strdup_printf ("unit fr-b french %s 0508%s", corps_type,
                                           strcmp (corps_type, "combat") == 0 ? " strength=5"
                                                                            : "");
  const char *setup[] = {
    "marker supply 0105 french source=hex", "marker supply 0403 german source=hex",
    "marker supply 1207 german source=hex", "fort 0508 french 4 Fort capacity=-1",
    fr_b, "unit fr-weak french combat 0201 strength=1",
    "unit de-a german combat 0303 strength=6", "turns 5 first=german",
  };
  for (guint i = 0; i < G_N_ELEMENTS (setup); i++)
    g_free (run (c, setup[i]));
  return c;
}

static SandConsole *
crossing (gboolean river)
{
  return crossing_with ("combat", river);
}

/* The German's move on Game-Turn 2 of 5 (not the last: the screen plays
 * no part). */
static char *
german_move (SandConsole *c)
{
  g_free (run (c, "at 2 german movement"));
  char *a = run (c, "ai fast");
  g_test_message ("%s", a);
  return a;
}

/* After the German move, the French corps may come one hex into Germany,
 * no deeper. */
static void
comes_in_one_hex_at_most (SandConsole *c)
{
  g_free (run (c, "end-phase"));
  g_free (run (c, "end-phase"));
  g_autofree char *reach = run (c, "reach fr-b");
  g_test_message ("%s", reach);
  for (int col = 7; col <= 12; col++)
    for (int row = 7; row <= 8; row++)
      {
        g_autofree char *hex = g_strdup_printf ("\"%02d%02d\"", col, row);
        g_assert_null (strstr (reach, hex));
      }
}

static void
test_guards_the_crossing_into_its_country (void)
{
  g_autoptr(SandConsole) c = crossing (TRUE);
  g_autofree char *a = german_move (c);
  /* it ends on the German bank, at the hexes the corps would cross to */
  g_assert_true (moved_to (a, "de-a", "0607") || moved_to (a, "de-a", "0608"));
  g_assert_nonnull (strstr (a, "Guarding its own country at 0607, where the enemy at 0508 "
                                 "could come in and score.\""));
  g_assert_null (strstr (a, "victory count +0.0"));
  comes_in_one_hex_at_most (c);
}

/* FPW ZOC (B): a zone of control does not cross a river. On the west bank
 * facing the crossing (0507), the German would be next to 0607 but its
 * zone would not reach it, and the corps would walk past it into Germany;
 * the guard crosses to the German bank (the player before the rule stood
 * at 0507). */
static void
test_a_zone_of_control_does_not_cross_a_river (void)
{
  g_autoptr(SandConsole) c = crossing (TRUE);
  g_autofree char *a = german_move (c);
  for (int row = 1; row <= 10; row++)
    {
      g_autofree char *west_bank = g_strdup_printf ("05%02d", row);
      g_assert_false (moved_to (a, "de-a", west_bank));
    }
  comes_in_one_hex_at_most (c);
}

/* FPW Fortification (C): no zone of control extends into an enemy
 * fortification. The same country with no river: next to the fort at 0508
 * alone (0407) the German would not hold the corps in it, which walks out
 * into Germany; the guard stands at the hex it would come in at (the
 * player before the rule stood at 0407). */
static void
test_no_zone_of_control_into_an_enemy_fortification (void)
{
  g_autoptr(SandConsole) c = crossing (FALSE);
  g_autofree char *a = german_move (c);
  g_assert_false (moved_to (a, "de-a", "0407"));
  g_assert_true (moved_to (a, "de-a", "0607") || moved_to (a, "de-a", "0608"));
  comes_in_one_hex_at_most (c);
}

/* The same crossing held already by a German corps of 15 (three times the
 * French 5; ai-guard-ratio asks twice): the guard needs no one else, and the corps in
 * France goes after the weak French unit, as before, for that reason (its
 * sentence comes first: it moves first); the corps of 15 guards. */
static void
test_no_more_guard_than_the_crossing_needs (void)
{
  g_autoptr(SandConsole) c = crossing (TRUE);
  g_free (run (c, "unit de-b german combat 0607 strength=15"));
  g_autofree char *a = german_move (c);
  g_assert_true (moved_to (a, "de-a", "0202") || moved_to (a, "de-a", "0302")
                 || moved_to (a, "de-a", "0101") || moved_to (a, "de-a", "0301"));
  const char *why = strstr (a, "\"why\":[\"");
  g_assert_nonnull (why);
  g_assert_true (g_str_has_prefix (why + 8, "Next to the enemy, believed 1 strong"));
  /* and the corps of 15 keeps to the bank */
  g_assert_true (strstr (a, "\"move de-b ") == NULL || moved_to (a, "de-b", "0607")
                 || moved_to (a, "de-b", "0608"));
}

/* The Standard Game: every French counter face down, the German has seen
 * none, and a French corps of 4 waits to come in on Game-Turn 4 (a real
 * counter of the mix, off the map). The count the German makes does not
 * count a counter it has not seen, so the guard before this saw no one
 * in Strasburg: the German went next to whichever counter the view dealt
 * the weaker strength (on the first of these streams the one in
 * Strasburg, from the French bank, 0509, where its zone of control does
 * not cross the river). Now the counter in Strasburg is guarded
 * as a seen one is, on every stream; and with a dummy there the German,
 * which cannot tell, plays the same move for the same reason. */
static char *
hidden_crossing_move (const char *corps_type, int seed)
{
  g_autoptr(SandConsole) c = crossing_with (corps_type, TRUE);
  sand_scenario_set_option (sand_console_get_scenario (c), "standard", TRUE);
  g_free (run (c, "unit fr-late french combat 0105 strength=4 arrive=4"));
  g_free (run (c, "at 2 german movement"));
  g_autofree char *line = g_strdup_printf ("ai fast seed=%d", seed);
  char *a = run (c, line);
  g_test_message ("%s", a);
  return a;
}

static void
test_guards_against_a_face_down_counter (void)
{
  for (int seed = 1; seed <= 8; seed++)
    {
      g_autofree char *a = hidden_crossing_move ("combat", seed);
      g_assert_true (moved_to (a, "de-a", "0607") || moved_to (a, "de-a", "0608"));
      g_assert_nonnull (strstr (a, "Guarding its own country at 0607, where the enemy at 0508"));
      g_autofree char *dummy = hidden_crossing_move ("dummy", seed);
      g_assert_cmpstr (dummy, ==, a);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ai/guard/guards-the-crossing-into-its-country",
                   test_guards_the_crossing_into_its_country);
  g_test_add_func ("/ai/guard/no-more-guard-than-the-crossing-needs",
                   test_no_more_guard_than_the_crossing_needs);
  g_test_add_func ("/ai/guard/a-zone-of-control-does-not-cross-a-river",
                   test_a_zone_of_control_does_not_cross_a_river);
  g_test_add_func ("/ai/guard/no-zone-of-control-into-an-enemy-fortification",
                   test_no_zone_of_control_into_an_enemy_fortification);
  g_test_add_func ("/ai/guard/guards-against-a-face-down-counter",
                   test_guards_against_a_face_down_counter);
  return g_test_run ();
}
