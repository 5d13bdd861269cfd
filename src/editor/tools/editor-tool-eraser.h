/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool-eraser.h: returns hexes to a blank map (1, 7 or 19 hexes). */
#pragma once

#include "editor-tool.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_TOOL_ERASER (editor_tool_eraser_get_type ())
G_DECLARE_FINAL_TYPE (EditorToolEraser, editor_tool_eraser, EDITOR, TOOL_ERASER, EditorTool)

/* Properties: "radius" (0, 1, 2) and what it erases: "erase-terrain"
 * (back to the ruleset's first terrain, which a new map is filled with;
 * on by default), "erase-country", "erase-sides" (hexside features and
 * roads/rails on the hex's six sides), "erase-markers" (markers and the
 * place name); those three are off by default. */
EditorTool *editor_tool_eraser_new (void);

G_END_DECLS
