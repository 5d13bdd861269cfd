/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ai-console-map.h: the small FPW maps the computer player's position
 * tests build in the console (test-ai-aims.c, test-ai-railhead.c,
 * test-ai-crowd.c, test-ai-flank.c), their one way to run a line that must
 * be accepted, and where an answer's move ended. */
#pragma once

#include <string.h>

#include <glib.h>

#include "sand-console.h"

/* @line run on @c; an answer that is not ok fails the test, naming both. */
G_GNUC_UNUSED static char *
run (SandConsole *c, const char *line)
{
  char *a = sand_console_execute (c, line);
  if (!g_str_has_prefix (a, "{\"ok\":true"))
    g_error ("refused: %s -> %s", line, a);
  return a;
}

/* Each of the @n lines of @lines run on @c, in order, as run (). */
G_GNUC_UNUSED static void
run_lines (SandConsole *c, const char *const *lines, guint n)
{
  for (guint i = 0; i < n; i++)
    g_free (run (c, lines[i]));
}

/* A 20x15 FPW map: France up to column @france, then Germany up to
 * column @germany, rows 1 to @rows (the rest no country). */
G_GNUC_UNUSED static SandConsole *
small_fpw_map (int france, int germany, int rows)
{
  SandConsole *c = sand_console_new (NULL, 3);
  g_autoptr(GString) fr = g_string_new ("country france");
  g_autoptr(GString) de = g_string_new ("country germany");
  for (int col = 1; col <= germany; col++)
    for (int row = 1; row <= rows; row++)
      g_string_append_printf (col <= france ? fr : de, " %02d%02d", col, row);
  g_free (run (c, "new fpw1870 20x15"));
  g_free (run (c, fr->str));
  g_free (run (c, de->str));
  return c;
}

/* Whether @answer moved @unit and its move ended on @hex. */
G_GNUC_UNUSED static gboolean
moved_to (const char *answer, const char *unit, const char *hex)
{
  g_autofree char *key = g_strdup_printf ("\"move %s ", unit);
  const char *m = strstr (answer, key);
  if (m == NULL)
    return FALSE;
  const char *end = strchr (m + 1, '"');
  return end != NULL && end - m > 4 && strncmp (end - 4, hex, 4) == 0;
}
