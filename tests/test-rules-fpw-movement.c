/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules-fpw-movement.c: Franco-Prussian War 1870 — Basic Game movement, national
 * boundaries, zones of control and stacking.
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
  T (stacking_a_no_limit_but_two_mp_each_way);
  T (stacking_b_no_penalty_in_a_fort);
  T (stacking_c_stack_defends_as_one);
  T (stacking_d_stacked_units_attack_different_hexes);
  return g_test_run ();
}
