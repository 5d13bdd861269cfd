/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-challenge.c: the fast level's challenges — an action by which a
 * unit moving into a possible enemy zone of control, instead of paying to
 * enter it, makes the enemy show whether the zone is real (FPW Formation
 * Status, Probe Segment b(1): concentrated, the enemy has no zone of
 * control and the unit moves on; extended, it stops in the hex it moved
 * into, as it would have by paying).
 *
 * It is taken as a way into a hex, never for itself: when the hex the unit
 * would move to (the movement heuristic's best) is next to one enemy hex
 * only, and the unit can reach the hex before it without entering enemy
 * control, it moves there and challenges on moving in. Either answer is
 * at least as good as paying: the worse one leaves it where paying would
 * have, the better one lets it go on. What it gives up is a hasty attack
 * that phase, which is weighed first (a probe or the rules' own actions
 * come before). A try cannot tell the answer (it would read a hidden
 * marker), so none is made beyond asking the game whether the challenge
 * is legal. Nothing here knows a game: the challenge is the rules' action
 * naming the unit, an enemy hex and, optionally, the hex it moves into.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-ai-private.h"

/* The rules' actions of a unit on an enemy hex that may name the hex the
 * unit moves into. */
static gboolean
challenge_spec (const SandActionSpec *spec)
{
  if (spec->kind != SAND_ACTION_MODULE || (spec->flags & SAND_ACTION_QUERY)
      || !sand_ai_spec_has_field (spec, SAND_FIELD_UNIT)
      || !sand_ai_spec_has_field (spec, SAND_FIELD_HEX)
      || sand_ai_spec_has_field (spec, SAND_FIELD_NUMBER))
    return FALSE;
  for (int i = 0; i < 4 && spec->fields[i].kind != SAND_FIELD_END; i++)
    if (spec->fields[i].kind == SAND_FIELD_PATH && spec->fields[i].optional)
      return TRUE;
  return FALSE;
}

static SandAction *
challenge (const SandActionSpec *spec, int unit, int enemy, int into)
{
  SandAction *a = sand_action_new (spec);
  a->unit = unit;
  a->hex = enemy;
  g_array_append_val (sand_ai_ints (&a->path), into);
  return a;
}

static SandAction *
move_to (int unit, int hex)
{
  SandAction *a = sand_action_new_kind (SAND_ACTION_MOVE);
  g_array_append_val (sand_ai_ints (&a->path), hex);
  a->unit = unit;
  return a;
}

/* The one enemy hex next to @hex, or SAND_HEX_NONE (none, or several:
 * showing one would leave the others' zones). */
static int
lone_enemy_next_to (SandAi *ai, int hex)
{
  int found = SAND_HEX_NONE;
  for (int d = 0; d < SAND_N_DIRS; d++)
    {
      int n = ai->nbr[hex * SAND_N_DIRS + d];
      if (n == SAND_HEX_NONE || ai->enemy_dist[n] != 0)
        continue;
      if (found != SAND_HEX_NONE)
        return SAND_HEX_NONE;
      found = n;
    }
  return found;
}

/* The best hex by the movement heuristic that @unit reaches, when it is
 * better than where it stands; SAND_HEX_NONE if none. */
static int
best_hex (SandAi *ai, int unit, const SandReach *reach)
{
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  sand_reach_hexes (reach, hexes);
  int best = SAND_HEX_NONE;
  double best_s = sand_ai_hex_score (ai, unit, sand_game_get_unit (ai->game, unit)->hex);
  for (guint k = 0; k < hexes->len; k++)
    {
      int h = g_array_index (hexes, int, k);
      double s = sand_ai_hex_score (ai, unit, h) - 0.001 * sand_reach_cost (reach, h);
      if (s > best_s)
        {
          best_s = s;
          best = h;
        }
    }
  return best;
}

/* Whether moving to @target beats staying once the victory count each
 * makes is added, as the move step weighs its best hex (a unit holding
 * what the count rewards stays). */
static gboolean
worth_moving (SandAi *ai, int unit, int target)
{
  if (ai->w.vp == 0)
    return TRUE;
  int here = sand_game_get_unit (ai->game, unit)->hex;
  g_autoptr(SandAction) mv = move_to (unit, target);
  double vp = sand_ai_simulate (ai, mv, SAND_AI_EVAL_VP, 1);
  if (vp == -G_MAXDOUBLE)
    return FALSE;
  return sand_ai_hex_score (ai, unit, target) + vp - sand_ai_eval_vp (ai)
    > sand_ai_hex_score (ai, unit, here);
}

static const SandActionSpec *
find_spec (SandAi *ai)
{
  g_autoptr(GPtrArray) specs = g_ptr_array_new ();
  sand_game_list_actions (ai->game, specs);
  for (guint s = 0; s < specs->len; s++)
    if (challenge_spec (g_ptr_array_index (specs, s)))
      return g_ptr_array_index (specs, s);
  return NULL;
}

/* The way into the hex @unit heads for, by a challenge: the move to the
 * hex before it, or the challenge itself when it stands there. */
static SandAction *
route (SandAi *ai, int unit, const SandActionSpec *spec, int *enemy, int *into, int *before)
{
  const SandReach *reach = sand_game_reach (ai->game, unit, NULL);
  if (reach == NULL)
    return NULL;
  int here = sand_game_get_unit (ai->game, unit)->hex;
  int target = best_hex (ai, unit, reach);
  if (target == SAND_HEX_NONE || ai->enemy_dist[target] != 1)
    return NULL;
  if (!worth_moving (ai, unit, target))
    return NULL;
  int e = lone_enemy_next_to (ai, target);
  g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (int));
  if (e == SAND_HEX_NONE || !sand_reach_path (reach, target, path) || path->len == 0)
    return NULL;
  int p = path->len >= 2 ? g_array_index (path, int, path->len - 2) : here;
  /* the hex before must be out of every possible zone (it would stop there) */
  if (p != here && ai->enemy_dist[p] < 2)
    return NULL;
  /* legal? asked of the game and taken back: only the refusal is read */
  guint len = sand_game_log_length (ai->game);
  g_autoptr(SandAction) mv = move_to (unit, p);
  gboolean legal = p == here || (sand_game_apply (ai->game, mv, NULL, NULL)
                                 && sand_game_get_unit (ai->game, unit)->hex == p);
  if (legal)
    {
      g_autoptr(SandAction) c = challenge (spec, unit, e, target);
      legal = sand_game_apply (ai->game, c, NULL, NULL);
    }
  sand_ai_rewind (ai->game, len);
  if (!legal)
    return NULL;
  *enemy = e;
  *into = target;
  *before = p;
  return p == here ? challenge (spec, unit, e, target) : g_steal_pointer (&mv);
}

static void
plan_key (char *key, gsize size, int enemy)
{
  g_snprintf (key, size, "challenge-plan-%d", enemy);
}

SandAction *
sand_ai_challenge_route (SandAi *ai,
                         int     unit)
{
  if (ai->done[unit] || !sand_ai_try_once (ai, "challenge-route", unit, -1))
    return NULL;
  /* a challenge shows formations: where units have none (a game or
   * scenario without them) there is nothing to ask, and nothing is tried */
  const SandActionSpec *spec = find_spec (ai);
  if (spec == NULL || sand_game_unit_formation_for (ai->game, unit, ai->side) == NULL)
    return NULL;
  /* weighed and not taken, the player's stream is as it was (the
   * heuristic's noise draws from it) */
  SandDice stream = ai->rng;
  int enemy = SAND_HEX_NONE, into = SAND_HEX_NONE, before = SAND_HEX_NONE;
  SandAction *a = route (ai, unit, spec, &enemy, &into, &before);
  if (a == NULL)
    {
      ai->rng = stream;
      return NULL;
    }
  char key[48], e_id[SAND_HEX_ID_MAX] = "", t_id[SAND_HEX_ID_MAX] = "",
       p_id[SAND_HEX_ID_MAX] = "";
  plan_key (key, sizeof key, enemy);
  sand_ai_try_once (ai, key, unit, into);
  sand_grid_format_id (ai->grid, enemy, e_id);
  sand_grid_format_id (ai->grid, into, t_id);
  sand_grid_format_id (ai->grid, before, p_id);
  sand_ai_aim (ai, into, NULL, 0);
  if (a->spec->kind == SAND_ACTION_MOVE)
    sand_ai_because (ai, _("To %s, to challenge %s on moving into %s instead of paying to "
                           "enter its possible zone of control: extended, it stops in %s as "
                           "paying would; concentrated, the way on is open."),
                     p_id, e_id, t_id, t_id);
  else
    {
      /* a challenge puts the unit in motion: it moves on from here */
      ai->in_motion = unit;
      sand_ai_try_once (ai, "challenge-made", unit, -1);
      sand_ai_because (ai, _("Challenges %s on moving into %s instead of paying to enter its "
                             "possible zone of control: extended, it stops in %s as paying "
                             "would; concentrated, the way on is open."), e_id, t_id, t_id);
    }
  return a;
}

SandAction *
sand_ai_challenge_step (SandAi *ai,
                        int     unit)
{
  const SandActionSpec *spec = NULL;
  const SandUnitState *u = sand_game_get_unit (ai->game, unit);
  if (u->status != SAND_UNIT_ON_MAP || (u->flags & SAND_UNIT_STOPPED))
    return NULL;
  char key[96];
  g_snprintf (key, sizeof key, "challenge-made %d -1", unit);
  if (!g_hash_table_contains (ai->tried, key))
    {
      /* the hex before reached: the challenge planned */
      for (int d = 0; d < SAND_N_DIRS; d++)
        {
          int t = ai->nbr[u->hex * SAND_N_DIRS + d];
          int e = t != SAND_HEX_NONE ? lone_enemy_next_to (ai, t) : SAND_HEX_NONE;
          char plan[48];
          if (e == SAND_HEX_NONE)
            continue;
          plan_key (plan, sizeof plan, e);
          g_snprintf (key, sizeof key, "%s %d %d", plan, unit, t);
          if (!g_hash_table_contains (ai->tried, key) || (spec = find_spec (ai)) == NULL)
            continue;
          sand_ai_try_once (ai, "challenge-made", unit, -1);
          char e_id[SAND_HEX_ID_MAX] = "", t_id[SAND_HEX_ID_MAX] = "";
          sand_grid_format_id (ai->grid, e, e_id);
          sand_grid_format_id (ai->grid, t, t_id);
          sand_ai_aim (ai, t, NULL, 0);
          sand_ai_because (ai, _("Challenges %s on moving into %s instead of paying to enter "
                                 "its possible zone of control: extended, it stops in %s as "
                                 "paying would; concentrated, the way on is open."),
                           e_id, t_id, t_id);
          return challenge (spec, unit, e, t);
        }
      return NULL;
    }
  /* the challenge showed no zone of control: it moves on, once */
  if (!sand_game_offers (ai->game, "move", unit)
      || !sand_ai_try_once (ai, "challenge-move-on", unit, -1))
    return NULL;
  const SandReach *reach = sand_game_reach (ai->game, unit, NULL);
  int to = reach != NULL ? best_hex (ai, unit, reach) : SAND_HEX_NONE;
  if (to == SAND_HEX_NONE || !worth_moving (ai, unit, to))
    return NULL;
  char to_id[SAND_HEX_ID_MAX] = "";
  sand_grid_format_id (ai->grid, to, to_id);
  sand_ai_aim (ai, to, NULL, 0);
  sand_ai_because (ai, _("The challenge showed no zone of control: it moves on to %s."), to_id);
  return move_to (unit, to);
}
