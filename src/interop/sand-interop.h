/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-interop.h: Sandtable maps in and out of other tools — Tiled TMX
 * (import and export) and VASSAL modules (export) — on the engine's model
 * and the renderer's images (docs/interop.md).
 *
 * Every import parses through the engine's safe XML reader and returns a
 * whole new scenario or NULL and an error "FILE:LINE: what is wrong"; it
 * never touches a document that is already open.
 */
#pragma once

#include <gio/gio.h>

#include "sand-scenario.h"

G_BEGIN_DECLS

#define SAND_INTEROP_ERROR (sand_interop_error_quark ())
GQuark sand_interop_error_quark (void);

typedef enum {
  SAND_INTEROP_ERROR_UNSUPPORTED, /* a map Sandtable cannot hold (orthogonal, infinite, zstd…) */
  SAND_INTEROP_ERROR_INVALID,     /* malformed content: bad numbers, data of the wrong size */
  SAND_INTEROP_ERROR_MISSING,     /* a tileset or image the map needs is not there */
  SAND_INTEROP_ERROR_UNMAPPED,    /* tiles with no terrain and no mapping for them */
  SAND_INTEROP_ERROR_FORMAT,      /* an extension convert does not know */
  SAND_INTEROP_ERROR_WRITE,       /* writing the output failed */
} SandInteropError;

/* The pixel grid both exporters draw on: Tiled and VASSAL place hexes on
 * whole pixels, so the renderer's map units are scaled by (sx, sy) — the
 * two differ by under 1 % — and shifted by (tx, ty) so that every hex
 * centre falls on an integer pixel. */
typedef struct {
  double sx, sy, tx, ty;
  int radius;      /* circumradius along the hexes' long axis, even, px */
  int across;      /* flat-to-flat width of a hex, even, px */
  int col_step;    /* distance between staggered lines (columns or rows), px */
  int width, height; /* the whole image, px */
} SandPixelGrid;

/* @radius_px: the hex circumradius wanted, in pixels (rounded to even). */
void          sand_pixel_grid_init      (SandPixelGrid       *pg,
                                         SandMap             *map,
                                         double               radius_px);
/* The centre of a hex, in pixels, as the renderer places it. */
void          sand_pixel_grid_center    (const SandPixelGrid *pg,
                                         SandMap             *map,
                                         int                  hex,
                                         double              *x,
                                         double              *y);

/* Tiled. */
typedef struct {
  double radius_px;    /* hex circumradius in the TMX, pixels (0: 32) */
  gboolean csv;        /* CSV layer data instead of base64 + zlib */
} SandTmxWriteOptions;

/* Writes PATH.tmx and its tileset image beside it (PATH's basename with
 * "-tiles.png"). */
gboolean      sand_tmx_export           (SandScenario        *scenario,
                                         const char          *path,
                                         const SandTmxWriteOptions *options,
                                         GError             **error);

/* A parsed TMX file, before it becomes a scenario: the designer may still
 * have to say which terrain each tile stands for. */
typedef struct _SandTmx SandTmx;

typedef struct {
  guint32 gid;           /* global tile id as used in the layers */
  const char *tileset;   /* the tileset's name */
  int local_id;          /* id in its tileset */
  const char *terrain;   /* the tile's "terrain" property, or NULL */
  const char *image;     /* absolute path of the image the tile is cut from */
  int x, y, width, height; /* the tile's rectangle in that image */
  guint count;           /* hexes painted with it */
} SandTmxTile;

SandTmx      *sand_tmx_read_file        (const char          *path,
                                         GError             **error);
void          sand_tmx_free             (SandTmx             *tmx);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SandTmx, sand_tmx_free)

/* The map property "ruleset", or NULL. */
const char   *sand_tmx_get_ruleset      (SandTmx             *tmx);
/* The distinct tiles the map uses, in gid order. */
guint         sand_tmx_n_tiles          (SandTmx             *tmx);
const SandTmxTile *sand_tmx_get_tile    (SandTmx             *tmx,
                                         guint                i);
/* Builds a scenario on @ruleset (NULL: the map's own, else fpw1870).
 * @tile_terrains maps a gid (GUINT_TO_POINTER) to a terrain id (char *) for
 * tiles without a "terrain" property; NULL for none. */
SandScenario *sand_tmx_to_scenario      (SandTmx             *tmx,
                                         SandRuleset         *ruleset,
                                         GHashTable          *tile_terrains,
                                         GError             **error);
/* Both steps at once (for `convert`). */
SandScenario *sand_tmx_import_file      (const char          *path,
                                         SandRuleset         *ruleset,
                                         GHashTable          *tile_terrains,
                                         GError             **error);

/* VASSAL. */
typedef struct {
  double radius_px;    /* hex circumradius on the board image (0: 36) */
} SandVassalOptions;

/* What a module holds, for tests and docs: the grid written to buildFile. */
typedef struct {
  gboolean sideways;
  int x0, y0;
  double dx, dy;
  int h_off, v_off, h_leading, v_leading;
  char first;          /* 'H' or 'V' */
} SandVassalGrid;

void          sand_vassal_grid_for_map  (SandMap             *map,
                                         const SandPixelGrid *pg,
                                         SandVassalGrid      *grid);
gboolean      sand_vassal_export        (SandScenario        *scenario,
                                         const char          *path,
                                         const SandVassalOptions *options,
                                         GError             **error);

/* `sandtable-cli convert`: the formats by extension — .xml (scenario),
 * .tmx, .vmod (output only). */
gboolean      sand_interop_convert      (const char          *input,
                                         const char          *output,
                                         SandRuleset         *ruleset,
                                         GHashTable          *tile_terrains,
                                         GError             **error);

G_END_DECLS
