/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-render-terrain.c: hex fills, terrain symbols, the grid and national
 * boundaries. Each pass builds one path per colour and fills or strokes it
 * once: cairo's cost is per operation far more than per path segment. */
#include "sand-renderer-private.h"

#include <math.h>
#include <string.h>

#define SQRT3 1.7320508075688772

static inline SandPoint
center_of (SandDrawCtx *ctx,
           int          col,
           int          row)
{
  return sand_grid_offset_center (ctx->grid, ctx->size, col, row);
}

/* The grid is not stroked: the map is first filled with the grid's colour
 * and each hex is then filled inset by half a grid line, so the gaps are
 * the grid. Tens of thousands of stroked sides cost more than the whole
 * terrain; this costs one more fill. Without the grid, the base is the
 * commonest terrain, which also hides the antialiasing seams between two
 * neighbouring fills. */
static double
grid_width (SandDrawCtx *ctx)
{
  return MAX (ctx->size * 0.024, 0.6 / ctx->scale);
}

static SandRgb
grid_rgb (SandDrawCtx *ctx,
          SandRgb      under)
{
  const SandRgb ink = { 0.33, 0.32, 0.28 };

  return sand_render_mix (under, ink, ctx->px < 8 ? 0.35 : 0.6);
}

/* Fills every hex of the range. The inside of the map is a rectangle,
 * which cairo fills an order of magnitude faster than as many hexagons;
 * only the hexes along the map's jagged edges are filled as hexagons. */
static void
base_fill (SandDrawCtx *ctx,
           SandRgb      rgb)
{
  cairo_t *cr = ctx->cr;
  const SandGrid *grid = ctx->grid;
  gboolean flat = grid->orientation == SAND_ORIENTATION_FLAT;
  double w, h, ix, iy;
  double x0, y0, x1, y1;

  sand_grid_pixel_size (grid, ctx->size, &w, &h);
  ix = flat ? ctx->size * 0.5 : ctx->size * SQRT3 / 2;
  iy = flat ? ctx->size * SQRT3 / 2 : ctx->size * 0.5;
  x0 = MAX (ix, ctx->x0);
  y0 = MAX (iy, ctx->y0);
  x1 = MIN (w - ix, ctx->x1);
  y1 = MIN (h - iy, ctx->y1);
  sand_render_set_rgb (cr, rgb, 1);
  if (x1 > x0 && y1 > y0)
    {
      cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
      cairo_fill (cr);
    }
  for (int row = ctx->row0; row <= ctx->row1; row++)
    for (int col = ctx->col0; col <= ctx->col1; col++)
      {
        if (col != 0 && row != 0 && col != grid->cols - 1 && row != grid->rows - 1)
          {
            col = grid->cols - 2; /* skip to the right edge */
            continue;
          }
        sand_render_hex_path (ctx, center_of (ctx, col, row), 0);
      }
  cairo_fill (cr);
}

void
sand_render_terrain (SandDrawCtx *ctx)
{
  SandRenderer *self = ctx->self;
  cairo_t *cr = ctx->cr;
  guint present[256] = { 0 };
  int cols = ctx->grid->cols;
  gboolean grid = (ctx->layers & SAND_LAYER_GRID) != 0;
  guint common = 0;
  double inset = 0;
  SandRgb base;

  for (int row = ctx->row0; row <= ctx->row1; row++)
    for (int col = ctx->col0; col <= ctx->col1; col++)
      present[ctx->terrain[row * cols + col]]++;
  self->stats.hexes = (guint) ((ctx->row1 - ctx->row0 + 1) * (ctx->col1 - ctx->col0 + 1));
  for (guint t = 1; t < 256; t++)
    if (present[t] > present[common])
      common = t;

  base = common < self->n_terrains ? self->terrain_rgb[common] : (SandRgb) { 0.8, 0.8, 0.8 };
  if (grid)
    {
      /* The grid's colour comes from the whole map, so that tiles and
       * export bands drawn apart meet without a seam. */
      if (self->grid_terrain < 0)
        {
          guint all[256] = { 0 };
          gsize n = (gsize) cols * ctx->grid->rows;

          self->grid_terrain = 0;
          for (gsize i = 0; i < n; i++)
            all[ctx->terrain[i]]++;
          for (guint t = 1; t < 256; t++)
            if (all[t] > all[self->grid_terrain])
              self->grid_terrain = (int) t;
        }
      base = (guint) self->grid_terrain < self->n_terrains ? self->terrain_rgb[self->grid_terrain]
                                                           : (SandRgb) { 0.8, 0.8, 0.8 };
      base = grid_rgb (ctx, base);
      inset = grid_width (ctx) / 2 / (ctx->size * SQRT3 / 2);
    }
  base_fill (ctx, base);

  for (guint t = 0; t < 256; t++)
    {
      if (present[t] == 0 || (!grid && t == common))
        continue;
      for (int row = ctx->row0; row <= ctx->row1; row++)
        for (int col = ctx->col0; col <= ctx->col1; col++)
          if (ctx->terrain[row * cols + col] == t)
            sand_render_hex_path (ctx, center_of (ctx, col, row), inset);
      sand_render_set_rgb (cr, t < self->n_terrains ? self->terrain_rgb[t]
                                                    : (SandRgb) { 0.8, 0.8, 0.8 }, 1);
      cairo_fill (cr);
    }
}

/* The lowest level of detail: one block of colour per hex, blitted with
 * nearest-neighbour filtering. Hexes become rectangles two half-rows high,
 * shifted like their columns, which is right at three pixels a hex. */
void
sand_render_terrain_pixels (SandDrawCtx *ctx)
{
  SandRenderer *self = ctx->self;
  cairo_t *cr = ctx->cr;
  const SandGrid *grid = ctx->grid;
  gboolean flat = grid->orientation == SAND_ORIENTATION_FLAT;
  int lines0 = flat ? ctx->col0 : ctx->row0;
  int lines1 = flat ? ctx->col1 : ctx->row1;
  int along0 = flat ? ctx->row0 : ctx->col0;
  int along1 = flat ? ctx->row1 : ctx->col1;
  int n_lines = lines1 - lines0 + 1;
  int n_cells = 2 * (along1 - along0 + 1) + 1;
  int w = flat ? n_lines : n_cells;
  int h = flat ? n_cells : n_lines;
  int stride = cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, w);
  guint32 palette[256];
  cairo_surface_t *surface;
  cairo_pattern_t *pattern;
  cairo_matrix_t m;
  double pitch = 1.5 * ctx->size, half = SQRT3 / 2 * ctx->size;
  SandPoint c00 = center_of (ctx, 0, 0), c11 = center_of (ctx, 1, 1);
  gsize needed = (gsize) stride / 4 * h;

  self->stats.hexes = (guint) ((ctx->row1 - ctx->row0 + 1) * (ctx->col1 - ctx->col0 + 1));
  if (self->lod_capacity < needed)
    {
      g_free (self->lod_pixels);
      self->lod_pixels = g_new (guint32, needed);
      self->lod_capacity = needed;
    }
  memset (self->lod_pixels, 0, needed * 4);

  for (guint t = 0; t < 256; t++)
    {
      SandRgb c = t < self->n_terrains ? self->terrain_rgb[t] : (SandRgb) { 0.8, 0.8, 0.8 };

      palette[t] = 0xff000000u | ((guint32) (c.r * 255) << 16) |
                   ((guint32) (c.g * 255) << 8) | (guint32) (c.b * 255);
    }

  for (int line = lines0; line <= lines1; line++)
    {
      /* Whether this column (row) sits half a hex lower (righter) than
       * the unshifted ones; line 0 or line 1 is unshifted. */
      SandPoint c = flat ? center_of (ctx, line, 0) : center_of (ctx, 0, line);
      int shift = flat ? (c.y - MIN (c00.y, c11.y - 2 * half) > half * 0.5)
                       : (c.x - MIN (c00.x, c11.x - 2 * half) > half * 0.5);

      for (int a = along0; a <= along1; a++)
        {
          int col = flat ? line : a, row = flat ? a : line;
          guint32 v = palette[ctx->terrain[row * grid->cols + col]];
          int cell = 2 * (a - along0) + shift;

          if (flat)
            {
              guint32 *p = self->lod_pixels + (gsize) cell * (stride / 4) + (line - lines0);

              p[0] = v;
              p[stride / 4] = v;
            }
          else
            {
              guint32 *p = self->lod_pixels + (gsize) (line - lines0) * (stride / 4) + cell;

              p[0] = v;
              p[1] = v;
            }
        }
    }

  surface = cairo_image_surface_create_for_data ((unsigned char *) self->lod_pixels,
                                                 CAIRO_FORMAT_ARGB32, w, h, stride);
  pattern = cairo_pattern_create_for_surface (surface);
  cairo_pattern_set_filter (pattern, CAIRO_FILTER_NEAREST);
  /* Pattern space is pixels of the buffer; user space is map units. */
  if (flat)
    {
      cairo_matrix_init_scale (&m, 1 / pitch, 1 / half);
      cairo_matrix_translate (&m, -(ctx->size * 0.25 + pitch * lines0), -(half * 2 * along0));
    }
  else
    {
      cairo_matrix_init_scale (&m, 1 / half, 1 / pitch);
      cairo_matrix_translate (&m, -(half * 2 * along0), -(ctx->size * 0.25 + pitch * lines0));
    }
  cairo_pattern_set_matrix (pattern, &m);
  cairo_set_source (cr, pattern);
  cairo_paint (cr);
  cairo_pattern_destroy (pattern);
  cairo_surface_finish (surface);
  cairo_surface_destroy (surface);
}

/* Symbols: a handful of strokes per hex, placed with a little per-hex
 * jitter so that a forest does not look like wallpaper. */

static inline guint32
hex_hash (int hex)
{
  guint32 h = (guint32) hex * 2654435761u;

  h ^= h >> 15;
  h *= 2246822519u;
  h ^= h >> 13;
  return h;
}

static inline double
jitter (guint32 h,
        int     k)
{
  return (((h >> ((k % 8) * 4)) & 0xf) / 15.0 - 0.5);
}

static void
add_forest (cairo_t  *cr,
            SandPoint c,
            double    r,
            guint32   h)
{
  static const double spots[][2] = {
    { -0.42, -0.22 }, { -0.05, -0.48 }, { 0.38, -0.26 }, { 0.5, 0.16 },
    { -0.5, 0.2 }, { 0.12, 0.44 }, { -0.22, 0.5 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (spots); i++)
    {
      double x = c.x + r * (spots[i][0] + 0.08 * jitter (h, i));
      double y = c.y + r * (spots[i][1] + 0.08 * jitter (h, i + 1));
      double rr = r * (0.13 + 0.03 * jitter (h, i + 2));

      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, rr, 0, 2 * G_PI);
    }
}

static void
add_rough (cairo_t  *cr,
           SandPoint c,
           double    r,
           guint32   h)
{
  static const double spots[][2] = { { -0.4, -0.25 }, { 0.32, -0.35 }, { 0.42, 0.28 },
                                     { -0.3, 0.38 } };

  for (guint i = 0; i < G_N_ELEMENTS (spots); i++)
    {
      double x = c.x + r * (spots[i][0] + 0.1 * jitter (h, i));
      double y = c.y + r * (spots[i][1] + 0.1 * jitter (h, i + 3));
      double w = r * 0.17;

      /* A small hill: an arc with two hachures under it. */
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y + w * 0.6, w, G_PI * 1.15, G_PI * 1.85);
      cairo_move_to (cr, x - w * 0.35, y + w * 0.05);
      cairo_line_to (cr, x - w * 0.5, y + w * 0.45);
      cairo_move_to (cr, x + w * 0.35, y + w * 0.05);
      cairo_line_to (cr, x + w * 0.5, y + w * 0.45);
    }
}

static void
add_mountain (cairo_t  *cr,
              SandPoint c,
              double    r,
              guint32   h)
{
  static const double spots[][2] = { { -0.3, 0.05 }, { 0.25, -0.15 }, { 0.15, 0.4 } };

  for (guint i = 0; i < G_N_ELEMENTS (spots); i++)
    {
      double x = c.x + r * (spots[i][0] + 0.08 * jitter (h, i));
      double y = c.y + r * spots[i][1];
      double w = r * 0.26;

      cairo_move_to (cr, x - w, y + w * 0.6);
      cairo_line_to (cr, x, y - w * 0.7);
      cairo_line_to (cr, x + w, y + w * 0.6);
    }
}

static void
add_marsh (cairo_t  *cr,
           SandPoint c,
           double    r,
           guint32   h)
{
  static const double spots[][2] = { { -0.4, -0.3 }, { 0.3, -0.38 }, { 0.45, 0.15 },
                                     { -0.45, 0.22 }, { 0.0, 0.45 } };

  for (guint i = 0; i < G_N_ELEMENTS (spots); i++)
    {
      double x = c.x + r * (spots[i][0] + 0.1 * jitter (h, i));
      double y = c.y + r * spots[i][1];
      double w = r * 0.16;

      cairo_move_to (cr, x - w, y);
      cairo_line_to (cr, x + w, y);
      cairo_move_to (cr, x - w * 0.45, y - w * 0.15);
      cairo_line_to (cr, x - w * 0.6, y - w * 0.65);
      cairo_move_to (cr, x, y - w * 0.15);
      cairo_line_to (cr, x, y - w * 0.8);
      cairo_move_to (cr, x + w * 0.45, y - w * 0.15);
      cairo_line_to (cr, x + w * 0.6, y - w * 0.65);
    }
}

static void
add_village (cairo_t  *cr,
             SandPoint c,
             double    r,
             guint32   h,
             gboolean  city)
{
  static const double spots[][2] = { { -0.3, -0.3 }, { 0.3, -0.32 }, { 0.36, 0.22 },
                                     { -0.34, 0.26 }, { 0.0, -0.5 } };
  guint n = city ? G_N_ELEMENTS (spots) : 3;

  for (guint i = 0; i < n; i++)
    {
      double x = c.x + r * (spots[i][0] + 0.08 * jitter (h, i));
      double y = c.y + r * (spots[i][1] + 0.08 * jitter (h, i + 2));
      double w = r * (city ? 0.16 : 0.11) * (1 + 0.3 * jitter (h, i + 4));

      cairo_rectangle (cr, x - w, y - w * 0.7, 2 * w, 1.4 * w);
    }
}

static void
add_water (cairo_t  *cr,
           SandPoint c,
           double    r)
{
  for (int i = -1; i <= 1; i++)
    {
      double y = c.y + r * 0.32 * i;
      double x = c.x - r * 0.3 + (i == 0 ? r * 0.12 : 0);
      double w = r * 0.18;

      cairo_move_to (cr, x - w, y);
      cairo_curve_to (cr, x - w * 0.5, y - w * 0.5, x, y - w * 0.5, x, y);
      cairo_curve_to (cr, x + w * 0.5, y + w * 0.5, x + w, y + w * 0.5, x + w, y);
      cairo_curve_to (cr, x + w * 1.5, y - w * 0.5, x + w * 2, y - w * 0.5, x + 2 * w, y);
    }
}

static void
add_symbol (cairo_t           *cr,
            SandTerrainSymbol  s,
            SandPoint          c,
            double             r,
            guint32            h)
{
  switch (s)
    {
    case SAND_TERRAIN_SYMBOL_FOREST: add_forest (cr, c, r, h); break;
    case SAND_TERRAIN_SYMBOL_ROUGH: add_rough (cr, c, r, h); break;
    case SAND_TERRAIN_SYMBOL_MOUNTAIN: add_mountain (cr, c, r, h); break;
    case SAND_TERRAIN_SYMBOL_MARSH: add_marsh (cr, c, r, h); break;
    case SAND_TERRAIN_SYMBOL_VILLAGE: add_village (cr, c, r, h, FALSE); break;
    case SAND_TERRAIN_SYMBOL_CITY: add_village (cr, c, r, h, TRUE); break;
    case SAND_TERRAIN_SYMBOL_WATER: add_water (cr, c, r); break;
    case SAND_TERRAIN_SYMBOL_NONE:
    case SAND_N_TERRAIN_SYMBOLS:
    default: break;
    }
}

static void
stroke_in (cairo_t *cr,
           SandRgb  color,
           double   alpha,
           double   width)
{
  sand_render_set_rgb (cr, color, alpha);
  cairo_set_line_width (cr, width);
  cairo_stroke (cr);
}

/* Inks the current path of symbols, in a shade of the terrain's own colour
 * so that they read as texture, not as clutter. */
static void
ink_symbols (cairo_t           *cr,
             SandTerrainSymbol  s,
             SandRgb            fill,
             double             size)
{
  const SandRgb black = { 0, 0, 0 }, white = { 1, 1, 1 };
  const SandRgb ink_water = { 0.1, 0.25, 0.5 }, ink_marsh = { 0.08, 0.3, 0.35 };
  const SandRgb roofs = { 0.62, 0.25, 0.18 };

  switch (s)
    {
    case SAND_TERRAIN_SYMBOL_FOREST:
      sand_render_set_rgb (cr, sand_render_mix (fill, sand_render_is_dark (fill) ? white : black,
                                                0.15), 0.9);
      cairo_fill_preserve (cr);
      stroke_in (cr, sand_render_mix (fill, black, 0.5), 0.9, size * 0.025);
      break;
    case SAND_TERRAIN_SYMBOL_ROUGH:
      stroke_in (cr, sand_render_mix (fill, black, 0.5), 0.9, size * 0.035);
      break;
    case SAND_TERRAIN_SYMBOL_MOUNTAIN:
      stroke_in (cr, sand_render_mix (fill, black, 0.55), 0.9, size * 0.045);
      break;
    case SAND_TERRAIN_SYMBOL_MARSH:
      stroke_in (cr, sand_render_mix (fill, ink_marsh, 0.6), 0.9, size * 0.03);
      break;
    case SAND_TERRAIN_SYMBOL_VILLAGE:
    case SAND_TERRAIN_SYMBOL_CITY:
      /* Roofs: red on a pale fill, a darker shade on a coloured one. */
      sand_render_set_rgb (cr, sand_render_is_dark (fill) ? sand_render_mix (fill, black, 0.45)
                                                          : roofs, 0.95);
      cairo_fill_preserve (cr);
      stroke_in (cr, sand_render_mix (fill, black, 0.7), 0.9, size * 0.02);
      break;
    case SAND_TERRAIN_SYMBOL_WATER:
      stroke_in (cr, sand_render_mix (fill, ink_water, 0.5), 0.8, size * 0.03);
      break;
    case SAND_TERRAIN_SYMBOL_NONE:
    case SAND_N_TERRAIN_SYMBOLS:
    default:
      cairo_new_path (cr);
      break;
    }
}

static double
symbol_radius (SandDrawCtx *ctx)
{
  return ctx->size * (ctx->grid->orientation == SAND_ORIENTATION_FLAT ? 1.0 : 0.95);
}

/* On raster targets each terrain's symbols are drawn once per zoom, in a
 * few variants, and stamped into the hexes: vector symbols cost ten times
 * the terrain fills. Vector targets (SVG, PDF) get vectors. */
void
sand_render_free_sprites (SandRenderer *self)
{
  if (self->sprites == NULL)
    return;
  for (guint i = 0; i < self->n_terrains * SAND_SPRITE_VARIANTS; i++)
    if (self->sprites[i] != NULL)
      cairo_pattern_destroy (self->sprites[i]);
  g_clear_pointer (&self->sprites, g_free);
}

static void
ensure_sprites (SandDrawCtx *ctx,
                double       dev_scale)
{
  SandRenderer *self = ctx->self;
  double r = symbol_radius (ctx);
  int side = (int) ceil (2 * ctx->size * dev_scale) + 4;

  if (self->sprites != NULL && fabs (self->sprite_scale - dev_scale) < 1e-9 * dev_scale &&
      self->sprite_size == ctx->size)
    return;
  sand_render_free_sprites (self);
  self->sprites = g_new0 (cairo_pattern_t *, MAX (self->n_terrains, 1) * SAND_SPRITE_VARIANTS);
  self->sprite_scale = dev_scale;
  self->sprite_size = ctx->size;
  self->sprite_half = side / 2.0;
  for (guint t = 0; t < self->n_terrains; t++)
    {
      if (self->terrain_symbol[t] == SAND_TERRAIN_SYMBOL_NONE)
        continue;
      for (guint v = 0; v < SAND_SPRITE_VARIANTS; v++)
        {
          cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, side, side);
          cairo_t *scr = cairo_create (surface);
          SandPoint o = { 0, 0 };

          cairo_translate (scr, self->sprite_half, self->sprite_half);
          cairo_scale (scr, dev_scale, dev_scale);
          cairo_set_line_cap (scr, CAIRO_LINE_CAP_ROUND);
          cairo_set_line_join (scr, CAIRO_LINE_JOIN_ROUND);
          add_symbol (scr, self->terrain_symbol[t], o, r, hex_hash ((int) (v * 7919 + t)));
          ink_symbols (scr, self->terrain_symbol[t], self->terrain_rgb[t], ctx->size);
          cairo_destroy (scr);
          self->sprites[t * SAND_SPRITE_VARIANTS + v] = cairo_pattern_create_for_surface (surface);
          cairo_pattern_set_filter (self->sprites[t * SAND_SPRITE_VARIANTS + v],
                                    CAIRO_FILTER_BILINEAR);
          cairo_surface_destroy (surface);
        }
    }
}

void
sand_render_terrain_symbols (SandDrawCtx *ctx)
{
  SandRenderer *self = ctx->self;
  cairo_t *cr = ctx->cr;
  int cols = ctx->grid->cols;
  double r = symbol_radius (ctx);
  guint present[256] = { 0 };
  gboolean raster = cairo_surface_get_type (cairo_get_target (cr)) == CAIRO_SURFACE_TYPE_IMAGE;
  double dx = 1, dy = 0, dev_scale;
  cairo_matrix_t ctm;

  for (int row = ctx->row0; row <= ctx->row1; row++)
    for (int col = ctx->col0; col <= ctx->col1; col++)
      present[ctx->terrain[row * cols + col]]++;

  /* Stamping needs a plain scale and translation to the device. */
  cairo_get_matrix (cr, &ctm);
  cairo_user_to_device_distance (cr, &dx, &dy);
  dev_scale = hypot (dx, dy);
  if (ctm.xy != 0 || ctm.yx != 0 || fabs (ctm.xx - ctm.yy) > 1e-9 * fabs (ctm.xx))
    raster = FALSE;
  /* Zoomed far in, few hexes show and stamps would be megabytes each. */
  if (dev_scale * ctx->size > 160)
    raster = FALSE;
  if (raster)
    ensure_sprites (ctx, dev_scale);

  for (guint t = 0; t < self->n_terrains; t++)
    {
      SandTerrainSymbol s = self->terrain_symbol[t];

      if (present[t] == 0 || s == SAND_TERRAIN_SYMBOL_NONE)
        continue;
      for (int row = ctx->row0; row <= ctx->row1; row++)
        for (int col = ctx->col0; col <= ctx->col1; col++)
          {
            int hex = row * cols + col;
            SandPoint c;

            if (ctx->terrain[hex] != t)
              continue;
            c = center_of (ctx, col, row);
            if (raster)
              {
                cairo_pattern_t *p = self->sprites[t * SAND_SPRITE_VARIANTS +
                                                   hex_hash (hex) % SAND_SPRITE_VARIANTS];
                double half = self->sprite_half / dev_scale;
                double px = c.x, py = c.y;
                cairo_matrix_t m;

                /* On whole device pixels the sprite is copied, not
                 * resampled: crisper, and a sixth of a big export's time. */
                cairo_user_to_device (cr, &px, &py);
                px = round (px - self->sprite_half) + self->sprite_half;
                py = round (py - self->sprite_half) + self->sprite_half;
                cairo_device_to_user (cr, &px, &py);
                c.x = px, c.y = py;
                cairo_matrix_init_translate (&m, self->sprite_half, self->sprite_half);
                cairo_matrix_scale (&m, dev_scale, dev_scale);
                cairo_matrix_translate (&m, -c.x, -c.y);
                cairo_pattern_set_matrix (p, &m);
                cairo_set_source (cr, p);
                cairo_rectangle (cr, c.x - half, c.y - half, 2 * half, 2 * half);
                cairo_fill (cr);
              }
            else
              add_symbol (cr, s, c, r, hex_hash (hex));
          }
      if (!raster)
        ink_symbols (cr, s, self->terrain_rgb[t], ctx->size);
    }
}

void
sand_render_grid (SandDrawCtx *ctx)
{
  cairo_t *cr = ctx->cr;
  const SandGrid *grid = ctx->grid;

  if (ctx->layers & SAND_LAYER_TERRAIN)
    return; /* drawn as the gaps between the terrain fills */

  for (int row = ctx->row0; row <= ctx->row1; row++)
    for (int col = ctx->col0; col <= ctx->col1; col++)
      {
        SandPoint c = center_of (ctx, col, row);
        gboolean edge = col == 0 || row == 0 || col == grid->cols - 1 || row == grid->rows - 1;
        int hex = row * grid->cols + col;

        /* Each hex strokes the three sides it owns; edge hexes also the
         * sides that no other hex owns. */
        cairo_move_to (cr, c.x + ctx->corner[0].x, c.y + ctx->corner[0].y);
        for (int i = 1; i <= 3; i++)
          cairo_line_to (cr, c.x + ctx->corner[i].x, c.y + ctx->corner[i].y);
        if (edge)
          for (int d = 3; d < 6; d++)
            if (sand_grid_neighbour (grid, hex, d) == SAND_HEX_NONE)
              {
                cairo_move_to (cr, c.x + ctx->corner[d].x, c.y + ctx->corner[d].y);
                cairo_line_to (cr, c.x + ctx->corner[(d + 1) % 6].x,
                               c.y + ctx->corner[(d + 1) % 6].y);
              }
      }
  cairo_set_line_width (cr, grid_width (ctx));
  cairo_set_source_rgba (cr, 0.33, 0.32, 0.28, ctx->px < 8 ? 0.35 : 0.6);
  /* Round joins cost an arc per corner, tens of thousands of them. */
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_stroke (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
}

void
sand_render_borders (SandDrawCtx *ctx)
{
  SandRenderer *self = ctx->self;
  cairo_t *cr = ctx->cr;
  const SandGrid *grid = ctx->grid;
  double band = ctx->size * 0.11, k = 1.0 - 0.065;
  gboolean any = FALSE;
  static const double dashes[] = { 0.22, 0.07, 0.05, 0.07 };
  double dash[4];
  guint32 present = 0;
  guint8 *mask;
  gsize n_range;

  if (ctx->countries == NULL)
    return;

  /* Countries no unit may enter get a grey wash. */
  for (int row = ctx->row0; row <= ctx->row1; row++)
    for (int col = ctx->col0; col <= ctx->col1; col++)
      {
        int c = ctx->countries[row * grid->cols + col];

        if (c >= 0 && (guint) c < self->n_countries && !self->country_passable[c])
          {
            sand_render_hex_path (ctx, center_of (ctx, col, row), 0);
            any = TRUE;
          }
      }
  if (any)
    {
      cairo_set_source_rgba (cr, 0.45, 0.45, 0.45, 0.28);
      cairo_fill (cr);
    }
  any = FALSE;

  /* Countries the ruleset tints (FPW: Germany is light grey), one fill per
   * country so the wash is even where hexes meet. */
  for (guint country = 0; country < self->n_countries; country++)
    {
      if (!self->country_tinted[country])
        continue;
      for (int row = ctx->row0; row <= ctx->row1; row++)
        for (int col = ctx->col0; col <= ctx->col1; col++)
          if (ctx->countries[row * grid->cols + col] == (int) country)
            {
              sand_render_hex_path (ctx, center_of (ctx, col, row), 0);
              any = TRUE;
            }
      if (any)
        {
          sand_render_set_rgb (cr, self->country_rgb[country], 0.5);
          cairo_fill (cr);
          any = FALSE;
        }
    }

  /* Which sides of each hex face another country: one pass, then one
   * stroke per country and one for the boundary line. */
  n_range = (gsize) (ctx->row1 - ctx->row0 + 1) * (ctx->col1 - ctx->col0 + 1);
  if (self->scratch_capacity < n_range)
    {
      g_free (self->scratch);
      self->scratch = g_new (guint8, n_range);
      self->scratch_capacity = n_range;
    }
  mask = self->scratch;
  for (int row = ctx->row0; row <= ctx->row1; row++)
    for (int col = ctx->col0; col <= ctx->col1; col++)
      {
        int hex = row * grid->cols + col;
        guint8 m = 0;

        for (int d = 0; d < 6; d++)
          {
            int nb = sand_grid_neighbour (grid, hex, d);

            if (nb != SAND_HEX_NONE && ctx->countries[nb] != ctx->countries[hex])
              m |= 1u << d;
          }
        *mask++ = m;
        if (m != 0)
          present |= 1u << MIN (ctx->countries[hex] + 1, 31);
      }
  if (present == 0)
    return;

  /* A band of each country's colour along its side of the boundary. */
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  for (guint country = 0; country < self->n_countries; country++)
    {
      if ((present & (1u << MIN (country + 1, 31))) == 0)
        continue;
      mask = self->scratch;
      for (int row = ctx->row0; row <= ctx->row1; row++)
        for (int col = ctx->col0; col <= ctx->col1; col++, mask++)
          {
            SandPoint c;

            if (*mask == 0 || ctx->countries[row * grid->cols + col] != (int) country)
              continue;
            c = center_of (ctx, col, row);
            for (int d = 0; d < 6; d++)
              {
                SandPoint pa = ctx->corner[d], pb = ctx->corner[(d + 1) % 6];

                if ((*mask & (1u << d)) == 0)
                  continue;
                cairo_move_to (cr, c.x + pa.x * k, c.y + pa.y * k);
                cairo_line_to (cr, c.x + pb.x * k, c.y + pb.y * k);
              }
          }
      sand_render_set_rgb (cr, self->country_band_rgb[country], 0.55);
      cairo_set_line_width (cr, band);
      cairo_stroke (cr);
    }

  /* The boundary itself: dash-dot, once per side. */
  mask = self->scratch;
  for (int row = ctx->row0; row <= ctx->row1; row++)
    for (int col = ctx->col0; col <= ctx->col1; col++, mask++)
      {
        SandPoint c;

        if ((*mask & 7) == 0)
          continue;
        c = center_of (ctx, col, row);
        for (int d = 0; d < 3; d++)
          if (*mask & (1u << d))
            {
              cairo_move_to (cr, c.x + ctx->corner[d].x, c.y + ctx->corner[d].y);
              cairo_line_to (cr, c.x + ctx->corner[(d + 1) % 6].x,
                             c.y + ctx->corner[(d + 1) % 6].y);
              any = TRUE;
            }
      }
  if (any)
    {
      for (int i = 0; i < 4; i++)
        dash[i] = dashes[i] * ctx->size;
      cairo_set_dash (cr, dash, 4, 0);
      cairo_set_source_rgba (cr, 0.16, 0.14, 0.12, 0.9);
      cairo_set_line_width (cr, MAX (ctx->size * 0.045, 1.0 / ctx->scale));
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
}
