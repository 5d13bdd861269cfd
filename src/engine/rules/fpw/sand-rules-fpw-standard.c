/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules-fpw-standard.c: Franco-Prussian War 1870, the Standard Game:
 * hasty attacks and dummies.
 *
 * Hasty attacks in the Probe Segment (Hasty Attacks (N)-(R)), dummies
 * returned in the Reinforcement Phase, and the Standard Game states a unit
 * shows.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-rules-fpw-private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What a hasty attack asks of the unit alone, before its target and its
 * points (Hasty Attacks (N), (Q), the Sequence of Play): the attack's own
 * checks, and what the game offers (fpw_offered_hasty). */
static gboolean
hasty_unit_check (SandGame  *game,
                  int        unit,
                  GError   **error)
{
  const SandUnitState *unit_states = sand_game_units (game);
  const SandUnitState *u = &unit_states[unit];
  g_autofree char *who = sand_game_unit_label_for (game, unit, sand_game_get_side (game),
                                                   SAND_UNIT_LABEL_WITH_ID);
  if (!standard (game))
    {
      sand_game_refuse (game, error, "Movement (B)",
                        _("Hasty attacks belong to the Standard Game."));
      return FALSE;
    }
  if (sand_game_get_phase (game) != sand_game_phase_movement (game)
      || u->side != sand_game_get_side (game)
      || u->status != SAND_UNIT_ON_MAP)
    {
      sand_game_refuse (game, error, "Hasty Attacks (N)",
                        _("Hasty attacks are made by the moving side's units in its Movement "
                          "Phase."));
      return FALSE;
    }
  if (u->flags & SAND_UNIT_DUMMY)
    {
      sand_game_refuse (game, error, "Hasty Attacks (Q)",
                        _("%s is a dummy counter; dummies may not make hasty attacks."), who);
      return FALSE;
    }
  if (!sand_game_unit_is_real (game, unit) || (u->flags & SAND_UNIT_ENTRAINED))
    {
      sand_game_refuse (game, error, "Hasty Attacks (Q)",
                        _("Only combat units, not entrained, make hasty attacks."));
      return FALSE;
    }
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    if ((int) i != unit && (unit_states[i].flags & SAND_UNIT_MUST_PROBE))
      {
        g_autofree char *first = sand_game_unit_label_for (game, (int) i, sand_game_get_side (game),
                                                           SAND_UNIT_LABEL_WITH_ID);
        sand_game_refuse (game, error, "Standard Game Sequence of Play (2)",
                          _("%s must make its hasty attack first."),
                          first);
        return FALSE;
      }
  if (u->aux[0] & FPW_CHALLENGED)
    {
      sand_game_refuse (game, error, "Formation Status, Probe Segment b(1)",
                        _("%s challenged this phase and may not make a hasty attack."), who);
      return FALSE;
    }
  if (u->flags & SAND_UNIT_HASTY)
    {
      sand_game_refuse (game, error, "Standard Game Sequence of Play (2)",
                        _("%s has already made a hasty attack on real units this phase."), who);
      return FALSE;
    }
  /* the Probe Segment is part of the unit's own movement, so a unit whose
   * movement is over makes none */
  if (u->flags & SAND_UNIT_FINISHED)
    {
      sand_game_refuse (game, error, "Standard Game Sequence of Play",
                        _("%s has finished its movement this phase; a hasty attack is made in "
                          "the Probe Segment of the unit in motion."), who);
      return FALSE;
    }
  return TRUE;
}

static gboolean
hasty_offer_check (SandGame  *game,
                   int        unit,
                   GError   **error)
{
  if (!hasty_unit_check (game, unit, error))
    return FALSE;
  if (!fpw_enemy_within (game, unit, 1))
    {
      g_autofree char *who = sand_game_unit_label_for (game, unit, sand_game_get_side (game),
                                                       SAND_UNIT_LABEL_WITH_ID);
      sand_game_refuse (game, error, "Hasty Attacks (N)",
                        _("%s is next to no enemy unit to attack."), who);
      return FALSE;
    }
  return TRUE;
}

/* The unit may make a hasty attack now on some enemy hex next to it. */
gboolean
fpw_offered_hasty (SandGame             *game,
                   const SandActionSpec *spec,
                   int                   unit)
{
  return sand_rules_offered_if (game, unit, hasty_offer_check);
}

/* Hasty Attacks (N)-(R): @unit attacks @hex with @points in the Probe
 * Segment. Resolved with @ch as fpw_attack is (Unit Reduction (A): the
 * owners spread the losses; the default as before, the strongest first and
 * the fortification last), or planned for the two-step settle when the core
 * sets sand_game_plan (game). */
gboolean
fpw_hasty (SandGame                *game,
           int                      hex,
           int                      unit,
           int                      points,
           const SandAttackChoices *ch,
           SandAttackResult        *out,
           GError                 **error)
{
  const SandUnitState *unit_states = sand_game_units (game);
  FpwData *d = fpw (game);
  const SandUnitState *u = &unit_states[unit];
  g_autofree char *who = sand_game_unit_label_for (game, unit, sand_game_get_side (game),
                                                   SAND_UNIT_LABEL_WITH_ID);
  if (!hasty_unit_check (game, unit, error))
    return FALSE;
  if (points < 1 || points > u->strength)
    {
      sand_game_refuse (game, error, "Hasty Attacks (O)",
                        _("%s may allocate 1 to %d Combat Points, not %d."), who, u->strength,
                        points);
      return FALSE;
    }
  SandOdds check;
  if (!fpw_compute_odds (game, hex, &unit, 1, FALSE, points, TRUE, &check, error))
    return FALSE;
  sand_odds_clear (&check);

  sand_game_begin_action (game);
  fpw_begin_motion (game, unit);
  fpw_set_segment (game, 2);
  out->losses = g_array_new (FALSE, FALSE, sizeof (SandLoss));
  out->eliminated = g_array_new (FALSE, FALSE, sizeof (int));
  out->advanced = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) def = g_array_new (FALSE, FALSE, sizeof (int));
  gboolean fort_alive = fpw_defenders_at (game, hex, u->side, all);
  int fort = sand_game_fort_at (game, hex);
  g_autofree char *hid = sand_game_hex_id (game, hex);
  /* The defender reveals; dummies are removed (Sequence of Play (2)). */
  for (guint i = 0; i < all->len; i++)
    {
      int du = g_array_index (all, int, i);
      sand_game_reveal_unit (game, du);
      if (unit_states[du].flags & SAND_UNIT_DUMMY)
        {
          sand_game_remove_unit (game, du, SAND_UNIT_ELIMINATED);
          g_array_append_val (out->eliminated, du);
        }
      else
        g_array_append_val (def, du);
    }
  gboolean owed = (u->flags & SAND_UNIT_MUST_PROBE) != 0;
  if (def->len == 0 && !fort_alive)
    {
      g_strlcpy (out->result, "dummy", sizeof out->result);
      if (sand_game_plan (game) != NULL)
        {
          /* Two steps: nothing to choose, and no die. */
          sand_combat_plan_loss (game, &sand_game_plan (game)->loss[0], u->side, 0, &unit, 1, -1,
                                 "Hasty Attacks (O)");
          sand_combat_plan_loss (game, &sand_game_plan (game)->loss[1], -1, 0, NULL, 0, -1,
                                 "Unit Reduction (A)");
          sand_game_abort_action (game);
          return TRUE;
        }
      /* Only dummies: Segment 3, and ZOC (A) revised: the unit moves on
       * unless real enemy units still control its hex. */
      sand_game_change_unit_flags (game, unit, 0, SAND_UNIT_MUST_PROBE);
      sand_game_changed (game);
      sand_zoc_update (game);
      if (sand_zoc_controlled_for (game, u->side, u->hex, unit))
        {
          if (owed)
            sand_game_change_unit_flags (game, unit, SAND_UNIT_MUST_PROBE, 0);
        }
      else
        {
          sand_game_change_unit_flags (game, unit, 0, SAND_UNIT_STOPPED);
          /* Sequence of Play (3): the Second Movement Segment */
          fpw_set_segment (game, 3);
        }
      sand_game_commit_action (game, fpw_hasty_action (hex, unit, points));
      return TRUE;
    }

  fpw_compute_odds (game, hex, &unit, 1, FALSE, points, TRUE, &out->odds, NULL);
  out->roll = sand_game_roll (game, sand_game_params (game)->die_sides);
  out->modified_roll = out->roll + out->odds.drm;
  const SandTableRow *row = sand_combat_row (d->crt, out->modified_roll);
  int col = sand_combat_column (d->crt, out->odds.odds_att, out->odds.odds_def);
  g_strlcpy (out->result, row->cells[col], sizeof out->result);
  int aloss = 0, dloss = 0;
  fpw_parse_cell (row->cells[col], &aloss, &dloss);
  /* Only the points allocated are engaged, so only they can be lost. */
  aloss = MIN (aloss, points);
  out->attacker_loss = aloss;
  out->defender_loss = dloss;
  if (sand_game_plan (game) != NULL)
    {
      /* Two steps: the attacker loses at most what it allocated; the
       * defender spreads its loss (Unit Reduction (A)). No advance: the
       * unit's movement ends with the attack. */
      SandPendingAttack *p = sand_game_plan (game);
      int def_side = def->len > 0 ? unit_states[g_array_index (def, int, 0)].side
                                  : sand_game_other_side (game, u->side);
      sand_combat_plan_loss (game, &p->loss[0], u->side, aloss, &unit, 1, -1,
                             "Hasty Attacks (O)");
      for (guint i = 0; i < p->loss[0].units->len; i++)
        {
          SandLossOption *o = &g_array_index (p->loss[0].units, SandLossOption, i);
          o->limit = MIN (o->limit, points);
        }
      p->loss[0].owed = MIN (p->loss[0].owed, points);
      sand_combat_plan_loss (game, &p->loss[1], def_side, dloss,
                             (const int *) (void *) def->data, def->len,
                             fort_alive ? sand_game_fort_points (game, fort) : -1,
                             "Unit Reduction (A)");
      p->advance_rule = "Hasty Attacks (N)";
      sand_game_abort_action (game);
      return TRUE;
    }

  /* The attacker's loss on its one unit, at most the points allocated. */
  SandLoss mine = { unit, aloss };
  sand_combat_allocate (game, &unit, 1, aloss, &mine, 1, out->losses);
  int fort_take = fpw_take_losses (game, def, dloss, fort, fort_alive, ch, out);
  if (fort_alive && fort_take > 0)
    sand_game_set_fort_points (game, fort, sand_game_fort_points (game, fort) - fort_take);
  sand_game_reveal_unit (game, unit);
  for (guint i = 0; i < def->len; i++)
    sand_game_reveal_unit (game, g_array_index (def, int, i));
  /* Sequence of Play (2): a real enemy stops the unit; the errata: no
   * Combat Phase attack unless the unit had the MP to pay for entering
   * enemy control (whether it paid or not: the errata modifies ZOC (E)). */
  sand_game_change_unit_flags (game, unit, SAND_UNIT_STOPPED | SAND_UNIT_HASTY, 0);
  /* Formation Status, Probe Segment b(2) says it outright: a unit that
   * would not pay and found a real unit does not fight in the Combat Phase. */
  if (owed && (formation_rule (game)
               || sand_game_unit_mp_left (game, unit) < sand_game_params (game)->zoc_enter))
    sand_game_change_unit_flags (game, unit, SAND_UNIT_NO_COMBAT, 0);
  sand_game_change_unit_flags (game, unit, 0, SAND_UNIT_MUST_PROBE);
  /* "resolve the combat, and skip Segment 3; continue moving the rest of
   * the units": its movement is over */
  fpw_end_motion (game);
  sand_game_changed (game);
  /* The log says how the losses were spread, so a replay is exact. */
  SandAction *act = fpw_hasty_action (hex, unit, points);
  sand_action_set_losses (act, out->losses, fort_alive ? fort_take : -1);
  sand_game_commit_action (game, act);
  return TRUE;
}

/* `hasty HEX ID POINTS [losses=ID:N,…,fort:N]` in the Probe Segment. */
gboolean
fpw_act_hasty (SandGame          *game,
               const SandAction  *a,
               SandResult        *res,
               GError           **error)
{
  const SandUnitState *unit_states = sand_game_units (game);
  int hex = a->hex, unit = a->unit;
  SandAttackChoices ch;

  if (a->ask)
    {
      const SandPendingAttack *p;
      if (!sand_game_hasty_attack_roll (game, hex, unit, a->number, &p, error))
        return FALSE;
      res->pending = p;
      sand_result_add_int (res, "hasty", p->hasty_points);
      return TRUE;
    }
  sand_action_get_choices (a, &ch);
  SandAttackResult r = { 0 };
  if (!fpw_hasty (game, hex, unit, a->number, &ch, &r, error))
    return FALSE;
  g_autoptr(GArray) removed = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) eliminated = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < r.eliminated->len; i++)
    {
      int e = g_array_index (r.eliminated, int, i);
      g_array_append_val ((unit_states[e].flags & SAND_UNIT_DUMMY) ? removed : eliminated, e);
    }
  res->unit = unit;
  sand_result_add_units (res, "removed", (const int *) (void *) removed->data, removed->len);
  if (strcmp (r.result, "dummy") == 0)
    {
      sand_result_add_string (res, "result", "dummy");
      sand_result_add_bool (res, "may_move_on", !(unit_states[unit].flags & SAND_UNIT_STOPPED));
    }
  else
    {
      sand_result_add_int (res, "attack", r.odds.attack_q / 4);
      sand_result_add_int (res, "defense", r.odds.defense_q / 4);
      sand_result_add_string (res, "odds", r.odds.odds);
      sand_result_add_int (res, "drm", r.odds.drm);
      sand_result_add_int (res, "roll", r.roll);
      sand_result_add_string (res, "result", r.result);
      sand_result_begin (res, "losses", SAND_FACT_OBJECT);
      sand_result_add_int (res, "attacker", r.attacker_loss);
      sand_result_add_int (res, "defender", r.defender_loss);
      sand_result_end (res);
      sand_result_add_int (res, "fort_loss", r.fort_loss);
      sand_result_add_units (res, "eliminated", (const int *) (void *) eliminated->data,
                             eliminated->len);
      sand_result_add_bool (res, "no_combat",
                            (unit_states[unit].flags & SAND_UNIT_NO_COMBAT) != 0);
    }
  sand_attack_result_clear (&r);
  return TRUE;
}

/* What returning a dummy asks of the unit alone, before its hex. */
static gboolean
dummy_unit_check (SandGame  *game,
                  int        unit,
                  GError   **error)
{
  const SandUnitState *u = &sand_game_units (game)[unit];
  if (!standard (game))
    {
      sand_game_refuse (game, error, "Movement (B)",
                        _("Dummy counters belong to the Standard Game."));
      return FALSE;
    }
  if (!(u->flags & SAND_UNIT_DUMMY) || u->status != SAND_UNIT_ELIMINATED)
    {
      sand_game_refuse (game, error, "Standard Game Sequence of Play (A)",
                        _("%s is not a dummy counter the enemy has revealed."),
                        sand_game_unit_id (game, unit));
      return FALSE;
    }
  if (sand_game_get_phase (game) != sand_game_phase_reinforcement (game)
      || u->side != sand_game_get_side (game))
    {
      sand_game_refuse (game, error, "Standard Game Sequence of Play (A)",
                        _("Dummies return in their side's Reinforcement Phase."));
      return FALSE;
    }
  return TRUE;
}

/* A revealed dummy of the side to move may come back now, to some hex. */
gboolean
fpw_offered_dummy (SandGame             *game,
                   const SandActionSpec *spec,
                   int                   unit)
{
  return sand_rules_offered_if (game, unit, dummy_unit_check);
}

/* Standard Game Sequence of Play (A): `dummy ID HEX` returns a revealed
 * dummy onto a hex with a friendly unit in the Reinforcement Phase. */
gboolean
fpw_act_dummy (SandGame          *game,
               const SandAction  *a,
               SandResult        *res,
               GError           **error)
{
  const SandUnitState *unit_states = sand_game_units (game);
  int unit = a->unit, hex = a->hex;
  g_autofree char *hid = sand_game_hex_id (game, hex);
  const SandUnitState *u = &unit_states[unit];
  if (!dummy_unit_check (game, unit, error))
    return FALSE;
  if (sand_game_n_combat_at (game, u->side, hex) <= 0)
    {
      sand_game_refuse (game, error, "Standard Game Sequence of Play (A)",
                        _("A dummy returns on a hex with a friendly unit or dummy; %s has none."),
                        hid);
      return FALSE;
    }
  sand_game_begin_action (game);
  sand_game_set_unit_flags (game, unit, SAND_UNIT_DUMMY | SAND_UNIT_FACE_DOWN);
  sand_game_set_unit_strength (game, unit, 0);
  sand_game_new_alias (game, unit);
  sand_game_place_unit (game, unit, hex);
  /* "These may be shuffled so that the Enemy Player cannot see which of the
   * units is the newly placed Dummy counter": every face-down counter of
   * the side on the hex takes a new name, in an order drawn from the seed
   * and the log (the same in a replay), so the newest name is not the
   * dummy's. */
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (int));
  int top = 0;
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    {
      const SandUnitState *o = &unit_states[i];
      if (o->side != u->side)
        continue;
      top = MAX (top, o->alias);
      if (o->status == SAND_UNIT_ON_MAP && o->hex == hex && (o->flags & SAND_UNIT_FACE_DOWN))
        {
          int k = (int) i;
          g_array_append_val (stack, k);
        }
    }
  guint64 seed = sand_game_get_seed (game);
  g_autoptr(GRand) rand
    = g_rand_new_with_seed ((guint32) (seed ^ (seed >> 32)
                                       ^ (guint64) sand_game_log_length (game) * 7919u
                                       ^ (guint64) hex));
  for (guint i = stack->len; i > 1; i--)
    {
      guint j = (guint) g_rand_int_range (rand, 0, (gint32) i);
      int t = g_array_index (stack, int, i - 1);
      g_array_index (stack, int, i - 1) = g_array_index (stack, int, j);
      g_array_index (stack, int, j) = t;
    }
  for (guint i = 0; i < stack->len; i++)
    sand_game_set_unit_alias (game, g_array_index (stack, int, i), top + 1 + (int) i);
  sand_game_changed (game);
  SandAction *act = fpw_unit_action (FPW_DUMMY, unit);
  act->hex = hex;
  sand_game_commit_action (game, act);
  return TRUE;
}

void
fpw_unit_flags (SandGame  *game,
                int        unit,
                GPtrArray *names)
{
  guint32 f = sand_game_units (game)[unit].flags;
  if (f & SAND_UNIT_MUST_PROBE)
    g_ptr_array_add (names, (gpointer) "must-probe");
  if (f & SAND_UNIT_NO_COMBAT)
    g_ptr_array_add (names, (gpointer) "no-combat");
  if (f & SAND_UNIT_HASTY)
    g_ptr_array_add (names, (gpointer) "hasty");
}
