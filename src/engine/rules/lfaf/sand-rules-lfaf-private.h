/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules-lfaf-private.h: what the files of the LFAF module share.
 *
 * The module is one folder, one file per part of the rulebook; this header
 * is theirs alone (the core sees only sand_rules_lfaf1914).
 */
#pragma once

#include "sand-game-module.h"

G_BEGIN_DECLS

enum {
  LF_DEPLOYED = 1 << 0,  /* artillery on its fire side */
  LF_OOC      = 1 << 1,  /* out of command (judged in the Command Phase) */
  LF_RALLY    = 1 << 2,  /* carries a Rally marker */
  LF_FIRED    = 1 << 3,  /* artillery that bombarded or supported this phase */
  LF_SURPLUS  = 1 << 4,  /* picked by its owner to go first if its stack is still over the
                          * limit at the end of this Movement Phase (4.4) */
};

#define MK_BARRAGE "barrage"
#define MK_RECON "recon"
#define MK_CONTROL "control"

/* A copy of the game copies this whole in lfaf_copy_data (sand-rules-lfaf.c), then
 * duplicates what its pointers own: a new array needs its line there. */
typedef struct {
  int side_french, side_german;
  int t_infantry, t_light, t_artillery, t_cavalry, t_hq;
  int n_types;
  int *type_steps, *type_stack, *type_zoc, *type_line, *type_ma, *type_road_exempt;
  int *terrain_drm;
  guint8 *terrain_nozoc;
  int *terrain_cost;
  int terrain_village;
  int f_river, f_bridge, f_road;
  int road_cost;
  int side_drm[SAND_MAX_SIDE_FEATURES];
  guint32 cancelled_by_bridge;
  int stack_limit, retreat_zoc_loss, road_limit_units, road_limit_line;
  int command_radius, bombard_range;
  int mass_max, art_max, quality_factor, pinned_drm, ooc_drm, lone_drm;
  int rally_roll, recon_drm, recon_radius, cover_drm, unable_retreat_loss;
  const SandTable *assault, *bombard;
  int col_att, col_def, col_dret, col_aret, col_barrage, col_steps;
  int *hq_of;       /* per unit: its commanding HQ (an HQ's superior), or -1 */
  GArray *victory;  /* map marker indices of victory hexes */
  /* 12 (reconstructed): points per step, and whether villages held from
   * the set-up and steps shed by over-limit stacks score at all. */
  int vp_step, vp_start_villages, vp_surplus;
  int *start_hex;   /* per unit: its hex in the scenario's set-up, or SAND_HEX_NONE */
  int *start_held;  /* per victory village: the side holding it at creation, or -1 */
  /* per victory village: who held it when play began (lfaf_start_holder),
   * worked out at the set-up's end numbered start_holder_epoch */
  int *start_holder;
  guint start_holder_epoch;
} LfafData;

static inline LfafData *
lfaf (SandGame *game)
{
  return sand_game_rules_data (game);
}

static inline int
utype (SandGame *game, int unit)
{
  return sand_game_unit_type (game, unit);
}

static inline gboolean
is_type (SandGame *game, int unit, int type)
{
  return type >= 0 && utype (game, unit) == type;
}

static inline gboolean
is_support (SandGame *game, int unit)
{
  LfafData *d = lfaf (game);
  return is_type (game, unit, d->t_hq) || is_type (game, unit, d->t_artillery);
}

static inline int
tparam (int *arr, LfafData *d, int type, int fallback)
{
  return type >= 0 && type < d->n_types ? arr[type] : fallback;
}

/* sand-rules-lfaf.c: setup, terrain, units, stacking, the module table */
int
lfaf_stack_value (SandGame *game, int unit);

int
lfaf_stack_at (SandGame *game, int side, int hex, int except);

gboolean
lfaf_pinned_hex (SandGame *game, int side, int hex);

gboolean
lfaf_pinned (SandGame *game, int unit);

int
lfaf_unit_max_steps (SandGame *game, int unit);

gboolean
lfaf_road_across (SandGame *game, int hex, int dir);

gboolean
lfaf_river_unbridged (SandGame *game, int hex, int dir);

gboolean
lfaf_nozoc_hex (SandGame *game, int hex);

/* sand-rules-lfaf-move.c: village control, movement steps, reinforcements */
void
lfaf_update_control (SandGame *game, int hex);

void
lfaf_record_start (SandGame *game);

int
lfaf_start_holder (SandGame *game, guint k);

gboolean
lfaf_may_enter_enemy (SandGame *game,
                      int       unit,
                      int       hex);

void
lfaf_entered_hex (SandGame *game,
                  int       unit,
                  int       hex,
                  int       from);

int
lfaf_step_check (SandGame    *game,
                 int          unit,
                 int          from,
                 int          dir,
                 int          to,
                 int         *layer,
                 gboolean    *stop,
                 const char **rule,
                 const char **why);

gboolean
lfaf_may_end (SandGame    *game,
              int          unit,
              int          hex,
              const char **rule,
              const char **why);

void
lfaf_arrived (SandGame *game,
              int       unit);

/* sand-rules-lfaf-phase.c: command, phases, victory */
int
lfaf_command_of (SandGame *game, int unit, int *dist);

int
lfaf_phase_index (SandGame *game, const char *id);

void
lfaf_phase_begin (SandGame *game);

void
lfaf_phase_end (SandGame *game);

gboolean
lfaf_phase_automatic (SandGame *game,
                      int       phase);

void
lfaf_victory (SandGame    *game,
              SandVictory *out);

int
lfaf_max_strength (SandGame *game,
                   int       unit);

/* sand-rules-lfaf-combat.c: assault odds */
void
lfaf_units_on (SandGame *game, int hex, int side, gboolean enemies, GArray *out);

gboolean
lfaf_odds_full (SandGame                *game,
                int                      hex,
                const int               *attackers,
                guint                    n,
                const SandAttackChoices *ch,
                SandOdds                *out,
                GArray                  *support,
                GError                 **error);

gboolean
lfaf_odds (SandGame   *game,
           int         hex,
           const int  *attackers,
           guint       n,
           gboolean    decline_flank,
           SandOdds   *out,
           GError    **error);

/* sand-rules-lfaf-assault.c: assault results and retreats */
int
lfaf_cell_int (const SandTableRow *row, int col);

void
lfaf_take_steps (SandGame *game, int unit, int loss, SandAttackResult *out);

gboolean
lfaf_attack (SandGame                *game,
             int                      hex,
             const int               *attackers,
             guint                    n,
             const SandAttackChoices *ch,
             SandAttackResult        *out,
             GError                 **error);

/* sand-rules-lfaf-commands.c: the module's commands */
enum {
  LF_ACT_BOMBARD, LF_ACT_RALLY, LF_ACT_RECON, LF_ACT_COMMAND, LF_ACT_MARKERS, LF_ACT_SURPLUS,
  LF_N_ACTIONS
};
/* The module's own actions: the core parses, formats, logs and replays
 * them by this table. */
extern const SandActionSpec lfaf_actions[LF_N_ACTIONS];

void
lfaf_unit_flags (SandGame  *game,
                 int        unit,
                 GPtrArray *names);

G_END_DECLS
