/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sandtable-cli: validate, describe, render and play scenarios from a shell.
 * Each subcommand parses its own options (GOptionContext) from argv[1]
 * onwards, so `sandtable-cli play --help` documents play alone. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib.h>
#include <glib/gi18n.h>

#include "cli-balance.h"
#include "cli-convert.h"
#include "cli-info.h"
#include "cli-play.h"
#include "cli-print-kit.h"
#include "cli-render.h"
#include "cli-validate.h"
#include "sand-locale.h"

typedef struct {
  const char *name;
  int (*run) (int argc, char **argv);
  const char *summary;
} Subcommand;

static const Subcommand subcommands[] = {
  { "validate", sand_cli_validate,
    N_("check scenario and ruleset files against the schema and the rules") },
  { "info", sand_cli_info, N_("describe a scenario: map, terrain, counters, orders of battle") },
  { "render", sand_cli_render, N_("draw a scenario's map to PNG, SVG or PDF") },
  { "print-kit", sand_cli_print_kit,
    N_("a print-and-play kit: map on pages, counter sheets, charts (PDF)") },
  { "play", sand_cli_play,
    N_("run console commands from a script or stdin, one JSON answer each") },
  { "balance", sand_cli_balance,
    N_("play many seeded games between computer players and report the balance") },
  { "convert", sand_cli_convert,
    N_("convert between scenarios, Tiled maps (.tmx) and VASSAL modules (.vmod)") },
};

static void
usage (FILE *out)
{
  fprintf (out, "%s\n\n%s\n", _("Usage: sandtable-cli COMMAND [OPTION…] [ARG…]"),
           _("Commands:"));
  for (guint i = 0; i < G_N_ELEMENTS (subcommands); i++)
    fprintf (out, "  %-10s %s\n", subcommands[i].name, _(subcommands[i].summary));
  fprintf (out, "\n%s\n  -h, --help     %s\n  --version      %s\n\n%s\n", _("Options:"),
           _("show this help"), _("show the version"),
           _("Run 'sandtable-cli COMMAND --help' for a command's options."));
}

int
main (int    argc,
      char **argv)
{
  sand_locale_init ();
  g_set_prgname ("sandtable-cli");

  if (argc < 2)
    {
      usage (stderr);
      return 2;
    }
  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h")
      || g_str_equal (argv[1], "help"))
    {
      usage (stdout);
      return 0;
    }
  if (g_str_equal (argv[1], "--version"))
    {
      printf ("sandtable-cli %s\n", PACKAGE_VERSION);
      return 0;
    }
  for (guint i = 0; i < G_N_ELEMENTS (subcommands); i++)
    if (g_str_equal (argv[1], subcommands[i].name))
      return subcommands[i].run (argc - 1, argv + 1);

  fprintf (stderr, _("sandtable-cli: unknown command '%s'"), argv[1]);
  fputs ("\n\n", stderr);
  usage (stderr);
  return 2;
}
