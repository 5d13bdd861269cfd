/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "editor-victory-dialog.h"

char *
editor_victory_dialog_describe (SandGame *game)
{
  SandRuleset *ruleset;
  SandVictory vp = { 0 };
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (game != NULL, NULL);

  ruleset = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  sand_game_victory (game, &vp);
  for (guint s = 0; s < sand_ruleset_n_sides (ruleset) && s < SAND_MAX_SIDES; s++)
    /* Translators: a side and its victory points, e.g. "German: 134 VP". */
    g_string_append_printf (text, _("%s: %d VP\n"), sand_ruleset_get_side (ruleset, s)->name,
                            vp.points[s]);
  g_string_append_printf (text, _("Net: %d"), vp.net);
  if (vp.level != NULL)
    g_string_append_printf (text, "\n%s", vp.level);
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
