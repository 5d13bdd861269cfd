/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-private.h: what the computer player's files share. */
#pragma once

#include "sand-action.h"
#include "sand-ai.h"
#include "sand-dice.h"
#include "sand-game.h"
#include "sand-result.h"

G_BEGIN_DECLS

/* How the fast policy weighs what it sees; the ruleset file may set any
 * of them as a global param "ai-NAME" (docs/ai.md). */
typedef struct {
  double objective;     /* pull toward the objectives (victory hexes, scoring edges) */
  double enemy;         /* pull next to enemies it outweighs */
  double danger;        /* push away from enemies that outweigh it */
  double close;         /* pull toward the nearest enemy, per hex */
  double stack;         /* cost of each friendly unit already on a hex */
  double material;      /* evaluation: a point (or step) of strength */
  double vp;            /* evaluation: a victory point */
  double attack_min;    /* least expected gain, in strength, worth an attack */
  double attack_ratio;  /* a hidden defence: least estimated attack/defence ratio */
  double flag;          /* evaluation: each rules state on a unit (pins, barrage…), bad */
  double threat;        /* pull toward enemy units that score, per point of evaluation */
  double screen;        /* last turns: pull to cover a border hex of the home country */
  double screen_turns;  /* … in this many last turns (0: never) */
  double supply;        /* a point of a unit's strength ending its move out of supply */
  double railhead;      /* a unit of no strength: the best goal within … */
  double railhead_range; /* … this many hexes of its hex (its supply's reach; 0: never) */
  double escort;        /* an enemy on the line ahead of the railhead: a cost, per goal it holds back */
  double crowd;         /* enough next to an enemy: this times its strength (0: no limit) */
  double flank;         /* a hex that completes a flank attack on an enemy next to it */
  double guard;         /* a guard: pull a hex toward where the enemy can come into its country */
  double guard_turns;   /* … the enemy's reach, in its moves (0: no guard) */
  double guard_ratio;   /* … this times the enemy's strength of the side's nearest units */
  double last_hold;     /* strong, last turn: least points a hex the enemy's last move takes (0: none) */
  double concert;       /* a unit of a concert: pull next to the enemy hex it is sent against */
  double cut;           /* a unit of a cut: pull to the hex whose control cuts an enemy's supply */
} SandAiWeights;

#define SAND_AI_N_WEIGHTS 25

/* The strong level's changes to the fast policy's choices (sand-ai-strong.c). */
typedef struct _SandAiPlan SandAiPlan;

typedef struct {
  SandGame *game;
  int side;
  SandAiOptions opts;
  SandAiWeights w;
  SandDice rng;
  const SandGrid *grid;
  const int *nbr;       /* neighbours: n_hexes * SAND_N_DIRS, SAND_HEX_NONE off the map */
  int n_hexes;
  guint n_units;
  double *goal;         /* per hex: what standing there is worth to the side */
  double *threat;       /* per hex: what the enemy units near that score are worth (or NULL) */
  int *threat_from;     /* per hex: where the enemy unit of @threat stands */
  guint8 *screen;       /* per hex: a border hex of its home country to cover (or NULL) */
  gboolean screen_built; /* @screen was read this phase */
  int *guard_at;        /* per unit: the hex it guards (SAND_HEX_NONE: none), or NULL… */
  int *guard_from;      /* … against the enemy standing there (in guard_at's block) */
  gboolean guard_built; /* @guard_at was read this phase */
  int *concert_at;      /* per unit: the enemy hex it is sent next to (SAND_HEX_NONE), or NULL… */
  int *concert_hex;     /* … the hex it is sent to, for a flank (in concert_at's block) */
  gboolean concert_built; /* @concert_at was read this phase */
  int *cut_at;          /* per unit: the hex it is sent to, to cut a supply (SAND_HEX_NONE), or NULL… */
  int *cut_from;        /* … the enemy hex whose supply it cuts (in cut_at's block) */
  gboolean cut_built;   /* @cut_at was read this phase */
  double *railhead;     /* per hex: the best goal within railhead_range, or NULL */
  guint8 *railhead_blocked; /* per hex: supply is not traced through it (with @railhead) */
  guint8 *railhead_near; /* per hex: 1 + hexes from a unit of no strength, within range; 0: not */
  gboolean railhead_filled; /* @railhead was worked out (at the first hex asked) */
  double *block;        /* per hex: what an enemy there holds the railhead back by, or NULL */
  int *own_count;       /* per hex: the side's units there (sand_ai_own_at), or NULL… */
  int *own_combat;      /* … of them, those with strength (in own_count's block) */
  int *own_str;         /* … and their believed strength (in own_count's block) */
  guint own_len;        /* … counted while the log had this length */
  guint own_actions;    /* … and the player had applied this many */
  int *est;             /* per unit: the strength the side believes it has */
  double if_real;       /* an unseen enemy counter believed real: its strength (sand-ai-hidden.c) */
  double if_unseen;     /* … and the mean strength of every counter it has not seen, dummies too */
  guint8 *done;         /* per unit: moved or attacked by the player this phase */
  int *enemy_str;       /* per hex: believed enemy strength there */
  int *enemy_unseen;    /* per hex: enemy counters there the side has not seen */
  int *enemy_seen_str;  /* per hex: the strength of those it has seen */
  int *enemy_dist;      /* per hex: hexes to the nearest enemy unit (99: none) */
  int *enemy_hexes;     /* the hexes at 0 of @enemy_dist, in order (n_enemy_hexes) */
  guint n_enemy_hexes;
  GHashTable *tried;    /* "name unit hex" keys of actions tried this phase */
  GHashTable *weights;  /* "name word" → double *: the ruleset's ai-value-* read */
  GPtrArray *taken;     /* char *: lines applied, or NULL */
  GPtrArray *reasons;   /* char *: why, one for each line of @taken, or NULL */
  char *reason;         /* why the action the policy just chose (taken by apply) */
  GPtrArray *decisions; /* SandAiDecision *: one for each line applied, or NULL */
  int objective;        /* the chosen action's objective hex (taken by apply) */
  char *odds;           /* the odds it accepted, or NULL (taken by apply) */
  double expected;      /* the gain it expected (taken by apply) */
  char *carry_reason;   /* an attack's reasons, kept for the line its settlement logs */
  char *carry_odds;
  int carry_objective;
  double carry_expected;
  const SandAiOptions *enemy_opts; /* choices after the die for the enemy, or NULL */
  guint actions;
  int in_motion;        /* the unit it moved last this phase, or -1 */
  gboolean quiet;       /* search: do not copy lines */
  gboolean no_reserve;  /* no reserve may come in this phase */
  gboolean view_valid;  /* enemy_str and enemy_dist are of the game… */
  guint view_len;       /* … while the log has this length */
  guint view_actions;   /* … and the player has applied this many */
  int *view_sig;        /* … made of these (enemy unit, hex, known and believed strength)… */
  int *view_sig_next;   /* (scratch for the next) */
  guint view_sig_n;     /* … this many ints of it */
  gboolean view_sig_valid;
  gboolean now_valid;   /* now_value is the full evaluation of the game… */
  double now_value;
  guint now_len;        /* … while the log has this length */
  guint now_actions;    /* … and the player has applied this many */
  double vp_after;      /* the victory count's share after the last move chosen… */
  guint vp_len;         /* … valid while the log's length + 1 is this */
  SandAiPlan *plan;     /* strong: the choices it changes, or NULL (the fast policy's) */
} SandAi;

/* sand-ai.c */
void        sand_ai_init             (SandAi *ai, SandGame *game, const SandAiOptions *options);
void        sand_ai_clear            (SandAi *ai);
/* Applies @action (taking it); FALSE when the game refused it. */
gboolean    sand_ai_apply            (SandAi *ai, SandAction *action);
/* Says why the action about to be returned was chosen (printf-style). */
void        sand_ai_because          (SandAi *ai, const char *format, ...) G_GNUC_PRINTF (2, 3);
/* Adds to the reason what the move does to the side's victory count, @vp
 * points, when it does anything ("Victory count +2.0."): "+0.0" on every
 * move said nothing. */
void        sand_ai_because_count    (SandAi *ai, double vp);
/* Whether anyone reads the explanations (else they are not written). */
#define     sand_ai_explaining(ai)   ((ai)->reasons != NULL || (ai)->decisions != NULL)
/* The chosen action's objective hex, odds (or NULL) and expected gain. */
void        sand_ai_aim              (SandAi *ai, int hex, const char *odds, double expected);
/* A chosen action dropped before it is applied: its reason, odds,
 * objective and expected gain go with it. */
void        sand_ai_forget           (SandAi *ai);
/* Whether @key was tried this phase; marks it. */
gboolean    sand_ai_try_once         (SandAi *ai, const char *name, int unit, int hex);
/* Settles the waiting attack with each side's choices. */
gboolean    sand_ai_settle           (SandAi *ai);
/* Plays the phase with the weights set (the loop shared by every level). */
void        sand_ai_run_phase        (SandAi *ai);

/* sand-ai-hidden.c: an attack on counters the side has not seen. */
/* Reads the mix of unseen enemy strengths (@n printed strengths). */
void        sand_ai_hidden_mix       (SandAi *ai, const int *pool, guint n);
/* The enemy strength on @hex as an attack must believe it: each counter
 * it has not seen as strong as a real one of the mix. */
double      sand_ai_hidden_strength  (SandAi *ai, int hex);

/* sand-ai-view.c: what the side knows. */
/* Where the enemy stands now (enemy_str, enemy_dist). */
void        sand_ai_view_enemies     (SandAi *ai);
/* An int array to fill (units, path). */
GArray     *sand_ai_ints             (GArray **array);
void        sand_ai_view_build       (SandAi *ai);
int         sand_ai_enemy_at         (SandAi *ai, int hex);   /* believed enemy strength */
int         sand_ai_own_at           (SandAi *ai, int hex, int except);
/* Counts own_count, own_combat and own_str for the game as it stands
 * (again only when it has changed since). */
void        sand_ai_own_refresh      (SandAi *ai);
/* Per hex, the side whose home country it is (-1: none); g_free it. */
gint8      *sand_ai_home_sides       (SandAi *ai);
/* The sum of @per_hex (one of the view's per-hex counts) over the hexes
 * next to @hex. */
int         sand_ai_sum_beside       (SandAi *ai, const int *per_hex, int hex);
gboolean    sand_ai_enemy_here       (SandAi *ai, int hex);
int         sand_ai_nearest_enemy    (SandAi *ai, int hex);   /* distance, or 99 */
void        sand_ai_weights_default  (SandGame *game, SandAiWeights *w);

/* sand-ai-threat.c */
/* ai->threat (once a phase, when it is NULL): near the seen enemy unit
 * that scores most for its side, what its score is worth, falling off
 * with distance. */
void        sand_ai_threat_build     (SandAi *ai);
/* The enemy's points as the side may count them. */
double      sand_ai_enemy_points     (SandAi *ai);

/* sand-ai-guard.c */
/* ai->guard_at (once a phase): for each enemy unit that could come into
 * the side's home country within ai-guard-turns of its moves and score
 * there, the side's nearest combat units, ai-guard-ratio times its
 * strength, guard the hex it would come in at. */
void        sand_ai_guard_build      (SandAi *ai);
/* The pull on @unit toward the hex it guards: -ai-guard a hex farther
 * than next to it (0 for a unit that guards nothing). */
double      sand_ai_guard_score      (SandAi *ai, int unit, int hex);
/* The hex @unit guards and the enemy's hex in @from; SAND_HEX_NONE if none. */
int         sand_ai_guard_of         (SandAi *ai, int unit, int *from);

/* sand-ai-concert.c */
/* ai->concert_at (once a Movement Phase, after the guard): for each enemy
 * hex that the side's units next to it and those that reach a hex next to
 * it make the odds the attack step asks of (ai-attack-ratio times the
 * believed defence), those units, the fewest to move first. */
void        sand_ai_concert_build    (SandAi *ai);
/* ai-concert when @hex is next to the enemy hex @unit is sent against; 0
 * otherwise (and for a unit sent nowhere). */
double      sand_ai_concert_score    (SandAi *ai, int unit, int hex);
/* Says why @unit goes to @hex when its concert drew it there; FALSE
 * (nothing said) otherwise. */
gboolean    sand_ai_concert_explain  (SandAi *ai, int unit, int hex);

/* sand-ai-cut.c */
/* ai->cut_at (once a Movement Phase, after the concert): for each enemy
 * hex of the side's home country whose units score there, the hexes
 * within two of it where one to three of the side's free units, put there,
 * make the enemy's points fall (its supply cut), the fewest units first. */
void        sand_ai_cut_build        (SandAi *ai);
/* ai-cut when @hex is the hex @unit is sent to for a cut; 0 otherwise. */
double      sand_ai_cut_score        (SandAi *ai, int unit, int hex);
/* Says why @unit goes to @hex when a cut drew it there; FALSE otherwise. */
gboolean    sand_ai_cut_explain      (SandAi *ai, int unit, int hex);

/* sand-ai-screen.c */
/* ai->screen (once a phase): in the last ai-screen-turns turns, the hexes
 * of the side's home country next to an enemy's, within an enemy
 * counter's march. */
void        sand_ai_screen_build     (SandAi *ai);
/* What standing on @hex is worth to @unit for the screen: ai-screen for
 * each such hex it covers (on or next to it) that no other of its combat
 * units covers. */
double      sand_ai_screen_score     (SandAi *ai, int unit, int hex);

/* sand-ai-crowd.c */
/* How much of the pull next to enemies @unit gets on @hex: 1 while the
 * side's other units next to an enemy hex next to it have less than
 * ai-crowd times its strength, 0 once they have it for every such hex
 * (always 1 when ai-crowd is 0). */
double      sand_ai_crowd_share      (SandAi *ai, int unit, int hex);

/* sand-ai-flank.c */
/* ai-flank when @hex is next to an enemy unit (not in a fortification)
 * around which the side's other combat units stand so that @unit there
 * completes a flank attack (an opposite pair or a triangle) that none
 * makes yet; 0 otherwise. */
double      sand_ai_flank_score      (SandAi *ai, int unit, int hex);

/* sand-ai-fort.c */
/* Whether an attack on @hex, an enemy hex, is refused when it is judged
 * without a try (on believed odds): a living fortification stands there,
 * whose share of the defence and of the losses believed odds cannot show. */
gboolean    sand_ai_fort_untried_refused (SandAi *ai, int hex);

/* sand-ai-supply.c */
/* What @unit ending its move in @state costs it: ai-supply a point of its
 * strength out of supply (0 when supplied or the weight is 0). */
double      sand_ai_supply_cost      (SandAi *ai, int unit, SandSupplyState state);
/* Of @n options for @unit's move (@moves[k], NULL for staying; @raw[k]
 * its score), the index of the best once each pays what it costs, the
 * earlier on a tie; the supply read of as few as decide it. */
#define SAND_AI_PICK_MAX 4
int         sand_ai_supply_pick      (SandAi *ai, int unit, const SandAction **moves,
                                      const double *raw, int n);

/* sand-ai-railhead.c */
/* The railhead's fields for the phase (once; before the first action). */
void        sand_ai_railhead_build   (SandAi *ai);
/* What standing on @hex is worth to @unit of no strength (or to a reserve
 * coming in there, @unit -1) as the head of the side's supply: ai-railhead
 * times the best goal within ai-railhead-range hexes of it. 0 for a unit
 * with strength. */
double      sand_ai_railhead_score   (SandAi *ai, int unit, int hex);
/* What an enemy unit on @hex costs the side by holding its railhead back
 * (ai-escort times the goal the head would gain past it; 0 off the line). */
double      sand_ai_line_block       (SandAi *ai, int hex);
/* The pull on @unit with strength to stand next to such an enemy. */
double      sand_ai_escort_score     (SandAi *ai, int unit, int hex);
/* Of @hexes (@unit's reach), the one deepest in the goal field within
 * ai-railhead-range of one of the side's units of no strength — where it
 * scores its depth if supply reaches it — when it is none of the @n_taken
 * @taken and not where it stands; its heuristic score in @score.
 * SAND_HEX_NONE otherwise (and for a unit of no strength). */
int         sand_ai_railhead_deepest (SandAi *ai, int unit, GArray *hexes, const int *taken,
                                      int n_taken, double *score);
/* Says why @unit goes to @hex when the railhead or the line ahead drew
 * it there (@gain: the count's gain as the evaluation weighs it); FALSE
 * (nothing said) otherwise. */
gboolean    sand_ai_railhead_explain (SandAi *ai, int unit, int hex, double gain);

/* sand-ai-eval.c */
/* Material and position as the side sees them (cheap). */
double      sand_ai_eval_quick       (SandAi *ai);
/* The same plus the victory count the side may make (costly in FPW). */
double      sand_ai_eval_full        (SandAi *ai);
/* sand_ai_eval_full of the game as the player has left it (not inside a
 * try), counted once between two of its actions. */
double      sand_ai_eval_now         (SandAi *ai);
/* The victory count's share of it: the side's points less the enemy's. */
double      sand_ai_eval_vp          (SandAi *ai);
/* Plays @action on the game with dice from the player's own stream and
 * gives the evaluation after it, then takes it back. G_MAXDOUBLE * -1
 * when refused. @faces: how many die faces to average over (1: one draw). */
#define SAND_AI_EVAL_VP 2 /* @full: the victory count's share alone */
double      sand_ai_simulate         (SandAi *ai, const SandAction *action, int full,
                                      int faces);
/* Takes back every action after the log's @length. */
void        sand_ai_rewind           (SandGame *game, guint length);

/* sand-ai-fast.c */
SandAction *sand_ai_fast_next        (SandAi *ai);
void        sand_ai_fast_choices     (SandAi *ai, const SandPendingAttack *p, SandAiChoices *c);
double      sand_ai_hex_score        (SandAi *ai, int unit, int hex);

/* sand-ai-actions.c: every other action the rules offer. */
typedef double (*SandAiHexScore) (SandAi *ai, int unit, int hex);
/* The ruleset's `ai-value-NAME-WORD` (for @word, when not NULL) or
 * `ai-value-NAME` for @spec (0 when it declares neither). */
double      sand_ai_action_weight    (SandAi *ai, const SandActionSpec *spec, const char *word);
/* Whether the side sees every enemy unit within @radius of @hex. */
gboolean    sand_ai_all_seen_near    (SandAi *ai, int hex, int radius);
/* Whether @spec has a field of @kind that is not optional. */
gboolean    sand_ai_spec_has_field   (const SandActionSpec *spec, SandFieldKind kind);
/* An action judged without a try: the ruleset's weight and, against an
 * enemy hex with a NUMBER, the odds the side believes. */
double      sand_ai_judged_untried   (SandAi *ai, const SandAction *a);
/* The best of the rules' own actions (of @only_unit, or -1: any), or NULL. */
SandAction *sand_ai_actions_next     (SandAi *ai, int only_unit);
/* Entrain @unit when the rail takes it somewhere better; NULL if not. */
SandAction *sand_ai_rail_next        (SandAi *ai, int unit, SandAiHexScore score);
/* Detrain a unit whose ride is over; NULL if none. */
SandAction *sand_ai_detrain_next     (SandAi *ai);
/* Sets up the side ai->side by zone and says it is ready. */
void        sand_ai_set_up_side      (SandAi *ai, SandAiHexScore score);
/* sand-ai-probe.c: a probe (a move into enemy control unpaid) planned
 * with the attack it commits to, made only when that attack pays; NULL
 * if not. */
SandAction *sand_ai_probe_next       (SandAi *ai, int unit);
/* The attack a probe of the side's owes (before anything else), or NULL. */
SandAction *sand_ai_probe_owed       (SandAi *ai);
/* sand-ai-challenge.c: a challenge as the way into a possible zone of
 * control (the move to the hex before it, or the challenge), NULL if not. */
SandAction *sand_ai_challenge_route  (SandAi *ai, int unit);
/* The unit in motion's planned challenge, or its move on after one that
 * showed no zone; NULL if none. */
SandAction *sand_ai_challenge_step   (SandAi *ai, int unit);
/* sand-ai-withhold.c: what taking @unit back off the map to come again
 * later is worth, @judged being what a try (or the weight) said. */
double      sand_ai_withhold_value   (SandAi *ai, int unit, double judged);
/* The attack on @hex by every unit of @may_attack next to it, the
 * strongest to advance (sand-ai-fast.c); NULL when none is next to it. */
SandAction *sand_ai_attack_on        (SandAi *ai, int hex, GArray *may_attack);
/* sand-ai-made.c: an attack the fast policy refused, which the strong
 * level's plan makes. */
/* The side's units that may still attack (not done, offered an attack). */
void        sand_ai_may_attack       (SandAi *ai, GArray *out);
/* The attack on @hex by every unit of @may_attack next to it, to be rolled
 * and settled (NULL when none is next to it), said to be the search's
 * (@n_worlds rollouts, @gain over the policy's plan). */
SandAction *sand_ai_made_attack      (SandAi *ai, int hex, GArray *may_attack, int n_worlds,
                                      double gain);
/* sand-ai-standin.c: what a real enemy unit would score where a counter
 * the side has not seen stands (the guard's and the take back's). */
typedef struct {
  int unit;         /* the stand-in, a counter the side knows real; -1: none */
  double without;   /* the enemy's points with it (and @off) off the map; NAN: not yet asked */
  double *at;       /* by hex: what it scores there; NAN: not yet asked */
  GArray *off;      /* ints: enemy units taken off the map too while asking, or NULL */
} SandAiStand;
void        sand_ai_stand_init       (SandAi *ai, SandAiStand *stand, GArray *off);
/* What the stand-in scores on @hex, as the side counts: the count with it
 * there, shown to the side (the units of @off off the map), less the count
 * without it; 0 when there is no stand-in. */
double      sand_ai_stand_scores     (SandAi *ai, SandAiStand *stand, int hex);
void        sand_ai_stand_clear      (SandAiStand *stand);
/* sand-ai-takeback.c: the strong level's take back. */
/* The hexes of the enemy units the side sees that score where they stand,
 * as the side may count (the count asked with each alone on the map, and
 * without it), then of the face-down counters where a real unit would
 * score alone (the stand-in), that one of its combat units could come
 * next to within a few of its marches, into @out (ints). */
void        sand_ai_takeback_targets (SandAi *ai, GArray *out);
/* The next move of a unit of the side to a hex next to the enemy on
 * @target while the strength next to it is short of what an attack asks
 * (the nearest first; each unit looked at once, marked in @looked, per
 * unit), or, beyond this march, toward it while the strength within a
 * march of it is short; said to be the search's (@n_worlds, @gain); NULL
 * when no more. */
SandAction *sand_ai_takeback_next    (SandAi *ai, int target, guint8 *looked, int n_worlds,
                                      double gain);
/* sand-ai-lasthold.c: the strong level's hold in the side's last turn. */
/* Adds to @cost (per hex) what the side's count would lose by an enemy
 * unit it sees ending its next move there (the most of any one unit, by
 * the rules' reach), in victory points; FALSE, adding nothing, when no
 * such unit may move now (not the enemy's Movement Phase). */
gboolean    sand_ai_lasthold_costs   (SandAi *ai, double *cost);
/* The hexes whose @cost over @n_worlds (summed by sand_ai_lasthold_costs)
 * is `ai-last-hold` points or more on average, the costliest first, into
 * @out (ints). */
void        sand_ai_lasthold_targets (SandAi *ai, const double *cost, int n_worlds, GArray *out);
/* The move of the nearest combat unit of the side that reaches @hex, is
 * not next to an enemy and is not @moved (per unit), onto it; said to be
 * the search's (@n_worlds, @gain) unless @probe (asked whether one would
 * go); NULL when none, or when the side or the enemy stands there. */
SandAction *sand_ai_lasthold_next    (SandAi *ai, int hex, const guint8 *moved, gboolean probe,
                                      int n_worlds, double gain);
/* sand-ai-random.c */
SandAction *sand_ai_random_next      (SandAi *ai);
/* sand-ai-strong.c */
/* Searches the phase and leaves the plan found in ai->plan. */
void        sand_ai_strong_plan      (SandAi *ai);
/* The fast policy's next action with the plan's changes. */
SandAction *sand_ai_strong_next      (SandAi *ai);
void        sand_ai_plan_free        (SandAiPlan *plan);

G_END_DECLS
