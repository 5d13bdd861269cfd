/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-render-overlay.c: what the playtest lays over the map — ranges and
 * areas washed and edged in their side's colour, marked hexes, arrows —
 * drawn on top of a rendered region. */
#include "sand-renderer-private.h"

#include <math.h>

static SandRgb
rgba_to_rgb (guint32 c,
             double *alpha)
{
  SandRgb rgb = { ((c >> 24) & 0xff) / 255.0, ((c >> 16) & 0xff) / 255.0,
                  ((c >> 8) & 0xff) / 255.0 };

  *alpha = (c & 0xff) / 255.0;
  return rgb;
}

/* An area's wash, then its outer edge: every side of one of its hexes
 * whose neighbour is outside it, drawn a little inside the hex (more for
 * each further area) so that two ranges meeting on a hexside both show. */
static void
draw_overlay_area (SandDrawCtx           *ctx,
                   const SandOverlayArea *area,
                   guint                  index,
                   guint32                fallback)
{
  SandRenderer *self = ctx->self;
  cairo_t *cr = ctx->cr;
  g_autoptr(GHashTable) members = g_hash_table_new (NULL, NULL);
  int n_hexes = sand_grid_n_hexes (ctx->grid);
  double k = 1.0 - 0.07 * (1 + index % 3);
  double alpha = 1;
  SandRgb rgb;

  if (area->hexes == NULL || area->n_hexes == 0)
    return;
  if (area->side >= 0 && (guint) area->side < self->n_sides)
    rgb = self->side_rgb[area->side];
  else
    rgb = rgba_to_rgb (fallback, &alpha);
  for (guint i = 0; i < area->n_hexes; i++)
    if (area->hexes[i] >= 0 && area->hexes[i] < n_hexes)
      g_hash_table_add (members, GINT_TO_POINTER (area->hexes[i] + 1));

  for (guint i = 0; i < area->n_hexes; i++)
    {
      int hex = area->hexes[i];
      int col, row;

      if (hex < 0 || hex >= n_hexes)
        continue;
      col = sand_grid_col (ctx->grid, hex);
      row = sand_grid_row (ctx->grid, hex);
      if (col < ctx->col0 || col > ctx->col1 || row < ctx->row0 || row > ctx->row1)
        continue;
      sand_render_hex_path (ctx, sand_grid_hex_center (ctx->grid, ctx->size, hex), 0);
    }
  sand_render_set_rgb (cr, rgb, 0.14 * alpha);
  cairo_fill (cr);

  for (guint i = 0; i < area->n_hexes; i++)
    {
      int hex = area->hexes[i];
      SandPoint c;
      int col, row;

      if (hex < 0 || hex >= n_hexes)
        continue;
      col = sand_grid_col (ctx->grid, hex);
      row = sand_grid_row (ctx->grid, hex);
      if (col < ctx->col0 || col > ctx->col1 || row < ctx->row0 || row > ctx->row1)
        continue;
      c = sand_grid_hex_center (ctx->grid, ctx->size, hex);
      for (int d = 0; d < 6; d++)
        {
          int nb = sand_grid_neighbour (ctx->grid, hex, d);
          SandPoint p = ctx->corner[d], q = ctx->corner[(d + 1) % 6];

          if (nb >= 0 && g_hash_table_contains (members, GINT_TO_POINTER (nb + 1)))
            continue;
          cairo_move_to (cr, c.x + p.x * k, c.y + p.y * k);
          cairo_line_to (cr, c.x + q.x * k, c.y + q.y * k);
        }
    }
  /* Dashed, so that a range's edge never reads as a river or a road. */
  {
    double dash[2] = { ctx->size * 0.32, ctx->size * 0.14 };

    cairo_set_dash (cr, dash, 2, 0);
    cairo_set_line_width (cr, MAX (ctx->size * 0.09, 2.0 / ctx->scale));
    sand_render_set_rgb (cr, sand_render_mix (rgb, (SandRgb) { 0, 0, 0 }, 0.25), 0.95 * alpha);
    cairo_stroke (cr);
    cairo_set_dash (cr, NULL, 0, 0);
  }
}

void
sand_renderer_draw_overlay (SandRenderer      *self,
                            cairo_t           *cr,
                            double             scale,
                            double             x0,
                            double             y0,
                            double             x1,
                            double             y1,
                            const SandOverlay *overlay)
{
  SandDrawCtx ctx;
  int n_hexes;

  g_return_if_fail (self != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (overlay != NULL);

  if (!sand_render_init_ctx (self, &ctx, cr, scale, x0, y0, x1, y1))
    return;
  n_hexes = sand_grid_n_hexes (ctx.grid);
  cairo_save (cr);
  cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
  cairo_clip (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  if (overlay->tint != NULL)
    {
      for (int row = ctx.row0; row <= ctx.row1; row++)
        for (int col = ctx.col0; col <= ctx.col1; col++)
          {
            int hex = row * ctx.grid->cols + col;
            guint32 t = overlay->tint[hex];
            double a;
            SandRgb rgb;

            if (t == 0)
              continue;
            rgb = rgba_to_rgb (t, &a);
            sand_render_hex_path (&ctx, sand_grid_offset_center (ctx.grid, ctx.size, col, row), 0);
            sand_render_set_rgb (cr, rgb, a);
            cairo_fill (cr);
          }
    }

  if (overlay->outline != NULL && overlay->n_outline > 0)
    {
      double a;
      SandRgb rgb = rgba_to_rgb (overlay->outline_color, &a);

      for (guint i = 0; i < overlay->n_outline; i++)
        {
          int hex = overlay->outline[i];
          int col, row;

          if (hex < 0 || hex >= n_hexes)
            continue;
          col = sand_grid_col (ctx.grid, hex);
          row = sand_grid_row (ctx.grid, hex);
          if (col < ctx.col0 || col > ctx.col1 || row < ctx.row0 || row > ctx.row1)
            continue;
          sand_render_hex_path (&ctx, sand_grid_hex_center (ctx.grid, ctx.size, hex), 0.06);
        }
      cairo_set_line_width (cr, MAX (ctx.size * 0.1, 2.0 / scale));
      sand_render_set_rgb (cr, rgb, a > 0 ? a : 1);
      cairo_stroke (cr);
    }

  for (guint a = 0; overlay->areas != NULL && a < overlay->n_areas; a++)
    draw_overlay_area (&ctx, &overlay->areas[a], a, overlay->outline_color);

  if (overlay->path != NULL && overlay->n_path > 1)
    {
      SandPoint last = { 0, 0 }, prev = { 0, 0 };
      double w = MAX (ctx.size * 0.12, 2.0 / scale);
      guint drawn = 0;

      for (guint i = 0; i < overlay->n_path; i++)
        {
          SandPoint p;

          if (overlay->path[i] < 0 || overlay->path[i] >= n_hexes)
            continue;
          p = sand_grid_hex_center (ctx.grid, ctx.size, overlay->path[i]);
          if (drawn++ == 0)
            cairo_move_to (cr, p.x, p.y);
          else
            cairo_line_to (cr, p.x, p.y);
          prev = last;
          last = p;
        }
      cairo_set_line_width (cr, w * 1.8);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.8);
      cairo_stroke_preserve (cr);
      cairo_set_line_width (cr, w);
      cairo_set_source_rgb (cr, 0.85, 0.15, 0.1);
      cairo_stroke (cr);
      if (drawn > 1)
        {
          double ang = atan2 (last.y - prev.y, last.x - prev.x);
          double l = ctx.size * 0.4;

          cairo_move_to (cr, last.x, last.y);
          cairo_line_to (cr, last.x - l * cos (ang - 0.45), last.y - l * sin (ang - 0.45));
          cairo_line_to (cr, last.x - l * cos (ang + 0.45), last.y - l * sin (ang + 0.45));
          cairo_close_path (cr);
          cairo_fill (cr);
        }
    }

  if (overlay->labels != NULL && ctx.px >= 10)
    {
      self->text_min = 5.0 / scale;
      SandRgb black = { 0.1, 0.1, 0.1 };

      pango_cairo_update_context (cr, self->pango);
      pango_layout_context_changed (self->layout);
      for (int row = ctx.row0; row <= ctx.row1; row++)
        for (int col = ctx.col0; col <= ctx.col1; col++)
          {
            const char *label = overlay->labels[row * ctx.grid->cols + col];
            SandPoint c;

            if (label == NULL || *label == '\0')
              continue;
            c = sand_grid_offset_center (ctx.grid, ctx.size, col, row);
            /* A badge ("Arrived", "Isolated") above the counter, in the
             * band between its top and the hex's, not across its values
             * (issue 17). */
            sand_render_text (self, self->font_bold, ctx.size * 0.26, label);
            sand_render_show_text (self, cr, c.x, c.y - ctx.size * 0.69, black,
                                   ctx.size * 0.06);
          }
    }
  cairo_restore (cr);
}
