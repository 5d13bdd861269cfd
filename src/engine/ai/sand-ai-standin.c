/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-standin.c: what a real enemy unit would score on a hex where a
 * counter the side has not seen stands, asked honestly.
 *
 * The count the side makes counts only the enemy units it has seen (a
 * face-down counter may be a dummy, and what it is is not read), so a
 * face-down counter scores nothing in it wherever it stands. The guard
 * (sand-ai-guard.c: where it could come into the side's country) and the
 * take back (sand-ai-takeback.c: where it stands inside it) ask instead
 * what a real unit would score there: an enemy counter the side knows to
 * be real — one it sees on the map with strength, else one off the map
 * whose printed strength is not nought (the counter mix is public) — is
 * put on the hex inside an action that is then aborted (nothing logged),
 * shown to the side, and the count with it there less the count without
 * it is the answer. Only where the face-down counter stands is read of
 * it, which the side sees.
 */
#include "config.h"

#include <math.h>

#include "sand-ai-private.h"
#include "sand-game-module.h"

/* An enemy counter the side knows to be real: one it sees on the map with
 * strength, else one off the map whose printed strength is not nought;
 * -1 when there is none. */
static int
stand_in_unit (SandAi *ai)
{
  SandGame *game = ai->game;
  int off = -1;
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      if ((int) u->side == ai->side)
        continue;
      if (u->status == SAND_UNIT_ON_MAP && sand_game_unit_visible (game, (int) i, ai->side)
          && ai->est[i] > 0)
        return (int) i;
      if (off < 0 && u->status != SAND_UNIT_ON_MAP
          && sand_game_get_counter (game, (int) i)->strength > 0)
        off = (int) i;
    }
  return off;
}

void
sand_ai_stand_init (SandAi      *ai,
                    SandAiStand *stand,
                    GArray      *off)
{
  stand->unit = stand_in_unit (ai);
  stand->without = NAN;
  stand->at = NULL;
  stand->off = off;
}

void
sand_ai_stand_clear (SandAiStand *stand)
{
  g_clear_pointer (&stand->at, g_free);
}

/* The enemy units of @stand->off off the map, and (@also_stand) the
 * stand-in, inside the caller's action (one put on the hex after is
 * moved there, wherever it stood). */
static void
take_off (SandAi *ai, const SandAiStand *stand, gboolean also_stand)
{
  SandGame *game = ai->game;
  for (guint k = 0; stand->off != NULL && k < stand->off->len; k++)
    {
      int unit = g_array_index (stand->off, int, k);
      if ((also_stand || unit != stand->unit)
          && sand_game_get_unit (game, unit)->status == SAND_UNIT_ON_MAP)
        sand_game_remove_unit (game, unit, SAND_UNIT_ELIMINATED);
    }
  if (also_stand && sand_game_get_unit (game, stand->unit)->status == SAND_UNIT_ON_MAP)
    sand_game_remove_unit (game, stand->unit, SAND_UNIT_ELIMINATED);
}

double
sand_ai_stand_scores (SandAi      *ai,
                      SandAiStand *stand,
                      int          hex)
{
  SandGame *game = ai->game;
  if (stand->unit < 0 || hex < 0 || hex >= ai->n_hexes)
    return 0;
  if (stand->at == NULL)
    {
      stand->at = g_new (double, ai->n_hexes);
      for (int h = 0; h < ai->n_hexes; h++)
        stand->at[h] = NAN;
    }
  if (!isnan (stand->at[hex]))
    return stand->at[hex];
  if (isnan (stand->without))
    {
      sand_game_begin_action (game);
      take_off (ai, stand, TRUE);
      stand->without = sand_ai_enemy_points (ai);
      sand_game_abort_action (game);
    }
  sand_game_begin_action (game);
  take_off (ai, stand, FALSE);
  sand_game_place_unit (game, stand->unit, hex);
  sand_game_reveal_unit (game, stand->unit);
  stand->at[hex] = sand_ai_enemy_points (ai) - stand->without;
  sand_game_abort_action (game);
  return stand->at[hex];
}
