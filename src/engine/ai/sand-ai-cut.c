/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-cut.c: units sent together onto the hexes whose control cuts
 * the supply of an enemy unit that scores in the side's country.
 *
 * Where the rules count an enemy unit standing in the side's country
 * only while it is supplied (FPW: the French score 50 a hex of
 * penetration by their deepest supplied combat unit in Germany), what
 * removes its points is its supply, not an attack: the combat table does
 * not remove a corps at the odds the few units near it make (FPW's 1-1
 * is attrition), and the threat field draws one unit at a time next to
 * it, each where its own move scores, so the ring of zones of control
 * that would close its line is never made (docs/ai.md, session 14: seed
 * 33's corps in Baden; session 16: most French wins left on the variable
 * OOB are won by penetration and the last French move).
 *
 * Where the ruleset declares `ai-cut`, once a Movement Phase, after the
 * concert: for each hex of the side's home country with an enemy unit
 * that scores there — the enemy's points as the side may count them
 * fall when it is taken off the map, its other units in the side's
 * country taken off too, so that it shows even where the count keeps
 * only the deepest; a counter the side has not seen is asked as a real
 * one would be, a stand-in put there (sand-ai-standin.c) —, the hexes
 * within two of it that the side's free combat units reach this phase
 * (or stand on) are tried: one unit, then two together, then three (the
 * least march first, at most CUT_TRIES of each size), put there inside
 * an aborted action (nothing logged), and the enemy's points asked again.
 * What the game counts decides, not a rule read here: the units' zones
 * of control (or whatever the rules say blocks a line) close its supply
 * when the count falls. The cut that needs fewest units, then the
 * shortest march, is taken; the enemy units that score most are
 * answered first, and a unit is sent to one cut only. Each unit of a cut
 * is drawn `ai-cut` to its hex; the move step still adds the victory
 * count each hex makes.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "sand-ai-private.h"
#include "sand-game-module.h"

/* How far from the enemy hex the cut's hexes are looked for: next to it
 * (two on opposite sides close all six hexes round it) and one beyond
 * (a zone of control reaches the hexes next to it). */
#define CUT_RADIUS 2

/* An enemy hex that scores in the side's country. */
typedef struct {
  int hex;
  int stand;        /* a stand-in put there (nothing the side sees there is real); -1: none */
  double with;      /* the enemy's points with it there (the others in @off off) */
  double scores;    /* what the enemy's points lose without it */
} Target;

/* The enemy's points with @t's enemy there (the stand-in on it, the
 * enemy's other units in the side's country of @off taken off) and the
 * side's @units put on @hexes (@n of them), the game as it was after. */
static double
points_with (SandAi *ai, const Target *t, GArray *off, gboolean with_target, const int *units,
             const int *hexes, int n)
{
  SandGame *game = ai->game;
  sand_game_begin_action (game);
  for (guint k = 0; k < off->len; k++)
    {
      int e = g_array_index (off, int, k);
      const SandUnitState *u = sand_game_get_unit (game, e);
      if (u->status == SAND_UNIT_ON_MAP && (!with_target || (u->hex != t->hex && e != t->stand)))
        sand_game_remove_unit (game, e, SAND_UNIT_ELIMINATED);
    }
  if (with_target && t->stand >= 0)
    {
      sand_game_place_unit (game, t->stand, t->hex);
      sand_game_reveal_unit (game, t->stand);
    }
  for (int k = 0; k < n; k++)
    sand_game_place_unit (game, units[k], hexes[k]);
  double p = sand_ai_enemy_points (ai);
  sand_game_abort_action (game);
  return p;
}

/* Whether the side sees a real unit with strength on @hex. */
static gboolean
seen_real_at (SandAi *ai, int hex, int enemy)
{
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (ai->game, (int) i);
      if (u->status == SAND_UNIT_ON_MAP && u->hex == hex && (int) u->side == enemy
          && sand_game_unit_visible (ai->game, (int) i, ai->side) && ai->est[i] > 0)
        return TRUE;
    }
  return FALSE;
}

/* The enemy hexes of the side's country whose units score there, the
 * most first; the enemy's units there into @off. */
static void
find_targets (SandAi *ai, const gint8 *home, GArray *targets, GArray *off)
{
  SandGame *game = ai->game;
  int enemy = sand_game_other_side (game, ai->side);
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      if (u->status == SAND_UNIT_ON_MAP && u->hex >= 0 && (int) u->side == enemy
          && home[u->hex] == ai->side)
        g_array_append_val (off, i);
    }
  if (off->len == 0)
    return;
  SandAiStand stand;
  sand_ai_stand_init (ai, &stand, NULL);
  double none = points_with (ai, &(Target) { -1, -1, 0, 0 }, off, FALSE, NULL, NULL, 0);
  for (guint k = 0; k < ai->n_enemy_hexes; k++)
    {
      int h = ai->enemy_hexes[k];
      if (home[h] != ai->side || sand_game_fort_alive_at (game, h, enemy))
        continue;
      Target t = { h, -1, 0, 0 };
      if (!seen_real_at (ai, h, enemy))
        {
          if (ai->enemy_unseen[h] <= 0 || stand.unit < 0)
            continue;
          t.stand = stand.unit;
        }
      t.with = points_with (ai, &t, off, TRUE, NULL, NULL, 0);
      t.scores = t.with - none;
      if (t.scores <= 1e-6)
        continue;
      guint at = 0;
      while (at < targets->len && g_array_index (targets, Target, at).scores >= t.scores)
        at++;
      g_array_insert_val (targets, at, t);
    }
  sand_ai_stand_clear (&stand);
}

/* The side's units free to cut: combat units with strength still to
 * move, in no concert; a guard only against the enemy it guards against
 * (checked per target). */
static void
free_units (SandAi *ai, GArray *units)
{
  SandGame *game = ai->game;
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      if (u->status == SAND_UNIT_ON_MAP && u->hex >= 0 && (int) u->side == ai->side
          && ai->est[i] > 0 && !ai->done[i]
          && (ai->concert_at == NULL || ai->concert_at[i] == SAND_HEX_NONE))
        g_array_append_val (units, i);
    }
}

/* For one target: per candidate hex, the free units that get there with
 * the least march, the nearest first (a cut of several may need on two
 * hexes units whose nearest is the same). */
#define SPOT_UNITS 3

typedef struct {
  int hex;
  int unit[SPOT_UNITS];
  int march[SPOT_UNITS];
} Spot;

static void
spot_offer (Spot *s, int unit, int march)
{
  int k = SPOT_UNITS;
  while (k > 0 && (s->unit[k - 1] < 0 || march < s->march[k - 1]))
    k--;
  if (k == SPOT_UNITS)
    return;
  for (int i = SPOT_UNITS - 1; i > k; i--)
    {
      s->unit[i] = s->unit[i - 1];
      s->march[i] = s->march[i - 1];
    }
  s->unit[k] = unit;
  s->march[k] = march;
}

/* Hexes in the order of their index. */
static int
cmp_hex (gconstpointer a, gconstpointer b)
{
  return *(const int *) a - *(const int *) b;
}

/* The spots round @t->hex that the free units of @units (not @taken)
 * reach this phase. */
static void
find_spots (SandAi *ai, const Target *t, GArray *units, const guint8 *taken, GArray *spots)
{
  SandGame *game = ai->game;
  g_array_set_size (spots, 0);
  /* only the hexes within CUT_RADIUS of it, not the whole map; in the
   * order of their index, as a scan of the map gave them, for the cuts
   * of equal march are asked in the order of their spots (plan_cut) */
  g_autoptr(GArray) near = g_array_sized_new (FALSE, FALSE, sizeof (int),
                                               1 + 3 * CUT_RADIUS * (CUT_RADIUS + 1));
  sand_grid_spiral (ai->grid, t->hex, CUT_RADIUS, near);
  g_array_sort (near, cmp_hex);
  for (guint r = 0; r < near->len; r++)
    {
      int h = g_array_index (near, int, r);
      if (h == t->hex || ai->enemy_dist[h] == 0)
        continue;
      Spot s = { .hex = h };
      for (int i = 0; i < SPOT_UNITS; i++)
        s.unit[i] = -1;
      g_array_append_val (spots, s);
    }
  for (guint j = 0; j < units->len; j++)
    {
      int unit = g_array_index (units, int, j);
      if (taken[j])
        continue;
      if (ai->guard_at != NULL && ai->guard_at[unit] != SAND_HEX_NONE
          && ai->guard_from[unit] != t->hex)
        continue;
      int at = sand_game_get_unit (game, unit)->hex;
      int mp = MAX (sand_game_unit_allowance (game, unit), 0);
      if (sand_grid_distance (ai->grid, at, t->hex) > mp + CUT_RADIUS)
        continue;
      const SandReach *reach = sand_game_offers (game, "move", unit)
                               ? sand_game_reach (game, unit, NULL) : NULL;
      for (guint k = 0; k < spots->len; k++)
        {
          Spot *s = &g_array_index (spots, Spot, k);
          if (s->hex == at)
            spot_offer (s, unit, 0);
          else if (reach != NULL && sand_reach_cost (reach, s->hex) >= 0)
            spot_offer (s, unit, sand_grid_distance (ai->grid, at, s->hex));
        }
    }
  guint w = 0;
  for (guint k = 0; k < spots->len; k++)
    if (g_array_index (spots, Spot, k).unit[0] >= 0)
      g_array_index (spots, Spot, w++) = g_array_index (spots, Spot, k);
  g_array_set_size (spots, w);
}

/* The most units a cut is made of, and how many of the cuts of one size
 * are asked of the count, the least march first (each question is a
 * victory count). */
#define CUT_MAX_UNITS 3
#define CUT_TRIES 120

/* A cut to ask about: its units, their hexes, their march. */
typedef struct {
  int unit[CUT_MAX_UNITS];
  int hex[CUT_MAX_UNITS];
  int march;
} Combo;

static int
cmp_combo (gconstpointer a, gconstpointer b)
{
  return ((const Combo *) a)->march - ((const Combo *) b)->march;
}

/* Distinct units for the spots @at (@n of them), the least march in all,
 * into @c; FALSE when the spots' units cannot be told apart. */
static gboolean
assign (const Spot *const *at, int n, Combo *c)
{
  int best = G_MAXINT, pick[CUT_MAX_UNITS] = { 0 };
  int total = 1;
  for (int i = 0; i < n; i++)
    total *= SPOT_UNITS;
  for (int code = 0; code < total; code++)
    {
      int x = code, march = 0;
      gboolean ok = TRUE;
      for (int i = 0; i < n && ok; i++, x /= SPOT_UNITS)
        {
          pick[i] = x % SPOT_UNITS;
          int u = at[i]->unit[pick[i]];
          ok = u >= 0;
          for (int k = 0; k < i && ok; k++)
            ok = at[k]->unit[pick[k]] != u;
          if (ok)
            march += at[i]->march[pick[i]];
        }
      if (ok && march < best)
        {
          best = march;
          for (int i = 0; i < n; i++)
            {
              c->unit[i] = at[i]->unit[pick[i]];
              c->hex[i] = at[i]->hex;
            }
        }
    }
  c->march = best;
  return best < G_MAXINT;
}

/* Every cut of @n units over @spots (from spot @from on; @at the ones
 * chosen, @k of them) into @out. */
static void
gather (GArray *spots, int n, guint from, const Spot **at, int k, GArray *out)
{
  if (k == n)
    {
      Combo c;
      if (assign (at, n, &c))
        g_array_append_val (out, c);
      return;
    }
  for (guint a = from; a < spots->len; a++)
    {
      at[k] = &g_array_index (spots, Spot, a);
      gather (spots, n, a + 1, at, k + 1, out);
    }
}

/* The cut of @t that needs fewest units, then the least march: its units
 * and hexes into @units_out / @hexes_out; how many (0: none found). */
static int
plan_cut (SandAi *ai, const Target *t, GArray *off, GArray *spots, int *units_out,
          int *hexes_out)
{
  double base = t->with;  /* asked once, by find_targets () */
  g_autoptr(GArray) combos = g_array_new (FALSE, FALSE, sizeof (Combo));
  for (int n = 1; n <= CUT_MAX_UNITS; n++)
    {
      const Spot *at[CUT_MAX_UNITS];
      g_array_set_size (combos, 0);
      gather (spots, n, 0, at, 0, combos);
      /* the least march first; ties in the order the map gives */
      g_array_sort (combos, cmp_combo);
      for (guint k = 0; k < combos->len && k < CUT_TRIES; k++)
        {
          const Combo *c = &g_array_index (combos, Combo, k);
          if (points_with (ai, t, off, TRUE, c->unit, c->hex, n) < base - 1e-6)
            {
              memcpy (units_out, c->unit, sizeof (int) * (gsize) n);
              memcpy (hexes_out, c->hex, sizeof (int) * (gsize) n);
              return n;
            }
        }
    }
  return 0;
}

void
sand_ai_cut_build (SandAi *ai)
{
  if (ai->cut_built)
    return;
  ai->cut_built = TRUE;
  if (ai->w.cut <= 0 || sand_game_get_pending_attack (ai->game) != NULL)
    return;
  sand_ai_view_enemies (ai);
  g_autofree gint8 *home = sand_ai_home_sides (ai);
  g_autoptr(GArray) targets = g_array_new (FALSE, FALSE, sizeof (Target));
  g_autoptr(GArray) off = g_array_new (FALSE, FALSE, sizeof (int));
  find_targets (ai, home, targets, off);
  if (targets->len == 0)
    return;
  g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (int));
  free_units (ai, units);
  if (units->len == 0)
    return;
  ai->cut_at = g_new (int, 2 * (gsize) ai->n_units);
  ai->cut_from = ai->cut_at + ai->n_units;
  for (guint i = 0; i < 2 * ai->n_units; i++)
    ai->cut_at[i] = SAND_HEX_NONE;
  g_autofree guint8 *taken = g_new0 (guint8, units->len);
  g_autoptr(GArray) spots = g_array_new (FALSE, FALSE, sizeof (Spot));
  for (guint k = 0; k < targets->len; k++)
    {
      const Target *t = &g_array_index (targets, Target, k);
      find_spots (ai, t, units, taken, spots);
      int u[CUT_MAX_UNITS], h[CUT_MAX_UNITS];
      int n = plan_cut (ai, t, off, spots, u, h);
      for (int i = 0; i < n; i++)
        {
          ai->cut_at[u[i]] = h[i];
          ai->cut_from[u[i]] = t->hex;
          for (guint j = 0; j < units->len; j++)
            if (g_array_index (units, int, j) == u[i])
              taken[j] = 1;
        }
    }
}

double
sand_ai_cut_score (SandAi *ai, int unit, int hex)
{
  if (ai->cut_at == NULL || unit < 0 || ai->cut_at[unit] == SAND_HEX_NONE)
    return 0;
  return hex == ai->cut_at[unit] ? ai->w.cut : 0;
}

gboolean
sand_ai_cut_explain (SandAi *ai, int unit, int hex)
{
  if (sand_ai_cut_score (ai, unit, hex) <= 0)
    return FALSE;
  int from = ai->cut_from[unit];
  int with = 0;
  for (guint i = 0; i < ai->n_units; i++)
    with += ai->cut_from != NULL && ai->cut_at[i] != SAND_HEX_NONE && ai->cut_from[i] == from;
  char at[SAND_HEX_ID_MAX] = "";
  sand_grid_format_id (ai->grid, from, at);
  sand_ai_aim (ai, from, NULL, 0);
  /* Translators: the computer player's reason for a move onto a hex
   * whose control, with the other units sent with it (%d: how many in
   * all, this one included), cuts the supply of the enemy unit at %s,
   * which scores in the side's country while supplied (FPW: French
   * penetration into Germany). */
  sand_ai_because (ai, _("Cuts the supply of the enemy at %s, which scores in its country: "
                         "with the units sent with it, %d in all, its line is closed."), at, with);
  return TRUE;
}
