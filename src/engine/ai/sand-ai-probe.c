/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-probe.c: the fast level's probes — a move that enters a
 * possible enemy zone of control without paying for it, and so commits
 * the unit to an attack of its own from there (FPW Standard Game: a probe
 * owes a hasty attack, and the phase may not end until it is made).
 *
 * A probe and the attack it commits to are planned as one: for each hex
 * only the probe reaches, the attack it would then owe is judged first,
 * as step 6 judges it (a try on the game when the side sees every enemy
 * near, else the ruleset's weight and the odds the side believes), and
 * the probe is made only when that attack is worth making. The attack is
 * then owed, and paid before anything else (sand_ai_probe_owed), so a
 * phase is never left unable to end. Nothing here knows a game: the
 * probe is the move spec's word, the debt is the unit's must-probe flag,
 * and the attack is whichever of the rules' actions naming a hex, the
 * unit and a number the game accepts from it.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-ai-private.h"

/* How many of the hexes only a probe reaches are weighed, the best by
 * the movement heuristic first: each costs a move and its attacks tried. */
#define PROBE_HEXES 4

/* The rules' actions that may pay a probe's debt: a hex, a unit and a
 * number (the Combat Points it puts in). */
static gboolean
attack_spec (const SandActionSpec *spec)
{
  return spec->kind == SAND_ACTION_MODULE && !(spec->flags & SAND_ACTION_QUERY)
    && sand_ai_spec_has_field (spec, SAND_FIELD_HEX)
    && sand_ai_spec_has_field (spec, SAND_FIELD_UNIT)
    && sand_ai_spec_has_field (spec, SAND_FIELD_NUMBER);
}

static gboolean
owes (SandAi *ai, int unit)
{
  return (sand_game_get_unit (ai->game, unit)->flags & SAND_UNIT_MUST_PROBE) != 0;
}

/* Whether @a is legal; the game as it was. Only the refusal is read:
 * whether the attack then leaves the unit owing (a dummy found, another
 * enemy still controlling its hex) is the enemy's secret until it is
 * made. */
static gboolean
legal (SandAi *ai, const SandAction *a)
{
  guint len = sand_game_log_length (ai->game);
  gboolean ok = sand_game_apply (ai->game, a, NULL, NULL);
  sand_ai_rewind (ai->game, len);
  return ok;
}

/* What the attack @a is worth to the side by itself, from where the unit
 * stands: a try over the six faces of the die (with the ruleset's weight
 * for it) when it sees every enemy near, else judged on the weight and the
 * odds it believes. @now: the full evaluation of the game as it is, worked
 * out when first needed (-G_MAXDOUBLE until then). */
static double
attack_worth (SandAi *ai, const SandAction *a, double *now, gboolean *tried)
{
  *tried = sand_ai_all_seen_near (ai, a->hex, 3);
  if (!*tried)
    return sand_ai_judged_untried (ai, a);
  if (*now == -G_MAXDOUBLE)
    *now = sand_ai_eval_full (ai);
  double after = sand_ai_simulate (ai, a, TRUE, 6);
  if (after == -G_MAXDOUBLE)
    return -G_MAXDOUBLE;
  return after - *now + sand_ai_action_weight (ai, a->spec, a->word);
}

typedef struct {
  SandAction *best;   /* the attack worth most */
  double v;
  gboolean tried;
} Best;

/* The attacks @unit may make from where it stands (what pays its debt), the
 * best kept in @best; only on the hexes @targets marks, when not NULL. */
static void
weigh_attacks (SandAi *ai, int unit, GPtrArray *specs, const guint8 *targets, Best *best)
{
  double now = -G_MAXDOUBLE;
  int at = sand_game_get_unit (ai->game, unit)->hex;
  for (int d = 0; d < SAND_N_DIRS; d++)
    {
      int e = ai->nbr[at * SAND_N_DIRS + d];
      if (e == SAND_HEX_NONE || ai->enemy_dist[e] != 0 || (targets != NULL && !targets[e]))
        continue;
      for (guint s = 0; s < specs->len; s++)
        {
          const SandActionSpec *spec = g_ptr_array_index (specs, s);
          if (!attack_spec (spec))
            continue;
          SandAction *a = sand_action_new (spec);
          a->unit = unit;
          a->hex = e;
          a->number = sand_game_get_unit (ai->game, unit)->strength;
          gboolean tried = FALSE;
          double v = legal (ai, a) ? attack_worth (ai, a, &now, &tried) : -G_MAXDOUBLE;
          if (v != -G_MAXDOUBLE && (best->best == NULL || v > best->v))
            {
              g_clear_pointer (&best->best, sand_action_free);
              best->best = a;
              best->v = v;
              best->tried = tried;
            }
          else
            sand_action_free (a);
        }
    }
}

/* The enemy hexes within a move of @unit that an attack of its could pay
 * on: those a try would judge (every enemy near seen), and those whose
 * believed odds, with the ruleset's weight, are worth an attack. Marked
 * in @targets; FALSE when there is none (most units, most phases: then
 * no reach is worked out). */
static gboolean
promising_targets (SandAi *ai, int unit, GPtrArray *specs, guint8 *targets)
{
  const SandUnitState *u = sand_game_get_unit (ai->game, unit);
  int range = sand_game_unit_mp_left (ai->game, unit) + 1;
  gboolean any = FALSE;
  if (ai->enemy_dist[u->hex] > range)
    return FALSE;
  for (guint s = 0; s < specs->len; s++)
    {
      const SandActionSpec *spec = g_ptr_array_index (specs, s);
      if (!attack_spec (spec))
        continue;
      g_autoptr(SandAction) a = sand_action_new (spec);
      a->unit = unit;
      a->number = u->strength;
      for (guint i = 0; i < ai->n_units; i++)
        {
          const SandUnitState *o = sand_game_get_unit (ai->game, (int) i);
          int h = o->hex;
          if ((int) o->side == ai->side || o->status != SAND_UNIT_ON_MAP || targets[h]
              || ai->enemy_dist[h] != 0 || sand_grid_distance (ai->grid, u->hex, h) > range)
            continue;
          a->hex = h;
          /* (a try is made only at even odds or better: the points are
           * halved, and a worse attack loses more than it takes) */
          if (sand_ai_all_seen_near (ai, h, 3)
              ? u->strength / 2.0 >= MAX (ai->enemy_str[h], 1)
              : sand_ai_judged_untried (ai, a) > 1e-6)
            any = targets[h] = 1;
        }
    }
  return any;
}

static SandAction *
probe_move (int unit, int hex)
{
  SandAction *a = sand_action_new_kind (SAND_ACTION_MOVE);
  g_array_append_val (sand_ai_ints (&a->path), hex);
  a->unit = unit;
  a->probe = TRUE;
  return a;
}

/* Whether one of @hexes is next to one of @targets. */
static gboolean
next_to_target (SandAi *ai, GArray *hexes, const guint8 *targets)
{
  for (guint k = 0; k < hexes->len; k++)
    for (int d = 0; d < SAND_N_DIRS; d++)
      {
        int n = ai->nbr[g_array_index (hexes, int, k) * SAND_N_DIRS + d];
        if (n != SAND_HEX_NONE && targets[n])
          return TRUE;
      }
  return FALSE;
}

/* The hexes only a probe takes @unit to, next to one of @targets it cannot
 * come next to by paying (the others are taken out of @targets), the best
 * by the movement heuristic first (at most PROBE_HEXES). */
static void
probe_only_hexes (SandAi *ai, int unit, guint8 *targets, GArray *out)
{
  g_autoptr(GArray) paid = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) probed = g_array_new (FALSE, FALSE, sizeof (int));
  /* (asked first: refused at once where the game has no probes; the game
   * keeps one reach, so the first is copied before the second) */
  const SandReach *reach = sand_game_probe_reach (ai->game, unit, NULL);
  if (reach == NULL)
    return;
  sand_reach_hexes (reach, probed);
  if (!next_to_target (ai, probed, targets))
    return;
  reach = sand_game_reach (ai->game, unit, NULL);
  if (reach != NULL)
    sand_reach_hexes (reach, paid);
  int here = sand_game_get_unit (ai->game, unit)->hex;
  g_array_append_val (paid, here);
  /* a target it can come next to paying needs no probe: it is attacked
   * from there (in the Combat Phase, or by the rules' own actions) */
  for (guint k = 0; k < paid->len; k++)
    for (int d = 0; d < SAND_N_DIRS; d++)
      {
        int n = ai->nbr[g_array_index (paid, int, k) * SAND_N_DIRS + d];
        if (n != SAND_HEX_NONE)
          targets[n] = 0;
      }
  g_autofree guint8 *by_paying = g_new0 (guint8, ai->n_hexes);
  for (guint k = 0; k < paid->len; k++)
    by_paying[g_array_index (paid, int, k)] = 1;
  g_autoptr(GArray) scores = g_array_new (FALSE, FALSE, sizeof (double));
  for (guint k = 0; k < probed->len; k++)
    {
      int h = g_array_index (probed, int, k);
      gboolean near_target = FALSE;
      for (int d = 0; d < SAND_N_DIRS && !near_target; d++)
        {
          int n = ai->nbr[h * SAND_N_DIRS + d];
          near_target = n != SAND_HEX_NONE && targets[n];
        }
      if (by_paying[h] || !near_target)
        continue;
      double s = sand_ai_hex_score (ai, unit, h);
      guint at = 0;
      while (at < out->len && g_array_index (scores, double, at) >= s)
        at++;
      if (at >= PROBE_HEXES)
        continue;
      g_array_insert_val (out, at, h);
      g_array_insert_val (scores, at, s);
      if (out->len > PROBE_HEXES)
        {
          g_array_set_size (out, PROBE_HEXES);
          g_array_set_size (scores, PROBE_HEXES);
        }
    }
}

SandAction *
sand_ai_probe_next (SandAi *ai,
                    int     unit)
{
  if (ai->done[unit] || !sand_ai_try_once (ai, "probe", unit, -1))
    return NULL;
  /* a probe weighed and not made leaves the player's stream as it was
   * (the heuristic's noise and the tries' dice draw from it), so what it
   * does otherwise is what it did before it weighed probes */
  SandDice stream = ai->rng;
  g_autoptr(GPtrArray) specs = g_ptr_array_new ();
  sand_game_list_actions (ai->game, specs);
  g_autofree guint8 *targets = g_new0 (guint8, ai->n_hexes);
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  if (promising_targets (ai, unit, specs, targets))
    probe_only_hexes (ai, unit, targets, hexes);
  if (hexes->len == 0)
    {
      ai->rng = stream;
      return NULL;
    }
  guint len = sand_game_log_length (ai->game);
  Best best = { NULL, 0, FALSE };
  int best_hex = SAND_HEX_NONE;
  for (guint k = 0; k < hexes->len; k++)
    {
      int h = g_array_index (hexes, int, k);
      g_autoptr(SandAction) mv = probe_move (unit, h);
      /* only a move that commits it: one that entered control unpaid */
      if (sand_game_apply (ai->game, mv, NULL, NULL) && owes (ai, unit))
        {
          Best here = { NULL, 0, FALSE };
          weigh_attacks (ai, unit, specs, targets, &here);
          if (here.best != NULL && (best.best == NULL || here.v > best.v))
            {
              g_clear_pointer (&best.best, sand_action_free);
              best = here;
              best_hex = h;
            }
          else
            g_clear_pointer (&here.best, sand_action_free);
        }
      sand_ai_rewind (ai->game, len);
    }
  /* made only when the attack it commits to is worth making, by the
   * standard the rules' other actions meet (step 6) */
  if (best.best == NULL || best.v <= 1e-6)
    {
      ai->rng = stream;
      g_clear_pointer (&best.best, sand_action_free);
      return NULL;
    }
  char where[SAND_HEX_ID_MAX] = "", target[SAND_HEX_ID_MAX] = "";
  sand_grid_format_id (ai->grid, best_hex, where);
  sand_grid_format_id (ai->grid, best.best->hex, target);
  sand_ai_aim (ai, best.best->hex, NULL, best.tried ? best.v : 0);
  if (best.tried)
    sand_ai_because (ai, _("Probes to %s without paying to enter the enemy's zone of "
                           "control, to attack %s from there: a try shows the position "
                           "gains %.1f by the attack."), where, target, best.v);
  else
    sand_ai_because (ai, _("Probes to %s without paying to enter the enemy's zone of "
                           "control, to attack %s from there: judged on the odds it "
                           "believes and the ruleset's weight, %.1f."), where, target, best.v);
  sand_action_free (best.best);
  return probe_move (unit, best_hex);
}

SandAction *
sand_ai_probe_owed (SandAi *ai)
{
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (ai->game, (int) i);
      if ((int) u->side != ai->side || u->status != SAND_UNIT_ON_MAP || !owes (ai, (int) i))
        continue;
      g_autoptr(GPtrArray) specs = g_ptr_array_new ();
      sand_game_list_actions (ai->game, specs);
      Best best = { NULL, 0, FALSE };
      weigh_attacks (ai, (int) i, specs, NULL, &best);
      if (best.best == NULL)
        continue;
      char target[SAND_HEX_ID_MAX] = "";
      sand_grid_format_id (ai->grid, best.best->hex, target);
      sand_ai_aim (ai, best.best->hex, NULL, best.tried ? best.v : 0);
      sand_ai_because (ai, _("The probe it made commits it to this attack: %s, the best of "
                             "the enemy hexes next to it (%.1f)."), target, best.v);
      return best.best;
    }
  return NULL;
}
