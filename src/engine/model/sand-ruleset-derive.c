/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ruleset-derive.c: a ruleset derived from another with some tables
 * or params replaced — how a scenario overrides a chart, and how a bench or
 * a designer tries other weights for the computer player without editing
 * the shipped file (the shipped rulesets are compiled in and cached by id,
 * and a derived one keeps its base's id, so the same rules module plays
 * it). The defs are shared, never copied: a hex's terrain index or a
 * counter's type index means the same in both (sand_ruleset_shares_defs).
 */
#include "sand-ruleset.h"
#include "sand-ruleset-private.h"

#include <string.h>

static SandParam *
param_copy (const SandParam *param)
{
  SandParam *p = g_new0 (SandParam, 1);

  p->name = g_strdup (param->name);
  p->value = g_strdup (param->value);
  p->reconstructed = param->reconstructed;
  p->note = g_strdup (param->note);
  return p;
}

/* Rulesets never change after loading, so the defs can be shared; the
 * tables and params are copied (a few dozen small ones) for the caller to
 * replace, then indexed by reindex (). */
static SandRuleset *
derive (SandRuleset *base)
{
  SandRuleset *self = g_object_new (SAND_TYPE_RULESET, NULL);

  self->id = g_strdup (base->id);
  self->name = g_strdup (base->name);
  self->description = g_strdup (base->description);
#define SHARE(field) \
  G_STMT_START { g_ptr_array_unref (self->field); self->field = g_ptr_array_ref (base->field); } G_STMT_END
  SHARE (sides);
  SHARE (countries);
  SHARE (terrains);
  SHARE (side_features);
  SHARE (unit_types);
  SHARE (phases);
  SHARE (counter_fields);
  SHARE (badges);
  SHARE (options);
#undef SHARE
  for (guint i = 0; i < base->tables->len; i++)
    g_ptr_array_add (self->tables, sand_table_copy (g_ptr_array_index (base->tables, i)));
  for (guint i = 0; i < base->params->len; i++)
    g_ptr_array_add (self->params, param_copy (g_ptr_array_index (base->params, i)));
  return self;
}

static void
reindex (SandRuleset *self)
{
  g_hash_table_remove_all (self->table_index);
  for (guint i = 0; i < self->tables->len; i++)
    {
      SandTable *t = g_ptr_array_index (self->tables, i);

      g_hash_table_insert (self->table_index, t->id, t);
    }
  g_hash_table_remove_all (self->param_index);
  for (guint i = 0; i < self->params->len; i++)
    {
      SandParam *p = g_ptr_array_index (self->params, i);

      g_hash_table_insert (self->param_index, p->name, p);
    }
}

SandRuleset *
sand_ruleset_new_with_tables (SandRuleset             *base,
                              const SandTable * const *tables,
                              guint                    n_tables)
{
  SandRuleset *self;

  g_return_val_if_fail (SAND_IS_RULESET (base), NULL);
  g_return_val_if_fail (tables != NULL || n_tables == 0, NULL);

  self = derive (base);
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
  reindex (self);
  return self;
}

SandRuleset *
sand_ruleset_new_with_params (SandRuleset     *base,
                              const SandParam *params,
                              guint            n_params)
{
  SandRuleset *self;

  g_return_val_if_fail (SAND_IS_RULESET (base), NULL);
  g_return_val_if_fail (params != NULL || n_params == 0, NULL);
  for (guint i = 0; i < n_params; i++)
    g_return_val_if_fail (params[i].name != NULL && params[i].value != NULL, NULL);

  self = derive (base);
  for (guint i = 0; i < n_params; i++)
    {
      SandParam *copy = param_copy (&params[i]);
      guint j;

      for (j = 0; j < self->params->len; j++)
        if (strcmp (((SandParam *) g_ptr_array_index (self->params, j))->name, copy->name) == 0)
          break;
      if (j < self->params->len)
        {
          g_ptr_array_remove_index (self->params, j); /* frees the old one */
          g_ptr_array_insert (self->params, (int) j, copy);
        }
      else
        g_ptr_array_add (self->params, copy);
    }
  reindex (self);
  return self;
}

gboolean
sand_ruleset_shares_defs (SandRuleset *self,
                          SandRuleset *other)
{
  g_return_val_if_fail (SAND_IS_RULESET (self), FALSE);
  g_return_val_if_fail (SAND_IS_RULESET (other), FALSE);

  /* derive () shares all of them together, so one would do; all are
   * compared so that a future partial share cannot pass by accident */
  return self->sides == other->sides
         && self->countries == other->countries
         && self->terrains == other->terrains
         && self->side_features == other->side_features
         && self->unit_types == other->unit_types
         && self->phases == other->phases
         && self->counter_fields == other->counter_fields
         && self->badges == other->badges
         && self->options == other->options;
}
