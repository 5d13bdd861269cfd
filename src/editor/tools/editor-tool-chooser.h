/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool-chooser.h: a list of ruleset entries (terrains, countries,
 * hexside features, connections, sides), each with a swatch drawn the way
 * the map draws it, for the tools' options and the inspector. */
#pragma once

#include <gtk/gtk.h>

#include "sand-ruleset.h"

G_BEGIN_DECLS

typedef enum {
  EDITOR_CHOOSER_TERRAIN,
  EDITOR_CHOOSER_COUNTRY,
  EDITOR_CHOOSER_SIDE_FEATURE, /* features along a hexside: river, ridge… */
  EDITOR_CHOOSER_CONNECTION,   /* features across a hexside: road, rail */
  EDITOR_CHOOSER_SIDE,         /* the game's sides (French, German) */
} EditorToolChooserKind;

#define EDITOR_TYPE_TOOL_CHOOSER (editor_tool_chooser_get_type ())
G_DECLARE_FINAL_TYPE (EditorToolChooser, editor_tool_chooser, EDITOR, TOOL_CHOOSER, GtkWidget)

/* @none_label: when not NULL, a first entry for "none" (index -1). */
GtkWidget   *editor_tool_chooser_new          (EditorToolChooserKind  kind,
                                               const char            *none_label);
/* The same, its selection bound both ways to the int @property of
 * @object (a tool's terrain, country or feature). */
GtkWidget   *editor_tool_chooser_new_bound    (EditorToolChooserKind  kind,
                                               const char            *none_label,
                                               GObject               *object,
                                               const char            *property);
void         editor_tool_chooser_set_ruleset  (EditorToolChooser     *self,
                                               SandRuleset           *ruleset);
/* Property "selected": the ruleset index, or -1 for none. */
int          editor_tool_chooser_get_selected (EditorToolChooser     *self);
void         editor_tool_chooser_set_selected (EditorToolChooser     *self,
                                               int                    index);

/* Selects the @n-th entry as listed (0-based, "none" first when there is
 * one): the palette's number keys. FALSE when there is no such entry. */
gboolean     editor_tool_chooser_select_nth   (EditorToolChooser     *self,
                                               guint                  n);

/* Draws a swatch of a ruleset entry in a w×h box, as the map draws it. */
void         editor_tool_chooser_draw_swatch  (cairo_t               *cr,
                                               SandRuleset           *ruleset,
                                               EditorToolChooserKind  kind,
                                               int                    index,
                                               double                 w,
                                               double                 h);

/* Linked toggle buttons "1 hex", "7 hexes", "19 hexes" bound to the integer
 * property @property (0, 1, 2: the brush radius) of @object. */
GtkWidget   *editor_tool_brush_size_new       (GObject               *object,
                                               const char            *property);
/* A small caption for an options area. */
GtkWidget   *editor_tool_options_heading      (const char            *text);
/* A dim, wrapped note on how to use a tool, for an options area. */
GtkWidget   *editor_tool_options_hint         (const char            *text);
/* A check button bound both ways to the boolean @property of @object;
 * @tooltip may be NULL. */
GtkWidget   *editor_tool_options_check        (GObject               *object,
                                               const char            *property,
                                               const char            *label,
                                               const char            *tooltip);

G_END_DECLS
