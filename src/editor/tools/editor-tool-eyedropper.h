/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool-eyedropper.h: picks a hex's terrain and country. */
#pragma once

#include "editor-tool.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_TOOL_EYEDROPPER (editor_tool_eyedropper_get_type ())
G_DECLARE_FINAL_TYPE (EditorToolEyedropper, editor_tool_eyedropper, EDITOR, TOOL_EYEDROPPER,
                      EditorTool)

/* Signal "picked" (int hex, int terrain, int country): the palette hands
 * them to the terrain brush, fill and country tools. */
EditorTool *editor_tool_eyedropper_new (void);

G_END_DECLS
