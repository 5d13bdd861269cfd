/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sandtable-cli play --french … --german …: a game between players, each
 * a person at the console or the computer (docs/console.md, docs/ai.md).
 * The computer's phases are played and ended here, each answered as one
 * JSON line; a person's lines go to the console as usual; the result is
 * the last line once the game is over. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <glib/gi18n.h>

#include "cli-play.h"
#include "sand-ai.h"
#include "sand-console.h"
#include "sand-game.h"
#include "sand-json.h"

typedef struct {
  gboolean computer;
  SandAiOptions options;
} Player;

static gboolean
parse_player (const char  *text,
              int          budget_ms,
              guint64      seed,
              Player      *out,
              GError     **error)
{
  sand_ai_options_init (&out->options);
  out->options.seed = seed;
  if (budget_ms >= 0)
    out->options.budget_ms = budget_ms;
  out->computer = TRUE;
  if (text == NULL || strcmp (text, "human") == 0)
    out->computer = FALSE;
  else if (strcmp (text, "ai") == 0)
    out->options.level = budget_ms >= 0 ? SAND_AI_STRONG : SAND_AI_FAST;
  else if (!sand_ai_level_parse (text, &out->options.level))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("'%s' is no player: ai, fast, strong, random or human"), text);
      return FALSE;
    }
  return TRUE;
}

static const char *
side_id (SandGame *game, int side)
{
  SandRuleset *rs = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  return side >= 0 && (guint) side < sand_ruleset_n_sides (rs)
    ? sand_ruleset_get_side (rs, (guint) side)->id : NULL;
}

static void
print_line (char *text)
{
  fputs (text, stdout);
  fputc ('\n', stdout);
  fflush (stdout);
  g_free (text);
}

static void
print_result (SandGame *game)
{
  SandAiOutcome out;
  SandJson *j = sand_json_new ();

  sand_ai_outcome (game, &out);
  sand_json_begin_object (j);
  sand_json_member_bool (j, "ok", TRUE);
  sand_json_member_bool (j, "over", out.over);
  sand_json_member_int (j, "turn", sand_game_get_turn (game));
  sand_json_key (j, "vp");
  sand_json_begin_object (j);
  for (int s = 0; side_id (game, s) != NULL; s++)
    sand_json_member_int (j, side_id (game, s), out.victory.points[s]);
  sand_json_member_int (j, "net", out.victory.net);
  sand_json_end_object (j);
  if (out.level != NULL)
    sand_json_member_string (j, "level", out.level);
  else
    sand_json_member_null (j, "level");
  if (out.winner >= 0)
    sand_json_member_string (j, "winner", side_id (game, out.winner));
  else
    sand_json_member_null (j, "winner");
  print_line (sand_json_free_to_string (j));
}

/* Plays the computer's phases until a person is to move or the game is
 * over; FALSE when a phase cannot be ended. */
static gboolean
drive (SandGame *game, Player *players, int n_sides)
{
  while (!sand_game_is_over (game))
    {
      /* A computer side sets itself up first, and its phases end as
       * sand_ai_play_game ends them, so that a game played phase by phase
       * is the headless game of the same seed (and balance's). */
      int setting_up = sand_game_setup_side (game);
      int side = setting_up >= 0 ? setting_up : sand_game_get_side (game);
      if (side < 0 || side >= n_sides || !players[side].computer)
        return TRUE;
      g_autoptr(GPtrArray) taken = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GError) error = NULL;
      const SandAiOptions *enemy = NULL;
      for (int s = 0; s < n_sides && enemy == NULL; s++)
        if (s != side && players[s].computer)
          enemy = &players[s].options;
      gboolean ok = setting_up >= 0
                      ? sand_ai_set_up (game, &players[side].options, taken, NULL, &error)
                      : sand_ai_play_phase_against (game, &players[side].options, enemy, taken,
                                                    &error)
                          && (sand_game_is_over (game) || sand_ai_end_phase (game, &error));
      if (!ok)
        {
          SandJson *j = sand_json_new ();
          sand_json_begin_object (j);
          sand_json_member_bool (j, "ok", FALSE);
          sand_json_member_string (j, "error", error->message);
          print_line (sand_json_free_to_string (j));
          return FALSE;
        }
      SandJson *j = sand_json_new ();
      sand_json_begin_object (j);
      sand_json_member_bool (j, "ok", TRUE);
      sand_json_member_string (j, "player", side_id (game, side));
      sand_json_member_string (j, "level", sand_ai_level_name (players[side].options.level));
      sand_json_key (j, "actions");
      sand_json_begin_array (j);
      for (guint i = 0; i < taken->len; i++)
        sand_json_string (j, g_ptr_array_index (taken, i));
      sand_json_end_array (j);
      sand_json_member_int (j, "turn", sand_game_get_turn (game));
      sand_json_member_string (j, "side", side_id (game, sand_game_get_side (game)));
      sand_json_member_string (j, "phase", sand_game_get_phase_id (game));
      print_line (sand_json_free_to_string (j));
    }
  return TRUE;
}

int
sand_cli_play_players (SandConsole *console,
                       FILE        *in,
                       const char  *french,
                       const char  *german,
                       int          budget_ms,
                       gboolean     quiet)
{
  g_autoptr(GError) error = NULL;
  SandScenario *scenario = sand_console_get_scenario (console);
  guint64 seed = sand_console_get_seed (console);
  SandGame *game = sand_console_get_game (console);

  if (scenario == NULL)
    {
      fprintf (stderr, "sandtable-cli play: %s\n",
               _("--french and --german need a scenario FILE"));
      return 2;
    }
  if (game == NULL)
    {
      game = sand_game_new (scenario, NULL, seed, &error);
      if (game == NULL)
        {
          fprintf (stderr, "sandtable-cli play: %s\n", error->message);
          return 2;
        }
      sand_console_set_game (console, game, (GDestroyNotify) sand_game_free);
    }
  SandRuleset *rs = sand_scenario_get_ruleset (scenario);
  int n_sides = MIN ((int) sand_ruleset_n_sides (rs), SAND_MAX_SIDES);
  Player players[SAND_MAX_SIDES] = { { 0 } };
  gboolean any_human = FALSE;
  for (int s = 0; s < n_sides; s++)
    {
      const char *id = sand_ruleset_get_side (rs, (guint) s)->id;
      const char *who = g_strcmp0 (id, "french") == 0 ? french
                        : g_strcmp0 (id, "german") == 0 ? german : NULL;
      if (!parse_player (who, budget_ms, seed * 4 + (guint64) s + 1, &players[s], &error))
        {
          fprintf (stderr, "sandtable-cli play: %s\n", error->message);
          return 2;
        }
      any_human |= !players[s].computer;
    }

  if (!any_human)
    {
      /* Headless: only the result, unless each phase is asked for. */
      while (!sand_game_is_over (game))
        {
          if (quiet)
            {
              const SandAiOptions *opts[SAND_MAX_SIDES] = { NULL };
              for (int s = 0; s < n_sides; s++)
                opts[s] = &players[s].options;
              if (!sand_ai_play_game (game, opts, NULL, &error))
                {
                  fprintf (stderr, "sandtable-cli play: %s\n", error->message);
                  return 1;
                }
            }
          else if (!drive (game, players, n_sides))
            return 1;
        }
      print_result (game);
      return 0;
    }

  g_autoptr(GString) line = g_string_new (NULL);
  gboolean too_long;
  gboolean ok = drive (game, players, n_sides);
  while (ok && !sand_game_is_over (game) && sand_cli_read_line (in, line, &too_long))
    {
      char *answer = sand_cli_execute_line (console, line, too_long);
      if (answer != NULL)
        print_line (answer);
      /* The console may have replaced its game (`load`, `new`). */
      game = sand_console_get_game (console);
      if (game == NULL)
        break;
      ok = drive (game, players, n_sides);
    }
  if (game != NULL && sand_game_is_over (game))
    print_result (game);
  return ok ? 0 : 1;
}
