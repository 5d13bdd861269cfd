/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-canvas-input.h: who the map canvas's pointer and keyboard clicks
 * are for.
 *
 * A canvas has one input owner at a time (editor_map_canvas_set_input):
 * the window's editing tools while editing, the playtest while playing;
 * the window hands the canvas over when its mode changes. The canvas's
 * "hover" and "edit-*" signals (a pointer, the hex cursor's keys, a test)
 * reach the owner only, so no handler needs to ask which mode it is in:
 * a click while playing never paints, one while editing never moves a
 * unit. A method left NULL ignores that input.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define EDITOR_TYPE_CANVAS_INPUT (editor_canvas_input_get_type ())
G_DECLARE_INTERFACE (EditorCanvasInput, editor_canvas_input, EDITOR, CANVAS_INPUT, GObject)

struct _EditorCanvasInputInterface
{
  GTypeInterface parent_iface;

  /* The pointer is over another hex or hexside; -1 when it left the map. */
  void (*hover)   (EditorCanvasInput *self,
                   int                hex,
                   int                side_hex,
                   int                side_dir);
  /* A primary or secondary press that is not a pan. */
  void (*press)   (EditorCanvasInput *self,
                   int                hex,
                   double             map_x,
                   double             map_y,
                   guint              button,
                   GdkModifierType    state);
  /* The press dragged on. */
  void (*drag)    (EditorCanvasInput *self,
                   int                hex,
                   double             map_x,
                   double             map_y);
  void (*release) (EditorCanvasInput *self,
                   int                hex,
                   double             map_x,
                   double             map_y);
};

void editor_canvas_input_hover   (EditorCanvasInput *self,
                                  int                hex,
                                  int                side_hex,
                                  int                side_dir);
void editor_canvas_input_press   (EditorCanvasInput *self,
                                  int                hex,
                                  double             map_x,
                                  double             map_y,
                                  guint              button,
                                  GdkModifierType    state);
void editor_canvas_input_drag    (EditorCanvasInput *self,
                                  int                hex,
                                  double             map_x,
                                  double             map_y);
void editor_canvas_input_release (EditorCanvasInput *self,
                                  int                hex,
                                  double             map_x,
                                  double             map_y);

G_END_DECLS
