/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool-country.h: paints which nation a hex belongs to (1, 7 or
 * 19 hexes), for home-country rail, borders and impassable neutrals. */
#pragma once

#include "editor-tool-brush.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_TOOL_COUNTRY (editor_tool_country_get_type ())
G_DECLARE_FINAL_TYPE (EditorToolCountry, editor_tool_country, EDITOR, TOOL_COUNTRY, EditorToolBrush)

/* Property: "country" (ruleset index, -1 for none); "radius" comes from EditorToolBrush. */
EditorTool *editor_tool_country_new         (void);
int         editor_tool_country_get_country (EditorToolCountry *self);
void        editor_tool_country_set_country (EditorToolCountry *self,
                                             int                country);

G_END_DECLS
