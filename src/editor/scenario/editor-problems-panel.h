/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-problems-panel.h: the live validation list. It shows exactly what
 * sand_scenario_validate () finds (so `sandtable-cli validate` agrees),
 * re-validated in an idle after every change of the document. Activating a
 * problem emits "problem-activated" (int hex, const char *counter,
 * const char *code) so that the window shows its hex or counter, or for a
 * problem with neither, the page where it is put right. */
#pragma once

#include <gtk/gtk.h>

#include "editor-document.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_PROBLEMS_PANEL (editor_problems_panel_get_type ())
G_DECLARE_FINAL_TYPE (EditorProblemsPanel, editor_problems_panel, EDITOR, PROBLEMS_PANEL,
                      GtkWidget)

GtkWidget *editor_problems_panel_new          (void);
void       editor_problems_panel_set_document (EditorProblemsPanel *self,
                                               EditorDocument      *document);
/* Properties "n-errors" and "n-warnings", updated with the list. */
guint      editor_problems_panel_get_n_errors   (EditorProblemsPanel *self);
guint      editor_problems_panel_get_n_warnings (EditorProblemsPanel *self);
/* The SandProblem* list shown (owned by the panel). */
GPtrArray *editor_problems_panel_get_problems (EditorProblemsPanel *self);
/* Runs a pending validation now (tests; before saving). */
void       editor_problems_panel_flush        (EditorProblemsPanel *self);
/* Emits "problem-activated" for row @index, as a click does. */
void       editor_problems_panel_activate     (EditorProblemsPanel *self,
                                               guint                index);

G_END_DECLS
