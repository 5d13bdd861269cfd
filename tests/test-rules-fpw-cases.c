/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules-fpw-cases.c: Franco-Prussian War 1870 — the cases a reading
 * of the rulebook against the engine found played wrongly or not at all
 * (issue 14), one test (at least) per case, named after it, driven through
 * the console. test-rules-fpw-*.c hold the rest of the rulebook.
 *
 * The base map is fpw-test-map.h's: 20x20, Germany on rows 1-10 and
 * France on rows 11-20, a rail line down column 10 (1001-1020), the German
 * "S" at 1001 and a French rail edge at 1020.
 */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "sand-console.h"
#include "sand-game.h"
#include "sand-scenario-io.h"
#include "sand-validate.h"

#include <glib/gstdio.h>

#include "console-test-helpers.h"
#include "fpw-test-map.h"
#include "shipped-scenario.h"

static int
german (void)
{
  return sand_ruleset_find_side (sand_scenario_get_ruleset (sand_game_get_scenario (game ())),
                                 "german");
}

/* Fortification (E) ------------------------------------------------------ */

/* "This Zone of Interdiction does not extend into hexes occupied by Enemy
 * units or adjacent to them. Thus to control an Enemy Fortification's
 * interdicting power, it is necessary to 'mask' it by placing units
 * around it." Six units ringing the fort lift its whole zone: they are
 * supplied and may attack it. */
static void
fort_e_masking_units_ringing_the_fort_lift_its_zone (void)
{
  base_map (TRUE);
  ok ("fort 0507 french 2 Bitche", NULL, NULL);
  const char *ring[] = { "0506", "0606", "0607", "0508", "0407", "0406" };
  for (guint i = 0; i < G_N_ELEMENTS (ring); i++)
    {
      g_autofree char *line = g_strdup_printf ("unit g%u german combat %s strength=6",
                                               i + 1, ring[i]);
      ok (line, NULL, NULL);
    }
  ok ("at 1 german combat", NULL, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (ring); i++)
    {
      g_autofree char *line = g_strdup_printf ("supply g%u", i + 1);
      ok (line, "\"state\":\"supplied\"", NULL);
    }
  /* the zone stops at the ring: nothing beyond it is interdicted */
  g_assert_false (sand_game_hex_interdicted (game (), german (), hex_of ("0504")));
  g_assert_false (sand_game_hex_interdicted (game (), german (), hex_of ("0510")));
  ok ("odds 0507 g1 g2 g3 g4 g5 g6", NULL, NULL);
  teardown ();
}

/* One unit next to the fort masks its own hexes: the zone goes round it
 * and still reaches three hexes out on the other sides, but not the hexes
 * it could reach only through the masked ones. */
static void
fort_e_zone_spreads_round_a_single_masking_unit (void)
{
  base_map (TRUE);
  ok ("fort 0507 french 2 Bitche", NULL, NULL);
  ok ("unit g1 german combat 0506 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  g_assert_false (sand_game_hex_interdicted (game (), german (), hex_of ("0505")));
  g_assert_true (sand_game_hex_interdicted (game (), german (), hex_of ("0510")));
  /* ... but not behind it: 0504 is three hexes from the fort, and every
   * path of three hexes there crosses a masked hex */
  g_assert_false (sand_game_hex_interdicted (game (), german (), hex_of ("0504")));
  /* beyond three hexes, nothing */
  g_assert_false (sand_game_hex_interdicted (game (), german (), hex_of ("0511")));
  teardown ();
}

/* EB Units (C) ------------------------------------------------------------ */

/* "It is moved back down the secured rail line toward the Friendly
 * Country": the line is followed even where a French unit has cut it
 * behind the EB since, so the EB never shares a hex with the enemy. */
static void
eb_c_pushed_back_past_a_cut_behind_it (void)
{
  base_map (TRUE);
  ok ("unit e1 german eb 1010", NULL, NULL);
  ok ("unit f1 french combat 0916 strength=8", NULL, NULL);
  ok ("unit f2 french combat 0813 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("move e1 1011 1012 1013", NULL, NULL);
  ok ("at 1 french movement", NULL, NULL);
  ok ("move f2 1011", NULL, NULL);
  g_assert_true (sand_game_rail_cut (game (), german (), hex_of ("1011")));
  ok ("move f1 0915 0914 1013", NULL, NULL);
  g_assert_cmpint (unit_hex ("e1"), ==, hex_of ("1012"));
  teardown ();
}

/* "If the path ... is blocked by another Enemy unit, the EB unit skips
 * over that unit to the next hex unoccupied by an Enemy unit". */
static void
eb_c_pushed_back_skips_over_enemy_units (void)
{
  base_map (TRUE);
  ok ("unit e1 german eb 1010", NULL, NULL);
  ok ("unit f1 french combat 0914 strength=8", NULL, NULL);
  ok ("unit f2 french combat 0813 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("move e1 1011 1012", NULL, NULL);
  ok ("at 1 french movement", NULL, NULL);
  ok ("move f2 1011", NULL, NULL);
  ok ("move f1 0913 1012", NULL, NULL);
  g_assert_cmpint (unit_hex ("e1"), ==, hex_of ("1010"));
  teardown ();
}

/* The reading for an EB on its own home rail, with no secured line behind
 * it: it goes to the nearest hex of its rail free of the enemy. */
static void
eb_c_pushed_along_its_home_rail (void)
{
  base_map (TRUE);
  ok ("unit e1 german eb 1005", NULL, NULL);
  ok ("unit f1 french combat 0906 strength=8", NULL, NULL);
  ok ("at 1 french movement", NULL, NULL);
  ok ("move f1 1005", NULL, NULL);
  g_assert_cmpint (unit_hex ("e1"), ==, hex_of ("1004"));
  g_assert_cmpint (unit_hex ("f1"), ==, hex_of ("1005"));
  teardown ();
}

/* EB Units (E) ------------------------------------------------------------ */

static int
german_ebs_at (const char *hex)
{
  SandRuleset *rs = sand_scenario_get_ruleset (sand_game_get_scenario (game ()));
  int eb = sand_ruleset_find_unit_type (rs, "eb");
  int n = 0;
  for (guint i = 0; i < sand_game_n_units (game ()); i++)
    {
      const SandUnitState *u = sand_game_get_unit (game (), (int) i);
      if (u->status == SAND_UNIT_ON_MAP && u->side == german () && u->hex == hex_of (hex)
          && sand_game_get_counter (game (), (int) i)->type == eb)
        n++;
    }
  return n;
}

/* "The German Player receives an EB unit on both sides of the 'cut' in his
 * next Movement Phase." */
static void
eb_e_german_receives_an_eb_on_both_sides_of_the_cut (void)
{
  base_map (TRUE);
  ok ("unit f1 french combat 0906 strength=8", NULL, NULL);
  ok ("unit g1 german combat 0102 strength=6", NULL, NULL);
  ok ("at 1 french movement", NULL, NULL);
  ok ("move f1 1005", NULL, NULL);
  g_assert_true (sand_game_rail_cut (game (), german (), hex_of ("1005")));
  g_assert_cmpint (german_ebs_at ("1004") + german_ebs_at ("1006"), ==, 0);
  ok ("end-phase", "\"phase\":\"combat\"", NULL);
  ok ("end-phase", "\"turn\":2", "\"side\":\"german\"", "\"phase\":\"movement\"", NULL);
  g_assert_cmpint (german_ebs_at ("1004"), ==, 1);
  g_assert_cmpint (german_ebs_at ("1006"), ==, 1);
  /* once: the next Movement Phase brings no more */
  for (int i = 0; i < 6; i++)
    ok ("end-phase", NULL, NULL);
  g_assert_cmpint (german_ebs_at ("1004"), ==, 1);
  g_assert_cmpint (german_ebs_at ("1006"), ==, 1);
  teardown ();
}

/* EB Units (H) ------------------------------------------------------------ */

/* "If the die-roll result is a 4, 5, or 6, the EB unit must stop, and move
 * no further in the Movement Phase. On the following Friendly Movement
 * Phase, the EB unit may continue its movement": read as crossing that
 * river then without another roll, so no EB is held at a river for good. */
static void
eb_h_halted_eb_crosses_next_phase_without_a_roll (void)
{
  base_map (TRUE);
  ok ("hexside 1010 s river", NULL, NULL);
  ok ("unit e1 german eb 1009", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("roll 4", NULL, NULL);
  ok ("move e1 1010 1011", "\"path\":[\"1010\"]", "\"halted\":true", NULL);
  refused ("move e1 1011", "EB Units (H)");
  for (int i = 0; i < 4; i++)
    ok ("end-phase", NULL, NULL);
  ok ("state", "\"turn\":2", "\"side\":\"german\"", "\"phase\":\"movement\"", NULL);
  /* a roll of 6 would stop it again: none is made */
  ok ("roll 6", NULL, NULL);
  ok ("move e1 1011 1012", "\"path\":[\"1011\",\"1012\"]", NULL);
  g_assert_cmpint (unit_hex ("e1"), ==, hex_of ("1012"));
  teardown ();
}

/* Another EB reaching the same river still rolls: the roll is waived for
 * the EB that was halted there only. */
static void
eb_h_other_eb_still_rolls_at_the_river (void)
{
  base_map (TRUE);
  ok ("hexside 1010 s river", NULL, NULL);
  ok ("unit e1 german eb 1009", NULL, NULL);
  ok ("unit e2 german eb 1008", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("roll 4", NULL, NULL);
  ok ("move e1 1010 1011", "\"halted\":true", NULL);
  ok ("roll 5", NULL, NULL);
  ok ("move e2 1009 1010 1011", "\"path\":[\"1009\",\"1010\"]", "\"halted\":true", NULL);
  teardown ();
}

/* EB movement ------------------------------------------------------------- */

/* "Each EB unit may move up to four hexes along a rail line": four hexes
 * in all, home rail counted like any other (EB Units (B) says where EBs
 * may move, not at what speed), so no EB crosses the map in a phase. */
static void
eb_movement_four_hexes_home_rail_included (void)
{
  base_map (TRUE);
  ok ("unit e1 german eb 1004", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("reach e1", "\"mp\":4", "\"1008\":4", "\"1001\":3", NULL);
  g_autofree char *a = run ("reach e1");
  g_assert_null (strstr (a, "\"1009\""));
  ok ("move e1 1005 1006 1007 1008", "\"mp_left\":0", NULL);
  teardown ();
}

/* The other reading, a scenario option: on home rail an EB moves by Rail
 * Movement, eighteen hexes to one of its four. */
static void
eb_movement_option_eb_rail_at_home (void)
{
  base_map (TRUE);
  sand_scenario_set_option (sand_console_get_scenario (con), "eb-rail-at-home", TRUE);
  ok ("unit e1 german eb 1001", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("reach e1", "\"1010\":1", "\"1013\":4", NULL);
  teardown ();
}

/* Formation Status b(1) ---------------------------------------------------- */

/* "If it is in Extended Formation Status, the unit must cease all
 * movement. The moving unit may engage in combat during the Combat Phase":
 * the challenge is made upon moving into the possible zone of control, so
 * the challenger stops in the hex it moved into, next to the enemy, paying
 * that hex's cost without the +3, and attacks in the Combat Phase. */
static void
formation_b1_extended_challenger_stops_in_the_zone_and_may_attack (void)
{
  formation_map ();
  ok ("unit f1 french combat 0808 strength=8", NULL, NULL);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("move g1 0806", "\"mp_left\":7", NULL);
  ok ("challenge g1 0808 0807", "\"formation\":\"extended\"", "\"may_move_on\":false", NULL);
  g_assert_cmpint (unit_hex ("g1"), ==, hex_of ("0807"));
  g_assert_cmpint (sand_game_unit_mp_left (game (), sand_game_find_unit (game (), "g1")), ==, 6);
  refused ("move g1 0706", "ZOC (A)");
  ok ("end-phase", "\"phase\":\"combat\"", NULL);
  ok ("odds 0808 g1", NULL, NULL);
  ok ("roll 3", NULL, NULL);
  ok ("attack 0808 g1", "\"result\"", NULL);
  teardown ();
}

/* INTO must be a hex the units challenged may control. */
static void
formation_b1_challenge_into_a_hex_outside_the_zone_refused (void)
{
  formation_map ();
  ok ("unit f1 french combat 0808 strength=8", NULL, NULL);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("move g1 0806", NULL, NULL);
  refused ("challenge g1 0808 0706", "Formation Status, Probe Segment");
  g_assert_cmpint (unit_hex ("g1"), ==, hex_of ("0806"));
  teardown ();
}

/* Standard Game, General Course of Play ------------------------------------ */

/* "Note that only units which have expended the Movement Points to enter an
 * Enemy Zone of Control may attack during this phase": read against the
 * probe — a unit that entered enemy control this phase without paying may
 * not attack (it made a hasty attack instead); a unit that paid may; and a
 * unit that began the phase in enemy control paid when it entered it, in
 * an earlier phase, so it may attack too. */
static void
standard_course_of_play_units_that_paid_or_began_adjacent_attack (void)
{
  base_map (TRUE);
  sand_scenario_set_option (sand_console_get_scenario (con), "standard", TRUE);
  ok ("unit f1 french combat 0808 strength=8", NULL, NULL);
  ok ("unit f2 french combat 0408 strength=8", NULL, NULL);
  ok ("unit f3 french combat 1208 strength=8", NULL, NULL);
  ok ("unit g1 german combat 0807 strength=6", NULL, NULL);  /* began adjacent */
  ok ("unit g2 german combat 0405 strength=6", NULL, NULL);  /* will pay */
  ok ("unit g3 german combat 1201 strength=6", NULL, NULL);  /* will probe */
  ok ("at 1 german movement", NULL, NULL);
  ok ("move g2 0406 0407", "\"mp_left\":3", NULL);
  /* too few MP left to pay: the errata's exception does not save it */
  ok ("move g3 1202 1203 1204 1205 1206 1207 probe", "\"mp_left\":2", NULL);
  ok ("roll 4", NULL, NULL);
  ok ("hasty 1208 g3 1", NULL, NULL);
  ok ("end-phase", "\"phase\":\"combat\"", NULL);
  ok ("roll 3", NULL, NULL);
  ok ("attack 0808 g1", "\"result\"", NULL);
  ok ("roll 3", NULL, NULL);
  ok ("attack 0408 g2", "\"result\"", NULL);
  refused ("attack 1208 g3", "Standard Game Sequence of Play (errata)");
  teardown ();
}

/* National Boundaries and supply ------------------------------------------ */

/* "Units may never enter Belgium or Luxemburg": read as closing those
 * countries to supply lines too, which are traced through hexes units
 * could use. A band of Belgium across the map cuts the German unit below
 * it off from "S". */
static void
national_boundaries_no_supply_line_through_belgium (void)
{
  base_map (TRUE);
  GString *band = g_string_new ("country belgium");
  for (int c = 1; c <= 20; c++)
    for (int r = 6; r <= 9; r++)
      g_string_append_printf (band, " %02d%02d", c, r);
  ok (band->str, NULL, NULL);
  g_string_free (band, TRUE);
  ok ("unit g1 german combat 0512 strength=6", NULL, NULL);
  ok ("unit g2 german combat 0504 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("supply g2", "\"state\":\"supplied\"", NULL);
  ok ("supply g1", "\"state\":\"isolated\"", NULL);
  teardown ();
}

/* German fortifications --------------------------------------------------- */

/* Supply (A): "They may use German fortifications as a Supply Source, but
 * only one unit may be supplied from each German Fortification." */
static void
supply_a_german_fortification_supplies_one_unit (void)
{
  base_map (FALSE);
  ok ("fort 0505 german 5 Mainz capacity=1", NULL, NULL);
  ok ("unit g1 german combat 0507 strength=6", NULL, NULL);
  ok ("unit g2 german combat 0508 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("supply g1", "\"state\":\"supplied\"", NULL);
  ok ("supply g2", "\"state\":\"isolated\"", NULL);
  teardown ();
}

/* The shipped map has the German fortresses of 1870 inside its area,
 * reconstructed (the placement chart lists the French ones only). */
static void
german_fortifications_on_the_shipped_map (void)
{
  g_autoptr(SandScenario) sc = shipped_scenario_load ("fpw1870.xml");
  SandMap *map = sand_scenario_get_map (sc);
  int german_side = sand_ruleset_find_side (sand_scenario_get_ruleset (sc), "german");
  const char *want[] = { "Mainz", "Rastatt", "Saarlouis" };
  for (guint w = 0; w < G_N_ELEMENTS (want); w++)
    {
      gboolean found = FALSE;
      for (guint i = 0; i < sand_map_n_markers (map); i++)
        {
          const SandMarker *m = sand_map_get_marker (map, i);
          if (m->kind == SAND_MARKER_FORT && g_strcmp0 (m->name, want[w]) == 0)
            {
              found = TRUE;
              g_assert_cmpint (m->side, ==, german_side);
              g_assert_cmpint (m->capacity, ==, 1);
            }
        }
      if (!found)
        fail ("no German fortification %s on the shipped map", want[w]);
    }
}

/* EB Units (A): "as many as he wishes" — the reserve EBs a game makes go by
 * the name the scenario gives its own EB counters, not the unit type's
 * longer one, so the log does not call one kind of unit by two names. */
static void
eb_units_a_reserve_ebs_named_as_the_scenarios (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) sc = shipped_scenario_load ("fpw1870.xml");
  g_autoptr(SandGame) game = sand_game_new (sc, NULL, 1, &error);
  g_assert_no_error (error);
  SandScenario *own = sand_game_get_scenario (game);
  int reserve = sand_scenario_find_counter (own, "german-eb-reserve-1");
  g_assert_cmpint (reserve, >=, 0);
  g_assert_cmpstr (sand_scenario_get_counter (own, (guint) reserve)->name, ==, "EB");
  g_autofree char *label = sand_game_unit_label_for (game, reserve, -1, SAND_UNIT_LABEL_NAME);
  g_assert_cmpstr (label, ==, "EB");
}

/* Messages ------------------------------------------------------------------ */

/* A rail path closed by Rail Movement (B) on the way is refused citing
 * (B), at the step it closes, not (A) from some other side of the goal. */
static void
messages_rail_path_blocked_cites_rail_b (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 1001 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0906 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("entrain g1", NULL, NULL);
  refused ("move g1 1008", "Rail Movement (B)");
  g_autofree char *a = run ("move g1 1008");
  g_assert_nonnull (strstr (a, "from 1004 to 1005"));
  teardown ();
}

/* An EB sent farther than its four hexes is told it has not the hexes,
 * not that EBs move only along rail lines. */
static void
messages_eb_beyond_four_hexes_told_so (void)
{
  base_map (TRUE);
  ok ("unit e1 german eb 1002", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  refused ("move e1 1008", "Movement (M)");
  g_autofree char *a = run ("move e1 1008");
  g_assert_null (strstr (a, "only along rail lines"));
  /* off the rail it is still the rail that says no */
  refused ("move e1 0505", "Movement (A)");
  teardown ();
}

/* Console: at --------------------------------------------------------------- */

/* `at TURN SIDE PHASE` leaves the game as if play had just reached that
 * phase: the reinforcements due by then have arrived, the later ones have
 * not; the German Player-Turn comes first, so a French arrival of the same
 * turn waits for the French Reinforcement Phase. */
static void
console_at_brings_in_the_reinforcements_due (void)
{
  base_map (TRUE);
  ok ("unit g1 german combat 1003 strength=6 arrive=3", NULL, NULL);
  ok ("unit g2 german combat 1004 strength=6 arrive=5", NULL, NULL);
  ok ("unit f1 french combat 1018 strength=8 arrive=3", NULL, NULL);
  ok ("at 3 german movement", NULL, NULL);
  g_assert_cmpint (unit_status ("g1"), ==, SAND_UNIT_ON_MAP);
  g_assert_cmpint (unit_hex ("g1"), ==, hex_of ("1003"));
  g_assert_cmpint (unit_status ("g2"), ==, SAND_UNIT_WAITING);
  g_assert_cmpint (unit_status ("f1"), ==, SAND_UNIT_WAITING);
  ok ("at 3 french reinforcement", NULL, NULL);
  g_assert_cmpint (unit_status ("f1"), ==, SAND_UNIT_ON_MAP);
  ok ("state", "\"id\":\"f1\"", "\"hex\":\"1018\"", NULL);
  teardown ();
}

/* Supply (A): named sources ------------------------------------------------ */

static gboolean
validation_says (const char *code)
{
  g_autoptr(GPtrArray) problems = sand_scenario_validate (sand_console_get_scenario (con));
  for (guint i = 0; i < problems->len; i++)
    if (g_strcmp0 (((SandProblem *) g_ptr_array_index (problems, i))->code, code) == 0)
      return TRUE;
  return FALSE;
}

/* A supply marker's name is a label for people; what it is a source of is
 * its own attribute. A German source named "Mainz" without it supplies
 * nothing, and validation says so; with source=hex it supplies from its
 * hex. */
static void
supply_a_named_source_supplies_by_its_kind (void)
{
  base_map (FALSE);
  ok ("marker supply 0505 german name=Mainz", NULL, NULL);
  ok ("unit g1 german combat 0506 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("supply g1", "\"state\":\"isolated\"", NULL);
  g_assert_true (validation_says ("supply-source-missing"));
  base_map (FALSE);
  ok ("marker supply 0505 german name=Mainz source=hex", NULL, NULL);
  ok ("unit g1 german combat 0508 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("supply g1", "\"state\":\"supplied\"", NULL);
  g_assert_false (validation_says ("supply-source-missing"));
  teardown ();
}

/* source=rail makes any named marker a rail head (lines traced along the
 * rail from it); an unknown kind is reported. Old files' "S" and
 * "rail-edge" keep their meaning without the attribute. */
static void
supply_a_rail_source_by_attribute_and_by_old_name (void)
{
  base_map (FALSE);
  ok ("marker supply 1001 german name=Frankfurt source=rail", NULL, NULL);
  ok ("marker supply 1020 french name=rail-edge", NULL, NULL);
  ok ("marker supply 0101 french name=Depot source=cart", NULL, NULL);
  ok ("unit g1 german combat 0909 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0914 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("supply g1", "\"state\":\"supplied\"", NULL);
  ok ("supply f1", "\"state\":\"supplied\"", NULL);
  g_assert_true (validation_says ("supply-source-unknown"));
  g_assert_false (validation_says ("supply-source-missing"));
  teardown ();
}

/* The attribute survives a save and a load. */
static void
supply_a_source_kind_saved_and_loaded (void)
{
  base_map (FALSE);
  ok ("marker supply 0505 german name=Mainz source=hex", NULL, NULL);
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "rules14-source.xml", NULL);
  g_autofree char *line = g_strdup_printf ("save %s", path);
  ok (line, NULL, NULL);
  g_autofree char *xml = NULL;
  g_assert_true (g_file_get_contents (path, &xml, NULL, NULL));
  g_assert_nonnull (strstr (xml, "name=\"Mainz\" source=\"hex\""));
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) sc = sand_scenario_load_file (path, &error);
  g_assert_no_error (error);
  g_unlink (path);
  teardown ();
}

/* How to Set Up and Play the Game ------------------------------------------- */

static void
load_shipped (const char *name, gboolean standard_game)
{
  g_clear_pointer (&con, sand_console_free);
  con = sand_console_new (NULL, 3);
  const char *datadir = g_getenv ("SANDTABLE_DATADIR");
  g_autofree char *load = g_strdup_printf ("load \"%s/scenarios/%s\"", datadir, name);
  ok (load, NULL, NULL);
  if (standard_game)
    sand_scenario_set_option (sand_console_get_scenario (con), "standard", TRUE);
}

/* A `setup` line moving @id to a free hex of its zone (the game's OOB). */
static char *
setup_line (const char *id)
{
  SandGame *g = game ();
  int unit = sand_game_find_unit (g, id);
  int side = sand_game_get_unit (g, unit)->side;
  SandScenario *sc = sand_game_get_scenario (g);
  SandOob *oob = sand_scenario_get_oob (sc, (guint) sand_scenario_find_oob (sc,
                                                                          sand_game_get_oob (g, side)));
  const char *zone = NULL;
  for (guint i = 0; i < oob->placements->len; i++)
    {
      const SandPlacement *q = g_ptr_array_index (oob->placements, i);
      if (g_strcmp0 (q->counter, id) == 0)
        zone = q->zone;
    }
  g_assert_nonnull (zone);
  SandMap *map = sand_scenario_get_map (sc);
  for (guint i = 0; i < sand_map_n_markers (map); i++)
    {
      const SandMarker *m = sand_map_get_marker (map, i);
      g_autoptr(GArray) there = g_array_new (FALSE, FALSE, sizeof (int));
      if (m->kind != SAND_MARKER_ZONE || g_strcmp0 (m->group, zone) != 0)
        continue;
      sand_game_units_at (g, m->hex, there);
      if (there->len == 0)
        {
          g_autofree char *hid = sand_grid_dup_id (sand_game_get_grid (g), m->hex);
          return g_strdup_printf ("setup %s %s", id, hid);
        }
    }
  g_assert_not_reached ();
}

/* "The French set up their forces first": set-up is a stage before play,
 * the French placing their units in their zones, then, once they are
 * ready, the Germans theirs; each side only its own. */
static void
setup_french_first_then_german (void)
{
  load_shipped ("fpw1870.xml", FALSE);
  ok ("state", NULL, NULL);
  int french = sand_ruleset_find_side (sand_scenario_get_ruleset (sand_game_get_scenario (game ())),
                                       "french");
  int german = 1 - french;
  /* the clock stands at the Germans' first phase, but the French act */
  g_assert_cmpint (sand_game_get_side (game ()), ==, german);
  g_assert_cmpint (sand_game_acting_side (game ()), ==, french);
  g_autofree char *de1 = setup_line ("de-vii");
  refused (de1, "How to Set Up and Play the Game");
  g_autofree char *fr1 = setup_line ("fr-ii");
  ok (fr1, NULL, NULL);
  ok ("ready", NULL, NULL);
  g_assert_cmpint (sand_game_acting_side (game ()), ==, german);
  g_autofree char *fr2 = setup_line ("fr-garde");
  refused (fr2, "How to Set Up and Play the Game");
  g_autofree char *de2 = setup_line ("de-vii");
  ok (de2, NULL, NULL);
  ok ("ready", NULL, NULL);
  g_assert_cmpint (sand_game_setup_side (game ()), ==, -1);
  g_assert_cmpint (sand_game_acting_side (game ()), ==, sand_game_get_side (game ()));
  g_autofree char *de3 = setup_line ("de-viii");
  refused (de3, "How to Set Up and Play the Game");
  refused ("ready", "How to Set Up and Play the Game");
  teardown ();
}

/* Standard Game: the counters go face down, and the German player does
 * not watch the French placement — the French `setup` lines are not in
 * the log as the German reads it. */
static void
setup_standard_game_german_does_not_see_french_placement (void)
{
  load_shipped ("fpw1870.xml", TRUE);
  ok ("state", NULL, NULL);
  g_autofree char *fr1 = setup_line ("fr-ii");
  ok (fr1, NULL, NULL);
  ok ("log french", "\"setup fr-ii ", NULL);
  g_autofree char *seen = run ("log german");
  g_assert_null (strstr (seen, "setup"));
  g_assert_nonnull (strstr (seen, "\"lines\":[]"));
  ok ("ready", NULL, NULL);
  ok ("log german", "\"ready\"", NULL);
  teardown ();
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
#define T(name) g_test_add_func ("/rules-fpw-cases/" #name, name)
  T (fort_e_masking_units_ringing_the_fort_lift_its_zone);
  T (fort_e_zone_spreads_round_a_single_masking_unit);
  T (eb_c_pushed_back_past_a_cut_behind_it);
  T (eb_c_pushed_back_skips_over_enemy_units);
  T (eb_c_pushed_along_its_home_rail);
  T (eb_e_german_receives_an_eb_on_both_sides_of_the_cut);
  T (eb_h_halted_eb_crosses_next_phase_without_a_roll);
  T (eb_h_other_eb_still_rolls_at_the_river);
  T (eb_movement_four_hexes_home_rail_included);
  T (eb_movement_option_eb_rail_at_home);
  T (formation_b1_extended_challenger_stops_in_the_zone_and_may_attack);
  T (formation_b1_challenge_into_a_hex_outside_the_zone_refused);
  T (standard_course_of_play_units_that_paid_or_began_adjacent_attack);
  T (national_boundaries_no_supply_line_through_belgium);
  T (supply_a_german_fortification_supplies_one_unit);
  T (german_fortifications_on_the_shipped_map);
  T (eb_units_a_reserve_ebs_named_as_the_scenarios);
  T (messages_rail_path_blocked_cites_rail_b);
  T (messages_eb_beyond_four_hexes_told_so);
  T (console_at_brings_in_the_reinforcements_due);
  T (supply_a_named_source_supplies_by_its_kind);
  T (supply_a_rail_source_by_attribute_and_by_old_name);
  T (supply_a_source_kind_saved_and_loaded);
  T (setup_french_first_then_german);
  T (setup_standard_game_german_does_not_see_french_placement);
  return g_test_run ();
}
