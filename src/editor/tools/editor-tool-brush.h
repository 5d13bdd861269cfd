/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool-brush.h: the base of the hex brushes (terrain, country).
 * It owns the brush size, the stroke, the preview and the options box; a
 * subclass says what a hex is painted with and which chooser picks it. */
#pragma once

#include "editor-tool.h"
#include "editor-tool-chooser.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_TOOL_BRUSH (editor_tool_brush_get_type ())
G_DECLARE_DERIVABLE_TYPE (EditorToolBrush, editor_tool_brush, EDITOR, TOOL_BRUSH, EditorTool)

struct _EditorToolBrushClass
{
  EditorToolClass parent_class;

  /* Paints @hex with the brush's current value. */
  void (*paint_hex)       (EditorToolBrush *self,
                           EditorDocument  *document,
                           int              hex);
  /* Makes the value at @hex the brush's own (secondary button). */
  void (*pick)            (EditorToolBrush *self,
                           EditorDocument  *document,
                           int              hex);
  /* The map's ruleset changed: drop a value it no longer has. */
  void (*ruleset_changed) (EditorToolBrush *self,
                           SandRuleset     *ruleset);

  /* Set in class_init; the strings are untranslated (N_), translated on use. */
  EditorToolChooserKind chooser_kind;
  const char *chooser_property; /* the subclass's property the chooser binds */
  const char *chooser_heading;  /* or NULL for none */
  const char *chooser_none;     /* the chooser's "none" entry, or NULL */
  const char *stroke_label;     /* the undo label of a stroke */
  const char *options_hint;

  gpointer padding[4];
};

/* Property: "radius" (0, 1, 2 → 1, 7, 19 hexes). */
int  editor_tool_brush_get_radius (EditorToolBrush *self);
void editor_tool_brush_set_radius (EditorToolBrush *self,
                                   int              radius);

G_END_DECLS
