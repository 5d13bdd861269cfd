/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool-country.c: the country brush. It works as the terrain
 * brush does (hex lines between motion events, the secondary button picks
 * the country under the pointer); "None" unassigns hexes.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-tool-chooser.h"
#include "editor-brush-stroke.h"
#include "editor-tool-country.h"

struct _EditorToolCountry
{
  EditorTool parent_instance;

  int country;
  int radius;

  EditorBrushStroke stroke;

  GtkWidget *options;
  GtkWidget *chooser;
};

G_DEFINE_FINAL_TYPE (EditorToolCountry, editor_tool_country, EDITOR_TYPE_TOOL)

enum {
  PROP_0,
  PROP_COUNTRY,
  PROP_RADIUS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void editor_tool_country_set_radius (EditorToolCountry *self,
                                            int                radius);

static void
paint_hex (EditorDocument *document,
           int             hex,
           gpointer        user_data)
{
  EditorToolCountry *self = user_data;

  editor_document_set_country (document, hex, self->country);
}

static void
editor_tool_country_begin (EditorTool     *tool,
                           EditorDocument *document,
                           int             hex,
                           double          map_x,
                           double          map_y,
                           guint           button)
{
  EditorToolCountry *self = EDITOR_TOOL_COUNTRY (tool);

  if (button == GDK_BUTTON_SECONDARY)
    {
      if (hex >= 0)
        editor_tool_country_set_country (self,
                                         sand_map_get_country (editor_document_get_map (document),
                                                               hex));
      return;
    }

  /* Shift+click paints the hex line from where the last stroke ended. */
  editor_brush_stroke_begin (&self->stroke, document, hex, self->radius,
                             (editor_tool_get_modifiers (tool) & GDK_SHIFT_MASK) != 0,
                             _("Paint Country"), paint_hex, self);
}

static void
editor_tool_country_update (EditorTool     *tool,
                            EditorDocument *document,
                            int             hex,
                            double          map_x,
                            double          map_y)
{
  EditorToolCountry *self = EDITOR_TOOL_COUNTRY (tool);

  editor_brush_stroke_update (&self->stroke, document, hex, self->radius, paint_hex, self);
}

static void
editor_tool_country_end (EditorTool     *tool,
                         EditorDocument *document,
                         int             hex,
                         double          map_x,
                         double          map_y)
{
  EditorToolCountry *self = EDITOR_TOOL_COUNTRY (tool);

  editor_brush_stroke_end (&self->stroke, document, hex, self->radius, paint_hex, self);
}

static void
editor_tool_country_preview (EditorTool     *tool,
                             EditorDocument *document,
                             int             hex,
                             double          map_x,
                             double          map_y,
                             GArray         *hexes)
{
  EditorToolCountry *self = EDITOR_TOOL_COUNTRY (tool);

  if (hex >= 0)
    sand_grid_spiral (sand_map_get_grid (editor_document_get_map (document)), hex,
                      self->radius, hexes);
}

static GtkWidget *
editor_tool_country_get_options (EditorTool *tool)
{
  EditorToolCountry *self = EDITOR_TOOL_COUNTRY (tool);
  GtkWidget *hint;

  if (self->options != NULL)
    return self->options;

  self->options = g_object_ref_sink (gtk_box_new (GTK_ORIENTATION_VERTICAL, 6));
  self->chooser = editor_tool_chooser_new_bound (EDITOR_CHOOSER_COUNTRY, _("None"), G_OBJECT (self),
                                                 "country");
  gtk_box_append (GTK_BOX (self->options), self->chooser);
  gtk_box_append (GTK_BOX (self->options), editor_tool_options_heading (_("Brush Size (hexes)")));
  gtk_box_append (GTK_BOX (self->options), editor_tool_brush_size_new (G_OBJECT (self), "radius"));
  hint = editor_tool_options_hint (_("Drag to paint the nation hexes belong to; Shift+click "
                                     "paints a line from where the last stroke ended. "
                                     "Right-click picks the country under the pointer."));
  gtk_box_append (GTK_BOX (self->options), hint);
  if (editor_tool_get_document (tool) != NULL)
    editor_tool_chooser_set_ruleset (EDITOR_TOOL_CHOOSER (self->chooser),
                                     sand_map_get_ruleset (editor_document_get_map (
                                       editor_tool_get_document (tool))));
  return self->options;
}

static void
editor_tool_country_document_changed (EditorTool *tool)
{
  EditorToolCountry *self = EDITOR_TOOL_COUNTRY (tool);
  EditorDocument *document = editor_tool_get_document (tool);
  SandRuleset *ruleset = document ? sand_map_get_ruleset (editor_document_get_map (document))
                                  : NULL;

  if (ruleset != NULL && self->country >= (int) sand_ruleset_n_countries (ruleset))
    editor_tool_country_set_country (self, -1);
  if (self->chooser != NULL)
    editor_tool_chooser_set_ruleset (EDITOR_TOOL_CHOOSER (self->chooser), ruleset);
  editor_brush_stroke_reset (&self->stroke);
}

static void
editor_tool_country_dispose (GObject *object)
{
  EditorToolCountry *self = EDITOR_TOOL_COUNTRY (object);

  g_clear_object (&self->options);
  self->chooser = NULL;

  G_OBJECT_CLASS (editor_tool_country_parent_class)->dispose (object);
}

static void
editor_tool_country_finalize (GObject *object)
{
  EditorToolCountry *self = EDITOR_TOOL_COUNTRY (object);

  editor_brush_stroke_clear (&self->stroke);

  G_OBJECT_CLASS (editor_tool_country_parent_class)->finalize (object);
}

static void
editor_tool_country_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  EditorToolCountry *self = EDITOR_TOOL_COUNTRY (object);

  switch (prop_id)
    {
    case PROP_COUNTRY:
      g_value_set_int (value, self->country);
      break;
    case PROP_RADIUS:
      g_value_set_int (value, self->radius);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_tool_country_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  EditorToolCountry *self = EDITOR_TOOL_COUNTRY (object);

  switch (prop_id)
    {
    case PROP_COUNTRY:
      editor_tool_country_set_country (self, g_value_get_int (value));
      break;
    case PROP_RADIUS:
      editor_tool_country_set_radius (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_tool_country_class_init (EditorToolCountryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  EditorToolClass *tool_class = EDITOR_TOOL_CLASS (klass);

  object_class->dispose = editor_tool_country_dispose;
  object_class->finalize = editor_tool_country_finalize;
  object_class->get_property = editor_tool_country_get_property;
  object_class->set_property = editor_tool_country_set_property;

  tool_class->begin = editor_tool_country_begin;
  tool_class->update = editor_tool_country_update;
  tool_class->end = editor_tool_country_end;
  tool_class->preview = editor_tool_country_preview;
  tool_class->get_options = editor_tool_country_get_options;
  tool_class->document_changed = editor_tool_country_document_changed;

  properties[PROP_COUNTRY] =
    g_param_spec_int ("country", NULL, NULL, -1, G_MAXINT8, -1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RADIUS] =
    g_param_spec_int ("radius", NULL, NULL, 0, 2, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
editor_tool_country_init (EditorToolCountry *self)
{
  self->country = -1;
  editor_brush_stroke_init (&self->stroke);
}

EditorTool *
editor_tool_country_new (void)
{
  return g_object_new (EDITOR_TYPE_TOOL_COUNTRY,
                       "id", "country",
                       "name", _("Country"),
                       "icon-name", "sandtable-country-symbolic",
                       "accel", "c",
                       "cursor-name", "crosshair",
                       "hint", _("Drag to paint the country hexes belong to, Shift+click for "
                                 "a line; right-click picks the country under the pointer"),
                       NULL);
}

int
editor_tool_country_get_country (EditorToolCountry *self)
{
  g_return_val_if_fail (EDITOR_IS_TOOL_COUNTRY (self), -1);
  return self->country;
}

void
editor_tool_country_set_country (EditorToolCountry *self,
                                 int                country)
{
  g_return_if_fail (EDITOR_IS_TOOL_COUNTRY (self));
  g_return_if_fail (country >= -1 && country <= G_MAXINT8);

  if (self->country == country)
    return;
  self->country = country;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COUNTRY]);
}

static void
editor_tool_country_set_radius (EditorToolCountry *self,
                                int                radius)
{
  g_return_if_fail (EDITOR_IS_TOOL_COUNTRY (self));

  radius = CLAMP (radius, 0, 2);
  if (self->radius == radius)
    return;
  self->radius = radius;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RADIUS]);
}
