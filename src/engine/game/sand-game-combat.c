/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-game-combat.c: the game's combat entry points (odds, attacks in one
 * or two steps, hasty attacks, forced rolls), supply and victory queries;
 * the shared mechanics are in sand-combat.c. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-game-private.h"

#include <stdlib.h>
#include <string.h>

void
sand_odds_clear (SandOdds *odds)
{
  g_return_if_fail (odds != NULL);
  g_clear_pointer (&odds->notes, g_ptr_array_unref);
  g_clear_pointer (&odds->support_ready, g_array_unref);
  g_clear_pointer (&odds->support, g_array_unref);
  *odds = (SandOdds) { 0 };
}

void
sand_attack_result_clear (SandAttackResult *result)
{
  g_return_if_fail (result != NULL);
  sand_odds_clear (&result->odds);
  g_clear_pointer (&result->losses, g_array_unref);
  g_clear_pointer (&result->eliminated, g_array_unref);
  g_clear_pointer (&result->advanced, g_array_unref);
  *result = (SandAttackResult) { 0 };
}

static gboolean
check_attack_args (SandGame   *self,
                   int         hex,
                   const int  *attackers,
                   guint       n,
                   GError    **error)
{
  if (hex < 0 || hex >= self->n_hexes)
    {
      sand_game_invalid (self, error, _("That hex is not on the map."));
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    if (attackers[i] < 0 || (guint) attackers[i] >= self->n_units)
      {
        sand_game_invalid (self, error, _("There is no such unit."));
        return FALSE;
      }
  return TRUE;
}

gboolean
sand_game_odds (SandGame   *self,
                int         hex,
                const int  *attackers,
                guint       n,
                gboolean    decline_flank,
                SandOdds   *out,
                GError    **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  *out = (SandOdds) { 0 };
  if (!check_attack_args (self, hex, attackers, n, error))
    return FALSE;
  return self->rules->odds (self, hex, attackers, n, decline_flank, out, error);
}

gboolean
sand_game_odds_with (SandGame                *self,
                     int                      hex,
                     const int               *attackers,
                     guint                    n,
                     const SandAttackChoices *choices,
                     SandOdds                *out,
                     GError                 **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  *out = (SandOdds) { 0 };
  if (!check_attack_args (self, hex, attackers, n, error))
    return FALSE;
  /* The modules' odds hook takes only the flank; the rest rides along. */
  self->odds_choices = choices;
  gboolean ok = self->rules->odds (self, hex, attackers, n,
                                   choices != NULL && choices->decline_flank, out, error);
  self->odds_choices = NULL;
  return ok;
}

gboolean
sand_game_attack (SandGame                *self,
                  int                      hex,
                  const int               *attackers,
                  guint                    n,
                  const SandAttackChoices *choices,
                  SandAttackResult        *out,
                  GError                 **error)
{
  SandAttackChoices none = { .fort_loss = -1 };

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  *out = (SandAttackResult) { 0 };
  if (!check_attack_args (self, hex, attackers, n, error))
    return FALSE;
  if (self->clock.over)
    {
      sand_game_invalid (self, error, _("The game is over."));
      return FALSE;
    }
  if (!sand_combat_check_idle (self, error))
    return FALSE;
  return self->rules->attack (self, hex, attackers, n, choices ? choices : &none, out, error);
}

/* Two-step combat ----------------------------------------------------------- */

const SandPendingAttack *
sand_game_get_pending_attack (SandGame *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->pending;
}

static SandPendingAttack *
pending_new (int        hex,
             const int *attackers,
             guint      n)
{
  SandPendingAttack *p = g_new0 (SandPendingAttack, 1);

  p->support = g_array_new (FALSE, FALSE, sizeof (int));
  p->hex = hex;
  p->attackers = g_array_new (FALSE, FALSE, sizeof (int));
  g_array_append_vals (p->attackers, attackers, n);
  for (int s = 0; s < 2; s++)
    {
      p->loss[s].side = -1;
      p->loss[s].fort_limit = -1;
      p->loss[s].units = g_array_new (FALSE, FALSE, sizeof (SandLossOption));
    }
  p->retreats = g_array_new (FALSE, FALSE, sizeof (SandRetreatOwed));
  p->advance = g_array_new (FALSE, FALSE, sizeof (int));
  return p;
}

/* After the module planned @p (@ok), the attack waits, or is dropped. */
static gboolean
pending_keep (SandGame                 *self,
              SandPendingAttack        *p,
              SandAttackResult         *res,
              gboolean                  ok,
              const SandPendingAttack **out)
{
  if (!ok)
    {
      sand_pending_attack_free (p);
      sand_attack_result_clear (res);
      return FALSE;
    }
  p->odds = res->odds;
  res->odds = (SandOdds) { 0 };
  p->roll = res->roll;
  p->modified_roll = res->modified_roll;
  g_strlcpy (p->result, res->result, sizeof p->result);
  sand_attack_result_clear (res);
  self->pending = p;
  *out = p;
  return TRUE;
}

gboolean
sand_game_attack_roll (SandGame                 *self,
                       int                       hex,
                       const int                *attackers,
                       guint                     n,
                       const SandAttackChoices  *pre_choices,
                       const SandPendingAttack **out,
                       GError                  **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  *out = NULL;
  if (!check_attack_args (self, hex, attackers, n, error))
    return FALSE;
  if (self->clock.over)
    {
      sand_game_invalid (self, error, _("The game is over."));
      return FALSE;
    }
  if (!sand_combat_check_idle (self, error))
    return FALSE;

  SandAttackChoices pre = { .fort_loss = -1 };
  pre.decline_flank = pre_choices != NULL && pre_choices->decline_flank;
  SandPendingAttack *p = pending_new (hex, attackers, n);
  if (pre_choices != NULL && pre_choices->choose_support)
    {
      g_array_append_vals (p->support, pre_choices->support, pre_choices->n_support);
      p->choose_support = TRUE;
      pre.choose_support = TRUE;
      pre.support = (const int *) (void *) p->support->data;
      pre.n_support = p->support->len;
    }
  p->decline_flank = pre.decline_flank;

  /* The module rolls, fills the plan and takes back what it changed, the
   * dice included: the settle rolls the same die again. */
  SandAttackResult res = { 0 };
  self->plan = p;
  gboolean ok = self->rules->attack (self, hex, attackers, n, &pre, &res, error);
  self->plan = NULL;
  return pending_keep (self, p, &res, ok, out);
}

gboolean
sand_game_hasty_attack_roll (SandGame                 *self,
                             int                       hex,
                             int                       unit,
                             int                       points,
                             const SandPendingAttack **out,
                             GError                  **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  *out = NULL;
  if (self->rules->hasty == NULL)
    {
      g_set_error (error, SAND_GAME_ERROR, SAND_GAME_ERROR_UNKNOWN,
                   _("This game has no hasty attacks."));
      return FALSE;
    }
  if (!check_attack_args (self, hex, &unit, 1, error))
    return FALSE;
  if (self->clock.over)
    {
      sand_game_invalid (self, error, _("The game is over."));
      return FALSE;
    }
  if (!sand_combat_check_idle (self, error))
    return FALSE;

  SandAttackChoices pre = { .fort_loss = -1 };
  SandPendingAttack *p = pending_new (hex, &unit, 1);
  p->hasty_points = points;
  SandAttackResult res = { 0 };
  self->plan = p;
  gboolean ok = self->rules->hasty (self, hex, unit, points, &pre, &res, error);
  self->plan = NULL;
  return pending_keep (self, p, &res, ok, out);
}

static const SandLossOption *
find_loss_option (const SandPendingAttack *p,
                  int                      unit,
                  int                     *side)
{
  for (int s = 0; s < 2; s++)
    for (guint i = 0; i < p->loss[s].units->len; i++)
      if (g_array_index (p->loss[s].units, SandLossOption, i).unit == unit)
        {
          *side = s;
          return &g_array_index (p->loss[s].units, SandLossOption, i);
        }
  return NULL;
}

static gboolean
check_retreat (SandGame              *self,
               const SandPendingAttack *p,
               const SandRetreat     *r,
               GError               **error)
{
  const SandRetreatOwed *owed = NULL;
  g_autofree char *uid = sand_game_unit_label_for (self, r->unit, self->clock.side,
                                                   SAND_UNIT_LABEL_WITH_ID);

  for (guint i = 0; i < p->retreats->len && owed == NULL; i++)
    {
      const SandRetreatOwed *o = &g_array_index (p->retreats, SandRetreatOwed, i);
      for (guint j = 0; j < o->units->len; j++)
        if (g_array_index (o->units, int, j) == r->unit)
          owed = o;
    }
  /* LFAF 4.3: a unit already on a retreat's end hex, sent one hex on to
   * make room. */
  for (guint i = 0; i < p->retreats->len && owed == NULL; i++)
    {
      const SandRetreatOwed *o = &g_array_index (p->retreats, SandRetreatOwed, i);
      for (guint j = 0; o->room != NULL && j < o->room->len; j++)
        if (g_array_index (o->room, int, j) == r->unit)
          {
            int here = self->units[r->unit].hex;
            int side = self->units[r->unit].side;
            int to = r->n_hexes == 1 ? r->hexes[0] : -1;
            int dir = to >= 0 && to < self->n_hexes ? sand_grid_direction_to (self->grid, here, to)
                                                    : -1;
            if (dir < 0 || to == p->hex || self->edge_cost[here * SAND_N_DIRS + dir] == 255
                || self->no_entry[side][to] || sand_game_enemy_blocks (self, side, to))
              {
                sand_game_refuse (self, error, "LFAF 4.3",
                                  _("%s makes room by retreating one hex: to a hex next to it, "
                                    "not the assaulted hex, that it may enter and free of enemy "
                                    "units."), uid);
                return FALSE;
              }
            return TRUE;
          }
    }
  if (owed == NULL)
    {
      sand_game_refuse (self, error, p->retreats->len > 0
                        ? g_array_index (p->retreats, SandRetreatOwed, 0).rule
                        : p->loss[1].rule,
                        _("%s does not retreat in this combat."), uid);
      return FALSE;
    }
  if (r->n_hexes < 1 || r->n_hexes > SAND_RETREAT_MAX_HEXES)
    {
      sand_game_invalid (self, error, _("Name the hexes %s retreats through."), uid);
      return FALSE;
    }
  for (int i = 0; i < r->n_hexes; i++)
    if (r->hexes[i] < 0 || r->hexes[i] >= self->n_hexes)
      {
        sand_game_invalid (self, error, _("That hex is not on the map."));
        return FALSE;
      }
  int side = self->units[r->unit].side;
  int here = self->units[g_array_index (owed->units, int, 0)].hex;
  gboolean literal = sand_grid_direction_to (self->grid, here, r->hexes[0]) >= 0;
  for (int i = 0; literal && i < r->n_hexes; i++)
    {
      int k = sand_grid_distance (self->grid, p->hex, here) + 1;
      literal = sand_combat_retreat_may_enter (self, side, p->hex, here, k, r->hexes[i]);
      here = r->hexes[i];
    }
  gboolean ok = FALSE;
  if (literal)
    ok = r->n_hexes == owed->reach;
  else if (r->n_hexes == 1)
    for (guint i = 0; i < owed->ends->len && !ok; i++)
      ok = g_array_index (owed->ends, int, i) == r->hexes[0];
  if (!ok)
    {
      g_autofree char *to = sand_game_hex_id (self, r->hexes[r->n_hexes - 1]);
      g_autofree char *from = sand_game_hex_id (self, p->hex);
      g_autoptr(GString) ends = g_string_new (NULL);
      for (guint i = 0; i < owed->ends->len; i++)
        {
          g_autofree char *e = sand_game_hex_id (self, g_array_index (owed->ends, int, i));
          g_string_append_printf (ends, "%s%s", i ? ", " : "", e);
        }
      if (owed->ends->len == 0)
        sand_game_refuse (self, error, owed->rule,
                          _("%s cannot retreat at all; it loses a step for every hex it "
                            "cannot retreat."), uid);
      else
        sand_game_refuse (self, error, owed->rule,
                          g_dngettext (GETTEXT_PACKAGE,
                                       "%s may not retreat to %s: it retreats %d hex, farther "
                                       "from %s, into a hex it may enter and free of enemy "
                                       "units (%s).",
                                       "%s may not retreat to %s: it retreats %d hexes, each "
                                       "one farther from %s, into hexes it may enter and free "
                                       "of enemy units (%s).", owed->reach),
                          uid, to, owed->reach, from, ends->str);
      return FALSE;
    }
  return TRUE;
}

/* Checks the owners' choices against what the rolled attack owes. */
static gboolean
check_choices (SandGame                *self,
               const SandPendingAttack *p,
               const SandAttackChoices *ch,
               GError                 **error)
{
  int sum[2] = { 0, 0 };

  for (guint i = 0; i < ch->n_losses; i++)
    {
      const SandLoss *l = &ch->losses[i];
      int s = -1;
      if (l->unit < 0 || (guint) l->unit >= self->n_units)
        {
          sand_game_invalid (self, error, _("There is no such unit."));
          return FALSE;
        }
      g_autofree char *uid = sand_game_unit_label_for (self, l->unit, self->clock.side,
                                                       SAND_UNIT_LABEL_WITH_ID);
      const SandLossOption *o = find_loss_option (p, l->unit, &s);
      if (o == NULL)
        {
          sand_game_refuse (self, error, p->loss[1].rule,
                            _("%s took no part in this combat, so it takes none of its losses."),
                            uid);
          return FALSE;
        }
      if (l->loss < 0)
        {
          sand_game_invalid (self, error, _("A loss is never negative."));
          return FALSE;
        }
      int unit_total = 0;
      for (guint j = 0; j < ch->n_losses; j++)
        if (ch->losses[j].unit == l->unit)
          unit_total += ch->losses[j].loss;
      if (unit_total > o->limit && s == 0 && p->hasty_points > 0)
        {
          sand_game_refuse (self, error, p->loss[0].rule,
                            _("%s allocated %d Combat Points to its hasty attack and loses at "
                              "most those, not %d."), uid, o->limit, unit_total);
          return FALSE;
        }
      if (unit_total > o->limit)
        {
          sand_game_refuse (self, error, p->loss[s].rule,
                            _("%s has only %d to lose; it cannot lose %d."), uid, o->limit,
                            unit_total);
          return FALSE;
        }
      sum[s] += l->loss;
    }
  if (ch->fort_loss > 0 && p->loss[1].fort_limit < 0)
    {
      sand_game_refuse (self, error, p->loss[1].rule,
                        _("There is no fortification in this combat to take losses."));
      return FALSE;
    }
  if (ch->fort_loss >= 0 && p->loss[1].fort_limit >= 0)
    {
      if (ch->fort_loss > p->loss[1].fort_limit)
        {
          sand_game_refuse (self, error, p->loss[1].rule,
                            _("The fortification has only %d to lose; it cannot lose %d."),
                            p->loss[1].fort_limit, ch->fort_loss);
          return FALSE;
        }
      sum[1] += ch->fort_loss;
    }
  for (int s = 0; s < 2; s++)
    if (sum[s] > p->loss[s].owed)
      {
        sand_game_refuse (self, error, p->loss[s].rule,
                          s == 0 ? _("The attacker loses %d in all (%s), no more; %d were given.")
                                 : _("The defender loses %d in all (%s), no more; %d were given."),
                          p->loss[s].owed, p->result, sum[s]);
        return FALSE;
      }
  for (guint i = 0; i < ch->n_retreats; i++)
    if (!check_retreat (self, p, &ch->retreats[i], error))
      return FALSE;
  for (guint i = 0; i < ch->n_advance; i++)
    {
      gboolean found = FALSE;
      for (guint j = 0; j < p->advance->len; j++)
        found |= g_array_index (p->advance, int, j) == ch->advance[i];
      if (found)
        continue;
      if (ch->advance[i] < 0 || (guint) ch->advance[i] >= self->n_units)
        {
          sand_game_invalid (self, error, _("There is no such unit."));
          return FALSE;
        }
      if (p->advance->len == 0)
        sand_game_refuse (self, error, p->advance_rule,
                          _("The attacked hex is not emptied by this result (%s), so no unit may "
                            "advance."), p->result);
      else
        {
          g_autofree char *who = sand_game_unit_label_for (self, ch->advance[i], self->clock.side,
                                                           SAND_UNIT_LABEL_WITH_ID);
          sand_game_refuse (self, error, p->advance_rule,
                            _("%s did not attack, so it cannot advance."), who);
        }
      return FALSE;
    }
  return TRUE;
}

gboolean
sand_game_attack_settle (SandGame                *self,
                         const SandAttackChoices *choices,
                         SandAttackResult        *out,
                         GError                 **error)
{
  SandAttackChoices none = { .fort_loss = -1 };

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  *out = (SandAttackResult) { 0 };
  if (self->pending == NULL)
    {
      sand_game_invalid (self, error, _("No attack waits to be settled."));
      return FALSE;
    }
  const SandAttackChoices *ch = choices != NULL ? choices : &none;
  if (!check_choices (self, self->pending, ch, error))
    return FALSE;
  SandAttackChoices merged = *ch;
  SandPendingAttack *p = g_steal_pointer (&self->pending);
  merged.decline_flank = p->decline_flank;
  merged.choose_support = p->choose_support;
  merged.support = (const int *) (void *) p->support->data;
  merged.n_support = p->support->len;
  gboolean ok;
  if (p->hasty_points > 0)
    ok = self->rules->hasty (self, p->hex, g_array_index (p->attackers, int, 0),
                             p->hasty_points, &merged, out, error);
  else
    ok = self->rules->attack (self, p->hex, (const int *) (void *) p->attackers->data,
                              p->attackers->len, &merged, out, error);
  if (!ok)
    {
      self->pending = p;
      return FALSE;
    }
  sand_pending_attack_free (p);
  return TRUE;
}

gboolean
sand_game_force_rolls (SandGame   *self,
                       const int  *rolls,
                       int         n,
                       GError    **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  if (!sand_combat_check_idle (self, error))
    return FALSE;

  for (int i = 0; i < n; i++)
    if (rolls[i] < 1 || rolls[i] > self->params.die_sides)
      {
        sand_game_invalid (self, error, _("A die roll is 1 to %d, not %d."),
                           self->params.die_sides, rolls[i]);
        return FALSE;
      }
  SandDice copy = self->dice;
  if (!sand_dice_force (&copy, rolls, n))
    {
      sand_game_invalid (self, error, _("At most %d rolls may wait to be used."),
                         SAND_DICE_MAX_FORCED);
      return FALSE;
    }
  sand_game_begin_action (self);
  self->dice = copy;
  SandAction *act = sand_action_new_kind (SAND_ACTION_ROLL);
  act->numbers = g_array_new (FALSE, FALSE, sizeof (int));
  g_array_append_vals (act->numbers, rolls, (guint) n);
  sand_game_commit_action (self, act);
  return TRUE;
}

const char *
sand_supply_state_to_string (SandSupplyState state)
{
  switch (state)
    {
    case SAND_SUPPLY_SUPPLIED: return "supplied";
    case SAND_SUPPLY_UNSUPPLIED: return "unsupplied";
    case SAND_SUPPLY_ISOLATED: return "isolated";
    default: return "unknown";
    }
}

SandSupplyState
sand_game_unit_supply (SandGame *self,
                       int       unit)
{
  g_return_val_if_fail (self != NULL, SAND_SUPPLY_SUPPLIED);
  g_return_val_if_fail (unit >= 0 && (guint) unit < self->n_units, SAND_SUPPLY_SUPPLIED);

  if (self->rules->supply_all == NULL)
    return SAND_SUPPLY_SUPPLIED;
  if (!self->sup_cache_valid)
    {
      self->rules->supply_all (self, TRUE, self->sup_states);
      self->sup_cache_valid = TRUE;
    }
  return self->sup_states[unit];
}

void
sand_game_victory (SandGame    *self,
                   SandVictory *out)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (out != NULL);
  *out = (SandVictory) { 0 };
  if (self->rules->victory != NULL)
    self->rules->victory (self, out);
}

void
sand_game_victory_for (SandGame    *self,
                       int          side,
                       SandVictory *out)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (out != NULL);
  if (side < 0 || side >= self->n_sides || self->rules->victory_for == NULL)
    {
      sand_game_victory (self, out);
      return;
    }
  *out = (SandVictory) { 0 };
  self->rules->victory_for (self, side, out);
}
