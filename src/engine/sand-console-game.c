/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-console-game.c: game commands of the console.
 *
 * INITIAL STUB written by the console's author. From now on the rules helper
 * owns this file and replaces these bodies with the real game commands; the
 * console's author does not edit it again. The contract is in
 * sand-console-game.h.
 */
#include "config.h"

#include "sand-console-game.h"

gboolean
sand_console_game_execute (SandConsole        *console,
                           const char         *command,
                           const char * const *args,
                           SandJson           *answer)
{
  return FALSE;
}

void
sand_console_game_scenario_changed (SandConsole *console)
{
}
