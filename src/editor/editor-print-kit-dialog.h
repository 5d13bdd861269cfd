/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-print-kit-dialog.h: File → Print-and-Play Kit…: the options of
 * `sandtable-cli print-kit`, a preview of the kit's pages, Save PDF and
 * Print. The pages are the renderer's (sand-print-kit.h), so what is
 * previewed, saved and printed is the same drawing. */
#pragma once

#include <adwaita.h>

#include "sand-print-kit.h"
#include "sand-scenario.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_PRINT_KIT_DIALOG (editor_print_kit_dialog_get_type ())
G_DECLARE_FINAL_TYPE (EditorPrintKitDialog, editor_print_kit_dialog, EDITOR, PRINT_KIT_DIALOG,
                      AdwWindow)

GtkWidget    *editor_print_kit_dialog_new      (GtkWindow            *parent,
                                                SandScenario         *scenario);
/* The kit the current options lay out, or NULL when they cannot be met
 * (the dialog says why). Owned by the dialog. */
SandPrintKit *editor_print_kit_dialog_get_kit  (EditorPrintKitDialog *self);
/* The page the preview shows (0-based), and moving it. */
guint         editor_print_kit_dialog_get_page (EditorPrintKitDialog *self);
void          editor_print_kit_dialog_set_page (EditorPrintKitDialog *self,
                                                guint                 page);
/* What Save PDF does once a file is chosen. */
gboolean      editor_print_kit_dialog_save     (EditorPrintKitDialog *self,
                                                GFile                *file,
                                                GError              **error);

G_END_DECLS
