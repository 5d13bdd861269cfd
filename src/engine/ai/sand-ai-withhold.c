/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-withhold.c: the fast level's withholding — taking a unit that
 * has just arrived back off the map, to come again later (FPW Variable
 * Orders of Battle: reinforcements may be withheld "to further mask your
 * intentions").
 *
 * A try of it shows the position without the unit, which reads as the
 * loss of its strength; it is not one — the unit comes back. What the
 * side gives up is a turn of the unit's use; what it may gain is the unit
 * kept from harm. Both are read from the movement heuristic's own measure
 * of danger: when every hex the unit can end its move on, its own
 * included, is next to enemies (as the side believes them) that outweigh
 * it by the odds the side itself attacks at (`ai-attack-ratio`), it can
 * only wait there to be attacked at odds the enemy takes — a turn off the
 * map costs it nothing it could use, and keeps what such an attack would
 * take, counted as half its strength. Anywhere else the try stands, and
 * the unit is not withheld: masking intentions is worth nothing to a
 * player that does not model what the enemy believes. A reinforcement
 * still to come is never withheld (its try shows nothing gained).
 */
#include "config.h"

#include "sand-ai-private.h"

/* Whether enemies next to @hex outweigh @strength at the side's odds. */
static gboolean
outweighed (SandAi *ai, int hex, double strength)
{
  double threat = 0;
  for (int d = 0; d < SAND_N_DIRS; d++)
    {
      int n = ai->nbr[hex * SAND_N_DIRS + d];
      if (n != SAND_HEX_NONE)
        threat += ai->enemy_str[n];
    }
  return threat > 0 && threat >= ai->w.attack_ratio * strength;
}

double
sand_ai_withhold_value (SandAi *ai,
                        int     unit,
                        double  judged)
{
  const SandUnitState *u = sand_game_get_unit (ai->game, unit);
  double strength = MAX (ai->est[unit], 1);
  if (u->status != SAND_UNIT_ON_MAP || !outweighed (ai, u->hex, strength))
    return judged;
  /* where it could go: not known before it may move (then not withheld
   * yet: it is asked again in its Movement Phase) */
  const SandReach *reach = sand_game_reach (ai->game, unit, NULL);
  if (reach == NULL)
    return judged;
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  sand_reach_hexes (reach, hexes);
  for (guint k = 0; k < hexes->len; k++)
    if (!outweighed (ai, g_array_index (hexes, int, k), strength))
      return judged;
  return 0.5 * strength * ai->w.material;
}
