/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ai-random.c: the random policy, the yardstick the fast level is
 * measured against. Each call picks, uniformly from the player's own
 * stream, one of the side's units that still has an offered move, attack
 * or action of its own, and one of those at random (a move to any hex it
 * reaches, an attack with it and its neighbours on any enemy hex next to
 * it); or stops, with the same chance as any one unit. */
#include "config.h"

#include "sand-ai-private.h"

static SandAction *
random_for (SandAi *ai, int unit, GArray *offers)
{
  const SandOffer *o = &g_array_index (offers, SandOffer,
                                       sand_dice_uniform (&ai->rng, offers->len));
  int here = sand_game_get_unit (ai->game, unit)->hex;
  SandAction *a;

  switch (o->spec->kind)
    {
    case SAND_ACTION_MOVE:
      {
        g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
        const SandReach *reach = sand_game_reach (ai->game, unit, NULL);
        if (reach == NULL)
          return NULL;
        sand_reach_hexes (reach, hexes);
        if (hexes->len == 0)
          return NULL;
        a = sand_action_new_kind (SAND_ACTION_MOVE);
        a->unit = unit;
        g_array_append_val (sand_ai_ints (&a->path),
                            g_array_index (hexes, int, sand_dice_uniform (&ai->rng, hexes->len)));
        return a;
      }
    case SAND_ACTION_ATTACK:
      {
        g_autoptr(GArray) targets = g_array_new (FALSE, FALSE, sizeof (int));
        for (int d = 0; d < 6; d++)
          {
            int n = sand_grid_neighbour (ai->grid, here, d);
            if (n != SAND_HEX_NONE && ai->enemy_dist[n] == 0)
              g_array_append_val (targets, n);
          }
        if (targets->len == 0)
          return NULL;
        a = sand_action_new_kind (SAND_ACTION_ATTACK);
        a->hex = g_array_index (targets, int, sand_dice_uniform (&ai->rng, targets->len));
        g_array_append_val (sand_ai_ints (&a->units), unit);
        return a;
      }
    default:
      if (o->spec->fields[0].kind != SAND_FIELD_UNIT || o->spec->fields[1].kind != SAND_FIELD_END
          || (o->spec->flags & SAND_ACTION_QUERY))
        return NULL;
      a = sand_action_new (o->spec);
      a->unit = unit;
      return a;
    }
}

SandAction *
sand_ai_random_next (SandAi *ai)
{
  g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) offers = g_array_new (FALSE, FALSE, sizeof (SandOffer));

  sand_ai_view_enemies (ai);
  for (guint i = 0; i < ai->n_units; i++)
    {
      const SandUnitState *u = sand_game_get_unit (ai->game, (int) i);
      if (u->status != SAND_UNIT_ON_MAP || (int) u->side != ai->side || ai->done[i])
        continue;
      g_array_set_size (offers, 0);
      sand_game_offered_actions (ai->game, (int) i, offers);
      for (guint k = 0; k < offers->len; k++)
        if (g_array_index (offers, SandOffer, k).spec->kind != SAND_ACTION_DONE)
          {
            g_array_append_val (units, i);
            break;
          }
    }
  while (units->len > 0)
    {
      guint pick = sand_dice_uniform (&ai->rng, units->len + 1);
      if (pick == units->len)
        return NULL;
      int unit = g_array_index (units, int, pick);
      g_array_remove_index (units, pick);
      ai->done[unit] = 1;
      g_array_set_size (offers, 0);
      sand_game_offered_actions (ai->game, unit, offers);
      for (guint k = offers->len; k > 0; k--)
        if (g_array_index (offers, SandOffer, k - 1).spec->kind == SAND_ACTION_DONE)
          g_array_remove_index (offers, k - 1);
      if (offers->len == 0)
        continue;
      SandAction *a = random_for (ai, unit, offers);
      if (a != NULL)
        return a;
    }
  return NULL;
}
