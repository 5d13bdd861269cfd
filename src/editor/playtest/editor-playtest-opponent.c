/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The controller's side of playing against the computer (issue 15 item
 * 7): which sides the computer plays (its strip holds them, see
 * editor-playtest-computer-bar.h), whose screen it is, the person's
 * commands waiting while the computer plays, undo past its phases and its
 * own choices after the die of the person's attack. The rest of the
 * controller calls these at the few places where it matters. */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-playtest-private.h"
#include "editor-playtest-computer-bar.h"
#include "editor-playtest-setup-dialog.h"

static EditorPlaytestComputerBar *
computer_bar (EditorPlaytest *self)
{
  return self->computer_bar != NULL ? EDITOR_PLAYTEST_COMPUTER_BAR (self->computer_bar) : NULL;
}

gboolean
_editor_playtest_has_computer (EditorPlaytest *self)
{
  return computer_bar (self) != NULL && editor_playtest_computer_bar_any (computer_bar (self));
}

int
_editor_playtest_computer_viewer (EditorPlaytest *self)
{
  int n_sides = (int) sand_ruleset_n_sides (sand_scenario_get_ruleset (self->scenario));

  /* The screen is the person's alone; with the computer on both sides
   * nothing is hidden. */
  for (int s = 0; s < n_sides; s++)
    if (!editor_playtest_computer_plays (self, s))
      return s;
  return -1;
}

gboolean
_editor_playtest_computer_busy (EditorPlaytest  *self,
                                GError         **error)
{
  if (computer_bar (self) == NULL || !editor_playtest_computer_bar_busy (computer_bar (self)))
    return FALSE;
  g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_REFUSED,
                       _("The computer is playing its turn: wait for it, or Stop it."));
  return TRUE;
}

gboolean
_editor_playtest_computer_undo_target (EditorPlaytest *self,
                                       guint          *n_actions)
{
  return computer_bar (self) != NULL && self->game != NULL &&
         !sand_game_can_undo (self->game) &&
         editor_playtest_computer_bar_undo_target (computer_bar (self), self->game, n_actions);
}

const SandAttackChoices *
_editor_playtest_computer_choices (EditorPlaytest          *self,
                                   const SandAttackChoices *choices,
                                   EditorComputerChoices   *merged)
{
  EditorPlaytestComputer *computer = NULL;

  for (int s = 0; s < SAND_MAX_SIDES && computer == NULL && computer_bar (self) != NULL; s++)
    if (s != sand_game_get_side (self->game))
      computer = editor_playtest_computer_bar_get_player (computer_bar (self), s);
  if (computer == NULL)
    return choices;
  editor_playtest_computer_choose (computer, self->game, choices, merged);
  return &merged->choices;
}

void
_editor_playtest_computer_cancel (EditorPlaytest *self)
{
  if (computer_bar (self) != NULL)
    editor_playtest_computer_bar_cancel (computer_bar (self));
}

/* While the computer plays, the person's commands wait (the map still
 * scrolls, the log still reads). */
static void
busy_cb (EditorPlaytest *self)
{
  gboolean busy = editor_playtest_computer_bar_busy (computer_bar (self));

  gtk_widget_set_sensitive (self->bar, !busy && !self->handover);
  gtk_widget_set_sensitive (self->unit_actions, !busy);
  gtk_widget_set_sensitive (self->attack_panel, !busy);
}

void
_editor_playtest_computer_attach (EditorPlaytest *self,
                                  GtkBox         *canvas_box)
{
  self->computer_bar = editor_playtest_computer_bar_new (self);
  gtk_box_insert_child_after (canvas_box, self->computer_bar, self->bar);
  g_signal_connect_object (self->computer_bar, "notify::busy", G_CALLBACK (busy_cb), self,
                           G_CONNECT_SWAPPED);
}

/* The set-up dialog starts from who played the last game. */
void
_editor_playtest_computer_preset (EditorPlaytest            *self,
                                  EditorPlaytestSetupDialog *dialog)
{
  EditorPlaytestPlayers *players = editor_playtest_setup_dialog_get_players (dialog);

  for (int s = 0; s < SAND_MAX_SIDES && computer_bar (self) != NULL; s++)
    {
      EditorPlaytestComputer *c = editor_playtest_computer_bar_get_player (computer_bar (self), s);

      if (c != NULL)
        editor_playtest_players_set (players, s, editor_playtest_computer_get_options (c));
    }
}

void
editor_playtest_set_computer (EditorPlaytest      *self,
                              int                  side,
                              const SandAiOptions *options)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));
  g_return_if_fail (computer_bar (self) != NULL);
  editor_playtest_computer_bar_set_player (computer_bar (self), side, options);
}

GtkWidget *
editor_playtest_get_computer_bar (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), NULL);
  return self->computer_bar;
}

gboolean
editor_playtest_computer_plays (EditorPlaytest *self,
                                int             side)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);
  return computer_bar (self) != NULL &&
         editor_playtest_computer_bar_get_player (computer_bar (self), side) != NULL;
}

void
editor_playtest_add_note (EditorPlaytest *self,
                          guint           i,
                          const char     *note)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));
  g_return_if_fail (note != NULL);

  editor_game_model_add_note (self->model, i, note);
}
