/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The canvas's kinetic scrolling, without GTK: how far and how long the map
 * glides after a touchpad pan, and that the frames it is cut into do not
 * change where it goes. */
#include "config.h"

#include <math.h>

#include "editor-kinetic.h"

#define MS 1000 /* µs */

/* Where the glide is after stepping it at @interval_us from 0 to @t_us. */
static void
glide_by_steps (double  vx,
                double  vy,
                gint64  interval_us,
                gint64  t_us,
                double *x,
                double *y)
{
  EditorKinetic k;
  gint64 now = 5 * G_USEC_PER_SEC; /* any start time */

  editor_kinetic_init (&k);
  g_assert_true (editor_kinetic_start (&k, vx, vy, now));
  *x = *y = 0;
  for (gint64 t = interval_us; t <= t_us; t += interval_us)
    {
      double dx, dy;

      editor_kinetic_step (&k, now + t, &dx, &dy);
      *x += dx;
      *y += dy;
    }
}

static void
test_glide_follows_its_release_velocity (void)
{
  double x, y;

  /* 1 px/ms to the right and 0.5 px/ms up: it goes on that way. */
  glide_by_steps (1.0, -0.5, 16 * MS, 160 * MS, &x, &y);
  g_assert_cmpfloat (x, >, 0);
  g_assert_cmpfloat (y, <, 0);
  g_assert_cmpfloat_with_epsilon (x / y, -2.0, 1e-9);
  /* Slower than without friction: under 160 px after 160 ms. */
  g_assert_cmpfloat (x, <, 160.0);
  g_assert_cmpfloat (x, >, 100.0);
}

static void
test_speed_decays_exponentially (void)
{
  EditorKinetic k;

  editor_kinetic_init (&k);
  editor_kinetic_start (&k, 3.0, 4.0, 0);
  g_assert_cmpfloat_with_epsilon (editor_kinetic_speed_at (&k, 0), 5.0, 1e-12);
  /* It halves every ln 2 / friction seconds. */
  g_assert_cmpfloat_with_epsilon (editor_kinetic_speed_at (&k,
                                                           (gint64) (G_LN2 / EDITOR_KINETIC_FRICTION
                                                                     * G_USEC_PER_SEC)),
                                  2.5, 1e-5);
  g_assert_cmpfloat_with_epsilon (editor_kinetic_speed_at (&k, G_USEC_PER_SEC),
                                  5.0 * exp (-EDITOR_KINETIC_FRICTION), 1e-12);
}

static void
test_position_does_not_depend_on_frame_rate (void)
{
  double x60, y60, x144, y144, x_once, y_once, x_exact, y_exact;
  EditorKinetic k;

  /* 60 Hz, 144 Hz (both step a whole 300 ms window), and one late frame. */
  glide_by_steps (2.0, 1.0, 5 * MS, 300 * MS, &x60, &y60);
  glide_by_steps (2.0, 1.0, 2500, 300 * MS, &x144, &y144);
  glide_by_steps (2.0, 1.0, 300 * MS, 300 * MS, &x_once, &y_once);
  editor_kinetic_init (&k);
  editor_kinetic_start (&k, 2.0, 1.0, 0);
  editor_kinetic_offset_at (&k, 300 * MS, &x_exact, &y_exact);

  g_assert_cmpfloat_with_epsilon (x60, x_exact, 1e-9);
  g_assert_cmpfloat_with_epsilon (x144, x_exact, 1e-9);
  g_assert_cmpfloat_with_epsilon (x_once, x_exact, 1e-9);
  g_assert_cmpfloat_with_epsilon (y60, y_exact, 1e-9);
  /* v (1 - e^(-k t)) / k, in pixels: 2 px/ms × (1 - e^(-1.2)) / 4 s. */
  g_assert_cmpfloat_with_epsilon (x_exact, 2.0 * (1 - exp (-1.2)) / 4.0 * 1000.0, 1e-9);
}

static void
test_glide_stops_under_the_stop_speed (void)
{
  EditorKinetic k;
  gint64 now = 0, duration;
  double total = 0, dx, dy;
  int frames = 0;

  editor_kinetic_init (&k);
  g_assert_true (editor_kinetic_start (&k, 1.0, 0.0, now));
  duration = editor_kinetic_duration (&k);
  /* ln (1 / 0.02) / 4 s ≈ 0.978 s */
  g_assert_cmpint (duration, ==, (gint64) ceil (log (1.0 / 0.02) / 4.0 * 1e6));

  while (editor_kinetic_step (&k, now += 16 * MS, &dx, &dy))
    {
      g_assert_cmpfloat (dx, >, 0);
      total += dx;
      frames++;
    }
  total += dx;
  g_assert_false (editor_kinetic_is_moving (&k));
  g_assert_cmpint (frames, ==, (int) (duration / (16 * MS)));
  /* The whole glide: (v0 - v_stop) / k = 0.98 / 4 s × 1000 = 245 px. */
  g_assert_cmpfloat_with_epsilon (total, (1.0 - 0.02) / 4.0 * 1000.0, 1e-3);

  /* Stopped: later frames move nothing. */
  g_assert_false (editor_kinetic_step (&k, now + G_USEC_PER_SEC, &dx, &dy));
  g_assert_cmpfloat (dx, ==, 0);
  g_assert_cmpfloat (dy, ==, 0);
}

static void
test_slow_release_does_not_glide (void)
{
  EditorKinetic k;
  double dx, dy;

  editor_kinetic_init (&k);
  g_assert_false (editor_kinetic_start (&k, 0.01, 0.01, 0));
  g_assert_false (editor_kinetic_is_moving (&k));
  g_assert_cmpint (editor_kinetic_duration (&k), ==, 0);
  g_assert_false (editor_kinetic_step (&k, 16 * MS, &dx, &dy));
  g_assert_cmpfloat (dx, ==, 0);
}

static void
test_stop_and_clock_going_back (void)
{
  EditorKinetic k;
  double dx, dy;

  editor_kinetic_init (&k);
  editor_kinetic_start (&k, -1.0, 0.0, 100 * MS);
  g_assert_true (editor_kinetic_step (&k, 116 * MS, &dx, &dy));
  g_assert_cmpfloat (dx, <, 0);
  /* A frame time before the last one moves nothing, never backwards. */
  g_assert_true (editor_kinetic_step (&k, 110 * MS, &dx, &dy));
  g_assert_cmpfloat (dx, ==, 0);
  /* A new press stops the glide where it is. */
  editor_kinetic_stop (&k);
  g_assert_false (editor_kinetic_step (&k, 132 * MS, &dx, &dy));
  g_assert_cmpfloat (dx, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/kinetic/follows-release-velocity", test_glide_follows_its_release_velocity);
  g_test_add_func ("/kinetic/speed-decays-exponentially", test_speed_decays_exponentially);
  g_test_add_func ("/kinetic/position-independent-of-frame-rate",
                   test_position_does_not_depend_on_frame_rate);
  g_test_add_func ("/kinetic/stops-under-stop-speed", test_glide_stops_under_the_stop_speed);
  g_test_add_func ("/kinetic/slow-release-does-not-glide", test_slow_release_does_not_glide);
  g_test_add_func ("/kinetic/stop-and-clock-going-back", test_stop_and_clock_going_back);
  return g_test_run ();
}
