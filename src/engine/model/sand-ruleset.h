/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ruleset.h: a game's vocabulary and tables, loaded from
 * data/rulesets/ID.xml (compiled into the engine as a GResource).
 *
 * A ruleset is immutable once loaded. Every list is indexed by small
 * integers that the map and scenario store (terrain per hex, side features
 * as bits). Rules modules read the generic `params` once, when a game is
 * made, into flat arrays of their own: never look a param up in a hot path.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define SAND_TYPE_RULESET (sand_ruleset_get_type ())
G_DECLARE_FINAL_TYPE (SandRuleset, sand_ruleset, SAND, RULESET, GObject)

#define SAND_RULESET_ERROR (sand_ruleset_error_quark ())
typedef enum {
  SAND_RULESET_ERROR_PARSE,     /* not well-formed XML, DOCTYPE, too large */
  SAND_RULESET_ERROR_INVALID,   /* well-formed but not a valid ruleset */
  SAND_RULESET_ERROR_NOT_FOUND, /* no such shipped ruleset or file */
} SandRulesetError;
GQuark sand_ruleset_error_quark (void);

#define SAND_IMPASSABLE 1000 /* a movement cost that no allowance reaches */
#define SAND_MAX_SIDE_FEATURES 32

typedef struct {
  char *id;
  char *name;
  char *color; /* "#rrggbb" */
} SandSideDef;

typedef struct {
  char *id;
  char *name;
  char *color;
  int side;          /* home side index, or -1 for a neutral country */
  gboolean passable; /* FALSE: units may never enter it */
  gboolean tinted;   /* the map washes its hexes in its colour (FPW: "Germany is
                      * the area tinted light grey") */
} SandCountryDef;

typedef struct {
  char *id;
  char *name;
  char *color;
  int move_cost;      /* MP to enter; SAND_IMPASSABLE when it may not be entered */
  GHashTable *params; /* char* → char*, rules-module specific */
} SandTerrainDef;

typedef enum {
  SAND_SIDE_FEATURE,    /* runs along the hexside: river, stream, ridge, bridge */
  SAND_SIDE_CONNECTION, /* crosses the hexside, hex centre to hex centre: road, rail */
} SandSideKind;

typedef struct {
  char *id;
  char *name;
  char *color;
  SandSideKind kind;
  int move_cost;      /* extra MP to cross the side (0 for none) */
  guint32 requires;   /* mask: one of these must be on the same side (a bridge needs water) */
  GHashTable *params;
} SandSideFeatureDef;

typedef struct {
  char *id;
  char *name;
  char *symbol;       /* NATO-ish symbol the renderer draws: infantry, cavalry, artillery, hq, eb, dummy, fort */
  GHashTable *params;
} SandUnitTypeDef;

typedef struct {
  char *id;
  char *name;
} SandPhaseDef;

/* A value the counters of this game print (<counter-fields>): one of the
 * SandCounter fields "strength", "reduced", "steps", "ma", "quality" or
 * "parent", and what a new counter starts with. */
typedef struct {
  char *id;
  int initial;        /* a new counter's value (0 when the file gives none) */
} SandCounterFieldDef;

/* A state a counter in play may show, drawn as a badge (<badges>): its
 * name as the rules module gives it (sand_game_unit_rule_flags), a
 * letter and a colour, in the order the badges are drawn. */
typedef struct {
  char *id;           /* the state's name, "rally" */
  char *name;         /* for people; the id when the file gives none */
  char *letter;       /* one character, drawn on the badge */
  char *color;        /* "#rrggbb" */
} SandBadgeDef;

/* A rule option a scenario may switch on (<game><option name="ID"/>): a
 * version of the game (FPW's Standard Game) or an optional rule. */
typedef struct {
  char *id;           /* what scenarios and the rules module say */
  char *name;         /* as the rulebook names it; the id when the file gives none */
  char *description;  /* one sentence, or NULL */
  char **requires;    /* ids of options that must be on with it; empty, never NULL */
} SandOptionDef;

typedef struct {
  char *key;
  char **cells; /* one per column */
} SandTableRow;

typedef struct {
  char *id;
  char *name;
  gboolean reconstructed;
  char *note;
  GPtrArray *columns; /* char* */
  GPtrArray *rows;    /* SandTableRow* */
} SandTable;

typedef struct {
  char *name;
  char *value;
  gboolean reconstructed;
  char *note;
} SandParam;

/* Loads a shipped ruleset by id ("fpw1870", "lfaf1914"); the result is
 * cached, so the same object comes back for the same id. Transfer none: the
 * cache owns it for the life of the process (never unref it). The file
 * loaders below return a new reference (transfer full). */
SandRuleset        *sand_ruleset_lookup             (const char   *id,
                                                     GError      **error);
/* Loads a ruleset file; errors are "FILE:LINE: what is wrong". */
SandRuleset        *sand_ruleset_load_file          (const char   *path,
                                                     GError      **error);
SandRuleset        *sand_ruleset_load_data          (const char   *data,
                                                     gsize         len,
                                                     const char   *filename,
                                                     GError      **error);
/* The ids of the shipped rulesets, NULL-terminated (static), sorted. */
const char * const *sand_ruleset_list_shipped       (void);
/* Makes a ruleset loaded from a file known by its id, as the shipped ones
 * are (sand_ruleset_lookup): a game kept outside the engine (the tests'
 * own) adds its ruleset so that scenarios naming it load. Refused when the
 * id is taken. Takes a reference for the life of the process. */
gboolean            sand_ruleset_add                (SandRuleset  *ruleset,
                                                     GError      **error);

const char         *sand_ruleset_get_id             (SandRuleset  *self);
const char         *sand_ruleset_get_name           (SandRuleset  *self);
/* The <description> text, or NULL. */
const char         *sand_ruleset_get_description    (SandRuleset  *self);

guint               sand_ruleset_n_sides            (SandRuleset  *self);
const SandSideDef  *sand_ruleset_get_side           (SandRuleset  *self,
                                                     guint         i);
guint               sand_ruleset_n_countries        (SandRuleset  *self);
const SandCountryDef *sand_ruleset_get_country      (SandRuleset  *self,
                                                     guint         i);
guint               sand_ruleset_n_terrains         (SandRuleset  *self);
const SandTerrainDef *sand_ruleset_get_terrain      (SandRuleset  *self,
                                                     guint         i);
guint               sand_ruleset_n_side_features    (SandRuleset  *self);
const SandSideFeatureDef *sand_ruleset_get_side_feature (SandRuleset *self,
                                                     guint         i);
guint               sand_ruleset_n_unit_types       (SandRuleset  *self);
const SandUnitTypeDef *sand_ruleset_get_unit_type   (SandRuleset  *self,
                                                     guint         i);
guint               sand_ruleset_n_phases           (SandRuleset  *self);
const SandPhaseDef *sand_ruleset_get_phase          (SandRuleset  *self,
                                                     guint         i);
/* What the game's counters print and the states they show, in file order. */
guint               sand_ruleset_n_counter_fields   (SandRuleset  *self);
const SandCounterFieldDef *sand_ruleset_get_counter_field (SandRuleset *self,
                                                     guint         i);
int                 sand_ruleset_find_counter_field (SandRuleset  *self,
                                                     const char   *id);
/* Whether the game's counters print @field ("steps"…): every field when
 * the ruleset declares none. */
gboolean            sand_ruleset_counter_has_field  (SandRuleset  *self,
                                                     const char   *field);
/* What a new counter starts with in @field, or @fallback. */
int                 sand_ruleset_counter_field_initial (SandRuleset *self,
                                                     const char   *field,
                                                     int           fallback);
guint               sand_ruleset_n_badges           (SandRuleset  *self);
const SandBadgeDef *sand_ruleset_get_badge          (SandRuleset  *self,
                                                     guint         i);
int                 sand_ruleset_find_badge         (SandRuleset  *self,
                                                     const char   *id);

/* Rule options, in file order. Their names and descriptions are the
 * ruleset's text, shown as given (not translated). */
guint               sand_ruleset_get_n_options      (SandRuleset  *self);
const SandOptionDef *sand_ruleset_get_option        (SandRuleset  *self,
                                                     guint         i);
/* The options on after switching @option on or off when @on_now are:
 * on adds it and, transitively, every option it requires; off removes it
 * and every option that (transitively) requires it. Options the ruleset
 * does not declare are kept as they are. Declared options come first, in
 * file order, then the others in @on_now's order. Transfer full. */
char              **sand_ruleset_switch_option      (SandRuleset  *self,
                                                     const char * const *on_now,
                                                     const char   *option,
                                                     gboolean      on);

/* Index lookups by id; -1 when unknown. */
int                 sand_ruleset_find_side          (SandRuleset  *self,
                                                     const char   *id);
int                 sand_ruleset_find_country       (SandRuleset  *self,
                                                     const char   *id);
int                 sand_ruleset_find_terrain       (SandRuleset  *self,
                                                     const char   *id);
int                 sand_ruleset_find_side_feature  (SandRuleset  *self,
                                                     const char   *id);
int                 sand_ruleset_find_unit_type     (SandRuleset  *self,
                                                     const char   *id);
int                 sand_ruleset_find_phase         (SandRuleset  *self,
                                                     const char   *id);
int                 sand_ruleset_find_option        (SandRuleset  *self,
                                                     const char   *id);
/* Bit mask of all side features of one kind. */
guint32             sand_ruleset_side_kind_mask     (SandRuleset  *self,
                                                     SandSideKind  kind);

/* Tables and global parameters. */
const SandTable    *sand_ruleset_get_table          (SandRuleset  *self,
                                                     const char   *id);
guint               sand_ruleset_n_tables           (SandRuleset  *self);
const SandTable    *sand_ruleset_get_table_nth      (SandRuleset  *self,
                                                     guint         i);
const SandParam    *sand_ruleset_get_param          (SandRuleset  *self,
                                                     const char   *name);
int                 sand_ruleset_param_int          (SandRuleset  *self,
                                                     const char   *name,
                                                     int           fallback);
const char         *sand_ruleset_param_str          (SandRuleset  *self,
                                                     const char   *name,
                                                     const char   *fallback);
/* Global params in file order (for listing them, e.g. in docs or the UI). */
guint               sand_ruleset_n_params           (SandRuleset  *self);
const SandParam    *sand_ruleset_get_param_nth      (SandRuleset  *self,
                                                     guint         i);
/* Building tables in code (scenario overrides, tests). A table owns its
 * columns and rows. */
SandTable          *sand_table_new                  (const char   *id,
                                                     const char   *name);
SandTable          *sand_table_copy                 (const SandTable *table);
void                sand_table_free                 (SandTable    *table);
void                sand_table_add_column           (SandTable    *table,
                                                     const char   *id);
/* @cells has one string per column; FALSE if the count differs or the key
 * is taken. */
gboolean            sand_table_add_row              (SandTable    *table,
                                                     const char   *key,
                                                     const char * const *cells);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SandTable, sand_table_free)

/* Rulesets derived from @base (sand-ruleset-derive.c). Each shares @base's
 * defs, so that a map or a counter made under one reads the same under the
 * other, and keeps its id, so that the same rules module plays it; @base is
 * left as it was. Transfer full.
 *
 * Tables: those with the ids of @tables are replaced by copies of them,
 * and any other ids added (how a scenario overrides a chart). */
SandRuleset        *sand_ruleset_new_with_tables    (SandRuleset  *base,
                                                     const SandTable * const *tables,
                                                     guint         n_tables);
/* Params: those with the names of @params take copies of them (value,
 * note, reconstructed) in their place; other names are added after the
 * declared ones (a computer player's weight the file leaves at its
 * default, say). */
SandRuleset        *sand_ruleset_new_with_params    (SandRuleset  *base,
                                                     const SandParam *params,
                                                     guint         n_params);
/* TRUE when one of the two is derived from the other (or both from one
 * base): the indices of their sides, terrains, features, types, phases and
 * options mean the same. */
gboolean            sand_ruleset_shares_defs        (SandRuleset  *self,
                                                     SandRuleset  *other);

/* Table helpers: column index or -1; row or NULL; the cell text or NULL. */
int                 sand_table_find_column          (const SandTable *table,
                                                     const char   *id);
const SandTableRow *sand_table_find_row             (const SandTable *table,
                                                     const char   *key);
const char         *sand_table_lookup               (const SandTable *table,
                                                     const char   *row_key,
                                                     const char   *column);
/* A def's own params (terrain, side feature, unit type). */
int                 sand_params_int                 (GHashTable   *params,
                                                     const char   *name,
                                                     int           fallback);
const char         *sand_params_str                 (GHashTable   *params,
                                                     const char   *name,
                                                     const char   *fallback);

G_END_DECLS
