/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-combat.c: the parts of combat resolution every game shares. */
#include "config.h"

#include <glib/gi18n-lib.h>

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
  if (out->len == first)
    return; /* an empty array has no data to offset */
  int *data = (int *) (void *) out->data + first;
  for (guint i = 1; i < ring->len; i++)
    for (guint j = i; j > 0 && data[j - 1] > data[j]; j--)
      {
        int t = data[j];
        data[j] = data[j - 1];
        data[j - 1] = t;
      }
}

/* Two-step combat ----------------------------------------------------------- */

gboolean
sand_combat_check_idle (SandGame  *self,
                        GError   **error)
{
  if (self->pending == NULL)
    return TRUE;
  g_autofree char *hid = sand_game_hex_id (self, self->pending->hex);
  sand_game_refuse (self, error, self->pending->loss[1].rule,
                    _("The attack on %s has been rolled and waits for its losses, retreats and "
                      "advance to be chosen: settle it (or undo it) first."), hid);
  return FALSE;
}

void
sand_combat_plan_loss (SandGame     *self,
                       SandLossOwed *owed,
                       int           side,
                       int           total,
                       const int    *units,
                       guint         n,
                       int           fort_limit,
                       const char   *rule)
{
  int have = MAX (fort_limit, 0);

  owed->side = side;
  owed->rule = rule;
  owed->fort_limit = fort_limit;
  for (guint i = 0; i < n; i++)
    {
      const SandUnitState *u = &self->units[units[i]];
      if (u->status != SAND_UNIT_ON_MAP || u->strength <= 0)
        continue;
      SandLossOption o = { units[i], u->strength };
      g_array_append_val (owed->units, o);
      have += u->strength;
    }
  owed->owed = MIN (MAX (total, 0), have);
}

gboolean
sand_combat_retreat_may_enter (SandGame *self,
                               int       side,
                               int       origin,
                               int       here,
                               int       k,
                               int       hex)
{
  int dir = sand_grid_direction_to (self->grid, here, hex);

  return dir >= 0 && sand_grid_distance (self->grid, origin, hex) == k
    && self->edge_cost[here * SAND_N_DIRS + dir] != 255 && !self->no_entry[side][hex]
    && !sand_game_enemy_blocks (self, side, hex);
}

static gboolean
enemy_controls (SandGame *self,
                int       side,
                int       hex)
{
  return (self->zoc_mask[hex] & ~(1u << side)) != 0;
}

void
sand_combat_plan_retreat (SandGame          *self,
                          SandPendingAttack *plan,
                          const int         *units,
                          guint              n,
                          int                origin,
                          int                hexes,
                          gboolean           zoc_allowed,
                          const char        *rule)
{
  SandRetreatOwed r = { 0 };

  if (n == 0 || hexes <= 0)
    return;
  r.units = g_array_new (FALSE, FALSE, sizeof (int));
  r.ends = g_array_new (FALSE, FALSE, sizeof (int));
  r.controlled = g_array_new (FALSE, FALSE, sizeof (int));
  r.room = g_array_new (FALSE, FALSE, sizeof (int));
  r.hexes = hexes;
  r.rule = rule;
  g_array_append_vals (r.units, units, n);
  int side = self->units[units[0]].side;
  int start = self->units[units[0]].hex;
  sand_zoc_update (self);
  /* Rings of hexes one step farther from @origin each; a hex stays
   * "clean" when some way to it avoids enemy control. */
  g_autoptr(GArray) ring = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) clean = g_array_new (FALSE, FALSE, sizeof (gboolean));
  g_autoptr(GArray) next = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) next_clean = g_array_new (FALSE, FALSE, sizeof (gboolean));
  gboolean yes = TRUE;
  g_array_append_val (ring, start);
  g_array_append_val (clean, yes);
  for (int k = 0; k < hexes; k++)
    {
      g_array_set_size (next, 0);
      g_array_set_size (next_clean, 0);
      for (guint i = 0; i < ring->len; i++)
        {
          int h = g_array_index (ring, int, i);
          int kk = sand_grid_distance (self->grid, origin, h) + 1;
          for (int d = 0; d < SAND_N_DIRS; d++)
            {
              int nb = self->nbr[h * SAND_N_DIRS + d];
              if (nb == SAND_HEX_NONE
                  || !sand_combat_retreat_may_enter (self, side, origin, h, kk, nb))
                continue;
              gboolean z = enemy_controls (self, side, nb);
              if (z && !zoc_allowed)
                continue;
              gboolean c = g_array_index (clean, gboolean, i) && !z;
              guint j = 0;
              while (j < next->len && g_array_index (next, int, j) != nb)
                j++;
              if (j == next->len)
                {
                  g_array_append_val (next, nb);
                  g_array_append_val (next_clean, c);
                }
              else if (c)
                g_array_index (next_clean, gboolean, j) = TRUE;
            }
        }
      if (next->len == 0)
        break;
      r.reach = k + 1;
      g_array_set_size (ring, 0);
      g_array_set_size (clean, 0);
      g_array_append_vals (ring, next->data, next->len);
      g_array_append_vals (clean, next_clean->data, next_clean->len);
    }
  if (r.reach > 0)
    {
      /* in hex order */
      for (guint i = 0; i < ring->len; i++)
        for (guint j = i; j > 0 && g_array_index (ring, int, j - 1) > g_array_index (ring, int, j);
             j--)
          {
            int t = g_array_index (ring, int, j);
            gboolean tc = g_array_index (clean, gboolean, j);
            g_array_index (ring, int, j) = g_array_index (ring, int, j - 1);
            g_array_index (clean, gboolean, j) = g_array_index (clean, gboolean, j - 1);
            g_array_index (ring, int, j - 1) = t;
            g_array_index (clean, gboolean, j - 1) = tc;
          }
      g_array_append_vals (r.ends, ring->data, ring->len);
      for (guint i = 0; i < ring->len; i++)
        if (!g_array_index (clean, gboolean, i))
          g_array_append_val (r.controlled, g_array_index (ring, int, i));
      /* who is there already (4.3) */
      for (guint u = 0; u < self->n_units; u++)
        {
          const SandUnitState *st = &self->units[u];
          gboolean on_end = FALSE, retreating = FALSE;
          if (st->status != SAND_UNIT_ON_MAP || st->side != side)
            continue;
          for (guint i = 0; i < ring->len && !on_end; i++)
            on_end = g_array_index (ring, int, i) == st->hex;
          for (guint j = 0; j < n && !retreating; j++)
            retreating = units[j] == (int) u;
          if (on_end && !retreating)
            {
              int k = (int) u;
              g_array_append_val (r.room, k);
            }
        }
    }
  g_array_append_val (plan->retreats, r);
}

const SandRetreat *
sand_combat_chosen_retreat (const SandAttackChoices *ch,
                            const int               *units,
                            guint                    n)
{
  for (guint i = 0; ch != NULL && i < ch->n_retreats; i++)
    for (guint j = 0; j < n; j++)
      if (ch->retreats[i].unit == units[j])
        return &ch->retreats[i];
  return NULL;
}

void
sand_pending_attack_free (SandPendingAttack *p)
{
  if (p == NULL)
    return;
  g_clear_pointer (&p->attackers, g_array_unref);
  sand_odds_clear (&p->odds);
  for (int s = 0; s < 2; s++)
    g_clear_pointer (&p->loss[s].units, g_array_unref);
  for (guint i = 0; p->retreats && i < p->retreats->len; i++)
    {
      SandRetreatOwed *r = &g_array_index (p->retreats, SandRetreatOwed, i);
      g_clear_pointer (&r->units, g_array_unref);
      g_clear_pointer (&r->ends, g_array_unref);
      g_clear_pointer (&r->controlled, g_array_unref);
      g_clear_pointer (&r->room, g_array_unref);
    }
  g_clear_pointer (&p->retreats, g_array_unref);
  g_clear_pointer (&p->advance, g_array_unref);
  g_clear_pointer (&p->support, g_array_unref);
  g_free (p);
}

gboolean
sand_combat_parse_losses (SandGame    *self,
                          const char  *text,
                          GArray      *out,
                          int         *fort_loss,
                          GError     **error)
{
  g_auto(GStrv) items = g_strsplit (text, ",", -1);

  for (guint k = 0; items[k] != NULL; k++)
    {
      char *colon = strrchr (items[k], ':');
      char *end = NULL;
      if (items[k][0] == '\0')
        continue;
      long v = colon ? strtol (colon + 1, &end, 10) : 0;
      if (colon == NULL || end == colon + 1 || *end != '\0' || v < 0 || v > G_MAXINT)
        {
          sand_game_invalid (self, error, _("losses= takes ID:N items, not '%s'."), items[k]);
          return FALSE;
        }
      *colon = '\0';
      if (strcmp (items[k], "fort") == 0)
        {
          *fort_loss = (int) v;
          continue;
        }
      SandLoss l = { sand_game_find_unit (self, items[k]), (int) v };
      if (l.unit < 0)
        {
          sand_game_invalid (self, error, _("There is no unit '%s'."), items[k]);
          return FALSE;
        }
      g_array_append_val (out, l);
    }
  return TRUE;
}

gboolean
sand_game_parse_retreats (SandGame    *self,
                          const char  *text,
                          GArray      *out,
                          GError     **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  g_auto(GStrv) items = g_strsplit (text, ",", -1);
  for (guint k = 0; items[k] != NULL; k++)
    {
      if (items[k][0] == '\0')
        continue;
      char *colon = strrchr (items[k], ':');
      if (colon == NULL)
        {
          sand_game_invalid (self, error, _("retreat= takes ID:HEX[/HEX…] items, not '%s'."),
                             items[k]);
          return FALSE;
        }
      *colon = '\0';
      SandRetreat r = { .unit = sand_game_find_unit (self, items[k]) };
      if (r.unit < 0)
        {
          sand_game_invalid (self, error, _("There is no unit '%s'."), items[k]);
          return FALSE;
        }
      g_auto(GStrv) hexes = g_strsplit (colon + 1, "/", -1);
      for (guint i = 0; hexes[i] != NULL; i++)
        {
          if (r.n_hexes == SAND_RETREAT_MAX_HEXES
              || !sand_grid_parse_id (self->grid, hexes[i], &r.hexes[r.n_hexes]))
            {
              sand_game_invalid (self, error, _("'%s' is not a retreat path on this map."),
                                 colon + 1);
              return FALSE;
            }
          r.n_hexes++;
        }
      g_array_append_val (out, r);
    }
  return TRUE;
}
