/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-map-canvas.h: the map canvas. Draws the scenario through
 * src/render into cached tiles (only visible tiles, invalidated by region
 * when the map changes), zooms at the pointer, pans, and turns primary
 * button gestures into edit-* signals for the active tool. It knows nothing
 * of tools, undo or rules. */
#pragma once

#include <gtk/gtk.h>

#include "sand-renderer.h"
#include "editor-hex-viewport.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_MAP_CANVAS (editor_map_canvas_get_type ())
G_DECLARE_FINAL_TYPE (EditorMapCanvas, editor_map_canvas, EDITOR, MAP_CANVAS, GtkWidget)

GtkWidget         *editor_map_canvas_new            (void);
/* NULL clears the canvas. The canvas follows the map's "changed" signal. */
void               editor_map_canvas_set_scenario   (EditorMapCanvas   *self,
                                                     SandScenario      *scenario);
SandScenario      *editor_map_canvas_get_scenario   (EditorMapCanvas   *self);
EditorHexViewport *editor_map_canvas_get_viewport   (EditorMapCanvas   *self);
SandRenderer      *editor_map_canvas_get_renderer   (EditorMapCanvas   *self);

/* Layers also exist as boolean properties "show-grid", "show-ids",
 * "show-names", "show-counters" (bindable to GSettings). */
void               editor_map_canvas_set_layers     (EditorMapCanvas   *self,
                                                     SandLayers         layers);
SandLayers         editor_map_canvas_get_layers     (EditorMapCanvas   *self);

void               editor_map_canvas_zoom_in        (EditorMapCanvas   *self);
void               editor_map_canvas_zoom_out       (EditorMapCanvas   *self);
void               editor_map_canvas_zoom_fit       (EditorMapCanvas   *self);
void               editor_map_canvas_zoom_reset     (EditorMapCanvas   *self);
/* Centre the view on a hex (e.g. when a problem is clicked). */
void               editor_map_canvas_show_hex       (EditorMapCanvas   *self,
                                                     int                hex);

/* Widget coordinates → map units / hex / nearest hexside. */
void               editor_map_canvas_widget_to_map  (EditorMapCanvas   *self,
                                                     double             wx,
                                                     double             wy,
                                                     double            *mx,
                                                     double            *my);
void               editor_map_canvas_map_to_widget  (EditorMapCanvas   *self,
                                                     double             mx,
                                                     double             my,
                                                     double            *wx,
                                                     double            *wy);
int                editor_map_canvas_hex_at         (EditorMapCanvas   *self,
                                                     double             wx,
                                                     double             wy);
gboolean           editor_map_canvas_side_at        (EditorMapCanvas   *self,
                                                     double             wx,
                                                     double             wy,
                                                     int               *hex,
                                                     int               *dir);

/* Draws again, in the next frame, the live cells (counters, overlays)
 * around these hexes and the labels their counters push aside: for a
 * change in play the map's "changed" does not tell — call it after
 * sand_renderer_set_counters () with the hexes a unit left and entered,
 * or whose units changed. The other cells are kept, and GSK repaints
 * only the changed ones on screen. Tiles draw the map alone, which tells
 * its own changes hex by hex. A counter list set without telling the
 * canvas redraws every cell. Invalid hexes are skipped. */
void               editor_map_canvas_queue_draw_hexes (EditorMapCanvas *self,
                                                     const int         *hexes,
                                                     guint              n_hexes);

/* Drawn every frame above the cached tiles; the canvas copies the arrays.
 * NULL clears it. */
void               editor_map_canvas_set_overlay    (EditorMapCanvas   *self,
                                                     const SandOverlay *overlay);
/* The overlay drawn now (the canvas's copy), or NULL: for tests. */
const SandOverlay *editor_map_canvas_get_overlay    (EditorMapCanvas   *self);
/* Outline of the hexes the active tool would touch (brush preview). */
void               editor_map_canvas_set_preview    (EditorMapCanvas   *self,
                                                     const int         *hexes,
                                                     guint              n_hexes,
                                                     int                side_hex,
                                                     int                side_dir);

/* The cursor over the map when not panning (the active tool's); the canvas
 * shows "grab"/"grabbing" over it while Space is held or a pan drags.
 * gtk_widget_set_cursor_from_name () on the canvas also works. */
void               editor_map_canvas_set_tool_cursor (EditorMapCanvas  *self,
                                                     const char        *name);

/* The input owner (editor-canvas-input.h): the one object the hover and
 * edit-* signals go to, after their handlers; NULL: nobody. Not owned. */
typedef struct _EditorCanvasInput EditorCanvasInput;
void               editor_map_canvas_set_input      (EditorMapCanvas   *self,
                                                     EditorCanvasInput *input);
EditorCanvasInput *editor_map_canvas_get_input      (EditorMapCanvas   *self);

/* Signals (each ends at the input owner):
 *   "hover"       (int hex, int side_hex, int side_dir): the pointer moved
 *                 to another hex or side; -1 when it left the map.
 *   "edit-begin"  (int hex, double map_x, double map_y, guint button,
 *                 GdkModifierType state): a primary or secondary press that
 *                 is not a pan (Space not held).
 *   "edit-update" (int hex, double map_x, double map_y): drag motion.
 *   "edit-end"    (int hex, double map_x, double map_y)
 * Pan: middle-drag, Space+drag, touchpad scroll, arrow keys.
 * Zoom: Ctrl+scroll, pinch, +/-/0 keys, anchored at the pointer.
 *
 * Widget actions (for menus and buttons): "canvas.zoom-in",
 * "canvas.zoom-out", "canvas.zoom-reset" (100%), "canvas.zoom-fit",
 * "canvas.pan" (ii) in eighths of the view. Keys while the canvas has
 * focus: plus, equal, KP_Add; minus, KP_Subtract; 0, KP_0; Home (fit);
 * arrows (in the editor window the hex cursor, editor-hex-cursor.h, takes
 * Home and the arrows first). Space over the map pans wherever the focus
 * is, unless it is in a text field. The view itself is editor_map_canvas_get_viewport (): bind
 * to its "zoom" (log2 of the scale) for a zoom label; it emits "changed"
 * once per change. */

G_END_DECLS
