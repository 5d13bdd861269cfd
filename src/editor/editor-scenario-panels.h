/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-scenario-panels.h: what ties the window's side panel pages — Map
 * Tools | Counters | Orders of Battle | Scenario | Problems, declared in
 * editor-window.ui — to its document and its map: the header bar's problem
 * count (a button that shows the list), counters dropped on a hex of the
 * canvas (set up in the order of battle being edited), and the entry flags'
 * badges with the turns their reinforcements arrive. The window owns it. */
#pragma once

#include "editor-window.h"

G_BEGIN_DECLS

typedef struct _EditorScenarioPanels EditorScenarioPanels;

/* Made by editor_window_init (); follows the window's document and mode.
 * The window frees it as it goes. */
EditorScenarioPanels *editor_scenario_panels_new     (EditorWindow *window);
void                  editor_scenario_panels_free    (EditorScenarioPanels *self);
/* For tests: the panels of @window. */
EditorScenarioPanels *editor_scenario_panels_get     (EditorWindow *window);
GtkWidget            *editor_scenario_panels_get_counter_mix (EditorScenarioPanels *self);
GtkWidget            *editor_scenario_panels_get_oob_panel   (EditorScenarioPanels *self);
GtkWidget            *editor_scenario_panels_get_problems    (EditorScenarioPanels *self);
GtkWidget            *editor_scenario_panels_get_properties  (EditorScenarioPanels *self);
GtkWidget            *editor_scenario_panels_get_problems_button (EditorScenarioPanels *self);
/* "tools", "counters", "oobs", "scenario", "problems". */
void                  editor_scenario_panels_show    (EditorScenarioPanels *self,
                                                      const char           *page);
/* The reinforcement badge drawn by the entry flag on @hex, or NULL. */
const char           *editor_scenario_panels_get_badge (EditorScenarioPanels *self,
                                                        int                   hex);
/* The name of the page shown. */
const char           *editor_scenario_panels_get_page (EditorScenarioPanels *self);
/* What a counter dropped on the canvas does: sets it up on @hex in the OOB
 * being edited when it is of the counter's side, else in the side's first
 * OOB (made when the side has none). FALSE when @id is no counter or
 * @hex is off the map. */
gboolean              editor_scenario_panels_drop_counter (EditorScenarioPanels *self,
                                                      const char           *id,
                                                      int                   hex);
/* The GtkDropTarget on the canvas. */
GtkDropTarget        *editor_scenario_panels_get_drop_target (EditorScenarioPanels *self);

G_END_DECLS
