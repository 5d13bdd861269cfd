/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-made.c: an attack the fast policy refused, made by the strong
 * level's plan (sand-ai-strong.c decides which; this builds it and says
 * why).
 *
 * The policy judges an attack by the position just after the die (or, on
 * a face-down defence, by the odds it believes) and refuses what that
 * says loses; the plan judges it by rollouts that play the enemy's reply
 * too, where an attack that costs now may pay: a unit lost anyway to the
 * reply takes enemy points with it, an enemy weakened cannot strike back
 * as hard. The attack is the policy's own kind: every unit next to the
 * hex that may still attack, rolled first and then settled with the
 * owners' choices; the game decides whether it is legal.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-ai-private.h"

void
sand_ai_may_attack (SandAi *ai,
                    GArray *out)
{
  g_autoptr(GArray) offers = g_array_new (FALSE, FALSE, sizeof (SandOffer));
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (ai->game, (int) i);
      if (ai->done[i] || u->status != SAND_UNIT_ON_MAP || (int) u->side != ai->side
          || u->hex < 0)
        continue;
      g_array_set_size (offers, 0);
      sand_game_offered_actions (ai->game, (int) i, offers);
      for (guint k = 0; k < offers->len; k++)
        if (g_array_index (offers, SandOffer, k).spec->kind == SAND_ACTION_ATTACK)
          {
            g_array_append_val (out, i);
            break;
          }
    }
}

/* Says why the plan makes @a: the odds as the side believes them (a
 * hidden defence as sand-ai-hidden.c believes it: each counter it has not
 * seen as strong as a real one of the mix, nothing read), and what the
 * rollouts found. */
static void
explain (SandAi *ai, const SandAction *a, int n_worlds, double gain)
{
  SandOdds odds = { 0 };
  if (!sand_ai_explaining (ai)
      || !sand_game_odds (ai->game, a->hex, (const int *) (void *) a->units->data,
                          a->units->len, FALSE, &odds, NULL))
    return;
  sand_ai_aim (ai, a->hex, odds.hidden ? NULL : odds.odds, gain);
  /* Translators: the computer player's reason for an attack its search
   * (the strong level) made where its quick rules of thumb would not, in
   * the words of the search's other reasons (sand-ai-strong.c). */
  if (odds.hidden)
    sand_ai_because (ai, _("The search's choice: attacks a hidden defence believed %d strong "
                           "with %.1f, an attack the heuristic refused; playing the phase and "
                           "the enemy's reply out in %d sampled games, the plan came out %.1f "
                           "better."),
                     (int) (MAX (sand_ai_hidden_strength (ai, a->hex), 1) + 0.5),
                     odds.attack_q / 4.0, n_worlds, gain);
  else
    sand_ai_because (ai, _("The search's choice: attacks at odds %s, an attack the heuristic "
                           "refused; playing the phase and the enemy's reply out in %d sampled "
                           "games, the plan came out %.1f better."),
                     odds.odds, n_worlds, gain);
  sand_odds_clear (&odds);
}

SandAction *
sand_ai_made_attack (SandAi *ai,
                     int     hex,
                     GArray *may_attack,
                     int     n_worlds,
                     double  gain)
{
  SandAction *a = sand_ai_attack_on (ai, hex, may_attack);
  if (a == NULL)
    return NULL;
  /* the die first, then the owners choose (sand_ai_settle), the advance
   * among them */
  g_clear_pointer (&a->advance, g_array_unref);
  a->ask = TRUE;
  explain (ai, a, n_worlds, gain);
  return a;
}
