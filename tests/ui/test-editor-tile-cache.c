/* SPDX-License-Identifier: GPL-3.0-or-later */
/* EditorTileCache, through the canvas that fills it: a change renders
 * again only the tiles over it (one hex; the hexes of a stroke rather
 * than its box; none for a hex told by editor_map_canvas_queue_draw_hexes
 * () in play), only visible tiles are rendered, repaired tiles match
 * fresh ones, and tiles add up to the renderer's own drawing of the view.
 * Tile renders are counted through the cache's test hook. */
#include "config.h"

#include "ui-test-canvas.h"

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 int        *count)
{
  (*count)++;
}

static void
test_layer_toggles_redraw_tiles (Fixture       *f,
                                 gconstpointer  data)
{
  EditorTileCache *tiles = editor_map_canvas_get_tile_cache (f->canvas);
  int notified = 0;
  gboolean shown;

  gsk_render_node_unref (snapshot_canvas (f->canvas));
  g_assert_cmpuint (editor_tile_cache_get_n_tiles (tiles), >, 0);
  g_signal_connect (f->canvas, "notify::show-ids", G_CALLBACK (count_notify_cb), &notified);

  /* Ids live in the tiles: hiding them drops the cache. */
  g_object_set (f->canvas, "show-ids", FALSE, NULL);
  g_assert_cmpint (notified, ==, 1);
  g_assert_cmpuint (editor_map_canvas_get_layers (f->canvas) & SAND_LAYER_IDS, ==, 0);
  g_assert_cmpuint (editor_tile_cache_get_n_tiles (tiles), ==, 0);
  gsk_render_node_unref (snapshot_canvas (f->canvas));
  g_assert_cmpuint (editor_tile_cache_get_n_tiles (tiles), >, 0);

  /* Counters are drawn live: toggling them keeps the tiles. */
  editor_tile_cache_reset_n_rendered (tiles);
  g_object_set (f->canvas, "show-counters", FALSE, NULL);
  gsk_render_node_unref (snapshot_canvas (f->canvas));
  g_assert_cmpuint (editor_tile_cache_get_n_rendered (tiles), ==, 0);
  g_object_get (f->canvas, "show-counters", &shown, NULL);
  g_assert_false (shown);

  /* Setting the same layers again notifies nothing. */
  editor_map_canvas_set_layers (f->canvas, editor_map_canvas_get_layers (f->canvas));
  g_assert_cmpint (notified, ==, 1);
}

/* On every layout, what a change of one hex invalidates covers that hex
 * and its neighbours whole (their shared borders are drawn by both), and
 * the canvas finds every hex and side where the engine does. */
static void
test_every_layout (Fixture       *f,
                   gconstpointer  data)
{
  const SandOrientation orientations[] = { SAND_ORIENTATION_FLAT, SAND_ORIENTATION_POINTY };
  const SandStagger staggers[] = { SAND_STAGGER_EVEN, SAND_STAGGER_ODD };

  for (guint o = 0; o < 2; o++)
    for (guint st = 0; st < 2; st++)
      {
        g_autoptr (SandScenario) scenario = make_scenario_with (9, 7, orientations[o],
                                                                staggers[st]);
        SandMap *map = sand_scenario_get_map (scenario);
        const SandGrid *grid = sand_map_get_grid (map);
        double size = sand_map_get_hex_size (map);

        editor_map_canvas_set_scenario (f->canvas, scenario);
        editor_hex_viewport_set_zoom (editor_map_canvas_get_viewport (f->canvas), 0.5);
        for (int hex = 0; hex < sand_grid_n_hexes (grid); hex++)
          {
            int col = sand_grid_col (grid, hex), row = sand_grid_row (grid, hex);
            double x0, y0, x1, y1, wx, wy;
            SandPoint c;

            editor_map_canvas_change_rect (f->canvas, col, row, col, row, &x0, &y0, &x1, &y1);
            for (int d = -1; d < SAND_N_DIRS; d++)
              {
                int other = d < 0 ? hex : sand_grid_neighbour (grid, hex, d);

                if (other == SAND_HEX_NONE)
                  continue;
                c = sand_grid_hex_center (grid, size, other);
                for (int k = 0; k < 6; k++)
                  {
                    SandPoint p = sand_grid_corner (grid, size, c, k);

                    g_assert_cmpfloat (p.x, >=, x0);
                    g_assert_cmpfloat (p.x, <=, x1);
                    g_assert_cmpfloat (p.y, >=, y0);
                    g_assert_cmpfloat (p.y, <=, y1);
                  }
              }

            c = sand_grid_hex_center (grid, size, hex);
            editor_map_canvas_show_hex (f->canvas, hex);
            editor_map_canvas_map_to_widget (f->canvas, c.x, c.y, &wx, &wy);
            g_assert_cmpint (editor_map_canvas_hex_at (f->canvas, wx, wy), ==, hex);
          }
        editor_map_canvas_set_scenario (f->canvas, NULL);
      }
}

/* How many tiles of the current zoom the change of one hex may touch. */
static guint
tiles_over_change (Fixture *f,
                   int      hex)
{
  const SandGrid *grid = sand_map_get_grid (sand_scenario_get_map (f->scenario));
  EditorTileView view;
  double x0, y0, x1, y1, sd;
  int col = sand_grid_col (grid, hex), row = sand_grid_row (grid, hex);

  editor_map_canvas_get_tile_view (f->canvas, &view);
  editor_map_canvas_change_rect (f->canvas, col, row, col, row, &x0, &y0, &x1, &y1);
  sd = exp2 (editor_tile_cache_bucket_for_scale (view.scale) * EDITOR_ZOOM_QUANTUM);
  /* The margin is about a hex: a handful of tiles, not the view. */
  g_assert_cmpfloat (x1 - x0, <, 12 * sand_map_get_hex_size (sand_scenario_get_map (f->scenario)));
  return (guint) ((floor (x1 * sd / EDITOR_TILE_SIZE) - floor (x0 * sd / EDITOR_TILE_SIZE) + 1)
                  * (floor (y1 * sd / EDITOR_TILE_SIZE) - floor (y0 * sd / EDITOR_TILE_SIZE) + 1));
}

static void
test_map_change_invalidates_only_touched_tiles (Fixture       *f,
                                                gconstpointer  data)
{
  SandMap *map = sand_scenario_get_map (f->scenario);
  const SandGrid *grid = sand_map_get_grid (map);
  EditorTileCache *tiles = editor_map_canvas_get_tile_cache (f->canvas);
  EditorHexViewport *vp = editor_map_canvas_get_viewport (f->canvas);
  SandRuleset *ruleset = sand_map_get_ruleset (map);
  guint8 clear = (guint8) sand_ruleset_find_terrain (ruleset, "clear");
  guint8 rough = (guint8) sand_ruleset_find_terrain (ruleset, "rough");
  int hex = sand_grid_index (grid, 10, 10);
  GskRenderNode *node;
  guint visible, touched;

  /* Large enough that the view holds many tiles. */
  editor_hex_viewport_set_zoom (vp, 1.0);
  editor_map_canvas_show_hex (f->canvas, hex);
  node = snapshot_canvas (f->canvas);
  gsk_render_node_unref (node);
  visible = editor_tile_cache_get_n_rendered (tiles);
  g_assert_cmpuint (visible, >=, 4);

  /* A warm frame renders nothing. */
  editor_tile_cache_reset_n_rendered (tiles);
  gsk_render_node_unref (snapshot_canvas (f->canvas));
  g_assert_cmpuint (editor_tile_cache_get_n_rendered (tiles), ==, 0);

  /* One hex: only the tiles around it, rendered by the next frame. */
  sand_map_set_terrain (map, hex, sand_map_get_terrain (map, hex) == rough ? clear : rough);
  touched = editor_map_canvas_get_last_invalidated (f->canvas);
  g_assert_cmpuint (touched, >=, 1);
  g_assert_cmpuint (touched, <=, tiles_over_change (f, hex));
  g_assert_cmpuint (touched, <, visible);
  gsk_render_node_unref (snapshot_canvas (f->canvas));
  g_assert_cmpuint (editor_tile_cache_get_n_rendered (tiles), ==, touched);

  /* A burst of changes in one place before a frame renders each tile once. */
  editor_tile_cache_reset_n_rendered (tiles);
  for (int i = 0; i < 10; i++)
    sand_map_set_terrain (map, hex, i % 2 ? rough : clear);
  gsk_render_node_unref (snapshot_canvas (f->canvas));
  g_assert_cmpuint (editor_tile_cache_get_n_rendered (tiles), <=, touched);

  /* A change far away from the view renders nothing now. */
  editor_tile_cache_reset_n_rendered (tiles);
  sand_map_set_terrain (map, sand_grid_index (grid, 0, 19), rough);
  gsk_render_node_unref (snapshot_canvas (f->canvas));
  g_assert_cmpuint (editor_tile_cache_get_n_rendered (tiles), ==, 0);
}

/* The tiles of the current zoom that are in view (and so cached after a
 * synchronous frame) and meet the map-unit rectangle, added to @set. */
static void
add_tiles_over (Fixture    *f,
                GHashTable *set,
                double      x0,
                double      y0,
                double      x1,
                double      y1)
{
  EditorTileView view;
  double sd;
  int vx0, vy0, vx1, vy1;

  editor_map_canvas_get_tile_view (f->canvas, &view);
  sd = exp2 (editor_tile_cache_bucket_for_scale (view.scale) * EDITOR_ZOOM_QUANTUM);
  g_assert_cmpfloat (sd, ==, view.scale); /* at rest */
  vx0 = MAX ((int) floor (-view.origin_x / EDITOR_TILE_SIZE), 0);
  vy0 = MAX ((int) floor (-view.origin_y / EDITOR_TILE_SIZE), 0);
  vx1 = MIN ((int) floor ((view.width - 1 - view.origin_x) / EDITOR_TILE_SIZE),
             (int) ceil (view.map_width * sd / EDITOR_TILE_SIZE) - 1);
  vy1 = MIN ((int) floor ((view.height - 1 - view.origin_y) / EDITOR_TILE_SIZE),
             (int) ceil (view.map_height * sd / EDITOR_TILE_SIZE) - 1);
  for (int ty = MAX ((int) floor (y0 * sd / EDITOR_TILE_SIZE), vy0);
       ty <= MIN ((int) floor (y1 * sd / EDITOR_TILE_SIZE), vy1); ty++)
    for (int tx = MAX ((int) floor (x0 * sd / EDITOR_TILE_SIZE), vx0);
         tx <= MIN ((int) floor (x1 * sd / EDITOR_TILE_SIZE), vx1); tx++)
      g_hash_table_add (set, GINT_TO_POINTER (ty * 10000 + tx));
}

/* The tiles in view that a change of these hexes may touch (their
 * neighbours and the place names around included). */
static guint
tiles_over_hexes (Fixture   *f,
                  const int *hexes,
                  guint      n)
{
  const SandGrid *grid = sand_map_get_grid (sand_scenario_get_map (f->scenario));
  g_autoptr (GHashTable) set = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < n; i++)
    {
      int col = sand_grid_col (grid, hexes[i]), row = sand_grid_row (grid, hexes[i]);
      double x0, y0, x1, y1;

      editor_map_canvas_change_rect (f->canvas, col, row, col, row, &x0, &y0, &x1, &y1);
      add_tiles_over (f, set, x0, y0, x1, y1);
    }
  return g_hash_table_size (set);
}

/* The tiles in view under the hexes' centres: those a change of them must
 * repaint. */
static guint
tiles_under_hexes (Fixture   *f,
                   const int *hexes,
                   guint      n)
{
  SandMap *map = sand_scenario_get_map (f->scenario);
  g_autoptr (GHashTable) set = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < n; i++)
    {
      SandPoint c = sand_grid_hex_center (sand_map_get_grid (map), sand_map_get_hex_size (map),
                                          hexes[i]);

      add_tiles_over (f, set, c.x, c.y, c.x, c.y);
    }
  return g_hash_table_size (set);
}

/* A change to one hex renders again the tiles that contain it (and its
 * neighbours' edges), and no other; a hex told to redraw in play (a unit
 * moved) renders no tile at all, only its live cells, since the tiles
 * draw nothing of the game. */
static void
test_one_hex_renders_only_its_tiles (Fixture       *f,
                                     gconstpointer  data)
{
  SandMap *map = sand_scenario_get_map (f->scenario);
  const SandGrid *grid = sand_map_get_grid (map);
  EditorTileCache *tiles = editor_map_canvas_get_tile_cache (f->canvas);
  int hex = sand_grid_index (grid, 10, 10);
  int far[] = { sand_grid_index (grid, 0, 19), -1, 99999 };
  guint8 rough = (guint8) sand_ruleset_find_terrain (sand_map_get_ruleset (map), "rough");
  guint visible, touched;

  gtk_widget_set_size_request (GTK_WIDGET (f->canvas), BIG_WIDTH, BIG_HEIGHT);
  wait_for_size (GTK_WIDGET (f->canvas), BIG_WIDTH, BIG_HEIGHT);
  editor_hex_viewport_set_zoom (editor_map_canvas_get_viewport (f->canvas), 1.0);
  editor_map_canvas_show_hex (f->canvas, hex);
  editor_tile_cache_reset_n_rendered (tiles);
  gsk_render_node_unref (snapshot_canvas (f->canvas));
  visible = editor_tile_cache_get_n_rendered (tiles);
  g_assert_cmpuint (visible, >=, 12);

  editor_tile_cache_reset_n_rendered (tiles);
  sand_map_set_terrain (map, hex, sand_map_get_terrain (map, hex) == rough ? 0 : rough);
  touched = editor_map_canvas_get_last_invalidated (f->canvas);
  g_assert_cmpuint (touched, >=, tiles_under_hexes (f, &hex, 1));
  g_assert_cmpuint (touched, <=, tiles_over_hexes (f, &hex, 1));
  g_assert_cmpuint (touched, <, visible / 2);
  /* Nothing is drawn before the frame, and the frame draws just those. */
  g_assert_cmpuint (editor_tile_cache_get_n_rendered (tiles), ==, 0);
  gsk_render_node_unref (snapshot_canvas (f->canvas));
  g_assert_cmpuint (editor_tile_cache_get_n_rendered (tiles), ==, touched);

  /* In play: its live cells, no tile; nor for hexes out of view or off
   * the map. */
  editor_tile_cache_reset_n_rendered (tiles);
  editor_map_canvas_queue_draw_hexes (f->canvas, &hex, 1);
  editor_map_canvas_queue_draw_hexes (f->canvas, far, G_N_ELEMENTS (far));
  gsk_render_node_unref (snapshot_canvas (f->canvas));
  g_assert_cmpuint (editor_tile_cache_get_n_rendered (tiles), ==, 0);
  g_assert_cmpuint (editor_map_canvas_get_n_cells_drawn (f->canvas), >, 0);
}

/* A diagonal brush stroke is one batch of the map, whose box is the whole
 * view: only the tiles along the stroke are drawn again, and they look
 * like tiles drawn from scratch. */
static void
test_stroke_renders_only_its_tiles (Fixture       *f,
                                    gconstpointer  data)
{
  g_autoptr (SandScenario) big = make_scenario (40, 40);
  SandMap *map = sand_scenario_get_map (big);
  const SandGrid *grid = sand_map_get_grid (map);
  SandRuleset *ruleset = sand_map_get_ruleset (map);
  guint8 clear = (guint8) sand_ruleset_find_terrain (ruleset, "clear");
  EditorTileCache *tiles = editor_map_canvas_get_tile_cache (f->canvas);
  g_autoptr (GArray) line = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GdkTexture) edited = NULL;
  g_autoptr (GdkTexture) fresh = NULL;
  guint visible, touched, box;
  double x0, y0, x1, y1;
  int a, b;

  /* A view of many tiles, so that the stroke's box and the stroke differ. */
  g_object_unref (f->scenario);
  f->scenario = g_steal_pointer (&big);
  editor_map_canvas_set_scenario (f->canvas, f->scenario);
  gtk_widget_set_size_request (GTK_WIDGET (f->canvas), BIG_WIDTH, BIG_HEIGHT);
  wait_for_size (GTK_WIDGET (f->canvas), BIG_WIDTH, BIG_HEIGHT);
  editor_hex_viewport_set_zoom (editor_map_canvas_get_viewport (f->canvas), 0.0);
  editor_map_canvas_show_hex (f->canvas, sand_grid_index (grid, 20, 20));
  editor_tile_cache_reset_n_rendered (tiles);
  gsk_render_node_unref (snapshot_canvas (f->canvas));
  visible = editor_tile_cache_get_n_rendered (tiles);

  /* From near one corner of the view to near the other. */
  a = editor_map_canvas_hex_at (f->canvas, 20, 20);
  b = editor_map_canvas_hex_at (f->canvas, BIG_WIDTH - 20, BIG_HEIGHT - 20);
  g_assert_cmpint (a, >=, 0);
  g_assert_cmpint (b, >=, 0);
  sand_grid_line (grid, a, b, line);
  editor_map_canvas_change_rect (f->canvas,
                                 sand_grid_col (grid, a), sand_grid_row (grid, a),
                                 sand_grid_col (grid, b), sand_grid_row (grid, b),
                                 &x0, &y0, &x1, &y1);
  {
    g_autoptr (GHashTable) set = g_hash_table_new (NULL, NULL);

    add_tiles_over (f, set, x0, y0, x1, y1);
    box = g_hash_table_size (set);
  }

  editor_tile_cache_reset_n_rendered (tiles);
  sand_map_freeze_changes (map);
  for (guint i = 0; i < line->len; i++)
    sand_map_set_terrain (map, g_array_index (line, int, i),
                          sand_map_get_terrain (map, g_array_index (line, int, i)) == clear
                          ? (guint8) sand_ruleset_find_terrain (ruleset, "rough") : clear);
  sand_map_thaw_changes (map);
  touched = editor_map_canvas_get_last_invalidated (f->canvas);
  g_test_message ("stroke of %u hexes: %u tiles of %u in view (box: %u)",
                  line->len, touched, visible, box);
  g_assert_cmpuint (touched, >=, tiles_under_hexes (f, (int *) (gpointer) line->data, line->len));
  g_assert_cmpuint (touched, <=, tiles_over_hexes (f, (int *) (gpointer) line->data, line->len));
  g_assert_cmpuint (touched, <, box);
  edited = render_canvas (f->canvas);
  g_assert_cmpuint (editor_tile_cache_get_n_rendered (tiles), ==, touched);

  editor_tile_cache_clear (tiles);
  fresh = render_canvas (f->canvas);
  g_assert_cmpuint (count_differences (edited, fresh, 2), ==, 0);
}

static void
test_tiles_render_only_visible (Fixture       *f,
                                gconstpointer  data)
{
  g_autoptr (SandScenario) big = make_scenario (300, 300);
  EditorTileCache *tiles = editor_map_canvas_get_tile_cache (f->canvas);
  EditorHexViewport *vp = editor_map_canvas_get_viewport (f->canvas);
  guint per_tile = EDITOR_TILE_SIZE;
  /* A view not aligned on tiles overlaps one more column and row. */
  guint max_visible = ((WIDTH + per_tile - 1) / per_tile + 1)
                      * ((HEIGHT + per_tile - 1) / per_tile + 1);

  editor_map_canvas_set_scenario (f->canvas, big);
  editor_hex_viewport_set_zoom (vp, 0);
  editor_map_canvas_show_hex (f->canvas, 150 * 300 + 150);
  editor_tile_cache_reset_n_rendered (tiles);
  gsk_render_node_unref (snapshot_canvas (f->canvas));
  g_assert_cmpuint (editor_tile_cache_get_n_rendered (tiles), >, 0);
  g_assert_cmpuint (editor_tile_cache_get_n_rendered (tiles), <=, max_visible);
  editor_map_canvas_set_scenario (f->canvas, NULL);
}

static void
test_edited_tiles_match_fresh_ones (Fixture       *f,
                                    gconstpointer  data)
{
  SandMap *map = sand_scenario_get_map (f->scenario);
  const SandGrid *grid = sand_map_get_grid (map);
  SandRuleset *ruleset = sand_map_get_ruleset (map);
  int river = sand_ruleset_find_side_feature (ruleset, "river");
  guint8 rough = (guint8) sand_ruleset_find_terrain (ruleset, "rough");
  g_autoptr (GdkTexture) edited = NULL;
  g_autoptr (GdkTexture) fresh = NULL;

  editor_hex_viewport_set_zoom (editor_map_canvas_get_viewport (f->canvas), 1.0);
  editor_map_canvas_show_hex (f->canvas, sand_grid_index (grid, 5, 5));
  /* Warm tiles first. */
  edited = render_canvas (f->canvas);
  g_clear_object (&edited);

  /* Edits that straddle tile boundaries, redrawn in part... */
  sand_map_set_terrain (map, sand_grid_index (grid, 5, 5), rough);
  sand_map_set_terrain (map, sand_grid_index (grid, 6, 4), rough);
  sand_map_set_side (map, sand_grid_index (grid, 4, 5), 2, 1u << river);
  sand_map_set_place (map, sand_grid_index (grid, 5, 6), "Gravelottesaintprivatlamontagne");
  edited = render_canvas (f->canvas);

  editor_tile_cache_clear (editor_map_canvas_get_tile_cache (f->canvas));
  fresh = render_canvas (f->canvas);
  /* ...look like the tiles drawn from scratch: the same pixels, but for
   * antialiased edges a level or two apart where the renderer's drawing
   * of a larger rectangle overlaps them in another order. */
  g_assert_cmpuint (count_differences (edited, fresh, 2), ==, 0);

  /* A name taken away is repainted as far as it reached; terrain under a
   * name that stays is repainted under it. */
  g_clear_object (&edited);
  g_clear_object (&fresh);
  sand_map_set_place (map, sand_grid_index (grid, 5, 6), NULL);
  sand_map_set_terrain (map, sand_grid_index (grid, 4, 4), rough);
  edited = render_canvas (f->canvas);
  editor_tile_cache_clear (editor_map_canvas_get_tile_cache (f->canvas));
  fresh = render_canvas (f->canvas);
  g_assert_cmpuint (count_differences (edited, fresh, 2), ==, 0);
}

/* The same view drawn by the renderer in one piece, as sandtable-cli
 * render would: what the tiles must add up to, whatever the renderer draws
 * (the reference images below change with the renderer; this does not). */
static GdkTexture *
render_direct (Fixture *f)
{
  EditorTileView view;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  SandRenderer *renderer = editor_map_canvas_get_renderer (f->canvas);
  double x0, y0, x1, y1;
  GdkTexture *texture;

  editor_map_canvas_get_tile_view (f->canvas, &view);
  cairo_set_source_rgb (cr, 0.42, 0.42, 0.44);
  cairo_paint (cr);
  /* Tiles are cut to the map, as the whole map is. */
  cairo_rectangle (cr, view.origin_x, view.origin_y,
                   ceil (view.map_width * view.scale), ceil (view.map_height * view.scale));
  cairo_clip (cr);
  cairo_translate (cr, view.origin_x, view.origin_y);
  cairo_scale (cr, view.scale, view.scale);
  x0 = -view.origin_x / view.scale;
  y0 = -view.origin_y / view.scale;
  x1 = (WIDTH - view.origin_x) / view.scale;
  y1 = (HEIGHT - view.origin_y) / view.scale;
  cairo_push_group (cr);
  sand_renderer_draw (renderer, cr, view.scale, x0, y0, x1, y1, SAND_LAYER_STATIC);
  cairo_pop_group_to_source (cr);
  cairo_paint (cr);
  cairo_reset_clip (cr);
  sand_renderer_draw (renderer, cr, view.scale, x0 - 64, y0 - 64, x1 + 64, y1 + 64,
                      SAND_LAYER_COUNTERS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  {
    g_autoptr (GBytes) bytes =
      g_bytes_new (cairo_image_surface_get_data (surface),
                   (gsize) cairo_image_surface_get_stride (surface) * HEIGHT);

    texture = gdk_memory_texture_new (WIDTH, HEIGHT, GDK_MEMORY_DEFAULT, bytes,
                                      cairo_image_surface_get_stride (surface));
  }
  cairo_surface_destroy (surface);
  return texture;
}

static void
test_tiles_add_up_to_the_renderer (Fixture       *f,
                                   gconstpointer  data)
{
  EditorHexViewport *vp = editor_map_canvas_get_viewport (f->canvas);
  const SandGrid *grid = sand_map_get_grid (sand_scenario_get_map (f->scenario));
  const double zooms[] = { -1.0, 0.0, 0.75, 1.0, 2.0 };

  for (guint i = 0; i < G_N_ELEMENTS (zooms); i++)
    {
      g_autoptr (GdkTexture) canvas = NULL;
      g_autoptr (GdkTexture) direct = NULL;
      guint n;

      editor_hex_viewport_set_zoom (vp, zooms[i]);
      editor_map_canvas_show_hex (f->canvas, sand_grid_index (grid, 3 + i, 4 + i));
      editor_hex_viewport_pan_by (vp, 0.3 * i, 0.7 * i);
      canvas = render_canvas (f->canvas);
      direct = render_direct (f);
      /* No pixel off by more than a few levels (a misplaced tile, a seam
       * or a missing hex would be), and few off at all: antialiased
       * edges over the table are composited by GSK rather than cairo, and
       * a line cut at a tile's edge joins a little differently. */
      g_assert_cmpuint (count_differences (canvas, direct, 16), ==, 0);
      n = count_differences (canvas, direct, 2);
      if (n <= WIDTH * HEIGHT / 1000)
        n = 0;
      if (n != 0)
        {
          g_autofree char *name = g_strdup_printf ("canvas-vs-direct-%u.png", i);
          g_autofree char *out = g_test_build_filename (G_TEST_BUILT, "ui", name, NULL);
          g_autofree char *name2 = g_strdup_printf ("direct-%u.png", i);
          g_autofree char *out2 = g_test_build_filename (G_TEST_BUILT, "ui", name2, NULL);

          gdk_texture_save_to_png (canvas, out);
          gdk_texture_save_to_png (direct, out2);
          g_test_message ("zoom %g: %u pixels differ (%s, %s)", zooms[i], n, out, out2);
        }
      g_assert_cmpuint (n, ==, 0);

      /* Tiles as texture nodes (what GPU renderers get) draw the same. */
      {
        g_autoptr (GdkTexture) textures = NULL;

        editor_map_canvas_set_texture_nodes_only (f->canvas, TRUE);
        textures = render_canvas (f->canvas);
        editor_map_canvas_set_texture_nodes_only (f->canvas, FALSE);
        g_assert_cmpuint (count_differences (canvas, textures, 0), ==, 0);
      }
    }
}

int
main (int argc, char **argv)
{
  /* Pixels for reference images come from the cairo renderer only. */
  g_setenv ("GSK_RENDERER", "cairo", TRUE);
  gtk_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/canvas/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("layer-toggles-redraw-tiles", test_layer_toggles_redraw_tiles);
  ADD ("every-layout", test_every_layout);
  ADD ("map-change-invalidates-only-touched-tiles", test_map_change_invalidates_only_touched_tiles);
  ADD ("tiles-render-only-visible", test_tiles_render_only_visible);
  ADD ("one-hex-renders-only-its-tiles", test_one_hex_renders_only_its_tiles);
  ADD ("edited-tiles-match-fresh-ones", test_edited_tiles_match_fresh_ones);
  ADD ("stroke-renders-only-its-tiles", test_stroke_renders_only_its_tiles);
  ADD ("tiles-add-up-to-the-renderer", test_tiles_add_up_to_the_renderer);
#undef ADD
  return g_test_run ();
}
