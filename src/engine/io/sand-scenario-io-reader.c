/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-scenario-io-reader.c: what every section's reader uses: errors
 * with the line they are on, the attributes of an element (an unknown one
 * is an error), numbers, ids, colours, hex ids, ruleset ids with the list
 * of known ones, and walking the children of an element. Its own file so
 * that the section readers (sand-scenario-io.c, -map.c, -oob.c) hold only
 * what their sections mean. */
#include "sand-scenario-io.h"
#include "sand-scenario-io-private.h"

#include <string.h>
#include <glib/gi18n-lib.h>

/* ------------------------------------------------------------------ */
/* Loading                                                             */

int
sand_scenario_io_cur_line (Loader *l)
{
  return sand_xml_reader_get_line (l->xr);
}

G_GNUC_PRINTF (4, 5) gboolean
sand_scenario_io_fail (Loader     *l,
                       GError    **error,
                       int         code,
                       const char *format,
                       ...)
{
  va_list args;

  va_start (args, format);
  sand_xml_set_error_valist (error, SAND_SCENARIO_ERROR, code, l->filename,
                             sand_scenario_io_cur_line (l), format, args);
  va_end (args);
  return FALSE;
}

static const char *
terrain_id_at (SandRuleset *rs, guint i)
{
  return sand_ruleset_get_terrain (rs, i)->id;
}

static const char *
country_id_at (SandRuleset *rs, guint i)
{
  return sand_ruleset_get_country (rs, i)->id;
}

static const char *
side_id_at (SandRuleset *rs, guint i)
{
  return sand_ruleset_get_side (rs, i)->id;
}

static const char *
feature_id_at (SandRuleset *rs, guint i)
{
  return sand_ruleset_get_side_feature (rs, i)->id;
}

static const char *
unit_type_id_at (SandRuleset *rs, guint i)
{
  return sand_ruleset_get_unit_type (rs, i)->id;
}

static char *
id_list (SandRuleset *rs,
         guint        n,
         IdAt         at)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (s, ", ");
      g_string_append (s, at (rs, i));
    }
  return g_string_free (s, FALSE);
}

static const IdKind side_ids = { sand_ruleset_find_side, sand_ruleset_n_sides, side_id_at };
static const IdKind terrain_ids = { sand_ruleset_find_terrain, sand_ruleset_n_terrains,
                                    terrain_id_at };
static const IdKind country_ids = { sand_ruleset_find_country, sand_ruleset_n_countries,
                                    country_id_at };
const IdKind sand_scenario_io_feature_ids = { sand_ruleset_find_side_feature,
                                              sand_ruleset_n_side_features, feature_id_at };
const IdKind sand_scenario_io_unit_type_ids = { sand_ruleset_find_unit_type,
                                                sand_ruleset_n_unit_types, unit_type_id_at };

gboolean
sand_scenario_io_unknown_id (Loader       *l,
                             GError      **error,
                             const char   *what,
                             const char   *value,
                             const IdKind *kind)
{
  g_autofree char *known = id_list (l->ruleset, kind->count (l->ruleset), kind->id_at);

  return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_UNKNOWN_ID,
                                /* TRANSLATORS: the attribute as the file names it ("side",
                                   "terrain"), its value, the ruleset's id, the ids it has */
                                _("%s “%s” is not in the %s ruleset (it has: %s)"), what, value,
                                sand_ruleset_get_id (l->ruleset), known);
}

/* @what names the id in the message, as the file's reader knows it. */
gboolean
sand_scenario_io_find_id (Loader       *l,
                          const IdKind *kind,
                          const char   *what,
                          const char   *value,
                          int          *out,
                          GError      **error)
{
  *out = kind->find (l->ruleset, value);
  if (*out < 0)
    return sand_scenario_io_unknown_id (l, error, what, value, kind);
  return TRUE;
}

gboolean
sand_scenario_io_is_ours (xmlNode *node)
{
  return node->ns != NULL && node->ns->href != NULL
         && strcmp ((const char *) node->ns->href, SAND_SCENARIO_NS) == 0;
}

/* Reads the attributes of the current element into @a; an attribute not
 * in @a->names is an error (a misspelt attribute would otherwise be lost
 * on the next save). */
gboolean
sand_scenario_io_read_attrs (Loader     *l,
                             Attrs      *a,
                             GError    **error)
{
  xmlNode *node = sand_xml_reader_get_node (l->xr);
  const char *element = (const char *) node->name;

  memset (a->values, 0, sizeof a->values);
  for (xmlAttr *prop = node->properties; prop != NULL; prop = prop->next)
    {
      const char *name = (const char *) prop->name;
      const char *value;
      int i;

      for (i = 0; a->names[i] != NULL; i++)
        if (strcmp (a->names[i], name) == 0)
          break;
      if (a->names[i] == NULL || prop->ns != NULL)
        {
          g_autofree char *allowed = g_strjoinv (", ", (char **) a->names);
          if (a->names[0] == NULL)
            return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                                          _("<%s> takes no attribute, but has “%s”"), element,
                                          name);
          return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                                        _("<%s> has no attribute “%s” (it may have: %s)"), element,
                                        name, allowed);
        }
      if (prop->children == NULL)
        value = "";
      else if (prop->children->next == NULL && prop->children->type == XML_TEXT_NODE)
        value = (const char *) prop->children->content;
      else
        {
          char *copy = (char *) xmlNodeListGetString (node->doc, prop->children, 1);
          g_ptr_array_add (l->scratch, copy);
          value = copy;
        }
      if (strlen (value) > SAND_IO_MAX_TEXT)
        return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_TOO_LARGE,
                                      _("attribute %s of <%s> is too long"), name, element);
      a->values[i] = value;
    }
  return TRUE;
}

gboolean
sand_scenario_io_require (Loader      *l,
                          Attrs       *a,
                          int          i,
                          GError     **error)
{
  if (a->values[i] != NULL)
    return TRUE;
  return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                                _("<%s> needs the attribute %s"),
                                (const char *) sand_xml_reader_get_node (l->xr)->name, a->names[i]);
}

gboolean
sand_scenario_io_parse_int (Loader      *l,
                            Attrs       *a,
                            int          i,
                            gint64       min,
                            gint64       max,
                            int         *out,
                            GError     **error)
{
  const char *text = a->values[i];
  const char *element = (const char *) sand_xml_reader_get_node (l->xr)->name;
  gint64 v;

  if (text == NULL)
    return TRUE;
  if (!g_ascii_string_to_signed (text, 10, G_MININT64, G_MAXINT64, &v, NULL))
    {
      const char *p = text[0] == '-' || text[0] == '+' ? text + 1 : text;
      gboolean digits = *p != '\0';

      for (; *p != '\0' && digits; p++)
        digits = g_ascii_isdigit (*p);
      if (!digits)
        return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_NUMBER,
                                      _("%s=\"%s\" on <%s> is not a whole number"), a->names[i],
                                      text, element);
      v = text[0] == '-' ? G_MININT64 : G_MAXINT64; /* too many digits */
    }
  if (v < min && min >= 0 && v < 0)
    return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_NUMBER,
                                  _("%s=\"%s\" on <%s> is negative; it must be from %lld to %lld"),
                                  a->names[i], text, element, (long long) min, (long long) max);
  if (v < min || v > max)
    return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_NUMBER,
                                  _("%s=\"%s\" on <%s> is out of range; it must be from %lld "
                                    "to %lld"),
                                  a->names[i], text, element, (long long) min, (long long) max);
  *out = (int) v;
  return TRUE;
}

/* "unlimited" or a number from 0. */
gboolean
sand_scenario_io_parse_capacity (Loader  *l,
                                 Attrs   *a,
                                 int      i,
                                 int     *out,
                                 GError **error)
{
  if (a->values[i] != NULL && strcmp (a->values[i], "unlimited") == 0)
    {
      *out = -1;
      return TRUE;
    }
  return sand_scenario_io_parse_int (l, a, i, 0, 99999, out, error);
}

gboolean
sand_scenario_io_parse_bool (Loader   *l,
                             Attrs    *a,
                             int       i,
                             gboolean *out,
                             GError  **error)
{
  const char *text = a->values[i];

  if (text == NULL)
    return TRUE;
  if (strcmp (text, "true") == 0)
    *out = TRUE;
  else if (strcmp (text, "false") == 0)
    *out = FALSE;
  else
    return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_NUMBER,
                                  _("%s=\"%s\" on <%s> must be true or false"), a->names[i], text,
                                  (const char *) sand_xml_reader_get_node (l->xr)->name);
  return TRUE;
}

/* Ids (counters, OOBs, zones, groups) are words: no spaces, since the
 * console and the CLI take them as arguments. */
gboolean
sand_scenario_io_check_id (Loader     *l,
                           Attrs      *a,
                           int         i,
                           GError    **error)
{
  const char *text = a->values[i];
  const char *element = (const char *) sand_xml_reader_get_node (l->xr)->name;

  if (text == NULL)
    return TRUE;
  if (*text == '\0')
    return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                                  _("%s on <%s> is empty"),
                                  a->names[i], element);
  if (strlen (text) > MAX_ID)
    return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_TOO_LARGE,
                                  _("%s=\"%.20s…\" on <%s> is longer than %d characters"),
                                  a->names[i], text, element, MAX_ID);
  for (const char *p = text; *p != '\0'; p++)
    if (g_ascii_isspace (*p) || *p == '/' || (guchar) *p < 0x20)
      return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                                    _("%s=\"%s\" on <%s> may not contain spaces or “/”"),
                                    a->names[i], text, element);
  return TRUE;
}

/* "#rrggbb", as the renderer reads colours. */
gboolean
sand_scenario_io_check_color (Loader  *l,
                              Attrs   *a,
                              int      i,
                              GError **error)
{
  const char *text = a->values[i];
  gboolean ok;

  if (text == NULL)
    return TRUE;
  ok = strlen (text) == 7 && text[0] == '#';
  for (int k = 1; ok && k < 7; k++)
    ok = g_ascii_isxdigit (text[k]);
  if (!ok)
    return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                                  _("%s=\"%s\" on <%s> is not a colour like #2f5fa8"), a->names[i],
                                  text, (const char *) sand_xml_reader_get_node (l->xr)->name);
  return TRUE;
}

gboolean
sand_scenario_io_parse_hex (Loader     *l,
                            Attrs      *a,
                            int         i,
                            int        *out,
                            GError    **error)
{
  const char *text = a->values[i];
  int digits = l->grid->id_digits;
  int col = 0, row = 0;
  int len, col_digits;

  if (text == NULL)
    return TRUE;
  len = (int) strlen (text);
  if (len != 2 * digits)
    goto bad;
  col_digits = digits;
  for (int k = 0; k < len; k++)
    {
      if (!g_ascii_isdigit (text[k]))
        goto bad;
      if (k < col_digits)
        col = col * 10 + (text[k] - '0');
      else
        row = row * 10 + (text[k] - '0');
    }
  if (!sand_grid_contains (l->grid, col - 1, row - 1))
    {
      g_autofree char *cols = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d column",
                                                            "%d columns", l->grid->cols),
                                               l->grid->cols);
      g_autofree char *rows = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d row", "%d rows",
                                                            l->grid->rows), l->grid->rows);

      /* TRANSLATORS: the last two are "N columns" and "N rows" */
      return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_OFF_MAP,
                                    _("hex %s (on <%s>) is off the map, which has %s and %s"),
                                    text, sand_scenario_io_elem_name (l), cols, rows);
    }
  *out = sand_grid_index (l->grid, col - 1, row - 1);
  return TRUE;

bad:
  return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_BAD_HEX,
                                _("%s=\"%s\" on <%s> is not a hex id (column then row, %d digits "
                                  "each on this "
                                  "map, e.g. %s)"), a->names[i], text,
                                (const char *) sand_xml_reader_get_node (l->xr)->name, digits,
                                digits == 2 ? "0101" : digits == 3 ? "001001" : "00010001");
}

gboolean
sand_scenario_io_parse_side (Loader  *l,
                             Attrs   *a,
                             int      i,
                             int     *out,
                             GError **error)
{
  return a->values[i] == NULL
         || sand_scenario_io_find_id (l, &side_ids, "side", a->values[i], out, error);
}

gboolean
sand_scenario_io_parse_terrain (Loader  *l,
                                Attrs   *a,
                                int      i,
                                int     *out,
                                GError **error)
{
  return a->values[i] == NULL
         || sand_scenario_io_find_id (l, &terrain_ids, "terrain", a->values[i], out, error);
}

/* "none" is no country. */
gboolean
sand_scenario_io_parse_country (Loader  *l,
                                Attrs   *a,
                                int      i,
                                int     *out,
                                GError **error)
{
  if (a->values[i] != NULL && strcmp (a->values[i], "none") == 0)
    {
      *out = -1;
      return TRUE;
    }
  return a->values[i] == NULL
         || sand_scenario_io_find_id (l, &country_ids, "country", a->values[i], out, error);
}

/* 1: on a child element; 0: the element at @depth has ended; -1: error. */
int
sand_scenario_io_next_child (Loader  *l,
                             int      depth,
                             GError **error)
{
  GError *local = NULL;

  while (sand_xml_reader_next (l->xr, &local))
    {
      int type = xmlTextReaderNodeType (l->r);

      switch (type)
        {
        case XML_READER_TYPE_ELEMENT:
          {
            xmlNode *node = sand_xml_reader_get_node (l->xr);
            if (l->scratch->len > 0)
              g_ptr_array_set_size (l->scratch, 0);
            if (!sand_scenario_io_is_ours (node))
              {
                sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                                       _("<%s> is not in the Sandtable namespace (%s)"),
                                       (const char *) node->name, SAND_SCENARIO_NS);
                return -1;
              }
            return 1;
          }
        case XML_READER_TYPE_END_ELEMENT:
          if (xmlTextReaderDepth (l->r) == depth)
            return 0;
          break;
        case XML_READER_TYPE_TEXT:
        case XML_READER_TYPE_CDATA:
          {
            const char *value = (const char *) xmlTextReaderConstValue (l->r);
            xmlNode *parent = sand_xml_reader_get_node (l->xr)->parent;
            glong n = MIN (g_utf8_strlen (value, -1), 30);
            g_autofree char *shown = g_utf8_substring (value, 0, n);
            sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                                   _("text “%s” is not expected inside <%s>"), g_strstrip (shown),
                                   parent != NULL ? (const char *) parent->name : "?");
            return -1;
          }
        default:
          break; /* white space, comments, processing instructions */
        }
    }
  if (local != NULL)
    {
      g_propagate_error (error, local);
      return -1;
    }
  sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                         _("the file ends inside an element"));
  return -1;
}

const char *
sand_scenario_io_elem_name (Loader *l)
{
  return (const char *) sand_xml_reader_get_node (l->xr)->name;
}

gboolean
sand_scenario_io_is_empty (Loader *l)
{
  return xmlTextReaderIsEmptyElement (l->r) == 1;
}

/* Reads a text-only element (title, description…). */
gboolean
sand_scenario_io_read_text (Loader  *l,
                            char   **out,
                            GError **error)
{
  Attrs a = { { NULL } };
  int depth = xmlTextReaderDepth (l->r);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *element = g_strdup (sand_scenario_io_elem_name (l));
  GError *local = NULL;

  if (!sand_scenario_io_read_attrs (l, &a, error))
    return FALSE;
  if (!sand_scenario_io_is_empty (l))
    {
      for (;;)
        {
          int type;

          if (!sand_xml_reader_next (l->xr, &local))
            {
              if (local == NULL)
                return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                                              _("the file ends inside <%s>"), element);
              g_propagate_error (error, local);
              return FALSE;
            }
          type = xmlTextReaderNodeType (l->r);
          if (type == XML_READER_TYPE_END_ELEMENT && xmlTextReaderDepth (l->r) == depth)
            break;
          if (type == XML_READER_TYPE_ELEMENT)
            return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                                          _("<%s> holds plain text only; <%s> is not allowed in "
                                            "it"),
                                          element, sand_scenario_io_elem_name (l));
          if (type == XML_READER_TYPE_TEXT || type == XML_READER_TYPE_CDATA
              || type == XML_READER_TYPE_WHITESPACE
              || type == XML_READER_TYPE_SIGNIFICANT_WHITESPACE)
            g_string_append (text, (const char *) xmlTextReaderConstValue (l->r));
          if (text->len > SAND_IO_MAX_TEXT)
            return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_TOO_LARGE,
                                          _("<%s> is longer than %d bytes"), element,
                                          SAND_IO_MAX_TEXT);
        }
    }
  g_free (*out);
  *out = g_string_free (g_steal_pointer (&text), FALSE);
  return TRUE;
}

gboolean
sand_scenario_io_no_children (Loader  *l,
                              GError **error)
{
  int rc;

  if (sand_scenario_io_is_empty (l))
    return TRUE;
  {
    g_autofree char *element = g_strdup (sand_scenario_io_elem_name (l));
    rc = sand_scenario_io_next_child (l, xmlTextReaderDepth (l->r), error);
    if (rc > 0)
      return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                                    _("<%s> is not allowed inside <%s>"),
                                    sand_scenario_io_elem_name (l), element);
  }
  return rc == 0;
}
