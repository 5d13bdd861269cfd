/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sandtable-cli convert IN OUT: scenarios, Tiled maps and VASSAL modules,
 * the formats by extension (docs/interop.md). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <glib/gi18n.h>

#include "cli-convert.h"
#include "sand-interop.h"

enum {
  STATUS_OK = 0,
  STATUS_FAILED = 2,
};

int
sand_cli_convert (int    argc,
                  char **argv)
{
  g_autofree char *ruleset_id = NULL;
  g_auto (GStrv) tiles = NULL;
  GOptionEntry entries[] = {
    { "ruleset", 'r', 0, G_OPTION_ARG_STRING, &ruleset_id,
      N_("Import a Tiled map onto ruleset ID (default: the map's \"ruleset\" property, "
      "else fpw1870)"), "ID" },
    { "tile", 't', 0, G_OPTION_ARG_STRING_ARRAY, &tiles,
      N_("Tile GID stands for TERRAIN (for tiles without a \"terrain\" property; repeat)"),
      "GID=TERRAIN" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) map = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  SandRuleset *ruleset = NULL;

  g_set_prgname ("sandtable-cli convert");
  context = g_option_context_new (_("IN OUT - convert between formats"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Reads a scenario (.xml) or a Tiled map (.tmx) and writes a "
                                  "scenario (.xml),\na Tiled map (.tmx, with its tileset image "
                                  "beside it) or a VASSAL module (.vmod)."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "sandtable-cli convert: %s\n", error->message);
      return STATUS_FAILED;
    }
  if (argc != 3)
    {
      fprintf (stderr, "%s\n", _("Usage: sandtable-cli convert IN.xml|IN.tmx OUT.xml|OUT.tmx|"
                                  "OUT.vmod [--ruleset ID] [--tile GID=TERRAIN…]"));
      return STATUS_FAILED;
    }
  if (ruleset_id != NULL && (ruleset = sand_ruleset_lookup (ruleset_id, &error)) == NULL)
    {
      fprintf (stderr, "sandtable-cli convert: %s\n", error->message);
      return STATUS_FAILED;
    }
  for (guint i = 0; tiles != NULL && tiles[i] != NULL; i++)
    {
      char *eq = strchr (tiles[i], '=');
      char *end;
      guint64 gid;

      gid = g_ascii_strtoull (tiles[i], &end, 10);
      if (eq == NULL || end != eq || gid == 0 || gid > G_MAXUINT32)
        {
          fprintf (stderr, _("sandtable-cli convert: --tile wants GID=TERRAIN, not “%s”\n"),
                   tiles[i]);
          return STATUS_FAILED;
        }
      g_hash_table_replace (map, GUINT_TO_POINTER ((guint32) gid), g_strdup (eq + 1));
    }
  if (!sand_interop_convert (argv[1], argv[2], ruleset, map, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return STATUS_FAILED;
    }
  return STATUS_OK;
}
