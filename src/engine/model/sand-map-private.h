/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-map-private.h: what the parts of SandMap share (sand-map.c and
 * sand-map-markers.c): the object's struct, change notification for a hex
 * or two, and the zone records. Nothing outside src/engine/model
 * includes it. */
#pragma once

#include "sand-map.h"

G_BEGIN_DECLS

struct _SandMap
{
  GObject parent_instance;

  SandRuleset *ruleset;
  SandGrid grid;
  double hex_size;
  /* What the file names as default terrain and country (the hexes that
   * need no line of their own), kept so that saving a copy writes the same
   * lines; unset until loaded or first saved. */
  int default_terrain;
  int default_country;

  guint8 *terrain;  /* per hex */
  gint8 *countries; /* per hex, -1 none */
  guint32 *sides;   /* per side slot */
  char **places;    /* per hex, NULL when unnamed */

  GPtrArray *markers; /* SandMarker* */
  GPtrArray *zones;   /* SandZoneDef* */

  guint freeze_count;
  gboolean pending;
  int pending_col0, pending_row0, pending_col1, pending_row1;
  /* The rectangles a frozen batch is made of (4 ints each), so that a
   * canvas repaints a diagonal stroke hex by hex, not its bounding box;
   * NULL when there were too many to be worth listing. */
  GArray *pending_parts;
  gboolean parts_overflow;
  /* During the "changed" a thaw emits: the batch's parts. */
  GArray *emitting_parts;
};

/* sand-map.c */
void
sand_map_emit_all (SandMap *self);

void
sand_map_emit_hex (SandMap *self,
                   int      hex);

void
sand_map_emit_pair (SandMap *self,
                    int      a,
                    int      b);

/* sand-map-markers.c */
SandZoneDef *
sand_map_zone_def_new (const char *id,
                       const char *name,
                       int         side,
                       const char *color);

void
sand_map_zone_def_free (gpointer data);

G_END_DECLS
