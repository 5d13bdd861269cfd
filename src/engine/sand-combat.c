/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-combat.c: the parts of combat resolution every game shares. */
#include "config.h"

#include "sand-game-private.h"

#include <stdlib.h>
#include <string.h>

void
sand_combat_round_odds (int  attack_q,
                        int  defense_q,
                        int *a,
                        int *d)
{
  /* Rounded in the defender's favour: 26 against 9 is 2-1; 9 against 26
   * is 1-3. */
  if (defense_q <= 0)
    {
      *a = 99;
      *d = 1;
    }
  else if (attack_q <= 0)
    {
      *a = 0;
      *d = 1;
    }
  else if (attack_q >= defense_q)
    {
      *a = attack_q / defense_q;
      *d = 1;
    }
  else
    {
      *a = 1;
      *d = (defense_q + attack_q - 1) / attack_q;
    }
}

static gboolean
parse_column (const char *text,
              int        *a,
              int        *d)
{
  char *end;
  *a = (int) strtol (text, &end, 10);
  if (end == text || *end != '-')
    return FALSE;
  const char *rest = end + 1;
  *d = (int) strtol (rest, &end, 10);
  return end != rest && *d > 0;
}

int
sand_combat_column (const SandTable *table,
                    int              a,
                    int              d)
{
  int best = -1;
  int first = -1;

  for (guint i = 0; i < table->columns->len; i++)
    {
      int ca, cd;
      if (!parse_column (g_ptr_array_index (table->columns, i), &ca, &cd))
        continue;
      if (first < 0)
        first = (int) i;
      /* column ≤ odds, compared as fractions */
      if ((gint64) ca * d <= (gint64) a * cd)
        best = (int) i;
    }
  return best >= 0 ? best : first;
}

const SandTableRow *
sand_combat_row (const SandTable *table,
                 int              roll)
{
  const SandTableRow *lo = NULL, *hi = NULL;
  int lo_key = G_MAXINT, hi_key = G_MININT;

  for (guint i = 0; i < table->rows->len; i++)
    {
      const SandTableRow *row = g_ptr_array_index (table->rows, i);
      int key = atoi (row->key);
      if (key == roll)
        return row;
      if (key < lo_key)
        {
          lo_key = key;
          lo = row;
        }
      if (key > hi_key)
        {
          hi_key = key;
          hi = row;
        }
    }
  return roll < lo_key ? lo : hi;
}

gboolean
sand_combat_flank_shape (guint dirs)
{
  for (int d = 0; d < 3; d++)
    if ((dirs & (1u << d)) && (dirs & (1u << (d + 3))))
      return TRUE;
  for (int d = 0; d < 2; d++)
    if ((dirs & (1u << d)) && (dirs & (1u << (d + 2))) && (dirs & (1u << (d + 4))))
      return TRUE;
  return FALSE;
}

void
sand_combat_allocate (SandGame       *self,
                      const int      *units,
                      guint           n,
                      int             total,
                      const SandLoss *chosen,
                      guint           n_chosen,
                      GArray         *out)
{
  g_autofree int *left = g_new0 (int, n + 1);
  g_autofree int *taken = g_new0 (int, n + 1);

  for (guint i = 0; i < n; i++)
    left[i] = self->units[units[i]].strength;
  for (guint c = 0; c < n_chosen && total > 0; c++)
    for (guint i = 0; i < n; i++)
      if (units[i] == chosen[c].unit)
        {
          int t = MIN (MIN (chosen[c].loss, left[i]), total);
          t = MAX (t, 0);
          left[i] -= t;
          taken[i] += t;
          total -= t;
        }
  while (total > 0)
    {
      int best = -1;
      for (guint i = 0; i < n; i++)
        if (left[i] > 0 && (best < 0 || left[i] > left[best]))
          best = (int) i;
      if (best < 0)
        break;
      left[best]--;
      taken[best]++;
      total--;
    }
  for (guint i = 0; i < n; i++)
    if (taken[i] > 0)
      {
        SandLoss l = { units[i], taken[i] };
        g_array_append_val (out, l);
      }
}

void
sand_combat_retreat_hexes (SandGame *self,
                           int       unit,
                           int       steps,
                           GArray   *out)
{
  const SandUnitState *u = &self->units[unit];
  int start = u->hex;
  int side = u->side;

  if (u->status != SAND_UNIT_ON_MAP || steps <= 0)
    return;
  sand_zoc_update (self);
  /* Breadth first over rings of growing distance from the start: a hex
   * joins ring k + 1 when a neighbour in ring k reached it. */
  g_autoptr(GArray) ring = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) next = g_array_new (FALSE, FALSE, sizeof (int));
  g_array_append_val (ring, start);
  for (int k = 0; k < steps && ring->len > 0; k++)
    {
      g_array_set_size (next, 0);
      for (guint i = 0; i < ring->len; i++)
        {
          int h = g_array_index (ring, int, i);
          for (int d = 0; d < SAND_N_DIRS; d++)
            {
              int n = self->nbr[h * SAND_N_DIRS + d];
              if (n == SAND_HEX_NONE || sand_grid_distance (self->grid, start, n) != k + 1)
                continue;
              if (self->no_entry[side][n] || self->edge_cost[h * SAND_N_DIRS + d] == 255
                  || sand_game_enemy_blocks (self, side, n)
                  || sand_zoc_controlled_for (self, side, n, unit))
                continue;
              gboolean seen = FALSE;
              for (guint j = 0; j < next->len && !seen; j++)
                seen = g_array_index (next, int, j) == n;
              if (!seen)
                g_array_append_val (next, n);
            }
        }
      g_array_set_size (ring, 0);
      g_array_append_vals (ring, next->data, next->len);
    }
  guint first = out->len;
  g_array_append_vals (out, ring->data, ring->len);
  int *data = (int *) (void *) out->data + first;
  for (guint i = 1; i < ring->len; i++)
    for (guint j = i; j > 0 && data[j - 1] > data[j]; j--)
      {
        int t = data[j];
        data[j] = data[j - 1];
        data[j - 1] = t;
      }
}
