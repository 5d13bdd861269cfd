/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-console-map: the console's map-building commands: each answer, and
 * what it did to the model. */
#include "config.h"

#include <string.h>

#include "sand-console.h"
#include "sand-scenario.h"

#include "console-command-helpers.h"

/* {{{ Map-building commands and their effect */

static void
test_new_makes_a_blank_clear_map (void)
{
  g_autoptr(SandConsole) console = new_console ("fpw1870", "12x9");
  SandMap *map = console_map (console);
  const SandGrid *grid = sand_map_get_grid (map);
  int clear = sand_ruleset_find_terrain (sand_map_get_ruleset (map), "clear");

  g_assert_cmpstr (sand_ruleset_get_id (sand_map_get_ruleset (map)), ==, "fpw1870");
  g_assert_cmpint (grid->cols, ==, 12);
  g_assert_cmpint (grid->rows, ==, 9);
  g_assert_cmpint (grid->orientation, ==, SAND_ORIENTATION_FLAT);
  g_assert_cmpint (grid->stagger, ==, SAND_STAGGER_EVEN);
  for (int hex = 0; hex < sand_grid_n_hexes (grid); hex++)
    g_assert_cmpint (sand_map_get_terrain (map, hex), ==, clear);
  g_assert_cmpuint (sand_map_n_markers (map), ==, 0);
  g_assert_cmpuint (sand_scenario_n_counters (sand_console_get_scenario (console)), ==, 0);

  /* A second `new` replaces the first map, here with the other layout. */
  assert_answer (console, "new lfaf1914 5x4 orientation=pointy stagger=odd",
                 "{\"ok\":true,\"ruleset\":\"lfaf1914\",\"size\":\"5x4\"}");
  grid = sand_map_get_grid (console_map (console));
  g_assert_cmpint (grid->cols, ==, 5);
  g_assert_cmpint (grid->orientation, ==, SAND_ORIENTATION_POINTY);
  g_assert_cmpint (grid->stagger, ==, SAND_STAGGER_ODD);
}

static void
test_terrain_sets_every_named_hex (void)
{
  g_autoptr(SandConsole) console = new_console ("fpw1870", "6x6");
  SandMap *map = console_map (console);
  SandRuleset *ruleset = sand_map_get_ruleset (map);
  int rough = sand_ruleset_find_terrain (ruleset, "rough");
  int clear = sand_ruleset_find_terrain (ruleset, "clear");

  assert_ok (console, "terrain rough 0101 0203 0606");
  g_assert_cmpint (sand_map_get_terrain (map, hex_of (console, "0101")), ==, rough);
  g_assert_cmpint (sand_map_get_terrain (map, hex_of (console, "0203")), ==, rough);
  g_assert_cmpint (sand_map_get_terrain (map, hex_of (console, "0606")), ==, rough);
  g_assert_cmpint (sand_map_get_terrain (map, hex_of (console, "0102")), ==, clear);
}

static void
test_hexside_adds_features_seen_from_both_hexes (void)
{
  g_autoptr(SandConsole) console = new_console ("fpw1870", "6x6");
  SandMap *map = console_map (console);
  int river = find_feature (console, "river");
  int bridge = find_feature (console, "bridge");

  assert_ok (console, "hexside 0202 n river,bridge");
  /* DESIGN.md §2: the n neighbour of 0202 is 0201; its s side is the same. */
  g_assert_true (sand_map_side_has (map, hex_of (console, "0202"), 0, river));
  g_assert_true (sand_map_side_has (map, hex_of (console, "0201"), 3, bridge));

  assert_refused (console, "hexside 0303 se bridge", "A bridge needs a");
  assert_ok (console, "hexside 0303 se stream");
  assert_ok (console, "hexside 0303 se bridge");
  g_assert_true (sand_map_side_has (map, hex_of (console, "0403"), 5, bridge));
}

static void
test_clear_hexside_removes_features_but_keeps_roads (void)
{
  g_autoptr(SandConsole) console = new_console ("fpw1870", "6x6");
  SandMap *map = console_map (console);
  int road = find_feature (console, "road");

  assert_ok (console, "hexside 0202 n river,bridge");
  assert_ok (console, "road 0202 0201");
  assert_ok (console, "clear-hexside 0201 s");
  g_assert_cmpuint (sand_map_get_side (map, hex_of (console, "0202"), 0), ==, 1u << road);
  assert_ok (console, "clear-hexside 0202 n all");
  g_assert_cmpuint (sand_map_get_side (map, hex_of (console, "0202"), 0), ==, 0);
}

static void
test_rail_and_road_connect_consecutive_hexes (void)
{
  g_autoptr(SandConsole) console = new_console ("fpw1870", "6x6");
  SandMap *map = console_map (console);
  int rail = find_feature (console, "rail");
  int road = find_feature (console, "road");

  assert_ok (console, "rail 0202 0303 0402 0502");
  /* 0202 → 0303 is se; 0303 → 0402 is ne (DESIGN.md §2). */
  g_assert_true (sand_map_side_has (map, hex_of (console, "0202"), 2, rail));
  g_assert_true (sand_map_side_has (map, hex_of (console, "0303"), 1, rail));
  g_assert_true (sand_map_side_has (map, hex_of (console, "0402"), 4, rail));
  g_assert_false (sand_map_side_has (map, hex_of (console, "0303"), 2, rail));
  g_assert_true (sand_map_hex_has_connection (map, hex_of (console, "0502"), rail));
  g_assert_false (sand_map_hex_has_connection (map, hex_of (console, "0101"), rail));

  assert_ok (console, "road 0101 0102");
  g_assert_true (sand_map_side_has (map, hex_of (console, "0101"), 3, road));
  g_assert_false (sand_map_side_has (map, hex_of (console, "0101"), 3, rail));
}

static void
test_country_sets_nation_of_hexes (void)
{
  g_autoptr(SandConsole) console = new_console ("fpw1870", "6x6");
  SandMap *map = console_map (console);
  SandRuleset *ruleset = sand_map_get_ruleset (map);

  assert_ok (console, "country germany 0601 0602");
  assert_ok (console, "country france 0101");
  g_assert_cmpint (sand_map_get_country (map, hex_of (console, "0601")), ==,
                   sand_ruleset_find_country (ruleset, "germany"));
  g_assert_cmpint (sand_map_get_country (map, hex_of (console, "0101")), ==,
                   sand_ruleset_find_country (ruleset, "france"));
  assert_ok (console, "country none 0101");
  g_assert_cmpint (sand_map_get_country (map, hex_of (console, "0101")), ==, -1);
}

static void
test_fort_adds_a_fortification_with_name_and_capacity (void)
{
  g_autoptr(SandConsole) console = new_console ("fpw1870", "8x8");
  SandMap *map = console_map (console);
  SandRuleset *ruleset = sand_map_get_ruleset (map);
  const SandMarker *m;
  int i;

  assert_ok (console, "fort 0405 french 6 \"Metz\"");
  assert_ok (console, "fort 0607 french 3 Bitche capacity=1");
  assert_ok (console, "fort 0201 german 2 Fort Saint Julien");
  assert_refused (console, "fort 0405 french 2", "0405 already has a fortification");

  i = sand_map_find_marker (map, SAND_MARKER_FORT, hex_of (console, "0405"));
  g_assert_cmpint (i, >=, 0);
  m = sand_map_get_marker (map, i);
  g_assert_cmpint (m->side, ==, sand_ruleset_find_side (ruleset, "french"));
  g_assert_cmpint (m->strength, ==, 6);
  g_assert_cmpint (m->capacity, ==, -1);
  g_assert_cmpstr (m->name, ==, "Metz");

  m = sand_map_get_marker (map, sand_map_find_marker (map, SAND_MARKER_FORT,
                                                      hex_of (console, "0607")));
  g_assert_cmpint (m->capacity, ==, 1);
  g_assert_cmpstr (m->name, ==, "Bitche");
  m = sand_map_get_marker (map, sand_map_find_marker (map, SAND_MARKER_FORT,
                                                      hex_of (console, "0201")));
  g_assert_cmpstr (m->name, ==, "Fort Saint Julien");
}

static void
test_marker_adds_each_kind (void)
{
  g_autoptr(SandConsole) console = new_console ("fpw1870", "8x8");
  SandMap *map = console_map (console);
  SandRuleset *ruleset = sand_map_get_ruleset (map);
  int german = sand_ruleset_find_side (ruleset, "german");
  const SandMarker *m;

  assert_ok (console, "marker supply 0801 german name=S");
  assert_ok (console, "marker entry 0805 german group=2");
  assert_ok (console, "marker zone 0703 german zone=1");
  assert_ok (console, "marker zone 0704 german id=1");
  assert_ok (console, "marker victory 0405 french value=3");
  assert_ok (console, "marker link 0101 none to=0108 distance=12");
  assert_ok (console, "marker place 0202 none name=\"Gravelotte\"");
  assert_ok (console, "place 0303 Saint Privat");

  m = sand_map_get_marker (map, sand_map_find_marker (map, SAND_MARKER_SUPPLY,
                                                      hex_of (console, "0801")));
  g_assert_cmpint (m->side, ==, german);
  g_assert_cmpstr (m->name, ==, "S");
  g_assert_cmpint (m->capacity, ==, -1);

  m = sand_map_get_marker (map, sand_map_find_marker (map, SAND_MARKER_ENTRY,
                                                      hex_of (console, "0805")));
  g_assert_cmpstr (m->group, ==, "2");
  g_assert_cmpint (m->side, ==, german);

  m = sand_map_get_marker (map, sand_map_find_marker (map, SAND_MARKER_ZONE,
                                                      hex_of (console, "0704")));
  g_assert_cmpstr (m->group, ==, "1");
  g_assert_cmpint (sand_map_find_zone (map, "1"), >=, 0);
  g_assert_cmpuint (sand_map_n_zones (map), ==, 1);

  m = sand_map_get_marker (map, sand_map_find_marker (map, SAND_MARKER_VICTORY,
                                                      hex_of (console, "0405")));
  g_assert_cmpint (m->value, ==, 3);

  m = sand_map_get_marker (map, sand_map_find_marker (map, SAND_MARKER_OFFMAP_LINK,
                                                      hex_of (console, "0101")));
  g_assert_cmpint (m->hex2, ==, hex_of (console, "0108"));
  g_assert_cmpint (m->value, ==, 12);
  g_assert_cmpint (m->side, ==, -1);

  g_assert_cmpstr (sand_map_get_place (map, hex_of (console, "0202")), ==, "Gravelotte");
  g_assert_cmpstr (sand_map_get_place (map, hex_of (console, "0303")), ==, "Saint Privat");
  g_assert_cmpuint (sand_map_n_markers (map), ==, 6);
}

static void
test_unit_places_a_counter_or_schedules_it (void)
{
  g_autoptr(SandConsole) console = new_console ("fpw1870", "8x8");
  SandScenario *scenario = sand_console_get_scenario (console);
  SandRuleset *ruleset = sand_scenario_get_ruleset (scenario);
  int french = sand_ruleset_find_side (ruleset, "french");
  const SandCounter *c;
  SandOob *oob;
  SandPlacement *p;
  SandReinforcement *r;

  assert_ok (console, "unit fr-2 french combat 0405 strength=6 ma=4 name=\"II Corps\"");
  assert_ok (console, "unit fr-6 french combat 0101 strength=4 arrive=3");
  assert_refused (console, "unit fr-2 french combat 0406", "already a unit 'fr-2'");

  c = sand_scenario_get_counter (scenario, sand_scenario_find_counter (scenario, "fr-2"));
  g_assert_cmpint (c->side, ==, french);
  g_assert_cmpint (c->type, ==, sand_ruleset_find_unit_type (ruleset, "combat"));
  g_assert_cmpint (c->strength, ==, 6);
  g_assert_cmpint (c->ma, ==, 4);
  g_assert_cmpstr (c->name, ==, "II Corps");

  oob = sand_scenario_default_oob (scenario, french);
  g_assert_nonnull (oob);
  g_assert_cmpint (oob->side, ==, french);
  g_assert_cmpuint (oob->placements->len, ==, 1);
  p = g_ptr_array_index (oob->placements, 0);
  g_assert_cmpstr (p->counter, ==, "fr-2");
  g_assert_cmpint (p->hex, ==, hex_of (console, "0405"));
  g_assert_cmpuint (oob->reinforcements->len, ==, 1);
  r = g_ptr_array_index (oob->reinforcements, 0);
  g_assert_cmpstr (r->counter, ==, "fr-6");
  g_assert_cmpint (r->turn, ==, 3);
  g_assert_cmpint (r->hex, ==, hex_of (console, "0101"));

  assert_refused (console, "unit fr-7 french combat 0101 entry=2", "give arrive=TURN");
  assert_ok (console, "unit fr-7 french combat 0101 strength=2 arrive=4 entry=west entrained=yes");
  r = g_ptr_array_index (oob->reinforcements, 1);
  g_assert_cmpstr (r->entry, ==, "west");
  g_assert_true (r->entrained);

  /* Each side gets an OOB of its own. */
  assert_ok (console, "unit de-1 german combat 0808 strength=5");
  g_assert_cmpuint (sand_scenario_n_oobs (scenario), ==, 2);

  assert_answer (console, "new lfaf1914 6x6",
                 "{\"ok\":true,\"ruleset\":\"lfaf1914\",\"size\":\"6x6\"}");
  assert_ok (console, "unit 1-21ric french infantry 0303 steps=4 quality=1 parent=\"2 DIC\"");
  scenario = sand_console_get_scenario (console);
  c = sand_scenario_get_counter (scenario, 0);
  g_assert_cmpint (c->steps, ==, 4);
  g_assert_cmpint (c->quality, ==, 1);
  g_assert_cmpstr (c->parent, ==, "2 DIC");
  assert_refused (console, "unit x french infantry 0303 quality=2", "quality is -1");
}

static void
test_setup_state_lists_every_counter_where_it_starts (void)
{
  g_autoptr(SandConsole) console = new_console ("fpw1870", "8x8");
  g_autofree char *empty = setup_state (console);
  g_autofree char *full = NULL;
  g_autofree char *state = NULL;

  g_assert_cmpstr (empty, ==, "{\"ok\":true,\"units\":[],\"turn\":null,\"side\":null,"
                              "\"phase\":null}");
  assert_ok (console, "unit fr-2 french combat 0405 strength=6");
  assert_ok (console, "unit de-1 german combat 0808 strength=5 arrive=2");
  full = setup_state (console);
  g_assert_cmpstr (full, ==,
                   "{\"ok\":true,\"units\":["
                   "{\"id\":\"fr-2\",\"side\":\"french\",\"type\":\"combat\",\"hex\":\"0405\","
                   "\"strength\":6},"
                   "{\"id\":\"de-1\",\"side\":\"german\",\"type\":\"combat\",\"hex\":null,"
                   "\"strength\":5,\"arrive\":2}],"
                   "\"turn\":null,\"side\":null,\"phase\":null}");

  /* `state` answers through the rules side once it can make a game, and
   * falls back on the set-up otherwise; either way fr-2 is at 0405. */
  state = sand_console_execute (console, "state");
  g_assert_true (g_str_has_prefix (state, "{\"ok\":true,"));
  g_assert_nonnull (strstr (state, "{\"id\":\"fr-2\",\"side\":\"french\",\"type\":\"combat\","
                                   "\"hex\":\"0405\""));
}

static void
test_turns_and_title_set_the_game (void)
{
  g_autoptr(SandConsole) console = new_console ("fpw1870", "4x4");
  SandScenario *scenario = sand_console_get_scenario (console);
  SandRuleset *ruleset = sand_scenario_get_ruleset (scenario);

  assert_ok (console, "turns 11 first=german");
  assert_ok (console, "title The Battle of \"Mars-la-Tour\"");
  g_assert_cmpint (sand_scenario_get_turns (scenario), ==, 11);
  g_assert_cmpint (sand_scenario_get_first_side (scenario), ==,
                   sand_ruleset_find_side (ruleset, "german"));
  g_assert_cmpstr (sand_scenario_get_title (scenario), ==, "The Battle of Mars-la-Tour");
  assert_refused (console, "turns 0", "at least 1");
  assert_refused (console, "turns 5 first=austrian", "Unknown side 'austrian'");
  assert_refused (console, "turns", "Arguments are missing");
  g_assert_cmpint (sand_scenario_get_turns (scenario), ==, 11);
}

static void
test_info_describes_the_map (void)
{
  g_autoptr(SandConsole) console = new_console ("lfaf1914", "20x15");
  g_autofree char *answer = NULL;

  assert_ok (console, "unit a french infantry 0101 steps=4");
  assert_ok (console, "marker entry 0101 french group=1");
  answer = sand_console_execute (console, "info");
  g_assert_true (g_str_has_prefix (answer, "{\"ok\":true,"));
  g_assert_nonnull (strstr (answer, "\"ruleset\":\"lfaf1914\""));
  g_assert_nonnull (strstr (answer, "\"size\":\"20x15\""));
  g_assert_nonnull (strstr (answer, "\"counters\":1"));
  g_assert_nonnull (strstr (answer, "\"markers\":1"));
}

/* }}} */

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/console/new_makes_a_blank_clear_map", test_new_makes_a_blank_clear_map);
  g_test_add_func ("/console/terrain_sets_every_named_hex", test_terrain_sets_every_named_hex);
  g_test_add_func ("/console/hexside_adds_features_seen_from_both_hexes",
                   test_hexside_adds_features_seen_from_both_hexes);
  g_test_add_func ("/console/clear_hexside_removes_features_but_keeps_roads",
                   test_clear_hexside_removes_features_but_keeps_roads);
  g_test_add_func ("/console/rail_and_road_connect_consecutive_hexes",
                   test_rail_and_road_connect_consecutive_hexes);
  g_test_add_func ("/console/country_sets_nation_of_hexes", test_country_sets_nation_of_hexes);
  g_test_add_func ("/console/fort_adds_a_fortification_with_name_and_capacity",
                   test_fort_adds_a_fortification_with_name_and_capacity);
  g_test_add_func ("/console/marker_adds_each_kind", test_marker_adds_each_kind);
  g_test_add_func ("/console/unit_places_a_counter_or_schedules_it",
                   test_unit_places_a_counter_or_schedules_it);
  g_test_add_func ("/console/setup_state_lists_every_counter_where_it_starts",
                   test_setup_state_lists_every_counter_where_it_starts);
  g_test_add_func ("/console/turns_and_title_set_the_game", test_turns_and_title_set_the_game);
  g_test_add_func ("/console/info_describes_the_map", test_info_describes_the_map);

  return g_test_run ();
}
