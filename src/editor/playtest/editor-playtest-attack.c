/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The playtest's attack: the one being built (defender, attackers, units
 * taking losses first), its odds, and its roll and settlement. */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-playtest-private.h"

/* Attack */

gboolean
_editor_playtest_attack_phase (SandGame *game)
{
  /* the clock stays on the last phase when the game ends: no attack
   * comes after it */
  return g_strcmp0 (sand_game_get_phase_id (game), "combat") == 0 && !sand_game_is_over (game);
}

void
editor_playtest_set_attack_mode (EditorPlaytest *self,
                                 gboolean        attack)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));

  if (self->attack_mode == !!attack)
    return;
  self->attack_mode = !!attack;
  self->defender = -1;
  g_array_set_size (self->attackers, 0);
  g_array_set_size (self->loss_first, 0);
  _editor_playtest_update_reach (self);
  _editor_playtest_refresh (self);
}

gboolean
editor_playtest_get_attack_mode (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);
  return self->attack_mode;
}

int
editor_playtest_get_defender (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), -1);
  return self->defender;
}

void
editor_playtest_set_defender (EditorPlaytest *self,
                              int             hex)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));

  if (self->defender != hex)
    {
      g_array_set_size (self->attackers, 0);
      g_array_set_size (self->loss_first, 0);
    }
  self->defender = hex;
  self->attack_mode = TRUE;
  _editor_playtest_refresh (self);
}

void
editor_playtest_toggle_attacker (EditorPlaytest *self,
                                 int             unit)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));

  for (guint i = 0; i < self->attackers->len; i++)
    if (g_array_index (self->attackers, int, i) == unit)
      {
        g_array_remove_index (self->attackers, i);
        _editor_playtest_refresh (self);
        return;
      }
  if (unit_on_map (self, unit))
    g_array_append_val (self->attackers, unit);
  _editor_playtest_refresh (self);
}

void
editor_playtest_toggle_loss_first (EditorPlaytest *self,
                                   int             unit)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));

  for (guint i = 0; i < self->loss_first->len; i++)
    if (g_array_index (self->loss_first, int, i) == unit)
      {
        g_array_remove_index (self->loss_first, i);
        _editor_playtest_refresh (self);
        return;
      }
  if (unit_on_map (self, unit))
    g_array_append_val (self->loss_first, unit);
  _editor_playtest_refresh (self);
}

GArray *
editor_playtest_get_loss_first (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), NULL);
  return self->loss_first;
}

GArray *
editor_playtest_get_attackers (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), NULL);
  return self->attackers;
}

gboolean
editor_playtest_get_odds (EditorPlaytest *self,
                          SandOdds       *out,
                          GError        **error)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);

  if (self->game == NULL || self->defender < 0 || self->attackers->len == 0)
    {
      g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                           _("Pick the hex to attack, then the attacking units."));
      return FALSE;
    }
  return sand_game_odds (self->game, self->defender,
                         (const int *) (gpointer) self->attackers->data, self->attackers->len,
                         FALSE, out, error);
}

/* The owners' @choices (may be NULL: the defaults) on @action. */
static void
set_choices (SandAction              *action,
             const SandAttackChoices *choices)
{
  g_autoptr(GArray) losses = g_array_new (FALSE, FALSE, sizeof (SandLoss));
  g_autoptr(GArray) advance = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) support = g_array_new (FALSE, FALSE, sizeof (int));

  if (choices == NULL)
    return;
  if (choices->n_losses > 0)
    g_array_append_vals (losses, choices->losses, choices->n_losses);
  sand_action_set_losses (action, losses, choices->fort_loss);
  if (choices->n_advance > 0)
    g_array_append_vals (advance, choices->advance, choices->n_advance);
  sand_action_set_advance (action, advance);
  if (choices->n_retreats > 0)
    {
      action->retreats = g_array_new (FALSE, FALSE, sizeof (SandRetreat));
      g_array_append_vals (action->retreats, choices->retreats, choices->n_retreats);
    }
  if (choices->n_support > 0)
    g_array_append_vals (support, choices->support, choices->n_support);
  sand_action_set_support (action, support);
  action->choose_support = choices->choose_support;
  action->noflank = choices->decline_flank;
}

/* The attack being built, as an action. */
static SandAction *
attack_action (EditorPlaytest          *self,
               const SandAttackChoices *choices)
{
  SandAction *action = sand_action_new_kind (SAND_ACTION_ATTACK);

  action->hex = self->defender;
  sand_action_set_units (action, (const int *) (gpointer) self->attackers->data,
                         self->attackers->len);
  set_choices (action, choices);
  return action;
}

/* Plays an attack (resolved or settled); @out (may be NULL) receives its
 * result. The attack built is done with. */
static gboolean
play_attack (EditorPlaytest   *self,
             const SandAction *action,
             SandAttackResult *out,
             GError          **error)
{
  SandResult r;

  if (!_editor_playtest_play (self, action, &r, error))
    {
      sand_result_clear (&r);
      return FALSE;
    }
  if (out != NULL)
    {
      *out = r.attack;
      r.attack = (SandAttackResult) { 0 };
      r.has_attack = FALSE;
    }
  sand_result_clear (&r);
  self->defender = -1;
  g_array_set_size (self->attackers, 0);
  g_array_set_size (self->loss_first, 0);
  _editor_playtest_sync (self);
  _editor_playtest_check_over (self);
  return TRUE;
}

gboolean
editor_playtest_resolve (EditorPlaytest          *self,
                         const SandAttackChoices *choices,
                         SandAttackResult        *out,
                         GError                 **error)
{
  SandAttackChoices merged = { 0 };
  g_autoptr(GArray) losses = g_array_new (FALSE, FALSE, sizeof (SandLoss));
  g_autoptr(SandAction) action = NULL;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);

  if (out != NULL)
    *out = (SandAttackResult) { 0 };
  if (self->game == NULL || self->defender < 0 || self->attackers->len == 0)
    {
      g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                           _("Pick the hex to attack, then the attacking units."));
      return FALSE;
    }
  /* The units picked to take losses first, each up to all it has, unless
   * the caller says how. */
  if (self->loss_first->len > 0 && (choices == NULL || choices->n_losses == 0))
    {
      for (guint i = 0; i < self->loss_first->len; i++)
        {
          int u = g_array_index (self->loss_first, int, i);
          SandLoss l = { u, sand_game_get_unit (self->game, u)->strength };
          g_array_append_val (losses, l);
        }
      if (choices != NULL)
        merged = *choices;
      else
        merged.fort_loss = -1;
      merged.losses = (const SandLoss *) (gpointer) losses->data;
      merged.n_losses = losses->len;
      choices = &merged;
    }
  action = attack_action (self, choices);
  return play_attack (self, action, out, error);
}

gboolean
editor_playtest_roll_attack (EditorPlaytest          *self,
                             const SandAttackChoices *pre,
                             GError                 **error)
{
  g_autoptr(SandAction) action = NULL;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);

  if (self->game == NULL || self->defender < 0 || self->attackers->len == 0)
    {
      g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                           _("Pick the hex to attack, then the attacking units."));
      return FALSE;
    }
  /* Only the roll: the owners choose after the die. */
  action = attack_action (self, pre);
  action->ask = TRUE;
  return editor_game_model_apply (self->model, action, NULL, error);
}

gboolean
editor_playtest_roll_hasty (EditorPlaytest  *self,
                            int              hex,
                            int              unit,
                            int              points,
                            GError         **error)
{
  const SandActionSpec *spec;
  g_autoptr(SandAction) action = NULL;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);

  if (self->game == NULL)
    {
      g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                           _("No game is being played."));
      return FALSE;
    }
  spec = sand_game_find_action (self->game, "hasty");
  if (spec == NULL)
    {
      /* The engine's own refusal of an action the game does not have. */
      static const char *const words[] = { "hasty", NULL };
      g_autoptr(SandAction) none = sand_game_parse_action (self->game, words, error);

      return FALSE;
    }
  action = sand_action_new (spec);
  action->hex = hex;
  action->unit = unit;
  action->number = points;
  action->ask = TRUE;
  return editor_game_model_apply (self->model, action, NULL, error);
}

gboolean
editor_playtest_settle_attack (EditorPlaytest          *self,
                               const SandAttackChoices *choices,
                               SandAttackResult        *out,
                               GError                 **error)
{
  g_autoptr(SandAction) action = sand_action_new_kind (SAND_ACTION_SETTLE);

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);

  if (out != NULL)
    *out = (SandAttackResult) { 0 };
  if (self->game == NULL || sand_game_get_pending_attack (self->game) == NULL)
    {
      g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                           _("No attack waits for its losses."));
      return FALSE;
    }
  /* The computer makes its own choices after the die of the person's
   * attack: its losses, its retreats. */
  EditorComputerChoices merged = { 0 };
  set_choices (action, _editor_playtest_computer_choices (self, choices, &merged));
  editor_computer_choices_clear (&merged);
  return play_attack (self, action, out, error);
}
