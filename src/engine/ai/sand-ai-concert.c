/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-concert.c: units sent together next to one enemy hex, so that
 * the Combat Phase finds the odds it asks there.
 *
 * The movement heuristic pulls each unit next to enemies it outweighs,
 * itself and its stack against the enemy beside the hex, one unit at a
 * time: a unit too weak alone is pulled little, and the units that could
 * make an attack together each go where they score alone (depth, the
 * goal field) or stand next to different enemies. The attack step then
 * asks `ai-attack-ratio` times a defence it cannot see, believed real,
 * and a small army finds few such attacks. FPW's variable orders of
 * battle: in the weak German plans' lost games the German army destroys
 * about 10 French Combat Points fewer than in their won games, and is
 * behind by turns 5–7 (docs/ai.md, session 14).
 *
 * Where the ruleset declares `ai-concert`, once a Movement Phase, for
 * each enemy hex with strength the side believes there (a face-down
 * counter believed real, as the attack step believes it) and no living
 * fortification: the side's combat units that stand next to it or reach
 * a hex next to it this phase, those next to it first, then the nearest,
 * until their strength (halved out of supply) makes the odds the attack
 * step asks (`ai-attack-ratio` times the believed defence) — two units at
 * least: one alone is the heuristic's pull next to an enemy it outweighs,
 * as before. The hex that
 * needs the fewest units to move is taken first, then the stronger
 * defence; its units are the concert for the phase, each drawn
 * `ai-concert` to any hex next to it. Where the ruleset declares that a
 * flank counts (`ai-flank`: the rules double an attack from an opposite
 * pair or a triangle of hexes, sand-ai-flank.c), two or three of them
 * sent each to its own hex of such a shape need half the strength, and
 * are drawn to that hex. A guard joins only against the enemy it guards
 * against. What the attack is worth is still the attack step's to judge,
 * on the odds the units there make.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "sand-ai-private.h"
#include "sand-game-module.h"

/* What the attack step believes stands on @hex (0: nothing to attack). */
static double
defence_at (SandAi *ai, int hex)
{
  if (ai->enemy_unseen[hex] > 0)
    return sand_ai_hidden_strength (ai, hex);
  return ai->enemy_str[hex];
}

/* One enemy hex, and what each unit can do against it. */
typedef struct {
  guint nu;
  const double *power;  /* the side's units that may join: their attack strength */
  const int *dist;      /* … hexes from the enemy hex */
  const guint8 *taken;  /* … sent against another hex already */
  guint8 *dirs;         /* … the hexes next to it they reach, a bit a direction (0: none) */
  int *here;            /* … the direction they stand in when next to it, else -1 */
} Target;

/* A concert against one hex: who goes, and where (a direction, -1: any
 * hex next to it); the units it moves, their hexes to march. */
typedef struct {
  guint8 *pick;
  int *at;
  int moves;
  int march;
} Plan;

/* Whether unit @j can attack from direction @d. */
static gboolean
fits (const Target *t, guint j, int d)
{
  return t->here[j] >= 0 ? t->here[j] == d : (t->dirs[j] & (1u << d)) != 0;
}

/* Completes @p (its shape placed) with every free unit next to the hex,
 * then the nearest that reach it, until @factor times their strength
 * makes @need; FALSE when they cannot. */
static gboolean
complete (const Target *t, Plan *p, double factor, double need)
{
  double have = 0;
  for (guint j = 0; j < t->nu; j++)
    {
      if (!p->pick[j] && !t->taken[j] && t->here[j] >= 0)
        p->pick[j] = 1;
      if (p->pick[j])
        have += t->power[j];
    }
  while (factor * have < need)
    {
      int next = -1;
      for (guint j = 0; j < t->nu; j++)
        if (!p->pick[j] && !t->taken[j] && t->dirs[j] != 0
            && (next < 0 || t->dist[j] < t->dist[next]))
          next = (int) j;
      if (next < 0)
        return FALSE;
      p->pick[next] = 1;
      have += t->power[next];
    }
  p->moves = p->march = 0;
  for (guint j = 0; j < t->nu; j++)
    if (p->pick[j] && t->here[j] < 0)
      {
        p->moves++;
        p->march += t->dist[j];
      }
  return TRUE;
}

static void
plan_reset (const Target *t, Plan *p)
{
  memset (p->pick, 0, t->nu);
  for (guint j = 0; j < t->nu; j++)
    p->at[j] = -1;
}

static void
plan_copy (guint nu, Plan *to, const Plan *from)
{
  memcpy (to->pick, from->pick, nu);
  memcpy (to->at, from->at, sizeof (int) * nu);
  to->moves = from->moves;
  to->march = from->march;
}

static guint
picked (const Plan *p, guint nu)
{
  guint n = 0;
  for (guint j = 0; j < nu; j++)
    n += p->pick[j];
  return n;
}

/* Whether @a needs fewer units to move than @b, then less marching. */
static gboolean
better (const Plan *a, const Plan *b)
{
  return a->moves < b->moves || (a->moves == b->moves && a->march < b->march);
}

/* The units of a flank shape (@shape: its directions, @n of them), the
 * ones placed already in @p, placed from @k on; the best completed into
 * @best (@found: whether it holds one). */
static void
place_shape (const Target *t, const int *shape, int n, int k, Plan *p, Plan *scratch,
             Plan *best, gboolean *found, double need)
{
  if (k == n)
    {
      plan_copy (t->nu, scratch, p);
      if (complete (t, scratch, 2, need) && (!*found || better (scratch, best)))
        {
          plan_copy (t->nu, best, scratch);
          *found = TRUE;
        }
      return;
    }
  for (guint j = 0; j < t->nu; j++)
    if (!p->pick[j] && !t->taken[j] && fits (t, j, shape[k]))
      {
        p->pick[j] = 1;
        p->at[j] = shape[k];
        place_shape (t, shape, n, k + 1, p, scratch, best, found, need);
        p->pick[j] = 0;
        p->at[j] = -1;
      }
}

/* The concert against @hex that moves fewest units into @best; FALSE
 * when the side's free units cannot make the odds there. */
static gboolean
plan_target (SandAi *ai, const Target *t, double need, Plan *best, Plan *p, Plan *scratch)
{
  static const int shapes[5][3] = { { 0, 3 }, { 1, 4 }, { 2, 5 }, { 0, 2, 4 }, { 1, 3, 5 } };
  plan_reset (t, best);
  gboolean found = complete (t, best, 1, need);
  if (ai->w.flank <= 0)
    return found;
  for (int s = 0; s < 5; s++)
    {
      plan_reset (t, p);
      place_shape (t, shapes[s], s < 3 ? 2 : 3, 0, p, scratch, best, &found, need);
    }
  return found;
}

void
sand_ai_concert_build (SandAi *ai)
{
  if (ai->concert_built)
    return;
  ai->concert_built = TRUE;
  SandGame *game = ai->game;
  if (ai->w.concert <= 0 || sand_game_get_pending_attack (game) != NULL)
    return;
  sand_ai_view_enemies (ai);
  int enemy = sand_game_other_side (game, ai->side);
  g_autoptr(GArray) targets = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint k = 0; k < ai->n_enemy_hexes; k++)
    {
      int h = ai->enemy_hexes[k];
      if (defence_at (ai, h) > 0 && !sand_game_fort_alive_at (game, h, enemy))
        g_array_append_val (targets, h);
    }
  g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      if (u->status == SAND_UNIT_ON_MAP && u->hex >= 0 && (int) u->side == ai->side
          && ai->est[i] > 0 && !ai->done[i])
        g_array_append_val (units, i);
    }
  guint nt = targets->len, nu = units->len;
  if (nt == 0 || nu == 0)
    return;
  /* what each unit can do against each hex, read once: the reach is the
   * game's buffer, gone at the next unit's */
  g_autofree guint8 *dirs = g_new0 (guint8, (gsize) nt * nu);
  g_autofree int *here = g_new (int, (gsize) nt * nu);
  g_autofree int *dist = g_new (int, (gsize) nt * nu);
  g_autofree double *power = g_new0 (double, nu);
  for (guint j = 0; j < nu; j++)
    {
      int unit = g_array_index (units, int, j);
      int at = sand_game_get_unit (game, unit)->hex;
      int mp = MAX (sand_game_unit_allowance (game, unit), 0);
      int guarding = ai->guard_at != NULL ? ai->guard_at[unit] : SAND_HEX_NONE;
      power[j] = ai->est[unit];
      if (sand_game_unit_supply (game, unit) != SAND_SUPPLY_SUPPLIED)
        power[j] /= 2;
      const SandReach *reach = sand_game_offers (game, "move", unit)
                               ? sand_game_reach (game, unit, NULL) : NULL;
      for (guint t = 0; t < nt; t++)
        {
          int h = g_array_index (targets, int, t);
          here[t * nu + j] = -1;
          dist[t * nu + j] = sand_grid_distance (ai->grid, at, h);
          if (dist[t * nu + j] > mp + 1
              || (guarding != SAND_HEX_NONE && ai->guard_from[unit] != h))
            continue;
          for (int d = 0; d < SAND_N_DIRS; d++)
            {
              int n = ai->nbr[h * SAND_N_DIRS + d];
              if (n == SAND_HEX_NONE || ai->enemy_dist[n] == 0)
                continue;
              if (n == at)
                here[t * nu + j] = d;
              if (n == at || (reach != NULL && sand_reach_cost (reach, n) >= 0))
                dirs[t * nu + j] |= 1u << d;
            }
        }
    }
  ai->concert_at = g_new (int, 2 * (gsize) ai->n_units);
  ai->concert_hex = ai->concert_at + ai->n_units;
  for (guint i = 0; i < 2 * ai->n_units; i++)
    ai->concert_at[i] = SAND_HEX_NONE;
  g_autofree guint8 *taken = g_new0 (guint8, nu);
  g_autofree guint8 *target_done = g_new0 (guint8, nt);
  g_autofree guint8 *picks = g_new0 (guint8, 4 * (gsize) nu);
  g_autofree int *ats = g_new0 (int, 4 * (gsize) nu);
  Plan cur = { picks, ats, 0, 0 }, chosen = { picks + nu, ats + nu, 0, 0 };
  Plan p = { picks + 2 * nu, ats + 2 * nu, 0, 0 }, scratch = { picks + 3 * nu, ats + 3 * nu, 0, 0 };
  for (;;)
    {
      int best = -1;
      double best_def = 0;
      for (guint t = 0; t < nt; t++)
        {
          if (target_done[t])
            continue;
          int h = g_array_index (targets, int, t);
          double def = defence_at (ai, h);
          Target tg = { nu, power, dist + t * nu, taken,
                        dirs + t * nu, here + t * nu };
          /* short, made already by the units standing there (the attack
           * step has it without a concert), or one unit's alone (the
           * heuristic's pull next to an enemy it outweighs): never again
           * this phase, since units sent elsewhere only leave it fewer */
          if (!plan_target (ai, &tg, ai->w.attack_ratio * MAX (def, 1), &cur, &p, &scratch)
              || cur.moves == 0 || picked (&cur, nu) < 2)
            {
              target_done[t] = 1;
              continue;
            }
          if (best < 0 || better (&cur, &chosen) || (!better (&chosen, &cur) && def > best_def))
            {
              best = (int) t;
              best_def = def;
              plan_copy (nu, &chosen, &cur);
            }
        }
      if (best < 0)
        break;
      target_done[best] = 1;
      int h = g_array_index (targets, int, best);
      for (guint j = 0; j < nu; j++)
        if (chosen.pick[j])
          {
            int unit = g_array_index (units, int, j);
            taken[j] = 1;
            ai->concert_at[unit] = h;
            if (chosen.at[j] >= 0)
              ai->concert_hex[unit] = ai->nbr[h * SAND_N_DIRS + chosen.at[j]];
          }
    }
}

double
sand_ai_concert_score (SandAi *ai, int unit, int hex)
{
  if (ai->concert_at == NULL || unit < 0 || ai->concert_at[unit] == SAND_HEX_NONE)
    return 0;
  if (ai->concert_hex[unit] != SAND_HEX_NONE)
    return hex == ai->concert_hex[unit] ? ai->w.concert : 0;
  return sand_grid_distance (ai->grid, hex, ai->concert_at[unit]) == 1 ? ai->w.concert : 0;
}

gboolean
sand_ai_concert_explain (SandAi *ai, int unit, int hex)
{
  if (sand_ai_concert_score (ai, unit, hex) <= 0)
    return FALSE;
  int target = ai->concert_at[unit];
  double with = 0;
  for (guint i = 0; i < ai->n_units; i++)
    if (ai->concert_at[i] == target)
      with += ai->est[i];
  char at[SAND_HEX_ID_MAX] = "";
  sand_grid_format_id (ai->grid, target, at);
  sand_ai_aim (ai, target, NULL, 0);
  /* Translators: the computer player's reason for a move that joins
   * other units of its side next to one enemy hex, so that together they
   * attack it at the odds it asks. */
  sand_ai_because (ai, _("Joins the attack on %s: with the units sent with it, %.0f against "
                         "a defence believed %.0f."), at, with, defence_at (ai, target));
  return TRUE;
}
