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
  /* The document changed (another map, perhaps another ruleset): rebuild
   * the options that list terrains, countries, features. */
  void       (*document_changed) (EditorTool  *self);

  gpointer padding[7];
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

/* The document whose ruleset the options list (terrains, countries…);
 * the palette sets it on every tool. Property "document". */
void            editor_tool_set_document (EditorTool     *self,
                                          EditorDocument *document);
EditorDocument *editor_tool_get_document (EditorTool     *self);
/* A one-line hint for a status area: what press, drag and the secondary
 * button do. Property "hint". */
const char     *editor_tool_get_hint     (EditorTool     *self);
/* Whether the tool works on hexsides (the hexside pen, select): the window
 * outlines the hexside under the pointer only for these. Property
 * "uses-hexsides". */
gboolean        editor_tool_get_uses_hexsides (EditorTool *self);
/* The modifier keys held at the press: tools read Shift to continue the
 * last stroke in a straight hex line (Tiled's line tool). Read from the
 * keyboard when the press comes; the window (or a test) may set them
 * just before editor_tool_begin () instead. */
void            editor_tool_set_modifiers     (EditorTool      *self,
                                               GdkModifierType  state);
GdkModifierType editor_tool_get_modifiers     (EditorTool      *self);
/* TRUE between begin and end. */
gboolean        editor_tool_in_stroke    (EditorTool     *self);

/* For a tool's set_property on a field behind a G_PARAM_EXPLICIT_NOTIFY
 * property: stores @value in *@field and notifies @pspec only on a change. */
void editor_tool_set_int_field     (GObject      *object,
                                    int          *field,
                                    const GValue *value,
                                    GParamSpec   *pspec);
void editor_tool_set_boolean_field (GObject      *object,
                                    gboolean     *field,
                                    const GValue *value,
                                    GParamSpec   *pspec);

G_END_DECLS
