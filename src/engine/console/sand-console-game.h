/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-console-game.h: the hook between the console (sand-console.c, which
 * handles map-building) and the rules engine (which handles every game
 * command: at, reach, move, entrain, detrain, odds, attack, roll, supply,
 * zoc, end-phase, state, vp, …).
 *
 * The console owns the scenario; the rules side keeps its game in the
 * console with sand_console_set_game() and finds it again with
 * sand_console_get_game().
 */
#pragma once

#include <glib.h>

#include "sand-console.h"
#include "sand-json.h"

G_BEGIN_DECLS

/* Runs a command that is not map-building. @command is the command word,
 * @args the tokens after it (NULL-terminated, quotes removed, key=value
 * tokens kept whole). @answer is an open JSON object that already holds
 * "ok":true; write the answer's other members into it with
 * sand_json_member_*(), or call sand_console_refuse (answer, rule, …) to
 * refuse. Do not close the object (the console does).
 *
 * Return FALSE when the command is unknown to the rules side (write
 * nothing); the console then answers `unknown command 'X'`. `state` is
 * offered here first: return FALSE for it when there is no game and the
 * console answers with the units of the scenario's set-up and a null
 * clock. */
gboolean sand_console_game_execute          (SandConsole        *console,
                                             const char         *command,
                                             const char * const *args,
                                             SandJson           *answer);

/* Called after every command that changed the scenario (each map-building
 * command that succeeded, `new`, `load`), so the rules side can rebuild or
 * resynchronise its game. When the scenario was replaced the game has
 * already been dropped (sand_console_get_game () returns NULL). */
void     sand_console_game_scenario_changed (SandConsole        *console);

G_END_DECLS
