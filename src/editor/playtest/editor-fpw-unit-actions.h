/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-fpw-unit-actions.h: Franco-Prussian War 1870's section of the
 * unit card: for the selected counter the Standard Game's probe move,
 * hasty attack (its points, halved, and its Losses step), challenge and
 * formation change, rail movement, leaving by the west edge, Plan J's
 * removal and ending a unit's move; for the phase, returning dummies,
 * withholding reinforcements and the German EB reserve. */
#pragma once

#include "editor-unit-actions.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_FPW_UNIT_ACTIONS (editor_fpw_unit_actions_get_type ())
G_DECLARE_FINAL_TYPE (EditorFpwUnitActions, editor_fpw_unit_actions, EDITOR, FPW_UNIT_ACTIONS,
                      EditorUnitActions)

/* The points a hasty attack allocates (its spin button). */
GtkSpinButton *editor_fpw_unit_actions_get_points (EditorFpwUnitActions *self);
/* The halved value the hasty attack would attack with, as shown. */
const char  *editor_fpw_unit_actions_get_halved  (EditorFpwUnitActions *self);
/* The drop-downs of the dummies to return and of the reinforcements to
 * withhold; the units they list (int, counter indices, in their order). */
GtkDropDown *editor_fpw_unit_actions_get_dummy_choice    (EditorFpwUnitActions *self);
GArray      *editor_fpw_unit_actions_get_dummies         (EditorFpwUnitActions *self);
GtkDropDown *editor_fpw_unit_actions_get_withhold_choice (EditorFpwUnitActions *self);
GArray      *editor_fpw_unit_actions_get_withholdable    (EditorFpwUnitActions *self);

G_END_DECLS
