/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-movement.c: where a unit may go — the search behind a reach (the
 * moves themselves are sand-game-move.c's).
 *
 * One Dijkstra pass per query over a bucket queue (costs are small whole
 * numbers). Every per-node array is allocated once per game and stamped
 * with the query's generation, so a query neither clears nor allocates
 * anything in proportion to the map: its cost is that of the hexes it
 * reaches. A node is a hex and a layer: layer 1 means the unit has paid
 * the once-a-phase terrain surcharge (FPW rough terrain: +2 for the first
 * rough hex entered in a phase only).
 *
 * Static costs (terrain, hexsides, where a side may go) were asked of the
 * rules module once, in sand_movement_init(); dynamic ones (zones of
 * control, friendly units to stack with, enemy units) come from the
 * game's per-hex counts. A unit that moves by the module's own rules (rail,
 * EB units) goes through the module's special_step instead.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-game-private.h"

#include <string.h>

#define N_BUCKETS 1024

void
sand_movement_init (SandGame *self)
{
  int n = self->n_hexes;
  guint n_terrains = sand_ruleset_n_terrains (self->ruleset);

  self->edge_cost = g_new (guint8, (gsize) n * SAND_N_DIRS);
  self->zoc_side_blocked = g_new0 (guint8, n);
  self->once_extra = g_new0 (guint8, n_terrains + 1);
  for (int h = 0; h < n; h++)
    for (int d = 0; d < SAND_N_DIRS; d++)
      {
        int to = sand_grid_neighbour (self->grid, h, d);
        int c = to == SAND_HEX_NONE ? SAND_IMPASSABLE : self->rules->edge_cost (self, h, d);
        self->edge_cost[h * SAND_N_DIRS + d] = (guint8) CLAMP (c, 0, 255);
        if (to != SAND_HEX_NONE && !self->rules->zoc_crosses (self, h, d))
          self->zoc_side_blocked[h] |= (guint8) (1u << d);
      }
  for (guint t = 0; t < n_terrains; t++)
    self->once_extra[t] = (guint8) CLAMP (self->rules->once_extra (self, (int) t), 0, 255);
  for (int s = 0; s < self->n_sides; s++)
    {
      self->no_entry[s] = g_new0 (guint8, n);
      for (int h = 0; h < n; h++)
        self->no_entry[s][h] = !self->rules->side_may_enter (self, s, h);
    }

  self->links = g_array_new (FALSE, FALSE, sizeof (SandLink));
  self->has_link = g_new0 (guint8, n);
  guint n_markers = sand_map_n_markers (self->map);
  for (guint i = 0; i < n_markers; i++)
    {
      const SandMarker *m = sand_map_get_marker (self->map, i);
      if (m->kind != SAND_MARKER_OFFMAP_LINK || m->hex < 0 || m->hex >= n
          || m->hex2 < 0 || m->hex2 >= n)
        continue;
      SandLink a = { m->hex, m->hex2, MAX (1, m->value), m->group };
      SandLink b = { m->hex2, m->hex, MAX (1, m->value), m->group };
      g_array_append_val (self->links, a);
      g_array_append_val (self->links, b);
      self->has_link[m->hex] = self->has_link[m->hex2] = 1;
    }

  SandReach *r = &self->reach;
  r->game = self;
  r->stamp = g_new0 (guint32, (gsize) n * 2);
  r->cost = g_new (int, (gsize) n * 2);
  r->prev = g_new (int, (gsize) n * 2);
  r->stop = g_new (guint8, (gsize) n * 2);
  r->bnext = g_new (int, (gsize) n * 2);
  r->bprev = g_new (int, (gsize) n * 2);
  r->n_buckets = N_BUCKETS;
  r->bucket = g_new (int, N_BUCKETS);
  r->visited = g_new (int, (gsize) n * 2);
  r->unit = -1;
}

void
sand_movement_clear (SandGame *self)
{
  SandReach *r = &self->reach;

  g_clear_pointer (&self->edge_cost, g_free);
  g_clear_pointer (&self->zoc_side_blocked, g_free);
  g_clear_pointer (&self->once_extra, g_free);
  for (int s = 0; s < SAND_MAX_SIDES; s++)
    g_clear_pointer (&self->no_entry[s], g_free);
  g_clear_pointer (&self->links, g_array_unref);
  g_clear_pointer (&self->has_link, g_free);
  g_clear_pointer (&r->stamp, g_free);
  g_clear_pointer (&r->cost, g_free);
  g_clear_pointer (&r->prev, g_free);
  g_clear_pointer (&r->stop, g_free);
  g_clear_pointer (&r->bnext, g_free);
  g_clear_pointer (&r->bprev, g_free);
  g_clear_pointer (&r->bucket, g_free);
  g_clear_pointer (&r->visited, g_free);
}

static inline gboolean
counts_for_stacking (SandGame *self,
                     int       unit)
{
  return self->rules->counts_for_stacking != NULL
    ? self->rules->counts_for_stacking (self, unit)
    : sand_game_unit_is_combat (self, unit);
}

/* Friendly units that make stacking cost extra on @hex, the mover aside. */
static inline gboolean
stack_penalty_at (SandGame *self,
                  int       side,
                  int       hex,
                  int       mover,
                  gboolean  mover_counts)
{
  int n = self->n_stack[side][hex];
  if (mover_counts && self->units[mover].hex == hex)
    n--;
  return n > 0 && !(self->fort_at[hex] >= 0 && sand_game_fort_alive_at (self, hex, side));
}

/* What the step function needs to know about the mover, worked out once
 * per query rather than once per hexside. */
static inline void
prepare (SandGame *self,
         int       unit)
{
  if (self->mv_unit == unit && self->mv_state_gen == self->state_gen)
    return;
  self->mv_unit = unit;
  self->mv_state_gen = self->state_gen;
  self->mv_side = self->units[unit].side;
  self->mv_counts = counts_for_stacking (self, unit);
  self->mv_combat = sand_game_unit_is_combat (self, unit);
}

/* Whether enemy control reaches @hex against the prepared mover: the
 * mover's other combat units there, or a friendly fort, keep it out. */
static inline gboolean
controlled (SandGame *self,
            int       hex)
{
  int side = self->mv_side;
  guint8 me = (guint8) (1u << side);

  if (!(self->zoc_mask[hex] & ~me))
    return FALSE;
  if (self->params.zoc_ignores_friends)
    return TRUE;
  if (self->units[self->mv_unit].hex != hex)
    return !(self->blockers[hex] & me);
  /* the mover's own hex: only its other units count */
  int friends = self->n_combat[side][hex];
  if (self->mv_combat)
    friends--;
  return friends <= 0 && !(self->fort_at[hex] >= 0 && sand_game_fort_alive_at (self, hex, side));
}

static inline gboolean
enemy_blocks (SandGame *self,
              int       side,
              int       hex)
{
  return (self->blockers[hex] & ~(1u << side)) != 0;
}

G_ALWAYS_INLINE static inline int
step_cost (SandGame      *self,
           int            from,
           int            dir,
           int            to,
           SandStepState *st,
           gboolean      *stop,
           const char   **rule,
           const char   **why)
{
  int side = self->mv_side;
  int mover = self->mv_unit;

  *stop = FALSE;
  if (self->no_entry[side][to])
    {
      *rule = self->params.rule_no_entry;
      *why = N_("its side may never enter that hex");
      return -1;
    }
  int checked = 0;
  gboolean check_stop = FALSE;
  if (self->rules->step_check != NULL)
    {
      checked = self->rules->step_check (self, mover, from, dir, to, &st->layer, &check_stop,
                                         rule, why);
      if (checked < 0)
        return -1;
    }
  int cost = self->edge_cost[from * SAND_N_DIRS + dir];
  if (cost >= SAND_IMPASSABLE || cost == 255)
    {
      *rule = self->params.rule_terrain;
      *why = N_("the terrain or hexside may not be crossed");
      return -1;
    }
  cost += checked;
  if (enemy_blocks (self, side, to))
    {
      if (self->rules->may_enter_enemy == NULL || !self->rules->may_enter_enemy (self, mover, to))
        {
          *rule = self->params.rule_enemy_hex;
          *why = self->params.why_enemy_hex != NULL
            ? self->params.why_enemy_hex
            : N_("units may never enter a hex holding enemy combat or fortification units");
          return -1;
        }
      check_stop = TRUE;
    }
  int extra = self->once_extra[self->terrain[to]];
  if (st->layer == 0 && extra > 0)
    {
      cost += extra;
      st->layer = 1;
    }
  gboolean ctrl_to = controlled (self, to);
  if (st->first && st->start_controlled)
    {
      cost += self->params.zoc_leave;
      if (ctrl_to && !self->params.zoc_to_zoc)
        {
          *rule = self->params.rule_zoc_to_zoc;
          *why = N_("it may not move directly from one enemy-controlled hex to another");
          return -1;
        }
    }
  if (ctrl_to)
    {
      if (!self->mv_probe)
        cost += self->params.zoc_enter;
      if (self->params.zoc_stop)
        *stop = TRUE;
    }
  if (check_stop)
    *stop = TRUE;
  if (self->mv_counts)
    {
      if (stack_penalty_at (self, side, from, mover, TRUE))
        cost += self->params.stack_leave;
      if (stack_penalty_at (self, side, to, mover, TRUE))
        cost += self->params.stack_enter;
    }
  return cost;
}

int
sand_movement_step (SandGame      *self,
                    int            unit,
                    int            from,
                    int            dir,
                    int            to,
                    SandStepState *st,
                    gboolean      *stop,
                    const char   **rule,
                    const char   **why)
{
  prepare (self, unit);
  return step_cost (self, from, dir, to, st, stop, rule, why);
}

/* Bucket queue ------------------------------------------------------------ */

static inline void
bq_unlink (SandReach *r,
           int        node)
{
  int p = r->bprev[node], n = r->bnext[node];
  if (p == -2)
    return; /* not queued */
  if (p >= 0)
    r->bnext[p] = n;
  else
    r->bucket[-p - 3] = n;
  if (n >= 0)
    r->bprev[n] = p;
  r->bprev[node] = -2;
}

static inline void
bq_push (SandReach *r,
         int        node,
         int        cost)
{
  int head = r->bucket[cost];
  r->bnext[node] = head;
  r->bprev[node] = -3 - cost; /* "head of bucket cost" */
  if (head >= 0)
    r->bprev[head] = node;
  r->bucket[cost] = node;
}

static inline void
relax (SandReach *r,
       int        from_node,
       int        node,
       int        cost,
       gboolean   stop)
{
  if (r->stamp[node] == r->gen)
    {
      if (cost >= r->cost[node])
        return;
      bq_unlink (r, node);
    }
  else
    {
      r->stamp[node] = r->gen;
      r->bprev[node] = -2;
      r->visited[r->n_visited++] = node;
    }
  r->cost[node] = cost;
  r->prev[node] = from_node;
  r->stop[node] = (guint8) stop;
  bq_push (r, node, cost);
}

const SandReach *
sand_movement_reach (SandGame  *self,
                     int        unit,
                     int        budget,
                     gboolean   special,
                     GError   **error)
{
  SandReach *r = &self->reach;
  const SandUnitState *u = &self->units[unit];
  SandSpecialMove sm = { 0 };

  sand_zoc_update (self);
  if (special)
    {
      /* the module counts the unit's budget in its own units; MP asked
       * beyond what it has left (what if it had more?) scale with them */
      int extra = budget - sand_game_unit_mp_left (self, unit);
      self->rules->special_mode (self, unit, &sm);
      budget = sm.budget + MAX (0, extra) * MAX (1, sm.scale);
    }
  budget = CLAMP (budget, 0, r->n_buckets - 1);
  r->unit = unit;
  r->start = u->hex;
  r->budget = budget;
  r->rail = special;
  r->credit = sm.credit;
  r->rail_per_mp = special ? MAX (1, sm.scale) : 1;
  if (++r->gen == 0)
    {
      memset (r->stamp, 0, sizeof (guint32) * (gsize) self->n_hexes * 2);
      r->gen = 1;
    }
  for (int b = 0; b <= budget; b++)
    r->bucket[b] = -1;
  r->n_visited = 0;

  prepare (self, unit);
  gboolean start_ctrl = controlled (self, u->hex);
  /* Layer 1 means only "surcharge paid" unless the module's step_check
   * gives layers a meaning of its own: then no node dominates another. */
  gboolean prune = self->rules->step_check == NULL;
  int start_layer = (u->flags & SAND_UNIT_ONCE_PAID) ? 1 : 0;
  relax (r, -1, u->hex * 2 + start_layer, 0, FALSE);

  for (int b = 0; b <= budget; b++)
    while (r->bucket[b] >= 0)
      {
        int x = r->bucket[b];
        bq_unlink (r, x);
        if (r->stop[x])
          continue;
        /* Having paid the surcharge is never worse: a node that has not
         * paid it is dominated by the same hex reached as cheaply paid. */
        if (prune && !(x & 1) && r->stamp[x | 1] == r->gen && r->cost[x | 1] <= b)
          continue;
        int hex = x >> 1;
        const char *rule, *why;
        gboolean stop;
        for (int d = 0; d < SAND_N_DIRS; d++)
          {
            int to = self->nbr[hex * SAND_N_DIRS + d];
            if (to == SAND_HEX_NONE)
              continue;
            int c;
            int layer = x & 1;
            if (special)
              c = self->rules->special_step (self, unit, hex, d, to, 0, &stop, &rule, &why);
            else
              {
                SandStepState st = { layer, hex == r->start, start_ctrl };
                c = step_cost (self, hex, d, to, &st, &stop, &rule, &why);
                layer = st.layer;
              }
            if (c < 0 || b + c > budget)
              continue;
            if (prune && layer == 0 && r->stamp[to * 2 + 1] == r->gen
                && r->cost[to * 2 + 1] <= b + c)
              continue;
            relax (r, x, to * 2 + layer, b + c, stop);
          }
        if (special && self->has_link[hex])
          for (guint i = 0; i < self->links->len; i++)
            {
              const SandLink *l = &g_array_index (self->links, SandLink, i);
              if (l->from != hex)
                continue;
              int c = self->rules->special_step (self, unit, hex, -1, l->to, l->dist, &stop,
                                                 &rule, &why);
              if (c < 0 || b + c > budget)
                continue;
              relax (r, x, l->to * 2 + (x & 1), b + c, stop);
            }
      }
  return r;
}

/* The least cost over both layers, or -1. */
int
sand_movement_node_best (const SandReach *r,
                         int              hex,
                         int             *node)
{
  int best = -1;
  for (int l = 0; l < 2; l++)
    {
      int x = hex * 2 + l;
      if (r->stamp[x] == r->gen && (best < 0 || r->cost[x] < best))
        {
          best = r->cost[x];
          if (node != NULL)
            *node = x;
        }
    }
  return best;
}

static int
units_to_mp (const SandReach *r,
             int              c)
{
  if (!r->rail)
    return c;
  int beyond = c - r->credit;
  return beyond <= 0 ? 0 : (beyond + r->rail_per_mp - 1) / r->rail_per_mp;
}

gboolean
sand_movement_may_end_at (SandGame    *self,
                          int          unit,
                          int          hex,
                          int          layer,
                          const char **rule,
                          const char **why)
{
  if (self->rules->may_end == NULL)
    return TRUE;
  self->mv_end_layer = layer;
  return self->rules->may_end (self, unit, hex, rule, why);
}

/* The least cost over the layers a move may end on (the rules module's
 * may_end may depend on the layer), or -1. */
static int
node_best_legal (const SandReach *r,
                 int              hex,
                 int             *node)
{
  SandGame *self = r->game;
  int best = -1;
  const char *rule, *why;
  for (int l = 0; l < 2; l++)
    {
      int x = hex * 2 + l;
      if (r->stamp[x] == r->gen && (best < 0 || r->cost[x] < best)
          && sand_movement_may_end_at (self, r->unit, hex, l, &rule, &why))
        {
          best = r->cost[x];
          if (node != NULL)
            *node = x;
        }
    }
  return best;
}

int
sand_reach_cost (const SandReach *reach,
                 int              hex)
{
  g_return_val_if_fail (reach != NULL, -1);
  SandGame *self = reach->game;
  g_return_val_if_fail (hex >= 0 && hex < self->n_hexes, -1);

  if (hex == reach->start)
    return -1;
  int c = node_best_legal (reach, hex, NULL);
  if (c < 0)
    return -1;
  return units_to_mp (reach, c);
}

void
sand_reach_hexes (const SandReach *reach,
                  GArray          *out)
{
  g_return_if_fail (reach != NULL);
  g_return_if_fail (out != NULL);

  /* The nodes this query stamped: nothing else can be reached, whatever
   * the costs (even zero-cost steps) or off-map links. */
  guint first = out->len;
  for (int i = 0; i < reach->n_visited; i++)
    {
      int x = reach->visited[i];
      int h = x >> 1;
      /* a hex reached in both layers is listed once */
      if ((x & 1) && reach->stamp[x - 1] == reach->gen)
        continue;
      if (sand_reach_cost (reach, h) >= 0)
        g_array_append_val (out, h);
    }
  if (out->len == first)
    return; /* an empty array has no data to offset */
  int *data = (int *) (void *) out->data + first;
  guint n = out->len - first;
  /* Insertion sort is enough for a few hundred hexes. */
  for (guint i = 1; i < n; i++)
    {
      int v = data[i];
      guint j = i;
      while (j > 0 && data[j - 1] > v)
        {
          data[j] = data[j - 1];
          j--;
        }
      data[j] = v;
    }
}

gboolean
sand_reach_path (const SandReach *reach,
                 int              hex,
                 GArray          *out)
{
  g_return_val_if_fail (reach != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  int node;
  /* A legal end first; else the cheapest, whose walk will say why not. */
  if (hex == reach->start
      || (node_best_legal (reach, hex, &node) < 0
          && sand_movement_node_best (reach, hex, &node) < 0))
    return FALSE;
  guint first = out->len;
  for (int x = node; x >= 0 && reach->prev[x] >= 0; x = reach->prev[x])
    {
      int h = x >> 1;
      g_array_append_val (out, h);
    }
  if (out->len == first)
    return TRUE; /* an empty array has no data to offset */
  int *data = (int *) (void *) out->data + first;
  guint n = out->len - first;
  for (guint i = 0; i < n / 2; i++)
    {
      int t = data[i];
      data[i] = data[n - 1 - i];
      data[n - 1 - i] = t;
    }
  return TRUE;
}
