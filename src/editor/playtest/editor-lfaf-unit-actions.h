/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-lfaf-unit-actions.h: La fleur au fusil 1914's section of the unit
 * card: rallying a unit that lost a step (LFAF 9), picking the surplus of
 * an overstacked hex (LFAF 4.4) and, for the German Rally Phase, the
 * aerial reconnaissance marker (LFAF 10). */
#pragma once

#include "editor-unit-actions.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_LFAF_UNIT_ACTIONS (editor_lfaf_unit_actions_get_type ())
G_DECLARE_FINAL_TYPE (EditorLfafUnitActions, editor_lfaf_unit_actions, EDITOR,
                      LFAF_UNIT_ACTIONS, EditorUnitActions)

G_END_DECLS
