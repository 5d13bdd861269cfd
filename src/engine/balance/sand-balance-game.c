/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-balance-game.c: one game of a balance run, watched between phases
 * (sand_ai_play_game_watched): where the attacks were made, where units
 * lost strength, where they stood at each turn's end, and who was ahead
 * then — read from the game's typed log, units and victory count, so the
 * computer player needs to know nothing of balance runs. */
#include "config.h"

#include <string.h>

#include "sand-action.h"
#include "sand-balance.h"

typedef struct {
  SandGame *game;
  guint n_units;
  int *prev_hex;
  int *prev_strength;
  guint8 *prev_status;
  guint log_seen;
  int last_turn;
  gboolean final_seen;
  GArray *leaders;          /* int: the side ahead at the end of turn k + 1, or -1 */
  GArray *leader_turns;     /* int: that turn */
  guint64 *combats, *losses, *unit_turns;
} Watch;

/* An attack's hex: the core's attack or a module's (FPW's hasty), read
 * from the log's typed actions. */
void
sand_balance_count_combats (SandGame *game,
                            guint     from,
                            guint64  *combats)
{
  g_return_if_fail (game != NULL && combats != NULL);
  for (guint i = from; i < sand_game_log_length (game); i++)
    {
      const SandAction *a = sand_game_log_action (game, i);
      if ((a->spec->flags & SAND_ACTION_ATTACKS) && a->hex >= 0)
        combats[a->hex]++;
    }
}

static void
snapshot_units (Watch *w)
{
  for (guint u = 0; u < w->n_units; u++)
    {
      const SandUnitState *st = sand_game_get_unit (w->game, (int) u);
      w->prev_hex[u] = st->hex;
      w->prev_strength[u] = st->strength;
      w->prev_status[u] = st->status;
    }
}

/* Strength lost since the last look, where the unit stood then: a
 * defender's loss falls on the hex it was attacked in, whatever its
 * retreat; an attacker's on the hex it attacked from. */
static void
count_losses (Watch *w)
{
  for (guint u = 0; u < w->n_units; u++)
    {
      const SandUnitState *st = sand_game_get_unit (w->game, (int) u);
      int hex = w->prev_hex[u];
      if (w->prev_status[u] != SAND_UNIT_ON_MAP || hex < 0)
        continue;
      int lost = 0;
      if (st->status == SAND_UNIT_ELIMINATED)
        lost = w->prev_strength[u];
      else if (st->status == SAND_UNIT_ON_MAP && st->strength < w->prev_strength[u])
        lost = w->prev_strength[u] - st->strength;
      if (lost > 0)
        w->losses[hex] += (guint64) lost;
    }
}

static void
end_of_turn (Watch *w)
{
  for (guint u = 0; u < w->n_units; u++)
    {
      const SandUnitState *st = sand_game_get_unit (w->game, (int) u);
      if (st->status == SAND_UNIT_ON_MAP && st->hex >= 0)
        w->unit_turns[st->hex]++;
    }
  SandAiOutcome now;
  sand_ai_outcome (w->game, &now);
  g_array_append_val (w->leaders, now.winner);
  g_array_append_val (w->leader_turns, w->last_turn);
}

static void
after_phase (SandGame *game,
             gpointer  user_data)
{
  Watch *w = user_data;
  guint len = sand_game_log_length (game);

  sand_balance_count_combats (game, MIN (w->log_seen, len), w->combats);
  w->log_seen = len;
  count_losses (w);
  snapshot_units (w);

  int turn = sand_game_get_turn (game);
  gboolean over = sand_game_is_over (game);
  if (turn != w->last_turn || (over && !w->final_seen))
    {
      end_of_turn (w);
      w->last_turn = turn;
      w->final_seen = over;
    }
}

/* The first turn from whose end on the eventual winner was ahead at
 * every turn's end; 0 without a winner. */
static int
lead_turn (Watch *w, int winner)
{
  if (winner < 0 || w->leaders->len == 0)
    return 0;
  int from = 0;
  for (guint k = w->leaders->len; k-- > 0;)
    {
      if (g_array_index (w->leaders, int, k) != winner)
        break;
      from = g_array_index (w->leader_turns, int, k);
    }
  return from;
}

/* One game as the run plays it; @keep (may be NULL) receives the game,
 * finished or stopped where it failed. */
static gboolean
play (const SandBalanceConfig *config,
      const char * const      *pairing_oobs,
      guint                    index,
      SandBalanceGame         *record,
      guint64                 *combats,
      guint64                 *losses,
      guint64                 *unit_turns,
      SandGame               **keep,
      GError                 **error)
{
  SandRuleset *rs = sand_scenario_get_ruleset (config->scenario);
  int n_sides = MIN ((int) sand_ruleset_n_sides (rs), SAND_MAX_SIDES);

  memset (record, 0, sizeof *record);
  record->index = index;
  record->seed = config->seed + index;
  record->winner = -1;

  g_autoptr(SandGame) game = sand_game_new (config->scenario, pairing_oobs, record->seed,
                                            error);
  if (game == NULL)
    return FALSE;

  /* Each side's player seeded as `sandtable-cli play --seed` seeds it, so
   * a listed game replays there. */
  SandAiOptions opts[SAND_MAX_SIDES];
  const SandAiOptions *players[SAND_MAX_SIDES] = { NULL };
  for (int s = 0; s < n_sides; s++)
    {
      opts[s] = config->players[s];
      opts[s].seed = record->seed * 4 + (guint64) s + 1;
      players[s] = &opts[s];
    }

  Watch w = { 0 };
  w.game = game;
  w.n_units = sand_game_n_units (game);
  w.prev_hex = g_new (int, w.n_units + 1);
  w.prev_strength = g_new (int, w.n_units + 1);
  w.prev_status = g_new (guint8, w.n_units + 1);
  w.leaders = g_array_new (FALSE, FALSE, sizeof (int));
  w.leader_turns = g_array_new (FALSE, FALSE, sizeof (int));
  w.combats = combats;
  w.losses = losses;
  w.unit_turns = unit_turns;
  w.last_turn = sand_game_get_turn (game);
  w.log_seen = sand_game_log_length (game);
  snapshot_units (&w);

  SandAiOutcome out = { 0 };
  g_autoptr(GError) local = NULL;
  gboolean ok = sand_ai_play_game_watched (game, players, after_phase, &w, &out, &local);
  if (ok)
    {
      record->over = out.over;
      record->winner = out.winner;
      record->level = g_intern_string (out.level);
      record->net = out.victory.net;
      for (int s = 0; s < n_sides; s++)
        record->points[s] = out.victory.points[s];
      record->turns = sand_game_get_turn (game);
      record->lead_turn = lead_turn (&w, out.winner);
      record->actions = out.actions;
    }
  else
    {
      /* A game the engine could not finish is kept as failed, not
       * counted: one bad seed must not sink a run of thousands. */
      record->failed = TRUE;
      g_message ("balance: game %u (seed %" G_GUINT64_FORMAT ") stopped: %s",
                 index, record->seed, local->message);
    }

  g_free (w.prev_hex);
  g_free (w.prev_strength);
  g_free (w.prev_status);
  g_array_unref (w.leaders);
  g_array_unref (w.leader_turns);
  if (keep != NULL)
    *keep = g_steal_pointer (&game);
  return TRUE;
}

gboolean
sand_balance_play_one (const SandBalanceConfig *config,
                       const char * const      *pairing_oobs,
                       guint                    index,
                       SandBalanceGame         *record,
                       guint64                 *combats,
                       guint64                 *losses,
                       guint64                 *unit_turns,
                       GError                 **error)
{
  return play (config, pairing_oobs, index, record, combats, losses, unit_turns, NULL, error);
}

SandGame *
sand_balance_replay_game (const SandBalanceConfig *config,
                          const char * const      *pairing_oobs,
                          guint                    index,
                          SandBalanceGame         *record,
                          GError                 **error)
{
  const SandGrid *grid = sand_map_get_grid (sand_scenario_get_map (config->scenario));
  gsize n = (gsize) MAX (sand_grid_n_hexes (grid), 1);
  g_autofree guint64 *combats = g_new0 (guint64, n);
  g_autofree guint64 *losses = g_new0 (guint64, n);
  g_autofree guint64 *unit_turns = g_new0 (guint64, n);
  SandBalanceGame local;
  SandGame *game = NULL;

  if (!play (config, pairing_oobs, index, record != NULL ? record : &local, combats, losses,
             unit_turns, &game, error))
    return NULL;
  return game;
}
