/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-reference.h: the reference image in a window — its layer on the
 * canvas (drawn into the map tiles over the terrain, under the grid), the
 * "Reference Image" panel (win.reference-image) and its undoable edits. */
#pragma once

#include "editor-map-canvas.h"
#include "editor-reference-layer.h"
#include "editor-window.h"
#include "sand-reference.h"

G_BEGIN_DECLS

/* Object-data key on the scenario: the reference image's resolved path,
 * kept by the layer for exports. */
#define EDITOR_REFERENCE_RESOLVED_KEY "editor-reference-resolved"

/* Exports the map with the reference image (editor-reference-export.c),
 * to PNG, SVG or PDF by extension; the caller checks ref->in_exports. */
gboolean editor_reference_export        (SandScenario         *scenario,
                                         const char           *path,
                                         double                scale,
                                         SandLayers            layers,
                                         GError              **error);

/* Object-data key under which the canvas finds its layer. */
#define EDITOR_REFERENCE_LAYER_KEY "editor-reference-layer"

/* Gives @window's @canvas a reference layer and adds win.reference-image. */
void     editor_reference_install       (EditorWindow         *window,
                                         EditorMapCanvas      *canvas);
void     editor_reference_set_document  (EditorWindow         *window,
                                         EditorDocument       *document);
EditorReferenceLayer *editor_reference_get_layer (EditorWindow *window);

/* Sets the document's reference image (NULL removes it) as one undo step. */
void     editor_reference_apply         (EditorDocument       *document,
                                         const SandReference  *ref,
                                         const char           *label);
/* The path to store for @file: relative to the document's folder when it
 * has one and the image is inside it or below, else absolute. */
char    *editor_reference_path_for      (EditorDocument       *document,
                                         GFile                *file);
/* Fits the image so that pixel @p1 lies on hex @hex1's centre and @p2 on
 * @hex2's, as one undo step. FALSE when the points coincide. */
gboolean editor_reference_fit           (EditorDocument       *document,
                                         SandPoint             p1,
                                         int                   hex1,
                                         SandPoint             p2,
                                         int                   hex2);

/* The panel (editor-reference-window.c). */
GtkWindow *editor_reference_window_new  (EditorWindow         *window,
                                         EditorDocument       *document,
                                         EditorReferenceLayer *layer);

G_END_DECLS
