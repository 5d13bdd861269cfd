/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules-fpw-victory.c: Franco-Prussian War 1870 — Basic Game reinforcements,
 * set-up, victory points and conditions, and the end of the game.
 * One test (at least) per rule case, named after it (/fpw/<case>), driven
 * through the console the way a designer's script would drive it, on the
 * base map of fpw-test-map.h. */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "sand-console.h"
#include "sand-game.h"
#include "sand-scenario-io.h"

#include "console-test-helpers.h"
#include "fpw-test-map.h"

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

/* The demo's levels are its own, set on balance runs between two fast
 * players (docs/balance.md, "The demo"): the draw band holds the three
 * steps of five round where equal play ends. Two armies that never fight
 * end at +1 (a supplied German unit on the south edge's least value), a
 * draw; one point more destroyed by the Germans than lost (+6) is their
 * win, three more by the French (-14) theirs, two (-9) still a draw. */
static void
victory_level_on_the_demo_calibrated_by_balance_runs (void)
{
  g_clear_pointer (&con, sand_console_free);
  con = sand_console_new (NULL, 3);
  const char *datadir = g_getenv ("SANDTABLE_DATADIR");
  g_autofree char *load = g_strdup_printf ("load \"%s/scenarios/demo.xml\"",
                                           datadir ? datadir : SOURCE_DATADIR);
  ok (load, NULL, NULL);
  ok ("state", NULL, NULL);
  for (int i = 0; i < 100 && !sand_game_is_over (game ()); i++)
    ok ("end-phase", NULL, NULL);
  g_assert_true (sand_game_is_over (game ()));
  ok ("vp", "\"french\":0", "\"german\":1", "\"net\":1", "\"level\":\"Draw\"", NULL);

  SandScenario *sc = sand_game_get_scenario (game ());
  const struct { int net; const char *label; } steps[] = {
    { 6, "German Marginal Victory" }, { -9, "Draw" }, { -14, "French Marginal Victory" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      const SandVictoryLevel *lvl = sand_scenario_victory_level_for (sc, steps[i].net);
      g_assert_nonnull (lvl);
      g_assert_cmpstr (lvl->label, ==, steps[i].label);
    }
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
  T (victory_level_on_the_demo_calibrated_by_balance_runs);
  T (game_ends_after_the_last_turn);
  return g_test_run ();
}
