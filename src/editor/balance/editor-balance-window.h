/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-balance-window.h: the Balance window (issue 16). It plays a
 * balance run of the open scenario — a copy, so editing goes on — on
 * worker threads: the players of each side, the number of games, the
 * pairings of orders of battle picked one by one
 * (editor-balance-pairings.h); a progress bar with the games done, the
 * time left and Cancel; then the report as pictures
 * (editor-balance-chart.h), saved as PNG or PDF, and its data as JSON or
 * CSV; and each pairing's most lopsided games (editor-balance-games.h),
 * any of which opens in the playtest to be watched again. */
#pragma once

#include <adwaita.h>

#include "editor-balance-pairings.h"
#include "sand-balance.h"
#include "sand-scenario.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_BALANCE_WINDOW (editor_balance_window_get_type ())
G_DECLARE_FINAL_TYPE (EditorBalanceWindow, editor_balance_window, EDITOR, BALANCE_WINDOW,
                      AdwWindow)

/* @name: the scenario's file name or title, for the report. */
EditorBalanceWindow *editor_balance_window_new         (GtkWindow    *parent,
                                                        SandScenario *scenario,
                                                        const char   *name);
/* What the controls choose, for tests and scripts: @policies per side
 * ("random", "fast", "strong"; NULL keeps the control's choice);
 * @all_pairings: every fixed pairing of orders of battle, else the rules'
 * own choice only. */
void                 editor_balance_window_configure   (EditorBalanceWindow *self,
                                                        guint         games,
                                                        const char * const *policies,
                                                        gboolean      all_pairings);
/* Starts a run as the Run button does; FALSE when one is running. */
gboolean             editor_balance_window_start       (EditorBalanceWindow *self);
void                 editor_balance_window_cancel      (EditorBalanceWindow *self);
gboolean             editor_balance_window_is_running  (EditorBalanceWindow *self);
/* The last finished run's report, or NULL. */
const SandBalanceReport *editor_balance_window_get_report (EditorBalanceWindow *self);
/* The progress bar's text ("12 of 100 games, about 30 s left"). */
const char          *editor_balance_window_get_status  (EditorBalanceWindow *self);
/* Saves the pictures (.png, .pdf) or the data (.json, .csv), by the
 * name's extension. */
gboolean             editor_balance_window_save        (EditorBalanceWindow *self,
                                                        GFile        *file,
                                                        GError      **error);

/* The heatmap layer on the parent window's map (an EditorBalanceHeat:
 * nothing, combats, losses, occupancy), as the window's drop-down sets it. */
void                 editor_balance_window_show_heatmap (EditorBalanceWindow *self,
                                                        guint         kind);

/* Plays game @game (its index in the run) of the shown report's pairing
 * @pairing again on a worker thread, exactly as the run played it, and
 * opens it in the parent window's playtest rewound to its start. FALSE
 * when there is no such report or a game is already being played again. */
gboolean             editor_balance_window_watch       (EditorBalanceWindow *self,
                                                        guint         pairing,
                                                        guint         game);
gboolean             editor_balance_window_is_watching (EditorBalanceWindow *self);
/* The pairings picker, for tests and scripts. */
EditorBalancePairings *editor_balance_window_get_pairings (EditorBalanceWindow *self);

/* Adds win.balance to @window (an EditorWindow): opens this window on its
 * document's scenario. */
void                 editor_balance_window_install_action (GtkWindow *window);

G_END_DECLS
