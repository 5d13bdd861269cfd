/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules-fpw-move.c: Franco-Prussian War 1870, entering hexes and rail and EB movement.
 *
 * What happens when a unit enters a hex (rail cuts, secured lines, EBs
 * pushed back, Luxemburg opened), rail movement and its limits, EB movement
 * with its river roll, entraining and detraining.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-rules-fpw-private.h"
#include "sand-ruleset-labels.h"

#include <stdio.h>

/* Whether rail hex @h is part of a line of @side's EBs: home rail, rail
 * they secured, or either of those cut by the enemy since (a cut ends the
 * line for supply, but the rail is still there to be pushed back along). */
static gboolean
eb_line_hex (SandGame *game,
             int       side,
             int       h)
{
  FpwData *d = fpw (game);
  guint8 bits = sand_game_rail_bits (game)[h];

  return d->rail_hex[h] && (d->home[h] == side || (bits & SAND_RAIL_SECURED (side))
                            || (bits & SAND_RAIL_CUT (side)));
}

/* The nearest hex along @side's line from @from, in rail hexes, holding no
 * unit of @enemy (ties: hex order), or SAND_HEX_NONE. */
static int
nearest_free_on_line (SandGame *game,
                      int       side,
                      int       enemy,
                      int       from)
{
  int n_hexes = sand_game_n_hexes (game);
  g_autofree gboolean *seen = g_new0 (gboolean, n_hexes);
  g_autofree int *queue = g_new (int, n_hexes);
  int head = 0, tail = 0, best = SAND_HEX_NONE, best_dist = -1;
  g_autofree int *dist = g_new (int, n_hexes);

  seen[from] = TRUE;
  dist[from] = 0;
  queue[tail++] = from;
  while (head < tail)
    {
      int h = queue[head++];
      if (best_dist >= 0 && dist[h] > best_dist)
        break;
      if (h != from && sand_game_n_any_at (game, enemy, h) == 0
          && (best == SAND_HEX_NONE || h < best))
        {
          best = h;
          best_dist = dist[h];
        }
      for (int dir = 0; dir < SAND_N_DIRS; dir++)
        {
          int n = sand_grid_neighbour (sand_game_grid (game), h, dir);
          if (n == SAND_HEX_NONE || seen[n] || !rail_across (game, h, dir)
              || !eb_line_hex (game, side, n))
            continue;
          seen[n] = TRUE;
          dist[n] = dist[h] + 1;
          queue[tail++] = n;
        }
    }
  return best;
}

/* EB Units (C): the EB on @hex, which an enemy unit has entered, "is moved
 * back down the secured rail line toward the Friendly Country", skipping
 * hexes held by the enemy "to the next hex unoccupied by an Enemy unit".
 * The line is followed through hexes the enemy has cut since (the rail is
 * there; the cut only ends it for supply). When the line gives no such hex
 * — the EB is on its own home rail, or everything homewards is held — it
 * goes to the nearest hex of its side's rail free of the enemy; with none
 * at all it leaves the map as a reserve counter (never destroyed). */
static void
push_back_eb (SandGame *game,
              int       eb,
              int       hex,
              int       pusher_side)
{
  int side = sand_game_units (game)[eb].side;
  FpwData *d = fpw (game);
  int n_hexes = sand_game_n_hexes (game);

  /* Distances along the line from the EB's home rail. */
  g_autofree int *dist = g_new (int, n_hexes);
  g_autofree int *queue = g_new (int, n_hexes);
  int head = 0, tail = 0;
  for (int h = 0; h < n_hexes; h++)
    {
      dist[h] = -1;
      if (d->rail_hex[h] && d->home[h] == side)
        {
          dist[h] = 0;
          queue[tail++] = h;
        }
    }
  while (head < tail)
    {
      int h = queue[head++];
      for (int dir = 0; dir < SAND_N_DIRS; dir++)
        {
          int n = sand_grid_neighbour (sand_game_grid (game), h, dir);
          if (n == SAND_HEX_NONE || dist[n] >= 0 || !rail_across (game, h, dir)
              || !eb_line_hex (game, side, n))
            continue;
          dist[n] = dist[h] + 1;
          queue[tail++] = n;
        }
    }
  int cur = hex;
  while (dist[cur] > 0)
    {
      int next = SAND_HEX_NONE;
      for (int dir = 0; dir < SAND_N_DIRS && next == SAND_HEX_NONE; dir++)
        {
          int n = sand_grid_neighbour (sand_game_grid (game), cur, dir);
          if (n != SAND_HEX_NONE && rail_across (game, cur, dir) && dist[n] == dist[cur] - 1)
            next = n;
        }
      if (next == SAND_HEX_NONE)
        break;
      cur = next;
      if (sand_game_n_any_at (game, pusher_side, cur) == 0)
        break; /* the first hex free of the enemy: it stops there */
    }
  if (sand_game_n_any_at (game, pusher_side, cur) > 0)
    cur = nearest_free_on_line (game, side, pusher_side, cur);
  if (cur == SAND_HEX_NONE)
    sand_game_remove_unit (game, eb, SAND_UNIT_RESERVE);
  else if (cur != hex)
    sand_game_place_unit (game, eb, cur);
}

static void fpw_entered_hex_inner (SandGame *game, int unit, int hex, int from);

void
fpw_entered_hex (SandGame *game,
                 int       unit,
                 int       hex,
                 int       from)
{
  FpwData *d = fpw (game);
  if (d->luxemburg >= 0 && sand_game_units (game)[unit].side == d->side_german
      && sand_map_get_country (sand_game_get_map (game),
                               hex) == d->luxemburg && !fpw_luxemburg_open (game))
    {
    sand_game_add_marker (game, fpw_luxemburg_marker, hex, d->side_german, 1);
    }
  fpw_entered_hex_inner (game, unit, hex, from);
}

static void
fpw_entered_hex_inner (SandGame *game,
                       int       unit,
                       int       hex,
                       int       from)
{
  const SandUnitState *unit_states = sand_game_units (game);
  FpwData *d = fpw (game);
  int side = unit_states[unit].side;
  guint8 bits = sand_game_rail_bits (game)[hex];

  if (fpw_unit_is_eb (game, unit))
    {
      /* EB Units (E), (F): an EB repairs a cut of its own side; on the
       * enemy's rails it secures the line for supply. */
      bits &= (guint8) ~SAND_RAIL_CUT (side);
      if (d->rail_hex[hex] && d->home[hex] >= 0 && d->home[hex] != side)
        bits |= (guint8) SAND_RAIL_SECURED (side);
      sand_game_set_rail_bits (game, hex, bits);
      return;
    }
  /* EB Units (C): enemy EBs here are pushed back down their line, never
   * destroyed; before the cut below, which ends the line here. */
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    {
      const SandUnitState *o = &unit_states[i];
      if (o->status == SAND_UNIT_ON_MAP && o->hex == hex && o->side != side
          && fpw_unit_is_eb (game, (int) i))
        push_back_eb (game, (int) i, hex, side);
    }
  if (d->rail_hex[hex])
    for (int s = 0; s < sand_game_n_sides (game); s++)
      {
        if (s == side)
          continue;
        /* EB Units (E), (F), Rail Movement (D): moving onto the enemy's home
         * rail or a line his EBs secured cuts it. */
        if (d->home[hex] == s || (bits & SAND_RAIL_SECURED (s)))
          {
            /* EB Units (E): a new French cut of a German line brings the
             * Germans an EB on both sides of it next Movement Phase. */
            if (s == d->side_german && !(bits & SAND_RAIL_CUT (s)))
              sand_game_add_marker (game, fpw_eb_due_marker, hex, s, 1);
            bits |= (guint8) SAND_RAIL_CUT (s);
            bits &= (guint8) ~SAND_RAIL_SECURED (s);
          }
      }
  sand_game_set_rail_bits (game, hex, bits);
}

const char *const fpw_eb_due_marker = "eb-due";

/* EB Units (E): "The German Player receives an EB unit on both sides of
 * the 'cut' in his next Movement Phase." At the start of that phase, for
 * every cut still standing, a reserve EB goes on each rail hex next to it
 * along the German line (home rail or rail German EBs secured, not cut
 * itself) that no French unit holds and no German EB is on already. */
void
fpw_eb_due (SandGame *game)
{
  FpwData *d = fpw (game);
  int side = d->side_german;

  if (side < 0 || sand_game_get_side (game) != side
      || sand_game_get_phase (game) != sand_game_phase_movement (game))
    return;
  for (guint i = sand_game_n_markers (game); i-- > 0;)
    {
      const SandGameMarker *m = sand_game_get_marker (game, i);
      if (!g_str_equal (m->kind, fpw_eb_due_marker))
        continue;
      int cut = m->hex;
      sand_game_remove_marker (game, i);
      if (!(sand_game_rail_bits (game)[cut] & SAND_RAIL_CUT (side)))
        continue;
      for (int dir = 0; dir < SAND_N_DIRS; dir++)
        {
          int n = sand_grid_neighbour (sand_game_grid (game), cut, dir);
          if (n == SAND_HEX_NONE || !rail_across (game, cut, dir) || !d->rail_hex[n])
            continue;
          guint8 bits = sand_game_rail_bits (game)[n];
          if ((d->home[n] != side && !(bits & SAND_RAIL_SECURED (side)))
              || (bits & SAND_RAIL_CUT (side))
              || sand_game_n_any_at (game, d->side_french, n) > 0)
            continue;
          int reserve = -1;
          gboolean has_eb = FALSE;
          const SandUnitState *us = sand_game_units (game);
          for (guint u = 0; u < sand_game_unit_count (game); u++)
            {
              if (us[u].side != side || !fpw_unit_is_eb (game, (int) u))
                continue;
              if (us[u].status == SAND_UNIT_ON_MAP && us[u].hex == n)
                has_eb = TRUE;
              else if (us[u].status == SAND_UNIT_RESERVE && reserve < 0)
                reserve = (int) u;
            }
          if (!has_eb && reserve >= 0)
            sand_game_place_unit (game, reserve, n);
        }
    }
}

/* Rail and EB movement ------------------------------------------------------- */

gboolean
fpw_special_mode (SandGame        *game,
                  int              unit,
                  SandSpecialMove *out)
{
  FpwData *d = fpw (game);
  const SandUnitState *u = &sand_game_units (game)[unit];

  /* EB units count their four hexes in eighteenths, as entrained units
   * count rail hexes: every hex costs a whole one (fpw_special_step). */
  if (fpw_unit_is_eb (game, unit) || (u->flags & SAND_UNIT_ENTRAINED))
    {
      int mp_left = MAX (0, fpw_allowance (game, unit) - u->mp_spent);
      *out = (SandSpecialMove) { u->rail_credit + mp_left * d->rail_per_mp, d->rail_per_mp,
                                 u->rail_credit };
      return TRUE;
    }
  return FALSE;
}

/* Whether @side may use rail hex @hex for rail movement. */
static gboolean
rail_usable (SandGame    *game,
             int          side,
             int          hex,
             const char **rule,
             const char **why)
{
  FpwData *d = fpw (game);

  if (d->home[hex] != side)
    {
      *rule = "Rail Movement (C)";
      *why = N_("units move by rail only in their home country");
      return FALSE;
    }
  if (sand_game_rail_bits (game)[hex] & SAND_RAIL_CUT (side))
    {
      *rule = "Rail Movement (D)";
      *why = N_("the rail line is cut there");
      return FALSE;
    }
  for (int s = 0; s < sand_game_n_sides (game); s++)
    if (s != side && (sand_game_rail_bits (game)[hex] & SAND_RAIL_SECURED (s)))
      {
        *rule = "EB Units (G)";
        *why = N_("the enemy's EB units have cleared that line");
        return FALSE;
      }
  if (sand_game_enemy_blocks (game, side, hex))
    {
      *rule = "Movement (I)";
      *why = N_("units may never enter a hex holding enemy combat or fortification units");
      return FALSE;
    }
  if (fpw_adjacent_to_enemy (game, side, hex, FALSE))
    {
      *rule = "Rail Movement (B)";
      *why = N_("no rail movement in hexes adjacent to enemy combat or fortification units");
      return FALSE;
    }
  return TRUE;
}

int
fpw_special_step (SandGame    *game,
                  int          unit,
                  int          from,
                  int          dir,
                  int          to,
                  int          link_dist,
                  gboolean    *stop,
                  const char **rule,
                  const char **why)
{
  const SandUnitState *u = &sand_game_units (game)[unit];
  int side = u->side;

  *stop = FALSE;
  if (sand_game_no_entry (game, side)[to])
    {
      *rule = "National Boundaries";
      *why = N_("its side may never enter that hex");
      return -1;
    }
  if (fpw_unit_is_eb (game, unit))
    {
      FpwData *d = fpw (game);
      if (dir < 0 || !rail_across (game, from, dir))
        {
          *rule = "Movement (A)";
          *why = N_("EB units move only along rail lines");
          return -1;
        }
      if (sand_game_enemy_blocks (game, side, to) || fpw_adjacent_to_enemy (game, side, to, TRUE)
          || sand_game_n_any_at (game, sand_game_other_side (game, side), to) > 0)
        {
          *rule = "EB Units (I)";
          *why = N_("EB units may not move onto or next to enemy combat, fortification or EB "
                    "units");
          return -1;
        }
      /* Procedure: "four hexes (regardless of terrain) along a rail line",
       * every hex counted, at home too: EB Units (B) lets EBs move on
       * their home rail lines, not at Rail Movement's eighteen hexes a MP
       * (they have no MP to entrain with). The option eb-rail-at-home
       * keeps the other reading (and games saved before this one). */
      const char *r2, *w2;
      if (sand_scenario_has_option (sand_game_get_scenario (game), "eb-rail-at-home")
          && d->home[from] == side && rail_usable (game, side, to, &r2, &w2))
        return 1;
      return d->rail_per_mp;
    }
  /* Entrained: Rail Movement (A), (F). */
  if (dir < 0)
    {
      if (!rail_usable (game, side, from, rule, why) || !rail_usable (game, side, to, rule, why))
        return -1;
      return link_dist;
    }
  if (!rail_across (game, from, dir))
    {
      *rule = "Rail Movement (A)";
      *why = N_("a unit moves by rail only across hexsides the rail line crosses");
      return -1;
    }
  if (!rail_usable (game, side, to, rule, why))
    return -1;
  return 1;
}

void
fpw_special_spend (SandGame *game,
                   int       unit,
                   int       units)
{
  FpwData *d = fpw (game);
  const SandUnitState *u = &sand_game_units (game)[unit];

  if (units <= u->rail_credit)
    {
      sand_game_set_unit_mp (game, unit, u->mp_spent, u->rail_credit - units);
      return;
    }
  int beyond = units - u->rail_credit;
  int mp = (beyond + d->rail_per_mp - 1) / d->rail_per_mp;
  sand_game_set_unit_mp (game, unit, u->mp_spent + mp, u->rail_credit);
  sand_game_set_unit_mp (game, unit, u->mp_spent, mp * d->rail_per_mp - beyond);
}

/* EB Units (H): crossing a river into the enemy's country takes a roll. */
guint
fpw_special_walk (SandGame  *game,
                  int        unit,
                  const int *path,
                  guint      n)
{
  FpwData *d = fpw (game);
  const SandUnitState *u = &sand_game_units (game)[unit];

  if (!fpw_unit_is_eb (game, unit) || sand_game_feature_river (game) < 0)
    return n;
  /* "On the following Friendly Movement Phase, the EB unit may continue its
   * movement": the river it was halted at (aux[1]: hex * 8 + dir + 1) is
   * crossed then without another roll; any other first step forgets it. */
  int waived = u->aux[1];
  int here = u->hex;
  for (guint i = 0; i < n; i++)
    {
      int dir = sand_grid_direction_to (sand_game_grid (game), here, path[i]);
      int crossing = here * 8 + dir + 1;
      if (dir >= 0 && sand_map_side_has (sand_game_get_map (game), here, dir,
                                         sand_game_feature_river (game))
          && d->home[path[i]] >= 0 && d->home[path[i]] != u->side && crossing != waived)
        {
          int roll = sand_game_roll (game, 6);
          if (roll >= d->eb_stop_roll)
            {
              sand_game_change_unit_flags (game, unit, SAND_UNIT_HALTED, 0);
              sand_game_set_unit_aux (game, unit, 1, crossing);
              return i;
            }
        }
      if (i == 0 && waived != 0)
        sand_game_set_unit_aux (game, unit, 1, 0);
      here = path[i];
    }
  return n;
}

gboolean
fpw_entrain (SandGame  *game,
             int        unit,
             GError   **error)
{
  const SandUnitState *unit_states = sand_game_units (game);
  FpwData *d = fpw (game);

  if (!sand_movement_check_may_move (game, unit, error))
    return FALSE;
  const SandUnitState *u = &unit_states[unit];
  g_autofree char *who = sand_game_unit_label_for (game, unit, sand_game_get_side (game),
                                                   SAND_UNIT_LABEL_WITH_ID);
  const char *rule = NULL, *why = NULL;

  if (!sand_game_unit_is_combat (game, unit))
    {
      sand_game_refuse (game, error, "Rail Movement (General Rule)",
                        _("Only combat units entrain; %s is not one."), who);
      return FALSE;
    }
  if (extended (game, unit))
    {
      sand_game_refuse (game, error, "Formation Status (E)",
                        _("%s is in extended formation; units move by rail only when "
                          "concentrated."), who);
      return FALSE;
    }
  if (u->flags & SAND_UNIT_ENTRAINED)
    {
      sand_game_refuse (game, error, "Rail Movement (Procedure)", _("%s is already entrained."),
                        who);
      return FALSE;
    }
  if (!d->rail_hex[u->hex])
    {
      sand_game_refuse (game, error, "Rail Movement (A)",
                        _("%s is not on a rail hex, so it cannot entrain."), who);
      return FALSE;
    }
  if (!rail_usable (game, u->side, u->hex, &rule, &why))
    {
      sand_game_refuse (game, error, rule, _("%s may not entrain here: %s."), who, _(why));
      return FALSE;
    }
  int count = 0;
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    if (unit_states[i].side == u->side && unit_states[i].status == SAND_UNIT_ON_MAP
        && (unit_states[i].flags & SAND_UNIT_WAS_ENTRAINED))
      count++;
  if (count >= d->entrain_limit[u->side])
    {
      sand_game_refuse (game, error, "Rail Movement (E)",
                        /* TRANSLATORS: %s is a side's name, %d a number of units */
                        ngettext ("%s may have only %d unit entrained this Movement Phase.",
                                  "%s may have only %d units entrained this Movement Phase.",
                                  (unsigned long) d->entrain_limit[u->side]),
                        sand_ruleset_side_label (sand_game_get_ruleset (game), u->side),
                        d->entrain_limit[u->side]);
      return FALSE;
    }
  int left = sand_game_unit_mp_left (game, unit);
  if (left < d->entrain_cost)
    {
      sand_game_refuse (game, error, "Rail Movement (Errata)",
                        _("Entraining costs %d MP; %s has %d left."), d->entrain_cost, who, left);
      return FALSE;
    }
  sand_game_begin_action (game);
  fpw_begin_motion (game, unit);
  sand_game_set_unit_mp (game, unit, u->mp_spent + d->entrain_cost, u->rail_credit);
  sand_game_set_unit_mp (game, unit, u->mp_spent, 0);
  sand_game_set_unit_flags (game, unit,
                            u->flags | SAND_UNIT_ENTRAINED | SAND_UNIT_WAS_ENTRAINED);
  SandAction *act = sand_action_new_kind (SAND_ACTION_ENTRAIN);
  act->unit = unit;
  sand_game_commit_action (game, act);
  return TRUE;
}

gboolean
fpw_detrain (SandGame  *game,
             int        unit,
             GError   **error)
{
  FpwData *d = fpw (game);

  if (!sand_movement_check_may_move (game, unit, error))
    return FALSE;
  const SandUnitState *u = &sand_game_units (game)[unit];
  g_autofree char *who = sand_game_unit_label_for (game, unit, sand_game_get_side (game),
                                                   SAND_UNIT_LABEL_WITH_ID);

  if (!(u->flags & SAND_UNIT_ENTRAINED))
    {
      sand_game_refuse (game, error, "Rail Movement (Procedure)", _("%s is not entrained."), who);
      return FALSE;
    }
  if (fpw_adjacent_to_enemy (game, u->side, u->hex, FALSE))
    {
      sand_game_refuse (game, error, "Rail Movement (B)",
                        _("%s may not detrain next to enemy combat or fortification units."), who);
      return FALSE;
    }
  int left = sand_game_unit_mp_left (game, unit);
  if (left < d->detrain_cost)
    {
      sand_game_refuse (game, error, "Rail Movement (Errata)",
                        _("Detraining costs %d MP; %s has %d left."), d->detrain_cost, who, left);
      return FALSE;
    }
  sand_game_begin_action (game);
  fpw_begin_motion (game, unit);
  sand_game_set_unit_mp (game, unit, u->mp_spent + d->detrain_cost, u->rail_credit);
  sand_game_set_unit_mp (game, unit, u->mp_spent, 0);
  sand_game_set_unit_flags (game, unit, u->flags & ~(guint32) SAND_UNIT_ENTRAINED);
  SandAction *act = sand_action_new_kind (SAND_ACTION_DETRAIN);
  act->unit = unit;
  sand_game_commit_action (game, act);
  return TRUE;
}
