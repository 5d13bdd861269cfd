/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-window.h: a main window. It shows one document: the side panel
 * (tool palette, counters, orders of battle, scenario, problems — or the
 * game panel while playing), the map canvas and the inspector side by
 * side, and a status bar with what lies under the pointer. It forwards the
 * canvas's gestures to the active tool, and owns the file actions
 * (win.open, win.save, …). Its mode says whether the designer edits or
 * plays: the layout and the actions enabled follow it.
 */
#pragma once

#include <adwaita.h>

#include "editor-document.h"

G_BEGIN_DECLS

/* What the window is for now. Editing: the tools act on the document.
 * Playing: a playtest owns the canvas, the side panel shows the game, the
 * turn bar is above the map and the document's undo waits. */
typedef enum {
  EDITOR_WINDOW_MODE_EDITING,
  EDITOR_WINDOW_MODE_PLAYING,
} EditorWindowMode;

#define EDITOR_TYPE_WINDOW_MODE (editor_window_mode_get_type ())
GType editor_window_mode_get_type (void) G_GNUC_CONST;

#define EDITOR_TYPE_WINDOW (editor_window_get_type ())
G_DECLARE_FINAL_TYPE (EditorWindow, editor_window, EDITOR, WINDOW, AdwApplicationWindow)

EditorWindow   *editor_window_new              (GtkApplication *application);
/* Property "document" (nullable: an empty window offers New and Open). */
EditorDocument *editor_window_get_document     (EditorWindow   *self);
void            editor_window_set_document     (EditorWindow   *self,
                                                EditorDocument *document);
/* Property "mode": it follows the window's playtest, playing while that is
 * active (editor_playtest_get_for_window). */
EditorWindowMode editor_window_get_mode        (EditorWindow   *self);
void            editor_window_set_mode         (EditorWindow   *self,
                                                EditorWindowMode mode);
/* Hot-seat play: while the screen is passed between players a cover
 * stands for the map and the game panel, and the turn bar waits. */
void            editor_window_set_covered      (EditorWindow   *self,
                                                gboolean        covered);
/* Whether this window may take another document without asking (it is
 * empty, or its document is unchanged and was never saved). */
gboolean        editor_window_is_reusable      (EditorWindow   *self);
/* Opens @file here; on failure the current document stays and the error
 * is shown in the window. Returns whether the file was opened. */
gboolean        editor_window_open_file        (EditorWindow   *self,
                                                GFile          *file);
void            editor_window_add_toast        (EditorWindow   *self,
                                                const char     *title);
/* An error shown inline above the map until dismissed. */
void            editor_window_show_error       (EditorWindow   *self,
                                                const char     *title,
                                                const char     *message);

G_END_DECLS
