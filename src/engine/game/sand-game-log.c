/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-game-log.c: snapshots, undo and the log of applied actions (with
 * each side's reading of it), and replaying a saved log. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-game-private.h"

#include <stdlib.h>
#include <string.h>

/* The log as each side reads it ------------------------------------------ */

/* What @viewer may read of a logged action @line, worked out as it is
 * logged: counters it has not seen are written by the names it knows them
 * by now, and what the acting side keeps secret is left out (NULL: the
 * whole action). The umpire's line stays in the log for replays. */
static char *
line_for_side (SandGame   *self,
               const char *line,
               int         viewer)
{
  const char *hash = strchr (line, '#');
  g_autofree char *body = hash ? g_strndup (line, (gsize) (hash - line)) : g_strdup (line);
  g_strstrip (body);
  g_auto(GStrv) w = g_strsplit (body, " ", -1);
  guint n = g_strv_length (w);
  if (n == 0)
    return g_strdup (line);
  const char *cmd = w[0];
  /* the clock, the dice and EB units (face up) are public; nothing there
   * names a counter */
  static const char *const public_cmds[] = { "at", "end-phase", "roll", "reserve", NULL };
  if (g_strv_contains (public_cmds, cmd))
    return g_strdup (line);
  /* Where the core's and FPW's actions name their unit (hexes and numbers
   * elsewhere are never read as counter ids); another module's commands
   * are read word by word. */
  static const char *const unit_first[] = {
    "move", "entrain", "detrain", "exit", "done", "setup", "withhold", "remove", "formation",
    "challenge", "dummy", NULL,
  };
  guint only = g_strv_contains (unit_first, cmd) ? 1 : strcmp (cmd, "hasty") == 0 ? 2 : 0;

  /* The acting side: the owner of the first unit named, else the public. */
  int actor = -1, first_unit = -1;
  for (guint i = only ? only : 1; i < n && actor < 0 && (only == 0 || i == only); i++)
    {
      int u = sand_game_find_unit (self, w[i]);
      if (u >= 0)
        {
          actor = self->units[u].side;
          first_unit = u;
        }
    }
  gboolean enemy = viewer >= 0 && actor >= 0 && actor != viewer;
  if (enemy && strcmp (cmd, "withhold") == 0)
    return NULL; /* a secret plan */
  if (enemy && strcmp (cmd, "formation") == 0)
    {
      /* Formation markers are face down: the formations chosen before play
       * are secret, and in play the enemy sees a marker changed, not to
       * what. */
      gboolean in_play = FALSE;
      for (guint i = 0; i < self->log->len && !in_play; i++)
        {
          const char *l = g_ptr_array_index (self->log, i);
          in_play = !g_str_has_prefix (l, "setup ") && !g_str_has_prefix (l, "formation ");
        }
      if (!in_play || n < 2)
        return NULL;
      g_autofree char *name = sand_game_unit_name_for (self, first_unit, viewer);
      return g_strdup_printf ("formation %s", name);
    }
  if (enemy && strcmp (cmd, "dummy") == 0 && n == 3)
    return g_strdup_printf ("dummy %s", w[2]); /* "shuffled": which counter is secret */
  /* a hasty attack's allocation stays secret while the attacker does */
  gboolean drop_points = enemy && strcmp (cmd, "hasty") == 0 && n >= 4 && first_unit >= 0
    && !sand_game_unit_visible (self, first_unit, viewer);

  GString *out = g_string_new (cmd);
  for (guint i = 1; i < n; i++)
    {
      if (drop_points && i == 3)
        continue;
      g_string_append_c (out, ' ');
      const char *eq = strchr (w[i], '=');
      /* a hasty attack's losses= names its units too */
      if (only != 0 && i != only && eq == NULL)
        {
          g_string_append (out, w[i]);
          continue;
        }
      if (eq == NULL)
        {
          int u = sand_game_find_unit (self, w[i]);
          if (u >= 0)
            {
              g_autofree char *name = sand_game_unit_name_for (self, u, viewer);
              g_string_append (out, name);
            }
          else
            g_string_append (out, w[i]);
          continue;
        }
      /* key=ID[:N],… (losses=, advance=) */
      g_string_append_len (out, w[i], eq - w[i] + 1);
      g_auto(GStrv) items = g_strsplit (eq + 1, ",", -1);
      for (guint k = 0; items[k] != NULL; k++)
        {
          if (k > 0)
            g_string_append_c (out, ',');
          char *colon = strrchr (items[k], ':');
          if (colon != NULL)
            *colon = '\0';
          int u = sand_game_find_unit (self, items[k]);
          if (u >= 0)
            {
              g_autofree char *name = sand_game_unit_name_for (self, u, viewer);
              g_string_append (out, name);
            }
          else
            g_string_append (out, items[k]);
          if (colon != NULL)
            g_string_append_printf (out, ":%s", colon + 1);
        }
    }
  if (hash != NULL)
    g_string_append_printf (out, " %s", hash);
  return g_string_free (out, FALSE);
}

void
sand_game_log_append (SandGame *self,
            char     *line)
{
  for (int side = 0; side < self->n_sides; side++)
    g_ptr_array_add (self->log_for[side], line_for_side (self, line, side));
  g_ptr_array_add (self->log, line);
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
  for (int side = 0; side < self->n_sides; side++)
    g_ptr_array_set_size (self->log_for[side], s->log_len);
  sand_game_occupancy_rebuild (self);
  sand_game_changed (self);
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
sand_game_commit_action (SandGame *self,
                         char     *line)
{
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
  sand_game_log_append (self, line);
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

/* Replaying a log -------------------------------------------------------- */

static gboolean
parse_unit (SandGame *self, const char *text, int *unit, GError **error)
{
  *unit = sand_game_find_unit (self, text);
  if (*unit < 0)
    {
      sand_game_invalid (self, error, _("There is no unit '%s'."), text);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_hex (SandGame *self, const char *text, int *hex, GError **error)
{
  if (!sand_grid_parse_id (self->grid, text, hex))
    {
      sand_game_invalid (self, error, _("'%s' is not a hex of this map."), text);
      return FALSE;
    }
  return TRUE;
}

gboolean
sand_game_perform (SandGame    *self,
                   const char  *line,
                   GError     **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (line != NULL, FALSE);

  g_autofree char *owned = g_strdup (line);
  char *hash = strchr (owned, '#');
  if (hash != NULL)
    *hash = '\0'; /* a comment: the dice an action rolled */
  g_strstrip (owned);
  g_auto(GStrv) tok = g_strsplit_set (owned, " \t", -1);
  g_autoptr(GPtrArray) words = g_ptr_array_new ();
  for (guint i = 0; tok[i] != NULL; i++)
    if (tok[i][0] != '\0')
      g_ptr_array_add (words, tok[i]);
  if (words->len == 0)
    return TRUE;
  const char *cmd = g_ptr_array_index (words, 0);
  char **w = (char **) words->pdata;
  guint n = words->len;

  if (strcmp (cmd, "end-phase") == 0)
    return sand_game_end_phase (self, error);
  if (strcmp (cmd, "at") == 0 && n == 4)
    {
      int side = sand_ruleset_find_side (self->ruleset, w[2]);
      int phase = sand_ruleset_find_phase (self->ruleset, w[3]);
      return sand_game_set_clock (self, atoi (w[1]), side, phase, error);
    }
  if (strcmp (cmd, "roll") == 0)
    {
      g_autofree int *rolls = g_new0 (int, n);
      for (guint i = 1; i < n; i++)
        rolls[i - 1] = atoi (w[i]);
      return sand_game_force_rolls (self, rolls, (int) n - 1, error);
    }
  if ((strcmp (cmd, "entrain") == 0 || strcmp (cmd, "detrain") == 0) && n == 2)
    {
      int unit;
      if (!parse_unit (self, w[1], &unit, error))
        return FALSE;
      return cmd[0] == 'e' ? sand_game_entrain (self, unit, error)
                           : sand_game_detrain (self, unit, error);
    }
  if (strcmp (cmd, "reserve") == 0 && n == 3)
    {
      int hex;
      int side = sand_ruleset_find_side (self->ruleset, w[1]);
      if (!parse_hex (self, w[2], &hex, error))
        return FALSE;
      return sand_game_place_reserve (self, side, hex, NULL, error);
    }
  if (strcmp (cmd, "setup") == 0 && n == 3)
    {
      int unit, hex;
      if (!parse_unit (self, w[1], &unit, error) || !parse_hex (self, w[2], &hex, error))
        return FALSE;
      return sand_game_set_up (self, unit, hex, error);
    }
  if (strcmp (cmd, "done") == 0 && n == 2)
    {
      int unit;
      if (!parse_unit (self, w[1], &unit, error))
        return FALSE;
      return sand_game_finish_unit (self, unit, error);
    }
  if (strcmp (cmd, "exit") == 0 && n == 2)
    {
      int unit;
      if (!parse_unit (self, w[1], &unit, error))
        return FALSE;
      return sand_game_exit (self, unit, error);
    }
  if (strcmp (cmd, "move") == 0 && n >= 3)
    {
      int unit;
      g_autofree int *path = g_new0 (int, n);
      if (!parse_unit (self, w[1], &unit, error))
        return FALSE;
      gboolean probe = strcmp (w[n - 1], "probe") == 0;
      guint n_hexes = probe ? n - 1 : n;
      for (guint i = 2; i < n_hexes; i++)
        if (!parse_hex (self, w[i], &path[i - 2], error))
          return FALSE;
      return probe ? sand_game_probe_move (self, unit, path, n_hexes - 2, NULL, error)
                   : sand_game_move (self, unit, path, n_hexes - 2, NULL, error);
    }
  if (strcmp (cmd, "attack") == 0 && n >= 3)
    {
      int hex;
      g_autoptr(GArray) att = g_array_new (FALSE, FALSE, sizeof (int));
      g_autoptr(GArray) losses = g_array_new (FALSE, FALSE, sizeof (SandLoss));
      g_autoptr(GArray) adv = g_array_new (FALSE, FALSE, sizeof (int));
      g_autoptr(GArray) retreats = g_array_new (FALSE, FALSE, sizeof (SandRetreat));
      g_autoptr(GArray) support = g_array_new (FALSE, FALSE, sizeof (int));
      SandAttackChoices ch = { .fort_loss = -1 };
      if (!parse_hex (self, w[1], &hex, error))
        return FALSE;
      for (guint i = 2; i < n; i++)
        {
          if (g_str_has_prefix (w[i], "retreat="))
            {
              if (!sand_game_parse_retreats (self, w[i] + 8, retreats, error))
                return FALSE;
            }
          else if (g_str_has_prefix (w[i], "support="))
            {
              ch.choose_support = TRUE;
              g_auto(GStrv) items = g_strsplit (w[i] + 8, ",", -1);
              for (guint k = 0; items[k] != NULL; k++)
                {
                  int u;
                  if (items[k][0] == '\0' || strcmp (items[k], "none") == 0)
                    continue;
                  if (!parse_unit (self, items[k], &u, error))
                    return FALSE;
                  g_array_append_val (support, u);
                }
            }
          else if (g_str_has_prefix (w[i], "losses="))
            {
              g_auto(GStrv) items = g_strsplit (w[i] + 7, ",", -1);
              for (guint k = 0; items[k] != NULL; k++)
                {
                  char *colon = strrchr (items[k], ':');
                  if (colon == NULL)
                    continue;
                  *colon = '\0';
                  if (strcmp (items[k], "fort") == 0)
                    {
                      ch.fort_loss = atoi (colon + 1);
                      continue;
                    }
                  SandLoss l = { 0, atoi (colon + 1) };
                  if (!parse_unit (self, items[k], &l.unit, error))
                    return FALSE;
                  g_array_append_val (losses, l);
                }
            }
          else if (g_str_has_prefix (w[i], "advance="))
            {
              g_auto(GStrv) items = g_strsplit (w[i] + 8, ",", -1);
              for (guint k = 0; items[k] != NULL; k++)
                {
                  int u;
                  if (items[k][0] == '\0')
                    continue;
                  if (!parse_unit (self, items[k], &u, error))
                    return FALSE;
                  g_array_append_val (adv, u);
                }
            }
          else if (strcmp (w[i], "noflank") == 0)
            ch.decline_flank = TRUE;
          else
            {
              int u;
              if (!parse_unit (self, w[i], &u, error))
                return FALSE;
              g_array_append_val (att, u);
            }
        }
      ch.losses = (const SandLoss *) losses->data;
      ch.n_losses = losses->len;
      ch.advance = (const int *) adv->data;
      ch.n_advance = adv->len;
      ch.retreats = (const SandRetreat *) (void *) retreats->data;
      ch.n_retreats = retreats->len;
      ch.support = (const int *) (void *) support->data;
      ch.n_support = support->len;
      SandAttackResult res;
      gboolean ok = sand_game_attack (self, hex, (const int *) att->data, att->len, &ch, &res,
                                      error);
      sand_attack_result_clear (&res);
      return ok;
    }
  /* The rules module's own commands. */
  g_autoptr(GPtrArray) rest = g_ptr_array_new ();
  for (guint i = 1; i < n; i++)
    g_ptr_array_add (rest, w[i]);
  g_ptr_array_add (rest, NULL);
  return sand_game_command (self, cmd, (const char * const *) rest->pdata, NULL, error);
}

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
        seed = g_ascii_strtoull (lines[i] + 5, NULL, 10);
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
