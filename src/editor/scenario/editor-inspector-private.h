/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-inspector-private.h: what the inspector's files share — the
 * inspector in editor-inspector.c (the hex's terrain, country, place,
 * features), its marker rows in editor-inspector-markers.c. */
#pragma once

#include <adwaita.h>

#include "editor-inspector.h"

G_BEGIN_DECLS

struct _EditorInspector
{
  GtkWidget parent_instance;

  EditorDocument *document;
  SandMap *map;
  gulong map_changed_id;
  guint refresh_id;

  int hex;
  int side_hex;
  int side_dir;
  gboolean updating;

  /* The palette whose select tool pins the hex shown; while pinned, the
   * hover calls of set_hex are ignored so the designer can reach the
   * inspector and edit. */
  EditorToolPalette *palette; /* weak */
  gboolean pinned;

  /* What the marker rows show: copies, and their indices in the map. */
  GPtrArray *shown_markers; /* SandMarker* */
  GArray *shown_indices;    /* guint */
  GPtrArray *marker_rows;   /* GtkWidget*, in markers_group */
  GtkWidget *no_markers_row;
  GPtrArray *feature_checks; /* GtkCheckButton*, by side feature index */
  GPtrArray *feature_rows;

  GtkStringList *terrain_model;
  GtkStringList *country_model;

  /* Template children */
  AdwComboRow *country_row;
  AdwPreferencesGroup *markers_group;
  AdwEntryRow *place_row;
  AdwPreferencesGroup *side_group;
  GtkStack *stack;
  AdwComboRow *terrain_row;
  GtkDrawingArea *terrain_swatch;
  GtkLabel *title_label;
};

void _editor_inspector_clear_marker_rows (EditorInspector *self);
char *_editor_inspector_marker_summary (EditorInspector *self,
                                        const SandMarker *m);
const char *_editor_inspector_marker_title (const SandMarker *m);
void _editor_inspector_refresh_markers (EditorInspector *self);
SandRuleset *_editor_inspector_ruleset_of (EditorInspector *self);

G_END_DECLS
