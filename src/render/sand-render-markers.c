/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-render-markers.c: set-up zones (tint and outline), fortifications,
 * entry flags, supply sources, victory hexes, off-map links, edge victory
 * values and ruleset-defined markers. */
#include "sand-renderer-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

static const SandRgb neutral_rgb = { 0.45, 0.45, 0.45 };
static const SandRgb black_rgb = { 0.08, 0.08, 0.08 };
static const SandRgb white_rgb = { 1, 1, 1 };
static const SandRgb vp_rgb = { 0.62, 0.1, 0.08 };

static SandRgb
side_color (SandRenderer *self,
            int           side)
{
  return side >= 0 && (guint) side < self->n_sides ? self->side_rgb[side] : neutral_rgb;
}

static SandRgb
zone_color (SandDrawCtx *ctx,
            const char  *zone_id)
{
  int z = zone_id != NULL ? sand_map_find_zone (ctx->map, zone_id) : -1;
  const SandZoneDef *def = z >= 0 ? sand_map_get_zone (ctx->map, (guint) z) : NULL;
  SandRgb c = { 0.55, 0.2, 0.6 };

  if (def != NULL && def->color != NULL)
    sand_renderer_parse_color (def->color, &c.r, &c.g, &c.b);
  else if (def != NULL && def->side >= 0)
    c = sand_render_mix (side_color (ctx->self, def->side), black_rgb, 0.15);
  return c;
}

/* Whether @hex holds a ZONE marker of @zone. */
static gboolean
hex_in_zone (SandRenderer *self,
             SandMap      *map,
             int           hex,
             const char   *zone)
{
  const SandMarkerRef *refs = (const SandMarkerRef *) self->marker_refs->data;

  for (guint i = sand_render_marker_lower (self, hex);
       i < self->marker_refs->len && refs[i].hex == hex; i++)
    {
      const SandMarker *m = sand_map_get_marker (map, refs[i].marker);

      if (m->kind == SAND_MARKER_ZONE && g_strcmp0 (m->group, zone) == 0)
        return TRUE;
    }
  return FALSE;
}

#define FOREACH_MARKER_IN_RANGE(ctx, ref, m)                                          \
  for (int row_ = (ctx)->row0; row_ <= (ctx)->row1; row_++)                           \
    for (guint i_ = sand_render_marker_lower ((ctx)->self,                            \
                                              row_ * (ctx)->grid->cols + (ctx)->col0); \
         i_ < (ctx)->self->marker_refs->len &&                                        \
         (ref = &g_array_index ((ctx)->self->marker_refs, SandMarkerRef, i_),         \
          ref->hex <= row_ * (ctx)->grid->cols + (ctx)->col1) &&                      \
         (m = sand_map_get_marker ((ctx)->map, ref->marker)) != NULL;                 \
         i_++)

/* A zone's place in the map's list; zones the map does not define (only
 * markers name them) after those, by name. */
static gint64
zone_rank (SandMap    *map,
           const char *zone)
{
  int i = sand_map_find_zone (map, zone);

  if (i >= 0)
    return i;
  return G_MAXINT32 + (gint64) (guint8) zone[0] * 65536 + (zone[0] ? (guint8) zone[1] : 0);
}

void
sand_render_zone_tints (SandDrawCtx *ctx)
{
  SandRenderer *self = ctx->self;
  cairo_t *cr = ctx->cr;
  const SandMarkerRef *ref;
  const SandMarker *m;
  double k = 1.0 - 0.06;
  const char *zones[64];
  guint n_zones = 0;

  if (self->marker_refs->len == 0)
    return;
  /* The zones in view (a handful), then one fill and one stroke each. */
  FOREACH_MARKER_IN_RANGE (ctx, ref, m)
    {
      guint z;

      if (m->kind != SAND_MARKER_ZONE || m->group == NULL)
        continue;
      for (z = 0; z < n_zones; z++)
        if (g_str_equal (zones[z], m->group))
          break;
      if (z == n_zones && n_zones < G_N_ELEMENTS (zones))
        zones[n_zones++] = m->group;
    }

  /* Overlapping zones blend in the map's order of zones, not in the order
   * a range meets them, so that tiles and export bands agree. */
  for (guint i = 1; i < n_zones; i++)
    for (guint j = i; j > 0 && zone_rank (ctx->map, zones[j]) < zone_rank (ctx->map, zones[j - 1]);
         j--)
      {
        const char *t = zones[j];

        zones[j] = zones[j - 1];
        zones[j - 1] = t;
      }

  for (guint z = 0; z < n_zones; z++)
    {
      SandRgb rgb = zone_color (ctx, zones[z]);

      FOREACH_MARKER_IN_RANGE (ctx, ref, m)
        if (m->kind == SAND_MARKER_ZONE && g_strcmp0 (m->group, zones[z]) == 0)
          sand_render_hex_path (ctx, sand_grid_hex_center (ctx->grid, ctx->size, ref->hex), 0);
      sand_render_set_rgb (cr, rgb, 0.12);
      cairo_fill (cr);

      /* Outline the zone, not every hex: only sides leaving it. */
      FOREACH_MARKER_IN_RANGE (ctx, ref, m)
        {
          SandPoint c;

          if (m->kind != SAND_MARKER_ZONE || g_strcmp0 (m->group, zones[z]) != 0)
            continue;
          c = sand_grid_hex_center (ctx->grid, ctx->size, ref->hex);
          for (int d = 0; d < 6; d++)
            {
              int nb = sand_grid_neighbour (ctx->grid, ref->hex, d);

              if (nb != SAND_HEX_NONE && hex_in_zone (self, ctx->map, nb, zones[z]))
                continue;
              cairo_move_to (cr, c.x + ctx->corner[d].x * k, c.y + ctx->corner[d].y * k);
              cairo_line_to (cr, c.x + ctx->corner[(d + 1) % 6].x * k,
                             c.y + ctx->corner[(d + 1) % 6].y * k);
            }
        }
      sand_render_set_rgb (cr, rgb, 0.75);
      cairo_set_line_width (cr, MAX (ctx->size * 0.055, 1.0 / ctx->scale));
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      cairo_stroke (cr);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
    }
}

static void
draw_fort (SandDrawCtx      *ctx,
           int               hex,
           SandPoint         c,
           const SandMarker *m)
{
  SandRenderer *self = ctx->self;
  cairo_t *cr = ctx->cr;
  SandRgb fill = side_color (self, m->side);
  double ro = ctx->size * 0.36, ri = ctx->size * 0.24;
  char text[16];

  /* A star fort: five bastions. */
  for (int i = 0; i < 10; i++)
    {
      double a = -G_PI / 2 + i * G_PI / 5;
      double r = (i % 2 == 0) ? ro : ri;

      if (i == 0)
        cairo_move_to (cr, c.x + r * cos (a), c.y + r * sin (a));
      else
        cairo_line_to (cr, c.x + r * cos (a), c.y + r * sin (a));
    }
  cairo_close_path (cr);
  sand_render_set_rgb (cr, fill, 1);
  cairo_fill_preserve (cr);
  sand_render_set_rgb (cr, black_rgb, 1);
  cairo_set_line_width (cr, MAX (ctx->size * 0.035, 0.8 / ctx->scale));
  cairo_stroke (cr);
  if (ctx->px < 12)
    return;
  g_snprintf (text, sizeof text, "%d", m->strength);
  sand_render_text (self, self->font_bold, ctx->size * 0.24, text);
  sand_render_show_text (self, cr, c.x, c.y + ctx->size * 0.02,
                         sand_render_is_dark (fill) ? white_rgb : black_rgb, 0);
  /* The name only when the place name does not already say it. */
  if (m->name != NULL && *m->name != '\0' &&
      g_strcmp0 (sand_map_get_place (ctx->map, hex), m->name) != 0)
    {
      sand_render_text (self, self->font_sans, ctx->size * 0.18, m->name);
      sand_render_show_text (self, cr, c.x, c.y - ctx->size * 0.46, black_rgb,
                             ctx->size * 0.04);
    }
}

static void
draw_entry (SandDrawCtx      *ctx,
            SandPoint         c,
            const SandMarker *m)
{
  SandRenderer *self = ctx->self;
  cairo_t *cr = ctx->cr;
  SandRgb fill = side_color (self, m->side);
  double s = ctx->size;
  double x = c.x - s * 0.62, top = c.y - s * 0.38, bottom = c.y + s * 0.3;
  double fw = s * 0.4, fh = s * 0.26;

  cairo_move_to (cr, x, bottom);
  cairo_line_to (cr, x, top);
  sand_render_set_rgb (cr, black_rgb, 1);
  cairo_set_line_width (cr, MAX (s * 0.035, 0.8 / ctx->scale));
  cairo_stroke (cr);
  /* A swallow-tailed flag. */
  cairo_move_to (cr, x, top);
  cairo_line_to (cr, x + fw, top);
  cairo_line_to (cr, x + fw * 0.82, top + fh / 2);
  cairo_line_to (cr, x + fw, top + fh);
  cairo_line_to (cr, x, top + fh);
  cairo_close_path (cr);
  sand_render_set_rgb (cr, fill, 1);
  cairo_fill_preserve (cr);
  sand_render_set_rgb (cr, black_rgb, 1);
  cairo_set_line_width (cr, MAX (s * 0.02, 0.6 / ctx->scale));
  cairo_stroke (cr);
  /* A group too long for the flag is a placed label beside it. */
  if (ctx->px >= 12 && m->group != NULL && *m->group != '\0' &&
      sand_render_entry_fits_flag (self, s, m->group))
    {
      sand_render_text (self, self->font_bold, s * 0.17, m->group);
      sand_render_show_text (self, cr, x + fw * 0.42, top + fh / 2,
                             sand_render_is_dark (fill) ? white_rgb : black_rgb, 0);
    }
}

static void
draw_supply (SandDrawCtx      *ctx,
             SandPoint         c,
             const SandMarker *m)
{
  SandRenderer *self = ctx->self;
  cairo_t *cr = ctx->cr;
  SandRgb ring = sand_render_mix (side_color (self, m->side), black_rgb, 0.2);
  double s = ctx->size;
  double x = c.x + s * 0.56, y = c.y - s * 0.12, r = s * 0.2;

  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, 1, 1, 0.97);
  cairo_fill_preserve (cr);
  sand_render_set_rgb (cr, ring, 1);
  cairo_set_line_width (cr, MAX (s * 0.045, 0.8 / ctx->scale));
  cairo_stroke (cr);
  if (ctx->px >= 12)
    {
      /* A longer name is a placed label beside the ring. */
      const char *label = m->name != NULL && *m->name != '\0' && strlen (m->name) <= 2
                          ? m->name : "S";

      sand_render_text (self, self->font_bold, s * (strlen (label) > 1 ? 0.14 : 0.24), label);
      sand_render_show_text (self, cr, x, y, ring, 0);
    }
}

static void
draw_victory (SandDrawCtx      *ctx,
              SandPoint         c,
              const SandMarker *m)
{
  SandRenderer *self = ctx->self;
  cairo_t *cr = ctx->cr;
  double s = ctx->size;
  double x = c.x + s * 0.42, y = c.y - s * 0.46, r = s * 0.21;
  char text[16];

  /* A laurel wreath: two sprays of leaves meeting under the value, open
   * at the top. */
  for (int side = -1; side <= 1; side += 2)
    for (int i = 0; i < 4; i++)
      {
        double a = G_PI / 2 + side * (0.45 + i * 0.55);
        double lx = x + r * cos (a), ly = y + r * sin (a);

        cairo_save (cr);
        cairo_translate (cr, lx, ly);
        cairo_rotate (cr, a + G_PI / 2 + side * 0.35);
        cairo_scale (cr, s * 0.085, s * 0.038);
        cairo_new_sub_path (cr);
        cairo_arc (cr, 0, 0, 1, 0, 2 * G_PI);
        cairo_restore (cr);
      }
  cairo_set_source_rgb (cr, 0.36, 0.5, 0.16);
  cairo_fill (cr);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, r, G_PI / 2 - 2.1, G_PI / 2 + 2.1);
  cairo_set_source_rgb (cr, 0.3, 0.42, 0.13);
  cairo_set_line_width (cr, s * 0.018);
  cairo_stroke (cr);
  if (ctx->px >= 12)
    {
      g_snprintf (text, sizeof text, "%d", m->value);
      sand_render_text (self, self->font_bold, s * 0.22, text);
      sand_render_show_text (self, cr, x, y + s * 0.01,
                             m->side >= 0 ? sand_render_mix (side_color (self, m->side),
                                                             black_rgb, 0.3) : vp_rgb,
                             s * 0.03);
    }
}

/* The unit vector towards the map edge nearest to @hex. */
static SandPoint
outward (SandDrawCtx *ctx,
         int          hex)
{
  const SandGrid *grid = ctx->grid;
  int col = sand_grid_col (grid, hex), row = sand_grid_row (grid, hex);
  int d[4] = { col, grid->cols - 1 - col, row, grid->rows - 1 - row };
  static const SandPoint u[4] = { { -1, 0 }, { 1, 0 }, { 0, -1 }, { 0, 1 } };
  int best = 0;

  for (int i = 1; i < 4; i++)
    if (d[i] < d[best])
      best = i;
  return u[best];
}

static void
draw_offmap_link (SandDrawCtx         *ctx,
                  SandPoint            c,
                  const SandMarkerRef *ref,
                  const SandMarker    *m,
                  gboolean             text_pass)
{
  SandRenderer *self = ctx->self;
  cairo_t *cr = ctx->cr;
  double s = ctx->size;
  SandPoint u = outward (ctx, ref->hex);
  /* Off the hex's axis, clear of the supply and victory symbols at its
   * right and the id at its top. */
  SandPoint o = { u.y != 0 ? -s * 0.3 : 0, u.x != 0 ? s * 0.3 : 0 };
  SandPoint a = { c.x + o.x + u.x * s * 0.25, c.y + o.y + u.y * s * 0.25 };
  SandPoint b = { c.x + o.x + u.x * s * 0.8, c.y + o.y + u.y * s * 0.8 };
  SandRgb ink = { 0.5, 0.12, 0.1 };
  double hw = s * 0.13;

  if (text_pass)
    goto text;
  cairo_move_to (cr, a.x, a.y);
  cairo_line_to (cr, b.x - u.x * hw, b.y - u.y * hw);
  sand_render_set_rgb (cr, ink, 1);
  cairo_set_line_width (cr, MAX (s * 0.07, 1.0 / ctx->scale));
  cairo_stroke (cr);
  cairo_move_to (cr, b.x, b.y);
  cairo_line_to (cr, b.x - u.x * hw * 1.6 - u.y * hw, b.y - u.y * hw * 1.6 + u.x * hw);
  cairo_line_to (cr, b.x - u.x * hw * 1.6 + u.y * hw, b.y - u.y * hw * 1.6 - u.x * hw);
  cairo_close_path (cr);
  cairo_fill (cr);
  return;

text:
  if (ctx->px >= 12)
    {
      int other = ref->far_end ? m->hex : m->hex2;
      char id[SAND_HEX_ID_MAX] = "";
      char text[48];

      if (other >= 0 && other < sand_grid_n_hexes (ctx->grid))
        sand_grid_format_id (ctx->grid, other, id);
      g_snprintf (text, sizeof text, "%s%s%d", id, *id ? " · " : "", m->value);
      sand_render_text (self, self->font_bold, s * 0.16, text);
      /* Beside the arrow and inside the hex, or the map's edge cuts it. */
      sand_render_show_text (self, cr,
                             c.x + o.x + u.x * s * 0.2 + (u.y != 0 ? s * 0.12 : 0),
                             c.y + o.y + u.y * s * 0.45 + (u.x != 0 ? s * 0.2 : 0),
                             ink, s * 0.035);
    }
}

static void
draw_edge_value (SandDrawCtx      *ctx,
                 SandPoint         c,
                 const SandMarker *m)
{
  SandRenderer *self = ctx->self;
  cairo_t *cr = ctx->cr;
  double s = ctx->size;
  SandPoint u = { 0, 1 };
  double w = s * 0.3, h = s * 0.17, x, y;
  char text[16];

  if (g_strcmp0 (m->group, "north") == 0)
    u = (SandPoint) { 0, -1 };
  else if (g_strcmp0 (m->group, "east") == 0)
    u = (SandPoint) { 1, 0 };
  else if (g_strcmp0 (m->group, "west") == 0)
    u = (SandPoint) { -1, 0 };
  /* Just inside the edge, where a printed map prints its edge values. */
  x = c.x + u.x * s * 0.58;
  y = c.y + u.y * s * 0.62;
  cairo_rectangle (cr, x - w, y - h, 2 * w, 2 * h);
  cairo_set_source_rgb (cr, 1, 0.98, 0.9);
  cairo_fill_preserve (cr);
  sand_render_set_rgb (cr, vp_rgb, 1);
  cairo_set_line_width (cr, MAX (s * 0.03, 0.8 / ctx->scale));
  cairo_stroke (cr);
  if (ctx->px >= 12)
    {
      /* TRANSLATORS: victory points on a map's victory marker, kept short */
      g_snprintf (text, sizeof text, _("%d VP"), m->value);
      sand_render_text (self, self->font_bold, s * 0.16, text);
      sand_render_show_text (self, cr, x, y, vp_rgb, 0);
    }
}

static void
draw_custom (SandDrawCtx      *ctx,
             SandPoint         c,
             const SandMarker *m)
{
  SandRenderer *self = ctx->self;
  cairo_t *cr = ctx->cr;
  double s = ctx->size;

  cairo_new_sub_path (cr);
  cairo_arc (cr, c.x - s * 0.45, c.y + s * 0.45, s * 0.1, 0, 2 * G_PI);
  sand_render_set_rgb (cr, side_color (self, m->side), 1);
  cairo_fill (cr);
  if (ctx->px >= 20 && m->name != NULL)
    {
      sand_render_text (self, self->font_sans, s * 0.15, m->name);
      sand_render_show_text (self, cr, c.x - s * 0.45, c.y + s * 0.64, black_rgb, s * 0.03);
    }
}

void
sand_render_markers (SandDrawCtx *ctx)
{
  SandRenderer *self = ctx->self;
  const SandMarkerRef *ref;
  const SandMarker *m;

  if (self->marker_refs->len == 0)
    return;
  /* Forts under the symbols at the hex's rim; the links' hex ids and costs
   * over every symbol, as their halo expects. */
  for (int pass = 0; pass < 3; pass++)
    FOREACH_MARKER_IN_RANGE (ctx, ref, m)
      {
        SandPoint c = sand_grid_hex_center (ctx->grid, ctx->size, ref->hex);

        if (pass == 2)
          {
            if (m->kind == SAND_MARKER_OFFMAP_LINK)
              draw_offmap_link (ctx, c, ref, m, TRUE);
            continue;
          }
        if ((pass == 0) != (m->kind == SAND_MARKER_FORT))
          continue;
        self->stats.markers++;
        switch (m->kind)
          {
          case SAND_MARKER_FORT: draw_fort (ctx, ref->hex, c, m); break;
          case SAND_MARKER_ENTRY: draw_entry (ctx, c, m); break;
          case SAND_MARKER_SUPPLY: draw_supply (ctx, c, m); break;
          case SAND_MARKER_VICTORY: draw_victory (ctx, c, m); break;
          case SAND_MARKER_OFFMAP_LINK: draw_offmap_link (ctx, c, ref, m, FALSE); break;
          case SAND_MARKER_ZONE: break; /* named by a placed label */
          case SAND_MARKER_EDGE_VALUE: draw_edge_value (ctx, c, m); break;
          case SAND_MARKER_CUSTOM: draw_custom (ctx, c, m); break;
          case SAND_N_MARKER_KINDS:
          default: break;
          }
      }
  /* Labels last, so that no symbol covers them. */
  for (guint i = 0; i < self->labels->len; i++)
    {
      const SandLabelBox *l = &g_array_index (self->labels, SandLabelBox, i);

      if (l->kind == SAND_LABEL_NAME || !sand_render_label_layout (ctx, l))
        continue;
      m = sand_map_get_marker (ctx->map, l->marker);
      if (l->kind == SAND_LABEL_SUPPLY)
        sand_render_show_text (self, ctx->cr, l->x, l->y,
                               sand_render_mix (side_color (self, m->side), black_rgb, 0.3),
                               ctx->size * 0.04);
      else if (l->kind == SAND_LABEL_ZONE)
        sand_render_show_text (self, ctx->cr, l->x, l->y,
                               sand_render_mix (zone_color (ctx, m->group), black_rgb, 0.4),
                               ctx->size * 0.07);
      else
        sand_render_show_text (self, ctx->cr, l->x, l->y,
                               sand_render_mix (side_color (self, m->side), black_rgb, 0.3),
                               ctx->size * 0.05);
      pango_layout_set_width (self->layout, -1);
    }
}
