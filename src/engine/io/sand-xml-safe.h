/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-xml-safe.h: the one way the engine parses XML it did not write.
 *
 * libxml2 2.9.14 has neither XML_PARSE_NO_XXE nor amplification limits,
 * so safety comes from what we never ask for and from checks done before
 * libxml2 sees a byte (docs/file-format.md, "Safety"):
 *   - options are XML_PARSE_NONET (+ BIG_LINES, which only widens line
 *     numbers): never NOENT, HUGE, DTDLOAD or DTDVALID;
 *   - any DOCTYPE is refused before parsing, so no entity can be declared:
 *     no external entities, no entity bombs;
 *   - while a safe parse runs, the external-entity loader refuses
 *     everything (other parses in the process keep the default loader);
 *   - files are read by sand-safe-file.c: regular files only, at most
 *     SAND_XML_MAX_SIZE bytes counted as they are read;
 *   - bytes that are not UTF-8, or an encoding declaration other than
 *     UTF-8, are refused;
 *   - elements nested deeper than SAND_XML_MAX_DEPTH are refused;
 *   - an element with more than SAND_XML_MAX_ATTRIBUTES attributes is
 *     refused by a scan of the bytes, before libxml2 parses them;
 *   - libxml2's messages are captured, never printed, and come back as a
 *     GError "FILE:LINE: message".
 */
#pragma once

#include <gio/gio.h>
#include <libxml/tree.h>
#include <libxml/xmlreader.h>

G_BEGIN_DECLS

#define SAND_XML_MAX_SIZE ((gsize) 64 * 1024 * 1024)
#define SAND_XML_MAX_DEPTH 32
/* libxml2 2.9 is quadratic in the attributes of one element (100 000 of
 * them: 20 s); no Sandtable or Tiled element has more than about 20. */
#define SAND_XML_MAX_ATTRIBUTES 64

#define SAND_XML_ERROR (sand_xml_error_quark ())
GQuark sand_xml_error_quark (void);

typedef enum {
  SAND_XML_ERROR_EMPTY,      /* no content at all */
  SAND_XML_ERROR_TOO_LARGE,  /* over SAND_XML_MAX_SIZE */
  SAND_XML_ERROR_ENCODING,   /* not UTF-8 */
  SAND_XML_ERROR_DOCTYPE,    /* a DOCTYPE (and so entities) */
  SAND_XML_ERROR_EXTERNAL,   /* an attempt to load an external resource */
  SAND_XML_ERROR_TOO_DEEP,   /* nesting over SAND_XML_MAX_DEPTH */
  SAND_XML_ERROR_MALFORMED,  /* not well-formed XML */
  SAND_XML_ERROR_TOO_MANY_ATTRIBUTES, /* over SAND_XML_MAX_ATTRIBUTES on one element */
} SandXmlError;

/* Sets @error to "FILE:LINE: message" (just "FILE: message" when @line is
 * 0). @filename may be NULL ("<data>"). */
void            sand_xml_set_error          (GError       **error,
                                             GQuark         domain,
                                             int            code,
                                             const char    *filename,
                                             int            line,
                                             const char    *format,
                                             ...) G_GNUC_PRINTF (6, 7);
void            sand_xml_set_error_valist   (GError       **error,
                                             GQuark         domain,
                                             int            code,
                                             const char    *filename,
                                             int            line,
                                             const char    *format,
                                             va_list        args) G_GNUC_PRINTF (6, 0);

/* @text with line feeds, carriage returns, tabs and other control
 * characters written as \n, \r, \t, \xHH, so that a message quoting a
 * value from a file (an attribute may hold "&#10;") stays on one line. */
char           *sand_xml_escape_controls    (const char    *text);

/* Reads a whole regular file of at most SAND_XML_MAX_SIZE bytes
 * (sand_safe_file_read). The result is NUL-terminated; errors are
 * "FILE: what is wrong". */
char           *sand_xml_read_file          (const char    *path,
                                             gsize         *length,
                                             GError       **error);

/* Checks everything that can be checked before libxml2 parses: size,
 * emptiness, UTF-8, encoding declaration, DOCTYPE, attributes per
 * element. */
gboolean        sand_xml_check_bytes        (const char    *data,
                                             gsize          length,
                                             const char    *filename,
                                             GError       **error);

/* A DOM parse (for small files: rulesets). The returned document has no
 * DTD, no entity and no element deeper than SAND_XML_MAX_DEPTH. Element
 * line numbers (sand_xml_node_line) are exact, also past 65535. */
xmlDoc         *sand_xml_read_doc           (const char    *data,
                                             gsize          length,
                                             const char    *filename,
                                             GError       **error);

/* The line of a node's start tag (its element's for attributes and
 * text), exact past 65535 for documents parsed here; 0 when unknown. */
int             sand_xml_node_line          (const xmlNode *node);

/* Streaming: a pull reader over memory, for large files (scenarios).
 * @data is not copied: it must outlive the reader. */
typedef struct _SandXmlReader SandXmlReader;

SandXmlReader  *sand_xml_reader_new         (const char    *data,
                                             gsize          length,
                                             const char    *filename,
                                             GError       **error);
/* The same for @data that starts on line @first_line of its file (a saved
 * game's XML after its log): every line it reports counts from the file's
 * first line. */
SandXmlReader  *sand_xml_reader_new_at      (const char    *data,
                                             gsize          length,
                                             const char    *filename,
                                             int            first_line,
                                             GError       **error);
void            sand_xml_reader_free        (SandXmlReader *self);
/* Advances to the next node. TRUE when a node was read; FALSE at the end
 * of the document (@error unset) or on an error (@error set). Refuses
 * DOCTYPE and entity-reference nodes and nesting too deep. */
gboolean        sand_xml_reader_next        (SandXmlReader *self,
                                             GError       **error);
xmlTextReader  *sand_xml_reader_get_reader  (SandXmlReader *self);
/* The current node (valid until the next sand_xml_reader_next()). */
xmlNode        *sand_xml_reader_get_node    (SandXmlReader *self);
/* The line of the current node's start tag. */
int             sand_xml_reader_get_line    (SandXmlReader *self);
const char     *sand_xml_reader_get_filename (SandXmlReader *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SandXmlReader, sand_xml_reader_free)

G_END_DECLS
