/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-view.c: what the computer player's side may know, and nothing
 * more.
 *
 * Its own units it knows entirely. An enemy unit it sees, or saw, has
 * the strength sand_game_unit_strength_for () says. An enemy unit it has
 * never seen gets a strength drawn from the counter mix less what it has
 * seen (the scenario's counters are public, which of them the side has
 * seen it knows), in an order that says nothing of identity: by hex, then
 * by the name the side knows the counter by. The goal field is read from
 * the map's victory markers and scoring edges, which both sides see.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "sand-ai-private.h"

static const struct {
  const char *name;
  gsize offset;
  double value;
} weight_defaults[SAND_AI_N_WEIGHTS] = {
  { "ai-objective", G_STRUCT_OFFSET (SandAiWeights, objective), 1.0 },
  { "ai-enemy", G_STRUCT_OFFSET (SandAiWeights, enemy), 1.5 },
  { "ai-danger", G_STRUCT_OFFSET (SandAiWeights, danger), 2.0 },
  { "ai-close", G_STRUCT_OFFSET (SandAiWeights, close), 0.3 },
  { "ai-stack", G_STRUCT_OFFSET (SandAiWeights, stack), 1.0 },
  { "ai-material", G_STRUCT_OFFSET (SandAiWeights, material), 1.0 },
  { "ai-vp", G_STRUCT_OFFSET (SandAiWeights, vp), 0.5 },
  { "ai-attack-min", G_STRUCT_OFFSET (SandAiWeights, attack_min), 0.0 },
  { "ai-attack-ratio", G_STRUCT_OFFSET (SandAiWeights, attack_ratio), 2.0 },
  { "ai-flag", G_STRUCT_OFFSET (SandAiWeights, flag), 0.5 },
  { "ai-threat", G_STRUCT_OFFSET (SandAiWeights, threat), 0.1 },
  { "ai-screen", G_STRUCT_OFFSET (SandAiWeights, screen), 0.0 },
  { "ai-screen-turns", G_STRUCT_OFFSET (SandAiWeights, screen_turns), 0.0 },
  { "ai-supply", G_STRUCT_OFFSET (SandAiWeights, supply), 0.0 },
  { "ai-railhead", G_STRUCT_OFFSET (SandAiWeights, railhead), 0.0 },
  { "ai-railhead-range", G_STRUCT_OFFSET (SandAiWeights, railhead_range), 0.0 },
  { "ai-escort", G_STRUCT_OFFSET (SandAiWeights, escort), 0.0 },
  { "ai-crowd", G_STRUCT_OFFSET (SandAiWeights, crowd), 0.0 },
  { "ai-flank", G_STRUCT_OFFSET (SandAiWeights, flank), 0.0 },
  { "ai-guard", G_STRUCT_OFFSET (SandAiWeights, guard), 0.0 },
  { "ai-guard-turns", G_STRUCT_OFFSET (SandAiWeights, guard_turns), 0.0 },
  { "ai-guard-ratio", G_STRUCT_OFFSET (SandAiWeights, guard_ratio), 1.0 },
  { "ai-last-hold", G_STRUCT_OFFSET (SandAiWeights, last_hold), 0.0 },
  { "ai-concert", G_STRUCT_OFFSET (SandAiWeights, concert), 0.0 },
  { "ai-cut", G_STRUCT_OFFSET (SandAiWeights, cut), 0.0 },
};

/* The i-th weight of @w, by the table above (only the loader walks them
 * so, since the strong level stopped mutating weights in session 5). */
static double *
weights_nth (SandAiWeights *w,
             int            i)
{
  return G_STRUCT_MEMBER_P (w, weight_defaults[i].offset);
}

void
sand_ai_weights_default (SandGame      *game,
                         SandAiWeights *w)
{
  SandRuleset *rs = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  for (int i = 0; i < SAND_AI_N_WEIGHTS; i++)
    {
      const char *text = sand_ruleset_param_str (rs, weight_defaults[i].name, NULL);
      char *end = NULL;
      double v = text != NULL ? g_ascii_strtod (text, &end) : 0;
      *weights_nth (w, i) = text != NULL && end != text ? v : weight_defaults[i].value;
    }
}

/* The strength printed on a counter: points, or steps. */
static int
printed_strength (const SandCounter *c)
{
  return c->strength > 0 ? c->strength : c->steps;
}

typedef struct {
  int unit;
  int hex;
  char *name;
} Unseen;

static int
unseen_cmp (gconstpointer a, gconstpointer b)
{
  const Unseen *x = a, *y = b;
  if (x->hex != y->hex)
    return x->hex < y->hex ? -1 : 1;
  return strcmp (x->name, y->name);
}

static void
estimate_strengths (SandAi *ai)
{
  SandGame *game = ai->game;
  g_autoptr(GArray) pool = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) unseen = g_array_new (FALSE, FALSE, sizeof (Unseen));

  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      if ((int) u->side == ai->side)
        {
          ai->est[i] = u->strength;
          continue;
        }
      int known = sand_game_unit_strength_for (game, (int) i, ai->side);
      ai->est[i] = MAX (known, 0);
      if (known >= 0)
        continue;
      int printed = printed_strength (sand_game_get_counter (game, (int) i));
      g_array_append_val (pool, printed);
      if (u->status == SAND_UNIT_ON_MAP)
        {
          Unseen x = { (int) i, u->hex, sand_game_unit_name_for (game, (int) i, ai->side) };
          g_array_append_val (unseen, x);
        }
    }
  /* The pool was gathered in counter order, which only says which
   * counters are unseen; it is shuffled before anything is drawn. */
  for (guint k = pool->len; k > 1; k--)
    {
      guint j = sand_dice_uniform (&ai->rng, k);
      int t = g_array_index (pool, int, k - 1);
      g_array_index (pool, int, k - 1) = g_array_index (pool, int, j);
      g_array_index (pool, int, j) = t;
    }
  sand_ai_hidden_mix (ai, (const int *) (void *) pool->data, pool->len);
  g_array_sort (unseen, unseen_cmp);
  for (guint k = 0; k < unseen->len; k++)
    {
      Unseen *x = &g_array_index (unseen, Unseen, k);
      ai->est[x->unit] = k < pool->len ? g_array_index (pool, int, k) : 0;
      g_free (x->name);
    }
}

/* Edge values score for one side only (the one pushing deeper); which
 * one is not written anywhere generic, so it is read from where the
 * orders of battle set the sides up: the side standing on the lower
 * values pushes. The ruleset may say it outright (ai-edge-side). */
/* The scoring edges' values by column (north and south edges: the whole
 * column scores) and by row (east and west), worked out once a phase. */
typedef struct {
  double *by_col;
  double *by_row;
} Edges;

static void
edges_build (SandAi *ai, GArray *markers, Edges *e)
{
  SandMap *map = sand_scenario_get_map (sand_game_get_scenario (ai->game));
  e->by_col = g_new0 (double, ai->grid->cols + 1);
  e->by_row = g_new0 (double, ai->grid->rows + 1);
  for (guint i = 0; i < markers->len; i++)
    {
      const SandMarker *m = sand_map_get_marker (map, (guint) g_array_index (markers, int, i));
      gboolean by_col = g_strcmp0 (m->group, "north") == 0 || g_strcmp0 (m->group, "south") == 0;
      if (by_col)
        {
          int c = sand_grid_col (ai->grid, m->hex);
          e->by_col[c] = MAX (e->by_col[c], m->value);
        }
      else
        {
          int r = sand_grid_row (ai->grid, m->hex);
          e->by_row[r] = MAX (e->by_row[r], m->value);
        }
    }
}

static void
edges_clear (Edges *e)
{
  g_clear_pointer (&e->by_col, g_free);
  g_clear_pointer (&e->by_row, g_free);
}

static double
edge_value_at (SandAi *ai, int hex, const Edges *e)
{
  return MAX (MAX (e->by_col[sand_grid_col (ai->grid, hex)], 0),
              e->by_row[sand_grid_row (ai->grid, hex)]);
}

static int
edge_side (SandAi *ai, const Edges *edges)
{
  SandScenario *sc = sand_game_get_scenario (ai->game);
  SandRuleset *rs = sand_scenario_get_ruleset (sc);
  const char *named = sand_ruleset_param_str (rs, "ai-edge-side", NULL);
  if (named != NULL)
    return sand_ruleset_find_side (rs, named);
  double sum[SAND_MAX_SIDES] = { 0 };
  int n[SAND_MAX_SIDES] = { 0 };
  for (guint o = 0; o < sand_scenario_n_oobs (sc); o++)
    {
      SandOob *oob = sand_scenario_get_oob (sc, o);
      for (guint k = 0; k < oob->placements->len; k++)
        {
          const SandPlacement *p = g_ptr_array_index (oob->placements, k);
          int c = sand_scenario_find_counter (sc, p->counter);
          if (c < 0 || p->hex < 0)
            continue;
          int s = sand_scenario_get_counter (sc, (guint) c)->side;
          if (s < 0 || s >= SAND_MAX_SIDES)
            continue;
          sum[s] += edge_value_at (ai, p->hex, edges);
          n[s]++;
        }
    }
  int best = -1;
  double low = G_MAXDOUBLE;
  for (int s = 0; s < SAND_MAX_SIDES; s++)
    if (n[s] > 0 && sum[s] / n[s] < low)
      {
        low = sum[s] / n[s];
        best = s;
      }
  return best;
}

static void
build_goal (SandAi *ai)
{
  SandMap *map = sand_scenario_get_map (sand_game_get_scenario (ai->game));
  g_autoptr(GArray) edges = g_array_new (FALSE, FALSE, sizeof (int));
  int w = ai->grid->cols, h = ai->grid->rows;
  double radius = MAX (6.0, (w + h) / 6.0);

  memset (ai->goal, 0, sizeof (double) * (gsize) ai->n_hexes);
  for (guint i = 0; i < sand_map_n_markers (map); i++)
    {
      const SandMarker *m = sand_map_get_marker (map, i);
      if (m->kind == SAND_MARKER_EDGE_VALUE)
        g_array_append_val (edges, i);
      if (m->kind != SAND_MARKER_VICTORY || m->hex < 0)
        continue;
      for (int x = 0; x < ai->n_hexes; x++)
        {
          double d = sand_grid_distance (ai->grid, x, m->hex);
          if (d < radius)
            ai->goal[x] += MAX (m->value, 1) * (1.0 - d / radius);
        }
    }
  if (edges->len > 0)
    {
      Edges e;
      edges_build (ai, edges, &e);
      if (edge_side (ai, &e) == ai->side)
        for (int x = 0; x < ai->n_hexes; x++)
          ai->goal[x] += edge_value_at (ai, x, &e);
      edges_clear (&e);
    }
  double top = 0;
  for (int x = 0; x < ai->n_hexes; x++)
    top = MAX (top, ai->goal[x]);
  if (top > 0)
    for (int x = 0; x < ai->n_hexes; x++)
      ai->goal[x] *= 10.0 / top;
}

GArray *
sand_ai_ints (GArray **array)
{
  if (*array == NULL)
    *array = g_array_new (FALSE, FALSE, sizeof (int));
  return *array;
}

static int
int_cmp (const void *a, const void *b)
{
  int x = *(const int *) a, y = *(const int *) b;
  return (x > y) - (x < y);
}

void
sand_ai_view_enemies (SandAi *ai)
{
  /* the game as the player left it is the same while the log's length
   * and its count of applied actions are (tries are taken back) */
  guint len = sand_game_log_length (ai->game);
  if (ai->view_valid && ai->view_len == len && ai->view_actions == ai->actions)
    return;
  ai->view_valid = TRUE;
  ai->view_len = len;
  ai->view_actions = ai->actions;
  /* What the view is made of: each enemy unit on the map, its hex and
   * the strength the side knows it has, and the one it believes. The
   * side's own moves (most of what a phase applies) leave it as it was:
   * it is then made again only when that differs from the last time. */
  if (ai->view_sig == NULL)
    {
      ai->view_sig = g_new (int, 4 * (gsize) ai->n_units + 1);
      ai->view_sig_next = g_new (int, 4 * (gsize) ai->n_units + 1);
    }
  int *sig = ai->view_sig_next;
  guint n_sig = 0;
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (ai->game, (int) i);
      if (u->status != SAND_UNIT_ON_MAP || (int) u->side == ai->side || u->hex < 0)
        continue;
      sig[n_sig++] = (int) i;
      sig[n_sig++] = u->hex;
      sig[n_sig++] = sand_game_unit_strength_for (ai->game, (int) i, ai->side);
      sig[n_sig++] = ai->est[i];
    }
  if (ai->view_sig_valid && ai->view_sig_n == n_sig
      && memcmp (ai->view_sig, sig, sizeof (int) * n_sig) == 0)
    return;
  ai->view_sig_next = ai->view_sig;
  ai->view_sig = sig;
  ai->view_sig_n = n_sig;
  ai->view_sig_valid = TRUE;
  g_autofree int *queue = g_new (int, ai->n_hexes);
  int head = 0, tail = 0;

  memset (ai->enemy_str, 0, sizeof (int) * (gsize) ai->n_hexes);
  memset (ai->enemy_unseen, 0, sizeof (int) * (gsize) ai->n_hexes);
  memset (ai->enemy_seen_str, 0, sizeof (int) * (gsize) ai->n_hexes);
  for (int x = 0; x < ai->n_hexes; x++)
    ai->enemy_dist[x] = 99;
  for (guint k = 0; k < n_sig; k += 4)
    {
      int i = sig[k], known = sig[k + 2];
      const SandUnitState *u = sand_game_get_unit (ai->game, i);
      ai->enemy_str[u->hex] += known >= 0 ? known : ai->est[i];
      ai->enemy_unseen[u->hex] += known < 0;
      ai->enemy_seen_str[u->hex] += MAX (known, 0);
      if (ai->enemy_dist[u->hex] != 0)
        {
          ai->enemy_dist[u->hex] = 0;
          queue[tail++] = u->hex;
        }
    }
  /* the hexes at 0, in order (sand-ai-actions.c walks them, not the map) */
  if (ai->enemy_hexes == NULL)
    ai->enemy_hexes = g_new (int, ai->n_hexes);
  memcpy (ai->enemy_hexes, queue, sizeof (int) * (gsize) tail);
  qsort (ai->enemy_hexes, (gsize) tail, sizeof (int), int_cmp);
  ai->n_enemy_hexes = (guint) tail;
  /* Hexes from the nearest enemy, over the grid (terrain aside). */
  while (head < tail)
    {
      int x = queue[head++];
      for (int d = 0; d < 6; d++)
        {
          int n = ai->nbr[x * SAND_N_DIRS + d];
          if (n != SAND_HEX_NONE && ai->enemy_dist[n] > ai->enemy_dist[x] + 1)
            {
              ai->enemy_dist[n] = ai->enemy_dist[x] + 1;
              queue[tail++] = n;
            }
        }
    }
}

void
sand_ai_view_build (SandAi *ai)
{
  estimate_strengths (ai);
  build_goal (ai);
  g_clear_pointer (&ai->threat, g_free);
  g_clear_pointer (&ai->threat_from, g_free);
  g_clear_pointer (&ai->screen, g_free);
  g_clear_pointer (&ai->railhead, g_free);
  g_clear_pointer (&ai->railhead_blocked, g_free);
  g_clear_pointer (&ai->railhead_near, g_free);
  g_clear_pointer (&ai->block, g_free);
  ai->screen_built = FALSE;
  g_clear_pointer (&ai->guard_at, g_free);
  ai->guard_from = NULL;
  ai->guard_built = FALSE;
  g_clear_pointer (&ai->concert_at, g_free);
  ai->concert_hex = NULL;
  ai->concert_built = FALSE;
  g_clear_pointer (&ai->cut_at, g_free);
  ai->cut_from = NULL;
  ai->cut_built = FALSE;
  g_clear_pointer (&ai->own_count, g_free);
  ai->view_valid = FALSE;  /* built again: the side or its beliefs changed */
  ai->view_sig_valid = FALSE;
  ai->now_valid = FALSE;
  sand_ai_view_enemies (ai);
}

int
sand_ai_enemy_at (SandAi *ai,
                  int     hex)
{
  return hex >= 0 && hex < ai->n_hexes ? ai->enemy_str[hex] : 0;
}

gboolean
sand_ai_enemy_here (SandAi *ai,
                    int     hex)
{
  g_autoptr(GArray) here = g_array_new (FALSE, FALSE, sizeof (int));
  sand_game_units_at (ai->game, hex, here);
  for (guint k = 0; k < here->len; k++)
    if ((int) sand_game_get_unit (ai->game, g_array_index (here, int, k))->side != ai->side)
      return TRUE;
  return FALSE;
}

int
sand_ai_sum_beside (SandAi *ai, const int *per_hex, int hex)
{
  int sum = 0;
  for (int d = 0; d < SAND_N_DIRS; d++)
    {
      int n = ai->nbr[hex * SAND_N_DIRS + d];
      if (n != SAND_HEX_NONE)
        sum += per_hex[n];
    }
  return sum;
}

gint8 *
sand_ai_home_sides (SandAi *ai)
{
  SandScenario *sc = sand_game_get_scenario (ai->game);
  SandRuleset *rs = sand_scenario_get_ruleset (sc);
  SandMap *map = sand_scenario_get_map (sc);
  gint8 *home = g_new (gint8, ai->n_hexes);
  for (int h = 0; h < ai->n_hexes; h++)
    {
      int c = sand_map_get_country (map, h);
      const SandCountryDef *def = c >= 0 ? sand_ruleset_get_country (rs, c) : NULL;
      home[h] = (gint8) (def != NULL ? def->side : -1);
    }
  return home;
}

void
sand_ai_own_refresh (SandAi *ai)
{
  /* Counted for every hex at once, again only when the game has changed
   * (the log's length or the player's count of applied actions, as for
   * the enemies): the movement heuristic asks them of every hex a unit
   * reaches. One block: own_count, then own_combat, then own_str. */
  guint len = sand_game_log_length (ai->game);
  if (ai->own_count != NULL && ai->own_len == len && ai->own_actions == ai->actions)
    return;
  gsize n = (gsize) ai->n_hexes;
  if (ai->own_count == NULL)
    ai->own_count = g_new (int, 3 * n);
  memset (ai->own_count, 0, sizeof (int) * 3 * n);
  ai->own_combat = ai->own_count + n;
  ai->own_str = ai->own_count + 2 * n;
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (ai->game, (int) i);
      if (u->status != SAND_UNIT_ON_MAP || u->hex < 0 || (int) u->side != ai->side)
        continue;
      ai->own_count[u->hex]++;
      if (ai->est[i] > 0)
        {
          ai->own_combat[u->hex]++;
          ai->own_str[u->hex] += ai->est[i];
        }
    }
  ai->own_len = len;
  ai->own_actions = ai->actions;
}

int
sand_ai_own_at (SandAi *ai,
                int     hex,
                int     except)
{
  sand_ai_own_refresh (ai);
  if (hex < 0 || hex >= ai->n_hexes)
    return 0;
  int n = ai->own_count[hex];
  if (except >= 0)
    {
      const SandUnitState *e = sand_game_get_unit (ai->game, except);
      if (e->status == SAND_UNIT_ON_MAP && e->hex == hex && (int) e->side == ai->side)
        n--;
    }
  return n;
}

int
sand_ai_nearest_enemy (SandAi *ai,
                       int     hex)
{
  return hex >= 0 && hex < ai->n_hexes ? ai->enemy_dist[hex] : 99;
}
