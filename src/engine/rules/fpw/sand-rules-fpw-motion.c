/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules-fpw-motion.c: Standard Game Sequence of Play — "the Player
 * may not have more than one unit in motion at any time": the unit in
 * motion and its Movement Segment (kept in the clock's module state, so
 * undo and the phase's end reset them), finishing a unit (`done`), probe
 * moves, and the counters the Standard Game plays face down. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-rules-fpw-private.h"
#include "sand-ruleset-labels.h"

/* The clock's module state: the unit in motion + 1 (0: none, so that a
 * phase starts with none), and its Movement Segment. */
enum { MOTION_UNIT, MOTION_SEGMENT };

gboolean
fpw_one_in_motion (SandGame *game)
{
  /* the Standard Game: a ruleset with dummy counters, and the option */
  return fpw (game)->type_dummy >= 0 && standard (game);
}

gboolean
fpw_in_motion (SandGame *game,
               int      *unit,
               int      *segment)
{
  *unit = sand_game_phase_aux (game, MOTION_UNIT) - 1;
  *segment = sand_game_phase_aux (game, MOTION_SEGMENT);
  return fpw_one_in_motion (game);
}

int
fpw_unit_in_motion (SandGame *game)
{
  return sand_game_phase_aux (game, MOTION_UNIT) - 1;
}

void
fpw_begin_motion (SandGame *game,
                  int       unit)
{
  if (!fpw_one_in_motion (game) || sand_game_get_phase (game) != sand_game_phase_movement (game))
    return;
  int prev = fpw_unit_in_motion (game);
  if (prev == unit)
    return;
  /* "The Player may not have more than one unit in motion at any time":
   * the one before is done for the phase. */
  if (prev >= 0)
    sand_game_change_unit_flags (game, prev, SAND_UNIT_FINISHED, 0);
  sand_game_set_phase_aux (game, MOTION_UNIT, unit + 1);
  sand_game_set_phase_aux (game, MOTION_SEGMENT, 1);
  sand_game_changed (game);
}

void
fpw_end_motion (SandGame *game)
{
  int unit = fpw_unit_in_motion (game);
  if (unit >= 0)
    sand_game_change_unit_flags (game, unit, SAND_UNIT_FINISHED, 0);
  sand_game_set_phase_aux (game, MOTION_UNIT, 0);
  sand_game_set_phase_aux (game, MOTION_SEGMENT, 0);
  sand_game_changed (game);
}

void
fpw_set_segment (SandGame *game,
                 int       segment)
{
  if (fpw_unit_in_motion (game) >= 0)
    sand_game_set_phase_aux (game, MOTION_SEGMENT, segment);
}

void
fpw_motion (SandGame   *game,
            int         unit,
            SandMotion  what)
{
  const SandUnitState *u = &sand_game_units (game)[unit];

  switch (what)
    {
    case SAND_MOTION_ACTS:
      fpw_begin_motion (game, unit);
      break;
    case SAND_MOTION_LEAVES:
      fpw_begin_motion (game, unit);
      fpw_end_motion (game);
      break;
    case SAND_MOTION_MOVED:
      /* Standard Game ZOC (E): control entered without its extra MP
       * commits the unit to a hasty attack. */
      if (sand_game_moving_probe (game) && (u->flags & SAND_UNIT_STOPPED))
        sand_game_change_unit_flags (game, unit, SAND_UNIT_MUST_PROBE, 0);
      /* Sequence of Play (2), (3): entering a possible enemy zone of
       * control, paid or not, begins the Probe Segment (again, after a
       * hasty attack found a dummy). */
      if (fpw_one_in_motion (game) && u->status == SAND_UNIT_ON_MAP)
        {
          sand_zoc_update (game);
          if (sand_zoc_controlled_for (game, u->side, u->hex, unit))
            fpw_set_segment (game, 2);
        }
      break;
    case SAND_MOTION_FINISH:
      sand_game_change_unit_flags (game, unit, SAND_UNIT_FINISHED, 0);
      if (fpw_unit_in_motion (game) == unit)
        {
          sand_game_set_phase_aux (game, MOTION_UNIT, 0);
          sand_game_set_phase_aux (game, MOTION_SEGMENT, 0);
        }
      sand_game_changed (game);
      break;
    default:
      break;
    }
}

gboolean
fpw_may_finish (SandGame  *game,
                int        unit,
                GError   **error)
{
  const SandUnitState *unit_states = sand_game_units (game);
  const SandUnitState *u = &unit_states[unit];
  const SandRulesParams *params = sand_game_params (game);
  SandRuleset *rs = sand_game_get_ruleset (game);
  int side = sand_game_get_side (game);
  g_autofree char *who = sand_game_unit_label_for (game, unit, side, SAND_UNIT_LABEL_WITH_ID);

  if (!fpw_one_in_motion (game))
    {
      sand_game_refuse (game, error, "Standard Game Sequence of Play",
                        _("Units finish their movement one by one only in the Standard Game."));
      return FALSE;
    }
  if (sand_game_is_over (game))
    {
      sand_game_invalid (game, error, _("The game is over."));
      return FALSE;
    }
  if (u->status != SAND_UNIT_ON_MAP)
    {
      sand_game_invalid (game, error, _("%s is not on the map."), who);
      return FALSE;
    }
  if (sand_game_get_phase (game) != sand_game_phase_movement (game))
    {
      sand_game_refuse (game, error, params->rule_phase,
                        /* TRANSLATORS: %s is the phase's name (msgctxt "phase") */
                        _("Units move only in their side's Movement Phase, not in this phase "
                          "(%s)."),
                        sand_ruleset_phase_label (rs, (guint) sand_game_get_phase (game)));
      return FALSE;
    }
  if (u->side != side)
    {
      sand_game_refuse (game, error, params->rule_side,
                        /* TRANSLATORS: a unit, then the name of the side to move
                           (msgctxt "side") */
                        _("%s is not on the side to move (%s)."),
                        who, sand_ruleset_side_label (rs, (guint) side));
      return FALSE;
    }
  if (u->flags & SAND_UNIT_FINISHED)
    {
      sand_game_refuse (game, error, "Standard Game Sequence of Play",
                        _("%s has already finished its movement this phase."), who);
      return FALSE;
    }
  if (u->flags & SAND_UNIT_MUST_PROBE)
    {
      sand_game_refuse (game, error, "Standard Game Zones of Control (E)",
                        _("%s entered enemy control without paying for it and must make a hasty "
                          "attack first."), who);
      return FALSE;
    }
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    if ((int) i != unit && (unit_states[i].flags & SAND_UNIT_MUST_PROBE))
      {
        g_autofree char *first = sand_game_unit_label_for (game, (int) i, side,
                                                           SAND_UNIT_LABEL_WITH_ID);
        sand_game_refuse (game, error, "Standard Game Sequence of Play (2)",
                          _("%s must make its hasty attack first."), first);
        return FALSE;
      }
  return TRUE;
}

gboolean
fpw_may_probe (SandGame  *game,
               int        unit,
               GError   **error)
{
  if (!standard (game))
    {
      sand_game_refuse (game, error, "Standard Game Sequence of Play",
                        _("Probes and hasty attacks belong to the Standard Game."));
      return FALSE;
    }
  /* Entering control unpaid commits the unit to a hasty attack, which
   * only combat units make (Hasty Attacks (Q)). */
  if (!sand_game_unit_is_real (game, unit)
      || (sand_game_units (game)[unit].flags & SAND_UNIT_ENTRAINED))
    {
      g_autofree char *who = sand_game_unit_label_for (game, unit, sand_game_get_side (game),
                                                       SAND_UNIT_LABEL_WITH_ID);
      sand_game_refuse (game, error, "Hasty Attacks (Q)",
                        _("%s cannot make hasty attacks, so it cannot enter enemy control "
                          "without paying for it."), who);
      return FALSE;
    }
  return TRUE;
}

/* Counters ----------------------------------------------------------- */

/* FPW: the Standard Game is the one with dummy counters ("used only in the
 * Standard Game"), so an order of battle that places dummies — the shipped
 * Standard orders of battle — plays it, as the `standard` option does. */
void
fpw_prepare (SandGame *game)
{
  SandScenario *sc = sand_game_get_scenario (game);
  int dummy = sand_ruleset_find_unit_type (sand_game_get_ruleset (game), "dummy");
  if (dummy < 0 || sand_scenario_has_option (sc, "standard"))
    return;
  for (int s = 0; s < sand_game_n_sides (game); s++)
    {
      const char *id = sand_game_get_oob (game, s);
      int i = id != NULL ? sand_scenario_find_oob (sc, id) : -1;
      SandOob *oob = i >= 0 ? sand_scenario_get_oob (sc, (guint) i)
                            : sand_scenario_default_oob (sc, s);
      for (guint k = 0; oob != NULL && oob->placements != NULL && k < oob->placements->len; k++)
        {
          const SandPlacement *p = g_ptr_array_index (oob->placements, k);
          int c = sand_scenario_find_counter (sc, p->counter);
          if (c >= 0 && sand_scenario_get_counter (sc, (guint) c)->type == dummy)
            {
              sand_scenario_set_option (sc, "standard", TRUE);
              return;
            }
        }
    }
}

/* Dummy counters are combat units in every way but combat (Dummy
 * Counters); EB units are not combat units. */
gboolean
fpw_type_is_combat (SandRuleset *ruleset,
                    int          type)
{
  return type != sand_ruleset_find_unit_type (ruleset, "eb");
}

/* Dummy counters play only in the Standard Game ("Dummy counters are used
 * only in the Standard Game"). */
gboolean
fpw_unit_in_play (SandGame *game,
                  int       unit)
{
  int dummy = sand_ruleset_find_unit_type (sand_game_get_ruleset (game), "dummy");
  return dummy < 0 || sand_game_unit_type (game, unit) != dummy || standard (game);
}

/* Standard Game: combat units and dummies are played face down, known
 * only to their owner until combat reveals them. */
guint32
fpw_unit_flags_at_start (SandGame *game,
                         int       unit)
{
  SandRuleset *rs = sand_game_get_ruleset (game);
  int type = sand_game_unit_type (game, unit);
  guint32 flags = 0;

  if (standard (game) && type != sand_ruleset_find_unit_type (rs, "eb"))
    flags |= SAND_UNIT_FACE_DOWN;
  if (type == sand_ruleset_find_unit_type (rs, "dummy") && type >= 0)
    flags |= SAND_UNIT_DUMMY;
  return flags;
}

gboolean
fpw_unit_is_eb (SandGame *game,
                int       unit)
{
  return fpw (game)->type_eb >= 0 && sand_game_unit_type (game, unit) == fpw (game)->type_eb;
}
