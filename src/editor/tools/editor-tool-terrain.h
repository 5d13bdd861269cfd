/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool-terrain.h: the terrain brush (1, 7 or 19 hexes). */
#pragma once

#include "editor-tool-brush.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_TOOL_TERRAIN (editor_tool_terrain_get_type ())
G_DECLARE_FINAL_TYPE (EditorToolTerrain, editor_tool_terrain, EDITOR, TOOL_TERRAIN, EditorToolBrush)

/* Properties: "terrain" (ruleset index), "radius" (0, 1, 2 → 1, 7, 19 hexes). */
EditorTool *editor_tool_terrain_new        (void);
int         editor_tool_terrain_get_terrain (EditorToolTerrain *self);
void        editor_tool_terrain_set_terrain (EditorToolTerrain *self,
                                             int                terrain);
int         editor_tool_terrain_get_radius  (EditorToolTerrain *self);
void        editor_tool_terrain_set_radius  (EditorToolTerrain *self,
                                             int                radius);

G_END_DECLS
