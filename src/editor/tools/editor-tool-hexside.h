/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool-hexside.h: paints features along hexsides (river, stream,
 * ridge, bridge) by dragging along the edges. */
#pragma once

#include "editor-tool.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_TOOL_HEXSIDE (editor_tool_hexside_get_type ())
G_DECLARE_FINAL_TYPE (EditorToolHexside, editor_tool_hexside, EDITOR, TOOL_HEXSIDE, EditorTool)

/* Properties: "feature" (ruleset side-feature index), "erase" (the primary
 * button removes instead of adding; the secondary button always removes). */
EditorTool *editor_tool_hexside_new (void);

G_END_DECLS
