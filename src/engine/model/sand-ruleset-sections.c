/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ruleset-sections.c: reading a ruleset file's root and each of its
 * sections (sides, countries, terrains, side features, unit types, phases,
 * options, params, tables) into the SandRuleset. Its own file as the part
 * that knows the vocabulary; sand-ruleset-load.c parses the XML safely.
 */
#include "sand-ruleset.h"
#include "sand-ruleset-private.h"

#include <string.h>

#include <glib/gi18n-lib.h>

static gboolean
read_side (Loader   *loader,
           xmlNode  *node,
           GError  **error)
{
  static const char * const attrs[] = { "id", "name", "color", NULL };
  g_autofree char *id = NULL;
  SandSideDef *def;
  char *color;

  if (!sand_ruleset_check_attrs (loader, node, attrs, error)
      || !sand_ruleset_read_id (loader, node, &id, error)
      || !sand_ruleset_check_unique (loader, node, loader->ruleset->sides, id, error)
      || !sand_ruleset_read_color (loader, node, &color, error))
    return FALSE;
  def = g_new0 (SandSideDef, 1);
  def->name = sand_ruleset_get_attr_or_id (node, "name", id);
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

  if (!sand_ruleset_check_attrs (loader, node, attrs, error)
      || !sand_ruleset_read_id (loader, node, &id, error)
      || !sand_ruleset_check_unique (loader, node, loader->ruleset->countries, id, error)
      || !sand_ruleset_read_color (loader, node, &color, error)
      || !sand_ruleset_read_bool (loader, node, "passable", TRUE, &passable, error)
      || !sand_ruleset_read_bool (loader, node, "tinted", FALSE, &tinted, error))
    return FALSE;
  if (loader->ruleset->countries->len >= MAX_COUNTRIES)
    return sand_ruleset_fail (loader, node, error, _("more than %d countries"), MAX_COUNTRIES);
  side = sand_ruleset_get_attr (node, "side");
  if (side != NULL)
    {
      side_index = sand_ruleset_find_in (loader->ruleset->sides, side);
      if (side_index < 0)
        return sand_ruleset_fail (loader, node, error, _("country “%s” names an unknown side “%s”"),
                                  id, side);
    }
  def = g_new0 (SandCountryDef, 1);
  def->name = sand_ruleset_get_attr_or_id (node, "name", id);
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

  if (!sand_ruleset_check_attrs (loader, node, attrs, error)
      || !sand_ruleset_read_id (loader, node, &id, error)
      || !sand_ruleset_check_unique (loader, node, loader->ruleset->terrains, id, error)
      || !sand_ruleset_read_color (loader, node, &color, error)
      || !sand_ruleset_read_move_cost (loader, node, 1, &cost, error)
      || !sand_ruleset_read_def_params (loader, node, &params, error))
    return FALSE;
  if (loader->ruleset->terrains->len >= MAX_TERRAINS)
    return sand_ruleset_fail (loader, node, error, _("more than %d terrains"), MAX_TERRAINS);
  def = g_new0 (SandTerrainDef, 1);
  def->name = sand_ruleset_get_attr_or_id (node, "name", id);
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

  if (!sand_ruleset_check_attrs (loader, node, attrs, error)
      || !sand_ruleset_read_id (loader, node, &id, error)
      || !sand_ruleset_check_unique (loader, node, loader->ruleset->side_features, id, error)
      || !sand_ruleset_read_color (loader, node, &color, error)
      || !sand_ruleset_read_move_cost (loader, node, 0, &cost, error)
      || !sand_ruleset_read_def_params (loader, node, &params, error))
    return FALSE;
  if (loader->ruleset->side_features->len >= SAND_MAX_SIDE_FEATURES)
    return sand_ruleset_fail (loader, node, error, _("more than %d side features"),
                              SAND_MAX_SIDE_FEATURES);
  kind = sand_ruleset_get_attr (node, "kind");
  if (kind == NULL || strcmp (kind, "feature") == 0)
    k = SAND_SIDE_FEATURE;
  else if (strcmp (kind, "connection") == 0)
    k = SAND_SIDE_CONNECTION;
  else
    return sand_ruleset_fail (loader, node, error,
                              _("kind “%s” is neither “feature” nor “connection”"), kind);

  def = g_new0 (SandSideFeatureDef, 1);
  def->name = sand_ruleset_get_attr_or_id (node, "name", id);
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

  if (!sand_ruleset_check_attrs (loader, node, attrs, error)
      || !sand_ruleset_read_id (loader, node, &id, error)
      || !sand_ruleset_check_unique (loader, node, loader->ruleset->unit_types, id,
                                     error)
      || !sand_ruleset_read_def_params (loader, node, &params, error))
    return FALSE;
  def = g_new0 (SandUnitTypeDef, 1);
  def->name = sand_ruleset_get_attr_or_id (node, "name", id);
  def->symbol = sand_ruleset_get_attr_or_id (node, "symbol", id);
  def->id = g_steal_pointer (&id);
  def->params = g_steal_pointer (&params);
  g_ptr_array_add (loader->ruleset->unit_types, def);
  return TRUE;
}

/* The SandCounter fields a ruleset may say its counters print. */
static const char * const counter_field_ids[] = {
  "strength", "reduced", "steps", "ma", "quality", "parent", NULL
};

static gboolean
read_counter_field (Loader   *loader,
                    xmlNode  *node,
                    GError  **error)
{
  static const char * const attrs[] = { "id", "initial", NULL };
  g_autofree char *id = NULL;
  g_autofree char *initial = NULL;
  gint64 value = 0;
  SandCounterFieldDef *def;

  if (!sand_ruleset_check_attrs (loader, node, attrs, error)
      || !sand_ruleset_read_id (loader, node, &id, error)
      || !sand_ruleset_check_unique (loader, node, loader->ruleset->counter_fields, id, error))
    return FALSE;
  if (!g_strv_contains (counter_field_ids, id))
    return sand_ruleset_fail (loader, node, error,
                              _("counter field “%s” is none of strength, reduced, steps, ma, "
                              "quality, parent"), id);
  initial = sand_ruleset_get_attr (node, "initial");
  if (initial != NULL
      && !g_ascii_string_to_signed (initial, 10, -1000, 1000, &value, NULL))
    return sand_ruleset_fail (loader, node, error,
                              _("initial=“%s” is not a whole number from -1000 to 1000"), initial);
  def = g_new0 (SandCounterFieldDef, 1);
  def->id = g_steal_pointer (&id);
  def->initial = (int) value;
  g_ptr_array_add (loader->ruleset->counter_fields, def);
  return TRUE;
}

static gboolean
read_badge (Loader   *loader,
            xmlNode  *node,
            GError  **error)
{
  static const char * const attrs[] = { "id", "name", "letter", "color", NULL };
  g_autofree char *id = NULL;
  g_autofree char *letter = NULL;
  g_autofree char *color = NULL;
  SandBadgeDef *def;

  if (!sand_ruleset_check_attrs (loader, node, attrs, error)
      || !sand_ruleset_read_id (loader, node, &id, error)
      || !sand_ruleset_check_unique (loader, node, loader->ruleset->badges, id, error)
      || !sand_ruleset_require_attr (loader, node, "letter", &letter, error)
      || !sand_ruleset_read_color (loader, node, &color, error))
    return FALSE;
  if (g_utf8_strlen (letter, -1) != 1)
    return sand_ruleset_fail (loader, node, error, _("letter=“%s” is not one character"), letter);
  def = g_new0 (SandBadgeDef, 1);
  def->name = sand_ruleset_get_attr_or_id (node, "name", id);
  def->id = g_steal_pointer (&id);
  def->letter = g_steal_pointer (&letter);
  def->color = color != NULL ? g_steal_pointer (&color) : g_strdup ("#333333");
  g_ptr_array_add (loader->ruleset->badges, def);
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

  if (!sand_ruleset_check_attrs (loader, node, attrs, error)
      || !sand_ruleset_read_id (loader, node, &id, error)
      || !sand_ruleset_check_unique (loader, node, loader->ruleset->phases, id, error))
    return FALSE;
  def = g_new0 (SandPhaseDef, 1);
  def->name = sand_ruleset_get_attr_or_id (node, "name", id);
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

  if (!sand_ruleset_check_attrs (loader, node, attrs, error)
      || !sand_ruleset_read_id (loader, node, &id, error)
      || !sand_ruleset_check_unique (loader, node, loader->ruleset->options, id, error))
    return FALSE;
  /* Checked against the other options once all are read. */
  requires = sand_ruleset_get_attr (node, "requires");
  if (requires != NULL)
    {
      g_auto (GStrv) words = g_strsplit_set (requires, " \t\n", -1);

      for (char **w = words; *w != NULL; w++)
        if (**w != '\0')
          g_strv_builder_add (ids, *w);
    }
  def = g_new0 (SandOptionDef, 1);
  def->name = sand_ruleset_get_attr_or_id (node, "name", id);
  def->description = sand_ruleset_get_attr (node, "description");
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

  if (!sand_ruleset_check_attrs (loader, node, attrs, error)
      || !sand_ruleset_require_attr (loader, node, "name", &name, error)
      || !sand_ruleset_read_bool (loader, node, "reconstructed", FALSE, &reconstructed, error))
    return FALSE;
  value = sand_ruleset_get_attr (node, "value");
  if (value == NULL)
    return sand_ruleset_fail (loader, node, error,
                              _("<param> “%s” needs a “value” attribute"), name);
  if (g_hash_table_contains (loader->ruleset->param_index, name))
    return sand_ruleset_fail (loader, node, error, _("param “%s” is given twice"), name);
  param = g_new0 (SandParam, 1);
  param->name = g_steal_pointer (&name);
  param->value = g_steal_pointer (&value);
  param->reconstructed = reconstructed;
  param->note = sand_ruleset_get_attr (node, "note");
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

  if (!sand_ruleset_check_attrs (loader, node, attrs, error)
      || !sand_ruleset_read_id (loader, node, &id, error)
      || !sand_ruleset_read_bool (loader, node, "reconstructed", FALSE, &reconstructed, error))
    return FALSE;
  if (g_hash_table_contains (loader->ruleset->table_index, id))
    return sand_ruleset_fail (loader, node, error, _("table “%s” is defined twice"), id);

  {
    g_autofree char *name = sand_ruleset_get_attr (node, "name");

    table = sand_table_new (id, name);
  }
  table->reconstructed = reconstructed;
  table->note = sand_ruleset_get_attr (node, "note");
  /* Owned by the ruleset from here on, so that any error frees it. */
  g_ptr_array_add (loader->ruleset->tables, table);
  g_hash_table_insert (loader->ruleset->table_index, table->id, table);

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      gboolean skip;

      if (!sand_ruleset_check_child (loader, child, &skip, error))
        return FALSE;
      if (skip)
        continue;
      if (sand_ruleset_is_element (child, "column"))
        {
          g_autofree char *col = NULL;

          if (table->rows->len > 0)
            return sand_ruleset_fail (loader, child, error,
                                      _("<column> must come before the first <row>"));
          if (!sand_ruleset_check_attrs (loader, child, col_attrs, error)
              || !sand_ruleset_require_attr (loader, child, "id", &col, error))
            return FALSE;
          for (guint i = 0; i < table->columns->len; i++)
            if (strcmp (g_ptr_array_index (table->columns, i), col) == 0)
              return sand_ruleset_fail (loader, child, error,
                                        _("column “%s” is defined twice"), col);
          g_ptr_array_add (table->columns, g_steal_pointer (&col));
        }
      else if (sand_ruleset_is_element (child, "row"))
        {
          g_autoptr (GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);
          g_autofree char *key = NULL;
          SandTableRow *row;

          if (!sand_ruleset_check_attrs (loader, child, row_attrs, error)
              || !sand_ruleset_require_attr (loader, child, "key", &key, error))
            return FALSE;
          for (guint i = 0; i < table->rows->len; i++)
            if (strcmp (((SandTableRow *) g_ptr_array_index (table->rows, i))->key, key) == 0)
              return sand_ruleset_fail (loader, child, error, _("row “%s” is defined twice"), key);
          for (xmlNode *cell = child->children; cell != NULL; cell = cell->next)
            {
              if (!sand_ruleset_check_child (loader, cell, &skip, error))
                return FALSE;
              if (skip)
                continue;
              if (!sand_ruleset_is_element (cell, "cell"))
                return sand_ruleset_fail (loader, cell, error,
                                          _("unexpected element <%s> in <row>"),
                                          cell->name);
              if (!sand_ruleset_check_attrs (loader, cell, no_attrs, error))
                return FALSE;
              for (xmlNode *inner = cell->children; inner != NULL; inner = inner->next)
                if (inner->type != XML_TEXT_NODE && inner->type != XML_COMMENT_NODE)
                  return sand_ruleset_fail (loader, inner, error, _("a <cell> holds text only"));
              g_ptr_array_add (cells, node_text (cell));
            }
          if (cells->len != table->columns->len)
            return sand_ruleset_fail (loader, child, error,
                                      /* No plural to agree: two numbers. */
                                      _("row “%s” needs one <cell> per <column>: "
                                        "cells %u, columns %u"),
                                      key, cells->len, table->columns->len);
          g_ptr_array_add (cells, NULL);
          row = g_new0 (SandTableRow, 1);
          row->key = g_steal_pointer (&key);
          row->cells = (char **) g_ptr_array_free (g_steal_pointer (&cells), FALSE);
          g_ptr_array_add (table->rows, row);
        }
      else
        return sand_ruleset_fail (loader, child, error, _("unexpected element <%s> in <table>"),
                                  child->name);
    }
  if (table->columns->len == 0)
    return sand_ruleset_fail (loader, node, error, _("table “%s” has no columns"), table->id);
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
      g_autofree char *value = sand_ruleset_get_attr (p->node, "requires");
      g_auto (GStrv) ids = g_strsplit_set (value, " \t\n", -1);

      for (char **id = ids; *id != NULL; id++)
        {
          int f;

          if (**id == '\0')
            continue;
          f = sand_ruleset_find_in (loader->ruleset->side_features, *id);
          if (f < 0)
            return sand_ruleset_fail (loader, p->node, error,
                                      _("“%s” requires an unknown side feature “%s”"),
                                      def->id, *id);
          if ((guint) f == p->feature)
            return sand_ruleset_fail (loader, p->node, error, _("“%s” cannot require itself"),
                                      def->id);
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
            return sand_ruleset_fail (loader, g_ptr_array_index (loader->option_nodes, i), error,
                                      _("option “%s” cannot require itself"), def->id);
          if (sand_ruleset_find_in (options, *r) < 0)
            return sand_ruleset_fail (loader, g_ptr_array_index (loader->option_nodes, i), error,
                                      _("option “%s” requires an unknown option “%s”"),
                                      def->id, *r);
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
  { "counter-fields", { "field", NULL }, read_counter_field },
  { "badges", { "badge", NULL }, read_badge },
  { "phases", { "phase", NULL }, read_phase },
  { "options", { "option", NULL }, read_option },
  { "params", { "param", NULL }, read_param },
  { "tables", { "table", NULL }, read_table },
};

gboolean
sand_ruleset_read_root (Loader   *loader,
                        xmlNode  *root,
                        GError  **error)
{
  static const char * const attrs[] = { "id", "version", "name", NULL };
  xmlNode *found[G_N_ELEMENTS (sections)] = { NULL };
  g_autofree char *version = NULL;
  SandRuleset *self = loader->ruleset;
  gboolean skip;

  if (root == NULL)
    return sand_ruleset_fail (loader, NULL, error, _("the document has no root element"));
  if (!sand_ruleset_check_child (loader, root, &skip, error))
    return FALSE;
  if (!sand_ruleset_is_element (root, "ruleset"))
    return sand_ruleset_fail (loader, root, error, _("the root element is <%s>, not <ruleset>"),
                              root->name);
  if (!sand_ruleset_check_attrs (loader, root, attrs, error)
      || !sand_ruleset_require_attr (loader, root, "version", &version, error))
    return FALSE;
  if (strcmp (version, RULESET_VERSION) != 0)
    return sand_ruleset_fail (loader, root, error,
                              _("ruleset format version “%s” is not supported (only %s)"), version,
                              RULESET_VERSION);
  if (!sand_ruleset_read_id (loader, root, &self->id, error))
    return FALSE;
  self->name = sand_ruleset_get_attr_or_id (root, "name", self->id);

  for (xmlNode *child = root->children; child != NULL; child = child->next)
    {
      gsize i;

      if (!sand_ruleset_check_child (loader, child, &skip, error))
        return FALSE;
      if (skip)
        continue;
      if (sand_ruleset_is_element (child, "description"))
        {
          if (self->description != NULL)
            return sand_ruleset_fail (loader, child, error, _("<description> is given twice"));
          self->description = node_text (child);
          continue;
        }
      for (i = 0; i < G_N_ELEMENTS (sections); i++)
        if (sand_ruleset_is_element (child, sections[i].section))
          break;
      if (i == G_N_ELEMENTS (sections))
        return sand_ruleset_fail (loader, child, error, _("unexpected element <%s> in <ruleset>"),
                                  child->name);
      if (found[i] != NULL)
        return sand_ruleset_fail (loader, child, error, _("<%s> is given twice"), child->name);
      found[i] = child;
    }

  for (gsize i = 0; i < G_N_ELEMENTS (sections); i++)
    if (found[i] != NULL
        && !sand_ruleset_read_section (loader, found[i], sections[i].items, sections[i].func,
                                       error))
      return FALSE;
  if (!resolve_requires (loader, error) || !resolve_option_requires (loader, error))
    return FALSE;

  /* Scenarios store these as indices; an empty list would leave nothing to
   * point at. */
  if (self->sides->len < 2)
    return sand_ruleset_fail (loader, root, error, _("a ruleset needs at least two sides"));
  if (self->terrains->len == 0)
    return sand_ruleset_fail (loader, root, error, _("a ruleset needs at least one terrain"));
  if (self->unit_types->len == 0)
    return sand_ruleset_fail (loader, root, error, _("a ruleset needs at least one unit type"));
  if (self->phases->len == 0)
    return sand_ruleset_fail (loader, root, error, _("a ruleset needs at least one phase"));
  return TRUE;
}
