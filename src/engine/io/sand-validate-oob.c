/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-validate-oob.c: the checks of the counter mix and the orders of
 * battle: placements, zone limits, reinforcements and entry points. Its
 * own file so that the validator's parts each hold one topic
 * (sand-validate.c runs them). */
#include "sand-validate.h"
#include "sand-validate-private.h"

#include <string.h>

#include "sand-scenario-io.h"

#include <glib/gi18n-lib.h>

void
sand_validate_check_counters (Check *c)
{
  guint n = sand_scenario_n_counters (c->s);

  for (guint i = 0; i < n; i++)
    {
      const SandCounter *k = sand_scenario_get_counter (c->s, i);
      int line = sand_scenario_get_line (c->s, SAND_LINE_COUNTER, k->id);

      if (k->side < 0 || (guint) k->side >= sand_ruleset_n_sides (c->rs))
        add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, k->id, "unknown-side",
             _("Counter “%s” belongs to no side of the %s ruleset."), k->id,
             sand_ruleset_get_id (c->rs));
      if (k->type < 0 || (guint) k->type >= sand_ruleset_n_unit_types (c->rs))
        add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, k->id, "unknown-unit-type",
             _("Counter “%s” has a unit type the %s ruleset does not define."), k->id,
             sand_ruleset_get_id (c->rs));
      if (k->reduced >= 0 && k->strength > 0 && k->reduced >= k->strength)
        add (c, SAND_SEVERITY_WARNING, line, SAND_HEX_NONE, k->id, "reduced-not-lower",
             _("Counter “%s” has a reduced strength (%d) that is not below its full strength "
                "(%d)."), k->id, k->reduced, k->strength);
    }
}

/* Per zone id, the set of its hexes (hex + 1 as keys), built once. */
static GHashTable *
zone_hex_sets (Check *c)
{
  GHashTable *sets = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                            (GDestroyNotify) g_hash_table_unref);

  for (guint i = 0; i < sand_map_n_markers (c->map); i++)
    {
      const SandMarker *m = sand_map_get_marker (c->map, i);
      GHashTable *set;

      if (m->kind != SAND_MARKER_ZONE || m->group == NULL)
        continue;
      set = g_hash_table_lookup (sets, m->group);
      if (set == NULL)
        {
          set = g_hash_table_new (NULL, NULL);
          g_hash_table_insert (sets, m->group, set);
        }
      g_hash_table_add (set, GINT_TO_POINTER (m->hex + 1));
    }
  return sets;
}

typedef struct {
  int by_zone;   /* placements "anywhere in the zone" */
  int fixed;     /* placements on a fixed hex of the zone */
  int worst;     /* most fixed placements on one hex of the zone */
  int worst_hex;
} ZoneCount;

static ZoneCount
count_zone (Check      *c,
            SandOob    *oob,
            const char *zone,
            GHashTable *hexes)
{
  g_autoptr(GHashTable) per_hex = g_hash_table_new (NULL, NULL);
  ZoneCount n = { 0, 0, 0, SAND_HEX_NONE };

  for (guint j = 0; j < oob->placements->len; j++)
    {
      const SandPlacement *p = g_ptr_array_index (oob->placements, j);

      if (p->zone != NULL && strcmp (p->zone, zone) == 0)
        n.by_zone++;
      else if (p->zone == NULL && valid_hex (c, p->hex) && hexes != NULL
               && g_hash_table_contains (hexes, GINT_TO_POINTER (p->hex + 1)))
        {
          gpointer key = GINT_TO_POINTER (p->hex + 1);
          int k = GPOINTER_TO_INT (g_hash_table_lookup (per_hex, key)) + 1;

          g_hash_table_insert (per_hex, key, GINT_TO_POINTER (k));
          n.fixed++;
          if (k > n.worst || (k == n.worst && p->hex < n.worst_hex))
            {
              n.worst = k;
              n.worst_hex = p->hex;
            }
        }
    }
  return n;
}

static void
check_zone_limits (Check      *c,
                   SandOob    *oob,
                   GHashTable *zones)
{
  /* One count per zone, however many limits name it. */
  g_autoptr(GHashTable) counts = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);

  for (guint i = 0; i < oob->zone_limits->len; i++)
    {
      const SandZoneLimit *zl = g_ptr_array_index (oob->zone_limits, i);
      int line = sand_scenario_get_oob_line (c->s, SAND_LINE_ZONE_LIMIT, oob->id, i);
      GHashTable *hexes;
      ZoneCount *n;
      int size, total;

      if (!sand_validate_zone_defined (c, zl->zone))
        {
          add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, NULL, "unknown-zone",
               _("Order of battle %s limits zone “%s”, which is not defined."), oob->id,
               zl->zone != NULL ? zl->zone : "");
          continue;
        }
      hexes = g_hash_table_lookup (zones, zl->zone);
      size = hexes != NULL ? (int) g_hash_table_size (hexes) : 0;
      n = g_hash_table_lookup (counts, zl->zone);
      if (n == NULL)
        {
          n = g_new (ZoneCount, 1);
          *n = count_zone (c, oob, zl->zone, hexes);
          g_hash_table_insert (counts, zl->zone, n);
        }
      total = n->fixed + n->by_zone;
      if (zl->max_per_hex > 0 && n->worst > zl->max_per_hex)
        add (c, SAND_SEVERITY_ERROR, line, n->worst_hex, NULL, "zone-limit-exceeded",
             g_dngettext (GETTEXT_PACKAGE,
                          "Order of battle %s sets up %d unit on hex %s, but zone “%s” allows "
                          "%d per hex.",
                          "Order of battle %s sets up %d units on hex %s, but zone “%s” allows "
                          "%d per hex.", n->worst),
             oob->id, n->worst, hex_id (c, n->worst_hex).s, zl->zone, zl->max_per_hex);
      if (zl->max_units > 0 && n->fixed > zl->max_units)
        add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, NULL, "zone-limit-exceeded",
             g_dngettext (GETTEXT_PACKAGE,
                          "Order of battle %s places %d unit on fixed hexes of zone “%s”, "
                          "which allows at most %d.",
                          "Order of battle %s places %d units on fixed hexes of zone “%s”, "
                          "which allows at most %d.", n->fixed), oob->id, n->fixed, zl->zone, zl->max_units);
      else if (zl->max_units > 0 && total > zl->max_units)
        add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, NULL, "zone-limit-exceeded",
             g_dngettext (GETTEXT_PACKAGE,
                          "Order of battle %s sets up %d unit in zone “%s”, which allows at "
                          "most %d.",
                          "Order of battle %s sets up %d units in zone “%s”, which allows at "
                          "most %d.", total),
             oob->id, total, zl->zone, zl->max_units);
      if (zl->min_units > 0 && total < zl->min_units)
        add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, NULL, "zone-limit-unmet",
             g_dngettext (GETTEXT_PACKAGE,
                          "Zone “%s” needs at least %d unit, but order of battle %s sets up "
                          "only %d there.",
                          "Zone “%s” needs at least %d units, but order of battle %s sets up "
                          "only %d there.", zl->min_units),
             zl->zone, zl->min_units, oob->id, total);
      if (zl->max_per_hex > 0 && total > zl->max_per_hex * size)
        add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, NULL, "zone-too-small",
             g_dngettext (GETTEXT_PACKAGE,
                          "Zone “%s” has %d hex and takes at most %d units per hex: too few "
                          "for the %d units order of battle %s sets up in it.",
                          "Zone “%s” has %d hexes and takes at most %d units per hex: too few "
                          "for the %d units order of battle %s sets up in it.", size), zl->zone, size, zl->max_per_hex, total,
             oob->id);
    }
}

/* "side\x1fgroup" for every entry flag (side -1: any side), so that each
 * reinforcement is checked in constant time, not by a scan of the map. */
static GHashTable *
entry_flag_set (Check *c)
{
  GHashTable *set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < sand_map_n_markers (c->map); i++)
    {
      const SandMarker *m = sand_map_get_marker (c->map, i);

      if (m->kind == SAND_MARKER_ENTRY && m->group != NULL)
        g_hash_table_add (set, g_strdup_printf ("%d\x1f%s", m->side < 0 ? -1 : m->side,
                                                m->group));
    }
  return set;
}

static gboolean
entry_group_exists (GHashTable *flags,
                    const char *group,
                    int         side)
{
  g_autofree char *mine = g_strdup_printf ("%d\x1f%s", side, group);
  g_autofree char *any = g_strdup_printf ("%d\x1f%s", -1, group);

  return g_hash_table_contains (flags, mine) || g_hash_table_contains (flags, any);
}

void
sand_validate_check_oobs (Check *c)
{
  guint n_oobs = sand_scenario_n_oobs (c->s);
  int turns = sand_scenario_get_turns (c->s);
  g_autoptr(GHashTable) used = g_hash_table_new (g_str_hash, g_str_equal);
  /* Entry groups per side that some reinforcement uses: "side\x1fgroup". */
  g_autoptr(GHashTable) entries_used = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                              NULL);
  g_autoptr(GHashTable) zones = NULL; /* zone id → set of hexes, when needed */
  g_autoptr(GHashTable) flags = NULL; /* entry flags, when needed */

  for (guint o = 0; o < n_oobs; o++)
    {
      SandOob *oob = sand_scenario_get_oob (c->s, o);
      int oob_line = sand_scenario_get_line (c->s, SAND_LINE_OOB, oob->id);
      /* counter id → line of its first entry in this OOB (placement: +, else -) */
      g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

      if (oob->side < 0 || (guint) oob->side >= sand_ruleset_n_sides (c->rs))
        add (c, SAND_SEVERITY_ERROR, oob_line, SAND_HEX_NONE, NULL, "unknown-side",
             _("Order of battle %s belongs to no side of the ruleset."), oob->id);

      for (guint i = 0; i < oob->placements->len; i++)
        {
          const SandPlacement *p = g_ptr_array_index (oob->placements, i);
          int line = sand_scenario_get_oob_line (c->s, SAND_LINE_PLACEMENT, oob->id, i);
          int k = sand_scenario_find_counter (c->s, p->counter);
          gpointer first;

          if (k < 0)
            {
              add (c, SAND_SEVERITY_ERROR, line, p->hex, p->counter, "unknown-counter",
                   _("Order of battle %s sets up counter “%s”, which is not in the counter mix."),
                   oob->id, p->counter);
              continue;
            }
          g_hash_table_add (used, p->counter);
          first = g_hash_table_lookup (seen, p->counter);
          if (first != NULL)
            add (c, SAND_SEVERITY_ERROR, line, p->hex, p->counter, "counter-placed-twice",
                 _("Counter “%s” is set up twice in order of battle %s (first on line %d)."),
                 p->counter, oob->id, GPOINTER_TO_INT (first));
          else
            g_hash_table_insert (seen, p->counter, GINT_TO_POINTER (MAX (line, 1)));
          if (sand_scenario_get_counter (c->s, k)->side != oob->side)
            add (c, SAND_SEVERITY_ERROR, line, p->hex, p->counter, "counter-wrong-side",
                 /* TRANSLATORS: a counter, its side (msgctxt "side"), an order of
                    battle, its side */
                 _("Counter “%s” is on the side %s, but order of battle %s is on the side %s."),
                 p->counter,
                 side_name (c, sand_scenario_get_counter (c->s, k)->side), oob->id,
                 side_name (c, oob->side));
          if (p->zone != NULL)
            {
              int z = sand_map_find_zone (c->map, p->zone);

              if (z < 0)
                add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, p->counter, "unknown-zone",
                     _("Counter “%s” sets up in zone “%s”, which is not defined."), p->counter,
                     p->zone);
              else if (sand_map_get_zone (c->map, z)->side >= 0
                       && sand_map_get_zone (c->map, z)->side != oob->side)
                add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, p->counter, "zone-wrong-side",
                     _("Counter “%s” of order of battle %s (%s) sets up in zone “%s”, which "
                        "belongs to %s."), p->counter, oob->id, side_name (c, oob->side), p->zone,
                     side_name (c, sand_map_get_zone (c->map, z)->side));
            }
          else if (!valid_hex (c, p->hex))
            add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, p->counter, "hex-off-map",
                 _("Counter “%s” sets up off the map."), p->counter);
          else
            {
              const char *why = impassable_reason (c, p->hex);
              if (why != NULL)
                add (c, SAND_SEVERITY_ERROR, line, p->hex, p->counter, "placement-impassable",
                     _("Counter “%s” sets up on hex %s, which units may not enter (%s)."),
                     p->counter, hex_id (c, p->hex).s, why);
            }
        }

      for (guint i = 0; i < oob->reinforcements->len; i++)
        {
          const SandReinforcement *r = g_ptr_array_index (oob->reinforcements, i);
          int line = sand_scenario_get_oob_line (c->s, SAND_LINE_REINFORCEMENT, oob->id, i);
          const char *what = r->counter;
          g_autofree char *points = NULL;

          if (r->counter == NULL)
            what = points = g_strdup_printf ("%d points", r->points);
          if (r->counter != NULL)
            {
              int k = sand_scenario_find_counter (c->s, r->counter);
              gpointer first;

              if (k < 0)
                add (c, SAND_SEVERITY_ERROR, line, r->hex, r->counter, "unknown-counter",
                     _("Order of battle %s brings in counter “%s”, which is not in the counter "
                        "mix."), oob->id, r->counter);
              else
                {
                  g_hash_table_add (used, r->counter);
                  if (sand_scenario_get_counter (c->s, k)->side != oob->side)
                    add (c, SAND_SEVERITY_ERROR, line, r->hex, r->counter, "counter-wrong-side",
                         _("Counter “%s” is on the side %s, but order of battle %s is on "
                           "the side %s."), r->counter,
                         side_name (c, sand_scenario_get_counter (c->s, k)->side), oob->id,
                         side_name (c, oob->side));
                }
              first = g_hash_table_lookup (seen, r->counter);
              if (first != NULL)
                add (c, SAND_SEVERITY_ERROR, line, r->hex, r->counter, "counter-listed-twice",
                     _("Counter “%s” appears twice in order of battle %s (first on line %d)."),
                     r->counter, oob->id, GPOINTER_TO_INT (first));
              else
                g_hash_table_insert (seen, r->counter, GINT_TO_POINTER (MAX (line, 1)));
            }
          else if (r->points <= 0)
            add (c, SAND_SEVERITY_ERROR, line, r->hex, NULL, "reinforcement-empty",
                 _("A reinforcement of order of battle %s on turn %d brings neither a counter "
                    "nor points."), oob->id, r->turn);

          if (r->turn < 1 || r->turn > turns)
            add (c, SAND_SEVERITY_ERROR, line, r->hex, r->counter, "reinforcement-after-end",
                 g_dngettext (GETTEXT_PACKAGE,
                              "Reinforcement %s arrives on turn %d, but the game has %d turn.",
                              "Reinforcement %s arrives on turn %d, but the game has %d turns.",
                              turns), what,
                 r->turn, turns);
          if (r->entry != NULL)
            {
              g_hash_table_add (entries_used, g_strdup_printf ("%d\x1f%s", oob->side, r->entry));
              if (flags == NULL)
                flags = entry_flag_set (c);
              if (!entry_group_exists (flags, r->entry, oob->side))
                add (c, SAND_SEVERITY_ERROR, line, r->hex, r->counter, "reinforcement-no-entry",
                     _("Reinforcement %s enters at flag “%s”, but the map has no %s entry flag "
                        "of that group."), what, r->entry, side_name (c, oob->side));
            }
          if (r->hex != SAND_HEX_NONE)
            {
              if (!valid_hex (c, r->hex))
                add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, r->counter, "hex-off-map",
                     _("Reinforcement %s enters off the map."), what);
              else if (impassable_reason (c, r->hex) != NULL)
                add (c, SAND_SEVERITY_ERROR, line, r->hex, r->counter, "reinforcement-no-entry",
                     _("Reinforcement %s enters at hex %s, which units may not enter (%s)."), what,
                     hex_id (c, r->hex).s, impassable_reason (c, r->hex));
            }
          else if (r->entry == NULL)
            add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, r->counter,
                 "reinforcement-no-entry",
                 _("Reinforcement %s on turn %d says neither where nor by which entry flag it "
                    "enters."), what, r->turn);
        }
      if (oob->zone_limits->len > 0)
        {
          if (zones == NULL)
            zones = zone_hex_sets (c);
          check_zone_limits (c, oob, zones);
        }
    }

  for (guint i = 0; i < sand_scenario_n_counters (c->s); i++)
    {
      const SandCounter *k = sand_scenario_get_counter (c->s, i);

      if (!g_hash_table_contains (used, k->id))
        add (c, SAND_SEVERITY_WARNING, sand_scenario_get_line (c->s, SAND_LINE_COUNTER, k->id),
             SAND_HEX_NONE, k->id, "counter-unused",
             _("Counter “%s” is neither set up nor brought in by any order of battle."), k->id);
    }

  for (guint i = 0; i < sand_map_n_markers (c->map); i++)
    {
      const SandMarker *m = sand_map_get_marker (c->map, i);
      g_autofree char *key = NULL;
      gboolean any = FALSE;

      if (m->kind != SAND_MARKER_ENTRY || m->group == NULL || !valid_hex (c, m->hex))
        continue;
      if (m->side >= 0)
        {
          key = g_strdup_printf ("%d\x1f%s", m->side, m->group);
          any = g_hash_table_contains (entries_used, key);
        }
      else
        for (guint s = 0; s < sand_ruleset_n_sides (c->rs) && !any; s++)
          {
            g_autofree char *k = g_strdup_printf ("%u\x1f%s", s, m->group);
            any = g_hash_table_contains (entries_used, k);
          }
      if (!any)
        add (c, SAND_SEVERITY_WARNING, marker_line (c, i), m->hex, NULL, "entry-flag-unused",
             _("No reinforcement of %s enters at the “%s” entry flag on hex %s."),
             m->side >= 0 ? side_name (c, m->side) : _("any side"), m->group,
             hex_id (c, m->hex).s);
    }
}
