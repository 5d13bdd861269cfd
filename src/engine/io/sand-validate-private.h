/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-validate-private.h: what the parts of the validator share
 * (sand-validate.c, sand-validate-map.c, sand-validate-oob.c): the state
 * of one run, the small helpers every check uses to word and place a
 * problem (inline, as they were static in one file), and the checks
 * sand_scenario_validate() runs. Nothing outside src/engine/io includes it. */
#pragma once

#include "sand-scenario-io.h"
#include "sand-ruleset-labels.h"
#include "sand-validate.h"

G_BEGIN_DECLS

/* sand-validate-rules.c: the rules-level set-up checks every game gets
 * (stacking, blocked entry flags, victory hexes, counter mix, reachable
 * entries), read from the ruleset's params. */
void sand_validate_rules (SandScenario *scenario,
                          GPtrArray    *problems);

typedef struct {
  SandScenario *s;
  SandMap *map;
  SandRuleset *rs;
  const SandGrid *grid;
  GPtrArray *problems;
} Check;

G_GNUC_PRINTF (7, 8) static inline SandProblem *
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

static inline gboolean
valid_hex (Check *c,
           int    hex)
{
  return hex >= 0 && hex < sand_grid_n_hexes (c->grid);
}

/* Buffer for hex ids in messages. */
typedef struct {
  char s[16]; /* SAND_HEX_ID_MAX is one short for hex 1000/1000 */
} HexId;

static inline HexId
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

static inline const char *
side_name (Check *c,
           int    side)
{
  if (side >= 0 && (guint) side < sand_ruleset_n_sides (c->rs))
    return sand_ruleset_get_side (c->rs, side)->id;
  return "no side";
}

static inline int
marker_line (Check *c,
             guint  i)
{
  return sand_scenario_get_line_n (c->s, SAND_LINE_MARKER, (int) i);
}

static inline gboolean
on_edge (Check *c,
         int    hex)
{
  int col = sand_grid_col (c->grid, hex), row = sand_grid_row (c->grid, hex);

  return col == 0 || row == 0 || col == c->grid->cols - 1 || row == c->grid->rows - 1;
}

/* Why units may not enter a hex, or NULL when they may. */
static inline const char *
impassable_reason (Check *c,
                   int    hex)
{
  guint8 t = sand_map_get_terrain (c->map, hex);
  int country = sand_map_get_country (c->map, hex);

  if (t < sand_ruleset_n_terrains (c->rs)
      && sand_ruleset_get_terrain (c->rs, t)->move_cost >= SAND_IMPASSABLE)
    return sand_ruleset_terrain_label (c->rs, t);
  if (country >= 0 && (guint) country < sand_ruleset_n_countries (c->rs)
      && !sand_ruleset_get_country (c->rs, country)->passable)
    return sand_ruleset_country_label (c->rs, country);
  return NULL;
}

/* sand-validate-map.c */
void
sand_validate_check_hexes (Check *c);

void
sand_validate_check_sides (Check *c);

void
sand_validate_check_places (Check *c);

gboolean
sand_validate_zone_defined (Check      *c,
                            const char *zone);

void
sand_validate_check_markers (Check *c);

/* sand-validate-oob.c */
void
sand_validate_check_counters (Check *c);

void
sand_validate_check_oobs (Check *c);

G_END_DECLS
