/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-playtest-computer-bar.h: the strip under the turn bar while the
 * computer plays a side: what it is doing, the pace of its moves, "Skip
 * to My Turn" and Stop. It holds the computer players of the game (one
 * EditorPlaytestComputer per side the computer plays). */
#pragma once

#include <gtk/gtk.h>

#include "editor-playtest.h"
#include "editor-playtest-computer.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_PLAYTEST_COMPUTER_BAR (editor_playtest_computer_bar_get_type ())
G_DECLARE_FINAL_TYPE (EditorPlaytestComputerBar, editor_playtest_computer_bar,
                      EDITOR, PLAYTEST_COMPUTER_BAR, GtkWidget)

/* Paces of the computer's moves, in milliseconds between two actions. */
typedef enum {
  EDITOR_COMPUTER_PACE_SLOW,
  EDITOR_COMPUTER_PACE_NORMAL,
  EDITOR_COMPUTER_PACE_FAST,
  EDITOR_COMPUTER_PACE_NO_PAUSE,
} EditorComputerPace;

GtkWidget              *editor_playtest_computer_bar_new        (EditorPlaytest *playtest);
/* @options NULL: a person plays @side. */
void                    editor_playtest_computer_bar_set_player (EditorPlaytestComputerBar *self,
                                                                 int              side,
                                                                 const SandAiOptions *options);
EditorPlaytestComputer *editor_playtest_computer_bar_get_player (EditorPlaytestComputerBar *self,
                                                                 int              side);
gboolean                editor_playtest_computer_bar_any        (EditorPlaytestComputerBar *self);
/* Whether a computer is searching or playing its actions now. */
gboolean                editor_playtest_computer_bar_busy       (EditorPlaytestComputerBar *self);
void                    editor_playtest_computer_bar_set_pace   (EditorPlaytestComputerBar *self,
                                                                 EditorComputerPace pace);
void                    editor_playtest_computer_bar_skip       (EditorPlaytestComputerBar *self);
void                    editor_playtest_computer_bar_stop       (EditorPlaytestComputerBar *self);
/* The game is leaving: searches and turns in progress are dropped. */
void                    editor_playtest_computer_bar_cancel     (EditorPlaytestComputerBar *self);
/* Undo with nothing left to undo in the user's phase: how many log lines
 * to rewind to so that the user's last action and every computer action
 * after it are taken back. FALSE when the user has played nothing. */
gboolean                editor_playtest_computer_bar_undo_target (EditorPlaytestComputerBar *self,
                                                                  SandGame       *game,
                                                                  guint          *n_actions);

G_END_DECLS
