/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The playtest controller: the game and its copy of the scenario, the
 * selection, hot-seat hand-overs, turns, starting and stopping. Overlays,
 * the attack, the log and replay, the canvas input and the window's
 * surgery have their own files (editor-playtest-*.c). */
#include "config.h"

#include <glib/gi18n.h>

#include "sand-ruleset-labels.h"
#include "editor-playtest-private.h"
#include "editor-victory-dialog.h"

G_DEFINE_FINAL_TYPE_WITH_CODE (EditorPlaytest, editor_playtest, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (EDITOR_TYPE_CANVAS_INPUT,
                                                      _editor_playtest_canvas_input_init))

enum {
  PROP_0,
  PROP_ACTIVE,
  N_PROPS
};

enum {
  CHANGED,
  MESSAGE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

int
editor_playtest_get_viewer (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), -1);

  /* Hot-seat Standard Game: the screen belongs to the side to move, whose
   * opponent's identities stay hidden until revealed. */
  if (self->game == NULL || !self->hot_seat)
    return -1;
  /* Against the computer the screen is the person's alone. */
  if (_editor_playtest_has_computer (self))
    return _editor_playtest_computer_viewer (self);
  /* Before play the screen is the side setting up's (its own units face
   * up, the enemy's hidden), not the first phase's side. */
  return sand_game_acting_side (self->game);
}

void
_editor_playtest_set_message (EditorPlaytest *self,
                              const char     *text)
{
  /* Hot-seat: what the incoming side's turn brings is theirs to read, not
   * the player handing over the screen's. */
  if (self->handover && text != NULL)
    {
      g_free (self->pending_message);
      self->pending_message = g_strdup (text);
      return;
    }
  g_free (self->message);
  self->message = g_strdup (text);
  if (text != NULL)
    g_signal_emit (self, signals[MESSAGE], 0, text);
}

/* A refusal in words, with the rule case it cites. */
void
_editor_playtest_report_error (EditorPlaytest *self,
                               const GError   *error)
{
  const char *rule = self->game ? sand_game_get_refusal_rule (self->game) : NULL;
  g_autofree char *text = NULL;

  if (error->domain == SAND_GAME_ERROR && error->code == SAND_GAME_ERROR_REFUSED &&
      rule != NULL && *rule != '\0')
    /* Translators: a refused action and the rule case that forbids it,
     * e.g. "The unit has no movement points left (Movement (C))". */
    text = g_strdup_printf (_("%s (%s)"), error->message, rule);
  else
    text = g_strdup (error->message);
  _editor_playtest_set_message (self, text);
}

void
editor_playtest_report (EditorPlaytest *self,
                        const GError   *error)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));
  g_return_if_fail (error != NULL);
  _editor_playtest_report_error (self, error);
}

/* Drops the hex being picked without calling back. */
gboolean
_editor_playtest_clear_pick (EditorPlaytest *self)
{
  GDestroyNotify destroy = self->pick_destroy;
  gpointer data = self->pick_data;

  if (self->pick_func == NULL)
    return FALSE;
  self->pick_func = NULL;
  self->pick_data = NULL;
  self->pick_destroy = NULL;
  g_clear_pointer (&self->pick_prompt, g_free);
  g_array_set_size (self->pick_hexes, 0);
  if (destroy != NULL)
    destroy (data);
  return TRUE;
}

void
_editor_playtest_refresh (EditorPlaytest *self)
{
  if (!self->active || self->game == NULL)
    return;
  /* The attack panel has nothing to offer outside attack mode (unless an
   * attack waits for its losses and retreats): its room goes to the unit's
   * actions and the log. A hasty attack's Losses step is the unit actions'
   * own, so it must not show here a second time. */
  {
    const SandPendingAttack *pending = sand_game_get_pending_attack (self->game);
    gboolean attacking = self->attack_mode || (pending != NULL && pending->hasty_points == 0);

    gtk_widget_set_visible (self->attack_panel, attacking);
    gtk_widget_set_visible (gtk_widget_get_next_sibling (self->attack_panel), attacking);
  }
  /* Only the counters whose look changed: the selection's, or all when
   * what the screen may see changed (a hand-over). */
  if (!self->draws_valid || self->drawn_handover != self->handover ||
      self->drawn_viewer != editor_playtest_get_viewer (self) ||
      self->drawn_selected != self->selected)
    {
      static const int none[1] = { -1 };

      _editor_playtest_update_counters (self, none, 0);
    }
  _editor_playtest_update_overlay (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->canvas));
  g_signal_emit (self, signals[CHANGED], 0);
}

void
_editor_playtest_sync (EditorPlaytest *self)
{
  if (self->game == NULL)
    return;
  if (!unit_on_map (self, self->selected))
    self->selected = -1;
  g_array_set_size (self->path, 0);
  _editor_playtest_update_reach (self);
  editor_playtest_hover_hex (self, self->hover);
  _editor_playtest_refresh (self);
}

/* Another game (start, load): nothing of the last one's selection, attack,
 * hand-over or news carries over. */
static void
reset_play (EditorPlaytest *self)
{
  SandGame *game = self->game;

  _editor_playtest_clear_pick (self);
  self->selected = -1;
  self->hover = -1;
  self->defender = -1;
  g_array_set_size (self->attackers, 0);
  g_array_set_size (self->loss_first, 0);
  g_array_set_size (self->reach, 0);
  g_array_set_size (self->path, 0);
  g_array_set_size (self->arrived, 0);
  g_clear_pointer (&self->message, g_free);
  self->handover = FALSE;
  g_clear_pointer (&self->pending_message, g_free);
  self->probe = FALSE;
  self->hot_seat = FALSE;
  if (game == NULL)
    return;
  self->attack_mode = _editor_playtest_attack_phase (game);
  _editor_playtest_cover_screen (self, FALSE);
  /* The Standard Game hides identities, whether the option says so or an
   * order of battle with dummies brings it: ask the game. */
  self->hot_seat = sand_scenario_has_option (self->scenario, "standard");
  for (guint u = 0; u < sand_game_n_units (game) && !self->hot_seat; u++)
    {
      const SandUnitState *st = sand_game_get_unit (game, u);

      for (guint v = 0; v < SAND_MAX_SIDES && !self->hot_seat; v++)
        if (st->status == SAND_UNIT_ON_MAP && v != st->side &&
            (int) v < (int) sand_ruleset_n_sides (sand_scenario_get_ruleset (self->scenario)))
          self->hot_seat = !sand_game_unit_visible (game, u, v);
    }
}

/* The model changed the game: the canvas and the selection follow. */
static void
model_changed_cb (EditorPlaytest         *self,
                  const EditorGameChange *change,
                  EditorGameModel        *model)
{
  SandScenario *scenario = editor_game_model_get_scenario (model);

  if (change->flags & EDITOR_GAME_CHANGE_GAME)
    {
      gboolean another = scenario != self->scenario;

      self->game = editor_game_model_get_game (model);
      self->scenario = scenario;
      self->draws_valid = FALSE;
      if (another)
        reset_play (self);
    }
  if (self->canvas == NULL)
    return;
  if (self->game == NULL)
    {
      /* The renderer must drop its pointers into the game's counters
       * before the model frees it. */
      sand_renderer_set_counters (editor_map_canvas_get_renderer (self->canvas), NULL, 0);
      editor_map_canvas_set_overlay (self->canvas, NULL);
      return;
    }
  /* A pick belongs to the moment it began: any action (undo too) ends it. */
  if (self->pick_func != NULL && sand_game_log_length (self->game) != self->pick_log_len)
    _editor_playtest_clear_pick (self);
  if (self->draws_valid && (change->flags & EDITOR_GAME_CHANGE_UNITS))
    _editor_playtest_update_counters (self, (const int *) (gpointer) change->units->data,
                                      change->units->len);
  else if (!self->draws_valid)
    _editor_playtest_update_counters (self, NULL, 0);
  /* The map's tiles under the cells the game changed are drawn again (the
   * labels a counter pushes aside are in them); counters and overlays are
   * drawn live each frame, which refresh queues. */
  editor_map_canvas_queue_draw_hexes (self->canvas, (const int *) (gpointer) change->hexes->data,
                                      change->hexes->len);
  if (self->quiet == 0)
    _editor_playtest_sync (self);
}

gboolean
_editor_playtest_play (EditorPlaytest   *self,
                       const SandAction *action,
                       SandResult       *out,
                       GError          **error)
{
  gboolean ok;

  self->quiet++;
  ok = editor_game_model_apply (self->model, action, out, error);
  self->quiet--;
  return ok;
}

/* Public API */

gboolean
editor_playtest_get_active (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);
  return self->active;
}

SandGame *
editor_playtest_get_game (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), NULL);
  return self->game;
}

EditorGameModel *
editor_playtest_get_model (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), NULL);
  return self->model;
}

const char *
editor_playtest_get_message (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), NULL);
  return self->message;
}

int
editor_playtest_get_hover (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), -1);
  return self->hover;
}

int
editor_playtest_get_selected (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), -1);
  return self->selected;
}

void
editor_playtest_select_unit (EditorPlaytest *self,
                             int             unit)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));

  if (self->game == NULL || !unit_on_map (self, unit))
    unit = -1;
  /* A hex picked for one unit's action is not picked for another's, and
   * probing is a choice made for each unit's move. */
  if (unit != self->selected)
    {
      _editor_playtest_clear_pick (self);
      self->probe = FALSE;
    }
  self->selected = unit;
  g_array_set_size (self->path, 0);
  _editor_playtest_update_reach (self);
  _editor_playtest_refresh (self);
}

void
_editor_playtest_check_over (EditorPlaytest *self)
{
  if (self->game != NULL && sand_game_is_over (self->game))
    editor_victory_dialog_present (GTK_WINDOW (self->window), self->game);
}

static void
end_handover (EditorPlaytest *self)
{
  g_autofree char *pending = g_steal_pointer (&self->pending_message);

  self->handover = FALSE;
  _editor_playtest_cover_screen (self, FALSE);
  _editor_playtest_refresh (self);
  if (pending != NULL)
    _editor_playtest_set_message (self, pending);
}

/* Hot-seat: between player-turns (and set-ups) the screen hides every
 * identity until the next player says they are at the table. */
void
_editor_playtest_begin_handover (EditorPlaytest *self)
{
  SandRuleset *ruleset = sand_scenario_get_ruleset (self->scenario);
  int side = editor_playtest_get_viewer (self);
  g_autofree char *heading = NULL;

  self->handover = TRUE;
  /* Translators: hot-seat play; %s is the side to play (msgctxt "side"),
   * e.g. "Pass the Screen · French to Play". */
  heading = g_strdup_printf (_("Pass the Screen · %s to Play"),
                             sand_ruleset_side_label (ruleset, side));
  /* The cover is the hand-over: a dialog in front would leave its Ready
   * on top of whatever the window still shows around it. */
  adw_status_page_set_title (ADW_STATUS_PAGE (self->cover), heading);
  _editor_playtest_cover_screen (self, TRUE);
  gtk_widget_grab_focus (self->ready_button);
}

gboolean
editor_playtest_get_screen_hidden (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);
  return self->handover;
}

void
editor_playtest_show_screen (EditorPlaytest *self)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));
  end_handover (self);
}

gboolean
editor_playtest_end_phase (EditorPlaytest *self,
                           GError        **error)
{
  g_autoptr(SandAction) end_phase = sand_action_new_kind (SAND_ACTION_END_PHASE);
  g_autofree guint8 *was_on_map = NULL;
  guint before = 0, after = 0;
  int viewer_before;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);
  g_return_val_if_fail (self->game != NULL, FALSE);

  viewer_before = editor_playtest_get_viewer (self);
  was_on_map = g_new0 (guint8, sand_game_n_units (self->game));
  for (guint u = 0; u < sand_game_n_units (self->game); u++)
    before += was_on_map[u] = unit_on_map (self, u);
  if (!_editor_playtest_play (self, end_phase, NULL, error))
    return FALSE;
  /* Reinforcements appear at their flags: mark them for the phase. */
  g_array_set_size (self->arrived, 0);
  for (guint u = 0; u < sand_game_n_units (self->game); u++)
    if (unit_on_map (self, u))
      {
        after++;
        if (!was_on_map[u])
          g_array_append_val (self->arrived, u);
      }

  self->selected = -1;
  g_array_set_size (self->attackers, 0);
  g_array_set_size (self->loss_first, 0);
  self->defender = -1;
  self->attack_mode = _editor_playtest_attack_phase (self->game);
  /* The hand-over first: the arrivals are the incoming side's to see. */
  if (viewer_before >= 0 && viewer_before != editor_playtest_get_viewer (self) &&
      !sand_game_is_over (self->game) && !_editor_playtest_has_computer (self))
    _editor_playtest_begin_handover (self);
  if (after > before)
    {
      g_autofree char *text = NULL;

      /* Translators: reinforcements placed at their entry flags. */
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u unit arrived",
                                           "%u units arrived", after - before),
                              after - before);
      _editor_playtest_set_message (self, text);
    }
  _editor_playtest_sync (self);
  _editor_playtest_check_over (self);
  return TRUE;
}

gboolean
editor_playtest_undo (EditorPlaytest *self,
                      GError        **error)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);
  g_return_val_if_fail (self->game != NULL, FALSE);

  if (_editor_playtest_computer_busy (self, error))
    return FALSE;
  /* Against the computer, nothing left to undo in the person's phase
   * takes back the person's last action and the computer's since. */
  {
    guint n;

    if (_editor_playtest_computer_undo_target (self, &n))
      return editor_playtest_rewind (self, n, error);
  }
  int viewer = editor_playtest_get_viewer (self);
  if (!editor_game_model_undo (self->model, error))
    return FALSE;
  /* Hot-seat: a Set-Up Done taken back gives the screen back to the side
   * that set up before; the player at the table must not see its units. */
  if (viewer >= 0 && viewer != editor_playtest_get_viewer (self) &&
      !_editor_playtest_has_computer (self))
    {
      _editor_playtest_begin_handover (self);
      _editor_playtest_sync (self);
    }
  return TRUE;
}

gboolean
editor_playtest_entrain (EditorPlaytest *self,
                         gboolean        entrain,
                         GError        **error)
{
  g_autoptr(SandAction) action = NULL;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);

  if (!unit_on_map (self, self->selected))
    {
      g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                           _("Select a unit first."));
      return FALSE;
    }
  action = sand_action_new_kind (entrain ? SAND_ACTION_ENTRAIN : SAND_ACTION_DETRAIN);
  action->unit = self->selected;
  if (editor_game_model_apply (self->model, action, NULL, error))
    return TRUE;
  _editor_playtest_sync (self);
  return FALSE;
}

GtkWidget *
editor_playtest_get_unit_actions (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), NULL);
  return self->unit_actions;
}

void
editor_playtest_set_panel_visible (EditorPlaytest *self,
                                   gboolean        visible)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));
  /* The game panel is the window's side panel while playing. */
  g_action_group_change_action_state (G_ACTION_GROUP (self->window), "show-game-panel",
                                      g_variant_new_boolean (visible));
}

/* Plays what the model now holds (a game started or loaded), showing the
 * playtest in the window if it was not. */
void
_editor_playtest_activate (EditorPlaytest *self)
{
  /* A game loaded over a running one keeps the window as it is: hiding
   * and showing the turn bar within one frame leaves GTK 4.8 snapshotting
   * it unallocated. */
  if (!self->active)
    {
      self->active = TRUE;
      /* The window plays while this is active. */
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
    }
  _editor_playtest_sync (self);
}

gboolean
editor_playtest_start (EditorPlaytest     *self,
                       const char * const *oob_ids,
                       const char * const *options,
                       guint64             seed,
                       GError            **error)
{
  EditorDocument *document;
  g_autoptr(SandScenario) scenario = NULL;
  SandGame *game;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);

  document = editor_window_get_document (self->window);
  if (document == NULL)
    {
      g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_SETUP,
                           _("There is no scenario to play."));
      return FALSE;
    }

  /* Play never touches the document: the game runs on a copy. */
  scenario = sand_scenario_copy (editor_document_get_scenario (document));
  if (options != NULL)
    {
      g_auto(GStrv) current = sand_scenario_list_options (scenario);

      for (guint i = 0; current[i] != NULL; i++)
        sand_scenario_set_option (scenario, current[i], FALSE);
      for (guint i = 0; options[i] != NULL; i++)
        sand_scenario_set_option (scenario, options[i], TRUE);
    }
  /* An empty id stands for the side's default. */
  {
    const char *oobs[SAND_MAX_SIDES + 1] = { 0 };

    for (guint i = 0; oob_ids != NULL && oob_ids[i] != NULL && i < SAND_MAX_SIDES; i++)
      oobs[i] = *oob_ids[i] ? oob_ids[i] : NULL;
    game = sand_game_new (scenario, oobs, seed, error);
  }
  if (game == NULL)
    return FALSE;
  editor_game_model_set_game (self->model, g_steal_pointer (&scenario), game);
  _editor_playtest_activate (self);
  return TRUE;
}

void
editor_playtest_stop (EditorPlaytest *self)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));

  if (!self->active)
    return;
  self->active = FALSE;
  self->handover = FALSE;
  g_clear_pointer (&self->pending_message, g_free);
  _editor_playtest_cover_screen (self, FALSE);
  _editor_playtest_computer_cancel (self);
  editor_game_model_set_game (self->model, NULL, NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self->canvas));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
  g_signal_emit (self, signals[CHANGED], 0);
}

/* GObject */

static void
editor_playtest_finalize (GObject *object)
{
  EditorPlaytest *self = (EditorPlaytest *) object;

  _editor_playtest_clear_pick (self);
  if (self->canvas != NULL)
    {
      /* The renderer must not point into the game the model frees. */
      if (self->game != NULL)
        sand_renderer_set_counters (editor_map_canvas_get_renderer (self->canvas), NULL, 0);
      g_object_remove_weak_pointer (G_OBJECT (self->canvas), (gpointer *) &self->canvas);
    }
  g_clear_pointer (&self->pending_message, g_free);
  g_clear_pointer (&self->pick_hexes, g_array_unref);
  g_signal_handlers_disconnect_by_data (self->model, self);
  g_clear_object (&self->model);
  g_clear_pointer (&self->reach, g_array_unref);
  g_clear_pointer (&self->path, g_array_unref);
  g_clear_pointer (&self->attackers, g_array_unref);
  g_clear_pointer (&self->loss_first, g_array_unref);
  g_clear_pointer (&self->arrived, g_array_unref);
  g_clear_pointer (&self->draws, g_array_unref);
  g_clear_pointer (&self->draw_index, g_array_unref);
  g_clear_pointer (&self->message, g_free);

  G_OBJECT_CLASS (editor_playtest_parent_class)->finalize (object);
}

static void
editor_playtest_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  EditorPlaytest *self = EDITOR_PLAYTEST (object);

  switch (prop_id)
    {
    case PROP_ACTIVE:
      g_value_set_boolean (value, self->active);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_playtest_class_init (EditorPlaytestClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = editor_playtest_finalize;
  object_class->get_property = editor_playtest_get_property;

  properties[PROP_ACTIVE] =
    g_param_spec_boolean ("active", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
editor_playtest_init (EditorPlaytest *self)
{
  self->selected = self->hover = self->defender = -1;
  self->reach = g_array_new (FALSE, FALSE, sizeof (int));
  self->path = g_array_new (FALSE, FALSE, sizeof (int));
  self->attackers = g_array_new (FALSE, FALSE, sizeof (int));
  self->loss_first = g_array_new (FALSE, FALSE, sizeof (int));
  self->arrived = g_array_new (FALSE, FALSE, sizeof (int));
  self->draws = g_array_new (FALSE, FALSE, sizeof (SandCounterDraw));
  self->draw_index = g_array_new (FALSE, FALSE, sizeof (int));
  self->drawn_selected = self->drawn_viewer = -1;
  self->model = editor_game_model_new ();
  g_signal_connect_object (self->model, "changed", G_CALLBACK (model_changed_cb), self,
                           G_CONNECT_SWAPPED);
  self->pick_hexes = g_array_new (FALSE, FALSE, sizeof (int));
}
