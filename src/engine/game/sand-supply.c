/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-supply.c: the shared supply tracer and fortress interdiction.
 *
 * Supply is a breadth-first search from many sources at once, out to a
 * distance limit, through hexes a predicate allows. Like the movement
 * field it stamps its arrays with a generation instead of clearing them,
 * so a trace costs what it visits. The rules module decides the sources
 * (rail lines, forts and their capacities), the limits and what blocks a
 * line.
 */
#include "config.h"

#include "sand-game-private.h"

#include <string.h>

void
sand_supply_init (SandGame *self)
{
  self->sup_stamp = g_new0 (guint32, self->n_hexes);
  self->sup_dist = g_new0 (int, self->n_hexes);
  self->sup_queue = g_new0 (int, self->n_hexes);
  self->sup_target = g_new0 (guint32, self->n_hexes);
  self->sup_states = g_new0 (guint8, self->n_units + 1);
  for (int s = 0; s < self->n_sides; s++)
    self->interdict[s] = g_new0 (guint32, self->n_hexes);
}

void
sand_supply_clear (SandGame *self)
{
  g_clear_pointer (&self->sup_stamp, g_free);
  g_clear_pointer (&self->sup_dist, g_free);
  g_clear_pointer (&self->sup_queue, g_free);
  g_clear_pointer (&self->sup_target, g_free);
  g_clear_pointer (&self->sup_states, g_free);
  g_clear_pointer (&self->sup_rows, sand_supply_rows_unref);
  for (int s = 0; s < SAND_MAX_SIDES; s++)
    g_clear_pointer (&self->interdict[s], g_free);
}

void
sand_supply_trace_to (SandGame          *self,
                      int                side,
                      const int         *sources,
                      guint              n,
                      int                limit,
                      SandSupplyBlocked  blocked,
                      const int         *targets,
                      guint              n_targets)
{
  sand_supply_search (self, side, sources, n, limit, blocked, NULL, targets, n_targets);
}

void
sand_supply_search (SandGame          *self,
                    int                side,
                    const int         *sources,
                    guint              n,
                    int                limit,
                    SandSupplyBlocked  blocked,
                    const guint8      *walls,
                    const int         *targets,
                    guint              n_targets)
{
  if (++self->sup_gen == 0)
    {
      memset (self->sup_stamp, 0, sizeof (guint32) * (gsize) self->n_hexes);
      memset (self->sup_target, 0, sizeof (guint32) * (gsize) self->n_hexes);
      self->sup_gen = 1;
    }
  guint32 gen = self->sup_gen;
  int head = 0, tail = 0;
  guint left = 0;

  for (guint i = 0; targets != NULL && i < n_targets; i++)
    if (self->sup_target[targets[i]] != gen)
      {
        self->sup_target[targets[i]] = gen;
        left++;
      }
  for (guint i = 0; i < n; i++)
    {
      int h = sources[i];
      if (h < 0 || h >= self->n_hexes || self->sup_stamp[h] == gen)
        continue;
      self->sup_stamp[h] = gen;
      self->sup_dist[h] = 0;
      self->sup_queue[tail++] = h;
      if (targets != NULL && self->sup_target[h] == gen && --left == 0)
        goto done;
    }
  while (head < tail)
    {
      int h = self->sup_queue[head++];
      int d0 = self->sup_dist[h];
      if (d0 >= limit)
        continue;
      const int *nb = self->nbr + h * SAND_N_DIRS;
      for (int d = 0; d < SAND_N_DIRS; d++)
        {
          int to = nb[d];
          if (to == SAND_HEX_NONE || self->sup_stamp[to] == gen)
            continue;
          if ((walls != NULL && walls[to]) || (blocked != NULL && blocked (self, side, h, d, to)))
            continue;
          self->sup_stamp[to] = gen;
          self->sup_dist[to] = d0 + 1;
          self->sup_queue[tail++] = to;
          /* breadth first: a target's distance is final when reached */
          if (targets != NULL && self->sup_target[to] == gen && --left == 0)
            goto done;
        }
    }
done:
  self->sup_reached = (guint) tail;
}

void
sand_supply_trace (SandGame          *self,
                   int                side,
                   const int         *sources,
                   guint              n,
                   int                limit,
                   SandSupplyBlocked  blocked)
{
  sand_supply_trace_to (self, side, sources, n, limit, blocked, NULL, 0);
}

const int *
sand_supply_reached (SandGame *self,
                     guint    *n)
{
  *n = self->sup_reached;
  return self->sup_queue;
}

int
sand_supply_dist (SandGame *self,
                  int       hex)
{
  return self->sup_stamp[hex] == self->sup_gen ? self->sup_dist[hex] : -1;
}

/* Whether @side's combat units are on @hex or next to it: FPW
 * Fortification (E)'s masking. */
static gboolean
masked_for (SandGame *self,
            int       side,
            int       hex)
{
  if (self->n_combat[side][hex] > 0)
    return TRUE;
  /* the game's neighbour table: the grid's own arithmetic per call was
   * most of the zone's cost */
  const int *nb = self->nbr + hex * SAND_N_DIRS;
  for (int d = 0; d < SAND_N_DIRS; d++)
    if (nb[d] != SAND_HEX_NONE && self->n_combat[side][nb[d]] > 0)
      return TRUE;
  return FALSE;
}

/* The hexes one zone met, masked or not: at most 1 + 3r(r+1) of them (a
 * hex is met from one within r - 1 of the fort), kept in an open-addressed
 * set at most a quarter full, so asking is a probe or two rather than a
 * walk of a list of them all (this runs after every change of the position
 * the computer player tries). */
typedef struct {
  int *slot;             /* a hex, or -1 */
  guint mask;
} SeenSet;

static void
seen_init (SeenSet *set,
           int      radius,
           int      n_hexes)
{
  guint most = radius < 1000 ? 1 + 3 * (guint) radius * (guint) (radius + 1) : G_MAXUINT;
  most = MIN (most, (guint) n_hexes);
  guint n = 16;
  while (n < 4 * most)
    n *= 2;
  set->slot = g_new (int, n);
  set->mask = n - 1;
}

static void
seen_clear (SeenSet *set)
{
  memset (set->slot, 0xff, sizeof (int) * (set->mask + 1));
}

/* Adds @hex; FALSE when it was met already. */
static gboolean
seen_add (SeenSet *set,
          int      hex)
{
  guint i = ((guint) hex * 2654435761u) & set->mask;
  while (set->slot[i] >= 0)
    {
      if (set->slot[i] == hex)
        return FALSE;
      i = (i + 1) & set->mask;
    }
  set->slot[i] = hex;
  return TRUE;
}

/* A fort's Zone of Interdiction against @side spreads outward from the
 * fort, hex by hex out to the radius, and stops at a hex @side's combat
 * units occupy or are next to (FPW Fortification (E): "to control an Enemy
 * Fortification's interdicting power, it is necessary to 'mask' it by
 * placing units around it"). A hex is reached only along a path of
 * unmasked hexes, so a ring of units round the fort lifts the whole zone. */
void
sand_supply_update_interdiction (SandGame *self)
{
  if (self->interdict_valid && self->interdict_state_gen == self->state_gen)
    return;
  if (++self->interdict_gen == 0)
    {
      for (int s = 0; s < self->n_sides; s++)
        memset (self->interdict[s], 0, sizeof (guint32) * (gsize) self->n_hexes);
      self->interdict_gen = 1;
    }
  int radius = self->params.interdiction_radius;
  g_autoptr(GArray) queue = g_array_new (FALSE, FALSE, sizeof (int));
  SeenSet seen = { NULL, 0 };
  if (radius > 0)
    seen_init (&seen, radius, self->n_hexes);

  for (guint f = 0; radius > 0 && f < self->n_forts; f++)
    {
      if (self->fort_strength[f] <= 0)
        continue;
      int owner = sand_map_get_marker (self->map, (guint) self->fort_marker[f])->side;
      for (int s = 0; s < self->n_sides; s++)
        {
          if (s == owner)
            continue;
          /* breadth first, one ring at a time; the fort hex is the origin
           * whether or not it is masked itself */
          g_array_set_size (queue, 0);
          seen_clear (&seen);
          int origin = self->fort_hex[f];
          g_array_append_val (queue, origin);
          seen_add (&seen, origin);
          if (!masked_for (self, s, origin))
            self->interdict[s][origin] = self->interdict_gen;
          guint ring_start = 0;
          for (int ring = 1; ring <= radius; ring++)
            {
              guint ring_end = queue->len;
              for (guint i = ring_start; i < ring_end; i++)
                {
                  int h = g_array_index (queue, int, i);
                  for (int d = 0; d < SAND_N_DIRS; d++)
                    {
                      int n = self->nbr[h * SAND_N_DIRS + d];
                      if (n == SAND_HEX_NONE || !seen_add (&seen, n))
                        continue;
                      if (masked_for (self, s, n))
                        continue;
                      self->interdict[s][n] = self->interdict_gen;
                      g_array_append_val (queue, n);
                    }
                }
              ring_start = ring_end;
            }
        }
    }
  g_free (seen.slot);
  self->interdict_state_gen = self->state_gen;
  self->interdict_valid = TRUE;
}

gboolean
sand_game_hex_interdicted (SandGame *self,
                           int       side,
                           int       hex)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (side >= 0 && side < self->n_sides, FALSE);
  g_return_val_if_fail (hex >= 0 && hex < self->n_hexes, FALSE);

  sand_supply_update_interdiction (self);
  return self->interdict[side][hex] == self->interdict_gen;
}
