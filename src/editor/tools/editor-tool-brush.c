/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool-brush.c: the base of the hex brushes.
 *
 * A fast drag skips hexes between two motion events; the brush follows
 * the hex line between them so a stroke never has holes. The secondary
 * button picks the value under the pointer, as in Tiled, so the designer
 * need not switch to the eyedropper.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-brush-stroke.h"
#include "editor-tool-brush.h"

typedef struct
{
  int radius;

  EditorBrushStroke stroke;

  GtkWidget *options;
  GtkWidget *chooser;
} EditorToolBrushPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (EditorToolBrush, editor_tool_brush, EDITOR_TYPE_TOOL)

enum {
  PROP_0,
  PROP_RADIUS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
paint_hex (EditorDocument *document,
           int             hex,
           gpointer        user_data)
{
  EditorToolBrush *self = user_data;

  EDITOR_TOOL_BRUSH_GET_CLASS (self)->paint_hex (self, document, hex);
}

static void
editor_tool_brush_begin (EditorTool     *tool,
                         EditorDocument *document,
                         int             hex,
                         double          map_x,
                         double          map_y,
                         guint           button)
{
  EditorToolBrush *self = EDITOR_TOOL_BRUSH (tool);
  EditorToolBrushPrivate *priv = editor_tool_brush_get_instance_private (self);

  if (button == GDK_BUTTON_SECONDARY)
    {
      if (hex >= 0)
        EDITOR_TOOL_BRUSH_GET_CLASS (self)->pick (self, document, hex);
      return;
    }

  /* Shift+click paints the hex line from where the last stroke ended. */
  editor_brush_stroke_begin (&priv->stroke, document, hex, priv->radius,
                             (editor_tool_get_modifiers (tool) & GDK_SHIFT_MASK) != 0,
                             _(EDITOR_TOOL_BRUSH_GET_CLASS (self)->stroke_label), paint_hex,
                             self);
}

static void
editor_tool_brush_update (EditorTool     *tool,
                          EditorDocument *document,
                          int             hex,
                          double          map_x,
                          double          map_y)
{
  EditorToolBrush *self = EDITOR_TOOL_BRUSH (tool);
  EditorToolBrushPrivate *priv = editor_tool_brush_get_instance_private (self);

  editor_brush_stroke_update (&priv->stroke, document, hex, priv->radius, paint_hex, self);
}

static void
editor_tool_brush_end (EditorTool     *tool,
                       EditorDocument *document,
                       int             hex,
                       double          map_x,
                       double          map_y)
{
  EditorToolBrush *self = EDITOR_TOOL_BRUSH (tool);
  EditorToolBrushPrivate *priv = editor_tool_brush_get_instance_private (self);

  editor_brush_stroke_end (&priv->stroke, document, hex, priv->radius, paint_hex, self);
}

static void
editor_tool_brush_preview (EditorTool     *tool,
                           EditorDocument *document,
                           int             hex,
                           double          map_x,
                           double          map_y,
                           GArray         *hexes)
{
  EditorToolBrush *self = EDITOR_TOOL_BRUSH (tool);
  EditorToolBrushPrivate *priv = editor_tool_brush_get_instance_private (self);

  if (hex >= 0)
    sand_grid_spiral (sand_map_get_grid (editor_document_get_map (document)), hex,
                      priv->radius, hexes);
}

static GtkWidget *
editor_tool_brush_get_options (EditorTool *tool)
{
  EditorToolBrush *self = EDITOR_TOOL_BRUSH (tool);
  EditorToolBrushClass *klass = EDITOR_TOOL_BRUSH_GET_CLASS (self);
  EditorToolBrushPrivate *priv = editor_tool_brush_get_instance_private (self);
  GtkBox *box;

  if (priv->options != NULL)
    return priv->options;

  priv->options = g_object_ref_sink (gtk_box_new (GTK_ORIENTATION_VERTICAL, 6));
  box = GTK_BOX (priv->options);
  if (klass->chooser_heading != NULL)
    gtk_box_append (box, editor_tool_options_heading (_(klass->chooser_heading)));
  priv->chooser = editor_tool_chooser_new_bound (klass->chooser_kind,
                                                 klass->chooser_none ? _(klass->chooser_none)
                                                                     : NULL,
                                                 G_OBJECT (self), klass->chooser_property);
  gtk_box_append (box, priv->chooser);
  gtk_box_append (box, editor_tool_options_heading (_("Brush Size (hexes)")));
  gtk_box_append (box, editor_tool_brush_size_new (G_OBJECT (self), "radius"));
  gtk_box_append (box, editor_tool_options_hint (_(klass->options_hint)));
  if (editor_tool_get_document (tool) != NULL)
    editor_tool_chooser_set_ruleset (EDITOR_TOOL_CHOOSER (priv->chooser),
                                     sand_map_get_ruleset (editor_document_get_map (
                                       editor_tool_get_document (tool))));
  return priv->options;
}

static void
editor_tool_brush_document_changed (EditorTool *tool)
{
  EditorToolBrush *self = EDITOR_TOOL_BRUSH (tool);
  EditorToolBrushPrivate *priv = editor_tool_brush_get_instance_private (self);
  EditorDocument *document = editor_tool_get_document (tool);
  SandRuleset *ruleset = document ? sand_map_get_ruleset (editor_document_get_map (document))
                                  : NULL;

  if (ruleset != NULL)
    EDITOR_TOOL_BRUSH_GET_CLASS (self)->ruleset_changed (self, ruleset);
  if (priv->chooser != NULL)
    editor_tool_chooser_set_ruleset (EDITOR_TOOL_CHOOSER (priv->chooser), ruleset);
  editor_brush_stroke_reset (&priv->stroke);
}

static void
editor_tool_brush_dispose (GObject *object)
{
  EditorToolBrush *self = EDITOR_TOOL_BRUSH (object);
  EditorToolBrushPrivate *priv = editor_tool_brush_get_instance_private (self);

  g_clear_object (&priv->options);
  priv->chooser = NULL;

  G_OBJECT_CLASS (editor_tool_brush_parent_class)->dispose (object);
}

static void
editor_tool_brush_finalize (GObject *object)
{
  EditorToolBrush *self = EDITOR_TOOL_BRUSH (object);
  EditorToolBrushPrivate *priv = editor_tool_brush_get_instance_private (self);

  editor_brush_stroke_clear (&priv->stroke);

  G_OBJECT_CLASS (editor_tool_brush_parent_class)->finalize (object);
}

static void
editor_tool_brush_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  EditorToolBrush *self = EDITOR_TOOL_BRUSH (object);

  switch (prop_id)
    {
    case PROP_RADIUS:
      g_value_set_int (value, editor_tool_brush_get_radius (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_tool_brush_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  EditorToolBrush *self = EDITOR_TOOL_BRUSH (object);

  switch (prop_id)
    {
    case PROP_RADIUS:
      editor_tool_brush_set_radius (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_tool_brush_class_init (EditorToolBrushClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  EditorToolClass *tool_class = EDITOR_TOOL_CLASS (klass);

  object_class->dispose = editor_tool_brush_dispose;
  object_class->finalize = editor_tool_brush_finalize;
  object_class->get_property = editor_tool_brush_get_property;
  object_class->set_property = editor_tool_brush_set_property;

  tool_class->begin = editor_tool_brush_begin;
  tool_class->update = editor_tool_brush_update;
  tool_class->end = editor_tool_brush_end;
  tool_class->preview = editor_tool_brush_preview;
  tool_class->get_options = editor_tool_brush_get_options;
  tool_class->document_changed = editor_tool_brush_document_changed;

  properties[PROP_RADIUS] =
    g_param_spec_int ("radius", NULL, NULL, 0, 2, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
editor_tool_brush_init (EditorToolBrush *self)
{
  EditorToolBrushPrivate *priv = editor_tool_brush_get_instance_private (self);

  editor_brush_stroke_init (&priv->stroke);
}

int
editor_tool_brush_get_radius (EditorToolBrush *self)
{
  EditorToolBrushPrivate *priv;

  g_return_val_if_fail (EDITOR_IS_TOOL_BRUSH (self), 0);
  priv = editor_tool_brush_get_instance_private (self);
  return priv->radius;
}

void
editor_tool_brush_set_radius (EditorToolBrush *self,
                              int              radius)
{
  EditorToolBrushPrivate *priv;

  g_return_if_fail (EDITOR_IS_TOOL_BRUSH (self));
  priv = editor_tool_brush_get_instance_private (self);

  radius = CLAMP (radius, 0, 2);
  if (priv->radius == radius)
    return;
  priv->radius = radius;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RADIUS]);
}
