/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-plan.c: a strong-level plan, and the actions it makes as the
 * fast policy plays a phase (sand_ai_strong_next).
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
 * Which plan is played is the search's (sand-ai-strong.c).
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "sand-ai-plan.h"

SandAiPlan *
sand_ai_plan_new (SandAi *ai)
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
  p->hold = g_new0 (guint8, p->n_hexes + 1);
  p->hold_looked = g_new0 (guint8, p->n_hexes + 1);
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
  g_free (p->hold);
  g_free (p->hold_looked);
  g_clear_pointer (&p->holds, g_array_unref);
  g_free (p->looked);
  g_clear_pointer (&p->met, g_array_unref);
  g_clear_pointer (&p->victory, g_array_unref);
  g_free (p->moved);
  g_free (p);
}

/* A fingerprint of the plan's choices (FNV-1a), to judge none twice. */
gint64
sand_ai_plan_hash (const SandAiPlan *p)
{
  guint64 h = 1469598103934665603u;
  for (guint i = 0; i <= p->n_units; i++)
    h = (h ^ p->move[i]) * 1099511628211u;
  for (int i = 0; i <= p->n_hexes; i++)
    h = (h ^ (guint) (p->skip[i] | p->make[i] << 1 | p->take[i] << 2
                                 | p->hold[i] << 3)) * 1099511628211u;
  return (gint64) h;
}

void
sand_ai_plan_copy (SandAiPlan *to, const SandAiPlan *from)
{
  memcpy (to->move, from->move, from->n_units + 1);
  memcpy (to->skip, from->skip, (gsize) from->n_hexes + 1);
  memcpy (to->make, from->make, (gsize) from->n_hexes + 1);
  memcpy (to->take, from->take, (gsize) from->n_hexes + 1);
  memcpy (to->hold, from->hold, (gsize) from->n_hexes + 1);
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
void
sand_ai_plan_start (SandAiPlan *p)
{
  memset (p->moved, 0, p->n_units + 1);
  memset (p->looked, 0, (gsize) p->n_hexes + 1);
  memset (p->take_looked, 0, (gsize) p->n_hexes + 1);
  memset (p->sent, 0, p->n_units + 1);
  memset (p->hold_looked, 0, (gsize) p->n_hexes + 1);
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

/* Before the policy moves a unit, in the side's last turn: each hex the
 * enemy's last move would take points from (p->holds) is a decision
 * whether the nearest unit free to go stands on it (asked once a phase,
 * in the rollout that records); where the plan holds it, that move, or
 * NULL. */
static SandAction *
hold_next (SandAi *ai, SandAiPlan *p)
{
  for (guint k = 0; p->holds != NULL && k < p->holds->len; k++)
    {
      int hex = g_array_index (p->holds, int, k);
      if (hex < 0 || hex >= p->n_hexes || p->hold_looked[hex])
        continue;
      p->hold_looked[hex] = 1;
      if (!p->hold[hex] && p->met == NULL)
        continue;
      SandAction *a = sand_ai_lasthold_next (ai, hex, p->moved, !p->hold[hex], N_WORLDS,
                                             p->gain);
      if (a == NULL)
        continue;
      met (p, MET_HOLD, hex, 3, 0);
      if (!p->hold[hex])
        {
          sand_action_free (a);
          continue;
        }
      p->moved[a->unit] = 1;
      return a;
    }
  return NULL;
}

SandAction *
sand_ai_strong_next (SandAi *ai)
{
  SandAiPlan *p = ai->plan;

  SandAction *l = hold_next (ai, p);
  if (l != NULL)
    return l;
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
