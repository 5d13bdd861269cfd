/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-render-labels.c: hex ids and place names. */
#include "sand-renderer-private.h"

#include <math.h>

void
sand_render_ids (SandDrawCtx *ctx)
{
  SandRenderer *self = ctx->self;
  const SandGrid *grid = ctx->grid;
  gboolean flat = grid->orientation == SAND_ORIENTATION_FLAT;
  double dy = ctx->size * (flat ? 0.7 : 0.66);
  SandRgb ink = { 0.3, 0.29, 0.26 }, light = { 0.93, 0.92, 0.86 };
  char id[SAND_HEX_ID_MAX];

  sand_render_text (self, self->font_sans, ctx->size * 0.22, "0000");
  for (int row = ctx->row0; row <= ctx->row1; row++)
    for (int col = ctx->col0; col <= ctx->col1; col++)
      {
        SandPoint c = sand_grid_offset_center (grid, ctx->size, col, row);
        int hex = row * grid->cols + col;
        guint t = ctx->terrain[hex];

        sand_grid_format_id (grid, hex, id);
        pango_layout_set_text (self->layout, id, -1);
        sand_render_show_text (self, ctx->cr, c.x, c.y - dy,
                               t < self->n_terrains && self->terrain_dark[t] ? light : ink, 0);
      }
}

/* A fort's star stands for the town: no dot over it. */
static gboolean
has_fort (SandRenderer *self,
          SandMap      *map,
          int           hex)
{
  const SandMarkerRef *refs = (const SandMarkerRef *) self->marker_refs->data;

  for (guint i = sand_render_marker_lower (self, hex);
       i < self->marker_refs->len && refs[i].hex == hex; i++)
    if (sand_map_get_marker (map, refs[i].marker)->kind == SAND_MARKER_FORT)
      return TRUE;
  return FALSE;
}

void
sand_render_names (SandDrawCtx *ctx)
{
  SandRenderer *self = ctx->self;
  const SandGrid *grid = ctx->grid;
  cairo_t *cr = ctx->cr;
  int col0 = MAX (ctx->col0 - SAND_NAME_MARGIN_COLS, 0);
  int col1 = MIN (ctx->col1 + SAND_NAME_MARGIN_COLS, grid->cols - 1);
  int row0 = MAX (ctx->row0 - 1, 0);
  int row1 = MIN (ctx->row1 + 1, grid->rows - 1);
  SandRgb ink = { 0.13, 0.11, 0.1 };
  /* Names matter most zoomed out: they keep a legible size on screen for
   * as long as they fit the hex. */
  double font = CLAMP (9.0 / ctx->scale, ctx->size * 0.27, ctx->size * 0.5);

  if (font * ctx->scale < 6.5)
    return;

  /* Town dots first, so that no name hides under a neighbour's dot. */
  for (int row = row0; row <= row1; row++)
    for (int col = col0; col <= col1; col++)
      {
        int hex = row * grid->cols + col;
        const char *name = sand_map_get_place (ctx->map, hex);
        SandPoint c;

        if (name == NULL || *name == '\0' ||
            ((ctx->layers & SAND_LAYER_MARKERS) && has_fort (self, ctx->map, hex)))
          continue;
        c = sand_grid_offset_center (grid, ctx->size, col, row);
        if (self->n_terrains > ctx->terrain[hex] &&
            self->terrain_symbol[ctx->terrain[hex]] == SAND_TERRAIN_SYMBOL_CITY)
          cairo_rectangle (cr, c.x - ctx->size * 0.11, c.y - ctx->size * 0.11,
                           ctx->size * 0.22, ctx->size * 0.22);
        else
          {
            cairo_new_sub_path (cr);
            cairo_arc (cr, c.x, c.y, ctx->size * 0.09, 0, 2 * G_PI);
          }
      }
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_set_line_width (cr, ctx->size * 0.06);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_fill (cr);

  for (int row = row0; row <= row1; row++)
    for (int col = col0; col <= col1; col++)
      {
        int hex = row * grid->cols + col;
        const char *name = sand_map_get_place (ctx->map, hex);
        PangoRectangle logical;
        SandPoint c;

        if (name == NULL || *name == '\0')
          continue;
        c = sand_grid_offset_center (grid, ctx->size, col, row);
        sand_render_text (self, self->font_name, font, name);
        if (self->text_hidden)
          continue;
        pango_layout_set_width (self->layout,
                                (int) (ctx->size * SAND_NAME_WRAP_RADII * PANGO_SCALE));
        pango_layout_set_wrap (self->layout, PANGO_WRAP_WORD_CHAR);
        /* Hung from just under the town dot, however many lines it wraps to. */
        pango_layout_get_extents (self->layout, NULL, &logical);
        sand_render_show_text (self, cr, c.x,
                               c.y + ctx->size * 0.2 + logical.height / 2.0 / PANGO_SCALE,
                               ink, ctx->size * 0.06);
        pango_layout_set_width (self->layout, -1);
      }
}
