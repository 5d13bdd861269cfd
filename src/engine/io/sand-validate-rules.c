/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-validate-rules.c: rules-level checks of a set-up, run by
 * sand_scenario_validate () for every game so that the editor's problem
 * list and `sandtable-cli validate` report them alike. They read the numbers from
 * the ruleset's params, as the rules modules do, so a ruleset without a
 * stacking limit gets no stacking check. */
#include "sand-validate-private.h"
#include "sand-ruleset-labels.h"

#include <glib/gi18n-lib.h>

/* What a counter counts for stacking: the type's fixed value (LFAF 4.1:
 * headquarters and artillery are one step each), else its steps. */
static int
stack_value (SandRuleset       *rs,
             const SandCounter *c)
{
  int fixed = 0;

  if (c->type >= 0 && (guint) c->type < sand_ruleset_n_unit_types (rs))
    fixed = sand_params_int (sand_ruleset_get_unit_type (rs, c->type)->params, "stack-steps", 0);
  if (fixed > 0)
    return fixed;
  return c->steps > 0 ? c->steps : 1;
}

static const char *
ruleset_side_name (SandRuleset *rs,
                   int          side)
{
  if (side < 0 || (guint) side >= sand_ruleset_n_sides (rs))
    return "?";
  return sand_ruleset_side_label (rs, side);
}

static void
check_stacking (SandScenario *s,
                GPtrArray    *problems)
{
  SandRuleset *rs = sand_scenario_get_ruleset (s);
  const SandGrid *grid = sand_map_get_grid (sand_scenario_get_map (s));
  int limit = sand_ruleset_param_int (rs, "stack-limit-steps", 0);

  if (limit <= 0)
    return;
  for (guint o = 0; o < sand_scenario_n_oobs (s); o++)
    {
      SandOob *oob = sand_scenario_get_oob (s, o);
      g_autoptr(GHashTable) steps = g_hash_table_new (NULL, NULL); /* hex → steps */
      g_autoptr(GHashTable) first = g_hash_table_new (NULL, NULL); /* hex → counter id */

      for (guint i = 0; i < oob->placements->len; i++)
        {
          const SandPlacement *p = g_ptr_array_index (oob->placements, i);
          int k = sand_scenario_find_counter (s, p->counter);
          int total;

          if (p->zone != NULL || p->hex < 0 || p->hex >= sand_grid_n_hexes (grid) || k < 0)
            continue;
          total = GPOINTER_TO_INT (g_hash_table_lookup (steps, GINT_TO_POINTER (p->hex)))
            + stack_value (rs, sand_scenario_get_counter (s, k));
          g_hash_table_insert (steps, GINT_TO_POINTER (p->hex), GINT_TO_POINTER (total));
          if (!g_hash_table_contains (first, GINT_TO_POINTER (p->hex)))
            g_hash_table_insert (first, GINT_TO_POINTER (p->hex), p->counter);
        }

      /* In hex order, so that the list reads like the map. */
      for (int hex = 0; hex < sand_grid_n_hexes (grid); hex++)
        {
          int total = GPOINTER_TO_INT (g_hash_table_lookup (steps, GINT_TO_POINTER (hex)));
          g_autofree char *id = NULL;

          if (total <= limit)
            continue;
          id = sand_grid_dup_id (grid, hex);
          /* A warning: LFAF 4.4 lets a scenario set up overstacked if the
           * stack is broken up in the first friendly Movement Phase. */
          sand_validate_add (problems, s, SAND_SEVERITY_WARNING, hex,
                             g_hash_table_lookup (first, GINT_TO_POINTER (hex)),
                             "setup-overstacked",
                             /* TRANSLATORS: the last %s is a side (msgctxt "side") */
                             g_dngettext (GETTEXT_PACKAGE,
                                          "Order of battle %s sets up %d step on hex %s; the "
                                          "stacking limit is %d at the end of a Movement "
                                          "Phase, so the stack must be broken up in the first "
                                          "Movement Phase of %s.",
                                          "Order of battle %s sets up %d steps on hex %s; the "
                                          "stacking limit is %d at the end of a Movement "
                                          "Phase, so the stack must be broken up in the first "
                                          "Movement Phase of %s.", total),
                             oob->id, total, id, limit, ruleset_side_name (rs, oob->side));
        }
    }
}

/* An entry flag under an enemy counter at the start: the side's
 * reinforcements cannot enter there until it moves away. */
static void
check_entry_blocked (SandScenario *s,
                     GPtrArray    *problems)
{
  SandRuleset *rs = sand_scenario_get_ruleset (s);
  SandMap *map = sand_scenario_get_map (s);
  g_autoptr(GHashTable) held = g_hash_table_new (NULL, NULL); /* hex → SandPlacement */
  g_autoptr(GHashTable) held_side = g_hash_table_new (NULL, NULL);

  for (guint side = 0; side < sand_ruleset_n_sides (rs); side++)
    {
      SandOob *oob = sand_scenario_default_oob (s, side);

      for (guint i = 0; oob != NULL && i < oob->placements->len; i++)
        {
          SandPlacement *p = g_ptr_array_index (oob->placements, i);

          if (p->zone == NULL && p->hex >= 0 && !g_hash_table_contains (held,
                                                                        GINT_TO_POINTER (p->hex)))
            {
              g_hash_table_insert (held, GINT_TO_POINTER (p->hex), p);
              g_hash_table_insert (held_side, GINT_TO_POINTER (p->hex), GINT_TO_POINTER (side));
            }
        }
    }
  for (guint i = 0; i < sand_map_n_markers (map); i++)
    {
      const SandMarker *m = sand_map_get_marker (map, i);
      SandPlacement *p;
      int side;
      g_autofree char *id = NULL;

      if (m->kind != SAND_MARKER_ENTRY || m->side < 0)
        continue;
      p = g_hash_table_lookup (held, GINT_TO_POINTER (m->hex));
      if (p == NULL)
        continue;
      side = GPOINTER_TO_INT (g_hash_table_lookup (held_side, GINT_TO_POINTER (m->hex)));
      if (side == m->side)
        continue;
      id = sand_grid_dup_id (sand_map_get_grid (map), m->hex);
      sand_validate_add (problems, s, SAND_SEVERITY_WARNING, m->hex, p->counter,
                         "entry-flag-blocked",
                         /* TRANSLATORS: a side (msgctxt "side"), an entry group, a hex, the
                            other side, a counter */
                         _("The entry flag of %s “%s” on hex %s is held by the counter “%s” of "
                           "%s at the start: reinforcements cannot enter there until it "
                           "leaves."),
                         ruleset_side_name (rs, m->side), m->group ? m->group : "", id,
                         p->counter, ruleset_side_name (rs, side));
    }
}

static gboolean
hex_passable (SandRuleset *rs,
              SandMap     *map,
              int          hex)
{
  guint8 t = sand_map_get_terrain (map, hex);
  int country = sand_map_get_country (map, hex);

  if (t < sand_ruleset_n_terrains (rs)
      && sand_ruleset_get_terrain (rs, t)->move_cost >= SAND_IMPASSABLE)
    return FALSE;
  return !(country >= 0 && (guint) country < sand_ruleset_n_countries (rs)
           && !sand_ruleset_get_country (rs, country)->passable);
}

static gboolean
side_passable (SandRuleset *rs,
               SandMap     *map,
               int          hex,
               int          dir)
{
  guint32 features = sand_map_get_side (map, hex, dir);

  for (guint f = 0; f < sand_ruleset_n_side_features (rs) && features != 0; f++)
    if ((features & (1u << f)) != 0
        && sand_ruleset_get_side_feature (rs, f)->move_cost >= SAND_IMPASSABLE)
      return FALSE;
  return TRUE;
}

/* An entry flag whose units could never move on: every neighbour on the
 * map is impassable or behind an impassable hexside. (An impassable flag
 * hex itself is "entry-flag-impassable".) */
static void
check_entry_reachable (SandScenario *s,
                       GPtrArray    *problems)
{
  SandRuleset *rs = sand_scenario_get_ruleset (s);
  SandMap *map = sand_scenario_get_map (s);
  const SandGrid *grid = sand_map_get_grid (map);

  for (guint i = 0; i < sand_map_n_markers (map); i++)
    {
      const SandMarker *m = sand_map_get_marker (map, i);
      gboolean way_out = FALSE;
      g_autofree char *id = NULL;

      if (m->kind != SAND_MARKER_ENTRY || m->hex < 0 || m->hex >= sand_grid_n_hexes (grid)
          || !hex_passable (rs, map, m->hex))
        continue;
      for (int dir = 0; dir < SAND_N_DIRS && !way_out; dir++)
        {
          int next = sand_grid_neighbour (grid, m->hex, dir);
          way_out = next != SAND_HEX_NONE && hex_passable (rs, map, next)
            && side_passable (rs, map, m->hex, dir);
        }
      if (way_out)
        continue;
      id = sand_grid_dup_id (grid, m->hex);
      sand_validate_add (problems, s, SAND_SEVERITY_WARNING, m->hex, NULL,
                         "entry-flag-unreachable",
                         _("Units entering at the “%s” entry flag on hex %s could never move "
                            "on: no neighbouring hex may be entered from it."),
                         m->group ? m->group : "", id);
    }
}

/* Victory levels score points that only victory hexes and edge values
 * give; without any, every game ends at the level of a net score of 0. */
static void
check_victory_hexes (SandScenario *s,
                     GPtrArray    *problems)
{
  SandMap *map = sand_scenario_get_map (s);

  if (sand_scenario_n_victory_levels (s) == 0)
    return;
  for (guint i = 0; i < sand_map_n_markers (map); i++)
    {
      SandMarkerKind kind = sand_map_get_marker (map, i)->kind;
      if (kind == SAND_MARKER_VICTORY || kind == SAND_MARKER_EDGE_VALUE)
        return;
    }
  sand_validate_add (problems, s, SAND_SEVERITY_WARNING, SAND_HEX_NONE, NULL,
                     "victory-hexes-missing",
                     _("The scenario has victory levels but the map has no victory hexes or "
                        "edge values to score them."));
}

/* The counter sheet's limits a ruleset declares as "<side>-<type>-units"
 * (FPW: "the French receive three EB units and never more"). */
static void
check_mix_counts (SandScenario *s,
                  GPtrArray    *problems)
{
  SandRuleset *rs = sand_scenario_get_ruleset (s);
  guint n_sides = sand_ruleset_n_sides (rs), n_types = sand_ruleset_n_unit_types (rs);

  for (guint side = 0; side < n_sides; side++)
    for (guint type = 0; type < n_types; type++)
      {
        g_autofree char *key = g_strdup_printf ("%s-%s-units",
                                                sand_ruleset_get_side (rs, side)->id,
                                                sand_ruleset_get_unit_type (rs, type)->id);
        int limit = sand_ruleset_param_int (rs, key, -1);
        int count = 0;
        const char *last = NULL;

        if (limit < 0)
          continue;
        for (guint i = 0; i < sand_scenario_n_counters (s); i++)
          {
            const SandCounter *c = sand_scenario_get_counter (s, i);
            if (c->side == (int) side && c->type == (int) type)
              count++, last = c->id;
          }
        if (count > limit)
          sand_validate_add (problems, s, SAND_SEVERITY_WARNING, SAND_HEX_NONE, last,
                             "counter-mix-count",
                             /* TRANSLATORS: a count, a unit type (msgctxt "unit-type"), a
                                side (msgctxt "side"), the number the game has, a param */
                             g_dngettext (GETTEXT_PACKAGE,
                                          "The counter mix holds %d counter of type %s for %s; "
                                          "the game has %d (ruleset param %s).",
                                          "The counter mix holds %d counters of type %s for %s; "
                                          "the game has %d (ruleset param %s).", count),
                             count, sand_ruleset_unit_type_label (rs, type),
                             sand_ruleset_side_label (rs, side), limit, key);
      }
}

void
sand_validate_rules (SandScenario *scenario,
                     GPtrArray    *problems)
{
  check_stacking (scenario, problems);
  check_entry_blocked (scenario, problems);
  check_victory_hexes (scenario, problems);
  check_mix_counts (scenario, problems);
  check_entry_reachable (scenario, problems);
}
