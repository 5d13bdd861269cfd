/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-actions.c: the fast level's way with every action the rules
 * offer besides moving and attacking — rail movement, the rules module's
 * own actions (hasty attacks, challenges, formation changes, withholding,
 * returning dummies, reconnaissance, …) and the set-up by zone.
 *
 * It knows no action by name. It fills a spec's fields from what the side
 * sees (its units, the enemy hexes near them, the spec's words, a unit's
 * strength as a number), tries each candidate once a phase on the game and
 * keeps the one whose try improves the full evaluation most. A try that
 * could show something the side may not see (a face-down enemy near) is not
 * made: the action is then judged on the weight the ruleset declares for
 * it (`ai-value-NAME`, default 0) and, against an enemy hex, on the odds
 * it believes. Rail movement is judged by what the unit reaches after it.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-ai-private.h"
#include "sand-game-module.h"

static gboolean
param_double (SandRuleset *rs, const char *name, double *out)
{
  const char *text = sand_ruleset_param_str (rs, name, NULL);
  char *end = NULL;
  if (text == NULL)
    return FALSE;
  *out = g_ascii_strtod (text, &end);
  return end != text;
}

static double
lookup_weight (SandAi *ai, const SandActionSpec *spec, const char *word)
{
  SandRuleset *rs = sand_scenario_get_ruleset (sand_game_get_scenario (ai->game));
  double v = 0;
  /* `ai-value-NAME-WORD` for one of its words, else `ai-value-NAME` */
  if (word != NULL)
    {
      g_autofree char *named = g_strdup_printf ("ai-value-%s-%s", spec->name, word);
      if (param_double (rs, named, &v))
        return v;
    }
  g_autofree char *name = g_strconcat ("ai-value-", spec->name, NULL);
  return param_double (rs, name, &v) ? v : 0;
}

double
sand_ai_action_weight (SandAi               *ai,
                       const SandActionSpec *spec,
                       const char           *word)
{
  /* read from the ruleset once a phase (params are not for hot paths) */
  char key[96];
  g_snprintf (key, sizeof key, "%s %s", spec->name, word != NULL ? word : "");
  if (ai->weights == NULL)
    ai->weights = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  double *v = g_hash_table_lookup (ai->weights, key);
  if (v == NULL)
    {
      v = g_new (double, 1);
      *v = lookup_weight (ai, spec, word);
      g_hash_table_insert (ai->weights, g_strdup (key), v);
    }
  return *v;
}

/* Whether a try of an action about @hex shows only what the side sees
 * (no face-down enemy within @radius). */
gboolean
sand_ai_all_seen_near (SandAi *ai,
                       int     hex,
                       int     radius)
{
  if (hex == SAND_HEX_NONE)
    return TRUE;
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (ai->game, (int) i);
      /* (seen first: the distance's hex arithmetic is the dearer
       * question, and most enemy units are seen; a counter face up is) */
      if (u->status == SAND_UNIT_ON_MAP && (int) u->side != ai->side
          && (u->flags & SAND_UNIT_FACE_DOWN)
          && !sand_game_unit_visible (ai->game, (int) i, ai->side)
          && sand_grid_distance (ai->grid, hex, u->hex) <= radius)
        return FALSE;
    }
  return TRUE;
}

/* Every action with a spec the other steps do not play. */
static gboolean
generic_spec (const SandActionSpec *spec)
{
  if (spec->kind != SAND_ACTION_MODULE || (spec->flags & SAND_ACTION_QUERY))
    return FALSE;
  if (spec->fields[0].kind == SAND_FIELD_END)
    return FALSE;
  /* unit-only offered actions and hex + units ones have their own steps */
  if (spec->fields[0].kind == SAND_FIELD_UNIT && spec->fields[1].kind == SAND_FIELD_END
      && spec->offered != NULL)
    return FALSE;
  if (spec->fields[0].kind == SAND_FIELD_HEX && spec->fields[1].kind == SAND_FIELD_UNITS)
    return FALSE;
  return TRUE;
}

gboolean
sand_ai_spec_has_field (const SandActionSpec *spec,
                        SandFieldKind         kind)
{
  for (int i = 0; i < 4 && spec->fields[i].kind != SAND_FIELD_END; i++)
    if (spec->fields[i].kind == kind && !spec->fields[i].optional)
      return TRUE;
  return FALSE;
}

/* The units an action of the side may name: on the map, still to come,
 * or a dummy taken off (what the rules may give back). */
static gboolean
candidate_unit (SandAi *ai, int unit)
{
  const SandUnitState *u = sand_game_get_unit (ai->game, unit);
  if ((int) u->side != ai->side)
    return FALSE;
  return u->status == SAND_UNIT_ON_MAP || u->status == SAND_UNIT_WAITING
    || (u->status == SAND_UNIT_ELIMINATED && (u->flags & SAND_UNIT_DUMMY));
}

/* The hexes an action of @unit may name: on the map, the enemy hexes
 * within two of it; off it, the best three hexes holding its side's
 * units (where a counter may come back). No unit: the three strongest
 * enemy hexes near its units, those it has not seen first (a look). */
static void
candidate_hexes (SandAi *ai, int unit, GArray *out)
{
  const SandUnitState *u = unit >= 0 ? sand_game_get_unit (ai->game, unit) : NULL;
  if (u != NULL && u->status == SAND_UNIT_ON_MAP)
    {
      /* the enemy's hexes (enemy_dist 0), in order: not the whole map */
      for (guint k = 0; k < ai->n_enemy_hexes; k++)
        if (sand_grid_distance (ai->grid, u->hex, ai->enemy_hexes[k]) <= 2)
          g_array_append_val (out, ai->enemy_hexes[k]);
      return;
    }
  int best[3] = { SAND_HEX_NONE, SAND_HEX_NONE, SAND_HEX_NONE };
  double best_s[3] = { -G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };
  /* the hexes to weigh: where its side's units stand (a counter coming
   * back), or the enemy's that it has not seen (a look) */
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *o = sand_game_get_unit (ai->game, (int) i);
      if (o->status != SAND_UNIT_ON_MAP)
        continue;
      if (u != NULL ? (int) o->side == ai->side : (int) o->side != ai->side)
        g_array_append_val (hexes, o->hex);
    }
  for (guint k = 0; k < hexes->len; k++)
    {
      int h = g_array_index (hexes, int, k);
      gboolean dup = FALSE;
      for (int j = 0; j < 3 && !dup; j++)
        dup = best[j] == h;
      if (dup)
        continue;
      double s;
      if (u != NULL)
        s = ai->goal[h] - ai->w.close * MIN (ai->enemy_dist[h], 20);
      else
        {
          int near = 99;
          for (guint i = 0; i < ai->n_units; i++)
            {
              const SandUnitState *o = sand_game_get_unit (ai->game, (int) i);
              if (o->status == SAND_UNIT_ON_MAP && (int) o->side == ai->side)
                near = MIN (near, sand_grid_distance (ai->grid, o->hex, h));
            }
          /* the strongest enemy near its units; what it has not seen first */
          s = ai->enemy_str[h] - near + (sand_ai_all_seen_near (ai, h, 0) ? 0 : 5);
        }
      for (int j = 0; j < 3; j++)
        if (s > best_s[j])
          {
            for (int m = 2; m > j; m--)
              {
                best[m] = best[m - 1];
                best_s[m] = best_s[m - 1];
              }
            best[j] = h;
            best_s[j] = s;
            break;
          }
    }
  for (int j = 0; j < 3; j++)
    if (best[j] != SAND_HEX_NONE)
      g_array_append_val (out, best[j]);
}

/* What an untried action is worth: its declared weight, and against an
 * enemy hex the odds the side believes (its strength, halved when the
 * action takes points as a hasty attack does, against the defence). */
double
sand_ai_judged_untried (SandAi           *ai,
                        const SandAction *a)
{
  double v = sand_ai_action_weight (ai, a->spec, a->word);
  if (a->hex != SAND_HEX_NONE && ai->enemy_dist[a->hex] == 0 && a->unit >= 0
      && sand_ai_spec_has_field (a->spec, SAND_FIELD_NUMBER))
    {
      double ratio = (a->number / 2.0) / MAX (sand_ai_hidden_strength (ai, a->hex), 1);
      gboolean pays = ratio >= ai->w.attack_ratio && !sand_ai_fort_untried_refused (ai, a->hex);
      v += pays ? ratio - ai->w.attack_ratio + 0.1 : -1;
    }
  return v;
}

typedef struct {
  SandAction *best;
  double best_v;
  double now;
  gboolean tried;   /* best was tried on the game (else judged) */
  gboolean kept;    /* best withholds a unit that could only stand outweighed */
} Pick;

static void
consider (SandAi *ai, Pick *pick, SandAction *a)
{
  char key[64];
  g_snprintf (key, sizeof key, "%s/%d/%s", a->spec->name, a->hex,
              a->word != NULL ? a->word : "");
  if (!sand_ai_try_once (ai, key, a->unit, a->number))
    {
      sand_action_free (a);
      return;
    }
  int at = a->hex;
  if (at == SAND_HEX_NONE && a->unit >= 0)
    {
      const SandUnitState *u = sand_game_get_unit (ai->game, a->unit);
      at = u->status == SAND_UNIT_ON_MAP ? u->hex : SAND_HEX_NONE;
    }
  double v;
  gboolean tried = sand_ai_all_seen_near (ai, at, 3);
  /* refused? asked first without dice (the refusals are most of the
   * candidates, and a refusal changes nothing) */
  guint len = sand_game_log_length (ai->game);
  gboolean on_map = a->unit >= 0
    && sand_game_get_unit (ai->game, a->unit)->status == SAND_UNIT_ON_MAP;
  gboolean legal = sand_game_apply (ai->game, a, NULL, NULL);
  /* (one of its units back off the map, to come again: withheld) */
  gboolean withheld = legal && on_map
    && sand_game_get_unit (ai->game, a->unit)->status == SAND_UNIT_WAITING;
  sand_ai_rewind (ai->game, len);
  if (!legal)
    {
      sand_action_free (a);
      return;
    }
  if (tried)
    {
      if (pick->now == -G_MAXDOUBLE)
        pick->now = sand_ai_eval_now (ai);
      int faces = sand_ai_spec_has_field (a->spec, SAND_FIELD_NUMBER) ? 6 : 1;
      double after = sand_ai_simulate (ai, a, TRUE, faces);
      v = after == -G_MAXDOUBLE ? -G_MAXDOUBLE
        : after - pick->now + sand_ai_action_weight (ai, a->spec, a->word);
    }
  else
    v = sand_ai_judged_untried (ai, a);
  double judged = v;
  if (withheld)
    v = sand_ai_withhold_value (ai, a->unit, v);
  if (v > pick->best_v)
    {
      g_clear_pointer (&pick->best, sand_action_free);
      pick->best = a;
      pick->best_v = v;
      pick->tried = tried;
      pick->kept = v != judged;
    }
  else
    sand_action_free (a);
}

static void
fill_and_consider (SandAi *ai, Pick *pick, const SandActionSpec *spec, int unit)
{
  /* each spec and unit filled once a phase for each hex the unit stands
   * on: what it gave was considered */
  int at = unit >= 0 ? sand_game_get_unit (ai->game, unit)->hex : SAND_HEX_NONE;
  if (!sand_ai_try_once (ai, spec->name, unit, -2 - at))
    return;
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  gboolean wants_hex = sand_ai_spec_has_field (spec, SAND_FIELD_HEX);
  if (wants_hex)
    candidate_hexes (ai, unit, hexes);
  else
    {
      int none = SAND_HEX_NONE;
      g_array_append_val (hexes, none);
    }
  for (guint k = 0; k < hexes->len; k++)
    for (int w = 0; w == 0 || (spec->words != NULL && spec->words[w] != NULL); w++)
      {
        SandAction *a = sand_action_new (spec);
        a->unit = unit;
        a->hex = g_array_index (hexes, int, k);
        if (spec->words != NULL && sand_ai_spec_has_field (spec, SAND_FIELD_WORD))
          a->word = g_intern_string (spec->words[w]);
        if (sand_ai_spec_has_field (spec, SAND_FIELD_NUMBER) && unit >= 0)
          a->number = sand_game_get_unit (ai->game, unit)->strength;
        if (sand_ai_spec_has_field (spec, SAND_FIELD_SIDE))
          a->side = ai->side;
        consider (ai, pick, a);
        if (spec->words == NULL || !sand_ai_spec_has_field (spec, SAND_FIELD_WORD))
          break;
      }
}

SandAction *
sand_ai_actions_next (SandAi *ai,
                      int     only_unit)
{
  /* a probe's attack is owed before anything else: the phase may not
   * end, nor another unit move, until it is made */
  SandAction *owed = sand_ai_probe_owed (ai);
  if (owed != NULL)
    return owed;
  g_autoptr(GPtrArray) specs = g_ptr_array_new ();
  sand_game_list_actions (ai->game, specs);
  Pick pick = { NULL, 1e-6, -G_MAXDOUBLE, FALSE, FALSE };
  for (guint s = 0; s < specs->len; s++)
    {
      const SandActionSpec *spec = g_ptr_array_index (specs, s);
      if (!generic_spec (spec))
        continue;
      if (!sand_ai_spec_has_field (spec, SAND_FIELD_UNIT))
        {
          if (only_unit < 0)
            fill_and_consider (ai, &pick, spec, -1);
          continue;
        }
      for (guint i = 0; i < ai->n_units; i++)
        if ((only_unit < 0 || (int) i == only_unit) && candidate_unit (ai, (int) i))
          fill_and_consider (ai, &pick, spec, (int) i);
    }
  if (pick.best == NULL && only_unit >= 0 && ai->done[only_unit])
    return sand_ai_challenge_step (ai, only_unit);
  /* a unit about to move: a probe, when the attack it commits to pays;
   * else a challenge, when it heads into a possible zone of control */
  if (pick.best == NULL && only_unit >= 0 && (pick.best = sand_ai_probe_next (ai, only_unit)))
    return pick.best;
  if (pick.best == NULL)
    return only_unit >= 0 ? sand_ai_challenge_route (ai, only_unit) : NULL;
  char where[SAND_HEX_ID_MAX] = "";
  if (pick.best->hex != SAND_HEX_NONE)
    sand_grid_format_id (ai->grid, pick.best->hex, where);
  sand_ai_aim (ai, pick.best->hex, NULL, pick.tried ? pick.best_v : 0);
  if (pick.kept)
    sand_ai_because (ai, _("%s: wherever it could go, enemies it believes stronger by the odds "
                           "it attacks at would be next to it; off the map for a turn it keeps "
                           "what their attack would take (%.1f)."),
                     pick.best->spec->name, pick.best_v);
  else if (pick.tried)
    sand_ai_because (ai, _("%s %s: a try shows the position gains %.1f (with the ruleset's "
                           "weight for it)."), pick.best->spec->name, where, pick.best_v);
  else
    sand_ai_because (ai, _("%s %s: judged without a try, which would show hidden counters: "
                           "the ruleset's weight and the believed odds give %.1f."),
                     pick.best->spec->name, where, pick.best_v);
  return pick.best;
}

/* Rail movement --------------------------------------------------------- */

/* The best the heuristic scores over the hexes @unit reaches now. */
static double
best_reach (SandAi *ai, int unit, SandAiHexScore score)
{
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  const SandReach *reach = sand_game_reach (ai->game, unit, NULL);
  double best = score (ai, unit, sand_game_get_unit (ai->game, unit)->hex);
  if (reach == NULL)
    return best;
  sand_reach_hexes (reach, hexes);
  for (guint k = 0; k < hexes->len; k++)
    {
      /* once a hex: the score draws its tie-breaking noise from the
       * player's stream, and MAX would evaluate it twice */
      double s = score (ai, unit, g_array_index (hexes, int, k));
      best = MAX (best, s);
    }
  return best;
}

SandAction *
sand_ai_rail_next (SandAi *ai,
                   int     unit,
                   SandAiHexScore score)
{
  const SandUnitState *u = sand_game_get_unit (ai->game, unit);
  if ((u->flags & SAND_UNIT_ENTRAINED) || !sand_game_offers (ai->game, "entrain", unit)
      || !sand_ai_try_once (ai, "entrain", unit, -1))
    return NULL;
  double foot = best_reach (ai, unit, score);
  guint len = sand_game_log_length (ai->game);
  g_autoptr(SandAction) a = sand_action_new_kind (SAND_ACTION_ENTRAIN);
  a->unit = unit;
  if (!sand_game_apply (ai->game, a, NULL, NULL))
    return NULL;
  double rail = best_reach (ai, unit, score);
  sand_ai_rewind (ai->game, len);
  /* worth the train only when the rail takes it somewhere better by more
   * than the ruleset's weight for the time it costs */
  double margin = 0.5 - sand_ai_action_weight (ai, a->spec, a->word);
  if (rail <= foot + margin)
    return NULL;
  sand_ai_aim (ai, SAND_HEX_NONE, NULL, rail - foot);
  /* Translators: the computer player's reason for entraining a unit. */
  sand_ai_because (ai, _("Entrains: by rail it reaches a better hex than on foot, by more "
                         "than the time the train costs."));
  return g_steal_pointer (&a);
}

SandAction *
sand_ai_detrain_next (SandAi *ai)
{
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (ai->game, (int) i);
      if ((int) u->side != ai->side || u->status != SAND_UNIT_ON_MAP
          || !(u->flags & SAND_UNIT_ENTRAINED) || !ai->done[i]
          || !sand_ai_try_once (ai, "detrain", (int) i, -1)
          || !sand_game_offers (ai->game, "detrain", (int) i))
        continue;
      /* off the train at the end of its ride, unless the ruleset weighs
       * riding on (a unit on a train neither fights nor holds) */
      if (sand_ai_action_weight (ai, sand_action_core_spec (SAND_ACTION_DETRAIN), NULL) < 0)
        continue;
      SandAction *a = sand_action_new_kind (SAND_ACTION_DETRAIN);
      a->unit = (int) i;
      sand_ai_because (ai, _("Detrains at the end of its ride, to fight and hold."));
      return a;
    }
  return NULL;
}

/* Set-up by zone --------------------------------------------------------- */

/* The zone @unit sets up in by its side's order of battle, or NULL. */
static const char *
unit_zone (SandGame *game, int unit)
{
  const SandUnitState *u = sand_game_get_unit (game, unit);
  SandScenario *sc = sand_game_get_scenario (game);
  const char *oob_id = sand_game_get_oob (game, (int) u->side);
  int oi = oob_id != NULL ? sand_scenario_find_oob (sc, oob_id) : -1;
  SandOob *oob = oi >= 0 ? sand_scenario_get_oob (sc, (guint) oi) : NULL;
  const char *uid = sand_game_unit_id (game, unit);
  for (guint i = 0; oob != NULL && oob->placements != NULL && i < oob->placements->len; i++)
    {
      const SandPlacement *p = g_ptr_array_index (oob->placements, i);
      if (p->zone != NULL && g_strcmp0 (p->counter, uid) == 0)
        return p->zone;
    }
  return NULL;
}

static int
by_strength_desc (gconstpointer a, gconstpointer b, gpointer data)
{
  SandAi *ai = data;
  int x = *(const int *) a, y = *(const int *) b;
  return ai->est[y] != ai->est[x] ? ai->est[y] - ai->est[x] : x - y;
}

void
sand_ai_set_up_side (SandAi *ai,
                     SandAiHexScore score)
{
  SandGame *game = ai->game;
  SandMap *map = sand_scenario_get_map (sand_game_get_scenario (game));
  g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      if ((int) u->side == ai->side && u->status == SAND_UNIT_ON_MAP
          && unit_zone (game, (int) i) != NULL)
        g_array_append_val (units, i);
    }
  /* the strongest choose first: the best hexes go to what holds them */
  g_array_sort_with_data (units, by_strength_desc, ai);
  for (guint k = 0; k < units->len; k++)
    {
      int unit = g_array_index (units, int, k);
      const char *zone = unit_zone (game, unit);
      sand_ai_view_enemies (ai);
      int here = sand_game_get_unit (game, unit)->hex;
      double here_s = score (ai, unit, here);
      g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (int));
      g_autoptr(GArray) order_s = g_array_new (FALSE, FALSE, sizeof (double));
      for (guint m = 0; m < sand_map_n_markers (map); m++)
        {
          const SandMarker *mk = sand_map_get_marker (map, m);
          if (mk->kind != SAND_MARKER_ZONE || g_strcmp0 (mk->group, zone) != 0
              || mk->hex == here)
            continue;
          double s = score (ai, unit, mk->hex);
          if (s <= here_s + 0.05)
            continue;
          guint at = 0;
          while (at < order->len && g_array_index (order_s, double, at) >= s)
            at++;
          g_array_insert_val (order, at, mk->hex);
          g_array_insert_val (order_s, at, s);
        }
      /* the best hex the zone's limits allow */
      for (guint j = 0; j < order->len && j < 8; j++)
        {
          SandAction *a = sand_action_new_kind (SAND_ACTION_SETUP);
          a->unit = unit;
          a->hex = g_array_index (order, int, j);
          char where[SAND_HEX_ID_MAX] = "";
          sand_grid_format_id (ai->grid, a->hex, where);
          sand_ai_aim (ai, a->hex, NULL, 0);
          sand_ai_because (ai, _("Set up at %s, the hex of its zone worth most: objectives "
                                 "near, enemies it outweighs (%.1f against %.1f where it "
                                 "stood)."), where, g_array_index (order_s, double, j), here_s);
          if (sand_ai_apply (ai, a))
            break;
        }
    }
  g_clear_pointer (&ai->reason, g_free);
  sand_ai_because (ai, _("Set-up done."));
  sand_ai_apply (ai, sand_action_new_kind (SAND_ACTION_READY));
}
