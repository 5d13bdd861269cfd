/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-strong.c: the strong level, a search over the phase's actions.
 *
 * A phase holds too many joint actions to search one by one (every unit
 * moves), so the search changes the fast policy's choices one decision at
 * a time: a plan (sand-ai-plan.c) says which.
 *
 * The search is a (1+1) evolution of plans (online evolutionary
 * planning): the plan that changes nothing (the fast policy's own play)
 * is judged first, then five that change every decision of a kind at
 * once (scoring enemies taken back, a line garrisoned or held) — six in
 * the side's last turn, where the hexes the enemy's last move would take
 * points from are held first (sand-ai-lasthold.c) — then
 * each candidate changes one decision the current best met in its
 * rollout and is kept when it is better. A candidate no better than the
 * best in its first two worlds is not played in the other three. A plan is
 * judged by playing the whole phase with it, then the rest of the side's
 * turn and the enemy's reply by the fast policy, on determinized copies
 * of the game, and taking the side's full evaluation at the end
 * (material, objectives and its own victory count), averaged over the
 * worlds. The copies' enemy counters the side has never seen are
 * shuffled among their places and their dice reseeded from the player's
 * stream, so the search reads nothing its side does not know, and every
 * plan meets the same worlds (common random numbers).
 *
 * Budget: options->budget_iterations plans' worth of rollouts
 * (deterministic for a seed),
 * else as many as options->budget_ms allows (2 s by default).
 * options->cancellable cuts it short: a rollout stops at its next action
 * (sand_ai_run_phase checks) and no plan is tried after it, so the plan
 * kept is the best among those judged in full.
 */
#include "config.h"

#include <string.h>

#include "sand-ai-plan.h"
#include "sand-game-copy.h"

/* A candidate's first worlds, judged before the rest: one no better than
 * the best plan there is not played further (racing: the budget goes to
 * the candidates that may be better). */
#define N_SCREEN 2
/* The most decisions one plan changes from the best (once every plan
 * with fewer changes near it was judged). */
#define MAX_CHANGES 4

/* A determinization: the seeds of its shuffle of the unseen and of its
 * dice. */
typedef struct {
  guint64 shuffle_seed;
  guint64 dice_seed;
} World;

/* The side's evaluation once @plan's phase and the enemy's reply (its
 * next phases, played by the fast policy, until the side is to move
 * again) are played in worlds @first to @last - 1, each in @each; their
 * sum. A world is a fresh copy: a phase's end cannot be undone. The
 * decisions met in world 0 are kept in @plan->met when it is set. With
 * @hold_cost (per hex), what the enemy's next move would take from the
 * side's count on each hex, as the first of its phases in which it may
 * move starts, is added up over the worlds (sand-ai-lasthold.c: where the
 * policy's play leaves the side's units and lines, not where they stand
 * now), and @ends says whether that
 * reply ended the game in world 0 (the side's last turn). */
static double
play_candidate (SandAi *ai, const World *worlds, SandAiPlan *plan, double *each,
                int first, int last, double *hold_cost, gboolean *ends)
{
  double sum = 0;
  GArray *recording = g_steal_pointer (&plan->met);
  int d;
  /* A take back is the whole turn's: the side's later phases make the
   * attacks on the enemy units it went back for that the policy refuses. */
  SandAiPlan *follow = NULL;
  for (int h = 0; h < plan->n_hexes; h++)
    if (plan->take[h])
      {
        if (follow == NULL)
          follow = sand_ai_plan_new (ai);
        follow->make[h] = 1;
      }
  for (d = first; d < last; d++)
    {
      g_autoptr(SandGame) copy = sand_game_copy (ai->game, NULL);
      if (copy == NULL)
        break;
      sand_game_shuffle_unseen (copy, ai->side, worlds[d].shuffle_seed);
      sand_game_reseed_dice (copy, worlds[d].dice_seed);

      SandAiOptions fast = ai->opts;
      fast.level = SAND_AI_FAST;
      fast.seed = ai->opts.seed + (guint64) d + 1;
      SandAi sub;
      sand_ai_init (&sub, copy, &fast);
      sub.quiet = TRUE;
      plan->met = d == 0 ? recording : NULL;
      sub.plan = plan;
      sand_ai_plan_start (plan);
      sand_ai_run_phase (&sub);
      sub.plan = NULL;
      sand_ai_clear (&sub);
      /* a phase with no decision to change: nothing to search (the
       * caller sees no decision met and plays the fast policy's) */
      if (d == 0 && recording != NULL && recording->len == 0)
        {
          plan->met = recording;
          sand_ai_plan_free (follow);
          return 0;
        }

      /* The rest of the side's turn, then the enemy's reply as the fast
       * policy would play it, until the side is to move again. */
      gboolean enemy_seen = FALSE, hold_read = FALSE;
      for (int phases = 0; phases < 24 && !sand_game_is_over (copy)
           && sand_game_end_phase (copy, NULL); phases++)
        {
          int side = sand_game_get_side (copy);
          if (side == ai->side && enemy_seen)
            break;
          if (side != ai->side && !hold_read && hold_cost != NULL)
            {
              SandAi look;
              sand_ai_init (&look, copy, &fast);
              look.side = ai->side;
              sand_ai_view_build (&look);
              hold_read = sand_ai_lasthold_costs (&look, hold_cost);
              sand_ai_clear (&look);
            }
          enemy_seen |= side != ai->side;
          SandAi next;
          fast.seed++;
          sand_ai_init (&next, copy, &fast);
          next.quiet = TRUE;
          if (!enemy_seen && follow != NULL)
            {
              sand_ai_plan_start (follow);
              next.plan = follow;
            }
          sand_ai_run_phase (&next);
          next.plan = NULL;
          sand_ai_clear (&next);
        }
      if (ends != NULL && d == first)
        *ends = enemy_seen && sand_game_is_over (copy);
      SandAi judge;
      sand_ai_init (&judge, copy, &fast);
      judge.side = ai->side;
      sand_ai_view_build (&judge);
      each[d] = sand_ai_eval_full (&judge);
      sum += each[d];
      sand_ai_clear (&judge);
      /* A rollout cut short is no measure of its plan. */
      if (g_cancellable_is_cancelled (ai->opts.cancellable))
        break;
    }
  plan->met = recording;
  sand_ai_plan_free (follow);
  if (d < last)
    {
      /* no measure: worse than any plan in every world */
      for (d = first; d < last; d++)
        each[d] = -G_MAXDOUBLE;
      return -G_MAXDOUBLE;
    }
  return sum;
}

/* Changes one decision of @plan among those @met lists. */
static void
mutate (SandAi *ai, SandAiPlan *plan, GArray *decisions)
{
  guint total = 0, k = 0;
  for (guint i = 0; i < decisions->len; i++)
    total += (guint) g_array_index (decisions, Met, i).weight;
  guint draw = sand_dice_uniform (&ai->rng, total);
  while (draw >= (guint) g_array_index (decisions, Met, k).weight)
    draw -= (guint) g_array_index (decisions, Met, k++).weight;
  const Met *m = &g_array_index (decisions, Met, k);
  if (m->kind == MET_ATTACK)
    {
      plan->skip[m->key] = !plan->skip[m->key];
      return;
    }
  if (m->kind == MET_MAKE)
    {
      plan->make[m->key] = !plan->make[m->key];
      return;
    }
  if (m->kind == MET_TAKE)
    {
      plan->take[m->key] = !plan->take[m->key];
      return;
    }
  if (m->kind == MET_HOLD)
    {
      plan->hold[m->key] = !plan->hold[m->key];
      return;
    }
  /* another gene than the one it has: 0 (the policy's hex) included */
  guint8 gene = (guint8) sand_dice_uniform (&ai->rng, N_GENES - 1);
  if (gene >= plan->move[m->key])
    gene++;
  plan->move[m->key] = gene;
}

/* The plans a side that holds needs, judged first, each changing every
 * decision of its kind at once (a line is held or given up as one): */
enum {
  MACRO_HOLD,       /* the side's last turn: every hex the enemy's last move would take
                       points from held (sand-ai-lasthold.c) */
  MACRO_TAKE,       /* every scoring enemy in reach taken back (sand-ai-takeback.c) */
  MACRO_GARRISON,   /* every unit that set out near a victory hex garrisons one */
  MACRO_STAND,      /* every unit that drew back from the enemy holds */
  MACRO_BOTH,       /* both: garrisons first, the rest stands */
  MACRO_NO_ATTACK,  /* no attack the policy chose */
  N_MACROS
};

/* @plan changed by macro @kind over the decisions @met lists. */
static void
macro (SandAiPlan *plan, GArray *decisions, int kind)
{
  for (guint k = 0; kind == MACRO_HOLD && plan->holds != NULL && k < plan->holds->len; k++)
    plan->hold[g_array_index (plan->holds, int, k)] = 1;
  for (guint i = 0; i < decisions->len; i++)
    {
      const Met *m = &g_array_index (decisions, Met, i);
      if (m->kind == MET_ATTACK)
        {
          if (kind == MACRO_NO_ATTACK)
            plan->skip[m->key] = 1;
          continue;
        }
      if (m->kind == MET_HOLD)
        continue;  /* MACRO_HOLD's, above */
      if (m->kind == MET_MAKE || m->kind == MET_TAKE)
        {
          gboolean target = FALSE;
          for (guint k = 0; plan->targets != NULL && k < plan->targets->len; k++)
            target |= g_array_index (plan->targets, int, k) == m->key;
          if (kind == MACRO_TAKE && target)
            (m->kind == MET_TAKE ? plan->take : plan->make)[m->key] = 1;
          continue;
        }
      if ((kind == MACRO_GARRISON || kind == MACRO_BOTH) && (m->flags & MET_VICTORY))
        plan->move[m->key] = GENE_GARRISON;
      else if ((kind == MACRO_STAND || kind == MACRO_BOTH) && (m->flags & MET_AWAY))
        plan->move[m->key] = GENE_STAY;
    }
}

/* Whether @each beats @best_each over worlds @first to @last - 1: on
 * their sum, and (@majority) in more of them than it is worse (with five
 * worlds, a sum alone picks the plan the dice favoured in one of them as
 * often as a better one). */
static gboolean
beats (const double *each, const double *best_each, int first, int last, gboolean majority)
{
  double sum = 0, best_sum = 0;
  int better = 0;
  for (int d = first; d < last; d++)
    {
      sum += each[d];
      best_sum += best_each[d];
      better += (each[d] > best_each[d] + 1e-9) - (each[d] < best_each[d] - 1e-9);
    }
  return sum > best_sum + 1e-9 && (!majority || better > 0);
}

void
sand_ai_strong_plan (SandAi *ai)
{
  World worlds[N_WORLDS];
  gint64 deadline = ai->opts.budget_ms > 0
    ? g_get_monotonic_time () + (gint64) ai->opts.budget_ms * 1000 : G_MAXINT64;
  /* The budget counts rollouts: a plan's worth (N_WORLDS) an iteration,
   * so a candidate the screen stops costs what it played. */
  gint64 rollouts = (gint64) (ai->opts.budget_iterations > 0 ? ai->opts.budget_iterations
                              : ai->opts.budget_ms > 0 ? G_MAXINT : 8) * N_WORLDS;

  for (int d = 0; d < N_WORLDS; d++)
    {
      worlds[d].shuffle_seed = ai->opts.seed * 7919u + (guint64) d
                               + sand_dice_uniform (&ai->rng, 1u << 30);
      worlds[d].dice_seed = sand_dice_uniform (&ai->rng, 1u << 30) + ((guint64) d << 32);
    }

  SandAiPlan *best = sand_ai_plan_new (ai), *cand = sand_ai_plan_new (ai);
  best->targets = g_array_new (FALSE, FALSE, sizeof (int));
  sand_ai_takeback_targets (ai, best->targets);
  cand->targets = g_array_ref (best->targets);
  double best_each[N_WORLDS], each[N_WORLDS];
  best->met = g_array_new (FALSE, FALSE, sizeof (Met));
  /* the side's last turn (the enemy's reply may end the game): where that
   * reply would take points, read in the rollouts of the policy's play */
  gboolean ends = FALSE;
  g_autofree double *hold_cost
    = ai->w.last_hold > 0 && sand_game_get_turn (ai->game) == sand_game_get_n_turns (ai->game)
      ? g_new0 (double, ai->n_hexes) : NULL;
  double base = play_candidate (ai, worlds, best, best_each, 0, N_WORLDS, hold_cost, &ends)
                / N_WORLDS;
  double best_score = base;
  rollouts -= N_WORLDS;
  g_autoptr(GHashTable) judged = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                                        NULL);
  g_hash_table_add (judged, g_memdup2 (&(gint64) { sand_ai_plan_hash (best) }, sizeof (gint64)));
  /* The side's last turn, where the enemy's reply ends the game and a
   * Movement Phase's units may still stand where it would take points:
   * the holds, judged first (MACRO_HOLD). */
  gboolean moves = FALSE;
  for (guint i = 0; i < best->met->len; i++)
    moves |= g_array_index (best->met, Met, i).kind == MET_MOVE;
  if (ends && moves && hold_cost != NULL)
    {
      best->holds = g_array_new (FALSE, FALSE, sizeof (int));
      sand_ai_lasthold_targets (ai, hold_cost, N_WORLDS, best->holds);
      cand->holds = g_array_ref (best->holds);
    }
  int changes = 1, it = 1, next_macro = 0;
  if (ai->opts.on_candidate != NULL)
    ai->opts.on_candidate (1, ai->opts.on_candidate_data);
  while (rollouts > 0 && best->met->len > 0 && g_get_monotonic_time () < deadline
         && !g_cancellable_is_cancelled (ai->opts.cancellable))
    {
      /* a plan not judged yet: when a few draws find none, every change
       * of one decision was judged, and the budget left goes to changes
       * of two, three… at once; none at all: the decisions are too few */
      gboolean fresh = FALSE;
      while (!fresh && next_macro < N_MACROS)
        {
          sand_ai_plan_copy (cand, best);
          macro (cand, best->met, next_macro++);
          gint64 h = sand_ai_plan_hash (cand);
          fresh = !g_hash_table_contains (judged, &h);
          if (fresh)
            g_hash_table_add (judged, g_memdup2 (&h, sizeof h));
        }
      for (int tries = 0; !fresh && changes <= MAX_CHANGES; tries++)
        {
          if (tries == 16)
            {
              changes++;
              tries = 0;
            }
          sand_ai_plan_copy (cand, best);
          for (int c = 0; c < changes; c++)
            mutate (ai, cand, best->met);
          gint64 h = sand_ai_plan_hash (cand);
          fresh = !g_hash_table_contains (judged, &h);
          if (fresh)
            g_hash_table_add (judged, g_memdup2 (&h, sizeof h));
        }
      if (!fresh)
        break;
      cand->met = g_array_new (FALSE, FALSE, sizeof (Met));
      /* Screened on the first worlds (on their sum: the majority of two
       * is a tie whenever they split), then judged on all of them. */
      play_candidate (ai, worlds, cand, each, 0, N_SCREEN, NULL, NULL);
      rollouts -= N_SCREEN;
      if (each[0] > -G_MAXDOUBLE && beats (each, best_each, 0, N_SCREEN, FALSE))
        {
          play_candidate (ai, worlds, cand, each, N_SCREEN, N_WORLDS, NULL, NULL);
          rollouts -= N_WORLDS - N_SCREEN;
          double score = 0;
          for (int d = 0; d < N_WORLDS; d++)
            score += each[d] / N_WORLDS;
          if (score > -G_MAXDOUBLE / 2 && beats (each, best_each, 0, N_WORLDS, TRUE))
            {
              memcpy (best_each, each, sizeof each);
              SandAiPlan *t = best;
              best = cand;
              cand = t;
              best_score = score;
              changes = 1;
            }
        }
      g_clear_pointer (&cand->met, g_array_unref);
      if (ai->opts.on_candidate != NULL)
        ai->opts.on_candidate (++it, ai->opts.on_candidate_data);
    }
  sand_ai_plan_free (cand);
  g_clear_pointer (&best->met, g_array_unref);
  best->gain = best_score - base;
  g_clear_pointer (&ai->plan, sand_ai_plan_free);
  sand_ai_plan_start (best);
  ai->plan = best;
}
