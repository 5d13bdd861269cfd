/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-unit-actions.h: the actions the rules allow now, as buttons, in
 * the playtest's game panel: for the selected counter (probe move, hasty
 * attack, challenge, formation, rail, leaving by the west edge, plan J's
 * removal, done with the unit…) and for the phase (returning dummies,
 * withholding reinforcements, the German EB reserve, LFAF's aerial
 * reconnaissance). Each plays the console's words through
 * editor_playtest_perform(), so it is logged, undoable and replayed like
 * any other action; a refusal says why. */
#pragma once

#include <gtk/gtk.h>

#include "editor-playtest.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_UNIT_ACTIONS (editor_unit_actions_get_type ())
G_DECLARE_FINAL_TYPE (EditorUnitActions, editor_unit_actions, EDITOR, UNIT_ACTIONS, GtkWidget)

GtkWidget  *editor_unit_actions_new        (EditorPlaytest    *playtest);
/* The button of an action by its console word ("probe", "hasty",
 * "challenge", "formation", "done", "entrain", "detrain", "rally", "exit",
 * "remove", "dummy", "withhold", "reserve", "recon"; "hasty-attack" is the
 * button that rolls a hasty attack once its hex is picked), or NULL. For
 * tests and keyboard focus. */
GtkWidget  *editor_unit_actions_get_button (EditorUnitActions *self,
                                            const char        *action);
/* The points a hasty attack allocates (its spin button). */
GtkSpinButton *editor_unit_actions_get_points (EditorUnitActions *self);
/* The drop-downs of the dummies to return and of the reinforcements to
 * withhold; the units they list (int, counter indices, in their order). */
GtkDropDown *editor_unit_actions_get_dummy_choice    (EditorUnitActions *self);
GArray      *editor_unit_actions_get_dummies         (EditorUnitActions *self);
GtkDropDown *editor_unit_actions_get_withhold_choice (EditorUnitActions *self);
GArray      *editor_unit_actions_get_withholdable    (EditorUnitActions *self);
/* What the last action did, or why it was refused; "" when nothing yet. */
const char *editor_unit_actions_get_result (EditorUnitActions *self);
/* The halved value the hasty attack would attack with, as shown. */
const char *editor_unit_actions_get_halved (EditorUnitActions *self);

G_END_DECLS
