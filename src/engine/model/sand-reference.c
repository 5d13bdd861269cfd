/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-reference.c: the reference image's placement and its place on the
 * scenario. It hangs off the scenario as object data, so the scenario's
 * own fields (and file) stay as they are for documents without one. */
#include "config.h"

#include <math.h>

#include "sand-reference.h"

#define REFERENCE_KEY "sand-reference"

SandReference *
sand_reference_new (const char *path)
{
  SandReference *ref = g_new0 (SandReference, 1);

  ref->path = g_strdup (path);
  ref->scale = 1.0;
  ref->opacity = 0.5;
  return ref;
}

SandReference *
sand_reference_copy (const SandReference *ref)
{
  SandReference *copy;

  if (ref == NULL)
    return NULL;
  copy = g_memdup2 (ref, sizeof *ref);
  copy->path = g_strdup (ref->path);
  return copy;
}

void
sand_reference_free (SandReference *ref)
{
  if (ref == NULL)
    return;
  g_free (ref->path);
  g_free (ref);
}

gboolean
sand_reference_equal (const SandReference *a,
                      const SandReference *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  return g_strcmp0 (a->path, b->path) == 0 && a->x == b->x && a->y == b->y
         && a->scale == b->scale && a->rotation == b->rotation && a->opacity == b->opacity
         && a->in_exports == b->in_exports;
}

void
sand_reference_to_map (const SandReference *ref,
                       double               px,
                       double               py,
                       double              *x,
                       double              *y)
{
  double t = ref->rotation * G_PI / 180.0;

  *x = ref->x + ref->scale * (cos (t) * px - sin (t) * py);
  *y = ref->y + ref->scale * (sin (t) * px + cos (t) * py);
}

gboolean
sand_reference_fit_two_points (SandReference *ref,
                               SandPoint      p1,
                               SandPoint      p2,
                               SandPoint      m1,
                               SandPoint      m2)
{
  double pl = hypot (p2.x - p1.x, p2.y - p1.y);
  double ml = hypot (m2.x - m1.x, m2.y - m1.y);
  double t;

  g_return_val_if_fail (ref != NULL, FALSE);

  if (pl < 1e-9 || ml < 1e-9)
    return FALSE;
  ref->scale = ml / pl;
  t = atan2 (m2.y - m1.y, m2.x - m1.x) - atan2 (p2.y - p1.y, p2.x - p1.x);
  /* Kept in (-180, 180] so the file shows the turn a designer expects. */
  t = remainder (t * 180.0 / G_PI, 360.0);
  ref->rotation = t == -180.0 ? 180.0 : t;
  ref->x = 0;
  ref->y = 0;
  {
    double x, y;
    sand_reference_to_map (ref, p1.x, p1.y, &x, &y);
    ref->x = m1.x - x;
    ref->y = m1.y - y;
  }
  return TRUE;
}

const SandReference *
sand_scenario_get_reference (SandScenario *scenario)
{
  g_return_val_if_fail (SAND_IS_SCENARIO (scenario), NULL);
  return g_object_get_data (G_OBJECT (scenario), REFERENCE_KEY);
}

void
sand_scenario_set_reference (SandScenario  *scenario,
                             SandReference *ref)
{
  g_return_if_fail (SAND_IS_SCENARIO (scenario));

  if (sand_reference_equal (sand_scenario_get_reference (scenario), ref))
    {
      sand_reference_free (ref);
      return;
    }
  g_object_set_data_full (G_OBJECT (scenario), REFERENCE_KEY, ref,
                          (GDestroyNotify) sand_reference_free);
  sand_scenario_emit_changed (scenario);
}
