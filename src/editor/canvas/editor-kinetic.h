/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-kinetic.h: the glide of the map after a touchpad pan, as pure
 * arithmetic (no GTK): a velocity that decays as e^(-friction t) and the
 * positions it reaches over time, until the speed falls under a stop
 * speed. The canvas feeds it the scroll controller's release velocity and
 * the frame clock's times, and pans by what each step returns.
 *
 * Each step moves by the exact integral of the velocity over its interval,
 * v (1 - e^(-k dt)) / k, so where the glide is at a given time does not
 * depend on how many frames it took to get there (60 Hz or 144 Hz, or a
 * frame dropped), and the whole glide covers (v0 - v_stop) / k. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Per second: the speed halves every ln 2 / 4 ≈ 0.17 s. */
#define EDITOR_KINETIC_FRICTION   4.0
/* Pixels per millisecond under which the glide stops. */
#define EDITOR_KINETIC_STOP_SPEED 0.02

typedef struct {
  double friction;   /* per second */
  double stop_speed; /* pixels per millisecond */
  double vx, vy;     /* at start_time, pixels per millisecond */
  gint64 start_time; /* µs, monotonic */
  gint64 last_time;  /* µs, of the last step */
  gboolean moving;
} EditorKinetic;

/* With the canvas's friction and stop speed, not moving. */
void     editor_kinetic_init       (EditorKinetic *self);
/* Starts a glide at (@vx, @vy) pixels per millisecond at @now_us; FALSE
 * (and not moving) when that is already under the stop speed. */
gboolean editor_kinetic_start      (EditorKinetic *self,
                                    double         vx,
                                    double         vy,
                                    gint64         now_us);
void     editor_kinetic_stop       (EditorKinetic *self);
gboolean editor_kinetic_is_moving  (const EditorKinetic *self);
/* How far the glide has gone @t_us after its start, in pixels (along the
 * decayed velocity, ignoring the stop). */
void     editor_kinetic_offset_at  (const EditorKinetic *self,
                                    gint64         t_us,
                                    double        *x,
                                    double        *y);
/* The speed @t_us after the start, in pixels per millisecond. */
double   editor_kinetic_speed_at   (const EditorKinetic *self,
                                    gint64         t_us);
/* How long the glide lasts before its speed falls under the stop speed. */
gint64   editor_kinetic_duration   (const EditorKinetic *self);
/* Advances to @now_us: *@dx, *@dy get the pixels moved since the last step
 * (never past the stop). Returns TRUE while the glide goes on, FALSE on
 * the step that ends it (its motion is still in *@dx, *@dy) and after. */
gboolean editor_kinetic_step       (EditorKinetic *self,
                                    gint64         now_us,
                                    double        *dx,
                                    double        *dy);

G_END_DECLS
