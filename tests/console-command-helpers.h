/* SPDX-License-Identifier: GPL-3.0-or-later */
/* console-command-helpers.h: what the console suites (test-console*.c)
 * share — checking a line's exact answer or refusal, a console with a new
 * map, and lookups in that map. Unlike console-test-helpers.h it keeps no
 * console of its own: each test passes the one it made. Header-only: each
 * program includes it once. */
#pragma once

#include <string.h>

#include "sand-console.h"
#include "sand-json.h"
#include "sand-scenario.h"

/* Runs a line and checks the exact answer. */
#define assert_answer(console, line, expected) \
  G_STMT_START { \
    g_autofree char *answer_ = sand_console_execute ((console), (line)); \
    g_assert_cmpstr (answer_, ==, (expected)); \
  } G_STMT_END

#define assert_ok(console, line) assert_answer ((console), (line), "{\"ok\":true}")

/* Runs a line that must be refused with an error containing @needle. */
#define assert_refused(console, line, needle) \
  G_STMT_START { \
    g_autofree char *answer_ = sand_console_execute ((console), (line)); \
    g_assert_nonnull (answer_); \
    if (!g_str_has_prefix (answer_, "{\"ok\":false,\"error\":\"") \
        || strstr (answer_, (needle)) == NULL) \
      g_error ("'%s' answered %s; expected a refusal naming \"%s\"", (line), answer_, \
               (needle)); \
  } G_STMT_END

G_GNUC_UNUSED static SandConsole *
new_console (const char *ruleset, const char *size)
{
  SandConsole *console = sand_console_new (NULL, 7);
  g_autofree char *line = g_strdup_printf ("new %s %s", ruleset, size);
  g_autofree char *answer = sand_console_execute (console, line);
  g_autofree char *expected = g_strdup_printf ("{\"ok\":true,\"ruleset\":\"%s\",\"size\":\"%s\"}",
                                               ruleset, size);

  g_assert_cmpstr (answer, ==, expected);
  return console;
}

G_GNUC_UNUSED static SandMap *
console_map (SandConsole *console)
{
  return sand_scenario_get_map (sand_console_get_scenario (console));
}

G_GNUC_UNUSED static int
hex_of (SandConsole *console, const char *id)
{
  int hex = SAND_HEX_NONE;

  g_assert_true (sand_grid_parse_id (sand_map_get_grid (console_map (console)), id, &hex));
  return hex;
}

G_GNUC_UNUSED static int
find_feature (SandConsole *console, const char *id)
{
  int f = sand_ruleset_find_side_feature (sand_map_get_ruleset (console_map (console)), id);

  g_assert_cmpint (f, >=, 0);
  return f;
}

G_GNUC_UNUSED static char *
setup_state (SandConsole *console)
{
  SandJson *json = sand_json_new ();

  sand_json_begin_object (json);
  sand_json_member_bool (json, "ok", TRUE);
  sand_console_write_setup_state (console, json);
  return sand_json_free_to_string (json);
}
