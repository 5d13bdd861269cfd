/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "editor-tile-cache.h"
#include "editor-hex-viewport.h"

#include <math.h>
#include <string.h>

typedef struct {
  int tx, ty, bucket;
} TileKey;

typedef struct {
  TileKey key;
  cairo_surface_t *surface;
  GdkTexture *texture;     /* for GPU renderers: uploaded once, then cached */
  GskRenderNode *node;     /* for the cairo renderer, made on first use */
  int width, height;   /* pixels; edge tiles are cut to the map */
  gboolean stale;
  /* Pixels to redraw when stale: x0, y0, x1, y1; the whole tile when the
   * tile was never drawn or the cache was cleared. */
  int dirty[4];
  guint64 used_frame;
  GList link;          /* in lru, most recent at the head */
} Tile;

struct _EditorTileCache
{
  GHashTable *tiles;   /* TileKey* → Tile* (the key lives in the tile) */
  GQueue lru;
  guint max_tiles;
  EditorTileDrawFunc draw;
  gpointer user_data;

  guint64 frame;
  EditorTileView view; /* of the last snapshot */
  gboolean have_view;
  int complete_bucket; /* last bucket whose visible tiles were all fresh */
  gboolean have_complete;
  int scale_factor;

  guint n_rendered;
  guint64 n_pixels_drawn; /* device pixels the draw function was asked for */
};

typedef struct {
  int tx0, ty0, tx1, ty1; /* inclusive; empty when tx0 > tx1 */
} TileRange;

static guint
tile_key_hash (gconstpointer p)
{
  const TileKey *k = p;

  return (guint) k->tx * 73856093u ^ (guint) k->ty * 19349663u ^ (guint) k->bucket * 83492791u;
}

static gboolean
tile_key_equal (gconstpointer a,
                gconstpointer b)
{
  const TileKey *ka = a, *kb = b;

  return ka->tx == kb->tx && ka->ty == kb->ty && ka->bucket == kb->bucket;
}

static void
tile_free (Tile *tile)
{
  g_clear_object (&tile->texture);
  g_clear_pointer (&tile->node, gsk_render_node_unref);
  g_clear_pointer (&tile->surface, cairo_surface_destroy);
  g_free (tile);
}

static inline double
bucket_zoom (int bucket)
{
  return bucket * EDITOR_ZOOM_QUANTUM;
}

/* Tile pixels per map unit for a bucket. */
static inline double
device_scale (int bucket,
              int scale_factor)
{
  return exp2 (bucket_zoom (bucket)) * scale_factor;
}

int
editor_tile_cache_bucket_for_scale (double scale)
{
  g_return_val_if_fail (scale > 0, 0);
  return (int) lround (log2 (scale) / EDITOR_ZOOM_QUANTUM);
}

EditorTileCache *
editor_tile_cache_new (guint              max_tiles,
                       EditorTileDrawFunc draw,
                       gpointer           user_data)
{
  EditorTileCache *self = g_new0 (EditorTileCache, 1);

  g_return_val_if_fail (draw != NULL, NULL);

  self->tiles = g_hash_table_new_full (tile_key_hash, tile_key_equal, NULL,
                                       (GDestroyNotify) tile_free);
  g_queue_init (&self->lru);
  self->max_tiles = MAX (max_tiles, 16);
  self->draw = draw;
  self->user_data = user_data;
  self->scale_factor = 1;
  return self;
}

void
editor_tile_cache_clear (EditorTileCache *self)
{
  g_return_if_fail (self != NULL);

  g_queue_init (&self->lru);
  g_hash_table_remove_all (self->tiles);
  self->have_complete = FALSE;
}

void
editor_tile_cache_free (EditorTileCache *self)
{
  if (self == NULL)
    return;
  editor_tile_cache_clear (self);
  g_hash_table_unref (self->tiles);
  g_free (self);
}

static void
remove_tile (EditorTileCache *self,
             Tile            *tile)
{
  g_queue_unlink (&self->lru, &tile->link);
  g_hash_table_remove (self->tiles, &tile->key);
}

static void
touch_tile (EditorTileCache *self,
            Tile            *tile)
{
  tile->used_frame = self->frame;
  g_queue_unlink (&self->lru, &tile->link);
  g_queue_push_head_link (&self->lru, &tile->link);
}

/* Tiles of @bucket that cover the map-unit rectangle, cut to the map. */
static TileRange
tile_range (const EditorTileView *view,
            int                   bucket,
            double                x0,
            double                y0,
            double                x1,
            double                y1)
{
  double sd = device_scale (bucket, view->scale_factor);
  int ntx = (int) ceil (view->map_width * sd / EDITOR_TILE_SIZE);
  int nty = (int) ceil (view->map_height * sd / EDITOR_TILE_SIZE);
  TileRange r;

  r.tx0 = MAX ((int) floor (x0 * sd / EDITOR_TILE_SIZE), 0);
  r.ty0 = MAX ((int) floor (y0 * sd / EDITOR_TILE_SIZE), 0);
  r.tx1 = MIN ((int) floor (x1 * sd / EDITOR_TILE_SIZE), ntx - 1);
  r.ty1 = MIN ((int) floor (y1 * sd / EDITOR_TILE_SIZE), nty - 1);
  return r;
}

static TileRange
visible_range (const EditorTileView *view,
               int                   bucket,
               int                   margin)
{
  double x0 = -view->origin_x / view->scale;
  double y0 = -view->origin_y / view->scale;
  double x1 = (view->width - view->origin_x) / view->scale;
  double y1 = (view->height - view->origin_y) / view->scale;
  TileRange r;

  /* A hair inside the far edge, so an exact tile boundary there does not
   * pull in a tile of which nothing shows. */
  r = tile_range (view, bucket, x0, y0, x1 - 1e-6 / view->scale, y1 - 1e-6 / view->scale);
  if (margin > 0)
    {
      TileRange all = tile_range (view, bucket, 0, 0, G_MAXINT / 4, G_MAXINT / 4);

      r.tx0 = MAX (r.tx0 - margin, all.tx0);
      r.ty0 = MAX (r.ty0 - margin, all.ty0);
      r.tx1 = MIN (r.tx1 + margin, all.tx1);
      r.ty1 = MIN (r.ty1 + margin, all.ty1);
    }
  return r;
}

static Tile *
lookup (EditorTileCache *self,
        int              tx,
        int              ty,
        int              bucket)
{
  TileKey key = { tx, ty, bucket };

  return g_hash_table_lookup (self->tiles, &key);
}

static void install_surface (EditorTileCache *self,
                             Tile            *tile,
                             int              tx,
                             int              ty,
                             int              bucket,
                             cairo_surface_t *surface);

static void
render_tile (EditorTileCache      *self,
             const EditorTileView *view,
             int                   tx,
             int                   ty,
             int                   bucket)
{
  double sd = device_scale (bucket, view->scale_factor);
  int map_w = (int) ceil (view->map_width * sd);
  int map_h = (int) ceil (view->map_height * sd);
  int w = MIN (EDITOR_TILE_SIZE, map_w - tx * EDITOR_TILE_SIZE);
  int h = MIN (EDITOR_TILE_SIZE, map_h - ty * EDITOR_TILE_SIZE);
  double x0 = (double) tx * EDITOR_TILE_SIZE / sd;
  double y0 = (double) ty * EDITOR_TILE_SIZE / sd;
  cairo_surface_t *surface;
  cairo_t *cr;
  Tile *tile;

  if (w <= 0 || h <= 0)
    return;

  tile = lookup (self, tx, ty, bucket);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cr = cairo_create (surface);
  if (tile != NULL && tile->surface != NULL && tile->width == w && tile->height == h
      && tile->dirty[2] > tile->dirty[0])
    {
      /* A stale tile redraws only what changed, over a copy of itself (the
       * old pixels may still be on screen): an edit costs the hexes it
       * touched, not the tile. */
      int *d = tile->dirty;

      cairo_set_source_surface (cr, tile->surface, 0, 0);
      cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
      cairo_paint (cr);
      cairo_rectangle (cr, d[0], d[1], d[2] - d[0], d[3] - d[1]);
      cairo_clip (cr);
      cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
      cairo_paint (cr);
      cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
      cairo_translate (cr, -tx * EDITOR_TILE_SIZE, -ty * EDITOR_TILE_SIZE);
      cairo_scale (cr, sd, sd);
      self->draw (cr, sd, x0 + d[0] / sd, y0 + d[1] / sd, x0 + d[2] / sd, y0 + d[3] / sd,
                  self->user_data);
      self->n_pixels_drawn += (guint64) (d[2] - d[0]) * (d[3] - d[1]);
    }
  else
    {
      /* Whole device pixels first, then the scale: the same fractional
       * positions (text, hairlines) as a drawing of the whole map. */
      cairo_translate (cr, -tx * EDITOR_TILE_SIZE, -ty * EDITOR_TILE_SIZE);
      cairo_scale (cr, sd, sd);
      self->draw (cr, sd, x0, y0, x0 + w / sd, y0 + h / sd, self->user_data);
      self->n_pixels_drawn += (guint64) w * h;
    }
  cairo_destroy (cr);
  install_surface (self, tile, tx, ty, bucket, surface);
}

/* Makes @surface (owned) the tile's pixels. */
static void
install_surface (EditorTileCache *self,
                 Tile            *tile,
                 int              tx,
                 int              ty,
                 int              bucket,
                 cairo_surface_t *surface)
{
  int w = cairo_image_surface_get_width (surface);
  int h = cairo_image_surface_get_height (surface);
  g_autoptr (GBytes) bytes = NULL;

  cairo_surface_flush (surface);
  /* The texture keeps the surface's pixels alive instead of copying them. */
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize) cairo_image_surface_get_stride (surface) * h,
                                      (GDestroyNotify) cairo_surface_destroy,
                                      cairo_surface_reference (surface));

  if (tile == NULL)
    {
      tile = g_new0 (Tile, 1);
      tile->key.tx = tx;
      tile->key.ty = ty;
      tile->key.bucket = bucket;
      tile->link.data = tile;
      g_hash_table_insert (self->tiles, &tile->key, tile);
      g_queue_push_head_link (&self->lru, &tile->link);
    }
  g_clear_object (&tile->texture);
  g_clear_pointer (&tile->node, gsk_render_node_unref);
  g_clear_pointer (&tile->surface, cairo_surface_destroy);
  tile->surface = surface;
  tile->texture = gdk_memory_texture_new (w, h,
#if G_BYTE_ORDER == G_LITTLE_ENDIAN
                                          GDK_MEMORY_B8G8R8A8_PREMULTIPLIED,
#else
                                          GDK_MEMORY_A8R8G8B8_PREMULTIPLIED,
#endif
                                          bytes, cairo_image_surface_get_stride (surface));
  tile->width = w;
  tile->height = h;
  tile->stale = FALSE;
  memset (tile->dirty, 0, sizeof tile->dirty);
  self->n_rendered++;
}

static inline gboolean
has_partial_damage (const Tile *tile)
{
  return tile != NULL && tile->stale && tile->surface != NULL
         && tile->dirty[2] > tile->dirty[0] && tile->dirty[3] > tile->dirty[1];
}

/* An edit usually touches a few neighbouring tiles. Drawing the changed
 * rectangle once and copying it into each of them costs one drawing of
 * the hexes, where a drawing per tile would visit the hexes along each
 * shared edge (and the place names around) again and again. */
static void
repair_stale (EditorTileCache      *self,
              const EditorTileView *view,
              int                   bucket,
              TileRange             r)
{
  g_autoptr (GPtrArray) stale = g_ptr_array_new ();
  double sd = device_scale (bucket, view->scale_factor);
  int ux0 = G_MAXINT, uy0 = G_MAXINT, ux1 = G_MININT, uy1 = G_MININT;
  gint64 damaged = 0, area;
  cairo_surface_t *patch;
  cairo_t *cr;

  for (int ty = r.ty0; ty <= r.ty1; ty++)
    for (int tx = r.tx0; tx <= r.tx1; tx++)
      {
        Tile *tile = lookup (self, tx, ty, bucket);
        const int *d;

        if (!has_partial_damage (tile))
          continue;
        d = tile->dirty;
        ux0 = MIN (ux0, tx * EDITOR_TILE_SIZE + d[0]);
        uy0 = MIN (uy0, ty * EDITOR_TILE_SIZE + d[1]);
        ux1 = MAX (ux1, tx * EDITOR_TILE_SIZE + d[2]);
        uy1 = MAX (uy1, ty * EDITOR_TILE_SIZE + d[3]);
        damaged += (gint64) (d[2] - d[0]) * (d[3] - d[1]);
        g_ptr_array_add (stale, tile);
      }
  if (stale->len < 2)
    return;
  /* Edits far apart (an undone fill) are cheaper tile by tile. */
  area = (gint64) (ux1 - ux0) * (uy1 - uy0);
  if (area > 2 * damaged || area > 4 * EDITOR_TILE_SIZE * EDITOR_TILE_SIZE * 4)
    return;

  patch = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, ux1 - ux0, uy1 - uy0);
  cr = cairo_create (patch);
  cairo_translate (cr, -ux0, -uy0);
  cairo_scale (cr, sd, sd);
  self->draw (cr, sd, ux0 / sd, uy0 / sd, ux1 / sd, uy1 / sd, self->user_data);
  self->n_pixels_drawn += (guint64) (ux1 - ux0) * (uy1 - uy0);
  cairo_destroy (cr);
  cairo_surface_flush (patch);

  for (guint i = 0; i < stale->len; i++)
    {
      Tile *tile = g_ptr_array_index (stale, i);
      int ox = tile->key.tx * EDITOR_TILE_SIZE, oy = tile->key.ty * EDITOR_TILE_SIZE;
      const int *d = tile->dirty;
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                             tile->width, tile->height);

      cr = cairo_create (surface);
      cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
      cairo_set_source_surface (cr, tile->surface, 0, 0);
      cairo_paint (cr);
      cairo_rectangle (cr, d[0], d[1], d[2] - d[0], d[3] - d[1]);
      cairo_clip (cr);
      cairo_set_source_surface (cr, patch, ux0 - ox, uy0 - oy);
      cairo_paint (cr);
      cairo_destroy (cr);
      install_surface (self, tile, tile->key.tx, tile->key.ty, bucket, surface);
    }
  cairo_surface_destroy (patch);
}

static void
append_tile (EditorTileCache      *self,
             GtkSnapshot          *snapshot,
             const EditorTileView *view,
             Tile                 *tile)
{
  double sd = device_scale (tile->key.bucket, view->scale_factor);
  double k = view->scale / sd; /* widget pixels per tile pixel */
  graphene_rect_t bounds;

  bounds.origin.x = tile->key.tx * EDITOR_TILE_SIZE * k + view->origin_x;
  bounds.origin.y = tile->key.ty * EDITOR_TILE_SIZE * k + view->origin_y;
  bounds.size.width = tile->width * k;
  bounds.size.height = tile->height * k;
  touch_tile (self, tile);

  if (!view->cairo_nodes)
    {
      gtk_snapshot_append_texture (snapshot, tile->texture, &bounds);
      return;
    }

  /* GTK 4.8's cairo renderer converts a texture's every pixel through
   * floats each time it draws it; a cairo node that paints the tile's
   * image surface is a plain blit. The node is made once per tile and
   * placed with a transform. */
  if (tile->node == NULL)
    {
      cairo_t *cr;

      tile->node = gsk_cairo_node_new (&GRAPHENE_RECT_INIT (0, 0, tile->width, tile->height));
      cr = gsk_cairo_node_get_draw_context (tile->node);
      cairo_set_source_surface (cr, tile->surface, 0, 0);
      cairo_paint (cr);
      cairo_destroy (cr);
    }
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &bounds.origin);
  if (k != 1.0)
    gtk_snapshot_scale (snapshot, (float) k, (float) k);
  gtk_snapshot_append_node (snapshot, tile->node);
  gtk_snapshot_restore (snapshot);
}

typedef struct {
  int tx, ty, d;
} Pos;

static int
compare_pos (gconstpointer a,
             gconstpointer b)
{
  return ((const Pos *) a)->d - ((const Pos *) b)->d;
}

/* The tiles of a range, nearest the view's middle first, so the part the
 * user looks at fills in first. */
static GArray *
ordered_positions (const EditorTileView *view,
                   int                   bucket,
                   TileRange             r)
{
  double sd = device_scale (bucket, view->scale_factor);
  double cx = (view->width / 2.0 - view->origin_x) / view->scale * sd / EDITOR_TILE_SIZE;
  double cy = (view->height / 2.0 - view->origin_y) / view->scale * sd / EDITOR_TILE_SIZE;
  GArray *out = g_array_new (FALSE, FALSE, sizeof (Pos));

  for (int ty = r.ty0; ty <= r.ty1; ty++)
    for (int tx = r.tx0; tx <= r.tx1; tx++)
      {
        double dx = tx + 0.5 - cx, dy = ty + 0.5 - cy;
        Pos p = { tx, ty, (int) (100 * (dx * dx + dy * dy)) };

        g_array_append_val (out, p);
      }
  g_array_sort (out, compare_pos);
  return out;
}

static void
evict (EditorTileCache *self,
       guint            keep)
{
  guint limit = MAX (self->max_tiles, keep);

  while (g_hash_table_size (self->tiles) > limit)
    {
      Tile *oldest = g_queue_peek_tail (&self->lru);

      if (oldest == NULL || oldest->used_frame == self->frame)
        break;
      remove_tile (self, oldest);
    }
}

static gboolean
range_ready (EditorTileCache *self,
             int              bucket,
             TileRange        r)
{
  for (int ty = r.ty0; ty <= r.ty1; ty++)
    for (int tx = r.tx0; tx <= r.tx1; tx++)
      {
        Tile *tile = lookup (self, tx, ty, bucket);

        if (tile == NULL || tile->stale)
          return FALSE;
      }
  return TRUE;
}

gboolean
editor_tile_cache_snapshot (EditorTileCache      *self,
                            GtkSnapshot          *snapshot,
                            const EditorTileView *view,
                            gint64                budget_us)
{
  g_autoptr (GArray) order = NULL;
  gint64 deadline;
  TileRange r;
  int bucket;
  gboolean complete = TRUE;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (view != NULL && view->scale > 0, FALSE);

  if (view->scale_factor != self->scale_factor)
    {
      editor_tile_cache_clear (self);
      self->scale_factor = view->scale_factor;
    }
  self->view = *view;
  self->have_view = TRUE;
  self->frame++;

  if (view->map_width <= 0 || view->map_height <= 0 || view->width <= 0 || view->height <= 0)
    return FALSE;

  bucket = editor_tile_cache_bucket_for_scale (view->scale);
  r = visible_range (view, bucket, 0);
  if (r.tx0 > r.tx1 || r.ty0 > r.ty1)
    return FALSE;

  order = ordered_positions (view, bucket, r);
  deadline = budget_us < 0 ? G_MAXINT64 : g_get_monotonic_time () + budget_us;
  if (budget_us != 0)
    repair_stale (self, view, bucket, r);
  for (guint i = 0; i < order->len; i++)
    {
      Pos *p = &g_array_index (order, Pos, i);
      Tile *tile = lookup (self, p->tx, p->ty, bucket);

      if (tile != NULL && !tile->stale)
        continue;
      if (g_get_monotonic_time () < deadline)
        render_tile (self, view, p->tx, p->ty, bucket);
      else
        complete = FALSE;
    }

  gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (0, 0, view->width, view->height));

  /* Under the holes, the last zoom level that was complete, scaled. */
  if (!complete && self->have_complete && self->complete_bucket != bucket)
    {
      TileRange fr = visible_range (view, self->complete_bucket, 0);

      for (int ty = fr.ty0; ty <= fr.ty1; ty++)
        for (int tx = fr.tx0; tx <= fr.tx1; tx++)
          {
            Tile *tile = lookup (self, tx, ty, self->complete_bucket);

            if (tile != NULL)
              append_tile (self, snapshot, view, tile);
          }
    }

  for (int ty = r.ty0; ty <= r.ty1; ty++)
    for (int tx = r.tx0; tx <= r.tx1; tx++)
      {
        Tile *tile = lookup (self, tx, ty, bucket);

        if (tile != NULL && tile->texture != NULL)
          append_tile (self, snapshot, view, tile);
      }

  gtk_snapshot_pop (snapshot);

  if (complete)
    {
      self->complete_bucket = bucket;
      self->have_complete = TRUE;
    }
  evict (self, 3 * order->len + 16);

  return !complete || !range_ready (self, bucket, visible_range (view, bucket, 1));
}

gboolean
editor_tile_cache_render_pending (EditorTileCache *self,
                                  gint64           budget_us,
                                  gboolean        *more)
{
  g_autoptr (GArray) order = NULL;
  gint64 deadline;
  gboolean rendered = FALSE;
  int bucket;

  g_return_val_if_fail (self != NULL, FALSE);

  if (more != NULL)
    *more = FALSE;
  if (!self->have_view || self->view.map_width <= 0 || self->view.map_height <= 0)
    return FALSE;

  bucket = editor_tile_cache_bucket_for_scale (self->view.scale);
  /* With a one-tile margin, so that a pan finds its next tiles ready. */
  order = ordered_positions (&self->view, bucket, visible_range (&self->view, bucket, 1));
  deadline = budget_us < 0 ? G_MAXINT64 : g_get_monotonic_time () + budget_us;
  repair_stale (self, &self->view, bucket, visible_range (&self->view, bucket, 1));
  for (guint i = 0; i < order->len; i++)
    {
      Pos *p = &g_array_index (order, Pos, i);
      Tile *tile = lookup (self, p->tx, p->ty, bucket);

      if (tile != NULL && !tile->stale)
        continue;
      if (g_get_monotonic_time () >= deadline)
        {
          if (more != NULL)
            *more = TRUE;
          break;
        }
      render_tile (self, &self->view, p->tx, p->ty, bucket);
      tile = lookup (self, p->tx, p->ty, bucket);
      if (tile != NULL)
        touch_tile (self, tile);
      rendered = TRUE;
    }
  return rendered;
}

guint
editor_tile_cache_invalidate_rect (EditorTileCache *self,
                                   double           x0,
                                   double           y0,
                                   double           x1,
                                   double           y1)
{
  GHashTableIter iter;
  Tile *tile;
  guint n = 0;
  int current = G_MININT;

  g_return_val_if_fail (self != NULL, 0);

  if (self->have_view)
    current = editor_tile_cache_bucket_for_scale (self->view.scale);

  g_hash_table_iter_init (&iter, self->tiles);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &tile))
    {
      double sd = device_scale (tile->key.bucket, self->scale_factor);
      double tx0 = (double) tile->key.tx * EDITOR_TILE_SIZE / sd;
      double ty0 = (double) tile->key.ty * EDITOR_TILE_SIZE / sd;
      double tx1 = tx0 + tile->width / sd;
      double ty1 = ty0 + tile->height / sd;

      if (tx1 <= x0 || ty1 <= y0 || tx0 >= x1 || ty0 >= y1)
        continue;
      /* Tiles of the zoom in use stay on screen until their replacement is
       * drawn; those of other zooms would only ever show stale. */
      if (tile->key.bucket == current)
        {
          /* The changed pixels, rounded out to whole ones and united with
           * what was already pending. */
          int px0 = MAX ((int) floor ((x0 - tx0) * sd), 0);
          int py0 = MAX ((int) floor ((y0 - ty0) * sd), 0);
          int px1 = MIN ((int) ceil ((x1 - tx0) * sd), tile->width);
          int py1 = MIN ((int) ceil ((y1 - ty0) * sd), tile->height);

          if (px1 <= px0 || py1 <= py0)
            continue;
          if (!tile->stale)
            {
              n++;
              tile->stale = TRUE;
              tile->dirty[0] = px0;
              tile->dirty[1] = py0;
              tile->dirty[2] = px1;
              tile->dirty[3] = py1;
            }
          else
            {
              tile->dirty[0] = MIN (tile->dirty[0], px0);
              tile->dirty[1] = MIN (tile->dirty[1], py0);
              tile->dirty[2] = MAX (tile->dirty[2], px1);
              tile->dirty[3] = MAX (tile->dirty[3], py1);
            }
        }
      else
        {
          g_queue_unlink (&self->lru, &tile->link);
          g_hash_table_iter_remove (&iter);
        }
    }
  if (self->have_complete && self->complete_bucket != current)
    self->have_complete = FALSE;
  return n;
}

gboolean
editor_tile_cache_has_complete_level (EditorTileCache *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->have_complete;
}

guint
editor_tile_cache_get_n_tiles (EditorTileCache *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return g_hash_table_size (self->tiles);
}

guint
editor_tile_cache_get_n_rendered (EditorTileCache *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_rendered;
}

void
editor_tile_cache_reset_n_rendered (EditorTileCache *self)
{
  g_return_if_fail (self != NULL);
  self->n_rendered = 0;
  self->n_pixels_drawn = 0;
}

guint64
editor_tile_cache_get_n_pixels_drawn (EditorTileCache *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_pixels_drawn;
}
