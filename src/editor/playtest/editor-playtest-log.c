/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The playtest's actions and log: playing typed actions and console
 * lines, the log with what the dice did, replay (rewind and step) and
 * saved games. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "sand-scenario-io.h"
#include "sand-xml-safe.h"
#include "editor-game-sentence.h"
#include "editor-playtest-private.h"

#define SCENARIO_SEPARATOR "%%scenario\n"

/* Actions */

gboolean
editor_playtest_apply (EditorPlaytest   *self,
                       const SandAction *action,
                       GError          **error)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (self->game == NULL)
    {
      g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                           _("No game is being played."));
      return FALSE;
    }
  int viewer = editor_playtest_get_viewer (self);
  if (!_editor_playtest_play (self, action, NULL, error))
    return FALSE;
  /* Hot-seat: Set-Up Done passes the screen to the next side to set up
   * (or to move), as End Phase does between player-turns. */
  if (action->spec->kind == SAND_ACTION_READY && viewer >= 0 &&
      viewer != editor_playtest_get_viewer (self) && !sand_game_is_over (self->game) &&
      !_editor_playtest_has_computer (self))
    _editor_playtest_begin_handover (self);
  if (action->spec->kind == SAND_ACTION_MODULE)
    {
      self->defender = -1;
      g_array_set_size (self->attackers, 0);
      g_array_set_size (self->loss_first, 0);
    }
  else
    self->attack_mode = _editor_playtest_attack_phase (self->game);
  _editor_playtest_sync (self);
  _editor_playtest_check_over (self);
  return TRUE;
}

gboolean
editor_playtest_perform (EditorPlaytest *self,
                         const char     *line,
                         GError        **error)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);
  g_return_val_if_fail (line != NULL, FALSE);

  if (self->game == NULL)
    {
      g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                           _("No game is being played."));
      return FALSE;
    }
  g_autoptr(GError) local = NULL;
  if (_editor_playtest_computer_busy (self, error))
    return FALSE;
  g_autoptr(SandAction) action = sand_game_parse_line (self->game, line, &local);
  if (action == NULL)
    {
      if (local == NULL)
        return TRUE;
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  return editor_playtest_apply (self, action, error);
}

gboolean
editor_playtest_has_command (EditorPlaytest *self,
                             const char     *command)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);

  /* the game's action table says; nothing is played to find out */
  return self->game != NULL && sand_game_find_action (self->game, command) != NULL;
}

/* Hot-seat: every unit id the screen's side may not see becomes the name
 * that side knows it by. */
static char *
hide_identities (EditorPlaytest *self,
                 const char     *text)
{
  int viewer = editor_playtest_get_viewer (self);
  GString *out;
  const char *p = text;

  if (viewer < 0)
    return g_strdup (text);
  out = g_string_new (NULL);
  while (*p != '\0')
    {
      gsize len = strcspn (p, " ,:=;()");

      if (len > 0)
        {
          g_autofree char *word = g_strndup (p, len);
          int unit = sand_game_find_unit (self->game, word);

          if (unit >= 0 && !sand_game_unit_visible (self->game, unit, viewer))
            {
              g_autofree char *name = sand_game_unit_name_for (self->game, unit, viewer);
              g_string_append (out, name);
            }
          else
            g_string_append_len (out, p, len);
          p += len;
        }
      else
        g_string_append_c (out, *p++);
    }
  return g_string_free (out, FALSE);
}

/* Replay */

gboolean
editor_playtest_rewind (EditorPlaytest *self,
                        guint           n_actions,
                        GError        **error)
{
  gboolean ok;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);
  g_return_val_if_fail (self->game != NULL, FALSE);

  self->quiet++;
  ok = editor_game_model_rewind (self->model, n_actions, error);
  self->quiet--;
  if (!ok)
    return FALSE;
  self->selected = self->defender = -1;
  g_array_set_size (self->attackers, 0);
  g_array_set_size (self->loss_first, 0);
  self->attack_mode = _editor_playtest_attack_phase (self->game);
  _editor_playtest_sync (self);
  return TRUE;
}

gboolean
editor_playtest_step (EditorPlaytest *self,
                      GError        **error)
{
  gboolean ok;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);
  g_return_val_if_fail (self->game != NULL, FALSE);

  self->quiet++;
  ok = editor_game_model_step (self->model, error);
  self->quiet--;
  if (!ok)
    return FALSE;
  self->attack_mode = _editor_playtest_attack_phase (self->game);
  _editor_playtest_sync (self);
  _editor_playtest_check_over (self);
  return TRUE;
}

guint
editor_playtest_n_future (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), 0);
  return editor_game_model_n_future (self->model);
}

char *
editor_playtest_get_future (EditorPlaytest *self,
                            guint           i)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), NULL);
  g_return_val_if_fail (i < editor_game_model_n_future (self->model), NULL);
  return hide_identities (self, editor_game_model_get_future (self->model, i));
}

/* Log */

guint
editor_playtest_log_length (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), 0);
  return self->game ? sand_game_log_length (self->game) : 0;
}

char *
editor_playtest_log_entry (EditorPlaytest *self,
                           guint           i)
{
  const char *note;
  g_autofree char *entry = NULL;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), NULL);
  g_return_val_if_fail (self->game != NULL && i < sand_game_log_length (self->game), NULL);

  note = editor_game_model_get_note (self->model, i);
  if (note != NULL)
    entry = g_strdup_printf ("%s — %s", sand_game_log_line (self->game, i), note);
  else
    entry = g_strdup (sand_game_log_line (self->game, i));
  return hide_identities (self, entry);
}

char *
editor_playtest_log_note (EditorPlaytest *self,
                          guint           i)
{
  const char *note;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), NULL);
  g_return_val_if_fail (self->game != NULL && i < sand_game_log_length (self->game), NULL);

  note = editor_game_model_get_note (self->model, i);
  return note != NULL ? hide_identities (self, note) : NULL;
}

/* Hot-seat, each side reads its own version of the log, as the engine
 * wrote it when the action was played: enemy counters by the names known
 * then, what the enemy kept secret left out. The dice notes and the
 * computer's reasons come with a line only when the side reads it whole
 * (its own actions, or ones that hid nothing). No hot-seat: the umpire's
 * record, everything with its notes. The row reads as a sentence made from
 * the typed action, never from cut-up text; the game log and the
 * computer's strip both show it, so they say the same. */
char *
editor_playtest_log_row (EditorPlaytest  *self,
                         guint            i,
                         int              from,
                         char           **command)
{
  int viewer;
  const char *line, *mine;
  gboolean whole;
  g_autofree char *sentence = NULL;
  g_autofree char *note = NULL;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), NULL);
  g_return_val_if_fail (self->game != NULL && i < sand_game_log_length (self->game), NULL);

  viewer = editor_playtest_get_viewer (self);
  line = sand_game_log_line (self->game, i);
  mine = viewer < 0 ? line : sand_game_log_line_for (self->game, i, viewer);
  whole = g_strcmp0 (mine, line) == 0;
  if (mine == NULL)
    return NULL;
  if (command != NULL)
    *command = g_strdup (mine);
  sentence = editor_game_sentence_after (self->game, line,
                                         editor_game_line_is_ready (line)
                                         ? editor_game_n_ready (self->game, i) : 0,
                                         whole ? -1 : viewer, from);
  if (sentence == NULL)
    sentence = g_strdup (mine);
  if (whole)
    note = editor_playtest_log_note (self, i);
  if (note != NULL)
    return g_strdup_printf ("%s — %s", sentence, note);
  return g_steal_pointer (&sentence);
}

char *
editor_playtest_log_text (EditorPlaytest *self)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), NULL);

  for (guint i = 0; i < editor_playtest_log_length (self); i++)
    {
      g_autofree char *entry = editor_playtest_log_entry (self, i);
      g_string_append_printf (text, "%s\n", entry);
    }
  return g_string_free (text, FALSE);
}

/* Saved games */

char *
editor_playtest_game_data (SandGame     *game,
                           SandScenario *scenario)
{
  g_autofree char *log = NULL;
  g_autofree char *xml = NULL;

  g_return_val_if_fail (game != NULL && SAND_IS_SCENARIO (scenario), NULL);

  log = sand_game_save_log (game);
  xml = sand_scenario_to_data (scenario, NULL);
  return g_strconcat (log, g_str_has_suffix (log, "\n") ? "" : "\n", SCENARIO_SEPARATOR, xml,
                      NULL);
}

char *
editor_playtest_save_game_data (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), NULL);
  g_return_val_if_fail (self->game != NULL, NULL);

  return editor_playtest_game_data (self->game, self->scenario);
}

gboolean
editor_playtest_save_game (EditorPlaytest *self,
                           GFile          *file,
                           GError        **error)
{
  g_autofree char *data = NULL;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (self->game == NULL)
    {
      g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                           _("No game is being played."));
      return FALSE;
    }
  data = editor_playtest_save_game_data (self);
  return g_file_replace_contents (file, data, strlen (data), NULL, TRUE,
                                  G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error);
}

gboolean
editor_playtest_load_game_data (EditorPlaytest *self,
                                const char     *data,
                                GError        **error)
{
  const char *sep;
  g_autofree char *log = NULL;
  g_autoptr(SandScenario) scenario = NULL;
  int first_line = 1;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);
  g_return_val_if_fail (data != NULL, FALSE);

  sep = strstr (data, SCENARIO_SEPARATOR);
  if (sep == NULL || (sep != data && sep[-1] != '\n'))
    {
      g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                           _("This is not a saved Sandtable game."));
      return FALSE;
    }
  log = g_strndup (data, sep - data);
  sep += strlen (SCENARIO_SEPARATOR);
  /* XML errors name the file's lines, counted from its first. */
  for (const char *p = data; p < sep; p++)
    first_line += *p == '\n';
  scenario = sand_scenario_load_data_at (sep, strlen (sep), NULL, first_line, error);
  if (scenario == NULL)
    return FALSE;
  /* Attacks read as they did when played: odds, die, result, losses. */
  if (!editor_game_model_load (self->model, scenario, log, error))
    return FALSE;
  _editor_playtest_activate (self);
  return TRUE;
}

gboolean
editor_playtest_load_game (EditorPlaytest *self,
                           GFile          *file,
                           GError        **error)
{
  g_autofree char *data = NULL;
  g_autofree char *path = NULL;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);

  /* A local file goes through the safe reader: regular files only, the
   * size limit counted on what is read. */
  path = g_file_get_path (file);
  if (path != NULL)
    data = sand_xml_read_file (path, NULL, error);
  else if (!g_file_load_contents (file, NULL, &data, NULL, NULL, error))
    return FALSE;
  if (data == NULL)
    return FALSE;
  return editor_playtest_load_game_data (self, data, error);
}
