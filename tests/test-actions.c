/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-actions.c: the typed action (issue 13) — one parser and one
 * formatter that give back every line a saved game holds, refusals that
 * read and cite as before, and offered actions that applying accepts.
 */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "sand-action.h"
#include "sand-game.h"
#include "sand-result.h"
#include "sand-scenario-io.h"

#define SAVED_GAME_SEPARATOR "%%scenario\n"

static char *
data_path (const char *dir,
           const char *name)
{
  const char *datadir = g_getenv ("SANDTABLE_DATADIR");
  return g_build_filename (datadir ? datadir : SOURCE_DATADIR, dir, name, NULL);
}

static SandScenario *
shipped (const char *name)
{
  g_autofree char *path = data_path ("scenarios", name);
  g_autoptr(GError) error = NULL;
  SandScenario *s = sand_scenario_load_file (path, &error);
  g_assert_no_error (error);
  return s;
}

/* The line without the dice comment a replay ignores. */
static char *
body_of (const char *line)
{
  const char *hash = strchr (line, '#');
  char *body = hash ? g_strndup (line, (gsize) (hash - line)) : g_strdup (line);
  return g_strstrip (body);
}

/* Replays @log on @scenario line by line: each line parses into an action
 * whose text is the line, and the engine logs exactly the line again
 * (its dice comment too). */
static void
assert_lines_format_back (SandScenario *scenario,
                          const char   *log)
{
  g_auto(GStrv) lines = g_strsplit (log, "\n", -1);
  g_autoptr(GString) header = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  guint i = 0, n_actions = 0;

  for (; lines[i] != NULL; i++)
    {
      if (!g_str_has_prefix (lines[i], "seed ") && !g_str_has_prefix (lines[i], "oob "))
        break;
      g_string_append_printf (header, "%s\n", lines[i]);
    }
  g_autoptr(SandGame) game = sand_game_load_log (scenario, header->str, &error);
  g_assert_no_error (error);
  for (; lines[i] != NULL; i++)
    {
      if (lines[i][0] == '\0')
        continue;
      g_autoptr(SandAction) a = sand_game_parse_line (game, lines[i], &error);
      g_assert_no_error (error);
      g_assert_nonnull (a);
      g_autofree char *text = sand_action_format (game, a);
      g_autofree char *body = body_of (lines[i]);
      g_assert_cmpstr (text, ==, body);
      guint before = sand_game_log_length (game);
      g_assert_true (sand_game_apply (game, a, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (sand_game_log_length (game), ==, before + 1);
      g_assert_cmpstr (sand_game_log_line (game, before), ==, lines[i]);
      n_actions++;
    }
  g_assert_cmpuint (n_actions, >, 100);
}

static void
test_compat_saved_game_lines_format_back (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "compat",
                                                 "fpw1870-standard-formation-seed5.sandgame",
                                                 NULL);
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &data, NULL, &error);
  g_assert_no_error (error);
  const char *sep = strstr (data, SAVED_GAME_SEPARATOR);
  g_assert_nonnull (sep);
  g_autofree char *log = g_strndup (data, (gsize) (sep - data));
  const char *xml = sep + strlen (SAVED_GAME_SEPARATOR);
  g_autoptr(SandScenario) scenario = sand_scenario_load_data (xml, strlen (xml), path, &error);
  g_assert_no_error (error);
  assert_lines_format_back (scenario, log);
}

static void
test_compat_log_lines_format_back (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "compat",
                                                 "lfaf1914-4-bataille-complete-seed2.log", NULL);
  g_autofree char *log = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &log, NULL, &error);
  g_assert_no_error (error);
  g_autoptr(SandScenario) scenario = shipped ("lfaf1914-4-bataille-complete.xml");
  assert_lines_format_back (scenario, log);
}

/* Every kind of line either game logs, with every choice, reads back as
 * written: parse ∘ format is the identity. */
static void
assert_round_trip (SandGame   *game,
                   const char *line)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SandAction) a = sand_game_parse_line (game, line, &error);
  g_assert_no_error (error);
  g_autofree char *text = sand_action_format (game, a);
  g_assert_cmpstr (text, ==, line);
  /* and the copy is the same value */
  g_autoptr(SandAction) b = sand_action_copy (a);
  g_autofree char *again = sand_action_format (game, b);
  g_assert_cmpstr (again, ==, line);
}

static void
test_every_kind_of_line_formats_back (void)
{
  g_autoptr(SandScenario) fpw = shipped ("fpw1870.xml");
  g_autoptr(GError) error = NULL;
  g_autoptr(SandGame) g = sand_game_new (fpw, NULL, 1, &error);
  g_assert_no_error (error);
  const char *u1 = sand_game_get_counter (g, 0)->id, *u2 = sand_game_get_counter (g, 1)->id;
  const char *lines[] = {
    "at 2 german movement", "end-phase", "roll 6 1 3", "move %1 0101 0102 0103",
    "move %1 0101 probe", "entrain %1", "detrain %1", "setup %1 0203", "done %1", "exit %1",
    "reserve german 0304", "attack 0505 %1 %2", "attack 0505 %1 noflank losses=%2:2,fort:1",
    "attack 0505 %1 losses=fort:0 advance=%1,%2", "hasty 0505 %1 3",
    "hasty 0505 %1 3 losses=%2:1,fort:2", "dummy %1 0606", "remove %1", "withhold %1",
    "formation %1 concentrated", "formation %1 extended", "challenge %1 0707",
  };
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_autoptr(GString) line = g_string_new (lines[i]);
      g_string_replace (line, "%1", u1, 0);
      g_string_replace (line, "%2", u2, 0);
      assert_round_trip (g, line->str);
    }

  g_autoptr(SandScenario) lfaf = shipped ("lfaf1914-1-rossignol.xml");
  g_autoptr(SandGame) l = sand_game_new (lfaf, NULL, 1, &error);
  g_assert_no_error (error);
  const char *v1 = sand_game_get_counter (l, 0)->id, *v2 = sand_game_get_counter (l, 1)->id;
  const char *lfaf_lines[] = {
    "bombard 0505 %1 %2", "rally %1", "recon 0404", "surplus %1",
    "attack 0505 %1 losses=%2:1 retreat=%2:0506/0507 support=none",
    "attack 0505 %1 %2 retreat=%2:0506 support=%1 advance=%1",
  };
  for (guint i = 0; i < G_N_ELEMENTS (lfaf_lines); i++)
    {
      g_autoptr(GString) line = g_string_new (lfaf_lines[i]);
      g_string_replace (line, "%1", v1, 0);
      g_string_replace (line, "%2", v2, 0);
      assert_round_trip (l, line->str);
    }
}

/* The console's order `reserve HEX [SIDE]` reads as the log's. */
static void
test_reserve_reads_either_order (void)
{
  g_autoptr(SandScenario) fpw = shipped ("fpw1870.xml");
  g_autoptr(GError) error = NULL;
  g_autoptr(SandGame) g = sand_game_new (fpw, NULL, 1, &error);
  g_autoptr(SandAction) a = sand_game_parse_line (g, "reserve 0304 german", &error);
  g_assert_no_error (error);
  g_autofree char *text = sand_action_format (g, a);
  g_assert_cmpstr (text, ==, "reserve german 0304");
}

static void
assert_parse_refused (SandGame   *game,
                      const char *line,
                      int         code,
                      const char *message)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SandAction) a = sand_game_parse_line (game, line, &error);
  g_assert_null (a);
  g_assert_error (error, SAND_GAME_ERROR, code);
  if (message != NULL)
    g_assert_cmpstr (error->message, ==, message);
  /* the parser never cites a rule: a rule refuses when the action is applied */
  g_assert_null (sand_game_get_refusal_rule (game));
}

static void
test_parser_refusals_read_as_before (void)
{
  g_autoptr(SandScenario) fpw = shipped ("fpw1870.xml");
  g_autoptr(GError) error = NULL;
  g_autoptr(SandGame) g = sand_game_new (fpw, NULL, 1, &error);
  const char *u = sand_game_get_counter (g, 0)->id;
  g_autofree char *formation = g_strdup_printf ("formation %s sideways", u);
  g_autofree char *hasty = g_strdup_printf ("hasty 0505 %s lots", u);

  assert_parse_refused (g, "frobnicate 0101", SAND_GAME_ERROR_UNKNOWN,
                        "There is no command 'frobnicate' in this game.");
  assert_parse_refused (g, "bombard 0101 x", SAND_GAME_ERROR_UNKNOWN, NULL);
  assert_parse_refused (g, "move", SAND_GAME_ERROR_INVALID, "move takes ID HEX… [probe].");
  assert_parse_refused (g, "move nobody 0101", SAND_GAME_ERROR_INVALID,
                        "There is no unit 'nobody'.");
  assert_parse_refused (g, "at two german movement", SAND_GAME_ERROR_INVALID,
                        "The turn must be a whole number, not 'two'.");
  assert_parse_refused (g, "at 1 prussian movement", SAND_GAME_ERROR_INVALID,
                        "Unknown side 'prussian' (the sides are french, german).");
  assert_parse_refused (g, "at 1 german lunch", SAND_GAME_ERROR_INVALID,
                        "There is no phase 'lunch'.");
  assert_parse_refused (g, "attack 0505", SAND_GAME_ERROR_INVALID,
                        "Name the hex attacked and the attacking units.");
  assert_parse_refused (g, formation, SAND_GAME_ERROR_INVALID,
                        "Usage: formation UNIT concentrated|extended.");
  assert_parse_refused (g, hasty, SAND_GAME_ERROR_INVALID,
                        "The Combat Points must be a whole number, not 'lots'.");
  g_autofree char *bad_hex = g_strdup_printf ("move %s 01O1", u);
  assert_parse_refused (g, bad_hex, SAND_GAME_ERROR_INVALID, NULL);
  g_autofree char *bad_losses = g_strdup_printf ("attack 0505 %s losses=%s", u, u);
  assert_parse_refused (g, bad_losses, SAND_GAME_ERROR_INVALID, NULL);
}

/* A rule's refusal is the apply's, citing the same case as before. */
static void
test_apply_refusal_cites_the_rule (void)
{
  g_autoptr(SandScenario) fpw = shipped ("fpw1870.xml");
  g_autoptr(GError) error = NULL;
  g_autoptr(SandGame) g = sand_game_new (fpw, NULL, 1, &error);
  g_assert_no_error (error);
  const char *u = sand_game_get_counter (g, 0)->id;
  const char *args[] = { "0505", u, "3", NULL };

  /* the scenario plays the Basic Game: no hasty attacks */
  g_assert_false (sand_game_perform_args (g, "hasty", args, NULL, &error));
  g_assert_error (error, SAND_GAME_ERROR, SAND_GAME_ERROR_REFUSED);
  g_assert_cmpstr (sand_game_get_refusal_rule (g), ==, "Movement (B)");
}

static gboolean
takes_only_a_unit (const SandActionSpec *spec)
{
  return spec->fields[0].kind == SAND_FIELD_UNIT && spec->fields[1].kind == SAND_FIELD_END;
}

/* For every unit of the side to move, phase after phase: what the game
 * offers for it, applying accepts; an action that takes only a unit and is
 * not offered, applying refuses — and where the offer gives a reason, it
 * is the refusal's own, with the same rule case. */
static guint n_reasons;         /* refusals an offer explained */

static void
assert_offers_match (SandGame *game)
{
  g_autoptr(GPtrArray) specs = g_ptr_array_new ();
  sand_game_list_actions (game, specs);
  for (guint u = 0; u < sand_game_n_units (game); u++)
    {
      const SandUnitState *st = sand_game_get_unit (game, (int) u);
      if (st->status != SAND_UNIT_ON_MAP || st->side != sand_game_get_side (game))
        continue;
      g_autoptr(GArray) offers = g_array_new (FALSE, FALSE, sizeof (SandOffer));
      sand_game_offered_actions (game, (int) u, offers);
      for (guint k = 0; k < specs->len; k++)
        {
          const SandActionSpec *spec = g_ptr_array_index (specs, k);
          gboolean offered = FALSE;
          for (guint o = 0; o < offers->len; o++)
            offered |= g_array_index (offers, SandOffer, o).spec == spec;
          if (spec->kind == SAND_ACTION_MOVE && offered)
            {
              g_autoptr(GError) error = NULL;
              const SandReach *r = sand_game_reach (game, (int) u, &error);
              g_assert_no_error (error);
              g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
              sand_reach_hexes (r, hexes);
              if (hexes->len == 0)
                continue;
              g_autoptr(SandAction) a = sand_action_new (spec);
              a->unit = (int) u;
              a->path = g_array_new (FALSE, FALSE, sizeof (int));
              g_array_append_val (a->path, g_array_index (hexes, int, 0));
              g_assert_true (sand_game_apply (game, a, NULL, &error));
              g_assert_true (sand_game_undo (game, NULL));
              continue;
            }
          if (!takes_only_a_unit (spec) || (spec->flags & SAND_ACTION_QUERY)
              || spec->offered == NULL)
            continue;
          g_autoptr(SandAction) a = sand_action_new (spec);
          a->unit = (int) u;
          g_autoptr(GError) error = NULL;
          g_autoptr(GError) why = NULL;
          g_autofree char *why_rule = NULL;
          g_autofree char *rule_before = g_strdup (sand_game_get_refusal_rule (game));
          g_assert_cmpint (sand_game_offer_reason (game, spec->name, (int) u, &why_rule, &why),
                           ==, offered);
          g_assert_cmpstr (sand_game_get_refusal_rule (game), ==, rule_before);
          guint before = sand_game_log_length (game);
          gboolean ok = sand_game_apply (game, a, NULL, &error);
          if (why != NULL)
            {
              g_assert_false (ok);
              g_assert_cmpstr (why->message, ==, error->message);
              g_assert_cmpstr (why_rule, ==, sand_game_get_refusal_rule (game));
              n_reasons++;
            }
          if (ok != offered)
            g_test_message ("%s %s: offered %d, applied %d (%s)", spec->name,
                            sand_game_get_counter (game, (int) u)->id, offered, ok,
                            error ? error->message : "");
          g_assert_cmpint (ok, ==, offered);
          if (ok && sand_game_log_length (game) > before)
            g_assert_true (sand_game_undo (game, NULL));
        }
    }
}

static void
test_offered_actions_match_what_applying_accepts (void)
{
  const char *scenarios[] = { "lfaf1914-1-rossignol.xml", "fpw1870.xml" };

  for (guint s = 0; s < G_N_ELEMENTS (scenarios); s++)
    {
      g_autoptr(SandScenario) scenario = shipped (scenarios[s]);
      g_autoptr(GError) error = NULL;
      g_autoptr(SandGame) g = sand_game_new (scenario, NULL, 3, &error);
      g_assert_no_error (error);
      /* the first player-turns, phase by phase */
      for (int phase = 0; phase < 12 && !sand_game_is_over (g); phase++)
        {
          assert_offers_match (g);
          g_autoptr(GArray) none = g_array_new (FALSE, FALSE, sizeof (SandOffer));
          sand_game_offered_actions (g, -1, none);
          gboolean end = FALSE;
          for (guint o = 0; o < none->len; o++)
            end |= g_array_index (none, SandOffer, o).spec->kind == SAND_ACTION_END_PHASE;
          g_assert_true (end);
          if (!sand_game_end_phase (g, &error))
            break;
        }
    }
  g_assert_cmpuint (n_reasons, >, 0);
}

/* A module's action answers as typed facts; the console writes them. */
static void
test_module_action_result_is_typed (void)
{
  g_autoptr(SandScenario) fpw = shipped ("fpw1870.xml");
  g_autoptr(GError) error = NULL;
  g_autoptr(SandGame) g = sand_game_new (fpw, NULL, 1, &error);
  const SandActionSpec *withhold = sand_game_find_action (g, "withhold");
  g_assert_nonnull (withhold);
  g_assert_cmpint (withhold->kind, ==, SAND_ACTION_MODULE);
  g_assert_null (sand_game_find_action (g, "bombard"));
  g_assert_nonnull (sand_game_find_action (g, "move"));

  g_autoptr(SandScenario) lfaf = shipped ("lfaf1914-1-rossignol.xml");
  g_autoptr(SandGame) l = sand_game_new (lfaf, NULL, 1, &error);
  const char *args[] = { NULL };
  SandResult r;
  g_assert_true (sand_game_perform_args (l, "markers", args, &r, &error));
  g_assert_no_error (error);
  const SandFact *f = sand_result_find (&r, "markers");
  g_assert_nonnull (f);
  g_assert_cmpint (f->kind, ==, SAND_FACT_ARRAY);
  sand_result_clear (&r);
  /* a query is never logged */
  g_assert_cmpuint (sand_game_log_length (l), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/actions/compat-saved-game-lines-format-back",
                   test_compat_saved_game_lines_format_back);
  g_test_add_func ("/actions/compat-log-lines-format-back", test_compat_log_lines_format_back);
  g_test_add_func ("/actions/every-kind-of-line-formats-back",
                   test_every_kind_of_line_formats_back);
  g_test_add_func ("/actions/reserve-reads-either-order", test_reserve_reads_either_order);
  g_test_add_func ("/actions/parser-refusals-read-as-before",
                   test_parser_refusals_read_as_before);
  g_test_add_func ("/actions/apply-refusal-cites-the-rule", test_apply_refusal_cites_the_rule);
  g_test_add_func ("/actions/offered-actions-match-what-applying-accepts",
                   test_offered_actions_match_what_applying_accepts);
  g_test_add_func ("/actions/module-action-result-is-typed", test_module_action_result_is_typed);
  return g_test_run ();
}
