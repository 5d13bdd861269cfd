/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool-terrain.c: the terrain brush; EditorToolBrush does the
 * stroke, the preview and the options. */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-tool-terrain.h"

struct _EditorToolTerrain
{
  EditorToolBrush parent_instance;

  int terrain;
};

G_DEFINE_FINAL_TYPE (EditorToolTerrain, editor_tool_terrain, EDITOR_TYPE_TOOL_BRUSH)

enum {
  PROP_0,
  PROP_TERRAIN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
editor_tool_terrain_paint_hex (EditorToolBrush *brush,
                               EditorDocument  *document,
                               int              hex)
{
  EditorToolTerrain *self = EDITOR_TOOL_TERRAIN (brush);

  editor_document_set_terrain (document, hex, (guint8) self->terrain);
}

static void
editor_tool_terrain_pick (EditorToolBrush *brush,
                          EditorDocument  *document,
                          int              hex)
{
  editor_tool_terrain_set_terrain (EDITOR_TOOL_TERRAIN (brush),
                                   sand_map_get_terrain (editor_document_get_map (document), hex));
}

static void
editor_tool_terrain_ruleset_changed (EditorToolBrush *brush,
                                     SandRuleset     *ruleset)
{
  EditorToolTerrain *self = EDITOR_TOOL_TERRAIN (brush);

  if ((guint) self->terrain >= sand_ruleset_n_terrains (ruleset))
    editor_tool_terrain_set_terrain (self, 0);
}

static void
editor_tool_terrain_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  EditorToolTerrain *self = EDITOR_TOOL_TERRAIN (object);

  switch (prop_id)
    {
    case PROP_TERRAIN:
      g_value_set_int (value, self->terrain);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_tool_terrain_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  EditorToolTerrain *self = EDITOR_TOOL_TERRAIN (object);

  switch (prop_id)
    {
    case PROP_TERRAIN:
      editor_tool_terrain_set_terrain (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_tool_terrain_class_init (EditorToolTerrainClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  EditorToolBrushClass *brush_class = EDITOR_TOOL_BRUSH_CLASS (klass);

  object_class->get_property = editor_tool_terrain_get_property;
  object_class->set_property = editor_tool_terrain_set_property;

  brush_class->paint_hex = editor_tool_terrain_paint_hex;
  brush_class->pick = editor_tool_terrain_pick;
  brush_class->ruleset_changed = editor_tool_terrain_ruleset_changed;
  brush_class->chooser_kind = EDITOR_CHOOSER_TERRAIN;
  brush_class->chooser_property = "terrain";
  brush_class->chooser_heading = N_("Terrain");
  brush_class->stroke_label = N_("Paint Terrain");
  brush_class->options_hint = N_("Drag to paint; Shift+click paints a line from where the "
                                 "last stroke ended. Right-click picks the terrain under "
                                 "the pointer.");

  properties[PROP_TERRAIN] =
    g_param_spec_int ("terrain", NULL, NULL, 0, G_MAXUINT8, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
editor_tool_terrain_init (EditorToolTerrain *self)
{
}

EditorTool *
editor_tool_terrain_new (void)
{
  return g_object_new (EDITOR_TYPE_TOOL_TERRAIN,
                       "id", "terrain",
                       "name", _("Terrain Brush"),
                       "icon-name", "sandtable-terrain-brush-symbolic",
                       "accel", "b",
                       "cursor-name", "crosshair",
                       "hint", _("Drag to paint terrain, Shift+click for a line from the "
                                 "last stroke; right-click picks the terrain under the pointer"),
                       NULL);
}

int
editor_tool_terrain_get_terrain (EditorToolTerrain *self)
{
  g_return_val_if_fail (EDITOR_IS_TOOL_TERRAIN (self), 0);
  return self->terrain;
}

void
editor_tool_terrain_set_terrain (EditorToolTerrain *self,
                                 int                terrain)
{
  g_return_if_fail (EDITOR_IS_TOOL_TERRAIN (self));
  g_return_if_fail (terrain >= 0 && terrain <= G_MAXUINT8);

  if (self->terrain == terrain)
    return;
  self->terrain = terrain;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TERRAIN]);
}

int
editor_tool_terrain_get_radius (EditorToolTerrain *self)
{
  return editor_tool_brush_get_radius (EDITOR_TOOL_BRUSH (self));
}

void
editor_tool_terrain_set_radius (EditorToolTerrain *self,
                                int                radius)
{
  editor_tool_brush_set_radius (EDITOR_TOOL_BRUSH (self), radius);
}
