/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-renderer-private.h: the renderer's state, shared by the files that
 * draw one family of things each (terrain, hexsides, labels, markers,
 * counters). Nothing here is public API. */
#pragma once

#include <gio/gio.h>
#include <pango/pangocairo.h>

#include "sand-renderer.h"

G_BEGIN_DECLS

typedef struct {
  double r, g, b;
} SandRgb;

#define SAND_SPRITE_VARIANTS 4

/* Place names wrap between words at SAND_NAME_WRAP_RADII hex radii, so
 * that a name placed beside its hex (sand-render-labels.c) mostly stays
 * within SAND_NAME_MARGIN_COLS columns of it: what the town-dot pass and
 * sand_renderer_region_bounds allow for. Tiles draw labels from their
 * map-wide placement, so no tile needs a margin to stay seamless, and
 * sand_renderer_update_labels reports a label that moved further. */
#define SAND_NAME_WRAP_RADII 4.0
#define SAND_NAME_MARGIN_COLS 2

/* How a terrain is decorated beyond its fill; from the terrain's "symbol"
 * param, else guessed from its id. */
typedef enum {
  SAND_TERRAIN_SYMBOL_NONE,
  SAND_TERRAIN_SYMBOL_FOREST,
  SAND_TERRAIN_SYMBOL_ROUGH,
  SAND_TERRAIN_SYMBOL_MOUNTAIN,
  SAND_TERRAIN_SYMBOL_MARSH,
  SAND_TERRAIN_SYMBOL_VILLAGE,
  SAND_TERRAIN_SYMBOL_CITY,
  SAND_TERRAIN_SYMBOL_WATER,
  SAND_N_TERRAIN_SYMBOLS
} SandTerrainSymbol;

/* How a hexside feature is drawn; from its "style" param, else its id. */
typedef enum {
  SAND_SIDE_STYLE_LINE,   /* unknown along-side feature: a line in its colour */
  SAND_SIDE_STYLE_RIVER,
  SAND_SIDE_STYLE_STREAM,
  SAND_SIDE_STYLE_RIDGE,
  SAND_SIDE_STYLE_BRIDGE,
  SAND_SIDE_STYLE_ROAD,
  SAND_SIDE_STYLE_TRACK,  /* minor road: dashed */
  SAND_SIDE_STYLE_RAIL,
} SandSideStyle;

typedef enum {
  SAND_UNIT_SYMBOL_INFANTRY,
  SAND_UNIT_SYMBOL_LIGHT,
  SAND_UNIT_SYMBOL_CAVALRY,
  SAND_UNIT_SYMBOL_ARTILLERY,
  SAND_UNIT_SYMBOL_HQ,
  SAND_UNIT_SYMBOL_EB,
  SAND_UNIT_SYMBOL_DUMMY,
  SAND_UNIT_SYMBOL_FORT,
  SAND_UNIT_SYMBOL_COMBAT, /* a corps of all arms: infantry X with a size mark */
  SAND_UNIT_SYMBOL_OTHER,
} SandUnitSymbol;

/* One marker as the draw loop sees it: markers sorted by hex so that a
 * rectangle finds its own by binary search; an off-map link appears once
 * per end. */
typedef struct {
  int hex;
  guint marker;
  gboolean far_end; /* OFFMAP_LINK drawn at hex2 */
} SandMarkerRef;

typedef struct {
  SandCounterDraw draw;
  guint order; /* position in the caller's list: stacking order */
} SandSortedDraw;

typedef struct {
  int box;  /* index in label_boxes */
  int next; /* next link in the same cell, or -1 */
} SandCellLink;

/* What a draw call computes once and every pass reads. */
typedef struct {
  SandRenderer *self;
  cairo_t *cr;
  SandMap *map;
  const SandGrid *grid;
  double size;     /* hex circumradius in map units */
  double scale;    /* device pixels per map unit */
  double px;       /* hex circumradius in device pixels: picks the detail */
  double x0, y0, x1, y1;
  SandLayers layers;
  int col0, row0, col1, row1; /* hexes whose drawing may reach the rectangle */
  SandPoint corner[6];        /* corner offsets from a hex centre */
  const guint8 *terrain;
  const gint8 *countries;
  const guint32 *sides;
} SandDrawCtx;

struct _SandRenderer {
  SandScenario *scenario;
  SandMap *map;
  gulong map_changed_id;
  gulong scenario_changed_id;

  /* Palette and styles, indexed like the ruleset's lists. */
  SandRgb *terrain_rgb;
  SandTerrainSymbol *terrain_symbol;
  gboolean *terrain_dark;    /* print labels light on it */
  guint n_terrains;
  SandRgb *country_rgb;
  SandRgb *country_band_rgb; /* boundary band: the home side's colour, else a
                              * deeper shade of the country's */
  gboolean *country_passable;
  gboolean *country_tinted;   /* washed in the country colour */
  guint n_countries;
  SandRgb *side_rgb;
  guint n_sides;
  SandRgb feature_rgb[SAND_MAX_SIDE_FEATURES];
  SandSideStyle feature_style[SAND_MAX_SIDE_FEATURES];
  guint n_features;
  guint32 along_mask;     /* features drawn along the side */
  guint32 connection_mask;
  SandUnitSymbol *unit_symbol;
  guint n_unit_types;

  /* Markers by hex (rebuilt lazily after the map changes). */
  GArray *marker_refs; /* SandMarkerRef */
  GHashTable *zone_label_hex; /* zone id → the hex that carries its name */
  gboolean markers_dirty;

  /* Counters by hex; the default list is rebuilt after the scenario changes. */
  GArray *counters;    /* SandSortedDraw, sorted by hex then order */
  gboolean custom_counters;
  gboolean counters_dirty;
  guint counters_serial; /* bumped whenever what the counters layer shows may change */

  /* Text: one context and a few layouts, reused by every draw. */
  PangoContext *pango;
  PangoLayout *layout;        /* general text */
  PangoFontDescription *font_sans;
  PangoFontDescription *font_bold;
  PangoFontDescription *font_name;
  /* Text smaller than this (map units) is skipped: below 5 device pixels
   * it is noise, and costly noise. Set by each draw. */
  double text_min;
  gboolean text_hidden;

  /* Pixel buffer of the lowest level of detail, grown as needed. */
  guint32 *lod_pixels;
  gsize lod_capacity;
  /* Terrain symbols pre-drawn at sprite_scale device pixels per map unit,
   * SAND_SPRITE_VARIANTS per terrain. */
  cairo_pattern_t **sprites;
  double sprite_scale;
  double sprite_size;     /* the map's hex size they were drawn for */
  double sprite_half;     /* half the sprite's side, device pixels */

  /* Counter faces pre-drawn at counter_stamp_scale (see
   * sand-render-counters.c). */
  GHashTable *counter_stamps;
  double counter_stamp_scale;
  double counter_stamp_side;

  /* Labels placed over the whole map once per map, scenario or scale
   * change, so that every tile draws a label cut by its edge alike. */
  GArray *labels;      /* SandLabelBox, in placement order */
  GArray *labels_prev; /* the placement before, for sand_renderer_update_labels */
  GArray *label_boxes; /* SandLabelBox: obstacles then placed labels, reused */
  gboolean labels_dirty;
  double labels_scale;
  SandLayers labels_layers;
  gboolean labels_avoid_ids; /* hex ids show: labels keep off them too */
  /* A bucket grid over label_boxes, so that a candidate spot is checked
   * against its neighbours only: per cell, the first link; links chain the
   * boxes in a cell. Reused. */
  int *cell_head;
  gsize cell_capacity;
  int cell_cols, cell_rows;
  double cell_size;
  GArray *cell_links;      /* SandCellLink */
  /* Text sizes by text, for the font size they were measured at: a map
   * edit re-places the labels without laying out every name again. */
  GHashTable *label_sizes; /* char * → SandPoint (width, height) */
  double label_sizes_font;

  /* The commonest terrain of the whole map (-1: not counted since the map
   * changed): the grid's colour is mixed from it, the same in every tile
   * or band. */
  int grid_terrain;

  /* Per-hex scratch bytes for one pass over a range, grown as needed. */
  guint8 *scratch;
  gsize scratch_capacity;

  SandRenderStats stats;
};

/* sand-render-palette.c */
void     sand_render_build_palette     (SandRenderer      *self);

/* sand-renderer.c */
/* Fills @ctx for drawing the region (x0, y0)-(x1, y1) at @scale; FALSE
 * when no hex is in it. */
gboolean sand_render_init_ctx          (SandRenderer      *self,
                                        SandDrawCtx       *ctx,
                                        cairo_t           *cr,
                                        double             scale,
                                        double             x0,
                                        double             y0,
                                        double             x1,
                                        double             y1);
void     sand_render_hex_path          (SandDrawCtx       *ctx,
                                        SandPoint          c,
                                        double             inset);
void     sand_render_set_rgb           (cairo_t           *cr,
                                        SandRgb            c,
                                        double             alpha);
SandRgb  sand_render_mix               (SandRgb            a,
                                        SandRgb            b,
                                        double             t);
gboolean sand_render_is_dark           (SandRgb            c);
SandPoint sand_render_side_mid         (SandDrawCtx       *ctx,
                                        SandPoint          c,
                                        int                dir);
/* Sets the general layout's font (absolute size in map units) and text. */
void     sand_render_text              (SandRenderer      *self,
                                        const PangoFontDescription *font,
                                        double             size,
                                        const char        *text);
/* Draws the layout centred on (x, y); a halo of @halo map units when > 0. */
void     sand_render_show_text         (SandRenderer      *self,
                                        cairo_t           *cr,
                                        double             x,
                                        double             y,
                                        SandRgb            color,
                                        double             halo);
void     sand_render_ensure_markers    (SandRenderer      *self);
/* Index of the first marker ref on or after @hex. */
guint    sand_render_marker_lower      (SandRenderer      *self,
                                        int                hex);
void     sand_render_ensure_counters   (SandRenderer      *self);
guint    sand_render_counter_lower     (SandRenderer      *self,
                                        int                hex);

/* sand-render-terrain.c */
void     sand_render_terrain           (SandDrawCtx       *ctx);
void     sand_render_terrain_pixels    (SandDrawCtx       *ctx);
void     sand_render_terrain_symbols   (SandDrawCtx       *ctx);
void     sand_render_grid              (SandDrawCtx       *ctx);
void     sand_render_free_sprites      (SandRenderer      *self);
void     sand_render_borders           (SandDrawCtx       *ctx);

/* sand-render-sides.c */
void     sand_render_sides             (SandDrawCtx       *ctx);
void     sand_render_connections       (SandDrawCtx       *ctx);
void     sand_render_bridges           (SandDrawCtx       *ctx);

/* sand-render-labels.c */
void     sand_render_ids               (SandDrawCtx       *ctx);
void     sand_render_names             (SandDrawCtx       *ctx);
void     sand_render_ensure_labels     (SandRenderer      *self,
                                        double             scale,
                                        SandLayers         layers);
/* Whether placed label @l reaches the draw rectangle; if so, sets the
 * general layout to its text (wrapped: reset the width after drawing). */
gboolean sand_render_label_layout      (SandDrawCtx       *ctx,
                                        const SandLabelBox *l);
/* Whether an entry flag's group fits inside the flag (else it is placed). */
gboolean sand_render_entry_fits_flag   (SandRenderer      *self,
                                        double             size,
                                        const char        *group);

/* sand-render-markers.c */
void     sand_render_zone_tints        (SandDrawCtx       *ctx);
void     sand_render_markers           (SandDrawCtx       *ctx);

/* sand-render-png.c: the whole map (@width × @height pixels at @scale)
 * as a PNG written to @out, in bands on all cores. */
gboolean sand_render_png_stream        (SandRenderer      *self,
                                        GOutputStream     *out,
                                        double             scale,
                                        SandLayers         layers,
                                        int                width,
                                        int                height,
                                        SandRgb            paper,
                                        GError           **error);

/* sand-render-counters.c */
void     sand_render_counters          (SandDrawCtx       *ctx);
void     sand_render_clear_counter_stamps (SandRenderer   *self);

G_END_DECLS
