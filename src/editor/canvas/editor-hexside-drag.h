/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-hexside-drag.h: the stroke of a tool that draws one feature on
 * hexsides (the hexside pen; roads and rails): a drag adds the feature to
 * the sides it crosses, a right drag or the tool's Erase option takes it
 * off, the whole stroke is one undo step, and where it ended is kept so
 * that a Shift+click continues from there. The tool says which sides the
 * pointer crosses: a road joins hexes, the pen follows the hex edges. */
#pragma once

#include "editor-document.h"
#include "editor-tool.h"

G_BEGIN_DECLS

typedef struct {
  gboolean painting;
  gboolean erasing;
  int last;   /* the last hex (roads) or side slot (the pen) drawn through */
  int end;    /* where the last stroke ended, for Shift+click */
} EditorHexsideDrag;

void     editor_hexside_drag_init  (EditorHexsideDrag *self);
/* Forgets where the last stroke ended (a new map). */
void     editor_hexside_drag_reset (EditorHexsideDrag *self);
/* Opens the stroke's undo group, labelled @erase_label when it erases.
 * TRUE when a Shift+click asks to continue the last stroke (which the
 * tool then draws from self->end). */
gboolean editor_hexside_drag_begin (EditorHexsideDrag *self,
                                    EditorTool        *tool,
                                    EditorDocument    *document,
                                    gboolean           erase,
                                    guint              button,
                                    const char        *draw_label,
                                    const char        *erase_label);
/* Adds @bits to the side (@hex, @dir), or takes them off when erasing. */
void     editor_hexside_drag_paint (EditorHexsideDrag *self,
                                    EditorDocument    *document,
                                    int                hex,
                                    int                dir,
                                    guint32            bits);
/* Closes the undo group and keeps self->last as where the stroke ended. */
void     editor_hexside_drag_end   (EditorHexsideDrag *self,
                                    EditorDocument    *document);

G_END_DECLS
