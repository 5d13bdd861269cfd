/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "sand-hex.h"

#include <math.h>
#include <string.h>

#define SQRT3 1.7320508075688772

static const char *const flat_dir_names[SAND_N_DIRS] = { "n", "ne", "se", "s", "sw", "nw" };
static const char *const pointy_dir_names[SAND_N_DIRS] = { "ne", "e", "se", "sw", "w", "nw" };

/* Both lists are the same six axial vectors in clockwise order, rotated so
 * that direction 0 is the first side clockwise from the top. */
static const SandAxial flat_dirs[SAND_N_DIRS] = {
  { 0, -1 }, { 1, -1 }, { 1, 0 }, { 0, 1 }, { -1, 1 }, { -1, 0 },
};
static const SandAxial pointy_dirs[SAND_N_DIRS] = {
  { 1, -1 }, { 1, 0 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { 0, -1 },
};

void
sand_grid_init (SandGrid        *grid,
                int              cols,
                int              rows,
                SandOrientation  orientation,
                SandStagger      stagger)
{
  g_assert (grid != NULL);
  grid->cols = cols;
  grid->rows = rows;
  grid->orientation = orientation;
  grid->stagger = stagger;
  /* DESIGN.md §2: two digits each, three when the map is wider or taller
   * than 99; the 1000-hex limit needs a fourth. */
  if (cols > 999 || rows > 999)
    grid->id_digits = 4;
  else if (cols > 99 || rows > 99)
    grid->id_digits = 3;
  else
    grid->id_digits = 2;
}

/* Whether the 0-based column (flat) or row (pointy) @i is the shifted one. */
static inline gboolean
is_shifted (const SandGrid *grid, int i)
{
  return (i & 1) == (grid->stagger == SAND_STAGGER_EVEN ? 1 : 0);
}

/* How many times the axial coordinate steps back between line 0 and line i
 * (see the derivation in docs/hex-geometry.md): floor(i/2) or ceil(i/2). */
static inline int
stagger_shift (const SandGrid *grid, int i)
{
  if (grid->stagger == SAND_STAGGER_EVEN)
    return (i - (i & 1)) / 2;
  return (i + (i & 1)) / 2;
}

void
sand_grid_format_id (const SandGrid *grid,
                     int             hex,
                     char            buf[SAND_HEX_ID_MAX])
{
  int col = sand_grid_col (grid, hex) + 1;
  int row = sand_grid_row (grid, hex) + 1;

  g_snprintf (buf, SAND_HEX_ID_MAX, "%0*d%0*d", grid->id_digits, col, grid->id_digits, row);
}

char *
sand_grid_dup_id (const SandGrid *grid,
                  int             hex)
{
  char buf[SAND_HEX_ID_MAX];

  if (hex < 0 || hex >= sand_grid_n_hexes (grid))
    return g_strdup ("off-map");
  sand_grid_format_id (grid, hex, buf);
  return g_strdup (buf);
}

gboolean
sand_grid_parse_id (const SandGrid *grid,
                    const char     *text,
                    int            *hex)
{
  int digits = grid->id_digits;
  int col = 0, row = 0;

  g_return_val_if_fail (text != NULL, FALSE);

  if ((int) strlen (text) != digits * 2)
    return FALSE;
  for (int i = 0; i < digits * 2; i++)
    {
      if (!g_ascii_isdigit (text[i]))
        return FALSE;
      if (i < digits)
        col = col * 10 + (text[i] - '0');
      else
        row = row * 10 + (text[i] - '0');
    }
  if (!sand_grid_contains (grid, col - 1, row - 1))
    return FALSE;
  if (hex != NULL)
    *hex = sand_grid_index (grid, col - 1, row - 1);
  return TRUE;
}

const char *
sand_grid_direction_name (const SandGrid *grid,
                          int             dir)
{
  g_return_val_if_fail (dir >= 0 && dir < SAND_N_DIRS, "?");
  return grid->orientation == SAND_ORIENTATION_FLAT ? flat_dir_names[dir] : pointy_dir_names[dir];
}

int
sand_grid_parse_direction (const SandGrid *grid,
                           const char     *name)
{
  const char *const *names =
    grid->orientation == SAND_ORIENTATION_FLAT ? flat_dir_names : pointy_dir_names;

  if (name == NULL)
    return -1;
  for (int d = 0; d < SAND_N_DIRS; d++)
    if (g_ascii_strcasecmp (name, names[d]) == 0)
      return d;
  return -1;
}

SandAxial
sand_grid_offset_to_axial (const SandGrid *grid,
                           int             col,
                           int             row)
{
  SandAxial a;

  if (grid->orientation == SAND_ORIENTATION_FLAT)
    {
      a.q = col;
      a.r = row - stagger_shift (grid, col);
    }
  else
    {
      a.q = col - stagger_shift (grid, row);
      a.r = row;
    }
  return a;
}

void
sand_grid_axial_to_offset (const SandGrid *grid,
                           SandAxial       a,
                           int            *col,
                           int            *row)
{
  if (grid->orientation == SAND_ORIENTATION_FLAT)
    {
      *col = a.q;
      *row = a.r + stagger_shift (grid, a.q);
    }
  else
    {
      *row = a.r;
      *col = a.q + stagger_shift (grid, a.r);
    }
}

SandAxial
sand_grid_hex_to_axial (const SandGrid *grid,
                        int             hex)
{
  return sand_grid_offset_to_axial (grid, sand_grid_col (grid, hex), sand_grid_row (grid, hex));
}

int
sand_grid_axial_to_hex (const SandGrid *grid,
                        SandAxial       a)
{
  int col, row;

  sand_grid_axial_to_offset (grid, a, &col, &row);
  return sand_grid_index (grid, col, row);
}

SandAxial
sand_axial_direction (const SandGrid *grid,
                      int             dir)
{
  g_assert (dir >= 0 && dir < SAND_N_DIRS);
  return grid->orientation == SAND_ORIENTATION_FLAT ? flat_dirs[dir] : pointy_dirs[dir];
}

int
sand_grid_neighbour (const SandGrid *grid,
                     int             hex,
                     int             dir)
{
  SandAxial a = sand_grid_hex_to_axial (grid, hex);
  SandAxial d = sand_axial_direction (grid, dir);

  a.q += d.q;
  a.r += d.r;
  return sand_grid_axial_to_hex (grid, a);
}

int
sand_grid_direction_to (const SandGrid *grid,
                        int             a,
                        int             b)
{
  for (int d = 0; d < SAND_N_DIRS; d++)
    if (sand_grid_neighbour (grid, a, d) == b)
      return d;
  return -1;
}

int
sand_axial_distance (SandAxial a,
                     SandAxial b)
{
  int dq = a.q - b.q;
  int dr = a.r - b.r;
  int ds = -dq - dr;

  return (ABS (dq) + ABS (dr) + ABS (ds)) / 2;
}

int
sand_grid_distance (const SandGrid *grid,
                    int             a,
                    int             b)
{
  return sand_axial_distance (sand_grid_hex_to_axial (grid, a), sand_grid_hex_to_axial (grid, b));
}

static SandAxial
axial_round (double fq,
             double fr)
{
  double fs = -fq - fr;
  double rq = round (fq), rr = round (fr), rs = round (fs);
  double dq = fabs (rq - fq), dr = fabs (rr - fr), ds = fabs (rs - fs);
  SandAxial a;

  if (dq > dr && dq > ds)
    rq = -rr - rs;
  else if (dr > ds)
    rr = -rq - rs;
  a.q = (int) rq;
  a.r = (int) rr;
  return a;
}

void
sand_grid_line (const SandGrid *grid,
                int             a,
                int             b,
                GArray         *out)
{
  SandAxial pa = sand_grid_hex_to_axial (grid, a);
  SandAxial pb = sand_grid_hex_to_axial (grid, b);
  int n = sand_axial_distance (pa, pb);

  for (int i = 0; i <= n; i++)
    {
      double t = n == 0 ? 0.0 : (double) i / n;
      double fq = pa.q + (pb.q - pa.q) * t;
      double fr = pa.r + (pb.r - pa.r) * t;
      /* The nudge keeps points that fall exactly on a hexside on one
       * consistent side. Along the map edge one of the two hexes at such a
       * tie is off the map, so try the other side before giving up. */
      int hex = sand_grid_axial_to_hex (grid, axial_round (fq + 1e-6, fr + 1e-6));

      if (hex == SAND_HEX_NONE)
        hex = sand_grid_axial_to_hex (grid, axial_round (fq - 1e-6, fr - 1e-6));
      if (hex != SAND_HEX_NONE)
        g_array_append_val (out, hex);
    }
}

void
sand_grid_ring (const SandGrid *grid,
                int             center,
                int             radius,
                GArray         *out)
{
  SandAxial a = sand_grid_hex_to_axial (grid, center);
  SandAxial start = sand_axial_direction (grid, 4);

  if (radius <= 0)
    {
      g_array_append_val (out, center);
      return;
    }
  a.q += start.q * radius;
  a.r += start.r * radius;
  for (int d = 0; d < SAND_N_DIRS; d++)
    {
      SandAxial step = sand_axial_direction (grid, d);

      for (int j = 0; j < radius; j++)
        {
          int hex = sand_grid_axial_to_hex (grid, a);

          if (hex != SAND_HEX_NONE)
            g_array_append_val (out, hex);
          a.q += step.q;
          a.r += step.r;
        }
    }
}

void
sand_grid_spiral (const SandGrid *grid,
                  int             center,
                  int             radius,
                  GArray         *out)
{
  for (int k = 0; k <= radius; k++)
    sand_grid_ring (grid, center, k, out);
}

int
sand_grid_side_slot (const SandGrid *grid,
                     int             hex,
                     int             dir)
{
  int other;

  g_assert (hex >= 0 && hex < sand_grid_n_hexes (grid));
  g_assert (dir >= 0 && dir < SAND_N_DIRS);

  if (dir < 3)
    return hex * 6 + dir;
  other = sand_grid_neighbour (grid, hex, dir);
  if (other == SAND_HEX_NONE)
    return hex * 6 + dir; /* an edge side: only this hex touches it */
  return other * 6 + SAND_DIR_OPPOSITE (dir);
}

void
sand_grid_side_canonical (const SandGrid *grid,
                          int             slot,
                          int            *hex,
                          int            *dir)
{
  *hex = slot / 6;
  *dir = slot % 6;
}

void
sand_grid_pixel_size (const SandGrid *grid,
                      double          size,
                      double         *width,
                      double         *height)
{
  if (grid->orientation == SAND_ORIENTATION_FLAT)
    {
      *width = size * (1.5 * grid->cols + 0.5);
      *height = size * SQRT3 * (grid->rows + 0.5);
    }
  else
    {
      *width = size * SQRT3 * (grid->cols + 0.5);
      *height = size * (1.5 * grid->rows + 0.5);
    }
}

SandPoint
sand_grid_offset_center (const SandGrid *grid,
                         double          size,
                         int             col,
                         int             row)
{
  SandPoint p;

  if (grid->orientation == SAND_ORIENTATION_FLAT)
    {
      p.x = size * (1.0 + 1.5 * col);
      p.y = size * SQRT3 * (0.5 + row + (is_shifted (grid, col) ? 0.5 : 0.0));
    }
  else
    {
      p.x = size * SQRT3 * (0.5 + col + (is_shifted (grid, row) ? 0.5 : 0.0));
      p.y = size * (1.0 + 1.5 * row);
    }
  return p;
}

SandPoint
sand_grid_hex_center (const SandGrid *grid,
                      double          size,
                      int             hex)
{
  return sand_grid_offset_center (grid, size, sand_grid_col (grid, hex), sand_grid_row (grid, hex));
}

SandPoint
sand_grid_corner (const SandGrid *grid,
                  double          size,
                  SandPoint       center,
                  int             corner)
{
  double base = grid->orientation == SAND_ORIENTATION_FLAT ? -120.0 : -90.0;
  double angle = (base + 60.0 * (corner % 6)) * G_PI / 180.0;
  SandPoint p = { center.x + size * cos (angle), center.y + size * sin (angle) };

  return p;
}

void
sand_grid_offset_at_pixel (const SandGrid *grid,
                           double          size,
                           double          x,
                           double          y,
                           int            *col,
                           int            *row)
{
  SandPoint c0 = sand_grid_offset_center (grid, size, 0, 0);
  SandAxial a0 = sand_grid_offset_to_axial (grid, 0, 0);
  double dx = x - c0.x, dy = y - c0.y;
  double fq, fr;
  SandAxial a;

  if (grid->orientation == SAND_ORIENTATION_FLAT)
    {
      fq = (2.0 / 3.0 * dx) / size;
      fr = (-1.0 / 3.0 * dx + SQRT3 / 3.0 * dy) / size;
    }
  else
    {
      fq = (SQRT3 / 3.0 * dx - 1.0 / 3.0 * dy) / size;
      fr = (2.0 / 3.0 * dy) / size;
    }
  a = axial_round (fq + a0.q, fr + a0.r);
  sand_grid_axial_to_offset (grid, a, col, row);
}

int
sand_grid_hex_at_pixel (const SandGrid *grid,
                        double          size,
                        double          x,
                        double          y)
{
  int col, row;

  sand_grid_offset_at_pixel (grid, size, x, y, &col, &row);
  return sand_grid_index (grid, col, row);
}

gboolean
sand_grid_side_at_pixel (const SandGrid *grid,
                         double          size,
                         double          x,
                         double          y,
                         int            *hex,
                         int            *dir)
{
  int h = sand_grid_hex_at_pixel (grid, size, x, y);
  SandPoint c;
  double angle, base;
  int d;

  if (h == SAND_HEX_NONE)
    return FALSE;
  c = sand_grid_hex_center (grid, size, h);
  angle = atan2 (y - c.y, x - c.x) * 180.0 / G_PI;
  base = grid->orientation == SAND_ORIENTATION_FLAT ? -90.0 : -60.0;
  d = (int) lround ((angle - base) / 60.0);
  d = ((d % 6) + 6) % 6;
  *hex = h;
  *dir = d;
  return TRUE;
}

void
sand_grid_visible_range (const SandGrid *grid,
                         double          size,
                         double          x0,
                         double          y0,
                         double          x1,
                         double          y1,
                         int            *col0,
                         int            *row0,
                         int            *col1,
                         int            *row1)
{
  double cw, rh;

  if (grid->orientation == SAND_ORIENTATION_FLAT)
    {
      cw = 1.5 * size;
      rh = SQRT3 * size;
    }
  else
    {
      cw = SQRT3 * size;
      rh = 1.5 * size;
    }
  *col0 = CLAMP ((int) floor (x0 / cw) - 1, 0, grid->cols - 1);
  *col1 = CLAMP ((int) ceil (x1 / cw) + 1, 0, grid->cols - 1);
  *row0 = CLAMP ((int) floor (y0 / rh) - 1, 0, grid->rows - 1);
  *row1 = CLAMP ((int) ceil (y1 / rh) + 1, 0, grid->rows - 1);
}
