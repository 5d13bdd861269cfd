/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-render-file.h: where the renderer's exports and the print kit
 * write: a file replaced only when everything was written, so a failed
 * export (a full disk, a cairo error) leaves any old file as it was, and
 * whose errors name the file. Cairo's stream surfaces write through
 * sand_render_file_write; the PNG encoder through @stream directly. */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct {
  GOutputStream *stream;  /* the replace stream; owned */
  GError        *error;   /* the first write error, kept for the close */
} SandRenderFile;

gboolean       sand_render_file_open  (SandRenderFile      *file,
                                       const char          *path,
                                       GError             **error);
/* A cairo_write_func_t: @closure is the SandRenderFile. */
cairo_status_t sand_render_file_write (void                *closure,
                                       const unsigned char *data,
                                       unsigned int         length);
/* Puts the file in place when nothing failed (no write error and @status
 * is CAIRO_STATUS_SUCCESS); otherwise drops it, leaving the old file, and
 * says why, prefixed with @path. Frees what @file holds either way. */
gboolean       sand_render_file_close (SandRenderFile      *file,
                                       const char          *path,
                                       cairo_status_t       status,
                                       GError             **error);

G_END_DECLS
