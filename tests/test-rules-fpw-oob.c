/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules-fpw-oob.c: Franco-Prussian War 1870 — optional Variable Orders of
 * Battle.
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
  /* and a set-up dialog is told so before play: the options each choice
   * plays, the rules' own answer */
  g_auto(GStrv) played_std = sand_game_options_played (sc, std, NULL, NULL);
  g_auto(GStrv) played_basic = sand_game_options_played (sc, basic, NULL, NULL);
  const char *formation[] = { "formation", NULL };
  g_auto(GStrv) played_formation = sand_game_options_played (sc, std, formation, NULL);
  g_assert_true (g_strv_contains ((const char * const *) played_std, "standard"));
  g_assert_cmpuint (g_strv_length (played_basic), ==, 0);
  g_assert_true (g_strv_contains ((const char * const *) played_formation, "standard"));
  g_assert_true (g_strv_contains ((const char * const *) played_formation, "formation"));
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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_set_nonfatal_assertions ();
  g_setenv ("LC_ALL", "C", TRUE);

#define T(name) g_test_add_func ("/fpw/" #name, name)
  T (standard_orders_of_battle_play_the_standard_game);
  T (variable_oob_die_roll_picks_each_sides_plan);
  T (variable_oob_plans_set_up_their_forces);
  T (variable_oob_appearance_code_a_arrives_by_rail_from_the_south);
  T (variable_oob_plus_four_combat_points_at_chalons);
  T (variable_oob_withheld_reinforcements);
  T (variable_oob_plan_j_removal);
  T (variable_oob_plan_c_luxemburg);
  return g_test_run ();
}
