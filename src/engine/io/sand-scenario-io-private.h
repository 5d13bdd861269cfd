/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-scenario-io-private.h: what the parts of the scenario file format
 * share (sand-scenario-io.c and sand-scenario-io-*.c): the line table,
 * the marker formats, the Loader and the helpers every section's reader
 * uses. Nothing outside src/engine/io includes it. */
#pragma once

#include <glib.h>

#include "sand-reference.h"
#include "sand-scenario-io.h"
#include "sand-xml-safe.h"

G_BEGIN_DECLS

/* Where the loader keeps the line table on the scenario. */
#define LINES_KEY "sand-scenario-lines"
#define MAX_ID 64

typedef struct {
  /* Numeric kinds: key n + 1 → line. String kinds: key → line. */
  GHashTable *table[SAND_N_LINE_KINDS];
} LineTable;

typedef struct {
  SandMarkerKind kind;
  const char *element;
  const char *hex2;
  const char *side;
  const char *strength;
  const char *capacity;
  const char *value;
  const char *name;
  const char *group;
  const char *required; /* besides hex: the attribute that must be there */
} MarkerFormat;

typedef struct {
  SandXmlReader *xr;
  xmlTextReader *r;
  const char *filename;
  SandRuleset *ruleset;
  SandMap *map;
  SandScenario *scenario;
  const SandGrid *grid;
  LineTable *lines;
  GPtrArray *scratch; /* attribute values that had to be copied */

  /* What comes before <map>, kept until the scenario exists. */
  char *title;
  char *description;
  char *notes;
  char *victory_text;
  int turns;
  int first_side;
  gboolean have_first_side;
  GPtrArray *options;
  GPtrArray *levels;     /* SandVictoryLevel* */
  GArray *level_lines;   /* int, parallel to levels */
  int game_line;
  int victory_line;
  guint n_markers;
} Loader;

#define MAX_ATTRS 12

typedef struct {
  const char *names[MAX_ATTRS + 1]; /* NULL-terminated */
  const char *values[MAX_ATTRS];
} Attrs;

/* A list of ids for "(it has: a, b, c)". */
typedef const char *(*IdAt) (SandRuleset *rs, guint i);

/* One kind of ruleset id a scenario names: how to look one up, and how to
 * list them all when it is not there. */
typedef struct
{
  int   (*find)  (SandRuleset *rs,
                  const char  *id);
  guint (*count) (SandRuleset *rs);
  IdAt  id_at;
} IdKind;

typedef gboolean (*LoadChild) (Loader  *l,
                               GError **error);

/* sand-scenario-io.c */
void
sand_scenario_io_apply_prologue (Loader *l);

/* sand-scenario-io-lines.c */
void
sand_line_table_free (gpointer data);

LineTable *
sand_line_table_new (void);

void
sand_line_table_set_n (LineTable    *t,
                       SandLineKind  kind,
                       int           n,
                       int           line);

int
sand_line_table_get_n (LineTable    *t,
                       SandLineKind  kind,
                       int           n);

void
sand_line_table_set (LineTable    *t,
                     SandLineKind  kind,
                     const char   *key,
                     int           line);

int
sand_line_table_get (LineTable    *t,
                     SandLineKind  kind,
                     const char   *key);

/* sand-scenario-io-reader.c */
extern const IdKind sand_scenario_io_feature_ids;

extern const IdKind sand_scenario_io_unit_type_ids;

int
sand_scenario_io_cur_line (Loader *l);

G_GNUC_PRINTF (4, 5) gboolean
sand_scenario_io_fail (Loader     *l,
                       GError    **error,
                       int         code,
                       const char *format,
                       ...);

gboolean
sand_scenario_io_unknown_id (Loader       *l,
                             GError      **error,
                             const char   *what,
                             const char   *value,
                             const IdKind *kind);

gboolean
sand_scenario_io_find_id (Loader       *l,
                          const IdKind *kind,
                          const char   *what,
                          const char   *value,
                          int          *out,
                          GError      **error);

gboolean
sand_scenario_io_is_ours (xmlNode *node);

gboolean
sand_scenario_io_read_attrs (Loader     *l,
                             Attrs      *a,
                             GError    **error);

gboolean
sand_scenario_io_require (Loader      *l,
                          Attrs       *a,
                          int          i,
                          GError     **error);

gboolean
sand_scenario_io_parse_int (Loader      *l,
                            Attrs       *a,
                            int          i,
                            gint64       min,
                            gint64       max,
                            int         *out,
                            GError     **error);

gboolean
sand_scenario_io_parse_capacity (Loader  *l,
                                 Attrs   *a,
                                 int      i,
                                 int     *out,
                                 GError **error);

gboolean
sand_scenario_io_parse_bool (Loader   *l,
                             Attrs    *a,
                             int       i,
                             gboolean *out,
                             GError  **error);

gboolean
sand_scenario_io_check_id (Loader     *l,
                           Attrs      *a,
                           int         i,
                           GError    **error);

gboolean
sand_scenario_io_check_color (Loader  *l,
                              Attrs   *a,
                              int      i,
                              GError **error);

gboolean
sand_scenario_io_parse_hex (Loader     *l,
                            Attrs      *a,
                            int         i,
                            int        *out,
                            GError    **error);

gboolean
sand_scenario_io_parse_side (Loader  *l,
                             Attrs   *a,
                             int      i,
                             int     *out,
                             GError **error);

gboolean
sand_scenario_io_parse_terrain (Loader  *l,
                                Attrs   *a,
                                int      i,
                                int     *out,
                                GError **error);

gboolean
sand_scenario_io_parse_country (Loader  *l,
                                Attrs   *a,
                                int      i,
                                int     *out,
                                GError **error);

int
sand_scenario_io_next_child (Loader  *l,
                             int      depth,
                             GError **error);

const char *
sand_scenario_io_elem_name (Loader *l);

gboolean
sand_scenario_io_is_empty (Loader *l);

gboolean
sand_scenario_io_read_text (Loader  *l,
                            char   **out,
                            GError **error);

gboolean
sand_scenario_io_no_children (Loader  *l,
                              GError **error);

/* sand-scenario-io-map.c */
const MarkerFormat *
sand_scenario_io_marker_format_for_kind (SandMarkerKind kind);

gboolean
sand_scenario_io_load_map (Loader  *l,
                           GError **error);

/* sand-scenario-io-oob.c */
gboolean
sand_scenario_io_load_list (Loader     *l,
                            const char *section,
                            const char *element,
                            LoadChild   load_child,
                            GError    **error);

gboolean
sand_scenario_io_load_counter (Loader  *l,
                               GError **error);

gboolean
sand_scenario_io_load_oob (Loader  *l,
                           GError **error);

/* sand-scenario-io-reference.c */
/* <reference>: @values are href, x, y, scale, rotation, opacity, export
 * (NULL when absent). NULL and a sentence in @problem when one is wrong. */
SandReference *sand_reference_from_attrs (const char *const values[7],
                                          char            **problem);
void           sand_reference_write_xml  (GString          *s,
                                          SandScenario     *scenario);

G_END_DECLS
