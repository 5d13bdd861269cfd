/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-xml-error.c: the errors of everything that reads files, one line
 * each, "FILE:LINE: message" (sand-xml-safe.h). */
#include "sand-xml-safe.h"

#include <string.h>

void
sand_xml_set_error (GError    **error,
                    GQuark      domain,
                    int         code,
                    const char *filename,
                    int         line,
                    const char *format,
                    ...)
{
  va_list args;

  va_start (args, format);
  sand_xml_set_error_valist (error, domain, code, filename, line, format, args);
  va_end (args);
}

char *
sand_xml_escape_controls (const char *text)
{
  GString *out;

  g_return_val_if_fail (text != NULL, NULL);

  out = g_string_sized_new (strlen (text));
  for (const char *p = text; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;

      if (c == '\n')
        g_string_append (out, "\\n");
      else if (c == '\r')
        g_string_append (out, "\\r");
      else if (c == '\t')
        g_string_append (out, "\\t");
      else if (c < 0x20 || c == 0x7f)
        g_string_append_printf (out, "\\x%02X", c);
      else
        g_string_append_c (out, (char) c);
    }
  return g_string_free (out, FALSE);
}

void
sand_xml_set_error_valist (GError    **error,
                           GQuark      domain,
                           int         code,
                           const char *filename,
                           int         line,
                           const char *format,
                           va_list     args)
{
  g_autofree char *raw = g_strdup_vprintf (format, args);
  /* One error, one line: values quoted from the file may hold newlines. */
  g_autofree char *message = sand_xml_escape_controls (raw);

  if (filename == NULL)
    filename = "<data>";
  if (line > 0)
    g_set_error (error, domain, code, "%s:%d: %s", filename, line, message);
  else
    g_set_error (error, domain, code, "%s: %s", filename, message);
}
