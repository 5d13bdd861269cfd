/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ruleset.c: a game's vocabulary and tables, loaded from XML.
 *
 * This file holds the object, the cache of the shipped rulesets and the
 * queries on the vocabulary (sides, terrains, options…). The rest, each
 * its own file so that none mixes parsing with querying:
 *   sand-ruleset-load.c      parsing untrusted XML and the helpers it uses
 *   sand-ruleset-sections.c  reading each section of the file
 *   sand-ruleset-tables.c    params and tables
 */
#include "sand-ruleset.h"
#include "sand-ruleset-private.h"

#include <string.h>

#include "sand-engine-resources.h"

G_DEFINE_FINAL_TYPE (SandRuleset, sand_ruleset, G_TYPE_OBJECT)

G_DEFINE_QUARK (sand-ruleset-error-quark, sand_ruleset_error)

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
counter_field_def_free (gpointer data)
{
  SandCounterFieldDef *d = data;

  g_free (d->id);
  g_free (d);
}

static void
badge_def_free (gpointer data)
{
  SandBadgeDef *d = data;

  g_free (d->id);
  g_free (d->name);
  g_free (d->letter);
  g_free (d->color);
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
  g_clear_pointer (&self->counter_fields, g_ptr_array_unref);
  g_clear_pointer (&self->badges, g_ptr_array_unref);
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
  self->counter_fields = g_ptr_array_new_with_free_func (counter_field_def_free);
  self->badges = g_ptr_array_new_with_free_func (badge_def_free);
  self->phases = g_ptr_array_new_with_free_func (phase_def_free);
  self->options = g_ptr_array_new_with_free_func (option_def_free);
  self->params = g_ptr_array_new_with_free_func (param_free);
  self->param_index = g_hash_table_new (g_str_hash, g_str_equal);
  self->tables = g_ptr_array_new_with_free_func (table_free);
  self->table_index = g_hash_table_new (g_str_hash, g_str_equal);
}

static int
sort_strings (gconstpointer a,
              gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
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

  if (!sand_ruleset_valid_id (id))
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
      g_autofree char *known = g_strjoinv (", ", (char **) sand_ruleset_list_shipped ());

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

/* The one list of shipped ruleset ids is the files the engine's resource
 * holds (data/rulesets/ID.xml, listed in the gresource XML); each rules
 * module names its own id. Read once, sorted. */
const char * const *
sand_ruleset_list_shipped (void)
{
  static char **ids;

  if (g_once_init_enter (&ids))
    {
      g_auto (GStrv) names = g_resource_enumerate_children (sand_engine_get_resource (),
                                                            RESOURCE_DIR,
                                                            G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
      g_autoptr (GPtrArray) found = g_ptr_array_new ();
      for (guint i = 0; names != NULL && names[i] != NULL; i++)
        if (g_str_has_suffix (names[i], ".xml"))
          g_ptr_array_add (found, g_strndup (names[i], strlen (names[i]) - 4));
      g_ptr_array_sort (found, (GCompareFunc) sort_strings);
      g_ptr_array_add (found, NULL);
      g_once_init_leave (&ids, (char **) g_ptr_array_free (g_steal_pointer (&found), FALSE));
    }
  return (const char * const *) ids;
}

gboolean
sand_ruleset_add (SandRuleset  *ruleset,
                  GError      **error)
{
  g_return_val_if_fail (SAND_IS_RULESET (ruleset), FALSE);

  const char *id = sand_ruleset_get_id (ruleset);
  g_mutex_lock (&cache_lock);
  if (cache == NULL)
    cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  gboolean taken = g_hash_table_contains (cache, id)
    || g_strv_contains (sand_ruleset_list_shipped (), id);
  if (!taken)
    g_hash_table_insert (cache, g_strdup (id), g_object_ref (ruleset));
  g_mutex_unlock (&cache_lock);
  if (taken)
    g_set_error (error, SAND_RULESET_ERROR, SAND_RULESET_ERROR_NOT_FOUND,
                 "There is already a ruleset “%s”", id);
  return !taken;
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
    return sand_ruleset_find_in (self->plural, id);                                          \
  }

LIST_ACCESSORS (sides, side, SandSideDef)
LIST_ACCESSORS (countries, country, SandCountryDef)
LIST_ACCESSORS (terrains, terrain, SandTerrainDef)
LIST_ACCESSORS (side_features, side_feature, SandSideFeatureDef)
LIST_ACCESSORS (unit_types, unit_type, SandUnitTypeDef)
LIST_ACCESSORS (phases, phase, SandPhaseDef)
LIST_ACCESSORS (counter_fields, counter_field, SandCounterFieldDef)
LIST_ACCESSORS (badges, badge, SandBadgeDef)

gboolean
sand_ruleset_counter_has_field (SandRuleset *self,
                                const char  *field)
{
  g_return_val_if_fail (SAND_IS_RULESET (self), FALSE);
  return self->counter_fields->len == 0 || sand_ruleset_find_in (self->counter_fields, field) >= 0;
}

int
sand_ruleset_counter_field_initial (SandRuleset *self,
                                    const char  *field,
                                    int          fallback)
{
  g_return_val_if_fail (SAND_IS_RULESET (self), fallback);
  int i = sand_ruleset_find_in (self->counter_fields, field);
  return i < 0 ? fallback
               : ((const SandCounterFieldDef *) g_ptr_array_index (self->counter_fields,
                                                                    (guint) i))->initial;
}

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
  return sand_ruleset_find_in (self->options, id);
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
      int n = sand_ruleset_find_in (self->options, *r);

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

  target = sand_ruleset_find_in (self->options, option);
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
    if (sand_ruleset_find_in (self->options, on_now[i]) < 0 && strcmp (on_now[i], option) != 0)
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
