/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-scenario.h: a whole scenario — map, ruleset, counter mix, orders of
 * battle, game length and victory — as one document.
 *
 * Counters, placements and reinforcements are plain structs owned by the
 * scenario; edits go through the scenario so that "changed" is emitted.
 */
#pragma once

#include <glib-object.h>

#include "sand-map.h"
#include "sand-ruleset.h"

G_BEGIN_DECLS

#define SAND_TYPE_SCENARIO (sand_scenario_get_type ())
G_DECLARE_FINAL_TYPE (SandScenario, sand_scenario, SAND, SCENARIO, GObject)

#define SAND_FORMAT_VERSION 1
#define SAND_SCENARIO_NS "https://sandtable.github.io/ns/1"

/* One printed counter. Values a game does not use are 0 / NULL. */
typedef struct {
  char *id;       /* unique in the scenario, e.g. "de-1a-6" */
  int side;       /* ruleset side index */
  int type;       /* ruleset unit type index */
  char *name;     /* what is printed on it, e.g. "I AK", "1/21 RIC" */
  int strength;   /* FPW: combat strength on the front face */
  int reduced;    /* FPW: strength after the first loss, when a printed
                   * reduced counter exists; -1 when losses are free */
  int steps;      /* LFAF: full-strength steps */
  int ma;         /* printed movement allowance */
  int quality;    /* LFAF: -1 inferior, 0 normal, +1 superior */
  char *parent;   /* LFAF: parent brigade/division (colour band) */
  char *band;     /* colour of the band, "#rrggbb", or NULL */
  char *note;
} SandCounter;

typedef struct {
  char *counter;  /* counter id */
  int hex;        /* fixed hex, or SAND_HEX_NONE when placed by zone */
  char *zone;     /* zone id, or NULL */
} SandPlacement;

typedef struct {
  char *zone;     /* zone id */
  int max_per_hex; /* "one unit per town": 1; 0 = no limit */
  int min_units;  /* at least this many units in the zone; 0 = none */
  int max_units;  /* at most; 0 = no limit */
} SandZoneLimit;

typedef struct {
  int turn;
  char *counter;   /* counter id, or NULL for strength points */
  int points;      /* combat/strength points instead of a unit (FPW +4) */
  int hex;         /* entry hex, or SAND_HEX_NONE */
  char *entry;     /* entry flag group, or NULL */
  gboolean entrained;
  char *code;      /* appearance code printed on the chart ("a", "b", "c") */
  char *note;
} SandReinforcement;

typedef struct {
  char *id;        /* "A" … "F", "G" … "M", or "historical" */
  int side;
  char *name;
  char *description;
  int die_number;  /* variable-OOB die number, 0 when unused */
  GPtrArray *placements;     /* SandPlacement* */
  GPtrArray *zone_limits;    /* SandZoneLimit* */
  GPtrArray *reinforcements; /* SandReinforcement* */
} SandOob;

typedef struct {
  int min;         /* G_MININT for "or less" */
  int max;         /* G_MAXINT for "or over" */
  char *label;     /* "German Decisive Victory" */
  int winner;      /* side index, or -1 for a draw */
} SandVictoryLevel;

typedef enum {
  SAND_SEVERITY_ERROR,
  SAND_SEVERITY_WARNING,
} SandSeverity;

/* A problem found in a scenario: where, how bad, and a sentence a designer
 * understands. */
typedef struct {
  SandSeverity severity;
  int line;        /* line in the file it came from, or 0 */
  int hex;         /* SAND_HEX_NONE when not about a hex */
  char *counter;   /* counter id, or NULL */
  char *code;      /* stable short id, e.g. "bridge-without-water" */
  char *message;
} SandProblem;

SandCounter       *sand_counter_new          (void);
SandCounter       *sand_counter_copy         (const SandCounter *counter);
void               sand_counter_free         (SandCounter       *counter);
SandPlacement     *sand_placement_new        (const char        *counter,
                                              int                hex,
                                              const char        *zone);
SandPlacement     *sand_placement_copy       (const SandPlacement *p);
void               sand_placement_free       (SandPlacement     *p);
SandZoneLimit     *sand_zone_limit_new       (const char        *zone);
SandZoneLimit     *sand_zone_limit_copy      (const SandZoneLimit *l);
void               sand_zone_limit_free      (SandZoneLimit     *l);
SandReinforcement *sand_reinforcement_new    (void);
SandReinforcement *sand_reinforcement_copy   (const SandReinforcement *r);
void               sand_reinforcement_free   (SandReinforcement *r);
SandOob           *sand_oob_new              (const char        *id,
                                              int                side);
SandOob           *sand_oob_copy             (const SandOob     *oob);
void               sand_oob_free             (SandOob           *oob);
SandVictoryLevel  *sand_victory_level_new    (int                min,
                                              int                max,
                                              const char        *label,
                                              int                winner);
SandVictoryLevel  *sand_victory_level_copy   (const SandVictoryLevel *l);
void               sand_victory_level_free   (SandVictoryLevel  *l);
SandProblem       *sand_problem_new          (SandSeverity       severity,
                                              int                hex,
                                              const char        *counter,
                                              const char        *code,
                                              const char        *format,
                                              ...) G_GNUC_PRINTF (5, 6);
SandProblem       *sand_problem_new_valist   (SandSeverity       severity,
                                              int                hex,
                                              const char        *counter,
                                              const char        *code,
                                              const char        *format,
                                              va_list            args) G_GNUC_PRINTF (5, 0);
void               sand_problem_free         (SandProblem       *p);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SandCounter, sand_counter_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SandOob, sand_oob_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SandReinforcement, sand_reinforcement_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SandPlacement, sand_placement_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SandVictoryLevel, sand_victory_level_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SandProblem, sand_problem_free)

SandScenario      *sand_scenario_new         (SandMap           *map);
/* A deep copy: map, counters, OOBs, everything. */
SandScenario      *sand_scenario_copy        (SandScenario      *self);
/* The same, played under @ruleset, which must share the scenario's
 * ruleset's defs (sand_ruleset_shares_defs): other weights or charts for
 * the same game. */
SandScenario      *sand_scenario_copy_with_ruleset (SandScenario *self,
                                                    SandRuleset  *ruleset);

SandMap           *sand_scenario_get_map     (SandScenario      *self);
SandRuleset       *sand_scenario_get_ruleset (SandScenario      *self);

const char        *sand_scenario_get_title   (SandScenario      *self);
void               sand_scenario_set_title   (SandScenario      *self,
                                              const char        *title);
const char        *sand_scenario_get_description (SandScenario  *self);
void               sand_scenario_set_description (SandScenario  *self,
                                              const char        *text);
const char        *sand_scenario_get_notes   (SandScenario      *self);
void               sand_scenario_set_notes   (SandScenario      *self,
                                              const char        *text);
int                sand_scenario_get_turns   (SandScenario      *self);
void               sand_scenario_set_turns   (SandScenario      *self,
                                              int                turns);
int                sand_scenario_get_first_side (SandScenario   *self);
void               sand_scenario_set_first_side (SandScenario   *self,
                                              int                side);
/* Rule options, by the ids the ruleset declares (sand_ruleset_get_option). */
gboolean           sand_scenario_has_option  (SandScenario      *self,
                                              const char        *option);
void               sand_scenario_set_option  (SandScenario      *self,
                                              const char        *option,
                                              gboolean           on);
/* Sorted, NULL-terminated; free with g_strfreev. */
char             **sand_scenario_list_options (SandScenario     *self);
const char        *sand_scenario_get_victory_text (SandScenario *self);
void               sand_scenario_set_victory_text (SandScenario *self,
                                              const char        *text);

/* Counter mix. The scenario owns the counters. */
guint              sand_scenario_n_counters  (SandScenario      *self);
const SandCounter *sand_scenario_get_counter (SandScenario      *self,
                                              guint              i);
/* Index of the counter with this id, or -1 (hashed). */
int                sand_scenario_find_counter (SandScenario     *self,
                                              const char        *id);
/* Takes ownership; FALSE (and the counter freed) if the id is taken. */
gboolean           sand_scenario_add_counter (SandScenario      *self,
                                              SandCounter       *counter);
void               sand_scenario_insert_counter (SandScenario   *self,
                                              guint              i,
                                              SandCounter       *counter);
SandCounter       *sand_scenario_take_counter (SandScenario     *self,
                                              guint              i);
void               sand_scenario_replace_counter (SandScenario  *self,
                                              guint              i,
                                              SandCounter       *counter);

/* Orders of battle. */
guint              sand_scenario_n_oobs      (SandScenario      *self);
SandOob           *sand_scenario_get_oob     (SandScenario      *self,
                                              guint              i);
int                sand_scenario_find_oob    (SandScenario      *self,
                                              const char        *id);
/* The first OOB of a side (the default one to play), or NULL. */
SandOob           *sand_scenario_default_oob (SandScenario      *self,
                                              int                side);
guint              sand_scenario_add_oob     (SandScenario      *self,
                                              SandOob           *oob);
void               sand_scenario_insert_oob  (SandScenario      *self,
                                              guint              i,
                                              SandOob           *oob);
SandOob           *sand_scenario_take_oob    (SandScenario      *self,
                                              guint              i);

/* Victory levels, ordered by min. */
guint              sand_scenario_n_victory_levels (SandScenario *self);
const SandVictoryLevel *sand_scenario_get_victory_level (SandScenario *self,
                                              guint              i);
void               sand_scenario_add_victory_level (SandScenario *self,
                                              SandVictoryLevel  *level);
void               sand_scenario_clear_victory_levels (SandScenario *self);
/* The level whose range holds @net, or NULL. */
const SandVictoryLevel *sand_scenario_victory_level_for (SandScenario *self,
                                              int                net);

/* Emits "changed" (no arguments) after edits to anything but the map,
 * which has its own signal. Callers that edit an OOB in place call it. */
void               sand_scenario_emit_changed (SandScenario     *self);

G_END_DECLS
