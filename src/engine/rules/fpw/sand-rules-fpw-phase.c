/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules-fpw-phase.c: Franco-Prussian War 1870, phase begin and end.
 *
 * Markers and flags the phases reset, Supply (O) attrition, the Combat
 * Points at Chalons, the reinforcement phase dummies and Variable Orders of
 * Battle plan J.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-rules-fpw-private.h"

#include <string.h>

/* Phases ------------------------------------------------------------------ */

const char *const fpw_plan_j_marker = "plan-j-removal";

gboolean
fpw_plan_j_owed (SandGame *game)
{
  for (guint i = 0; i < sand_game_n_markers (game); i++)
    if (g_str_equal (sand_game_get_marker (game, i)->kind, fpw_plan_j_marker))
      return TRUE;
  return FALSE;
}

gboolean
fpw_phase_automatic (SandGame *game,
                     int       phase)
{
  const SandUnitState *unit_states = sand_game_units (game);
  /* Basic Game: arrivals are placed by the chart; nothing to decide. In
   * the Standard Game the side returns its revealed dummies then. */
  if (phase != sand_game_phase_reinforcement (game))
    return FALSE;
  if (fpw_plan_j_owed (game))
    return FALSE;
  if (!standard (game))
    return TRUE;
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    if (unit_states[i].side == sand_game_get_side (game) && (unit_states[i].flags & SAND_UNIT_DUMMY)
        && unit_states[i].status == SAND_UNIT_ELIMINATED)
      return FALSE;
  return TRUE;
}

/* Variable Orders of Battle, plan J: from Game-Turn 4, at the start of each
 * German Player-Turn with eighteen French Combat Points east of the Rhine,
 * the Germans remove one unit; the French reveal the units that make them. */
static void
plan_j_check (SandGame *game)
{
  const SandUnitState *unit_states = sand_game_units (game);
  FpwData *d = fpw (game);
  int fr = d->side_french;
  if (sand_game_get_side (game) != d->side_german || sand_game_get_turn (game) < 4
      || d->east_rhine == NULL
      || fr < 0 || g_strcmp0 (sand_game_get_oob (game, fr), "J") != 0
      || !sand_scenario_has_option (sand_game_get_scenario (game), "variable-oob"))
    return;
  int points = 0;
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    {
      const SandUnitState *u = &unit_states[i];
      if (u->side == fr && u->status == SAND_UNIT_ON_MAP && d->east_rhine[u->hex]
          && sand_game_unit_is_real (game, (int) i))
        points += u->strength;
    }
  if (points < 18)
    return;
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    {
      const SandUnitState *u = &unit_states[i];
      if (u->side == fr && u->status == SAND_UNIT_ON_MAP && d->east_rhine[u->hex]
          && sand_game_unit_is_real (game, (int) i))
        sand_game_reveal_unit (game, (int) i);
    }
  sand_game_add_marker (game, fpw_plan_j_marker, SAND_HEX_NONE, d->side_german, 1);
}

void
fpw_phase_begin (SandGame *game)
{
  /* Plan C: German units set up in Luxemburg open it as if they had moved in. */
  FpwData *d = fpw (game);
  if (d->luxemburg >= 0 && fpw_luxemburg_open (game))
    {
      gboolean marked = FALSE;
      for (guint i = 0; i < sand_game_n_markers (game); i++)
        marked |= g_str_equal (sand_game_get_marker (game, i)->kind, fpw_luxemburg_marker);
      if (!marked)
        {
          sand_game_add_marker (game, fpw_luxemburg_marker, SAND_HEX_NONE, d->side_german,
                                1);
        }
    }
  if (sand_game_get_phase (game) == sand_game_phase_reinforcement (game))
    plan_j_check (game);
  if (sand_game_get_phase (game) != sand_game_phase_movement (game))
    return;
  fpw_eb_due (game);
  /* The errata's "no attack in the Combat Phase" lasts until the side's
   * next Movement Phase. */
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    {
      /* Formation Status: every marker is face down again. */
      sand_game_set_unit_aux (game, i, 0, 0);
      if (sand_game_units (game)[i].side == sand_game_get_side (game))
        sand_game_change_unit_flags (game, (int) i, 0, SAND_UNIT_NO_COMBAT | SAND_UNIT_HASTY
                                     | SAND_UNIT_MUST_PROBE);
    }
  sand_game_changed (game);
}

gboolean
fpw_may_end_phase (SandGame  *game,
                   GError   **error)
{
  if (fpw_plan_j_owed (game))
    {
      sand_game_refuse (game, error, "Variable Orders of Battle (J)",
                        _("The French hold eighteen Combat Points east of the Rhine: the Germans "
                          "remove one unit first (remove UNIT)."));
      return FALSE;
    }
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    if (sand_game_units (game)[i].flags & SAND_UNIT_MUST_PROBE)
      {
        g_autofree char *first = sand_game_unit_label_for (game, (int) i, sand_game_get_side (game),
                                                           SAND_UNIT_LABEL_WITH_ID);
        sand_game_refuse (game, error, "Standard Game Zones of Control (E)",
                          _("%s entered enemy control without paying for it and must make a "
                            "hasty attack first."), first);
        return FALSE;
      }
  return TRUE;
}

void
fpw_phase_end (SandGame *game)
{
  const SandUnitState *unit_states = sand_game_units (game);
  FpwData *d = fpw (game);
  int side = sand_game_get_side (game);

  /* Formation Status: markers go face down at the end of either side's
   * Movement Phase. */
  if (sand_game_get_phase (game) == sand_game_phase_movement (game))
    for (guint i = 0; i < sand_game_unit_count (game); i++)
      sand_game_set_unit_aux (game, i, 0, 0);
  /* Standard Game Supply (O): isolated units lose a Combat Point at the
   * end of each friendly Movement Phase. */
  if (standard (game) && sand_game_get_phase (game) == sand_game_phase_movement (game))
    {
      g_autofree guint8 *states = g_new0 (guint8, sand_game_unit_count (game) + 1);
      fpw_supply_all (game, TRUE, states);
      for (guint i = 0; i < sand_game_unit_count (game); i++)
        {
          const SandUnitState *u = &unit_states[i];
          if (u->side != side || u->status != SAND_UNIT_ON_MAP
              || !sand_game_unit_is_real (game, (int) i) || states[i] != SAND_SUPPLY_ISOLATED)
            continue;
          sand_game_set_unit_strength (game, i, u->strength - 1);
          sand_game_add_points_lost (game, side, 1);
          /* face down: the enemy does not see it (fpw_victory_view) */
          if (u->flags & SAND_UNIT_FACE_DOWN)
            sand_game_set_unit_unseen_loss (game, i, u->unseen_loss + 1);
          if (u->strength <= 0)
            {
              sand_game_set_unit_strength (game, i, 0);
              sand_game_remove_unit (game, (int) i, SAND_UNIT_ELIMINATED);
            }
        }
      sand_game_changed (game);
    }

  /* Reinforcement Chart: Combat Points at Chalons raise units that stayed
   * there a whole friendly Movement Phase, up to the cap. */
  if (sand_game_get_phase (game) != sand_game_phase_movement (game)
      || sand_game_points_pool (game, side) <= 0)
    return;
  for (guint i = 0; i < sand_game_unit_count (game) && sand_game_points_pool (game, side) > 0; i++)
    {
      const SandUnitState *u = &unit_states[i];
      if (u->side != side || u->status != SAND_UNIT_ON_MAP
          || u->hex != sand_game_points_hex (game, side)
          || (u->flags & SAND_UNIT_MOVED) || !sand_game_unit_is_real (game, (int) i))
        continue;
      int add = MIN (d->reinforce_cap - u->strength, sand_game_points_pool (game, side));
      if (add <= 0)
        continue;
      sand_game_set_unit_strength (game, i, u->strength + add);
      sand_game_add_points_pool (game, side, -add);
      sand_game_changed (game);
    }
}
