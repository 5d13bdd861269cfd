/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-tmx-write.c: a scenario's map as a Tiled 1.8 TMX file.
 *
 * One tile per terrain, drawn by the renderer into a tileset image beside
 * the TMX; the terrain layer as base64 zlib (or CSV) data; hexsides, roads
 * and rails, place names, markers and set-up counters as objects whose
 * properties say exactly what they are, so that import (export (map)) gives
 * the map back; scenario data as map properties (docs/interop.md). */
#include "config.h"

#include <math.h>
#include <string.h>
#include <zlib.h>

#include <glib/gi18n-lib.h>

#include "sand-interop-private.h"
#include "sand-tmx-private.h"

typedef struct {
  GString *out;
  SandScenario *scenario;
  SandMap *map;
  SandRuleset *ruleset;
  const SandGrid *grid;
  SandPixelGrid pg;
  int next_object;
} Writer;

static void
prop (GString    *out,
      const char *indent,
      const char *name,
      const char *value)
{
  g_string_append_printf (out, "%s<property name=\"", indent);
  sand_interop_append_escaped (out, name);
  g_string_append (out, "\" value=\"");
  sand_interop_append_escaped (out, value);
  g_string_append (out, "\"/>\n");
}

static void
prop_int (GString    *out,
          const char *indent,
          const char *name,
          int         value)
{
  char buf[32];

  g_snprintf (buf, sizeof buf, "%d", value);
  g_string_append_printf (out, "%s<property name=\"%s\" type=\"int\" value=\"%s\"/>\n", indent,
                          name, buf);
}

static void
to_pixels (Writer   *w,
           SandPoint p,
           double   *x,
           double   *y)
{
  *x = p.x * w->pg.sx + w->pg.tx;
  *y = p.y * w->pg.sy + w->pg.ty;
}

/* Opens an <object> at a point; the caller adds properties and closes it. */
static void
object_open (Writer     *w,
             const char *type,
             const char *name,
             double      x,
             double      y)
{
  g_string_append_printf (w->out, "  <object id=\"%d\" name=\"", w->next_object++);
  sand_interop_append_escaped (w->out, name);
  g_string_append_printf (w->out, "\" type=\"%s\" x=\"%.2f\" y=\"%.2f\">\n", type, x, y);
  g_string_append (w->out, "   <properties>\n");
}

static void
object_close (Writer  *w,
              gboolean point)
{
  g_string_append (w->out, "   </properties>\n");
  if (point)
    g_string_append (w->out, "   <point/>\n");
}

static void
hex_prop (Writer     *w,
          const char *name,
          int         hex)
{
  char id[SAND_HEX_ID_MAX];

  sand_grid_format_id (w->grid, hex, id);
  prop (w->out, "    ", name, id);
}

static void
write_map_properties (Writer *w)
{
  SandScenario *s = w->scenario;
  g_auto (GStrv) options = sand_scenario_list_options (s);
  g_autofree char *joined = g_strjoinv (",", options);
  g_autofree char *countries = sand_tmx_countries_to_string (w->map);
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append (w->out, " <properties>\n");
  prop (w->out, "  ", "ruleset", sand_ruleset_get_id (w->ruleset));
  if (sand_scenario_get_title (s) != NULL)
    prop (w->out, "  ", "title", sand_scenario_get_title (s));
  if (sand_scenario_get_description (s) != NULL)
    prop (w->out, "  ", "description", sand_scenario_get_description (s));
  prop_int (w->out, "  ", "turns", sand_scenario_get_turns (s));
  prop (w->out, "  ", "first-side",
        sand_interop_side_id (w->ruleset, sand_scenario_get_first_side (s)));
  if (*joined != '\0')
    prop (w->out, "  ", "options", joined);
  prop (w->out, "  ", "hex-size",
        g_ascii_dtostr (buf, sizeof buf, sand_map_get_hex_size (w->map)));
  if (countries != NULL)
    prop (w->out, "  ", "countries", countries);
  for (guint i = 0; i < sand_map_n_zones (w->map); i++)
    {
      const SandZoneDef *z = sand_map_get_zone (w->map, i);
      g_autofree char *key = g_strconcat ("zone:", z->id, NULL);
      g_autofree char *value = g_strdup_printf ("%s;%s;%s",
                                                sand_interop_side_id (w->ruleset, z->side),
                                                z->color != NULL ? z->color : "",
                                                z->name != NULL ? z->name : "");
      prop (w->out, "  ", key, value);
    }
  g_string_append (w->out, " </properties>\n");
}

static gboolean
write_layer_data (Writer  *w,
                  gboolean csv,
                  GError **error)
{
  int n = sand_grid_n_hexes (w->grid);
  const guint8 *terrain = sand_map_peek_terrain (w->map);

  g_string_append_printf (w->out, " <layer id=\"1\" name=\"terrain\" width=\"%d\" height=\"%d\">\n",
                          w->grid->cols, w->grid->rows);
  if (csv)
    {
      g_string_append (w->out, "  <data encoding=\"csv\">\n");
      for (int row = 0; row < w->grid->rows; row++)
        {
          for (int col = 0; col < w->grid->cols; col++)
            g_string_append_printf (w->out, "%u%s", terrain[row * w->grid->cols + col] + 1u,
                                    row == w->grid->rows - 1 && col == w->grid->cols - 1
                                      ? "" : ",");
          g_string_append_c (w->out, '\n');
        }
    }
  else
    {
      g_autofree guint8 *raw = g_malloc ((gsize) n * 4);
      uLongf zlen = compressBound ((uLong) n * 4);
      g_autofree guint8 *packed = g_malloc (zlen);
      g_autofree char *b64 = NULL;

      for (int i = 0; i < n; i++)
        {
          guint32 gid = GUINT32_TO_LE (terrain[i] + 1u);
          memcpy (raw + (gsize) i * 4, &gid, 4);
        }
      if (compress2 (packed, &zlen, raw, (uLong) n * 4, Z_BEST_COMPRESSION) != Z_OK)
        {
          g_set_error (error, SAND_INTEROP_ERROR, SAND_INTEROP_ERROR_WRITE,
                       _("cannot compress the terrain layer"));
          return FALSE;
        }
      b64 = g_base64_encode (packed, zlen);
      g_string_append_printf (w->out, "  <data encoding=\"base64\" compression=\"zlib\">\n   %s\n",
                              b64);
    }
  g_string_append (w->out, "  </data>\n </layer>\n");
  return TRUE;
}

static void
write_sides (Writer *w)
{
  int n_slots = sand_grid_n_side_slots (w->grid);
  const guint32 *sides = sand_map_peek_sides (w->map);
  double size = sand_map_get_hex_size (w->map);
  guint32 along = 0;

  for (guint f = 0; f < sand_ruleset_n_side_features (w->ruleset); f++)
    if (sand_ruleset_get_side_feature (w->ruleset, f)->kind == SAND_SIDE_FEATURE)
      along |= 1u << f;

  g_string_append (w->out, " <objectgroup id=\"2\" name=\"hexsides\">\n");
  for (int slot = 0; slot < n_slots; slot++)
    {
      guint32 bits = sides[slot] & along;
      int hex, dir;
      g_autoptr (GString) names = NULL;
      SandPoint c, a, b;
      double x, y;

      if (bits == 0)
        continue;
      sand_grid_side_canonical (w->grid, slot, &hex, &dir);
      if (slot != sand_grid_side_slot (w->grid, hex, dir))
        continue; /* the other name of a side written already */
      names = g_string_new (NULL);
      for (guint f = 0; f < sand_ruleset_n_side_features (w->ruleset); f++)
        if (bits & (1u << f))
          g_string_append_printf (names, "%s%s", names->len > 0 ? "," : "",
                                  sand_ruleset_get_side_feature (w->ruleset, f)->id);
      c = sand_grid_hex_center (w->grid, size, hex);
      a = sand_grid_corner (w->grid, size, c, dir);
      b = sand_grid_corner (w->grid, size, c, (dir + 1) % 6);
      to_pixels (w, (SandPoint) { (a.x + b.x) / 2, (a.y + b.y) / 2 }, &x, &y);
      object_open (w, "hexside", names->str, x, y);
      hex_prop (w, "hex", hex);
      prop (w->out, "    ", "dir", sand_grid_direction_name (w->grid, dir));
      prop (w->out, "    ", "features", names->str);
      object_close (w, TRUE);
      g_string_append (w->out, "  </object>\n");
    }
  g_string_append (w->out, " </objectgroup>\n");
}

/* Roads and rails as polylines through hex centres: each path is walked
 * greedily from an end, so a straight line of 20 hexes is one object. */
static void
write_connection (Writer *w,
                  guint   feature)
{
  const char *id = sand_ruleset_get_side_feature (w->ruleset, feature)->id;
  int n = sand_grid_n_hexes (w->grid);
  g_autofree guint8 *used = g_malloc0 ((gsize) n * 6);
  double size = sand_map_get_hex_size (w->map);

  for (int pass = 0; pass < 2; pass++)
    for (int start = 0; start < n; start++)
      {
        int degree = 0;
        g_autoptr (GArray) path = NULL;
        g_autoptr (GString) hexes = NULL;
        g_autoptr (GString) points = NULL;
        double x0, y0;
        int hex = start;

        for (int d = 0; d < 6; d++)
          if (!used[start * 6 + d] && sand_map_side_has (w->map, start, d, (int) feature)
              && sand_grid_neighbour (w->grid, start, d) != SAND_HEX_NONE)
            degree++;
        /* First pass starts at path ends (degree 1), the second anywhere
         * (closed loops, junctions). */
        if (degree == 0 || (pass == 0 && degree != 1))
          continue;
        path = g_array_new (FALSE, FALSE, sizeof (int));
        g_array_append_val (path, hex);
        for (;;)
          {
            int next = SAND_HEX_NONE;
            for (int d = 0; d < 6 && next == SAND_HEX_NONE; d++)
              {
                int nb = sand_grid_neighbour (w->grid, hex, d);
                if (nb == SAND_HEX_NONE || used[hex * 6 + d]
                    || !sand_map_side_has (w->map, hex, d, (int) feature))
                  continue;
                used[hex * 6 + d] = 1;
                used[nb * 6 + SAND_DIR_OPPOSITE (d)] = 1;
                next = nb;
              }
            if (next == SAND_HEX_NONE)
              break;
            g_array_append_val (path, next);
            hex = next;
          }
        hexes = g_string_new (NULL);
        points = g_string_new (NULL);
        to_pixels (w, sand_grid_hex_center (w->grid, size, start), &x0, &y0);
        for (guint i = 0; i < path->len; i++)
          {
            int h = g_array_index (path, int, i);
            char hid[SAND_HEX_ID_MAX];
            double x, y;

            sand_grid_format_id (w->grid, h, hid);
            g_string_append_printf (hexes, "%s%s", i > 0 ? " " : "", hid);
            to_pixels (w, sand_grid_hex_center (w->grid, size, h), &x, &y);
            g_string_append_printf (points, "%s%.2f,%.2f", i > 0 ? " " : "", x - x0, y - y0);
          }
        object_open (w, id, id, x0, y0);
        prop (w->out, "    ", "hexes", hexes->str);
        object_close (w, FALSE);
        g_string_append_printf (w->out, "   <polyline points=\"%s\"/>\n  </object>\n",
                                points->str);
      }
}

static void
write_places (Writer *w)
{
  double size = sand_map_get_hex_size (w->map);

  g_string_append (w->out, " <objectgroup id=\"4\" name=\"places\">\n");
  for (int hex = 0; hex < sand_grid_n_hexes (w->grid); hex++)
    {
      const char *name = sand_map_get_place (w->map, hex);
      double x, y;

      if (name == NULL)
        continue;
      to_pixels (w, sand_grid_hex_center (w->grid, size, hex), &x, &y);
      object_open (w, "place", name, x, y);
      hex_prop (w, "hex", hex);
      object_close (w, TRUE);
      g_string_append (w->out, "  </object>\n");
    }
  g_string_append (w->out, " </objectgroup>\n");
}

static void
write_markers (Writer *w)
{
  double size = sand_map_get_hex_size (w->map);

  g_string_append (w->out, " <objectgroup id=\"5\" name=\"markers\">\n");
  for (guint i = 0; i < sand_map_n_markers (w->map); i++)
    {
      const SandMarker *m = sand_map_get_marker (w->map, i);
      const char *kind = sand_marker_kind_to_string (m->kind);
      double x, y;

      to_pixels (w, sand_grid_hex_center (w->grid, size, m->hex), &x, &y);
      object_open (w, "marker", m->kind == SAND_MARKER_CUSTOM && m->name ? m->name : kind, x, y);
      prop (w->out, "    ", "kind", kind);
      hex_prop (w, "hex", m->hex);
      if (m->hex2 != SAND_HEX_NONE)
        hex_prop (w, "hex2", m->hex2);
      if (m->side >= 0)
        prop (w->out, "    ", "side", sand_interop_side_id (w->ruleset, m->side));
      prop_int (w->out, "    ", "strength", m->strength);
      prop_int (w->out, "    ", "capacity", m->capacity);
      prop_int (w->out, "    ", "value", m->value);
      if (m->name != NULL)
        prop (w->out, "    ", "name", m->name);
      if (m->group != NULL)
        prop (w->out, "    ", "group", m->group);
      object_close (w, TRUE);
      g_string_append (w->out, "  </object>\n");
    }
  g_string_append (w->out, " </objectgroup>\n");
}

static char *
tileset_name_for (const char *path)
{
  g_autofree char *base = g_path_get_basename (path);
  char *dot = strrchr (base, '.');

  if (dot != NULL)
    *dot = '\0';
  return g_strconcat (base, "-tiles.png", NULL);
}

gboolean
sand_tmx_export (SandScenario              *scenario,
                 const char                *path,
                 const SandTmxWriteOptions *options,
                 GError                   **error)
{
  Writer w = { 0 };
  g_autoptr (GString) out = g_string_new (NULL);
  g_autofree char *tiles_name = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *tiles_path = NULL;
  guint n_terrains, columns, rows;
  int tw, th, side_len;
  cairo_surface_t *sheet;
  cairo_t *cr;
  g_autoptr (GBytes) png = NULL;
  g_autoptr (GBytes) xml = NULL;
  g_autoptr (GString) head = NULL;

  g_return_val_if_fail (SAND_IS_SCENARIO (scenario), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  w.out = out;
  w.scenario = scenario;
  w.map = sand_scenario_get_map (scenario);
  w.ruleset = sand_map_get_ruleset (w.map);
  w.grid = sand_map_get_grid (w.map);
  w.next_object = 1;
  sand_pixel_grid_init (&w.pg, w.map, options != NULL ? options->radius_px : 0);
  if (w.grid->orientation == SAND_ORIENTATION_FLAT)
    tw = 2 * w.pg.radius, th = w.pg.across;
  else
    tw = w.pg.across, th = 2 * w.pg.radius;
  side_len = w.pg.radius;

  /* The tileset: one renderer-drawn hex per terrain. */
  n_terrains = sand_ruleset_n_terrains (w.ruleset);
  columns = MIN (n_terrains, 8u);
  rows = (n_terrains + columns - 1) / columns;
  sheet = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) columns * tw, (int) rows * th);
  cr = cairo_create (sheet);
  for (guint t = 0; t < n_terrains; t++)
    {
      cairo_surface_t *tile = sand_interop_render_terrain_tile (scenario, &w.pg, t, tw, th);
      cairo_set_source_surface (cr, tile, (t % columns) * tw, (t / columns) * th);
      cairo_paint (cr);
      cairo_surface_destroy (tile);
    }
  cairo_destroy (cr);
  png = sand_interop_png_bytes (sheet, error);
  cairo_surface_destroy (sheet);
  if (png == NULL)
    return FALSE;
  tiles_name = tileset_name_for (path);
  dir = g_path_get_dirname (path);
  tiles_path = g_build_filename (dir, tiles_name, NULL);

  write_map_properties (&w);
  g_string_append_printf (out, " <tileset firstgid=\"1\" name=\"terrain\" tilewidth=\"%d\" "
                          "tileheight=\"%d\" tilecount=\"%u\" columns=\"%u\">\n",
                          tw, th, n_terrains, columns);
  g_string_append (out, "  <image source=\"");
  sand_interop_append_escaped (out, tiles_name);
  g_string_append_printf (out, "\" width=\"%u\" height=\"%u\"/>\n", columns * tw, rows * th);
  for (guint t = 0; t < n_terrains; t++)
    {
      const SandTerrainDef *def = sand_ruleset_get_terrain (w.ruleset, t);
      g_string_append_printf (out, "  <tile id=\"%u\">\n   <properties>\n", t);
      prop (out, "    ", "terrain", def->id);
      g_string_append (out, "   </properties>\n  </tile>\n");
    }
  g_string_append (out, " </tileset>\n");
  if (!write_layer_data (&w, options != NULL && options->csv, error))
    return FALSE;
  write_sides (&w);
  g_string_append (out, " <objectgroup id=\"3\" name=\"roads and rails\">\n");
  for (guint f = 0; f < sand_ruleset_n_side_features (w.ruleset); f++)
    if (sand_ruleset_get_side_feature (w.ruleset, f)->kind == SAND_SIDE_CONNECTION)
      write_connection (&w, f);
  g_string_append (out, " </objectgroup>\n");
  write_places (&w);
  write_markers (&w);
  sand_tmx_write_counters (scenario, &w.pg, out, &w.next_object);
  g_string_append (out, "</map>\n");

  /* The header names the next free object id, known only now. */
  head = g_string_new (NULL);
  g_string_append (head, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  g_string_append_printf (head,
                          "<map version=\"1.8\" tiledversion=\"1.8.2\" orientation=\"hexagonal\" "
                          "renderorder=\"right-down\" width=\"%d\" height=\"%d\" "
                          "tilewidth=\"%d\" tileheight=\"%d\" infinite=\"0\" "
                          "hexsidelength=\"%d\" staggeraxis=\"%s\" staggerindex=\"%s\" "
                          "nextlayerid=\"7\" nextobjectid=\"%d\">\n",
                          w.grid->cols, w.grid->rows, tw, th, side_len,
                          w.grid->orientation == SAND_ORIENTATION_FLAT ? "x" : "y",
                          /* Tiled counts its staggered lines from 0 */
                          w.grid->stagger == SAND_STAGGER_EVEN ? "odd" : "even",
                          w.next_object);
  g_string_prepend (out, head->str);

  xml = g_string_free_to_bytes (g_steal_pointer (&out));
  if (!sand_interop_write_file (tiles_path, png, error))
    return FALSE;
  return sand_interop_write_file (path, xml, error);
}
