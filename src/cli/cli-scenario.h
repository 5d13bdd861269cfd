/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Helpers shared by the subcommands of sandtable-cli. */
#pragma once

#include <glib.h>

#include "sand-scenario.h"

/* Loads a scenario file; the error is "FILE:LINE: what is wrong". */
SandScenario *sand_cli_load_scenario (const char  *path,
                                      GError     **error);
