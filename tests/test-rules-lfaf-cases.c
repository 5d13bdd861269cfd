/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules-lfaf-cases.c: La fleur au fusil, août 1914 — the cases a
 * reading of the rulebook against the engine found played wrongly or not
 * at all (issue 14), named after them and driven through the console.
 * test-rules-lfaf.c holds the rest.
 *
 * The base map is 12x12 clear, flat-topped, even columns lower: the
 * neighbours of 0505 are n 0504, ne 0604, se 0605, s 0506, sw 0405,
 * nw 0404.
 */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "sand-console.h"
#include "sand-game.h"

#include "console-test-helpers.h"

/* How many times @id appears as a unit in @answer's "units". */
static int
times_listed (const char *answer, const char *id)
{
  g_autofree char *key = g_strdup_printf ("{\"id\":\"%s\",\"loss\"", id);
  int n = 0;
  for (const char *p = strstr (answer, key); p != NULL; p = strstr (p + 1, key))
    n++;
  return n;
}

/* Messages: a unit that loses a step in the assault and another in its
 * retreat (into the attacker's zone of control) is listed once, with both
 * steps and its strength after them. */
static void
messages_combined_retreat_loss_listed_once (void)
{
  lfaf_base_map ();
  ok ("hexside 0505 se river", NULL, NULL);
  ok ("hexside 0505 s river", NULL, NULL);
  ok ("hexside 0505 sw river", NULL, NULL);
  ok ("unit a french infantry 0504 steps=2 quality=1", NULL, NULL);
  ok ("unit d german light 0505 steps=3 quality=0", NULL, NULL);
  ok ("at 1 french combat", NULL, NULL);
  ok ("roll 6", NULL, NULL);
  g_autofree char *a = run ("attack 0505 a");
  g_assert_true (g_str_has_prefix (a, "{\"ok\":true"));
  g_assert_cmpint (unit_strength ("d"), ==, 1);
  g_assert_cmpint (times_listed (a, "d"), ==, 1);
  g_assert_nonnull (strstr (a, "{\"id\":\"d\",\"loss\":2,\"strength\":1}"));
  teardown ();
}

/* 4.1 and 7.10 (reconstructed) ---------------------------------------------- */

/* "Friendly units cannot enter hexes containing enemy units, with the
 * exception of an attack on headquarters or artillery alone (see 7.10)":
 * the battery alone is taken, its steps lost; the attacker stops there. */
static void
lfaf_4_1_attack_on_artillery_alone_takes_the_guns (void)
{
  lfaf_base_map ();
  ok ("unit a french infantry 0503 steps=2", NULL, NULL);
  ok ("unit g german artillery 0505", NULL, NULL);
  ok ("at 1 french movement", NULL, NULL);
  ok ("reach a", "\"0505\":2", NULL);
  ok ("move a 0504 0505", "\"mp_left\":2", NULL);
  g_assert_cmpint (unit_hex ("a"), ==, hex_of ("0505"));
  g_assert_cmpint (unit_status ("g"), ==, SAND_UNIT_ELIMINATED);
  refused ("move a 0506", NULL);  /* its move ended there */
  teardown ();
}

/* A headquarters alone rides off to the nearest hex of its own troops
 * within its command radius. */
static void
lfaf_4_1_attack_on_headquarters_alone_drives_it_off (void)
{
  lfaf_base_map ();
  ok ("unit a french infantry 0503 steps=2", NULL, NULL);
  ok ("unit h german hq 0505", NULL, NULL);
  ok ("unit i german infantry 0508 steps=2", NULL, NULL);
  ok ("at 1 french movement", NULL, NULL);
  ok ("move a 0504 0505", NULL, NULL);
  g_assert_cmpint (unit_status ("h"), ==, SAND_UNIT_ON_MAP);
  g_assert_cmpint (unit_hex ("h"), ==, hex_of ("0508"));
  g_assert_cmpint (unit_hex ("a"), ==, hex_of ("0505"));
  teardown ();
}

/* With no troops of its own within reach the staff is taken. */
static void
lfaf_4_1_headquarters_with_nowhere_to_go_is_taken (void)
{
  lfaf_base_map ();
  ok ("unit a french infantry 0503 steps=2", NULL, NULL);
  ok ("unit h german hq 0505", NULL, NULL);
  ok ("at 1 french movement", NULL, NULL);
  ok ("move a 0504 0505", NULL, NULL);
  g_assert_cmpint (unit_status ("h"), ==, SAND_UNIT_ELIMINATED);
  teardown ();
}

/* Not "alone": with infantry in the hex, or for artillery and headquarters
 * themselves, the hex stays closed, and the refusal says LFAF's rule. */
static void
lfaf_4_1_no_entering_other_enemy_hexes (void)
{
  lfaf_base_map ();
  ok ("unit a french infantry 0503 steps=2", NULL, NULL);
  ok ("unit b french artillery 0703", NULL, NULL);
  ok ("unit g german artillery 0505", NULL, NULL);
  ok ("unit i german infantry 0505 steps=2", NULL, NULL);
  ok ("unit k german artillery 0705", NULL, NULL);
  ok ("at 1 french movement", NULL, NULL);
  refused ("move a 0505", "LFAF 4.1");
  g_autofree char *why = run ("move a 0505");
  g_assert_nonnull (strstr (why, "except to attack headquarters or artillery alone"));
  refused ("move b 0704 0705", "LFAF 4.1");
  teardown ();
}

/* Console: at --------------------------------------------------------------- */

/* LFAF has no reinforcement phase: units arrive as their side's Movement
 * Phase of their turn begins (5), and `at` to that phase or later brings
 * them in, as play would have. */
static void
console_at_brings_in_lfaf_arrivals (void)
{
  lfaf_base_map ();
  ok ("unit a french infantry 0101 steps=2 arrive=2", NULL, NULL);
  ok ("unit b french infantry 0102 steps=2 arrive=4", NULL, NULL);
  ok ("at 2 french combat", NULL, NULL);
  g_assert_cmpint (unit_status ("a"), ==, SAND_UNIT_ON_MAP);
  g_assert_cmpint (unit_hex ("a"), ==, hex_of ("0101"));
  g_assert_cmpint (unit_status ("b"), ==, SAND_UNIT_WAITING);
  teardown ();
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
#define T(name) g_test_add_func ("/rules-lfaf-cases/" #name, name)
  T (messages_combined_retreat_loss_listed_once);
  T (lfaf_4_1_attack_on_artillery_alone_takes_the_guns);
  T (lfaf_4_1_attack_on_headquarters_alone_drives_it_off);
  T (lfaf_4_1_headquarters_with_nowhere_to_go_is_taken);
  T (lfaf_4_1_no_entering_other_enemy_hexes);
  T (console_at_brings_in_lfaf_arrivals);
  return g_test_run ();
}
