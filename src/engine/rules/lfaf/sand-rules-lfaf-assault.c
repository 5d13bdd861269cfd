/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules-lfaf-assault.c: La fleur au fusil, août 1914, assault results and retreats.
 *
 * Steps lost, retreats with their paths and the room they need, and the
 * assault itself (7).
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-rules-lfaf-private.h"
#include "sand-ruleset-labels.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int
lfaf_cell_int (const SandTableRow *row, int col)
{
  return row != NULL && col >= 0 ? atoi (row->cells[col]) : 0;
}

void
lfaf_take_steps (SandGame *game, int unit, int loss, SandAttackResult *out)
{
  const SandUnitState *u = &sand_game_units (game)[unit];
  loss = MIN (loss, u->strength);
  if (loss <= 0)
    return;
  /* one entry per unit: a retreat's step losses join the assault's */
  gboolean merged = FALSE;
  for (guint i = 0; out != NULL && i < out->losses->len && !merged; i++)
    if (g_array_index (out->losses, SandLoss, i).unit == unit)
      {
        g_array_index (out->losses, SandLoss, i).loss += loss;
        merged = TRUE;
      }
  SandLoss l = { unit, loss };
  if (out != NULL && !merged)
    g_array_append_val (out->losses, l);
  sand_game_add_points_lost (game, u->side, loss);
  sand_game_set_unit_strength (game, unit, u->strength - loss);
  if (u->strength <= 0)
    {
      sand_game_set_unit_strength (game, unit, 0);
      sand_game_set_unit_aux (game, unit, 0, 0);
      sand_game_remove_unit (game, unit, SAND_UNIT_ELIMINATED);
      if (out != NULL)
        g_array_append_val (out->eliminated, unit);
    }
}

/* The next hex of a retreat from @here, @k hexes from @origin: farther
 * from it, enterable, no enemy units; preferring no enemy ZoC, then room
 * in the stack. */
static int
retreat_step (SandGame *game, int side, int origin, int here, int k, int steps, gboolean *zoc)
{
  int best = SAND_HEX_NONE, best_score = G_MAXINT;
  sand_zoc_update (game);
  for (int dir = 0; dir < SAND_N_DIRS; dir++)
    {
      int n = sand_grid_neighbour (sand_game_grid (game), here, dir);
      if (n == SAND_HEX_NONE || sand_grid_distance (sand_game_grid (game), origin, n) != k)
        continue;
      guint8 c = sand_game_edge_costs (game)[here * SAND_N_DIRS + dir];
      if (c == 255 || sand_game_no_entry (game, side)[n] || sand_game_enemy_blocks (game, side, n))
        continue;
      gboolean z = (sand_game_zoc_mask (game)[n] & ~(1u << side)) != 0;
      int over = lfaf_stack_at (game, side, n, -1) + steps > lfaf (game)->stack_limit;
      int score = (z ? 100 : 0) + over * 10;
      if (score < best_score)
        {
          best = n;
          best_score = score;
          *zoc = z;
        }
    }
  return best;
}

/* The way from @here to @end in @left steps, each one farther from
 * @origin, with the fewest enemy-controlled hexes, then the fewest
 * overstacked ones (as retreat_step prefers); its score, or G_MAXINT. */
static int
retreat_path_to (SandGame *game, int side, int origin, int here, int end, int left, int steps,
                 int *path)
{
  if (left == 0)
    return here == end ? 0 : G_MAXINT;
  int best = G_MAXINT;
  int sub[SAND_RETREAT_MAX_HEXES];
  int k = sand_grid_distance (sand_game_grid (game), origin, here) + 1;
  for (int dir = 0; dir < SAND_N_DIRS; dir++)
    {
      int n = sand_grid_neighbour (sand_game_grid (game), here, dir);
      if (n == SAND_HEX_NONE || sand_grid_distance (sand_game_grid (game), n, end) > left - 1
          || !sand_combat_retreat_may_enter (game, side, origin, here, k, n))
        continue;
      int s = retreat_path_to (game, side, origin, n, end, left - 1, steps, sub);
      if (s == G_MAXINT)
        continue;
      s += ((sand_game_zoc_mask (game)[n] & ~(1u << side)) ? 100 : 0)
        + (lfaf_stack_at (game, side, n, -1) + steps > lfaf (game)->stack_limit ? 10 : 0);
      if (s < best)
        {
          best = s;
          path[0] = n;
          memcpy (path + 1, sub, sizeof (int) * (gsize) (left - 1));
        }
    }
  return best;
}

/* The owner's chosen retreat as a path from @here: the hexes as given
 * when they are legal steps, else the best way to the one end hex. */
static int
chosen_path (SandGame *game, const SandRetreat *r, int side, int origin, int here, int steps,
             int *path)
{
  int at = here;
  gboolean literal = r->n_hexes >= 1 && r->n_hexes <= SAND_RETREAT_MAX_HEXES;
  for (int i = 0; literal && i < r->n_hexes; i++)
    {
      int k = sand_grid_distance (sand_game_grid (game), origin, at) + 1;
      literal = r->hexes[i] >= 0 && r->hexes[i] < sand_game_n_hexes (game)
        && sand_combat_retreat_may_enter (game, side, origin, at, k, r->hexes[i]);
      at = r->hexes[i];
    }
  if (literal)
    {
      memcpy (path, r->hexes, sizeof (int) * (gsize) r->n_hexes);
      return r->n_hexes;
    }
  if (r->n_hexes != 1 || r->hexes[0] < 0 || r->hexes[0] >= sand_game_n_hexes (game))
    return -1;
  int left = sand_grid_distance (sand_game_grid (game), origin, r->hexes[0])
    - sand_grid_distance (sand_game_grid (game), origin, here);
  if (left < 1 || left > SAND_RETREAT_MAX_HEXES)
    return -1;
  sand_zoc_update (game);
  if (retreat_path_to (game, side, origin, here, r->hexes[0], left, steps, path) == G_MAXINT)
    return -1;
  return left;
}

/* Whether @unit was on @here before the retreat and may make room for
 * the retreating @units there (4.3). */
static gboolean
makes_room (SandGame *game, GArray *units, int here, int side, int unit, const int *move,
            int n_move)
{
  const SandUnitState *u = &sand_game_units (game)[unit];
  if (u->status != SAND_UNIT_ON_MAP || u->hex != here || u->side != side)
    return FALSE;
  for (guint j = 0; j < units->len; j++)
    if (g_array_index (units, int, j) == unit)
      return FALSE;
  for (int j = 0; j < n_move; j++)
    if (move[j] == unit)
      return FALSE;
  return TRUE;
}

/* A hex a unit making room may go to: next to @here, not back into the
 * assaulted @origin, enterable and free of enemy units. */
static gboolean
room_hex_ok (SandGame *game, int side, int origin, int here, int hex)
{
  int dir = hex >= 0 && hex < sand_game_n_hexes (game)
    ? sand_grid_direction_to (sand_game_grid (game), here, hex) : -1;
  return dir >= 0 && hex != origin && sand_game_edge_costs (game)[here * SAND_N_DIRS + dir] != 255
    && !sand_game_no_entry (game, side)[hex] && !sand_game_enemy_blocks (game, side, hex);
}

/* Retreats the @units (one stack on one hex) @hexes hexes away from
 * @origin, by the owner's @chosen way or by default the best next hex
 * each time; the way taken goes to @log ("ID:HEX/HEX"). 3.1: a retreat
 * into an enemy ZoC costs a step; 7.4: every hex it cannot retreat costs
 * one; 4.3: an overstack at the end pushes the units already there one
 * hex on, or eliminates the retreating stack. */
static void
retreat_stack (SandGame *game, GArray *units, int origin, int hexes,
               const SandAttackChoices *ch, GString *log, SandAttackResult *out)
{
  const SandUnitState *unit_states = sand_game_units (game);
  const SandRetreat *chosen = sand_combat_chosen_retreat (ch, (const int *) (void *) units->data,
                                                          units->len);
  LfafData *d = lfaf (game);
  if (units->len == 0 || hexes <= 0)
    return;
  int side = unit_states[g_array_index (units, int, 0)].side;
  int here = unit_states[g_array_index (units, int, 0)].hex;
  int steps = 0;
  for (guint i = 0; i < units->len; i++)
    steps += lfaf_stack_value (game, g_array_index (units, int, i));
  gboolean into_zoc = FALSE;
  int blocked = 0;
  int path[SAND_RETREAT_MAX_HEXES];
  int n_path = chosen != NULL ? chosen_path (game, chosen, side, origin, here, steps, path) : -1;
  if (n_path > hexes)
    n_path = -1;
  GString *way = g_string_new (NULL);
  for (int k = 1; k <= hexes; k++)
    {
      gboolean z = FALSE;
      int next;
      if (n_path >= 0)
        {
          next = k <= n_path ? path[k - 1] : SAND_HEX_NONE;
          sand_zoc_update (game);
          z = next != SAND_HEX_NONE && (sand_game_zoc_mask (game)[next] & ~(1u << side)) != 0;
        }
      else
        next = retreat_step (game, side, origin, here,
                             sand_grid_distance (sand_game_grid (game), origin,
                                                 here) + 1, steps, &z);
      if (next == SAND_HEX_NONE)
        {
          blocked = hexes - k + 1;
          break;
        }
      into_zoc |= z;
      for (guint i = 0; i < units->len; i++)
        {
          int u = g_array_index (units, int, i);
          if (unit_states[u].status == SAND_UNIT_ON_MAP)
            sand_game_step_unit (game, u, next);
        }
      g_autofree char *nid = sand_game_hex_id (game, next);
      g_string_append_printf (way, "%s%s", k > 1 ? "/" : "", nid);
      here = next;
    }
  if (log != NULL && way->len > 0)
    g_string_append_printf (log, "%s%s:%s", log->len ? "," : "",
                            sand_game_unit_id (game, g_array_index (units, int, 0)), way->str);
  g_string_free (way, TRUE);
  for (guint i = 0; i < units->len; i++)
    {
      int u = g_array_index (units, int, i);
      if (unit_states[u].status != SAND_UNIT_ON_MAP)
        continue;
      int loss = blocked * d->unable_retreat_loss + (into_zoc ? d->retreat_zoc_loss : 0);
      lfaf_take_steps (game, u, loss, out);
    }
  /* 4.3: the owner selects units that were there to make room, each
   * retreating one hex (retreat= naming such a unit and its hex); by
   * default the first counters, together, to the first hex with room for
   * them all. If they cannot go without overstacking, the retreating
   * stack is eliminated instead and nothing else moves. */
  int total = lfaf_stack_at (game, side, here, -1);
  if (total <= d->stack_limit || blocked == hexes)
    return;
  int excess = total - d->stack_limit, freed = 0;
  int move[64], dest[64], n_move = 0;
  for (guint c = 0; ch != NULL && c < ch->n_retreats && freed < excess && n_move < 64; c++)
    {
      const SandRetreat *r = &ch->retreats[c];
      int u = r->unit;
      if (u < 0 || (guint) u >= sand_game_unit_count (game)
          || !makes_room (game, units, here, side, u, move, n_move))
        continue;
      move[n_move] = u;
      dest[n_move] = r->n_hexes == 1 && room_hex_ok (game, side, origin, here, r->hexes[0])
                     ? r->hexes[0] : SAND_HEX_NONE;
      n_move++;
      freed += lfaf_stack_value (game, u);
    }
  for (guint i = 0; i < sand_game_unit_count (game) && freed < excess && n_move < 64; i++)
    {
      if (!makes_room (game, units, here, side, (int) i, move, n_move))
        continue;
      move[n_move] = (int) i;
      dest[n_move] = SAND_HEX_NONE;
      n_move++;
      freed += lfaf_stack_value (game, (int) i);
    }
  /* Room on each chosen hex, then one hex for the others together. */
  gboolean fits = TRUE;
  int msteps = 0;
  for (int i = 0; i < n_move; i++)
    {
      if (dest[i] == SAND_HEX_NONE)
        {
          msteps += lfaf_stack_value (game, move[i]);
          continue;
        }
      int there = lfaf_stack_at (game, side, dest[i], -1);
      for (int j = 0; j < n_move; j++)
        if (dest[j] == dest[i])
          there += lfaf_stack_value (game, move[j]);
      fits &= there <= d->stack_limit;
    }
  int common = SAND_HEX_NONE;
  for (int dir = 0; dir < SAND_N_DIRS && common == SAND_HEX_NONE && msteps > 0; dir++)
    {
      int n = sand_grid_neighbour (sand_game_grid (game), here, dir);
      if (n == SAND_HEX_NONE || !room_hex_ok (game, side, origin, here, n))
        continue;
      int there = lfaf_stack_at (game, side, n, -1) + msteps;
      for (int j = 0; j < n_move; j++)
        if (dest[j] == n)
          there += lfaf_stack_value (game, move[j]);
      if (there <= d->stack_limit)
        common = n;
    }
  if (!fits || (msteps > 0 && common == SAND_HEX_NONE))
    {
      for (guint i = 0; i < units->len; i++)
        {
          int u = g_array_index (units, int, i);
          if (unit_states[u].status == SAND_UNIT_ON_MAP)
            lfaf_take_steps (game, u, unit_states[u].strength, out);
        }
      return;
    }
  for (int i = 0; i < n_move; i++)
    {
      int to = dest[i] != SAND_HEX_NONE ? dest[i] : common;
      sand_game_step_unit (game, move[i], to);
      if (log != NULL)
        {
          g_autofree char *tid = sand_game_hex_id (game, to);
          g_string_append_printf (log, "%s%s:%s", log->len ? "," : "",
                                  sand_game_unit_id (game, move[i]), tid);
        }
    }
}

gboolean
lfaf_attack (SandGame                *game,
             int                      hex,
             const int               *attackers,
             guint                    n,
             const SandAttackChoices *ch,
             SandAttackResult        *out,
             GError                 **error)
{
  const SandUnitState *unit_states = sand_game_units (game);
  LfafData *d = lfaf (game);

  if (sand_game_get_phase (game) != sand_game_phase_combat (game))
    {
      sand_game_refuse (game, error, "LFAF 2",
                        /* TRANSLATORS: %s is the phase's name (msgctxt "phase") */
                        _("Assaults are made only in the Combat Phase, not in this phase (%s)."),
                        sand_ruleset_phase_label (sand_game_get_ruleset (game),
                                                  (guint) sand_game_get_phase (game)));
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    if (unit_states[attackers[i]].side != sand_game_get_side (game))
      {
        g_autofree char *who = sand_game_unit_label_for (game, attackers[i],
                                                         sand_game_get_side (game),
                                                         SAND_UNIT_LABEL_WITH_ID);
        sand_game_refuse (game, error, "LFAF 2",
                          _("%s may not assault in the other side's Combat Phase."), who);
        return FALSE;
      }
  g_autoptr(GArray) support = g_array_new (FALSE, FALSE, sizeof (int));
  if (!lfaf_odds_full (game, hex, attackers, n, ch, &out->odds, support, error))
    {
      sand_odds_clear (&out->odds);
      return FALSE;
    }
  for (guint i = 0; i < ch->n_advance; i++)
    {
      gboolean found = FALSE;
      for (guint j = 0; j < n; j++)
        found |= attackers[j] == ch->advance[i];
      if (!found)
        {
          g_autofree char *who = sand_game_unit_label_for (game, ch->advance[i],
                                                           sand_game_get_side (game),
                                                           SAND_UNIT_LABEL_WITH_ID);
          sand_game_refuse (game, error, "LFAF 7.5", _("%s did not assault, so it cannot advance."),
                            who);
          sand_odds_clear (&out->odds);
          return FALSE;
        }
    }

  sand_game_begin_action (game);
  int att_side = unit_states[attackers[0]].side;
  out->roll = sand_game_roll (game, sand_game_params (game)->die_sides);
  out->modified_roll = out->roll + out->odds.drm;
  const SandTableRow *row = sand_combat_row (d->assault, out->modified_roll);
  int aloss = lfaf_cell_int (row, d->col_att), dloss = lfaf_cell_int (row, d->col_def);
  int dret = lfaf_cell_int (row, d->col_dret), aret = lfaf_cell_int (row, d->col_aret);
  g_snprintf (out->result, sizeof out->result, "%d/%d%s%s", aloss, dloss,
              dret > 0 ? (dret > 1 ? " DR2" : " DR") : "", aret > 0 ? " AR" : "");
  out->attacker_loss = aloss;
  out->defender_loss = dloss;
  out->losses = g_array_new (FALSE, FALSE, sizeof (SandLoss));
  out->eliminated = g_array_new (FALSE, FALSE, sizeof (int));
  out->advanced = g_array_new (FALSE, FALSE, sizeof (int));
  if (sand_game_plan (game) != NULL)
    {
      /* Two-step combat: the steps each owner takes (7.3), the stacks
       * that retreat and where they may go (7.4, 3.1: into enemy control
       * at a step's cost), and who may advance (7.5). */
      SandPendingAttack *p = sand_game_plan (game);
      g_autoptr(GArray) pdef = g_array_new (FALSE, FALSE, sizeof (int));
      lfaf_units_on (game, hex, att_side, TRUE, pdef);
      const int *dv = (const int *) (void *) pdef->data;
      int def_side = pdef->len > 0 ? unit_states[dv[0]].side
                                   : sand_game_other_side (game, att_side);
      sand_combat_plan_loss (game, &p->loss[0], att_side, aloss, attackers, n, -1, "LFAF 7.3");
      sand_combat_plan_loss (game, &p->loss[1], def_side, dloss, dv, pdef->len, -1, "LFAF 7.3");
      if (dret > 0)
        sand_combat_plan_retreat (game, p, dv, pdef->len, hex, dret, TRUE, "LFAF 7.4");
      for (guint i = 0; aret > 0 && i < n; i++)
        sand_combat_plan_retreat (game, p, &attackers[i], 1, hex, aret, TRUE, "LFAF 7.4");
      int have = 0;
      for (guint i = 0; i < p->loss[1].units->len; i++)
        have += g_array_index (p->loss[1].units, SandLossOption, i).limit;
      if (aret == 0 && (dret > 0 || dloss >= have))
        g_array_append_vals (p->advance, attackers, n);
      p->advance_rule = "LFAF 7.5";
      sand_game_abort_action (game);
      return TRUE;
    }
  for (guint i = 0; i < support->len; i++)
    sand_game_set_unit_aux (game, g_array_index (support, int, i), 0,
                            unit_states[g_array_index (support, int, i)].aux[0] | LF_FIRED);

  g_autoptr(GArray) def = g_array_new (FALSE, FALSE, sizeof (int));
  lfaf_units_on (game, hex, att_side, TRUE, def);
  for (guint i = 0; i < def->len; i++)
    sand_game_change_unit_flags (game, g_array_index (def, int, i), SAND_UNIT_DEFENDED, 0);
  for (guint i = 0; i < n; i++)
    sand_game_change_unit_flags (game, attackers[i], SAND_UNIT_ATTACKED, 0);

  /* 7.3: steps, the owner's choice; by default the biggest unit first. */
  g_autoptr(GArray) alloc = g_array_new (FALSE, FALSE, sizeof (SandLoss));
  sand_combat_allocate (game, attackers, n, aloss, ch->losses, ch->n_losses, alloc);
  sand_combat_allocate (game, (const int *) (void *) def->data, def->len, dloss, ch->losses,
                        ch->n_losses, alloc);
  for (guint i = 0; i < alloc->len; i++)
    {
      SandLoss *l = &g_array_index (alloc, SandLoss, i);
      lfaf_take_steps (game, l->unit, l->loss, out);
    }
  /* The log records the allocation before retreats add their own losses. */
  g_autoptr(GArray) chosen = g_array_copy (alloc);

  /* 7.4: retreats. */
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < def->len; i++)
    {
      int u = g_array_index (def, int, i);
      if (unit_states[u].status == SAND_UNIT_ON_MAP)
        g_array_append_val (stack, u);
    }
  g_autoptr(GString) retreats = g_string_new (NULL);
  if (dret > 0)
    retreat_stack (game, stack, hex, dret, ch, retreats, out);
  if (aret > 0)
    {
      g_autoptr(GArray) group = g_array_new (FALSE, FALSE, sizeof (int));
      for (guint i = 0; i < n; i++)
        {
          int a = attackers[i];
          if (unit_states[a].status != SAND_UNIT_ON_MAP)
            continue;
          g_array_set_size (group, 0);
          g_array_append_val (group, a);
          retreat_stack (game, group, hex, aret, ch, retreats, out);
        }
    }

  /* 7.5: advance into an emptied hex, within the stacking limit. */
  gboolean emptied = !sand_game_enemy_blocks (game, att_side, hex);
  for (guint i = 0; emptied && aret == 0 && i < ch->n_advance; i++)
    {
      int a = ch->advance[i];
      if (unit_states[a].status != SAND_UNIT_ON_MAP
          || lfaf_stack_at (game, att_side, hex, -1) + lfaf_stack_value (game, a) > d->stack_limit)
        continue;
      sand_game_step_unit (game, a, hex);
      g_array_append_val (out->advanced, a);
    }

  /* The log says how the losses were spread and where the stacks went,
   * so a replay is exact. */
  SandAction *act = sand_action_new_kind (SAND_ACTION_ATTACK);
  act->hex = hex;
  sand_action_set_units (act, attackers, n);
  sand_action_set_losses (act, chosen, -1);
  if (retreats->len > 0)
    {
      act->retreats = g_array_new (FALSE, FALSE, sizeof (SandRetreat));
      sand_game_parse_retreats (game, retreats->str, act->retreats, NULL);
    }
  if (ch->choose_support)
    sand_action_set_support (act, support);
  sand_action_set_advance (act, out->advanced);
  sand_game_commit_action (game, act);
  return TRUE;
}
