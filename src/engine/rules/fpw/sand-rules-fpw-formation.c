/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules-fpw-formation.c: Franco-Prussian War 1870, Optional Rule: Formation Status.
 *
 * Changing formation, challenges in the Probe Segment, and what each side
 * knows of a unit's formation.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-rules-fpw-private.h"

#include <stdio.h>
#include <string.h>

gboolean
fpw_enemy_within (SandGame *game,
                  int       unit,
                  int       range)
{
  const SandUnitState *us = sand_game_units (game);
  const SandUnitState *u = &us[unit];
  if (u->status != SAND_UNIT_ON_MAP)
    return FALSE;
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    if (us[i].status == SAND_UNIT_ON_MAP && us[i].side != u->side && us[i].hex != u->hex
        && sand_grid_distance (sand_game_grid (game), u->hex, us[i].hex) <= range)
      return TRUE;
  return FALSE;
}

/* The side whose formations may change now: before play the side setting
 * up (each sets its own), else the side to move. */
static int
formation_side (SandGame *game)
{
  int setting_up = sand_game_before_play (game) ? sand_game_setup_side (game) : -1;
  return setting_up >= 0 ? setting_up : sand_game_get_side (game);
}

/* What changing formation asks of the unit, whichever way (Formation
 * Status, General Rule and (A)): its own side's combat unit or dummy on
 * the map — the side setting up before play, for nothing; else the side to
 * move, in its Movement Phase, with the MP to pay. The offer and the act
 * both judge by it, so what is offered is what is accepted. */
static gboolean
formation_unit_check (SandGame  *game,
                      int        unit,
                      GError   **error)
{
  const SandUnitState *u = &sand_game_units (game)[unit];
  int side = formation_side (game);
  int cost = sand_ruleset_param_int (sand_game_get_ruleset (game), "formation-change-cost", 4);
  if (!formation_rule (game))
    {
      sand_game_refuse (game, error, "Formation Status",
                        _("Formation Status is an optional rule this scenario does not use."));
      return FALSE;
    }
  if (!sand_game_unit_is_combat (game, unit))
    {
      sand_game_refuse (game, error, "Formation Status (A)",
                        _("Only combat units and dummies have a formation status."));
      return FALSE;
    }
  if (u->status != SAND_UNIT_ON_MAP)
    {
      g_autofree char *who = sand_game_unit_label_for (game, unit, side,
                                                       SAND_UNIT_LABEL_WITH_ID);
      /* the marker sits on the face-down counter: none off the map */
      sand_game_refuse (game, error, "Formation Status (A)",
                        _("%s is not on the map; only units on the map have a formation "
                          "marker."), who);
      return FALSE;
    }
  if (sand_game_before_play (game))
    {
      if (u->side != side)
        {
          sand_game_refuse (game, error, "Formation Status (A)",
                            _("Each side sets its own units' formations."));
          return FALSE;
        }
      return TRUE;
    }
  if (sand_game_get_phase (game) != sand_game_phase_movement (game))
    {
      /* it costs Movement Points, spent only in the Movement Phase */
      sand_game_refuse (game, error, "Formation Status",
                        _("A unit changes formation in its side's Movement Phase, for %d MP, or "
                          "for nothing before play."), cost);
      return FALSE;
    }
  if (!sand_movement_check_may_move (game, unit, error))
    return FALSE;
  if (u->flags & SAND_UNIT_ENTRAINED)
    {
      g_autofree char *who = sand_game_unit_label_for (game, unit, side,
                                                       SAND_UNIT_LABEL_WITH_ID);
      sand_game_refuse (game, error, "Formation Status (E)",
                        _("%s is entrained; it detrains first."), who);
      return FALSE;
    }
  if (sand_game_unit_mp_left (game, unit) < cost)
    {
      g_autofree char *who = sand_game_unit_label_for (game, unit, side,
                                                       SAND_UNIT_LABEL_WITH_ID);
      sand_game_refuse (game, error, "Formation Status",
                        _("%s has %d MP left; changing formation costs %d."), who,
                        sand_game_unit_mp_left (game, unit), cost);
      return FALSE;
    }
  return TRUE;
}

/* The unit may change to the other formation now. */
gboolean
fpw_offered_formation (SandGame             *game,
                       const SandActionSpec *spec,
                       int                   unit)
{
  return sand_rules_offered_if (game, unit, formation_unit_check);
}

/* Formation Status: `formation ID concentrated|extended`, free before play,
 * four MP in the unit's Movement Phase. */
gboolean
fpw_act_formation (SandGame          *game,
                   const SandAction  *a,
                   SandResult        *res,
                   GError           **error)
{
  int unit = a->unit;
  const SandUnitState *u = &sand_game_units (game)[unit];
  gboolean conc = a->word[0] == 'c';
  int cost = sand_ruleset_param_int (sand_game_get_ruleset (game), "formation-change-cost", 4);
  if (!formation_unit_check (game, unit, error))
    return FALSE;
  if (((u->flags & SAND_UNIT_CONCENTRATED) != 0) == conc)
    {
      g_autofree char *who = sand_game_unit_label_for (game, unit, formation_side (game),
                                                       SAND_UNIT_LABEL_WITH_ID);
      sand_game_refuse (game, error, "Formation Status",
                        conc ? _("%s is already concentrated.") : _("%s is already extended."),
                        who);
      return FALSE;
    }
  gboolean free_change = sand_game_before_play (game);
  sand_game_begin_action (game);
  if (!free_change)
    {
      fpw_begin_motion (game, unit);
      sand_game_set_unit_mp (game, unit, u->mp_spent + cost, u->rail_credit);
    }
  sand_game_set_unit_flags (game, unit, conc ? u->flags | SAND_UNIT_CONCENTRATED
                                             : u->flags & ~(guint32) SAND_UNIT_CONCENTRATED);
  sand_game_changed (game);
  res->unit = unit;
  res->mp_left = sand_game_unit_mp_left (game, unit);
  sand_result_add_int (res, "mp_left", res->mp_left);
  SandAction *act = fpw_unit_action (FPW_FORMATION, unit);
  act->word = a->word;
  sand_game_commit_action (game, act);
  return TRUE;
}

/* Formation Status, Probe Segment: a challenge is made "upon moving into a
 * possible Enemy Zone of Control", by a unit "able to, but unwilling to,
 * pay" for entering it (b(1); without the MP, c: a hasty attack instead).
 * TRUE when the enemy units on @hex exert a possible zone of control onto
 * the unit's own hex or onto a hex next to it that it could enter paying
 * for it; else a refusal naming the case that keeps the control out. */
static gboolean
challenge_reaches (SandGame  *game,
                   int        unit,
                   int        hex,
                   int        into,
                   int       *into_cost,
                   GArray    *exerting,
                   GError   **error)
{
  const SandUnitState *u = &sand_game_units (game)[unit];
  g_autofree char *who = sand_game_unit_label_for (game, unit, sand_game_get_side (game),
                                                   SAND_UNIT_LABEL_WITH_ID);
  g_autofree char *hid = sand_game_hex_id (game, hex);
  int side = u->side;

  if (exerting->len == 0)
    {
      g_autoptr(GArray) there = g_array_new (FALSE, FALSE, sizeof (int));
      gboolean fort = fpw_defenders_at (game, hex, side, there);
      if (there->len == 0)
        sand_game_refuse (game, error, "Formation Status, Probe Segment",
                          _("There are no enemy units on %s to challenge."), hid);
      else if (fort || sand_game_fort_alive_at (game, hex, -1))
        sand_game_refuse (game, error, "Zones of Control (D)",
                          _("The units on %s are in a fortification and have no zone of control "
                            "to challenge."), hid);
      else
        sand_game_refuse (game, error, "Zones of Control (C)",
                          _("The units on %s exert no zone of control (entrained, or shown "
                            "concentrated) to challenge."), hid);
      return FALSE;
    }
  /* the hexes it is on or about to enter: its own and its neighbours */
  const char *rule = NULL, *why = NULL;
  gboolean short_of_mp = FALSE;
  int best_need = 0;
  for (int k = -1; k < SAND_N_DIRS; k++)
    {
      int x = k < 0 ? u->hex : sand_game_neighbours (game)[u->hex * SAND_N_DIRS + k];
      if (x == SAND_HEX_NONE || x == hex || (into != SAND_HEX_NONE && x != into))
        continue;
      int dir = sand_grid_direction_to (sand_game_grid (game), x, hex);
      if (dir < 0)
        continue;
      if (sand_game_zoc_side_blocked (game)[x] & (1u << dir))
        {
          rule = "Zones of Control (B)";
          why = N_("zones of control do not extend across river hexsides");
          continue;
        }
      if (sand_game_fort_alive_at (game, x, side))
        {
          rule = "Zones of Control (D)";
          why = N_("control never reaches a hex with a friendly fortification");
          continue;
        }
      int friends = sand_game_n_combat_at (game, side, x)
        - (x == u->hex && sand_game_unit_is_combat (game, unit));
      if (friends > 0)
        {
          rule = "Zones of Control (F)";
          why = N_("control never reaches a hex with friendly combat units");
          continue;
        }
      if (k < 0)
        return TRUE;  /* it stands in that possible control already */
      /* b: able to pay for entering it; c: else a hasty attack */
      SandStepState st = { (u->flags & SAND_UNIT_ONCE_PAID) ? 1 : 0, TRUE,
                           sand_zoc_controlled_for (game, side, u->hex, unit) };
      gboolean stop = FALSE;
      const char *r2 = NULL, *w2 = NULL;
      int cost = sand_movement_step (game, unit, u->hex, k, x, &st, &stop, &r2, &w2);
      if (cost < 0)
        continue;  /* it could not go there at all */
      if (!sand_game_moving_probe (game) && !(sand_game_zoc_mask (game)[x] & ~(1u << side)))
        cost += sand_game_params (game)->zoc_enter;  /* as if controlled: a possible zone */
      if (cost <= sand_game_unit_mp_left (game, unit))
        {
          /* what entering it costs without the +3 it is unwilling to pay */
          *into_cost = cost - sand_game_params (game)->zoc_enter;
          return TRUE;
        }
      short_of_mp = TRUE;
      best_need = best_need == 0 ? cost : MIN (best_need, cost);
    }
  if (into != SAND_HEX_NONE && rule == NULL && !short_of_mp)
    {
      g_autofree char *iid = sand_game_hex_id (game, into);
      sand_game_refuse (game, error, "Formation Status, Probe Segment",
                        _("%s cannot move into %s, or the units on %s exert no possible zone of "
                          "control there."), who, iid, hid);
      return FALSE;
    }
  if (short_of_mp)
    sand_game_refuse (game, error, "Formation Status, Probe Segment c",
                      _("%s has %d MP left and needs %d to enter the possible zone of control of "
                        "%s; without them it makes a hasty attack instead of a challenge."), who,
                      sand_game_unit_mp_left (game, unit), best_need, hid);
  else if (rule != NULL)
    sand_game_refuse (game, error, rule,
                      _("The units on %s exert no possible zone of control onto a hex %s is on or "
                        "about to enter: %s."), hid, who, _(why));
  else
    sand_game_refuse (game, error, "Formation Status, Probe Segment",
                      _("A challenge is made upon moving into a possible enemy zone of control: "
                        "the units on %s exert none onto a hex %s is on or about to enter."), hid,
                      who);
  return FALSE;
}

/* What a challenge asks of the unit alone, before the hex it challenges
 * (Formation Status, Probe Segment b): a unit that may still move and made
 * no hasty attack. */
static gboolean
challenge_unit_check (SandGame  *game,
                      int        unit,
                      GError   **error)
{
  const SandUnitState *u = &sand_game_units (game)[unit];
  g_autofree char *who = sand_game_unit_label_for (game, unit, sand_game_get_side (game),
                                                   SAND_UNIT_LABEL_WITH_ID);
  if (!formation_rule (game))
    {
      sand_game_refuse (game, error, "Formation Status",
                        _("Formation Status is an optional rule this scenario does not use."));
      return FALSE;
    }
  if (!sand_movement_check_may_move (game, unit, error))
    return FALSE;
  if (u->flags & SAND_UNIT_HASTY)
    {
      sand_game_refuse (game, error, "Formation Status, Probe Segment b(2)",
                        _("%s made a hasty attack; it may not challenge."), who);
      return FALSE;
    }
  return TRUE;
}

static gboolean
challenge_offer_check (SandGame  *game,
                       int        unit,
                       GError   **error)
{
  if (!challenge_unit_check (game, unit, error))
    return FALSE;
  /* a possible zone of control reaches a hex next to the unit from two
   * hexes away at most */
  if (!fpw_enemy_within (game, unit, 2))
    {
      g_autofree char *who = sand_game_unit_label_for (game, unit, sand_game_get_side (game),
                                                       SAND_UNIT_LABEL_WITH_ID);
      sand_game_refuse (game, error, "Formation Status, Probe Segment b(1)",
                        _("No enemy unit is near enough to %s to challenge."), who);
      return FALSE;
    }
  return TRUE;
}

/* The unit may challenge some enemy hex near it now. */
gboolean
fpw_offered_challenge (SandGame             *game,
                       const SandActionSpec *spec,
                       int                   unit)
{
  return sand_rules_offered_if (game, unit, challenge_offer_check);
}

/* Formation Status, Probe Segment b(1): `challenge ID HEX [INTO]` — the
 * units on HEX show their formation markers to the moving unit ID, which
 * stands in or next to a hex they may control. Concentrated: no ZoC, it
 * moves on; extended: it ceases all movement, with no hasty attack. The
 * challenge is made "upon moving into a possible Enemy Zone of Control":
 * with INTO, the hex next to it that it is moving into, an extended
 * result stops it there, paying the hex's cost without the +3, next to
 * the enemy — "The moving unit may engage in combat during the Combat
 * Phase". */
gboolean
fpw_act_challenge (SandGame          *game,
                   const SandAction  *a,
                   SandResult        *res,
                   GError           **error)
{
  const SandUnitState *unit_states = sand_game_units (game);
  int unit = a->unit, hex = a->hex;
  const SandUnitState *u = &unit_states[unit];
  if (!challenge_unit_check (game, unit, error))
    return FALSE;
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) exerting = g_array_new (FALSE, FALSE, sizeof (int));
  fpw_defenders_at (game, hex, u->side, all);
  for (guint i = 0; i < all->len; i++)
    if (fpw_exerts_zoc (game, g_array_index (all, int, i)))
      g_array_append_val (exerting, g_array_index (all, int, i));
  sand_zoc_update (game);
  int into = a->path != NULL && a->path->len > 0 ? g_array_index (a->path, int, 0)
                                                 : SAND_HEX_NONE;
  int into_cost = 0;
  if (a->path != NULL && a->path->len > 1)
    {
      sand_game_invalid (game, error, _("Usage: challenge UNIT HEX [INTO]."));
      return FALSE;
    }
  if (!challenge_reaches (game, unit, hex, into, &into_cost, exerting, error))
    return FALSE;
  sand_game_begin_action (game);
  fpw_begin_motion (game, unit);
  gboolean any_extended = FALSE;
  for (guint i = 0; i < all->len; i++)
    {
      int k = g_array_index (all, int, i);
      sand_game_set_unit_aux (game, k, 0, unit_states[k].aux[0] | FPW_FORMATION_SHOWN);
    }
  for (guint i = 0; i < exerting->len; i++)
    any_extended |= !(unit_states[g_array_index (exerting, int, i)].flags
                      & SAND_UNIT_CONCENTRATED);
  sand_game_set_unit_aux (game, unit, 0, u->aux[0] | FPW_CHALLENGED);
  if (any_extended)
    {
      /* "the unit must cease all movement", in the hex it moved into */
      if (into != SAND_HEX_NONE)
        {
          sand_game_set_unit_mp (game, unit, u->mp_spent + into_cost, u->rail_credit);
          sand_game_step_unit (game, unit, into);
          sand_game_change_unit_flags (game, unit, SAND_UNIT_MOVED, 0);
        }
      sand_game_change_unit_flags (game, unit, SAND_UNIT_STOPPED, 0);
      fpw_end_motion (game);
    }
  sand_game_changed (game);
  res->unit = unit;
  sand_result_add_string (res, "formation", any_extended ? "extended" : "concentrated");
  sand_result_add_bool (res, "may_move_on", !any_extended);
  SandAction *act = fpw_unit_action (FPW_CHALLENGE, unit);
  act->hex = hex;
  if (into != SAND_HEX_NONE)
    {
      act->path = g_array_new (FALSE, FALSE, sizeof (int));
      g_array_append_val (act->path, into);
    }
  sand_game_commit_action (game, act);
  return TRUE;
}

/* Formation markers are face down: the formations chosen before play are
 * secret, and in play the enemy sees a marker changed, not to what. */
char *
fpw_formation_line_for (SandGame         *game,
                        const SandAction *a,
                        int               viewer)
{
  if (sand_game_before_play (game))
    return NULL;
  g_autofree char *name = sand_game_unit_name_for (game, a->unit, viewer);
  return g_strdup_printf ("formation %s", name);
}

const char *
fpw_formation_for (SandGame *game,
                   int       unit,
                   int       viewer)
{
  const SandUnitState *u = &sand_game_units (game)[unit];
  if (!formation_rule (game) || !sand_game_unit_is_combat (game, unit)
      || u->status != SAND_UNIT_ON_MAP)
    return NULL;
  /* the marker is face down to the enemy unless a challenge showed it */
  if (viewer >= 0 && viewer != u->side && !(u->aux[0] & FPW_FORMATION_SHOWN))
    return NULL;
  return (u->flags & SAND_UNIT_CONCENTRATED) ? "concentrated" : "extended";
}
