/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-print-kit-dialog.c: the print-and-play kit's options beside a
 * preview of its pages. Every change lays the kit out again (a few tens of
 * milliseconds: the pages are drawn only when shown), Save PDF writes it
 * through a GtkFileChooserNative and Print hands its pages to
 * GtkPrintOperation at full page, so that the counter backs keep their
 * place on the sheet. */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-print-kit-dialog.h"

struct _EditorPrintKitDialog
{
  AdwWindow parent_instance;

  SandScenario *scenario;
  SandRenderer *renderer;
  SandPrintKit *kit;
  guint page;
  gboolean building;

  /* Template children */
  GtkSpinButton *back_x_spin;
  GtkSpinButton *back_y_spin;
  GtkSpinButton *bleed_spin;
  GtkSwitch *charts_switch;
  GtkSpinButton *counter_spin;
  GtkSwitch *counters_switch;
  AdwComboRow *duplex_row;
  GtkSpinButton *hex_spin;
  GtkSwitch *map_switch;
  GtkButton *next_button;
  GtkLabel *page_label;
  AdwComboRow *paper_row;
  GtkDrawingArea *preview;
  GtkButton *previous_button;
  GtkButton *print_button;
  GtkButton *save_button;
  AdwToastOverlay *toasts;
};

G_DEFINE_FINAL_TYPE (EditorPrintKitDialog, editor_print_kit_dialog, ADW_TYPE_WINDOW)

static void
update_page_label (EditorPrintKitDialog *self)
{
  guint n = self->kit != NULL ? sand_print_kit_n_pages (self->kit) : 0;
  g_autofree char *text = NULL;

  if (n == 0)
    text = g_strdup (_("No pages"));
  else
    /* Translators: "Page 3 of 18 — Map A2" */
    text = g_strdup_printf (_("Page %u of %u — %s"), self->page + 1, n,
                            sand_print_kit_page_title (self->kit, self->page));
  gtk_label_set_label (self->page_label, text);
  gtk_widget_set_sensitive (GTK_WIDGET (self->previous_button), self->page > 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->next_button), self->page + 1 < n);
  gtk_widget_set_sensitive (GTK_WIDGET (self->save_button), n > 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->print_button), n > 0);
}

static void
rebuild (EditorPrintKitDialog *self)
{
  SandPrintOptions options;
  g_autoptr (GError) error = NULL;

  if (self->building)
    return;
  sand_print_options_init (&options);
  options.paper = (SandPaper) adw_combo_row_get_selected (self->paper_row);
  options.duplex = (SandDuplex) adw_combo_row_get_selected (self->duplex_row);
  options.hex_mm = gtk_spin_button_get_value (self->hex_spin);
  options.counter_mm = gtk_spin_button_get_value (self->counter_spin);
  options.back_dx = gtk_spin_button_get_value (self->back_x_spin);
  options.back_dy = gtk_spin_button_get_value (self->back_y_spin);
  options.bleed_mm = gtk_spin_button_get_value (self->bleed_spin);
  options.parts = 0;
  if (gtk_switch_get_active (self->map_switch))
    options.parts |= SAND_KIT_MAP;
  if (gtk_switch_get_active (self->counters_switch))
    options.parts |= SAND_KIT_COUNTERS;
  if (gtk_switch_get_active (self->charts_switch))
    options.parts |= SAND_KIT_CHARTS;

  g_clear_pointer (&self->kit, sand_print_kit_free);
  self->kit = sand_print_kit_new (self->renderer, &options, &error);
  if (self->kit == NULL)
    adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
  if (self->kit == NULL || self->page >= sand_print_kit_n_pages (self->kit))
    self->page = 0;
  update_page_label (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->preview));
}

static void
option_changed (EditorPrintKitDialog *self)
{
  rebuild (self);
}

static void
draw_preview (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        user_data)
{
  EditorPrintKitDialog *self = user_data;
  double pw, ph, scale, x, y;

  if (self->kit == NULL || sand_print_kit_n_pages (self->kit) == 0)
    return;
  sand_print_kit_page_size (self->kit, self->page, &pw, &ph);
  pw *= 72.0 / 25.4;
  ph *= 72.0 / 25.4;
  scale = MIN ((width - 24) / pw, (height - 24) / ph);
  if (!(scale > 0))
    return;
  x = (width - pw * scale) / 2;
  y = (height - ph * scale) / 2;

  /* The sheet on a shadow, as a page lies on the table. */
  cairo_rectangle (cr, x + 3, y + 3, pw * scale, ph * scale);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.25);
  cairo_fill (cr);
  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, scale, scale);
  cairo_rectangle (cr, 0, 0, pw, ph);
  cairo_clip (cr);
  sand_print_kit_draw_page (self->kit, cr, self->page);
  cairo_restore (cr);
}

static void
go_previous (EditorPrintKitDialog *self)
{
  if (self->page > 0)
    editor_print_kit_dialog_set_page (self, self->page - 1);
}

static void
go_next (EditorPrintKitDialog *self)
{
  editor_print_kit_dialog_set_page (self, self->page + 1);
}

static gboolean
page_key (GtkWidget *widget,
          GVariant  *args,
          gpointer   user_data)
{
  EditorPrintKitDialog *self = EDITOR_PRINT_KIT_DIALOG (widget);

  if (g_variant_get_int32 (args) < 0)
    go_previous (self);
  else
    go_next (self);
  return TRUE;
}

gboolean
editor_print_kit_dialog_save (EditorPrintKitDialog *self,
                              GFile                *file,
                              GError              **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (EDITOR_IS_PRINT_KIT_DIALOG (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (self->kit == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("The kit's options cannot be printed"));
      return FALSE;
    }
  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Kits can only be saved to local files"));
      return FALSE;
    }
  return sand_print_kit_write_pdf (self->kit, path, error);
}

static void
save_response_cb (EditorPrintKitDialog *self,
                  int                   response,
                  GtkNativeDialog      *native)
{
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      name = g_file_get_basename (file);
      if (editor_print_kit_dialog_save (self, file, &error))
        text = g_strdup_printf (_("Saved “%s”"), name);
      else
        text = g_strdup_printf (_("Could not save “%s”: %s"), name, error->message);
      adw_toast_overlay_add_toast (self->toasts, adw_toast_new (text));
    }
  gtk_native_dialog_destroy (native);
  g_object_unref (native);
}

static void
save_clicked (EditorPrintKitDialog *self)
{
  GtkFileChooserNative *native;
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();
  const char *title = sand_scenario_get_title (self->scenario);
  g_autofree char *suggested = g_strdup_printf (_("%s kit.pdf"),
                                                title != NULL && *title ? title : _("Scenario"));

  native = gtk_file_chooser_native_new (_("Save Print-and-Play Kit"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("PDF documents"));
  gtk_file_filter_add_suffix (filter, "pdf");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), suggested);
  g_signal_connect_swapped (native, "response", G_CALLBACK (save_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* Printing: the kit's own pages at full page, in points, so that a back
 * lands where the layout put it. */

static void
print_begin_cb (GtkPrintOperation    *operation,
                GtkPrintContext      *context,
                EditorPrintKitDialog *self)
{
  gtk_print_operation_set_n_pages (operation, (int) sand_print_kit_n_pages (self->kit));
}

static void
print_request_page_setup_cb (GtkPrintOperation    *operation,
                             GtkPrintContext      *context,
                             int                   page_nr,
                             GtkPageSetup         *setup,
                             EditorPrintKitDialog *self)
{
  double w, h;

  sand_print_kit_page_size (self->kit, (guint) page_nr, &w, &h);
  gtk_page_setup_set_orientation (setup, w > h ? GTK_PAGE_ORIENTATION_LANDSCAPE
                                               : GTK_PAGE_ORIENTATION_PORTRAIT);
}

static void
print_draw_page_cb (GtkPrintOperation    *operation,
                    GtkPrintContext      *context,
                    int                   page_nr,
                    EditorPrintKitDialog *self)
{
  sand_print_kit_draw_page (self->kit, gtk_print_context_get_cairo_context (context),
                            (guint) page_nr);
}

static void
print_clicked (EditorPrintKitDialog *self)
{
  static const char * const papers[] = {
    GTK_PAPER_NAME_A4, GTK_PAPER_NAME_LETTER, GTK_PAPER_NAME_A3, GTK_PAPER_NAME_LEGAL,
  };
  g_autoptr (GtkPrintOperation) operation = NULL;
  g_autoptr (GtkPageSetup) setup = NULL;
  g_autoptr (GtkPaperSize) paper = NULL;
  g_autoptr (GError) error = NULL;
  guint index = adw_combo_row_get_selected (self->paper_row);

  if (self->kit == NULL)
    return;
  operation = gtk_print_operation_new ();
  gtk_print_operation_set_job_name (operation, _("Print-and-Play Kit"));
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_use_full_page (operation, TRUE);
  setup = gtk_page_setup_new ();
  paper = gtk_paper_size_new (papers[MIN (index, G_N_ELEMENTS (papers) - 1)]);
  gtk_page_setup_set_paper_size_and_default_margins (setup, paper);
  gtk_print_operation_set_default_page_setup (operation, setup);
  g_signal_connect (operation, "begin-print", G_CALLBACK (print_begin_cb), self);
  g_signal_connect (operation, "request-page-setup",
                    G_CALLBACK (print_request_page_setup_cb), self);
  g_signal_connect (operation, "draw-page", G_CALLBACK (print_draw_page_cb), self);
  if (gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                               GTK_WINDOW (self), &error) == GTK_PRINT_OPERATION_RESULT_ERROR)
    adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
}

SandPrintKit *
editor_print_kit_dialog_get_kit (EditorPrintKitDialog *self)
{
  g_return_val_if_fail (EDITOR_IS_PRINT_KIT_DIALOG (self), NULL);
  return self->kit;
}

guint
editor_print_kit_dialog_get_page (EditorPrintKitDialog *self)
{
  g_return_val_if_fail (EDITOR_IS_PRINT_KIT_DIALOG (self), 0);
  return self->page;
}

void
editor_print_kit_dialog_set_page (EditorPrintKitDialog *self,
                                  guint                 page)
{
  g_return_if_fail (EDITOR_IS_PRINT_KIT_DIALOG (self));

  if (self->kit == NULL || page >= sand_print_kit_n_pages (self->kit))
    return;
  self->page = page;
  update_page_label (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->preview));
}

GtkWidget *
editor_print_kit_dialog_new (GtkWindow    *parent,
                             SandScenario *scenario)
{
  EditorPrintKitDialog *self;
  SandPrintOptions defaults;
  g_autoptr (SandPrintKit) probe = NULL;

  g_return_val_if_fail (SAND_IS_SCENARIO (scenario), NULL);

  self = g_object_new (EDITOR_TYPE_PRINT_KIT_DIALOG, "transient-for", parent, NULL);
  self->scenario = g_object_ref (scenario);
  self->renderer = sand_renderer_new (scenario);

  /* The sizes start at what the CLI would choose for this scenario. */
  sand_print_options_init (&defaults);
  defaults.parts = 0;
  probe = sand_print_kit_new (self->renderer, &defaults, NULL);
  self->building = TRUE;
  if (probe != NULL)
    {
      gtk_spin_button_set_value (self->hex_spin, sand_print_kit_hex_mm (probe));
      gtk_spin_button_set_value (self->counter_spin, sand_print_kit_counter_mm (probe));
    }
  self->building = FALSE;
  rebuild (self);
  return GTK_WIDGET (self);
}

static void
editor_print_kit_dialog_dispose (GObject *object)
{
  EditorPrintKitDialog *self = EDITOR_PRINT_KIT_DIALOG (object);

  g_clear_pointer (&self->kit, sand_print_kit_free);
  g_clear_pointer (&self->renderer, sand_renderer_free);
  g_clear_object (&self->scenario);
  G_OBJECT_CLASS (editor_print_kit_dialog_parent_class)->dispose (object);
}

static void
editor_print_kit_dialog_class_init (EditorPrintKitDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = editor_print_kit_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/sandtable/Sandtable/ui/"
                                               "editor-print-kit-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, EditorPrintKitDialog, back_x_spin);
  gtk_widget_class_bind_template_child (widget_class, EditorPrintKitDialog, back_y_spin);
  gtk_widget_class_bind_template_child (widget_class, EditorPrintKitDialog, bleed_spin);
  gtk_widget_class_bind_template_child (widget_class, EditorPrintKitDialog, charts_switch);
  gtk_widget_class_bind_template_child (widget_class, EditorPrintKitDialog, counter_spin);
  gtk_widget_class_bind_template_child (widget_class, EditorPrintKitDialog, counters_switch);
  gtk_widget_class_bind_template_child (widget_class, EditorPrintKitDialog, duplex_row);
  gtk_widget_class_bind_template_child (widget_class, EditorPrintKitDialog, hex_spin);
  gtk_widget_class_bind_template_child (widget_class, EditorPrintKitDialog, map_switch);
  gtk_widget_class_bind_template_child (widget_class, EditorPrintKitDialog, next_button);
  gtk_widget_class_bind_template_child (widget_class, EditorPrintKitDialog, page_label);
  gtk_widget_class_bind_template_child (widget_class, EditorPrintKitDialog, paper_row);
  gtk_widget_class_bind_template_child (widget_class, EditorPrintKitDialog, preview);
  gtk_widget_class_bind_template_child (widget_class, EditorPrintKitDialog, previous_button);
  gtk_widget_class_bind_template_child (widget_class, EditorPrintKitDialog, print_button);
  gtk_widget_class_bind_template_child (widget_class, EditorPrintKitDialog, save_button);
  gtk_widget_class_bind_template_child (widget_class, EditorPrintKitDialog, toasts);
  gtk_widget_class_bind_template_callback (widget_class, option_changed);
  gtk_widget_class_bind_template_callback (widget_class, go_previous);
  gtk_widget_class_bind_template_callback (widget_class, go_next);
  gtk_widget_class_bind_template_callback (widget_class, save_clicked);
  gtk_widget_class_bind_template_callback (widget_class, print_clicked);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Page_Up, 0, page_key, "i", -1);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Page_Down, 0, page_key, "i", 1);
}

static void
editor_print_kit_dialog_init (EditorPrintKitDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drawing_area_set_draw_func (self->preview, draw_preview, self, NULL);
}
