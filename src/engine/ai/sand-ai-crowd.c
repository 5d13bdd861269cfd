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
 *
 * Where the side has not seen every counter on the hex, the strength the
 * view dealt them (one draw from the mix, a dummy's 0 a third of the
 * time in FPW's variable orders of battle) is not what the attack will be
 * judged on: the attack step believes each unseen counter real and asks
 * ai-attack-ratio of it (sand-ai-hidden.c). Enough there is that, so a
 * German corps next to a counter dealt 0 no longer turns the next one
 * away from an attack no single corps can make (docs/ai.md, session 9).
 */
#include "config.h"

#include "sand-ai-private.h"

/* The strength of the side's units next to @hex (as the side believes its
 * own: entirely). */
static int
strength_next_to (SandAi *ai, int hex)
{
  return sand_ai_sum_beside (ai, ai->own_str, hex);
}

/* Enough of the side next to the enemy hex @hex. Where it has seen every
 * counter there, ai-crowd times their strength; where some are face down,
 * what the attack step asks of a defence it cannot see: ai-attack-ratio
 * times the defence believed real (sand-ai-hidden.c) — the strength the
 * view dealt there says nothing of the odds the attack will be judged
 * on. */
static double
enough_at (SandAi *ai, int hex)
{
  /* the view counts the unseen counters by hex: no walk over every unit
   * of the game for each hex the heuristic looks at */
  if (ai->enemy_unseen[hex] > 0)
    return ai->w.attack_ratio * sand_ai_hidden_strength (ai, hex);
  return ai->w.crowd * MAX (ai->enemy_str[hex], 1);
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
      double wanting = enough_at (ai, n) - others;
      if (wanting > 0)
        return 1;
    }
  return 0;
}
