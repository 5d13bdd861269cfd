/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-playtest-setup-dialog.h: what a playtest starts with — the order
 * of battle per side (or a secret random draw), who plays each side (a
 * person or the computer), the rule options and the seed of the dice.
 * Emits "response" (gboolean start) once. */
#pragma once

#include <adwaita.h>

#include "sand-ai.h"
#include "sand-scenario.h"
#include "editor-playtest-players.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_PLAYTEST_SETUP_DIALOG (editor_playtest_setup_dialog_get_type ())
G_DECLARE_FINAL_TYPE (EditorPlaytestSetupDialog, editor_playtest_setup_dialog,
                      EDITOR, PLAYTEST_SETUP_DIALOG, AdwWindow)

GtkWidget *editor_playtest_setup_dialog_new         (GtkWindow    *parent,
                                                     SandScenario *scenario);
/* One OOB id per ruleset side (secret draws rolled with the seed). */
char     **editor_playtest_setup_dialog_get_oobs    (EditorPlaytestSetupDialog *self);
/* The options switched on. */
char     **editor_playtest_setup_dialog_get_options (EditorPlaytestSetupDialog *self);
guint64    editor_playtest_setup_dialog_get_seed    (EditorPlaytestSetupDialog *self);
/* TRUE when the computer is to play @side, with its @options. */
gboolean   editor_playtest_setup_dialog_get_player  (EditorPlaytestSetupDialog *self,
                                                     int                        side,
                                                     SandAiOptions             *options);
EditorPlaytestPlayers *editor_playtest_setup_dialog_get_players (EditorPlaytestSetupDialog *self);

G_END_DECLS
