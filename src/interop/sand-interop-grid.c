/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-interop-grid.c: the whole-pixel hex grid shared by the Tiled and
 * VASSAL exporters, and the error domain. */
#include "config.h"

#include <math.h>

#include "sand-interop.h"

#define SQRT3 1.7320508075688772

G_DEFINE_QUARK (sand-interop-error-quark, sand_interop_error)

static int
round_even (double v)
{
  int i = 2 * (int) lround (v / 2.0);

  return MAX (i, 4);
}

void
sand_pixel_grid_init (SandPixelGrid *pg,
                      SandMap       *map,
                      double         radius_px)
{
  const SandGrid *grid;
  double size;

  g_return_if_fail (pg != NULL);
  g_return_if_fail (SAND_IS_MAP (map));

  grid = sand_map_get_grid (map);
  size = sand_map_get_hex_size (map);
  /* Tiled steps staggered lines by sideoffset + sidelength with integer
   * halves, and VASSAL's numbering truncates dy / 2: an even radius and an
   * even width across keep every centre on a whole pixel. */
  pg->radius = round_even (radius_px > 0 ? radius_px : 32);
  pg->across = round_even (SQRT3 * pg->radius);
  pg->col_step = pg->radius * 3 / 2;
  pg->tx = pg->ty = 0;
  if (grid->orientation == SAND_ORIENTATION_FLAT)
    {
      pg->sx = pg->radius / size;
      pg->sy = pg->across / (SQRT3 * size);
      pg->width = pg->col_step * grid->cols + pg->radius / 2;
      pg->height = pg->across * grid->rows + pg->across / 2;
    }
  else
    {
      pg->sx = pg->across / (SQRT3 * size);
      pg->sy = pg->radius / size;
      pg->width = pg->across * grid->cols + pg->across / 2;
      pg->height = pg->col_step * grid->rows + pg->radius / 2;
    }
}

void
sand_pixel_grid_center (const SandPixelGrid *pg,
                        SandMap             *map,
                        int                  hex,
                        double              *x,
                        double              *y)
{
  SandPoint p;

  g_return_if_fail (pg != NULL && SAND_IS_MAP (map));

  p = sand_grid_hex_center (sand_map_get_grid (map), sand_map_get_hex_size (map), hex);
  *x = p.x * pg->sx + pg->tx;
  *y = p.y * pg->sy + pg->ty;
}
