/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules.h: the rules-module interface.
 *
 * The shared core (sand-game, sand-movement, sand-zoc, sand-supply,
 * sand-combat) holds the mechanisms both games use; a rules module tells it
 * the numbers and the exceptions. One static SandRulesModule per ruleset id;
 * per-game data of the module hangs off the game (sand_game_rules_data()).
 *
 * Static facts (terrain and hexside costs, where zones of control reach)
 * are asked once when the game is made and kept in flat arrays, so that the
 * hot loops never call through the vtable. Hooks that run once per action
 * are plain function pointers; any may be NULL where a default is given.
 */
#pragma once

#include <glib.h>

#include "sand-action.h"
#include "sand-game.h"
#include "sand-result.h"

G_BEGIN_DECLS

typedef struct _SandRulesModule SandRulesModule;

/* What the core tells a game whose units move one at a time (the motion
 * hook): a unit of the side to move acts in its Movement Phase (moves,
 * entrains…), leaves the map (its movement is over), has just moved (the
 * move applied, not yet logged), or is finished by the `done` action. */
typedef enum {
  SAND_MOTION_ACTS,
  SAND_MOTION_LEAVES,
  SAND_MOTION_MOVED,
  SAND_MOTION_FINISH,
} SandMotion;

/* Filled by the module's setup; read by the core. */
typedef struct {
  int zoc_enter;            /* extra MP to enter an enemy-controlled hex */
  int zoc_leave;            /* extra MP to leave one */
  gboolean zoc_stop;        /* entering one ends the move */
  gboolean zoc_to_zoc;      /* moving directly from one to another is allowed */
  int stack_enter;          /* extra MP to enter a hex holding a friendly unit that counts */
  int stack_leave;          /* and to leave one */
  int rail_hexes_per_mp;    /* rail movement: hexes bought by one MP (0: no rail movement) */
  int supply_full;          /* supply line length for "supplied" (0: no supply rules) */
  int supply_partial;       /* for "unsupplied"; beyond it "isolated" */
  int interdiction_radius;  /* fortress Zone of Interdiction (0: none) */
  int die_sides;
  /* Friendly units in a hex do not lift the enemy's control there for
   * movement (LFAF 3.1; FPW ZOC (D) lifts it: FALSE). */
  gboolean zoc_ignores_friends;
  /* The rule cases the core cites when it refuses a move. */
  const char *rule_phase;       /* moving outside one's movement phase */
  const char *rule_side;        /* moving the other side's unit */
  const char *rule_enemy_hex;   /* entering an enemy-occupied hex */
  const char *why_enemy_hex;    /* and why not, N_() (NULL: FPW's Movement (I) wording) */
  const char *rule_no_entry;    /* a hex the side may never enter */
  const char *rule_terrain;     /* impassable terrain or hexside */
  const char *rule_mp;          /* not enough MP */
  const char *rule_zoc_stop;    /* moving on after entering enemy control */
  const char *rule_zoc_to_zoc;  /* from one controlled hex to another */
} SandRulesParams;

/* A unit that moves by its own rules for this query (FPW: entrained units
 * by rail, EB units along rail lines): the module says how far it may go,
 * in the module's own cost units, and what each step costs. */
typedef struct {
  int budget;    /* cost units it may spend now */
  int scale;     /* cost units per MP (rail: 18 hexes per MP) */
  int credit;    /* cost units already paid for */
} SandSpecialMove;

struct _SandRulesModule {
  const char *ruleset_id;

  /* Fills @params, allocates the module's per-game data. */
  gboolean (*setup)          (SandGame        *game,
                              SandRulesParams *params,
                              GError         **error);
  void     (*teardown)       (SandGame        *game);

  /* Static costs, asked once per game: MP to enter the neighbour of @hex
   * across @dir (SAND_IMPASSABLE: never), the once-a-phase surcharge of a
   * terrain (FPW rough), whether zones of control reach across a hexside
   * (both directions), whether a side may ever enter a hex. */
  int      (*edge_cost)      (SandGame *game, int hex, int dir);
  int      (*once_extra)     (SandGame *game, int terrain);
  gboolean (*zoc_crosses)    (SandGame *game, int hex, int dir);
  gboolean (*side_may_enter) (SandGame *game, int side, int hex);

  /* Per unit. */
  int      (*allowance)      (SandGame *game, int unit);   /* MP this phase */
  gboolean (*exerts_zoc)     (SandGame *game, int unit);
  gboolean (*counts_for_stacking) (SandGame *game, int unit);
  /* Whether @unit may move now; else a refusal (rule + message). */
  gboolean (*may_move)       (SandGame *game, int unit, GError **error);
  /* After a unit entered a hex (moving or advancing): rail cuts, pushes. */
  void     (*entered_hex)    (SandGame *game, int unit, int hex, int from);
  /* Whether @unit may move into @hex although enemy units hold it (LFAF
   * 4.1, 7.10: to attack headquarters or artillery alone); its move ends
   * there and entered_hex deals with them. NULL: never. */
  gboolean (*may_enter_enemy) (SandGame *game, int unit, int hex);

  /* Special movement (NULL: none). special_mode says whether the unit
   * moves specially now; special_step is the cost of one step (a neighbour
   * across @dir, or an off-map link when @dir is -1 and @link_dist its
   * length), -1 with a rule when it may not; special_spend charges a move
   * of @units cost units; may_end refuses an end hex (stacking limits). */
  gboolean (*special_mode)   (SandGame *game, int unit, SandSpecialMove *out);
  int      (*special_step)   (SandGame *game, int unit, int from, int dir, int to,
                              int link_dist, gboolean *stop, const char **rule,
                              const char **why);
  void     (*special_spend)  (SandGame *game, int unit, int units);
  gboolean (*may_end)        (SandGame *game, int unit, int hex, const char **rule,
                              const char **why);
  /* Called after a unit's whole move (effects that need the full path:
   * the EB river roll may cut it short and returns the steps kept). */
  guint    (*special_walk)   (SandGame *game, int unit, const int *path, guint n);

  /* Phases. */
  void     (*phase_begin)    (SandGame *game);
  void     (*phase_end)      (SandGame *game);
  gboolean (*phase_automatic)(SandGame *game, int phase);

  /* Rail movement (NULL: the game has none). */
  gboolean (*entrain)        (SandGame *game, int unit, GError **error);
  gboolean (*detrain)        (SandGame *game, int unit, GError **error);

  /* Combat. */
  gboolean (*odds)           (SandGame *game, int hex, const int *attackers, guint n,
                              gboolean decline_flank, SandOdds *out, GError **error);
  gboolean (*attack)         (SandGame *game, int hex, const int *attackers, guint n,
                              const SandAttackChoices *choices, SandAttackResult *out,
                              GError **error);

  /* Supply (NULL: always supplied). Fills one state per unit. */
  void     (*supply_all)     (SandGame *game, gboolean forts_count, guint8 *states);

  void     (*victory)        (SandGame *game, SandVictory *out);
  /* How many reserve counters of @side (and of which unit type) a game
   * holds ready for the rules to bring into play; asked before setup. */
  int      (*reserve_units)  (SandRuleset *ruleset, int side, int *type);
  /* Whether @side may bring a reserve unit onto @hex now. */
  gboolean (*may_place_reserve) (SandGame *game, int side, int hex, GError **error);
  /* The actions of this game only (FPW hasty attacks, LFAF bombardment…),
   * each with its name, its fields, how to apply it, what an enemy reads
   * of it and when it is offered (sand-action.h). The core parses,
   * formats, logs and replays them by this table and names none of them.
   * An apply hook validates, then sand_game_begin_action (), changes, and
   * sand_game_commit_action () with the action as the log keeps it. */
  const SandActionSpec *actions;
  guint    n_actions;
  /* Whether @unit may leave the map now; the MP it costs. */
  gboolean (*may_exit)       (SandGame *game, int unit, int *cost, GError **error);
  /* Strength a unit may never exceed. */
  int      (*max_strength)   (SandGame *game, int unit);

  /* Dynamic check of one movement step before the static costs (NULL:
   * none): extra MP (>= 0), or -1 with @rule/@why when the step is
   * forbidden; may set *stop (LFAF 3.2: villages next to each other),
   * and *layer, the search layer the step arrives on (LFAF: whether it
   * came along a road that negated the terrain cost, 4.2), which may_end
   * then reads as the game's mv_end_layer. Modules with a once-a-phase
   * terrain surcharge (FPW) leave the layer alone. When it sets *stop it
   * may name the rule in @rule (cited if the move goes on). */
  int      (*step_check)     (SandGame *game, int unit, int from, int dir, int to,
                              int *layer, gboolean *stop, const char **rule,
                              const char **why);
  /* A reinforcement was just placed on its entry hex (LFAF 5: it pays
   * for the entry hex). When the ruleset has no reinforcement phase,
   * arrivals happen at the start of the arriving side's movement phase. */
  void     (*arrived)        (SandGame *game, int unit);
  /* Appends the names (static strings) of the module's own states of a
   * unit for `state` (LFAF: out-of-command, barrage, rally, deployed). */
  void     (*unit_flags)     (SandGame *game, int unit, GPtrArray *names);
  /* Whether the phase may end now (FPW Standard Game: a probe owed). */
  gboolean (*may_end_phase)  (SandGame *game, GError **error);
  /* The unit's formation as @viewer knows it (FPW Formation Status), or NULL. */
  const char *(*formation_for) (SandGame *game, int unit, int viewer);
  /* Victory points as @viewer may count them (NULL: everyone sees all,
   * the victory hook answers). */
  void     (*victory_for)    (SandGame *game, int viewer, SandVictory *out);
  /* FPW Standard Game hasty attack of @unit on @hex with @points (NULL:
   * none in this game): validates, then resolves with @choices as `attack`
   * does — when the core sets game->plan it rolls, fills the plan, takes
   * its changes back and returns; else it applies and logs. */
  gboolean (*hasty)          (SandGame *game, int hex, int unit, int points,
                              const SandAttackChoices *choices, SandAttackResult *out,
                              GError **error);

  /* Units that move one at a time (FPW Standard Game: "the Player may not
   * have more than one unit in motion at any time"); all NULL: any order.
   * in_motion says whether the game moves units so now, and which unit is
   * in motion (-1: none) in which Movement Segment (0: none); motion is
   * told what units do (SandMotion); may_finish checks the `done` action
   * (the core then tells motion SAND_MOTION_FINISH and logs it). */
  gboolean (*in_motion)      (SandGame *game, int *unit, int *segment);
  void     (*motion)         (SandGame *game, int unit, SandMotion what);
  gboolean (*may_finish)     (SandGame *game, int unit, GError **error);
  /* Whether @unit may make a probe move, entering enemy control without
   * its extra MP (FPW Standard Game ZOC (E)); NULL: no probes. */
  gboolean (*may_probe)      (SandGame *game, int unit, GError **error);

  /* Counters, asked as the game is made, before setup: a look at the
   * scenario and the chosen orders of battle first (FPW: one that places
   * dummies plays the Standard Game); whether a unit type is a combat unit
   * (NULL: every type); whether a counter is in play in this game (NULL:
   * all); the flags it starts with (FPW Standard Game: face down, dummy;
   * SAND_UNIT_FACE_DOWN makes it known to its owner only). */
  void     (*prepare)        (SandGame *game);
  gboolean (*type_is_combat) (SandRuleset *ruleset, int type);
  gboolean (*unit_in_play)   (SandGame *game, int unit);
  guint32  (*unit_flags_at_start) (SandGame *game, int unit);

  /* This game's own checks of a scenario (NULL: none), run by
   * sand_scenario_validate () after the generic ones; appends SandProblem*
   * with sand_validate_add (). */
  void     (*validate)       (SandScenario *scenario, GPtrArray *problems);

  /* Gives @copy, a copy of @game whose core state is already in place
   * (sand_game_clone), its own copy of the module's per-game data, set
   * with sand_game_set_rules_data (@copy, …): nothing may be shared that
   * either game changes or frees. NULL: games of this module are copied by
   * replaying their log (sand_game_copy_replay). */
  void     (*copy_data)      (SandGame *game, SandGame *copy);
};

/* A check of an action that takes one unit: TRUE when the rules accept it
 * for @unit now, else a refusal (rule and message) in @error. */
typedef gboolean (*SandUnitCheck) (SandGame *game, int unit, GError **error);
/* An offered hook from the same check the action's apply makes: asked
 * without playing and without touching the refusal rule (FALSE while an
 * attack waits, for no unit, or for one the game does not have). */
gboolean sand_rules_offered_if (SandGame      *game,
                                int            unit,
                                SandUnitCheck  check);
/* The same for an action that takes no unit (@check is asked with unit
 * -1): offered only when @unit is -1. */
gboolean sand_rules_offered_phase_if (SandGame      *game,
                                      int            unit,
                                      SandUnitCheck  check);

/* The module for a ruleset id, or NULL. */
const SandRulesModule *sand_rules_lookup     (const char *ruleset_id);
/* Adds a game kept outside the engine (the tests' own, docs/rules-engine.md
 * "Adding a game"): TRUE when @module now answers for its ruleset id (again
 * for the same module), FALSE when another module has that id. The module
 * must live as long as the process. */
gboolean               sand_rules_register   (const SandRulesModule *module);

/* Defined by the modules. */
extern const SandRulesModule sand_rules_fpw1870;
extern const SandRulesModule sand_rules_lfaf1914;

G_END_DECLS
