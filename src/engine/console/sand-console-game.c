/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-console-game.c: the console's game commands (DESIGN.md §4).
 *
 * The game is made lazily from the console's scenario on the first game
 * command, with the console's seed. When the scenario changes afterwards
 * (a map-building command in the middle of a script), the game is made
 * again and its log replayed, so a script may add a unit and go on playing;
 * log lines that no longer apply are dropped.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-console-game.h"
#include "sand-game.h"

#include <stdlib.h>
#include <string.h>

static void
game_free (gpointer data)
{
  sand_game_free (data);
}

static SandGame *
ensure_game (SandConsole *console,
             SandJson    *answer)
{
  SandGame *game = sand_console_get_game (console);
  SandScenario *scenario = sand_console_get_scenario (console);
  g_autoptr(GError) error = NULL;

  if (game != NULL)
    return game;
  if (scenario == NULL)
    {
      sand_console_refuse (answer, NULL, _("There is no map yet: start with 'new RULESET "
                              "COLSxROWS' or load a scenario."));
      return NULL;
    }
  game = sand_game_new (scenario, NULL, sand_console_get_seed (console), &error);
  if (game == NULL)
    {
      sand_console_refuse (answer, NULL, "%s", error->message);
      return NULL;
    }
  sand_console_set_game (console, game, game_free);
  return game;
}

void
sand_console_game_scenario_changed (SandConsole *console)
{
  SandGame *old = sand_console_get_game (console);
  SandScenario *scenario = sand_console_get_scenario (console);

  if (old == NULL)
    return;
  if (scenario == NULL)
    {
      sand_console_set_game (console, NULL, NULL);
      return;
    }
  g_autoptr(SandGame) game = sand_game_new (scenario, NULL, sand_console_get_seed (console),
                                            NULL);
  if (game != NULL)
    for (guint i = 0; i < sand_game_log_length (old); i++)
      sand_game_perform (game, sand_game_log_line (old, i), NULL);
  sand_console_set_game (console, g_steal_pointer (&game), game_free);
}

static gboolean
refuse_error (SandGame   *game,
              SandJson   *answer,
              GError     *error)
{
  const char *rule = error->code == SAND_GAME_ERROR_REFUSED
    ? sand_game_get_refusal_rule (game) : NULL;
  /* the engine names counters as the side to move knows them
   * (sand_game_unit_label_for), so a refusal passes through as it is */
  return sand_console_refuse (answer, rule, "%s", error->message);
}

static gboolean
parse_unit (SandGame   *game,
            const char *text,
            int        *unit,
            SandJson   *answer)
{
  *unit = text ? sand_game_find_unit (game, text) : -1;
  if (*unit < 0)
    {
      sand_console_refuse (answer, NULL, _("There is no unit '%s'."), text ? text : "");
      return FALSE;
    }
  return TRUE;
}

static void
json_number_q (SandJson *answer,
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

static const char *
side_id (SandGame *game,
         int       side)
{
  SandRuleset *rs = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  return side >= 0 && (guint) side < sand_ruleset_n_sides (rs)
    ? sand_ruleset_get_side (rs, (guint) side)->id : NULL;
}

static void
write_clock (SandConsole *console,
             SandGame    *game,
             SandJson    *answer)
{
  sand_json_member_int (answer, "turn", sand_game_get_turn (game));
  sand_json_member_string (answer, "side", side_id (game, sand_game_get_side (game)));
  sand_json_member_string (answer, "phase", sand_game_get_phase_id (game));
}

/* @viewer -1: the umpire's count; a side: what it can know (Standard Game). */
static void
write_vp_for (SandGame *game,
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

static void
write_vp (SandGame *game,
          SandJson *answer)
{
  write_vp_for (game, -1, answer);
}

/* Standard Game: the unit in motion (as @viewer names it) and its segment. */
static void
write_motion (SandGame *game,
              int       viewer,
              SandJson *answer)
{
  if (!sand_scenario_has_option (sand_game_get_scenario (game), "standard"))
    return;
  int unit = sand_game_unit_in_motion (game);
  g_autofree char *name = unit >= 0 ? sand_game_unit_name_for (game, unit, viewer) : NULL;
  sand_json_member_string (answer, "in_motion", name);
  sand_json_member_int (answer, "segment", sand_game_get_segment (game));
}

static gboolean
cmd_vp (SandConsole *console, SandGame *game, const char * const *args, SandJson *answer)
{
  int viewer = -1;
  const char *who = sand_console_positional (args, 0);

  if (sand_console_n_positional (args) > 1)
    return sand_console_refuse (answer, NULL, _("vp takes at most one side."));
  if (who != NULL && !sand_console_parse_side (console, who, &viewer, answer))
    return TRUE;
  write_vp_for (game, viewer, answer);
  return TRUE;
}

/* log [SIDE]: the actions so far, as SIDE may read them (those it learns
 * nothing of left out), or the umpire's whole log. */
static gboolean
cmd_log (SandConsole *console, SandGame *game, const char * const *args, SandJson *answer)
{
  int viewer = -1;
  const char *who = sand_console_positional (args, 0);

  if (sand_console_n_positional (args) > 1)
    return sand_console_refuse (answer, NULL, _("log takes at most one side."));
  if (who != NULL && !sand_console_parse_side (console, who, &viewer, answer))
    return TRUE;
  sand_json_key (answer, "lines");
  sand_json_begin_array (answer);
  for (guint i = 0; i < sand_game_log_length (game); i++)
    {
      const char *line = sand_game_log_line_for (game, i, viewer);
      if (line != NULL)
        sand_json_string (answer, line);
    }
  sand_json_end_array (answer);
  return TRUE;
}

static gboolean
cmd_done (SandConsole *console, SandGame *game, const char * const *args, SandJson *answer)
{
  g_autoptr(GError) error = NULL;
  int unit;

  if (sand_console_n_positional (args) != 1)
    return sand_console_refuse (answer, NULL, _("done takes one unit id."));
  if (!parse_unit (game, sand_console_positional (args, 0), &unit, answer))
    return TRUE;
  if (!sand_game_finish_unit (game, unit, &error))
    return refuse_error (game, answer, error);
  write_motion (game, -1, answer);
  return TRUE;
}

static gboolean
cmd_at (SandConsole *console, SandGame *game, const char * const *args, SandJson *answer)
{
  SandRuleset *rs = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  g_autoptr(GError) error = NULL;
  int turn, side, phase;

  if (sand_console_n_positional (args) != 3)
    return sand_console_refuse (answer, NULL, _("at takes TURN SIDE PHASE."));
  if (!sand_console_parse_int (sand_console_positional (args, 0), "turn", &turn, answer))
    return TRUE;
  if (!sand_console_parse_side (console, sand_console_positional (args, 1), &side, answer))
    return TRUE;
  phase = sand_ruleset_find_phase (rs, sand_console_positional (args, 2));
  if (phase < 0)
    return sand_console_refuse (answer, NULL, _("There is no phase '%s'."),
                                sand_console_positional (args, 2));
  if (!sand_game_set_clock (game, turn, side, phase, &error))
    return refuse_error (game, answer, error);
  write_clock (console, game, answer);
  return TRUE;
}

static gboolean
cmd_reach (SandConsole *console, SandGame *game, const char * const *args, SandJson *answer)
{
  g_autoptr(GError) error = NULL;
  int unit;

  guint n = sand_console_n_positional (args);
  gboolean probe = n == 2 && strcmp (sand_console_positional (args, 1), "probe") == 0;

  if (n != 1 && !probe)
    return sand_console_refuse (answer, NULL, _("reach takes one unit id (and 'probe')."));
  if (!parse_unit (game, sand_console_positional (args, 0), &unit, answer))
    return TRUE;
  const SandReach *reach = probe ? sand_game_probe_reach (game, unit, &error)
                                 : sand_game_reach (game, unit, &error);
  if (reach == NULL)
    return refuse_error (game, answer, error);
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  sand_reach_hexes (reach, hexes);
  sand_json_member_int (answer, "mp", sand_game_unit_allowance (game, unit));
  sand_json_member_int (answer, "mp_left", sand_game_unit_mp_left (game, unit));
  sand_json_key (answer, "hexes");
  sand_json_begin_object (answer);
  for (guint i = 0; i < hexes->len; i++)
    {
      int h = g_array_index (hexes, int, i);
      sand_json_member_int (answer, sand_console_hex_id (console, h), sand_reach_cost (reach, h));
    }
  sand_json_end_object (answer);
  return TRUE;
}

static gboolean
cmd_move (SandConsole *console, SandGame *game, const char * const *args, SandJson *answer)
{
  g_autoptr(GError) error = NULL;
  guint n = sand_console_n_positional (args);
  int unit;

  /* Standard Game ZOC (E): "probe" enters enemy control without its
   * extra MP, committing the unit to a hasty attack. */
  gboolean probe = n >= 3 && strcmp (sand_console_positional (args, n - 1), "probe") == 0;
  if (probe)
    n--;
  if (n < 2)
    return sand_console_refuse (answer, NULL, _("move takes ID HEX… [probe]."));
  if (!parse_unit (game, sand_console_positional (args, 0), &unit, answer))
    return TRUE;
  g_autofree int *path = g_new0 (int, n);
  for (guint i = 1; i < n; i++)
    if (!sand_console_parse_hex (console, sand_console_positional (args, i), &path[i - 1], answer))
      return TRUE;
  g_autoptr(GArray) taken = g_array_new (FALSE, FALSE, sizeof (int));
  if (!(probe ? sand_game_probe_move (game, unit, path, n - 1, taken, &error)
               : sand_game_move (game, unit, path, n - 1, taken, &error)))
    return refuse_error (game, answer, error);
  sand_json_member_int (answer, "mp_left", sand_game_unit_mp_left (game, unit));
  sand_json_key (answer, "path");
  sand_json_begin_array (answer);
  for (guint i = 0; i < taken->len; i++)
    sand_console_json_hex (console, answer, g_array_index (taken, int, i));
  sand_json_end_array (answer);
  const SandUnitState *u = sand_game_get_unit (game, unit);
  if (u->flags & SAND_UNIT_HALTED)
    sand_json_member_bool (answer, "halted", TRUE);
  if (u->flags & SAND_UNIT_MUST_PROBE)
    sand_json_member_bool (answer, "must_probe", TRUE);
  if (sand_game_get_segment (game) > 0)
    sand_json_member_int (answer, "segment", sand_game_get_segment (game));
  return TRUE;
}

static gboolean
cmd_train (SandConsole *console, SandGame *game, const char *command, const char * const *args,
           SandJson *answer)
{
  g_autoptr(GError) error = NULL;
  int unit;

  if (sand_console_n_positional (args) != 1)
    return sand_console_refuse (answer, NULL, _("%s takes one unit id."), command);
  if (!parse_unit (game, sand_console_positional (args, 0), &unit, answer))
    return TRUE;
  gboolean ok = command[0] == 'e' ? sand_game_entrain (game, unit, &error)
                                  : sand_game_detrain (game, unit, &error);
  if (!ok)
    return refuse_error (game, answer, error);
  sand_json_member_int (answer, "mp_left", sand_game_unit_mp_left (game, unit));
  return TRUE;
}

static void
write_odds (SandJson *answer,
            const SandOdds *o)
{
  json_number_q (answer, "attack", o->attack_q);
  if (o->hidden)
    {
      /* Standard Game: face-down defenders are unknown until revealed. */
      sand_json_member_null (answer, "defense");
      sand_json_member_bool (answer, "hidden", TRUE);
    }
  else
    json_number_q (answer, "defense", o->defense_q);
  sand_json_member_string (answer, "odds", o->odds);
  sand_json_member_int (answer, "drm", o->drm);
  sand_json_member_bool (answer, "flank", o->flank);
  sand_json_key (answer, "notes");
  sand_json_begin_array (answer);
  for (guint i = 0; o->notes != NULL && i < o->notes->len; i++)
    sand_json_string (answer, g_ptr_array_index (o->notes, i));
  sand_json_end_array (answer);
}

static gboolean parse_choices (SandGame *game, const char * const *args, SandJson *answer,
                               GArray *losses, GArray *advance, SandAttackChoices *ch);

/* Parses HEX ID… [noflank] [ask] [losses=ID:N,…] [advance=ID,…]. */
static gboolean
parse_attack (SandConsole *console, SandGame *game, const char * const *args, SandJson *answer,
              int *hex, GArray *attackers, GArray *losses, GArray *advance,
              SandAttackChoices *ch)
{
  guint n = sand_console_n_positional (args);
  const char *text;

  *ch = (SandAttackChoices) { .fort_loss = -1 };
  if (n < 2)
    {
      sand_console_refuse (answer, NULL, _("Name the hex attacked and the attacking units."));
      return FALSE;
    }
  if (!sand_console_parse_hex (console, sand_console_positional (args, 0), hex, answer))
    return FALSE;
  for (guint i = 1; i < n; i++)
    {
      const char *w = sand_console_positional (args, i);
      int u;
      if (strcmp (w, "noflank") == 0)
        {
          ch->decline_flank = TRUE;
          continue;
        }
      if (strcmp (w, "ask") == 0)
        continue;
      if (!parse_unit (game, w, &u, answer))
        return FALSE;
      g_array_append_val (attackers, u);
    }
  if ((text = sand_console_arg_value (args, "flank")) != NULL && strcmp (text, "no") == 0)
    ch->decline_flank = TRUE;
  gboolean flank = ch->decline_flank;
  if (!parse_choices (game, args, answer, losses, advance, ch))
    return FALSE;
  ch->decline_flank = flank;
  return TRUE;
}

/* [losses=ID:N,…,fort:N] [advance=ID,…]: an attack's or a settle's choices. */
static gboolean
parse_choices (SandGame *game, const char * const *args, SandJson *answer, GArray *losses,
               GArray *advance, SandAttackChoices *ch)
{
  const char *text;

  *ch = (SandAttackChoices) { .fort_loss = -1 };
  if ((text = sand_console_arg_value (args, "losses")) != NULL)
    {
      g_auto(GStrv) items = g_strsplit (text, ",", -1);
      for (guint k = 0; items[k] != NULL; k++)
        {
          char *colon = strrchr (items[k], ':');
          int v;
          if (colon == NULL)
            {
              sand_console_refuse (answer, NULL, _("losses= takes ID:N pairs, not '%s'."),
                                   items[k]);
              return FALSE;
            }
          *colon = '\0';
          if (!sand_console_parse_int (colon + 1, "a loss", &v, answer))
            return FALSE;
          if (strcmp (items[k], "fort") == 0)
            {
              ch->fort_loss = v;
              continue;
            }
          SandLoss l = { 0, v };
          if (!parse_unit (game, items[k], &l.unit, answer))
            return FALSE;
          g_array_append_val (losses, l);
        }
    }
  if ((text = sand_console_arg_value (args, "advance")) != NULL)
    {
      g_auto(GStrv) items = g_strsplit (text, ",", -1);
      for (guint k = 0; items[k] != NULL; k++)
        {
          int u;
          if (items[k][0] == '\0')
            continue;
          if (!parse_unit (game, items[k], &u, answer))
            return FALSE;
          g_array_append_val (advance, u);
        }
    }
  ch->losses = (const SandLoss *) (void *) losses->data;
  ch->n_losses = losses->len;
  ch->advance = (const int *) (void *) advance->data;
  ch->n_advance = advance->len;
  return TRUE;
}

static void
write_result (SandGame *game, SandJson *answer, SandAttackResult *r)
{
  write_odds (answer, &r->odds);
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

static void
write_id_array (SandGame *game, SandJson *answer, const char *key, GArray *units)
{
  sand_json_key (answer, key);
  sand_json_begin_array (answer);
  for (guint i = 0; i < units->len; i++)
    sand_json_string (answer, sand_game_get_counter (game, g_array_index (units, int, i))->id);
  sand_json_end_array (answer);
}

static void
write_hex_array (SandConsole *console, SandJson *answer, const char *key, GArray *hexes)
{
  sand_json_key (answer, key);
  sand_json_begin_array (answer);
  for (guint i = 0; i < hexes->len; i++)
    sand_json_string (answer, sand_console_hex_id (console, g_array_index (hexes, int, i)));
  sand_json_end_array (answer);
}

/* What a rolled attack owes, for `attack … ask` and `pending`. */
static void
write_pending (SandConsole *console, SandGame *game, SandJson *answer,
               const SandPendingAttack *p)
{
  sand_json_member_bool (answer, "pending", TRUE);
  sand_json_member_string (answer, "hex", sand_console_hex_id (console, p->hex));
  write_odds (answer, &p->odds);
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
      write_id_array (game, answer, "units", r->units);
      sand_json_member_int (answer, "hexes", r->hexes);
      sand_json_member_int (answer, "reach", r->reach);
      write_hex_array (console, answer, "ends", r->ends);
      write_hex_array (console, answer, "through_control", r->controlled);
      write_id_array (game, answer, "room", r->room);
      sand_json_member_string (answer, "rule", r->rule);
      sand_json_end_object (answer);
    }
  sand_json_end_array (answer);
  write_id_array (game, answer, "advance", p->advance);
  sand_json_member_string (answer, "advance_rule", p->advance_rule);
}

static gboolean
cmd_pending (SandConsole *console, SandGame *game, SandJson *answer)
{
  const SandPendingAttack *p = sand_game_get_pending_attack (game);

  if (p == NULL)
    {
      sand_json_member_bool (answer, "pending", FALSE);
      return TRUE;
    }
  write_pending (console, game, answer, p);
  return TRUE;
}

/* settle [losses=ID:N,…,fort:N] [retreat=ID:HEX[/HEX…],…] [advance=ID,…] */
static gboolean
cmd_settle (SandConsole *console, SandGame *game, const char * const *args, SandJson *answer)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) losses = g_array_new (FALSE, FALSE, sizeof (SandLoss));
  g_autoptr(GArray) adv = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) retreats = g_array_new (FALSE, FALSE, sizeof (SandRetreat));
  SandAttackChoices ch;
  const char *text;

  if (!parse_choices (game, args, answer, losses, adv, &ch))
    return TRUE;
  if ((text = sand_console_arg_value (args, "retreat")) != NULL
      && !sand_game_parse_retreats (game, text, retreats, &error))
    return refuse_error (game, answer, error);
  ch.retreats = (const SandRetreat *) (void *) retreats->data;
  ch.n_retreats = retreats->len;
  SandAttackResult r;
  const SandPendingAttack *p = sand_game_get_pending_attack (game);
  int hasty = p != NULL && p->hasty_points > 0 ? g_array_index (p->attackers, int, 0) : -1;
  if (!sand_game_attack_settle (game, &ch, &r, &error))
    return refuse_error (game, answer, error);
  write_result (game, answer, &r);
  if (hasty >= 0)
    {
      /* what the hasty attack left the unit (Sequence of Play (2), (3)) */
      guint32 flags = sand_game_get_unit (game, hasty)->flags;
      sand_json_member_bool (answer, "may_move_on", !(flags & SAND_UNIT_STOPPED));
      sand_json_member_bool (answer, "no_combat", (flags & SAND_UNIT_NO_COMBAT) != 0);
    }
  sand_attack_result_clear (&r);
  return TRUE;
}

/* hasty HEX ID POINTS ask: FPW Standard Game Hasty Attacks in two steps —
 * the die now, what each side owes in the answer; `settle` applies. */
static gboolean
cmd_hasty_ask (SandConsole *console, SandGame *game, const char * const *args,
               SandJson *answer)
{
  g_autoptr(GError) error = NULL;
  const SandPendingAttack *p;
  int hex, unit, points;

  if (sand_console_n_positional (args) != 4
      || strcmp (sand_console_positional (args, 3), "ask") != 0)
    return sand_console_refuse (answer, NULL, "Usage: hasty HEX ID POINTS ask.");
  if (!sand_console_parse_hex (console, sand_console_positional (args, 0), &hex, answer)
      || !parse_unit (game, sand_console_positional (args, 1), &unit, answer)
      || !sand_console_parse_int (sand_console_positional (args, 2), "Combat Points", &points,
                                  answer))
    return TRUE;
  if (!sand_game_hasty_attack_roll (game, hex, unit, points, &p, &error))
    return refuse_error (game, answer, error);
  write_pending (console, game, answer, p);
  sand_json_member_int (answer, "hasty", p->hasty_points);
  return TRUE;
}

static gboolean
cmd_odds_attack (SandConsole *console, SandGame *game, gboolean resolve,
                 const char * const *args, SandJson *answer)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) att = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) losses = g_array_new (FALSE, FALSE, sizeof (SandLoss));
  g_autoptr(GArray) adv = g_array_new (FALSE, FALSE, sizeof (int));
  SandAttackChoices ch;
  int hex;

  if (!parse_attack (console, game, args, answer, &hex, att, losses, adv, &ch))
    return TRUE;
  /* support=ID,… or support=none: the batteries chosen (LFAF 8.4). */
  g_autoptr(GArray) support = g_array_new (FALSE, FALSE, sizeof (int));
  const char *support_text = sand_console_arg_value (args, "support");
  if (support_text != NULL)
    {
      g_auto(GStrv) items = g_strsplit (support_text, ",", -1);
      for (guint k = 0; items[k] != NULL; k++)
        {
          int u;
          if (items[k][0] == '\0' || strcmp (items[k], "none") == 0)
            continue;
          if (!parse_unit (game, items[k], &u, answer))
            return TRUE;
          g_array_append_val (support, u);
        }
      ch.choose_support = TRUE;
      ch.support = (const int *) (void *) support->data;
      ch.n_support = support->len;
    }
  if (!resolve)
    {
      SandOdds o;
      if (!sand_game_odds_with (game, hex, (const int *) (void *) att->data, att->len, &ch, &o,
                                &error))
        return refuse_error (game, answer, error);
      write_odds (answer, &o);
      if (o.support_ready != NULL)
        {
          write_id_array (game, answer, "support_ready", o.support_ready);
          write_id_array (game, answer, "support", o.support);
        }
      sand_odds_clear (&o);
      return TRUE;
    }
  gboolean ask = FALSE;
  for (guint i = 0; i < sand_console_n_positional (args); i++)
    ask |= strcmp (sand_console_positional (args, i), "ask") == 0;
  if (ask)
    {
      /* Two steps: roll now, answer what is owed; `settle` applies. */
      const SandPendingAttack *p;
      if (!sand_game_attack_roll (game, hex, (const int *) (void *) att->data, att->len, &ch, &p,
                                  &error))
        return refuse_error (game, answer, error);
      write_pending (console, game, answer, p);
      return TRUE;
    }
  g_autoptr(GArray) retreats = g_array_new (FALSE, FALSE, sizeof (SandRetreat));
  const char *text = sand_console_arg_value (args, "retreat");
  if (text != NULL && !sand_game_parse_retreats (game, text, retreats, &error))
    return refuse_error (game, answer, error);
  ch.retreats = (const SandRetreat *) (void *) retreats->data;
  ch.n_retreats = retreats->len;
  SandAttackResult r;
  if (!sand_game_attack (game, hex, (const int *) (void *) att->data, att->len, &ch, &r, &error))
    return refuse_error (game, answer, error);
  write_result (game, answer, &r);
  sand_attack_result_clear (&r);
  return TRUE;
}

static gboolean
cmd_roll (SandConsole *console, SandGame *game, const char * const *args, SandJson *answer)
{
  g_autoptr(GError) error = NULL;
  guint n = sand_console_n_positional (args);

  if (n == 0)
    return sand_console_refuse (answer, NULL, _("roll takes one or more die results."));
  g_autofree int *rolls = g_new0 (int, n);
  for (guint i = 0; i < n; i++)
    if (!sand_console_parse_int (sand_console_positional (args, i), "a die roll", &rolls[i],
                                 answer))
      return TRUE;
  if (!sand_game_force_rolls (game, rolls, (int) n, &error))
    return refuse_error (game, answer, error);
  return TRUE;
}

static gboolean
cmd_supply (SandConsole *console, SandGame *game, const char * const *args, SandJson *answer)
{
  int unit;

  if (sand_console_n_positional (args) != 1)
    return sand_console_refuse (answer, NULL, _("supply takes one unit id."));
  if (!parse_unit (game, sand_console_positional (args, 0), &unit, answer))
    return TRUE;
  if (sand_game_get_unit (game, unit)->status != SAND_UNIT_ON_MAP)
    {
      g_autofree char *who = sand_game_unit_label_for (game, unit, sand_game_get_side (game),
                                                       SAND_UNIT_LABEL_WITH_ID);
      return sand_console_refuse (answer, NULL, _("%s is not on the map."), who);
    }
  sand_json_member_string (answer, "state",
                           sand_supply_state_to_string (sand_game_unit_supply (game, unit)));
  return TRUE;
}

static gboolean
cmd_zoc (SandConsole *console, SandGame *game, const char * const *args, SandJson *answer)
{
  int side;

  if (sand_console_n_positional (args) != 1)
    return sand_console_refuse (answer, NULL, _("zoc takes one side."));
  if (!sand_console_parse_side (console, sand_console_positional (args, 0), &side, answer))
    return TRUE;
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  sand_game_zoc_hexes (game, side, hexes);
  sand_json_key (answer, "hexes");
  sand_json_begin_array (answer);
  for (guint i = 0; i < hexes->len; i++)
    sand_console_json_hex (console, answer, g_array_index (hexes, int, i));
  sand_json_end_array (answer);
  return TRUE;
}

static gboolean
cmd_end_phase (SandConsole *console, SandGame *game, SandJson *answer)
{
  g_autoptr(GError) error = NULL;

  if (!sand_game_end_phase (game, &error))
    return refuse_error (game, answer, error);
  write_clock (console, game, answer);
  if (sand_game_is_over (game))
    {
      sand_json_member_bool (answer, "over", TRUE);
      sand_json_key (answer, "vp");
      sand_json_begin_object (answer);
      write_vp (game, answer);
      sand_json_end_object (answer);
    }
  return TRUE;
}

static const char *
status_name (guint8 status)
{
  switch (status)
    {
    case SAND_UNIT_WAITING: return "waiting";
    case SAND_UNIT_ELIMINATED: return "eliminated";
    case SAND_UNIT_EXITED: return "exited";
    case SAND_UNIT_ABSENT: return "absent";
    case SAND_UNIT_RESERVE: return "reserve";
    default: return NULL;
    }
}

static int
cmp_alias (gconstpointer a, gconstpointer b, gpointer data)
{
  SandGame *game = data;
  const SandUnitState *x = sand_game_get_unit (game, *(const int *) a);
  const SandUnitState *y = sand_game_get_unit (game, *(const int *) b);
  if (x->side != y->side)
    return x->side - y->side;
  return x->alias - y->alias;
}

static gboolean
cmd_state (SandConsole *console, SandGame *game, const char * const *args, SandJson *answer)
{
  SandRuleset *rs = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  int viewer = -1;
  const char *who = sand_console_positional (args, 0);

  if (who != NULL && !sand_console_parse_side (console, who, &viewer, answer))
    return TRUE;
  /* Counter order would tell which hidden counter is which (dummies come
   * last in a counter mix): the side's unseen enemies come after the
   * rest, in the order of their names. */
  guint n_units = sand_game_n_units (game);
  g_autoptr(GArray) order = g_array_sized_new (FALSE, FALSE, sizeof (int), n_units);
  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i < n_units; i++)
      {
        int hidden = viewer >= 0 && !sand_game_unit_visible (game, (int) i, viewer);
        if (hidden != pass)
          continue;
        int k = (int) i;
        g_array_append_val (order, k);
      }
  guint first_hidden = 0;
  while (first_hidden < order->len
         && sand_game_unit_visible (game, g_array_index (order, int, first_hidden), viewer))
    first_hidden++;
  g_qsort_with_data (order->data + first_hidden * sizeof (int),
                     (gint) (order->len - first_hidden), sizeof (int), cmp_alias, game);
  sand_json_key (answer, "units");
  sand_json_begin_array (answer);
  for (guint o = 0; o < order->len; o++)
    {
      guint i = (guint) g_array_index (order, int, o);
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      const SandCounter *c = sand_game_get_counter (game, (int) i);
      if (u->status == SAND_UNIT_ABSENT || u->status == SAND_UNIT_RESERVE)
        continue;
      gboolean visible = sand_game_unit_visible (game, (int) i, viewer);
      gboolean enemy = viewer >= 0 && u->side != viewer;
      /* An enemy counter never seen off the map is nothing the side knows of. */
      if (enemy && !visible && u->status != SAND_UNIT_ON_MAP)
        continue;
      g_autofree char *name = sand_game_unit_name_for (game, (int) i, viewer);
      sand_json_begin_object (answer);
      sand_json_member_string (answer, "id", name);
      sand_json_member_string (answer, "side", side_id (game, u->side));
      sand_json_member_string (answer, "type", visible && c->type >= 0
                               && (guint) c->type < sand_ruleset_n_unit_types (rs)
                               ? sand_ruleset_get_unit_type (rs, (guint) c->type)->id : NULL);
      sand_json_key (answer, "hex");
      sand_console_json_hex (console, answer, u->hex);
      if (visible)
        {
          int strength = sand_game_unit_strength_for (game, (int) i, viewer);
          if (c->steps > 0 && c->strength == 0)
            sand_json_member_int (answer, "steps", strength);
          else
            sand_json_member_int (answer, "strength", strength);
        }
      if (u->status == SAND_UNIT_ON_MAP && u->side == sand_game_get_side (game) && !enemy)
        sand_json_member_int (answer, "mp_left", sand_game_unit_mp_left (game, (int) i));
      sand_json_key (answer, "flags");
      sand_json_begin_array (answer);
      if (status_name (u->status))
        sand_json_string (answer, status_name (u->status));
      if (u->flags & SAND_UNIT_ENTRAINED)
        sand_json_string (answer, "entrained");
      if (u->flags & SAND_UNIT_MOVED)
        sand_json_string (answer, "moved");
      if (u->flags & SAND_UNIT_ATTACKED)
        sand_json_string (answer, "attacked");
      if (u->flags & SAND_UNIT_DEFENDED)
        sand_json_string (answer, "defended");
      if (u->flags & SAND_UNIT_HALTED)
        sand_json_string (answer, "halted");
      if (u->flags & SAND_UNIT_FINISHED)
        sand_json_string (answer, "finished");
      /* supply as traced now (the movement allowance used the state at the
       * start of the Movement Phase) */
      if (u->status == SAND_UNIT_ON_MAP && visible)
        {
          SandSupplyState st = sand_game_unit_supply (game, (int) i);
          if (st != SAND_SUPPLY_SUPPLIED)
            sand_json_string (answer, sand_supply_state_to_string (st));
        }
      g_autoptr(GPtrArray) rule_flags = g_ptr_array_new ();
      sand_game_unit_rule_flags (game, (int) i, rule_flags);
      for (guint k = 0; k < rule_flags->len; k++)
        sand_json_string (answer, g_ptr_array_index (rule_flags, k));
      sand_json_end_array (answer);
      if (u->status == SAND_UNIT_WAITING)
        sand_json_member_int (answer, "arrive", u->arrive_turn);
      const char *formation = sand_game_unit_formation_for (game, (int) i, viewer);
      if (formation != NULL)
        sand_json_member_string (answer, "formation", formation);
      sand_json_end_object (answer);
    }
  sand_json_end_array (answer);
  write_clock (console, game, answer);
  write_motion (game, viewer, answer);
  if (sand_game_is_over (game))
    sand_json_member_bool (answer, "over", TRUE);
  return TRUE;
}

/* reserve HEX [SIDE]: a new unit from the side's reserve (FPW: German EBs). */
static gboolean
cmd_reserve (SandConsole *console, SandGame *game, const char * const *args, SandJson *answer)
{
  g_autoptr(GError) error = NULL;
  int hex, unit, side = sand_game_get_side (game);
  guint n = sand_console_n_positional (args);

  if (n < 1 || n > 2)
    return sand_console_refuse (answer, NULL, _("reserve takes HEX [SIDE]."));
  if (!sand_console_parse_hex (console, sand_console_positional (args, 0), &hex, answer))
    return TRUE;
  if (n == 2 && !sand_console_parse_side (console, sand_console_positional (args, 1), &side,
                                          answer))
    return TRUE;
  if (!sand_game_place_reserve (game, side, hex, &unit, &error))
    return refuse_error (game, answer, error);
  sand_json_member_string (answer, "id", sand_game_get_counter (game, unit)->id);
  return TRUE;
}

static gboolean
cmd_setup (SandConsole *console, SandGame *game, const char * const *args, SandJson *answer)
{
  g_autoptr(GError) error = NULL;
  int unit, hex;

  if (sand_console_n_positional (args) != 2)
    return sand_console_refuse (answer, NULL, _("setup takes ID HEX."));
  if (!parse_unit (game, sand_console_positional (args, 0), &unit, answer))
    return TRUE;
  if (!sand_console_parse_hex (console, sand_console_positional (args, 1), &hex, answer))
    return TRUE;
  if (!sand_game_set_up (game, unit, hex, &error))
    return refuse_error (game, answer, error);
  return TRUE;
}

static gboolean
cmd_exit (SandConsole *console, SandGame *game, const char * const *args, SandJson *answer)
{
  g_autoptr(GError) error = NULL;
  int unit;

  if (sand_console_n_positional (args) != 1)
    return sand_console_refuse (answer, NULL, _("exit takes one unit id."));
  if (!parse_unit (game, sand_console_positional (args, 0), &unit, answer))
    return TRUE;
  if (!sand_game_exit (game, unit, &error))
    return refuse_error (game, answer, error);
  return TRUE;
}

static gboolean
cmd_undo (SandConsole *console, SandGame *game, SandJson *answer)
{
  g_autoptr(GError) error = NULL;

  if (!sand_game_undo (game, &error))
    return refuse_error (game, answer, error);
  write_clock (console, game, answer);
  return TRUE;
}

static const char *const game_commands[] = {
  "at", "reach", "move", "entrain", "detrain", "odds", "attack", "roll", "supply", "zoc",
  "end-phase", "state", "vp", "undo", "reserve", "exit", "setup", "done", "log", "settle",
  "pending", NULL,
};

gboolean
sand_console_game_execute (SandConsole        *console,
                           const char         *command,
                           const char * const *args,
                           SandJson           *answer)
{
  if (strcmp (command, "hasty") == 0 && sand_console_n_positional (args) == 4
      && strcmp (sand_console_positional (args, 3), "ask") == 0)
    {
      SandGame *game = ensure_game (console, answer);
      return game == NULL || cmd_hasty_ask (console, game, args, answer);
    }
  if (!g_strv_contains (game_commands, command))
    {
      /* Perhaps a command of this game's rules module. */
      SandGame *game = sand_console_get_game (console);
      g_autoptr(GError) error = NULL;
      if (game == NULL && sand_console_get_scenario (console) != NULL)
        {
          game = sand_game_new (sand_console_get_scenario (console), NULL,
                                sand_console_get_seed (console), NULL);
          if (game != NULL)
            sand_console_set_game (console, game, game_free);
        }
      if (game == NULL)
        return FALSE;
      if (sand_game_command (game, command, args, answer, &error))
        return TRUE;
      if (g_error_matches (error, SAND_GAME_ERROR, SAND_GAME_ERROR_UNKNOWN))
        return FALSE;
      return refuse_error (game, answer, error);
    }
  if (strcmp (command, "state") == 0 && sand_console_get_game (console) == NULL
      && sand_console_get_scenario (console) == NULL)
    return FALSE;

  if (strcmp (command, "state") == 0 && sand_console_get_game (console) == NULL)
    {
      /* No game can be made (a ruleset without a rules module yet): the
       * console describes the set-up instead. */
      g_autoptr(SandGame) probe = sand_game_new (sand_console_get_scenario (console), NULL,
                                                 sand_console_get_seed (console), NULL);
      if (probe == NULL)
        return FALSE;
      sand_console_set_game (console, g_steal_pointer (&probe), game_free);
    }
  SandGame *game = ensure_game (console, answer);
  if (game == NULL)
    return TRUE;

  if (strcmp (command, "at") == 0)
    return cmd_at (console, game, args, answer);
  if (strcmp (command, "reach") == 0)
    return cmd_reach (console, game, args, answer);
  if (strcmp (command, "move") == 0)
    return cmd_move (console, game, args, answer);
  if (strcmp (command, "entrain") == 0 || strcmp (command, "detrain") == 0)
    return cmd_train (console, game, command, args, answer);
  if (strcmp (command, "odds") == 0)
    return cmd_odds_attack (console, game, FALSE, args, answer);
  if (strcmp (command, "attack") == 0)
    return cmd_odds_attack (console, game, TRUE, args, answer);
  if (strcmp (command, "roll") == 0)
    return cmd_roll (console, game, args, answer);
  if (strcmp (command, "settle") == 0)
    return cmd_settle (console, game, args, answer);
  if (strcmp (command, "pending") == 0)
    return cmd_pending (console, game, answer);
  if (strcmp (command, "supply") == 0)
    return cmd_supply (console, game, args, answer);
  if (strcmp (command, "zoc") == 0)
    return cmd_zoc (console, game, args, answer);
  if (strcmp (command, "end-phase") == 0)
    return cmd_end_phase (console, game, answer);
  if (strcmp (command, "state") == 0)
    return cmd_state (console, game, args, answer);
  if (strcmp (command, "reserve") == 0)
    return cmd_reserve (console, game, args, answer);
  if (strcmp (command, "exit") == 0)
    return cmd_exit (console, game, args, answer);
  if (strcmp (command, "setup") == 0)
    return cmd_setup (console, game, args, answer);
  if (strcmp (command, "vp") == 0)
    return cmd_vp (console, game, args, answer);
  if (strcmp (command, "done") == 0)
    return cmd_done (console, game, args, answer);
  if (strcmp (command, "log") == 0)
    return cmd_log (console, game, args, answer);
  return cmd_undo (console, game, answer);
}
