/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-map-canvas-private.h: hooks for tests and benchmarks only. */
#pragma once

#include "editor-map-canvas.h"
#include "editor-tile-cache.h"

G_BEGIN_DECLS

EditorTileCache *editor_map_canvas_get_tile_cache      (EditorMapCanvas *self);
/* When TRUE, every frame renders all its visible tiles before drawing
 * (no time budget, no idle), so a snapshot is complete and repeatable. */
void             editor_map_canvas_set_sync_rendering  (EditorMapCanvas *self,
                                                        gboolean         sync);
/* Append tiles as texture nodes even under the cairo renderer (which
 * draws cairo nodes much faster on GTK 4.8): for the benchmark. */
void             editor_map_canvas_set_texture_nodes_only (EditorMapCanvas *self,
                                                           gboolean         only);
/* Cached tiles touched by the last map change. */
guint            editor_map_canvas_get_last_invalidated (EditorMapCanvas *self);
/* The map-unit rectangle a change of hexes (col0, row0)–(col1, row1) may
 * repaint: the hexes and their neighbours whole, united with the
 * renderer's region bounds (place names reach further). The canvas uses
 * the narrower first part alone when no hex of the change has or had a
 * place name. */
void             editor_map_canvas_change_rect         (EditorMapCanvas *self,
                                                        int              col0,
                                                        int              row0,
                                                        int              col1,
                                                        int              row1,
                                                        double          *x0,
                                                        double          *y0,
                                                        double          *x1,
                                                        double          *y1);
/* Where tiles go this frame (the pixel-snapped origin the canvas uses). */
void             editor_map_canvas_get_tile_view       (EditorMapCanvas *self,
                                                        EditorTileView  *view);

G_END_DECLS
