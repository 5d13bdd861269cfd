/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-console-result.c: the console's answers to game commands — the one
 * place a typed SandResult (and the clock, victory points, odds and a
 * waiting attack) becomes JSON. The words and their order are the
 * console's contract (DESIGN.md §4, docs/console.md): every answer reads as
 * it did before actions were typed.
 */
#include "config.h"

#include "sand-console-private.h"
#include "sand-result.h"

#include <string.h>

void
sand_console_json_number_q (SandJson *answer,
                            const char *key,
                            int       quarters)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  sand_json_key (answer, key);
  if (quarters % 4 == 0)
    sand_json_int (answer, quarters / 4);
  else
    sand_json_raw (answer, g_ascii_formatd (buf, sizeof buf, "%g", quarters / 4.0));
}

const char *
sand_console_side_id (SandGame *game,
                      int       side)
{
  SandRuleset *rs = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  return side >= 0 && (guint) side < sand_ruleset_n_sides (rs)
    ? sand_ruleset_get_side (rs, (guint) side)->id : NULL;
}

void
sand_console_write_clock (SandConsole *console,
                          SandGame    *game,
                          SandJson    *answer)
{
  sand_json_member_int (answer, "turn", sand_game_get_turn (game));
  sand_json_member_string (answer, "side", sand_console_side_id (game, sand_game_get_side (game)));
  sand_json_member_string (answer, "phase", sand_game_get_phase_id (game));
}

/* @viewer -1: the umpire's count; a side: what it can know (Standard Game). */
void
sand_console_write_vp_for (SandGame *game,
                           int       viewer,
                           SandJson *answer)
{
  SandRuleset *rs = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  SandVictory v;

  sand_game_victory_for (game, viewer, &v);
  for (guint s = 0; s < sand_ruleset_n_sides (rs) && s < SAND_MAX_SIDES; s++)
    sand_json_member_int (answer, sand_ruleset_get_side (rs, s)->id, v.points[s]);
  sand_json_member_int (answer, "net", v.net);
  sand_json_member_string (answer, "level", v.level);
}

void
sand_console_write_vp (SandGame *game,
                       SandJson *answer)
{
  sand_console_write_vp_for (game, -1, answer);
}

/* Standard Game: the unit in motion (as @viewer names it) and its segment. */
void
sand_console_write_motion (SandGame *game,
                           int       viewer,
                           SandJson *answer)
{
  if (!sand_game_one_in_motion (game))
    return;
  int unit = sand_game_unit_in_motion (game);
  g_autofree char *name = unit >= 0 ? sand_game_unit_name_for (game, unit, viewer) : NULL;
  sand_json_member_string (answer, "in_motion", name);
  sand_json_member_int (answer, "segment", sand_game_get_segment (game));
}

void
sand_console_write_odds (SandJson *answer,
                         const SandOdds *o)
{
  sand_console_json_number_q (answer, "attack", o->attack_q);
  if (o->hidden)
    {
      /* Standard Game: face-down defenders are unknown until revealed. */
      sand_json_member_null (answer, "defense");
      sand_json_member_bool (answer, "hidden", TRUE);
    }
  else
    sand_console_json_number_q (answer, "defense", o->defense_q);
  sand_json_member_string (answer, "odds", o->odds);
  sand_json_member_int (answer, "drm", o->drm);
  sand_json_member_bool (answer, "flank", o->flank);
  sand_json_key (answer, "notes");
  sand_json_begin_array (answer);
  for (guint i = 0; o->notes != NULL && i < o->notes->len; i++)
    sand_json_string (answer, g_ptr_array_index (o->notes, i));
  sand_json_end_array (answer);
}

void
sand_console_write_attack (SandGame *game, SandJson *answer, const SandAttackResult *r)
{
  sand_console_write_odds (answer, &r->odds);
  sand_json_member_int (answer, "roll", r->roll);
  sand_json_member_int (answer, "modified_roll", r->modified_roll);
  sand_json_member_string (answer, "result", r->result);
  sand_json_key (answer, "losses");
  sand_json_begin_object (answer);
  sand_json_member_int (answer, "attacker", r->attacker_loss);
  sand_json_member_int (answer, "defender", r->defender_loss);
  sand_json_end_object (answer);
  sand_json_key (answer, "units");
  sand_json_begin_array (answer);
  for (guint i = 0; i < r->losses->len; i++)
    {
      SandLoss *l = &g_array_index (r->losses, SandLoss, i);
      sand_json_begin_object (answer);
      sand_json_member_string (answer, "id", sand_game_get_counter (game, l->unit)->id);
      sand_json_member_int (answer, "loss", l->loss);
      sand_json_member_int (answer, "strength", sand_game_get_unit (game, l->unit)->strength);
      sand_json_end_object (answer);
    }
  sand_json_end_array (answer);
  if (r->fort_loss > 0)
    sand_json_member_int (answer, "fort_loss", r->fort_loss);
  sand_json_key (answer, "eliminated");
  sand_json_begin_array (answer);
  for (guint i = 0; i < r->eliminated->len; i++)
    sand_json_string (answer, sand_game_get_counter (game, g_array_index (r->eliminated, int,
                                                                          i))->id);
  sand_json_end_array (answer);
  sand_json_key (answer, "advanced");
  sand_json_begin_array (answer);
  for (guint i = 0; i < r->advanced->len; i++)
    sand_json_string (answer, sand_game_get_counter (game, g_array_index (r->advanced, int,
                                                                          i))->id);
  sand_json_end_array (answer);
}

void
sand_console_write_ids (SandGame *game, SandJson *answer, const char *key, const GArray *units)
{
  sand_json_key (answer, key);
  sand_json_begin_array (answer);
  for (guint i = 0; i < units->len; i++)
    sand_json_string (answer, sand_game_get_counter (game, g_array_index (units, int, i))->id);
  sand_json_end_array (answer);
}

void
sand_console_write_hexes (SandConsole *console, SandJson *answer, const char *key,
                          const GArray *hexes)
{
  sand_json_key (answer, key);
  sand_json_begin_array (answer);
  for (guint i = 0; i < hexes->len; i++)
    sand_json_string (answer, sand_console_hex_id (console, g_array_index (hexes, int, i)));
  sand_json_end_array (answer);
}

/* What a rolled attack owes, for `attack … ask` and `pending`. */
void
sand_console_write_pending (SandConsole *console, SandGame *game, SandJson *answer,
                            const SandPendingAttack *p)
{
  sand_json_member_bool (answer, "pending", TRUE);
  sand_json_member_string (answer, "hex", sand_console_hex_id (console, p->hex));
  sand_console_write_odds (answer, &p->odds);
  sand_json_member_int (answer, "roll", p->roll);
  sand_json_member_int (answer, "modified_roll", p->modified_roll);
  sand_json_member_string (answer, "result", p->result);
  sand_json_key (answer, "owed");
  sand_json_begin_object (answer);
  for (int s = 0; s < 2; s++)
    {
      const SandLossOwed *o = &p->loss[s];
      sand_json_key (answer, s == 0 ? "attacker" : "defender");
      sand_json_begin_object (answer);
      sand_json_member_int (answer, "loss", o->owed);
      sand_json_member_string (answer, "rule", o->rule);
      sand_json_key (answer, "units");
      sand_json_begin_array (answer);
      for (guint i = 0; i < o->units->len; i++)
        {
          const SandLossOption *u = &g_array_index (o->units, SandLossOption, i);
          sand_json_begin_object (answer);
          sand_json_member_string (answer, "id", sand_game_get_counter (game, u->unit)->id);
          sand_json_member_int (answer, "max", u->limit);
          sand_json_end_object (answer);
        }
      sand_json_end_array (answer);
      if (o->fort_limit >= 0)
        sand_json_member_int (answer, "fort_max", o->fort_limit);
      sand_json_end_object (answer);
    }
  sand_json_end_object (answer);
  sand_json_key (answer, "retreats");
  sand_json_begin_array (answer);
  for (guint i = 0; i < p->retreats->len; i++)
    {
      const SandRetreatOwed *r = &g_array_index (p->retreats, SandRetreatOwed, i);
      sand_json_begin_object (answer);
      sand_console_write_ids (game, answer, "units", r->units);
      sand_json_member_int (answer, "hexes", r->hexes);
      sand_json_member_int (answer, "reach", r->reach);
      sand_console_write_hexes (console, answer, "ends", r->ends);
      sand_console_write_hexes (console, answer, "through_control", r->controlled);
      sand_console_write_ids (game, answer, "room", r->room);
      sand_json_member_string (answer, "rule", r->rule);
      sand_json_end_object (answer);
    }
  sand_json_end_array (answer);
  sand_console_write_ids (game, answer, "advance", p->advance);
  sand_json_member_string (answer, "advance_rule", p->advance_rule);
}

/* A rules module's own answer: its facts, in order. */
static void
write_facts (SandConsole      *console,
             SandGame         *game,
             SandJson         *answer,
             const SandResult *r)
{
  GArray *stack = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; r->facts != NULL && i < r->facts->len; i++)
    {
      const SandFact *f = &g_array_index (r->facts, SandFact, i);
      if (f->kind == SAND_FACT_END)
        {
          int open = g_array_index (stack, int, stack->len - 1);
          g_array_set_size (stack, stack->len - 1);
          if (open == SAND_FACT_OBJECT)
            sand_json_end_object (answer);
          else
            sand_json_end_array (answer);
          continue;
        }
      if (f->key != NULL)
        sand_json_key (answer, f->key);
      switch (f->kind)
        {
        case SAND_FACT_INT:
          sand_json_int (answer, f->value);
          break;
        case SAND_FACT_BOOL:
          sand_json_bool (answer, f->value);
          break;
        case SAND_FACT_STRING:
          sand_json_string (answer, f->text);
          break;
        case SAND_FACT_UNIT:
          sand_json_string (answer, f->value >= 0 ? sand_game_get_counter (game, f->value)->id
                                                  : NULL);
          break;
        case SAND_FACT_HEX:
          sand_console_json_hex (console, answer, f->value);
          break;
        case SAND_FACT_UNITS:
          sand_json_begin_array (answer);
          for (guint k = 0; k < f->items->len; k++)
            sand_json_string (answer,
                              sand_game_get_counter (game, g_array_index (f->items, int, k))->id);
          sand_json_end_array (answer);
          break;
        case SAND_FACT_HEXES:
          sand_json_begin_array (answer);
          for (guint k = 0; k < f->items->len; k++)
            sand_console_json_hex (console, answer, g_array_index (f->items, int, k));
          sand_json_end_array (answer);
          break;
        case SAND_FACT_STRINGS:
          sand_json_begin_array (answer);
          for (guint k = 0; k < f->texts->len; k++)
            sand_json_string (answer, g_ptr_array_index (f->texts, k));
          sand_json_end_array (answer);
          break;
        case SAND_FACT_OBJECT:
        case SAND_FACT_ARRAY:
          {
            int kind = f->kind;
            g_array_append_val (stack, kind);
            if (kind == SAND_FACT_OBJECT)
              sand_json_begin_object (answer);
            else
              sand_json_begin_array (answer);
          }
          break;
        case SAND_FACT_END:
        default:
          break;
        }
    }
  g_array_unref (stack);
}

void
sand_console_write_result (SandConsole      *console,
                           SandGame         *game,
                           SandJson         *answer,
                           const SandResult *r)
{
  switch (r->kind)
    {
    case SAND_ACTION_AT:
      sand_console_write_clock (console, game, answer);
      break;
    case SAND_ACTION_END_PHASE:
      sand_console_write_clock (console, game, answer);
      if (sand_game_is_over (game))
        {
          sand_json_member_bool (answer, "over", TRUE);
          sand_json_key (answer, "vp");
          sand_json_begin_object (answer);
          sand_console_write_vp (game, answer);
          sand_json_end_object (answer);
        }
      break;
    case SAND_ACTION_MOVE:
      sand_json_member_int (answer, "mp_left", r->mp_left);
      sand_json_key (answer, "path");
      sand_json_begin_array (answer);
      for (guint i = 0; i < r->path->len; i++)
        sand_console_json_hex (console, answer, g_array_index (r->path, int, i));
      sand_json_end_array (answer);
      if (r->halted)
        sand_json_member_bool (answer, "halted", TRUE);
      if (r->must_probe)
        sand_json_member_bool (answer, "must_probe", TRUE);
      if (r->segment > 0)
        sand_json_member_int (answer, "segment", r->segment);
      break;
    case SAND_ACTION_ENTRAIN:
    case SAND_ACTION_DETRAIN:
      sand_json_member_int (answer, "mp_left", r->mp_left);
      break;
    case SAND_ACTION_ATTACK:
      if (r->pending != NULL)
        sand_console_write_pending (console, game, answer, r->pending);
      else
        sand_console_write_attack (game, answer, &r->attack);
      break;
    case SAND_ACTION_SETTLE:
      sand_console_write_attack (game, answer, &r->attack);
      if (r->hasty_unit >= 0)
        {
          /* what the hasty attack left the unit (Sequence of Play (2), (3)) */
          guint32 flags = sand_game_get_unit (game, r->hasty_unit)->flags;
          sand_json_member_bool (answer, "may_move_on", !(flags & SAND_UNIT_STOPPED));
          sand_json_member_bool (answer, "no_combat", (flags & SAND_UNIT_NO_COMBAT) != 0);
        }
      break;
    case SAND_ACTION_RESERVE:
      sand_json_member_string (answer, "id", sand_game_get_counter (game, r->placed)->id);
      break;
    case SAND_ACTION_DONE:
      sand_console_write_motion (game, -1, answer);
      break;
    case SAND_ACTION_MODULE:
      if (r->pending != NULL)
        sand_console_write_pending (console, game, answer, r->pending);
      write_facts (console, game, answer, r);
      break;
    case SAND_ACTION_ROLL:
    case SAND_ACTION_SETUP:
    case SAND_ACTION_EXIT:
    default:
      break;
    }
}
