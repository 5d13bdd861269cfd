/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-window-input.c: the editing tools' input on the map canvas. The
 * window is the canvas's input owner (editor-canvas-input.h) while
 * editing; a playtest takes the canvas over while playing, so nothing
 * here asks which mode the window is in. */
#include "config.h"

#include "editor-inspector.h"
#include "editor-window-private.h"

static void
hover (EditorCanvasInput *input,
       int                hex,
       int                side_hex,
       int                side_dir)
{
  EditorWindow *self = EDITOR_WINDOW (input);

  self->hover_hex = hex;
  self->hover_side_hex = side_hex;
  self->hover_side_dir = side_dir;
  _editor_window_update_status (self);
  _editor_window_update_preview (self);
  editor_inspector_set_hex (EDITOR_INSPECTOR (self->inspector), hex, side_hex, side_dir);
}

static void
press (EditorCanvasInput *input,
       int                hex,
       double             map_x,
       double             map_y,
       guint              button,
       GdkModifierType    state)
{
  EditorWindow *self = EDITOR_WINDOW (input);

  if (self->document == NULL || self->tool == NULL)
    return;
  self->in_stroke = TRUE;
  editor_tool_begin (self->tool, self->document, hex, map_x, map_y, button);
}

static void
drag (EditorCanvasInput *input,
      int                hex,
      double             map_x,
      double             map_y)
{
  EditorWindow *self = EDITOR_WINDOW (input);

  if (self->document == NULL || self->tool == NULL || !self->in_stroke)
    return;
  editor_tool_update (self->tool, self->document, hex, map_x, map_y);
}

static void
release (EditorCanvasInput *input,
         int                hex,
         double             map_x,
         double             map_y)
{
  EditorWindow *self = EDITOR_WINDOW (input);

  if (self->document == NULL || self->tool == NULL || !self->in_stroke)
    return;
  self->in_stroke = FALSE;
  editor_tool_end (self->tool, self->document, hex, map_x, map_y);
  _editor_window_update_status (self);
  _editor_window_update_preview (self);
}

void
_editor_window_canvas_input_init (EditorCanvasInputInterface *iface)
{
  iface->hover = hover;
  iface->press = press;
  iface->drag = drag;
  iface->release = release;
}
