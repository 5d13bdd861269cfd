/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-console.h: the text console of DESIGN.md §4.
 *
 * One command per line in, exactly one JSON object per command out. The
 * console itself handles the map-building commands (new, terrain, hexside,
 * clear-hexside, rail, road, country, place, fort, marker, unit, save, load,
 * info) and forwards every other command to the rules side through
 * sand-console-game.h. It lives in the engine so that both sandtable-cli and
 * the editor can embed it.
 */
#pragma once

#include <glib.h>

#include "sand-json.h"
#include "sand-scenario.h"

G_BEGIN_DECLS

typedef struct _SandConsole SandConsole;

/* The longest line and the most arguments one command may have; longer
 * lines and more arguments are refused with a sentence that says so. A
 * line of every hex id of a 1000 × 1000 map does not fit: paint such maps
 * in several commands. */
#define SAND_CONSOLE_MAX_LINE ((gsize) 1024 * 1024)
#define SAND_CONSOLE_MAX_ARGS 65536

/* @scenario may be NULL (then the first command is usually `new` or `load`);
 * the console takes a reference of its own. */
SandConsole  *sand_console_new           (SandScenario   *scenario,
                                          guint64         seed);
void          sand_console_free          (SandConsole    *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SandConsole, sand_console_free)

/* Runs one line. Returns one JSON object (no newline), or NULL for a blank
 * line or a `#` comment. Never fails: a malformed line (including one over
 * SAND_CONSOLE_MAX_LINE bytes or SAND_CONSOLE_MAX_ARGS arguments) gets a
 * refusal {"ok":false,"error":"…"}. Linear in the line's length. */
char         *sand_console_execute       (SandConsole    *self,
                                          const char     *line);

/* The scenario being built or played, or NULL (borrowed). */
SandScenario *sand_console_get_scenario  (SandConsole    *self);
/* Replaces the scenario (takes a reference; NULL allowed). Drops the game
 * and then tells the rules side (sand_console_game_scenario_changed). */
void          sand_console_set_scenario  (SandConsole    *self,
                                          SandScenario   *scenario);
guint64       sand_console_get_seed      (SandConsole    *self);

/* The rules side's game state, opaque to the console. set_game frees the
 * previous one with its destroy notify. The console drops the game (set to
 * NULL) whenever the scenario is replaced (`new`, `load`), before calling
 * sand_console_game_scenario_changed. */
gpointer      sand_console_get_game      (SandConsole    *self);
void          sand_console_set_game      (SandConsole    *self,
                                          gpointer        game,
                                          GDestroyNotify  destroy);

/* Turns @answer into a refusal: whatever was written is discarded and the
 * answer becomes {"ok":false,"error":"<message>"[,"rule":"<rule>"]}; members
 * written afterwards are appended. @rule is the rulebook section and case
 * ("ZOC (A)") or NULL. Always returns TRUE, so a command handler can write
 * `return sand_console_refuse (answer, NULL, "…");`. */
gboolean      sand_console_refuse        (SandJson       *answer,
                                          const char     *rule,
                                          const char     *format,
                                          ...) G_GNUC_PRINTF (3, 4);
/* Whether sand_console_refuse was called on this answer. */
gboolean      sand_console_is_refusal    (SandJson       *answer);

/* Argument helpers for command handlers; args are the tokens after the
 * command word, quotes already removed.
 *
 * The value of the first `key=value` argument with that key, or NULL. */
const char   *sand_console_arg_value     (const char * const *args,
                                          const char     *key);
/* Number of positional (non key=value) arguments. */
guint         sand_console_n_positional  (const char * const *args);
/* The n-th positional argument, or NULL. */
const char   *sand_console_positional    (const char * const *args,
                                          guint           n);
/* Parses a hex id against the current map; on failure refuses @answer with
 * a sentence naming the bad id (malformed, or off the map) and returns
 * FALSE. Also refuses when there is no map. */
gboolean      sand_console_parse_hex     (SandConsole    *self,
                                          const char     *text,
                                          int            *hex,
                                          SandJson       *answer);
/* Parses a side id of the current ruleset; refuses @answer on failure. */
gboolean      sand_console_parse_side    (SandConsole    *self,
                                          const char     *text,
                                          int            *side,
                                          SandJson       *answer);
/* Parses a whole decimal number (optionally signed); refuses @answer with
 * "<what> must be a whole number, not '<text>'" on failure. */
gboolean      sand_console_parse_int     (const char     *text,
                                          const char     *what,
                                          int            *value,
                                          SandJson       *answer);
/* The printed id of a hex (static buffer per console, valid until the next
 * call); "null" is never returned: SAND_HEX_NONE gives NULL. */
const char   *sand_console_hex_id        (SandConsole    *self,
                                          int             hex);
/* Writes a hex id as a JSON value (null for SAND_HEX_NONE). */
void          sand_console_json_hex      (SandConsole    *self,
                                          SandJson       *answer,
                                          int             hex);

/* Writes the scenario's set-up into an open answer object: "units" (every
 * counter in counter-mix order with id, side, type, hex — null when it
 * arrives later or is placed by zone — and strength or steps, plus "zone"
 * or "arrive" when set) and a null clock ("turn", "side", "phase"). This is
 * what `state` answers while the rules side has no game. */
void          sand_console_write_setup_state (SandConsole *self,
                                          SandJson       *answer);

/* Splits a line into tokens: whitespace separates, "double" or 'single'
 * quotes group (a backslash escapes the next character inside double
 * quotes), `#` outside quotes starts a comment. Returns NULL and sets
 * @error on an unterminated quote; an empty vector for a blank line. */
GStrv         sand_console_tokenize      (const char     *line,
                                          GError        **error);

G_END_DECLS
