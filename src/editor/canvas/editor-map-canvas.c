/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "editor-map-canvas.h"
#include "editor-map-canvas-private.h"
#include "editor-hex-cursor.h"
#include "editor-reference.h"
#include "editor-tile-cache.h"

#include <math.h>
#include <string.h>

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
/* After a touchpad pan, the view glides on, its speed decaying as
 * e^(-FRICTION t) until it is under STOP_SPEED pixels per millisecond. */
#define KINETIC_FRICTION     4.0
#define KINETIC_STOP_SPEED   0.02
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
  guint kinetic_id;
  gint64 kinetic_time;
  double kinetic_vx, kinetic_vy;
  guint last_invalidated;
  guint8 *named;               /* per hex: it had a place name at the last change */

  /* Pointer and keyboard. */
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
};

G_DEFINE_FINAL_TYPE (EditorMapCanvas, editor_map_canvas, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SCENARIO,
  PROP_VIEWPORT,
  PROP_SHOW_GRID,
  PROP_SHOW_IDS,
  PROP_SHOW_NAMES,
  PROP_SHOW_COUNTERS,
  N_PROPS
};

enum {
  SIGNAL_HOVER,
  SIGNAL_EDIT_BEGIN,
  SIGNAL_EDIT_UPDATE,
  SIGNAL_EDIT_END,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static const struct {
  int prop;
  SandLayers layer;
} layer_props[] = {
  { PROP_SHOW_GRID, SAND_LAYER_GRID },
  { PROP_SHOW_IDS, SAND_LAYER_IDS },
  { PROP_SHOW_NAMES, SAND_LAYER_NAMES },
  { PROP_SHOW_COUNTERS, SAND_LAYER_COUNTERS },
};

/* ------------------------------------------------------------------ */
/* Geometry */

static const SandGrid *
get_grid (EditorMapCanvas *self)
{
  return self->map != NULL ? sand_map_get_grid (self->map) : NULL;
}

static double
get_hex_size (EditorMapCanvas *self)
{
  return self->map != NULL ? sand_map_get_hex_size (self->map) : 1.0;
}

/* The tiles' origin: widget = map * scale + origin, snapped to device
 * pixels so that tiles at their own scale land pixel for pixel. */
void
editor_map_canvas_get_tile_view (EditorMapCanvas *self,
                                 EditorTileView  *view)
{
  int sf;
  double scale, cx, cy;

  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));

  sf = MAX (gtk_widget_get_scale_factor (GTK_WIDGET (self)), 1);
  scale = editor_hex_viewport_get_scale (self->viewport);
  cx = editor_hex_viewport_get_center_x (self->viewport);
  cy = editor_hex_viewport_get_center_y (self->viewport);
  view->scale = scale;
  view->width = editor_hex_viewport_get_width (self->viewport);
  view->height = editor_hex_viewport_get_height (self->viewport);
  view->origin_x = round ((view->width / 2.0 - cx * scale) * sf) / sf;
  view->origin_y = round ((view->height / 2.0 - cy * scale) * sf) / sf;
  view->scale_factor = sf;
  view->map_width = self->map_width;
  view->map_height = self->map_height;
  {
    GtkNative *native = gtk_widget_get_native (GTK_WIDGET (self));
    GskRenderer *renderer = native != NULL ? gtk_native_get_renderer (native) : NULL;

    view->cairo_nodes = renderer != NULL && GSK_IS_CAIRO_RENDERER (renderer)
                        && !self->texture_nodes_only;
  }
}

/* The hexes and their neighbours, whole. */
static void
one_hex_margin_rect (EditorMapCanvas *self,
                     int              col0,
                     int              row0,
                     int              col1,
                     int              row1,
                     double          *x0,
                     double          *y0,
                     double          *x1,
                     double          *y1)
{
  const SandGrid *grid;
  double size;
  int cols[4], rows[4];

  grid = get_grid (self);
  size = get_hex_size (self);
  /* The neighbours' centres bound the one-hex margin; both parities of
   * the first and last line cover the stagger. */
  cols[0] = col0 - 1, cols[1] = col0, cols[2] = col1, cols[3] = col1 + 1;
  rows[0] = row0 - 1, rows[1] = row0, rows[2] = row1, rows[3] = row1 + 1;
  *x0 = *y0 = G_MAXDOUBLE;
  *x1 = *y1 = -G_MAXDOUBLE;
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++)
      {
        SandPoint p = sand_grid_offset_center (grid, size, cols[i], rows[j]);

        *x0 = MIN (*x0, p.x);
        *y0 = MIN (*y0, p.y);
        *x1 = MAX (*x1, p.x);
        *y1 = MAX (*y1, p.y);
      }
  /* Whole hexes, plus room for strokes that straddle their outline. */
  *x0 -= size + 2;
  *y0 -= size + 2;
  *x1 += size + 2;
  *y1 += size + 2;
}

void
editor_map_canvas_change_rect (EditorMapCanvas *self,
                               int              col0,
                               int              row0,
                               int              col1,
                               int              row1,
                               double          *x0,
                               double          *y0,
                               double          *x1,
                               double          *y1)
{
  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));
  g_return_if_fail (self->map != NULL);

  one_hex_margin_rect (self, col0, row0, col1, row1, x0, y0, x1, y1);

  /* And whatever else the renderer knows may change (a long place name). */
  if (self->renderer != NULL)
    {
      double rx0, ry0, rx1, ry1;

      sand_renderer_region_bounds (self->renderer, col0, row0, col1, row1,
                                   &rx0, &ry0, &rx1, &ry1);
      *x0 = MIN (*x0, rx0);
      *y0 = MIN (*y0, ry0);
      *x1 = MAX (*x1, rx1);
      *y1 = MAX (*y1, ry1);
    }
}

/* ------------------------------------------------------------------ */
/* Drawing */

static void
draw_tile_cb (cairo_t  *cr,
              double    scale,
              double    x0,
              double    y0,
              double    x1,
              double    y1,
              gpointer  user_data)
{
  EditorMapCanvas *self = user_data;
  EditorReferenceLayer *ref = g_object_get_data (G_OBJECT (self), EDITOR_REFERENCE_LAYER_KEY);
  SandLayers layers = self->layers & SAND_LAYER_STATIC;

  /* The renderer also visits hexes just outside the rectangle whose
   * drawing spills into it (place names, thick rivers). A reference scan
   * lies over the terrain and under the grid and the rest (editor-reference.c). */
  if (self->renderer != NULL && ref != NULL && editor_reference_layer_is_active (ref))
    {
      sand_renderer_draw (self->renderer, cr, scale, x0, y0, x1, y1, layers & SAND_LAYER_TERRAIN);
      editor_reference_layer_draw (ref, cr, scale, x0, y0, x1, y1);
      layers &= ~SAND_LAYER_TERRAIN;
    }
  if (self->renderer != NULL)
    sand_renderer_draw (self->renderer, cr, scale, x0, y0, x1, y1, layers);
}

static gboolean
zooming (EditorMapCanvas *self)
{
  return g_get_monotonic_time () - self->zoom_changed_at < ZOOM_SETTLE_US;
}

static gboolean idle_render_cb (gpointer user_data);

static gboolean
settled_cb (gpointer user_data)
{
  EditorMapCanvas *self = user_data;

  self->idle_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, idle_render_cb, self, NULL);
  return G_SOURCE_REMOVE;
}

static gboolean
idle_render_cb (gpointer user_data)
{
  EditorMapCanvas *self = user_data;
  gboolean more = FALSE;

  if (zooming (self))
    {
      gint64 wait = self->zoom_changed_at + ZOOM_SETTLE_US - g_get_monotonic_time ();

      self->idle_id = g_timeout_add (MAX (1, (guint) (wait / 1000) + 1), settled_cb, self);
      return G_SOURCE_REMOVE;
    }
  if (editor_tile_cache_render_pending (self->tiles, IDLE_TILE_BUDGET_US, &more))
    gtk_widget_queue_draw (GTK_WIDGET (self));
  if (more)
    return G_SOURCE_CONTINUE;
  self->idle_id = 0;
  return G_SOURCE_REMOVE;
}

static void
queue_idle_render (EditorMapCanvas *self)
{
  if (self->idle_id != 0 || self->sync_rendering)
    return;
  self->idle_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, idle_render_cb, self, NULL);
}

static void
hex_path (cairo_t        *cr,
          const SandGrid *grid,
          double          size,
          int             hex)
{
  SandPoint c = sand_grid_hex_center (grid, size, hex);

  for (int i = 0; i < 6; i++)
    {
      SandPoint p = sand_grid_corner (grid, size, c, i);

      if (i == 0)
        cairo_move_to (cr, p.x, p.y);
      else
        cairo_line_to (cr, p.x, p.y);
    }
  cairo_close_path (cr);
}

static gboolean
hex_in_rect (const SandGrid *grid,
             double          size,
             int             hex,
             double          x0,
             double          y0,
             double          x1,
             double          y1)
{
  SandPoint c;

  if (hex < 0 || hex >= sand_grid_n_hexes (grid))
    return FALSE;
  c = sand_grid_hex_center (grid, size, hex);
  return c.x + size >= x0 && c.x - size <= x1 && c.y + size >= y0 && c.y - size <= y1;
}

static void
draw_preview (EditorMapCanvas *self,
              cairo_t         *cr,
              double           scale,
              double           x0,
              double           y0,
              double           x1,
              double           y1)
{
  const SandGrid *grid = get_grid (self);
  double size = get_hex_size (self);

  cairo_save (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint i = 0; i < self->preview->len; i++)
    {
      int hex = g_array_index (self->preview, int, i);

      if (hex_in_rect (grid, size, hex, x0, y0, x1, y1))
        hex_path (cr, grid, size, hex);
    }
  cairo_set_source_rgba (cr, 1, 1, 1, 0.25);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, 2.0 / scale);
  cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.9);
  cairo_stroke (cr);

  if (hex_in_rect (grid, size, self->preview_side_hex, x0, y0, x1, y1)
      && self->preview_side_dir >= 0 && self->preview_side_dir < SAND_N_DIRS)
    {
      SandPoint c = sand_grid_hex_center (grid, size, self->preview_side_hex);
      SandPoint a = sand_grid_corner (grid, size, c, self->preview_side_dir);
      SandPoint b = sand_grid_corner (grid, size, c, (self->preview_side_dir + 1) % 6);

      cairo_move_to (cr, a.x, a.y);
      cairo_line_to (cr, b.x, b.y);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_set_line_width (cr, 6.0 / scale);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.8);
      cairo_stroke_preserve (cr);
      cairo_set_line_width (cr, 3.0 / scale);
      cairo_set_source_rgba (cr, 0.1, 0.3, 0.9, 1);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

static gboolean
has_counters (EditorMapCanvas *self)
{
  return (self->layers & SAND_LAYER_COUNTERS) != 0
         && self->scenario != NULL && sand_scenario_n_counters (self->scenario) > 0;
}

static void
editor_map_canvas_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  EditorMapCanvas *self = EDITOR_MAP_CANVAS (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  gboolean preview;
  gint64 budget;
  EditorTileView view;
  double bucket_scale, rest, lx1, ly1;
  int lx0, ly0;
  double x0, y0, x1, y1, margin;

  /* The table the map lies on. */
  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 0.42, 0.42, 0.44, 1.0 },
                             &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (self->map == NULL || self->renderer == NULL)
    return;

  editor_map_canvas_get_tile_view (self, &view);
  if (self->sync_rendering)
    budget = -1;
  else if (zooming (self) && editor_tile_cache_has_complete_level (self->tiles))
    budget = 0;
  else if (!editor_tile_cache_has_complete_level (self->tiles))
    budget = FIRST_FRAME_BUDGET_US;
  else
    budget = FRAME_TILE_BUDGET_US;
  if (editor_tile_cache_snapshot (self->tiles, snapshot, &view, budget))
    queue_idle_render (self);

  preview = self->preview->len > 0 || self->preview_side_hex >= 0;
  if (!has_counters (self) && !self->have_overlay && !preview)
    return;

  /* What changes between frames (counters, overlays, the brush preview)
   * is drawn live, cell by cell, culled to each cell. A cairo node costs
   * its renderer a scratch image of the node's size every frame, so each
   * cell is recorded first and becomes a node only as large as what it
   * drew, or none.
   *
   * It is drawn at the tiles' zoom bucket and scaled by what remains, as
   * the tiles are: at rest that is nothing, and during a continuous zoom
   * the renderer's counter stamps, made once per scale, serve every frame
   * of a bucket instead of being made again each frame. */
  bucket_scale = exp2 (editor_tile_cache_bucket_for_scale (view.scale) * EDITOR_ZOOM_QUANTUM);
  rest = view.scale / bucket_scale;
  margin = 2 * get_hex_size (self);
  lx0 = (int) floor (-view.origin_x / rest / LIVE_CELL_SIZE) * LIVE_CELL_SIZE;
  ly0 = (int) floor (-view.origin_y / rest / LIVE_CELL_SIZE) * LIVE_CELL_SIZE;
  lx1 = (width - view.origin_x) / rest;
  ly1 = (height - view.origin_y) / rest;

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (view.origin_x, view.origin_y));
  if (rest != 1.0)
    gtk_snapshot_scale (snapshot, (float) rest, (float) rest);
  for (int cy = ly0; cy < ly1; cy += LIVE_CELL_SIZE)
    for (int cx = lx0; cx < lx1; cx += LIVE_CELL_SIZE)
      {
        cairo_rectangle_t cell = { cx, cy, LIVE_CELL_SIZE, LIVE_CELL_SIZE };
        cairo_surface_t *recording = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA,
                                                                     &cell);
        cairo_t *cr = cairo_create (recording);
        double ix, iy, iw, ih;

        x0 = cell.x / bucket_scale - margin;
        y0 = cell.y / bucket_scale - margin;
        x1 = (cell.x + cell.width) / bucket_scale + margin;
        y1 = (cell.y + cell.height) / bucket_scale + margin;
        cairo_scale (cr, bucket_scale, bucket_scale);
        if (has_counters (self))
          sand_renderer_draw (self->renderer, cr, bucket_scale * view.scale_factor,
                              x0, y0, x1, y1, SAND_LAYER_COUNTERS);
        if (self->have_overlay)
          sand_renderer_draw_overlay (self->renderer, cr, bucket_scale * view.scale_factor,
                                      x0, y0, x1, y1, &self->overlay);
        if (preview)
          draw_preview (self, cr, bucket_scale, x0, y0, x1, y1);
        cairo_destroy (cr);

        cairo_recording_surface_ink_extents (recording, &ix, &iy, &iw, &ih);
        if (iw > 0 && ih > 0)
          {
            graphene_rect_t bounds;

            bounds.origin.x = MAX (floor (ix), cell.x);
            bounds.origin.y = MAX (floor (iy), cell.y);
            bounds.size.width = MIN (ceil (ix + iw), cell.x + cell.width) - bounds.origin.x;
            bounds.size.height = MIN (ceil (iy + ih), cell.y + cell.height) - bounds.origin.y;
            if (bounds.size.width > 0 && bounds.size.height > 0)
              {
                cr = gtk_snapshot_append_cairo (snapshot, &bounds);
                cairo_set_source_surface (cr, recording, 0, 0);
                cairo_paint (cr);
                cairo_destroy (cr);
              }
          }
        cairo_surface_destroy (recording);
      }
  gtk_snapshot_restore (snapshot);

  /* The keyboard's cursor, above everything (editor-hex-cursor.c). */
  {
    EditorHexCursor *cursor = g_object_get_data (G_OBJECT (self), EDITOR_HEX_CURSOR_KEY);

    if (cursor != NULL)
      editor_hex_cursor_snapshot (cursor, snapshot);
  }
}

static void
editor_map_canvas_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  *minimum = 32;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 640 : 480;
}

static void
editor_map_canvas_size_allocate (GtkWidget *widget,
                                 int        width,
                                 int        height,
                                 int        baseline)
{
  EditorMapCanvas *self = EDITOR_MAP_CANVAS (widget);

  self->in_allocate = TRUE;
  editor_hex_viewport_set_size (self->viewport, width, height);
  if (self->need_fit && self->map != NULL && width > 0 && height > 0)
    {
      editor_hex_viewport_fit (self->viewport, FIT_MARGIN);
      self->need_fit = FALSE;
    }
  self->in_allocate = FALSE;
}

/* ------------------------------------------------------------------ */
/* Model */

static void
update_map_size (EditorMapCanvas *self)
{
  double w = 0, h = 0;

  if (self->map != NULL)
    sand_grid_pixel_size (get_grid (self), get_hex_size (self), &w, &h);
  if (w != self->map_width || h != self->map_height)
    {
      self->map_width = w;
      self->map_height = h;
      editor_tile_cache_clear (self->tiles);
    }
  editor_hex_viewport_set_map_size (self->viewport, w, h);
  /* Out far enough to see the largest map whole in a small window. */
  if (w > 0 && h > 0)
    editor_hex_viewport_set_zoom_range (self->viewport,
                                        MIN (MIN_ZOOM, floor (log2 (128.0 / MAX (w, h)))),
                                        MAX_ZOOM);
}

/* Whether a hex of the rectangle has or had a place name, the one thing
 * whose drawing reaches further than a hex (names may run two columns
 * either side); remembers which hexes have one now. */
static gboolean
update_named (EditorMapCanvas *self,
              int              col0,
              int              row0,
              int              col1,
              int              row1)
{
  const SandGrid *grid = get_grid (self);
  gboolean any = FALSE;

  if (self->named == NULL)
    return TRUE;
  for (int row = MAX (row0, 0); row <= MIN (row1, grid->rows - 1); row++)
    for (int col = MAX (col0, 0); col <= MIN (col1, grid->cols - 1); col++)
      {
        int hex = row * grid->cols + col;
        gboolean now = sand_map_get_place (self->map, hex) != NULL;

        any |= now || self->named[hex];
        self->named[hex] = now;
      }
  return any;
}

/* The renderer places labels over the whole map, clear of one another and
 * of the set-up counters, so an edit (or a counter moved in the set-up) may
 * push a label aside far from the changed hexes: repaint wherever one moved.
 * Placement is asked at the scale the current zoom's tiles are drawn at. */
static void
invalidate_moved_labels (EditorMapCanvas *self)
{
  double x0, y0, x1, y1, tile_scale;
  int bucket;

  if (self->renderer == NULL)
    return;
  bucket = editor_tile_cache_bucket_for_scale (editor_hex_viewport_get_scale (self->viewport));
  tile_scale = exp2 (bucket * EDITOR_ZOOM_QUANTUM) * gtk_widget_get_scale_factor (GTK_WIDGET (self));
  if (sand_renderer_update_labels (self->renderer, tile_scale, self->layers & SAND_LAYER_STATIC,
                                   &x0, &y0, &x1, &y1))
    editor_tile_cache_invalidate_rect (self->tiles, x0, y0, x1, y1);
}

static void
map_changed_cb (SandMap         *map,
                int              col0,
                int              row0,
                int              col1,
                int              row1,
                EditorMapCanvas *self)
{
  double x0, y0, x1, y1;

  update_map_size (self);
  /* A terrain or hexside edit repaints its hex and the neighbours; only a
   * change where a place name is, or was, repaints as far as a name
   * reaches. */
  if (update_named (self, col0, row0, col1, row1))
    editor_map_canvas_change_rect (self, col0, row0, col1, row1, &x0, &y0, &x1, &y1);
  else
    one_hex_margin_rect (self, col0, row0, col1, row1, &x0, &y0, &x1, &y1);
  /* Only marks tiles: however many changes arrive before the next frame,
   * each tile is rendered once, then. */
  self->last_invalidated = editor_tile_cache_invalidate_rect (self->tiles, x0, y0, x1, y1);
  invalidate_moved_labels (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
scenario_changed_cb (SandScenario    *scenario,
                     EditorMapCanvas *self)
{
  /* Counters are drawn every frame; only labels they pushed aside are
   * cached in tiles. */
  invalidate_moved_labels (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
clear_overlay (EditorMapCanvas *self)
{
  g_clear_pointer (&self->overlay_tint, g_free);
  if (self->overlay_labels != NULL)
    {
      for (guint i = 0; i < self->overlay_n_hexes; i++)
        g_free (self->overlay_labels[i]);
      g_clear_pointer (&self->overlay_labels, g_free);
    }
  g_clear_pointer (&self->overlay_outline, g_free);
  g_clear_pointer (&self->overlay_path, g_free);
  g_clear_pointer (&self->overlay_areas, g_free);
  g_clear_pointer (&self->overlay_area_hexes, g_free);
  memset (&self->overlay, 0, sizeof self->overlay);
  self->have_overlay = FALSE;
}

void
editor_map_canvas_set_scenario (EditorMapCanvas *self,
                                SandScenario    *scenario)
{
  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));
  g_return_if_fail (scenario == NULL || SAND_IS_SCENARIO (scenario));

  if (self->scenario == scenario)
    return;

  if (self->map != NULL)
    g_clear_signal_handler (&self->map_changed_id, self->map);
  if (self->scenario != NULL)
    g_clear_signal_handler (&self->scenario_changed_id, self->scenario);
  g_clear_pointer (&self->renderer, sand_renderer_free);
  g_clear_object (&self->map);
  g_clear_object (&self->scenario);
  g_clear_pointer (&self->named, g_free);
  editor_tile_cache_clear (self->tiles);
  clear_overlay (self);
  g_array_set_size (self->preview, 0);
  self->preview_side_hex = -1;

  if (scenario != NULL)
    {
      self->scenario = g_object_ref (scenario);
      self->map = g_object_ref (sand_scenario_get_map (scenario));
      self->renderer = sand_renderer_new (scenario);
      self->named = g_new0 (guint8, sand_grid_n_hexes (get_grid (self)));
      update_named (self, 0, 0, get_grid (self)->cols - 1, get_grid (self)->rows - 1);
      self->map_changed_id = g_signal_connect (self->map, "changed",
                                               G_CALLBACK (map_changed_cb), self);
      self->scenario_changed_id = g_signal_connect (self->scenario, "changed",
                                                    G_CALLBACK (scenario_changed_cb), self);
    }
  update_map_size (self);
  self->need_fit = self->map != NULL;
  if (self->need_fit && gtk_widget_get_width (GTK_WIDGET (self)) > 0)
    {
      editor_hex_viewport_fit (self->viewport, FIT_MARGIN);
      self->need_fit = FALSE;
    }
  self->hover_hex = self->hover_side_hex = self->hover_side_dir = -2;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCENARIO]);
}

SandScenario *
editor_map_canvas_get_scenario (EditorMapCanvas *self)
{
  g_return_val_if_fail (EDITOR_IS_MAP_CANVAS (self), NULL);
  return self->scenario;
}

EditorHexViewport *
editor_map_canvas_get_viewport (EditorMapCanvas *self)
{
  g_return_val_if_fail (EDITOR_IS_MAP_CANVAS (self), NULL);
  return self->viewport;
}

SandRenderer *
editor_map_canvas_get_renderer (EditorMapCanvas *self)
{
  g_return_val_if_fail (EDITOR_IS_MAP_CANVAS (self), NULL);
  return self->renderer;
}

void
editor_map_canvas_set_layers (EditorMapCanvas *self,
                              SandLayers       layers)
{
  SandLayers old;

  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));

  old = self->layers;
  if (old == layers)
    return;
  self->layers = layers;
  if ((old & SAND_LAYER_STATIC) != (layers & SAND_LAYER_STATIC))
    editor_tile_cache_clear (self->tiles);
  g_object_freeze_notify (G_OBJECT (self));
  for (guint i = 0; i < G_N_ELEMENTS (layer_props); i++)
    if ((old & layer_props[i].layer) != (layers & layer_props[i].layer))
      g_object_notify_by_pspec (G_OBJECT (self), properties[layer_props[i].prop]);
  g_object_thaw_notify (G_OBJECT (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

SandLayers
editor_map_canvas_get_layers (EditorMapCanvas *self)
{
  g_return_val_if_fail (EDITOR_IS_MAP_CANVAS (self), 0);
  return self->layers;
}

/* ------------------------------------------------------------------ */
/* Zoom and pan */

static void
get_anchor (EditorMapCanvas *self,
            double          *wx,
            double          *wy)
{
  if (self->pointer_inside)
    {
      *wx = self->pointer_x;
      *wy = self->pointer_y;
    }
  else
    {
      *wx = editor_hex_viewport_get_width (self->viewport) / 2.0;
      *wy = editor_hex_viewport_get_height (self->viewport) / 2.0;
    }
}

/* Steps land on the zoom quantum, where tiles are drawn pixel for pixel. */
static double
quantise (double zoom)
{
  return round (zoom / EDITOR_ZOOM_QUANTUM) * EDITOR_ZOOM_QUANTUM;
}

static void
zoom_step (EditorMapCanvas *self,
           double           step)
{
  double wx, wy;

  get_anchor (self, &wx, &wy);
  editor_hex_viewport_zoom_at (self->viewport,
                               quantise (editor_hex_viewport_get_zoom (self->viewport) + step),
                               wx, wy);
}

void
editor_map_canvas_zoom_in (EditorMapCanvas *self)
{
  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));
  zoom_step (self, EDITOR_ZOOM_KEY_STEP);
}

void
editor_map_canvas_zoom_out (EditorMapCanvas *self)
{
  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));
  zoom_step (self, -EDITOR_ZOOM_KEY_STEP);
}

void
editor_map_canvas_zoom_fit (EditorMapCanvas *self)
{
  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));
  editor_hex_viewport_fit (self->viewport, FIT_MARGIN);
}

void
editor_map_canvas_zoom_reset (EditorMapCanvas *self)
{
  double wx, wy;

  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));
  get_anchor (self, &wx, &wy);
  editor_hex_viewport_zoom_at (self->viewport, 0.0, wx, wy);
}

void
editor_map_canvas_show_hex (EditorMapCanvas *self,
                            int              hex)
{
  SandPoint c;

  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));

  if (self->map == NULL || hex < 0 || hex >= sand_grid_n_hexes (get_grid (self)))
    return;
  c = sand_grid_hex_center (get_grid (self), get_hex_size (self), hex);
  editor_hex_viewport_set_center (self->viewport, c.x, c.y);
}

void
editor_map_canvas_widget_to_map (EditorMapCanvas *self,
                                 double           wx,
                                 double           wy,
                                 double          *mx,
                                 double          *my)
{
  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));
  editor_hex_viewport_widget_to_map (self->viewport, wx, wy, mx, my);
}

void
editor_map_canvas_map_to_widget (EditorMapCanvas *self,
                                 double           mx,
                                 double           my,
                                 double          *wx,
                                 double          *wy)
{
  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));
  editor_hex_viewport_map_to_widget (self->viewport, mx, my, wx, wy);
}

int
editor_map_canvas_hex_at (EditorMapCanvas *self,
                          double           wx,
                          double           wy)
{
  double mx, my;

  g_return_val_if_fail (EDITOR_IS_MAP_CANVAS (self), SAND_HEX_NONE);

  if (self->map == NULL)
    return SAND_HEX_NONE;
  editor_hex_viewport_widget_to_map (self->viewport, wx, wy, &mx, &my);
  return sand_grid_hex_at_pixel (get_grid (self), get_hex_size (self), mx, my);
}

gboolean
editor_map_canvas_side_at (EditorMapCanvas *self,
                           double           wx,
                           double           wy,
                           int             *hex,
                           int             *dir)
{
  double mx, my;
  int h, d;

  g_return_val_if_fail (EDITOR_IS_MAP_CANVAS (self), FALSE);

  if (self->map == NULL)
    return FALSE;
  editor_hex_viewport_widget_to_map (self->viewport, wx, wy, &mx, &my);
  if (!sand_grid_side_at_pixel (get_grid (self), get_hex_size (self), mx, my, &h, &d))
    return FALSE;
  if (hex != NULL)
    *hex = h;
  if (dir != NULL)
    *dir = d;
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Overlays */

void
editor_map_canvas_set_overlay (EditorMapCanvas   *self,
                               const SandOverlay *overlay)
{
  guint n;

  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));

  clear_overlay (self);
  if (overlay != NULL && self->map != NULL)
    {
      n = sand_grid_n_hexes (get_grid (self));
      self->overlay_n_hexes = n;
      if (overlay->tint != NULL)
        self->overlay_tint = g_memdup2 (overlay->tint, sizeof (guint32) * n);
      if (overlay->labels != NULL)
        {
          self->overlay_labels = g_new0 (char *, n);
          for (guint i = 0; i < n; i++)
            self->overlay_labels[i] = g_strdup (overlay->labels[i]);
        }
      if (overlay->outline != NULL && overlay->n_outline > 0)
        self->overlay_outline = g_memdup2 (overlay->outline, sizeof (int) * overlay->n_outline);
      if (overlay->path != NULL && overlay->n_path > 0)
        self->overlay_path = g_memdup2 (overlay->path, sizeof (int) * overlay->n_path);
      self->overlay.tint = self->overlay_tint;
      self->overlay.labels = (const char * const *) self->overlay_labels;
      self->overlay.outline = self->overlay_outline;
      self->overlay.n_outline = self->overlay_outline != NULL ? overlay->n_outline : 0;
      self->overlay.outline_color = overlay->outline_color;
      self->overlay.path = self->overlay_path;
      self->overlay.n_path = self->overlay_path != NULL ? overlay->n_path : 0;
      if (overlay->areas != NULL && overlay->n_areas > 0)
        {
          gsize total = 0, at = 0;

          for (guint i = 0; i < overlay->n_areas; i++)
            total += overlay->areas[i].n_hexes;
          self->overlay_areas = g_memdup2 (overlay->areas,
                                           sizeof (SandOverlayArea) * overlay->n_areas);
          self->overlay_area_hexes = g_new (int, MAX (total, 1));
          for (guint i = 0; i < overlay->n_areas; i++)
            {
              SandOverlayArea *area = &self->overlay_areas[i];

              if (area->n_hexes > 0)
                memcpy (self->overlay_area_hexes + at, overlay->areas[i].hexes,
                        sizeof (int) * area->n_hexes);
              area->hexes = self->overlay_area_hexes + at;
              at += area->n_hexes;
            }
          self->overlay.areas = self->overlay_areas;
          self->overlay.n_areas = overlay->n_areas;
        }
      self->have_overlay = TRUE;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const SandOverlay *
editor_map_canvas_get_overlay (EditorMapCanvas *self)
{
  g_return_val_if_fail (EDITOR_IS_MAP_CANVAS (self), NULL);
  return self->have_overlay ? &self->overlay : NULL;
}

void
editor_map_canvas_set_preview (EditorMapCanvas *self,
                               const int       *hexes,
                               guint            n_hexes,
                               int              side_hex,
                               int              side_dir)
{
  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));
  g_return_if_fail (hexes != NULL || n_hexes == 0);

  if (self->preview->len == n_hexes && self->preview_side_hex == side_hex
      && self->preview_side_dir == side_dir
      && (n_hexes == 0 || memcmp (self->preview->data, hexes, sizeof (int) * n_hexes) == 0))
    return;
  g_array_set_size (self->preview, 0);
  if (n_hexes > 0)
    g_array_append_vals (self->preview, hexes, n_hexes);
  self->preview_side_hex = side_hex;
  self->preview_side_dir = side_dir;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ------------------------------------------------------------------ */
/* Cursors */

static void
update_cursor (EditorMapCanvas *self)
{
  const char *name = self->pan_cursor != NULL ? self->pan_cursor : self->tool_cursor;

  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), name);
}

static void
set_pan_cursor (EditorMapCanvas *self,
                const char      *name)
{
  if (g_strcmp0 (self->pan_cursor, name) == 0)
    return;
  /* A cursor the window set directly becomes the tool cursor to return to. */
  if (self->pan_cursor == NULL)
    {
      GdkCursor *cursor = gtk_widget_get_cursor (GTK_WIDGET (self));
      const char *current = cursor != NULL ? gdk_cursor_get_name (cursor) : NULL;

      if (g_strcmp0 (current, self->tool_cursor) != 0)
        {
          g_free (self->tool_cursor);
          self->tool_cursor = g_strdup (current);
        }
    }
  self->pan_cursor = name;
  update_cursor (self);
}

void
editor_map_canvas_set_tool_cursor (EditorMapCanvas *self,
                                   const char      *name)
{
  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));

  g_free (self->tool_cursor);
  self->tool_cursor = g_strdup (name);
  update_cursor (self);
}

static void
update_pan_cursor (EditorMapCanvas *self)
{
  if (self->drag_mode == DRAG_PAN)
    set_pan_cursor (self, "grabbing");
  else if (self->space_down && self->pointer_inside)
    set_pan_cursor (self, "grab");
  else
    set_pan_cursor (self, NULL);
}

/* ------------------------------------------------------------------ */
/* Input */

static GdkModifierType
current_state (EditorMapCanvas    *self,
               GtkEventController *controller)
{
  /* Without an event (a signal emitted by a test), fall back on what the
   * key controller last saw. */
  if (gtk_event_controller_get_current_event (controller) != NULL)
    return gtk_event_controller_get_current_event_state (controller);
  return self->key_state;
}

static void update_hover_now (EditorMapCanvas *self);

static gboolean
hover_idle_cb (gpointer data)
{
  EditorMapCanvas *self = data;

  self->hover_idle_id = 0;
  update_hover_now (self);
  return G_SOURCE_REMOVE;
}

/* Hover listeners relabel other widgets (the status bar, the playtest's
 * turn bar). Not from inside a frame's layout: our own allocation (a fit
 * moves the map under the pointer), or a parent's, which maps or unmaps
 * this side of a paned it widens from or shrinks to nothing and so sends
 * an enter or a leave. GTK 4.8 then loses the resize those widgets queue,
 * having allocated them already in that pass, and snapshots them
 * unallocated ("Trying to snapshot EditorPlaytestBar without a current
 * allocation"). The change is told as soon as the frame is over. */
static void
update_hover (EditorMapCanvas *self)
{
  if (self->in_allocate || self->in_frame || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      if (self->hover_idle_id == 0)
        self->hover_idle_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE + 10, hover_idle_cb, self,
                                               NULL);
      return;
    }
  update_hover_now (self);
}

static void
frame_before_paint_cb (GdkFrameClock   *clock,
                       EditorMapCanvas *self)
{
  self->in_frame = TRUE;
}

static void
frame_after_paint_cb (GdkFrameClock   *clock,
                      EditorMapCanvas *self)
{
  self->in_frame = FALSE;
}

static void
editor_map_canvas_realize (GtkWidget *widget)
{
  EditorMapCanvas *self = EDITOR_MAP_CANVAS (widget);

  GTK_WIDGET_CLASS (editor_map_canvas_parent_class)->realize (widget);
  self->frame_clock = gtk_widget_get_frame_clock (widget);
  if (self->frame_clock != NULL)
    {
      g_object_ref (self->frame_clock);
      g_signal_connect (self->frame_clock, "before-paint", G_CALLBACK (frame_before_paint_cb),
                        self);
      g_signal_connect (self->frame_clock, "after-paint", G_CALLBACK (frame_after_paint_cb),
                        self);
    }
}

static void
editor_map_canvas_unrealize (GtkWidget *widget)
{
  EditorMapCanvas *self = EDITOR_MAP_CANVAS (widget);

  if (self->frame_clock != NULL)
    g_signal_handlers_disconnect_by_data (self->frame_clock, self);
  g_clear_object (&self->frame_clock);
  self->in_frame = FALSE;
  GTK_WIDGET_CLASS (editor_map_canvas_parent_class)->unrealize (widget);
}

static void
update_hover_now (EditorMapCanvas *self)
{
  int hex = SAND_HEX_NONE, side_hex = -1, side_dir = -1;

  if (self->pointer_inside && self->map != NULL)
    {
      hex = editor_map_canvas_hex_at (self, self->pointer_x, self->pointer_y);
      if (!editor_map_canvas_side_at (self, self->pointer_x, self->pointer_y,
                                      &side_hex, &side_dir))
        side_hex = side_dir = -1;
    }
  if (hex == self->hover_hex && side_hex == self->hover_side_hex
      && side_dir == self->hover_side_dir)
    return;
  self->hover_hex = hex;
  self->hover_side_hex = side_hex;
  self->hover_side_dir = side_dir;
  g_signal_emit (self, signals[SIGNAL_HOVER], 0, hex, side_hex, side_dir);
}

static void
motion_cb (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           EditorMapCanvas          *self)
{
  self->pointer_inside = TRUE;
  self->pointer_x = x;
  self->pointer_y = y;
  update_pan_cursor (self);
  update_hover (self);
}

static void
leave_cb (GtkEventControllerMotion *controller,
          EditorMapCanvas          *self)
{
  self->pointer_inside = FALSE;
  update_pan_cursor (self);
  update_hover (self);
}

static void
stop_kinetic (EditorMapCanvas *self)
{
  if (self->kinetic_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->kinetic_id);
  self->kinetic_id = 0;
}

static gboolean
kinetic_tick_cb (GtkWidget     *widget,
                 GdkFrameClock *clock,
                 gpointer       user_data)
{
  EditorMapCanvas *self = EDITOR_MAP_CANVAS (widget);
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  double dt = (now - self->kinetic_time) / 1000.0; /* ms */
  double decay = exp (-KINETIC_FRICTION * dt / 1000.0);

  self->kinetic_time = now;
  editor_hex_viewport_pan_by (self->viewport, self->kinetic_vx * dt, self->kinetic_vy * dt);
  self->kinetic_vx *= decay;
  self->kinetic_vy *= decay;
  if (hypot (self->kinetic_vx, self->kinetic_vy) >= KINETIC_STOP_SPEED)
    return G_SOURCE_CONTINUE;
  self->kinetic_id = 0;
  return G_SOURCE_REMOVE;
}

static void
scroll_begin_cb (GtkEventControllerScroll *controller,
                 EditorMapCanvas          *self)
{
  stop_kinetic (self);
  self->scroll_panned = FALSE;
}

static void
decelerate_cb (GtkEventControllerScroll *controller,
               double                    vx,
               double                    vy,
               EditorMapCanvas          *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  /* Only a pan glides; a Ctrl+scroll zoom stops where it is. */
  if (!self->scroll_panned || clock == NULL || hypot (vx, vy) < KINETIC_STOP_SPEED)
    return;
  stop_kinetic (self);
  self->kinetic_vx = vx;
  self->kinetic_vy = vy;
  self->kinetic_time = gdk_frame_clock_get_frame_time (clock);
  self->kinetic_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), kinetic_tick_cb, NULL, NULL);
}

static gboolean
scroll_cb (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           EditorMapCanvas          *self)
{
  GdkModifierType state = current_state (self, GTK_EVENT_CONTROLLER (controller));
  GdkScrollUnit unit = gtk_event_controller_scroll_get_unit (controller);
  double wx, wy, zoom;

  if (self->map == NULL)
    return FALSE;

  if (state & GDK_CONTROL_MASK)
    {
      get_anchor (self, &wx, &wy);
      zoom = editor_hex_viewport_get_zoom (self->viewport);
      /* Deltas add up in an exact target and the view follows it in
       * quanta: small touchpad or high-resolution wheel deltas still zoom,
       * and the zoom always comes to rest where tiles are pixel for
       * pixel. */
      if (zoom != self->scroll_zoom_set)
        self->scroll_zoom_target = zoom;
      if (unit == GDK_SCROLL_UNIT_WHEEL)
        self->scroll_zoom_target -= dy * EDITOR_ZOOM_WHEEL_STEP;
      else
        self->scroll_zoom_target -= dy / TOUCHPAD_ZOOM_PIXELS;
      self->scroll_zoom_target = CLAMP (self->scroll_zoom_target,
                                        editor_hex_viewport_get_min_zoom (self->viewport),
                                        editor_hex_viewport_get_max_zoom (self->viewport));
      editor_hex_viewport_zoom_at (self->viewport, quantise (self->scroll_zoom_target), wx, wy);
      self->scroll_zoom_set = editor_hex_viewport_get_zoom (self->viewport);
      self->scroll_panned = FALSE;
      return TRUE;
    }

  if (unit == GDK_SCROLL_UNIT_WHEEL)
    {
      dx *= WHEEL_PAN_PIXELS;
      dy *= WHEEL_PAN_PIXELS;
      if (state & GDK_SHIFT_MASK)
        {
          double t = dx;

          dx = dy;
          dy = t;
        }
    }
  stop_kinetic (self);
  self->scroll_panned = TRUE;
  editor_hex_viewport_pan_by (self->viewport, dx, dy);
  return TRUE;
}

static void
drag_begin_cb (GtkGestureDrag  *gesture,
               double           x,
               double           y,
               EditorMapCanvas *self)
{
  GtkEventController *controller = GTK_EVENT_CONTROLLER (gesture);
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  double mx, my;

  /* A drag emitted without an event (from a test) is a primary one. */
  if (button == 0)
    button = GDK_BUTTON_PRIMARY;

  if (self->map == NULL
      || (button != GDK_BUTTON_PRIMARY && button != GDK_BUTTON_MIDDLE
          && button != GDK_BUTTON_SECONDARY))
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }

  stop_kinetic (self);
  gtk_widget_grab_focus (GTK_WIDGET (self));
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  self->drag_x = x;
  self->drag_y = y;
  self->drag_button = button;
  self->pointer_x = x;
  self->pointer_y = y;
  editor_hex_viewport_widget_to_map (self->viewport, x, y, &mx, &my);

  if (button == GDK_BUTTON_MIDDLE || (button == GDK_BUTTON_PRIMARY && self->space_down))
    {
      self->drag_mode = DRAG_PAN;
      self->anchor_x = mx;
      self->anchor_y = my;
      update_pan_cursor (self);
      return;
    }

  self->drag_mode = DRAG_EDIT;
  g_signal_emit (self, signals[SIGNAL_EDIT_BEGIN], 0,
                 editor_map_canvas_hex_at (self, x, y), mx, my, button,
                 current_state (self, controller));
}

static void
drag_update_cb (GtkGestureDrag  *gesture,
                double           offset_x,
                double           offset_y,
                EditorMapCanvas *self)
{
  double x = self->drag_x + offset_x;
  double y = self->drag_y + offset_y;
  double mx, my;

  self->pointer_x = x;
  self->pointer_y = y;
  switch (self->drag_mode)
    {
    case DRAG_PAN:
      /* The grabbed map point follows the pointer: no drift from summed
       * deltas. */
      editor_hex_viewport_anchor (self->viewport, self->anchor_x, self->anchor_y, x, y);
      break;
    case DRAG_EDIT:
      editor_hex_viewport_widget_to_map (self->viewport, x, y, &mx, &my);
      g_signal_emit (self, signals[SIGNAL_EDIT_UPDATE], 0,
                     editor_map_canvas_hex_at (self, x, y), mx, my);
      break;
    case DRAG_NONE:
    default:
      break;
    }
}

static void
finish_drag (EditorMapCanvas *self,
             double           x,
             double           y)
{
  DragMode mode = self->drag_mode;
  double mx, my;

  self->drag_mode = DRAG_NONE;
  if (mode == DRAG_PAN)
    update_pan_cursor (self);
  else if (mode == DRAG_EDIT)
    {
      editor_hex_viewport_widget_to_map (self->viewport, x, y, &mx, &my);
      g_signal_emit (self, signals[SIGNAL_EDIT_END], 0,
                     editor_map_canvas_hex_at (self, x, y), mx, my);
    }
}

static void
drag_end_cb (GtkGestureDrag  *gesture,
             double           offset_x,
             double           offset_y,
             EditorMapCanvas *self)
{
  finish_drag (self, self->drag_x + offset_x, self->drag_y + offset_y);
}

static void
drag_cancel_cb (GtkGesture       *gesture,
                GdkEventSequence *sequence,
                EditorMapCanvas  *self)
{
  /* A tool that began a stroke always gets its end (undo groups close). */
  finish_drag (self, self->pointer_x, self->pointer_y);
}

static void
pinch_begin_cb (GtkGesture       *gesture,
                GdkEventSequence *sequence,
                EditorMapCanvas  *self)
{
  double x, y;

  if (self->map == NULL || !gtk_gesture_get_bounding_box_center (gesture, &x, &y))
    {
      gtk_gesture_set_state (gesture, GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_gesture_set_state (gesture, GTK_EVENT_SEQUENCE_CLAIMED);
  self->pinch_zoom = editor_hex_viewport_get_zoom (self->viewport);
  editor_hex_viewport_widget_to_map (self->viewport, x, y,
                                     &self->pinch_anchor_x, &self->pinch_anchor_y);
}

static void
pinch_scale_changed_cb (GtkGestureZoom  *gesture,
                        double           scale,
                        EditorMapCanvas *self)
{
  double x, y;

  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y) || scale <= 0)
    return;
  /* The fingers' midpoint keeps the map point it started on: pinching
   * also pans. */
  g_object_freeze_notify (G_OBJECT (self->viewport));
  editor_hex_viewport_set_zoom (self->viewport, quantise (self->pinch_zoom + log2 (scale)));
  editor_hex_viewport_anchor (self->viewport, self->pinch_anchor_x, self->pinch_anchor_y, x, y);
  g_object_thaw_notify (G_OBJECT (self->viewport));
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                EditorMapCanvas       *self)
{
  self->key_state = state;
  if (keyval == GDK_KEY_space)
    {
      self->space_down = TRUE;
      update_pan_cursor (self);
      return TRUE;
    }
  return FALSE;
}

static void
key_released_cb (GtkEventControllerKey *controller,
                 guint                  keyval,
                 guint                  keycode,
                 GdkModifierType        state,
                 EditorMapCanvas       *self)
{
  self->key_state = state;
  if (keyval == GDK_KEY_space)
    {
      self->space_down = FALSE;
      update_pan_cursor (self);
    }
}

static gboolean
modifiers_cb (GtkEventControllerKey *controller,
              GdkModifierType        state,
              EditorMapCanvas       *self)
{
  self->key_state = state;
  return FALSE;
}

/* Space pans while the pointer is over the map, wherever the keyboard
 * focus is (a palette button would otherwise take the key), unless the
 * focus is where text is typed. */
static gboolean
root_key_pressed_cb (GtkEventControllerKey *controller,
                     guint                  keyval,
                     guint                  keycode,
                     GdkModifierType        state,
                     EditorMapCanvas       *self)
{
  GtkWidget *focus;

  if (keyval != GDK_KEY_space || !self->pointer_inside || self->root == NULL)
    return FALSE;
  focus = gtk_root_get_focus (GTK_ROOT (self->root));
  if (focus != NULL && (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT_VIEW (focus)))
    return FALSE;
  self->space_down = TRUE;
  update_pan_cursor (self);
  return TRUE;
}

static void
root_key_released_cb (GtkEventControllerKey *controller,
                      guint                  keyval,
                      guint                  keycode,
                      GdkModifierType        state,
                      EditorMapCanvas       *self)
{
  if (keyval == GDK_KEY_space && self->space_down)
    {
      self->space_down = FALSE;
      update_pan_cursor (self);
    }
}

static void
detach_root_keys (EditorMapCanvas *self)
{
  if (self->root != NULL && self->root_keys != NULL)
    {
      gtk_widget_remove_controller (self->root, self->root_keys);
      g_object_remove_weak_pointer (G_OBJECT (self->root), (gpointer *) &self->root);
    }
  self->root = NULL;
  self->root_keys = NULL;
}

static void
editor_map_canvas_root (GtkWidget *widget)
{
  EditorMapCanvas *self = EDITOR_MAP_CANVAS (widget);

  GTK_WIDGET_CLASS (editor_map_canvas_parent_class)->root (widget);

  detach_root_keys (self);
  self->root = GTK_WIDGET (gtk_widget_get_root (widget));
  g_object_add_weak_pointer (G_OBJECT (self->root), (gpointer *) &self->root);
  self->root_keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (self->root_keys, GTK_PHASE_CAPTURE);
  gtk_event_controller_set_name (self->root_keys, "editor-map-canvas-space");
  g_signal_connect (self->root_keys, "key-pressed", G_CALLBACK (root_key_pressed_cb), self);
  g_signal_connect (self->root_keys, "key-released", G_CALLBACK (root_key_released_cb), self);
  gtk_widget_add_controller (self->root, self->root_keys);
}

static void
editor_map_canvas_unroot (GtkWidget *widget)
{
  /* The hover it was leaving is no news to the window it leaves. */
  g_clear_handle_id (&EDITOR_MAP_CANVAS (widget)->hover_idle_id, g_source_remove);
  detach_root_keys (EDITOR_MAP_CANVAS (widget));
  GTK_WIDGET_CLASS (editor_map_canvas_parent_class)->unroot (widget);
}

static void
focus_leave_cb (GtkEventControllerFocus *controller,
                EditorMapCanvas         *self)
{
  /* A Space released in another window never reaches us. */
  self->space_down = FALSE;
  self->key_state = 0;
  update_pan_cursor (self);
}

static void
viewport_changed_cb (EditorHexViewport *viewport,
                     EditorMapCanvas   *self)
{
  double zoom = editor_hex_viewport_get_zoom (viewport);

  if (zoom != self->last_zoom)
    {
      self->last_zoom = zoom;
      self->zoom_changed_at = g_get_monotonic_time ();
    }
  update_hover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ------------------------------------------------------------------ */
/* Actions */

static void
zoom_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  EditorMapCanvas *self = EDITOR_MAP_CANVAS (widget);

  if (g_str_equal (action_name, "canvas.zoom-in"))
    editor_map_canvas_zoom_in (self);
  else if (g_str_equal (action_name, "canvas.zoom-out"))
    editor_map_canvas_zoom_out (self);
  else if (g_str_equal (action_name, "canvas.zoom-reset"))
    editor_map_canvas_zoom_reset (self);
  else if (g_str_equal (action_name, "canvas.zoom-fit"))
    editor_map_canvas_zoom_fit (self);
}

static void
pan_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  EditorMapCanvas *self = EDITOR_MAP_CANVAS (widget);
  int dx, dy;

  /* One step is an eighth of the view. */
  g_variant_get (parameter, "(ii)", &dx, &dy);
  editor_hex_viewport_pan_by (self->viewport,
                              dx * editor_hex_viewport_get_width (self->viewport) / 8.0,
                              dy * editor_hex_viewport_get_height (self->viewport) / 8.0);
}

/* ------------------------------------------------------------------ */
/* GObject */

static void
editor_map_canvas_dispose (GObject *object)
{
  EditorMapCanvas *self = EDITOR_MAP_CANVAS (object);

  g_clear_handle_id (&self->idle_id, g_source_remove);
  stop_kinetic (self);
  detach_root_keys (self);
  editor_map_canvas_set_scenario (self, NULL);
  if (self->viewport != NULL)
    g_signal_handlers_disconnect_by_data (self->viewport, self);
  g_clear_handle_id (&self->hover_idle_id, g_source_remove);
  g_clear_object (&self->viewport);

  G_OBJECT_CLASS (editor_map_canvas_parent_class)->dispose (object);
}

static void
editor_map_canvas_finalize (GObject *object)
{
  EditorMapCanvas *self = EDITOR_MAP_CANVAS (object);

  clear_overlay (self);
  g_clear_pointer (&self->named, g_free);
  g_clear_pointer (&self->tiles, editor_tile_cache_free);
  g_clear_pointer (&self->preview, g_array_unref);
  g_free (self->tool_cursor);

  G_OBJECT_CLASS (editor_map_canvas_parent_class)->finalize (object);
}

static void
editor_map_canvas_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  EditorMapCanvas *self = EDITOR_MAP_CANVAS (object);

  switch (prop_id)
    {
    case PROP_SCENARIO:
      g_value_set_object (value, self->scenario);
      return;
    case PROP_VIEWPORT:
      g_value_set_object (value, self->viewport);
      return;
    default:
      break;
    }
  for (guint i = 0; i < G_N_ELEMENTS (layer_props); i++)
    if (layer_props[i].prop == (int) prop_id)
      {
        g_value_set_boolean (value, (self->layers & layer_props[i].layer) != 0);
        return;
      }
  G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
editor_map_canvas_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  EditorMapCanvas *self = EDITOR_MAP_CANVAS (object);

  if (prop_id == PROP_SCENARIO)
    {
      editor_map_canvas_set_scenario (self, g_value_get_object (value));
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (layer_props); i++)
    if (layer_props[i].prop == (int) prop_id)
      {
        SandLayers layers = self->layers & ~layer_props[i].layer;

        if (g_value_get_boolean (value))
          layers |= layer_props[i].layer;
        editor_map_canvas_set_layers (self, layers);
        return;
      }
  G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
editor_map_canvas_class_init (EditorMapCanvasClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = editor_map_canvas_dispose;
  object_class->finalize = editor_map_canvas_finalize;
  object_class->get_property = editor_map_canvas_get_property;
  object_class->set_property = editor_map_canvas_set_property;

  widget_class->snapshot = editor_map_canvas_snapshot;
  widget_class->measure = editor_map_canvas_measure;
  widget_class->size_allocate = editor_map_canvas_size_allocate;
  widget_class->root = editor_map_canvas_root;
  widget_class->realize = editor_map_canvas_realize;
  widget_class->unrealize = editor_map_canvas_unrealize;
  widget_class->unroot = editor_map_canvas_unroot;

  properties[PROP_SCENARIO] =
    g_param_spec_object ("scenario", NULL, NULL, SAND_TYPE_SCENARIO, flags);
  properties[PROP_VIEWPORT] =
    g_param_spec_object ("viewport", NULL, NULL, EDITOR_TYPE_HEX_VIEWPORT,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_GRID] =
    g_param_spec_boolean ("show-grid", NULL, NULL, TRUE, flags);
  properties[PROP_SHOW_IDS] =
    g_param_spec_boolean ("show-ids", NULL, NULL, TRUE, flags);
  properties[PROP_SHOW_NAMES] =
    g_param_spec_boolean ("show-names", NULL, NULL, TRUE, flags);
  properties[PROP_SHOW_COUNTERS] =
    g_param_spec_boolean ("show-counters", NULL, NULL, TRUE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_HOVER] =
    g_signal_new ("hover", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT);
  signals[SIGNAL_EDIT_BEGIN] =
    g_signal_new ("edit-begin", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 5, G_TYPE_INT, G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_UINT,
                  GDK_TYPE_MODIFIER_TYPE);
  signals[SIGNAL_EDIT_UPDATE] =
    g_signal_new ("edit-update", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 3, G_TYPE_INT, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
  signals[SIGNAL_EDIT_END] =
    g_signal_new ("edit-end", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 3, G_TYPE_INT, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

  gtk_widget_class_install_action (widget_class, "canvas.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-reset", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-fit", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "canvas.pan", "(ii)", pan_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, 0, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, 0, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, 0, "canvas.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, 0,
                                       "canvas.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, 0, "canvas.zoom-reset", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0, 0, "canvas.zoom-reset", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, 0, "canvas.zoom-fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "canvas.pan", "(ii)", -1, 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "canvas.pan", "(ii)", 1, 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, 0, "canvas.pan", "(ii)", 0, -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, 0, "canvas.pan", "(ii)", 0, 1);

  gtk_widget_class_set_css_name (widget_class, "map-canvas");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
editor_map_canvas_init (EditorMapCanvas *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkEventController *controller;
  GtkGesture *gesture;

  self->layers = SAND_LAYER_ALL;
  self->viewport = editor_hex_viewport_new ();
  self->tiles = editor_tile_cache_new (MAX_TILES, draw_tile_cb, self);
  self->preview = g_array_new (FALSE, FALSE, sizeof (int));
  self->preview_side_hex = -1;
  self->preview_side_dir = -1;
  self->hover_hex = self->hover_side_hex = self->hover_side_dir = -2;
  g_signal_connect (self->viewport, "changed", G_CALLBACK (viewport_changed_cb), self);

  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_focus_on_click (widget, TRUE);
  gtk_widget_set_overflow (widget, GTK_OVERFLOW_HIDDEN);
  gtk_widget_set_hexpand (widget, TRUE);
  gtk_widget_set_vexpand (widget, TRUE);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (motion_cb), self);
  g_signal_connect (controller, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (controller, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES
                                                | GTK_EVENT_CONTROLLER_SCROLL_KINETIC);
  g_signal_connect (controller, "scroll-begin", G_CALLBACK (scroll_begin_cb), self);
  g_signal_connect (controller, "scroll", G_CALLBACK (scroll_cb), self);
  g_signal_connect (controller, "decelerate", G_CALLBACK (decelerate_cb), self);
  gtk_widget_add_controller (widget, controller);

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), 0);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (drag_end_cb), self);
  g_signal_connect (gesture, "cancel", G_CALLBACK (drag_cancel_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));
  self->drag = gesture;

  gesture = gtk_gesture_zoom_new ();
  g_signal_connect (gesture, "begin", G_CALLBACK (pinch_begin_cb), self);
  g_signal_connect (gesture, "scale-changed", G_CALLBACK (pinch_scale_changed_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_key_new ();
  g_signal_connect (controller, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  g_signal_connect (controller, "key-released", G_CALLBACK (key_released_cb), self);
  g_signal_connect (controller, "modifiers", G_CALLBACK (modifiers_cb), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_focus_new ();
  g_signal_connect (controller, "leave", G_CALLBACK (focus_leave_cb), self);
  gtk_widget_add_controller (widget, controller);
}

GtkWidget *
editor_map_canvas_new (void)
{
  return g_object_new (EDITOR_TYPE_MAP_CANVAS, NULL);
}

/* ------------------------------------------------------------------ */
/* Test hooks */

EditorTileCache *
editor_map_canvas_get_tile_cache (EditorMapCanvas *self)
{
  g_return_val_if_fail (EDITOR_IS_MAP_CANVAS (self), NULL);
  return self->tiles;
}

void
editor_map_canvas_set_sync_rendering (EditorMapCanvas *self,
                                      gboolean         sync)
{
  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));
  self->sync_rendering = sync;
  if (sync)
    g_clear_handle_id (&self->idle_id, g_source_remove);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
editor_map_canvas_get_last_invalidated (EditorMapCanvas *self)
{
  g_return_val_if_fail (EDITOR_IS_MAP_CANVAS (self), 0);
  return self->last_invalidated;
}

void
editor_map_canvas_set_texture_nodes_only (EditorMapCanvas *self,
                                          gboolean         only)
{
  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));
  self->texture_nodes_only = only;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
