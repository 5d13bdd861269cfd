/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool-select.h: selects a hex and its nearest hexside for the
 * inspector. */
#pragma once

#include "editor-tool.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_TOOL_SELECT (editor_tool_select_get_type ())
G_DECLARE_FINAL_TYPE (EditorToolSelect, editor_tool_select, EDITOR, TOOL_SELECT, EditorTool)

/* Signal "selection-changed" (int hex, int side_hex, int side_dir), -1 for
 * none. Properties "hex", "side-hex", "side-dir" (read-only). */
EditorTool *editor_tool_select_new       (void);
int         editor_tool_select_get_hex   (EditorToolSelect *self);
void        editor_tool_select_set_hex   (EditorToolSelect *self,
                                          int               hex,
                                          int               side_hex,
                                          int               side_dir);

G_END_DECLS
