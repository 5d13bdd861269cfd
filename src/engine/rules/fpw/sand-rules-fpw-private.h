/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules-fpw-private.h: what the files of the FPW module share.
 *
 * The module is one folder, one file per part of the rulebook; this header
 * is theirs alone (the core sees only sand_rules_fpw1870).
 */
#pragma once

#include "sand-game-module.h"

G_BEGIN_DECLS

/* sand-rules-fpw-memo.c: the victory count's supply by position. */
typedef struct _FpwMemo FpwMemo;

/* A copy of the game copies this whole in fpw_copy_data (sand-rules-fpw.c), then
 * duplicates what its pointers own: a new array needs its line there. */
typedef struct {
  int side_french, side_german;
  int type_eb, type_dummy;     /* unit types "eb" and "dummy", or -1 */
  int country_side_of[64];     /* country index → home side, or -1 */
  int ma_default[SAND_MAX_SIDES];
  int entrain_limit[SAND_MAX_SIDES];
  int entrain_cost, detrain_cost, rail_per_mp;
  int eb_hexes, eb_stop_roll;
  int reinforce_cap;
  int vp_destroyed, vp_isolated, vp_penetration, vp_exit;
  int feature_ridge, feature_bridge;
  guint32 drm_features;        /* side features with an attack-drm */
  int drm_of_feature[SAND_MAX_SIDE_FEATURES];
  guint32 cancelled_by_bridge; /* features whose crossing a bridge cancels */
  int *terrain_drm;            /* per terrain: defender-drm */
  const SandTable *crt;
  guint8 *rail_hex;            /* per hex: bit dir set when a rail connection crosses that
                                * side (non-zero: a rail hex) */
  gint8 *home;                 /* per hex: home side of its country, or -1 */
  GArray *rail_heads[SAND_MAX_SIDES];   /* hexes: supply markers of source "rail" */
  GArray *point_sources[SAND_MAX_SIDES];  /* hexes: supply markers of source "hex" */
  GArray *edge_values;         /* EDGE_VALUE marker indices */
  guint8 *east_rhine;          /* per hex: in the zone "east-rhine" (Variable OOB plan J) */
  int luxemburg;               /* country index, when plan C opens it; else -1 */
  guint8 *lux_hex;             /* per hex: in Luxemburg (made at the first line it closes) */
  /* What a supply trace reads per hex, taken once per trace
   * (fpw_supply_prepare): the game's rail bits and interdiction. */
  const guint8 *rail_bits;
  gboolean luxemburg_closed;   /* plan C's Luxemburg, not yet open to the French */
  const guint32 *interdict[SAND_MAX_SIDES];
  guint32 interdict_gen;
  int *france_dist;            /* per hex: hexes from the nearest French home hex, or -1
                                * (How to Win's penetration; the map's alone) */
  FpwMemo *memo;               /* the count's supply by position; a copy starts without */
} FpwData;

static inline FpwData *
fpw (SandGame *game)
{
  return sand_game_rules_data (game);
}

static inline gboolean
standard (SandGame *game)
{
  return sand_scenario_has_option (sand_game_get_scenario (game), "standard");
}

/* The module's per-unit bits (SandUnitState.aux[0], snapshotted). */
enum {
  FPW_FORMATION_SHOWN = 1 << 0,  /* Formation Status: revealed by a challenge this phase */
  FPW_CHALLENGED      = 1 << 1,  /* made a challenge this phase: no hasty attack */
};

/* Optional Rule: Formation Status. */
static inline gboolean
formation_rule (SandGame *game)
{
  return sand_scenario_has_option (sand_game_get_scenario (game), "formation");
}

static inline gboolean
extended (SandGame *game,
          int       unit)
{
  return formation_rule (game) && sand_game_unit_is_combat (game, unit)
    && !(sand_game_units (game)[unit].flags & SAND_UNIT_CONCENTRATED);
}

static inline gboolean
rail_across (SandGame *game,
             int       hex,
             int       dir)
{
  int rail = sand_game_feature_rail (game);
  return rail >= 0 && sand_map_side_has (sand_game_get_map (game), hex, dir, rail);
}

/* The side holding a fort (its map marker's side). */
static inline int
fort_side (SandGame *game,
           int       fort)
{
  return sand_map_get_marker (sand_game_get_map (game),
                              (guint) sand_game_fort_marker (game, fort))->side;
}

extern const char *const fpw_luxemburg_marker;
extern const char *const fpw_plan_j_marker;
/* EB Units (E): a cut of a German line (hex) that brings the Germans EBs. */
extern const char *const fpw_eb_due_marker;

/* sand-rules-fpw.c: setup, static costs, units, the module table */
gboolean
fpw_adjacent_to_enemy (SandGame *game,
                       int       side,
                       int       hex,
                       gboolean  with_eb);

gboolean
fpw_luxemburg_open (SandGame *game);

int
fpw_allowance (SandGame *game,
               int       unit);

gboolean
fpw_exerts_zoc (SandGame *game,
                int       unit);

/* sand-rules-fpw-move.c: entering hexes, rail and EB movement */
void
fpw_entered_hex (SandGame *game,
                 int       unit,
                 int       hex,
                 int       from);

void
fpw_eb_due (SandGame *game);

gboolean
fpw_special_mode (SandGame        *game,
                  int              unit,
                  SandSpecialMove *out);

int
fpw_special_step (SandGame    *game,
                  int          unit,
                  int          from,
                  int          dir,
                  int          to,
                  int          link_dist,
                  gboolean    *stop,
                  const char **rule,
                  const char **why);

void
fpw_special_spend (SandGame *game,
                   int       unit,
                   int       units);

guint
fpw_special_walk (SandGame  *game,
                  int        unit,
                  const int *path,
                  guint      n);

gboolean
fpw_entrain (SandGame  *game,
             int        unit,
             GError   **error);

gboolean
fpw_detrain (SandGame  *game,
             int        unit,
             GError   **error);

/* sand-rules-fpw-phase.c: phases, Variable OOB plan J */
gboolean
fpw_plan_j_owed (SandGame *game);

gboolean
fpw_phase_automatic (SandGame *game,
                     int       phase);

void
fpw_phase_begin (SandGame *game);

gboolean
fpw_may_end_phase (SandGame  *game,
                   GError   **error);

void
fpw_phase_end (SandGame *game);

/* sand-rules-fpw-supply.c: supply */
/* Supply (A), (B): what a supply marker is a source of. Its `source`
 * attribute says so (rail: a rail head, lines traced along the rails from
 * it; hex: that hex alone); files from before the attribute name it "S"
 * or "rail-edge" (or nothing) for a rail head. */
typedef enum {
  FPW_SOURCE_NONE,
  FPW_SOURCE_RAIL,
  FPW_SOURCE_HEX,
} FpwSource;

FpwSource
fpw_supply_source_kind (const SandMarker *m);

void
fpw_validate (SandScenario *scenario,
              GPtrArray    *problems);

void
fpw_main_trace (SandGame *game,
                int       side,
                gboolean  forts,
                GArray   *src,
                int       extra_target);

void
fpw_supply_all (SandGame *game,
                gboolean  forts_count,
                guint8   *states);

/* sand-rules-fpw-combat.c: combat */
gboolean
fpw_defenders_at (SandGame *game,
                  int       hex,
                  int       att_side,
                  GArray   *all);

gboolean
fpw_compute_odds (SandGame   *game,
                  int         hex,
                  const int  *attackers,
                  guint       n,
                  gboolean    decline_flank,
                  int         hasty,
                  gboolean    omniscient,
                  SandOdds   *out,
                  GError    **error);

gboolean
fpw_odds (SandGame   *game,
          int         hex,
          const int  *attackers,
          guint       n,
          gboolean    decline_flank,
          SandOdds   *out,
          GError    **error);

gboolean
fpw_parse_cell (const char *cell,
                int        *a,
                int        *dl);

int
fpw_take_losses (SandGame                *game,
                 GArray                  *def,
                 int                      dloss,
                 int                      fort,
                 gboolean                 fort_alive,
                 const SandAttackChoices *ch,
                 SandAttackResult        *out);

gboolean
fpw_attack (SandGame                *game,
            int                      hex,
            const int               *attackers,
            guint                    n,
            const SandAttackChoices *ch,
            SandAttackResult        *out,
            GError                 **error);

/* sand-rules-fpw-memo.c: the victory count's supply by position */
gboolean
fpw_memo_lookup (SandGame *game,
                 gboolean  forts,
                 guint8   *states);

void
fpw_memo_store (SandGame     *game,
                const guint8 *states);

void
fpw_memo_free (FpwMemo *memo);

/* sand-rules-fpw-victory.c: victory, reserves, exits */
int *
fpw_france_dist_new (SandGame *game);

void
fpw_victory_view (SandGame    *game,
                  int          viewer,
                  SandVictory *out);

void
fpw_victory (SandGame    *game,
             SandVictory *out);

void
fpw_victory_for (SandGame    *game,
                 int          viewer,
                 SandVictory *out);

int
fpw_max_strength (SandGame *game,
                  int       unit);

int
fpw_reserve_units (SandRuleset *rs,
                   int          side,
                   int         *type);

gboolean
fpw_may_place_reserve (SandGame  *game,
                       int        side,
                       int        hex,
                       GError   **error);

gboolean
fpw_may_exit (SandGame  *game,
              int        unit,
              int       *cost,
              GError   **error);

/* sand-rules-fpw-standard.c: Standard Game: hasty attacks, dummies */
gboolean
fpw_hasty (SandGame                *game,
           int                      hex,
           int                      unit,
           int                      points,
           const SandAttackChoices *ch,
           SandAttackResult        *out,
           GError                 **error);

gboolean
fpw_act_hasty (SandGame          *game,
               const SandAction  *a,
               SandResult        *res,
               GError           **error);

gboolean
fpw_act_dummy (SandGame          *game,
               const SandAction  *a,
               SandResult        *res,
               GError           **error);

/* The offers of the module's actions that take a hex or a word besides the
 * unit (sand_game_offered_actions): the checks of the unit alone. */
gboolean
fpw_offered_hasty (SandGame *game, const SandActionSpec *spec, int unit);

gboolean
fpw_offered_dummy (SandGame *game, const SandActionSpec *spec, int unit);

gboolean
fpw_offered_formation (SandGame *game, const SandActionSpec *spec, int unit);

gboolean
fpw_offered_challenge (SandGame *game, const SandActionSpec *spec, int unit);

/* Whether an enemy unit stands within @range hexes of @unit. */
gboolean
fpw_enemy_within (SandGame *game, int unit, int range);

void
fpw_unit_flags (SandGame  *game,
                int        unit,
                GPtrArray *names);

/* sand-rules-fpw-motion.c: Standard Game Sequence of Play, probes, the
 * counters it plays face down */
gboolean fpw_one_in_motion       (SandGame *game);
int      fpw_unit_in_motion      (SandGame *game);
/* @unit begins or goes on with its movement (call after begin_action): the
 * unit in motion before finishes for the phase. */
void     fpw_begin_motion        (SandGame *game, int unit);
/* The unit in motion is done for the phase. */
void     fpw_end_motion          (SandGame *game);
/* Sets the unit in motion's Movement Segment (1, 2, 3). */
void     fpw_set_segment         (SandGame *game, int segment);
gboolean fpw_in_motion           (SandGame *game, int *unit, int *segment);
void     fpw_motion              (SandGame *game, int unit, SandMotion what);
gboolean fpw_may_finish          (SandGame *game, int unit, GError **error);
gboolean fpw_may_probe           (SandGame *game, int unit, GError **error);
void     fpw_prepare             (SandGame *game);
gboolean fpw_type_is_combat      (SandRuleset *ruleset, int type);
gboolean fpw_unit_in_play        (SandGame *game, int unit);
guint32  fpw_unit_flags_at_start (SandGame *game, int unit);
gboolean fpw_unit_is_eb          (SandGame *game, int unit);

/* sand-rules-fpw-formation.c: Optional Rule: Formation Status */
gboolean
fpw_act_formation (SandGame          *game,
                   const SandAction  *a,
                   SandResult        *res,
                   GError           **error);

gboolean
fpw_act_challenge (SandGame          *game,
                   const SandAction  *a,
                   SandResult        *res,
                   GError           **error);

char *
fpw_formation_line_for (SandGame         *game,
                        const SandAction *a,
                        int               viewer);

const char *
fpw_formation_for (SandGame *game,
                   int       unit,
                   int       viewer);

/* sand-rules-fpw-commands.c: the module's actions */
enum {
  FPW_HASTY, FPW_DUMMY, FPW_REMOVE, FPW_WITHHOLD, FPW_FORMATION, FPW_CHALLENGE, FPW_N_ACTIONS
};
extern const SandActionSpec fpw_actions[FPW_N_ACTIONS];

/* `hasty HEX ID POINTS`, as the log keeps it. */
SandAction *
fpw_hasty_action (int hex,
                  int unit,
                  int points);

/* One of the module's actions that names only a unit. */
SandAction *
fpw_unit_action (int which,
                 int unit);

G_END_DECLS
