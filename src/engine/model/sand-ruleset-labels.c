/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ruleset-labels.c: a ruleset's names in the user's language (see the
 * header). Looked up at display time rather than stored at load, so that
 * the cached ruleset never holds a translated name a writer could pick up. */
#include "config.h"

#include "sand-ruleset-labels.h"

#include <glib/gi18n-lib.h>
#include <string.h>

const char *
sand_ruleset_label (const char *element,
                    const char *name)
{
  /* gettext maps "" to the catalogue's header. */
  if (name == NULL || *name == '\0')
    return name;
  return g_dpgettext2 (GETTEXT_PACKAGE, element, name);
}

const char *
sand_ruleset_get_label (SandRuleset *self)
{
  return sand_ruleset_label ("ruleset", sand_ruleset_get_name (self));
}

const char *
sand_ruleset_description_label (SandRuleset *self)
{
  return sand_ruleset_label ("ruleset", sand_ruleset_get_description (self));
}

const char *
sand_ruleset_side_label (SandRuleset *self,
                         guint        i)
{
  return sand_ruleset_label ("side", sand_ruleset_get_side (self, i)->name);
}

const char *
sand_ruleset_country_label (SandRuleset *self,
                            guint        i)
{
  return sand_ruleset_label ("country", sand_ruleset_get_country (self, i)->name);
}

const char *
sand_ruleset_terrain_label (SandRuleset *self,
                            guint        i)
{
  return sand_ruleset_label ("terrain", sand_ruleset_get_terrain (self, i)->name);
}

const char *
sand_ruleset_side_feature_label (SandRuleset *self,
                                 guint        i)
{
  return sand_ruleset_label ("side-feature", sand_ruleset_get_side_feature (self, i)->name);
}

const char *
sand_ruleset_unit_type_label (SandRuleset *self,
                              guint        i)
{
  return sand_ruleset_label ("unit-type", sand_ruleset_get_unit_type (self, i)->name);
}

const char *
sand_ruleset_phase_label (SandRuleset *self,
                          guint        i)
{
  return sand_ruleset_label ("phase", sand_ruleset_get_phase (self, i)->name);
}

const char *
sand_ruleset_option_label (SandRuleset *self,
                           guint        i)
{
  return sand_ruleset_label ("option", sand_ruleset_get_option (self, i)->name);
}

const char *
sand_ruleset_option_description_label (SandRuleset *self,
                                       guint        i)
{
  return sand_ruleset_label ("option", sand_ruleset_get_option (self, i)->description);
}

const char *
sand_grid_direction_label (const SandGrid *grid,
                           int             dir)
{
  static const struct { const char *id; const char *label; } points[] = {
    /* TRANSLATORS: compass points naming a hexside: north, north-east… */
    { "n", NC_("compass point", "N") },
    { "ne", NC_("compass point", "NE") },
    { "e", NC_("compass point", "E") },
    { "se", NC_("compass point", "SE") },
    { "s", NC_("compass point", "S") },
    { "sw", NC_("compass point", "SW") },
    { "w", NC_("compass point", "W") },
    { "nw", NC_("compass point", "NW") },
  };
  const char *id = sand_grid_direction_name (grid, dir);

  for (guint i = 0; i < G_N_ELEMENTS (points); i++)
    if (strcmp (points[i].id, id) == 0)
      return g_dpgettext2 (GETTEXT_PACKAGE, "compass point", points[i].label);
  return id;
}
