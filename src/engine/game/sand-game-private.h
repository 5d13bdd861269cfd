/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-game-private.h: the game's insides, shared by the core's files
 * (sand-game, sand-movement, sand-zoc, sand-supply, sand-combat) and the
 * rules modules. Nothing outside the engine's rules code includes it.
 */
#pragma once

#include "sand-dice.h"
#include "sand-game-module.h"

G_BEGIN_DECLS

/* The grid as rows of bits, for the lines of supply (sand-supply-lines.c). */
typedef struct _SandSupplyRows SandSupplyRows;

typedef struct {
  int turn;
  int side;
  int phase;
  gboolean over;
  int aux[2];              /* the rules module's per-phase state, zeroed when the phase
                            * changes (FPW Standard Game: the unit in motion) */
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
  guint8 *sup_states;      /* the supply cache when it was valid, else NULL */
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

/* sand_game_clone (sand-game-clone.c) copies this struct whole, then
 * duplicates what each pointer owns: a new field that owns memory needs
 * its line there, or the clone and its game would free it twice. */
struct _SandGame {
  /* First, so that modules read it inline (sand_game_view). */
  SandGameView view;

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
  /* While sand_game_offer_reason () asks: where the offered hooks' checks
   * put their reason (NULL otherwise), and the rule case it cites. */
  GError **offer_error;
  char *offer_rule;

  /* Ruleset indices the core needs. */
  int phase_reinforcement, phase_movement, phase_combat;
  guint8 *unit_combat;     /* static: per unit, whether its type is a combat unit */
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
  SandSupplyRows *sup_rows; /* the grid as rows of bits (sand-supply-lines.c), shared
                             * by a clone; NULL until a line is first traced */
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
  /* The set-up's end (sand_game_setup_end): the log's length once the
   * action that ended it was logged, 0 while it goes on; and how many
   * times it has ended, so that what is cached of it is known stale after
   * an undo back into it. */
  guint setup_end_len;
  guint setup_epoch;

  /* Two-step combat (sand-combat.c): the attack waiting for its owners'
   * choices, and the one a module's attack hook is asked to plan (it
   * rolls, fills it, takes its changes back and returns). */
  SandPendingAttack *pending;
  SandPendingAttack *plan;
  /* The choices sand_game_odds_with is asked with, while it runs. */
  const SandAttackChoices *odds_choices;
};

/* sand-game-module.c */
/* Fills the view modules read from the game's fields and arrays. */
void     sand_game_view_fill       (SandGame *self);

/* sand-game.c */
/* Recomputes the per-hex summaries after a fort's strength changed. */
void     sand_game_refresh_hex     (SandGame *self, int hex);

/* sand-game-units.c */
/* Recounts the per-hex occupancy from the units (after an undo). */
void     sand_game_occupancy_rebuild (SandGame *self);

/* sand-game-log.c */
/* Appends an applied action's line to the log (and each side's reading). */
void     sand_game_log_append      (SandGame *self, SandAction *action, char *line);
void     sand_game_snapshot_free   (gpointer data);
/* Drops a log line (reference counted, shared with the game's copies; NULL
 * allowed). */
void     sand_game_log_line_release (gpointer line);

/* sand-game-clock.c */
/* Tells the module what a unit did (SandMotion), when it has a motion hook. */
void     sand_game_motion          (SandGame *self, int unit, SandMotion what);
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

/* sand-movement.c */
void     sand_movement_init        (SandGame *self);
void     sand_movement_clear       (SandGame *self);
const SandReach *sand_movement_reach (SandGame *self, int unit, int budget, gboolean rail,
                                    GError **error);
/* The least cost at which the last reach got to @hex over both layers
 * (its node in *@node when not NULL), or -1. */
int      sand_movement_node_best   (const SandReach *r, int hex, int *node);
/* Whether the module lets @unit end a move on @hex, arriving on @layer. */
gboolean sand_movement_may_end_at  (SandGame *self, int unit, int hex, int layer,
                                    const char **rule, const char **why);

/* sand-supply.c */
void     sand_supply_init          (SandGame *self);
void     sand_supply_clear         (SandGame *self);
SandSupplyRows *sand_supply_rows_ref   (SandSupplyRows *rows);
void     sand_supply_rows_unref    (SandSupplyRows *rows);
/* sand_supply_trace_to ()'s breadth-first search, a hex at a time, with
 * @walls (a byte a hex, non-zero: not entered; may be NULL) asked before
 * @blocked (may be NULL). */
void     sand_supply_search        (SandGame *self, int side, const int *sources, guint n,
                                    int limit, SandSupplyBlocked blocked, const guint8 *walls,
                                    const int *targets, guint n_targets);
/* Interdiction of hexes against @side (fortress zones). */
void     sand_supply_update_interdiction (SandGame *self);

/* sand-combat.c */
/* Retreat: the hexes @unit may end on after retreating @steps hexes, each
 * step farther from where it stood, never into a hex it may not enter,
 * holding enemy combat units or a living enemy fort, or controlled by the
 * enemy (a friendly combat unit there lifts the control). Appends to @out
 * in hex order; empty when it cannot retreat (the module decides what that
 * costs). */
void     sand_combat_retreat_hexes (SandGame *self, int unit, int steps, GArray *out);
/* Two-step combat. Refuses any action while an attack waits to be settled. */
gboolean sand_combat_check_idle    (SandGame *self, GError **error);
void     sand_pending_attack_free  (SandPendingAttack *p);
/* Parses a log line's losses= value, "ID:N,…,fort:N", into SandLoss items
 * appended to @out and the fortification's share in *@fort_loss. */
gboolean sand_combat_parse_losses  (SandGame *self, const char *text, GArray *out,
                                    int *fort_loss, GError **error);

G_END_DECLS
