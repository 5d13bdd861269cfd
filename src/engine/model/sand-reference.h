/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-reference.h: a reference image — a scan of a printed or historical
 * map — laid under the hex grid so a designer can paint over it.
 *
 * It is kept with the scenario as a path (relative to the scenario file,
 * or absolute) and a placement: image pixel (px, py) lies at map units
 *   (x, y) + scale · R(rotation) · (px, py)
 * with R the clockwise rotation by @rotation degrees. It is drawn only in
 * the editor, and in exports only when @in_exports is set.
 */
#pragma once

#include <glib.h>

#include "sand-scenario.h"

G_BEGIN_DECLS

typedef struct {
  char *path;        /* as written in the file */
  double x, y;       /* map units of the image's top-left corner */
  double scale;      /* map units per image pixel, > 0 */
  double rotation;   /* degrees, clockwise */
  double opacity;    /* 0 … 1 */
  gboolean in_exports;
} SandReference;

SandReference       *sand_reference_new           (const char          *path);
SandReference       *sand_reference_copy          (const SandReference *ref);
void                 sand_reference_free          (SandReference       *ref);
gboolean             sand_reference_equal         (const SandReference *a,
                                                   const SandReference *b);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SandReference, sand_reference_free)

/* Where image pixel (px, py) lies, in map units. */
void                 sand_reference_to_map        (const SandReference *ref,
                                                   double               px,
                                                   double               py,
                                                   double              *x,
                                                   double              *y);
/* The quick fit: scale, rotation and position so that image pixels
 * @p1 and @p2 land on map points @m1 and @m2 (e.g. two hex centres).
 * FALSE (and @ref unchanged) when the image points coincide. */
gboolean             sand_reference_fit_two_points (SandReference      *ref,
                                                   SandPoint           p1,
                                                   SandPoint           p2,
                                                   SandPoint           m1,
                                                   SandPoint           m2);

/* The scenario's reference image, or NULL. Setting takes ownership (NULL
 * removes it) and emits SandScenario::changed. */
const SandReference *sand_scenario_get_reference  (SandScenario        *scenario);
void                 sand_scenario_set_reference  (SandScenario        *scenario,
                                                   SandReference       *ref);

G_END_DECLS
