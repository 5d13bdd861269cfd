/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-random-play.c: thousands of random legal actions from every shipped
 * scenario the engine can play, with fixed seeds, checking the rules'
 * invariants after each one:
 *  - no unit beyond its movement allowance;
 *  - strengths between 1 and the printed (or reinforced) maximum;
 *  - no unit on a hex with enemy combat units or a living enemy fort;
 *  - no EB on a hex with an enemy unit (FPW EB Units (C): pushed back);
 *  - no unit entrained when its side has reached its limit for the phase;
 *  - a refused action changes nothing;
 *  - points destroyed match the losses the attacks reported, and the
 *    victory points follow from them;
 *  - every so often, the log replayed into a fresh game gives the same
 *    units, the same supply states and the same victory points;
 *  - with the Standard Game on (probes, hasty attacks, dummies, isolation
 *    losses): no query answers a side with an identity or strength it has
 *    not seen (names, strengths, odds and their notes, the console's
 *    `state SIDE`, the log lines as each side reads them), and the victory
 *    points a side counts do not move when the enemy loses points to
 *    isolation face down.
 */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "sand-console.h"
#include "sand-action.h"
#include "sand-game.h"
#include "sand-scenario-io.h"

#define ACTIONS_PER_GAME 4000

static int
entrain_limit (SandGame *game, int side)
{
  SandRuleset *rs = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  g_autofree char *name = g_strdup_printf ("entrain-limit-%s",
                                           sand_ruleset_get_side (rs, (guint) side)->id);
  return sand_ruleset_param_int (rs, name, 99);
}

static gboolean
same_units (SandGame *a, SandGame *b)
{
  for (guint i = 0; i < sand_game_n_units (a); i++)
    {
      const SandUnitState *x = sand_game_get_unit (a, (int) i);
      const SandUnitState *y = sand_game_get_unit (b, (int) i);
      if (x->hex != y->hex || x->status != y->status || x->strength != y->strength
          || x->flags != y->flags || x->mp_spent != y->mp_spent)
        return FALSE;
    }
  return TRUE;
}

static void
check_invariants (SandGame *game, const int *lost)
{
  guint n = sand_game_n_units (game);
  SandRuleset *rs = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  int eb = sand_ruleset_find_unit_type (rs, "eb");
  int dummy = sand_ruleset_find_unit_type (rs, "dummy");

  for (guint i = 0; i < n; i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      const SandCounter *c = sand_game_get_counter (game, (int) i);
      if (u->status != SAND_UNIT_ON_MAP)
        continue;
      g_assert_cmpint (u->mp_spent, <=, sand_game_unit_allowance (game, (int) i));
      if (c->type != eb && c->type != dummy)
        {
          g_assert_cmpint (u->strength, >=, 1);
          g_assert_cmpint (u->strength, <=, sand_game_unit_max_strength (game, (int) i));
        }
      for (guint j = 0; j < n; j++)
        {
          const SandUnitState *o = sand_game_get_unit (game, (int) j);
          if (o->status != SAND_UNIT_ON_MAP || o->hex != u->hex || o->side == u->side)
            continue;
          /* FPW EB Units (C): an enemy entering an EB's hex pushes it back,
           * so an EB never shares a hex with an enemy unit */
          g_assert_true (c->type != eb);
          g_assert_true (c->type == dummy
                         || sand_game_get_counter (game, (int) j)->type == dummy);
        }
    }
  for (int s = 0; s < 2; s++)
    g_assert_cmpint (sand_game_points_lost (game, s), ==, lost[s]);
}

/* Combat points that real (not EB, not dummy) units on the map lost
 * since @before: what losses of any kind take away. */
static void
add_strength_lost (SandGame *game, const SandUnitState *before, int *lost)
{
  SandRuleset *rs = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  int eb = sand_ruleset_find_unit_type (rs, "eb");
  int dummy = sand_ruleset_find_unit_type (rs, "dummy");
  for (guint i = 0; i < sand_game_n_units (game); i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      int type = sand_game_get_counter (game, (int) i)->type;
      if (type != eb && type != dummy && before[i].status == SAND_UNIT_ON_MAP
          && u->strength < before[i].strength)
        lost[u->side] += before[i].strength - u->strength;
    }
}

/* Nothing a side is told names or measures what it has not seen. */
static void
check_no_leak (SandGame *game)
{
  for (int viewer = 0; viewer < 2; viewer++)
    for (guint i = 0; i < sand_game_n_units (game); i++)
      {
        const SandUnitState *u = sand_game_get_unit (game, (int) i);
        if (u->side == viewer || sand_game_unit_visible (game, (int) i, viewer))
          continue;
        g_autofree char *name = sand_game_unit_name_for (game, (int) i, viewer);
        g_assert_cmpstr (name, !=, sand_game_get_counter (game, (int) i)->id);
        g_assert_null (strstr (name, "dummy"));
        g_assert_cmpint (sand_game_unit_strength_for (game, (int) i, viewer), ==, -1);
      }
  /* formation markers: face down to the enemy unless a challenge showed them */
  for (int viewer = 0; viewer < 2; viewer++)
    for (guint i = 0; i < sand_game_n_units (game); i++)
      if (sand_game_get_unit (game, (int) i)->side != viewer
          && sand_game_unit_formation_for (game, (int) i, viewer) != NULL)
        g_assert_true (sand_game_get_unit (game, (int) i)->aux[0] & 1);
}

/* The log lines from @from on, as each side reads them, name no enemy
 * counter that side has not seen. */
static void
check_log_no_leak (SandGame *game, guint from)
{
  for (int viewer = 0; viewer < 2; viewer++)
    for (guint i = from; i < sand_game_log_length (game); i++)
      {
        const char *line = sand_game_log_line_for (game, i, viewer);
        if (line == NULL)
          continue;
        g_auto(GStrv) words = g_strsplit_set (line, " ,:=", -1);
        for (guint k = 0; words[k] != NULL; k++)
          {
            int u = sand_game_find_unit (game, words[k]);
            if (u < 0 || sand_game_get_unit (game, u)->side == viewer
                || sand_game_unit_visible (game, u, viewer))
              continue;
            if (strcmp (words[k], sand_game_get_counter (game, u)->id) == 0)
              g_error ("side %d reads '%s', naming %s unseen", viewer, line, words[k]);
          }
      }
}

/* Whether @word stands in @text as a whole word (not "I AK" inside "II AK"). */
static gboolean
has_word (const char *text, const char *word)
{
  gsize len = strlen (word);
  for (const char *p = strstr (text, word); p != NULL; p = strstr (p + 1, word))
    {
      gboolean before = p > text && (g_ascii_isalnum (p[-1]) || strchr ("-_/?", p[-1]));
      gboolean after = g_ascii_isalnum (p[len]) || (p[len] != '\0' && strchr ("-_/?", p[len]));
      if (!before && !after)
        return TRUE;
    }
  return FALSE;
}

static char *
blank_out (char *text, const char *what)
{
  if (what == NULL || what[0] == '\0')
    return text;
  g_auto(GStrv) parts = g_strsplit (text, what, -1);
  g_free (text);
  return g_strjoinv ("_", parts);
}

/* A message @viewer reads (a refusal, a combat note) names no counter it
 * has not seen by its id or its name (sand_game_unit_label_for). Names are
 * shared ("Dummy", "EB"): what names a counter in view is taken out first. */
static void
check_message_no_leak (SandGame *game, const char *message, int viewer)
{
  char *rest = g_strdup (message);
  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i < sand_game_n_units (game); i++)
      if (sand_game_unit_visible (game, (int) i, viewer))
        {
          g_autofree char *label
            = sand_game_unit_label_for (game, (int) i, viewer,
                                        pass == 0 ? SAND_UNIT_LABEL_WITH_ID : SAND_UNIT_LABEL_NAME);
          rest = blank_out (rest, label);
        }
  for (guint i = 0; i < sand_game_n_units (game); i++)
    {
      if (sand_game_unit_visible (game, (int) i, viewer))
        continue;
      const SandCounter *c = sand_game_get_counter (game, (int) i);
      if (has_word (rest, c->id) || (c->name != NULL && c->name[0] != '\0'
                                     && has_word (rest, c->name)))
        g_error ("side %d reads '%s', naming %s unseen", viewer, message, c->id);
    }
  g_free (rest);
}

/* The odds the attacker is shown never measure or name unseen defenders. */
static void
check_odds_no_leak (SandGame *game, int hex, const int *att, guint n)
{
  SandOdds o;
  if (!sand_game_odds (game, hex, att, n, FALSE, &o, NULL))
    return;
  int side = sand_game_get_unit (game, att[0])->side;
  g_autoptr(GArray) there = g_array_new (FALSE, FALSE, sizeof (int));
  sand_game_units_at (game, hex, there);
  gboolean unseen = FALSE;
  for (guint k = 0; k < there->len; k++)
    {
      int d = g_array_index (there, int, k);
      if (sand_game_get_unit (game, d)->side == side || sand_game_unit_visible (game, d, side))
        continue;
      unseen = TRUE;
      const char *id = sand_game_get_counter (game, d)->id;
      for (guint m = 0; o.notes != NULL && m < o.notes->len; m++)
        g_assert_null (strstr (g_ptr_array_index (o.notes, m), id));
    }
  for (guint m = 0; o.notes != NULL && m < o.notes->len; m++)
    check_message_no_leak (game, g_ptr_array_index (o.notes, m), side);
  if (unseen)
    {
      g_assert_true (o.hidden);
      g_assert_cmpint (o.defense_q, ==, 0);
      for (guint m = 0; o.notes != NULL && m < o.notes->len; m++)
        g_assert_null (strstr (g_ptr_array_index (o.notes, m), "dummy"));
    }
  sand_odds_clear (&o);
}

static int
pick (GRand *rand, guint n)
{
  return n == 0 ? -1 : (int) g_rand_int_range (rand, 0, (gint32) n);
}

static void
play_one (SandScenario *scenario, guint64 seed)
{
  g_autoptr(GError) error = NULL;
  /* each seed plays another order of battle of each side, when there are several */
  const char *oobs[SAND_MAX_SIDES] = { NULL };
  for (int side = 0; side < 2; side++)
    {
      guint k = 0, count = 0;
      for (guint i = 0; i < sand_scenario_n_oobs (scenario); i++)
        count += sand_scenario_get_oob (scenario, i)->side == side;
      for (guint i = 0; i < sand_scenario_n_oobs (scenario) && count > 0; i++)
        if (sand_scenario_get_oob (scenario, i)->side == side && k++ == seed % count)
          oobs[side] = sand_scenario_get_oob (scenario, i)->id;
    }
  g_autoptr(SandGame) game = sand_game_new (scenario, oobs, seed, &error);
  g_assert_no_error (error);
  g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) seed);
  g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) att = g_array_new (FALSE, FALSE, sizeof (int));
  const SandGrid *grid = sand_game_get_grid (game);
  int lost[SAND_MAX_SIDES] = { 0 };
  guint n = sand_game_n_units (game);
  g_autofree SandUnitState *before = g_new0 (SandUnitState, n + 1);
  guint refusals = 0, moves = 0, attacks = 0, hasty = 0;
  gboolean standard = sand_scenario_has_option (sand_game_get_scenario (game), "standard");
  gboolean formation = sand_scenario_has_option (sand_game_get_scenario (game), "formation");

  for (int step = 0; step < ACTIONS_PER_GAME && !sand_game_is_over (game); step++)
    {
      const char *phase = sand_game_get_phase_id (game);
      int side = sand_game_get_side (game);
      gboolean ok = TRUE, acted = FALSE;
      guint log_before = sand_game_log_length (game);
      gboolean lost_by_strength = FALSE;
      g_clear_error (&error);
      for (guint i = 0; i < n; i++)
        before[i] = *sand_game_get_unit (game, (int) i);

      g_array_set_size (units, 0);
      for (guint i = 0; i < n; i++)
        {
          const SandUnitState *u = sand_game_get_unit (game, (int) i);
          if (u->status == SAND_UNIT_ON_MAP && u->side == side)
            {
              int x = (int) i;
              g_array_append_val (units, x);
            }
        }
      int r = g_rand_int_range (rand, 0, 100);
      int owing = -1;
      for (guint i = 0; i < units->len; i++)
        if (sand_game_get_unit (game, g_array_index (units, int, i))->flags
            & SAND_UNIT_MUST_PROBE)
          owing = g_array_index (units, int, i);
      if (owing >= 0 && r < 60)
        r = 25;
      /* the end of a Movement Phase: isolation losses the enemy does not see
       * (with Formation Status the markers going face down may change the
       * zones of control, and so what it counts) */
      SandVictory seen[2];
      gboolean check_vp = standard && !formation && strcmp (phase, "movement") == 0
        && (units->len == 0 || r < 4);
      for (int v = 0; v < 2 && check_vp; v++)
        sand_game_victory_for (game, v, &seen[v]);
      if (units->len == 0 || r < 4)
        {
          ok = sand_game_end_phase (game, &error);
          lost_by_strength = TRUE;
        }
      else if (strcmp (phase, "reinforcement") == 0)
        {
          /* return a revealed dummy onto a friendly unit, or go on */
          ok = TRUE;
          for (guint i = 0; i < n; i++)
            {
              const SandUnitState *d = sand_game_get_unit (game, (int) i);
              if (d->side == side && (d->flags & SAND_UNIT_DUMMY)
                  && d->status == SAND_UNIT_ELIMINATED)
                {
                  int host = g_array_index (units, int, pick (rand, units->len));
                  g_autofree char *hid = sand_grid_dup_id (grid,
                                                           sand_game_get_unit (game, host)->hex);
                  const char *args[] = { sand_game_get_counter (game, (int) i)->id, hid, NULL };
                  acted = TRUE;
                  ok = sand_game_perform_args (game, "dummy", args, NULL, &error);
                  break;
                }
            }
          if (!acted && r < 50)
            {
              /* plan J may owe a German unit removed (Variable OOB) */
              int w = g_array_index (units, int, pick (rand, units->len));
              const char *args[] = { sand_game_get_counter (game, w)->id, NULL };
              acted = TRUE;
              ok = sand_game_perform_args (game, "remove", args, NULL, &error);
            }
          else if (!acted)
            ok = sand_game_end_phase (game, &error);
        }
      else if (strcmp (phase, "movement") == 0)
        {
          int u = g_array_index (units, int, pick (rand, units->len));
          if (owing >= 0 && r == 25)
            u = owing;
          acted = TRUE;
          if (standard && r >= 20 && r < 30)
            {
              /* a hasty attack on a neighbouring enemy hex */
              int target = sand_grid_neighbour (grid, sand_game_get_unit (game, u)->hex,
                                                pick (rand, 6));
              for (int d = 0; d < 6 && owing == u; d++)
                {
                  int t = sand_grid_neighbour (grid, sand_game_get_unit (game, u)->hex, d);
                  g_autoptr(GArray) there = g_array_new (FALSE, FALSE, sizeof (int));
                  if (t != SAND_HEX_NONE)
                    sand_game_units_at (game, t, there);
                  for (guint k = 0; k < there->len; k++)
                    if (sand_game_get_unit (game, g_array_index (there, int, k))->side != side)
                      target = t;
                }
              if (target == SAND_HEX_NONE)
                acted = FALSE;
              else
                {
                  g_autofree char *hid = sand_grid_dup_id (grid, target);
                  int max = MAX (1, sand_game_get_unit (game, u)->strength);
                  g_autofree char *pts = g_strdup_printf ("%d", 1 + pick (rand, (guint) max));
                  const char *args[] = { hid, sand_game_get_counter (game, u)->id, pts, NULL };
                  ok = sand_game_perform_args (game, "hasty", args, NULL, &error);
                  lost_by_strength = TRUE;
                  if (ok)
                    hasty++;
                }
            }
          else if (standard && r >= 30 && r < 40)
            {
              const SandReach *reach = sand_game_probe_reach (game, u, &error);
              if (reach == NULL)
                ok = FALSE;
              else
                {
                  g_array_set_size (hexes, 0);
                  sand_reach_hexes (reach, hexes);
                  if (hexes->len == 0)
                    acted = FALSE;
                  else
                    {
                      int h = g_array_index (hexes, int, pick (rand, hexes->len));
                      ok = sand_game_probe_move (game, u, &h, 1, NULL, &error);
                      if (!ok)
                        g_error ("probe reach offered a hex the move refused: %s",
                                 error->message);
                      moves++;
                    }
                }
            }
          else if (standard && r >= 46 && r < 48)
            {
              /* withhold a reinforcement still to come (Variable OOB) */
              int w = pick (rand, n);
              const char *args[] = { sand_game_get_counter (game, w)->id, NULL };
              ok = sand_game_perform_args (game, "withhold", args, NULL, &error);
            }
          else if (standard && r >= 40 && r < 44)
            {
              const char *args[] = { sand_game_get_counter (game, u)->id,
                                     g_rand_boolean (rand) ? "concentrated" : "extended", NULL };
              ok = sand_game_perform_args (game, "formation", args, NULL, &error);
            }
          else if (standard && r >= 44 && r < 46)
            {
              int h = sand_grid_neighbour (grid, sand_game_get_unit (game, u)->hex,
                                           pick (rand, 6));
              if (h == SAND_HEX_NONE)
                acted = FALSE;
              else
                {
                  g_autofree char *hid = sand_grid_dup_id (grid, h);
                  const char *args[] = { sand_game_get_counter (game, u)->id, hid, NULL };
                  ok = sand_game_perform_args (game, "challenge", args, NULL, &error);
                }
            }
          else if (r < 12)
            {
              int before_count = 0;
              for (guint i = 0; i < n; i++)
                if (sand_game_get_unit (game, (int) i)->side == side
                    && (sand_game_get_unit (game, (int) i)->flags & SAND_UNIT_WAS_ENTRAINED))
                  before_count++;
              ok = sand_game_entrain (game, u, &error);
              /* Rail Movement (E): only while fewer than the limit have been
               * entrained this phase (arrivals on the train included) */
              if (ok)
                g_assert_cmpint (before_count, <, entrain_limit (game, side));
            }
          else if (r < 16)
            ok = sand_game_detrain (game, u, &error);
          else if (r < 17 && sand_game_can_undo (game))
            {
              /* undo gives back the state before the last action */
              guint len = sand_game_log_length (game);
              ok = sand_game_undo (game, &error);
              g_assert_true (ok);
              g_assert_cmpuint (sand_game_log_length (game), <, len);
              acted = FALSE;
              g_clear_pointer (&error, g_error_free);
              lost[0] = sand_game_points_lost (game, 0);
              lost[1] = sand_game_points_lost (game, 1);
            }
          else if (r < 18)
            {
              int h = pick (rand, (guint) sand_grid_n_hexes (grid));
              ok = sand_game_place_reserve (game, side, h, NULL, &error);
            }
          else if (r < 20)
            {
              /* a random, probably illegal, far hex */
              int h = pick (rand, (guint) sand_grid_n_hexes (grid));
              ok = sand_game_move (game, u, &h, 1, NULL, &error);
            }
          else
            {
              const SandReach *reach = sand_game_reach (game, u, &error);
              if (reach == NULL)
                ok = FALSE;
              else
                {
                  g_array_set_size (hexes, 0);
                  sand_reach_hexes (reach, hexes);
                  if (hexes->len == 0)
                    acted = FALSE;
                  else
                    {
                      int h = g_array_index (hexes, int, pick (rand, hexes->len));
                      int cost = sand_reach_cost (reach, h);
                      int left = sand_game_unit_mp_left (game, u);
                      g_assert_cmpint (cost, <=, left);
                      ok = sand_game_move (game, u, &h, 1, NULL, &error);
                      /* what reach offers, move accepts */
                      if (!ok)
                        g_error ("reach offered a hex move refused: %s", error->message);
                      moves++;
                    }
                }
            }
        }
      else if (strcmp (phase, "combat") == 0)
        {
          int u = g_array_index (units, int, pick (rand, units->len));
          int from = sand_game_get_unit (game, u)->hex;
          int dir = pick (rand, 6);
          int target = sand_grid_neighbour (grid, from, dir);
          /* mostly aim at a hex that holds enemies */
          for (int tries = 0; tries < 12; tries++)
            {
              g_autoptr(GArray) there = g_array_new (FALSE, FALSE, sizeof (int));
              if (target != SAND_HEX_NONE)
                sand_game_units_at (game, target, there);
              gboolean enemy = target != SAND_HEX_NONE
                && sand_game_fort_strength (game, target) > 0;
              for (guint k = 0; k < there->len; k++)
                enemy |= sand_game_get_unit (game, g_array_index (there, int, k))->side != side;
              if (enemy)
                break;
              u = g_array_index (units, int, pick (rand, units->len));
              from = sand_game_get_unit (game, u)->hex;
              target = sand_grid_neighbour (grid, from, pick (rand, 6));
            }
          acted = TRUE;
          if (target == SAND_HEX_NONE)
            acted = FALSE;
          else
            {
              g_array_set_size (att, 0);
              for (guint i = 0; i < units->len; i++)
                {
                  int a = g_array_index (units, int, i);
                  if (sand_grid_direction_to (grid, target, sand_game_get_unit (game, a)->hex) >= 0
                      && g_rand_boolean (rand))
                    g_array_append_val (att, a);
                }
              if (att->len == 0)
                g_array_append_val (att, u);
              check_odds_no_leak (game, target, (const int *) (void *) att->data, att->len);
              SandAttackResult res;
              ok = sand_game_attack (game, target, (const int *) (void *) att->data, att->len,
                                     NULL, &res, &error);
              if (ok)
                {
                  attacks++;
                  for (guint i = 0; i < res.losses->len; i++)
                    {
                      SandLoss *l = &g_array_index (res.losses, SandLoss, i);
                      lost[sand_game_get_unit (game, l->unit)->side] += l->loss;
                    }
                }
              sand_attack_result_clear (&res);
            }
        }
      else
        {
          ok = sand_game_end_phase (game, &error);
          lost_by_strength = TRUE;
        }
      /* Isolation losses (Standard Game Supply (O)) and hasty attacks take
       * points without an attack result: count what the strengths lost. */
      if (ok && lost_by_strength)
        add_strength_lost (game, before, lost);

      if (!ok && acted)
        {
          refusals++;
          /* a refused action changes nothing */
          g_assert_nonnull (error);
          if (standard)
            check_message_no_leak (game, error->message, side);
          g_assert_cmpuint (sand_game_log_length (game), ==, log_before);
          for (guint i = 0; i < n; i++)
            g_assert_true (memcmp (&before[i], sand_game_get_unit (game, (int) i),
                                   sizeof (SandUnitState)) == 0);
        }
      check_invariants (game, lost);
      /* Standard Game Sequence of Play: one unit in motion, the side to
       * move's, on the map; a unit whose movement is over moves no more */
      int moving = sand_game_unit_in_motion (game);
      if (moving >= 0)
        {
          g_assert_true (standard);
          g_assert_cmpint (sand_game_get_unit (game, moving)->status, ==, SAND_UNIT_ON_MAP);
          g_assert_cmpint (sand_game_get_unit (game, moving)->side, ==, sand_game_get_side (game));
          g_assert_cmpint (sand_game_get_segment (game), >=, 1);
          g_assert_cmpint (sand_game_get_segment (game), <=, 3);
        }
      else
        g_assert_cmpint (sand_game_get_segment (game), ==, 0);
      if (ok && strcmp (phase, "movement") == 0
          && strcmp (sand_game_get_phase_id (game), "movement") == 0)
        for (guint i = 0; i < n; i++)
          if ((before[i].flags & SAND_UNIT_FINISHED)
              && sand_game_get_unit (game, (int) i)->status == SAND_UNIT_ON_MAP)
            {
              g_assert_cmpint (sand_game_get_unit (game, (int) i)->hex, ==, before[i].hex);
              g_assert_cmpint (sand_game_get_unit (game, (int) i)->mp_spent, ==,
                               before[i].mp_spent);
            }
      if (standard)
        {
          check_no_leak (game);
          check_log_no_leak (game, log_before);
        }
      gboolean status_changed = FALSE;
      for (guint i = 0; i < n; i++)
        status_changed |= before[i].status != sand_game_get_unit (game, (int) i)->status;
      if (check_vp && ok && !status_changed)
        {
          SandVictory now;
          int enemy = 1 - side;
          sand_game_victory_for (game, enemy, &now);
          for (int s = 0; s < 2; s++)
            g_assert_cmpint (now.points[s], ==, seen[enemy].points[s]);
        }

      if (step % 500 == 499)
        {
          g_autofree char *log = sand_game_save_log (game);
          g_autoptr(GError) e2 = NULL;
          g_autoptr(SandGame) replay = sand_game_load_log (scenario, log, &e2);
          g_assert_no_error (e2);
          g_assert_true (same_units (game, replay));
          SandVictory v1, v2;
          sand_game_victory (game, &v1);
          sand_game_victory (replay, &v2);
          g_assert_cmpint (v1.net, ==, v2.net);
          for (guint i = 0; i < n; i++)
            if (sand_game_get_unit (game, (int) i)->status == SAND_UNIT_ON_MAP)
              g_assert_cmpint (sand_game_unit_supply (game, (int) i), ==,
                               sand_game_unit_supply (replay, (int) i));
        }
    }
  g_test_message ("seed %" G_GUINT64_FORMAT ": %u moves, %u attacks, %u hasty, %u refusals, "
                  "over %d", seed, moves, attacks, hasty, refusals, sand_game_is_over (game));
  g_assert_cmpuint (moves, >, 0);
}

static void
play_scenario (gconstpointer data)
{
  const char *path = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) scenario = sand_scenario_load_file (path, &error);
  g_assert_no_error (error);
  for (guint64 seed = 1; seed <= 12; seed++)
    play_one (scenario, seed);
  /* and the Standard Game's rules on the same set-up */
  if (!sand_scenario_has_option (scenario, "standard"))
    {
      sand_scenario_set_option (scenario, "standard", TRUE);
      for (guint64 seed = 1; seed <= 4; seed++)
        play_one (scenario, seed);
    }
  /* and the optional Formation Status */
  sand_scenario_set_option (scenario, "formation", TRUE);
  for (guint64 seed = 5; seed <= 8; seed++)
    play_one (scenario, seed);
}

/* Random console lines, well-formed or not, on a scenario: every answer is
 * one JSON object on one line, and the game is never left half-changed. */
static void
console_lines_never_crash (gconstpointer data)
{
  const char *path = data;
  static const char *const words[] = {
    "at", "reach", "move", "entrain", "detrain", "odds", "attack", "roll", "supply", "zoc",
    "end-phase", "state", "vp", "undo", "reserve", "exit", "setup", "hasty", "dummy",
    "formation", "challenge", "withhold", "remove", "done", "log",
  };
  static const char *const junk[] = {
    "german", "french", "movement", "combat", "reinforcement", "0", "-1", "99999", "1", "6",
    "noflank", "losses=", "losses=x:1", "losses=fort:9", "advance=", "advance=zz", "\"",
    "0000", "9999", "0101", "abc", "ñ", "", "flank=no", "probe", "concentrated", "extended",
    "french-?1", "german-?2",
  };
  g_autoptr(SandConsole) c = sand_console_new (NULL, 5);
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  g_autofree char *load = g_strdup_printf ("load \"%s\"", path);
  g_free (sand_console_execute (c, load));
  SandScenario *sc = sand_console_get_scenario (c);
  g_assert_nonnull (sc);
  const SandGrid *grid = sand_map_get_grid (sand_scenario_get_map (sc));

  for (int i = 0; i < 3000; i++)
    {
      GString *line = g_string_new (words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))]);
      int n = g_rand_int_range (rand, 0, 5);
      for (int k = 0; k < n; k++)
        {
          int kind = g_rand_int_range (rand, 0, 3);
          if (kind == 0)
            {
              gint32 nc = (gint32) sand_scenario_n_counters (sc);
              guint pickc = (guint) g_rand_int_range (rand, 0, nc);
              g_string_append_printf (line, " %s", sand_scenario_get_counter (sc, pickc)->id);
            }
          else if (kind == 1)
            {
              int h = g_rand_int_range (rand, 0, sand_grid_n_hexes (grid));
              g_autofree char *id = sand_grid_dup_id (grid, h);
              g_string_append_printf (line, " %s", id);
            }
          else
            g_string_append_printf (line, " %s",
                                    junk[g_rand_int_range (rand, 0, G_N_ELEMENTS (junk))]);
        }
      g_autofree char *answer = sand_console_execute (c, line->str);
      g_assert_nonnull (answer);
      if (!g_str_has_prefix (answer, "{\"ok\":") || strchr (answer, '\n') != NULL)
        g_error ("'%s' answered %s", line->str, answer);
      g_string_free (line, TRUE);
      /* `state SIDE` names nothing that side has not seen */
      SandGame *game = sand_console_get_game (c);
      if (game == NULL || i % 10 != 0)
        continue;
      for (int viewer = 0; viewer < 2; viewer++)
        {
          SandRuleset *rs = sand_scenario_get_ruleset (sand_game_get_scenario (game));
          g_autofree char *cmd = g_strdup_printf ("state %s",
                                                  sand_ruleset_get_side (rs, (guint) viewer)->id);
          g_autofree char *st = sand_console_execute (c, cmd);
          for (guint u = 0; u < sand_game_n_units (game); u++)
            if (sand_game_get_unit (game, (int) u)->side != viewer
                && !sand_game_unit_visible (game, (int) u, viewer))
              {
                const char *id = sand_game_get_counter (game, (int) u)->id;
                g_autofree char *quoted = g_strdup_printf ("\"%s\"", id);
                if (strstr (st, quoted) != NULL)
                  g_error ("'%s' names %s, unseen: %s", cmd, quoted, st);
              }
          /* nor does `log SIDE`: a counter unseen now was unseen when
           * every line naming it was logged (a dummy seen is off the map
           * until it returns under a new name) */
          g_autofree char *lcmd = g_strdup_printf ("log %s",
                                                   sand_ruleset_get_side (rs, (guint) viewer)->id);
          g_autofree char *lg = sand_console_execute (c, lcmd);
          g_auto(GStrv) tokens = g_strsplit_set (lg, " ,:=\"[]{}", -1);
          for (guint k = 0; tokens[k] != NULL; k++)
            {
              int u = sand_game_find_unit (game, tokens[k]);
              if (u >= 0 && sand_game_get_unit (game, u)->side != viewer
                  && !sand_game_unit_visible (game, u, viewer)
                  && strcmp (tokens[k], sand_game_get_counter (game, u)->id) == 0)
                g_error ("'%s' names %s, unseen: %s", lcmd, tokens[k], lg);
            }
        }
    }
}

static int
cmp_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(char * const *) a, *(char * const *) b);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  const char *datadir = g_getenv ("SANDTABLE_DATADIR");
  g_autofree char *dir = g_build_filename (datadir ? datadir : SOURCE_DATADIR, "scenarios",
                                           NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".xml"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, cmp_names);
  for (guint i = 0; i < names->len; i++)
    {
      const char *file = g_ptr_array_index (names, i);
      g_autofree char *path = g_build_filename (dir, file, NULL);
      g_autoptr(SandScenario) sc = sand_scenario_load_file (path, NULL);
      if (sc == NULL || strcmp (sand_ruleset_get_id (sand_scenario_get_ruleset (sc)), "fpw1870"))
        continue;
      g_autofree char *test = g_strdup_printf ("/random-play/fpw/%s", file);
      g_autofree char *test2 = g_strdup_printf ("/random-play/console-lines/%s", file);
      g_test_add_data_func_full (test2, g_strdup (path), console_lines_never_crash, g_free);
      g_test_add_data_func_full (test, g_steal_pointer (&path), play_scenario, g_free);
    }
  return g_test_run ();
}
