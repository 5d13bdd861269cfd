/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-oob-panel-private.h: what the OOB panel's files share — the panel
 * in editor-oob-panel.c (the order of battle, rebuilding, the API), its
 * set-up and zone-limit rows in editor-oob-panel-setup.c, its
 * reinforcements in editor-oob-panel-reinforcements.c. */
#pragma once

#include <adwaita.h>

#include "editor-oob-panel.h"

G_BEGIN_DECLS

struct _EditorOobPanel
{
  GtkWidget parent_instance;

  EditorDocument *document;
  SandScenario *scenario;
  SandMap *map;
  SandRenderer *renderer;
  gulong changed_id;
  gulong map_changed_id;
  guint rebuild_id;
  guint n_markers, n_zones;   /* to notice new entry flags and zones */
  int oob;
  guint own_edit;             /* our own commits: the widgets show them already */
  double scroll_back;         /* where the rows were scrolled before a rebuild */
  gboolean updating;

  GtkWidget *setup_panel;

  /* Template children */
  GtkMenuButton *add_button;
  GtkWidget *box;
  GtkBox *content;
  GtkDropDown *oob_dropdown;
};

GtkWidget *_editor_oob_panel_build_limits_group (EditorOobPanel *self,
                                                 SandOob *oob);
GtkWidget *_editor_oob_panel_build_reinforcements_group (EditorOobPanel *self,
                                                         SandOob *oob);
GtkWidget *_editor_oob_panel_build_setup_group (EditorOobPanel *self,
                                                SandOob *oob);
void _editor_oob_panel_commit (EditorOobPanel *self,
                               SandOob *copy,
                               const char *label);
SandOob *_editor_oob_panel_current (EditorOobPanel *self);
GPtrArray *_editor_oob_panel_entry_groups (EditorOobPanel *self,
                                           int side);
char *_editor_oob_panel_format_hex (EditorOobPanel *self,
                                    int hex);
gboolean _editor_oob_panel_parse_hex (EditorOobPanel *self,
                                      GtkEditable *entry,
                                      int *hex);
void _editor_oob_panel_queue_rebuild (EditorOobPanel *self);
GtkWidget *_editor_oob_panel_remove_button (EditorOobPanel *self,
                                            guint index,
                                            const char *tooltip,
                                            GCallback callback);
guint _editor_oob_panel_row_index (GtkWidget *widget);
void _editor_oob_panel_set_row_index (GtkWidget *widget,
                                      guint index);
GtkStringList *_editor_oob_panel_zone_names (EditorOobPanel *self,
                                             const char *first);

G_END_DECLS
