/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hexcrt-scenario.h: a scenario of the Hex and CRT test game, from XML
 * held in a test, for the computer player's tests on positions of their
 * own (one loader, where each test had kept a copy). */
#pragma once

#include <string.h>

#include <glib.h>

#include "sand-ai.h"
#include "sand-game.h"
#include "sand-rules-hexcrt.h"
#include "sand-scenario-io.h"

/* Registers the game's ruleset and rules module, then loads @xml as if
 * it were the file @name in this folder (errors name it). */
static inline SandScenario *
hexcrt_scenario_load (const char *xml,
                      const char *name)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "rules-hexcrt", NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (sand_rules_hexcrt_register (dir, &error));
  g_assert_no_error (error);
  SandScenario *sc = sand_scenario_load_data (xml, strlen (xml), path, &error);
  g_assert_no_error (error);
  return sc;
}

/* Red's net once the rest of the first turn (Red's phases left, then
 * Blue's reply) is played by the fast level with @o's seed: how the phase
 * just played turned out. */
static inline int
hexcrt_net_after_reply (SandGame     *game,
                        SandAiOptions o)
{
  g_autoptr(GError) error = NULL;
  o.level = SAND_AI_FAST;
  for (int k = 0; k < 3 && !sand_game_is_over (game); k++)
    {
      g_assert_true (sand_ai_end_phase (game, &error));
      if (sand_game_get_turn (game) == 2)
        break;
      g_assert_true (sand_ai_play_phase (game, &o, NULL, &error));
    }
  SandVictory v;
  sand_game_victory (game, &v);
  return v.net;
}
