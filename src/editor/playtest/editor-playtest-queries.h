/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-playtest-queries.h: the questions of docs/console.md a player may
 * type on the playtest's command line (supply, zoc, vp, reach, undo, log),
 * answered the way the window shows them: an overlay, the unit's reach,
 * the score in words. Actions go on to editor_playtest_perform (). */
#pragma once

#include "editor-playtest.h"

G_BEGIN_DECLS

/* TRUE when @line is such a question: then either *@answer holds what to
 * tell the player (newly allocated), or @error why it was refused. FALSE
 * (and nothing set) for every other line. */
gboolean editor_playtest_query (EditorPlaytest  *playtest,
                                const char      *line,
                                char           **answer,
                                GError         **error);

G_END_DECLS
