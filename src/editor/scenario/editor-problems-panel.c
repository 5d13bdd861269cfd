/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include <adwaita.h>

#include "editor-problems-panel.h"
#include "sand-validate.h"

struct _EditorProblemsPanel
{
  GtkWidget parent_instance;

  EditorDocument *document;
  SandScenario *scenario;
  SandMap *map;
  gulong scenario_changed_id;
  gulong map_changed_id;
  guint idle_id;
  GPtrArray *problems;
  guint n_errors;
  guint n_warnings;

  GtkWidget *box;
  GtkWidget *summary;
  GtkWidget *stack;
  GtkWidget *list;
};

G_DEFINE_FINAL_TYPE (EditorProblemsPanel, editor_problems_panel, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_N_ERRORS,
  PROP_N_WARNINGS,
  N_PROPS
};

enum {
  PROBLEM_ACTIVATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static GtkWidget *
problem_row_new (EditorProblemsPanel *self,
                 const SandProblem   *p)
{
  GtkWidget *row, *box, *icon, *text, *label, *where;
  g_autoptr(GString) sub = g_string_new (NULL);

  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  gtk_widget_set_margin_start (box, 8);
  gtk_widget_set_margin_end (box, 8);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  icon = gtk_image_new_from_icon_name (p->severity == SAND_SEVERITY_ERROR
                                       ? "dialog-error-symbolic"
                                       : "dialog-warning-symbolic");
  gtk_widget_add_css_class (icon, p->severity == SAND_SEVERITY_ERROR ? "error" : "warning");
  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_widget_set_tooltip_text (icon, p->severity == SAND_SEVERITY_ERROR ? _("Error")
                                                                        : _("Warning"));
  gtk_box_append (GTK_BOX (box), icon);

  text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_hexpand (text, TRUE);
  label = gtk_label_new (p->message);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (text), label);

  if (p->hex != SAND_HEX_NONE && self->map != NULL)
    {
      char id[SAND_HEX_ID_MAX];

      sand_grid_format_id (sand_map_get_grid (self->map), p->hex, id);
      g_string_append_printf (sub, _("Hex %s"), id);
    }
  if (p->counter != NULL)
    {
      if (sub->len > 0)
        g_string_append (sub, " · ");
      g_string_append_printf (sub, _("Counter %s"), p->counter);
    }
  if (p->line > 0)
    {
      if (sub->len > 0)
        g_string_append (sub, " · ");
      g_string_append_printf (sub, _("line %d"), p->line);
    }
  if (sub->len > 0)
    g_string_append (sub, " · ");
  g_string_append (sub, p->code);
  where = gtk_label_new (sub->str);
  gtk_label_set_xalign (GTK_LABEL (where), 0);
  gtk_label_set_ellipsize (GTK_LABEL (where), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (where, "dim-label");
  gtk_widget_add_css_class (where, "caption");
  gtk_box_append (GTK_BOX (text), where);
  gtk_box_append (GTK_BOX (box), text);

  row = gtk_list_box_row_new ();
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_widget_set_tooltip_text (row, p->hex != SAND_HEX_NONE || p->counter != NULL
                               ? _("Show where this is") : NULL);
  return row;
}

static void
editor_problems_panel_validate (EditorProblemsPanel *self)
{
  GtkWidget *child;
  guint errors = 0, warnings = 0;

  g_clear_handle_id (&self->idle_id, g_source_remove);
  g_clear_pointer (&self->problems, g_ptr_array_unref);
  if (self->scenario != NULL)
    self->problems = sand_scenario_validate (self->scenario);
  else
    self->problems = g_ptr_array_new ();

  while ((child = gtk_widget_get_first_child (self->list)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->list), child);
  for (guint i = 0; i < self->problems->len; i++)
    {
      const SandProblem *p = g_ptr_array_index (self->problems, i);

      if (p->severity == SAND_SEVERITY_ERROR)
        errors++;
      else
        warnings++;
      gtk_list_box_append (GTK_LIST_BOX (self->list), problem_row_new (self, p));
    }

  if (self->problems->len == 0)
    gtk_label_set_text (GTK_LABEL (self->summary), _("No problems found"));
  else
    {
      g_autofree char *e = g_strdup_printf (g_dngettext (NULL, "%u error", "%u errors", errors),
                                            errors);
      g_autofree char *w = g_strdup_printf (g_dngettext (NULL, "%u warning", "%u warnings",
                                                         warnings), warnings);
      g_autofree char *s = g_strdup_printf ("%s, %s", e, w);
      gtk_label_set_text (GTK_LABEL (self->summary), s);
    }
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack),
                                    self->problems->len ? "list" : "empty");
  /* The status page below already says "No Problems" in large type. */
  gtk_widget_set_visible (self->summary, self->problems->len > 0);

  if (errors != self->n_errors)
    {
      self->n_errors = errors;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ERRORS]);
    }
  if (warnings != self->n_warnings)
    {
      self->n_warnings = warnings;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_WARNINGS]);
    }
}

static gboolean
validate_idle_cb (gpointer data)
{
  EditorProblemsPanel *self = data;

  self->idle_id = 0;
  editor_problems_panel_validate (self);
  return G_SOURCE_REMOVE;
}

/* A brush stroke changes the map many times a second: validate once per
 * burst, when the main loop is idle. */
static void
queue_validate (EditorProblemsPanel *self)
{
  if (self->idle_id == 0)
    self->idle_id = g_idle_add_full (G_PRIORITY_LOW, validate_idle_cb, self, NULL);
}

static void
changed_cb (EditorProblemsPanel *self)
{
  queue_validate (self);
}

static void
row_activated_cb (EditorProblemsPanel *self,
                  GtkListBoxRow       *row)
{
  editor_problems_panel_activate (self, gtk_list_box_row_get_index (row));
}

void
editor_problems_panel_activate (EditorProblemsPanel *self,
                                guint                index)
{
  const SandProblem *p;

  g_return_if_fail (EDITOR_IS_PROBLEMS_PANEL (self));
  g_return_if_fail (self->problems != NULL && index < self->problems->len);

  p = g_ptr_array_index (self->problems, index);
  g_signal_emit (self, signals[PROBLEM_ACTIVATED], 0, p->hex, p->counter, p->code);
}

static void
disconnect (EditorProblemsPanel *self)
{
  if (self->scenario != NULL)
    g_clear_signal_handler (&self->scenario_changed_id, self->scenario);
  if (self->map != NULL)
    g_clear_signal_handler (&self->map_changed_id, self->map);
  g_clear_object (&self->scenario);
  g_clear_object (&self->map);
}

void
editor_problems_panel_set_document (EditorProblemsPanel *self,
                                    EditorDocument      *document)
{
  g_return_if_fail (EDITOR_IS_PROBLEMS_PANEL (self));
  g_return_if_fail (document == NULL || EDITOR_IS_DOCUMENT (document));

  disconnect (self);
  g_set_object (&self->document, document);
  if (document != NULL)
    {
      self->scenario = g_object_ref (editor_document_get_scenario (document));
      self->map = g_object_ref (editor_document_get_map (document));
      self->scenario_changed_id = g_signal_connect_swapped (self->scenario, "changed",
                                                            G_CALLBACK (changed_cb), self);
      self->map_changed_id = g_signal_connect_swapped (self->map, "changed",
                                                       G_CALLBACK (changed_cb), self);
    }
  editor_problems_panel_validate (self);
}

guint
editor_problems_panel_get_n_errors (EditorProblemsPanel *self)
{
  g_return_val_if_fail (EDITOR_IS_PROBLEMS_PANEL (self), 0);
  return self->n_errors;
}

guint
editor_problems_panel_get_n_warnings (EditorProblemsPanel *self)
{
  g_return_val_if_fail (EDITOR_IS_PROBLEMS_PANEL (self), 0);
  return self->n_warnings;
}

GPtrArray *
editor_problems_panel_get_problems (EditorProblemsPanel *self)
{
  g_return_val_if_fail (EDITOR_IS_PROBLEMS_PANEL (self), NULL);
  return self->problems;
}

void
editor_problems_panel_flush (EditorProblemsPanel *self)
{
  g_return_if_fail (EDITOR_IS_PROBLEMS_PANEL (self));
  if (self->idle_id != 0)
    editor_problems_panel_validate (self);
}

static void
editor_problems_panel_dispose (GObject *object)
{
  EditorProblemsPanel *self = (EditorProblemsPanel *) object;

  g_clear_handle_id (&self->idle_id, g_source_remove);
  disconnect (self);
  g_clear_object (&self->document);
  g_clear_pointer (&self->problems, g_ptr_array_unref);
  g_clear_pointer (&self->box, gtk_widget_unparent);

  G_OBJECT_CLASS (editor_problems_panel_parent_class)->dispose (object);
}

static void
editor_problems_panel_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  EditorProblemsPanel *self = EDITOR_PROBLEMS_PANEL (object);

  switch (prop_id)
    {
    case PROP_N_ERRORS:
      g_value_set_uint (value, self->n_errors);
      break;
    case PROP_N_WARNINGS:
      g_value_set_uint (value, self->n_warnings);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_problems_panel_class_init (EditorProblemsPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = editor_problems_panel_dispose;
  object_class->get_property = editor_problems_panel_get_property;

  properties[PROP_N_ERRORS] =
    g_param_spec_uint ("n-errors", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_WARNINGS] =
    g_param_spec_uint ("n-warnings", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[PROBLEM_ACTIVATED] =
    g_signal_new ("problem-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_INT, G_TYPE_STRING,
                  G_TYPE_STRING);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
editor_problems_panel_init (EditorProblemsPanel *self)
{
  GtkWidget *scroller, *empty;

  self->problems = g_ptr_array_new ();
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  self->summary = gtk_label_new (_("No problems found"));
  gtk_label_set_xalign (GTK_LABEL (self->summary), 0);
  gtk_widget_add_css_class (self->summary, "heading");
  gtk_widget_set_margin_start (self->summary, 12);
  gtk_widget_set_margin_top (self->summary, 8);
  gtk_widget_set_margin_bottom (self->summary, 8);
  gtk_box_append (GTK_BOX (self->box), self->summary);

  self->stack = gtk_stack_new ();
  gtk_widget_set_vexpand (self->stack, TRUE);
  gtk_box_append (GTK_BOX (self->box), self->stack);

  empty = adw_status_page_new ();
  adw_status_page_set_icon_name (ADW_STATUS_PAGE (empty), "emblem-ok-symbolic");
  adw_status_page_set_title (ADW_STATUS_PAGE (empty), _("No Problems"));
  adw_status_page_set_description (ADW_STATUS_PAGE (empty),
                                   _("The scenario passes every check of its rules"));
  gtk_widget_add_css_class (empty, "compact");
  gtk_stack_add_named (GTK_STACK (self->stack), empty, "empty");

  self->list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->list), GTK_SELECTION_SINGLE);
  gtk_list_box_set_activate_on_single_click (GTK_LIST_BOX (self->list), TRUE);
  gtk_widget_add_css_class (self->list, "navigation-sidebar");
  g_signal_connect_swapped (self->list, "row-activated", G_CALLBACK (row_activated_cb), self);
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), self->list);
  gtk_stack_add_named (GTK_STACK (self->stack), scroller, "list");
}

GtkWidget *
editor_problems_panel_new (void)
{
  return g_object_new (EDITOR_TYPE_PROBLEMS_PANEL, NULL);
}
