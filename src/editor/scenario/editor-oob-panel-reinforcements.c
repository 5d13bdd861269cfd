/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-oob-panel-reinforcements.c: the OOB panel's reinforcements — each
 * counter's turn and entry, the rows grouped under a heading per turn. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "editor-counter-mix.h"
#include "editor-oob-panel-private.h"
#include "editor-setup-panel.h"
#include "sand-ruleset-labels.h"

/* Reinforcements */

static void
reinforcement_changed_cb (GtkWidget      *widget,
                          EditorOobPanel *self)
{
  SandOob *oob = _editor_oob_panel_current (self);
  g_autoptr(SandOob) copy = NULL;
  const char *field = g_object_get_data (G_OBJECT (widget), "field");
  SandReinforcement *r;
  guint i = _editor_oob_panel_row_index (widget);
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
      if (!_editor_oob_panel_parse_hex (self, GTK_EDITABLE (widget), &hex))
        return;
      r->hex = hex;
    }
  _editor_oob_panel_commit (self, g_steal_pointer (&copy), _("Edit Reinforcement"));
  if (relayout)
    _editor_oob_panel_queue_rebuild (self);
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
  if (_editor_oob_panel_current (self) == NULL)
    return;
  editor_document_remove_reinforcement (self->document, self->oob,
                                        _editor_oob_panel_row_index (GTK_WIDGET (button)));
}

static void
reinforcement_add_cb (GtkButton      *button,
                      EditorOobPanel *self)
{
  SandOob *oob = _editor_oob_panel_current (self);
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
      _editor_oob_panel_queue_rebuild (self);
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
  GtkWidget *turn, *what, *points, *entry, *hex, *train, *code, *icon, *remove;
  g_autoptr(GtkStringList) whats = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) entries = gtk_string_list_new (NULL);
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *groups = _editor_oob_panel_entry_groups (self, oob->side);
  guint what_sel = 0, entry_sel = groups->len;
  g_autofree char *hex_text = _editor_oob_panel_format_hex (self, r->hex);
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
  _editor_oob_panel_set_row_index (turn, i);
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
  _editor_oob_panel_set_row_index (what, i);
  g_signal_connect (what, "notify::selected", G_CALLBACK (reinforcement_notify_cb), self);
  gtk_box_append (GTK_BOX (row), what);

  points = gtk_spin_button_new_with_range (0, 99, 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (points), r->points);
  gtk_widget_set_tooltip_text (points, _("Strength points"));
  gtk_widget_set_visible (points, r->counter == NULL);
  g_object_set_data (G_OBJECT (points), "field", (gpointer) "points");
  _editor_oob_panel_set_row_index (points, i);
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
  _editor_oob_panel_set_row_index (entry, i);
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
  _editor_oob_panel_set_row_index (hex, i);
  g_signal_connect (hex, "activate", G_CALLBACK (reinforcement_changed_cb), self);
  gtk_box_append (GTK_BOX (row2), hex);

  train = gtk_check_button_new_with_label (_("By rail"));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (train), r->entrained);
  gtk_widget_set_tooltip_text (train, _("Arrives entrained"));
  g_object_set_data (G_OBJECT (train), "field", (gpointer) "entrained");
  _editor_oob_panel_set_row_index (train, i);
  g_signal_connect (train, "toggled", G_CALLBACK (reinforcement_changed_cb), self);
  gtk_box_append (GTK_BOX (row2), train);

  code = gtk_entry_new ();
  gtk_editable_set_text (GTK_EDITABLE (code), r->code ? r->code : "");
  gtk_editable_set_width_chars (GTK_EDITABLE (code), 2);
  gtk_editable_set_max_width_chars (GTK_EDITABLE (code), 3);
  gtk_entry_set_placeholder_text (GTK_ENTRY (code), _("code"));
  gtk_widget_set_tooltip_text (code, _("Appearance code printed on the chart (a, b, c…)"));
  g_object_set_data (G_OBJECT (code), "field", (gpointer) "code");
  _editor_oob_panel_set_row_index (code, i);
  g_signal_connect (code, "activate", G_CALLBACK (reinforcement_changed_cb), self);
  gtk_box_append (GTK_BOX (row2), code);

  remove = _editor_oob_panel_remove_button (self, i, _("Remove this reinforcement"),
                                            G_CALLBACK (reinforcement_remove_cb));
  gtk_box_append (GTK_BOX (row), remove);
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

GtkWidget *
_editor_oob_panel_build_reinforcements_group (EditorOobPanel *self,
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
