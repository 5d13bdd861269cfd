/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fpw-test-map.h: the FPW rules suites' base map (test-rules-fpw.c and
 * test-rules-fpw-cases.c): 20x20, Germany on rows 1-10 and France on rows
 * 11-20, a rail line down column 10, the German "S" at 1001 and a French
 * rail edge at 1020; and the lookups their tests share. Included once by
 * each program, after console-test-helpers.h. */
#pragma once

G_GNUC_UNUSED static void
countries (int rows_germany)
{
  for (int pass = 0; pass < 2; pass++)
    {
      GString *s = g_string_new (pass == 0 ? "country germany" : "country france");
      for (int c = 1; c <= 20; c++)
        for (int r = 1; r <= 20; r++)
          if ((r <= rows_germany) == (pass == 0))
            g_string_append_printf (s, " %02d%02d", c, r);
      g_autofree char *a = run ("%s", s->str);
      g_string_free (s, TRUE);
    }
}

/* The base map; @supply adds the supply sources and the rail line. */
G_GNUC_UNUSED static void
base_map (gboolean supply)
{
  g_clear_pointer (&con, sand_console_free);
  con = sand_console_new (NULL, 42);
  ok ("new fpw1870 20x20", NULL, NULL);
  countries (10);
  GString *rail = g_string_new ("rail");
  for (int r = 1; r <= 20; r++)
    g_string_append_printf (rail, " 10%02d", r);
  ok (rail->str, NULL, NULL);
  g_string_free (rail, TRUE);
  if (supply)
    {
      ok ("marker supply 1001 german name=S", NULL, NULL);
      ok ("marker supply 1020 french name=rail-edge", NULL, NULL);
    }
}
