/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-crowd.c: enough units next to an enemy, the rest elsewhere.
 *
 * The movement heuristic pulls a unit next to enemies it outweighs (so
 * that it attacks them in the Combat Phase). Each unit is pulled alone,
 * so every unit in reach answers the same enemy: FPW's campaign traces
 * show the whole German army, a dozen corps, standing for turns round one
 * French counter of 1 point, cut off, that no attack pays for (5 victory
 * points for it destroyed against the 3 it scores isolated, and a German
 * point lost at any odds costs 5), while the count's depth waits in
 * France. Where the ruleset declares `ai-crowd`, an enemy hex already has
 * enough of the side next to it once their strength is `ai-crowd` times
 * the strength believed there (an attack's odds stop paying more beyond
 * some ratio): a unit is pulled next to it while the units other than
 * itself fall short of that, and not at all once they meet it.
 */
#include "config.h"

#include "sand-ai-private.h"

/* The strength of the side's units next to @hex (as the side believes its
 * own: entirely). */
static int
strength_next_to (SandAi *ai, int hex)
{
  int sum = 0;
  for (int d = 0; d < SAND_N_DIRS; d++)
    {
      int n = ai->nbr[hex * SAND_N_DIRS + d];
      if (n != SAND_HEX_NONE)
        sum += ai->own_str[n];
    }
  return sum;
}

double
sand_ai_crowd_share (SandAi *ai, int unit, int hex)
{
  if (ai->w.crowd <= 0)
    return 1;
  sand_ai_own_refresh (ai);
  int at = sand_game_get_unit (ai->game, unit)->hex;
  for (int d = 0; d < SAND_N_DIRS; d++)
    {
      int n = ai->nbr[hex * SAND_N_DIRS + d];
      if (n == SAND_HEX_NONE || ai->enemy_dist[n] != 0)
        continue;
      /* the others next to it: not the unit itself, wherever it stands */
      double others = strength_next_to (ai, n);
      if (at >= 0 && ai->est[unit] > 0 && sand_grid_distance (ai->grid, at, n) == 1)
        others -= ai->est[unit];
      double wanting = ai->w.crowd * MAX (ai->enemy_str[n], 1) - others;
      if (wanting > 0)
        return 1;
    }
  return 0;
}
