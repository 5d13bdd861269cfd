/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-hex-cursor.h: the keyboard's hex cursor on a map canvas.
 *
 * While the canvas has the keyboard focus, keys move a cursor from hex to
 * hex and apply the active tool (or the playtest's click) there, and the
 * canvas's accessible description says what lies under the cursor.
 *
 * Keys (on both orientations; the view follows the cursor):
 *   Up, Down, Left, Right   the neighbour on that side; where two
 *                           neighbours are equally near (Left/Right on a
 *                           flat-topped map, Up/Down on a pointy one), the
 *                           one in the same row (column), which keeps a
 *                           walk along a row on its row
 *   Shift + that arrow      the other of those two neighbours
 *   Home, Page Up,          the up-left, up-right, down-left and down-right
 *   End, Page Down          neighbours (the numeric keypad's 7 9 1 3; its
 *                           8 2 4 6 are the arrows)
 *   Ctrl + any of these     drag the tool along: the first press begins a
 *                           stroke, each step extends it, releasing Ctrl
 *                           ends it (brush trails, roads, rails)
 *   Enter, or Space when    apply the tool at the cursor (a primary click);
 *   the pointer is not      with the pointer over the map Space keeps
 *   over the map            panning while held, as before
 *   Shift+Enter             a secondary click (playtest: pick a unit, or
 *                           choose who takes losses first in an attack)
 * The hexside tool, applied with Enter, takes the side the cursor last
 * crossed. A click with the pointer moves the cursor to the clicked hex.
 */
#pragma once

#include "editor-map-canvas.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_HEX_CURSOR (editor_hex_cursor_get_type ())
G_DECLARE_FINAL_TYPE (EditorHexCursor, editor_hex_cursor, EDITOR, HEX_CURSOR, GObject)

/* The canvas keeps its cursor under this key (g_object_get_data) and
 * draws it through editor_hex_cursor_snapshot (). */
#define EDITOR_HEX_CURSOR_KEY "editor-hex-cursor"

/* Gives the canvas a cursor (once; later calls return the same one). */
EditorHexCursor *editor_hex_cursor_install         (EditorMapCanvas  *canvas);
EditorHexCursor *editor_hex_cursor_get_for_canvas  (EditorMapCanvas  *canvas);

/* -1 before a map is shown. */
int              editor_hex_cursor_get_hex         (EditorHexCursor  *self);
/* Moves the cursor (clamped to the map), scrolls it into view and updates
 * the canvas's description. */
void             editor_hex_cursor_set_hex         (EditorHexCursor  *self,
                                                    int               hex);
/* What the keys do, for tests: a key press on the canvas. */
gboolean         editor_hex_cursor_key             (EditorHexCursor  *self,
                                                    guint             keyval,
                                                    GdkModifierType   state);
/* The sentence the canvas's accessible description holds now. */
const char      *editor_hex_cursor_get_description (EditorHexCursor  *self);
/* Says @text (the result of an action) before the hex's description. */
void             editor_hex_cursor_announce        (EditorHexCursor  *self,
                                                    const char       *text);
/* Whether it is drawn now (the canvas has the keyboard focus and the
 * keyboard is in use). */
gboolean         editor_hex_cursor_get_visible     (EditorHexCursor  *self);
/* Called by the canvas at the end of its snapshot. */
void             editor_hex_cursor_snapshot        (EditorHexCursor  *self,
                                                    GtkSnapshot      *snapshot);

G_END_DECLS
