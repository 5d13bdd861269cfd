/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-hex-viewport.h: what part of the map a canvas shows. A plain
 * object apart from the widget (like ShumateViewport) so that zoom, pan and
 * the widget ↔ map conversions are testable without a display.
 *
 * The centre is in map units (see sand-renderer.h); the zoom is the log2 of
 * the scale (widget pixels per map unit), so one wheel step is a constant
 * ratio. Properties: "center-x", "center-y", "zoom", "min-zoom",
 * "max-zoom", "width", "height" (the widget's size in pixels), "map-width",
 * "map-height" (bounds the centre is kept inside; 0 = unbounded). Each
 * change notifies; "changed" is emitted once after any of them. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define EDITOR_TYPE_HEX_VIEWPORT (editor_hex_viewport_get_type ())
G_DECLARE_FINAL_TYPE (EditorHexViewport, editor_hex_viewport, EDITOR, HEX_VIEWPORT, GObject)

/* Zoom steps: a wheel notch and a key press, in log2 units. Zooms reached by
 * steps from 0 fall on multiples of EDITOR_ZOOM_QUANTUM, where the tile
 * cache renders pixel for pixel. */
#define EDITOR_ZOOM_WHEEL_STEP 0.25
#define EDITOR_ZOOM_KEY_STEP   0.5
#define EDITOR_ZOOM_QUANTUM    (1.0 / 16.0)

EditorHexViewport *editor_hex_viewport_new             (void);

double             editor_hex_viewport_get_center_x    (EditorHexViewport *self);
double             editor_hex_viewport_get_center_y    (EditorHexViewport *self);
void               editor_hex_viewport_set_center      (EditorHexViewport *self,
                                                        double             x,
                                                        double             y);
double             editor_hex_viewport_get_zoom        (EditorHexViewport *self);
/* Clamped to [min-zoom, max-zoom]; keeps the centre. */
void               editor_hex_viewport_set_zoom        (EditorHexViewport *self,
                                                        double             zoom);
double             editor_hex_viewport_get_min_zoom    (EditorHexViewport *self);
double             editor_hex_viewport_get_max_zoom    (EditorHexViewport *self);
void               editor_hex_viewport_set_zoom_range  (EditorHexViewport *self,
                                                        double             min_zoom,
                                                        double             max_zoom);
/* 2^zoom: widget pixels per map unit. */
double             editor_hex_viewport_get_scale       (EditorHexViewport *self);

int                editor_hex_viewport_get_width       (EditorHexViewport *self);
int                editor_hex_viewport_get_height      (EditorHexViewport *self);
void               editor_hex_viewport_set_size        (EditorHexViewport *self,
                                                        int                width,
                                                        int                height);
void               editor_hex_viewport_set_map_size    (EditorHexViewport *self,
                                                        double             width,
                                                        double             height);
double             editor_hex_viewport_get_map_width   (EditorHexViewport *self);
double             editor_hex_viewport_get_map_height  (EditorHexViewport *self);

void               editor_hex_viewport_widget_to_map   (EditorHexViewport *self,
                                                        double             wx,
                                                        double             wy,
                                                        double            *mx,
                                                        double            *my);
void               editor_hex_viewport_map_to_widget   (EditorHexViewport *self,
                                                        double             mx,
                                                        double             my,
                                                        double            *wx,
                                                        double            *wy);
/* The map-unit rectangle the widget shows. */
void               editor_hex_viewport_get_visible     (EditorHexViewport *self,
                                                        double            *x0,
                                                        double            *y0,
                                                        double            *x1,
                                                        double            *y1);

/* Sets the zoom and moves the centre so that the map point under the widget
 * point (wx, wy) stays under it. */
void               editor_hex_viewport_zoom_at         (EditorHexViewport *self,
                                                        double             zoom,
                                                        double             wx,
                                                        double             wy);
/* Moves the centre so that map point (mx, my) lies under widget point
 * (wx, wy): the anchor of a drag. */
void               editor_hex_viewport_anchor          (EditorHexViewport *self,
                                                        double             mx,
                                                        double             my,
                                                        double             wx,
                                                        double             wy);
/* Pans by a distance in widget pixels (the view moves with the content:
 * positive dx shows what lies further right). */
void               editor_hex_viewport_pan_by          (EditorHexViewport *self,
                                                        double             dx,
                                                        double             dy);
/* Centres the map and picks the largest quantised zoom at which all of it
 * fits, with @margin pixels around. Does nothing without a size. */
void               editor_hex_viewport_fit             (EditorHexViewport *self,
                                                        int                margin);

G_END_DECLS
