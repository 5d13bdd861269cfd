/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "editor-counter-mix.h"
#include "editor-oob-panel.h"
#include "editor-setup-panel.h"
#include "sand-ruleset-labels.h"

struct _EditorOobPanel
{
  GtkWidget parent_instance;

  EditorDocument *document;
  SandScenario *scenario;
  SandMap *map;
  SandRenderer *renderer;
  gulong changed_id;
  gulong map_changed_id;
  guint rebuild_id;
  guint n_markers, n_zones;   /* to notice new entry flags and zones */
  int oob;
  guint own_edit;             /* our own commits: the widgets show them already */
  double scroll_back;         /* where the rows were scrolled before a rebuild */
  gboolean updating;

  GtkWidget *setup_panel;

  /* Template children */
  GtkMenuButton *add_button;
  GtkWidget *box;
  GtkBox *content;
  GtkDropDown *oob_dropdown;
};

G_DEFINE_FINAL_TYPE (EditorOobPanel, editor_oob_panel, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_OOB,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void rebuild (EditorOobPanel *self);
/* Rows are rebuilt in an idle, never from inside their own signal. */
static void queue_rebuild (EditorOobPanel *self);

static SandOob *
current (EditorOobPanel *self)
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
static void
commit (EditorOobPanel *self,
        SandOob        *copy,
        const char     *label)
{
  editor_document_begin_edit (self->document, label);
  self->own_edit++;
  editor_document_replace_oob (self->document, self->oob, copy);
  self->own_edit--;
  editor_document_end_edit (self->document);
}

static guint
row_index (GtkWidget *widget)
{
  return GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (widget), "row-index"));
}

static void
set_row_index (GtkWidget *widget,
               guint      index)
{
  g_object_set_data (G_OBJECT (widget), "row-index", GUINT_TO_POINTER (index));
}

/* Entry flag groups and zones a side may use. */
static GPtrArray *
entry_groups (EditorOobPanel *self,
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

static GtkStringList *
zone_names (EditorOobPanel *self,
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

static gboolean
parse_hex (EditorOobPanel *self,
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

static char *
format_hex (EditorOobPanel *self,
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
  SandOob *oob = current (self);
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
  commit (self, g_steal_pointer (&copy), _("Edit Order of Battle"));
  /* The name shows in the chooser. */
  if (!g_str_equal (field, "description") && !g_str_equal (field, "die"))
    queue_rebuild (self);
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

/* Set-up placements */

static void
placement_hex_cb (GtkEntry       *entry,
                  EditorOobPanel *self)
{
  SandOob *oob = current (self);
  g_autoptr(SandOob) copy = NULL;
  SandPlacement *p;
  int hex;

  if (self->updating || oob == NULL || row_index (GTK_WIDGET (entry)) >= oob->placements->len)
    return;
  if (!parse_hex (self, GTK_EDITABLE (entry), &hex))
    return;
  copy = sand_oob_copy (oob);
  p = g_ptr_array_index (copy->placements, row_index (GTK_WIDGET (entry)));
  p->hex = hex;
  g_clear_pointer (&p->zone, g_free);
  commit (self, g_steal_pointer (&copy), _("Move Counter"));
  queue_rebuild (self);
}

static void
placement_zone_cb (GtkDropDown    *dropdown,
                   GParamSpec     *pspec,
                   EditorOobPanel *self)
{
  SandOob *oob = current (self);
  g_autoptr(SandOob) copy = NULL;
  SandPlacement *p;
  guint selected = gtk_drop_down_get_selected (dropdown);

  if (self->updating || oob == NULL || selected == GTK_INVALID_LIST_POSITION
      || row_index (GTK_WIDGET (dropdown)) >= oob->placements->len)
    return;
  copy = sand_oob_copy (oob);
  p = g_ptr_array_index (copy->placements, row_index (GTK_WIDGET (dropdown)));
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
  commit (self, g_steal_pointer (&copy), _("Move Counter"));
  queue_rebuild (self);
}

static void
placement_remove_cb (GtkButton      *button,
                     EditorOobPanel *self)
{
  SandOob *oob = current (self);
  g_autoptr(SandOob) copy = NULL;

  if (oob == NULL || row_index (GTK_WIDGET (button)) >= oob->placements->len)
    return;
  copy = sand_oob_copy (oob);
  g_ptr_array_remove_index (copy->placements, row_index (GTK_WIDGET (button)));
  commit (self, g_steal_pointer (&copy), _("Remove Counter from Set-Up"));
  queue_rebuild (self);
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

static GtkWidget *
remove_button (EditorOobPanel *self,
               guint           index,
               const char     *tooltip,
               GCallback       callback)
{
  GtkWidget *button = gtk_button_new_from_icon_name ("edit-delete-symbolic");

  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, tooltip);
  set_row_index (button, index);
  g_signal_connect (button, "clicked", callback, self);
  return button;
}

static GtkWidget *
build_setup_group (EditorOobPanel *self,
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
      g_autoptr(GtkStringList) zones = zone_names (self, _("Hex"));
      GtkWidget *dropdown;
      g_autofree char *hex = format_hex (self, p->hex);
      int z = p->zone ? sand_map_find_zone (self->map, p->zone) : -1;

      gtk_editable_set_text (GTK_EDITABLE (entry), hex);
      gtk_editable_set_width_chars (GTK_EDITABLE (entry), 5);
      gtk_editable_set_max_width_chars (GTK_EDITABLE (entry), 5);
      gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _("hex"));
      gtk_widget_set_tooltip_text (entry, _("Hex id (CCRR); Enter to set"));
      gtk_widget_set_valign (entry, GTK_ALIGN_CENTER);
      gtk_widget_set_visible (entry, p->zone == NULL);
      set_row_index (entry, i);
      g_signal_connect (entry, "activate", G_CALLBACK (placement_hex_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), entry);

      dropdown = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&zones)), NULL);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), z >= 0 ? (guint) z + 1 : 0);
      gtk_widget_set_valign (dropdown, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (dropdown, _("A fixed hex, or any hex of a set-up zone"));
      set_row_index (dropdown, i);
      g_signal_connect (dropdown, "notify::selected", G_CALLBACK (placement_zone_cb), self);
      g_signal_connect_swapped (dropdown, "notify::selected",
                                G_CALLBACK (gtk_widget_show), entry);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), dropdown);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                 remove_button (self, i, _("Remove from the set-up"),
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
  SandOob *oob = current (self);
  g_autoptr(SandOob) copy = NULL;
  const char *field = g_object_get_data (G_OBJECT (widget), "field");
  SandZoneLimit *l;
  guint i = row_index (widget);

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
  commit (self, g_steal_pointer (&copy), _("Edit Zone Limit"));
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
  SandOob *oob = current (self);
  g_autoptr(SandOob) copy = NULL;

  if (oob == NULL || row_index (GTK_WIDGET (button)) >= oob->zone_limits->len)
    return;
  copy = sand_oob_copy (oob);
  g_ptr_array_remove_index (copy->zone_limits, row_index (GTK_WIDGET (button)));
  commit (self, g_steal_pointer (&copy), _("Remove Zone Limit"));
  queue_rebuild (self);
}

static void
limit_add_cb (GtkButton      *button,
              EditorOobPanel *self)
{
  SandOob *oob = current (self);
  g_autoptr(SandOob) copy = NULL;
  SandZoneLimit *l;

  if (oob == NULL || sand_map_n_zones (self->map) == 0)
    return;
  copy = sand_oob_copy (oob);
  l = sand_zone_limit_new (sand_map_get_zone (self->map, 0)->id);
  l->max_per_hex = 1;
  g_ptr_array_add (copy->zone_limits, l);
  commit (self, g_steal_pointer (&copy), _("Add Zone Limit"));
  queue_rebuild (self);
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
  set_row_index (spin, index);
  g_object_set_data (G_OBJECT (spin), "field", (gpointer) field);
  g_signal_connect (spin, "value-changed", G_CALLBACK (limit_changed_cb), self);
  return spin;
}

static GtkWidget *
build_limits_group (EditorOobPanel *self,
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
      g_autoptr(GtkStringList) zones = zone_names (self, NULL);
      GtkWidget *dropdown = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&zones)), NULL);
      int z = sand_map_find_zone (self->map, l->zone);

      gtk_widget_set_margin_top (card, 6);
      gtk_widget_set_margin_bottom (card, 6);
      gtk_widget_set_margin_start (card, 6);
      gtk_widget_set_margin_end (card, 6);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), z >= 0 ? (guint) z : 0);
      gtk_widget_set_hexpand (dropdown, TRUE);
      set_row_index (dropdown, i);
      g_object_set_data (G_OBJECT (dropdown), "field", (gpointer) "zone");
      g_signal_connect (dropdown, "notify::selected", G_CALLBACK (limit_notify_cb), self);
      gtk_box_append (GTK_BOX (row), dropdown);
      gtk_box_append (GTK_BOX (row), remove_button (self, i, _("Remove this limit"),
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

/* Reinforcements */

static void
reinforcement_changed_cb (GtkWidget      *widget,
                          EditorOobPanel *self)
{
  SandOob *oob = current (self);
  g_autoptr(SandOob) copy = NULL;
  const char *field = g_object_get_data (G_OBJECT (widget), "field");
  SandReinforcement *r;
  guint i = row_index (widget);
  gboolean relayout = FALSE;

  if (self->updating || oob == NULL || i >= oob->reinforcements->len)
    return;
  copy = sand_oob_copy (oob);
  r = g_ptr_array_index (copy->reinforcements, i);
  if (g_str_equal (field, "turn"))
    {
      GtkEventController *focus = g_object_get_data (G_OBJECT (widget), "focus");

      r->turn = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (widget));
      /* The row moves under its turn's heading; while the designer is
       * still clicking + or typing, once the field is left. */
      if (focus != NULL && gtk_event_controller_focus_contains_focus (
                             GTK_EVENT_CONTROLLER_FOCUS (focus)))
        g_object_set_data (G_OBJECT (widget), "turn-moved", GINT_TO_POINTER (TRUE));
      else
        relayout = TRUE;
    }
  else if (g_str_equal (field, "points"))
    r->points = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (widget));
  else if (g_str_equal (field, "entrained"))
    r->entrained = gtk_check_button_get_active (GTK_CHECK_BUTTON (widget));
  else if (g_str_equal (field, "code"))
    {
      const char *t = gtk_editable_get_text (GTK_EDITABLE (widget));
      g_free (r->code);
      r->code = *t ? g_strdup (t) : NULL;
    }
  else if (g_str_equal (field, "what"))
    {
      GListModel *model = gtk_drop_down_get_model (GTK_DROP_DOWN (widget));
      guint sel = gtk_drop_down_get_selected (GTK_DROP_DOWN (widget));
      guint n = g_list_model_get_n_items (model);
      const char *id = g_object_get_data (G_OBJECT (widget), "ids") != NULL && sel + 1 < n
        ? g_ptr_array_index ((GPtrArray *) g_object_get_data (G_OBJECT (widget), "ids"), sel)
        : NULL;

      g_free (r->counter);
      r->counter = g_strdup (id);
      if (id == NULL && r->points <= 0)
        r->points = 1;
      relayout = TRUE;
    }
  else if (g_str_equal (field, "entry"))
    {
      GPtrArray *groups = g_object_get_data (G_OBJECT (widget), "groups");
      guint sel = gtk_drop_down_get_selected (GTK_DROP_DOWN (widget));

      g_free (r->entry);
      r->entry = NULL;
      if (groups != NULL && sel < groups->len)
        {
          r->entry = g_strdup (g_ptr_array_index (groups, sel));
          r->hex = SAND_HEX_NONE;
        }
      relayout = TRUE;
    }
  else if (g_str_equal (field, "hex"))
    {
      int hex;
      if (!parse_hex (self, GTK_EDITABLE (widget), &hex))
        return;
      r->hex = hex;
    }
  commit (self, g_steal_pointer (&copy), _("Edit Reinforcement"));
  if (relayout)
    queue_rebuild (self);
}

static void
reinforcement_notify_cb (GtkWidget      *widget,
                         GParamSpec     *pspec,
                         EditorOobPanel *self)
{
  reinforcement_changed_cb (widget, self);
}

static void
reinforcement_remove_cb (GtkButton      *button,
                         EditorOobPanel *self)
{
  if (current (self) == NULL)
    return;
  editor_document_remove_reinforcement (self->document, self->oob,
                                        row_index (GTK_WIDGET (button)));
}

static void
reinforcement_add_cb (GtkButton      *button,
                      EditorOobPanel *self)
{
  SandOob *oob = current (self);
  g_autoptr(GPtrArray) unplaced = NULL;

  if (oob == NULL)
    return;
  unplaced = editor_setup_panel_list_unplaced (EDITOR_SETUP_PANEL (self->setup_panel));
  editor_oob_panel_schedule (self, unplaced->len ? g_ptr_array_index (unplaced, 0) : NULL,
                             unplaced->len ? 0 : 1, 1);
}

static void
turn_left_cb (EditorOobPanel     *self,
              GtkEventController *focus)
{
  GtkWidget *turn = gtk_event_controller_get_widget (focus);

  if (g_object_get_data (G_OBJECT (turn), "turn-moved") != NULL)
    {
      g_object_set_data (G_OBJECT (turn), "turn-moved", NULL);
      queue_rebuild (self);
    }
}

static GtkWidget *
reinforcement_row (EditorOobPanel    *self,
                   SandOob           *oob,
                   guint              i,
                   const SandReinforcement *r)
{
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *row2 = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *turn, *what, *points, *entry, *hex, *train, *code, *icon;
  g_autoptr(GtkStringList) whats = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) entries = gtk_string_list_new (NULL);
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *groups = entry_groups (self, oob->side);
  guint what_sel = 0, entry_sel = groups->len;
  g_autofree char *hex_text = format_hex (self, r->hex);
  int turns = MAX (sand_scenario_get_turns (self->scenario), 1);

  /* Two lines, so that the table fits a side pane: what and when, then
   * where and how. */
  gtk_widget_set_margin_top (card, 6);
  gtk_widget_set_margin_bottom (card, 6);
  gtk_widget_set_margin_start (card, 6);
  gtk_widget_set_margin_end (card, 6);
  gtk_box_append (GTK_BOX (card), row);
  gtk_box_append (GTK_BOX (card), row2);
  gtk_widget_set_margin_start (row2, 24);

  /* Not clamped to the game's length: a turn after the last is kept, and
   * Problems says so (issue 17); the designer may lengthen the game next. */
  turn = gtk_spin_button_new_with_range (1, MAX (MAX (turns, r->turn), 999), 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (turn), r->turn);
  gtk_widget_set_tooltip_text (turn, _("Game-turn of arrival"));
  gtk_widget_set_valign (turn, GTK_ALIGN_CENTER);
  g_object_set_data (G_OBJECT (turn), "field", (gpointer) "turn");
  set_row_index (turn, i);
  g_signal_connect (turn, "value-changed", G_CALLBACK (reinforcement_changed_cb), self);
  {
    GtkEventController *focus = gtk_event_controller_focus_new ();

    g_object_set_data (G_OBJECT (turn), "focus", focus);
    g_signal_connect_swapped (focus, "leave", G_CALLBACK (turn_left_cb), self);
    gtk_widget_add_controller (turn, focus);
  }
  gtk_box_append (GTK_BOX (row), gtk_label_new (C_("turn", "T")));
  gtk_box_append (GTK_BOX (row), turn);

  icon = editor_counter_icon_new (28);
  editor_counter_icon_set (icon, self->renderer, r->counter);
  gtk_widget_set_visible (icon, r->counter != NULL);
  gtk_box_append (GTK_BOX (row), icon);

  /* The side's counters, then strength points. */
  for (guint k = 0; k < sand_scenario_n_counters (self->scenario); k++)
    {
      const SandCounter *c = sand_scenario_get_counter (self->scenario, k);
      g_autofree char *label = NULL;

      if (c->side != oob->side && g_strcmp0 (c->id, r->counter) != 0)
        continue;
      if (g_strcmp0 (c->id, r->counter) == 0)
        what_sel = ids->len;
      label = c->name ? g_strdup_printf ("%s (%s)", c->name, c->id) : g_strdup (c->id);
      gtk_string_list_append (whats, label);
      g_ptr_array_add (ids, g_strdup (c->id));
    }
  gtk_string_list_append (whats, _("Strength points"));
  if (r->counter == NULL)
    what_sel = ids->len;
  what = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&whats)), NULL);
  gtk_drop_down_set_enable_search (GTK_DROP_DOWN (what), TRUE);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (what), what_sel);
  gtk_widget_set_hexpand (what, TRUE);
  gtk_widget_set_tooltip_text (what, _("The counter that arrives, or strength points"));
  g_object_set_data_full (G_OBJECT (what), "ids", ids, (GDestroyNotify) g_ptr_array_unref);
  g_object_set_data (G_OBJECT (what), "field", (gpointer) "what");
  set_row_index (what, i);
  g_signal_connect (what, "notify::selected", G_CALLBACK (reinforcement_notify_cb), self);
  gtk_box_append (GTK_BOX (row), what);

  points = gtk_spin_button_new_with_range (0, 99, 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (points), r->points);
  gtk_widget_set_tooltip_text (points, _("Strength points"));
  gtk_widget_set_visible (points, r->counter == NULL);
  g_object_set_data (G_OBJECT (points), "field", (gpointer) "points");
  set_row_index (points, i);
  g_signal_connect (points, "value-changed", G_CALLBACK (reinforcement_changed_cb), self);
  gtk_box_append (GTK_BOX (row), points);

  for (guint g = 0; g < groups->len; g++)
    {
      g_autofree char *label = g_strdup_printf (_("Flag %s"),
                                                (char *) g_ptr_array_index (groups, g));
      gtk_string_list_append (entries, label);
      if (g_strcmp0 (r->entry, g_ptr_array_index (groups, g)) == 0)
        entry_sel = g;
    }
  if (r->entry != NULL && entry_sel == groups->len)
    {
      /* A group with no flag on the map yet: keep showing it. */
      g_autofree char *label = g_strdup_printf (_("Flag %s (none on the map)"), r->entry);
      g_ptr_array_add (groups, g_strdup (r->entry));
      gtk_string_list_append (entries, label);
      entry_sel = groups->len - 1;
    }
  gtk_string_list_append (entries, _("At hex"));
  entry = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&entries)), NULL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (entry), entry_sel);
  gtk_widget_set_tooltip_text (entry, _("Where it enters: an entry flag group, or a hex"));
  g_object_set_data_full (G_OBJECT (entry), "groups", groups,
                          (GDestroyNotify) g_ptr_array_unref);
  g_object_set_data (G_OBJECT (entry), "field", (gpointer) "entry");
  set_row_index (entry, i);
  g_signal_connect (entry, "notify::selected", G_CALLBACK (reinforcement_notify_cb), self);
  gtk_box_append (GTK_BOX (row2), entry);

  hex = gtk_entry_new ();
  gtk_editable_set_text (GTK_EDITABLE (hex), hex_text);
  gtk_editable_set_width_chars (GTK_EDITABLE (hex), 5);
  gtk_editable_set_max_width_chars (GTK_EDITABLE (hex), 5);
  gtk_entry_set_placeholder_text (GTK_ENTRY (hex), _("hex"));
  gtk_widget_set_tooltip_text (hex, _("Entry hex (CCRR); Enter to set"));
  gtk_widget_set_visible (hex, r->entry == NULL);
  g_object_set_data (G_OBJECT (hex), "field", (gpointer) "hex");
  set_row_index (hex, i);
  g_signal_connect (hex, "activate", G_CALLBACK (reinforcement_changed_cb), self);
  gtk_box_append (GTK_BOX (row2), hex);

  train = gtk_check_button_new_with_label (_("By rail"));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (train), r->entrained);
  gtk_widget_set_tooltip_text (train, _("Arrives entrained"));
  g_object_set_data (G_OBJECT (train), "field", (gpointer) "entrained");
  set_row_index (train, i);
  g_signal_connect (train, "toggled", G_CALLBACK (reinforcement_changed_cb), self);
  gtk_box_append (GTK_BOX (row2), train);

  code = gtk_entry_new ();
  gtk_editable_set_text (GTK_EDITABLE (code), r->code ? r->code : "");
  gtk_editable_set_width_chars (GTK_EDITABLE (code), 2);
  gtk_editable_set_max_width_chars (GTK_EDITABLE (code), 3);
  gtk_entry_set_placeholder_text (GTK_ENTRY (code), _("code"));
  gtk_widget_set_tooltip_text (code, _("Appearance code printed on the chart (a, b, c…)"));
  g_object_set_data (G_OBJECT (code), "field", (gpointer) "code");
  set_row_index (code, i);
  g_signal_connect (code, "activate", G_CALLBACK (reinforcement_changed_cb), self);
  gtk_box_append (GTK_BOX (row2), code);

  gtk_box_append (GTK_BOX (row), remove_button (self, i, _("Remove this reinforcement"),
                                                G_CALLBACK (reinforcement_remove_cb)));
  return card;
}

/* Stable (GLib's sort is), so rows of one turn keep the file's order. */
static int
by_turn (gconstpointer a,
         gconstpointer b,
         gpointer      data)
{
  GPtrArray *rs = data;
  int ta = ((SandReinforcement *) g_ptr_array_index (rs, *(const guint *) a))->turn;
  int tb = ((SandReinforcement *) g_ptr_array_index (rs, *(const guint *) b))->turn;

  return (ta > tb) - (ta < tb);
}

static GtkWidget *
build_reinforcements_group (EditorOobPanel *self,
                            SandOob        *oob)
{
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *add = gtk_button_new_from_icon_name ("list-add-symbolic");
  int last_turn = 0;

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Reinforcements"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         _("Per turn: what arrives, where it enters, whether by "
                                           "rail, and its code on the chart"));
  gtk_widget_add_css_class (add, "flat");
  gtk_widget_set_tooltip_text (add, _("Schedule a Reinforcement"));
  g_signal_connect (add, "clicked", G_CALLBACK (reinforcement_add_cb), self);
  adw_preferences_group_set_header_suffix (ADW_PREFERENCES_GROUP (group), add);

  /* In turn order, each under its turn's heading, though the file keeps
   * them as written: a row whose turn was changed goes to its new turn. */
  g_autoptr(GArray) order = g_array_sized_new (FALSE, FALSE, sizeof (guint),
                                               oob->reinforcements->len);
  for (guint i = 0; i < oob->reinforcements->len; i++)
    g_array_append_val (order, i);
  g_array_sort_with_data (order, by_turn, oob->reinforcements);
  for (guint k = 0; k < order->len; k++)
    {
      guint i = g_array_index (order, guint, k);
      const SandReinforcement *r = g_ptr_array_index (oob->reinforcements, i);

      if (r->turn != last_turn)
        {
          /* A heading per turn, as on the printed schedule. */
          g_autofree char *t = g_strdup_printf (_("Turn %d"), r->turn);
          GtkWidget *label = gtk_label_new (t);

          gtk_label_set_xalign (GTK_LABEL (label), 0);
          gtk_widget_add_css_class (label, "dim-label");
          gtk_widget_add_css_class (label, "caption-heading");
          gtk_widget_set_margin_start (label, 6);
          gtk_widget_set_margin_top (label, 6);
          adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), label);
          last_turn = r->turn;
        }
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                                 reinforcement_row (self, oob, i, r));
    }
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
  if ((oob = current (self)) != NULL)
    {
      gtk_widget_set_visible (self->setup_panel, TRUE);
      gtk_box_prepend (self->content, build_oob_group (self, oob));
      gtk_box_append (self->content, build_setup_group (self, oob));
      gtk_box_append (self->content, build_limits_group (self, oob));
      gtk_box_append (self->content, build_reinforcements_group (self, oob));
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

static void
queue_rebuild (EditorOobPanel *self)
{
  if (self->rebuild_id == 0)
    self->rebuild_id = g_idle_add (rebuild_idle_cb, self);
}

static void
scenario_changed_cb (EditorOobPanel *self)
{
  if (self->own_edit == 0)
    queue_rebuild (self);
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
      queue_rebuild (self);
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
  return current (self) ? self->oob : -1;
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
  g_return_val_if_fail ((oob = current (self)) != NULL, 0);

  groups = entry_groups (self, oob->side);
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

  if (current (self) != NULL)
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
