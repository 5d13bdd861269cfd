/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-dice.c: PCG32 (O'Neill's "XSH RR" variant) and the forced-roll queue.
 * GRand would also do, but its state cannot be copied by value, and
 * snapshots for undo must copy the dice. */
#include "config.h"

#include "sand-dice.h"

#include <string.h>

static guint32
pcg32_next (SandDice *dice)
{
  guint64 old = dice->state;
  dice->state = old * 6364136223846793005ULL + dice->inc;
  guint32 xorshifted = (guint32) (((old >> 18u) ^ old) >> 27u);
  guint32 rot = (guint32) (old >> 59u);
  return (xorshifted >> rot) | (xorshifted << ((-rot) & 31));
}

void
sand_dice_init (SandDice *dice,
                guint64   seed)
{
  g_return_if_fail (dice != NULL);

  *dice = (SandDice) { 0 };
  dice->inc = (0xda3e39cb94b95bdbULL << 1u) | 1u;
  pcg32_next (dice);
  dice->state += seed;
  pcg32_next (dice);
}

guint32
sand_dice_uniform (SandDice *dice,
                   guint32   bound)
{
  g_return_val_if_fail (dice != NULL, 0);
  g_return_val_if_fail (bound > 0, 0);

  /* Rejection keeps the distribution exact. */
  guint32 threshold = (-bound) % bound;
  for (;;)
    {
      guint32 r = pcg32_next (dice);
      if (r >= threshold)
        return r % bound;
    }
}

int
sand_dice_roll (SandDice *dice,
                int       sides)
{
  g_return_val_if_fail (dice != NULL, 1);
  g_return_val_if_fail (sides > 0, 1);

  int r;
  if (dice->n_forced > 0)
    {
      r = dice->forced[0];
      memmove (dice->forced, dice->forced + 1, sizeof (int) * (gsize) (dice->n_forced - 1));
      dice->n_forced--;
    }
  else
    r = 1 + (int) sand_dice_uniform (dice, (guint32) sides);
  dice->recent[dice->n_rolled % G_N_ELEMENTS (dice->recent)] = r;
  dice->n_rolled++;
  return r;
}

gboolean
sand_dice_force (SandDice  *dice,
                 const int *rolls,
                 int        n)
{
  g_return_val_if_fail (dice != NULL, FALSE);
  g_return_val_if_fail (n >= 0, FALSE);

  if (dice->n_forced + n > SAND_DICE_MAX_FORCED)
    return FALSE;
  for (int i = 0; i < n; i++)
    dice->forced[dice->n_forced++] = rolls[i];
  return TRUE;
}
