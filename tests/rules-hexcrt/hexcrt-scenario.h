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

/* @o plays the phase @game is in, and says where @unit (an id) stands
 * after it (in @hex) and why its last move of the phase was made (in @why;
 * NULL when it made none). */
static inline void
hexcrt_play_explained (SandGame           *game,
                       const SandAiOptions *o,
                       const char         *unit,
                       char              **hex,
                       char              **why)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) taken = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) reasons = g_ptr_array_new_with_free_func (g_free);
  g_assert_true (sand_ai_play_phase_explained (game, o, taken, reasons, &error));
  g_assert_no_error (error);
  *hex = sand_grid_dup_id (sand_game_get_grid (game),
                           sand_game_get_unit (game, sand_game_find_unit (game, unit))->hex);
  g_autofree char *prefix = g_strdup_printf ("move %s ", unit);
  *why = NULL;
  for (guint i = 0; i < taken->len; i++)
    if (g_str_has_prefix (g_ptr_array_index (taken, i), prefix))
      {
        g_free (*why);
        *why = g_strdup (g_ptr_array_index (reasons, i));
      }
}

/* Red's net once the rest of the turn it is in (Red's phases left, then
 * Blue's reply) is played by the fast level with @o's seed: how the phase
 * just played turned out (in the last turn, the game's end). */
static inline int
hexcrt_net_after_reply (SandGame     *game,
                        SandAiOptions o)
{
  g_autoptr(GError) error = NULL;
  int turn = sand_game_get_turn (game);
  o.level = SAND_AI_FAST;
  for (int k = 0; k < 4 && !sand_game_is_over (game); k++)
    {
      g_assert_true (sand_ai_end_phase (game, &error));
      if (sand_game_is_over (game) || sand_game_get_turn (game) > turn)
        break;
      g_assert_true (sand_ai_play_phase (game, &o, NULL, &error));
    }
  SandVictory v;
  sand_game_victory (game, &v);
  return v.net;
}
