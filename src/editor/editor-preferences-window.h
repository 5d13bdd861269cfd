/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-preferences-window.h: map layers and drafts, bound to GSettings. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define EDITOR_TYPE_PREFERENCES_WINDOW (editor_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (EditorPreferencesWindow, editor_preferences_window, EDITOR,
                      PREFERENCES_WINDOW, AdwPreferencesWindow)

GtkWidget *editor_preferences_window_new (GtkWindow *parent);

G_END_DECLS
