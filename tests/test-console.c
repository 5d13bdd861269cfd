/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-console: the console itself: its JSON and tokenizer, the
 * refusals of malformed lines (each naming the problem, none changing
 * anything), deterministic answers, save and load, random lines that never
 * crash, and its argument helpers. test-console-map.c holds the
 * map-building commands. */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "sand-console.h"
#include "sand-json.h"
#include "sand-scenario.h"

#include "console-command-helpers.h"

/* {{{ JSON and tokenizer */

static void
test_json_keeps_key_order_and_escapes (void)
{
  g_autoptr(SandJson) json = sand_json_new ();
  g_autofree char *text = NULL;

  sand_json_begin_object (json);
  sand_json_member_bool (json, "ok", TRUE);
  sand_json_member_string (json, "z", "quote \" backslash \\ newline \n tab \t bell \a");
  sand_json_member_int (json, "a", -42);
  sand_json_key (json, "list");
  sand_json_begin_array (json);
  sand_json_int (json, 1);
  sand_json_null (json);
  sand_json_string (json, "Saint-Privat-la-Montagne");
  sand_json_begin_object (json);
  sand_json_end_object (json);
  sand_json_end_array (json);
  sand_json_member_string (json, "none", NULL);
  sand_json_key (json, "open");
  sand_json_begin_array (json);
  text = sand_json_free_to_string (g_steal_pointer (&json));

  g_assert_cmpstr (text, ==,
                   "{\"ok\":true,\"z\":\"quote \\\" backslash \\\\ newline \\n tab \\t bell "
                   "\\u0007\",\"a\":-42,\"list\":[1,null,\"Saint-Privat-la-Montagne\",{}],"
                   "\"none\":null,\"open\":[]}");
}

static void
test_tokenizer_groups_quotes_and_drops_comments (void)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) tokens = sand_console_tokenize ("fort 0405  french 6 \"Metz Nord\" "
                                                "name='it''s' x=\"a \\\"b\\\"\" # comment",
                                                &error);
  g_auto(GStrv) blank = sand_console_tokenize ("   # only a comment", &error);
  g_auto(GStrv) bad = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (tokens), ==, 7);
  g_assert_cmpstr (tokens[0], ==, "fort");
  g_assert_cmpstr (tokens[3], ==, "6");
  g_assert_cmpstr (tokens[4], ==, "Metz Nord");
  g_assert_cmpstr (tokens[5], ==, "name=its");
  g_assert_cmpstr (tokens[6], ==, "x=a \"b\"");
  g_assert_cmpuint (g_strv_length (blank), ==, 0);

  bad = sand_console_tokenize ("place 0101 \"Metz", &error);
  g_assert_null (bad);
  g_assert_nonnull (error);
}

/* }}} */
/* {{{ Blank lines, comments, unknown and malformed commands */

static void
test_blank_and_comment_lines_have_no_answer (void)
{
  g_autoptr(SandConsole) console = sand_console_new (NULL, 0);
  const char *lines[] = { "", "   ", "\t", "# a comment", "   # indented comment" };

  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_autofree char *answer = sand_console_execute (console, lines[i]);
      g_assert_null (answer);
    }
}

static void
test_unknown_command_is_refused (void)
{
  g_autoptr(SandConsole) console = sand_console_new (NULL, 0);

  assert_answer (console, "fly 0101", "{\"ok\":false,\"error\":\"unknown command 'fly'\"}");
  assert_answer (console, "  teleport", "{\"ok\":false,\"error\":\"unknown command 'teleport'\"}");
}

static void
test_map_command_before_new_is_refused (void)
{
  g_autoptr(SandConsole) console = sand_console_new (NULL, 0);

  assert_refused (console, "terrain clear 0101", "no map yet");
  assert_refused (console, "unit x french combat 0101", "no map yet");
  assert_refused (console, "state", "no map yet");
}

static void
test_malformed_lines_are_refused (void)
{
  g_autoptr(SandConsole) console = new_console ("fpw1870", "10x8");

  assert_refused (console, "place 0101 \"Metz", "quote is not closed");
  assert_refused (console, "terrain clear 01O1", "'01O1' is not a hex id");
  assert_refused (console, "terrain clear 101", "'101' is not a hex id");
  assert_refused (console, "terrain clear 1109", "Hex 1109 is off the map (10x8)");
  assert_refused (console, "terrain clear 0009", "Hex 0009 is off the map");
  assert_refused (console, "terrain swamp 0101", "Unknown terrain 'swamp'");
  assert_refused (console, "terrain clear", "at least one hex");
  assert_refused (console, "terrain", "Name a terrain");
  assert_refused (console, "country", "Name a country");
  assert_refused (console, "hexside 0202 n lava", "Unknown hexside feature 'lava'");
  assert_refused (console, "hexside 0202 e river", "Unknown direction 'e'");
  assert_refused (console, "hexside 0202 n", "Name the features");
  assert_refused (console, "hexside 0202", "direction is missing");
  assert_refused (console, "country atlantis 0101", "Unknown country 'atlantis'");
  assert_refused (console, "rail 0101 0303", "Hexes 0101 and 0303 are not adjacent");
  assert_refused (console, "road 0101", "at least two hexes");
  assert_refused (console, "fort 0405 french", "fort strength is missing");
  assert_refused (console, "fort 0405 french six", "whole number, not 'six'");
  assert_refused (console, "fort 0405 prussians 6", "Unknown side 'prussians'");
  assert_refused (console, "unit a1 french combat", "unit takes ID SIDE TYPE HEX");
  assert_refused (console, "unit a1 french cannon 0101", "Unknown unit type 'cannon'");
  assert_refused (console, "unit a1 french combat 0101 strenght=4", "no option 'strenght'");
  assert_refused (console, "unit a1 french combat 0101 strength=-4", "at least 0");
  assert_refused (console, "marker beacon 0101 french", "Unknown marker kind 'beacon'");
  assert_refused (console, "marker zone 0101 french", "zone=ID");
  assert_refused (console, "marker link 0101 none to=0102", "link distance is missing");
  assert_refused (console, "new fpw1870 10by8", "COLSxROWS");
  assert_refused (console, "new fpw1870 0x8", "1 to 1000");
  assert_refused (console, "new chess 8x8", "Unknown ruleset 'chess'");
  assert_refused (console, "new fpw1870 8x8 orientation=round", "flat or pointy");
  assert_refused (console, "new fpw1870", "Arguments are missing");
  assert_refused (console, "terrain clear 0101 \xff", "not valid UTF-8");

  /* None of them changed the 10x8 map. */
  g_assert_cmpint (sand_map_get_grid (console_map (console))->cols, ==, 10);
  g_assert_cmpuint (sand_map_n_markers (console_map (console)), ==, 0);
  g_assert_cmpuint (sand_scenario_n_counters (sand_console_get_scenario (console)), ==, 0);
}

/* A refusal part-way through a list of hexes changes none of them. */
static void
test_refusal_changes_nothing (void)
{
  g_autoptr(SandConsole) console = new_console ("fpw1870", "6x6");
  SandRuleset *ruleset = sand_map_get_ruleset (console_map (console));
  int clear = sand_ruleset_find_terrain (ruleset, "clear");

  assert_refused (console, "terrain rough 0101 0202 0707", "Hex 0707 is off the map");
  g_assert_cmpint (sand_map_get_terrain (console_map (console), hex_of (console, "0101")), ==,
                   clear);
  g_assert_cmpint (sand_map_get_terrain (console_map (console), hex_of (console, "0202")), ==,
                   clear);

  assert_refused (console, "rail 0101 0102 0104", "Hexes 0102 and 0104 are not adjacent");
  g_assert_false (sand_map_hex_has_connection (console_map (console), hex_of (console, "0101"),
                                               find_feature (console, "rail")));
}

/* }}} */
/* {{{ Answers, saving, random lines */

/* Same script, same answers: the contract the rules tests rely on. */
static void
test_answers_are_deterministic (void)
{
  const char *script[] = {
    "new fpw1870 10x10", "terrain rough 0505", "rail 0101 0102", "fort 0303 french 4 Toul",
    "unit a french combat 0202 strength=3", "state", "info", "bogus", "terrain clear 9999",
  };
  g_autoptr(SandConsole) one = sand_console_new (NULL, 1);
  g_autoptr(SandConsole) two = sand_console_new (NULL, 1);

  for (guint i = 0; i < G_N_ELEMENTS (script); i++)
    {
      g_autofree char *a = sand_console_execute (one, script[i]);
      g_autofree char *b = sand_console_execute (two, script[i]);

      g_assert_cmpstr (a, ==, b);
      g_assert_null (strchr (a, '\n'));
    }
}

static void
test_save_then_load_round_trip (void)
{
  g_autoptr(SandConsole) console = new_console ("fpw1870", "10x8");
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("sandtable-console-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *line = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *state_before = NULL;
  g_autofree char *state_after = NULL;
  g_autofree char *first_bytes = NULL;
  g_autofree char *second_bytes = NULL;
  const char *script[] = {
    "terrain rough 0404 0405", "hexside 0505 n river,bridge", "rail 0101 0102 0202",
    "road 0707 0708", "country germany 1001 1002", "place 0405 \"Metz\"",
    "fort 0405 french 6 Metz capacity=2", "marker supply 1001 german name=S",
    "marker entry 1005 german group=2", "marker zone 0903 german zone=1",
    "marker victory 0405 french value=3",
    "unit fr-2 french combat 0405 strength=6 ma=4 name=\"II Corps\"",
    "unit de-1 german combat 1001 strength=5 arrive=2",
  };
  SandMap *map;

  g_assert_no_error (error);
  path = g_build_filename (dir, "round trip.xml", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (script); i++)
    assert_ok (console, script[i]);
  state_before = setup_state (console);

  line = g_strdup_printf ("save \"%s\"", path);
  expected = g_strdup_printf ("{\"ok\":true,\"path\":\"%s\"}", path);
  assert_answer (console, line, expected);
  g_assert_true (g_file_get_contents (path, &first_bytes, NULL, NULL));

  g_free (line);
  g_free (expected);
  line = g_strdup_printf ("load \"%s\"", path);
  expected = g_strdup_printf ("{\"ok\":true,\"path\":\"%s\",\"ruleset\":\"fpw1870\","
                              "\"size\":\"10x8\"}", path);
  assert_answer (console, line, expected);
  state_after = setup_state (console);
  g_assert_cmpstr (state_after, ==, state_before);

  map = console_map (console);
  g_assert_cmpstr (sand_map_get_place (map, hex_of (console, "0405")), ==, "Metz");
  g_assert_true (sand_map_side_has (map, hex_of (console, "0505"), 0,
                                    find_feature (console, "bridge")));
  g_assert_true (sand_map_hex_has_connection (map, hex_of (console, "0202"),
                                              find_feature (console, "rail")));
  g_assert_cmpuint (sand_map_n_markers (map), ==, 5);

  /* Saving what was loaded gives the same bytes. */
  g_free (line);
  line = g_strdup_printf ("save \"%s\"", path);
  g_free (sand_console_execute (console, line));
  g_assert_true (g_file_get_contents (path, &second_bytes, NULL, NULL));
  g_assert_cmpstr (first_bytes, ==, second_bytes);

  g_free (line);
  line = g_strdup_printf ("load \"%s/missing.xml\"", dir);
  assert_refused (console, line, "missing.xml");
  /* The failed load kept the scenario. */
  g_assert_true (console_map (console) == map);
  g_free (line);
  line = g_strdup_printf ("save \"%s/no/such/dir/x.xml\"", dir);
  assert_refused (console, line, "Could not save");

  g_unlink (path);
  g_rmdir (dir);
}

/* Thousands of lines made of valid and invalid words, in any order: every
 * one gets one JSON answer and none crashes. */
static void
test_random_lines_never_crash (void)
{
  static const char *words[] = {
    "new", "terrain", "hexside", "clear-hexside", "rail", "road", "country", "place", "fort",
    "marker", "unit", "info", "state", "save", "fpw1870", "lfaf1914", "5x5", "0x0", "999x999",
    "1x1", "clear", "rough", "forest", "river", "bridge", "river,bridge", ",", "n", "se", "e",
    "french", "german", "none", "france", "0101", "0505", "0606", "0000", "9999", "01", "",
    "\"\"", "\"a b\"", "'", "\"", "=", "a=", "=b", "strength=3", "strength=x",
    "arrive=0", "arrive=2", "value=-1", "to=0101", "distance=2", "zone=1", "group=g", "supply",
    "entry", "zone", "victory", "link", "edge", "edge=north", "custom", "name=S", "combat",
    "infantry", "all", "#", "steps=99999999999", "capacity=-1", "quality=-1", "x", "\\",
    "orientation=pointy", "stagger=odd", "\xc3\xa9", "\t",
  };
  g_autoptr(SandConsole) console = sand_console_new (NULL, 0);
  g_autoptr(GRand) rand = g_rand_new_with_seed (1870);

  for (guint i = 0; i < 20000; i++)
    {
      g_autoptr(GString) line = g_string_new (NULL);
      g_autofree char *answer = NULL;
      guint n = g_rand_int_range (rand, 0, 7);

      /* Keep a map around most of the time so the commands get past the
       * "no map" refusal; keep it small so that it stays fast. */
      if (i % 50 == 0)
        g_string_assign (line, i % 100 == 0 ? "new fpw1870 6x6" : "new lfaf1914 5x7");
      else
        for (guint w = 0; w < n; w++)
          g_string_append_printf (line, "%s%s", w > 0 ? " " : "",
                                  words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))]);
      if (g_str_has_prefix (line->str, "save") || g_str_has_prefix (line->str, "load"))
        continue;
      answer = sand_console_execute (console, line->str);
      if (answer != NULL)
        {
          g_assert_true (g_str_has_prefix (answer, "{\"ok\":"));
          g_assert_true (g_str_has_suffix (answer, "}"));
          g_assert_null (strchr (answer, '\n'));
        }
    }
}

/* }}} */
/* {{{ Hook API */

static int destroyed;

static void
count_destroy (gpointer data)
{
  destroyed++;
}

static void
test_game_is_dropped_when_the_scenario_is_replaced (void)
{
  g_autoptr(SandConsole) console = new_console ("fpw1870", "4x4");
  static int game_a, game_b;

  destroyed = 0;
  g_assert_cmpuint (sand_console_get_seed (console), ==, 7);
  sand_console_set_game (console, &game_a, count_destroy);
  g_assert_true (sand_console_get_game (console) == &game_a);
  sand_console_set_game (console, &game_b, count_destroy);
  g_assert_cmpint (destroyed, ==, 1);
  /* (No map-building command here: the rules side would take this stand-in
   * for its own game.) `new` drops the game before the rules side hears of
   * the new scenario. */
  assert_answer (console, "new fpw1870 3x3",
                 "{\"ok\":true,\"ruleset\":\"fpw1870\",\"size\":\"3x3\"}");
  g_assert_null (sand_console_get_game (console));
  g_assert_cmpint (destroyed, ==, 2);
}

static void
test_refuse_builds_error_and_rule (void)
{
  g_autoptr(SandJson) json = sand_json_new ();
  g_autofree char *text = NULL;

  sand_json_begin_object (json);
  sand_json_member_bool (json, "ok", TRUE);
  sand_json_member_int (json, "mp_left", 3);
  g_assert_false (sand_console_is_refusal (json));
  g_assert_true (sand_console_refuse (json, "ZOC (A)", "Unit %s must stop in an enemy zone of "
                                      "control.", "de-1"));
  g_assert_true (sand_console_is_refusal (json));
  text = sand_json_free_to_string (g_steal_pointer (&json));
  g_assert_cmpstr (text, ==, "{\"ok\":false,\"error\":\"Unit de-1 must stop in an enemy zone of "
                             "control.\",\"rule\":\"ZOC (A)\"}");
}

static void
test_argument_helpers (void)
{
  const char *args[] = { "0405", "strength=6", "french", "name=Metz Nord", NULL };

  g_assert_cmpuint (sand_console_n_positional (args), ==, 2);
  g_assert_cmpstr (sand_console_positional (args, 1), ==, "french");
  g_assert_null (sand_console_positional (args, 2));
  g_assert_cmpstr (sand_console_arg_value (args, "name"), ==, "Metz Nord");
  g_assert_null (sand_console_arg_value (args, "strengt"));
}

/* }}} */

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/console/json_keeps_key_order_and_escapes",
                   test_json_keeps_key_order_and_escapes);
  g_test_add_func ("/console/tokenizer_groups_quotes_and_drops_comments",
                   test_tokenizer_groups_quotes_and_drops_comments);
  g_test_add_func ("/console/blank_and_comment_lines_have_no_answer",
                   test_blank_and_comment_lines_have_no_answer);
  g_test_add_func ("/console/unknown_command_is_refused", test_unknown_command_is_refused);
  g_test_add_func ("/console/map_command_before_new_is_refused",
                   test_map_command_before_new_is_refused);
  g_test_add_func ("/console/malformed_lines_are_refused", test_malformed_lines_are_refused);
  g_test_add_func ("/console/refusal_changes_nothing", test_refusal_changes_nothing);
  g_test_add_func ("/console/answers_are_deterministic", test_answers_are_deterministic);
  g_test_add_func ("/console/save_then_load_round_trip", test_save_then_load_round_trip);
  g_test_add_func ("/console/random_lines_never_crash", test_random_lines_never_crash);
  g_test_add_func ("/console/game_is_dropped_when_the_scenario_is_replaced",
                   test_game_is_dropped_when_the_scenario_is_replaced);
  g_test_add_func ("/console/refuse_builds_error_and_rule", test_refuse_builds_error_and_rule);
  g_test_add_func ("/console/argument_helpers", test_argument_helpers);

  return g_test_run ();
}
