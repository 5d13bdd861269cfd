/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-supply-lines.c: lines of supply through the common walls, traced a
 * row of hexes at a time.
 *
 * A line of supply (FPW Supply (B)) is a breadth-first search out to the
 * unsupplied range from every hex of the side's rail lines: most of the
 * map at each trace, and the victory count traces both sides for every
 * move and every face of the die the computer player tries (a third of a
 * strong FPW game went to the search's loop and the rules' callback asked
 * of each hex). Its walls do not depend on the way a line enters a hex,
 * so they are worked out for the whole map at once, as bits, and the
 * search grows a ring at a time with shifts of one 64-bit word per row of
 * the map: the same distances, a few hundred word operations a ring.
 *
 * The grid's rows as words: a hex's neighbours are the hexes one row up
 * or down and one column left or right or the same column, in a pattern
 * that depends on the parity of its column (flat-topped hexes) or its row
 * (pointy-topped). The pattern is read from the game's own neighbour
 * table, not from the geometry, and checked against every hex of it; a
 * map wider than 64 columns, or one the pattern does not describe, is
 * searched a hex at a time through the same walls.
 */
#include "config.h"

#include "sand-game-private.h"

#include <string.h>

/* Where a row's hexes reach: a hex of row r, column c has a neighbour in
 * row r + dr, column c + dc when bit c of reach[dr + 1][dc + 1][r & 1]
 * is set. */
struct _SandSupplyRows {
  gboolean ok;           /* FALSE: not a map of rows of at most 64 hexes */
  int cols, rows;
  guint64 width;         /* the low @cols bits */
  guint64 reach[3][3][2];
};

/* Whether the masks give every hex the neighbours the table gives it, no
 * more, no fewer. */
static gboolean
rows_check (SandGame             *self,
            const SandSupplyRows *m)
{
  for (int h = 0; h < self->n_hexes; h++)
    {
      int c = h % m->cols, r = h / m->cols, found = 0, listed = 0;
      for (int d = 0; d < SAND_N_DIRS; d++)
        listed += self->nbr[h * SAND_N_DIRS + d] != SAND_HEX_NONE;
      for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++)
          {
            int r2 = r + dr, c2 = c + dc;
            if (!(m->reach[dr + 1][dc + 1][r & 1] >> c & 1) || r2 < 0 || r2 >= m->rows
                || c2 < 0 || c2 >= m->cols)
              continue;
            gboolean listed_here = FALSE;
            for (int d = 0; d < SAND_N_DIRS; d++)
              listed_here |= self->nbr[h * SAND_N_DIRS + d] == r2 * m->cols + c2;
            if (!listed_here)
              return FALSE;
            found++;
          }
      if (found != listed)
        return FALSE;
    }
  return TRUE;
}

static SandSupplyRows *
rows_new (SandGame *self)
{
  SandSupplyRows *m = g_atomic_rc_box_new0 (SandSupplyRows);
  m->cols = self->grid->cols;
  m->rows = self->grid->rows;
  /* (the search keeps a few words a row on the stack) */
  if (m->cols < 1 || m->cols > 64 || m->rows < 1 || m->rows > 1024
      || (gint64) m->cols * m->rows != self->n_hexes)
    return m;
  m->width = m->cols == 64 ? G_MAXUINT64 : (G_GUINT64_CONSTANT (1) << m->cols) - 1;
  for (int h = 0; h < self->n_hexes; h++)
    for (int d = 0; d < SAND_N_DIRS; d++)
      {
        int n = self->nbr[h * SAND_N_DIRS + d];
        if (n == SAND_HEX_NONE)
          continue;
        int dr = n / m->cols - h / m->cols, dc = n % m->cols - h % m->cols;
        if (ABS (dr) > 1 || ABS (dc) > 1 || (dr == 0 && dc == 0))
          return m;
        m->reach[dr + 1][dc + 1][(h / m->cols) & 1] |= G_GUINT64_CONSTANT (1) << (h % m->cols);
      }
  m->ok = rows_check (self, m);
  return m;
}

SandSupplyRows *
sand_supply_rows_ref (SandSupplyRows *rows)
{
  return g_atomic_rc_box_acquire (rows);
}

void
sand_supply_rows_unref (SandSupplyRows *rows)
{
  g_atomic_rc_box_release (rows);
}

/* The walls of a line of @side, hex by hex (1: a wall): a hex the side
 * may not enter, one of @extra's, an interdicted hex, one an enemy's
 * combat unit or living fort blocks, and one the enemy controls that
 * none of the side's combat units or forts stands on. */
static void
walls_fill (SandGame     *self,
            int           side,
            const guint8 *extra,
            guint8       *walls)
{
  guint8 me = (guint8) (1u << side);
  const guint8 *no_entry = self->no_entry[side];
  const guint32 *inter = self->interdict[side];
  guint32 gen = self->interdict_gen;

  for (int h = 0; h < self->n_hexes; h++)
    {
      guint8 b = self->blockers[h];
      walls[h] = (no_entry[h] != 0) | (inter[h] == gen) | ((b & ~me) != 0)
        | ((self->zoc_mask[h] & ~me) != 0 && !(b & me));
    }
  if (extra != NULL)
    for (int h = 0; h < self->n_hexes; h++)
      walls[h] |= extra[h] != 0;
}

/* Marks @hex reached at @dist. */
static inline void
reach (SandGame *self,
       int       hex,
       int       dist,
       int      *tail)
{
  self->sup_stamp[hex] = self->sup_gen;
  self->sup_dist[hex] = dist;
  self->sup_queue[(*tail)++] = hex;
}

/* Eight walls (bytes of 0 or 1, the first lowest) as eight bits. */
static inline guint64
pack8 (const guint8 *walls)
{
  guint64 w;
  memcpy (&w, walls, sizeof w);
#if G_BYTE_ORDER == G_LITTLE_ENDIAN
  return (w * G_GUINT64_CONSTANT (0x0102040810204080)) >> 56;
#else
  guint64 bits = 0;
  for (int i = 0; i < 8; i++)
    bits |= (guint64) walls[i] << i;
  return bits;
#endif
}

static void
trace_rows (SandGame             *self,
            const SandSupplyRows *m,
            const guint8         *walls,
            const int            *sources,
            guint                 n,
            int                   limit,
            const int            *targets,
            guint                 n_targets)
{
  int rows = m->rows, cols = m->cols, tail = 0;
  guint64 open[rows], seen[rows], ring[rows + 2], want[rows];
  gboolean wanting = targets != NULL && n_targets > 0;

  /* @walls has room for a word past its end */
  for (int r = 0; r < rows; r++)
    {
      guint64 shut = 0;
      for (int c = 0; c < cols; c += 8)
        shut |= pack8 (walls + r * cols + c) << c;
      open[r] = ~shut & m->width;
    }
  memset (seen, 0, sizeof seen);
  memset (want, 0, sizeof want);
  for (guint i = 0; wanting && i < n_targets; i++)
    want[targets[i] / cols] |= G_GUINT64_CONSTANT (1) << (targets[i] % cols);
  for (guint i = 0; i < n; i++)
    {
      int h = sources[i];
      if (h < 0 || h >= self->n_hexes || (seen[h / cols] >> (h % cols) & 1))
        continue;
      seen[h / cols] |= G_GUINT64_CONSTANT (1) << (h % cols);
      reach (self, h, 0, &tail);
    }
  /* the ring reached last, with an empty row either side: ring[r + 1] is row r */
  ring[0] = ring[rows + 1] = 0;
  memcpy (ring + 1, seen, sizeof seen);
  int lo = 0, hi = rows - 1;     /* the rows the ring may hold */
  for (int dist = 1; dist <= limit; dist++)
    {
      if (wanting)
        {
          guint64 left = 0;
          for (int r = 0; r < rows; r++)
            left |= want[r] & ~seen[r];
          /* breadth first: every target's distance is final */
          if (left == 0)
            break;
        }
      guint64 next[rows];
      int new_lo = rows, new_hi = -1;
      for (int r = MAX (lo - 1, 0); r <= MIN (hi + 1, rows - 1); r++)
        {
          guint64 acc = 0;
          /* from the row above (dr = 1 seen from there), this one, the one below */
          for (int k = 0; k < 3; k++)
            {
              int from_row = r - (k - 1);
              guint64 x = ring[from_row + 1];
              if (x == 0)
                continue;
              const guint64 *mk = &m->reach[k][0][from_row & 1];
              acc |= ((x & mk[0]) >> 1) | (x & mk[2]) | ((x & mk[4]) << 1);
            }
          next[r] = acc & open[r] & ~seen[r];
          if (next[r] != 0)
            {
              new_lo = MIN (new_lo, r);
              new_hi = r;
            }
        }
      for (int r = lo; r <= hi; r++)
        ring[r + 1] = 0;
      if (new_hi < 0)
        break;
      for (int r = new_lo; r <= new_hi; r++)
        {
          seen[r] |= next[r];
          ring[r + 1] = next[r];
          for (guint64 bits = next[r]; bits != 0; bits &= bits - 1)
            reach (self, r * cols + __builtin_ctzll (bits), dist, &tail);
        }
      lo = new_lo;
      hi = new_hi;
    }
  self->sup_reached = (guint) tail;
}

void
sand_supply_trace_lines (SandGame     *self,
                         int           side,
                         const int    *sources,
                         guint         n,
                         int           limit,
                         const guint8 *extra,
                         const int    *targets,
                         guint         n_targets)
{
  g_return_if_fail (side >= 0 && side < self->n_sides);

  sand_zoc_update (self);
  sand_supply_update_interdiction (self);
  if (self->sup_rows == NULL)
    self->sup_rows = rows_new (self);
  if (++self->sup_gen == 0)
    {
      memset (self->sup_stamp, 0, sizeof (guint32) * (gsize) self->n_hexes);
      memset (self->sup_target, 0, sizeof (guint32) * (gsize) self->n_hexes);
      self->sup_gen = 1;
    }
  /* (a word past the end, for trace_rows' reads of eight at once) */
  g_autofree guint8 *walls = g_new0 (guint8, (gsize) self->n_hexes + 8);
  walls_fill (self, side, extra, walls);
  if (self->sup_rows->ok)
    trace_rows (self, self->sup_rows, walls, sources, n, limit, targets, n_targets);
  else
    /* the same search a hex at a time, through the same walls */
    sand_supply_search (self, side, sources, n, limit, NULL, walls, targets, n_targets);
}
