/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-console: the console's cost per argument on the longest lines it
 * takes (issue 19: hex lists were quadratic, a `terrain` of 32 000 hexes
 * took 1.3 s and a `rail` of 200 000 never answered). Prints the median
 * CPU time of `terrain` and `rail` lines of 1 000 to 65 535 hexes; linear
 * parsing shows as a constant time per hex. */
#include "config.h"

#include <stdio.h>

#include "bench-timing.h"
#include "sand-console.h"

#define RUNS 5

static double
time_line (SandConsole *console,
           const char  *line)
{
  double t[RUNS];

  for (int i = 0; i < RUNS; i++)
    {
      double start = now_us ();
      g_autofree char *answer = sand_console_execute (console, line);

      t[i] = now_us () - start;
      g_assert (g_str_has_prefix (answer, "{\"ok\":true"));
    }
  qsort (t, RUNS, sizeof (double), cmp_double);
  return t[RUNS / 2];
}

int
main (void)
{
  g_autoptr(SandConsole) console = sand_console_new (NULL, 0);
  g_autofree char *made = sand_console_execute (console, "new fpw1870 256x256");
  const int sizes[] = { 1000, 8000, 32000, 65535 };

  printf ("%-8s %8s %12s %12s\n", "command", "hexes", "median ms", "ns per hex");
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autoptr(GString) terrain = g_string_new ("terrain rough");
      g_autoptr(GString) rail = g_string_new ("rail");
      int n = sizes[s];
      double ms;

      /* Column by column, down the odd ones and up the even ones: every
       * hex is next to the one before, as a rail needs. */
      for (int i = 0; i < n; i++)
        {
          int c = i / 256 + 1;
          int r = c % 2 == 1 ? i % 256 + 1 : 256 - i % 256;

          g_string_append_printf (terrain, " %03d%03d", c, r);
          g_string_append_printf (rail, " %03d%03d", c, r);
        }
      ms = time_line (console, terrain->str) / 1000.0;
      printf ("%-8s %8d %12.2f %12.0f\n", "terrain", n, ms, ms * 1e6 / n);
      ms = time_line (console, rail->str) / 1000.0;
      printf ("%-8s %8d %12.2f %12.0f\n", "rail", n, ms, ms * 1e6 / n);
    }
  return 0;
}
