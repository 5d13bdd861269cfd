/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-render-palette.c: colours — parsing the ruleset's, mixing them, and
 * the muted defaults for entries that name none — and the palette a
 * renderer builds once from its ruleset: every terrain's, country's,
 * side's and hexside feature's colour and symbol. */
#include "sand-renderer-private.h"

#include <string.h>

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

void
sand_render_build_palette (SandRenderer *self)
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
