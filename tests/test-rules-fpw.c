/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules-fpw.c: Franco-Prussian War 1870, Basic Game — one test (at
 * least) per rule case, named after it, driven through the console the way
 * a designer's script would drive it.
 *
 * The base map (20x20) puts Germany on rows 1-10 and France on rows 11-20,
 * with a rail line down column 10 (1001-1020), the German "S" at 1001 and a
 * French rail edge at 1020, so that units near the middle are supplied.
 */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "sand-console.h"
#include "sand-game.h"
#include "sand-scenario-io.h"

#include "console-test-helpers.h"
#include "fpw-test-map.h"

/* Movement ---------------------------------------------------------------- */

static void
movement_a_allowance_eight_german_six_french (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0805 strength=6 ma=8", NULL, NULL);
  ok ("unit f1 french combat 0815 strength=8 ma=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("reach g1", "\"mp\":8", "\"0813\":8", NULL);
  ok ("at 1 french movement", NULL, NULL);
  ok ("reach f1", "\"mp\":6", "\"0809\":6", NULL);
  g_autofree char *a = run ("reach f1");
  g_assert_null (strstr (a, "\"0808\""));
  teardown ();
}

static void
movement_b_no_combat_in_movement_phase (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0810 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0811 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  refused ("attack 0811 g1", "Movement (B)");
  teardown ();
}

static void
movement_c_movement_is_voluntary (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("end-phase", "\"phase\":\"combat\"", NULL);
  g_assert_cmpint (unit_hex ("g1"), ==, hex_of ("0805"));
  teardown ();
}

static void
movement_d_one_mp_per_clear_hex (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("reach g1", "\"0806\":1", "\"0807\":2", "\"0808\":3", NULL);
  ok ("move g1 0808", "\"mp_left\":5", "\"path\":[\"0806\",\"0807\",\"0808\"]", NULL);
  teardown ();
}

static void
movement_e_unused_mp_not_carried_over (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("move g1 0806", "\"mp_left\":7", NULL);
  for (int i = 0; i < 4; i++)
    ok ("end-phase", NULL, NULL);
  ok ("state", "\"turn\":2", "\"side\":\"german\"", "\"phase\":\"movement\"", NULL);
  ok ("reach g1", "\"mp\":8", "\"mp_left\":8", NULL);
  teardown ();
}

static void
movement_f_no_enemy_movement (void)
{
  base_map (TRUE);
  ok ("unit f1 french combat 0815 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  refused ("move f1 0816", "Movement (F)");
  teardown ();
}

static void
movement_g_unsupplied_units_move_at_half (void)
{
  base_map (FALSE); /* no supply sources at all: everyone is isolated */
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("supply g1", "\"state\":\"isolated\"", NULL);
  ok ("reach g1", "\"mp\":4", NULL);
  teardown ();
}

static void
movement_h_rough_costs_two_more_for_the_first_hex_only (void)
{
  base_map (TRUE);
  ok ("terrain rough 0806 0807", NULL, NULL);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  /* first rough hex 1 + 2, the second only 1 */
  ok ("reach g1", "\"0806\":3", "\"0807\":4", NULL);
  ok ("move g1 0806", "\"mp_left\":5", NULL);
  ok ("move g1 0807", "\"mp_left\":4", NULL);
  teardown ();
}

static void
movement_i_cannot_enter_enemy_hex (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0809 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0811 strength=8", NULL, NULL);
  ok ("fort 0607 french 2 Bitche", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  refused ("move g1 0811", "Movement (I)");
  refused ("move g1 0607", "Movement (I)");
  teardown ();
}

static void
movement_j_any_combination_of_terrain (void)
{
  base_map (TRUE);
  ok ("terrain rough 0806", NULL, NULL);
  ok ("hexside 0806 s river", NULL, NULL);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  /* rough 3, then river +1 into clear: 1 + 1 */
  ok ("move g1 0806 0807", "\"mp_left\":3", NULL);
  teardown ();
}

static void
movement_k_friendly_units_cost_two_on_two_off (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("unit g2 german combat 0806 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  /* onto the friend: 1 + 2; off again: 1 + 2 */
  ok ("reach g1", "\"0806\":3", NULL);
  /* leaving a shared hex costs 2 more too */
  ok ("move g1 0806", "\"mp_left\":5", NULL);
  ok ("reach g2", "\"0807\":3", NULL);
  teardown ();
}

static void
movement_k_entrained_and_eb_units_are_ignored (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 1005 strength=6", NULL, NULL);
  ok ("unit g2 german combat 1006 strength=6", NULL, NULL);
  ok ("unit e1 german eb 1004", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("entrain g2", NULL, NULL);
  ok ("reach g1", "\"1006\":1", "\"1004\":1", NULL);
  teardown ();
}

static void
movement_m_not_enough_mp (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  refused ("move g1 0814", "Movement (M)");
  ok ("move g1 0806 0807 0808 0809 0810 0811 0812", "\"mp_left\":1", NULL);
  ok ("terrain rough 0813", NULL, NULL);
  refused ("move g1 0813", "Movement (M)");
  teardown ();
}

static void
movement_n_only_in_the_movement_phase (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  refused ("move g1 0806", "Movement (N)");
  teardown ();
}

static void
national_boundaries_no_belgium (void)
{
  base_map (TRUE);
  ok ("country belgium 0806", NULL, NULL);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  refused ("move g1 0806", "National Boundaries");
  g_autofree char *a = run ("reach g1");
  g_assert_null (strstr (a, "\"0806\""));
  teardown ();
}

/* Zones of control ---------------------------------------------------------- */

static void
zoc_a_units_stop_on_entering (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0809 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("zoc french", "\"0808\"", NULL);
  refused ("move g1 0806 0807 0808 0708", "ZOC (A)");
  ok ("move g1 0806 0807 0808", NULL, NULL);
  g_autofree char *a = run ("reach g1");
  g_assert_null (strstr (a, "\"0708\""));
  teardown ();
}

static void
zoc_b_no_extension_across_river (void)
{
  base_map (TRUE);
  ok ("hexside 0809 n river", NULL, NULL);
  ok ("unit f1 french combat 0809 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  g_autofree char *a = run ("zoc french");
  g_assert_null (strstr (a, "\"0808\""));
  g_assert_nonnull (strstr (a, "\"0810\""));
  teardown ();
}

static void
zoc_c_only_unentrained_combat_units (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 1003 strength=6", NULL, NULL);
  ok ("unit e1 german eb 1006", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("zoc german", "\"1004\"", NULL);
  ok ("entrain g1", NULL, NULL);
  ok ("zoc german", "\"hexes\":[]", NULL);
  teardown ();
}

static void
zoc_d_units_in_forts_lose_their_zoc (void)
{
  base_map (TRUE);
  ok ("fort 0812 french 2 Metz", NULL, NULL);
  ok ("unit f1 french combat 0812 strength=8", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("zoc french", "\"hexes\":[]", NULL);
  /* and enemy control does not reach into the friendly fort */
  ok ("move g1 0811", NULL, NULL);
  ok ("at 1 french movement", NULL, NULL);
  ok ("reach f1", "\"0813\":1", NULL);
  teardown ();
}

static void
zoc_e_three_to_enter_one_to_leave (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0808 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("reach g1", "\"0806\":1", "\"0807\":5", NULL);
  ok ("move g1 0806 0807", "\"mp_left\":3", NULL);
  ok ("end-phase", NULL, NULL);
  ok ("at 2 german movement", NULL, NULL);
  /* leaving costs 1 more: 0806 is clear and free of French control */
  ok ("reach g1", "\"0806\":2", NULL);
  /* and a unit that entered control this phase may not go on */
  ok ("at 2 german movement", NULL, NULL);
  ok ("move g1 0806", NULL, NULL);
  ok ("move g1 0807", NULL, NULL);
  refused ("move g1 0806", "ZOC (A)");
  teardown ();
}

static void
zoc_f_no_control_into_friendly_occupied_hexes (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("unit g2 german combat 0807 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0808 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  /* 0807 holds g2: no French control there, only the stacking cost */
  ok ("reach g1", "\"0807\":4", NULL);
  g_autofree char *a = run ("zoc french");
  g_assert_null (strstr (a, "\"0807\""));
  teardown ();
}

static void
zoc_rigid_no_move_from_controlled_to_controlled (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0807 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0809 strength=8", NULL, NULL);
  ok ("unit f2 french combat 0607 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("move g1 0808", NULL, NULL);
  ok ("at 2 german movement", NULL, NULL);
  /* not straight from 0808 (controlled by f1) into 0708 (controlled by
   * f2): the cheapest legal way goes round by 0807 */
  ok ("move g1 0708", "\"path\":[\"0807\",\"0708\"]", "\"mp_left\":2", NULL);
  ok ("undo", NULL, NULL);
  g_autofree char *a = run ("reach g1");
  g_assert_nonnull (strstr (a, "\"0708\":6"));
  teardown ();
}

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

/* Stacking and unit reduction -------------------------------------------------- */

static void
stacking_a_no_limit_but_two_mp_each_way (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("unit g2 german combat 0806 strength=6", NULL, NULL);
  ok ("unit g3 german combat 0806 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("move g1 0806", "\"mp_left\":5", NULL);
  ok ("state", NULL, NULL);
  g_autoptr(GArray) here = g_array_new (FALSE, FALSE, sizeof (int));
  sand_game_units_at (game (), hex_of ("0806"), here);
  g_assert_cmpuint (here->len, ==, 3);
  teardown ();
}

static void
stacking_b_no_penalty_in_a_fort (void)
{
  base_map (TRUE);
  ok ("fort 0806 german 2 Mainz", NULL, NULL);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("unit g2 german combat 0806 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("reach g1", "\"0806\":1", "\"0807\":2", NULL);
  teardown ();
}

static void
stacking_c_stack_defends_as_one (void)
{
  base_map (TRUE);
  ok ("unit f1 french combat 0811 strength=8", NULL, NULL);
  ok ("unit f2 french combat 0811 strength=5", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=6", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("odds 0811 g1", "\"attack\":6", "\"defense\":13", "\"odds\":\"1-3\"", NULL);
  teardown ();
}

static void
stacking_d_stacked_units_attack_different_hexes (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0810 strength=6", NULL, NULL);
  ok ("unit g2 german combat 0810 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0811 strength=3", NULL, NULL);
  ok ("unit f2 french combat 0710 strength=3", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("roll 3 3", NULL, NULL);
  ok ("attack 0811 g1", "\"odds\":\"2-1\"", NULL);
  ok ("attack 0710 g2", "\"odds\":\"2-1\"", NULL);
  teardown ();
}

static void
unit_reduction_losses_come_off_the_strength (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0810 strength=6", NULL, NULL);
  ok ("unit g2 german combat 0711 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0811 strength=8", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  /* 12 to 8 is 1-1; a 1 gives 1/2 */
  ok ("roll 1", NULL, NULL);
  ok ("attack 0811 g1 g2 losses=g2:1", "\"result\":\"1/2\"", NULL);
  g_assert_cmpint (unit_strength ("f1"), ==, 6);
  g_assert_cmpint (unit_strength ("g2"), ==, 5);
  g_assert_cmpint (unit_strength ("g1"), ==, 6);
  teardown ();
}

static void
unit_reduction_a_defender_may_take_losses_from_the_fort (void)
{
  base_map (TRUE);
  ok ("fort 0811 french 2 Toul", NULL, NULL);
  /* masks the fort's Zone of Interdiction so the attackers are supplied */
  ok ("unit gm german combat 0909 strength=1", NULL, NULL);
  ok ("unit f1 french combat 0811 strength=3", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=8", NULL, NULL);
  ok ("unit g2 german combat 0711 strength=8", NULL, NULL);
  ok ("unit g3 german combat 0911 strength=8", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  /* 24 against 3x2+2 = 8: 3-1; a 1 gives 1/3 */
  ok ("roll 1", NULL, NULL);
  ok ("attack 0811 g1 g2 g3 losses=fort:2", "\"odds\":\"3-1\"", "\"fort_loss\":2", NULL);
  g_assert_cmpint (unit_strength ("f1"), ==, 2);
  g_assert_cmpint (sand_game_fort_strength (game (), hex_of ("0811")), ==, 0);
  teardown ();
}

/* Supply ------------------------------------------------------------------ */

static void
supply_supplied_within_ten_unsupplied_within_twentyfive (void)
{
  base_map (FALSE);
  ok ("marker supply 0101 german name=S", NULL, NULL);
  ok ("unit g1 german combat 0111 strength=6", NULL, NULL);
  ok ("unit g2 german combat 0112 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("supply g1", "\"state\":\"supplied\"", NULL);
  ok ("supply g2", "\"state\":\"unsupplied\"", NULL);
  teardown ();
}

static void
supply_isolated_beyond_twentyfive (void)
{
  g_clear_pointer (&con, sand_console_free);
  con = sand_console_new (NULL, 1);
  ok ("new fpw1870 30x30", NULL, NULL);
  ok ("marker supply 0101 german name=S", NULL, NULL);
  ok ("unit g1 german combat 0126 strength=6", NULL, NULL);
  ok ("unit g2 german combat 0127 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("supply g1", "\"state\":\"unsupplied\"", NULL);
  ok ("supply g2", "\"state\":\"isolated\"", NULL);
  teardown ();
}

static void
supply_a_rail_line_is_a_source_along_its_length (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0210 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  /* nine hexes from 1010 (not from "S" at 1001) */
  ok ("supply g1", "\"state\":\"supplied\"", NULL);
  teardown ();
}

static void
supply_a_fort_supplies_one_unit (void)
{
  base_map (FALSE);
  ok ("fort 0515 french 2 Toul capacity=1", NULL, NULL);
  ok ("unit f1 french combat 0516 strength=8", NULL, NULL);
  ok ("unit f2 french combat 0517 strength=8", NULL, NULL);
  ok ("at 1 french movement", NULL, NULL);
  ok ("supply f1", "\"state\":\"supplied\"", NULL);
  ok ("supply f2", "\"state\":\"isolated\"", NULL);
  teardown ();
}

static void
supply_a_metz_supplies_any_number (void)
{
  base_map (FALSE);
  ok ("fort 0515 french 6 Metz capacity=-1", NULL, NULL);
  ok ("unit f1 french combat 0516 strength=8", NULL, NULL);
  ok ("unit f2 french combat 0517 strength=8", NULL, NULL);
  ok ("at 1 french movement", NULL, NULL);
  ok ("supply f1", "\"state\":\"supplied\"", NULL);
  ok ("supply f2", "\"state\":\"supplied\"", NULL);
  teardown ();
}

static void
supply_b_sources_end_at_the_nearest_cut (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0211 strength=6", NULL, NULL);
  ok ("unit f1 french combat 1111 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("supply g1", "\"state\":\"supplied\"", NULL);
  ok ("at 1 french movement", NULL, NULL);
  ok ("move f1 1010 1009 1008 1007 1006 1005", NULL, NULL);
  /* the line from "S" ends at 1004 now: 0211 is 11 hexes from it */
  ok ("supply g1", "\"state\":\"unsupplied\"", NULL);
  teardown ();
}

static void
supply_c_eb_units_extend_rail_lines (void)
{
  base_map (TRUE);
  ok ("unit e1 german eb 1010", NULL, NULL);
  ok ("unit g1 german combat 1019 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("supply g1", "\"state\":\"supplied\"", NULL);
  ok ("unit f9 french combat 0120 strength=1", NULL, NULL); /* keeps French supply from mattering */
  ok ("at 1 german movement", NULL, NULL);
  ok ("move e1 1011 1012 1013 1014", NULL, NULL);
  g_assert_true (sand_game_rail_secured (game (), 1, hex_of ("1014")));
  ok ("supply g1", "\"state\":\"supplied\"", NULL);
  teardown ();
}

static void
supply_d_unsupplied_units_halved (void)
{
  base_map (FALSE);
  ok ("marker supply 0101 german name=S", NULL, NULL);
  ok ("marker supply 0120 french name=rail-edge", NULL, NULL);
  ok ("unit g1 german combat 0112 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0113 strength=8", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("supply g1", "\"state\":\"unsupplied\"", NULL);
  ok ("odds 0113 g1", "\"attack\":3", "\"defense\":8", NULL);
  teardown ();
}

static void
supply_source_hex_under_enemy_control_does_not_count (void)
{
  base_map (FALSE);
  ok ("marker supply 0101 german name=S", NULL, NULL);
  ok ("unit g1 german combat 0105 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("supply g1", "\"state\":\"supplied\"", NULL);
  ok ("unit f1 french combat 0201 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  /* "S" is next to f1: the line cannot start there */
  ok ("supply g1", "\"state\":\"isolated\"", NULL);
  teardown ();
}

static void
supply_line_blocked_by_enemy_zoc (void)
{
  base_map (FALSE);
  ok ("marker supply 0101 german name=S", NULL, NULL);
  ok ("unit g1 german combat 0103 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0202 strength=8", NULL, NULL);
  ok ("unit f2 french combat 0204 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  /* 0102 and 0104 are French-controlled; 0101 is next to 0202 too */
  ok ("supply g1", "\"state\":\"isolated\"", NULL);
  teardown ();
}

/* Fortification units ---------------------------------------------------- */

static void
fort_b_doubles_defenders_and_adds_its_strength (void)
{
  base_map (TRUE);
  ok ("fort 0811 french 2 Toul", NULL, NULL);
  /* masks the fort's Zone of Interdiction so the attackers are supplied */
  ok ("unit gm german combat 0909 strength=1", NULL, NULL);
  ok ("unit f1 french combat 0811 strength=5", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=6", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("odds 0811 g1", "\"defense\":12", NULL);
  teardown ();
}

static void
fort_d_destroyed_at_zero (void)
{
  base_map (TRUE);
  ok ("fort 0811 french 2 Toul", NULL, NULL);
  /* masks the fort's Zone of Interdiction so the attackers are supplied */
  ok ("unit gm german combat 0909 strength=1", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=8", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("roll 1", NULL, NULL);
  ok ("attack 0811 g1 advance=g1", "\"odds\":\"4-1\"", "\"advanced\":[\"g1\"]", NULL);
  g_assert_cmpint (sand_game_fort_strength (game (), hex_of ("0811")), ==, 0);
  g_assert_cmpint (unit_hex ("g1"), ==, hex_of ("0811"));
  teardown ();
}

static void
fort_e_zone_of_interdiction_and_masking (void)
{
  base_map (FALSE);
  ok ("marker supply 0101 german name=S", NULL, NULL);
  ok ("fort 0104 french 2 Longwy", NULL, NULL);
  ok ("unit g1 german combat 0108 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  /* "S" itself lies within 3 hexes of the fort: no supply at all */
  ok ("supply g1", "\"state\":\"isolated\"", NULL);
  /* masking: German units on and next to the line lift the zone there */
  ok ("unit g2 german combat 0204 strength=6", NULL, NULL);
  ok ("unit g3 german combat 0201 strength=6", NULL, NULL);
  ok ("unit g4 german combat 0207 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("supply g1", "\"state\":\"supplied\"", NULL);
  teardown ();
}

static void
fort_g_forts_supply_their_side (void)
{
  base_map (FALSE);
  ok ("fort 0815 french 3 Verdun capacity=1", NULL, NULL);
  ok ("unit f1 french combat 0818 strength=8", NULL, NULL);
  ok ("at 1 french movement", NULL, NULL);
  ok ("supply f1", "\"state\":\"supplied\"", NULL);
  teardown ();
}

/* Combat ------------------------------------------------------------------ */

static void
combat_a_only_adjacent_units_attack (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0809 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0811 strength=8", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  refused ("attack 0811 g1", "Combat (A)");
  refused ("attack 0810 g1", "Combat (A)");
  teardown ();
}

static void
combat_c_no_unit_attacks_or_is_attacked_twice (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0810 strength=6", NULL, NULL);
  ok ("unit g2 german combat 0711 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0811 strength=20", NULL, NULL);
  ok ("unit f2 french combat 0910 strength=20", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("roll 5", NULL, NULL);
  ok ("attack 0811 g1", NULL, NULL);
  refused ("attack 0910 g1", "Combat (C)");
  refused ("attack 0811 g2", "Combat (C)");
  teardown ();
}

static void
combat_g_odds_rounded_for_the_defender (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0810 strength=10", NULL, NULL);
  ok ("unit g2 german combat 0711 strength=10", NULL, NULL);
  ok ("unit g3 german combat 0712 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0811 strength=9", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("odds 0811 g1 g2 g3 noflank", "\"attack\":26", "\"defense\":9", "\"odds\":\"2-1\"", NULL);
  ok ("odds 0811 g3", "\"odds\":\"1-2\"", NULL);
  teardown ();
}

static void
combat_i_isolated_units_may_not_attack (void)
{
  base_map (FALSE);
  ok ("unit g1 german combat 0810 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0811 strength=2", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  refused ("attack 0811 g1", "Combat (I)");
  teardown ();
}

static void
combat_j_flank_attack_from_opposite_hexes_doubles (void)
{
  base_map (TRUE);
  ok ("unit f1 french combat 0811 strength=6", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=6", NULL, NULL);
  ok ("unit g2 german combat 0812 strength=6", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("odds 0811 g1 g2", "\"attack\":24", "\"flank\":true", NULL);
  ok ("odds 0811 g1 g2 noflank", "\"attack\":12", "\"flank\":false", NULL);
  ok ("odds 0811 g1", "\"flank\":false", NULL);
  teardown ();
}

static void
combat_j_flank_attack_from_a_triangle (void)
{
  base_map (TRUE);
  /* neighbours of 0811: n 0810, ne 0911, se 0912, s 0812, sw 0712, nw 0711 */
  ok ("unit f1 french combat 0811 strength=6", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=2", NULL, NULL);
  ok ("unit g2 german combat 0912 strength=2", NULL, NULL);
  ok ("unit g3 german combat 0712 strength=2", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("odds 0811 g1 g2 g3", "\"attack\":12", "\"flank\":true", NULL);
  ok ("odds 0811 g1 g2", "\"attack\":4", "\"flank\":false", NULL);
  teardown ();
}

static void
combat_j_no_flank_against_a_fort (void)
{
  base_map (TRUE);
  ok ("fort 0811 french 2 Toul", NULL, NULL);
  /* masks the fort's Zone of Interdiction so the attackers are supplied */
  ok ("unit gm german combat 0909 strength=1", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=6", NULL, NULL);
  ok ("unit g2 german combat 0812 strength=6", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("odds 0811 g1 g2", "\"attack\":12", "\"flank\":false", NULL);
  teardown ();
}

static void
combat_k_advance_after_combat (void)
{
  base_map (TRUE);
  ok ("unit f1 french combat 0811 strength=2", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=8", NULL, NULL);
  ok ("unit g2 german combat 0711 strength=8", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("roll 1", NULL, NULL);
  ok ("attack 0811 g1 g2 advance=g2", "\"eliminated\":[\"f1\"]", "\"advanced\":[\"g2\"]", NULL);
  g_assert_cmpint (unit_hex ("g2"), ==, hex_of ("0811"));
  g_assert_cmpint (unit_hex ("g1"), ==, hex_of ("0810"));
  g_assert_cmpint (sand_game_points_lost (game (), 0), ==, 2);
  teardown ();
}

static void
combat_k_no_advance_when_defenders_survive (void)
{
  base_map (TRUE);
  ok ("unit f1 french combat 0811 strength=8", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=8", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("roll 1", NULL, NULL);
  ok ("attack 0811 g1 advance=g1", "\"advanced\":[]", NULL);
  g_assert_cmpint (unit_hex ("g1"), ==, hex_of ("0810"));
  teardown ();
}

static void
combat_l_rough_terrain_adds_one (void)
{
  base_map (TRUE);
  ok ("terrain rough 0811", NULL, NULL);
  ok ("unit f1 french combat 0811 strength=8", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=8", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("odds 0811 g1", "\"drm\":1", NULL);
  ok ("roll 1", NULL, NULL);
  /* 1-1, roll 1 + 1 = 2: "1/1" */
  ok ("attack 0811 g1", "\"modified_roll\":2", "\"result\":\"1/1\"", NULL);
  teardown ();
}

static void
combat_l_ridge_and_river_only_when_all_attack_across (void)
{
  base_map (TRUE);
  ok ("hexside 0811 n ridge,river", NULL, NULL);
  ok ("unit f1 french combat 0811 strength=8", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=8", NULL, NULL);
  ok ("unit g2 german combat 0711 strength=8", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("odds 0811 g1", "\"drm\":2", NULL);
  ok ("odds 0811 g1 g2", "\"drm\":0", NULL);
  teardown ();
}

static void
combat_m_results_read_from_the_table (void)
{
  base_map (TRUE);
  ok ("unit f1 french combat 0811 strength=8", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=8", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("roll 6", NULL, NULL);
  ok ("attack 0811 g1", "\"roll\":6", "\"result\":\"3/0\"", "\"attacker\":3", NULL);
  g_assert_cmpint (unit_strength ("g1"), ==, 5);
  teardown ();
}

static void
combat_entrained_defenders_halved (void)
{
  base_map (TRUE);
  ok ("unit f1 french combat 1011 strength=8", NULL, NULL);
  ok ("unit g1 german combat 0909 strength=8", NULL, NULL);
  ok ("at 1 french movement", NULL, NULL);
  ok ("entrain f1", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("move g1 1010", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("odds 1011 g1", "\"defense\":4", NULL);
  teardown ();
}


static void
movement_l_rail_movement_is_another_way_to_move (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0903 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  /* walk to the line, entrain, ride, detrain: 1 + 3 + 1 + 2 */
  ok ("move g1 1003", "\"mp_left\":7", NULL);
  ok ("entrain g1", "\"mp_left\":4", NULL);
  ok ("move g1 1010", "\"mp_left\":3", NULL);
  ok ("detrain g1", "\"mp_left\":1", NULL);
  g_assert_cmpint (unit_hex ("g1"), ==, hex_of ("1010"));
  teardown ();
}

static void
combat_b_every_unit_in_the_hex_defends (void)
{
  base_map (TRUE);
  ok ("unit f1 french combat 0811 strength=4", NULL, NULL);
  ok ("unit f2 french combat 0811 strength=4", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=8", NULL, NULL);
  ok ("unit g2 german combat 0710 strength=8", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  /* g2 stays out (attacking is voluntary); both French units defend */
  ok ("odds 0811 g1", "\"defense\":8", "f1 defends", "f2 defends", NULL);
  teardown ();
}

static void
combat_d_one_stack_attacks_two_hexes (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0810 strength=6", NULL, NULL);
  ok ("unit g2 german combat 0810 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0811 strength=2", NULL, NULL);
  ok ("unit f2 french combat 0910 strength=2", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("roll 4 4", NULL, NULL);
  ok ("attack 0811 g1", NULL, NULL);
  ok ("attack 0910 g2", NULL, NULL);
  ok ("state", NULL, NULL);
  g_assert_true (sand_game_get_unit (game (), sand_game_find_unit (game (), "g1"))->flags
                 & SAND_UNIT_ATTACKED);
  g_assert_true (sand_game_get_unit (game (), sand_game_find_unit (game (), "g2"))->flags
                 & SAND_UNIT_ATTACKED);
  teardown ();
}

static void
combat_e_six_stacks_on_one_hex (void)
{
  base_map (TRUE);
  /* every neighbour of 0811: n 0810, ne 0911, se 0912, s 0812, sw 0712, nw 0711 */
  ok ("unit f1 french combat 0811 strength=10", NULL, NULL);
  const char *around[] = { "0810", "0911", "0912", "0812", "0712", "0711" };
  for (int i = 0; i < 6; i++)
    {
      g_autofree char *line = g_strdup_printf ("unit g%d german combat %s strength=2", i,
                                               around[i]);
      ok (line, NULL, NULL);
    }
  ok ("at 1 german combat", NULL, NULL);
  ok ("odds 0811 g0 g1 g2 g3 g4 g5 noflank", "\"attack\":12", NULL);
  teardown ();
}

static void
combat_f_stacked_defenders_are_attacked_together (void)
{
  base_map (TRUE);
  ok ("unit f1 french combat 0811 strength=3", NULL, NULL);
  ok ("unit f2 french combat 0811 strength=3", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=8", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("roll 5", NULL, NULL);
  ok ("attack 0811 g1", NULL, NULL);
  /* neither may be attacked again on its own */
  ok ("unit g2 german combat 0711 strength=8", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("roll 5", NULL, NULL);
  ok ("attack 0811 g1", NULL, NULL);
  refused ("attack 0811 g2", "Combat (C)");
  teardown ();
}

static void
combat_h_part_of_a_stack_may_attack (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0810 strength=6", NULL, NULL);
  ok ("unit g2 german combat 0810 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0811 strength=6", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("roll 3", NULL, NULL);
  ok ("attack 0811 g1", "\"attack\":6", NULL);
  g_assert_false (sand_game_get_unit (game (), sand_game_find_unit (game (), "g2"))->flags
                  & SAND_UNIT_ATTACKED);
  teardown ();
}

static void
fort_a_friendly_units_move_through_freely (void)
{
  base_map (TRUE);
  ok ("fort 0806 german 3 Koblenz", NULL, NULL);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("move g1 0806 0807", "\"mp_left\":6", NULL);
  ok ("zoc german", NULL, NULL);
  teardown ();
}

static void
fort_c_forts_have_no_zoc (void)
{
  base_map (TRUE);
  ok ("fort 0812 french 6 Metz", NULL, NULL);
  ok ("unit g1 german combat 0809 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("zoc french", "\"hexes\":[]", NULL);
  /* next to the fort, a German unit moves on */
  ok ("move g1 0810 0811 0711", NULL, NULL);
  teardown ();
}

static void
fort_f_flank_attacks_treated_as_ordinary (void)
{
  base_map (TRUE);
  ok ("fort 0811 french 2 Toul", NULL, NULL);
  ok ("unit f1 french combat 0811 strength=2", NULL, NULL);
  ok ("unit gm german combat 0909 strength=1", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=6", NULL, NULL);
  ok ("unit g2 german combat 0812 strength=6", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("odds 0811 g1 g2", "\"flank\":false", "no flank attack against a fortification", NULL);
  teardown ();
}

/* Reinforcements and victory ---------------------------------------------------- */

static void
reinforcements_german_units_arrive_entrained_at_s (void)
{
  base_map (TRUE);
  ok ("unit g9 german combat 1001 strength=5 arrive=2 entrained=yes", NULL, NULL);
  ok ("unit f1 french combat 0815 strength=8", NULL, NULL);
  ok ("state", "\"arrive\":2", NULL);
  for (int i = 0; i < 4; i++)
    ok ("end-phase", NULL, NULL);
  ok ("state", "\"turn\":2", "\"phase\":\"movement\"", "\"hex\":\"1001\"", "\"entrained\"", NULL);
  ok ("reach g9", "\"1010\":1", NULL);
  teardown ();
}

static void
reinforcements_french_points_at_chalons (void)
{
  base_map (TRUE);
  g_autoptr(SandScenario) sc = NULL;
  ok ("place 0518 Chalons", NULL, NULL);
  ok ("unit f1 french combat 0518 strength=5", NULL, NULL);
  /* the +4 Combat Points: an OOB reinforcement of points, not a unit */
  SandScenario *scenario = sand_console_get_scenario (con);
  SandOob *oob = sand_scenario_default_oob (scenario, 0);
  SandReinforcement *r = sand_reinforcement_new ();
  r->turn = 1;
  r->points = 4;
  r->hex = SAND_HEX_NONE;
  r->entry = g_strdup ("Chalons");
  g_ptr_array_add (oob->reinforcements, r);
  sand_scenario_emit_changed (scenario);
  sand_console_set_scenario (con, scenario);
  ok ("at 1 german combat", NULL, NULL);
  ok ("end-phase", "\"side\":\"french\"", "\"phase\":\"movement\"", NULL);
  ok ("end-phase", NULL, NULL);
  g_assert_cmpint (unit_strength ("f1"), ==, 8);
  teardown ();
}

static void
victory_points_destroyed_and_isolated (void)
{
  base_map (TRUE);
  ok ("unit f1 french combat 0811 strength=2", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=8", NULL, NULL);
  ok ("unit g2 german combat 0711 strength=8", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("roll 2", NULL, NULL);
  ok ("attack 0811 g1 g2", "\"eliminated\":[\"f1\"]", NULL);
  /* 2 French points destroyed: 10 VP; the attacker lost 1: 5 VP */
  ok ("vp", "\"german\":10", "\"french\":5", "\"net\":5", NULL);
  teardown ();
}

static void
victory_points_german_penetration_by_edge_value (void)
{
  base_map (TRUE);
  ok ("marker edge 0820 none edge=south value=60", NULL, NULL);
  ok ("unit g1 german combat 0812 strength=8", NULL, NULL);
  ok ("unit f1 french combat 0120 strength=1", NULL, NULL);
  ok ("vp", "\"german\":60", NULL);
  teardown ();
}

static void
victory_points_french_penetration_fifty_per_hex (void)
{
  base_map (TRUE);
  ok ("unit f1 french combat 1108 strength=8", NULL, NULL);
  ok ("unit g1 german combat 0101 strength=1", NULL, NULL);
  /* 1108 is 3 hexes from the nearest French hex (row 11) */
  ok ("vp", "\"french\":150", NULL);
  teardown ();
}

static void
victory_points_german_units_leaving_by_the_west_edge (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0110 strength=6", NULL, NULL);
  ok ("unit f1 french combat 1820 strength=1", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("exit g1", NULL, NULL);
  ok ("state", "\"exited\"", NULL);
  /* 0110 is 9 hexes from the rail: supplied, 6 points x 10 */
  ok ("vp", "\"german\":60", NULL);
  ok ("at 1 french movement", NULL, NULL);
  refused ("exit f1", "Victory Conditions");
  teardown ();
}

/* What the unit panel offers as "leave by the west edge": a German combat
 * unit on column 01 in its Movement Phase, and no one else. */
static void
victory_conditions_may_exit_only_german_units_on_the_west_edge (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0110 strength=6", NULL, NULL);
  ok ("unit g2 german combat 0510 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0120 strength=1", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  g_assert_true (sand_game_may_exit (game (), sand_game_find_unit (game (), "g1")));
  g_assert_false (sand_game_may_exit (game (), sand_game_find_unit (game (), "g2")));
  g_assert_false (sand_game_may_exit (game (), sand_game_find_unit (game (), "f1")));
  ok ("at 1 german combat", NULL, NULL);
  g_assert_false (sand_game_may_exit (game (), sand_game_find_unit (game (), "g1")));
  ok ("at 1 french movement", NULL, NULL);
  g_assert_false (sand_game_may_exit (game (), sand_game_find_unit (game (), "f1")));
  g_assert_false (sand_game_may_exit (game (), sand_game_find_unit (game (), "g1")));
  teardown ();
}

static void
victory_level_from_the_scenario (void)
{
  base_map (TRUE);
  SandScenario *scenario = sand_console_get_scenario (con);
  SandVictoryLevel lvl = { G_MININT, 60, (char *) "French Decisive Victory", 0 };
  sand_scenario_add_victory_level (scenario, sand_victory_level_copy (&lvl));
  sand_console_set_scenario (con, scenario);
  ok ("unit g1 german combat 0101 strength=1", NULL, NULL);
  ok ("vp", "\"net\":0", "\"level\":\"French Decisive Victory\"", NULL);
  teardown ();
}

static void
set_up_french_one_unit_per_town (void)
{
  g_clear_pointer (&con, sand_console_free);
  con = sand_console_new (NULL, 3);
  const char *datadir = g_getenv ("SANDTABLE_DATADIR");
  g_autofree char *load = g_strdup_printf ("load \"%s/scenarios/demo.xml\"",
                                           datadir ? datadir : SOURCE_DATADIR);
  ok (load, NULL, NULL);
  SandGame *g = NULL;
  ok ("state", NULL, NULL);
  g = game ();
  SandOob *oob = sand_scenario_get_oob (sand_game_get_scenario (g),
                                        (guint) sand_scenario_find_oob (sand_game_get_scenario (g),
                                                                        "A"));
  /* fr-2 sets up in a zone; find another hex of that zone holding nobody */
  const SandPlacement *p = NULL;
  for (guint i = 0; i < oob->placements->len; i++)
    {
      const SandPlacement *q = g_ptr_array_index (oob->placements, i);
      if (g_strcmp0 (q->counter, "fr-2") == 0)
        p = q;
    }
  g_assert_nonnull (p);
  g_assert_nonnull (p->zone);
  SandMap *map = sand_scenario_get_map (sand_game_get_scenario (g));
  int free_hex = SAND_HEX_NONE, taken_hex = unit_hex ("fr-3");
  for (guint i = 0; i < sand_map_n_markers (map); i++)
    {
      const SandMarker *m = sand_map_get_marker (map, i);
      g_autoptr(GArray) there = g_array_new (FALSE, FALSE, sizeof (int));
      if (m->kind != SAND_MARKER_ZONE || g_strcmp0 (m->group, p->zone) != 0)
        continue;
      sand_game_units_at (g, m->hex, there);
      if (there->len == 0 && free_hex == SAND_HEX_NONE)
        free_hex = m->hex;
    }
  g_assert_cmpint (free_hex, !=, SAND_HEX_NONE);
  g_autofree char *free_id = sand_grid_dup_id (sand_game_get_grid (g), free_hex);
  g_autofree char *line = g_strdup_printf ("setup fr-2 %s", free_id);
  ok (line, NULL, NULL);
  g_assert_cmpint (unit_hex ("fr-2"), ==, free_hex);
  /* a fixed placement cannot move */
  g_autofree char *line2 = g_strdup_printf ("setup fr-1 %s", free_id);
  refused (line2, "How to Set Up and Play the Game");
  /* and once play has started, set-up is over */
  ok ("end-phase", NULL, NULL);
  g_autofree char *taken_id = sand_grid_dup_id (sand_game_get_grid (game ()), taken_hex);
  g_autofree char *line3 = g_strdup_printf ("setup fr-3 %s", taken_id);
  refused (line3, "How to Set Up and Play the Game");
  teardown ();
}

static void
victory_level_from_the_chart_when_the_scenario_has_none (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0101 strength=1", NULL, NULL);
  ok ("vp", "\"net\":0", "\"level\":\"French Decisive Victory\"", NULL);
  teardown ();
}

/* Standard Game ----------------------------------------------------------- */

static void
standard_map (void)
{
  base_map (TRUE);
  sand_scenario_set_option (sand_console_get_scenario (con), "standard", TRUE);
}

/* The alias @viewer's `state` gives the unit. */
static char *
alias_of (const char *id, int viewer)
{
  return sand_game_unit_name_for (game (), sand_game_find_unit (game (), id), viewer);
}

static void
standard_game_state_hides_face_down_enemies (void)
{
  standard_map ();
  ok ("unit f1 french combat 0811 strength=8", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=6", NULL, NULL);
  ok ("state", NULL, NULL);
  int german = sand_ruleset_find_side (sand_scenario_get_ruleset (sand_game_get_scenario (game ())),
                                       "german");
  g_autofree char *f1 = alias_of ("f1", german);
  g_autofree char *f1_seen = g_strdup_printf ("{\"id\":\"%s\",\"side\":\"french\",\"type\":null,"
                                              "\"hex\":\"0811\",", f1);
  g_assert_true (g_str_has_prefix (f1, "french-?"));
  /* the German player sees where f1 is, not what it is, nor its id */
  ok ("state german", f1_seen,
      "\"id\":\"g1\",\"side\":\"german\",\"type\":\"combat\",\"hex\":\"0810\",\"strength\":6",
      NULL);
  g_autofree char *a = run ("state german");
  g_assert_null (strstr (a, "\"strength\":8"));
  g_assert_null (strstr (a, "\"f1\""));
  ok ("state", "\"strength\":8", NULL);
  /* combat reveals it */
  ok ("at 1 german combat", NULL, NULL);
  ok ("roll 6", NULL, NULL);
  ok ("attack 0811 g1", NULL, NULL);
  ok ("state german", "\"id\":\"f1\",\"side\":\"french\",\"type\":\"combat\"", NULL);
  teardown ();
}

static void
state_lists_unseen_enemies_by_name_not_counter_order (void)
{
  standard_map ();
  ok ("unit f1 french combat 0811 strength=8", NULL, NULL);
  ok ("unit f2 french combat 0812 strength=8", NULL, NULL);
  ok ("unit fd french dummy 0813", NULL, NULL);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  g_autofree char *a = run ("state german");
  /* the dummy, last in the counter mix, is not told by its place */
  const char *p1 = strstr (a, "\"french-?1\"");
  const char *p2 = strstr (a, "\"french-?2\"");
  const char *p3 = strstr (a, "\"french-?3\"");
  g_assert_nonnull (p1);
  g_assert_nonnull (p2);
  g_assert_nonnull (p3);
  g_assert_true (p1 < p2 && p2 < p3);
  teardown ();
}

static void
refusals_name_unseen_enemies_as_the_side_knows_them (void)
{
  standard_map ();
  ok ("unit fd french dummy 0811", NULL, NULL);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  int german = sand_ruleset_find_side (sand_scenario_get_ruleset (sand_game_get_scenario (game ())),
                                       "german");
  g_autofree char *alias = alias_of ("fd", german);
  g_autofree char *line = g_strdup_printf ("reach %s", alias);
  g_autofree char *a = run ("%s", line);
  g_assert_true (g_str_has_prefix (a, "{\"ok\":false"));
  g_assert_null (strstr (a, "fd"));
  g_assert_nonnull (strstr (a, alias));
  teardown ();
}

/* QA 11: a refusal names the player's own counter as the editor does,
 * with the id a console user types after it. */
static void
refusal_names_own_unit_by_name (void)
{
  base_map (FALSE);
  ok ("unit f1 french combat 0811 strength=8 name='III Corps'", NULL, NULL);
  ok ("unit f2 french combat 0815 strength=8", NULL, NULL);
  ok ("at 1 french movement", NULL, NULL);
  g_autofree char *a = run ("move f1 0820");
  g_assert_true (g_str_has_prefix (a, "{\"ok\":false"));
  g_assert_nonnull (strstr (a, "III Corps (f1) has "));
  g_assert_nonnull (strstr (a, " MP left, not enough to reach 0820."));
  /* a counter without a name is called by its id alone */
  g_autofree char *b = run ("move f2 0801");
  g_assert_nonnull (strstr (b, "\"f2 "));
  g_assert_null (strstr (b, "(f2)"));
  teardown ();
}

/* QA 11: the attack panel's lines name the units, and say which number is
 * the strength and which what it counts for ("defends with 10: 10" read
 * as a typo). */
static void
combat_notes_name_units_by_name (void)
{
  base_map (TRUE);
  ok ("unit f1 french combat 0811 strength=8 name='III Corps'", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=6 name='X AK'", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("odds 0811 g1", "\"X AK attacks with 6\"", "\"III Corps defends with its strength, 8\"",
      NULL);
  g_autofree char *a = run ("odds 0811 g1");
  g_assert_null (strstr (a, "(f1)"));
  g_assert_null (strstr (a, "g1 attacks"));
  teardown ();
  /* halved: the defence first, then the strength it comes from and why */
  base_map (TRUE);
  ok ("unit f1 french combat 1011 strength=8 name='III Corps'", NULL, NULL);
  ok ("unit g1 german combat 0909 strength=8", NULL, NULL);
  ok ("at 1 french movement", NULL, NULL);
  ok ("entrain f1", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("move g1 1010", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("odds 1011 g1", "\"III Corps defends with 4: strength 8, halved as entrained "
      "(Terrain Effects Chart)\"", NULL);
  teardown ();
}

/* QA 11: naming by name tells a face-down counter's identity as surely as
 * its id; refusals and notes keep to the name the side knows it by. */
static void
face_down_enemy_named_only_as_the_side_knows_it (void)
{
  standard_map ();
  ok ("unit f1 french combat 0811 strength=8 name='Garde Imperiale'", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=6 name='X AK'", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  int german = sand_ruleset_find_side (sand_scenario_get_ruleset (sand_game_get_scenario (game ())),
                                       "german");
  g_autofree char *alias = alias_of ("f1", german);
  g_autofree char *line = g_strdup_printf ("move %s 0812", alias);
  g_autofree char *a = run ("%s", line);
  g_assert_true (g_str_has_prefix (a, "{\"ok\":false"));
  g_assert_nonnull (strstr (a, alias));
  g_assert_null (strstr (a, "Garde"));
  g_assert_null (strstr (a, "f1"));
  ok ("at 1 german combat", NULL, NULL);
  g_autofree char *b = run ("odds 0811 g1");
  g_assert_nonnull (strstr (b, "X AK attacks with 6"));
  g_assert_null (strstr (b, "Garde"));
  g_assert_null (strstr (b, "f1"));
  /* combat reveals it: from then on the German reads its name */
  ok ("roll 6", NULL, NULL);
  ok ("attack 0811 g1", NULL, NULL);
  ok ("at 2 german combat", NULL, NULL);
  ok ("odds 0811 g1", "Garde Imperiale defends", NULL);
  teardown ();
}

static void
dummy_moves_stacks_and_exerts_zoc_like_a_combat_unit (void)
{
  standard_map ();
  ok ("unit fd french dummy 0811", NULL, NULL);
  ok ("unit f1 french combat 0813 strength=8", NULL, NULL);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  /* ZoC: the dummy controls its neighbours, and the Germans pay +3 there */
  ok ("zoc french", "\"0810\"", NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("reach g1", "\"0809\":4", "\"0810\":8", NULL);
  /* and may not enter its hex (Movement (I)) */
  refused ("move g1 0806 0807 0808 0809 0810 0811", "ZOC (A)");
  ok ("at 1 french movement", NULL, NULL);
  /* stacking: +2 onto a friendly dummy, +2 off */
  ok ("reach f1", "\"0812\":1", NULL);
  ok ("move fd 0812", "\"mp_left\":5", NULL);
  ok ("reach f1", "\"0812\":3", NULL);
  teardown ();
}

static void
dummy_blocks_supply (void)
{
  standard_map ();
  /* a German unit cut off from "S" by a French dummy's zone of control */
  ok ("unit fd french dummy 1003", NULL, NULL);
  ok ("unit g1 german combat 1004 strength=6", NULL, NULL);
  ok ("supply g1", "\"state\":\"supplied\"", NULL);
  ok ("unit fe french dummy 0904", NULL, NULL);
  ok ("unit ff french dummy 1104", NULL, NULL);
  ok ("unit fg french dummy 0905", NULL, NULL);
  ok ("unit fh french dummy 1105", NULL, NULL);
  ok ("unit fi french dummy 1005", NULL, NULL);
  g_autofree char *a = run ("supply g1");
  g_assert_null (strstr (a, "\"state\":\"supplied\""));
  teardown ();
}

static void
dummy_may_not_attack (void)
{
  standard_map ();
  ok ("unit fd french dummy 0811", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=6", NULL, NULL);
  ok ("at 1 french combat", NULL, NULL);
  refused ("attack 0810 fd", "Standard Game Combat");
  ok ("at 1 french movement", NULL, NULL);
  refused ("hasty 0810 fd 1", "Hasty Attacks (Q)");
  teardown ();
}

static void
dummy_revealed_only_in_combat (void)
{
  standard_map ();
  ok ("unit fd french dummy 0811", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=6", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  /* before the attack the German sees a face-down counter: no type, no odds */
  g_autofree char *a = run ("state german");
  g_assert_null (strstr (a, "dummy"));
  ok ("odds 0811 g1", "\"defense\":null", "\"hidden\":true", "\"odds\":\"?\"", NULL);
  g_autofree char *o = run ("odds 0811 g1");
  g_assert_null (strstr (o, "fd"));
  g_assert_null (strstr (o, "dummy"));
  /* the attack reveals it: removed, no roll, the attacker may advance */
  ok ("attack 0811 g1 advance=g1", "\"result\":\"dummy\"", "\"eliminated\":[\"fd\"]",
      "\"advanced\":[\"g1\"]", NULL);
  ok ("state german", "\"id\":\"fd\",\"side\":\"french\",\"type\":\"dummy\",\"hex\":null", NULL);
  /* the attacker need not reveal its units */
  int french = sand_ruleset_find_side (sand_scenario_get_ruleset (sand_game_get_scenario (game ())),
                                       "french");
  g_assert_false (sand_game_unit_visible (game (), sand_game_find_unit (game (), "g1"), french));
  /* a dummy removed is no loss: no victory points */
  g_assert_cmpint (sand_game_points_lost (game (), french), ==, 0);
  teardown ();
}

static void
dummy_returns_in_reinforcement_phase_on_a_friendly_hex (void)
{
  standard_map ();
  ok ("unit fd french dummy 0811", NULL, NULL);
  ok ("unit f1 french combat 0815 strength=8", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=6", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("attack 0811 g1", "\"result\":\"dummy\"", NULL);
  int french = sand_ruleset_find_side (sand_scenario_get_ruleset (sand_game_get_scenario (game ())),
                                       "french");
  int german = french == 0 ? 1 : 0;
  g_autofree char *before = alias_of ("fd", german);
  g_autofree char *host_before = alias_of ("f1", german);
  /* the French Reinforcement Phase now waits for the return */
  ok ("end-phase", "\"side\":\"french\"", "\"phase\":\"reinforcement\"", NULL);
  refused ("dummy fd 0812", "Standard Game Sequence of Play (A)");
  ok ("dummy fd 0815", NULL, NULL);
  /* face down again, under a new name */
  g_autofree char *after = alias_of ("fd", german);
  g_assert_true (g_str_has_prefix (after, "french-?"));
  g_assert_cmpstr (before, !=, after);
  /* "shuffled": the unit it joins is renamed too, so the newest name does
   * not tell which counter is the dummy */
  g_autofree char *host_after = alias_of ("f1", german);
  g_assert_cmpstr (host_before, !=, host_after);
  g_autofree char *a = run ("state german");
  g_assert_null (strstr (a, "\"fd\""));
  refused ("dummy fd 0815", "Standard Game Sequence of Play (A)");
  teardown ();
}

static void
combat_defender_reveals_dummies_removed_real_units_fight (void)
{
  standard_map ();
  ok ("unit fd french dummy 0811", NULL, NULL);
  ok ("unit f1 french combat 0811 strength=4", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=8", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("roll 3", NULL, NULL);
  /* 8 against 4 (the dummy adds nothing and is removed): 2-1 */
  ok ("attack 0811 g1", "\"defense\":4", "\"odds\":\"2-1\"", "\"eliminated\":[\"fd\"", NULL);
  int french = sand_ruleset_find_side (sand_scenario_get_ruleset (sand_game_get_scenario (game ())),
                                       "french");
  /* real combat: the attacker is revealed too */
  g_assert_true (sand_game_unit_visible (game (), sand_game_find_unit (game (), "g1"), french));
  teardown ();
}

static void
revealed_strength_is_what_was_seen (void)
{
  standard_map ();
  ok ("unit f1 french combat 0811 strength=8", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=6", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("roll 1", NULL, NULL);
  ok ("attack 0811 g1", NULL, NULL);
  int f = sand_game_find_unit (game (), "f1");
  int german = sand_ruleset_find_side (sand_scenario_get_ruleset (sand_game_get_scenario (game ())),
                                       "german");
  int seen = sand_game_unit_strength_for (game (), f, german);
  g_assert_cmpint (seen, ==, sand_game_get_unit (game (), f)->strength);
  teardown ();
}

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

/* A 30x30 map with the German "S" in a corner: 0127 is beyond 25 hexes. */
static void
isolation_map (void)
{
  g_clear_pointer (&con, sand_console_free);
  con = sand_console_new (NULL, 1);
  ok ("new fpw1870 30x30", NULL, NULL);
  sand_scenario_set_option (sand_console_get_scenario (con), "standard", TRUE);
  ok ("marker supply 0101 german name=S", NULL, NULL);
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

/* Optional Rule: Formation Status ----------------------------------------- */

static void
formation_map (void)
{
  standard_map ();
  sand_scenario_set_option (sand_console_get_scenario (con), "formation", TRUE);
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

/* Standard Game Sequence of Play: one unit in motion ----------------------- */

static void
sequence_of_play_one_unit_in_motion_at_a_time (void)
{
  standard_map ();
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("unit g2 german combat 0705 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0818 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("state", "\"in_motion\":null", "\"segment\":0", NULL);
  ok ("move g1 0806", "\"segment\":1", NULL);
  ok ("state", "\"in_motion\":\"g1\"", "\"segment\":1", NULL);
  /* it goes on as long as it is the unit in motion */
  ok ("move g1 0807", NULL, NULL);
  g_assert_cmpint (sand_game_unit_in_motion (game ()), ==, sand_game_find_unit (game (), "g1"));
  /* "the Player may not have more than one unit in motion": moving g2
   * finishes g1 */
  ok ("move g2 0706", NULL, NULL);
  g_assert_cmpint (sand_game_unit_in_motion (game ()), ==, sand_game_find_unit (game (), "g2"));
  ok ("state", "\"id\":\"g1\",\"side\":\"german\",\"type\":\"combat\",\"hex\":\"0807\","
      "\"strength\":6,\"mp_left\":6,\"flags\":[\"moved\",\"finished\"]", NULL);
  /* the enemy sees which counter moves, by the name it knows it by */
  int french = sand_ruleset_find_side (sand_scenario_get_ruleset (sand_game_get_scenario (game ())),
                                       "french");
  g_autofree char *g2 = alias_of ("g2", french);
  g_autofree char *moving = g_strdup_printf ("\"in_motion\":\"%s\"", g2);
  ok ("state french", moving, NULL);
  /* undo gives g1 its movement back */
  ok ("undo", NULL, NULL);
  ok ("state", "\"in_motion\":\"g1\"", NULL);
  ok ("move g1 0808", NULL, NULL);
  /* the next phase begins with no unit in motion */
  ok ("end-phase", NULL, NULL);
  g_assert_cmpint (sand_game_unit_in_motion (game ()), ==, -1);
  g_assert_cmpint (sand_game_get_segment (game ()), ==, 0);
  teardown ();
}

static void
finished_unit_may_not_move_again (void)
{
  standard_map ();
  ok ("unit g1 german combat 1005 strength=6", NULL, NULL);
  ok ("unit g2 german combat 0705 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0818 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("move g1 1006", NULL, NULL);
  ok ("move g2 0706", NULL, NULL);
  refused ("move g1 1007", "Standard Game Sequence of Play");
  refused ("reach g1", "Standard Game Sequence of Play");
  refused ("entrain g1", "Standard Game Sequence of Play");
  refused ("done g1", "Standard Game Sequence of Play");
  /* done ends the unit in motion's movement explicitly */
  ok ("done g2", "\"in_motion\":null", NULL);
  refused ("move g2 0707", "Standard Game Sequence of Play");
  /* a replay gives the same finished units */
  g_autofree char *log = sand_game_save_log (game ());
  g_autoptr(GError) error = NULL;
  g_autoptr(SandGame) replay = sand_game_load_log (sand_console_get_scenario (con), log, &error);
  g_assert_no_error (error);
  int g2 = sand_game_find_unit (game (), "g2");
  g_assert_true (sand_game_get_unit (replay, g2)->flags & SAND_UNIT_FINISHED);
  teardown ();

  /* the Basic Game lets units move in any order, and again */
  base_map (TRUE);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("unit g2 german combat 0705 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("move g1 0806", NULL, NULL);
  ok ("move g2 0706", NULL, NULL);
  ok ("move g1 0807", NULL, NULL);
  g_assert_cmpint (sand_game_unit_in_motion (game ()), ==, -1);
  refused ("done g1", "Standard Game Sequence of Play");
  teardown ();
}

static void
probe_segment_dummy_found_second_movement (void)
{
  standard_map ();
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("unit fd french dummy 0808", NULL, NULL);
  ok ("unit f2 french combat 0810 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  /* (1) first movement, until it enters a possible enemy ZoC: (2) probe */
  ok ("move g1 0806", "\"segment\":1", NULL);
  ok ("move g1 0807 probe", "\"segment\":2", "\"must_probe\":true", NULL);
  /* a dummy: removed, and (3) the second movement */
  ok ("hasty 0808 g1 1", "\"result\":\"dummy\"", NULL);
  ok ("state", "\"in_motion\":\"g1\"", "\"segment\":3", NULL);
  /* moving next to another enemy unit goes back to (2) */
  ok ("move g1 0808", "\"segment\":3", NULL);
  ok ("move g1 0809", "\"segment\":2", NULL);
  g_assert_cmpint (sand_game_get_segment (game ()), ==, 2);
  /* a real unit found: resolved, and the unit's movement is over */
  ok ("roll 4", NULL, NULL);
  ok ("hasty 0810 g1 1", NULL, NULL);
  g_assert_cmpint (sand_game_unit_in_motion (game ()), ==, -1);
  g_assert_true (sand_game_get_unit (game (), sand_game_find_unit (game (), "g1"))->flags
                 & SAND_UNIT_FINISHED);
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

static void
vp_for_side_counts_only_what_it_has_seen (void)
{
  isolation_map ();
  ok ("unit g1 german combat 0127 strength=6", NULL, NULL);
  ok ("unit f1 french combat 1520 strength=4", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  /* Supply (O): g1, face down, loses a point the French do not see */
  ok ("end-phase", NULL, NULL);
  g_assert_cmpint (unit_strength ("g1"), ==, 5);
  /* the umpire: 5 for the point destroyed, 3 a point for g1 (5) and f1 (4)
   * isolated */
  ok ("vp", "\"french\":20", "\"german\":12", NULL);
  /* the Germans know their own losses, not f1's strength */
  ok ("vp german", "\"french\":20", "\"german\":0", NULL);
  /* the French know f1, not g1 nor the point it lost face down */
  ok ("vp french", "\"french\":0", "\"german\":12", NULL);
  refused ("vp prussia", NULL);
  teardown ();
}

/* The index of the first log line that starts with @prefix, from @from. */
static guint
log_index (const char *prefix, guint from)
{
  for (guint i = from; i < sand_game_log_length (game ()); i++)
    if (g_str_has_prefix (sand_game_log_line (game (), i), prefix))
      return i;
  g_assert_not_reached ();
}

static void
log_for_side_hides_unseen_identities (void)
{
  formation_map ();
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("unit fd french dummy 0808", NULL, NULL);
  ok ("unit f2 french combat 0810 strength=8", NULL, NULL);
  ok ("formation g1 concentrated", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("move g1 0806 0807 probe", NULL, NULL);
  ok ("hasty 0808 g1 2", "\"result\":\"dummy\"", NULL);
  ok ("move g1 0808 0809", NULL, NULL);
  SandRuleset *rs = sand_scenario_get_ruleset (sand_game_get_scenario (game ()));
  int german = sand_ruleset_find_side (rs, "german");
  int french = sand_ruleset_find_side (rs, "french");
  g_autofree char *g1 = alias_of ("g1", french);

  /* the side that acted, and the umpire, read the line itself */
  guint formation = log_index ("formation g1", 0);
  g_assert_cmpstr (sand_game_log_line_for (game (), formation, german), ==,
                   "formation g1 concentrated");
  g_assert_cmpstr (sand_game_log_line_for (game (), formation, -1), ==,
                   sand_game_log_line (game (), formation));
  /* the enemy does not see a face-down formation marker change */
  g_assert_null (sand_game_log_line_for (game (), formation, french));
  /* an unseen mover by the name the enemy knows it by */
  guint move = log_index ("move g1 0806", 0);
  g_autofree char *want_move = g_strdup_printf ("move %s 0806 0807 probe", g1);
  g_assert_cmpstr (sand_game_log_line_for (game (), move, french), ==, want_move);
  /* a hasty attack that found a dummy: the allocation stays secret */
  guint hasty = log_index ("hasty", 0);
  g_autofree char *want_hasty = g_strdup_printf ("hasty 0808 %s", g1);
  g_assert_cmpstr (sand_game_log_line_for (game (), hasty, french), ==, want_hasty);
  g_assert_cmpstr (sand_game_log_line_for (game (), hasty, german), ==, "hasty 0808 g1 2");
  /* the console's `log SIDE` gives the same lines, the unseen ones left out */
  g_autofree char *quoted_move = g_strdup_printf ("\"%s\"", want_move);
  ok ("log french", quoted_move, NULL);
  g_autofree char *french_log = run ("log french");
  g_assert_null (strstr (french_log, "\"formation"));
  g_assert_null (strstr (french_log, "g1"));
  ok ("log", "\"formation g1 concentrated\"", NULL);

  /* combat reveals g1: later lines name it, earlier ones keep what the
   * French knew then */
  ok ("end-phase", NULL, NULL);
  ok ("roll 4", NULL, NULL);
  ok ("attack 0810 g1", NULL, NULL);
  guint attack = log_index ("attack 0810 g1", 0);
  g_assert_nonnull (strstr (sand_game_log_line_for (game (), attack, french), "g1"));
  g_assert_cmpstr (sand_game_log_line_for (game (), move, french), ==, want_move);
  g_assert_null (strstr (sand_game_log_line_for (game (), move, french), "g1"));

  /* a returned dummy: where, not which counter */
  ok ("end-phase", NULL, NULL);
  ok ("dummy fd 0810", NULL, NULL);
  guint dummy = log_index ("dummy fd", 0);
  g_assert_cmpstr (sand_game_log_line_for (game (), dummy, german), ==, "dummy 0810");
  g_assert_cmpstr (sand_game_log_line_for (game (), dummy, french), ==, "dummy fd 0810");
  /* in play, the enemy sees a marker changed, not to what */
  ok ("end-phase", "\"phase\":\"movement\"", NULL);
  ok ("formation f2 concentrated", NULL, NULL);
  guint change = log_index ("formation f2", 0);
  g_autofree char *f2 = alias_of ("f2", german);
  g_autofree char *want_change = g_strdup_printf ("formation %s", f2);
  g_assert_cmpstr (sand_game_log_line_for (game (), change, german), ==, want_change);
  /* a saved game is the umpire's whole record */
  g_autofree char *saved = sand_game_save_log (game ());
  g_assert_nonnull (strstr (saved, "formation g1 concentrated"));
  g_assert_nonnull (strstr (saved, "hasty 0808 g1 2"));
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

/* Optional Rule: Variable Orders of Battle --------------------------------- */

static SandScenario *
load_variable_oob (void)
{
  const char *datadir = g_getenv ("SANDTABLE_DATADIR");
  g_autofree char *path = g_build_filename (datadir ? datadir : SOURCE_DATADIR, "scenarios",
                                            "fpw1870-variable-oob.xml", NULL);
  g_autoptr(GError) error = NULL;
  SandScenario *sc = sand_scenario_load_file (path, &error);
  g_assert_no_error (error);
  return sc;
}

static void
standard_orders_of_battle_play_the_standard_game (void)
{
  const char *datadir = g_getenv ("SANDTABLE_DATADIR");
  g_autofree char *path = g_build_filename (datadir ? datadir : SOURCE_DATADIR, "scenarios",
                                            "fpw1870.xml", NULL);
  g_autoptr(SandScenario) sc = sand_scenario_load_file (path, NULL);
  g_assert_nonnull (sc);
  SandRuleset *rs = sand_scenario_get_ruleset (sc);
  int fr = sand_ruleset_find_side (rs, "french"), de = sand_ruleset_find_side (rs, "german");
  const char *std[SAND_MAX_SIDES] = { NULL }, *basic[SAND_MAX_SIDES] = { NULL };
  std[fr] = "standard-french";
  std[de] = "standard-german";
  basic[fr] = "basic-french";
  basic[de] = "basic-german";
  g_autoptr(SandGame) s = sand_game_new (sc, std, 1, NULL);
  g_autoptr(SandGame) b = sand_game_new (sc, basic, 1, NULL);
  int dummy = sand_game_find_unit (s, "fr-dummy-1");
  g_assert_cmpint (sand_game_get_unit (s, dummy)->status, ==, SAND_UNIT_ON_MAP);
  g_assert_true (sand_game_get_unit (s, dummy)->flags & SAND_UNIT_FACE_DOWN);
  g_assert_false (sand_game_unit_visible (s, dummy, de));
  g_assert_cmpint (sand_game_get_unit (b, dummy)->status, ==, SAND_UNIT_ABSENT);
  /* the document is not changed */
  g_assert_false (sand_scenario_has_option (sc, "standard"));
}

static void
variable_oob_die_roll_picks_each_sides_plan (void)
{
  g_autoptr(SandScenario) sc = load_variable_oob ();
  SandRuleset *rs = sand_scenario_get_ruleset (sc);
  int fr = sand_ruleset_find_side (rs, "french"), de = sand_ruleset_find_side (rs, "german");
  gboolean seen[7] = { FALSE };
  for (guint64 seed = 1; seed <= 40; seed++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(SandGame) g = sand_game_new (sc, NULL, seed, &error);
      g_assert_no_error (error);
      SandOob *f = sand_scenario_get_oob (sc, (guint) sand_scenario_find_oob (sc,
                                                            sand_game_get_oob (g, fr)));
      SandOob *d = sand_scenario_get_oob (sc, (guint) sand_scenario_find_oob (sc,
                                                            sand_game_get_oob (g, de)));
      /* one roll: each side plays the plan it numbered with it */
      g_assert_cmpint (f->die_number, ==, d->die_number);
      g_assert_cmpint (f->die_number, >=, 1);
      g_assert_cmpint (f->die_number, <=, 6);
      seen[f->die_number] = TRUE;
    }
  for (int n = 1; n <= 6; n++)
    g_assert_true (seen[n]);
  /* a plan named by the caller is kept */
  const char *oobs[SAND_MAX_SIDES] = { NULL };
  oobs[fr] = "J";
  g_autoptr(SandGame) g = sand_game_new (sc, oobs, 3, NULL);
  g_assert_cmpstr (sand_game_get_oob (g, fr), ==, "J");
}

static void
variable_oob_plans_set_up_their_forces (void)
{
  g_autoptr(SandScenario) sc = load_variable_oob ();
  SandRuleset *rs = sand_scenario_get_ruleset (sc);
  int fr = sand_ruleset_find_side (rs, "french"), de = sand_ruleset_find_side (rs, "german");
  const char *oobs[SAND_MAX_SIDES] = { NULL };
  oobs[fr] = "L";
  oobs[de] = "D";
  g_autoptr(SandGame) g = sand_game_new (sc, oobs, 1, NULL);
  /* L: one 10 at Strasburg ... six dummies, all on the map face down */
  int dummies = 0, waiting = 0;
  for (guint i = 0; i < sand_game_n_units (g); i++)
    {
      const SandUnitState *u = sand_game_get_unit (g, (int) i);
      if (u->side == fr && (u->flags & SAND_UNIT_DUMMY) && u->status == SAND_UNIT_ON_MAP)
        dummies++;
      if (u->side == de && u->status == SAND_UNIT_WAITING)
        waiting++;
    }
  g_assert_cmpint (dummies, ==, 6);
  /* D: one 6 on turn 1 (on the map already: the German Reinforcement
   * Phase of turn 1 has been played), one 6 and one 5 on turn 2 */
  g_assert_cmpint (waiting, ==, 2);
}

static void
variable_oob_appearance_code_a_arrives_by_rail_from_the_south (void)
{
  g_autoptr(SandScenario) sc = load_variable_oob ();
  SandRuleset *rs = sand_scenario_get_ruleset (sc);
  int fr = sand_ruleset_find_side (rs, "french");
  const char *oobs[SAND_MAX_SIDES] = { NULL };
  oobs[fr] = "G";
  g_autoptr(SandGame) g = sand_game_new (sc, oobs, 1, NULL);
  int u = sand_game_find_unit (g, "fr7-1");
  g_assert_cmpint (sand_game_get_unit (g, u)->status, ==, SAND_UNIT_WAITING);
  g_assert_true (sand_game_get_unit (g, u)->flags & SAND_UNIT_ENTRAINED);
  /* play to the French turn 1: it comes on, entrained, on the south edge */
  while (sand_game_get_side (g) != fr)
    g_assert_true (sand_game_end_phase (g, NULL));
  const SandUnitState *s = sand_game_get_unit (g, u);
  g_assert_cmpint (s->status, ==, SAND_UNIT_ON_MAP);
  g_assert_true (s->flags & SAND_UNIT_ENTRAINED);
  const SandGrid *grid = sand_game_get_grid (g);
  g_assert_cmpint (sand_grid_row (grid, s->hex), ==, grid->rows - 1);
}

static void
variable_oob_plus_four_combat_points_at_chalons (void)
{
  g_autoptr(SandScenario) sc = load_variable_oob ();
  SandRuleset *rs = sand_scenario_get_ruleset (sc);
  int fr = sand_ruleset_find_side (rs, "french");
  const char *oobs[SAND_MAX_SIDES] = { NULL };
  oobs[fr] = "M";
  g_autoptr(SandGame) g = sand_game_new (sc, oobs, 1, NULL);
  int u = sand_game_find_unit (g, "fr4-1");
  /* 4c: the 4 arrives at Chalons on turn 2, with 4 points to raise it */
  while (sand_game_get_turn (g) < 2 || sand_game_get_side (g) != fr
         || strcmp (sand_game_get_phase_id (g), "movement") != 0)
    g_assert_true (sand_game_end_phase (g, NULL));
  g_assert_cmpint (sand_game_get_unit (g, u)->status, ==, SAND_UNIT_ON_MAP);
  g_assert_cmpint (sand_game_get_unit (g, u)->strength, ==, 4);
  g_assert_true (sand_game_end_phase (g, NULL));
  /* it stayed the whole Movement Phase: raised to 8 */
  g_assert_cmpint (sand_game_get_unit (g, u)->strength, ==, 8);
}

static void
variable_oob_withheld_reinforcements (void)
{
  base_map (TRUE);
  sand_scenario_set_option (sand_console_get_scenario (con), "standard", TRUE);
  sand_scenario_set_option (sand_console_get_scenario (con), "variable-oob", TRUE);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("unit g9 german combat 1001 strength=5 arrive=2", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("withhold g9", "\"arrive\":3", NULL);
  ok ("at 1 french movement", NULL, NULL);
  refused ("withhold g9", "Variable Orders of Battle");
  ok ("at 2 french combat", NULL, NULL);
  ok ("end-phase", "\"turn\":3", NULL);
  g_assert_cmpint (sand_game_get_unit (game (), sand_game_find_unit (game (), "g9"))->status, ==,
                   SAND_UNIT_ON_MAP);
  /* just arrived and not moved: back off the map for another turn */
  ok ("withhold g9", "\"arrive\":4", NULL);
  g_assert_cmpint (sand_game_get_unit (game (), sand_game_find_unit (game (), "g9"))->status, ==,
                   SAND_UNIT_WAITING);
  teardown ();
}

static void
variable_oob_plan_j_removal (void)
{
  base_map (TRUE);
  SandScenario *sc = sand_console_get_scenario (con);
  sand_scenario_set_option (sc, "standard", TRUE);
  sand_scenario_set_option (sc, "variable-oob", TRUE);
  ok ("unit f1 french combat 0805 strength=10", NULL, NULL);
  /* the French play plan J */
  SandOob *oob;
  int fr = sand_ruleset_find_side (sand_scenario_get_ruleset (sc), "french");
  oob = sand_scenario_default_oob (sc, fr);
  g_free (oob->id);
  oob->id = g_strdup ("J");
  ok ("unit f2 french combat 0905 strength=8", NULL, NULL);
  ok ("unit g1 german combat 0101 strength=5", NULL, NULL);
  ok ("unit g2 german combat 0301 strength=6", NULL, NULL);
  ok ("marker zone 0805 german zone=east-rhine", NULL, NULL);
  ok ("marker zone 0905 german zone=east-rhine", NULL, NULL);
  /* not before Game-Turn 4 */
  ok ("at 2 french combat", NULL, NULL);
  ok ("end-phase", "\"turn\":3", "\"phase\":\"movement\"", NULL);
  ok ("at 3 french combat", NULL, NULL);
  ok ("end-phase", "\"turn\":4", "\"side\":\"german\"", "\"phase\":\"reinforcement\"", NULL);
  refused ("end-phase", "Variable Orders of Battle (J)");
  refused ("remove f1", "Variable Orders of Battle (J)");
  int german = sand_ruleset_find_side (sand_scenario_get_ruleset (sc), "german");
  /* the French reveal the units that make the eighteen points */
  g_assert_true (sand_game_unit_visible (game (), sand_game_find_unit (game (), "f1"), german));
  ok ("remove g1", NULL, NULL);
  g_assert_cmpint (sand_game_get_unit (game (), sand_game_find_unit (game (), "g1"))->status, ==,
                   SAND_UNIT_ELIMINATED);
  /* no victory points for the French */
  g_assert_cmpint (sand_game_points_lost (game (), german), ==, 0);
  ok ("end-phase", "\"phase\":\"movement\"", NULL);
  teardown ();
}

static void
variable_oob_plan_c_luxemburg (void)
{
  base_map (TRUE);
  SandScenario *sc = sand_console_get_scenario (con);
  ok ("country luxemburg 0709 0710 0711", NULL, NULL);
  ok ("unit g1 german combat 0808 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0612 strength=8", NULL, NULL);
  /* without plan C Luxemburg is closed to both */
  ok ("at 1 german movement", NULL, NULL);
  refused ("move g1 0709", "National Boundaries");
  sand_scenario_set_option (sc, "standard", TRUE);
  sand_scenario_set_option (sc, "variable-oob", TRUE);
  int de = sand_ruleset_find_side (sand_scenario_get_ruleset (sc), "german");
  SandOob *oob = sand_scenario_default_oob (sc, de);
  g_free (oob->id);
  oob->id = g_strdup ("C");
  ok ("unit g2 german combat 0101 strength=5", NULL, NULL);
  /* the French only after a German unit has entered */
  ok ("at 1 french movement", NULL, NULL);
  refused ("move f1 0711", "Variable Orders of Battle (C)");
  ok ("at 2 german movement", NULL, NULL);
  ok ("move g1 0709", NULL, NULL);
  ok ("at 2 french movement", NULL, NULL);
  ok ("move f1 0711", NULL, NULL);
  teardown ();
}

static void
game_ends_after_the_last_turn (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 0101 strength=1", NULL, NULL);
  ok ("at 11 french combat", NULL, NULL);
  ok ("end-phase", "\"over\":true", "\"vp\":{", NULL);
  refused ("end-phase", NULL);
  teardown ();
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_set_nonfatal_assertions ();
  g_setenv ("LC_ALL", "C", TRUE);

#define T(name) g_test_add_func ("/fpw/" #name, name)
  T (movement_a_allowance_eight_german_six_french);
  T (movement_b_no_combat_in_movement_phase);
  T (movement_c_movement_is_voluntary);
  T (movement_d_one_mp_per_clear_hex);
  T (movement_e_unused_mp_not_carried_over);
  T (movement_f_no_enemy_movement);
  T (movement_g_unsupplied_units_move_at_half);
  T (movement_h_rough_costs_two_more_for_the_first_hex_only);
  T (movement_i_cannot_enter_enemy_hex);
  T (movement_j_any_combination_of_terrain);
  T (movement_k_friendly_units_cost_two_on_two_off);
  T (movement_k_entrained_and_eb_units_are_ignored);
  T (movement_l_rail_movement_is_another_way_to_move);
  T (movement_m_not_enough_mp);
  T (movement_n_only_in_the_movement_phase);
  T (national_boundaries_no_belgium);
  T (zoc_a_units_stop_on_entering);
  T (zoc_b_no_extension_across_river);
  T (zoc_c_only_unentrained_combat_units);
  T (zoc_d_units_in_forts_lose_their_zoc);
  T (zoc_e_three_to_enter_one_to_leave);
  T (zoc_f_no_control_into_friendly_occupied_hexes);
  T (zoc_rigid_no_move_from_controlled_to_controlled);
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
  T (stacking_a_no_limit_but_two_mp_each_way);
  T (stacking_b_no_penalty_in_a_fort);
  T (stacking_c_stack_defends_as_one);
  T (stacking_d_stacked_units_attack_different_hexes);
  T (unit_reduction_losses_come_off_the_strength);
  T (unit_reduction_a_defender_may_take_losses_from_the_fort);
  T (supply_supplied_within_ten_unsupplied_within_twentyfive);
  T (supply_isolated_beyond_twentyfive);
  T (supply_a_rail_line_is_a_source_along_its_length);
  T (supply_a_fort_supplies_one_unit);
  T (supply_a_metz_supplies_any_number);
  T (supply_b_sources_end_at_the_nearest_cut);
  T (supply_c_eb_units_extend_rail_lines);
  T (supply_d_unsupplied_units_halved);
  T (supply_line_blocked_by_enemy_zoc);
  T (supply_source_hex_under_enemy_control_does_not_count);
  T (fort_a_friendly_units_move_through_freely);
  T (fort_b_doubles_defenders_and_adds_its_strength);
  T (fort_c_forts_have_no_zoc);
  T (fort_d_destroyed_at_zero);
  T (fort_e_zone_of_interdiction_and_masking);
  T (fort_g_forts_supply_their_side);
  T (combat_a_only_adjacent_units_attack);
  T (combat_b_every_unit_in_the_hex_defends);
  T (combat_c_no_unit_attacks_or_is_attacked_twice);
  T (combat_d_one_stack_attacks_two_hexes);
  T (combat_e_six_stacks_on_one_hex);
  T (combat_f_stacked_defenders_are_attacked_together);
  T (combat_g_odds_rounded_for_the_defender);
  T (combat_h_part_of_a_stack_may_attack);
  T (combat_i_isolated_units_may_not_attack);
  T (combat_j_flank_attack_from_opposite_hexes_doubles);
  T (combat_j_flank_attack_from_a_triangle);
  T (combat_j_no_flank_against_a_fort);
  T (fort_f_flank_attacks_treated_as_ordinary);
  T (combat_k_advance_after_combat);
  T (combat_k_no_advance_when_defenders_survive);
  T (combat_l_rough_terrain_adds_one);
  T (combat_l_ridge_and_river_only_when_all_attack_across);
  T (combat_m_results_read_from_the_table);
  T (combat_entrained_defenders_halved);
  T (reinforcements_german_units_arrive_entrained_at_s);
  T (reinforcements_french_points_at_chalons);
  T (victory_points_destroyed_and_isolated);
  T (victory_points_german_penetration_by_edge_value);
  T (victory_points_french_penetration_fifty_per_hex);
  T (victory_points_german_units_leaving_by_the_west_edge);
  T (victory_conditions_may_exit_only_german_units_on_the_west_edge);
  T (victory_level_from_the_scenario);
  T (victory_level_from_the_chart_when_the_scenario_has_none);
  T (set_up_french_one_unit_per_town);
  T (standard_game_state_hides_face_down_enemies);
  T (state_lists_unseen_enemies_by_name_not_counter_order);
  T (refusals_name_unseen_enemies_as_the_side_knows_them);
  T (refusal_names_own_unit_by_name);
  T (combat_notes_name_units_by_name);
  T (face_down_enemy_named_only_as_the_side_knows_it);
  T (dummy_moves_stacks_and_exerts_zoc_like_a_combat_unit);
  T (dummy_blocks_supply);
  T (dummy_may_not_attack);
  T (dummy_revealed_only_in_combat);
  T (dummy_returns_in_reinforcement_phase_on_a_friendly_hex);
  T (combat_defender_reveals_dummies_removed_real_units_fight);
  T (revealed_strength_is_what_was_seen);
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
  T (formation_hidden_from_the_enemy);
  T (formation_b_concentrated_no_zoc_once_challenged);
  T (formation_challenge_extended_stops_the_unit);
  T (formation_probe_hasty_attack_on_real_unit_forbids_combat);
  T (formation_extended_halves_strength);
  T (formation_e_rail_only_when_concentrated);
  T (sequence_of_play_one_unit_in_motion_at_a_time);
  T (finished_unit_may_not_move_again);
  T (probe_segment_dummy_found_second_movement);
  T (challenge_only_into_possible_zoc);
  T (challenge_refused_across_river);
  T (challenge_refused_against_units_in_a_fortification);
  T (vp_for_side_counts_only_what_it_has_seen);
  T (log_for_side_hides_unseen_identities);
  T (eb_a_german_eb_units_as_many_as_he_wishes);
  T (standard_orders_of_battle_play_the_standard_game);
  T (variable_oob_die_roll_picks_each_sides_plan);
  T (variable_oob_plans_set_up_their_forces);
  T (variable_oob_appearance_code_a_arrives_by_rail_from_the_south);
  T (variable_oob_plus_four_combat_points_at_chalons);
  T (variable_oob_withheld_reinforcements);
  T (variable_oob_plan_j_removal);
  T (variable_oob_plan_c_luxemburg);
  T (game_ends_after_the_last_turn);
  return g_test_run ();
}
