/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-share.c: an attack on a defence the side cannot see leaves to
 * the next attack the units it does not need.
 *
 * The fast policy attacks an enemy hex with every unit next to it that
 * may still attack. Against a face-down defence it judges the attack on
 * the odds it believes (ai-attack-ratio), and a unit next to two such
 * hexes goes into the first attack made: the second may then be short of
 * the odds and not be made at all. On FPW's variable orders of battle
 * (docs/ai.md, session 11) the weak German armies lost by the count,
 * making fewer attacks than they could. So once the attack is chosen, a
 * unit of it next to another face-down enemy hex is left out — the
 * weakest first — when the attack still has the odds without it, and the
 * other hex, short of them with the units left to it, has them with it.
 */
#include "config.h"

#include "sand-ai-private.h"

/* The attack on @hex by @units judged as the fast policy judges a hidden
 * defence: its strength against the believed defence, at least
 * ai-attack-ratio. FALSE too when the defence is seen (a try judges it). */
static gboolean
has_odds (SandAi *ai, int hex, GArray *units)
{
  if (units->len == 0)
    return FALSE;
  SandOdds odds = { 0 };
  if (!sand_game_odds (ai->game, hex, (const int *) (void *) units->data, units->len, FALSE,
                       &odds, NULL))
    return FALSE;
  gboolean hidden = odds.hidden;
  double att = odds.attack_q / 4.0;
  sand_odds_clear (&odds);
  double def = MAX (sand_ai_hidden_strength (ai, hex), 1);
  return hidden && att / def >= ai->w.attack_ratio;
}

static gboolean
holds (GArray *units, int u)
{
  for (guint k = 0; k < units->len; k++)
    if (g_array_index (units, int, k) == u)
      return TRUE;
  return FALSE;
}

/* The units of @may_attack next to @hex, less those in @taken. */
static void
left_to (SandAi *ai, int hex, GArray *may_attack, GArray *taken, GArray *out)
{
  g_array_set_size (out, 0);
  for (guint k = 0; k < may_attack->len; k++)
    {
      int u = g_array_index (may_attack, int, k);
      if (!holds (taken, u)
          && sand_grid_distance (ai->grid, sand_game_get_unit (ai->game, u)->hex, hex) == 1)
        g_array_append_val (out, u);
    }
}

void
sand_ai_attack_share (SandAi *ai, SandAction *a, GArray *may_attack)
{
  if (a->units == NULL || a->units->len < 2 || !has_odds (ai, a->hex, a->units))
    return;
  g_autoptr(GArray) order = g_array_copy (a->units);
  g_autoptr(GArray) without = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) before = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) after = g_array_new (FALSE, FALSE, sizeof (int));
  /* the weakest first (ties by unit, which is the side's own) */
  for (guint i = 1; i < order->len; i++)
    for (guint j = i; j > 0; j--)
      {
        int x = g_array_index (order, int, j - 1), y = g_array_index (order, int, j);
        if (ai->est[x] <= ai->est[y])
          break;
        g_array_index (order, int, j - 1) = y;
        g_array_index (order, int, j) = x;
      }
  for (guint i = 0; i < order->len && a->units->len > 1; i++)
    {
      int u = g_array_index (order, int, i);
      int at = sand_game_get_unit (ai->game, u)->hex;
      g_array_set_size (without, 0);
      for (guint k = 0; k < a->units->len; k++)
        if (g_array_index (a->units, int, k) != u)
          g_array_append_val (without, g_array_index (a->units, int, k));
      if (!has_odds (ai, a->hex, without))
        continue;
      for (int d = 0; d < SAND_N_DIRS; d++)
        {
          int t = ai->nbr[at * SAND_N_DIRS + d];
          if (t == SAND_HEX_NONE || t == a->hex || ai->enemy_dist[t] != 0)
            continue;
          char key[32];
          g_snprintf (key, sizeof key, "attack-%d", t);
          if (g_hash_table_contains (ai->tried, key))
            continue;
          left_to (ai, t, may_attack, a->units, before);
          left_to (ai, t, may_attack, without, after);
          if (has_odds (ai, t, before) || !has_odds (ai, t, after))
            continue;
          g_array_unref (a->units);
          a->units = g_array_copy (without);
          break;
        }
    }
}
