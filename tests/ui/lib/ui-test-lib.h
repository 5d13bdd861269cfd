/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-test-lib.h: what every UI test program shares, built once as a
 * static library (tests/ui/lib/meson.build) instead of headers and
 * fixtures copied into each program: the editor application under test,
 * windows on a document, the shipped scenarios (open_shipped: the window
 * and its playtest that most tests begin with; start_playtest,
 * close_playtest), a click on a hex as a
 * player makes it, waiting for a layout, finding widgets, and screenshots
 * when SAND_FIRST_DESIGNER_DUMP names a folder. */
#pragma once

#include <adwaita.h>

#include "editor-application.h"
#include "editor-playtest-bar.h"
#include "editor-window-private.h"

G_BEGIN_DECLS

/* The application the test windows belong to, made by ui_test_init(). */
extern EditorApplication *app;

/* Call in place of g_test_init(): a fresh home for drafts, recent files
 * and settings, GTK, and the editor as a standalone instance. FALSE when
 * there is no display, after reporting the whole program as skipped. */
gboolean            ui_test_init           (int             *argc,
                                            char          ***argv,
                                            const char      *home_template);
/* Runs what is pending in the main context, without blocking. */
void                flush_events           (void);

/* A presented window at @width × @height showing @doc (new_window: at
 * 1280×720), laid out. */
EditorWindow       *new_window_sized       (EditorDocument  *doc,
                                            int              width,
                                            int              height);
EditorWindow       *new_window             (EditorDocument  *doc);
void                destroy_window         (EditorWindow    *window);
/* @name from the shipped scenarios (data/scenarios). */
EditorDocument     *load_shipped           (const char      *name);
/* The set-up most tests begin with, once for all: the shipped scenario
 * @name in a presented window of @width × @height (0 × 0: 1280×720), laid
 * out, and its playtest in @playtest (NULL: not wanted), not started. The
 * window holds the document (editor_window_get_document). */
EditorWindow       *open_shipped           (const char      *name,
                                            int              width,
                                            int              height,
                                            EditorPlaytest **playtest);
/* Starts @playtest without its set-up dialog: the scenario's orders of
 * battle and options as they stand, the dice seeded with @seed; it must
 * succeed. The game started. */
SandGame           *start_playtest         (EditorPlaytest  *playtest,
                                            guint64          seed);
/* Says Set-Up Done for each side setting up, as a player would (taking
 * the screen when a hot-seat game passes it), so the game stands at its
 * first phase. */
void                finish_setup           (EditorPlaytest  *playtest);
/* The index of the hex @id ("0505") on @game's map; asserts it is one. */
int                 game_hex               (SandGame        *game,
                                            const char      *id);
/* Starts the playtest (seed 1), sets the clock to @side's Combat Phase
 * of turn 1 and turns attack mode on. The game. */
SandGame           *start_combat           (EditorPlaytest  *playtest,
                                            const char      *side);
/* Stops @window's playtest and destroys the window. */
void                close_playtest         (EditorWindow    *window);
/* A blank map of @cols × @rows hexes (flat, even columns down) under the
 * ruleset @ruleset_id, in a scenario of its own. */
SandScenario       *blank_scenario         (const char      *ruleset_id,
                                            int              cols,
                                            int              rows);
/* A document made by console commands (docs/console.md), each of which
 * must succeed. */
EditorDocument     *document_from_console  (const char * const *lines,
                                            guint            n_lines);
/* A click on the centre of @hex, found on the canvas as a player finds
 * it: the widget point of the hex centre, then the canvas's hit test. */
void                click_hex              (EditorWindow    *window,
                                            int              hex);
/* The playtest's turn bar, while a playtest runs. */
EditorPlaytestBar  *turn_bar               (EditorWindow    *window);

/* Until the window has laid itself out again: three frames. */
void                wait_for_layout        (EditorWindow    *window);
/* The first widget of @type under @root (itself included), or NULL. */
GtkWidget          *find_widget            (GtkWidget       *root,
                                            GType            type);
/* Every widget of @type under @root, appended to @found. */
void                find_all               (GtkWidget       *root,
                                            GType            type,
                                            GPtrArray       *found);
/* Whether all of @widget is on screen: inside the window and inside the
 * visible part of every scrolled window around it. */
gboolean            fully_in_view          (GtkWidget       *widget);
/* A widget's own event controller of @type, so a test drives it through
 * the gesture a pointer would. */
GtkEventController *find_controller        (GtkWidget       *widget,
                                            GType            type);
/* The message dialog on screen, or NULL. */
AdwMessageDialog   *find_message_dialog    (void);

/* @window as a PNG at @path. */
void                save_window            (GtkWindow       *window,
                                            const char      *path);
/* @window as DIR/NAME-WxH-light|dark.png when SAND_FIRST_DESIGNER_DUMP
 * names the folder DIR; nothing otherwise. */
void                dump                   (EditorWindow    *window,
                                            const char      *name);

G_END_DECLS
