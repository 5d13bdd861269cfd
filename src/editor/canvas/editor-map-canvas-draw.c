/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-map-canvas-draw.c: the canvas's frames — cached tiles of the
 * static layers, counters, overlays and the brush preview drawn live in
 * cells — and which tiles a change of the map makes stale. */
#include "config.h"

#include "editor-map-canvas-private.h"
#include "editor-hex-cursor.h"
#include "editor-reference.h"

#include <math.h>

/* ------------------------------------------------------------------ */
/* Geometry */

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

  grid = canvas_grid (self);
  size = canvas_hex_size (self);
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

void
_editor_map_canvas_draw_tile (cairo_t  *cr,
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

void
_editor_map_canvas_snapshot (GtkWidget   *widget,
                             GtkSnapshot *snapshot)
{
  EditorMapCanvas *self = EDITOR_MAP_CANVAS (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  gint64 budget;
  EditorTileView view;

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

  _editor_map_canvas_snapshot_live (self, snapshot, &view);

  /* The keyboard's cursor, above everything (editor-hex-cursor.c). */
  {
    EditorHexCursor *cursor = g_object_get_data (G_OBJECT (self), EDITOR_HEX_CURSOR_KEY);

    if (cursor != NULL)
      editor_hex_cursor_snapshot (cursor, snapshot);
  }
}

void
_editor_map_canvas_measure (GtkWidget      *widget,
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

void
_editor_map_canvas_size_allocate (GtkWidget *widget,
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
/* Invalidation */

/* Whether a hex of the rectangle has or had a place name, the one thing
 * whose drawing reaches further than a hex (names may run two columns
 * either side); remembers which hexes have one now. */
gboolean
_editor_map_canvas_update_named (EditorMapCanvas *self,
                                 int              col0,
                                 int              row0,
                                 int              col1,
                                 int              row1)
{
  const SandGrid *grid = canvas_grid (self);
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
void
_editor_map_canvas_invalidate_moved_labels (EditorMapCanvas *self)
{
  double x0, y0, x1, y1, tile_scale;
  int bucket;

  if (self->renderer == NULL)
    return;
  bucket = editor_tile_cache_bucket_for_scale (editor_hex_viewport_get_scale (self->viewport));
  tile_scale = exp2 (bucket * EDITOR_ZOOM_QUANTUM)
               * gtk_widget_get_scale_factor (GTK_WIDGET (self));
  if (sand_renderer_update_labels (self->renderer, tile_scale, self->layers & SAND_LAYER_STATIC,
                                   &x0, &y0, &x1, &y1))
    editor_tile_cache_invalidate_rect (self->tiles, x0, y0, x1, y1);
}

/* Marks stale the tiles over a change of hexes (col0, row0)–(col1, row1)
 * and returns how many it newly marked. Only marks: however many changes
 * arrive before the next frame, each tile is rendered once, then. */
static guint
invalidate_hexes (EditorMapCanvas *self,
                  int              col0,
                  int              row0,
                  int              col1,
                  int              row1)
{
  double x0, y0, x1, y1;

  /* A terrain or hexside edit repaints its hex and the neighbours; only a
   * change where a place name is, or was, repaints as far as a name
   * reaches. */
  if (_editor_map_canvas_update_named (self, col0, row0, col1, row1))
    editor_map_canvas_change_rect (self, col0, row0, col1, row1, &x0, &y0, &x1, &y1);
  else
    one_hex_margin_rect (self, col0, row0, col1, row1, &x0, &y0, &x1, &y1);
  return editor_tile_cache_invalidate_rect (self->tiles, x0, y0, x1, y1);
}

/* Whether the parts of a batch cover less of the map than their box: a
 * diagonal stroke, an undone stroke, two edits far apart. */
static gboolean
parts_worth_it (const int *parts,
                guint      n_parts,
                int        col0,
                int        row0,
                int        col1,
                int        row1)
{
  gint64 box = (gint64) (col1 - col0 + 1) * (row1 - row0 + 1), sum = 0;

  for (guint i = 0; i < n_parts && sum < box; i++)
    {
      const int *p = parts + 4 * i;

      sum += (gint64) (p[2] - p[0] + 1) * (p[3] - p[1] + 1);
    }
  return n_parts > 1 && sum < box;
}

void
_editor_map_canvas_invalidate_change (EditorMapCanvas *self,
                                      const int       *parts,
                                      guint            n_parts,
                                      int              col0,
                                      int              row0,
                                      int              col1,
                                      int              row1)
{
  guint n = 0;

  if (parts != NULL && parts_worth_it (parts, n_parts, col0, row0, col1, row1))
    for (guint i = 0; i < n_parts; i++)
      n += invalidate_hexes (self, parts[4 * i], parts[4 * i + 1], parts[4 * i + 2],
                             parts[4 * i + 3]);
  else
    n = invalidate_hexes (self, col0, row0, col1, row1);
  self->last_invalidated = n;
  _editor_map_canvas_invalidate_moved_labels (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
