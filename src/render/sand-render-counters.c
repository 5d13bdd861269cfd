/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-render-counters.c: square counters in their side's colour with a
 * NATO unit symbol and printed values, laid out like the games' own
 * counters (FPW: name, symbol, "strength-MA"; LFAF: parent band, red steps
 * on the right, quality bottom left, MA bottom right), stacked with an
 * offset. */
#include "sand-renderer-private.h"

#include <math.h>
#include <string.h>

static const SandRgb black_rgb = { 0.06, 0.06, 0.06 };
static const SandRgb white_rgb = { 1, 1, 1 };
static const SandRgb steps_rgb = { 0.78, 0.06, 0.08 };

/* Stacks show at most this many offsets; deeper counters sit under the
 * last one and a count tells how many there are. */
#define MAX_STACK_OFFSETS 5

static void
rounded_rect (cairo_t *cr,
              double   x,
              double   y,
              double   w,
              double   h,
              double   r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

static void
text_at (SandRenderer               *self,
         cairo_t                    *cr,
         const PangoFontDescription *font,
         double                      size,
         const char                 *text,
         double                      x,
         double                      y,
         SandRgb                     color)
{
  if (text == NULL || *text == '\0')
    return;
  sand_render_text (self, font, size, text);
  sand_render_show_text (self, cr, x, y, color, 0);
}

/* Shrinks the font until the text fits @width. */
static void
text_fit (SandRenderer               *self,
          cairo_t                    *cr,
          const PangoFontDescription *font,
          double                      size,
          const char                 *text,
          double                      x,
          double                      y,
          double                      width,
          SandRgb                     color)
{
  PangoRectangle logical;

  if (text == NULL || *text == '\0')
    return;
  sand_render_text (self, font, size, text);
  if (self->text_hidden)
    return;
  pango_layout_get_extents (self->layout, NULL, &logical);
  if (logical.width > width * PANGO_SCALE)
    sand_render_text (self, font, size * width * PANGO_SCALE / logical.width, text);
  sand_render_show_text (self, cr, x, y, color, 0);
}

static void
draw_symbol (SandRenderer   *self,
             cairo_t        *cr,
             SandUnitSymbol  symbol,
             const char     *type_id,
             double          bx,
             double          by,
             double          bw,
             double          bh,
             double          lw,
             SandRgb         ink,
             SandRgb         box_fill)
{
  if (symbol == SAND_UNIT_SYMBOL_FORT)
    {
      double cx = bx + bw / 2, cy = by + bh / 2, r = bh * 0.62;

      for (int i = 0; i < 6; i++)
        {
          double a = G_PI / 3 * i;

          if (i == 0)
            cairo_move_to (cr, cx + r * cos (a), cy + r * sin (a));
          else
            cairo_line_to (cr, cx + r * cos (a), cy + r * sin (a));
        }
      cairo_close_path (cr);
      sand_render_set_rgb (cr, box_fill, 1);
      cairo_fill_preserve (cr);
      sand_render_set_rgb (cr, ink, 1);
      cairo_set_line_width (cr, lw);
      cairo_stroke (cr);
      return;
    }

  cairo_rectangle (cr, bx, by, bw, bh);
  sand_render_set_rgb (cr, box_fill, 1);
  cairo_fill_preserve (cr);
  sand_render_set_rgb (cr, ink, 1);
  cairo_set_line_width (cr, lw);
  cairo_stroke (cr);

  switch (symbol)
    {
    case SAND_UNIT_SYMBOL_INFANTRY:
    case SAND_UNIT_SYMBOL_COMBAT:
    case SAND_UNIT_SYMBOL_LIGHT:
      cairo_move_to (cr, bx, by);
      cairo_line_to (cr, bx + bw, by + bh);
      cairo_move_to (cr, bx + bw, by);
      cairo_line_to (cr, bx, by + bh);
      cairo_stroke (cr);
      if (symbol == SAND_UNIT_SYMBOL_LIGHT)
        {
          /* Chasseurs: the hunting horn under the cross. */
          cairo_new_sub_path (cr);
          cairo_arc (cr, bx + bw / 2, by + bh * 0.78, bh * 0.14, 0, G_PI);
          cairo_stroke (cr);
        }
      if (symbol == SAND_UNIT_SYMBOL_COMBAT)
        {
          /* Size mark above the box: corps (XXX). */
          double s = bh * 0.16, y = by - bh * 0.3;

          for (int i = -1; i <= 1; i++)
            {
              double x = bx + bw / 2 + i * s * 2.4;

              cairo_move_to (cr, x - s, y - s);
              cairo_line_to (cr, x + s, y + s);
              cairo_move_to (cr, x + s, y - s);
              cairo_line_to (cr, x - s, y + s);
            }
          cairo_set_line_width (cr, lw * 0.8);
          cairo_stroke (cr);
        }
      break;
    case SAND_UNIT_SYMBOL_CAVALRY:
      cairo_move_to (cr, bx, by + bh);
      cairo_line_to (cr, bx + bw, by);
      cairo_stroke (cr);
      break;
    case SAND_UNIT_SYMBOL_ARTILLERY:
      cairo_new_sub_path (cr);
      cairo_arc (cr, bx + bw / 2, by + bh / 2, bh * 0.18, 0, 2 * G_PI);
      cairo_fill (cr);
      break;
    case SAND_UNIT_SYMBOL_HQ:
      /* A staff down from the box's left edge. */
      cairo_move_to (cr, bx, by + bh);
      cairo_line_to (cr, bx, by + bh * 1.45);
      cairo_stroke (cr);
      text_at (self, cr, self->font_bold, bh * 0.5, "HQ", bx + bw / 2, by + bh / 2, ink);
      break;
    case SAND_UNIT_SYMBOL_EB:
      text_at (self, cr, self->font_bold, bh * 0.55, "EB", bx + bw / 2, by + bh / 2, ink);
      break;
    case SAND_UNIT_SYMBOL_DUMMY:
      text_at (self, cr, self->font_bold, bh * 0.7, "?", bx + bw / 2, by + bh / 2, ink);
      break;
    case SAND_UNIT_SYMBOL_OTHER:
    default:
      if (type_id != NULL && *type_id != '\0')
        {
          char initial[8] = { 0 };
          const char *next = g_utf8_next_char (type_id);

          memcpy (initial, type_id, MIN ((gsize) (next - type_id), sizeof initial - 1));
          text_at (self, cr, self->font_bold, bh * 0.6, initial, bx + bw / 2, by + bh / 2, ink);
        }
      break;
    }
}

static void
badge (SandRenderer *self,
       cairo_t      *cr,
       double        x,
       double        y,
       double        r,
       SandRgb       fill,
       const char   *letter,
       gboolean      text)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  sand_render_set_rgb (cr, fill, 1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_set_line_width (cr, r * 0.25);
  cairo_stroke (cr);
  if (text)
    text_at (self, cr, self->font_bold, r * 1.4, letter, x, y, white_rgb);
}

/* @detail: whether text and symbols are legible (else plain shapes). */
static void
draw_counter (SandRenderer          *self,
              cairo_t               *cr,
              const SandCounterDraw *draw,
              double                 x,
              double                 y,
              double                 l,
              gboolean               detail)
{
  const SandCounter *c = draw->counter;
  SandRgb bg = c->side >= 0 && (guint) c->side < self->n_sides ? self->side_rgb[c->side]
                                                               : (SandRgb) { 0.6, 0.6, 0.6 };
  gboolean dark = sand_render_is_dark (bg);
  SandRgb ink = dark ? white_rgb : black_rgb;
  SandRgb edge = sand_render_mix (bg, black_rgb, 0.45);
  SandUnitSymbol symbol = c->type >= 0 && (guint) c->type < self->n_unit_types
                            ? self->unit_symbol[c->type] : SAND_UNIT_SYMBOL_OTHER;
  const SandUnitTypeDef *type = c->type >= 0 && (guint) c->type < self->n_unit_types
                                  ? sand_ruleset_get_unit_type (sand_map_get_ruleset (self->map),
                                                                (guint) c->type)
                                  : NULL;
  gboolean print = (draw->flags & SAND_COUNTER_DRAW_PRINT) != 0;
  double x0 = x - l / 2, y0 = y - l / 2, rad = print ? l * 0.001 : l * 0.07, lw = l * 0.035;
  /* a counter of steps and formations (LFAF's face) or of strengths */
  gboolean stepped = c->steps > 0 || c->parent != NULL || c->band != NULL;
  char text[32];

  if (draw->selected)
    {
      rounded_rect (cr, x0 - l * 0.09, y0 - l * 0.09, l * 1.18, l * 1.18, rad * 2);
      cairo_set_source_rgba (cr, 1.0, 0.72, 0.0, 0.95);
      cairo_fill (cr);
    }
  /* Shadow, so that a stack reads as a stack. */
  if (!print)
    {
      rounded_rect (cr, x0 + l * 0.05, y0 + l * 0.05, l, l, rad);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
      cairo_fill (cr);
    }

  rounded_rect (cr, x0, y0, l, l, rad);
  sand_render_set_rgb (cr, bg, 1);
  cairo_fill_preserve (cr);
  sand_render_set_rgb (cr, edge, 1);
  cairo_set_line_width (cr, lw);
  cairo_stroke (cr);

  if (draw->face_down || !detail)
    return;

  if (stepped)
    {
      SandRgb band = sand_render_mix (bg, black_rgb, 0.3);
      double bh = l * 0.22;

      if (c->band != NULL)
        sand_renderer_parse_color (c->band, &band.r, &band.g, &band.b);
      cairo_save (cr);
      rounded_rect (cr, x0, y0, l, l, rad);
      cairo_clip (cr);
      cairo_rectangle (cr, x0, y0, l, bh);
      sand_render_set_rgb (cr, band, 1);
      cairo_fill (cr);
      cairo_restore (cr);
      text_fit (self, cr, self->font_bold, l * 0.15, c->parent != NULL ? c->parent : c->name,
                x, y0 + bh / 2, l * 0.9, sand_render_is_dark (band) ? white_rgb : black_rgb);

      draw_symbol (self, cr, symbol, type != NULL ? type->id : NULL,
                   x0 + l * 0.16, y0 + l * 0.31, l * 0.5, l * 0.32, lw,
                   ink, sand_render_mix (bg, white_rgb, 0.25));

      /* Remaining steps: red on a white disc, middle right. */
      if (draw->strength > 0)
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, x0 + l * 0.83, y0 + l * 0.47, l * 0.12, 0, 2 * G_PI);
          cairo_set_source_rgb (cr, 1, 1, 1);
          cairo_fill (cr);
          g_snprintf (text, sizeof text, "%d", draw->strength);
          text_at (self, cr, self->font_bold, l * 0.2, text, x0 + l * 0.83, y0 + l * 0.47,
                   steps_rgb);
        }
      if (c->quality != 0)
        text_at (self, cr, self->font_bold, l * 0.26, c->quality > 0 ? "+" : "−",
                 x0 + l * 0.14, y0 + l * 0.84, ink);
      if (c->ma > 0)
        {
          g_snprintf (text, sizeof text, "%d", c->ma);
          text_at (self, cr, self->font_bold, l * 0.22, text, x0 + l * 0.85, y0 + l * 0.84, ink);
        }
      if (c->parent != NULL)
        text_fit (self, cr, self->font_sans, l * 0.14, c->name, x, y0 + l * 0.84, l * 0.52,
                  ink);
    }
  else
    {
      double by = y0 + l * 0.3;

      if (symbol == SAND_UNIT_SYMBOL_COMBAT)
        by += l * 0.04;
      /* An EB's symbol box already says "EB": no name that repeats it. */
      else if (symbol != SAND_UNIT_SYMBOL_EB || c->name == NULL ||
               g_ascii_strcasecmp (c->name, "EB") != 0)
        text_fit (self, cr, self->font_bold, l * 0.16, c->name, x, y0 + l * 0.15, l * 0.86, ink);
      draw_symbol (self, cr, symbol, type != NULL ? type->id : NULL,
                   x - l * 0.27, by, l * 0.54, l * 0.32, lw, ink,
                   sand_render_mix (bg, white_rgb, 0.25));
      if (symbol == SAND_UNIT_SYMBOL_COMBAT)
        text_fit (self, cr, self->font_bold, l * 0.14, c->name, x, y0 + l * 0.12, l * 0.86, ink);
      if (symbol == SAND_UNIT_SYMBOL_DUMMY && draw->strength <= 0)
        g_snprintf (text, sizeof text, "–%d", c->ma);
      else
        g_snprintf (text, sizeof text, "%d-%d", draw->strength, c->ma);
      text_at (self, cr, self->font_bold, l * 0.25, text, x, y0 + l * 0.81, ink);
    }

  /* State, as small badges down the left edge: entrained (the core's),
   * then the states the ruleset declares badges for, in its order. */
  {
    SandRuleset *rs = sand_map_get_ruleset (self->map);
    double byy = y0 + l * 0.12, r = l * 0.1;

    /* A printed counter keeps its badges inside its edges. */
    double bx = print ? x0 + r * 1.3 : x0;

    if (draw->flags & SAND_COUNTER_DRAW_ENTRAINED)
      {
        badge (self, cr, bx, print ? byy + r * 0.4 : byy, r, (SandRgb) { 0.1, 0.1, 0.1 }, "E",
               TRUE);
        byy += r * 2.3;
      }
    for (guint i = 0; draw->states[0] != NULL && i < sand_ruleset_n_badges (rs); i++)
      {
        const SandBadgeDef *def = sand_ruleset_get_badge (rs, i);
        gboolean shown = FALSE;

        for (guint k = 0; k < SAND_COUNTER_MAX_STATES && draw->states[k] != NULL && !shown; k++)
          shown = strcmp (draw->states[k], def->id) == 0;
        if (!shown)
          continue;
        SandRgb color = { 0.2, 0.2, 0.2 };
        sand_renderer_parse_color (def->color, &color.r, &color.g, &color.b);
        badge (self, cr, bx, print ? byy + r * 0.4 : byy, r, color, def->letter, TRUE);
        byy += r * 2.3;
      }
  }
  if (draw->flags & SAND_COUNTER_DRAW_REDUCED)
    {
      /* A red corner, like the stripe on a reduced face. */
      cairo_move_to (cr, x0 + l * 0.72, y0);
      cairo_line_to (cr, x0 + l - rad, y0);
      cairo_line_to (cr, x0 + l, y0 + rad);
      cairo_line_to (cr, x0 + l, y0 + l * 0.28);
      cairo_close_path (cr);
      cairo_set_source_rgba (cr, 0.8, 0.08, 0.08, 0.9);
      cairo_fill (cr);
    }
  if (draw->flags & SAND_COUNTER_DRAW_MOVED)
    {
      rounded_rect (cr, x0, y0, l, l, rad);
      cairo_set_source_rgba (cr, 0.5, 0.5, 0.5, 0.3);
      cairo_fill (cr);
    }
}

/* Counters are drawn live on every frame of the canvas, so on raster and
 * recording targets each distinct face is drawn once per zoom into a
 * stamp and then stamped: text layout is most of a counter's cost. The
 * key is everything draw_counter () reads. */
typedef struct {
  const SandCounter *counter;
  int strength;
  guint flags;
  gboolean face_down;
  gboolean selected;
} CounterKey;

/* Enough for the counters in view in a few states; past it the cache
 * starts again rather than grow without bound (at most ~32 MB). */
#define MAX_COUNTER_STAMPS 4096
#define MAX_COUNTER_STAMP_BYTES (32 * 1024 * 1024)

static guint
counter_key_hash (gconstpointer p)
{
  const CounterKey *k = p;

  return g_direct_hash (k->counter) ^ ((guint) k->strength * 2654435761u) ^
         (k->flags << 20) ^ ((guint) k->face_down << 28) ^ ((guint) k->selected << 29);
}

static gboolean
counter_key_equal (gconstpointer a,
                   gconstpointer b)
{
  const CounterKey *x = a, *y = b;

  return x->counter == y->counter && x->strength == y->strength && x->flags == y->flags &&
         x->face_down == y->face_down && x->selected == y->selected;
}

void
sand_render_clear_counter_stamps (SandRenderer *self)
{
  if (self->counter_stamps != NULL)
    g_hash_table_remove_all (self->counter_stamps);
}

static cairo_pattern_t *
counter_stamp (SandDrawCtx           *ctx,
               const SandCounterDraw *draw,
               double                 l,
               double                 dev_scale,
               gboolean               detail,
               double                *half)
{
  SandRenderer *self = ctx->self;
  CounterKey key = { draw->counter, draw->strength, draw->flags,
                     draw->face_down != FALSE, draw->selected != FALSE };
  cairo_pattern_t *pattern;
  cairo_surface_t *surface;
  cairo_t *scr;
  int side;

  /* The face, its highlight, shadow and badges fit 1.4 sides. */
  side = (int) ceil (1.4 * l * dev_scale) + 2;
  *half = side / 2.0;
  if (self->counter_stamps == NULL)
    self->counter_stamps = g_hash_table_new_full (counter_key_hash, counter_key_equal, g_free,
                                                  (GDestroyNotify) cairo_pattern_destroy);
  if (self->counter_stamp_scale != dev_scale || self->counter_stamp_side != l ||
      g_hash_table_size (self->counter_stamps) >=
        CLAMP (MAX_COUNTER_STAMP_BYTES / ((gsize) side * side * 4), 64, MAX_COUNTER_STAMPS))
    {
      g_hash_table_remove_all (self->counter_stamps);
      self->counter_stamp_scale = dev_scale;
      self->counter_stamp_side = l;
    }
  pattern = g_hash_table_lookup (self->counter_stamps, &key);
  if (pattern != NULL)
    return pattern;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, side, side);
  scr = cairo_create (surface);
  cairo_translate (scr, *half, *half);
  cairo_scale (scr, dev_scale, dev_scale);
  cairo_set_line_cap (scr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (scr, CAIRO_LINE_JOIN_ROUND);
  pango_cairo_update_context (scr, self->pango);
  pango_layout_context_changed (self->layout);
  draw_counter (self, scr, draw, 0, 0, l, detail);
  cairo_destroy (scr);
  /* Back to the target's transform for the text drawn after. */
  pango_cairo_update_context (ctx->cr, self->pango);
  pango_layout_context_changed (self->layout);

  pattern = cairo_pattern_create_for_surface (surface);
  cairo_pattern_set_filter (pattern, CAIRO_FILTER_BILINEAR);
  cairo_surface_destroy (surface);
  g_hash_table_insert (self->counter_stamps, g_memdup2 (&key, sizeof key), pattern);
  return pattern;
}

static double
counter_side (SandDrawCtx *ctx)
{
  return ctx->size * (ctx->grid->orientation == SAND_ORIENTATION_FLAT ? 1.05 : 1.0);
}

void
sand_render_counters (SandDrawCtx *ctx)
{
  SandRenderer *self = ctx->self;
  cairo_t *cr = ctx->cr;
  const SandGrid *grid = ctx->grid;
  const SandSortedDraw *draws = (const SandSortedDraw *) self->counters->data;
  guint n = self->counters->len;
  double l = counter_side (ctx);
  double step = l * 0.07;
  gboolean detail = ctx->px >= 16;
  cairo_surface_type_t target = cairo_surface_get_type (cairo_get_target (cr));
  gboolean stamp = target == CAIRO_SURFACE_TYPE_IMAGE || target == CAIRO_SURFACE_TYPE_RECORDING;
  double dx = 1, dy = 0, dev_scale = ctx->scale;
  gboolean snap;
  cairo_matrix_t ctm;

  if (n == 0 || ctx->px < 5)
    return;
  /* Stamps need a plain scale and translation. A recording surface (the
   * canvas's cairo nodes) is replayed at the caller's scale, which may
   * include the display's scale factor. */
  cairo_get_matrix (cr, &ctm);
  if (ctm.xy != 0 || ctm.yx != 0 || fabs (ctm.xx - ctm.yy) > 1e-9 * fabs (ctm.xx))
    stamp = FALSE;
  cairo_user_to_device_distance (cr, &dx, &dy);
  dev_scale = MAX (hypot (dx, dy), ctx->scale);
  if (dev_scale * l > 200)
    stamp = FALSE; /* few counters show; stamps would be large */
  snap = fabs (hypot (dx, dy) - dev_scale) <= 1e-6 * dev_scale;
  for (int row = ctx->row0; row <= ctx->row1; row++)
    {
      int last = row * grid->cols + ctx->col1;
      guint i = sand_render_counter_lower (self, row * grid->cols + ctx->col0);

      while (i < n && draws[i].draw.hex <= last)
        {
          int hex = draws[i].draw.hex;
          guint j = i, depth;
          SandPoint c = sand_grid_hex_center (grid, ctx->size, hex);

          while (j < n && draws[j].draw.hex == hex)
            j++;
          depth = MIN (j - i, MAX_STACK_OFFSETS + 1) - 1;
          /* The stack grows up and right from a base pushed down and left,
           * so that it stays centred on the hex. */
          c.x -= step * depth / 2;
          c.y += step * depth / 2;
          for (guint k = i; k < j; k++)
            {
              guint level = MIN (k - i, (guint) MAX_STACK_OFFSETS);

              double x = c.x + step * level, y = c.y - step * level;

              if (stamp)
                {
                  double half;
                  cairo_pattern_t *p = counter_stamp (ctx, &draws[k].draw, l, dev_scale, detail,
                                                      &half);
                  cairo_matrix_t m;

                  if (snap)
                    {
                      /* On whole device pixels the stamp is copied, not
                       * resampled (which would soften every edge). */
                      double px = x, py = y;

                      cairo_user_to_device (cr, &px, &py);
                      px = round (px - half) + half;
                      py = round (py - half) + half;
                      cairo_device_to_user (cr, &px, &py);
                      x = px;
                      y = py;
                    }

                  cairo_matrix_init_translate (&m, half, half);
                  cairo_matrix_scale (&m, dev_scale, dev_scale);
                  cairo_matrix_translate (&m, -x, -y);
                  cairo_pattern_set_matrix (p, &m);
                  cairo_set_source (cr, p);
                  cairo_rectangle (cr, x - half / dev_scale, y - half / dev_scale,
                                   2 * half / dev_scale, 2 * half / dev_scale);
                  cairo_fill (cr);
                }
              else
                draw_counter (self, cr, &draws[k].draw, x, y, l, detail);
              self->stats.counters++;
            }
          if (detail && j - i > MAX_STACK_OFFSETS + 1)
            {
              char text[16];

              g_snprintf (text, sizeof text, "%u", j - i);
              badge (self, cr, c.x + step * MAX_STACK_OFFSETS + l * 0.5,
                     c.y - step * MAX_STACK_OFFSETS - l * 0.5, l * 0.13,
                     (SandRgb) { 0.1, 0.1, 0.1 }, text, TRUE);
            }
          i = j;
        }
    }
}

void
sand_renderer_draw_counter (SandRenderer          *self,
                            cairo_t               *cr,
                            const SandCounterDraw *draw,
                            double                 x,
                            double                 y,
                            double                 side_length)
{
  double dx = side_length, dy = 0;

  g_return_if_fail (self != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (draw != NULL && draw->counter != NULL);

  cairo_user_to_device_distance (cr, &dx, &dy);
  self->text_min = 5.0 * side_length / MAX (hypot (dx, dy), 1e-6);
  if (draw->flags & SAND_COUNTER_DRAW_PRINT)
    self->text_min = MIN (self->text_min, side_length * 0.05);
  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  pango_cairo_update_context (cr, self->pango);
  pango_layout_context_changed (self->layout);
  draw_counter (self, cr, draw, x, y, side_length, hypot (dx, dy) >= 16);
  cairo_restore (cr);
}
