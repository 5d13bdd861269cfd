/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-counter-mix-uses.c: where the counter mix's counters are used —
 * set up on a hex or in a zone, or arriving as a reinforcement, in which
 * order of battle — and the counts per side and type under the table. */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-counter-mix-private.h"
#include "sand-ruleset-labels.h"

/* Appends @where (and its short form, without the order of battle) to
 * what is said of @counter's use. */
static void
add_use (EditorCounterMix *self,
         const char       *counter,
         char             *where,
         char             *place)
{
  const char *old = g_hash_table_lookup (self->uses, counter);
  const char *old_place = g_hash_table_lookup (self->places, counter);

  g_hash_table_insert (self->uses, (gpointer) counter,
                       old ? g_strdup_printf ("%s, %s", old, where) : g_strdup (where));
  /* The same place in two orders of battle (a variant's) is said once. */
  if (old_place == NULL)
    g_hash_table_insert (self->places, (gpointer) counter, g_strdup (place));
  else
    {
      g_auto(GStrv) known = g_strsplit (old_place, ", ", -1);

      if (!g_strv_contains ((const char * const *) known, place))
        g_hash_table_insert (self->places, (gpointer) counter,
                             g_strdup_printf ("%s, %s", old_place, place));
    }
  g_free (where);
  g_free (place);
}

/* Where each counter is used, for the "Set-Up" column and the counts. */
void
_editor_counter_mix_rebuild_uses (EditorCounterMix *self)
{
  SandMap *map = sand_scenario_get_map (self->scenario);

  g_hash_table_remove_all (self->uses);
  g_hash_table_remove_all (self->places);
  g_hash_table_remove_all (self->arriving);
  for (guint o = 0; o < sand_scenario_n_oobs (self->scenario); o++)
    {
      SandOob *oob = sand_scenario_get_oob (self->scenario, o);

      for (guint i = 0; i < oob->placements->len; i++)
        {
          const SandPlacement *p = g_ptr_array_index (oob->placements, i);
          char hex[SAND_HEX_ID_MAX] = "";

          g_hash_table_remove (self->arriving, p->counter);
          if (p->zone != NULL)
            {
              int z = sand_map_find_zone (map, p->zone);
              const SandZoneDef *zone = z >= 0 ? sand_map_get_zone (map, (guint) z) : NULL;

              /* The zone by its name, as the map and the set-up panel show it. */
              const char *zone_name = zone != NULL && zone->name != NULL ? zone->name : p->zone;

              add_use (self, p->counter, g_strdup_printf (_("%s: zone %s"), oob->id, zone_name),
                       g_strdup (zone_name));
            }
          else
            {
              if (p->hex != SAND_HEX_NONE)
                sand_grid_format_id (sand_map_get_grid (map), p->hex, hex);
              add_use (self, p->counter, g_strdup_printf (_("%s: %s"), oob->id, hex),
                       g_strdup (hex));
            }
        }
      for (guint i = 0; i < oob->reinforcements->len; i++)
        {
          const SandReinforcement *r = g_ptr_array_index (oob->reinforcements, i);

          if (r->counter == NULL)
            continue;
          if (g_hash_table_contains (self->uses, r->counter))
            g_hash_table_remove (self->arriving, r->counter);
          else
            g_hash_table_add (self->arriving, r->counter);
          /* Translators: an order of battle's id and the turn a
           * reinforcement arrives in it. */
          add_use (self, r->counter,
                   g_strdup_printf (C_("reinforcement", "%s: turn %d"), oob->id, r->turn),
                   g_strdup_printf (_("Turn %d"), r->turn));
        }
    }
}

void
_editor_counter_mix_update_counts (EditorCounterMix *self)
{
  SandRuleset *rs = sand_scenario_get_ruleset (self->scenario);
  guint n_sides = sand_ruleset_n_sides (rs), n_types = sand_ruleset_n_unit_types (rs);
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint s = 0; s < n_sides; s++)
    {
      g_autofree guint *per_type = g_new0 (guint, n_types + 1);
      guint total = 0, placed = 0, arriving = 0, unused = 0;

      for (guint i = 0; i < sand_scenario_n_counters (self->scenario); i++)
        {
          const SandCounter *c = sand_scenario_get_counter (self->scenario, i);
          const char *use;

          if (c->side != (int) s)
            continue;
          total++;
          per_type[c->type >= 0 && (guint) c->type < n_types ? (guint) c->type : n_types]++;
          use = g_hash_table_lookup (self->uses, c->id);
          if (use == NULL)
            unused++;
          else if (g_hash_table_contains (self->arriving, c->id))
            arriving++;
          else
            placed++;
        }
      if (text->len > 0)
        g_string_append_c (text, '\n');
      {
        g_autofree char *side = g_markup_escape_text (sand_ruleset_side_label (rs, s), -1);
        g_string_append_printf (text, "<b>%s</b>: ", side);
      }
      g_string_append_printf (text, g_dngettext (NULL, "%u counter", "%u counters", total),
                              total);
      for (guint t = 0; t < n_types; t++)
        if (per_type[t] > 0)
          {
            g_autofree char *tn = g_markup_escape_text (sand_ruleset_unit_type_label (rs, t),
                                                        -1);
            g_autofree char *key = g_strdup_printf ("%s-%s-units",
                                                    sand_ruleset_get_side (rs, s)->id,
                                                    sand_ruleset_get_unit_type (rs, t)->id);
            int declared = sand_ruleset_param_int (rs, key, -1);

            g_string_append_printf (text, " · %u %s", per_type[t], tn);
            /* What the counter sheet holds, when the ruleset says. */
            if (declared >= 0)
              g_string_append_printf (text, (int) per_type[t] > declared
                                      ? _(" <span foreground=\"#c01c28\">(of %d)</span>")
                                      : _(" (of %d)"), declared);
          }
      g_string_append_printf (text, _(" — %u set up, %u arriving"), placed, arriving);
      if (unused > 0)
        g_string_append_printf (text, _(", <span foreground=\"#c01c28\">%u unused</span>"),
                                unused);
    }
  gtk_label_set_markup (self->counts_label, text->str);
}
