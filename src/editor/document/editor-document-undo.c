/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-document-undo.c: the document's undo history — applying a
 * change, grouping changes into steps, undo and redo, and recording each
 * primitive change into the open step (merging repeats of one key). */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-document-private.h"
#include "sand-scenario-io.h"

/* Applying changes */

static void
change_apply (EditorDocument *self,
              Change         *change,
              gboolean        forward)
{
  SandMap *map = sand_scenario_get_map (self->scenario);
  gint64 value = forward ? change->new_value : change->old_value;

  switch (change->kind)
    {
    case CHANGE_TERRAIN:
      sand_map_set_terrain (map, change->hex, (guint8) value);
      break;
    case CHANGE_COUNTRY:
      sand_map_set_country (map, change->hex, (int) value);
      break;
    case CHANGE_SIDE:
      sand_map_set_side (map, change->hex, change->dir, (guint32) value);
      break;
    case CHANGE_PLACE:
      sand_map_set_place (map, change->hex, forward ? change->new_text : change->old_text);
      break;
    case CHANGE_MARKER_ADD:
      if (forward)
        sand_map_insert_marker (map, change->index, sand_marker_copy (change->new_marker));
      else
        sand_marker_free (sand_map_take_marker (map, change->index));
      break;
    case CHANGE_MARKER_REMOVE:
      if (forward)
        sand_marker_free (sand_map_take_marker (map, change->index));
      else
        sand_map_insert_marker (map, change->index, sand_marker_copy (change->old_marker));
      break;
    case CHANGE_MARKER_REPLACE:
      sand_map_replace_marker (map, change->index,
                               sand_marker_copy (forward ? change->new_marker
                                                         : change->old_marker));
      break;
    case CHANGE_ZONE_ADD:
    case CHANGE_ZONE_REMOVE:
      if (forward == (change->kind == CHANGE_ZONE_ADD))
        sand_map_insert_zone (map, change->index, change->old_text, change->new_text,
                              (int) change->new_value, change->color);
      else
        sand_map_remove_zone (map, change->index);
      break;
    case CHANGE_CUSTOM:
      change->apply (self->scenario, change->data, forward);
      break;
    default:
      g_assert_not_reached ();
    }
}

static gboolean
change_is_noop (const Change *change)
{
  switch (change->kind)
    {
    case CHANGE_TERRAIN:
    case CHANGE_COUNTRY:
    case CHANGE_SIDE:
      return change->old_value == change->new_value;
    case CHANGE_PLACE:
      return g_strcmp0 (change->old_text, change->new_text) == 0;
    default:
      return FALSE;
    }
}

/* Groups */

void
editor_document_begin_edit (EditorDocument *self,
                            const char     *label)
{
  g_return_if_fail (EDITOR_IS_DOCUMENT (self));

  if (self->depth++ > 0)
    return;

  g_assert (self->open_step == NULL);
  self->open_step = _editor_document_step_new (label ? label : _("Edit"));
  self->open_index = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
}

void
editor_document_end_edit (EditorDocument *self)
{
  g_autoptr(GArray) kept = NULL;
  Step *step;
  gboolean was_dirty, could_undo, could_redo;

  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  g_return_if_fail (self->depth > 0);

  if (--self->depth > 0)
    return;

  step = g_steal_pointer (&self->open_step);
  g_clear_pointer (&self->open_index, g_hash_table_unref);

  /* A stroke that painted a hex and then painted it back changed nothing. */
  for (guint i = step->changes->len; i > 0; i--)
    if (change_is_noop (&g_array_index (step->changes, Change, i - 1)))
      g_array_remove_index (step->changes, i - 1);

  if (step->changes->len == 0)
    {
      _editor_document_step_free (step);
      return;
    }

  was_dirty = editor_document_get_dirty (self);
  could_undo = editor_document_can_undo (self);
  could_redo = editor_document_can_redo (self);

  /* A new step forgets the redo history; if the saved state was in it, no
   * undo position matches the file any more. */
  if (self->saved_position > (int) self->position)
    self->saved_position = -1;
  g_ptr_array_set_size (self->steps, self->position);
  g_ptr_array_add (self->steps, step);
  self->position++;
  _editor_document_changed_for_draft (self);

  _editor_document_update_state (self, was_dirty, could_undo, could_redo);
}

gboolean
editor_document_can_undo (EditorDocument *self)
{
  g_return_val_if_fail (EDITOR_IS_DOCUMENT (self), FALSE);
  return self->position > 0 && self->depth == 0;
}

gboolean
editor_document_can_redo (EditorDocument *self)
{
  g_return_val_if_fail (EDITOR_IS_DOCUMENT (self), FALSE);
  return self->position < self->steps->len && self->depth == 0;
}

const char *
editor_document_get_undo_label (EditorDocument *self)
{
  g_return_val_if_fail (EDITOR_IS_DOCUMENT (self), NULL);

  if (self->position == 0)
    return NULL;
  return ((Step *) g_ptr_array_index (self->steps, self->position - 1))->label;
}

const char *
editor_document_get_redo_label (EditorDocument *self)
{
  g_return_val_if_fail (EDITOR_IS_DOCUMENT (self), NULL);

  if (self->position >= self->steps->len)
    return NULL;
  return ((Step *) g_ptr_array_index (self->steps, self->position))->label;
}

void
editor_document_undo (EditorDocument *self)
{
  SandMap *map;
  Step *step;
  gboolean was_dirty, could_undo, could_redo;

  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  g_return_if_fail (self->depth == 0);

  if (self->position == 0)
    return;

  was_dirty = editor_document_get_dirty (self);
  could_undo = editor_document_can_undo (self);
  could_redo = editor_document_can_redo (self);

  map = sand_scenario_get_map (self->scenario);
  step = g_ptr_array_index (self->steps, self->position - 1);
  sand_map_freeze_changes (map);
  for (guint i = step->changes->len; i > 0; i--)
    change_apply (self, &g_array_index (step->changes, Change, i - 1), FALSE);
  sand_map_thaw_changes (map);
  self->position--;
  _editor_document_changed_for_draft (self);

  _editor_document_update_state (self, was_dirty, could_undo, could_redo);
}

void
editor_document_redo (EditorDocument *self)
{
  SandMap *map;
  Step *step;
  gboolean was_dirty, could_undo, could_redo;

  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  g_return_if_fail (self->depth == 0);

  if (self->position >= self->steps->len)
    return;

  was_dirty = editor_document_get_dirty (self);
  could_undo = editor_document_can_undo (self);
  could_redo = editor_document_can_redo (self);

  map = sand_scenario_get_map (self->scenario);
  step = g_ptr_array_index (self->steps, self->position);
  sand_map_freeze_changes (map);
  for (guint i = 0; i < step->changes->len; i++)
    change_apply (self, &g_array_index (step->changes, Change, i), TRUE);
  sand_map_thaw_changes (map);
  self->position++;
  _editor_document_changed_for_draft (self);

  _editor_document_update_state (self, was_dirty, could_undo, could_redo);
}

/* Recording. Each primitive records into the open group, or into a group
 * of its own. Repeated changes of one value within a group (a brush passing
 * twice over a hex) merge into one, keeping the first old value. */

static gint64
merge_key (ChangeKind kind,
           gint64     where)
{
  return ((gint64) kind << 48) | where;
}

Change *
_editor_document_record_value (EditorDocument *self,
                               ChangeKind      kind,
                               gint64          where,
                               gboolean       *merged)
{
  gint64 key = merge_key (kind, where);
  gpointer index;
  Change change = { 0 };
  guint n;

  if (g_hash_table_lookup_extended (self->open_index, &key, NULL, &index))
    {
      *merged = TRUE;
      return &g_array_index (self->open_step->changes, Change, GPOINTER_TO_UINT (index));
    }

  *merged = FALSE;
  change.kind = kind;
  g_array_append_val (self->open_step->changes, change);
  n = self->open_step->changes->len;
  g_hash_table_insert (self->open_index, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (n - 1));
  return &g_array_index (self->open_step->changes, Change, n - 1);
}

Change *
_editor_document_record (EditorDocument *self,
                         ChangeKind      kind)
{
  Change change = { 0 };

  change.kind = kind;
  g_array_append_val (self->open_step->changes, change);
  return &g_array_index (self->open_step->changes, Change, self->open_step->changes->len - 1);
}
