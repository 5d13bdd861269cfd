/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules-lfaf-victory.c: La fleur au fusil, août 1914 — victory (12); then every
 * shipped LFAF scenario played passively (no victory points) and at random
 * (checking the rules' invariants after every action).
 * One test (at least) per rule, named after it (/lfaf/<rule>) and driven
 * through the console (docs/rules-lfaf1914.md).
 *
 * The base map (console-test-helpers.h's lfaf_base_map) is 12x12 clear,
 * flat-topped, even columns lower: the neighbours of 0505 are n 0504,
 * ne 0604, se 0605, s 0506, sw 0405, nw 0404; of 0606: n 0605, ne 0706,
 * se 0707, s 0607, sw 0507, nw 0506.
 */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "sand-console.h"
#include "sand-action.h"
#include "sand-game.h"
#include "sand-scenario-io.h"

#include "console-test-helpers.h"

/* 12 (reconstructed) ------------------------------------------------------------------- */

/* 12 (reconstructed): a village scores for the side that takes it — here
 * one nobody held at the start. */
static void
test_victory_village_taken_scores_for_the_taker (void)
{
  lfaf_base_map ();
  ok ("terrain village 0505", NULL, NULL);
  ok ("marker victory 0505 none value=10", NULL, NULL);
  ok ("unit a french infantry 0504 steps=2", NULL, NULL);
  ok ("unit d german cavalry 0909", NULL, NULL);
  ok ("move a 0505", NULL, NULL);
  ok ("vp", "\"french\":10", "\"german\":0", "\"net\":-10", NULL);
  teardown ();
}

/* 12: taken from the enemy who held it at the start, it scores for the
 * taker. */
static void
test_victory_village_taken_from_the_enemy_scores_for_the_taker (void)
{
  lfaf_base_map ();
  ok ("terrain village 0505", NULL, NULL);
  ok ("marker victory 0505 none value=10", NULL, NULL);
  ok ("unit a french infantry 0503 steps=2", NULL, NULL);
  ok ("unit d german cavalry 0505", NULL, NULL);
  ok ("vp", "\"german\":0", "\"net\":0", NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("move d 0506 0507 0508", NULL, NULL);
  ok ("at 2 french movement", NULL, NULL);
  ok ("move a 0504 0505", NULL, NULL);
  ok ("vp", "\"french\":10", "\"german\":0", "\"net\":-10", NULL);
  teardown ();
}

/* 12: a village held from the set-up and still held scores nothing —
 * keeping what one starts with is the start position, worth 0. */
static void
test_victory_village_held_from_the_start_scores_nothing (void)
{
  lfaf_base_map ();
  ok ("terrain village 0505", NULL, NULL);
  ok ("marker victory 0505 none value=10", NULL, NULL);
  ok ("unit d german cavalry 0505", NULL, NULL);
  ok ("vp", "\"french\":0", "\"german\":0", "\"net\":0", NULL);
  /* left and retaken by its first holder: still nothing */
  ok ("at 1 german movement", NULL, NULL);
  ok ("move d 0506", NULL, NULL);
  ok ("end-phase", NULL, NULL);
  ok ("at 2 german movement", NULL, NULL);
  ok ("move d 0505", NULL, NULL);
  ok ("vp", "\"german\":0", "\"net\":0", NULL);
  teardown ();
}

/* 12: a step eliminated in an assault scores one point for the assaulter. */
static void
test_victory_step_taken_in_assault_scores (void)
{
  lfaf_base_map ();
  ok ("unit a french infantry 0504 steps=2", NULL, NULL);
  ok ("unit b french infantry 0504 steps=2", NULL, NULL);
  ok ("unit d german cavalry 0505", NULL, NULL);
  ok ("at 1 french combat", NULL, NULL);
  ok ("roll 6", NULL, NULL);
  ok ("attack 0505 a b", "\"eliminated\":[\"d\"]", NULL);
  ok ("vp", "\"french\":1", "\"german\":0", "\"net\":-1", NULL);
  teardown ();
}

/* 12, with 4.1/4.4: the steps a side's own over-limit stack sheds at the
 * end of its Movement Phase were not taken by the enemy and score nothing. */
static void
test_victory_overstack_surplus_scores_nothing (void)
{
  lfaf_base_map ();
  ok ("unit a french infantry 0505 steps=2", NULL, NULL);
  ok ("unit b french infantry 0505 steps=2", NULL, NULL);
  ok ("unit c french infantry 0505 steps=2", NULL, NULL);
  ok ("unit e french infantry 0505 steps=2", NULL, NULL);
  ok ("unit d german cavalry 0909", NULL, NULL);
  ok ("at 1 french movement", NULL, NULL);
  ok ("end-phase", NULL, NULL);
  g_assert_cmpint (unit_status ("e"), ==, SAND_UNIT_ELIMINATED);
  ok ("vp", "\"french\":0", "\"german\":0", "\"net\":0", NULL);
  teardown ();
}

/* The console's units have fixed places: @unit's order of battle places
 * it in @zone instead. */
static void
give_zone (const char *unit,
           const char *zone)
{
  SandScenario *sc = sand_console_get_scenario (con);
  for (guint o = 0; o < sand_scenario_n_oobs (sc); o++)
    {
      SandOob *oob = sand_scenario_get_oob (sc, o);
      for (guint i = 0; oob->placements != NULL && i < oob->placements->len; i++)
        {
          SandPlacement *p = g_ptr_array_index (oob->placements, i);
          if (g_strcmp0 (p->counter, unit) == 0)
            {
              g_free (p->zone);
              p->zone = g_strdup (zone);
            }
        }
    }
}

/* On the base map: the village 0505 (10 points) and "a", French, set up by
 * hand in zone z (0504 and 0505); a German, "d", at 0909. Returns the game,
 * not yet set up. */
static SandGame *
zone_game (void)
{
  ok ("terrain village 0505", NULL, NULL);
  ok ("marker victory 0505 none value=10", NULL, NULL);
  ok ("marker zone 0504 french zone=z", NULL, NULL);
  ok ("marker zone 0505 french zone=z", NULL, NULL);
  ok ("unit a french infantry 0504 steps=2", NULL, NULL);
  ok ("unit d german cavalry 0909", NULL, NULL);
  give_zone ("a", "z");
  g_autoptr(GError) error = NULL;
  SandGame *g = sand_game_new (sand_console_get_scenario (con), NULL, 7, &error);
  g_assert_no_error (error);
  return g;
}

static void
set_up (SandGame   *g,
        const char *unit,
        const char *hex_id)
{
  g_autoptr(GError) error = NULL;
  int hex = SAND_HEX_NONE;
  g_assert_true (sand_grid_parse_id (sand_game_get_grid (g), hex_id, &hex));
  sand_game_set_up (g, sand_game_find_unit (g, unit), hex, &error);
  g_assert_no_error (error);
}

static void
set_up_a_in_the_village (SandGame *g)
{
  set_up (g, "a", "0505");
}

/* 12: the start is the position after the set-up by hand — a village a
 * side sets up in is its own, not a capture. */
static void
test_victory_set_up_by_hand_is_the_start (void)
{
  lfaf_base_map ();
  g_autoptr(SandGame) g = zone_game ();
  g_autoptr(GError) error = NULL;
  set_up_a_in_the_village (g);
  sand_game_end_phase (g, &error);
  g_assert_no_error (error);
  SandVictory v = { 0 };
  sand_game_victory (g, &v);
  g_assert_cmpint (v.net, ==, 0);
  teardown ();
}

/* 12: the start is the set-up that play began from — one taken back (an
 * undo back into it) and made again counts as made again. The count is
 * asked while the first set-up stands (nobody in the village), then the
 * set-up is undone and "a" set up in the village: held from the start. */
static void
test_victory_set_up_by_hand_is_the_start_after_an_undo (void)
{
  lfaf_base_map ();
  /* a village held from the start, so the count asks who held them */
  ok ("terrain village 0909", NULL, NULL);
  ok ("marker victory 0909 none value=5", NULL, NULL);
  g_autoptr(SandGame) g = zone_game ();
  g_autoptr(GError) error = NULL;
  static const int three[] = { 3 };
  g_assert_true (sand_game_force_rolls (g, three, 1, &error));
  g_assert_cmpint (sand_game_setup_side (g), <, 0);
  SandVictory v = { 0 };
  sand_game_victory (g, &v);
  g_assert_true (sand_game_undo (g, &error));
  g_assert_no_error (error);
  g_assert_cmpint (sand_game_setup_side (g), >=, 0);
  set_up_a_in_the_village (g);
  sand_game_end_phase (g, &error);
  g_assert_no_error (error);
  sand_game_victory (g, &v);
  g_assert_cmpint (v.points[0], ==, 0);
  g_assert_cmpint (v.points[1], ==, 0);
  teardown ();
}

/* 12: the start is where both sides' set-up by hand put their units — the
 * second side sets up after the first is ready, and a village it sets up
 * in is its own too. */
static void
test_victory_second_side_set_up_by_hand_is_the_start (void)
{
  lfaf_base_map ();
  ok ("terrain village 0808", NULL, NULL);
  ok ("marker victory 0808 none value=10", NULL, NULL);
  ok ("marker zone 0807 german zone=y", NULL, NULL);
  ok ("marker zone 0808 german zone=y", NULL, NULL);
  ok ("unit a french infantry 0202 steps=2", NULL, NULL);
  ok ("unit d german infantry 0807 steps=2", NULL, NULL);
  give_zone ("d", "y");
  g_autoptr(GError) error = NULL;
  g_autoptr(SandGame) g = sand_game_new (sand_console_get_scenario (con), NULL, 7, &error);
  g_assert_no_error (error);
  int de = sand_game_get_unit (g, sand_game_find_unit (g, "d"))->side;
  if (sand_game_setup_side (g) != de)
    g_assert_true (sand_game_setup_ready (g, &error));
  g_assert_cmpint (sand_game_setup_side (g), ==, de);
  set_up (g, "d", "0808");
  g_assert_true (sand_game_setup_ready (g, &error));
  g_assert_no_error (error);
  sand_game_end_phase (g, &error);
  g_assert_no_error (error);
  SandVictory v = { 0 };
  sand_game_victory (g, &v);
  g_assert_cmpint (v.points[de], ==, 0);
  g_assert_cmpint (v.net, ==, 0);
  teardown ();
}

/* 12: with both sides passing every phase, nothing is taken, so every
 * shipped scenario ends at 0 points each, net 0. What net 0 is worth is the
 * scenario's levels': since they were calibrated by balance runs
 * (docs/balance.md) it is a French victory in every scenario — the
 * Germans, who must take ground, do not win or draw by standing still. */
static void
test_victory_passive_play_scores_nothing (gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) scenario = sand_scenario_load_file (data, &error);
  g_assert_no_error (error);
  g_autoptr(SandGame) g = sand_game_new (scenario, NULL, 7, &error);
  g_assert_no_error (error);
  for (int i = 0; i < 200 && !sand_game_is_over (g); i++)
    {
      sand_game_end_phase (g, &error);
      g_assert_no_error (error);
    }
  g_assert_true (sand_game_is_over (g));
  SandVictory v = { 0 };
  sand_game_victory (g, &v);
  g_assert_cmpint (v.net, ==, 0);
  for (int side = 0; side < SAND_MAX_SIDES; side++)
    g_assert_cmpint (v.points[side], ==, 0);
  const SandVictoryLevel *lvl = sand_scenario_victory_level_for (scenario, 0);
  g_assert_nonnull (lvl);
  g_assert_cmpstr (v.level, ==, lvl->label);
  g_assert_cmpstr (v.level, ==, "French victory");
}

/* Random play on the shipped scenarios ------------------------------------------------------ */

static int
stack_steps (SandGame *g, int side, int hex)
{
  int total = 0;
  for (guint i = 0; i < sand_game_n_units (g); i++)
    {
      const SandUnitState *u = sand_game_get_unit (g, (int) i);
      const SandCounter *c = sand_game_get_counter (g, (int) i);
      if (u->status != SAND_UNIT_ON_MAP || u->hex != hex || u->side != side)
        continue;
      SandRuleset *rs = sand_scenario_get_ruleset (sand_game_get_scenario (g));
      const char *t = sand_ruleset_get_unit_type (rs, (guint) c->type)->id;
      total += (g_str_equal (t, "hq") || g_str_equal (t, "artillery")) ? 1 : u->strength;
    }
  return total;
}

static void
play_lfaf (SandScenario *scenario, guint64 seed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SandGame) g = sand_game_new (scenario, NULL, seed, &error);
  g_assert_no_error (error);
  g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) seed);
  guint n = sand_game_n_units (g);
  const SandGrid *grid = sand_game_get_grid (g);
  g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree SandUnitState *before = g_new0 (SandUnitState, n + 1);
  guint moves = 0, attacks = 0;

  for (int step = 0; step < 2500 && !sand_game_is_over (g); step++)
    {
      const char *phase = sand_game_get_phase_id (g);
      int side = sand_game_get_side (g);
      gboolean okay = TRUE, acted = FALSE;
      guint log_before = sand_game_log_length (g);
      g_clear_error (&error);
      for (guint i = 0; i < n; i++)
        before[i] = *sand_game_get_unit (g, (int) i);
      g_array_set_size (units, 0);
      for (guint i = 0; i < n; i++)
        {
          const SandUnitState *u = sand_game_get_unit (g, (int) i);
          if (u->status == SAND_UNIT_ON_MAP && u->side == side)
            {
              int x = (int) i;
              g_array_append_val (units, x);
            }
        }
      int r = g_rand_int_range (rand, 0, 100);
      if (units->len == 0 || r < 3)
        okay = sand_game_end_phase (g, &error);
      else if (g_str_equal (phase, "rally") && r < 50)
        {
          g_autofree char *hid = sand_grid_dup_id (grid, g_rand_int_range (rand, 0,
                                                                       sand_grid_n_hexes (grid)));
          const char *args[] = { hid, NULL };
          acted = TRUE;
          okay = sand_game_perform_args (g, "recon", args, NULL, &error);
        }
      else if (g_str_equal (phase, "movement") && r < 8)
        {
          int u = g_array_index (units, int, g_rand_int_range (rand, 0, (gint32) units->len));
          const char *args[] = { sand_game_get_counter (g, u)->id, NULL };
          acted = TRUE;
          okay = sand_game_perform_args (g, "rally", args, NULL, &error);
        }
      else if (r < 9 && sand_game_can_undo (g))
        {
          guint len = sand_game_log_length (g);
          g_assert_true (sand_game_undo (g, &error));
          g_assert_cmpuint (sand_game_log_length (g), <, len);
        }
      else if (g_str_equal (phase, "movement"))
        {
          int u = g_array_index (units, int, g_rand_int_range (rand, 0, (gint32) units->len));
          acted = TRUE;
          const SandReach *reach = sand_game_reach (g, u, &error);
          if (reach == NULL)
            okay = FALSE;
          else
            {
              g_array_set_size (hexes, 0);
              sand_reach_hexes (reach, hexes);
              if (hexes->len == 0)
                acted = FALSE;
              else
                {
                  int h = g_array_index (hexes, int, g_rand_int_range (rand, 0,
                                                                      (gint32) hexes->len));
                  okay = sand_game_move (g, u, &h, 1, NULL, &error);
                  if (!okay)
                    g_error ("reach offered a hex move refused: %s", error->message);
                  /* 4.1: never more than six steps where a move ends */
                  g_assert_cmpint (stack_steps (g, side, h), <=, 6);
                  moves++;
                }
            }
        }
      else if (g_str_equal (phase, "combat"))
        {
          int u = g_array_index (units, int, g_rand_int_range (rand, 0, (gint32) units->len));
          int target = sand_grid_neighbour (grid, sand_game_get_unit (g, u)->hex,
                                            g_rand_int_range (rand, 0, 6));
          acted = target != SAND_HEX_NONE;
          if (acted && r < 20)
            {
              g_autofree char *hid = sand_grid_dup_id (grid, target);
              const char *args[] = { hid, sand_game_get_counter (g, u)->id, NULL };
              okay = sand_game_perform_args (g, "bombard", args, NULL, &error);
            }
          else if (acted)
            {
              SandAttackResult res;
              okay = sand_game_attack (g, target, &u, 1, NULL, &res, &error);
              if (okay)
                attacks++;
              sand_attack_result_clear (&res);
            }
        }
      else
        okay = sand_game_end_phase (g, &error);

      if (!okay && acted)
        {
          g_assert_nonnull (error);
          g_assert_cmpuint (sand_game_log_length (g), ==, log_before);
          for (guint i = 0; i < n; i++)
            g_assert_true (memcmp (&before[i], sand_game_get_unit (g, (int) i),
                                   sizeof (SandUnitState)) == 0);
        }
      for (guint i = 0; i < n; i++)
        {
          const SandUnitState *u = sand_game_get_unit (g, (int) i);
          if (u->status != SAND_UNIT_ON_MAP)
            continue;
          g_assert_cmpint (u->mp_spent, <=, sand_game_unit_allowance (g, (int) i));
          g_assert_cmpint (u->strength, >=, 1);
          g_assert_cmpint (u->strength, <=, sand_game_unit_max_strength (g, (int) i));
          for (guint j = 0; j < n; j++)
            {
              const SandUnitState *o = sand_game_get_unit (g, (int) j);
              if (o->status == SAND_UNIT_ON_MAP && o->hex == u->hex)
                g_assert_cmpint (o->side, ==, u->side);
            }
        }
      if (step % 800 == 799)
        {
          g_autofree char *log = sand_game_save_log (g);
          g_autoptr(GError) e2 = NULL;
          g_autoptr(SandGame) replay = sand_game_load_log (scenario, log, &e2);
          g_assert_no_error (e2);
          for (guint i = 0; i < n; i++)
            {
              const SandUnitState *x = sand_game_get_unit (g, (int) i);
              const SandUnitState *y = sand_game_get_unit (replay, (int) i);
              g_assert_cmpint (x->hex, ==, y->hex);
              g_assert_cmpint (x->strength, ==, y->strength);
            }
        }
    }
  g_test_message ("seed %" G_GUINT64_FORMAT ": %u moves, %u assaults", seed, moves, attacks);
  g_assert_cmpuint (moves, >, 0);
}

static int
cmp_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(char * const *) a, *(char * const *) b);
}

static void
test_random_play (gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) scenario = sand_scenario_load_file (data, &error);
  g_assert_no_error (error);
  for (guint64 seed = 1; seed <= 4; seed++)
    play_lfaf (scenario, seed);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lfaf/victory_village_taken_scores_for_the_taker",
                   test_victory_village_taken_scores_for_the_taker);
  g_test_add_func ("/lfaf/victory_village_taken_from_the_enemy_scores_for_the_taker",
                   test_victory_village_taken_from_the_enemy_scores_for_the_taker);
  g_test_add_func ("/lfaf/victory_village_held_from_the_start_scores_nothing",
                   test_victory_village_held_from_the_start_scores_nothing);
  g_test_add_func ("/lfaf/victory_step_taken_in_assault_scores",
                   test_victory_step_taken_in_assault_scores);
  g_test_add_func ("/lfaf/victory_overstack_surplus_scores_nothing",
                   test_victory_overstack_surplus_scores_nothing);
  g_test_add_func ("/lfaf/victory_set_up_by_hand_is_the_start",
                   test_victory_set_up_by_hand_is_the_start);
  g_test_add_func ("/lfaf/victory_set_up_by_hand_is_the_start_after_an_undo",
                   test_victory_set_up_by_hand_is_the_start_after_an_undo);
  g_test_add_func ("/lfaf/victory_second_side_set_up_by_hand_is_the_start",
                   test_victory_second_side_set_up_by_hand_is_the_start);

  const char *datadir = g_getenv ("SANDTABLE_DATADIR");
  g_autofree char *dir = g_build_filename (datadir ? datadir : SOURCE_DATADIR, "scenarios",
                                           NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, "lfaf1914") && g_str_has_suffix (name, ".xml"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, cmp_names);
  for (guint i = 0; i < names->len; i++)
    {
      const char *file = g_ptr_array_index (names, i);
      g_autofree char *test = g_strdup_printf ("/lfaf/random-play/%s", file);
      g_test_add_data_func_full (test, g_build_filename (dir, file, NULL), test_random_play,
                                 g_free);
      g_autofree char *passive = g_strdup_printf ("/lfaf/victory_passive_play_scores_nothing/%s",
                                                  file);
      g_test_add_data_func_full (passive, g_build_filename (dir, file, NULL),
                                 test_victory_passive_play_scores_nothing, g_free);
    }
  return g_test_run ();
}
