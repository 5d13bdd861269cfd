/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-dice.h: the game's dice — a small seeded PCG32 stream plus a queue
 * of forced rolls (the console's `roll` command, tests, replays).
 *
 * The whole state is a plain struct so that a game snapshot copies it by
 * value: undo restores the dice too, and replaying a log from the same seed
 * gives the same rolls.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define SAND_DICE_MAX_FORCED 32

typedef struct {
  guint64 state;
  guint64 inc;
  int forced[SAND_DICE_MAX_FORCED];
  int n_forced;
  guint64 n_rolled; /* rolls made so far, forced ones included */
  int recent[16];   /* the last rolls: recent[i % 16] is roll number i */
} SandDice;

void     sand_dice_init       (SandDice   *dice,
                               guint64     seed);
/* A uniform number in [0, bound). */
guint32  sand_dice_uniform    (SandDice   *dice,
                               guint32     bound);
/* One roll of a die with @sides faces: the next forced roll if any, else
 * random. */
int      sand_dice_roll       (SandDice   *dice,
                               int         sides);
/* Queues rolls to come; FALSE when the queue is full. */
gboolean sand_dice_force      (SandDice   *dice,
                               const int  *rolls,
                               int         n);

G_END_DECLS
