/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-counter-mix.c: the counter mix's table — its model (the
 * scenario's counter ids, filtered and sorted), columns, counts, and the
 * add, duplicate and delete actions. The cells are in
 * editor-counter-mix-cells.c. */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "editor-counter-mix-private.h"
#include "sand-ruleset-labels.h"

G_DEFINE_FINAL_TYPE (EditorCounterMix, editor_counter_mix, GTK_TYPE_WIDGET)

const SandCounter *
_editor_counter_mix_lookup (EditorCounterMix *self,
                            const char       *id)
{
  int k;

  if (self->scenario == NULL || id == NULL)
    return NULL;
  k = sand_scenario_find_counter (self->scenario, id);
  return k < 0 ? NULL : sand_scenario_get_counter (self->scenario, k);
}

static char *
string_key (GtkStringObject  *obj,
            EditorCounterMix *self,
            Column            col)
{
  const SandCounter *c = _editor_counter_mix_lookup (self, gtk_string_object_get_string (obj));

  return c ? _editor_counter_mix_cell_text (self, c, col) : g_strdup ("");
}

static int
int_key (GtkStringObject  *obj,
         EditorCounterMix *self,
         Column            col)
{
  const SandCounter *c = _editor_counter_mix_lookup (self, gtk_string_object_get_string (obj));

  if (c == NULL)
    return 0;
  switch (col)
    {
    case COL_SIDE: return c->side;
    case COL_TYPE: return c->type;
    case COL_STRENGTH: return c->strength;
    case COL_REDUCED: return c->reduced;
    case COL_STEPS: return c->steps;
    case COL_MA: return c->ma;
    case COL_QUALITY: return c->quality;
    default: return 0;
    }
}

#define SKEY(name, col) \
  static char *name##_skey (GtkStringObject *o, EditorCounterMix *s) \
  { return string_key (o, s, col); }
#define IKEY(name, col) \
  static int name##_ikey (GtkStringObject *o, EditorCounterMix *s) \
  { return int_key (o, s, col); }
SKEY (name, COL_NAME)
SKEY (use, COL_USE)
IKEY (strength, COL_STRENGTH)
IKEY (steps, COL_STEPS)
IKEY (ma, COL_MA)
#undef SKEY
#undef IKEY

static GtkSorter *
make_sorter (EditorCounterMix *self,
             gboolean          numeric,
             GCallback         func)
{
  GtkExpression *expr = gtk_cclosure_expression_new (numeric ? G_TYPE_INT : G_TYPE_STRING,
                                                     NULL, 0, NULL, func, self, NULL);

  if (numeric)
    return GTK_SORTER (gtk_numeric_sorter_new (expr));
  return GTK_SORTER (gtk_string_sorter_new (expr));
}

static void
add_column (EditorCounterMix *self,
            Column            col,
            const char       *title,
            GtkSorter        *sorter,
            gboolean          expand)
{
  GtkListItemFactory *factory = _editor_counter_mix_cell_factory (self, col);
  GtkColumnViewColumn *column;

  column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_resizable (column, TRUE);
  gtk_column_view_column_set_expand (column, expand);
  if (sorter != NULL)
    {
      gtk_column_view_column_set_sorter (column, sorter);
      g_object_unref (sorter);
    }
  gtk_column_view_append_column (self->view, column);
  self->columns[col] = column;
  g_object_unref (column);
}

/* Filtering */

static gboolean
filter_func (gpointer item,
             gpointer user_data)
{
  EditorCounterMix *self = user_data;
  const SandCounter *c = _editor_counter_mix_lookup (self, gtk_string_object_get_string (item));

  if (c == NULL)
    return FALSE;
  if (self->side_filter_value >= 0 && c->side != self->side_filter_value)
    return FALSE;
  if (self->type_filter_value >= 0 && c->type != self->type_filter_value)
    return FALSE;
  if (self->parent_filter_value != NULL && g_strcmp0 (c->parent, self->parent_filter_value) != 0)
    return FALSE;
  if (self->text_filter_value != NULL && *self->text_filter_value != '\0')
    {
      const char *hay[] = { c->id, c->name, c->parent, c->note };
      g_autofree char *needle = g_utf8_casefold (self->text_filter_value, -1);

      for (guint i = 0; i < G_N_ELEMENTS (hay); i++)
        if (hay[i] != NULL)
          {
            g_autofree char *h = g_utf8_casefold (hay[i], -1);
            if (strstr (h, needle) != NULL)
              return TRUE;
          }
      return FALSE;
    }
  return TRUE;
}

void
editor_counter_mix_set_filter (EditorCounterMix *self,
                               int               side,
                               int               type,
                               const char       *parent,
                               const char       *text)
{
  g_return_if_fail (EDITOR_IS_COUNTER_MIX (self));

  self->side_filter_value = side;
  self->type_filter_value = type;
  g_free (self->parent_filter_value);
  self->parent_filter_value = g_strdup (parent);
  g_free (self->text_filter_value);
  self->text_filter_value = g_strdup (text);
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
}

static void
filters_changed_cb (EditorCounterMix *self)
{
  guint side, type, parent;
  const char *parent_id = NULL;

  if (self->updating)
    return;
  side = gtk_drop_down_get_selected (self->side_filter);
  type = gtk_drop_down_get_selected (self->type_filter);
  parent = gtk_drop_down_get_selected (self->parent_filter);
  if (parent != GTK_INVALID_LIST_POSITION && parent > 0)
    parent_id = gtk_string_list_get_string (
      GTK_STRING_LIST (gtk_drop_down_get_model (self->parent_filter)), parent);
  editor_counter_mix_set_filter (self,
                                 side == GTK_INVALID_LIST_POSITION ? -1 : (int) side - 1,
                                 type == GTK_INVALID_LIST_POSITION ? -1 : (int) type - 1,
                                 parent_id,
                                 gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
}

/* Refreshing from the scenario */

static void
update_parent_filter (EditorCounterMix *self)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GListModel *old = gtk_drop_down_get_model (self->parent_filter);
  guint old_selected = gtk_drop_down_get_selected (self->parent_filter);
  g_autofree char *keep = NULL;
  guint select = 0;
  gboolean same;

  if (old != NULL && old_selected != GTK_INVALID_LIST_POSITION && old_selected > 0)
    keep = g_strdup (gtk_string_list_get_string (GTK_STRING_LIST (old), old_selected));

  gtk_string_list_append (list, _("All formations"));
  for (guint i = 0; i < sand_scenario_n_counters (self->scenario); i++)
    {
      const SandCounter *c = sand_scenario_get_counter (self->scenario, i);

      if (c->parent != NULL && !g_hash_table_contains (seen, c->parent))
        {
          g_hash_table_add (seen, c->parent);
          gtk_string_list_append (list, c->parent);
          if (g_strcmp0 (keep, c->parent) == 0)
            select = g_list_model_get_n_items (G_LIST_MODEL (list)) - 1;
        }
    }

  same = old != NULL
    && g_list_model_get_n_items (old) == g_list_model_get_n_items (G_LIST_MODEL (list));
  for (guint i = 0; same && i < g_list_model_get_n_items (old); i++)
    same = g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (old), i),
                        gtk_string_list_get_string (list, i));
  if (same)
    return;
  self->updating = TRUE;
  gtk_drop_down_set_model (self->parent_filter, G_LIST_MODEL (list));
  gtk_drop_down_set_selected (self->parent_filter, select);
  gtk_widget_set_visible (GTK_WIDGET (self->parent_filter),
                          g_list_model_get_n_items (G_LIST_MODEL (list)) > 1);
  self->updating = FALSE;
}

static void
refresh (EditorCounterMix *self)
{
  guint n_old, n_new, prefix = 0, suffix = 0;
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  if (self->scenario == NULL)
    return;

  _editor_counter_mix_rebuild_uses (self);
  for (guint i = 0; i < sand_scenario_n_counters (self->scenario); i++)
    g_ptr_array_add (ids, sand_scenario_get_counter (self->scenario, i)->id);

  /* Splice only what changed, so that the selection and scroll position
   * stay on the rows that are still there. */
  n_old = g_list_model_get_n_items (G_LIST_MODEL (self->ids));
  n_new = ids->len;
  while (prefix < n_old && prefix < n_new
         && g_str_equal (gtk_string_list_get_string (self->ids, prefix),
                         g_ptr_array_index (ids, prefix)))
    prefix++;
  while (suffix < n_old - prefix && suffix < n_new - prefix
         && g_str_equal (gtk_string_list_get_string (self->ids, n_old - 1 - suffix),
                         g_ptr_array_index (ids, n_new - 1 - suffix)))
    suffix++;
  if (prefix + suffix < MAX (n_old, n_new))
    {
      g_autoptr(GPtrArray) add = g_ptr_array_new ();

      for (guint i = prefix; i < n_new - suffix; i++)
        g_ptr_array_add (add, g_ptr_array_index (ids, i));
      g_ptr_array_add (add, NULL);
      gtk_string_list_splice (self->ids, prefix, n_old - prefix - suffix,
                              (const char * const *) add->pdata);
    }

  for (guint i = 0; i < self->cells->len; i++)
    _editor_counter_mix_refresh_cell (self, g_ptr_array_index (self->cells, i));
  /* Values changed under the sort and the filter. */
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  if (gtk_column_view_get_sorter (self->view) != NULL)
    gtk_sorter_changed (gtk_column_view_get_sorter (self->view), GTK_SORTER_CHANGE_DIFFERENT);
  _editor_counter_mix_update_counts (self);
  update_parent_filter (self);
}

static gboolean
refresh_idle_cb (gpointer data)
{
  EditorCounterMix *self = data;

  self->refresh_id = 0;
  refresh (self);
  return G_SOURCE_REMOVE;
}

static void
scenario_changed_cb (EditorCounterMix *self)
{
  if (self->refresh_id == 0)
    self->refresh_id = g_idle_add (refresh_idle_cb, self);
}

static void
set_filter_models (EditorCounterMix *self)
{
  g_autoptr(GtkStringList) sides = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) types = gtk_string_list_new (NULL);
  SandRuleset *rs = sand_scenario_get_ruleset (self->scenario);

  gtk_string_list_append (sides, _("All sides"));
  for (guint i = 0; i < sand_ruleset_n_sides (rs); i++)
    gtk_string_list_append (sides, sand_ruleset_side_label (rs, i));
  gtk_string_list_append (types, _("All types"));
  for (guint i = 0; i < sand_ruleset_n_unit_types (rs); i++)
    gtk_string_list_append (types, sand_ruleset_unit_type_label (rs, i));
  self->updating = TRUE;
  gtk_drop_down_set_model (self->side_filter, G_LIST_MODEL (sides));
  gtk_drop_down_set_model (self->type_filter, G_LIST_MODEL (types));
  self->updating = FALSE;
}

static void
build_columns (EditorCounterMix *self)
{
  SandRuleset *rs = sand_scenario_get_ruleset (self->scenario);
  GtkColumnViewColumn *first;

  while ((first = g_list_model_get_n_items (gtk_column_view_get_columns (self->view)) > 0
          ? g_list_model_get_item (gtk_column_view_get_columns (self->view), 0) : NULL))
    {
      gtk_column_view_remove_column (self->view, first);
      g_object_unref (first);
    }
  memset (self->columns, 0, sizeof self->columns);

#define S(f) G_CALLBACK (f##_skey)
#define I(f) G_CALLBACK (f##_ikey)
  /* The printed values the ruleset says its counters have (<counter-fields>);
   * all of them when it says nothing. */
  self->has_field[COL_STRENGTH] = sand_ruleset_counter_has_field (rs, "strength");
  self->has_field[COL_REDUCED] = sand_ruleset_counter_has_field (rs, "reduced");
  self->has_field[COL_STEPS] = sand_ruleset_counter_has_field (rs, "steps");
  self->has_field[COL_MA] = sand_ruleset_counter_has_field (rs, "ma");
  self->has_field[COL_QUALITY] = sand_ruleset_counter_has_field (rs, "quality");
  self->has_field[COL_PARENT] = sand_ruleset_counter_has_field (rs, "parent");

  /* What fits a side panel at 1280x720 (issue 17): the counter as printed
   * (its colour says the side, its symbol the type; the filters above pick
   * them), its name, the value a designer sets most (strength, or steps
   * where counters have no strength), the movement allowance, and where it
   * is set up or arrives. Id, side, type and the other values are in the
   * row's details. */
  add_column (self, COL_ICON, "", NULL, FALSE);
  add_column (self, COL_NAME, _("Name"), make_sorter (self, FALSE, S (name)), TRUE);
  if (self->has_field[COL_STRENGTH])
    add_column (self, COL_STRENGTH, C_("counter", "Str"), make_sorter (self, TRUE, I (strength)),
                FALSE);
  else if (self->has_field[COL_STEPS])
    add_column (self, COL_STEPS, C_("counter", "Steps"), make_sorter (self, TRUE, I (steps)),
                FALSE);
  if (self->has_field[COL_MA])
    add_column (self, COL_MA, C_("counter", "MA"), make_sorter (self, TRUE, I (ma)), FALSE);
  add_column (self, COL_USE, _("Set-Up"), make_sorter (self, FALSE, S (use)), TRUE);
  add_column (self, COL_DETAILS, "", NULL, FALSE);
#undef S
#undef I
  if (self->columns[COL_STRENGTH])
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->view), NULL);
}

void
editor_counter_mix_set_document (EditorCounterMix *self,
                                 EditorDocument   *document)
{
  g_return_if_fail (EDITOR_IS_COUNTER_MIX (self));
  g_return_if_fail (document == NULL || EDITOR_IS_DOCUMENT (document));

  if (self->document == document)
    return;
  if (self->scenario != NULL)
    g_clear_signal_handler (&self->changed_id, self->scenario);
  g_clear_handle_id (&self->refresh_id, g_source_remove);
  gtk_string_list_splice (self->ids, 0, g_list_model_get_n_items (G_LIST_MODEL (self->ids)),
                          NULL);
  g_clear_object (&self->scenario);
  g_clear_pointer (&self->renderer, sand_renderer_free);
  g_set_object (&self->document, document);
  if (document == NULL)
    return;

  self->scenario = g_object_ref (editor_document_get_scenario (document));
  self->renderer = sand_renderer_new (self->scenario);
  self->changed_id = g_signal_connect_swapped (self->scenario, "changed",
                                               G_CALLBACK (scenario_changed_cb), self);
  set_filter_models (self);
  build_columns (self);
  refresh (self);
}

GListModel *
editor_counter_mix_get_model (EditorCounterMix *self)
{
  g_return_val_if_fail (EDITOR_IS_COUNTER_MIX (self), NULL);
  return G_LIST_MODEL (self->sorted);
}

GtkSelectionModel *
editor_counter_mix_get_selection (EditorCounterMix *self)
{
  g_return_val_if_fail (EDITOR_IS_COUNTER_MIX (self), NULL);
  return GTK_SELECTION_MODEL (self->selection);
}

/* Selected counter ids, in mix order. */
static GPtrArray *
selected_ids (EditorCounterMix *self)
{
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GtkBitset) set = NULL;
  GtkBitsetIter iter;
  guint pos;

  set = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  if (gtk_bitset_iter_init_first (&iter, set, &pos))
    do
      {
        g_autoptr(GtkStringObject) obj = g_list_model_get_item (G_LIST_MODEL (self->sorted), pos);
        g_ptr_array_add (ids, g_strdup (gtk_string_object_get_string (obj)));
      }
    while (gtk_bitset_iter_next (&iter, &pos));
  return ids;
}

static gboolean
scroll_cb (gpointer data)
{
  EditorCounterMix *self = data;

  self->scroll_id = 0;
  /* No scroll_to on 4.8: the list view inside the column view has the
   * action. */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->view));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_VIEW (child))
      gtk_widget_activate_action (child, "list.scroll-to-item", "u", self->scroll_to);
  return G_SOURCE_REMOVE;
}

void
editor_counter_mix_select_counter (EditorCounterMix *self,
                                   const char       *id)
{
  guint n;

  g_return_if_fail (EDITOR_IS_COUNTER_MIX (self));

  refresh (self);
  n = g_list_model_get_n_items (G_LIST_MODEL (self->sorted));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GtkStringObject) obj = g_list_model_get_item (G_LIST_MODEL (self->sorted), i);

      if (g_strcmp0 (gtk_string_object_get_string (obj), id) == 0)
        {
          gtk_selection_model_select_item (GTK_SELECTION_MODEL (self->selection), i, TRUE);
          /* After the table is shown and laid out (the page may just be
           * switching to it). */
          self->scroll_to = i;
          if (self->scroll_id == 0)
            self->scroll_id = g_timeout_add (50, scroll_cb, self);
          return;
        }
    }
}

char *
editor_counter_mix_add (EditorCounterMix *self)
{
  SandRuleset *rs;
  g_autoptr(SandCounter) c = NULL;
  const SandUnitTypeDef *type;
  g_autofree char *base = NULL;
  g_autofree char *key = NULL;
  char *id;

  g_return_val_if_fail (EDITOR_IS_COUNTER_MIX (self), NULL);
  g_return_val_if_fail (self->document != NULL, NULL);

  rs = sand_scenario_get_ruleset (self->scenario);
  c = sand_counter_new ();
  c->side = MAX (self->side_filter_value, 0);
  c->type = MAX (self->type_filter_value, 0);
  c->parent = g_strdup (self->parent_filter_value);
  type = sand_ruleset_get_unit_type (rs, c->type);
  /* New counters start with the ruleset's defaults for their type. */
  key = g_strdup_printf ("ma-%s", sand_ruleset_get_side (rs, c->side)->id);
  c->ma = sand_params_int (type->params, key, sand_params_int (type->params, "ma", 4));
  /* and with the ruleset's initial values for what its counters print */
  if (sand_ruleset_find_counter_field (rs, "steps") >= 0)
    c->steps = sand_ruleset_counter_field_initial (rs, "steps", 2);
  else
    {
      c->strength = sand_ruleset_counter_field_initial (rs, "strength", 1);
      c->reduced = sand_ruleset_counter_field_initial (rs, "reduced", -1);
    }
  c->name = g_strdup (_("New counter"));
  base = g_strdup_printf ("%s-%s", sand_ruleset_get_side (rs, c->side)->id, type->id);
  c->id = editor_document_unique_counter_id (self->document, base);
  id = g_strdup (c->id);
  editor_document_add_counter (self->document, g_steal_pointer (&c));
  editor_counter_mix_select_counter (self, id);
  return id;
}

void
editor_counter_mix_duplicate (EditorCounterMix *self)
{
  g_autoptr(GPtrArray) ids = NULL;

  g_return_if_fail (EDITOR_IS_COUNTER_MIX (self));
  if (self->document == NULL)
    return;

  ids = selected_ids (self);
  if (ids->len == 0)
    return;
  editor_document_begin_edit (self->document,
                              g_dngettext (NULL, "Duplicate Counter", "Duplicate Counters",
                                           ids->len));
  for (guint i = 0; i < ids->len; i++)
    {
      const SandCounter *c = _editor_counter_mix_lookup (self, g_ptr_array_index (ids, i));
      SandCounter *copy;

      if (c == NULL)
        continue;
      copy = sand_counter_copy (c);
      g_free (copy->id);
      copy->id = editor_document_unique_counter_id (self->document, c->id);
      editor_document_add_counter (self->document, copy);
    }
  editor_document_end_edit (self->document);
}

void
editor_counter_mix_delete (EditorCounterMix *self)
{
  g_autoptr(GPtrArray) ids = NULL;

  g_return_if_fail (EDITOR_IS_COUNTER_MIX (self));
  if (self->document == NULL)
    return;

  ids = selected_ids (self);
  if (ids->len == 0)
    return;
  editor_document_begin_edit (self->document,
                              g_dngettext (NULL, "Delete Counter", "Delete Counters", ids->len));
  for (guint i = 0; i < ids->len; i++)
    {
      int k = sand_scenario_find_counter (self->scenario, g_ptr_array_index (ids, i));
      if (k >= 0)
        editor_document_remove_counter (self->document, k);
    }
  editor_document_end_edit (self->document);
}

static void
add_action (GtkWidget  *widget,
            const char *name,
            GVariant   *param)
{
  g_autofree char *id = editor_counter_mix_add (EDITOR_COUNTER_MIX (widget));
}

static void
duplicate_action (GtkWidget  *widget,
                  const char *name,
                  GVariant   *param)
{
  editor_counter_mix_duplicate (EDITOR_COUNTER_MIX (widget));
}

static void
delete_action (GtkWidget  *widget,
               const char *name,
               GVariant   *param)
{
  editor_counter_mix_delete (EDITOR_COUNTER_MIX (widget));
}

static void
editor_counter_mix_dispose (GObject *object)
{
  EditorCounterMix *self = (EditorCounterMix *) object;

  g_clear_handle_id (&self->scroll_id, g_source_remove);
  editor_counter_mix_set_document (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), EDITOR_TYPE_COUNTER_MIX);
  g_clear_object (&self->selection);
  g_clear_object (&self->ids);
  g_clear_pointer (&self->cells, g_ptr_array_unref);
  g_clear_pointer (&self->uses, g_hash_table_unref);
  g_clear_pointer (&self->places, g_hash_table_unref);
  g_clear_pointer (&self->arriving, g_hash_table_unref);
  g_clear_pointer (&self->parent_filter_value, g_free);
  g_clear_pointer (&self->text_filter_value, g_free);

  G_OBJECT_CLASS (editor_counter_mix_parent_class)->dispose (object);
}

static void
editor_counter_mix_class_init (EditorCounterMixClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = editor_counter_mix_dispose;

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/sandtable/Sandtable/ui/editor-counter-mix.ui");
  gtk_widget_class_bind_template_child (widget_class, EditorCounterMix, box);
  gtk_widget_class_bind_template_child (widget_class, EditorCounterMix, counts_label);
  gtk_widget_class_bind_template_child (widget_class, EditorCounterMix, parent_filter);
  gtk_widget_class_bind_template_child (widget_class, EditorCounterMix, search_entry);
  gtk_widget_class_bind_template_child (widget_class, EditorCounterMix, side_filter);
  gtk_widget_class_bind_template_child (widget_class, EditorCounterMix, type_filter);
  gtk_widget_class_bind_template_child (widget_class, EditorCounterMix, view);

  gtk_widget_class_install_action (widget_class, "mix.add", NULL, add_action);
  gtk_widget_class_install_action (widget_class, "mix.duplicate", NULL, duplicate_action);
  gtk_widget_class_install_action (widget_class, "mix.delete", NULL, delete_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "mix.delete", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_d, GDK_CONTROL_MASK,
                                       "mix.duplicate", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
editor_counter_mix_init (EditorCounterMix *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->side_filter_value = -1;
  self->type_filter_value = -1;
  self->cells = g_ptr_array_new ();
  self->uses = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  self->places = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  self->arriving = g_hash_table_new (g_str_hash, g_str_equal);
  self->ids = gtk_string_list_new (NULL);
  self->filter = gtk_custom_filter_new (filter_func, self, NULL);
  self->filtered = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->ids)),
                                              GTK_FILTER (self->filter));
  self->sorted = gtk_sort_list_model_new (G_LIST_MODEL (self->filtered),
                                          g_object_ref (gtk_column_view_get_sorter (self->view)));
  self->selection = gtk_multi_selection_new (G_LIST_MODEL (self->sorted));
  gtk_column_view_set_model (self->view, GTK_SELECTION_MODEL (self->selection));

  _editor_counter_mix_shrink_dropdown (self->side_filter);
  _editor_counter_mix_shrink_dropdown (self->type_filter);
  _editor_counter_mix_shrink_dropdown (self->parent_filter);
  g_signal_connect_swapped (self->side_filter, "notify::selected",
                            G_CALLBACK (filters_changed_cb), self);
  g_signal_connect_swapped (self->type_filter, "notify::selected",
                            G_CALLBACK (filters_changed_cb), self);
  g_signal_connect_swapped (self->parent_filter, "notify::selected",
                            G_CALLBACK (filters_changed_cb), self);
  g_signal_connect_swapped (self->search_entry, "search-changed",
                            G_CALLBACK (filters_changed_cb), self);
}

GtkWidget *
editor_counter_mix_new (void)
{
  return g_object_new (EDITOR_TYPE_COUNTER_MIX, NULL);
}
