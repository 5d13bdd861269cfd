/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules-lfaf-combat.c: La fleur au fusil, août 1914 — assault and retreat (7),
 * bombardment (8), rally (9) and aerial reconnaissance (10).
 * One test (at least) per rule, named after it (/lfaf/<rule>) and driven
 * through the console (docs/rules-lfaf1914.md).
 *
 * The base map (console-test-helpers.h's lfaf_base_map) is 12x12 clear,
 * flat-topped, even columns lower: the neighbours of 0505 are n 0504,
 * ne 0604, se 0605, s 0506, sw 0405, nw 0404; of 0606: n 0605, ne 0706,
 * se 0707, s 0607, sw 0507, nw 0506.
 */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "sand-console.h"
#include "sand-action.h"
#include "sand-game.h"
#include "sand-scenario-io.h"

#include "console-test-helpers.h"

/* 7 (reconstructed) ------------------------------------------------------------ */

static void
test_assault_one_die_plus_modifiers (void)
{
  lfaf_base_map ();
  ok ("terrain village 0505", NULL, NULL);
  ok ("unit a french infantry 0504 steps=2 quality=1", NULL, NULL);
  ok ("unit b french infantry 0604 steps=2 quality=1", NULL, NULL);
  ok ("unit g french artillery 0501", NULL, NULL);
  ok ("unit d german infantry 0505 steps=2 quality=-1", NULL, NULL);
  ok ("at 1 french combat", NULL, NULL);
  /* quality +2, mass +2, artillery +1, village -2 */
  ok ("odds 0505 a b", "\"odds\":\"d6+3\"", "\"drm\":3", "troop quality: +2",
      "mass, 4 steps against 2: +2", "artillery support by g: +1", "defender in Village: -2",
      NULL);
  refused ("odds 0505 g", "LFAF 7.1");
  refused ("odds 0506 a", "LFAF 7.1");
  teardown ();
}

static void
test_assault_results_from_single_table (void)
{
  lfaf_base_map ();
  ok ("unit a french infantry 0504 steps=2", NULL, NULL);
  ok ("unit d german infantry 0505 steps=2", NULL, NULL);
  ok ("at 1 french combat", NULL, NULL);
  /* row 1: the attacker loses a step and falls back */
  ok ("roll 1", NULL, NULL);
  ok ("attack 0505 a", "\"result\":\"1/0 AR\"", NULL);
  g_assert_cmpint (unit_strength ("a"), ==, 1);
  g_assert_cmpstr (unit_where ("a"), !=, "0504");
  refused ("attack 0505 a", "LFAF 7.1");
  teardown ();
}

static void
test_assault_advance_into_emptied_hex (void)
{
  lfaf_base_map ();
  ok ("unit a french infantry 0504 steps=2", NULL, NULL);
  ok ("unit b french infantry 0504 steps=2", NULL, NULL);
  ok ("unit d german cavalry 0505", NULL, NULL);
  ok ("at 1 french combat", NULL, NULL);
  ok ("roll 6", NULL, NULL);
  ok ("attack 0505 a b advance=a", "\"eliminated\":[\"d\"]", "\"advanced\":[\"a\"]", NULL);
  g_assert_cmpstr (unit_where ("a"), ==, "0505");
  teardown ();
}

static void
test_retreat_into_zoc_costs_a_step (void)
{
  lfaf_base_map ();
  ok ("hexside 0505 se river", NULL, NULL);
  ok ("hexside 0505 s river", NULL, NULL);
  ok ("hexside 0505 sw river", NULL, NULL);
  ok ("unit a french infantry 0504 steps=2 quality=1", NULL, NULL);
  ok ("unit d german light 0505 steps=3 quality=0", NULL, NULL);
  ok ("at 1 french combat", NULL, NULL);
  /* +1 quality, -1 mass: 6, the defender loses one and retreats into the
   * attacker's zone of control: one more */
  ok ("roll 6", NULL, NULL);
  ok ("attack 0505 a", "\"modified_roll\":6", NULL);
  g_assert_cmpint (unit_strength ("d"), ==, 1);
  g_assert_true (g_str_equal (unit_where ("d"), "0404") || g_str_equal (unit_where ("d"), "0604"));
  teardown ();
}

/* 8 (reconstructed) ------------------------------------------------------------- */

static void
test_bombard_places_barrage_that_pins_until_rally (void)
{
  lfaf_base_map ();
  ok ("unit g french artillery 0501", NULL, NULL);
  ok ("unit d german infantry 0505 steps=2", NULL, NULL);
  ok ("at 1 french combat", NULL, NULL);
  ok ("roll 6", NULL, NULL);
  ok ("bombard 0505 g", "\"barrage\":true", "\"steps\":1", NULL);
  ok ("markers", "{\"kind\":\"barrage\",\"hex\":\"0505\",\"side\":\"french\"}", NULL);
  g_assert_cmpint (unit_strength ("d"), ==, 1);
  refused ("bombard 0505 g", "LFAF 8.2");
  ok ("state", "barrage", NULL);
  ok ("end-phase", "\"side\":\"german\",\"phase\":\"movement\"", NULL);
  refused ("move d 0506", "LFAF 8.3");
  ok ("end-phase", "\"phase\":\"rally\"", NULL);
  lacks ("state", "barrage");
  teardown ();
}

static void
test_bombard_needs_fire_side_and_range (void)
{
  lfaf_base_map ();
  ok ("unit g french artillery 0512 arrive=1", NULL, NULL);
  ok ("unit h french artillery 0101", NULL, NULL);
  ok ("unit d german infantry 0509 steps=2", NULL, NULL);
  ok ("move g 0511", NULL, NULL);
  ok ("end-phase", "\"phase\":\"combat\"", NULL);
  /* g moved this phase: movement side */
  refused ("bombard 0509 g", "LFAF 8.1");
  refused ("bombard 0509 h", "LFAF 8.2");
  refused ("bombard 0509 d", "LFAF 8.2");
  teardown ();
}

static void
test_assault_pinned_defender (void)
{
  lfaf_base_map ();
  ok ("unit g french artillery 0501", NULL, NULL);
  ok ("unit a french infantry 0504 steps=2", NULL, NULL);
  ok ("unit d german infantry 0505 steps=2", NULL, NULL);
  ok ("at 1 french combat", NULL, NULL);
  ok ("roll 3", NULL, NULL);
  ok ("bombard 0505 g", "\"barrage\":true", NULL);
  ok ("odds 0505 a", "pinned by a Barrage marker: +2", NULL);
  teardown ();
}

/* 9 (reconstructed) ----------------------------------------------------------------- */

static void
test_rally_regains_a_step_with_hq (void)
{
  lfaf_base_map ();
  ok ("unit hq french hq 0505 name=1BIC", NULL, NULL);
  ok ("unit x french infantry 0505 steps=2 parent=1BIC", NULL, NULL);
  ok ("unit y french infantry 0303 steps=2 parent=1BIC", NULL, NULL);
  ok ("unit b german infantry 0504 steps=2", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("roll 6", NULL, NULL);
  ok ("attack 0505 b", NULL, NULL);
  g_assert_cmpint (unit_strength ("x"), ==, 1);
  ok ("at 2 french movement", NULL, NULL);
  refused ("rally y", "LFAF 9");
  ok ("rally x", NULL, NULL);
  refused ("move x 0303", "LFAF 2");
  ok ("state", "rally", NULL);
  ok ("roll 4", NULL, NULL);
  ok ("end-phase", "\"phase\":\"combat\"", NULL);
  g_assert_cmpint (unit_strength ("x"), ==, 2);
  lacks ("state", "rally");
  teardown ();
}

static void
test_rally_needs_the_hq (void)
{
  lfaf_base_map ();
  ok ("unit hq french hq 0101 name=1BIC", NULL, NULL);
  ok ("unit x french infantry 0505 steps=2 parent=1BIC", NULL, NULL);
  ok ("unit b german infantry 0504 steps=2", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("roll 6", NULL, NULL);
  ok ("attack 0505 b", NULL, NULL);
  ok ("at 2 french movement", NULL, NULL);
  refused ("rally x", "LFAF 2");
  teardown ();
}

/* 10 (reconstructed) ------------------------------------------------------------------ */

static void
test_aerial_reconnaissance_german_rally_phase (void)
{
  lfaf_base_map ();
  ok ("unit g german artillery 0501", NULL, NULL);
  ok ("unit d french infantry 0505 steps=2", NULL, NULL);
  refused ("recon 0505", "LFAF 2");
  ok ("at 1 german rally", NULL, NULL);
  ok ("recon 0505", NULL, NULL);
  ok ("markers", "{\"kind\":\"recon\",\"hex\":\"0505\",\"side\":\"german\"}", NULL);
  refused ("recon 0505", "LFAF 10");
  ok ("end-phase", "\"phase\":\"combat\"", NULL);
  ok ("roll 2", NULL, NULL);
  ok ("bombard 0505 g", "aerial reconnaissance: +1", "\"modified_roll\":3", NULL);
  teardown ();
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lfaf/retreat_into_zoc_costs_a_step", test_retreat_into_zoc_costs_a_step);
  g_test_add_func ("/lfaf/assault_one_die_plus_modifiers", test_assault_one_die_plus_modifiers);
  g_test_add_func ("/lfaf/assault_results_from_single_table",
                   test_assault_results_from_single_table);
  g_test_add_func ("/lfaf/assault_advance_into_emptied_hex",
                   test_assault_advance_into_emptied_hex);
  g_test_add_func ("/lfaf/assault_pinned_defender", test_assault_pinned_defender);
  g_test_add_func ("/lfaf/bombard_places_barrage_that_pins_until_rally",
                   test_bombard_places_barrage_that_pins_until_rally);
  g_test_add_func ("/lfaf/bombard_needs_fire_side_and_range",
                   test_bombard_needs_fire_side_and_range);
  g_test_add_func ("/lfaf/rally_regains_a_step_with_hq", test_rally_regains_a_step_with_hq);
  g_test_add_func ("/lfaf/rally_needs_the_hq", test_rally_needs_the_hq);
  g_test_add_func ("/lfaf/aerial_reconnaissance_german_rally_phase",
                   test_aerial_reconnaissance_german_rally_phase);
  return g_test_run ();
}
