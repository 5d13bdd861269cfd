/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool-marker.h: places place names, fortifications, entry flags,
 * supply sources, set-up zone hexes, victory hexes, edge victory values
 * and off-map links. */
#pragma once

#include "editor-tool.h"

G_BEGIN_DECLS

typedef enum {
  EDITOR_MARKER_PLACE,       /* a town name */
  EDITOR_MARKER_FORT,        /* side, strength, name, capacity */
  EDITOR_MARKER_ENTRY,       /* side, group */
  EDITOR_MARKER_SUPPLY,      /* side, name, capacity */
  EDITOR_MARKER_ZONE,        /* zone: drag to paint hexes into it */
  EDITOR_MARKER_VICTORY,     /* side (owner at start, or none), value */
  EDITOR_MARKER_EDGE_VALUE,  /* edge, value: the row/column under the pointer */
  EDITOR_MARKER_OFFMAP_LINK, /* press on one edge hex, release on the other;
                              * value = distance off the map, group = connection */
  EDITOR_N_MARKERS
} EditorMarkerKind;

#define EDITOR_TYPE_TOOL_MARKER (editor_tool_marker_get_type ())
G_DECLARE_FINAL_TYPE (EditorToolMarker, editor_tool_marker, EDITOR, TOOL_MARKER, EditorTool)

/* Properties: "kind" (EditorMarkerKind), "side" (-1 none), "strength",
 * "marker-name", "capacity" (-1 unlimited), "group", "value", "zone" (zone id),
 * "edge" ("north", "south", "east", "west"). The secondary button removes
 * the marker of the chosen kind from the hex. */
EditorTool *editor_tool_marker_new (void);

G_END_DECLS
