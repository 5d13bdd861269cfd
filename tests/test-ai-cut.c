/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ai-cut.c: units sent together onto the hexes whose control cuts
 * the supply of an enemy unit that scores in the side's country (issue
 * 15 item 4, FPW's Germans on the variable orders of battle;
 * sand-ai-cut.c). Built in the console on a small FPW map, France to the
 * west (columns 1–5) and Germany to the east (6–12): a French corps of
 * 10 three hexes into Germany, supplied from a source in France, scores
 * 150 (50 a hex of penetration). Two German corps of 3, each a move
 * from it: no attack they could make together reaches the odds the
 * attack step asks (12 doubled against 20), so the concert sends neither;
 * the threat field draws each toward it alone. Placed on two hexes on
 * opposite sides of it, their zones of control close every hex round it
 * and its supply line with them (FPW Supply: not through enemy-controlled
 * hexes): the count falls to nothing. With the cut they go there, each
 * to its own hex. A French corps that is not supplied (no French source
 * within reach) scores nothing: no cut, and they go on as before.
 */
#include "config.h"

#include <string.h>

#include <glib.h>

#include "sand-console.h"
#include "sand-scenario.h"

#include "ai-console-map.h"

static SandConsole *
cut_position (gboolean french_source)
{
  SandConsole *c = small_fpw_map (5, 12, 10);
  const char *setup[] = {
    "marker supply 1205 german source=hex", "marker victory 1110 none value=10",
    "unit fr-a french combat 0805 strength=10",
    "unit de-a german combat 1102 strength=3", "unit de-b german combat 1108 strength=3",
    "turns 5 first=german", "at 2 german movement",
  };
  if (french_source)
    g_free (run (c, "marker supply 0105 french source=hex"));
  run_lines (c, setup, G_N_ELEMENTS (setup));
  return c;
}

static void
test_two_corps_cut_the_supply_of_a_corps_deep_in_germany (void)
{
  g_autoptr(SandConsole) c = cut_position (TRUE);
  g_autofree char *before = run (c, "vp german");
  g_test_message ("%s", before);
  g_assert_nonnull (strstr (before, "\"french\":150"));
  g_autofree char *a = run (c, "ai fast");
  g_test_message ("%s", a);
  /* each says why, the one that closes the line too (its move is the one
   * the count pays for: it says what falls) */
  const char *first = strstr (a, "Cuts the supply of the enemy at 0805");
  g_assert_nonnull (first);
  g_assert_nonnull (strstr (first + 1, "Cuts the supply of the enemy at 0805, which scores in "
                                       "its country: with the units sent with it, 2 in all, its "
                                       "line is closed. Victory count +150.0."));
  /* one on each side of it: 0704 (two hexes off, its zone reaching the
   * hexes next to 0805 on the west) and 0806 (next to it, south-east) */
  g_assert_true (moved_to (a, "de-a", "0704"));
  g_assert_true (moved_to (a, "de-b", "0806"));
  g_autofree char *after = run (c, "vp german");
  g_test_message ("%s", after);
  g_assert_nonnull (strstr (after, "\"french\":0"));
}

static void
test_no_cut_of_a_corps_that_scores_nothing (void)
{
  g_autoptr(SandConsole) c = cut_position (FALSE);
  g_autofree char *before = run (c, "vp german");
  g_test_message ("%s", before);
  g_assert_nonnull (strstr (before, "\"french\":0"));
  g_autofree char *a = run (c, "ai fast");
  g_test_message ("%s", a);
  g_assert_null (strstr (a, "Cuts the supply"));
  g_assert_false (moved_to (a, "de-a", "0704") || moved_to (a, "de-b", "0806"));
}

/* The Standard Game on @c (every French counter face down to the
 * Germans), a French corps of 10 (fr-a) and a French dummy (fr-d), one
 * at 0805 three hexes into Germany and the other at 0103 in France
 * (@corps_deep: the corps deep). */
static void
face_down_pair (SandConsole *c, gboolean corps_deep)
{
  sand_scenario_set_option (sand_console_get_scenario (c), "standard", TRUE);
  g_autofree char *corps = g_strdup_printf ("unit fr-a french combat %s strength=10",
                                            corps_deep ? "0805" : "0103");
  g_autofree char *dummy = g_strdup_printf ("unit fr-d french dummy %s",
                                            corps_deep ? "0103" : "0805");
  g_free (run (c, corps));
  g_free (run (c, dummy));
}

/* The cut's position in the Standard Game, where every French counter is
 * face down to the Germans: a French corps of 10 and a French dummy, one
 * at 0805 three hexes into Germany and the other at 0103 in France
 * (@corps_deep: the corps deep), and a corps of 8 to come on turn 5 (the
 * counter mix is public: off the map, the German knows it real, and puts
 * it where a face-down counter stands to ask what a real one would
 * score there, sand-ai-standin.c); the rest as above. */
static SandConsole *
face_down_position (gboolean corps_deep)
{
  SandConsole *c = small_fpw_map (5, 12, 10);
  face_down_pair (c, corps_deep);
  const char *setup[] = {
    "marker supply 0105 french source=hex", "marker supply 1205 german source=hex",
    "marker victory 1110 none value=10",
    "unit fr-r french combat 0103 strength=8 arrive=5",
    "unit de-a german combat 1102 strength=3", "unit de-b german combat 1108 strength=3",
    "turns 5 first=german", "at 2 german movement",
  };
  run_lines (c, setup, G_N_ELEMENTS (setup));
  return c;
}

/* The German actions of @answer up to and including its first hasty
 * attack (what that finds is the German's to know from then on), each
 * without its results: what the player decided. */
static char *
decisions (const char *answer)
{
  GString *out = g_string_new (NULL);
  for (const char *p = strstr (answer, "\"move "); p != NULL;)
    {
      const char *end = strchr (p + 1, '"');
      g_assert_nonnull (end);
      g_string_append_len (out, p + 1, end - p - 1);
      g_string_append_c (out, '\n');
      if (g_str_has_prefix (p + 1, "hasty "))
        break;
      p = strstr (end + 1, "\"");
      while (p != NULL && !g_str_has_prefix (p + 1, "move ") && !g_str_has_prefix (p + 1, "hasty "))
        p = strstr (p + 1, "\"");
    }
  return g_string_free (out, FALSE);
}

/* The German's fast phase in @corps and in @dummy, two positions that
 * differ only in whether the face-down counter fr-a deep in Germany is the
 * corps (150 points while supplied) or the dummy (none): it is not named
 * to the German, and the German decides the same in both (issue 15 item
 * 2). The answers in @a and @b. */
static void
play_both (SandConsole *corps, SandConsole *dummy, char **a, char **b)
{
  g_autofree char *seen = run (corps, "state german");
  g_assert_null (strstr (seen, "fr-a"));
  g_autofree char *vp_corps = run (corps, "vp");
  g_autofree char *vp_dummy = run (dummy, "vp");
  g_assert_nonnull (strstr (vp_corps, "\"french\":150"));
  g_assert_nonnull (strstr (vp_dummy, "\"french\":0"));
  *a = run (corps, "ai fast");
  *b = run (dummy, "ai fast");
  g_test_message ("%s\n%s", *a, *b);
  g_autofree char *da = decisions (*a);
  g_autofree char *db = decisions (*b);
  g_assert_cmpstr (da, ==, db);
}

/* Issue 15 item 2: the German cannot tell the corps from the dummy, so
 * it decides the same whether the counter deep in Germany is the corps
 * (which scores 150 while supplied) or the dummy (which scores nothing):
 * the cut and the guard, which ask what a real unit would score where a
 * face-down counter stands, read only where it stands. (Here the guard
 * takes both German corps first, one of them next to the counter, so the
 * cut never acts here: its own path is the last test's.) */
static void
test_honest_a_face_down_counter_deep_corps_or_dummy_same_decisions (void)
{
  g_autoptr(SandConsole) corps = face_down_position (TRUE);
  g_autoptr(SandConsole) dummy = face_down_position (FALSE);
  g_autofree char *a = NULL, *b = NULL;
  play_both (corps, dummy, &a, &b);
  g_autofree char *da = decisions (a);
  g_assert_nonnull (strstr (da, "move de-b"));
  g_assert_true (moved_to (a, "de-b", "0806"));  /* next to the counter */
}

/* The why of @answer's move of @unit (its actions and reasons are two
 * arrays in step); NULL when it did not move. */
static char *
reason_of (const char *answer, const char *unit)
{
  g_autofree char *key = g_strdup_printf ("move %s ", unit);
  const char *p = strstr (answer, "\"actions\":[");
  const char *why = strstr (answer, "\"why\":[");
  g_assert_nonnull (p);
  g_assert_nonnull (why);
  p += strlen ("\"actions\":[") - 1;
  int nth = -1;
  for (int k = 0; (p = strchr (p + 1, '"')) != NULL && p < why; k++)
    {
      if (g_str_has_prefix (p + 1, key))
        {
          nth = k;
          break;
        }
      p = strchr (p + 1, '"');  /* the action's closing quote */
    }
  if (nth < 0)
    return NULL;
  p = why + strlen ("\"why\":[");
  for (int k = 0; k < nth; k++)
    p = strchr (strchr (p + 1, '"') + 1, '"');  /* past one reason */
  const char *end = strchr (p + 1, '"');
  return g_strndup (p + 1, (gsize) (end - p - 1));
}

/* The Standard Game again, where the cut itself (not the guard, not the
 * concert) answers the face-down counter at 0805: a French corps of 10
 * and a dummy, one there and the other at 0103 (@corps_deep: the corps
 * deep); the counter mix, public, holds a reserve corps of 20 and seven
 * dummies besides, off the map until turn 5. What the German believes
 * of the counter follows from that mix alone: real, 15 on average (the
 * concert would need 15 next to it, flanked, and the German has 9 that
 * reach it: none), and 3 as the unseen counters go, dummies among them
 * (the guard asks twice that, 6: de-g, of 6, already beside it at 0806,
 * makes it, and de-n, of 6, at 0702, guards where the counter at 0103
 * would come in). de-a, of 3, at 1102 is free: with de-g south of the
 * counter, de-a north of it closes its line, and the cut sends it there.
 * Played under the shipped weights, or (@no_cut) under a ruleset derived
 * from FPW's with `ai-cut` 0. */
static SandConsole *
cut_face_down_position (gboolean corps_deep, gboolean no_cut)
{
  SandConsole *c = small_fpw_map (5, 12, 10);
  if (no_cut)
    {
      SandScenario *sc = sand_console_get_scenario (c);
      const SandParam off = { .name = (char *) "ai-cut", .value = (char *) "0" };
      g_autoptr(SandRuleset) rs = sand_ruleset_new_with_params (sand_scenario_get_ruleset (sc),
                                                                &off, 1);
      g_autoptr(SandScenario) without = sand_scenario_copy_with_ruleset (sc, rs);
      sand_console_set_scenario (c, without);
    }
  face_down_pair (c, corps_deep);
  const char *setup[] = {
    "marker supply 0105 french source=hex", "marker supply 1205 german source=hex",
    "marker victory 1110 none value=10",
    "unit fr-r french combat 0103 strength=20 arrive=5",
    "unit fr-x1 french dummy 0103 arrive=5", "unit fr-x2 french dummy 0103 arrive=5",
    "unit fr-x3 french dummy 0103 arrive=5", "unit fr-x4 french dummy 0103 arrive=5",
    "unit fr-x5 french dummy 0103 arrive=5", "unit fr-x6 french dummy 0103 arrive=5",
    "unit fr-x7 french dummy 0103 arrive=5",
    "unit de-g german combat 0806 strength=6", "unit de-n german combat 0702 strength=6",
    "unit de-a german combat 1102 strength=3",
    "turns 5 first=german", "at 2 german movement",
  };
  run_lines (c, setup, G_N_ELEMENTS (setup));
  return c;
}

/* Issue 15 item 2, on the cut's own path: the German cannot tell the
 * corps from the dummy at 0805, so the cut asks what a real unit would
 * score there (the stand-in, sand-ai-standin.c) and sends de-a to close
 * its line whatever the counter is — the same decisions, the cut's
 * reason on de-a's move — and the corps, when it is the corps, is cut
 * off (its 150 points fall to 0). Under `ai-cut` 0 de-a goes to the
 * objective instead: the cut, nothing else, sent it. */
static void
test_honest_the_cut_answers_a_face_down_counter_as_a_corps_whatever_it_is (void)
{
  g_autoptr(SandConsole) corps = cut_face_down_position (TRUE, FALSE);
  g_autoptr(SandConsole) dummy = cut_face_down_position (FALSE, FALSE);
  g_autofree char *a = NULL, *b = NULL;
  play_both (corps, dummy, &a, &b);
  /* the cut sent de-a north of the counter, and says so, in both */
  const char *answers[] = { a, b };
  for (guint k = 0; k < G_N_ELEMENTS (answers); k++)
    {
      g_assert_true (moved_to (answers[k], "de-a", "0804"));
      g_autofree char *why = reason_of (answers[k], "de-a");
      g_assert_nonnull (why);
      g_assert_true (g_str_has_prefix (why, "Cuts the supply of the enemy at 0805"));
    }
  g_autofree char *after = run (corps, "vp");
  g_test_message ("%s", after);
  g_assert_nonnull (strstr (after, "\"french\":0"));
  /* without the cut, de-a is not sent there */
  g_autoptr(SandConsole) plain = cut_face_down_position (TRUE, TRUE);
  g_autofree char *p = run (plain, "ai fast");
  g_test_message ("%s", p);
  g_assert_null (strstr (p, "Cuts the supply"));
  g_assert_false (moved_to (p, "de-a", "0804"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ai/cut/two-corps-cut-the-supply-of-a-corps-deep-in-germany",
                   test_two_corps_cut_the_supply_of_a_corps_deep_in_germany);
  g_test_add_func ("/ai/cut/no-cut-of-a-corps-that-scores-nothing",
                   test_no_cut_of_a_corps_that_scores_nothing);
  g_test_add_func ("/ai/cut/honest-a-face-down-counter-deep-corps-or-dummy-same-decisions",
                   test_honest_a_face_down_counter_deep_corps_or_dummy_same_decisions);
  g_test_add_func ("/ai/cut/honest-the-cut-answers-a-face-down-counter-as-a-corps-whatever-it-is",
                   test_honest_the_cut_answers_a_face_down_counter_as_a_corps_whatever_it_is);
  return g_test_run ();
}
