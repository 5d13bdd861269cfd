/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-game-notes.h: what an action did, in words, for the game log:
 * an attack's odds, die, result and losses, and a rules module's answer
 * (its typed facts). Read from the typed results, never from text. */
#pragma once

#include <glib.h>

#include "sand-game.h"
#include "sand-result.h"

G_BEGIN_DECLS

char *editor_game_describe_result (SandGame               *game,
                                   const SandAttackResult *r);
char *editor_game_describe_facts  (SandGame               *game,
                                   const SandResult       *r);

G_END_DECLS
