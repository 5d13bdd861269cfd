/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-interop-render.c: the renderer's drawings on the exporters' pixel
 * grid, as image surfaces and PNG bytes. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-interop-private.h"

/* cairo's image surfaces stop at 32767 px a side; refuse well before the
 * memory runs out (VASSAL itself fails on boards much past 20k px). */
#define MAX_SIDE 32000
#define MAX_PIXELS (400.0 * 1000 * 1000)

cairo_surface_t *
sand_interop_render_map (SandScenario        *scenario,
                         const SandPixelGrid *pg,
                         SandLayers           layers,
                         int                  paper,
                         GError             **error)
{
  g_autoptr (SandRenderer) renderer = NULL;
  SandMap *map = sand_scenario_get_map (scenario);
  cairo_surface_t *surface;
  cairo_t *cr;
  double w, h;

  if (pg->width > MAX_SIDE || pg->height > MAX_SIDE
      || (double) pg->width * pg->height > MAX_PIXELS)
    {
      g_set_error (error, SAND_INTEROP_ERROR, SAND_INTEROP_ERROR_WRITE,
                   _("the map would be a %d × %d image, too large; use smaller hexes"),
                   pg->width, pg->height);
      return NULL;
    }
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pg->width, pg->height);
  cr = cairo_create (surface);
  if (paper >= 0)
    {
      cairo_set_source_rgb (cr, ((paper >> 16) & 0xff) / 255.0, ((paper >> 8) & 0xff) / 255.0,
                            (paper & 0xff) / 255.0);
      cairo_paint (cr);
    }
  cairo_translate (cr, pg->tx, pg->ty);
  cairo_scale (cr, pg->sx, pg->sy);
  sand_grid_pixel_size (sand_map_get_grid (map), sand_map_get_hex_size (map), &w, &h);
  renderer = sand_renderer_new (scenario);
  sand_renderer_draw (renderer, cr, MIN (pg->sx, pg->sy), 0, 0, w, h, layers);
  cairo_destroy (cr);
  return surface;
}

cairo_surface_t *
sand_interop_render_terrain_tile (SandScenario        *scenario,
                                  const SandPixelGrid *pg,
                                  guint                terrain,
                                  int                  width,
                                  int                  height)
{
  SandMap *map = sand_scenario_get_map (scenario);
  const SandGrid *grid = sand_map_get_grid (map);
  g_autoptr (SandMap) one = NULL;
  g_autoptr (SandScenario) tile = NULL;
  g_autoptr (SandRenderer) renderer = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  double size = sand_map_get_hex_size (map);
  SandPoint c;

  one = sand_map_new (sand_map_get_ruleset (map), 1, 1, grid->orientation, grid->stagger);
  sand_map_set_hex_size (one, size);
  sand_map_set_terrain (one, 0, terrain);
  tile = sand_scenario_new (one);
  renderer = sand_renderer_new (tile);
  c = sand_grid_hex_center (sand_map_get_grid (one), size, 0);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (surface);
  cairo_translate (cr, width / 2.0, height / 2.0);
  cairo_scale (cr, pg->sx, pg->sy);
  cairo_translate (cr, -c.x, -c.y);
  sand_renderer_draw (renderer, cr, MIN (pg->sx, pg->sy), c.x - 2 * size, c.y - 2 * size,
                      c.x + 2 * size, c.y + 2 * size, SAND_LAYER_TERRAIN);
  cairo_destroy (cr);
  return surface;
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

GBytes *
sand_interop_png_bytes (cairo_surface_t *surface,
                        GError         **error)
{
  g_autoptr (GByteArray) png = g_byte_array_new ();
  cairo_status_t status;

  status = cairo_surface_write_to_png_stream (surface, append_bytes, png);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, SAND_INTEROP_ERROR, SAND_INTEROP_ERROR_WRITE, "%s",
                   cairo_status_to_string (status));
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&png));
}

gboolean
sand_interop_write_file (const char *path,
                         GBytes     *bytes,
                         GError    **error)
{
  gsize len;
  const char *data = g_bytes_get_data (bytes, &len);

  return g_file_set_contents (path, data, len, error);
}

void
sand_interop_append_escaped (GString    *out,
                             const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text != NULL ? text : "", -1);

  g_string_append (out, escaped);
}

const char *
sand_interop_side_id (SandRuleset *ruleset,
                      int          side)
{
  if (side < 0 || (guint) side >= sand_ruleset_n_sides (ruleset))
    return "";
  return sand_ruleset_get_side (ruleset, side)->id;
}
