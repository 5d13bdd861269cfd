/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-playtest-leave.h: "Save the game before leaving?" when a player
 * leaves a playtest in which moves were made (issue 17, item 5). Without it
 * the game was dropped, and the next start dealt a new seed. */
#pragma once

#include <adwaita.h>

#include "editor-playtest.h"
#include "editor-playtest-bar.h"

G_BEGIN_DECLS

/* Whether leaving now would lose moves the player made. */
gboolean   editor_playtest_leave_needs_asking (EditorPlaytest    *playtest);

/* Presents the question over @parent and returns it (owned by GTK until
 * it closes). "save" writes the game beside the scenario under the name
 * @bar proposes, then stops; "discard" stops; "keep" plays on. */
GtkWidget *editor_playtest_leave_ask          (GtkWindow         *parent,
                                               EditorPlaytest    *playtest,
                                               EditorPlaytestBar *bar);

/* Where "save" writes the game: beside the scenario, or in the documents
 * folder when the map was never saved. */
GFile     *editor_playtest_leave_save_file    (EditorPlaytestBar *bar);

G_END_DECLS
