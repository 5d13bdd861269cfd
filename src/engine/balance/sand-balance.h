/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-balance.h: balance runs — many seeded games between computer
 * players, and what they say about a scenario (issue 16, docs/balance.md).
 *
 * A run plays, for every pairing of orders of battle, the games numbered
 * first … end-1 of N; game i plays with seed S+i whatever the pairing (the
 * same seeds for every pairing cut the variance of their comparison), so
 * its result does not depend on how many threads play it nor on which
 * shard it falls in. Each game leaves a small record (winner, level,
 * victory points, length, the turn from which the winner led for good) and
 * adds its per-hex counts (combats, losses, unit-turns) to its pairing's
 * sums. The report is those records and sums; every statistic is worked
 * out from them when written, in game order, so a report merged from
 * shards is byte for byte the report of one run.
 */
#pragma once

#include <gio/gio.h>

#include "sand-ai.h"
#include "sand-game.h"
#include "sand-scenario.h"

G_BEGIN_DECLS

#define SAND_BALANCE_ERROR (sand_balance_error_quark ())
typedef enum {
  SAND_BALANCE_ERROR_INVALID,   /* a bad option: policy, shard, pairing */
  SAND_BALANCE_ERROR_FORMAT,    /* a report file that cannot be read */
  SAND_BALANCE_ERROR_MISMATCH,  /* shards of different runs, overlapping or missing */
  SAND_BALANCE_ERROR_CANCELLED,
} SandBalanceError;
GQuark sand_balance_error_quark (void);

/* How many of the most lopsided games a pairing lists, each way. */
#define SAND_BALANCE_N_LOPSIDED 5

/* A player: "random", "fast" or "strong[:ITERATIONS]" (the strong level's
 * budget in candidate plans a phase, never in time: a time budget would
 * make the games depend on the machine's load). */
gboolean           sand_balance_policy_parse   (const char       *text,
                                                SandAiOptions    *out,
                                                GError          **error);
/* The canonical text of a policy ("strong:8"); free with g_free. */
char              *sand_balance_policy_format  (const SandAiOptions *options);
/* "I/N", 1 ≤ I ≤ N. */
gboolean           sand_balance_shard_parse    (const char       *text,
                                                guint            *index,
                                                guint            *count,
                                                GError          **error);
/* The games [*first, *end) of @games that shard @index of @count plays. */
void               sand_balance_shard_range    (guint             games,
                                                guint             index,
                                                guint             count,
                                                guint            *first,
                                                guint            *end);
/* Wilson score interval at 95% for @k successes in @n trials ([0, 1] when
 * @n is 0). */
void               sand_balance_wilson         (guint             k,
                                                guint             n,
                                                double           *low,
                                                double           *high);

/* One game's record. */
typedef struct {
  guint index;              /* i: the game's number in the run */
  guint64 seed;             /* S + i: the dice; each side's player seeds from it */
  gboolean failed;          /* a phase could not be ended (an engine bug): not counted */
  gboolean over;
  int winner;               /* side index, or -1 */
  const char *level;        /* interned label, or NULL */
  int net;
  int points[SAND_MAX_SIDES];
  int turns;                /* the turn the game ended in */
  int lead_turn;            /* from the end of this turn on the winner led for good; 0 none */
  guint actions;
} SandBalanceGame;

/* One hex's counts, summed over a pairing's games. */
typedef struct {
  char id[SAND_HEX_ID_MAX];
  guint64 combats;          /* attacks (and hasty attacks) made on the hex */
  guint64 losses;           /* strength points (FPW) or steps (LFAF) lost there */
  guint64 unit_turns;       /* units standing there at the end of a turn */
} SandBalanceHex;

typedef struct {
  char *oob[SAND_MAX_SIDES];  /* per side: an OOB id, or NULL (the game's own choice) */
  GArray *games;              /* SandBalanceGame, in game order */
  GArray *hexes;              /* SandBalanceHex, by hex id, only those with a count */
} SandBalancePairing;

/* A run's report, or a shard's. */
typedef struct {
  char *scenario;           /* the file's base name */
  char *title;
  char *ruleset;
  char **options;           /* rule options played, sorted */
  int n_sides;
  char *side_ids[SAND_MAX_SIDES];
  char *players[SAND_MAX_SIDES];  /* policy texts */
  char **levels;            /* the scenario's level labels, in its order */
  guint64 seed;
  guint games;              /* N: games per pairing in the whole run */
  guint shard_index;        /* 0: the whole run (or merged); else I of @shard_count */
  guint shard_count;
  guint first, end;         /* the games held: [first, end) */
  GPtrArray *pairings;      /* SandBalancePairing* */
} SandBalanceReport;

SandBalanceReport *sand_balance_report_new     (void);
void               sand_balance_report_free    (SandBalanceReport *report);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SandBalanceReport, sand_balance_report_free)
SandBalancePairing *sand_balance_pairing_new   (void);
void               sand_balance_pairing_free   (SandBalancePairing *pairing);
/* "french v german": a pairing's name, each side's OOB id or, where the
 * game chooses, the side's id (translated " v "). */
char              *sand_balance_pairing_name   (const SandBalanceReport  *report,
                                                const SandBalancePairing *pairing);
/* The same joining of @n names (a pairing not played yet, by OOB name). */
char              *sand_balance_pairing_join   (const char *const *names,
                                                int                n);

/* What to run. */
typedef struct {
  SandScenario *scenario;   /* with its rule options set; not changed */
  const char *scenario_name;
  SandAiOptions players[SAND_MAX_SIDES];
  guint64 seed;
  guint games;
  guint jobs;               /* threads; 0: one per core */
  guint shard_index;        /* 0 or 1…@shard_count */
  guint shard_count;
  /* Pairings: each an array of n_sides OOB ids (NULL entries: the game's
   * choice); empty: one pairing of the game's own choice. */
  GPtrArray *pairings;      /* char ** (n_sides entries, not NULL-terminated) */
} SandBalanceConfig;

void               sand_balance_config_init    (SandBalanceConfig *config);
void               sand_balance_config_clear   (SandBalanceConfig *config);
/* Adds the pairing "FRENCH,GERMAN": one OOB id per side, in any order. */
gboolean           sand_balance_config_add_pairing (SandBalanceConfig *config,
                                                const char       *text,
                                                GError          **error);
/* Adds every pairing of the sides' orders of battle. */
void               sand_balance_config_add_matrix (SandBalanceConfig *config);

/* Progress: the games done so far of @total (called from the worker
 * threads, one at a time). Return FALSE to stop. */
typedef gboolean (*SandBalanceProgressFunc) (guint    done,
                                             guint    total,
                                             gpointer user_data);

/* A report of the games finished so far (in game order, with gaps),
 * every twentieth of the run, from a worker thread under the run's lock;
 * the callee owns it (sand_balance_report_free). */
typedef void (*SandBalancePartialFunc) (SandBalanceReport *partial,
                                        gpointer           user_data);

/* Plays the run on @config->jobs threads and returns its report; NULL
 * with @error when the config is wrong or the run was cancelled. */
SandBalanceReport *sand_balance_run            (const SandBalanceConfig *config,
                                                GCancellable     *cancellable,
                                                SandBalanceProgressFunc progress,
                                                gpointer          user_data,
                                                GError          **error);
/* The same, with partial reports as the games finish. */
SandBalanceReport *sand_balance_run_full       (const SandBalanceConfig *config,
                                                GCancellable     *cancellable,
                                                SandBalanceProgressFunc progress,
                                                SandBalancePartialFunc partial,
                                                gpointer          user_data,
                                                GError          **error);
/* One game of @pairing_oobs (n_sides ids, NULL entries allowed), its
 * record and per-hex counts added to @combats, @losses and @unit_turns
 * (n_hexes each) — what sand_balance_run does per game. */
gboolean           sand_balance_play_one       (const SandBalanceConfig *config,
                                                const char * const *pairing_oobs,
                                                guint             index,
                                                SandBalanceGame  *record,
                                                guint64          *combats,
                                                guint64          *losses,
                                                guint64          *unit_turns,
                                                GError          **error);

/* Adds to @combats (n_hexes counts) the attacks the log of @game holds
 * from entry @from on, each on the hex attacked (the core's attack, FPW's
 * hasty attack: SAND_ACTION_ATTACKS) — what a run counts per game. */
void               sand_balance_count_combats  (SandGame         *game,
                                                guint             from,
                                                guint64          *combats);

/* Plays game @index of the run again, exactly as the run played it (the
 * same seeds, players and pairing), and returns it finished, to be
 * watched or saved; @record (may be NULL) receives its record. */
SandGame          *sand_balance_replay_game    (const SandBalanceConfig *config,
                                                const char * const *pairing_oobs,
                                                guint             index,
                                                SandBalanceGame  *record,
                                                GError          **error);

/* Writers: the report as JSON (statistics, per-hex counts and the games)
 * and the games as CSV, one row each. */
char              *sand_balance_report_to_json (const SandBalanceReport *report);
char              *sand_balance_report_to_csv  (const SandBalanceReport *report);
/* Reads a report written by sand_balance_report_to_json. */
SandBalanceReport *sand_balance_report_from_json (const char     *text,
                                                gsize             length,
                                                GError          **error);
/* Shards of one run, in any order, into the report the whole run gives;
 * refused when they are of different runs, overlap or leave games out. */
SandBalanceReport *sand_balance_merge          (GPtrArray        *reports,
                                                GError          **error);

G_END_DECLS
