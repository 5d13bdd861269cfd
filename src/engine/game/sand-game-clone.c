/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-game-clone.c: a copy of a game made from its state, not its log
 * (sand_game_clone, sand-game-copy.h).
 *
 * Every array the game owns is duplicated as it stands, caches and the
 * generations they are keyed on included, so the clone answers every
 * query as the game would; the rules module copies its own data through
 * its copy_data hook. What is read only once the game is made is shared:
 * the game's scenario copy (with the reserve counters and the points
 * arrivals sand_game_new put in it) and the ruleset, by reference; the log
 * lines and actions, which never change once logged, by reference count.
 */
#include "config.h"

#include "sand-action-private.h"
#include "sand-game-copy.h"
#include "sand-game-private.h"

#include <string.h>

#define DUP(p, n) g_memdup2 ((p), (gsize) sizeof *(p) * (gsize) (n))

static SandSnapshot *
snapshot_copy (const SandSnapshot *s,
               guint               n_units,
               guint               n_forts)
{
  SandSnapshot *c = g_memdup2 (s, sizeof *s);

  c->units = DUP (s->units, n_units);
  c->fort_strength = DUP (s->fort_strength, 2 * n_forts + 1);
  c->rail = g_array_copy (s->rail);
  c->markers = g_array_copy (s->markers);
  if (s->sup_states != NULL)
    c->sup_states = g_memdup2 (s->sup_states, n_units + 1);
  return c;
}

static void
copy_reach (SandGame       *c,
            const SandGame *self)
{
  const SandReach *r = &self->reach;
  SandReach *cr = &c->reach;
  gsize nodes = (gsize) self->n_hexes * 2;

  /* Copied whole, not started afresh: the last field stays the one a
   * caller may still be reading of the game it copied. */
  *cr = *r;
  cr->game = c;
  cr->stamp = DUP (r->stamp, nodes);
  cr->cost = DUP (r->cost, nodes);
  cr->prev = DUP (r->prev, nodes);
  cr->stop = DUP (r->stop, nodes);
  cr->bnext = DUP (r->bnext, nodes);
  cr->bprev = DUP (r->bprev, nodes);
  cr->bucket = DUP (r->bucket, r->n_buckets);
  cr->visited = DUP (r->visited, nodes);
}

static gpointer
acquire_line (gconstpointer src,
              gpointer      data)
{
  return src != NULL ? g_ref_string_acquire ((char *) src) : NULL;
}

static gpointer
acquire_action (gconstpointer src,
                gpointer      data)
{
  return sand_action_ref ((SandAction *) src);
}

SandGame *
sand_game_clone (SandGame *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (self->rules->copy_data == NULL)
    return NULL;

  int n = self->n_hexes;
  SandGame *c = g_memdup2 (self, sizeof *self);

  /* Shared, read only once the game is made. */
  g_object_ref (c->scenario);
  g_object_ref (c->ruleset);

  for (int s = 0; s < SAND_MAX_SIDES; s++)
    c->oob_ids[s] = g_strdup (self->oob_ids[s]);
  c->refusal_rule = g_strdup (self->refusal_rule);
  c->offer_error = NULL;
  c->offer_rule = NULL;
  c->rules_data = NULL;

  c->unit_combat = g_memdup2 (self->unit_combat, self->n_units + 1);
  c->units = DUP (self->units, self->n_units + 1);
  c->fort_hex = DUP (self->fort_hex, self->n_forts + 1);
  c->fort_marker = DUP (self->fort_marker, self->n_forts + 1);
  c->fort_strength = DUP (self->fort_strength, 2 * self->n_forts + 1);
  c->rail = DUP (self->rail, n);
  c->rail_list = g_array_copy (self->rail_list);
  c->markers = g_array_copy (self->markers);
  for (int s = 0; s < SAND_MAX_SIDES; s++)
    {
      gboolean side = s < self->n_sides;
      c->n_combat[s] = side ? DUP (self->n_combat[s], n) : NULL;
      c->n_stack[s] = side ? DUP (self->n_stack[s], n) : NULL;
      c->n_any[s] = side ? DUP (self->n_any[s], n) : NULL;
      c->zoc[s] = side ? DUP (self->zoc[s], n) : NULL;
      c->zoc_touched[s] = side ? g_array_copy (self->zoc_touched[s]) : NULL;
      c->no_entry[s] = side ? DUP (self->no_entry[s], n) : NULL;
      c->interdict[s] = side ? DUP (self->interdict[s], n) : NULL;
    }
  c->fort_at = DUP (self->fort_at, n);
  c->blockers = DUP (self->blockers, n);
  c->zoc_mask = DUP (self->zoc_mask, n);
  c->unit_type = DUP (self->unit_type, self->n_units + 1);
  c->nbr = DUP (self->nbr, (gsize) n * SAND_N_DIRS);

  c->edge_cost = DUP (self->edge_cost, (gsize) n * SAND_N_DIRS);
  c->once_extra = DUP (self->once_extra, sand_ruleset_n_terrains (self->ruleset) + 1);
  c->zoc_side_blocked = DUP (self->zoc_side_blocked, n);
  c->links = g_array_copy (self->links);
  c->has_link = DUP (self->has_link, n);
  copy_reach (c, self);

  c->sup_stamp = DUP (self->sup_stamp, n);
  c->sup_dist = DUP (self->sup_dist, n);
  c->sup_queue = DUP (self->sup_queue, n);
  c->sup_target = DUP (self->sup_target, n);
  c->sup_states = g_memdup2 (self->sup_states, self->n_units + 1);
  /* the grid's rows never change: shared */
  c->sup_rows = self->sup_rows != NULL ? sand_supply_rows_ref (self->sup_rows) : NULL;

  c->undo = g_ptr_array_new_full (self->undo->len, sand_game_snapshot_free);
  for (guint i = 0; i < self->undo->len; i++)
    g_ptr_array_add (c->undo, snapshot_copy (g_ptr_array_index (self->undo, i),
                                             self->n_units, self->n_forts));
  c->log = g_ptr_array_copy (self->log, acquire_line, NULL);
  c->log_actions = g_ptr_array_copy (self->log_actions, acquire_action, NULL);
  for (int s = 0; s < SAND_MAX_SIDES; s++)
    c->log_for[s] = self->log_for[s] != NULL
      ? g_ptr_array_copy (self->log_for[s], acquire_line, NULL) : NULL;

  /* An attack rolled and waiting is not in the log: the copy is the game
   * before it was rolled (the roll took back its dice), as a replay is. */
  c->pending = NULL;
  c->plan = NULL;
  c->odds_choices = NULL;

  sand_game_view_fill (c);
  self->rules->copy_data (self, c);
  return c;
}
