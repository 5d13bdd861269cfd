/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules-lfaf-phase.c: La fleur au fusil, août 1914, command, phases and victory.
 *
 * Lines of command to the HQs (6), the Rally, Command and Administrative
 * Phases, what each phase resets, and victory (12); the command queries of
 * sand-game.h for the playtest overlay.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-rules-lfaf-private.h"

/* Command (6, reconstructed) ------------------------------------------------------ */

static gboolean
loc_blocked (SandGame *game, int side, int from, int dir, int to)
{
  /* 3.1: a Line of Communication never passes a ZoC hex unless a friendly
   * unit occupies it; nor enemy units, nor a river without a bridge. */
  if (sand_game_enemy_blocks (game, side, to) || sand_game_edge_costs (game)[from * SAND_N_DIRS
      + dir] == 255)
    return TRUE;
  return sand_zoc_controlled_for (game, side, to, -1);
}

/* The HQ that commands @unit now and the length of the line to it; -1
 * when it is out of command, -2 when it needs none (units whose
 * formation has no headquarters in the game), -3 for an HQ (always in
 * command). */
int
lfaf_command_of (SandGame *game, int unit, int *dist)
{
  const SandUnitState *unit_states = sand_game_units (game);
  LfafData *d = lfaf (game);
  const SandUnitState *u = &unit_states[unit];
  *dist = 0;
  if (is_type (game, unit, d->t_hq))
    return -3;
  if (d->hq_of[unit] < 0)
    return -2;
  sand_zoc_update (game);
  int guard = 0;
  for (int hq = d->hq_of[unit]; hq >= 0 && guard < 8; hq = d->hq_of[hq], guard++)
    {
      const SandUnitState *h = &unit_states[hq];
      if (h->status != SAND_UNIT_ON_MAP)
        continue;
      sand_supply_trace_to (game, u->side, &h->hex, 1, d->command_radius, loc_blocked,
                            &u->hex, 1);
      int dd = sand_supply_dist (game, u->hex);
      if (dd >= 0)
        {
          *dist = dd;
          return hq;
        }
    }
  return -1;
}

static void
judge_command (SandGame *game, int side)
{
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    {
      const SandUnitState *u = &sand_game_units (game)[i];
      if (u->side != side || u->status != SAND_UNIT_ON_MAP)
        continue;
      int dist;
      if (lfaf_command_of (game, (int) i, &dist) == -1)
        sand_game_set_unit_aux (game, i, 0, u->aux[0] | LF_OOC);
      else
        sand_game_set_unit_aux (game, i, 0, u->aux[0] & ~(guint32) LF_OOC);
    }
}

/* Phases ----------------------------------------------------------------------- */

int
lfaf_phase_index (SandGame *game, const char *id)
{
  return sand_ruleset_find_phase (sand_game_get_ruleset (game), id);
}

static void
eliminate (SandGame *game, int unit)
{
  const SandUnitState *u = &sand_game_units (game)[unit];
  sand_game_add_points_lost (game, u->side, u->strength);
  sand_game_set_unit_strength (game, unit, 0);
  sand_game_set_unit_aux (game, unit, 0, 0);
  sand_game_remove_unit (game, unit, SAND_UNIT_ELIMINATED);
}

static void
rally_phase (SandGame *game)
{
  LfafData *d = lfaf (game);
  int side = sand_game_get_side (game);

  /* 9: each unit with a Rally marker rolls; it regains a step on the
   * quality-adjusted number. */
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    {
      const SandUnitState *u = &sand_game_units (game)[i];
      if (u->side != side || !(u->aux[0] & LF_RALLY))
        continue;
      sand_game_set_unit_aux (game, i, 0, u->aux[0] & ~(guint32) LF_RALLY);
      if (u->status != SAND_UNIT_ON_MAP)
        continue;
      int need = d->rally_roll - sand_game_get_counter (game, (int) i)->quality;
      int roll = sand_game_roll (game, 6);
      if (roll >= need && u->strength < lfaf_unit_max_steps (game, (int) i))
        sand_game_set_unit_strength (game, i, u->strength + 1);
    }
  /* 2: the active player removes the Barrage markers (those on his units). */
  for (guint i = sand_game_n_markers (game); i-- > 0;)
    {
      const SandGameMarker *m = sand_game_get_marker (game, i);
      if (g_str_equal (m->kind, MK_BARRAGE) && m->side != side)
        sand_game_remove_marker (game, i);
    }
  /* 10: the German aerial reconnaissance marker is placed anew. */
  if (side == d->side_german)
    {
      int k = -1;
      for (guint i = 0; i < sand_game_n_markers (game) && k < 0; i++)
        if (g_str_equal (sand_game_get_marker (game, i)->kind, MK_RECON))
          k = (int) i;
      if (k >= 0)
        sand_game_remove_marker (game, (guint) k);
    }
}

void
lfaf_phase_begin (SandGame *game)
{
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    sand_game_set_unit_aux (game, i, 0, sand_game_units (game)[i].aux[0] & ~(guint32) LF_FIRED);
  /* 12: a village belongs to the side whose units were last alone in it
   * (set-up included). */
  LfafData *d = lfaf (game);
  for (guint k = 0; k < d->victory->len; k++)
    lfaf_update_control (game, sand_map_get_marker (sand_game_get_map (game),
                                               (guint) g_array_index (d->victory, int, k))->hex);
  if (d->start_held == NULL)
    lfaf_record_start (game);
  int phase = sand_game_get_phase (game);
  if (phase == lfaf_phase_index (game, "command"))
    judge_command (game, sand_game_get_side (game));
  else if (phase == lfaf_phase_index (game, "rally"))
    rally_phase (game);
  sand_game_changed (game);
}

void
lfaf_phase_end (SandGame *game)
{
  const SandUnitState *unit_states = sand_game_units (game);
  LfafData *d = lfaf (game);
  int side = sand_game_get_side (game);

  if (sand_game_get_phase (game) != sand_game_phase_movement (game))
    return;
  /* 2: artillery that stayed put turns to its fire side. */
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    {
      const SandUnitState *u = &unit_states[i];
      if (u->side == side && u->status == SAND_UNIT_ON_MAP && is_type (game, (int) i,
                                                                        d->t_artillery)
          && !(u->flags & SAND_UNIT_MOVED))
        sand_game_set_unit_aux (game, i, 0, u->aux[0] | LF_DEPLOYED);
    }
  /* 4.1, 4.4: a stack still over the limit at the end of the friendly
   * Movement Phase loses its surplus units, "owning player's choice": those
   * the owner picked (`surplus ID`) first, then the last counters. */
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    {
      const SandUnitState *u = &unit_states[i];
      if (u->side != side || u->status != SAND_UNIT_ON_MAP)
        continue;
      int hex = u->hex;
      for (int pass = 0; pass < 2; pass++)
        for (guint j = sand_game_unit_count (game);
             j-- > 0 && lfaf_stack_at (game, side, hex, -1) > d->stack_limit;)
          {
            const SandUnitState *v = &unit_states[j];
            if (v->side == side && v->status == SAND_UNIT_ON_MAP && v->hex == hex
                && (pass == 1 || (v->aux[0] & LF_SURPLUS)))
              {
                /* 12 (reconstructed): the enemy did not take these steps */
                sand_game_set_unit_aux (game, j, 1, v->strength);
                eliminate (game, (int) j);
              }
          }
    }
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    if (unit_states[i].side == side)
      sand_game_set_unit_aux (game, i, 0, unit_states[i].aux[0] & ~(int) LF_SURPLUS);
  sand_game_changed (game);
}

gboolean
lfaf_phase_automatic (SandGame *game,
                      int       phase)
{
  if (phase == lfaf_phase_index (game, "administrative")
      || phase == lfaf_phase_index (game, "command"))
    return TRUE;
  /* The Rally Phase stops only for the German aerial reconnaissance. */
  if (phase == lfaf_phase_index (game, "rally"))
    return sand_game_get_side (game) != lfaf (game)->side_german;
  return FALSE;
}

/* Victory (12, reconstructed) -------------------------------------------------- */

void
lfaf_victory (SandGame    *game,
              SandVictory *out)
{
  const SandUnitState *unit_states = sand_game_units (game);
  LfafData *d = lfaf (game);
  int fr = d->side_french, de = d->side_german;
  if (fr < 0 || de < 0)
    return;
  /* Steps: those the enemy took — not those a side's own over-limit stack
   * shed at the end of its Movement Phase (4.1, 4.4), marked in aux[1]. */
  int lost[SAND_MAX_SIDES] = { 0 };
  for (int s = 0; s < sand_game_n_sides (game) && s < SAND_MAX_SIDES; s++)
    lost[s] = sand_game_points_lost (game, s);
  if (!d->vp_surplus)
    for (guint i = 0; i < sand_game_unit_count (game); i++)
      if (unit_states[i].side < SAND_MAX_SIDES)
        lost[unit_states[i].side] -= unit_states[i].aux[1];
  out->points[fr] = lost[de] * d->vp_step;
  out->points[de] = lost[fr] * d->vp_step;
  /* Villages: each scores for the side holding it at the end, if that side
   * did not hold it at the start — the points measure ground won in play. */
  for (guint k = 0; k < d->victory->len; k++)
    {
      const SandMarker *v = sand_map_get_marker (sand_game_get_map (game),
                                                 (guint) g_array_index (d->victory, int, k));
      int i = sand_game_find_marker (game, MK_CONTROL, v->hex);
      if (i < 0)
        continue;
      const SandGameMarker *m = sand_game_get_marker (game, i);
      if (m->side < 0 || m->side >= SAND_MAX_SIDES)
        continue;
      if (d->vp_start_villages || lfaf_start_holder (game, k) != m->side)
        out->points[m->side] += m->value;
    }
  out->net = out->points[de] - out->points[fr];
  const SandVictoryLevel *lvl = sand_scenario_victory_level_for (sand_game_get_scenario (game),
                                                                 out->net);
  out->level = lvl ? lvl->label : NULL;
}

int
lfaf_max_strength (SandGame *game,
                   int       unit)
{
  return lfaf_unit_max_steps (game, unit);
}

/* Command queries for the playtest's overlay (sand-game.h) ---------------------- */

gboolean
sand_game_command_range (SandGame *game,
                         int       hq,
                         GArray   *hexes)
{
  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (hexes != NULL, FALSE);

  if (sand_game_get_rules (game) != &sand_rules_lfaf1914 || hq < 0 || (guint) hq
      >= sand_game_unit_count (game))
    return FALSE;
  LfafData *d = lfaf (game);
  const SandUnitState *h = &sand_game_units (game)[hq];
  if (!is_type (game, hq, d->t_hq) || h->status != SAND_UNIT_ON_MAP)
    return FALSE;
  /* The same trace as lfaf_command_of, from the HQ outwards. */
  sand_zoc_update (game);
  sand_supply_trace (game, h->side, &h->hex, 1, d->command_radius, loc_blocked);
  guint n = 0;
  const int *reached = sand_supply_reached (game, &n);
  g_array_append_vals (hexes, reached, n);
  return TRUE;
}

int
sand_game_unit_commander (SandGame *game,
                          int       unit)
{
  g_return_val_if_fail (game != NULL, -2);

  if (sand_game_get_rules (game) != &sand_rules_lfaf1914 || unit < 0 || (guint) unit
      >= sand_game_unit_count (game)
      || sand_game_units (game)[unit].status != SAND_UNIT_ON_MAP)
    return -2;
  int dist;
  int hq = lfaf_command_of (game, unit, &dist);
  return hq == -3 ? -2 : hq;
}
