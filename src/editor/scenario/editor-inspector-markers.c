/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-inspector-markers.c: the inspector's marker rows — one expander
 * per marker on the hex, its fields edited in place (each widget carries
 * the row's position and field), removal from the row. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "editor-inspector-private.h"
#include "sand-ruleset-labels.h"

/* Marker rows: each editor widget carries the row's position in
 * shown_markers and the field it edits. */
enum {
  MARKER_SIDE,
  MARKER_STRENGTH,
  MARKER_NAME,
  MARKER_CAPACITY,
  MARKER_GROUP,
  MARKER_VALUE,
};

static void
apply_marker_field (EditorInspector *self,
                    GtkWidget       *widget,
                    int              int_value,
                    const char      *text)
{
  guint pos = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (widget), "position"));
  int field = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (widget), "field"));
  SandMarker *shown, *m;
  guint index;

  if (self->updating || self->document == NULL || pos >= self->shown_markers->len)
    return;
  shown = g_ptr_array_index (self->shown_markers, pos);
  index = g_array_index (self->shown_indices, guint, pos);
  if (index >= sand_map_n_markers (self->map)
      || !sand_marker_equal (sand_map_get_marker (self->map, index), shown))
    return;

  m = sand_marker_copy (shown);
  switch (field)
    {
    case MARKER_SIDE: m->side = int_value; break;
    case MARKER_STRENGTH: m->strength = int_value; break;
    case MARKER_CAPACITY: m->capacity = int_value; break;
    case MARKER_VALUE: m->value = int_value; break;
    case MARKER_NAME:
      g_free (m->name);
      m->name = text && text[0] ? g_strdup (text) : NULL;
      break;
    case MARKER_GROUP:
      g_free (m->group);
      m->group = text && text[0] ? g_strdup (text) : NULL;
      break;
    default:
      g_assert_not_reached ();
    }
  if (sand_marker_equal (m, shown))
    {
      sand_marker_free (m);
      return;
    }

  /* What the rows show is now what the map holds: no rebuild follows. */
  g_ptr_array_index (self->shown_markers, pos) = sand_marker_copy (m);
  sand_marker_free (shown);
  if (pos < self->marker_rows->len)
    {
      g_autofree char *summary = _editor_inspector_marker_summary (self, m);

      adw_expander_row_set_subtitle (g_ptr_array_index (self->marker_rows, pos), summary);
    }
  editor_document_begin_edit (self->document, _("Edit Marker"));
  editor_document_replace_marker (self->document, index, m);
  editor_document_end_edit (self->document);
}

static void
marker_spin_cb (GtkSpinButton   *spin,
                EditorInspector *self)
{
  apply_marker_field (self, GTK_WIDGET (spin), gtk_spin_button_get_value_as_int (spin), NULL);
}

static void
marker_entry_cb (AdwEntryRow     *row,
                 EditorInspector *self)
{
  apply_marker_field (self, GTK_WIDGET (row), 0, gtk_editable_get_text (GTK_EDITABLE (row)));
}

static void
marker_side_cb (AdwComboRow     *row,
                GParamSpec      *pspec,
                EditorInspector *self)
{
  guint pos = adw_combo_row_get_selected (row);

  if (pos != GTK_INVALID_LIST_POSITION)
    apply_marker_field (self, GTK_WIDGET (row), (int) pos - 1, NULL);
}

static void
marker_remove_cb (GtkButton       *button,
                  EditorInspector *self)
{
  guint pos = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "position"));
  guint index;

  if (self->document == NULL || pos >= self->shown_markers->len)
    return;
  index = g_array_index (self->shown_indices, guint, pos);
  if (index >= sand_map_n_markers (self->map)
      || !sand_marker_equal (sand_map_get_marker (self->map, index),
                             g_ptr_array_index (self->shown_markers, pos)))
    return;
  editor_document_begin_edit (self->document, _("Remove Marker"));
  editor_document_remove_marker (self->document, index);
  editor_document_end_edit (self->document);
}

static void
tag (GtkWidget *widget,
     guint      position,
     int        field)
{
  g_object_set_data (G_OBJECT (widget), "position", GUINT_TO_POINTER (position));
  g_object_set_data (G_OBJECT (widget), "field", GINT_TO_POINTER (field));
}

static gboolean
capacity_output_cb (GtkSpinButton *spin,
                    gpointer       user_data)
{
  if (gtk_spin_button_get_value_as_int (spin) >= 0)
    return FALSE;
  /* The spin button itself refuses text while it formats its value. */
  gtk_editable_set_text (gtk_editable_get_delegate (GTK_EDITABLE (spin)), _("Unlimited"));
  return TRUE;
}

static int
capacity_input_cb (GtkSpinButton *spin,
                   double        *new_value,
                   gpointer       user_data)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));

  if (text[0] != '\0' && g_ascii_strcasecmp (text, _("Unlimited")) != 0)
    return FALSE;
  *new_value = -1;
  return TRUE;
}

static GtkWidget *
spin_row (EditorInspector *self,
          const char      *title,
          guint            position,
          int              field,
          int              min,
          int              value)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (min, 999, 1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  tag (spin, position, field);
  if (field == MARKER_CAPACITY)
    {
      g_signal_connect (spin, "output", G_CALLBACK (capacity_output_cb), NULL);
      g_signal_connect (spin, "input", G_CALLBACK (capacity_input_cb), NULL);
      /* "Unlimited" fits in 8 average characters (its letters are narrow),
       * and the one saved leaves the row's title room to stay on one line. */
      gtk_editable_set_width_chars (GTK_EDITABLE (spin), 8);
      gtk_widget_set_tooltip_text (spin, _("How many units it can supply; below 0 is unlimited"));
    }
  g_signal_connect (spin, "value-changed", G_CALLBACK (marker_spin_cb), self);
  if (field == MARKER_CAPACITY)
    {
      gboolean handled;

      /* Show "Unlimited" now, not after the first change. */
      g_signal_emit_by_name (spin, "output", &handled);
    }
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  return row;
}

static GtkWidget *
entry_row (EditorInspector *self,
           const char      *title,
           guint            position,
           int              field,
           const char      *text)
{
  GtkWidget *row = adw_entry_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (row), TRUE);
  gtk_editable_set_text (GTK_EDITABLE (row), text ? text : "");
  tag (row, position, field);
  g_signal_connect (row, "apply", G_CALLBACK (marker_entry_cb), self);
  return row;
}

static GtkWidget *
side_row (EditorInspector *self,
          guint            position,
          int              side)
{
  SandRuleset *ruleset = _editor_inspector_ruleset_of (self);
  GtkWidget *row = adw_combo_row_new ();
  g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);

  gtk_string_list_append (model, _("None"));
  for (guint i = 0; i < sand_ruleset_n_sides (ruleset); i++)
    gtk_string_list_append (model, sand_ruleset_side_label (ruleset, i));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Side"));
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), side + 1);
  tag (row, position, MARKER_SIDE);
  g_signal_connect (row, "notify::selected", G_CALLBACK (marker_side_cb), self);
  return row;
}

static GtkWidget *
make_marker_row (EditorInspector  *self,
                 guint             position,
                 const SandMarker *m)
{
  GtkWidget *row = adw_expander_row_new ();
  GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
  g_autofree char *summary = _editor_inspector_marker_summary (self, m);
  AdwExpanderRow *x = ADW_EXPANDER_ROW (row);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _editor_inspector_marker_title (m));
  adw_expander_row_set_subtitle (x, summary);
  gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (remove, "flat");
  gtk_widget_set_tooltip_text (remove, _("Remove this marker"));
  tag (remove, position, 0);
  g_signal_connect (remove, "clicked", G_CALLBACK (marker_remove_cb), self);
  adw_expander_row_add_action (x, remove);

  switch (m->kind)
    {
    case SAND_MARKER_FORT:
      adw_expander_row_add_row (x, side_row (self, position, m->side));
      adw_expander_row_add_row (x, spin_row (self, _("Strength"), position, MARKER_STRENGTH, 0,
                                             m->strength));
      adw_expander_row_add_row (x, entry_row (self, _("Name"), position, MARKER_NAME, m->name));
      adw_expander_row_add_row (x, spin_row (self, _("Supplies"), position,
                                             MARKER_CAPACITY, -1, m->capacity));
      break;
    case SAND_MARKER_ENTRY:
      adw_expander_row_add_row (x, side_row (self, position, m->side));
      adw_expander_row_add_row (x, entry_row (self, _("Group"), position, MARKER_GROUP,
                                              m->group));
      break;
    case SAND_MARKER_SUPPLY:
      adw_expander_row_add_row (x, side_row (self, position, m->side));
      adw_expander_row_add_row (x, entry_row (self, _("Name"), position, MARKER_NAME, m->name));
      adw_expander_row_add_row (x, spin_row (self, _("Capacity"), position,
                                             MARKER_CAPACITY, -1, m->capacity));
      break;
    case SAND_MARKER_VICTORY:
      adw_expander_row_add_row (x, side_row (self, position, m->side));
      adw_expander_row_add_row (x, spin_row (self, _("Value"), position, MARKER_VALUE, -99,
                                             m->value));
      break;
    case SAND_MARKER_EDGE_VALUE:
      adw_expander_row_add_row (x, spin_row (self, _("Value"), position, MARKER_VALUE, -99,
                                             m->value));
      break;
    case SAND_MARKER_OFFMAP_LINK:
      adw_expander_row_add_row (x, entry_row (self, _("Connection"), position, MARKER_GROUP,
                                              m->group));
      adw_expander_row_add_row (x, spin_row (self, _("Distance (hexes)"), position,
                                             MARKER_VALUE, 0, m->value));
      break;
    case SAND_MARKER_CUSTOM:
      adw_expander_row_add_row (x, entry_row (self, _("Kind"), position, MARKER_NAME, m->name));
      break;
    case SAND_MARKER_ZONE:
    case SAND_N_MARKER_KINDS:
    default:
      adw_expander_row_set_enable_expansion (x, FALSE);
      break;
    }
  return row;
}

void
_editor_inspector_clear_marker_rows (EditorInspector *self)
{
  for (guint i = 0; i < self->marker_rows->len; i++)
    adw_preferences_group_remove (self->markers_group, g_ptr_array_index (self->marker_rows, i));
  g_ptr_array_set_size (self->marker_rows, 0);
  g_ptr_array_set_size (self->shown_markers, 0);
  g_array_set_size (self->shown_indices, 0);
}

void
_editor_inspector_refresh_markers (EditorInspector *self)
{
  g_autoptr(GPtrArray) now = g_ptr_array_new ();
  g_autoptr(GArray) indices = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) expanded = NULL;
  gboolean same;
  guint n = sand_map_n_markers (self->map);

  for (guint i = 0; i < n; i++)
    {
      const SandMarker *m = sand_map_get_marker (self->map, i);

      if (m->hex == self->hex || (m->hex2 == self->hex && m->kind == SAND_MARKER_OFFMAP_LINK))
        {
          g_ptr_array_add (now, (gpointer) m);
          g_array_append_val (indices, i);
        }
    }

  same = now->len == self->shown_markers->len;
  for (guint i = 0; same && i < now->len; i++)
    same = g_array_index (indices, guint, i) == g_array_index (self->shown_indices, guint, i)
           && sand_marker_equal (g_ptr_array_index (now, i),
                                 g_ptr_array_index (self->shown_markers, i));
  if (same && (now->len > 0 || self->no_markers_row != NULL))
    return;

  /* An undo or a change made elsewhere rebuilds the rows: the ones the
   * designer had open stay open, so they can go on editing. */
  expanded = g_array_new (FALSE, TRUE, sizeof (int));
  for (guint i = 0; i < self->marker_rows->len && i < self->shown_markers->len; i++)
    if (adw_expander_row_get_expanded (g_ptr_array_index (self->marker_rows, i)))
      {
        int kind = ((SandMarker *) g_ptr_array_index (self->shown_markers, i))->kind;

        g_array_set_size (expanded, i + 1);
        g_array_index (expanded, int, i) = kind + 1;
      }
  _editor_inspector_clear_marker_rows (self);
  if (self->no_markers_row != NULL)
    {
      adw_preferences_group_remove (self->markers_group, self->no_markers_row);
      self->no_markers_row = NULL;
    }
  for (guint i = 0; i < now->len; i++)
    {
      GtkWidget *row = make_marker_row (self, i, g_ptr_array_index (now, i));

      g_ptr_array_add (self->shown_markers, sand_marker_copy (g_ptr_array_index (now, i)));
      g_array_append_val (self->shown_indices, g_array_index (indices, guint, i));
      g_ptr_array_add (self->marker_rows, row);
      adw_preferences_group_add (self->markers_group, row);
      if (i < expanded->len && g_array_index (expanded, int, i) ==
          (int) ((SandMarker *) g_ptr_array_index (now, i))->kind + 1)
        adw_expander_row_set_expanded (ADW_EXPANDER_ROW (row), TRUE);
    }
  if (now->len == 0)
    {
      self->no_markers_row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->no_markers_row),
                                     _("No markers; place them with the Markers tool (M)"));
      gtk_widget_add_css_class (self->no_markers_row, "dim-label");
      adw_preferences_group_add (self->markers_group, self->no_markers_row);
    }
}
