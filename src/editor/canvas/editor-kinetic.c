/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "editor-kinetic.h"

#include <math.h>

void
editor_kinetic_init (EditorKinetic *self)
{
  g_return_if_fail (self != NULL);

  *self = (EditorKinetic) {
    .friction = EDITOR_KINETIC_FRICTION,
    .stop_speed = EDITOR_KINETIC_STOP_SPEED,
  };
}

gboolean
editor_kinetic_start (EditorKinetic *self,
                      double         vx,
                      double         vy,
                      gint64         now_us)
{
  g_return_val_if_fail (self != NULL, FALSE);

  self->vx = vx;
  self->vy = vy;
  self->start_time = self->last_time = now_us;
  self->moving = hypot (vx, vy) >= self->stop_speed && self->friction > 0;
  return self->moving;
}

void
editor_kinetic_stop (EditorKinetic *self)
{
  g_return_if_fail (self != NULL);
  self->moving = FALSE;
}

gboolean
editor_kinetic_is_moving (const EditorKinetic *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->moving;
}

/* The fraction of the whole glide (v0 / k) covered after @t_us:
 * 1 - e^(-k t). In milliseconds times speed, so the result is in pixels. */
static double
covered (const EditorKinetic *self,
         gint64               t_us)
{
  double t = MAX (t_us, 0) / 1e6; /* seconds */

  /* v [px/ms] × (1 - e^(-k t)) / k [s] × 1000 [ms/s] */
  return -expm1 (-self->friction * t) / self->friction * 1000.0;
}

void
editor_kinetic_offset_at (const EditorKinetic *self,
                          gint64               t_us,
                          double              *x,
                          double              *y)
{
  double f;

  g_return_if_fail (self != NULL);

  f = covered (self, t_us);
  if (x != NULL)
    *x = self->vx * f;
  if (y != NULL)
    *y = self->vy * f;
}

double
editor_kinetic_speed_at (const EditorKinetic *self,
                         gint64               t_us)
{
  g_return_val_if_fail (self != NULL, 0);
  return hypot (self->vx, self->vy) * exp (-self->friction * MAX (t_us, 0) / 1e6);
}

gint64
editor_kinetic_duration (const EditorKinetic *self)
{
  double v;

  g_return_val_if_fail (self != NULL, 0);

  v = hypot (self->vx, self->vy);
  if (v < self->stop_speed || self->friction <= 0)
    return 0;
  /* v e^(-k t) = stop  ⇔  t = ln (v / stop) / k */
  return (gint64) ceil (log (v / self->stop_speed) / self->friction * 1e6);
}

gboolean
editor_kinetic_step (EditorKinetic *self,
                     gint64         now_us,
                     double        *dx,
                     double        *dy)
{
  gint64 end, from, to;
  double x0, y0, x1, y1;

  g_return_val_if_fail (self != NULL, FALSE);

  if (dx != NULL)
    *dx = 0;
  if (dy != NULL)
    *dy = 0;
  if (!self->moving)
    return FALSE;

  /* A frame time before the last one (clocks of two frame clocks) moves
   * nothing rather than backwards. */
  end = self->start_time + editor_kinetic_duration (self);
  from = self->last_time - self->start_time;
  to = MIN (MAX (now_us, self->last_time), end) - self->start_time;
  editor_kinetic_offset_at (self, from, &x0, &y0);
  editor_kinetic_offset_at (self, to, &x1, &y1);
  if (dx != NULL)
    *dx = x1 - x0;
  if (dy != NULL)
    *dy = y1 - y0;
  self->last_time = self->start_time + to;
  if (now_us >= end)
    self->moving = FALSE;
  return self->moving;
}
