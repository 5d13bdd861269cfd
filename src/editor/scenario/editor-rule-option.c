/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-rule-option.h"
#include "sand-ruleset-labels.h"

/* What the ruleset says of the option, and what it needs on with it. */
char *
editor_rule_option_subtitle (SandRuleset         *ruleset,
                             const SandOptionDef *def)
{
  g_autoptr(GString) text = g_string_new (sand_ruleset_label ("option", def->description));

  if (def->requires[0] != NULL)
    {
      g_autoptr(GPtrArray) names = g_ptr_array_new ();
      g_autofree char *list = NULL;

      for (char **r = def->requires; *r != NULL; r++)
        {
          int o = sand_ruleset_find_option (ruleset, *r);

          g_ptr_array_add (names,
                           (gpointer) (o >= 0 ? sand_ruleset_option_label (ruleset, o) : *r));
        }
      g_ptr_array_add (names, NULL);
      list = g_strjoinv (", ", (char **) names->pdata);
      if (text->len > 0)
        g_string_append_c (text, '\n');
      /* TRANSLATORS: %s lists the rule options this one is played with,
       * as the ruleset names them ("Standard Game"). */
      g_string_append_printf (text, _("Needs: %s (switched on with it)"), list);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}
