/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-window-private.h: shared by editor-window.c (layout, document,
 * canvas and tool wiring) and editor-window-actions.c (win.* actions), and
 * by the ui tests, which look at the widgets. */
#pragma once

#include "editor-window.h"
#include "editor-canvas-input.h"
#include "editor-map-canvas.h"
#include "editor-playtest.h"
#include "editor-scenario-panels.h"
#include "editor-tool.h"

G_BEGIN_DECLS

struct _EditorWindow
{
  AdwApplicationWindow parent_instance;

  EditorDocument *document;
  GSignalGroup *document_signals;
  GSettings *settings;
  EditorMapCanvas *canvas;
  GtkWidget *palette;
  GtkWidget *inspector;
  EditorTool *tool;
  EditorWindowMode mode;
  EditorPlaytest *playtest;             /* owned: plays on this window's canvas */
  EditorScenarioPanels *scenario_panels; /* owned: the side panel's pages */
  char *editing_page;                   /* the side page to come back to after play */
  GArray *preview;
  double pointer_x, pointer_y;
  int hover_hex, hover_side_hex, hover_side_dir;
  gulong recent_changed_id;
  GPtrArray *recent_rows;
  guint close_confirmed : 1;
  guint in_stroke : 1;
  guint covered : 1;          /* hot-seat: the screen is being passed */

  /* Template children */
  GtkBox *canvas_box;
  GtkWidget *counter_mix;
  GtkLabel *country_label;
  GMenu *edit_section;
  AdwStatusPage *empty_page;
  GtkBox *game_box;
  AdwViewStackPage *game_page;
  GtkLabel *error_label;
  GtkRevealer *error_revealer;
  GtkLabel *error_title_label;
  GtkLabel *features_label;
  AdwHeaderBar *header_bar;
  AdwStatusPage *hotseat_cover;
  GtkLabel *hex_label;
  GtkPaned *inner_paned;
  GtkBox *inspector_box;
  AdwSplitButton *open_button;
  GtkPaned *outer_paned;
  GtkWidget *oob_panel;
  GtkBox *palette_box;
  GtkToggleButton *playtest_toggle;
  GtkMenuButton *primary_menu_button;
  GtkButton *problems_button;
  GtkImage *problems_icon;
  GtkLabel *problems_label;
  GtkWidget *problems_panel;
  AdwPreferencesGroup *recent_group;
  GMenu *recent_section;
  GMenu *recent_submenu_section;
  GtkButton *ready_button;
  GtkButton *redo_button;
  GtkWidget *scenario_properties;
  GtkWidget *side_separator;
  AdwViewStack *side_stack;
  AdwViewSwitcher *side_switcher;
  GtkStack *stack;
  GtkBox *status_bar;
  GtkLabel *terrain_label;
  GtkWidget *turn_bar;
  AdwToastOverlay *toast_overlay;
  GtkBox *undo_box;
  GtkButton *undo_button;
  GtkMenuButton *view_menu_button;
  AdwWindowTitle *window_title;
  GtkLabel *zoom_label;
};

void _editor_window_actions_init       (EditorWindow      *self);
/* The one place deciding which win.* actions are enabled: from the
 * document and the mode. */
void _editor_window_update_actions     (EditorWindow      *self);
/* Shows what the mode shows (editor-window-mode.c). */
void _editor_window_apply_mode         (EditorWindow      *self);
void _editor_window_mode_actions_init  (EditorWindow      *self);
/* Asks about unsaved changes and keeps the window's size: TRUE while the
 * close waits for an answer (editor-window-close.c). */
gboolean _editor_window_close_request  (GtkWindow         *window);
/* The editing tools' input on the canvas (editor-window-input.c). */
void _editor_window_canvas_input_init  (EditorCanvasInputInterface *iface);
/* What the active tool outlines under the pointer (editor-window.c). */
void _editor_window_update_preview     (EditorWindow      *self);
/* The status bar (editor-window-status.c). */
void _editor_window_update_status      (EditorWindow      *self);
void _editor_window_update_recent      (EditorWindow      *self);
void _editor_window_add_recent         (EditorWindow      *self,
                                        GFile             *file);
/* Saves (asking for a file when there is none, or always with @save_as);
 * then calls @callback with whether the document was saved. */
void _editor_window_save               (EditorWindow      *self,
                                        gboolean           save_as,
                                        void             (*callback) (EditorWindow *self,
                                                                      gboolean      saved,
                                                                      gpointer      data),
                                        gpointer           data);

G_END_DECLS
