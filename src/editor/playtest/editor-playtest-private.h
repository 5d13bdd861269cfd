/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-playtest-private.h: the playtest controller's state, shared by
 * the files it is split into (controller, overlays, attack, log and
 * replay, canvas input, window). Nothing outside src/editor/playtest/
 * includes it.
 */
#pragma once

#include "editor-game-model.h"
#include "editor-playtest.h"
#include "editor-playtest-computer.h"
#include "editor-playtest-setup-dialog.h"
#include "editor-canvas-input.h"
#include "editor-map-canvas.h"

G_BEGIN_DECLS

struct _EditorPlaytest
{
  GObject parent_instance;

  EditorWindow *window;       /* weak: the window owns the controller */
  EditorMapCanvas *canvas;
  GtkWidget *bar;
  GtkWidget *panel;
  GtkWidget *attack_panel;
  GtkWidget *game_log;
  GtkWidget *unit_actions;
  GtkWidget *computer_bar;    /* the computer's players and their strip */

  EditorGameModel *model;     /* the game: the only way it changes */
  SandScenario *scenario;     /* the model's, followed on its "changed" */
  SandGame *game;             /* the model's, followed on its "changed" */
  guint quiet;                /* the model's changes wait for the caller's sync */
  gboolean active;
  gboolean handover;          /* hot-seat: the screen waits for the next player */
  GtkWidget *cover;           /* stands for the map and the panel while it waits */
  GtkWidget *ready_button;
  char *pending_message;      /* the incoming side's news, told once it is Ready */
  gboolean probe;             /* Standard Game: moves enter enemy control unpaid */
  gboolean hot_seat;          /* the game hides identities: one side sees the screen */

  int selected;
  int hover;
  GArray *reach;              /* int per hex: MP spent to end there, or -1 */
  GArray *path;               /* int: hovered path */
  gboolean attack_mode;
  int defender;
  GArray *attackers;
  GArray *loss_first;         /* units the players chose to take losses first */
  GArray *arrived;            /* reinforcements placed at the start of this phase */
  guint overlays;
  char *message;
  GArray *draws;              /* SandCounterDraw */
  GArray *draw_index;         /* int per unit: its entry in draws, or -1 */
  gboolean draws_valid;       /* draws hold every unit on the map of this game */
  int drawn_selected;         /* what the draws were made for: the selection, */
  int drawn_viewer;           /* the side the screen shows, */
  gboolean drawn_handover;    /* the screen passed (all face down) */

  /* A hex being picked for an action (editor_playtest_begin_pick). */
  char *pick_prompt;
  GArray *pick_hexes;         /* int: tinted as the likely choices */
  EditorPlaytestPickFunc pick_func;
  gpointer pick_data;
  GDestroyNotify pick_destroy;
  guint pick_log_len;         /* an action played since cancels the pick */
};

static inline int
n_hexes (EditorPlaytest *self)
{
  return sand_grid_n_hexes (sand_game_get_grid (self->game));
}

static inline gboolean
unit_on_map (EditorPlaytest *self,
             int             unit)
{
  return unit >= 0 && (guint) unit < sand_game_n_units (self->game) &&
         sand_game_get_unit (self->game, unit)->status == SAND_UNIT_ON_MAP;
}

/* editor-playtest.c: the controller */
void     _editor_playtest_set_message  (EditorPlaytest *self,
                                        const char     *text);
/* A refusal in words, with the rule case it cites. */
void     _editor_playtest_report_error (EditorPlaytest *self,
                                        const GError   *error);
/* Drops the hex being picked without calling back. */
gboolean _editor_playtest_clear_pick   (EditorPlaytest *self);
/* Redraws the counters and the overlay and emits "changed". */
void     _editor_playtest_refresh      (EditorPlaytest *self);
/* The game or the selection changed: the selection, the pick, the reach
 * and the hover path follow, then refresh. */
void     _editor_playtest_sync         (EditorPlaytest *self);
/* Plays @action through the model (@out may be NULL), the caller then
 * syncing; a refusal is left to the caller too. */
gboolean _editor_playtest_play         (EditorPlaytest   *self,
                                        const SandAction *action,
                                        SandResult       *out,
                                        GError          **error);
void     _editor_playtest_check_over   (EditorPlaytest *self);
/* Plays what the model now holds (a game started or loaded), showing the
 * playtest in the window if it was not. */
void     _editor_playtest_activate     (EditorPlaytest *self);
/* Hot-seat: covers the screen until the next player (the viewer now) says
 * they are at the table. */
void     _editor_playtest_begin_handover (EditorPlaytest *self);

/* editor-playtest-overlay.c: counters, reach and overlays on the canvas */
/* Updates the counters drawn of @units (NULL: every unit; all are redrawn
 * too when units came onto or left the map, or what the screen may see
 * changed). */
void     _editor_playtest_update_counters (EditorPlaytest *self,
                                           const int      *units,
                                           guint           n_units);
/* Whether a game's phase opens in attack mode: a combat phase of a game
 * not over. */
gboolean _editor_playtest_attack_phase (SandGame *game);
void     _editor_playtest_update_reach    (EditorPlaytest *self);
void     _editor_playtest_update_overlay  (EditorPlaytest *self);
const SandReach *_editor_playtest_unit_reach (EditorPlaytest *self,
                                              int             unit);
int      _editor_playtest_reach_cost      (EditorPlaytest *self,
                                           int             hex);

/* editor-playtest-input.c: what the canvas and the keys do while playing */
void     _editor_playtest_canvas_input_init (EditorCanvasInputInterface *iface);
gboolean _editor_playtest_undo_shortcut_cb     (GtkWidget *widget,
                                                GVariant  *args,
                                                gpointer   data);
gboolean _editor_playtest_escape_shortcut_cb   (GtkWidget *widget,
                                                GVariant  *args,
                                                gpointer   data);

/* editor-playtest-opponent.c: playing against the computer */
gboolean _editor_playtest_has_computer         (EditorPlaytest *self);
int      _editor_playtest_computer_viewer      (EditorPlaytest *self);
gboolean _editor_playtest_computer_busy        (EditorPlaytest  *self,
                                                GError         **error);
gboolean _editor_playtest_computer_undo_target (EditorPlaytest *self,
                                                guint          *n_actions);
/* The choices to settle the pending attack with: @choices, or, when the
 * computer plays the side that did not attack, its own losses and
 * retreats merged into them, held by @merged (clear it after). */
const SandAttackChoices *
         _editor_playtest_computer_choices     (EditorPlaytest          *self,
                                                const SandAttackChoices *choices,
                                                EditorComputerChoices   *merged);
void     _editor_playtest_computer_cancel      (EditorPlaytest *self);
void     _editor_playtest_computer_attach      (EditorPlaytest *self,
                                                GtkBox         *canvas_box);
void     _editor_playtest_computer_preset      (EditorPlaytest            *self,
                                                EditorPlaytestSetupDialog *dialog);

/* editor-playtest-window.c: the playtest in its window */
void     _editor_playtest_cover_screen       (EditorPlaytest *self,
                                              gboolean        covered);

G_END_DECLS
