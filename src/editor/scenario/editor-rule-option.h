/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-rule-option.h: how the editor words a ruleset's rule option, shared
 * by the playtest set-up and the Scenario page so both say the same. */
#pragma once

#include <glib.h>

#include "sand-ruleset.h"

G_BEGIN_DECLS

char *editor_rule_option_subtitle (SandRuleset         *ruleset,
                                   const SandOptionDef *def);

G_END_DECLS
