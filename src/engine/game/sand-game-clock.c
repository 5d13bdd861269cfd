/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-game-clock.c: the clock — phases and their start-of-phase
 * bookkeeping, arrivals, the Standard Game's unit in motion, set_clock and
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
  self->clock.segment = 0;
  self->clock.motion = 0;
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
  g_return_val_if_fail (self != NULL, 0);
  return self->clock.segment;
}

gboolean
sand_game_is_over (SandGame *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->clock.over;
}

/* Units in motion (FPW Standard Game Sequence of Play) ------------------- */

gboolean
sand_game_one_in_motion (SandGame *self)
{
  /* the FPW Standard Game: a ruleset with dummy counters, and the option */
  return self->type_dummy >= 0 && sand_scenario_has_option (self->scenario, "standard");
}

int
sand_game_unit_in_motion (SandGame *self)
{
  g_return_val_if_fail (self != NULL, -1);
  return self->clock.motion - 1;
}

void
sand_game_begin_motion (SandGame *self,
                        int       unit)
{
  if (!sand_game_one_in_motion (self) || self->clock.phase != self->phase_movement)
    return;
  int prev = self->clock.motion - 1;
  if (prev == unit)
    return;
  /* "The Player may not have more than one unit in motion at any time":
   * the one before is done for the phase. */
  if (prev >= 0)
    self->units[prev].flags |= SAND_UNIT_FINISHED;
  self->clock.motion = unit + 1;
  self->clock.segment = 1;
  sand_game_changed (self);
}

void
sand_game_end_motion (SandGame *self)
{
  int unit = self->clock.motion - 1;
  if (unit >= 0)
    self->units[unit].flags |= SAND_UNIT_FINISHED;
  self->clock.motion = 0;
  self->clock.segment = 0;
  sand_game_changed (self);
}

void
sand_game_set_segment (SandGame *self,
                       int       segment)
{
  if (self->clock.motion > 0)
    self->clock.segment = segment;
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
  SandUnitState *u = &self->units[unit];
  g_autofree char *who = sand_game_unit_label_for (self, unit, self->clock.side,
                                                   SAND_UNIT_LABEL_WITH_ID);
  if (!sand_game_one_in_motion (self))
    {
      sand_game_refuse (self, error, "Standard Game Sequence of Play",
                        _("Units finish their movement one by one only in the Standard Game."));
      return FALSE;
    }
  if (self->clock.over)
    {
      sand_game_invalid (self, error, _("The game is over."));
      return FALSE;
    }
  if (u->status != SAND_UNIT_ON_MAP)
    {
      sand_game_invalid (self, error, _("%s is not on the map."), who);
      return FALSE;
    }
  if (self->clock.phase != self->phase_movement)
    {
      sand_game_refuse (self, error, self->params.rule_phase,
                        _("Units move only in their side's movement phase; this is the %s phase."),
                        sand_game_get_phase_id (self));
      return FALSE;
    }
  if (u->side != self->clock.side)
    {
      sand_game_refuse (self, error, self->params.rule_side,
                        /* TRANSLATORS: a unit id, its side's id, the id of the side moving
                           now */
                        _("%s belongs to %s; only %s moves now."),
                        who, sand_ruleset_get_side (self->ruleset, u->side)->id,
                        sand_ruleset_get_side (self->ruleset, (guint) self->clock.side)->id);
      return FALSE;
    }
  if (u->flags & SAND_UNIT_FINISHED)
    {
      sand_game_refuse (self, error, "Standard Game Sequence of Play",
                        _("%s has already finished its movement this phase."), who);
      return FALSE;
    }
  if (u->flags & SAND_UNIT_MUST_PROBE)
    {
      sand_game_refuse (self, error, "Standard Game Zones of Control (E)",
                        _("%s entered enemy control without paying for it and must make a hasty "
                          "attack first."), who);
      return FALSE;
    }
  for (guint i = 0; i < self->n_units; i++)
    if ((int) i != unit && (self->units[i].flags & SAND_UNIT_MUST_PROBE))
      {
        g_autofree char *first = sand_game_unit_label_for (self, (int) i, self->clock.side,
                                                           SAND_UNIT_LABEL_WITH_ID);
        sand_game_refuse (self, error, "Standard Game Sequence of Play (2)",
                          _("%s must make its hasty attack first."), first);
        return FALSE;
      }
  sand_game_begin_action (self);
  u->flags |= SAND_UNIT_FINISHED;
  if (self->clock.motion - 1 == unit)
    {
      self->clock.motion = 0;
      self->clock.segment = 0;
    }
  sand_game_changed (self);
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
  self->clock = (SandClock) { turn, side, phase, 0, FALSE };
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
