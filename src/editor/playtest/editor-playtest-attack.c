/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The playtest's attack: the one being built (defender, attackers, units
 * taking losses first), its odds, and its roll and settlement. */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-playtest-private.h"

/* Attack */

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

char *
_editor_playtest_describe_result (SandGame               *game,
                                  const SandAttackResult *r)
{
  GString *text = g_string_new (NULL);

  if (r->odds.odds[0] != '\0')
    g_string_append_printf (text, _("odds %s"), r->odds.odds);
  if (r->odds.drm != 0)
    g_string_append_printf (text, _(", modifier %+d"), r->odds.drm);
  g_string_append_printf (text, _(", die %d"), r->roll);
  if (r->modified_roll != r->roll)
    g_string_append_printf (text, _(" (modified %d)"), r->modified_roll);
  g_string_append_printf (text, _(": %s"), r->result);
  if (r->attacker_loss || r->defender_loss)
    g_string_append_printf (text, _("; attacker loses %d, defender loses %d"),
                            r->attacker_loss, r->defender_loss);
  for (guint i = 0; r->eliminated && i < r->eliminated->len; i++)
    {
      int u = g_array_index (r->eliminated, int, i);
      g_string_append_printf (text, _("; %s eliminated"), sand_game_get_counter (game, u)->id);
    }
  for (guint i = 0; r->advanced && i < r->advanced->len; i++)
    {
      int u = g_array_index (r->advanced, int, i);
      g_string_append_printf (text, _("; %s advances"), sand_game_get_counter (game, u)->id);
    }
  return g_string_free (text, FALSE);
}

gboolean
editor_playtest_resolve (EditorPlaytest          *self,
                         const SandAttackChoices *choices,
                         SandAttackResult        *out,
                         GError                 **error)
{
  SandAttackResult local = { 0 };
  SandAttackResult *r = out ? out : &local;
  SandAttackChoices merged = { 0 };
  g_autoptr(GArray) losses = g_array_new (FALSE, FALSE, sizeof (SandLoss));

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);

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
  if (!sand_game_attack (self->game, self->defender,
                         (const int *) (gpointer) self->attackers->data, self->attackers->len,
                         choices, r, error))
    {
      sand_attack_result_clear (&local);
      return FALSE;
    }
  g_hash_table_insert (self->annotations,
                       GUINT_TO_POINTER (sand_game_log_length (self->game) - 1),
                       _editor_playtest_describe_result (self->game, r));
  sand_attack_result_clear (&local);
  self->defender = -1;
  g_array_set_size (self->attackers, 0);
  g_array_set_size (self->loss_first, 0);
  _editor_playtest_game_changed (self);
  _editor_playtest_check_over (self);
  return TRUE;
}

gboolean
editor_playtest_roll_attack (EditorPlaytest          *self,
                             const SandAttackChoices *pre,
                             GError                 **error)
{
  const SandPendingAttack *pending;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);

  if (self->game == NULL || self->defender < 0 || self->attackers->len == 0)
    {
      g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                           _("Pick the hex to attack, then the attacking units."));
      return FALSE;
    }
  if (!sand_game_attack_roll (self->game, self->defender,
                              (const int *) (gpointer) self->attackers->data,
                              self->attackers->len, pre, &pending, error))
    return FALSE;
  _editor_playtest_game_changed (self);
  return TRUE;
}

gboolean
editor_playtest_roll_hasty (EditorPlaytest  *self,
                            int              hex,
                            int              unit,
                            int              points,
                            GError         **error)
{
  const SandPendingAttack *pending;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);

  if (self->game == NULL)
    {
      g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                           _("No game is being played."));
      return FALSE;
    }
  if (!sand_game_hasty_attack_roll (self->game, hex, unit, points, &pending, error))
    return FALSE;
  _editor_playtest_game_changed (self);
  return TRUE;
}

gboolean
editor_playtest_settle_attack (EditorPlaytest          *self,
                               const SandAttackChoices *choices,
                               SandAttackResult        *out,
                               GError                 **error)
{
  SandAttackResult local = { 0 };
  SandAttackResult *r = out ? out : &local;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);

  if (self->game == NULL || sand_game_get_pending_attack (self->game) == NULL)
    {
      g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                           _("No attack waits for its losses."));
      return FALSE;
    }
  if (!sand_game_attack_settle (self->game, choices, r, error))
    return FALSE;
  g_hash_table_insert (self->annotations,
                       GUINT_TO_POINTER (sand_game_log_length (self->game) - 1),
                       _editor_playtest_describe_result (self->game, r));
  sand_attack_result_clear (&local);
  self->defender = -1;
  g_array_set_size (self->attackers, 0);
  g_array_set_size (self->loss_first, 0);
  _editor_playtest_game_changed (self);
  _editor_playtest_check_over (self);
  return TRUE;
}
