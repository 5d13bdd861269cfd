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

#include <string.h>

#include "sand-ai-private.h"

/* Per hex, the strength of the side's units next to it (as the side
 * believes its own: entirely), counted again only when the game has
 * changed, as sand_ai_own_at's counts. */
static void
crowd_count (SandAi *ai)
{
  guint len = sand_game_log_length (ai->game);
  if (ai->crowd != NULL && ai->crowd_len == len && ai->crowd_actions == ai->actions)
    return;
  if (ai->crowd == NULL)
    ai->crowd = g_new (int, ai->n_hexes);
  memset (ai->crowd, 0, sizeof (int) * (gsize) ai->n_hexes);
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (ai->game, (int) i);
      if (u->status != SAND_UNIT_ON_MAP || u->hex < 0 || (int) u->side != ai->side
          || ai->est[i] <= 0)
        continue;
      for (int d = 0; d < SAND_N_DIRS; d++)
        {
          int n = ai->nbr[u->hex * SAND_N_DIRS + d];
          if (n != SAND_HEX_NONE)
            ai->crowd[n] += ai->est[i];
        }
    }
  ai->crowd_len = len;
  ai->crowd_actions = ai->actions;
}

double
sand_ai_crowd_share (SandAi *ai, int unit, int hex)
{
  if (ai->w.crowd <= 0)
    return 1;
  crowd_count (ai);
  int at = sand_game_get_unit (ai->game, unit)->hex;
  for (int d = 0; d < SAND_N_DIRS; d++)
    {
      int n = ai->nbr[hex * SAND_N_DIRS + d];
      if (n == SAND_HEX_NONE || ai->enemy_dist[n] != 0)
        continue;
      /* the others next to it: not the unit itself, wherever it stands */
      double others = ai->crowd[n];
      if (at >= 0 && ai->est[unit] > 0 && sand_grid_distance (ai->grid, at, n) == 1)
        others -= ai->est[unit];
      double wanting = ai->w.crowd * MAX (ai->enemy_str[n], 1) - others;
      if (wanting > 0)
        return 1;
    }
  return 0;
}
