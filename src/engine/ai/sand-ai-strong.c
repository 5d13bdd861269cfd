/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-strong.c: the strong level, a search over the phase.
 *
 * A phase holds too many joint actions to search one by one (every unit
 * moves), so the search is over how the fast policy weighs them: an
 * evolutionary planner (a (1+1) evolution strategy) mutates the weights,
 * plays the whole phase with them on scratch copies of the game, then the
 * rest of the side's turn with them and the enemy's reply by the fast
 * policy, and keeps the weights after which the
 * side's full evaluation (material, objectives and its own victory count)
 * is best. The copies are
 * determinized: the enemy counters the side has never seen are shuffled
 * among their places and the dice reseeded from the player's stream, so
 * the search reads nothing its side does not know, and every candidate
 * meets the same dice (common random numbers). The real phase is then
 * played by the fast policy with the weights found.
 *
 * Budget: options->budget_iterations candidates (deterministic for a
 * seed), else as many as options->budget_ms allows (2 s by default).
 * options->cancellable cuts it short: a rollout stops at its next action
 * (sand_ai_run_phase checks) and no candidate is tried after it, so the
 * weights kept are the best among those tried in full.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "sand-ai-private.h"
#include "sand-game-copy.h"

#define N_WORLDS 3

/* A determinization: the seeds of its shuffle of the unseen and of its
 * dice. */
typedef struct {
  guint64 shuffle_seed;
  guint64 dice_seed;
} World;

/* The side's evaluation once @w's phase and the enemy's reply (its next
 * phases, played by the fast policy, until the side is to move again)
 * are played in each world. A world is a fresh copy: a phase's end
 * cannot be undone. */
static double
play_candidate (SandAi *ai, const World *worlds, const SandAiWeights *w, double *each)
{
  double sum = 0;
  for (int d = 0; d < N_WORLDS; d++)
    {
      g_autoptr(SandGame) copy = sand_game_copy (ai->game, NULL);
      if (copy == NULL)
        return -G_MAXDOUBLE;
      sand_game_shuffle_unseen (copy, ai->side, worlds[d].shuffle_seed);
      sand_game_reseed_dice (copy, worlds[d].dice_seed);

      SandAiOptions fast = ai->opts;
      fast.level = SAND_AI_FAST;
      fast.seed = ai->opts.seed + (guint64) d + 1;
      SandAi sub;
      sand_ai_init (&sub, copy, &fast);
      sub.w = *w;
      sub.quiet = TRUE;
      sand_ai_run_phase (&sub);
      sand_ai_clear (&sub);

      /* The rest of the side's turn with the same weights, then the
       * enemy's reply as the fast policy would play it, until the side is
       * to move again. */
      gboolean enemy_seen = FALSE;
      for (int phases = 0; phases < 24 && !sand_game_is_over (copy)
           && sand_game_end_phase (copy, NULL); phases++)
        {
          int side = sand_game_get_side (copy);
          if (side == ai->side && enemy_seen)
            break;
          enemy_seen |= side != ai->side;
          SandAi next;
          fast.seed++;
          sand_ai_init (&next, copy, &fast);
          if (side == ai->side)
            next.w = *w;
          next.quiet = TRUE;
          sand_ai_run_phase (&next);
          sand_ai_clear (&next);
        }
      SandAi judge;
      sand_ai_init (&judge, copy, &fast);
      judge.side = ai->side;
      judge.w = ai->w;
      sand_ai_view_build (&judge);
      each[d] = sand_ai_eval_full (&judge);
      sum += each[d];
      sand_ai_clear (&judge);
      /* A rollout cut short is no measure of its weights. */
      if (g_cancellable_is_cancelled (ai->opts.cancellable))
        return -G_MAXDOUBLE;
    }
  return sum / N_WORLDS;
}

/* A normal deviate from the player's stream (sum of uniforms). */
static double
gauss (SandAi *ai)
{
  double s = 0;
  for (int k = 0; k < 12; k++)
    s += sand_dice_uniform (&ai->rng, 1u << 20) / (double) (1u << 20);
  return s - 6.0;
}

void
sand_ai_strong_plan (SandAi *ai)
{
  World worlds[N_WORLDS];
  gint64 deadline = ai->opts.budget_ms > 0
    ? g_get_monotonic_time () + (gint64) ai->opts.budget_ms * 1000 : G_MAXINT64;
  int iterations = ai->opts.budget_iterations > 0 ? ai->opts.budget_iterations
    : ai->opts.budget_ms > 0 ? G_MAXINT : 8;

  for (int d = 0; d < N_WORLDS; d++)
    {
      worlds[d].shuffle_seed = ai->opts.seed * 7919u + (guint64) d
                               + sand_dice_uniform (&ai->rng, 1u << 30);
      worlds[d].dice_seed = sand_dice_uniform (&ai->rng, 1u << 30) + ((guint64) d << 32);
    }

  SandAiWeights best = ai->w;
  double best_each[N_WORLDS], each[N_WORLDS];
  double best_score = play_candidate (ai, worlds, &best, best_each);
  double sigma = 0.4;
  if (ai->opts.on_candidate != NULL)
    ai->opts.on_candidate (1, ai->opts.on_candidate_data);
  for (int it = 1; it < iterations && g_get_monotonic_time () < deadline
       && !g_cancellable_is_cancelled (ai->opts.cancellable); it++)
    {
      SandAiWeights cand = best;
      for (int i = 0; i < SAND_AI_N_WEIGHTS; i++)
        {
          double *v = sand_ai_weights_nth (&cand, i);
          *v *= exp (sigma * gauss (ai));
        }
      double score = play_candidate (ai, worlds, &cand, each);
      /* Kept only when better in every world: with few worlds, a mean
       * picks the candidate the dice favoured as often as a better one. */
      gboolean everywhere = score > best_score;
      for (int d = 0; d < N_WORLDS && everywhere; d++)
        everywhere = each[d] > best_each[d];
      /* the one-fifth rule, roughly: widen on success, narrow on failure */
      if (everywhere)
        {
          best = cand;
          best_score = score;
          memcpy (best_each, each, sizeof each);
          sigma = MIN (sigma * 1.5, 1.0);
        }
      else
        sigma = MAX (sigma * 0.9, 0.05);
      if (ai->opts.on_candidate != NULL)
        ai->opts.on_candidate (it + 1, ai->opts.on_candidate_data);
    }
  ai->w = best;
}
