/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool-palette.c: the tool palette.
 *
 * Each button shows its icon, its name and its key: a wargame designer
 * new to the editor reads "Hexsides  H" where an icon strip would leave
 * them guessing, and learns the shortcut by seeing it.
 */
#include "config.h"

#include "editor-resources.h"

#include <glib/gi18n.h>

#include "editor-tool-chooser.h"
#include "editor-tool-connection.h"
#include "editor-tool-country.h"
#include "editor-tool-eraser.h"
#include "editor-tool-eyedropper.h"
#include "editor-tool-fill.h"
#include "editor-tool-hexside.h"
#include "editor-tool-marker.h"
#include "editor-tool-palette.h"
#include "editor-tool-select.h"
#include "editor-tool-setup.h"
#include "editor-tool-terrain.h"

struct _EditorToolPalette
{
  GtkWidget parent_instance;

  EditorDocument *document;
  GPtrArray *tools;      /* EditorTool*, palette order */
  GPtrArray *buttons;    /* GtkToggleButton*, same order */
  EditorTool *active;
  EditorTool *before_eyedropper;
  gboolean updating;
  /* The tool keys, on the window, so they keep working while the palette
   * is hidden (F9) or another side page shows. */
  GtkEventController *shortcuts;
  GtkWidget *shortcuts_root;

  /* Template children */
  GtkStack *options_stack;
  GtkLabel *title_label;
  GtkBox *tool_box;
};

G_DEFINE_FINAL_TYPE (EditorToolPalette, editor_tool_palette, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_ACTIVE_TOOL,
  N_PROPS
};

enum {
  SIGNAL_SELECTION_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static int
tool_index (EditorToolPalette *self,
            const char        *id)
{
  for (guint i = 0; i < self->tools->len; i++)
    if (g_strcmp0 (editor_tool_get_id (g_ptr_array_index (self->tools, i)), id) == 0)
      return (int) i;
  return -1;
}

static void
set_active (EditorToolPalette *self,
            guint              index)
{
  EditorTool *tool = g_ptr_array_index (self->tools, index);

  if (self->active == tool)
    return;

  /* The eyedropper goes back to the painting tool it was picked from. */
  if (EDITOR_IS_TOOL_EYEDROPPER (tool))
    self->before_eyedropper = self->active;

  self->active = tool;
  self->updating = TRUE;
  gtk_toggle_button_set_active (g_ptr_array_index (self->buttons, index), TRUE);
  self->updating = FALSE;
  /* The tools are one stop for Tab, the active one; the arrows choose
   * among them (tool_keys_cb), as in a group of radio buttons. */
  for (guint i = 0; i < self->buttons->len; i++)
    gtk_widget_set_focusable (g_ptr_array_index (self->buttons, i), i == index);
  gtk_stack_set_visible_child_name (self->options_stack, editor_tool_get_id (tool));
  gtk_label_set_text (self->title_label, editor_tool_get_name (tool));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE_TOOL]);
}

static void
button_toggled_cb (GtkToggleButton   *button,
                   EditorToolPalette *self)
{
  guint index;

  if (self->updating || !gtk_toggle_button_get_active (button))
    return;
  if (g_ptr_array_find (self->buttons, button, &index))
    set_active (self, index);
}

static gboolean
tool_keys_cb (GtkEventControllerKey *controller,
              guint                  keyval,
              guint                  keycode,
              GdkModifierType        state,
              EditorToolPalette     *self)
{
  guint index = 0, n = self->buttons->len;
  GtkWidget *button;

  if ((state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK)) != 0 || n == 0
      || !g_ptr_array_find (self->tools, self->active, &index))
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Up: case GDK_KEY_KP_Up: case GDK_KEY_Left: case GDK_KEY_KP_Left:
      index = (index + n - 1) % n;
      break;
    case GDK_KEY_Down: case GDK_KEY_KP_Down: case GDK_KEY_Right: case GDK_KEY_KP_Right:
      index = (index + 1) % n;
      break;
    case GDK_KEY_Home: case GDK_KEY_KP_Home:
      index = 0;
      break;
    case GDK_KEY_End: case GDK_KEY_KP_End:
      index = n - 1;
      break;
    default:
      return FALSE;
    }
  set_active (self, index);
  button = g_ptr_array_index (self->buttons, index);
  gtk_widget_grab_focus (button);
  return TRUE;
}

static void
eyedropper_picked_cb (EditorTool        *eyedropper,
                      int                hex,
                      int                terrain,
                      int                country,
                      EditorToolPalette *self)
{
  EditorTool *back = self->before_eyedropper;

  editor_tool_terrain_set_terrain (EDITOR_TOOL_TERRAIN (editor_tool_palette_get_tool (self,
                                                                                      "terrain")),
                                   terrain);
  editor_tool_country_set_country (EDITOR_TOOL_COUNTRY (editor_tool_palette_get_tool (self,
                                                                                      "country")),
                                   country);
  if (EDITOR_IS_TOOL_TERRAIN (back) || EDITOR_IS_TOOL_FILL (back) || EDITOR_IS_TOOL_COUNTRY (back))
    editor_tool_palette_select_tool (self, editor_tool_get_id (back));
}

static void
selection_changed_cb (EditorTool        *select,
                      int                hex,
                      int                side_hex,
                      int                side_dir,
                      EditorToolPalette *self)
{
  g_signal_emit (self, signals[SIGNAL_SELECTION_CHANGED], 0, hex, side_hex, side_dir);
}

static GtkWidget *
make_button (EditorTool *tool)
{
  GtkWidget *button = gtk_toggle_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *name = gtk_label_new (editor_tool_get_name (tool));
  g_autofree char *key = g_ascii_strup (editor_tool_get_accel (tool), -1);
  GtkWidget *accel = gtk_label_new (key);
  g_autofree char *tooltip = NULL;

  gtk_box_append (GTK_BOX (box), gtk_image_new_from_icon_name (editor_tool_get_icon_name (tool)));
  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_widget_set_hexpand (name, TRUE);
  gtk_box_append (GTK_BOX (box), name);
  gtk_widget_add_css_class (accel, "dim-label");
  gtk_widget_add_css_class (accel, "caption");
  gtk_box_append (GTK_BOX (box), accel);
  gtk_button_set_child (GTK_BUTTON (button), box);

  /* Translators: a tool's tooltip: its name, its key, then what it does. */
  tooltip = g_strdup_printf (_("%s (%s)\n%s"), editor_tool_get_name (tool), key,
                             editor_tool_get_hint (tool));
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, editor_tool_get_name (tool),
                                  GTK_ACCESSIBLE_PROPERTY_KEY_SHORTCUTS, key,
                                  -1);
  return button;
}

static void
add_tool (EditorToolPalette *self,
          EditorTool        *tool)
{
  GtkWidget *button = make_button (tool);
  GtkWidget *options = editor_tool_get_options (tool);

  if (self->buttons->len > 0)
    gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button),
                                 g_ptr_array_index (self->buttons, 0));
  g_signal_connect (button, "toggled", G_CALLBACK (button_toggled_cb), self);
  gtk_box_append (self->tool_box, button);
  g_ptr_array_add (self->tools, tool);
  g_ptr_array_add (self->buttons, button);
  gtk_stack_add_named (self->options_stack, options ? options : gtk_label_new (NULL),
                       editor_tool_get_id (tool));
}

static void
select_tool_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  editor_tool_palette_select_tool (EDITOR_TOOL_PALETTE (widget),
                                   g_variant_get_string (parameter, NULL));
}

static void
brush_size_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  EditorToolPalette *self = EDITOR_TOOL_PALETTE (widget);
  int delta = g_str_equal (action_name, "palette.brush-larger") ? 1 : -1;
  int radius;

  if (g_object_class_find_property (G_OBJECT_GET_CLASS (self->active), "radius") == NULL)
    return;
  g_object_get (self->active, "radius", &radius, NULL);
  g_object_set (self->active, "radius", CLAMP (radius + delta, 0, 2), NULL);
}

static GtkWidget *
find_chooser (GtkWidget *widget)
{
  /* The visible one: the fill shows either terrains or countries. */
  if (widget == NULL || !gtk_widget_get_visible (widget))
    return NULL;
  if (EDITOR_IS_TOOL_CHOOSER (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *chooser = find_chooser (child);

      if (chooser != NULL)
        return chooser;
    }
  return NULL;
}

/* 1–9 pick the terrain, country or feature listed with that number in the
 * active tool's options, or the marker kind: switching terrain is what a
 * designer painting a map does most. */
static void
choose_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  EditorToolPalette *self = EDITOR_TOOL_PALETTE (widget);
  int n = g_variant_get_int32 (parameter);
  GtkWidget *chooser = find_chooser (editor_tool_get_options (self->active));

  if (n < 1)
    return;
  if (chooser != NULL)
    editor_tool_chooser_select_nth (EDITOR_TOOL_CHOOSER (chooser), n - 1);
  else if (EDITOR_IS_TOOL_MARKER (self->active) && n <= EDITOR_N_MARKERS)
    g_object_set (self->active, "kind", n - 1, NULL);
}

static gboolean
select_tool_shortcut_cb (GtkWidget *widget,
                         GVariant  *args,
                         gpointer   user_data)
{
  return gtk_widget_activate_action_variant (GTK_WIDGET (user_data), "palette.select-tool", args);
}

static gboolean
choose_shortcut_cb (GtkWidget *widget,
                    GVariant  *args,
                    gpointer   user_data)
{
  return gtk_widget_activate_action_variant (GTK_WIDGET (user_data), "palette.choose", args);
}

static gboolean
smaller_shortcut_cb (GtkWidget *widget,
                     GVariant  *args,
                     gpointer   user_data)
{
  return gtk_widget_activate_action_variant (GTK_WIDGET (user_data), "palette.brush-smaller",
                                             NULL);
}

static gboolean
larger_shortcut_cb (GtkWidget *widget,
                    GVariant  *args,
                    gpointer   user_data)
{
  return gtk_widget_activate_action_variant (GTK_WIDGET (user_data), "palette.brush-larger",
                                             NULL);
}

static void
add_shortcut (GtkEventController *controller,
              GtkShortcutTrigger *trigger,
              GtkShortcutFunc     func,
              gpointer            self,
              GVariant           *args)
{
  GtkShortcut *shortcut = gtk_shortcut_new (trigger, gtk_callback_action_new (func, self, NULL));

  if (args != NULL)
    gtk_shortcut_set_arguments (shortcut, args);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
}

/* The controller lives on the window; text fields still get their letters,
 * since they handle keys before the window's bubble phase. */
static GtkEventController *
make_shortcuts (EditorToolPalette *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_name (controller, "editor-tool-palette-shortcuts");
  for (guint i = 0; i < self->tools->len; i++)
    {
      EditorTool *tool = g_ptr_array_index (self->tools, i);
      guint keyval = gdk_keyval_from_name (editor_tool_get_accel (tool));

      if (keyval != GDK_KEY_VoidSymbol)
        add_shortcut (controller, gtk_keyval_trigger_new (keyval, 0), select_tool_shortcut_cb,
                      self, g_variant_new_string (editor_tool_get_id (tool)));
    }
  for (int n = 1; n <= 9; n++)
    add_shortcut (controller,
                  gtk_alternative_trigger_new (gtk_keyval_trigger_new (GDK_KEY_0 + n, 0),
                                               gtk_keyval_trigger_new (GDK_KEY_KP_0 + n, 0)),
                  choose_shortcut_cb, self, g_variant_new_int32 (n));
  add_shortcut (controller, gtk_keyval_trigger_new (GDK_KEY_bracketleft, 0),
                smaller_shortcut_cb, self, NULL);
  add_shortcut (controller, gtk_keyval_trigger_new (GDK_KEY_bracketright, 0),
                larger_shortcut_cb, self, NULL);
  return controller;
}

static void
editor_tool_palette_root (GtkWidget *widget)
{
  EditorToolPalette *self = EDITOR_TOOL_PALETTE (widget);

  GTK_WIDGET_CLASS (editor_tool_palette_parent_class)->root (widget);

  self->shortcuts_root = GTK_WIDGET (gtk_widget_get_root (widget));
  self->shortcuts = make_shortcuts (self);
  gtk_widget_add_controller (self->shortcuts_root, self->shortcuts);
}

static void
editor_tool_palette_unroot (GtkWidget *widget)
{
  EditorToolPalette *self = EDITOR_TOOL_PALETTE (widget);

  if (self->shortcuts != NULL)
    gtk_widget_remove_controller (self->shortcuts_root, self->shortcuts);
  self->shortcuts = NULL;
  self->shortcuts_root = NULL;

  GTK_WIDGET_CLASS (editor_tool_palette_parent_class)->unroot (widget);
}

static void
editor_tool_palette_dispose (GObject *object)
{
  EditorToolPalette *self = EDITOR_TOOL_PALETTE (object);
  GtkWidget *child;

  if (self->tools != NULL)
    for (guint i = 0; i < self->tools->len; i++)
      g_signal_handlers_disconnect_by_data (g_ptr_array_index (self->tools, i), self);
  gtk_widget_dispose_template (GTK_WIDGET (self), EDITOR_TYPE_TOOL_PALETTE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->buttons, g_ptr_array_unref);
  g_clear_pointer (&self->tools, g_ptr_array_unref);
  g_clear_object (&self->document);
  self->active = NULL;
  self->before_eyedropper = NULL;

  G_OBJECT_CLASS (editor_tool_palette_parent_class)->dispose (object);
}

static void
editor_tool_palette_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  EditorToolPalette *self = EDITOR_TOOL_PALETTE (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_ACTIVE_TOOL:
      g_value_set_object (value, self->active);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_tool_palette_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  EditorToolPalette *self = EDITOR_TOOL_PALETTE (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      editor_tool_palette_set_document (self, g_value_get_object (value));
      break;
    case PROP_ACTIVE_TOOL:
      {
        EditorTool *tool = g_value_get_object (value);
        guint index;

        if (tool != NULL && g_ptr_array_find (self->tools, tool, &index))
          set_active (self, index);
      }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_tool_palette_class_init (EditorToolPaletteClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = editor_tool_palette_dispose;
  object_class->get_property = editor_tool_palette_get_property;
  object_class->set_property = editor_tool_palette_set_property;
  widget_class->root = editor_tool_palette_root;
  widget_class->unroot = editor_tool_palette_unroot;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, EDITOR_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ACTIVE_TOOL] =
    g_param_spec_object ("active-tool", NULL, NULL, EDITOR_TYPE_TOOL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_SELECTION_CHANGED] =
    g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT);

  /* Pull the resources in: the library is static. */
  (void) editor_get_resource ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/sandtable/Sandtable/"
                                               "ui/editor-tool-palette.ui");
  gtk_widget_class_bind_template_child (widget_class, EditorToolPalette, options_stack);
  gtk_widget_class_bind_template_child (widget_class, EditorToolPalette, title_label);
  gtk_widget_class_bind_template_child (widget_class, EditorToolPalette, tool_box);

  gtk_widget_class_install_action (widget_class, "palette.select-tool", "s",
                                   select_tool_action);
  gtk_widget_class_install_action (widget_class, "palette.choose", "i", choose_action);
  gtk_widget_class_install_action (widget_class, "palette.brush-smaller", NULL,
                                   brush_size_action);
  gtk_widget_class_install_action (widget_class, "palette.brush-larger", NULL,
                                   brush_size_action);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "toolpalette");
}

static void
editor_tool_palette_init (EditorToolPalette *self)
{
  static gboolean icons_added;
  GtkLayoutManager *layout;
  EditorTool *terrain, *fill, *country;

  /* The application adds its resource icons; tests and other hosts may
   * not have a GApplication with our resource base path. */
  if (!icons_added && gdk_display_get_default () != NULL)
    {
      gtk_icon_theme_add_resource_path (gtk_icon_theme_get_for_display (
                                          gdk_display_get_default ()),
                                        "/io/github/sandtable/Sandtable/icons");
      icons_added = TRUE;
    }

  gtk_widget_init_template (GTK_WIDGET (self));
  layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);

  self->tools = g_ptr_array_new_with_free_func (g_object_unref);
  self->buttons = g_ptr_array_new ();

  terrain = editor_tool_terrain_new ();
  fill = editor_tool_fill_new ();
  /* Brush and fill share one terrain, as paint programs share a colour. */
  g_object_bind_property (terrain, "terrain", fill, "terrain",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  country = editor_tool_country_new ();
  g_object_bind_property (country, "country", fill, "country",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  add_tool (self, terrain);
  add_tool (self, fill);
  add_tool (self, editor_tool_eyedropper_new ());
  add_tool (self, country);
  add_tool (self, editor_tool_eraser_new ());
  add_tool (self, editor_tool_hexside_new ());
  add_tool (self, editor_tool_road_new ());
  add_tool (self, editor_tool_rail_new ());
  add_tool (self, editor_tool_marker_new ());
  add_tool (self, editor_tool_select_new ());
  add_tool (self, editor_tool_setup_new ());

  {
    GtkEventController *keys = gtk_event_controller_key_new ();

    g_signal_connect (keys, "key-pressed", G_CALLBACK (tool_keys_cb), self);
    gtk_widget_add_controller (GTK_WIDGET (self->tool_box), keys);
  }

  g_signal_connect (editor_tool_palette_get_tool (self, "eyedropper"), "picked",
                    G_CALLBACK (eyedropper_picked_cb), self);
  g_signal_connect (editor_tool_palette_get_tool (self, "select"), "selection-changed",
                    G_CALLBACK (selection_changed_cb), self);

  set_active (self, 0);
}

GtkWidget *
editor_tool_palette_new (void)
{
  return g_object_new (EDITOR_TYPE_TOOL_PALETTE, NULL);
}

void
editor_tool_palette_set_document (EditorToolPalette *self,
                                  EditorDocument    *document)
{
  g_return_if_fail (EDITOR_IS_TOOL_PALETTE (self));
  g_return_if_fail (document == NULL || EDITOR_IS_DOCUMENT (document));

  if (!g_set_object (&self->document, document))
    return;
  for (guint i = 0; i < self->tools->len; i++)
    editor_tool_set_document (g_ptr_array_index (self->tools, i), document);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

EditorDocument *
editor_tool_palette_get_document (EditorToolPalette *self)
{
  g_return_val_if_fail (EDITOR_IS_TOOL_PALETTE (self), NULL);
  return self->document;
}

EditorTool *
editor_tool_palette_get_active_tool (EditorToolPalette *self)
{
  g_return_val_if_fail (EDITOR_IS_TOOL_PALETTE (self), NULL);
  return self->active;
}

gboolean
editor_tool_palette_select_tool (EditorToolPalette *self,
                                 const char        *id)
{
  int index;

  g_return_val_if_fail (EDITOR_IS_TOOL_PALETTE (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  index = tool_index (self, id);
  if (index < 0)
    return FALSE;
  set_active (self, index);
  return TRUE;
}

EditorTool *
editor_tool_palette_get_tool (EditorToolPalette *self,
                              const char        *id)
{
  int index;

  g_return_val_if_fail (EDITOR_IS_TOOL_PALETTE (self), NULL);

  index = tool_index (self, id);
  return index < 0 ? NULL : g_ptr_array_index (self->tools, index);
}

GPtrArray *
editor_tool_palette_get_tools (EditorToolPalette *self)
{
  g_return_val_if_fail (EDITOR_IS_TOOL_PALETTE (self), NULL);
  return self->tools;
}
