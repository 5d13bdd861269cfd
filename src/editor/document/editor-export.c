/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-export.h"
#include "editor-reference.h"
#include "sand-interop.h"
#include "sand-reference.h"

#define MAX_PNG_SIDE 16000.0

static const struct {
  const char *ext;
  const char *mime;
  const char *name;
} formats[EDITOR_EXPORT_N_FORMATS] = {
  { ".png", "image/png", N_("PNG Image") },
  { ".svg", "image/svg+xml", N_("SVG Image") },
  { ".pdf", "application/pdf", N_("PDF Document") },
  { ".tmx", NULL, N_("Tiled Map") },
  { ".vmod", NULL, N_("VASSAL Module") },
};

GtkFileFilter *
editor_export_filter_new (EditorExportFormat format)
{
  GtkFileFilter *filter;
  g_autofree char *pattern = NULL;

  g_return_val_if_fail (format < EDITOR_EXPORT_N_FORMATS, NULL);

  filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _(formats[format].name));
  if (formats[format].mime != NULL)
    gtk_file_filter_add_mime_type (filter, formats[format].mime);
  pattern = g_strconcat ("*", formats[format].ext, NULL);
  gtk_file_filter_add_pattern (filter, pattern);
  g_object_set_data (G_OBJECT (filter), "editor-export-format", GUINT_TO_POINTER (format + 1));
  return filter;
}

EditorExportFormat
editor_export_filter_get_format (GtkFileFilter *filter)
{
  guint format;

  g_return_val_if_fail (filter == NULL || GTK_IS_FILE_FILTER (filter), EDITOR_EXPORT_N_FORMATS);

  if (filter == NULL)
    return EDITOR_EXPORT_N_FORMATS;
  format = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (filter), "editor-export-format"));
  return format == 0 ? EDITOR_EXPORT_N_FORMATS : format - 1;
}

const char *
editor_export_format_extension (EditorExportFormat format)
{
  g_return_val_if_fail (format < EDITOR_EXPORT_N_FORMATS, NULL);
  return formats[format].ext;
}

EditorExportFormat
editor_export_format_for_name (const char *name)
{
  g_autofree char *lower = NULL;

  if (name == NULL)
    return EDITOR_EXPORT_N_FORMATS;
  lower = g_ascii_strdown (name, -1);
  for (guint i = 0; i < EDITOR_EXPORT_N_FORMATS; i++)
    if (g_str_has_suffix (lower, formats[i].ext))
      return i;
  return EDITOR_EXPORT_N_FORMATS;
}

static void
map_size (SandScenario *scenario,
          double       *width,
          double       *height)
{
  SandMap *map = sand_scenario_get_map (scenario);

  sand_grid_pixel_size (sand_map_get_grid (map), sand_map_get_hex_size (map), width, height);
}

double
editor_export_get_scale (SandScenario       *scenario,
                         EditorExportFormat  format)
{
  double width, height;

  g_return_val_if_fail (SAND_IS_SCENARIO (scenario), 1.0);

  if (format != EDITOR_EXPORT_PNG)
    return 1.0;
  map_size (scenario, &width, &height);
  return MIN (2.0, MAX_PNG_SIDE / MAX (1.0, MAX (width, height)));
}

gboolean
editor_export_map (SandScenario  *scenario,
                   GFile         *file,
                   SandLayers     layers,
                   GError       **error)
{
  g_autoptr(SandRenderer) renderer = NULL;
  g_autofree char *path = NULL;
  EditorExportFormat format = EDITOR_EXPORT_N_FORMATS;

  g_return_val_if_fail (SAND_IS_SCENARIO (scenario), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Maps can only be exported to local files"));
      return FALSE;
    }

  format = editor_export_format_for_name (path);
  if (format == EDITOR_EXPORT_N_FORMATS)
    {
      char *with_ext = g_strconcat (path, formats[EDITOR_EXPORT_PNG].ext, NULL);
      g_free (path);
      path = with_ext;
      format = EDITOR_EXPORT_PNG;
    }

  /* Tiled and VASSAL get the whole map their own way, whatever is shown. */
  if (format == EDITOR_EXPORT_TMX)
    return sand_tmx_export (scenario, path, NULL, error);
  if (format == EDITOR_EXPORT_VMOD)
    return sand_vassal_export (scenario, path, NULL, error);
  /* The scan shows only when the designer asked for it. */
  if (sand_scenario_get_reference (scenario) != NULL
      && sand_scenario_get_reference (scenario)->in_exports)
    return editor_reference_export (scenario, path, editor_export_get_scale (scenario, format),
                                    layers, error);
  renderer = sand_renderer_new (scenario);
  return sand_renderer_export (renderer, path, editor_export_get_scale (scenario, format),
                               layers, error);
}

typedef struct {
  SandScenario *scenario;
  SandRenderer *renderer;
  SandLayers layers;
} PrintData;

static void
print_data_free (PrintData *data)
{
  g_clear_pointer (&data->renderer, sand_renderer_free);
  g_clear_object (&data->scenario);
  g_free (data);
}

static void
begin_print_cb (GtkPrintOperation *operation,
                GtkPrintContext   *context,
                PrintData         *data)
{
  gtk_print_operation_set_n_pages (operation, 1);
}

static void
draw_page_cb (GtkPrintOperation *operation,
              GtkPrintContext   *context,
              int                page_nr,
              PrintData         *data)
{
  cairo_t *cr = gtk_print_context_get_cairo_context (context);
  double page_w = gtk_print_context_get_width (context);
  double page_h = gtk_print_context_get_height (context);
  double width, height, scale;

  map_size (data->scenario, &width, &height);
  if (width <= 0 || height <= 0)
    return;

  /* The whole map on the page, centred: a designer prints to check the
   * map as a whole; poster tiling belongs to the PDF export. */
  scale = MIN (page_w / width, page_h / height);
  cairo_save (cr);
  cairo_translate (cr, (page_w - width * scale) / 2, (page_h - height * scale) / 2);
  cairo_scale (cr, scale, scale);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  sand_renderer_draw (data->renderer, cr, scale, 0, 0, width, height, data->layers);
  cairo_restore (cr);
}

static gboolean
run_print (GtkWindow                *parent,
           SandScenario             *scenario,
           const char               *job_name,
           SandLayers                layers,
           GtkPrintOperationAction   action,
           const char               *export_path,
           GError                  **error)
{
  g_autoptr(GtkPrintOperation) operation = NULL;
  g_autoptr(GtkPageSetup) setup = NULL;
  PrintData *data;
  double width, height;

  data = g_new0 (PrintData, 1);
  data->scenario = g_object_ref (scenario);
  data->renderer = sand_renderer_new (scenario);
  data->layers = layers;

  operation = gtk_print_operation_new ();
  g_object_set_data_full (G_OBJECT (operation), "editor-print-data", data,
                          (GDestroyNotify) print_data_free);
  gtk_print_operation_set_job_name (operation, job_name ? job_name : _("Map"));
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
  if (export_path != NULL)
    gtk_print_operation_set_export_filename (operation, export_path);

  map_size (scenario, &width, &height);
  setup = gtk_page_setup_new ();
  gtk_page_setup_set_orientation (setup, width > height ? GTK_PAGE_ORIENTATION_LANDSCAPE
                                                        : GTK_PAGE_ORIENTATION_PORTRAIT);
  gtk_print_operation_set_default_page_setup (operation, setup);

  g_signal_connect (operation, "begin-print", G_CALLBACK (begin_print_cb), data);
  g_signal_connect (operation, "draw-page", G_CALLBACK (draw_page_cb), data);

  return gtk_print_operation_run (operation, action, parent, error)
         != GTK_PRINT_OPERATION_RESULT_ERROR;
}

gboolean
editor_export_print (GtkWindow     *parent,
                     SandScenario  *scenario,
                     const char    *job_name,
                     SandLayers     layers,
                     GError       **error)
{
  g_return_val_if_fail (SAND_IS_SCENARIO (scenario), FALSE);

  return run_print (parent, scenario, job_name, layers,
                    GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, NULL, error);
}

gboolean
editor_export_print_to_file (SandScenario  *scenario,
                             const char    *path,
                             SandLayers     layers,
                             GError       **error)
{
  g_return_val_if_fail (SAND_IS_SCENARIO (scenario), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  return run_print (NULL, scenario, NULL, layers, GTK_PRINT_OPERATION_ACTION_EXPORT, path,
                    error);
}
