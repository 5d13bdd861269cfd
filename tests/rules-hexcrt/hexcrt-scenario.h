/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hexcrt-scenario.h: a scenario of the Hex and CRT test game, from XML
 * held in a test, for the computer player's tests on positions of their
 * own (one loader, where each test had kept a copy). */
#pragma once

#include <string.h>

#include <glib.h>

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
