/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-combat-choices.h: the Losses step of an attack in playtest — after
 * the die, what the rules leave to the owners: who takes how many of each
 * side's losses (a spin button per unit, the fortification's too), where
 * each retreating stack goes (its legal hexes picked on the map) and who
 * advances; Apply settles the attack when the allocation is complete. */
#pragma once

#include <gtk/gtk.h>

#include "editor-playtest.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_COMBAT_CHOICES (editor_combat_choices_get_type ())
G_DECLARE_FINAL_TYPE (EditorCombatChoices, editor_combat_choices, EDITOR, COMBAT_CHOICES,
                      GtkWidget)

GtkWidget      *editor_combat_choices_new          (void);
void            editor_combat_choices_set_playtest (EditorCombatChoices *self,
                                                    EditorPlaytest      *playtest);
/* Shows the game's rolled attack, rebuilding the rows when it is a new
 * one; hides the widget when no attack waits. */
void            editor_combat_choices_refresh      (EditorCombatChoices *self);

/* For tests: the spin button of @unit's loss (-1: the fortification's),
 * or NULL; the Apply button; the line that says what is left to allocate
 * for side @owner (0 attacker, 1 defender); the advance check of @unit,
 * or NULL; starts picking @unit's retreat hex on the map. */
GtkSpinButton  *editor_combat_choices_get_spin     (EditorCombatChoices *self,
                                                    int                  unit);
GtkWidget      *editor_combat_choices_get_apply    (EditorCombatChoices *self);
const char     *editor_combat_choices_get_remaining (EditorCombatChoices *self,
                                                    int                  owner);
GtkCheckButton *editor_combat_choices_get_advance  (EditorCombatChoices *self,
                                                    int                  unit);
void            editor_combat_choices_pick_retreat (EditorCombatChoices *self,
                                                    int                  unit);
/* Starts picking where @unit, on the hex a stack retreats to, goes to
 * make room (LFAF 4.3). */
void            editor_combat_choices_pick_room    (EditorCombatChoices *self,
                                                    int                  unit);

G_END_DECLS
