/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-document.h: one open scenario — its file, dirty state, undo
 * history, drafts — and every edit the editor can make to it. Tools and
 * panels never touch the model directly: each edit goes through a
 * function here, which records what it changes, so that every edit undoes.
 *
 * Edits are grouped into undo steps: begin_edit (label) … end_edit. A
 * brush stroke is one step. An edit outside a group is a step on its own.
 */
#pragma once

#include <gio/gio.h>

#include "sand-scenario.h"
#include "editor-draft-store.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_DOCUMENT (editor_document_get_type ())
G_DECLARE_FINAL_TYPE (EditorDocument, editor_document, EDITOR, DOCUMENT, GObject)

/* Properties: "scenario", "file" (GFile, nullable), "title" (display
 * name), "dirty", "can-undo", "can-redo", "undo-label", "redo-label". */

EditorDocument *editor_document_new             (SandScenario    *scenario);
SandScenario   *editor_document_get_scenario    (EditorDocument  *self);
SandMap        *editor_document_get_map         (EditorDocument  *self);
GFile          *editor_document_get_file        (EditorDocument  *self);
const char     *editor_document_get_title       (EditorDocument  *self);
gboolean        editor_document_get_dirty       (EditorDocument  *self);

/* Loading into a new document; on failure nothing is created and the
 * error says FILE:LINE: what is wrong. */
EditorDocument *editor_document_load            (GFile           *file,
                                                 GError         **error);
/* Atomic save with a backup; on failure the old file is intact. */
gboolean        editor_document_save            (EditorDocument  *self,
                                                 GFile           *file,
                                                 GError         **error);

/* Undo groups. Labels are translated, e.g. _("Paint Terrain"). */
void            editor_document_begin_edit      (EditorDocument  *self,
                                                 const char      *label);
void            editor_document_end_edit        (EditorDocument  *self);
gboolean        editor_document_can_undo        (EditorDocument  *self);
gboolean        editor_document_can_redo        (EditorDocument  *self);
const char     *editor_document_get_undo_label  (EditorDocument  *self);
const char     *editor_document_get_redo_label  (EditorDocument  *self);
void            editor_document_undo            (EditorDocument  *self);
void            editor_document_redo            (EditorDocument  *self);

/* Map edits (each records its undo). No-ops when nothing changes. */
void            editor_document_set_terrain     (EditorDocument  *self,
                                                 int              hex,
                                                 guint8           terrain);
void            editor_document_set_country     (EditorDocument  *self,
                                                 int              hex,
                                                 int              country);
void            editor_document_set_side        (EditorDocument  *self,
                                                 int              hex,
                                                 int              dir,
                                                 guint32          features);
void            editor_document_set_place       (EditorDocument  *self,
                                                 int              hex,
                                                 const char      *name);
/* Takes ownership of @marker. */
void            editor_document_add_marker      (EditorDocument  *self,
                                                 SandMarker      *marker);
void            editor_document_remove_marker   (EditorDocument  *self,
                                                 guint            index);
void            editor_document_replace_marker  (EditorDocument  *self,
                                                 guint            index,
                                                 SandMarker      *marker);
void            editor_document_add_zone        (EditorDocument  *self,
                                                 const char      *id,
                                                 const char      *name,
                                                 int              side,
                                                 const char      *color);
/* Removes a zone definition and every hex painted into it, as one step. */
void            editor_document_remove_zone     (EditorDocument  *self,
                                                 guint            index);

/* Scenario-level edits (counters, orders of battle, game settings) are
 * recorded as custom changes: @apply sets the scenario to the state after
 * (@forward TRUE) or before the change. It is called once, forward, by
 * record_change. The document owns @data. */
typedef void (*EditorDocumentApplyFunc) (SandScenario *scenario,
                                         gpointer      data,
                                         gboolean      forward);
void            editor_document_record_change   (EditorDocument  *self,
                                                 const char      *label,
                                                 EditorDocumentApplyFunc apply,
                                                 gpointer         data,
                                                 GDestroyNotify   destroy);

/* Counter mix (editor-document-scenario.c). Each is one undo step (or part
 * of the open group). Removing a counter or changing its id also removes or
 * renames it in every order of battle. Take ownership of what they get. */
guint           editor_document_add_counter     (EditorDocument  *self,
                                                 SandCounter     *counter);
void            editor_document_remove_counter  (EditorDocument  *self,
                                                 guint            index);
void            editor_document_replace_counter (EditorDocument  *self,
                                                 guint            index,
                                                 SandCounter     *counter);
/* A counter id not yet used, built on @base ("de-1a" → "de-1a-2"). */
char           *editor_document_unique_counter_id (EditorDocument *self,
                                                 const char      *base);

/* Orders of battle. */
guint           editor_document_add_oob         (EditorDocument  *self,
                                                 SandOob         *oob);
void            editor_document_remove_oob      (EditorDocument  *self,
                                                 guint            index);
/* Replaces the whole OOB (placements, limits, reinforcements). */
void            editor_document_replace_oob     (EditorDocument  *self,
                                                 guint            index,
                                                 SandOob         *oob);
/* Sets up @counter in OOB @oob on @hex (SAND_HEX_NONE with @zone for a
 * zone), adding the placement or moving it; drops it from the OOB's
 * reinforcements. */
void            editor_document_place_counter   (EditorDocument  *self,
                                                 guint            oob,
                                                 const char      *counter,
                                                 int              hex,
                                                 const char      *zone);
/* Removes @counter's set-up placement from OOB @oob. */
void            editor_document_unplace_counter (EditorDocument  *self,
                                                 guint            oob,
                                                 const char      *counter);
guint           editor_document_add_reinforcement (EditorDocument *self,
                                                 guint            oob,
                                                 SandReinforcement *r);
void            editor_document_remove_reinforcement (EditorDocument *self,
                                                 guint            oob,
                                                 guint            index);
void            editor_document_replace_reinforcement (EditorDocument *self,
                                                 guint            oob,
                                                 guint            index,
                                                 SandReinforcement *r);

/* Game settings. */
void            editor_document_set_title       (EditorDocument  *self,
                                                 const char      *title);
void            editor_document_set_description (EditorDocument  *self,
                                                 const char      *text);
void            editor_document_set_notes       (EditorDocument  *self,
                                                 const char      *text);
void            editor_document_set_victory_text (EditorDocument *self,
                                                 const char      *text);
void            editor_document_set_turns       (EditorDocument  *self,
                                                 int              turns);
void            editor_document_set_first_side  (EditorDocument  *self,
                                                 int              side);
void            editor_document_set_option      (EditorDocument  *self,
                                                 const char      *option,
                                                 gboolean         on);
/* Replaces every victory level; @levels holds SandVictoryLevel* (copied). */
void            editor_document_set_victory_levels (EditorDocument *self,
                                                 GPtrArray       *levels);

/* Drafts (see editor-draft-store.h). A document with a draft store writes
 * its unsaved changes there on update_draft, and drops the draft when it is
 * saved, reverted to its saved state, or discarded. */
void            editor_document_set_draft_store (EditorDocument  *self,
                                                 EditorDraftStore *store);
const char     *editor_document_get_draft_id    (EditorDocument  *self);
/* TRUE when there are changes the draft does not hold yet. */
gboolean        editor_document_get_needs_draft (EditorDocument  *self);
/* Writes the draft if needed, removes it if the document is clean. */
gboolean        editor_document_update_draft    (EditorDocument  *self,
                                                 GError         **error);
/* Same, writing a copy of the scenario on a worker thread. */
void            editor_document_update_draft_async  (EditorDocument     *self,
                                                     GCancellable       *cancellable,
                                                     GAsyncReadyCallback callback,
                                                     gpointer            user_data);
gboolean        editor_document_update_draft_finish (EditorDocument  *self,
                                                     GAsyncResult    *result,
                                                     GError         **error);
void            editor_document_discard_draft   (EditorDocument  *self);
/* A document recovered from a draft: it belongs to @origin (or to no file)
 * and is dirty until saved. */
EditorDocument *editor_document_new_recovered   (SandScenario    *scenario,
                                                 GFile           *origin,
                                                 const char      *draft_id);

G_END_DECLS
