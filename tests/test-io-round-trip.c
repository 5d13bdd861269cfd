/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-io-round-trip: good scenario files survive load → save → load →
 * save byte for byte, validate against the schema, record their lines, and
 * a one-hex edit is a one-line diff. */

#include <string.h>

#include "sand-scenario-io.h"

#include "io-test-helpers.h"

/* Large maps run past line 65535, where libxml2 stops counting lines
 * unless asked: errors and recorded lines must still be exact. */
static void
test_lines_exact_past_65535 (void)
{
  g_autoptr(GString) s = g_string_new (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"" SAND_SCENARIO_NS "\" version=\"1\" ruleset=\"fpw1870\">\n"
    "  <map cols=\"4\" rows=\"4\">\n");
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) bad = NULL;
  g_autoptr(SandScenario) good = NULL;
  gsize base;

  for (int i = 0; i < 70000; i++)
    g_string_append (s, "\n");
  g_string_append (s, "    <hex id=\"0202\" terrain=\"rough\"/>\n");
  base = s->len;
  g_string_append (s, "    <hex id=\"0909\" terrain=\"rough\"/>\n  </map>\n</scenario>\n");
  bad = sand_scenario_load_data (s->str, s->len, "long.xml", &error);
  g_assert_null (bad);
  g_assert_error (error, SAND_SCENARIO_ERROR, SAND_SCENARIO_ERROR_OFF_MAP);
  g_assert_true (g_str_has_prefix (error->message, "long.xml:70005: "));
  g_clear_error (&error);

  g_string_truncate (s, base);
  g_string_append (s, "  </map>\n</scenario>\n");
  good = sand_scenario_load_data (s->str, s->len, "long.xml", &error);
  g_assert_no_error (error);
  g_assert_cmpint (sand_scenario_get_line (good, SAND_LINE_HEX, "0202"), ==, 70004);
}

static void
test_saved_files_validate_against_schema (void)
{
  g_autoptr(GPtrArray) files = good_files ();

  for (guint i = 0; i < files->len; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(SandScenario) s = sand_scenario_load_file (g_ptr_array_index (files, i), &error);
      g_autofree char *data = NULL;
      gsize len = 0;

      g_assert_no_error (error);
      data = sand_scenario_to_data (s, &len);
      assert_valid_against_schema (data, len);
    }
}

static void
test_round_trip_byte_identical (void)
{
  g_autoptr(GPtrArray) files = good_files ();

  g_assert_cmpuint (files->len, >=, 2);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autoptr(GError) error = NULL;
      g_autoptr(SandScenario) a = sand_scenario_load_file (path, &error);
      g_autoptr(SandScenario) b = NULL;
      g_autofree char *first = NULL;
      g_autofree char *second = NULL;
      gsize len = 0;

      g_test_message ("%s", path);
      g_assert_no_error (error);
      first = sand_scenario_to_data (a, &len);
      b = sand_scenario_load_data (first, len, path, &error);
      g_assert_no_error (error);
      second = sand_scenario_to_data (b, NULL);
      g_assert_cmpstr (first, ==, second);
    }
}

/* The round-trip file is canonical: what the saver writes is the file
 * itself, so every element and attribute survives a load. */
static void
test_everything_survives_load (void)
{
  const char *datadir = g_getenv ("SANDTABLE_DATADIR");
  g_autofree char *everything = g_test_build_filename (G_TEST_DIST, "data", "good",
                                                       "everything.xml", NULL);
  g_autofree char *demo = g_build_filename (datadir != NULL ? datadir : "../data", "scenarios",
                                            "demo.xml", NULL);
  const char *paths[] = { everything, demo };

  /* The demo is kept in the saver's own form too, so that opening and
   * saving it in the editor changes nothing. */
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autofree char *text = NULL;
      g_autofree char *saved = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(SandScenario) s = NULL;

      g_assert_true (g_file_get_contents (paths[i], &text, NULL, NULL));
      s = sand_scenario_load_file (paths[i], &error);
      g_assert_no_error (error);
      saved = sand_scenario_to_data (s, NULL);
      g_assert_cmpstr (saved, ==, text);
    }
}

/* A copy (a draft, a playtest) saves exactly as the original: the map's
 * default terrain and country travel with it. */
static void
test_copy_saves_identically (void)
{
  g_autoptr(SandScenario) s = load_demo ();
  g_autoptr(SandScenario) copy = sand_scenario_copy (s);
  SandMap *map = sand_scenario_get_map (s);
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  gsize la = 0, lb = 0;

  g_assert_cmpint (sand_map_get_default_terrain (sand_scenario_get_map (copy)), ==,
                   sand_map_get_default_terrain (map));
  g_assert_cmpint (sand_map_get_default_country (sand_scenario_get_map (copy)), ==,
                   sand_map_get_default_country (map));
  a = sand_scenario_to_data (s, &la);
  b = sand_scenario_to_data (copy, &lb);
  g_assert_cmpuint (la, ==, lb);
  g_assert_cmpstr (a, ==, b);
}

/* What the file says is what the model holds. */
static void
test_demo_model_matches_file (void)
{
  g_autoptr(SandScenario) s = load_demo ();
  SandMap *map = sand_scenario_get_map (s);
  SandRuleset *rs = sand_scenario_get_ruleset (s);
  const SandGrid *grid = sand_map_get_grid (map);
  int hex, dir;
  SandOob *oob;

  g_assert_cmpstr (sand_ruleset_get_id (rs), ==, "fpw1870");
  g_assert_cmpint (grid->cols, ==, 20);
  g_assert_cmpint (grid->rows, ==, 16);
  g_assert_cmpint (sand_scenario_get_turns (s), ==, 6);
  g_assert_cmpint (sand_scenario_get_first_side (s), ==, sand_ruleset_find_side (rs, "german"));
  g_assert_true (sand_grid_parse_id (grid, "1308", &hex));
  g_assert_cmpstr (sand_map_get_place (map, hex), ==, "Metz");
  g_assert_cmpint (sand_map_get_country (map, hex), ==, sand_ruleset_find_country (rs, "france"));
  g_assert_true (sand_grid_parse_id (grid, "1208", &hex));
  dir = sand_grid_parse_direction (grid, "ne");
  g_assert_true (sand_map_side_has (map, hex, dir, sand_ruleset_find_side_feature (rs, "river")));
  g_assert_true (sand_map_side_has (map, hex, dir, sand_ruleset_find_side_feature (rs, "bridge")));
  g_assert_true (sand_map_side_has (map, hex, dir, sand_ruleset_find_side_feature (rs, "rail")));
  g_assert_true (sand_grid_parse_id (grid, "1401", &hex));
  g_assert_cmpint (sand_map_get_country (map, hex), ==, sand_ruleset_find_country (rs, "germany"));
  g_assert_true (sand_grid_parse_id (grid, "1511", &hex));
  g_assert_cmpint (sand_map_get_terrain (map, hex), ==, sand_ruleset_find_terrain (rs, "rough"));
  g_assert_cmpint (sand_scenario_n_counters (s), ==, 16);
  g_assert_cmpint (sand_scenario_n_oobs (s), ==, 2);
  oob = sand_scenario_get_oob (s, 0);
  g_assert_cmpstr (oob->id, ==, "A");
  g_assert_cmpuint (oob->reinforcements->len, ==, 2);
  g_assert_true (((SandReinforcement *) g_ptr_array_index (oob->reinforcements, 0))->entrained);
  g_assert_cmpint (((SandReinforcement *) g_ptr_array_index (oob->reinforcements, 1))->points,
                   ==, 4);
  g_assert_cmpuint (sand_scenario_n_victory_levels (s), ==, 5);
  g_assert_cmpint (sand_scenario_get_victory_level (s, 0)->min, ==, G_MININT);
  g_assert_cmpint (sand_scenario_get_victory_level (s, 4)->max, ==, G_MAXINT);
}

/* Source lines: each thing can name the line it came from. */
static void
test_lines_recorded (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "good", "everything.xml",
                                                 NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) s = sand_scenario_load_file (path, &error);
  const SandGrid *grid;
  int hex;

  g_assert_no_error (error);
  grid = sand_map_get_grid (sand_scenario_get_map (s));
  g_assert_cmpint (sand_scenario_get_line (s, SAND_LINE_SCENARIO, NULL), ==, 2);
  g_assert_cmpint (sand_scenario_get_line (s, SAND_LINE_GAME, NULL), ==, 7);
  g_assert_cmpint (sand_scenario_get_line (s, SAND_LINE_MAP, NULL), ==, 17);
  g_assert_cmpint (sand_scenario_get_line (s, SAND_LINE_HEX, "050002"), ==, 21);
  g_assert_true (sand_grid_parse_id (grid, "050002", &hex));
  g_assert_cmpint (sand_scenario_get_line_n (s, SAND_LINE_HEX, hex), ==, 21);
  g_assert_cmpint (sand_scenario_get_line (s, SAND_LINE_HEX, "050003"), ==, 0);
  g_assert_cmpint (sand_scenario_get_line (s, SAND_LINE_SIDE, "001001/e"), ==, 22);
  g_assert_cmpint (sand_scenario_get_line (s, SAND_LINE_SIDE, "002001/w"), ==, 22);
  g_assert_cmpint (sand_scenario_get_line (s, SAND_LINE_PLACE, "101001"), ==, 27);
  g_assert_cmpint (sand_scenario_get_line (s, SAND_LINE_ZONE, "empty-zone"), ==, 29);
  g_assert_cmpint (sand_scenario_get_line (s, SAND_LINE_MARKER, "0"), ==, 30);
  g_assert_cmpint (sand_scenario_get_line (s, SAND_LINE_COUNTER, "de-cav"), ==, 50);
  g_assert_cmpint (sand_scenario_get_line (s, SAND_LINE_OOB, "H"), ==, 63);
  g_assert_cmpint (sand_scenario_get_oob_line (s, SAND_LINE_PLACEMENT, "historical", 1), ==, 57);
  g_assert_cmpint (sand_scenario_get_oob_line (s, SAND_LINE_ZONE_LIMIT, "historical", 1), ==, 59);
  g_assert_cmpint (sand_scenario_get_oob_line (s, SAND_LINE_REINFORCEMENT, "H", 0), ==, 65);
  g_assert_cmpint (sand_scenario_get_line (s, SAND_LINE_LEVEL, "2"), ==, 15);
  sand_scenario_clear_lines (s);
  g_assert_cmpint (sand_scenario_get_line (s, SAND_LINE_COUNTER, "de-cav"), ==, 0);
}

static guint
count_different_lines (const char *a,
                       const char *b)
{
  g_auto(GStrv) la = g_strsplit (a, "\n", -1);
  g_auto(GStrv) lb = g_strsplit (b, "\n", -1);
  guint n = 0;

  g_assert_cmpuint (g_strv_length (la), ==, g_strv_length (lb));
  for (guint i = 0; la[i] != NULL; i++)
    if (strcmp (la[i], lb[i]) != 0)
      n++;
  return n;
}

/* One painted hex is one changed line, on a hex that was default (a
 * line appears) or not (a line changes). */
static void
test_one_hex_edit_is_one_line_diff (void)
{
  g_autoptr(SandScenario) s = load_demo ();
  SandMap *map = sand_scenario_get_map (s);
  SandRuleset *rs = sand_scenario_get_ruleset (s);
  g_autofree char *before = sand_scenario_to_data (s, NULL);
  g_autofree char *after = NULL;
  g_auto(GStrv) lb = NULL;
  g_auto(GStrv) la = NULL;
  int hex;

  /* 1511 is rough: make it clear, its line goes away... */
  g_assert_true (sand_grid_parse_id (sand_map_get_grid (map), "1511", &hex));
  sand_map_set_terrain (map, hex, (guint8) sand_ruleset_find_terrain (rs, "clear"));
  after = sand_scenario_to_data (s, NULL);
  lb = g_strsplit (before, "\n", -1);
  la = g_strsplit (after, "\n", -1);
  g_assert_cmpuint (g_strv_length (lb), ==, g_strv_length (la) + 1);
  /* ...and painting it rough again brings back exactly the same file. */
  sand_map_set_terrain (map, hex, (guint8) sand_ruleset_find_terrain (rs, "rough"));
  g_free (after);
  after = sand_scenario_to_data (s, NULL);
  g_assert_cmpstr (after, ==, before);

  /* A hexside feature added to a side that has one changes one line. */
  g_assert_true (sand_grid_parse_id (sand_map_get_grid (map), "1209", &hex));
  sand_map_set_side (map, hex, 1, sand_map_get_side (map, hex, 1)
                     | (1u << sand_ruleset_find_side_feature (rs, "bridge")));
  g_free (after);
  after = sand_scenario_to_data (s, NULL);
  g_assert_cmpuint (count_different_lines (before, after), ==, 1);
}

/* A stream that takes @budget bytes and then fails as a full disk does. */
#define TEST_TYPE_FULL_STREAM (test_full_stream_get_type ())

/* Text with every character that needs escaping comes back unchanged. */
static void
test_text_escapes_round_trip (void)
{
  g_autoptr(SandScenario) s = load_demo ();
  g_autoptr(SandScenario) again = NULL;
  g_autoptr(GError) error = NULL;
  const char *title = "A & B <c> \"d\" 'e'\ttab\r\nline";
  const char *note = "x\ny\tz & \"q\" <r>\r";
  g_autoptr(SandCounter) c = sand_counter_copy (sand_scenario_get_counter (s, 0));
  g_autofree char *data = NULL;
  gsize len = 0;

  sand_scenario_set_title (s, title);
  g_free (c->note);
  c->note = g_strdup (note);
  sand_scenario_replace_counter (s, 0, g_steal_pointer (&c));
  data = sand_scenario_to_data (s, &len);
  again = sand_scenario_load_data (data, len, "escapes.xml", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (sand_scenario_get_title (again), ==, title);
  g_assert_cmpstr (sand_scenario_get_counter (again, 0)->note, ==, note);
}

/* On a map 1000 wide or tall every id has four digits each ("10000002",
 * "00021000"), as the grid prints them. */
static void
test_column_and_row_1000_round_trip (void)
{
  g_autoptr(GError) error = NULL;
  SandRuleset *rs = sand_ruleset_lookup ("fpw1870", &error);
  int shapes[2][2] = { { 1000, 2 }, { 2, 1000 } };
  const char *ids[2] = { "10000002", "00021000" };

  g_assert_no_error (error);
  for (int k = 0; k < 2; k++)
    {
      g_autoptr(SandMap) map = sand_map_new (rs, shapes[k][0], shapes[k][1],
                                             SAND_ORIENTATION_FLAT, SAND_STAGGER_EVEN);
      g_autoptr(SandScenario) s = NULL;
      g_autoptr(SandScenario) again = NULL;
      g_autofree char *data = NULL;
      g_autofree char *line = g_strdup_printf ("<hex id=\"%s\" terrain=\"rough\"/>", ids[k]);
      int last = shapes[k][0] * shapes[k][1] - 1;
      gsize len = 0;

      sand_map_set_terrain (map, last, (guint8) sand_ruleset_find_terrain (rs, "rough"));
      sand_map_set_place (map, last, "Far corner");
      s = sand_scenario_new (map);
      data = sand_scenario_to_data (s, &len);
      g_assert_nonnull (strstr (data, line));
      again = sand_scenario_load_data (data, len, "wide.xml", &error);
      g_assert_no_error (error);
      g_assert_cmpstr (sand_map_get_place (sand_scenario_get_map (again), last), ==,
                       "Far corner");
      g_assert_cmpint (sand_map_get_terrain (sand_scenario_get_map (again), last), ==,
                       sand_ruleset_find_terrain (rs, "rough"));
    }
}

/* A map made from scratch saves with its most common terrain as the
 * default, then keeps that default while it is painted. */
static void
test_new_map_default_terrain_is_stable (void)
{
  g_autoptr(GError) error = NULL;
  SandRuleset *rs = sand_ruleset_lookup ("fpw1870", &error);
  g_autoptr(SandMap) map = NULL;
  g_autoptr(SandScenario) s = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  guint8 rough;

  g_assert_no_error (error);
  map = sand_map_new (rs, 3, 2, SAND_ORIENTATION_FLAT, SAND_STAGGER_EVEN);
  rough = (guint8) sand_ruleset_find_terrain (rs, "rough");
  for (int h = 0; h < 4; h++)
    sand_map_set_terrain (map, h, rough);
  s = sand_scenario_new (map);
  first = sand_scenario_to_data (s, NULL);
  g_assert_nonnull (strstr (first, "default-terrain=\"rough\""));
  g_assert_nonnull (strstr (first, "<hex id=\"0202\" terrain=\"clear\"/>"));
  /* Now clear is the majority, but the default stays. */
  sand_map_set_terrain (map, 0, 0);
  sand_map_set_terrain (map, 1, 0);
  second = sand_scenario_to_data (s, NULL);
  g_assert_nonnull (strstr (second, "default-terrain=\"rough\""));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/io/round-trip/byte-identical", test_round_trip_byte_identical);
  g_test_add_func ("/io/round-trip/everything-survives-load", test_everything_survives_load);
  g_test_add_func ("/io/round-trip/text-escapes", test_text_escapes_round_trip);
  g_test_add_func ("/io/round-trip/column-and-row-1000", test_column_and_row_1000_round_trip);
  g_test_add_func ("/io/save/output-validates-against-schema",
                   test_saved_files_validate_against_schema);
  g_test_add_func ("/io/model/demo-matches-file", test_demo_model_matches_file);
  g_test_add_func ("/io/model/lines-recorded", test_lines_recorded);
  g_test_add_func ("/io/model/lines-exact-past-65535", test_lines_exact_past_65535);
  g_test_add_func ("/io/save/one-hex-edit-is-one-line-diff", test_one_hex_edit_is_one_line_diff);
  g_test_add_func ("/io/save/new-map-default-terrain-is-stable",
                   test_new_map_default_terrain_is_stable);
  g_test_add_func ("/io/round-trip/copy-saves-identically", test_copy_saves_identically);

  return g_test_run ();
}
