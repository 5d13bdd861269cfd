/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-window-mode.c: what the window's mode shows and enables. Editing
 * and playing lay out the same window differently; this is the one place
 * that decides which of its children show and which win.* actions are
 * enabled, from the document and the mode. */
#include "config.h"

#include "editor-window-private.h"

G_DEFINE_ENUM_TYPE (EditorWindowMode, editor_window_mode,
                    G_DEFINE_ENUM_VALUE (EDITOR_WINDOW_MODE_EDITING, "editing"),
                    G_DEFINE_ENUM_VALUE (EDITOR_WINDOW_MODE_PLAYING, "playing"))

static void
set_enabled (EditorWindow *self,
             const char   *name,
             gboolean      enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  if (G_IS_SIMPLE_ACTION (action))
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

/* The state of a boolean view toggle; TRUE before the actions exist. */
static gboolean
get_toggle (EditorWindow *self,
            const char   *name)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);
  g_autoptr(GVariant) state = action != NULL ? g_action_get_state (action) : NULL;

  return state == NULL || g_variant_get_boolean (state);
}

void
_editor_window_update_actions (EditorWindow *self)
{
  EditorDocument *doc = self->document;
  gboolean has_doc = doc != NULL;
  gboolean dirty = has_doc && editor_document_get_dirty (doc);
  gboolean has_file = has_doc && editor_document_get_file (doc) != NULL;
  gboolean editing = has_doc && self->mode == EDITOR_WINDOW_MODE_EDITING;

  /* Saving an unchanged file would only rewrite it; a new map can always
   * be saved. Play never changes the document, so saving stays. */
  set_enabled (self, "save", has_doc && (dirty || !has_file));
  set_enabled (self, "save-as", has_doc);
  set_enabled (self, "export", has_doc);
  set_enabled (self, "print", has_doc);
  set_enabled (self, "print-kit", has_doc);
  set_enabled (self, "balance", has_doc);
  set_enabled (self, "reference-image", has_doc);
  /* The document's undo and revert would change the scenario under the
   * game being played. */
  set_enabled (self, "revert", editing && has_file && dirty);
  set_enabled (self, "undo", editing && editor_document_can_undo (doc));
  set_enabled (self, "redo", editing && editor_document_can_redo (doc));
  set_enabled (self, "zoom-in", has_doc);
  set_enabled (self, "zoom-out", has_doc);
  set_enabled (self, "zoom-fit", has_doc);
  set_enabled (self, "zoom-reset", has_doc);
  /* While playing the tools have nothing to act on; the game panel is
   * there only then. */
  set_enabled (self, "show-palette", editing);
  set_enabled (self, "show-inspector", editing);
  set_enabled (self, "show-game-panel", has_doc && self->mode == EDITOR_WINDOW_MODE_PLAYING);
  set_enabled (self, "playtest", has_doc);
}

void
_editor_window_apply_mode (EditorWindow *self)
{
  gboolean playing = self->mode == EDITOR_WINDOW_MODE_PLAYING;
  gboolean has_doc = self->document != NULL;
  gboolean covered = playing && self->covered;
  GAction *playtest = g_action_map_lookup_action (G_ACTION_MAP (self), "playtest");

  /* Nothing to show in a window being torn down. */
  if (self->canvas == NULL)
    return;
  /* The side panel is the designer's pages while editing, the game panel
   * while playing, each shown as its View switch says (F9 for the pages,
   * the turn bar's Log for the game panel). Its width stays: the map does
   * not move sideways. */
  gtk_widget_set_visible (GTK_WIDGET (self->palette_box),
                          !covered
                          && get_toggle (self, playing ? "show-game-panel" : "show-palette"));
  gtk_widget_set_visible (GTK_WIDGET (self->side_switcher), !playing);
  gtk_widget_set_visible (self->side_separator, !playing);
  /* The inspector edits the map: it gives its room to the game. */
  gtk_widget_set_visible (GTK_WIDGET (self->inspector_box),
                          !playing && get_toggle (self, "show-inspector"));
  gtk_widget_set_visible (self->turn_bar, playing);
  /* Hot-seat: nothing of the game shows while the screen is passed, and
   * the turn bar's commands wait for the next player. */
  gtk_widget_set_visible (GTK_WIDGET (self->canvas), !covered);
  gtk_widget_set_visible (GTK_WIDGET (self->hotseat_cover), covered);
  gtk_widget_set_sensitive (self->turn_bar, !covered);
  gtk_widget_set_visible (GTK_WIDGET (self->problems_button), has_doc && !playing);
  if (playtest != NULL)
    g_simple_action_set_state (G_SIMPLE_ACTION (playtest), g_variant_new_boolean (playing));
  _editor_window_update_actions (self);
}

void
editor_window_set_covered (EditorWindow *self,
                           gboolean      covered)
{
  g_return_if_fail (EDITOR_IS_WINDOW (self));

  self->covered = covered;
  _editor_window_apply_mode (self);
}

EditorWindowMode
editor_window_get_mode (EditorWindow *self)
{
  g_return_val_if_fail (EDITOR_IS_WINDOW (self), EDITOR_WINDOW_MODE_EDITING);
  return self->mode;
}

void
editor_window_set_mode (EditorWindow     *self,
                        EditorWindowMode  mode)
{
  g_return_if_fail (EDITOR_IS_WINDOW (self));

  if (self->mode == mode)
    return;
  self->mode = mode;
  if (self->canvas == NULL)
    return;
  if (mode == EDITOR_WINDOW_MODE_PLAYING)
    {
      /* The side panel shows the game, and the designer's page after. */
      g_free (self->editing_page);
      self->editing_page = g_strdup (adw_view_stack_get_visible_child_name (self->side_stack));
      adw_view_stack_page_set_visible (self->game_page, TRUE);
      adw_view_stack_set_visible_child_name (self->side_stack, "game");
      /* A stroke in progress belongs to the tools. */
      if (self->in_stroke && self->tool != NULL && self->document != NULL)
        editor_tool_end (self->tool, self->document, -1, 0, 0);
      self->in_stroke = FALSE;
      editor_map_canvas_set_preview (self->canvas, NULL, 0, -1, -1);
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self->canvas), "default");
      /* A game is its counters, whatever the View menu says. */
      g_object_set (self->canvas, "show-counters", TRUE, NULL);
      /* Clicks on the map are the game's now. */
      editor_map_canvas_set_input (self->canvas, EDITOR_CANVAS_INPUT (self->playtest));
    }
  else
    {
      self->covered = FALSE;
      editor_map_canvas_set_input (self->canvas, EDITOR_CANVAS_INPUT (self));
      g_object_set (self->canvas, "show-counters",
                    g_settings_get_boolean (self->settings, "show-counters"), NULL);
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self->canvas),
                                       self->tool ? editor_tool_get_cursor_name (self->tool)
                                                  : NULL);
      if (self->editing_page != NULL)
        adw_view_stack_set_visible_child_name (self->side_stack, self->editing_page);
      adw_view_stack_page_set_visible (self->game_page, FALSE);
    }
  _editor_window_apply_mode (self);
  g_object_notify (G_OBJECT (self), "mode");
}

/* win.playtest: its state is the mode; asking for the other state starts
 * a playtest (its set-up dialog first) or leaves it (asking first when
 * moves were made), and the mode follows once that is done. */
static void
playtest_change_state (GSimpleAction *action,
                       GVariant      *state,
                       gpointer       user_data)
{
  EditorWindow *self = user_data;
  gboolean play = g_variant_get_boolean (state);

  if (play && self->mode == EDITOR_WINDOW_MODE_EDITING)
    editor_playtest_start_interactive (self->playtest);
  else if (!play && self->mode == EDITOR_WINDOW_MODE_PLAYING)
    editor_playtest_leave_interactive (self->playtest);
}

static void
show_game_panel_change_state (GSimpleAction *action,
                              GVariant      *state,
                              gpointer       user_data)
{
  g_simple_action_set_state (action, state);
  _editor_window_apply_mode (user_data);
}

static const GActionEntry mode_actions[] = {
  { "playtest", NULL, NULL, "false", playtest_change_state },
  { "show-game-panel", NULL, NULL, "true", show_game_panel_change_state },
};

void
_editor_window_mode_actions_init (EditorWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), mode_actions,
                                   G_N_ELEMENTS (mode_actions), self);
}
