/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-hex: hex grid geometry on all four layouts (flat/pointy × even/odd
 * stagger), checked against independent definitions: BFS for distance,
 * adjacency for lines and rings, pixel round trips for picking. */
#include <math.h>
#include <string.h>

#include "sand-hex.h"

#define COLS 13
#define ROWS 11
#define SIZE 20.0

typedef struct {
  const char *name;
  SandOrientation orientation;
  SandStagger stagger;
} Layout;

static const Layout layouts[] = {
  { "flat-even", SAND_ORIENTATION_FLAT, SAND_STAGGER_EVEN },
  { "flat-odd", SAND_ORIENTATION_FLAT, SAND_STAGGER_ODD },
  { "pointy-even", SAND_ORIENTATION_POINTY, SAND_STAGGER_EVEN },
  { "pointy-odd", SAND_ORIENTATION_POINTY, SAND_STAGGER_ODD },
};

static void
grid_for (const Layout *l,
          SandGrid     *grid,
          int           cols,
          int           rows)
{
  sand_grid_init (grid, cols, rows, l->orientation, l->stagger);
}

static int
parse (const SandGrid *grid,
       const char     *id)
{
  int hex = -42;

  g_assert_true (sand_grid_parse_id (grid, id, &hex));
  return hex;
}

static void
test_id_round_trip (gconstpointer data)
{
  const Layout *l = data;
  const int sizes[][2] = { { COLS, ROWS }, { 1, 1 }, { 99, 99 }, { 120, 4 }, { 3, 100 } };

  for (gsize s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      SandGrid grid;
      int digits = (sizes[s][0] > 99 || sizes[s][1] > 99) ? 3 : 2;

      grid_for (l, &grid, sizes[s][0], sizes[s][1]);
      g_assert_cmpint (grid.id_digits, ==, digits);
      for (int hex = 0; hex < sand_grid_n_hexes (&grid); hex++)
        {
          char buf[SAND_HEX_ID_MAX];
          g_autofree char *dup = sand_grid_dup_id (&grid, hex);
          int back = -1;

          sand_grid_format_id (&grid, hex, buf);
          g_assert_cmpuint (strlen (buf), ==, 2 * digits);
          g_assert_cmpstr (buf, ==, dup);
          g_assert_true (sand_grid_parse_id (&grid, buf, &back));
          g_assert_cmpint (back, ==, hex);
        }
    }
}

/* The map limit is 1000×1000: column or row 1000 needs four digits, and
 * then every id has four (DESIGN.md §2 widens all ids together). */
static void
test_id_four_digits_on_the_largest_maps (void)
{
  SandGrid grid;
  char buf[SAND_HEX_ID_MAX];
  int hex = -1;

  sand_grid_init (&grid, SAND_MAX_MAP_DIM, 100, SAND_ORIENTATION_FLAT, SAND_STAGGER_EVEN);
  g_assert_cmpint (grid.id_digits, ==, 4);
  sand_grid_format_id (&grid, sand_grid_index (&grid, 999, 99), buf);
  g_assert_cmpstr (buf, ==, "10000100");
  sand_grid_format_id (&grid, sand_grid_index (&grid, 999, 9), buf);
  g_assert_cmpstr (buf, ==, "10000010");
  g_assert_true (sand_grid_parse_id (&grid, "10000100", &hex));
  g_assert_cmpint (hex, ==, sand_grid_index (&grid, 999, 99));
  g_assert_false (sand_grid_parse_id (&grid, "1000100", NULL));
  g_assert_false (sand_grid_parse_id (&grid, "10010001", NULL));

  sand_grid_init (&grid, 999, 999, SAND_ORIENTATION_POINTY, SAND_STAGGER_ODD);
  g_assert_cmpint (grid.id_digits, ==, 3);
  sand_grid_format_id (&grid, sand_grid_n_hexes (&grid) - 1, buf);
  g_assert_cmpstr (buf, ==, "999999");
}

static void
test_id_column_then_row (gconstpointer data)
{
  const Layout *l = data;
  SandGrid grid, big;
  char buf[SAND_HEX_ID_MAX];

  grid_for (l, &grid, COLS, ROWS);
  g_assert_cmpint (parse (&grid, "0101"), ==, 0);
  g_assert_cmpint (parse (&grid, "0201"), ==, 1);
  g_assert_cmpint (parse (&grid, "0102"), ==, COLS);
  g_assert_cmpint (parse (&grid, "1311"), ==, COLS * ROWS - 1);
  sand_grid_format_id (&grid, sand_grid_index (&grid, 4, 6), buf);
  g_assert_cmpstr (buf, ==, "0507");

  grid_for (l, &big, 120, 4);
  g_assert_cmpint (parse (&big, "120004"), ==, sand_grid_index (&big, 119, 3));
  sand_grid_format_id (&big, sand_grid_index (&big, 4, 2), buf);
  g_assert_cmpstr (buf, ==, "005003");
}

static void
test_id_malformed_refused (gconstpointer data)
{
  const Layout *l = data;
  static const char *const bad2[] = {
    "", "0", "010", "01010", "0a01", "0000", "0100", "0001", "1401", "0112", "9999",
    " 101", "+101", "-101", "01 1", "0101 ", "001001", "０１０１",
  };
  static const char *const bad3[] = { "0101", "00101", "0000001", "121001", "001005", "000001" };
  SandGrid grid, big;
  int hex = 12345;

  grid_for (l, &grid, COLS, ROWS);
  for (gsize i = 0; i < G_N_ELEMENTS (bad2); i++)
    {
      if (sand_grid_parse_id (&grid, bad2[i], &hex))
        g_error ("“%s” was accepted as hex %d", bad2[i], hex);
      g_assert_cmpint (hex, ==, 12345);
    }
  grid_for (l, &big, 120, 4);
  for (gsize i = 0; i < G_N_ELEMENTS (bad3); i++)
    if (sand_grid_parse_id (&big, bad3[i], &hex))
      g_error ("“%s” was accepted on a 3-digit map", bad3[i]);
}

static void
test_direction_names (gconstpointer data)
{
  const Layout *l = data;
  static const char *const flat[] = { "n", "ne", "se", "s", "sw", "nw" };
  static const char *const pointy[] = { "ne", "e", "se", "sw", "w", "nw" };
  const char *const *names = l->orientation == SAND_ORIENTATION_FLAT ? flat : pointy;
  SandGrid grid;

  grid_for (l, &grid, COLS, ROWS);
  for (int d = 0; d < SAND_N_DIRS; d++)
    {
      g_autofree char *upper = g_ascii_strup (names[d], -1);

      g_assert_cmpstr (sand_grid_direction_name (&grid, d), ==, names[d]);
      g_assert_cmpint (sand_grid_parse_direction (&grid, names[d]), ==, d);
      g_assert_cmpint (sand_grid_parse_direction (&grid, upper), ==, d);
    }
  g_assert_cmpint (sand_grid_parse_direction (&grid, l->orientation == SAND_ORIENTATION_FLAT
                                                       ? "e" : "n"), ==, -1);
  g_assert_cmpint (sand_grid_parse_direction (&grid, ""), ==, -1);
  g_assert_cmpint (sand_grid_parse_direction (&grid, NULL), ==, -1);
}

static void
test_offset_axial_round_trip (gconstpointer data)
{
  const Layout *l = data;
  SandGrid grid;

  grid_for (l, &grid, COLS, ROWS);
  /* Off-map positions too: the canvas converts those for the map border. */
  for (int row = -6; row < ROWS + 6; row++)
    for (int col = -6; col < COLS + 6; col++)
      {
        SandAxial a = sand_grid_offset_to_axial (&grid, col, row);
        int c, r;

        sand_grid_axial_to_offset (&grid, a, &c, &r);
        g_assert_cmpint (c, ==, col);
        g_assert_cmpint (r, ==, row);
        if (sand_grid_contains (&grid, col, row))
          {
            int hex = sand_grid_index (&grid, col, row);
            SandAxial b = sand_grid_hex_to_axial (&grid, hex);

            g_assert_cmpint (b.q, ==, a.q);
            g_assert_cmpint (b.r, ==, a.r);
            g_assert_cmpint (sand_grid_axial_to_hex (&grid, a), ==, hex);
          }
        else
          g_assert_cmpint (sand_grid_axial_to_hex (&grid, a), ==, SAND_HEX_NONE);
      }
}

static void
test_neighbour_symmetry (gconstpointer data)
{
  const Layout *l = data;
  SandGrid grid;

  grid_for (l, &grid, COLS, ROWS);
  for (int a = 0; a < sand_grid_n_hexes (&grid); a++)
    {
      int n_on_map = 0;

      for (int d = 0; d < SAND_N_DIRS; d++)
        {
          int b = sand_grid_neighbour (&grid, a, d);

          if (b == SAND_HEX_NONE)
            continue;
          n_on_map++;
          g_assert_cmpint (sand_grid_neighbour (&grid, b, SAND_DIR_OPPOSITE (d)), ==, a);
          g_assert_cmpint (sand_grid_direction_to (&grid, a, b), ==, d);
          g_assert_cmpint (sand_grid_distance (&grid, a, b), ==, 1);
          /* Neighbours are one row/column apart at most in offset terms. */
          g_assert_cmpint (ABS (sand_grid_col (&grid, a) - sand_grid_col (&grid, b)), <=, 1);
          g_assert_cmpint (ABS (sand_grid_row (&grid, a) - sand_grid_row (&grid, b)), <=, 1);
        }
      /* Only edge hexes lose neighbours. */
      if (sand_grid_col (&grid, a) > 0 && sand_grid_col (&grid, a) < COLS - 1
          && sand_grid_row (&grid, a) > 0 && sand_grid_row (&grid, a) < ROWS - 1)
        g_assert_cmpint (n_on_map, ==, 6);
      g_assert_cmpint (sand_grid_direction_to (&grid, a, a), ==, -1);
    }
}

static void
expect_neighbours (const SandGrid     *grid,
                   const char         *id,
                   const char * const  expected[SAND_N_DIRS])
{
  int hex = parse (grid, id);

  for (int d = 0; d < SAND_N_DIRS; d++)
    {
      g_autofree char *got = sand_grid_dup_id (grid, sand_grid_neighbour (grid, hex, d));

      if (strcmp (got, expected[d]) != 0)
        g_error ("%s %s: got %s, expected %s", id, sand_grid_direction_name (grid, d), got,
                 expected[d]);
    }
}

/* DESIGN.md §2: flat, even stagger. */
static void
test_design_neighbour_examples (void)
{
  static const char *const of_0202[] = { "0201", "0302", "0303", "0203", "0103", "0102" };
  static const char *const of_0303[] = { "0302", "0402", "0403", "0304", "0203", "0202" };
  SandGrid grid;

  sand_grid_init (&grid, COLS, ROWS, SAND_ORIENTATION_FLAT, SAND_STAGGER_EVEN);
  expect_neighbours (&grid, "0202", of_0202);
  expect_neighbours (&grid, "0303", of_0303);
}

/* The same examples mirrored: odd stagger shifts odd-numbered columns. */
static void
test_odd_stagger_neighbour_examples (void)
{
  static const char *const of_0202[] = { "0201", "0301", "0302", "0203", "0102", "0101" };
  static const char *const of_0303[] = { "0302", "0403", "0404", "0304", "0204", "0203" };
  static const char *const pointy_0202[] = { "0201", "0302", "0203", "0103", "0102", "0101" };
  SandGrid grid;

  sand_grid_init (&grid, COLS, ROWS, SAND_ORIENTATION_FLAT, SAND_STAGGER_ODD);
  expect_neighbours (&grid, "0202", of_0202);
  expect_neighbours (&grid, "0303", of_0303);
  /* Pointy, odd: rows 1, 3, 5… sit half a hex right; row 2 is unshifted. */
  sand_grid_init (&grid, COLS, ROWS, SAND_ORIENTATION_POINTY, SAND_STAGGER_ODD);
  expect_neighbours (&grid, "0202", pointy_0202);
}

static int *
bfs_distances (const SandGrid *grid,
               int             from)
{
  int n = sand_grid_n_hexes (grid);
  int *dist = g_new (int, n);
  g_autoptr (GArray) queue = g_array_new (FALSE, FALSE, sizeof (int));

  for (int i = 0; i < n; i++)
    dist[i] = -1;
  dist[from] = 0;
  g_array_append_val (queue, from);
  for (guint head = 0; head < queue->len; head++)
    {
      int h = g_array_index (queue, int, head);

      for (int d = 0; d < SAND_N_DIRS; d++)
        {
          int nb = sand_grid_neighbour (grid, h, d);

          if (nb != SAND_HEX_NONE && dist[nb] < 0)
            {
              dist[nb] = dist[h] + 1;
              g_array_append_val (queue, nb);
            }
        }
    }
  return dist;
}

static void
test_distance_equals_bfs (gconstpointer data)
{
  const Layout *l = data;
  SandGrid grid;

  grid_for (l, &grid, COLS, ROWS);
  for (int a = 0; a < sand_grid_n_hexes (&grid); a++)
    {
      g_autofree int *dist = bfs_distances (&grid, a);

      for (int b = 0; b < sand_grid_n_hexes (&grid); b++)
        {
          g_assert_cmpint (sand_grid_distance (&grid, a, b), ==, dist[b]);
          g_assert_cmpint (sand_grid_distance (&grid, b, a), ==, dist[b]);
        }
    }
}

static void
test_lines_contiguous (gconstpointer data)
{
  const Layout *l = data;
  SandGrid grid;
  g_autoptr (GArray) line = g_array_new (FALSE, FALSE, sizeof (int));

  grid_for (l, &grid, COLS, ROWS);
  for (int a = 0; a < sand_grid_n_hexes (&grid); a++)
    for (int b = 0; b < sand_grid_n_hexes (&grid); b++)
      {
        int n = sand_grid_distance (&grid, a, b);

        g_array_set_size (line, 0);
        sand_grid_line (&grid, a, b, line);
        if ((int) line->len != n + 1)
          {
            g_autofree char *ia = sand_grid_dup_id (&grid, a);
            g_autofree char *ib = sand_grid_dup_id (&grid, b);

            g_error ("line %s–%s has %u hexes, distance %d", ia, ib, line->len, n);
          }
        g_assert_cmpint (g_array_index (line, int, 0), ==, a);
        g_assert_cmpint (g_array_index (line, int, n), ==, b);
        for (int i = 1; i <= n; i++)
          {
            int p = g_array_index (line, int, i - 1);
            int q = g_array_index (line, int, i);

            g_assert_cmpint (sand_grid_distance (&grid, p, q), ==, 1);
            g_assert_cmpint (sand_grid_distance (&grid, a, q), ==, i);
          }
      }
}

static void
test_rings (gconstpointer data)
{
  const Layout *l = data;
  SandGrid grid;
  g_autoptr (GArray) ring = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GArray) spiral = g_array_new (FALSE, FALSE, sizeof (int));
  int center;

  /* Big enough that radius 6 stays on the map from the middle. */
  grid_for (l, &grid, 21, 21);
  center = sand_grid_index (&grid, 10, 10);
  for (int k = 0; k <= 6; k++)
    {
      g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);

      g_array_set_size (ring, 0);
      sand_grid_ring (&grid, center, k, ring);
      g_assert_cmpuint (ring->len, ==, k == 0 ? 1 : 6 * k);
      for (guint i = 0; i < ring->len; i++)
        {
          int h = g_array_index (ring, int, i);

          g_assert_cmpint (sand_grid_distance (&grid, center, h), ==, k);
          g_assert_false (g_hash_table_contains (seen, GINT_TO_POINTER (h)));
          g_hash_table_add (seen, GINT_TO_POINTER (h));
          /* Consecutive ring hexes touch (the ring is walked in order). */
          if (k > 0)
            g_assert_cmpint (sand_grid_distance (&grid, h,
                                                 g_array_index (ring, int, (i + 1) % ring->len)),
                             ==, 1);
        }
      g_array_set_size (spiral, 0);
      sand_grid_spiral (&grid, center, k, spiral);
      g_assert_cmpuint (spiral->len, ==, 1 + 3 * k * (k + 1));
      g_assert_cmpint (g_array_index (spiral, int, 0), ==, center);
    }

  /* In a corner, only the on-map part of the ring comes back. */
  g_array_set_size (ring, 0);
  sand_grid_ring (&grid, 0, 2, ring);
  for (guint i = 0; i < ring->len; i++)
    g_assert_cmpint (sand_grid_distance (&grid, 0, g_array_index (ring, int, i)), ==, 2);
  g_assert_cmpuint (ring->len, <, 12);
  g_assert_cmpuint (ring->len, >, 0);
}

static void
test_side_slot_symmetry (gconstpointer data)
{
  const Layout *l = data;
  SandGrid grid;
  g_autoptr (GHashTable) slots = g_hash_table_new (NULL, NULL);
  int n_sides = 0;

  grid_for (l, &grid, COLS, ROWS);
  for (int h = 0; h < sand_grid_n_hexes (&grid); h++)
    for (int d = 0; d < SAND_N_DIRS; d++)
      {
        int slot = sand_grid_side_slot (&grid, h, d);
        int nb = sand_grid_neighbour (&grid, h, d);
        int ch, cd;

        g_assert_cmpint (slot, >=, 0);
        g_assert_cmpint (slot, <, sand_grid_n_side_slots (&grid));
        if (nb != SAND_HEX_NONE)
          g_assert_cmpint (sand_grid_side_slot (&grid, nb, SAND_DIR_OPPOSITE (d)), ==, slot);
        /* Each physical side counted once, from the hex with the lower index
         * (or the only hex, on the edge). */
        if (nb == SAND_HEX_NONE || h < nb)
          n_sides++;
        g_hash_table_add (slots, GINT_TO_POINTER (slot));

        sand_grid_side_canonical (&grid, slot, &ch, &cd);
        g_assert_cmpint (sand_grid_side_slot (&grid, ch, cd), ==, slot);
        if (nb != SAND_HEX_NONE)
          {
            /* Interior sides belong to the hex that owns directions 0–2. */
            g_assert_cmpint (cd, <, 3);
            g_assert_true ((ch == h && cd == d) || (ch == nb && cd == SAND_DIR_OPPOSITE (d)));
          }
        else
          {
            g_assert_cmpint (ch, ==, h);
            g_assert_cmpint (cd, ==, d);
          }
      }
  /* Distinct sides get distinct slots. */
  g_assert_cmpint (g_hash_table_size (slots), ==, n_sides);
}

static void
test_corners_bound_sides (gconstpointer data)
{
  const Layout *l = data;
  SandGrid grid;

  grid_for (l, &grid, COLS, ROWS);
  for (int h = 0; h < sand_grid_n_hexes (&grid); h++)
    {
      SandPoint c = sand_grid_hex_center (&grid, SIZE, h);
      int col = sand_grid_col (&grid, h), row = sand_grid_row (&grid, h);

      for (int d = 0; d < SAND_N_DIRS; d++)
        {
          SandPoint p0 = sand_grid_corner (&grid, SIZE, c, d);
          SandPoint p1 = sand_grid_corner (&grid, SIZE, c, (d + 1) % 6);
          SandAxial a = sand_grid_hex_to_axial (&grid, h);
          SandAxial step = sand_axial_direction (&grid, d);
          SandPoint nc;
          int ncol, nrow;

          g_assert_cmpfloat_with_epsilon (hypot (p0.x - c.x, p0.y - c.y), SIZE, 1e-9);
          a.q += step.q;
          a.r += step.r;
          sand_grid_axial_to_offset (&grid, a, &ncol, &nrow);
          nc = sand_grid_offset_center (&grid, SIZE, ncol, nrow);
          /* The neighbour's centre mirrors ours across the side's midpoint. */
          g_assert_cmpfloat_with_epsilon (nc.x, p0.x + p1.x - c.x, 1e-9);
          g_assert_cmpfloat_with_epsilon (nc.y, p0.y + p1.y - c.y, 1e-9);
        }
      (void) col;
      (void) row;
    }
}

static void
test_pixel_round_trip (gconstpointer data)
{
  const Layout *l = data;
  SandGrid grid;
  double w, h;
  GRand *rand = g_rand_new_with_seed (7);
  double inradius = SIZE * sqrt (3.0) / 2.0;

  grid_for (l, &grid, COLS, ROWS);
  sand_grid_pixel_size (&grid, SIZE, &w, &h);
  for (int hex = 0; hex < sand_grid_n_hexes (&grid); hex++)
    {
      SandPoint c = sand_grid_hex_center (&grid, SIZE, hex);

      g_assert_cmpint (sand_grid_hex_at_pixel (&grid, SIZE, c.x, c.y), ==, hex);
      /* Every corner lies within the map's pixel box. */
      for (int k = 0; k < 6; k++)
        {
          SandPoint p = sand_grid_corner (&grid, SIZE, c, k);

          g_assert_cmpfloat (p.x, >=, -1e-9);
          g_assert_cmpfloat (p.y, >=, -1e-9);
          g_assert_cmpfloat (p.x, <=, w + 1e-9);
          g_assert_cmpfloat (p.y, <=, h + 1e-9);
        }
      /* Random points of the inscribed circle belong to the hex. */
      for (int i = 0; i < 50; i++)
        {
          double angle = g_rand_double_range (rand, 0, 2 * G_PI);
          double r = 0.98 * inradius * sqrt (g_rand_double (rand));
          double x = c.x + r * cos (angle), y = c.y + r * sin (angle);
          int col, row;

          g_assert_cmpint (sand_grid_hex_at_pixel (&grid, SIZE, x, y), ==, hex);
          sand_grid_offset_at_pixel (&grid, SIZE, x, y, &col, &row);
          g_assert_cmpint (sand_grid_index (&grid, col, row), ==, hex);
        }
      /* Points near the corners too (inside the hexagon, outside the circle). */
      for (int k = 0; k < 6; k++)
        {
          SandPoint p = sand_grid_corner (&grid, SIZE, c, k);
          double x = c.x + 0.95 * (p.x - c.x), y = c.y + 0.95 * (p.y - c.y);

          g_assert_cmpint (sand_grid_hex_at_pixel (&grid, SIZE, x, y), ==, hex);
        }
    }
  /* Off the map. */
  g_assert_cmpint (sand_grid_hex_at_pixel (&grid, SIZE, -50, -50), ==, SAND_HEX_NONE);
  g_assert_cmpint (sand_grid_hex_at_pixel (&grid, SIZE, w + 50, h + 50), ==, SAND_HEX_NONE);
  g_rand_free (rand);
}

/* The map's pixel box is tight: some corner touches each of its edges. */
static void
test_pixel_size_tight (gconstpointer data)
{
  const Layout *l = data;
  SandGrid grid;
  double w, h, min_x = G_MAXDOUBLE, min_y = G_MAXDOUBLE, max_x = -1, max_y = -1;

  grid_for (l, &grid, COLS, ROWS);
  sand_grid_pixel_size (&grid, SIZE, &w, &h);
  for (int hex = 0; hex < sand_grid_n_hexes (&grid); hex++)
    {
      SandPoint c = sand_grid_hex_center (&grid, SIZE, hex);

      for (int k = 0; k < 6; k++)
        {
          SandPoint p = sand_grid_corner (&grid, SIZE, c, k);

          min_x = MIN (min_x, p.x);
          min_y = MIN (min_y, p.y);
          max_x = MAX (max_x, p.x);
          max_y = MAX (max_y, p.y);
        }
    }
  g_assert_cmpfloat_with_epsilon (min_x, 0.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (min_y, 0.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (max_x, w, 1e-6);
  g_assert_cmpfloat_with_epsilon (max_y, h, 1e-6);
}

static void
test_side_at_pixel (gconstpointer data)
{
  const Layout *l = data;
  SandGrid grid;

  grid_for (l, &grid, COLS, ROWS);
  for (int hex = 0; hex < sand_grid_n_hexes (&grid); hex++)
    {
      SandPoint c = sand_grid_hex_center (&grid, SIZE, hex);

      for (int d = 0; d < SAND_N_DIRS; d++)
        {
          SandPoint p0 = sand_grid_corner (&grid, SIZE, c, d);
          SandPoint p1 = sand_grid_corner (&grid, SIZE, c, (d + 1) % 6);
          double mx = (p0.x + p1.x) / 2, my = (p0.y + p1.y) / 2;
          int got_hex, got_dir;

          /* Just inside the side, towards our centre, and a bit along it. */
          for (double along = -0.3; along <= 0.3; along += 0.15)
            {
              double x = mx + 0.1 * (c.x - mx) + along * (p1.x - p0.x);
              double y = my + 0.1 * (c.y - my) + along * (p1.y - p0.y);

              g_assert_true (sand_grid_side_at_pixel (&grid, SIZE, x, y, &got_hex, &got_dir));
              g_assert_cmpint (got_hex, ==, hex);
              g_assert_cmpint (got_dir, ==, d);
            }
          /* Exactly on the midpoint either hex may answer, but the side is
           * the same one. */
          if (sand_grid_side_at_pixel (&grid, SIZE, mx, my, &got_hex, &got_dir))
            g_assert_cmpint (sand_grid_side_slot (&grid, got_hex, got_dir), ==,
                             sand_grid_side_slot (&grid, hex, d));
        }
    }
  g_assert_false (sand_grid_side_at_pixel (&grid, SIZE, -100, -100, &(int){ 0 }, &(int){ 0 }));
}

static void
test_visible_range_covers (gconstpointer data)
{
  const Layout *l = data;
  SandGrid grid;
  GRand *rand = g_rand_new_with_seed (11);
  double w, h;

  grid_for (l, &grid, COLS, ROWS);
  sand_grid_pixel_size (&grid, SIZE, &w, &h);
  for (int i = 0; i < 200; i++)
    {
      double x0 = g_rand_double_range (rand, -50, w), y0 = g_rand_double_range (rand, -50, h);
      double x1 = x0 + g_rand_double_range (rand, 1, w / 2);
      double y1 = y0 + g_rand_double_range (rand, 1, h / 2);
      int col0, row0, col1, row1;

      sand_grid_visible_range (&grid, SIZE, x0, y0, x1, y1, &col0, &row0, &col1, &row1);
      for (int hex = 0; hex < sand_grid_n_hexes (&grid); hex++)
        {
          SandPoint c = sand_grid_hex_center (&grid, SIZE, hex);
          gboolean touches = FALSE;

          /* A hex touches the rectangle if its centre or a corner lies inside. */
          for (int k = -1; k < 6 && !touches; k++)
            {
              SandPoint p = k < 0 ? c : sand_grid_corner (&grid, SIZE, c, k);

              touches = p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1;
            }
          if (!touches)
            continue;
          g_assert_cmpint (sand_grid_col (&grid, hex), >=, col0);
          g_assert_cmpint (sand_grid_col (&grid, hex), <=, col1);
          g_assert_cmpint (sand_grid_row (&grid, hex), >=, row0);
          g_assert_cmpint (sand_grid_row (&grid, hex), <=, row1);
        }
    }
  g_rand_free (rand);
}

static void
add_layout_tests (const char    *name,
                  GTestDataFunc  func)
{
  for (gsize i = 0; i < G_N_ELEMENTS (layouts); i++)
    {
      g_autofree char *path = g_strdup_printf ("/hex/%s/%s", name, layouts[i].name);

      g_test_add_data_func (path, &layouts[i], func);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  add_layout_tests ("id_round_trip", test_id_round_trip);
  add_layout_tests ("id_column_then_row", test_id_column_then_row);
  g_test_add_func ("/hex/id_four_digits_on_the_largest_maps", test_id_four_digits_on_the_largest_maps);
  add_layout_tests ("id_malformed_refused", test_id_malformed_refused);
  add_layout_tests ("direction_names", test_direction_names);
  add_layout_tests ("offset_axial_round_trip", test_offset_axial_round_trip);
  add_layout_tests ("neighbour_symmetry", test_neighbour_symmetry);
  g_test_add_func ("/hex/design_neighbour_examples", test_design_neighbour_examples);
  g_test_add_func ("/hex/odd_stagger_neighbour_examples", test_odd_stagger_neighbour_examples);
  add_layout_tests ("distance_equals_bfs", test_distance_equals_bfs);
  add_layout_tests ("lines_contiguous", test_lines_contiguous);
  add_layout_tests ("rings", test_rings);
  add_layout_tests ("side_slot_symmetry", test_side_slot_symmetry);
  add_layout_tests ("corners_bound_sides", test_corners_bound_sides);
  add_layout_tests ("pixel_round_trip", test_pixel_round_trip);
  add_layout_tests ("pixel_size_tight", test_pixel_size_tight);
  add_layout_tests ("side_at_pixel", test_side_at_pixel);
  add_layout_tests ("visible_range_covers", test_visible_range_covers);
  return g_test_run ();
}
