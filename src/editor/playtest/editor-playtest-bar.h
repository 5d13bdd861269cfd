/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-playtest-bar.h: the turn bar shown above the canvas while
 * playing: game-turn, side, phase and segment, the selected unit, and the
 * game's commands (attack, rail, overlays, undo, save, end phase). */
#pragma once

#include <gtk/gtk.h>

#include "editor-playtest.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_PLAYTEST_BAR (editor_playtest_bar_get_type ())
G_DECLARE_FINAL_TYPE (EditorPlaytestBar, editor_playtest_bar, EDITOR, PLAYTEST_BAR, GtkWidget)

GtkWidget  *editor_playtest_bar_new         (EditorPlaytest    *playtest);
/* What the bar shows (for tests): the title ("Turn 1 of 11 · German
 * Movement"), the Standard Game's segment and unit in motion ("First
 * movement — II Corps", "" when none) and the status line. */
const char *editor_playtest_bar_get_title   (EditorPlaytestBar *self);
const char *editor_playtest_bar_get_segment (EditorPlaytestBar *self);
const char *editor_playtest_bar_get_status  (EditorPlaytestBar *self);
/* Where Save Game and Load Game open (the scenario's folder, NULL when it
 * has no file) and the name Save Game proposes, e.g.
 * "lfaf1914-1-rossignol-T3-german-movement.sandgame". */
GFile      *editor_playtest_bar_propose_folder (EditorPlaytestBar *self);
char       *editor_playtest_bar_propose_name   (EditorPlaytestBar *self);

G_END_DECLS
