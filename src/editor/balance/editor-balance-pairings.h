/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-balance-pairings.h: which pairings of orders of battle a balance
 * run plays. "As the rules choose" lets each game draw its own (FPW's
 * secret die roll for the variable orders of battle); the pairings below
 * it fix one order of battle per side. With two sides they are a grid —
 * the first side's orders of battle down, the second's across — so a
 * designer picks single cells, a row, or all 36 of FPW's; with more sides
 * a list. Emits "changed" when the choice changes. */
#pragma once

#include <gtk/gtk.h>

#include "sand-balance.h"
#include "sand-scenario.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_BALANCE_PAIRINGS (editor_balance_pairings_get_type ())
G_DECLARE_FINAL_TYPE (EditorBalancePairings, editor_balance_pairings, EDITOR, BALANCE_PAIRINGS,
                      GtkWidget)

GtkWidget *editor_balance_pairings_new          (void);
/* Builds the choices for @scenario's orders of battle; the rules' own
 * choice is picked. */
void       editor_balance_pairings_set_scenario (EditorBalancePairings *self,
                                                 SandScenario          *scenario);
/* Whether there is anything to choose (some side has more than one order
 * of battle). */
gboolean   editor_balance_pairings_has_choice   (EditorBalancePairings *self);
/* Picks every fixed pairing (and not the rules' choice), or only the
 * rules' choice. */
void       editor_balance_pairings_select_all   (EditorBalancePairings *self,
                                                 gboolean               all);
/* Picks or drops the pairing of @oob_ids (one per side, in side order;
 * NULL for the rules' own choice). FALSE when there is no such pairing. */
gboolean   editor_balance_pairings_set_active   (EditorBalancePairings *self,
                                                 const char * const    *oob_ids,
                                                 gboolean               active);
/* How many pairings are picked. */
guint      editor_balance_pairings_count        (EditorBalancePairings *self);
/* Adds the picked pairings to @config, in the grid's order. */
void       editor_balance_pairings_apply        (EditorBalancePairings *self,
                                                 SandBalanceConfig     *config);

G_END_DECLS
