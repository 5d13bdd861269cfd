/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-test-tools.h: the fixture of the map tools' test programs
 * (test-editor-tool-*, test-editor-inspector): a window with the palette,
 * the canvas and the inspector on a blank 12x10 FPW map, wired as the main
 * window wires them, and a pointer driving the canvas's own drag gesture.
 * Each test checks the model, then that the stroke is one undo step. */
#pragma once

#include "editor-inspector.h"
#include "editor-map-canvas.h"
#include "editor-tool-palette.h"
#include "ui-test-lib.h"

G_BEGIN_DECLS

#define COLS 12
#define ROWS 10

typedef struct {
  GtkWidget *window;
  EditorMapCanvas *canvas;
  EditorToolPalette *palette;
  EditorInspector *inspector;
  EditorDocument *document;
  SandScenario *scenario;
  SandMap *map;
  const SandGrid *grid;
  SandRuleset *ruleset;
} Fixture;

/* g_test_add() setup and teardown. */
void        fixture_setup       (Fixture         *f,
                                 gconstpointer    data);
void        fixture_teardown    (Fixture         *f,
                                 gconstpointer    data);
EditorTool *active_tool         (Fixture         *f);
/* Map points to widget points, as the canvas draws them. */
SandPoint   to_widget           (Fixture         *f,
                                 SandPoint        map_point);
SandPoint   hex_center          (Fixture         *f,
                                 int              hex);
SandPoint   side_middle         (Fixture         *f,
                                 int              hex,
                                 int              dir);
/* A primary-button drag through map points (one point is a click). */
void        drag_through        (Fixture         *f,
                                 const SandPoint *points,
                                 guint            n);
void        fixture_click_hex   (Fixture         *f,
                                 int              hex);
void        secondary_click_hex (Fixture         *f,
                                 int              hex);
/* Through the palette's action, as the single-key shortcuts do. */
void        select_tool         (Fixture         *f,
                                 const char      *id);
int         count_terrain       (Fixture         *f,
                                 int              terrain);
/* Distinct hexsides carrying @feature. */
guint       count_sides         (Fixture         *f,
                                 int              feature);

G_END_DECLS
