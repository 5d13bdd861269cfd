/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-scenario-io-lines.c: the line of the scenario file each fact was
 * read from, kept on the scenario so that the validator and the editor can
 * point at it. The loader fills the table (sand-scenario-io-*.c); the
 * lookups here are public. Its own file because it is a small store with
 * its own keys, apart from the reading. */
#include "sand-scenario-io.h"
#include "sand-scenario-io-private.h"

#include <string.h>

/* ------------------------------------------------------------------ */
/* Source lines                                                        */

static gboolean
kind_is_numeric (SandLineKind kind)
{
  return kind == SAND_LINE_HEX || kind == SAND_LINE_SIDE || kind == SAND_LINE_PLACE
         || kind == SAND_LINE_MARKER || kind == SAND_LINE_LEVEL;
}

void
sand_line_table_free (gpointer data)
{
  LineTable *t = data;

  for (int i = 0; i < SAND_N_LINE_KINDS; i++)
    g_clear_pointer (&t->table[i], g_hash_table_unref);
  g_free (t);
}

LineTable *
sand_line_table_new (void)
{
  LineTable *t = g_new0 (LineTable, 1);

  for (int i = 0; i < SAND_N_LINE_KINDS; i++)
    t->table[i] = kind_is_numeric (i) ? g_hash_table_new (NULL, NULL)
                                      : g_hash_table_new_full (g_str_hash, g_str_equal,
                                                               g_free, NULL);
  return t;
}

void
sand_line_table_set_n (LineTable    *t,
                       SandLineKind  kind,
                       int           n,
                       int           line)
{
  g_hash_table_insert (t->table[kind], GINT_TO_POINTER (n + 1), GINT_TO_POINTER (line));
}

int
sand_line_table_get_n (LineTable    *t,
                       SandLineKind  kind,
                       int           n)
{
  return GPOINTER_TO_INT (g_hash_table_lookup (t->table[kind], GINT_TO_POINTER (n + 1)));
}

void
sand_line_table_set (LineTable    *t,
                     SandLineKind  kind,
                     const char   *key,
                     int           line)
{
  g_hash_table_insert (t->table[kind], g_strdup (key != NULL ? key : ""),
                       GINT_TO_POINTER (line));
}

int
sand_line_table_get (LineTable    *t,
                     SandLineKind  kind,
                     const char   *key)
{
  return GPOINTER_TO_INT (g_hash_table_lookup (t->table[kind], key != NULL ? key : ""));
}

static LineTable *
lines_of (SandScenario *self,
          gboolean      create)
{
  LineTable *t = g_object_get_data (G_OBJECT (self), LINES_KEY);

  if (t == NULL && create)
    {
      t = sand_line_table_new ();
      g_object_set_data_full (G_OBJECT (self), LINES_KEY, t, sand_line_table_free);
    }
  return t;
}

/* Normalises a side key (hex * 6 + dir, either hex) to its slot. */
static int
side_slot_of (SandScenario *self,
              int           n)
{
  const SandGrid *grid = sand_map_get_grid (sand_scenario_get_map (self));
  int hex = n / 6, dir = n % 6;

  if (n < 0 || hex >= sand_grid_n_hexes (grid))
    return -1;
  return sand_grid_side_slot (grid, hex, dir);
}

int
sand_scenario_get_line_n (SandScenario *self,
                          SandLineKind  kind,
                          int           n)
{
  LineTable *t;

  g_return_val_if_fail (SAND_IS_SCENARIO (self), 0);
  g_return_val_if_fail (kind_is_numeric (kind), 0);

  t = lines_of (self, FALSE);
  if (t == NULL)
    return 0;
  if (kind == SAND_LINE_SIDE)
    n = side_slot_of (self, n);
  if (n < 0)
    return 0;
  return sand_line_table_get_n (t, kind, n);
}

/* Parses a numeric key given as text; -1 when it is not one. */
static int
numeric_key (SandScenario *self,
             SandLineKind  kind,
             const char   *key)
{
  const SandGrid *grid = sand_map_get_grid (sand_scenario_get_map (self));
  int hex;

  if (key == NULL)
    return -1;
  if (kind == SAND_LINE_HEX || kind == SAND_LINE_PLACE)
    return sand_grid_parse_id (grid, key, &hex) ? hex : -1;
  if (kind == SAND_LINE_SIDE)
    {
      const char *slash = strchr (key, '/');
      g_autofree char *id = NULL;
      int dir;

      if (slash == NULL)
        return -1;
      id = g_strndup (key, slash - key);
      dir = sand_grid_parse_direction (grid, slash + 1);
      if (!sand_grid_parse_id (grid, id, &hex) || dir < 0)
        return -1;
      return hex * 6 + dir;
    }
  {
    guint64 v;
    if (!g_ascii_string_to_unsigned (key, 10, 0, G_MAXINT / 8, &v, NULL))
      return -1;
    return (int) v;
  }
}

int
sand_scenario_get_line (SandScenario *self,
                        SandLineKind  kind,
                        const char   *key)
{
  LineTable *t;

  g_return_val_if_fail (SAND_IS_SCENARIO (self), 0);
  g_return_val_if_fail (kind >= 0 && kind < SAND_N_LINE_KINDS, 0);

  if (kind_is_numeric (kind))
    {
      int n = numeric_key (self, kind, key);
      return n < 0 ? 0 : sand_scenario_get_line_n (self, kind, n);
    }
  t = lines_of (self, FALSE);
  return t != NULL ? sand_line_table_get (t, kind, key) : 0;
}

int
sand_scenario_get_oob_line (SandScenario *self,
                            SandLineKind  kind,
                            const char   *oob_id,
                            guint         index)
{
  char key[MAX_ID + 32];

  g_return_val_if_fail (SAND_IS_SCENARIO (self), 0);
  g_return_val_if_fail (oob_id != NULL, 0);

  g_snprintf (key, sizeof key, "%s/%u", oob_id, index);
  return sand_scenario_get_line (self, kind, key);
}

void
sand_scenario_set_line (SandScenario *self,
                        SandLineKind  kind,
                        const char   *key,
                        int           line)
{
  LineTable *t;

  g_return_if_fail (SAND_IS_SCENARIO (self));
  g_return_if_fail (kind >= 0 && kind < SAND_N_LINE_KINDS);

  t = lines_of (self, TRUE);
  if (kind_is_numeric (kind))
    {
      int n = numeric_key (self, kind, key);
      if (kind == SAND_LINE_SIDE && n >= 0)
        n = side_slot_of (self, n);
      if (n >= 0)
        sand_line_table_set_n (t, kind, n, line);
    }
  else
    sand_line_table_set (t, kind, key, line);
}

void
sand_scenario_clear_lines (SandScenario *self)
{
  g_return_if_fail (SAND_IS_SCENARIO (self));
  g_object_set_data (G_OBJECT (self), LINES_KEY, NULL);
}
