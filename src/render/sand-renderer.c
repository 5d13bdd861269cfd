/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-renderer.c: the renderer's life cycle, its indexes, the draw entry
 * points (culling, level of detail, pass order). The passes, the palette,
 * overlays and export live in sand-render-*.c. */
#include "sand-renderer-private.h"

#include <math.h>
#include <string.h>

static void
on_map_changed (SandRenderer *self)
{
  self->markers_dirty = TRUE;
  self->labels_dirty = TRUE;
  self->grid_terrain = -1;
}

static void
on_scenario_changed (SandRenderer *self)
{
  if (!self->custom_counters)
    self->counters_dirty = TRUE;
  self->counters_serial++;
  self->labels_dirty = TRUE; /* names keep clear of set-up counters */
  /* A counter edited in place keeps its address: its stamp is stale. */
  sand_render_clear_counter_stamps (self);
}

SandRenderer *
sand_renderer_new (SandScenario *scenario)
{
  SandRenderer *self;
  cairo_font_options_t *options;

  g_return_val_if_fail (SAND_IS_SCENARIO (scenario), NULL);

  self = g_new0 (SandRenderer, 1);
  self->scenario = g_object_ref (scenario);
  self->map = g_object_ref (sand_scenario_get_map (scenario));
  sand_render_build_palette (self);

  /* Swapped, so the handlers need not know the signals' arguments. */
  if (g_signal_lookup ("changed", SAND_TYPE_MAP) != 0)
    self->map_changed_id = g_signal_connect_swapped (self->map, "changed",
                                                     G_CALLBACK (on_map_changed), self);
  if (g_signal_lookup ("changed", SAND_TYPE_SCENARIO) != 0)
    self->scenario_changed_id = g_signal_connect_swapped (self->scenario, "changed",
                                                          G_CALLBACK (on_scenario_changed),
                                                          self);

  self->marker_refs = g_array_new (FALSE, FALSE, sizeof (SandMarkerRef));
  self->zone_label_hex = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->markers_dirty = TRUE;
  self->grid_terrain = -1;
  self->counters = g_array_new (FALSE, FALSE, sizeof (SandSortedDraw));
  self->counters_dirty = TRUE;
  self->labels = g_array_new (FALSE, FALSE, sizeof (SandLabelBox));
  self->labels_prev = g_array_new (FALSE, FALSE, sizeof (SandLabelBox));
  self->label_boxes = g_array_new (FALSE, FALSE, sizeof (SandLabelBox));
  self->labels_dirty = TRUE;
  self->cell_links = g_array_new (FALSE, FALSE, sizeof (SandCellLink));
  self->label_sizes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  self->pango = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  /* Unhinted metrics: text must lay out the same at every zoom and in every
   * tile, or labels would jump and split along tile seams. */
  options = cairo_font_options_create ();
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (self->pango, options);
  cairo_font_options_destroy (options);
  self->layout = pango_layout_new (self->pango);
  pango_layout_set_alignment (self->layout, PANGO_ALIGN_CENTER);
  self->font_sans = pango_font_description_from_string ("Sans");
  self->font_bold = pango_font_description_from_string ("Sans Bold");
  self->font_name = pango_font_description_from_string ("Serif Bold");
  return self;
}

void
sand_renderer_free (SandRenderer *self)
{
  if (self == NULL)
    return;
  g_clear_signal_handler (&self->map_changed_id, self->map);
  g_clear_signal_handler (&self->scenario_changed_id, self->scenario);
  g_clear_object (&self->map);
  g_clear_object (&self->scenario);
  g_free (self->terrain_rgb);
  g_free (self->terrain_symbol);
  g_free (self->terrain_dark);
  g_free (self->country_band_rgb);
  g_free (self->country_rgb);
  g_free (self->country_passable);
  g_free (self->country_tinted);
  g_free (self->side_rgb);
  g_free (self->unit_symbol);
  g_array_unref (self->marker_refs);
  g_hash_table_unref (self->zone_label_hex);
  g_array_unref (self->counters);
  g_array_unref (self->labels);
  g_array_unref (self->labels_prev);
  g_array_unref (self->label_boxes);
  g_array_unref (self->cell_links);
  g_hash_table_unref (self->label_sizes);
  g_free (self->cell_head);
  g_clear_pointer (&self->counter_stamps, g_hash_table_unref);
  g_clear_object (&self->layout);
  g_clear_object (&self->pango);
  pango_font_description_free (self->font_sans);
  pango_font_description_free (self->font_bold);
  pango_font_description_free (self->font_name);
  sand_render_free_sprites (self);
  g_free (self->lod_pixels);
  g_free (self->scratch);
  g_free (self);
}

SandScenario *
sand_renderer_get_scenario (SandRenderer *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->scenario;
}

void
sand_renderer_invalidate (SandRenderer *self)
{
  g_return_if_fail (self != NULL);
  self->markers_dirty = TRUE;
  self->labels_dirty = TRUE;
  self->grid_terrain = -1;
  if (!self->custom_counters)
    self->counters_dirty = TRUE;
  self->counters_serial++;
  sand_render_clear_counter_stamps (self);
}

void
sand_renderer_get_stats (SandRenderer    *self,
                         SandRenderStats *stats)
{
  g_return_if_fail (self != NULL && stats != NULL);
  *stats = self->stats;
}

/* Indexes */

static int
compare_marker_refs (gconstpointer a,
                     gconstpointer b)
{
  const SandMarkerRef *x = a, *y = b;

  if (x->hex != y->hex)
    return x->hex < y->hex ? -1 : 1;
  if (x->marker != y->marker)
    return x->marker < y->marker ? -1 : 1;
  return x->far_end - y->far_end;
}

typedef struct {
  double x, y;
  guint n;
  int best;
  double best_d;
} ZoneSum;

/* A zone's name is printed once, in the zone hex nearest its centre, like
 * the area names of a printed map: in every hex it would bury the map. */
static void
update_zone_labels (SandRenderer *self)
{
  const SandGrid *grid = sand_map_get_grid (self->map);
  g_autoptr (GHashTable) sums = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  guint n = sand_map_n_markers (self->map);
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_remove_all (self->zone_label_hex);
  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i < n; i++)
      {
        const SandMarker *m = sand_map_get_marker (self->map, i);
        ZoneSum *z;
        SandPoint c;

        if (m->kind != SAND_MARKER_ZONE || m->group == NULL || m->hex < 0 ||
            m->hex >= sand_grid_n_hexes (grid))
          continue;
        c = sand_grid_hex_center (grid, 1.0, m->hex);
        z = g_hash_table_lookup (sums, m->group);
        if (z == NULL)
          {
            z = g_new0 (ZoneSum, 1);
            z->best = SAND_HEX_NONE;
            g_hash_table_insert (sums, m->group, z);
          }
        if (pass == 0)
          {
            z->x += c.x;
            z->y += c.y;
            z->n++;
          }
        else
          {
            double dx = c.x - z->x / z->n, dy = c.y - z->y / z->n;
            double d = dx * dx + dy * dy;

            if (z->best == SAND_HEX_NONE || d < z->best_d - 1e-9 ||
                (fabs (d - z->best_d) <= 1e-9 && m->hex < z->best))
              {
                z->best = m->hex;
                z->best_d = d;
              }
          }
      }
  g_hash_table_iter_init (&iter, sums);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (self->zone_label_hex, g_strdup (key),
                         GINT_TO_POINTER (((ZoneSum *) value)->best));
}

void
sand_render_ensure_markers (SandRenderer *self)
{
  guint n;
  int n_hexes;

  if (!self->markers_dirty)
    return;
  g_array_set_size (self->marker_refs, 0);
  n = sand_map_n_markers (self->map);
  n_hexes = sand_grid_n_hexes (sand_map_get_grid (self->map));
  for (guint i = 0; i < n; i++)
    {
      const SandMarker *m = sand_map_get_marker (self->map, i);
      SandMarkerRef ref = { m->hex, i, FALSE };

      if (m->hex >= 0 && m->hex < n_hexes)
        g_array_append_val (self->marker_refs, ref);
      if (m->kind == SAND_MARKER_OFFMAP_LINK && m->hex2 >= 0 && m->hex2 < n_hexes)
        {
          ref.hex = m->hex2;
          ref.far_end = TRUE;
          g_array_append_val (self->marker_refs, ref);
        }
    }
  g_array_sort (self->marker_refs, compare_marker_refs);
  update_zone_labels (self);
  self->markers_dirty = FALSE;
}

guint
sand_render_marker_lower (SandRenderer *self,
                          int           hex)
{
  const SandMarkerRef *refs = (const SandMarkerRef *) self->marker_refs->data;
  guint lo = 0, hi = self->marker_refs->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (refs[mid].hex < hex)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

static int
compare_sorted_draws (gconstpointer a,
                      gconstpointer b)
{
  const SandSortedDraw *x = a, *y = b;

  if (x->draw.hex != y->draw.hex)
    return x->draw.hex < y->draw.hex ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

static void
append_draw (SandRenderer          *self,
             const SandCounterDraw *draw)
{
  SandSortedDraw s = { *draw, self->counters->len };

  if (draw->counter == NULL || draw->hex < 0 ||
      draw->hex >= sand_grid_n_hexes (sand_map_get_grid (self->map)))
    return;
  g_array_append_val (self->counters, s);
}

void
sand_render_ensure_counters (SandRenderer *self)
{
  guint n_sides;
  g_autoptr (GHashTable) seen = NULL;

  if (!self->counters_dirty)
    return;
  self->counters_dirty = FALSE;
  if (self->custom_counters)
    return;

  /* The set-up of each side's default order of battle: the others are
   * alternatives to it (FPW's A–F), and drawing them all would pile up
   * counters that never meet in one game. */
  g_array_set_size (self->counters, 0);
  seen = g_hash_table_new (NULL, NULL);
  n_sides = sand_ruleset_n_sides (sand_map_get_ruleset (self->map));
  for (guint s = 0; s < n_sides; s++)
    {
      SandOob *oob = sand_scenario_default_oob (self->scenario, (int) s);

      if (oob == NULL || oob->placements == NULL)
        continue;
      for (guint i = 0; i < oob->placements->len; i++)
        {
          const SandPlacement *p = g_ptr_array_index (oob->placements, i);
          const SandCounter *c;
          SandCounterDraw d = { 0 };
          int idx;

          if (p->hex == SAND_HEX_NONE || p->counter == NULL)
            continue;
          idx = sand_scenario_find_counter (self->scenario, p->counter);
          if (idx < 0)
            continue;
          c = sand_scenario_get_counter (self->scenario, (guint) idx);
          if (!g_hash_table_add (seen, (gpointer) c))
            continue;
          d.counter = c;
          d.hex = p->hex;
          d.strength = c->steps > 0 ? c->steps : c->strength;
          append_draw (self, &d);
        }
    }
  g_array_sort (self->counters, compare_sorted_draws);
}

void
sand_renderer_set_counters (SandRenderer          *self,
                            const SandCounterDraw *counters,
                            guint                  n_counters)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (counters != NULL || n_counters == 0);

  g_array_set_size (self->counters, 0);
  self->counters_serial++;
  /* The caller's counters may be new ones at old addresses. */
  sand_render_clear_counter_stamps (self);
  if (counters == NULL)
    {
      self->custom_counters = FALSE;
      self->counters_dirty = TRUE;
      return;
    }
  self->custom_counters = TRUE;
  self->counters_dirty = FALSE;
  for (guint i = 0; i < n_counters; i++)
    append_draw (self, &counters[i]);
  g_array_sort (self->counters, compare_sorted_draws);
}

guint
sand_renderer_get_counters_serial (SandRenderer *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->counters_serial;
}

guint
sand_render_counter_lower (SandRenderer *self,
                           int           hex)
{
  const SandSortedDraw *d = (const SandSortedDraw *) self->counters->data;
  guint lo = 0, hi = self->counters->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (d[mid].draw.hex < hex)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* Geometry helpers */

void
sand_render_hex_path (SandDrawCtx *ctx,
                      SandPoint    c,
                      double       inset)
{
  double k = 1.0 - inset;

  cairo_move_to (ctx->cr, c.x + ctx->corner[0].x * k, c.y + ctx->corner[0].y * k);
  for (int i = 1; i < 6; i++)
    cairo_line_to (ctx->cr, c.x + ctx->corner[i].x * k, c.y + ctx->corner[i].y * k);
  cairo_close_path (ctx->cr);
}

SandPoint
sand_render_side_mid (SandDrawCtx *ctx,
                      SandPoint    c,
                      int          dir)
{
  SandPoint p = {
    c.x + (ctx->corner[dir].x + ctx->corner[(dir + 1) % 6].x) / 2,
    c.y + (ctx->corner[dir].y + ctx->corner[(dir + 1) % 6].y) / 2,
  };

  return p;
}

/* Text */

void
sand_render_text (SandRenderer               *self,
                  const PangoFontDescription *font,
                  double                      size,
                  const char                 *text)
{
  PangoFontDescription *desc;

  /* Pango warns about invalid UTF-8; a renderer must draw any model. */
  self->text_hidden = size < self->text_min || !g_utf8_validate (text, -1, NULL);
  if (self->text_hidden)
    return;
  desc = pango_font_description_copy_static (font);
  pango_font_description_set_absolute_size (desc, size * PANGO_SCALE);
  pango_layout_set_font_description (self->layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_text (self->layout, text, -1);
}

void
sand_render_show_text (SandRenderer *self,
                       cairo_t      *cr,
                       double        x,
                       double        y,
                       SandRgb       color,
                       double        halo)
{
  PangoRectangle ink, logical;

  if (self->text_hidden)
    return;
  pango_layout_get_extents (self->layout, &ink, &logical);
  cairo_move_to (cr,
                 x - (logical.x + logical.width / 2.0) / PANGO_SCALE,
                 y - (logical.y + logical.height / 2.0) / PANGO_SCALE);
  if (halo > 0)
    {
      pango_cairo_layout_path (cr, self->layout);
      cairo_set_line_width (cr, 2 * halo);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
      cairo_stroke_preserve (cr);
      sand_render_set_rgb (cr, color, 1);
      cairo_fill (cr);
    }
  else
    {
      sand_render_set_rgb (cr, color, 1);
      pango_cairo_show_layout (cr, self->layout);
    }
}

/* Ranges and levels of detail */

static SandLod
lod_for_px (double px)
{
  if (px < 4)
    return SAND_LOD_PIXELS;
  if (px < 12)
    return SAND_LOD_SHAPES;
  if (px < 27)
    return SAND_LOD_SYMBOLS;
  return SAND_LOD_FULL;
}

SandLod
sand_renderer_lod_for_scale (SandRenderer *self,
                             double        scale)
{
  g_return_val_if_fail (self != NULL, SAND_LOD_PIXELS);
  return lod_for_px (scale * sand_map_get_hex_size (self->map));
}

void
sand_renderer_hex_range (SandRenderer *self,
                         double        x0,
                         double        y0,
                         double        x1,
                         double        y1,
                         int          *col0,
                         int          *row0,
                         int          *col1,
                         int          *row1)
{
  const SandGrid *grid;
  double w, h;

  g_return_if_fail (self != NULL);
  g_return_if_fail (col0 != NULL && row0 != NULL && col1 != NULL && row1 != NULL);

  grid = sand_map_get_grid (self->map);
  sand_grid_pixel_size (grid, sand_map_get_hex_size (self->map), &w, &h);
  if (x1 < 0 || y1 < 0 || x0 > w || y0 > h || x1 <= x0 || y1 <= y0)
    {
      *col0 = *row0 = 0;
      *col1 = *row1 = -1;
      return;
    }
  sand_grid_visible_range (grid, sand_map_get_hex_size (self->map), x0, y0, x1, y1,
                           col0, row0, col1, row1);
}

void
sand_renderer_region_bounds (SandRenderer *self,
                             int           col0,
                             int           row0,
                             int           col1,
                             int           row1,
                             double       *x0,
                             double       *y0,
                             double       *x1,
                             double       *y1)
{
  const SandGrid *grid;
  double size;
  SandPoint a, b;

  g_return_if_fail (self != NULL);
  g_return_if_fail (x0 != NULL && y0 != NULL && x1 != NULL && y1 != NULL);

  grid = sand_map_get_grid (self->map);
  size = sand_map_get_hex_size (self->map);
  a = sand_grid_offset_center (grid, size, col0, row0);
  b = sand_grid_offset_center (grid, size, col1, row1);
  /* Two radii cover the hexes and their neighbours' borders and zone
   * edges; place names reach SAND_NAME_MARGIN_COLS columns sideways. */
  *x0 = MIN (a.x, b.x) - size * (2 + 1.5 * SAND_NAME_MARGIN_COLS);
  *x1 = MAX (a.x, b.x) + size * (2 + 1.5 * SAND_NAME_MARGIN_COLS);
  *y0 = MIN (a.y, b.y) - size * 2.5;
  *y1 = MAX (a.y, b.y) + size * 2.5;
}

/* Drawing */

gboolean
sand_render_init_ctx (SandRenderer *self,
          SandDrawCtx  *ctx,
          cairo_t      *cr,
          double        scale,
          double        x0,
          double        y0,
          double        x1,
          double        y1)
{
  memset (ctx, 0, sizeof *ctx);
  ctx->self = self;
  ctx->cr = cr;
  ctx->map = self->map;
  ctx->grid = sand_map_get_grid (self->map);
  ctx->size = sand_map_get_hex_size (self->map);
  ctx->scale = scale;
  ctx->px = scale * ctx->size;
  ctx->x0 = x0;
  ctx->y0 = y0;
  ctx->x1 = x1;
  ctx->y1 = y1;
  for (int i = 0; i < 6; i++)
    {
      SandPoint o = { 0, 0 };

      ctx->corner[i] = sand_grid_corner (ctx->grid, ctx->size, o, i);
    }
  ctx->terrain = sand_map_peek_terrain (self->map);
  ctx->countries = sand_map_peek_countries (self->map);
  ctx->sides = sand_map_peek_sides (self->map);
  sand_renderer_hex_range (self, x0, y0, x1, y1,
                           &ctx->col0, &ctx->row0, &ctx->col1, &ctx->row1);
  return ctx->col0 <= ctx->col1 && ctx->row0 <= ctx->row1;
}

void
sand_renderer_draw (SandRenderer *self,
                    cairo_t      *cr,
                    double        scale,
                    double        x0,
                    double        y0,
                    double        x1,
                    double        y1,
                    SandLayers    layers)
{
  SandDrawCtx ctx;
  SandLod lod;

  g_return_if_fail (self != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (scale > 0);

  memset (&self->stats, 0, sizeof self->stats);
  self->stats.col1 = self->stats.row1 = -1;
  if (!sand_render_init_ctx (self, &ctx, cr, scale, x0, y0, x1, y1))
    return;
  ctx.layers = layers;
  self->text_min = 5.0 / scale;
  lod = lod_for_px (ctx.px);
  self->stats.lod = lod;
  self->stats.col0 = ctx.col0;
  self->stats.row0 = ctx.row0;
  self->stats.col1 = ctx.col1;
  self->stats.row1 = ctx.row1;

  cairo_save (cr);
  cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
  cairo_clip (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  if (lod == SAND_LOD_PIXELS)
    {
      if (layers & SAND_LAYER_TERRAIN)
        sand_render_terrain_pixels (&ctx);
      cairo_restore (cr);
      return;
    }

  if (layers & (SAND_LAYER_IDS | SAND_LAYER_NAMES | SAND_LAYER_MARKERS | SAND_LAYER_COUNTERS))
    {
      pango_cairo_update_context (cr, self->pango);
      pango_layout_context_changed (self->layout);
    }
  if (layers & (SAND_LAYER_MARKERS | SAND_LAYER_NAMES))
    {
      sand_render_ensure_markers (self);
      sand_render_ensure_labels (self, scale, layers);
    }

  if (layers & SAND_LAYER_TERRAIN)
    {
      sand_render_terrain (&ctx);
      if (lod >= SAND_LOD_SYMBOLS)
        sand_render_terrain_symbols (&ctx);
    }
  if (layers & SAND_LAYER_MARKERS)
    sand_render_zone_tints (&ctx);
  if (layers & SAND_LAYER_GRID)
    {
      sand_render_grid (&ctx);
      sand_render_borders (&ctx);
    }
  if (layers & SAND_LAYER_SIDES)
    sand_render_sides (&ctx);
  if (layers & SAND_LAYER_CONNECTIONS)
    sand_render_connections (&ctx);
  if (layers & SAND_LAYER_SIDES)
    sand_render_bridges (&ctx);
  if (layers & SAND_LAYER_MARKERS)
    sand_render_markers (&ctx);
  if ((layers & SAND_LAYER_IDS) && lod >= SAND_LOD_FULL)
    sand_render_ids (&ctx);
  if (layers & SAND_LAYER_NAMES)
    sand_render_names (&ctx);
  if (layers & SAND_LAYER_COUNTERS)
    {
      sand_render_ensure_counters (self);
      sand_render_counters (&ctx);
    }
  cairo_restore (cr);
}
