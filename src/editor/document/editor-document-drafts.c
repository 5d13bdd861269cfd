/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-document-drafts.c: the document's drafts — written a moment
 * after each change on a worker, so that a crash loses only that moment;
 * discarded when the document is saved or closed without saving. */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-document-private.h"
#include "sand-scenario-io.h"

/* Drafts */

void
editor_document_set_draft_store (EditorDocument   *self,
                                 EditorDraftStore *store)
{
  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  g_return_if_fail (store == NULL || EDITOR_IS_DRAFT_STORE (store));

  g_set_object (&self->draft_store, store);
}

const char *
editor_document_get_draft_id (EditorDocument *self)
{
  g_return_val_if_fail (EDITOR_IS_DOCUMENT (self), NULL);
  return self->draft_id;
}

gboolean
editor_document_get_needs_draft (EditorDocument *self)
{
  g_return_val_if_fail (EDITOR_IS_DOCUMENT (self), FALSE);
  return self->needs_draft && editor_document_get_dirty (self);
}

gboolean
editor_document_update_draft (EditorDocument *self,
                              GError        **error)
{
  g_return_val_if_fail (EDITOR_IS_DOCUMENT (self), FALSE);

  if (self->draft_store == NULL)
    return TRUE;

  if (!editor_document_get_dirty (self))
    {
      self->needs_draft = FALSE;
      return editor_draft_store_remove (self->draft_store, self->draft_id, error);
    }

  /* Mid-stroke the model is between two states the user never saw. */
  if (!self->needs_draft || self->depth > 0)
    return TRUE;

  if (!editor_draft_store_write (self->draft_store, self->draft_id, self->scenario,
                                 self->file, self->title, error))
    return FALSE;
  self->needs_draft = FALSE;
  return TRUE;
}

/* A draft a moment after each change, so that a crash loses only that
 * moment: each change restarts the delay, but no change waits more than
 * DRAFT_MAX_WAIT for its draft however busy the brush. The writing is a
 * worker's (editor_document_update_draft_async). */
#define DRAFT_MAX_WAIT_US (5 * G_USEC_PER_SEC)

static void
auto_draft_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  EditorDocument *self = EDITOR_DOCUMENT (object);
  g_autoptr(GError) error = NULL;

  if (!editor_document_update_draft_finish (self, result, &error))
    g_warning ("Could not write a draft of %s: %s", self->title, error->message);
}

static gboolean
draft_due_cb (gpointer data)
{
  EditorDocument *self = data;

  self->draft_source = 0;
  self->draft_first_change = 0;
  editor_document_update_draft_async (self, NULL, auto_draft_cb, NULL);
  return G_SOURCE_REMOVE;
}

static void
schedule_draft (EditorDocument *self)
{
  guint delay = self->draft_store != NULL ? editor_draft_store_get_delay (self->draft_store) : 0;
  gint64 now = g_get_monotonic_time ();

  if (delay == 0)
    return;
  if (self->draft_first_change == 0)
    self->draft_first_change = now;
  else if (now - self->draft_first_change >= DRAFT_MAX_WAIT_US && self->draft_source != 0)
    return; /* due soon anyway: do not put it off again */
  g_clear_handle_id (&self->draft_source, g_source_remove);
  self->draft_source = g_timeout_add (delay, draft_due_cb, self);
}

void
_editor_document_changed_for_draft (EditorDocument *self)
{
  self->needs_draft = TRUE;
  schedule_draft (self);
}

static void
write_draft_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  EditorDocument *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;

  self->draft_writing = FALSE;
  /* Changes made while the worker wrote: their own draft, in order. */
  if (self->draft_again || self->needs_draft)
    {
      self->draft_again = FALSE;
      schedule_draft (self);
    }
  if (!editor_draft_store_write_finish (EDITOR_DRAFT_STORE (object), result, &error))
    {
      self->needs_draft = TRUE;
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  /* Saved or discarded while the draft was being written: it is stale. */
  if (GPOINTER_TO_UINT (g_task_get_task_data (task)) != self->draft_generation &&
      !editor_draft_store_remove (EDITOR_DRAFT_STORE (object), self->draft_id, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  g_task_return_boolean (task, TRUE);
}

void
editor_document_update_draft_async (EditorDocument      *self,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(SandScenario) copy = NULL;
  GError *error = NULL;

  g_return_if_fail (EDITOR_IS_DOCUMENT (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, editor_document_update_draft_async);
  g_task_set_task_data (task, GUINT_TO_POINTER (self->draft_generation), NULL);

  if (self->draft_store == NULL || !editor_document_get_dirty (self) ||
      !self->needs_draft || self->depth > 0)
    {
      /* Nothing to write: the synchronous path only removes files. */
      if (editor_document_update_draft (self, &error))
        g_task_return_boolean (task, TRUE);
      else
        g_task_return_error (task, error);
      return;
    }

  /* One writer at a time, or an older draft could land last. */
  if (self->draft_writing)
    {
      self->draft_again = TRUE;
      g_task_return_boolean (task, TRUE);
      return;
    }

  /* The copy is the worker's own; editing goes on meanwhile. */
  copy = sand_scenario_copy (self->scenario);
  self->needs_draft = FALSE;
  self->draft_writing = TRUE;
  editor_draft_store_write_async (self->draft_store, self->draft_id, copy, self->file,
                                  self->title, cancellable, write_draft_cb,
                                  g_steal_pointer (&task));
}

gboolean
editor_document_update_draft_finish (EditorDocument *self,
                                     GAsyncResult   *result,
                                     GError        **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

void
editor_document_discard_draft (EditorDocument *self)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (EDITOR_IS_DOCUMENT (self));

  self->needs_draft = FALSE;
  self->draft_generation++;
  g_clear_handle_id (&self->draft_source, g_source_remove);
  self->draft_first_change = 0;
  if (self->draft_store == NULL)
    return;
  if (!editor_draft_store_remove (self->draft_store, self->draft_id, &error))
    g_warning ("Could not remove the draft: %s", error->message);
}
