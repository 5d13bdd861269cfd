/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-render-file.c: see sand-render-file.h. */
#include "sand-render-file.h"

gboolean
sand_render_file_open (SandRenderFile *file,
                       const char     *path,
                       GError        **error)
{
  g_autoptr (GFile) gfile = NULL;
  GFileOutputStream *out;

  g_return_val_if_fail (file != NULL && path != NULL, FALSE);

  file->stream = NULL;
  file->error = NULL;
  gfile = g_file_new_for_path (path);
  out = g_file_replace (gfile, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL, error);
  if (out == NULL)
    return FALSE;
  file->stream = G_OUTPUT_STREAM (out);
  return TRUE;
}

cairo_status_t
sand_render_file_write (void                *closure,
                        const unsigned char *data,
                        unsigned int         length)
{
  SandRenderFile *file = closure;

  if (file->error != NULL)
    return CAIRO_STATUS_WRITE_ERROR;
  if (!g_output_stream_write_all (file->stream, data, length, NULL, NULL, &file->error))
    return CAIRO_STATUS_WRITE_ERROR;
  return CAIRO_STATUS_SUCCESS;
}

gboolean
sand_render_file_close (SandRenderFile *file,
                        const char     *path,
                        cairo_status_t  status,
                        GError        **error)
{
  g_autoptr (GOutputStream) stream = g_steal_pointer (&file->stream);
  g_autoptr (GError) write_error = g_steal_pointer (&file->error);

  g_return_val_if_fail (stream != NULL, FALSE);

  if (write_error != NULL || status != CAIRO_STATUS_SUCCESS)
    {
      g_autoptr (GCancellable) cancel = g_cancellable_new ();

      /* Closing cancelled drops the temporary file: the old one stays. */
      g_cancellable_cancel (cancel);
      g_output_stream_close (stream, cancel, NULL);
      if (write_error != NULL)
        g_propagate_prefixed_error (error, g_steal_pointer (&write_error), "%s: ", path);
      else
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: %s", path,
                     cairo_status_to_string (status));
      return FALSE;
    }
  if (!g_output_stream_close (stream, NULL, error))
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
  return TRUE;
}
