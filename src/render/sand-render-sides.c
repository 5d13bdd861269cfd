/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-render-sides.c: features along hexsides (rivers, streams, ridges),
 * connections through them (roads, rails, hex centre to hex centre) and
 * bridges across them. */
#include "sand-renderer-private.h"

#include <math.h>

static inline SandPoint
center_of (SandDrawCtx *ctx,
           int          col,
           int          row)
{
  return sand_grid_offset_center (ctx->grid, ctx->size, col, row);
}

/* Calls @fn for every side owned by a hex in the range whose features
 * intersect @mask. Sides are stored once, under the hex that owns them:
 * directions 0–2, and edge sides whose other hex is off the map. */
typedef void (*SideFn) (SandDrawCtx *ctx, SandPoint c, int dir, guint32 features, gpointer data);

static void
foreach_side (SandDrawCtx *ctx,
              guint32      mask,
              SideFn       fn,
              gpointer     data)
{
  const SandGrid *grid = ctx->grid;

  for (int row = ctx->row0; row <= ctx->row1; row++)
    for (int col = ctx->col0; col <= ctx->col1; col++)
      {
        int hex = row * grid->cols + col;
        const guint32 *s = ctx->sides + (gsize) hex * 6;
        gboolean edge = col == 0 || row == 0 || col == grid->cols - 1 ||
                        row == grid->rows - 1;
        SandPoint c;

        if (((s[0] | s[1] | s[2] | (edge ? (s[3] | s[4] | s[5]) : 0)) & mask) == 0)
          continue;
        c = center_of (ctx, col, row);
        for (int d = 0; d < 6; d++)
          {
            if ((s[d] & mask) == 0)
              continue;
            if (d >= 3 && sand_grid_neighbour (grid, hex, d) != SAND_HEX_NONE)
              continue;
            fn (ctx, c, d, s[d], data);
          }
      }
}

static guint32
features_in_range (SandDrawCtx *ctx)
{
  guint32 all = 0;

  for (int row = ctx->row0; row <= ctx->row1; row++)
    {
      const guint32 *s = ctx->sides + (gsize) (row * ctx->grid->cols + ctx->col0) * 6;
      const guint32 *e = ctx->sides + (gsize) (row * ctx->grid->cols + ctx->col1 + 1) * 6;

      for (; s < e; s++)
        all |= *s;
    }
  return all;
}

static void
add_side_line (SandDrawCtx *ctx,
               SandPoint    c,
               int          dir,
               guint32      features,
               gpointer     data)
{
  cairo_move_to (ctx->cr, c.x + ctx->corner[dir].x, c.y + ctx->corner[dir].y);
  cairo_line_to (ctx->cr, c.x + ctx->corner[(dir + 1) % 6].x,
                 c.y + ctx->corner[(dir + 1) % 6].y);
}

static void
add_ridge_ticks (SandDrawCtx *ctx,
                 SandPoint    c,
                 int          dir,
                 guint32      features,
                 gpointer     data)
{
  SandPoint a = ctx->corner[dir], b = ctx->corner[(dir + 1) % 6];
  double dx = b.x - a.x, dy = b.y - a.y;
  double len = hypot (dx, dy);
  double nx = dy / len, ny = -dx / len; /* normal: away from this hex's centre */
  double t = ctx->size * 0.2;
  int n = 5;

  for (int i = 0; i < n; i++)
    {
      double f = (i + 0.5) / n;
      double x = c.x + a.x + dx * f, y = c.y + a.y + dy * f;

      /* Hachures fall away from the crest on the side of the owning hex's
       * neighbour, like the hill shading of a printed map. */
      cairo_move_to (ctx->cr, x - nx * t * 0.15, y - ny * t * 0.15);
      cairo_line_to (ctx->cr, x + nx * t, y + ny * t);
    }
}

void
sand_render_sides (SandDrawCtx *ctx)
{
  SandRenderer *self = ctx->self;
  cairo_t *cr = ctx->cr;
  guint32 present = features_in_range (ctx) & self->along_mask;
  double min_w = 1.0 / ctx->scale;

  if (present == 0)
    return;
  /* Ridges under the water, the broadest water under the narrowest. */
  static const SandSideStyle order[] = {
    SAND_SIDE_STYLE_RIDGE, SAND_SIDE_STYLE_LINE, SAND_SIDE_STYLE_RIVER, SAND_SIDE_STYLE_STREAM,
  };

  for (guint o = 0; o < G_N_ELEMENTS (order); o++)
    for (guint f = 0; f < self->n_features; f++)
      {
        guint32 bit = 1u << f;

        if ((present & bit) == 0 || self->feature_style[f] != order[o])
          continue;
        switch (order[o])
          {
          case SAND_SIDE_STYLE_RIVER:
            foreach_side (ctx, bit, add_side_line, NULL);
            sand_render_set_rgb (cr, self->feature_rgb[f], 1);
            cairo_set_line_width (cr, MAX (ctx->size * 0.17, 2.5 * min_w));
            cairo_stroke (cr);
            break;
          case SAND_SIDE_STYLE_STREAM:
            foreach_side (ctx, bit, add_side_line, NULL);
            sand_render_set_rgb (cr, self->feature_rgb[f], 1);
            cairo_set_line_width (cr, MAX (ctx->size * 0.075, 1.5 * min_w));
            cairo_stroke (cr);
            break;
          case SAND_SIDE_STYLE_RIDGE:
            foreach_side (ctx, bit, add_side_line, NULL);
            sand_render_set_rgb (cr, self->feature_rgb[f], 0.95);
            cairo_set_line_width (cr, MAX (ctx->size * 0.06, 1.5 * min_w));
            cairo_stroke (cr);
            if (ctx->px >= 14)
              {
                foreach_side (ctx, bit, add_ridge_ticks, NULL);
                cairo_set_line_width (cr, MAX (ctx->size * 0.035, min_w));
                cairo_stroke (cr);
              }
            break;
          case SAND_SIDE_STYLE_LINE:
          default:
            foreach_side (ctx, bit, add_side_line, NULL);
            sand_render_set_rgb (cr, self->feature_rgb[f], 1);
            cairo_set_line_width (cr, MAX (ctx->size * 0.07, 1.5 * min_w));
            cairo_stroke (cr);
            break;
          }
      }
}

/* Connections: each hex draws the half from its centre to the side's
 * midpoint, so a rectangle needs no hex outside its range to draw them. */
static void
add_half_connections (SandDrawCtx *ctx,
                      guint32      bit,
                      gboolean     ties)
{
  const SandGrid *grid = ctx->grid;
  cairo_t *cr = ctx->cr;

  for (int row = ctx->row0; row <= ctx->row1; row++)
    for (int col = ctx->col0; col <= ctx->col1; col++)
      {
        int hex = row * grid->cols + col;
        SandPoint c = { 0, 0 };
        gboolean have_c = FALSE, pending = FALSE;

        for (int d = 0; d < 6; d++)
          {
            int slot = d < 3 ? hex * 6 + d : sand_grid_side_slot (grid, hex, d);
            SandPoint m;

            if ((ctx->sides[slot] & bit) == 0)
              continue;
            if (!have_c)
              {
                c = center_of (ctx, col, row);
                have_c = TRUE;
              }
            m = sand_render_side_mid (ctx, c, d);
            if (!ties)
              {
                /* Spokes in pairs, as one polyline through the centre: half
                 * the subpaths, and a join instead of two caps. */
                if (pending)
                  {
                    cairo_line_to (cr, c.x, c.y);
                    cairo_line_to (cr, m.x, m.y);
                  }
                else
                  cairo_move_to (cr, m.x, m.y);
                pending = !pending;
              }
            else
              {
                double dx = m.x - c.x, dy = m.y - c.y;
                double len = hypot (dx, dy);
                double ux = dx / len, uy = dy / len;
                double t = ctx->size * 0.11;

                for (double s = 0.2; s < 0.9; s += 0.2)
                  {
                    double x = c.x + ux * ctx->size * s, y = c.y + uy * ctx->size * s;

                    cairo_move_to (cr, x - uy * t, y + ux * t);
                    cairo_line_to (cr, x + uy * t, y - ux * t);
                  }
              }
          }
        if (pending)
          cairo_line_to (cr, c.x, c.y);
      }
}

void
sand_render_connections (SandDrawCtx *ctx)
{
  SandRenderer *self = ctx->self;
  cairo_t *cr = ctx->cr;
  guint32 present = features_in_range (ctx) & self->connection_mask;
  double min_w = 1.0 / ctx->scale;
  static const SandSideStyle order[] = {
    SAND_SIDE_STYLE_TRACK, SAND_SIDE_STYLE_ROAD, SAND_SIDE_STYLE_RAIL,
  };

  if (present == 0)
    return;
  /* Butt caps: two halves meet end to end at the side's midpoint, and caps
   * are arcs that cost as much as the line. */
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  for (guint o = 0; o < G_N_ELEMENTS (order); o++)
    for (guint f = 0; f < self->n_features; f++)
      {
        guint32 bit = 1u << f;
        SandRgb rgb = self->feature_rgb[f];

        if ((present & bit) == 0 || self->feature_style[f] != order[o])
          continue;
        add_half_connections (ctx, bit, FALSE);
        switch (order[o])
          {
          case SAND_SIDE_STYLE_TRACK:
            {
              double dash[2] = { ctx->size * 0.12, ctx->size * 0.08 };

              cairo_set_dash (cr, dash, 2, 0);
              sand_render_set_rgb (cr, rgb, 1);
              cairo_set_line_width (cr, MAX (ctx->size * 0.05, min_w));
              cairo_stroke (cr);
              cairo_set_dash (cr, NULL, 0, 0);
            }
            break;
          case SAND_SIDE_STYLE_RAIL:
            sand_render_set_rgb (cr, rgb, 1);
            cairo_set_line_width (cr, MAX (ctx->size * 0.055, 1.2 * min_w));
            cairo_stroke (cr);
            if (ctx->px >= 14)
              {
                add_half_connections (ctx, bit, TRUE);
                cairo_set_line_width (cr, MAX (ctx->size * 0.035, 0.8 * min_w));
                cairo_stroke (cr);
              }
            break;
          case SAND_SIDE_STYLE_ROAD:
          default:
            if (ctx->px >= 8)
              {
                /* A cased road, as printed maps draw them. */
                sand_render_set_rgb (cr, sand_render_mix (rgb, (SandRgb) { 0, 0, 0 }, 0.45), 1);
                cairo_set_line_width (cr, ctx->size * 0.14);
                cairo_stroke_preserve (cr);
                sand_render_set_rgb (cr, sand_render_mix (rgb, (SandRgb) { 1, 0.95, 0.85 }, 0.2),
                                     1);
                cairo_set_line_width (cr, ctx->size * 0.08);
              }
            else
              {
                sand_render_set_rgb (cr, rgb, 1);
                cairo_set_line_width (cr, MAX (ctx->size * 0.1, min_w));
              }
            cairo_stroke (cr);
            break;
          }
      }
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
}

static void
draw_bridge (SandDrawCtx *ctx,
             SandPoint    c,
             int          dir,
             guint32      features,
             gpointer     data)
{
  cairo_t *cr = ctx->cr;
  SandPoint m = sand_render_side_mid (ctx, c, dir);
  double ang = atan2 (m.y - c.y, m.x - c.x);
  double l = ctx->size * 0.24, w = ctx->size * 0.1, f = ctx->size * 0.08;

  cairo_save (cr);
  cairo_translate (cr, m.x, m.y);
  cairo_rotate (cr, ang);
  /* Deck along the crossing, parapets with splayed ends. */
  cairo_rectangle (cr, -l, -w, 2 * l, 2 * w);
  cairo_set_source_rgb (cr, 0.96, 0.93, 0.85);
  cairo_fill (cr);
  cairo_move_to (cr, -l - f, -w - f);
  cairo_line_to (cr, -l, -w);
  cairo_line_to (cr, l, -w);
  cairo_line_to (cr, l + f, -w - f);
  cairo_move_to (cr, -l - f, w + f);
  cairo_line_to (cr, -l, w);
  cairo_line_to (cr, l, w);
  cairo_line_to (cr, l + f, w + f);
  cairo_set_source_rgb (cr, 0.12, 0.12, 0.12);
  cairo_set_line_width (cr, MAX (ctx->size * 0.04, 0.8 / ctx->scale));
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
sand_render_bridges (SandDrawCtx *ctx)
{
  SandRenderer *self = ctx->self;
  guint32 mask = 0;

  for (guint f = 0; f < self->n_features; f++)
    if (self->feature_style[f] == SAND_SIDE_STYLE_BRIDGE)
      mask |= 1u << f;
  if (mask == 0 || (features_in_range (ctx) & mask) == 0)
    return;
  foreach_side (ctx, mask, draw_bridge, NULL);
}
