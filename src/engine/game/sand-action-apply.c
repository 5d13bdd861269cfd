/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-action-apply.c: applying an action, and the actions a game offers.
 *
 * sand_game_apply () hands an action to its spec's apply hook: the core's
 * below call the game's own entry points (sand_game_move, …), a module's
 * are in its table. Each fills the typed result the console writes and
 * the editor reads. What is offered is asked of each spec's offered hook,
 * without playing and without touching the refusal rule.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-action-private.h"
#include "sand-game-private.h"

#include <string.h>

gboolean
sand_action_apply_core (SandGame          *game,
                        const SandAction  *a,
                        SandResult        *r,
                        GError           **error)
{
  SandAttackChoices ch;
  gboolean ok = FALSE;

  sand_action_get_choices (a, &ch);
  switch (a->spec->kind)
    {
    case SAND_ACTION_AT:
      return sand_game_set_clock (game, a->number, a->side, a->phase, error);
    case SAND_ACTION_END_PHASE:
      return sand_game_end_phase (game, error);
    case SAND_ACTION_ROLL:
      return sand_game_force_rolls (game, (const int *) (void *) a->numbers->data,
                                    (int) a->numbers->len, error);
    case SAND_ACTION_MOVE:
      {
        r->path = g_array_new (FALSE, FALSE, sizeof (int));
        const int *path = (const int *) (void *) a->path->data;
        ok = a->probe ? sand_game_probe_move (game, a->unit, path, a->path->len, r->path, error)
                      : sand_game_move (game, a->unit, path, a->path->len, r->path, error);
        if (!ok)
          return FALSE;
        const SandUnitState *u = &game->units[a->unit];
        r->unit = a->unit;
        r->mp_left = sand_game_unit_mp_left (game, a->unit);
        r->halted = (u->flags & SAND_UNIT_HALTED) != 0;
        r->must_probe = (u->flags & SAND_UNIT_MUST_PROBE) != 0;
        r->segment = sand_game_get_segment (game);
        return TRUE;
      }
    case SAND_ACTION_ENTRAIN:
    case SAND_ACTION_DETRAIN:
      ok = a->spec->kind == SAND_ACTION_ENTRAIN ? sand_game_entrain (game, a->unit, error)
                                                : sand_game_detrain (game, a->unit, error);
      if (ok)
        {
          r->unit = a->unit;
          r->mp_left = sand_game_unit_mp_left (game, a->unit);
        }
      return ok;
    case SAND_ACTION_ATTACK:
      {
        const int *att = (const int *) (void *) a->units->data;
        if (a->ask)
          {
            /* the owners choose after the die: only the roll now */
            return sand_game_attack_roll (game, a->hex, att, a->units->len, &ch, &r->pending,
                                          error);
          }
        ok = sand_game_attack (game, a->hex, att, a->units->len, &ch, &r->attack, error);
        r->has_attack = ok;
        return ok;
      }
    case SAND_ACTION_SETTLE:
      {
        const SandPendingAttack *p = sand_game_get_pending_attack (game);
        int hasty = p != NULL && p->hasty_points > 0 ? g_array_index (p->attackers, int, 0) : -1;
        ok = sand_game_attack_settle (game, &ch, &r->attack, error);
        r->has_attack = ok;
        if (ok)
          r->hasty_unit = hasty;
        return ok;
      }
    case SAND_ACTION_RESERVE:
      return sand_game_place_reserve (game, a->side >= 0 ? a->side : game->clock.side, a->hex,
                                      &r->placed, error);
    case SAND_ACTION_SETUP:
      return sand_game_set_up (game, a->unit, a->hex, error);
    case SAND_ACTION_READY:
      return sand_game_setup_ready (game, error);
    case SAND_ACTION_DONE:
      ok = sand_game_finish_unit (game, a->unit, error);
      r->segment = sand_game_get_segment (game);
      return ok;
    case SAND_ACTION_EXIT:
      return sand_game_exit (game, a->unit, error);
    case SAND_ACTION_MODULE:
    default:
      g_assert_not_reached ();
    }
}

gboolean
sand_game_apply (SandGame          *game,
                 const SandAction  *action,
                 SandResult        *result,
                 GError           **error)
{
  SandResult local;

  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  SandResult *r = result != NULL ? result : &local;
  sand_result_init (r);
  r->kind = action->spec->kind;
  /* a rules module's action waits, as every other, for an attack rolled
   * and not settled */
  if (action->spec->kind == SAND_ACTION_MODULE && !sand_combat_check_idle (game, error))
    return FALSE;
  gboolean ok = action->spec->apply (game, action, r, error);
  if (result == NULL)
    sand_result_clear (&local);
  return ok;
}

gboolean
sand_game_perform (SandGame    *self,
                   const char  *line,
                   GError     **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (line != NULL, FALSE);

  g_autoptr(GError) local = NULL;
  g_autoptr(SandAction) action = sand_game_parse_line (self, line, &local);
  if (action == NULL)
    {
      if (local == NULL)
        return TRUE; /* a blank line */
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  return sand_game_apply (self, action, NULL, error);
}

gboolean
sand_game_perform_args (SandGame           *game,
                        const char         *name,
                        const char * const *args,
                        SandResult         *result,
                        GError            **error)
{
  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  g_autoptr(GPtrArray) words = g_ptr_array_new ();
  g_ptr_array_add (words, (gpointer) name);
  for (guint i = 0; args != NULL && args[i] != NULL; i++)
    g_ptr_array_add (words, (gpointer) args[i]);
  g_ptr_array_add (words, NULL);
  g_autoptr(SandAction) action = sand_game_parse_action (game,
                                                         (const char * const *) words->pdata,
                                                         error);
  if (action == NULL)
    {
      if (result != NULL)
        sand_result_init (result);
      return FALSE;
    }
  return sand_game_apply (game, action, result, error);
}

/* {{{ What the game offers */

/* The side to move's unit on the map, in @phase (-1: any). */
static gboolean
own_unit_now (SandGame *game,
              int       unit,
              int       phase)
{
  if (unit < 0 || (guint) unit >= game->n_units || game->clock.over)
    return FALSE;
  const SandUnitState *u = &game->units[unit];
  return u->status == SAND_UNIT_ON_MAP && u->side == game->clock.side
    && (phase < 0 || game->clock.phase == phase);
}

/* Where a check asked by an offered hook puts its reason: the error
 * sand_game_offer_reason () waits for, while none is set yet. */
static GError **
offer_error (SandGame *game)
{
  return game->offer_error != NULL && *game->offer_error == NULL ? game->offer_error : NULL;
}

/* Keeps the rule case a check refused with, before the refusal rule of
 * the last action is put back. */
static void
offer_noted (SandGame *game,
             gboolean  ok)
{
  if (!ok && game->offer_error != NULL && *game->offer_error != NULL && game->offer_rule == NULL)
    game->offer_rule = g_strdup (game->refusal_rule);
}

gboolean
sand_action_offered_core (SandGame             *game,
                          const SandActionSpec *spec,
                          int                   unit)
{
  gboolean idle = game->pending == NULL;

  switch (spec->kind)
    {
    case SAND_ACTION_END_PHASE:
      return unit < 0 && idle && !game->clock.over;
    case SAND_ACTION_SETTLE:
      return unit < 0 && !idle;
    case SAND_ACTION_RESERVE:
      {
        if (unit >= 0 || !idle)
          return FALSE;
        g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
        sand_game_reserve_hexes (game, game->clock.side, hexes);
        return hexes->len > 0;
      }
    case SAND_ACTION_MOVE:
      {
        if (!idle || !own_unit_now (game, unit, game->phase_movement))
          return FALSE;
        g_autofree char *rule = g_strdup (game->refusal_rule);
        gboolean may = sand_movement_check_may_move (game, unit, offer_error (game));
        offer_noted (game, may);
        g_free (game->refusal_rule);
        game->refusal_rule = g_steal_pointer (&rule);
        return may;
      }
    case SAND_ACTION_ENTRAIN:
    case SAND_ACTION_DETRAIN:
      {
        if (!idle || game->rules->entrain == NULL
            || !own_unit_now (game, unit, game->phase_movement)
            || !sand_game_unit_is_combat (game, unit))
          return FALSE;
        gboolean on_train = (game->units[unit].flags & SAND_UNIT_ENTRAINED) != 0;
        if (spec->kind == SAND_ACTION_ENTRAIN ? on_train : !on_train)
          return FALSE;
        /* The module's rail hooks check and apply in one call (the phase's
         * entrain limit, the MP, the rail hex): asked on the game itself
         * and taken back at once, the dice and log untouched. */
        g_autofree char *rule = g_strdup (game->refusal_rule);
        guint depth = game->undo->len;
        GError **why = offer_error (game);
        gboolean may = spec->kind == SAND_ACTION_ENTRAIN ? game->rules->entrain (game, unit, why)
                                                        : game->rules->detrain (game, unit, why);
        if (may && game->undo->len > depth)
          sand_game_abort_action (game);
        offer_noted (game, may);
        g_free (game->refusal_rule);
        game->refusal_rule = g_steal_pointer (&rule);
        return may;
      }
    case SAND_ACTION_ATTACK:
      return idle && own_unit_now (game, unit, game->phase_combat)
        && sand_game_unit_is_real (game, unit)
        && !(game->units[unit].flags & (SAND_UNIT_ATTACKED | SAND_UNIT_NO_COMBAT));
    case SAND_ACTION_DONE:
      return idle && game->rules->may_finish != NULL
        && own_unit_now (game, unit, game->phase_movement)
        && sand_rules_offered_if (game, unit, game->rules->may_finish);
    case SAND_ACTION_EXIT:
      return idle && own_unit_now (game, unit, -1) && sand_game_may_exit (game, unit);
    case SAND_ACTION_AT:
    case SAND_ACTION_ROLL:
    case SAND_ACTION_READY:
      return unit < 0 && sand_game_setup_side (game) >= 0;
    case SAND_ACTION_SETUP:
    case SAND_ACTION_MODULE:
    default:
      return FALSE;
    }
}

static gboolean
offered_check (SandGame      *game,
               int            unit,
               SandUnitCheck  check)
{
  g_autofree char *rule = g_strdup (game->refusal_rule);
  gboolean ok = check (game, unit, offer_error (game));
  offer_noted (game, ok);
  g_free (game->refusal_rule);
  game->refusal_rule = g_steal_pointer (&rule);
  return ok;
}

gboolean
sand_rules_offered_if (SandGame      *game,
                       int            unit,
                       SandUnitCheck  check)
{
  if (unit < 0 || (guint) unit >= game->n_units || game->pending != NULL || game->clock.over)
    return FALSE;
  return offered_check (game, unit, check);
}

gboolean
sand_rules_offered_phase_if (SandGame      *game,
                             int            unit,
                             SandUnitCheck  check)
{
  if (unit >= 0 || game->pending != NULL || game->clock.over)
    return FALSE;
  return offered_check (game, -1, check);
}

void
sand_game_offered_actions (SandGame *game,
                           int       unit,
                           GArray   *out)
{
  g_return_if_fail (game != NULL);
  g_return_if_fail (out != NULL);

  g_autoptr(GPtrArray) specs = g_ptr_array_new ();
  sand_game_list_actions (game, specs);
  for (guint i = 0; i < specs->len; i++)
    {
      const SandActionSpec *spec = g_ptr_array_index (specs, i);
      if (spec->offered != NULL && spec->offered (game, spec, unit))
        {
          SandOffer o = { spec, unit };
          g_array_append_val (out, o);
        }
    }
}

gboolean
sand_game_offers (SandGame   *game,
                  const char *name,
                  int         unit)
{
  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  const SandActionSpec *spec = sand_game_find_action (game, name);
  if (spec == NULL)
    return FALSE;
  if (spec->offered != NULL)
    return spec->offered (game, spec, unit);
  return spec->asked != NULL && spec->asked (game, spec, unit);
}

gboolean
sand_game_offer_reason (SandGame    *game,
                        const char  *name,
                        int          unit,
                        char       **rule,
                        GError     **error)
{
  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (game->offer_error == NULL, FALSE);

  const SandActionSpec *spec = sand_game_find_action (game, name);
  if (spec == NULL || (spec->offered == NULL && spec->asked == NULL))
    return FALSE;
  g_autoptr(GError) local = NULL;
  game->offer_error = &local;
  gboolean ok = spec->offered != NULL ? spec->offered (game, spec, unit)
                                      : spec->asked (game, spec, unit);
  game->offer_error = NULL;
  if (!ok && local != NULL)
    {
      if (rule != NULL)
        *rule = g_steal_pointer (&game->offer_rule);
      g_propagate_error (error, g_steal_pointer (&local));
    }
  g_clear_pointer (&game->offer_rule, g_free);
  return ok;
}

/* }}} */

char *
sand_action_setup_line_for (SandGame         *game,
                            const SandAction *action,
                            int               viewer)
{
  const SandUnitState *u = sand_game_get_unit (game, action->unit);

  if (viewer >= 0 && viewer != u->side && (u->flags & SAND_UNIT_FACE_DOWN))
    return NULL;
  return sand_action_format_for (game, action, viewer);
}
