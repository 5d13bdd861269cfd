/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-game-log.h: the playtest's log — every action as a sentence, with
 * the dice of the attacks played, its console words a copy away — its
 * command line, and saving it as text. */
#pragma once

#include <gtk/gtk.h>

#include "editor-playtest.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_GAME_LOG (editor_game_log_get_type ())
G_DECLARE_FINAL_TYPE (EditorGameLog, editor_game_log, EDITOR, GAME_LOG, GtkWidget)

GtkWidget *editor_game_log_new      (EditorPlaytest *playtest);
guint      editor_game_log_n_rows   (EditorGameLog  *self);
/* Row @i as it reads (a sentence), and the console command(s) it holds,
 * as the screen's viewer may read them; NULL for a hidden row. */
const char *editor_game_log_row_text    (EditorGameLog *self,
                                         guint          i);
char       *editor_game_log_row_command (EditorGameLog *self,
                                         guint          i);
/* Copies row @i's command (not its sentence) to the clipboard, as Ctrl+C
 * and the row's "Copy Command" do; FALSE for a hidden row. */
gboolean    editor_game_log_copy_row    (EditorGameLog *self,
                                         guint          i);
/* The answer to the last question typed, or the reason the last command
 * was refused, shown under the command line; NULL when none. */
const char *editor_game_log_get_answer  (EditorGameLog *self);

G_END_DECLS
