/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules.c: the registry of rules modules. A new game's module goes in
 * the table below; nothing else in the core names a game. */
#include "config.h"

#include "sand-rules.h"

#include <string.h>

static const SandRulesModule *modules[] = {
  &sand_rules_fpw1870,
  &sand_rules_lfaf1914,
};

const SandRulesModule *
sand_rules_lookup (const char *ruleset_id)
{
  g_return_val_if_fail (ruleset_id != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (modules); i++)
    if (strcmp (modules[i]->ruleset_id, ruleset_id) == 0)
      return modules[i];
  return NULL;
}
