/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-flank.c: standing where the side's attack becomes a flank attack.
 *
 * Where the rules double an attack made from opposite sides of the
 * defender or from three sides of it (FPW Combat (J): an opposite pair or
 * a triangle; never against a fortification, Fortification (F)), where a
 * unit stands next to an enemy decides the odds as much as its strength:
 * the same two corps at 1-1 from one side are at 3-1 from opposite sides.
 * The movement heuristic weighs only how much it outweighs the enemy
 * there, so the side's units closed on an enemy from wherever their march
 * ended, and on the campaign the German count lost in destroyed French
 * points (5 a point) what it could not take at the odds it had. Where the
 * ruleset declares `ai-flank`, a combat unit gets that much for a hex next
 * to an enemy unit (not in a fortification) around which the side's other
 * combat units stand in a shape that the unit completes to a flank — an
 * opposite pair or a triangle, the rules' own test — and none stands yet.
 */
#include "config.h"

#include "sand-ai-private.h"
#include "sand-game-module.h"

/* Whether one of the side's combat units other than @unit stands on @hex. */
static gboolean
own_combat_at (SandAi *ai, int unit, int hex)
{
  const SandUnitState *u = sand_game_get_unit (ai->game, unit);
  gboolean itself = u->status == SAND_UNIT_ON_MAP && u->hex == hex && (int) u->side == ai->side
                    && ai->est[unit] > 0;
  return ai->own_combat[hex] - itself > 0;
}

double
sand_ai_flank_score (SandAi *ai, int unit, int hex)
{
  if (ai->w.flank <= 0 || ai->est[unit] <= 0 || ai->enemy_dist[hex] != 1)
    return 0;
  sand_ai_own_refresh (ai);
  for (int d = 0; d < SAND_N_DIRS; d++)
    {
      int n = ai->nbr[hex * SAND_N_DIRS + d];
      if (n == SAND_HEX_NONE || ai->enemy_str[n] <= 0 || sand_game_fort_strength (ai->game, n) > 0)
        continue;
      guint dirs = 0, mine = 0;
      for (int e = 0; e < SAND_N_DIRS; e++)
        {
          int x = ai->nbr[n * SAND_N_DIRS + e];
          if (x == hex)
            mine = 1u << e;
          else if (x != SAND_HEX_NONE && own_combat_at (ai, unit, x))
            dirs |= 1u << e;
        }
      if (mine != 0 && !sand_combat_flank_shape (dirs) && sand_combat_flank_shape (dirs | mine))
        return ai->w.flank;
    }
  return 0;
}
