/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "cli-scenario.h"
#include "sand-scenario-io.h"

SandScenario *
sand_cli_load_scenario (const char  *path,
                        GError     **error)
{
  return sand_scenario_load_file (path, error);
}
