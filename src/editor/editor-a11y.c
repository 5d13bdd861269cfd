/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-a11y.c: accessible names derived from what is on screen (see the
 * header). GTK 4.8 has no getter for an accessible property, so the name
 * given is kept as object data, which also marks the widget as done. */
#include "config.h"

#include <adwaita.h>

#include "editor-a11y.h"

#define NAME_KEY "editor-a11y-name"
#define KEEP_KEY "editor-a11y-keep"
/* A trailing "(Ctrl+O)" or "(1)" in a tooltip is a shortcut, not a name. */
#define MAX_SHORTCUT_CHARS 16

/* "_Open" → "Open", "E_B" → "EB", "__" → "_". */
static char *
strip_mnemonic (const char *text)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '_')
        {
          if (p[1] == '_')
            {
              g_string_append_c (out, '_');
              p++;
            }
          continue;
        }
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

static char *
strip_shortcut (const char *text)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  gsize len = strlen (copy);
  const char *open;

  if (len > 2 && copy[len - 1] == ')' && (open = strrchr (copy, '(')) != NULL
      && open > copy && open[-1] == ' ' && (gsize) (copy + len - open) <= MAX_SHORTCUT_CHARS
      && memchr (open, ' ', copy + len - open) == NULL)
    return g_strstrip (g_strndup (copy, open - copy));
  return g_steal_pointer (&copy);
}

/* The tooltip's first line: the palette's say "Terrain Brush (B)" and
 * then how to use the tool. */
static char *
tooltip_name (GtkWidget *widget)
{
  const char *tip = gtk_widget_get_tooltip_text (widget);
  g_autofree char *line = NULL;

  if (tip == NULL || *tip == '\0')
    return NULL;
  line = g_strndup (tip, strcspn (tip, "\n"));
  return strip_shortcut (line);
}

static char *
row_title (GtkWidget *widget)
{
  for (GtkWidget *w = gtk_widget_get_parent (widget); w != NULL; w = gtk_widget_get_parent (w))
    {
      if (ADW_IS_PREFERENCES_ROW (w))
        {
          const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (w));

          if (title != NULL && *title != '\0')
            return adw_preferences_row_get_use_underline (ADW_PREFERENCES_ROW (w))
                   ? strip_mnemonic (title) : g_strdup (title);
          return NULL;
        }
      if (GTK_IS_LIST_BOX_ROW (w) || GTK_IS_WINDOW (w))
        return NULL;
    }
  return NULL;
}

/* A cell of a column view is named after its column: the cell is the
 * n-th child of its row for the n-th visible column (GtkColumnView >
 * its list view > row > cell). */
static char *
column_title (GtkWidget *widget)
{
  for (GtkWidget *cell = widget; cell != NULL; cell = gtk_widget_get_parent (cell))
    {
      GtkWidget *row = gtk_widget_get_parent (cell);
      GtkWidget *list = row != NULL ? gtk_widget_get_parent (row) : NULL;
      GtkWidget *view = list != NULL ? gtk_widget_get_parent (list) : NULL;
      GListModel *columns;
      guint index = 0, visible = 0;

      if (view == NULL || !GTK_IS_LIST_VIEW (list) || !GTK_IS_COLUMN_VIEW (view))
        continue;
      columns = gtk_column_view_get_columns (GTK_COLUMN_VIEW (view));
      for (GtkWidget *c = gtk_widget_get_first_child (row); c != cell;
           c = gtk_widget_get_next_sibling (c))
        index++;
      for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
        {
          g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);
          const char *title;

          if (!gtk_column_view_column_get_visible (column) || visible++ != index)
            continue;
          title = gtk_column_view_column_get_title (column);
          return title != NULL && *title != '\0' ? g_strdup (title) : NULL;
        }
      return NULL;
    }
  return NULL;
}

/* The label just before @widget in its box or grid ("Side: [dropdown]"). */
static char *
preceding_label (GtkWidget *widget)
{
  GtkWidget *prev = gtk_widget_get_prev_sibling (widget);
  const char *text;

  if (prev == NULL || !GTK_IS_LABEL (prev))
    return NULL;
  text = gtk_label_get_text (GTK_LABEL (prev));
  if (text == NULL || *text == '\0')
    return NULL;
  return g_strstrip (g_strdup (text));
}

static const char *
first_label_text (GtkWidget *widget)
{
  if (!gtk_widget_get_visible (widget))
    return NULL;
  if (GTK_IS_LABEL (widget))
    {
      const char *text = gtk_label_get_text (GTK_LABEL (widget));

      return text != NULL && *text != '\0' ? text : NULL;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      const char *text = first_label_text (c);

      if (text != NULL)
        return text;
    }
  return NULL;
}

/* The heading of the section a field sits in: the first label before it,
 * a few levels up ("Description" above a frame holding a text view). */
static char *
heading_label (GtkWidget *widget)
{
  GtkWidget *w = widget;

  for (int level = 0; w != NULL && level < 4; level++, w = gtk_widget_get_parent (w))
    for (GtkWidget *p = gtk_widget_get_prev_sibling (w); p != NULL;
         p = gtk_widget_get_prev_sibling (p))
      {
        const char *text = first_label_text (p);

        if (text != NULL)
          return g_strstrip (g_strdup (text));
      }
  return NULL;
}

/* A label that names it through its mnemonic, or the action row whose
 * activatable widget it is, already gives it a name (GTK's "labelled by"):
 * a label of ours would be read before that one. */
static gboolean
labelled_by_other (GtkWidget *widget)
{
  GList *labels = gtk_widget_list_mnemonic_labels (widget);
  gboolean labelled = labels != NULL;

  g_list_free (labels);
  for (GtkWidget *w = gtk_widget_get_parent (widget); !labelled && w != NULL;
       w = gtk_widget_get_parent (w))
    if (ADW_IS_ACTION_ROW (w))
      {
        labelled = adw_action_row_get_activatable_widget (ADW_ACTION_ROW (w)) == widget;
        break;
      }
  return labelled;
}

static char *
field_name (GtkWidget *widget)
{
  char *name;

  if (labelled_by_other (widget))
    return NULL;

  if ((name = tooltip_name (widget)) != NULL)
    return name;
  if (GTK_IS_ENTRY (widget) || GTK_IS_SEARCH_ENTRY (widget) || GTK_IS_TEXT (widget))
    {
      const char *placeholder = NULL;

      g_object_get (widget, "placeholder-text", &name, NULL);
      placeholder = name;
      if (placeholder != NULL && *placeholder != '\0')
        return name;
      g_free (name);
    }
  if ((name = row_title (widget)) != NULL)
    return name;
  if ((name = column_title (widget)) != NULL)
    return name;
  if ((name = preceding_label (widget)) != NULL)
    return name;
  return heading_label (widget);
}

/* All the label text under @widget, in order. */
static void
collect_text (GtkWidget *widget,
              GString   *out)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget))
    {
      const char *text = gtk_label_get_text (GTK_LABEL (widget));

      if (text != NULL && *text != '\0')
        {
          if (out->len > 0)
            g_string_append (out, ", ");
          g_string_append (out, text);
        }
      return;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    collect_text (c, out);
}

static void
set_name (GtkWidget  *widget,
          const char *name)
{
  if (name == NULL || *name == '\0'
      || g_strcmp0 (g_object_get_data (G_OBJECT (widget), NAME_KEY), name) == 0)
    return;
  g_object_set_data_full (G_OBJECT (widget), NAME_KEY, g_strdup (name), g_free);
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);
}

/* What @widget should be called, or NULL when GTK names it well. */
static char *derive_name (GtkWidget *widget);

/* What a dropdown is called, however it got its name. */
static char *
owner_name (GtkWidget *owner)
{
  char *name = derive_name (owner);
  GList *labels;

  if (name != NULL)
    return name;
  if (editor_a11y_get_name (owner) != NULL)
    return g_strdup (editor_a11y_get_name (owner));
  labels = gtk_widget_list_mnemonic_labels (owner);
  if (labels != NULL)
    name = g_strdup (gtk_label_get_text (GTK_LABEL (labels->data)));
  g_list_free (labels);
  return name != NULL ? name : row_title (owner);
}

static char *
derive_name (GtkWidget *widget)
{
  GtkWidget *parent = gtk_widget_get_parent (widget);
  g_autoptr(GString) text = g_string_new (NULL);
  char *name;

  if (GTK_IS_MENU_BUTTON (widget))
    {
      const char *label = gtk_menu_button_get_label (GTK_MENU_BUTTON (widget));

      if (label != NULL && *label != '\0')
        return gtk_menu_button_get_use_underline (GTK_MENU_BUTTON (widget))
               ? strip_mnemonic (label) : g_strdup (label);
      return tooltip_name (widget);
    }
  if (GTK_IS_DROP_DOWN (widget) || GTK_IS_SPIN_BUTTON (widget) || GTK_IS_ENTRY (widget)
      || GTK_IS_SEARCH_ENTRY (widget) || GTK_IS_TEXT_VIEW (widget)
      || GTK_IS_PASSWORD_ENTRY (widget))
    return field_name (widget);
  if (GTK_IS_TEXT (widget) && parent != NULL
      && (GTK_IS_ENTRY (parent) || GTK_IS_SPIN_BUTTON (parent) || GTK_IS_SEARCH_ENTRY (parent)))
    return editor_a11y_get_name (parent) != NULL ? g_strdup (editor_a11y_get_name (parent))
                                                 : field_name (parent);
  if (GTK_IS_BUTTON (widget))
    {
      const char *label = gtk_button_get_label (GTK_BUTTON (widget));

      /* The button inside a menu button is read through its owner (GTK
       * labels it by the menu button); a dropdown's is not. */
      if (parent != NULL && GTK_IS_MENU_BUTTON (parent))
        return NULL;
      if (parent != NULL && GTK_IS_DROP_DOWN (parent))
        return owner_name (parent);
      /* A labelled button is read by its label, or its content's. */
      if ((label != NULL && *label != '\0')
          || ADW_IS_BUTTON_CONTENT (gtk_button_get_child (GTK_BUTTON (widget))))
        return NULL;
      /* Icons, or text that changes (the zoom level): the tooltip says
       * what it does. */
      if ((name = tooltip_name (widget)) != NULL)
        return name;
      collect_text (widget, text);
      return text->len > 0 ? g_strdup (text->str) : NULL;
    }
  if (GTK_IS_CHECK_BUTTON (widget))
    {
      const char *label = gtk_check_button_get_label (GTK_CHECK_BUTTON (widget));

      return label == NULL || *label == '\0' ? field_name (widget) : NULL;
    }
  if (GTK_IS_LIST_BOX_ROW (widget) || GTK_IS_FLOW_BOX_CHILD (widget)
      || gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget))
         == GTK_ACCESSIBLE_ROLE_LIST_ITEM)
    {
      if (ADW_IS_PREFERENCES_ROW (widget))
        {
          const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget));

          if (title != NULL && *title != '\0')
            return adw_preferences_row_get_use_underline (ADW_PREFERENCES_ROW (widget))
                   ? strip_mnemonic (title) : NULL;
        }
      if ((name = tooltip_name (widget)) != NULL)
        return name;
      collect_text (widget, text);
      return text->len > 0 ? g_strdup (text->str) : NULL;
    }
  return NULL;
}

static void
tooltip_changed_cb (GtkWidget *widget)
{
  g_autofree char *name = derive_name (widget);

  set_name (widget, name);
}

static void
row_label_changed_cb (GtkWidget *label,
                      GParamSpec *pspec,
                      GtkWidget  *row)
{
  tooltip_changed_cb (row);
}

/* A list view reuses its rows for other items: follow their labels. */
static void
follow_labels (GtkWidget *row,
               GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    g_signal_connect_object (widget, "notify::label", G_CALLBACK (row_label_changed_cb), row, 0);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    follow_labels (row, c);
}

/* GTK 4.8 gives a button with a mnemonic the raw label ("_Open") as its
 * accessible label and reads its label child after it ("_Open Open"):
 * without the property, the child alone names it. */
static gboolean
mnemonic_label (GtkWidget *widget)
{
  const char *label = NULL;
  gboolean underline = FALSE;

  if (GTK_IS_BUTTON (widget))
    {
      label = gtk_button_get_label (GTK_BUTTON (widget));
      underline = gtk_button_get_use_underline (GTK_BUTTON (widget));
    }
  else if (GTK_IS_CHECK_BUTTON (widget))
    {
      label = gtk_check_button_get_label (GTK_CHECK_BUTTON (widget));
      underline = gtk_check_button_get_use_underline (GTK_CHECK_BUTTON (widget));
    }
  return underline && label != NULL && strchr (label, '_') != NULL;
}

static void
label_changed_cb (GtkWidget *widget)
{
  if (mnemonic_label (widget))
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL);
}

static void
name_widget (GtkWidget *widget)
{
  g_autofree char *name = NULL;

  if ((GTK_IS_BUTTON (widget) || GTK_IS_CHECK_BUTTON (widget))
      && g_object_get_data (G_OBJECT (widget), "editor-a11y-mnemonic") == NULL)
    {
      g_object_set_data (G_OBJECT (widget), "editor-a11y-mnemonic", GINT_TO_POINTER (1));
      g_signal_connect_after (widget, "notify::label", G_CALLBACK (label_changed_cb), NULL);
      label_changed_cb (widget);
    }

  if (g_object_get_data (G_OBJECT (widget), KEEP_KEY) != NULL
      || g_object_get_data (G_OBJECT (widget), NAME_KEY) != NULL)
    return;
  /* A row's text may come after it is mapped (a log line), or change
   * when a list view gives the row to another item. */
  if (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget)) == GTK_ACCESSIBLE_ROLE_LIST_ITEM
      && g_object_get_data (G_OBJECT (widget), "editor-a11y-follow") == NULL)
    {
      g_object_set_data (G_OBJECT (widget), "editor-a11y-follow", GINT_TO_POINTER (1));
      follow_labels (widget, widget);
    }
  name = derive_name (widget);
  if (name == NULL)
    return;
  /* The problems button's tooltip counts the problems. */
  g_signal_connect (widget, "notify::tooltip-text", G_CALLBACK (tooltip_changed_cb), NULL);
  set_name (widget, name);
}

void
editor_a11y_name_tree (GtkWidget *widget)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  name_widget (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    editor_a11y_name_tree (c);
}

const char *
editor_a11y_get_name (GtkWidget *widget)
{
  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);
  return g_object_get_data (G_OBJECT (widget), NAME_KEY);
}

static gboolean
map_hook (GSignalInvocationHint *hint,
          guint                  n_values,
          const GValue          *values,
          gpointer               data)
{
  GtkWidget *widget = g_value_get_object (&values[0]);

  /* The whole tree: a reader also sees what is not mapped (the pages of
   * a stack not shown), and named widgets are passed over quickly. */
  editor_a11y_name_tree (widget);
  return TRUE;
}

void
editor_a11y_install (void)
{
  static gsize installed = 0;

  if (g_once_init_enter (&installed))
    {
      GTypeClass *klass = g_type_class_ref (GTK_TYPE_WIDGET);

      g_signal_add_emission_hook (g_signal_lookup ("map", GTK_TYPE_WIDGET), 0, map_hook, NULL,
                                  NULL);
      g_type_class_unref (klass);
      g_once_init_leave (&installed, 1);
    }
}
