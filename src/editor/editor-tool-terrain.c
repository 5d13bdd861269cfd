/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool-terrain.c: the terrain brush.
 *
 * A fast drag skips hexes between two motion events; the brush follows
 * the hex line between them so a stroke never has holes. The secondary
 * button picks the terrain under the pointer, as in Tiled, so the
 * designer need not switch to the eyedropper.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-tool-chooser.h"
#include "editor-brush-stroke.h"
#include "editor-tool-terrain.h"

struct _EditorToolTerrain
{
  EditorTool parent_instance;

  int terrain;
  int radius;

  EditorBrushStroke stroke;

  GtkWidget *options;
  GtkWidget *chooser;
};

G_DEFINE_FINAL_TYPE (EditorToolTerrain, editor_tool_terrain, EDITOR_TYPE_TOOL)

enum {
  PROP_0,
  PROP_TERRAIN,
  PROP_RADIUS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
paint_hex (EditorDocument *document,
           int             hex,
           gpointer        user_data)
{
  EditorToolTerrain *self = user_data;

  editor_document_set_terrain (document, hex, (guint8) self->terrain);
}

static void
editor_tool_terrain_begin (EditorTool     *tool,
                           EditorDocument *document,
                           int             hex,
                           double          map_x,
                           double          map_y,
                           guint           button)
{
  EditorToolTerrain *self = EDITOR_TOOL_TERRAIN (tool);

  if (button == GDK_BUTTON_SECONDARY)
    {
      if (hex >= 0)
        editor_tool_terrain_set_terrain (self,
                                         sand_map_get_terrain (editor_document_get_map (document),
                                                               hex));
      return;
    }

  /* Shift+click paints the hex line from where the last stroke ended. */
  editor_brush_stroke_begin (&self->stroke, document, hex, self->radius,
                             (editor_tool_get_modifiers (tool) & GDK_SHIFT_MASK) != 0,
                             _("Paint Terrain"), paint_hex, self);
}

static void
editor_tool_terrain_update (EditorTool     *tool,
                            EditorDocument *document,
                            int             hex,
                            double          map_x,
                            double          map_y)
{
  EditorToolTerrain *self = EDITOR_TOOL_TERRAIN (tool);

  editor_brush_stroke_update (&self->stroke, document, hex, self->radius, paint_hex, self);
}

static void
editor_tool_terrain_end (EditorTool     *tool,
                         EditorDocument *document,
                         int             hex,
                         double          map_x,
                         double          map_y)
{
  EditorToolTerrain *self = EDITOR_TOOL_TERRAIN (tool);

  editor_brush_stroke_end (&self->stroke, document, hex, self->radius, paint_hex, self);
}

static void
editor_tool_terrain_preview (EditorTool     *tool,
                             EditorDocument *document,
                             int             hex,
                             double          map_x,
                             double          map_y,
                             GArray         *hexes)
{
  EditorToolTerrain *self = EDITOR_TOOL_TERRAIN (tool);

  if (hex >= 0)
    sand_grid_spiral (sand_map_get_grid (editor_document_get_map (document)), hex,
                      self->radius, hexes);
}

static GtkWidget *
editor_tool_terrain_get_options (EditorTool *tool)
{
  EditorToolTerrain *self = EDITOR_TOOL_TERRAIN (tool);
  GtkWidget *hint;

  if (self->options != NULL)
    return self->options;

  self->options = g_object_ref_sink (gtk_box_new (GTK_ORIENTATION_VERTICAL, 6));
  gtk_box_append (GTK_BOX (self->options), editor_tool_options_heading (_("Terrain")));
  self->chooser = editor_tool_chooser_new_bound (EDITOR_CHOOSER_TERRAIN, NULL, G_OBJECT (self),
                                                 "terrain");
  gtk_box_append (GTK_BOX (self->options), self->chooser);
  gtk_box_append (GTK_BOX (self->options), editor_tool_options_heading (_("Brush Size (hexes)")));
  gtk_box_append (GTK_BOX (self->options), editor_tool_brush_size_new (G_OBJECT (self), "radius"));
  hint = editor_tool_options_hint (_("Drag to paint; Shift+click paints a line from where the "
                                     "last stroke ended. Right-click picks the terrain under "
                                     "the pointer."));
  gtk_box_append (GTK_BOX (self->options), hint);
  if (editor_tool_get_document (tool) != NULL)
    editor_tool_chooser_set_ruleset (EDITOR_TOOL_CHOOSER (self->chooser),
                                     sand_map_get_ruleset (editor_document_get_map (
                                       editor_tool_get_document (tool))));
  return self->options;
}

static void
editor_tool_terrain_document_changed (EditorTool *tool)
{
  EditorToolTerrain *self = EDITOR_TOOL_TERRAIN (tool);
  EditorDocument *document = editor_tool_get_document (tool);
  SandRuleset *ruleset = document ? sand_map_get_ruleset (editor_document_get_map (document))
                                  : NULL;

  if (ruleset != NULL && (guint) self->terrain >= sand_ruleset_n_terrains (ruleset))
    editor_tool_terrain_set_terrain (self, 0);
  if (self->chooser != NULL)
    editor_tool_chooser_set_ruleset (EDITOR_TOOL_CHOOSER (self->chooser), ruleset);
  editor_brush_stroke_reset (&self->stroke);
}

static void
editor_tool_terrain_dispose (GObject *object)
{
  EditorToolTerrain *self = EDITOR_TOOL_TERRAIN (object);

  g_clear_object (&self->options);
  self->chooser = NULL;

  G_OBJECT_CLASS (editor_tool_terrain_parent_class)->dispose (object);
}

static void
editor_tool_terrain_finalize (GObject *object)
{
  EditorToolTerrain *self = EDITOR_TOOL_TERRAIN (object);

  editor_brush_stroke_clear (&self->stroke);

  G_OBJECT_CLASS (editor_tool_terrain_parent_class)->finalize (object);
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
    case PROP_RADIUS:
      g_value_set_int (value, self->radius);
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
    case PROP_RADIUS:
      editor_tool_terrain_set_radius (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_tool_terrain_class_init (EditorToolTerrainClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  EditorToolClass *tool_class = EDITOR_TOOL_CLASS (klass);

  object_class->dispose = editor_tool_terrain_dispose;
  object_class->finalize = editor_tool_terrain_finalize;
  object_class->get_property = editor_tool_terrain_get_property;
  object_class->set_property = editor_tool_terrain_set_property;

  tool_class->begin = editor_tool_terrain_begin;
  tool_class->update = editor_tool_terrain_update;
  tool_class->end = editor_tool_terrain_end;
  tool_class->preview = editor_tool_terrain_preview;
  tool_class->get_options = editor_tool_terrain_get_options;
  tool_class->document_changed = editor_tool_terrain_document_changed;

  properties[PROP_TERRAIN] =
    g_param_spec_int ("terrain", NULL, NULL, 0, G_MAXUINT8, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RADIUS] =
    g_param_spec_int ("radius", NULL, NULL, 0, 2, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
editor_tool_terrain_init (EditorToolTerrain *self)
{
  editor_brush_stroke_init (&self->stroke);
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
  g_return_val_if_fail (EDITOR_IS_TOOL_TERRAIN (self), 0);
  return self->radius;
}

void
editor_tool_terrain_set_radius (EditorToolTerrain *self,
                                int                radius)
{
  g_return_if_fail (EDITOR_IS_TOOL_TERRAIN (self));

  radius = CLAMP (radius, 0, 2);
  if (self->radius == radius)
    return;
  self->radius = radius;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RADIUS]);
}
