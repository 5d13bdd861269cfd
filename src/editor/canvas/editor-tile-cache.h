/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tile-cache.h: the canvas's static layers, rasterised once into
 * 256-pixel tiles and appended as texture nodes each frame.
 *
 * Tiles are keyed by (tx, ty, zoom bucket); a bucket is the zoom rounded to
 * EDITOR_ZOOM_QUANTUM, rendered at exactly that scale, so zooms reached by
 * whole steps show tiles pixel for pixel and a continuous zoom shows the
 * nearest bucket scaled by at most 2^(quantum/2). The cache holds at most
 * a given number of tiles, least recently used first out. A map change
 * marks the tiles it touches stale; a frame re-renders the visible stale or
 * missing tiles within a time budget and shows the last complete zoom level
 * (scaled) under any tile it could not render yet; render_pending () does
 * the rest from an idle callback.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define EDITOR_TILE_SIZE 256 /* device pixels */

typedef struct _EditorTileCache EditorTileCache;

/* Draws the rectangle (x0, y0)–(x1, y1) in map units into @cr, whose
 * transform already maps map units to tile pixels at @scale. */
typedef void (*EditorTileDrawFunc) (cairo_t  *cr,
                                    double    scale,
                                    double    x0,
                                    double    y0,
                                    double    x1,
                                    double    y1,
                                    gpointer  user_data);

/* Where and how big the map is drawn this frame: widget = map * scale +
 * origin; scale_factor is the surface's (integer on GTK 4.8). */
typedef struct {
  double scale;
  double origin_x, origin_y;
  int width, height;       /* widget size */
  int scale_factor;
  double map_width, map_height;
  /* Append tiles as cairo nodes instead of texture nodes: for the cairo
   * renderer, which draws those much faster on GTK 4.8. */
  gboolean cairo_nodes;
} EditorTileView;

EditorTileCache *editor_tile_cache_new              (guint               max_tiles,
                                                     EditorTileDrawFunc  draw,
                                                     gpointer            user_data);
void             editor_tile_cache_free             (EditorTileCache    *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (EditorTileCache, editor_tile_cache_free)

/* Drops every tile (layers toggled, another scenario). */
void             editor_tile_cache_clear            (EditorTileCache    *self);
/* Marks stale the tiles of the zoom in use that intersect a map-unit
 * rectangle, and drops those of other zooms; returns how many tiles it
 * newly marked stale (what the next frame re-renders if visible). */
guint            editor_tile_cache_invalidate_rect  (EditorTileCache    *self,
                                                     double              x0,
                                                     double              y0,
                                                     double              x1,
                                                     double              y1);

/* Appends the visible tiles to @snapshot, first rendering stale and missing
 * ones for up to @budget_us microseconds (-1: all of them). Returns TRUE
 * when some visible tile is still missing or stale, or the tiles around the
 * view are not ready: call render_pending () later. */
gboolean         editor_tile_cache_snapshot         (EditorTileCache    *self,
                                                     GtkSnapshot        *snapshot,
                                                     const EditorTileView *view,
                                                     gint64              budget_us);
/* Renders missing or stale tiles of the last snapshot's view, then one ring
 * of tiles around it, for up to @budget_us. Returns TRUE when it rendered
 * something (the caller redraws); *more says whether work remains. */
gboolean         editor_tile_cache_render_pending   (EditorTileCache    *self,
                                                     gint64              budget_us,
                                                     gboolean           *more);

/* Whether some zoom level was complete on screen, to show scaled under
 * tiles a frame does not render. */
gboolean         editor_tile_cache_has_complete_level (EditorTileCache  *self);

/* Counters for tests and benchmarks. */
guint            editor_tile_cache_get_n_tiles      (EditorTileCache    *self);
guint            editor_tile_cache_get_n_rendered   (EditorTileCache    *self);
/* Device pixels drawn into tiles (whole tiles, repaired rectangles). */
guint64          editor_tile_cache_get_n_pixels_drawn (EditorTileCache  *self);
/* Resets both counts. */
void             editor_tile_cache_reset_n_rendered (EditorTileCache    *self);
/* Zoom bucket of a scale (widget pixels per map unit). */
int              editor_tile_cache_bucket_for_scale (double              scale);

G_END_DECLS
