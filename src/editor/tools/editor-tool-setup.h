/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool-setup.h: moves set-up counters on the map. Drag a counter
 * to another hex (onto others to stack it); right-click takes the top
 * counter of a hex out of the set-up. The counters it sees are those the
 * map shows: the fixed-hex placements of each side's first order of battle.
 * New counters come from the Counters and OOB panels by drag and drop. */
#pragma once

#include "editor-tool.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_TOOL_SETUP (editor_tool_setup_get_type ())
G_DECLARE_FINAL_TYPE (EditorToolSetup, editor_tool_setup, EDITOR, TOOL_SETUP, EditorTool)

EditorTool *editor_tool_setup_new (void);

G_END_DECLS
