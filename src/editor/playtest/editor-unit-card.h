/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-unit-card.h: the playtest's unit card, in the game panel: the
 * selected counter as the screen's side knows it (name, values, formation,
 * supply, what the rules say it owes), the actions any game offers for it
 * that need nothing but the unit (sand_game_offered_actions: done, exit, a
 * module's own), its game's section (EditorUnitActions, by ruleset), the
 * hex being picked for an action, and what the last action did or why the
 * rules refused it. */
#pragma once

#include <gtk/gtk.h>

#include "editor-playtest.h"
#include "editor-unit-actions.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_UNIT_CARD (editor_unit_card_get_type ())
G_DECLARE_FINAL_TYPE (EditorUnitCard, editor_unit_card, EDITOR, UNIT_CARD, GtkWidget)

GtkWidget         *editor_unit_card_new         (EditorPlaytest *playtest);
/* The game's section, or NULL for a game without one. */
EditorUnitActions *editor_unit_card_get_section (EditorUnitCard *self);
/* The button of an action by its command word: the section's, else the
 * generic one the card shows while the game offers it; or NULL. */
GtkWidget         *editor_unit_card_get_button  (EditorUnitCard *self,
                                                 const char     *action);
/* What the last action did, or why it was refused; "" when nothing yet. */
const char        *editor_unit_card_get_result  (EditorUnitCard *self);
/* The line naming what else the engine offers the unit, shown for a game
 * without a section ("Offered now: move"), or NULL when hidden. */
const char        *editor_unit_card_get_offered (EditorUnitCard *self);
/* Whether the result shown is a refusal. */
gboolean           editor_unit_card_get_refused (EditorUnitCard *self);

G_END_DECLS
