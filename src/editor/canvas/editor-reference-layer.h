/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-reference-layer.h: the scan a designer traces over, drawn into
 * the canvas's map tiles between the terrain and the rest of the map.
 *
 * The image is read in a thread and kept as a pyramid of halvings, so a
 * tile at any zoom samples a level near its own resolution: a 10,000 px
 * scan costs a tile no more than a small one, and the tiles — cached by
 * the canvas like the rest of the map — pan as smoothly as the map. */
#pragma once

#include <cairo.h>
#include <glib-object.h>

#include "editor-document.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_REFERENCE_LAYER (editor_reference_layer_get_type ())
G_DECLARE_FINAL_TYPE (EditorReferenceLayer, editor_reference_layer, EDITOR, REFERENCE_LAYER,
                      GObject)

/* Signal "changed": what it draws changed (placement, opacity, image). */

EditorReferenceLayer *editor_reference_layer_new          (void);
/* Follows the document's scenario's reference image. */
void                  editor_reference_layer_set_document (EditorReferenceLayer *self,
                                                           EditorDocument       *document);
/* TRUE when there is an image loaded to draw. */
gboolean              editor_reference_layer_is_active    (EditorReferenceLayer *self);
/* Draws the image into a map tile: @cr in map units, @scale device
 * pixels per map unit, clipped to the map-unit rectangle. */
void                  editor_reference_layer_draw         (EditorReferenceLayer *self,
                                                           cairo_t              *cr,
                                                           double                scale,
                                                           double                x0,
                                                           double                y0,
                                                           double                x1,
                                                           double                y1);
/* The loaded image's size in pixels (0 when none). */
void                  editor_reference_layer_get_size     (EditorReferenceLayer *self,
                                                           int                  *width,
                                                           int                  *height);
/* Why the image could not be read, or NULL. */
const char           *editor_reference_layer_get_error    (EditorReferenceLayer *self);
/* The image's path, resolved against the document's folder. */
char                 *editor_reference_layer_resolve      (EditorDocument       *document,
                                                           const char           *path);
/* For tests: wait until a pending load has finished. */
void                  editor_reference_layer_wait         (EditorReferenceLayer *self);

G_END_DECLS
