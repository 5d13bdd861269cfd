/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ruleset-tables.c: a ruleset's params and tables (the numbers and
 * charts a rules module reads). Its own file as the part the rules modules
 * query while playing; a ruleset with some of them replaced is made in
 * sand-ruleset-derive.c.
 */
#include "sand-ruleset.h"
#include "sand-ruleset-private.h"

#include <string.h>

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
