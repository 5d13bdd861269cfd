/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-canvas-input.c: the map canvas's input owner (editor-canvas-input.h). */
#include "config.h"

#include "editor-canvas-input.h"

G_DEFINE_INTERFACE (EditorCanvasInput, editor_canvas_input, G_TYPE_OBJECT)

static void
editor_canvas_input_default_init (EditorCanvasInputInterface *iface)
{
}

void
editor_canvas_input_hover (EditorCanvasInput *self,
                           int                hex,
                           int                side_hex,
                           int                side_dir)
{
  g_return_if_fail (EDITOR_IS_CANVAS_INPUT (self));

  EditorCanvasInputInterface *iface = EDITOR_CANVAS_INPUT_GET_IFACE (self);
  if (iface->hover != NULL)
    iface->hover (self, hex, side_hex, side_dir);
}

void
editor_canvas_input_press (EditorCanvasInput *self,
                           int                hex,
                           double             map_x,
                           double             map_y,
                           guint              button,
                           GdkModifierType    state)
{
  g_return_if_fail (EDITOR_IS_CANVAS_INPUT (self));

  EditorCanvasInputInterface *iface = EDITOR_CANVAS_INPUT_GET_IFACE (self);
  if (iface->press != NULL)
    iface->press (self, hex, map_x, map_y, button, state);
}

void
editor_canvas_input_drag (EditorCanvasInput *self,
                          int                hex,
                          double             map_x,
                          double             map_y)
{
  g_return_if_fail (EDITOR_IS_CANVAS_INPUT (self));

  EditorCanvasInputInterface *iface = EDITOR_CANVAS_INPUT_GET_IFACE (self);
  if (iface->drag != NULL)
    iface->drag (self, hex, map_x, map_y);
}

void
editor_canvas_input_release (EditorCanvasInput *self,
                             int                hex,
                             double             map_x,
                             double             map_y)
{
  g_return_if_fail (EDITOR_IS_CANVAS_INPUT (self));

  EditorCanvasInputInterface *iface = EDITOR_CANVAS_INPUT_GET_IFACE (self);
  if (iface->release != NULL)
    iface->release (self, hex, map_x, map_y);
}
