/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <gio/gio.h>

#include "cli-scenario.h"

SandScenario *
sand_cli_load_scenario (const char  *path,
                        GError     **error)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
               "%s: loading scenarios is not available in this build yet", path);
  return NULL;
}
