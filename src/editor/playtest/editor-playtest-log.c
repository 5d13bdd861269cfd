/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The playtest's actions and log: playing typed actions and console
 * lines, the log with what the dice did, replay (rewind and step) and
 * saved games. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "sand-scenario-io.h"
#include "sand-xml-safe.h"
#include "editor-playtest-private.h"

#define SCENARIO_SEPARATOR "%%scenario\n"

/* Actions */

static void
append_fact_value (GString        *out,
                   SandGame       *game,
                   const SandFact *f,
                   gboolean        in_list)
{
  char id[SAND_HEX_ID_MAX];

  switch (f->kind)
    {
    case SAND_FACT_INT:
      g_string_append_printf (out, "%d", f->value);
      break;
    case SAND_FACT_BOOL:
      g_string_append (out, f->value ? "true" : "false");
      break;
    case SAND_FACT_STRING:
      g_string_append (out, f->text != NULL ? f->text : "null");
      break;
    case SAND_FACT_UNIT:
      g_string_append (out, f->value >= 0 ? sand_game_get_counter (game, f->value)->id : "null");
      break;
    case SAND_FACT_HEX:
      sand_grid_format_id (sand_game_get_grid (game), f->value, id);
      g_string_append (out, id);
      break;
    case SAND_FACT_UNITS:
    case SAND_FACT_HEXES:
      for (guint k = 0; k < f->items->len; k++)
        {
          int v = g_array_index (f->items, int, k);
          if (k > 0)
            g_string_append_c (out, ' ');
          if (f->kind == SAND_FACT_UNITS)
            g_string_append (out, sand_game_get_counter (game, v)->id);
          else
            {
              sand_grid_format_id (sand_game_get_grid (game), v, id);
              g_string_append (out, id);
            }
        }
      break;
    case SAND_FACT_STRINGS:
      for (guint k = 0; k < f->texts->len; k++)
        g_string_append_printf (out, "%s%s", k ? " " : "",
                                (const char *) g_ptr_array_index (f->texts, k));
      break;
    default:
      break;
    }
}

/* What a rules module's action answered, read as words: roll 5, result
 * pinned, removed (none: left out), no combat — lists' items between
 * spaces, flags by their name, groups in brackets. */
static char *
describe_facts (SandGame         *game,
                const SandResult *r)
{
  GString *text = g_string_new (NULL);
  g_autoptr(GString) value = g_string_new (NULL);

  for (guint i = 0; r->facts != NULL && i < r->facts->len; i++)
    {
      const SandFact *f = &g_array_index (r->facts, SandFact, i);
      g_autofree char *key = g_strdup (f->key != NULL ? f->key : "");

      g_strdelimit (key, "_", ' ');
      g_string_truncate (value, 0);
      if (f->kind == SAND_FACT_OBJECT || f->kind == SAND_FACT_ARRAY)
        {
          /* a group: "(attacker 1, defender 2)"; a list of groups, each
           * between brackets, its members between spaces */
          gboolean list = f->kind == SAND_FACT_ARRAY, open = FALSE, first = TRUE;
          int depth = 1;
          for (i++; i < r->facts->len && depth > 0; i++)
            {
              const SandFact *m = &g_array_index (r->facts, SandFact, i);
              if (m->kind == SAND_FACT_END)
                {
                  if (--depth > 0 || !list)
                    g_string_append_c (value, ')');
                  open = FALSE;
                  continue;
                }
              if (m->kind == SAND_FACT_OBJECT)
                {
                  g_string_append (value, value->len ? " (" : "(");
                  depth++;
                  open = first = TRUE;
                  continue;
                }
              if (!list && value->len == 0)
                g_string_append_c (value, '(');
              else if (!first)
                g_string_append (value, list ? " " : ", ");
              first = FALSE;
              if (m->key != NULL)
                g_string_append_printf (value, "%s ", m->key);
              append_fact_value (value, game, m, list || open);
            }
          i--;
        }
      else if (f->kind == SAND_FACT_BOOL)
        {
          if (f->value)
            g_string_append_printf (text, "%s%s", text->len ? ", " : "", key);
          else
            /* Translators: a flag of a rules command's answer that is off,
             * e.g. "may move on: no". */
            g_string_append_printf (text, "%s%s%s", text->len ? ", " : "", key, _(": no"));
          continue;
        }
      else
        append_fact_value (value, game, f, FALSE);
      if (value->len > 0 && strcmp (value->str, "()") != 0)
        g_string_append_printf (text, "%s%s %s", text->len ? ", " : "", key, value->str);
    }
  return g_string_free (text, FALSE);
}

/* Applies @action on @game, noting in @notes (log index → words) what an
 * attack or a rules module's action did: the log's line keeps only its
 * dice, and a game loaded or replayed must read as it did when it was
 * played. */
static gboolean
apply_noting (SandGame         *game,
              const SandAction *action,
              GHashTable       *notes,
              GError          **error)
{
  guint before = sand_game_log_length (game);
  SandResult r;
  char *note = NULL;

  if (!sand_game_apply (game, action, &r, error))
    {
      sand_result_clear (&r);
      return FALSE;
    }
  if (r.has_attack)
    note = _editor_playtest_describe_result (game, &r.attack);
  else if (action->spec->kind == SAND_ACTION_MODULE)
    note = describe_facts (game, &r);
  if (note != NULL && *note != '\0' && sand_game_log_length (game) > before)
    g_hash_table_insert (notes, GUINT_TO_POINTER (sand_game_log_length (game) - 1), note);
  else
    g_free (note);
  sand_result_clear (&r);
  return TRUE;
}

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
  if (!apply_noting (self->game, action, self->annotations, error))
    return FALSE;
  if (action->spec->kind == SAND_ACTION_MODULE)
    {
      self->defender = -1;
      g_array_set_size (self->attackers, 0);
      g_array_set_size (self->loss_first, 0);
    }
  else
    self->attack_mode = g_strcmp0 (sand_game_get_phase_id (self->game), "combat") == 0;
  _editor_playtest_game_changed (self);
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

/* Notes while replaying */

/* Plays one log line on @game as sand_game_perform does, noting what it
 * did (apply_noting). */
static gboolean
perform_noting (SandGame    *game,
                const char  *line,
                GHashTable  *notes,
                GError     **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(SandAction) action = sand_game_parse_line (game, line, &local);

  if (action == NULL)
    {
      if (local == NULL)
        return TRUE;
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  return apply_noting (game, action, notes, error);
}

/* sand_game_load_log, action by action through perform_noting. */
static SandGame *
load_log_noting (SandScenario  *scenario,
                 const char    *text,
                 GHashTable    *notes,
                 GError       **error)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr(GString) header = g_string_new (NULL);
  SandGame *game;
  guint i = 0;

  for (; lines[i] != NULL; i++)
    {
      if (!g_str_has_prefix (lines[i], "seed ") && !g_str_has_prefix (lines[i], "oob "))
        break;
      g_string_append_printf (header, "%s\n", lines[i]);
    }
  game = sand_game_load_log (scenario, header->str, error);
  if (game == NULL)
    return NULL;
  for (; lines[i] != NULL; i++)
    {
      g_autoptr(GError) local = NULL;

      if (lines[i][0] == '\0')
        continue;
      if (!perform_noting (game, lines[i], notes, &local))
        {
          /* Translators: a saved game's line that could not be played. */
          g_set_error (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID, _("line %u: %s"), i + 1,
                       local->message);
          sand_game_free (game);
          return NULL;
        }
    }
  return game;
}

/* Replay */

gboolean
editor_playtest_rewind (EditorPlaytest *self,
                        guint           n_actions,
                        GError        **error)
{
  g_autofree char *saved = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GPtrArray) future = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) notes = NULL;
  guint len, taken = 0;
  SandGame *game;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);
  g_return_val_if_fail (self->game != NULL, FALSE);

  len = sand_game_log_length (self->game);
  if (n_actions > len)
    n_actions = len;
  /* The game is replayed from its seed and orders of battle: the header
   * of its saved log, then the first actions. */
  saved = sand_game_save_log (self->game);
  lines = g_strsplit (saved, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "seed ") || g_str_has_prefix (lines[i], "oob "))
      g_string_append_printf (text, "%s\n", lines[i]);
  for (guint i = 0; i < len; i++)
    {
      const char *line = sand_game_log_line (self->game, i);

      if (taken < n_actions)
        {
          g_string_append_printf (text, "%s\n", line);
          taken++;
        }
      else
        g_ptr_array_add (future, g_strdup (line));
    }
  for (guint i = 0; i < self->future->len; i++)
    g_ptr_array_add (future, g_strdup (g_ptr_array_index (self->future, i)));

  notes = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  game = load_log_noting (self->scenario, text->str, notes, error);
  if (game == NULL)
    return FALSE;
  sand_renderer_set_counters (editor_map_canvas_get_renderer (self->canvas), NULL, 0);
  sand_game_free (self->game);
  self->game = game;
  g_hash_table_unref (self->annotations);
  self->annotations = g_steal_pointer (&notes);
  g_ptr_array_unref (self->future);
  self->future = g_steal_pointer (&future);
  self->replay_len = sand_game_log_length (game);
  self->selected = self->defender = -1;
  g_array_set_size (self->attackers, 0);
  g_array_set_size (self->loss_first, 0);
  self->attack_mode = g_strcmp0 (sand_game_get_phase_id (game), "combat") == 0;
  _editor_playtest_game_changed (self);
  return TRUE;
}

gboolean
editor_playtest_step (EditorPlaytest *self,
                      GError        **error)
{
  g_autofree char *line = NULL;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);
  g_return_val_if_fail (self->game != NULL, FALSE);

  if (self->future->len == 0)
    {
      g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                           _("There is nothing further to replay."));
      return FALSE;
    }
  line = g_ptr_array_steal_index (self->future, 0);
  if (!perform_noting (self->game, line, self->annotations, error))
    {
      g_ptr_array_insert (self->future, 0, g_steal_pointer (&line));
      return FALSE;
    }
  self->replay_len = sand_game_log_length (self->game);
  self->attack_mode = g_strcmp0 (sand_game_get_phase_id (self->game), "combat") == 0;
  _editor_playtest_game_changed (self);
  _editor_playtest_check_over (self);
  return TRUE;
}

guint
editor_playtest_n_future (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), 0);
  return self->future->len;
}

char *
editor_playtest_get_future (EditorPlaytest *self,
                            guint           i)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), NULL);
  g_return_val_if_fail (i < self->future->len, NULL);
  return hide_identities (self, g_ptr_array_index (self->future, i));
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

  note = g_hash_table_lookup (self->annotations, GUINT_TO_POINTER (i));
  if (note != NULL)
    entry = g_strdup_printf ("%s — %s", sand_game_log_line (self->game, i), note);
  else
    entry = g_strdup (sand_game_log_line (self->game, i));
  return hide_identities (self, entry);
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
editor_playtest_save_game_data (EditorPlaytest *self)
{
  g_autofree char *log = NULL;
  g_autofree char *xml = NULL;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), NULL);
  g_return_val_if_fail (self->game != NULL, NULL);

  log = sand_game_save_log (self->game);
  xml = sand_scenario_to_data (self->scenario, NULL);
  return g_strconcat (log, g_str_has_suffix (log, "\n") ? "" : "\n", SCENARIO_SEPARATOR, xml,
                      NULL);
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
  g_autoptr(GHashTable) notes = NULL;
  SandGame *game;
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
  notes = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  game = load_log_noting (scenario, log, notes, error);
  if (game == NULL)
    return FALSE;
  _editor_playtest_begin_play (self, g_steal_pointer (&scenario), game);
  /* Attacks read as they did when played: odds, die, result, losses. */
  g_hash_table_unref (self->annotations);
  self->annotations = g_steal_pointer (&notes);
  _editor_playtest_refresh (self);
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
