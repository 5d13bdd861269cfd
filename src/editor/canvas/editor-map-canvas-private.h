/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-map-canvas-private.h: what the parts of the map canvas share —
 * the widget's struct and the functions one part calls in another
 * (editor-map-canvas.c: the object, its model and overlays;
 * -draw.c: tiles, live cells and what a change invalidates; -view.c: zoom,
 * pan and coordinates; -input.c: pointer, keys, gestures, cursors and the
 * kinetic glide, editor-kinetic.c) — and hooks for tests and benchmarks. */
#pragma once

#include "editor-canvas-input.h"
#include "editor-map-canvas.h"
#include "editor-tile-cache.h"
#include "editor-kinetic.h"

#include <math.h>

G_BEGIN_DECLS

/* Time a frame may spend rendering tiles before it shows what it has, and
 * an idle step after it; together they stay inside a 60 Hz frame. */
#define FRAME_TILE_BUDGET_US 8000
/* With nothing to show yet (a map just opened), one longer frame beats a
 * map that fills in tile by tile. */
#define FIRST_FRAME_BUDGET_US 60000
#define IDLE_TILE_BUDGET_US  8000
#define MAX_TILES            192
/* While the zoom keeps changing, frames show the last complete zoom level
 * scaled instead of rendering tiles that the next frame would discard;
 * rendering resumes once it has been still this long. */
#define ZOOM_SETTLE_US       120000
#define FIT_MARGIN           16
/* Zoom range in levels: out to 1/32 (further on maps that need it to be
 * seen whole), in to 8×. */
#define MIN_ZOOM             (-5.0)
#define MAX_ZOOM             3.0
/* Counters and overlays are drawn live in cells of this many pixels. */
#define LIVE_CELL_SIZE       128
/* A touchpad scroll of this many pixels zooms by one level (×2). */
#define TOUCHPAD_ZOOM_PIXELS 200.0
/* A wheel notch without Ctrl pans this many pixels. */
#define WHEEL_PAN_PIXELS     64.0

typedef enum {
  DRAG_NONE,
  DRAG_PAN,
  DRAG_EDIT,
} DragMode;

struct _EditorMapCanvas
{
  GtkWidget parent_instance;

  SandScenario *scenario;
  SandMap *map;
  gulong map_changed_id;
  gulong scenario_changed_id;
  SandRenderer *renderer;
  EditorHexViewport *viewport;
  EditorTileCache *tiles;
  SandLayers layers;
  double map_width, map_height;
  gboolean need_fit;
  gboolean sync_rendering;
  gboolean texture_nodes_only;
  guint idle_id;
  guint hover_idle_id;         /* a hover change waiting for the frame to end */
  gboolean in_allocate;
  gboolean in_frame;           /* between the frame clock's before- and after-paint */
  GdkFrameClock *frame_clock;
  gint64 zoom_changed_at;
  double last_zoom;
  double scroll_zoom_target, scroll_zoom_set;
  gboolean scroll_panned;
  guint kinetic_id;            /* the tick callback of a glide */
  EditorKinetic kinetic;
  guint last_invalidated;
  gboolean batch_as_box;       /* bench: a batch of the map repaints its box */
  guint8 *named;               /* per hex: it had a place name at the last change */

  /* Pointer and keyboard. */
  EditorCanvasInput *input;    /* weak: who the hover and edit-* signals are for */
  gboolean pointer_inside;
  double pointer_x, pointer_y;
  int hover_hex, hover_side_hex, hover_side_dir;
  GdkModifierType key_state;
  gboolean space_down;
  GtkWidget *root;             /* weak: where root_keys is attached */
  GtkEventController *root_keys;

  /* Drags. */
  GtkGesture *drag;
  DragMode drag_mode;
  double drag_x, drag_y;       /* where it started, widget */
  double anchor_x, anchor_y;   /* map point held under the pointer while panning */
  guint drag_button;

  /* Pinch. */
  double pinch_zoom;
  double pinch_anchor_x, pinch_anchor_y;

  /* Cursors: the tool's, and the pan cursor shown over it. */
  char *tool_cursor;
  const char *pan_cursor;

  /* Overlay copy. */
  gboolean have_overlay;
  SandOverlay overlay;
  guint32 *overlay_tint;
  char **overlay_labels;
  int *overlay_outline;
  int *overlay_path;
  SandOverlayArea *overlay_areas; /* their hexes in overlay_area_hexes */
  int *overlay_area_hexes;
  guint overlay_n_hexes;

  GArray *preview;             /* int hexes */
  int preview_side_hex, preview_side_dir;

  /* Live cells (editor-map-canvas-live.c): their nodes, for one zoom
   * bucket, scale factor and renderer counter list. */
  GHashTable *live_cells;
  int live_bucket;
  int live_scale_factor;
  guint live_serial;
  guint live_frame;
  guint n_cells_drawn;         /* cells the last frame drew anew */
  guint last_told;             /* hexes on the map of the last queue_draw_hexes () */
};

static inline const SandGrid *
canvas_grid (EditorMapCanvas *self)
{
  return self->map != NULL ? sand_map_get_grid (self->map) : NULL;
}

static inline double
canvas_hex_size (EditorMapCanvas *self)
{
  return self->map != NULL ? sand_map_get_hex_size (self->map) : 1.0;
}

/* Steps land on the zoom quantum, where tiles are drawn pixel for pixel. */
static inline double
quantise_zoom (double zoom)
{
  return round (zoom / EDITOR_ZOOM_QUANTUM) * EDITOR_ZOOM_QUANTUM;
}

/* editor-map-canvas-draw.c */
void     _editor_map_canvas_draw_tile              (cairo_t         *cr,
                                                    double           scale,
                                                    double           x0,
                                                    double           y0,
                                                    double           x1,
                                                    double           y1,
                                                    gpointer         user_data);
void     _editor_map_canvas_snapshot               (GtkWidget       *widget,
                                                    GtkSnapshot     *snapshot);
void     _editor_map_canvas_measure                (GtkWidget       *widget,
                                                    GtkOrientation   orientation,
                                                    int              for_size,
                                                    int             *minimum,
                                                    int             *natural,
                                                    int             *minimum_baseline,
                                                    int             *natural_baseline);
void     _editor_map_canvas_size_allocate          (GtkWidget       *widget,
                                                    int              width,
                                                    int              height,
                                                    int              baseline);
gboolean _editor_map_canvas_update_named           (EditorMapCanvas *self,
                                                    int              col0,
                                                    int              row0,
                                                    int              col1,
                                                    int              row1);
void     _editor_map_canvas_invalidate_moved_labels (EditorMapCanvas *self);
/* A change of the map's hexes (col0, row0)–(col1, row1), made of @parts
 * (sand_map_get_change_parts (), may be NULL): marks the tiles over it
 * stale (not yet rendered) and queues a frame. */
void     _editor_map_canvas_invalidate_change      (EditorMapCanvas *self,
                                                    const int       *parts,
                                                    guint            n_parts,
                                                    int              col0,
                                                    int              row0,
                                                    int              col1,
                                                    int              row1);

/* editor-map-canvas-live.c */
void     _editor_map_canvas_snapshot_live          (EditorMapCanvas      *self,
                                                    GtkSnapshot          *snapshot,
                                                    const EditorTileView *view);
/* Every cell draws again (an overlay, the layers, the scenario changed). */
void     _editor_map_canvas_drop_live_cells        (EditorMapCanvas *self);
void     _editor_map_canvas_free_live_cells        (EditorMapCanvas *self);
/* The cells that may show something of these hexes draw again. */
void     _editor_map_canvas_invalidate_live_cells  (EditorMapCanvas *self,
                                                    const int       *hexes,
                                                    guint            n_hexes);
/* Before the preview changes to @hexes and @side_hex. */
void     _editor_map_canvas_preview_changed        (EditorMapCanvas *self,
                                                    const int       *hexes,
                                                    guint            n_hexes,
                                                    int              side_hex);

/* editor-map-canvas-view.c */
void     _editor_map_canvas_class_init_view        (GtkWidgetClass  *widget_class);
void     _editor_map_canvas_get_anchor             (EditorMapCanvas *self,
                                                    double          *wx,
                                                    double          *wy);

/* editor-map-canvas-input.c */
void     _editor_map_canvas_class_init_input       (GtkWidgetClass  *widget_class);
void     _editor_map_canvas_init_input             (EditorMapCanvas *self);
void     _editor_map_canvas_realize                (GtkWidget       *widget);
void     _editor_map_canvas_unrealize              (GtkWidget       *widget);
void     _editor_map_canvas_root                   (GtkWidget       *widget);
void     _editor_map_canvas_unroot                 (GtkWidget       *widget);
void     _editor_map_canvas_stop_kinetic           (EditorMapCanvas *self);
void     _editor_map_canvas_detach_root_keys       (EditorMapCanvas *self);
void     _editor_map_canvas_update_pan_cursor      (EditorMapCanvas *self);
void     _editor_map_canvas_update_hover           (EditorMapCanvas *self);

/* Tests and benchmarks. */
EditorTileCache *editor_map_canvas_get_tile_cache      (EditorMapCanvas *self);
/* When TRUE, every frame renders all its visible tiles before drawing
 * (no time budget, no idle), so a snapshot is complete and repeatable. */
void             editor_map_canvas_set_sync_rendering  (EditorMapCanvas *self,
                                                        gboolean         sync);
/* Append tiles as texture nodes even under the cairo renderer (which
 * draws cairo nodes much faster on GTK 4.8): for the benchmark. */
void             editor_map_canvas_set_texture_nodes_only (EditorMapCanvas *self,
                                                           gboolean         only);
/* When TRUE, a batch of the map's changes repaints the box around it, as
 * before the batch told its parts: for the benchmark's comparison. */
void             editor_map_canvas_set_batch_as_box     (EditorMapCanvas *self,
                                                         gboolean         as_box);
/* Live cells (counters, overlays, preview) the last frame drew anew
 * rather than reused. */
guint            editor_map_canvas_get_n_cells_drawn    (EditorMapCanvas *self);
/* How many hexes of the map the last editor_map_canvas_queue_draw_hexes ()
 * named (the others skipped). */
guint            editor_map_canvas_get_last_told        (EditorMapCanvas *self);
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
