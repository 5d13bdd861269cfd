/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-inspector.h: shows the selected hex and hexside and edits them in
 * place — terrain, country, place name, the markers on the hex and the
 * features of the hexside — through EditorDocument, so every edit undoes. */
#pragma once

#include <gtk/gtk.h>

#include "editor-document.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_INSPECTOR (editor_inspector_get_type ())
G_DECLARE_FINAL_TYPE (EditorInspector, editor_inspector, EDITOR, INSPECTOR, GtkWidget)

GtkWidget *editor_inspector_new          (void);
void       editor_inspector_set_document (EditorInspector *self,
                                          EditorDocument  *document);
/* @hex -1 shows nothing; @side_hex/@side_dir -1 when no hexside. */
void       editor_inspector_set_hex      (EditorInspector *self,
                                          int              hex,
                                          int              side_hex,
                                          int              side_dir);
int        editor_inspector_get_hex      (EditorInspector *self);

G_END_DECLS
