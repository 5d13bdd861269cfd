/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-inspector.h: shows the selected hex and hexside and edits them in
 * place — terrain, country, place name, the markers on the hex and the
 * features of the hexside — through EditorDocument, so every edit undoes. */
#pragma once

#include <gtk/gtk.h>

#include "editor-document.h"
#include "editor-tool-palette.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_INSPECTOR (editor_inspector_get_type ())
G_DECLARE_FINAL_TYPE (EditorInspector, editor_inspector, EDITOR, INSPECTOR, GtkWidget)

GtkWidget *editor_inspector_new          (void);
void       editor_inspector_set_document (EditorInspector *self,
                                          EditorDocument  *document);
/* The hex under the pointer (the window calls it on hover): @hex -1 shows
 * nothing; @side_hex/@side_dir -1 when no hexside. Ignored while the
 * palette's select tool has pinned a hex. */
void       editor_inspector_set_hex      (EditorInspector *self,
                                          int              hex,
                                          int              side_hex,
                                          int              side_dir);
int        editor_inspector_get_hex      (EditorInspector *self);
/* The palette whose select tool pins the hex shown: a click with Select
 * keeps that hex in the inspector, whatever the pointer hovers, until
 * another tool is chosen or the click is off the map. Found by itself in
 * the inspector's window when not set. */
void       editor_inspector_set_palette  (EditorInspector   *self,
                                          EditorToolPalette *palette);

G_END_DECLS
