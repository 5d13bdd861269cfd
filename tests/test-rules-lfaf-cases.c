/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules-lfaf-cases.c: La fleur au fusil, août 1914 — the cases a
 * reading of the rulebook against the engine found played wrongly or not
 * at all (issue 14), named after them and driven through the console.
 * test-rules-lfaf.c holds the rest.
 *
 * The base map is 12x12 clear, flat-topped, even columns lower: the
 * neighbours of 0505 are n 0504, ne 0604, se 0605, s 0506, sw 0405,
 * nw 0404.
 */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "sand-console.h"
#include "sand-game.h"

#include "console-test-helpers.h"

static int
steps (const char *id)
{
  return sand_game_get_unit (game (), sand_game_find_unit (game (), id))->strength;
}

static void
base_map (void)
{
  g_clear_pointer (&con, sand_console_free);
  con = sand_console_new (NULL, 7);
  ok ("new lfaf1914 12x12", NULL, NULL);
}

static void
teardown (void)
{
  g_clear_pointer (&con, sand_console_free);
}

/* How many times @id appears as a unit in @answer's "units". */
static int
times_listed (const char *answer, const char *id)
{
  g_autofree char *key = g_strdup_printf ("{\"id\":\"%s\",\"loss\"", id);
  int n = 0;
  for (const char *p = strstr (answer, key); p != NULL; p = strstr (p + 1, key))
    n++;
  return n;
}

/* Messages: a unit that loses a step in the assault and another in its
 * retreat (into the attacker's zone of control) is listed once, with both
 * steps and its strength after them. */
static void
messages_combined_retreat_loss_listed_once (void)
{
  base_map ();
  ok ("hexside 0505 se river", NULL, NULL);
  ok ("hexside 0505 s river", NULL, NULL);
  ok ("hexside 0505 sw river", NULL, NULL);
  ok ("unit a french infantry 0504 steps=2 quality=1", NULL, NULL);
  ok ("unit d german light 0505 steps=3 quality=0", NULL, NULL);
  ok ("at 1 french combat", NULL, NULL);
  ok ("roll 6", NULL, NULL);
  g_autofree char *a = run ("attack 0505 a");
  g_assert_true (g_str_has_prefix (a, "{\"ok\":true"));
  g_assert_cmpint (steps ("d"), ==, 1);
  g_assert_cmpint (times_listed (a, "d"), ==, 1);
  g_assert_nonnull (strstr (a, "{\"id\":\"d\",\"loss\":2,\"strength\":1}"));
  teardown ();
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
#define T(name) g_test_add_func ("/rules-lfaf-cases/" #name, name)
  T (messages_combined_retreat_loss_listed_once);
  return g_test_run ();
}
