/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-document-private.h: what the document's files share — the
 * document in editor-document.c (properties, load and save), its undo
 * history in editor-document-undo.c, its map edits in
 * editor-document-map.c, its drafts in editor-document-drafts.c. */
#pragma once

#include "editor-document.h"

G_BEGIN_DECLS

/* One primitive change with its value before and after. Undo applies a
 * step's changes backwards with the old values, redo forwards with the new
 * ones, so every primitive only needs a setter. */
typedef enum {
  CHANGE_TERRAIN,
  CHANGE_COUNTRY,
  CHANGE_SIDE,
  CHANGE_PLACE,
  CHANGE_MARKER_ADD,
  CHANGE_MARKER_REMOVE,
  CHANGE_MARKER_REPLACE,
  CHANGE_ZONE_ADD,
  CHANGE_ZONE_REMOVE,
  CHANGE_CUSTOM,         /* scenario-level edits: editor-document-scenario.c */
} ChangeKind;

typedef struct {
  ChangeKind kind;
  int hex;
  int dir;
  guint index;           /* marker or zone index */
  gint64 old_value;      /* terrain, country, side features */
  gint64 new_value;
  char *old_text;        /* place names; zone id */
  char *new_text;        /* zone name */
  char *color;           /* zone colour */
  SandMarker *old_marker;
  SandMarker *new_marker;
  EditorDocumentApplyFunc apply; /* CHANGE_CUSTOM */
  gpointer data;
  GDestroyNotify destroy;
} Change;

typedef struct {
  char *label;
  GArray *changes;       /* Change */
} Step;

struct _EditorDocument
{
  GObject parent_instance;

  SandScenario *scenario;
  GFile *file;
  char *title;

  GPtrArray *steps;      /* Step*, oldest first */
  guint position;        /* steps applied; steps[position..] are redo */
  int saved_position;    /* position at the last save, -1 when unreachable */

  Step *open_step;       /* the group being recorded, or NULL */
  GHashTable *open_index; /* key → index in open_step->changes, to merge repeats */
  guint depth;           /* nested begin_edit count */

  EditorDraftStore *draft_store;
  char *draft_id;
  guint draft_generation; /* bumped when the draft must go (save, discard) */
  guint draft_source;     /* the pending draft after a change, or 0 */
  gint64 draft_first_change; /* monotonic µs of the oldest change not in a draft */
  guint needs_draft : 1;
  guint draft_writing : 1; /* a worker is writing the draft */
  guint draft_again : 1;   /* asked to write while it was: write once more after */
};

void _editor_document_changed_for_draft (EditorDocument *self);
void _editor_document_update_state (EditorDocument *self,
                                    gboolean was_dirty,
                                    gboolean could_undo,
                                    gboolean could_redo);
Change *_editor_document_record (EditorDocument *self,
                                 ChangeKind kind);
Change *_editor_document_record_value (EditorDocument *self,
                                       ChangeKind kind,
                                       gint64 where,
                                       gboolean *merged);
void _editor_document_step_free (Step *step);
Step *_editor_document_step_new (const char *label);

G_END_DECLS
