/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-render: the map renderer draws what the model says, where it says
 * it — terrain colour at a hex centre, water on a river side, a rail through
 * the side it crosses — draws nothing outside the rectangle it is given,
 * visits only the hexes near it, and exports real PNG, SVG and PDF files.
 *
 * SAND_RENDER_DUMP=DIR also writes the demo map as PNGs there, to look at. */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/wait.h>

#include "hex-id.h"
#include "sand-renderer.h"
#include "sand-scenario-io.h"

typedef struct {
  guint8 r, g, b, a;
} Pixel;

static SandRuleset *
ruleset (const char *id)
{
  g_autoptr (GError) error = NULL;
  SandRuleset *rs = sand_ruleset_lookup (id, &error);

  g_assert_no_error (error);
  g_assert_nonnull (rs);
  return rs;
}

static int
feature (SandMap    *map,
         const char *id)
{
  int f = sand_ruleset_find_side_feature (sand_map_get_ruleset (map), id);

  g_assert_cmpint (f, >=, 0);
  return f;
}

static void
connect (SandMap    *map,
         const char *what,
         const char *ids)
{
  g_auto (GStrv) v = g_strsplit (ids, " ", -1);
  g_autoptr (GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GError) error = NULL;

  for (guint i = 0; v[i] != NULL; i++)
    {
      int h = hex_id (map, v[i]);

      g_array_append_val (hexes, h);
    }
  sand_map_connect_path (map, feature (map, what), (int *) hexes->data, hexes->len, TRUE,
                         &error);
  g_assert_no_error (error);
}

static void
side (SandMap    *map,
      const char *id,
      const char *dir,
      const char *what)
{
  int hex = hex_id (map, id);
  int d = sand_grid_parse_direction (sand_map_get_grid (map), dir);

  g_assert_cmpint (d, >=, 0);
  sand_map_set_side (map, hex, d,
                     sand_map_get_side (map, hex, d) | (1u << feature (map, what)));
}

static void
terrain (SandMap    *map,
         const char *what,
         const char *ids)
{
  g_auto (GStrv) v = g_strsplit (ids, " ", -1);
  int t = sand_ruleset_find_terrain (sand_map_get_ruleset (map), what);

  g_assert_cmpint (t, >=, 0);
  for (guint i = 0; v[i] != NULL; i++)
    sand_map_set_terrain (map, hex_id (map, v[i]), (guint8) t);
}

static void
country (SandMap    *map,
         const char *what,
         int         col0,
         int         col1)
{
  const SandGrid *grid = sand_map_get_grid (map);
  int c = sand_ruleset_find_country (sand_map_get_ruleset (map), what);

  g_assert_cmpint (c, >=, 0);
  for (int row = 0; row < grid->rows; row++)
    for (int col = col0; col <= col1 && col < grid->cols; col++)
      sand_map_set_country (map, sand_grid_index (grid, col, row), c);
}

static SandMarker *
marker (SandMap        *map,
        SandMarkerKind  kind,
        const char     *id,
        int             side_index)
{
  SandMarker *m = sand_marker_new (kind, hex_id (map, id));

  m->side = side_index;
  return m;
}

static void
add_counter (SandScenario *scenario,
             SandOob      *oob,
             const char   *id,
             const char   *type,
             const char   *name,
             int           strength,
             int           steps,
             int           ma,
             int           quality,
             const char   *parent,
             const char   *band,
             const char   *hex)
{
  SandRuleset *rs = sand_scenario_get_ruleset (scenario);
  SandCounter *c = sand_counter_new ();
  SandPlacement p = { 0 };

  c->id = g_strdup (id);
  c->side = oob->side;
  c->type = sand_ruleset_find_unit_type (rs, type);
  g_assert_cmpint (c->type, >=, 0);
  c->name = g_strdup (name);
  c->strength = strength;
  c->steps = steps;
  c->ma = ma;
  c->quality = quality;
  c->parent = g_strdup (parent);
  c->band = g_strdup (band);
  g_assert_true (sand_scenario_add_counter (scenario, c));
  p.counter = (char *) id;
  p.hex = hex_id (sand_scenario_get_map (scenario), hex);
  g_ptr_array_add (oob->placements, sand_placement_copy (&p));
}

/* A small LFAF-style map with every feature and marker the renderer draws. */
static SandScenario *
demo_scenario (const char *ruleset_id)
{
  SandRuleset *rs = ruleset (ruleset_id);
  gboolean lfaf = g_str_equal (ruleset_id, "lfaf1914");
  g_autoptr (SandMap) map = sand_map_new (rs, 14, 10, SAND_ORIENTATION_FLAT, SAND_STAGGER_EVEN);
  SandScenario *scenario;
  SandOob *fr, *de;
  SandMarker *m;
  int french = sand_ruleset_find_side (rs, "french");
  int german = sand_ruleset_find_side (rs, "german");

  if (lfaf)
    {
      terrain (map, "forest", "0203 0204 0303 0304 0404 0205 0909 1009 1008 1108 1209 1309");
      terrain (map, "village", "0606 1103 0402");
      terrain (map, "hill", "0809 0808 0907 1202 1302 1203");
      terrain (map, "marsh", "0108 0109 0209 0309");
    }
  else
    terrain (map, "rough", "0203 0204 0303 0304 0404 0809 0808 0907 1202 1302");
  country (map, "france", 0, 6);
  country (map, "belgium", 7, 13);

  /* A river down the map between columns 6 and 7, a stream between 3 and
   * 4, bridges where the roads and the rail cross them, a ridge. */
  for (int row = 1; row <= 10; row++)
    {
      char id[8];

      g_snprintf (id, sizeof id, "06%02d", row);
      side (map, id, "ne", "river");
      side (map, id, "se", "river");
      if (row <= 5)
        {
          g_snprintf (id, sizeof id, "03%02d", row);
          side (map, id, "ne", "stream");
          side (map, id, "se", "stream");
        }
    }
  side (map, "1103", "s", "ridge");
  side (map, "1104", "sw", "ridge");
  side (map, "1104", "nw", "ridge");
  side (map, "1203", "s", "ridge");

  connect (map, "road", "0103 0203 0303 0403 0504 0604 0705 0805 0906 1006 1107 1207 1307");
  side (map, "0604", "se", "bridge");
  side (map, "0606", "ne", "bridge");
  side (map, "0303", "se", "bridge");
  connect (map, "road", "0606 0706 0806 0906");
  connect (map, "road", "1103 1104 1105 1106 1107");
  connect (map, "rail", "0101 0201 0302 0402 0502 0602 0702 0802 0903 1003 1103 1203 1303 1403");
  connect (map, "rail", "0502 0503 0504 0505 0506 0606 0607 0608 0609 0610");
  side (map, "0602", "ne", "bridge");

  sand_map_set_place (map, hex_id (map, "0606"), "Rossignol");
  sand_map_set_place (map, hex_id (map, "1103"), "Neufchâteau");
  sand_map_set_place (map, hex_id (map, "0402"), "Tintigny");
  sand_map_set_place (map, hex_id (map, "0903"), "Léglise");

  m = marker (map, SAND_MARKER_FORT, "0402", french);
  m->strength = 3;
  m->name = g_strdup ("Fort Tintigny");
  sand_map_add_marker (map, m);
  m = marker (map, SAND_MARKER_FORT, "0606", french);
  m->strength = 2;
  m->name = g_strdup ("Rossignol");
  sand_map_add_marker (map, m);
  m = marker (map, SAND_MARKER_ENTRY, "1401", german);
  m->group = g_strdup ("B");
  sand_map_add_marker (map, m);
  m = marker (map, SAND_MARKER_ENTRY, "0110", french);
  m->group = g_strdup ("A");
  sand_map_add_marker (map, m);
  m = marker (map, SAND_MARKER_SUPPLY, "0101", french);
  sand_map_add_marker (map, m);
  m = marker (map, SAND_MARKER_SUPPLY, "1403", german);
  sand_map_add_marker (map, m);
  m = marker (map, SAND_MARKER_VICTORY, "1103", german);
  m->value = 5;
  sand_map_add_marker (map, m);
  m = marker (map, SAND_MARKER_VICTORY, "0606", -1);
  m->value = 3;
  sand_map_add_marker (map, m);
  m = marker (map, SAND_MARKER_OFFMAP_LINK, "0101", -1);
  m->hex2 = hex_id (map, "1403");
  m->value = 12;
  m->group = g_strdup ("rail");
  sand_map_add_marker (map, m);
  for (int col = 1; col <= 14; col += 3)
    {
      char id[8];

      g_snprintf (id, sizeof id, "%02d10", col);
      m = marker (map, SAND_MARKER_EDGE_VALUE, id, -1);
      m->group = g_strdup ("south");
      m->value = col / 3 + 1;
      sand_map_add_marker (map, m);
    }
  sand_map_add_zone (map, "1", "Mobilisation area 1", german, "#c0392b");
  for (const char *const *z = (const char *const[]) { "1205", "1305", "1206", "1306", "1405",
                                                      NULL }; *z; z++)
    {
      m = marker (map, SAND_MARKER_ZONE, *z, -1);
      m->group = g_strdup ("1");
      sand_map_add_marker (map, m);
    }

  scenario = sand_scenario_new (map);
  fr = sand_oob_new ("historical", french);
  de = sand_oob_new ("historical", german);
  sand_scenario_add_oob (scenario, fr);
  sand_scenario_add_oob (scenario, de);
  if (lfaf)
    {
      add_counter (scenario, fr, "fr-1-1", "infantry", "I/1 RIC", 0, 2, 4, 1, "1 RIC",
                   "#d6b33a", "0505");
      add_counter (scenario, fr, "fr-1-2", "infantry", "II/1 RIC", 0, 2, 4, 1, "1 RIC",
                   "#d6b33a", "0505");
      add_counter (scenario, fr, "fr-art", "artillery", "1/2 RACC", 0, 1, 3, 0, "2 RACC",
                   "#d6b33a", "0505");
      add_counter (scenario, fr, "fr-hq", "hq", "3 DIC", 0, 1, 5, 0, "3 DIC", "#8e3a3a",
                   "0404");
      add_counter (scenario, fr, "fr-cav", "cavalry", "6 RCA", 0, 1, 6, 0, "6 RCA", NULL,
                   "0205");
      add_counter (scenario, de, "de-1", "infantry", "I/157", 0, 2, 4, -1, "157 IR",
                   "#3a6fb0", "0904");
      add_counter (scenario, de, "de-2", "light", "Jäg 6", 0, 3, 4, 1, "Jäg 6", "#3a6fb0",
                   "1004");
    }
  else
    {
      add_counter (scenario, fr, "fr-2", "combat", "2 C", 10, 0, 6, 0, NULL, NULL, "0505");
      add_counter (scenario, fr, "fr-eb", "eb", "EB", 0, 0, 4, 0, NULL, NULL, "0505");
      add_counter (scenario, fr, "fr-d", "dummy", "Dummy", 0, 0, 6, 0, NULL, NULL, "0404");
      add_counter (scenario, de, "de-1", "combat", "I AK", 12, 0, 8, 0, NULL, NULL, "0904");
    }
  return scenario;
}

/* Drawing into an image */

typedef struct {
  cairo_surface_t *surface;
  double scale;
} Image;

static Image
image_new (int    w,
           int    h,
           double scale)
{
  Image img = { cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h), scale };
  cairo_t *cr = cairo_create (img.surface);

  cairo_set_source_rgb (cr, 1, 0, 1); /* a sentinel no drawing uses */
  cairo_paint (cr);
  cairo_destroy (cr);
  return img;
}

static void
image_free (Image *img)
{
  cairo_surface_destroy (img->surface);
}

static void
draw_rect (SandRenderer *r,
           Image        *img,
           double        x0,
           double        y0,
           double        x1,
           double        y1,
           SandLayers    layers)
{
  cairo_t *cr = cairo_create (img->surface);

  cairo_scale (cr, img->scale, img->scale);
  sand_renderer_draw (r, cr, img->scale, x0, y0, x1, y1, layers);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (img->surface);
}

static Pixel
pixel_at (Image *img,
          double mx,
          double my)
{
  int x = (int) (mx * img->scale), y = (int) (my * img->scale);
  int stride = cairo_image_surface_get_stride (img->surface);
  const guint8 *data = cairo_image_surface_get_data (img->surface);
  guint32 v;
  Pixel p;

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, cairo_image_surface_get_width (img->surface));
  g_assert_cmpint (y, <, cairo_image_surface_get_height (img->surface));
  memcpy (&v, data + y * stride + x * 4, 4);
  p.a = v >> 24;
  p.r = (v >> 16) & 0xff;
  p.g = (v >> 8) & 0xff;
  p.b = v & 0xff;
  return p;
}

static gboolean
is_sentinel (Pixel p)
{
  return p.r == 255 && p.g == 0 && p.b == 255;
}

static void
assert_color_near (Pixel       p,
                   const char *hex_color,
                   int         tolerance)
{
  double r, g, b;

  sand_renderer_parse_color (hex_color, &r, &g, &b);
  g_assert_cmpint (ABS (p.r - (int) (r * 255 + 0.5)), <=, tolerance);
  g_assert_cmpint (ABS (p.g - (int) (g * 255 + 0.5)), <=, tolerance);
  g_assert_cmpint (ABS (p.b - (int) (b * 255 + 0.5)), <=, tolerance);
}

static SandPoint
center (SandMap    *map,
        const char *id)
{
  return sand_grid_hex_center (sand_map_get_grid (map), sand_map_get_hex_size (map),
                               hex_id (map, id));
}

static SandPoint
side_mid (SandMap    *map,
          const char *id,
          const char *dir)
{
  const SandGrid *grid = sand_map_get_grid (map);
  double size = sand_map_get_hex_size (map);
  SandPoint c = center (map, id);
  int d = sand_grid_parse_direction (grid, dir);
  SandPoint a = sand_grid_corner (grid, size, c, d);
  SandPoint b = sand_grid_corner (grid, size, c, (d + 1) % 6);
  SandPoint m = { (a.x + b.x) / 2, (a.y + b.y) / 2 };

  return m;
}

static const char *
terrain_color (SandMap    *map,
               const char *id)
{
  SandRuleset *rs = sand_map_get_ruleset (map);

  return sand_ruleset_get_terrain (rs, (guint) sand_ruleset_find_terrain (rs, id))->color;
}

static SandScenario *
blank_scenario (int cols,
                int rows)
{
  g_autoptr (SandMap) map = sand_map_new (ruleset ("fpw1870"), cols, rows,
                                          SAND_ORIENTATION_FLAT, SAND_STAGGER_EVEN);

  return sand_scenario_new (map);
}

static void
map_size (SandMap *map,
          double  *w,
          double  *h)
{
  sand_grid_pixel_size (sand_map_get_grid (map), sand_map_get_hex_size (map), w, h);
}

/* Tests */

static void
test_clear_hex_centre_has_clear_colour (void)
{
  g_autoptr (SandScenario) scenario = blank_scenario (6, 6);
  SandMap *map = sand_scenario_get_map (scenario);
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  double w, h;
  Image img;

  map_size (map, &w, &h);
  img = image_new ((int) (w * 2) + 1, (int) (h * 2) + 1, 2);
  draw_rect (r, &img, 0, 0, w, h, SAND_LAYER_ALL);
  assert_color_near (pixel_at (&img, center (map, "0303").x, center (map, "0303").y + 3),
                     terrain_color (map, "clear"), 2);
  image_free (&img);
}

static void
test_terrain_colour_at_every_level_of_detail (gconstpointer data)
{
  const int layout = GPOINTER_TO_INT (data);
  g_autoptr (SandMap) m = sand_map_new (ruleset ("fpw1870"), 40, 30,
                                        layout & 1 ? SAND_ORIENTATION_POINTY
                                                   : SAND_ORIENTATION_FLAT,
                                        layout & 2 ? SAND_STAGGER_ODD : SAND_STAGGER_EVEN);
  g_autoptr (SandScenario) scenario = sand_scenario_new (m);
  SandMap *map = sand_scenario_get_map (scenario);
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  const double scales[] = { 0.05, 0.1, 0.3, 1, 2 };
  SandRenderStats stats;
  double w, h;

  terrain (map, "rough", "1010 1111 2020");
  map_size (map, &w, &h);
  for (guint i = 0; i < G_N_ELEMENTS (scales); i++)
    {
      Image img = image_new ((int) (w * scales[i]) + 1, (int) (h * scales[i]) + 1, scales[i]);

      draw_rect (r, &img, 0, 0, w, h, SAND_LAYER_TERRAIN);
      sand_renderer_get_stats (r, &stats);
      g_assert_cmpint (stats.lod, ==, sand_renderer_lod_for_scale (r, scales[i]));
      /* Just off the centre, clear of any terrain symbol's strokes. */
      assert_color_near (pixel_at (&img, center (map, "1111").x - 1, center (map, "1111").y),
                         terrain_color (map, "rough"), scales[i] >= 0.3 ? 60 : 2);
      assert_color_near (pixel_at (&img, center (map, "1515").x, center (map, "1515").y),
                         terrain_color (map, "clear"), 2);
      assert_color_near (pixel_at (&img, center (map, "1616").x, center (map, "1616").y),
                         terrain_color (map, "clear"), 2);
      image_free (&img);
    }
  sand_renderer_get_stats (r, &stats);
  g_assert_cmpint (stats.lod, ==, SAND_LOD_FULL);
  g_assert_cmpint (sand_renderer_lod_for_scale (r, 0.05), ==, SAND_LOD_PIXELS);
}

static void
test_river_side_midpoint_is_blue (void)
{
  g_autoptr (SandScenario) scenario = blank_scenario (6, 6);
  SandMap *map = sand_scenario_get_map (scenario);
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  SandPoint m = side_mid (map, "0303", "s");
  SandPoint other = side_mid (map, "0303", "n");
  double w, h;
  Pixel p;
  Image img;

  side (map, "0303", "s", "river");
  map_size (map, &w, &h);
  img = image_new ((int) (w * 2) + 1, (int) (h * 2) + 1, 2);
  draw_rect (r, &img, 0, 0, w, h, SAND_LAYER_ALL);
  p = pixel_at (&img, m.x, m.y);
  g_assert_cmpint (p.b, >, p.r + 60);
  g_assert_cmpint (p.b, >, p.g + 20);
  /* Only that side: the hex's north side has no water. */
  p = pixel_at (&img, other.x, other.y + 3);
  g_assert_cmpint (p.b, <, p.r);
  image_free (&img);
}

static void
test_rail_passes_through_shared_side_midpoint (void)
{
  g_autoptr (SandScenario) scenario = blank_scenario (6, 6);
  SandMap *map = sand_scenario_get_map (scenario);
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  SandPoint a = center (map, "0202"), b = center (map, "0302");
  int d = sand_grid_direction_to (sand_map_get_grid (map), hex_id (map, "0202"),
                                  hex_id (map, "0302"));
  SandPoint m = side_mid (map, "0202", sand_grid_direction_name (sand_map_get_grid (map), d));
  SandPoint off = side_mid (map, "0202", "s");
  double w, h;
  Pixel p;
  Image img;

  connect (map, "rail", "0202 0302");
  map_size (map, &w, &h);
  img = image_new ((int) (w * 2) + 1, (int) (h * 2) + 1, 2);
  draw_rect (r, &img, 0, 0, w, h, SAND_LAYER_TERRAIN | SAND_LAYER_CONNECTIONS);
  /* On the line: at the side's midpoint and halfway from each centre to it. */
  p = pixel_at (&img, m.x, m.y);
  g_assert_cmpint (p.r, <, 80);
  g_assert_cmpint (p.g, <, 80);
  g_assert_cmpint (p.b, <, 80);
  p = pixel_at (&img, (a.x + m.x) / 2, (a.y + m.y) / 2);
  g_assert_cmpint (p.r + p.g + p.b, <, 240);
  p = pixel_at (&img, (b.x + m.x) / 2, (b.y + m.y) / 2);
  g_assert_cmpint (p.r + p.g + p.b, <, 240);
  /* Not through the other sides. */
  assert_color_near (pixel_at (&img, off.x, off.y - 3), terrain_color (map, "clear"), 2);
  image_free (&img);
}

static void
test_culling_draws_nothing_outside_the_rectangle (void)
{
  g_autoptr (SandScenario) scenario = demo_scenario ("lfaf1914");
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  SandMap *map = sand_scenario_get_map (scenario);
  double w, h;
  const double x0 = 101.5, y0 = 77.25, x1 = 260.75, y1 = 190.5;
  guint inside = 0;
  Image img;

  map_size (map, &w, &h);
  img = image_new ((int) (w * 2) + 1, (int) (h * 2) + 1, 2);
  draw_rect (r, &img, x0, y0, x1, y1, SAND_LAYER_ALL);
  for (int y = 0; y < cairo_image_surface_get_height (img.surface); y++)
    for (int x = 0; x < cairo_image_surface_get_width (img.surface); x++)
      {
        double mx = (x + 0.5) / 2, my = (y + 0.5) / 2;
        Pixel p = pixel_at (&img, mx, my);
        gboolean outside = mx < x0 - 0.5 || mx > x1 + 0.5 || my < y0 - 0.5 || my > y1 + 0.5;

        if (outside && !is_sentinel (p))
          g_error ("pixel (%d, %d) outside the rectangle was drawn", x, y);
        if (!outside && !is_sentinel (p))
          inside++;
      }
  /* The map covers the whole rectangle. */
  g_assert_cmpuint (inside, >, (guint) ((x1 - x0) * 2 * (y1 - y0) * 2 * 0.98));
  image_free (&img);
}

static void
test_tiles_join_without_seams (void)
{
  g_autoptr (SandScenario) scenario = demo_scenario ("lfaf1914");
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  SandMap *map = sand_scenario_get_map (scenario);
  double w, h;
  Image whole, tiled;
  guint differ = 0, total = 0;

  map_size (map, &w, &h);
  whole = image_new ((int) w, (int) h, 1);
  tiled = image_new ((int) w, (int) h, 1);
  draw_rect (r, &whole, 0, 0, w, h, SAND_LAYER_ALL);
  /* Tiles of 64 map units: each hex, name and stack split across edges. */
  for (double ty = 0; ty < h; ty += 64)
    for (double tx = 0; tx < w; tx += 64)
      draw_rect (r, &tiled, tx, ty, tx + 64, ty + 64, SAND_LAYER_ALL);
  for (int y = 0; y < (int) h; y++)
    for (int x = 0; x < (int) w; x++)
      {
        Pixel a = pixel_at (&whole, x + 0.5, y + 0.5), b = pixel_at (&tiled, x + 0.5, y + 0.5);

        total++;
        if (ABS (a.r - b.r) > 24 || ABS (a.g - b.g) > 24 || ABS (a.b - b.b) > 24)
          differ++;
      }
  /* Antialiasing along the cuts may differ a little; nothing may be lost. */
  g_assert_cmpuint (differ, <, total / 200);
  image_free (&whole);
  image_free (&tiled);
}

static void
test_large_map_rectangle_visits_only_nearby_hexes (void)
{
  g_autoptr (SandScenario) scenario = blank_scenario (300, 300);
  SandMap *map = sand_scenario_get_map (scenario);
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  const SandGrid *grid = sand_map_get_grid (map);
  double size = sand_map_get_hex_size (map);
  SandPoint c = center (map, "150150");
  double x0 = c.x - 3 * size, y0 = c.y - 3 * size, x1 = c.x + 3 * size, y1 = c.y + 3 * size;
  SandCounterDraw draws[3] = { { 0 } };
  g_autoptr (SandCounter) counter = sand_counter_new ();
  SandRenderStats stats;
  Image img;
  int inside = 0;

  counter->id = g_strdup ("x");
  counter->type = 0;
  counter->side = 0;
  draws[0].counter = counter;
  draws[0].hex = hex_id (map, "150150");
  draws[1].counter = counter;
  draws[1].hex = hex_id (map, "010010");
  draws[2].counter = counter;
  draws[2].hex = hex_id (map, "290290");
  sand_renderer_set_counters (r, draws, G_N_ELEMENTS (draws));
  for (int i = 0; i < 300; i++)
    {
      SandMarker *m = sand_marker_new (SAND_MARKER_VICTORY, sand_grid_index (grid, i, i));

      if (i >= 148 && i <= 152)
        inside++;
      sand_map_add_marker (map, m);
    }

  img = image_new (400, 400, 1);
  draw_rect (r, &img, x0, y0, x1, y1, SAND_LAYER_ALL);
  sand_renderer_get_stats (r, &stats);
  /* The rectangle is 6 radii square: 4 columns and 3.5 rows, plus one hex
   * of margin each way. */
  g_assert_cmpint (stats.col1 - stats.col0 + 1, <=, 8);
  g_assert_cmpint (stats.row1 - stats.row0 + 1, <=, 8);
  g_assert_cmpint (stats.col0, <=, 149);
  g_assert_cmpint (stats.col1, >=, 149);
  g_assert_cmpuint (stats.hexes, <=, 64);
  g_assert_cmpuint (stats.counters, ==, 1);
  g_assert_cmpuint (stats.markers, <=, (guint) inside + 2);
  g_assert_cmpuint (stats.markers, >=, 1);

  /* A rectangle off the map visits nothing. */
  draw_rect (r, &img, -500, -500, -100, -100, SAND_LAYER_ALL);
  sand_renderer_get_stats (r, &stats);
  g_assert_cmpuint (stats.hexes, ==, 0);
  g_assert_cmpint (stats.col1, <, stats.col0);
  image_free (&img);
}

static void
test_default_counters_are_the_default_oob_setup (void)
{
  g_autoptr (SandScenario) scenario = demo_scenario ("lfaf1914");
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  SandMap *map = sand_scenario_get_map (scenario);
  SandRenderStats stats;
  double w, h;
  Image img;
  SandOob *alt;
  SandPlacement p = { (char *) "fr-cav", 0, NULL };

  /* An alternative French OOB: its placements are not drawn. */
  alt = sand_oob_new ("B", sand_ruleset_find_side (sand_scenario_get_ruleset (scenario),
                                                   "french"));
  p.hex = hex_id (map, "0101");
  g_ptr_array_add (alt->placements, sand_placement_copy (&p));
  sand_scenario_add_oob (scenario, alt);

  map_size (map, &w, &h);
  img = image_new ((int) w + 1, (int) h + 1, 1);
  draw_rect (r, &img, 0, 0, w, h, SAND_LAYER_ALL);
  sand_renderer_get_stats (r, &stats);
  g_assert_cmpuint (stats.counters, ==, 7);
  draw_rect (r, &img, 0, 0, w, h, SAND_LAYER_STATIC);
  sand_renderer_get_stats (r, &stats);
  g_assert_cmpuint (stats.counters, ==, 0);
  image_free (&img);
}

static void
test_face_down_counter_shows_only_its_side_colour (void)
{
  g_autoptr (SandScenario) scenario = demo_scenario ("fpw1870");
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  SandRuleset *rs = sand_scenario_get_ruleset (scenario);
  const SandCounter *c = sand_scenario_get_counter (scenario, 0);
  SandCounterDraw d = { c, 0, 10, TRUE, FALSE, 0 };
  const char *color = sand_ruleset_get_side (rs, (guint) c->side)->color;
  Image img = image_new (100, 100, 1);
  cairo_t *cr = cairo_create (img.surface);
  gboolean ink = FALSE;

  sand_renderer_draw_counter (r, cr, &d, 25, 50, 40);
  d.face_down = FALSE;
  sand_renderer_draw_counter (r, cr, &d, 75, 50, 40);
  cairo_destroy (cr);
  cairo_surface_flush (img.surface);
  for (int y = 35; y < 65; y++)
    for (int x = 10; x < 40; x++)
      assert_color_near (pixel_at (&img, x + 0.5, y + 0.5), color, 2);
  /* Face up, the symbol and values are printed on it. */
  for (int y = 35; y < 65 && !ink; y++)
    for (int x = 60; x < 90 && !ink; x++)
      {
        Pixel p = pixel_at (&img, x + 0.5, y + 0.5);
        double cr_, cg, cb;

        sand_renderer_parse_color (color, &cr_, &cg, &cb);
        ink = ABS (p.r - (int) (cr_ * 255)) > 60 || ABS (p.b - (int) (cb * 255)) > 60;
      }
  g_assert_true (ink);
  image_free (&img);
}

static void
test_selected_counter_is_highlighted (void)
{
  g_autoptr (SandScenario) scenario = demo_scenario ("fpw1870");
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  SandCounterDraw d = { sand_scenario_get_counter (scenario, 0), 0, 10, FALSE, FALSE, 0 };
  Image img = image_new (100, 100, 1);
  cairo_t *cr = cairo_create (img.surface);
  Pixel p;

  sand_renderer_draw_counter (r, cr, &d, 25, 50, 40);
  d.selected = TRUE;
  sand_renderer_draw_counter (r, cr, &d, 75, 50, 40);
  cairo_destroy (cr);
  cairo_surface_flush (img.surface);
  /* Just above the counter's top edge. */
  g_assert_true (is_sentinel (pixel_at (&img, 25.5, 28.5)));
  p = pixel_at (&img, 75.5, 28.5);
  g_assert_cmpint (p.r, >, 200);
  g_assert_cmpint (p.g, >, 120);
  g_assert_cmpint (p.b, <, 80);
  image_free (&img);
}

/* The y, in map units, of the first drawn pixel going down column @x. */
static double
top_edge (Image *img,
          double x)
{
  int h = cairo_image_surface_get_height (img->surface);

  for (int y = 0; y < h; y++)
    if (!is_sentinel (pixel_at (img, x, (y + 0.5) / img->scale)))
      return y / img->scale;
  return h / img->scale;
}

static void
test_stacked_counters_are_offset (void)
{
  g_autoptr (SandScenario) scenario = blank_scenario (6, 6);
  SandMap *map = sand_scenario_get_map (scenario);
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  g_autoptr (SandCounter) counter = sand_counter_new ();
  SandCounterDraw draws[2] = { { 0 } };
  SandRuleset *rs = sand_scenario_get_ruleset (scenario);
  const char *color;
  SandPoint c = center (map, "0303");
  double l = sand_map_get_hex_size (map) * 1.05, step = l * 0.07;
  double w, h;
  Image one, two;

  counter->id = g_strdup ("x");
  counter->side = 0;
  counter->type = 0;
  color = sand_ruleset_get_side (rs, 0)->color;
  draws[0].counter = draws[1].counter = counter;
  draws[0].hex = draws[1].hex = hex_id (map, "0303");
  draws[0].face_down = draws[1].face_down = TRUE;
  map_size (map, &w, &h);
  one = image_new ((int) (w * 2) + 1, (int) (h * 2) + 1, 2);
  two = image_new ((int) (w * 2) + 1, (int) (h * 2) + 1, 2);
  sand_renderer_set_counters (r, draws, 1);
  draw_rect (r, &one, 0, 0, w, h, SAND_LAYER_COUNTERS);
  sand_renderer_set_counters (r, draws, 2);
  draw_rect (r, &two, 0, 0, w, h, SAND_LAYER_COUNTERS);
  /* The top counter of two sits higher (and further right) than a lone
   * counter, by half a stacking step each way. */
  g_assert_cmpfloat (top_edge (&two, c.x) + step * 0.4, <, top_edge (&one, c.x));
  g_assert_cmpfloat (top_edge (&one, c.x), >=, c.y - l / 2 - 1);
  assert_color_near (pixel_at (&two, c.x + step / 2, c.y - step / 2), color, 2);
  image_free (&one);
  image_free (&two);
}

static void
test_invalid_utf8_name_is_skipped_quietly (void)
{
  g_autoptr (SandScenario) scenario = blank_scenario (6, 6);
  SandMap *map = sand_scenario_get_map (scenario);
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  double w, h;
  Image img;

  /* The loader refuses such names; the renderer must still not warn (a
   * warning is fatal in tests) whatever the model holds. */
  sand_map_set_place (map, hex_id (map, "0303"), "Bad \xff\xfe name");
  sand_map_set_place (map, hex_id (map, "0304"), "Good name");
  map_size (map, &w, &h);
  img = image_new ((int) (w * 2) + 1, (int) (h * 2) + 1, 2);
  draw_rect (r, &img, 0, 0, w, h, SAND_LAYER_ALL);
  image_free (&img);
}

static void
check_magic (const char *path,
             const char *magic,
             gsize       within)
{
  g_autofree char *data = NULL;
  gsize len;
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &data, &len, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (len, >, 100);
  g_assert_nonnull (g_strstr_len (data, MIN (len, within), magic));
}

static void
test_export_writes_png_svg_and_pdf (void)
{
  g_autoptr (SandScenario) scenario = demo_scenario ("lfaf1914");
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-render-XXXXXX", &error);
  g_autofree char *png = g_build_filename (dir, "map.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "map.SVG", NULL);
  g_autofree char *pdf = g_build_filename (dir, "map.pdf", NULL);
  g_autofree char *txt = g_build_filename (dir, "map.txt", NULL);
  g_autofree char *missing = g_build_filename (dir, "no", "such", "dir", "map.png", NULL);
  cairo_surface_t *loaded;

  g_assert_no_error (error);
  g_assert_true (sand_renderer_export (r, png, 1.0, SAND_LAYER_ALL, &error));
  g_assert_no_error (error);
  g_assert_true (sand_renderer_export (r, svg, 1.0, SAND_LAYER_ALL, &error));
  g_assert_no_error (error);
  g_assert_true (sand_renderer_export (r, pdf, 1.0, SAND_LAYER_ALL, &error));
  g_assert_no_error (error);
  check_magic (png, "\x89PNG\r\n\x1a\n", 8);
  check_magic (svg, "<svg", 200);
  check_magic (pdf, "%PDF-", 5);

  /* The PNG is the whole map at the scale asked for. */
  loaded = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (loaded), ==, CAIRO_STATUS_SUCCESS);
  {
    double w, h;

    map_size (sand_scenario_get_map (scenario), &w, &h);
    g_assert_cmpint (cairo_image_surface_get_width (loaded), ==, (int) ceil (w));
    g_assert_cmpint (cairo_image_surface_get_height (loaded), ==, (int) ceil (h));
  }
  cairo_surface_destroy (loaded);

  g_assert_false (sand_renderer_export (r, txt, 1.0, SAND_LAYER_ALL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_false (g_file_test (txt, G_FILE_TEST_EXISTS));
  g_clear_error (&error);
  g_assert_false (sand_renderer_export (r, missing, 1.0, SAND_LAYER_ALL, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_false (sand_renderer_export (r, png, 1e6, SAND_LAYER_ALL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  /* A failed export leaves the earlier file as it was. */
  check_magic (png, "\x89PNG\r\n\x1a\n", 8);

  g_unlink (png);
  g_unlink (svg);
  g_unlink (pdf);
  g_rmdir (dir);
}

static void
test_overlay_tints_only_its_hexes (void)
{
  g_autoptr (SandScenario) scenario = blank_scenario (6, 6);
  SandMap *map = sand_scenario_get_map (scenario);
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  guint32 tint[36] = { 0 };
  SandOverlay overlay = { tint, NULL, NULL, 0, 0, NULL, 0 };
  double w, h;
  Image img;
  cairo_t *cr;
  Pixel p;

  tint[hex_id (map, "0303")] = 0xff0000ff;
  map_size (map, &w, &h);
  img = image_new ((int) w + 1, (int) h + 1, 1);
  draw_rect (r, &img, 0, 0, w, h, SAND_LAYER_TERRAIN);
  cr = cairo_create (img.surface);
  sand_renderer_draw_overlay (r, cr, 1, 0, 0, w, h, &overlay);
  cairo_destroy (cr);
  cairo_surface_flush (img.surface);
  p = pixel_at (&img, center (map, "0303").x, center (map, "0303").y);
  g_assert_cmpint (p.r, ==, 255);
  g_assert_cmpint (p.g, ==, 0);
  assert_color_near (pixel_at (&img, center (map, "0304").x, center (map, "0304").y),
                     terrain_color (map, "clear"), 2);
  image_free (&img);
}

/* An overlay badge ("Arrived", "Isolated") is drawn in the band above a
 * counter: the middle and lower part of the hex, where a counter shows its
 * values, is the same with the badge as without it (issue 17). */
static void
test_overlay_badge_leaves_counter_values_clear (void)
{
  g_autoptr (SandScenario) scenario = blank_scenario (6, 6);
  SandMap *map = sand_scenario_get_map (scenario);
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  const char *labels[36] = { NULL };
  SandOverlay plain = { NULL, NULL, NULL, 0, 0, NULL, 0 };
  SandOverlay badged = { NULL, labels, NULL, 0, 0, NULL, 0 };
  double size = sand_map_get_hex_size (map);
  SandPoint c = center (map, "0303");
  Image img[2];
  double w, h;
  guint differ_above = 0;

  labels[hex_id (map, "0303")] = "Arrived";
  map_size (map, &w, &h);
  for (int k = 0; k < 2; k++)
    {
      cairo_t *cr;

      img[k] = image_new ((int) w + 1, (int) h + 1, 1);
      draw_rect (r, &img[k], 0, 0, w, h, SAND_LAYER_TERRAIN);
      cr = cairo_create (img[k].surface);
      sand_renderer_draw_overlay (r, cr, 1, 0, 0, w, h, k == 0 ? &plain : &badged);
      cairo_destroy (cr);
      cairo_surface_flush (img[k].surface);
    }
  /* The counter (1.05 hex sizes a side, centred) from its top edge's
   * shoulder down: untouched. */
  for (double y = c.y - size * 0.45; y <= c.y + size * 0.5; y += 1)
    for (double x = c.x - size * 0.5; x <= c.x + size * 0.5; x += 1)
      {
        Pixel a = pixel_at (&img[0], x, y), b = pixel_at (&img[1], x, y);

        g_assert_true (a.r == b.r && a.g == b.g && a.b == b.b);
      }
  /* And the badge is drawn: above the counter. */
  for (double y = c.y - size * 0.85; y < c.y - size * 0.5; y += 1)
    for (double x = c.x - size * 0.5; x <= c.x + size * 0.5; x += 1)
      {
        Pixel a = pixel_at (&img[0], x, y), b = pixel_at (&img[1], x, y);

        differ_above += a.r != b.r || a.g != b.g || a.b != b.b;
      }
  g_assert_cmpuint (differ_above, >, 20);
  image_free (&img[0]);
  image_free (&img[1]);
}

static void
test_region_bounds_cover_the_changed_hexes (void)
{
  g_autoptr (SandScenario) scenario = blank_scenario (20, 20);
  SandMap *map = sand_scenario_get_map (scenario);
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  double x0, y0, x1, y1;
  SandPoint a = center (map, "0505"), b = center (map, "0707");
  double size = sand_map_get_hex_size (map);

  sand_renderer_region_bounds (r, 4, 4, 6, 6, &x0, &y0, &x1, &y1);
  g_assert_cmpfloat (x0, <=, a.x - 2 * size);
  g_assert_cmpfloat (y0, <=, a.y - 2 * size);
  g_assert_cmpfloat (x1, >=, b.x + 2 * size);
  g_assert_cmpfloat (y1, >=, b.y + 2 * size);
}

static int
run_cli (const char *const *args,
         char              **err)
{
  const char *cli = g_getenv ("SANDTABLE_CLI");
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  int status = -1;

  g_ptr_array_add (argv, (gpointer) cli);
  g_ptr_array_add (argv, (gpointer) "render");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL,
                               NULL, NULL, NULL, err, &status, &error));
  g_assert_no_error (error);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

static void
test_cli_render_exports_and_fails_with_status_2 (void)
{
  const char *datadir = g_getenv ("SANDTABLE_DATADIR");
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = NULL, *demo = NULL, *png = NULL, *pdf = NULL, *bad = NULL;
  g_autofree char *missing = NULL, *err = NULL;

  if (g_getenv ("SANDTABLE_CLI") == NULL || datadir == NULL)
    {
      g_test_skip ("SANDTABLE_CLI and SANDTABLE_DATADIR are set by meson test");
      return;
    }
  dir = g_dir_make_tmp ("test-render-cli-XXXXXX", &error);
  g_assert_no_error (error);
  demo = g_build_filename (datadir, "scenarios", "demo.xml", NULL);
  png = g_build_filename (dir, "demo.png", NULL);
  pdf = g_build_filename (dir, "demo.pdf", NULL);
  bad = g_build_filename (dir, "bad.xml", NULL);
  missing = g_build_filename (dir, "no", "such", "dir", "demo.png", NULL);

  g_assert_cmpint (run_cli ((const char *[]) { demo, "-o", png, "--scale", "0.5", NULL }, &err),
                   ==, 0);
  check_magic (png, "\x89PNG\r\n\x1a\n", 8);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli ((const char *[]) { demo, "-o", pdf, "--no-ids", "--no-counters",
                                               NULL }, &err), ==, 0);
  check_magic (pdf, "%PDF-", 5);
  g_clear_pointer (&err, g_free);

  /* A load error names the file and line. */
  g_assert_true (g_file_set_contents (bad, "<?xml version=\"1.0\"?>\n<scenario\n", -1, NULL));
  g_assert_cmpint (run_cli ((const char *[]) { bad, "-o", png, NULL }, &err), ==, 2);
  g_assert_true (g_str_has_prefix (err, bad));
  g_assert_true (g_ascii_isdigit (err[strlen (bad) + 1]));
  g_clear_pointer (&err, g_free);
  /* Unwritable output, unknown format, missing arguments. */
  g_assert_cmpint (run_cli ((const char *[]) { demo, "-o", missing, NULL }, &err), ==, 2);
  g_assert_nonnull (strstr (err, missing));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli ((const char *[]) { demo, "-o", bad, NULL }, &err), ==, 2);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli ((const char *[]) { demo, NULL }, &err), ==, 2);
  g_clear_pointer (&err, g_free);

  g_unlink (png);
  g_unlink (pdf);
  g_unlink (bad);
  g_rmdir (dir);
}

static SandScenario *
shipped_scenario (const char *file)
{
  const char *datadir = g_getenv ("SANDTABLE_DATADIR");
  g_autofree char *path = g_build_filename (datadir != NULL ? datadir : "../data", "scenarios",
                                            file, NULL);
  g_autoptr (GError) error = NULL;
  SandScenario *scenario = sand_scenario_load_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  return scenario;
}

static gboolean
boxes_overlap (const SandLabelBox *a,
               const SandLabelBox *b)
{
  return MIN (a->x1, b->x1) - MAX (a->x0, b->x0) > 1e-6 &&
         MIN (a->y1, b->y1) - MAX (a->y0, b->y0) > 1e-6;
}

/* Place names, zone names and entry groups of the shipped scenarios each
 * find a spot of their own at every zoom that shows them. */
static void
test_placed_labels_never_overlap (gconstpointer data)
{
  g_autoptr (SandScenario) scenario = shipped_scenario (data);
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  const double scales[] = { 0.5, 1, 2 };

  for (guint s = 0; s < G_N_ELEMENTS (scales); s++)
    {
      guint n = 0;
      const SandLabelBox *l = sand_renderer_get_labels (r, scales[s], SAND_LAYER_ALL, &n);

      if (scales[s] >= 1)
        g_assert_cmpuint (n, >, 0);
      for (guint i = 0; i < n; i++)
        {
          if (l[i].collides)
            g_error ("label %u (kind %d) at hex %d finds no clear spot at scale %g", i,
                     l[i].kind, l[i].hex, scales[s]);
          for (guint j = i + 1; j < n; j++)
            if (boxes_overlap (&l[i], &l[j]))
              g_error ("labels at hexes %d and %d overlap at scale %g", l[i].hex, l[j].hex,
                       scales[s]);
        }
    }
}

/* Where names are crowded, a label that finds no clear spot says so, and
 * every other one is clear of all labels. */
static void
test_crowded_names_take_the_clear_spots (void)
{
  g_autoptr (SandScenario) scenario = blank_scenario (6, 6);
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  SandMap *map = sand_scenario_get_map (scenario);
  const char *const ids[] = { "0202", "0302", "0203", "0303", "0403", "0204" };
  const SandLabelBox *l;
  guint n = 0, moved = 0;

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    sand_map_set_place (map, hex_id (map, ids[i]), "Neufchâteau-en-Ardenne");
  l = sand_renderer_get_labels (r, 1, SAND_LAYER_ALL & ~SAND_LAYER_IDS, &n);
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (ids));
  for (guint i = 0; i < n; i++)
    {
      SandPoint c = sand_grid_hex_center (sand_map_get_grid (map), sand_map_get_hex_size (map),
                                          l[i].hex);

      g_assert_cmpint (l[i].kind, ==, SAND_LABEL_NAME);
      if (l[i].y0 < c.y)
        moved++; /* not under its dot */
      for (guint j = 0; j < n; j++)
        if (j != i && !l[i].collides && !l[j].collides)
          g_assert_false (boxes_overlap (&l[i], &l[j]));
    }
  g_assert_cmpuint (moved, >, 0);
}

/* The canvas draws 256-pixel tiles in any order: a label cut by a tile's
 * edge must be placed, and drawn, the same in both tiles. */
static void
test_labels_placed_alike_whatever_the_rectangle (void)
{
  g_autoptr (SandScenario) scenario = shipped_scenario ("fpw1870.xml");
  g_autoptr (SandRenderer) whole_r = sand_renderer_new (scenario);
  g_autoptr (SandRenderer) tile_r = sand_renderer_new (scenario);
  const SandLabelBox *a, *b;
  guint na = 0, nb = 0, differ = 0;
  /* Around Saarbrücken, where counters, names and zones crowd. */
  double x0 = 1536, y0 = 512, w = 512, h = 512;
  Image whole = image_new ((int) w, (int) h, 1), tiled = image_new ((int) w, (int) h, 1);
  cairo_t *cr;

  cr = cairo_create (whole.surface);
  cairo_translate (cr, -x0, -y0);
  sand_renderer_draw (whole_r, cr, 1, x0, y0, x0 + w, y0 + h, SAND_LAYER_ALL);
  cairo_destroy (cr);
  /* Tiles last to first, each a draw of its own rectangle. */
  for (int t = 3; t >= 0; t--)
    {
      double tx = x0 + (t % 2) * 256, ty = y0 + (t / 2) * 256;

      cr = cairo_create (tiled.surface);
      cairo_translate (cr, -x0, -y0);
      sand_renderer_draw (tile_r, cr, 1, tx, ty, tx + 256, ty + 256, SAND_LAYER_ALL);
      cairo_destroy (cr);
    }
  a = sand_renderer_get_labels (whole_r, 1, SAND_LAYER_ALL, &na);
  b = sand_renderer_get_labels (tile_r, 1, SAND_LAYER_ALL, &nb);
  g_assert_cmpuint (na, ==, nb);
  g_assert_cmpuint (na, >, 0);
  for (guint i = 0; i < na; i++)
    {
      g_assert_cmpint (a[i].hex, ==, b[i].hex);
      g_assert_cmpfloat (a[i].x, ==, b[i].x);
      g_assert_cmpfloat (a[i].y, ==, b[i].y);
    }
  for (int y = 0; y < (int) h; y++)
    for (int x = 0; x < (int) w; x++)
      {
        Pixel p = pixel_at (&whole, x + 0.5, y + 0.5), q = pixel_at (&tiled, x + 0.5, y + 0.5);

        if (ABS (p.r - q.r) > 24 || ABS (p.g - q.g) > 24 || ABS (p.b - q.b) > 24)
          differ++;
      }
  /* Antialiasing along the two cuts may differ; no label may move. */
  g_assert_cmpuint (differ, <, (guint) (w * 4));
  image_free (&whole);
  image_free (&tiled);
}

/* An edit may move a label beyond the hexes it touched: the renderer tells
 * the canvas where, so that no tile keeps it in its old spot. */
static void
test_label_moved_by_an_edit_is_reported (void)
{
  g_autoptr (SandScenario) scenario = blank_scenario (6, 6);
  g_autoptr (SandRenderer) r = sand_renderer_new (scenario);
  SandMap *map = sand_scenario_get_map (scenario);
  const SandLabelBox *l;
  SandLabelBox before, after;
  guint n = 0;
  double x0, y0, x1, y1;

  sand_map_set_place (map, hex_id (map, "0303"), "Metz");
  sand_renderer_update_labels (r, 1, SAND_LAYER_ALL, &x0, &y0, &x1, &y1);
  g_assert_false (sand_renderer_update_labels (r, 1, SAND_LAYER_ALL, &x0, &y0, &x1, &y1));
  l = sand_renderer_get_labels (r, 1, SAND_LAYER_ALL, &n);
  g_assert_cmpuint (n, ==, 1);
  before = l[0];

  /* A fort's star is wider than the town dot: the name drops below it. */
  sand_map_add_marker (map, marker (map, SAND_MARKER_FORT, "0303", 0));
  g_assert_true (sand_renderer_update_labels (r, 1, SAND_LAYER_ALL, &x0, &y0, &x1, &y1));
  l = sand_renderer_get_labels (r, 1, SAND_LAYER_ALL, &n);
  g_assert_cmpuint (n, ==, 1);
  after = l[0];
  g_assert_cmpfloat (after.y0, >, before.y0);
  g_assert_cmpfloat (x0, <=, MIN (before.x0, after.x0));
  g_assert_cmpfloat (y0, <=, MIN (before.y0, after.y0));
  g_assert_cmpfloat (x1, >=, MAX (before.x1, after.x1));
  g_assert_cmpfloat (y1, >=, MAX (before.y1, after.y1));
}

static void
dump_demo (void)
{
  const char *dir = g_getenv ("SAND_RENDER_DUMP");
  const char *const ids[] = { "lfaf1914", "fpw1870" };
  const double scales[] = { 0.1, 0.3, 0.6, 1.0, 2.0 };

  if (dir == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autoptr (SandScenario) scenario = demo_scenario (ids[i]);
      g_autoptr (SandRenderer) r = sand_renderer_new (scenario);

      for (guint s = 0; s < G_N_ELEMENTS (scales); s++)
        {
          g_autofree char *name = g_strdup_printf ("%s/render-%s-%.1f.png", dir, ids[i],
                                                   scales[s]);
          g_autoptr (GError) error = NULL;

          if (!sand_renderer_export (r, name, scales[s], SAND_LAYER_ALL, &error))
            g_printerr ("%s\n", error->message);
        }
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  dump_demo ();

  g_test_add_func ("/render/clear-hex-centre-has-clear-colour",
                   test_clear_hex_centre_has_clear_colour);
  g_test_add_data_func ("/render/terrain-colour-at-every-level-of-detail/flat-even",
                        GINT_TO_POINTER (0), test_terrain_colour_at_every_level_of_detail);
  g_test_add_data_func ("/render/terrain-colour-at-every-level-of-detail/pointy-even",
                        GINT_TO_POINTER (1), test_terrain_colour_at_every_level_of_detail);
  g_test_add_data_func ("/render/terrain-colour-at-every-level-of-detail/flat-odd",
                        GINT_TO_POINTER (2), test_terrain_colour_at_every_level_of_detail);
  g_test_add_data_func ("/render/terrain-colour-at-every-level-of-detail/pointy-odd",
                        GINT_TO_POINTER (3), test_terrain_colour_at_every_level_of_detail);
  g_test_add_func ("/render/river-side-midpoint-is-blue", test_river_side_midpoint_is_blue);
  g_test_add_func ("/render/rail-passes-through-shared-side-midpoint",
                   test_rail_passes_through_shared_side_midpoint);
  g_test_add_func ("/render/culling-draws-nothing-outside-the-rectangle",
                   test_culling_draws_nothing_outside_the_rectangle);
  g_test_add_func ("/render/tiles-join-without-seams", test_tiles_join_without_seams);
  g_test_add_data_func ("/render/placed-labels-never-overlap/fpw1870", "fpw1870.xml",
                        test_placed_labels_never_overlap);
  g_test_add_data_func ("/render/placed-labels-never-overlap/lfaf1914-3-bataille",
                        "lfaf1914-3-bataille.xml", test_placed_labels_never_overlap);
  g_test_add_data_func ("/render/placed-labels-never-overlap/demo", "demo.xml",
                        test_placed_labels_never_overlap);
  g_test_add_func ("/render/crowded-names-take-the-clear-spots",
                   test_crowded_names_take_the_clear_spots);
  g_test_add_func ("/render/labels-placed-alike-whatever-the-rectangle",
                   test_labels_placed_alike_whatever_the_rectangle);
  g_test_add_func ("/render/label-moved-by-an-edit-is-reported",
                   test_label_moved_by_an_edit_is_reported);
  g_test_add_func ("/render/large-map-rectangle-visits-only-nearby-hexes",
                   test_large_map_rectangle_visits_only_nearby_hexes);
  g_test_add_func ("/render/default-counters-are-the-default-oob-setup",
                   test_default_counters_are_the_default_oob_setup);
  g_test_add_func ("/render/face-down-counter-shows-only-its-side-colour",
                   test_face_down_counter_shows_only_its_side_colour);
  g_test_add_func ("/render/selected-counter-is-highlighted",
                   test_selected_counter_is_highlighted);
  g_test_add_func ("/render/stacked-counters-are-offset", test_stacked_counters_are_offset);
  g_test_add_func ("/render/invalid-utf8-name-is-skipped-quietly",
                   test_invalid_utf8_name_is_skipped_quietly);
  g_test_add_func ("/render/export-writes-png-svg-and-pdf", test_export_writes_png_svg_and_pdf);
  g_test_add_func ("/render/overlay-tints-only-its-hexes", test_overlay_tints_only_its_hexes);
  g_test_add_func ("/render/overlay-badge-leaves-counter-values-clear",
                   test_overlay_badge_leaves_counter_values_clear);
  g_test_add_func ("/render/region-bounds-cover-the-changed-hexes",
                   test_region_bounds_cover_the_changed_hexes);
  g_test_add_func ("/render/cli-render-exports-and-fails-with-status-2",
                   test_cli_render_exports_and_fails_with_status_2);
  return g_test_run ();
}
