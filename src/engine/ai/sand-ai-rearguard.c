/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-rearguard.c: a side's dummy counters as a rear guard on its own
 * supply line, all game.
 *
 * The count a side makes may hang on its supply (FPW: the German depth
 * scores only while its deepest unit is supplied), and its supply runs
 * along lines that an enemy counter standing on them cuts (FPW Supply,
 * General: the rail line ends at an enemy-occupied hex, and no line is
 * traced through a hex the enemy controls that none of the side's combat
 * units stands on). In the game's last turn the enemy's last Movement
 * Phase comes after the side's last move and no move can answer it: on
 * the variable OOB the random French's last move onto the German rail
 * behind the army took 20 points or more of the net in 12 games of 200
 * (docs/ai.md, sessions 10-12). Holding those hexes with units the army
 * needs cost more attacks than it saved (sessions 11 and 12); holding
 * them with dummies, which may not attack but block supply and exert a
 * zone of control like real units (FPW Standard Game), found no dummy
 * near: they wandered toward the enemy all game, deep in France.
 *
 * So the side's dummies are a rear guard in the game's last
 * `ai-rearguard-turns` turns: once a Movement Phase, the hexes of the
 * map's connections (rails: where lines run) that an enemy counter could
 * end a move on before the game ends (its allowance a move for each turn
 * left, a hex at a time, through no hex the side's real units hold, on
 * from none the side controls) are each asked what an enemy there would
 * take from the side's supply — a stand-in enemy unit the side knows to be
 * real put there inside an aborted action (the guard's stand-in; nothing
 * is logged), the supply of the side's real units traced with it there;
 * the costliest, no two next to each other (a dummy's zone of control
 * covers the way past it), each take the nearest free dummy, drawn
 * `ai-rearguard` a hex nearer until it stands on it: the enemy may not
 * enter it, and the side's line runs on through it. Held all game, the
 * dummies left the army's front, where their zones of control and the
 * attacks the random enemy wastes on them serve it (measured: fewer German
 * wins, docs/ai.md session 13); so only in the last turns. Face-down
 * counters and dummies cut a line as real units do, so every enemy
 * counter's reach is read: only where it stands and how far it moves,
 * which the side sees.
 */
#include "config.h"

#include "sand-ai-private.h"
#include "sand-game-module.h"

/* Least cost, in strength points carried (below), of an enemy on a hex
 * that makes it worth a dummy: half a corps' supply. */
#define REAR_MIN 4

typedef struct {
  int hex;
  double cost;
} Target;

static int
cmp_target (gconstpointer a, gconstpointer b)
{
  const Target *x = a, *y = b;
  if (x->cost != y->cost)
    return x->cost > y->cost ? -1 : 1;
  return x->hex - y->hex;
}

/* Whether @unit is one of the side's counters that may not attack but
 * blocks supply and movement like a real one (FPW: a dummy). */
static gboolean
decoy (SandAi *ai, int unit)
{
  return sand_game_unit_is_combat (ai->game, unit) && !sand_game_unit_is_real (ai->game, unit);
}

/* Marks in @reach the hexes @enemy could end a move on within @limit
 * hexes: through none @held, on from none the side controls. */
static void
enemy_reach (SandAi *ai, const guint8 *held, guint8 *reach, int *dist, int *queue, int enemy,
             int limit)
{
  SandGame *game = ai->game;
  const SandUnitState *u = sand_game_get_unit (game, enemy);
  const guint8 *closed = sand_game_no_entry (game, (int) u->side);
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

/* Per hex, whether one of the map's connections (rail, road) runs
 * through it. */
static guint8 *
connections (SandAi *ai)
{
  SandScenario *sc = sand_game_get_scenario (ai->game);
  SandRuleset *rs = sand_scenario_get_ruleset (sc);
  SandMap *map = sand_scenario_get_map (sc);
  guint n_features = sand_ruleset_n_side_features (rs);
  guint8 *on = g_new0 (guint8, ai->n_hexes);
  for (guint f = 0; f < n_features; f++)
    if (sand_ruleset_get_side_feature (rs, f)->kind == SAND_SIDE_CONNECTION)
      for (int h = 0; h < ai->n_hexes; h++)
        on[h] |= sand_map_hex_has_connection (map, h, (int) f);
  return on;
}

/* What the side's lines carry: the strength of its real units on the map
 * weighted by their supply state as traced now (1 a point supplied, 0.5
 * unsupplied, 0 isolated; FPW Supply (D): an unsupplied unit has half its
 * strength, an isolated one none to attack with). The victory count was
 * asked first (session 11's hold): the stand-in, a real enemy unit, is
 * itself cut off where it stands behind the side's army, and the points
 * its isolation gives the side hid the cut it makes (seed 12 of the
 * variable OOB: 0 points on the hex whose cut took 44). */
static double
carried (SandAi *ai, GArray *units)
{
  double sum = 0;
  for (guint k = 0; k < units->len; k++)
    {
      int u = g_array_index (units, int, k);
      SandSupplyState st = sand_game_unit_supply (ai->game, u);
      sum += ai->est[u] * (st == SAND_SUPPLY_SUPPLIED ? 1.0
                           : st == SAND_SUPPLY_UNSUPPLIED ? 0.5 : 0.0);
    }
  return sum;
}

void
sand_ai_rearguard_build (SandAi *ai)
{
  if (ai->rear_built)
    return;
  ai->rear_built = TRUE;
  SandGame *game = ai->game;
  /* the turns left, this one included: the enemy's moves still to come */
  int left = sand_game_get_n_turns (game) - sand_game_get_turn (game) + 1;
  if (ai->w.rearguard <= 0 || ai->w.rearguard_turns <= 0 || ai->w.vp <= 0
      || left > ai->w.rearguard_turns || sand_game_get_pending_attack (game) != NULL)
    return;
  g_autoptr(GArray) dummies = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      if (u->status == SAND_UNIT_ON_MAP && u->hex >= 0 && (int) u->side == ai->side
          && decoy (ai, (int) i))
        g_array_append_val (dummies, i);
    }
  if (dummies->len == 0)
    return;
  SandAiStand stand;
  sand_ai_stand_init (ai, &stand, NULL);
  if (stand.unit < 0)
    return;

  /* where the enemy could stand: its reach past the side's real units
   * (a dummy's own hex stays a target, so that one standing there stays) */
  g_autofree guint8 *on_line = connections (ai);
  g_autofree guint8 *held = g_new0 (guint8, ai->n_hexes);
  g_autofree guint8 *reach = g_new0 (guint8, ai->n_hexes);
  g_autofree int *dist = g_new (int, ai->n_hexes);
  g_autofree int *queue = g_new (int, ai->n_hexes);
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      if (u->status == SAND_UNIT_ON_MAP && u->hex >= 0 && (int) u->side == ai->side
          && sand_game_unit_is_real (game, (int) i))
        held[u->hex] = 1;
    }
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      if (u->status == SAND_UNIT_ON_MAP && u->hex >= 0 && (int) u->side != ai->side
          && sand_game_unit_is_combat (game, (int) i))
        enemy_reach (ai, held, reach, dist, queue, (int) i,
                     left * sand_game_unit_allowance (game, (int) i));
    }

  /* what the enemy there would cost the side: the supply its units have
   * without the stand-in, then with it on each hex */
  sand_game_begin_action (game);
  if (sand_game_get_unit (game, stand.unit)->status == SAND_UNIT_ON_MAP)
    sand_game_remove_unit (game, stand.unit, SAND_UNIT_ELIMINATED);
  g_autoptr(GArray) real = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      if (u->status == SAND_UNIT_ON_MAP && u->hex >= 0 && (int) u->side == ai->side
          && sand_game_unit_is_real (game, (int) i) && ai->est[i] > 0)
        g_array_append_val (real, i);
    }
  double without = carried (ai, real);
  sand_game_abort_action (game);
  g_autoptr(GArray) targets = g_array_new (FALSE, FALSE, sizeof (Target));
  for (int h = 0; h < ai->n_hexes; h++)
    {
      if (!reach[h] || held[h] || !on_line[h] || ai->enemy_dist[h] == 0)
        continue;
      sand_game_begin_action (game);
      sand_game_place_unit (game, stand.unit, h);
      sand_game_reveal_unit (game, stand.unit);
      Target t = { h, without - carried (ai, real) };
      sand_game_abort_action (game);
      if (t.cost >= REAR_MIN)
        g_array_append_val (targets, t);
    }
  sand_ai_stand_clear (&stand);
  if (targets->len == 0)
    return;

  /* the costliest first, each to its nearest free dummy; none next to one
   * already held (the dummy's zone of control stops the way past it) */
  g_array_sort (targets, cmp_target);
  ai->rear_at = g_new (int, ai->n_units);
  for (guint i = 0; i < ai->n_units; i++)
    ai->rear_at[i] = SAND_HEX_NONE;
  g_autoptr(GArray) taken = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint k = 0; k < targets->len && taken->len < dummies->len; k++)
    {
      int h = g_array_index (targets, Target, k).hex;
      gboolean near = FALSE;
      for (guint j = 0; j < taken->len && !near; j++)
        near = sand_grid_distance (ai->grid, g_array_index (taken, int, j), h) <= 1;
      if (near)
        continue;
      int best = -1, best_d = G_MAXINT;
      for (guint j = 0; j < dummies->len; j++)
        {
          int d_unit = g_array_index (dummies, int, j);
          if (ai->rear_at[d_unit] != SAND_HEX_NONE)
            continue;
          int d = sand_grid_distance (ai->grid, sand_game_get_unit (game, d_unit)->hex, h);
          if (d < best_d)
            {
              best = d_unit;
              best_d = d;
            }
        }
      if (best < 0)
        break;
      ai->rear_at[best] = h;
      g_array_append_val (taken, h);
    }
}

double
sand_ai_rearguard_score (SandAi *ai, int unit, int hex)
{
  if (ai->rear_at == NULL || unit < 0 || ai->rear_at[unit] == SAND_HEX_NONE)
    return 0;
  return -ai->w.rearguard * sand_grid_distance (ai->grid, hex, ai->rear_at[unit]);
}

int
sand_ai_rearguard_of (SandAi *ai, int unit)
{
  if (ai->rear_at == NULL || unit < 0)
    return SAND_HEX_NONE;
  return ai->rear_at[unit];
}
