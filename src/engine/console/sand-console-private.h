/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-console-private.h: what the console's files share — the console's
 * insides, the argument helpers the map-building commands use, and those
 * commands (sand-console-map.c, sand-console-units.c), which the
 * interpreter in sand-console.c dispatches to. */
#pragma once

#include "sand-console.h"
#include "sand-game.h"
#include "sand-result.h"

G_BEGIN_DECLS

struct _SandConsole {
  SandScenario *scenario;
  guint64 seed;
  gpointer game;
  GDestroyNotify game_destroy;
  char hex_buf[SAND_HEX_ID_MAX];
};

static inline SandRuleset *
ruleset_of (SandConsole *self)
{
  return sand_scenario_get_ruleset (self->scenario);
}

static inline SandMap *
map_of (SandConsole *self)
{
  return sand_scenario_get_map (self->scenario);
}

static inline const SandGrid *
grid_of (SandConsole *self)
{
  return sand_map_get_grid (map_of (self));
}

/* sand-console.c */
gboolean sand_console_is_key_value     (const char *arg);
gboolean sand_console_all_digits       (const char *text);
gboolean sand_console_refuse_no_map    (SandJson *answer);
char    *sand_console_ruleset_ids      (SandRuleset *ruleset, guint (*count) (SandRuleset *),
                                        const char *(*id_of) (SandRuleset *, guint));
const char *sand_console_side_id_of    (SandRuleset *r, guint i);
const char *sand_console_terrain_id_of (SandRuleset *r, guint i);
const char *sand_console_feature_id_of (SandRuleset *r, guint i);
const char *sand_console_country_id_of (SandRuleset *r, guint i);
const char *sand_console_unit_type_id_of (SandRuleset *r, guint i);
gboolean sand_console_parse_side_or_none (SandConsole *self, const char *text, int *side,
                                        SandJson *answer);
gboolean sand_console_parse_int_min    (const char *text, const char *what, int min, int *value,
                                        SandJson *answer);

/* sand-console-map.c */
gboolean sand_console_parse_hex_list   (SandConsole *self, const char * const *args,
                                        guint first, GArray *out, SandJson *answer);
char    *sand_console_join_rest        (const char * const *args, guint first);

/* The map-building commands: @args the tokens after the command word. */
#define SAND_CONSOLE_COMMAND(name) \
  gboolean name (SandConsole *self, const char * const *args, SandJson *answer)
SAND_CONSOLE_COMMAND (sand_console_cmd_new);
SAND_CONSOLE_COMMAND (sand_console_cmd_terrain);
SAND_CONSOLE_COMMAND (sand_console_cmd_hexside);
SAND_CONSOLE_COMMAND (sand_console_cmd_clear_hexside);
SAND_CONSOLE_COMMAND (sand_console_cmd_rail);
SAND_CONSOLE_COMMAND (sand_console_cmd_road);
SAND_CONSOLE_COMMAND (sand_console_cmd_country);
SAND_CONSOLE_COMMAND (sand_console_cmd_place);
SAND_CONSOLE_COMMAND (sand_console_cmd_fort);
/* sand-console-units.c */
SAND_CONSOLE_COMMAND (sand_console_cmd_marker);
SAND_CONSOLE_COMMAND (sand_console_cmd_unit);
SAND_CONSOLE_COMMAND (sand_console_cmd_turns);
SAND_CONSOLE_COMMAND (sand_console_cmd_title);
SAND_CONSOLE_COMMAND (sand_console_cmd_info);
SAND_CONSOLE_COMMAND (sand_console_cmd_save);
SAND_CONSOLE_COMMAND (sand_console_cmd_load);

/* sand-console-ai.c: the computer player plays the phase. */
gboolean    sand_console_cmd_ai        (SandConsole *console, SandGame *game,
                                        const char * const *args, SandJson *answer);

/* sand-console-result.c: the answers of game commands, in one place. */
void        sand_console_json_number_q (SandJson *answer, const char *key, int quarters);
const char *sand_console_side_id       (SandGame *game, int side);
void        sand_console_write_clock   (SandConsole *console, SandGame *game, SandJson *answer);
/* @viewer -1: the umpire's count; a side: what it can know (Standard Game). */
void        sand_console_write_vp_for  (SandGame *game, int viewer, SandJson *answer);
void        sand_console_write_vp      (SandGame *game, SandJson *answer);
/* Standard Game: the unit in motion (as @viewer names it) and its segment. */
void        sand_console_write_motion  (SandGame *game, int viewer, SandJson *answer);
void        sand_console_write_odds    (SandJson *answer, const SandOdds *o);
void        sand_console_write_attack  (SandGame *game, SandJson *answer,
                                        const SandAttackResult *r);
void        sand_console_write_ids     (SandGame *game, SandJson *answer, const char *key,
                                        const GArray *units);
void        sand_console_write_hexes   (SandConsole *console, SandJson *answer, const char *key,
                                        const GArray *hexes);
/* What a rolled attack owes, for `attack … ask`, `hasty … ask` and `pending`. */
void        sand_console_write_pending (SandConsole *console, SandGame *game, SandJson *answer,
                                        const SandPendingAttack *p);
/* The answer of an applied action. */
void        sand_console_write_result  (SandConsole *console, SandGame *game, SandJson *answer,
                                        const SandResult *result);

G_END_DECLS
