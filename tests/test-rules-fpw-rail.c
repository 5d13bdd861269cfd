/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules-fpw-rail.c: Franco-Prussian War 1870 — Basic Game rail movement and the
 * Eisenbahn (EB) units.
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

/* Rail movement ---------------------------------------------------------- */

static void
rail_entrain_costs_three_errata (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 1003 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("entrain g1", "\"mp_left\":5", NULL);
  ok ("state", "\"entrained\"", NULL);
  teardown ();
}

static void
rail_detrain_costs_two_errata (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 1003 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("entrain g1", "\"mp_left\":5", NULL);
  ok ("detrain g1", "\"mp_left\":3", NULL);
  ok ("entrain g1", NULL, NULL);
  refused ("detrain g1", "Rail Movement (Errata)");
  teardown ();
}

static void
rail_eighteen_hexes_per_mp (void)
{
  base_map (TRUE);
  countries (20);
  ok ("unit g1 german combat 1001 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("entrain g1", "\"mp_left\":5", NULL);
  ok ("reach g1", "\"1019\":1", "\"1020\":2", NULL);
  ok ("move g1 1010", "\"mp_left\":4", NULL);
  /* the MP paid for 18 hexes; 8 more are free */
  ok ("move g1 1018", "\"mp_left\":4", NULL);
  ok ("move g1 1019", "\"mp_left\":4", NULL);
  ok ("move g1 1020", "\"mp_left\":3", NULL);
  teardown ();
}

static void
rail_a_only_across_rail_hexsides (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 1003 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("entrain g1", NULL, NULL);
  refused ("move g1 0903", "Rail Movement (A)");
  ok ("unit g2 german combat 0903 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  refused ("entrain g2", "Rail Movement (A)");
  teardown ();
}

static void
rail_b_not_next_to_enemy_units (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 1003 strength=6", NULL, NULL);
  ok ("unit g2 german combat 1008 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0909 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("entrain g1", NULL, NULL);
  refused ("move g1 1004 1005 1006 1007 1008", "Rail Movement (B)");
  refused ("move g1 1008", "Rail Movement (B)");
  refused ("entrain g2", "Rail Movement (B)");
  teardown ();
}

static void
rail_c_home_country_only (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 1008 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("entrain g1", NULL, NULL);
  ok ("move g1 1010", NULL, NULL);
  refused ("move g1 1011", "Rail Movement (C)");
  teardown ();
}

static void
rail_d_cut_rail_cannot_be_used (void)
{
  base_map (TRUE);
  ok ("unit f1 french combat 1111 strength=8", NULL, NULL);
  ok ("unit g1 german combat 1003 strength=6", NULL, NULL);
  ok ("at 1 french movement", NULL, NULL);
  ok ("move f1 1010 1009 1109 1209 1309 1409", NULL, NULL); /* it leaves; the cuts stay */
  g_assert_true (sand_game_rail_cut (game (), 1, hex_of ("1009")));
  ok ("at 2 german movement", NULL, NULL);
  ok ("entrain g1", NULL, NULL);
  refused ("move g1 1004 1005 1006 1007 1008 1009", "Rail Movement (D)");
  teardown ();
}

static void
rail_e_one_french_two_german_a_phase (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 1002 strength=6", NULL, NULL);
  ok ("unit g2 german combat 1003 strength=6", NULL, NULL);
  ok ("unit g3 german combat 1004 strength=6", NULL, NULL);
  ok ("unit f1 french combat 1018 strength=8", NULL, NULL);
  ok ("unit f2 french combat 1019 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("entrain g1", NULL, NULL);
  ok ("entrain g2", NULL, NULL);
  refused ("entrain g3", "Rail Movement (E)");
  /* detraining does not give the slot back */
  ok ("detrain g1", NULL, NULL);
  refused ("entrain g3", "Rail Movement (E)");
  ok ("at 1 french movement", NULL, NULL);
  ok ("entrain f1", NULL, NULL);
  refused ("entrain f2", "Rail Movement (E)");
  teardown ();
}

static void
rail_e_entrained_at_start_counts_against_the_limit (void)
{
  base_map (TRUE);
  ok ("unit f1 french combat 1018 strength=8", NULL, NULL);
  ok ("unit f2 french combat 1019 strength=8", NULL, NULL);
  ok ("at 1 french movement", NULL, NULL);
  ok ("entrain f1", NULL, NULL);
  ok ("at 2 french movement", NULL, NULL);
  refused ("entrain f2", "Rail Movement (E)");
  teardown ();
}

static void
rail_e_reinforcements_still_to_come_do_not_count (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 1002 strength=6", NULL, NULL);
  ok ("unit g2 german combat 1003 strength=6", NULL, NULL);
  ok ("unit g8 german combat 1001 strength=5 arrive=4 entrained=yes", NULL, NULL);
  ok ("unit g9 german combat 1001 strength=5 arrive=5 entrained=yes", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("entrain g1", NULL, NULL);
  ok ("entrain g2", NULL, NULL);
  teardown ();
}

static void
rail_f_offmap_link_costs_its_distance (void)
{
  base_map (TRUE);
  ok ("rail 0101 0201", NULL, NULL);
  ok ("rail 2001 1901", NULL, NULL);
  ok ("marker link 0101 none to=2001 distance=20", NULL, NULL);
  ok ("unit g1 german combat 0201 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("entrain g1", NULL, NULL);
  /* 1 hex to the edge, 20 off the map, 1 more: 22 hexes = 2 MP */
  ok ("reach g1", "\"2001\":2", "\"1901\":2", NULL);
  ok ("move g1 0101 2001 1901", "\"mp_left\":3", NULL);
  /* only by rail */
  ok ("detrain g1", NULL, NULL);
  refused ("move g1 2001 0101", NULL);
  teardown ();
}

/* EB units ---------------------------------------------------------------- */

static void
eb_moves_four_hexes_along_rail_lines (void)
{
  base_map (TRUE);
  ok ("unit e1 german eb 1010", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  /* four hexes of the enemy's line, one MP-like "hex" each */
  ok ("reach e1", "\"mp\":4", "\"1011\":1", "\"1014\":4", NULL);
  g_autofree char *a = run ("reach e1");
  g_assert_null (strstr (a, "\"1015\""));
  g_assert_null (strstr (a, "\"0910\""));
  teardown ();
}

/* EB Units (B) "EB units may move by rail on Friendly (Home Country) rail
 * lines": along their home rail, four hexes as anywhere (issue 14). */
static void
eb_b_eb_units_move_four_hexes_at_home (void)
{
  base_map (TRUE);
  ok ("unit e1 german eb 1001", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("reach e1", "\"1002\":1", "\"1005\":4", NULL);
  g_autofree char *a = run ("reach e1");
  g_assert_null (strstr (a, "\"1006\""));
  ok ("move e1 1003", "\"mp_left\":2", NULL);
  teardown ();
}

static void
eb_a_german_eb_units_placed_at_the_start_of_the_movement_phase (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  refused ("reserve 0805", "EB Units (A)");  /* not a rail hex */
  ok ("reserve 1004", "\"id\":\"german-eb-reserve-1\"", NULL);
  ok ("state", "\"id\":\"german-eb-reserve-1\"", NULL);
  ok ("move g1 0806", NULL, NULL);
  refused ("reserve 1005", "EB Units (A)");  /* a unit has moved */
  ok ("at 1 french movement", NULL, NULL);
  refused ("reserve 1015", NULL);            /* the French never get more */
  teardown ();
}

static gboolean
has_hex (GArray     *hexes,
         const char *id)
{
  for (guint i = 0; i < hexes->len; i++)
    if (g_array_index (hexes, int, i) == hex_of (id))
      return TRUE;
  return FALSE;
}

static int
side_id (const char *id)
{
  return sand_ruleset_find_side (sand_scenario_get_ruleset (sand_game_get_scenario (game ())),
                                 id);
}

/* The hexes the turn bar tints for a new EB are the ones "reserve" takes:
 * home rail at the start of the German Movement Phase, none once a unit has
 * moved, none ever for the French; asking leaves the last refusal's rule. */
static void
eb_a_reserve_hexes_are_where_new_eb_units_may_be_placed (void)
{
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));

  base_map (TRUE);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  refused ("reserve 0805", "EB Units (A)");
  sand_game_reserve_hexes (game (), side_id ("german"), hexes);
  g_assert_true (has_hex (hexes, "1004"));
  g_assert_true (has_hex (hexes, "1001"));
  g_assert_false (has_hex (hexes, "0805"));
  g_assert_false (has_hex (hexes, "1015"));  /* French rail */
  g_assert_cmpstr (sand_game_get_refusal_rule (game ()), ==, "EB Units (A)");
  g_array_set_size (hexes, 0);
  sand_game_reserve_hexes (game (), side_id ("french"), hexes);
  g_assert_cmpuint (hexes->len, ==, 0);
  ok ("move g1 0806", NULL, NULL);
  sand_game_reserve_hexes (game (), side_id ("german"), hexes);
  g_assert_cmpuint (hexes->len, ==, 0);
  teardown ();
}

static void
eb_b_secured_rail_is_not_for_rail_movement (void)
{
  base_map (TRUE);
  ok ("unit e1 german eb 1009", NULL, NULL);
  ok ("unit g1 german combat 1008 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("move e1 1010 1011 1012", NULL, NULL);
  g_assert_true (sand_game_rail_secured (game (), 1, hex_of ("1012")));
  ok ("entrain g1", NULL, NULL);
  refused ("move g1 1009 1010 1011", "Rail Movement (C)");
  teardown ();
}

static void
eb_c_pushed_back_not_destroyed (void)
{
  base_map (TRUE);
  ok ("unit e1 german eb 1009", NULL, NULL);
  ok ("unit f1 french combat 0916 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("move e1 1010 1011 1012 1013", NULL, NULL);
  ok ("at 1 french movement", NULL, NULL);
  ok ("move f1 0915 0914 1013", NULL, NULL);
  g_assert_cmpint (unit_hex ("e1"), ==, hex_of ("1012"));
  g_assert_cmpint (sand_game_get_unit (game (), sand_game_find_unit (game (), "e1"))->status,
                   ==, SAND_UNIT_ON_MAP);
  teardown ();
}

static void
eb_d_no_zoc_and_no_blocking (void)
{
  base_map (TRUE);
  ok ("unit e1 german eb 0808", NULL, NULL);
  ok ("unit f1 french combat 0812 strength=8", NULL, NULL);
  ok ("at 1 french movement", NULL, NULL);
  ok ("zoc german", "\"hexes\":[]", NULL);
  ok ("reach f1", "\"0807\"", NULL);
  teardown ();
}

static void
eb_e_french_unit_cuts_german_rail_and_eb_repairs (void)
{
  base_map (TRUE);
  ok ("unit f1 french combat 1111 strength=8", NULL, NULL);
  ok ("unit e1 german eb 1006", NULL, NULL);
  ok ("at 1 french movement", NULL, NULL);
  ok ("move f1 1010 1009 1109 1209 1309 1409", NULL, NULL);
  g_assert_true (sand_game_rail_cut (game (), 1, hex_of ("1010")));
  g_assert_true (sand_game_rail_cut (game (), 1, hex_of ("1009")));
  ok ("at 2 german movement", NULL, NULL);
  ok ("move e1 1007 1008 1009", NULL, NULL);
  g_assert_false (sand_game_rail_cut (game (), 1, hex_of ("1009")));
  teardown ();
}

static void
eb_f_german_unit_cuts_french_rail (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0910 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("move g1 1011", NULL, NULL);
  g_assert_true (sand_game_rail_cut (game (), 0, hex_of ("1011")));
  teardown ();
}

static void
eb_g_cleared_line_closed_to_enemy_rail_movement (void)
{
  base_map (TRUE);
  ok ("unit e1 german eb 1010", NULL, NULL);
  ok ("unit f1 french combat 1016 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("move e1 1011 1012 1013", NULL, NULL);
  ok ("at 1 french movement", NULL, NULL);
  ok ("entrain f1", NULL, NULL);
  refused ("move f1 1015 1014 1013", "EB Units (G)");
  teardown ();
}

static void
eb_h_river_roll_of_four_stops_it (void)
{
  base_map (TRUE);
  ok ("hexside 1010 s river", NULL, NULL);
  ok ("unit e1 german eb 1009", NULL, NULL);
  ok ("unit e2 german eb 1008", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("roll 4", NULL, NULL);
  ok ("move e1 1010 1011 1012", "\"path\":[\"1010\"]", "\"halted\":true", NULL);
  refused ("move e1 1011", "EB Units (H)");
  ok ("roll 3", NULL, NULL);
  ok ("move e2 1009 1010 1011 1012", "\"path\":[\"1009\",\"1010\",\"1011\",\"1012\"]", NULL);
  teardown ();
}

static void
eb_i_may_not_move_next_to_enemy_units (void)
{
  base_map (TRUE);
  ok ("unit e1 german eb 1009", NULL, NULL);
  ok ("unit f1 french combat 0913 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("move e1 1010 1011", NULL, NULL);
  refused ("move e1 1012", "EB Units (I)");
  teardown ();
}

static void
eb_a_german_eb_units_as_many_as_he_wishes (void)
{
  base_map (TRUE);
  ok ("at 1 german movement", NULL, NULL);
  /* more than the twelve a game used to keep ready */
  for (int i = 0; i < 14; i++)
    ok ("reserve 1003", NULL, NULL);
  ok ("state", "\"id\":\"german-eb-reserve-14\"", NULL);
  teardown ();
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_set_nonfatal_assertions ();
  g_setenv ("LC_ALL", "C", TRUE);

#define T(name) g_test_add_func ("/fpw/" #name, name)
  T (rail_entrain_costs_three_errata);
  T (rail_detrain_costs_two_errata);
  T (rail_eighteen_hexes_per_mp);
  T (rail_a_only_across_rail_hexsides);
  T (rail_b_not_next_to_enemy_units);
  T (rail_c_home_country_only);
  T (rail_d_cut_rail_cannot_be_used);
  T (rail_e_one_french_two_german_a_phase);
  T (rail_e_entrained_at_start_counts_against_the_limit);
  T (rail_e_reinforcements_still_to_come_do_not_count);
  T (rail_f_offmap_link_costs_its_distance);
  T (eb_moves_four_hexes_along_rail_lines);
  T (eb_b_eb_units_move_four_hexes_at_home);
  T (eb_a_german_eb_units_placed_at_the_start_of_the_movement_phase);
  T (eb_a_reserve_hexes_are_where_new_eb_units_may_be_placed);
  T (eb_b_secured_rail_is_not_for_rail_movement);
  T (eb_c_pushed_back_not_destroyed);
  T (eb_d_no_zoc_and_no_blocking);
  T (eb_e_french_unit_cuts_german_rail_and_eb_repairs);
  T (eb_f_german_unit_cuts_french_rail);
  T (eb_g_cleared_line_closed_to_enemy_rail_movement);
  T (eb_h_river_roll_of_four_stops_it);
  T (eb_i_may_not_move_next_to_enemy_units);
  T (eb_a_german_eb_units_as_many_as_he_wishes);
  return g_test_run ();
}
