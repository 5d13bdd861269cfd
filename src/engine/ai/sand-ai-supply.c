/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-supply.c: a unit that ends its move out of supply.
 *
 * The move step adds to a hex the victory count it makes, and the count
 * says nothing of a unit out of supply until it is cut off: FPW pays the
 * enemy 3 victory points a point isolated at the end (and the Standard
 * Game takes a Combat Point a turn from an isolated unit, 5 more), but an
 * unsupplied unit, still within reach of a supply line, costs nothing on
 * it. Yet it is weaker (FPW Supply (D): half its strength and its
 * movement) and one enemy move from isolation — the enemy's zones of
 * control closing the long line behind it. The demo's Germans read as
 * much: of the 16 French wins in 400 games against random French (after
 * sand-ai-fort.c), 10 end with German units isolated deep in France or
 * with the whole army cut from its source, units that had ended their
 * moves unsupplied turns before. So the move step charges a unit the
 * ruleset's `ai-supply` a point of its strength for ending its move, or
 * staying, out of supply (the state its own side reads: sand_game_unit_
 * supply, traced on the game as the try leaves it). 0 by default: a
 * ruleset without supply pays nothing for the question.
 */
#include "config.h"

#include "sand-ai-private.h"

double
sand_ai_supply_cost (SandAi          *ai,
                     int              unit,
                     SandSupplyState  state)
{
  if (ai->w.supply == 0 || ai->est[unit] <= 0 || state == SAND_SUPPLY_SUPPLIED)
    return 0;
  return ai->w.supply * ai->est[unit];
}

double
sand_ai_supply_cost_now (SandAi *ai,
                         int     unit)
{
  if (ai->w.supply == 0 || ai->est[unit] <= 0)
    return 0;
  return sand_ai_supply_cost (ai, unit, sand_game_unit_supply (ai->game, unit));
}

void
sand_ai_supply_watch (SandAi *ai,
                      int     unit)
{
  ai->watch_unit = ai->w.supply != 0 && unit >= 0 && ai->est[unit] > 0 ? unit + 1 : 0;
  ai->watch_supply = SAND_SUPPLY_SUPPLIED;
}

void
sand_ai_supply_read (SandAi *ai)
{
  if (ai->watch_unit > 0)
    ai->watch_supply = sand_game_unit_supply (ai->game, ai->watch_unit - 1);
}
