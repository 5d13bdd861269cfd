/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-counter-mix.h"
#include "sand-ruleset-labels.h"

/* Counter icons */

typedef struct {
  SandRenderer *renderer;
  char *id;
} IconData;

static void
icon_data_free (gpointer data)
{
  IconData *d = data;

  g_free (d->id);
  g_free (d);
}

static void
icon_draw (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        user_data)
{
  IconData *d = g_object_get_data (G_OBJECT (area), "editor-counter-icon");
  SandScenario *scenario;
  SandCounterDraw draw = { 0 };
  int k;

  if (d == NULL || d->renderer == NULL || d->id == NULL)
    return;
  scenario = sand_renderer_get_scenario (d->renderer);
  k = sand_scenario_find_counter (scenario, d->id);
  if (k < 0)
    return;
  draw.counter = sand_scenario_get_counter (scenario, k);
  draw.hex = SAND_HEX_NONE;
  draw.strength = draw.counter->steps > 0 ? draw.counter->steps : draw.counter->strength;
  sand_renderer_draw_counter (d->renderer, cr, &draw, width / 2.0, height / 2.0,
                              MIN (width, height) - 2);
}

GtkWidget *
editor_counter_icon_new (int size)
{
  GtkWidget *area = gtk_drawing_area_new ();

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), size);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), size);
  gtk_widget_set_valign (area, GTK_ALIGN_CENTER);
  g_object_set_data_full (G_OBJECT (area), "editor-counter-icon", g_new0 (IconData, 1),
                          icon_data_free);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), icon_draw, NULL, NULL);
  return area;
}

void
editor_counter_icon_set (GtkWidget    *icon,
                         SandRenderer *renderer,
                         const char   *counter_id)
{
  IconData *d;

  g_return_if_fail (GTK_IS_DRAWING_AREA (icon));
  d = g_object_get_data (G_OBJECT (icon), "editor-counter-icon");
  g_return_if_fail (d != NULL);
  d->renderer = renderer;
  if (g_strcmp0 (d->id, counter_id) != 0)
    {
      g_free (d->id);
      d->id = g_strdup (counter_id);
    }
  gtk_widget_queue_draw (icon);
}

static GdkContentProvider *
drag_prepare_cb (GtkDragSource *source,
                 double         x,
                 double         y,
                 GtkWidget     *widget)
{
  const char *id = g_object_get_data (G_OBJECT (widget), "editor-counter-drag-id");
  g_autoptr(GdkPaintable) paintable = NULL;

  if (id == NULL)
    return NULL;
  paintable = gtk_widget_paintable_new (widget);
  gtk_drag_source_set_icon (source, paintable, (int) x, (int) y);
  return gdk_content_provider_new_typed (G_TYPE_STRING, id);
}

void
editor_counter_drag_attach (GtkWidget *widget)
{
  GtkDragSource *source = gtk_drag_source_new ();

  gtk_drag_source_set_actions (source, GDK_ACTION_COPY | GDK_ACTION_MOVE);
  g_signal_connect (source, "prepare", G_CALLBACK (drag_prepare_cb), widget);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (source));
}

void
editor_counter_drag_set_id (GtkWidget  *widget,
                            const char *counter_id)
{
  g_object_set_data_full (G_OBJECT (widget), "editor-counter-drag-id", g_strdup (counter_id),
                          g_free);
}

/* The table */

typedef enum {
  COL_ICON,
  COL_ID,
  COL_NAME,
  COL_SIDE,
  COL_TYPE,
  COL_STRENGTH,
  COL_REDUCED,
  COL_STEPS,
  COL_MA,
  COL_QUALITY,
  COL_PARENT,
  COL_USE,
  N_COLS
} Column;

struct _EditorCounterMix
{
  GtkWidget parent_instance;

  EditorDocument *document;
  SandScenario *scenario;
  SandRenderer *renderer;
  gulong changed_id;
  guint refresh_id;
  GtkStringList *ids;          /* every counter id, in mix order */
  GtkFilterListModel *filtered;
  GtkSortListModel *sorted;
  GtkMultiSelection *selection;
  GtkCustomFilter *filter;
  GPtrArray *cells;            /* bound cell widgets */
  GHashTable *uses;            /* counter id → where it is used */
  GHashTable *arriving;        /* counter ids used only as a reinforcement */
  GtkColumnViewColumn *columns[N_COLS];
  int side_filter_value, type_filter_value;
  char *parent_filter_value;
  char *text_filter_value;
  gboolean updating;           /* refreshing widgets: no edits */
  guint scroll_to;             /* row to bring into view */
  guint scroll_id;

  /* Template children */
  GtkWidget *box;
  GtkLabel *counts_label;
  GtkDropDown *parent_filter;
  GtkSearchEntry *search_entry;
  GtkDropDown *side_filter;
  GtkDropDown *type_filter;
  GtkColumnView *view;
};

G_DEFINE_FINAL_TYPE (EditorCounterMix, editor_counter_mix, GTK_TYPE_WIDGET)

static const SandCounter *
lookup (EditorCounterMix *self,
        const char       *id)
{
  int k;

  if (self->scenario == NULL || id == NULL)
    return NULL;
  k = sand_scenario_find_counter (self->scenario, id);
  return k < 0 ? NULL : sand_scenario_get_counter (self->scenario, k);
}

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

/* Where each counter is used, for the "Use" column and the counts. */
static void
rebuild_uses (EditorCounterMix *self)
{
  SandMap *map = sand_scenario_get_map (self->scenario);

  g_hash_table_remove_all (self->uses);
  g_hash_table_remove_all (self->arriving);
  for (guint o = 0; o < sand_scenario_n_oobs (self->scenario); o++)
    {
      SandOob *oob = sand_scenario_get_oob (self->scenario, o);

      for (guint i = 0; i < oob->placements->len; i++)
        {
          const SandPlacement *p = g_ptr_array_index (oob->placements, i);
          const char *old = g_hash_table_lookup (self->uses, p->counter);
          g_autofree char *where = NULL;
          char hex[SAND_HEX_ID_MAX] = "";

          if (p->zone != NULL)
            where = g_strdup_printf (_("%s: zone %s"), oob->id, p->zone);
          else
            {
              if (p->hex != SAND_HEX_NONE)
                sand_grid_format_id (sand_map_get_grid (map), p->hex, hex);
              where = g_strdup_printf (_("%s: %s"), oob->id, hex);
            }
          g_hash_table_remove (self->arriving, p->counter);
          g_hash_table_insert (self->uses, p->counter,
                               old ? g_strdup_printf ("%s, %s", old, where)
                                   : g_steal_pointer (&where));
        }
      for (guint i = 0; i < oob->reinforcements->len; i++)
        {
          const SandReinforcement *r = g_ptr_array_index (oob->reinforcements, i);
          const char *old;
          g_autofree char *where = NULL;

          if (r->counter == NULL)
            continue;
          old = g_hash_table_lookup (self->uses, r->counter);
          /* Translators: an order of battle's id and the turn a
           * reinforcement arrives in it. */
          where = g_strdup_printf (C_("reinforcement", "%s: turn %d"), oob->id, r->turn);
          if (old == NULL)
            g_hash_table_add (self->arriving, r->counter);
          else
            g_hash_table_remove (self->arriving, r->counter);
          g_hash_table_insert (self->uses, r->counter,
                               old ? g_strdup_printf ("%s, %s", old, where)
                                   : g_steal_pointer (&where));
        }
    }
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
#define PARENT_CHARS 11
#define USE_CHARS 24

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

static char *
cell_text (EditorCounterMix  *self,
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

static void
refresh_cell (EditorCounterMix *self,
              GtkWidget        *cell)
{
  Column col = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (cell), "column"));
  const char *id = g_object_get_data (G_OBJECT (cell), "counter-id");
  const SandCounter *c = lookup (self, id);
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
      text = cell_text (self, c, col);
      gtk_label_set_text (GTK_LABEL (cell), text);
      set_cut_tooltip (cell, text, USE_CHARS);
      break;
    default:
      text = cell_text (self, c, col);
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
  const SandCounter *c = lookup (self, id);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (label));
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
        g_autofree char *was = cell_text (self, c, col);
        self->updating = TRUE;
        gtk_editable_set_text (GTK_EDITABLE (label), was);
        self->updating = FALSE;
      }
      return;
    }
  gtk_widget_set_tooltip_text (GTK_WIDGET (label), NULL);
  commit_counter (self, GTK_WIDGET (label), copy);
}

static void
dropdown_selected_cb (GtkDropDown      *dropdown,
                      GParamSpec       *pspec,
                      EditorCounterMix *self)
{
  Column col = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dropdown), "column"));
  const char *id = g_object_get_data (G_OBJECT (dropdown), "counter-id");
  const SandCounter *c = lookup (self, id);
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

static void
setup_cb (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          EditorCounterMix         *self)
{
  Column col = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), "column"));
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
        chars = longest_chars (G_LIST_MODEL (names));
        cell = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&names)), NULL);
        set_cell_factories (GTK_DROP_DOWN (cell), chars);
        /* A table cell, not a button: the toggle inside shows flat. */
        if (gtk_widget_get_first_child (cell) != NULL)
          gtk_widget_add_css_class (gtk_widget_get_first_child (cell), "flat");
        g_signal_connect (cell, "notify::selected", G_CALLBACK (dropdown_selected_cb), self);
        break;
      }
    case COL_USE:
      cell = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (cell), 0);
      gtk_label_set_ellipsize (GTK_LABEL (cell), PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (GTK_LABEL (cell), USE_CHARS);
      gtk_widget_add_css_class (cell, "dim-label");
      break;
    default:
      /* Plain text, edited in place like a spreadsheet cell: Enter or
       * leaving the cell commits. */
      cell = gtk_text_new ();
      if (col == COL_STRENGTH || col == COL_REDUCED || col == COL_STEPS || col == COL_MA)
        {
          gtk_editable_set_width_chars (GTK_EDITABLE (cell), 3);
          gtk_widget_add_css_class (cell, "numeric");
        }
      else
        gtk_editable_set_width_chars (GTK_EDITABLE (cell), col == COL_NAME ? NAME_CHARS
                                                           : col == COL_ID ? ID_CHARS
                                                           : PARENT_CHARS);
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
  gtk_list_item_set_child (item, cell);
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
  refresh_cell (self, cell);
}

static void
unbind_cb (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           EditorCounterMix         *self)
{
  g_ptr_array_remove_fast (self->cells, gtk_list_item_get_child (item));
}

/* Sort keys */

static char *
string_key (GtkStringObject  *obj,
            EditorCounterMix *self,
            Column            col)
{
  const SandCounter *c = lookup (self, gtk_string_object_get_string (obj));

  return c ? cell_text (self, c, col) : g_strdup ("");
}

static int
int_key (GtkStringObject  *obj,
         EditorCounterMix *self,
         Column            col)
{
  const SandCounter *c = lookup (self, gtk_string_object_get_string (obj));

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
SKEY (id, COL_ID)
SKEY (name, COL_NAME)
SKEY (parent, COL_PARENT)
SKEY (use, COL_USE)
IKEY (side, COL_SIDE)
IKEY (type, COL_TYPE)
IKEY (strength, COL_STRENGTH)
IKEY (reduced, COL_REDUCED)
IKEY (steps, COL_STEPS)
IKEY (ma, COL_MA)
IKEY (quality, COL_QUALITY)
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
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *column;

  g_object_set_data (G_OBJECT (factory), "column", GINT_TO_POINTER (col));
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cb), self);
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
  const SandCounter *c = lookup (self, gtk_string_object_get_string (item));

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
update_counts (EditorCounterMix *self)
{
  SandRuleset *rs = sand_scenario_get_ruleset (self->scenario);
  guint n_sides = sand_ruleset_n_sides (rs), n_types = sand_ruleset_n_unit_types (rs);
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint s = 0; s < n_sides; s++)
    {
      g_autofree guint *per_type = g_new0 (guint, n_types + 1);
      guint total = 0, placed = 0, arriving = 0, unused = 0;

      for (guint i = 0; i < sand_scenario_n_counters (self->scenario); i++)
        {
          const SandCounter *c = sand_scenario_get_counter (self->scenario, i);
          const char *use;

          if (c->side != (int) s)
            continue;
          total++;
          per_type[c->type >= 0 && (guint) c->type < n_types ? (guint) c->type : n_types]++;
          use = g_hash_table_lookup (self->uses, c->id);
          if (use == NULL)
            unused++;
          else if (g_hash_table_contains (self->arriving, c->id))
            arriving++;
          else
            placed++;
        }
      if (text->len > 0)
        g_string_append_c (text, '\n');
      {
        g_autofree char *side = g_markup_escape_text (sand_ruleset_side_label (rs, s), -1);
        g_string_append_printf (text, "<b>%s</b>: ", side);
      }
      g_string_append_printf (text, g_dngettext (NULL, "%u counter", "%u counters", total),
                              total);
      for (guint t = 0; t < n_types; t++)
        if (per_type[t] > 0)
          {
            g_autofree char *tn = g_markup_escape_text (sand_ruleset_unit_type_label (rs, t),
                                                        -1);
            g_autofree char *key = g_strdup_printf ("%s-%s-units",
                                                    sand_ruleset_get_side (rs, s)->id,
                                                    sand_ruleset_get_unit_type (rs, t)->id);
            int declared = sand_ruleset_param_int (rs, key, -1);

            g_string_append_printf (text, " · %u %s", per_type[t], tn);
            /* What the counter sheet holds, when the ruleset says. */
            if (declared >= 0)
              g_string_append_printf (text, (int) per_type[t] > declared
                                      ? _(" <span foreground=\"#c01c28\">(of %d)</span>")
                                      : _(" (of %d)"), declared);
          }
      g_string_append_printf (text, _(" — %u set up, %u arriving"), placed, arriving);
      if (unused > 0)
        g_string_append_printf (text, _(", <span foreground=\"#c01c28\">%u unused</span>"),
                                unused);
    }
  gtk_label_set_markup (self->counts_label, text->str);
}

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

  rebuild_uses (self);
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
    refresh_cell (self, g_ptr_array_index (self->cells, i));
  /* Values changed under the sort and the filter. */
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  if (gtk_column_view_get_sorter (self->view) != NULL)
    gtk_sorter_changed (gtk_column_view_get_sorter (self->view), GTK_SORTER_CHANGE_DIFFERENT);
  update_counts (self);
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
  add_column (self, COL_ICON, "", NULL, FALSE);
  add_column (self, COL_ID, _("Id"), make_sorter (self, FALSE, S (id)), FALSE);
  add_column (self, COL_NAME, _("Name"), make_sorter (self, FALSE, S (name)), TRUE);
  add_column (self, COL_SIDE, _("Side"), make_sorter (self, TRUE, I (side)), FALSE);
  add_column (self, COL_TYPE, _("Type"), make_sorter (self, TRUE, I (type)), FALSE);
  /* The printed values the ruleset says its counters have (<counter-fields>);
   * all of them when it says nothing. */
  if (sand_ruleset_counter_has_field (rs, "strength"))
    add_column (self, COL_STRENGTH, C_("counter", "Str"), make_sorter (self, TRUE, I (strength)),
                FALSE);
  if (sand_ruleset_counter_has_field (rs, "reduced"))
    add_column (self, COL_REDUCED, C_("counter", "Red"), make_sorter (self, TRUE, I (reduced)),
                FALSE);
  if (sand_ruleset_counter_has_field (rs, "steps"))
    add_column (self, COL_STEPS, C_("counter", "Steps"), make_sorter (self, TRUE, I (steps)),
                FALSE);
  if (sand_ruleset_counter_has_field (rs, "ma"))
    add_column (self, COL_MA, C_("counter", "MA"), make_sorter (self, TRUE, I (ma)), FALSE);
  if (sand_ruleset_counter_has_field (rs, "quality"))
    add_column (self, COL_QUALITY, _("Quality"), make_sorter (self, TRUE, I (quality)), FALSE);
  if (sand_ruleset_counter_has_field (rs, "parent"))
    add_column (self, COL_PARENT, _("Formation"), make_sorter (self, FALSE, S (parent)), FALSE);
  add_column (self, COL_USE, _("Set-Up / Arrival"), make_sorter (self, FALSE, S (use)), TRUE);
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
      const SandCounter *c = lookup (self, g_ptr_array_index (ids, i));
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
  self->arriving = g_hash_table_new (g_str_hash, g_str_equal);
  self->ids = gtk_string_list_new (NULL);
  self->filter = gtk_custom_filter_new (filter_func, self, NULL);
  self->filtered = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->ids)),
                                              GTK_FILTER (self->filter));
  self->sorted = gtk_sort_list_model_new (G_LIST_MODEL (self->filtered),
                                          g_object_ref (gtk_column_view_get_sorter (self->view)));
  self->selection = gtk_multi_selection_new (G_LIST_MODEL (self->sorted));
  gtk_column_view_set_model (self->view, GTK_SELECTION_MODEL (self->selection));

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
