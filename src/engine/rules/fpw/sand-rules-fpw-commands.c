/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules-fpw-commands.c: Franco-Prussian War 1870, the module's commands.
 *
 * Argument parsing shared by the commands, the Variable Orders of Battle
 * commands (remove, withhold), and the dispatch of every FPW command.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-rules-fpw-private.h"

#include <stdio.h>
#include <string.h>

/* Standard Game commands ------------------------------------------------- */

gboolean
fpw_parse_unit_arg (SandGame    *game,
                    const char  *text,
                    int         *unit,
                    GError     **error)
{
  *unit = text != NULL ? sand_game_find_unit (game, text) : -1;
  if (*unit < 0)
    {
      sand_game_invalid (game, error, _("There is no unit '%s'."), text ? text : "");
      return FALSE;
    }
  return TRUE;
}

gboolean
fpw_parse_hex_arg (SandGame    *game,
                   const char  *text,
                   int         *hex,
                   GError     **error)
{
  if (text == NULL || !sand_grid_parse_id (game->grid, text, hex))
    {
      sand_game_invalid (game, error, _("There is no hex '%s' on this map."), text ? text : "");
      return FALSE;
    }
  return TRUE;
}

void
fpw_answer_units (SandGame   *game,
                  SandJson   *answer,
                  const char *key,
                  GArray     *units)
{
  if (answer == NULL)
    return;
  sand_json_key (answer, key);
  sand_json_begin_array (answer);
  for (guint i = 0; i < units->len; i++)
    sand_json_string (answer, sand_game_unit_id (game, g_array_index (units, int, i)));
  sand_json_end_array (answer);
}

/* Plan J: `remove ID` takes the German unit off the map, no victory points. */
static gboolean
cmd_remove (SandGame           *game,
            const char * const *args,
            GError            **error)
{
  int unit;
  if (args[0] == NULL || args[1] != NULL)
    {
      sand_game_invalid (game, error, _("Usage: remove UNIT."));
      return FALSE;
    }
  if (!fpw_parse_unit_arg (game, args[0], &unit, error))
    return FALSE;
  SandUnitState *u = &game->units[unit];
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
  sand_game_begin_action (game);
  for (guint i = 0; i < game->markers->len; i++)
    if (g_array_index (game->markers, SandGameMarker, i).kind == fpw_plan_j_marker)
      {
        g_array_remove_index (game->markers, i);
        break;
      }
  sand_game_reveal_unit (game, unit);
  sand_game_remove_unit (game, unit, SAND_UNIT_ELIMINATED);
  sand_game_changed (game);
  sand_game_commit_action (game, g_strdup_printf ("remove %s", args[0]));
  return TRUE;
}

/* Variable Orders of Battle: `withhold ID` delays a reinforcement of the
 * side to move by a turn — one still to come, or one that arrived this turn
 * and has not moved (it goes back off the map). */
static gboolean
cmd_withhold (SandGame           *game,
              const char * const *args,
              SandJson           *answer,
              GError            **error)
{
  int unit;
  if (args[0] == NULL || args[1] != NULL)
    {
      sand_game_invalid (game, error, _("Usage: withhold UNIT."));
      return FALSE;
    }
  if (!fpw_parse_unit_arg (game, args[0], &unit, error))
    return FALSE;
  SandUnitState *u = &game->units[unit];
  if (!sand_scenario_has_option (game->scenario, "variable-oob"))
    {
      sand_game_refuse (game, error, "Variable Orders of Battle",
                        _("Reinforcements are withheld only with Variable Orders of Battle."));
      return FALSE;
    }
  if (u->side != game->clock.side)
    {
      sand_game_refuse (game, error, "Variable Orders of Battle",
                        _("Only the side to move withholds its reinforcements."));
      return FALSE;
    }
  gboolean just_arrived = u->status == SAND_UNIT_ON_MAP && u->arrive_turn == game->clock.turn
    && u->arrive_hex == u->hex && !(u->flags & SAND_UNIT_MOVED)
    && (game->clock.phase == game->phase_reinforcement
        || game->clock.phase == game->phase_movement);
  if (u->status != SAND_UNIT_WAITING && !just_arrived)
    {
      sand_game_refuse (game, error, "Variable Orders of Battle",
                        _("%s is not a reinforcement still to come or just arrived."), args[0]);
      return FALSE;
    }
  sand_game_begin_action (game);
  if (just_arrived)
    {
      guint32 keep = u->flags & (SAND_UNIT_ENTRAINED | SAND_UNIT_FACE_DOWN | SAND_UNIT_DUMMY
                                 | SAND_UNIT_CONCENTRATED);
      int hex = u->hex;
      /* a unit in motion (it changed formation) goes off with its movement over */
      if (sand_game_unit_in_motion (game) == unit)
        sand_game_end_motion (game);
      sand_game_remove_unit (game, unit, SAND_UNIT_WAITING);
      u->flags = keep;
      u->arrive_hex = hex;
      u->mp_spent = 0;
    }
  u->arrive_turn = (just_arrived ? game->clock.turn : MAX (u->arrive_turn, game->clock.turn)) + 1;
  sand_game_changed (game);
  if (answer != NULL)
    sand_json_member_int (answer, "arrive", u->arrive_turn);
  sand_game_commit_action (game, g_strdup_printf ("withhold %s", args[0]));
  return TRUE;
}

gboolean
fpw_command (SandGame           *game,
             const char         *command,
             const char * const *args,
             SandJson           *answer,
             gboolean           *handled,
             GError            **error)
{
  if (strcmp (command, "hasty") == 0)
    {
      *handled = TRUE;
      return fpw_cmd_hasty (game, args, answer, error);
    }
  if (strcmp (command, "dummy") == 0)
    {
      *handled = TRUE;
      return fpw_cmd_dummy (game, args, error);
    }
  if (strcmp (command, "remove") == 0)
    {
      *handled = TRUE;
      return cmd_remove (game, args, error);
    }
  if (strcmp (command, "withhold") == 0)
    {
      *handled = TRUE;
      return cmd_withhold (game, args, answer, error);
    }
  if (strcmp (command, "formation") == 0)
    {
      *handled = TRUE;
      return fpw_cmd_formation (game, args, answer, error);
    }
  if (strcmp (command, "challenge") == 0)
    {
      *handled = TRUE;
      return fpw_cmd_challenge (game, args, answer, error);
    }
  return FALSE;
}
