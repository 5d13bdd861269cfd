/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-counter-mix-cells.c: the counter mix's cells. The table shows
 * what fits a side panel at 1280x720 — the counter, its name, side, the
 * printed values the designer edits most and where it is used; the rest
 * (id, type, the other values, formation) is in a popover of the row's
 * details button. Typed-in cells are edited in place as in a spreadsheet. */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "editor-counter-mix-private.h"
#include "sand-ruleset-labels.h"

static const char *
side_name (EditorCounterMix *self,
           int               side)
{
  SandRuleset *rs = sand_scenario_get_ruleset (self->scenario);

  if (side < 0 || (guint) side >= sand_ruleset_n_sides (rs))
    return "?";
  return sand_ruleset_side_label (rs, side);
}

static const char *
type_name (EditorCounterMix *self,
           int               type)
{
  SandRuleset *rs = sand_scenario_get_ruleset (self->scenario);

  if (type < 0 || (guint) type >= sand_ruleset_n_unit_types (rs))
    return "?";
  return sand_ruleset_unit_type_label (rs, type);
}

static const char *
quality_name (int quality)
{
  return quality > 0 ? _("superior") : quality < 0 ? _("inferior") : _("normal");
}

static int
parse_int (const char *text,
           gboolean   *ok)
{
  g_autofree char *t = g_strstrip (g_strdup (text ? text : ""));
  char *end = NULL;
  gint64 v;

  if (*t == '\0')
    {
      *ok = TRUE;
      return 0;
    }
  v = g_ascii_strtoll (t, &end, 10);
  *ok = end != NULL && *end == '\0' && v > -1000 && v < 100000;
  return (int) v;
}

/* Table cells are as wide as their longest ordinary value, so that the
 * column view's minimum (which is what a narrow pane gets) still reads
 * whole; only longer values are cut, and say themselves in a tooltip. */
#define CELL_MIN_CHARS 4
#define CELL_MAX_CHARS 16
#define ID_CHARS 12
#define NAME_CHARS 14
#define NAME_MIN_CHARS 7
#define USE_CHARS 24
#define USE_MIN_CHARS 5

static int
longest_chars (GListModel *names)
{
  int longest = CELL_MIN_CHARS;

  for (guint i = 0; i < g_list_model_get_n_items (names); i++)
    {
      g_autoptr(GtkStringObject) obj = g_list_model_get_item (names, i);

      longest = MAX (longest, (int) g_utf8_strlen (gtk_string_object_get_string (obj), -1));
    }
  return MIN (longest, CELL_MAX_CHARS);
}

/* A tooltip with the whole text when the cell shows less of it. */
static void
set_cut_tooltip (GtkWidget  *cell,
                 const char *text,
                 int         chars)
{
  gboolean cut = text != NULL && chars > 0 && (int) g_utf8_strlen (text, -1) > chars;

  gtk_widget_set_tooltip_text (cell, cut ? text : NULL);
}

char *
_editor_counter_mix_cell_text (EditorCounterMix  *self,
                               const SandCounter *c,
                               Column             col)
{
  switch (col)
    {
    case COL_ID:
      return g_strdup (c->id);
    case COL_NAME:
      return g_strdup (c->name ? c->name : "");
    case COL_STRENGTH:
      return g_strdup_printf ("%d", c->strength);
    case COL_REDUCED:
      return c->reduced < 0 ? g_strdup ("–") : g_strdup_printf ("%d", c->reduced);
    case COL_STEPS:
      return g_strdup_printf ("%d", c->steps);
    case COL_MA:
      return g_strdup_printf ("%d", c->ma);
    case COL_PARENT:
      return g_strdup (c->parent ? c->parent : "");
    case COL_USE:
      {
        const char *use = g_hash_table_lookup (self->uses, c->id);
        return g_strdup (use ? use : _("unused"));
      }
    case COL_SIDE:
      return g_strdup (side_name (self, c->side));
    case COL_TYPE:
      return g_strdup (type_name (self, c->type));
    case COL_QUALITY:
      return g_strdup (quality_name (c->quality));
    case COL_ICON:
    default:
      return g_strdup ("");
    }
}

void
_editor_counter_mix_refresh_cell (EditorCounterMix *self,
                                  GtkWidget        *cell)
{
  Column col = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (cell), "column"));
  const char *id = g_object_get_data (G_OBJECT (cell), "counter-id");
  const SandCounter *c = _editor_counter_mix_lookup (self, id);
  g_autofree char *text = NULL;

  if (c == NULL)
    return;
  self->updating = TRUE;
  switch (col)
    {
    case COL_ICON:
      editor_counter_icon_set (cell, self->renderer, id);
      editor_counter_drag_set_id (cell, id);
      break;
    case COL_DETAILS:
      /* A recycled row: the form was for another counter. */
      if (g_strcmp0 (g_object_get_data (G_OBJECT (cell), "popover-for"), id) != 0)
        gtk_menu_button_set_popover (GTK_MENU_BUTTON (cell), NULL);
      break;
    case COL_SIDE:
      gtk_drop_down_set_selected (GTK_DROP_DOWN (cell), c->side >= 0 ? (guint) c->side : 0);
      break;
    case COL_TYPE:
      gtk_drop_down_set_selected (GTK_DROP_DOWN (cell), c->type >= 0 ? (guint) c->type : 0);
      break;
    case COL_QUALITY:
      gtk_drop_down_set_selected (GTK_DROP_DOWN (cell), (guint) CLAMP (c->quality + 1, 0, 2));
      break;
    case COL_USE:
      text = _editor_counter_mix_cell_text (self, c, col);
      if (gtk_label_get_ellipsize (GTK_LABEL (cell)) != PANGO_ELLIPSIZE_NONE)
        {
          /* The table says where; the tooltip and the details also in
           * which order of battle. */
          const char *place = g_hash_table_lookup (self->places, c->id);

          gtk_label_set_text (GTK_LABEL (cell), place ? place : text);
          gtk_widget_set_tooltip_text (cell, text);
        }
      else
        gtk_label_set_text (GTK_LABEL (cell), text);
      break;
    default:
      text = _editor_counter_mix_cell_text (self, c, col);
      /* Leave what the designer is typing alone. */
      if (!gtk_widget_has_focus (cell))
        {
          gtk_editable_set_text (GTK_EDITABLE (cell), text);
          set_cut_tooltip (cell, text, gtk_editable_get_width_chars (GTK_EDITABLE (cell)));
        }
      break;
    }
  self->updating = FALSE;
}

static void
commit_counter (EditorCounterMix *self,
                GtkWidget        *cell,
                SandCounter      *copy)
{
  const char *id = g_object_get_data (G_OBJECT (cell), "counter-id");
  int k = sand_scenario_find_counter (self->scenario, id);

  if (k < 0)
    {
      sand_counter_free (copy);
      return;
    }
  editor_document_replace_counter (self->document, k, copy);
}

static void
editable_done_cb (GtkWidget        *label,
                  EditorCounterMix *self)
{
  Column col = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (label), "column"));
  const char *id = g_object_get_data (G_OBJECT (label), "counter-id");
  const SandCounter *c = _editor_counter_mix_lookup (self, id);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (label));
  g_autofree char *was_id = NULL;
  g_autofree char *new_id = NULL;
  SandCounter *copy;
  gboolean ok = TRUE;
  int value;

  if (self->updating || c == NULL)
    return;

  copy = sand_counter_copy (c);
  value = parse_int (text, &ok);
  /* Only the number columns need a number. */
  if (col == COL_ID || col == COL_NAME || col == COL_PARENT)
    ok = TRUE;
  switch (col)
    {
    case COL_ID:
      {
        g_autofree char *t = g_strstrip (g_strdup (text));
        int other = sand_scenario_find_counter (self->scenario, t);
        ok = *t != '\0' && strpbrk (t, " \t\"<>&") == NULL
          && (other < 0 || g_str_equal (t, c->id));
        if (ok)
          {
            g_free (copy->id);
            copy->id = g_steal_pointer (&t);
          }
        break;
      }
    case COL_NAME:
      g_free (copy->name);
      copy->name = *text ? g_strdup (text) : NULL;
      break;
    case COL_PARENT:
      g_free (copy->parent);
      copy->parent = *text ? g_strdup (text) : NULL;
      break;
    case COL_STRENGTH:
      copy->strength = value;
      break;
    case COL_REDUCED:
      if (g_str_equal (text, "–") || g_str_equal (text, "-"))
        value = -1, ok = TRUE;
      copy->reduced = value;
      break;
    case COL_STEPS:
      copy->steps = value;
      break;
    case COL_MA:
      copy->ma = value;
      break;
    default:
      break;
    }
  if (!ok)
    {
      /* Refused: show the value as it is, and say why in the tooltip. */
      sand_counter_free (copy);
      gtk_widget_error_bell (GTK_WIDGET (label));
      gtk_widget_set_tooltip_text (GTK_WIDGET (label),
                                   col == COL_ID
                                   ? _("Counter ids must be unique and have no spaces")
                                   : _("Type a whole number"));
      {
        g_autofree char *was = _editor_counter_mix_cell_text (self, c, col);
        self->updating = TRUE;
        gtk_editable_set_text (GTK_EDITABLE (label), was);
        self->updating = FALSE;
      }
      return;
    }
  gtk_widget_set_tooltip_text (GTK_WIDGET (label), NULL);
  was_id = g_strdup (c->id);
  new_id = g_strdup (copy->id);
  commit_counter (self, GTK_WIDGET (label), copy);
  /* A renamed counter: the open details form goes on editing it. */
  if (!g_str_equal (was_id, new_id))
    for (guint i = 0; i < self->cells->len; i++)
      if (g_strcmp0 (g_object_get_data (self->cells->pdata[i], "counter-id"), was_id) == 0)
        g_object_set_data_full (self->cells->pdata[i], "counter-id", g_strdup (new_id), g_free);
}

static void
dropdown_selected_cb (GtkDropDown      *dropdown,
                      GParamSpec       *pspec,
                      EditorCounterMix *self)
{
  Column col = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dropdown), "column"));
  const char *id = g_object_get_data (G_OBJECT (dropdown), "counter-id");
  const SandCounter *c = _editor_counter_mix_lookup (self, id);
  guint selected = gtk_drop_down_get_selected (dropdown);
  SandCounter *copy;

  if (self->updating || c == NULL || selected == GTK_INVALID_LIST_POSITION)
    return;
  copy = sand_counter_copy (c);
  if (col == COL_SIDE)
    copy->side = selected;
  else if (col == COL_TYPE)
    copy->type = selected;
  else
    copy->quality = (int) selected - 1;
  commit_counter (self, GTK_WIDGET (dropdown), copy);
}

static void
label_setup_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  chars)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (GPOINTER_TO_INT (chars) > 0)
    {
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (GTK_LABEL (label), GPOINTER_TO_INT (chars));
      gtk_label_set_max_width_chars (GTK_LABEL (label), GPOINTER_TO_INT (chars));
    }
  gtk_list_item_set_child (item, label);
}

static void
label_bind_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item)
{
  GtkWidget *label = gtk_list_item_get_child (item);
  GtkStringObject *obj = gtk_list_item_get_item (item);
  const char *text = gtk_string_object_get_string (obj);

  gtk_label_set_text (GTK_LABEL (label), text);
  set_cut_tooltip (label, text, gtk_label_get_max_width_chars (GTK_LABEL (label)));
}

/* Drop-downs in table cells show their choice in at most @chars letters;
 * the list that pops up shows it whole. */
static void
set_cell_factories (GtkDropDown *dropdown,
                    int          chars)
{
  GtkListItemFactory *button = gtk_signal_list_item_factory_new ();
  GtkListItemFactory *list = gtk_signal_list_item_factory_new ();

  g_signal_connect (button, "setup", G_CALLBACK (label_setup_cb), GINT_TO_POINTER (chars));
  g_signal_connect (button, "bind", G_CALLBACK (label_bind_cb), NULL);
  g_signal_connect (list, "setup", G_CALLBACK (label_setup_cb), NULL);
  g_signal_connect (list, "bind", G_CALLBACK (label_bind_cb), NULL);
  gtk_drop_down_set_factory (dropdown, button);
  gtk_drop_down_set_list_factory (dropdown, list);
  g_object_unref (button);
  g_object_unref (list);
}

static void
shrink_setup_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (GTK_LABEL (label), CELL_MIN_CHARS + 1);
  gtk_label_set_max_width_chars (GTK_LABEL (label), CELL_MAX_CHARS);
  gtk_list_item_set_child (item, label);
}

static void
shrink_bind_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item)
{
  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)),
                      gtk_string_object_get_string (gtk_list_item_get_item (item)));
}

void
_editor_counter_mix_shrink_dropdown (GtkDropDown *dropdown)
{
  GtkListItemFactory *button = gtk_signal_list_item_factory_new ();
  GtkListItemFactory *list = gtk_signal_list_item_factory_new ();

  g_signal_connect (button, "setup", G_CALLBACK (shrink_setup_cb), NULL);
  g_signal_connect (button, "bind", G_CALLBACK (shrink_bind_cb), NULL);
  g_signal_connect (list, "setup", G_CALLBACK (label_setup_cb), NULL);
  g_signal_connect (list, "bind", G_CALLBACK (label_bind_cb), NULL);
  gtk_drop_down_set_factory (dropdown, button);
  gtk_drop_down_set_list_factory (dropdown, list);
  g_object_unref (button);
  g_object_unref (list);
}

static void
focus_leave_cb (GtkWidget *cell)
{
  editable_done_cb (cell, g_object_get_data (G_OBJECT (cell), "mix"));
}

/* Editing a cell starts with its value selected, so typing replaces it as
 * in a spreadsheet (issue 17); after the click that focused it, which
 * would else put the cursor where it landed. */
static gboolean
select_all_idle (gpointer data)
{
  GtkWidget *cell = data;

  if (gtk_widget_is_focus (cell))
    gtk_editable_select_region (GTK_EDITABLE (cell), 0, -1);
  g_object_unref (cell);
  return G_SOURCE_REMOVE;
}

static void
focus_enter_cb (GtkWidget *cell)
{
  /* Low: after GTK's own handling of the focus and the click. */
  g_idle_add_full (G_PRIORITY_LOW, select_all_idle, g_object_ref (cell), NULL);
}

static GtkStringList *
side_names (EditorCounterMix *self)
{
  GtkStringList *list = gtk_string_list_new (NULL);
  SandRuleset *rs = sand_scenario_get_ruleset (self->scenario);

  for (guint i = 0; i < sand_ruleset_n_sides (rs); i++)
    gtk_string_list_append (list, sand_ruleset_side_label (rs, i));
  return list;
}

static GtkStringList *
type_names (EditorCounterMix *self)
{
  GtkStringList *list = gtk_string_list_new (NULL);
  SandRuleset *rs = sand_scenario_get_ruleset (self->scenario);

  for (guint i = 0; i < sand_ruleset_n_unit_types (rs); i++)
    gtk_string_list_append (list, sand_ruleset_unit_type_label (rs, i));
  return list;
}

static GtkWidget *make_cell (EditorCounterMix *self,
                             Column            col,
                             gboolean          wide);

static void
popover_cell_destroy_cb (GtkWidget        *cell,
                         EditorCounterMix *self)
{
  if (self->cells != NULL)
    g_ptr_array_remove_fast (self->cells, cell);
}

/* The values the table leaves out, in a form: built when the row's
 * details button is pressed, for the counter the row shows then. */
static void
details_create_popup (GtkMenuButton *button,
                      gpointer       user_data)
{
  EditorCounterMix *self = user_data;
  const char *id = g_object_get_data (G_OBJECT (button), "counter-id");
  static const struct { Column col; const char *caption; } rows[] = {
    { COL_ID, N_("Id") },
    { COL_SIDE, N_("Side") },
    { COL_TYPE, N_("Type") },
    { COL_STRENGTH, N_("Strength") },
    { COL_REDUCED, N_("Reduced strength") },
    { COL_STEPS, N_("Steps") },
    { COL_MA, N_("Movement allowance") },
    { COL_QUALITY, N_("Quality") },
    { COL_PARENT, N_("Formation") },
    { COL_USE, N_("Set-Up / Arrival") },
  };
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *grid = gtk_grid_new ();
  const SandCounter *c = _editor_counter_mix_lookup (self, id);
  GtkWidget *title;
  int row = 1;

  /* Which counter the form is for: the table row may scroll away. */
  title = gtk_label_new (c != NULL && c->name != NULL ? c->name : id);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "heading");
  gtk_grid_attach (GTK_GRID (grid), title, 0, 0, 2, 1);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      Column col = rows[i].col;
      GtkWidget *caption, *cell;

      /* What the table shows stays there; what the counters of this
       * ruleset do not print is not asked for. */
      if ((self->columns[col] != NULL && col != COL_USE)
          || (col >= COL_STRENGTH && col <= COL_PARENT && !self->has_field[col]))
        continue;
      caption = gtk_label_new (_(rows[i].caption));
      gtk_label_set_xalign (GTK_LABEL (caption), 0);
      gtk_widget_add_css_class (caption, "dim-label");
      cell = make_cell (self, col, TRUE);
      gtk_widget_set_hexpand (cell, TRUE);
      gtk_accessible_update_relation (GTK_ACCESSIBLE (cell),
                                      GTK_ACCESSIBLE_RELATION_LABELLED_BY, caption, NULL, -1);
      g_object_set_data_full (G_OBJECT (cell), "counter-id", g_strdup (id), g_free);
      g_ptr_array_add (self->cells, cell);
      g_signal_connect (cell, "destroy", G_CALLBACK (popover_cell_destroy_cb), self);
      _editor_counter_mix_refresh_cell (self, cell);
      gtk_grid_attach (GTK_GRID (grid), caption, 0, row, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), cell, 1, row, 1, 1);
      row++;
    }
  gtk_popover_set_child (GTK_POPOVER (popover), grid);
  gtk_menu_button_set_popover (button, popover);
  g_object_set_data_full (G_OBJECT (button), "popover-for", g_strdup (id), g_free);
}

static GtkWidget *
details_button_new (EditorCounterMix *self)
{
  GtkWidget *button = gtk_menu_button_new ();

  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "view-more-symbolic");
  gtk_menu_button_set_has_frame (GTK_MENU_BUTTON (button), FALSE);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, _("Details: id, side, type and the other values"));
  gtk_menu_button_set_create_popup_func (GTK_MENU_BUTTON (button), details_create_popup,
                                         self, NULL);
  return button;
}

/* A cell for column @col: in the table (@wide FALSE) as narrow as its
 * values allow, so that the table fits the side panel; in the details
 * popover as wide as a form field. */
static GtkWidget *
make_cell (EditorCounterMix *self,
           Column            col,
           gboolean          wide)
{
  GtkWidget *cell;
  int chars;

  switch (col)
    {
    case COL_ICON:
      cell = editor_counter_icon_new (36);
      editor_counter_drag_attach (cell);
      gtk_widget_set_tooltip_text (cell, _("Drag onto the map to set it up"));
      break;
    case COL_SIDE:
    case COL_TYPE:
    case COL_QUALITY:
      {
        g_autoptr(GtkStringList) names = NULL;

        if (col == COL_QUALITY)
          {
            const char *q[] = { _("inferior"), _("normal"), _("superior"), NULL };
            names = gtk_string_list_new (q);
          }
        else
          names = col == COL_SIDE ? side_names (self) : type_names (self);
        chars = wide ? CELL_MAX_CHARS * 2 : longest_chars (G_LIST_MODEL (names));
        cell = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&names)), NULL);
        set_cell_factories (GTK_DROP_DOWN (cell), chars);
        /* A table cell, not a button: the toggle inside shows flat. */
        if (!wide && gtk_widget_get_first_child (cell) != NULL)
          gtk_widget_add_css_class (gtk_widget_get_first_child (cell), "flat");
        if (wide)
          gtk_widget_set_halign (cell, GTK_ALIGN_START);
        g_signal_connect (cell, "notify::selected", G_CALLBACK (dropdown_selected_cb), self);
        break;
      }
    case COL_USE:
      cell = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (cell), 0);
      if (wide)
        {
          gtk_label_set_wrap (GTK_LABEL (cell), TRUE);
          gtk_label_set_max_width_chars (GTK_LABEL (cell), USE_CHARS);
        }
      else
        {
          /* The column takes what the others leave; cut, it says itself
           * in its tooltip. */
          gtk_label_set_ellipsize (GTK_LABEL (cell), PANGO_ELLIPSIZE_END);
          gtk_label_set_width_chars (GTK_LABEL (cell), USE_MIN_CHARS);
          gtk_label_set_max_width_chars (GTK_LABEL (cell), USE_CHARS);
        }
      gtk_widget_add_css_class (cell, "dim-label");
      break;
    case COL_DETAILS:
      cell = details_button_new (self);
      break;
    default:
      /* Plain text, edited in place like a spreadsheet cell: Enter or
       * leaving the cell commits. */
      cell = gtk_text_new ();
      if (col == COL_STRENGTH || col == COL_REDUCED || col == COL_STEPS || col == COL_MA)
        {
          gtk_editable_set_width_chars (GTK_EDITABLE (cell), 3);
          gtk_editable_set_max_width_chars (GTK_EDITABLE (cell), 3);
          gtk_widget_add_css_class (cell, "numeric");
          if (wide)
            gtk_widget_set_halign (cell, GTK_ALIGN_START);
        }
      else if (wide)
        gtk_editable_set_width_chars (GTK_EDITABLE (cell), ID_CHARS + 4);
      else
        {
          /* The name column shrinks to a few letters in a narrow pane and
           * grows to NAME_CHARS when there is room. */
          gtk_editable_set_width_chars (GTK_EDITABLE (cell), NAME_MIN_CHARS);
          gtk_editable_set_max_width_chars (GTK_EDITABLE (cell), NAME_CHARS);
        }
      g_signal_connect (cell, "activate", G_CALLBACK (editable_done_cb), self);
      {
        GtkEventController *focus = gtk_event_controller_focus_new ();
        g_signal_connect_swapped (focus, "leave", G_CALLBACK (focus_leave_cb), cell);
        g_signal_connect_swapped (focus, "enter", G_CALLBACK (focus_enter_cb), cell);
        /* Looks like a field to type in, not a label (style.css). */
        gtk_widget_add_css_class (cell, "editable-cell");
        g_object_set_data (G_OBJECT (cell), "mix", self);
        gtk_widget_add_controller (cell, focus);
      }
      break;
    }
  g_object_set_data (G_OBJECT (cell), "column", GINT_TO_POINTER (col));
  return cell;
}

static void
setup_cb (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          EditorCounterMix         *self)
{
  Column col = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), "column"));

  gtk_list_item_set_child (item, make_cell (self, col, FALSE));
}

static void
bind_cb (GtkSignalListItemFactory *factory,
         GtkListItem              *item,
         EditorCounterMix         *self)
{
  GtkWidget *cell = gtk_list_item_get_child (item);
  GtkStringObject *obj = gtk_list_item_get_item (item);

  g_object_set_data_full (G_OBJECT (cell), "counter-id",
                          g_strdup (gtk_string_object_get_string (obj)), g_free);
  g_ptr_array_add (self->cells, cell);
  _editor_counter_mix_refresh_cell (self, cell);
}

static void
unbind_cb (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           EditorCounterMix         *self)
{
  g_ptr_array_remove_fast (self->cells, gtk_list_item_get_child (item));
}

GtkListItemFactory *
_editor_counter_mix_cell_factory (EditorCounterMix *self,
                                  Column            col)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_object_set_data (G_OBJECT (factory), "column", GINT_TO_POINTER (col));
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cb), self);
  return factory;
}

