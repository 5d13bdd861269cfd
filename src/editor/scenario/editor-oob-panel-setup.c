/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-oob-panel-setup.c: the OOB panel's set-up placements (a hex or a
 * zone for each counter) and the zone limits of its order of battle. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "editor-counter-mix.h"
#include "editor-oob-panel-private.h"
#include "editor-setup-panel.h"
#include "sand-ruleset-labels.h"

/* Set-up placements */

static void
placement_hex_cb (GtkEntry       *entry,
                  EditorOobPanel *self)
{
  SandOob *oob = _editor_oob_panel_current (self);
  g_autoptr(SandOob) copy = NULL;
  SandPlacement *p;
  int hex;

  if (self->updating || oob == NULL
      || _editor_oob_panel_row_index (GTK_WIDGET (entry)) >= oob->placements->len)
    return;
  if (!_editor_oob_panel_parse_hex (self, GTK_EDITABLE (entry), &hex))
    return;
  copy = sand_oob_copy (oob);
  p = g_ptr_array_index (copy->placements, _editor_oob_panel_row_index (GTK_WIDGET (entry)));
  p->hex = hex;
  g_clear_pointer (&p->zone, g_free);
  _editor_oob_panel_commit (self, g_steal_pointer (&copy), _("Move Counter"));
  _editor_oob_panel_queue_rebuild (self);
}

static void
placement_zone_cb (GtkDropDown    *dropdown,
                   GParamSpec     *pspec,
                   EditorOobPanel *self)
{
  SandOob *oob = _editor_oob_panel_current (self);
  g_autoptr(SandOob) copy = NULL;
  SandPlacement *p;
  guint selected = gtk_drop_down_get_selected (dropdown);

  if (self->updating || oob == NULL || selected == GTK_INVALID_LIST_POSITION
      || _editor_oob_panel_row_index (GTK_WIDGET (dropdown)) >= oob->placements->len)
    return;
  copy = sand_oob_copy (oob);
  p = g_ptr_array_index (copy->placements, _editor_oob_panel_row_index (GTK_WIDGET (dropdown)));
  g_clear_pointer (&p->zone, g_free);
  if (selected > 0)
    {
      p->zone = g_strdup (sand_map_get_zone (self->map, selected - 1)->id);
      p->hex = SAND_HEX_NONE;
    }
  else if (p->hex == SAND_HEX_NONE)
    {
      /* A fixed hex is needed: keep the zone until one is typed. */
      g_object_set_data (G_OBJECT (dropdown), "needs-hex", GINT_TO_POINTER (1));
      return;
    }
  _editor_oob_panel_commit (self, g_steal_pointer (&copy), _("Move Counter"));
  _editor_oob_panel_queue_rebuild (self);
}

static void
placement_remove_cb (GtkButton      *button,
                     EditorOobPanel *self)
{
  SandOob *oob = _editor_oob_panel_current (self);
  g_autoptr(SandOob) copy = NULL;

  if (oob == NULL || _editor_oob_panel_row_index (GTK_WIDGET (button)) >= oob->placements->len)
    return;
  copy = sand_oob_copy (oob);
  g_ptr_array_remove_index (copy->placements, _editor_oob_panel_row_index (GTK_WIDGET (button)));
  _editor_oob_panel_commit (self, g_steal_pointer (&copy), _("Remove Counter from Set-Up"));
  _editor_oob_panel_queue_rebuild (self);
}

static GtkWidget *
counter_row (EditorOobPanel *self,
             const char     *id)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *icon = editor_counter_icon_new (32);
  int k = sand_scenario_find_counter (self->scenario, id);
  const SandCounter *c = k >= 0 ? sand_scenario_get_counter (self->scenario, k) : NULL;

  editor_counter_icon_set (icon, self->renderer, id);
  editor_counter_drag_attach (icon);
  editor_counter_drag_set_id (icon, id);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), c && c->name ? c->name : id);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), c ? id : _("not in the counter mix"));
  return row;
}

GtkWidget *
_editor_oob_panel_remove_button (EditorOobPanel *self,
                                 guint           index,
                                 const char     *tooltip,
                                 GCallback       callback)
{
  GtkWidget *button = gtk_button_new_from_icon_name ("edit-delete-symbolic");

  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, tooltip);
  _editor_oob_panel_set_row_index (button, index);
  g_signal_connect (button, "clicked", callback, self);
  return button;
}

GtkWidget *
_editor_oob_panel_build_setup_group (EditorOobPanel *self,
                                     SandOob        *oob)
{
  GtkWidget *group = adw_preferences_group_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Set-Up"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         _("Each counter on a fixed hex, or anywhere in a "
                                           "set-up zone"));
  for (guint i = 0; i < oob->placements->len; i++)
    {
      const SandPlacement *p = g_ptr_array_index (oob->placements, i);
      GtkWidget *row = counter_row (self, p->counter);
      GtkWidget *entry = gtk_entry_new ();
      g_autoptr(GtkStringList) zones = _editor_oob_panel_zone_names (self, _("Hex"));
      GtkWidget *dropdown;
      g_autofree char *hex = _editor_oob_panel_format_hex (self, p->hex);
      int z = p->zone ? sand_map_find_zone (self->map, p->zone) : -1;

      gtk_editable_set_text (GTK_EDITABLE (entry), hex);
      gtk_editable_set_width_chars (GTK_EDITABLE (entry), 5);
      gtk_editable_set_max_width_chars (GTK_EDITABLE (entry), 5);
      gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _("hex"));
      gtk_widget_set_tooltip_text (entry, _("Hex id (CCRR); Enter to set"));
      gtk_widget_set_valign (entry, GTK_ALIGN_CENTER);
      gtk_widget_set_visible (entry, p->zone == NULL);
      _editor_oob_panel_set_row_index (entry, i);
      g_signal_connect (entry, "activate", G_CALLBACK (placement_hex_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), entry);

      dropdown = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&zones)), NULL);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), z >= 0 ? (guint) z + 1 : 0);
      gtk_widget_set_valign (dropdown, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (dropdown, _("A fixed hex, or any hex of a set-up zone"));
      _editor_oob_panel_set_row_index (dropdown, i);
      g_signal_connect (dropdown, "notify::selected", G_CALLBACK (placement_zone_cb), self);
      g_signal_connect_swapped (dropdown, "notify::selected",
                                G_CALLBACK (gtk_widget_show), entry);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), dropdown);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                 _editor_oob_panel_remove_button (self, i,
                                                                  _("Remove from the set-up"),
                                                G_CALLBACK (placement_remove_cb)));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
    }
  if (oob->placements->len == 0)
    {
      GtkWidget *row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                     _("Nothing set up yet: drag counters onto the map"));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
    }
  return group;
}

/* Zone limits */

static void
limit_changed_cb (GtkWidget      *widget,
                  EditorOobPanel *self)
{
  SandOob *oob = _editor_oob_panel_current (self);
  g_autoptr(SandOob) copy = NULL;
  const char *field = g_object_get_data (G_OBJECT (widget), "field");
  SandZoneLimit *l;
  guint i = _editor_oob_panel_row_index (widget);

  if (self->updating || oob == NULL || i >= oob->zone_limits->len)
    return;
  copy = sand_oob_copy (oob);
  l = g_ptr_array_index (copy->zone_limits, i);
  if (g_str_equal (field, "zone"))
    {
      guint z = gtk_drop_down_get_selected (GTK_DROP_DOWN (widget));
      if (z == GTK_INVALID_LIST_POSITION || z >= sand_map_n_zones (self->map))
        return;
      g_free (l->zone);
      l->zone = g_strdup (sand_map_get_zone (self->map, z)->id);
    }
  else
    {
      int v = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (widget));
      if (g_str_equal (field, "per-hex"))
        l->max_per_hex = v;
      else if (g_str_equal (field, "min"))
        l->min_units = v;
      else
        l->max_units = v;
    }
  _editor_oob_panel_commit (self, g_steal_pointer (&copy), _("Edit Zone Limit"));
}

static void
limit_notify_cb (GtkWidget      *widget,
                 GParamSpec     *pspec,
                 EditorOobPanel *self)
{
  limit_changed_cb (widget, self);
}

static void
limit_remove_cb (GtkButton      *button,
                 EditorOobPanel *self)
{
  SandOob *oob = _editor_oob_panel_current (self);
  g_autoptr(SandOob) copy = NULL;

  if (oob == NULL || _editor_oob_panel_row_index (GTK_WIDGET (button)) >= oob->zone_limits->len)
    return;
  copy = sand_oob_copy (oob);
  g_ptr_array_remove_index (copy->zone_limits, _editor_oob_panel_row_index (GTK_WIDGET (button)));
  _editor_oob_panel_commit (self, g_steal_pointer (&copy), _("Remove Zone Limit"));
  _editor_oob_panel_queue_rebuild (self);
}

static void
limit_add_cb (GtkButton      *button,
              EditorOobPanel *self)
{
  SandOob *oob = _editor_oob_panel_current (self);
  g_autoptr(SandOob) copy = NULL;
  SandZoneLimit *l;

  if (oob == NULL || sand_map_n_zones (self->map) == 0)
    return;
  copy = sand_oob_copy (oob);
  l = sand_zone_limit_new (sand_map_get_zone (self->map, 0)->id);
  l->max_per_hex = 1;
  g_ptr_array_add (copy->zone_limits, l);
  _editor_oob_panel_commit (self, g_steal_pointer (&copy), _("Add Zone Limit"));
  _editor_oob_panel_queue_rebuild (self);
}

static GtkWidget *
limit_spin (EditorOobPanel *self,
            guint           index,
            const char     *field,
            int             value,
            const char     *tooltip)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (0, 99, 1);

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (spin, tooltip);
  _editor_oob_panel_set_row_index (spin, index);
  g_object_set_data (G_OBJECT (spin), "field", (gpointer) field);
  g_signal_connect (spin, "value-changed", G_CALLBACK (limit_changed_cb), self);
  return spin;
}

GtkWidget *
_editor_oob_panel_build_limits_group (EditorOobPanel *self,
                                      SandOob        *oob)
{
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *add = gtk_button_new_from_icon_name ("list-add-symbolic");

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Zone Limits"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         _("Units per hex (“one unit per town”: 1), and at "
                                           "least / at most this many in the zone; 0 is no "
                                           "limit"));
  gtk_widget_add_css_class (add, "flat");
  gtk_widget_set_tooltip_text (add, _("Add a Zone Limit"));
  gtk_widget_set_sensitive (add, sand_map_n_zones (self->map) > 0);
  g_signal_connect (add, "clicked", G_CALLBACK (limit_add_cb), self);
  adw_preferences_group_set_header_suffix (ADW_PREFERENCES_GROUP (group), add);

  for (guint i = 0; i < oob->zone_limits->len; i++)
    {
      const SandZoneLimit *l = g_ptr_array_index (oob->zone_limits, i);
      GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *row2 = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      g_autoptr(GtkStringList) zones = _editor_oob_panel_zone_names (self, NULL);
      GtkWidget *dropdown = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&zones)), NULL);
      int z = sand_map_find_zone (self->map, l->zone);

      gtk_widget_set_margin_top (card, 6);
      gtk_widget_set_margin_bottom (card, 6);
      gtk_widget_set_margin_start (card, 6);
      gtk_widget_set_margin_end (card, 6);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), z >= 0 ? (guint) z : 0);
      gtk_widget_set_hexpand (dropdown, TRUE);
      _editor_oob_panel_set_row_index (dropdown, i);
      g_object_set_data (G_OBJECT (dropdown), "field", (gpointer) "zone");
      g_signal_connect (dropdown, "notify::selected", G_CALLBACK (limit_notify_cb), self);
      gtk_box_append (GTK_BOX (row), dropdown);
      gtk_box_append (GTK_BOX (row),
                      _editor_oob_panel_remove_button (self, i, _("Remove this limit"),
                                                       G_CALLBACK (limit_remove_cb)));
      gtk_box_append (GTK_BOX (row2), gtk_label_new (_("per hex")));
      gtk_box_append (GTK_BOX (row2), limit_spin (self, i, "per-hex", l->max_per_hex,
                                                  _("At most this many units per hex")));
      gtk_box_append (GTK_BOX (row2), gtk_label_new (_("min")));
      gtk_box_append (GTK_BOX (row2), limit_spin (self, i, "min", l->min_units,
                                                  _("At least this many units in the zone")));
      gtk_box_append (GTK_BOX (row2), gtk_label_new (_("max")));
      gtk_box_append (GTK_BOX (row2), limit_spin (self, i, "max", l->max_units,
                                                  _("At most this many units in the zone")));
      gtk_widget_set_margin_start (row2, 6);
      gtk_box_append (GTK_BOX (card), row);
      gtk_box_append (GTK_BOX (card), row2);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), card);
    }
  return group;
}
