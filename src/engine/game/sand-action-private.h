/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-action-private.h: what the action files share with the core. */
#pragma once

#include "sand-action.h"
#include "sand-result.h"

G_BEGIN_DECLS

/* sand-action.c: the parser's readers, with its refusals' wording. */
gboolean sand_action_parse_unit    (SandGame *game, const char *text, int *unit, GError **error);
gboolean sand_action_parse_hex     (SandGame *game, const char *text, int *hex, GError **error);

/* sand-action-apply.c: the core actions' apply and offered hooks. */
gboolean sand_action_apply_core    (SandGame *game, const SandAction *action, SandResult *result,
                                    GError **error);
gboolean sand_action_offered_core  (SandGame *game, const SandActionSpec *spec, int unit);
/* A `setup` line as @viewer reads it: hidden from the enemy while the
 * counter is face down (the other side does not watch the placement). */
char    *sand_action_setup_line_for (SandGame *game, const SandAction *action, int viewer);

/* Another reference to @action (sand_action_free drops one): for the
 * logged actions a game shares with its copies, which never change. */
SandAction *sand_action_ref        (SandAction *action);

/* *@a, made an int array when NULL (sand-action-value.c). */
GArray *sand_action_ints (GArray **a);

G_END_DECLS
