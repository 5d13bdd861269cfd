/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-timing.h: what the benchmarks share to time the engine and take
 * medians. Included once by each benchmark program. */
#pragma once

#include <glib.h>
#include <time.h>

/* CPU time of this process, in µs: the build machine is shared, and wall
 * time there measures the neighbours as much as the engine. */
static inline double
now_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

/* For qsort() and g_array_sort() of doubles. */
static inline int
cmp_double (const void *a,
            const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}
