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
 * with the whole army cut from its source; charged for it, the Germans
 * lost 6 (docs/ai.md, session 7). So the move step charges a unit the
 * ruleset's `ai-supply` a point of its strength for ending its move, or
 * staying, out of supply (the state its own side reads: sand_game_unit_
 * supply, traced on the game with the move made and taken back). 0 by
 * default: a ruleset without supply pays nothing for the question.
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

/* What @unit pays after @move (NULL: where it stands), read on the game
 * and taken back. */
static double
cost_after (SandAi *ai, int unit, const SandAction *move)
{
  if (move == NULL)
    return sand_ai_supply_cost (ai, unit, sand_game_unit_supply (ai->game, unit));
  guint before = sand_game_log_length (ai->game);
  double cost = 0;
  if (sand_game_apply (ai->game, move, NULL, NULL))
    cost = sand_ai_supply_cost (ai, unit, sand_game_unit_supply (ai->game, unit));
  sand_ai_rewind (ai->game, before);
  return cost;
}

int
sand_ai_supply_pick (SandAi            *ai,
                     int                unit,
                     const SandAction **moves,
                     const double      *raw,
                     int                n)
{
  /* Each option's score less what it pays, read lazily: a cost only
   * lowers a score, so the best by its upper bound whose cost is read is
   * the best (a supply trace is most of a try's price). */
  double value[SAND_AI_PICK_MAX];
  gboolean exact[SAND_AI_PICK_MAX];
  gboolean asks = ai->w.supply != 0 && ai->est[unit] > 0;
  g_return_val_if_fail (n > 0 && n <= SAND_AI_PICK_MAX, 0);
  for (int k = 0; k < n; k++)
    {
      value[k] = raw[k];
      exact[k] = !asks;
    }
  for (;;)
    {
      int top = 0;
      for (int k = 1; k < n; k++)
        if (value[k] > value[top])
          top = k;
      if (exact[top])
        return top;
      value[top] -= cost_after (ai, unit, moves[top]);
      exact[top] = TRUE;
    }
}

