/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "editor-hexside-drag.h"

void
editor_hexside_drag_init (EditorHexsideDrag *self)
{
  self->painting = FALSE;
  self->erasing = FALSE;
  self->last = -1;
  self->end = -1;
}

void
editor_hexside_drag_reset (EditorHexsideDrag *self)
{
  self->end = -1;
}

gboolean
editor_hexside_drag_begin (EditorHexsideDrag *self,
                           EditorTool        *tool,
                           EditorDocument    *document,
                           gboolean           erase,
                           guint              button,
                           const char        *draw_label,
                           const char        *erase_label)
{
  self->painting = TRUE;
  self->erasing = erase || button == GDK_BUTTON_SECONDARY;
  self->last = -1;
  editor_document_begin_edit (document, self->erasing ? erase_label : draw_label);
  return (editor_tool_get_modifiers (tool) & GDK_SHIFT_MASK) && self->end >= 0;
}

void
editor_hexside_drag_paint (EditorHexsideDrag *self,
                           EditorDocument    *document,
                           int                hex,
                           int                dir,
                           guint32            bits)
{
  guint32 features = sand_map_get_side (editor_document_get_map (document), hex, dir);

  editor_document_set_side (document, hex, dir,
                            self->erasing ? (features & ~bits) : (features | bits));
}

void
editor_hexside_drag_end (EditorHexsideDrag *self,
                         EditorDocument    *document)
{
  self->painting = FALSE;
  self->end = self->last;
  editor_document_end_edit (document);
}
