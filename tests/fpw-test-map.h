/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fpw-test-map.h: the FPW rules suites' base map (test-rules-fpw-*.c):
 * 20x20, Germany on rows 1-10 and France on rows 11-20, a rail line down
 * column 10, the German "S" at 1001 and a French rail edge at 1020; its
 * Standard Game variants; and the lookups their tests share. Included once
 * by each program, after console-test-helpers.h. */
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

/* The base map in the Standard Game. */
G_GNUC_UNUSED static void
standard_map (void)
{
  base_map (TRUE);
  sand_scenario_set_option (sand_console_get_scenario (con), "standard", TRUE);
}

/* A 30x30 Standard Game map with the German "S" in a corner: 0127 is
 * beyond 25 hexes. */
G_GNUC_UNUSED static void
isolation_map (void)
{
  g_clear_pointer (&con, sand_console_free);
  con = sand_console_new (NULL, 1);
  ok ("new fpw1870 30x30", NULL, NULL);
  sand_scenario_set_option (sand_console_get_scenario (con), "standard", TRUE);
  ok ("marker supply 0101 german name=S", NULL, NULL);
}

/* The Standard Game with the optional Formation Status rule. */
G_GNUC_UNUSED static void
formation_map (void)
{
  standard_map ();
  sand_scenario_set_option (sand_console_get_scenario (con), "formation", TRUE);
}
