/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-screen.c: in the last turns, a screen along the side's border.
 *
 * The threat field answers an enemy unit that scores; one that will
 * score — walking into the side's country in the enemy's last Movement
 * Phase, when no move can answer it — it cannot see. Where the rules
 * count an enemy standing in the side's home country (FPW: the French
 * score 50 a hex of penetration by a supplied unit), a line of units
 * whose zones of control cover the border stops the enemy on it and keeps
 * its supply from tracing through. The map says which hexes are the
 * side's home country (each hex's country and that country's home side:
 * scenario data both sides see), so the border is read from it; the
 * hexes of it that an enemy counter could reach next phase are to be
 * covered. Each of the side's combat units is drawn, by the ruleset's
 * `ai-screen` a hex, to stand where it covers (stands on or next to)
 * border hexes no other of its units covers yet, in the last
 * `ai-screen-turns` turns only — before then the units are of more use
 * deep in the enemy's country, and a screen held all game would give up
 * the depth the count rewards (session 5 measured a cost for leaving
 * supply: units held back). The move step still adds the victory count
 * each hex makes, so a unit whose depth scores is not pulled back for it.
 */
#include "config.h"

#include "sand-ai-private.h"

/* How far an enemy counter may come in its next Movement Phase, in hexes:
 * about a march (as the threat field's reach). */
#define SCREEN_REACH 8

/* How many of the side's combat units cover @hex (stand on or next to
 * it), from the per-position counts (sand_ai_own_refresh): the movement
 * heuristic asks, for each hex a unit reaches, whether another unit
 * covers each screen hex around it. */
static int
cover_count (SandAi *ai, int hex)
{
  int n = ai->own_combat[hex];
  for (int d = 0; d < SAND_N_DIRS; d++)
    {
      int x = ai->nbr[hex * SAND_N_DIRS + d];
      if (x != SAND_HEX_NONE)
        n += ai->own_combat[x];
    }
  return n;
}

void
sand_ai_screen_build (SandAi *ai)
{
  if (ai->screen_built)
    return;
  ai->screen_built = TRUE;
  SandGame *game = ai->game;
  if (ai->w.screen <= 0 || ai->w.screen_turns <= 0
      || sand_game_get_n_turns (game) - sand_game_get_turn (game) >= ai->w.screen_turns)
    return;
  g_autofree gint8 *home = sand_ai_home_sides (ai);
  gboolean any = FALSE;
  ai->screen = g_new0 (guint8, ai->n_hexes);
  for (int h = 0; h < ai->n_hexes; h++)
    {
      if (home[h] != ai->side || ai->enemy_dist[h] > SCREEN_REACH)
        continue;
      /* a hex of its home country next to an enemy's */
      for (int d = 0; d < SAND_N_DIRS && !ai->screen[h]; d++)
        {
          int n = ai->nbr[h * SAND_N_DIRS + d];
          if (n != SAND_HEX_NONE && home[n] >= 0 && home[n] != ai->side)
            ai->screen[h] = 1;
        }
      any |= ai->screen[h];
    }
  if (!any)
    g_clear_pointer (&ai->screen, g_free);
}

double
sand_ai_screen_score (SandAi *ai, int unit, int hex)
{
  if (ai->screen == NULL || ai->est[unit] <= 0)
    return 0;
  sand_ai_own_refresh (ai);
  /* @unit itself is no other unit: its own cover is taken off the count */
  const SandUnitState *me = sand_game_get_unit (ai->game, unit);
  gboolean counted = me->status == SAND_UNIT_ON_MAP && (int) me->side == ai->side
                     && me->hex >= 0;
  int n = 0;
  for (int d = -1; d < SAND_N_DIRS; d++)
    {
      int b = d < 0 ? hex : ai->nbr[hex * SAND_N_DIRS + d];
      if (b == SAND_HEX_NONE || !ai->screen[b])
        continue;
      int others = cover_count (ai, b) - (counted && sand_grid_distance (ai->grid, me->hex, b) <= 1);
      if (others <= 0)
        n++;
    }
  return ai->w.screen * n;
}
