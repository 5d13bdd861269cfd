/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-game-module.c: the getters and mutators a rules module reaches the
 * game through (sand-game-module.h). Most are one load or one store; those
 * that change what the core derives (flags, forts) go through the core's
 * own bookkeeping so occupancy, zones of control and caches stay right. */
#include "config.h"

#include "sand-game-private.h"

SandMap *
sand_game_get_map (SandGame *self)
{
  return self->map;
}

SandRuleset *
sand_game_get_ruleset (SandGame *self)
{
  return self->ruleset;
}

const SandRulesModule *
sand_game_get_rules (SandGame *self)
{
  return self->rules;
}

const SandRulesParams *
sand_game_params (SandGame *self)
{
  return &self->params;
}

int
sand_game_n_sides (SandGame *self)
{
  return self->n_sides;
}

int
sand_game_n_hexes (SandGame *self)
{
  return self->n_hexes;
}

int
sand_game_phase_reinforcement (SandGame *self)
{
  return self->phase_reinforcement;
}

int
sand_game_phase_movement (SandGame *self)
{
  return self->phase_movement;
}

int
sand_game_phase_combat (SandGame *self)
{
  return self->phase_combat;
}

int
sand_game_feature_rail (SandGame *self)
{
  return self->feature_rail;
}

int
sand_game_feature_river (SandGame *self)
{
  return self->feature_river;
}

const int *
sand_game_neighbours (SandGame *self)
{
  return self->nbr;
}

const guint8 *
sand_game_edge_costs (SandGame *self)
{
  return self->edge_cost;
}

const guint8 *
sand_game_zoc_side_blocked (SandGame *self)
{
  return self->zoc_side_blocked;
}

const guint8 *
sand_game_no_entry (SandGame *self,
                    int       side)
{
  return self->no_entry[side];
}

/* Units --------------------------------------------------------------- */

const SandUnitState *
sand_game_units (SandGame *self)
{
  return self->units;
}

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

int
sand_game_n_any_at (SandGame *self,
                    int       side,
                    int       hex)
{
  return self->n_any[side][hex];
}

int
sand_game_n_combat_at (SandGame *self,
                       int       side,
                       int       hex)
{
  return self->n_combat[side][hex];
}

const guint8 *
sand_game_zoc_mask (SandGame *self)
{
  sand_zoc_update (self);
  return self->zoc_mask;
}

/* Forts ---------------------------------------------------------------- */

guint
sand_game_n_forts (SandGame *self)
{
  return self->n_forts;
}

int
sand_game_fort_hex (SandGame *self,
                    int       fort)
{
  return self->fort_hex[fort];
}

int
sand_game_fort_marker (SandGame *self,
                       int       fort)
{
  return self->fort_marker[fort];
}

int
sand_game_fort_at (SandGame *self,
                   int       hex)
{
  return self->fort_at[hex];
}

int
sand_game_fort_points (SandGame *self,
                       int       fort)
{
  return self->fort_strength[fort];
}

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

const guint8 *
sand_game_rail_bits (SandGame *self)
{
  return self->rail;
}

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
