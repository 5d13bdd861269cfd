/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-scenario-io.c: the scenario file format (docs/file-format.md).
 *
 * Loading streams through an xmlTextReader (a DOM costs ~25× the file in
 * heap) and checks the structure as it goes, element by element, so every
 * error can name the line it is on. Nothing is handed out until the whole
 * file has been read: on any error the partial scenario is dropped.
 */
#include "sand-scenario-io.h"
#include "sand-scenario-io-private.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "sand-xml-safe.h"

G_DEFINE_QUARK (sand-scenario-error-quark, sand_scenario_error)

#define LINES_KEY "sand-scenario-lines"
#define MAX_ID 64

/* ------------------------------------------------------------------ */
/* Source lines                                                        */

typedef struct {
  /* Numeric kinds: key n + 1 → line. String kinds: key → line. */
  GHashTable *table[SAND_N_LINE_KINDS];
} LineTable;

static gboolean
kind_is_numeric (SandLineKind kind)
{
  return kind == SAND_LINE_HEX || kind == SAND_LINE_SIDE || kind == SAND_LINE_PLACE
         || kind == SAND_LINE_MARKER || kind == SAND_LINE_LEVEL;
}

static void
line_table_free (gpointer data)
{
  LineTable *t = data;

  for (int i = 0; i < SAND_N_LINE_KINDS; i++)
    g_clear_pointer (&t->table[i], g_hash_table_unref);
  g_free (t);
}

static LineTable *
line_table_new (void)
{
  LineTable *t = g_new0 (LineTable, 1);

  for (int i = 0; i < SAND_N_LINE_KINDS; i++)
    t->table[i] = kind_is_numeric (i) ? g_hash_table_new (NULL, NULL)
                                      : g_hash_table_new_full (g_str_hash, g_str_equal,
                                                               g_free, NULL);
  return t;
}

static void
line_table_set_n (LineTable    *t,
                  SandLineKind  kind,
                  int           n,
                  int           line)
{
  g_hash_table_insert (t->table[kind], GINT_TO_POINTER (n + 1), GINT_TO_POINTER (line));
}

static int
line_table_get_n (LineTable    *t,
                  SandLineKind  kind,
                  int           n)
{
  return GPOINTER_TO_INT (g_hash_table_lookup (t->table[kind], GINT_TO_POINTER (n + 1)));
}

static void
line_table_set (LineTable    *t,
                SandLineKind  kind,
                const char   *key,
                int           line)
{
  g_hash_table_insert (t->table[kind], g_strdup (key != NULL ? key : ""),
                       GINT_TO_POINTER (line));
}

static int
line_table_get (LineTable    *t,
                SandLineKind  kind,
                const char   *key)
{
  return GPOINTER_TO_INT (g_hash_table_lookup (t->table[kind], key != NULL ? key : ""));
}

static LineTable *
lines_of (SandScenario *self,
          gboolean      create)
{
  LineTable *t = g_object_get_data (G_OBJECT (self), LINES_KEY);

  if (t == NULL && create)
    {
      t = line_table_new ();
      g_object_set_data_full (G_OBJECT (self), LINES_KEY, t, line_table_free);
    }
  return t;
}

/* Normalises a side key (hex * 6 + dir, either hex) to its slot. */
static int
side_slot_of (SandScenario *self,
              int           n)
{
  const SandGrid *grid = sand_map_get_grid (sand_scenario_get_map (self));
  int hex = n / 6, dir = n % 6;

  if (n < 0 || hex >= sand_grid_n_hexes (grid))
    return -1;
  return sand_grid_side_slot (grid, hex, dir);
}

int
sand_scenario_get_line_n (SandScenario *self,
                          SandLineKind  kind,
                          int           n)
{
  LineTable *t;

  g_return_val_if_fail (SAND_IS_SCENARIO (self), 0);
  g_return_val_if_fail (kind_is_numeric (kind), 0);

  t = lines_of (self, FALSE);
  if (t == NULL)
    return 0;
  if (kind == SAND_LINE_SIDE)
    n = side_slot_of (self, n);
  if (n < 0)
    return 0;
  return line_table_get_n (t, kind, n);
}

/* Parses a numeric key given as text; -1 when it is not one. */
static int
numeric_key (SandScenario *self,
             SandLineKind  kind,
             const char   *key)
{
  const SandGrid *grid = sand_map_get_grid (sand_scenario_get_map (self));
  int hex;

  if (key == NULL)
    return -1;
  if (kind == SAND_LINE_HEX || kind == SAND_LINE_PLACE)
    return sand_grid_parse_id (grid, key, &hex) ? hex : -1;
  if (kind == SAND_LINE_SIDE)
    {
      const char *slash = strchr (key, '/');
      g_autofree char *id = NULL;
      int dir;

      if (slash == NULL)
        return -1;
      id = g_strndup (key, slash - key);
      dir = sand_grid_parse_direction (grid, slash + 1);
      if (!sand_grid_parse_id (grid, id, &hex) || dir < 0)
        return -1;
      return hex * 6 + dir;
    }
  {
    guint64 v;
    if (!g_ascii_string_to_unsigned (key, 10, 0, G_MAXINT / 8, &v, NULL))
      return -1;
    return (int) v;
  }
}

int
sand_scenario_get_line (SandScenario *self,
                        SandLineKind  kind,
                        const char   *key)
{
  LineTable *t;

  g_return_val_if_fail (SAND_IS_SCENARIO (self), 0);
  g_return_val_if_fail (kind >= 0 && kind < SAND_N_LINE_KINDS, 0);

  if (kind_is_numeric (kind))
    {
      int n = numeric_key (self, kind, key);
      return n < 0 ? 0 : sand_scenario_get_line_n (self, kind, n);
    }
  t = lines_of (self, FALSE);
  return t != NULL ? line_table_get (t, kind, key) : 0;
}

int
sand_scenario_get_oob_line (SandScenario *self,
                            SandLineKind  kind,
                            const char   *oob_id,
                            guint         index)
{
  char key[MAX_ID + 32];

  g_return_val_if_fail (SAND_IS_SCENARIO (self), 0);
  g_return_val_if_fail (oob_id != NULL, 0);

  g_snprintf (key, sizeof key, "%s/%u", oob_id, index);
  return sand_scenario_get_line (self, kind, key);
}

void
sand_scenario_set_line (SandScenario *self,
                        SandLineKind  kind,
                        const char   *key,
                        int           line)
{
  LineTable *t;

  g_return_if_fail (SAND_IS_SCENARIO (self));
  g_return_if_fail (kind >= 0 && kind < SAND_N_LINE_KINDS);

  t = lines_of (self, TRUE);
  if (kind_is_numeric (kind))
    {
      int n = numeric_key (self, kind, key);
      if (kind == SAND_LINE_SIDE && n >= 0)
        n = side_slot_of (self, n);
      if (n >= 0)
        line_table_set_n (t, kind, n, line);
    }
  else
    line_table_set (t, kind, key, line);
}

void
sand_scenario_clear_lines (SandScenario *self)
{
  g_return_if_fail (SAND_IS_SCENARIO (self));
  g_object_set_data (G_OBJECT (self), LINES_KEY, NULL);
}

/* ------------------------------------------------------------------ */
/* Marker formats: element name and which attribute holds which field. */

typedef struct {
  SandMarkerKind kind;
  const char *element;
  const char *hex2;
  const char *side;
  const char *strength;
  const char *capacity;
  const char *value;
  const char *name;
  const char *group;
  const char *required; /* besides hex: the attribute that must be there */
} MarkerFormat;

static const MarkerFormat marker_formats[] = {
  { SAND_MARKER_FORT, "fort", NULL, "side", "strength", "capacity", NULL, "name", NULL, NULL },
  { SAND_MARKER_ENTRY, "entry", NULL, "side", NULL, NULL, NULL, NULL, "group", NULL },
  { SAND_MARKER_SUPPLY, "supply", NULL, "side", NULL, "capacity", NULL, "name", NULL, NULL },
  { SAND_MARKER_VICTORY, "victory-hex", NULL, "side", NULL, NULL, "value", NULL, NULL, NULL },
  { SAND_MARKER_OFFMAP_LINK, "offmap-link", "hex2", NULL, NULL, NULL, "distance", NULL,
    "connection", "hex2" },
  { SAND_MARKER_ZONE, "zone-hex", NULL, NULL, NULL, NULL, NULL, NULL, "zone", "zone" },
  { SAND_MARKER_EDGE_VALUE, "edge-value", NULL, NULL, NULL, NULL, "value", NULL, "edge",
    "edge" },
  { SAND_MARKER_CUSTOM, "marker", "hex2", "side", "strength", "capacity", "value", "kind",
    "group", "kind" },
};

static const MarkerFormat *
marker_format_for_kind (SandMarkerKind kind)
{
  for (guint i = 0; i < G_N_ELEMENTS (marker_formats); i++)
    if (marker_formats[i].kind == kind)
      return &marker_formats[i];
  return NULL;
}

static const MarkerFormat *
marker_format_for_element (const char *element)
{
  for (guint i = 0; i < G_N_ELEMENTS (marker_formats); i++)
    if (strcmp (marker_formats[i].element, element) == 0)
      return &marker_formats[i];
  return NULL;
}

static const char *const edge_names[] = { "north", "south", "east", "west", NULL };

/* ------------------------------------------------------------------ */
/* Loading                                                             */

typedef struct {
  SandXmlReader *xr;
  xmlTextReader *r;
  const char *filename;
  SandRuleset *ruleset;
  SandMap *map;
  SandScenario *scenario;
  const SandGrid *grid;
  LineTable *lines;
  GPtrArray *scratch; /* attribute values that had to be copied */

  /* What comes before <map>, kept until the scenario exists. */
  char *title;
  char *description;
  char *notes;
  char *victory_text;
  int turns;
  int first_side;
  gboolean have_first_side;
  GPtrArray *options;
  GPtrArray *levels;     /* SandVictoryLevel* */
  GArray *level_lines;   /* int, parallel to levels */
  int game_line;
  int victory_line;
  guint n_markers;
} Loader;

#define MAX_ATTRS 12

typedef struct {
  const char *names[MAX_ATTRS + 1]; /* NULL-terminated */
  const char *values[MAX_ATTRS];
} Attrs;

static void
loader_clear (Loader *l)
{
  g_clear_pointer (&l->xr, sand_xml_reader_free);
  g_clear_pointer (&l->scratch, g_ptr_array_unref);
  g_clear_object (&l->scenario);
  g_clear_object (&l->map);
  g_clear_pointer (&l->lines, line_table_free);
  g_clear_pointer (&l->title, g_free);
  g_clear_pointer (&l->description, g_free);
  g_clear_pointer (&l->notes, g_free);
  g_clear_pointer (&l->victory_text, g_free);
  g_clear_pointer (&l->options, g_ptr_array_unref);
  g_clear_pointer (&l->levels, g_ptr_array_unref);
  g_clear_pointer (&l->level_lines, g_array_unref);
}

static int
cur_line (Loader *l)
{
  return sand_xml_reader_get_line (l->xr);
}

G_GNUC_PRINTF (4, 5) static gboolean
fail (Loader     *l,
      GError    **error,
      int         code,
      const char *format,
      ...)
{
  va_list args;

  va_start (args, format);
  sand_xml_set_error_valist (error, SAND_SCENARIO_ERROR, code, l->filename, cur_line (l), format,
                             args);
  va_end (args);
  return FALSE;
}

/* A list of ids for "(it has: a, b, c)". */
typedef const char *(*IdAt) (SandRuleset *rs, guint i);

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

/* One kind of ruleset id a scenario names: how to look one up, and how to
 * list them all when it is not there. */
typedef struct
{
  int   (*find)  (SandRuleset *rs,
                  const char  *id);
  guint (*count) (SandRuleset *rs);
  IdAt  id_at;
} IdKind;

static const IdKind side_ids = { sand_ruleset_find_side, sand_ruleset_n_sides, side_id_at };
static const IdKind terrain_ids = { sand_ruleset_find_terrain, sand_ruleset_n_terrains,
                                    terrain_id_at };
static const IdKind country_ids = { sand_ruleset_find_country, sand_ruleset_n_countries,
                                    country_id_at };
static const IdKind feature_ids = { sand_ruleset_find_side_feature,
                                    sand_ruleset_n_side_features, feature_id_at };
static const IdKind unit_type_ids = { sand_ruleset_find_unit_type, sand_ruleset_n_unit_types,
                                      unit_type_id_at };

static gboolean
unknown_id (Loader       *l,
            GError      **error,
            const char   *what,
            const char   *value,
            const IdKind *kind)
{
  g_autofree char *known = id_list (l->ruleset, kind->count (l->ruleset), kind->id_at);

  return fail (l, error, SAND_SCENARIO_ERROR_UNKNOWN_ID,
               "unknown %s “%s” (the %s ruleset has: %s)", what, value,
               sand_ruleset_get_id (l->ruleset), known);
}

/* @what names the id in the message, as the file's reader knows it. */
static gboolean
find_id (Loader       *l,
         const IdKind *kind,
         const char   *what,
         const char   *value,
         int          *out,
         GError      **error)
{
  *out = kind->find (l->ruleset, value);
  if (*out < 0)
    return unknown_id (l, error, what, value, kind);
  return TRUE;
}

static gboolean
is_ours (xmlNode *node)
{
  return node->ns != NULL && node->ns->href != NULL
         && strcmp ((const char *) node->ns->href, SAND_SCENARIO_NS) == 0;
}

/* Reads the attributes of the current element into @a; an attribute not
 * in @a->names is an error (a misspelt attribute would otherwise be lost
 * on the next save). */
static gboolean
read_attrs (Loader     *l,
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
            return fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                         "<%s> takes no attribute, but has “%s”", element, name);
          return fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                       "<%s> has no attribute “%s” (it may have: %s)", element, name,
                       allowed);
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
        return fail (l, error, SAND_SCENARIO_ERROR_TOO_LARGE,
                     "attribute %s of <%s> is too long", name, element);
      a->values[i] = value;
    }
  return TRUE;
}

static gboolean
require (Loader      *l,
         Attrs       *a,
         int          i,
         GError     **error)
{
  if (a->values[i] != NULL)
    return TRUE;
  return fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE, "<%s> needs the attribute %s",
               (const char *) sand_xml_reader_get_node (l->xr)->name, a->names[i]);
}

static gboolean
parse_int (Loader      *l,
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
        return fail (l, error, SAND_SCENARIO_ERROR_NUMBER,
                     "%s=\"%s\" on <%s> is not a whole number", a->names[i], text, element);
      v = text[0] == '-' ? G_MININT64 : G_MAXINT64; /* too many digits */
    }
  if (v < min && min >= 0 && v < 0)
    return fail (l, error, SAND_SCENARIO_ERROR_NUMBER,
                 "%s=\"%s\" on <%s> is negative; it must be from %" G_GINT64_FORMAT
                 " to %" G_GINT64_FORMAT, a->names[i], text, element, min, max);
  if (v < min || v > max)
    return fail (l, error, SAND_SCENARIO_ERROR_NUMBER,
                 "%s=\"%s\" on <%s> is out of range; it must be from %" G_GINT64_FORMAT
                 " to %" G_GINT64_FORMAT, a->names[i], text, element, min, max);
  *out = (int) v;
  return TRUE;
}

/* "unlimited" or a number from 0. */
static gboolean
parse_capacity (Loader  *l,
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
  return parse_int (l, a, i, 0, 99999, out, error);
}

static gboolean
parse_bool (Loader   *l,
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
    return fail (l, error, SAND_SCENARIO_ERROR_NUMBER,
                 "%s=\"%s\" on <%s> must be true or false", a->names[i], text,
                 (const char *) sand_xml_reader_get_node (l->xr)->name);
  return TRUE;
}

/* Ids (counters, OOBs, zones, groups) are words: no spaces, since the
 * console and the CLI take them as arguments. */
static gboolean
check_id (Loader     *l,
          Attrs      *a,
          int         i,
          GError    **error)
{
  const char *text = a->values[i];
  const char *element = (const char *) sand_xml_reader_get_node (l->xr)->name;

  if (text == NULL)
    return TRUE;
  if (*text == '\0')
    return fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE, "%s on <%s> is empty", a->names[i],
                 element);
  if (strlen (text) > MAX_ID)
    return fail (l, error, SAND_SCENARIO_ERROR_TOO_LARGE,
                 "%s=\"%.20s…\" on <%s> is longer than %d characters", a->names[i], text,
                 element, MAX_ID);
  for (const char *p = text; *p != '\0'; p++)
    if (g_ascii_isspace (*p) || *p == '/' || (guchar) *p < 0x20)
      return fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                   "%s=\"%s\" on <%s> may not contain spaces or “/”", a->names[i], text,
                   element);
  return TRUE;
}

/* "#rrggbb", as the renderer reads colours. */
static gboolean
check_color (Loader  *l,
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
    return fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                 "%s=\"%s\" on <%s> is not a colour like #2f5fa8", a->names[i], text,
                 (const char *) sand_xml_reader_get_node (l->xr)->name);
  return TRUE;
}

static gboolean
parse_hex (Loader     *l,
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
    return fail (l, error, SAND_SCENARIO_ERROR_OFF_MAP,
                 "hex %s (on <%s>) is off the map, which has %d columns and %d rows", text,
                 (const char *) sand_xml_reader_get_node (l->xr)->name, l->grid->cols,
                 l->grid->rows);
  *out = sand_grid_index (l->grid, col - 1, row - 1);
  return TRUE;

bad:
  return fail (l, error, SAND_SCENARIO_ERROR_BAD_HEX,
               "%s=\"%s\" on <%s> is not a hex id (column then row, %d digits each on this "
               "map, e.g. %s)", a->names[i], text,
               (const char *) sand_xml_reader_get_node (l->xr)->name, digits,
               digits == 2 ? "0101" : digits == 3 ? "001001" : "00010001");
}

static gboolean
parse_side (Loader  *l,
            Attrs   *a,
            int      i,
            int     *out,
            GError **error)
{
  return a->values[i] == NULL || find_id (l, &side_ids, "side", a->values[i], out, error);
}

static gboolean
parse_terrain (Loader  *l,
               Attrs   *a,
               int      i,
               int     *out,
               GError **error)
{
  return a->values[i] == NULL
         || find_id (l, &terrain_ids, "terrain", a->values[i], out, error);
}

/* "none" is no country. */
static gboolean
parse_country (Loader  *l,
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
         || find_id (l, &country_ids, "country", a->values[i], out, error);
}

/* 1: on a child element; 0: the element at @depth has ended; -1: error. */
static int
next_child (Loader  *l,
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
            if (!is_ours (node))
              {
                fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                      "<%s> is not in the Sandtable namespace (%s)",
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
            fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                  "text “%s” is not expected inside <%s>", g_strstrip (shown),
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
  fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE, "the file ends inside an element");
  return -1;
}

static const char *
elem_name (Loader *l)
{
  return (const char *) sand_xml_reader_get_node (l->xr)->name;
}

static gboolean
is_empty (Loader *l)
{
  return xmlTextReaderIsEmptyElement (l->r) == 1;
}

/* Reads a text-only element (title, description…). */
static gboolean
read_text (Loader  *l,
           char   **out,
           GError **error)
{
  Attrs a = { { NULL } };
  int depth = xmlTextReaderDepth (l->r);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *element = g_strdup (elem_name (l));
  GError *local = NULL;

  if (!read_attrs (l, &a, error))
    return FALSE;
  if (!is_empty (l))
    {
      for (;;)
        {
          int type;

          if (!sand_xml_reader_next (l->xr, &local))
            {
              if (local == NULL)
                return fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                             "the file ends inside <%s>", element);
              g_propagate_error (error, local);
              return FALSE;
            }
          type = xmlTextReaderNodeType (l->r);
          if (type == XML_READER_TYPE_END_ELEMENT && xmlTextReaderDepth (l->r) == depth)
            break;
          if (type == XML_READER_TYPE_ELEMENT)
            return fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                         "<%s> holds plain text only; <%s> is not allowed in it", element,
                         elem_name (l));
          if (type == XML_READER_TYPE_TEXT || type == XML_READER_TYPE_CDATA
              || type == XML_READER_TYPE_WHITESPACE
              || type == XML_READER_TYPE_SIGNIFICANT_WHITESPACE)
            g_string_append (text, (const char *) xmlTextReaderConstValue (l->r));
          if (text->len > SAND_IO_MAX_TEXT)
            return fail (l, error, SAND_SCENARIO_ERROR_TOO_LARGE,
                         "<%s> is longer than %d bytes", element, SAND_IO_MAX_TEXT);
        }
    }
  g_free (*out);
  *out = g_string_free (g_steal_pointer (&text), FALSE);
  return TRUE;
}

static gboolean
no_children (Loader  *l,
             GError **error)
{
  int rc;

  if (is_empty (l))
    return TRUE;
  {
    g_autofree char *element = g_strdup (elem_name (l));
    rc = next_child (l, xmlTextReaderDepth (l->r), error);
    if (rc > 0)
      return fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                   "<%s> is not allowed inside <%s>", elem_name (l), element);
  }
  return rc == 0;
}

/* <game turns first-side> <option name/>* </game> */
static gboolean
load_game (Loader  *l,
           GError **error)
{
  Attrs a = { { "turns", "first-side", NULL } };
  int depth = xmlTextReaderDepth (l->r);
  int rc;

  l->game_line = cur_line (l);
  if (!read_attrs (l, &a, error)
      || !parse_int (l, &a, 0, 1, SAND_IO_MAX_TURNS, &l->turns, error)
      || !parse_side (l, &a, 1, &l->first_side, error))
    return FALSE;
  l->have_first_side = a.values[1] != NULL;
  if (is_empty (l))
    return TRUE;
  while ((rc = next_child (l, depth, error)) > 0)
    {
      Attrs o = { { "name", NULL } };

      if (strcmp (elem_name (l), "option") != 0)
        return fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                     "<%s> is not allowed inside <game> (only <option>)", elem_name (l));
      if (!read_attrs (l, &o, error) || !require (l, &o, 0, error) || !check_id (l, &o, 0, error)
          || !no_children (l, error))
        return FALSE;
      if (l->options->len >= SAND_IO_MAX_OPTIONS)
        return fail (l, error, SAND_SCENARIO_ERROR_TOO_LARGE, "more than %d options",
                     SAND_IO_MAX_OPTIONS);
      g_ptr_array_add (l->options, g_strdup (o.values[0]));
      line_table_set (l->lines, SAND_LINE_OPTION, o.values[0], cur_line (l));
    }
  return rc == 0;
}

/* <victory> <text/>? <level min max winner label/>* </victory> */
static gboolean
load_victory (Loader  *l,
              GError **error)
{
  Attrs none = { { NULL } };
  int depth = xmlTextReaderDepth (l->r);
  int rc;

  l->victory_line = cur_line (l);
  if (!read_attrs (l, &none, error))
    return FALSE;
  if (is_empty (l))
    return TRUE;
  while ((rc = next_child (l, depth, error)) > 0)
    {
      const char *name = elem_name (l);

      if (strcmp (name, "text") == 0)
        {
          if (l->victory_text != NULL)
            return fail (l, error, SAND_SCENARIO_ERROR_DUPLICATE, "<victory> has two <text>");
          if (!read_text (l, &l->victory_text, error))
            return FALSE;
        }
      else if (strcmp (name, "level") == 0)
        {
          Attrs a = { { "min", "max", "winner", "label", NULL } };
          SandVictoryLevel *level;
          int line = cur_line (l);

          if (l->levels->len >= SAND_IO_MAX_LEVELS)
            return fail (l, error, SAND_SCENARIO_ERROR_TOO_LARGE,
                         "more than %d victory levels", SAND_IO_MAX_LEVELS);
          level = g_new0 (SandVictoryLevel, 1);
          level->min = G_MININT;
          level->max = G_MAXINT;
          level->winner = -1;
          g_ptr_array_add (l->levels, level);
          g_array_append_val (l->level_lines, line);
          if (!read_attrs (l, &a, error)
              || !parse_int (l, &a, 0, -999999, 999999, &level->min, error)
              || !parse_int (l, &a, 1, -999999, 999999, &level->max, error)
              || !parse_side (l, &a, 2, &level->winner, error)
              || !no_children (l, error))
            return FALSE;
          if (level->min > level->max)
            return fail (l, error, SAND_SCENARIO_ERROR_NUMBER,
                         "victory level “%s” has min %d above max %d",
                         a.values[3] != NULL ? a.values[3] : "", level->min, level->max);
          level->label = g_strdup (a.values[3] != NULL ? a.values[3] : "");
        }
      else
        return fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                     "<%s> is not allowed inside <victory> (only <text> and <level>)", name);
    }
  return rc == 0;
}

static void
free_level (gpointer p)
{
  sand_victory_level_free (p);
}

static gboolean
load_hex (Loader  *l,
          GError **error)
{
  Attrs a = { { "id", "terrain", "country", NULL } };
  int hex = SAND_HEX_NONE, terrain = -1, country = -2, first;

  if (!read_attrs (l, &a, error) || !require (l, &a, 0, error)
      || !parse_hex (l, &a, 0, &hex, error)
      || !parse_terrain (l, &a, 1, &terrain, error)
      || !parse_country (l, &a, 2, &country, error)
      || !no_children (l, error))
    return FALSE;
  first = line_table_get_n (l->lines, SAND_LINE_HEX, hex);
  if (first != 0)
    return fail (l, error, SAND_SCENARIO_ERROR_DUPLICATE,
                 "hex %s is listed twice (first on line %d)", a.values[0], first);
  line_table_set_n (l->lines, SAND_LINE_HEX, hex, cur_line (l));
  if (terrain >= 0)
    sand_map_set_terrain (l->map, hex, (guint8) terrain);
  if (country != -2)
    sand_map_set_country (l->map, hex, country);
  return TRUE;
}

static gboolean
load_side (Loader  *l,
           GError **error)
{
  Attrs a = { { "hex", "dir", "features", NULL } };
  int hex = SAND_HEX_NONE, dir, slot, first;
  guint32 mask = 0;
  const char *p;

  if (!read_attrs (l, &a, error) || !require (l, &a, 0, error) || !require (l, &a, 1, error)
      || !require (l, &a, 2, error) || !parse_hex (l, &a, 0, &hex, error)
      || !no_children (l, error))
    return FALSE;
  dir = sand_grid_parse_direction (l->grid, a.values[1]);
  if (dir < 0)
    {
      g_autoptr(GString) dirs = g_string_new (NULL);
      for (int d = 0; d < SAND_N_DIRS; d++)
        g_string_append_printf (dirs, "%s%s", d > 0 ? ", " : "",
                                sand_grid_direction_name (l->grid, d));
      return fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                   "“%s” is not a direction on this %s map (%s)", a.values[1],
                   l->grid->orientation == SAND_ORIENTATION_FLAT ? "flat" : "pointy",
                   dirs->str);
    }
  for (p = a.values[2]; *p != '\0';)
    {
      const char *end;
      g_autofree char *word = NULL;
      int f;

      while (*p == ' ' || *p == '\t' || *p == '\n')
        p++;
      if (*p == '\0')
        break;
      for (end = p; *end != '\0' && *end != ' ' && *end != '\t' && *end != '\n'; end++)
        ;
      word = g_strndup (p, end - p);
      p = end;
      f = sand_ruleset_find_side_feature (l->ruleset, word);
      if (f < 0 || f >= SAND_MAX_SIDE_FEATURES)
        return unknown_id (l, error, "hexside feature", word, &feature_ids);
      mask |= 1u << f;
    }
  if (mask == 0)
    return fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                 "<side> of hex %s names no feature", a.values[0]);
  slot = sand_grid_side_slot (l->grid, hex, dir);
  first = line_table_get_n (l->lines, SAND_LINE_SIDE, slot);
  if (first != 0)
    return fail (l, error, SAND_SCENARIO_ERROR_DUPLICATE,
                 "the %s side of hex %s is listed twice (first on line %d)", a.values[1],
                 a.values[0], first);
  line_table_set_n (l->lines, SAND_LINE_SIDE, slot, cur_line (l));
  sand_map_set_side (l->map, hex, dir, mask);
  return TRUE;
}

static gboolean
load_place (Loader  *l,
            GError **error)
{
  Attrs a = { { "hex", "name", NULL } };
  int hex = SAND_HEX_NONE, first;

  if (!read_attrs (l, &a, error) || !require (l, &a, 0, error) || !require (l, &a, 1, error)
      || !parse_hex (l, &a, 0, &hex, error) || !no_children (l, error))
    return FALSE;
  if (*a.values[1] == '\0' || strlen (a.values[1]) > SAND_IO_MAX_NAME)
    return fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                 "the place name on hex %s must have 1 to %d characters", a.values[0],
                 SAND_IO_MAX_NAME);
  first = line_table_get_n (l->lines, SAND_LINE_PLACE, hex);
  if (first != 0)
    return fail (l, error, SAND_SCENARIO_ERROR_DUPLICATE,
                 "hex %s has two place names (the first on line %d)", a.values[0], first);
  line_table_set_n (l->lines, SAND_LINE_PLACE, hex, cur_line (l));
  sand_map_set_place (l->map, hex, a.values[1]);
  return TRUE;
}

static gboolean
load_zone (Loader  *l,
           GError **error)
{
  Attrs a = { { "id", "name", "side", "color", NULL } };
  int side = -1, first;

  if (!read_attrs (l, &a, error) || !require (l, &a, 0, error) || !check_id (l, &a, 0, error)
      || !parse_side (l, &a, 2, &side, error) || !check_color (l, &a, 3, error)
      || !no_children (l, error))
    return FALSE;
  first = line_table_get (l->lines, SAND_LINE_ZONE, a.values[0]);
  if (first != 0)
    return fail (l, error, SAND_SCENARIO_ERROR_DUPLICATE,
                 "zone id “%s” is used twice (first on line %d)", a.values[0], first);
  if (sand_map_n_zones (l->map) >= SAND_IO_MAX_ZONES)
    return fail (l, error, SAND_SCENARIO_ERROR_TOO_LARGE, "more than %d zones",
                 SAND_IO_MAX_ZONES);
  line_table_set (l->lines, SAND_LINE_ZONE, a.values[0], cur_line (l));
  sand_map_add_zone (l->map, a.values[0], a.values[1], side, a.values[3]);
  return TRUE;
}

static gboolean
load_marker (Loader             *l,
             const MarkerFormat *f,
             GError            **error)
{
  enum { HEX, HEX2, SIDE, STRENGTH, CAPACITY, VALUE, NAME, GROUP };
  const char *fields[] = { "hex", f->hex2, f->side, f->strength, f->capacity, f->value,
                           f->name, f->group };
  Attrs a = { { NULL } };
  int index_of[G_N_ELEMENTS (fields)];
  int n = 0;
  g_autoptr(SandMarker) m = NULL;
  int hex = SAND_HEX_NONE;

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      index_of[i] = fields[i] != NULL ? n : -1;
      if (fields[i] != NULL)
        a.names[n++] = fields[i];
    }
  a.names[n] = NULL;
  if (!read_attrs (l, &a, error) || !require (l, &a, index_of[HEX], error)
      || !parse_hex (l, &a, index_of[HEX], &hex, error) || !no_children (l, error))
    return FALSE;
  if (f->required != NULL)
    for (int i = 0; i < n; i++)
      if (strcmp (a.names[i], f->required) == 0 && !require (l, &a, i, error))
        return FALSE;
  if (l->n_markers >= SAND_IO_MAX_MARKERS)
    return fail (l, error, SAND_SCENARIO_ERROR_TOO_LARGE, "more than %d markers",
                 SAND_IO_MAX_MARKERS);

  m = sand_marker_new (f->kind, hex);
  if (index_of[HEX2] >= 0 && !parse_hex (l, &a, index_of[HEX2], &m->hex2, error))
    return FALSE;
  if (index_of[SIDE] >= 0 && !parse_side (l, &a, index_of[SIDE], &m->side, error))
    return FALSE;
  if (index_of[STRENGTH] >= 0
      && !parse_int (l, &a, index_of[STRENGTH], 0, 999, &m->strength, error))
    return FALSE;
  if (index_of[CAPACITY] >= 0 && !parse_capacity (l, &a, index_of[CAPACITY], &m->capacity, error))
    return FALSE;
  if (index_of[VALUE] >= 0
      && !parse_int (l, &a, index_of[VALUE], f->kind == SAND_MARKER_OFFMAP_LINK ? 0 : -9999,
                     9999, &m->value, error))
    return FALSE;
  if (index_of[NAME] >= 0 && a.values[index_of[NAME]] != NULL)
    {
      if (f->kind == SAND_MARKER_CUSTOM && !check_id (l, &a, index_of[NAME], error))
        return FALSE;
      g_free (m->name);
      m->name = g_strdup (a.values[index_of[NAME]]);
    }
  if (index_of[GROUP] >= 0 && a.values[index_of[GROUP]] != NULL)
    {
      const char *group = a.values[index_of[GROUP]];

      if (!check_id (l, &a, index_of[GROUP], error))
        return FALSE;
      if (f->kind == SAND_MARKER_EDGE_VALUE && !g_strv_contains (edge_names, group))
        return fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                     "edge=\"%s\" must be north, south, east or west", group);
      if (f->kind == SAND_MARKER_OFFMAP_LINK)
        {
          int feature;

          if (!find_id (l, &feature_ids, "connection", group, &feature, error))
            return FALSE;
        }
      g_free (m->group);
      m->group = g_strdup (group);
    }
  line_table_set_n (l->lines, SAND_LINE_MARKER, (int) l->n_markers, cur_line (l));
  sand_map_add_marker (l->map, g_steal_pointer (&m));
  l->n_markers++;
  return TRUE;
}

static gboolean
fill_defaults (Loader     *l,
               int         terrain,
               int         country,
               GError    **error)
{
  int n = sand_grid_n_hexes (l->grid);

  for (int h = 0; h < n; h++)
    {
      if (terrain >= 0)
        sand_map_set_terrain (l->map, h, (guint8) terrain);
      sand_map_set_country (l->map, h, country);
    }
  return TRUE;
}

static void
apply_prologue (Loader *l)
{
  SandScenario *s = l->scenario;

  if (l->title != NULL)
    sand_scenario_set_title (s, l->title);
  if (l->description != NULL)
    sand_scenario_set_description (s, l->description);
  if (l->notes != NULL)
    sand_scenario_set_notes (s, l->notes);
  sand_scenario_set_turns (s, l->turns);
  if (l->have_first_side)
    sand_scenario_set_first_side (s, l->first_side);
  for (guint i = 0; i < l->options->len; i++)
    sand_scenario_set_option (s, g_ptr_array_index (l->options, i), TRUE);
  if (l->victory_text != NULL)
    sand_scenario_set_victory_text (s, l->victory_text);
}

/* A map dimension: any count of digits, so that a huge one is reported as
 * "too large" rather than as a malformed number; G_MAXINT when huge. */
static gboolean
parse_dim (Loader  *l,
           Attrs   *a,
           int      i,
           int     *out,
           GError **error)
{
  const char *text = a->values[i];
  gint64 v;

  if (g_ascii_string_to_signed (text, 10, G_MININT64, G_MAXINT64, &v, NULL))
    {
      if (v < 1)
        return fail (l, error, SAND_SCENARIO_ERROR_NUMBER,
                     "%s=\"%s\" on <map>: a map has at least 1 column and 1 row",
                     a->names[i], text);
      *out = (int) MIN (v, (gint64) G_MAXINT);
      return TRUE;
    }
  for (const char *p = text; ; p++)
    {
      if (*p == '\0' && p != text)
        {
          *out = G_MAXINT;
          return TRUE;
        }
      if (!g_ascii_isdigit (*p))
        break;
    }
  return fail (l, error, SAND_SCENARIO_ERROR_NUMBER, "%s=\"%s\" on <map> is not a whole number",
               a->names[i], text);
}

/* One of two words; left out, the first. */
static gboolean
parse_either (Loader     *l,
              Attrs      *a,
              int         i,
              const char *first,
              const char *second,
              gboolean   *is_second,
              GError    **error)
{
  const char *text = a->values[i];

  if (text == NULL || strcmp (text, first) == 0)
    *is_second = FALSE;
  else if (strcmp (text, second) == 0)
    *is_second = TRUE;
  else
    return fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE, "%s=\"%s\" must be %s or %s",
                 a->names[i], text, first, second);
  return TRUE;
}

/* <map cols rows orientation stagger hex-size default-terrain default-country> */
static gboolean
load_map (Loader  *l,
          GError **error)
{
  Attrs a = { { "cols", "rows", "orientation", "stagger", "hex-size", "default-terrain",
                "default-country", NULL } };
  int depth = xmlTextReaderDepth (l->r);
  int cols = 0, rows = 0, terrain = -1, country = -1, rc;
  gboolean pointy = FALSE, odd = FALSE;
  double hex_size = 0;

  if (!read_attrs (l, &a, error) || !require (l, &a, 0, error) || !require (l, &a, 1, error))
    return FALSE;
  if (!parse_dim (l, &a, 0, &cols, error) || !parse_dim (l, &a, 1, &rows, error))
    return FALSE;
  if (cols > SAND_MAX_MAP_DIM || rows > SAND_MAX_MAP_DIM)
    return fail (l, error, SAND_SCENARIO_ERROR_TOO_LARGE,
                 "the map is too large (%s × %s); the limit is %d × %d", a.values[0],
                 a.values[1], SAND_MAX_MAP_DIM, SAND_MAX_MAP_DIM);
  if (!parse_either (l, &a, 2, "flat", "pointy", &pointy, error)
      || !parse_either (l, &a, 3, "even", "odd", &odd, error))
    return FALSE;
  if (a.values[4] != NULL)
    {
      char *end = NULL;
      hex_size = g_ascii_strtod (a.values[4], &end);
      if (end == a.values[4] || *end != '\0' || !(hex_size >= 1 && hex_size <= 1000))
        return fail (l, error, SAND_SCENARIO_ERROR_NUMBER,
                     "hex-size=\"%s\" on <map> must be a number from 1 to 1000", a.values[4]);
    }
  if (!parse_terrain (l, &a, 5, &terrain, error) || !parse_country (l, &a, 6, &country, error))
    return FALSE;

  l->map = sand_map_new (l->ruleset, cols, rows,
                         pointy ? SAND_ORIENTATION_POINTY : SAND_ORIENTATION_FLAT,
                         odd ? SAND_STAGGER_ODD : SAND_STAGGER_EVEN);
  l->grid = sand_map_get_grid (l->map);
  sand_map_freeze_changes (l->map);
  if (hex_size > 0)
    sand_map_set_hex_size (l->map, hex_size);
  if (!fill_defaults (l, terrain, country, error))
    return FALSE;
  sand_map_set_default_terrain (l->map, terrain >= 0 ? terrain : 0);
  sand_map_set_default_country (l->map, country);
  line_table_set (l->lines, SAND_LINE_MAP, NULL, cur_line (l));

  l->scenario = sand_scenario_new (l->map);
  apply_prologue (l);

  if (is_empty (l))
    return TRUE;
  while ((rc = next_child (l, depth, error)) > 0)
    {
      const char *name = elem_name (l);
      const MarkerFormat *f;
      gboolean ok;

      if (strcmp (name, "hex") == 0)
        ok = load_hex (l, error);
      else if (strcmp (name, "side") == 0)
        ok = load_side (l, error);
      else if (strcmp (name, "place") == 0)
        ok = load_place (l, error);
      else if (strcmp (name, "zone") == 0)
        ok = load_zone (l, error);
      else if ((f = marker_format_for_element (name)) != NULL)
        ok = load_marker (l, f, error);
      else
        return fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                     "<%s> is not allowed inside <map>", name);
      if (!ok)
        return FALSE;
    }
  return rc == 0;
}

typedef gboolean (*LoadChild) (Loader  *l,
                               GError **error);

/* A section that holds only a list of one element, <counters> or
 * <orders-of-battle>. */
static gboolean
load_list (Loader     *l,
           const char *section,
           const char *element,
           LoadChild   load_child,
           GError    **error)
{
  Attrs none = { { NULL } };
  int depth = xmlTextReaderDepth (l->r);
  int rc;

  if (!read_attrs (l, &none, error))
    return FALSE;
  if (is_empty (l))
    return TRUE;
  while ((rc = next_child (l, depth, error)) > 0)
    {
      if (strcmp (elem_name (l), element) != 0)
        return fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                     "<%s> is not allowed inside <%s> (only <%s>)", elem_name (l), section,
                     element);
      if (!load_child (l, error))
        return FALSE;
    }
  return rc == 0;
}

static gboolean
load_counter (Loader  *l,
              GError **error)
{
  Attrs a = { { "id", "side", "type", "name", "strength", "reduced", "steps", "ma",
                "quality", "parent", "band", "note", NULL } };
  g_autoptr(SandCounter) c = NULL;
  int first;

  if (!read_attrs (l, &a, error) || !require (l, &a, 0, error) || !require (l, &a, 1, error)
      || !require (l, &a, 2, error) || !check_id (l, &a, 0, error)
      || !check_color (l, &a, 10, error) || !no_children (l, error))
    return FALSE;
  first = line_table_get (l->lines, SAND_LINE_COUNTER, a.values[0]);
  if (first != 0)
    return fail (l, error, SAND_SCENARIO_ERROR_DUPLICATE,
                 "counter id “%s” is used twice (first on line %d)", a.values[0], first);
  if (sand_scenario_n_counters (l->scenario) >= SAND_IO_MAX_COUNTERS)
    return fail (l, error, SAND_SCENARIO_ERROR_TOO_LARGE, "more than %d counters",
                 SAND_IO_MAX_COUNTERS);
  c = sand_counter_new ();
  c->id = g_strdup (a.values[0]);
  if (!parse_side (l, &a, 1, &c->side, error))
    return FALSE;
  if (!find_id (l, &unit_type_ids, "unit type", a.values[2], &c->type, error))
    return FALSE;
  if (!parse_int (l, &a, 4, 0, 999, &c->strength, error)
      || !parse_int (l, &a, 5, -1, 999, &c->reduced, error)
      || !parse_int (l, &a, 6, 0, 99, &c->steps, error)
      || !parse_int (l, &a, 7, 0, 99, &c->ma, error)
      || !parse_int (l, &a, 8, -9, 9, &c->quality, error))
    return FALSE;
  if (a.values[3] != NULL)
    c->name = g_strdup (a.values[3]);
  if (a.values[9] != NULL)
    c->parent = g_strdup (a.values[9]);
  if (a.values[10] != NULL)
    c->band = g_strdup (a.values[10]);
  if (a.values[11] != NULL)
    c->note = g_strdup (a.values[11]);
  line_table_set (l->lines, SAND_LINE_COUNTER, a.values[0], cur_line (l));
  sand_scenario_add_counter (l->scenario, g_steal_pointer (&c));
  return TRUE;
}

/* Only an attribute the file has replaces what the constructor set. */
static void
set_str_attr (char      **field,
              const char *value)
{
  if (value == NULL)
    return;
  g_free (*field);
  *field = g_strdup (value);
}

static void
set_oob_line (Loader      *l,
              SandLineKind kind,
              SandOob     *oob,
              guint        index)
{
  char key[MAX_ID + 32];

  g_snprintf (key, sizeof key, "%s/%u", oob->id, index);
  line_table_set (l->lines, kind, key, cur_line (l));
}

static gboolean
load_oob (Loader  *l,
          GError **error)
{
  Attrs a = { { "id", "side", "name", "die", NULL } };
  int depth = xmlTextReaderDepth (l->r);
  int side = -1, rc, first;
  g_autoptr(SandOob) oob = NULL;

  if (!read_attrs (l, &a, error) || !require (l, &a, 0, error) || !require (l, &a, 1, error)
      || !check_id (l, &a, 0, error) || !parse_side (l, &a, 1, &side, error))
    return FALSE;
  first = line_table_get (l->lines, SAND_LINE_OOB, a.values[0]);
  if (first != 0)
    return fail (l, error, SAND_SCENARIO_ERROR_DUPLICATE,
                 "order of battle id “%s” is used twice (first on line %d)", a.values[0],
                 first);
  if (sand_scenario_n_oobs (l->scenario) >= SAND_IO_MAX_OOBS)
    return fail (l, error, SAND_SCENARIO_ERROR_TOO_LARGE, "more than %d orders of battle",
                 SAND_IO_MAX_OOBS);
  oob = sand_oob_new (a.values[0], side);
  if (!parse_int (l, &a, 3, 0, 999, &oob->die_number, error))
    return FALSE;
  set_str_attr (&oob->name, a.values[2]);
  line_table_set (l->lines, SAND_LINE_OOB, a.values[0], cur_line (l));

  if (!is_empty (l))
    while ((rc = next_child (l, depth, error)) > 0)
      {
        const char *name = elem_name (l);
        guint entries = oob->placements->len + oob->zone_limits->len
                        + oob->reinforcements->len;

        if (entries >= SAND_IO_MAX_OOB_ENTRIES)
          return fail (l, error, SAND_SCENARIO_ERROR_TOO_LARGE,
                       "order of battle “%s” has more than %d entries", oob->id,
                       SAND_IO_MAX_OOB_ENTRIES);
        if (strcmp (name, "description") == 0)
          {
            if (oob->description != NULL)
              return fail (l, error, SAND_SCENARIO_ERROR_DUPLICATE,
                           "<oob> has two <description>");
            if (!read_text (l, &oob->description, error))
              return FALSE;
          }
        else if (strcmp (name, "placement") == 0)
          {
            Attrs p = { { "counter", "hex", "zone", NULL } };
            SandPlacement *pl;

            if (!read_attrs (l, &p, error) || !require (l, &p, 0, error)
                || !check_id (l, &p, 0, error) || !check_id (l, &p, 2, error)
                || !no_children (l, error))
              return FALSE;
            if ((p.values[1] == NULL) == (p.values[2] == NULL))
              return fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                           "the placement of “%s” needs either hex= or zone= (one of them)",
                           p.values[0]);
            pl = g_new0 (SandPlacement, 1);
            pl->hex = SAND_HEX_NONE;
            pl->counter = g_strdup (p.values[0]);
            pl->zone = g_strdup (p.values[2]);
            g_ptr_array_add (oob->placements, pl);
            if (!parse_hex (l, &p, 1, &pl->hex, error))
              return FALSE;
            set_oob_line (l, SAND_LINE_PLACEMENT, oob, oob->placements->len - 1);
          }
        else if (strcmp (name, "zone-limit") == 0)
          {
            Attrs z = { { "zone", "max-per-hex", "min", "max", NULL } };
            SandZoneLimit *zl;

            if (!read_attrs (l, &z, error) || !require (l, &z, 0, error)
                || !check_id (l, &z, 0, error) || !no_children (l, error))
              return FALSE;
            zl = g_new0 (SandZoneLimit, 1);
            zl->zone = g_strdup (z.values[0]);
            g_ptr_array_add (oob->zone_limits, zl);
            if (!parse_int (l, &z, 1, 0, 9999, &zl->max_per_hex, error)
                || !parse_int (l, &z, 2, 0, 99999, &zl->min_units, error)
                || !parse_int (l, &z, 3, 0, 99999, &zl->max_units, error))
              return FALSE;
            set_oob_line (l, SAND_LINE_ZONE_LIMIT, oob, oob->zone_limits->len - 1);
          }
        else if (strcmp (name, "reinforcement") == 0)
          {
            Attrs r = { { "turn", "counter", "points", "hex", "entry", "entrained", "code",
                          "note", NULL } };
            SandReinforcement *re;

            if (!read_attrs (l, &r, error) || !require (l, &r, 0, error)
                || !check_id (l, &r, 1, error) || !check_id (l, &r, 4, error)
                || !no_children (l, error))
              return FALSE;
            if ((r.values[1] == NULL) == (r.values[2] == NULL))
              return fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                           "a reinforcement needs either counter= or points= (one of them)");
            re = sand_reinforcement_new ();
            g_ptr_array_add (oob->reinforcements, re);
            if (!parse_int (l, &r, 0, 1, SAND_IO_MAX_TURNS, &re->turn, error)
                || !parse_int (l, &r, 2, 1, 999, &re->points, error)
                || !parse_hex (l, &r, 3, &re->hex, error)
                || !parse_bool (l, &r, 5, &re->entrained, error))
              return FALSE;
            set_str_attr (&re->counter, r.values[1]);
            set_str_attr (&re->entry, r.values[4]);
            set_str_attr (&re->code, r.values[6]);
            set_str_attr (&re->note, r.values[7]);
            set_oob_line (l, SAND_LINE_REINFORCEMENT, oob, oob->reinforcements->len - 1);
          }
        else
          return fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                       "<%s> is not allowed inside <oob> (only <description>, <placement>, "
                       "<zone-limit> and <reinforcement>)", name);
      }
  else
    rc = 0;
  if (rc != 0)
    return FALSE;
  sand_scenario_add_oob (l->scenario, g_steal_pointer (&oob));
  return TRUE;
}

static const char *const sections[] = {
  "title", "description", "notes", "game", "victory", "map", "counters", "orders-of-battle",
  "reference",
};

/* <reference> (sand-scenario-io-reference.c): one empty element. */
static gboolean
load_reference (Loader  *l,
                GError **error)
{
  Attrs a = { { "href", "x", "y", "scale", "rotation", "opacity", "export", NULL } };
  g_autofree char *problem = NULL;
  SandReference *ref;

  if (!read_attrs (l, &a, error))
    return FALSE;
  if (!is_empty (l))
    return fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE, "<reference> holds nothing");
  ref = sand_reference_from_attrs (a.values, &problem);
  if (ref == NULL)
    return fail (l, error, SAND_SCENARIO_ERROR_NUMBER, "%s", problem);
  sand_scenario_set_reference (l->scenario, ref);
  return TRUE;
}

static gboolean
load_root (Loader  *l,
           GError **error)
{
  Attrs a = { { "version", "ruleset", NULL } };
  GError *local = NULL;
  xmlNode *root;
  int last = -1, rc;
  int version = 0;
  int root_line;

  /* The prolog has been checked by sand-xml-safe; find the root. */
  for (;;)
    {
      if (!sand_xml_reader_next (l->xr, &local))
        {
          if (local != NULL)
            {
              g_propagate_error (error, local);
              return FALSE;
            }
          sand_xml_set_error (error, SAND_XML_ERROR, SAND_XML_ERROR_EMPTY, l->filename, 0,
                              "the file has no element");
          return FALSE;
        }
      if (xmlTextReaderNodeType (l->r) == XML_READER_TYPE_ELEMENT)
        break;
    }
  root = sand_xml_reader_get_node (l->xr);
  root_line = cur_line (l);
  if (strcmp ((const char *) root->name, "scenario") != 0 || !is_ours (root))
    {
      if (strcmp ((const char *) root->name, "ruleset") == 0 && is_ours (root))
        return fail (l, error, SAND_SCENARIO_ERROR_WRONG_ROOT,
                     "this is a ruleset, not a scenario (the root element is <ruleset>)");
      if (strcmp ((const char *) root->name, "scenario") == 0)
        return fail (l, error, SAND_SCENARIO_ERROR_WRONG_ROOT,
                     "<scenario> is not in the Sandtable namespace; it needs "
                     "xmlns=\"%s\"", SAND_SCENARIO_NS);
      return fail (l, error, SAND_SCENARIO_ERROR_WRONG_ROOT,
                   "this is not a Sandtable scenario: the root element is <%s>, not <scenario>",
                   (const char *) root->name);
    }
  if (!read_attrs (l, &a, error))
    return FALSE;
  if (a.values[0] == NULL)
    return fail (l, error, SAND_SCENARIO_ERROR_VERSION,
                 "<scenario> has no version attribute (this Sandtable writes version=\"%d\")",
                 SAND_FORMAT_VERSION);
  if (!g_ascii_string_to_signed (a.values[0], 10, 1, G_MAXINT, NULL, NULL)
      || (version = atoi (a.values[0])) != SAND_FORMAT_VERSION)
    {
      if (version > SAND_FORMAT_VERSION)
        return fail (l, error, SAND_SCENARIO_ERROR_VERSION,
                     "the file is in format version %s, which is newer than this Sandtable "
                     "(it reads version %d); update Sandtable to open it", a.values[0],
                     SAND_FORMAT_VERSION);
      return fail (l, error, SAND_SCENARIO_ERROR_VERSION,
                   "unknown format version “%s” (this Sandtable reads version %d)",
                   a.values[0], SAND_FORMAT_VERSION);
    }
  if (a.values[1] == NULL)
    return fail (l, error, SAND_SCENARIO_ERROR_RULESET,
                 "<scenario> does not say which ruleset it uses (ruleset=\"fpw1870\"…)");
  {
    g_autoptr(GError) rs_error = NULL;
    l->ruleset = sand_ruleset_lookup (a.values[1], &rs_error);
    if (l->ruleset == NULL)
      {
        g_autofree char *known = g_strjoinv (", ", (char **) sand_ruleset_list_shipped ());
        return fail (l, error, SAND_SCENARIO_ERROR_RULESET,
                     "unknown ruleset “%s” (Sandtable has: %s)", a.values[1], known);
      }
  }
  line_table_set (l->lines, SAND_LINE_SCENARIO, NULL, root_line);
  if (is_empty (l))
    return fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE, "the scenario has no <map>");

  while ((rc = next_child (l, 0, error)) > 0)
    {
      const char *name = elem_name (l);
      int section = -1;
      gboolean ok;

      for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
        if (strcmp (sections[i], name) == 0)
          section = i;
      if (section < 0)
        return fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                     "<%s> is not allowed inside <scenario>", name);
      if (section == last)
        return fail (l, error, SAND_SCENARIO_ERROR_DUPLICATE,
                     "<%s> appears twice", name);
      if (section < last)
        return fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                     "<%s> must come before <%s>", name, sections[last]);
      if (section > 5 && l->scenario == NULL)
        return fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                     "<%s> must come after <map>", name);
      last = section;
      switch (section)
        {
        case 0:
          ok = read_text (l, &l->title, error);
          break;
        case 1:
          ok = read_text (l, &l->description, error);
          break;
        case 2:
          ok = read_text (l, &l->notes, error);
          break;
        case 3:
          ok = load_game (l, error);
          break;
        case 4:
          ok = load_victory (l, error);
          break;
        case 5:
          ok = load_map (l, error);
          break;
        case 6:
          ok = load_list (l, "counters", "counter", load_counter, error);
          break;
        case 7:
          ok = load_list (l, "orders-of-battle", "oob", load_oob, error);
          break;
        default:
          ok = load_reference (l, error);
          break;
        }
      if (!ok)
        return FALSE;
    }
  if (rc < 0)
    return FALSE;
  if (l->scenario == NULL)
    return fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE, "the scenario has no <map>");

  /* Whatever follows the root must still be well-formed. */
  while (sand_xml_reader_next (l->xr, &local))
    ;
  if (local != NULL)
    {
      g_propagate_error (error, local);
      return FALSE;
    }
  return TRUE;
}

static void
finish (Loader *l)
{
  guint n;

  for (guint i = 0; i < l->levels->len; i++)
    sand_scenario_add_victory_level (l->scenario, g_ptr_array_index (l->levels, i));
  g_ptr_array_set_free_func (l->levels, NULL);
  /* The scenario keeps levels sorted; find each one's line by identity. */
  n = sand_scenario_n_victory_levels (l->scenario);
  for (guint i = 0; i < n; i++)
    {
      const SandVictoryLevel *level = sand_scenario_get_victory_level (l->scenario, i);
      for (guint j = 0; j < l->levels->len; j++)
        if (g_ptr_array_index (l->levels, j) == level)
          line_table_set_n (l->lines, SAND_LINE_LEVEL, (int) i,
                            g_array_index (l->level_lines, int, j));
    }
  if (l->game_line > 0)
    line_table_set (l->lines, SAND_LINE_GAME, NULL, l->game_line);
  if (l->victory_line > 0)
    line_table_set (l->lines, SAND_LINE_VICTORY, NULL, l->victory_line);
  sand_map_thaw_changes (l->map);
  g_object_set_data_full (G_OBJECT (l->scenario), LINES_KEY, g_steal_pointer (&l->lines),
                          line_table_free);
}

SandScenario *
sand_scenario_load_data (const char  *data,
                         gsize        length,
                         const char  *filename,
                         GError     **error)
{
  Loader l = { 0 };
  SandScenario *result = NULL;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  l.filename = filename != NULL ? filename : "<data>";
  l.xr = sand_xml_reader_new (data, length, l.filename, error);
  if (l.xr == NULL)
    return NULL;
  l.r = sand_xml_reader_get_reader (l.xr);
  l.scratch = g_ptr_array_new_with_free_func (xmlFree);
  l.lines = line_table_new ();
  l.options = g_ptr_array_new_with_free_func (g_free);
  l.levels = g_ptr_array_new_with_free_func (free_level);
  l.level_lines = g_array_new (FALSE, FALSE, sizeof (int));
  l.first_side = -1;
  l.turns = 1;

  if (load_root (&l, error))
    {
      finish (&l);
      result = g_steal_pointer (&l.scenario);
    }
  else if (l.map != NULL)
    sand_map_thaw_changes (l.map);
  loader_clear (&l);
  return result;
}

SandScenario *
sand_scenario_load_file (const char  *path,
                         GError     **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  data = sand_xml_read_file (path, &length, error);
  if (data == NULL)
    return NULL;
  return sand_scenario_load_data (data, length, path, error);
}

/* ------------------------------------------------------------------ */
/* Saving                                                              */

static void
append_int (GString *s,
            int      v)
{
  char buf[16];
  char *p = buf + sizeof buf;
  unsigned int u = v < 0 ? 0u - (unsigned int) v : (unsigned int) v;

  do
    {
      *--p = '0' + u % 10;
      u /= 10;
    }
  while (u != 0);
  if (v < 0)
    *--p = '-';
  g_string_append_len (s, p, buf + sizeof buf - p);
}

/* An attribute's value must escape the quote and the white space that
 * attribute normalisation would otherwise turn into spaces; text keeps
 * them. A carriage return is escaped in both, or it would load as \n. */
static const char *
entity_for (char     c,
            gboolean attribute)
{
  switch (c)
    {
    case '&':
      return "&amp;";
    case '<':
      return "&lt;";
    case '>':
      return "&gt;";
    case '\r':
      return "&#13;";
    case '"':
      return attribute ? "&quot;" : NULL;
    case '\n':
      return attribute ? "&#10;" : NULL;
    case '\t':
      return attribute ? "&#9;" : NULL;
    default:
      return NULL;
    }
}

/* XML 1.0 cannot hold most C0 controls at all, so they are dropped
 * rather than written into a file that would not load again. */
static void
append_escaped (GString    *s,
                const char *text,
                gboolean    attribute)
{
  for (const char *p = text; *p != '\0'; p++)
    {
      const char *entity = entity_for (*p, attribute);

      if (entity != NULL)
        g_string_append (s, entity);
      else if ((guchar) *p >= 0x20 || *p == '\n' || *p == '\t')
        g_string_append_c (s, *p);
    }
}

static void
attr_str (GString    *s,
          const char *name,
          const char *value)
{
  if (value == NULL)
    return;
  g_string_append_c (s, ' ');
  g_string_append (s, name);
  g_string_append (s, "=\"");
  append_escaped (s, value, TRUE);
  g_string_append_c (s, '"');
}

static void
attr_int (GString    *s,
          const char *name,
          int         value)
{
  g_string_append_c (s, ' ');
  g_string_append (s, name);
  g_string_append (s, "=\"");
  append_int (s, value);
  g_string_append_c (s, '"');
}

/* Every fact is one line, "<element attr…/>", so that a change shows in a
 * diff of two saves as the line of that fact alone. */
static void
begin_line (GString    *s,
            const char *indent,
            const char *element)
{
  g_string_append (s, indent);
  g_string_append_c (s, '<');
  g_string_append (s, element);
}

static void
end_line (GString *s)
{
  g_string_append (s, "/>\n");
}

/* A number that is the default is left out, as the loader assumes it. */
static void
attr_int_unless (GString    *s,
                 const char *name,
                 int         value,
                 int         omitted)
{
  if (value != omitted)
    attr_int (s, name, value);
}

static void
attr_hex (GString        *s,
          const char     *name,
          const SandGrid *grid,
          int             hex)
{
  if (hex < 0 || hex >= sand_grid_n_hexes (grid))
    return;
  /* Not sand_grid_format_id(): its SAND_HEX_ID_MAX buffer cuts the id of
   * hex 1000/1000 ("10001000") to seven digits. */
  g_string_append_c (s, ' ');
  g_string_append (s, name);
  g_string_append_printf (s, "=\"%0*d%0*d\"", grid->id_digits, sand_grid_col (grid, hex) + 1,
                          grid->id_digits, sand_grid_row (grid, hex) + 1);
}

static void
attr_side (GString     *s,
           const char  *name,
           SandRuleset *rs,
           int          side)
{
  if (side >= 0 && (guint) side < sand_ruleset_n_sides (rs))
    attr_str (s, name, sand_ruleset_get_side (rs, side)->id);
}

static void
text_element (GString    *s,
              const char *indent,
              const char *name,
              const char *text)
{
  if (text == NULL || *text == '\0')
    return;
  g_string_append_printf (s, "%s<%s>", indent, name);
  append_escaped (s, text, FALSE);
  g_string_append_printf (s, "</%s>\n", name);
}

static int
most_common (const guint *counts,
             int          n,
             int          fallback)
{
  int best = fallback;
  guint best_count = 0;

  for (int i = 0; i < n; i++)
    if (counts[i] > best_count)
      {
        best = i;
        best_count = counts[i];
      }
  return best;
}

/* The default terrain and country of the <map> line: the ones the file
 * was loaded with, so that painting does not flip them and rewrite every
 * line; for a map made from scratch, the most common ones. */
static void
map_defaults (SandMap *map,
              int     *terrain,
              int     *country)
{
  SandRuleset *rs = sand_map_get_ruleset (map);
  const SandGrid *grid = sand_map_get_grid (map);
  int n = sand_grid_n_hexes (grid);
  int t = sand_map_get_default_terrain (map);
  int c = sand_map_get_default_country (map);
  int n_terrains = (int) sand_ruleset_n_terrains (rs);
  int n_countries = (int) sand_ruleset_n_countries (rs);

  if (t < 0 || t >= MAX (n_terrains, 1))
    {
      g_autofree guint *counts = g_new0 (guint, 256);
      const guint8 *terrain_of = sand_map_peek_terrain (map);
      for (int h = 0; h < n; h++)
        counts[terrain_of[h]]++;
      t = most_common (counts, 256, 0);
      sand_map_set_default_terrain (map, t);
    }
  if (c < -1 || c >= n_countries)
    {
      /* Index 0 counts "no country". */
      g_autofree guint *counts = g_new0 (guint, n_countries + 1);
      const gint8 *country_of = sand_map_peek_countries (map);
      for (int h = 0; h < n; h++)
        if (country_of[h] >= -1 && country_of[h] < n_countries)
          counts[country_of[h] + 1]++;
      c = most_common (counts, n_countries + 1, 0) - 1;
      sand_map_set_default_country (map, c);
    }
  *terrain = t;
  *country = c;
}

static const char *
country_name (SandRuleset *rs,
              int          country)
{
  if (country < 0 || (guint) country >= sand_ruleset_n_countries (rs))
    return "none";
  return sand_ruleset_get_country (rs, country)->id;
}

static void
write_marker (GString          *s,
              const SandGrid   *grid,
              SandRuleset      *rs,
              const SandMarker *m)
{
  const MarkerFormat *f = marker_format_for_kind (m->kind);
  g_autoptr(SandMarker) tmpl = NULL;

  if (f == NULL)
    return;
  tmpl = sand_marker_new (m->kind, m->hex);
  begin_line (s, "    ", f->element);
  if (m->kind == SAND_MARKER_CUSTOM)
    attr_str (s, f->name, m->name != NULL ? m->name : "custom");
  attr_hex (s, "hex", grid, m->hex);
  if (f->hex2 != NULL && m->hex2 != tmpl->hex2)
    attr_hex (s, f->hex2, grid, m->hex2);
  if (f->side != NULL && m->side != tmpl->side)
    attr_side (s, f->side, rs, m->side);
  if (f->strength != NULL && m->strength != tmpl->strength)
    attr_int (s, f->strength, m->strength);
  /* A fort's or supply source's capacity is always written, so that
   * "unlimited" is visible to whoever reads the file. */
  if (f->capacity != NULL && (m->capacity != tmpl->capacity || m->kind != SAND_MARKER_CUSTOM))
    {
      if (m->capacity < 0)
        attr_str (s, f->capacity, "unlimited");
      else
        attr_int (s, f->capacity, m->capacity);
    }
  if (f->value != NULL && m->value != tmpl->value)
    attr_int (s, f->value, m->value);
  if (f->name != NULL && m->kind != SAND_MARKER_CUSTOM && m->name != NULL)
    attr_str (s, f->name, m->name);
  if (f->group != NULL && m->group != NULL)
    attr_str (s, f->group, m->group);
  end_line (s);
}

static void
write_map (GString      *s,
           SandScenario *self)
{
  SandMap *map = sand_scenario_get_map (self);
  SandRuleset *rs = sand_map_get_ruleset (map);
  const SandGrid *grid = sand_map_get_grid (map);
  int n = sand_grid_n_hexes (grid);
  const guint8 *terrain = sand_map_peek_terrain (map);
  const gint8 *country = sand_map_peek_countries (map);
  const guint32 *sides = sand_map_peek_sides (map);
  guint n_features = sand_ruleset_n_side_features (rs);
  int def_terrain, def_country;
  char size[G_ASCII_DTOSTR_BUF_SIZE];

  map_defaults (map, &def_terrain, &def_country);
  begin_line (s, "  ", "map");
  attr_int (s, "cols", grid->cols);
  attr_int (s, "rows", grid->rows);
  attr_str (s, "orientation", grid->orientation == SAND_ORIENTATION_POINTY ? "pointy" : "flat");
  attr_str (s, "stagger", grid->stagger == SAND_STAGGER_ODD ? "odd" : "even");
  g_ascii_formatd (size, sizeof size, "%.6g", sand_map_get_hex_size (map));
  attr_str (s, "hex-size", size);
  if ((guint) def_terrain < sand_ruleset_n_terrains (rs))
    attr_str (s, "default-terrain", sand_ruleset_get_terrain (rs, def_terrain)->id);
  if (def_country >= 0)
    attr_str (s, "default-country", country_name (rs, def_country));
  g_string_append (s, ">\n");

  for (int h = 0; h < n; h++)
    {
      gboolean t = terrain[h] != def_terrain && terrain[h] < sand_ruleset_n_terrains (rs);
      gboolean c = country[h] != def_country;

      if (!t && !c)
        continue;
      begin_line (s, "    ", "hex");
      attr_hex (s, "id", grid, h);
      if (t)
        attr_str (s, "terrain", sand_ruleset_get_terrain (rs, terrain[h])->id);
      if (c)
        attr_str (s, "country", country_name (rs, country[h]));
      end_line (s);
    }

  for (int slot = 0; slot < sand_grid_n_side_slots (grid); slot++)
    {
      int hex, dir;
      gboolean first = TRUE;

      if (sides[slot] == 0)
        continue;
      sand_grid_side_canonical (grid, slot, &hex, &dir);
      begin_line (s, "    ", "side");
      attr_hex (s, "hex", grid, hex);
      attr_str (s, "dir", sand_grid_direction_name (grid, dir));
      g_string_append (s, " features=\"");
      for (guint f = 0; f < n_features && f < SAND_MAX_SIDE_FEATURES; f++)
        if (sides[slot] & (1u << f))
          {
            if (!first)
              g_string_append_c (s, ' ');
            append_escaped (s, sand_ruleset_get_side_feature (rs, f)->id, TRUE);
            first = FALSE;
          }
      g_string_append (s, "\"/>\n");
    }

  for (int h = 0; h < n; h++)
    {
      const char *place = sand_map_get_place (map, h);

      if (place == NULL || *place == '\0')
        continue;
      begin_line (s, "    ", "place");
      attr_hex (s, "hex", grid, h);
      attr_str (s, "name", place);
      end_line (s);
    }

  for (guint i = 0; i < sand_map_n_zones (map); i++)
    {
      const SandZoneDef *z = sand_map_get_zone (map, i);

      begin_line (s, "    ", "zone");
      attr_str (s, "id", z->id);
      attr_str (s, "name", z->name);
      attr_side (s, "side", rs, z->side);
      attr_str (s, "color", z->color);
      end_line (s);
    }

  for (guint i = 0; i < sand_map_n_markers (map); i++)
    write_marker (s, grid, rs, sand_map_get_marker (map, i));

  g_string_append (s, "  </map>\n");
}

static void
write_counters (GString      *s,
                SandScenario *self)
{
  SandRuleset *rs = sand_scenario_get_ruleset (self);
  guint n = sand_scenario_n_counters (self);
  g_autoptr(SandCounter) tmpl = sand_counter_new ();

  if (n == 0)
    return;
  g_string_append (s, "  <counters>\n");
  for (guint i = 0; i < n; i++)
    {
      const SandCounter *c = sand_scenario_get_counter (self, i);

      begin_line (s, "    ", "counter");
      attr_str (s, "id", c->id);
      attr_side (s, "side", rs, c->side);
      if (c->type >= 0 && (guint) c->type < sand_ruleset_n_unit_types (rs))
        attr_str (s, "type", sand_ruleset_get_unit_type (rs, c->type)->id);
      attr_str (s, "name", c->name);
      attr_int_unless (s, "strength", c->strength, tmpl->strength);
      attr_int_unless (s, "reduced", c->reduced, tmpl->reduced);
      attr_int_unless (s, "steps", c->steps, tmpl->steps);
      attr_int_unless (s, "ma", c->ma, tmpl->ma);
      attr_int_unless (s, "quality", c->quality, tmpl->quality);
      attr_str (s, "parent", c->parent);
      attr_str (s, "band", c->band);
      attr_str (s, "note", c->note);
      end_line (s);
    }
  g_string_append (s, "  </counters>\n");
}

static void
write_oobs (GString      *s,
            SandScenario *self)
{
  SandRuleset *rs = sand_scenario_get_ruleset (self);
  const SandGrid *grid = sand_map_get_grid (sand_scenario_get_map (self));
  guint n = sand_scenario_n_oobs (self);

  if (n == 0)
    return;
  g_string_append (s, "  <orders-of-battle>\n");
  for (guint i = 0; i < n; i++)
    {
      SandOob *oob = sand_scenario_get_oob (self, i);
      gboolean empty = (oob->description == NULL || *oob->description == '\0')
                       && oob->placements->len == 0 && oob->zone_limits->len == 0
                       && oob->reinforcements->len == 0;

      begin_line (s, "    ", "oob");
      attr_str (s, "id", oob->id);
      attr_side (s, "side", rs, oob->side);
      attr_str (s, "name", oob->name);
      attr_int_unless (s, "die", oob->die_number, 0);
      if (empty)
        {
          end_line (s);
          continue;
        }
      g_string_append (s, ">\n");
      text_element (s, "      ", "description", oob->description);
      for (guint j = 0; j < oob->placements->len; j++)
        {
          const SandPlacement *p = g_ptr_array_index (oob->placements, j);

          begin_line (s, "      ", "placement");
          attr_str (s, "counter", p->counter);
          attr_hex (s, "hex", grid, p->hex);
          attr_str (s, "zone", p->zone);
          end_line (s);
        }
      for (guint j = 0; j < oob->zone_limits->len; j++)
        {
          const SandZoneLimit *z = g_ptr_array_index (oob->zone_limits, j);

          begin_line (s, "      ", "zone-limit");
          attr_str (s, "zone", z->zone);
          attr_int_unless (s, "max-per-hex", z->max_per_hex, 0);
          attr_int_unless (s, "min", z->min_units, 0);
          attr_int_unless (s, "max", z->max_units, 0);
          end_line (s);
        }
      for (guint j = 0; j < oob->reinforcements->len; j++)
        {
          const SandReinforcement *r = g_ptr_array_index (oob->reinforcements, j);

          begin_line (s, "      ", "reinforcement");
          attr_int (s, "turn", r->turn);
          attr_str (s, "counter", r->counter);
          /* The file holds a counter or points, never both. */
          if (r->counter == NULL)
            attr_int (s, "points", r->points);
          attr_hex (s, "hex", grid, r->hex);
          attr_str (s, "entry", r->entry);
          if (r->entrained)
            attr_str (s, "entrained", "true");
          attr_str (s, "code", r->code);
          attr_str (s, "note", r->note);
          end_line (s);
        }
      g_string_append (s, "    </oob>\n");
    }
  g_string_append (s, "  </orders-of-battle>\n");
}

char *
sand_scenario_to_data (SandScenario *self,
                       gsize        *length)
{
  SandRuleset *rs;
  GString *s;
  g_auto(GStrv) options = NULL;
  guint n_levels;
  const char *victory_text;

  g_return_val_if_fail (SAND_IS_SCENARIO (self), NULL);

  rs = sand_scenario_get_ruleset (self);
  s = g_string_sized_new (64 * 1024);
  g_string_append (s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<scenario");
  attr_str (s, "xmlns", SAND_SCENARIO_NS);
  attr_int (s, "version", SAND_FORMAT_VERSION);
  attr_str (s, "ruleset", sand_ruleset_get_id (rs));
  g_string_append (s, ">\n");

  text_element (s, "  ", "title", sand_scenario_get_title (self));
  text_element (s, "  ", "description", sand_scenario_get_description (self));
  text_element (s, "  ", "notes", sand_scenario_get_notes (self));

  options = sand_scenario_list_options (self);
  begin_line (s, "  ", "game");
  if (sand_scenario_get_turns (self) > 0)
    attr_int (s, "turns", sand_scenario_get_turns (self));
  attr_side (s, "first-side", rs, sand_scenario_get_first_side (self));
  if (options == NULL || options[0] == NULL)
    end_line (s);
  else
    {
      g_string_append (s, ">\n");
      for (guint i = 0; options[i] != NULL; i++)
        {
          begin_line (s, "    ", "option");
          attr_str (s, "name", options[i]);
          end_line (s);
        }
      g_string_append (s, "  </game>\n");
    }

  n_levels = sand_scenario_n_victory_levels (self);
  victory_text = sand_scenario_get_victory_text (self);
  if (n_levels > 0 || (victory_text != NULL && *victory_text != '\0'))
    {
      g_string_append (s, "  <victory>\n");
      text_element (s, "    ", "text", victory_text);
      for (guint i = 0; i < n_levels; i++)
        {
          const SandVictoryLevel *l = sand_scenario_get_victory_level (self, i);

          begin_line (s, "    ", "level");
          attr_int_unless (s, "min", l->min, G_MININT);
          attr_int_unless (s, "max", l->max, G_MAXINT);
          attr_side (s, "winner", rs, l->winner);
          attr_str (s, "label", l->label);
          end_line (s);
        }
      g_string_append (s, "  </victory>\n");
    }

  write_map (s, self);
  write_counters (s, self);
  write_oobs (s, self);
  sand_reference_write_xml (s, self);
  g_string_append (s, "</scenario>\n");

  if (length != NULL)
    *length = s->len;
  return g_string_free (s, FALSE);
}

gboolean
sand_scenario_write_stream (SandScenario  *self,
                            GOutputStream *stream,
                            GCancellable  *cancellable,
                            GError       **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (SAND_IS_SCENARIO (self), FALSE);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (stream), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  data = sand_scenario_to_data (self, &length);
  return g_output_stream_write_all (stream, data, length, NULL, cancellable, error)
         && g_output_stream_flush (stream, cancellable, error);
}

static gboolean
save_error (GError    **error,
            const char *path,
            int         saved_errno,
            const char *what)
{
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
               "%s: could not save (%s: %s); the file on disk is unchanged", path, what,
               g_strerror (saved_errno));
  return FALSE;
}

static gboolean
write_all (int         fd,
           const char *data,
           gsize       length)
{
  while (length > 0)
    {
      gssize n = write (fd, data, length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          if (n == 0)
            errno = ENOSPC;
          return FALSE;
        }
      data += n;
      length -= n;
    }
  return TRUE;
}

/* The same steps as g_file_replace (temporary file in the same folder,
 * fsync, "~" backup, rename over), without its fallback that truncates
 * and rewrites the file in place when the temporary file cannot be made:
 * here that is an error and the old file stays as it was. */
gboolean
sand_scenario_save_file (SandScenario *self,
                         const char   *path,
                         gboolean      make_backup,
                         GError      **error)
{
  g_autofree char *data = NULL;
  g_autofree char *target = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *tmp = NULL;
  gsize length = 0;
  GStatBuf st;
  gboolean exists;
  int fd, saved;

  g_return_val_if_fail (SAND_IS_SCENARIO (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Replace what a symbolic link points to, not the link. */
  target = realpath (path, NULL);
  if (target == NULL)
    target = g_strdup (path);
  exists = g_stat (target, &st) == 0;
  if (exists && S_ISDIR (st.st_mode))
    return save_error (error, path, EISDIR, "it is a folder");

  data = sand_scenario_to_data (self, &length);
  dir = g_path_get_dirname (target);
  base = g_path_get_basename (target);
  tmp = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
  fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, 0666);
  if (fd < 0)
    return save_error (error, path, errno, "cannot create a file in its folder");
  /* A new file gets 0666 less the umask from open(); reading the umask
   * with umask() would race with other threads (drafts save off the main
   * thread). An existing file keeps its mode. */
  if (exists)
    fchmod (fd, st.st_mode & 07777);
  if (!write_all (fd, data, length) || fsync (fd) != 0)
    {
      saved = errno;
      close (fd);
      g_unlink (tmp);
      return save_error (error, path, saved, "writing failed");
    }
  if (close (fd) != 0)
    {
      saved = errno;
      g_unlink (tmp);
      return save_error (error, path, saved, "writing failed");
    }
  if (make_backup && exists)
    {
      g_autofree char *backup = g_strconcat (target, "~", NULL);

      /* A hard link keeps the old file in place until the rename. */
      if ((g_unlink (backup) != 0 && errno != ENOENT) || link (target, backup) != 0)
        {
          g_autofree char *old = NULL;
          gsize old_len = 0;
          g_autoptr(GError) local = NULL;

          if (!g_file_get_contents (target, &old, &old_len, NULL)
              || !g_file_set_contents (backup, old, old_len, &local))
            {
              saved = errno;
              g_unlink (tmp);
              return save_error (error, path, saved != 0 ? saved : EIO,
                                 "cannot write the backup file");
            }
        }
    }
  if (g_rename (tmp, target) != 0)
    {
      saved = errno;
      g_unlink (tmp);
      return save_error (error, path, saved, "cannot replace the file");
    }
  return TRUE;
}
