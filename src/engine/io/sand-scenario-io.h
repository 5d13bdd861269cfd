/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-scenario-io.h: reading and writing scenario files (the format is
 * docs/file-format.md, its schema data/schema/scenario.rng).
 *
 * Loading parses untrusted XML through sand-xml-safe and either returns a
 * whole scenario or NULL and an error "FILE:LINE: what is wrong" — never a
 * half-built scenario. Saving is deterministic: the same scenario always
 * gives the same bytes, one line per hex-level fact.
 */
#pragma once

#include <gio/gio.h>

#include "sand-scenario.h"

G_BEGIN_DECLS

#define SAND_SCENARIO_ERROR (sand_scenario_error_quark ())
GQuark sand_scenario_error_quark (void);

/* Errors about the content (sand-xml-safe's SAND_XML_ERROR covers the XML
 * itself, G_FILE_ERROR / G_IO_ERROR the file system). */
typedef enum {
  SAND_SCENARIO_ERROR_WRONG_ROOT,      /* not a <scenario> in our namespace */
  SAND_SCENARIO_ERROR_VERSION,         /* missing or unknown format version */
  SAND_SCENARIO_ERROR_RULESET,         /* missing or unknown ruleset */
  SAND_SCENARIO_ERROR_STRUCTURE,       /* unknown/misplaced element or attribute,
                                        * missing attribute, stray text */
  SAND_SCENARIO_ERROR_NUMBER,          /* not a number, or out of range */
  SAND_SCENARIO_ERROR_TOO_LARGE,       /* map or counts over the limits */
  SAND_SCENARIO_ERROR_UNKNOWN_ID,      /* terrain, country, feature, side, type */
  SAND_SCENARIO_ERROR_DUPLICATE,       /* an id or a hex given twice */
  SAND_SCENARIO_ERROR_OFF_MAP,         /* a hex outside the map */
  SAND_SCENARIO_ERROR_BAD_HEX,         /* not a hex id at all */
} SandScenarioError;

/* Limits on what a file may hold (the map's is SAND_MAX_MAP_DIM). */
#define SAND_IO_MAX_COUNTERS 100000
#define SAND_IO_MAX_MARKERS 1000000
#define SAND_IO_MAX_OOBS 1000
#define SAND_IO_MAX_OOB_ENTRIES 100000
#define SAND_IO_MAX_LEVELS 100
#define SAND_IO_MAX_OPTIONS 100
#define SAND_IO_MAX_ZONES 1000
#define SAND_IO_MAX_TURNS 999
#define SAND_IO_MAX_TEXT (1024 * 1024)
#define SAND_IO_MAX_NAME 200

SandScenario *sand_scenario_load_file    (const char     *path,
                                          GError        **error);
/* @filename names the data in messages (NULL: "<data>"). */
SandScenario *sand_scenario_load_data    (const char     *data,
                                          gsize           length,
                                          const char     *filename,
                                          GError        **error);
/* The same for XML that starts on line @first_line of its file (a saved
 * game: its log, then the scenario): errors and recorded lines count from
 * the file's first line. */
SandScenario *sand_scenario_load_data_at (const char    *data,
                                          gsize           length,
                                          const char     *filename,
                                          int             first_line,
                                          GError        **error);

/* The file's bytes, NUL-terminated; @length may be NULL. */
char         *sand_scenario_to_data      (SandScenario   *self,
                                          gsize          *length);
gboolean      sand_scenario_write_stream (SandScenario   *self,
                                          GOutputStream  *stream,
                                          GCancellable   *cancellable,
                                          GError        **error);
/* Atomic replace (temporary file + rename); with @make_backup the previous
 * file is kept as "PATH~". On failure the old file is left as it was. */
gboolean      sand_scenario_save_file    (SandScenario   *self,
                                          const char     *path,
                                          gboolean        make_backup,
                                          GError        **error);

/* Source lines: where each thing came from in the file it was loaded from,
 * so that problems can name a line. 0 when unknown (made in the editor,
 * or the scenario was not loaded from a file). */
typedef enum {
  SAND_LINE_SCENARIO,     /* key ignored */
  SAND_LINE_GAME,         /* key ignored */
  SAND_LINE_VICTORY,      /* key ignored */
  SAND_LINE_MAP,          /* key ignored */
  SAND_LINE_HEX,          /* key: hex id "CCRR" — its <hex> line */
  SAND_LINE_SIDE,         /* key: "CCRR/dir", either hex of the side */
  SAND_LINE_PLACE,        /* key: hex id */
  SAND_LINE_ZONE,         /* key: zone id */
  SAND_LINE_MARKER,       /* key: marker index, decimal */
  SAND_LINE_COUNTER,      /* key: counter id */
  SAND_LINE_OOB,          /* key: OOB id */
  SAND_LINE_PLACEMENT,    /* key: "OOB/INDEX" (index in oob->placements) */
  SAND_LINE_ZONE_LIMIT,   /* key: "OOB/INDEX" */
  SAND_LINE_REINFORCEMENT, /* key: "OOB/INDEX" */
  SAND_LINE_LEVEL,        /* key: victory level index, decimal */
  SAND_LINE_OPTION,       /* key: rule option name — its <option> line */
  SAND_N_LINE_KINDS
} SandLineKind;

int           sand_scenario_get_line     (SandScenario   *self,
                                          SandLineKind    kind,
                                          const char     *key);
/* The same with a number for a key: hex index (HEX, PLACE), hex * 6 + dir
 * (SIDE; either hex), index (MARKER, LEVEL). */
int           sand_scenario_get_line_n   (SandScenario   *self,
                                          SandLineKind    kind,
                                          int             n);
/* PLACEMENT, ZONE_LIMIT, REINFORCEMENT: entry @index of OOB @oob_id. */
int           sand_scenario_get_oob_line (SandScenario   *self,
                                          SandLineKind    kind,
                                          const char     *oob_id,
                                          guint           index);
void          sand_scenario_set_line     (SandScenario   *self,
                                          SandLineKind    kind,
                                          const char     *key,
                                          int             line);
/* Forgets every line (e.g. once the document has been edited heavily). */
void          sand_scenario_clear_lines  (SandScenario   *self);

G_END_DECLS
