/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Helpers shared by the interop exporters and importers. */
#pragma once

#include <cairo.h>

#include "sand-interop.h"
#include "sand-renderer.h"

G_BEGIN_DECLS

/* The map drawn on the pixel grid: @layers over a transparent background
 * (or @paper, 0xRRGGBB, when >= 0). */
cairo_surface_t *sand_interop_render_map   (SandScenario        *scenario,
                                            const SandPixelGrid *pg,
                                            SandLayers           layers,
                                            int                  paper,
                                            GError             **error);
/* One terrain alone in one hex, as the renderer draws it, in a tile of
 * @width × @height pixels centred on the hex. */
cairo_surface_t *sand_interop_render_terrain_tile (SandScenario  *scenario,
                                            const SandPixelGrid *pg,
                                            guint                terrain,
                                            int                  width,
                                            int                  height);
/* PNG bytes of a surface. */
GBytes          *sand_interop_png_bytes    (cairo_surface_t     *surface,
                                            GError             **error);
/* Writes bytes to a file atomically. */
gboolean         sand_interop_write_file   (const char          *path,
                                            GBytes              *bytes,
                                            GError             **error);
/* Appends @text XML-escaped for an attribute value. */
void             sand_interop_append_escaped (GString           *out,
                                            const char          *text);

/* The side, terrain, feature… id of an index, or "" when out of range. */
const char      *sand_interop_side_id      (SandRuleset         *ruleset,
                                            int                  side);

G_END_DECLS
