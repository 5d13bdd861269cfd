/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The playtest's input: clicks and hovers on the canvas (select, move,
 * build an attack, pick a hex for an action) and the keys while playing. */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-playtest-private.h"

/* Canvas: the playtest is its input owner while playing
 * (editor-canvas-input.h), so these never see the editing tools' clicks,
 * nor the tools these. */

static void
press (EditorCanvasInput *input,
       int                hex,
       double             map_x,
       double             map_y,
       guint              button,
       GdkModifierType    state)
{
  EditorPlaytest *self = EDITOR_PLAYTEST (input);

  if (self->game == NULL)
    return;
  if (button == GDK_BUTTON_SECONDARY && hex >= 0 && self->attack_mode)
    {
      /* Where the rules leave losses to the players: a stack picked here
       * takes its side's losses first. */
      g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (int));

      sand_game_units_at (self->game, hex, units);
      for (guint i = 0; i < units->len; i++)
        editor_playtest_toggle_loss_first (self, g_array_index (units, int, i));
      return;
    }
  if (button == GDK_BUTTON_SECONDARY && hex >= 0)
    {
      /* The secondary button always picks, even where a move could go. */
      g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (int));
      sand_game_units_at (self->game, hex, units);
      if (units->len > 0)
        editor_playtest_select_unit (self, g_array_index (units, int, 0));
      else
        editor_playtest_select_unit (self, -1);
      return;
    }
  editor_playtest_click_hex (self, hex);
}

static void
hover (EditorCanvasInput *input,
       int                hex,
       int                side_hex,
       int                side_dir)
{
  EditorPlaytest *self = EDITOR_PLAYTEST (input);

  if (self->game == NULL)
    return;
  editor_playtest_hover_hex (self, hex);
  _editor_playtest_refresh (self);
}

void
_editor_playtest_canvas_input_init (EditorCanvasInputInterface *iface)
{
  iface->hover = hover;
  iface->press = press;
}

void
editor_playtest_begin_pick (EditorPlaytest         *self,
                            const char             *prompt,
                            const int              *hexes,
                            guint                   n_hexes,
                            EditorPlaytestPickFunc  func,
                            gpointer                data,
                            GDestroyNotify          destroy)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));
  g_return_if_fail (func != NULL);

  _editor_playtest_clear_pick (self);
  if (self->game == NULL)
    {
      if (destroy != NULL)
        destroy (data);
      return;
    }
  self->pick_prompt = g_strdup (prompt);
  self->pick_func = func;
  self->pick_data = data;
  self->pick_destroy = destroy;
  self->pick_log_len = sand_game_log_length (self->game);
  if (hexes != NULL && n_hexes > 0)
    g_array_append_vals (self->pick_hexes, hexes, n_hexes);
  g_array_set_size (self->path, 0);
  _editor_playtest_update_reach (self);
  _editor_playtest_refresh (self);
}

void
editor_playtest_cancel_pick (EditorPlaytest *self)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));

  if (!_editor_playtest_clear_pick (self) || self->game == NULL || self->canvas == NULL)
    return;
  _editor_playtest_update_reach (self);
  _editor_playtest_refresh (self);
}

const char *
editor_playtest_get_pick_prompt (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), NULL);
  return self->pick_func != NULL ? self->pick_prompt : NULL;
}

void
editor_playtest_hover_hex (EditorPlaytest *self,
                           int             hex)
{
  const SandReach *reach;

  g_return_if_fail (EDITOR_IS_PLAYTEST (self));

  self->hover = hex;
  g_array_set_size (self->path, 0);
  if (self->game == NULL || hex < 0 || _editor_playtest_reach_cost (self, hex) < 0 ||
      !unit_on_map (self, self->selected))
    return;
  reach = _editor_playtest_unit_reach (self, self->selected);
  if (reach == NULL)
    return;
  g_array_append_val (self->path, sand_game_get_unit (self->game, self->selected)->hex);
  if (!sand_reach_path (reach, hex, self->path))
    g_array_set_size (self->path, 0);
}

static void
attack_click (EditorPlaytest *self,
              int             hex)
{
  g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (int));
  int side = sand_game_get_side (self->game);
  gboolean friendly = FALSE, enemy = FALSE;

  sand_game_units_at (self->game, hex, units);
  for (guint i = 0; i < units->len; i++)
    {
      if (sand_game_get_unit (self->game, g_array_index (units, int, i))->side == side)
        friendly = TRUE;
      else
        enemy = TRUE;
    }
  if (enemy)
    editor_playtest_set_defender (self, hex);
  else if (friendly)
    {
      /* A stack joins or leaves the attack as a whole. */
      gboolean all_in = TRUE;

      for (guint i = 0; i < units->len; i++)
        {
          int u = g_array_index (units, int, i);
          gboolean in = FALSE;

          for (guint j = 0; j < self->attackers->len; j++)
            in |= g_array_index (self->attackers, int, j) == u;
          all_in &= in;
        }
      for (guint i = 0; i < units->len; i++)
        {
          int u = g_array_index (units, int, i);
          gboolean in = FALSE;

          for (guint j = 0; j < self->attackers->len; j++)
            in |= g_array_index (self->attackers, int, j) == u;
          if (in == all_in)
            editor_playtest_toggle_attacker (self, u);
        }
    }
}

static gboolean
unit_move (EditorPlaytest *self,
           int             unit,
           const int      *path,
           guint           n_path,
           GError        **error)
{
  g_autoptr(SandAction) action = sand_action_new_kind (SAND_ACTION_MOVE);

  action->unit = unit;
  action->probe = self->probe;
  action->path = g_array_new (FALSE, FALSE, sizeof (int));
  g_array_append_vals (action->path, path, n_path);
  return _editor_playtest_play (self, action, NULL, error);
}

/* Set-up: @unit placed on @hex of its zone, or FALSE. */
static gboolean
set_up (EditorPlaytest *self,
        int             unit,
        int             hex)
{
  g_autoptr(SandAction) action = sand_action_new_kind (SAND_ACTION_SETUP);

  action->unit = unit;
  action->hex = hex;
  return _editor_playtest_play (self, action, NULL, NULL);
}

void
editor_playtest_click_hex (EditorPlaytest *self,
                           int             hex)
{
  g_autoptr(GArray) units = NULL;
  g_autoptr(GError) error = NULL;
  int side;

  g_return_if_fail (EDITOR_IS_PLAYTEST (self));

  if (self->game == NULL || hex < 0 || _editor_playtest_computer_busy (self, NULL))
    return;
  /* A hex picked for an action (LFAF's aerial reconnaissance, a hasty
   * attack's target…) goes to it, whatever else a click would do. */
  if (self->pick_func != NULL)
    {
      EditorPlaytestPickFunc func = self->pick_func;
      gpointer data = self->pick_data;
      GDestroyNotify destroy = self->pick_destroy;

      self->pick_func = NULL;
      self->pick_data = NULL;
      self->pick_destroy = NULL;
      g_clear_pointer (&self->pick_prompt, g_free);
      g_array_set_size (self->pick_hexes, 0);
      func (self, hex, data);
      if (destroy != NULL)
        destroy (data);
      if (self->game != NULL)
        {
          _editor_playtest_update_reach (self);
          _editor_playtest_refresh (self);
        }
      return;
    }
  /* A rolled attack waits for its owners' choices (the attack panel):
   * the map is not for building another one meanwhile. */
  if (sand_game_get_pending_attack (self->game) != NULL)
    return;
  if (self->attack_mode)
    {
      attack_click (self, hex);
      return;
    }

  side = sand_game_get_side (self->game);
  if (unit_on_map (self, self->selected) && _editor_playtest_reach_cost (self, hex) >= 0)
    {
      int path[1] = { hex };

      /* The path shown is the path taken. */
      if (self->path->len > 1 && self->hover == hex)
        {
          if (!unit_move (self, self->selected, &g_array_index (self->path, int, 1),
                          self->path->len - 1, &error))
            _editor_playtest_report_error (self, error);
        }
      else if (!unit_move (self, self->selected, path, 1, &error))
        _editor_playtest_report_error (self, error);
      _editor_playtest_sync (self);
      return;
    }

  units = g_array_new (FALSE, FALSE, sizeof (int));
  sand_game_units_at (self->game, hex, units);
  if (units->len > 0 &&
      (sand_game_get_unit (self->game, g_array_index (units, int, 0))->side == side ||
       !unit_on_map (self, self->selected)))
    {
      /* Clicking the selected stack again picks the next unit in it. */
      guint next = 0;

      for (guint i = 0; i < units->len; i++)
        if (g_array_index (units, int, i) == self->selected)
          next = i + 1;
      if (next >= units->len && units->len == 1 && self->selected >= 0)
        editor_playtest_select_unit (self, -1);
      else
        editor_playtest_select_unit (self, g_array_index (units, int, next % units->len));
      return;
    }

  if (unit_on_map (self, self->selected))
    {
      int path[1] = { hex };

      /* Not a hex it may reach: during set-up a zone-placed unit of the
       * side setting up may be set up elsewhere in its zone; otherwise
       * ask the engine, which says why not. */
      if (hex == sand_game_get_unit (self->game, self->selected)->hex)
        editor_playtest_select_unit (self, -1);
      else if (sand_game_setup_side (self->game) >= 0 && set_up (self, self->selected, hex))
        _editor_playtest_sync (self);
      else if (!unit_move (self, self->selected, path, 1, &error))
        {
          _editor_playtest_report_error (self, error);
          _editor_playtest_refresh (self);
        }
      else
        _editor_playtest_sync (self);
    }
}

gboolean
_editor_playtest_undo_shortcut_cb (GtkWidget *widget,
                                   GVariant  *args,
                                   gpointer   data)
{
  EditorPlaytest *self = data;
  g_autoptr(GError) error = NULL;

  /* While the screen is passed nothing of the game moves. */
  if (!self->active || self->handover)
    return FALSE;
  if (!editor_playtest_undo (self, &error))
    _editor_playtest_report_error (self, error);
  return TRUE;
}

gboolean
_editor_playtest_escape_shortcut_cb (GtkWidget *widget,
                                     GVariant  *args,
                                     gpointer   data)
{
  EditorPlaytest *self = data;

  if (!self->active)
    return FALSE;
  /* Escape first gives up the hex being picked, then the selection. */
  if (self->pick_func != NULL)
    {
      editor_playtest_cancel_pick (self);
      return TRUE;
    }
  if (self->selected < 0 && self->defender < 0)
    return FALSE;
  self->defender = -1;
  g_array_set_size (self->attackers, 0);
  g_array_set_size (self->loss_first, 0);
  editor_playtest_select_unit (self, -1);
  return TRUE;
}
