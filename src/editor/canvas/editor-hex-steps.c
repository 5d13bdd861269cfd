/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "editor-hex-steps.h"

/* Candidates further than this from a key's direction are no neighbour on
 * that side (Up at the top row goes nowhere rather than sideways). */
#define MAX_ANGLE_DEG 31.0

/* The screen direction a key points to, in degrees clockwise from east
 * (y grows downwards); FALSE when the key is no direction. */
static gboolean
key_angle (guint     keyval,
           double   *angle,
           gboolean *horizontal)
{
  static const struct {
    guint key, kp, kp_num;
    double angle;
  } keys[] = {
    { GDK_KEY_Right, GDK_KEY_KP_Right, GDK_KEY_KP_6, 0 },
    { GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down, GDK_KEY_KP_3, 45 },
    { GDK_KEY_Down, GDK_KEY_KP_Down, GDK_KEY_KP_2, 90 },
    { GDK_KEY_End, GDK_KEY_KP_End, GDK_KEY_KP_1, 135 },
    { GDK_KEY_Left, GDK_KEY_KP_Left, GDK_KEY_KP_4, 180 },
    { GDK_KEY_Home, GDK_KEY_KP_Home, GDK_KEY_KP_7, -135 },
    { GDK_KEY_Up, GDK_KEY_KP_Up, GDK_KEY_KP_8, -90 },
    { GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up, GDK_KEY_KP_9, -45 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (keyval == keys[i].key || keyval == keys[i].kp || keyval == keys[i].kp_num)
      {
        *angle = keys[i].angle;
        *horizontal = keys[i].angle == 0 || keys[i].angle == 180;
        return TRUE;
      }
  return FALSE;
}

/* The direction a key moves the cursor from @hex, or -1. Neighbours are
 * placed by their centres (off the map too, so that which of two is "the
 * same row" does not depend on the edge). */
static int
direction_for_key (const SandGrid *grid,
                   int             hex,
                   double          target,
                   gboolean        horizontal,
                   gboolean        other)
{
  SandAxial a = sand_grid_hex_to_axial (grid, hex);
  int col = sand_grid_col (grid, hex), row = sand_grid_row (grid, hex);
  SandPoint c = sand_grid_offset_center (grid, 1.0, col, row);
  int best[2] = { -1, -1 };
  double best_diff = MAX_ANGLE_DEG;

  for (int dir = 0; dir < SAND_N_DIRS; dir++)
    {
      SandAxial d = sand_axial_direction (grid, dir);
      SandAxial n = { a.q + d.q, a.r + d.r };
      int ncol, nrow;
      SandPoint p;
      double diff;

      sand_grid_axial_to_offset (grid, n, &ncol, &nrow);
      p = sand_grid_offset_center (grid, 1.0, ncol, nrow);
      diff = fabs (remainder (atan2 (p.y - c.y, p.x - c.x) * 180 / G_PI - target, 360));
      if (diff < best_diff - 1e-6)
        {
          best_diff = diff;
          best[0] = dir;
          best[1] = -1;
        }
      else if (diff < best_diff + 1e-6)
        best[1] = dir;
    }
  if (best[0] < 0)
    return -1;
  if (best[1] >= 0)
    {
      /* Two equally near: the one on the same row (column) first. */
      SandAxial d = sand_axial_direction (grid, best[0]);
      SandAxial n = { a.q + d.q, a.r + d.r };
      int ncol, nrow;
      gboolean first_in_line;

      sand_grid_axial_to_offset (grid, n, &ncol, &nrow);
      first_in_line = horizontal ? nrow == row : ncol == col;
      if (first_in_line == other)
        {
          int t = best[0];

          best[0] = best[1];
          best[1] = t;
        }
      /* At the map's edge, the one still on it. */
      if (sand_grid_neighbour (grid, hex, best[0]) == SAND_HEX_NONE)
        return best[1];
    }
  return best[0];
}

int
editor_hex_step_direction (const SandGrid *grid,
                           int             hex,
                           guint           keyval,
                           gboolean        other)
{
  double angle;
  gboolean horizontal;

  g_return_val_if_fail (grid != NULL, -2);

  if (!key_angle (keyval, &angle, &horizontal))
    return -2;
  if (hex < 0 || hex >= sand_grid_n_hexes (grid))
    return -1;
  return direction_for_key (grid, hex, angle, horizontal, other);
}
