/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-strong.c: the strong level, a search over the phase.
 *
 * A phase holds too many joint actions to search one by one (every unit
 * moves), so the search is over how the fast policy weighs them: an
 * evolutionary planner (a (1+1) evolution strategy) mutates the weights,
 * plays the whole phase with them on scratch copies of the game and keeps
 * the weights whose phase ends best by the side's full evaluation
 * (material, objectives and its own victory count). The copies are
 * determinized: the enemy counters the side has never seen are shuffled
 * among their places and the dice reseeded from the player's stream, so
 * the search reads nothing its side does not know, and every candidate
 * meets the same dice (common random numbers). The real phase is then
 * played by the fast policy with the weights found.
 *
 * Budget: options->budget_iterations candidates (deterministic for a
 * seed), else as many as options->budget_ms allows (2 s by default).
 */
#include "config.h"

#include <math.h>

#include "sand-ai-private.h"
#include "sand-game-copy.h"

#define N_WORLDS 2

typedef struct {
  SandGame *copy;
  guint start;          /* its log's length before a candidate plays */
  guint64 dice_seed;
} World;

static double
play_candidate (SandAi *ai, World *worlds, const SandAiWeights *w)
{
  double sum = 0;
  for (int d = 0; d < N_WORLDS; d++)
    {
      World *wd = &worlds[d];
      SandAiOptions fast = ai->opts;
      SandAi sub;

      fast.level = SAND_AI_FAST;
      fast.seed = ai->opts.seed + (guint64) d + 1;
      sand_game_reseed_dice (wd->copy, wd->dice_seed);
      sand_ai_init (&sub, wd->copy, &fast);
      sub.w = *w;
      sub.quiet = TRUE;
      sand_ai_run_phase (&sub);
      sum += sand_ai_eval_full (&sub);
      sand_ai_clear (&sub);
      sand_ai_rewind (wd->copy, wd->start);
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
  World worlds[N_WORLDS] = { { 0 } };
  gint64 deadline = ai->opts.budget_ms > 0
    ? g_get_monotonic_time () + (gint64) ai->opts.budget_ms * 1000 : G_MAXINT64;
  int iterations = ai->opts.budget_iterations > 0 ? ai->opts.budget_iterations
    : ai->opts.budget_ms > 0 ? G_MAXINT : 8;

  for (int d = 0; d < N_WORLDS; d++)
    {
      worlds[d].copy = sand_game_copy (ai->game, NULL);
      if (worlds[d].copy == NULL)
        goto out;
      sand_game_shuffle_unseen (worlds[d].copy, ai->side,
                                ai->opts.seed * 7919u + (guint64) d
                                + sand_dice_uniform (&ai->rng, 1u << 30));
      worlds[d].start = sand_game_log_length (worlds[d].copy);
      worlds[d].dice_seed = sand_dice_uniform (&ai->rng, 1u << 30) + ((guint64) d << 32);
    }

  SandAiWeights best = ai->w;
  double best_score = play_candidate (ai, worlds, &best);
  double sigma = 0.4;
  for (int it = 1; it < iterations && g_get_monotonic_time () < deadline; it++)
    {
      SandAiWeights cand = best;
      for (int i = 0; i < SAND_AI_N_WEIGHTS; i++)
        {
          double *v = sand_ai_weights_nth (&cand, i);
          *v *= exp (sigma * gauss (ai));
        }
      double score = play_candidate (ai, worlds, &cand);
      /* the one-fifth rule, roughly: widen on success, narrow on failure */
      if (score > best_score)
        {
          best = cand;
          best_score = score;
          sigma = MIN (sigma * 1.5, 1.0);
        }
      else
        sigma = MAX (sigma * 0.9, 0.05);
    }
  ai->w = best;
out:
  for (int d = 0; d < N_WORLDS; d++)
    g_clear_pointer (&worlds[d].copy, sand_game_free);
}
