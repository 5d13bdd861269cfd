/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-game-module.h: what a rules module may see and change of a game.
 *
 * A module never reaches into the game's struct (sand-game-private.h is the
 * core's alone; tests/check-engine-layering.sh fails a module that includes
 * it). It reads through the getters below and changes the game through the
 * mutators, which keep occupancy, zones of control, supply caches, undo and
 * the log right. The getters are inline reads of the game's view
 * (SandGameView, the first member of the game, filled as the game is
 * made), so a hook may call them per hex; those that hand back a whole
 * array (units, neighbours, edge costs, rail bits) stay valid for the
 * game's life, their contents until the next change.
 */
#pragma once

#include "sand-action.h"
#include "sand-game.h"
#include "sand-result.h"
#include "sand-rules.h"

G_BEGIN_DECLS

/* Bits of the per-hex rail state. */
#define SAND_RAIL_CUT(side)     (1u << (side))
#define SAND_RAIL_SECURED(side) (1u << (4 + (side)))

/* A reinforcement of points (FPW's +4 Combat Points at Chalons). */
typedef struct {
  int turn, side, points, hex;
} PointsArrival;

/* The view ------------------------------------------------------------ */

/* What a module reads of the game without a call: the game's first
 * member, filled as the game is made (sand-game-module.c). Its arrays are
 * the game's own, allocated once; read-only here. */
typedef struct {
  SandScenario *scenario;
  SandMap *map;
  SandRuleset *ruleset;
  const SandGrid *grid;
  const SandRulesModule *rules;
  const SandRulesParams *params;
  gpointer rules_data;
  guint n_units;
  int n_sides;
  int n_hexes;
  guint n_forts;
  int phase_reinforcement, phase_movement, phase_combat;
  int feature_rail, feature_river;
  const SandUnitState *units;
  const int *n_any[SAND_MAX_SIDES];     /* per side per hex: any unit */
  const int *n_combat[SAND_MAX_SIDES];  /* per side per hex: combat units */
  const int *nbr;                       /* n_hexes * 6, SAND_HEX_NONE off the map */
  const guint8 *edge_cost;              /* n_hexes * 6 */
  const guint8 *zoc_side_blocked;       /* per hex: bit dir set when no ZoC across */
  const guint8 *no_entry[SAND_MAX_SIDES];
  const guint8 *rail;                   /* per hex, SAND_RAIL_* bits */
  const int *fort_at;                   /* per hex: fort or -1 */
  const int *fort_hex, *fort_marker;    /* per fort */
  const int *fort_strength;             /* per fort, then per fort "attacked this phase" */
} SandGameView;

static inline const SandGameView *
sand_game_view (SandGame *self)
{
  /* a pointer to a struct, converted, points to its first member */
  return (const SandGameView *) (gconstpointer) self;
}

/* What the game was made from ---------------------------------------- */

static inline SandMap *
sand_game_get_map (SandGame *self)
{
  return sand_game_view (self)->map;
}

static inline SandRuleset *
sand_game_get_ruleset (SandGame *self)
{
  return sand_game_view (self)->ruleset;
}

static inline const SandRulesModule *
sand_game_get_rules (SandGame *self)
{
  return sand_game_view (self)->rules;
}

static inline const SandRulesParams *
sand_game_params (SandGame *self)
{
  return sand_game_view (self)->params;
}

/* sand_game_get_grid () and sand_game_n_units () without their checks. */
static inline const SandGrid *
sand_game_grid (SandGame *self)
{
  return sand_game_view (self)->grid;
}

static inline guint
sand_game_unit_count (SandGame *self)
{
  return sand_game_view (self)->n_units;
}

static inline int
sand_game_n_sides (SandGame *self)
{
  return sand_game_view (self)->n_sides;
}

static inline int
sand_game_n_hexes (SandGame *self)
{
  return sand_game_view (self)->n_hexes;
}

/* The ruleset's phases and features the core knows by role (-1: none). */
static inline int
sand_game_phase_reinforcement (SandGame *self)
{
  return sand_game_view (self)->phase_reinforcement;
}

static inline int
sand_game_phase_movement (SandGame *self)
{
  return sand_game_view (self)->phase_movement;
}

static inline int
sand_game_phase_combat (SandGame *self)
{
  return sand_game_view (self)->phase_combat;
}

static inline int
sand_game_feature_rail (SandGame *self)
{
  return sand_game_view (self)->feature_rail;
}

static inline int
sand_game_feature_river (SandGame *self)
{
  return sand_game_view (self)->feature_river;
}

/* Static tables: n_hexes * 6 neighbours (SAND_HEX_NONE off the map); the
 * MP to cross each hexside (255: never); per hex the directions across
 * which no zone of control reaches (bit per dir); whether @side may ever
 * enter a hex. */
static inline const int *
sand_game_neighbours (SandGame *self)
{
  return sand_game_view (self)->nbr;
}

static inline const guint8 *
sand_game_edge_costs (SandGame *self)
{
  return sand_game_view (self)->edge_cost;
}

static inline const guint8 *
sand_game_zoc_side_blocked (SandGame *self)
{
  return sand_game_view (self)->zoc_side_blocked;
}

static inline const guint8 *
sand_game_no_entry (SandGame *self,
                    int       side)
{
  return sand_game_view (self)->no_entry[side];
}

/* The scenario's reinforcements of points (PointsArrival). */
GArray        *sand_game_points_arrivals   (SandGame *self);

/* Per-game module data ------------------------------------------------ */

static inline gpointer
sand_game_rules_data (SandGame *self)
{
  return sand_game_view (self)->rules_data;
}

void     sand_game_set_rules_data  (SandGame *self, gpointer data);

/* Units --------------------------------------------------------------- */

/* Every unit's state, indexed by unit (sand_game_n_units of them). */
static inline const SandUnitState *
sand_game_units (SandGame *self)
{
  return sand_game_view (self)->units;
}
int      sand_game_unit_type       (SandGame *self, int unit);
gboolean sand_game_unit_is_combat  (SandGame *self, int unit);
/* A combat unit that is not a dummy counter. */
gboolean sand_game_unit_is_real    (SandGame *self, int unit);
const char *sand_game_unit_id      (SandGame *self, int unit);
/* Within an action (after sand_game_begin_action) or a phase hook. */
void     sand_game_place_unit      (SandGame *self, int unit, int hex);
void     sand_game_remove_unit     (SandGame *self, int unit, SandUnitStatus status);
/* Moves a unit one hex (a path step or an advance): occupancy and the
 * module's entered_hex hook. */
void     sand_game_step_unit       (SandGame *self, int unit, int hex);
/* Changes a unit's flags, keeping occupancy counts, zones of control and
 * caches right. The marks of what a unit did this phase
 * (SAND_UNIT_MARKS: moved, attacked, stopped…) are bookkeeping that
 * nothing derived reads — exerts_zoc, counts_for_stacking and supply must
 * not depend on them — so changing only those is one store. */
#define SAND_UNIT_MARKS (SAND_UNIT_MOVED | SAND_UNIT_ATTACKED | SAND_UNIT_DEFENDED \
                         | SAND_UNIT_WAS_ENTRAINED | SAND_UNIT_ONCE_PAID | SAND_UNIT_HALTED \
                         | SAND_UNIT_STOPPED | SAND_UNIT_MUST_PROBE | SAND_UNIT_NO_COMBAT \
                         | SAND_UNIT_HASTY | SAND_UNIT_FINISHED)
void     sand_game_set_unit_flags  (SandGame *self, int unit, guint32 flags);
/* The same, setting @set and clearing @clear. */
void     sand_game_change_unit_flags (SandGame *self, int unit, guint32 set, guint32 clear);
/* Strength: occupancy reads the flags and the type only, so a change of
 * strength changes nothing derived; 0 does not remove the unit. */
void     sand_game_set_unit_strength (SandGame *self, int unit, int strength);
/* The module's own per-unit state (SandUnitState.aux, snapshotted). */
void     sand_game_set_unit_aux    (SandGame *self, int unit, guint k, int value);
/* Movement spent this phase, and rail hexes still paid for. */
void     sand_game_set_unit_mp     (SandGame *self, int unit, int mp_spent, int rail_credit);
/* When and where a waiting unit arrives. */
void     sand_game_set_unit_arrival (SandGame *self, int unit, int turn, int hex);
/* Standard Game: the number the enemy knows a face-down counter by; the
 * points it lost unseen since it was last revealed. */
void     sand_game_set_unit_alias  (SandGame *self, int unit, int alias);
void     sand_game_set_unit_unseen_loss (SandGame *self, int unit, int loss);
/* Standard Game: every side sees the unit (combat); its strength as seen now. */
void     sand_game_reveal_unit     (SandGame *self, int unit);
/* A fresh alias for a counter going face down again (a dummy returned). */
void     sand_game_new_alias       (SandGame *self, int unit);

/* Occupancy and control (always current) ------------------------------ */

/* Units of @side on @hex: any, and combat units (entrained too). */
static inline int
sand_game_n_any_at (SandGame *self,
                    int       side,
                    int       hex)
{
  return sand_game_view (self)->n_any[side][hex];
}

static inline int
sand_game_n_combat_at (SandGame *self,
                       int       side,
                       int       hex)
{
  return sand_game_view (self)->n_combat[side][hex];
}

/* Per hex: bit s = side s exerts a zone of control there. */
const guint8 *sand_game_zoc_mask   (SandGame *self);
/* Whether an enemy of @side occupies @hex with combat units or a fort. */
gboolean sand_game_enemy_blocks    (SandGame *self, int side, int hex);
gboolean sand_game_fort_alive_at   (SandGame *self, int hex, int side);
/* Whether @hex is controlled against units of @side (the mover's friends
 * other than @mover negate it), ignoring @mover's own presence. */
gboolean sand_zoc_controlled_for   (SandGame *self, int side, int hex, int mover);
void     sand_zoc_update           (SandGame *self);

/* Forts ---------------------------------------------------------------- */

static inline guint
sand_game_n_forts (SandGame *self)
{
  return sand_game_view (self)->n_forts;
}

static inline int
sand_game_fort_hex (SandGame *self,
                    int       fort)
{
  return sand_game_view (self)->fort_hex[fort];
}

/* The map marker the fort is. */
static inline int
sand_game_fort_marker (SandGame *self,
                       int       fort)
{
  return sand_game_view (self)->fort_marker[fort];
}

/* The fort on @hex, or -1. */
static inline int
sand_game_fort_at (SandGame *self,
                   int       hex)
{
  return sand_game_view (self)->fort_at[hex];
}

static inline int
sand_game_fort_points (SandGame *self,
                       int       fort)
{
  return sand_game_view (self)->fort_strength[fort];
}

/* Sets a fort's strength and recounts its hex. */
void     sand_game_set_fort_points (SandGame *self, int fort, int points);
/* Whether the fort was attacked this phase; marks it so. */
gboolean sand_game_fort_attacked   (SandGame *self, int fort);
void     sand_game_set_fort_attacked (SandGame *self, int fort);

/* Rail, markers, points, dice ---------------------------------------- */

/* Per hex, SAND_RAIL_* bits. */
static inline const guint8 *
sand_game_rail_bits (SandGame *self)
{
  return sand_game_view (self)->rail;
}
void     sand_game_set_rail_bits   (SandGame *self, int hex, guint8 bits);
/* Markers placed in play (@kind should be interned). */
void     sand_game_add_marker      (SandGame *self, const char *kind, int hex, int side,
                                    int value);
void     sand_game_remove_marker   (SandGame *self, guint i);
/* Reinforcement points waiting for @side, and where they are spent. */
int      sand_game_points_pool     (SandGame *self, int side);
void     sand_game_add_points_pool (SandGame *self, int side, int delta);
int      sand_game_points_hex      (SandGame *self, int side);
/* Whether the scenario gives @side reinforcement points at all. */
gboolean sand_game_points_any      (SandGame *self, int side);
void     sand_game_add_points_lost (SandGame *self, int side, int delta);
/* One roll of a die of @sides, logged with the action. */
int      sand_game_roll            (SandGame *self, int sides);

/* Actions ------------------------------------------------------------- */

void     sand_game_refuse          (SandGame *self, GError **error, const char *rule,
                                    const char *format, ...) G_GNUC_PRINTF (4, 5);
void     sand_game_invalid         (SandGame *self, GError **error,
                                    const char *format, ...) G_GNUC_PRINTF (3, 4);
/* Call before changing anything in an action: snapshots for undo. */
void     sand_game_begin_action    (SandGame *self);
/* Call after an action was applied: logs it (taking @action; its text is
 * sand_action_format's, with the dice it rolled as a comment). */
void     sand_game_commit_action   (SandGame *self, SandAction *action);
/* Drops the snapshot taken by begin_action when the action failed midway
 * (never needed when every check comes first). */
void     sand_game_abort_action    (SandGame *self);
/* The state changed in a way queries read (the module's own data). */
void     sand_game_changed         (SandGame *self);
gboolean sand_movement_check_may_move (SandGame *self, int unit, GError **error);
int      sand_game_other_side      (SandGame *self, int side);
char    *sand_game_hex_id          (SandGame *self, int hex);

/* Movement ------------------------------------------------------------ */

/* The module's own per-phase state (two ints, snapshotted with the clock
 * and zeroed when the phase changes). */
int      sand_game_phase_aux       (SandGame *self, guint k);
void     sand_game_set_phase_aux   (SandGame *self, guint k, int value);

/* While a move is searched: the search layer of the node it ends on (for
 * may_end), and whether it is a probe move (enemy control entered without
 * its extra MP). */
int      sand_game_move_end_layer  (SandGame *self);
gboolean sand_game_moving_probe    (SandGame *self);
/* Cost of one step for @unit, or -1 with @rule/@why set. */
typedef struct {
  int layer;
  gboolean first;          /* leaving the start hex */
  gboolean start_controlled;
} SandStepState;
int      sand_movement_step        (SandGame *self, int unit, int from, int dir, int to,
                                    SandStepState *st, gboolean *stop,
                                    const char **rule, const char **why);

/* Supply ---------------------------------------------------------------- */

/* Per hex: equal to *@gen when the hex is interdicted against @side (a
 * fortress Zone of Interdiction), brought up to date. */
const guint32 *sand_game_interdiction (SandGame *self, int side, guint32 *gen);
/* Shared tracer: multi-source BFS from @sources out to @limit, not through
 * hexes @blocked says no to. Returns distances through sand_supply_dist(). */
typedef gboolean (*SandSupplyBlocked) (SandGame *game, int side, int from, int dir, int to);
void     sand_supply_trace         (SandGame *self, int side, const int *sources, guint n,
                                    int limit, SandSupplyBlocked blocked);
int      sand_supply_dist          (SandGame *self, int hex);  /* -1 when not reached */
/* The same, stopping as soon as every hex of @targets has been reached
 * (their distances are then final; others may be missing). */
void     sand_supply_trace_to      (SandGame *self, int side, const int *sources, guint n,
                                    int limit, SandSupplyBlocked blocked,
                                    const int *targets, guint n_targets);
/* The same as sand_supply_trace_to () through the walls most lines of
 * supply meet, asked of the whole map at once: not into a hex @side may
 * not enter, an interdicted one, one an enemy combat unit or living fort
 * blocks, one the enemy controls where none of the side's combat units or
 * forts stands, nor one where @extra (per hex, or NULL) is not 0. As
 * sand_supply_trace_to (), it may stop once every target is reached
 * (their distances are final; others may be missing). */
void     sand_supply_trace_lines   (SandGame *self, int side, const int *sources, guint n,
                                    int limit, const guint8 *extra,
                                    const int *targets, guint n_targets);
/* The hexes the last trace reached, in order of distance. */
const int *sand_supply_reached     (SandGame *self, guint *n);

/* Combat ---------------------------------------------------------------- */

/* The attack the core asks a module's attack hook to plan, or NULL when
 * it is to be applied: the hook rolls, fills it, takes its changes back. */
SandPendingAttack *sand_game_plan  (SandGame *self);
/* The choices sand_game_odds_with was asked with, while it runs. */
const SandAttackChoices *sand_game_odds_choices (SandGame *self);
/* Odds rounded in the defender's favour on a table's columns "A-D". */
void     sand_combat_round_odds    (int attack_q, int defense_q, int *a, int *d);
/* The column of @table whose "A-D" holds the odds (clamped to the ends). */
int      sand_combat_column        (const SandTable *table, int a, int d);
/* The row whose key is the modified roll (clamped). */
const SandTableRow *sand_combat_row (const SandTable *table, int roll);
/* Flank geometry: the set of directions (bit per dir) holding attackers
 * has an opposite pair or a triangle. */
gboolean sand_combat_flank_shape   (guint dirs);
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
/* Takes @total points from units: chosen ones first, the rest from the
 * strongest down (ties: counter order). Fills @out with SandLoss. */
void     sand_combat_allocate      (SandGame *self, const int *units, guint n, int total,
                                    const SandLoss *chosen, guint n_chosen, GArray *out);

G_END_DECLS
