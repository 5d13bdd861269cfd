/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ai-strong-attacks.c: the strong level's plans make attacks the
 * fast policy refused (issue 15, docs/ai.md "The strong level", session
 * 10), in a position of Hex and CRT (the tests' own game).
 *
 * Red's 1-point battalion holds a victory hex (2 points) between two Blue
 * battalions that cannot move: a 1-point one to the north and an 8-point
 * one to the south, which are not next to each other. In its turn Blue
 * attacks the Red battalion at 4-1, which destroys it whatever the die.
 * The fast policy judges an attack by the position just after the die:
 * at 1-1 on the weak battalion Red loses its own on four faces of six
 * and the victory hex with it, and it refuses. The battalion is lost to
 * Blue's reply anyway: the attack costs nothing the reply would not take,
 * and it destroys the weak battalion on four faces (on a 5 or a 6 the
 * Red battalion advances out of reach and lives). The strong level plays
 * the reply in its rollouts and makes the attack.
 */
#include "config.h"

#include <string.h>

#include <glib.h>

#include "sand-ai.h"
#include "sand-game.h"
#include "hexcrt-scenario.h"
#include "sand-scenario-io.h"

/* Flat hexes, even columns staggered down: 0503, 0504 and 0505 are one
 * above the other; 0403 is next to 0503 and 0504, not to 0505; 0402 next
 * to 0403 and 0503, not to 0504. The second Red battalion and the Blue
 * one at 0402 are for the case where a unit next to the target has
 * already attacked. */
#define SCENARIO(RED2, BLUE3) \
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" \
  "<scenario xmlns=\"https://sandtable.github.io/ns/1\" version=\"1\" ruleset=\"hexcrt\">\n" \
  "  <title>Lost anyway</title>\n" \
  "  <game turns=\"2\" first-side=\"red\"/>\n" \
  "  <victory>\n" \
  "    <text>Net victory points.</text>\n" \
  "    <level max=\"-1\" winner=\"blue\" label=\"Blue Victory\"/>\n" \
  "    <level min=\"0\" max=\"0\" label=\"Draw\"/>\n" \
  "    <level min=\"1\" winner=\"red\" label=\"Red Victory\"/>\n" \
  "  </victory>\n" \
  "  <map cols=\"10\" rows=\"10\" orientation=\"flat\" stagger=\"even\" hex-size=\"36\"" \
  " default-terrain=\"clear\">\n" \
  "    <victory-hex hex=\"0504\" value=\"2\"/>\n" \
  "  </map>\n" \
  "  <counters>\n" \
  "    <counter id=\"r-1\" side=\"red\" type=\"infantry\" name=\"R-1\" strength=\"1\" ma=\"0\"/>\n" \
  "    <counter id=\"r-2\" side=\"red\" type=\"infantry\" name=\"R-2\" strength=\"8\" ma=\"0\"/>\n" \
  "    <counter id=\"b-1\" side=\"blue\" type=\"infantry\" name=\"B-1\" strength=\"1\" ma=\"0\"/>\n" \
  "    <counter id=\"b-2\" side=\"blue\" type=\"infantry\" name=\"B-2\" strength=\"8\" ma=\"0\"/>\n" \
  "    <counter id=\"b-3\" side=\"blue\" type=\"infantry\" name=\"B-3\" strength=\"1\" ma=\"0\"/>\n" \
  "  </counters>\n" \
  "  <orders-of-battle>\n" \
  "    <oob id=\"red\" side=\"red\" name=\"Red\">\n" \
  "      <placement counter=\"r-1\" hex=\"0504\"/>\n" \
  RED2 \
  "    </oob>\n" \
  "    <oob id=\"blue\" side=\"blue\" name=\"Blue\">\n" \
  "      <placement counter=\"b-1\" hex=\"0503\"/>\n" \
  "      <placement counter=\"b-2\" hex=\"0505\"/>\n" \
  BLUE3 \
  "    </oob>\n" \
  "  </orders-of-battle>\n" \
  "</scenario>\n"

static const char lost_anyway_xml[] = SCENARIO ("", "");
static const char spent_xml[] = SCENARIO ("      <placement counter=\"r-2\" hex=\"0403\"/>\n",
                                          "      <placement counter=\"b-3\" hex=\"0402\"/>\n");

static int
hex_of (SandGame *game, const char *id)
{
  int hex = SAND_HEX_NONE;
  g_assert_true (sand_grid_parse_id (sand_game_get_grid (game), id, &hex));
  return hex;
}

/* The geometry the position needs (the map's stagger, checked). */
static void
assert_geometry (SandGame *game)
{
  const SandGrid *grid = sand_game_get_grid (game);
  g_assert_cmpint (sand_grid_distance (grid, hex_of (game, "0504"), hex_of (game, "0503")), ==, 1);
  g_assert_cmpint (sand_grid_distance (grid, hex_of (game, "0504"), hex_of (game, "0505")), ==, 1);
  g_assert_cmpint (sand_grid_distance (grid, hex_of (game, "0503"), hex_of (game, "0505")), ==, 2);
  g_assert_cmpint (sand_grid_distance (grid, hex_of (game, "0403"), hex_of (game, "0503")), ==, 1);
  g_assert_cmpint (sand_grid_distance (grid, hex_of (game, "0403"), hex_of (game, "0505")), >=, 2);
  g_assert_cmpint (sand_grid_distance (grid, hex_of (game, "0402"), hex_of (game, "0403")), ==, 1);
  g_assert_cmpint (sand_grid_distance (grid, hex_of (game, "0402"), hex_of (game, "0504")), >=, 2);
}

/* Red's Combat Phase by @level (8 plans for the strong one), after
 * @before (console lines, or NULL); each attack line it applied in
 * @attacks and its reason in @why; then Blue's turn by the fast level,
 * and Red's net when it is to move again. */
static int
red_combat (SandScenario *sc, guint64 seed, SandAiLevel level, const char *const *before,
            GPtrArray *attacks, GPtrArray *why)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SandGame) game = sand_game_new (sc, NULL, seed, &error);
  g_assert_no_error (error);
  assert_geometry (game);
  g_assert_cmpstr (sand_game_get_phase_id (game), ==, "movement");
  g_assert_true (sand_game_end_phase (game, &error));
  g_assert_cmpstr (sand_game_get_phase_id (game), ==, "combat");
  for (int k = 0; before != NULL && before[k] != NULL; k++)
    {
      g_auto(GStrv) words = g_strsplit (before[k], " ", -1);
      SandResult r;
      g_assert_true (sand_game_perform_args (game, words[0], (const char *const *) words + 1,
                                             &r, &error));
      g_assert_no_error (error);
      sand_result_clear (&r);
    }

  SandAiOptions o;
  sand_ai_options_init (&o);
  o.level = level;
  o.seed = seed;
  o.budget_ms = 0;
  o.budget_iterations = 8;
  g_autoptr(GPtrArray) taken = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) reasons = g_ptr_array_new_with_free_func (g_free);
  g_assert_true (sand_ai_play_phase_explained (game, &o, taken, reasons, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < taken->len; i++)
    if (g_str_has_prefix (g_ptr_array_index (taken, i), "attack "))
      {
        g_ptr_array_add (attacks, g_strdup (g_ptr_array_index (taken, i)));
        g_ptr_array_add (why, g_strdup (g_ptr_array_index (reasons, i)));
      }
  return hexcrt_net_after_reply (game, o);
}

static void
test_makes_an_attack_the_policy_refused (void)
{
  g_autoptr(SandScenario) sc = hexcrt_scenario_load (lost_anyway_xml, "lost-anyway.xml");
  int made = 0, fast_sum = 0, strong_sum = 0;

  for (guint64 seed = 1; seed <= 8; seed++)
    {
      g_autoptr(GPtrArray) fast_attacks = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) fast_why = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) attacks = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) why = g_ptr_array_new_with_free_func (g_free);
      int fast_net = red_combat (sc, seed, SAND_AI_FAST, NULL, fast_attacks, fast_why);
      int strong_net = red_combat (sc, seed, SAND_AI_STRONG, NULL, attacks, why);
      g_test_message ("seed %" G_GUINT64_FORMAT ": fast net %d; strong net %d, %s (%s)", seed,
                      fast_net, strong_net,
                      attacks->len > 0 ? (char *) g_ptr_array_index (attacks, 0) : "no attack",
                      why->len > 0 ? (char *) g_ptr_array_index (why, 0) : "");
      /* the policy refuses both attacks, and Blue's reply takes the
       * battalion and the hex: 2 points of the hex, 1 of strength */
      g_assert_cmpuint (fast_attacks->len, ==, 0);
      g_assert_cmpint (fast_net, <=, -2);
      fast_sum += fast_net;
      strong_sum += strong_net;
      if (attacks->len == 0)
        continue;
      /* one attack a phase for the one battalion, said to be the search's */
      g_assert_cmpuint (attacks->len, ==, 1);
      g_assert_true (g_str_has_prefix (g_ptr_array_index (attacks, 0), "attack 050"));
      g_assert_nonnull (strstr (g_ptr_array_index (why, 0), "an attack the heuristic refused"));
      g_assert_nonnull (strstr (g_ptr_array_index (why, 0), "sampled games"));
      made++;
    }
  /* made on most seeds (a plan is kept when better in more of its five
   * worlds than worse: where the dice make the attack no better in the
   * first two, it is not played further), and it pays over the seeds */
  g_assert_cmpint (made, >=, 6);
  g_assert_cmpint (strong_sum, >, fast_sum);
}

/* The second Red battalion, next to the weak Blue one too, has already
 * attacked this phase (the 1-point Blue battalion at 0402, destroyed at
 * 8-1): the attack the plan makes is the first battalion's alone, which
 * the game accepts, never one with a unit the game no longer offers an
 * attack (which it would refuse, and no attack would be made). */
static void
test_makes_it_with_the_units_that_may (void)
{
  g_autoptr(SandScenario) sc = hexcrt_scenario_load (spent_xml, "lost-anyway.xml");
  static const char *const before[] = { "attack 0402 r-2 ask", "settle", NULL };
  int made = 0;

  for (guint64 seed = 1; seed <= 8; seed++)
    {
      g_autoptr(GPtrArray) attacks = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) why = g_ptr_array_new_with_free_func (g_free);
      red_combat (sc, seed, SAND_AI_STRONG, before, attacks, why);
      g_test_message ("seed %" G_GUINT64_FORMAT ": %s", seed,
                      attacks->len > 0 ? (char *) g_ptr_array_index (attacks, 0) : "no attack");
      for (guint i = 0; i < attacks->len; i++)
        g_assert_null (strstr (g_ptr_array_index (attacks, i), "r-2"));
      /* on the weak battalion, the attack worth making (one the game
       * refused would leave the plan the strong battalion's hex, at 1-2) */
      made += attacks->len > 0
              && g_str_has_prefix (g_ptr_array_index (attacks, 0), "attack 0503 r-1 ");
    }
  g_assert_cmpint (made, >=, 6);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ai/strong/makes-an-attack-the-policy-refused",
                   test_makes_an_attack_the_policy_refused);
  g_test_add_func ("/ai/strong/makes-an-attack-with-only-the-units-that-may",
                   test_makes_it_with_the_units_that_may);
  return g_test_run ();
}
