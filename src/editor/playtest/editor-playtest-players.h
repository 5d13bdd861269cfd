/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-playtest-players.h: the playtest set-up dialog's Players group —
 * for each side, a person or the computer at one of its levels, and the
 * strong level's thinking time. */
#pragma once

#include <adwaita.h>

#include "sand-ai.h"
#include "sand-ruleset.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_PLAYTEST_PLAYERS (editor_playtest_players_get_type ())
G_DECLARE_FINAL_TYPE (EditorPlaytestPlayers, editor_playtest_players,
                      EDITOR, PLAYTEST_PLAYERS, AdwPreferencesGroup)

GtkWidget *editor_playtest_players_new          (void);
/* One row per side of @ruleset. */
void       editor_playtest_players_set_ruleset  (EditorPlaytestPlayers *self,
                                                 SandRuleset           *ruleset);
/* TRUE when the computer plays @side, with @options filled (its seed from
 * @seed and the side); FALSE for a person. */
gboolean   editor_playtest_players_get          (EditorPlaytestPlayers *self,
                                                 int                    side,
                                                 guint64                seed,
                                                 SandAiOptions         *options);
/* The computer plays @side at @options' level and budget (NULL: a
 * person does). */
void       editor_playtest_players_set          (EditorPlaytestPlayers *self,
                                                 int                    side,
                                                 const SandAiOptions   *options);

G_END_DECLS
