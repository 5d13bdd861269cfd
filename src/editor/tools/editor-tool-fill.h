/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool-fill.h: flood fill of a region of one terrain or country. */
#pragma once

#include "editor-tool.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_TOOL_FILL (editor_tool_fill_get_type ())
G_DECLARE_FINAL_TYPE (EditorToolFill, editor_tool_fill, EDITOR, TOOL_FILL, EditorTool)

typedef enum {
  EDITOR_FILL_TERRAIN,
  EDITOR_FILL_COUNTRY,
} EditorFillMode;

/* Properties: "mode" (EditorFillMode: what a region is and what fills it),
 * "terrain" and "country" (the palette binds them to the brush's and the
 * country tool's), "stop-at-sides" (hexside features such as rivers bound
 * the region: a border along a river), "within-country" (terrain mode: the
 * region stays inside the country of the first hex). */
EditorTool *editor_tool_fill_new    (void);
/* Appends to @out the hexes a fill from @hex would change: the connected
 * hexes of @hex's terrain (or country), bounded as the options say. At most @limit
 * hexes (0 = no limit); returns FALSE when the limit cut the region. */
gboolean    editor_tool_fill_region (EditorToolFill *self,
                                     SandMap        *map,
                                     int             hex,
                                     guint           limit,
                                     GArray         *out);

G_END_DECLS
