/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool-country.c: the country brush. It works as the terrain
 * brush does (both are an EditorToolBrush); "None" unassigns hexes. */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-tool-country.h"

struct _EditorToolCountry
{
  EditorToolBrush parent_instance;

  int country;
};

G_DEFINE_FINAL_TYPE (EditorToolCountry, editor_tool_country, EDITOR_TYPE_TOOL_BRUSH)

enum {
  PROP_0,
  PROP_COUNTRY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
editor_tool_country_paint_hex (EditorToolBrush *brush,
                               EditorDocument  *document,
                               int              hex)
{
  EditorToolCountry *self = EDITOR_TOOL_COUNTRY (brush);

  editor_document_set_country (document, hex, self->country);
}

static void
editor_tool_country_pick (EditorToolBrush *brush,
                          EditorDocument  *document,
                          int              hex)
{
  editor_tool_country_set_country (EDITOR_TOOL_COUNTRY (brush),
                                   sand_map_get_country (editor_document_get_map (document), hex));
}

static void
editor_tool_country_ruleset_changed (EditorToolBrush *brush,
                                     SandRuleset     *ruleset)
{
  EditorToolCountry *self = EDITOR_TOOL_COUNTRY (brush);

  if (self->country >= (int) sand_ruleset_n_countries (ruleset))
    editor_tool_country_set_country (self, -1);
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
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_tool_country_class_init (EditorToolCountryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  EditorToolBrushClass *brush_class = EDITOR_TOOL_BRUSH_CLASS (klass);

  object_class->get_property = editor_tool_country_get_property;
  object_class->set_property = editor_tool_country_set_property;

  brush_class->paint_hex = editor_tool_country_paint_hex;
  brush_class->pick = editor_tool_country_pick;
  brush_class->ruleset_changed = editor_tool_country_ruleset_changed;
  brush_class->chooser_kind = EDITOR_CHOOSER_COUNTRY;
  brush_class->chooser_property = "country";
  brush_class->chooser_none = N_("None");
  brush_class->stroke_label = N_("Paint Country");
  brush_class->options_hint = N_("Drag to paint the nation hexes belong to; Shift+click "
                                 "paints a line from where the last stroke ended. "
                                 "Right-click picks the country under the pointer.");

  properties[PROP_COUNTRY] =
    g_param_spec_int ("country", NULL, NULL, -1, G_MAXINT8, -1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
editor_tool_country_init (EditorToolCountry *self)
{
  self->country = -1;
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
