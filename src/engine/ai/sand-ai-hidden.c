/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-hidden.c: an attack on counters the side has not seen, judged
 * before it is made.
 *
 * The view deals each face-down enemy counter one strength from the
 * counter mix less what the side has seen (sand-ai-view.c): right on
 * average over the map, which is what the movement heuristic needs. An
 * attack is made on one hex, and there one draw is a poor guide: in the
 * FPW Standard Game with variable orders of battle a third of the mix is
 * dummies, so a third of the face-down stacks were believed empty and
 * attacked by whatever stood next to them. Traced over seeds 1–60
 * (docs/ai.md, session 8), the fast German made 91 attacks at 1-1 or worse
 * on the real odds, 192 points lost for 49 taken, where the campaign's
 * (every defender seen, each attack tried) made none below 2-1.
 *
 * So an attack on a hex holding counters it has not seen is judged as if
 * each were real: a dummy found is a cheap win, a real unit believed a
 * dummy is the costly mistake. A counter believed real has the mean
 * printed strength of the real counters in the mix it has not seen — what
 * the side may know, the same for every face-down counter, so a swap of
 * two of them changes nothing.
 */
#include "config.h"

#include "sand-ai-private.h"

void
sand_ai_hidden_mix (SandAi    *ai,
                    const int *pool,
                    guint      n)
{
  double sum = 0;
  int real = 0;
  for (guint k = 0; k < n; k++)
    if (pool[k] > 0)
      {
        sum += pool[k];
        real++;
      }
  ai->if_real = real > 0 ? sum / real : 0;
  /* and the mean of every counter it has not seen, dummies at nought:
   * what the guard holds a way in against (sand-ai-guard.c) */
  ai->if_unseen = n > 0 ? sum / n : 0;
}

/* From the view's count by hex: no walk over every unit of the game for
 * each hex an attack or the crowd asks about. */
double
sand_ai_hidden_strength (SandAi *ai,
                         int     hex)
{
  sand_ai_view_enemies (ai);
  return ai->enemy_seen_str[hex] + ai->enemy_unseen[hex] * ai->if_real;
}
