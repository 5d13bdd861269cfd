/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-victory-dialog.h: the victory screen at the end of a playtest:
 * victory points per side, the net score and the level it gives. */
#pragma once

#include <gtk/gtk.h>

#include "sand-game.h"

G_BEGIN_DECLS

/* The text the screen shows (for tests). */
char      *editor_victory_dialog_describe (SandGame  *game);
GtkWidget *editor_victory_dialog_present  (GtkWindow *parent,
                                           SandGame  *game);

G_END_DECLS
