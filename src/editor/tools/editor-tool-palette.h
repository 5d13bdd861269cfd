/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool-palette.h: the tool palette — a column of linked toggle
 * buttons, one per tool, with the active tool's options below.
 *
 * Single-key shortcuts (B brush, F fill, I eyedropper, C country, E eraser,
 * H hexsides, R road, L rail, M markers, S select; [ and ] change the brush
 * size; 1–9 choose the numbered terrain, country, feature or marker kind
 * in the active tool's options) are installed by the palette on its window
 * while it is in one, so they work wherever the focus is, except in text
 * fields, and while the palette is hidden. They activate the palette's actions
 * "palette.select-tool" ('s': a tool id), "palette.choose" ('i': 1–9),
 * "palette.brush-smaller" and "palette.brush-larger".
 */
#pragma once

#include <gtk/gtk.h>

#include "editor-document.h"
#include "editor-tool.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_TOOL_PALETTE (editor_tool_palette_get_type ())
G_DECLARE_FINAL_TYPE (EditorToolPalette, editor_tool_palette, EDITOR, TOOL_PALETTE, GtkWidget)

GtkWidget      *editor_tool_palette_new             (void);
/* Property "document": the tools' options list its ruleset's terrains,
 * countries and features. */
void            editor_tool_palette_set_document    (EditorToolPalette *self,
                                                     EditorDocument    *document);
EditorDocument *editor_tool_palette_get_document    (EditorToolPalette *self);
/* Property "active-tool" (never NULL; the terrain brush at first). */
EditorTool     *editor_tool_palette_get_active_tool (EditorToolPalette *self);
/* Ids: "terrain", "fill", "eyedropper", "country", "eraser", "hexside",
 * "road", "rail", "marker", "select". FALSE when unknown. */
gboolean        editor_tool_palette_select_tool     (EditorToolPalette *self,
                                                     const char        *id);
EditorTool     *editor_tool_palette_get_tool        (EditorToolPalette *self,
                                                     const char        *id);
/* All tools, in palette order (transfer none). */
GPtrArray      *editor_tool_palette_get_tools       (EditorToolPalette *self);

/* Signal "selection-changed" (int hex, int side_hex, int side_dir): the
 * select tool picked a hex and the hexside nearest the click (-1 when
 * none); the window shows them in the inspector. */

G_END_DECLS
