/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool-connection.h: roads and rails, dragged through hexes. */
#pragma once

#include "editor-tool.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_TOOL_CONNECTION (editor_tool_connection_get_type ())
G_DECLARE_FINAL_TYPE (EditorToolConnection, editor_tool_connection, EDITOR, TOOL_CONNECTION,
                      EditorTool)

/* Properties: "feature-id" (construct: "road", "rail"), "feature" (the
 * ruleset index it paints, found from the id and changeable in the
 * options), "erase", "bridges" (where it crosses a river or stream, the
 * hexside gets the ruleset's bridge too; on by default). */
EditorTool *editor_tool_road_new (void);
EditorTool *editor_tool_rail_new (void);

G_END_DECLS
