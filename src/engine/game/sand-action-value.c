/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-action-value.c: the action value itself — making, copying and
 * freeing a SandAction and setting its choices — apart from its parser and
 * formatter (sand-action.c), which are the text side of the same value. */
#include "config.h"

#include "sand-action-private.h"
#include "sand-game-private.h"

#include <string.h>

static GArray *
copy_array (const GArray *a)
{
  return a != NULL ? g_array_copy ((GArray *) a) : NULL;
}

GArray *
sand_action_ints (GArray **a)
{
  if (*a == NULL)
    *a = g_array_new (FALSE, FALSE, sizeof (int));
  return *a;
}

SandAction *
sand_action_new (const SandActionSpec *spec)
{
  g_return_val_if_fail (spec != NULL, NULL);

  /* Reference counted: a game's log and its copies share the actions it
   * logged (sand_game_clone), which nothing changes once logged. */
  SandAction *a = g_atomic_rc_box_new0 (SandAction);
  a->spec = spec;
  a->unit = -1;
  a->hex = SAND_HEX_NONE;
  a->side = -1;
  a->phase = -1;
  a->fort_loss = -1;
  return a;
}

SandAction *
sand_action_new_kind (SandActionKind kind)
{
  return sand_action_new (sand_action_core_spec (kind));
}

SandAction *
sand_action_copy (const SandAction *action)
{
  g_return_val_if_fail (action != NULL, NULL);

  SandAction *a = g_atomic_rc_box_dup (sizeof *action, (gpointer) action);
  a->units = copy_array (action->units);
  a->path = copy_array (action->path);
  a->numbers = copy_array (action->numbers);
  a->losses = copy_array (action->losses);
  a->advance = copy_array (action->advance);
  a->retreats = copy_array (action->retreats);
  a->support = copy_array (action->support);
  return a;
}

SandAction *
sand_action_ref (SandAction *action)
{
  return g_atomic_rc_box_acquire (action);
}

static void
action_clear (gpointer data)
{
  SandAction *action = data;

  g_clear_pointer (&action->units, g_array_unref);
  g_clear_pointer (&action->path, g_array_unref);
  g_clear_pointer (&action->numbers, g_array_unref);
  g_clear_pointer (&action->losses, g_array_unref);
  g_clear_pointer (&action->advance, g_array_unref);
  g_clear_pointer (&action->retreats, g_array_unref);
  g_clear_pointer (&action->support, g_array_unref);
}

void
sand_action_free (SandAction *action)
{
  if (action != NULL)
    g_atomic_rc_box_release_full (action, action_clear);
}

const char *
sand_action_name (const SandAction *action)
{
  g_return_val_if_fail (action != NULL, NULL);
  return action->spec->name;
}

int
sand_action_actor_unit (const SandAction *action)
{
  g_return_val_if_fail (action != NULL, -1);
  if (action->unit >= 0)
    return action->unit;
  if (action->units != NULL && action->units->len > 0)
    return g_array_index (action->units, int, 0);
  return -1;
}

void
sand_action_get_choices (const SandAction  *action,
                         SandAttackChoices *out)
{
  g_return_if_fail (action != NULL);
  g_return_if_fail (out != NULL);

  *out = (SandAttackChoices) { .fort_loss = action->fort_loss };
  if (action->losses != NULL)
    {
      out->losses = (const SandLoss *) (void *) action->losses->data;
      out->n_losses = action->losses->len;
    }
  if (action->advance != NULL)
    {
      out->advance = (const int *) (void *) action->advance->data;
      out->n_advance = action->advance->len;
    }
  if (action->retreats != NULL)
    {
      out->retreats = (const SandRetreat *) (void *) action->retreats->data;
      out->n_retreats = action->retreats->len;
    }
  if (action->support != NULL)
    {
      out->support = (const int *) (void *) action->support->data;
      out->n_support = action->support->len;
    }
  out->choose_support = action->choose_support;
  out->decline_flank = action->noflank;
}

void
sand_action_set_losses (SandAction   *action,
                        const GArray *losses,
                        int           fort_loss)
{
  g_return_if_fail (action != NULL);
  g_clear_pointer (&action->losses, g_array_unref);
  if (losses != NULL && losses->len > 0)
    action->losses = g_array_copy ((GArray *) losses);
  action->fort_loss = fort_loss;
}

void
sand_action_set_units (SandAction *action,
                       const int  *units,
                       guint       n)
{
  g_return_if_fail (action != NULL);
  g_array_set_size (sand_action_ints (&action->units), 0);
  g_array_append_vals (action->units, units, n);
}

void
sand_action_set_advance (SandAction   *action,
                         const GArray *units)
{
  g_return_if_fail (action != NULL);
  g_clear_pointer (&action->advance, g_array_unref);
  if (units != NULL && units->len > 0)
    action->advance = g_array_copy ((GArray *) units);
}

void
sand_action_set_support (SandAction   *action,
                         const GArray *units)
{
  g_return_if_fail (action != NULL);
  g_clear_pointer (&action->support, g_array_unref);
  action->choose_support = TRUE;
  action->support = g_array_new (FALSE, FALSE, sizeof (int));
  if (units != NULL)
    g_array_append_vals (action->support, units->data, units->len);
}

