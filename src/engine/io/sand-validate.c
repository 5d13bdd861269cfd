/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "sand-validate.h"

#include <string.h>

#include "sand-scenario-io.h"

typedef struct {
  char *ruleset_id; /* NULL: every ruleset */
  SandValidatorFunc func;
  gpointer user_data;
} Validator;

static GMutex validators_lock;
static GList *validators; /* Validator* */

void
sand_validator_register (const char        *ruleset_id,
                         SandValidatorFunc  func,
                         gpointer           user_data)
{
  Validator *v;

  g_return_if_fail (func != NULL);

  g_mutex_lock (&validators_lock);
  for (GList *l = validators; l != NULL; l = l->next)
    {
      Validator *old = l->data;
      if (old->func == func && old->user_data == user_data
          && g_strcmp0 (old->ruleset_id, ruleset_id) == 0)
        {
          g_mutex_unlock (&validators_lock);
          return;
        }
    }
  v = g_new0 (Validator, 1);
  v->ruleset_id = g_strdup (ruleset_id);
  v->func = func;
  v->user_data = user_data;
  validators = g_list_append (validators, v);
  g_mutex_unlock (&validators_lock);
}

void
sand_validator_unregister (const char        *ruleset_id,
                           SandValidatorFunc  func,
                           gpointer           user_data)
{
  g_mutex_lock (&validators_lock);
  for (GList *l = validators; l != NULL; l = l->next)
    {
      Validator *v = l->data;
      if (v->func == func && v->user_data == user_data
          && g_strcmp0 (v->ruleset_id, ruleset_id) == 0)
        {
          validators = g_list_delete_link (validators, l);
          g_free (v->ruleset_id);
          g_free (v);
          break;
        }
    }
  g_mutex_unlock (&validators_lock);
}

/* ------------------------------------------------------------------ */

typedef struct {
  SandScenario *s;
  SandMap *map;
  SandRuleset *rs;
  const SandGrid *grid;
  GPtrArray *problems;
} Check;

G_GNUC_PRINTF (7, 8) static SandProblem *
add (Check       *c,
     SandSeverity severity,
     int          line,
     int          hex,
     const char  *counter,
     const char  *code,
     const char  *format,
     ...)
{
  SandProblem *p;
  va_list args;

  va_start (args, format);
  p = sand_problem_new_valist (severity, hex, counter, code, format, args);
  va_end (args);
  p->line = line;
  g_ptr_array_add (c->problems, p);
  return p;
}

SandProblem *
sand_validate_add (GPtrArray    *problems,
                   SandScenario *scenario,
                   SandSeverity  severity,
                   int           hex,
                   const char   *counter,
                   const char   *code,
                   const char   *format,
                   ...)
{
  SandProblem *p;
  va_list args;

  g_return_val_if_fail (problems != NULL, NULL);
  g_return_val_if_fail (SAND_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (code != NULL && format != NULL, NULL);

  va_start (args, format);
  p = sand_problem_new_valist (severity, hex, counter, code, format, args);
  va_end (args);
  if (counter != NULL)
    p->line = sand_scenario_get_line (scenario, SAND_LINE_COUNTER, counter);
  if (p->line == 0 && hex >= 0)
    {
      p->line = sand_scenario_get_line_n (scenario, SAND_LINE_HEX, hex);
      if (p->line == 0)
        p->line = sand_scenario_get_line_n (scenario, SAND_LINE_PLACE, hex);
    }
  g_ptr_array_add (problems, p);
  return p;
}

static gboolean
valid_hex (Check *c,
           int    hex)
{
  return hex >= 0 && hex < sand_grid_n_hexes (c->grid);
}

/* Buffer for hex ids in messages. */
typedef struct {
  char s[16]; /* SAND_HEX_ID_MAX is one short for hex 1000/1000 */
} HexId;

static HexId
hex_id (Check *c,
        int    hex)
{
  HexId id;

  if (valid_hex (c, hex))
    g_snprintf (id.s, sizeof id.s, "%0*d%0*d", c->grid->id_digits,
                sand_grid_col (c->grid, hex) + 1, c->grid->id_digits,
                sand_grid_row (c->grid, hex) + 1);
  else
    g_strlcpy (id.s, "off-map", sizeof id.s);
  return id;
}

static const char *
side_name (Check *c,
           int    side)
{
  if (side >= 0 && (guint) side < sand_ruleset_n_sides (c->rs))
    return sand_ruleset_get_side (c->rs, side)->id;
  return "no side";
}

static int
marker_line (Check *c,
             guint  i)
{
  return sand_scenario_get_line_n (c->s, SAND_LINE_MARKER, (int) i);
}

static gboolean
on_edge (Check *c,
         int    hex)
{
  int col = sand_grid_col (c->grid, hex), row = sand_grid_row (c->grid, hex);

  return col == 0 || row == 0 || col == c->grid->cols - 1 || row == c->grid->rows - 1;
}

/* Why units may not enter a hex, or NULL when they may. */
static const char *
impassable_reason (Check *c,
                   int    hex)
{
  guint8 t = sand_map_get_terrain (c->map, hex);
  int country = sand_map_get_country (c->map, hex);

  if (t < sand_ruleset_n_terrains (c->rs)
      && sand_ruleset_get_terrain (c->rs, t)->move_cost >= SAND_IMPASSABLE)
    return sand_ruleset_get_terrain (c->rs, t)->name;
  if (country >= 0 && (guint) country < sand_ruleset_n_countries (c->rs)
      && !sand_ruleset_get_country (c->rs, country)->passable)
    return sand_ruleset_get_country (c->rs, country)->name;
  return NULL;
}

static void
check_hexes (Check *c)
{
  int n = sand_grid_n_hexes (c->grid);
  guint n_terrains = sand_ruleset_n_terrains (c->rs);
  int n_countries = (int) sand_ruleset_n_countries (c->rs);
  const guint8 *terrain = sand_map_peek_terrain (c->map);
  const gint8 *country = sand_map_peek_countries (c->map);

  for (int h = 0; h < n; h++)
    {
      if (terrain[h] >= n_terrains)
        add (c, SAND_SEVERITY_ERROR, sand_scenario_get_line_n (c->s, SAND_LINE_HEX, h), h, NULL,
             "unknown-terrain", "Hex %s has a terrain that the %s ruleset does not define.",
             hex_id (c, h).s, sand_ruleset_get_id (c->rs));
      if (country[h] < -1 || country[h] >= n_countries)
        add (c, SAND_SEVERITY_ERROR, sand_scenario_get_line_n (c->s, SAND_LINE_HEX, h), h, NULL,
             "unknown-country", "Hex %s has a country that the %s ruleset does not define.",
             hex_id (c, h).s, sand_ruleset_get_id (c->rs));
    }
}

static void
check_sides (Check *c)
{
  const guint32 *sides = sand_map_peek_sides (c->map);
  guint n_features = MIN (sand_ruleset_n_side_features (c->rs), SAND_MAX_SIDE_FEATURES);
  guint32 known = n_features >= 32 ? 0xffffffffu : (1u << n_features) - 1;

  for (int slot = 0; slot < sand_grid_n_side_slots (c->grid); slot++)
    {
      int hex, dir, line;

      if (sides[slot] == 0)
        continue;
      sand_grid_side_canonical (c->grid, slot, &hex, &dir);
      line = sand_scenario_get_line_n (c->s, SAND_LINE_SIDE, hex * 6 + dir);
      if ((sides[slot] & ~known) != 0)
        add (c, SAND_SEVERITY_ERROR, line, hex, NULL, "unknown-feature",
             "The %s side of hex %s has a feature that the %s ruleset does not define.",
             sand_grid_direction_name (c->grid, dir), hex_id (c, hex).s,
             sand_ruleset_get_id (c->rs));
      for (guint f = 0; f < n_features; f++)
        {
          const SandSideFeatureDef *def = sand_ruleset_get_side_feature (c->rs, f);

          if ((sides[slot] & (1u << f)) == 0 || def->requires == 0
              || (sides[slot] & def->requires) != 0)
            continue;
          {
            g_autoptr(GString) need = g_string_new (NULL);
            for (guint g = 0; g < n_features; g++)
              if (def->requires & (1u << g))
                g_string_append_printf (need, "%s%s", need->len > 0 ? " or " : "",
                                        sand_ruleset_get_side_feature (c->rs, g)->name);
            add (c, SAND_SEVERITY_ERROR, line, hex, NULL,
                 strcmp (def->id, "bridge") == 0 ? "bridge-without-water"
                                                 : "feature-without-requirement",
                 "The %s on the %s side of hex %s crosses nothing: that side has no %s.",
                 def->name, sand_grid_direction_name (c->grid, dir), hex_id (c, hex).s,
                 need->str);
          }
        }
    }
}

static void
check_places (Check *c)
{
  int n = sand_grid_n_hexes (c->grid);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (int h = 0; h < n; h++)
    {
      const char *name = sand_map_get_place (c->map, h);
      g_autofree char *key = NULL;
      gpointer first;

      if (name == NULL || *name == '\0')
        continue;
      /* Case-insensitive, as sand_map_find_place() looks names up. */
      key = g_utf8_casefold (name, -1);
      first = g_hash_table_lookup (seen, key);
      if (first != NULL)
        add (c, SAND_SEVERITY_WARNING, sand_scenario_get_line_n (c->s, SAND_LINE_PLACE, h), h,
             NULL, "duplicate-place-name",
             "Hexes %s and %s are both named “%s”; the console and the search find only "
             "the first.", hex_id (c, GPOINTER_TO_INT (first) - 1).s, hex_id (c, h).s, name);
      else
        g_hash_table_insert (seen, g_steal_pointer (&key), GINT_TO_POINTER (h + 1));
    }
}

static gboolean
zone_defined (Check      *c,
              const char *zone)
{
  return zone != NULL && sand_map_find_zone (c->map, zone) >= 0;
}

static void
check_markers (Check *c)
{
  guint n = sand_map_n_markers (c->map);
  g_autoptr(GHashTable) forts = g_hash_table_new (NULL, NULL); /* hex+1 → first index+1 */
  g_autoptr(GHashTable) zone_hexes = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) zone_seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n_sides = sand_ruleset_n_sides (c->rs);

  for (guint i = 0; i < n; i++)
    {
      const SandMarker *m = sand_map_get_marker (c->map, i);
      int line = marker_line (c, i);

      if (!valid_hex (c, m->hex))
        {
          add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, NULL, "hex-off-map",
               "A %s marker is off the map.", sand_marker_kind_to_string (m->kind));
          continue;
        }
      if (m->side < -1 || m->side >= (int) n_sides)
        add (c, SAND_SEVERITY_ERROR, line, m->hex, NULL, "unknown-side",
             "The %s marker on hex %s belongs to a side the ruleset does not define.",
             sand_marker_kind_to_string (m->kind), hex_id (c, m->hex).s);

      switch (m->kind)
        {
        case SAND_MARKER_FORT:
          {
            gpointer first = g_hash_table_lookup (forts, GINT_TO_POINTER (m->hex + 1));
            if (first != NULL)
              add (c, SAND_SEVERITY_ERROR, line, m->hex, NULL, "two-forts",
                   "Hex %s has two fortifications (the first on line %d).",
                   hex_id (c, m->hex).s, marker_line (c, GPOINTER_TO_UINT (first) - 1));
            else
              g_hash_table_insert (forts, GINT_TO_POINTER (m->hex + 1),
                                   GUINT_TO_POINTER (i + 1));
            break;
          }
        case SAND_MARKER_ZONE:
          {
            g_autofree char *key = g_strdup_printf ("%d\x1f%s", m->hex,
                                                    m->group != NULL ? m->group : "");
            gpointer first = g_hash_table_lookup (zone_seen, key);

            if (first != NULL)
              add (c, SAND_SEVERITY_WARNING, line, m->hex, NULL, "zone-hex-twice",
                   "Hex %s is put in zone “%s” twice (first on line %d).",
                   hex_id (c, m->hex).s, m->group != NULL ? m->group : "",
                   marker_line (c, GPOINTER_TO_UINT (first) - 1));
            else
              g_hash_table_insert (zone_seen, g_steal_pointer (&key), GUINT_TO_POINTER (i + 1));
          }
          if (!zone_defined (c, m->group))
            add (c, SAND_SEVERITY_ERROR, line, m->hex, NULL, "unknown-zone",
                 "Hex %s is put in zone “%s”, which is not defined.", hex_id (c, m->hex).s,
                 m->group != NULL ? m->group : "");
          else
            g_hash_table_insert (zone_hexes, m->group, GINT_TO_POINTER (1));
          break;
        case SAND_MARKER_OFFMAP_LINK:
          if (!valid_hex (c, m->hex2))
            add (c, SAND_SEVERITY_ERROR, line, m->hex, NULL, "offmap-link-incomplete",
                 "The off-map link from hex %s has no other end.", hex_id (c, m->hex).s);
          else
            {
              int feature = m->group != NULL
                            ? sand_ruleset_find_side_feature (c->rs, m->group) : -1;
              int ends[2] = { m->hex, m->hex2 };

              for (int e = 0; e < 2; e++)
                {
                  if (!on_edge (c, ends[e]))
                    add (c, SAND_SEVERITY_ERROR, line, ends[e], NULL, "offmap-link-not-on-edge",
                         "The off-map link %s–%s must join two hexes on the map edge; "
                         "%s is inside the map.", hex_id (c, m->hex).s,
                         hex_id (c, m->hex2).s, hex_id (c, ends[e]).s);
                  else if (feature >= 0
                           && !sand_map_hex_has_connection (c->map, ends[e], feature))
                    add (c, SAND_SEVERITY_WARNING, line, ends[e], NULL,
                         "offmap-link-unconnected",
                         "The off-map %s link ends on hex %s, which has no %s.",
                         m->group, hex_id (c, ends[e]).s, m->group);
                }
              if (feature < 0)
                add (c, SAND_SEVERITY_ERROR, line, m->hex, NULL, "unknown-feature",
                     "The off-map link from hex %s joins an unknown connection “%s”.",
                     hex_id (c, m->hex).s, m->group != NULL ? m->group : "");
            }
          break;
        case SAND_MARKER_EDGE_VALUE:
          {
            int col = sand_grid_col (c->grid, m->hex), row = sand_grid_row (c->grid, m->hex);
            gboolean ok = FALSE;

            if (g_strcmp0 (m->group, "north") == 0)
              ok = row == 0;
            else if (g_strcmp0 (m->group, "south") == 0)
              ok = row == c->grid->rows - 1;
            else if (g_strcmp0 (m->group, "west") == 0)
              ok = col == 0;
            else if (g_strcmp0 (m->group, "east") == 0)
              ok = col == c->grid->cols - 1;
            if (!ok)
              add (c, SAND_SEVERITY_ERROR, line, m->hex, NULL, "edge-value-not-on-edge",
                   "The %s-edge victory value on hex %s is not on the %s edge.",
                   m->group != NULL ? m->group : "?", hex_id (c, m->hex).s,
                   m->group != NULL ? m->group : "?");
            break;
          }
        case SAND_MARKER_ENTRY:
          if (m->group == NULL || *m->group == '\0')
            add (c, SAND_SEVERITY_ERROR, line, m->hex, NULL, "entry-flag-no-group",
                 "The entry flag on hex %s has no group, so no reinforcement can use it.",
                 hex_id (c, m->hex).s);
          if (impassable_reason (c, m->hex) != NULL)
            add (c, SAND_SEVERITY_ERROR, line, m->hex, NULL, "entry-flag-impassable",
                 "The entry flag on hex %s is where units may not enter (%s).",
                 hex_id (c, m->hex).s, impassable_reason (c, m->hex));
          break;
        default:
          break;
        }
    }

  for (guint z = 0; z < sand_map_n_zones (c->map); z++)
    {
      const SandZoneDef *def = sand_map_get_zone (c->map, z);

      if (!g_hash_table_contains (zone_hexes, def->id))
        add (c, SAND_SEVERITY_ERROR, sand_scenario_get_line (c->s, SAND_LINE_ZONE, def->id),
             SAND_HEX_NONE, NULL, "zone-without-hexes",
             "Zone “%s” has no hex.", def->id);
    }
}

static void
check_counters (Check *c)
{
  guint n = sand_scenario_n_counters (c->s);

  for (guint i = 0; i < n; i++)
    {
      const SandCounter *k = sand_scenario_get_counter (c->s, i);
      int line = sand_scenario_get_line (c->s, SAND_LINE_COUNTER, k->id);

      if (k->side < 0 || (guint) k->side >= sand_ruleset_n_sides (c->rs))
        add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, k->id, "unknown-side",
             "Counter “%s” belongs to no side of the %s ruleset.", k->id,
             sand_ruleset_get_id (c->rs));
      if (k->type < 0 || (guint) k->type >= sand_ruleset_n_unit_types (c->rs))
        add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, k->id, "unknown-unit-type",
             "Counter “%s” has a unit type the %s ruleset does not define.", k->id,
             sand_ruleset_get_id (c->rs));
      if (k->reduced >= 0 && k->strength > 0 && k->reduced >= k->strength)
        add (c, SAND_SEVERITY_WARNING, line, SAND_HEX_NONE, k->id, "reduced-not-lower",
             "Counter “%s” has a reduced strength (%d) that is not below its full strength "
             "(%d).", k->id, k->reduced, k->strength);
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

      if (!zone_defined (c, zl->zone))
        {
          add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, NULL, "unknown-zone",
               "Order of battle %s limits zone “%s”, which is not defined.", oob->id,
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
             "Order of battle %s sets up %d units on hex %s, but zone “%s” allows %d per hex.",
             oob->id, n->worst, hex_id (c, n->worst_hex).s, zl->zone, zl->max_per_hex);
      if (zl->max_units > 0 && n->fixed > zl->max_units)
        add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, NULL, "zone-limit-exceeded",
             "Order of battle %s places %d units on fixed hexes of zone “%s”, which allows "
             "at most %d.", oob->id, n->fixed, zl->zone, zl->max_units);
      else if (zl->max_units > 0 && total > zl->max_units)
        add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, NULL, "zone-limit-exceeded",
             "Order of battle %s sets up %d units in zone “%s”, which allows at most %d.",
             oob->id, total, zl->zone, zl->max_units);
      if (zl->min_units > 0 && total < zl->min_units)
        add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, NULL, "zone-limit-unmet",
             "Zone “%s” needs at least %d units, but order of battle %s sets up only %d there.",
             zl->zone, zl->min_units, oob->id, total);
      if (zl->max_per_hex > 0 && total > zl->max_per_hex * size)
        add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, NULL, "zone-too-small",
             "Zone “%s” has %d hexes and takes at most %d units per hex: too few for the %d "
             "units order of battle %s sets up in it.", zl->zone, size, zl->max_per_hex, total,
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

static void
check_oobs (Check *c)
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
             "Order of battle %s belongs to no side of the ruleset.", oob->id);

      for (guint i = 0; i < oob->placements->len; i++)
        {
          const SandPlacement *p = g_ptr_array_index (oob->placements, i);
          int line = sand_scenario_get_oob_line (c->s, SAND_LINE_PLACEMENT, oob->id, i);
          int k = sand_scenario_find_counter (c->s, p->counter);
          gpointer first;

          if (k < 0)
            {
              add (c, SAND_SEVERITY_ERROR, line, p->hex, p->counter, "unknown-counter",
                   "Order of battle %s sets up counter “%s”, which is not in the counter mix.",
                   oob->id, p->counter);
              continue;
            }
          g_hash_table_add (used, p->counter);
          first = g_hash_table_lookup (seen, p->counter);
          if (first != NULL)
            add (c, SAND_SEVERITY_ERROR, line, p->hex, p->counter, "counter-placed-twice",
                 "Counter “%s” is set up twice in order of battle %s (first on line %d).",
                 p->counter, oob->id, GPOINTER_TO_INT (first));
          else
            g_hash_table_insert (seen, p->counter, GINT_TO_POINTER (MAX (line, 1)));
          if (sand_scenario_get_counter (c->s, k)->side != oob->side)
            add (c, SAND_SEVERITY_ERROR, line, p->hex, p->counter, "counter-wrong-side",
                 "Counter “%s” is %s, but order of battle %s is %s.", p->counter,
                 side_name (c, sand_scenario_get_counter (c->s, k)->side), oob->id,
                 side_name (c, oob->side));
          if (p->zone != NULL)
            {
              int z = sand_map_find_zone (c->map, p->zone);

              if (z < 0)
                add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, p->counter, "unknown-zone",
                     "Counter “%s” sets up in zone “%s”, which is not defined.", p->counter,
                     p->zone);
              else if (sand_map_get_zone (c->map, z)->side >= 0
                       && sand_map_get_zone (c->map, z)->side != oob->side)
                add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, p->counter, "zone-wrong-side",
                     "Counter “%s” of order of battle %s (%s) sets up in zone “%s”, which is "
                     "%s.", p->counter, oob->id, side_name (c, oob->side), p->zone,
                     side_name (c, sand_map_get_zone (c->map, z)->side));
            }
          else if (!valid_hex (c, p->hex))
            add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, p->counter, "hex-off-map",
                 "Counter “%s” sets up off the map.", p->counter);
          else
            {
              const char *why = impassable_reason (c, p->hex);
              if (why != NULL)
                add (c, SAND_SEVERITY_ERROR, line, p->hex, p->counter, "placement-impassable",
                     "Counter “%s” sets up on hex %s, which units may not enter (%s).",
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
                     "Order of battle %s brings in counter “%s”, which is not in the counter "
                     "mix.", oob->id, r->counter);
              else
                {
                  g_hash_table_add (used, r->counter);
                  if (sand_scenario_get_counter (c->s, k)->side != oob->side)
                    add (c, SAND_SEVERITY_ERROR, line, r->hex, r->counter, "counter-wrong-side",
                         "Counter “%s” is %s, but order of battle %s is %s.", r->counter,
                         side_name (c, sand_scenario_get_counter (c->s, k)->side), oob->id,
                         side_name (c, oob->side));
                }
              first = g_hash_table_lookup (seen, r->counter);
              if (first != NULL)
                add (c, SAND_SEVERITY_ERROR, line, r->hex, r->counter, "counter-listed-twice",
                     "Counter “%s” appears twice in order of battle %s (first on line %d).",
                     r->counter, oob->id, GPOINTER_TO_INT (first));
              else
                g_hash_table_insert (seen, r->counter, GINT_TO_POINTER (MAX (line, 1)));
            }
          else if (r->points <= 0)
            add (c, SAND_SEVERITY_ERROR, line, r->hex, NULL, "reinforcement-empty",
                 "A reinforcement of order of battle %s on turn %d brings neither a counter "
                 "nor points.", oob->id, r->turn);

          if (r->turn < 1 || r->turn > turns)
            add (c, SAND_SEVERITY_ERROR, line, r->hex, r->counter, "reinforcement-after-end",
                 "Reinforcement %s arrives on turn %d, but the game has %d turns.", what,
                 r->turn, turns);
          if (r->entry != NULL)
            {
              g_hash_table_add (entries_used, g_strdup_printf ("%d\x1f%s", oob->side, r->entry));
              if (flags == NULL)
                flags = entry_flag_set (c);
              if (!entry_group_exists (flags, r->entry, oob->side))
                add (c, SAND_SEVERITY_ERROR, line, r->hex, r->counter, "reinforcement-no-entry",
                     "Reinforcement %s enters at flag “%s”, but the map has no %s entry flag "
                     "of that group.", what, r->entry, side_name (c, oob->side));
            }
          if (r->hex != SAND_HEX_NONE)
            {
              if (!valid_hex (c, r->hex))
                add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, r->counter, "hex-off-map",
                     "Reinforcement %s enters off the map.", what);
              else if (impassable_reason (c, r->hex) != NULL)
                add (c, SAND_SEVERITY_ERROR, line, r->hex, r->counter, "reinforcement-no-entry",
                     "Reinforcement %s enters at hex %s, which units may not enter (%s).", what,
                     hex_id (c, r->hex).s, impassable_reason (c, r->hex));
            }
          else if (r->entry == NULL)
            add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, r->counter,
                 "reinforcement-no-entry",
                 "Reinforcement %s on turn %d says neither where nor by which entry flag it "
                 "enters.", what, r->turn);
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
             "Counter “%s” is neither set up nor brought in by any order of battle.", k->id);
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
             "No reinforcement of %s enters at the “%s” entry flag on hex %s.",
             m->side >= 0 ? side_name (c, m->side) : "any side", m->group,
             hex_id (c, m->hex).s);
    }
}

static void
check_game (Check *c)
{
  guint n = sand_scenario_n_victory_levels (c->s);
  int game_line = sand_scenario_get_line (c->s, SAND_LINE_GAME, NULL);

  if (sand_scenario_get_turns (c->s) < 1)
    add (c, SAND_SEVERITY_ERROR, game_line, SAND_HEX_NONE, NULL, "no-turns",
         "The game has no turns.");
  {
    int first = sand_scenario_get_first_side (c->s);
    if (first < 0 || (guint) first >= sand_ruleset_n_sides (c->rs))
      add (c, SAND_SEVERITY_ERROR, game_line, SAND_HEX_NONE, NULL, "unknown-side",
           "The side that moves first is not a side of the ruleset.");
  }
  for (guint i = 1; i < n; i++)
    {
      const SandVictoryLevel *a = sand_scenario_get_victory_level (c->s, i - 1);
      const SandVictoryLevel *b = sand_scenario_get_victory_level (c->s, i);
      int line = sand_scenario_get_line_n (c->s, SAND_LINE_LEVEL, (int) i);

      if (b->min <= a->max)
        add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, NULL, "victory-levels-overlap",
             "Victory levels “%s” and “%s” overlap: a net score of %d falls in both.",
             a->label != NULL ? a->label : "", b->label != NULL ? b->label : "", b->min);
      else if (a->max != G_MAXINT && b->min > a->max + 1)
        add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, NULL, "victory-levels-gap",
             "No victory level covers a net score from %d to %d (between “%s” and “%s”).",
             a->max + 1, b->min - 1, a->label != NULL ? a->label : "",
             b->label != NULL ? b->label : "");
    }
}

/* Rule options: the ruleset declares which it knows (<options>) and what
 * each needs. An unknown one is most likely a misspelt id, which the rules
 * would silently ignore; one whose requirement is off asks for a game the
 * rulebook does not allow (FPW Variable Orders of Battle "may not be used
 * with the Basic Game"). */
static void
check_options (Check *c)
{
  g_auto(GStrv) options = sand_scenario_list_options (c->s);
  int game_line = sand_scenario_get_line (c->s, SAND_LINE_GAME, NULL);

  for (guint i = 0; options != NULL && options[i] != NULL; i++)
    {
      int o = sand_ruleset_find_option (c->rs, options[i]);
      int line = sand_scenario_get_line (c->s, SAND_LINE_OPTION, options[i]);
      const SandOptionDef *def;

      if (line == 0)
        line = game_line;
      if (o < 0)
        {
          g_autoptr(GString) known = g_string_new (NULL);

          for (guint k = 0; k < sand_ruleset_get_n_options (c->rs); k++)
            g_string_append_printf (known, "%s%s", k > 0 ? ", " : "",
                                    sand_ruleset_get_option (c->rs, k)->id);
          add (c, SAND_SEVERITY_WARNING, line, SAND_HEX_NONE, NULL, "option-unknown",
               "The %s ruleset has no rule option “%s”, so the game ignores it (%s%s).",
               sand_ruleset_get_name (c->rs), options[i],
               known->len > 0 ? "its options: " : "it has none", known->str);
          continue;
        }
      def = sand_ruleset_get_option (c->rs, (guint) o);
      for (char **r = def->requires; *r != NULL; r++)
        if (!g_strv_contains ((const char * const *) options, *r))
          {
            int n = sand_ruleset_find_option (c->rs, *r);

            add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, NULL, "option-requires",
                 "The rule option “%s” is only played with “%s”, which is off.", def->name,
                 n >= 0 ? sand_ruleset_get_option (c->rs, (guint) n)->name : *r);
          }
    }
}

static int
compare_problems (gconstpointer pa,
                  gconstpointer pb)
{
  const SandProblem *a = *(SandProblem **) pa;
  const SandProblem *b = *(SandProblem **) pb;
  /* Problems with no line (made in the editor) go last. */
  unsigned la = a->line > 0 ? (unsigned) a->line : G_MAXUINT;
  unsigned lb = b->line > 0 ? (unsigned) b->line : G_MAXUINT;
  int r;

  if (la != lb)
    return la < lb ? -1 : 1;
  if (a->hex != b->hex)
    return a->hex < b->hex ? -1 : 1;
  r = g_strcmp0 (a->message, b->message);
  if (r != 0)
    return r;
  return g_strcmp0 (a->code, b->code);
}

GPtrArray *
sand_scenario_validate (SandScenario *scenario)
{
  Check c = { 0 };
  GList *extra = NULL;
  const char *ruleset_id;

  g_return_val_if_fail (SAND_IS_SCENARIO (scenario), NULL);

  c.s = scenario;
  c.map = sand_scenario_get_map (scenario);
  c.rs = sand_scenario_get_ruleset (scenario);
  c.grid = sand_map_get_grid (c.map);
  c.problems = g_ptr_array_new_with_free_func ((GDestroyNotify) sand_problem_free);
  sand_validate_rules_init ();

  check_hexes (&c);
  check_sides (&c);
  check_places (&c);
  check_markers (&c);
  check_counters (&c);
  check_oobs (&c);
  check_game (&c);
  check_options (&c);

  /* Copy the list so validators may (un)register without deadlock. */
  ruleset_id = sand_ruleset_get_id (c.rs);
  g_mutex_lock (&validators_lock);
  for (GList *l = validators; l != NULL; l = l->next)
    {
      Validator *v = l->data;
      if (v->ruleset_id == NULL || g_strcmp0 (v->ruleset_id, ruleset_id) == 0)
        {
          Validator *copy = g_memdup2 (v, sizeof *v);
          copy->ruleset_id = NULL;
          extra = g_list_append (extra, copy);
        }
    }
  g_mutex_unlock (&validators_lock);
  for (GList *l = extra; l != NULL; l = l->next)
    {
      Validator *v = l->data;
      v->func (scenario, c.problems, v->user_data);
    }
  g_list_free_full (extra, g_free);

  g_ptr_array_sort (c.problems, compare_problems);
  return c.problems;
}

gboolean
sand_problems_have_errors (GPtrArray *problems)
{
  g_return_val_if_fail (problems != NULL, FALSE);

  for (guint i = 0; i < problems->len; i++)
    if (((SandProblem *) g_ptr_array_index (problems, i))->severity == SAND_SEVERITY_ERROR)
      return TRUE;
  return FALSE;
}
