/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-game-sentence.h: a log line read as a sentence ("III Korps moves
 * to 1107 → 1007"), built from the typed action the line holds and the
 * counters as the viewing side may name them. The log itself keeps the
 * console's words: saved games, replay and copying use those. */
#pragma once

#include "sand-action.h"

G_BEGIN_DECLS

/* @line (a log line of @game, as the engine holds it) as @viewer (-1: the
 * umpire, or a line the viewer reads whole) reads it, a move from @from
 * (SAND_HEX_NONE: not known; the log holds only the hexes entered), or
 * NULL when it has no sentence of its own (an action it does not know, or
 * one whose secrets the module words itself): the caller shows the command
 * then. Free with g_free. */
char *editor_game_sentence (SandGame   *game,
                            const char *line,
                            int         viewer,
                            int         from);
/* A counter as @viewer may read it in a sentence: its name, with its id
 * when another counter has the same name ("AK (de6-2)"), or its face-down
 * name ("Face-down unit ?3") when @viewer has not seen it — never the id
 * then. "?" for no unit (-1). Free with g_free. */
char *editor_game_unit_label (SandGame *game,
                              int       unit,
                              int       viewer);
/* Whether @line is a `ready` (a side's set-up is over). */
gboolean editor_game_line_is_ready (const char *line);
/* As editor_game_sentence, for a line that follows @n_ready `ready` lines
 * in its log: a `ready` then says whose set-up it ended ("French: set-up
 * done"). */
char *editor_game_sentence_after (SandGame   *game,
                                  const char *line,
                                  guint       n_ready,
                                  int         viewer,
                                  int         from);
/* How many of the log's first @i lines are `ready`. */
guint editor_game_n_ready (SandGame *game,
                           guint     i);

G_END_DECLS
