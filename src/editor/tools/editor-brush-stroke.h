/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-brush-stroke.h: the stroke of a hex brush (terrain, country):
 * each hex under the drag gets the brush's spiral of hexes, following the
 * hex line between motion events so a fast drag leaves no holes, and a
 * Shift+click continues from where the last stroke ended. The tool says
 * what painting one hex means. */
#pragma once

#include "editor-document.h"

G_BEGIN_DECLS

typedef void (*EditorBrushPaintFunc) (EditorDocument *document,
                                      int             hex,
                                      gpointer        user_data);

typedef struct {
  gboolean painting;
  int last_hex;
  int end_hex;    /* where the last stroke ended, for Shift+click lines */
  GArray *line;   /* reused so a drag does not allocate */
  GArray *spiral;
} EditorBrushStroke;

void editor_brush_stroke_init   (EditorBrushStroke    *self);
void editor_brush_stroke_clear  (EditorBrushStroke    *self);
/* Forgets where the last stroke ended (a new map). */
void editor_brush_stroke_reset  (EditorBrushStroke    *self);
/* Opens an undo group labelled @label and paints under @hex. */
void editor_brush_stroke_begin  (EditorBrushStroke    *self,
                                 EditorDocument       *document,
                                 int                   hex,
                                 int                   radius,
                                 gboolean              continue_line,
                                 const char           *label,
                                 EditorBrushPaintFunc  paint,
                                 gpointer              user_data);
void editor_brush_stroke_update (EditorBrushStroke    *self,
                                 EditorDocument       *document,
                                 int                   hex,
                                 int                   radius,
                                 EditorBrushPaintFunc  paint,
                                 gpointer              user_data);
void editor_brush_stroke_end    (EditorBrushStroke    *self,
                                 EditorDocument       *document,
                                 int                   hex,
                                 int                   radius,
                                 EditorBrushPaintFunc  paint,
                                 gpointer              user_data);

G_END_DECLS
