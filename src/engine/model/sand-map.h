/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-map.h: the map model. Per-hex facts live in flat arrays indexed by
 * hex; per-hexside facts in a flat array indexed by side slot (see
 * sand_grid_side_slot()); markers in one ordered list.
 *
 * Every change emits "changed" with the rectangle of hexes (inclusive,
 * 0-based offset coordinates) whose drawing may differ, so a canvas can
 * invalidate only the tiles that cover it. Batches (a brush stroke, a
 * load) are wrapped in sand_map_freeze_changes()/thaw, which emit once;
 * sand_map_get_change_parts() then tells the rectangles the batch held.
 */
#pragma once

#include <glib-object.h>

#include "sand-hex.h"
#include "sand-ruleset.h"

G_BEGIN_DECLS

#define SAND_TYPE_MAP (sand_map_get_type ())
G_DECLARE_FINAL_TYPE (SandMap, sand_map, SAND, MAP, GObject)

#define SAND_MAP_ERROR (sand_map_error_quark ())
typedef enum {
  SAND_MAP_ERROR_NOT_ADJACENT, /* a connection path joins two hexes that do not touch */
  SAND_MAP_ERROR_OFF_MAP,      /* a hex of a path lies off the map */
} SandMapError;
GQuark sand_map_error_quark (void);

typedef enum {
  SAND_MARKER_FORT,        /* side, strength, name, capacity (-1 unlimited) */
  SAND_MARKER_ENTRY,       /* side, group: an entry flag */
  SAND_MARKER_SUPPLY,      /* side, name (e.g. "S"), capacity (-1 unlimited) */
  SAND_MARKER_VICTORY,     /* side (owner at start, or -1), value */
  SAND_MARKER_OFFMAP_LINK, /* hex, hex2, value = distance in hexes, group = connection id ("rail") */
  SAND_MARKER_ZONE,        /* group = zone id: one hex of a set-up zone */
  SAND_MARKER_EDGE_VALUE,  /* victory value for a whole row or column:
                            * group = edge ("north", "south", "east", "west"),
                            * hex = the edge hex of that row/column, value */
  SAND_MARKER_CUSTOM,      /* name = ruleset-defined kind */
  SAND_N_MARKER_KINDS
} SandMarkerKind;

typedef struct {
  SandMarkerKind kind;
  int hex;
  int hex2;     /* OFFMAP_LINK: the other end; else SAND_HEX_NONE */
  int side;     /* side index, or -1 */
  int strength; /* FORT */
  int capacity; /* FORT, SUPPLY: units it may supply; -1 unlimited */
  int value;    /* VICTORY, EDGE_VALUE, OFFMAP_LINK distance */
  char *name;   /* FORT name, SUPPLY label, CUSTOM kind */
  char *group;  /* ENTRY group, ZONE id, OFFMAP_LINK connection, EDGE_VALUE edge */
} SandMarker;

typedef struct {
  char *id;
  char *name;
  int side;     /* the side that sets up there, or -1 */
  char *color;  /* "#rrggbb" for drawing, or NULL */
} SandZoneDef;

const char     *sand_marker_kind_to_string   (SandMarkerKind  kind);
/* Returns -1 when unknown. */
int             sand_marker_kind_from_string (const char     *text);
SandMarker     *sand_marker_new              (SandMarkerKind  kind,
                                              int             hex);
SandMarker     *sand_marker_copy             (const SandMarker *marker);
void            sand_marker_free             (SandMarker     *marker);
gboolean        sand_marker_equal            (const SandMarker *a,
                                              const SandMarker *b);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SandMarker, sand_marker_free)

SandMap        *sand_map_new                 (SandRuleset    *ruleset,
                                              int             cols,
                                              int             rows,
                                              SandOrientation orientation,
                                              SandStagger     stagger);
/* A deep copy (for undo snapshots and playtest). */
SandMap        *sand_map_copy                (SandMap        *self);
/* The same, read under @ruleset, which must share the map's ruleset's defs
 * (sand_ruleset_shares_defs: one derived from the other, its tables or
 * params replaced). */
SandMap        *sand_map_copy_with_ruleset   (SandMap        *self,
                                              SandRuleset    *ruleset);

SandRuleset    *sand_map_get_ruleset         (SandMap        *self);
const SandGrid *sand_map_get_grid            (SandMap        *self);
/* Circumradius of a hex when drawn at scale 1, in points. */
double          sand_map_get_hex_size        (SandMap        *self);
void            sand_map_set_hex_size        (SandMap        *self,
                                              double          size);

/* Terrain and country, as ruleset indices. */
guint8          sand_map_get_terrain         (SandMap        *self,
                                              int             hex);
void            sand_map_set_terrain         (SandMap        *self,
                                              int             hex,
                                              guint8          terrain);
/* -1 when the hex belongs to no country. */
int             sand_map_get_country         (SandMap        *self,
                                              int             hex);
void            sand_map_set_country         (SandMap        *self,
                                              int             hex,
                                              int             country);
/* Direct read access to the flat arrays, for hot loops and renderers. */
const guint8   *sand_map_peek_terrain        (SandMap        *self);
const gint8    *sand_map_peek_countries      (SandMap        *self);
const guint32  *sand_map_peek_sides          (SandMap        *self);

/* Hexsides: a bit mask of ruleset side features (bit i = feature i). */
guint32         sand_map_get_side            (SandMap        *self,
                                              int             hex,
                                              int             dir);
void            sand_map_set_side            (SandMap        *self,
                                              int             hex,
                                              int             dir,
                                              guint32         features);
static inline gboolean
sand_map_side_has (SandMap *self, int hex, int dir, int feature)
{
  return feature >= 0 && (sand_map_get_side (self, hex, dir) & (1u << feature)) != 0;
}
/* Adds (or removes) a connection (road, rail) through consecutive adjacent
 * hexes; FALSE and an error naming the pair when two are not adjacent. */
gboolean        sand_map_connect_path        (SandMap        *self,
                                              int             feature,
                                              const int      *hexes,
                                              guint           n_hexes,
                                              gboolean        connect,
                                              GError        **error);
/* Whether any side of the hex carries the feature (rail hex, road hex). */
gboolean        sand_map_hex_has_connection  (SandMap        *self,
                                              int             hex,
                                              int             feature);

/* Place names (towns), one per hex at most. */
const char     *sand_map_get_place           (SandMap        *self,
                                              int             hex);
void            sand_map_set_place           (SandMap        *self,
                                              int             hex,
                                              const char     *name);
/* First hex whose place name matches (case-insensitive, accents kept), or
 * SAND_HEX_NONE. */
int             sand_map_find_place          (SandMap        *self,
                                              const char     *name);

/* Markers, in file order. The map owns them. */
guint           sand_map_n_markers           (SandMap        *self);
const SandMarker *sand_map_get_marker        (SandMap        *self,
                                              guint           i);
/* Takes ownership; returns the index. */
guint           sand_map_add_marker          (SandMap        *self,
                                              SandMarker     *marker);
void            sand_map_insert_marker       (SandMap        *self,
                                              guint           i,
                                              SandMarker     *marker);
/* Returns the removed marker (caller owns it). */
SandMarker     *sand_map_take_marker         (SandMap        *self,
                                              guint           i);
void            sand_map_replace_marker      (SandMap        *self,
                                              guint           i,
                                              SandMarker     *marker);
/* First marker of a kind on a hex, or -1. */
int             sand_map_find_marker         (SandMap        *self,
                                              SandMarkerKind  kind,
                                              int             hex);

/* Set-up zone definitions (their hexes are ZONE markers). */
guint           sand_map_n_zones             (SandMap        *self);
const SandZoneDef *sand_map_get_zone         (SandMap        *self,
                                              guint           i);
int             sand_map_find_zone           (SandMap        *self,
                                              const char     *id);
/* The id must not be taken yet (check with sand_map_find_zone()). */
guint           sand_map_add_zone            (SandMap        *self,
                                              const char     *id,
                                              const char     *name,
                                              int             side,
                                              const char     *color);
/* Puts a zone at index @i (e.g. to undo sand_map_remove_zone()). */
void            sand_map_insert_zone         (SandMap        *self,
                                              guint           i,
                                              const char     *id,
                                              const char     *name,
                                              int             side,
                                              const char     *color);
void            sand_map_remove_zone         (SandMap        *self,
                                              guint           i);

/* The default terrain and country the file format writes no line for.
 * Terrain: a ruleset index or -1 when unset; country: a ruleset index, -1
 * for "no country", or SAND_MAP_DEFAULT_UNSET. The saver picks the most
 * common ones when unset and records them, so later saves stay stable. */
#define SAND_MAP_DEFAULT_UNSET (-2)
int             sand_map_get_default_terrain (SandMap        *self);
void            sand_map_set_default_terrain (SandMap        *self,
                                              int             terrain);
int             sand_map_get_default_country (SandMap        *self);
void            sand_map_set_default_country (SandMap        *self,
                                              int             country);

/* Change notification. */
void            sand_map_freeze_changes      (SandMap        *self);
void            sand_map_thaw_changes        (SandMap        *self);
void            sand_map_emit_changed        (SandMap        *self,
                                              int             col0,
                                              int             row0,
                                              int             col1,
                                              int             row1);
/* Inside a "changed" handler for a frozen batch: the rectangles it was
 * made of, as @n_parts groups of (col0, row0, col1, row1), in the order
 * they came (a diagonal brush stroke is its hexes, not the box around
 * them). NULL when the change was no batch, or one with too many parts
 * to list: then the signal's rectangle is all there is to know. */
const int      *sand_map_get_change_parts    (SandMap        *self,
                                              guint          *n_parts);

G_END_DECLS
