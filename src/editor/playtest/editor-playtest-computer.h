/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-playtest-computer.h: the computer playing one side of a playtest
 * (issue 15 item 7). When its side is to move (or to set up), it plays:
 * the engine's computer player (sand-ai.h) searches the phase on a worker
 * thread, on a game of its own rebuilt from the playtest's log, and the
 * actions it chose come back to the main thread, which plays them one at
 * a time through the playtest's own apply path (so the log, the undo
 * stack and the redraw are the usual ones) at a pace the user can follow,
 * then ends the phase. The window never waits for the search. */
#pragma once

#include <glib-object.h>

#include "sand-ai.h"
#include "editor-playtest.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_PLAYTEST_COMPUTER (editor_playtest_computer_get_type ())
G_DECLARE_FINAL_TYPE (EditorPlaytestComputer, editor_playtest_computer,
                      EDITOR, PLAYTEST_COMPUTER, GObject)

typedef enum {
  EDITOR_COMPUTER_IDLE,       /* the other side is to move */
  EDITOR_COMPUTER_THINKING,   /* the search runs on the worker thread */
  EDITOR_COMPUTER_PLAYING,    /* its actions are being played on the map */
} EditorComputerState;

/* Property "state" (EditorComputerState, notified). Signal "stopped": Stop
 * was pressed; the side is the user's from now on. */

EditorPlaytestComputer *editor_playtest_computer_new       (EditorPlaytest      *playtest,
                                                            int                  side,
                                                            const SandAiOptions *options);
int                     editor_playtest_computer_get_side  (EditorPlaytestComputer *self);
const SandAiOptions    *editor_playtest_computer_get_options (EditorPlaytestComputer *self);
EditorComputerState     editor_playtest_computer_get_state (EditorPlaytestComputer *self);
/* Whether a worker thread is still searching (or its answer not yet
 * back): after Stop, only until the cancelled search returns. */
gboolean                editor_playtest_computer_get_searching (EditorPlaytestComputer *self);
/* The pause between two of its actions, in milliseconds (0: none). */
void                    editor_playtest_computer_set_pace  (EditorPlaytestComputer *self,
                                                            guint                pace_ms);
/* Plays the rest of its phases without pauses until a human side is to
 * move; the pace comes back then. */
void                    editor_playtest_computer_skip      (EditorPlaytestComputer *self);
/* Stops mid-turn: a search is dropped, the actions not yet played are not
 * played, the game stays as it is; emits "stopped". */
void                    editor_playtest_computer_stop      (EditorPlaytestComputer *self);
/* Drops a search or a turn in progress without "stopped" (the game is
 * leaving). */
void                    editor_playtest_computer_cancel    (EditorPlaytestComputer *self);
/* Whether log line @i of @game was one of its actions (as played here). */
gboolean                editor_playtest_computer_played    (EditorPlaytestComputer *self,
                                                            SandGame            *game,
                                                            guint                i);
/* The last action it played, as the status line tells it, or NULL. */
const char             *editor_playtest_computer_get_last  (EditorPlaytestComputer *self);

/* The owners' choices after the die when the user attacked this side or
 * this side's units must retreat: the computer's own (sand_ai_choose_settle)
 * take the place of whatever the attack panel chose for its units; the
 * user's stay for the user's units. @out's arrays hold what @out->choices
 * points to. */
typedef struct {
  SandAttackChoices choices;
  GArray *losses;             /* SandLoss */
  GArray *retreats;           /* SandRetreat */
  GArray *advance;            /* int */
} EditorComputerChoices;

void                    editor_playtest_computer_choose    (EditorPlaytestComputer *self,
                                                            SandGame            *game,
                                                            const SandAttackChoices *user,
                                                            EditorComputerChoices *out);
void                    editor_computer_choices_clear      (EditorComputerChoices *choices);

G_END_DECLS
