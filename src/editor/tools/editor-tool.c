/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool.c: the base of every map-editing tool.
 *
 * The base class guards the stroke protocol so that a tool sees begin,
 * updates and end in order even when the canvas loses a release (a grab
 * broken by a dialog): a second begin ends the open stroke first, so an
 * undo group is never left open.
 */
#include "config.h"

#include "editor-tool.h"

typedef struct
{
  char *id;
  char *name;
  char *icon_name;
  char *accel;
  char *cursor_name;
  char *hint;
  gboolean uses_hexsides;
  EditorDocument *document;

  GdkModifierType modifiers;
  gboolean modifiers_set;

  /* The open stroke, if any. */
  gboolean in_stroke;
  EditorDocument *stroke_document;
  int last_hex;
  double last_x, last_y;
} EditorToolPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (EditorTool, editor_tool, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_NAME,
  PROP_ICON_NAME,
  PROP_ACCEL,
  PROP_CURSOR_NAME,
  PROP_HINT,
  PROP_USES_HEXSIDES,
  PROP_DOCUMENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
editor_tool_dispose (GObject *object)
{
  EditorTool *self = EDITOR_TOOL (object);
  EditorToolPrivate *priv = editor_tool_get_instance_private (self);

  g_clear_object (&priv->stroke_document);
  g_clear_object (&priv->document);

  G_OBJECT_CLASS (editor_tool_parent_class)->dispose (object);
}

static void
editor_tool_finalize (GObject *object)
{
  EditorTool *self = EDITOR_TOOL (object);
  EditorToolPrivate *priv = editor_tool_get_instance_private (self);

  g_free (priv->id);
  g_free (priv->name);
  g_free (priv->icon_name);
  g_free (priv->accel);
  g_free (priv->cursor_name);
  g_free (priv->hint);

  G_OBJECT_CLASS (editor_tool_parent_class)->finalize (object);
}

static void
editor_tool_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  EditorTool *self = EDITOR_TOOL (object);
  EditorToolPrivate *priv = editor_tool_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, priv->id);
      break;
    case PROP_NAME:
      g_value_set_string (value, priv->name);
      break;
    case PROP_ICON_NAME:
      g_value_set_string (value, priv->icon_name);
      break;
    case PROP_ACCEL:
      g_value_set_string (value, priv->accel);
      break;
    case PROP_CURSOR_NAME:
      g_value_set_string (value, priv->cursor_name);
      break;
    case PROP_HINT:
      g_value_set_string (value, priv->hint);
      break;
    case PROP_USES_HEXSIDES:
      g_value_set_boolean (value, priv->uses_hexsides);
      break;
    case PROP_DOCUMENT:
      g_value_set_object (value, priv->document);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_tool_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  EditorTool *self = EDITOR_TOOL (object);
  EditorToolPrivate *priv = editor_tool_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_ID:
      g_free (priv->id);
      priv->id = g_value_dup_string (value);
      break;
    case PROP_NAME:
      g_free (priv->name);
      priv->name = g_value_dup_string (value);
      break;
    case PROP_ICON_NAME:
      g_free (priv->icon_name);
      priv->icon_name = g_value_dup_string (value);
      break;
    case PROP_ACCEL:
      g_free (priv->accel);
      priv->accel = g_value_dup_string (value);
      break;
    case PROP_CURSOR_NAME:
      g_free (priv->cursor_name);
      priv->cursor_name = g_value_dup_string (value);
      break;
    case PROP_HINT:
      g_free (priv->hint);
      priv->hint = g_value_dup_string (value);
      break;
    case PROP_USES_HEXSIDES:
      priv->uses_hexsides = g_value_get_boolean (value);
      break;
    case PROP_DOCUMENT:
      editor_tool_set_document (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_tool_real_preview (EditorTool     *self,
                          EditorDocument *document,
                          int             hex,
                          double          map_x,
                          double          map_y,
                          GArray         *hexes)
{
  if (hex >= 0)
    g_array_append_val (hexes, hex);
}

static void
editor_tool_class_init (EditorToolClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = editor_tool_dispose;
  object_class->finalize = editor_tool_finalize;
  object_class->get_property = editor_tool_get_property;
  object_class->set_property = editor_tool_set_property;

  klass->preview = editor_tool_real_preview;

  properties[PROP_ID] =
    g_param_spec_string ("id", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ICON_NAME] =
    g_param_spec_string ("icon-name", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ACCEL] =
    g_param_spec_string ("accel", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CURSOR_NAME] =
    g_param_spec_string ("cursor-name", NULL, NULL, "default",
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HINT] =
    g_param_spec_string ("hint", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_USES_HEXSIDES] =
    g_param_spec_boolean ("uses-hexsides", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, EDITOR_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
editor_tool_init (EditorTool *self)
{
  EditorToolPrivate *priv = editor_tool_get_instance_private (self);

  priv->last_hex = -1;
}

const char *
editor_tool_get_id (EditorTool *self)
{
  EditorToolPrivate *priv = editor_tool_get_instance_private (self);

  g_return_val_if_fail (EDITOR_IS_TOOL (self), NULL);
  return priv->id;
}

const char *
editor_tool_get_name (EditorTool *self)
{
  EditorToolPrivate *priv = editor_tool_get_instance_private (self);

  g_return_val_if_fail (EDITOR_IS_TOOL (self), NULL);
  return priv->name;
}

const char *
editor_tool_get_icon_name (EditorTool *self)
{
  EditorToolPrivate *priv = editor_tool_get_instance_private (self);

  g_return_val_if_fail (EDITOR_IS_TOOL (self), NULL);
  return priv->icon_name;
}

const char *
editor_tool_get_accel (EditorTool *self)
{
  EditorToolPrivate *priv = editor_tool_get_instance_private (self);

  g_return_val_if_fail (EDITOR_IS_TOOL (self), NULL);
  return priv->accel;
}

const char *
editor_tool_get_cursor_name (EditorTool *self)
{
  EditorToolPrivate *priv = editor_tool_get_instance_private (self);

  g_return_val_if_fail (EDITOR_IS_TOOL (self), NULL);
  return priv->cursor_name;
}

const char *
editor_tool_get_hint (EditorTool *self)
{
  EditorToolPrivate *priv = editor_tool_get_instance_private (self);

  g_return_val_if_fail (EDITOR_IS_TOOL (self), NULL);
  return priv->hint;
}

gboolean
editor_tool_get_uses_hexsides (EditorTool *self)
{
  EditorToolPrivate *priv = editor_tool_get_instance_private (self);

  g_return_val_if_fail (EDITOR_IS_TOOL (self), FALSE);
  return priv->uses_hexsides;
}

void
editor_tool_set_modifiers (EditorTool      *self,
                           GdkModifierType  state)
{
  EditorToolPrivate *priv = editor_tool_get_instance_private (self);

  g_return_if_fail (EDITOR_IS_TOOL (self));
  priv->modifiers = state;
  priv->modifiers_set = TRUE;
}

GdkModifierType
editor_tool_get_modifiers (EditorTool *self)
{
  EditorToolPrivate *priv = editor_tool_get_instance_private (self);

  g_return_val_if_fail (EDITOR_IS_TOOL (self), 0);
  return priv->modifiers;
}

gboolean
editor_tool_in_stroke (EditorTool *self)
{
  EditorToolPrivate *priv = editor_tool_get_instance_private (self);

  g_return_val_if_fail (EDITOR_IS_TOOL (self), FALSE);
  return priv->in_stroke;
}

void
editor_tool_set_document (EditorTool     *self,
                          EditorDocument *document)
{
  EditorToolPrivate *priv = editor_tool_get_instance_private (self);

  g_return_if_fail (EDITOR_IS_TOOL (self));
  g_return_if_fail (document == NULL || EDITOR_IS_DOCUMENT (document));

  if (priv->document == document)
    return;

  /* A stroke belongs to the document it began on. */
  if (priv->in_stroke)
    editor_tool_end (self, priv->stroke_document, -1, priv->last_x, priv->last_y);

  g_set_object (&priv->document, document);
  if (EDITOR_TOOL_GET_CLASS (self)->document_changed)
    EDITOR_TOOL_GET_CLASS (self)->document_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

EditorDocument *
editor_tool_get_document (EditorTool *self)
{
  EditorToolPrivate *priv = editor_tool_get_instance_private (self);

  g_return_val_if_fail (EDITOR_IS_TOOL (self), NULL);
  return priv->document;
}

void
editor_tool_begin (EditorTool     *self,
                   EditorDocument *document,
                   int             hex,
                   double          map_x,
                   double          map_y,
                   guint           button)
{
  EditorToolPrivate *priv = editor_tool_get_instance_private (self);

  g_return_if_fail (EDITOR_IS_TOOL (self));
  g_return_if_fail (EDITOR_IS_DOCUMENT (document));

  if (priv->in_stroke)
    editor_tool_end (self, priv->stroke_document, priv->last_hex, priv->last_x, priv->last_y);

  if (!priv->modifiers_set)
    {
      GdkDisplay *display = gdk_display_get_default ();
      GdkSeat *seat = display ? gdk_display_get_default_seat (display) : NULL;
      GdkDevice *keyboard = seat ? gdk_seat_get_keyboard (seat) : NULL;

      priv->modifiers = keyboard ? gdk_device_get_modifier_state (keyboard) : 0;
    }
  priv->modifiers_set = FALSE;

  priv->in_stroke = TRUE;
  g_set_object (&priv->stroke_document, document);
  priv->last_hex = hex;
  priv->last_x = map_x;
  priv->last_y = map_y;
  if (EDITOR_TOOL_GET_CLASS (self)->begin)
    EDITOR_TOOL_GET_CLASS (self)->begin (self, document, hex, map_x, map_y, button);
}

void
editor_tool_update (EditorTool     *self,
                    EditorDocument *document,
                    int             hex,
                    double          map_x,
                    double          map_y)
{
  EditorToolPrivate *priv = editor_tool_get_instance_private (self);

  g_return_if_fail (EDITOR_IS_TOOL (self));
  g_return_if_fail (EDITOR_IS_DOCUMENT (document));

  if (!priv->in_stroke || document != priv->stroke_document)
    return;

  priv->last_hex = hex;
  priv->last_x = map_x;
  priv->last_y = map_y;
  if (EDITOR_TOOL_GET_CLASS (self)->update)
    EDITOR_TOOL_GET_CLASS (self)->update (self, document, hex, map_x, map_y);
}

void
editor_tool_end (EditorTool     *self,
                 EditorDocument *document,
                 int             hex,
                 double          map_x,
                 double          map_y)
{
  EditorToolPrivate *priv = editor_tool_get_instance_private (self);
  g_autoptr(EditorDocument) stroke_document = NULL;

  g_return_if_fail (EDITOR_IS_TOOL (self));
  g_return_if_fail (EDITOR_IS_DOCUMENT (document));

  if (!priv->in_stroke)
    return;

  /* Clear first: a tool's end may emit signals that start another stroke. */
  priv->in_stroke = FALSE;
  stroke_document = g_steal_pointer (&priv->stroke_document);
  if (EDITOR_TOOL_GET_CLASS (self)->end)
    EDITOR_TOOL_GET_CLASS (self)->end (self, stroke_document, hex, map_x, map_y);
}

void
editor_tool_preview (EditorTool     *self,
                     EditorDocument *document,
                     int             hex,
                     double          map_x,
                     double          map_y,
                     GArray         *hexes)
{
  g_return_if_fail (EDITOR_IS_TOOL (self));
  g_return_if_fail (document == NULL || EDITOR_IS_DOCUMENT (document));
  g_return_if_fail (hexes != NULL);

  if (document == NULL)
    return;
  if (EDITOR_TOOL_GET_CLASS (self)->preview)
    EDITOR_TOOL_GET_CLASS (self)->preview (self, document, hex, map_x, map_y, hexes);
}

GtkWidget *
editor_tool_get_options (EditorTool *self)
{
  g_return_val_if_fail (EDITOR_IS_TOOL (self), NULL);

  if (EDITOR_TOOL_GET_CLASS (self)->get_options)
    return EDITOR_TOOL_GET_CLASS (self)->get_options (self);
  return NULL;
}

void
editor_tool_set_int_field (GObject      *object,
                           int          *field,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  if (*field == g_value_get_int (value))
    return;
  *field = g_value_get_int (value);
  g_object_notify_by_pspec (object, pspec);
}

void
editor_tool_set_boolean_field (GObject      *object,
                               gboolean     *field,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  if (*field == g_value_get_boolean (value))
    return;
  *field = g_value_get_boolean (value);
  g_object_notify_by_pspec (object, pspec);
}
