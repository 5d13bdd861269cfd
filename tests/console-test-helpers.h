/* SPDX-License-Identifier: GPL-3.0-or-later */
/* console-test-helpers.h: what the rules tests share to drive the console
 * and check its answers. Included once by each test program. */
#pragma once

#include <glib.h>
#include <string.h>

#include "sand-action.h"
#include "sand-console.h"
#include "sand-game.h"

static SandConsole *con;

#define fail(...) G_STMT_START { g_test_message (__VA_ARGS__); g_test_fail (); } G_STMT_END

static char *
run (const char *format, ...) G_GNUC_PRINTF (1, 2);

/* Every line the game logs reads back as the action it records: the one
 * parser and the one formatter (sand-action.h) give the line again. */
static void
check_logged_lines (void)
{
  static SandGame *checked_game;
  static guint checked;
  SandGame *g = sand_console_get_game (con);

  if (g == NULL)
    return;
  if (g != checked_game || sand_game_log_length (g) < checked)
    {
      checked_game = g;
      checked = 0;
    }
  for (; checked < sand_game_log_length (g); checked++)
    {
      const char *line = sand_game_log_line (g, checked);
      g_autoptr(GError) error = NULL;
      g_autoptr(SandAction) a = sand_game_parse_line (g, line, &error);
      g_assert_no_error (error);
      g_autofree char *text = sand_action_format (g, a);
      const char *hash = strchr (line, '#');
      g_autofree char *body = g_strstrip (hash ? g_strndup (line, (gsize) (hash - line))
                                               : g_strdup (line));
      g_assert_cmpstr (text, ==, body);
    }
}

static char *
run (const char *format, ...)
{
  va_list ap;
  va_start (ap, format);
  g_autofree char *line = g_strdup_vprintf (format, ap);
  va_end (ap);
  char *answer = sand_console_execute (con, line);
  g_test_message ("> %s\n< %s", line, answer ? answer : "(null)");
  check_logged_lines ();
  return answer;
}

/* The console's `ai fast` on the game as it stands (seed 3); its answer,
 * which must be ok. */
G_GNUC_UNUSED static char *
ai_fast (void)
{
  char *a = run ("ai fast seed=3");
  g_assert_true (g_str_has_prefix (a, "{\"ok\":true"));
  return a;
}

/* Runs a line that must succeed and whose answer holds every @expect. */
static void
ok (const char *line, const char *expect, ...)
{
  g_autofree char *a = run ("%s", line);
  g_assert_nonnull (a);
  if (!g_str_has_prefix (a, "{\"ok\":true"))
    fail ("'%s' was refused: %s", line, a);
  va_list ap;
  va_start (ap, expect);
  for (const char *e = expect; e != NULL; e = va_arg (ap, const char *))
    if (strstr (a, e) == NULL)
      fail ("'%s' answered %s, without %s", line, a, e);
  va_end (ap);
}

/* Runs a line that must be refused citing @rule (NULL: any or none). */
G_GNUC_UNUSED static void
refused (const char *line, const char *rule)
{
  g_autofree char *a = run ("%s", line);
  g_assert_nonnull (a);
  if (!g_str_has_prefix (a, "{\"ok\":false"))
    fail ("'%s' was not refused: %s", line, a);
  if (rule != NULL)
    {
      g_autofree char *want = g_strdup_printf ("\"rule\":\"%s\"", rule);
      if (strstr (a, want) == NULL)
        fail ("'%s' was refused without citing %s: %s", line, rule, a);
    }
}

/* Runs a line whose answer must not hold @unexpected. */
G_GNUC_UNUSED static void
lacks (const char *line, const char *unexpected)
{
  g_autofree char *a = run ("%s", line);
  g_assert_nonnull (a);
  if (strstr (a, unexpected) != NULL)
    fail ("'%s' answered %s, with %s", line, a, unexpected);
}

static SandGame *
game (void)
{
  return sand_console_get_game (con);
}

/* Lookups on the console's game by unit and hex id. */

G_GNUC_UNUSED static const SandUnitState *
unit_state (const char *id)
{
  int u = sand_game_find_unit (game (), id);

  g_assert_cmpint (u, >=, 0);
  return sand_game_get_unit (game (), u);
}

G_GNUC_UNUSED static int
unit_hex (const char *id)
{
  return unit_state (id)->hex;
}

G_GNUC_UNUSED static int
unit_strength (const char *id)
{
  return unit_state (id)->strength;
}

G_GNUC_UNUSED static int
unit_status (const char *id)
{
  return unit_state (id)->status;
}

/* The unit's hex id, or "none" off the map (a static buffer). */
G_GNUC_UNUSED static const char *
unit_where (const char *id)
{
  static char buf[16];
  const SandUnitState *u = unit_state (id);
  g_autofree char *h = NULL;

  if (u->hex == SAND_HEX_NONE)
    return "none";
  h = sand_grid_dup_id (sand_game_get_grid (game ()), u->hex);
  g_strlcpy (buf, h, sizeof buf);
  return buf;
}

G_GNUC_UNUSED static int
hex_of (const char *id)
{
  int h;

  g_assert_true (sand_grid_parse_id (sand_game_get_grid (game ()), id, &h));
  return h;
}

G_GNUC_UNUSED static void
teardown (void)
{
  g_clear_pointer (&con, sand_console_free);
}

/* LFAF's base map: 12x12 clear, flat-topped, even columns lower — the
 * neighbours of 0505 are n 0504, ne 0604, se 0605, s 0506, sw 0405,
 * nw 0404. */
G_GNUC_UNUSED static void
lfaf_base_map (void)
{
  g_clear_pointer (&con, sand_console_free);
  con = sand_console_new (NULL, 7);
  ok ("new lfaf1914 12x12", NULL, NULL);
}
