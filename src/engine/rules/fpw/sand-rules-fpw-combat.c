/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules-fpw-combat.c: Franco-Prussian War 1870, combat.
 *
 * The odds with their notes, the reconstructed Combat Results Table with its
 * die modifiers, flanking, fortifications, and losses (Unit Reduction (A)).
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-rules-fpw-private.h"
#include "sand-ruleset-labels.h"

#include <stdio.h>

/* Combat -------------------------------------------------------------------- */

static void
note (SandOdds   *out,
      const char *format,
      ...) G_GNUC_PRINTF (2, 3);

static void
note (SandOdds   *out,
      const char *format,
      ...)
{
  va_list ap;
  va_start (ap, format);
  g_ptr_array_add (out->notes, g_strdup_vprintf (format, ap));
  va_end (ap);
}

static char *
quarters (int q)
{
  if (q % 4 == 0)
    return g_strdup_printf ("%d", q / 4);
  return g_strdup_printf ("%g", q / 4.0);
}

static guint8
supply_now (SandGame *game,
            int       unit)
{
  return sand_game_unit_supply (game, unit);
}

/* The enemy units on @hex that combat engages (dummies too), and whether
 * a living enemy fort is there. */
gboolean
fpw_defenders_at (SandGame *game,
                  int       hex,
                  int       att_side,
                  GArray   *all)
{
  const SandUnitState *unit_states = sand_game_units (game);
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    if (unit_states[i].status == SAND_UNIT_ON_MAP && unit_states[i].hex == hex
        && unit_states[i].side != att_side && sand_game_unit_is_combat (game, (int) i))
      {
        int u = (int) i;
        g_array_append_val (all, u);
      }
  int fort = sand_game_fort_at (game, hex);
  return fort >= 0 && sand_game_fort_points (game, fort) > 0
    && fort_side (game, fort) != att_side;
}

/* The odds of an attack. @hasty: the points a hasty attack allocates
 * (Hasty Attacks (O)), or -1 for a Combat Phase attack. @omniscient: as
 * the rules resolve it (defenders revealed, dummies gone); otherwise as the
 * attacker sees it, face-down defenders unknown. */
gboolean
fpw_compute_odds (SandGame   *game,
                  int         hex,
                  const int  *attackers,
                  guint       n,
                  gboolean    decline_flank,
                  int         hasty,
                  gboolean    omniscient,
                  SandOdds   *out,
                  GError    **error)
{
  const SandUnitState *unit_states = sand_game_units (game);
  FpwData *d = fpw (game);
  int att_side = n > 0 ? unit_states[attackers[0]].side : sand_game_get_side (game);
  /* the attacker reads the notes; as the rules resolve it, the defenders
   * are revealed to it */
  int viewer = omniscient ? -1 : att_side;
  g_autofree char *hid = sand_game_hex_id (game, hex);

  *out = (SandOdds) { 0 };
  if (n == 0)
    {
      sand_game_invalid (game, error, _("Name the attacking units."));
      return FALSE;
    }
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) def = g_array_new (FALSE, FALSE, sizeof (int));
  int fort = sand_game_fort_at (game, hex);
  gboolean fort_alive = fpw_defenders_at (game, hex, att_side, all);
  gboolean hidden = FALSE;
  for (guint i = 0; i < all->len; i++)
    {
      int u = g_array_index (all, int, i);
      if (!omniscient && !sand_game_unit_visible (game, u, att_side))
        hidden = TRUE;
      if (!(unit_states[u].flags & SAND_UNIT_DUMMY))
        g_array_append_val (def, u);
    }
  if (all->len == 0 && !fort_alive)
    {
      sand_game_refuse (game, error, "Combat (A)",
                        _("There are no enemy combat or fortification units on %s to attack."),
                        hid);
      return FALSE;
    }
  for (guint i = 0; hasty < 0 && i < def->len; i++)
    if (unit_states[g_array_index (def, int, i)].flags & SAND_UNIT_DEFENDED)
      {
        sand_game_refuse (game, error, "Combat (C)",
                          _("The units on %s have already been attacked this Combat Phase."), hid);
        return FALSE;
      }
  if (hasty < 0 && fort_alive && sand_game_fort_attacked (game, fort))
    {
      sand_game_refuse (game, error, "Combat (C)",
                        _("The fortification on %s has already been attacked this Combat Phase."),
                        hid);
      return FALSE;
    }

  guint dirs = 0;
  int attack_q = 0;
  guint32 all_features = 0xffffffffu;
  out->notes = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < n; i++)
    {
      int a = attackers[i];
      const SandUnitState *u = &unit_states[a];
      g_autofree char *aid = sand_game_unit_label_for (game, a, viewer, SAND_UNIT_LABEL_WITH_ID);
      g_autofree char *aname = sand_game_unit_label_for (game, a, viewer, SAND_UNIT_LABEL_NAME);
      for (guint j = 0; j < i; j++)
        if (attackers[j] == a)
          {
            sand_game_invalid (game, error, _("%s is named twice."), aid);
            sand_odds_clear (out);
            return FALSE;
          }
      if (u->status != SAND_UNIT_ON_MAP || u->side != att_side)
        {
          sand_game_refuse (game, error, "Combat (A)",
                            _("%s cannot take part: all attackers must be one side's units on "
                              "the map."), aid);
          sand_odds_clear (out);
          return FALSE;
        }
      if (!sand_game_unit_is_real (game, a))
        {
          if (u->flags & SAND_UNIT_DUMMY)
            sand_game_refuse (game, error, hasty >= 0 ? "Hasty Attacks (Q)"
                              : "Standard Game Combat",
                              _("%s is a dummy counter; dummies may not attack."), aid);
          else
            sand_game_refuse (game, error, "EB Units (D)", _("%s is not a combat unit and "
                                "cannot attack."), aid);
          sand_odds_clear (out);
          return FALSE;
        }
      int dir = sand_grid_direction_to (sand_game_grid (game), hex, u->hex);
      if (dir < 0)
        {
          g_autofree char *uh = sand_game_hex_id (game, u->hex);
          sand_game_refuse (game, error, "Combat (A)",
                            _("%s on %s is not adjacent to %s; only adjacent units attack."), aid,
                            uh, hid);
          sand_odds_clear (out);
          return FALSE;
        }
      if (hasty < 0 && (u->flags & SAND_UNIT_NO_COMBAT))
        {
          sand_game_refuse (game, error, "Standard Game Sequence of Play (errata)",
                            _("%s made a hasty attack without the MP to pay for entering enemy "
                              "control; it may not attack in this Combat Phase."), aid);
          sand_odds_clear (out);
          return FALSE;
        }
      if (hasty < 0 && (u->flags & SAND_UNIT_ATTACKED))
        {
          sand_game_refuse (game, error, "Combat (C)",
                            _("%s has already attacked this Combat Phase."), aid);
          sand_odds_clear (out);
          return FALSE;
        }
      guint8 sup = supply_now (game, a);
      /* Standard Game Supply (N): isolated units may still make hasty attacks. */
      if (sup == SAND_SUPPLY_ISOLATED && hasty < 0)
        {
          sand_game_refuse (game, error, "Combat (I)", _("%s is isolated and may not attack."),
                            aid);
          sand_odds_clear (out);
          return FALSE;
        }
      int q = u->strength * 4;
      if (hasty >= 0)
        {
          /* Hasty Attacks (O), (P): part of the strength, halved. */
          q = hasty * 2;
          note (out, _("%s makes a hasty attack with %d of its %d, halved (Hasty Attacks (O), "
                  "(P))"), aname, hasty, u->strength);
        }
      if (sup == SAND_SUPPLY_UNSUPPLIED)
        {
          q /= 2;
          note (out, _("%s attacks with %d, halved: unsupplied (Supply (D))"), aname,
                hasty >= 0 ? hasty : u->strength);
        }
      else if (hasty < 0)
        note (out, _("%s attacks with %d"), aname, u->strength);
      if (extended (game, a))
        {
          q /= 2;
          note (out, _("%s is in extended formation: halved (Formation Status (C))"), aname);
        }
      attack_q += q;
      dirs |= 1u << dir;
      all_features &= sand_map_get_side (sand_game_get_map (game), hex, dir);
    }

  out->flank_possible = sand_combat_flank_shape (dirs);
  if (out->flank_possible)
    {
      if (fort_alive)
        note (out, _("no flank attack against a fortification (Combat (J), Fortification (F))"));
      else if (decline_flank)
        note (out, _("flank attack declined (Combat (J))"));
      else
        {
          out->flank = TRUE;
          attack_q *= 2;
          note (out, _("flank attack: attack strength doubled (Combat (J))"));
        }
    }

  int defense_q = 0;
  if (hidden)
    {
      /* Standard Game: the defender reveals only when the attack is made. */
      out->hidden = TRUE;
      /* TRANSLATORS: %u is a number of units, %s a hex id such as 0412 */
      note (out, ngettext ("%u face-down unit on %s: the defence is unknown until it is revealed",
                           "%u face-down units on %s: the defence is unknown until they are "
                           "revealed", all->len),
            all->len, hid);
      g_array_set_size (def, 0);
      /* what the attacker knows anyway: the fortification's points, and
       * that whoever holds it is doubled (Fortification (B)) */
      out->known_defense_q = fort_alive ? sand_game_fort_points (game, fort) * 4 : 0;
      out->hidden_factor_q = fort_alive ? 8 : 4;
    }
  else if (def->len < all->len)
    /* TRANSLATORS: %u is a number of counters, %s a hex id such as 0412 */
    note (out, ngettext ("%u dummy counter on %s, removed when revealed "
                         "(Standard Game Combat Phase)",
                         "%u dummy counters on %s, removed when revealed "
                         "(Standard Game Combat Phase)", all->len - def->len),
          all->len - def->len, hid);
  for (guint i = 0; i < def->len; i++)
    {
      int du = g_array_index (def, int, i);
      const SandUnitState *u = &unit_states[du];
      g_autofree char *dname = sand_game_unit_label_for (game, du, viewer, SAND_UNIT_LABEL_NAME);
      int q = u->strength * 4;
      GString *why = g_string_new (NULL);
      guint8 sup = supply_now (game, du);
      if (sup != SAND_SUPPLY_SUPPLIED)
        {
          q /= 2;
          g_string_append (why, sup == SAND_SUPPLY_ISOLATED
                                ? _(", halved as isolated (Supply (D))")
                                : _(", halved as unsupplied (Supply (D))"));
        }
      if (u->flags & SAND_UNIT_ENTRAINED)
        {
          q /= 2;
          g_string_append (why, _(", halved as entrained (Terrain Effects Chart)"));
        }
      if (extended (game, du))
        {
          q /= 2;
          g_string_append (why, _(", halved in extended formation (Formation Status (C))"));
        }
      if (fort_alive)
        {
          q *= 2;
          g_string_append (why, _(", doubled in the fortification (Fortification (B))"));
        }
      g_autofree char *qs = quarters (q);
      /* "defends with 10: 10" read as a typo: say which number is which */
      if (why->len == 0)
        note (out, _("%s defends with its strength, %d"), dname, u->strength);
      else
        /* TRANSLATORS: unit id, its defence (e.g. "6½"), its printed strength, then the
           reasons, each starting with ", " */
        note (out, _("%s defends with %s: strength %d%s"), dname, qs, u->strength, why->str);
      g_string_free (why, TRUE);
      defense_q += q;
    }
  if (fort_alive)
    {
      const SandMarker *m = sand_map_get_marker (sand_game_get_map (game),
                                                 (guint) sand_game_fort_marker (game, fort));
      if (m->name)
        /* TRANSLATORS: %s is the fortification's name, %d its strength */
        note (out, _("fortification %s adds %d (Fortification (B))"), m->name,
              sand_game_fort_points (game, fort));
      else
        note (out, _("fortification adds %d (Fortification (B))"),
              sand_game_fort_points (game, fort));
      defense_q += sand_game_fort_points (game, fort) * 4;
    }

  int drm = 0;
  int terrain = sand_map_get_terrain (sand_game_get_map (game), hex);
  if (d->terrain_drm[terrain] > 0)
    {
      drm += d->terrain_drm[terrain];
      note (out, _("defender in %s: +%d to the die (Terrain Effects Chart)"),
            sand_ruleset_terrain_label (sand_game_get_ruleset (game), (guint) terrain),
            d->terrain_drm[terrain]);
    }
  guint32 common = all_features & d->drm_features;
  if (d->feature_bridge >= 0 && (all_features & (1u << d->feature_bridge)))
    common &= ~d->cancelled_by_bridge;
  for (guint f = 0; f < SAND_MAX_SIDE_FEATURES; f++)
    if (common & (1u << f))
      {
        drm += d->drm_of_feature[f];
        /* TRANSLATORS: %s is a hexside feature's name (msgctxt "side-feature") */
        note (out, _("every attacker across a hexside with %s: +%d to the die (Terrain Effects "
                     "Chart)"),
              sand_ruleset_side_feature_label (sand_game_get_ruleset (game), f),
              d->drm_of_feature[f]);
      }

  out->attack_q = attack_q;
  out->defense_q = defense_q;
  out->drm = drm;
  if (hidden || (def->len == 0 && !fort_alive))
    {
      /* a partial sum would measure the face-down units by what it leaves out */
      if (hidden)
        out->defense_q = 0;
      g_strlcpy (out->odds, hidden ? "?" : "-", sizeof out->odds);
      return TRUE;
    }
  sand_combat_round_odds (attack_q, defense_q, &out->odds_att, &out->odds_def);
  int col = d->crt != NULL ? sand_combat_column (d->crt, out->odds_att, out->odds_def) : -1;
  if (col >= 0)
    {
      const char *cid = g_ptr_array_index (d->crt->columns, (guint) col);
      int ca, cd;
      if (sscanf (cid, "%d-%d", &ca, &cd) == 2
          && (ca != out->odds_att || cd != out->odds_def))
        note (out, _("odds %d-%d read on the %s column"), out->odds_att, out->odds_def, cid);
      g_strlcpy (out->odds, cid, sizeof out->odds);
    }
  else
    g_snprintf (out->odds, sizeof out->odds, "%d-%d", out->odds_att, out->odds_def);
  return TRUE;
}

gboolean
fpw_odds (SandGame   *game,
          int         hex,
          const int  *attackers,
          guint       n,
          gboolean    decline_flank,
          SandOdds   *out,
          GError    **error)
{
  return fpw_compute_odds (game, hex, attackers, n, decline_flank, -1, !standard (game), out,
                       error);
}

gboolean
fpw_parse_cell (const char *cell,
                int        *a,
                int        *dl)
{
  return sscanf (cell, "%d/%d", a, dl) == 2;
}

/* Unit Reduction (A), shared by Combat Phase and hasty attacks: the
 * defender's @dloss goes to the fort as far as the owner chose, then over
 * @def's units as he chose (the rest to the fort); every loss already in
 * @out (the attacker's) and these are taken from the units. Returns the
 * fort's share, which the caller takes from the fort. */
int
fpw_take_losses (SandGame                *game,
                 GArray                  *def,
                 int                      dloss,
                 int                      fort,
                 gboolean                 fort_alive,
                 const SandAttackChoices *ch,
                 SandAttackResult        *out)
{
  int to_units = dloss;
  int fort_take = 0;
  if (fort_alive && ch->fort_loss >= 0)
    {
      fort_take = MIN (MIN (ch->fort_loss, dloss), sand_game_fort_points (game, fort));
      to_units -= fort_take;
    }
  guint before = out->losses->len;
  sand_combat_allocate (game, (const int *) (void *) def->data, def->len, to_units, ch->losses,
                        ch->n_losses, out->losses);
  int taken = 0;
  for (guint i = before; i < out->losses->len; i++)
    taken += g_array_index (out->losses, SandLoss, i).loss;
  if (fort_alive)
    fort_take += MIN (to_units - taken, sand_game_fort_points (game, fort) - fort_take);
  out->fort_loss = fort_take;

  for (guint i = 0; i < out->losses->len; i++)
    {
      SandLoss *l = &g_array_index (out->losses, SandLoss, i);
      const SandUnitState *u = &sand_game_units (game)[l->unit];
      sand_game_set_unit_strength (game, l->unit, MAX (u->strength - l->loss, 0));
      sand_game_add_points_lost (game, u->side, l->loss);
      if (u->strength <= 0)
        {
          sand_game_remove_unit (game, l->unit, SAND_UNIT_ELIMINATED);
          g_array_append_val (out->eliminated, l->unit);
        }
    }
  return fort_take;
}

gboolean
fpw_attack (SandGame                *game,
            int                      hex,
            const int               *attackers,
            guint                    n,
            const SandAttackChoices *ch,
            SandAttackResult        *out,
            GError                 **error)
{
  const SandUnitState *unit_states = sand_game_units (game);
  FpwData *d = fpw (game);

  if (sand_game_get_phase (game) != sand_game_phase_combat (game))
    {
      sand_game_refuse (game, error, sand_game_get_phase (game) == sand_game_phase_movement (game)
                        ? "Movement (B)" : "Combat (A)",
                        /* TRANSLATORS: %s is the phase's name (msgctxt "phase") */
                        _("Attacks are made only in the Combat Phase, not in this phase (%s)."),
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
        sand_game_refuse (game, error, "Combat (A)",
                          _("%s may not attack in the other side's Combat Phase."),
                          who);
        return FALSE;
      }
  if (d->crt == NULL)
    {
      sand_game_invalid (game, error, _("The ruleset has no Combat Results Table ('crt')."));
      return FALSE;
    }
  if (!fpw_compute_odds (game, hex, attackers, n, ch->decline_flank, -1, TRUE, &out->odds, error))
    return FALSE;
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
          sand_game_refuse (game, error, "Combat (K)",
                            _("%s did not attack, so it cannot advance."),
                            who);
          sand_odds_clear (&out->odds);
          return FALSE;
        }
    }

  sand_game_begin_action (game);
  int att_side = unit_states[attackers[0]].side;
  out->losses = g_array_new (FALSE, FALSE, sizeof (SandLoss));
  out->eliminated = g_array_new (FALSE, FALSE, sizeof (int));
  out->advanced = g_array_new (FALSE, FALSE, sizeof (int));
  /* Standard Game Combat Phase: the defender reveals first; dummies are
   * removed; against dummies alone there is no combat, the attacker stays
   * hidden and may advance. */
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (int));
  gboolean real_fight = fpw_defenders_at (game, hex, att_side, all);
  for (guint i = 0; i < all->len; i++)
    {
      int du = g_array_index (all, int, i);
      sand_game_reveal_unit (game, du);
      if (unit_states[du].flags & SAND_UNIT_DUMMY)
        {
          sand_game_remove_unit (game, du, SAND_UNIT_ELIMINATED);
          g_array_append_val (out->eliminated, du);
        }
      else
        real_fight = TRUE;
    }
  if (!real_fight && sand_game_plan (game) != NULL)
    {
      /* Two-step combat: no die against dummies alone; only the advance. */
      g_strlcpy (out->result, "dummy", sizeof out->result);
      sand_combat_plan_loss (game, &sand_game_plan (game)->loss[0], att_side, 0, attackers, n, -1,
                             "Unit Reduction (A)");
      sand_combat_plan_loss (game, &sand_game_plan (game)->loss[1], -1, 0, NULL, 0, -1,
                             "Unit Reduction (A)");
      g_array_append_vals (sand_game_plan (game)->advance, attackers, n);
      sand_game_plan (game)->advance_rule = "Combat (K)";
      sand_game_abort_action (game);
      return TRUE;
    }
  if (!real_fight)
    {
      g_strlcpy (out->result, "dummy", sizeof out->result);
      for (guint i = 0; i < n; i++)
        sand_game_change_unit_flags (game, attackers[i], SAND_UNIT_ATTACKED, 0);
      for (guint i = 0; i < ch->n_advance; i++)
        {
          int a = ch->advance[i];
          sand_game_step_unit (game, a, hex);
          g_array_append_val (out->advanced, a);
        }
      SandAction *act = sand_action_new_kind (SAND_ACTION_ATTACK);
      act->hex = hex;
      sand_action_set_units (act, attackers, n);
      sand_action_set_advance (act, out->advanced);
      sand_game_commit_action (game, act);
      return TRUE;
    }
  out->roll = sand_game_roll (game, sand_game_params (game)->die_sides);
  out->modified_roll = out->roll + out->odds.drm;
  const SandTableRow *row = sand_combat_row (d->crt, out->modified_roll);
  int col = sand_combat_column (d->crt, out->odds.odds_att, out->odds.odds_def);
  const char *cell = row->cells[col];
  g_strlcpy (out->result, cell, sizeof out->result);
  int aloss = 0, dloss = 0;
  fpw_parse_cell (cell, &aloss, &dloss);
  out->attacker_loss = aloss;
  out->defender_loss = dloss;

  g_autoptr(GArray) def = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < all->len; i++)
    if (unit_states[g_array_index (all, int, i)].status == SAND_UNIT_ON_MAP)
      g_array_append_val (def, g_array_index (all, int, i));
  int fort = sand_game_fort_at (game, hex);
  gboolean fort_alive = fort >= 0 && sand_game_fort_points (game, fort) > 0
    && fort_side (game, fort) != att_side;

  if (sand_game_plan (game) != NULL)
    {
      /* Two-step combat: what each owner spreads (Unit Reduction (A)); the
       * hex is emptied, and the attackers may advance (Combat (K)), when
       * the defender loses all it has. */
      SandPendingAttack *p = sand_game_plan (game);
      int def_side = def->len > 0 ? unit_states[g_array_index (def, int, 0)].side
                                  : sand_game_other_side (game, att_side);
      sand_combat_plan_loss (game, &p->loss[0], att_side, aloss, attackers, n, -1,
                             "Unit Reduction (A)");
      sand_combat_plan_loss (game, &p->loss[1], def_side, dloss,
                             (const int *) (void *) def->data, def->len,
                             fort_alive ? sand_game_fort_points (game, fort) : -1,
                             "Unit Reduction (A)");
      int have = fort_alive ? sand_game_fort_points (game, fort) : 0;
      for (guint i = 0; i < p->loss[1].units->len; i++)
        have += g_array_index (p->loss[1].units, SandLossOption, i).limit;
      if (dloss >= have)
        g_array_append_vals (p->advance, attackers, n);
      p->advance_rule = "Combat (K)";
      sand_game_abort_action (game);
      return TRUE;
    }

  /* Unit Reduction (A): the owner spreads the loss as he likes; by default
   * the attacker's strongest units first, and the defender's combat units
   * before the fort. */
  sand_combat_allocate (game, attackers, n, aloss, ch->losses, ch->n_losses, out->losses);
  int fort_take = fpw_take_losses (game, def, dloss, fort, fort_alive, ch, out);
  if (fort_alive)
    {
      sand_game_set_fort_points (game, fort, sand_game_fort_points (game, fort) - fort_take);
      sand_game_set_fort_attacked (game, fort);
    }
  /* Combat reveals the units engaged to both sides (Standard Game). */
  for (guint i = 0; i < n; i++)
    {
      sand_game_change_unit_flags (game, attackers[i], SAND_UNIT_ATTACKED, 0);
      sand_game_reveal_unit (game, attackers[i]);
    }
  for (guint i = 0; i < def->len; i++)
    {
      sand_game_change_unit_flags (game, g_array_index (def, int, i), SAND_UNIT_DEFENDED, 0);
      sand_game_reveal_unit (game, g_array_index (def, int, i));
    }

  /* Combat (K): advance only into a hex emptied of every defender. */
  gboolean emptied = !sand_game_enemy_blocks (game, att_side, hex);
  for (guint i = 0; emptied && i < ch->n_advance; i++)
    {
      int a = ch->advance[i];
      if (unit_states[a].status != SAND_UNIT_ON_MAP)
        continue;
      sand_game_step_unit (game, a, hex);
      g_array_append_val (out->advanced, a);
    }

  /* The log says how the losses were spread, so a replay is exact. */
  SandAction *act = sand_action_new_kind (SAND_ACTION_ATTACK);
  act->hex = hex;
  sand_action_set_units (act, attackers, n);
  act->noflank = ch->decline_flank;
  sand_action_set_losses (act, out->losses, fort_alive ? fort_take : -1);
  sand_action_set_advance (act, out->advanced);
  sand_game_commit_action (game, act);
  return TRUE;
}
