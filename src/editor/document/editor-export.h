/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-export.h: the map as PNG, SVG or PDF through sand_renderer_export
 * (the same drawing as `sandtable-cli render`), and printed with
 * GtkPrintOperation through the same renderer. */
#pragma once

#include <gtk/gtk.h>

#include "sand-renderer.h"

G_BEGIN_DECLS

typedef enum {
  EDITOR_EXPORT_PNG,
  EDITOR_EXPORT_SVG,
  EDITOR_EXPORT_PDF,
  EDITOR_EXPORT_TMX,  /* Tiled map (docs/interop.md) */
  EDITOR_EXPORT_VMOD, /* VASSAL module */
  EDITOR_EXPORT_N_FORMATS
} EditorExportFormat;

/* The filter remembers its format (editor_export_filter_get_format). */
GtkFileFilter *editor_export_filter_new (EditorExportFormat  format);
EditorExportFormat editor_export_filter_get_format (GtkFileFilter *filter);
/* ".png", ".svg", ".pdf", ".tmx", ".vmod" */
const char    *editor_export_format_extension (EditorExportFormat format);
/* The format a file name's extension names, or EDITOR_EXPORT_N_FORMATS. */
EditorExportFormat editor_export_format_for_name (const char *name);
/* The scale an export uses: 2 pixels per point for PNG (capped so the
 * image stays under 16000 pixels a side), 1 for SVG and PDF. */
double         editor_export_get_scale  (SandScenario       *scenario,
                                         EditorExportFormat  format);
/* The format is taken from the file's extension; a name without a known
 * extension gets ".png". */
gboolean       editor_export_map        (SandScenario       *scenario,
                                         GFile              *file,
                                         SandLayers          layers,
                                         GError            **error);
/* Shows the print dialog and prints the whole map on one page. */
gboolean       editor_export_print      (GtkWindow          *parent,
                                         SandScenario       *scenario,
                                         const char         *job_name,
                                         SandLayers          layers,
                                         GError            **error);

/* The same page, printed to a PDF file without a dialog. */
gboolean       editor_export_print_to_file (SandScenario    *scenario,
                                         const char         *path,
                                         SandLayers          layers,
                                         GError            **error);

G_END_DECLS
