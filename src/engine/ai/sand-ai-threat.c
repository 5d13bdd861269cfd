/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-threat.c: the enemy units that score, and the field that draws
 * the side's units to them.
 *
 * What an enemy unit earns its side is whatever the rules count: FPW's
 * French score by how deep the deepest supplied unit stands in Germany,
 * which no marker says. So it is asked of the count itself, as the side
 * may make it: the enemy's points with the enemy units the side sees taken
 * off the map, and with each of them alone put back (inside an action that
 * is then aborted: nothing is logged, the game is as it was). A unit alone
 * shows what it scores even where the count keeps only the best of several
 * (two units as deep as each other would each score nothing by being
 * taken away). Only combat units (strength above nothing) are taken
 * off: the rest (FPW's EB units, which carry supply) stay, as do
 * face-down counters: the side does not
 * count them, and taking one away could show in the count (a dummy blocks
 * supply as a unit does).
 *
 * A count costs the whole supply trace, so it is asked once a Movement
 * Phase, and of each unit only when the enemy scores anything at all with
 * its units there.
 */
#include "config.h"

#include <string.h>

#include "sand-ai-private.h"
#include "sand-game-module.h"

/* How far the pull toward a scoring enemy unit reaches, in hexes: about a
 * Movement Phase's march. */
#define THREAT_RADIUS 8

static double
enemy_points (SandAi *ai)
{
  SandVictory v;
  double points = 0;
  sand_game_victory_for (ai->game, ai->side, &v);
  for (int s = 0; s < SAND_MAX_SIDES; s++)
    if (s != ai->side)
      points += v.points[s];
  return points;
}

/* The enemy's points with the seen enemy units off the map but @keep
 * (-1: none). */
static double
points_with_only (SandAi *ai, GArray *seen, int keep)
{
  sand_game_begin_action (ai->game);
  for (guint k = 0; k < seen->len; k++)
    if (g_array_index (seen, int, k) != keep)
      sand_game_remove_unit (ai->game, g_array_index (seen, int, k), SAND_UNIT_ELIMINATED);
  double points = enemy_points (ai);
  sand_game_abort_action (ai->game);
  return points;
}

static void
add_threat (SandAi *ai, int at, double value)
{
  for (int x = 0; x < ai->n_hexes; x++)
    {
      int d = sand_grid_distance (ai->grid, x, at);
      double v = value * (THREAT_RADIUS - d) / (THREAT_RADIUS - 1);
      if (d >= 1 && d < THREAT_RADIUS && v > ai->threat[x])
        {
          ai->threat[x] = v;
          ai->threat_from[x] = at;
        }
    }
}

void
sand_ai_threat_build (SandAi *ai)
{
  SandGame *game = ai->game;
  if (ai->threat != NULL)
    return;
  ai->threat = g_new0 (double, ai->n_hexes);
  ai->threat_from = g_new0 (int, ai->n_hexes);
  if (ai->w.threat == 0 || ai->w.vp == 0 || sand_game_get_pending_attack (game) != NULL)
    return;
  g_autoptr(GArray) seen = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      if (u->status == SAND_UNIT_ON_MAP && (int) u->side != ai->side && ai->est[i] > 0
          && sand_game_unit_visible (game, (int) i, ai->side))
        g_array_append_val (seen, i);
    }
  if (seen->len == 0)
    return;
  double none = points_with_only (ai, seen, -1);
  if (enemy_points (ai) <= none)
    return;
  g_autoptr(GArray) own = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      if (u->status == SAND_UNIT_ON_MAP && (int) u->side == ai->side && ai->est[i] > 0)
        g_array_append_val (own, u->hex);
    }
  for (guint k = 0; k < seen->len; k++)
    {
      int unit = g_array_index (seen, int, k);
      /* (one no unit of the side can reach this phase draws none) */
      int at = sand_game_get_unit (game, unit)->hex;
      gboolean near = FALSE;
      for (guint j = 0; j < own->len && !near; j++)
        near = sand_grid_distance (ai->grid, g_array_index (own, int, j), at) < THREAT_RADIUS;
      if (!near)
        continue;
      double score = points_with_only (ai, seen, unit) - none;
      if (score > 0)
        add_threat (ai, sand_game_get_unit (game, unit)->hex, ai->w.vp * score);
    }
}
