/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-playtest-private.h: the playtest controller's state, shared by
 * the files it is split into (controller, overlays, attack, log and
 * replay, canvas input, window). Nothing outside src/editor/playtest/
 * includes it.
 */
#pragma once

#include "editor-playtest.h"
#include "editor-map-canvas.h"

G_BEGIN_DECLS

struct _EditorPlaytest
{
  GObject parent_instance;

  EditorWindow *window;       /* weak: the window owns the controller */
  EditorMapCanvas *canvas;
  GtkWidget *toggle;
  GtkWidget *bar;
  GtkWidget *panel;
  GtkWidget *attack_panel;
  GtkWidget *game_log;
  GtkWidget *unit_actions;

  SandScenario *scenario;     /* the copy played */
  SandGame *game;
  gboolean active;
  gboolean saved_show_counters;
  gboolean saved_palette_sensitive;
  gboolean saved_inspector_visible;
  gboolean setting_toggle;
  gboolean panel_hidden;
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
  GHashTable *annotations;    /* log index → what the dice did */
  GPtrArray *future;          /* replay: actions after the one rewound to */
  guint replay_len;           /* log length the future follows */
  GArray *draws;              /* SandCounterDraw */

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
/* Game state changed: the selection's reach and the hover path follow. */
void     _editor_playtest_game_changed (EditorPlaytest *self);
void     _editor_playtest_check_over   (EditorPlaytest *self);
/* Takes @scenario and @game. */
void     _editor_playtest_begin_play   (EditorPlaytest *self,
                                        SandScenario   *scenario,
                                        SandGame       *game);

/* editor-playtest-overlay.c: counters, reach and overlays on the canvas */
void     _editor_playtest_update_counters (EditorPlaytest *self);
void     _editor_playtest_update_reach    (EditorPlaytest *self);
void     _editor_playtest_update_overlay  (EditorPlaytest *self);
const SandReach *_editor_playtest_unit_reach (EditorPlaytest *self,
                                              int             unit);
int      _editor_playtest_reach_cost      (EditorPlaytest *self,
                                           int             hex);

/* editor-playtest-attack.c: the attack being built and resolved */
char    *_editor_playtest_describe_result (SandGame               *game,
                                           const SandAttackResult *r);

/* editor-playtest-input.c: what the canvas and the keys do while playing */
void     _editor_playtest_canvas_edit_begin_cb (EditorPlaytest  *self,
                                                int              hex,
                                                double           map_x,
                                                double           map_y,
                                                guint            button,
                                                GdkModifierType  state,
                                                EditorMapCanvas *canvas);
void     _editor_playtest_canvas_hover_cb      (EditorPlaytest  *self,
                                                int              hex,
                                                int              side_hex,
                                                int              side_dir,
                                                EditorMapCanvas *canvas);
gboolean _editor_playtest_undo_shortcut_cb     (GtkWidget *widget,
                                                GVariant  *args,
                                                gpointer   data);
gboolean _editor_playtest_escape_shortcut_cb   (GtkWidget *widget,
                                                GVariant  *args,
                                                gpointer   data);

/* editor-playtest-window.c: the window's surgery while playing */
void     _editor_playtest_cover_screen       (EditorPlaytest *self,
                                              gboolean        covered);
void     _editor_playtest_set_window_playing (EditorPlaytest *self,
                                              gboolean        playing);

G_END_DECLS
