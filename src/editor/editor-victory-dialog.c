/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "editor-victory-dialog.h"
#include "sand-ruleset-labels.h"

/* A level's range as the Scenario page reads it. */
static char *
level_range (const SandVictoryLevel *level)
{
  if (level->min == G_MININT && level->max == G_MAXINT)
    return g_strdup (_("any score"));
  if (level->min == G_MININT)
    return g_strdup_printf (_("%d or less"), level->max);
  if (level->max == G_MAXINT)
    return g_strdup_printf (_("%d or more"), level->min);
  return g_strdup_printf (_("%d to %d"), level->min, level->max);
}

char *
editor_victory_dialog_describe (SandGame *game)
{
  SandScenario *scenario;
  SandRuleset *ruleset;
  const SandVictoryLevel *level;
  SandVictory vp = { 0 };
  GString *text = g_string_new (NULL);
  const char *title;

  g_return_val_if_fail (game != NULL, NULL);

  scenario = sand_game_get_scenario (game);
  ruleset = sand_scenario_get_ruleset (scenario);
  title = sand_scenario_get_title (scenario);
  sand_game_victory (game, &vp);

  /* The heading already names the level: the body says when the game
   * ended, the points, and which range of the scenario the net fell in,
   * which is what a designer balancing the levels wants to read. */
  if (title != NULL && *title != '\0')
    g_string_append_printf (text, "%s\n", title);
  /* Translators: when a playtest ended, e.g. "Game-Turn 7 of 7". */
  g_string_append_printf (text, _("Game-Turn %d of %d"), sand_game_get_turn (game),
                          sand_game_get_n_turns (game));
  g_string_append (text, "\n\n");
  for (guint s = 0; s < sand_ruleset_n_sides (ruleset) && s < SAND_MAX_SIDES; s++)
    /* Translators: a side and its victory points, e.g. "German: 134 VP". */
    g_string_append_printf (text, _("%s: %d VP\n"), sand_ruleset_side_label (ruleset, s),
                            vp.points[s]);
  level = sand_scenario_victory_level_for (scenario, vp.net);
  if (level != NULL)
    {
      g_autofree char *range = level_range (level);

      /* Translators: the net score and the range of the level it falls in. */
      g_string_append_printf (text, _("Net: %d (%s)"), vp.net, range);
    }
  else if (sand_scenario_n_victory_levels (scenario) > 0)
    /* Translators: the scenario's victory levels leave this net score out. */
    g_string_append_printf (text, _("Net: %d, which no victory level covers"), vp.net);
  else
    g_string_append_printf (text, _("Net: %d"), vp.net);
  return g_string_free (text, FALSE);
}

GtkWidget *
editor_victory_dialog_present (GtkWindow *parent,
                               SandGame  *game)
{
  g_autofree char *body = NULL;
  GtkWidget *dialog;
  SandVictory vp = { 0 };

  g_return_val_if_fail (game != NULL, NULL);

  sand_game_victory (game, &vp);
  body = editor_victory_dialog_describe (game);
  dialog = adw_message_dialog_new (parent,
                                   vp.level ? vp.level : _("The Game Is Over"), body);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "close");
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}
