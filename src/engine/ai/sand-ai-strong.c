/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-strong.c: the strong level, a search over the phase's actions.
 *
 * A phase holds too many joint actions to search one by one (every unit
 * moves), so the search changes the fast policy's choices one decision at
 * a time: a plan says, for each unit the policy moves, whether it goes
 * where the policy would send it, to the policy's second, third or fourth
 * best hex, holds where it stands, pulls back out of contact or garrisons
 * a victory hex, and for each enemy hex the policy attacks, whether to
 * leave that attack out (the policy then takes its next best, or none).
 * Once the policy has made every attack it would, each enemy hex next to
 * a unit that may still attack is a decision too: a plan may make that
 * attack, with every unit next to it that may, judged by the rollouts
 * (the enemy's reply included) where the policy judged it by the position
 * just after the die and refused it.
 * A unit the policy holds near the enemy is a decision too: a side that
 * must hold loses most by the units it leaves where an attack will
 * destroy them and by the villages it leaves empty. Decisions the plan does not change are the
 * policy's, made afresh on the position the changed ones leave, so a plan
 * stays meaningful when the dice go another way than in the rollouts.
 *
 * The search is a (1+1) evolution of plans (online evolutionary
 * planning): the plan that changes nothing (the fast policy's own play)
 * is judged first, then five that change every decision of a kind at
 * once (scoring enemies taken back, a line garrisoned or held), then
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

#include <glib/gi18n-lib.h>

#include "sand-ai-private.h"
#include "sand-game-copy.h"

#define N_WORLDS 5
/* How many of its best hexes, after the policy's own choice, a plan may
 * send a unit to. */
#define N_ALT 3
#define GENE_STAY (N_ALT + 1)
/* The hex it reaches, out of contact with every enemy it knows of, that
 * the policy scores best: a pull back out of an attack the enemy would
 * make on it. */
#define GENE_BACK (N_ALT + 2)
/* The most valuable victory hex it reaches that none of its side holds:
 * a garrison, which the enemy must then attack to take. */
#define GENE_GARRISON (N_ALT + 3)
#define N_GENES (N_ALT + 4)
/* A candidate's first worlds, judged before the rest: one no better than
 * the best plan there is not played further (racing: the budget goes to
 * the candidates that may be better). */
#define N_SCREEN 2
/* The most decisions one plan changes from the best (once every plan
 * with fewer changes near it was judged). */
#define MAX_CHANGES 4

/* A move the policy made, an attack it chose, an attack it refused that a
 * plan may make, a scoring enemy a plan may take back (sand-ai-takeback.c). */
enum { MET_MOVE, MET_ATTACK, MET_MAKE, MET_TAKE };

/* What a move the policy made was like (Met.flags). */
enum {
  MET_AWAY = 1 << 0,     /* it left a hex within 4 of the enemy for one farther */
  MET_VICTORY = 1 << 1,  /* it set out within three hexes of a victory hex */
  MET_HELD = 1 << 2,     /* the policy left it where it stood, near the enemy */
};

/* A decision the policy made in a rollout: a unit moved, a hex attacked. */
typedef struct {
  int kind;
  int key;     /* the unit, the hex */
  int weight;  /* how often a change of it is drawn */
  int flags;   /* a move's MET_AWAY, MET_VICTORY */
} Met;

struct _SandAiPlan {
  guint8 *move;      /* per unit: 0 the policy's hex, 1..N_ALT the next best, GENE_STAY,
                        GENE_BACK, GENE_GARRISON */
  guint8 *skip;      /* per hex: 1 leave out the attack the policy chose on it */
  guint8 *make;      /* per hex: 1 make the attack on it that the policy refused */
  guint8 *take;      /* per hex: 1 send units next to the scoring enemy on it, first */
  GArray *targets;   /* ints: the hexes of the enemy units that score (shared), or NULL */
  guint8 *take_looked; /* per hex: its take back was a decision or is done, this phase */
  guint8 *sent;      /* per unit: looked at for a take back, this phase */
  guint n_units;
  int n_hexes;
  GArray *met;       /* Met: the decisions met while this is set (a rollout's) */
  double gain;       /* what the rollouts judged it better than the policy's play */
  GArray *victory;   /* int pairs: each victory hex and its value (the map's, public) */
  guint8 *moved;     /* per unit: moved by this plan in the phase being played */
  guint8 *looked;    /* per hex: its refused attack was a decision, this phase */
  gboolean held_done; /* the units the policy held were looked at, this phase */
};

/* A determinization: the seeds of its shuffle of the unseen and of its
 * dice. */
typedef struct {
  guint64 shuffle_seed;
  guint64 dice_seed;
} World;

static SandAiPlan *
plan_new (SandAi *ai)
{
  SandAiPlan *p = g_new0 (SandAiPlan, 1);
  p->n_units = ai->n_units;
  p->n_hexes = ai->n_hexes;
  p->move = g_new0 (guint8, p->n_units + 1);
  p->skip = g_new0 (guint8, p->n_hexes + 1);
  p->make = g_new0 (guint8, p->n_hexes + 1);
  p->take = g_new0 (guint8, p->n_hexes + 1);
  p->take_looked = g_new0 (guint8, p->n_hexes + 1);
  p->sent = g_new0 (guint8, p->n_units + 1);
  p->looked = g_new0 (guint8, p->n_hexes + 1);
  p->victory = g_array_new (FALSE, FALSE, sizeof (int));
  p->moved = g_new0 (guint8, p->n_units + 1);
  SandMap *map = sand_scenario_get_map (sand_game_get_scenario (ai->game));
  for (guint i = 0; i < sand_map_n_markers (map); i++)
    {
      const SandMarker *m = sand_map_get_marker (map, i);
      if (m->kind != SAND_MARKER_VICTORY || m->hex < 0 || m->hex >= p->n_hexes)
        continue;
      int pair[2] = { m->hex, MAX (m->value, 1) };
      g_array_append_vals (p->victory, pair, 2);
    }
  return p;
}

void
sand_ai_plan_free (SandAiPlan *p)
{
  if (p == NULL)
    return;
  g_free (p->move);
  g_free (p->skip);
  g_free (p->make);
  g_free (p->take);
  g_free (p->take_looked);
  g_free (p->sent);
  g_clear_pointer (&p->targets, g_array_unref);
  g_free (p->looked);
  g_clear_pointer (&p->met, g_array_unref);
  g_clear_pointer (&p->victory, g_array_unref);
  g_free (p->moved);
  g_free (p);
}

/* A fingerprint of the plan's choices (FNV-1a), to judge none twice. */
static gint64
plan_hash (const SandAiPlan *p)
{
  guint64 h = 1469598103934665603u;
  for (guint i = 0; i <= p->n_units; i++)
    h = (h ^ p->move[i]) * 1099511628211u;
  for (int i = 0; i <= p->n_hexes; i++)
    h = (h ^ (guint) (p->skip[i] | p->make[i] << 1 | p->take[i] << 2)) * 1099511628211u;
  return (gint64) h;
}

static void
plan_copy (SandAiPlan *to, const SandAiPlan *from)
{
  memcpy (to->move, from->move, from->n_units + 1);
  memcpy (to->skip, from->skip, (gsize) from->n_hexes + 1);
  memcpy (to->make, from->make, (gsize) from->n_hexes + 1);
  memcpy (to->take, from->take, (gsize) from->n_hexes + 1);
}

static void
met (SandAiPlan *p, int kind, int key, int weight, int flags)
{
  if (p->met == NULL)
    return;
  for (guint k = 0; k < p->met->len; k++)
    {
      const Met *m = &g_array_index (p->met, Met, k);
      if (m->kind == kind && m->key == key)
        return;
    }
  Met m = { kind, key, weight, flags };
  g_array_append_val (p->met, m);
}

/* What a victory hex is worth (0: none). */
static int
victory_value (const SandAiPlan *p, int hex)
{
  int v = 0;
  for (guint i = 0; i < p->victory->len; i += 2)
    if (g_array_index (p->victory, int, i) == hex)
      v += g_array_index (p->victory, int, i + 1);
  return v;
}

/* Whether a victory hex is within @radius of @hex. */
static gboolean
victory_near (SandAi *ai, const SandAiPlan *p, int hex, int radius)
{
  for (guint i = 0; i < p->victory->len; i += 2)
    if (sand_grid_distance (ai->grid, hex, g_array_index (p->victory, int, i)) <= radius)
      return TRUE;
  return FALSE;
}

/* The side's strength on @hex, @unit left out. */
static int
own_strength (SandAi *ai, int hex, int unit)
{
  int sum = 0;
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (ai->game, (int) i);
      if ((int) i != unit && u->status == SAND_UNIT_ON_MAP && u->hex == hex
          && (int) u->side == ai->side)
        sum += ai->est[i];
    }
  return sum;
}

/* Where @gene sends @unit, which the policy sends to @chosen:
 * 1..N_ALT the @gene-th best other hex it reaches by the policy's score;
 * GENE_BACK the best of those out of contact (no enemy it knows of next
 * to it); GENE_GARRISON the victory hex it reaches whose value is the
 * most for the strength of its side already there (an empty or weakly
 * held one first: the garrisons spread over the hexes; the policy's score
 * breaks ties), where it stands included (it then holds). Never the hex
 * it chose, nor (but for a garrison) the one it stands on; SAND_HEX_NONE
 * when there is none such. */
static int
alternative (SandAi *ai, int unit, int chosen, int gene)
{
  const SandReach *reach = sand_game_reach (ai->game, unit, NULL);
  if (reach == NULL)
    return SAND_HEX_NONE;
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  sand_reach_hexes (reach, hexes);
  int here = sand_game_get_unit (ai->game, unit)->hex;
  if (gene == GENE_GARRISON)
    g_array_append_val (hexes, here);
  int top[N_ALT];
  double top_s[N_ALT];
  for (int k = 0; k < N_ALT; k++)
    {
      top[k] = SAND_HEX_NONE;
      top_s[k] = -G_MAXDOUBLE;
    }
  for (guint k = 0; k < hexes->len; k++)
    {
      int h = g_array_index (hexes, int, k);
      if (h == chosen || (h == here && gene != GENE_GARRISON))
        continue;
      if (gene == GENE_BACK && sand_ai_nearest_enemy (ai, h) <= 1)
        continue;
      double value = 0;
      if (gene == GENE_GARRISON)
        {
          int v = victory_value (ai->plan, h);
          if (v == 0)
            continue;
          value = (double) v / (1 + own_strength (ai, h, unit));
        }
      double s = sand_ai_hex_score (ai, unit, h) - 0.001 * sand_reach_cost (reach, h)
                 + 1000.0 * value;
      for (int j = 0; j < N_ALT; j++)
        if (s > top_s[j])
          {
            memmove (top + j + 1, top + j, sizeof top[0] * (N_ALT - 1 - j));
            memmove (top_s + j + 1, top_s + j, sizeof top_s[0] * (N_ALT - 1 - j));
            top[j] = h;
            top_s[j] = s;
            break;
          }
    }
  if (gene == GENE_BACK || gene == GENE_GARRISON)
    return top[0];
  return gene >= 1 && gene <= N_ALT ? top[gene - 1] : SAND_HEX_NONE;
}

/* A new phase for @p: no unit moved yet. */
static void
plan_start (SandAiPlan *p)
{
  memset (p->moved, 0, p->n_units + 1);
  memset (p->looked, 0, (gsize) p->n_hexes + 1);
  memset (p->take_looked, 0, (gsize) p->n_hexes + 1);
  memset (p->sent, 0, p->n_units + 1);
  p->held_done = FALSE;
}

/* Once the policy has moved or held every unit that may move: the units
 * it held near the enemy are decisions too (a pull back, a garrison); the
 * first the plan sends elsewhere, as a move, or NULL. */
static SandAction *
held_next (SandAi *ai, SandAiPlan *p)
{
  if (p->held_done)
    return NULL;
  /* not while the policy still has a unit to move (or hold) */
  for (guint i = 0; i < p->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (ai->game, (int) i);
      if (!ai->done[i] && u->status == SAND_UNIT_ON_MAP && (int) u->side == ai->side
          && sand_game_offers (ai->game, "move", (int) i))
        return NULL;
    }
  for (guint i = 0; i < p->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (ai->game, (int) i);
      if (p->moved[i] || u->status != SAND_UNIT_ON_MAP || (int) u->side != ai->side
          || u->hex < 0 || ai->enemy_dist[u->hex] > 2 || ai->est[i] <= 0
          || !sand_game_offers (ai->game, "move", (int) i))
        continue;
      p->moved[i] = 1;
      met (p, MET_MOVE, (int) i, 3,
           MET_HELD | (victory_near (ai, p, u->hex, 3) ? MET_VICTORY : 0));
      int gene = p->move[i];
      if (gene == 0 || gene == GENE_STAY)
        continue;
      int to = alternative (ai, (int) i, SAND_HEX_NONE, gene);
      if (to == SAND_HEX_NONE || to == u->hex)
        continue;
      SandAction *a = sand_action_new_kind (SAND_ACTION_MOVE);
      g_array_append_val (sand_ai_ints (&a->path), to);
      a->unit = (int) i;
      ai->vp_len = 0;
      sand_ai_aim (ai, to, NULL, p->gain);
      if (gene == GENE_BACK)
        sand_ai_because (ai, _("The search's choice: pulls back out of contact a unit the "
                               "heuristic would hold; playing the phase and the enemy's reply out "
                               "in %d sampled games, the plan came out %.1f better."), N_WORLDS,
                         p->gain);
      else if (gene == GENE_GARRISON)
        sand_ai_because (ai, _("The search's choice: garrisons a victory hex with a unit the "
                               "heuristic would hold; playing the phase and the enemy's reply out "
                               "in %d sampled games, the plan came out %.1f better."), N_WORLDS,
                         p->gain);
      else
        sand_ai_because (ai, _("The search's choice: moves a unit the heuristic would hold, to its "
                               "choice number %d; playing the phase and the enemy's reply out in "
                               "%d sampled games, the plan came out %.1f better."), gene, N_WORLDS,
                         p->gain);
      return a;
    }
  p->held_done = TRUE;
  return NULL;
}

/* Once the policy has made every attack it would and moved or held every
 * unit: each enemy hex next to a unit of the side that may still attack
 * (the policy refused those attacks, or it would have made them) is a
 * decision; the first the plan makes (sand-ai-made.c), or NULL. Each hex
 * is a decision once a phase, so a refusal by the game (which alone says
 * what is legal) is not asked again. A hex whose attack the plan left out
 * is the policy's to leave. */
static SandAction *
made_next (SandAi *ai, SandAiPlan *p)
{
  g_autoptr(GArray) may = g_array_new (FALSE, FALSE, sizeof (int));
  sand_ai_may_attack (ai, may);
  if (may->len == 0)
    return NULL;
  sand_ai_view_enemies (ai);
  for (guint k = 0; k < may->len; k++)
    {
      int at = sand_game_get_unit (ai->game, g_array_index (may, int, k))->hex;
      for (int d = 0; d < SAND_N_DIRS; d++)
        {
          int n = ai->nbr[at * SAND_N_DIRS + d];
          if (n == SAND_HEX_NONE || n >= p->n_hexes || ai->enemy_dist[n] != 0 || p->looked[n]
              || p->skip[n])
            continue;
          p->looked[n] = 1;
          met (p, MET_MAKE, n, 3, 0);
          if (p->make[n])
            return sand_ai_made_attack (ai, n, may, N_WORLDS, p->gain);
        }
    }
  return NULL;
}

/* Before the policy moves a unit: each enemy unit that scores where it
 * stands (p->targets) is a decision where a unit of the side would go
 * next to it (asked once a phase, in the rollout that records); where the
 * plan takes it back, the units sent, one move at a time, or NULL. */
static SandAction *
take_next (SandAi *ai, SandAiPlan *p)
{
  for (guint k = 0; p->targets != NULL && k < p->targets->len; k++)
    {
      int hex = g_array_index (p->targets, int, k);
      if (hex < 0 || hex >= p->n_hexes || p->take_looked[hex])
        continue;
      if (p->take[hex])
        {
          SandAction *a = sand_ai_takeback_next (ai, hex, p->sent, N_WORLDS, p->gain);
          if (a != NULL)
            {
              met (p, MET_TAKE, hex, 3, 0);
              p->moved[a->unit] = 1;
              return a;
            }
        }
      else if (p->met != NULL)
        {
          g_autofree guint8 *look = g_new0 (guint8, p->n_units + 1);
          g_autoptr(SandAction) a = sand_ai_takeback_next (ai, hex, look, N_WORLDS, 0);
          if (a != NULL)
            met (p, MET_TAKE, hex, 3, 0);
          sand_ai_forget (ai);
        }
      p->take_looked[hex] = 1;
    }
  return NULL;
}

SandAction *
sand_ai_strong_next (SandAi *ai)
{
  SandAiPlan *p = ai->plan;

  SandAction *t = take_next (ai, p);
  if (t != NULL)
    return t;
  for (;;)
    {
      SandAction *h = held_next (ai, p);
      if (h != NULL)
        return h;
      SandAction *a = sand_ai_fast_next (ai);
      if (a == NULL)
        {
          a = held_next (ai, p);
          return a != NULL ? a : made_next (ai, p);
        }
      if (a->spec->kind == SAND_ACTION_ATTACK && a->ask && a->hex >= 0 && a->hex < p->n_hexes)
        {
          met (p, MET_ATTACK, a->hex, 3, 0);
          if (!p->skip[a->hex])
            return a;
          /* the policy marked the hex tried: it goes on to its next best */
          sand_action_free (a);
          sand_ai_forget (ai);
          continue;
        }
      if (a->spec->kind != SAND_ACTION_MOVE || a->probe || a->path == NULL
          || a->path->len != 1 || a->unit < 0 || (guint) a->unit >= p->n_units)
        return a;
      /* a unit near the enemy, before or after its move, is where a
       * change matters: its changes are drawn three times as often */
      int from = sand_game_get_unit (ai->game, a->unit)->hex;
      int dest = g_array_index (a->path, int, 0);
      p->moved[a->unit] = 1;
      met (p, MET_MOVE, a->unit,
           MIN (ai->enemy_dist[from], ai->enemy_dist[dest]) <= 2 ? 3 : 1,
           (ai->enemy_dist[from] <= 4 && ai->enemy_dist[dest] > ai->enemy_dist[from]
            ? MET_AWAY : 0)
           | (victory_near (ai, p, from, 3) ? MET_VICTORY : 0));
      int gene = p->move[a->unit];
      if (gene == 0)
        return a;
      /* the victory count the policy kept for the move it chose is not
       * the one this plan makes */
      ai->vp_len = 0;
      int to = gene == GENE_STAY ? from : alternative (ai, a->unit, dest, gene);
      if (to == from)
        {
          /* the policy marked the unit done: it holds */
          sand_action_free (a);
          sand_ai_forget (ai);
          continue;
        }
      if (to == SAND_HEX_NONE)
        return a;
      g_array_index (a->path, int, 0) = to;
      sand_ai_aim (ai, to, NULL, p->gain);
      if (gene == GENE_BACK)
        sand_ai_because (ai, _("The search's choice: pulls back out of contact; playing the phase "
                               "and the enemy's reply out in %d sampled games, the plan came out "
                               "%.1f better."), N_WORLDS, p->gain);
      else if (gene == GENE_GARRISON)
        sand_ai_because (ai, _("The search's choice: garrisons a victory hex; playing the phase "
                               "and the enemy's reply out in %d sampled games, the plan came out "
                               "%.1f better."), N_WORLDS, p->gain);
      else
        sand_ai_because (ai, _("The search's choice: not the heuristic's best hex but its choice "
                               "number %d; playing the phase and the enemy's reply out in %d "
                               "sampled games, the plan came out %.1f better."),
                         gene + 1, N_WORLDS, p->gain);
      return a;
    }
}

/* The side's evaluation once @plan's phase and the enemy's reply (its
 * next phases, played by the fast policy, until the side is to move
 * again) are played in worlds @first to @last - 1, each in @each; their
 * sum. A world is a fresh copy: a phase's end cannot be undone. The
 * decisions met in world 0 are kept in @plan->met when it is set. */
static double
play_candidate (SandAi *ai, const World *worlds, SandAiPlan *plan, double *each,
                int first, int last)
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
          follow = plan_new (ai);
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
      plan_start (plan);
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
          next.quiet = TRUE;
          if (!enemy_seen && follow != NULL)
            {
              plan_start (follow);
              next.plan = follow;
            }
          sand_ai_run_phase (&next);
          next.plan = NULL;
          sand_ai_clear (&next);
        }
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
  /* another gene than the one it has: 0 (the policy's hex) included */
  guint8 gene = (guint8) sand_dice_uniform (&ai->rng, N_GENES - 1);
  if (gene >= plan->move[m->key])
    gene++;
  plan->move[m->key] = gene;
}

/* The plans a side that holds needs, judged first, each changing every
 * decision of its kind at once (a line is held or given up as one): */
enum {
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
  for (guint i = 0; i < decisions->len; i++)
    {
      const Met *m = &g_array_index (decisions, Met, i);
      if (m->kind == MET_ATTACK)
        {
          if (kind == MACRO_NO_ATTACK)
            plan->skip[m->key] = 1;
          continue;
        }
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

  SandAiPlan *best = plan_new (ai), *cand = plan_new (ai);
  best->targets = g_array_new (FALSE, FALSE, sizeof (int));
  sand_ai_takeback_targets (ai, best->targets);
  cand->targets = g_array_ref (best->targets);
  double best_each[N_WORLDS], each[N_WORLDS];
  best->met = g_array_new (FALSE, FALSE, sizeof (Met));
  double base = play_candidate (ai, worlds, best, best_each, 0, N_WORLDS) / N_WORLDS;
  double best_score = base;
  rollouts -= N_WORLDS;
  g_autoptr(GHashTable) judged = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                                        NULL);
  g_hash_table_add (judged, g_memdup2 (&(gint64) { plan_hash (best) }, sizeof (gint64)));
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
          plan_copy (cand, best);
          macro (cand, best->met, next_macro++);
          gint64 h = plan_hash (cand);
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
          plan_copy (cand, best);
          for (int c = 0; c < changes; c++)
            mutate (ai, cand, best->met);
          gint64 h = plan_hash (cand);
          fresh = !g_hash_table_contains (judged, &h);
          if (fresh)
            g_hash_table_add (judged, g_memdup2 (&h, sizeof h));
        }
      if (!fresh)
        break;
      cand->met = g_array_new (FALSE, FALSE, sizeof (Met));
      /* Screened on the first worlds (on their sum: the majority of two
       * is a tie whenever they split), then judged on all of them. */
      play_candidate (ai, worlds, cand, each, 0, N_SCREEN);
      rollouts -= N_SCREEN;
      if (each[0] > -G_MAXDOUBLE && beats (each, best_each, 0, N_SCREEN, FALSE))
        {
          play_candidate (ai, worlds, cand, each, N_SCREEN, N_WORLDS);
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
  plan_start (best);
  ai->plan = best;
}
