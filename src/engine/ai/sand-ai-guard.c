/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-guard.c: a standing guard where the enemy can cross into the
 * side's country.
 *
 * The threat field answers an enemy unit that scores now, and the screen
 * the border in the last turns; neither sees an enemy that may walk into
 * the side's country in any of its moves, far from the side's army, and
 * score there. FPW's campaign: a French corps in Strasburg crosses the
 * Rhine into Baden, where no German stands, supplied across the river
 * (zones of control do not cross it), and scores 50 a hex of depth — most
 * of the French wins left after session 8. What it asks is read from the
 * game, not known by name: for each enemy combat unit the side sees, the
 * hexes it could walk over in `ai-guard-turns` of its moves (its
 * allowance a move, a hex at a time, through no hex the side's units hold
 * and on from none they control); the first hex of the side's home
 * country it meets is where it would come in. Whether standing there
 * scores is asked of the victory count as the side may make it, the unit
 * put there inside an aborted action (nothing logged); an enemy already in
 * the country is asked what it scores where it stands. Where it scores,
 * the side's combat units nearest that hex, as many as make `ai-guard-ratio`
 * times the enemy's strength (each way in its nearest free unit before any
 * gets a second), are its guard for the phase: each is drawn to the hex,
 * `ai-guard` a hex nearer, until it stands on it, or next to it or to the
 * enemy where its zone of control reaches them — its zone stops the enemy
 * at the border (one hex deep, not five) and keeps the supply of a deeper
 * move from tracing through, and it can attack what crossed. The nearest
 * go, so the army far off in the enemy's country is left to its depth.
 *
 * A counter the side has not seen (FPW's Standard Game: every French
 * counter stands face down, a third of them dummies) is guarded against
 * too, as a real one would be, with as many units as its strength on
 * average — the counters it has not seen, dummies among them — asks.
 * The count the side makes does not count it — it counts only what it
 * has seen — so whether a real unit would score where it comes in is
 * asked of a stand-in (sand-ai-standin.c): an enemy counter the side
 * knows to be real (one it sees on the map, else one off the map whose
 * printed strength is not nought — the counter mix is public), put there
 * inside the aborted action and shown to the side. Only where the counter stands and how
 * far it moves are read of it, which the side sees. Traced on the
 * variable OOB (docs/ai.md, session 10): most French wins left were a
 * face-down French corps from Strasburg walking into Baden in the first
 * turns and scoring there for the rest of the game, unseen.
 */
#include "config.h"

#include <math.h>

#include "sand-ai-private.h"
#include "sand-game-module.h"

typedef struct {
  int enemy;       /* the enemy unit */
  int from;        /* … the hex it stands on */
  gboolean seen;   /* … and whether the side sees it */
  int at;          /* the hex of the side's country it would come in at */
  double value;    /* what it scores there, as the side may count it */
} Need;

/* Ties: a unit the side sees (certainly real) first, by its index; then
 * the face-down by where they stand and come in, which the side sees —
 * the index would tell two face-down counters apart. (Two on one hex
 * coming in at one hex need the same; their order changes nothing.) */
static int
cmp_need (gconstpointer a, gconstpointer b)
{
  const Need *x = a, *y = b;
  if (x->value != y->value)
    return x->value > y->value ? -1 : 1;
  if (x->seen != y->seen)
    return x->seen ? -1 : 1;
  if (x->seen)
    return x->enemy - y->enemy;
  if (x->from != y->from)
    return x->from - y->from;
  return x->at - y->at;
}

/* The first hex of the side's home country @enemy could come to in
 * @reach hexes, from none the side controls and through none it holds;
 * SAND_HEX_NONE when it cannot. */
static int
way_in (SandAi *ai, const gint8 *home, int *dist, int *queue, int enemy, int reach)
{
  SandGame *game = ai->game;
  int start = sand_game_get_unit (game, enemy)->hex;
  int esd = (int) sand_game_get_unit (game, enemy)->side;
  const guint8 *closed = sand_game_no_entry (game, esd);
  if (home[start] == ai->side)
    return start;
  for (int h = 0; h < ai->n_hexes; h++)
    dist[h] = -1;
  int head = 0, tail = 0;
  dist[start] = 0;
  queue[tail++] = start;
  while (head < tail)
    {
      int x = queue[head++];
      if (dist[x] >= reach || (x != start && sand_game_hex_controlled (game, ai->side, x)))
        continue;
      for (int d = 0; d < SAND_N_DIRS; d++)
        {
          int n = ai->nbr[x * SAND_N_DIRS + d];
          if (n == SAND_HEX_NONE || dist[n] >= 0 || (closed != NULL && closed[n])
              || ai->own_combat[n] > 0)
            continue;
          if (home[n] == ai->side)
            return n;
          dist[n] = dist[x] + 1;
          queue[tail++] = n;
        }
    }
  return SAND_HEX_NONE;
}

/* Whether a unit on @hex would control @to, next to it: no hexside the
 * rules say zones of control do not cross (FPW ZOC (B): rivers) between. */
static gboolean
zoc_reaches (SandAi *ai, int hex, int to)
{
  const guint8 *blocked = sand_game_zoc_side_blocked (ai->game);
  for (int d = 0; d < SAND_N_DIRS; d++)
    if (ai->nbr[hex * SAND_N_DIRS + d] == to)
      return blocked == NULL || !(blocked[hex] & (1u << d));
  return FALSE;
}

void
sand_ai_guard_build (SandAi *ai)
{
  if (ai->guard_built)
    return;
  ai->guard_built = TRUE;
  SandGame *game = ai->game;
  if (ai->w.guard <= 0 || ai->w.guard_turns <= 0 || ai->w.vp == 0
      || sand_game_get_pending_attack (game) != NULL)
    return;
  g_autofree gint8 *home = sand_ai_home_sides (ai);
  sand_ai_own_refresh (ai);
  g_autofree int *dist = g_new (int, ai->n_hexes);
  g_autofree int *queue = g_new (int, ai->n_hexes);
  g_autoptr(GArray) needs = g_array_new (FALSE, FALSE, sizeof (Need));
  double base = NAN;
  SandAiStand stand;
  sand_ai_stand_init (ai, &stand, NULL);
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      gboolean seen = sand_game_unit_visible (game, (int) i, ai->side);
      if (u->status != SAND_UNIT_ON_MAP || u->hex < 0 || (int) u->side == ai->side
          || (seen && ai->est[i] <= 0) || (!seen && (ai->if_real <= 0 || stand.unit < 0)))
        continue;
      int reach = (int) (ai->w.guard_turns * sand_game_unit_allowance (game, (int) i));
      int at = way_in (ai, home, dist, queue, (int) i, reach);
      if (at == SAND_HEX_NONE)
        continue;
      Need need = { (int) i, u->hex, seen, at, 0 };
      if (!seen)
        need.value = sand_ai_stand_scores (ai, &stand, at);
      else
        {
          /* what it scores there (or, in the country already, where it is) */
          if (isnan (base))
            base = sand_ai_enemy_points (ai);
          sand_game_begin_action (game);
          if (at == u->hex)
            sand_game_remove_unit (game, (int) i, SAND_UNIT_ELIMINATED);
          else
            sand_game_place_unit (game, (int) i, at);
          double with = sand_ai_enemy_points (ai);
          sand_game_abort_action (game);
          need.value = at == u->hex ? base - with : with - base;
        }
      if (need.value > 0)
        g_array_append_val (needs, need);
    }
  sand_ai_stand_clear (&stand);
  if (needs->len == 0)
    return;
  g_array_sort (needs, cmp_need);
  ai->guard_at = g_new (int, 2 * (gsize) ai->n_units);
  ai->guard_from = ai->guard_at + ai->n_units;
  for (guint i = 0; i < ai->n_units; i++)
    ai->guard_at[i] = ai->guard_from[i] = SAND_HEX_NONE;
  /* Round by round, each need still short takes the nearest free unit, so
   * that every way in has a zone of control on it before any has more. */
  g_autofree double *have = g_new0 (double, needs->len);
  for (gboolean short_any = TRUE; short_any;)
    {
      short_any = FALSE;
      for (guint k = 0; k < needs->len; k++)
        {
          const Need *need = &g_array_index (needs, Need, k);
          /* a face-down counter: the mean of the counters the side has not
           * seen, dummies among them (sand-ai-hidden.c) — its need is a
           * zone of control on a way in, and two corps held at every
           * face-down counter by the border (believed real, as the attack
           * step believes a defence) kept the army from its attacks and
           * depth (docs/ai.md, session 10) */
          double strength = need->seen ? ai->est[need->enemy] : ai->if_unseen;
          if (have[k] >= ai->w.guard_ratio * MAX (strength, 1))
            continue;
          int best = -1, best_d = G_MAXINT;
          for (guint j = 0; j < ai->n_units; j++)
            {
              const SandUnitState *o = sand_game_get_unit (game, (int) j);
              if (o->status != SAND_UNIT_ON_MAP || o->hex < 0 || (int) o->side != ai->side
                  || ai->est[j] <= 0 || ai->guard_at[j] != SAND_HEX_NONE)
                continue;
              int d = sand_grid_distance (ai->grid, o->hex, need->at);
              if (d < best_d)
                {
                  best = (int) j;
                  best_d = d;
                }
            }
          if (best < 0)
            break;
          ai->guard_at[best] = need->at;
          ai->guard_from[best] = sand_game_get_unit (game, need->enemy)->hex;
          have[k] += ai->est[best];
          short_any = TRUE;
        }
    }
}

double
sand_ai_guard_score (SandAi *ai, int unit, int hex)
{
  if (ai->guard_at == NULL || unit < 0 || ai->guard_at[unit] == SAND_HEX_NONE)
    return 0;
  int d = sand_grid_distance (ai->grid, hex, ai->guard_at[unit]);
  /* next to the enemy itself holds it too, where its zone of control
   * reaches the enemy's hex (not across a river, nor into a fortification
   * of the enemy's: FPW Fortification (C)) */
  int from = ai->guard_from[unit];
  if (zoc_reaches (ai, hex, from)
      && !sand_game_fort_alive_at (ai->game, from, sand_game_other_side (ai->game, ai->side)))
    return 0;
  /* on it, or next to it where its zone of control reaches it */
  if (d == 0 || (d == 1 && zoc_reaches (ai, hex, ai->guard_at[unit])))
    return 0;
  return -ai->w.guard * MAX (d - 1, 1);
}

int
sand_ai_guard_of (SandAi *ai, int unit, int *from)
{
  if (ai->guard_at == NULL || unit < 0 || ai->guard_at[unit] == SAND_HEX_NONE)
    return SAND_HEX_NONE;
  if (from != NULL)
    *from = ai->guard_from[unit];
  return ai->guard_at[unit];
}
