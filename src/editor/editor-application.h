/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-application.h: the Sandtable application — windows, app-wide
 * actions (about, preferences, quit), keyboard accelerators, the draft
 * timer and crash recovery. */
#pragma once

#include <adwaita.h>

#include "editor-draft-store.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_APPLICATION (editor_application_get_type ())
G_DECLARE_FINAL_TYPE (EditorApplication, editor_application, EDITOR, APPLICATION, AdwApplication)

EditorApplication *editor_application_new             (void);
EditorDraftStore  *editor_application_get_draft_store (EditorApplication *self);
/* Opens @file in an empty window, or a new one. */
void               editor_application_open_file       (EditorApplication *self,
                                                       GFile             *file);
/* Writes the drafts of every window now (the timer calls it). */
void               editor_application_update_drafts   (EditorApplication *self);
/* A window whose close was cancelled stops a quit in progress. */
void               editor_application_cancel_quit     (EditorApplication *self);

G_END_DECLS
