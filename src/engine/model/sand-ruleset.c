/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ruleset.c: loads a game's vocabulary and tables from XML.
 *
 * Rulesets come from the engine's GResource or from a file a designer
 * points at, so the parser treats them as untrusted: no network, no entity
 * substitution, no DTD, any DOCTYPE refused, a size cap. Every error names
 * the file and line.
 */
#include "sand-ruleset.h"

#include <string.h>

#include <libxml/SAX2.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "sand-engine-resources.h"

#define RULESET_NS "https://sandtable.github.io/ns/1"
#define RULESET_VERSION "1"
#define RESOURCE_DIR "/io/github/sandtable/Sandtable/engine/rulesets/"
#define MAX_RULESET_BYTES (16 * 1024 * 1024)
#define MAX_TERRAINS 256  /* stored as guint8 per hex */
#define MAX_COUNTRIES 127 /* stored as gint8 per hex */

struct _SandRuleset
{
  GObject parent_instance;

  char *id;
  char *name;
  char *description;

  GPtrArray *sides;         /* SandSideDef* */
  GPtrArray *countries;     /* SandCountryDef* */
  GPtrArray *terrains;      /* SandTerrainDef* */
  GPtrArray *side_features; /* SandSideFeatureDef* */
  GPtrArray *unit_types;    /* SandUnitTypeDef* */
  GPtrArray *phases;        /* SandPhaseDef* */
  GPtrArray *options;       /* SandOptionDef* */
  GPtrArray *params;        /* SandParam*, file order */
  GHashTable *param_index;  /* name → SandParam* */
  GPtrArray *tables;        /* SandTable* */
  GHashTable *table_index;  /* id → SandTable* */
};

G_DEFINE_FINAL_TYPE (SandRuleset, sand_ruleset, G_TYPE_OBJECT)

G_DEFINE_QUARK (sand-ruleset-error-quark, sand_ruleset_error)

static const char *const shipped_ids[] = { "fpw1870", "lfaf1914", NULL };

/* Freeing. */

static void
side_def_free (gpointer data)
{
  SandSideDef *d = data;

  g_free (d->id);
  g_free (d->name);
  g_free (d->color);
  g_free (d);
}

static void
country_def_free (gpointer data)
{
  SandCountryDef *d = data;

  g_free (d->id);
  g_free (d->name);
  g_free (d->color);
  g_free (d);
}

static void
terrain_def_free (gpointer data)
{
  SandTerrainDef *d = data;

  g_free (d->id);
  g_free (d->name);
  g_free (d->color);
  g_clear_pointer (&d->params, g_hash_table_unref);
  g_free (d);
}

static void
side_feature_def_free (gpointer data)
{
  SandSideFeatureDef *d = data;

  g_free (d->id);
  g_free (d->name);
  g_free (d->color);
  g_clear_pointer (&d->params, g_hash_table_unref);
  g_free (d);
}

static void
unit_type_def_free (gpointer data)
{
  SandUnitTypeDef *d = data;

  g_free (d->id);
  g_free (d->name);
  g_free (d->symbol);
  g_clear_pointer (&d->params, g_hash_table_unref);
  g_free (d);
}

static void
phase_def_free (gpointer data)
{
  SandPhaseDef *d = data;

  g_free (d->id);
  g_free (d->name);
  g_free (d);
}

static void
option_def_free (gpointer data)
{
  SandOptionDef *d = data;

  g_free (d->id);
  g_free (d->name);
  g_free (d->description);
  g_strfreev (d->requires);
  g_free (d);
}

static void
param_free (gpointer data)
{
  SandParam *p = data;

  g_free (p->name);
  g_free (p->value);
  g_free (p->note);
  g_free (p);
}

static void
table_row_free (gpointer data)
{
  SandTableRow *r = data;

  g_free (r->key);
  g_strfreev (r->cells);
  g_free (r);
}

void
sand_table_free (SandTable *table)
{
  if (table == NULL)
    return;
  g_free (table->id);
  g_free (table->name);
  g_free (table->note);
  g_clear_pointer (&table->columns, g_ptr_array_unref);
  g_clear_pointer (&table->rows, g_ptr_array_unref);
  g_free (table);
}

static void
table_free (gpointer data)
{
  sand_table_free (data);
}

static void
sand_ruleset_finalize (GObject *object)
{
  SandRuleset *self = SAND_RULESET (object);

  g_free (self->id);
  g_free (self->name);
  g_free (self->description);
  g_clear_pointer (&self->sides, g_ptr_array_unref);
  g_clear_pointer (&self->countries, g_ptr_array_unref);
  g_clear_pointer (&self->terrains, g_ptr_array_unref);
  g_clear_pointer (&self->side_features, g_ptr_array_unref);
  g_clear_pointer (&self->unit_types, g_ptr_array_unref);
  g_clear_pointer (&self->phases, g_ptr_array_unref);
  g_clear_pointer (&self->options, g_ptr_array_unref);
  g_clear_pointer (&self->param_index, g_hash_table_unref);
  g_clear_pointer (&self->params, g_ptr_array_unref);
  g_clear_pointer (&self->table_index, g_hash_table_unref);
  g_clear_pointer (&self->tables, g_ptr_array_unref);

  G_OBJECT_CLASS (sand_ruleset_parent_class)->finalize (object);
}

static void
sand_ruleset_class_init (SandRulesetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = sand_ruleset_finalize;
}

static void
sand_ruleset_init (SandRuleset *self)
{
  self->sides = g_ptr_array_new_with_free_func (side_def_free);
  self->countries = g_ptr_array_new_with_free_func (country_def_free);
  self->terrains = g_ptr_array_new_with_free_func (terrain_def_free);
  self->side_features = g_ptr_array_new_with_free_func (side_feature_def_free);
  self->unit_types = g_ptr_array_new_with_free_func (unit_type_def_free);
  self->phases = g_ptr_array_new_with_free_func (phase_def_free);
  self->options = g_ptr_array_new_with_free_func (option_def_free);
  self->params = g_ptr_array_new_with_free_func (param_free);
  self->param_index = g_hash_table_new (g_str_hash, g_str_equal);
  self->tables = g_ptr_array_new_with_free_func (table_free);
  self->table_index = g_hash_table_new (g_str_hash, g_str_equal);
}

/* Parsing. */

/* The requires= attribute names features that may come later in the file,
 * so it is kept here and resolved once all are read. */
typedef struct {
  xmlNode *node;
  guint feature;
} PendingRequires;

typedef struct {
  const char *filename;
  SandRuleset *ruleset;
  GArray *pending_requires; /* PendingRequires */
  GPtrArray *option_nodes;  /* xmlNode* of each option, for its requires= */
} Loader;

static gboolean G_GNUC_PRINTF (4, 5)
fail (Loader      *loader,
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

static gboolean
is_element (xmlNode    *node,
            const char *name)
{
  return node->type == XML_ELEMENT_NODE && strcmp ((const char *) node->name, name) == 0;
}

/* Checks that a child node is an element of our namespace (skipping
 * comments and whitespace); FALSE with an error otherwise, and *skip set for
 * nodes to ignore. */
static gboolean
check_child (Loader   *loader,
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
            return fail (loader, node, error, "unexpected text");
        return TRUE;
      }
    case XML_ELEMENT_NODE:
      if (node->ns == NULL || strcmp ((const char *) node->ns->href, RULESET_NS) != 0)
        return fail (loader, node, error, "element <%s> is not in the namespace %s",
                     node->name, RULESET_NS);
      *skip = FALSE;
      return TRUE;
    case XML_ENTITY_REF_NODE:
      return fail (loader, node, error, "entity references are not allowed");
    default:
      return fail (loader, node, error, "unexpected node");
    }
}

/* Returns a newly allocated attribute value, or NULL. */
static char *
get_attr (xmlNode    *node,
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
static char *
get_attr_or_id (xmlNode    *node,
                const char *name,
                const char *id)
{
  char *value = get_attr (node, name);

  return value != NULL ? value : g_strdup (id);
}

/* Refuses attributes that the element does not know, so that typos show. */
static gboolean
check_attrs (Loader             *loader,
             xmlNode            *node,
             const char * const *allowed,
             GError            **error)
{
  for (xmlAttr *a = node->properties; a != NULL; a = a->next)
    {
      if (a->ns != NULL || !g_strv_contains (allowed, (const char *) a->name))
        return fail (loader, node, error, "unknown attribute “%s” on <%s>", a->name, node->name);
    }
  return TRUE;
}

static gboolean
require_attr (Loader      *loader,
              xmlNode     *node,
              const char  *name,
              char       **out,
              GError     **error)
{
  *out = get_attr (node, name);
  if (*out == NULL || **out == '\0')
    return fail (loader, node, error, "<%s> needs a “%s” attribute", node->name, name);
  return TRUE;
}

static gboolean
valid_id (const char *id)
{
  if (id == NULL || !g_ascii_isalnum (*id))
    return FALSE;
  for (const char *p = id; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '-' && *p != '_' && *p != '.')
      return FALSE;
  return TRUE;
}

static gboolean
read_id (Loader   *loader,
         xmlNode  *node,
         char    **out,
         GError  **error)
{
  if (!require_attr (loader, node, "id", out, error))
    return FALSE;
  if (!valid_id (*out))
    return fail (loader, node, error,
                 "“%s” is not a valid id (letters, digits, “-”, “_” and “.”)", *out);
  return TRUE;
}

static gboolean
read_color (Loader   *loader,
            xmlNode  *node,
            char    **out,
            GError  **error)
{
  g_autofree char *value = get_attr (node, "color");

  *out = NULL;
  if (value == NULL)
    return TRUE;
  if (strlen (value) != 7 || value[0] != '#')
    return fail (loader, node, error, "colour “%s” is not of the form #rrggbb", value);
  for (int i = 1; i < 7; i++)
    if (!g_ascii_isxdigit (value[i]))
      return fail (loader, node, error, "colour “%s” is not of the form #rrggbb", value);
  *out = g_ascii_strdown (value, -1);
  return TRUE;
}

static gboolean
read_bool (Loader     *loader,
           xmlNode    *node,
           const char *name,
           gboolean    fallback,
           gboolean   *out,
           GError    **error)
{
  g_autofree char *value = get_attr (node, name);

  *out = fallback;
  if (value == NULL)
    return TRUE;
  if (strcmp (value, "true") == 0 || strcmp (value, "1") == 0)
    *out = TRUE;
  else if (strcmp (value, "false") == 0 || strcmp (value, "0") == 0)
    *out = FALSE;
  else
    return fail (loader, node, error, "“%s” must be true or false, not “%s”", name, value);
  return TRUE;
}

static gboolean
read_move_cost (Loader  *loader,
                xmlNode *node,
                int      fallback,
                int     *out,
                GError **error)
{
  g_autofree char *value = get_attr (node, "move-cost");
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
    return fail (loader, node, error,
                 "move-cost “%s” is neither a number from 0 to %d nor “impassable”",
                 value, SAND_IMPASSABLE);
  *out = (int) n;
  return TRUE;
}

/* Reads the <param name= value=/> children of a def. */
static gboolean
read_def_params (Loader      *loader,
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

      if (!check_child (loader, child, &skip, error))
        return FALSE;
      if (skip)
        continue;
      if (!is_element (child, "param"))
        return fail (loader, child, error, "unexpected element <%s> in <%s>",
                     child->name, node->name);
      if (!check_attrs (loader, child, attrs, error)
          || !require_attr (loader, child, "name", &name, error))
        return FALSE;
      value = get_attr (child, "value");
      if (value == NULL)
        return fail (loader, child, error, "<param> “%s” needs a “value” attribute", name);
      if (g_hash_table_contains (params, name))
        {
          g_free (value);
          return fail (loader, child, error, "param “%s” is given twice", name);
        }
      g_hash_table_insert (params, g_steal_pointer (&name), value);
    }
  *out = g_steal_pointer (&params);
  return TRUE;
}

/* Finds the index of a def by id in one of the lists (all start with id). */
static int
find_in (GPtrArray  *list,
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
typedef gboolean (*ItemFunc) (Loader   *loader,
                              xmlNode  *node,
                              GError  **error);

static gboolean
read_section (Loader             *loader,
              xmlNode            *section,
              const char * const *names,
              ItemFunc            func,
              GError            **error)
{
  static const char * const no_attrs[] = { NULL };

  if (!check_attrs (loader, section, no_attrs, error))
    return FALSE;
  for (xmlNode *child = section->children; child != NULL; child = child->next)
    {
      gboolean skip;

      if (!check_child (loader, child, &skip, error))
        return FALSE;
      if (skip)
        continue;
      if (!g_strv_contains (names, (const char *) child->name))
        return fail (loader, child, error, "unexpected element <%s> in <%s>",
                     child->name, section->name);
      if (!func (loader, child, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
check_unique (Loader     *loader,
              xmlNode    *node,
              GPtrArray  *list,
              const char *what,
              const char *id,
              GError    **error)
{
  if (find_in (list, id) >= 0)
    return fail (loader, node, error, "%s “%s” is defined twice", what, id);
  return TRUE;
}

static gboolean
read_side (Loader   *loader,
           xmlNode  *node,
           GError  **error)
{
  static const char * const attrs[] = { "id", "name", "color", NULL };
  g_autofree char *id = NULL;
  SandSideDef *def;
  char *color;

  if (!check_attrs (loader, node, attrs, error)
      || !read_id (loader, node, &id, error)
      || !check_unique (loader, node, loader->ruleset->sides, "side", id, error)
      || !read_color (loader, node, &color, error))
    return FALSE;
  def = g_new0 (SandSideDef, 1);
  def->name = get_attr_or_id (node, "name", id);
  def->id = g_steal_pointer (&id);
  def->color = color;
  g_ptr_array_add (loader->ruleset->sides, def);
  return TRUE;
}

static gboolean
read_country (Loader   *loader,
              xmlNode  *node,
              GError  **error)
{
  static const char * const attrs[] = { "id", "name", "color", "side", "passable", "tinted", NULL };
  g_autofree char *id = NULL;
  g_autofree char *side = NULL;
  g_autofree char *color = NULL;
  gboolean passable, tinted;
  SandCountryDef *def;
  int side_index = -1;

  if (!check_attrs (loader, node, attrs, error)
      || !read_id (loader, node, &id, error)
      || !check_unique (loader, node, loader->ruleset->countries, "country", id, error)
      || !read_color (loader, node, &color, error)
      || !read_bool (loader, node, "passable", TRUE, &passable, error)
      || !read_bool (loader, node, "tinted", FALSE, &tinted, error))
    return FALSE;
  if (loader->ruleset->countries->len >= MAX_COUNTRIES)
    return fail (loader, node, error, "more than %d countries", MAX_COUNTRIES);
  side = get_attr (node, "side");
  if (side != NULL)
    {
      side_index = find_in (loader->ruleset->sides, side);
      if (side_index < 0)
        return fail (loader, node, error, "country “%s” names an unknown side “%s”", id, side);
    }
  def = g_new0 (SandCountryDef, 1);
  def->name = get_attr_or_id (node, "name", id);
  def->id = g_steal_pointer (&id);
  def->color = g_steal_pointer (&color);
  def->side = side_index;
  def->passable = passable;
  def->tinted = tinted;
  g_ptr_array_add (loader->ruleset->countries, def);
  return TRUE;
}

static gboolean
read_terrain (Loader   *loader,
              xmlNode  *node,
              GError  **error)
{
  static const char * const attrs[] = { "id", "name", "color", "move-cost", NULL };
  g_autofree char *id = NULL;
  g_autofree char *color = NULL;
  g_autoptr (GHashTable) params = NULL;
  SandTerrainDef *def;
  int cost;

  if (!check_attrs (loader, node, attrs, error)
      || !read_id (loader, node, &id, error)
      || !check_unique (loader, node, loader->ruleset->terrains, "terrain", id, error)
      || !read_color (loader, node, &color, error)
      || !read_move_cost (loader, node, 1, &cost, error)
      || !read_def_params (loader, node, &params, error))
    return FALSE;
  if (loader->ruleset->terrains->len >= MAX_TERRAINS)
    return fail (loader, node, error, "more than %d terrains", MAX_TERRAINS);
  def = g_new0 (SandTerrainDef, 1);
  def->name = get_attr_or_id (node, "name", id);
  def->id = g_steal_pointer (&id);
  def->color = g_steal_pointer (&color);
  def->move_cost = cost;
  def->params = g_steal_pointer (&params);
  g_ptr_array_add (loader->ruleset->terrains, def);
  return TRUE;
}

static gboolean
read_side_feature (Loader   *loader,
                   xmlNode  *node,
                   GError  **error)
{
  static const char * const attrs[] = { "id", "name", "color", "kind", "move-cost",
                                        "requires", NULL };
  g_autofree char *id = NULL;
  g_autofree char *color = NULL;
  g_autofree char *kind = NULL;
  g_autoptr (GHashTable) params = NULL;
  SandSideFeatureDef *def;
  SandSideKind k = SAND_SIDE_FEATURE;
  int cost;

  if (!check_attrs (loader, node, attrs, error)
      || !read_id (loader, node, &id, error)
      || !check_unique (loader, node, loader->ruleset->side_features, "side feature", id, error)
      || !read_color (loader, node, &color, error)
      || !read_move_cost (loader, node, 0, &cost, error)
      || !read_def_params (loader, node, &params, error))
    return FALSE;
  if (loader->ruleset->side_features->len >= SAND_MAX_SIDE_FEATURES)
    return fail (loader, node, error, "more than %d side features", SAND_MAX_SIDE_FEATURES);
  kind = get_attr (node, "kind");
  if (kind == NULL || strcmp (kind, "feature") == 0)
    k = SAND_SIDE_FEATURE;
  else if (strcmp (kind, "connection") == 0)
    k = SAND_SIDE_CONNECTION;
  else
    return fail (loader, node, error, "kind “%s” is neither “feature” nor “connection”", kind);

  def = g_new0 (SandSideFeatureDef, 1);
  def->name = get_attr_or_id (node, "name", id);
  def->id = g_steal_pointer (&id);
  def->color = g_steal_pointer (&color);
  def->kind = k;
  def->move_cost = cost;
  def->params = g_steal_pointer (&params);
  g_ptr_array_add (loader->ruleset->side_features, def);

  if (xmlHasProp (node, (const xmlChar *) "requires"))
    {
      PendingRequires p = { node, loader->ruleset->side_features->len - 1 };

      g_array_append_val (loader->pending_requires, p);
    }
  return TRUE;
}

static gboolean
read_unit_type (Loader   *loader,
                xmlNode  *node,
                GError  **error)
{
  static const char * const attrs[] = { "id", "name", "symbol", NULL };
  g_autofree char *id = NULL;
  g_autoptr (GHashTable) params = NULL;
  SandUnitTypeDef *def;

  if (!check_attrs (loader, node, attrs, error)
      || !read_id (loader, node, &id, error)
      || !check_unique (loader, node, loader->ruleset->unit_types, "unit type", id, error)
      || !read_def_params (loader, node, &params, error))
    return FALSE;
  def = g_new0 (SandUnitTypeDef, 1);
  def->name = get_attr_or_id (node, "name", id);
  def->symbol = get_attr_or_id (node, "symbol", id);
  def->id = g_steal_pointer (&id);
  def->params = g_steal_pointer (&params);
  g_ptr_array_add (loader->ruleset->unit_types, def);
  return TRUE;
}

static gboolean
read_phase (Loader   *loader,
            xmlNode  *node,
            GError  **error)
{
  static const char * const attrs[] = { "id", "name", NULL };
  g_autofree char *id = NULL;
  SandPhaseDef *def;

  if (!check_attrs (loader, node, attrs, error)
      || !read_id (loader, node, &id, error)
      || !check_unique (loader, node, loader->ruleset->phases, "phase", id, error))
    return FALSE;
  def = g_new0 (SandPhaseDef, 1);
  def->name = get_attr_or_id (node, "name", id);
  def->id = g_steal_pointer (&id);
  g_ptr_array_add (loader->ruleset->phases, def);
  return TRUE;
}

static gboolean
read_option (Loader   *loader,
             xmlNode  *node,
             GError  **error)
{
  static const char * const attrs[] = { "id", "name", "description", "requires", NULL };
  g_autofree char *id = NULL;
  g_autofree char *requires = NULL;
  g_autoptr (GStrvBuilder) ids = g_strv_builder_new ();
  SandOptionDef *def;

  if (!check_attrs (loader, node, attrs, error)
      || !read_id (loader, node, &id, error)
      || !check_unique (loader, node, loader->ruleset->options, "option", id, error))
    return FALSE;
  /* Checked against the other options once all are read. */
  requires = get_attr (node, "requires");
  if (requires != NULL)
    {
      g_auto (GStrv) words = g_strsplit_set (requires, " \t\n", -1);

      for (char **w = words; *w != NULL; w++)
        if (**w != '\0')
          g_strv_builder_add (ids, *w);
    }
  def = g_new0 (SandOptionDef, 1);
  def->name = get_attr_or_id (node, "name", id);
  def->description = get_attr (node, "description");
  def->requires = g_strv_builder_end (ids);
  def->id = g_steal_pointer (&id);
  g_ptr_array_add (loader->ruleset->options, def);
  g_ptr_array_add (loader->option_nodes, node);
  return TRUE;
}

static gboolean
read_param (Loader   *loader,
            xmlNode  *node,
            GError  **error)
{
  static const char * const attrs[] = { "name", "value", "reconstructed", "note", NULL };
  g_autofree char *name = NULL;
  g_autofree char *value = NULL;
  gboolean reconstructed;
  SandParam *param;

  if (!check_attrs (loader, node, attrs, error)
      || !require_attr (loader, node, "name", &name, error)
      || !read_bool (loader, node, "reconstructed", FALSE, &reconstructed, error))
    return FALSE;
  value = get_attr (node, "value");
  if (value == NULL)
    return fail (loader, node, error, "<param> “%s” needs a “value” attribute", name);
  if (g_hash_table_contains (loader->ruleset->param_index, name))
    return fail (loader, node, error, "param “%s” is given twice", name);
  param = g_new0 (SandParam, 1);
  param->name = g_steal_pointer (&name);
  param->value = g_steal_pointer (&value);
  param->reconstructed = reconstructed;
  param->note = get_attr (node, "note");
  g_ptr_array_add (loader->ruleset->params, param);
  g_hash_table_insert (loader->ruleset->param_index, param->name, param);
  return TRUE;
}

static char *
node_text (xmlNode *node)
{
  xmlChar *content = xmlNodeGetContent (node);
  char *text = g_strstrip (g_strdup (content != NULL ? (const char *) content : ""));

  xmlFree (content);
  return text;
}

static gboolean
read_table (Loader   *loader,
            xmlNode  *node,
            GError  **error)
{
  static const char * const attrs[] = { "id", "name", "reconstructed", "note", NULL };
  static const char * const col_attrs[] = { "id", NULL };
  static const char * const row_attrs[] = { "key", NULL };
  static const char * const no_attrs[] = { NULL };
  g_autofree char *id = NULL;
  gboolean reconstructed;
  SandTable *table;

  if (!check_attrs (loader, node, attrs, error)
      || !read_id (loader, node, &id, error)
      || !read_bool (loader, node, "reconstructed", FALSE, &reconstructed, error))
    return FALSE;
  if (g_hash_table_contains (loader->ruleset->table_index, id))
    return fail (loader, node, error, "table “%s” is defined twice", id);

  {
    g_autofree char *name = get_attr (node, "name");

    table = sand_table_new (id, name);
  }
  table->reconstructed = reconstructed;
  table->note = get_attr (node, "note");
  /* Owned by the ruleset from here on, so that any error frees it. */
  g_ptr_array_add (loader->ruleset->tables, table);
  g_hash_table_insert (loader->ruleset->table_index, table->id, table);

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      gboolean skip;

      if (!check_child (loader, child, &skip, error))
        return FALSE;
      if (skip)
        continue;
      if (is_element (child, "column"))
        {
          g_autofree char *col = NULL;

          if (table->rows->len > 0)
            return fail (loader, child, error, "<column> must come before the first <row>");
          if (!check_attrs (loader, child, col_attrs, error)
              || !require_attr (loader, child, "id", &col, error))
            return FALSE;
          for (guint i = 0; i < table->columns->len; i++)
            if (strcmp (g_ptr_array_index (table->columns, i), col) == 0)
              return fail (loader, child, error, "column “%s” is defined twice", col);
          g_ptr_array_add (table->columns, g_steal_pointer (&col));
        }
      else if (is_element (child, "row"))
        {
          g_autoptr (GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);
          g_autofree char *key = NULL;
          SandTableRow *row;

          if (!check_attrs (loader, child, row_attrs, error)
              || !require_attr (loader, child, "key", &key, error))
            return FALSE;
          for (guint i = 0; i < table->rows->len; i++)
            if (strcmp (((SandTableRow *) g_ptr_array_index (table->rows, i))->key, key) == 0)
              return fail (loader, child, error, "row “%s” is defined twice", key);
          for (xmlNode *cell = child->children; cell != NULL; cell = cell->next)
            {
              if (!check_child (loader, cell, &skip, error))
                return FALSE;
              if (skip)
                continue;
              if (!is_element (cell, "cell"))
                return fail (loader, cell, error, "unexpected element <%s> in <row>", cell->name);
              if (!check_attrs (loader, cell, no_attrs, error))
                return FALSE;
              for (xmlNode *inner = cell->children; inner != NULL; inner = inner->next)
                if (inner->type != XML_TEXT_NODE && inner->type != XML_COMMENT_NODE)
                  return fail (loader, inner, error, "a <cell> holds text only");
              g_ptr_array_add (cells, node_text (cell));
            }
          if (cells->len != table->columns->len)
            return fail (loader, child, error, "row “%s” has %u cells for %u columns",
                         key, cells->len, table->columns->len);
          g_ptr_array_add (cells, NULL);
          row = g_new0 (SandTableRow, 1);
          row->key = g_steal_pointer (&key);
          row->cells = (char **) g_ptr_array_free (g_steal_pointer (&cells), FALSE);
          g_ptr_array_add (table->rows, row);
        }
      else
        return fail (loader, child, error, "unexpected element <%s> in <table>", child->name);
    }
  if (table->columns->len == 0)
    return fail (loader, node, error, "table “%s” has no columns", table->id);
  return TRUE;
}

static gboolean
resolve_requires (Loader  *loader,
                  GError **error)
{
  for (guint i = 0; i < loader->pending_requires->len; i++)
    {
      PendingRequires *p = &g_array_index (loader->pending_requires, PendingRequires, i);
      SandSideFeatureDef *def = g_ptr_array_index (loader->ruleset->side_features, p->feature);
      g_autofree char *value = get_attr (p->node, "requires");
      g_auto (GStrv) ids = g_strsplit_set (value, " \t\n", -1);

      for (char **id = ids; *id != NULL; id++)
        {
          int f;

          if (**id == '\0')
            continue;
          f = find_in (loader->ruleset->side_features, *id);
          if (f < 0)
            return fail (loader, p->node, error, "“%s” requires an unknown side feature “%s”",
                         def->id, *id);
          if ((guint) f == p->feature)
            return fail (loader, p->node, error, "“%s” cannot require itself", def->id);
          def->requires |= 1u << f;
        }
    }
  return TRUE;
}

static gboolean
resolve_option_requires (Loader  *loader,
                         GError **error)
{
  GPtrArray *options = loader->ruleset->options;

  for (guint i = 0; i < options->len; i++)
    {
      const SandOptionDef *def = g_ptr_array_index (options, i);

      for (char **r = def->requires; *r != NULL; r++)
        {
          if (strcmp (*r, def->id) == 0)
            return fail (loader, g_ptr_array_index (loader->option_nodes, i), error,
                         "option “%s” cannot require itself", def->id);
          if (find_in (options, *r) < 0)
            return fail (loader, g_ptr_array_index (loader->option_nodes, i), error,
                         "option “%s” requires an unknown option “%s”", def->id, *r);
        }
    }
  return TRUE;
}

/* Section order in the file is free; they are read in dependency order. */
static const struct {
  const char *section;
  const char *const items[3];
  ItemFunc func;
} sections[] = {
  { "sides", { "side", NULL }, read_side },
  { "countries", { "country", NULL }, read_country },
  { "terrains", { "terrain", NULL }, read_terrain },
  { "side-features", { "side-feature", NULL }, read_side_feature },
  { "unit-types", { "unit-type", NULL }, read_unit_type },
  { "phases", { "phase", NULL }, read_phase },
  { "options", { "option", NULL }, read_option },
  { "params", { "param", NULL }, read_param },
  { "tables", { "table", NULL }, read_table },
};

static gboolean
read_root (Loader   *loader,
           xmlNode  *root,
           GError  **error)
{
  static const char * const attrs[] = { "id", "version", "name", NULL };
  xmlNode *found[G_N_ELEMENTS (sections)] = { NULL };
  g_autofree char *version = NULL;
  SandRuleset *self = loader->ruleset;
  gboolean skip;

  if (root == NULL)
    return fail (loader, NULL, error, "the document has no root element");
  if (!check_child (loader, root, &skip, error))
    return FALSE;
  if (!is_element (root, "ruleset"))
    return fail (loader, root, error, "the root element is <%s>, not <ruleset>", root->name);
  if (!check_attrs (loader, root, attrs, error)
      || !require_attr (loader, root, "version", &version, error))
    return FALSE;
  if (strcmp (version, RULESET_VERSION) != 0)
    return fail (loader, root, error, "ruleset format version “%s” is not supported (only %s)",
                 version, RULESET_VERSION);
  if (!read_id (loader, root, &self->id, error))
    return FALSE;
  self->name = get_attr_or_id (root, "name", self->id);

  for (xmlNode *child = root->children; child != NULL; child = child->next)
    {
      gsize i;

      if (!check_child (loader, child, &skip, error))
        return FALSE;
      if (skip)
        continue;
      if (is_element (child, "description"))
        {
          if (self->description != NULL)
            return fail (loader, child, error, "<description> is given twice");
          self->description = node_text (child);
          continue;
        }
      for (i = 0; i < G_N_ELEMENTS (sections); i++)
        if (is_element (child, sections[i].section))
          break;
      if (i == G_N_ELEMENTS (sections))
        return fail (loader, child, error, "unexpected element <%s> in <ruleset>", child->name);
      if (found[i] != NULL)
        return fail (loader, child, error, "<%s> is given twice", child->name);
      found[i] = child;
    }

  for (gsize i = 0; i < G_N_ELEMENTS (sections); i++)
    if (found[i] != NULL
        && !read_section (loader, found[i], sections[i].items, sections[i].func, error))
      return FALSE;
  if (!resolve_requires (loader, error) || !resolve_option_requires (loader, error))
    return FALSE;

  /* Scenarios store these as indices; an empty list would leave nothing to
   * point at. */
  if (self->sides->len < 2)
    return fail (loader, root, error, "a ruleset needs at least two sides");
  if (self->terrains->len == 0)
    return fail (loader, root, error, "a ruleset needs at least one terrain");
  if (self->unit_types->len == 0)
    return fail (loader, root, error, "a ruleset needs at least one unit type");
  if (self->phases->len == 0)
    return fail (loader, root, error, "a ruleset needs at least one phase");
  return TRUE;
}

/* Stops the parse at the DOCTYPE itself, before any entity declaration in
 * it is read, and remembers where it was. */
static void
refuse_doctype (void          *user_data,
                const xmlChar *name,
                const xmlChar *external_id,
                const xmlChar *system_id)
{
  xmlParserCtxtPtr ctxt = user_data;

  if (ctxt->_private == NULL)
    ctxt->_private = GINT_TO_POINTER (MAX (xmlSAX2GetLineNumber (ctxt), 1));
  xmlStopParser (ctxt);
}

SandRuleset *
sand_ruleset_load_data (const char  *data,
                        gsize        len,
                        const char  *filename,
                        GError     **error)
{
  g_autoptr (SandRuleset) self = NULL;
  xmlParserCtxtPtr ctxt;
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
                   "%s:0: the file is larger than %d MB", filename, MAX_RULESET_BYTES >> 20);
      return NULL;
    }
  if (len == 0)
    {
      g_set_error (error, SAND_RULESET_ERROR, SAND_RULESET_ERROR_PARSE,
                   "%s:0: the file is empty", filename);
      return NULL;
    }

  /* NONET, and neither NOENT, DTDLOAD, DTDVALID nor HUGE: no external
   * entity is ever fetched and libxml2's expansion limits stay on. */
  ctxt = xmlNewParserCtxt ();
  if (ctxt == NULL)
    {
      g_set_error (error, SAND_RULESET_ERROR, SAND_RULESET_ERROR_PARSE,
                   "%s:0: out of memory", filename);
      return NULL;
    }
  ctxt->sax->internalSubset = refuse_doctype;
  doc = xmlCtxtReadMemory (ctxt, data, (int) len, filename, NULL,
                           XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING
                           | XML_PARSE_NOCDATA);
  if (ctxt->_private != NULL || (doc != NULL && (doc->intSubset != NULL
                                                 || doc->extSubset != NULL)))
    {
      g_set_error (error, SAND_RULESET_ERROR, SAND_RULESET_ERROR_PARSE,
                   "%s:%d: a DOCTYPE is not allowed", filename,
                   ctxt->_private != NULL ? GPOINTER_TO_INT (ctxt->_private) : 1);
      g_clear_pointer (&doc, xmlFreeDoc);
      xmlFreeParserCtxt (ctxt);
      return NULL;
    }
  if (doc == NULL)
    {
      const xmlError *e = xmlCtxtGetLastError (ctxt);
      g_autofree char *msg = g_strdup (e != NULL && e->message != NULL ? e->message
                                                                         : "not well-formed XML");

      g_strchomp (msg);
      g_set_error (error, SAND_RULESET_ERROR, SAND_RULESET_ERROR_PARSE, "%s:%d: %s",
                   filename, e != NULL ? e->line : 0, msg);
      xmlFreeParserCtxt (ctxt);
      return NULL;
    }
  xmlFreeParserCtxt (ctxt);

  self = g_object_new (SAND_TYPE_RULESET, NULL);
  loader.filename = filename;
  loader.ruleset = self;
  loader.pending_requires = g_array_new (FALSE, FALSE, sizeof (PendingRequires));
  loader.option_nodes = g_ptr_array_new ();
  ok = read_root (&loader, xmlDocGetRootElement (doc), error);
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

  if (!g_file_get_contents (path, &contents, &len, &local))
    {
      g_set_error (error, SAND_RULESET_ERROR, SAND_RULESET_ERROR_NOT_FOUND, "%s:0: %s",
                   path, local->message);
      return NULL;
    }
  return sand_ruleset_load_data (contents, len, path, error);
}

static GMutex cache_lock;
static GHashTable *cache; /* id → SandRuleset*, never freed: rulesets are immutable */

SandRuleset *
sand_ruleset_lookup (const char  *id,
                     GError     **error)
{
  g_autofree char *path = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GError) local = NULL;
  SandRuleset *self;
  gconstpointer data;
  gsize len;

  g_return_val_if_fail (id != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  g_mutex_lock (&cache_lock);
  if (cache == NULL)
    cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self = g_hash_table_lookup (cache, id);
  if (self != NULL)
    {
      g_mutex_unlock (&cache_lock);
      return self;
    }

  if (!valid_id (id))
    {
      g_mutex_unlock (&cache_lock);
      g_set_error (error, SAND_RULESET_ERROR, SAND_RULESET_ERROR_NOT_FOUND,
                   "“%s” is not a ruleset id", id);
      return NULL;
    }
  path = g_strconcat (RESOURCE_DIR, id, ".xml", NULL);
  bytes = g_resource_lookup_data (sand_engine_get_resource (), path,
                                  G_RESOURCE_LOOKUP_FLAGS_NONE, &local);
  if (bytes == NULL)
    {
      g_autofree char *known = g_strjoinv (", ", (char **) shipped_ids);

      g_mutex_unlock (&cache_lock);
      g_set_error (error, SAND_RULESET_ERROR, SAND_RULESET_ERROR_NOT_FOUND,
                   "There is no ruleset “%s” (known: %s)", id, known);
      return NULL;
    }
  data = g_bytes_get_data (bytes, &len);
  {
    g_autofree char *filename = g_strconcat ("rulesets/", id, ".xml", NULL);

    self = sand_ruleset_load_data (data, len, filename, error);
  }
  if (self != NULL)
    g_hash_table_insert (cache, g_strdup (id), self);
  g_mutex_unlock (&cache_lock);
  /* The cache holds the reference; callers get a borrowed pointer that
   * lives as long as the process. */
  return self;
}

const char * const *
sand_ruleset_list_shipped (void)
{
  return shipped_ids;
}

/* Accessors. */

const char *
sand_ruleset_get_id (SandRuleset *self)
{
  g_return_val_if_fail (SAND_IS_RULESET (self), NULL);
  return self->id;
}

const char *
sand_ruleset_get_name (SandRuleset *self)
{
  g_return_val_if_fail (SAND_IS_RULESET (self), NULL);
  return self->name;
}

const char *
sand_ruleset_get_description (SandRuleset *self)
{
  g_return_val_if_fail (SAND_IS_RULESET (self), NULL);
  return self->description;
}

#define LIST_ACCESSORS(plural, singular, Type)                                  \
  guint                                                                         \
  sand_ruleset_n_##plural (SandRuleset *self)                                   \
  {                                                                             \
    g_return_val_if_fail (SAND_IS_RULESET (self), 0);                           \
    return self->plural->len;                                                   \
  }                                                                             \
  const Type *                                                                  \
  sand_ruleset_get_##singular (SandRuleset *self,                               \
                               guint        i)                                  \
  {                                                                             \
    g_return_val_if_fail (SAND_IS_RULESET (self), NULL);                        \
    g_return_val_if_fail (i < self->plural->len, NULL);                         \
    return g_ptr_array_index (self->plural, i);                                 \
  }                                                                             \
  int                                                                           \
  sand_ruleset_find_##singular (SandRuleset *self,                              \
                                const char  *id)                                \
  {                                                                             \
    g_return_val_if_fail (SAND_IS_RULESET (self), -1);                          \
    return find_in (self->plural, id);                                          \
  }

LIST_ACCESSORS (sides, side, SandSideDef)
LIST_ACCESSORS (countries, country, SandCountryDef)
LIST_ACCESSORS (terrains, terrain, SandTerrainDef)
LIST_ACCESSORS (side_features, side_feature, SandSideFeatureDef)
LIST_ACCESSORS (unit_types, unit_type, SandUnitTypeDef)
LIST_ACCESSORS (phases, phase, SandPhaseDef)

guint
sand_ruleset_get_n_options (SandRuleset *self)
{
  g_return_val_if_fail (SAND_IS_RULESET (self), 0);
  return self->options->len;
}

const SandOptionDef *
sand_ruleset_get_option (SandRuleset *self,
                         guint        i)
{
  g_return_val_if_fail (SAND_IS_RULESET (self), NULL);
  g_return_val_if_fail (i < self->options->len, NULL);
  return g_ptr_array_index (self->options, i);
}

int
sand_ruleset_find_option (SandRuleset *self,
                          const char  *id)
{
  g_return_val_if_fail (SAND_IS_RULESET (self), -1);
  return find_in (self->options, id);
}

/* Does @a need @b, directly or through other options? @seen guards
 * against a ring of requirements. */
static gboolean
option_needs (SandRuleset *self,
              int          a,
              int          b,
              guint8      *seen)
{
  const SandOptionDef *def = g_ptr_array_index (self->options, a);

  if (seen[a])
    return FALSE;
  seen[a] = 1;
  for (char **r = def->requires; *r != NULL; r++)
    {
      int n = find_in (self->options, *r);

      if (n == b || (n >= 0 && option_needs (self, n, b, seen)))
        return TRUE;
    }
  return FALSE;
}

static gboolean
option_needs_any (SandRuleset *self,
                  int          a,
                  int          b)
{
  g_autofree guint8 *seen = g_new0 (guint8, self->options->len);

  return option_needs (self, a, b, seen);
}

char **
sand_ruleset_switch_option (SandRuleset        *self,
                            const char * const *on_now,
                            const char         *option,
                            gboolean            on)
{
  g_autoptr (GStrvBuilder) out = g_strv_builder_new ();
  int target;

  g_return_val_if_fail (SAND_IS_RULESET (self), NULL);
  g_return_val_if_fail (option != NULL, NULL);

  target = find_in (self->options, option);
  for (guint i = 0; i < self->options->len; i++)
    {
      const SandOptionDef *def = g_ptr_array_index (self->options, i);
      gboolean was = on_now != NULL && g_strv_contains (on_now, def->id);
      gboolean is;

      if (target < 0)
        is = was;
      else if (on)
        is = was || (int) i == target || option_needs_any (self, target, (int) i);
      else
        is = was && (int) i != target && !option_needs_any (self, (int) i, target);
      if (is)
        g_strv_builder_add (out, def->id);
    }
  for (guint i = 0; on_now != NULL && on_now[i] != NULL; i++)
    if (find_in (self->options, on_now[i]) < 0 && strcmp (on_now[i], option) != 0)
      g_strv_builder_add (out, on_now[i]);
  if (target < 0 && on)
    g_strv_builder_add (out, option);
  return g_strv_builder_end (out);
}

guint32
sand_ruleset_side_kind_mask (SandRuleset  *self,
                             SandSideKind  kind)
{
  guint32 mask = 0;

  g_return_val_if_fail (SAND_IS_RULESET (self), 0);

  for (guint i = 0; i < self->side_features->len; i++)
    {
      const SandSideFeatureDef *def = g_ptr_array_index (self->side_features, i);

      if (def->kind == kind)
        mask |= 1u << i;
    }
  return mask;
}

const SandTable *
sand_ruleset_get_table (SandRuleset *self,
                        const char  *id)
{
  g_return_val_if_fail (SAND_IS_RULESET (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);
  return g_hash_table_lookup (self->table_index, id);
}

guint
sand_ruleset_n_tables (SandRuleset *self)
{
  g_return_val_if_fail (SAND_IS_RULESET (self), 0);
  return self->tables->len;
}

const SandTable *
sand_ruleset_get_table_nth (SandRuleset *self,
                            guint        i)
{
  g_return_val_if_fail (SAND_IS_RULESET (self), NULL);
  g_return_val_if_fail (i < self->tables->len, NULL);
  return g_ptr_array_index (self->tables, i);
}

guint
sand_ruleset_n_params (SandRuleset *self)
{
  g_return_val_if_fail (SAND_IS_RULESET (self), 0);
  return self->params->len;
}

const SandParam *
sand_ruleset_get_param_nth (SandRuleset *self,
                            guint        i)
{
  g_return_val_if_fail (SAND_IS_RULESET (self), NULL);
  g_return_val_if_fail (i < self->params->len, NULL);
  return g_ptr_array_index (self->params, i);
}

const SandParam *
sand_ruleset_get_param (SandRuleset *self,
                        const char  *name)
{
  g_return_val_if_fail (SAND_IS_RULESET (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);
  return g_hash_table_lookup (self->param_index, name);
}

static int
parse_int (const char *text,
           int         fallback)
{
  gint64 n;

  if (text == NULL || !g_ascii_string_to_signed (text, 10, G_MININT, G_MAXINT, &n, NULL))
    return fallback;
  return (int) n;
}

int
sand_ruleset_param_int (SandRuleset *self,
                        const char  *name,
                        int          fallback)
{
  const SandParam *p;

  g_return_val_if_fail (SAND_IS_RULESET (self), fallback);
  g_return_val_if_fail (name != NULL, fallback);

  p = g_hash_table_lookup (self->param_index, name);
  return p != NULL ? parse_int (p->value, fallback) : fallback;
}

const char *
sand_ruleset_param_str (SandRuleset *self,
                        const char  *name,
                        const char  *fallback)
{
  const SandParam *p;

  g_return_val_if_fail (SAND_IS_RULESET (self), fallback);
  g_return_val_if_fail (name != NULL, fallback);

  p = g_hash_table_lookup (self->param_index, name);
  return p != NULL ? p->value : fallback;
}

int
sand_params_int (GHashTable *params,
                 const char *name,
                 int         fallback)
{
  g_return_val_if_fail (name != NULL, fallback);

  if (params == NULL)
    return fallback;
  return parse_int (g_hash_table_lookup (params, name), fallback);
}

const char *
sand_params_str (GHashTable *params,
                 const char *name,
                 const char *fallback)
{
  const char *value;

  g_return_val_if_fail (name != NULL, fallback);

  if (params == NULL)
    return fallback;
  value = g_hash_table_lookup (params, name);
  return value != NULL ? value : fallback;
}

/* Tables. */

int
sand_table_find_column (const SandTable *table,
                        const char      *id)
{
  g_return_val_if_fail (table != NULL, -1);
  g_return_val_if_fail (id != NULL, -1);

  for (guint i = 0; i < table->columns->len; i++)
    if (strcmp (g_ptr_array_index (table->columns, i), id) == 0)
      return (int) i;
  return -1;
}

const SandTableRow *
sand_table_find_row (const SandTable *table,
                     const char      *key)
{
  g_return_val_if_fail (table != NULL, NULL);
  g_return_val_if_fail (key != NULL, NULL);

  for (guint i = 0; i < table->rows->len; i++)
    {
      const SandTableRow *row = g_ptr_array_index (table->rows, i);

      if (strcmp (row->key, key) == 0)
        return row;
    }
  return NULL;
}

const char *
sand_table_lookup (const SandTable *table,
                   const char      *row_key,
                   const char      *column)
{
  const SandTableRow *row;
  int col;

  g_return_val_if_fail (table != NULL, NULL);

  row = sand_table_find_row (table, row_key);
  col = sand_table_find_column (table, column);
  if (row == NULL || col < 0)
    return NULL;
  return row->cells[col];
}

SandTable *
sand_table_new (const char *id,
                const char *name)
{
  SandTable *t;

  g_return_val_if_fail (id != NULL, NULL);

  t = g_new0 (SandTable, 1);
  t->id = g_strdup (id);
  t->name = g_strdup (name != NULL ? name : id);
  t->columns = g_ptr_array_new_with_free_func (g_free);
  t->rows = g_ptr_array_new_with_free_func (table_row_free);
  return t;
}

SandTable *
sand_table_copy (const SandTable *table)
{
  SandTable *t;

  g_return_val_if_fail (table != NULL, NULL);

  t = sand_table_new (table->id, table->name);
  t->reconstructed = table->reconstructed;
  t->note = g_strdup (table->note);
  for (guint i = 0; i < table->columns->len; i++)
    g_ptr_array_add (t->columns, g_strdup (g_ptr_array_index (table->columns, i)));
  for (guint i = 0; i < table->rows->len; i++)
    {
      const SandTableRow *row = g_ptr_array_index (table->rows, i);
      SandTableRow *copy = g_new0 (SandTableRow, 1);

      copy->key = g_strdup (row->key);
      copy->cells = g_strdupv (row->cells);
      g_ptr_array_add (t->rows, copy);
    }
  return t;
}

void
sand_table_add_column (SandTable  *table,
                       const char *id)
{
  g_return_if_fail (table != NULL);
  g_return_if_fail (id != NULL);
  g_return_if_fail (table->rows->len == 0);

  g_ptr_array_add (table->columns, g_strdup (id));
}

gboolean
sand_table_add_row (SandTable          *table,
                    const char         *key,
                    const char * const *cells)
{
  SandTableRow *row;

  g_return_val_if_fail (table != NULL, FALSE);
  g_return_val_if_fail (key != NULL, FALSE);
  g_return_val_if_fail (cells != NULL, FALSE);

  if (g_strv_length ((char **) cells) != table->columns->len
      || sand_table_find_row (table, key) != NULL)
    return FALSE;
  row = g_new0 (SandTableRow, 1);
  row->key = g_strdup (key);
  row->cells = g_strdupv ((char **) cells);
  g_ptr_array_add (table->rows, row);
  return TRUE;
}

SandRuleset *
sand_ruleset_new_with_tables (SandRuleset             *base,
                              const SandTable * const *tables,
                              guint                    n_tables)
{
  SandRuleset *self;

  g_return_val_if_fail (SAND_IS_RULESET (base), NULL);
  g_return_val_if_fail (tables != NULL || n_tables == 0, NULL);

  self = g_object_new (SAND_TYPE_RULESET, NULL);
  self->id = g_strdup (base->id);
  self->name = g_strdup (base->name);
  self->description = g_strdup (base->description);

  /* Rulesets never change after loading, so the lists can be shared. */
#define SHARE(field, unref, ref) \
  G_STMT_START { unref (self->field); self->field = ref (base->field); } G_STMT_END
  SHARE (sides, g_ptr_array_unref, g_ptr_array_ref);
  SHARE (countries, g_ptr_array_unref, g_ptr_array_ref);
  SHARE (terrains, g_ptr_array_unref, g_ptr_array_ref);
  SHARE (side_features, g_ptr_array_unref, g_ptr_array_ref);
  SHARE (unit_types, g_ptr_array_unref, g_ptr_array_ref);
  SHARE (phases, g_ptr_array_unref, g_ptr_array_ref);
  SHARE (options, g_ptr_array_unref, g_ptr_array_ref);
  SHARE (params, g_ptr_array_unref, g_ptr_array_ref);
  SHARE (param_index, g_hash_table_unref, g_hash_table_ref);
#undef SHARE

  for (guint i = 0; i < base->tables->len; i++)
    g_ptr_array_add (self->tables, sand_table_copy (g_ptr_array_index (base->tables, i)));
  for (guint i = 0; i < n_tables; i++)
    {
      SandTable *copy = sand_table_copy (tables[i]);
      guint j;

      for (j = 0; j < self->tables->len; j++)
        if (strcmp (((SandTable *) g_ptr_array_index (self->tables, j))->id, copy->id) == 0)
          break;
      if (j < self->tables->len)
        {
          sand_table_free (self->tables->pdata[j]);
          self->tables->pdata[j] = copy;
        }
      else
        g_ptr_array_add (self->tables, copy);
    }
  for (guint i = 0; i < self->tables->len; i++)
    {
      SandTable *t = g_ptr_array_index (self->tables, i);

      g_hash_table_insert (self->table_index, t->id, t);
    }
  return self;
}
