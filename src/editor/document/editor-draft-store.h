/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-draft-store.h: drafts of unsaved work, kept in
 * $XDG_DATA_HOME/sandtable/drafts/ — never next to the real file — so that
 * a crash loses at most the changes of the last moment (a draft is written
 * a second after a change, off the main loop). Each draft is ID.xml (the
 * scenario) and ID.ini (which file it belongs to, its title, when). A draft
 * left over at start-up means the editor did not close cleanly.
 */
#pragma once

#include <gio/gio.h>

#include "sand-scenario.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_DRAFT_STORE (editor_draft_store_get_type ())
G_DECLARE_FINAL_TYPE (EditorDraftStore, editor_draft_store, EDITOR, DRAFT_STORE, GObject)

typedef struct {
  char *id;
  char *path;       /* the draft's scenario file */
  GFile *origin;    /* the file it is a draft of, or NULL for a new map */
  char *title;      /* the document title when the draft was written */
  GDateTime *modified;
  int pid;          /* the process that wrote it, or 0 */
} EditorDraft;

void              editor_draft_free           (EditorDraft       *draft);
/* Whether another running Sandtable is still keeping this draft (a second
 * instance must not offer a live draft as if it had crashed). */
gboolean          editor_draft_is_live        (const EditorDraft *draft);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (EditorDraft, editor_draft_free)

/* @directory NULL: $XDG_DATA_HOME/sandtable/drafts. */
EditorDraftStore *editor_draft_store_new      (const char        *directory);
const char       *editor_draft_store_get_directory (EditorDraftStore *self);
/* How long after a change its documents write a draft (ms; several changes
 * within it make one draft); 0, the default, writes none on change. The
 * application sets it from the drafts-enabled setting. */
void              editor_draft_store_set_delay (EditorDraftStore *self,
                                               guint             delay_ms);
guint             editor_draft_store_get_delay (EditorDraftStore *self);

gboolean          editor_draft_store_write    (EditorDraftStore  *self,
                                               const char        *id,
                                               SandScenario      *scenario,
                                               GFile             *origin,
                                               const char        *title,
                                               GError           **error);
/* Same, on a worker thread; @scenario must not change meanwhile (pass a
 * copy). */
void              editor_draft_store_write_async (EditorDraftStore *self,
                                               const char        *id,
                                               SandScenario      *scenario,
                                               GFile             *origin,
                                               const char        *title,
                                               GCancellable      *cancellable,
                                               GAsyncReadyCallback callback,
                                               gpointer           user_data);
gboolean          editor_draft_store_write_finish (EditorDraftStore *self,
                                               GAsyncResult      *result,
                                               GError           **error);
gboolean          editor_draft_store_has      (EditorDraftStore  *self,
                                               const char        *id);
/* Removing a draft that does not exist is not an error. */
gboolean          editor_draft_store_remove   (EditorDraftStore  *self,
                                               const char        *id,
                                               GError           **error);
/* Every draft, oldest first (EditorDraft *). */
GPtrArray        *editor_draft_store_list     (EditorDraftStore  *self);
SandScenario     *editor_draft_store_load     (EditorDraftStore  *self,
                                               const EditorDraft *draft,
                                               GError           **error);

G_END_DECLS
