/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ruleset-labels.h: a ruleset's names as the user's language says
 * them. The names in a ruleset file are English; po/its/sandtable-ruleset.its
 * extracts them with the element's name as their context ("side", "phase",
 * "terrain", …). The model keeps the English names, which is what files,
 * ids, the console and the game log carry: only what a person reads goes
 * through these. A ruleset that is not shipped shows its names as given. */
#pragma once

#include "sand-hex.h"
#include "sand-ruleset.h"

G_BEGIN_DECLS

/* @name (a <@element name="…">, or the ruleset's <description>) in the
 * user's language; NULL and "" come back as they are. */
const char *sand_ruleset_label               (const char  *element,
                                              const char  *name);

const char *sand_ruleset_get_label           (SandRuleset *self);
const char *sand_ruleset_description_label   (SandRuleset *self);
const char *sand_ruleset_side_label          (SandRuleset *self,
                                              guint        i);
const char *sand_ruleset_country_label       (SandRuleset *self,
                                              guint        i);
const char *sand_ruleset_terrain_label       (SandRuleset *self,
                                              guint        i);
const char *sand_ruleset_side_feature_label  (SandRuleset *self,
                                              guint        i);
const char *sand_ruleset_unit_type_label     (SandRuleset *self,
                                              guint        i);
const char *sand_ruleset_phase_label         (SandRuleset *self,
                                              guint        i);
const char *sand_ruleset_option_label        (SandRuleset *self,
                                              guint        i);
const char *sand_ruleset_option_description_label (SandRuleset *self,
                                                   guint        i);

/* A hexside's direction as a compass point in the user's language ("NE");
 * files and the console keep sand_grid_direction_name()'s ids ("ne"). */
const char *sand_grid_direction_label        (const SandGrid *grid,
                                              int             dir);

G_END_DECLS
