/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-renderer.c: the renderer's life cycle, its palette and indexes, the
 * draw entry points (culling, level of detail, pass order), overlays and
 * export. The passes themselves live in sand-render-*.c. */
#include "sand-renderer-private.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <gio/gio.h>
#include <math.h>
#include <string.h>

#define SQRT3 1.7320508075688772

/* Cairo's image surfaces stop at 32767 pixels a side; a PNG of a quarter
 * gigapixel is already more than anyone prints. */
#define EXPORT_MAX_SIDE 32767
#define EXPORT_MAX_PNG_HEIGHT 1000000

static const SandRgb paper_rgb = { 0.984, 0.973, 0.937 };

void
sand_renderer_parse_color (const char *hex_color,
                           double     *r,
                           double     *g,
                           double     *b)
{
  guint v = 0x808080;
  gsize len;

  g_return_if_fail (r != NULL && g != NULL && b != NULL);

  if (hex_color != NULL && hex_color[0] == '#')
    {
      len = strlen (hex_color + 1);
      if (len == 6 && strspn (hex_color + 1, "0123456789abcdefABCDEF") == 6)
        v = (guint) g_ascii_strtoull (hex_color + 1, NULL, 16);
      else if (len == 3 && strspn (hex_color + 1, "0123456789abcdefABCDEF") == 3)
        {
          guint s = (guint) g_ascii_strtoull (hex_color + 1, NULL, 16);
          v = ((s >> 8) & 0xf) * 0x110000 + ((s >> 4) & 0xf) * 0x1100 + (s & 0xf) * 0x11;
        }
    }
  *r = ((v >> 16) & 0xff) / 255.0;
  *g = ((v >> 8) & 0xff) / 255.0;
  *b = (v & 0xff) / 255.0;
}

static SandRgb
rgb_from (const char *color,
          const char *fallback)
{
  SandRgb c;

  sand_renderer_parse_color (color != NULL ? color : fallback, &c.r, &c.g, &c.b);
  return c;
}

void
sand_render_set_rgb (cairo_t *cr,
                     SandRgb  c,
                     double   alpha)
{
  if (alpha >= 1.0)
    cairo_set_source_rgb (cr, c.r, c.g, c.b);
  else
    cairo_set_source_rgba (cr, c.r, c.g, c.b, alpha);
}

SandRgb
sand_render_mix (SandRgb a,
                 SandRgb b,
                 double  t)
{
  SandRgb c = { a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t };

  return c;
}

gboolean
sand_render_is_dark (SandRgb c)
{
  return 0.299 * c.r + 0.587 * c.g + 0.114 * c.b < 0.55;
}

/* Defaults for ruleset entries that name no colour, in the muted tones of
 * a printed map. */
typedef struct {
  const char *id;
  const char *color;
} IdColor;

static const char *
color_for_id (const IdColor *table,
              gsize          n,
              const char    *id,
              const char    *fallback)
{
  for (gsize i = 0; i < n; i++)
    if (g_strcmp0 (table[i].id, id) == 0)
      return table[i].color;
  return fallback;
}

static const char *
default_terrain_color (const char *id)
{
  static const IdColor table[] = {
    { "clear", "#ece6c6" }, { "open", "#ece6c6" }, { "rough", "#d5c194" },
    { "hills", "#d8c48f" }, { "forest", "#a8c68a" }, { "woods", "#a8c68a" },
    { "village", "#e6dcc2" }, { "town", "#e0d2b8" }, { "city", "#d8c6ad" },
    { "marsh", "#cfe0cc" }, { "swamp", "#cfe0cc" }, { "mountain", "#bfa57e" },
    { "water", "#a9cbe6" }, { "lake", "#a9cbe6" }, { "sea", "#9fc3e2" },
  };

  return color_for_id (table, G_N_ELEMENTS (table), id, "#e4dfc8");
}

static const char *
default_country_color (const char *id)
{
  static const IdColor table[] = {
    { "france", "#3b64b0" }, { "germany", "#4d4d4d" }, { "belgium", "#d9a21b" },
    { "luxemburg", "#b8432f" },
  };

  return color_for_id (table, G_N_ELEMENTS (table), id, "#8a6f9e");
}

static const char *
default_side_color (const char *id)
{
  static const IdColor table[] = { { "french", "#4a76c4" }, { "german", "#7f8c6a" } };

  return color_for_id (table, G_N_ELEMENTS (table), id, "#a08060");
}

static const char *
def_param (GHashTable *params,
           const char *name,
           const char *fallback)
{
  return params != NULL ? sand_params_str (params, name, fallback) : fallback;
}

static SandTerrainSymbol
terrain_symbol_for (const char *name)
{
  static const struct { const char *name; SandTerrainSymbol symbol; } table[] = {
    { "forest", SAND_TERRAIN_SYMBOL_FOREST }, { "woods", SAND_TERRAIN_SYMBOL_FOREST },
    { "rough", SAND_TERRAIN_SYMBOL_ROUGH }, { "hill", SAND_TERRAIN_SYMBOL_ROUGH },
    { "mountain", SAND_TERRAIN_SYMBOL_MOUNTAIN }, { "marsh", SAND_TERRAIN_SYMBOL_MARSH },
    { "swamp", SAND_TERRAIN_SYMBOL_MARSH }, { "village", SAND_TERRAIN_SYMBOL_VILLAGE },
    { "town", SAND_TERRAIN_SYMBOL_VILLAGE }, { "city", SAND_TERRAIN_SYMBOL_CITY },
    { "water", SAND_TERRAIN_SYMBOL_WATER }, { "lake", SAND_TERRAIN_SYMBOL_WATER },
    { "sea", SAND_TERRAIN_SYMBOL_WATER },
  };

  for (guint i = 0; i < G_N_ELEMENTS (table); i++)
    if (name != NULL && strstr (name, table[i].name) != NULL)
      return table[i].symbol;
  return SAND_TERRAIN_SYMBOL_NONE;
}

static SandSideStyle
side_style_for (const char   *name,
                SandSideKind  kind)
{
  if (name != NULL)
    {
      if (strstr (name, "bridge") != NULL)
        return SAND_SIDE_STYLE_BRIDGE;
      if (strstr (name, "rail") != NULL)
        return SAND_SIDE_STYLE_RAIL;
      if (strstr (name, "track") != NULL || strstr (name, "trail") != NULL)
        return SAND_SIDE_STYLE_TRACK;
      if (strstr (name, "road") != NULL)
        return SAND_SIDE_STYLE_ROAD;
      if (strstr (name, "stream") != NULL || strstr (name, "creek") != NULL ||
          strstr (name, "brook") != NULL)
        return SAND_SIDE_STYLE_STREAM;
      if (strstr (name, "river") != NULL || strstr (name, "canal") != NULL)
        return SAND_SIDE_STYLE_RIVER;
      if (strstr (name, "ridge") != NULL || strstr (name, "escarp") != NULL ||
          strstr (name, "slope") != NULL)
        return SAND_SIDE_STYLE_RIDGE;
    }
  return kind == SAND_SIDE_CONNECTION ? SAND_SIDE_STYLE_ROAD : SAND_SIDE_STYLE_LINE;
}

static const char *
default_feature_color (SandSideStyle style)
{
  switch (style)
    {
    case SAND_SIDE_STYLE_RIVER: return "#3f7fc8";
    case SAND_SIDE_STYLE_STREAM: return "#5a9ad6";
    case SAND_SIDE_STYLE_RIDGE: return "#8a5a2b";
    case SAND_SIDE_STYLE_BRIDGE: return "#2b2b2b";
    case SAND_SIDE_STYLE_ROAD: return "#b0522a";
    case SAND_SIDE_STYLE_TRACK: return "#9a6a3a";
    case SAND_SIDE_STYLE_RAIL: return "#1c1c1c";
    case SAND_SIDE_STYLE_LINE:
    default: return "#555555";
    }
}

static SandUnitSymbol
unit_symbol_for (const char *name)
{
  static const struct { const char *name; SandUnitSymbol symbol; } table[] = {
    { "infantry", SAND_UNIT_SYMBOL_INFANTRY }, { "light", SAND_UNIT_SYMBOL_LIGHT },
    { "cavalry", SAND_UNIT_SYMBOL_CAVALRY }, { "artillery", SAND_UNIT_SYMBOL_ARTILLERY },
    { "hq", SAND_UNIT_SYMBOL_HQ }, { "eb", SAND_UNIT_SYMBOL_EB },
    { "dummy", SAND_UNIT_SYMBOL_DUMMY }, { "fort", SAND_UNIT_SYMBOL_FORT },
    { "combat", SAND_UNIT_SYMBOL_COMBAT }, { "corps", SAND_UNIT_SYMBOL_COMBAT },
  };

  for (guint i = 0; i < G_N_ELEMENTS (table); i++)
    if (g_strcmp0 (name, table[i].name) == 0)
      return table[i].symbol;
  return SAND_UNIT_SYMBOL_OTHER;
}

static void
build_palette (SandRenderer *self)
{
  SandRuleset *rs = sand_map_get_ruleset (self->map);

  self->n_terrains = sand_ruleset_n_terrains (rs);
  self->terrain_rgb = g_new0 (SandRgb, MAX (self->n_terrains, 1));
  self->terrain_symbol = g_new0 (SandTerrainSymbol, MAX (self->n_terrains, 1));
  self->terrain_dark = g_new0 (gboolean, MAX (self->n_terrains, 1));
  for (guint i = 0; i < self->n_terrains; i++)
    {
      const SandTerrainDef *t = sand_ruleset_get_terrain (rs, i);

      self->terrain_rgb[i] = rgb_from (t->color, default_terrain_color (t->id));
      self->terrain_symbol[i] = terrain_symbol_for (def_param (t->params, "symbol", t->id));
      self->terrain_dark[i] = sand_render_is_dark (self->terrain_rgb[i]);
    }

  self->n_countries = sand_ruleset_n_countries (rs);
  self->country_rgb = g_new0 (SandRgb, MAX (self->n_countries, 1));
  self->country_band_rgb = g_new0 (SandRgb, MAX (self->n_countries, 1));
  self->country_passable = g_new0 (gboolean, MAX (self->n_countries, 1));
  self->country_tinted = g_new0 (gboolean, MAX (self->n_countries, 1));

  self->n_sides = sand_ruleset_n_sides (rs);
  self->side_rgb = g_new0 (SandRgb, MAX (self->n_sides, 1));
  for (guint i = 0; i < self->n_sides; i++)
    {
      const SandSideDef *s = sand_ruleset_get_side (rs, i);

      self->side_rgb[i] = rgb_from (s->color, default_side_color (s->id));
    }

  for (guint i = 0; i < self->n_countries; i++)
    {
      const SandCountryDef *c = sand_ruleset_get_country (rs, i);
      SandRgb deep = { 0.45, 0.3, 0.1 };

      self->country_rgb[i] = rgb_from (c->color, default_country_color (c->id));
      self->country_passable[i] = c->passable;
      self->country_tinted[i] = c->tinted;
      /* Country colours are pale tints; a boundary needs a colour that
       * shows on the terrain beside it. */
      if (c->side >= 0 && (guint) c->side < self->n_sides)
        self->country_band_rgb[i] = self->side_rgb[c->side];
      else
        self->country_band_rgb[i] = sand_render_mix (self->country_rgb[i], deep, 0.55);
    }

  self->n_features = MIN (sand_ruleset_n_side_features (rs), SAND_MAX_SIDE_FEATURES);
  for (guint i = 0; i < self->n_features; i++)
    {
      const SandSideFeatureDef *f = sand_ruleset_get_side_feature (rs, i);
      SandSideStyle style = side_style_for (def_param (f->params, "style", f->id), f->kind);

      self->feature_style[i] = style;
      self->feature_rgb[i] = rgb_from (f->color, default_feature_color (style));
      if (f->kind == SAND_SIDE_CONNECTION)
        self->connection_mask |= 1u << i;
      else
        self->along_mask |= 1u << i;
    }

  self->n_unit_types = sand_ruleset_n_unit_types (rs);
  self->unit_symbol = g_new0 (SandUnitSymbol, MAX (self->n_unit_types, 1));
  for (guint i = 0; i < self->n_unit_types; i++)
    {
      const SandUnitTypeDef *u = sand_ruleset_get_unit_type (rs, i);

      self->unit_symbol[i] = unit_symbol_for (u->symbol != NULL ? u->symbol : u->id);
    }
}

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
  build_palette (self);

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

static gboolean
init_ctx (SandRenderer *self,
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
  if (!init_ctx (self, &ctx, cr, scale, x0, y0, x1, y1))
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

/* Overlay */

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

  if (!init_ctx (self, &ctx, cr, scale, x0, y0, x1, y1))
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

/* Export */

typedef struct {
  GOutputStream *stream;
  GError *error;
} ExportSink;

static cairo_status_t
export_write (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  ExportSink *sink = closure;

  if (sink->error != NULL)
    return CAIRO_STATUS_WRITE_ERROR;
  if (!g_output_stream_write_all (sink->stream, data, length, NULL, NULL, &sink->error))
    return CAIRO_STATUS_WRITE_ERROR;
  return CAIRO_STATUS_SUCCESS;
}

typedef enum { EXPORT_PNG, EXPORT_SVG, EXPORT_PDF } ExportFormat;

gboolean
sand_renderer_export (SandRenderer *self,
                      const char   *path,
                      double        scale,
                      SandLayers    layers,
                      GError      **error)
{
  g_autoptr (GFile) file = NULL;
  g_autoptr (GFileOutputStream) out = NULL;
  g_autoptr (GCancellable) cancel = NULL;
  g_autofree char *lower = NULL;
  ExportSink sink = { NULL, NULL };
  ExportFormat format;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  double w, h;
  int pw, ph;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  lower = g_ascii_strdown (path, -1);
  if (g_str_has_suffix (lower, ".png"))
    format = EXPORT_PNG;
  else if (g_str_has_suffix (lower, ".svg"))
    format = EXPORT_SVG;
  else if (g_str_has_suffix (lower, ".pdf"))
    format = EXPORT_PDF;
  else
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "%s: unknown image format (use .png, .svg or .pdf)", path);
      return FALSE;
    }
  if (!(scale > 0) || !isfinite (scale))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "%s: the scale must be a positive number", path);
      return FALSE;
    }

  sand_grid_pixel_size (sand_map_get_grid (self->map), sand_map_get_hex_size (self->map),
                        &w, &h);
  /* PNG streams in bands (sand-render-png.c): only its width is bound by
   * cairo's surfaces; its height by what a PNG reader will take. */
  if (w * scale > EXPORT_MAX_SIDE ||
      h * scale > (format == EXPORT_PNG ? EXPORT_MAX_PNG_HEIGHT : EXPORT_MAX_SIDE))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "%s: %.0f×%.0f is too large an image; use a smaller scale", path,
                   ceil (w * scale), ceil (h * scale));
      return FALSE;
    }
  pw = MAX (1, (int) ceil (w * scale));
  ph = MAX (1, (int) ceil (h * scale));

  /* Written through a replace stream, so a failed export leaves any old
   * file in place and errors name their cause. */
  file = g_file_new_for_path (path);
  out = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL, error);
  if (out == NULL)
    return FALSE;
  sink.stream = G_OUTPUT_STREAM (out);

  if (format == EXPORT_PNG)
    {
      if (!sand_render_png_stream (self, sink.stream, scale, layers, pw, ph, paper_rgb,
                                   &sink.error))
        status = CAIRO_STATUS_WRITE_ERROR;
      else
        status = CAIRO_STATUS_SUCCESS;
      goto done;
    }
  if (format == EXPORT_SVG)
    surface = cairo_svg_surface_create_for_stream (export_write, &sink, pw, ph);
  else
    surface = cairo_pdf_surface_create_for_stream (export_write, &sink, pw, ph);

  cr = cairo_create (surface);
  sand_render_set_rgb (cr, paper_rgb, 1);
  cairo_paint (cr);
  cairo_scale (cr, scale, scale);
  sand_renderer_draw (self, cr, scale, 0, 0, w, h, layers);
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

done:
  if (sink.error != NULL || status != CAIRO_STATUS_SUCCESS)
    {
      cancel = g_cancellable_new ();
      g_cancellable_cancel (cancel);
      g_output_stream_close (G_OUTPUT_STREAM (out), cancel, NULL);
      if (sink.error != NULL)
        {
          g_propagate_prefixed_error (error, g_steal_pointer (&sink.error), "%s: ", path);
        }
      else
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: %s", path,
                     cairo_status_to_string (status));
      return FALSE;
    }
  if (!g_output_stream_close (G_OUTPUT_STREAM (out), NULL, error))
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
  return TRUE;
}
