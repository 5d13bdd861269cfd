/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules-lfaf-combat.c: La fleur au fusil, août 1914, assault odds.
 *
 * The units an assault engages and its modifiers (7): quality, mass,
 * artillery support, terrain, pinning, command.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-rules-lfaf-private.h"
#include "sand-ruleset-labels.h"

#include <stdio.h>

/* Combat (7, reconstructed) ----------------------------------------------------- */

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

void
lfaf_units_on (SandGame *game, int hex, int side, gboolean enemies, GArray *out)
{
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    {
      const SandUnitState *u = &sand_game_units (game)[i];
      if (u->status == SAND_UNIT_ON_MAP && u->hex == hex && ((u->side != side) == enemies))
        {
          int k = (int) i;
          g_array_append_val (out, k);
        }
    }
}

/* Artillery of @side that may fire at @hex now: deployed, in range, not
 * yet fired this phase. */
static void
ready_artillery (SandGame *game, int side, int hex, GArray *out)
{
  LfafData *d = lfaf (game);
  for (guint i = 0; i < sand_game_unit_count (game); i++)
    {
      const SandUnitState *u = &sand_game_units (game)[i];
      if (u->status == SAND_UNIT_ON_MAP && u->side == side
          && is_type (game, (int) i, d->t_artillery) && (u->aux[0] & LF_DEPLOYED)
          && !(u->aux[0] & LF_FIRED) && !lfaf_pinned (game, (int) i)
          && sand_grid_distance (sand_game_grid (game), u->hex, hex) <= d->bombard_range)
        {
          int k = (int) i;
          g_array_append_val (out, k);
        }
    }
}

static int
best_quality (SandGame *game, const int *units, guint n)
{
  int q = G_MININT;
  for (guint i = 0; i < n; i++)
    if (!is_support (game, units[i]))
      q = MAX (q, sand_game_get_counter (game, units[i])->quality);
  return q == G_MININT ? 0 : q;
}

gboolean
lfaf_odds_full (SandGame                *game,
                int                      hex,
                const int               *attackers,
                guint                    n,
                const SandAttackChoices *ch,
                SandOdds                *out,
                GArray                  *support,
                GError                 **error)
{
  const SandUnitState *unit_states = sand_game_units (game);
  LfafData *d = lfaf (game);
  g_autofree char *hid = sand_game_hex_id (game, hex);
  int att_side = n > 0 ? unit_states[attackers[0]].side : sand_game_get_side (game);

  *out = (SandOdds) { 0 };
  if (n == 0)
    {
      sand_game_invalid (game, error, _("Name the assaulting units."));
      return FALSE;
    }
  g_autoptr(GArray) def = g_array_new (FALSE, FALSE, sizeof (int));
  lfaf_units_on (game, hex, att_side, TRUE, def);
  if (def->len == 0)
    {
      sand_game_refuse (game, error, "LFAF 7.1", _("There are no enemy units on %s to assault."),
                        hid);
      return FALSE;
    }
  for (guint i = 0; i < def->len; i++)
    if (unit_states[g_array_index (def, int, i)].flags & SAND_UNIT_DEFENDED)
      {
        sand_game_refuse (game, error, "LFAF 7.1",
                          _("The units on %s have already been assaulted this Combat Phase."), hid);
        return FALSE;
      }
  guint32 common = 0xffffffffu;
  int att_steps = 0;
  gboolean any_ooc = FALSE;
  for (guint i = 0; i < n; i++)
    {
      int a = attackers[i];
      const SandUnitState *u = &unit_states[a];
      g_autofree char *aid = sand_game_unit_label_for (game, a, sand_game_get_side (game),
                                                       SAND_UNIT_LABEL_WITH_ID);
      for (guint j = 0; j < i; j++)
        if (attackers[j] == a)
          {
            sand_game_invalid (game, error, _("%s is named twice."), aid);
            return FALSE;
          }
      if (u->status != SAND_UNIT_ON_MAP || u->side != att_side)
        {
          sand_game_refuse (game, error, "LFAF 7.1",
                            _("%s cannot take part: the assaulting units are one side's units on "
                              "the map."), aid);
          return FALSE;
        }
      if (is_support (game, a))
        {
          sand_game_refuse (game, error, "LFAF 7.1",
                            _("%s is a headquarters or artillery unit and does not assault "
                              "(artillery supports or bombards, 8)."), aid);
          return FALSE;
        }
      int dir = sand_grid_direction_to (sand_game_grid (game), hex, u->hex);
      if (dir < 0)
        {
          g_autofree char *uh = sand_game_hex_id (game, u->hex);
          sand_game_refuse (game, error, "LFAF 7.1",
                            _("%s on %s is not adjacent to %s; only adjacent units assault."), aid,
                            uh, hid);
          return FALSE;
        }
      if (u->flags & SAND_UNIT_ATTACKED)
        {
          sand_game_refuse (game, error, "LFAF 7.1",
                            _("%s has already assaulted this Combat Phase."), aid);
          return FALSE;
        }
      if (lfaf_river_unbridged (game, hex, dir))
        {
          sand_game_refuse (game, error, "LFAF 7.1",
                            _("%s may not assault across a river without a bridge."), aid);
          return FALSE;
        }
      att_steps += u->strength;
      common &= sand_map_get_side (sand_game_get_map (game), hex, dir);
      any_ooc |= (u->aux[0] & LF_OOC) != 0;
    }

  out->notes = g_ptr_array_new_with_free_func (g_free);
  int drm = 0;
  int def_steps = 0;
  gboolean lone = TRUE;
  for (guint i = 0; i < def->len; i++)
    {
      int du = g_array_index (def, int, i);
      def_steps += lfaf_stack_value (game, du);
      lone &= is_support (game, du);
    }
  note (out, _("assaulting steps %d against %d defending"), att_steps, def_steps);
  int q = (best_quality (game, attackers, n)
           - best_quality (game, (const int *) (void *) def->data, def->len)) * d->quality_factor;
  if (q != 0)
    {
      drm += q;
      note (out, _("troop quality: %+d (7.2)"), q);
    }
  int mass = att_steps > def_steps ? MIN (att_steps - def_steps, d->mass_max)
             : att_steps < def_steps ? -1 : 0;
  if (mass != 0)
    {
      drm += mass;
      note (out, _("mass, %d steps against %d: %+d (7.2)"), att_steps, def_steps, mass);
    }
  g_autoptr(GArray) arts = g_array_new (FALSE, FALSE, sizeof (int));
  ready_artillery (game, att_side, hex, arts);
  out->support_ready = g_array_copy (arts);
  out->support = g_array_new (FALSE, FALSE, sizeof (int));
  if (ch != NULL && ch->choose_support)
    {
      /* 8.4: the owner picks the batteries (none, one or two). */
      if ((int) ch->n_support > d->art_max)
        {
          sand_game_refuse (game, error, "LFAF 8.4",
                            g_dngettext (GETTEXT_PACKAGE,
                                         "At most %d artillery unit supports an assault.",
                                         "At most %d artillery units support an assault.",
                                         d->art_max), d->art_max);
          return FALSE;
        }
      for (guint i = 0; i < ch->n_support; i++)
        {
          gboolean ready = FALSE, twice = FALSE;
          for (guint j = 0; j < arts->len; j++)
            ready |= g_array_index (arts, int, j) == ch->support[i];
          for (guint j = 0; j < i; j++)
            twice |= ch->support[j] == ch->support[i];
          if (!ready || twice)
            {
              g_autofree char *sid = ch->support[i] >= 0
                && (guint) ch->support[i] < sand_game_unit_count (game)
                ? sand_game_unit_label_for (game, ch->support[i], sand_game_get_side (game),
                                            SAND_UNIT_LABEL_WITH_ID)
                : g_strdup ("?");
              sand_game_refuse (game, error, "LFAF 8.4",
                                g_dngettext (GETTEXT_PACKAGE,
                                             "%s cannot support the assault on %s: support comes "
                                             "from the assaulting side's artillery on its fire "
                                             "side, within %d hex, not fired or pinned this "
                                             "phase, each once.",
                                             "%s cannot support the assault on %s: support comes "
                                             "from the assaulting side's artillery on its fire "
                                             "side, within %d hexes, not fired or pinned this "
                                             "phase, each once.", d->bombard_range),
                                sid, hid, d->bombard_range);
              return FALSE;
            }
          g_array_append_val (out->support, ch->support[i]);
        }
    }
  else
    g_array_append_vals (out->support, arts->data, MIN (arts->len, (guint) d->art_max));
  int art = (int) out->support->len;
  if (art > 0)
    {
      drm += art;
      GString *names = g_string_new (NULL);
      for (int i = 0; i < art; i++)
        {
          int a = g_array_index (out->support, int, i);
          g_autofree char *name = sand_game_unit_label_for (game, a, sand_game_get_side (game),
                                                            SAND_UNIT_LABEL_NAME);
          g_string_append_printf (names, "%s%s", i ? ", " : "", name);
          if (support != NULL)
            g_array_append_val (support, a);
        }
      note (out, _("artillery support by %s: %+d (8.4)"), names->str, art);
      g_string_free (names, TRUE);
    }
  int terrain = sand_map_get_terrain (sand_game_get_map (game), hex);
  if (d->terrain_drm[terrain] != 0)
    {
      drm += d->terrain_drm[terrain];
      note (out, _("defender in %s: %+d (7.2, 11)"),
            sand_ruleset_terrain_label (sand_game_get_ruleset (game), (guint) terrain),
            d->terrain_drm[terrain]);
    }
  if (d->f_bridge >= 0 && (common & (1u << d->f_bridge)))
    common &= ~d->cancelled_by_bridge;
  for (guint f = 0; f < SAND_MAX_SIDE_FEATURES; f++)
    if ((common & (1u << f)) && d->side_drm[f] != 0)
      {
        drm += d->side_drm[f];
        note (out, _("every assaulting unit across a %s: %+d (7.2, 11)"),
              sand_ruleset_get_side_feature (sand_game_get_ruleset (game), f)->id, d->side_drm[f]);
      }
  if (lfaf_pinned_hex (game, unit_states[g_array_index (def, int, 0)].side, hex))
    {
      drm += d->pinned_drm;
      note (out, _("defender pinned by a Barrage marker: %+d (8.3)"), d->pinned_drm);
    }
  if (any_ooc)
    {
      drm += d->ooc_drm;
      note (out, _("an assaulting unit is out of command: %+d (6.2)"), d->ooc_drm);
    }
  if (lone)
    {
      drm += d->lone_drm;
      note (out, _("headquarters or artillery alone: %+d (7.10)"), d->lone_drm);
    }
  out->attack_q = att_steps * 4;
  out->defense_q = def_steps * 4;
  out->drm = drm;
  g_snprintf (out->odds, sizeof out->odds, "d6%+d", drm);
  return TRUE;
}

gboolean
lfaf_odds (SandGame   *game,
           int         hex,
           const int  *attackers,
           guint       n,
           gboolean    decline_flank,
           SandOdds   *out,
           GError    **error)
{
  if (!lfaf_odds_full (game, hex, attackers, n, sand_game_odds_choices (game), out, NULL, error))
    {
      sand_odds_clear (out);
      return FALSE;
    }
  return TRUE;
}
