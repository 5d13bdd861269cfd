/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-interop-tmx: Tiled TMX import and export. import (export (map))
 * keeps every terrain, country, hexside, road, rail, name and marker in all
 * four layouts and both data encodings; hand-made TMX files in every
 * encoding Tiled 1.8 writes come in; what cannot come in is refused with
 * FILE:LINE; and, when Tiled's own tmxrasterizer is installed, its drawing
 * of an exported map matches Sandtable's terrain layer. */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <zlib.h>

#include "sand-interop-private.h"
#include "sand-scenario-io.h"
#include "sand-xml-safe.h"

static char *tmpdir;

static char *
tmp_path (const char *name)
{
  return g_build_filename (tmpdir, name, NULL);
}

static SandScenario *
load_shipped (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("SANDTABLE_DATADIR"), "scenarios", name,
                                            NULL);
  g_autoptr (GError) error = NULL;
  SandScenario *s = sand_scenario_load_file (path, &error);

  g_assert_no_error (error);
  return s;
}

static void
assert_same_map (SandMap *a,
                 SandMap *b)
{
  const SandGrid *ga = sand_map_get_grid (a), *gb = sand_map_get_grid (b);
  int n = sand_grid_n_hexes (ga);

  g_assert_cmpint (ga->cols, ==, gb->cols);
  g_assert_cmpint (ga->rows, ==, gb->rows);
  g_assert_cmpint (ga->orientation, ==, gb->orientation);
  g_assert_cmpint (ga->stagger, ==, gb->stagger);
  g_assert_cmpfloat (sand_map_get_hex_size (a), ==, sand_map_get_hex_size (b));
  g_assert_cmpmem (sand_map_peek_terrain (a), n, sand_map_peek_terrain (b), n);
  g_assert_cmpmem (sand_map_peek_countries (a), n, sand_map_peek_countries (b), n);
  for (int hex = 0; hex < n; hex++)
    {
      g_assert_cmpstr (sand_map_get_place (a, hex), ==, sand_map_get_place (b, hex));
      for (int d = 0; d < 6; d++)
        g_assert_cmphex (sand_map_get_side (a, hex, d), ==, sand_map_get_side (b, hex, d));
    }
  g_assert_cmpuint (sand_map_n_markers (a), ==, sand_map_n_markers (b));
  for (guint i = 0; i < sand_map_n_markers (a); i++)
    g_assert_true (sand_marker_equal (sand_map_get_marker (a, i), sand_map_get_marker (b, i)));
  g_assert_cmpuint (sand_map_n_zones (a), ==, sand_map_n_zones (b));
}

static SandScenario *
round_trip (SandScenario *s,
            gboolean      csv,
            const char   *name)
{
  g_autofree char *path = tmp_path (name);
  SandTmxWriteOptions options = { 0, csv };
  g_autoptr (GError) error = NULL;
  SandScenario *back;

  g_assert_true (sand_tmx_export (s, path, &options, &error));
  g_assert_no_error (error);
  back = sand_tmx_import_file (path, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back);
  return back;
}

static void
test_round_trip_shipped (void)
{
  const char *names[] = { "fpw1870.xml", "demo.xml", "lfaf1914-1-rossignol.xml" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    for (int csv = 0; csv < 2; csv++)
      {
        g_autoptr (SandScenario) s = load_shipped (names[i]);
        g_autoptr (SandScenario) back = round_trip (s, csv, "shipped.tmx");

        assert_same_map (sand_scenario_get_map (s), sand_scenario_get_map (back));
        g_assert_cmpstr (sand_scenario_get_title (s), ==, sand_scenario_get_title (back));
        g_assert_cmpint (sand_scenario_get_turns (s), ==, sand_scenario_get_turns (back));
        g_assert_cmpstr (sand_ruleset_get_id (sand_scenario_get_ruleset (s)), ==,
                         sand_ruleset_get_id (sand_scenario_get_ruleset (back)));
      }
}

/* Every layout, with rivers, a bridge, a road and a rail bending through
 * all six directions, names and markers. */
static void
test_round_trip_layouts (void)
{
  SandRuleset *rs = sand_ruleset_lookup ("fpw1870", NULL);

  for (int o = 0; o < 2; o++)
    for (int st = 0; st < 2; st++)
      {
        g_autoptr (SandMap) map = sand_map_new (rs, 9, 7, o, st);
        g_autoptr (SandScenario) s = NULL;
        g_autoptr (SandScenario) back = NULL;
        int river = sand_ruleset_find_side_feature (rs, "river");
        int bridge = sand_ruleset_find_side_feature (rs, "bridge");
        int rail = sand_ruleset_find_side_feature (rs, "rail");
        int road = sand_ruleset_find_side_feature (rs, "road");
        int path[] = { 10, 11, 20, 29, 28, 19, 10 };
        int line[] = { 0, 1, 2, 3 };
        SandMarker *m;

        g_assert_cmpint (road, >=, 0);
        for (int h = 0; h < 63; h++)
          sand_map_set_terrain (map, h, (guint8) (h * 7 % sand_ruleset_n_terrains (rs)));
        sand_map_set_side (map, 30, 0, 1u << river);
        sand_map_set_side (map, 31, 2, (1u << river) | (1u << bridge));
        sand_map_set_side (map, 62, 3, 1u << river); /* on the map edge */
        g_assert_true (sand_map_connect_path (map, rail, path, G_N_ELEMENTS (path), TRUE, NULL));
        sand_map_connect_path (map, road, line, 4, TRUE, NULL);
        sand_map_set_place (map, 40, "Saint-Privat & <Gravelotte>");
        sand_map_set_country (map, 5, 0);
        m = sand_marker_new (SAND_MARKER_FORT, 40);
        m->side = 0;
        m->strength = 3;
        m->capacity = -1;
        m->name = g_strdup ("Metz");
        sand_map_add_marker (map, m);
        m = sand_marker_new (SAND_MARKER_OFFMAP_LINK, 0);
        m->hex2 = 8;
        m->value = 4;
        m->group = g_strdup ("rail");
        sand_map_add_marker (map, m);
        s = sand_scenario_new (map);
        back = round_trip (s, o == st, "layout.tmx");
        assert_same_map (map, sand_scenario_get_map (back));
      }
}

static void
write_text (const char *name,
            const char *text)
{
  g_autofree char *path = tmp_path (name);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
}

/* A tileset image for hand-made maps: four 32 × 28 tiles in a row. */
static void
write_tiles_png (void)
{
  g_autofree char *path = tmp_path ("hand.png");
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 128, 28);

  g_assert_cmpint (cairo_surface_write_to_png (s, path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (s);
}

#define HAND_HEAD \
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" \
  "<map version=\"1.8\" orientation=\"hexagonal\" width=\"3\" height=\"2\" tilewidth=\"32\" " \
  "tileheight=\"28\" hexsidelength=\"16\" staggeraxis=\"x\" staggerindex=\"even\" " \
  "infinite=\"0\">\n" \
  " <properties><property name=\"ruleset\" value=\"lfaf1914\"/></properties>\n" \
  " <tileset firstgid=\"1\" name=\"land\" tilewidth=\"32\" tileheight=\"28\" " \
  "tilecount=\"4\" columns=\"4\">\n" \
  "  <image source=\"hand.png\" width=\"128\" height=\"28\"/>\n" \
  "  <tile id=\"1\"><properties><property name=\"terrain\" value=\"forest\"/></properties>" \
  "</tile>\n" \
  "  <tile id=\"2\"><properties><property name=\"terrain\" value=\"village\"/></properties>" \
  "</tile>\n" \
  " </tileset>\n"

static SandScenario *
import_text (const char *text,
             GHashTable *mapping,
             GError    **error)
{
  g_autofree char *path = tmp_path ("hand.tmx");

  write_text ("hand.tmx", text);
  return sand_tmx_import_file (path, NULL, mapping, error);
}

static void
assert_hand_terrain (SandScenario *s)
{
  SandMap *map = sand_scenario_get_map (s);
  SandRuleset *rs = sand_map_get_ruleset (map);
  const SandGrid *g = sand_map_get_grid (map);

  g_assert_cmpstr (sand_ruleset_get_id (rs), ==, "lfaf1914");
  g_assert_cmpint (g->orientation, ==, SAND_ORIENTATION_FLAT);
  /* Tiled's staggerindex even (columns 0, 2 shifted) is our odd stagger. */
  g_assert_cmpint (g->stagger, ==, SAND_STAGGER_ODD);
  g_assert_cmpstr (sand_ruleset_get_terrain (rs, sand_map_get_terrain (map, 0))->id, ==,
                   "forest");
  g_assert_cmpstr (sand_ruleset_get_terrain (rs, sand_map_get_terrain (map, 1))->id, ==,
                   "village");
  g_assert_cmpstr (sand_ruleset_get_terrain (rs, sand_map_get_terrain (map, 5))->id, ==,
                   "forest");
}

static void
test_import_encodings (void)
{
  /* The same 3 × 2 layer (2 3 2 / 0 0 2, one tile flipped) four ways. */
  guint32 gids[6] = { 2, 3, 2 | 0x80000000u, 0, 0, 2 | 0x10000000u };
  guchar raw[24];
  guchar packed[128];
  uLongf plen = sizeof packed;
  g_autofree char *b64_raw = NULL, *b64_zlib = NULL, *b64_gzip = NULL;
  const char *layers[4];
  g_autofree char *l0 = NULL, *l1 = NULL, *l2 = NULL, *l3 = NULL;
  z_stream z = { 0 };

  for (int i = 0; i < 6; i++)
    {
      guint32 le = GUINT32_TO_LE (gids[i]);
      memcpy (raw + 4 * i, &le, 4);
    }
  b64_raw = g_base64_encode (raw, 24);
  g_assert_cmpint (compress (packed, &plen, raw, 24), ==, Z_OK);
  b64_zlib = g_base64_encode (packed, plen);
  g_assert_cmpint (deflateInit2 (&z, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), ==, Z_OK);
  z.next_in = raw;
  z.avail_in = 24;
  z.next_out = packed;
  z.avail_out = sizeof packed;
  g_assert_cmpint (deflate (&z, Z_FINISH), ==, Z_STREAM_END);
  b64_gzip = g_base64_encode (packed, sizeof packed - z.avail_out);
  deflateEnd (&z);

  l0 = g_strdup ("<data encoding=\"csv\">\n2,3,2147483650,\n0,0,268435458\n</data>");
  l1 = g_strdup_printf ("<data encoding=\"base64\">%s</data>", b64_raw);
  l2 = g_strdup_printf ("<data encoding=\"base64\" compression=\"zlib\">\n %s\n</data>",
                        b64_zlib);
  l3 = g_strdup_printf ("<data encoding=\"base64\" compression=\"gzip\">%s</data>", b64_gzip);
  layers[0] = l0, layers[1] = l1, layers[2] = l2, layers[3] = l3;
  write_tiles_png ();
  for (int i = 0; i < 4; i++)
    {
      g_autofree char *text = NULL;
      g_autoptr (GError) error = NULL;
      g_autoptr (SandScenario) s = NULL;

      /* Two layers: the lower one is all tile 1 (unmapped but hidden
       * everywhere except where the upper is empty). */
      text = g_strdup_printf (HAND_HEAD " <layer id=\"1\" name=\"under\" width=\"3\" "
                              "height=\"2\"><data encoding=\"csv\">1,1,1,2,2,2</data></layer>\n"
                              " <layer id=\"2\" name=\"top\" width=\"3\" height=\"2\">%s</layer>\n"
                              " <objectgroup id=\"3\">\n"
                              "  <object id=\"1\" name=\"Rossignol\" class=\"place\" x=\"16\" "
                              "y=\"28\"><point/></object>\n"
                              "  <object id=\"2\" name=\"road\" type=\"road\" x=\"16\" y=\"28\">"
                              "<polyline points=\"0,0 24,-14 48,0\"/></object>\n"
                              " </objectgroup>\n</map>\n", layers[i]);
      s = import_text (text, NULL, &error);
      g_assert_no_error (error);
      assert_hand_terrain (s);
      g_assert_cmpstr (sand_map_get_place (sand_scenario_get_map (s), 0), ==, "Rossignol");
      g_assert_true (sand_map_hex_has_connection (sand_scenario_get_map (s), 1,
                       sand_ruleset_find_side_feature (sand_scenario_get_ruleset (s), "road")));
      g_assert_true (sand_map_hex_has_connection (sand_scenario_get_map (s), 2,
                       sand_ruleset_find_side_feature (sand_scenario_get_ruleset (s), "road")));
    }
}

static void
test_import_mapping (void)
{
  g_autoptr (GHashTable) mapping = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (SandScenario) s = NULL;
  const char *text = HAND_HEAD " <layer id=\"1\" width=\"3\" height=\"2\">"
                     "<data encoding=\"csv\">1,2,3,4,4,1</data></layer>\n</map>\n";

  write_tiles_png ();
  s = import_text (text, NULL, &error);
  g_assert_error (error, SAND_INTEROP_ERROR, SAND_INTEROP_ERROR_UNMAPPED);
  g_assert_nonnull (strstr (error->message, "land #0"));
  g_assert_nonnull (strstr (error->message, "land #3"));
  g_clear_error (&error);
  g_hash_table_insert (mapping, GUINT_TO_POINTER (1), g_strdup ("clear"));
  g_hash_table_insert (mapping, GUINT_TO_POINTER (4), g_strdup ("village"));
  s = import_text (text, mapping, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (sand_ruleset_get_terrain (sand_scenario_get_ruleset (s),
                                             sand_map_get_terrain (sand_scenario_get_map (s),
                                                                   3))->id, ==, "village");
}

/* What cannot come in is refused, naming the file and the line. */
static void
test_import_refusals (void)
{
  static const struct {
    const char *text;
    int code;
    const char *says;
  } cases[] = {
    { "<?xml version=\"1.0\"?>\n<map orientation=\"orthogonal\" width=\"2\" height=\"2\" "
      "tilewidth=\"8\" tileheight=\"8\"/>\n", SAND_INTEROP_ERROR_UNSUPPORTED, ":2: the map's "
      "orientation is “orthogonal”" },
    { "<?xml version=\"1.0\"?>\n<map orientation=\"isometric\" width=\"2\" height=\"2\" "
      "tilewidth=\"8\" tileheight=\"8\"/>\n", SAND_INTEROP_ERROR_UNSUPPORTED, "isometric" },
    { "<?xml version=\"1.0\"?>\n\n<map orientation=\"hexagonal\" infinite=\"1\" width=\"2\" "
      "height=\"2\" tilewidth=\"8\" tileheight=\"8\"/>\n", SAND_INTEROP_ERROR_UNSUPPORTED,
      ":3: the map is infinite" },
    { HAND_HEAD " <layer id=\"1\" width=\"3\" height=\"2\">\n"
      "  <data encoding=\"base64\" compression=\"zstd\">KLUv/QBYAAA=</data></layer>\n</map>\n",
      SAND_INTEROP_ERROR_UNSUPPORTED, ":10: the layer data is zstd-compressed" },
    { HAND_HEAD " <layer id=\"1\" width=\"3\" height=\"2\">\n"
      "  <data encoding=\"csv\">1,2,3</data></layer>\n</map>\n",
      SAND_INTEROP_ERROR_INVALID, ":10: the layer data has 3 tiles; the map needs 6" },
  };
  g_autofree char *missing = g_strdup (HAND_HEAD "</map>\n");
  char *at = strstr (missing, "hand.png");

  write_tiles_png ();
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (SandScenario) s = import_text (cases[i].text, NULL, &error);

      g_assert_null (s);
      g_assert_error (error, SAND_INTEROP_ERROR, cases[i].code);
      g_assert_true (g_str_has_prefix (error->message, tmpdir));
      g_assert_nonnull (strstr (error->message, cases[i].says));
    }
  /* A missing tileset image. */
  memcpy (at, "gone.png", 8);
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (SandScenario) s = import_text (missing, NULL, &error);
    g_assert_error (error, SAND_INTEROP_ERROR, SAND_INTEROP_ERROR_MISSING);
    g_assert_nonnull (strstr (error->message, "hand.tmx:5: the tileset image “gone.png” is "
                                              "missing"));
  }
  /* The safe reader's rules: no DOCTYPE, so no entities. */
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (SandScenario) s = import_text (
      "<?xml version=\"1.0\"?>\n<!DOCTYPE map [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>\n"
      "<map>&e;</map>\n", NULL, &error);
    g_assert_null (s);
    g_assert_error (error, SAND_XML_ERROR, SAND_XML_ERROR_DOCTYPE);
    g_assert_nonnull (strstr (error->message, "hand.tmx:2"));
  }
}

/* Tiled draws the exported map as Sandtable draws its terrain layer. */
static void
test_tmxrasterizer (void)
{
  g_autofree char *program = g_find_program_in_path ("tmxrasterizer");
  g_autoptr (SandScenario) s = NULL;
  g_autofree char *tmx = tmp_path ("raster.tmx");
  g_autofree char *png = tmp_path ("raster.png");
  g_autoptr (GError) error = NULL;
  const char *dump = g_getenv ("SAND_INTEROP_DUMP");
  cairo_surface_t *tiled, *ours;
  SandPixelGrid pg;
  int status, w, h, mismatched = 0, hexes_off = 0;
  double total = 0;

  if (program == NULL)
    {
      g_test_skip ("tmxrasterizer (Debian package tiled) is not installed");
      return;
    }
  s = load_shipped ("demo.xml");
  g_assert_true (sand_tmx_export (s, tmx, NULL, &error));
  {
    const char *argv[] = { program, "--hide-layer", "hexsides", "--hide-layer",
                           "roads and rails", "--hide-layer", "places", "--hide-layer",
                           "markers", "--hide-layer", "counters", tmx, png, NULL };
    g_autofree char *env_qpa = g_strdup ("QT_QPA_PLATFORM=offscreen");
    g_auto (GStrv) envp = g_environ_setenv (g_get_environ (), "QT_QPA_PLATFORM", "offscreen",
                                            TRUE);
    g_assert_true (g_spawn_sync (NULL, (char **) argv, envp, G_SPAWN_STDERR_TO_DEV_NULL, NULL,
                                 NULL, NULL, NULL, &status, &error));
    g_assert_no_error (error);
    g_assert_true (g_spawn_check_wait_status (status, NULL));
  }
  tiled = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (tiled), ==, CAIRO_STATUS_SUCCESS);
  sand_pixel_grid_init (&pg, sand_scenario_get_map (s), 32);
  ours = sand_interop_render_map (s, &pg, SAND_LAYER_TERRAIN, -1, &error);
  g_assert_no_error (error);
  w = cairo_image_surface_get_width (tiled);
  h = cairo_image_surface_get_height (tiled);
  g_assert_cmpint (w, ==, pg.width);
  g_assert_cmpint (h, ==, pg.height);
  if (dump != NULL)
    {
      g_autofree char *a = g_build_filename (dump, "tmxrasterizer.png", NULL);
      g_autofree char *b = g_build_filename (dump, "sandtable-terrain.png", NULL);
      cairo_surface_write_to_png (tiled, a);
      cairo_surface_write_to_png (ours, b);
    }
  cairo_surface_flush (tiled);
  cairo_surface_flush (ours);
  {
    const guint8 *ta = cairo_image_surface_get_data (tiled);
    const guint8 *tb = cairo_image_surface_get_data (ours);
    int sa = cairo_image_surface_get_stride (tiled), sb = cairo_image_surface_get_stride (ours);
    SandMap *map = sand_scenario_get_map (s);

    for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++)
        {
          int d = 0;
          for (int c = 0; c < 4; c++)
            d = MAX (d, abs (ta[y * sa + 4 * x + c] - tb[y * sb + 4 * x + c]));
          total += d;
          mismatched += d > 48;
        }
    /* Every hex centre exactly the colour Sandtable gives it. */
    for (int hex = 0; hex < sand_grid_n_hexes (sand_map_get_grid (map)); hex++)
      {
        double cx, cy;
        int x, y, d = 0;

        sand_pixel_grid_center (&pg, map, hex, &cx, &cy);
        x = (int) cx, y = (int) cy;
        for (int c = 0; c < 4; c++)
          d = MAX (d, abs (ta[y * sa + 4 * x + c] - tb[y * sb + 4 * x + c]));
        hexes_off += d > 8;
      }
  }
  g_test_message ("tmxrasterizer vs Sandtable: mean difference %.2f/255, %d of %d pixels "
                  "differ by more than 48, %d hex centres off", total / (w * h), mismatched,
                  w * h, hexes_off);
  /* Only the hexes' anti-aliased edges may differ, where Tiled's tiles
   * overlap by a pixel. */
  g_assert_cmpfloat (total / (w * h), <, 3.0);
  g_assert_cmpfloat (mismatched, <, 0.03 * w * h);
  g_assert_cmpint (hexes_off, ==, 0);
  cairo_surface_destroy (tiled);
  cairo_surface_destroy (ours);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("sandtable-tmx-XXXXXX", NULL);
  g_test_add_func ("/interop/tmx/round-trip-shipped", test_round_trip_shipped);
  g_test_add_func ("/interop/tmx/round-trip-layouts", test_round_trip_layouts);
  g_test_add_func ("/interop/tmx/import-encodings", test_import_encodings);
  g_test_add_func ("/interop/tmx/import-mapping", test_import_mapping);
  g_test_add_func ("/interop/tmx/import-refusals", test_import_refusals);
  g_test_add_func ("/interop/tmx/tmxrasterizer", test_tmxrasterizer);
  status = g_test_run ();
  {
    g_autoptr (GDir) dir = g_dir_open (tmpdir, 0, NULL);
    const char *name;
    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *p = g_build_filename (tmpdir, name, NULL);
        g_unlink (p);
      }
    g_rmdir (tmpdir);
  }
  return status;
}
