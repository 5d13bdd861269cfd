/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool.h: a map-editing tool (terrain brush, hexside pen, …). The
 * window forwards the canvas's edit-* and hover signals to the active tool;
 * a tool edits only through EditorDocument, so every edit undoes. */
#pragma once

#include <gtk/gtk.h>

#include "editor-document.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_TOOL (editor_tool_get_type ())
G_DECLARE_DERIVABLE_TYPE (EditorTool, editor_tool, EDITOR, TOOL, GObject)

struct _EditorToolClass
{
  GObjectClass parent_class;

  /* Per press/drag/release, with the hex (-1 off the map) and the pointer
   * in map units; tools that work on hexsides find the side from these. */
  void       (*begin)        (EditorTool      *self,
                              EditorDocument  *document,
                              int              hex,
                              double           map_x,
                              double           map_y,
                              guint            button);
  void       (*update)       (EditorTool      *self,
                              EditorDocument  *document,
                              int              hex,
                              double           map_x,
                              double           map_y);
  void       (*end)          (EditorTool      *self,
                              EditorDocument  *document,
                              int              hex,
                              double           map_x,
                              double           map_y);
  /* The hexes the tool would touch if pressed here (brush preview); may
   * return none. */
  void       (*preview)      (EditorTool      *self,
                              EditorDocument  *document,
                              int              hex,
                              double           map_x,
                              double           map_y,
                              GArray          *hexes);
  /* A widget of options shown under the palette (terrain choice, brush
   * size…), or NULL. */
  GtkWidget *(*get_options)  (EditorTool      *self);

  gpointer padding[8];
};

/* Properties: "id" (e.g. "terrain"), "name" (translated), "icon-name",
 * "accel" (e.g. "b"), "cursor-name" (a GdkCursor name). */
const char *editor_tool_get_id          (EditorTool     *self);
const char *editor_tool_get_name        (EditorTool     *self);
const char *editor_tool_get_icon_name   (EditorTool     *self);
const char *editor_tool_get_accel       (EditorTool     *self);
const char *editor_tool_get_cursor_name (EditorTool     *self);

void        editor_tool_begin           (EditorTool     *self,
                                         EditorDocument *document,
                                         int             hex,
                                         double          map_x,
                                         double          map_y,
                                         guint           button);
void        editor_tool_update          (EditorTool     *self,
                                         EditorDocument *document,
                                         int             hex,
                                         double          map_x,
                                         double          map_y);
void        editor_tool_end             (EditorTool     *self,
                                         EditorDocument *document,
                                         int             hex,
                                         double          map_x,
                                         double          map_y);
void        editor_tool_preview         (EditorTool     *self,
                                         EditorDocument *document,
                                         int             hex,
                                         double          map_x,
                                         double          map_y,
                                         GArray         *hexes);
GtkWidget  *editor_tool_get_options     (EditorTool     *self);

G_END_DECLS
