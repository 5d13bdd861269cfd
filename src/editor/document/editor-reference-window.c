/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-reference-window.c: the Reference Image panel — choose a scan,
 * fit it to two hexes, fine-tune its placement and opacity, say whether
 * exports show it. A utility window beside the map, so the designer can
 * keep painting while it is open; every change is one undo step. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "editor-reference.h"
#include "sand-reference.h"

typedef struct {
  EditorWindow *window;
  EditorDocument *document;
  EditorReferenceLayer *layer;
  AdwActionRow *image_row;
  GtkWidget *remove;
  GtkWidget *placement;
  GtkWidget *fit_group;
  GtkAdjustment *opacity, *scale, *rotation, *x, *y;
  GtkSwitch *exports;
  GtkEditable *p1, *h1, *p2, *h2;
  GtkLabel *fit_message;
  gboolean syncing;
} Panel;

static void
panel_free (Panel *p)
{
  g_signal_handlers_disconnect_by_data (editor_document_get_scenario (p->document), p);
  g_signal_handlers_disconnect_by_data (p->layer, p);
  g_object_unref (p->document);
  g_object_unref (p->layer);
  g_free (p);
}

static const SandReference *
current (Panel *p)
{
  return sand_scenario_get_reference (editor_document_get_scenario (p->document));
}

/* Controls follow the model (after undo, redo, a fit, a load). */
static void
sync_controls (Panel *p)
{
  const SandReference *ref = current (p);
  const char *error = editor_reference_layer_get_error (p->layer);
  int w, h;

  p->syncing = TRUE;
  gtk_widget_set_sensitive (p->placement, ref != NULL);
  gtk_widget_set_sensitive (p->fit_group, ref != NULL);
  gtk_widget_set_sensitive (p->remove, ref != NULL);
  if (ref == NULL)
    adw_action_row_set_subtitle (p->image_row, _("None: choose a scan of the map to trace"));
  else if (error != NULL)
    adw_action_row_set_subtitle (p->image_row, error);
  else
    {
      g_autofree char *text = NULL;
      editor_reference_layer_get_size (p->layer, &w, &h);
      /* Translators: a file path, then its size in pixels. */
      text = w > 0 ? g_strdup_printf (_("%s — %d × %d px"), ref->path, w, h)
                   : g_strdup_printf (_("%s — loading…"), ref->path);
      adw_action_row_set_subtitle (p->image_row, text);
    }
  if (ref != NULL)
    {
      gtk_adjustment_set_value (p->opacity, ref->opacity * 100);
      gtk_adjustment_set_value (p->scale, ref->scale);
      gtk_adjustment_set_value (p->rotation, ref->rotation);
      gtk_adjustment_set_value (p->x, ref->x);
      gtk_adjustment_set_value (p->y, ref->y);
      gtk_switch_set_active (p->exports, ref->in_exports);
    }
  p->syncing = FALSE;
}

static void
control_changed_cb (Panel *p)
{
  g_autoptr (SandReference) ref = NULL;

  if (p->syncing || current (p) == NULL)
    return;
  ref = sand_reference_copy (current (p));
  ref->opacity = gtk_adjustment_get_value (p->opacity) / 100.0;
  ref->scale = gtk_adjustment_get_value (p->scale);
  ref->rotation = gtk_adjustment_get_value (p->rotation);
  ref->x = gtk_adjustment_get_value (p->x);
  ref->y = gtk_adjustment_get_value (p->y);
  ref->in_exports = gtk_switch_get_active (p->exports);
  editor_reference_apply (p->document, ref, _("Change Reference Image"));
}

static void
choose_response_cb (Panel                *p,
                    int                   response,
                    GtkFileChooserNative *native)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      g_autofree char *path = file ? editor_reference_path_for (p->document, file) : NULL;
      g_autoptr (SandReference) ref = NULL;

      if (path != NULL)
        {
          ref = current (p) ? sand_reference_copy (current (p)) : sand_reference_new (path);
          g_free (ref->path);
          ref->path = g_steal_pointer (&path);
          editor_reference_apply (p->document, ref, _("Set Reference Image"));
        }
    }
  gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (native));
  g_object_unref (native);
}

static void
choose_clicked_cb (Panel *p)
{
  GtkFileChooserNative *native;
  GtkFileFilter *filter = gtk_file_filter_new ();

  native = gtk_file_chooser_native_new (_("Choose a Reference Image"), GTK_WINDOW (p->window),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Choose"),
                                        _("_Cancel"));
  gtk_file_filter_set_name (filter, _("PNG and JPEG Images"));
  gtk_file_filter_add_mime_type (filter, "image/png");
  gtk_file_filter_add_mime_type (filter, "image/jpeg");
  gtk_file_filter_add_pattern (filter, "*.png");
  gtk_file_filter_add_pattern (filter, "*.jpg");
  gtk_file_filter_add_pattern (filter, "*.jpeg");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  g_signal_connect_swapped (native, "response", G_CALLBACK (choose_response_cb), p);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
remove_clicked_cb (Panel *p)
{
  editor_reference_apply (p->document, NULL, _("Remove Reference Image"));
}

static gboolean
parse_point (GtkEditable *e,
             SandPoint   *pt)
{
  const char *text = gtk_editable_get_text (e);
  char *end;

  pt->x = g_ascii_strtod (text, &end);
  while (*end == ' ' || *end == ',')
    end++;
  if (end == text || *end == '\0')
    return FALSE;
  pt->y = g_ascii_strtod (end, &end);
  return *end == '\0';
}

static void
fit_clicked_cb (Panel *p)
{
  const SandGrid *grid = sand_map_get_grid (editor_document_get_map (p->document));
  SandPoint a, b;
  int ha, hb;

  if (!parse_point (p->p1, &a) || !parse_point (p->p2, &b))
    gtk_label_set_text (p->fit_message, _("Give each image point as x, y in pixels"));
  else if (!sand_grid_parse_id (grid, gtk_editable_get_text (p->h1), &ha)
           || !sand_grid_parse_id (grid, gtk_editable_get_text (p->h2), &hb))
    gtk_label_set_text (p->fit_message, _("Give each hex as its id on this map, e.g. 0203"));
  else if (!editor_reference_fit (p->document, a, ha, b, hb))
    gtk_label_set_text (p->fit_message, _("The two points must differ, and so must the hexes"));
  else
    gtk_label_set_text (p->fit_message, _("Fitted: both points now lie on their hexes"));
}

static GtkAdjustment *
spin_row (Panel                *p,
          AdwPreferencesGroup  *group,
          const char           *title,
          const char           *subtitle,
          double                lo,
          double                hi,
          double                step,
          guint                 digits)
{
  GtkWidget *row = adw_action_row_new ();
  GtkAdjustment *adj = gtk_adjustment_new (0, lo, hi, step, step * 10, 0);
  GtkWidget *spin = gtk_spin_button_new (adj, step, digits);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_preferences_group_add (group, row);
  g_signal_connect_swapped (adj, "value-changed", G_CALLBACK (control_changed_cb), p);
  return adj;
}

static GtkEditable *
entry_row (AdwPreferencesGroup *group,
           GtkWidget          **box_out,
           const char          *title,
           const char          *placeholder)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *entry = gtk_entry_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), placeholder);
  gtk_editable_set_width_chars (GTK_EDITABLE (entry), 10);
  gtk_widget_set_valign (entry, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), entry);
  adw_preferences_group_add (group, row);
  *box_out = row;
  return GTK_EDITABLE (entry);
}

GtkWindow *
editor_reference_window_new (EditorWindow         *window,
                             EditorDocument       *document,
                             EditorReferenceLayer *layer)
{
  Panel *p = g_new0 (Panel, 1);
  GtkWidget *win = adw_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *page = adw_preferences_page_new ();
  AdwPreferencesGroup *image = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  AdwPreferencesGroup *place = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  AdwPreferencesGroup *fit = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  GtkWidget *choose = gtk_button_new_with_mnemonic (_("_Choose…"));
  GtkWidget *opacity_row = adw_action_row_new ();
  GtkWidget *opacity = NULL;
  GtkWidget *exports_row = adw_action_row_new ();
  GtkWidget *fit_button = gtk_button_new_with_mnemonic (_("_Fit"));
  GtkWidget *row;

  p->window = window;
  p->document = g_object_ref (document);
  p->layer = g_object_ref (layer);
  gtk_window_set_title (GTK_WINDOW (win), _("Reference Image"));
  gtk_window_set_transient_for (GTK_WINDOW (win), GTK_WINDOW (window));
  gtk_window_set_default_size (GTK_WINDOW (win), 420, 720);
  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());

  adw_preferences_group_set_title (image, _("Scan to Trace"));
  adw_preferences_group_set_description (image, _("Shown under the grid while you paint; kept "
                                                  "with the scenario, not in exports unless "
                                                  "you ask."));
  p->image_row = ADW_ACTION_ROW (adw_action_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (p->image_row), _("Image"));
  p->remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
  gtk_widget_set_tooltip_text (p->remove, _("Remove the reference image"));
  gtk_widget_set_valign (choose, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (p->remove, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (p->image_row, choose);
  adw_action_row_add_suffix (p->image_row, p->remove);
  adw_preferences_group_add (image, GTK_WIDGET (p->image_row));

  adw_preferences_group_set_title (fit, _("Fit to Two Hexes"));
  adw_preferences_group_set_description (fit, _("Two points of the scan, in image pixels, and "
                                                "the hexes whose centres they mark: the scan is "
                                                "scaled, turned and moved to match."));
  p->p1 = entry_row (fit, &row, _("First point"), "120, 80");
  p->h1 = entry_row (fit, &row, _("On hex"), "0101");
  p->p2 = entry_row (fit, &row, _("Second point"), "920, 130");
  p->h2 = entry_row (fit, &row, _("On hex"), "1208");
  p->fit_message = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (p->fit_message, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (p->fit_message), "dim-label");
  row = adw_action_row_new ();
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), GTK_WIDGET (p->fit_message));
  gtk_widget_set_valign (fit_button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (fit_button, "suggested-action");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), fit_button);
  adw_preferences_group_add (fit, row);
  p->fit_group = GTK_WIDGET (fit);

  adw_preferences_group_set_title (place, _("Placement"));
  p->opacity = gtk_adjustment_new (50, 0, 100, 5, 10, 0);
  opacity = gtk_scale_new (GTK_ORIENTATION_HORIZONTAL, p->opacity);
  gtk_scale_set_draw_value (GTK_SCALE (opacity), TRUE);
  gtk_scale_set_value_pos (GTK_SCALE (opacity), GTK_POS_LEFT);
  gtk_widget_set_hexpand (opacity, TRUE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (opacity_row), _("Opacity"));
  adw_action_row_add_suffix (ADW_ACTION_ROW (opacity_row), opacity);
  adw_preferences_group_add (place, opacity_row);
  g_signal_connect_swapped (p->opacity, "value-changed", G_CALLBACK (control_changed_cb), p);
  p->scale = spin_row (p, place, _("Scale"), _("Map units per image pixel"), 0.0001, 1000,
                       0.001, 4);
  p->rotation = spin_row (p, place, _("Rotation"), _("Degrees, clockwise"), -360, 360, 0.1, 2);
  p->x = spin_row (p, place, _("Left"), _("Map units"), -1e6, 1e6, 1, 1);
  p->y = spin_row (p, place, _("Top"), _("Map units"), -1e6, 1e6, 1, 1);
  p->exports = GTK_SWITCH (gtk_switch_new ());
  gtk_widget_set_valign (GTK_WIDGET (p->exports), GTK_ALIGN_CENTER);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (exports_row), _("Show in Exports"));
  adw_action_row_add_suffix (ADW_ACTION_ROW (exports_row), GTK_WIDGET (p->exports));
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (exports_row), GTK_WIDGET (p->exports));
  adw_preferences_group_add (place, exports_row);
  g_signal_connect_swapped (p->exports, "notify::active", G_CALLBACK (control_changed_cb), p);
  p->placement = GTK_WIDGET (place);

  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), image);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), fit);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), place);
  gtk_widget_set_vexpand (page, TRUE);
  gtk_box_append (GTK_BOX (box), page);
  adw_window_set_content (ADW_WINDOW (win), box);

  g_signal_connect_swapped (choose, "clicked", G_CALLBACK (choose_clicked_cb), p);
  g_signal_connect_swapped (p->remove, "clicked", G_CALLBACK (remove_clicked_cb), p);
  g_signal_connect_swapped (fit_button, "clicked", G_CALLBACK (fit_clicked_cb), p);
  g_signal_connect_swapped (editor_document_get_scenario (document), "changed",
                            G_CALLBACK (sync_controls), p);
  g_signal_connect_swapped (layer, "changed", G_CALLBACK (sync_controls), p);
  g_object_set_data (G_OBJECT (win), "editor-document", document);
  g_object_set_data_full (G_OBJECT (win), "editor-reference-panel", p, (GDestroyNotify) panel_free);
  sync_controls (p);
  return GTK_WINDOW (win);
}
