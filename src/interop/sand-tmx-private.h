/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The parsed TMX (sand-tmx-read.c) that sand-tmx-import.c turns into a
 * scenario, and helpers the TMX reader and writer share. */
#pragma once

#include <libxml/tree.h>

#include "sand-interop-private.h"

G_BEGIN_DECLS

/* Tiled's flip and rotation bits on a gid (Tiled 1.8: three flips and the
 * hexagonal 120° rotation). */
#define SAND_TMX_GID_FLAGS 0xF0000000u
#define SAND_TMX_MAX_TILES 100000
#define SAND_TMX_MAX_OBJECTS 1000000

typedef struct {
  char *name;
  guint32 firstgid;
  int tilecount, columns, tilewidth, tileheight, spacing, margin;
  char *image;          /* absolute path, or NULL for an image collection */
  GHashTable *terrain;  /* local id → terrain id (char *) */
  GHashTable *images;   /* local id → absolute image path (collections) */
  int line;
} SandTmxTileset;

typedef struct {
  char *type;           /* its class (Tiled ≥ 1.9) or type (1.8) */
  char *name;
  double x, y;
  GHashTable *props;    /* name → value */
  GArray *points;       /* SandPoint, absolute pixels, for polylines */
  int line;
} SandTmxObject;

struct _SandTmx {
  char *path;
  int width, height, tilewidth, tileheight, hexsidelength;
  SandOrientation orientation;
  SandStagger stagger;
  GHashTable *props;
  GPtrArray *tilesets;  /* SandTmxTileset* */
  guint32 *gids;        /* per hex: the topmost tile of all tile layers, flags masked */
  int data_line;        /* first tile layer's <data>, for messages */
  GArray *tiles;        /* SandTmxTile, distinct tiles used, by gid */
  GPtrArray *objects;   /* SandTmxObject* */
};

/* Decodes a <data> element into @gids (width × height); errors name
 * FILE:LINE. */
gboolean  sand_tmx_decode_data        (xmlNode      *data,
                                       const char   *filename,
                                       int           width,
                                       int           height,
                                       guint32      *gids,
                                       GError      **error);

/* Countries per hex as "id*count,id*count,…" (an empty id for none), or
 * NULL when no hex has a country. */
char     *sand_tmx_countries_to_string (SandMap     *map);
gboolean  sand_tmx_countries_from_string (SandMap   *map,
                                       const char   *text,
                                       GError      **error);

/* Set-up counters as objects in a "counters" object group. */
void      sand_tmx_write_counters     (SandScenario *scenario,
                                       const SandPixelGrid *pg,
                                       GString      *out,
                                       int          *next_object);
/* A "counter" object back into the counter mix and its side's OOB. */
gboolean  sand_tmx_read_counter       (SandScenario *scenario,
                                       const SandTmxObject *object,
                                       int           hex,
                                       const char   *filename,
                                       GError      **error);

G_END_DECLS
