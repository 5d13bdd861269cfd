/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-game-copy.c: scratch games for a search (sand-game-copy.h). */
#include "config.h"

#include "sand-game-copy.h"
#include "sand-game-private.h"

SandGame *
sand_game_copy_replay (SandGame  *self,
                       GError   **error)
{
  g_return_val_if_fail (self != NULL, NULL);

  /* Replaying is the one copy that stays right whatever the rules module
   * keeps in its own data: the module rebuilds it as the game did. */
  g_autofree char *log = sand_game_save_log (self);
  return sand_game_load_log (self->scenario, log, error);
}

SandGame *
sand_game_copy (SandGame  *self,
                GError   **error)
{
  g_return_val_if_fail (self != NULL, NULL);

  SandGame *clone = sand_game_clone (self);
  return clone != NULL ? clone : sand_game_copy_replay (self, error);
}

void
sand_game_reseed_dice (SandGame *self,
                       guint64   seed)
{
  g_return_if_fail (self != NULL);

  guint64 n = self->dice.n_rolled;
  sand_dice_init (&self->dice, seed);
  /* Keep the count: the log's "# rolled" comments index rolls by it. */
  self->dice.n_rolled = n;
}

/* The state that belongs to the place, not to the counter. */
#define PLACE_FLAGS (SAND_UNIT_ENTRAINED | SAND_UNIT_MOVED | SAND_UNIT_ATTACKED \
                     | SAND_UNIT_DEFENDED | SAND_UNIT_WAS_ENTRAINED | SAND_UNIT_ONCE_PAID \
                     | SAND_UNIT_FACE_DOWN | SAND_UNIT_HALTED | SAND_UNIT_CONCENTRATED \
                     | SAND_UNIT_STOPPED | SAND_UNIT_MUST_PROBE | SAND_UNIT_NO_COMBAT \
                     | SAND_UNIT_HASTY | SAND_UNIT_FINISHED)

guint
sand_game_shuffle_unseen (SandGame *self,
                          int       viewer,
                          guint64   seed)
{
  g_return_val_if_fail (self != NULL, 0);

  g_autoptr(GArray) unseen = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < self->n_units; i++)
    {
      const SandUnitState *u = &self->units[i];
      if (u->status == SAND_UNIT_ON_MAP && (int) u->side != viewer
          && sand_game_unit_strength_for (self, (int) i, viewer) < 0)
        g_array_append_val (unseen, i);
    }
  if (unseen->len < 2)
    return unseen->len;

  /* Places may only be exchanged between counters of one side. */
  SandDice rng;
  sand_dice_init (&rng, seed);
  for (guint k = unseen->len - 1; k > 0; k--)
    {
      guint j = sand_dice_uniform (&rng, k + 1);
      int a = g_array_index (unseen, int, k), b = g_array_index (unseen, int, j);
      SandUnitState *ua = &self->units[a], *ub = &self->units[b];
      if (a == b || ua->side != ub->side)
        continue;
      SandUnitState ta = *ua, tb = *ub;
      ua->hex = tb.hex;
      ub->hex = ta.hex;
      ua->flags = (ta.flags & ~PLACE_FLAGS) | (tb.flags & PLACE_FLAGS);
      ub->flags = (tb.flags & ~PLACE_FLAGS) | (ta.flags & PLACE_FLAGS);
      ua->mp_spent = tb.mp_spent;
      ub->mp_spent = ta.mp_spent;
      ua->rail_credit = tb.rail_credit;
      ub->rail_credit = ta.rail_credit;
      ua->alias = tb.alias;
      ub->alias = ta.alias;
      ua->supply = tb.supply;
      ub->supply = ta.supply;
    }
  sand_game_occupancy_rebuild (self);
  sand_game_changed (self);
  return unseen->len;
}
