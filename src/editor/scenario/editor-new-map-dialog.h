/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-new-map-dialog.h: asks for a new map's game, size, orientation
 * and stagger, then emits "create" (SandScenario *) with a blank map. */
#pragma once

#include <adwaita.h>

#include "sand-scenario.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_NEW_MAP_DIALOG (editor_new_map_dialog_get_type ())
G_DECLARE_FINAL_TYPE (EditorNewMapDialog, editor_new_map_dialog, EDITOR, NEW_MAP_DIALOG, AdwWindow)

GtkWidget    *editor_new_map_dialog_new      (GtkWindow          *parent);
/* The scenario the current choices describe (what "create" carries). */
SandScenario *editor_new_map_dialog_build    (EditorNewMapDialog *self,
                                              GError            **error);

G_END_DECLS
