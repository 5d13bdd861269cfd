/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-setup-panel.h: what an order of battle still has to place — the
 * counters of its side that it neither sets up nor brings in, and those it
 * sets up by zone (the player places them) — drawn as on the map. Drag one
 * onto a hex to set it up there. */
#pragma once

#include <gtk/gtk.h>

#include "editor-document.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_SETUP_PANEL (editor_setup_panel_get_type ())
G_DECLARE_FINAL_TYPE (EditorSetupPanel, editor_setup_panel, EDITOR, SETUP_PANEL, GtkWidget)

GtkWidget *editor_setup_panel_new          (void);
void       editor_setup_panel_set_document (EditorSetupPanel *self,
                                            EditorDocument   *document);
void       editor_setup_panel_set_oob      (EditorSetupPanel *self,
                                            int               oob);
/* The ids still to place (not set up nor scheduled), in mix order. */
GPtrArray *editor_setup_panel_list_unplaced (EditorSetupPanel *self);

G_END_DECLS
