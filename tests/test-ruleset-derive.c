/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ruleset-derive: a ruleset derived from a shipped one with some
 * tables or params replaced (sand-ruleset-derive.c) — the base untouched,
 * the defs shared, and a scenario played under it reads it. */
#include "config.h"

#include <string.h>

#include "sand-game.h"
#include "sand-ruleset.h"
#include "shipped-scenario.h"

/* A scenario's table replaces the ruleset's and leaves the shipped one. */
static void
test_tables_replaced_and_added (void)
{
  SandRuleset *base = shipped_ruleset ("fpw1870");
  g_autoptr (SandTable) crt = sand_table_new ("crt", "House CRT");
  g_autoptr (SandTable) extra = sand_table_new ("weather", NULL);
  g_autoptr (SandRuleset) rs = NULL;
  const char *row1[] = { "0/9", NULL };
  const char *bad[] = { "1", "2", NULL };
  const SandTable *tables[2];

  sand_table_add_column (crt, "1-1");
  g_assert_true (sand_table_add_row (crt, "1", row1));
  g_assert_false (sand_table_add_row (crt, "1", row1));
  g_assert_false (sand_table_add_row (crt, "2", bad));
  sand_table_add_column (extra, "fine");
  tables[0] = crt;
  tables[1] = extra;

  rs = sand_ruleset_new_with_tables (base, tables, 2);
  g_assert_cmpstr (sand_ruleset_get_id (rs), ==, "fpw1870");
  g_assert_cmpstr (sand_table_lookup (sand_ruleset_get_table (rs, "crt"), "1", "1-1"), ==, "0/9");
  g_assert_cmpstr (sand_ruleset_get_table (rs, "weather")->name, ==, "weather");
  g_assert_nonnull (sand_ruleset_get_table (rs, "victory-levels"));
  g_assert_cmpuint (sand_ruleset_n_tables (rs), ==, sand_ruleset_n_tables (base) + 1);
  /* The shipped ruleset is untouched; everything else is shared. */
  g_assert_cmpstr (sand_table_lookup (sand_ruleset_get_table (base, "crt"), "1", "1-1"), ==,
                   "1/2");
  g_assert_null (sand_ruleset_get_table (base, "weather"));
  g_assert_true (sand_ruleset_get_terrain (rs, 0) == sand_ruleset_get_terrain (base, 0));
  g_assert_cmpint (sand_ruleset_param_int (rs, "entrain-cost", 0), ==, 3);
  g_assert_cmpint (sand_ruleset_find_unit_type (rs, "eb"), ==,
                   sand_ruleset_find_unit_type (base, "eb"));
  g_assert_true (sand_ruleset_get_option (rs, 1) == sand_ruleset_get_option (base, 1));
}

/* A declared param takes the new value in its place in file order; an
 * undeclared one (a weight the file leaves at its default) is added after
 * them; the shipped ruleset keeps its values. */
static void
test_params_replaced_and_added (void)
{
  SandRuleset *base = shipped_ruleset ("fpw1870");
  const SandParam params[] = {
    { .name = (char *) "entrain-cost", .value = (char *) "5", .note = (char *) "house rule" },
    { .name = (char *) "ai-made-up-weight", .value = (char *) "2.5" },
  };
  g_autoptr (SandRuleset) rs = NULL;
  guint n_base = sand_ruleset_n_params (base);
  guint entrain = n_base;

  for (guint i = 0; i < n_base; i++)
    if (strcmp (sand_ruleset_get_param_nth (base, i)->name, "entrain-cost") == 0)
      entrain = i;
  g_assert_cmpuint (entrain, <, n_base);
  g_assert_null (sand_ruleset_get_param (base, "ai-made-up-weight"));

  rs = sand_ruleset_new_with_params (base, params, G_N_ELEMENTS (params));
  g_assert_cmpstr (sand_ruleset_get_id (rs), ==, "fpw1870");
  g_assert_cmpint (sand_ruleset_param_int (rs, "entrain-cost", 0), ==, 5);
  g_assert_cmpstr (sand_ruleset_get_param (rs, "entrain-cost")->note, ==, "house rule");
  g_assert_cmpstr (sand_ruleset_get_param_nth (rs, entrain)->name, ==, "entrain-cost");
  g_assert_cmpstr (sand_ruleset_param_str (rs, "ai-made-up-weight", NULL), ==, "2.5");
  g_assert_cmpuint (sand_ruleset_n_params (rs), ==, n_base + 1);
  g_assert_cmpstr (sand_ruleset_get_param_nth (rs, n_base)->name, ==, "ai-made-up-weight");
  /* the other params and every table read as in the base */
  for (guint i = 0; i < n_base; i++)
    if (i != entrain)
      g_assert_cmpstr (sand_ruleset_get_param_nth (rs, i)->value, ==,
                       sand_ruleset_get_param_nth (base, i)->value);
  g_assert_cmpuint (sand_ruleset_n_tables (rs), ==, sand_ruleset_n_tables (base));
  g_assert_cmpstr (sand_table_lookup (sand_ruleset_get_table (rs, "crt"), "1", "1-1"), ==,
                   "1/2");
  /* the shipped ruleset is untouched */
  g_assert_cmpint (sand_ruleset_param_int (base, "entrain-cost", 0), ==, 3);
  g_assert_cmpuint (sand_ruleset_n_params (base), ==, n_base);
  g_assert_null (sand_ruleset_get_param (base, "ai-made-up-weight"));
}

/* Everything but tables and params is the base's own: the counters'
 * fields and badges too (a derived ruleset once lost them, and its
 * counters would have drawn blank). */
static void
test_defs_shared (void)
{
  /* LFAF's ruleset declares both fields and badges; FPW's no badges */
  SandRuleset *base = shipped_ruleset ("lfaf1914");
  SandRuleset *other = shipped_ruleset ("fpw1870");
  const SandParam param = { .name = (char *) "ai-vp", .value = (char *) "4" };
  g_autoptr (SandRuleset) by_params = sand_ruleset_new_with_params (base, &param, 1);
  g_autoptr (SandRuleset) by_tables = sand_ruleset_new_with_tables (base, NULL, 0);

  g_assert_cmpuint (sand_ruleset_n_counter_fields (base), >, 0);
  g_assert_cmpuint (sand_ruleset_n_badges (base), >, 0);
  for (guint k = 0; k < 2; k++)
    {
      SandRuleset *rs = k == 0 ? by_params : by_tables;

      g_assert_cmpuint (sand_ruleset_n_counter_fields (rs), ==,
                        sand_ruleset_n_counter_fields (base));
      g_assert_true (sand_ruleset_get_counter_field (rs, 0) ==
                     sand_ruleset_get_counter_field (base, 0));
      g_assert_cmpuint (sand_ruleset_n_badges (rs), ==, sand_ruleset_n_badges (base));
      g_assert_true (sand_ruleset_get_terrain (rs, 0) == sand_ruleset_get_terrain (base, 0));
      g_assert_true (sand_ruleset_shares_defs (rs, base));
      g_assert_true (sand_ruleset_shares_defs (base, rs));
    }
  g_assert_true (sand_ruleset_shares_defs (by_params, by_tables));
  g_assert_false (sand_ruleset_shares_defs (base, other));
}

/* A scenario copied under a derived ruleset is the same scenario, and a
 * game set up from it reads the derived params: how bench-ai's
 * BENCH_AI_PARAMS tries other weights. */
static void
test_scenario_played_under_derived_params (void)
{
  g_autoptr (SandScenario) sc = shipped_scenario_load ("fpw1870.xml");
  SandRuleset *base = sand_scenario_get_ruleset (sc);
  const SandParam param = { .name = (char *) "ai-vp", .value = (char *) "7" };
  g_autoptr (SandRuleset) rs = sand_ruleset_new_with_params (base, &param, 1);
  g_autoptr (SandScenario) copy = sand_scenario_copy_with_ruleset (sc, rs);
  g_autoptr (GError) error = NULL;
  g_autoptr (SandGame) game = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  g_assert_nonnull (copy);
  g_assert_true (sand_scenario_get_ruleset (copy) == rs);
  g_assert_true (sand_scenario_get_ruleset (sc) == base);
  a = sand_scenario_to_data (sc, NULL);
  b = sand_scenario_to_data (copy, NULL);
  g_assert_cmpstr (a, ==, b);

  game = sand_game_new (copy, NULL, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (sand_ruleset_param_int (sand_scenario_get_ruleset (sand_game_get_scenario (game)),
                                           "ai-vp", 0), ==, 7);
}

/* A map is not read under the defs of another game. */
static void
test_map_copy_refuses_other_defs (void)
{
  g_autoptr (SandScenario) sc = shipped_scenario_load ("demo.xml");
  SandRuleset *other = shipped_ruleset ("lfaf1914");

  g_assert_false (sand_ruleset_shares_defs (sand_scenario_get_ruleset (sc), other));
  if (g_test_subprocess ())
    {
      SandMap *map = sand_map_copy_with_ruleset (sand_scenario_get_map (sc), other);

      g_assert_null (map);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*sand_ruleset_shares_defs*");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ruleset-derive/tables_replaced_and_added", test_tables_replaced_and_added);
  g_test_add_func ("/ruleset-derive/params_replaced_and_added", test_params_replaced_and_added);
  g_test_add_func ("/ruleset-derive/defs_shared", test_defs_shared);
  g_test_add_func ("/ruleset-derive/scenario_played_under_derived_params",
                   test_scenario_played_under_derived_params);
  g_test_add_func ("/ruleset-derive/map_copy_refuses_other_defs",
                   test_map_copy_refuses_other_defs);
  return g_test_run ();
}
