/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules.c: the registry of rules modules. A shipped game's module goes
 * in the table below; a game kept outside the engine (the tests' own)
 * registers itself with sand_rules_register (). Nothing else in the core
 * names a game. */
#include "config.h"

#include "sand-rules.h"

#include <string.h>

static const SandRulesModule *modules[] = {
  &sand_rules_fpw1870,
  &sand_rules_lfaf1914,
};

static GMutex added_lock;
static GPtrArray *added; /* const SandRulesModule*, never freed */

const SandRulesModule *
sand_rules_lookup (const char *ruleset_id)
{
  const SandRulesModule *found = NULL;

  g_return_val_if_fail (ruleset_id != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (modules); i++)
    if (strcmp (modules[i]->ruleset_id, ruleset_id) == 0)
      return modules[i];
  g_mutex_lock (&added_lock);
  for (guint i = 0; added != NULL && i < added->len && found == NULL; i++)
    {
      const SandRulesModule *m = g_ptr_array_index (added, i);
      if (strcmp (m->ruleset_id, ruleset_id) == 0)
        found = m;
    }
  g_mutex_unlock (&added_lock);
  return found;
}

gboolean
sand_rules_register (const SandRulesModule *module)
{
  g_return_val_if_fail (module != NULL && module->ruleset_id != NULL, FALSE);

  const SandRulesModule *known = sand_rules_lookup (module->ruleset_id);
  if (known != NULL)
    return known == module;
  g_mutex_lock (&added_lock);
  if (added == NULL)
    added = g_ptr_array_new ();
  g_ptr_array_add (added, (gpointer) module);
  g_mutex_unlock (&added_lock);
  return TRUE;
}
