/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-action.h: one typed value for every action a game accepts.
 *
 * A SandAction names what is done (its spec: the core's own — at, move,
 * attack, … — or one a rules module declares in its table) and carries the
 * fields that action takes: the unit, the hex, the path, the units taking
 * part, a number, a word, and the owners' choices of an attack (losses,
 * fortification loss, retreats, advance, support, noflank). The log keeps
 * the actions applied; replay, the console, the playtest, each side's log
 * and the editor go through the one parser and the one formatter here.
 *
 * Text form: the console's and the log's syntax, `NAME FIELD… [WORD…]
 * [key=value…]`. sand_action_format () writes exactly the line the log
 * has always held, so that games saved before typed actions replay, and
 * sand_game_parse_action () of that line gives the action back.
 *
 * docs/rules-engine.md, "Actions", tells how a module declares its own.
 */
#pragma once

#include <glib.h>

#include "sand-game.h"

G_BEGIN_DECLS

typedef struct _SandAction SandAction;
typedef struct _SandActionSpec SandActionSpec;
typedef struct _SandResult SandResult;

/* The actions the core knows; a rules module's own are SAND_ACTION_MODULE
 * (their spec says which). */
typedef enum {
  SAND_ACTION_AT,           /* set the clock: number (turn), side, phase */
  SAND_ACTION_END_PHASE,
  SAND_ACTION_ROLL,         /* numbers: the next die rolls */
  SAND_ACTION_MOVE,         /* unit, path; probe (FPW Standard Game ZOC (E)) */
  SAND_ACTION_ENTRAIN,      /* unit */
  SAND_ACTION_DETRAIN,      /* unit */
  SAND_ACTION_ATTACK,       /* hex, units (the attackers), the owners' choices; ask: roll only */
  SAND_ACTION_SETTLE,       /* the owners' choices for the attack that waits */
  SAND_ACTION_RESERVE,      /* hex, side */
  SAND_ACTION_SETUP,        /* unit, hex */
  SAND_ACTION_DONE,         /* unit */
  SAND_ACTION_EXIT,         /* unit */
  SAND_ACTION_READY,        /* the side setting up is done */
  SAND_ACTION_MODULE,       /* a rules module's own */
} SandActionKind;

/* The positional fields an action takes, in the order it writes them. */
typedef enum {
  SAND_FIELD_END = 0,
  SAND_FIELD_UNIT,          /* one unit id → unit */
  SAND_FIELD_UNITS,         /* one or more unit ids → units */
  SAND_FIELD_HEX,           /* one hex id → hex */
  SAND_FIELD_PATH,          /* one or more hex ids → path */
  SAND_FIELD_NUMBER,        /* a whole number → number */
  SAND_FIELD_NUMBERS,       /* one or more whole numbers → numbers */
  SAND_FIELD_SIDE,          /* a side id → side */
  SAND_FIELD_PHASE,         /* a phase id → phase */
  SAND_FIELD_WORD,          /* one of the spec's words → word */
} SandFieldKind;

typedef struct {
  SandFieldKind kind;
  const char *label;        /* how a refusal names a bad number, NC_("number field", "turn") */
  gboolean optional;        /* may be left out (only the last fields) */
} SandField;

/* Words and key=value choices an action takes besides its fields. */
enum {
  SAND_TAKES_PROBE   = 1 << 0,  /* the word `probe` */
  SAND_TAKES_ASK     = 1 << 1,  /* the word `ask`: roll now, the owners choose after */
  SAND_TAKES_NOFLANK = 1 << 2,  /* the word `noflank` or flank=no */
  SAND_TAKES_LOSSES  = 1 << 3,  /* losses=ID:N,…[,fort:N] */
  SAND_TAKES_ADVANCE = 1 << 4,  /* advance=ID,… */
  SAND_TAKES_RETREAT = 1 << 5,  /* retreat=ID:HEX[/HEX…],… */
  SAND_TAKES_SUPPORT = 1 << 6,  /* support=ID,… or support=none */
};

/* Spec flags. */
enum {
  SAND_ACTION_QUERY  = 1 << 0,  /* asks, changes nothing, is not logged (LFAF `command`) */
  SAND_ACTION_PUBLIC = 1 << 1,  /* every side reads its log line as it is (the clock, dice) */
  SAND_ACTION_ATTACKS = 1 << 2, /* an attack on its hex field (balance runs count them per hex) */
  SAND_ACTION_SET_UP = 1 << 3,  /* taken in the set-up as well: does not end it (FPW formation) */
};

/* One entry of an action table: the core's (sand-action.c) or a rules
 * module's (SandRulesModule.actions). */
struct _SandActionSpec {
  const char *name;         /* the command word */
  SandActionKind kind;
  SandField fields[4];      /* SAND_FIELD_END-terminated when shorter */
  guint takes;              /* SAND_TAKES_* */
  const char *const *words; /* what a SAND_FIELD_WORD accepts */
  const char *usage;        /* the refusal when the words do not fit (N_()) */
  guint flags;              /* SAND_ACTION_QUERY, SAND_ACTION_PUBLIC */
  /* Validates and applies @action (a refusal changes nothing); fills
   * @result (never NULL here). A logged action commits itself with
   * sand_game_commit_action (). */
  gboolean (*apply)        (SandGame          *game,
                            const SandAction  *action,
                            SandResult        *result,
                            GError           **error);
  /* What an enemy @viewer of the acting side reads of the logged action
   * (NULL: the action is hidden from it), when the module keeps part of it
   * secret; NULL hook: the action as logged, with the counters it has not
   * seen named as it knows them (sand_action_format_for). */
  char    *(*line_for)     (SandGame          *game,
                            const SandAction  *action,
                            int                viewer);
  /* Whether @unit (-1: no unit) may take this action now, asked without
   * playing (sand_game_offered_actions); NULL: never offered. */
  gboolean (*offered)      (SandGame             *game,
                            const SandActionSpec *spec,
                            int                   unit);
  /* The same for an action whose other fields the player chooses (a hex,
   * a word, points: FPW's hasty attack, LFAF's reconnaissance), asked by
   * name only (sand_game_offers, sand_game_offer_reason: the unit card)
   * and never listed by sand_game_offered_actions, whose generic readers
   * (the computer player) play these by their own plans. */
  gboolean (*asked)        (SandGame             *game,
                            const SandActionSpec *spec,
                            int                   unit);
};

struct _SandAction {
  const SandActionSpec *spec;
  int unit;                 /* -1 when none */
  int hex;                  /* SAND_HEX_NONE when none */
  int side;                 /* -1 when none */
  int phase;                /* -1 when none */
  int number;               /* at: the turn; hasty: the Combat Points */
  const char *word;         /* interned; NULL when none */
  gboolean probe, ask;
  GArray *units;            /* int */
  GArray *path;             /* int hex */
  GArray *numbers;          /* int */
  /* The owners' choices of an attack. */
  GArray *losses;           /* SandLoss */
  int fort_loss;            /* -1: the default */
  GArray *advance;          /* int */
  GArray *retreats;         /* SandRetreat */
  GArray *support;          /* int */
  gboolean choose_support;  /* support= given (support=none: chosen, empty) */
  gboolean noflank;
};

/* The spec of a core action. */
const SandActionSpec *sand_action_core_spec    (SandActionKind    kind);
/* A new action of @spec with every field empty. */
SandAction        *sand_action_new             (const SandActionSpec *spec);
SandAction        *sand_action_new_kind        (SandActionKind    kind);
SandAction        *sand_action_copy            (const SandAction *action);
void               sand_action_free            (SandAction       *action);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SandAction, sand_action_free)
const char        *sand_action_name            (const SandAction *action);
/* The unit that acts (the unit field, else the first of units), or -1. */
int                sand_action_actor_unit      (const SandAction *action);
/* The owners' choices as the combat calls take them; valid while @action
 * is neither changed nor freed. */
void               sand_action_get_choices     (const SandAction *action,
                                                SandAttackChoices *out);
/* Sets the choices from what a combat took (NULL arrays: none). */
void               sand_action_set_losses      (SandAction       *action,
                                                const GArray     *losses,
                                                int               fort_loss);
void               sand_action_set_units       (SandAction       *action,
                                                const int        *units,
                                                guint             n);
void               sand_action_set_advance     (SandAction       *action,
                                                const GArray     *units);
void               sand_action_set_support     (SandAction       *action,
                                                const GArray     *units);

/* The spec named @name in this game (the core's, then the rules
 * module's), or NULL. */
const SandActionSpec *sand_game_find_action    (SandGame         *game,
                                                const char       *name);
/* Appends every spec the game knows (const SandActionSpec *) to @out. */
void               sand_game_list_actions      (SandGame         *game,
                                                GPtrArray        *out);
/* Parses @words (the command word first, NULL-terminated; key=value words
 * kept whole) into an action. NULL with SAND_GAME_ERROR_UNKNOWN when the
 * game has no such action, SAND_GAME_ERROR_INVALID (and the message a
 * player reads) when the words do not fit it. */
SandAction        *sand_game_parse_action      (SandGame         *game,
                                                const char * const *words,
                                                GError          **error);
/* The same with @spec already chosen (the console's `odds` reads an
 * attack's words); @words are the ones after the command word. */
SandAction        *sand_game_parse_action_as   (SandGame         *game,
                                                const SandActionSpec *spec,
                                                const char * const *words,
                                                GError          **error);
/* A log line (a `#` comment dropped, words split at spaces and tabs);
 * NULL without an error for a blank line. */
SandAction        *sand_game_parse_line        (SandGame         *game,
                                                const char       *line,
                                                GError          **error);
/* The action logged @i-th (sand_game_log_line () is its text): the one
 * way to read what was done. Owned by the game; valid while the log keeps
 * it (an undo drops the actions after the position it goes back to). */
const SandAction  *sand_game_log_action        (SandGame         *game,
                                                guint             i);
/* The log's text of @action (no trailing newline). */
char              *sand_action_format          (SandGame         *game,
                                                const SandAction *action);
/* The same with every counter named as @viewer knows it
 * (sand_game_unit_name_for; -1: by id). */
char              *sand_action_format_for      (SandGame         *game,
                                                const SandAction *action,
                                                int               viewer);

/* Applies @action: validates it (a refusal changes nothing and cites its
 * rule, sand_game_get_refusal_rule ()) and, for an action that changes the
 * game, logs it. @result (may be NULL) gets what it did; clear it with
 * sand_result_clear (). */
gboolean           sand_game_apply             (SandGame         *game,
                                                const SandAction *action,
                                                SandResult       *result,
                                                GError          **error);

/* sand_game_parse_action () of @name and @args (NULL-terminated, may be
 * NULL), then sand_game_apply (): the console's words, in one call. */
gboolean           sand_game_perform_args      (SandGame         *game,
                                                const char       *name,
                                                const char * const *args,
                                                SandResult       *result,
                                                GError          **error);

/* An action the game offers now (sand_game_offered_actions). */
typedef struct {
  const SandActionSpec *spec;
  int unit;                 /* the unit it is offered for, or -1 */
} SandOffer;

/* Appends to @out (SandOffer) the actions of the side to move that the
 * game accepts now for @unit (-1: those that take no unit), asked without
 * playing: each one's spec, whose fields say what else it needs (not the
 * actions offered only when asked by name: the spec's asked hook). */
void               sand_game_offered_actions   (SandGame         *game,
                                                int               unit,
                                                GArray           *out);
/* Whether the game offers the action named @name for @unit now. */
gboolean           sand_game_offers            (SandGame         *game,
                                                const char       *name,
                                                int               unit);
/* The same, and when it does not and the rules say why (a check that
 * refuses with a reason, as a refused action would), that reason in
 * @error and the rule case it cites in @rule (may be NULL; free it).
 * Asked without playing: sand_game_get_refusal_rule () is left as it was.
 * FALSE without an error when the game gives no reason (not the side's
 * turn, an attack waiting, no hook). */
gboolean           sand_game_offer_reason      (SandGame         *game,
                                                const char       *name,
                                                int               unit,
                                                char            **rule,
                                                GError          **error);

G_END_DECLS
