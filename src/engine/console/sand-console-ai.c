/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-console-ai.c: the console's `ai` command — the computer player
 * plays the side to move's current phase (docs/console.md, docs/ai.md). */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "sand-ai.h"
#include "sand-console-private.h"
#include "sand-json.h"

/* ai [random|fast|strong] [budget=MS] [iterations=N] [seed=N] */
gboolean
sand_console_cmd_ai (SandConsole        *console,
                     SandGame           *game,
                     const char * const *args,
                     SandJson           *answer)
{
  SandAiOptions options;
  const char *level = sand_console_positional (args, 0);
  const char *budget = sand_console_arg_value (args, "budget");
  const char *iterations = sand_console_arg_value (args, "iterations");
  const char *seed = sand_console_arg_value (args, "seed");
  g_autoptr(GError) error = NULL;

  sand_ai_options_init (&options);
  options.seed = sand_console_get_seed (console);
  for (guint i = 0; args[i] != NULL; i++)
    if (strchr (args[i], '=') != NULL && !g_str_has_prefix (args[i], "budget=")
        && !g_str_has_prefix (args[i], "iterations=") && !g_str_has_prefix (args[i], "seed="))
      return sand_console_refuse (answer, NULL, _("ai does not know the option '%s'."), args[i]);
  if (sand_console_n_positional (args) > 1
      || (level != NULL && !sand_ai_level_parse (level, &options.level)))
    return sand_console_refuse (answer, NULL,
                                _("Usage: ai [random|fast|strong] [budget=MS] [iterations=N] "
                                  "[seed=N]."));
  int value;
  if (budget != NULL)
    {
      if (!sand_console_parse_int (budget, _("budget"), &value, answer))
        return TRUE;
      if (value < 0)
        return sand_console_refuse (answer, NULL, _("The budget cannot be negative."));
      options.budget_ms = value;
    }
  if (iterations != NULL)
    {
      if (!sand_console_parse_int (iterations, _("iterations"), &value, answer))
        return TRUE;
      if (value < 0)
        return sand_console_refuse (answer, NULL,
                                    _("The number of iterations cannot be negative."));
      options.budget_iterations = value;
      if (budget == NULL)
        options.budget_ms = 0;
    }
  if (seed != NULL)
    {
      if (!sand_console_parse_int (seed, _("seed"), &value, answer))
        return TRUE;
      /* Cast to unsigned, -1 would quietly be another seed. */
      if (value < 0)
        return sand_console_refuse (answer, NULL, _("The seed cannot be negative."));
      options.seed = (guint64) value;
    }
  if (sand_game_is_over (game))
    return sand_console_refuse (answer, NULL, _("The game is over."));
  if (sand_game_get_pending_attack (game) != NULL)
    return sand_console_refuse (answer, sand_game_get_pending_attack (game)->loss[0].rule,
                                _("An attack waits for its owners' choices: settle it first."));

  int side = sand_game_get_side (game);
  g_autoptr(GPtrArray) taken = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) reasons = g_ptr_array_new_with_free_func (g_free);
  if (!sand_ai_play_phase_explained (game, &options, taken, reasons, &error))
    return sand_console_refuse (answer, NULL, "%s", error->message);
  sand_json_member_string (answer, "player", sand_console_side_id (game, side));
  sand_json_member_string (answer, "level", sand_ai_level_name (options.level));
  sand_json_key (answer, "actions");
  sand_json_begin_array (answer);
  for (guint i = 0; i < taken->len; i++)
    sand_json_string (answer, g_ptr_array_index (taken, i));
  sand_json_end_array (answer);
  sand_json_key (answer, "why");
  sand_json_begin_array (answer);
  for (guint i = 0; i < reasons->len; i++)
    sand_json_string (answer, g_ptr_array_index (reasons, i));
  sand_json_end_array (answer);
  sand_console_write_clock (console, game, answer);
  return TRUE;
}
