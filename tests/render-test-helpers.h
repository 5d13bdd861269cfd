/* SPDX-License-Identifier: GPL-3.0-or-later */
/* render-test-helpers.h: what the renderer suites (test-render*.c) share —
 * building a scenario by hand (the demo map of either rule set, a blank
 * one), drawing it into an image and reading its pixels back, and where a
 * hex's centre or side lies. Header-only: each program includes it once. */
#pragma once

#include <gio/gio.h>
#include <math.h>
#include <string.h>

#include "hex-id.h"
#include "sand-renderer.h"
#include "sand-scenario-io.h"

typedef struct {
  guint8 r, g, b, a;
} Pixel;

G_GNUC_UNUSED static SandRuleset *
ruleset (const char *id)
{
  g_autoptr (GError) error = NULL;
  SandRuleset *rs = sand_ruleset_lookup (id, &error);

  g_assert_no_error (error);
  g_assert_nonnull (rs);
  return rs;
}

G_GNUC_UNUSED static int
feature (SandMap    *map,
         const char *id)
{
  int f = sand_ruleset_find_side_feature (sand_map_get_ruleset (map), id);

  g_assert_cmpint (f, >=, 0);
  return f;
}

G_GNUC_UNUSED static void
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

G_GNUC_UNUSED static void
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

G_GNUC_UNUSED static void
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

G_GNUC_UNUSED static void
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

G_GNUC_UNUSED static SandMarker *
marker (SandMap        *map,
        SandMarkerKind  kind,
        const char     *id,
        int             side_index)
{
  SandMarker *m = sand_marker_new (kind, hex_id (map, id));

  m->side = side_index;
  return m;
}

G_GNUC_UNUSED static void
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
G_GNUC_UNUSED static SandScenario *
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

G_GNUC_UNUSED static Image
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

G_GNUC_UNUSED static void
image_free (Image *img)
{
  cairo_surface_destroy (img->surface);
}

G_GNUC_UNUSED static void
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

G_GNUC_UNUSED static Pixel
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

G_GNUC_UNUSED static gboolean
is_sentinel (Pixel p)
{
  return p.r == 255 && p.g == 0 && p.b == 255;
}

G_GNUC_UNUSED static void
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

G_GNUC_UNUSED static SandPoint
center (SandMap    *map,
        const char *id)
{
  return sand_grid_hex_center (sand_map_get_grid (map), sand_map_get_hex_size (map),
                               hex_id (map, id));
}

G_GNUC_UNUSED static SandPoint
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

G_GNUC_UNUSED static const char *
terrain_color (SandMap    *map,
               const char *id)
{
  SandRuleset *rs = sand_map_get_ruleset (map);

  return sand_ruleset_get_terrain (rs, (guint) sand_ruleset_find_terrain (rs, id))->color;
}

G_GNUC_UNUSED static SandScenario *
blank_scenario (int cols,
                int rows)
{
  g_autoptr (SandMap) map = sand_map_new (ruleset ("fpw1870"), cols, rows,
                                          SAND_ORIENTATION_FLAT, SAND_STAGGER_EVEN);

  return sand_scenario_new (map);
}

G_GNUC_UNUSED static void
map_size (SandMap *map,
          double  *w,
          double  *h)
{
  sand_grid_pixel_size (sand_map_get_grid (map), sand_map_get_hex_size (map), w, h);
}
