/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-plan.h: a strong-level plan — the decisions of the fast
 * policy's play it changes (sand-ai-plan.c plays them; sand-ai-strong.c
 * searches over them). Private to the computer player. */
#pragma once

#include "sand-ai-private.h"

/* The determinized worlds a plan is judged in. */
#define N_WORLDS 5
/* How many of its best hexes, after the policy's own choice, a plan may
 * send a unit to. */
#define N_ALT 3
#define GENE_STAY (N_ALT + 1)
/* The hex it reaches, out of contact with every enemy it knows of, that
 * the policy scores best: a pull back out of an attack the enemy would
 * make on it. */
#define GENE_BACK (N_ALT + 2)
/* The most valuable victory hex it reaches that none of its side holds:
 * a garrison, which the enemy must then attack to take. */
#define GENE_GARRISON (N_ALT + 3)
#define N_GENES (N_ALT + 4)

/* A move the policy made, an attack it chose, an attack it refused that a
 * plan may make, a scoring enemy a plan may take back (sand-ai-takeback.c),
 * a hex the enemy's last move would take points from that a plan may hold
 * (sand-ai-lasthold.c). */
enum { MET_MOVE, MET_ATTACK, MET_MAKE, MET_TAKE, MET_HOLD };

/* What a move the policy made was like (Met.flags). */
enum {
  MET_AWAY = 1 << 0,     /* it left a hex within 4 of the enemy for one farther */
  MET_VICTORY = 1 << 1,  /* it set out within three hexes of a victory hex */
  MET_HELD = 1 << 2,     /* the policy left it where it stood, near the enemy */
};

/* A decision the policy made in a rollout: a unit moved, a hex attacked. */
typedef struct {
  int kind;
  int key;     /* the unit, the hex */
  int weight;  /* how often a change of it is drawn */
  int flags;   /* a move's MET_AWAY, MET_VICTORY */
} Met;

struct _SandAiPlan {
  guint8 *move;      /* per unit: 0 the policy's hex, 1..N_ALT the next best, GENE_STAY,
                        GENE_BACK, GENE_GARRISON */
  guint8 *skip;      /* per hex: 1 leave out the attack the policy chose on it */
  guint8 *make;      /* per hex: 1 make the attack on it that the policy refused */
  guint8 *take;      /* per hex: 1 send units next to the scoring enemy on it, first */
  GArray *targets;   /* ints: the hexes of the enemy units that score (shared), or NULL */
  guint8 *take_looked; /* per hex: its take back was a decision or is done, this phase */
  guint8 *sent;      /* per unit: looked at for a take back, this phase */
  guint8 *hold;      /* per hex: 1 stand a unit on it first (the side's last turn) */
  GArray *holds;     /* ints: the hexes the enemy's last move would take points from
                        (shared), or NULL */
  guint8 *hold_looked; /* per hex: its hold was a decision, this phase */
  guint n_units;
  int n_hexes;
  GArray *met;       /* Met: the decisions met while this is set (a rollout's) */
  double gain;       /* what the rollouts judged it better than the policy's play */
  GArray *victory;   /* int pairs: each victory hex and its value (the map's, public) */
  guint8 *moved;     /* per unit: moved by this plan in the phase being played */
  guint8 *looked;    /* per hex: its refused attack was a decision, this phase */
  gboolean held_done; /* the units the policy held were looked at, this phase */
};

/* A plan that changes nothing (the policy's own play), for @ai's game. */
SandAiPlan *sand_ai_plan_new   (SandAi *ai);
/* A fingerprint of the plan's choices, to judge none twice. */
gint64      sand_ai_plan_hash  (const SandAiPlan *plan);
/* @from's choices into @to (of the same game). */
void        sand_ai_plan_copy  (SandAiPlan *to, const SandAiPlan *from);
/* A new phase for @plan: no unit moved yet. */
void        sand_ai_plan_start (SandAiPlan *plan);
