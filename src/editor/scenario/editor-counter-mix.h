/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-counter-mix.h: the counter mix as a table — every counter drawn
 * as on the map, with its name and printed values editable in place (the
 * values the table has no room for in each row's details); sortable,
 * filterable by side, type and formation; add, duplicate, delete on the
 * selection; counts per side and type with how many are set up, arriving
 * or unused. Rows drag onto the map (string content: the counter id). */
#pragma once

#include <gtk/gtk.h>

#include "editor-counter-icon.h"
#include "editor-document.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_COUNTER_MIX (editor_counter_mix_get_type ())
G_DECLARE_FINAL_TYPE (EditorCounterMix, editor_counter_mix, EDITOR, COUNTER_MIX, GtkWidget)

GtkWidget  *editor_counter_mix_new          (void);
void        editor_counter_mix_set_document (EditorCounterMix *self,
                                             EditorDocument   *document);
/* The rows as shown (filtered and sorted): GtkStringObject counter ids. */
GListModel *editor_counter_mix_get_model    (EditorCounterMix *self);
GtkSelectionModel *editor_counter_mix_get_selection (EditorCounterMix *self);
/* Actions "mix.add", "mix.duplicate", "mix.delete" work on the selection;
 * these do the same. add returns the new counter's id. */
char       *editor_counter_mix_add          (EditorCounterMix *self);
void        editor_counter_mix_duplicate    (EditorCounterMix *self);
void        editor_counter_mix_delete       (EditorCounterMix *self);
/* Filters: side and type indexes (-1: any), formation (NULL: any), text. */
void        editor_counter_mix_set_filter   (EditorCounterMix *self,
                                             int               side,
                                             int               type,
                                             const char       *parent,
                                             const char       *text);
void        editor_counter_mix_select_counter (EditorCounterMix *self,
                                             const char       *id);

G_END_DECLS
