/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules-lfaf-move.c: La fleur au fusil, août 1914, village control,
 * movement and reinforcements.
 *
 * Who holds a village, what entering a hex changes, the dynamic checks of
 * a movement step (3.2, 4.2), where a move may end (4.4) and what an
 * arriving reinforcement pays (5).
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-rules-lfaf-private.h"

#include <string.h>

void
lfaf_update_control (SandGame *game, int hex)
{
  LfafData *d = lfaf (game);
  for (guint k = 0; k < d->victory->len; k++)
    {
      const SandMarker *m = sand_map_get_marker (sand_game_get_map (game),
                                                 (guint) g_array_index (d->victory,
                                                                                   int, k));
      if (m->hex != hex)
        continue;
      int holder = -1, sides = 0;
      for (int s = 0; s < sand_game_n_sides (game); s++)
        if (sand_game_n_any_at (game, s, hex) > 0)
          {
            holder = s;
            sides++;
          }
      if (sides != 1)
        return;
      int i = sand_game_find_marker (game, MK_CONTROL, hex);
      if (i >= 0 && sand_game_get_marker (game, i)->side == holder)
        return;
      if (i >= 0)
        sand_game_remove_marker (game, (guint) i);
      sand_game_add_marker (game, MK_CONTROL, hex, holder, m->value);
      return;
    }
}

/* 12 (reconstructed): the start position the village points are measured
 * from — where the orders of battle put each unit, and who held each
 * victory village, when the game was made. */
void
lfaf_record_start (SandGame *game)
{
  LfafData *d = lfaf (game);
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    {
      const SandUnitState *u = &sand_game_units (game)[i];
      /* turn 1's reinforcements entered already are not set-up */
      d->start_hex[i] = u->status == SAND_UNIT_ON_MAP && u->arrive_turn <= 0 ? u->hex
        : SAND_HEX_NONE;
    }
  d->start_held = g_new (int, d->victory->len + 1);
  for (guint k = 0; k < d->victory->len; k++)
    {
      guint marker = (guint) g_array_index (d->victory, int, k);
      int hex = sand_map_get_marker (sand_game_get_map (game), marker)->hex;
      int i = sand_game_find_marker (game, MK_CONTROL, hex);
      d->start_held[k] = i >= 0 ? sand_game_get_marker (game, i)->side : -1;
    }
}

/* Who held each victory village when play began, into @holders: the side
 * alone in it once both sides set up (the set-up's actions lead the log,
 * sand_game_setup_end), or, if the set-up left it empty, whoever held it when
 * the game was made (as update_control keeps a village with the side last
 * alone in it). */
static void
start_holders (SandGame *game,
               int      *holders)
{
  LfafData *d = lfaf (game);
  guint n_units = sand_game_unit_count (game);
  g_autofree int *at = g_memdup2 (d->start_hex, sizeof (int) * (n_units + 1));
  int n_setup = sand_game_setup_end (game, NULL);
  guint n = n_setup >= 0 ? (guint) n_setup : sand_game_log_length (game);
  /* every side's set-up: the second sets up after the first's `ready` */
  for (guint l = 0; l < n; l++)
    {
      const SandAction *a = sand_game_log_action (game, l);
      if (a->spec->kind == SAND_ACTION_SETUP)
        at[a->unit] = a->hex;
    }
  for (guint k = 0; k < d->victory->len; k++)
    {
      guint marker = (guint) g_array_index (d->victory, int, k);
      int hex = sand_map_get_marker (sand_game_get_map (game), marker)->hex;
      int holder = -1, sides = 0;
      for (int s = 0; s < sand_game_n_sides (game); s++)
        for (guint i = 0; i < n_units; i++)
          if (sand_game_units (game)[i].side == s && at[i] == hex)
            {
              holder = s;
              sides++;
              break;
            }
      holders[k] = sides == 1 ? holder : sides == 0 ? d->start_held[k] : -1;
    }
}

/* The holder of victory village @k when play began. The victory count
 * asks it at every look (the computer player looks after each try), so
 * once the set-up is over the answer is worked out once and kept until
 * the set-up ends anew (an undo back into it). */
int
lfaf_start_holder (SandGame *game, guint k)
{
  LfafData *d = lfaf (game);
  if (d->start_held == NULL)
    return -1;
  guint epoch;
  if (sand_game_setup_end (game, &epoch) < 0)
    {
      /* still setting up: what it left so far */
      g_autofree int *holders = g_new (int, d->victory->len + 1);
      start_holders (game, holders);
      return holders[k];
    }
  if (d->start_holder == NULL)
    d->start_holder = g_new (int, d->victory->len + 1);
  if (d->start_holder_epoch != epoch)
    {
      start_holders (game, d->start_holder);
      d->start_holder_epoch = epoch;
    }
  return d->start_holder[k];
}

/* 4.1: "Friendly units cannot enter hexes containing enemy units, with the
 * exception of an attack on headquarters or artillery alone (see 7.10)".
 * 7.10 is not in the transcription; reconstructed: infantry, light
 * infantry and cavalry may move into a hex whose enemy units are all
 * headquarters and artillery; the move ends there. */
gboolean
lfaf_may_enter_enemy (SandGame *game,
                      int       unit,
                      int       hex)
{
  LfafData *d = lfaf (game);
  const SandUnitState *us = sand_game_units (game);
  int side = us[unit].side;

  if (is_type (game, unit, d->t_hq) || is_type (game, unit, d->t_artillery))
    return FALSE;
  gboolean any = FALSE;
  for (guint i = 0; i < sand_game_n_units (game); i++)
    {
      if (us[i].status != SAND_UNIT_ON_MAP || us[i].hex != hex || us[i].side == side)
        continue;
      if (!is_type (game, (int) i, d->t_hq) && !is_type (game, (int) i, d->t_artillery))
        return FALSE;
      any = TRUE;
    }
  return any;
}

/* 7.10 (reconstructed): the attack on headquarters or artillery alone.
 * Guns without infantry to cover them are taken: each battery is
 * eliminated, its steps lost. A staff rides off: each HQ goes to the
 * nearest hex, within its command radius, holding other units of its side
 * and no enemy unit (ties: hex order), and is eliminated when there is
 * none. */
static void
overrun (SandGame *game,
         int       unit,
         int       hex)
{
  LfafData *d = lfaf (game);
  const SandUnitState *us = sand_game_units (game);
  int side = us[unit].side;

  for (guint i = 0; i < sand_game_n_units (game); i++)
    {
      if (us[i].status != SAND_UNIT_ON_MAP || us[i].hex != hex || us[i].side == side)
        continue;
      if (is_type (game, (int) i, d->t_artillery))
        {
          lfaf_take_steps (game, (int) i, us[i].strength, NULL);
          continue;
        }
      int best = SAND_HEX_NONE, best_dist = G_MAXINT;
      for (int h = 0; h < sand_game_n_hexes (game); h++)
        {
          int dist = sand_grid_distance (sand_game_get_grid (game), hex, h);
          if (h == hex || dist > MAX (1, d->command_radius) || dist >= best_dist
              || sand_game_n_any_at (game, side, h) > 0)
            continue;
          int own = sand_game_n_any_at (game, us[i].side, h);
          if (own == 0)
            continue;
          best = h;
          best_dist = dist;
        }
      if (best != SAND_HEX_NONE)
        sand_game_place_unit (game, (int) i, best);
      else
        lfaf_take_steps (game, (int) i, us[i].strength, NULL);
    }
}

void
lfaf_entered_hex (SandGame *game,
                  int       unit,
                  int       hex,
                  int       from)
{
  /* 8.1: artillery that moves is on its movement side. */
  sand_game_set_unit_aux (game, unit, 0,
                          sand_game_units (game)[unit].aux[0] & ~(guint32) LF_DEPLOYED);
  if (sand_game_enemy_blocks (game, sand_game_units (game)[unit].side, hex))
    overrun (game, unit, hex);
  lfaf_update_control (game, hex);
}

/* Whether enemy units of @side's foes would control @hex but for the
 * village exemption (3.2 exception). */
static gboolean
latent_enemy_zoc (SandGame *game, int side, int hex)
{
  LfafData *d = lfaf (game);
  for (int dir = 0; dir < SAND_N_DIRS; dir++)
    {
      int n = sand_grid_neighbour (sand_game_grid (game), hex, dir);
      if (n == SAND_HEX_NONE || lfaf_nozoc_hex (game, n))
        continue;
      for (int s = 0; s < sand_game_n_sides (game); s++)
        {
          if (s == side || sand_game_n_any_at (game, s, n) == 0)
            continue;
          for (guint i = 0; i < sand_game_unit_count (game); i++)
            {
              const SandUnitState *u = &sand_game_units (game)[i];
              if (u->status == SAND_UNIT_ON_MAP && u->hex == n && u->side == s
                  && tparam (d->type_zoc, d, utype (game, (int) i), 1))
                return TRUE;
            }
        }
    }
  return FALSE;
}

int
lfaf_step_check (SandGame    *game,
                 int          unit,
                 int          from,
                 int          dir,
                 int          to,
                 int         *layer,
                 gboolean    *stop,
                 const char **rule,
                 const char **why)
{
  LfafData *d = lfaf (game);
  int v = d->terrain_village;
  int side = sand_game_units (game)[unit].side;

  /* 4.2: the layer says the step came along a road that negated the
   * terrain cost of the hex entered. */
  *layer = lfaf_road_across (game, from, dir)
    && d->terrain_cost[sand_map_get_terrain (sand_game_get_map (game), to)] > d->road_cost;
  if (v < 0 || sand_map_get_terrain (sand_game_get_map (game), from) != v
      || sand_map_get_terrain (sand_game_get_map (game), to) != v)
    return 0;
  if (!latent_enemy_zoc (game, side, from) || !latent_enemy_zoc (game, side, to))
    return 0;
  if (lfaf_river_unbridged (game, from, dir))
    {
      *rule = "LFAF 3.2";
      *why = N_("between two villages both in enemy zones of control, a river without a bridge "
                "may not be crossed");
      return -1;
    }
  *stop = TRUE;
  *rule = "LFAF 3.2";
  *why = N_("moving from one village to the next, both in enemy zones of control, ends the move");
  return 0;
}

gboolean
lfaf_may_end (SandGame    *game,
              int          unit,
              int          hex,
              const char **rule,
              const char **why)
{
  const SandUnitState *unit_states = sand_game_units (game);
  LfafData *d = lfaf (game);
  int side = unit_states[unit].side;

  if (lfaf_stack_at (game, side, hex, unit) + lfaf_stack_value (game, unit) > d->stack_limit)
    {
      *rule = "LFAF 4.1";
      *why = N_("more than six steps would be stacked there");
      return FALSE;
    }
  int t = utype (game, unit);
  /* 4.2: only when the last step used the road to negate the terrain
   * cost (the movement core's layer, see lfaf_step_check). */
  if (tparam (d->type_road_exempt, d, t, 0) || sand_game_move_end_layer (game) != 1)
    return TRUE;
  int others = 0, non_line = 0;
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    {
      const SandUnitState *u = &unit_states[i];
      if ((int) i == unit || u->status != SAND_UNIT_ON_MAP || u->hex != hex || u->side != side
          || tparam (d->type_road_exempt, d, utype (game, (int) i), 0))
        continue;
      others++;
      if (!tparam (d->type_line, d, utype (game, (int) i), 0))
        non_line++;
    }
  if (others == 0)
    return TRUE;
  if (tparam (d->type_line, d, t, 0) && non_line == 0 && others + 1 <= d->road_limit_line)
    return TRUE;
  *rule = "LFAF 4.2";
  *why = N_("a unit that used road movement may not end stacked on a road hex (two line "
            "infantry battalions excepted)");
  return FALSE;
}

/* Reinforcements (5) ------------------------------------------------------------ */

void
lfaf_arrived (SandGame *game,
              int       unit)
{
  LfafData *d = lfaf (game);
  const SandUnitState *u = &sand_game_units (game)[unit];
  /* 5: full allowance, paying for the entry hex; 8.1: on the movement
   * side; entering the map is moving (no fire side, no rally this phase);
   * 3.1: a flag hex in an enemy ZoC ends the move there. */
  int terrain = sand_map_get_terrain (sand_game_get_map (game), u->hex);
  sand_game_set_unit_mp (game, unit, d->terrain_cost[terrain], u->rail_credit);
  sand_game_set_unit_aux (game, unit, 0, u->aux[0] & ~(guint32) LF_DEPLOYED);
  sand_game_change_unit_flags (game, unit, SAND_UNIT_MOVED, 0);
  sand_zoc_update (game);
  if (sand_game_zoc_mask (game)[u->hex] & ~(1u << u->side))
    sand_game_change_unit_flags (game, unit, SAND_UNIT_STOPPED, 0);
  lfaf_update_control (game, u->hex);
}
