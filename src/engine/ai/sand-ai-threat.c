/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-threat.c: the enemy unit that scores most for its side, and
 * the field that draws the side's units to it.
 *
 * What an enemy unit earns its side is whatever the rules count: FPW's
 * French score by how deep the deepest supplied unit stands in Germany,
 * which no marker says. So it is asked of the count itself, as the side
 * may make it: the enemy's points with the enemy combat units the side
 * sees taken off the map (inside an action that is then aborted: nothing
 * is logged, the game is as it was), and with some of them put back. Put
 * back alone, a unit shows what it scores even where the count keeps only
 * the best of several (two units as deep as each other would each score
 * nothing by being taken away). The rest stay where they are: units of no
 * strength (FPW's EB units, which carry supply) and face-down counters,
 * which the side does not count and whose absence could show in the count
 * (a dummy blocks supply as a unit does).
 *
 * A count costs the whole supply trace, so it is asked once a Movement
 * Phase, of the units the side's may reach, halving them toward the one
 * that scores most: a handful of counts, none more when nothing scores.
 */
#include "config.h"

#include <string.h>

#include "sand-ai-private.h"
#include "sand-game-module.h"

/* How far the pull toward a scoring enemy unit reaches, in hexes: about a
 * Movement Phase's march. */
#define THREAT_RADIUS 8

double
sand_ai_enemy_points (SandAi *ai)
{
  SandVictory v;
  double points = 0;
  sand_game_victory_for (ai->game, ai->side, &v);
  for (int s = 0; s < SAND_MAX_SIDES; s++)
    if (s != ai->side)
      points += v.points[s];
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

/* The enemy's points with the seen enemy units off the map but those of
 * @keep[0…n-1]. */
static double
points_with (SandAi *ai, GArray *seen, const int *keep, guint n)
{
  sand_game_begin_action (ai->game);
  for (guint k = 0; k < seen->len; k++)
    {
      int unit = g_array_index (seen, int, k);
      gboolean kept = FALSE;
      for (guint j = 0; j < n && !kept; j++)
        kept = keep[j] == unit;
      if (!kept)
        sand_game_remove_unit (ai->game, unit, SAND_UNIT_ELIMINATED);
    }
  double points = sand_ai_enemy_points (ai);
  sand_game_abort_action (ai->game);
  return points;
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
  g_autoptr(GArray) own = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      if (u->status == SAND_UNIT_ON_MAP && (int) u->side == ai->side && ai->est[i] > 0)
        g_array_append_val (own, u->hex);
    }
  /* the seen enemy combat units that the side's units may reach */
  g_autoptr(GArray) seen = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) near = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      if (u->status != SAND_UNIT_ON_MAP || (int) u->side == ai->side || ai->est[i] <= 0
          || !sand_game_unit_visible (game, (int) i, ai->side))
        continue;
      g_array_append_val (seen, i);
      gboolean reach = FALSE;
      for (guint j = 0; j < own->len && !reach; j++)
        reach = sand_grid_distance (ai->grid, g_array_index (own, int, j), u->hex)
                < THREAT_RADIUS;
      if (reach)
        g_array_append_val (near, i);
    }
  if (near->len == 0)
    return;
  double none = points_with (ai, seen, NULL, 0);
  const int *keep = (const int *) (void *) near->data;
  guint n = near->len;
  double score = points_with (ai, seen, keep, n) - none;
  /* Halving toward the unit that scores most: the count keeps the best of
   * several (FPW's deepest unit) or adds them up; either way the half that
   * does not score all the rest has a scorer in the other. */
  while (score > 0 && n > 1)
    {
      guint half = n / 2;
      double first = points_with (ai, seen, keep, half) - none;
      if (first >= score)
        {
          n = half;
          score = first;
          continue;
        }
      keep += half;
      n -= half;
      /* (nothing in the first half: the second scores it all) */
      if (first > 0)
        score = points_with (ai, seen, keep, n) - none;
    }
  if (score > 0)
    add_threat (ai, sand_game_get_unit (game, keep[0])->hex, ai->w.vp * score);
}
