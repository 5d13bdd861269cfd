/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-balance-stats.h: what a pairing's games say, worked out from their
 * records in game order (so a merged report says exactly what one run
 * says). Used by the writers and by the editor's pictures. */
#pragma once

#include "sand-balance.h"

G_BEGIN_DECLS

typedef struct {
  int from;                 /* the first bin's lower bound */
  int width;
  GArray *counts;           /* guint */
} SandBalanceHistogram;

typedef struct {
  double mean, sd;          /* sd: the sample's (n − 1) */
  int min, max;
} SandBalanceSpread;

typedef struct {
  guint wins;
  double rate, low, high;   /* wins / games, Wilson 95% */
  double decided_rate, decided_low, decided_high;  /* wins / games won by anyone */
} SandBalanceSideStats;

typedef struct {
  const char *label;        /* NULL: no level */
  guint games;
} SandBalanceLevelCount;

typedef struct {
  guint games;              /* played to a result (failed ones left out) */
  guint failed;
  guint draws;              /* no winner */
  SandBalanceSideStats side[SAND_MAX_SIDES];
  GArray *levels;           /* SandBalanceLevelCount: the report's labels, then others met */
  SandBalanceSpread net;
  SandBalanceHistogram net_histogram;
  SandBalanceSpread points[SAND_MAX_SIDES];
  SandBalanceSpread length;
  SandBalanceHistogram length_histogram;
  SandBalanceSpread lead;   /* over the games with a winner */
  SandBalanceHistogram lead_histogram;
  /* Indices into the pairing's games: the highest and lowest net
   * victory points (ties: the earlier game first). */
  GArray *highest;          /* guint */
  GArray *lowest;           /* guint */
} SandBalanceStats;

void               sand_balance_stats_compute  (const SandBalanceReport *report,
                                                const SandBalancePairing *pairing,
                                                SandBalanceStats *stats);
void               sand_balance_stats_clear    (SandBalanceStats *stats);

G_END_DECLS
