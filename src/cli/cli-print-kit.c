/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sandtable-cli print-kit: a scenario's print-and-play kit — map on pages,
 * counter sheets, charts — to one PDF (see docs/print-kit.md). */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include <glib.h>
#include <glib/gi18n.h>

#include "cli-print-kit.h"
#include "cli-scenario.h"
#include "sand-print-kit.h"

enum {
  STATUS_OK = 0,
  STATUS_FAILED = 2,
};

int
sand_cli_print_kit (int    argc,
                    char **argv)
{
  g_autofree char *output = NULL, *paper = NULL, *duplex = NULL, *offset = NULL;
  g_autofree char *only = NULL;
  double hex_mm = 0, counter_mm = 0, bleed = 0, overlap = 10;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write the kit to KIT.pdf"),
      "KIT.pdf" },
    { "paper", 0, 0, G_OPTION_ARG_STRING, &paper, N_("a4 (default), letter, a3 or legal"),
      "PAPER" },
    { "hex-size", 0, 0, G_OPTION_ARG_DOUBLE, &hex_mm,
      N_("Hex across the flats, mm (default: the scenario's)"), "MM" },
    { "counter-size", 0, 0, G_OPTION_ARG_DOUBLE, &counter_mm,
      N_("Counter side, mm (default 16 for step counters, else 12.7)"), "MM" },
    { "duplex", 0, 0, G_OPTION_ARG_STRING, &duplex,
      N_("Counter backs: long (default), short or fold"), "MODE" },
    { "back-offset", 0, 0, G_OPTION_ARG_STRING, &offset,
      N_("Move every back by X,Y mm to correct the printer"), "X,Y" },
    { "bleed", 0, 0, G_OPTION_ARG_DOUBLE, &bleed, N_("Counter art beyond the cut, mm (default 0)"),
      "MM" },
    { "overlap", 0, 0, G_OPTION_ARG_DOUBLE, &overlap,
      N_("Map printed twice where pages meet, mm (default 10)"), "MM" },
    { "only", 0, 0, G_OPTION_ARG_STRING, &only, N_("Only the map, counters or charts"),
      "map|counters|charts" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SandScenario) scenario = NULL;
  g_autoptr (SandRenderer) renderer = NULL;
  g_autoptr (SandPrintKit) kit = NULL;
  SandPrintOptions options;

  g_set_prgname ("sandtable-cli print-kit");
  context = g_option_context_new (_("FILE - a print-and-play kit as a PDF"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Writes the map on pages (with overlap, cut marks and an "
                                  "assembly diagram),\ncounter sheets with their backs, and the "
                                  "charts, to one PDF."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "sandtable-cli print-kit: %s\n", error->message);
      return STATUS_FAILED;
    }
  if (argc != 2 || output == NULL)
    {
      fprintf (stderr, "%s\n", _("Usage: sandtable-cli print-kit FILE -o KIT.pdf "
                                  "[--paper a4|letter|a3|legal] "
                                  "[--hex-size MM] [--counter-size MM] [--duplex long|short|fold] "
                                  "[--back-offset X,Y] [--bleed MM] [--only map|counters|charts]"));
      return STATUS_FAILED;
    }

  sand_print_options_init (&options);
  options.hex_mm = hex_mm;
  options.counter_mm = counter_mm;
  options.bleed_mm = bleed;
  options.overlap_mm = overlap;
  if (paper != NULL && !sand_paper_from_string (paper, &options.paper))
    {
      fprintf (stderr, _("sandtable-cli print-kit: unknown paper '%s' (a4, letter, a3, legal)\n"),
               paper);
      return STATUS_FAILED;
    }
  if (duplex != NULL && !sand_duplex_from_string (duplex, &options.duplex))
    {
      fprintf (stderr,
               _("sandtable-cli print-kit: unknown duplex mode '%s' (long, short, fold)\n"),
               duplex);
      return STATUS_FAILED;
    }
  if (offset != NULL)
    {
      char *end = NULL;

      options.back_dx = g_ascii_strtod (offset, &end);
      if (end == offset || *end != ',' ||
          (options.back_dy = g_ascii_strtod (end + 1, &end), *end != '\0') ||
          !isfinite (options.back_dx) || !isfinite (options.back_dy))
        {
          fprintf (stderr, "sandtable-cli print-kit: %s\n",
                   _("--back-offset takes X,Y in mm, e.g. 0.5,-1"));
          return STATUS_FAILED;
        }
    }
  if (only != NULL)
    {
      if (g_str_equal (only, "map"))
        options.parts = SAND_KIT_MAP;
      else if (g_str_equal (only, "counters"))
        options.parts = SAND_KIT_COUNTERS;
      else if (g_str_equal (only, "charts"))
        options.parts = SAND_KIT_CHARTS;
      else
        {
          fprintf (stderr, "sandtable-cli print-kit: %s\n",
                   _("--only takes map, counters or charts"));
          return STATUS_FAILED;
        }
    }

  scenario = sand_cli_load_scenario (argv[1], &error);
  if (scenario == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return STATUS_FAILED;
    }
  renderer = sand_renderer_new (scenario);
  kit = sand_print_kit_new (renderer, &options, &error);
  if (kit == NULL || !sand_print_kit_write_pdf (kit, output, &error))
    {
      fprintf (stderr, "sandtable-cli print-kit: %s\n", error->message);
      return STATUS_FAILED;
    }
  guint n_pages = sand_print_kit_n_pages (kit), n_pieces = sand_print_kit_n_pieces (kit);
  g_autofree char *pages = g_strdup_printf (ngettext ("%u page", "%u pages", n_pages), n_pages);
  g_autofree char *pieces = g_strdup_printf (ngettext ("%u counter-sheet piece",
                                                       "%u counter-sheet pieces", n_pieces),
                                             n_pieces);
  /* TRANSLATORS: the kit's file, "N pages", the hexes' and the counters'
   * sizes, "N counter-sheet pieces" */
  printf (_("%s: %s (hexes %.1f mm, counters %.1f mm, %s)\n"), output, pages,
          sand_print_kit_hex_mm (kit), sand_print_kit_counter_mm (kit), pieces);
  return STATUS_OK;
}
