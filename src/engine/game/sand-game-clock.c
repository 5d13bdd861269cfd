/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-game-clock.c: the clock — phases and their start-of-phase
 * bookkeeping, arrivals, the unit in motion as the module keeps it, set_clock and
 * end_phase. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-game-private.h"

#include <stdlib.h>
#include <string.h>


static void
reset_phase_flags (SandGame *self)
{
  for (guint i = 0; i < self->n_units; i++)
    {
      SandUnitState *u = &self->units[i];
      u->flags &= ~(guint32) (SAND_UNIT_MOVED | SAND_UNIT_ATTACKED | SAND_UNIT_DEFENDED
                              | SAND_UNIT_WAS_ENTRAINED | SAND_UNIT_ONCE_PAID
                              | SAND_UNIT_HALTED | SAND_UNIT_STOPPED | SAND_UNIT_FINISHED);
      /* Rail Movement (E): units entrained on the map count against the
       * phase's limit; reinforcements still waiting to come by train do not */
      if ((u->flags & SAND_UNIT_ENTRAINED) && u->status == SAND_UNIT_ON_MAP)
        u->flags |= SAND_UNIT_WAS_ENTRAINED;
      u->mp_spent = 0;
      u->rail_credit = 0;
    }
  for (guint f = 0; f < self->n_forts; f++)
    self->fort_strength[self->n_forts + f] = 0;
}

static void
arrivals (SandGame *self)
{
  int side = self->clock.side, turn = self->clock.turn;

  for (guint i = 0; i < self->n_units; i++)
    {
      SandUnitState *u = &self->units[i];
      if (u->status != SAND_UNIT_WAITING || u->side != side || u->arrive_turn > turn)
        continue;
      if (u->arrive_hex == SAND_HEX_NONE || sand_game_enemy_blocks (self, side, u->arrive_hex))
        continue; /* held: it waits until the hex is free */
      sand_game_place_unit (self, (int) i, u->arrive_hex);
      if (u->flags & SAND_UNIT_ENTRAINED)
        u->flags |= SAND_UNIT_WAS_ENTRAINED;
      if (self->rules->arrived != NULL)
        self->rules->arrived (self, (int) i);
    }
  GArray *pa = sand_game_points_arrivals (self);
  for (guint i = 0; i < pa->len; i++)
    {
      PointsArrival *p = &g_array_index (pa, PointsArrival, i);
      if (p->side == side && p->turn == turn)
        self->points_pool[side] += p->points;
    }
}

/* Where a (turn, side, phase) stands in the sequence of play. */
static int
clock_position (SandGame *self,
                int       turn,
                int       side,
                int       phase)
{
  int order = (side - sand_game_first_side (self) + self->n_sides) % self->n_sides;
  return (turn * self->n_sides + order) * (int) sand_ruleset_n_phases (self->ruleset) + phase;
}

/* `at`: play is taken to have just reached the new clock, so every arrival
 * due at or before it has happened — units whose side's reinforcement
 * phase (LFAF: movement phase) of their turn comes no later, and points
 * due between the old clock and the new one (once: going back gives none
 * back). */
static void
arrivals_until (SandGame        *self,
                const SandClock *from)
{
  int arrival_phase = self->phase_reinforcement >= 0 ? self->phase_reinforcement
                                                     : self->phase_movement;
  if (arrival_phase < 0)
    return;
  int now = clock_position (self, self->clock.turn, self->clock.side, self->clock.phase);
  int before = clock_position (self, from->turn, from->side, from->phase);
  for (guint i = 0; i < self->n_units; i++)
    {
      SandUnitState *u = &self->units[i];
      if (u->status != SAND_UNIT_WAITING
          || clock_position (self, u->arrive_turn, u->side, arrival_phase) > now)
        continue;
      if (u->arrive_hex == SAND_HEX_NONE || sand_game_enemy_blocks (self, u->side, u->arrive_hex))
        continue; /* held: it waits until the hex is free */
      sand_game_place_unit (self, (int) i, u->arrive_hex);
      if (u->flags & SAND_UNIT_ENTRAINED)
        u->flags |= SAND_UNIT_WAS_ENTRAINED;
      if (self->rules->arrived != NULL)
        self->rules->arrived (self, (int) i);
    }
  GArray *pa = sand_game_points_arrivals (self);
  for (guint i = 0; i < pa->len; i++)
    {
      PointsArrival *p = &g_array_index (pa, PointsArrival, i);
      int at = clock_position (self, p->turn, p->side, arrival_phase);
      if (at > before && at <= now)
        self->points_pool[p->side] += p->points;
    }
}

/* Start-of-phase bookkeeping shared by every game. */
void
sand_game_phase_begin (SandGame *self,
                       gboolean  with_arrivals)
{
  reset_phase_flags (self);
  /* Without a reinforcement phase (LFAF 5) units arrive as their side's
   * movement phase begins. */
  if (with_arrivals && (self->clock.phase == self->phase_reinforcement
                        || (self->phase_reinforcement < 0
                            && self->clock.phase == self->phase_movement)))
    arrivals (self);
  if (self->clock.phase == self->phase_movement && self->rules->supply_all != NULL)
    {
      /* Supply for movement is judged at the start of the phase. */
      self->rules->supply_all (self, TRUE, self->sup_states);
      for (guint i = 0; i < self->n_units; i++)
        if (self->units[i].side == self->clock.side)
          self->units[i].supply = self->sup_states[i];
    }
  if (self->rules->phase_begin != NULL)
    self->rules->phase_begin (self);
  sand_game_changed (self);
}

/* The ruleset's sequence of play names the first side when the rules fix
 * it (FPW: the German Player-Turn comes first); else the scenario does. */
int
sand_game_first_side (SandGame *self)
{
  const SandParam *p = sand_ruleset_get_param (self->ruleset, "first-side");
  int first = p != NULL ? sand_ruleset_find_side (self->ruleset, p->value) : -1;
  if (first < 0)
    first = sand_scenario_get_first_side (self->scenario);
  return first >= 0 && first < self->n_sides ? first : 0;
}

/* A scenario of one turn is taken as "not set" (the model's default) and
 * the ruleset's game length applies. */
int
sand_game_n_turns (SandGame *self)
{
  int turns = sand_scenario_get_turns (self->scenario);
  if (turns <= 1)
    turns = sand_ruleset_param_int (self->ruleset, "turns", 1);
  return MAX (1, turns);
}

static void
advance_clock (SandGame *self)
{
  int n_phases = (int) sand_ruleset_n_phases (self->ruleset);
  int first = sand_game_first_side (self);

  SandClock last = self->clock;

  self->clock.phase++;
  memset (self->clock.aux, 0, sizeof self->clock.aux);
  if (self->clock.phase < n_phases)
    return;
  self->clock.phase = 0;
  self->clock.side = sand_game_other_side (self, self->clock.side);
  if (self->clock.side == first)
    {
      self->clock.turn++;
      if (self->clock.turn > sand_game_n_turns (self))
        {
          /* The clock stays on the last phase played. */
          self->clock = last;
          self->clock.over = TRUE;
        }
    }
}

void
sand_game_skip_automatic (SandGame *self)
{
  while (!self->clock.over && self->rules->phase_automatic != NULL
         && self->rules->phase_automatic (self, self->clock.phase))
    {
      if (self->rules->phase_end != NULL)
        self->rules->phase_end (self);
      advance_clock (self);
      if (!self->clock.over)
        sand_game_phase_begin (self, TRUE);
    }
}


/* Clock ----------------------------------------------------------------- */

int
sand_game_get_turn (SandGame *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->clock.turn;
}

/* What the game is played to, for the turn bar and the end of game: the
 * scenario's turns, or the ruleset's when the scenario leaves them unset. */
int
sand_game_get_n_turns (SandGame *self)
{
  g_return_val_if_fail (self != NULL, 1);
  return sand_game_n_turns (self);
}

int
sand_game_get_side (SandGame *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->clock.side;
}

int
sand_game_get_phase (SandGame *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->clock.phase;
}

const char *
sand_game_get_phase_id (SandGame *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return sand_ruleset_get_phase (self->ruleset, (guint) self->clock.phase)->id;
}

int
sand_game_get_segment (SandGame *self)
{
  int unit = -1, segment = 0;

  g_return_val_if_fail (self != NULL, 0);
  if (self->rules->in_motion == NULL || !self->rules->in_motion (self, &unit, &segment))
    return 0;
  return segment;
}

gboolean
sand_game_is_over (SandGame *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->clock.over;
}

/* Units in motion (the module's in_motion, motion and may_finish) ------- */

gboolean
sand_game_one_in_motion (SandGame *self)
{
  int unit, segment;

  g_return_val_if_fail (self != NULL, FALSE);
  return self->rules->in_motion != NULL && self->rules->in_motion (self, &unit, &segment);
}

int
sand_game_unit_in_motion (SandGame *self)
{
  int unit = -1, segment = 0;

  g_return_val_if_fail (self != NULL, -1);
  if (self->rules->in_motion == NULL || !self->rules->in_motion (self, &unit, &segment))
    return -1;
  return unit;
}

void
sand_game_motion (SandGame   *self,
                  int         unit,
                  SandMotion  what)
{
  if (self->rules->motion != NULL)
    self->rules->motion (self, unit, what);
}

gboolean
sand_game_finish_unit (SandGame  *self,
                       int        unit,
                       GError   **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  if (unit < 0 || (guint) unit >= self->n_units)
    {
      sand_game_invalid (self, error, _("There is no such unit."));
      return FALSE;
    }
  if (self->rules->may_finish == NULL)
    {
      g_set_error (error, SAND_GAME_ERROR, SAND_GAME_ERROR_UNKNOWN,
                   _("Units do not move one at a time in this game."));
      return FALSE;
    }
  if (!self->rules->may_finish (self, unit, error))
    return FALSE;
  sand_game_begin_action (self);
  sand_game_motion (self, unit, SAND_MOTION_FINISH);
  SandAction *act = sand_action_new_kind (SAND_ACTION_DONE);
  act->unit = unit;
  sand_game_commit_action (self, act);
  return TRUE;
}

gboolean
sand_game_set_clock (SandGame  *self,
                     int        turn,
                     int        side,
                     int        phase,
                     GError   **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  if (!sand_combat_check_idle (self, error))
    return FALSE;

  if (turn < 1 || turn > sand_game_n_turns (self))
    {
      sand_game_invalid (self, error, _("Turn %d is not in this game (1 to %d)."), turn,
                         sand_game_n_turns (self));
      return FALSE;
    }
  if (side < 0 || side >= self->n_sides)
    {
      sand_game_invalid (self, error, _("There is no side %d."), side);
      return FALSE;
    }
  if (phase < 0 || phase >= (int) sand_ruleset_n_phases (self->ruleset))
    {
      sand_game_invalid (self, error, _("There is no phase %d."), phase);
      return FALSE;
    }
  SandClock from = self->clock;
  self->clock = (SandClock) { .turn = turn, .side = side, .phase = phase };
  reset_phase_flags (self);
  arrivals_until (self, &from);
  sand_game_phase_begin (self, FALSE);
  g_ptr_array_set_size (self->undo, 0);
  SandAction *act = sand_action_new_kind (SAND_ACTION_AT);
  act->number = turn;
  act->side = side;
  act->phase = phase;
  sand_game_log_append (self, act, sand_action_format (self, act));
  return TRUE;
}

gboolean
sand_game_end_phase (SandGame  *self,
                     GError   **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  if (!sand_combat_check_idle (self, error))
    return FALSE;

  if (self->clock.over)
    {
      sand_game_invalid (self, error, _("The game is over."));
      return FALSE;
    }
  if (self->rules->may_end_phase != NULL && !self->rules->may_end_phase (self, error))
    return FALSE;
  if (self->rules->phase_end != NULL)
    self->rules->phase_end (self);
  advance_clock (self);
  if (!self->clock.over)
    {
      sand_game_phase_begin (self, TRUE);
      sand_game_skip_automatic (self);
    }
  sand_game_changed (self);
  g_ptr_array_set_size (self->undo, 0);
  SandAction *act = sand_action_new_kind (SAND_ACTION_END_PHASE);
  sand_game_log_append (self, act, sand_action_format (self, act));
  return TRUE;
}
