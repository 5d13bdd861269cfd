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
  /* The document's undo and revert would change the scenario under the
   * game being played. */
  set_enabled (self, "revert", editing && has_file && dirty);
  set_enabled (self, "undo", editing && editor_document_can_undo (doc));
  set_enabled (self, "redo", editing && editor_document_can_redo (doc));
  set_enabled (self, "zoom-in", has_doc);
  set_enabled (self, "zoom-out", has_doc);
  set_enabled (self, "zoom-fit", has_doc);
  set_enabled (self, "zoom-reset", has_doc);
  /* While playing the tools have nothing to act on. */
  set_enabled (self, "show-palette", editing);
  set_enabled (self, "show-inspector", editing);
}

void
_editor_window_apply_mode (EditorWindow *self)
{
  gboolean playing = self->mode == EDITOR_WINDOW_MODE_PLAYING;
  gboolean has_doc = self->document != NULL;

  /* While playing, the tools give their room to the map, and come back as
   * the View menu's switch (F9) says. */
  gtk_widget_set_visible (GTK_WIDGET (self->palette_box),
                          !playing && get_toggle (self, "show-palette"));
  gtk_widget_set_visible (self->inspector, !playing);
  gtk_widget_set_visible (GTK_WIDGET (self->inspector_box), get_toggle (self, "show-inspector"));
  gtk_widget_set_visible (GTK_WIDGET (self->problems_button), has_doc && !playing);
  _editor_window_update_actions (self);
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
  if (mode == EDITOR_WINDOW_MODE_PLAYING)
    {
      /* The side panel comes back as wide as it was. */
      self->side_width = gtk_paned_get_position (self->outer_paned);
      /* A stroke in progress belongs to the tools. */
      if (self->in_stroke && self->tool != NULL && self->document != NULL)
        editor_tool_end (self->tool, self->document, -1, 0, 0);
      self->in_stroke = FALSE;
      editor_map_canvas_set_preview (self->canvas, NULL, 0, -1, -1);
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self->canvas), "default");
      /* A game is its counters, whatever the View menu says. */
      g_object_set (self->canvas, "show-counters", TRUE, NULL);
    }
  else
    {
      g_object_set (self->canvas, "show-counters",
                    g_settings_get_boolean (self->settings, "show-counters"), NULL);
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self->canvas),
                                       self->tool ? editor_tool_get_cursor_name (self->tool)
                                                  : NULL);
      if (self->side_width > 0)
        gtk_paned_set_position (self->outer_paned, self->side_width);
    }
  _editor_window_apply_mode (self);
  g_object_notify (G_OBJECT (self), "mode");
}
