/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules-lfaf-commands.c: La fleur au fusil, août 1914, the module's commands.
 *
 * Bombardment and Barrage markers, rally, aerial reconnaissance, the
 * command and markers queries, surplus picks (4.4), their dispatch, and
 * the states a unit shows.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-rules-lfaf-private.h"

#include <string.h>

/* The module's own actions ---------------------------------------------------------- */


/* bombard HEX ID…: 8.2. */
static gboolean
act_bombard (SandGame *game, const SandAction *action, SandResult *res, GError **error)
{
  const SandUnitState *unit_states = sand_game_units (game);
  LfafData *d = lfaf (game);
  guint n = action->units->len + 1;
  int hex = action->hex;
  const int *arts = (const int *) (void *) action->units->data;
  if (sand_game_is_over (game) || sand_game_get_phase (game) != sand_game_phase_combat (game))
    {
      sand_game_refuse (game, error, "LFAF 8.2",
                        _("Artillery bombards only in its side's Combat Phase."));
      return FALSE;
    }
  int side = sand_game_get_side (game);
  g_autofree char *hid = sand_game_hex_id (game, hex);
  g_autoptr(GArray) targets = g_array_new (FALSE, FALSE, sizeof (int));
  lfaf_units_on (game, hex, side, TRUE, targets);
  if (targets->len == 0)
    {
      sand_game_refuse (game, error, "LFAF 8.2", _("There are no enemy units on %s to bombard."),
                        hid);
      return FALSE;
    }
  for (guint i = 0; i + 1 < n; i++)
    {
      int a = arts[i];
      const SandUnitState *u = &unit_states[a];
      g_autofree char *aid = sand_game_unit_label_for (game, a, sand_game_get_side (game),
                                                       SAND_UNIT_LABEL_WITH_ID);
      for (guint j = 0; j < i; j++)
        if (arts[j] == a)
          {
            sand_game_invalid (game, error, _("%s is named twice."), aid);
            return FALSE;
          }
      if (!is_type (game, a, d->t_artillery) || u->side != side
          || u->status != SAND_UNIT_ON_MAP)
        {
          sand_game_refuse (game, error, "LFAF 8.2",
                            _("%s is not an artillery unit of the side in its Combat Phase."), aid);
          return FALSE;
        }
      if (!(u->aux[0] & LF_DEPLOYED))
        {
          sand_game_refuse (game, error, "LFAF 8.1",
                            _("%s is on its movement side; artillery fires only from its fire "
                              "side."), aid);
          return FALSE;
        }
      if (u->aux[0] & LF_FIRED)
        {
          sand_game_refuse (game, error, "LFAF 8.2", _("%s has already fired this phase."), aid);
          return FALSE;
        }
      if (lfaf_pinned (game, a))
        {
          sand_game_refuse (game, error, "LFAF 8.3", _("%s is pinned by a Barrage marker."), aid);
          return FALSE;
        }
      if (sand_grid_distance (sand_game_grid (game), u->hex, hex) > d->bombard_range)
        {
          sand_game_refuse (game, error, "LFAF 8.2",
                            g_dngettext (GETTEXT_PACKAGE, "%s is more than %d hex from %s.",
                                         "%s is more than %d hexes from %s.", d->bombard_range),
                            aid, d->bombard_range, hid);
          return FALSE;
        }
    }

  sand_game_begin_action (game);
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  int drm = (int) n - 2;
  if (drm > 0)
    g_ptr_array_add (notes,
                     g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                   "%d more artillery unit: %+d (8.2)",
                                                   "%d more artillery units: %+d (8.2)", drm),
                                      drm, drm));
  if (lfaf_nozoc_hex (game, hex))
    {
      drm += d->cover_drm;
      g_ptr_array_add (notes, g_strdup_printf (_("target in forest or village: %+d (8.2)"),
                                               d->cover_drm));
    }
  if (side == d->side_german)
    for (guint i = 0; i < sand_game_n_markers (game); i++)
      {
        const SandGameMarker *m = sand_game_get_marker (game, i);
        if (g_str_equal (m->kind, MK_RECON)
            && sand_grid_distance (sand_game_grid (game), m->hex, hex) <= d->recon_radius)
          {
            drm += d->recon_drm;
            g_ptr_array_add (notes, g_strdup_printf (_("aerial reconnaissance: %+d (10)"),
                                                     d->recon_drm));
            break;
          }
      }
  int roll = sand_game_roll (game, 6);
  const SandTableRow *row = sand_combat_row (d->bombard, roll + drm);
  gboolean barrage = lfaf_cell_int (row, d->col_barrage) > 0;
  int steps = lfaf_cell_int (row, d->col_steps);
  for (guint i = 0; i + 1 < n; i++)
    sand_game_set_unit_aux (game, arts[i], 0, unit_states[arts[i]].aux[0] | LF_FIRED);
  int hit = -1;
  if (steps > 0)
    {
      g_autoptr(GArray) alloc = g_array_new (FALSE, FALSE, sizeof (SandLoss));
      sand_combat_allocate (game, (const int *) (void *) targets->data, targets->len, steps,
                            NULL, 0, alloc);
      for (guint i = 0; i < alloc->len; i++)
        {
          SandLoss *l = &g_array_index (alloc, SandLoss, i);
          hit = l->unit;
          lfaf_take_steps (game, l->unit, l->loss, NULL);
        }
    }
  if (barrage && sand_game_enemy_blocks (game, side, hex)
      && !lfaf_pinned_hex (game, sand_game_other_side (game, side), hex))
    sand_game_add_marker (game, MK_BARRAGE, hex, side, 0);
  sand_result_add_int (res, "roll", roll);
  sand_result_add_int (res, "drm", drm);
  sand_result_add_int (res, "modified_roll", roll + drm);
  sand_result_add_bool (res, "barrage", barrage);
  sand_result_add_int (res, "steps", steps);
  if (hit >= 0)
    sand_result_add_unit (res, "hit", hit);
  sand_result_add_strings (res, "notes", notes);
  SandAction *act = sand_action_new (&lfaf_actions[LF_ACT_BOMBARD]);
  act->hex = hex;
  sand_action_set_units (act, arts, n - 1);
  sand_game_commit_action (game, act);
  return TRUE;
}

static gboolean
with_an_hq (SandGame *game, int unit)
{
  const SandUnitState *unit_states = sand_game_units (game);
  LfafData *d = lfaf (game);
  const SandUnitState *u = &unit_states[unit];
  for (int hq = d->hq_of[unit], guard = 0; hq >= 0 && guard < 8; hq = d->hq_of[hq], guard++)
    if (unit_states[hq].status == SAND_UNIT_ON_MAP && unit_states[hq].hex == u->hex)
      return TRUE;
  return FALSE;
}

/* rally ID: 2, 9. */
static gboolean
rally_check (SandGame *game, int unit, GError **error)
{
  if (!sand_movement_check_may_move (game, unit, error))
    return FALSE;
  const SandUnitState *u = &sand_game_units (game)[unit];
  g_autofree char *who = sand_game_unit_label_for (game, unit, sand_game_get_side (game),
                                                   SAND_UNIT_LABEL_WITH_ID);
  if (u->flags & SAND_UNIT_MOVED)
    {
      sand_game_refuse (game, error, "LFAF 2", _("%s has moved; a rallying unit stays put."), who);
      return FALSE;
    }
  if (u->strength >= lfaf_unit_max_steps (game, unit))
    {
      sand_game_refuse (game, error, "LFAF 9", _("%s has lost no step; there is nothing to rally."),
                        who);
      return FALSE;
    }
  if (!with_an_hq (game, unit))
    {
      sand_game_refuse (game, error, "LFAF 2",
                        _("%s must be stacked with its headquarters to rally."), who);
      return FALSE;
    }
  if (u->aux[0] & LF_OOC)
    {
      sand_game_refuse (game, error, "LFAF 6.2", _("%s is out of command and cannot rally."), who);
      return FALSE;
    }
  return TRUE;
}

static gboolean
offered_rally (SandGame *game, const SandActionSpec *spec, int unit)
{
  return sand_rules_offered_if (game, unit, rally_check);
}

static gboolean
act_rally (SandGame *game, const SandAction *a, SandResult *res, GError **error)
{
  int unit = a->unit;
  if (!rally_check (game, unit, error))
    return FALSE;
  const SandUnitState *u = &sand_game_units (game)[unit];
  sand_game_begin_action (game);
  sand_game_set_unit_aux (game, unit, 0, u->aux[0] | LF_RALLY);
  sand_game_changed (game);
  SandAction *act = sand_action_new (&lfaf_actions[LF_ACT_RALLY]);
  act->unit = unit;
  sand_game_commit_action (game, act);
  return TRUE;
}

/* What placing the reconnaissance marker asks before its hex (10). */
static gboolean
recon_check (SandGame *game, int unit, GError **error)
{
  LfafData *d = lfaf (game);
  if (sand_game_is_over (game) || sand_game_get_side (game) != d->side_german
      || sand_game_get_phase (game) != lfaf_phase_index (game, "rally"))
    {
      sand_game_refuse (game, error, "LFAF 2",
                        _("The aerial reconnaissance marker is placed by the German player in his "
                          "Rally Phase."));
      return FALSE;
    }
  for (guint i = 0; i < sand_game_n_markers (game); i++)
    if (g_str_equal (sand_game_get_marker (game, i)->kind, MK_RECON))
      {
        sand_game_refuse (game, error, "LFAF 10",
                          _("The reconnaissance marker is already placed."));
        return FALSE;
      }
  return TRUE;
}

/* The German player may place it now, on a hex he picks. */
static gboolean
offered_recon (SandGame *game, const SandActionSpec *spec, int unit)
{
  return sand_rules_offered_phase_if (game, unit, recon_check);
}

/* recon HEX: 10. */
static gboolean
act_recon (SandGame *game, const SandAction *a, SandResult *res, GError **error)
{
  LfafData *d = lfaf (game);
  int hex = a->hex;
  if (!recon_check (game, -1, error))
    return FALSE;
  sand_game_begin_action (game);
  sand_game_add_marker (game, MK_RECON, hex, d->side_german, 0);
  SandAction *act = sand_action_new (&lfaf_actions[LF_ACT_RECON]);
  act->hex = hex;
  sand_game_commit_action (game, act);
  return TRUE;
}

/* command ID: a query, 6. */
static gboolean
act_command (SandGame *game, const SandAction *a, SandResult *res, GError **error)
{
  const SandUnitState *unit_states = sand_game_units (game);
  int unit = a->unit, dist;
  if (unit_states[unit].status != SAND_UNIT_ON_MAP)
    {
      sand_game_invalid (game, error, _("%s is not on the map."), sand_game_unit_id (game, unit));
      return FALSE;
    }
  int hq = lfaf_command_of (game, unit, &dist);
  sand_result_add_string (res, "state", hq == -2 ? "independent"
                          : hq == -1 ? "out-of-command" : "in-command");
  if (hq == -3)
    sand_result_add_bool (res, "headquarters", TRUE);
  sand_result_add_bool (res, "marked", (unit_states[unit].aux[0] & LF_OOC) != 0);
  if (hq >= 0)
    {
      sand_result_add_unit (res, "hq", hq);
      sand_result_add_int (res, "distance", dist);
    }
  return TRUE;
}

/* markers: a query, the markers placed in play (Barrage, reconnaissance,
 * village control). */
static gboolean
act_markers (SandGame *game, const SandAction *a, SandResult *res, GError **error)
{
  sand_result_begin (res, "markers", SAND_FACT_ARRAY);
  for (guint i = 0; i < sand_game_n_markers (game); i++)
    {
      const SandGameMarker *m = sand_game_get_marker (game, i);
      sand_result_begin (res, NULL, SAND_FACT_OBJECT);
      sand_result_add_string (res, "kind", m->kind);
      sand_result_add_hex (res, "hex", m->hex);
      sand_result_add_string (res, "side",
                              sand_ruleset_get_side (sand_game_get_ruleset (game),
                                                     (guint) m->side)->id);
      if (m->value != 0)
        sand_result_add_int (res, "value", m->value);
      sand_result_end (res);
    }
  sand_result_end (res);
  return TRUE;
}

/* 4.4: `surplus ID` — the owner picks which units of a stack over the
 * limit go if it is still over at the end of this Movement Phase (the
 * rest, if needed, the last counters first). */
static gboolean
surplus_check (SandGame *game, int unit, GError **error)
{
  LfafData *d = lfaf (game);
  const SandUnitState *u = &sand_game_units (game)[unit];
  g_autofree char *who = sand_game_unit_label_for (game, unit, sand_game_get_side (game),
                                                   SAND_UNIT_LABEL_WITH_ID);
  if (sand_game_get_phase (game) != sand_game_phase_movement (game)
      || u->side != sand_game_get_side (game)
      || u->status != SAND_UNIT_ON_MAP)
    {
      sand_game_refuse (game, error, "LFAF 4.4",
                        _("The surplus of an overstacked hex is chosen by its owner in his "
                          "Movement Phase."));
      return FALSE;
    }
  int steps = lfaf_stack_at (game, u->side, u->hex, -1);
  if (steps <= d->stack_limit)
    {
      sand_game_refuse (game, error, "LFAF 4.4",
                        g_dngettext (GETTEXT_PACKAGE,
                                     "%s's hex holds %d step, within the limit of %d: it is no "
                                     "surplus.",
                                     "%s's hex holds %d steps, within the limit of %d: it is no "
                                     "surplus.", steps),
                        who, steps, d->stack_limit);
      return FALSE;
    }
  return TRUE;
}

static gboolean
offered_surplus (SandGame *game, const SandActionSpec *spec, int unit)
{
  return sand_rules_offered_if (game, unit, surplus_check);
}

static gboolean
act_surplus (SandGame *game, const SandAction *a, SandResult *res, GError **error)
{
  LfafData *d = lfaf (game);
  int unit = a->unit;
  const SandUnitState *u = &sand_game_units (game)[unit];
  if (!surplus_check (game, unit, error))
    return FALSE;
  int steps = lfaf_stack_at (game, u->side, u->hex, -1);
  sand_game_begin_action (game);
  sand_game_set_unit_aux (game, unit, 0, u->aux[0] | LF_SURPLUS);
  sand_game_changed (game);
  sand_result_add_int (res, "steps", steps);
  sand_result_add_int (res, "limit", d->stack_limit);
  SandAction *act = sand_action_new (&lfaf_actions[LF_ACT_SURPLUS]);
  act->unit = unit;
  sand_game_commit_action (game, act);
  return TRUE;
}

const SandActionSpec lfaf_actions[LF_N_ACTIONS] = {
  [LF_ACT_BOMBARD] = { "bombard", SAND_ACTION_MODULE,
                       { { SAND_FIELD_HEX }, { SAND_FIELD_UNITS } }, 0, NULL,
                       N_("bombard takes HEX ID…."), 0, act_bombard, NULL, NULL },
  [LF_ACT_RALLY] = { "rally", SAND_ACTION_MODULE, { { SAND_FIELD_UNIT } }, 0, NULL,
                 N_("rally takes one unit id."), 0, act_rally, NULL, offered_rally },
  [LF_ACT_RECON] = { "recon", SAND_ACTION_MODULE, { { SAND_FIELD_HEX } }, 0, NULL,
                 N_("recon takes one hex."), 0, act_recon, NULL, NULL, offered_recon },
  [LF_ACT_COMMAND] = { "command", SAND_ACTION_MODULE, { { SAND_FIELD_UNIT } }, 0, NULL,
                   N_("command takes one unit id."), SAND_ACTION_QUERY, act_command, NULL, NULL },
  [LF_ACT_MARKERS] = { "markers", SAND_ACTION_MODULE, { { 0 } }, 0, NULL,
                   N_("markers takes nothing."), SAND_ACTION_QUERY, act_markers, NULL, NULL },
  [LF_ACT_SURPLUS] = { "surplus", SAND_ACTION_MODULE, { { SAND_FIELD_UNIT } }, 0, NULL,
                          N_("surplus takes one unit id."), 0, act_surplus, NULL,
                          offered_surplus },
};

void
lfaf_unit_flags (SandGame  *game,
                 int        unit,
                 GPtrArray *names)
{
  const SandUnitState *u = &sand_game_units (game)[unit];
  if (u->status != SAND_UNIT_ON_MAP)
    return;
  if (u->aux[0] & LF_OOC)
    g_ptr_array_add (names, (gpointer) "out-of-command");
  if (lfaf_pinned (game, unit))
    g_ptr_array_add (names, (gpointer) "barrage");
  if (u->aux[0] & LF_RALLY)
    g_ptr_array_add (names, (gpointer) "rally");
  if (u->aux[0] & LF_DEPLOYED)
    g_ptr_array_add (names, (gpointer) "deployed");
  if (u->aux[0] & LF_FIRED)
    g_ptr_array_add (names, (gpointer) "fired");
  if (u->aux[0] & LF_SURPLUS)
    g_ptr_array_add (names, (gpointer) "surplus");
  /* 4.4: its hex is over the limit now (the owner may pick the surplus) */
  if (lfaf_stack_at (game, u->side, u->hex, -1) > lfaf (game)->stack_limit)
    g_ptr_array_add (names, (gpointer) "overstacked");
}
