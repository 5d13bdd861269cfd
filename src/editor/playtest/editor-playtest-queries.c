/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-playtest-queries.c: the console's questions on the playtest's
 * command line. The console answers them in JSON for scripts; a player at
 * the window gets what the window has for them instead. */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-playtest-queries.h"
#include "sand-console.h"
#include "sand-game.h"
#include "sand-ruleset-labels.h"

static gboolean
refuse (GError    **error,
        const char *message)
{
  g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID, message);
  return TRUE;
}

static gboolean
show_overlay (EditorPlaytest *playtest,
              guint           overlay,
              const char     *shown,
              char          **answer)
{
  editor_playtest_set_overlays (playtest, editor_playtest_get_overlays (playtest) | overlay);
  *answer = g_strdup (shown);
  return TRUE;
}

/* "vp [SIDE]": the score as the side may count it (the viewer's when no
 * side is named, so hot-seat play gives nothing away). */
static gboolean
answer_vp (EditorPlaytest     *playtest,
           SandGame           *game,
           const char * const *args,
           char              **answer,
           GError            **error)
{
  SandRuleset *rs = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  int side = editor_playtest_get_viewer (playtest);
  SandVictory v = { 0 };
  g_autoptr(GString) text = g_string_new (NULL);

  if (args[1] != NULL && (side = sand_ruleset_find_side (rs, args[1])) < 0)
    return refuse (error, _("No such side; vp takes a side's id, e.g. vp french."));
  sand_game_victory_for (game, side, &v);
  for (guint i = 0; i < sand_ruleset_n_sides (rs); i++)
    /* Translators: a side and its victory points, e.g. "German 12". */
    g_string_append_printf (text, i == 0 ? _("%s %d") : _(", %s %d"),
                            sand_ruleset_side_label (rs, i), v.points[i]);
  if (v.level != NULL)
    /* Translators: %d is the net score, %s the scenario's victory level. */
    g_string_append_printf (text, _(": net %d, %s"), v.net, v.level);
  else
    g_string_append_printf (text, _(": net %d"), v.net);
  *answer = g_string_free (g_steal_pointer (&text), FALSE);
  return TRUE;
}

gboolean
editor_playtest_query (EditorPlaytest  *playtest,
                       const char      *line,
                       char           **answer,
                       GError         **error)
{
  SandGame *game = editor_playtest_get_game (playtest);
  g_auto(GStrv) args = NULL;
  const char *command;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (playtest), FALSE);
  g_return_val_if_fail (answer != NULL && *answer == NULL, FALSE);

  args = sand_console_tokenize (line, NULL);
  if (game == NULL || args == NULL || args[0] == NULL)
    return FALSE;
  command = args[0];
  if (g_str_equal (command, "supply"))
    return show_overlay (playtest, EDITOR_PLAYTEST_OVERLAY_SUPPLY,
                         _("Supply shown on the map"), answer);
  if (g_str_equal (command, "zoc"))
    return show_overlay (playtest, EDITOR_PLAYTEST_OVERLAY_ZOC,
                         _("Zones of control shown on the map"), answer);
  if (g_str_equal (command, "vp"))
    return answer_vp (playtest, game, (const char * const *) args, answer, error);
  if (g_str_equal (command, "reach"))
    {
      int unit = args[1] != NULL ? sand_game_find_unit (game, args[1]) : -1;

      if (unit < 0)
        return refuse (error, _("No such unit; reach takes a unit's id, e.g. reach fr-ii."));
      editor_playtest_select_unit (playtest, unit);
      *answer = g_strdup_printf (_("Where %s can go is shown on the map"), args[1]);
      return TRUE;
    }
  if (g_str_equal (command, "undo"))
    {
      if (editor_playtest_undo (playtest, error))
        *answer = g_strdup (_("Last action taken back"));
      return TRUE;
    }
  if (g_str_equal (command, "log") || g_str_equal (command, "state")
      || g_str_equal (command, "pending"))
    {
      /* The side panel holds them: the log, the units, the attack. */
      editor_playtest_set_panel_visible (playtest, TRUE);
      *answer = g_strdup (_("Shown in the side panel"));
      return TRUE;
    }
  return FALSE;
}
