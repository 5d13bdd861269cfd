/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-map: the map model and the scenario document — per-hex and per-side
 * storage, connections, markers, zones, change notification, deep copies. */
#include <string.h>

#include "hex-id.h"
#include "sand-map.h"
#include "sand-scenario.h"

typedef struct {
  int count;
  int col0, row0, col1, row1;
} Changes;

static void
on_changed (SandMap *map,
            int      col0,
            int      row0,
            int      col1,
            int      row1,
            Changes *c)
{
  c->count++;
  c->col0 = col0;
  c->row0 = row0;
  c->col1 = col1;
  c->row1 = row1;
}

static SandRuleset *
fpw (void)
{
  g_autoptr (GError) error = NULL;
  SandRuleset *rs = sand_ruleset_lookup ("fpw1870", &error);

  g_assert_no_error (error);
  return rs;
}

static SandMap *
new_map (int cols,
         int rows)
{
  return sand_map_new (fpw (), cols, rows, SAND_ORIENTATION_FLAT, SAND_STAGGER_EVEN);
}

static void
test_new_map_is_blank (void)
{
  g_autoptr (SandMap) map = new_map (13, 11);
  const SandGrid *grid = sand_map_get_grid (map);

  g_assert_cmpint (grid->cols, ==, 13);
  g_assert_cmpint (grid->rows, ==, 11);
  g_assert_true (sand_map_get_ruleset (map) == fpw ());
  for (int h = 0; h < 13 * 11; h++)
    {
      g_assert_cmpuint (sand_map_get_terrain (map, h), ==, 0);
      g_assert_cmpint (sand_map_get_country (map, h), ==, -1);
      g_assert_null (sand_map_get_place (map, h));
      for (int d = 0; d < SAND_N_DIRS; d++)
        g_assert_cmpuint (sand_map_get_side (map, h, d), ==, 0);
    }
  g_assert_cmpuint (sand_map_n_markers (map), ==, 0);
  g_assert_cmpuint (sand_map_n_zones (map), ==, 0);
  g_assert_cmpfloat (sand_map_get_hex_size (map), >, 0);
}

static void
test_terrain_and_country (void)
{
  g_autoptr (SandMap) map = new_map (13, 11);
  int rough = sand_ruleset_find_terrain (fpw (), "rough");
  int germany = sand_ruleset_find_country (fpw (), "germany");
  int h = hex_id (map, "0507");

  sand_map_set_terrain (map, h, rough);
  sand_map_set_country (map, h, germany);
  g_assert_cmpuint (sand_map_get_terrain (map, h), ==, rough);
  g_assert_cmpint (sand_map_get_country (map, h), ==, germany);
  g_assert_cmpuint (sand_map_peek_terrain (map)[h], ==, rough);
  g_assert_cmpint (sand_map_peek_countries (map)[h], ==, germany);
  /* Neighbours untouched. */
  g_assert_cmpuint (sand_map_get_terrain (map, h + 1), ==, 0);
  g_assert_cmpint (sand_map_get_country (map, h - 1), ==, -1);
  sand_map_set_country (map, h, -1);
  g_assert_cmpint (sand_map_get_country (map, h), ==, -1);
}

static void
test_side_seen_from_both_hexes (void)
{
  g_autoptr (SandMap) map = new_map (13, 11);
  const SandGrid *grid = sand_map_get_grid (map);
  int river = sand_ruleset_find_side_feature (fpw (), "river");
  int ridge = sand_ruleset_find_side_feature (fpw (), "ridge");

  for (int h = 0; h < sand_grid_n_hexes (grid); h++)
    for (int d = 0; d < SAND_N_DIRS; d++)
      {
        int nb = sand_grid_neighbour (grid, h, d);
        guint32 bits = 1u << (h % 2 ? river : ridge);

        sand_map_set_side (map, h, d, bits);
        g_assert_cmpuint (sand_map_get_side (map, h, d), ==, bits);
        if (nb != SAND_HEX_NONE)
          g_assert_cmpuint (sand_map_get_side (map, nb, SAND_DIR_OPPOSITE (d)), ==, bits);
        g_assert_true (sand_map_side_has (map, h, d, h % 2 ? river : ridge));
        g_assert_false (sand_map_side_has (map, h, d, -1));
        sand_map_set_side (map, h, d, 0);
        if (nb != SAND_HEX_NONE)
          g_assert_cmpuint (sand_map_get_side (map, nb, SAND_DIR_OPPOSITE (d)), ==, 0);
      }
}

static void
test_side_edit_changes_both_hexes (void)
{
  g_autoptr (SandMap) map = new_map (13, 11);
  Changes c = { 0 };
  int river = sand_ruleset_find_side_feature (fpw (), "river");

  g_signal_connect (map, "changed", G_CALLBACK (on_changed), &c);
  /* 0303 se is 0403 (flat, even). */
  sand_map_set_side (map, hex_id (map, "0303"), 2, 1u << river);
  g_assert_cmpint (c.count, ==, 1);
  g_assert_cmpint (c.col0, ==, 2);
  g_assert_cmpint (c.col1, ==, 3);
  g_assert_cmpint (c.row0, ==, 2);
  g_assert_cmpint (c.row1, ==, 2);
  /* 0202 ne is 0302: rows 1 and 1; 0202 s is 0203. */
  sand_map_set_side (map, hex_id (map, "0202"), 3, 1u << river);
  g_assert_cmpint (c.count, ==, 2);
  g_assert_cmpint (c.col0, ==, 1);
  g_assert_cmpint (c.col1, ==, 1);
  g_assert_cmpint (c.row0, ==, 1);
  g_assert_cmpint (c.row1, ==, 2);
  /* Setting the same value again changes nothing and says nothing. */
  sand_map_set_side (map, hex_id (map, "0203"), 0, 1u << river);
  g_assert_cmpint (c.count, ==, 2);
}

static void
test_connect_path (void)
{
  g_autoptr (SandMap) map = new_map (13, 11);
  g_autoptr (GError) error = NULL;
  int rail = sand_ruleset_find_side_feature (fpw (), "rail");
  int road = sand_ruleset_find_side_feature (fpw (), "road");
  int path[] = { hex_id (map, "0202"), hex_id (map, "0302"), hex_id (map, "0402"),
                 hex_id (map, "0403") };

  g_assert_true (sand_map_connect_path (map, rail, path, G_N_ELEMENTS (path), TRUE, &error));
  g_assert_no_error (error);
  for (gsize i = 0; i < G_N_ELEMENTS (path); i++)
    g_assert_true (sand_map_hex_has_connection (map, path[i], rail));
  g_assert_false (sand_map_hex_has_connection (map, path[0], road));
  g_assert_false (sand_map_hex_has_connection (map, hex_id (map, "0303"), rail));
  /* 0202 ne 0302 carries rail; 0202 se 0303 does not. */
  g_assert_true (sand_map_side_has (map, path[0], 1, rail));
  g_assert_true (sand_map_side_has (map, path[1], 4, rail));
  g_assert_false (sand_map_side_has (map, path[0], 2, rail));

  /* Removing the middle leg leaves the ends. */
  g_assert_true (sand_map_connect_path (map, rail, path + 1, 2, FALSE, &error));
  g_assert_true (sand_map_hex_has_connection (map, path[1], rail));
  g_assert_false (sand_map_side_has (map, path[1], sand_grid_direction_to (sand_map_get_grid (map),
                                                                           path[1], path[2]),
                                     rail));
}

static void
test_connect_path_not_adjacent_changes_nothing (void)
{
  g_autoptr (SandMap) map = new_map (13, 11);
  g_autoptr (GError) error = NULL;
  int rail = sand_ruleset_find_side_feature (fpw (), "rail");
  int path[] = { hex_id (map, "0202"), hex_id (map, "0302"), hex_id (map, "0502") };
  Changes c = { 0 };

  g_signal_connect (map, "changed", G_CALLBACK (on_changed), &c);
  g_assert_false (sand_map_connect_path (map, rail, path, G_N_ELEMENTS (path), TRUE, &error));
  g_assert_error (error, SAND_MAP_ERROR, SAND_MAP_ERROR_NOT_ADJACENT);
  g_assert_nonnull (strstr (error->message, "0302"));
  g_assert_nonnull (strstr (error->message, "0502"));
  g_assert_false (sand_map_hex_has_connection (map, path[0], rail));
  g_assert_cmpint (c.count, ==, 0);
}

static void
test_places (void)
{
  g_autoptr (SandMap) map = new_map (13, 11);
  int metz = hex_id (map, "0607");

  sand_map_set_place (map, metz, "Metz");
  sand_map_set_place (map, hex_id (map, "0101"), "Châlons");
  g_assert_cmpstr (sand_map_get_place (map, metz), ==, "Metz");
  g_assert_cmpint (sand_map_find_place (map, "metz"), ==, metz);
  g_assert_cmpint (sand_map_find_place (map, "METZ"), ==, metz);
  g_assert_cmpint (sand_map_find_place (map, "CHÂLONS"), ==, 0);
  /* Accents are kept: "Chalons" is another name. */
  g_assert_cmpint (sand_map_find_place (map, "Chalons"), ==, SAND_HEX_NONE);
  sand_map_set_place (map, metz, NULL);
  g_assert_null (sand_map_get_place (map, metz));
  g_assert_cmpint (sand_map_find_place (map, "Metz"), ==, SAND_HEX_NONE);
  sand_map_set_place (map, metz, "");
  g_assert_null (sand_map_get_place (map, metz));
}

static SandMarker *
fort (int         hex,
      int         strength,
      const char *name)
{
  SandMarker *m = sand_marker_new (SAND_MARKER_FORT, hex);

  m->side = 0;
  m->strength = strength;
  m->name = g_strdup (name);
  return m;
}

static void
test_markers (void)
{
  g_autoptr (SandMap) map = new_map (13, 11);
  g_autoptr (SandMarker) taken = NULL;
  SandMarker *entry = sand_marker_new (SAND_MARKER_ENTRY, 5);
  Changes c = { 0 };

  g_signal_connect (map, "changed", G_CALLBACK (on_changed), &c);
  g_assert_cmpint (entry->hex2, ==, SAND_HEX_NONE);
  g_assert_cmpint (entry->side, ==, -1);
  g_assert_cmpint (entry->capacity, ==, -1);

  g_assert_cmpuint (sand_map_add_marker (map, fort (10, 3, "Metz")), ==, 0);
  g_assert_cmpuint (sand_map_add_marker (map, entry), ==, 1);
  g_assert_cmpint (c.count, ==, 2);
  g_assert_cmpint (c.col0, ==, 5);
  g_assert_cmpint (c.row0, ==, 0);
  sand_map_insert_marker (map, 0, fort (20, 2, "Toul"));
  g_assert_cmpuint (sand_map_n_markers (map), ==, 3);
  g_assert_cmpstr (sand_map_get_marker (map, 0)->name, ==, "Toul");
  g_assert_cmpstr (sand_map_get_marker (map, 1)->name, ==, "Metz");
  g_assert_cmpint (sand_map_find_marker (map, SAND_MARKER_FORT, 10), ==, 1);
  g_assert_cmpint (sand_map_find_marker (map, SAND_MARKER_ENTRY, 5), ==, 2);
  g_assert_cmpint (sand_map_find_marker (map, SAND_MARKER_ENTRY, 10), ==, -1);

  sand_map_replace_marker (map, 1, fort (10, 5, "Metz"));
  g_assert_cmpint (sand_map_get_marker (map, 1)->strength, ==, 5);

  taken = sand_map_take_marker (map, 0);
  g_assert_cmpstr (taken->name, ==, "Toul");
  g_assert_cmpuint (sand_map_n_markers (map), ==, 2);
  g_assert_cmpint (sand_map_find_marker (map, SAND_MARKER_FORT, 20), ==, -1);
  g_assert_cmpint (sand_map_find_marker (map, SAND_MARKER_FORT, 10), ==, 0);
}

static void
test_marker_helpers (void)
{
  g_autoptr (SandMarker) a = fort (3, 2, "Bitche");
  g_autoptr (SandMarker) b = sand_marker_copy (a);

  g_assert_true (sand_marker_equal (a, b));
  g_assert_true (a->name != b->name);
  b->capacity = 4;
  g_assert_false (sand_marker_equal (a, b));
  for (int k = 0; k < SAND_N_MARKER_KINDS; k++)
    g_assert_cmpint (sand_marker_kind_from_string (sand_marker_kind_to_string (k)), ==, k);
  g_assert_cmpint (sand_marker_kind_from_string ("castle"), ==, -1);
  g_assert_cmpint (sand_marker_kind_from_string (NULL), ==, -1);
  g_assert_cmpstr (sand_marker_kind_to_string (SAND_MARKER_OFFMAP_LINK), ==, "offmap-link");
}

static void
test_zones (void)
{
  g_autoptr (SandMap) map = new_map (13, 11);

  g_assert_cmpuint (sand_map_add_zone (map, "1", "First Army", 1, "#ff0000"), ==, 0);
  g_assert_cmpuint (sand_map_add_zone (map, "2", "Second Army", 1, NULL), ==, 1);
  g_assert_cmpint (sand_map_find_zone (map, "2"), ==, 1);
  g_assert_cmpint (sand_map_find_zone (map, "3"), ==, -1);
  g_assert_cmpstr (sand_map_get_zone (map, 0)->name, ==, "First Army");
  g_assert_cmpstr (sand_map_get_zone (map, 0)->color, ==, "#ff0000");
  g_assert_cmpint (sand_map_get_zone (map, 1)->side, ==, 1);
  sand_map_remove_zone (map, 0);
  g_assert_cmpuint (sand_map_n_zones (map), ==, 1);
  g_assert_cmpint (sand_map_find_zone (map, "2"), ==, 0);
  /* Undoing the removal puts it back in its place. */
  sand_map_insert_zone (map, 0, "1", "First Army", 1, "#ff0000");
  g_assert_cmpint (sand_map_find_zone (map, "1"), ==, 0);
  g_assert_cmpint (sand_map_find_zone (map, "2"), ==, 1);
}

static void
test_freeze_thaw_emits_once_with_union (void)
{
  g_autoptr (SandMap) map = new_map (13, 11);
  int rough = sand_ruleset_find_terrain (fpw (), "rough");
  Changes c = { 0 };

  g_signal_connect (map, "changed", G_CALLBACK (on_changed), &c);
  sand_map_freeze_changes (map);
  sand_map_set_terrain (map, sand_grid_index (sand_map_get_grid (map), 2, 7), rough);
  sand_map_freeze_changes (map); /* nested */
  sand_map_set_terrain (map, sand_grid_index (sand_map_get_grid (map), 9, 3), rough);
  sand_map_set_country (map, sand_grid_index (sand_map_get_grid (map), 4, 5), 0);
  sand_map_thaw_changes (map);
  g_assert_cmpint (c.count, ==, 0);
  sand_map_thaw_changes (map);
  g_assert_cmpint (c.count, ==, 1);
  g_assert_cmpint (c.col0, ==, 2);
  g_assert_cmpint (c.row0, ==, 3);
  g_assert_cmpint (c.col1, ==, 9);
  g_assert_cmpint (c.row1, ==, 7);

  /* A batch that changes nothing emits nothing. */
  sand_map_freeze_changes (map);
  sand_map_set_terrain (map, sand_grid_index (sand_map_get_grid (map), 2, 7), rough);
  sand_map_thaw_changes (map);
  g_assert_cmpint (c.count, ==, 1);

  /* Unfrozen edits emit one by one. */
  sand_map_set_terrain (map, 0, rough);
  g_assert_cmpint (c.count, ==, 2);
  g_assert_cmpint (c.col0, ==, 0);
  g_assert_cmpint (c.col1, ==, 0);
}

typedef struct {
  int count;
  GArray *parts; /* the last emission's, 4 ints each; empty when none */
} Parts;

static void
on_changed_parts (SandMap *map,
                  int      col0,
                  int      row0,
                  int      col1,
                  int      row1,
                  Parts   *p)
{
  guint n = 0;
  const int *parts = sand_map_get_change_parts (map, &n);

  p->count++;
  g_array_set_size (p->parts, 0);
  if (parts != NULL)
    g_array_append_vals (p->parts, parts, n * 4);
}

/* A batch tells the rectangles it was made of, so that a canvas repaints
 * a diagonal stroke hex by hex and not the box around it. */
static void
test_batch_tells_its_parts (void)
{
  g_autoptr (SandMap) map = new_map (13, 11);
  g_autoptr (GArray) parts = g_array_new (FALSE, FALSE, sizeof (int));
  const SandGrid *grid = sand_map_get_grid (map);
  int rough = sand_ruleset_find_terrain (fpw (), "rough");
  Parts p = { 0, parts };
  guint n = 99;

  g_signal_connect (map, "changed", G_CALLBACK (on_changed_parts), &p);
  sand_map_freeze_changes (map);
  sand_map_set_terrain (map, sand_grid_index (grid, 2, 7), rough);
  sand_map_set_terrain (map, sand_grid_index (grid, 9, 3), rough);
  sand_map_set_country (map, sand_grid_index (grid, 9, 3), 0);  /* the same hex again */
  sand_map_thaw_changes (map);
  g_assert_cmpint (p.count, ==, 1);
  g_assert_cmpuint (parts->len, ==, 8);
  g_assert_cmpint (g_array_index (parts, int, 0), ==, 2);
  g_assert_cmpint (g_array_index (parts, int, 1), ==, 7);
  g_assert_cmpint (g_array_index (parts, int, 2), ==, 2);
  g_assert_cmpint (g_array_index (parts, int, 3), ==, 7);
  g_assert_cmpint (g_array_index (parts, int, 4), ==, 9);
  g_assert_cmpint (g_array_index (parts, int, 5), ==, 3);
  g_assert_cmpint (g_array_index (parts, int, 6), ==, 9);
  g_assert_cmpint (g_array_index (parts, int, 7), ==, 3);

  /* An edit outside a batch is its rectangle alone. */
  sand_map_set_terrain (map, sand_grid_index (grid, 5, 5), rough);
  g_assert_cmpint (p.count, ==, 2);
  g_assert_cmpuint (parts->len, ==, 0);
  /* And outside a handler there are none. */
  g_assert_null (sand_map_get_change_parts (map, &n));
  g_assert_cmpuint (n, ==, 0);

  /* A batch too long to list (every hex, twice over) is its box. */
  sand_map_freeze_changes (map);
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < sand_grid_n_hexes (grid); i++)
      sand_map_set_country (map, i, pass);
  for (int k = 0; k < 40; k++)
    for (int i = 0; i < sand_grid_n_hexes (grid); i++)
      sand_map_set_country (map, i, k % 2);
  sand_map_thaw_changes (map);
  g_assert_cmpint (p.count, ==, 3);
  g_assert_cmpuint (parts->len, ==, 0);
}

static void
test_copy_is_independent (void)
{
  g_autoptr (SandMap) map = new_map (13, 11);
  g_autoptr (SandMap) copy = NULL;
  int rough = sand_ruleset_find_terrain (fpw (), "rough");
  int river = sand_ruleset_find_side_feature (fpw (), "river");
  Changes c = { 0 };

  sand_map_set_terrain (map, 7, rough);
  sand_map_set_country (map, 7, 1);
  sand_map_set_side (map, 7, 4, 1u << river);
  sand_map_set_place (map, 7, "Sedan");
  sand_map_add_marker (map, fort (7, 2, "Sedan"));
  sand_map_add_zone (map, "z", "Zone", 0, "#123456");
  sand_map_set_hex_size (map, 50.0);

  copy = sand_map_copy (map);
  g_signal_connect (map, "changed", G_CALLBACK (on_changed), &c);
  g_assert_cmpuint (sand_map_get_terrain (copy, 7), ==, rough);
  g_assert_cmpint (sand_map_get_country (copy, 7), ==, 1);
  g_assert_cmpuint (sand_map_get_side (copy, 7, 4), ==, 1u << river);
  g_assert_cmpuint (sand_map_get_side (copy, sand_grid_neighbour (sand_map_get_grid (copy), 7, 4),
                                       1), ==, 1u << river);
  g_assert_cmpstr (sand_map_get_place (copy, 7), ==, "Sedan");
  g_assert_true (sand_marker_equal (sand_map_get_marker (copy, 0), sand_map_get_marker (map, 0)));
  g_assert_cmpstr (sand_map_get_zone (copy, 0)->color, ==, "#123456");
  g_assert_cmpfloat (sand_map_get_hex_size (copy), ==, 50.0);

  /* Edits to the copy leave the original alone (and silent). */
  sand_map_set_terrain (copy, 7, 0);
  sand_map_set_side (copy, 7, 4, 0);
  sand_map_set_place (copy, 7, "Mouzon");
  sand_map_replace_marker (copy, 0, fort (8, 1, NULL));
  sand_map_remove_zone (copy, 0);
  g_assert_cmpuint (sand_map_get_terrain (map, 7), ==, rough);
  g_assert_cmpuint (sand_map_get_side (map, 7, 4), ==, 1u << river);
  g_assert_cmpstr (sand_map_get_place (map, 7), ==, "Sedan");
  g_assert_cmpstr (sand_map_get_marker (map, 0)->name, ==, "Sedan");
  g_assert_cmpuint (sand_map_n_zones (map), ==, 1);
  g_assert_cmpint (c.count, ==, 0);
}

static void
test_large_map_side_slots (void)
{
  g_autoptr (SandMap) map = sand_map_new (fpw (), 300, 200, SAND_ORIENTATION_POINTY,
                                          SAND_STAGGER_ODD);
  int last = 300 * 200 - 1;

  for (int d = 0; d < SAND_N_DIRS; d++)
    sand_map_set_side (map, last, d, 1u << d);
  for (int d = 0; d < SAND_N_DIRS; d++)
    g_assert_cmpuint (sand_map_get_side (map, last, d), ==, 1u << d);
  g_assert_cmpint (sand_map_get_grid (map)->id_digits, ==, 3);
}

/* Scenario. */

static SandCounter *
counter (const char *id,
         int         side)
{
  SandCounter *c = sand_counter_new ();

  c->id = g_strdup (id);
  c->side = side;
  c->strength = 6;
  c->name = g_strdup (id);
  return c;
}

static void
count_changed (SandScenario *sc,
               int          *n)
{
  (*n)++;
}

static void
test_scenario_defaults (void)
{
  g_autoptr (SandMap) map = new_map (5, 5);
  g_autoptr (SandScenario) sc = sand_scenario_new (map);
  g_auto (GStrv) options = NULL;

  g_assert_true (sand_scenario_get_map (sc) == map);
  g_assert_true (sand_scenario_get_ruleset (sc) == fpw ());
  g_assert_cmpint (sand_scenario_get_turns (sc), ==, 1);
  g_assert_cmpint (sand_scenario_get_first_side (sc), ==, 0);
  g_assert_null (sand_scenario_get_title (sc));
  g_assert_cmpuint (sand_scenario_n_counters (sc), ==, 0);
  g_assert_cmpuint (sand_scenario_n_oobs (sc), ==, 0);
  options = sand_scenario_list_options (sc);
  g_assert_cmpuint (g_strv_length (options), ==, 0);
}

static void
test_scenario_counters_indexed (void)
{
  g_autoptr (SandMap) map = new_map (5, 5);
  g_autoptr (SandScenario) sc = sand_scenario_new (map);
  g_autoptr (SandCounter) taken = NULL;
  SandCounter *dup;
  int changed = 0;

  g_signal_connect (sc, "changed", G_CALLBACK (count_changed), &changed);
  g_assert_true (sand_scenario_add_counter (sc, counter ("a", 0)));
  g_assert_true (sand_scenario_add_counter (sc, counter ("b", 1)));
  g_assert_true (sand_scenario_add_counter (sc, counter ("c", 1)));
  g_assert_false (sand_scenario_add_counter (sc, counter ("b", 0)));
  g_assert_cmpint (changed, ==, 3);
  g_assert_cmpint (sand_scenario_find_counter (sc, "a"), ==, 0);
  g_assert_cmpint (sand_scenario_find_counter (sc, "c"), ==, 2);
  g_assert_cmpint (sand_scenario_find_counter (sc, "z"), ==, -1);
  g_assert_cmpint (sand_scenario_find_counter (sc, NULL), ==, -1);

  sand_scenario_insert_counter (sc, 0, counter ("first", 0));
  g_assert_cmpint (sand_scenario_find_counter (sc, "first"), ==, 0);
  g_assert_cmpint (sand_scenario_find_counter (sc, "a"), ==, 1);
  g_assert_cmpint (sand_scenario_find_counter (sc, "c"), ==, 3);

  taken = sand_scenario_take_counter (sc, 1);
  g_assert_cmpstr (taken->id, ==, "a");
  g_assert_cmpint (sand_scenario_find_counter (sc, "a"), ==, -1);
  g_assert_cmpint (sand_scenario_find_counter (sc, "b"), ==, 1);
  g_assert_cmpint (sand_scenario_find_counter (sc, "c"), ==, 2);

  /* Replace may rename; the old id is forgotten. */
  sand_scenario_replace_counter (sc, 1, counter ("b2", 1));
  g_assert_cmpint (sand_scenario_find_counter (sc, "b"), ==, -1);
  g_assert_cmpint (sand_scenario_find_counter (sc, "b2"), ==, 1);
  g_assert_cmpstr (sand_scenario_get_counter (sc, 1)->id, ==, "b2");

  dup = sand_counter_copy (sand_scenario_get_counter (sc, 2));
  g_assert_cmpstr (dup->id, ==, "c");
  g_assert_cmpint (dup->strength, ==, 6);
  g_assert_cmpint (dup->reduced, ==, -1);
  sand_counter_free (dup);
}

static void
test_scenario_options_sorted_set (void)
{
  g_autoptr (SandMap) map = new_map (5, 5);
  g_autoptr (SandScenario) sc = sand_scenario_new (map);
  g_auto (GStrv) list = NULL;
  int changed = 0;

  g_signal_connect (sc, "changed", G_CALLBACK (count_changed), &changed);
  sand_scenario_set_option (sc, "variable-oob", TRUE);
  sand_scenario_set_option (sc, "formation-status", TRUE);
  sand_scenario_set_option (sc, "standard", TRUE);
  sand_scenario_set_option (sc, "standard", TRUE);
  g_assert_cmpint (changed, ==, 3);
  g_assert_true (sand_scenario_has_option (sc, "standard"));
  g_assert_false (sand_scenario_has_option (sc, "basic"));
  list = sand_scenario_list_options (sc);
  g_assert_cmpuint (g_strv_length (list), ==, 3);
  g_assert_cmpstr (list[0], ==, "formation-status");
  g_assert_cmpstr (list[1], ==, "standard");
  g_assert_cmpstr (list[2], ==, "variable-oob");
  sand_scenario_set_option (sc, "standard", FALSE);
  sand_scenario_set_option (sc, "standard", FALSE);
  g_assert_false (sand_scenario_has_option (sc, "standard"));
  g_assert_cmpint (changed, ==, 4);
}

static void
test_scenario_victory_levels_sorted (void)
{
  g_autoptr (SandMap) map = new_map (5, 5);
  g_autoptr (SandScenario) sc = sand_scenario_new (map);

  sand_scenario_add_victory_level (sc, sand_victory_level_new (101, 130, "Draw", -1));
  sand_scenario_add_victory_level (sc, sand_victory_level_new (200, G_MAXINT, "German", 1));
  sand_scenario_add_victory_level (sc, sand_victory_level_new (G_MININT, 60, "French", 0));
  g_assert_cmpuint (sand_scenario_n_victory_levels (sc), ==, 3);
  g_assert_cmpstr (sand_scenario_get_victory_level (sc, 0)->label, ==, "French");
  g_assert_cmpstr (sand_scenario_get_victory_level (sc, 1)->label, ==, "Draw");
  g_assert_cmpstr (sand_scenario_get_victory_level (sc, 2)->label, ==, "German");
  g_assert_cmpstr (sand_scenario_victory_level_for (sc, -500)->label, ==, "French");
  g_assert_cmpstr (sand_scenario_victory_level_for (sc, 130)->label, ==, "Draw");
  g_assert_cmpstr (sand_scenario_victory_level_for (sc, 1000)->label, ==, "German");
  g_assert_null (sand_scenario_victory_level_for (sc, 80));
  sand_scenario_clear_victory_levels (sc);
  g_assert_cmpuint (sand_scenario_n_victory_levels (sc), ==, 0);
}

static SandOob *
make_oob (const char *id,
          int         side)
{
  SandOob *oob = sand_oob_new (id, side);
  SandReinforcement *r = sand_reinforcement_new ();
  SandZoneLimit *l = sand_zone_limit_new ("towns");

  g_assert_cmpint (r->hex, ==, SAND_HEX_NONE);
  r->turn = 4;
  r->counter = g_strdup ("de-5");
  r->entrained = TRUE;
  r->entry = g_strdup ("S");
  g_ptr_array_add (oob->reinforcements, r);
  g_ptr_array_add (oob->placements, sand_placement_new ("de-1", 12, NULL));
  g_ptr_array_add (oob->placements, sand_placement_new ("de-2", SAND_HEX_NONE, "1"));
  l->max_per_hex = 1;
  g_ptr_array_add (oob->zone_limits, l);
  oob->die_number = 3;
  return oob;
}

static void
test_scenario_oobs (void)
{
  g_autoptr (SandMap) map = new_map (5, 5);
  g_autoptr (SandScenario) sc = sand_scenario_new (map);
  g_autoptr (SandOob) taken = NULL;

  sand_scenario_add_oob (sc, make_oob ("A", 1));
  sand_scenario_add_oob (sc, make_oob ("G", 0));
  sand_scenario_insert_oob (sc, 0, make_oob ("B", 1));
  g_assert_cmpint (sand_scenario_find_oob (sc, "A"), ==, 1);
  g_assert_cmpstr (sand_scenario_default_oob (sc, 1)->id, ==, "B");
  g_assert_cmpstr (sand_scenario_default_oob (sc, 0)->id, ==, "G");
  g_assert_null (sand_scenario_default_oob (sc, 5));
  taken = sand_scenario_take_oob (sc, 0);
  g_assert_cmpstr (taken->id, ==, "B");
  g_assert_cmpstr (sand_scenario_default_oob (sc, 1)->id, ==, "A");
}

static void
test_scenario_copy_is_deep (void)
{
  g_autoptr (SandMap) map = new_map (5, 5);
  g_autoptr (SandScenario) sc = sand_scenario_new (map);
  g_autoptr (SandScenario) copy = NULL;
  SandOob *oob;
  SandReinforcement *r;
  int changed = 0;

  sand_scenario_set_title (sc, "Wissembourg");
  sand_scenario_set_turns (sc, 11);
  sand_scenario_set_first_side (sc, 1);
  sand_scenario_set_option (sc, "standard", TRUE);
  sand_scenario_add_counter (sc, counter ("a", 0));
  sand_scenario_add_oob (sc, make_oob ("A", 1));
  sand_scenario_add_victory_level (sc, sand_victory_level_new (0, 10, "Draw", -1));
  sand_map_set_terrain (map, 3, 1);

  copy = sand_scenario_copy (sc);
  g_signal_connect (sc, "changed", G_CALLBACK (count_changed), &changed);
  g_assert_true (sand_scenario_get_map (copy) != map);
  g_assert_cmpuint (sand_map_get_terrain (sand_scenario_get_map (copy), 3), ==, 1);
  g_assert_cmpstr (sand_scenario_get_title (copy), ==, "Wissembourg");
  g_assert_cmpint (sand_scenario_get_turns (copy), ==, 11);
  g_assert_cmpint (sand_scenario_get_first_side (copy), ==, 1);
  g_assert_true (sand_scenario_has_option (copy, "standard"));
  g_assert_cmpint (sand_scenario_find_counter (copy, "a"), ==, 0);
  g_assert_true (sand_scenario_get_counter (copy, 0) != sand_scenario_get_counter (sc, 0));
  g_assert_cmpuint (sand_scenario_n_victory_levels (copy), ==, 1);

  oob = sand_scenario_get_oob (copy, 0);
  g_assert_true (oob != sand_scenario_get_oob (sc, 0));
  g_assert_cmpint (oob->die_number, ==, 3);
  g_assert_cmpuint (oob->placements->len, ==, 2);
  g_assert_cmpuint (oob->zone_limits->len, ==, 1);
  r = g_ptr_array_index (oob->reinforcements, 0);
  g_assert_cmpstr (r->entry, ==, "S");
  g_assert_true (r->entrained);

  /* Edit the copy; the original is untouched and silent. */
  g_free (r->entry);
  r->entry = g_strdup ("T");
  sand_map_set_terrain (sand_scenario_get_map (copy), 3, 0);
  sand_scenario_set_title (copy, "Froeschwiller");
  sand_counter_free (sand_scenario_take_counter (copy, 0));
  g_assert_cmpstr (((SandReinforcement *) g_ptr_array_index (sand_scenario_get_oob (sc, 0)
                                                               ->reinforcements, 0))->entry,
                   ==, "S");
  g_assert_cmpuint (sand_map_get_terrain (map, 3), ==, 1);
  g_assert_cmpstr (sand_scenario_get_title (sc), ==, "Wissembourg");
  g_assert_cmpint (sand_scenario_find_counter (sc, "a"), ==, 0);
  g_assert_cmpint (changed, ==, 0);
}

static void
test_problem_new (void)
{
  g_autoptr (SandProblem) p = sand_problem_new (SAND_SEVERITY_WARNING, 4, "de-1",
                                                "bridge-without-water",
                                                "A bridge at %s spans no water", "0405");

  g_assert_cmpint (p->severity, ==, SAND_SEVERITY_WARNING);
  g_assert_cmpint (p->hex, ==, 4);
  g_assert_cmpint (p->line, ==, 0);
  g_assert_cmpstr (p->counter, ==, "de-1");
  g_assert_cmpstr (p->code, ==, "bridge-without-water");
  g_assert_cmpstr (p->message, ==, "A bridge at 0405 spans no water");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/map/new_map_is_blank", test_new_map_is_blank);
  g_test_add_func ("/map/terrain_and_country", test_terrain_and_country);
  g_test_add_func ("/map/side_seen_from_both_hexes", test_side_seen_from_both_hexes);
  g_test_add_func ("/map/side_edit_changes_both_hexes", test_side_edit_changes_both_hexes);
  g_test_add_func ("/map/connect_path", test_connect_path);
  g_test_add_func ("/map/connect_path_not_adjacent_changes_nothing",
                   test_connect_path_not_adjacent_changes_nothing);
  g_test_add_func ("/map/places", test_places);
  g_test_add_func ("/map/markers", test_markers);
  g_test_add_func ("/map/marker_helpers", test_marker_helpers);
  g_test_add_func ("/map/zones", test_zones);
  g_test_add_func ("/map/freeze_thaw_emits_once_with_union",
                   test_freeze_thaw_emits_once_with_union);
  g_test_add_func ("/map/batch_tells_its_parts", test_batch_tells_its_parts);
  g_test_add_func ("/map/copy_is_independent", test_copy_is_independent);
  g_test_add_func ("/map/large_map_side_slots", test_large_map_side_slots);
  g_test_add_func ("/scenario/defaults", test_scenario_defaults);
  g_test_add_func ("/scenario/counters_indexed", test_scenario_counters_indexed);
  g_test_add_func ("/scenario/options_sorted_set", test_scenario_options_sorted_set);
  g_test_add_func ("/scenario/victory_levels_sorted", test_scenario_victory_levels_sorted);
  g_test_add_func ("/scenario/oobs", test_scenario_oobs);
  g_test_add_func ("/scenario/copy_is_deep", test_scenario_copy_is_deep);
  g_test_add_func ("/scenario/problem_new", test_problem_new);
  return g_test_run ();
}
