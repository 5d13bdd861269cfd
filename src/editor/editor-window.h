/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-window.h: a main window. It shows one document: the tool palette,
 * the map canvas and the inspector side by side, and a status bar with what
 * lies under the pointer. It forwards the canvas's gestures to the active
 * tool, and owns the file actions (win.open, win.save, …).
 */
#pragma once

#include <adwaita.h>

#include "editor-document.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_WINDOW (editor_window_get_type ())
G_DECLARE_FINAL_TYPE (EditorWindow, editor_window, EDITOR, WINDOW, AdwApplicationWindow)

EditorWindow   *editor_window_new              (GtkApplication *application);
/* Property "document" (nullable: an empty window offers New and Open). */
EditorDocument *editor_window_get_document     (EditorWindow   *self);
void            editor_window_set_document     (EditorWindow   *self,
                                                EditorDocument *document);
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
