/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules-fpw-hasty.c: Franco-Prussian War 1870 — Standard Game probes, hasty
 * attacks and isolation; and the optional Formation Status rule and its
 * challenges.
 * One test (at least) per rule case, named after it (/fpw/<case>), driven
 * through the console the way a designer's script would drive it, on the
 * base map of fpw-test-map.h. */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "sand-console.h"
#include "sand-game.h"

#include "console-test-helpers.h"
#include "fpw-test-map.h"

/* Probes and hasty attacks ------------------------------------------------ */

static void
probe_move_enters_zoc_without_paying (void)
{
  standard_map ();
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("unit g2 german combat 0705 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0808 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("reach g1", "\"0807\":5", NULL);
  ok ("reach g1 probe", "\"0807\":2", NULL);
  ok ("move g1 0806 0807 probe", "\"mp_left\":6", "\"must_probe\":true", NULL);
  /* one unit at a time: the probe owed comes first */
  refused ("move g2 0706", "Standard Game Sequence of Play (2)");
  refused ("end-phase", "Standard Game Zones of Control (E)");
  teardown ();
}

static void
hasty_attack_strength_halved (void)
{
  standard_map ();
  ok ("unit g1 german combat 0807 strength=8", NULL, NULL);
  ok ("unit f1 french combat 0808 strength=2", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("roll 3", NULL, NULL);
  /* 4 points allocated count 2: 2 against 2, 1-1 */
  ok ("hasty 0808 g1 4", "\"attack\":2", "\"defense\":2", "\"odds\":\"1-1\"", NULL);
  teardown ();
}

static void
hasty_attack_may_allocate_part_or_all_errata (void)
{
  standard_map ();
  ok ("unit g1 german combat 0807 strength=8", NULL, NULL);
  ok ("unit f1 french combat 0808 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  refused ("hasty 0808 g1 9", "Hasty Attacks (O)");
  refused ("hasty 0808 g1 0", "Hasty Attacks (O)");
  ok ("roll 3", NULL, NULL);
  ok ("hasty 0808 g1 8", "\"attack\":4", NULL);
  teardown ();
}

static void
hasty_attack_one_unit_one_adjacent_hex (void)
{
  standard_map ();
  ok ("unit g1 german combat 0806 strength=8", NULL, NULL);
  ok ("unit f1 french combat 0808 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  refused ("hasty 0808 g1 2", "Combat (A)");
  refused ("hasty 0808 g1", NULL);
  ok ("at 1 german combat", NULL, NULL);
  refused ("hasty 0808 g1 2", "Hasty Attacks (N)");
  teardown ();
}

static void
hasty_attack_on_dummy_lets_the_unit_move_on (void)
{
  standard_map ();
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("unit fd french dummy 0808", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("move g1 0806 0807 probe", "\"must_probe\":true", NULL);
  ok ("hasty 0808 g1 1", "\"result\":\"dummy\"", "\"removed\":[\"fd\"]",
      "\"may_move_on\":true", NULL);
  /* ZOC (A) revised and Sequence of Play (3): it finishes its move */
  ok ("move g1 0808", "\"mp_left\":5", NULL);
  teardown ();
}

static void
hasty_attack_on_real_unit_stops_and_forbids_combat_errata (void)
{
  standard_map ();
  ok ("unit g1 german combat 0801 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0808 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  /* six hexes: 2 MP left, not the 3 it would take to pay for 0807 */
  ok ("move g1 0802 0803 0804 0805 0806 0807 probe", "\"mp_left\":2", NULL);
  ok ("roll 4", NULL, NULL);
  ok ("hasty 0808 g1 2", "\"no_combat\":true", NULL);
  refused ("move g1 0806", "ZOC (A)");
  refused ("hasty 0808 g1 1", "Standard Game Sequence of Play (2)");
  ok ("end-phase", "\"phase\":\"combat\"", NULL);
  refused ("attack 0808 g1", "Standard Game Sequence of Play (errata)");
  teardown ();
}

static void
hasty_attack_with_mp_to_pay_keeps_the_combat_phase_attack_errata (void)
{
  standard_map ();
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0808 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  /* it did not pay, but had the MP to: the errata lets it attack later */
  ok ("move g1 0806 0807 probe", "\"mp_left\":6", NULL);
  ok ("roll 4", NULL, NULL);
  ok ("hasty 0808 g1 1", "\"no_combat\":false", NULL);
  ok ("end-phase", "\"phase\":\"combat\"", NULL);
  ok ("roll 4", NULL, NULL);
  ok ("attack 0808 g1", NULL, NULL);
  teardown ();
}

static void
hasty_attack_after_paying_keeps_the_combat_phase_attack (void)
{
  standard_map ();
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0808 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("move g1 0806 0807", "\"mp_left\":3", NULL);
  ok ("roll 4", NULL, NULL);
  ok ("hasty 0808 g1 1", "\"no_combat\":false", NULL);
  ok ("end-phase", "\"phase\":\"combat\"", NULL);
  ok ("roll 4", NULL, NULL);
  ok ("attack 0808 g1", NULL, NULL);
  teardown ();
}

static void
supply_n_isolated_units_may_make_hasty_attacks (void)
{
  isolation_map ();
  ok ("unit g1 german combat 0127 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0128 strength=4", NULL, NULL);
  ok ("supply g1", "\"state\":\"isolated\"", NULL);
  ok ("at 1 german combat", NULL, NULL);
  refused ("attack 0128 g1", "Combat (I)");
  ok ("at 1 german movement", NULL, NULL);
  ok ("roll 4", NULL, NULL);
  ok ("hasty 0128 g1 2", "\"attack\":1", NULL);
  teardown ();
}

static void
isolated_loses_one_cp_per_movement_phase (void)
{
  isolation_map ();
  ok ("unit g1 german combat 0127 strength=6", NULL, NULL);
  ok ("unit g2 german combat 0105 strength=6", NULL, NULL);
  ok ("unit f1 french combat 1520 strength=4", NULL, NULL);
  ok ("supply g1", "\"state\":\"isolated\"", NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("end-phase", NULL, NULL);
  g_assert_cmpint (unit_strength ("g1"), ==, 5);
  g_assert_cmpint (unit_strength ("g2"), ==, 6);
  /* only at the end of its own side's Movement Phase */
  ok ("at 1 french movement", NULL, NULL);
  ok ("end-phase", NULL, NULL);
  g_assert_cmpint (unit_strength ("g1"), ==, 5);
  ok ("at 2 german movement", NULL, NULL);
  ok ("end-phase", NULL, NULL);
  g_assert_cmpint (unit_strength ("g1"), ==, 4);
  teardown ();
}

static void
isolation_loss_only_in_the_standard_game (void)
{
  isolation_map ();
  sand_scenario_set_option (sand_console_get_scenario (con), "standard", FALSE);
  ok ("unit g1 german combat 0127 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("end-phase", NULL, NULL);
  g_assert_cmpint (unit_strength ("g1"), ==, 6);
  refused ("hasty 0116 g1 1", "Movement (B)");
  teardown ();
}

static void
formation_a_every_unit_concentrated_or_extended (void)
{
  formation_map ();
  ok ("unit f1 french combat 0811 strength=8", NULL, NULL);
  ok ("unit fd french dummy 0812", NULL, NULL);
  ok ("state french", "\"formation\":\"extended\"", NULL);
  /* set before play for nothing */
  ok ("formation f1 concentrated", NULL, NULL);
  ok ("formation fd concentrated", NULL, NULL);
  g_autofree char *a = run ("state french");
  g_assert_null (strstr (a, "\"formation\":\"extended\""));
  refused ("formation f1 concentrated", "Formation Status");
  teardown ();
}

static void
formation_change_costs_four_mp (void)
{
  formation_map ();
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("formation g1 concentrated", "\"mp_left\":4", NULL);
  ok ("formation g1 extended", "\"mp_left\":0", NULL);
  refused ("formation g1 concentrated", "Formation Status");
  teardown ();
}

/* The act and the offer judge a change alike: each refusal below is also
 * absent from the unit's offered actions. */
static gboolean
formation_offered (const char *id)
{
  return sand_game_offers (game (), "formation", sand_game_find_unit (game (), id));
}

/* (A): the marker sits on the counter on the map; a reinforcement still to
 * come has none to change. */
static void
formation_a_only_units_on_the_map (void)
{
  formation_map ();
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("unit g9 german combat 1001 strength=5 arrive=2", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  refused ("formation g9 concentrated", "Formation Status (A)");
  g_assert_false (formation_offered ("g9"));
  g_assert_true (formation_offered ("g1"));
  teardown ();
}

/* General Rule: "Units may begin the game in either Formation status that
 * they wish" — each player chooses his own, as he sets up (the French
 * first), never the enemy's. */
static void
formation_a_each_side_sets_its_own_before_play (void)
{
  formation_map ();
  ok ("unit f1 french combat 0811 strength=8", NULL, NULL);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  refused ("formation g1 concentrated", "Formation Status (A)");
  g_assert_false (formation_offered ("g1"));
  g_assert_true (formation_offered ("f1"));
  ok ("formation f1 concentrated", NULL, NULL);
  ok ("ready", NULL, NULL);
  refused ("formation f1 extended", "Formation Status (A)");
  g_assert_false (formation_offered ("f1"));
  ok ("formation g1 concentrated", NULL, NULL);
  g_assert_true (unit_state ("g1")->flags & SAND_UNIT_CONCENTRATED);
  g_assert_true (unit_state ("f1")->flags & SAND_UNIT_CONCENTRATED);
  teardown ();
}

/* General Rule: a change costs four Movement Points, spent in the unit's
 * own Movement Phase, not in the Combat Phase. */
static void
formation_general_rule_change_only_in_the_movement_phase (void)
{
  formation_map ();
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  refused ("formation g1 concentrated", "Formation Status");
  g_assert_false (formation_offered ("g1"));
  g_assert_false (unit_state ("g1")->flags & SAND_UNIT_CONCENTRATED);
  teardown ();
}

static void
formation_hidden_from_the_enemy (void)
{
  formation_map ();
  ok ("unit f1 french combat 0811 strength=8", NULL, NULL);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  g_autofree char *a = run ("state german");
  g_assert_null (strstr (a, "\"side\":\"french\",\"type\":null,\"hex\":\"0811\",\"flags\":[],"
                            "\"formation\""));
  int f = sand_game_find_unit (game (), "f1");
  int german = sand_ruleset_find_side (sand_scenario_get_ruleset (sand_game_get_scenario (game ())),
                                       "german");
  g_assert_null (sand_game_unit_formation_for (game (), f, german));
  g_assert_cmpstr (sand_game_unit_formation_for (game (), f, -1), ==, "extended");
  teardown ();
}

static void
formation_b_concentrated_no_zoc_once_challenged (void)
{
  formation_map ();
  ok ("unit f1 french combat 0808 strength=8", NULL, NULL);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("formation f1 concentrated", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  /* (D): until shown, it is taken to have a zone of control */
  ok ("reach g1", "\"0807\":5", NULL);
  ok ("move g1 0806", NULL, NULL);
  ok ("challenge g1 0808", "\"formation\":\"concentrated\"", "\"may_move_on\":true", NULL);
  /* no zone of control: 0807 costs 1, and g1 may go on past it */
  ok ("reach g1", "\"0807\":1", NULL);
  /* the challenger may not then hasty-attack that unit */
  refused ("hasty 0808 g1 1", "Formation Status, Probe Segment b(1)");
  teardown ();
}

static void
formation_challenge_extended_stops_the_unit (void)
{
  formation_map ();
  ok ("unit f1 french combat 0808 strength=8", NULL, NULL);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("move g1 0806", NULL, NULL);
  ok ("challenge g1 0808", "\"formation\":\"extended\"", "\"may_move_on\":false", NULL);
  refused ("move g1 0807", "ZOC (A)");
  /* the markers go face down again at the end of the Movement Phase */
  ok ("end-phase", NULL, NULL);
  int f = sand_game_find_unit (game (), "f1");
  int german = sand_ruleset_find_side (sand_scenario_get_ruleset (sand_game_get_scenario (game ())),
                                       "german");
  g_assert_null (sand_game_unit_formation_for (game (), f, german));
  teardown ();
}

static void
formation_probe_hasty_attack_on_real_unit_forbids_combat (void)
{
  formation_map ();
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0808 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  /* b(2): able but unwilling to pay, it probes; a real unit: no Combat
   * Phase attack, even with the MP to spare */
  ok ("move g1 0806 0807 probe", "\"mp_left\":6", NULL);
  ok ("roll 4", NULL, NULL);
  ok ("hasty 0808 g1 1", "\"no_combat\":true", NULL);
  teardown ();
}

static void
formation_extended_halves_strength (void)
{
  formation_map ();
  ok ("unit f1 french combat 0811 strength=4", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=8", NULL, NULL);
  ok ("unit g2 german combat 0710 strength=8", NULL, NULL);
  ok ("ready", NULL, NULL);  /* the French set up first; then the Germans choose */
  ok ("formation g2 concentrated", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("roll 3", NULL, NULL);
  /* g1 extended: 8 halved to 4; f1 extended: 4 halved to 2 */
  ok ("attack 0811 g1", "\"attack\":4", "\"defense\":2", "Formation Status (C)", NULL);
  teardown ();
}

static void
formation_e_rail_only_when_concentrated (void)
{
  formation_map ();
  ok ("unit g1 german combat 1005 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  refused ("entrain g1", "Formation Status (E)");
  ok ("formation g1 concentrated", NULL, NULL);
  ok ("entrain g1", NULL, NULL);
  teardown ();
}

static void
challenge_only_into_possible_zoc (void)
{
  formation_map ();
  ok ("unit f1 french combat 0808 strength=8", NULL, NULL);
  ok ("unit g1 german combat 0804 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  /* Probe Segment: "upon moving into a possible Enemy Zone of Control" —
   * not from four hexes away, nor onto a hex without enemy units */
  refused ("challenge g1 0808", "Formation Status, Probe Segment");
  refused ("challenge g1 0805", "Formation Status, Probe Segment");
  ok ("move g1 0805 0806", NULL, NULL);
  ok ("challenge g1 0808", "\"formation\":\"extended\"", "\"may_move_on\":false", NULL);
  /* extended: it ceases all movement */
  g_assert_cmpint (sand_game_unit_in_motion (game ()), ==, -1);
  refused ("move g1 0705", "ZOC (A)");
  teardown ();

  formation_map ();
  ok ("unit f1 french combat 0808 strength=8", NULL, NULL);
  ok ("unit g3 german combat 0801 strength=6", NULL, NULL);
  ok ("unit g4 german combat 0701 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  /* c: without the MP to pay for entering, a hasty attack, not a challenge */
  ok ("move g3 0802 0803 0804 0805 0806", "\"mp_left\":3", NULL);
  refused ("challenge g3 0808", "Formation Status, Probe Segment c");
  /* a unit whose movement is over challenges no more */
  ok ("move g4 0702", NULL, NULL);
  refused ("challenge g3 0808", "Standard Game Sequence of Play");
  teardown ();
}

static void
challenge_refused_across_river (void)
{
  formation_map ();
  ok ("hexside 0808 n river", NULL, NULL);
  ok ("hexside 0808 ne river", NULL, NULL);
  ok ("hexside 0808 nw river", NULL, NULL);
  ok ("unit f1 french combat 0808 strength=8", NULL, NULL);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("move g1 0806", NULL, NULL);
  /* ZOC (B): no zone of control across the river, so nothing to challenge */
  refused ("challenge g1 0808", "Zones of Control (B)");
  teardown ();
}

static void
challenge_refused_against_units_in_a_fortification (void)
{
  formation_map ();
  ok ("fort 0808 french 2 Metz", NULL, NULL);
  ok ("unit f1 french combat 0808 strength=8", NULL, NULL);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("move g1 0806", NULL, NULL);
  /* ZOC (D): units in a fortification have no zone of control */
  refused ("challenge g1 0808", "Zones of Control (D)");
  teardown ();
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_set_nonfatal_assertions ();
  g_setenv ("LC_ALL", "C", TRUE);

#define T(name) g_test_add_func ("/fpw/" #name, name)
  T (probe_move_enters_zoc_without_paying);
  T (hasty_attack_strength_halved);
  T (hasty_attack_may_allocate_part_or_all_errata);
  T (hasty_attack_one_unit_one_adjacent_hex);
  T (hasty_attack_on_dummy_lets_the_unit_move_on);
  T (hasty_attack_on_real_unit_stops_and_forbids_combat_errata);
  T (hasty_attack_after_paying_keeps_the_combat_phase_attack);
  T (hasty_attack_with_mp_to_pay_keeps_the_combat_phase_attack_errata);
  T (supply_n_isolated_units_may_make_hasty_attacks);
  T (isolated_loses_one_cp_per_movement_phase);
  T (isolation_loss_only_in_the_standard_game);
  T (formation_a_every_unit_concentrated_or_extended);
  T (formation_change_costs_four_mp);
  T (formation_a_only_units_on_the_map);
  T (formation_a_each_side_sets_its_own_before_play);
  T (formation_general_rule_change_only_in_the_movement_phase);
  T (formation_hidden_from_the_enemy);
  T (formation_b_concentrated_no_zoc_once_challenged);
  T (formation_challenge_extended_stops_the_unit);
  T (formation_probe_hasty_attack_on_real_unit_forbids_combat);
  T (formation_extended_halves_strength);
  T (formation_e_rail_only_when_concentrated);
  T (challenge_only_into_possible_zoc);
  T (challenge_refused_across_river);
  T (challenge_refused_against_units_in_a_fortification);
  return g_test_run ();
}
