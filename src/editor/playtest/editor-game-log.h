/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-game-log.h: the playtest's log — every action in the console's
 * words, with the dice of the attacks played — and saving it as text. */
#pragma once

#include <gtk/gtk.h>

#include "editor-playtest.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_GAME_LOG (editor_game_log_get_type ())
G_DECLARE_FINAL_TYPE (EditorGameLog, editor_game_log, EDITOR, GAME_LOG, GtkWidget)

GtkWidget *editor_game_log_new      (EditorPlaytest *playtest);
guint      editor_game_log_n_rows   (EditorGameLog  *self);

G_END_DECLS
