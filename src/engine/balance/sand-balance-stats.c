/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-balance-stats.c: a pairing's statistics from its game records
 * (sand-balance-stats.h). Sums are kept in integers, so the means and
 * spreads are the same numbers however the games were split. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sand-balance-stats.h"

typedef struct {
  gint64 sum, sum2;
  guint n;
  int min, max;
} Acc;

static void
acc_add (Acc *a, int v)
{
  if (a->n == 0 || v < a->min)
    a->min = v;
  if (a->n == 0 || v > a->max)
    a->max = v;
  a->sum += v;
  a->sum2 += (gint64) v * v;
  a->n++;
}

static void
acc_spread (const Acc *a, SandBalanceSpread *out)
{
  memset (out, 0, sizeof *out);
  if (a->n == 0)
    return;
  out->min = a->min;
  out->max = a->max;
  out->mean = (double) a->sum / a->n;
  if (a->n > 1)
    {
      /* n·Σx² − (Σx)² is exact in integers; only the last division and
       * root are floating point. */
      double num = (double) (a->sum2 * (gint64) a->n - a->sum * a->sum);
      out->sd = sqrt (MAX (0.0, num) / ((double) a->n * (a->n - 1)));
    }
}

/* Bins of 1, 2, 5, 10, 20, 50… wide, the narrowest that needs at most
 * @max_bins to cover [min, max]. */
static int
nice_width (int min, int max, int max_bins)
{
  gint64 span = (gint64) max - min + 1;
  for (gint64 decade = 1;; decade *= 10)
    {
      static const int steps[] = { 1, 2, 5 };
      for (guint k = 0; k < G_N_ELEMENTS (steps); k++)
        if ((span + steps[k] * decade - 1) / (steps[k] * decade) <= max_bins
            || decade > G_MAXINT / 100)
          return (int) (steps[k] * decade);
    }
}

static int
floor_div (int a, int b)
{
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}

static void
histogram_init (SandBalanceHistogram *h, const Acc *a, int max_bins)
{
  h->counts = g_array_new (FALSE, TRUE, sizeof (guint));
  if (a->n == 0)
    {
      h->from = 0;
      h->width = 1;
      return;
    }
  h->width = nice_width (a->min, a->max, max_bins);
  h->from = floor_div (a->min, h->width) * h->width;
  g_array_set_size (h->counts, (guint) ((a->max - h->from) / h->width + 1));
}

static void
histogram_add (SandBalanceHistogram *h, int v)
{
  guint bin = (guint) ((v - h->from) / h->width);
  if (bin < h->counts->len)
    g_array_index (h->counts, guint, bin)++;
}

static void
count_level (GArray *levels, const char *label)
{
  for (guint i = 0; i < levels->len; i++)
    {
      SandBalanceLevelCount *c = &g_array_index (levels, SandBalanceLevelCount, i);
      if (g_strcmp0 (c->label, label) == 0)
        {
          c->games++;
          return;
        }
    }
  SandBalanceLevelCount c = { label, 1 };
  g_array_append_val (levels, c);
}

/* Whether game @a comes before game @b: the higher net first when
 * @high, else the lower; ties by game number. */
static gboolean
before (const SandBalanceGame *a, const SandBalanceGame *b, gboolean high)
{
  if (a->net != b->net)
    return high ? a->net > b->net : a->net < b->net;
  return a->index < b->index;
}

/* The @k first of the games @idx names: a selection, not a sort, since k
 * is 5 and n may be 10⁵. */
static GArray *
first_k (const SandBalanceGame *games, const guint *idx, guint n, guint k, gboolean high)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (guint));
  guint *copy = g_memdup2 (idx, sizeof (guint) * MAX (n, 1));
  for (guint j = 0; j < MIN (k, n); j++)
    {
      guint best = j;
      for (guint m = j + 1; m < n; m++)
        if (before (&games[copy[m]], &games[copy[best]], high))
          best = m;
      guint tmp = copy[j];
      copy[j] = copy[best];
      copy[best] = tmp;
      g_array_append_val (out, copy[j]);
    }
  g_free (copy);
  return out;
}

void
sand_balance_stats_compute (const SandBalanceReport  *report,
                            const SandBalancePairing *pairing,
                            SandBalanceStats         *st)
{
  memset (st, 0, sizeof *st);
  st->levels = g_array_new (FALSE, FALSE, sizeof (SandBalanceLevelCount));
  for (guint i = 0; report->levels != NULL && report->levels[i] != NULL; i++)
    {
      SandBalanceLevelCount c = { g_intern_string (report->levels[i]), 0 };
      g_array_append_val (st->levels, c);
    }

  const SandBalanceGame *games = (const SandBalanceGame *) (gpointer) pairing->games->data;
  guint n = pairing->games->len;
  Acc net = { 0 }, len = { 0 }, lead = { 0 }, pts[SAND_MAX_SIDES] = { { 0 } };
  g_autoptr(GArray) played = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < n; i++)
    {
      const SandBalanceGame *g = &games[i];
      if (g->failed)
        {
          st->failed++;
          continue;
        }
      g_array_append_val (played, i);
      st->games++;
      if (g->winner >= 0 && g->winner < report->n_sides)
        st->side[g->winner].wins++;
      else
        st->draws++;
      count_level (st->levels, g->level != NULL ? g_intern_string (g->level) : NULL);
      acc_add (&net, g->net);
      acc_add (&len, g->turns);
      if (g->winner >= 0)
        acc_add (&lead, g->lead_turn);
      for (int s = 0; s < report->n_sides; s++)
        acc_add (&pts[s], g->points[s]);
    }

  guint decided = st->games - st->draws;
  for (int s = 0; s < report->n_sides; s++)
    {
      SandBalanceSideStats *ss = &st->side[s];
      ss->rate = st->games > 0 ? (double) ss->wins / st->games : 0;
      sand_balance_wilson (ss->wins, st->games, &ss->low, &ss->high);
      ss->decided_rate = decided > 0 ? (double) ss->wins / decided : 0;
      sand_balance_wilson (ss->wins, decided, &ss->decided_low, &ss->decided_high);
      acc_spread (&pts[s], &st->points[s]);
    }
  acc_spread (&net, &st->net);
  acc_spread (&len, &st->length);
  acc_spread (&lead, &st->lead);
  histogram_init (&st->net_histogram, &net, 20);
  histogram_init (&st->length_histogram, &len, 1000);
  histogram_init (&st->lead_histogram, &lead, 1000);
  for (guint i = 0; i < n; i++)
    {
      const SandBalanceGame *g = &games[i];
      if (g->failed)
        continue;
      histogram_add (&st->net_histogram, g->net);
      histogram_add (&st->length_histogram, g->turns);
      if (g->winner >= 0)
        histogram_add (&st->lead_histogram, g->lead_turn);
    }
  const guint *idx = (const guint *) (gpointer) played->data;
  st->highest = first_k (games, idx, played->len, SAND_BALANCE_N_LOPSIDED, TRUE);
  st->lowest = first_k (games, idx, played->len, SAND_BALANCE_N_LOPSIDED, FALSE);
}

void
sand_balance_stats_clear (SandBalanceStats *st)
{
  g_clear_pointer (&st->levels, g_array_unref);
  g_clear_pointer (&st->net_histogram.counts, g_array_unref);
  g_clear_pointer (&st->length_histogram.counts, g_array_unref);
  g_clear_pointer (&st->lead_histogram.counts, g_array_unref);
  g_clear_pointer (&st->highest, g_array_unref);
  g_clear_pointer (&st->lowest, g_array_unref);
}
