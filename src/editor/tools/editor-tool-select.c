/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool-select.c: select and inspect.
 *
 * The selection stays on the clicked hex, not the hex under the pointer,
 * so the designer can move to the inspector and edit it in place. The
 * hexside selected with it is the one nearest the click: clicking close to
 * a river selects that river's side.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-tool-chooser.h"
#include "editor-tool-select.h"

struct _EditorToolSelect
{
  EditorTool parent_instance;

  int hex;
  int side_hex;
  int side_dir;

  GtkWidget *options;
};

G_DEFINE_FINAL_TYPE (EditorToolSelect, editor_tool_select, EDITOR_TYPE_TOOL)

enum {
  PROP_0,
  PROP_HEX,
  PROP_SIDE_HEX,
  PROP_SIDE_DIR,
  N_PROPS
};

enum {
  SIGNAL_SELECTION_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
select_at (EditorToolSelect *self,
           EditorDocument   *document,
           int               hex,
           double            map_x,
           double            map_y)
{
  SandMap *map = editor_document_get_map (document);
  int side_hex = -1, side_dir = -1;

  if (hex >= 0
      && !sand_grid_side_at_pixel (sand_map_get_grid (map), sand_map_get_hex_size (map),
                                   map_x, map_y, &side_hex, &side_dir))
    side_hex = side_dir = -1;
  editor_tool_select_set_hex (self, hex, side_hex, side_dir);
}

static void
editor_tool_select_begin (EditorTool     *tool,
                          EditorDocument *document,
                          int             hex,
                          double          map_x,
                          double          map_y,
                          guint           button)
{
  select_at (EDITOR_TOOL_SELECT (tool), document, hex, map_x, map_y);
}

static void
editor_tool_select_update (EditorTool     *tool,
                           EditorDocument *document,
                           int             hex,
                           double          map_x,
                           double          map_y)
{
  /* Dragging moves the selection, like a loupe. */
  if (hex >= 0)
    select_at (EDITOR_TOOL_SELECT (tool), document, hex, map_x, map_y);
}

static void
editor_tool_select_preview (EditorTool     *tool,
                            EditorDocument *document,
                            int             hex,
                            double          map_x,
                            double          map_y,
                            GArray         *hexes)
{
  EditorToolSelect *self = EDITOR_TOOL_SELECT (tool);

  /* The selection stays outlined while the pointer looks elsewhere. */
  if (self->hex >= 0)
    g_array_append_val (hexes, self->hex);
  if (hex >= 0 && hex != self->hex)
    g_array_append_val (hexes, hex);
}

static GtkWidget *
editor_tool_select_get_options (EditorTool *tool)
{
  EditorToolSelect *self = EDITOR_TOOL_SELECT (tool);
  GtkWidget *hint;

  if (self->options != NULL)
    return self->options;
  hint = editor_tool_options_hint (_("Click a hex to show it in the inspector, with the hexside "
                                     "nearest the click. Edit it there; every change undoes."));
  self->options = g_object_ref_sink (hint);
  return self->options;
}

static void
editor_tool_select_document_changed (EditorTool *tool)
{
  editor_tool_select_set_hex (EDITOR_TOOL_SELECT (tool), -1, -1, -1);
}

static void
editor_tool_select_dispose (GObject *object)
{
  EditorToolSelect *self = EDITOR_TOOL_SELECT (object);

  g_clear_object (&self->options);

  G_OBJECT_CLASS (editor_tool_select_parent_class)->dispose (object);
}

static void
editor_tool_select_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  EditorToolSelect *self = EDITOR_TOOL_SELECT (object);

  switch (prop_id)
    {
    case PROP_HEX:
      g_value_set_int (value, self->hex);
      break;
    case PROP_SIDE_HEX:
      g_value_set_int (value, self->side_hex);
      break;
    case PROP_SIDE_DIR:
      g_value_set_int (value, self->side_dir);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_tool_select_class_init (EditorToolSelectClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  EditorToolClass *tool_class = EDITOR_TOOL_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = editor_tool_select_dispose;
  object_class->get_property = editor_tool_select_get_property;

  tool_class->begin = editor_tool_select_begin;
  tool_class->update = editor_tool_select_update;
  tool_class->preview = editor_tool_select_preview;
  tool_class->get_options = editor_tool_select_get_options;
  tool_class->document_changed = editor_tool_select_document_changed;

  properties[PROP_HEX] = g_param_spec_int ("hex", NULL, NULL, -1, G_MAXINT, -1, flags);
  properties[PROP_SIDE_HEX] = g_param_spec_int ("side-hex", NULL, NULL, -1, G_MAXINT, -1, flags);
  properties[PROP_SIDE_DIR] = g_param_spec_int ("side-dir", NULL, NULL, -1, 5, -1, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_SELECTION_CHANGED] =
    g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT);
}

static void
editor_tool_select_init (EditorToolSelect *self)
{
  self->hex = self->side_hex = self->side_dir = -1;
}

EditorTool *
editor_tool_select_new (void)
{
  return g_object_new (EDITOR_TYPE_TOOL_SELECT,
                       "id", "select",
                       "name", _("Select"),
                       "icon-name", "sandtable-select-symbolic",
                       "accel", "s",
                       "uses-hexsides", TRUE,
                       "cursor-name", "default",
                       "hint", _("Click a hex to inspect and edit it"),
                       NULL);
}

int
editor_tool_select_get_hex (EditorToolSelect *self)
{
  g_return_val_if_fail (EDITOR_IS_TOOL_SELECT (self), -1);
  return self->hex;
}

void
editor_tool_select_set_hex (EditorToolSelect *self,
                            int               hex,
                            int               side_hex,
                            int               side_dir)
{
  g_return_if_fail (EDITOR_IS_TOOL_SELECT (self));

  if (hex < 0)
    side_hex = side_dir = -1;
  if (self->hex == hex && self->side_hex == side_hex && self->side_dir == side_dir)
    return;

  g_object_freeze_notify (G_OBJECT (self));
  if (self->hex != hex)
    {
      self->hex = hex;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HEX]);
    }
  if (self->side_hex != side_hex)
    {
      self->side_hex = side_hex;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIDE_HEX]);
    }
  if (self->side_dir != side_dir)
    {
      self->side_dir = side_dir;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIDE_DIR]);
    }
  g_object_thaw_notify (G_OBJECT (self));
  g_signal_emit (self, signals[SIGNAL_SELECTION_CHANGED], 0, hex, side_hex, side_dir);
}
