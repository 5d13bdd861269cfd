/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "editor-counter-mix.h"
#include "editor-oob-panel-private.h"
#include "editor-setup-panel.h"
#include "sand-ruleset-labels.h"


G_DEFINE_FINAL_TYPE (EditorOobPanel, editor_oob_panel, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_OOB,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void rebuild (EditorOobPanel *self);
/* Rows are rebuilt in an idle, never from inside their own signal. */

SandOob *
_editor_oob_panel_current (EditorOobPanel *self)
{
  if (self->scenario == NULL || self->oob < 0
      || (guint) self->oob >= sand_scenario_n_oobs (self->scenario))
    return NULL;
  return sand_scenario_get_oob (self->scenario, self->oob);
}

static const char *
side_name (EditorOobPanel *self,
           int             side)
{
  SandRuleset *rs = sand_scenario_get_ruleset (self->scenario);

  if (side < 0 || (guint) side >= sand_ruleset_n_sides (rs))
    return "?";
  return sand_ruleset_side_label (rs, side);
}

/* Replaces the current OOB with @copy as one step, without rebuilding the
 * rows that made the change. */
void
_editor_oob_panel_commit (EditorOobPanel *self,
                          SandOob        *copy,
                          const char     *label)
{
  editor_document_begin_edit (self->document, label);
  self->own_edit++;
  editor_document_replace_oob (self->document, self->oob, copy);
  self->own_edit--;
  editor_document_end_edit (self->document);
}

guint
_editor_oob_panel_row_index (GtkWidget *widget)
{
  return GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (widget), "row-index"));
}

void
_editor_oob_panel_set_row_index (GtkWidget *widget,
                                 guint      index)
{
  g_object_set_data (G_OBJECT (widget), "row-index", GUINT_TO_POINTER (index));
}

/* Entry flag groups and zones a side may use. */
GPtrArray *
_editor_oob_panel_entry_groups (EditorOobPanel *self,
                                int             side)
{
  GPtrArray *groups = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < sand_map_n_markers (self->map); i++)
    {
      const SandMarker *m = sand_map_get_marker (self->map, i);
      gboolean seen = FALSE;

      if (m->kind != SAND_MARKER_ENTRY || m->group == NULL || (m->side >= 0 && m->side != side))
        continue;
      for (guint g = 0; g < groups->len && !seen; g++)
        seen = g_str_equal (g_ptr_array_index (groups, g), m->group);
      if (!seen)
        g_ptr_array_add (groups, g_strdup (m->group));
    }
  return groups;
}

GtkStringList *
_editor_oob_panel_zone_names (EditorOobPanel *self,
                              const char     *first)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  if (first != NULL)
    gtk_string_list_append (list, first);
  for (guint z = 0; z < sand_map_n_zones (self->map); z++)
    {
      const SandZoneDef *zone = sand_map_get_zone (self->map, z);

      /* What the designer called it ("German 1"), as the map's legend and
       * the Zones tool do; the id only when it has no name. */
      gtk_string_list_append (list, zone->name != NULL && *zone->name != '\0' ? zone->name
                                                                                : zone->id);
    }
  return list;
}

gboolean
_editor_oob_panel_parse_hex (EditorOobPanel *self,
                             GtkEditable    *entry,
                             int            *hex)
{
  g_autofree char *t = g_strstrip (g_strdup (gtk_editable_get_text (entry)));

  if (sand_grid_parse_id (sand_map_get_grid (self->map), t, hex))
    {
      gtk_widget_remove_css_class (GTK_WIDGET (entry), "error");
      return TRUE;
    }
  gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
  gtk_widget_error_bell (GTK_WIDGET (entry));
  return FALSE;
}

char *
_editor_oob_panel_format_hex (EditorOobPanel *self,
                              int             hex)
{
  char id[SAND_HEX_ID_MAX] = "";

  if (hex != SAND_HEX_NONE)
    sand_grid_format_id (sand_map_get_grid (self->map), hex, id);
  return g_strdup (id);
}

/* The order of battle itself */

static void
oob_field_cb (GtkWidget      *row,
              EditorOobPanel *self)
{
  const char *field = g_object_get_data (G_OBJECT (row), "field");
  SandOob *oob = _editor_oob_panel_current (self);
  g_autoptr(SandOob) copy = NULL;

  if (self->updating || oob == NULL)
    return;
  copy = sand_oob_copy (oob);
  if (g_str_equal (field, "id"))
    {
      g_autofree char *t = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));
      int other = sand_scenario_find_oob (self->scenario, t);

      if (*t == '\0' || (other >= 0 && other != self->oob))
        {
          gtk_widget_add_css_class (row, "error");
          gtk_widget_error_bell (row);
          return;
        }
      gtk_widget_remove_css_class (row, "error");
      g_free (copy->id);
      copy->id = g_steal_pointer (&t);
    }
  else if (g_str_equal (field, "name") || g_str_equal (field, "description"))
    {
      const char *t = gtk_editable_get_text (GTK_EDITABLE (row));
      char **slot = g_str_equal (field, "name") ? &copy->name : &copy->description;

      g_free (*slot);
      *slot = *t ? g_strdup (t) : NULL;
    }
  else if (g_str_equal (field, "side"))
    copy->side = adw_combo_row_get_selected (ADW_COMBO_ROW (row));
  else if (g_str_equal (field, "die"))
    copy->die_number = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (row));
  _editor_oob_panel_commit (self, g_steal_pointer (&copy), _("Edit Order of Battle"));
  /* The name shows in the chooser. */
  if (!g_str_equal (field, "description") && !g_str_equal (field, "die"))
    _editor_oob_panel_queue_rebuild (self);
}

/* "notify::" handlers get the GParamSpec before the user data. */
static void
oob_field_notify_cb (GtkWidget      *row,
                     GParamSpec     *pspec,
                     EditorOobPanel *self)
{
  oob_field_cb (row, self);
}

static GtkWidget *
entry_row (EditorOobPanel *self,
           const char     *title,
           const char     *field,
           const char     *value)
{
  GtkWidget *row = adw_entry_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (row), TRUE);
  gtk_editable_set_text (GTK_EDITABLE (row), value ? value : "");
  g_object_set_data (G_OBJECT (row), "field", (gpointer) field);
  g_signal_connect (row, "apply", G_CALLBACK (oob_field_cb), self);
  return row;
}

static GtkWidget *
build_oob_group (EditorOobPanel *self,
                 SandOob        *oob)
{
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *row, *spin;
  g_autoptr(GtkStringList) sides = gtk_string_list_new (NULL);
  SandRuleset *rs = sand_scenario_get_ruleset (self->scenario);

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Order of Battle"));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                             entry_row (self, _("Id (as printed: A, B… or “historical”)"),
                                        "id", oob->id));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                             entry_row (self, _("Name"), "name", oob->name));

  for (guint i = 0; i < sand_ruleset_n_sides (rs); i++)
    gtk_string_list_append (sides, sand_ruleset_side_label (rs, i));
  row = adw_combo_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Side"));
  adw_combo_row_set_expression (ADW_COMBO_ROW (row),
                                gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL,
                                                             "string"));
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (sides));
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), MAX (oob->side, 0));
  g_object_set_data (G_OBJECT (row), "field", (gpointer) "side");
  g_signal_connect (row, "notify::selected", G_CALLBACK (oob_field_notify_cb), self);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);

  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Die Roll"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                               _("Variable orders of battle: the roll that picks this one "
                                 "(0: not rolled for)"));
  spin = gtk_spin_button_new_with_range (0, 12, 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), oob->die_number);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  g_object_set_data (G_OBJECT (spin), "field", (gpointer) "die");
  g_signal_connect (spin, "value-changed", G_CALLBACK (oob_field_cb), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);

  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                             entry_row (self, _("Description"), "description",
                                        oob->description));
  return group;
}

/* The whole panel */

static void
update_dropdown (EditorOobPanel *self)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);

  for (guint i = 0; self->scenario && i < sand_scenario_n_oobs (self->scenario); i++)
    {
      SandOob *oob = sand_scenario_get_oob (self->scenario, i);
      const char *side = side_name (self, oob->side);
      g_autofree char *label = NULL;

      /* Name the side only where the OOB's own name does not already. */
      if (oob->name == NULL)
        label = g_strdup_printf ("%s (%s)", oob->id, side);
      else if (strstr (oob->name, side) != NULL)
        label = g_strdup_printf ("%s — %s", oob->id, oob->name);
      else
        label = g_strdup_printf ("%s — %s (%s)", oob->id, oob->name, side);
      gtk_string_list_append (list, label);
    }
  self->updating = TRUE;
  gtk_drop_down_set_model (self->oob_dropdown, G_LIST_MODEL (list));
  if (self->oob >= 0)
    gtk_drop_down_set_selected (self->oob_dropdown, self->oob);
  self->updating = FALSE;
}

static gboolean
scroll_back_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       data)
{
  EditorOobPanel *self = data;
  GtkWidget *sw = gtk_widget_get_ancestor (GTK_WIDGET (self->content), GTK_TYPE_SCROLLED_WINDOW);

  if (sw != NULL)
    gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (sw)),
                              self->scroll_back);
  return G_SOURCE_REMOVE;
}

static void
rebuild (EditorOobPanel *self)
{
  GtkWidget *child, *sw;
  SandOob *oob;
  int shown = self->oob;

  g_clear_handle_id (&self->rebuild_id, g_source_remove);
  /* The rows come back where the designer was working, once laid out. */
  sw = gtk_widget_get_ancestor (GTK_WIDGET (self->content), GTK_TYPE_SCROLLED_WINDOW);
  if (sw != NULL && g_object_get_data (G_OBJECT (self), "shown-oob") == GINT_TO_POINTER (shown + 1))
    {
      self->scroll_back = gtk_adjustment_get_value (
        gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (sw)));
      gtk_widget_add_tick_callback (sw, scroll_back_cb, self, NULL);
    }
  g_object_set_data (G_OBJECT (self), "shown-oob", GINT_TO_POINTER (shown + 1));
  /* A focused row about to go would hand the focus to the first row, and
   * the view would scroll up to it: park it on the chooser above. */
  if (gtk_widget_get_root (GTK_WIDGET (self)) != NULL)
    {
      GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (self)));

      if (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->content)))
        gtk_widget_grab_focus (GTK_WIDGET (self->oob_dropdown));
    }

  if (self->scenario != NULL && self->oob >= (int) sand_scenario_n_oobs (self->scenario))
    self->oob = (int) sand_scenario_n_oobs (self->scenario) - 1;
  if (self->scenario != NULL && self->oob < 0 && sand_scenario_n_oobs (self->scenario) > 0)
    self->oob = 0;
  update_dropdown (self);
  editor_setup_panel_set_oob (EDITOR_SETUP_PANEL (self->setup_panel), self->oob);

  self->updating = TRUE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->content))) != NULL)
    {
      if (child == self->setup_panel)
        child = gtk_widget_get_next_sibling (child);
      if (child == NULL)
        break;
      gtk_box_remove (self->content, child);
    }
  if ((oob = _editor_oob_panel_current (self)) != NULL)
    {
      gtk_widget_set_visible (self->setup_panel, TRUE);
      gtk_box_prepend (self->content, build_oob_group (self, oob));
      gtk_box_append (self->content, _editor_oob_panel_build_setup_group (self, oob));
      gtk_box_append (self->content, _editor_oob_panel_build_limits_group (self, oob));
      gtk_box_append (self->content, _editor_oob_panel_build_reinforcements_group (self, oob));
    }
  else
    {
      GtkWidget *page = adw_status_page_new ();

      gtk_widget_set_visible (self->setup_panel, FALSE);
      adw_status_page_set_icon_name (ADW_STATUS_PAGE (page), "view-list-symbolic");
      adw_status_page_set_title (ADW_STATUS_PAGE (page), _("No Orders of Battle"));
      adw_status_page_set_description (ADW_STATUS_PAGE (page),
                                       _("Add one per side with the + button; FPW has A–F "
                                         "and G–M"));
      gtk_box_append (self->content, page);
    }
  self->updating = FALSE;
}

static gboolean
rebuild_idle_cb (gpointer data)
{
  EditorOobPanel *self = data;

  self->rebuild_id = 0;
  rebuild (self);
  return G_SOURCE_REMOVE;
}

void
_editor_oob_panel_queue_rebuild (EditorOobPanel *self)
{
  if (self->rebuild_id == 0)
    self->rebuild_id = g_idle_add (rebuild_idle_cb, self);
}

static void
scenario_changed_cb (EditorOobPanel *self)
{
  if (self->own_edit == 0)
    _editor_oob_panel_queue_rebuild (self);
}

static void
map_changed_cb (EditorOobPanel *self)
{
  /* Only new entry flags and zones matter here, not a brush stroke. */
  if (sand_map_n_markers (self->map) != self->n_markers
      || sand_map_n_zones (self->map) != self->n_zones)
    {
      self->n_markers = sand_map_n_markers (self->map);
      self->n_zones = sand_map_n_zones (self->map);
      _editor_oob_panel_queue_rebuild (self);
    }
}

static void
oob_selected_cb (EditorOobPanel *self)
{
  guint sel = gtk_drop_down_get_selected (self->oob_dropdown);

  if (self->updating || sel == GTK_INVALID_LIST_POSITION)
    return;
  editor_oob_panel_set_oob (self, sel);
}

static void
update_add_menu (EditorOobPanel *self)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  SandRuleset *rs;

  if (self->scenario != NULL)
    {
      rs = sand_scenario_get_ruleset (self->scenario);
      for (guint i = 0; i < sand_ruleset_n_sides (rs); i++)
        {
          /* Translators: %s is a side's name (msgctxt "side"). */
          g_autofree char *label = g_strdup_printf (_("New Order of Battle (%s)"),
                                                    sand_ruleset_side_label (rs, i));
          g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

          g_menu_item_set_action_and_target_value (item, "oob.add", g_variant_new_int32 (i));
          g_menu_append_item (menu, item);
        }
    }
  gtk_menu_button_set_menu_model (self->add_button, G_MENU_MODEL (menu));
}

void
editor_oob_panel_set_document (EditorOobPanel *self,
                               EditorDocument *document)
{
  g_return_if_fail (EDITOR_IS_OOB_PANEL (self));

  if (self->document == document)
    return;
  if (self->scenario != NULL)
    g_clear_signal_handler (&self->changed_id, self->scenario);
  if (self->map != NULL)
    g_clear_signal_handler (&self->map_changed_id, self->map);
  g_clear_object (&self->scenario);
  g_clear_object (&self->map);
  g_set_object (&self->document, document);
  editor_setup_panel_set_document (EDITOR_SETUP_PANEL (self->setup_panel), document);
  self->oob = -1;
  if (document != NULL)
    {
      self->scenario = g_object_ref (editor_document_get_scenario (document));
      self->map = g_object_ref (editor_document_get_map (document));
      self->n_markers = sand_map_n_markers (self->map);
      self->n_zones = sand_map_n_zones (self->map);
      self->changed_id = g_signal_connect_swapped (self->scenario, "changed",
                                                   G_CALLBACK (scenario_changed_cb), self);
      self->map_changed_id = g_signal_connect_swapped (self->map, "changed",
                                                       G_CALLBACK (map_changed_cb), self);
    }
  /* Rows draw with the renderer: drop them before it. */
  self->updating = TRUE;
  {
    GtkWidget *child;
    while ((child = gtk_widget_get_last_child (GTK_WIDGET (self->content))) != self->setup_panel
           && child != NULL)
      gtk_box_remove (self->content, child);
    while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->content))) != self->setup_panel
           && child != NULL)
      gtk_box_remove (self->content, child);
  }
  self->updating = FALSE;
  g_clear_pointer (&self->renderer, sand_renderer_free);
  if (self->scenario != NULL)
    self->renderer = sand_renderer_new (self->scenario);
  update_add_menu (self);
  if (self->scenario != NULL)
    rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OOB]);
}

int
editor_oob_panel_get_oob (EditorOobPanel *self)
{
  g_return_val_if_fail (EDITOR_IS_OOB_PANEL (self), -1);
  return _editor_oob_panel_current (self) ? self->oob : -1;
}

void
editor_oob_panel_set_oob (EditorOobPanel *self,
                          int             oob)
{
  g_return_if_fail (EDITOR_IS_OOB_PANEL (self));

  if (self->oob == oob)
    return;
  self->oob = oob;
  rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OOB]);
}

void
editor_oob_panel_add_oob (EditorOobPanel *self,
                          int             side)
{
  g_autofree char *id = NULL;
  SandOob *oob;
  guint index;

  g_return_if_fail (EDITOR_IS_OOB_PANEL (self));
  g_return_if_fail (self->document != NULL);

  /* "A", "B"…: the next letter free. */
  for (char c = 'A'; c <= 'Z' && id == NULL; c++)
    {
      char s[2] = { c, 0 };
      if (sand_scenario_find_oob (self->scenario, s) < 0)
        id = g_strdup (s);
    }
  for (guint n = 1; id == NULL; n++)
    {
      g_autofree char *s = g_strdup_printf ("oob-%u", n);
      if (sand_scenario_find_oob (self->scenario, s) < 0)
        id = g_steal_pointer (&s);
    }
  oob = sand_oob_new (id, side);
  index = editor_document_add_oob (self->document, oob);
  editor_oob_panel_set_oob (self, index);
}

guint
editor_oob_panel_schedule (EditorOobPanel *self,
                           const char     *counter,
                           int             points,
                           int             turn)
{
  SandOob *oob;
  SandReinforcement *r;
  g_autoptr(GPtrArray) groups = NULL;

  g_return_val_if_fail (EDITOR_IS_OOB_PANEL (self), 0);
  g_return_val_if_fail ((oob = _editor_oob_panel_current (self)) != NULL, 0);

  groups = _editor_oob_panel_entry_groups (self, oob->side);
  r = sand_reinforcement_new ();
  r->turn = turn;
  r->counter = g_strdup (counter);
  r->points = counter ? 0 : points;
  r->hex = SAND_HEX_NONE;
  if (groups->len > 0)
    r->entry = g_strdup (g_ptr_array_index (groups, 0));
  return editor_document_add_reinforcement (self->document, self->oob, r);
}

static void
add_action (GtkWidget  *widget,
            const char *name,
            GVariant   *param)
{
  editor_oob_panel_add_oob (EDITOR_OOB_PANEL (widget), g_variant_get_int32 (param));
}

static void
remove_action (GtkWidget  *widget,
               const char *name,
               GVariant   *param)
{
  EditorOobPanel *self = EDITOR_OOB_PANEL (widget);

  if (_editor_oob_panel_current (self) != NULL)
    editor_document_remove_oob (self->document, self->oob);
}

static void
editor_oob_panel_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  EditorOobPanel *self = EDITOR_OOB_PANEL (object);

  switch (prop_id)
    {
    case PROP_OOB:
      g_value_set_int (value, editor_oob_panel_get_oob (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_oob_panel_dispose (GObject *object)
{
  EditorOobPanel *self = (EditorOobPanel *) object;

  g_clear_handle_id (&self->rebuild_id, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), EDITOR_TYPE_OOB_PANEL);
  if (self->scenario != NULL)
    g_clear_signal_handler (&self->changed_id, self->scenario);
  if (self->map != NULL)
    g_clear_signal_handler (&self->map_changed_id, self->map);
  g_clear_object (&self->scenario);
  g_clear_object (&self->map);
  g_clear_object (&self->document);
  g_clear_pointer (&self->renderer, sand_renderer_free);

  G_OBJECT_CLASS (editor_oob_panel_parent_class)->dispose (object);
}

static void
editor_oob_panel_class_init (EditorOobPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = editor_oob_panel_dispose;
  object_class->get_property = editor_oob_panel_get_property;

  properties[PROP_OOB] =
    g_param_spec_int ("oob", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/sandtable/Sandtable/ui/editor-oob-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, EditorOobPanel, add_button);
  gtk_widget_class_bind_template_child (widget_class, EditorOobPanel, box);
  gtk_widget_class_bind_template_child (widget_class, EditorOobPanel, content);
  gtk_widget_class_bind_template_child (widget_class, EditorOobPanel, oob_dropdown);

  gtk_widget_class_install_action (widget_class, "oob.add", "i", add_action);
  gtk_widget_class_install_action (widget_class, "oob.remove", NULL, remove_action);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
editor_oob_panel_init (EditorOobPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->oob = -1;
  self->setup_panel = editor_setup_panel_new ();
  gtk_box_append (self->content, self->setup_panel);
  g_signal_connect_swapped (self->oob_dropdown, "notify::selected",
                            G_CALLBACK (oob_selected_cb), self);
}

GtkWidget *
editor_oob_panel_new (void)
{
  return g_object_new (EDITOR_TYPE_OOB_PANEL, NULL);
}
