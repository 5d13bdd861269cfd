/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-game-model.h: the game a playtest plays, as a model the widgets
 * observe. It holds the SandGame (and the copy of the scenario it plays),
 * and is the only way the editor changes it: an action applied, an undo or
 * a redo, a game loaded, a rewind or a step of replay. After each it says
 * what changed in one "changed" signal carrying an EditorGameChange: which
 * units, which hexes, whether the clock moved and from which line the log
 * differs. What changed is found by comparing the game before and after
 * (units' places and states, the markers placed in play, fortifications,
 * the clock, the log), whatever the action was.
 *
 * The log's notes (what the dice did, a rules module's answer) and the
 * actions still to replay after a rewind live here too: they are the log.
 */
#pragma once

#include <glib-object.h>

#include "sand-action.h"
#include "sand-game.h"
#include "sand-result.h"
#include "editor-game-change.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_GAME_MODEL (editor_game_model_get_type ())
G_DECLARE_FINAL_TYPE (EditorGameModel, editor_game_model, EDITOR, GAME_MODEL, GObject)

/* Signal "changed" (EditorGameChange *change), after every change. */

EditorGameModel *editor_game_model_new          (void);
SandGame        *editor_game_model_get_game     (EditorGameModel  *self);
SandScenario    *editor_game_model_get_scenario (EditorGameModel  *self);
/* Plays @game of @scenario from now on, taking both (NULL, NULL: no game);
 * the notes and the actions to replay start empty. */
void             editor_game_model_set_game     (EditorGameModel  *self,
                                                 SandScenario     *scenario,
                                                 SandGame         *game);
/* Replays @log (a saved game's: seed, orders of battle, actions) on
 * @scenario (referenced) and plays that game, noting what each action
 * did. The game played is untouched on failure. */
gboolean         editor_game_model_load         (EditorGameModel  *self,
                                                 SandScenario     *scenario,
                                                 const char       *log,
                                                 GError          **error);

/* Applies @action; @out (may be NULL) receives what it did, to clear with
 * sand_result_clear (). An attack resolved and a rules module's action
 * are noted in the log. */
gboolean         editor_game_model_apply        (EditorGameModel  *self,
                                                 const SandAction *action,
                                                 SandResult       *out,
                                                 GError          **error);
/* Plays one line in the console's words. */
gboolean         editor_game_model_perform      (EditorGameModel  *self,
                                                 const char       *line,
                                                 GError          **error);
/* Takes back the last action of the phase; redo plays it again. */
gboolean         editor_game_model_undo         (EditorGameModel  *self,
                                                 GError          **error);
gboolean         editor_game_model_can_redo     (EditorGameModel  *self);
gboolean         editor_game_model_redo         (EditorGameModel  *self,
                                                 GError          **error);

/* Replay: the game as it was after its first @n_actions actions, the rest
 * kept to step through again until another action is played. */
gboolean         editor_game_model_rewind       (EditorGameModel  *self,
                                                 guint             n_actions,
                                                 GError          **error);
gboolean         editor_game_model_step         (EditorGameModel  *self,
                                                 GError          **error);
guint            editor_game_model_n_future     (EditorGameModel  *self);
const char      *editor_game_model_get_future   (EditorGameModel  *self,
                                                 guint             i);

/* What the dice or the rules module said of log line @i, or NULL. */
const char      *editor_game_model_get_note     (EditorGameModel  *self,
                                                 guint             i);
/* Adds @note to log line @i's (after what is there, with a dash): why the
 * computer played it. Says so as a change of the log from line @i. */
void             editor_game_model_add_note     (EditorGameModel  *self,
                                                 guint             i,
                                                 const char       *note);

G_END_DECLS
