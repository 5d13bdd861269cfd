/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "editor-scenario-properties.h"
#include "editor-rule-option.h"
#include "sand-ruleset-labels.h"

struct _EditorScenarioProperties
{
  GtkWidget parent_instance;

  EditorDocument *document;
  SandScenario *scenario;
  gulong changed_id;
  guint rebuild_id;
  guint own_edit;
  gboolean updating;

  GtkWidget *scroller;
  GtkWidget *page;
  GtkWidget *levels;      /* the Victory Levels group, in page */
  GPtrArray *option_switches; /* GtkSwitch* in page, each with its "option" */
  guint levels_tick_id;   /* waits for the page's layout to scroll to it */
  guint levels_ticks;
  int new_level;          /* the level just added, whose title to select, or -1 */
  GtkWidget *new_label;   /* its title entry, in page */
  double scroll_back;     /* where the page was before a rebuild */
  guint back_tick_id;
  guint back_ticks;
};

G_DEFINE_FINAL_TYPE (EditorScenarioProperties, editor_scenario_properties, GTK_TYPE_WIDGET)

static void rebuild (EditorScenarioProperties *self);
static gboolean back_tick_cb (GtkWidget     *widget,
                              GdkFrameClock *clock,
                              gpointer       user_data);

#define OWN(self, call) G_STMT_START { (self)->own_edit++; call; (self)->own_edit--; } G_STMT_END

static void
entry_apply_cb (AdwEntryRow              *row,
                EditorScenarioProperties *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (row));

  if (!self->updating)
    OWN (self, editor_document_set_title (self->document, text));
}

static void
text_commit (EditorScenarioProperties *self,
             GtkTextView              *view)
{
  const char *field = g_object_get_data (G_OBJECT (view), "field");
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  GtkTextIter start, end;
  g_autofree char *text = NULL;

  if (self->updating || self->document == NULL)
    return;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  if (g_str_equal (field, "description"))
    OWN (self, editor_document_set_description (self->document, text));
  else if (g_str_equal (field, "notes"))
    OWN (self, editor_document_set_notes (self->document, text));
  else
    OWN (self, editor_document_set_victory_text (self->document, text));
}

static void
text_leave_cb (GtkEventControllerFocus  *focus,
               EditorScenarioProperties *self)
{
  text_commit (self, GTK_TEXT_VIEW (gtk_event_controller_get_widget (
                                      GTK_EVENT_CONTROLLER (focus))));
}

static GtkWidget *
text_group (EditorScenarioProperties *self,
            const char               *title,
            const char               *description,
            const char               *field,
            const char               *text)
{
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *frame = gtk_frame_new (NULL);
  GtkWidget *view = gtk_text_view_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description);
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (view), 8);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (view), 8);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (view), 6);
  gtk_widget_set_size_request (view, -1, 80);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (view)), text ? text : "",
                            -1);
  g_object_set_data (G_OBJECT (view), "field", (gpointer) field);
  /* One undo step per visit, not per keystroke. */
  g_signal_connect (focus, "leave", G_CALLBACK (text_leave_cb), self);
  gtk_widget_add_controller (view, focus);
  gtk_frame_set_child (GTK_FRAME (frame), view);
  gtk_widget_add_css_class (frame, "view");
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), frame);
  return group;
}

static void
turns_cb (GtkSpinButton            *spin,
          EditorScenarioProperties *self)
{
  if (!self->updating)
    OWN (self, editor_document_set_turns (self->document,
                                          gtk_spin_button_get_value_as_int (spin)));
}

static void
first_side_cb (AdwComboRow              *row,
               GParamSpec               *pspec,
               EditorScenarioProperties *self)
{
  if (!self->updating)
    OWN (self, editor_document_set_first_side (self->document, adw_combo_row_get_selected (row)));
}

/* The ruleset says what an option needs (Formation Status, the Standard
 * Game): the engine answers which options a switch brings or takes with
 * it, and the whole change is one undo step. */
static void
option_cb (GtkSwitch                *sw,
           GParamSpec               *pspec,
           EditorScenarioProperties *self)
{
  const char *option = g_object_get_data (G_OBJECT (sw), "option");
  gboolean on = gtk_switch_get_active (sw);
  g_auto(GStrv) before = NULL;
  g_auto(GStrv) after = NULL;

  if (self->updating)
    return;
  before = sand_scenario_list_options (self->scenario);
  after = sand_ruleset_switch_option (sand_scenario_get_ruleset (self->scenario),
                                      (const char * const *) before, option, on);
  self->own_edit++;
  editor_document_begin_edit (self->document,
                              on ? _("Turn Rule Option On") : _("Turn Rule Option Off"));
  for (guint i = 0; before[i] != NULL; i++)
    if (!g_strv_contains ((const char * const *) after, before[i]))
      editor_document_set_option (self->document, before[i], FALSE);
  for (guint i = 0; after[i] != NULL; i++)
    if (!g_strv_contains ((const char * const *) before, after[i]))
      editor_document_set_option (self->document, after[i], TRUE);
  editor_document_end_edit (self->document);
  self->own_edit--;

  self->updating = TRUE;
  for (guint i = 0; i < self->option_switches->len; i++)
    {
      GtkSwitch *other = g_ptr_array_index (self->option_switches, i);

      gtk_switch_set_active (other, sand_scenario_has_option (self->scenario,
                                                              g_object_get_data (G_OBJECT (other),
                                                                                 "option")));
    }
  self->updating = FALSE;
}

/* Victory levels */

static GPtrArray *
current_levels (EditorScenarioProperties *self)
{
  GPtrArray *levels = g_ptr_array_new_with_free_func ((GDestroyNotify) sand_victory_level_free);

  for (guint i = 0; i < sand_scenario_n_victory_levels (self->scenario); i++)
    g_ptr_array_add (levels,
                     sand_victory_level_copy (sand_scenario_get_victory_level (self->scenario, i)));
  return levels;
}

static gboolean
parse_bound (const char *text,
             int         open_value,
             int        *value)
{
  g_autofree char *t = g_strstrip (g_strdup (text));
  char *end = NULL;
  gint64 v;

  if (*t == '\0')
    {
      *value = open_value;
      return TRUE;
    }
  v = g_ascii_strtoll (t, &end, 10);
  if (end == NULL || *end != '\0' || v < -100000 || v > 100000)
    return FALSE;
  *value = (int) v;
  return TRUE;
}

static void
level_changed_cb (GtkWidget                *widget,
                  EditorScenarioProperties *self)
{
  const char *field = g_object_get_data (G_OBJECT (widget), "field");
  guint i = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (widget), "row-index"));
  g_autoptr(GPtrArray) levels = NULL;
  SandVictoryLevel *l;

  if (self->updating)
    return;
  levels = current_levels (self);
  if (i >= levels->len)
    return;
  l = g_ptr_array_index (levels, i);
  if (g_str_equal (field, "min") || g_str_equal (field, "max"))
    {
      gboolean is_min = g_str_equal (field, "min");
      if (!parse_bound (gtk_editable_get_text (GTK_EDITABLE (widget)),
                        is_min ? G_MININT : G_MAXINT, is_min ? &l->min : &l->max))
        {
          gtk_widget_add_css_class (widget, "error");
          gtk_widget_error_bell (widget);
          return;
        }
      gtk_widget_remove_css_class (widget, "error");
    }
  else if (g_str_equal (field, "label"))
    {
      g_free (l->label);
      l->label = g_strdup (gtk_editable_get_text (GTK_EDITABLE (widget)));
    }
  else
    l->winner = (int) gtk_drop_down_get_selected (GTK_DROP_DOWN (widget)) - 1;
  OWN (self, editor_document_set_victory_levels (self->document, levels));
  /* Levels stay ordered by their minimum. */
  if (g_str_equal (field, "min"))
    rebuild (self);
}

/* "notify::" handlers get the GParamSpec before the user data. */
static void
level_notify_cb (GtkWidget                *widget,
                 GParamSpec               *pspec,
                 EditorScenarioProperties *self)
{
  level_changed_cb (widget, self);
}

static void
level_remove_cb (GtkButton                *button,
                 EditorScenarioProperties *self)
{
  guint i = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "row-index"));
  g_autoptr(GPtrArray) levels = current_levels (self);

  if (i < levels->len)
    g_ptr_array_remove_index (levels, i);
  editor_document_set_victory_levels (self->document, levels);
}

static void
level_add_cb (GtkButton                *button,
              EditorScenarioProperties *self)
{
  g_autoptr(GPtrArray) levels = current_levels (self);
  int min = 0;

  if (levels->len > 0)
    {
      const SandVictoryLevel *last = g_ptr_array_index (levels, levels->len - 1);
      min = last->max == G_MAXINT ? (last->min == G_MININT ? 0 : last->min + 1) : last->max + 1;
    }
  g_ptr_array_add (levels, sand_victory_level_new (min, G_MAXINT, _("Victory"), -1));
  /* The rebuilt page comes back where it was, the new level in view with
   * its title selected, to be typed over (issue 17). */
  self->new_level = (int) levels->len - 1;
  editor_document_set_victory_levels (self->document, levels);
}

static GtkWidget *
bound_entry (guint       i,
             const char *field,
             int         value,
             int         open_value,
             const char *placeholder)
{
  GtkWidget *entry = gtk_entry_new ();
  g_autofree char *text = value == open_value ? g_strdup ("") : g_strdup_printf ("%d", value);

  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  /* Wide enough for the placeholder in any language ("oder weniger"):
   * an entry ellipsizes a placeholder it cannot show whole. */
  gtk_editable_set_width_chars (GTK_EDITABLE (entry),
                                MAX (5, (int) g_utf8_strlen (placeholder, -1) + 1));
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), placeholder);
  gtk_widget_set_valign (entry, GTK_ALIGN_CENTER);
  g_object_set_data (G_OBJECT (entry), "field", (gpointer) field);
  g_object_set_data (G_OBJECT (entry), "row-index", GUINT_TO_POINTER (i));
  return entry;
}

static GtkWidget *
levels_group (EditorScenarioProperties *self)
{
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *add = gtk_button_new_from_icon_name ("list-add-symbolic");
  SandRuleset *rs = sand_scenario_get_ruleset (self->scenario);

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Victory Levels"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         _("Net victory points from … to … (empty: no bound), "
                                           "what the level is called, and who wins"));
  gtk_widget_add_css_class (add, "flat");
  gtk_widget_set_tooltip_text (add, _("Add a Victory Level"));
  g_signal_connect (add, "clicked", G_CALLBACK (level_add_cb), self);
  adw_preferences_group_set_header_suffix (ADW_PREFERENCES_GROUP (group), add);

  for (guint i = 0; i < sand_scenario_n_victory_levels (self->scenario); i++)
    {
      const SandVictoryLevel *l = sand_scenario_get_victory_level (self->scenario, i);
      GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *row2 = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *min, *max, *label, *winner, *remove;
      g_autoptr(GtkStringList) winners = gtk_string_list_new (NULL);

      /* The level's name on the first line, its range and winner below. */
      gtk_widget_set_margin_top (card, 6);
      gtk_widget_set_margin_bottom (card, 6);
      gtk_widget_set_margin_start (card, 6);
      gtk_widget_set_margin_end (card, 6);
      gtk_box_append (GTK_BOX (card), row);
      gtk_box_append (GTK_BOX (card), row2);

      label = gtk_entry_new ();
      gtk_editable_set_text (GTK_EDITABLE (label), l->label ? l->label : "");
      gtk_widget_set_hexpand (label, TRUE);
      gtk_widget_set_tooltip_text (label, _("The level's name; Enter to set"));
      g_object_set_data (G_OBJECT (label), "field", (gpointer) "label");
      g_object_set_data (G_OBJECT (label), "row-index", GUINT_TO_POINTER (i));
      g_signal_connect (label, "activate", G_CALLBACK (level_changed_cb), self);
      gtk_box_append (GTK_BOX (row), label);
      if ((int) i == self->new_level)
        self->new_label = label;

      remove = gtk_button_new_from_icon_name ("edit-delete-symbolic");
      gtk_widget_add_css_class (remove, "flat");
      gtk_widget_set_tooltip_text (remove, _("Remove this level"));
      g_object_set_data (G_OBJECT (remove), "row-index", GUINT_TO_POINTER (i));
      g_signal_connect (remove, "clicked", G_CALLBACK (level_remove_cb), self);
      gtk_box_append (GTK_BOX (row), remove);

      gtk_box_append (GTK_BOX (row2), gtk_label_new (_("net VP")));
      min = bound_entry (i, "min", l->min, G_MININT, _("or less"));
      g_signal_connect (min, "activate", G_CALLBACK (level_changed_cb), self);
      gtk_box_append (GTK_BOX (row2), min);
      gtk_box_append (GTK_BOX (row2), gtk_label_new ("–"));
      max = bound_entry (i, "max", l->max, G_MAXINT, _("or more"));
      g_signal_connect (max, "activate", G_CALLBACK (level_changed_cb), self);
      gtk_box_append (GTK_BOX (row2), max);

      gtk_string_list_append (winners, _("Draw"));
      for (guint s = 0; s < sand_ruleset_n_sides (rs); s++)
        {
          /* Translators: a choice of the victory level's outcome; %s is
           * a side's name (msgctxt "side"), e.g. "Winner: German". */
          g_autofree char *wins = g_strdup_printf (_("Winner: %s"),
                                                   sand_ruleset_side_label (rs, s));
          gtk_string_list_append (winners, wins);
        }
      winner = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&winners)), NULL);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (winner), MAX (l->winner + 1, 0));
      gtk_widget_set_tooltip_text (winner, _("Who wins at this level"));
      gtk_widget_set_hexpand (winner, TRUE);
      gtk_widget_set_halign (winner, GTK_ALIGN_END);
      g_object_set_data (G_OBJECT (winner), "field", (gpointer) "winner");
      g_object_set_data (G_OBJECT (winner), "row-index", GUINT_TO_POINTER (i));
      g_signal_connect (winner, "notify::selected", G_CALLBACK (level_notify_cb), self);
      gtk_box_append (GTK_BOX (row2), winner);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), card);
    }
  return group;
}

static void
rebuild (EditorScenarioProperties *self)
{
  SandRuleset *rs;
  GtkWidget *group, *row, *spin;
  g_autoptr(GtkStringList) sides = gtk_string_list_new (NULL);
  g_auto(GStrv) options = NULL;
  g_autoptr(GPtrArray) shown = g_ptr_array_new ();
  const char *rs_id;

  g_clear_handle_id (&self->rebuild_id, g_source_remove);
  if (self->page != NULL)
    {
      self->scroll_back = gtk_adjustment_get_value (
        gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller)));
      self->back_ticks = 0;
      if (self->back_tick_id == 0)
        self->back_tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), back_tick_cb,
                                                           NULL, NULL);
    }
  self->page = NULL;
  self->levels = NULL;
  self->new_label = NULL;
  g_ptr_array_set_size (self->option_switches, 0);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), NULL);
  if (self->scenario == NULL)
    return;

  self->updating = TRUE;
  rs = sand_scenario_get_ruleset (self->scenario);
  rs_id = sand_ruleset_get_id (rs);
  self->page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 24);
  gtk_widget_set_margin_start (self->page, 12);
  gtk_widget_set_margin_end (self->page, 12);
  gtk_widget_set_margin_top (self->page, 12);
  gtk_widget_set_margin_bottom (self->page, 12);

  /* General */
  group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Scenario"));
  row = adw_entry_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Title"));
  adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (row), TRUE);
  gtk_editable_set_text (GTK_EDITABLE (row),
                         sand_scenario_get_title (self->scenario)
                         ? sand_scenario_get_title (self->scenario) : "");
  g_signal_connect (row, "apply", G_CALLBACK (entry_apply_cb), self);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Ruleset"));
  {
    g_autofree char *sub = g_strdup_printf (_("%s (%s) — fixed when the map was made"),
                                            sand_ruleset_get_label (rs), rs_id);
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), sub);
  }
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  gtk_box_append (GTK_BOX (self->page), group);

  gtk_box_append (GTK_BOX (self->page),
                  text_group (self, _("Description"), _("What players read before they play"),
                              "description", sand_scenario_get_description (self->scenario)));
  gtk_box_append (GTK_BOX (self->page),
                  text_group (self, _("Designer Notes"),
                              _("Sources, choices and what is left to check"), "notes",
                              sand_scenario_get_notes (self->scenario)));

  /* Game */
  group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Game"));
  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Game-Turns"));
  spin = gtk_spin_button_new_with_range (1, 999, 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), sand_scenario_get_turns (self->scenario));
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  g_signal_connect (spin, "value-changed", G_CALLBACK (turns_cb), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);

  for (guint i = 0; i < sand_ruleset_n_sides (rs); i++)
    gtk_string_list_append (sides, sand_ruleset_side_label (rs, i));
  row = adw_combo_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("First Side"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("Moves first in each Game-Turn"));
  adw_combo_row_set_expression (ADW_COMBO_ROW (row),
                                gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL,
                                                             "string"));
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (sides));
  adw_combo_row_set_selected (ADW_COMBO_ROW (row),
                              MAX (sand_scenario_get_first_side (self->scenario), 0));
  g_signal_connect (row, "notify::selected", G_CALLBACK (first_side_cb), self);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);

  /* The ruleset's options, then any the scenario holds that it does not
   * know (a misspelt id, a ruleset changed since), so they can be seen and
   * switched off. */
  options = sand_scenario_list_options (self->scenario);
  for (guint i = 0; i < sand_ruleset_get_n_options (rs) + g_strv_length (options); i++)
    {
      const SandOptionDef *def = NULL;
      const char *id;
      g_autofree char *subtitle = NULL;
      GtkWidget *sw;
      gboolean dup = FALSE;

      if (i < sand_ruleset_get_n_options (rs))
        {
          def = sand_ruleset_get_option (rs, i);
          id = def->id;
          subtitle = editor_rule_option_subtitle (rs, def);
        }
      else
        {
          id = options[i - sand_ruleset_get_n_options (rs)];
          subtitle = g_strdup_printf (_("Not a rule option of %s: the rules ignore it"),
                                      sand_ruleset_get_label (rs));
        }
      for (guint k = 0; k < shown->len && !dup; k++)
        dup = g_str_equal (g_ptr_array_index (shown, k), id);
      if (dup)
        continue;
      g_ptr_array_add (shown, (gpointer) id);
      row = adw_action_row_new ();
      /* Ruleset text is data: no markup. */
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                     def != NULL ? sand_ruleset_label ("option", def->name) : id);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      sw = gtk_switch_new ();
      gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
      gtk_switch_set_active (GTK_SWITCH (sw), sand_scenario_has_option (self->scenario, id));
      g_object_set_data_full (G_OBJECT (sw), "option", g_strdup (id), g_free);
      g_signal_connect (sw, "notify::active", G_CALLBACK (option_cb), self);
      g_ptr_array_add (self->option_switches, sw);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), sw);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
    }
  gtk_box_append (GTK_BOX (self->page), group);

  /* Victory */
  gtk_box_append (GTK_BOX (self->page),
                  text_group (self, _("Victory Conditions"),
                              _("How victory points are scored, as printed"), "victory",
                              sand_scenario_get_victory_text (self->scenario)));
  self->levels = levels_group (self);
  gtk_box_append (GTK_BOX (self->page), self->levels);

  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->page);
  self->new_level = -1;
  self->updating = FALSE;
}

static gboolean
rebuild_idle_cb (gpointer data)
{
  EditorScenarioProperties *self = data;

  self->rebuild_id = 0;
  rebuild (self);
  return G_SOURCE_REMOVE;
}

static void
changed_cb (EditorScenarioProperties *self)
{
  if (self->own_edit == 0 && self->rebuild_id == 0)
    self->rebuild_id = g_idle_add (rebuild_idle_cb, self);
}

void
editor_scenario_properties_set_document (EditorScenarioProperties *self,
                                         EditorDocument           *document)
{
  g_return_if_fail (EDITOR_IS_SCENARIO_PROPERTIES (self));

  if (self->document == document)
    return;
  if (self->scenario != NULL)
    g_clear_signal_handler (&self->changed_id, self->scenario);
  g_clear_object (&self->scenario);
  g_set_object (&self->document, document);
  if (document != NULL)
    {
      self->scenario = g_object_ref (editor_document_get_scenario (document));
      self->changed_id = g_signal_connect_swapped (self->scenario, "changed",
                                                   G_CALLBACK (changed_cb), self);
    }
  rebuild (self);
  self->scroll_back = 0; /* another scenario starts at its top */
}

static void
editor_scenario_properties_dispose (GObject *object)
{
  EditorScenarioProperties *self = (EditorScenarioProperties *) object;

  g_clear_handle_id (&self->rebuild_id, g_source_remove);
  if (self->scenario != NULL)
    g_clear_signal_handler (&self->changed_id, self->scenario);
  g_clear_object (&self->scenario);
  g_clear_object (&self->document);
  if (self->levels_tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->levels_tick_id);
      self->levels_tick_id = 0;
    }
  if (self->back_tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->back_tick_id);
      self->back_tick_id = 0;
    }
  self->page = NULL;
  self->levels = NULL;
  g_clear_pointer (&self->option_switches, g_ptr_array_unref);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);

  G_OBJECT_CLASS (editor_scenario_properties_parent_class)->dispose (object);
}

static void
editor_scenario_properties_class_init (EditorScenarioPropertiesClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = editor_scenario_properties_dispose;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
}

static void
editor_scenario_properties_init (EditorScenarioProperties *self)
{
  self->option_switches = g_ptr_array_new ();
  self->new_level = -1;
  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_AUTOMATIC,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
}

/* The page has just been shown, so the levels have no place yet: wait a
 * few frames for the layout, then bring their heading to the top. */
static gboolean
levels_tick_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  EditorScenarioProperties *self = EDITOR_SCENARIO_PROPERTIES (widget);
  graphene_point_t at;
  GtkAdjustment *adj;

  if (self->levels == NULL || self->levels_ticks++ > 30)
    {
      self->levels_tick_id = 0;
      return G_SOURCE_REMOVE;
    }
  if (gtk_widget_get_height (self->levels) == 0
      || !gtk_widget_compute_point (self->levels, self->page, &GRAPHENE_POINT_INIT (0, 0), &at))
    return G_SOURCE_CONTINUE;
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller));
  gtk_adjustment_set_value (adj, at.y);
  self->levels_tick_id = 0;
  return G_SOURCE_REMOVE;
}

/* After a rebuild, once laid out: the page back where it was (a new
 * page starts at the top, which threw the designer away from the level
 * being edited), then a level just added scrolled into view and its title
 * selected. */
static gboolean
back_tick_cb (GtkWidget     *widget,
              GdkFrameClock *clock,
              gpointer       user_data)
{
  EditorScenarioProperties *self = EDITOR_SCENARIO_PROPERTIES (widget);
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller));
  graphene_rect_t b;

  if (self->page == NULL || gtk_widget_get_height (self->page) == 0)
    return G_SOURCE_CONTINUE;
  if (self->back_ticks++ == 0)
    gtk_adjustment_set_value (adj, self->scroll_back);
  /* The whole card of a new level: its title and, below it, the range and
   * winner. Wrapped text above it settles over a few frames, moving it
   * down, so it is kept in view for those. */
  if (self->new_label != NULL
      && gtk_widget_compute_bounds (gtk_widget_get_parent (gtk_widget_get_parent (
                                      self->new_label)), self->page, &b))
    {
      double top = gtk_adjustment_get_value (adj);
      double page = gtk_adjustment_get_page_size (adj);

      if (self->back_ticks == 1)
        {
          gtk_widget_grab_focus (self->new_label);
          gtk_editable_select_region (GTK_EDITABLE (self->new_label), 0, -1);
        }
      if (b.origin.y < top)
        gtk_adjustment_set_value (adj, b.origin.y);
      else if (b.origin.y + b.size.height > top + page)
        gtk_adjustment_set_value (adj, b.origin.y + b.size.height - page);
      if (self->back_ticks < 6)
        return G_SOURCE_CONTINUE;
    }
  self->new_label = NULL;
  self->back_tick_id = 0;
  return G_SOURCE_REMOVE;
}

void
editor_scenario_properties_show_victory_levels (EditorScenarioProperties *self)
{
  g_return_if_fail (EDITOR_IS_SCENARIO_PROPERTIES (self));

  self->levels_ticks = 0;
  if (self->levels_tick_id == 0)
    self->levels_tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), levels_tick_cb,
                                                         NULL, NULL);
}

GtkWidget *
editor_scenario_properties_new (void)
{
  return g_object_new (EDITOR_TYPE_SCENARIO_PROPERTIES, NULL);
}
