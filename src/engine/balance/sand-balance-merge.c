/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-balance-merge.c: shards of one balance run into the whole run's
 * report. The shards must be of the same run (scenario, options, players,
 * seed, games, pairings) and tile its games exactly; their records are
 * put back in game order and their per-hex sums added, so the statistics
 * written from the merge are those one run writes. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "sand-balance.h"

static gboolean
strv_equal0 (char **a, char **b)
{
  if (a == NULL || b == NULL)
    return a == b;
  return g_strv_equal ((const char *const *) a, (const char *const *) b);
}

/* Whether @b is a shard of the run @a is a shard of; @what names the
 * first difference. */
static gboolean
same_run (const SandBalanceReport *a, const SandBalanceReport *b, const char **what)
{
  *what = NULL;
  if (g_strcmp0 (a->scenario, b->scenario) != 0 || g_strcmp0 (a->title, b->title) != 0
      || g_strcmp0 (a->ruleset, b->ruleset) != 0)
    *what = "scenario";
  else if (!strv_equal0 (a->options, b->options))
    *what = "options";
  else if (!strv_equal0 (a->levels, b->levels))
    *what = "levels";
  else if (a->n_sides != b->n_sides)
    *what = "sides";
  else if (a->seed != b->seed)
    *what = "seed";
  else if (a->games != b->games)
    *what = "games";
  else if (a->pairings->len != b->pairings->len)
    *what = "pairings";
  for (int s = 0; *what == NULL && s < a->n_sides; s++)
    if (g_strcmp0 (a->side_ids[s], b->side_ids[s]) != 0
        || g_strcmp0 (a->players[s], b->players[s]) != 0)
      *what = "players";
  for (guint p = 0; *what == NULL && p < a->pairings->len; p++)
    {
      const SandBalancePairing *x = g_ptr_array_index (a->pairings, p);
      const SandBalancePairing *y = g_ptr_array_index (b->pairings, p);
      for (int s = 0; s < a->n_sides; s++)
        if (g_strcmp0 (x->oob[s], y->oob[s]) != 0)
          *what = "pairings";
    }
  return *what == NULL;
}

static int
cmp_first (gconstpointer a, gconstpointer b)
{
  const SandBalanceReport *x = *(SandBalanceReport *const *) a;
  const SandBalanceReport *y = *(SandBalanceReport *const *) b;
  return x->first < y->first ? -1 : x->first > y->first;
}

/* Adds @from's hexes into @into: both sorted by id, merged side by side
 * into a new array (so no pointer into @into is kept across a resize). */
static void
add_hexes (GArray *into, const GArray *from)
{
  g_autoptr(GArray) out = g_array_sized_new (FALSE, TRUE, sizeof (SandBalanceHex),
                                             into->len + from->len);
  guint i = 0, k = 0;
  while (i < into->len || k < from->len)
    {
      const SandBalanceHex *a = i < into->len ? &g_array_index (into, SandBalanceHex, i) : NULL;
      const SandBalanceHex *b = k < from->len ? &g_array_index (from, SandBalanceHex, k) : NULL;
      int c = a == NULL ? 1 : b == NULL ? -1 : strcmp (a->id, b->id);
      SandBalanceHex h = c <= 0 ? *a : *b;
      if (c == 0)
        {
          h.combats += b->combats;
          h.losses += b->losses;
          h.unit_turns += b->unit_turns;
        }
      g_array_append_val (out, h);
      i += c <= 0;
      k += c >= 0;
    }
  g_array_set_size (into, 0);
  g_array_append_vals (into, out->data, out->len);
}

SandBalanceReport *
sand_balance_merge (GPtrArray  *reports,
                    GError    **error)
{
  g_return_val_if_fail (reports != NULL, NULL);
  if (reports->len == 0)
    {
      g_set_error (error, SAND_BALANCE_ERROR, SAND_BALANCE_ERROR_MISMATCH,
                   _("Nothing to merge."));
      return NULL;
    }
  /* A copy keeps the free function: this one must not free the reports. */
  g_autoptr(GPtrArray) sorted = g_ptr_array_copy (reports, NULL, NULL);
  g_ptr_array_set_free_func (sorted, NULL);
  g_ptr_array_sort (sorted, cmp_first);
  const SandBalanceReport *a = g_ptr_array_index (sorted, 0);
  guint next = 0;
  for (guint k = 0; k < sorted->len; k++)
    {
      const SandBalanceReport *b = g_ptr_array_index (sorted, k);
      const char *what;
      if (!same_run (a, b, &what))
        {
          g_set_error (error, SAND_BALANCE_ERROR, SAND_BALANCE_ERROR_MISMATCH,
                       _("These reports are not shards of one run: their %s differ."), what);
          return NULL;
        }
      if (b->first != next)
        {
          if (b->first < next)
            g_set_error (error, SAND_BALANCE_ERROR, SAND_BALANCE_ERROR_MISMATCH,
                         _("Two shards both hold game %u."), b->first);
          else
            g_set_error (error, SAND_BALANCE_ERROR, SAND_BALANCE_ERROR_MISMATCH,
                         _("No shard holds games %u to %u."), next, b->first - 1);
          return NULL;
        }
      next = b->end;
    }
  if (next != a->games)
    {
      g_set_error (error, SAND_BALANCE_ERROR, SAND_BALANCE_ERROR_MISMATCH,
                   _("No shard holds games %u to %u."), next, a->games - 1);
      return NULL;
    }

  SandBalanceReport *m = sand_balance_report_new ();
  m->scenario = g_strdup (a->scenario);
  m->title = g_strdup (a->title);
  m->ruleset = g_strdup (a->ruleset);
  m->options = g_strdupv (a->options);
  m->levels = g_strdupv (a->levels);
  m->n_sides = a->n_sides;
  for (int s = 0; s < a->n_sides; s++)
    {
      m->side_ids[s] = g_strdup (a->side_ids[s]);
      m->players[s] = g_strdup (a->players[s]);
    }
  m->seed = a->seed;
  m->games = a->games;
  m->first = 0;
  m->end = a->games;
  for (guint p = 0; p < a->pairings->len; p++)
    {
      SandBalancePairing *mp = sand_balance_pairing_new ();
      const SandBalancePairing *ap = g_ptr_array_index (a->pairings, p);
      for (int s = 0; s < a->n_sides; s++)
        mp->oob[s] = g_strdup (ap->oob[s]);
      for (guint k = 0; k < sorted->len; k++)
        {
          const SandBalanceReport *b = g_ptr_array_index (sorted, k);
          const SandBalancePairing *bp = g_ptr_array_index (b->pairings, p);
          g_array_append_vals (mp->games, bp->games->data, bp->games->len);
          add_hexes (mp->hexes, bp->hexes);
        }
      g_ptr_array_add (m->pairings, mp);
    }
  return m;
}
