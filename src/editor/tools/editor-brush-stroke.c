/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "editor-brush-stroke.h"

void
editor_brush_stroke_init (EditorBrushStroke *self)
{
  self->painting = FALSE;
  self->last_hex = -1;
  self->end_hex = -1;
  self->line = g_array_new (FALSE, FALSE, sizeof (int));
  self->spiral = g_array_new (FALSE, FALSE, sizeof (int));
}

void
editor_brush_stroke_clear (EditorBrushStroke *self)
{
  g_clear_pointer (&self->line, g_array_unref);
  g_clear_pointer (&self->spiral, g_array_unref);
}

void
editor_brush_stroke_reset (EditorBrushStroke *self)
{
  self->end_hex = -1;
}

static void
paint_at (EditorBrushStroke    *self,
          EditorDocument       *document,
          int                   hex,
          int                   radius,
          EditorBrushPaintFunc  paint,
          gpointer              user_data)
{
  g_array_set_size (self->spiral, 0);
  sand_grid_spiral (sand_map_get_grid (editor_document_get_map (document)), hex, radius,
                    self->spiral);
  for (guint i = 0; i < self->spiral->len; i++)
    paint (document, g_array_index (self->spiral, int, i), user_data);
}

static void
paint_to (EditorBrushStroke    *self,
          EditorDocument       *document,
          int                   hex,
          int                   radius,
          EditorBrushPaintFunc  paint,
          gpointer              user_data)
{
  SandMap *map = editor_document_get_map (document);

  if (hex < 0 || hex == self->last_hex)
    return;

  /* One "changed" per motion event, not one per hex. */
  sand_map_freeze_changes (map);
  if (self->last_hex < 0)
    paint_at (self, document, hex, radius, paint, user_data);
  else
    {
      g_array_set_size (self->line, 0);
      sand_grid_line (sand_map_get_grid (map), self->last_hex, hex, self->line);
      for (guint i = 1; i < self->line->len; i++)
        paint_at (self, document, g_array_index (self->line, int, i), radius, paint, user_data);
    }
  sand_map_thaw_changes (map);
  self->last_hex = hex;
}

void
editor_brush_stroke_begin (EditorBrushStroke    *self,
                           EditorDocument       *document,
                           int                   hex,
                           int                   radius,
                           gboolean              continue_line,
                           const char           *label,
                           EditorBrushPaintFunc  paint,
                           gpointer              user_data)
{
  self->painting = TRUE;
  self->last_hex = continue_line ? self->end_hex : -1;
  editor_document_begin_edit (document, label);
  paint_to (self, document, hex, radius, paint, user_data);
}

void
editor_brush_stroke_update (EditorBrushStroke    *self,
                            EditorDocument       *document,
                            int                   hex,
                            int                   radius,
                            EditorBrushPaintFunc  paint,
                            gpointer              user_data)
{
  if (self->painting)
    paint_to (self, document, hex, radius, paint, user_data);
}

void
editor_brush_stroke_end (EditorBrushStroke    *self,
                         EditorDocument       *document,
                         int                   hex,
                         int                   radius,
                         EditorBrushPaintFunc  paint,
                         gpointer              user_data)
{
  if (!self->painting)
    return;
  paint_to (self, document, hex, radius, paint, user_data);
  self->painting = FALSE;
  self->end_hex = self->last_hex;
  editor_document_end_edit (document);
}
