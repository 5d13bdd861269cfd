/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules-fpw-commands.c: Franco-Prussian War 1870, the module's actions.
 *
 * The table of FPW's own actions (sand-action.h: their names, fields and
 * how to apply them), what the enemy reads of those it keeps secret, and
 * the Variable Orders of Battle actions (remove, withhold).
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-rules-fpw-private.h"

#include <stdio.h>
#include <string.h>

/* Standard Game commands ------------------------------------------------- */

/* `hasty HEX ID POINTS`, as the log keeps it. */
SandAction *
fpw_hasty_action (int hex,
                  int unit,
                  int points)
{
  SandAction *act = sand_action_new (&fpw_actions[FPW_HASTY]);
  act->hex = hex;
  act->unit = unit;
  act->number = points;
  return act;
}

SandAction *
fpw_unit_action (int which,
                 int unit)
{
  SandAction *act = sand_action_new (&fpw_actions[which]);
  act->unit = unit;
  return act;
}

/* Plan J: `remove ID` takes the German unit off the map, no victory points. */
static gboolean
remove_check (SandGame  *game,
              int        unit,
              GError   **error)
{
  const SandUnitState *u = &sand_game_units (game)[unit];
  if (!fpw_plan_j_owed (game))
    {
      sand_game_refuse (game, error, "Variable Orders of Battle (J)",
                        _("No unit has to be removed now."));
      return FALSE;
    }
  if (u->side != fpw (game)->side_german || u->status != SAND_UNIT_ON_MAP
      || !sand_game_unit_is_real (game, unit))
    {
      sand_game_refuse (game, error, "Variable Orders of Battle (J)",
                        _("The Germans remove one of their combat units on the map."));
      return FALSE;
    }
  return TRUE;
}

static gboolean
offered_remove (SandGame *game, const SandActionSpec *spec, int unit)
{
  return sand_rules_offered_if (game, unit, remove_check);
}

static gboolean
act_remove (SandGame          *game,
            const SandAction  *a,
            SandResult        *res,
            GError           **error)
{
  int unit = a->unit;
  if (!remove_check (game, unit, error))
    return FALSE;
  sand_game_begin_action (game);
  for (guint i = 0; i < sand_game_n_markers (game); i++)
    if (g_str_equal (sand_game_get_marker (game, i)->kind, fpw_plan_j_marker))
      {
        sand_game_remove_marker (game, i);
        break;
      }
  sand_game_reveal_unit (game, unit);
  sand_game_remove_unit (game, unit, SAND_UNIT_ELIMINATED);
  sand_game_changed (game);
  sand_game_commit_action (game, fpw_unit_action (FPW_REMOVE, unit));
  return TRUE;
}

/* Variable Orders of Battle: `withhold ID` delays a reinforcement of the
 * side to move by a turn — one still to come, or one that arrived this turn
 * and has not moved (it goes back off the map). */
static gboolean
withhold_check (SandGame  *game,
                int        unit,
                GError   **error)
{
  const SandUnitState *u = &sand_game_units (game)[unit];
  if (!sand_scenario_has_option (sand_game_get_scenario (game), "variable-oob"))
    {
      sand_game_refuse (game, error, "Variable Orders of Battle",
                        _("Reinforcements are withheld only with Variable Orders of Battle."));
      return FALSE;
    }
  if (u->side != sand_game_get_side (game))
    {
      sand_game_refuse (game, error, "Variable Orders of Battle",
                        _("Only the side to move withholds its reinforcements."));
      return FALSE;
    }
  gboolean just_arrived = u->status == SAND_UNIT_ON_MAP
    && u->arrive_turn == sand_game_get_turn (game)
    && u->arrive_hex == u->hex && !(u->flags & SAND_UNIT_MOVED)
    && (sand_game_get_phase (game) == sand_game_phase_reinforcement (game)
        || sand_game_get_phase (game) == sand_game_phase_movement (game));
  if (u->status != SAND_UNIT_WAITING && !just_arrived)
    {
      sand_game_refuse (game, error, "Variable Orders of Battle",
                        _("%s is not a reinforcement still to come or just arrived."),
                        sand_game_unit_id (game, unit));
      return FALSE;
    }
  return TRUE;
}

/* Which reinforcement to withhold is the player's plan: asked, not listed. */
static gboolean
asked_withhold (SandGame *game, const SandActionSpec *spec, int unit)
{
  return sand_rules_offered_if (game, unit, withhold_check);
}

static gboolean
act_withhold (SandGame          *game,
              const SandAction  *a,
              SandResult        *res,
              GError           **error)
{
  int unit = a->unit;
  const SandUnitState *u = &sand_game_units (game)[unit];
  if (!withhold_check (game, unit, error))
    return FALSE;
  gboolean just_arrived = u->status == SAND_UNIT_ON_MAP;
  sand_game_begin_action (game);
  if (just_arrived)
    {
      guint32 keep = u->flags & (SAND_UNIT_ENTRAINED | SAND_UNIT_FACE_DOWN | SAND_UNIT_DUMMY
                                 | SAND_UNIT_CONCENTRATED);
      int hex = u->hex;
      /* a unit in motion (it changed formation) goes off with its movement over */
      if (fpw_unit_in_motion (game) == unit)
        fpw_end_motion (game);
      sand_game_remove_unit (game, unit, SAND_UNIT_WAITING);
      sand_game_set_unit_flags (game, unit, keep);
      sand_game_set_unit_arrival (game, unit, u->arrive_turn, hex);
      sand_game_set_unit_mp (game, unit, 0, u->rail_credit);
    }
  int turn = sand_game_get_turn (game);
  sand_game_set_unit_arrival (game, unit, (just_arrived ? turn : MAX (u->arrive_turn, turn)) + 1,
                              u->arrive_hex);
  sand_game_changed (game);
  res->unit = unit;
  sand_result_add_int (res, "arrive", u->arrive_turn);
  sand_game_commit_action (game, fpw_unit_action (FPW_WITHHOLD, unit));
  return TRUE;
}

/* What the enemy reads of the module's actions (sand_game_log_line_for). */

/* A secret plan: the withheld reinforcements are not seen at all. */
static char *
withhold_for (SandGame *game, const SandAction *a, int viewer)
{
  return NULL;
}

/* "Shuffled": which counter is the returned dummy is secret. */
static char *
dummy_for (SandGame *game, const SandAction *a, int viewer)
{
  g_autofree char *hid = sand_game_hex_id (game, a->hex);
  return g_strdup_printf ("dummy %s", hid);
}

/* A hasty attack's allocation stays secret while the attacker does. */
static const SandActionSpec hasty_seen = {
  "hasty", SAND_ACTION_MODULE, { { SAND_FIELD_HEX }, { SAND_FIELD_UNIT } }, SAND_TAKES_LOSSES,
};

static char *
hasty_for (SandGame *game, const SandAction *a, int viewer)
{
  if (sand_game_unit_visible (game, a->unit, viewer))
    return sand_action_format_for (game, a, viewer);
  SandAction seen = *a;
  seen.spec = &hasty_seen;
  return sand_action_format_for (game, &seen, viewer);
}

static const char *const formation_words[] = { "concentrated", "extended", NULL };

/* The module's own actions: the core parses, formats, logs and replays
 * them by this table. */
const SandActionSpec fpw_actions[FPW_N_ACTIONS] = {
  [FPW_HASTY] = { "hasty", SAND_ACTION_MODULE,
                  { { SAND_FIELD_HEX }, { SAND_FIELD_UNIT },
                    { SAND_FIELD_NUMBER, NC_("number field", "Combat Points") } },
                  SAND_TAKES_LOSSES | SAND_TAKES_ASK, NULL,
                  N_("Usage: hasty HEX UNIT POINTS [losses=ID:N,…]."), SAND_ACTION_ATTACKS,
                  fpw_act_hasty, hasty_for, NULL, fpw_offered_hasty },
  [FPW_DUMMY] = { "dummy", SAND_ACTION_MODULE, { { SAND_FIELD_UNIT }, { SAND_FIELD_HEX } }, 0,
                  NULL, N_("Usage: dummy UNIT HEX."), 0, fpw_act_dummy, dummy_for, NULL,
                  fpw_offered_dummy },
  [FPW_REMOVE] = { "remove", SAND_ACTION_MODULE, { { SAND_FIELD_UNIT } }, 0, NULL,
                   N_("Usage: remove UNIT."), 0, act_remove, NULL, offered_remove },
  [FPW_WITHHOLD] = { "withhold", SAND_ACTION_MODULE, { { SAND_FIELD_UNIT } }, 0, NULL,
                     N_("Usage: withhold UNIT."), 0, act_withhold, withhold_for, NULL,
                     asked_withhold },
  [FPW_FORMATION] = { "formation", SAND_ACTION_MODULE,
                      { { SAND_FIELD_UNIT }, { SAND_FIELD_WORD } }, 0, formation_words,
                      N_("Usage: formation UNIT concentrated|extended."), SAND_ACTION_SET_UP,
                      fpw_act_formation, fpw_formation_line_for, NULL, fpw_offered_formation },
  [FPW_CHALLENGE] = { "challenge", SAND_ACTION_MODULE,
                      { { SAND_FIELD_UNIT }, { SAND_FIELD_HEX },
                        { SAND_FIELD_PATH, NULL, TRUE } }, 0, NULL,
                      N_("Usage: challenge UNIT HEX [INTO]."), 0, fpw_act_challenge, NULL, NULL,
                      fpw_offered_challenge },
};
