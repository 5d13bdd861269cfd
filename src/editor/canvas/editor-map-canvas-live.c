/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-map-canvas-live.c: what the canvas draws above its tiles and may
 * change between frames — counters, overlays, the brush preview — in
 * cells of LIVE_CELL_SIZE pixels, each kept as a render node until what it
 * shows changes. A moved unit or a preview that follows the pointer draws
 * again the few cells around its hexes; the renderer (GSK compares the
 * new frame's nodes with the last's) repaints only those on screen. */
#include "config.h"

#include "editor-map-canvas-private.h"

#include <math.h>

/* One cell at the zoom bucket and scale factor the cache holds: its node
 * (NULL when it draws nothing) and the last frame that showed it. */
typedef struct {
  GskRenderNode *node;
  guint frame;
} LiveCell;

static void
live_cell_free (gpointer data)
{
  LiveCell *cell = data;

  g_clear_pointer (&cell->node, gsk_render_node_unref);
  g_free (cell);
}

/* Cells are numbered from the map's origin in cell sizes, 16 bits each way
 * (a 300 × 300 map at 8× has under 1,000 cells a side). */
static gpointer
cell_key (int cx,
          int cy)
{
  return GUINT_TO_POINTER (((guint) (cy + 0x8000) & 0xffff) << 16
                           | ((guint) (cx + 0x8000) & 0xffff));
}

void
_editor_map_canvas_drop_live_cells (EditorMapCanvas *self)
{
  if (self->live_cells != NULL)
    g_hash_table_remove_all (self->live_cells);
}

void
_editor_map_canvas_free_live_cells (EditorMapCanvas *self)
{
  g_clear_pointer (&self->live_cells, g_hash_table_unref);
}

/* Drops the cells that may show something of the map-unit rectangle. */
static void
invalidate_live_rect (EditorMapCanvas *self,
                      double           x0,
                      double           y0,
                      double           x1,
                      double           y1)
{
  double bs = exp2 (self->live_bucket * EDITOR_ZOOM_QUANTUM);
  int cx0 = (int) floor (x0 * bs / LIVE_CELL_SIZE), cx1 = (int) floor (x1 * bs / LIVE_CELL_SIZE);
  int cy0 = (int) floor (y0 * bs / LIVE_CELL_SIZE), cy1 = (int) floor (y1 * bs / LIVE_CELL_SIZE);

  if (self->live_cells == NULL || g_hash_table_size (self->live_cells) == 0)
    return;
  for (int cy = cy0; cy <= cy1; cy++)
    for (int cx = cx0; cx <= cx1; cx++)
      g_hash_table_remove (self->live_cells, cell_key (cx, cy));
}

/* A counter, an overlay mark or the preview on a hex reaches less than
 * the cells' culling margin (two hex sizes) from its centre. */
static void
invalidate_live_hex (EditorMapCanvas *self,
                     int              hex)
{
  const SandGrid *grid = canvas_grid (self);
  double reach = 2 * canvas_hex_size (self);
  SandPoint c;

  if (grid == NULL || hex < 0 || hex >= sand_grid_n_hexes (grid))
    return;
  c = sand_grid_hex_center (grid, canvas_hex_size (self), hex);
  invalidate_live_rect (self, c.x - reach, c.y - reach, c.x + reach, c.y + reach);
}

void
_editor_map_canvas_invalidate_live_cells (EditorMapCanvas *self,
                                          const int       *hexes,
                                          guint            n_hexes)
{
  for (guint i = 0; i < n_hexes; i++)
    invalidate_live_hex (self, hexes[i]);
}

static void
invalidate_live_hexes (EditorMapCanvas *self,
                       const int       *hexes,
                       guint            n_hexes)
{
  guint serial;

  _editor_map_canvas_invalidate_live_cells (self, hexes, n_hexes);
  if (self->renderer == NULL)
    return;
  /* One new counter list since the cells were drawn, and these are its
   * hexes: the other cells still show it right. More than one, and some
   * change went untold: the next frame draws every cell. */
  serial = sand_renderer_get_counters_serial (self->renderer);
  if (serial == self->live_serial + 1)
    self->live_serial = serial;
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
  const SandGrid *grid = canvas_grid (self);
  double size = canvas_hex_size (self);

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

void
editor_map_canvas_queue_draw_hexes (EditorMapCanvas *self,
                                    const int       *hexes,
                                    guint            n_hexes)
{
  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));
  g_return_if_fail (hexes != NULL || n_hexes == 0);

  self->last_told = 0;
  if (self->map == NULL)
    return;
  for (guint i = 0; i < n_hexes; i++)
    self->last_told += hexes[i] >= 0 && hexes[i] < sand_grid_n_hexes (canvas_grid (self));
  /* What the tiles show comes from the map alone, which tells its own
   * changes, hex by hex; what changes in play is drawn in live cells. A
   * tile is drawn again only where a counter pushed a label aside. */
  invalidate_live_hexes (self, hexes, n_hexes);
  _editor_map_canvas_invalidate_moved_labels (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
_editor_map_canvas_preview_changed (EditorMapCanvas *self,
                                    const int       *hexes,
                                    guint            n_hexes,
                                    int              side_hex)
{
  /* The cells of the old preview, then of the new one. */
  for (guint i = 0; i < self->preview->len; i++)
    invalidate_live_hex (self, g_array_index (self->preview, int, i));
  invalidate_live_hex (self, self->preview_side_hex);
  for (guint i = 0; i < n_hexes; i++)
    invalidate_live_hex (self, hexes[i]);
  invalidate_live_hex (self, side_hex);
}

/* Draws one cell into a node only as large as what it drew, or NULL. */
static GskRenderNode *
record_cell (EditorMapCanvas      *self,
             const EditorTileView *view,
             double                bucket_scale,
             int                   cx,
             int                   cy,
             gboolean              preview)
{
  cairo_rectangle_t cell = { cx, cy, LIVE_CELL_SIZE, LIVE_CELL_SIZE };
  cairo_surface_t *recording = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, &cell);
  cairo_t *cr = cairo_create (recording);
  double margin = 2 * canvas_hex_size (self);
  double ix, iy, iw, ih, x0, y0, x1, y1;
  GskRenderNode *node = NULL;

  x0 = cell.x / bucket_scale - margin;
  y0 = cell.y / bucket_scale - margin;
  x1 = (cell.x + cell.width) / bucket_scale + margin;
  y1 = (cell.y + cell.height) / bucket_scale + margin;
  cairo_scale (cr, bucket_scale, bucket_scale);
  if (has_counters (self))
    sand_renderer_draw (self->renderer, cr, bucket_scale * view->scale_factor,
                        x0, y0, x1, y1, SAND_LAYER_COUNTERS);
  if (self->have_overlay)
    sand_renderer_draw_overlay (self->renderer, cr, bucket_scale * view->scale_factor,
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
          node = gsk_cairo_node_new (&bounds);
          cr = gsk_cairo_node_get_draw_context (node);
          cairo_set_source_surface (cr, recording, 0, 0);
          cairo_paint (cr);
          cairo_destroy (cr);
        }
    }
  cairo_surface_destroy (recording);
  return node;
}

void
_editor_map_canvas_snapshot_live (EditorMapCanvas      *self,
                                  GtkSnapshot          *snapshot,
                                  const EditorTileView *view)
{
  int bucket = editor_tile_cache_bucket_for_scale (view->scale);
  double bucket_scale, rest, lx1, ly1;
  int lx0, ly0;
  gboolean preview;
  guint serial, shown = 0;

  preview = self->preview->len > 0 || self->preview_side_hex >= 0;
  if (!has_counters (self) && !self->have_overlay && !preview)
    return;

  /* Cells are kept for one zoom bucket and scale factor, and the counter
   * list they were drawn from (editor_map_canvas_queue_draw_hexes ()
   * keeps them across a change it was told). */
  serial = sand_renderer_get_counters_serial (self->renderer);
  if (self->live_cells == NULL)
    self->live_cells = g_hash_table_new_full (NULL, NULL, NULL, live_cell_free);
  if (bucket != self->live_bucket || view->scale_factor != self->live_scale_factor
      || serial != self->live_serial)
    {
      g_hash_table_remove_all (self->live_cells);
      self->live_bucket = bucket;
      self->live_scale_factor = view->scale_factor;
      self->live_serial = serial;
    }
  self->live_frame++;
  self->n_cells_drawn = 0;

  /* What changes between frames is drawn cell by cell, culled to each
   * cell. A cairo node costs its renderer a scratch image of the node's
   * size every frame, so each cell is recorded first and becomes a node
   * only as large as what it drew, or none.
   *
   * It is drawn at the tiles' zoom bucket and scaled by what remains, as
   * the tiles are: at rest that is nothing, and during a continuous zoom
   * the cells and the renderer's counter stamps, made once per scale,
   * serve every frame of a bucket. */
  bucket_scale = exp2 (bucket * EDITOR_ZOOM_QUANTUM);
  rest = view->scale / bucket_scale;
  lx0 = (int) floor (-view->origin_x / rest / LIVE_CELL_SIZE);
  ly0 = (int) floor (-view->origin_y / rest / LIVE_CELL_SIZE);
  lx1 = (view->width - view->origin_x) / rest / LIVE_CELL_SIZE;
  ly1 = (view->height - view->origin_y) / rest / LIVE_CELL_SIZE;

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (view->origin_x, view->origin_y));
  if (rest != 1.0)
    gtk_snapshot_scale (snapshot, (float) rest, (float) rest);
  for (int cy = ly0; cy < ly1; cy++)
    for (int cx = lx0; cx < lx1; cx++)
      {
        LiveCell *cell = g_hash_table_lookup (self->live_cells, cell_key (cx, cy));

        if (cell == NULL)
          {
            cell = g_new0 (LiveCell, 1);
            cell->node = record_cell (self, view, bucket_scale, cx * LIVE_CELL_SIZE,
                                      cy * LIVE_CELL_SIZE, preview);
            g_hash_table_insert (self->live_cells, cell_key (cx, cy), cell);
            self->n_cells_drawn++;
          }
        cell->frame = self->live_frame;
        shown++;
        if (cell->node != NULL)
          gtk_snapshot_append_node (snapshot, cell->node);
      }
  gtk_snapshot_restore (snapshot);

  /* Keep about a view's worth: cells panned away are dropped. */
  if (g_hash_table_size (self->live_cells) > 2 * shown)
    {
      GHashTableIter iter;
      LiveCell *cell;

      g_hash_table_iter_init (&iter, self->live_cells);
      while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &cell))
        if (cell->frame != self->live_frame)
          g_hash_table_iter_remove (&iter);
    }
}
