/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-scenario.c: the scenario document — map, counters, orders of
 * battle, length and victory. Counters live in an ordered array (file
 * order, stable saves) with a hash from id to index beside it, rebuilt
 * whenever indices shift. The structs it holds are made, copied and freed
 * in sand-scenario-structs.c.
 */
#include "sand-scenario.h"

#include <string.h>

struct _SandScenario
{
  GObject parent_instance;

  SandMap *map;
  char *title;
  char *description;
  char *notes;
  char *victory_text;
  int turns;
  int first_side;

  GPtrArray *options;        /* char*, sorted, unique */
  GPtrArray *counters;       /* SandCounter* */
  GHashTable *counter_index; /* id (owned by the counter) → index + 1 */
  GPtrArray *oobs;           /* SandOob* */
  GPtrArray *victory_levels; /* SandVictoryLevel*, sorted by min */
};

G_DEFINE_FINAL_TYPE (SandScenario, sand_scenario, G_TYPE_OBJECT)

enum {
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The object. */

static void
sand_scenario_finalize (GObject *object)
{
  SandScenario *self = SAND_SCENARIO (object);

  g_clear_object (&self->map);
  g_free (self->title);
  g_free (self->description);
  g_free (self->notes);
  g_free (self->victory_text);
  g_clear_pointer (&self->options, g_ptr_array_unref);
  g_clear_pointer (&self->counter_index, g_hash_table_unref);
  g_clear_pointer (&self->counters, g_ptr_array_unref);
  g_clear_pointer (&self->oobs, g_ptr_array_unref);
  g_clear_pointer (&self->victory_levels, g_ptr_array_unref);

  G_OBJECT_CLASS (sand_scenario_parent_class)->finalize (object);
}

static void
sand_scenario_class_init (SandScenarioClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = sand_scenario_finalize;

  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
sand_scenario_init (SandScenario *self)
{
  self->turns = 1;
  self->first_side = 0;
  self->options = g_ptr_array_new_with_free_func (g_free);
  self->counters = g_ptr_array_new_with_free_func ((GDestroyNotify) sand_counter_free);
  self->counter_index = g_hash_table_new (g_str_hash, g_str_equal);
  self->oobs = g_ptr_array_new_with_free_func ((GDestroyNotify) sand_oob_free);
  self->victory_levels =
    g_ptr_array_new_with_free_func ((GDestroyNotify) sand_victory_level_free);
}

SandScenario *
sand_scenario_new (SandMap *map)
{
  SandScenario *self;

  g_return_val_if_fail (SAND_IS_MAP (map), NULL);

  self = g_object_new (SAND_TYPE_SCENARIO, NULL);
  self->map = g_object_ref (map);
  return self;
}

static void
rebuild_counter_index (SandScenario *self)
{
  g_hash_table_remove_all (self->counter_index);
  for (guint i = 0; i < self->counters->len; i++)
    {
      SandCounter *c = g_ptr_array_index (self->counters, i);

      g_hash_table_insert (self->counter_index, c->id, GUINT_TO_POINTER (i + 1));
    }
}

SandScenario *
sand_scenario_copy (SandScenario *self)
{
  g_return_val_if_fail (SAND_IS_SCENARIO (self), NULL);
  return sand_scenario_copy_with_ruleset (self, sand_map_get_ruleset (self->map));
}

SandScenario *
sand_scenario_copy_with_ruleset (SandScenario *self,
                                 SandRuleset  *ruleset)
{
  g_autoptr (SandMap) map = NULL;
  SandScenario *copy;

  g_return_val_if_fail (SAND_IS_SCENARIO (self), NULL);
  g_return_val_if_fail (SAND_IS_RULESET (ruleset), NULL);

  map = sand_map_copy_with_ruleset (self->map, ruleset);
  g_return_val_if_fail (map != NULL, NULL);
  copy = sand_scenario_new (map);
  copy->title = g_strdup (self->title);
  copy->description = g_strdup (self->description);
  copy->notes = g_strdup (self->notes);
  copy->victory_text = g_strdup (self->victory_text);
  copy->turns = self->turns;
  copy->first_side = self->first_side;
  for (guint i = 0; i < self->options->len; i++)
    g_ptr_array_add (copy->options, g_strdup (g_ptr_array_index (self->options, i)));
  for (guint i = 0; i < self->counters->len; i++)
    g_ptr_array_add (copy->counters, sand_counter_copy (g_ptr_array_index (self->counters, i)));
  rebuild_counter_index (copy);
  for (guint i = 0; i < self->oobs->len; i++)
    g_ptr_array_add (copy->oobs, sand_oob_copy (g_ptr_array_index (self->oobs, i)));
  for (guint i = 0; i < self->victory_levels->len; i++)
    g_ptr_array_add (copy->victory_levels,
                     sand_victory_level_copy (g_ptr_array_index (self->victory_levels, i)));
  return copy;
}

void
sand_scenario_emit_changed (SandScenario *self)
{
  g_return_if_fail (SAND_IS_SCENARIO (self));
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

SandMap *
sand_scenario_get_map (SandScenario *self)
{
  g_return_val_if_fail (SAND_IS_SCENARIO (self), NULL);
  return self->map;
}

SandRuleset *
sand_scenario_get_ruleset (SandScenario *self)
{
  g_return_val_if_fail (SAND_IS_SCENARIO (self), NULL);
  return sand_map_get_ruleset (self->map);
}

/* Replaces *field by a copy of @value; TRUE when it changed. */
static gboolean
set_string (char       **field,
            const char  *value)
{
  if (g_strcmp0 (*field, value) == 0)
    return FALSE;
  g_free (*field);
  *field = g_strdup (value);
  return TRUE;
}

const char *
sand_scenario_get_title (SandScenario *self)
{
  g_return_val_if_fail (SAND_IS_SCENARIO (self), NULL);
  return self->title;
}

void
sand_scenario_set_title (SandScenario *self,
                         const char   *title)
{
  g_return_if_fail (SAND_IS_SCENARIO (self));
  if (set_string (&self->title, title))
    sand_scenario_emit_changed (self);
}

const char *
sand_scenario_get_description (SandScenario *self)
{
  g_return_val_if_fail (SAND_IS_SCENARIO (self), NULL);
  return self->description;
}

void
sand_scenario_set_description (SandScenario *self,
                               const char   *text)
{
  g_return_if_fail (SAND_IS_SCENARIO (self));
  if (set_string (&self->description, text))
    sand_scenario_emit_changed (self);
}

const char *
sand_scenario_get_notes (SandScenario *self)
{
  g_return_val_if_fail (SAND_IS_SCENARIO (self), NULL);
  return self->notes;
}

void
sand_scenario_set_notes (SandScenario *self,
                         const char   *text)
{
  g_return_if_fail (SAND_IS_SCENARIO (self));
  if (set_string (&self->notes, text))
    sand_scenario_emit_changed (self);
}

const char *
sand_scenario_get_victory_text (SandScenario *self)
{
  g_return_val_if_fail (SAND_IS_SCENARIO (self), NULL);
  return self->victory_text;
}

void
sand_scenario_set_victory_text (SandScenario *self,
                                const char   *text)
{
  g_return_if_fail (SAND_IS_SCENARIO (self));
  if (set_string (&self->victory_text, text))
    sand_scenario_emit_changed (self);
}

int
sand_scenario_get_turns (SandScenario *self)
{
  g_return_val_if_fail (SAND_IS_SCENARIO (self), 1);
  return self->turns;
}

void
sand_scenario_set_turns (SandScenario *self,
                         int           turns)
{
  g_return_if_fail (SAND_IS_SCENARIO (self));
  g_return_if_fail (turns >= 1);

  if (self->turns == turns)
    return;
  self->turns = turns;
  sand_scenario_emit_changed (self);
}

int
sand_scenario_get_first_side (SandScenario *self)
{
  g_return_val_if_fail (SAND_IS_SCENARIO (self), 0);
  return self->first_side;
}

void
sand_scenario_set_first_side (SandScenario *self,
                              int           side)
{
  g_return_if_fail (SAND_IS_SCENARIO (self));
  g_return_if_fail (side >= 0
                    && side < (int) sand_ruleset_n_sides (sand_scenario_get_ruleset (self)));

  if (self->first_side == side)
    return;
  self->first_side = side;
  sand_scenario_emit_changed (self);
}

/* Binary search in the sorted option list; returns the index where @option
 * is or would go. */
static guint
option_position (SandScenario *self,
                 const char   *option,
                 gboolean     *found)
{
  guint lo = 0, hi = self->options->len;

  *found = FALSE;
  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;
      int cmp = strcmp (g_ptr_array_index (self->options, mid), option);

      if (cmp == 0)
        {
          *found = TRUE;
          return mid;
        }
      if (cmp < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

gboolean
sand_scenario_has_option (SandScenario *self,
                          const char   *option)
{
  gboolean found;

  g_return_val_if_fail (SAND_IS_SCENARIO (self), FALSE);
  g_return_val_if_fail (option != NULL, FALSE);

  option_position (self, option, &found);
  return found;
}

void
sand_scenario_set_option (SandScenario *self,
                          const char   *option,
                          gboolean      on)
{
  gboolean found;
  guint pos;

  g_return_if_fail (SAND_IS_SCENARIO (self));
  g_return_if_fail (option != NULL && *option != '\0');

  pos = option_position (self, option, &found);
  if (found == !!on)
    return;
  if (on)
    g_ptr_array_insert (self->options, (int) pos, g_strdup (option));
  else
    g_ptr_array_remove_index (self->options, pos);
  sand_scenario_emit_changed (self);
}

char **
sand_scenario_list_options (SandScenario *self)
{
  char **list;

  g_return_val_if_fail (SAND_IS_SCENARIO (self), NULL);

  list = g_new0 (char *, self->options->len + 1);
  for (guint i = 0; i < self->options->len; i++)
    list[i] = g_strdup (g_ptr_array_index (self->options, i));
  return list;
}

/* Counters. */

guint
sand_scenario_n_counters (SandScenario *self)
{
  g_return_val_if_fail (SAND_IS_SCENARIO (self), 0);
  return self->counters->len;
}

const SandCounter *
sand_scenario_get_counter (SandScenario *self,
                           guint         i)
{
  g_return_val_if_fail (SAND_IS_SCENARIO (self), NULL);
  g_return_val_if_fail (i < self->counters->len, NULL);
  return g_ptr_array_index (self->counters, i);
}

int
sand_scenario_find_counter (SandScenario *self,
                            const char   *id)
{
  gpointer value;

  g_return_val_if_fail (SAND_IS_SCENARIO (self), -1);

  if (id == NULL)
    return -1;
  value = g_hash_table_lookup (self->counter_index, id);
  return value == NULL ? -1 : (int) GPOINTER_TO_UINT (value) - 1;
}

gboolean
sand_scenario_add_counter (SandScenario *self,
                           SandCounter  *counter)
{
  g_return_val_if_fail (SAND_IS_SCENARIO (self), FALSE);
  g_return_val_if_fail (counter != NULL, FALSE);

  if (counter->id == NULL || *counter->id == '\0'
      || g_hash_table_contains (self->counter_index, counter->id))
    {
      sand_counter_free (counter);
      return FALSE;
    }
  g_ptr_array_add (self->counters, counter);
  g_hash_table_insert (self->counter_index, counter->id,
                       GUINT_TO_POINTER (self->counters->len));
  sand_scenario_emit_changed (self);
  return TRUE;
}

void
sand_scenario_insert_counter (SandScenario *self,
                              guint         i,
                              SandCounter  *counter)
{
  g_return_if_fail (SAND_IS_SCENARIO (self));
  g_return_if_fail (counter != NULL && counter->id != NULL);
  g_return_if_fail (i <= self->counters->len);

  if (g_hash_table_contains (self->counter_index, counter->id))
    {
      g_critical ("%s: counter id “%s” is already taken", G_STRFUNC, counter->id);
      sand_counter_free (counter);
      return;
    }
  g_ptr_array_insert (self->counters, (int) i, counter);
  rebuild_counter_index (self);
  sand_scenario_emit_changed (self);
}

SandCounter *
sand_scenario_take_counter (SandScenario *self,
                            guint         i)
{
  SandCounter *c;

  g_return_val_if_fail (SAND_IS_SCENARIO (self), NULL);
  g_return_val_if_fail (i < self->counters->len, NULL);

  c = g_ptr_array_steal_index (self->counters, i);
  rebuild_counter_index (self);
  sand_scenario_emit_changed (self);
  return c;
}

void
sand_scenario_replace_counter (SandScenario *self,
                               guint         i,
                               SandCounter  *counter)
{
  SandCounter *old;
  int other;

  g_return_if_fail (SAND_IS_SCENARIO (self));
  g_return_if_fail (counter != NULL && counter->id != NULL);
  g_return_if_fail (i < self->counters->len);

  old = g_ptr_array_index (self->counters, i);
  if (old == counter)
    {
      /* Edited in place: the id may have changed under the index. */
      rebuild_counter_index (self);
      sand_scenario_emit_changed (self);
      return;
    }
  other = sand_scenario_find_counter (self, counter->id);
  if (other >= 0 && other != (int) i)
    {
      g_critical ("%s: counter id “%s” is already taken", G_STRFUNC, counter->id);
      sand_counter_free (counter);
      return;
    }
  g_hash_table_remove (self->counter_index, old->id);
  self->counters->pdata[i] = counter;
  g_hash_table_insert (self->counter_index, counter->id, GUINT_TO_POINTER (i + 1));
  sand_counter_free (old);
  sand_scenario_emit_changed (self);
}

/* Orders of battle. */

guint
sand_scenario_n_oobs (SandScenario *self)
{
  g_return_val_if_fail (SAND_IS_SCENARIO (self), 0);
  return self->oobs->len;
}

SandOob *
sand_scenario_get_oob (SandScenario *self,
                       guint         i)
{
  g_return_val_if_fail (SAND_IS_SCENARIO (self), NULL);
  g_return_val_if_fail (i < self->oobs->len, NULL);
  return g_ptr_array_index (self->oobs, i);
}

int
sand_scenario_find_oob (SandScenario *self,
                        const char   *id)
{
  g_return_val_if_fail (SAND_IS_SCENARIO (self), -1);
  g_return_val_if_fail (id != NULL, -1);

  for (guint i = 0; i < self->oobs->len; i++)
    {
      const SandOob *oob = g_ptr_array_index (self->oobs, i);

      if (strcmp (oob->id, id) == 0)
        return (int) i;
    }
  return -1;
}

SandOob *
sand_scenario_default_oob (SandScenario *self,
                           int           side)
{
  g_return_val_if_fail (SAND_IS_SCENARIO (self), NULL);

  for (guint i = 0; i < self->oobs->len; i++)
    {
      SandOob *oob = g_ptr_array_index (self->oobs, i);

      if (oob->side == side)
        return oob;
    }
  return NULL;
}

guint
sand_scenario_add_oob (SandScenario *self,
                       SandOob      *oob)
{
  g_return_val_if_fail (SAND_IS_SCENARIO (self), 0);
  g_return_val_if_fail (oob != NULL, 0);

  g_ptr_array_add (self->oobs, oob);
  sand_scenario_emit_changed (self);
  return self->oobs->len - 1;
}

void
sand_scenario_insert_oob (SandScenario *self,
                          guint         i,
                          SandOob      *oob)
{
  g_return_if_fail (SAND_IS_SCENARIO (self));
  g_return_if_fail (oob != NULL);
  g_return_if_fail (i <= self->oobs->len);

  g_ptr_array_insert (self->oobs, (int) i, oob);
  sand_scenario_emit_changed (self);
}

SandOob *
sand_scenario_take_oob (SandScenario *self,
                        guint         i)
{
  SandOob *oob;

  g_return_val_if_fail (SAND_IS_SCENARIO (self), NULL);
  g_return_val_if_fail (i < self->oobs->len, NULL);

  oob = g_ptr_array_steal_index (self->oobs, i);
  sand_scenario_emit_changed (self);
  return oob;
}

/* Victory. */

guint
sand_scenario_n_victory_levels (SandScenario *self)
{
  g_return_val_if_fail (SAND_IS_SCENARIO (self), 0);
  return self->victory_levels->len;
}

const SandVictoryLevel *
sand_scenario_get_victory_level (SandScenario *self,
                                 guint         i)
{
  g_return_val_if_fail (SAND_IS_SCENARIO (self), NULL);
  g_return_val_if_fail (i < self->victory_levels->len, NULL);
  return g_ptr_array_index (self->victory_levels, i);
}

void
sand_scenario_add_victory_level (SandScenario     *self,
                                 SandVictoryLevel *level)
{
  guint pos = 0;

  g_return_if_fail (SAND_IS_SCENARIO (self));
  g_return_if_fail (level != NULL);

  /* After every level with the same or a lower min: stable for equal mins. */
  while (pos < self->victory_levels->len
         && ((SandVictoryLevel *) g_ptr_array_index (self->victory_levels, pos))->min
              <= level->min)
    pos++;
  g_ptr_array_insert (self->victory_levels, (int) pos, level);
  sand_scenario_emit_changed (self);
}

void
sand_scenario_clear_victory_levels (SandScenario *self)
{
  g_return_if_fail (SAND_IS_SCENARIO (self));

  if (self->victory_levels->len == 0)
    return;
  g_ptr_array_set_size (self->victory_levels, 0);
  sand_scenario_emit_changed (self);
}

const SandVictoryLevel *
sand_scenario_victory_level_for (SandScenario *self,
                                 int           net)
{
  g_return_val_if_fail (SAND_IS_SCENARIO (self), NULL);

  for (guint i = 0; i < self->victory_levels->len; i++)
    {
      const SandVictoryLevel *l = g_ptr_array_index (self->victory_levels, i);

      if (net >= l->min && net <= l->max)
        return l;
    }
  return NULL;
}
