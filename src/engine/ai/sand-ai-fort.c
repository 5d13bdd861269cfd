/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-fort.c: a defence in an enemy fortification, judged without a try.
 *
 * An attack the player cannot try (a defender face down, or one near:
 * the try would reveal it) is judged on the odds it believes — its attack
 * strength against the strength the counter mix says. In a fortification
 * those odds leave out what matters most. Even counted as the rules count
 * any defender there (SandOdds hidden_factor_q and known_defense_q: FPW
 * Fortification (B), doubled, plus the fortification's points), they say
 * nothing of who takes the losses: the defender may take them on the
 * fortification (Unit Reduction (A)), which the victory count does not
 * pay for (FPW counts the points lost by combat units), while every point
 * the attacker loses counts in full. At the 2-1 that believed odds of 2
 * accept, the attacker loses 1.3 points on average for the defender's
 * 1.2. The demo's Germans attacked Metz on turn 1 in every game of 200
 * (session 6's player: 30 against a bare 7; 1-1 in fact), 359 German
 * points lost there for 191 French; counting the fort, they still did
 * once they had twice the believed defence (docs/ai.md, session 7).
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
