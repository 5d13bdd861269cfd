/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-fort.c: a defence in an enemy fortification, judged without a try.
 *
 * An attack the player cannot try (a defender face down, or one near:
 * the try would reveal it) is judged on the odds it believes — its attack
 * strength against the strength the counter mix says. In a fortification
 * those odds leave out what matters most. The fortification's points add
 * to the defence, and the rules may strengthen the units inside it (FPW
 * Fortification (B): doubled), which a believed strength cannot show; and
 * the defender may take the attack's losses on the fortification (Unit
 * Reduction (A)), which the victory count does not pay for (FPW counts
 * the points lost by combat units), while every point the attacker loses
 * counts in full. The demo's Germans attacked Metz on turn 1, believing
 * 4 to 1 (30 against one corps of 7), and met 1-1 (a corps of 6 doubled,
 * and the fort's 4): about two points lost for one taken in every game,
 * ten victory points to the French where a draw is decided by five.
 * So an attack on a living enemy fortification is made only when a try
 * can judge it — its defenders seen, the try then shows the odds and the
 * count — never on believed odds. The map says where fortifications stand
 * and how strong they are (both sides see it).
 */
#include "config.h"

#include "sand-ai-private.h"

gboolean
sand_ai_fort_untried_refused (SandAi *ai,
                              int     hex)
{
  return hex != SAND_HEX_NONE && ai->enemy_dist[hex] == 0
         && sand_game_fort_strength (ai->game, hex) > 0;
}
