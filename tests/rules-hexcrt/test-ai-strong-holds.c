/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ai-strong-holds.c: the strong level's plans for a side that must
 * hold (issue 15, docs/ai.md "The strong level"), each in a position of
 * Hex and CRT (the tests' own game) where the fast policy gives up what
 * the strong level keeps:
 *
 * - a garrison: Red's battalion is drawn to a weak Blue one it
 *   outweighs, away from a rough victory hex that Blue's strong battalion
 *   walks into next turn; the strong level garrisons the hex (rough
 *   doubles its defence) and Blue scores nothing there;
 * - a pull back: Red's battalion holds a hex next to where Blue's strong
 *   battalion can attack it, at odds that destroy it; the strong level
 *   draws it back out of contact.
 *
 * Each is played on the same seeds by both levels and then by Blue's fast
 * reply; Red's net when it is to move again is compared.
 */
#include "config.h"

#include <string.h>

#include <glib.h>

#include "sand-ai.h"
#include "sand-game.h"
#include "hexcrt-scenario.h"
#include "sand-scenario-io.h"

#define SCENARIO_HEAD \
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" \
  "<scenario xmlns=\"https://sandtable.github.io/ns/1\" version=\"1\" ruleset=\"hexcrt\">\n" \
  "  <title>Holding</title>\n" \
  "  <game turns=\"3\" first-side=\"red\"/>\n" \
  "  <victory>\n" \
  "    <text>Net victory points.</text>\n" \
  "    <level max=\"-1\" winner=\"blue\" label=\"Blue Victory\"/>\n" \
  "    <level min=\"0\" max=\"0\" label=\"Draw\"/>\n" \
  "    <level min=\"1\" winner=\"red\" label=\"Red Victory\"/>\n" \
  "  </victory>\n"

/* Flat hexes, even columns staggered: 0503, 0504 and 0505 are one above
 * the other. The victory hex 0505 is rough; Red's battalion at 0503
 * reaches it (1 + 2 MP) and a weak Blue battalion at 0301, which it
 * outweighs, draws it north; Blue's strong battalion at 0507 reaches the
 * victory hex in its turn (1 + 2 MP). */
static const char garrison_xml[] =
  SCENARIO_HEAD
  "  <map cols=\"10\" rows=\"10\" orientation=\"flat\" stagger=\"even\" hex-size=\"36\""
  " default-terrain=\"clear\">\n"
  "    <hex id=\"0505\" terrain=\"rough\"/>\n"
  "    <hex id=\"0705\" terrain=\"rough\"/>\n"
  "    <victory-hex hex=\"0505\" value=\"4\"/>\n"
  "    <victory-hex hex=\"0705\" value=\"4\"/>\n"
  "  </map>\n"
  "  <counters>\n"
  "    <counter id=\"r-1\" side=\"red\" type=\"infantry\" name=\"R-1\" strength=\"4\" ma=\"3\"/>\n"
  "    <counter id=\"b-1\" side=\"blue\" type=\"infantry\" name=\"B-1\" strength=\"1\" ma=\"0\"/>\n"
  "    <counter id=\"b-2\" side=\"blue\" type=\"infantry\" name=\"B-2\" strength=\"6\" ma=\"3\"/>\n"
  "  </counters>\n"
  "  <orders-of-battle>\n"
  "    <oob id=\"red\" side=\"red\" name=\"Red\"><placement counter=\"r-1\" hex=\"0603\"/></oob>\n"
  "    <oob id=\"blue\" side=\"blue\" name=\"Blue\">\n"
  "      <placement counter=\"b-1\" hex=\"0901\"/>\n"
  "      <placement counter=\"b-2\" hex=\"0507\"/>\n"
  "    </oob>\n"
  "  </orders-of-battle>\n"
  "</scenario>\n";

/* The victory hex 0505 (2 points) is Red's 2-point battalion's; Blue's
 * 9-point battalion next to it at 0506, which cannot move, attacks it at
 * 4-1 in its turn, which destroys it whatever the die. */
static const char pull_back_xml[] =
  SCENARIO_HEAD
  "  <map cols=\"10\" rows=\"10\" orientation=\"flat\" stagger=\"even\" hex-size=\"36\""
  " default-terrain=\"clear\">\n"
  "    <victory-hex hex=\"0505\" value=\"6\"/>\n"
  "  </map>\n"
  "  <counters>\n"
  "    <counter id=\"r-1\" side=\"red\" type=\"infantry\" name=\"R-1\" strength=\"2\" ma=\"3\"/>\n"
  "    <counter id=\"b-1\" side=\"blue\" type=\"infantry\" name=\"B-1\" strength=\"9\" ma=\"0\"/>\n"
  "  </counters>\n"
  "  <orders-of-battle>\n"
  "    <oob id=\"red\" side=\"red\" name=\"Red\"><placement counter=\"r-1\" hex=\"0505\"/></oob>\n"
  "    <oob id=\"blue\" side=\"blue\" name=\"Blue\">\n"
  "      <placement counter=\"b-1\" hex=\"0506\"/>\n"
  "    </oob>\n"
  "  </orders-of-battle>\n"
  "</scenario>\n";

/* Red's first Movement and Combat Phases by @level, then Blue's turn by
 * the fast level; Red's net when it is to move again, where @unit stood
 * after Red's Movement Phase (its id), and why it moved (or NULL). */
static int
net_after_reply (SandScenario *sc, guint64 seed, SandAiLevel level, const char *unit,
                 char **hex, char **why)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SandGame) game = sand_game_new (sc, NULL, seed, &error);
  g_assert_no_error (error);
  SandAiOptions o;

  sand_ai_options_init (&o);
  o.level = level;
  o.seed = seed;
  o.budget_ms = 0;
  o.budget_iterations = 8;
  g_assert_cmpstr (sand_game_get_phase_id (game), ==, "movement");
  hexcrt_play_explained (game, &o, unit, hex, why);
  /* Red's Combat Phase by @level too, then Blue's reply by the fast level */
  g_assert_true (sand_ai_end_phase (game, &error));
  g_assert_cmpstr (sand_game_get_phase_id (game), ==, "combat");
  g_assert_true (sand_ai_play_phase (game, &o, NULL, &error));
  return hexcrt_net_after_reply (game, o);
}

/* A garrison: wherever the fast level leaves both victory hexes (its goal
 * field peaks between them), Blue walks into one; the strong level puts
 * the battalion in one, which Blue then attacks at 1-2 (rough doubles the
 * defence) or leaves, and Red keeps its 4 points. */
static void
test_garrison (void)
{
  g_autoptr(SandScenario) sc = hexcrt_scenario_load (garrison_xml, "holding.xml");
  int left = 0, garrisoned = 0, fast_sum = 0, strong_sum = 0;

  for (guint64 seed = 1; seed <= 8; seed++)
    {
      g_autofree char *fast_hex = NULL, *strong_hex = NULL, *fast_why = NULL;
      g_autofree char *strong_why = NULL;
      int fast_net = net_after_reply (sc, seed, SAND_AI_FAST, "r-1", &fast_hex, &fast_why);
      int strong_net = net_after_reply (sc, seed, SAND_AI_STRONG, "r-1", &strong_hex,
                                        &strong_why);
      g_test_message ("seed %" G_GUINT64_FORMAT ": fast to %s, net %d; strong to %s, net %d "
                      "(%s)", seed, fast_hex, fast_net, strong_hex, strong_net, strong_why);
      gboolean fast_holds = g_str_equal (fast_hex, "0505") || g_str_equal (fast_hex, "0705");
      /* the strong level always ends on one, never worse off than fast */
      g_assert_true (g_str_equal (strong_hex, "0505") || g_str_equal (strong_hex, "0705"));
      g_assert_cmpint (strong_net, >=, fast_net);
      fast_sum += fast_net;
      strong_sum += strong_net;
      if (fast_holds)
        continue;
      left++;
      g_assert_cmpint (fast_net, <, strong_net);
      garrisoned += strong_why != NULL && strstr (strong_why, "garrisons a victory hex") != NULL;
    }
  /* fast leaves both on most seeds (where its heuristic's best is
   * between them), and the garrison plan is what the search chose */
  g_assert_cmpint (left, >=, 4);
  g_assert_cmpint (garrisoned, >=, left - 1);
  g_assert_cmpint (strong_sum, >, fast_sum);
}

/* A pull back: the fast level keeps the victory hex next to Blue's 9
 * points (the count says +2) and loses the battalion and the hex to the
 * 4-1 attack; the strong level, which plays Blue's reply, pulls it back
 * out of contact — the policy held it, so this is a move the policy never
 * made. */
static void
test_pull_back (void)
{
  g_autoptr(SandScenario) sc = hexcrt_scenario_load (pull_back_xml, "holding.xml");
  int pulled = 0;

  for (guint64 seed = 1; seed <= 8; seed++)
    {
      g_autofree char *fast_hex = NULL, *strong_hex = NULL, *fast_why = NULL;
      g_autofree char *strong_why = NULL;
      int fast_net = net_after_reply (sc, seed, SAND_AI_FAST, "r-1", &fast_hex, &fast_why);
      int strong_net = net_after_reply (sc, seed, SAND_AI_STRONG, "r-1", &strong_hex,
                                        &strong_why);
      g_test_message ("seed %" G_GUINT64_FORMAT ": fast to %s, net %d; strong to %s, net %d "
                      "(%s)", seed, fast_hex, fast_net, strong_hex, strong_net, strong_why);
      g_assert_cmpstr (fast_hex, ==, "0505");
      g_assert_null (fast_why);
      g_assert_cmpint (fast_net, <=, -7);
      /* out of contact: the battalion lives, the hex is no one's */
      const SandGrid *grid = sand_map_get_grid (sand_scenario_get_map (sc));
      int to, blue;
      g_assert_true (sand_grid_parse_id (grid, strong_hex, &to));
      g_assert_true (sand_grid_parse_id (grid, "0506", &blue));
      g_assert_cmpint (sand_grid_distance (grid, to, blue), >=, 2);
      g_assert_nonnull (strong_why);
      g_assert_nonnull (strstr (strong_why, "would hold"));
      /* every search's reason says how many sampled games judged it */
      g_assert_nonnull (strstr (strong_why, "in 5 sampled games"));
      g_assert_cmpint (strong_net, ==, 0);
      pulled += strstr (strong_why, "pulls back out of contact") != NULL;
    }
  /* any hex out of contact does as well in the rollouts: the pull back
   * is one of the plans that find one, and the first tried on some */
  g_assert_cmpint (pulled, >=, 1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ai/strong/garrisons-a-victory-hex-fast-leaves", test_garrison);
  g_test_add_func ("/ai/strong/pulls-back-a-unit-fast-holds-under-attack", test_pull_back);
  return g_test_run ();
}
