/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-renderer.h: draws a scenario's map, or any rectangle of it, with
 * cairo and pango. The editor's canvas (into cached tiles) and
 * `sandtable-cli render` (PNG/SVG/PDF) both draw through here, so what a
 * designer sees is what they export.
 *
 * Coordinates: "map units" are points at scale 1, with the map's bounding
 * box (sand_grid_pixel_size () at sand_map_get_hex_size ()) from (0, 0).
 * The caller sets up the cairo transform from map units to the device; the
 * renderer only needs the scale to pick a level of detail (no hex ids when
 * they would be unreadable) and the rectangle to cull to.
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "sand-scenario.h"

G_BEGIN_DECLS

typedef enum {
  SAND_LAYER_TERRAIN     = 1 << 0, /* hex fills and terrain symbols */
  SAND_LAYER_SIDES       = 1 << 1, /* rivers, streams, ridges, bridges */
  SAND_LAYER_CONNECTIONS = 1 << 2, /* roads and rails */
  SAND_LAYER_GRID        = 1 << 3, /* hex outlines and country borders */
  SAND_LAYER_IDS         = 1 << 4, /* CCRR in each hex */
  SAND_LAYER_NAMES       = 1 << 5, /* place names */
  SAND_LAYER_MARKERS     = 1 << 6, /* forts, entry flags, supply, victory, zones, links */
  SAND_LAYER_COUNTERS    = 1 << 7, /* counters at their set-up hexes */
  SAND_LAYER_ALL         = 0xff,
  /* What changes only when the map changes: the canvas caches these in tiles. */
  SAND_LAYER_STATIC      = SAND_LAYER_TERRAIN | SAND_LAYER_SIDES | SAND_LAYER_CONNECTIONS |
                           SAND_LAYER_GRID | SAND_LAYER_IDS | SAND_LAYER_NAMES |
                           SAND_LAYER_MARKERS,
} SandLayers;

/* A counter to draw: the renderer draws what it is given, so playtest can
 * pass game state and the editor set-up positions alike. */
#define SAND_COUNTER_MAX_STATES 8

typedef struct {
  const SandCounter *counter;
  int hex;
  int strength;      /* current strength (FPW) or steps (LFAF) to print */
  gboolean face_down;/* draw the back only (hidden identity) */
  gboolean selected;
  guint flags;       /* SAND_COUNTER_DRAW_* */
  /* The rules module's states of the unit (sand_game_unit_rule_flags),
   * static strings, NULL after the last: those the ruleset declares a
   * badge for (<badges>) are drawn as it says. */
  const char *states[SAND_COUNTER_MAX_STATES];
} SandCounterDraw;

enum {
  SAND_COUNTER_DRAW_ENTRAINED = 1 << 0,
  SAND_COUNTER_DRAW_REDUCED   = 1 << 1,
  SAND_COUNTER_DRAW_MOVED     = 1 << 2,
  /* For a counter sheet: square, no shadow, and text down to print sizes
   * (a printer resolves what a screen would blur). */
  SAND_COUNTER_DRAW_PRINT     = 1 << 3,
};

/* A renderer keeps reusable state (text layouts, symbol stamps, indexes):
 * use one from one thread at a time. */
typedef struct _SandRenderer SandRenderer;

SandRenderer *sand_renderer_new               (SandScenario       *scenario);
void          sand_renderer_free              (SandRenderer       *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SandRenderer, sand_renderer_free)

SandScenario *sand_renderer_get_scenario      (SandRenderer       *self);

/* Counters drawn by SAND_LAYER_COUNTERS. By default, the fixed-hex set-up
 * placements of each side's default order of battle
 * (sand_scenario_default_oob (): the other OOBs of a side are alternatives
 * to it); a playtest sets its own list (copied; the counters it points to
 * must outlive it). Passing NULL, 0 returns to the default. */
void          sand_renderer_set_counters      (SandRenderer       *self,
                                               const SandCounterDraw *counters,
                                               guint               n_counters);

/* Changes whenever what the counters layer draws may have changed (a new
 * list, the scenario changed): a canvas that keeps drawn counters knows
 * when to drop them. Each sand_renderer_set_counters () adds one. */
guint         sand_renderer_get_counters_serial (SandRenderer     *self);

/* Draws @layers for the map-unit rectangle (x0, y0)–(x1, y1). */
void          sand_renderer_draw              (SandRenderer       *self,
                                               cairo_t            *cr,
                                               double              scale,
                                               double              x0,
                                               double              y0,
                                               double              x1,
                                               double              y1,
                                               SandLayers          layers);

/* Draws one counter centred on (x, y) with the given side length in map
 * units: the canvas, the counter-mix list and the set-up panel use it. */
void          sand_renderer_draw_counter      (SandRenderer       *self,
                                               cairo_t            *cr,
                                               const SandCounterDraw *draw,
                                               double              x,
                                               double              y,
                                               double              side_length);

/* Per-hex overlay, drawn on top of everything by sand_renderer_draw_overlay:
 * the playtest's reachable hexes, zones of control, supply, validation
 * problems. Colours are 0xRRGGBBAA; 0 = nothing on that hex. Labels may be
 * NULL. */
typedef struct {
  const guint32 *tint;     /* per hex, or NULL */
  const char * const *labels; /* per hex, or NULL */
  const int *outline;      /* hexes to outline, or NULL */
  guint n_outline;
  guint32 outline_color;
  const int *path;         /* a path of hexes to draw as a line, or NULL */
  guint n_path;
  const struct _SandOverlayArea *areas; /* outlined around their outer edge, or NULL */
  guint n_areas;
} SandOverlay;

/* A set of hexes shown as one area (the playtest's command ranges): washed
 * and outlined along its outer edge in @side's colour (-1: the overlay's
 * outline_color), so that where it ends reads at a glance. */
typedef struct _SandOverlayArea {
  const int *hexes;
  guint n_hexes;
  int side;
} SandOverlayArea;

void          sand_renderer_draw_overlay      (SandRenderer       *self,
                                               cairo_t            *cr,
                                               double              scale,
                                               double              x0,
                                               double              y0,
                                               double              x1,
                                               double              y1,
                                               const SandOverlay  *overlay);

/* Whole-map export by file extension (.png, .svg, .pdf) at @scale (pixels
 * or points per map unit). */
gboolean      sand_renderer_export            (SandRenderer       *self,
                                               const char         *path,
                                               double              scale,
                                               SandLayers          layers,
                                               GError            **error);

/* Levels of detail, chosen from the hex circumradius on the device
 * (scale × sand_map_get_hex_size ()), so that a zoomed-out map stays fast
 * and never turns into noise. */
typedef enum {
  SAND_LOD_PIXELS,  /* under 4 px: terrain only, one block of colour per hex */
  SAND_LOD_SHAPES,  /* under 12 px: + grid, borders, hexsides, roads, rails,
                     * markers and counters as plain shapes */
  SAND_LOD_SYMBOLS, /* under 27 px: + terrain symbols, counter symbols */
  SAND_LOD_FULL,    /* + hex ids (at least 6 px high) */
  /* Place names show from 6.5 px high (kept legible as the map zooms out,
   * up to half a hex); other text from 5 px. */
} SandLod;

SandLod       sand_renderer_lod_for_scale     (SandRenderer       *self,
                                               double              scale);

/* The hexes (inclusive offset columns/rows, clamped to the map) whose
 * drawing may reach the map-unit rectangle: what a draw of that rectangle
 * visits. */
void          sand_renderer_hex_range         (SandRenderer       *self,
                                               double              x0,
                                               double              y0,
                                               double              x1,
                                               double              y1,
                                               int                *col0,
                                               int                *row0,
                                               int                *col1,
                                               int                *row1);

/* The map-unit rectangle whose pixels may change when the hexes
 * col0..col1 × row0..row1 change (their neighbours' borders, place names
 * that spill over): what a canvas invalidates on SandMap::changed. */
void          sand_renderer_region_bounds     (SandRenderer       *self,
                                               int                 col0,
                                               int                 row0,
                                               int                 col1,
                                               int                 row1,
                                               double             *x0,
                                               double             *y0,
                                               double             *x1,
                                               double             *y1);

/* The renderer follows SandMap::changed and SandScenario::changed to
 * rebuild its marker and counter indexes; call this after editing either
 * without those signals. */
void          sand_renderer_invalidate        (SandRenderer       *self);

/* What the last sand_renderer_draw () visited, for tests and benchmarks. */
typedef struct {
  SandLod lod;
  int col0, row0, col1, row1; /* hexes visited (col0 > col1 when none) */
  guint hexes;                /* hexes visited by the terrain pass */
  guint counters;             /* counters drawn */
  guint markers;              /* markers drawn */
} SandRenderStats;

void          sand_renderer_get_stats         (SandRenderer       *self,
                                               SandRenderStats    *stats);

/* Labels that may collide are placed once over the whole map (per map,
 * scenario or scale change): each tries below, above, right and left of
 * its hex and takes the first spot clear of counters, town dots and the
 * labels placed before it, so any rectangle draws them alike. */
typedef enum {
  SAND_LABEL_NAME,  /* place name */
  SAND_LABEL_ENTRY, /* entry flag's group, when it does not fit the flag */
  SAND_LABEL_ZONE,  /* zone name, once per zone */
  SAND_LABEL_SUPPLY,/* supply source's name, when longer than its ring holds */
} SandLabelKind;

typedef struct {
  SandLabelKind kind;
  int hex;
  guint marker;            /* ENTRY, ZONE: the marker's index */
  double x, y;             /* text centre, map units */
  double x0, y0, x1, y1;   /* the text's box, map units */
  gboolean collides;       /* no clear spot: drawn at the first one */
} SandLabelBox;

/* The labels as drawn at @scale with @layers; owned by the renderer, valid
 * until the next draw or change. */
const SandLabelBox *sand_renderer_get_labels  (SandRenderer       *self,
                                               double              scale,
                                               SandLayers          layers,
                                               guint              *n_labels);

/* Re-places the labels at @scale after a change (they are placed over the
 * whole map, so an edit may move a label beyond the hexes it touched) and
 * gives the map-unit rectangle covering every label that moved, appeared
 * or went since the last placement at that scale and layers: what a tile
 * cache must invalidate besides the changed hexes. FALSE: none moved. */
gboolean      sand_renderer_update_labels     (SandRenderer       *self,
                                               double              scale,
                                               SandLayers          layers,
                                               double             *x0,
                                               double             *y0,
                                               double             *x1,
                                               double             *y1);

/* The colour of a terrain, country or side as the renderer draws it. */
void          sand_renderer_parse_color       (const char         *hex_color,
                                               double             *r,
                                               double             *g,
                                               double             *b);

G_END_DECLS
