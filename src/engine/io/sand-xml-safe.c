/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "sand-xml-safe.h"
#include "sand-safe-file.h"

#include <errno.h>
#include <stddef.h>
#include <string.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <glib/gi18n-lib.h>

/* BIG_LINES only stores line numbers past 65535; it relaxes no limit. */
#define SAFE_OPTIONS (XML_PARSE_NONET | XML_PARSE_BIG_LINES)

G_DEFINE_QUARK (sand-xml-error-quark, sand_xml_error)

typedef struct {
  char *message;
  int line;
  int code;
  gboolean external; /* something asked the entity loader for a resource */
  char *external_url;
} Capture;

/* The capture of the safe parse running on this thread, or NULL. */
static GPrivate current_capture;
static xmlExternalEntityLoader default_loader;

static void
capture_clear (Capture *cap)
{
  g_clear_pointer (&cap->message, g_free);
  g_clear_pointer (&cap->external_url, g_free);
}

static xmlParserInputPtr
refusing_loader (const char       *url,
                 const char       *id,
                 xmlParserCtxtPtr  ctxt)
{
  Capture *cap = g_private_get (&current_capture);

  if (cap == NULL)
    return default_loader != NULL ? default_loader (url, id, ctxt) : NULL;
  if (!cap->external)
    {
      cap->external = TRUE;
      cap->external_url = g_strdup (url != NULL ? url : (id != NULL ? id : "?"));
    }
  return NULL;
}

static void
ensure_init (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      xmlInitParser ();
      default_loader = xmlGetExternalEntityLoader ();
      xmlSetExternalEntityLoader (refusing_loader);
      g_once_init_leave (&done, 1);
    }
}

static void
capture_error (void        *user_data,
               xmlErrorPtr  err)
{
  Capture *cap = user_data;

  if (cap == NULL || err == NULL || err->level < XML_ERR_ERROR || cap->message != NULL)
    return;
  cap->message = g_strstrip (g_strdup (err->message != NULL ? err->message : _("unknown error")));
  cap->line = err->line;
  cap->code = err->code;
}

static void
silent_generic (void       *ctx,
                const char *msg,
                ...)
{
}

/* Installs the capture for the current thread; undone by capture_leave. */
typedef struct {
  xmlStructuredErrorFunc serror;
  void *serror_ctx;
  xmlGenericErrorFunc generic;
  void *generic_ctx;
} SavedHandlers;

static void
capture_enter (Capture       *cap,
               SavedHandlers *saved)
{
  ensure_init ();
  saved->serror = xmlStructuredError;
  saved->serror_ctx = xmlStructuredErrorContext;
  saved->generic = xmlGenericError;
  saved->generic_ctx = xmlGenericErrorContext;
  xmlSetStructuredErrorFunc (cap, capture_error);
  xmlSetGenericErrorFunc (NULL, silent_generic);
  g_private_set (&current_capture, cap);
}

static void
capture_leave (SavedHandlers *saved)
{
  g_private_set (&current_capture, NULL);
  xmlSetStructuredErrorFunc (saved->serror_ctx, saved->serror);
  xmlSetGenericErrorFunc (saved->generic_ctx, saved->generic);
}

/* Turns what libxml2 said into our error; TRUE when there was something. */
static gboolean
capture_to_error (Capture     *cap,
                  const char  *filename,
                  int          offset,
                  GError     **error)
{
  if (cap->line > 0)
    cap->line += offset;
  if (cap->external)
    {
      sand_xml_set_error (error, SAND_XML_ERROR, SAND_XML_ERROR_EXTERNAL, filename, cap->line,
                          _("the file refers to an outside resource (%s); Sandtable never loads "
                            "one"), cap->external_url);
      return TRUE;
    }
  if (cap->message == NULL)
    return FALSE;
  if (cap->code == XML_ERR_INTERNAL_ERROR && strstr (cap->message, "depth") != NULL)
    sand_xml_set_error (error, SAND_XML_ERROR, SAND_XML_ERROR_TOO_DEEP, filename, cap->line,
                        _("elements are nested too deeply (more than %d levels)"),
                        SAND_XML_MAX_DEPTH);
  else
    sand_xml_set_error (error, SAND_XML_ERROR, SAND_XML_ERROR_MALFORMED, filename, cap->line,
                        _("this is not well-formed XML: %s"), cap->message);
  return TRUE;
}

static int
line_at (const char *data,
         const char *pos)
{
  int line = 1;

  for (const char *p = data; p < pos; p++)
    if (*p == '\n')
      line++;
  return line;
}

char *
sand_xml_read_file (const char  *path,
                    gsize       *length,
                    GError     **error)
{
  g_return_val_if_fail (path != NULL, NULL);

  return sand_safe_file_read (path, SAND_XML_MAX_SIZE, length, error);
}

static gboolean
is_xml_space (char c)
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static const char *
find_in (const char *p,
         const char *end,
         const char *needle)
{
  gsize n = strlen (needle);

  for (; p + n <= end; p++)
    if (memcmp (p, needle, n) == 0)
      return p;
  return NULL;
}

/* The encoding pseudo-attribute of an XML declaration, or NULL. */
static char *
declared_encoding (const char *decl,
                   const char *decl_end)
{
  const char *p = find_in (decl, decl_end, "encoding");
  const char *q;
  char quote;

  if (p == NULL)
    return NULL;
  p += strlen ("encoding");
  while (p < decl_end && is_xml_space (*p))
    p++;
  if (p >= decl_end || *p != '=')
    return NULL;
  p++;
  while (p < decl_end && is_xml_space (*p))
    p++;
  if (p >= decl_end || (*p != '"' && *p != '\''))
    return NULL;
  quote = *p++;
  for (q = p; q < decl_end && *q != quote; q++)
    ;
  return g_strndup (p, q - p);
}

/* Skips past @terminator from @p; the end when there is none. */
static const char *
scan_past (const char *p,
           const char *end,
           const char *terminator)
{
  const char *q = find_in (p, end, terminator);

  return q != NULL ? q + strlen (terminator) : end;
}

/* Counts the attributes of every start tag, in one pass over the bytes:
 * libxml2 2.9 checks an element's attributes against each other, so
 * 100 000 on one element take it 20 s. In a start tag, outside quotes, an
 * "=" only ever follows an attribute's name. Comments, CDATA sections,
 * processing instructions and end tags are skipped whole; text holds no
 * "<" (well-formed or not, libxml2 will say so). */
static gboolean
check_attribute_counts (const char  *data,
                        gsize        length,
                        const char  *filename,
                        int          offset,
                        GError     **error)
{
  const char *end = data + length;
  const char *p = data;

  while ((p = memchr (p, '<', end - p)) != NULL)
    {
      const char *tag = p;
      int n = 0;
      char quote = 0;

      if (end - p >= 4 && memcmp (p, "<!--", 4) == 0)
        {
          p = scan_past (p + 4, end, "-->");
          continue;
        }
      if (end - p >= 9 && memcmp (p, "<![CDATA[", 9) == 0)
        {
          p = scan_past (p + 9, end, "]]>");
          continue;
        }
      if (end - p >= 2 && p[1] == '?')
        {
          p = scan_past (p + 2, end, "?>");
          continue;
        }
      for (p++; p < end && (quote != 0 || *p != '>'); p++)
        {
          if (quote != 0)
            {
              const char *q = memchr (p, quote, end - p);

              p = q != NULL ? q : end - 1;
              quote = 0;
            }
          else if (*p == '"' || *p == '\'')
            quote = *p;
          else if (*p == '=' && ++n > SAND_XML_MAX_ATTRIBUTES)
            {
              sand_xml_set_error (error, SAND_XML_ERROR, SAND_XML_ERROR_TOO_MANY_ATTRIBUTES,
                                  filename, offset + line_at (data, tag),
                                  _("an element has more than %d attributes; no Sandtable "
                                    "file needs that many"), SAND_XML_MAX_ATTRIBUTES);
              return FALSE;
            }
        }
    }
  return TRUE;
}

static gboolean check_bytes_at (const char *data, gsize length, const char *filename,
                                int offset, GError **error);

gboolean
sand_xml_check_bytes (const char  *data,
                      gsize        length,
                      const char  *filename,
                      GError     **error)
{
  return check_bytes_at (data, length, filename, 0, error);
}

/* @offset: lines before @data in the file it came from. */
static gboolean
check_bytes_at (const char  *data,
                gsize        length,
                const char  *filename,
                int          offset,
                GError     **error)
{
  /* (NULL, 0) is allowed, and NULL + 0 is undefined. */
  const char *end = length > 0 ? data + length : data;
  const char *bad = NULL;
  const char *p = data;

  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  if (length > SAND_XML_MAX_SIZE)
    {
      sand_xml_set_error (error, SAND_XML_ERROR, SAND_XML_ERROR_TOO_LARGE, filename, 0,
                          _("the file is %.1f MiB; Sandtable reads files up to %d MiB"),
                          length / (1024.0 * 1024.0),
                          (int) (SAND_XML_MAX_SIZE / (1024 * 1024)));
      return FALSE;
    }
  if (length >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    p += 3;
  {
    const char *q = p;
    while (q < end && is_xml_space (*q))
      q++;
    if (q == end)
      {
        sand_xml_set_error (error, SAND_XML_ERROR, SAND_XML_ERROR_EMPTY, filename, 0,
                            _("the file is empty"));
        return FALSE;
      }
  }

  /* The prolog: XML declaration, comments, processing instructions and
   * white space may come before the root element; a DOCTYPE is refused
   * here, before libxml2 could read any entity declaration. */
  if (end - p >= 6 && memcmp (p, "<?xml", 5) == 0 && is_xml_space (p[5]))
    {
      const char *decl_end = find_in (p, end, "?>");
      g_autofree char *enc = NULL;

      if (decl_end != NULL)
        {
          enc = declared_encoding (p, decl_end);
          if (enc != NULL && g_ascii_strcasecmp (enc, "UTF-8") != 0
              && g_ascii_strcasecmp (enc, "UTF8") != 0)
            {
              sand_xml_set_error (error, SAND_XML_ERROR, SAND_XML_ERROR_ENCODING, filename,
                                  offset + line_at (data, p),
                                  _("the file declares the encoding “%s”; Sandtable reads "
                                    "UTF-8 only"), enc);
              return FALSE;
            }
        }
    }
  if (!g_utf8_validate_len (data, length, &bad))
    {
      sand_xml_set_error (error, SAND_XML_ERROR, SAND_XML_ERROR_ENCODING, filename,
                          offset + line_at (data, bad),
                          _("the file is not UTF-8 text (byte 0x%02X here is not valid UTF-8); "
                            "save it as UTF-8"), (guint) (guchar) *bad);
      return FALSE;
    }
  {
    const char *q = p;
    while (q < end && is_xml_space (*q))
      q++;
    if (q < end && *q != '<')
      {
        sand_xml_set_error (error, SAND_XML_ERROR, SAND_XML_ERROR_MALFORMED, filename,
                            offset + line_at (data, q),
                            _("this is not an XML file: it does not start with “<”"));
        return FALSE;
      }
  }
  for (;;)
    {
      const char *close;

      while (p < end && is_xml_space (*p))
        p++;
      if (end - p >= 4 && memcmp (p, "<!--", 4) == 0)
        close = find_in (p + 4, end, "-->");
      else if (end - p >= 2 && memcmp (p, "<?", 2) == 0)
        close = find_in (p + 2, end, "?>");
      else
        break;
      if (close == NULL)
        break; /* unterminated: libxml2 will say so */
      p = close + (close[0] == '-' ? 3 : 2);
    }
  if (end - p >= 9 && memcmp (p, "<!DOCTYPE", 9) == 0)
    {
      sand_xml_set_error (error, SAND_XML_ERROR, SAND_XML_ERROR_DOCTYPE, filename,
                          offset + line_at (data, p),
                          _("the file has a DOCTYPE declaration; Sandtable files never need "
                            "one, and it is refused because it can declare entities"));
      return FALSE;
    }
  return check_attribute_counts (data, length, filename, offset, error);
}

static gboolean
check_tree (xmlNode     *root,
            const char  *filename,
            GError     **error)
{
  xmlNode *node = root;
  int depth = 1;

  /* Iterative walk: the depth we are checking is the one that would
   * overflow a recursive one. */
  while (node != NULL)
    {
      if (node->type == XML_ENTITY_REF_NODE || node->type == XML_ENTITY_NODE)
        {
          sand_xml_set_error (error, SAND_XML_ERROR, SAND_XML_ERROR_DOCTYPE, filename,
                              sand_xml_node_line (node->parent),
                              _("the file uses an entity (&%s;); Sandtable files never do"),
                              (const char *) node->name);
          return FALSE;
        }
      if (node->type == XML_ELEMENT_NODE && depth > SAND_XML_MAX_DEPTH)
        {
          sand_xml_set_error (error, SAND_XML_ERROR, SAND_XML_ERROR_TOO_DEEP, filename,
                              sand_xml_node_line (node),
                              _("elements are nested too deeply (more than %d levels)"),
                              SAND_XML_MAX_DEPTH);
          return FALSE;
        }
      if (node->type == XML_ELEMENT_NODE && node->children != NULL)
        {
          node = node->children;
          depth++;
          continue;
        }
      while (node != NULL && node->next == NULL)
        {
          node = node->parent;
          depth--;
          if (node == root || depth <= 0)
            return TRUE;
        }
      if (node != NULL)
        node = node->next;
    }
  return TRUE;
}

xmlDoc *
sand_xml_read_doc (const char  *data,
                   gsize        length,
                   const char  *filename,
                   GError     **error)
{
  Capture cap = { 0 };
  SavedHandlers saved;
  xmlParserCtxtPtr ctxt;
  xmlDocPtr doc;

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  if (!sand_xml_check_bytes (data, length, filename, error))
    return NULL;

  capture_enter (&cap, &saved);
  ctxt = xmlNewParserCtxt ();
  /* NOCDATA: a CDATA section is text like any other to the DOM's users. */
  doc = ctxt != NULL ? xmlCtxtReadMemory (ctxt, data, (int) length, filename, NULL,
                                          SAFE_OPTIONS | XML_PARSE_NOCDATA)
                     : NULL;
  capture_leave (&saved);
  if (ctxt != NULL)
    xmlFreeParserCtxt (ctxt);

  if (capture_to_error (&cap, filename, 0, error) || doc == NULL)
    {
      if (doc == NULL && (error == NULL || *error == NULL))
        sand_xml_set_error (error, SAND_XML_ERROR, SAND_XML_ERROR_MALFORMED, filename, 0,
                            _("this is not well-formed XML"));
      capture_clear (&cap);
      g_clear_pointer (&doc, xmlFreeDoc);
      return NULL;
    }
  capture_clear (&cap);
  if (doc->intSubset != NULL || doc->extSubset != NULL)
    {
      sand_xml_set_error (error, SAND_XML_ERROR, SAND_XML_ERROR_DOCTYPE, filename, 0,
                          _("the file has a DOCTYPE declaration"));
      xmlFreeDoc (doc);
      return NULL;
    }
  if (!check_tree (xmlDocGetRootElement (doc), filename, error))
    {
      xmlFreeDoc (doc);
      return NULL;
    }
  return doc;
}

struct _SandXmlReader {
  xmlTextReaderPtr reader;
  char *filename;
  Capture cap;
  gboolean failed;
  int line;           /* of the current node */
  /* libxml2 2.9.14 keeps no element line past 65535 (BIG_LINES covers
   * text nodes only), so element lines come from our own scan of the
   * bytes: the reader delivers elements in document order, and the next
   * start tag in the text is always the next element. */
  const char *cursor;
  const char *end;
  int cursor_line;
  int line_offset;    /* lines of the file before @data (a saved game's log) */
};

static void
reader_error (void        *arg,
              xmlErrorPtr  err)
{
  capture_error (arg, err);
}

SandXmlReader *
sand_xml_reader_new (const char  *data,
                     gsize        length,
                     const char  *filename,
                     GError     **error)
{
  return sand_xml_reader_new_at (data, length, filename, 1, error);
}

SandXmlReader *
sand_xml_reader_new_at (const char  *data,
                        gsize        length,
                        const char  *filename,
                        int          first_line,
                        GError     **error)
{
  g_autoptr(SandXmlReader) self = NULL;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (first_line >= 1, NULL);

  if (!check_bytes_at (data, length, filename, first_line - 1, error))
    return NULL;
  ensure_init ();
  self = g_new0 (SandXmlReader, 1);
  self->filename = g_strdup (filename != NULL ? filename : "<data>");
  self->reader = xmlReaderForMemory (data, (int) length, self->filename, NULL, SAFE_OPTIONS);
  if (self->reader == NULL)
    {
      sand_xml_set_error (error, SAND_XML_ERROR, SAND_XML_ERROR_MALFORMED, filename, 0,
                          _("could not start reading the XML"));
      return NULL;
    }
  xmlTextReaderSetStructuredErrorHandler (self->reader, reader_error, &self->cap);
  self->cursor = data;
  self->end = data + length;
  self->cursor_line = 1;
  self->line_offset = first_line - 1;
  return g_steal_pointer (&self);
}

void
sand_xml_reader_free (SandXmlReader *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->reader, xmlFreeTextReader);
  capture_clear (&self->cap);
  g_free (self->filename);
  g_free (self);
}

static const char *
skip_past (SandXmlReader *self,
           const char    *p,
           const char    *terminator)
{
  const char *q = find_in (p, self->end, terminator);

  q = q != NULL ? q + strlen (terminator) : self->end;
  for (const char *r = p; (r = memchr (r, '\n', q - r)) != NULL; r++)
    self->cursor_line++;
  return q;
}

/* Moves the cursor to the next start tag and returns its line. Comments,
 * CDATA sections and processing instructions are skipped whole, since
 * they may hold a "<"; attribute values and text never do. */
static int
next_start_tag_line (SandXmlReader *self)
{
  const char *p = self->cursor;

  while (p < self->end)
    {
      const char *lt = memchr (p, '<', self->end - p);

      if (lt == NULL)
        break;
      for (const char *r = p; (r = memchr (r, '\n', lt - r)) != NULL; r++)
        self->cursor_line++;
      if (lt + 1 < self->end && lt[1] == '!')
        p = skip_past (self, lt, self->end - lt >= 4 && memcmp (lt, "<!--", 4) == 0 ? "-->"
                                 : self->end - lt >= 9 && memcmp (lt, "<![CDATA[", 9) == 0 ? "]]>"
                                 : ">");
      else if (lt + 1 < self->end && lt[1] == '?')
        p = skip_past (self, lt, "?>");
      else if (lt + 1 < self->end && lt[1] == '/')
        p = skip_past (self, lt, ">");
      else
        {
          self->cursor = lt + 1;
          return self->cursor_line;
        }
    }
  self->cursor = self->end;
  return xmlTextReaderGetParserLineNumber (self->reader);
}

gboolean
sand_xml_reader_next (SandXmlReader  *self,
                      GError        **error)
{
  int rc;
  int type;

  g_return_val_if_fail (self != NULL, FALSE);

  if (self->failed)
    {
      sand_xml_set_error (error, SAND_XML_ERROR, SAND_XML_ERROR_MALFORMED, self->filename, 0,
                          _("reading went on after an error"));
      return FALSE;
    }
  /* Parser errors reach self->cap through the reader's own handler; only
   * the entity loader needs to know, per call, that a safe parse runs.
   * (Swapping libxml2's global handlers for every node cost ~15% of a
   * load: bench/bench-io.c.) */
  g_private_set (&current_capture, &self->cap);
  rc = xmlTextReaderRead (self->reader);
  g_private_set (&current_capture, NULL);

  if (rc < 0 || self->cap.message != NULL || self->cap.external)
    {
      self->failed = TRUE;
      if (!capture_to_error (&self->cap, self->filename, self->line_offset, error))
        sand_xml_set_error (error, SAND_XML_ERROR, SAND_XML_ERROR_MALFORMED, self->filename,
                            self->line_offset + xmlTextReaderGetParserLineNumber (self->reader),
                            _("this is not well-formed XML"));
      return FALSE;
    }
  if (rc == 0)
    return FALSE;

  type = xmlTextReaderNodeType (self->reader);
  if (type == XML_READER_TYPE_ELEMENT)
    self->line = next_start_tag_line (self);
  else
    {
      /* An end tag reports its element's start line, like libxml2. */
      int line = sand_xml_node_line (xmlTextReaderCurrentNode (self->reader));
      if (line > 0 && line != 65535)
        self->line = line;
    }
  if (type == XML_READER_TYPE_DOCUMENT_TYPE || type == XML_READER_TYPE_ENTITY_REFERENCE
      || type == XML_READER_TYPE_ENTITY)
    {
      self->failed = TRUE;
      sand_xml_set_error (error, SAND_XML_ERROR, SAND_XML_ERROR_DOCTYPE, self->filename,
                          sand_xml_reader_get_line (self),
                          _("the file declares or uses entities; Sandtable files never do"));
      return FALSE;
    }
  if (type == XML_READER_TYPE_ELEMENT && xmlTextReaderDepth (self->reader) >= SAND_XML_MAX_DEPTH)
    {
      self->failed = TRUE;
      sand_xml_set_error (error, SAND_XML_ERROR, SAND_XML_ERROR_TOO_DEEP, self->filename,
                          sand_xml_reader_get_line (self),
                          _("elements are nested too deeply (more than %d levels)"),
                          SAND_XML_MAX_DEPTH);
      return FALSE;
    }
  return TRUE;
}

xmlTextReader *
sand_xml_reader_get_reader (SandXmlReader *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->reader;
}

xmlNode *
sand_xml_reader_get_node (SandXmlReader *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return xmlTextReaderCurrentNode (self->reader);
}

int
sand_xml_node_line (const xmlNode *node)
{
  long line;

  if (node == NULL)
    return 0;
  if (node->type == XML_ATTRIBUTE_NODE && node->parent != NULL)
    node = node->parent;
  /* Past 65535, BIG_LINES keeps an element's real line in psvi, which
   * xmlGetLineNo() of 2.9.14 only reads for text nodes. */
  if (node->type == XML_ELEMENT_NODE && node->line == 65535 && node->psvi != NULL)
    return (int) (ptrdiff_t) node->psvi;
  line = xmlGetLineNo (node);
  if (line <= 0 && node->parent != NULL && node->parent->type == XML_ELEMENT_NODE)
    return sand_xml_node_line (node->parent);
  return line > 0 ? (int) line : 0;
}

int
sand_xml_reader_get_line (SandXmlReader *self)
{
  int line;

  g_return_val_if_fail (self != NULL, 0);

  line = self->line;
  if (line <= 0)
    line = xmlTextReaderGetParserLineNumber (self->reader);
  return line > 0 ? line + self->line_offset : line;
}

const char *
sand_xml_reader_get_filename (SandXmlReader *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->filename;
}
