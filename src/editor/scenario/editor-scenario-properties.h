/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-scenario-properties.h: the scenario's own settings — title,
 * description, designer notes, ruleset (fixed once the map exists), number
 * of turns, first side, rule options, victory conditions and levels. Every
 * change is one undo step. */
#pragma once

#include <gtk/gtk.h>

#include "editor-document.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_SCENARIO_PROPERTIES (editor_scenario_properties_get_type ())
G_DECLARE_FINAL_TYPE (EditorScenarioProperties, editor_scenario_properties, EDITOR,
                      SCENARIO_PROPERTIES, GtkWidget)

GtkWidget *editor_scenario_properties_new          (void);
void       editor_scenario_properties_set_document (EditorScenarioProperties *self,
                                                    EditorDocument           *document);
/* Scrolls the Victory Levels into view (once the page is laid out). */
void       editor_scenario_properties_show_victory_levels (EditorScenarioProperties *self);

G_END_DECLS
