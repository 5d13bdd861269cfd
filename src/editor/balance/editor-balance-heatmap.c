/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-balance-heatmap.c: per-hex counts as an overlay (see the header). */
#include "config.h"

#include <math.h>
#include <string.h>

#include "editor-balance-heatmap.h"

guint32
editor_balance_heatmap_color (double t)
{
  t = CLAMP (t, 0.0, 1.0);
  /* Pale yellow → orange → dark red, more opaque as it heats, so the
   * terrain still shows under the cold hexes. */
  double r = 255 - 115 * MAX (0.0, t - 0.5) * 2;
  double g = 230 - 230 * t;
  double b = 120 - 120 * MIN (1.0, t * 2);
  guint a = (guint) (110 + 110 * t);
  return ((guint32) r << 24) | ((guint32) g << 16) | ((guint32) b << 8) | a;
}

gboolean
editor_balance_heatmap_build (EditorBalanceHeatmap    *heat,
                              const SandBalanceReport *report,
                              const SandGrid          *grid,
                              EditorBalanceHeat        kind)
{
  memset (heat, 0, sizeof *heat);
  if (kind == EDITOR_BALANCE_HEAT_NONE || report == NULL)
    return FALSE;
  int n = sand_grid_n_hexes (grid);
  guint64 *sum = g_new0 (guint64, n);
  for (guint p = 0; p < report->pairings->len; p++)
    {
      const SandBalancePairing *pr = g_ptr_array_index (report->pairings, p);
      for (guint i = 0; i < pr->hexes->len; i++)
        {
          const SandBalanceHex *h = &g_array_index (pr->hexes, SandBalanceHex, i);
          int hex;
          if (!sand_grid_parse_id (grid, h->id, &hex))
            continue;
          sum[hex] += kind == EDITOR_BALANCE_HEAT_COMBATS ? h->combats
                      : kind == EDITOR_BALANCE_HEAT_LOSSES ? h->losses : h->unit_turns;
        }
    }
  heat->n_hexes = n;
  heat->tint = g_new0 (guint32, n);
  heat->labels = g_new0 (char *, n + 1);
  for (int h = 0; h < n; h++)
    heat->max = MAX (heat->max, sum[h]);
  for (int h = 0; h < n && heat->max > 0; h++)
    if (sum[h] > 0)
      {
        /* A square-root scale: a few hexes take most of the fighting, and
         * a linear ramp would leave the rest all pale. */
        heat->tint[h] = editor_balance_heatmap_color (sqrt ((double) sum[h] / heat->max));
        heat->labels[h] = g_strdup_printf ("%" G_GUINT64_FORMAT, sum[h]);
      }
  g_free (sum);
  heat->overlay.tint = heat->tint;
  heat->overlay.labels = (const char * const *) heat->labels;
  return TRUE;
}

void
editor_balance_heatmap_clear (EditorBalanceHeatmap *heat)
{
  if (heat->labels != NULL)
    for (int h = 0; h < heat->n_hexes; h++)
      g_free (heat->labels[h]);
  g_clear_pointer (&heat->labels, g_free);
  g_clear_pointer (&heat->tint, g_free);
  memset (heat, 0, sizeof *heat);
}
