/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sandtable-cli render: the whole map as the editor draws it, through the
 * same renderer, to PNG, SVG or PDF (by the output's extension). */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include <glib.h>
#include <glib/gi18n.h>

#include "cli-render.h"
#include "cli-scenario.h"
#include "sand-renderer.h"

enum {
  STATUS_OK = 0,
  STATUS_FAILED = 2,
};

/* Cairo's image surfaces stop at 32767 pixels a side and the exporter at
 * a quarter gigapixel; by default a big map gets the largest scale up to 2
 * that stays under 100 megapixels (400 MB while drawing). */
static double
default_scale (SandScenario *scenario)
{
  SandMap *map = sand_scenario_get_map (scenario);
  double w, h, scale = 2.0;

  sand_grid_pixel_size (sand_map_get_grid (map), sand_map_get_hex_size (map), &w, &h);
  scale = MIN (scale, 32000.0 / MAX (w, h));
  scale = MIN (scale, sqrt (100e6 / (w * h)));
  return floor (scale * 100) / 100;
}

int
sand_cli_render (int    argc,
                 char **argv)
{
  g_autofree char *output = NULL;
  double scale = NAN; /* not given */
  gboolean no_ids = FALSE, no_counters = FALSE, no_names = FALSE, no_grid = FALSE;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the image to OUT (.png, .svg or .pdf)"), N_("OUT") },
    { "scale", 's', 0, G_OPTION_ARG_DOUBLE, &scale,
      N_("Pixels (or points) per map unit (default 2, less for maps too large for that)"),
      "S" },
    { "no-ids", 0, 0, G_OPTION_ARG_NONE, &no_ids, N_("Leave out hex ids"), NULL },
    { "no-counters", 0, 0, G_OPTION_ARG_NONE, &no_counters, N_("Leave out counters"), NULL },
    { "no-names", 0, 0, G_OPTION_ARG_NONE, &no_names, N_("Leave out place names"), NULL },
    { "no-grid", 0, 0, G_OPTION_ARG_NONE, &no_grid, N_("Leave out the hex grid"), NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SandScenario) scenario = NULL;
  g_autoptr (SandRenderer) renderer = NULL;
  SandLayers layers = SAND_LAYER_ALL;

  /* GOption's usage line names the program; name the subcommand too. */
  g_set_prgname ("sandtable-cli render");
  context = g_option_context_new (_("FILE - draw a scenario's map"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Draws the whole map (terrain, hexsides, roads and rails, "
                                  "names, hex ids, markers\nand counters at their set-up hexes) "
                                  "to an image chosen by OUT's extension."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "sandtable-cli render: %s\n", error->message);
      return STATUS_FAILED;
    }
  if (argc != 2 || output == NULL)
    {
      fprintf (stderr, "%s\n", _("Usage: sandtable-cli render FILE -o OUT.png|.svg|.pdf "
                                  "[--scale S] [--no-ids] [--no-counters]"));
      return STATUS_FAILED;
    }
  if (!isnan (scale) && !(scale > 0 && isfinite (scale)))
    {
      fprintf (stderr, "sandtable-cli render: %s\n", _("--scale must be a positive number"));
      return STATUS_FAILED;
    }

  scenario = sand_cli_load_scenario (argv[1], &error);
  if (scenario == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return STATUS_FAILED;
    }

  if (isnan (scale))
    scale = default_scale (scenario);
  if (no_ids)
    layers &= ~SAND_LAYER_IDS;
  if (no_counters)
    layers &= ~SAND_LAYER_COUNTERS;
  if (no_names)
    layers &= ~SAND_LAYER_NAMES;
  if (no_grid)
    layers &= ~SAND_LAYER_GRID;
  renderer = sand_renderer_new (scenario);
  if (!sand_renderer_export (renderer, output, scale, layers, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return STATUS_FAILED;
    }
  return STATUS_OK;
}
