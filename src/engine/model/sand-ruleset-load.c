/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ruleset-load.c: loads a game's vocabulary and tables from XML.
 *
 * Rulesets come from the engine's GResource or from a file a designer
 * points at, so the parser treats them as untrusted: no network, no entity
 * substitution, no DTD, any DOCTYPE refused, a size cap. Every error names
 * the file and line.
 *
 * This file holds the entry points and the helpers every section's reader
 * uses (sand-ruleset-sections.c reads the sections): its own file so that
 * the rules of safe parsing sit apart from what the sections mean.
 */
#include "sand-ruleset.h"
#include "sand-ruleset-private.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include <libxml/parser.h>

#include "sand-xml-safe.h"

/* Parsing. */

gboolean G_GNUC_PRINTF (4, 5)
sand_ruleset_fail (Loader      *loader,
                   xmlNode     *node,
                   GError     **error,
                   const char  *format,
                   ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, SAND_RULESET_ERROR, SAND_RULESET_ERROR_INVALID, "%s:%ld: %s",
               loader->filename, node != NULL ? xmlGetLineNo (node) : 0L, message);
  return FALSE;
}

gboolean
sand_ruleset_is_element (xmlNode    *node,
                         const char *name)
{
  return node->type == XML_ELEMENT_NODE && strcmp ((const char *) node->name, name) == 0;
}

/* Checks that a child node is an element of our namespace (skipping
 * comments and whitespace); FALSE with an error otherwise, and *skip set for
 * nodes to ignore. */
gboolean
sand_ruleset_check_child (Loader   *loader,
                          xmlNode  *node,
                          gboolean *skip,
                          GError  **error)
{
  *skip = TRUE;
  switch (node->type)
    {
    case XML_COMMENT_NODE:
    case XML_PI_NODE:
      return TRUE;
    case XML_TEXT_NODE:
    case XML_CDATA_SECTION_NODE:
      {
        const char *text = (const char *) node->content;

        for (; text != NULL && *text != '\0'; text++)
          if (!g_ascii_isspace (*text))
            return sand_ruleset_fail (loader, node, error, _("unexpected text"));
        return TRUE;
      }
    case XML_ELEMENT_NODE:
      if (node->ns == NULL || strcmp ((const char *) node->ns->href, RULESET_NS) != 0)
        return sand_ruleset_fail (loader, node, error, _("element <%s> is not in the namespace %s"),
                                  node->name, RULESET_NS);
      *skip = FALSE;
      return TRUE;
    case XML_ENTITY_REF_NODE:
      return sand_ruleset_fail (loader, node, error, _("entity references are not allowed"));
    default:
      return sand_ruleset_fail (loader, node, error, _("unexpected node"));
    }
}

/* Returns a newly allocated attribute value, or NULL. */
char *
sand_ruleset_get_attr (xmlNode    *node,
                       const char *name)
{
  xmlChar *value = xmlGetNoNsProp (node, (const xmlChar *) name);
  char *copy;

  if (value == NULL)
    return NULL;
  copy = g_strdup ((const char *) value);
  xmlFree (value);
  return copy;
}

/* A name or symbol left out is the id, so that every entry has one to show. */
char *
sand_ruleset_get_attr_or_id (xmlNode    *node,
                             const char *name,
                             const char *id)
{
  char *value = sand_ruleset_get_attr (node, name);

  return value != NULL ? value : g_strdup (id);
}

/* Refuses attributes that the element does not know, so that typos show. */
gboolean
sand_ruleset_check_attrs (Loader             *loader,
                          xmlNode            *node,
                          const char * const *allowed,
                          GError            **error)
{
  for (xmlAttr *a = node->properties; a != NULL; a = a->next)
    {
      if (a->ns != NULL || !g_strv_contains (allowed, (const char *) a->name))
        return sand_ruleset_fail (loader, node, error, _("unknown attribute “%s” on <%s>"), a->name,
                                  node->name);
    }
  return TRUE;
}

gboolean
sand_ruleset_require_attr (Loader      *loader,
                           xmlNode     *node,
                           const char  *name,
                           char       **out,
                           GError     **error)
{
  *out = sand_ruleset_get_attr (node, name);
  if (*out == NULL || **out == '\0')
    return sand_ruleset_fail (loader, node, error,
                              _("<%s> needs a “%s” attribute"), node->name, name);
  return TRUE;
}

gboolean
sand_ruleset_valid_id (const char *id)
{
  if (id == NULL || !g_ascii_isalnum (*id))
    return FALSE;
  for (const char *p = id; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '-' && *p != '_' && *p != '.')
      return FALSE;
  return TRUE;
}

gboolean
sand_ruleset_read_id (Loader   *loader,
                      xmlNode  *node,
                      char    **out,
                      GError  **error)
{
  if (!sand_ruleset_require_attr (loader, node, "id", out, error))
    return FALSE;
  if (!sand_ruleset_valid_id (*out))
    return sand_ruleset_fail (loader, node, error,
                              _("“%s” is not a valid id (letters, digits, “-”, “_” and “.”)"),
                              *out);
  return TRUE;
}

gboolean
sand_ruleset_read_color (Loader   *loader,
                         xmlNode  *node,
                         char    **out,
                         GError  **error)
{
  g_autofree char *value = sand_ruleset_get_attr (node, "color");

  *out = NULL;
  if (value == NULL)
    return TRUE;
  if (strlen (value) != 7 || value[0] != '#')
    return sand_ruleset_fail (loader, node, error,
                              _("colour “%s” is not of the form #rrggbb"), value);
  for (int i = 1; i < 7; i++)
    if (!g_ascii_isxdigit (value[i]))
      return sand_ruleset_fail (loader, node, error, _("colour “%s” is not of the form #rrggbb"),
                                value);
  *out = g_ascii_strdown (value, -1);
  return TRUE;
}

gboolean
sand_ruleset_read_bool (Loader     *loader,
                        xmlNode    *node,
                        const char *name,
                        gboolean    fallback,
                        gboolean   *out,
                        GError    **error)
{
  g_autofree char *value = sand_ruleset_get_attr (node, name);

  *out = fallback;
  if (value == NULL)
    return TRUE;
  if (strcmp (value, "true") == 0 || strcmp (value, "1") == 0)
    *out = TRUE;
  else if (strcmp (value, "false") == 0 || strcmp (value, "0") == 0)
    *out = FALSE;
  else
    return sand_ruleset_fail (loader, node, error, _("“%s” must be true or false, not “%s”"), name,
                              value);
  return TRUE;
}

gboolean
sand_ruleset_read_move_cost (Loader  *loader,
                             xmlNode *node,
                             int      fallback,
                             int     *out,
                             GError **error)
{
  g_autofree char *value = sand_ruleset_get_attr (node, "move-cost");
  gint64 n;

  *out = fallback;
  if (value == NULL)
    return TRUE;
  if (strcmp (value, "impassable") == 0)
    {
      *out = SAND_IMPASSABLE;
      return TRUE;
    }
  if (!g_ascii_string_to_signed (value, 10, 0, SAND_IMPASSABLE, &n, NULL))
    return sand_ruleset_fail (loader, node, error,
                              _("move-cost “%s” is neither a number from 0 to %d nor “impassable”"),
                              value, SAND_IMPASSABLE);
  *out = (int) n;
  return TRUE;
}

/* Reads the <param name= value=/> children of a def. */
gboolean
sand_ruleset_read_def_params (Loader      *loader,
                              xmlNode     *node,
                              GHashTable **out,
                              GError     **error)
{
  static const char * const attrs[] = { "name", "value", "note", "reconstructed", NULL };
  g_autoptr (GHashTable) params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      g_autofree char *name = NULL;
      char *value;
      gboolean skip;

      if (!sand_ruleset_check_child (loader, child, &skip, error))
        return FALSE;
      if (skip)
        continue;
      if (!sand_ruleset_is_element (child, "param"))
        return sand_ruleset_fail (loader, child, error, _("unexpected element <%s> in <%s>"),
                                  child->name, node->name);
      if (!sand_ruleset_check_attrs (loader, child, attrs, error)
          || !sand_ruleset_require_attr (loader, child, "name", &name, error))
        return FALSE;
      value = sand_ruleset_get_attr (child, "value");
      if (value == NULL)
        return sand_ruleset_fail (loader, child, error, _("<param> “%s” needs a “value” attribute"),
                                  name);
      if (g_hash_table_contains (params, name))
        {
          g_free (value);
          return sand_ruleset_fail (loader, child, error, _("param “%s” is given twice"), name);
        }
      g_hash_table_insert (params, g_steal_pointer (&name), value);
    }
  *out = g_steal_pointer (&params);
  return TRUE;
}

/* Finds the index of a def by id in one of the lists (all start with id). */
int
sand_ruleset_find_in (GPtrArray  *list,
                      const char *id)
{
  if (id == NULL)
    return -1;
  for (guint i = 0; i < list->len; i++)
    {
      const char *const *def_id = g_ptr_array_index (list, i);

      if (strcmp (*def_id, id) == 0)
        return (int) i;
    }
  return -1;
}

/* Iterates the element children of a section, which must all be named one
 * of @names. */

gboolean
sand_ruleset_read_section (Loader             *loader,
                           xmlNode            *section,
                           const char * const *names,
                           ItemFunc            func,
                           GError            **error)
{
  static const char * const no_attrs[] = { NULL };

  if (!sand_ruleset_check_attrs (loader, section, no_attrs, error))
    return FALSE;
  for (xmlNode *child = section->children; child != NULL; child = child->next)
    {
      gboolean skip;

      if (!sand_ruleset_check_child (loader, child, &skip, error))
        return FALSE;
      if (skip)
        continue;
      if (!g_strv_contains (names, (const char *) child->name))
        return sand_ruleset_fail (loader, child, error, _("unexpected element <%s> in <%s>"),
                                  child->name, section->name);
      if (!func (loader, child, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
sand_ruleset_check_unique (Loader     *loader,
                           xmlNode    *node,
                           GPtrArray  *list,
                           const char *id,
                           GError    **error)
{
  if (sand_ruleset_find_in (list, id) >= 0)
    return sand_ruleset_fail (loader, node, error, _("<%s> “%s” is defined twice"),
                              (const char *) node->name, id);
  return TRUE;
}

/* Stops the parse at the DOCTYPE itself, before any entity declaration in
 * it is read, and remembers where it was. */
/* The safe reader says "FILE:LINE: …", or "FILE: …" without a line;
 * ruleset errors always carry a line, 0 when there is none. */
static void
set_parse_error (GError     **error,
                 int          code,
                 const char  *filename,
                 const GError *cause)
{
  gsize n = strlen (filename);
  const char *msg = cause->message;

  if (strncmp (msg, filename, n) == 0 && msg[n] == ':' && msg[n + 1] == ' ')
    g_set_error (error, SAND_RULESET_ERROR, code, "%s:0:%s", filename, msg + n + 1);
  else
    g_set_error_literal (error, SAND_RULESET_ERROR, code, msg);
}

SandRuleset *
sand_ruleset_load_data (const char  *data,
                        gsize        len,
                        const char  *filename,
                        GError     **error)
{
  g_autoptr (SandRuleset) self = NULL;
  g_autoptr (GError) local = NULL;
  xmlDocPtr doc;
  Loader loader;
  gboolean ok;

  g_return_val_if_fail (data != NULL || len == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (filename == NULL)
    filename = "<ruleset>";
  if (len > MAX_RULESET_BYTES)
    {
      g_set_error (error, SAND_RULESET_ERROR, SAND_RULESET_ERROR_PARSE,
                   _("%s:0: the file is larger than %d MB"), filename, MAX_RULESET_BYTES >> 20);
      return NULL;
    }
  if (len == 0)
    {
      g_set_error (error, SAND_RULESET_ERROR, SAND_RULESET_ERROR_PARSE,
                   _("%s:0: the file is empty"), filename);
      return NULL;
    }

  /* The one safe reader for XML (sand-xml-safe.h): UTF-8 only, no
   * DOCTYPE, no entity, no network, libxml2's messages captured. */
  doc = sand_xml_read_doc (data, len, filename, &local);
  if (doc == NULL)
    {
      set_parse_error (error, SAND_RULESET_ERROR_PARSE, filename, local);
      return NULL;
    }

  self = g_object_new (SAND_TYPE_RULESET, NULL);
  loader.filename = filename;
  loader.ruleset = self;
  loader.pending_requires = g_array_new (FALSE, FALSE, sizeof (PendingRequires));
  loader.option_nodes = g_ptr_array_new ();
  ok = sand_ruleset_read_root (&loader, xmlDocGetRootElement (doc), error);
  g_array_unref (loader.pending_requires);
  g_ptr_array_unref (loader.option_nodes);
  xmlFreeDoc (doc);

  if (!ok)
    return NULL;
  return g_steal_pointer (&self);
}

SandRuleset *
sand_ruleset_load_file (const char  *path,
                        GError     **error)
{
  g_autofree char *contents = NULL;
  g_autoptr (GError) local = NULL;
  gsize len;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  contents = sand_xml_read_file (path, &len, &local);
  if (contents == NULL)
    {
      set_parse_error (error, local->domain == G_FILE_ERROR ? SAND_RULESET_ERROR_NOT_FOUND
                                                            : SAND_RULESET_ERROR_PARSE,
                       path, local);
      return NULL;
    }
  return sand_ruleset_load_data (contents, len, path, error);
}
