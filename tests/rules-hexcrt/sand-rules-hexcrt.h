/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules-hexcrt.h: Hex and CRT, the tests' own game. */
#pragma once

#include <glib.h>

#include "sand-rules.h"

G_BEGIN_DECLS

/* Plugs the game into the engine: its ruleset (@dir/hexcrt.xml) and its
 * rules module, so that scenarios naming ruleset="hexcrt" load, validate
 * and play. Calling it again does nothing. */
gboolean sand_rules_hexcrt_register (const char  *dir,
                                     GError     **error);

G_END_DECLS
