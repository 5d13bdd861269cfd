/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-game-module.c: the getters and mutators a rules module reaches the
 * game through (sand-game-module.h). Most are one load or one store; those
 * that change what the core derives (flags, forts) go through the core's
 * own bookkeeping so occupancy, zones of control and caches stay right. */
#include "config.h"

#include "sand-game-private.h"

/* The view modules read inline (sand-game-module.h): copies of the
 * game's sizes and pointers to its arrays, which are allocated once.
 * Called as the game is made, when its arrays exist, and again once the
 * movement tables do. */
void
sand_game_view_fill (SandGame *self)
{
  SandGameView *v = &self->view;

  v->scenario = self->scenario;
  v->map = self->map;
  v->ruleset = self->ruleset;
  v->grid = self->grid;
  v->rules = self->rules;
  v->params = &self->params;
  v->rules_data = self->rules_data;
  v->n_units = self->n_units;
  v->n_sides = self->n_sides;
  v->n_hexes = self->n_hexes;
  v->n_forts = self->n_forts;
  v->phase_reinforcement = self->phase_reinforcement;
  v->phase_movement = self->phase_movement;
  v->phase_combat = self->phase_combat;
  v->feature_rail = self->feature_rail;
  v->feature_river = self->feature_river;
  v->units = self->units;
  for (int s = 0; s < SAND_MAX_SIDES; s++)
    {
      v->n_any[s] = self->n_any[s];
      v->n_combat[s] = self->n_combat[s];
      v->no_entry[s] = self->no_entry[s];
    }
  v->nbr = self->nbr;
  v->edge_cost = self->edge_cost;
  v->zoc_side_blocked = self->zoc_side_blocked;
  v->rail = self->rail;
  v->fort_at = self->fort_at;
  v->fort_hex = self->fort_hex;
  v->fort_marker = self->fort_marker;
  v->fort_strength = self->fort_strength;
}

/* Units --------------------------------------------------------------- */

void
sand_game_change_unit_flags (SandGame *self,
                             int       unit,
                             guint32   set,
                             guint32   clear)
{
  guint32 flags = (self->units[unit].flags & ~clear) | set;

  if (flags != self->units[unit].flags)
    sand_game_set_unit_flags (self, unit, flags);
}

void
sand_game_set_unit_strength (SandGame *self,
                             int       unit,
                             int       strength)
{
  self->units[unit].strength = strength;
}

void
sand_game_set_unit_aux (SandGame *self,
                        int       unit,
                        guint     k,
                        int       value)
{
  g_return_if_fail (k < G_N_ELEMENTS (self->units[unit].aux));
  self->units[unit].aux[k] = value;
}

void
sand_game_set_unit_mp (SandGame *self,
                       int       unit,
                       int       mp_spent,
                       int       rail_credit)
{
  self->units[unit].mp_spent = mp_spent;
  self->units[unit].rail_credit = rail_credit;
}

void
sand_game_set_unit_arrival (SandGame *self,
                            int       unit,
                            int       turn,
                            int       hex)
{
  self->units[unit].arrive_turn = turn;
  self->units[unit].arrive_hex = hex;
}

void
sand_game_set_unit_alias (SandGame *self,
                          int       unit,
                          int       alias)
{
  self->units[unit].alias = alias;
}

void
sand_game_set_unit_unseen_loss (SandGame *self,
                                int       unit,
                                int       loss)
{
  self->units[unit].unseen_loss = loss;
}

/* Occupancy and control ------------------------------------------------ */

const guint8 *
sand_game_zoc_mask (SandGame *self)
{
  sand_zoc_update (self);
  return self->zoc_mask;
}

/* Forts ---------------------------------------------------------------- */

void
sand_game_set_fort_points (SandGame *self,
                           int       fort,
                           int       points)
{
  self->fort_strength[fort] = points;
  sand_game_refresh_hex (self, self->fort_hex[fort]);
}

/* The second half of fort_strength holds, per fort, whether it was
 * attacked this phase (snapshotted with the strengths). */
gboolean
sand_game_fort_attacked (SandGame *self,
                         int       fort)
{
  return self->fort_strength[self->n_forts + (guint) fort] != 0;
}

void
sand_game_set_fort_attacked (SandGame *self,
                             int       fort)
{
  self->fort_strength[self->n_forts + (guint) fort] = 1;
}

/* Rail, points, dice --------------------------------------------------- */

int
sand_game_points_pool (SandGame *self,
                       int       side)
{
  return self->points_pool[side];
}

void
sand_game_add_points_pool (SandGame *self,
                           int       side,
                           int       delta)
{
  self->points_pool[side] += delta;
}

int
sand_game_points_hex (SandGame *self,
                      int       side)
{
  return self->points_hex[side];
}

gboolean
sand_game_points_any (SandGame *self,
                      int       side)
{
  return self->points_any[side];
}

void
sand_game_add_points_lost (SandGame *self,
                           int       side,
                           int       delta)
{
  self->points_lost[side] += delta;
}

int
sand_game_roll (SandGame *self,
                int       sides)
{
  return sand_dice_roll (&self->dice, sides);
}

/* Movement, supply, combat --------------------------------------------- */

int
sand_game_phase_aux (SandGame *self,
                     guint     k)
{
  g_return_val_if_fail (k < G_N_ELEMENTS (self->clock.aux), 0);
  return self->clock.aux[k];
}

void
sand_game_set_phase_aux (SandGame *self,
                         guint     k,
                         int       value)
{
  g_return_if_fail (k < G_N_ELEMENTS (self->clock.aux));
  self->clock.aux[k] = value;
}

int
sand_game_move_end_layer (SandGame *self)
{
  return self->mv_end_layer;
}

gboolean
sand_game_moving_probe (SandGame *self)
{
  return self->mv_probe;
}

const guint32 *
sand_game_interdiction (SandGame *self,
                        int       side,
                        guint32  *gen)
{
  sand_supply_update_interdiction (self);
  *gen = self->interdict_gen;
  return self->interdict[side];
}

SandPendingAttack *
sand_game_plan (SandGame *self)
{
  return self->plan;
}

const SandAttackChoices *
sand_game_odds_choices (SandGame *self)
{
  return self->odds_choices;
}
