/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool-marker-options.c: the marker tool's options — the kind and
 * only that kind's fields (side, zone with its New Zone popover, edge,
 * strength, name, capacity, group, value), bound to the tool's properties. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "editor-tool-chooser.h"
#include "editor-tool-marker-private.h"
#include "sand-ruleset-labels.h"

/* Options. */

void
_editor_tool_marker_update_visible_fields (EditorToolMarker *self)
{
  guint fields;

  if (self->grid == NULL)
    return;
  fields = _editor_tool_marker_kinds[self->kind].fields;
  for (GtkWidget *child = gtk_widget_get_first_child (self->grid);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      guint field = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (child), "field"));

      if (field != 0)
        gtk_widget_set_visible (child, (fields & field) != 0);
    }
  gtk_label_set_text (GTK_LABEL (self->hint), _(_editor_tool_marker_kinds[self->kind].hint));
}

void
_editor_tool_marker_rebuild_sides (EditorToolMarker *self)
{
  EditorDocument *document = editor_tool_get_document (EDITOR_TOOL (self));
  SandRuleset *ruleset;
  guint n;

  if (self->side_model == NULL)
    return;
  self->updating = TRUE;
  gtk_string_list_splice (self->side_model, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->side_model)), NULL);
  gtk_string_list_append (self->side_model, _("None"));
  if (document != NULL)
    {
      ruleset = sand_map_get_ruleset (editor_document_get_map (document));
      n = sand_ruleset_n_sides (ruleset);
      for (guint i = 0; i < n; i++)
        gtk_string_list_append (self->side_model, sand_ruleset_side_label (ruleset, i));
    }
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->side_dropdown), self->side + 1);
  if (self->new_zone_side != NULL)
    gtk_drop_down_set_selected (GTK_DROP_DOWN (self->new_zone_side), 0);
  self->updating = FALSE;
}

void
_editor_tool_marker_rebuild_zones (EditorToolMarker *self)
{
  guint n, selected = GTK_INVALID_LIST_POSITION;

  if (self->zone_model == NULL)
    return;
  self->updating = TRUE;
  gtk_string_list_splice (self->zone_model, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->zone_model)), NULL);
  n = self->map ? sand_map_n_zones (self->map) : 0;
  for (guint i = 0; i < n; i++)
    {
      const SandZoneDef *z = sand_map_get_zone (self->map, i);

      gtk_string_list_append (self->zone_model, z->name ? z->name : z->id);
      if (g_strcmp0 (z->id, self->zone) == 0)
        selected = i;
    }
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->zone_dropdown), selected);
  self->updating = FALSE;

  /* Paint into the first zone until the designer picks another. */
  if (selected == GTK_INVALID_LIST_POSITION)
    g_object_set (self, "zone", n > 0 ? sand_map_get_zone (self->map, 0)->id : NULL, NULL);
}

void
_editor_tool_marker_map_changed_cb (SandMap          *map,
                                    int               col0,
                                    int               row0,
                                    int               col1,
                                    int               row1,
                                    EditorToolMarker *self)
{
  GListModel *model = self->zone_model ? G_LIST_MODEL (self->zone_model) : NULL;

  /* Zones change rarely; rebuild only when their count does. */
  if (model != NULL && g_list_model_get_n_items (model) != sand_map_n_zones (map))
    _editor_tool_marker_rebuild_zones (self);
}

static void
side_selected_cb (GtkDropDown      *dropdown,
                  GParamSpec       *pspec,
                  EditorToolMarker *self)
{
  guint pos = gtk_drop_down_get_selected (dropdown);

  if (!self->updating && pos != GTK_INVALID_LIST_POSITION)
    g_object_set (self, "side", (int) pos - 1, NULL);
}

static void
zone_selected_cb (GtkDropDown      *dropdown,
                  GParamSpec       *pspec,
                  EditorToolMarker *self)
{
  guint pos = gtk_drop_down_get_selected (dropdown);

  if (!self->updating && self->map != NULL && pos < sand_map_n_zones (self->map))
    g_object_set (self, "zone", sand_map_get_zone (self->map, pos)->id, NULL);
}

static void
kind_selected_cb (GtkDropDown      *dropdown,
                  GParamSpec       *pspec,
                  EditorToolMarker *self)
{
  guint pos = gtk_drop_down_get_selected (dropdown);

  if (pos < EDITOR_N_MARKERS)
    g_object_set (self, "kind", (int) pos, NULL);
}

static void
edge_selected_cb (GtkDropDown      *dropdown,
                  GParamSpec       *pspec,
                  EditorToolMarker *self)
{
  guint pos = gtk_drop_down_get_selected (dropdown);

  if (pos < G_N_ELEMENTS (_editor_tool_marker_edge_ids))
    g_object_set (self, "edge", _editor_tool_marker_edge_ids[pos], NULL);
}

static gboolean
capacity_output_cb (GtkSpinButton *spin,
                    gpointer       user_data)
{
  if (gtk_spin_button_get_value_as_int (spin) < 0)
    {
      /* The spin button itself refuses text while it formats its value. */
      gtk_editable_set_text (gtk_editable_get_delegate (GTK_EDITABLE (spin)), _("Unlimited"));
      return TRUE;
    }
  return FALSE;
}

static int
capacity_input_cb (GtkSpinButton *spin,
                   double        *new_value,
                   gpointer       user_data)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));

  if (g_ascii_strcasecmp (text, _("Unlimited")) == 0 || text[0] == '\0')
    {
      *new_value = -1;
      return TRUE;
    }
  return FALSE;
}

/* From the Create button or Enter in the name field. */
static void
new_zone_create_cb (GtkWidget        *widget,
                    EditorToolMarker *self)
{
  EditorDocument *document = editor_tool_get_document (EDITOR_TOOL (self));
  const char *name = gtk_editable_get_text (GTK_EDITABLE (self->new_zone_name));
  guint side_pos = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->new_zone_side));
  const GdkRGBA *rgba;
  GdkRGBA color;
  g_autofree char *base = NULL;
  g_autofree char *id = NULL;
  g_autofree char *hex_color = NULL;

  if (document == NULL || name[0] == '\0')
    return;

  /* A stable id from the name, made unique: ids are what files and
   * orders of battle refer to. */
  base = g_utf8_strdown (name, -1);
  for (char *p = base; *p; p++)
    if (!g_ascii_isalnum (*p))
      *p = '-';
  id = g_strdup (base);
  for (int i = 2; sand_map_find_zone (editor_document_get_map (document), id) >= 0; i++)
    {
      g_free (id);
      id = g_strdup_printf ("%s-%d", base, i);
    }
  gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (self->new_zone_color), &color);
  rgba = &color;
  hex_color = g_strdup_printf ("#%02x%02x%02x", (int) (rgba->red * 255 + 0.5),
                               (int) (rgba->green * 255 + 0.5), (int) (rgba->blue * 255 + 0.5));
  editor_document_add_zone (document, id, name, (int) side_pos - 1, hex_color);
  g_object_set (self, "zone", id, NULL);
  _editor_tool_marker_rebuild_zones (self);
  gtk_editable_set_text (GTK_EDITABLE (self->new_zone_name), "");
  gtk_popover_popdown (GTK_POPOVER (self->new_zone_popover));
}

static void
ellipsized_setup_cb (GtkSignalListItemFactory *factory,
                     GtkListItem              *item,
                     gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  if (GPOINTER_TO_INT (user_data))
    gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_list_item_set_child (item, label);
}

static void
ellipsized_bind_cb (GtkSignalListItemFactory *factory,
                    GtkListItem              *item,
                    gpointer                  user_data)
{
  GtkStringObject *string = gtk_list_item_get_item (item);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)),
                      gtk_string_object_get_string (string));
  gtk_widget_set_tooltip_text (gtk_list_item_get_child (item),
                               gtk_string_object_get_string (string));
}

static GtkListItemFactory *
label_factory_new (gboolean ellipsize)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (ellipsized_setup_cb),
                    GINT_TO_POINTER (ellipsize));
  g_signal_connect (factory, "bind", G_CALLBACK (ellipsized_bind_cb), NULL);
  return factory;
}

static GtkWidget *
new_zone_button (EditorToolMarker *self)
{
  GtkWidget *button = gtk_menu_button_new ();
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *create = gtk_button_new_with_mnemonic (_("_Create Zone"));
  GtkWidget *label;
  GdkRGBA default_color = { 0.85, 0.55, 0.1, 1 };

  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "list-add-symbolic");
  gtk_widget_set_tooltip_text (button, _("New set-up zone"));
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 6);

  label = gtk_label_new (_("Name"));
  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_grid_attach (GTK_GRID (grid), label, 0, 0, 1, 1);
  self->new_zone_name = gtk_entry_new ();
  gtk_entry_set_placeholder_text (GTK_ENTRY (self->new_zone_name), _("e.g. Mobilisation Area 1"));
  gtk_grid_attach (GTK_GRID (grid), self->new_zone_name, 1, 0, 1, 1);

  label = gtk_label_new (_("Side"));
  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_grid_attach (GTK_GRID (grid), label, 0, 1, 1, 1);
  self->new_zone_side = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (self->side_model)), NULL);
  gtk_grid_attach (GTK_GRID (grid), self->new_zone_side, 1, 1, 1, 1);

  label = gtk_label_new (_("Colour"));
  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_grid_attach (GTK_GRID (grid), label, 0, 2, 1, 1);
  self->new_zone_color = gtk_color_button_new_with_rgba (&default_color);
  gtk_widget_set_halign (self->new_zone_color, GTK_ALIGN_START);
  gtk_grid_attach (GTK_GRID (grid), self->new_zone_color, 1, 2, 1, 1);

  gtk_widget_add_css_class (create, "suggested-action");
  gtk_grid_attach (GTK_GRID (grid), create, 0, 3, 2, 1);
  g_signal_connect (create, "clicked", G_CALLBACK (new_zone_create_cb), self);
  g_signal_connect (self->new_zone_name, "activate", G_CALLBACK (new_zone_create_cb), self);

  gtk_popover_set_child (GTK_POPOVER (popover), grid);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (button), popover);
  self->new_zone_popover = popover;
  return button;
}

static void
name_activate_cb (GtkEntry         *entry,
                  EditorToolMarker *self)
{
  EditorDocument *document = editor_tool_get_document (EDITOR_TOOL (self));
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));

  if (self->kind != EDITOR_MARKER_PLACE || self->place_hex < 0 || document == NULL
      || self->place_hex >= sand_grid_n_hexes (sand_map_get_grid (
                                                 editor_document_get_map (document))))
    return;
  editor_document_begin_edit (document, _("Name Place"));
  editor_document_set_place (document, self->place_hex, text[0] ? text : NULL);
  editor_document_end_edit (document);
  self->place_hex = -1;
  gtk_editable_set_text (GTK_EDITABLE (entry), "");
}

static void
attach_row (EditorToolMarker *self,
            int               row,
            guint             field,
            const char       *label_text,
            GtkWidget        *widget)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (label_text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), widget);
  gtk_widget_set_hexpand (widget, TRUE);
  g_object_set_data (G_OBJECT (label), "field", GUINT_TO_POINTER (field));
  g_object_set_data (G_OBJECT (widget), "field", GUINT_TO_POINTER (field));
  /* Label above its field: the palette is narrow, zone names are long. */
  gtk_widget_add_css_class (label, "caption-heading");
  gtk_grid_attach (GTK_GRID (self->grid), label, 0, 2 * row, 1, 1);
  gtk_grid_attach (GTK_GRID (self->grid), widget, 0, 2 * row + 1, 1, 1);
}

static GtkWidget *
spin_for (EditorToolMarker *self,
          const char       *property,
          int               min,
          int               max)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (min, max, 1);

  g_object_bind_property (self, property, spin, "value",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  return spin;
}

/* An entry's text may not be NULL. */
static gboolean
null_to_empty (GBinding     *binding,
               const GValue *from,
               GValue       *to,
               gpointer      user_data)
{
  const char *text = g_value_get_string (from);

  g_value_set_string (to, text ? text : "");
  return TRUE;
}

static GtkWidget *
entry_for (EditorToolMarker *self,
           const char       *property,
           const char       *placeholder)
{
  GtkWidget *entry = gtk_entry_new ();

  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), placeholder);
  g_object_bind_property_full (self, property, entry, "text",
                               G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE,
                               null_to_empty, NULL, NULL, NULL);
  return entry;
}

GtkWidget *
_editor_tool_marker_get_options (EditorTool *tool)
{
  EditorToolMarker *self = EDITOR_TOOL_MARKER (tool);
  GtkWidget *box, *kind_dropdown, *edge_dropdown, *capacity, *zone_box;
  g_autoptr(GtkStringList) kind_model = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) edge_model = gtk_string_list_new (NULL);
  int row = 0;

  if (self->options != NULL)
    return self->options;

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->options = g_object_ref_sink (box);

  for (guint i = 0; i < EDITOR_N_MARKERS; i++)
    gtk_string_list_append (kind_model, _(_editor_tool_marker_kinds[i].label));
  kind_dropdown = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&kind_model)), NULL);
  self->kind_dropdown = kind_dropdown;
  gtk_drop_down_set_selected (GTK_DROP_DOWN (kind_dropdown), self->kind);
  gtk_accessible_update_property (GTK_ACCESSIBLE (kind_dropdown),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Marker kind"), -1);
  g_signal_connect (kind_dropdown, "notify::selected", G_CALLBACK (kind_selected_cb), self);
  gtk_box_append (GTK_BOX (box), editor_tool_options_heading (_("Marker")));
  gtk_box_append (GTK_BOX (box), kind_dropdown);

  self->grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (self->grid), 4);
  gtk_widget_set_margin_top (self->grid, 6);
  gtk_box_append (GTK_BOX (box), self->grid);

  self->side_model = gtk_string_list_new (NULL);
  self->side_dropdown = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (self->side_model)), NULL);
  g_signal_connect (self->side_dropdown, "notify::selected", G_CALLBACK (side_selected_cb), self);
  attach_row (self, row++, FIELD_SIDE, _("_Side"), self->side_dropdown);

  self->zone_model = gtk_string_list_new (NULL);
  self->zone_dropdown = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (self->zone_model)), NULL);
  gtk_widget_set_hexpand (self->zone_dropdown, TRUE);
  {
    g_autoptr(GtkListItemFactory) factory = label_factory_new (TRUE);
    g_autoptr(GtkListItemFactory) list_factory = label_factory_new (FALSE);

    /* Zone names such as "German mobilisation area 1" must not widen the
     * palette: ellipsized on the button, whole in the popup. */
    gtk_drop_down_set_factory (GTK_DROP_DOWN (self->zone_dropdown), factory);
    gtk_drop_down_set_list_factory (GTK_DROP_DOWN (self->zone_dropdown), list_factory);
  }
  g_signal_connect (self->zone_dropdown, "notify::selected", G_CALLBACK (zone_selected_cb), self);
  zone_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  gtk_box_append (GTK_BOX (zone_box), self->zone_dropdown);
  gtk_box_append (GTK_BOX (zone_box), new_zone_button (self));
  attach_row (self, row++, FIELD_ZONE, _("_Zone"), zone_box);

  for (guint i = 0; i < G_N_ELEMENTS (_editor_tool_marker_edge_ids); i++)
    gtk_string_list_append (edge_model, _editor_tool_marker_edge_label (i));
  edge_dropdown = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&edge_model)), NULL);
  self->edge_dropdown = edge_dropdown;
  g_signal_connect (edge_dropdown, "notify::selected", G_CALLBACK (edge_selected_cb), self);
  attach_row (self, row++, FIELD_EDGE, _("_Edge"), edge_dropdown);

  attach_row (self, row++, FIELD_STRENGTH, _("S_trength"), spin_for (self, "strength", 0, 99));
  self->name_entry = entry_for (self, "marker-name", _("e.g. Metz"));
  g_signal_connect (self->name_entry, "activate", G_CALLBACK (name_activate_cb), self);
  attach_row (self, row++, FIELD_NAME, _("_Name"), self->name_entry);
  capacity = spin_for (self, "capacity", -1, 999);
  gtk_widget_set_tooltip_text (capacity, _("How many units it can supply; Unlimited below 0"));
  g_signal_connect (capacity, "output", G_CALLBACK (capacity_output_cb), NULL);
  g_signal_connect (capacity, "input", G_CALLBACK (capacity_input_cb), NULL);
  gtk_editable_set_width_chars (GTK_EDITABLE (capacity), 9);
  {
    gboolean handled;

    /* Show "Unlimited" now, not after the first change. */
    g_signal_emit_by_name (capacity, "output", &handled);
  }
  attach_row (self, row++, FIELD_CAPACITY, _("_Capacity"), capacity);
  attach_row (self, row++, FIELD_GROUP, _("_Group"),
              entry_for (self, "group", _("Entry group or connection")));
  attach_row (self, row++, FIELD_VALUE, _("_Value"), spin_for (self, "value", -99, 999));

  self->hint = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->hint), TRUE);
  /* Wrapped text must not ask for the width of its whole line. */
  gtk_label_set_max_width_chars (GTK_LABEL (self->hint), 24);
  gtk_label_set_xalign (GTK_LABEL (self->hint), 0);
  gtk_widget_add_css_class (self->hint, "dim-label");
  gtk_box_append (GTK_BOX (box), self->hint);

  _editor_tool_marker_rebuild_sides (self);
  _editor_tool_marker_rebuild_zones (self);
  _editor_tool_marker_update_visible_fields (self);
  return box;
}
