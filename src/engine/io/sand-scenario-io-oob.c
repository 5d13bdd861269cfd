/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-scenario-io-oob.c: reading the counter mix (<counters>) and the
 * orders of battle (<orders-of-battle>): placements, zone limits and
 * reinforcements. Its own file as the sections that name counters. */
#include "sand-scenario-io.h"
#include "sand-scenario-io-private.h"

#include <string.h>

/* A section that holds only a list of one element, <counters> or
 * <orders-of-battle>. */
gboolean
sand_scenario_io_load_list (Loader     *l,
                            const char *section,
                            const char *element,
                            LoadChild   load_child,
                            GError    **error)
{
  Attrs none = { { NULL } };
  int depth = xmlTextReaderDepth (l->r);
  int rc;

  if (!sand_scenario_io_read_attrs (l, &none, error))
    return FALSE;
  if (sand_scenario_io_is_empty (l))
    return TRUE;
  while ((rc = sand_scenario_io_next_child (l, depth, error)) > 0)
    {
      if (strcmp (sand_scenario_io_elem_name (l), element) != 0)
        return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                                      "<%s> is not allowed inside <%s> (only <%s>)",
                                      sand_scenario_io_elem_name (l), section, element);
      if (!load_child (l, error))
        return FALSE;
    }
  return rc == 0;
}

gboolean
sand_scenario_io_load_counter (Loader  *l,
                               GError **error)
{
  Attrs a = { { "id", "side", "type", "name", "strength", "reduced", "steps", "ma",
                "quality", "parent", "band", "note", NULL } };
  g_autoptr(SandCounter) c = NULL;
  int first;

  if (!sand_scenario_io_read_attrs (l, &a, error) || !sand_scenario_io_require (l, &a, 0, error)
      || !sand_scenario_io_require (l, &a, 1, error)
      || !sand_scenario_io_require (l, &a, 2, error) || !sand_scenario_io_check_id (l, &a, 0, error)
      || !sand_scenario_io_check_color (l, &a, 10, error)
      || !sand_scenario_io_no_children (l, error))
    return FALSE;
  first = sand_line_table_get (l->lines, SAND_LINE_COUNTER, a.values[0]);
  if (first != 0)
    return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_DUPLICATE,
                                  "counter id “%s” is used twice (first on line %d)", a.values[0],
                                  first);
  if (sand_scenario_n_counters (l->scenario) >= SAND_IO_MAX_COUNTERS)
    return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_TOO_LARGE, "more than %d counters",
                                  SAND_IO_MAX_COUNTERS);
  c = sand_counter_new ();
  c->id = g_strdup (a.values[0]);
  if (!sand_scenario_io_parse_side (l, &a, 1, &c->side, error))
    return FALSE;
  if (!sand_scenario_io_find_id (l, &sand_scenario_io_unit_type_ids, "unit type", a.values[2],
                                 &c->type, error))
    return FALSE;
  if (!sand_scenario_io_parse_int (l, &a, 4, 0, 999, &c->strength, error)
      || !sand_scenario_io_parse_int (l, &a, 5, -1, 999, &c->reduced, error)
      || !sand_scenario_io_parse_int (l, &a, 6, 0, 99, &c->steps, error)
      || !sand_scenario_io_parse_int (l, &a, 7, 0, 99, &c->ma, error)
      || !sand_scenario_io_parse_int (l, &a, 8, -9, 9, &c->quality, error))
    return FALSE;
  if (a.values[3] != NULL)
    c->name = g_strdup (a.values[3]);
  if (a.values[9] != NULL)
    c->parent = g_strdup (a.values[9]);
  if (a.values[10] != NULL)
    c->band = g_strdup (a.values[10]);
  if (a.values[11] != NULL)
    c->note = g_strdup (a.values[11]);
  sand_line_table_set (l->lines, SAND_LINE_COUNTER, a.values[0], sand_scenario_io_cur_line (l));
  sand_scenario_add_counter (l->scenario, g_steal_pointer (&c));
  return TRUE;
}

/* Only an attribute the file has replaces what the constructor set. */
static void
set_str_attr (char      **field,
              const char *value)
{
  if (value == NULL)
    return;
  g_free (*field);
  *field = g_strdup (value);
}

static void
set_oob_line (Loader      *l,
              SandLineKind kind,
              SandOob     *oob,
              guint        index)
{
  char key[MAX_ID + 32];

  g_snprintf (key, sizeof key, "%s/%u", oob->id, index);
  sand_line_table_set (l->lines, kind, key, sand_scenario_io_cur_line (l));
}

gboolean
sand_scenario_io_load_oob (Loader  *l,
                           GError **error)
{
  Attrs a = { { "id", "side", "name", "die", NULL } };
  int depth = xmlTextReaderDepth (l->r);
  int side = -1, rc, first;
  g_autoptr(SandOob) oob = NULL;

  if (!sand_scenario_io_read_attrs (l, &a, error) || !sand_scenario_io_require (l, &a, 0, error)
      || !sand_scenario_io_require (l, &a, 1, error)
      || !sand_scenario_io_check_id (l, &a, 0, error)
      || !sand_scenario_io_parse_side (l, &a, 1, &side, error))
    return FALSE;
  first = sand_line_table_get (l->lines, SAND_LINE_OOB, a.values[0]);
  if (first != 0)
    return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_DUPLICATE,
                                  "order of battle id “%s” is used twice (first on line %d)",
                                  a.values[0], first);
  if (sand_scenario_n_oobs (l->scenario) >= SAND_IO_MAX_OOBS)
    return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_TOO_LARGE,
                                  "more than %d orders of battle", SAND_IO_MAX_OOBS);
  oob = sand_oob_new (a.values[0], side);
  if (!sand_scenario_io_parse_int (l, &a, 3, 0, 999, &oob->die_number, error))
    return FALSE;
  set_str_attr (&oob->name, a.values[2]);
  sand_line_table_set (l->lines, SAND_LINE_OOB, a.values[0], sand_scenario_io_cur_line (l));

  if (!sand_scenario_io_is_empty (l))
    while ((rc = sand_scenario_io_next_child (l, depth, error)) > 0)
      {
        const char *name = sand_scenario_io_elem_name (l);
        guint entries = oob->placements->len + oob->zone_limits->len
                        + oob->reinforcements->len;

        if (entries >= SAND_IO_MAX_OOB_ENTRIES)
          return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_TOO_LARGE,
                                        "order of battle “%s” has more than %d entries", oob->id,
                                        SAND_IO_MAX_OOB_ENTRIES);
        if (strcmp (name, "description") == 0)
          {
            if (oob->description != NULL)
              return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_DUPLICATE,
                                            "<oob> has two <description>");
            if (!sand_scenario_io_read_text (l, &oob->description, error))
              return FALSE;
          }
        else if (strcmp (name, "placement") == 0)
          {
            Attrs p = { { "counter", "hex", "zone", NULL } };
            SandPlacement *pl;

            if (!sand_scenario_io_read_attrs (l, &p, error)
                || !sand_scenario_io_require (l, &p, 0, error)
                || !sand_scenario_io_check_id (l, &p, 0, error)
                || !sand_scenario_io_check_id (l, &p, 2, error)
                || !sand_scenario_io_no_children (l, error))
              return FALSE;
            if ((p.values[1] == NULL) == (p.values[2] == NULL))
              return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                                            "the placement of “%s” needs either hex= or zone= (one "
                                            "of them)",
                                            p.values[0]);
            pl = g_new0 (SandPlacement, 1);
            pl->hex = SAND_HEX_NONE;
            pl->counter = g_strdup (p.values[0]);
            pl->zone = g_strdup (p.values[2]);
            g_ptr_array_add (oob->placements, pl);
            if (!sand_scenario_io_parse_hex (l, &p, 1, &pl->hex, error))
              return FALSE;
            set_oob_line (l, SAND_LINE_PLACEMENT, oob, oob->placements->len - 1);
          }
        else if (strcmp (name, "zone-limit") == 0)
          {
            Attrs z = { { "zone", "max-per-hex", "min", "max", NULL } };
            SandZoneLimit *zl;

            if (!sand_scenario_io_read_attrs (l, &z, error)
                || !sand_scenario_io_require (l, &z, 0, error)
                || !sand_scenario_io_check_id (l, &z, 0, error)
                || !sand_scenario_io_no_children (l, error))
              return FALSE;
            zl = g_new0 (SandZoneLimit, 1);
            zl->zone = g_strdup (z.values[0]);
            g_ptr_array_add (oob->zone_limits, zl);
            if (!sand_scenario_io_parse_int (l, &z, 1, 0, 9999, &zl->max_per_hex, error)
                || !sand_scenario_io_parse_int (l, &z, 2, 0, 99999, &zl->min_units, error)
                || !sand_scenario_io_parse_int (l, &z, 3, 0, 99999, &zl->max_units, error))
              return FALSE;
            set_oob_line (l, SAND_LINE_ZONE_LIMIT, oob, oob->zone_limits->len - 1);
          }
        else if (strcmp (name, "reinforcement") == 0)
          {
            Attrs r = { { "turn", "counter", "points", "hex", "entry", "entrained", "code",
                          "note", NULL } };
            SandReinforcement *re;

            if (!sand_scenario_io_read_attrs (l, &r, error)
                || !sand_scenario_io_require (l, &r, 0, error)
                || !sand_scenario_io_check_id (l, &r, 1, error)
                || !sand_scenario_io_check_id (l, &r, 4, error)
                || !sand_scenario_io_no_children (l, error))
              return FALSE;
            if ((r.values[1] == NULL) == (r.values[2] == NULL))
              return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                                            "a reinforcement needs either counter= or points= (one "
                                            "of them)");
            re = sand_reinforcement_new ();
            g_ptr_array_add (oob->reinforcements, re);
            if (!sand_scenario_io_parse_int (l, &r, 0, 1, SAND_IO_MAX_TURNS, &re->turn, error)
                || !sand_scenario_io_parse_int (l, &r, 2, 1, 999, &re->points, error)
                || !sand_scenario_io_parse_hex (l, &r, 3, &re->hex, error)
                || !sand_scenario_io_parse_bool (l, &r, 5, &re->entrained, error))
              return FALSE;
            set_str_attr (&re->counter, r.values[1]);
            set_str_attr (&re->entry, r.values[4]);
            set_str_attr (&re->code, r.values[6]);
            set_str_attr (&re->note, r.values[7]);
            set_oob_line (l, SAND_LINE_REINFORCEMENT, oob, oob->reinforcements->len - 1);
          }
        else
          return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                                        "<%s> is not allowed inside <oob> (only <description>, "
                                        "<placement>, "
                                        "<zone-limit> and <reinforcement>)", name);
      }
  else
    rc = 0;
  if (rc != 0)
    return FALSE;
  sand_scenario_add_oob (l->scenario, g_steal_pointer (&oob));
  return TRUE;
}
