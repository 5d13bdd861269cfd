/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-result.c: the typed result of an action. */
#include "config.h"

#include "sand-result.h"

#include <string.h>

void
sand_result_init (SandResult *result)
{
  g_return_if_fail (result != NULL);
  memset (result, 0, sizeof *result);
  result->unit = -1;
  result->mp_left = -1;
  result->placed = -1;
  result->hasty_unit = -1;
}

static void
fact_clear (gpointer data)
{
  SandFact *f = data;
  g_free (f->text);
  g_clear_pointer (&f->items, g_array_unref);
  g_clear_pointer (&f->texts, g_ptr_array_unref);
}

static void
note_clear (gpointer data)
{
  g_free (((SandNote *) data)->text);
}

void
sand_result_clear (SandResult *result)
{
  g_return_if_fail (result != NULL);
  g_clear_pointer (&result->path, g_array_unref);
  if (result->has_attack)
    sand_attack_result_clear (&result->attack);
  g_clear_pointer (&result->notes, g_array_unref);
  g_clear_pointer (&result->facts, g_array_unref);
  sand_result_init (result);
}

static SandFact *
add (SandResult   *result,
     const char   *key,
     SandFactKind  kind)
{
  if (result->facts == NULL)
    {
      result->facts = g_array_new (FALSE, TRUE, sizeof (SandFact));
      g_array_set_clear_func (result->facts, fact_clear);
    }
  SandFact f = { key, kind, 0, NULL, NULL, NULL };
  g_array_append_val (result->facts, f);
  return &g_array_index (result->facts, SandFact, result->facts->len - 1);
}

void
sand_result_add_int (SandResult *result, const char *key, int value)
{
  g_return_if_fail (result != NULL);
  add (result, key, SAND_FACT_INT)->value = value;
}

void
sand_result_add_bool (SandResult *result, const char *key, gboolean value)
{
  g_return_if_fail (result != NULL);
  add (result, key, SAND_FACT_BOOL)->value = value != FALSE;
}

void
sand_result_add_string (SandResult *result, const char *key, const char *text)
{
  g_return_if_fail (result != NULL);
  add (result, key, SAND_FACT_STRING)->text = g_strdup (text);
}

void
sand_result_add_unit (SandResult *result, const char *key, int unit)
{
  g_return_if_fail (result != NULL);
  add (result, key, SAND_FACT_UNIT)->value = unit;
}

void
sand_result_add_hex (SandResult *result, const char *key, int hex)
{
  g_return_if_fail (result != NULL);
  add (result, key, SAND_FACT_HEX)->value = hex;
}

void
sand_result_add_units (SandResult *result, const char *key, const int *units, guint n)
{
  g_return_if_fail (result != NULL);
  SandFact *f = add (result, key, SAND_FACT_UNITS);
  f->items = g_array_sized_new (FALSE, FALSE, sizeof (int), n);
  g_array_append_vals (f->items, units, n);
}

void
sand_result_add_strings (SandResult *result, const char *key, GPtrArray *texts)
{
  g_return_if_fail (result != NULL);
  SandFact *f = add (result, key, SAND_FACT_STRINGS);
  f->texts = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; texts != NULL && i < texts->len; i++)
    g_ptr_array_add (f->texts, g_strdup (g_ptr_array_index (texts, i)));
}

void
sand_result_begin (SandResult *result, const char *key, SandFactKind kind)
{
  g_return_if_fail (result != NULL);
  g_return_if_fail (kind == SAND_FACT_OBJECT || kind == SAND_FACT_ARRAY);
  add (result, key, kind);
}

void
sand_result_end (SandResult *result)
{
  g_return_if_fail (result != NULL);
  add (result, NULL, SAND_FACT_END);
}

void
sand_result_add_note (SandResult *result, const char *rule, const char *text)
{
  g_return_if_fail (result != NULL);
  if (result->notes == NULL)
    {
      result->notes = g_array_new (FALSE, TRUE, sizeof (SandNote));
      g_array_set_clear_func (result->notes, note_clear);
    }
  SandNote n = { g_strdup (text), rule };
  g_array_append_val (result->notes, n);
}

const SandFact *
sand_result_find (const SandResult *result, const char *key)
{
  int depth = 0;
  g_return_val_if_fail (result != NULL, NULL);
  for (guint i = 0; result->facts != NULL && i < result->facts->len; i++)
    {
      const SandFact *f = &g_array_index (result->facts, SandFact, i);
      if (depth == 0 && f->key != NULL && strcmp (f->key, key) == 0)
        return f;
      if (f->kind == SAND_FACT_OBJECT || f->kind == SAND_FACT_ARRAY)
        depth++;
      else if (f->kind == SAND_FACT_END)
        depth--;
    }
  return NULL;
}
