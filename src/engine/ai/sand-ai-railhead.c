/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-railhead.c: where the side's units of no strength carry its supply.
 *
 * Where the rules count a unit deep in the enemy's country only while it
 * is supplied (FPW: the Germans score the south-edge value of the column
 * of their deepest supplied unit), the side's depth is bounded by how far
 * its supply reaches, and that reaches a fixed distance from its sources.
 * Units of no strength that extend the sources (FPW's EB units, which
 * secure the enemy's rail and carry the line's head along it) serve the
 * side best where the hexes within that distance of them are worth most
 * in the goal field. The goal field alone does not say so: it is flat
 * where the scoring edge's values are (FPW: every column east of Remilly
 * is worth 10), so an EB sees no reason to push its line's head west, and
 * a reserve none to come in at the head rather than anywhere at home
 * (session 6: in 200 games no EB ended west of Remilly; in 40 traced,
 * one in three ended with none west of the frontier). So each hex a unit of
 * no strength may stand on is worth, by the ruleset's `ai-railhead`, the
 * best goal within `ai-railhead-range` hexes of it — the goal its supply
 * would reach if it were the line's head. Both weights default to 0: a
 * ruleset without supply distances leaves its units of no strength as
 * they were.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "sand-ai-private.h"
#include "sand-game-module.h"

/* Hexes supply cannot be traced through, as the side sees the map now:
 * a country or terrain no unit may enter (FPW's neutrals) and an enemy
 * fortress's Zone of Interdiction against the side. Read once a phase:
 * units masking a fort during it change the last, and the next phase
 * reads them. */
static guint8 *
blocked_build (SandAi *ai)
{
  SandScenario *sc = sand_game_get_scenario (ai->game);
  SandRuleset *rs = sand_scenario_get_ruleset (sc);
  SandMap *map = sand_scenario_get_map (sc);
  guint8 *blocked = g_new0 (guint8, ai->n_hexes);
  for (int h = 0; h < ai->n_hexes; h++)
    {
      int c = sand_map_get_country (map, h);
      const SandCountryDef *country = c >= 0 ? sand_ruleset_get_country (rs, (guint) c) : NULL;
      const SandTerrainDef *terrain = sand_ruleset_get_terrain (rs, sand_map_get_terrain (map, h));
      blocked[h] = (country != NULL && !country->passable)
                   || (terrain != NULL && terrain->move_cost >= SAND_IMPASSABLE)
                   || sand_game_hex_interdicted (ai->game, ai->side, h);
    }
  return blocked;
}

/* For every hex, the best goal within ai-railhead-range of it over hexes
 * supply may be traced through (its distance is in hexes, terrain aside);
 * a hex supply may not be traced from is worth its own goal only. Worked
 * out for the whole map at once, the first time one is asked: the best
 * within k + 1 hexes of a hex is the best within k of it or of a
 * neighbour supply may be traced through, so range passes over the map
 * give them all (a search out to the range from each hex asked, a few
 * hundred of them a phase, cost five times more). */
static void
reach_fill (SandAi *ai)
{
  int range = (int) ai->w.railhead_range;
  const guint8 *blocked = ai->railhead_blocked;
  double *v = ai->railhead;
  g_autofree double *next = g_new (double, ai->n_hexes);

  memcpy (v, ai->goal, sizeof (double) * (gsize) ai->n_hexes);
  for (int k = 0; k < range; k++)
    {
      gboolean changed = FALSE;
      for (int x = 0; x < ai->n_hexes; x++)
        {
          double best = v[x];
          if (!blocked[x])
            for (int d = 0; d < SAND_N_DIRS; d++)
              {
                int n = ai->nbr[x * SAND_N_DIRS + d];
                if (n != SAND_HEX_NONE && !blocked[n] && v[n] > best)
                  best = v[n];
              }
          changed |= best != v[x];
          next[x] = best;
        }
      memcpy (v, next, sizeof (double) * (gsize) ai->n_hexes);
      if (!changed)
        break;
    }
  ai->railhead_filled = TRUE;
}

static void block_build (SandAi *ai);

/* Whether @unit, one of the side's, carries its supply: a unit of no
 * strength that is no combat unit. A dummy counter (FPW Standard Game)
 * has no strength either, yet carries nothing: taken for a head, it drew
 * the side's combat units to "the deepest hex within its supply's reach"
 * beside a dummy far in the enemy's country, out of supply, and it was
 * itself drawn deep as a head would be (session 9: the variable OOB's
 * Germans against random, 79.5% -> 83.8% of decided games). */
static gboolean
carrier (SandAi *ai, int unit)
{
  return ai->est[unit] <= 0 && !sand_game_unit_is_combat (ai->game, unit);
}

/* The hexes within ai-railhead-range of one of the side's units of no
 * strength, over hexes supply may be traced through: about where its
 * supply reaches (a unit of no strength on its home rail stands on a
 * source; one on the line it secured, at its head). */
static void
near_build (SandAi *ai)
{
  int range = (int) ai->w.railhead_range;
  g_autofree int *queue = g_new (int, ai->n_hexes);
  int head = 0, tail = 0;
  ai->railhead_near = g_new0 (guint8, ai->n_hexes);
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (ai->game, (int) i);
      if (u->status != SAND_UNIT_ON_MAP || (int) u->side != ai->side || !carrier (ai, (int) i)
          || u->hex < 0 || ai->railhead_blocked[u->hex] || ai->railhead_near[u->hex])
        continue;
      ai->railhead_near[u->hex] = 1;
      queue[tail++] = u->hex;
    }
  while (head < tail)
    {
      int x = queue[head++];
      if (ai->railhead_near[x] > range)
        continue;
      for (int d = 0; d < SAND_N_DIRS; d++)
        {
          int n = ai->nbr[x * SAND_N_DIRS + d];
          if (n != SAND_HEX_NONE && !ai->railhead_near[n] && !ai->railhead_blocked[n])
            {
              ai->railhead_near[n] = (guint8) (ai->railhead_near[x] + 1);
              queue[tail++] = n;
            }
        }
    }
}

void
sand_ai_railhead_build (SandAi *ai)
{
  /* Read once, as the phase's first action is chosen: read lazily they
   * would depend on when they are first asked (inside a try, or only
   * when a reason is written), and the same seed must play the same. */
  if (ai->w.railhead <= 0 || ai->w.railhead_range < 1 || ai->railhead != NULL)
    return;
  ai->railhead = g_new (double, ai->n_hexes);
  ai->railhead_filled = FALSE;
  ai->railhead_blocked = blocked_build (ai);
  near_build (ai);
  if (ai->w.escort > 0)
    block_build (ai);
}

double
sand_ai_railhead_score (SandAi *ai, int unit, int hex)
{
  if (ai->w.railhead <= 0 || ai->w.railhead_range < 1 || hex < 0 || hex >= ai->n_hexes
      || (unit >= 0 && !carrier (ai, unit)))
    return 0;
  /* (the goal field is the map's, so the value of a hex is asked once;
   * a phase's units of no strength ask a few hundred rail hexes) */
  sand_ai_railhead_build (ai);
  if (!ai->railhead_filled)
    reach_fill (ai);
  return ai->w.railhead * ai->railhead[hex];
}

/* The line ahead ---------------------------------------------------------
 *
 * The head cannot move onto or next to an enemy unit (FPW, EB Units (I)),
 * nor past one standing on its line; random or not, the enemy that set up
 * on the line (FPW: the French corps at Forbach and St. Avold) holds the
 * head at the frontier for turns (traced: five of eleven). No single
 * move's count shows what taking it off the line is worth — the supply it
 * would carry west pays only after the head has moved and the units have
 * gone deep — so the evaluation is told: an enemy unit standing on or
 * next to a hex of the line ahead of the head, within two of the head's
 * moves, costs the side ai-escort times what the head would gain there
 * (the best railhead value ahead, less the head's). An attack that
 * destroys it or drives it off gains that much, and the side's combat
 * units are drawn next to it. "The line" is the connection (rail) every
 * one of the side's units of no strength stands on, read from the map.
 */

/* How far ahead of the head, in hexes, the line is cleared: two moves of
 * a head that moves four hexes a phase. */
#define BLOCK_REACH 8
/* Least gain (goal-field units) that makes a hex ahead worth clearing. */
#define BLOCK_MARGIN 0.2

static void
block_build (SandAi *ai)
{
  SandScenario *sc = sand_game_get_scenario (ai->game);
  SandRuleset *rs = sand_scenario_get_ruleset (sc);
  SandMap *map = sand_scenario_get_map (sc);
  g_autoptr(GArray) heads = g_array_new (FALSE, FALSE, sizeof (int));
  guint32 lines = 0;
  guint n_features = MIN (sand_ruleset_n_side_features (rs), 32u);

  for (guint f = 0; f < n_features; f++)
    if (sand_ruleset_get_side_feature (rs, f)->kind == SAND_SIDE_CONNECTION)
      lines |= 1u << f;
  double head = -1;
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (ai->game, (int) i);
      /* (every unit of no strength, dummies too: a dummy off the rail
       * leaves no line every one stands on, and the line ahead is not
       * read, as in every Standard Game so far. Read with the carriers
       * alone, it cost the variable OOB's Germans, seeds 1-100, 83.1% ->
       * 75.6% of decided games: not done; docs/ai.md, session 9) */
      if (u->status != SAND_UNIT_ON_MAP || (int) u->side != ai->side || ai->est[i] > 0
          || u->hex < 0)
        continue;
      g_array_append_val (heads, u->hex);
      for (guint f = 0; f < n_features; f++)
        if ((lines & (1u << f)) && !sand_map_hex_has_connection (map, u->hex, (int) f))
          lines &= ~(1u << f);
      double score = sand_ai_railhead_score (ai, (int) i, u->hex) / ai->w.railhead;
      head = MAX (head, score);
    }
  if (heads->len == 0 || lines == 0 || ai->w.escort <= 0)
    return;
  for (int h = 0; h < ai->n_hexes; h++)
    {
      gboolean on_line = FALSE;
      for (guint f = 0; f < n_features && !on_line; f++)
        on_line = (lines & (1u << f)) && sand_map_hex_has_connection (map, h, (int) f);
      if (!on_line)
        continue;
      gboolean near = FALSE;
      for (guint k = 0; k < heads->len && !near; k++)
        near = sand_grid_distance (ai->grid, g_array_index (heads, int, k), h) <= BLOCK_REACH;
      if (!near)
        continue;
      double gain = sand_ai_railhead_score (ai, -1, h) / ai->w.railhead - head;
      if (gain < BLOCK_MARGIN)
        continue;
      if (ai->block == NULL)
        ai->block = g_new0 (double, ai->n_hexes);
      for (int d = -1; d < SAND_N_DIRS; d++)
        {
          int x = d < 0 ? h : ai->nbr[h * SAND_N_DIRS + d];
          if (x != SAND_HEX_NONE)
            ai->block[x] = MAX (ai->block[x], gain);
        }
    }
}

double
sand_ai_line_block (SandAi *ai, int hex)
{
  if (ai->w.escort <= 0 || ai->w.railhead <= 0 || hex < 0 || hex >= ai->n_hexes)
    return 0;
  sand_ai_railhead_build (ai);
  return ai->block != NULL ? ai->w.escort * ai->block[hex] : 0;
}

double
sand_ai_escort_score (SandAi *ai, int unit, int hex)
{
  if (ai->w.escort <= 0 || ai->est[unit] <= 0)
    return 0;
  /* An enemy of no strength (an EB) on the line is pushed off by entering
   * its hex (FPW, EB Units (C)); one with strength is attacked from next
   * to it. */
  double best = ai->enemy_dist[hex] == 0 && ai->enemy_str[hex] == 0
                ? sand_ai_line_block (ai, hex) : 0;
  for (int d = 0; d < SAND_N_DIRS; d++)
    {
      int n = ai->nbr[hex * SAND_N_DIRS + d];
      if (n == SAND_HEX_NONE || ai->enemy_str[n] <= 0)
        continue;
      double block = sand_ai_line_block (ai, n);  /* once: MAX would walk the line twice */
      best = MAX (best, block);
    }
  return best;
}

gboolean
sand_ai_railhead_explain (SandAi *ai, int unit, int hex, double gain)
{
  if (!sand_ai_explaining (ai))
    return FALSE;
  double head = sand_ai_railhead_score (ai, unit, hex);
  if (head > 0 && head >= ai->w.objective * ai->goal[hex])
    {
      sand_ai_aim (ai, hex, NULL, gain);
      sand_ai_because (ai, _("Carrying the head of its supply forward, so that its side's "
                             "supply reaches deeper toward the objectives."));
      return TRUE;
    }
  double escort = sand_ai_escort_score (ai, unit, hex);
  if (escort > 0 && escort >= ai->w.objective * ai->goal[hex])
    {
      sand_ai_aim (ai, hex, NULL, gain);
      sand_ai_because (ai, _("Against the enemy on the line ahead of its supply's head, "
                             "which holds it back."));
      return TRUE;
    }
  return FALSE;
}

int
sand_ai_railhead_deepest (SandAi *ai, int unit, GArray *hexes, const int *taken, int n_taken,
                          double *score)
{
  if (ai->w.railhead <= 0 || ai->w.railhead_range < 1 || ai->est[unit] <= 0)
    return SAND_HEX_NONE;
  sand_ai_railhead_build (ai);
  int here = sand_game_get_unit (ai->game, unit)->hex, best = SAND_HEX_NONE;
  for (guint k = 0; k < hexes->len; k++)
    {
      int h = g_array_index (hexes, int, k);
      if (ai->railhead_near[h] && (best == SAND_HEX_NONE || ai->goal[h] > ai->goal[best]))
        best = h;
    }
  /* (the heuristic's candidates are tried already; staying is the base) */
  for (int j = 0; j < n_taken && best != SAND_HEX_NONE; j++)
    if (taken[j] == best)
      best = SAND_HEX_NONE;
  if (best == SAND_HEX_NONE || best == here)
    return SAND_HEX_NONE;
  *score = sand_ai_hex_score (ai, unit, best);
  return best;
}
