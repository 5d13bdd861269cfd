/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sandtable-cli info: what a scenario holds, in a few lines a designer can
 * scan (and a script can grep). */
#include "config.h"

#include <stdio.h>

#include <glib.h>
#include <glib/gi18n.h>

#include "cli-info.h"
#include "cli-scenario.h"

static const char *
side_id (SandRuleset *ruleset,
         int          side)
{
  if (side < 0 || (guint) side >= sand_ruleset_n_sides (ruleset))
    return "none";
  return sand_ruleset_get_side (ruleset, side)->id;
}

static void
print_terrain (SandScenario *scenario)
{
  SandMap *map = sand_scenario_get_map (scenario);
  SandRuleset *ruleset = sand_scenario_get_ruleset (scenario);
  const SandGrid *grid = sand_map_get_grid (map);
  const guint8 *terrain = sand_map_peek_terrain (map);
  guint n_terrains = sand_ruleset_n_terrains (ruleset);
  g_autofree guint *counts = g_new0 (guint, 256);
  int n = sand_grid_n_hexes (grid);

  for (int hex = 0; hex < n; hex++)
    counts[terrain[hex]]++;

  printf ("%s\n", _("Terrain:"));
  for (guint i = 0; i < 256; i++)
    {
      if (counts[i] == 0)
        continue;
      if (i < n_terrains)
        printf ("  %-16s %6u\n", sand_ruleset_get_terrain (ruleset, i)->id, counts[i]);
      else
        printf ("  %-16s %6u\n", _("(unknown)"), counts[i]);
    }
}

static void
print_counters (SandScenario *scenario)
{
  SandRuleset *ruleset = sand_scenario_get_ruleset (scenario);
  guint n_sides = sand_ruleset_n_sides (ruleset);
  guint n_types = sand_ruleset_n_unit_types (ruleset);
  guint n = sand_scenario_n_counters (scenario);
  g_autofree guint *counts = g_new0 (guint, (n_sides + 1) * (n_types + 1));

  for (guint i = 0; i < n; i++)
    {
      const SandCounter *c = sand_scenario_get_counter (scenario, i);
      guint side = c->side >= 0 && (guint) c->side < n_sides ? (guint) c->side : n_sides;
      guint type = c->type >= 0 && (guint) c->type < n_types ? (guint) c->type : n_types;

      counts[side * (n_types + 1) + type]++;
    }

  printf (_("Counters: %u\n"), n);
  for (guint s = 0; s <= n_sides; s++)
    for (guint t = 0; t <= n_types; t++)
      {
        guint count = counts[s * (n_types + 1) + t];

        if (count == 0)
          continue;
        printf ("  %-10s %-12s %4u\n",
                s < n_sides ? sand_ruleset_get_side (ruleset, s)->id : _("(unknown)"),
                t < n_types ? sand_ruleset_get_unit_type (ruleset, t)->id : _("(unknown)"),
                count);
      }
}

static void
print_oobs (SandScenario *scenario)
{
  SandRuleset *ruleset = sand_scenario_get_ruleset (scenario);
  guint n = sand_scenario_n_oobs (scenario);

  printf (_("Orders of battle: %u\n"), n);
  for (guint i = 0; i < n; i++)
    {
      SandOob *oob = sand_scenario_get_oob (scenario, i);

      printf ("  %-10s %-8s ", oob->id, side_id (ruleset, oob->side));
      printf (ngettext ("%u placement", "%u placements", oob->placements->len),
              oob->placements->len);
      fputs (", ", stdout);
      printf (ngettext ("%u reinforcement", "%u reinforcements", oob->reinforcements->len),
              oob->reinforcements->len);
      printf ("%s%s\n", oob->name != NULL ? "  " : "", oob->name != NULL ? oob->name : "");
    }
}

static void
print_markers (SandScenario *scenario)
{
  SandMap *map = sand_scenario_get_map (scenario);
  guint counts[SAND_N_MARKER_KINDS] = { 0 };
  guint n = sand_map_n_markers (map);
  gboolean first = TRUE;

  for (guint i = 0; i < n; i++)
    {
      const SandMarker *m = sand_map_get_marker (map, i);

      if (m->kind < SAND_N_MARKER_KINDS)
        counts[m->kind]++;
    }
  printf (_("Markers: %u"), n);
  for (guint k = 0; k < SAND_N_MARKER_KINDS; k++)
    {
      if (counts[k] == 0)
        continue;
      printf ("%s%s %u", first ? " (" : ", ", sand_marker_kind_to_string (k), counts[k]);
      first = FALSE;
    }
  printf ("%s\n", first ? "" : ")");
}

int
sand_cli_info (int    argc,
               char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) scenario = NULL;
  SandRuleset *ruleset;
  const SandGrid *grid;
  SandMap *map;
  guint n_places = 0;
  g_auto(GStrv) options = NULL;

  g_set_prgname ("sandtable-cli info");
  context = g_option_context_new (_("FILE — describe a scenario"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "sandtable-cli info: %s\n", error->message);
      return 2;
    }
  if (argc != 2)
    {
      fprintf (stderr, "sandtable-cli info: %s\n", _("give exactly one scenario file"));
      return 2;
    }

  scenario = sand_cli_load_scenario (argv[1], &error);
  if (scenario == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 2;
    }

  ruleset = sand_scenario_get_ruleset (scenario);
  map = sand_scenario_get_map (scenario);
  grid = sand_map_get_grid (map);
  for (int hex = 0; hex < sand_grid_n_hexes (grid); hex++)
    if (sand_map_get_place (map, hex) != NULL)
      n_places++;
  options = sand_scenario_list_options (scenario);

  printf (_("Title: %s\n"), sand_scenario_get_title (scenario) != NULL
                             ? sand_scenario_get_title (scenario) : _("(untitled)"));
  printf (_("Ruleset: %s (%s)\n"), sand_ruleset_get_id (ruleset),
          sand_ruleset_get_name (ruleset) != NULL ? sand_ruleset_get_name (ruleset) : "");
  /* Translators: columns x rows, then the file's orientation ("flat",
   * "pointy") and stagger ("even", "odd") as they are written. */
  printf (_("Map: %dx%d (%s, %s stagger), "), grid->cols, grid->rows,
          grid->orientation == SAND_ORIENTATION_FLAT ? "flat" : "pointy",
          grid->stagger == SAND_STAGGER_EVEN ? "even" : "odd");
  printf (ngettext ("%d hex", "%d hexes", sand_grid_n_hexes (grid)), sand_grid_n_hexes (grid));
  fputs (", ", stdout);
  printf (ngettext ("%u place\n", "%u places\n", n_places), n_places);
  printf (_("Turns: %d, first side: %s\n"), sand_scenario_get_turns (scenario),
          side_id (ruleset, sand_scenario_get_first_side (scenario)));
  if (options != NULL && options[0] != NULL)
    {
      g_autofree char *joined = g_strjoinv (", ", options);
      printf (_("Options: %s\n"), joined);
    }
  print_terrain (scenario);
  print_markers (scenario);
  print_counters (scenario);
  print_oobs (scenario);
  return 0;
}
