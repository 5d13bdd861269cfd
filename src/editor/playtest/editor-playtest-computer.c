/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "editor-playtest-computer.h"
#include "sand-action.h"
#include "sand-game-copy.h"

/* A turn's actions longer than this are not the computer's plan but a
 * runaway: the guard in sand-ai.c is 4000 a phase. */
#define MAX_PHASE_LINES 8000

struct _EditorPlaytestComputer
{
  GObject parent_instance;

  EditorPlaytest *playtest;   /* weak: the playtest owns the computers */
  int side;
  SandAiOptions options;
  EditorComputerState state;
  guint pace_ms;
  gboolean skipping;

  /* The search under way: a generation number, so that a search dropped
   * (Stop, undo, a new game) is known when its answer comes back. */
  guint generation;
  GCancellable *cancellable;
  guint searching;            /* workers whose answer has not come back */
  guint act_source;           /* the idle that decides to play */

  /* The phase being played: the lines its search logged, from log index
   * @base of the game it was searched for. */
  SandGame *game;             /* not owned: to tell that the game is still the same */
  guint base;
  char *base_line;            /* the log's line before @base: the same game goes on from it */
  GPtrArray *lines;
  GPtrArray *reasons;
  guint step_source;
  GHashTable *played;         /* log index → the line it played there */
  char *last;
};

G_DEFINE_FINAL_TYPE (EditorPlaytestComputer, editor_playtest_computer, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STATE,
  N_PROPS
};

enum {
  STOPPED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void schedule_act (EditorPlaytestComputer *self);

static void
set_state (EditorPlaytestComputer *self,
           EditorComputerState     state)
{
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

/* The worker thread */

typedef struct {
  /* The game to search on: a copy of the playtest's own (sand_game_copy),
   * made on the main thread and the worker's from then on. */
  SandGame *game;
  SandAiOptions options;
  GPtrArray *lines;
  GPtrArray *reasons;
} Search;

static void
search_free (Search *search)
{
  g_clear_pointer (&search->game, sand_game_free);
  g_clear_pointer (&search->lines, g_ptr_array_unref);
  g_clear_pointer (&search->reasons, g_ptr_array_unref);
  g_free (search);
}

static void
search_thread (GTask        *task,
               gpointer      source,
               gpointer      data,
               GCancellable *cancellable)
{
  Search *search = data;
  g_autoptr(GPtrArray) taken = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) reasons = g_ptr_array_new_with_free_func (g_free);
  GError *error = NULL;
  SandGame *game;
  guint before, k = 0;

  /* The copy shares with the playtest's game only what neither changes
   * (its scenario copy, the ruleset, the logged lines): the main thread
   * keeps playing and drawing its own. */
  game = g_steal_pointer (&search->game);
  before = sand_game_log_length (game);
  /* Stop cancels the search itself: the worker comes back within a
   * candidate plan, not at the end of its budget. */
  search->options.cancellable = cancellable;
  if (!sand_ai_play_phase_explained (game, &search->options, taken, reasons, &error) ||
      (!sand_game_is_over (game) && !sand_ai_end_phase (game, &error)))
    {
      sand_game_free (game);
      g_task_return_error (task, error);
      return;
    }
  /* Every line the phase logged, the end of the phase included, each with
   * the reason the player gave for it (none for what the rules did). */
  search->lines = g_ptr_array_new_with_free_func (g_free);
  search->reasons = g_ptr_array_new_with_free_func (g_free);
  for (guint i = before; i < sand_game_log_length (game) && i - before < MAX_PHASE_LINES; i++)
    {
      const char *line = sand_game_log_line (game, i);
      const char *reason = "";

      if (k < taken->len && g_strcmp0 (g_ptr_array_index (taken, k), line) == 0)
        reason = g_ptr_array_index (reasons, k++);
      g_ptr_array_add (search->lines, g_strdup (line));
      g_ptr_array_add (search->reasons, g_strdup (reason));
    }
  sand_game_free (game);
  g_task_return_boolean (task, TRUE);
}

/* Playing the phase on the map */

/* Whether the playtest's game is still the one the plan was made for, as
 * far as the plan has gone: a game loaded meanwhile may sit at the same
 * address, so its log says. */
static gboolean
game_is_current (EditorPlaytestComputer *self)
{
  SandGame *game;
  guint len;

  if (self->playtest == NULL || !editor_playtest_get_active (self->playtest))
    return FALSE;
  game = editor_playtest_get_game (self->playtest);
  if (game != self->game || game == NULL)
    return FALSE;
  len = sand_game_log_length (game);
  if (len < self->base ||
      (self->base > 0 && g_strcmp0 (sand_game_log_line (game, self->base - 1),
                                    self->base_line) != 0))
    return FALSE;
  for (guint i = self->base; self->lines != NULL && i < len; i++)
    if (i - self->base >= self->lines->len ||
        g_strcmp0 (sand_game_log_line (game, i), g_ptr_array_index (self->lines, i - self->base))
        != 0)
      return FALSE;
  return TRUE;
}

static void
finish_turn (EditorPlaytestComputer *self)
{
  g_clear_handle_id (&self->step_source, g_source_remove);
  g_clear_pointer (&self->lines, g_ptr_array_unref);
  g_clear_pointer (&self->reasons, g_ptr_array_unref);
  g_clear_pointer (&self->base_line, g_free);
  self->game = NULL;
  set_state (self, EDITOR_COMPUTER_IDLE);
}

static gboolean step_cb (gpointer data);

/* The lines from @from on are its own: kept with their text, so that a
 * game loaded in the place of this one does not pass for it. */
static void
note_played (EditorPlaytestComputer *self,
             SandGame               *game,
             guint                   from)
{
  for (guint i = from; i < sand_game_log_length (game); i++)
    g_hash_table_insert (self->played, GUINT_TO_POINTER (i),
                         g_strdup (sand_game_log_line (game, i)));
}

static void
schedule_step (EditorPlaytestComputer *self)
{
  g_assert (self->step_source == 0);
  if (self->skipping || self->pace_ms == 0)
    self->step_source = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, step_cb, self, NULL);
  else
    self->step_source = g_timeout_add (self->pace_ms, step_cb, self);
}

/* Plays the next line: the end of the phase as the turn bar's End Phase
 * does (arrivals, hand-over, victory), the rest through the playtest's
 * apply, which logs it, notes its dice and redraws. */
static gboolean
play_line (EditorPlaytestComputer *self,
           const char             *line,
           const char             *reason,
           GError                **error)
{
  SandGame *game = editor_playtest_get_game (self->playtest);
  g_autoptr(SandAction) action = sand_game_parse_line (game, line, error);
  guint before = sand_game_log_length (game);
  int from = SAND_HEX_NONE;
  gboolean ok;

  if (action == NULL)
    return FALSE;
  /* where a move starts, for the strip's sentence: the log keeps only the
   * hexes entered */
  if (action->spec->kind == SAND_ACTION_MOVE && action->unit >= 0
      && (guint) action->unit < sand_game_n_units (game)
      && sand_game_get_unit (game, action->unit)->status == SAND_UNIT_ON_MAP)
    from = sand_game_get_unit (game, action->unit)->hex;
  if (action->spec->kind == SAND_ACTION_END_PHASE)
    ok = editor_playtest_end_phase (self->playtest, error);
  else
    ok = editor_playtest_apply (self->playtest, action, error);
  if (!ok)
    return FALSE;
  /* The playtest may have replaced nothing but the game's state; a game
   * loaded meanwhile is another story. */
  game = editor_playtest_get_game (self->playtest);
  self->game = game;
  note_played (self, game, before);
  if (reason != NULL && *reason != '\0' && sand_game_log_length (game) > before)
    editor_playtest_add_note (self->playtest, sand_game_log_length (game) - 1, reason);
  /* The strip says what the log's row says, in the same words: a sentence
   * with the reason when the screen's side reads the line whole; a
   * face-down counter by the name it is known by, nothing of what the
   * action kept secret. */
  g_clear_pointer (&self->last, g_free);
  if (sand_game_log_length (game) > before)
    self->last = editor_playtest_log_row (self->playtest, sand_game_log_length (game) - 1,
                                          from, NULL);
  return TRUE;
}

static gboolean
step_cb (gpointer data)
{
  EditorPlaytestComputer *self = data;
  g_autoptr(GError) error = NULL;
  SandGame *game;
  guint at;

  self->step_source = 0;
  /* A game loaded or rewound meanwhile: the plan was for another game;
   * the new one may be the computer's to play, from where it stands. */
  if (!game_is_current (self))
    {
      g_object_ref (self);
      finish_turn (self);
      schedule_act (self);
      g_object_unref (self);
      return G_SOURCE_REMOVE;
    }
  game = self->game;
  at = sand_game_log_length (game);
  /* The real game logs what the search's game logged, line for line (the
   * same dice, the same rules); where an action logs more than one line
   * (an end of phase that brings the next), the next to play follows the
   * log. */
  if (at < self->base || at - self->base >= self->lines->len)
    {
      g_object_ref (self);
      finish_turn (self);
      schedule_act (self);
      g_object_unref (self);
      return G_SOURCE_REMOVE;
    }
  g_object_ref (self);
  if (!play_line (self, g_ptr_array_index (self->lines, at - self->base),
                  g_ptr_array_index (self->reasons, at - self->base), &error))
    {
      /* Not expected: the search played it on the same game. Say so, and
       * leave the side to the user. */
      editor_playtest_report (self->playtest, error);
      finish_turn (self);
      g_signal_emit (self, signals[STOPPED], 0);
    }
  else if (self->state == EDITOR_COMPUTER_PLAYING)
    schedule_step (self);
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

static void
search_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  EditorPlaytestComputer *self = EDITOR_PLAYTEST_COMPUTER (source);
  Search *search = g_task_get_task_data (G_TASK (result));
  guint generation = GPOINTER_TO_UINT (data);
  g_autoptr(GError) error = NULL;

  self->searching--;
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      if (generation == self->generation &&
          !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          if (self->playtest != NULL)
            editor_playtest_report (self->playtest, error);
          finish_turn (self);
          g_signal_emit (self, signals[STOPPED], 0);
        }
      return;
    }
  /* Dropped meanwhile (Stop, a new game, an undo): the answer is stale. */
  if (generation != self->generation || self->state != EDITOR_COMPUTER_THINKING)
    return;
  if (!game_is_current (self) || sand_game_log_length (self->game) != self->base)
    {
      finish_turn (self);
      schedule_act (self);
      return;
    }
  self->lines = g_steal_pointer (&search->lines);
  self->reasons = g_steal_pointer (&search->reasons);
  set_state (self, EDITOR_COMPUTER_PLAYING);
  /* The first action comes at once: the thinking was the wait. */
  self->step_source = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, step_cb, self, NULL);
}

static gboolean
my_turn (EditorPlaytestComputer *self,
         SandGame               *game)
{
  int setting_up;

  if (game == NULL || sand_game_is_over (game) || !editor_playtest_get_active (self->playtest))
    return FALSE;
  /* Rewound: the user is stepping through what was played. */
  if (editor_playtest_n_future (self->playtest) > 0)
    return FALSE;
  /* The user's attack waits for its losses: the user settles it. */
  if (sand_game_get_pending_attack (game) != NULL)
    return FALSE;
  setting_up = sand_game_setup_side (game);
  if (setting_up >= 0)
    return setting_up == self->side;
  return sand_game_get_side (game) == self->side;
}

static gboolean
act_cb (gpointer data)
{
  EditorPlaytestComputer *self = data;
  g_autoptr(GError) copy_error = NULL;
  SandGame *game;
  GTask *task;
  Search *search;

  self->act_source = 0;
  if (self->playtest == NULL || self->state != EDITOR_COMPUTER_IDLE)
    return G_SOURCE_REMOVE;
  game = editor_playtest_get_game (self->playtest);
  if (!my_turn (self, game))
    {
      self->skipping = FALSE;
      return G_SOURCE_REMOVE;
    }

  /* Set-up: the computer keeps its orders of battle's own placement. */
  if (sand_game_setup_side (game) == self->side)
    {
      g_autoptr(SandAction) ready = sand_action_new_kind (SAND_ACTION_READY);
      g_autoptr(GError) error = NULL;
      guint before = sand_game_log_length (game);

      if (!editor_playtest_apply (self->playtest, ready, &error))
        {
          editor_playtest_report (self->playtest, error);
          g_signal_emit (self, signals[STOPPED], 0);
          return G_SOURCE_REMOVE;
        }
      game = editor_playtest_get_game (self->playtest);
      note_played (self, game, before);
      schedule_act (self);
      return G_SOURCE_REMOVE;
    }

  search = g_new0 (Search, 1);
  search->game = sand_game_copy (game, &copy_error);
  if (search->game == NULL)
    {
      g_free (search);
      editor_playtest_report (self->playtest, copy_error);
      g_signal_emit (self, signals[STOPPED], 0);
      return G_SOURCE_REMOVE;
    }
  search->options = self->options;
  self->game = game;
  self->base = sand_game_log_length (game);
  g_free (self->base_line);
  self->base_line = self->base > 0 ? g_strdup (sand_game_log_line (game, self->base - 1)) : NULL;
  self->generation++;
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  set_state (self, EDITOR_COMPUTER_THINKING);

  task = g_task_new (self, self->cancellable, search_done_cb,
                     GUINT_TO_POINTER (self->generation));
  g_task_set_source_tag (task, act_cb);
  g_task_set_task_data (task, search, (GDestroyNotify) search_free);
  /* The answer is wanted even when Stop comes first (it cancels the
   * search, which then returns at once): it is dropped by its generation,
   * but the worker's game is freed on its own thread. */
  g_task_set_return_on_cancel (task, FALSE);
  self->searching++;
  g_task_run_in_thread (task, search_thread);
  g_object_unref (task);
  return G_SOURCE_REMOVE;
}

static void
schedule_act (EditorPlaytestComputer *self)
{
  if (self->act_source != 0 || self->state != EDITOR_COMPUTER_IDLE || self->playtest == NULL)
    return;
  if (!my_turn (self, editor_playtest_get_game (self->playtest)))
    return;
  /* Not from within the signal that told of the change: the playtest
   * finishes its own work first. */
  self->act_source = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, act_cb, self, NULL);
}

static void
playtest_changed_cb (EditorPlaytestComputer *self)
{
  if (self->state == EDITOR_COMPUTER_IDLE)
    schedule_act (self);
}

/* API */

EditorPlaytestComputer *
editor_playtest_computer_new (EditorPlaytest      *playtest,
                              int                  side,
                              const SandAiOptions *options)
{
  EditorPlaytestComputer *self;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (playtest), NULL);
  g_return_val_if_fail (options != NULL, NULL);

  self = g_object_new (EDITOR_TYPE_PLAYTEST_COMPUTER, NULL);
  self->playtest = playtest;
  g_object_add_weak_pointer (G_OBJECT (playtest), (gpointer *) &self->playtest);
  self->side = side;
  self->options = *options;
  g_signal_connect_object (playtest, "changed", G_CALLBACK (playtest_changed_cb), self,
                           G_CONNECT_SWAPPED);
  schedule_act (self);
  return self;
}

int
editor_playtest_computer_get_side (EditorPlaytestComputer *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST_COMPUTER (self), -1);
  return self->side;
}

const SandAiOptions *
editor_playtest_computer_get_options (EditorPlaytestComputer *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST_COMPUTER (self), NULL);
  return &self->options;
}

EditorComputerState
editor_playtest_computer_get_state (EditorPlaytestComputer *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST_COMPUTER (self), EDITOR_COMPUTER_IDLE);
  return self->state;
}

gboolean
editor_playtest_computer_get_searching (EditorPlaytestComputer *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST_COMPUTER (self), FALSE);
  return self->searching > 0;
}

void
editor_playtest_computer_set_pace (EditorPlaytestComputer *self,
                                   guint                   pace_ms)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST_COMPUTER (self));
  self->pace_ms = pace_ms;
}

void
editor_playtest_computer_skip (EditorPlaytestComputer *self)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST_COMPUTER (self));

  self->skipping = TRUE;
  /* The action waiting for its pause comes now. */
  if (self->step_source != 0)
    {
      g_source_remove (self->step_source);
      self->step_source = 0;
      schedule_step (self);
    }
}

void
editor_playtest_computer_cancel (EditorPlaytestComputer *self)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST_COMPUTER (self));

  self->generation++;
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->act_source, g_source_remove);
  self->skipping = FALSE;
  finish_turn (self);
}

void
editor_playtest_computer_stop (EditorPlaytestComputer *self)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST_COMPUTER (self));

  g_object_ref (self);
  editor_playtest_computer_cancel (self);
  g_signal_emit (self, signals[STOPPED], 0);
  g_object_unref (self);
}

gboolean
editor_playtest_computer_played (EditorPlaytestComputer *self,
                                 SandGame               *game,
                                 guint                   i)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST_COMPUTER (self), FALSE);
  g_return_val_if_fail (game != NULL, FALSE);

  return i < sand_game_log_length (game) &&
         g_strcmp0 (g_hash_table_lookup (self->played, GUINT_TO_POINTER (i)),
                    sand_game_log_line (game, i)) == 0;
}

const char *
editor_playtest_computer_get_last (EditorPlaytestComputer *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST_COMPUTER (self), NULL);
  return self->state == EDITOR_COMPUTER_PLAYING ? self->last : NULL;
}

void
editor_playtest_computer_choose (EditorPlaytestComputer  *self,
                                  SandGame                *game,
                                  const SandAttackChoices *user,
                                  EditorComputerChoices   *out)
{
  SandAiChoices mine;

  g_return_if_fail (EDITOR_IS_PLAYTEST_COMPUTER (self));
  g_return_if_fail (game != NULL && out != NULL);

  memset (out, 0, sizeof *out);
  if (user != NULL)
    out->choices = *user;
  else
    out->choices.fort_loss = -1;
  out->losses = g_array_new (FALSE, FALSE, sizeof (SandLoss));
  out->retreats = g_array_new (FALSE, FALSE, sizeof (SandRetreat));
  out->advance = g_array_new (FALSE, FALSE, sizeof (int));

  sand_ai_choices_init (&mine);
  sand_ai_choose_settle (game, self->side, &self->options, &mine);
  for (guint i = 0; user != NULL && i < user->n_losses; i++)
    if (sand_game_get_unit (game, user->losses[i].unit)->side != self->side)
      g_array_append_val (out->losses, user->losses[i]);
  g_array_append_vals (out->losses, mine.losses->data, mine.losses->len);
  for (guint i = 0; user != NULL && i < user->n_retreats; i++)
    if (sand_game_get_unit (game, user->retreats[i].unit)->side != self->side)
      g_array_append_val (out->retreats, user->retreats[i]);
  g_array_append_vals (out->retreats, mine.retreats->data, mine.retreats->len);
  /* Only the attacker advances: the computer's choice when it attacked. */
  if (mine.advance->len > 0 || user == NULL)
    g_array_append_vals (out->advance, mine.advance->data, mine.advance->len);
  else
    g_array_append_vals (out->advance, user->advance, user->n_advance);
  sand_ai_choices_clear (&mine);

  out->choices.losses = (const SandLoss *) (gpointer) out->losses->data;
  out->choices.n_losses = out->losses->len;
  out->choices.retreats = (const SandRetreat *) (gpointer) out->retreats->data;
  out->choices.n_retreats = out->retreats->len;
  out->choices.advance = (const int *) (gpointer) out->advance->data;
  out->choices.n_advance = out->advance->len;
}

void
editor_computer_choices_clear (EditorComputerChoices *choices)
{
  g_clear_pointer (&choices->losses, g_array_unref);
  g_clear_pointer (&choices->retreats, g_array_unref);
  g_clear_pointer (&choices->advance, g_array_unref);
}

/* GObject */

static void
editor_playtest_computer_dispose (GObject *object)
{
  EditorPlaytestComputer *self = EDITOR_PLAYTEST_COMPUTER (object);

  editor_playtest_computer_cancel (self);
  if (self->playtest != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->playtest), (gpointer *) &self->playtest);
      self->playtest = NULL;
    }
  G_OBJECT_CLASS (editor_playtest_computer_parent_class)->dispose (object);
}

static void
editor_playtest_computer_finalize (GObject *object)
{
  EditorPlaytestComputer *self = EDITOR_PLAYTEST_COMPUTER (object);

  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->played, g_hash_table_unref);
  g_clear_pointer (&self->last, g_free);
  G_OBJECT_CLASS (editor_playtest_computer_parent_class)->finalize (object);
}

static void
editor_playtest_computer_get_property (GObject    *object,
                                       guint       prop_id,
                                       GValue     *value,
                                       GParamSpec *pspec)
{
  EditorPlaytestComputer *self = EDITOR_PLAYTEST_COMPUTER (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_int (value, self->state);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_playtest_computer_class_init (EditorPlaytestComputerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = editor_playtest_computer_dispose;
  object_class->finalize = editor_playtest_computer_finalize;
  object_class->get_property = editor_playtest_computer_get_property;

  properties[PROP_STATE] =
    g_param_spec_int ("state", NULL, NULL, EDITOR_COMPUTER_IDLE, EDITOR_COMPUTER_PLAYING,
                      EDITOR_COMPUTER_IDLE,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[STOPPED] = g_signal_new ("stopped", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
editor_playtest_computer_init (EditorPlaytestComputer *self)
{
  self->pace_ms = 600;
  self->played = g_hash_table_new_full (NULL, NULL, NULL, g_free);
}
