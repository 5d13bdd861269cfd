/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules-fpw-combat.c: Franco-Prussian War 1870 — Basic Game combat and unit
 * reduction.
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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_set_nonfatal_assertions ();
  g_setenv ("LC_ALL", "C", TRUE);

#define T(name) g_test_add_func ("/fpw/" #name, name)
  T (unit_reduction_losses_come_off_the_strength);
  T (unit_reduction_a_defender_may_take_losses_from_the_fort);
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
  T (combat_k_advance_after_combat);
  T (combat_k_no_advance_when_defenders_survive);
  T (combat_l_rough_terrain_adds_one);
  T (combat_l_ridge_and_river_only_when_all_attack_across);
  T (combat_m_results_read_from_the_table);
  T (combat_entrained_defenders_halved);
  return g_test_run ();
}
