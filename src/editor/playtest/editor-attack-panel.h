/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-attack-panel.h: the attack being built in playtest — defender,
 * attackers, live odds or die modifiers with every contribution the rules
 * counted, and Resolve with the dice, the result and the losses. */
#pragma once

#include <gtk/gtk.h>

#include "editor-playtest.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_ATTACK_PANEL (editor_attack_panel_get_type ())
G_DECLARE_FINAL_TYPE (EditorAttackPanel, editor_attack_panel, EDITOR, ATTACK_PANEL, GtkWidget)

GtkWidget  *editor_attack_panel_new        (EditorPlaytest    *playtest);
/* What the panel shows (for tests): the odds line and the last result. */
const char *editor_attack_panel_get_odds   (EditorAttackPanel *self);
const char *editor_attack_panel_get_result (EditorAttackPanel *self);
/* The Losses step shown after the die (an EditorCombatChoices), and the
 * Resolve button that rolls it (for tests). */
GtkWidget  *editor_attack_panel_get_choices (EditorAttackPanel *self);
GtkWidget  *editor_attack_panel_get_resolve (EditorAttackPanel *self);

G_END_DECLS
