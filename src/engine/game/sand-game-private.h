/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-game-private.h: the game's insides, shared by the core's files
 * (sand-game, sand-movement, sand-zoc, sand-supply, sand-combat) and the
 * rules modules. Nothing outside the engine's rules code includes it.
 */
#pragma once

#include "sand-dice.h"
#include "sand-action.h"
#include "sand-game.h"
#include "sand-result.h"
#include "sand-rules.h"

G_BEGIN_DECLS

/* Bits of the per-hex rail state. */
#define SAND_RAIL_CUT(side)     (1u << (side))
#define SAND_RAIL_SECURED(side) (1u << (4 + (side)))

typedef struct {
  int turn;
  int side;
  int phase;
  int segment;             /* Standard Game: the Movement Segment of the unit in motion */
  gboolean over;
  int motion;              /* Standard Game: the unit in motion + 1; 0 none (so that a
                            * zeroed clock has none) */
} SandClock;

typedef struct {
  int hex;
  guint8 bits;
} SandRailEntry;

typedef struct {
  int from, to, dist;
  const char *group;       /* connection id ("rail") */
} SandLink;

/* Everything an undo must restore, copied per action. */
typedef struct {
  SandClock clock;
  SandUnitState *units;
  int *fort_strength;
  GArray *rail;            /* SandRailEntry */
  GArray *markers;         /* SandGameMarker */
  int points_pool[SAND_MAX_SIDES];
  int points_lost[SAND_MAX_SIDES];
  SandDice dice;
  guint log_len;
} SandSnapshot;

/* A movement cost field (sand-movement.c). Nodes are hex * 2 + layer: the
 * layer says whether the once-a-phase terrain surcharge has been paid. */
struct _SandReach {
  SandGame *game;
  int unit;
  int start;
  int budget;              /* in cost units */
  gboolean rail;           /* rail movement: cost units are rail hexes */
  int credit;              /* rail: hexes already paid for */
  int rail_per_mp;
  guint32 gen;
  guint32 *stamp;          /* per node: generation that wrote it */
  int *cost;               /* per node */
  int *prev;               /* per node: previous node, or -1 */
  guint8 *stop;            /* per node: the move must end here */
  int *bnext, *bprev;      /* bucket queue links per node */
  int *bucket;             /* head per cost value */
  int n_buckets;
  int *visited;            /* the nodes this query stamped, in the order it did */
  int n_visited;
};

struct _SandGame {
  SandScenario *scenario;
  SandMap *map;
  SandRuleset *ruleset;
  const SandGrid *grid;
  const SandRulesModule *rules;
  SandRulesParams params;
  gpointer rules_data;
  guint64 seed;
  int n_sides;
  int n_hexes;
  char *oob_ids[SAND_MAX_SIDES];
  char *refusal_rule;

  /* Ruleset indices the core needs. */
  int phase_reinforcement, phase_movement, phase_combat;
  int type_combat, type_eb, type_dummy;
  int feature_rail, feature_river;

  /* Dynamic state (snapshotted). */
  SandClock clock;
  guint n_units;
  SandUnitState *units;
  guint n_forts;
  int *fort_hex;           /* static: per fort */
  int *fort_marker;        /* static: the map marker index */
  int *fort_strength;      /* per fort, then per fort "attacked this phase" (snapshotted) */
  guint8 *rail;            /* per hex, SAND_RAIL_* bits; the list below names the non-zero ones */
  GArray *rail_list;       /* int hex */
  GArray *markers;         /* SandGameMarker, snapshotted */
  int points_pool[SAND_MAX_SIDES];
  int points_lost[SAND_MAX_SIDES];
  int points_hex[SAND_MAX_SIDES];  /* static: where reinforcement points are spent */
  gboolean points_any[SAND_MAX_SIDES];
  SandDice dice;

  /* Derived occupancy, per side per hex (rebuilt on undo). */
  int *n_combat[SAND_MAX_SIDES];   /* combat units (entrained too) */
  int *n_stack[SAND_MAX_SIDES];    /* units that count for the stacking penalty */
  int *n_any[SAND_MAX_SIDES];      /* any unit */
  int *fort_at;                    /* per hex: fort index or -1 */
  guint8 *blockers;                /* per hex: bit s = side s has combat units or a living fort */

  /* Zones of control (sand-zoc.c): per side per hex, units exerting one. */
  int *zoc[SAND_MAX_SIDES];
  guint8 *zoc_mask;                /* per hex: bit s = side s exerts control there */
  GArray *zoc_touched[SAND_MAX_SIDES];
  gboolean zoc_dirty;

  int *unit_type;          /* static: per unit, its counter's type */
  int *nbr;                /* static: n_hexes * 6 neighbours, SAND_HEX_NONE off the map */
  const guint8 *terrain;   /* the map's terrain array */

  /* The mover the step function was prepared for (sand-movement.c). */
  int mv_unit;
  guint32 mv_state_gen;
  int mv_side;
  gboolean mv_counts, mv_combat;
  int mv_end_layer;        /* layer of the node a move ends on, while may_end runs */
  gboolean mv_probe;       /* a probe move: enemy control entered without its extra MP */

  /* Static movement tables (sand-movement.c). */
  guint8 *edge_cost;       /* n_hexes * 6 */
  guint8 *once_extra;      /* per terrain */
  guint8 *zoc_side_blocked;/* per hex: bit dir set when no ZoC across */
  guint8 *no_entry[SAND_MAX_SIDES];
  GArray *links;           /* SandLink: off-map connections, both directions */
  guint8 *has_link;        /* per hex */
  SandReach reach;

  /* Supply scratch (sand-supply.c). */
  guint32 sup_gen;
  guint32 *sup_stamp;
  int *sup_dist;
  int *sup_queue;
  guint sup_reached;
  guint32 *sup_target;     /* per hex: sup_gen when a target of the trace */
  guint8 *sup_states;
  guint32 sup_cache_gen;   /* state_gen the cached states were traced at */
  gboolean sup_cache_valid;
  guint32 *interdict[SAND_MAX_SIDES]; /* per hex: interdict_gen when interdicted */
  guint32 interdict_gen;
  guint32 interdict_state_gen;
  gboolean interdict_valid;
  guint32 state_gen;       /* bumped on every change of the state */

  guint64 action_rolls_from;  /* dice.n_rolled when the current action began */

  /* Undo and log. */
  GPtrArray *undo;         /* SandSnapshot* */
  GPtrArray *log;          /* char*: each action's text, as saved games keep it */
  GPtrArray *log_actions;  /* SandAction*: the same actions, typed */
  GPtrArray *log_for[SAND_MAX_SIDES]; /* char* or NULL: each line as that side reads it */

  /* Two-step combat (sand-combat.c): the attack waiting for its owners'
   * choices, and the one a module's attack hook is asked to plan (it
   * rolls, fills it, takes its changes back and returns). */
  SandPendingAttack *pending;
  SandPendingAttack *plan;
  /* The choices sand_game_odds_with is asked with, while it runs. */
  const SandAttackChoices *odds_choices;
};

/* A reinforcement of points (FPW's +4 Combat Points at Chalons). */
typedef struct {
  int turn, side, points, hex;
} PointsArrival;

/* sand-game.c */
/* The scenario's reinforcements of points (PointsArrival). */
GArray  *sand_game_points_arrivals (SandGame *self);
void     sand_game_refuse          (SandGame *self, GError **error, const char *rule,
                                    const char *format, ...) G_GNUC_PRINTF (4, 5);
void     sand_game_invalid         (SandGame *self, GError **error,
                                    const char *format, ...) G_GNUC_PRINTF (3, 4);
/* Call before changing anything in an action: snapshots for undo. */
void     sand_game_begin_action    (SandGame *self);
/* Call after an action was applied: logs it (taking @action; its text is
 * sand_action_format's, with the dice it rolled as a comment). */
void     sand_game_commit_action   (SandGame *self, SandAction *action);
/* Standard Game: @unit begins or goes on with its movement (call after
 * begin_action): the unit in motion before it is finished for the phase. */
void     sand_game_begin_motion    (SandGame *self, int unit);
/* Standard Game: the unit in motion is done for the phase. */
void     sand_game_end_motion      (SandGame *self);
/* Standard Game: sets the unit in motion's Movement Segment (1, 2, 3). */
void     sand_game_set_segment     (SandGame *self, int segment);
/* Whether units move one at a time, each finishing before the next (FPW
 * Standard Game). */
gboolean sand_game_one_in_motion   (SandGame *self);
/* Drops the snapshot taken by begin_action when the action failed midway
 * (never needed when every check comes first). */
void     sand_game_abort_action    (SandGame *self);
void     sand_game_changed         (SandGame *self);
/* Recomputes the per-hex summaries after a fort's strength changed. */
void     sand_game_refresh_hex     (SandGame *self, int hex);
void     sand_game_place_unit      (SandGame *self, int unit, int hex);
void     sand_game_remove_unit     (SandGame *self, int unit, SandUnitStatus status);
/* Moves a unit one hex (a path step or an advance): occupancy and the
 * module's entered_hex hook. */
void     sand_game_step_unit       (SandGame *self, int unit, int hex);
/* Changes a unit's flags, keeping occupancy counts right. */
void     sand_game_set_unit_flags  (SandGame *self, int unit, guint32 flags);
gboolean sand_movement_check_may_move (SandGame *self, int unit, GError **error);
int      sand_game_unit_type       (SandGame *self, int unit);
gboolean sand_game_unit_is_combat  (SandGame *self, int unit);
gboolean sand_game_unit_is_eb      (SandGame *self, int unit);
/* A combat unit that is not a dummy counter. */
gboolean sand_game_unit_is_real    (SandGame *self, int unit);
/* Standard Game: every side sees the unit (combat); its strength as seen now. */
void     sand_game_reveal_unit     (SandGame *self, int unit);
/* A fresh alias for a counter going face down again (a dummy returned). */
void     sand_game_new_alias       (SandGame *self, int unit);
void     sand_game_set_rail_bits   (SandGame *self, int hex, guint8 bits);
/* Within an action: markers placed in play. @kind should be interned. */
void     sand_game_add_marker      (SandGame *self, const char *kind, int hex, int side,
                                    int value);
void     sand_game_remove_marker   (SandGame *self, guint i);
int      sand_game_other_side      (SandGame *self, int side);
char    *sand_game_hex_id          (SandGame *self, int hex);
const char *sand_game_unit_id      (SandGame *self, int unit);
/* Whether an enemy of @side occupies @hex with combat units or a fort. */
gboolean sand_game_enemy_blocks    (SandGame *self, int side, int hex);
gboolean sand_game_fort_alive_at   (SandGame *self, int hex, int side);
gpointer sand_game_rules_data      (SandGame *self);
void     sand_game_set_rules_data  (SandGame *self, gpointer data);

/* sand-game-units.c */
/* Recounts the per-hex occupancy from the units (after an undo). */
void     sand_game_occupancy_rebuild (SandGame *self);

/* sand-game-log.c */
/* Appends an applied action's line to the log (and each side's reading). */
void     sand_game_log_append      (SandGame *self, SandAction *action, char *line);
void     sand_game_snapshot_free   (gpointer data);

/* sand-game-clock.c */
/* Start-of-phase bookkeeping shared by every game (arrivals when asked). */
void     sand_game_phase_begin     (SandGame *self, gboolean with_arrivals);
/* The side that moves first; the number of turns the game lasts. */
int      sand_game_first_side      (SandGame *self);
int      sand_game_n_turns         (SandGame *self);
/* Plays through the phases the rules play by themselves. */
void     sand_game_skip_automatic  (SandGame *self);

/* sand-zoc.c */
void     sand_zoc_init             (SandGame *self);
void     sand_zoc_clear            (SandGame *self);
void     sand_zoc_update           (SandGame *self);
/* Whether @hex is controlled against units of @side (the mover's friends
 * other than @mover negate it), ignoring @mover's own presence. */
gboolean sand_zoc_controlled_for   (SandGame *self, int side, int hex, int mover);

/* sand-movement.c */
void     sand_movement_init        (SandGame *self);
void     sand_movement_clear       (SandGame *self);
/* Cost of one step for @unit, or -1 with @rule/@why set. */
typedef struct {
  int layer;
  gboolean first;          /* leaving the start hex */
  gboolean start_controlled;
} SandStepState;
int      sand_movement_step        (SandGame *self, int unit, int from, int dir, int to,
                                    SandStepState *st, gboolean *stop,
                                    const char **rule, const char **why);
const SandReach *sand_movement_reach (SandGame *self, int unit, int budget, gboolean rail,
                                    GError **error);

/* sand-supply.c */
void     sand_supply_init          (SandGame *self);
void     sand_supply_clear         (SandGame *self);
/* Interdiction of hexes against @side (fortress zones). */
void     sand_supply_update_interdiction (SandGame *self);
/* Shared tracer: multi-source BFS from @sources out to @limit, not through
 * hexes @blocked says no to. Returns distances through sand_supply_dist();
 * @rail_only follows rail connections only. */
typedef gboolean (*SandSupplyBlocked) (SandGame *game, int side, int from, int dir, int to);
void     sand_supply_trace         (SandGame *self, int side, const int *sources, guint n,
                                    int limit, SandSupplyBlocked blocked);
int      sand_supply_dist          (SandGame *self, int hex);  /* -1 when not reached */
/* The same, stopping as soon as every hex of @targets has been reached
 * (their distances are then final; others may be missing). */
void     sand_supply_trace_to      (SandGame *self, int side, const int *sources, guint n,
                                    int limit, SandSupplyBlocked blocked,
                                    const int *targets, guint n_targets);
/* The hexes the last trace reached, in order of distance. */
const int *sand_supply_reached     (SandGame *self, guint *n);

/* sand-combat.c */
/* Odds rounded in the defender's favour on a table's columns "A-D". */
void     sand_combat_round_odds    (int attack_q, int defense_q, int *a, int *d);
/* The column of @table whose "A-D" holds the odds (clamped to the ends). */
int      sand_combat_column        (const SandTable *table, int a, int d);
/* The row whose key is the modified roll (clamped). */
const SandTableRow *sand_combat_row (const SandTable *table, int roll);
/* Flank geometry: the set of directions (bit per dir) holding attackers
 * has an opposite pair or a triangle. */
gboolean sand_combat_flank_shape   (guint dirs);
/* Retreat: the hexes @unit may end on after retreating @steps hexes, each
 * step farther from where it stood, never into a hex it may not enter,
 * holding enemy combat units or a living enemy fort, or controlled by the
 * enemy (a friendly combat unit there lifts the control). Appends to @out
 * in hex order; empty when it cannot retreat (the module decides what that
 * costs). */
void     sand_combat_retreat_hexes (SandGame *self, int unit, int steps, GArray *out);
/* Two-step combat. Refuses any action while an attack waits to be settled. */
gboolean sand_combat_check_idle    (SandGame *self, GError **error);
/* The loss a side owes, in a plan: @units may take up to their strength. */
void     sand_combat_plan_loss     (SandGame *self, SandLossOwed *owed, int side, int total,
                                    const int *units, guint n, int fort_limit,
                                    const char *rule);
/* A retreating stack in a plan: where it may end after @hexes hexes from
 * @origin (each step one hex farther from it; @zoc_allowed: enemy control
 * may be entered, LFAF 3.1), or as far as it can get. */
void     sand_combat_plan_retreat  (SandGame *self, SandPendingAttack *plan, const int *units,
                                    guint n, int origin, int hexes, gboolean zoc_allowed,
                                    const char *rule);
/* Whether @hex may be the next hex of a retreat of @side from @here, @k
 * hexes from @origin (without looking at enemy control). */
gboolean sand_combat_retreat_may_enter (SandGame *self, int side, int origin, int here, int k,
                                    int hex);
/* The chosen retreat of the stack holding @unit in @ch, or NULL. */
const SandRetreat *sand_combat_chosen_retreat (const SandAttackChoices *ch, const int *units,
                                    guint n);
void     sand_pending_attack_free  (SandPendingAttack *p);
/* Parses a log line's losses= value, "ID:N,…,fort:N", into SandLoss items
 * appended to @out and the fortification's share in *@fort_loss. */
gboolean sand_combat_parse_losses  (SandGame *self, const char *text, GArray *out,
                                    int *fort_loss, GError **error);
/* Takes @total points from units: chosen ones first, the rest from the
 * strongest down (ties: counter order). Fills @out with SandLoss. */
void     sand_combat_allocate      (SandGame *self, const int *units, guint n, int total,
                                    const SandLoss *chosen, guint n_chosen, GArray *out);

G_END_DECLS
