/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-playtest.h: the playtest controller. While a window plays, it
 * holds a SandGame made from a copy of the document's scenario (play never
 * changes the document), turns canvas clicks and hovers into selections,
 * moves and attacks, and draws the game's counters and overlays on the
 * canvas. Leaving playtest gives the canvas back to the tools as it was.
 */
#pragma once

#include <gtk/gtk.h>

#include "sand-action.h"
#include "sand-ai.h"
#include "sand-game.h"
#include "sand-result.h"
#include "editor-game-model.h"
#include "editor-window.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_PLAYTEST (editor_playtest_get_type ())
G_DECLARE_FINAL_TYPE (EditorPlaytest, editor_playtest, EDITOR, PLAYTEST, GObject)

/* Overlays, toggled from the turn bar's menu. */
typedef enum {
  EDITOR_PLAYTEST_OVERLAY_SUPPLY       = 1 << 0,
  EDITOR_PLAYTEST_OVERLAY_ZOC          = 1 << 1,
  EDITOR_PLAYTEST_OVERLAY_INTERDICTION = 1 << 2,
  EDITOR_PLAYTEST_OVERLAY_COMMAND      = 1 << 3,
  EDITOR_PLAYTEST_OVERLAY_VICTORY      = 1 << 4,
} EditorPlaytestOverlays;

/* Signals: "changed" (no arguments): the game (after the game model's own
 * "changed", editor_playtest_get_model), the selection, the hover or the
 * attack being built changed; "message" (const char *text): a refusal or
 * a notice the window shows as a toast. Property "active". */

/* The controller of @window's canvas while it plays, of the turn bar and
 * hot-seat cover the window declares, and of the game panel it puts on
 * the window's game page. Made and owned by the window, whose mode follows
 * "active". */
EditorPlaytest *editor_playtest_new              (EditorWindow     *window);
EditorPlaytest *editor_playtest_get_for_window   (EditorWindow     *window);

/* Starts play on a copy of the window's document. @oob_ids: one OOB id per
 * ruleset side (NULL entries: the side's default); @options: the rule
 * options to play with (NULL: the scenario's own). */
gboolean        editor_playtest_start            (EditorPlaytest   *self,
                                                  const char * const *oob_ids,
                                                  const char * const *options,
                                                  guint64           seed,
                                                  GError          **error);
/* Shows the set-up dialog, then starts. */
void            editor_playtest_start_interactive (EditorPlaytest  *self);
/* Stops, asking first whether to save the game when moves were made. */
void            editor_playtest_leave_interactive (EditorPlaytest  *self);
void            editor_playtest_stop             (EditorPlaytest   *self);
gboolean        editor_playtest_get_active       (EditorPlaytest   *self);
SandGame       *editor_playtest_get_game         (EditorPlaytest   *self);
/* The game as a model: the only way the game changes, and its "changed"
 * signal saying what did (editor-game-model.h). */
EditorGameModel *editor_playtest_get_model       (EditorPlaytest   *self);
/* The side whose identities the screen may show (-1: all, Basic Game). */
int             editor_playtest_get_viewer       (EditorPlaytest   *self);
/* Hot-seat Standard Game: after a player-turn the screen hides every
 * identity until the next player is ready (a dialog asks). */
gboolean        editor_playtest_get_screen_hidden (EditorPlaytest  *self);
void            editor_playtest_show_screen      (EditorPlaytest   *self);
/* Standard Game: moves made as probes enter possible enemy zones of
 * control without paying the +3 and owe a hasty attack. */
void            editor_playtest_set_probe        (EditorPlaytest   *self,
                                                  gboolean          probe);
gboolean        editor_playtest_get_probe        (EditorPlaytest   *self);
/* Picking a hex on the canvas for an action (where a hasty attack goes,
 * where a dummy returns…): while picking, the next click on a hex calls
 * @func instead of selecting, moving or attacking; @hexes (may be NULL)
 * are tinted as the likely choices and the turn bar shows @prompt.
 * Escape, another pick, another selection or any action cancels it
 * (@destroy runs either way). */
typedef void  (*EditorPlaytestPickFunc)          (EditorPlaytest   *self,
                                                  int               hex,
                                                  gpointer          data);
void            editor_playtest_begin_pick       (EditorPlaytest   *self,
                                                  const char       *prompt,
                                                  const int        *hexes,
                                                  guint             n_hexes,
                                                  EditorPlaytestPickFunc func,
                                                  gpointer          data,
                                                  GDestroyNotify    destroy);
void            editor_playtest_cancel_pick      (EditorPlaytest   *self);
/* What is being picked, or NULL. */
const char     *editor_playtest_get_pick_prompt  (EditorPlaytest   *self);
/* Shows a refused action as a refused move is shown: its reason and the
 * rule case it cites, as a toast and as editor_playtest_get_message(). */
void            editor_playtest_report           (EditorPlaytest   *self,
                                                  const GError     *error);
/* The game panel's unit actions (an EditorUnitActions). */
GtkWidget      *editor_playtest_get_unit_actions (EditorPlaytest   *self);
/* Shows or hides the game panel (attack and log) beside the canvas. */
void            editor_playtest_set_panel_visible (EditorPlaytest  *self,
                                                  gboolean          visible);

/* What a click and a hover on the canvas do. */
void            editor_playtest_click_hex        (EditorPlaytest   *self,
                                                  int               hex);
void            editor_playtest_hover_hex        (EditorPlaytest   *self,
                                                  int               hex);
void            editor_playtest_select_unit      (EditorPlaytest   *self,
                                                  int               unit);
int             editor_playtest_get_selected     (EditorPlaytest   *self);
/* The hex under the pointer, or -1. */
int             editor_playtest_get_hover        (EditorPlaytest   *self);
/* The last refusal or notice shown, or NULL. */
const char     *editor_playtest_get_message      (EditorPlaytest   *self);

gboolean        editor_playtest_end_phase        (EditorPlaytest   *self,
                                                  GError          **error);
gboolean        editor_playtest_undo             (EditorPlaytest   *self,
                                                  GError          **error);
gboolean        editor_playtest_entrain          (EditorPlaytest   *self,
                                                  gboolean          entrain,
                                                  GError          **error);

/* The attack being built: in attack mode a click on an enemy hex picks the
 * defender, a click on a friendly hex beside it toggles its units. */
void            editor_playtest_set_attack_mode  (EditorPlaytest   *self,
                                                  gboolean          attack);
gboolean        editor_playtest_get_attack_mode  (EditorPlaytest   *self);
int             editor_playtest_get_defender     (EditorPlaytest   *self);
void            editor_playtest_set_defender     (EditorPlaytest   *self,
                                                  int               hex);
void            editor_playtest_toggle_attacker  (EditorPlaytest   *self,
                                                  int               unit);
/* Where the rules leave losses to the players: units that take their
 * side's losses first (a secondary click on a stack in attack mode). */
void            editor_playtest_toggle_loss_first (EditorPlaytest  *self,
                                                  int               unit);
GArray         *editor_playtest_get_loss_first   (EditorPlaytest   *self);
/* Units attacking, in the order they were picked. */
GArray         *editor_playtest_get_attackers    (EditorPlaytest   *self);
gboolean        editor_playtest_get_odds         (EditorPlaytest   *self,
                                                  SandOdds         *out,
                                                  GError          **error);
/* Resolves in two steps, as the attack panel does: the roll (with the
 * choices made before the die in @pre, may be NULL: flank declined,
 * supporting batteries) leaves the game waiting with what each side owes
 * (sand_game_get_pending_attack); the settle applies the owners' @choices
 * (the rest by default). */
gboolean        editor_playtest_roll_attack      (EditorPlaytest   *self,
                                                  const SandAttackChoices *pre,
                                                  GError          **error);
/* The same first step for an FPW Standard Game hasty attack (@unit on
 * @hex with @points); editor_playtest_settle_attack settles it. */
gboolean        editor_playtest_roll_hasty       (EditorPlaytest   *self,
                                                  int               hex,
                                                  int               unit,
                                                  int               points,
                                                  GError          **error);
gboolean        editor_playtest_settle_attack    (EditorPlaytest   *self,
                                                  const SandAttackChoices *choices,
                                                  SandAttackResult *out,
                                                  GError          **error);
/* Resolves with @choices (may be NULL); @out receives the result. */
gboolean        editor_playtest_resolve          (EditorPlaytest   *self,
                                                  const SandAttackChoices *choices,
                                                  SandAttackResult *out,
                                                  GError          **error);

/* Plays @action (sand-action.h) as the console and the log do; the log
 * notes what an attack or a rules module's action answered. */
gboolean        editor_playtest_apply            (EditorPlaytest   *self,
                                                  const SandAction *action,
                                                  GError          **error);
/* Plays one line in the console's words ("move de-1 1207", "formation
 * fr-2 extended", "hasty 1207 de-1 3"…), read by the engine's action
 * parser: what a player types in the game log. */
gboolean        editor_playtest_perform          (EditorPlaytest   *self,
                                                  const char       *line,
                                                  GError          **error);
/* Whether the game has the action @command (its action table says). */
gboolean        editor_playtest_has_command      (EditorPlaytest   *self,
                                                  const char       *command);

void            editor_playtest_set_overlays     (EditorPlaytest   *self,
                                                  guint             overlays);
guint           editor_playtest_get_overlays     (EditorPlaytest   *self);

/* The log as the game log shows it: one line per action, with the dice and
 * results of those played here. */
guint           editor_playtest_log_length       (EditorPlaytest   *self);
char           *editor_playtest_log_entry        (EditorPlaytest   *self,
                                                  guint             i);
/* What the @i-th action answered (its dice, results or module facts, from
 * the engine's SandResult), as the screen's side may read it, or NULL. */
char           *editor_playtest_log_note         (EditorPlaytest   *self,
                                                  guint             i);
/* Log line @i as the screen's viewer reads it, a sentence with its notes
 * when the viewer reads the line whole, or NULL when that side learnt
 * nothing of it; @from the hex a move started from (SAND_HEX_NONE: not
 * known); @command (may be NULL) gets the line in the console's words, as
 * the viewer may read it. */
char           *editor_playtest_log_row          (EditorPlaytest   *self,
                                                  guint             i,
                                                  int               from,
                                                  char            **command);
char           *editor_playtest_log_text         (EditorPlaytest   *self);

/* Replay: rewinds to just after the first @n_actions actions (the rest
 * stay to be stepped through again, until a new action is played), and
 * steps forward one action at a time. */
gboolean        editor_playtest_rewind           (EditorPlaytest   *self,
                                                  guint             n_actions,
                                                  GError          **error);
gboolean        editor_playtest_step             (EditorPlaytest   *self,
                                                  GError          **error);
guint           editor_playtest_n_future         (EditorPlaytest   *self);
/* The @i-th action still to replay, as the screen's side may read it. */
char           *editor_playtest_get_future       (EditorPlaytest   *self,
                                                  guint             i);

/* A saved game: the game's log (seed, orders of battle, actions), a line
 * "%%scenario", then the scenario played (options included). Loading
 * replays it and continues from where it stopped. */
char           *editor_playtest_save_game_data   (EditorPlaytest   *self);
/* The same for any @game played on @scenario (a balance run's game). */
char           *editor_playtest_game_data        (SandGame         *game,
                                                  SandScenario     *scenario);
gboolean        editor_playtest_save_game        (EditorPlaytest   *self,
                                                  GFile            *file,
                                                  GError          **error);
gboolean        editor_playtest_load_game_data   (EditorPlaytest   *self,
                                                  const char       *data,
                                                  GError          **error);
gboolean        editor_playtest_load_game        (EditorPlaytest   *self,
                                                  GFile            *file,
                                                  GError          **error);

/* The computer plays @side with @options (NULL: a person plays it); its
 * turns play themselves from then on (editor-playtest-computer.h). Stays
 * until changed, over games. */
void            editor_playtest_set_computer     (EditorPlaytest   *self,
                                                  int               side,
                                                  const SandAiOptions *options);
/* The computer's strip (an EditorPlaytestComputerBar). */
GtkWidget      *editor_playtest_get_computer_bar (EditorPlaytest   *self);
/* Whether the computer plays @side. */
gboolean        editor_playtest_computer_plays   (EditorPlaytest   *self,
                                                  int               side);
/* Adds @note to log line @i's notes (the computer's reason for it). */
void            editor_playtest_add_note         (EditorPlaytest   *self,
                                                  guint             i,
                                                  const char       *note);

G_END_DECLS
