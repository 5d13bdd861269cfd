/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool-marker-private.h: what the marker tool's files share — the
 * tool in editor-tool-marker.c (strokes, properties), its options in
 * editor-tool-marker-options.c. */
#pragma once

#include "editor-tool-marker.h"

G_BEGIN_DECLS

struct _EditorToolMarker
{
  EditorTool parent_instance;

  EditorMarkerKind kind;
  int side;
  int strength;
  char *name;
  int capacity;
  char *group;
  int value;
  char *zone;
  char *edge;

  /* Stroke state. */
  gboolean active;
  gboolean removing;
  int start_hex;
  int last_hex;
  GArray *line;
  int place_hex;    /* the hex the Name field will name on Enter, or -1 */

  SandMap *map;         /* the document's, watched for zone changes */
  gulong map_changed_id;

  GtkWidget *options;
  GtkWidget *grid;
  GtkWidget *kind_dropdown;
  GtkWidget *edge_dropdown;
  GtkWidget *side_dropdown;
  GtkStringList *side_model;
  GtkWidget *zone_dropdown;
  GtkStringList *zone_model;
  GtkWidget *hint;
  GtkWidget *name_entry;
  GtkWidget *new_zone_name;
  GtkWidget *new_zone_side;
  GtkWidget *new_zone_color;
  GtkWidget *new_zone_popover;
  gboolean updating;
};

/* Which fields each kind uses, in the order of the options grid. */
enum {
  FIELD_NAME = 1 << 0,
  FIELD_SIDE = 1 << 1,
  FIELD_STRENGTH = 1 << 2,
  FIELD_CAPACITY = 1 << 3,
  FIELD_GROUP = 1 << 4,
  FIELD_VALUE = 1 << 5,
  FIELD_ZONE = 1 << 6,
  FIELD_EDGE = 1 << 7,
};

/* A kind's name, fields and hint for the options. */
typedef struct {
  const char *label;
  guint fields;
  const char *hint;
} EditorMarkerKindInfo;

extern const EditorMarkerKindInfo _editor_tool_marker_kinds[EDITOR_N_MARKERS];
#define EDITOR_N_EDGES 4
extern const char *const _editor_tool_marker_edge_ids[EDITOR_N_EDGES];

const char *_editor_tool_marker_edge_label (guint i);
GtkWidget *_editor_tool_marker_get_options (EditorTool *tool);
void _editor_tool_marker_map_changed_cb (SandMap *map,
                                         int col0,
                                         int row0,
                                         int col1,
                                         int row1,
                                         EditorToolMarker *self);
void _editor_tool_marker_rebuild_sides (EditorToolMarker *self);
void _editor_tool_marker_rebuild_zones (EditorToolMarker *self);
void _editor_tool_marker_update_visible_fields (EditorToolMarker *self);

G_END_DECLS
