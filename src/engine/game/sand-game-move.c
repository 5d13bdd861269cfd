/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-game-move.c: the movement a player asks for — whether a unit may
 * move now, its reach (probe reach too) and the move itself, checked step
 * by step, applied, and told to the rules module. The search behind the
 * reach is sand-movement.c's. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-game-private.h"
#include "sand-ruleset-labels.h"

#include <string.h>

/* The public queries -------------------------------------------------------- */

gboolean
sand_movement_check_may_move (SandGame  *self,
                int        unit,
                GError   **error)
{
  if (!sand_combat_check_idle (self, error))
    return FALSE;
  if (unit < 0 || (guint) unit >= self->n_units)
    {
      sand_game_invalid (self, error, _("There is no such unit."));
      return FALSE;
    }
  const SandUnitState *u = &self->units[unit];
  /* the name is for the refusal's message: none asked, none made (the
   * reach of every unit is asked often) */
  g_autofree char *who = error != NULL
    ? sand_game_unit_label_for (self, unit, self->clock.side, SAND_UNIT_LABEL_WITH_ID) : NULL;
  if (u->status != SAND_UNIT_ON_MAP)
    {
      sand_game_invalid (self, error, _("%s is not on the map."), who);
      return FALSE;
    }
  if (self->clock.over)
    {
      sand_game_invalid (self, error, _("The game is over."));
      return FALSE;
    }
  if (self->clock.phase != self->phase_movement)
    {
      sand_game_refuse (self, error, self->params.rule_phase,
                        /* TRANSLATORS: %s is the phase's name (msgctxt "phase") */
                        _("Units move only in their side's Movement Phase, not in this phase "
                          "(%s)."),
                        sand_ruleset_phase_label (self->ruleset, (guint) self->clock.phase));
      return FALSE;
    }
  if (u->side != self->clock.side)
    {
      sand_game_refuse (self, error, self->params.rule_side,
                        /* TRANSLATORS: a unit, then the name of the side to move
                           (msgctxt "side") */
                        _("%s is not on the side to move (%s)."), who,
                        sand_ruleset_side_label (self->ruleset, (guint) self->clock.side));
      return FALSE;
    }
  if (u->flags & SAND_UNIT_STOPPED)
    {
      sand_game_refuse (self, error, self->params.rule_zoc_stop,
                        _("%s entered an enemy-controlled hex and may move no further this phase."),
                        who);
      return FALSE;
    }
  if (self->rules->may_move != NULL && !self->rules->may_move (self, unit, error))
    return FALSE;
  return TRUE;
}

static gboolean
is_special (SandGame *self,
            int       unit)
{
  SandSpecialMove sm;
  return self->rules->special_mode != NULL && self->rules->special_mode (self, unit, &sm);
}

const SandReach *
sand_game_reach (SandGame  *self,
                 int        unit,
                 GError   **error)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (!sand_movement_check_may_move (self, unit, error))
    return NULL;
  return sand_movement_reach (self, unit, sand_game_unit_mp_left (self, unit),
                              is_special (self, unit), error);
}

/* A probe enters enemy control without its extra MP: only in games whose
 * module allows it (FPW Standard Game ZOC (E)). */
static gboolean
probe_allowed (SandGame  *self,
               int        unit,
               GError   **error)
{
  if (self->rules->may_probe == NULL)
    {
      sand_game_refuse (self, error, NULL, _("This game has no probe moves."));
      return FALSE;
    }
  return self->rules->may_probe (self, unit, error);
}

const SandReach *
sand_game_probe_reach (SandGame  *self,
                       int        unit,
                       GError   **error)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (!sand_movement_check_may_move (self, unit, error) || !probe_allowed (self, unit, error))
    return NULL;
  self->mv_probe = TRUE;
  const SandReach *r = sand_movement_reach (self, unit, sand_game_unit_mp_left (self, unit),
                                            is_special (self, unit), error);
  self->mv_probe = FALSE;
  return r;
}

gboolean
sand_game_probe_move (SandGame   *self,
                      int         unit,
                      const int  *path,
                      guint       n_path,
                      GArray     *taken,
                      GError    **error)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (!sand_movement_check_may_move (self, unit, error) || !probe_allowed (self, unit, error))
    return FALSE;
  self->mv_probe = TRUE;
  gboolean ok = sand_game_move (self, unit, path, n_path, taken, error);
  self->mv_probe = FALSE;
  return ok;
}

static int
link_between (SandGame *self,
              int       a,
              int       b)
{
  if (!self->has_link[a])
    return -1;
  for (guint i = 0; i < self->links->len; i++)
    {
      const SandLink *l = &g_array_index (self->links, SandLink, i);
      if (l->from == a && l->to == b)
        return l->dist;
    }
  return -1;
}

/* A far hex the unit cannot reach even with MP to spare: the step out of
 * the hexes it can reach that comes nearest the goal and is refused names
 * the rule in the way (Rail Movement (B) on the line, say, rather than a
 * rule that closes some other side of the goal). Rail movement looks only
 * along the rail. TRUE when it refused with that rule. */
static gboolean
blocked_on_the_way (SandGame        *self,
                    int              unit,
                    gboolean         special,
                    const SandReach *r,
                    int              goal,
                    const char      *who,
                    GError         **error)
{
  const char *rule = NULL, *why = NULL;
  int best = -1, best_from = -1, best_to = -1;
  int rail = self->feature_rail;

  for (int h = 0; h < self->n_hexes; h++)
    {
      if (sand_movement_node_best (r, h, NULL) < 0 && h != self->units[unit].hex)
        continue;
      for (int d = 0; d < SAND_N_DIRS; d++)
        {
          int n = sand_grid_neighbour (self->grid, h, d);
          if (n == SAND_HEX_NONE || n == self->units[unit].hex
              || sand_movement_node_best (r, n, NULL) >= 0)
            continue;
          if (special && (rail < 0 || !sand_map_side_has (self->map, h, d, rail)))
            continue;
          int dist = sand_grid_distance (self->grid, n, goal);
          if (best >= 0 && dist >= best)
            continue;
          gboolean stop;
          const char *rr = NULL, *w = NULL;
          int c;
          if (special)
            c = self->rules->special_step (self, unit, h, d, n, 0, &stop, &rr, &w);
          else
            {
              SandStepState st = { 1, FALSE, FALSE };
              c = sand_movement_step (self, unit, h, d, n, &st, &stop, &rr, &w);
            }
          if (c >= 0 || rr == NULL || rr == self->params.rule_terrain)
            continue;
          best = dist;
          best_from = h;
          best_to = n;
          rule = rr;
          why = w;
        }
    }
  if (rule == NULL)
    return FALSE;
  g_autofree char *from_id = sand_game_hex_id (self, best_from);
  g_autofree char *to_id = sand_game_hex_id (self, best_to);
  sand_game_refuse (self, error, rule, _("%s may not move from %s to %s: %s."), who, from_id,
                    to_id, _(why));
  return TRUE;
}

gboolean
sand_game_move (SandGame   *self,
                int         unit,
                const int  *path,
                guint       n_path,
                GArray     *taken,
                GError    **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (path != NULL || n_path == 0, FALSE);

  if (!sand_movement_check_may_move (self, unit, error))
    return FALSE;
  if (n_path == 0)
    {
      sand_game_invalid (self, error, _("Name the hexes to move through."));
      return FALSE;
    }
  for (guint i = 0; i < n_path; i++)
    if (path[i] < 0 || path[i] >= self->n_hexes)
      {
        sand_game_invalid (self, error, _("That hex is not on the map."));
        return FALSE;
      }

  SandUnitState *u = &self->units[unit];
  gboolean special = is_special (self, unit);
  int mp_left = sand_game_unit_mp_left (self, unit);
  g_autoptr(GArray) steps = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree char *uid = g_strdup (sand_game_unit_id (self, unit));
  g_autofree char *who = sand_game_unit_label_for (self, unit, self->clock.side,
                                                   SAND_UNIT_LABEL_WITH_ID);

  gboolean next_door = n_path == 1 && (sand_grid_direction_to (self->grid, u->hex, path[0]) >= 0
                                       || link_between (self, u->hex, path[0]) >= 0);
  if (next_door)
    {
      /* One neighbour: the cheapest legal way there, which may go round
       * (a unit may not step from one controlled hex straight into
       * another); when there is none, the direct step says why not. */
      const SandReach *r = sand_movement_reach (self, unit, mp_left, special, error);
      if (sand_reach_cost (r, path[0]) < 0 || !sand_reach_path (r, path[0], steps))
        {
          g_array_set_size (steps, 0);
          g_array_append_val (steps, path[0]);
        }
    }
  else if (n_path == 1)
    {
      /* One far hex: the cheapest legal path. */
      g_autofree char *id = sand_game_hex_id (self, path[0]);
      if (sand_game_enemy_blocks (self, u->side, path[0])
          && (self->rules->may_enter_enemy == NULL
              || !self->rules->may_enter_enemy (self, unit, path[0])))
        {
          if (self->params.why_enemy_hex != NULL)
            sand_game_refuse (self, error, self->params.rule_enemy_hex, _("%s may not enter %s: %s."),
                              who, id, _(self->params.why_enemy_hex));
          else
            sand_game_refuse (self, error, self->params.rule_enemy_hex,
                              _("%s may not enter %s: units may never enter a hex holding enemy "
                                 "combat or fortification units."), who, id);
          return FALSE;
        }
      if (self->no_entry[u->side][path[0]])
        {
          sand_game_refuse (self, error, self->params.rule_no_entry,
                            _("%s may not enter %s: its side may never enter that hex."), who, id);
          return FALSE;
        }
      const SandReach *r = sand_movement_reach (self, unit, mp_left, special, error);
      if (!sand_reach_path (r, path[0], steps))
        {
          /* Would it get there with more MP? Then it is short of MP. */
          r = sand_movement_reach (self, unit, mp_left + 40, special, error);
          if (sand_movement_node_best (r, path[0], NULL) >= 0)
            sand_game_refuse (self, error, self->params.rule_mp,
                              _("%s has %d MP left, not enough to reach %s."), who, mp_left, id);
          else if (r != NULL && blocked_on_the_way (self, unit, special, r, path[0], who, error))
            ;
          else
            {
              /* Name the rule that closes the hex itself, when one does. */
              const char *rule = NULL, *why = NULL;
              for (int d = 0; d < SAND_N_DIRS && rule == NULL; d++)
                {
                  int from = sand_grid_neighbour (self->grid, path[0], d);
                  gboolean stop;
                  if (from == SAND_HEX_NONE)
                    continue;
                  int back = SAND_DIR_OPPOSITE (d);
                  const char *rr = NULL, *w = NULL;
                  int c;
                  if (special)
                    c = self->rules->special_step (self, unit, from, back, path[0], 0, &stop,
                                                   &rr, &w);
                  else
                    {
                      SandStepState st = { 1, FALSE, FALSE };
                      c = sand_movement_step (self, unit, from, back, path[0], &st, &stop, &rr,
                                              &w);
                    }
                  if (c < 0 && rr != NULL && self->params.rule_terrain != rr)
                    {
                      rule = rr;
                      why = w;
                    }
                }
              if (rule != NULL)
                sand_game_refuse (self, error, rule, _("%s may not enter %s: %s."), who, id,
                                  _(why));
              else
                sand_game_refuse (self, error, self->params.rule_zoc_stop,
                                  _("%s has no legal path to %s."), who, id);
            }
          return FALSE;
        }
    }
  else
    g_array_append_vals (steps, path, n_path);

  /* Validate the whole path before changing anything. */
  int spent = 0, here = u->hex;
  gboolean last_stop = FALSE;
  SandSpecialMove sm = { 0 };
  if (special)
    self->rules->special_mode (self, unit, &sm);
  sand_zoc_update (self);
  SandStepState st = { (u->flags & SAND_UNIT_ONCE_PAID) ? 1 : 0, TRUE,
                       sand_zoc_controlled_for (self, u->side, u->hex, unit) };
  for (guint i = 0; i < steps->len; i++)
    {
      int to = g_array_index (steps, int, i);
      int dir = sand_grid_direction_to (self->grid, here, to);
      int link = dir < 0 ? link_between (self, here, to) : -1;
      g_autofree char *id = sand_game_hex_id (self, to);
      g_autofree char *from_id = sand_game_hex_id (self, here);
      const char *rule = NULL, *why = NULL;
      gboolean stop = FALSE;
      int c;

      if (dir < 0 && (link < 0 || !special))
        {
          sand_game_refuse (self, error, self->params.rule_terrain,
                            _("%s and %s are not adjacent: a move goes hex by hex."), from_id, id);
          return FALSE;
        }
      if (special)
        c = self->rules->special_step (self, unit, here, dir, to, link < 0 ? 0 : link, &stop,
                                       &rule, &why);
      else
        c = sand_movement_step (self, unit, here, dir, to, &st, &stop, &rule, &why);
      if (c < 0)
        {
          sand_game_refuse (self, error, rule, _("%s may not move from %s to %s: %s."), who,
                            from_id, id, _(why));
          return FALSE;
        }
      spent += c;
      int budget = special ? sm.budget : mp_left;
      if (spent > budget)
        {
          int need = special ? 0 : spent;
          if (special)
            {
              int beyond = spent - sm.credit;
              need = (beyond + MAX (1, sm.scale) - 1) / MAX (1, sm.scale);
            }
          sand_game_refuse (self, error, self->params.rule_mp,
                            _("%s has %d MP left and would need %d to enter %s."), who, mp_left,
                            need, id);
          return FALSE;
        }
      last_stop = stop;
      if (stop && i + 1 < steps->len)
        {
          /* a module's own reason to stop (step_check) names its rule */
          if (rule != NULL && why != NULL)
            sand_game_refuse (self, error, rule, _("%s must stop on entering %s: %s."), who, id,
                              _(why));
          else
            sand_game_refuse (self, error, self->params.rule_zoc_stop,
                              _("%s must stop on entering %s, an enemy-controlled hex."), who, id);
          return FALSE;
        }
      st.first = FALSE;
      here = to;
    }
  const char *rule = NULL, *why = NULL;
  if (!sand_movement_may_end_at (self, unit, here, st.layer, &rule, &why))
    {
      g_autofree char *id = sand_game_hex_id (self, here);
      sand_game_refuse (self, error, rule, _("%s may not end its move on %s: %s."), who, id,
                        _(why));
      return FALSE;
    }

  /* Apply. */
  sand_game_begin_action (self);
  sand_game_motion (self, unit, SAND_MOTION_ACTS);
  guint n_steps = steps->len;
  if (self->rules->special_walk != NULL)
    n_steps = self->rules->special_walk (self, unit, (const int *) (void *) steps->data,
                                         steps->len);
  int layer = (u->flags & SAND_UNIT_ONCE_PAID) ? 1 : 0;
  if (!special)
    {
      /* Re-walk for the MP: the kept steps may be fewer than asked. */
      SandStepState st2 = { layer, TRUE, sand_zoc_controlled_for (self, u->side, u->hex, unit) };
      int here2 = u->hex;
      spent = 0;
      for (guint i = 0; i < n_steps; i++)
        {
          int to = g_array_index (steps, int, i);
          gboolean stop;
          spent += sand_movement_step (self, unit, here2, sand_grid_direction_to (self->grid,
                                                                                  here2, to),
                                       to, &st2, &stop, &rule, &why);
          st2.first = FALSE;
          here2 = to;
        }
      if (st2.layer)
        u->flags |= SAND_UNIT_ONCE_PAID;
      if (last_stop && n_steps == steps->len)
        u->flags |= SAND_UNIT_STOPPED;
      u->mp_spent += spent;
    }
  else
    {
      int here2 = u->hex;
      spent = 0;
      for (guint i = 0; i < n_steps; i++)
        {
          int to = g_array_index (steps, int, i);
          int dir = sand_grid_direction_to (self->grid, here2, to);
          int link = dir < 0 ? link_between (self, here2, to) : 0;
          gboolean stop;
          spent += self->rules->special_step (self, unit, here2, dir, to, link, &stop, &rule, &why);
          here2 = to;
        }
      self->rules->special_spend (self, unit, spent);
    }
  for (guint i = 0; i < n_steps; i++)
    sand_game_step_unit (self, unit, g_array_index (steps, int, i));
  if (n_steps > 0)
    u->flags |= SAND_UNIT_MOVED;

  /* The log keeps the path asked for: a replay rolls the same dice and
   * stops at the same place. */
  SandAction *act = sand_action_new_kind (SAND_ACTION_MOVE);
  act->unit = unit;
  act->path = g_array_copy (steps);
  act->probe = self->mv_probe;
  if (taken != NULL)
    g_array_append_vals (taken, steps->data, n_steps);
  /* Standard Game: a probe that entered control owes a hasty attack, and
   * entering a possible zone begins the Probe Segment. */
  sand_game_motion (self, unit, SAND_MOTION_MOVED);
  sand_game_commit_action (self, act);
  return TRUE;
}
