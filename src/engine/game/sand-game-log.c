/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-game-log.c: snapshots, undo and the log of applied actions — each
 * a SandAction with its text and each side's reading of it — where in it
 * the set-up ends, and saved games (replayed line by line through
 * sand_game_perform ()). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-action.h"
#include "sand-game-private.h"

#include <stdlib.h>
#include <string.h>

/* The log as each side reads it ------------------------------------------ */

/* What @viewer may read of the logged action @a (@line, the umpire's
 * text), worked out as it is logged: counters it has not seen are written
 * by the names it knows them by now, and what the acting side keeps secret
 * is left out (the spec's line_for hook; NULL: the whole action). The
 * umpire's line stays in the log for replays. */
static char *
line_for_side (SandGame         *self,
               const SandAction *a,
               const char       *line,
               int               viewer)
{
  /* the clock, the dice and EB units (face up) are public */
  if (a->spec->flags & SAND_ACTION_PUBLIC)
    return g_strdup (line);
  int actor_unit = sand_action_actor_unit (a);
  int actor = actor_unit >= 0 ? self->units[actor_unit].side : -1;
  gboolean enemy = viewer >= 0 && actor >= 0 && actor != viewer;
  char *body = enemy && a->spec->line_for != NULL ? a->spec->line_for (self, a, viewer)
                                                  : sand_action_format_for (self, a, viewer);
  if (body == NULL)
    return NULL;
  const char *hash = strchr (line, '#');
  if (hash == NULL)
    return body;
  char *out = g_strdup_printf ("%s %s", body, hash);
  g_free (body);
  return out;
}

/* How many sides the log says are ready, while the set-up goes on. */
static guint
n_ready (SandGame *self)
{
  guint n = 0;
  for (guint i = 0; i < self->log_actions->len; i++)
    if (((const SandAction *) g_ptr_array_index (self->log_actions, i))->spec->kind
        == SAND_ACTION_READY)
      n++;
  return n;
}

/* How to Set Up and Play the Game: play's first action ends the set-up
 * for everyone, and so does the last side's `ready`. */
static void
note_setup_end (SandGame         *self,
                const SandAction *action)
{
  if (self->setup_end_len > 0)
    return;
  if ((action->spec->flags & SAND_ACTION_SET_UP)
      && (action->spec->kind != SAND_ACTION_READY || n_ready (self) < (guint) self->n_sides))
    return;
  self->setup_end_len = self->log->len;
  self->setup_epoch++;
}

/* Takes @line (g_free-able, or NULL) and gives it back reference counted:
 * the log's lines never change once logged, so a copy of the game shares
 * them (sand_game_clone). */
static char *
shared_line (char *line)
{
  if (line == NULL)
    return NULL;
  char *shared = g_ref_string_new (line);
  g_free (line);
  return shared;
}

void
sand_game_log_line_release (gpointer line)
{
  if (line != NULL)
    g_ref_string_release (line);
}

void
sand_game_log_append (SandGame   *self,
                      SandAction *action,
                      char       *line)
{
  for (int side = 0; side < self->n_sides; side++)
    g_ptr_array_add (self->log_for[side],
                     shared_line (line_for_side (self, action, line, side)));
  g_ptr_array_add (self->log, shared_line (line));
  g_ptr_array_add (self->log_actions, action);
  note_setup_end (self, action);
}

int
sand_game_setup_end (SandGame *self,
                     guint    *epoch)
{
  g_return_val_if_fail (self != NULL, -1);
  if (epoch != NULL)
    *epoch = self->setup_epoch;
  if (self->setup_end_len == 0)
    return -1;
  const SandAction *last = g_ptr_array_index (self->log_actions, self->setup_end_len - 1);
  return (int) self->setup_end_len - (last->spec->kind == SAND_ACTION_READY ? 0 : 1);
}

gboolean
sand_game_before_play (SandGame *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->setup_end_len == 0
    || sand_game_setup_end (self, NULL) == (int) self->log_actions->len;
}

/* How to Set Up and Play the Game: "The French set up their forces
 * first", then the German. The ruleset's setup-first-side param names the
 * side (else the side that moves first); each `ready` passes the set-up to
 * the next side; play's first action ends it for everyone. */
int
sand_game_setup_side (SandGame *self)
{
  g_return_val_if_fail (self != NULL, -1);
  if (self->setup_end_len > 0)
    return -1;
  return sand_game_setup_side_nth (self, n_ready (self));
}

int
sand_game_acting_side (SandGame *self)
{
  g_return_val_if_fail (self != NULL, -1);
  int setting_up = sand_game_setup_side (self);
  return setting_up >= 0 ? setting_up : sand_game_get_side (self);
}

int
sand_game_setup_side_nth (SandGame *self,
                          guint     n_ready)
{
  g_return_val_if_fail (self != NULL, -1);
  if (self->n_sides <= 0)
    return -1;
  const SandParam *p = sand_ruleset_get_param (self->ruleset, "setup-first-side");
  int first = p != NULL ? sand_ruleset_find_side (self->ruleset, p->value) : -1;
  if (first < 0 || first >= self->n_sides)
    first = sand_game_first_side (self);
  return (first + (int) (n_ready % (guint) self->n_sides)) % self->n_sides;
}

/* Snapshots ------------------------------------------------------------ */

static SandSnapshot *
snapshot_take (SandGame *self)
{
  SandSnapshot *s = g_new0 (SandSnapshot, 1);

  s->clock = self->clock;
  s->units = g_memdup2 (self->units, sizeof (SandUnitState) * self->n_units);
  s->fort_strength = g_memdup2 (self->fort_strength, sizeof (int) * (2 * self->n_forts + 1));
  s->rail = g_array_new (FALSE, FALSE, sizeof (SandRailEntry));
  for (guint i = 0; i < self->rail_list->len; i++)
    {
      SandRailEntry e = { g_array_index (self->rail_list, int, i), 0 };
      e.bits = self->rail[e.hex];
      g_array_append_val (s->rail, e);
    }
  s->markers = g_array_copy (self->markers);
  memcpy (s->points_pool, self->points_pool, sizeof s->points_pool);
  memcpy (s->points_lost, self->points_lost, sizeof s->points_lost);
  s->dice = self->dice;
  s->log_len = self->log->len;
  /* The supply the rules worked out for this position holds again when
   * the position comes back: a try taken back (the computer player's)
   * need not trace it again. */
  if (self->sup_cache_valid)
    s->sup_states = g_memdup2 (self->sup_states, self->n_units + 1);
  return s;
}

void
sand_game_snapshot_free (gpointer data)
{
  SandSnapshot *s = data;

  g_free (s->units);
  g_free (s->fort_strength);
  g_array_unref (s->rail);
  g_array_unref (s->markers);
  g_free (s->sup_states);
  g_free (s);
}

static void
snapshot_restore (SandGame     *self,
                  SandSnapshot *s)
{
  self->clock = s->clock;
  memcpy (self->units, s->units, sizeof (SandUnitState) * self->n_units);
  memcpy (self->fort_strength, s->fort_strength, sizeof (int) * (2 * self->n_forts + 1));
  for (guint i = 0; i < self->rail_list->len; i++)
    self->rail[g_array_index (self->rail_list, int, i)] = 0;
  g_array_set_size (self->rail_list, 0);
  for (guint i = 0; i < s->rail->len; i++)
    {
      SandRailEntry *e = &g_array_index (s->rail, SandRailEntry, i);
      self->rail[e->hex] = e->bits;
      g_array_append_val (self->rail_list, e->hex);
    }
  g_array_set_size (self->markers, 0);
  g_array_append_vals (self->markers, s->markers->data, s->markers->len);
  memcpy (self->points_pool, s->points_pool, sizeof s->points_pool);
  memcpy (self->points_lost, s->points_lost, sizeof s->points_lost);
  self->dice = s->dice;
  g_ptr_array_set_size (self->log, s->log_len);
  g_ptr_array_set_size (self->log_actions, s->log_len);
  if (s->log_len < self->setup_end_len)
    self->setup_end_len = 0;
  for (int side = 0; side < self->n_sides; side++)
    g_ptr_array_set_size (self->log_for[side], s->log_len);
  sand_game_occupancy_rebuild (self);
  sand_game_changed (self);
  if (s->sup_states != NULL)
    {
      memcpy (self->sup_states, s->sup_states, self->n_units + 1);
      self->sup_cache_valid = TRUE;
    }
}

void
sand_game_begin_action (SandGame *self)
{
  g_ptr_array_add (self->undo, snapshot_take (self));
  g_clear_pointer (&self->refusal_rule, g_free);
  self->action_rolls_from = self->dice.n_rolled;
}

void
sand_game_abort_action (SandGame *self)
{
  g_assert (self->undo->len > 0);
  SandSnapshot *s = g_ptr_array_steal_index (self->undo, self->undo->len - 1);
  snapshot_restore (self, s);
  sand_game_snapshot_free (s);
}

void
sand_game_commit_action (SandGame   *self,
                         SandAction *action)
{
  char *line = sand_action_format (self, action);

  /* The dice the action rolled, as a comment a replay ignores (it rolls
   * them again from the seed). */
  guint64 from = self->action_rolls_from, to = self->dice.n_rolled;
  if (to > from && !g_str_has_prefix (line, "roll"))
    {
      GString *s = g_string_new (line);
      g_free (line);
      g_string_append (s, " # rolled");
      if (to - from > G_N_ELEMENTS (self->dice.recent))
        from = to - G_N_ELEMENTS (self->dice.recent);
      for (guint64 i = from; i < to; i++)
        g_string_append_printf (s, " %d", self->dice.recent[i % G_N_ELEMENTS (self->dice.recent)]);
      line = g_string_free (s, FALSE);
    }
  self->action_rolls_from = to;
  sand_game_log_append (self, action, line);
  sand_game_changed (self);
}

gboolean
sand_game_can_undo (SandGame *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->undo->len > 0 || self->pending != NULL;
}

gboolean
sand_game_undo (SandGame  *self,
                GError   **error)
{
  g_return_val_if_fail (self != NULL, FALSE);

  /* A rolled attack not yet settled changed nothing: undo drops it (its
   * die comes again the same if it is made again). */
  if (self->pending != NULL)
    {
      g_clear_pointer (&self->pending, sand_pending_attack_free);
      g_clear_pointer (&self->refusal_rule, g_free);
      return TRUE;
    }

  if (self->undo->len == 0)
    {
      sand_game_invalid (self, error, _("Nothing to undo in this phase."));
      return FALSE;
    }
  sand_game_abort_action (self);
  return TRUE;
}

guint
sand_game_log_length (SandGame *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->log->len;
}

const char *
sand_game_log_line (SandGame *self,
                    guint     i)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (i < self->log->len, NULL);
  return g_ptr_array_index (self->log, i);
}

const SandAction *
sand_game_log_action (SandGame *game,
                      guint     i)
{
  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (i < game->log_actions->len, NULL);
  return g_ptr_array_index (game->log_actions, i);
}

const char *
sand_game_log_line_for (SandGame *self,
                        guint     i,
                        int       side)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (i < self->log->len, NULL);
  if (side < 0 || side >= self->n_sides)
    return g_ptr_array_index (self->log, i);
  return g_ptr_array_index (self->log_for[side], i);
}

/* Saved games ------------------------------------------------------------ */

char *
sand_game_save_log (SandGame *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  GString *out = g_string_new (NULL);
  g_string_append_printf (out, "seed %" G_GUINT64_FORMAT "\n", self->seed);
  for (int s = 0; s < self->n_sides; s++)
    if (self->oob_ids[s] != NULL)
      g_string_append_printf (out, "oob %s %s\n",
                              sand_ruleset_get_side (self->ruleset, (guint) s)->id,
                              self->oob_ids[s]);
  for (guint i = 0; i < self->log->len; i++)
    g_string_append_printf (out, "%s\n", (const char *) g_ptr_array_index (self->log, i));
  return g_string_free (out, FALSE);
}

SandGame *
sand_game_load_log (SandScenario  *scenario,
                    const char    *text,
                    GError       **error)
{
  g_return_val_if_fail (SAND_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (text != NULL, NULL);

  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  SandRuleset *rs = sand_scenario_get_ruleset (scenario);
  guint64 seed = 0;
  const char *oobs[SAND_MAX_SIDES + 1] = { 0 };
  guint i = 0;

  for (; lines[i] != NULL; i++)
    {
      if (g_str_has_prefix (lines[i], "seed "))
        {
          /* strtoull would take "-1", "x" or an overflow without a word. */
          if (!g_ascii_string_to_unsigned (lines[i] + 5, 10, 0, G_MAXUINT64, &seed, NULL))
            {
              g_set_error (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                           _("line %u: the seed “%s” is not a whole number from 0 to %llu"),
                           i + 1, lines[i] + 5, (unsigned long long) G_MAXUINT64);
              return NULL;
            }
        }
      else if (g_str_has_prefix (lines[i], "oob "))
        {
          char *sp = strchr (lines[i] + 4, ' ');
          if (sp == NULL)
            continue;
          *sp = '\0';
          int side = sand_ruleset_find_side (rs, lines[i] + 4);
          if (side >= 0 && side < SAND_MAX_SIDES)
            oobs[side] = sp + 1;
        }
      else
        break;
    }
  g_autoptr(SandGame) game = sand_game_new (scenario, oobs, seed, error);
  if (game == NULL)
    return NULL;
  for (; lines[i] != NULL; i++)
    {
      if (lines[i][0] == '\0')
        continue;
      g_autoptr(GError) local = NULL;
      if (!sand_game_perform (game, lines[i], &local))
        {
          g_set_error (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                       "line %u: %s", i + 1, local->message);
          return NULL;
        }
    }
  return g_steal_pointer (&game);
}
