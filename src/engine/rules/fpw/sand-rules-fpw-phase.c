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
  for (guint i = 0; i < game->markers->len; i++)
    if (g_array_index (game->markers, SandGameMarker, i).kind == fpw_plan_j_marker)
      return TRUE;
  return FALSE;
}

gboolean
fpw_phase_automatic (SandGame *game,
                     int       phase)
{
  /* Basic Game: arrivals are placed by the chart; nothing to decide. In
   * the Standard Game the side returns its revealed dummies then. */
  if (phase != game->phase_reinforcement)
    return FALSE;
  if (fpw_plan_j_owed (game))
    return FALSE;
  if (!standard (game))
    return TRUE;
  for (guint i = 0; i < game->n_units; i++)
    if (game->units[i].side == game->clock.side && (game->units[i].flags & SAND_UNIT_DUMMY)
        && game->units[i].status == SAND_UNIT_ELIMINATED)
      return FALSE;
  return TRUE;
}

/* Variable Orders of Battle, plan J: from Game-Turn 4, at the start of each
 * German Player-Turn with eighteen French Combat Points east of the Rhine,
 * the Germans remove one unit; the French reveal the units that make them. */
static void
plan_j_check (SandGame *game)
{
  FpwData *d = fpw (game);
  int fr = d->side_french;
  if (game->clock.side != d->side_german || game->clock.turn < 4 || d->east_rhine == NULL
      || fr < 0 || g_strcmp0 (game->oob_ids[fr], "J") != 0
      || !sand_scenario_has_option (game->scenario, "variable-oob"))
    return;
  int points = 0;
  for (guint i = 0; i < game->n_units; i++)
    {
      const SandUnitState *u = &game->units[i];
      if (u->side == fr && u->status == SAND_UNIT_ON_MAP && d->east_rhine[u->hex]
          && sand_game_unit_is_real (game, (int) i))
        points += u->strength;
    }
  if (points < 18)
    return;
  for (guint i = 0; i < game->n_units; i++)
    {
      const SandUnitState *u = &game->units[i];
      if (u->side == fr && u->status == SAND_UNIT_ON_MAP && d->east_rhine[u->hex]
          && sand_game_unit_is_real (game, (int) i))
        sand_game_reveal_unit (game, (int) i);
    }
  SandGameMarker m = { fpw_plan_j_marker, SAND_HEX_NONE, d->side_german, 1 };
  g_array_append_val (game->markers, m);
}

void
fpw_phase_begin (SandGame *game)
{
  /* Plan C: German units set up in Luxemburg open it as if they had moved in. */
  FpwData *d = fpw (game);
  if (d->luxemburg >= 0 && fpw_luxemburg_open (game))
    {
      gboolean marked = FALSE;
      for (guint i = 0; i < game->markers->len; i++)
        marked |= g_array_index (game->markers, SandGameMarker, i).kind == fpw_luxemburg_marker;
      if (!marked)
        {
          SandGameMarker m = { fpw_luxemburg_marker, SAND_HEX_NONE, d->side_german, 1 };
          g_array_append_val (game->markers, m);
        }
    }
  if (game->clock.phase == game->phase_reinforcement)
    plan_j_check (game);
  if (game->clock.phase != game->phase_movement)
    return;
  /* The errata's "no attack in the Combat Phase" lasts until the side's
   * next Movement Phase. */
  for (guint i = 0; i < game->n_units; i++)
    {
      /* Formation Status: every marker is face down again. */
      game->units[i].aux[0] = 0;
      if (game->units[i].side == game->clock.side)
        game->units[i].flags &= ~(guint32) (SAND_UNIT_NO_COMBAT | SAND_UNIT_HASTY
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
  for (guint i = 0; i < game->n_units; i++)
    if (game->units[i].flags & SAND_UNIT_MUST_PROBE)
      {
        g_autofree char *first = sand_game_unit_label_for (game, (int) i, game->clock.side,
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
  FpwData *d = fpw (game);
  int side = game->clock.side;

  /* Formation Status: markers go face down at the end of either side's
   * Movement Phase. */
  if (game->clock.phase == game->phase_movement)
    for (guint i = 0; i < game->n_units; i++)
      game->units[i].aux[0] = 0;
  /* Standard Game Supply (O): isolated units lose a Combat Point at the
   * end of each friendly Movement Phase. */
  if (standard (game) && game->clock.phase == game->phase_movement)
    {
      g_autofree guint8 *states = g_new0 (guint8, game->n_units + 1);
      fpw_supply_all (game, TRUE, states);
      for (guint i = 0; i < game->n_units; i++)
        {
          SandUnitState *u = &game->units[i];
          if (u->side != side || u->status != SAND_UNIT_ON_MAP
              || !sand_game_unit_is_real (game, (int) i) || states[i] != SAND_SUPPLY_ISOLATED)
            continue;
          u->strength--;
          game->points_lost[side]++;
          /* face down: the enemy does not see it (fpw_victory_view) */
          if (u->flags & SAND_UNIT_FACE_DOWN)
            u->unseen_loss++;
          if (u->strength <= 0)
            {
              u->strength = 0;
              sand_game_remove_unit (game, (int) i, SAND_UNIT_ELIMINATED);
            }
        }
      sand_game_changed (game);
    }

  /* Reinforcement Chart: Combat Points at Chalons raise units that stayed
   * there a whole friendly Movement Phase, up to the cap. */
  if (game->clock.phase != game->phase_movement || game->points_pool[side] <= 0)
    return;
  for (guint i = 0; i < game->n_units && game->points_pool[side] > 0; i++)
    {
      SandUnitState *u = &game->units[i];
      if (u->side != side || u->status != SAND_UNIT_ON_MAP || u->hex != game->points_hex[side]
          || (u->flags & SAND_UNIT_MOVED) || !sand_game_unit_is_real (game, (int) i))
        continue;
      int add = MIN (d->reinforce_cap - u->strength, game->points_pool[side]);
      if (add <= 0)
        continue;
      u->strength += add;
      game->points_pool[side] -= add;
      sand_game_changed (game);
    }
}
