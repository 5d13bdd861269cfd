/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-balance-heatmap.h: a balance report's per-hex counts as a map
 * overlay (SandOverlay tints and labels, which the canvas draws above its
 * tiles): summed over the report's pairings, coloured from pale yellow
 * (few) to dark red (the most), with the count written on each hex. */
#pragma once

#include "sand-balance.h"
#include "sand-hex.h"
#include "sand-renderer.h"

G_BEGIN_DECLS

typedef enum {
  EDITOR_BALANCE_HEAT_NONE,
  EDITOR_BALANCE_HEAT_COMBATS,
  EDITOR_BALANCE_HEAT_LOSSES,
  EDITOR_BALANCE_HEAT_OCCUPANCY,
} EditorBalanceHeat;

typedef struct {
  guint32 *tint;            /* per hex of the grid */
  char **labels;            /* per hex, NULL where nothing */
  int n_hexes;
  guint64 max;              /* the largest count: the legend's top */
  SandOverlay overlay;      /* pointing into the arrays above */
} EditorBalanceHeatmap;

/* FALSE (and nothing to free) for EDITOR_BALANCE_HEAT_NONE. Hex ids the
 * grid does not have are left out. */
gboolean editor_balance_heatmap_build (EditorBalanceHeatmap    *heat,
                                       const SandBalanceReport *report,
                                       const SandGrid          *grid,
                                       EditorBalanceHeat        kind);
void     editor_balance_heatmap_clear (EditorBalanceHeatmap    *heat);
/* The colour of @t in [0, 1] on the ramp, 0xRRGGBBAA (the legend's too). */
guint32  editor_balance_heatmap_color (double                   t);

G_END_DECLS
