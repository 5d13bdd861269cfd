/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-unit-sections.h: which section of the unit card each game has.
 * The one place in the editor that names a ruleset id: a game without an
 * entry plays with the generic card alone. */
#pragma once

#include "editor-unit-actions.h"

G_BEGIN_DECLS

/* The section for @game's ruleset, or NULL when it has none. */
EditorUnitActions *editor_unit_sections_new_for_game (EditorPlaytest *playtest,
                                                      SandGame       *game);

G_END_DECLS
