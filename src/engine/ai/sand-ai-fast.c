/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-fast.c: the fast level, a heuristic policy for any ruleset.
 *
 * Each call chooses the side's next action from what the game offers
 * now, in this order: a reserve brought in where it is worth most; the
 * offered actions of one unit that take nothing else (rally, leave the
 * map, …), taken when a try says they improve the position; one unit's
 * move, to the hex it reaches that scores best (objectives, enemies it
 * outweighs, enemies that outweigh it, stacking); the attack worth most,
 * when it is worth enough (tried over the six faces of the die when the
 * side sees every defender, else judged on the odds with the defence it
 * believes); then the rules module's actions the game does not offer by
 * itself, asked once each (a bombardment, …) and kept when a try says
 * they help. NULL when nothing is left: the phase is the caller's to end.
 * The owners' choices after the die are sand_ai_fast_choices ().
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-ai-private.h"

static SandAction *
reserve_next (SandAi *ai)
{
  /* Asked until the first time there is none: a phase does not bring
   * new ones (the question traces the rules' whole check). */
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  gboolean any = FALSE;
  for (guint i = 0; i < ai->n_units && !ai->no_reserve && !any; i++)
    {
      const SandUnitState *u = sand_game_get_unit (ai->game, (int) i);
      any = u->status == SAND_UNIT_RESERVE && (int) u->side == ai->side;
    }
  /* (the question is the rules' whole check over the map: not asked of a
   * side with no counter in reserve) */
  if (any && sand_game_get_pending_attack (ai->game) == NULL)
    sand_game_reserve_hexes (ai->game, ai->side, hexes);
  if (hexes->len == 0)
    {
      ai->no_reserve = TRUE;
      return NULL;
    }
  int best = SAND_HEX_NONE;
  double best_s = -G_MAXDOUBLE;
  for (guint k = 0; k < hexes->len; k++)
    {
      int h = g_array_index (hexes, int, k);
      double s = ai->goal[h] - ai->w.close * MIN (ai->enemy_dist[h], 20)
                 - ai->w.stack * sand_ai_own_at (ai, h, -1)
                 + sand_ai_railhead_score (ai, -1, h);
      if (s > best_s)
        {
          best_s = s;
          best = h;
        }
    }
  if (best == SAND_HEX_NONE || !sand_ai_try_once (ai, "reserve", -1, best))
    return NULL;
  SandAction *a = sand_action_new_kind (SAND_ACTION_RESERVE);
  a->hex = best;
  a->side = ai->side;
  /* Brought in only when the position gains by it (a unit that adds no
   * strength and scores nothing only clutters the map). */
  double now = sand_ai_eval_now (ai), after = sand_ai_simulate (ai, a, TRUE, 1);
  if (after <= now + 1e-6)
    {
      ai->no_reserve = TRUE;
      sand_action_free (a);
      return NULL;
    }
  sand_ai_aim (ai, best, NULL, after - now);
  /* Translators: the computer player's reason for a reserve unit placed
   * (FPW: an EB unit brought in). */
  sand_ai_because (ai, _("Brought in on the open hex that serves its side most: nearest "
                         "the objectives, the enemy and the head of its supply line."));
  return a;
}

/* An offered action of @unit that needs nothing but the unit. */
static gboolean
unit_only (const SandActionSpec *spec)
{
  return spec->fields[0].kind == SAND_FIELD_UNIT && spec->fields[1].kind == SAND_FIELD_END
    && !(spec->flags & SAND_ACTION_QUERY) && spec->kind != SAND_ACTION_DONE
    && spec->kind != SAND_ACTION_ENTRAIN && spec->kind != SAND_ACTION_DETRAIN;
}

static SandAction *
unit_action_next (SandAi *ai, int unit, GArray *offers, double *now)
{
  for (guint k = 0; k < offers->len; k++)
    {
      const SandOffer *o = &g_array_index (offers, SandOffer, k);
      if (!unit_only (o->spec) || !sand_ai_try_once (ai, o->spec->name, unit, -1))
        continue;
      const SandUnitState *u = sand_game_get_unit (ai->game, unit);
      if (!sand_ai_all_seen_near (ai, u->hex, 3))
        continue;
      g_autoptr(SandAction) a = sand_action_new (o->spec);
      a->unit = unit;
      if (*now == -G_MAXDOUBLE)
        *now = sand_ai_eval_now (ai);
      double after = sand_ai_simulate (ai, a, TRUE, 2);
      if (after > *now + 1e-6)
        {
          sand_ai_aim (ai, u->hex, NULL, after - *now);
          sand_ai_because (ai, _("%s: the position gains %.1f by it."), o->spec->name,
                           after - *now);
          return g_steal_pointer (&a);
        }
    }
  return NULL;
}

/* The enemy strength the side believes stands next to @hex (what the
 * heuristic weighs a unit there against, and what its reason names). */
static int
enemy_beside (SandAi *ai, int hex)
{
  return sand_ai_sum_beside (ai, ai->enemy_str, hex);
}

double
sand_ai_hex_score (SandAi *ai, int unit, int hex)
{
  double mine = MAX (ai->est[unit], 1);
  double threat = enemy_beside (ai, hex);
  double s = ai->w.objective * ai->goal[hex];
  /* (a unit of no strength, FPW's EB, cannot take an enemy's score away) */
  if (ai->threat != NULL && ai->est[unit] > 0)
    s += ai->w.threat * ai->threat[hex];
  s += sand_ai_screen_score (ai, unit, hex) + sand_ai_guard_score (ai, unit, hex)
       + sand_ai_concert_score (ai, unit, hex) + sand_ai_cut_score (ai, unit, hex);
  s += sand_ai_railhead_score (ai, unit, hex) + sand_ai_escort_score (ai, unit, hex);
  if (ai->enemy_dist[hex] == 1)
    {
      double support = mine * (1 + sand_ai_own_at (ai, hex, unit));
      double ratio = support / MAX (threat, 0.5);
      s += ai->w.enemy * MIN (ratio, 2.0) * sand_ai_crowd_share (ai, unit, hex)
           + sand_ai_flank_score (ai, unit, hex);
      if (ratio < 0.5)
        s -= ai->w.danger * (0.5 / ratio);
    }
  s -= ai->w.close * MIN (ai->enemy_dist[hex], 20);
  s -= ai->w.stack * sand_ai_own_at (ai, hex, unit);
  /* A little noise keeps two equal hexes from always going one way;
   * drawn from the player's stream, so it is the same for a seed. */
  s += 0.01 * sand_dice_uniform (&ai->rng, 100) / 100.0;
  return s;
}

/* How many of a unit's best hexes by the heuristic are tried on the game
 * for the victory count it makes (what the markers do not say: supply,
 * isolation, penetration, whatever the rules count). */
#define MOVE_TRIES 1
/* … and, for a unit with strength, the hex it reaches deepest in the goal
 * field (DEEP, after them): aims over several turns — the heuristic's best
 * is near the enemy, and the count alone says whether the deeper hex
 * scores (FPW's German depth needs supply, which no marker shows). */
#define MOVE_CANDIDATES (MOVE_TRIES + 2)

static SandAction *
move_action (int unit, int hex)
{
  SandAction *a = sand_action_new_kind (SAND_ACTION_MOVE);
  g_array_append_val (sand_ai_ints (&a->path), hex);
  a->unit = unit;
  return a;
}

/* @gain: what the move adds to the victory count, weighted as the
 * evaluation weighs it (ai-vp Combat Points a point); the reasons say
 * victory points, as the count does. */
static void
explain_move (SandAi *ai, int unit, int hex, double gain)
{
  if (!sand_ai_explaining (ai))
    return;
  double vp = ai->w.vp > 0 ? gain / ai->w.vp : 0;
  double screen = sand_ai_screen_score (ai, unit, hex);
  /* A unit sent to a cut says so even where the count pays for its move
   * most, as it does for the last unit of a cut (the one that closes the
   * line): the count falls because of the cut, and "scores where it
   * ends" would hide the units sent with it. */
  if (sand_ai_cut_explain (ai, unit, hex))
    {
      sand_ai_because_count (ai, vp);
      return;
    }
  /* A move the count pays for most says so first: a French corps walking
   * into Germany for 50 points read as "screening the border". */
  if (vp >= 1 && gain >= screen && gain >= ai->w.objective * ai->goal[hex])
    {
      sand_ai_aim (ai, hex, NULL, gain);
      sand_ai_because (ai, _("Scores for its side where it ends."));
      sand_ai_because_count (ai, vp);
      return;
    }
  if (sand_ai_railhead_explain (ai, unit, hex, gain) || sand_ai_concert_explain (ai, unit, hex))
    {
      sand_ai_because_count (ai, vp);
      return;
    }
  if (screen > 0 && screen >= ai->w.objective * ai->goal[hex])
    {
      sand_ai_aim (ai, hex, NULL, gain);
      sand_ai_because (ai, _("Screening the border of its own country against the enemy's "
                             "last move."));
      sand_ai_because_count (ai, vp);
      return;
    }
  char near[SAND_HEX_ID_MAX] = "";
  int best = SAND_HEX_NONE;
  /* the objective it heads for: the best goal within its neighbourhood */
  for (int x = 0; x < ai->n_hexes; x++)
    if (ai->goal[x] > 0 && sand_grid_distance (ai->grid, x, hex) <= 6
        && (best == SAND_HEX_NONE || ai->goal[x] > ai->goal[best]))
      best = x;
  if (best != SAND_HEX_NONE)
    sand_grid_format_id (ai->grid, best, near);
  double threat = ai->threat != NULL ? ai->w.threat * ai->threat[hex] : 0;
  if (threat > ai->w.objective * ai->goal[hex] && threat > 0)
    {
      char from[SAND_HEX_ID_MAX] = "";
      sand_grid_format_id (ai->grid, ai->threat_from[hex], from);
      sand_ai_aim (ai, ai->threat_from[hex], NULL, gain);
      sand_ai_because (ai, _("Against the enemy at %s, which scores for its side."), from);
      sand_ai_because_count (ai, vp);
      return;
    }
  int against = SAND_HEX_NONE, guarded = sand_ai_guard_of (ai, unit, &against);
  double held = sand_ai_guard_score (ai, unit, hex);
  if (guarded != SAND_HEX_NONE
      && (held == 0
          || held > sand_ai_guard_score (ai, unit, sand_game_get_unit (ai->game, unit)->hex)))
    {
      char at[SAND_HEX_ID_MAX] = "", enemy[SAND_HEX_ID_MAX] = "";
      sand_grid_format_id (ai->grid, guarded, at);
      sand_grid_format_id (ai->grid, against, enemy);
      sand_ai_aim (ai, guarded, NULL, gain);
      /* Translators: the computer player's reason for a move drawn by its
       * guard: the first hex of its own country an enemy unit could walk
       * to, where standing scores for the enemy (FPW: a French corps
       * crossing the Rhine into Baden). */
      sand_ai_because (ai, _("Guarding its own country at %s, where the enemy at %s could "
                             "come in and score."), at, enemy);
      sand_ai_because_count (ai, vp);
      return;
    }
  sand_ai_aim (ai, best != SAND_HEX_NONE && ai->goal[best] >= 5 ? best : hex, NULL, gain);
  if (best != SAND_HEX_NONE && ai->goal[best] >= 5)
    sand_ai_because (ai, g_dngettext (GETTEXT_PACKAGE,
                                      "Toward the objective at %s; the nearest enemy %d hex "
                                      "away.",
                                      "Toward the objective at %s; the nearest enemy %d hexes "
                                      "away.", ai->enemy_dist[hex]),
                     near, ai->enemy_dist[hex]);
  else if (ai->enemy_dist[hex] <= 1 && enemy_beside (ai, hex) > 0)
    sand_ai_because (ai, _("Next to the enemy, believed %d strong beside it."),
                     enemy_beside (ai, hex));
  else if (ai->enemy_dist[hex] <= 1)
    /* Translators: the computer player's reason for a move next to enemy
     * counters of no combat strength (FPW: EB supply units). */
    sand_ai_because (ai, _("Next to enemy units of no combat strength."));
  else
    sand_ai_because (ai, g_dngettext (GETTEXT_PACKAGE,
                                      "Closing on the enemy, %d hex away.",
                                      "Closing on the enemy, %d hexes away.",
                                      ai->enemy_dist[hex]),
                     ai->enemy_dist[hex]);
  sand_ai_because_count (ai, vp);
}

static SandAction *
move_next (SandAi *ai, int unit)
{
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  const SandReach *reach = sand_game_reach (ai->game, unit, NULL);
  ai->done[unit] = 1;
  if (reach == NULL)
    return NULL;
  sand_reach_hexes (reach, hexes);
  int here = sand_game_get_unit (ai->game, unit)->hex;
  int top[MOVE_CANDIDATES];
  double top_s[MOVE_CANDIDATES];
  int deep = SAND_HEX_NONE;
  double deep_s = 0;
  for (int k = 0; k < MOVE_CANDIDATES; k++)
    {
      top[k] = SAND_HEX_NONE;
      top_s[k] = -G_MAXDOUBLE;
    }
  double stay = sand_ai_hex_score (ai, unit, here);
  for (guint k = 0; k < hexes->len; k++)
    {
      int h = g_array_index (hexes, int, k);
      double s = sand_ai_hex_score (ai, unit, h) - 0.001 * sand_reach_cost (reach, h);
      if (deep == SAND_HEX_NONE || ai->goal[h] > ai->goal[deep]
          || (ai->goal[h] == ai->goal[deep] && s > deep_s))
        {
          deep = h;
          deep_s = s;
        }
      for (int j = 0; j < MOVE_TRIES; j++)
        if (s > top_s[j])
          {
            for (int m = MOVE_TRIES - 1; m > j; m--)
              {
                top[m] = top[m - 1];
                top_s[m] = top_s[m - 1];
              }
            top[j] = h;
            top_s[j] = s;
            break;
          }
    }
  if (top[0] == SAND_HEX_NONE)
    return NULL;
  if (ai->est[unit] > 0 && deep != top[0] && ai->goal[deep] > ai->goal[top[0]] + 1e-6
      && ai->goal[deep] > ai->goal[here] + 1e-6)
    {
      top[MOVE_TRIES] = deep;
      top_s[MOVE_TRIES] = deep_s;
    }
  /* … and the deepest within its supply's reach (sand-ai-railhead.c) */
  top[MOVE_TRIES + 1] = sand_ai_railhead_deepest (ai, unit, hexes, top, MOVE_TRIES + 1,
                                                  &top_s[MOVE_TRIES + 1]);
  if (ai->w.vp == 0)
    {
      if (top_s[0] <= stay)
        return NULL;
      explain_move (ai, unit, top[0], 0);
      return move_action (unit, top[0]);
    }
  /* The victory count each of the best would make, against staying. */
  guint len = sand_game_log_length (ai->game);
  double base = ai->vp_len == len + 1 ? ai->vp_after : sand_ai_eval_vp (ai);
  /* Staying and each of them, then what ending out of supply costs the
   * unit (sand-ai-supply.c). */
  const SandAction *moves[SAND_AI_PICK_MAX] = { NULL };
  double raw[SAND_AI_PICK_MAX], vps[SAND_AI_PICK_MAX] = { 0 };
  int dest[SAND_AI_PICK_MAX] = { SAND_HEX_NONE }, n = 1;
  raw[0] = stay;
  for (int j = 0; j < MOVE_CANDIDATES; j++)
    {
      if (top[j] == SAND_HEX_NONE)
        continue;
      SandAction *a = move_action (unit, top[j]);
      double vp = sand_ai_simulate (ai, a, SAND_AI_EVAL_VP, 1);
      if (vp == -G_MAXDOUBLE)
        {
          sand_action_free (a);
          continue;
        }
      moves[n] = a;
      dest[n] = top[j];
      raw[n] = top_s[j] + vp - base;
      vps[n++] = vp;
    }
  int k = sand_ai_supply_pick (ai, unit, moves, raw, n);
  int best = dest[k];
  double best_vp = vps[k];
  for (int j = 1; j < n; j++)
    sand_action_free ((SandAction *) moves[j]);
  if (best == SAND_HEX_NONE)
    return NULL;
  /* The count after this move is known: the next unit starts from it. */
  ai->vp_after = best_vp;
  ai->vp_len = len + 2;
  explain_move (ai, unit, best, best_vp - base);
  return move_action (unit, best);
}

SandAction *
sand_ai_attack_on (SandAi *ai,
                   int     hex,
                   GArray *may_attack)
{
  SandAction *a = NULL;
  int strongest = -1;
  for (guint k = 0; k < may_attack->len; k++)
    {
      int u = g_array_index (may_attack, int, k);
      int at = sand_game_get_unit (ai->game, u)->hex;
      if (sand_grid_distance (ai->grid, at, hex) != 1)
        continue;
      if (a == NULL)
        {
          a = sand_action_new_kind (SAND_ACTION_ATTACK);
          a->hex = hex;
        }
      g_array_append_val (sand_ai_ints (&a->units), u);
      if (strongest < 0 || ai->est[u] > ai->est[strongest])
        strongest = u;
    }
  if (a != NULL)
    g_array_append_val (sand_ai_ints (&a->advance), strongest);
  return a;
}

/* A face-down defence as it believes it: each counter it has not seen as
 * strong as a real one of the mix (sand-ai-hidden.c). What the rules make
 * public of a hidden defence in a fortification (SandOdds hidden_factor_q,
 * known_defense_q: FPW doubles it and adds the fort's points) is not read:
 * a living enemy fortification is never attacked untried
 * (sand-ai-fort.c), so those terms never decided an attack; judged on
 * them instead of refused, with the defence believed real, the demo's and
 * the variable OOB's Germans won as often (docs/ai.md, session 8). */
static double
believed_defence (SandAi *ai, int hex)
{
  return MAX (sand_ai_hidden_strength (ai, hex), 1);
}

static double
attack_value (SandAi *ai, SandAction *a, double now)
{
  g_autoptr(GArray) here = g_array_new (FALSE, FALSE, sizeof (int));
  gboolean seen = TRUE;
  sand_game_units_at (ai->game, a->hex, here);
  for (guint k = 0; k < here->len && seen; k++)
    seen = sand_game_unit_visible (ai->game, g_array_index (here, int, k), ai->side);
  if (seen && sand_ai_all_seen_near (ai, a->hex, 2))
    return sand_ai_simulate (ai, a, TRUE, 6) - now;

  /* A defence it cannot see: judged on the strength it believes (never
   * in a fortification, sand-ai-fort.c). */
  if (sand_ai_fort_untried_refused (ai, a->hex))
    return -G_MAXDOUBLE;
  SandOdds odds = { 0 };
  if (!sand_game_odds (ai->game, a->hex, (const int *) (void *) a->units->data, a->units->len,
                       FALSE, &odds, NULL))
    return -G_MAXDOUBLE;
  double att = odds.attack_q / 4.0;
  double def = believed_defence (ai, a->hex);
  sand_odds_clear (&odds);
  double ratio = att / def;
  return ratio >= ai->w.attack_ratio ? (ratio - ai->w.attack_ratio) + 0.1 : -1;
}

static SandAction *
attack_next (SandAi *ai, GArray *may_attack)
{
  if (may_attack->len == 0)
    return NULL;
  double now = sand_ai_eval_now (ai);
  g_autoptr(GArray) targets = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint k = 0; k < may_attack->len; k++)
    {
      int at = sand_game_get_unit (ai->game, g_array_index (may_attack, int, k))->hex;
      for (int d = 0; d < 6; d++)
        {
          int n = ai->nbr[at * SAND_N_DIRS + d];
          gboolean dup = FALSE;
          for (guint j = 0; j < targets->len && !dup; j++)
            dup = g_array_index (targets, int, j) == n;
          if (n != SAND_HEX_NONE && ai->enemy_dist[n] == 0 && !dup)
            g_array_append_val (targets, n);
        }
    }
  SandAction *best = NULL;
  double best_v = ai->w.attack_min;
  for (guint j = 0; j < targets->len; j++)
    {
      int t = g_array_index (targets, int, j);
      char key[32];
      g_snprintf (key, sizeof key, "attack-%d", t);
      if (g_hash_table_contains (ai->tried, key))
        continue;
      SandAction *a = sand_ai_attack_on (ai, t, may_attack);
      if (a == NULL)
        continue;
      double v = attack_value (ai, a, now);
      /* Only an attack not worth making is not asked again this phase:
       * one worth making but beaten by a better one is asked again once
       * that is made (before, it was never made: the side's attacks
       * stopped at the best on each hex's first asking). */
      if (v <= ai->w.attack_min)
        g_hash_table_add (ai->tried, g_strdup (key));
      if (v > best_v)
        {
          g_clear_pointer (&best, sand_action_free);
          best = a;
          best_v = v;
        }
      else
        sand_action_free (a);
    }
  if (best != NULL)
    {
      g_hash_table_add (ai->tried, g_strdup_printf ("attack-%d", best->hex));
      /* The die first, then the owners choose (sand_ai_settle). */
      g_clear_pointer (&best->advance, g_array_unref);
      best->ask = TRUE;
      SandOdds odds = { 0 };
      if (sand_ai_explaining (ai)
          && sand_game_odds (ai->game, best->hex, (const int *) (void *) best->units->data,
                             best->units->len, FALSE, &odds, NULL))
        {
          sand_ai_aim (ai, best->hex, odds.hidden ? NULL : odds.odds, best_v);
          if (odds.hidden)
            sand_ai_because (ai, _("Odds accepted against a hidden defence believed %d "
                                   "strong: attack %.1f, at least %.1f times it."),
                             (int) (believed_defence (ai, best->hex) + 0.5),
                             odds.attack_q / 4.0, ai->w.attack_ratio);
          else
            sand_ai_because (ai, _("Odds %s accepted: over the six faces of the die the "
                                   "position gains %.1f on average."), odds.odds, best_v);
        }
      sand_odds_clear (&odds);
    }
  return best;
}

/* The module's actions the game does not offer by itself: asked once a
 * phase for each unit with the nearest enemy hexes as targets (the only
 * ones a generic player can guess), kept when a try says they help. */
static SandAction *
module_next (SandAi *ai, GArray *own)
{
  g_autoptr(GPtrArray) specs = g_ptr_array_new ();
  sand_game_list_actions (ai->game, specs);
  double now = -G_MAXDOUBLE;
  for (guint s = 0; s < specs->len; s++)
    {
      const SandActionSpec *spec = g_ptr_array_index (specs, s);
      if (spec->kind != SAND_ACTION_MODULE || spec->offered != NULL
          || (spec->flags & SAND_ACTION_QUERY))
        continue;
      gboolean hex_units = spec->fields[0].kind == SAND_FIELD_HEX
        && spec->fields[1].kind == SAND_FIELD_UNITS && spec->fields[2].kind == SAND_FIELD_END;
      if (!hex_units)
        continue;
      for (guint k = 0; k < own->len; k++)
        {
          int u = g_array_index (own, int, k);
          if (ai->done[u] || !sand_ai_try_once (ai, spec->name, u, -1))
            continue;
          int at = sand_game_get_unit (ai->game, u)->hex;
          if (ai->enemy_dist[at] > 4 || !sand_ai_all_seen_near (ai, at, 6))
            continue;
          /* the strongest enemy hex in reach of a try */
          int target = SAND_HEX_NONE, most = 0;
          for (int x = 0; x < ai->n_hexes; x++)
            if (ai->enemy_str[x] > most && sand_grid_distance (ai->grid, at, x) <= 4)
              {
                most = ai->enemy_str[x];
                target = x;
              }
          if (target == SAND_HEX_NONE)
            continue;
          if (now == -G_MAXDOUBLE)
            now = sand_ai_eval_now (ai);
          g_autoptr(SandAction) a = sand_action_new (spec);
          a->hex = target;
          g_array_append_val (sand_ai_ints (&a->units), u);
          double after = sand_ai_simulate (ai, a, TRUE, 2);
          if (after > now + 1e-6)
            {
              sand_ai_aim (ai, target, NULL, after - now);
              sand_ai_because (ai, _("%s on the strongest enemy hex in reach: the position "
                                     "gains %.1f."), spec->name, after - now);
              return g_steal_pointer (&a);
            }
        }
    }
  return NULL;
}

SandAction *
sand_ai_fast_next (SandAi *ai)
{
  SandGame *game = ai->game;
  SandAction *a;

  sand_ai_view_enemies (ai);
  sand_ai_railhead_build (ai);
  if ((a = reserve_next (ai)) != NULL)
    return a;

  g_autoptr(GArray) own = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) may_attack = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) offers = g_array_new (FALSE, FALSE, sizeof (SandOffer));
  int mover = -1;
  double now = -G_MAXDOUBLE;
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      if (u->status != SAND_UNIT_ON_MAP || (int) u->side != ai->side)
        continue;
      g_array_append_val (own, i);
      g_array_set_size (offers, 0);
      sand_game_offered_actions (game, (int) i, offers);
      for (guint k = 0; k < offers->len; k++)
        {
          const SandOffer *o = &g_array_index (offers, SandOffer, k);
          if (o->spec->kind == SAND_ACTION_MOVE && !ai->done[i] && mover < 0)
            mover = (int) i;
          if (o->spec->kind == SAND_ACTION_ATTACK && !ai->done[i])
            g_array_append_val (may_attack, i);
        }
      if ((a = unit_action_next (ai, (int) i, offers, &now)) != NULL)
        return a;
    }
  /* the unit in motion's own actions (a hasty attack, a challenge) before
   * another starts: starting another finishes it in some rules */
  if (ai->in_motion >= 0 && (a = sand_ai_actions_next (ai, ai->in_motion)) != NULL)
    return a;
  if (mover >= 0)
    {
      sand_ai_threat_build (ai);
      sand_ai_screen_build (ai);
      sand_ai_guard_build (ai);
      sand_ai_concert_build (ai);
      sand_ai_cut_build (ai);
    }
  while (mover >= 0)
    {
      if ((a = sand_ai_rail_next (ai, mover, sand_ai_hex_score)) != NULL)
        return a;
      /* its own actions before it moves (a formation change costs the
       * movement points it would spend) */
      if ((a = sand_ai_actions_next (ai, mover)) != NULL)
        return a;
      if ((a = move_next (ai, mover)) != NULL)
        return a;
      /* staying put: the next unit that may move */
      int next = -1;
      for (guint k = 0; k < own->len && next < 0; k++)
        {
          int u = g_array_index (own, int, k);
          if (!ai->done[u] && sand_game_offers (game, "move", u))
            next = u;
        }
      mover = next;
    }
  if ((a = sand_ai_detrain_next (ai)) != NULL)
    return a;
  if ((a = attack_next (ai, may_attack)) != NULL)
    return a;
  if ((a = module_next (ai, own)) != NULL)
    return a;
  return sand_ai_actions_next (ai, -1);
}

/* Settling ---------------------------------------------------------------- */

static void
choose_losses (SandAi *ai, const SandLossOwed *owed, SandAiChoices *c)
{
  if (owed->side != ai->side || owed->owed <= 0 || owed->units == NULL || owed->units->len == 0)
    return;
  /* Spread over the units, the fullest first, so that as few as can be
   * are lost outright. */
  guint n = owed->units->len;
  g_autofree int *take = g_new0 (int, n);
  for (int left = owed->owed; left > 0; left--)
    {
      int best = -1, room = 0;
      for (guint k = 0; k < n; k++)
        {
          const SandLossOption *o = &g_array_index (owed->units, SandLossOption, k);
          if (o->limit - take[k] > room)
            {
              room = o->limit - take[k];
              best = (int) k;
            }
        }
      if (best < 0)
        break;
      take[best]++;
    }
  for (guint k = 0; k < n; k++)
    if (take[k] > 0)
      {
        SandLoss l = { g_array_index (owed->units, SandLossOption, k).unit, take[k] };
        g_array_append_val (c->losses, l);
      }
}

void
sand_ai_fast_choices (SandAi                  *ai,
                      const SandPendingAttack *p,
                      SandAiChoices           *c)
{
  sand_ai_view_enemies (ai);
  for (int i = 0; i < 2; i++)
    choose_losses (ai, &p->loss[i], c);
  for (guint r = 0; p->retreats != NULL && r < p->retreats->len; r++)
    {
      const SandRetreatOwed *o = &g_array_index (p->retreats, SandRetreatOwed, r);
      if (o->units == NULL || o->units->len == 0 || o->ends == NULL || o->ends->len == 0)
        continue;
      int first = g_array_index (o->units, int, 0);
      if ((int) sand_game_get_unit (ai->game, first)->side != ai->side)
        continue;
      int best = SAND_HEX_NONE;
      double best_s = -G_MAXDOUBLE;
      for (guint k = 0; k < o->ends->len; k++)
        {
          int h = g_array_index (o->ends, int, k);
          gboolean through = FALSE;
          for (guint j = 0; o->controlled != NULL && j < o->controlled->len && !through; j++)
            through = g_array_index (o->controlled, int, j) == h;
          double s = ai->goal[h] + 2.0 * MIN (ai->enemy_dist[h], 4) - (through ? 10 : 0)
                     - ai->w.stack * sand_ai_own_at (ai, h, -1);
          if (s > best_s)
            {
              best_s = s;
              best = h;
            }
        }
      SandRetreat rt = { first, 1, { best } };
      g_array_append_val (c->retreats, rt);
    }
  /* The attacker's advance: its strongest into the emptied hex. */
  if (p->advance != NULL && p->advance->len > 0
      && (int) sand_game_get_unit (ai->game, g_array_index (p->advance, int, 0))->side == ai->side)
    {
      int best = -1;
      for (guint k = 0; k < p->advance->len; k++)
        {
          int u = g_array_index (p->advance, int, k);
          if (best < 0 || ai->est[u] > ai->est[best])
            best = u;
        }
      g_array_append_val (c->advance, best);
    }
}
