/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-balance-games.h: a pairing's most lopsided games — the highest
 * and the lowest net victory points — each with its seed, result and
 * length and a Watch button: "watch" (guint pairing, guint game) asks for
 * that game of the run to be played again in the playtest. */
#pragma once

#include <gtk/gtk.h>

#include "sand-balance.h"
#include "sand-ruleset.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_BALANCE_GAMES (editor_balance_games_get_type ())
G_DECLARE_FINAL_TYPE (EditorBalanceGames, editor_balance_games, EDITOR, BALANCE_GAMES, GtkWidget)

GtkWidget *editor_balance_games_new   (void);
/* Lists @report's pairing @pairing (NULL @report: nothing). */
void       editor_balance_games_show  (EditorBalanceGames      *self,
                                       const SandBalanceReport *report,
                                       guint                    pairing,
                                       SandRuleset             *ruleset);
/* How many games are listed. */
guint      editor_balance_games_count (EditorBalanceGames      *self);

G_END_DECLS
