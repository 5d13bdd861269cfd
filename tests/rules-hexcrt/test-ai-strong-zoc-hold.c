/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ai-strong-zoc-hold.c: the strong level's last-turn hold by zones of
 * control (issue 15, docs/ai.md "The strong level", session 14), on a
 * position of Hex and CRT (the tests' own game, whose ruleset declares
 * ai-last-hold 1 and ai-zoc-hold 1).
 *
 * Red moves first in the game's last turn, so Blue's reply ends the game
 * and nothing answers it. Blue's two 1-point battalions stand in the
 * map's corner (0113, 0114), four hexes of movement from three victory
 * hexes of 5 (0414, 0511, 0513); Red's 4-point battalion, three hexes
 * above them (0111, allowance 3), reaches none of those hexes, so the
 * last-turn hold of session 13 — a unit on each hex the enemy's last move
 * would take — has nothing to send: the fast policy heads for the victory
 * hexes, ends next to a Blue battalion and attacks it, and Blue's last move
 * takes a hex of 5 (net -4 or -5). One hex, 0313, two hexes from both Blue
 * battalions, holds every way out of the corner in its zone of control
 * (rigid: entering it stops a unit): Red standing there, Blue takes
 * nothing, net 0.
 */
#include "config.h"

#include <string.h>

#include <glib.h>

#include "sand-ai.h"
#include "sand-game.h"
#include "hexcrt-scenario.h"
#include "sand-scenario-io.h"

static const char zoc_hold_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<scenario xmlns=\"https://sandtable.github.io/ns/1\" version=\"1\" ruleset=\"hexcrt\">\n"
  "  <title>The way in</title>\n"
  "  <game turns=\"2\" first-side=\"red\"/>\n"
  "  <victory>\n"
  "    <text>Net victory points.</text>\n"
  "    <level max=\"-1\" winner=\"blue\" label=\"Blue Victory\"/>\n"
  "    <level min=\"0\" max=\"0\" label=\"Draw\"/>\n"
  "    <level min=\"1\" winner=\"red\" label=\"Red Victory\"/>\n"
  "  </victory>\n"
  "  <map cols=\"12\" rows=\"14\" orientation=\"flat\" stagger=\"even\" hex-size=\"36\""
  " default-terrain=\"clear\">\n"
  "    <victory-hex hex=\"0414\" value=\"5\"/>\n"
  "    <victory-hex hex=\"0511\" value=\"5\"/>\n"
  "    <victory-hex hex=\"0513\" value=\"5\"/>\n"
  "  </map>\n"
  "  <counters>\n"
  "    <counter id=\"r-1\" side=\"red\" type=\"infantry\" name=\"R-1\" strength=\"4\" ma=\"3\"/>\n"
  "    <counter id=\"b-1\" side=\"blue\" type=\"infantry\" name=\"B-1\" strength=\"1\" ma=\"4\"/>\n"
  "    <counter id=\"b-2\" side=\"blue\" type=\"infantry\" name=\"B-2\" strength=\"1\" ma=\"4\"/>\n"
  "  </counters>\n"
  "  <orders-of-battle>\n"
  "    <oob id=\"red\" side=\"red\" name=\"Red\"><placement counter=\"r-1\" hex=\"0111\"/></oob>\n"
  "    <oob id=\"blue\" side=\"blue\" name=\"Blue\"><placement counter=\"b-1\" hex=\"0113\"/>"
  "<placement counter=\"b-2\" hex=\"0114\"/></oob>\n"
  "  </orders-of-battle>\n"
  "</scenario>\n";

/* Red's Movement Phase of turn @turn (of 2: the clock set there) by
 * @level (8 plans), the rest of the turn by the fast level; where R-1
 * ended the phase (its id), why it moved (or NULL), and Red's net once
 * Blue's reply is played. */
static int
play_turn (SandScenario *sc, guint64 seed, int turn, SandAiLevel level, char **hex, char **why)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SandGame) game = sand_game_new (sc, NULL, seed, &error);
  g_assert_no_error (error);
  int red = sand_ruleset_find_side (sand_scenario_get_ruleset (sc), "red");
  g_assert_true (sand_game_set_clock (game, turn, red, 0, &error));
  g_assert_no_error (error);
  SandAiOptions o;
  sand_ai_options_init (&o);
  o.level = level;
  o.seed = seed;
  o.budget_ms = 0;
  o.budget_iterations = 8;
  g_assert_cmpstr (sand_game_get_phase_id (game), ==, "movement");
  hexcrt_play_explained (game, &o, "r-1", hex, why);
  int net = hexcrt_net_after_reply (game, o);
  g_assert_true (sand_game_is_over (game) == (turn == 2));
  return net;
}

/* The last turn: the strong level stands in the corner's way out, on
 * every seed, and nets 0 where the fast policy nets -4 or worse. */
static void
test_stands_in_the_way (void)
{
  g_autoptr(SandScenario) sc = hexcrt_scenario_load (zoc_hold_xml, "zoc-hold.xml");
  for (guint64 seed = 1; seed <= 8; seed++)
    {
      g_autofree char *fast_hex = NULL, *strong_hex = NULL, *fast_why = NULL;
      g_autofree char *strong_why = NULL;
      int fast_net = play_turn (sc, seed, 2, SAND_AI_FAST, &fast_hex, &fast_why);
      int strong_net = play_turn (sc, seed, 2, SAND_AI_STRONG, &strong_hex, &strong_why);
      g_test_message ("seed %" G_GUINT64_FORMAT ": fast to %s, net %d; strong to %s, net %d "
                      "(%s)", seed, fast_hex, fast_net, strong_hex, strong_net, strong_why);
      /* the fast policy leaves the way out open and Blue takes a hex of 5 */
      g_assert_cmpstr (fast_hex, !=, "0313");
      g_assert_cmpint (fast_net, <=, -4);
      g_assert_cmpstr (strong_hex, ==, "0313");
      g_assert_nonnull (strong_why);
      g_assert_nonnull (strstr (strong_why, "zone of control keeps the enemy's last move off"));
      g_assert_nonnull (strstr (strong_why, "in 5 sampled games"));
      g_assert_cmpint (strong_net, ==, 0);
    }
}

/* The same position in the first of two turns: Blue's reply does not end
 * the game, so no way is held — the hold is the last turn's alone. */
static void
test_no_way_held_before_last_turn (void)
{
  g_autoptr(SandScenario) sc = hexcrt_scenario_load (zoc_hold_xml, "zoc-hold.xml");
  for (guint64 seed = 1; seed <= 4; seed++)
    {
      g_autofree char *hex = NULL, *why = NULL;
      play_turn (sc, seed, 1, SAND_AI_STRONG, &hex, &why);
      g_test_message ("seed %" G_GUINT64_FORMAT ": strong to %s (%s)", seed, hex, why);
      g_assert_true (why == NULL || strstr (why, "zone of control") == NULL);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ai/strong/stands-in-the-way-of-the-enemys-last-move",
                   test_stands_in_the_way);
  g_test_add_func ("/ai/strong/stands-in-no-way-where-the-enemys-reply-does-not-end-the-game",
                   test_no_way_held_before_last_turn);
  return g_test_run ();
}
