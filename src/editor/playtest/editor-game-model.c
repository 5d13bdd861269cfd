/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The game a playtest plays, and what changed after each change
 * (editor-game-model.h). */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "sand-scenario.h"
#include "editor-game-model.h"
#include "editor-game-notes.h"


struct _EditorGameModel
{
  GObject parent_instance;

  SandScenario *scenario;   /* the copy played, saved with the game */
  SandGame *game;
  GHashTable *notes;        /* log index → what the dice or the rules module said */
  GPtrArray *future;        /* char *: replay, the lines after the one rewound to */
  GPtrArray *redo;          /* char *: lines undone, the last undone last */
  EditorGameSnapshot before;
  EditorGameSnapshot after;
};

G_DEFINE_FINAL_TYPE (EditorGameModel, editor_game_model, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Before a change: what is there now. */
static void
begin (EditorGameModel *self)
{
  editor_game_snapshot_take (&self->before, self->game);
}

/* After a change: the notes of lines undone go, then "changed" says what
 * changed. @old_game and @old_scenario, replaced, are freed only then, so
 * that what points into them may be let go from the signal. */
static void
finish (EditorGameModel       *self,
        EditorGameChangeFlags  flags,
        guint                  log_from,
        SandGame              *old_game,
        SandScenario          *old_scenario)
{
  EditorGameChange change = { flags, NULL, NULL, log_from };
  guint len = self->game != NULL ? sand_game_log_length (self->game) : 0;
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, self->notes);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (GPOINTER_TO_UINT (key) >= len)
      g_hash_table_iter_remove (&iter);

  change.units = g_array_new (FALSE, FALSE, sizeof (int));
  change.hexes = g_array_new (FALSE, FALSE, sizeof (int));
  if (change.flags & EDITOR_GAME_CHANGE_LOG)
    change.log_from = MIN (change.log_from, len);
  else
    change.log_from = G_MAXUINT;
  editor_game_snapshot_take (&self->after, self->game);
  editor_game_change_compare (&change, &self->before, &self->after, self->game);
  if (change.log_from == G_MAXUINT)
    change.log_from = len;
  g_signal_emit (self, signals[CHANGED], 0, &change);
  g_array_unref (change.units);
  g_array_unref (change.hexes);
  if (old_game != NULL)
    sand_game_free (old_game);
  if (old_scenario != NULL)
    g_object_unref (old_scenario);
}

/* Noting */

/* Applies @action on @game, noting in @notes (log index → words) what an
 * attack or a rules module's action did: the log's line keeps only its
 * dice, and a game loaded or replayed must read as it did when it was
 * played. A roll that waits for its owners' choices is noted once
 * settled. */
static gboolean
apply_noting (SandGame         *game,
              const SandAction *action,
              GHashTable       *notes,
              SandResult       *out,
              GError          **error)
{
  guint before = sand_game_log_length (game);
  SandResult local;
  SandResult *r = out != NULL ? out : &local;
  char *note = NULL;

  if (!sand_game_apply (game, action, r, error))
    {
      if (out == NULL)
        sand_result_clear (&local);
      return FALSE;
    }
  if (r->has_attack)
    note = editor_game_describe_result (game, &r->attack);
  else if (action->spec->kind == SAND_ACTION_MODULE && r->pending == NULL)
    note = editor_game_describe_facts (game, r);
  if (note != NULL && *note != '\0' && sand_game_log_length (game) > before)
    g_hash_table_insert (notes, GUINT_TO_POINTER (sand_game_log_length (game) - 1), note);
  else
    g_free (note);
  if (out == NULL)
    sand_result_clear (&local);
  return TRUE;
}

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
  return apply_noting (game, action, notes, NULL, error);
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

static gboolean
check_game (EditorGameModel *self,
            GError         **error)
{
  if (self->game != NULL)
    return TRUE;
  g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                       _("No game is being played."));
  return FALSE;
}

/* Public API */

EditorGameModel *
editor_game_model_new (void)
{
  return g_object_new (EDITOR_TYPE_GAME_MODEL, NULL);
}

SandGame *
editor_game_model_get_game (EditorGameModel *self)
{
  g_return_val_if_fail (EDITOR_IS_GAME_MODEL (self), NULL);
  return self->game;
}

SandScenario *
editor_game_model_get_scenario (EditorGameModel *self)
{
  g_return_val_if_fail (EDITOR_IS_GAME_MODEL (self), NULL);
  return self->scenario;
}

/* Plays @game and @scenario (taken) with @notes (taken, may be NULL) in
 * place of the game played: nothing compares, everything changed. */
static void
replace_game (EditorGameModel *self,
              SandScenario    *scenario,
              SandGame        *game,
              GHashTable      *notes)
{
  SandGame *old_game = g_steal_pointer (&self->game);
  SandScenario *old_scenario = g_steal_pointer (&self->scenario);

  begin (self);
  self->before.has_game = FALSE;
  self->scenario = scenario;
  self->game = game;
  g_hash_table_remove_all (self->notes);
  if (notes != NULL)
    {
      g_hash_table_unref (self->notes);
      self->notes = notes;
    }
  g_ptr_array_set_size (self->future, 0);
  g_ptr_array_set_size (self->redo, 0);
  finish (self, EDITOR_GAME_CHANGE_GAME | EDITOR_GAME_CHANGE_LOG, 0, old_game, old_scenario);
}

void
editor_game_model_set_game (EditorGameModel *self,
                            SandScenario    *scenario,
                            SandGame        *game)
{
  g_return_if_fail (EDITOR_IS_GAME_MODEL (self));
  g_return_if_fail ((scenario == NULL) == (game == NULL));

  if (game == NULL && self->game == NULL)
    return;
  replace_game (self, scenario, game, NULL);
}

gboolean
editor_game_model_load (EditorGameModel *self,
                        SandScenario    *scenario,
                        const char      *log,
                        GError         **error)
{
  g_autoptr(GHashTable) notes = NULL;
  SandGame *game;

  g_return_val_if_fail (EDITOR_IS_GAME_MODEL (self), FALSE);
  g_return_val_if_fail (SAND_IS_SCENARIO (scenario), FALSE);
  g_return_val_if_fail (log != NULL, FALSE);

  notes = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  game = load_log_noting (scenario, log, notes, error);
  if (game == NULL)
    return FALSE;
  replace_game (self, g_object_ref (scenario), game, g_steal_pointer (&notes));
  return TRUE;
}

gboolean
editor_game_model_apply (EditorGameModel  *self,
                         const SandAction *action,
                         SandResult       *out,
                         GError          **error)
{
  g_return_val_if_fail (EDITOR_IS_GAME_MODEL (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (out != NULL)
    sand_result_init (out);
  if (!check_game (self, error))
    return FALSE;
  begin (self);
  if (!apply_noting (self->game, action, self->notes, out, error))
    return FALSE;
  /* A new action starts another story: what was undone or rewound past no
   * longer follows. */
  g_ptr_array_set_size (self->redo, 0);
  if (self->future->len > 0 && sand_game_log_length (self->game) != self->before.log_length)
    {
      g_ptr_array_set_size (self->future, 0);
      finish (self, EDITOR_GAME_CHANGE_LOG, self->before.log_length, NULL, NULL);
    }
  else
    finish (self, 0, G_MAXUINT, NULL, NULL);
  return TRUE;
}

gboolean
editor_game_model_perform (EditorGameModel *self,
                           const char      *line,
                           GError         **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(SandAction) action = NULL;

  g_return_val_if_fail (EDITOR_IS_GAME_MODEL (self), FALSE);
  g_return_val_if_fail (line != NULL, FALSE);

  if (!check_game (self, error))
    return FALSE;
  action = sand_game_parse_line (self->game, line, &local);
  if (action == NULL)
    {
      if (local == NULL)
        return TRUE;
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  return editor_game_model_apply (self, action, NULL, error);
}

gboolean
editor_game_model_undo (EditorGameModel *self,
                        GError         **error)
{
  g_autofree char *line = NULL;
  guint len;

  g_return_val_if_fail (EDITOR_IS_GAME_MODEL (self), FALSE);

  if (!check_game (self, error))
    return FALSE;
  len = sand_game_log_length (self->game);
  if (len > 0)
    line = g_strdup (sand_game_log_line (self->game, len - 1));
  begin (self);
  if (!sand_game_undo (self->game, error))
    return FALSE;
  /* Redo plays the line taken back; an undo that took back more than one
   * line leaves nothing to redo. */
  if (line != NULL && sand_game_log_length (self->game) + 1 == len)
    g_ptr_array_add (self->redo, g_steal_pointer (&line));
  else
    g_ptr_array_set_size (self->redo, 0);
  g_ptr_array_set_size (self->future, 0);
  finish (self, EDITOR_GAME_CHANGE_LOG, sand_game_log_length (self->game), NULL, NULL);
  return TRUE;
}

gboolean
editor_game_model_can_redo (EditorGameModel *self)
{
  g_return_val_if_fail (EDITOR_IS_GAME_MODEL (self), FALSE);
  return self->game != NULL && self->redo->len > 0;
}

gboolean
editor_game_model_redo (EditorGameModel *self,
                        GError         **error)
{
  g_autofree char *line = NULL;

  g_return_val_if_fail (EDITOR_IS_GAME_MODEL (self), FALSE);

  if (!check_game (self, error))
    return FALSE;
  if (self->redo->len == 0)
    {
      g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                           _("There is nothing to redo."));
      return FALSE;
    }
  line = g_ptr_array_steal_index (self->redo, self->redo->len - 1);
  begin (self);
  if (!perform_noting (self->game, line, self->notes, error))
    {
      g_ptr_array_add (self->redo, g_steal_pointer (&line));
      return FALSE;
    }
  finish (self, 0, G_MAXUINT, NULL, NULL);
  return TRUE;
}

gboolean
editor_game_model_rewind (EditorGameModel *self,
                          guint            n_actions,
                          GError         **error)
{
  g_autofree char *saved = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GPtrArray) future = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) notes = NULL;
  guint len, taken = 0;
  SandGame *game, *old_game;

  g_return_val_if_fail (EDITOR_IS_GAME_MODEL (self), FALSE);

  if (!check_game (self, error))
    return FALSE;
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
  /* The same play of the same counters: what differs is what changed. */
  begin (self);
  old_game = self->game;
  self->game = game;
  g_hash_table_unref (self->notes);
  self->notes = g_steal_pointer (&notes);
  g_ptr_array_unref (self->future);
  self->future = g_steal_pointer (&future);
  g_ptr_array_set_size (self->redo, 0);
  finish (self, EDITOR_GAME_CHANGE_GAME | EDITOR_GAME_CHANGE_LOG, n_actions, old_game, NULL);
  return TRUE;
}

gboolean
editor_game_model_step (EditorGameModel *self,
                        GError         **error)
{
  g_autofree char *line = NULL;
  guint len;

  g_return_val_if_fail (EDITOR_IS_GAME_MODEL (self), FALSE);

  if (!check_game (self, error))
    return FALSE;
  if (self->future->len == 0)
    {
      g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                           _("There is nothing further to replay."));
      return FALSE;
    }
  len = sand_game_log_length (self->game);
  line = g_ptr_array_steal_index (self->future, 0);
  begin (self);
  if (!perform_noting (self->game, line, self->notes, error))
    {
      g_ptr_array_insert (self->future, 0, g_steal_pointer (&line));
      return FALSE;
    }
  g_ptr_array_set_size (self->redo, 0);
  finish (self, EDITOR_GAME_CHANGE_LOG, len, NULL, NULL);
  return TRUE;
}

guint
editor_game_model_n_future (EditorGameModel *self)
{
  g_return_val_if_fail (EDITOR_IS_GAME_MODEL (self), 0);
  return self->future->len;
}

const char *
editor_game_model_get_future (EditorGameModel *self,
                              guint            i)
{
  g_return_val_if_fail (EDITOR_IS_GAME_MODEL (self), NULL);
  g_return_val_if_fail (i < self->future->len, NULL);
  return g_ptr_array_index (self->future, i);
}

const char *
editor_game_model_get_note (EditorGameModel *self,
                            guint            i)
{
  g_return_val_if_fail (EDITOR_IS_GAME_MODEL (self), NULL);
  return g_hash_table_lookup (self->notes, GUINT_TO_POINTER (i));
}

void
editor_game_model_add_note (EditorGameModel *self,
                            guint            i,
                            const char      *note)
{
  const char *had;

  g_return_if_fail (EDITOR_IS_GAME_MODEL (self));
  g_return_if_fail (self->game != NULL && note != NULL);

  begin (self);
  had = g_hash_table_lookup (self->notes, GUINT_TO_POINTER (i));
  g_hash_table_insert (self->notes, GUINT_TO_POINTER (i),
                       had != NULL ? g_strdup_printf ("%s — %s", had, note) : g_strdup (note));
  finish (self, EDITOR_GAME_CHANGE_LOG, i, NULL, NULL);
}

/* GObject */

static void
editor_game_model_finalize (GObject *object)
{
  EditorGameModel *self = (EditorGameModel *) object;

  g_clear_pointer (&self->game, sand_game_free);
  g_clear_object (&self->scenario);
  g_clear_pointer (&self->notes, g_hash_table_unref);
  g_clear_pointer (&self->future, g_ptr_array_unref);
  g_clear_pointer (&self->redo, g_ptr_array_unref);
  editor_game_snapshot_clear (&self->before);
  editor_game_snapshot_clear (&self->after);

  G_OBJECT_CLASS (editor_game_model_parent_class)->finalize (object);
}

static void
editor_game_model_class_init (EditorGameModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = editor_game_model_finalize;

  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                   EDITOR_TYPE_GAME_CHANGE | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
editor_game_model_init (EditorGameModel *self)
{
  self->notes = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  self->future = g_ptr_array_new_with_free_func (g_free);
  self->redo = g_ptr_array_new_with_free_func (g_free);
  editor_game_snapshot_init (&self->before);
  editor_game_snapshot_init (&self->after);
}
