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
#include "sand-console-private.h"
#include "sand-action.h"
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

static gboolean
cmd_vp (SandConsole *console, SandGame *game, const char * const *args, SandJson *answer)
{
  int viewer = -1;
  const char *who = sand_console_positional (args, 0);

  if (sand_console_n_positional (args) > 1)
    return sand_console_refuse (answer, NULL, _("vp takes at most one side."));
  if (who != NULL && !sand_console_parse_side (console, who, &viewer, answer))
    return TRUE;
  sand_console_write_vp_for (game, viewer, answer);
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
cmd_pending (SandConsole *console, SandGame *game, SandJson *answer)
{
  const SandPendingAttack *p = sand_game_get_pending_attack (game);

  if (p == NULL)
    {
      sand_json_member_bool (answer, "pending", FALSE);
      return TRUE;
    }
  sand_console_write_pending (console, game, answer, p);
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
  /* An empty array has no data: NULL + 0 is undefined behaviour. */
  if (order->len > first_hidden + 1)
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
      sand_json_member_string (answer, "side", sand_console_side_id (game, u->side));
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
  sand_console_write_clock (console, game, answer);
  sand_console_write_motion (game, viewer, answer);
  if (sand_game_is_over (game))
    sand_json_member_bool (answer, "over", TRUE);
  return TRUE;
}

static gboolean
cmd_undo (SandConsole *console, SandGame *game, SandJson *answer)
{
  g_autoptr(GError) error = NULL;

  if (!sand_game_undo (game, &error))
    return refuse_error (game, answer, error);
  sand_console_write_clock (console, game, answer);
  return TRUE;
}

/* odds HEX ID… [noflank] [support=ID,…|none]: the attack's words, not rolled. */
static gboolean
cmd_odds (SandConsole *console, SandGame *game, const char * const *args, SandJson *answer)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SandAction) a = sand_game_parse_action_as (game,
                                                       sand_action_core_spec (SAND_ACTION_ATTACK),
                                                       args, &error);
  SandAttackChoices ch;
  SandOdds o;

  if (a == NULL)
    return refuse_error (game, answer, error);
  sand_action_get_choices (a, &ch);
  if (!sand_game_odds_with (game, a->hex, (const int *) (void *) a->units->data, a->units->len,
                            &ch, &o, &error))
    return refuse_error (game, answer, error);
  sand_console_write_odds (answer, &o);
  if (o.support_ready != NULL)
    {
      sand_console_write_ids (game, answer, "support_ready", o.support_ready);
      sand_console_write_ids (game, answer, "support", o.support);
    }
  sand_odds_clear (&o);
  return TRUE;
}

/* Any action of the game: the one parser, the game applies it, the one
 * writer answers with its result. */
static gboolean
cmd_action (SandConsole        *console,
            SandGame           *game,
            const char         *command,
            const char * const *args,
            SandJson           *answer)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) words = g_ptr_array_new ();
  SandResult r;

  g_ptr_array_add (words, (gpointer) command);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (words, (gpointer) args[i]);
  g_ptr_array_add (words, NULL);
  g_autoptr(SandAction) a = sand_game_parse_action (game, (const char * const *) words->pdata,
                                                    &error);
  if (a == NULL)
    return refuse_error (game, answer, error);
  if (!sand_game_apply (game, a, &r, &error))
    {
      sand_result_clear (&r);
      return refuse_error (game, answer, error);
    }
  sand_console_write_result (console, game, answer, &r);
  sand_result_clear (&r);
  return TRUE;
}

/* The console's questions; every other game command is an action. */
static const char *const queries[] = {
  "reach", "odds", "supply", "zoc", "state", "vp", "undo", "log", "pending", "ai", NULL,
};

gboolean
sand_console_game_execute (SandConsole        *console,
                           const char         *command,
                           const char * const *args,
                           SandJson           *answer)
{
  gboolean query = g_strv_contains (queries, command);
  gboolean core = FALSE;

  for (int k = 0; k < SAND_ACTION_MODULE && !core; k++)
    core = strcmp (sand_action_core_spec (k)->name, command) == 0;
  if (!query && !core)
    {
      /* Perhaps an action of this game's rules module. */
      SandGame *game = sand_console_get_game (console);
      if (game == NULL && sand_console_get_scenario (console) != NULL)
        {
          game = sand_game_new (sand_console_get_scenario (console), NULL,
                                sand_console_get_seed (console), NULL);
          if (game != NULL)
            sand_console_set_game (console, game, game_free);
        }
      if (game == NULL || sand_game_find_action (game, command) == NULL)
        return FALSE;
      return cmd_action (console, game, command, args, answer);
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

  if (core)
    return cmd_action (console, game, command, args, answer);
  if (strcmp (command, "reach") == 0)
    return cmd_reach (console, game, args, answer);
  if (strcmp (command, "odds") == 0)
    return cmd_odds (console, game, args, answer);
  if (strcmp (command, "pending") == 0)
    return cmd_pending (console, game, answer);
  if (strcmp (command, "supply") == 0)
    return cmd_supply (console, game, args, answer);
  if (strcmp (command, "zoc") == 0)
    return cmd_zoc (console, game, args, answer);
  if (strcmp (command, "state") == 0)
    return cmd_state (console, game, args, answer);
  if (strcmp (command, "vp") == 0)
    return cmd_vp (console, game, args, answer);
  if (strcmp (command, "log") == 0)
    return cmd_log (console, game, args, answer);
  if (strcmp (command, "ai") == 0)
    return sand_console_cmd_ai (console, game, args, answer);
  return cmd_undo (console, game, answer);
}
