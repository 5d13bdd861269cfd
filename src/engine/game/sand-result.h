/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-result.h: what applying an action did, as data.
 *
 * sand_game_apply () fills a SandResult: the unit that acted and where it
 * went (the path taken, the MP left, whether it halted or owes a probe),
 * the combat's odds, dice and losses, the attack that now waits for its
 * owners' choices, the unit a reserve brought in, the clock after, and the
 * notes, each with the rule case it comes from. A rules module's own
 * action adds its own answer as facts: typed members (numbers, flags,
 * words, units, hexes, lists and groups of them) in the order the console
 * writes them. The console turns a result into its JSON answer in one
 * place (sand-console-result.c); the editor reads the struct.
 */
#pragma once

#include <glib.h>

#include "sand-action.h"

G_BEGIN_DECLS

typedef enum {
  SAND_FACT_INT,
  SAND_FACT_BOOL,
  SAND_FACT_STRING,         /* text (NULL: null) */
  SAND_FACT_UNIT,           /* a counter, written by its id (-1: null) */
  SAND_FACT_HEX,            /* a hex, written by its id */
  SAND_FACT_UNITS,          /* a list of counters */
  SAND_FACT_HEXES,          /* a list of hexes */
  SAND_FACT_STRINGS,        /* a list of texts */
  SAND_FACT_OBJECT,         /* begins a group of facts … */
  SAND_FACT_ARRAY,          /* … or a list of groups */
  SAND_FACT_END,            /* ends the innermost group or list */
} SandFactKind;

typedef struct {
  const char *key;          /* static; NULL inside a list */
  SandFactKind kind;
  int value;                /* INT, BOOL, UNIT, HEX */
  char *text;               /* STRING */
  GArray *items;            /* UNITS, HEXES: int */
  GPtrArray *texts;         /* STRINGS: char* */
} SandFact;

/* A note on what happened, and the rule case it comes from (NULL: none). */
typedef struct {
  char *text;
  const char *rule;
} SandNote;

struct _SandResult {
  SandActionKind kind;
  int unit;                 /* the unit that acted, or -1 */
  int mp_left;              /* its MP left after it, or -1 */
  GArray *path;             /* int hex: the path a move took */
  gboolean halted;          /* the move was cut short (FPW EB river roll) */
  gboolean must_probe;      /* it entered enemy control unpaid (FPW Standard Game) */
  int segment;              /* the unit in motion's segment after it (0: none) */
  int placed;               /* reserve: the unit brought in, or -1 */
  gboolean has_attack;      /* @attack holds a resolved attack */
  SandAttackResult attack;
  const SandPendingAttack *pending;  /* an attack rolled and waiting (owned by the game) */
  int hasty_unit;           /* a settled hasty attack's attacker, or -1 */
  GArray *notes;            /* SandNote */
  GArray *facts;            /* SandFact */
};

void               sand_result_init            (SandResult       *result);
void               sand_result_clear           (SandResult       *result);

/* Facts (keys are static strings). */
void               sand_result_add_int         (SandResult       *result,
                                                const char       *key,
                                                int               value);
void               sand_result_add_bool        (SandResult       *result,
                                                const char       *key,
                                                gboolean          value);
void               sand_result_add_string      (SandResult       *result,
                                                const char       *key,
                                                const char       *text);
void               sand_result_add_unit        (SandResult       *result,
                                                const char       *key,
                                                int               unit);
void               sand_result_add_hex         (SandResult       *result,
                                                const char       *key,
                                                int               hex);
void               sand_result_add_units       (SandResult       *result,
                                                const char       *key,
                                                const int        *units,
                                                guint             n);
void               sand_result_add_strings     (SandResult       *result,
                                                const char       *key,
                                                GPtrArray        *texts);
void               sand_result_begin           (SandResult       *result,
                                                const char       *key,
                                                SandFactKind      kind);
void               sand_result_end             (SandResult       *result);
void               sand_result_add_note        (SandResult       *result,
                                                const char       *rule,
                                                const char       *text);
/* The first top-level fact named @key, or NULL. */
const SandFact    *sand_result_find            (const SandResult *result,
                                                const char       *key);

G_END_DECLS
