/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-hold.c: in the last turns, the hexes of the side's lines that
 * an enemy could stand on in its last move and cut them.
 *
 * The count a side makes at the end may hang on its supply (FPW: the
 * German depth scores only while the deepest unit is supplied, and a unit
 * cut off gives the enemy 3 points a point), and supply runs along lines
 * that an enemy counter standing on them stops (FPW Supply, General: not
 * through an enemy-occupied hex; the rail line ends at one). In the
 * game's last turns the enemy's last Movement Phase comes after the
 * side's last move, and no move can answer it: traced on the variable
 * OOB (docs/ai.md, session 11), a random French corps that steps onto
 * the German rail line behind the army's head takes 40 to 100 points of
 * the German count in its last move. The screen covers the border and
 * the guard the ways into the side's country; neither sees the line. So
 * in the last `ai-screen-turns` turns, once a Movement Phase, the hexes
 * of the map's connections (rails: where lines run) that an enemy counter
 * could end its next move on — its allowance, a hex at a time, through
 * no hex the side's combat units hold and on from none they control —
 * are each asked of the victory count as the side may make it: an enemy
 * counter it knows to be real put there inside an aborted action (as the
 * guard asks; nothing is logged), less the count without it. A hex that
 * costs the side its count so (HOLD_MIN or more) is held: a combat unit standing on it —
 * the enemy may not enter it — is drawn `ai-hold` times what it would
 * cost (the evaluation's weight, ai-vp a point), while no other of the
 * side's combat units stands there. Face-down counters and dummies cut
 * supply like real ones, so every enemy counter's reach is read; only
 * where it stands and how far it moves, which the side sees.
 */
#include "config.h"

#include "sand-ai-private.h"
#include "sand-game-module.h"

/* Least cost, in victory points, that makes a hex worth holding: a point
 * or two is the noise of a stand-in's own supply. */
#define HOLD_MIN 10

/* Whether @hex carries one of the map's connections (rails, roads: where
 * the rules may run lines). */
static gboolean
on_connection (SandMap *map, guint32 lines, guint n_features, int hex)
{
  for (guint f = 0; f < n_features; f++)
    if ((lines & (1u << f)) && sand_map_hex_has_connection (map, hex, (int) f))
      return TRUE;
  return FALSE;
}

/* Whether @hex is on one of the map's connections or next to one: an
 * enemy there stops the line, or controls a hex of it, which no supply
 * path may cross and no source starts from (FPW Supply, General). */
static gboolean
near_connection (SandAi *ai, SandMap *map, guint32 lines, guint n_features, int hex)
{
  if (on_connection (map, lines, n_features, hex))
    return TRUE;
  for (int d = 0; d < SAND_N_DIRS; d++)
    {
      int n = ai->nbr[hex * SAND_N_DIRS + d];
      if (n != SAND_HEX_NONE && on_connection (map, lines, n_features, n))
        return TRUE;
    }
  return FALSE;
}

/* Marks in @reach the hexes @enemy could end its next move on: its
 * allowance in hexes, through none @held (the side's combat units) and on
 * from none the side controls. */
static void
enemy_reach (SandAi *ai, const guint8 *held, guint8 *reach, int *dist, int *queue, int enemy)
{
  SandGame *game = ai->game;
  const SandUnitState *u = sand_game_get_unit (game, enemy);
  const guint8 *closed = sand_game_no_entry (game, (int) u->side);
  int limit = sand_game_unit_allowance (game, enemy);
  for (int h = 0; h < ai->n_hexes; h++)
    dist[h] = -1;
  int head = 0, tail = 0;
  dist[u->hex] = 0;
  queue[tail++] = u->hex;
  while (head < tail)
    {
      int x = queue[head++];
      reach[x] = 1;
      if (dist[x] >= limit || (x != u->hex && sand_game_hex_controlled (game, ai->side, x)))
        continue;
      for (int d = 0; d < SAND_N_DIRS; d++)
        {
          int n = ai->nbr[x * SAND_N_DIRS + d];
          if (n == SAND_HEX_NONE || dist[n] >= 0 || (closed != NULL && closed[n]) || held[n])
            continue;
          dist[n] = dist[x] + 1;
          queue[tail++] = n;
        }
    }
}

/* Whether @unit could attack in this turn's Combat Phase: a unit that
 * may attack (not a dummy: Standard Game Combat) standing next to an
 * enemy or reaching a hex next to one. Only such a unit is kept from the
 * hold: one that holds a hex of the line instead of attacking gives up
 * the count its attack makes (session 11: the hold drawn from every
 * combat unit cost the last Combat Phase more than it saved), the others
 * give up nothing but the depth the count already weighs in the move. */
static gboolean
could_attack (SandAi *ai, int unit)
{
  SandGame *game = ai->game;
  if (!sand_game_unit_is_real (game, unit))
    return FALSE;
  if (ai->enemy_dist[sand_game_get_unit (game, unit)->hex] <= 1)
    return TRUE;
  const SandReach *reach = sand_game_reach (game, unit, NULL);
  if (reach == NULL)
    return FALSE;
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  sand_reach_hexes (reach, hexes);
  for (guint k = 0; k < hexes->len; k++)
    if (ai->enemy_dist[g_array_index (hexes, int, k)] <= 1)
      return TRUE;
  return FALSE;
}

/* The map's connections the side's lines may run on (a mask of side
 * features), or 0. */
static guint32
line_features (SandGame *game, guint *n_features)
{
  SandRuleset *rs = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  *n_features = MIN (sand_ruleset_n_side_features (rs), 32u);
  guint32 lines = 0;
  for (guint f = 0; f < *n_features; f++)
    if (sand_ruleset_get_side_feature (rs, f)->kind == SAND_SIDE_CONNECTION)
      lines |= 1u << f;
  return lines;
}

void
sand_ai_hold_build (SandAi *ai)
{
  if (ai->hold_built)
    return;
  ai->hold_built = TRUE;
  SandGame *game = ai->game;
  guint n_features;
  if (ai->w.hold <= 0 || ai->w.vp <= 0 || ai->w.screen_turns <= 0
      || sand_game_get_n_turns (game) - sand_game_get_turn (game) >= ai->w.screen_turns
      || sand_game_get_pending_attack (game) != NULL || sand_ai_stand_in (ai) < 0
      || line_features (game, &n_features) == 0)
    return;
  /* who may hold: every combat unit that cannot attack this turn anyway,
   * read before any of them moves */
  gboolean any = FALSE;
  ai->hold_free = g_new0 (guint8, ai->n_units);
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      if (u->status == SAND_UNIT_ON_MAP && u->hex >= 0 && (int) u->side == ai->side
          && sand_game_unit_is_combat (game, (int) i) && sand_game_offers (game, "move", (int) i))
        any |= ai->hold_free[i] = !could_attack (ai, (int) i);
    }
  if (!any)
    g_clear_pointer (&ai->hold_free, g_free);
}

gboolean
sand_ai_hold_defers (SandAi *ai, int unit)
{
  return ai->hold_free != NULL && !ai->hold_read && ai->hold_free[unit];
}

void
sand_ai_hold_read (SandAi *ai)
{
  if (ai->hold_read || ai->hold_free == NULL)
    return;
  ai->hold_read = TRUE;
  SandGame *game = ai->game;
  int stand = sand_ai_stand_in (ai);
  guint n_features;
  guint32 lines = line_features (game, &n_features);
  SandMap *map = sand_scenario_get_map (sand_game_get_scenario (game));

  g_autofree guint8 *held = g_new0 (guint8, ai->n_hexes);
  g_autofree guint8 *reach = g_new0 (guint8, ai->n_hexes);
  g_autofree int *dist = g_new (int, ai->n_hexes);
  g_autofree int *queue = g_new (int, ai->n_hexes);
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      if (u->status == SAND_UNIT_ON_MAP && u->hex >= 0 && (int) u->side == ai->side
          && sand_game_unit_is_combat (game, (int) i))
        held[u->hex] = 1;
    }
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      if (u->status == SAND_UNIT_ON_MAP && u->hex >= 0 && (int) u->side != ai->side
          && sand_game_unit_is_combat (game, (int) i))
        enemy_reach (ai, held, reach, dist, queue, (int) i);
    }

  /* the count without the stand-in, then with it on each hex in reach */
  sand_game_begin_action (game);
  if (sand_game_get_unit (game, stand)->status == SAND_UNIT_ON_MAP)
    sand_game_remove_unit (game, stand, SAND_UNIT_ELIMINATED);
  double without = sand_ai_eval_vp (ai);
  sand_game_abort_action (game);
  /* Its home country is the screen's and the guard's: an enemy standing
   * there scores by itself, and they weigh it against the depth. */
  g_autofree gint8 *home = sand_ai_home_sides (ai);
  for (int h = 0; h < ai->n_hexes; h++)
    {
      if (!reach[h] || held[h] || home[h] == ai->side
          || !near_connection (ai, map, lines, n_features, h))
        continue;
      sand_game_begin_action (game);
      sand_game_place_unit (game, stand, h);
      sand_game_reveal_unit (game, stand);
      double cost = (without - sand_ai_eval_vp (ai)) / ai->w.vp;
      sand_game_abort_action (game);
      if (cost < HOLD_MIN)
        continue;
      if (ai->hold == NULL)
        ai->hold = g_new0 (double, ai->n_hexes);
      ai->hold[h] = cost;
    }
}

double
sand_ai_hold_score (SandAi *ai, int unit, int hex)
{
  if (ai->hold == NULL || ai->hold[hex] <= 0 || ai->hold_free == NULL || !ai->hold_free[unit])
    return 0;
  /* held already by another of its combat units: the enemy cannot enter */
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (ai->game, (int) i);
      if ((int) i != unit && u->status == SAND_UNIT_ON_MAP && u->hex == hex
          && (int) u->side == ai->side && sand_game_unit_is_combat (ai->game, (int) i))
        return 0;
    }
  return ai->w.hold * ai->w.vp * ai->hold[hex];
}

int
sand_ai_hold_at (SandAi *ai, int hex)
{
  return ai->hold != NULL && hex >= 0 && hex < ai->n_hexes && ai->hold[hex] > 0;
}
