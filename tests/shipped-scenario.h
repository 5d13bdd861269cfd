/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A shipped scenario, loaded from data/scenarios (or $SANDTABLE_DATADIR) for
 * the engine tests that play whole games on it, and a shipped ruleset by id:
 * one loader each, not a copy per test. */
#pragma once

#include "sand-scenario-io.h"

G_GNUC_UNUSED static SandScenario *
shipped_scenario_load (const char *name)
{
  g_autoptr(GError) error = NULL;
  const char *datadir = g_getenv ("SANDTABLE_DATADIR");
  g_autofree char *path = g_build_filename (datadir ? datadir : SOURCE_DATADIR, "scenarios",
                                            name, NULL);
  SandScenario *sc = sand_scenario_load_file (path, &error);
  g_assert_no_error (error);
  return sc;
}

G_GNUC_UNUSED static SandRuleset *
shipped_ruleset (const char *id)
{
  g_autoptr(GError) error = NULL;
  SandRuleset *rs = sand_ruleset_lookup (id, &error);
  g_assert_no_error (error);
  g_assert_nonnull (rs);
  return rs;
}
