/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-save-changes-dialog.h: "Save changes to “demo.xml”?" when a
 * window with unsaved changes closes or the application quits. */
#pragma once

#include <adwaita.h>

#include "editor-document.h"

G_BEGIN_DECLS

typedef enum {
  EDITOR_SAVE_CHANGES_CANCEL,
  EDITOR_SAVE_CHANGES_DISCARD,
  EDITOR_SAVE_CHANGES_SAVE,
} EditorSaveChangesResponse;

typedef void (*EditorSaveChangesCallback) (gpointer                  user_data,
                                           EditorSaveChangesResponse response);

/* Presents the dialog and returns it (owned by GTK until it closes); the
 * callback runs once with the answer. */
GtkWidget *editor_save_changes_dialog_run (GtkWindow                 *parent,
                                           EditorDocument            *document,
                                           EditorSaveChangesCallback  callback,
                                           gpointer                   user_data);

G_END_DECLS
