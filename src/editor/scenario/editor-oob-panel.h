/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-oob-panel.h: the orders of battle of a scenario, one at a time:
 * its id, name and side; its set-up (fixed hexes or zones, with the zones'
 * limits); what is still to place; and its reinforcement schedule, a row
 * per arrival (turn, counter or strength points, entry flag or hex,
 * entrained, appearance code). Every change is one undo step. */
#pragma once

#include <gtk/gtk.h>

#include "editor-document.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_OOB_PANEL (editor_oob_panel_get_type ())
G_DECLARE_FINAL_TYPE (EditorOobPanel, editor_oob_panel, EDITOR, OOB_PANEL, GtkWidget)

GtkWidget *editor_oob_panel_new          (void);
void       editor_oob_panel_set_document (EditorOobPanel *self,
                                          EditorDocument *document);
/* Property "oob": index of the OOB shown, -1 when there is none. */
int        editor_oob_panel_get_oob      (EditorOobPanel *self);
void       editor_oob_panel_set_oob      (EditorOobPanel *self,
                                          int             oob);
/* Adds a new empty OOB of @side and shows it. */
void       editor_oob_panel_add_oob      (EditorOobPanel *self,
                                          int             side);
/* Schedules @counter (or @points when NULL) on @turn at the first entry
 * flag group of the side; returns the reinforcement's index. */
guint      editor_oob_panel_schedule     (EditorOobPanel *self,
                                          const char     *counter,
                                          int             points,
                                          int             turn);

G_END_DECLS
