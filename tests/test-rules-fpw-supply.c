/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules-fpw-supply.c: Franco-Prussian War 1870 — Basic Game supply and
 * fortifications.
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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_set_nonfatal_assertions ();
  g_setenv ("LC_ALL", "C", TRUE);

#define T(name) g_test_add_func ("/fpw/" #name, name)
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
  T (fort_f_flank_attacks_treated_as_ordinary);
  return g_test_run ();
}
