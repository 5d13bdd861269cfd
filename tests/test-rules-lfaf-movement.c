/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules-lfaf-movement.c: La fleur au fusil, août 1914 — the sequence of play (2),
 * zones of control (3), stacking (4), reinforcements (5) and command (6).
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

/* 3.1 ------------------------------------------------------------------ */

static void
test_zoc_enter_stops (void)
{
  lfaf_base_map ();
  ok ("unit a french infantry 0505 steps=2 ma=4", NULL, NULL);
  ok ("unit b german infantry 0508 steps=2", NULL, NULL);
  ok ("zoc german", "0507", NULL);
  refused ("move a 0506 0507 0406", "LFAF 3.1");
  ok ("move a 0506 0507", "\"mp_left\":2", NULL);
  refused ("move a 0406", "LFAF 3.1");
  teardown ();
}

static void
test_zoc_leave_costs_two_extra (void)
{
  lfaf_base_map ();
  ok ("unit a french infantry 0507 steps=2 ma=4", NULL, NULL);
  ok ("unit b german infantry 0508 steps=2", NULL, NULL);
  ok ("move a 0506", "\"mp_left\":1", NULL);
  teardown ();
}

static void
test_zoc_never_zoc_to_zoc_without_a_free_hex (void)
{
  lfaf_base_map ();
  ok ("unit a french infantry 0507 steps=2 ma=3", NULL, NULL);
  ok ("unit b german infantry 0508 steps=2", NULL, NULL);
  ok ("unit c french infantry 0607 steps=2 ma=4", NULL, NULL);
  /* with 3 MP the only way is the direct step */
  refused ("move a 0407", "LFAF 3.1");
  /* round by 0708, a hex without a ZoC: 3 to leave, 1 to enter */
  ok ("move c 0708 0608", "\"mp_left\":0", NULL);
  teardown ();
}

static void
test_zoc_friend_in_hex_does_not_lift_it (void)
{
  lfaf_base_map ();
  ok ("unit a french infantry 0507 steps=2 ma=4", NULL, NULL);
  ok ("unit f french infantry 0507 steps=2 ma=4", NULL, NULL);
  ok ("unit b german infantry 0508 steps=2", NULL, NULL);
  ok ("zoc german", "0507", NULL);
  ok ("move a 0506", "\"mp_left\":1", NULL);
  teardown ();
}

/* 3.2 ------------------------------------------------------------------ */

static void
test_zoc_none_from_hq_or_artillery (void)
{
  lfaf_base_map ();
  ok ("unit h german hq 0508", NULL, NULL);
  ok ("unit g german artillery 0308", NULL, NULL);
  ok ("zoc german", "\"hexes\":[]", NULL);
  ok ("unit a french infantry 0505 steps=2 ma=4", NULL, NULL);
  ok ("move a 0506 0507 0407", "\"mp_left\":1", NULL);
  teardown ();
}

static void
test_zoc_none_in_forest_or_village (void)
{
  lfaf_base_map ();
  ok ("terrain forest 0507", NULL, NULL);
  ok ("terrain village 0607", NULL, NULL);
  ok ("unit a french infantry 0505 steps=2 ma=4", NULL, NULL);
  ok ("unit b german infantry 0508 steps=2", NULL, NULL);
  lacks ("zoc german", "0507");
  lacks ("zoc german", "0607");
  /* through the forest hex next to the enemy without stopping */
  ok ("move a 0506 0507 0406", NULL, NULL);
  teardown ();
}

static void
test_zoc_none_out_of_forest_or_village (void)
{
  lfaf_base_map ();
  ok ("terrain forest 0508", NULL, NULL);
  ok ("unit b german infantry 0508 steps=2", NULL, NULL);
  ok ("terrain village 0303", NULL, NULL);
  ok ("unit c german infantry 0303 steps=2", NULL, NULL);
  ok ("zoc german", "\"hexes\":[]", NULL);
  teardown ();
}

static void
test_zoc_adjacent_villages_exception (void)
{
  lfaf_base_map ();
  ok ("terrain village 0506 0507", NULL, NULL);
  ok ("unit a french infantry 0505 steps=2 ma=4", NULL, NULL);
  ok ("unit b german infantry 0606 steps=2", NULL, NULL);
  /* both villages next to the enemy: moving from one to the other ends
   * the move */
  refused ("move a 0506 0507 0508", "LFAF 3.2");
  ok ("move a 0506 0507", NULL, NULL);
  refused ("move a 0508", NULL);
  teardown ();
  /* without the enemy the villages are no obstacle */
  lfaf_base_map ();
  ok ("terrain village 0506 0507", NULL, NULL);
  ok ("unit a french infantry 0505 steps=2 ma=4", NULL, NULL);
  ok ("move a 0506 0507 0508", NULL, NULL);
  teardown ();
}

static void
test_zoc_adjacent_villages_river_without_bridge (void)
{
  lfaf_base_map ();
  ok ("terrain village 0506 0507", NULL, NULL);
  ok ("hexside 0506 s river", NULL, NULL);
  ok ("unit a french infantry 0506 steps=2 ma=1", NULL, NULL);
  ok ("unit b german infantry 0606 steps=2", NULL, NULL);
  refused ("move a 0507", "LFAF 3.2");
  teardown ();
}

static void
test_loc_blocked_by_zoc_unless_friendly (void)
{
  lfaf_base_map ();
  ok ("unit hq french hq 0201 name=1BIC", NULL, NULL);
  ok ("unit a french infantry 0205 steps=2 parent=1BIC", NULL, NULL);
  ok ("command a", "\"state\":\"in-command\"", "\"distance\":4", NULL);
  ok ("unit b german infantry 0303 steps=2", NULL, NULL);
  ok ("command a", "\"state\":\"out-of-command\"", NULL);
  ok ("unit f french cavalry 0202", NULL, NULL);
  ok ("unit g french cavalry 0203", NULL, NULL);
  ok ("command a", "\"state\":\"in-command\"", NULL);
  teardown ();
}

/* 4 ---------------------------------------------------------------------- */

static void
test_stacking_six_steps_end_of_movement (void)
{
  lfaf_base_map ();
  ok ("unit a french infantry 0505 steps=2", NULL, NULL);
  ok ("unit b french infantry 0505 steps=2", NULL, NULL);
  ok ("unit c french cavalry 0505", NULL, NULL);
  ok ("unit h french hq 0504", NULL, NULL);
  ok ("unit g french artillery 0503", NULL, NULL);
  ok ("unit d french infantry 0604 steps=2", NULL, NULL);
  /* 5 steps + the HQ counting one: 6 */
  ok ("move h 0505", NULL, NULL);
  refused ("move g 0504 0505", "LFAF 4.1");
  refused ("move d 0505", "LFAF 4.1");
  /* passing through is allowed */
  ok ("move d 0505 0506", NULL, NULL);
  teardown ();
}

/* Moving into a headquarters alone is 7.10's attack in the Movement Phase
 * (test-rules-lfaf-cases); a unit next to it may also assault it. */
static void
test_stacking_enemy_hex_only_by_assault (void)
{
  lfaf_base_map ();
  ok ("unit a french infantry 0505 steps=2", NULL, NULL);
  ok ("unit h german hq 0506", NULL, NULL);
  ok ("unit i german infantry 0507 steps=2", NULL, NULL);
  refused ("move a 0507", "LFAF 4.1");
  ok ("end-phase", "\"phase\":\"combat\"", NULL);
  ok ("odds 0506 a", "alone", NULL);
  teardown ();
}

static void
test_stacking_road_units_may_not_end_stacked (void)
{
  lfaf_base_map ();
  ok ("terrain forest 0503 0504 0505 0506", NULL, NULL);
  ok ("road 0502 0503 0504 0505 0506", NULL, NULL);
  ok ("unit x french light 0505", NULL, NULL);
  ok ("unit y french cavalry 0502 ma=3", NULL, NULL);
  ok ("unit i french infantry 0502 steps=2", NULL, NULL);
  ok ("unit j french infantry 0502 steps=2", NULL, NULL);
  ok ("unit k french infantry 0502 steps=2 ma=1", NULL, NULL);
  ok ("unit h french hq 0502", NULL, NULL);
  ok ("unit z french cavalry 0405", NULL, NULL);
  /* the road made the forest cost 1 a hex; y and k have too few MP to
   * come in any other way than along the road */
  ok ("reach i", "\"0504\":2", NULL);
  refused ("move y 0505", "LFAF 4.2");
  ok ("move y 0503 0504", NULL, NULL);
  /* headquarters do not count */
  ok ("move h 0503 0504 0505", NULL, NULL);
  /* line infantry: two units on a road hex */
  ok ("move i 0503", NULL, NULL);
  ok ("move j 0503", NULL, NULL);
  refused ("move k 0503", "LFAF 4.2");
  /* coming across country, not by the road, the rule does not apply */
  ok ("move z 0505", "\"mp_left\":6", NULL);
  teardown ();
}

static void
test_stacking_overstack_after_retreat_pushes_units_there (void)
{
  lfaf_base_map ();
  /* d on 0505 can only retreat south, onto a full stack on 0506 */
  ok ("hexside 0505 ne river", NULL, NULL);
  ok ("hexside 0505 se river", NULL, NULL);
  ok ("hexside 0505 sw river", NULL, NULL);
  ok ("hexside 0505 nw river", NULL, NULL);
  ok ("unit a french infantry 0504 steps=2 quality=1", NULL, NULL);
  ok ("unit d german infantry 0505 steps=2", NULL, NULL);
  ok ("unit e german infantry 0506 steps=2", NULL, NULL);
  ok ("unit f german infantry 0506 steps=2", NULL, NULL);
  ok ("unit g german infantry 0506 steps=2", NULL, NULL);
  ok ("at 1 french combat", NULL, NULL);
  /* quality +1, mass 0: 5 + 1 = 6: the defender loses a step and retreats */
  ok ("roll 5", NULL, NULL);
  ok ("attack 0505 a", "\"modified_roll\":6", NULL);
  g_assert_cmpstr (unit_where ("d"), ==, "0506");
  g_assert_cmpint (unit_strength ("d"), ==, 1);
  /* e was there first and went one hex on */
  g_assert_cmpstr (unit_where ("e"), !=, "0506");
  g_assert_cmpint (unit_status ("e"), ==, SAND_UNIT_ON_MAP);
  teardown ();
}

static void
test_stacking_overstack_after_retreat_eliminated_instead (void)
{
  lfaf_base_map ();
  ok ("hexside 0505 ne river", NULL, NULL);
  ok ("hexside 0505 se river", NULL, NULL);
  ok ("hexside 0505 sw river", NULL, NULL);
  ok ("hexside 0505 nw river", NULL, NULL);
  ok ("hexside 0506 se river", NULL, NULL);
  ok ("hexside 0506 s river", NULL, NULL);
  ok ("hexside 0506 sw river", NULL, NULL);
  ok ("hexside 0506 ne river", NULL, NULL);
  ok ("hexside 0506 nw river", NULL, NULL);
  ok ("unit a french infantry 0504 steps=2 quality=1", NULL, NULL);
  ok ("unit d german infantry 0505 steps=2", NULL, NULL);
  ok ("unit e german infantry 0506 steps=2", NULL, NULL);
  ok ("unit f german infantry 0506 steps=2", NULL, NULL);
  ok ("unit g german infantry 0506 steps=2", NULL, NULL);
  ok ("at 1 french combat", NULL, NULL);
  ok ("roll 5", NULL, NULL);
  ok ("attack 0505 a", NULL, NULL);
  /* e, f, g cannot make room: the retreating d is eliminated instead */
  g_assert_cmpint (unit_status ("d"), ==, SAND_UNIT_ELIMINATED);
  g_assert_cmpstr (unit_where ("e"), ==, "0506");
  teardown ();
}

static void
test_stacking_setup_overstack_corrected_or_eliminated (void)
{
  lfaf_base_map ();
  ok ("unit a french infantry 0505 steps=2", NULL, NULL);
  ok ("unit b french infantry 0505 steps=2", NULL, NULL);
  ok ("unit c french infantry 0505 steps=2", NULL, NULL);
  ok ("unit d french infantry 0505 steps=2", NULL, NULL);
  /* broken up during the Movement Phase: nobody is lost */
  ok ("move d 0504", NULL, NULL);
  ok ("end-phase", NULL, NULL);
  g_assert_cmpint (unit_status ("c"), ==, SAND_UNIT_ON_MAP);
  teardown ();
  lfaf_base_map ();
  ok ("unit a french infantry 0505 steps=2", NULL, NULL);
  ok ("unit b french infantry 0505 steps=2", NULL, NULL);
  ok ("unit c french infantry 0505 steps=2", NULL, NULL);
  ok ("unit d french infantry 0505 steps=2", NULL, NULL);
  ok ("end-phase", NULL, NULL);
  g_assert_cmpint (unit_status ("d"), ==, SAND_UNIT_ELIMINATED);
  g_assert_cmpint (unit_status ("c"), ==, SAND_UNIT_ON_MAP);
  teardown ();
}

/* 4.4: "surplus units are eliminated (owning player's choice which)":
 * `surplus ID` picks them; the default stays the last counters. */
static void
test_stacking_4_4_owner_chooses_surplus_units (void)
{
  lfaf_base_map ();
  ok ("unit a french infantry 0505 steps=2", NULL, NULL);
  ok ("unit b french infantry 0505 steps=2", NULL, NULL);
  ok ("unit c french infantry 0505 steps=2", NULL, NULL);
  ok ("unit d french infantry 0505 steps=2", NULL, NULL);
  ok ("unit e french infantry 0707 steps=2", NULL, NULL);
  /* a unit within the limit is no surplus */
  refused ("surplus e", "LFAF 4.4");
  ok ("surplus b", "\"steps\":8", NULL);
  ok ("end-phase", NULL, NULL);
  g_assert_cmpint (unit_status ("b"), ==, SAND_UNIT_ELIMINATED);
  g_assert_cmpint (unit_status ("d"), ==, SAND_UNIT_ON_MAP);
  g_assert_cmpint (unit_status ("a"), ==, SAND_UNIT_ON_MAP);
  teardown ();
}

static void
test_stacking_rally_overstack_allowed_until_next_movement (void)
{
  lfaf_base_map ();
  ok ("unit hq french hq 0505 name=1BIC", NULL, NULL);
  ok ("unit x french infantry 0505 steps=2 parent=1BIC", NULL, NULL);
  ok ("unit y french infantry 0505 steps=2 parent=1BIC", NULL, NULL);
  ok ("unit z french infantry 0505 steps=2 parent=1BIC", NULL, NULL);
  ok ("unit b german infantry 0504 steps=2", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("roll 6", NULL, NULL);
  /* the stack loses a step (x, the first of the biggest) and retreats */
  ok ("attack 0505 b losses=x:1", NULL, NULL);
  g_assert_cmpint (unit_strength ("x"), ==, 1);
  ok ("at 2 french movement", NULL, NULL);
  ok ("rally x", NULL, NULL);
  ok ("roll 6", NULL, NULL);
  /* rallied: HQ 1 + 2 + 2 + 2 = 7 steps, allowed until the next French
   * Movement Phase */
  ok ("end-phase", "\"phase\":\"combat\"", NULL);
  g_assert_cmpint (unit_strength ("x"), ==, 2);
  g_assert_cmpint (unit_status ("z"), ==, SAND_UNIT_ON_MAP);
  ok ("at 3 french movement", NULL, NULL);
  ok ("end-phase", NULL, NULL);
  /* not broken up: the surplus is eliminated */
  g_assert_cmpint (unit_status ("z"), ==, SAND_UNIT_ELIMINATED);
  teardown ();
}

/* 5 ------------------------------------------------------------------------ */

static void
test_reinforcement_enters_at_flag_paying_entry_hex (void)
{
  lfaf_base_map ();
  ok ("terrain forest 0512", NULL, NULL);
  ok ("unit r french infantry 0512 steps=2 ma=4 arrive=1", NULL, NULL);
  ok ("unit s french infantry 0112 steps=2 ma=4 arrive=2", NULL, NULL);
  ok ("state", "\"id\":\"r\",\"side\":\"french\",\"type\":\"infantry\",\"hex\":\"0512\","
      "\"steps\":2,\"mp_left\":2", "\"id\":\"s\"", NULL);
  g_assert_cmpint (unit_status ("s"), ==, SAND_UNIT_WAITING);
  teardown ();
}

static void
test_reinforcement_entering_enemy_zoc_stops (void)
{
  lfaf_base_map ();
  ok ("unit r french infantry 0510 steps=2 ma=4 arrive=1", NULL, NULL);
  ok ("unit b german infantry 0509 steps=2", NULL, NULL);
  refused ("move r 0410", "LFAF 3.1");
  teardown ();
}

static void
test_reinforcement_may_attack_the_turn_it_enters (void)
{
  lfaf_base_map ();
  ok ("unit r french infantry 0510 steps=2 ma=4 arrive=1", NULL, NULL);
  ok ("unit b german infantry 0508 steps=2", NULL, NULL);
  ok ("move r 0509", NULL, NULL);
  ok ("end-phase", "\"phase\":\"combat\"", NULL);
  ok ("attack 0508 r", "\"roll\"", NULL);
  teardown ();
}

static void
test_reinforcement_delayed_while_flag_hex_held (void)
{
  lfaf_base_map ();
  ok ("unit r french infantry 0510 steps=2 ma=4 arrive=1", NULL, NULL);
  ok ("unit b german infantry 0510 steps=2", NULL, NULL);
  ok ("state", NULL, NULL);
  g_assert_cmpint (unit_status ("r"), ==, SAND_UNIT_WAITING);
  ok ("end-phase", "\"side\":\"french\",\"phase\":\"combat\"", NULL);
  ok ("end-phase", "\"side\":\"german\",\"phase\":\"movement\"", NULL);
  /* turn 2: still held, still waiting */
  ok ("end-phase", "\"phase\":\"rally\"", NULL);
  ok ("end-phase", "\"phase\":\"combat\"", NULL);
  ok ("end-phase", "\"turn\":2,\"side\":\"french\",\"phase\":\"movement\"", NULL);
  g_assert_cmpint (unit_status ("r"), ==, SAND_UNIT_WAITING);
  ok ("at 2 german movement", NULL, NULL);
  ok ("move b 0509 0508", NULL, NULL);
  ok ("end-phase", NULL, NULL);
  ok ("end-phase", NULL, NULL);
  ok ("end-phase", "\"turn\":3,\"side\":\"french\",\"phase\":\"movement\"", NULL);
  g_assert_cmpstr (unit_where ("r"), ==, "0510");
  teardown ();
}

/* 2 ------------------------------------------------------------------------- */

static void
test_sequence_of_play_french_first_seven_turns (void)
{
  lfaf_base_map ();
  ok ("unit a french infantry 0505 steps=2", NULL, NULL);
  ok ("state", "\"turn\":1,\"side\":\"french\",\"phase\":\"movement\"", NULL);
  ok ("end-phase", "\"side\":\"french\",\"phase\":\"combat\"", NULL);
  ok ("end-phase", "\"side\":\"german\",\"phase\":\"movement\"", NULL);
  ok ("end-phase", "\"side\":\"german\",\"phase\":\"rally\"", NULL);
  ok ("at 7 german combat", NULL, NULL);
  ok ("end-phase", "\"over\":true", NULL);
  teardown ();
}

static void
test_sequence_of_play_six_turns_in_scenario_3 (void)
{
  const char *datadir = g_getenv ("SANDTABLE_DATADIR");
  g_autofree char *path = g_build_filename (datadir ? datadir : SOURCE_DATADIR, "scenarios",
                                            "lfaf1914-3-bataille.xml", NULL);
  g_clear_pointer (&con, sand_console_free);
  con = sand_console_new (NULL, 7);
  g_autofree char *load = g_strdup_printf ("load %s", path);
  ok (load, NULL, NULL);
  ok ("state", "\"turn\":1,\"side\":\"french\",\"phase\":\"movement\"", NULL);
  refused ("at 7 french movement", NULL);
  ok ("at 6 german combat", NULL, NULL);
  ok ("end-phase", "\"over\":true", NULL);
  teardown ();
}

static void
test_artillery_stationary_turns_to_fire_side (void)
{
  lfaf_base_map ();
  ok ("unit g french artillery 0512 steps=1 arrive=1", NULL, NULL);
  ok ("unit h french artillery 0112 steps=1 arrive=1", NULL, NULL);
  ok ("unit s french artillery 0808 steps=1", NULL, NULL);
  /* set up on its fire side; arriving is moving: movement side */
  ok ("state", "\"hex\":\"0808\",\"steps\":1,\"mp_left\":4,\"flags\":[\"deployed\"]",
      NULL);
  ok ("end-phase", NULL, NULL);
  lacks ("state", "\"hex\":\"0512\",\"steps\":1,\"mp_left\":4,\"flags\":[\"deployed\"]");
  ok ("at 2 french movement", NULL, NULL);
  ok ("move h 0111", NULL, NULL);
  ok ("move s 0807", NULL, NULL);
  ok ("end-phase", NULL, NULL);
  /* g stayed put a whole Movement Phase: fire side; h and s moved */
  ok ("state", "\"hex\":\"0512\",\"steps\":1,\"mp_left\":4,\"flags\":[\"deployed\"]",
      "\"hex\":\"0111\",\"steps\":1,\"mp_left\":4,\"flags\":[]",
      "\"hex\":\"0807\",\"steps\":1,\"mp_left\":4,\"flags\":[]", NULL);
  teardown ();
}

/* 6 (reconstructed) ---------------------------------------------------------- */

static void
test_command_out_of_command_halves_allowance (void)
{
  lfaf_base_map ();
  ok ("unit hq french hq 0101 name=1BIC", NULL, NULL);
  ok ("unit a french infantry 0909 steps=2 ma=4 parent=1BIC", NULL, NULL);
  ok ("unit b french infantry 0102 steps=2 ma=4 parent=1BIC", NULL, NULL);
  ok ("unit c french infantry 1111 steps=2 ma=4", NULL, NULL);
  /* the game is made at the first game command, in the Command Phase */
  ok ("reach a", "\"mp\":2", NULL);
  ok ("reach b", "\"mp\":4", NULL);
  ok ("reach c", "\"mp\":4", NULL);
  ok ("state", "out-of-command", NULL);
  ok ("command c", "\"state\":\"independent\"", NULL);
  ok ("command a", "\"state\":\"out-of-command\"", "\"marked\":true", NULL);
  ok ("command hq", "\"state\":\"in-command\"", "\"headquarters\":true", NULL);
  teardown ();
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lfaf/zoc_enter_stops", test_zoc_enter_stops);
  g_test_add_func ("/lfaf/zoc_leave_costs_two_extra", test_zoc_leave_costs_two_extra);
  g_test_add_func ("/lfaf/zoc_never_zoc_to_zoc_without_a_free_hex",
                   test_zoc_never_zoc_to_zoc_without_a_free_hex);
  g_test_add_func ("/lfaf/zoc_friend_in_hex_does_not_lift_it",
                   test_zoc_friend_in_hex_does_not_lift_it);
  g_test_add_func ("/lfaf/zoc_none_from_hq_or_artillery", test_zoc_none_from_hq_or_artillery);
  g_test_add_func ("/lfaf/zoc_none_in_forest_or_village", test_zoc_none_in_forest_or_village);
  g_test_add_func ("/lfaf/zoc_none_out_of_forest_or_village",
                   test_zoc_none_out_of_forest_or_village);
  g_test_add_func ("/lfaf/zoc_adjacent_villages_exception", test_zoc_adjacent_villages_exception);
  g_test_add_func ("/lfaf/zoc_adjacent_villages_river_without_bridge",
                   test_zoc_adjacent_villages_river_without_bridge);
  g_test_add_func ("/lfaf/loc_blocked_by_zoc_unless_friendly",
                   test_loc_blocked_by_zoc_unless_friendly);
  g_test_add_func ("/lfaf/stacking_six_steps_end_of_movement",
                   test_stacking_six_steps_end_of_movement);
  g_test_add_func ("/lfaf/stacking_enemy_hex_only_by_assault",
                   test_stacking_enemy_hex_only_by_assault);
  g_test_add_func ("/lfaf/stacking_road_units_may_not_end_stacked",
                   test_stacking_road_units_may_not_end_stacked);
  g_test_add_func ("/lfaf/stacking_overstack_after_retreat_pushes_units_there",
                   test_stacking_overstack_after_retreat_pushes_units_there);
  g_test_add_func ("/lfaf/stacking_overstack_after_retreat_eliminated_instead",
                   test_stacking_overstack_after_retreat_eliminated_instead);
  g_test_add_func ("/lfaf/stacking_setup_overstack_corrected_or_eliminated",
                   test_stacking_setup_overstack_corrected_or_eliminated);
  g_test_add_func ("/lfaf/stacking_4_4_owner_chooses_surplus_units",
                   test_stacking_4_4_owner_chooses_surplus_units);
  g_test_add_func ("/lfaf/stacking_rally_overstack_allowed_until_next_movement",
                   test_stacking_rally_overstack_allowed_until_next_movement);
  g_test_add_func ("/lfaf/reinforcement_enters_at_flag_paying_entry_hex",
                   test_reinforcement_enters_at_flag_paying_entry_hex);
  g_test_add_func ("/lfaf/reinforcement_entering_enemy_zoc_stops",
                   test_reinforcement_entering_enemy_zoc_stops);
  g_test_add_func ("/lfaf/reinforcement_may_attack_the_turn_it_enters",
                   test_reinforcement_may_attack_the_turn_it_enters);
  g_test_add_func ("/lfaf/reinforcement_delayed_while_flag_hex_held",
                   test_reinforcement_delayed_while_flag_hex_held);
  g_test_add_func ("/lfaf/sequence_of_play_french_first_seven_turns",
                   test_sequence_of_play_french_first_seven_turns);
  g_test_add_func ("/lfaf/sequence_of_play_six_turns_in_scenario_3",
                   test_sequence_of_play_six_turns_in_scenario_3);
  g_test_add_func ("/lfaf/artillery_stationary_turns_to_fire_side",
                   test_artillery_stationary_turns_to_fire_side);
  g_test_add_func ("/lfaf/command_out_of_command_halves_allowance",
                   test_command_out_of_command_halves_allowance);
  return g_test_run ();
}
