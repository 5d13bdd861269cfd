/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-interop-convert.c: one file to another, the formats chosen by
 * extension (sandtable-cli convert). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-interop.h"
#include "sand-scenario-io.h"

typedef enum {
  FORMAT_SCENARIO,
  FORMAT_TMX,
  FORMAT_VMOD,
  FORMAT_UNKNOWN,
} Format;

static Format
format_of (const char *path)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);

  if (g_str_has_suffix (lower, ".xml"))
    return FORMAT_SCENARIO;
  if (g_str_has_suffix (lower, ".tmx"))
    return FORMAT_TMX;
  if (g_str_has_suffix (lower, ".vmod"))
    return FORMAT_VMOD;
  return FORMAT_UNKNOWN;
}

gboolean
sand_interop_convert (const char  *input,
                      const char  *output,
                      SandRuleset *ruleset,
                      GHashTable  *tile_terrains,
                      GError     **error)
{
  g_autoptr (SandScenario) scenario = NULL;
  Format in = format_of (input), out = format_of (output);

  g_return_val_if_fail (input != NULL && output != NULL, FALSE);

  if (in != FORMAT_SCENARIO && in != FORMAT_TMX)
    {
      g_set_error (error, SAND_INTEROP_ERROR, SAND_INTEROP_ERROR_FORMAT,
                   _("%s: Sandtable reads scenarios (.xml) and Tiled maps (.tmx)"), input);
      return FALSE;
    }
  if (out == FORMAT_UNKNOWN)
    {
      g_set_error (error, SAND_INTEROP_ERROR, SAND_INTEROP_ERROR_FORMAT,
                   _("%s: Sandtable writes scenarios (.xml), Tiled maps (.tmx) and VASSAL "
                     "modules (.vmod)"), output);
      return FALSE;
    }
  if (in == FORMAT_TMX)
    scenario = sand_tmx_import_file (input, ruleset, tile_terrains, error);
  else
    scenario = sand_scenario_load_file (input, error);
  if (scenario == NULL)
    return FALSE;
  switch (out)
    {
    case FORMAT_SCENARIO:
      return sand_scenario_save_file (scenario, output, FALSE, error);
    case FORMAT_TMX:
      return sand_tmx_export (scenario, output, NULL, error);
    case FORMAT_VMOD:
      return sand_vassal_export (scenario, output, NULL, error);
    case FORMAT_UNKNOWN:
    default:
      g_assert_not_reached ();
    }
  return FALSE;
}
