/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-counter-mix-private.h: what the counter mix's files share — the
 * table in editor-counter-mix.c (model, filters, columns, actions), its
 * cells in editor-counter-mix-cells.c (editing in place, the details
 * popover of a row), where counters are used and the counts in
 * editor-counter-mix-uses.c. */
#pragma once

#include "editor-counter-mix.h"

G_BEGIN_DECLS

typedef enum {
  COL_ICON,
  COL_ID,
  COL_NAME,
  COL_SIDE,
  COL_TYPE,
  COL_STRENGTH,
  COL_REDUCED,
  COL_STEPS,
  COL_MA,
  COL_QUALITY,
  COL_PARENT,
  COL_USE,
  COL_DETAILS,
  N_COLS
} Column;

struct _EditorCounterMix
{
  GtkWidget parent_instance;

  EditorDocument *document;
  SandScenario *scenario;
  SandRenderer *renderer;
  gulong changed_id;
  guint refresh_id;
  GtkStringList *ids;          /* every counter id, in mix order */
  GtkFilterListModel *filtered;
  GtkSortListModel *sorted;
  GtkMultiSelection *selection;
  GtkCustomFilter *filter;
  GPtrArray *cells;            /* bound cell widgets, in the table and an open popover */
  GHashTable *uses;            /* counter id → where it is used */
  GHashTable *places;          /* the same without the order of battle */
  GHashTable *arriving;        /* counter ids used only as a reinforcement */
  GtkColumnViewColumn *columns[N_COLS];
  gboolean has_field[N_COLS];  /* the ruleset's counters print it */
  int side_filter_value, type_filter_value;
  char *parent_filter_value;
  char *text_filter_value;
  gboolean updating;           /* refreshing widgets: no edits */
  guint scroll_to;             /* row to bring into view */
  guint scroll_id;

  /* Template children */
  GtkWidget *box;
  GtkLabel *counts_label;
  GtkDropDown *parent_filter;
  GtkSearchEntry *search_entry;
  GtkDropDown *side_filter;
  GtkDropDown *type_filter;
  GtkColumnView *view;
};

const SandCounter *_editor_counter_mix_lookup        (EditorCounterMix  *self,
                                                       const char        *id);
char              *_editor_counter_mix_cell_text     (EditorCounterMix  *self,
                                                       const SandCounter *c,
                                                       Column             col);
void               _editor_counter_mix_refresh_cell  (EditorCounterMix  *self,
                                                       GtkWidget         *cell);
/* editor-counter-mix-uses.c: self->uses, places and arriving from the
 * scenario; the counts label from them. */
void               _editor_counter_mix_rebuild_uses  (EditorCounterMix  *self);
void               _editor_counter_mix_update_counts (EditorCounterMix  *self);
/* The filters above the table share its width: in a narrow pane (and in
 * German, French) their choice is cut rather than widening the pane; the
 * list that pops up shows it whole. */
void               _editor_counter_mix_shrink_dropdown (GtkDropDown *dropdown);
/* A factory for the table column @col: its cells are made, bound and
 * refreshed by editor-counter-mix-cells.c. */
GtkListItemFactory *_editor_counter_mix_cell_factory (EditorCounterMix  *self,
                                                       Column             col);

G_END_DECLS
