/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-game.h: a game being played — the rules engine's state machine.
 *
 * A SandGame is made from a scenario (which it copies: play never changes
 * the document), one order of battle per side, the scenario's rule options
 * and a seed. It holds the clock, every counter's state, the game markers
 * (rail cuts, secured rails, reinforcement points), the dice, victory-point
 * bookkeeping and the log of applied actions.
 *
 * Every action is validated first: a refused action changes nothing, fails
 * with a GError whose message a player understands, and leaves the rule
 * case it cites in sand_game_get_refusal_rule() ("ZOC (A)"). Applied
 * actions are logged in the console's syntax, so the same scenario, seed
 * and log give the same state (sand_game_perform() replays a line).
 * Actions within one phase can be undone.
 *
 * Queries (reach, odds, supply, zones of control) never change the state.
 * The rules that differ between games live in a rules module (sand-rules.h)
 * chosen by the scenario's ruleset id.
 */
#pragma once

#include <glib.h>

#include "sand-scenario.h"

G_BEGIN_DECLS

#define SAND_GAME_ERROR (sand_game_error_quark ())
typedef enum {
  SAND_GAME_ERROR_REFUSED,  /* the rules forbid it; see sand_game_get_refusal_rule() */
  SAND_GAME_ERROR_INVALID,  /* malformed: unknown unit, bad hex, wrong syntax */
  SAND_GAME_ERROR_SETUP,    /* the scenario cannot be played */
  SAND_GAME_ERROR_UNKNOWN,  /* no such command in this game */
} SandGameError;
GQuark sand_game_error_quark (void);

typedef struct _SandGame SandGame;

#define SAND_MAX_SIDES 4

typedef enum {
  SAND_UNIT_ABSENT,     /* not in this game (not in the chosen orders of battle) */
  SAND_UNIT_WAITING,    /* a reinforcement that has not arrived yet */
  SAND_UNIT_ON_MAP,
  SAND_UNIT_ELIMINATED,
  SAND_UNIT_EXITED,     /* left the map for good (arrive_hex: where) */
  SAND_UNIT_RESERVE,    /* a counter the rules may bring into play (FPW German EBs) */
} SandUnitStatus;

typedef enum {
  SAND_SUPPLY_SUPPLIED,
  SAND_SUPPLY_UNSUPPLIED,
  SAND_SUPPLY_ISOLATED,
} SandSupplyState;

/* Unit flags. */
enum {
  SAND_UNIT_ENTRAINED      = 1 << 0,
  SAND_UNIT_MOVED          = 1 << 1,  /* moved this phase */
  SAND_UNIT_ATTACKED       = 1 << 2,  /* attacked this combat phase */
  SAND_UNIT_DEFENDED       = 1 << 3,  /* was attacked this combat phase */
  SAND_UNIT_WAS_ENTRAINED  = 1 << 4,  /* counts against this phase's entrain limit */
  SAND_UNIT_ONCE_PAID      = 1 << 5,  /* paid the once-a-phase terrain surcharge (FPW rough) */
  SAND_UNIT_FACE_DOWN      = 1 << 6,  /* Standard Game: played face down */
  SAND_UNIT_HALTED         = 1 << 7,  /* may move no further this phase (EB river roll) */
  SAND_UNIT_CONCENTRATED   = 1 << 8,  /* optional formation status */
  SAND_UNIT_DUMMY          = 1 << 9,  /* Standard Game dummy counter */
  SAND_UNIT_STOPPED        = 1 << 10, /* entered enemy control: no more movement this phase */
  SAND_UNIT_MUST_PROBE     = 1 << 11, /* Standard Game: entered enemy control without paying,
                                       * owes a hasty attack before anything else moves */
  SAND_UNIT_NO_COMBAT      = 1 << 12, /* Standard Game: hasty attack without paying; no attack
                                       * in this turn's Combat Phase (errata) */
  SAND_UNIT_HASTY          = 1 << 13, /* made a hasty attack this phase */
  SAND_UNIT_FINISHED       = 1 << 14, /* Standard Game: its Movement Phase is over (another
                                       * unit moved after it, or sand_game_finish_unit) */
};

/* The dynamic state of one counter; index = the counter's index in the
 * game's scenario. Read-only for callers. */
typedef struct {
  int hex;           /* SAND_HEX_NONE unless on the map */
  guint8 status;     /* SandUnitStatus */
  guint8 supply;     /* SandSupplyState at the start of its side's movement phase */
  guint8 known;      /* bit per side: that side has seen its identity */
  guint8 side;
  guint32 flags;
  int strength;      /* FPW combat points; LFAF steps */
  int mp_spent;      /* this phase */
  int rail_credit;   /* rail hexes still paid for by the last rail MP spent */
  int arrive_turn;   /* WAITING: the turn it enters */
  int arrive_hex;    /* WAITING: where it enters; EXITED: where it left */
  int aux[2];        /* the rules module's own per-unit state (LFAF: pins, rally) */
  int alias;         /* Standard Game: the number the enemy knows a face-down counter by */
  int seen_strength; /* strength the enemy saw when it was last revealed */
  int unseen_loss;   /* FPW Standard Game: points lost to isolation, face down, since it was
                      * last revealed (the enemy does not count them, sand_game_victory_for) */
} SandUnitState;

/* A marker the rules put on the map during play (LFAF Barrage, rally,
 * out of command; FPW keeps rail cuts in its own per-hex bits, see
 * sand_game_rail_cut()). @kind is an interned string. */
typedef struct {
  const char *kind;
  int hex;
  int side;
  int value;
} SandGameMarker;

/* A movement cost field: where a unit may end a move now. Owned by the
 * game, valid until the next query or action. */
typedef struct _SandReach SandReach;

typedef struct {
  int unit;
  int loss;
} SandLoss;

/* The attack some units would make on a hex. Strengths are in quarter
 * points (halving and doubling stay exact). */
typedef struct {
  int attack_q, defense_q;
  int odds_att, odds_def;   /* the column, e.g. 2 and 1 for "2-1" */
  char odds[16];
  int drm;
  gboolean flank;           /* the flank bonus is applied */
  gboolean flank_possible;  /* the attackers are placed for a flank attack */
  GPtrArray *notes;         /* char*: every contribution, in words */
  gboolean hidden;          /* the defence is face down to the attacker: defense_q and the
                             * odds are not known (odds "?") */
  /* Appended (LFAF 8.4): artillery that may support this assault, and
   * the batteries that do (int units; NULL in games without it). */
  GArray *support_ready;
  GArray *support;
  /* Appended: when hidden, what the attacker knows of the defence all the
   * same, as the rules say: quarter points that owe nothing to the
   * face-down units (a fortification's own), and the factor in quarters
   * each face-down unit's strength counts for there (8: doubled in a
   * fortification; 0 when the rules say nothing: taken as 4). */
  int known_defense_q;
  int hidden_factor_q;
} SandOdds;

/* What the player chooses when an attack is resolved; everything optional. */
typedef struct {
  const SandLoss *losses;   /* how to take losses, unit by unit; the rest by default */
  guint n_losses;
  int fort_loss;            /* points the defender takes from the fort, or -1 for the default */
  const int *advance;       /* attackers that advance into an emptied hex */
  guint n_advance;
  gboolean decline_flank;
  /* Appended: where retreating stacks go (LFAF 7.4); the rest by default. */
  const struct _SandRetreat *retreats;
  guint n_retreats;
  /* Appended: which batteries support an assault (LFAF 8.4) when
   * @choose_support (none when @n_support is 0); else the rules' default. */
  const int *support;
  guint n_support;
  gboolean choose_support;
} SandAttackChoices;

/* A retreat the owner chose: @unit names the stack (any of its units),
 * @hexes its path from the next hex on, or only the hex it ends on (the
 * engine then takes the way there with the fewest enemy-controlled hexes). */
#define SAND_RETREAT_MAX_HEXES 4
typedef struct _SandRetreat {
  int unit;
  int n_hexes;
  int hexes[SAND_RETREAT_MAX_HEXES];
} SandRetreat;

typedef struct {
  SandOdds odds;
  int roll, modified_roll;
  char result[16];          /* the table cell, e.g. "1/2" */
  int attacker_loss, defender_loss;
  GArray *losses;           /* SandLoss: points taken by each unit */
  int fort_loss;
  GArray *eliminated;       /* int unit */
  GArray *advanced;         /* int unit */
} SandAttackResult;

/* What an attack whose die is rolled owes, before its owners choose
 * (sand_game_attack_roll). Owned by the game; valid until it is settled
 * or undone. */
typedef struct {
  int unit;
  int limit;                /* the most it may lose: its strength now */
} SandLossOption;

typedef struct {
  int side;                 /* -1 when this side owes nothing */
  int owed;                 /* points (FPW) or steps (LFAF) to lose, at most what there is */
  GArray *units;            /* SandLossOption: the units that may take them */
  int fort_limit;           /* points the fortification may take, or -1: none there */
  const char *rule;         /* the rule case that lets the owner choose */
} SandLossOwed;

typedef struct {
  GArray *units;            /* int: the units retreating together (the first names it) */
  int hexes;                /* how far the result says it retreats */
  int reach;                /* how far it can: short of @hexes, each hex short costs a step */
  GArray *ends;             /* int hex: where it may end, in hex order (empty: nowhere) */
  GArray *controlled;       /* int hex: those of @ends only reached through enemy control */
  const char *rule;
  GArray *room;             /* int: the owner's units already on one of @ends, which may have
                             * to make room there (LFAF 4.3: retreat= naming one and the hex
                             * next to it it goes to) */
} SandRetreatOwed;

typedef struct {
  int hex;
  GArray *attackers;        /* int */
  gboolean decline_flank;
  SandOdds odds;
  int roll, modified_roll;  /* 0 when no die was rolled (FPW: only dummies defended) */
  char result[16];
  SandLossOwed loss[2];     /* [0] the attacker's, [1] the defender's */
  GArray *retreats;         /* SandRetreatOwed, the defender's first */
  GArray *advance;          /* int: attackers that may advance into the hex (empty: none) */
  const char *advance_rule;
  gboolean choose_support;  /* the roll's support choice, which the settle keeps */
  GArray *support;          /* int */
  /* Appended (FPW Standard Game): a hasty attack (sand_game_hasty_attack_roll)
   * waits — the Combat Points its one attacker allocated (Hasty Attacks (O)),
   * the most it may lose; 0 for a Combat Phase attack. */
  int hasty_points;
} SandPendingAttack;

typedef struct {
  int points[SAND_MAX_SIDES];
  int net;                  /* the score the scenario's levels read, as the rules module
                             * counts it (both shipped games: German minus French) */
  const char *level;        /* label of the scenario's level, or NULL */
} SandVictory;

/* Setting up. @oob_ids gives one OOB id per side (NULL entries or a NULL
 * array: each side's first OOB). The scenario is copied. */
SandGame          *sand_game_new               (SandScenario     *scenario,
                                                const char * const *oob_ids,
                                                guint64           seed,
                                                GError          **error);
void               sand_game_free              (SandGame         *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SandGame, sand_game_free)
/* The rule options a game of @scenario with these orders of battle and
 * @options (NULL: none) would play: the rules may add some as the game is
 * made (FPW: an order of battle that places dummies plays the Standard
 * Game), so a set-up dialog can show what will be played. NULL if no game
 * can be made (@error says why). */
char             **sand_game_options_played    (SandScenario     *scenario,
                                                const char * const *oob_ids,
                                                const char * const *options,
                                                GError          **error);

SandScenario      *sand_game_get_scenario      (SandGame         *self);
const SandGrid    *sand_game_get_grid          (SandGame         *self);
guint64            sand_game_get_seed          (SandGame         *self);
/* The id of the order of battle @side plays (with the scenario option
 * `variable-oob`, the one the die chose unless the caller named it), or
 * NULL. Secret from the other side: a playtest shows it to its owner only. */
const char        *sand_game_get_oob           (SandGame         *self,
                                                int               side);
/* The rule case the last refused action cited, or NULL. */
const char        *sand_game_get_refusal_rule  (SandGame         *self);

/* The clock. Phases are the ruleset's phase indices. */
int                sand_game_get_turn          (SandGame         *self);
/* The last game-turn: the scenario's, or the ruleset's when the scenario
 * leaves its length unset (one turn). */
int                sand_game_get_n_turns       (SandGame         *self);
int                sand_game_get_side          (SandGame         *self);
int                sand_game_get_phase         (SandGame         *self);
const char        *sand_game_get_phase_id      (SandGame         *self);
/* Standard Game (FPW Sequence of Play): the Movement Segment of the unit
 * in motion — 0 none (no unit in motion, or not a Movement Phase, or the
 * Basic Game), 1 first movement, 2 probe (it entered a possible enemy zone
 * of control and may or must make a hasty attack or challenge), 3 second
 * movement (a hasty attack found only dummies: it moves on). */
int                sand_game_get_segment       (SandGame         *self);
/* Standard Game: the one unit of the side to move that is in motion (has
 * begun its Movement Phase and not finished it), or -1. "The Player may not
 * have more than one unit in motion at any time": moving, entraining,
 * detraining, changing the formation of, hasty-attacking or challenging
 * with another unit finishes this one for the phase (SAND_UNIT_FINISHED).
 * Always -1 in the Basic Game. */
int                sand_game_unit_in_motion    (SandGame         *self);
/* Whether units move one at a time now, each finishing its movement before
 * the next begins (the FPW Standard Game). */
gboolean           sand_game_one_in_motion     (SandGame         *self);
/* Standard Game: ends @unit's movement for this phase (console `done ID`);
 * refused when it may not stop now (it owes a hasty attack) or is not the
 * side to move's unit in its Movement Phase. Logged as `done ID`. */
gboolean           sand_game_finish_unit       (SandGame         *self,
                                                int               unit,
                                                GError          **error);
gboolean           sand_game_is_over           (SandGame         *self);
/* Sets the clock directly (tests, the console's `at`): per-phase flags
 * are reset and the phase's start-of-phase bookkeeping (supply states for
 * movement) is done, but no reinforcements arrive. */
gboolean           sand_game_set_clock         (SandGame         *self,
                                                int               turn,
                                                int               side,
                                                int               phase,
                                                GError          **error);
/* Finishes the phase: end-of-phase effects, then the next phase's start
 * (arrivals in the reinforcement phase, and so on). */
gboolean           sand_game_end_phase         (SandGame         *self,
                                                GError          **error);

/* Units. */
guint              sand_game_n_units           (SandGame         *self);
const SandUnitState *sand_game_get_unit        (SandGame         *self,
                                                int               unit);
const SandCounter *sand_game_get_counter       (SandGame         *self,
                                                int               unit);
/* -1 when unknown. */
int                sand_game_find_unit         (SandGame         *self,
                                                const char       *id);
/* Whether @viewer may see the unit's identity and strength (-1: everyone
 * sees everything, as in the Basic Game). */
gboolean           sand_game_unit_visible      (SandGame         *self,
                                                int               unit,
                                                int               viewer);
/* What @viewer calls the unit: its id when visible, else "<side>-?N", a
 * number drawn from the seed that says nothing of what it is (a dummy
 * returned to the map gets a new one). Free with g_free. */
char              *sand_game_unit_name_for     (SandGame         *self,
                                                int               unit,
                                                int               viewer);

/* How a message names a counter. */
typedef enum {
  SAND_UNIT_LABEL_NAME,     /* "II/1er RIC": combat notes, reports */
  SAND_UNIT_LABEL_WITH_ID,  /* "II/1er RIC (fr-1ric-2)": refusals, whose reader may type the id */
} SandUnitLabel;

/* What a message read by @viewer calls the unit (docs/rules-engine.md,
 * "How messages name counters"): when @viewer may see it, the counter's
 * name, with its id in brackets for SAND_UNIT_LABEL_WITH_ID (the id alone
 * when it has no name, or its name is its id); otherwise the face-down
 * name sand_game_unit_name_for gives, never the name or the id. Every
 * refusal and combat note names counters through this. Free with g_free. */
char              *sand_game_unit_label_for    (SandGame         *self,
                                                int               unit,
                                                int               viewer,
                                                SandUnitLabel     style);
/* The strength @viewer knows the unit has: the current one for its owner
 * and face-up units, the one last seen for revealed enemies, -1 when it
 * has never been seen. */
int                sand_game_unit_strength_for (SandGame         *self,
                                                int               unit,
                                                int               viewer);
/* The formation status @viewer knows the unit is in ("concentrated",
 * "extended"; FPW optional Formation Status), or NULL when hidden from it
 * or not in play. */
const char        *sand_game_unit_formation_for (SandGame        *self,
                                                int               unit,
                                                int               viewer);
/* Units on a hex, in counter order (appends to @out, a GArray of int). */
void               sand_game_units_at          (SandGame         *self,
                                                int               hex,
                                                GArray           *out);
/* Movement points of the unit's allowance this phase (after supply
 * halving) and what it has left. */
int                sand_game_unit_allowance    (SandGame         *self,
                                                int               unit);
int                sand_game_unit_mp_left      (SandGame         *self,
                                                int               unit);
/* Printed strength cap of the unit (for checks). */
int                sand_game_unit_max_strength (SandGame         *self,
                                                int               unit);

/* Movement. NULL (and @error) when the unit may not move now. */
const SandReach   *sand_game_reach             (SandGame         *self,
                                                int               unit,
                                                GError          **error);
/* MP this move spends to end on @hex, or -1 when it cannot end there. */
int                sand_reach_cost             (const SandReach  *reach,
                                                int               hex);
/* Appends every hex where the unit may end (not its own), in hex order. */
void               sand_reach_hexes            (const SandReach  *reach,
                                                GArray           *out);
/* The cheapest path, start excluded; FALSE when unreachable. */
gboolean           sand_reach_path             (const SandReach  *reach,
                                                int               hex,
                                                GArray           *out);
/* Moves along @path (adjacent hexes, start excluded), or, when @n_path is
 * 1 and the hex is not adjacent, to it by the cheapest legal path. The
 * path actually taken is appended to @taken when not NULL. */
gboolean           sand_game_move              (SandGame         *self,
                                                int               unit,
                                                const int        *path,
                                                guint             n_path,
                                                GArray           *taken,
                                                GError          **error);
/* Standard Game (FPW Sequence of Play (1), ZOC (E)): the same as
 * sand_game_reach/sand_game_move, but the +3 to enter enemy control is not
 * paid; a unit that so enters control owes a hasty attack (SAND_UNIT_MUST_PROBE)
 * and, if the enemy proves real, may not attack in the Combat Phase. */
const SandReach   *sand_game_probe_reach       (SandGame         *self,
                                                int               unit,
                                                GError          **error);
gboolean           sand_game_probe_move        (SandGame         *self,
                                                int               unit,
                                                const int        *path,
                                                guint             n_path,
                                                GArray           *taken,
                                                GError          **error);
/* Rules-module actions (FPW rail movement). */
gboolean           sand_game_entrain           (SandGame         *self,
                                                int               unit,
                                                GError          **error);
gboolean           sand_game_detrain           (SandGame         *self,
                                                int               unit,
                                                GError          **error);

/* Set-up, a stage before play: the side setting up now (the ruleset's
 * setup-first-side, then the next after each `ready`), or -1 once both
 * are ready or play has begun. */
int                sand_game_setup_side        (SandGame         *self);
/* The side whose actions are due: the one setting up before play (the
 * clock already stands at the first phase, whose side may be the other),
 * else the side to move. */
int                sand_game_acting_side       (SandGame         *self);
/* The set-up order: the side that sets up after @n_ready `ready`s, set-up
 * over or not — so a logged `ready` can be told whose it was. */
int                sand_game_setup_side_nth    (SandGame         *self,
                                                guint             n_ready);
/* Once the set-up is over (sand_game_setup_side () is -1): how many
 * actions lead the log that were set-up (setup, ready, formation), and in
 * @epoch (may be NULL) a count that changes each time the set-up ends —
 * again after an undo back into it — so that what a module works out from
 * the set-up is computed once and known stale. -1 while it goes on. */
int                sand_game_setup_end         (SandGame         *self,
                                                guint            *epoch);
/* Whether play has not begun: the log holds set-up actions only (setup,
 * ready, formation), whether or not every side is ready yet. */
gboolean           sand_game_before_play       (SandGame         *self);
/* `ready`: the side setting up is done; the next side sets up. */
gboolean           sand_game_setup_ready       (SandGame         *self,
                                                GError          **error);
/* Set-up by hand, by the side setting up (sand_game_setup_side): moves a
 * unit of it that its order of battle places "in zone Z" to another hex
 * of Z (within the zone's per-hex limit). */
gboolean           sand_game_set_up            (SandGame         *self,
                                                int               unit,
                                                int               hex,
                                                GError          **error);

/* Brings a reserve unit of @side into play on @hex (FPW EB Units (A):
 * new German EB units); @unit gets the unit placed. */
gboolean           sand_game_place_reserve     (SandGame         *self,
                                                int               side,
                                                int               hex,
                                                int              *unit,
                                                GError          **error);
/* Moves a unit off the map edge for good (FPW: German units leaving by
 * the west edge score victory points). */
gboolean           sand_game_exit              (SandGame         *self,
                                                int               unit,
                                                GError          **error);
/* What the two calls above would allow now, asked without playing and
 * without touching the refusal rule: whether @unit (of the side to move)
 * may leave the map, and the hexes where @side may bring in a reserve unit
 * now (appended to @out as int; none when it has none left or may not). */
gboolean           sand_game_may_exit          (SandGame         *self,
                                                int               unit);
void               sand_game_reserve_hexes     (SandGame         *self,
                                                int               side,
                                                GArray           *out);

/* Combat. */
void               sand_odds_clear             (SandOdds         *odds);
void               sand_attack_result_clear    (SandAttackResult *result);
gboolean           sand_game_odds              (SandGame         *self,
                                                int               hex,
                                                const int        *attackers,
                                                guint             n_attackers,
                                                gboolean          decline_flank,
                                                SandOdds         *out,
                                                GError          **error);
gboolean           sand_game_attack            (SandGame         *self,
                                                int               hex,
                                                const int        *attackers,
                                                guint             n_attackers,
                                                const SandAttackChoices *choices,
                                                SandAttackResult *out,
                                                GError          **error);
/* The same in two steps, for owners who choose after the die: the roll
 * (with @pre_choices' decline_flank) leaves the game waiting, every other
 * action refused, with what each side owes in *@out (owned by the game);
 * the settle checks the owners' @choices against it (a refusal cites the
 * rule and keeps the attack waiting), fills the rest by default and applies
 * it as one logged action. The die cannot be taken back by itself: undo
 * drops the waiting attack (and after the settle, the whole attack). */
gboolean           sand_game_attack_roll       (SandGame         *self,
                                                int               hex,
                                                const int        *attackers,
                                                guint             n_attackers,
                                                const SandAttackChoices *pre_choices,
                                                const SandPendingAttack **out,
                                                GError          **error);
gboolean           sand_game_attack_settle     (SandGame         *self,
                                                const SandAttackChoices *choices,
                                                SandAttackResult *out,
                                                GError          **error);
/* FPW Standard Game Hasty Attacks (N)-(R) in the same two steps: @unit
 * (the unit in motion) attacks @hex with @points of its Combat Points. The
 * roll checks it as the one-line `hasty HEX ID POINTS` does (a refusal
 * changes nothing), reveals the defenders and rolls, and leaves the game
 * waiting with what each side owes: the attacker at most the points it
 * allocated, the defender its loss spread over its units and fortification
 * (Unit Reduction (A)). Against dummies alone nothing is owed (result
 * "dummy"). sand_game_attack_settle applies it as one action, logged as
 * `hasty HEX ID POINTS losses=…`. SAND_GAME_ERROR_UNKNOWN in games without
 * hasty attacks. */
gboolean           sand_game_hasty_attack_roll (SandGame         *self,
                                                int               hex,
                                                int               unit,
                                                int               points,
                                                const SandPendingAttack **out,
                                                GError          **error);
/* Parses "ID:HEX[/HEX…],…" (the console's and the log's retreat=) into
 * SandRetreat items appended to @out. */
gboolean           sand_game_parse_retreats    (SandGame         *self,
                                                const char       *text,
                                                GArray           *out,
                                                GError          **error);
/* The attack waiting to be settled, or NULL. */
const SandPendingAttack *sand_game_get_pending_attack (SandGame *self);
/* sand_game_odds with the choices made before the die (@choices may be
 * NULL): the flank declined, the batteries chosen to support (LFAF 8.4). */
gboolean           sand_game_odds_with         (SandGame         *self,
                                                int               hex,
                                                const int        *attackers,
                                                guint             n_attackers,
                                                const SandAttackChoices *choices,
                                                SandOdds         *out,
                                                GError          **error);
/* Forces the next die rolls. */
gboolean           sand_game_force_rolls       (SandGame         *self,
                                                const int        *rolls,
                                                int               n,
                                                GError          **error);

/* Supply, traced now. */
SandSupplyState    sand_game_unit_supply       (SandGame         *self,
                                                int               unit);
const char        *sand_supply_state_to_string (SandSupplyState   state);
/* Zones of control: whether @side's units control @hex (as the other
 * side's movement sees it), and all such hexes in hex order. */
gboolean           sand_game_hex_controlled    (SandGame         *self,
                                                int               side,
                                                int               hex);
void               sand_game_zoc_hexes         (SandGame         *self,
                                                int               side,
                                                GArray           *out);
/* Whether @hex is in a fortress Zone of Interdiction against @side. */
gboolean           sand_game_hex_interdicted   (SandGame         *self,
                                                int               side,
                                                int               hex);
/* Fortifications: strength now (0 = destroyed); -1 when no fort there. */
int                sand_game_fort_strength     (SandGame         *self,
                                                int               hex);
/* Markers placed in play, in the order they were placed. */
guint              sand_game_n_markers         (SandGame         *self);
const SandGameMarker *sand_game_get_marker     (SandGame         *self,
                                                guint             i);
/* Index of the first marker of @kind (any interned or plain string) on
 * @hex, or -1. */
int                sand_game_find_marker       (SandGame         *self,
                                                const char       *kind,
                                                int               hex);
/* Appends the names (static strings) of the rules module's own states
 * of @unit (LFAF: "out-of-command", "barrage", "rally", "deployed"). */
void               sand_game_unit_rule_flags   (SandGame         *self,
                                                int               unit,
                                                GPtrArray        *names);
/* Command (LFAF 6, implemented in sand-rules-lfaf.c): appends to @hexes,
 * nearest first, the hexes within @hq's command range now, those a Line
 * of Communication of at most the HQ's command radius reaches from it as
 * the Command Phase traces them. FALSE, appending nothing, when @hq is no
 * HQ on the map or the game has no command rules. */
gboolean           sand_game_command_range     (SandGame         *self,
                                                int               hq,
                                                GArray           *hexes);
/* The HQ that commands @unit now, traced live (the "out-of-command" flag
 * keeps the Command Phase's judgement); -1 when out of command; -2 when it
 * needs none (HQs, formations without an HQ, games without command). */
int                sand_game_unit_commander    (SandGame         *self,
                                                int               unit);
/* Rail cut against @side on @hex; rail secured by @side's EB units. */
gboolean           sand_game_rail_cut          (SandGame         *self,
                                                int               side,
                                                int               hex);
gboolean           sand_game_rail_secured      (SandGame         *self,
                                                int               side,
                                                int               hex);

/* Victory points as if the game ended now (final once it is over). */
void               sand_game_victory           (SandGame         *self,
                                                SandVictory      *out);
/* Victory points as @side may count them (Standard Game: see
 * docs/rules-fpw1870.md, "What each side knows"): the isolation losses of
 * enemy face-down units it has not seen since (Supply (O)) and the
 * isolated strength of enemy units whose strength it never saw are
 * left out. @side -1: the umpire's count, the same as sand_game_victory. */
void               sand_game_victory_for       (SandGame         *self,
                                                int               side,
                                                SandVictory      *out);
/* Combat points of @side's units destroyed so far. */
int                sand_game_points_lost       (SandGame         *self,
                                                int               side);

/* Undo within the phase. */
gboolean           sand_game_can_undo          (SandGame         *self);
gboolean           sand_game_undo              (SandGame         *self,
                                                GError          **error);

/* The log of applied actions, one console-syntax line each. */
guint              sand_game_log_length        (SandGame         *self);
const char        *sand_game_log_line          (SandGame         *self,
                                                guint             i);
/* Log line @i as @side may read it, worked out when the action was logged
 * (so it says what that side knew then, not what it learnt later):
 * - @side -1 (or no such side): the line itself, sand_game_log_line (console
 *   syntax, the umpire's record — a saved game keeps only these);
 * - a side's own actions read as logged, but in every line enemy counters
 *   @side had not seen at that moment are written by the names it knew
 *   them by then ("french-?3", sand_game_unit_name_for), never by their ids
 *   (also inside losses=/advance= lists); hexes are all in view, so a
 *   move's path is kept whole;
 * - what the enemy's action kept secret is left out: the Combat Points a
 *   hasty attack allocated when it found only dummies ("hasty 0812
 *   french-?3"); a returned dummy is "dummy HEX" (which counter it is
 *   stays secret); an enemy formation change in play is "formation NAME"
 *   (a marker changed, not to what); the formations the enemy chose before
 *   play and its withheld reinforcements are not seen at all (NULL).
 * The text is for reading, not replaying. NULL when @side learns nothing
 * of that action. Owned by the game; valid until the action is undone or
 * the game freed. */
const char        *sand_game_log_line_for      (SandGame         *self,
                                                guint             i,
                                                int               side);
/* Performs one log line: sand_game_parse_line (), then sand_game_apply ()
 * (sand-action.h). */
gboolean           sand_game_perform           (SandGame         *self,
                                                const char       *line,
                                                GError          **error);
/* A saved game: "seed N", "oob SIDE ID" lines, then the log. The
 * scenario is saved separately. */
char              *sand_game_save_log          (SandGame         *self);
SandGame          *sand_game_load_log          (SandScenario     *scenario,
                                                const char       *text,
                                                GError          **error);

G_END_DECLS
