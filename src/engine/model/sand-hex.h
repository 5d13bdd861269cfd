/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-hex.h: hex grid geometry for both orientations and both staggers.
 *
 * A hex is named by its index into the flat per-hex arrays of a map:
 * index = row * cols + col, with col and row 0-based. Printed ids (CCRR) are
 * 1-based. Arithmetic (distance, lines, rings) goes through axial/cube
 * coordinates; storage stays in offset coordinates.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define SAND_HEX_NONE (-1)
#define SAND_MAX_MAP_DIM 1000
#define SAND_HEX_ID_MAX 12 /* "CCCCRRRR" (a 1000-wide map) + NUL, rounded up */

typedef enum {
  SAND_ORIENTATION_FLAT,   /* flat-topped hexes in vertical columns */
  SAND_ORIENTATION_POINTY, /* pointy-topped hexes in horizontal rows */
} SandOrientation;

typedef enum {
  SAND_STAGGER_EVEN, /* columns (rows) numbered 2, 4, 6… sit half a hex lower (right) */
  SAND_STAGGER_ODD,  /* columns (rows) numbered 1, 3, 5… sit half a hex lower (right) */
} SandStagger;

/* Directions are numbered clockwise from the top: on flat maps
 * n ne se s sw nw, on pointy maps ne e se sw w nw. The opposite of d is
 * (d + 3) % 6. A hex owns the hexsides of directions 0, 1 and 2. */
#define SAND_N_DIRS 6
#define SAND_DIR_OPPOSITE(d) (((d) + 3) % 6)

typedef struct {
  int q, r; /* axial; s = -q - r */
} SandAxial;

typedef struct {
  int cols, rows;
  SandOrientation orientation;
  SandStagger stagger;
  int id_digits; /* 2; 3 when the map is wider or taller than 99; 4 past 999 */
} SandGrid;

void      sand_grid_init             (SandGrid        *grid,
                                      int              cols,
                                      int              rows,
                                      SandOrientation  orientation,
                                      SandStagger      stagger);
static inline int
sand_grid_n_hexes (const SandGrid *grid)
{
  return grid->cols * grid->rows;
}
static inline gboolean
sand_grid_contains (const SandGrid *grid, int col, int row)
{
  return col >= 0 && row >= 0 && col < grid->cols && row < grid->rows;
}
static inline int
sand_grid_index (const SandGrid *grid, int col, int row)
{
  return sand_grid_contains (grid, col, row) ? row * grid->cols + col : SAND_HEX_NONE;
}
static inline int
sand_grid_col (const SandGrid *grid, int hex)
{
  return hex % grid->cols;
}
static inline int
sand_grid_row (const SandGrid *grid, int hex)
{
  return hex / grid->cols;
}

/* Printed ids. */
void      sand_grid_format_id        (const SandGrid  *grid,
                                      int              hex,
                                      char             buf[SAND_HEX_ID_MAX]);
/* Returns a newly allocated id (for messages and JSON). */
char     *sand_grid_dup_id           (const SandGrid  *grid,
                                      int              hex);
/* Parses "CCRR" (or "CCCRRR", "CCCCRRRR" on large maps); FALSE if malformed
 * or off the map. */
gboolean  sand_grid_parse_id         (const SandGrid  *grid,
                                      const char      *text,
                                      int             *hex);

/* Directions. */
const char *sand_grid_direction_name (const SandGrid  *grid,
                                      int              dir);
/* Returns the direction or -1. */
int       sand_grid_parse_direction  (const SandGrid  *grid,
                                      const char      *name);

/* Coordinates. */
SandAxial sand_grid_offset_to_axial  (const SandGrid  *grid,
                                      int              col,
                                      int              row);
void      sand_grid_axial_to_offset  (const SandGrid  *grid,
                                      SandAxial        a,
                                      int             *col,
                                      int             *row);
SandAxial sand_grid_hex_to_axial     (const SandGrid  *grid,
                                      int              hex);
/* SAND_HEX_NONE when the axial position lies off the map. */
int       sand_grid_axial_to_hex     (const SandGrid  *grid,
                                      SandAxial        a);
SandAxial sand_axial_direction       (const SandGrid  *grid,
                                      int              dir);

/* Neighbours: SAND_HEX_NONE when off the map. */
int       sand_grid_neighbour        (const SandGrid  *grid,
                                      int              hex,
                                      int              dir);
/* The direction from a to its neighbour b, or -1 when not adjacent. */
int       sand_grid_direction_to     (const SandGrid  *grid,
                                      int              a,
                                      int              b);
int       sand_axial_distance        (SandAxial        a,
                                      SandAxial        b);
int       sand_grid_distance         (const SandGrid  *grid,
                                      int              a,
                                      int              b);
/* Appends to @out (a GArray of int) the hexes on the line from a to b,
 * both included, skipping positions off the map. */
void      sand_grid_line             (const SandGrid  *grid,
                                      int              a,
                                      int              b,
                                      GArray          *out);
/* Appends the on-map hexes exactly @radius from @center, clockwise. */
void      sand_grid_ring             (const SandGrid  *grid,
                                      int              center,
                                      int              radius,
                                      GArray          *out);
/* Appends the on-map hexes within @radius of @center (the centre first). */
void      sand_grid_spiral           (const SandGrid  *grid,
                                      int              center,
                                      int              radius,
                                      GArray          *out);

/* Hexsides. Every hexside has one slot in [0, sand_grid_n_side_slots ()):
 * either hex + direction names the same slot. The canonical name of a side
 * is the owning hex and direction (0, 1 or 2), except for sides on the map
 * edge whose other hex is off the map, which are named from the hex on the
 * map. */
static inline int
sand_grid_n_side_slots (const SandGrid *grid)
{
  return grid->cols * grid->rows * 6;
}
int       sand_grid_side_slot        (const SandGrid  *grid,
                                      int              hex,
                                      int              dir);
void      sand_grid_side_canonical   (const SandGrid  *grid,
                                      int              slot,
                                      int             *hex,
                                      int             *dir);

/* Pixel layout. @size is the circumradius in pixels; the map's bounding box
 * has its top-left corner at (0, 0). */
typedef struct {
  double x, y;
} SandPoint;

void      sand_grid_pixel_size       (const SandGrid  *grid,
                                      double           size,
                                      double          *width,
                                      double          *height);
SandPoint sand_grid_hex_center       (const SandGrid  *grid,
                                      double           size,
                                      int              hex);
/* Centre of an offset position, on or off the map. */
SandPoint sand_grid_offset_center    (const SandGrid  *grid,
                                      double           size,
                                      int              col,
                                      int              row);
/* Corner i (0..5) of a hex centred on @center; corner d and (d + 1) % 6
 * bound the hexside of direction d. */
SandPoint sand_grid_corner           (const SandGrid  *grid,
                                      double           size,
                                      SandPoint        center,
                                      int              corner);
/* The hex under a pixel, or SAND_HEX_NONE. */
int       sand_grid_hex_at_pixel     (const SandGrid  *grid,
                                      double           size,
                                      double           x,
                                      double           y);
/* Offset position under a pixel, on or off the map. */
void      sand_grid_offset_at_pixel  (const SandGrid  *grid,
                                      double           size,
                                      double           x,
                                      double           y,
                                      int             *col,
                                      int             *row);
/* The nearest hexside to a pixel: hex under the pixel and the direction of
 * its side closest to the pixel. FALSE when off the map. */
gboolean  sand_grid_side_at_pixel    (const SandGrid  *grid,
                                      double           size,
                                      double           x,
                                      double           y,
                                      int             *hex,
                                      int             *dir);
/* Range of offset columns/rows that a pixel rectangle touches, clamped to
 * the map; for visible-range culling. */
void      sand_grid_visible_range    (const SandGrid  *grid,
                                      double           size,
                                      double           x0,
                                      double           y0,
                                      double           x1,
                                      double           y1,
                                      int             *col0,
                                      int             *row0,
                                      int             *col1,
                                      int             *row1);

G_END_DECLS
