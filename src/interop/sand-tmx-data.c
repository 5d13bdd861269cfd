/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-tmx-data.c: a TMX layer's <data>: XML <tile> elements, CSV, or
 * base64 of little-endian 32-bit gids, raw or zlib/gzip-compressed.
 * Inflating stops at the size the layer must have, so a small file cannot
 * grow into gigabytes (a "zip bomb"). zstd is refused: Debian 12's Tiled
 * writes it only on request and Sandtable has no decoder for it. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include <glib/gi18n-lib.h>

#include "sand-tmx-private.h"
#include "sand-xml-safe.h"

static void G_GNUC_PRINTF (5, 6)
fail (GError    **error,
      int         code,
      const char *filename,
      xmlNode    *node,
      const char *format,
      ...)
{
  va_list args;

  va_start (args, format);
  sand_xml_set_error_valist (error, SAND_INTEROP_ERROR, code, filename,
                             sand_xml_node_line (node), format, args);
  va_end (args);
}

static gboolean
decode_csv (xmlNode    *data,
            const char *filename,
            gsize       n,
            guint32    *gids,
            GError    **error)
{
  g_autofree char *text = (char *) xmlNodeGetContent (data);
  const char *p = text != NULL ? text : "";
  gsize i = 0;

  while (*p != '\0')
    {
      char *end;
      guint64 v;

      while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')
        p++;
      if (*p == '\0')
        break;
      v = g_ascii_strtoull (p, &end, 10);
      if (end == p || v > G_MAXUINT32)
        {
          fail (error, SAND_INTEROP_ERROR_INVALID, filename, data,
                _("the CSV layer data has “%.10s” where a tile number should be"), p);
          return FALSE;
        }
      if (i >= n)
        {
          fail (error, SAND_INTEROP_ERROR_INVALID, filename, data,
                _("the layer data has more than the %zu tiles of the map"), n);
          return FALSE;
        }
      gids[i++] = (guint32) v;
      p = end;
      while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')
        p++;
      if (*p == ',')
        p++;
      else if (*p != '\0')
        {
          fail (error, SAND_INTEROP_ERROR_INVALID, filename, data,
                _("the CSV layer data has “%.10s” where a comma should be"), p);
          return FALSE;
        }
    }
  if (i != n)
    {
      fail (error, SAND_INTEROP_ERROR_INVALID, filename, data,
            g_dngettext (GETTEXT_PACKAGE, "the layer data has %zu tile; the map needs %zu",
                         "the layer data has %zu tiles; the map needs %zu", i), i, n);
      return FALSE;
    }
  return TRUE;
}

/* Inflates zlib or gzip (zlib tells them apart) into exactly @want bytes. */
static gboolean
inflate_exact (const guint8 *in,
               gsize         in_len,
               guint8       *out,
               gsize         want,
               gsize        *got)
{
  z_stream z = { 0 };
  int status;

  if (inflateInit2 (&z, 15 + 32) != Z_OK)
    return FALSE;
  z.next_in = (Bytef *) in;
  z.avail_in = (uInt) in_len;
  z.next_out = out;
  z.avail_out = (uInt) want;
  status = inflate (&z, Z_FINISH);
  *got = want - z.avail_out;
  inflateEnd (&z);
  /* Z_BUF_ERROR with the output full: there is more than the map holds. */
  return status == Z_STREAM_END;
}

static gboolean
decode_base64 (xmlNode    *data,
               const char *filename,
               const char *compression,
               gsize       n,
               guint32    *gids,
               GError    **error)
{
  g_autofree char *text = (char *) xmlNodeGetContent (data);
  g_autofree guint8 *raw = NULL;
  g_autofree guint8 *bytes = NULL;
  gsize raw_len = 0, len = 0;

  if (text == NULL)
    text = g_strdup ("");
  g_strstrip (text);
  raw = g_base64_decode (text, &raw_len);
  if (compression == NULL || *compression == '\0')
    {
      bytes = g_steal_pointer (&raw);
      len = raw_len;
    }
  else if (strcmp (compression, "zlib") == 0 || strcmp (compression, "gzip") == 0)
    {
      bytes = g_malloc (n * 4);
      if (!inflate_exact (raw, raw_len, bytes, n * 4, &len))
        {
          fail (error, SAND_INTEROP_ERROR_INVALID, filename, data,
                len == n * 4
                ? g_dngettext (GETTEXT_PACKAGE,
                               "the %s layer data holds more than the map's %zu tile",
                               "the %s layer data holds more than the map's %zu tiles", n)
                : g_dngettext (GETTEXT_PACKAGE,
                               "the %s layer data is damaged or shorter than the map's %zu tile",
                               "the %s layer data is damaged or shorter than the map's %zu tiles",
                               n),
                compression, n);
          return FALSE;
        }
    }
  else if (strcmp (compression, "zstd") == 0)
    {
      fail (error, SAND_INTEROP_ERROR_UNSUPPORTED, filename, data,
            _("the layer data is zstd-compressed, which Sandtable cannot read; in Tiled "
              "choose Map > Map Properties > Tile Layer Format: Base64 (zlib compressed) or "
              "CSV and save again"));
      return FALSE;
    }
  else
    {
      fail (error, SAND_INTEROP_ERROR_UNSUPPORTED, filename, data,
            _("unknown compression “%s”"), compression);
      return FALSE;
    }
  if (len != n * 4)
    {
      fail (error, SAND_INTEROP_ERROR_INVALID, filename, data,
            /* TRANSLATORS: bytes found, then bytes needed: 4 a tile */
            g_dngettext (GETTEXT_PACKAGE, "the layer data has %zu byte where the map needs %zu",
                         "the layer data has %zu bytes where the map needs %zu", len),
            len, n * 4);
      return FALSE;
    }
  for (gsize i = 0; i < n; i++)
    {
      guint32 v;
      memcpy (&v, bytes + i * 4, 4);
      gids[i] = GUINT32_FROM_LE (v);
    }
  return TRUE;
}

static gboolean
decode_xml (xmlNode    *data,
            const char *filename,
            gsize       n,
            guint32    *gids,
            GError    **error)
{
  gsize i = 0;

  for (xmlNode *t = data->children; t != NULL; t = t->next)
    {
      g_autofree char *text = NULL;
      char *end = NULL;
      guint64 v = 0;

      if (t->type != XML_ELEMENT_NODE || strcmp ((const char *) t->name, "tile") != 0)
        continue;
      if (i >= n)
        {
          fail (error, SAND_INTEROP_ERROR_INVALID, filename, t,
                _("the layer data has more than the %zu tiles of the map"), n);
          return FALSE;
        }
      text = (char *) xmlGetProp (t, (const xmlChar *) "gid");
      if (text != NULL)
        v = g_ascii_strtoull (text, &end, 10);
      if (text != NULL && (*end != '\0' || v > G_MAXUINT32))
        {
          fail (error, SAND_INTEROP_ERROR_INVALID, filename, t, _("gid=\"%s\" is not a tile"),
                text);
          return FALSE;
        }
      gids[i++] = (guint32) v;
    }
  if (i != n)
    {
      fail (error, SAND_INTEROP_ERROR_INVALID, filename, data,
            g_dngettext (GETTEXT_PACKAGE, "the layer data has %zu tile; the map needs %zu",
                         "the layer data has %zu tiles; the map needs %zu", i), i, n);
      return FALSE;
    }
  return TRUE;
}

gboolean
sand_tmx_decode_data (xmlNode    *data,
                      const char *filename,
                      int         width,
                      int         height,
                      guint32    *gids,
                      GError    **error)
{
  g_autofree char *encoding = (char *) xmlGetProp (data, (const xmlChar *) "encoding");
  g_autofree char *compression = (char *) xmlGetProp (data, (const xmlChar *) "compression");
  gsize n = (gsize) width * height;

  for (xmlNode *c = data->children; c != NULL; c = c->next)
    if (c->type == XML_ELEMENT_NODE && strcmp ((const char *) c->name, "chunk") == 0)
      {
        fail (error, SAND_INTEROP_ERROR_UNSUPPORTED, filename, c,
              _("the layer is stored in chunks (an infinite map); Sandtable imports maps of "
                "fixed size"));
        return FALSE;
      }
  if (encoding == NULL)
    return decode_xml (data, filename, n, gids, error);
  if (strcmp (encoding, "csv") == 0)
    return decode_csv (data, filename, n, gids, error);
  if (strcmp (encoding, "base64") == 0)
    return decode_base64 (data, filename, compression, n, gids, error);
  fail (error, SAND_INTEROP_ERROR_UNSUPPORTED, filename, data, _("unknown encoding “%s”"),
        encoding);
  return FALSE;
}
