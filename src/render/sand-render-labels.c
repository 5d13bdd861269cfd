/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-render-labels.c: hex ids and place names. */
#include "sand-renderer-private.h"

#include <math.h>
#include <string.h>

/* The ten digits shaped once, so that each id is set from their glyphs
 * rather than laid out again: 40,000 layouts were a third of a big
 * export's time. FALSE when the font does not give one glyph per digit
 * in one run (then ids are laid out one by one). */
typedef struct {
  PangoFont *font;
  PangoGlyph glyph[10];
  int width[10];
  double dy;        /* from the text's centre to its baseline */
} DigitGlyphs;

static gboolean
shape_digits (SandRenderer *self,
              DigitGlyphs  *digits)
{
  PangoLayoutLine *line;
  PangoGlyphItem *run;
  PangoRectangle logical;

  pango_layout_set_text (self->layout, "0123456789", -1);
  line = pango_layout_get_line_readonly (self->layout, 0);
  if (line == NULL || line->runs == NULL || line->runs->next != NULL)
    return FALSE;
  run = line->runs->data;
  if (run->glyphs->num_glyphs != 10)
    return FALSE;
  for (int i = 0; i < 10; i++)
    {
      if (run->glyphs->log_clusters[i] != i)
        return FALSE;
      digits->glyph[i] = run->glyphs->glyphs[i].glyph;
      digits->width[i] = run->glyphs->glyphs[i].geometry.width;
    }
  digits->font = run->item->analysis.font;
  pango_layout_get_extents (self->layout, NULL, &logical);
  digits->dy = (pango_layout_get_baseline (self->layout) - logical.y - logical.height / 2.0)
               / PANGO_SCALE;
  return TRUE;
}

static void
show_digits (cairo_t           *cr,
             const DigitGlyphs *digits,
             const char        *id,
             double             x,
             double             y)
{
  PangoGlyphInfo infos[SAND_HEX_ID_MAX];
  int clusters[SAND_HEX_ID_MAX];
  PangoGlyphString glyphs = { 0, infos, clusters, 0 };
  int width = 0;

  for (int i = 0; id[i] != '\0' && i < SAND_HEX_ID_MAX; i++)
    {
      int d = id[i] - '0';

      memset (&infos[i], 0, sizeof infos[i]);
      infos[i].glyph = digits->glyph[d];
      infos[i].geometry.width = digits->width[d];
      infos[i].attr.is_cluster_start = 1;
      clusters[i] = i;
      width += digits->width[d];
      glyphs.num_glyphs = i + 1;
    }
  cairo_move_to (cr, x - width / 2.0 / PANGO_SCALE, y + digits->dy);
  pango_cairo_show_glyph_string (cr, digits->font, &glyphs);
}

void
sand_render_ids (SandDrawCtx *ctx)
{
  SandRenderer *self = ctx->self;
  const SandGrid *grid = ctx->grid;
  gboolean flat = grid->orientation == SAND_ORIENTATION_FLAT;
  double dy = ctx->size * (flat ? 0.7 : 0.66);
  SandRgb ink = { 0.3, 0.29, 0.26 }, light = { 0.93, 0.92, 0.86 };
  char id[SAND_HEX_ID_MAX];
  DigitGlyphs digits;
  gboolean shaped;

  sand_render_text (self, self->font_sans, ctx->size * 0.22, "0000");
  if (self->text_hidden)
    return;
  shaped = shape_digits (self, &digits);
  for (int row = ctx->row0; row <= ctx->row1; row++)
    for (int col = ctx->col0; col <= ctx->col1; col++)
      {
        SandPoint c = sand_grid_offset_center (grid, ctx->size, col, row);
        int hex = row * grid->cols + col;
        guint t = ctx->terrain[hex];
        SandRgb color = t < self->n_terrains && self->terrain_dark[t] ? light : ink;

        sand_grid_format_id (grid, hex, id);
        if (shaped)
          {
            sand_render_set_rgb (ctx->cr, color, 1);
            show_digits (ctx->cr, &digits, id, c.x, c.y - dy);
            continue;
          }
        pango_layout_set_text (self->layout, id, -1);
        sand_render_show_text (self, ctx->cr, c.x, c.y - dy, color, 0);
      }
}

/* Names matter most zoomed out: they keep a legible size on screen for
 * as long as they fit the hex. */
static double
name_font (double size,
           double scale)
{
  return CLAMP (9.0 / scale, size * 0.27, size * 0.5);
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

  if (name_font (ctx->size, ctx->scale) * ctx->scale < 6.5)
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

  for (guint i = 0; i < self->labels->len; i++)
    {
      const SandLabelBox *l = &g_array_index (self->labels, SandLabelBox, i);

      if (l->kind != SAND_LABEL_NAME || !sand_render_label_layout (ctx, l))
        continue;
      sand_render_show_text (self, cr, l->x, l->y, ink, ctx->size * 0.06);
      pango_layout_set_width (self->layout, -1);
    }
}

/* Label placement */

#define ENTRY_FONT 0.17  /* hex radii */
#define ZONE_FONT 0.24
#define SUPPLY_FONT 0.15
#define FLAG_W 0.4       /* the entry flag, as sand-render-markers.c draws it */
#define FLAG_H 0.26

gboolean
sand_render_entry_fits_flag (SandRenderer *self,
                             double        size,
                             const char   *group)
{
  PangoRectangle logical;
  double min = self->text_min;

  /* Measured whatever the zoom, so that the choice never depends on it. */
  self->text_min = 0;
  sand_render_text (self, self->font_bold, size * ENTRY_FONT, group);
  self->text_min = min;
  if (self->text_hidden)
    return TRUE;
  pango_layout_get_extents (self->layout, NULL, &logical);
  return logical.width / (double) PANGO_SCALE <= size * FLAG_W * 0.8;
}

static const char *
zone_text (SandMap          *map,
           const SandMarker *m)
{
  int z = sand_map_find_zone (map, m->group);
  const SandZoneDef *def = z >= 0 ? sand_map_get_zone (map, (guint) z) : NULL;

  /* The name for the reader; the id only when there is no name. */
  return def != NULL && def->name != NULL && *def->name ? def->name : m->group;
}

/* Sets the layout to @l's text, font and wrap; FALSE when too small to show. */
static gboolean
set_label_layout (SandRenderer       *self,
                  const SandLabelBox *l,
                  double              size,
                  double              scale)
{
  const SandMarker *m = l->kind == SAND_LABEL_NAME ? NULL
                        : sand_map_get_marker (self->map, l->marker);
  double wrap = -1;

  switch (l->kind)
    {
    case SAND_LABEL_NAME:
      sand_render_text (self, self->font_name, name_font (size, scale),
                        sand_map_get_place (self->map, l->hex));
      wrap = size * SAND_NAME_WRAP_RADII;
      break;
    case SAND_LABEL_ZONE:
      sand_render_text (self, self->font_bold, size * ZONE_FONT, zone_text (self->map, m));
      /* Zone names are long: wrapped to a hex and a half. */
      wrap = size * 3;
      break;
    case SAND_LABEL_SUPPLY:
      sand_render_text (self, self->font_bold, size * SUPPLY_FONT, m->name);
      break;
    case SAND_LABEL_ENTRY:
    default:
      sand_render_text (self, self->font_bold, size * ENTRY_FONT, m->group);
      break;
    }
  if (self->text_hidden)
    return FALSE;
  if (wrap > 0)
    {
      /* Broken between words only: "Warmifontai-ne" reads as two places. */
      pango_layout_set_width (self->layout, (int) (wrap * PANGO_SCALE));
      pango_layout_set_wrap (self->layout, PANGO_WRAP_WORD);
    }
  return TRUE;
}

gboolean
sand_render_label_layout (SandDrawCtx        *ctx,
                          const SandLabelBox *l)
{
  if (l->x1 < ctx->x0 || l->x0 > ctx->x1 || l->y1 < ctx->y0 || l->y0 > ctx->y1)
    return FALSE;
  return set_label_layout (ctx->self, l, ctx->size, ctx->self->labels_scale);
}

static void
index_box (SandRenderer       *self,
           const SandLabelBox *b)
{
  int c0 = CLAMP ((int) floor (b->x0 / self->cell_size), 0, self->cell_cols - 1);
  int c1 = CLAMP ((int) floor (b->x1 / self->cell_size), 0, self->cell_cols - 1);
  int r0 = CLAMP ((int) floor (b->y0 / self->cell_size), 0, self->cell_rows - 1);
  int r1 = CLAMP ((int) floor (b->y1 / self->cell_size), 0, self->cell_rows - 1);
  SandCellLink link = { (int) self->label_boxes->len, -1 };

  g_array_append_val (self->label_boxes, *b);
  for (int r = r0; r <= r1; r++)
    for (int c = c0; c <= c1; c++)
      {
        int *head = &self->cell_head[r * self->cell_cols + c];

        link.next = *head;
        *head = (int) self->cell_links->len;
        g_array_append_val (self->cell_links, link);
      }
}

static void
add_box (SandRenderer *self,
         double        x0,
         double        y0,
         double        x1,
         double        y1)
{
  SandLabelBox b = { 0 };

  b.hex = -1;
  b.x0 = x0;
  b.y0 = y0;
  b.x1 = x1;
  b.y1 = y1;
  index_box (self, &b);
}

/* How much @b overlaps what is already placed (a box met in several
 * cells counts several times: only the least matters), and in @soft, how
 * much it covers hex ids: zone names and entry groups keep off them when
 * they can; a place name is worth more than an id. */
static double
overlap (SandRenderer       *self,
         const SandLabelBox *b,
         double             *soft)
{
  const SandLabelBox *o = (const SandLabelBox *) (gpointer) self->label_boxes->data;
  const SandCellLink *links = (const SandCellLink *) (gpointer) self->cell_links->data;
  int c0 = CLAMP ((int) floor (b->x0 / self->cell_size), 0, self->cell_cols - 1);
  int c1 = CLAMP ((int) floor (b->x1 / self->cell_size), 0, self->cell_cols - 1);
  int r0 = CLAMP ((int) floor (b->y0 / self->cell_size), 0, self->cell_rows - 1);
  int r1 = CLAMP ((int) floor (b->y1 / self->cell_size), 0, self->cell_rows - 1);
  double area = 0;

  *soft = 0;
  if (self->labels_avoid_ids && b->kind != SAND_LABEL_NAME)
    {
      const SandGrid *grid = sand_map_get_grid (self->map);
      double size = sand_map_get_hex_size (self->map);
      double dy = size * (grid->orientation == SAND_ORIENTATION_FLAT ? 0.7 : 0.66);
      int hc0, hr0, hc1, hr1;

      /* Where sand_render_ids prints them: no need to list them all. */
      sand_renderer_hex_range (self, b->x0, b->y0, b->x1, b->y1, &hc0, &hr0, &hc1, &hr1);
      for (int row = hr0; row <= hr1; row++)
        for (int col = hc0; col <= hc1; col++)
          {
            SandPoint p = sand_grid_offset_center (grid, size, col, row);
            double w = MIN (b->x1, p.x + size * 0.28) - MAX (b->x0, p.x - size * 0.28);
            double h = MIN (b->y1, p.y - dy + size * 0.12) - MAX (b->y0, p.y - dy - size * 0.12);

            if (w > 0 && h > 0)
              *soft += w * h;
          }
    }
  for (int r = r0; r <= r1; r++)
    for (int c = c0; c <= c1; c++)
      for (int k = self->cell_head[r * self->cell_cols + c]; k >= 0; k = links[k].next)
        {
          const SandLabelBox *q = &o[links[k].box];
          double w = MIN (b->x1, q->x1) - MAX (b->x0, q->x0);
          double h = MIN (b->y1, q->y1) - MAX (b->y0, q->y0);

          if (w > 0 && h > 0)
            area += w * h;
        }
  return area;
}

/* How far from @c a label must start to clear what sits on the hex's
 * centre: town dot, fort, counter. */
static double
clearance (SandRenderer *self,
           SandPoint     c,
           double        size)
{
  const SandLabelBox *o = (const SandLabelBox *) (gpointer) self->label_boxes->data;
  const SandCellLink *links = (const SandCellLink *) (gpointer) self->cell_links->data;
  int col = CLAMP ((int) floor (c.x / self->cell_size), 0, self->cell_cols - 1);
  int row = CLAMP ((int) floor (c.y / self->cell_size), 0, self->cell_rows - 1);
  double r = size * 0.15;

  for (int k = self->cell_head[row * self->cell_cols + col]; k >= 0; k = links[k].next)
    {
      const SandLabelBox *q = &o[links[k].box];

      if (q->x0 < c.x && q->x1 > c.x && q->y0 < c.y && q->y1 > c.y)
        r = MAX (r, MAX (q->y1 - c.y, q->x1 - c.x) + size * 0.02);
    }
  return r;
}

/* Places @l (kind, hex, marker set) at the first of the @n candidate
 * centres (x, y pairs) that collides with nothing, else where it
 * collides least. */
static void
place (SandRenderer *self,
       SandLabelBox *l,
       double        w,
       double        h,
       const double *cand,
       guint         n,
       double        map_w,
       double        map_h)
{
  double best = G_MAXDOUBLE, soft;
  SandLabelBox b = *l;

  for (guint i = 0; i < n; i++)
    {
      double area;

      /* Pulled inside the map, so that no edge cuts a name. */
      b.x = CLAMP (cand[2 * i], MIN (w / 2, map_w / 2), MAX (map_w - w / 2, map_w / 2));
      b.y = CLAMP (cand[2 * i + 1], MIN (h / 2, map_h / 2), MAX (map_h - h / 2, map_h / 2));
      b.x0 = b.x - w / 2;
      b.x1 = b.x + w / 2;
      b.y0 = b.y - h / 2;
      b.y1 = b.y + h / 2;
      area = overlap (self, &b, &soft);
      if (area + soft * 0.05 < best)
        {
          best = area + soft * 0.05;
          *l = b;
          l->collides = area > 0;
          if (best <= 0)
            break;
        }
    }
  g_array_append_val (self->labels, *l);
  index_box (self, l);
}

/* The hexes of the default set-up's counters, which the canvas draws over
 * its tiles: names keep clear of them. */
static void
add_counter_boxes (SandRenderer *self,
                   double        size)
{
  const SandGrid *grid = sand_map_get_grid (self->map);
  guint n_sides = sand_ruleset_n_sides (sand_map_get_ruleset (self->map));
  int n_hexes = sand_grid_n_hexes (grid);
  double half = size * 0.56;

  for (guint s = 0; s < n_sides; s++)
    {
      SandOob *oob = sand_scenario_default_oob (self->scenario, (int) s);

      if (oob == NULL || oob->placements == NULL)
        continue;
      for (guint i = 0; i < oob->placements->len; i++)
        {
          const SandPlacement *p = g_ptr_array_index (oob->placements, i);
          SandPoint c;

          if (p->hex < 0 || p->hex >= n_hexes || p->counter == NULL)
            continue;
          c = sand_grid_hex_center (grid, size, p->hex);
          add_box (self, c.x - half, c.y - half, c.x + half, c.y + half);
        }
    }
}

void
sand_render_ensure_labels (SandRenderer *self,
                           double        scale,
                           SandLayers    layers)
{
  SandMap *map = self->map;
  const SandGrid *grid = sand_map_get_grid (map);
  double size = sand_map_get_hex_size (map);
  int n_hexes = sand_grid_n_hexes (grid);
  SandLayers key = layers & (SAND_LAYER_NAMES | SAND_LAYER_MARKERS | SAND_LAYER_IDS);
  const SandMarkerRef *refs;
  gboolean markers = (layers & SAND_LAYER_MARKERS) != 0 && size * scale >= 12;
  gboolean names = (layers & SAND_LAYER_NAMES) && name_font (size, scale) * scale >= 6.5;
  double map_w, map_h, text_min = self->text_min;
  double cand[10];

  /* As sand_renderer_draw shows ids: at the full level of detail. */
  if (size * scale < 27)
    key &= ~SAND_LAYER_IDS;
  if (!self->labels_dirty && self->labels_scale == scale && self->labels_layers == key)
    return;
  sand_render_ensure_markers (self);
  self->labels_avoid_ids = (key & SAND_LAYER_IDS) != 0;
  refs = (const SandMarkerRef *) (gpointer) self->marker_refs->data;
  self->labels_dirty = FALSE;
  self->labels_scale = scale;
  self->labels_layers = key;
  self->text_min = 5.0 / scale;
  /* Kept to tell what moved (sand_renderer_update_labels). */
  g_array_set_size (self->labels_prev, 0);
  if (self->labels->len > 0)
    g_array_append_vals (self->labels_prev, self->labels->data, self->labels->len);
  g_array_set_size (self->labels, 0);
  g_array_set_size (self->label_boxes, 0);
  g_array_set_size (self->cell_links, 0);
  sand_grid_pixel_size (grid, size, &map_w, &map_h);
  self->cell_size = size * 2;
  self->cell_cols = MAX ((int) ceil (map_w / self->cell_size), 1);
  self->cell_rows = MAX ((int) ceil (map_h / self->cell_size), 1);
  if ((gsize) self->cell_cols * self->cell_rows > self->cell_capacity)
    {
      self->cell_capacity = (gsize) self->cell_cols * self->cell_rows;
      self->cell_head = g_renew (int, self->cell_head, self->cell_capacity);
    }
  memset (self->cell_head, 0xff, sizeof (int) * self->cell_cols * self->cell_rows);
  if (self->label_sizes_font != name_font (size, scale))
    {
      g_hash_table_remove_all (self->label_sizes);
      self->label_sizes_font = name_font (size, scale);
    }

  if (!names && !markers)
    {
      self->text_min = text_min;
      return;
    }
  /* What labels must not cover: counters, town dots, forts, entry flags. */
  add_counter_boxes (self, size);
  for (int hex = 0; names && hex < n_hexes; hex++)
    {
      const char *name = sand_map_get_place (map, hex);
      SandPoint c;

      if (name == NULL || *name == '\0')
        continue;
      c = sand_grid_hex_center (grid, size, hex);
      add_box (self, c.x - size * 0.13, c.y - size * 0.13,
               c.x + size * 0.13, c.y + size * 0.13);
    }
  for (guint i = 0; markers && i < self->marker_refs->len; i++)
    {
      const SandMarker *m = sand_map_get_marker (map, refs[i].marker);
      SandPoint c = sand_grid_hex_center (grid, size, refs[i].hex);

      if (m->kind == SAND_MARKER_FORT)
        add_box (self, c.x - size * 0.36, c.y - size * 0.36,
                 c.x + size * 0.36, c.y + size * 0.36);
      else if (m->kind == SAND_MARKER_SUPPLY)
        add_box (self, c.x + size * 0.34, c.y - size * 0.34,
                 c.x + size * 0.78, c.y + size * 0.1);
      else if (m->kind == SAND_MARKER_ENTRY)
        add_box (self, c.x - size * 0.64, c.y - size * 0.4,
                 c.x - size * (0.62 - FLAG_W), c.y - size * (0.38 - FLAG_H));
    }

  /* Place names first: they are the map; then the entry groups that
   * overflow their flags, then zone names. */
  for (int hex = 0; names && hex < n_hexes; hex++)
    {
      const char *name = sand_map_get_place (map, hex);
      SandLabelBox l = { SAND_LABEL_NAME, hex, 0, 0, 0, 0, 0, 0, 0, FALSE };
      PangoRectangle logical;
      SandPoint c;
      double w, h, r;

      SandPoint *text_size;

      if (name == NULL || *name == '\0')
        continue;
      text_size = g_hash_table_lookup (self->label_sizes, name);
      if (text_size == NULL)
        {
          if (!set_label_layout (self, &l, size, scale))
            continue;
          pango_layout_get_extents (self->layout, NULL, &logical);
          pango_layout_set_width (self->layout, -1);
          text_size = g_new (SandPoint, 1);
          text_size->x = logical.width / (double) PANGO_SCALE;
          text_size->y = logical.height / (double) PANGO_SCALE;
          g_hash_table_insert (self->label_sizes, g_strdup (name), text_size);
        }
      w = text_size->x + size * 0.08;
      h = text_size->y + size * 0.04;
      c = sand_grid_hex_center (grid, size, hex);
      r = clearance (self, c, size);
      cand[0] = c.x;
      cand[1] = c.y + r + h / 2;
      cand[2] = c.x;
      cand[3] = c.y - r - h / 2;
      cand[4] = c.x + r + w / 2;
      cand[5] = c.y;
      cand[6] = c.x - r - w / 2;
      cand[7] = c.y;
      place (self, &l, w, h, cand, 4, map_w, map_h);
    }
  for (int kind = SAND_LABEL_ENTRY; markers && kind <= SAND_LABEL_SUPPLY; kind++)
    for (guint i = 0; i < self->marker_refs->len; i++)
      {
        const SandMarker *m = sand_map_get_marker (map, refs[i].marker);
        SandLabelBox l = { kind, refs[i].hex, refs[i].marker, 0, 0, 0, 0, 0, 0, FALSE };
        SandPoint c = sand_grid_hex_center (grid, size, refs[i].hex);
        PangoRectangle logical;
        gpointer label_hex;
        /* The flag's box, as an obstacle, with a little air. */
        double w, h, fx = c.x - size * 0.66, top = c.y - size * 0.42;

        if (kind == SAND_LABEL_SUPPLY &&
            (m->kind != SAND_MARKER_SUPPLY || m->name == NULL || strlen (m->name) <= 2))
          continue;
        if (kind != SAND_LABEL_SUPPLY && (m->group == NULL || *m->group == '\0'))
          continue;
        if (refs[i].far_end)
          continue;
        if (kind == SAND_LABEL_ENTRY &&
            (m->kind != SAND_MARKER_ENTRY || sand_render_entry_fits_flag (self, size, m->group)))
          continue;
        if (kind == SAND_LABEL_ZONE &&
            (m->kind != SAND_MARKER_ZONE ||
             !g_hash_table_lookup_extended (self->zone_label_hex, m->group, NULL, &label_hex) ||
             GPOINTER_TO_INT (label_hex) != refs[i].hex))
          continue;
        if (!set_label_layout (self, &l, size, scale))
          continue;
        pango_layout_get_extents (self->layout, NULL, &logical);
        pango_layout_set_width (self->layout, -1);
        w = logical.width / (double) PANGO_SCALE + size * 0.1;
        h = logical.height / (double) PANGO_SCALE + size * 0.05;
        if (kind == SAND_LABEL_SUPPLY)
          {
            /* Around the ring at the hex's right (sand-render-markers.c). */
            double rx = c.x + size * 0.56, ry = c.y - size * 0.12, rr = size * 0.24;

            cand[0] = rx;
            cand[1] = ry + rr + h / 2;
            cand[2] = rx;
            cand[3] = ry - rr - h / 2;
            cand[4] = rx + rr + w / 2;
            cand[5] = ry;
            cand[6] = rx - rr - w / 2;
            cand[7] = ry;
            place (self, &l, w, h, cand, 4, map_w, map_h);
          }
        else if (kind == SAND_LABEL_ENTRY)
          {
            /* Beside the flag it names: above, left of it, under its pole. */
            cand[0] = fx + w / 2;
            cand[1] = top - h / 2;
            cand[2] = fx - w / 2;
            cand[3] = top + size * (0.04 + FLAG_H / 2);
            cand[4] = fx + w / 2;
            cand[5] = c.y + size * 0.32 + h / 2;
            cand[6] = fx - w / 2;
            cand[7] = top - h / 2;
            cand[8] = fx - w / 2;
            cand[9] = c.y + size * 0.32 + h / 2;
            place (self, &l, w, h, cand, 5, map_w, map_h);
          }
        else
          {
            cand[0] = c.x;
            cand[1] = c.y + size * 0.3 + h / 2;
            cand[2] = c.x;
            cand[3] = c.y - size * 0.3 - h / 2;
            cand[4] = c.x + size * 0.3 + w / 2;
            cand[5] = c.y;
            cand[6] = c.x - size * 0.3 - w / 2;
            cand[7] = c.y;
            place (self, &l, w, h, cand, 4, map_w, map_h);
          }
      }
  self->text_min = text_min;
}

const SandLabelBox *
sand_renderer_get_labels (SandRenderer *self,
                          double        scale,
                          SandLayers    layers,
                          guint        *n_labels)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (scale > 0, NULL);
  g_return_val_if_fail (n_labels != NULL, NULL);

  sand_render_ensure_labels (self, scale, layers);
  *n_labels = self->labels->len;
  return (const SandLabelBox *) (gpointer) self->labels->data;
}

/* Labels come out ordered by kind, then hex, then marker. */
static int
compare_label_keys (const SandLabelBox *a,
                    const SandLabelBox *b)
{
  if (a->kind != b->kind)
    return a->kind < b->kind ? -1 : 1;
  if (a->hex != b->hex)
    return a->hex < b->hex ? -1 : 1;
  return a->marker < b->marker ? -1 : a->marker > b->marker;
}

static void
grow (gboolean           *any,
      const SandLabelBox *l,
      double             *x0,
      double             *y0,
      double             *x1,
      double             *y1)
{
  *x0 = *any ? MIN (*x0, l->x0) : l->x0;
  *y0 = *any ? MIN (*y0, l->y0) : l->y0;
  *x1 = *any ? MAX (*x1, l->x1) : l->x1;
  *y1 = *any ? MAX (*y1, l->y1) : l->y1;
  *any = TRUE;
}

gboolean
sand_renderer_update_labels (SandRenderer *self,
                             double        scale,
                             SandLayers    layers,
                             double       *x0,
                             double       *y0,
                             double       *x1,
                             double       *y1)
{
  SandLayers key = layers & (SAND_LAYER_NAMES | SAND_LAYER_MARKERS | SAND_LAYER_IDS);
  gboolean comparable, any = FALSE;
  const SandLabelBox *a, *b;
  guint i = 0, j = 0, na, nb;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (scale > 0, FALSE);
  g_return_val_if_fail (x0 != NULL && y0 != NULL && x1 != NULL && y1 != NULL, FALSE);

  if (sand_map_get_hex_size (self->map) * scale < 27)
    key &= ~SAND_LAYER_IDS;
  if (!self->labels_dirty && self->labels_scale == scale && self->labels_layers == key)
    return FALSE;
  comparable = self->labels_scale == scale && self->labels_layers == key;
  sand_render_ensure_labels (self, scale, layers);
  a = (const SandLabelBox *) (gpointer) self->labels_prev->data;
  na = comparable ? self->labels_prev->len : 0;
  b = (const SandLabelBox *) (gpointer) self->labels->data;
  nb = self->labels->len;
  if (!comparable)
    {
      /* Placed at another zoom before: a cache of this zoom is stale. */
      double w, h;

      sand_grid_pixel_size (sand_map_get_grid (self->map), sand_map_get_hex_size (self->map),
                            &w, &h);
      *x0 = *y0 = 0;
      *x1 = w;
      *y1 = h;
      return TRUE;
    }
  while (i < na || j < nb)
    {
      int cmp = i >= na ? 1 : j >= nb ? -1 : compare_label_keys (&a[i], &b[j]);

      if (cmp < 0)
        grow (&any, &a[i++], x0, y0, x1, y1);
      else if (cmp > 0)
        grow (&any, &b[j++], x0, y0, x1, y1);
      else
        {
          if (a[i].x0 != b[j].x0 || a[i].y0 != b[j].y0 || a[i].x1 != b[j].x1 ||
              a[i].y1 != b[j].y1)
            {
              grow (&any, &a[i], x0, y0, x1, y1);
              grow (&any, &b[j], x0, y0, x1, y1);
            }
          i++;
          j++;
        }
    }
  return any;
}
