/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-zoc.c: zones of control, as per-side counts per hex.
 *
 * A count says how many units of a side exert control into a hex. Counts
 * are recomputed from the units when something moved (a handful of units,
 * six neighbours each), and only the hexes written last time are cleared,
 * so the cost never depends on the size of the map. Whether control stops
 * at a hexside (a river) is a static table the rules module filled once.
 * Control is then read from the mover's point of view: a hex holding one of
 * the mover's other combat units or a friendly fort is not controlled
 * against it (FPW ZOC (D) and (F)).
 */
#include "config.h"

#include "sand-game-private.h"

#include <string.h>

void
sand_zoc_init (SandGame *self)
{
  for (int s = 0; s < self->n_sides; s++)
    {
      self->zoc[s] = g_new0 (int, self->n_hexes);
      self->zoc_touched[s] = g_array_new (FALSE, FALSE, sizeof (int));
    }
  self->zoc_mask = g_new0 (guint8, self->n_hexes);
  self->zoc_dirty = TRUE;
}

void
sand_zoc_clear (SandGame *self)
{
  for (int s = 0; s < SAND_MAX_SIDES; s++)
    {
      g_clear_pointer (&self->zoc[s], g_free);
      g_clear_pointer (&self->zoc_touched[s], g_array_unref);
    }
  g_clear_pointer (&self->zoc_mask, g_free);
}

void
sand_zoc_update (SandGame *self)
{
  if (!self->zoc_dirty)
    return;
  for (int s = 0; s < self->n_sides; s++)
    {
      GArray *t = self->zoc_touched[s];
      for (guint i = 0; i < t->len; i++)
        {
          self->zoc[s][g_array_index (t, int, i)] = 0;
          self->zoc_mask[g_array_index (t, int, i)] = 0;
        }
      g_array_set_size (t, 0);
    }
  for (guint i = 0; i < self->n_units; i++)
    {
      const SandUnitState *u = &self->units[i];
      if (u->status != SAND_UNIT_ON_MAP || !self->rules->exerts_zoc (self, (int) i))
        continue;
      guint8 blocked = self->zoc_side_blocked[u->hex];
      for (int d = 0; d < SAND_N_DIRS; d++)
        {
          int n = sand_grid_neighbour (self->grid, u->hex, d);
          if (n == SAND_HEX_NONE || (blocked & (1u << d)))
            continue;
          if (self->zoc[u->side][n]++ == 0)
            {
              g_array_append_val (self->zoc_touched[u->side], n);
              self->zoc_mask[n] |= (guint8) (1u << u->side);
            }
        }
    }
  self->zoc_dirty = FALSE;
}

gboolean
sand_zoc_controlled_for (SandGame *self,
                         int       side,
                         int       hex,
                         int       mover)
{
  guint8 me = (guint8) (1u << side);

  if (!(self->zoc_mask[hex] & ~me))
    return FALSE;
  if (mover >= 0 && self->params.zoc_ignores_friends)
    return TRUE;
  /* Control never reaches a hex with the mover's other combat units in it,
   * nor a friendly fort. */
  if (mover < 0 || self->units[mover].hex != hex
      || self->units[mover].status != SAND_UNIT_ON_MAP)
    return !(self->blockers[hex] & me);
  int friends = self->n_combat[side][hex];
  if (sand_game_unit_is_combat (self, mover))
    friends--;
  return friends <= 0 && !sand_game_fort_alive_at (self, hex, side);
}

gboolean
sand_game_hex_controlled (SandGame *self,
                          int       side,
                          int       hex)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (side >= 0 && side < self->n_sides, FALSE);
  g_return_val_if_fail (hex >= 0 && hex < self->n_hexes, FALSE);

  sand_zoc_update (self);
  if (self->zoc[side][hex] == 0)
    return FALSE;
  if (self->params.zoc_ignores_friends)
    return TRUE;
  for (int s = 0; s < self->n_sides; s++)
    if (s != side && (self->n_combat[s][hex] > 0 || sand_game_fort_alive_at (self, hex, s)))
      return FALSE;
  return TRUE;
}

static int
cmp_int (gconstpointer a, gconstpointer b, gpointer data)
{
  return *(const int *) a - *(const int *) b;
}

void
sand_game_zoc_hexes (SandGame *self,
                     int       side,
                     GArray   *out)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (side >= 0 && side < self->n_sides);
  g_return_if_fail (out != NULL);

  sand_zoc_update (self);
  guint first = out->len;
  GArray *t = self->zoc_touched[side];
  for (guint i = 0; i < t->len; i++)
    {
      int hex = g_array_index (t, int, i);
      if (sand_game_hex_controlled (self, side, hex))
        g_array_append_val (out, hex);
    }
  if (out->len > first + 1) /* an empty array has no data to offset */
    g_qsort_with_data (out->data + first * sizeof (int), (int) (out->len - first),
                       sizeof (int), cmp_int, NULL);
}
