/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-game.c: making a game, its clock, units, snapshots, undo and log.
 * Movement, zones of control, supply and combat live in their own files;
 * what differs between games is asked of the rules module. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-game-private.h"
#include "sand-json.h"

#include <stdlib.h>
#include <string.h>

G_DEFINE_QUARK (sand-game-error-quark, sand_game_error)

/* A reinforcement of points (FPW's +4 Combat Points at Chalons). */
typedef struct {
  int turn, side, points, hex;
} PointsArrival;

static GArray *
points_arrivals (SandGame *self)
{
  return g_object_get_data (G_OBJECT (self->scenario), "sand-game-points");
}

void
sand_game_refuse (SandGame   *self,
                  GError    **error,
                  const char *rule,
                  const char *format,
                  ...)
{
  va_list ap;

  g_free (self->refusal_rule);
  self->refusal_rule = g_strdup (rule);
  if (error == NULL)
    return;
  va_start (ap, format);
  g_autofree char *msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_REFUSED, msg);
}

void
sand_game_invalid (SandGame   *self,
                   GError    **error,
                   const char *format,
                   ...)
{
  va_list ap;

  g_clear_pointer (&self->refusal_rule, g_free);
  if (error == NULL)
    return;
  va_start (ap, format);
  g_autofree char *msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID, msg);
}

const char *
sand_game_get_refusal_rule (SandGame *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->refusal_rule;
}

gpointer
sand_game_rules_data (SandGame *self)
{
  return self->rules_data;
}

void
sand_game_set_rules_data (SandGame *self,
                          gpointer  data)
{
  self->rules_data = data;
}

int
sand_game_other_side (SandGame *self,
                      int       side)
{
  return (side + 1) % self->n_sides;
}

char *
sand_game_hex_id (SandGame *self,
                  int       hex)
{
  return sand_grid_dup_id (self->grid, hex);
}

const char *
sand_game_unit_id (SandGame *self,
                   int       unit)
{
  return sand_scenario_get_counter (self->scenario, (guint) unit)->id;
}

int
sand_game_unit_type (SandGame *self,
                     int       unit)
{
  return self->unit_type[unit];
}

gboolean
sand_game_unit_is_combat (SandGame *self,
                          int       unit)
{
  /* Dummy counters are combat units in every way but combat (FPW Standard
   * Game, Dummy Counters); they are in play only in the Standard Game. */
  return sand_game_unit_type (self, unit) != self->type_eb;
}

gboolean
sand_game_unit_is_real (SandGame *self,
                        int       unit)
{
  return sand_game_unit_is_combat (self, unit)
    && !(self->units[unit].flags & SAND_UNIT_DUMMY);
}

void
sand_game_reveal_unit (SandGame *self,
                       int       unit)
{
  self->units[unit].known = 0xff;
  self->units[unit].seen_strength = self->units[unit].strength;
  self->units[unit].unseen_loss = 0;
}

void
sand_game_new_alias (SandGame *self,
                     int       unit)
{
  int top = 0;
  int side = self->units[unit].side;
  for (guint i = 0; i < self->n_units; i++)
    if (self->units[i].side == side)
      top = MAX (top, self->units[i].alias);
  self->units[unit].alias = top + 1;
  self->units[unit].known = (guint8) (1u << side);
}

/* Standard Game: each side's face-down counters get numbers in an order
 * drawn from the seed (not the dice, so play rolls the same), so that
 * neither counter order nor ids tell the enemy what a counter is. */
static void
assign_aliases (SandGame *self)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) (self->seed ^ (self->seed >> 32)
                                                           ^ 0x5a17u));
  for (int s = 0; s < self->n_sides; s++)
    {
      g_autoptr(GArray) mine = g_array_new (FALSE, FALSE, sizeof (int));
      for (guint i = 0; i < self->n_units; i++)
        if (self->units[i].side == s && (self->units[i].flags & SAND_UNIT_FACE_DOWN))
          {
            int u = (int) i;
            g_array_append_val (mine, u);
          }
      for (guint i = mine->len; i > 1; i--)
        {
          guint j = (guint) g_rand_int_range (rand, 0, (gint32) i);
          int t = g_array_index (mine, int, i - 1);
          g_array_index (mine, int, i - 1) = g_array_index (mine, int, j);
          g_array_index (mine, int, j) = t;
        }
      for (guint i = 0; i < mine->len; i++)
        self->units[g_array_index (mine, int, i)].alias = (int) i + 1;
    }
}

gboolean
sand_game_unit_is_eb (SandGame *self,
                      int       unit)
{
  return self->type_eb >= 0 && sand_game_unit_type (self, unit) == self->type_eb;
}

gboolean
sand_game_fort_alive_at (SandGame *self,
                         int       hex,
                         int       side)
{
  int f = self->fort_at[hex];
  if (f < 0 || self->fort_strength[f] <= 0)
    return FALSE;
  if (side < 0)
    return TRUE;
  return sand_map_get_marker (self->map, (guint) self->fort_marker[f])->side == side;
}

gboolean
sand_game_enemy_blocks (SandGame *self,
                        int       side,
                        int       hex)
{
  return (self->blockers[hex] & ~(1u << side)) != 0;
}

void
sand_game_refresh_hex (SandGame *self,
                       int       hex)
{
  guint8 bits = 0;
  for (int s = 0; s < self->n_sides; s++)
    if (self->n_combat[s][hex] > 0 || sand_game_fort_alive_at (self, hex, s))
      bits |= (guint8) (1u << s);
  self->blockers[hex] = bits;
}

void
sand_game_changed (SandGame *self)
{
  self->state_gen++;
  self->zoc_dirty = TRUE;
  self->sup_cache_valid = FALSE;
}

/* Occupancy ----------------------------------------------------------- */

static void
occupancy_add (SandGame *self,
               int       unit,
               int       delta)
{
  SandUnitState *u = &self->units[unit];
  int hex = u->hex;

  if (hex == SAND_HEX_NONE)
    return;
  self->n_any[u->side][hex] += delta;
  if (sand_game_unit_is_combat (self, unit))
    self->n_combat[u->side][hex] += delta;
  gboolean counts = self->rules->counts_for_stacking != NULL
    ? self->rules->counts_for_stacking (self, unit)
    : sand_game_unit_is_combat (self, unit);
  if (counts)
    self->n_stack[u->side][hex] += delta;
  sand_game_refresh_hex (self, hex);
}

static void
occupancy_rebuild (SandGame *self)
{
  for (int s = 0; s < self->n_sides; s++)
    {
      memset (self->n_combat[s], 0, sizeof (int) * (gsize) self->n_hexes);
      memset (self->n_stack[s], 0, sizeof (int) * (gsize) self->n_hexes);
      memset (self->n_any[s], 0, sizeof (int) * (gsize) self->n_hexes);
    }
  for (guint i = 0; i < self->n_units; i++)
    if (self->units[i].status == SAND_UNIT_ON_MAP)
      occupancy_add (self, (int) i, 1);
  for (int h = 0; h < self->n_hexes; h++)
    sand_game_refresh_hex (self, h);
}

void
sand_game_place_unit (SandGame *self,
                      int       unit,
                      int       hex)
{
  SandUnitState *u = &self->units[unit];

  if (u->status == SAND_UNIT_ON_MAP)
    occupancy_add (self, unit, -1);
  u->hex = hex;
  u->status = SAND_UNIT_ON_MAP;
  occupancy_add (self, unit, 1);
  sand_game_changed (self);
}

void
sand_game_remove_unit (SandGame       *self,
                       int             unit,
                       SandUnitStatus  status)
{
  SandUnitState *u = &self->units[unit];

  if (u->status == SAND_UNIT_ON_MAP)
    occupancy_add (self, unit, -1);
  u->hex = SAND_HEX_NONE;
  u->status = status;
  u->flags &= ~(guint32) SAND_UNIT_ENTRAINED;
  sand_game_changed (self);
}

void
sand_game_set_unit_flags (SandGame *self,
                          int       unit,
                          guint32   flags)
{
  occupancy_add (self, unit, -1);
  self->units[unit].flags = flags;
  occupancy_add (self, unit, 1);
  sand_game_changed (self);
}

void
sand_game_step_unit (SandGame *self,
                     int       unit,
                     int       hex)
{
  int from = self->units[unit].hex;

  sand_game_place_unit (self, unit, hex);
  if (self->rules->entered_hex != NULL)
    self->rules->entered_hex (self, unit, hex, from);
}

/* Rail state ---------------------------------------------------------- */

void
sand_game_set_rail_bits (SandGame *self,
                         int       hex,
                         guint8    bits)
{
  if (self->rail[hex] == bits)
    return;
  if (self->rail[hex] == 0)
    g_array_append_val (self->rail_list, hex);
  self->rail[hex] = bits;
  if (bits == 0)
    for (guint i = 0; i < self->rail_list->len; i++)
      if (g_array_index (self->rail_list, int, i) == hex)
        {
          g_array_remove_index (self->rail_list, i);
          break;
        }
  sand_game_changed (self);
}

gboolean
sand_game_rail_cut (SandGame *self,
                    int       side,
                    int       hex)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (hex >= 0 && hex < self->n_hexes, FALSE);
  return (self->rail[hex] & SAND_RAIL_CUT (side)) != 0;
}

gboolean
sand_game_rail_secured (SandGame *self,
                        int       side,
                        int       hex)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (hex >= 0 && hex < self->n_hexes, FALSE);
  return (self->rail[hex] & SAND_RAIL_SECURED (side)) != 0;
}

int
sand_game_fort_strength (SandGame *self,
                         int       hex)
{
  g_return_val_if_fail (self != NULL, -1);
  g_return_val_if_fail (hex >= 0 && hex < self->n_hexes, -1);
  int f = self->fort_at[hex];
  return f < 0 ? -1 : self->fort_strength[f];
}

/* Markers placed in play ------------------------------------------------ */

void
sand_game_add_marker (SandGame   *self,
                      const char *kind,
                      int         hex,
                      int         side,
                      int         value)
{
  SandGameMarker m = { g_intern_string (kind), hex, side, value };
  g_array_append_val (self->markers, m);
  sand_game_changed (self);
}

void
sand_game_remove_marker (SandGame *self,
                         guint     i)
{
  g_return_if_fail (i < self->markers->len);
  g_array_remove_index (self->markers, i);
  sand_game_changed (self);
}

guint
sand_game_n_markers (SandGame *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->markers->len;
}

const SandGameMarker *
sand_game_get_marker (SandGame *self,
                      guint     i)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (i < self->markers->len, NULL);
  return &g_array_index (self->markers, SandGameMarker, i);
}

int
sand_game_find_marker (SandGame   *self,
                       const char *kind,
                       int         hex)
{
  g_return_val_if_fail (self != NULL, -1);
  g_return_val_if_fail (kind != NULL, -1);
  const char *k = g_intern_string (kind);
  for (guint i = 0; i < self->markers->len; i++)
    {
      const SandGameMarker *m = &g_array_index (self->markers, SandGameMarker, i);
      if (m->kind == k && m->hex == hex)
        return (int) i;
    }
  return -1;
}

gboolean
sand_game_command (SandGame           *self,
                   const char         *command,
                   const char * const *args,
                   SandJson           *answer,
                   GError            **error)
{
  gboolean handled = FALSE;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (command != NULL, FALSE);
  if (!sand_combat_check_idle (self, error))
    return FALSE;
  if (self->rules->command != NULL)
    {
      static const char *const none[] = { NULL };
      gboolean ok = self->rules->command (self, command, args ? args : none, answer, &handled,
                                          error);
      if (handled)
        return ok;
    }
  g_clear_pointer (&self->refusal_rule, g_free);
  g_set_error (error, SAND_GAME_ERROR, SAND_GAME_ERROR_UNKNOWN,
               "There is no command '%s' in this game.", command);
  return FALSE;
}

void
sand_game_unit_rule_flags (SandGame  *self,
                           int        unit,
                           GPtrArray *names)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (unit >= 0 && (guint) unit < self->n_units);
  g_return_if_fail (names != NULL);
  if (self->rules->unit_flags != NULL)
    self->rules->unit_flags (self, unit, names);
}

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

static void
log_append (SandGame *self,
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

static void
snapshot_free (gpointer data)
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
  occupancy_rebuild (self);
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
  snapshot_free (s);
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
  log_append (self, line);
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

/* Setting up ----------------------------------------------------------- */

static int
find_entry_hex (SandGame   *self,
                int         side,
                const char *group)
{
  guint n = sand_map_n_markers (self->map);

  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i < n; i++)
      {
        const SandMarker *m = sand_map_get_marker (self->map, i);
        if (group == NULL || m->group == NULL || strcmp (m->group, group) != 0)
          continue;
        if (m->kind != SAND_MARKER_ENTRY && m->kind != SAND_MARKER_SUPPLY)
          continue;
        if (pass == 0 && m->side != side)
          continue;
        return m->hex;
      }
  /* A group that names a place (e.g. "Chalons"), or a SUPPLY label ("S"). */
  for (guint i = 0; group != NULL && i < n; i++)
    {
      const SandMarker *m = sand_map_get_marker (self->map, i);
      if (m->kind == SAND_MARKER_SUPPLY && m->name != NULL && strcmp (m->name, group) == 0)
        return m->hex;
    }
  return group != NULL ? sand_map_find_place (self->map, group) : SAND_HEX_NONE;
}

static int
zone_hex_for (SandGame      *self,
              const SandOob *oob,
              const char    *zone)
{
  int max_per_hex = 0;

  for (guint i = 0; oob->zone_limits != NULL && i < oob->zone_limits->len; i++)
    {
      const SandZoneLimit *l = g_ptr_array_index (oob->zone_limits, i);
      if (g_strcmp0 (l->zone, zone) == 0)
        max_per_hex = l->max_per_hex;
    }
  /* An automatic set-up: the zone hex with the fewest of the side's units
   * (the first on ties), within the per-hex limit, never an enemy's. */
  int best = SAND_HEX_NONE, best_count = G_MAXINT, first = SAND_HEX_NONE;
  guint n = sand_map_n_markers (self->map);
  for (guint i = 0; i < n; i++)
    {
      const SandMarker *m = sand_map_get_marker (self->map, i);
      if (m->kind != SAND_MARKER_ZONE || g_strcmp0 (m->group, zone) != 0
          || m->hex < 0 || m->hex >= self->n_hexes)
        continue;
      if (first == SAND_HEX_NONE)
        first = m->hex;
      int others = 0;
      for (int s = 0; s < self->n_sides; s++)
        if (s != oob->side)
          others += self->n_any[s][m->hex];
      int mine = self->n_any[oob->side][m->hex];
      if (others > 0 || (max_per_hex > 0 && mine >= max_per_hex))
        continue;
      if (mine < best_count)
        {
          best = m->hex;
          best_count = mine;
        }
    }
  return best != SAND_HEX_NONE ? best : first;
}

/* Dummy counters play only in the Standard Game (FPW: "Dummy counters are
 * used only in the Standard Game"). */
static gboolean
in_play (SandGame *self,
         int       unit)
{
  if (self->type_dummy >= 0 && sand_game_unit_type (self, unit) == self->type_dummy)
    return sand_scenario_has_option (self->scenario, "standard");
  return TRUE;
}

/* FPW Variable Orders of Battle: "one of the Players rolls the die; the
 * die number dictates which Order of Battle each Player will use" — for
 * each side left unchosen, the order of battle whose die number (the
 * players' secret assignment, kept in the scenario) came up. The roll is
 * drawn from the seed, apart from the game's dice, so that a saved game,
 * which names its orders of battle, replays with the same dice. */
static void
choose_oobs_by_die (SandGame *self)
{
  if (!sand_scenario_has_option (self->scenario, "variable-oob"))
    return;
  g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) (self->seed ^ (self->seed >> 32)
                                                           ^ 0x0b0bu));
  /* the numbers the players gave their plans: one to six in FPW */
  int top = 0;
  for (guint i = 0; i < sand_scenario_n_oobs (self->scenario); i++)
    top = MAX (top, sand_scenario_get_oob (self->scenario, i)->die_number);
  if (top <= 0)
    return;
  int roll = g_rand_int_range (rand, 1, top + 1);
  for (int s = 0; s < self->n_sides; s++)
    {
      if (self->oob_ids[s] != NULL)
        continue;
      for (guint i = 0; i < sand_scenario_n_oobs (self->scenario); i++)
        {
          SandOob *oob = sand_scenario_get_oob (self->scenario, i);
          if (oob->side == s && oob->die_number == roll)
            {
              self->oob_ids[s] = g_strdup (oob->id);
              break;
            }
        }
    }
}

/* FPW: the Standard Game is the one with dummy counters ("used only in the
 * Standard Game"), so an order of battle that places dummies — the shipped
 * Standard orders of battle — plays it, as the `standard` option does. */
static void
standard_by_oob (SandGame *self)
{
  int dummy = sand_ruleset_find_unit_type (self->ruleset, "dummy");
  if (dummy < 0 || sand_scenario_has_option (self->scenario, "standard"))
    return;
  for (int s = 0; s < self->n_sides; s++)
    {
      SandOob *oob = NULL;
      int i = self->oob_ids[s] ? sand_scenario_find_oob (self->scenario, self->oob_ids[s]) : -1;
      oob = i >= 0 ? sand_scenario_get_oob (self->scenario, (guint) i)
                   : sand_scenario_default_oob (self->scenario, s);
      for (guint k = 0; oob != NULL && oob->placements != NULL && k < oob->placements->len; k++)
        {
          const SandPlacement *p = g_ptr_array_index (oob->placements, k);
          int c = sand_scenario_find_counter (self->scenario, p->counter);
          if (c >= 0 && sand_scenario_get_counter (self->scenario, (guint) c)->type == dummy)
            {
              sand_scenario_set_option (self->scenario, "standard", TRUE);
              return;
            }
        }
    }
}

static gboolean
setup_oob (SandGame  *self,
           int        side,
           GError   **error)
{
  SandOob *oob = NULL;

  if (self->oob_ids[side] != NULL)
    {
      int i = sand_scenario_find_oob (self->scenario, self->oob_ids[side]);
      if (i < 0 || sand_scenario_get_oob (self->scenario, (guint) i)->side != side)
        {
          g_set_error (error, SAND_GAME_ERROR, SAND_GAME_ERROR_SETUP,
                       "There is no order of battle '%s' for %s.", self->oob_ids[side],
                       sand_ruleset_get_side (self->ruleset, (guint) side)->id);
          return FALSE;
        }
      oob = sand_scenario_get_oob (self->scenario, (guint) i);
    }
  else
    {
      oob = sand_scenario_default_oob (self->scenario, side);
      if (oob != NULL)
        self->oob_ids[side] = g_strdup (oob->id);
    }
  if (oob == NULL)
    return TRUE;

  for (guint i = 0; oob->placements != NULL && i < oob->placements->len; i++)
    {
      const SandPlacement *p = g_ptr_array_index (oob->placements, i);
      int unit = sand_scenario_find_counter (self->scenario, p->counter);
      if (unit < 0 || !in_play (self, unit))
        continue;
      int hex = p->hex;
      if (hex == SAND_HEX_NONE && p->zone != NULL)
        hex = zone_hex_for (self, oob, p->zone);
      if (hex == SAND_HEX_NONE)
        continue;
      sand_game_place_unit (self, unit, hex);
    }
  for (guint i = 0; oob->reinforcements != NULL && i < oob->reinforcements->len; i++)
    {
      const SandReinforcement *r = g_ptr_array_index (oob->reinforcements, i);
      int hex = r->hex != SAND_HEX_NONE ? r->hex : find_entry_hex (self, side, r->entry);
      if (r->counter == NULL)
        {
          self->points_hex[side] = hex;
          self->points_any[side] = TRUE;
          PointsArrival pa = { r->turn, side, r->points, hex };
          g_array_append_val (points_arrivals (self), pa);
          continue;
        }
      int unit = sand_scenario_find_counter (self->scenario, r->counter);
      if (unit < 0 || !in_play (self, unit) || self->units[unit].status != SAND_UNIT_ABSENT)
        continue;
      self->units[unit].status = SAND_UNIT_WAITING;
      self->units[unit].arrive_turn = r->turn;
      self->units[unit].arrive_hex = hex;
      if (r->entrained)
        self->units[unit].flags |= SAND_UNIT_ENTRAINED;
    }
  return TRUE;
}

static void
reset_phase_flags (SandGame *self)
{
  for (guint i = 0; i < self->n_units; i++)
    {
      SandUnitState *u = &self->units[i];
      u->flags &= ~(guint32) (SAND_UNIT_MOVED | SAND_UNIT_ATTACKED | SAND_UNIT_DEFENDED
                              | SAND_UNIT_WAS_ENTRAINED | SAND_UNIT_ONCE_PAID
                              | SAND_UNIT_HALTED | SAND_UNIT_STOPPED | SAND_UNIT_FINISHED);
      /* Rail Movement (E): units entrained on the map count against the
       * phase's limit; reinforcements still waiting to come by train do not */
      if ((u->flags & SAND_UNIT_ENTRAINED) && u->status == SAND_UNIT_ON_MAP)
        u->flags |= SAND_UNIT_WAS_ENTRAINED;
      u->mp_spent = 0;
      u->rail_credit = 0;
    }
  for (guint f = 0; f < self->n_forts; f++)
    self->fort_strength[self->n_forts + f] = 0;
}

static void
arrivals (SandGame *self)
{
  int side = self->clock.side, turn = self->clock.turn;

  for (guint i = 0; i < self->n_units; i++)
    {
      SandUnitState *u = &self->units[i];
      if (u->status != SAND_UNIT_WAITING || u->side != side || u->arrive_turn > turn)
        continue;
      if (u->arrive_hex == SAND_HEX_NONE || sand_game_enemy_blocks (self, side, u->arrive_hex))
        continue; /* held: it waits until the hex is free */
      sand_game_place_unit (self, (int) i, u->arrive_hex);
      if (u->flags & SAND_UNIT_ENTRAINED)
        u->flags |= SAND_UNIT_WAS_ENTRAINED;
      if (self->rules->arrived != NULL)
        self->rules->arrived (self, (int) i);
    }
  GArray *pa = points_arrivals (self);
  for (guint i = 0; i < pa->len; i++)
    {
      PointsArrival *p = &g_array_index (pa, PointsArrival, i);
      if (p->side == side && p->turn == turn)
        self->points_pool[side] += p->points;
    }
}

/* Start-of-phase bookkeeping shared by every game. */
static void
phase_begin (SandGame *self,
             gboolean  with_arrivals)
{
  reset_phase_flags (self);
  /* Without a reinforcement phase (LFAF 5) units arrive as their side's
   * movement phase begins. */
  if (with_arrivals && (self->clock.phase == self->phase_reinforcement
                        || (self->phase_reinforcement < 0
                            && self->clock.phase == self->phase_movement)))
    arrivals (self);
  if (self->clock.phase == self->phase_movement && self->rules->supply_all != NULL)
    {
      /* Supply for movement is judged at the start of the phase. */
      self->rules->supply_all (self, TRUE, self->sup_states);
      for (guint i = 0; i < self->n_units; i++)
        if (self->units[i].side == self->clock.side)
          self->units[i].supply = self->sup_states[i];
    }
  if (self->rules->phase_begin != NULL)
    self->rules->phase_begin (self);
  sand_game_changed (self);
}

/* The ruleset's sequence of play names the first side when the rules fix
 * it (FPW: the German Player-Turn comes first); else the scenario does. */
static int
first_side (SandGame *self)
{
  const SandParam *p = sand_ruleset_get_param (self->ruleset, "first-side");
  int first = p != NULL ? sand_ruleset_find_side (self->ruleset, p->value) : -1;
  if (first < 0)
    first = sand_scenario_get_first_side (self->scenario);
  return first >= 0 && first < self->n_sides ? first : 0;
}

/* A scenario of one turn is taken as "not set" (the model's default) and
 * the ruleset's game length applies. */
static int
n_turns (SandGame *self)
{
  int turns = sand_scenario_get_turns (self->scenario);
  if (turns <= 1)
    turns = sand_ruleset_param_int (self->ruleset, "turns", 1);
  return MAX (1, turns);
}

static void
advance_clock (SandGame *self)
{
  int n_phases = (int) sand_ruleset_n_phases (self->ruleset);
  int first = first_side (self);

  SandClock last = self->clock;

  self->clock.phase++;
  self->clock.segment = 0;
  self->clock.motion = 0;
  if (self->clock.phase < n_phases)
    return;
  self->clock.phase = 0;
  self->clock.side = sand_game_other_side (self, self->clock.side);
  if (self->clock.side == first)
    {
      self->clock.turn++;
      if (self->clock.turn > n_turns (self))
        {
          /* The clock stays on the last phase played. */
          self->clock = last;
          self->clock.over = TRUE;
        }
    }
}

static void
skip_automatic (SandGame *self)
{
  while (!self->clock.over && self->rules->phase_automatic != NULL
         && self->rules->phase_automatic (self, self->clock.phase))
    {
      if (self->rules->phase_end != NULL)
        self->rules->phase_end (self);
      advance_clock (self);
      if (!self->clock.over)
        phase_begin (self, TRUE);
    }
}

static int
find_index (SandRuleset *rs, int (*finder) (SandRuleset *, const char *), const char *a,
            const char *b)
{
  int i = finder (rs, a);
  return i >= 0 || b == NULL ? i : finder (rs, b);
}

SandGame *
sand_game_new (SandScenario       *scenario,
               const char * const *oob_ids,
               guint64             seed,
               GError            **error)
{
  g_return_val_if_fail (SAND_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  SandRuleset *rs = sand_scenario_get_ruleset (scenario);
  const SandRulesModule *rules = sand_rules_lookup (sand_ruleset_get_id (rs));
  if (rules == NULL)
    {
      g_set_error (error, SAND_GAME_ERROR, SAND_GAME_ERROR_SETUP,
                   "The rules of '%s' cannot be played yet.", sand_ruleset_get_id (rs));
      return NULL;
    }
  int n_sides = (int) sand_ruleset_n_sides (rs);
  if (n_sides < 2 || n_sides > SAND_MAX_SIDES)
    {
      g_set_error (error, SAND_GAME_ERROR, SAND_GAME_ERROR_SETUP,
                   "A game needs two to four sides, not %d.", n_sides);
      return NULL;
    }

  g_autoptr(SandGame) self = g_new0 (SandGame, 1);
  self->scenario = sand_scenario_copy (scenario);
  self->map = sand_scenario_get_map (self->scenario);
  self->ruleset = g_object_ref (rs);
  self->grid = sand_map_get_grid (self->map);
  self->rules = rules;
  self->seed = seed;
  self->n_sides = n_sides;
  self->n_hexes = sand_grid_n_hexes (self->grid);
  self->undo = g_ptr_array_new_with_free_func (snapshot_free);
  self->log = g_ptr_array_new_with_free_func (g_free);
  for (int s = 0; s < n_sides; s++)
    self->log_for[s] = g_ptr_array_new_with_free_func (g_free);
  sand_dice_init (&self->dice, seed);
  g_object_set_data_full (G_OBJECT (self->scenario), "sand-game-points",
                          g_array_new (FALSE, FALSE, sizeof (PointsArrival)),
                          (GDestroyNotify) g_array_unref);

  self->phase_reinforcement = find_index (rs, sand_ruleset_find_phase, "reinforcement",
                                          "reinforcements");
  self->phase_movement = sand_ruleset_find_phase (rs, "movement");
  self->phase_combat = sand_ruleset_find_phase (rs, "combat");
  self->type_combat = sand_ruleset_find_unit_type (rs, "combat");
  self->type_eb = sand_ruleset_find_unit_type (rs, "eb");
  self->type_dummy = sand_ruleset_find_unit_type (rs, "dummy");
  self->feature_rail = sand_ruleset_find_side_feature (rs, "rail");
  self->feature_river = sand_ruleset_find_side_feature (rs, "river");
  if (sand_ruleset_n_phases (rs) == 0)
    {
      g_set_error (error, SAND_GAME_ERROR, SAND_GAME_ERROR_SETUP,
                   "The ruleset '%s' declares no phases.", sand_ruleset_get_id (rs));
      return NULL;
    }

  for (int s = 0; s < n_sides; s++)
    {
      self->n_combat[s] = g_new0 (int, self->n_hexes);
      self->n_stack[s] = g_new0 (int, self->n_hexes);
      self->n_any[s] = g_new0 (int, self->n_hexes);
      if (oob_ids != NULL && oob_ids[s] != NULL)
        self->oob_ids[s] = g_strdup (oob_ids[s]);
    }
  /* before the units and the rules' setup: a plan may change the rules
   * (FPW C opens Luxemburg), and dummies make the Standard Game */
  choose_oobs_by_die (self);
  standard_by_oob (self);
  self->rail = g_new0 (guint8, self->n_hexes);
  self->rail_list = g_array_new (FALSE, FALSE, sizeof (int));
  self->markers = g_array_new (FALSE, FALSE, sizeof (SandGameMarker));
  self->fort_at = g_new (int, self->n_hexes);
  self->blockers = g_new0 (guint8, self->n_hexes);
  for (int h = 0; h < self->n_hexes; h++)
    self->fort_at[h] = -1;

  guint n_markers = sand_map_n_markers (self->map);
  for (guint i = 0; i < n_markers; i++)
    if (sand_map_get_marker (self->map, i)->kind == SAND_MARKER_FORT)
      self->n_forts++;
  self->fort_hex = g_new0 (int, self->n_forts + 1);
  self->fort_marker = g_new0 (int, self->n_forts + 1);
  self->fort_strength = g_new0 (int, 2 * self->n_forts + 1);
  for (guint i = 0, f = 0; i < n_markers; i++)
    {
      const SandMarker *m = sand_map_get_marker (self->map, i);
      if (m->kind != SAND_MARKER_FORT)
        continue;
      self->fort_hex[f] = m->hex;
      self->fort_marker[f] = (int) i;
      self->fort_strength[f] = m->strength;
      if (m->hex >= 0 && m->hex < self->n_hexes && self->fort_at[m->hex] < 0)
        self->fort_at[m->hex] = (int) f;
      f++;
    }

  for (guint f = 0; f < self->n_forts; f++)
    if (self->fort_hex[f] >= 0 && self->fort_hex[f] < self->n_hexes)
      sand_game_refresh_hex (self, self->fort_hex[f]);

  /* Reserve counters the rules may bring into play, made in the game's own
   * copy of the scenario. */
  g_autoptr(GArray) reserve = g_array_new (FALSE, FALSE, sizeof (int));
  for (int s = 0; s < n_sides && rules->reserve_units != NULL; s++)
    {
      int type = -1;
      int n = rules->reserve_units (rs, s, &type);
      if (n < 0)
        {
          /* "as many as he wishes" (FPW EB Units): reserve units are never
           * destroyed and each does its work on a rail hex, so one for every
           * rail hex of the map is more than can ever be used */
          n = 0;
          for (int h = 0; h < self->n_hexes && self->feature_rail >= 0; h++)
            for (int dir = 0; dir < SAND_N_DIRS; dir++)
              if (sand_map_side_has (self->map, h, dir, self->feature_rail))
                {
                  n++;
                  break;
                }
        }
      for (int i = 0; i < n && type >= 0; i++)
        {
          g_autofree char *id = g_strdup_printf ("%s-%s-reserve-%d",
                                                 sand_ruleset_get_side (rs, (guint) s)->id,
                                                 sand_ruleset_get_unit_type (rs, (guint) type)->id,
                                                 i + 1);
          /* A game's own scenario copy (a replay) already has them. */
          int existing = sand_scenario_find_counter (self->scenario, id);
          if (existing >= 0)
            {
              g_array_append_val (reserve, existing);
              continue;
            }
          int index = (int) sand_scenario_n_counters (self->scenario);
          g_array_append_val (reserve, index);
          SandCounter *c = sand_counter_new ();
          c->id = g_steal_pointer (&id);
          c->side = s;
          c->type = type;
          c->reduced = -1;
          c->name = g_strdup (sand_ruleset_get_unit_type (rs, (guint) type)->name);
          sand_scenario_add_counter (self->scenario, c);
        }
    }

  self->n_units = sand_scenario_n_counters (self->scenario);
  self->units = g_new0 (SandUnitState, self->n_units + 1);
  self->unit_type = g_new0 (int, self->n_units + 1);
  for (guint i = 0; i < self->n_units; i++)
    self->unit_type[i] = sand_scenario_get_counter (self->scenario, i)->type;
  self->terrain = sand_map_peek_terrain (self->map);
  self->nbr = g_new (int, (gsize) self->n_hexes * SAND_N_DIRS);
  for (int h = 0; h < self->n_hexes; h++)
    for (int d = 0; d < SAND_N_DIRS; d++)
      self->nbr[h * SAND_N_DIRS + d] = sand_grid_neighbour (self->grid, h, d);
  self->mv_unit = -1;
  for (guint i = 0; i < self->n_units; i++)
    {
      const SandCounter *c = sand_scenario_get_counter (self->scenario, i);
      SandUnitState *u = &self->units[i];
      u->hex = SAND_HEX_NONE;
      u->status = SAND_UNIT_ABSENT;
      u->side = (guint8) CLAMP (c->side, 0, n_sides - 1);
      u->strength = c->strength > 0 ? c->strength : c->steps;
      u->known = 0xff;
      /* Standard Game: combat units and dummies are played face down,
       * known only to their owner until combat reveals them. */
      if (sand_scenario_has_option (self->scenario, "standard") && c->type != self->type_eb)
        {
          u->flags |= SAND_UNIT_FACE_DOWN;
          u->known = (guint8) (1u << u->side);
        }
      u->arrive_hex = SAND_HEX_NONE;
      if (self->type_dummy >= 0 && c->type == self->type_dummy)
        u->flags |= SAND_UNIT_DUMMY;
    }
  for (guint i = 0; i < reserve->len; i++)
    self->units[g_array_index (reserve, int, i)].status = SAND_UNIT_RESERVE;

  if (!rules->setup (self, &self->params, error))
    return NULL;
  if (self->params.die_sides <= 0)
    self->params.die_sides = 6;
  sand_movement_init (self);
  sand_zoc_init (self);
  sand_supply_init (self);

  for (int s = 0; s < n_sides; s++)
    if (!setup_oob (self, s, error))
      return NULL;

  assign_aliases (self);
  self->clock.turn = 1;
  self->clock.side = first_side (self);
  self->clock.phase = 0;
  phase_begin (self, TRUE);
  skip_automatic (self);
  g_ptr_array_set_size (self->undo, 0);
  return g_steal_pointer (&self);
}

void
sand_game_free (SandGame *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->pending, sand_pending_attack_free);
  if (self->rules != NULL && self->rules->teardown != NULL)
    self->rules->teardown (self);
  sand_movement_clear (self);
  sand_zoc_clear (self);
  sand_supply_clear (self);
  for (int s = 0; s < SAND_MAX_SIDES; s++)
    {
      g_free (self->n_combat[s]);
      g_free (self->n_stack[s]);
      g_free (self->n_any[s]);
      g_free (self->oob_ids[s]);
    }
  g_free (self->rail);
  g_clear_pointer (&self->rail_list, g_array_unref);
  g_clear_pointer (&self->markers, g_array_unref);
  g_free (self->fort_at);
  g_free (self->blockers);
  g_free (self->fort_hex);
  g_free (self->fort_marker);
  g_free (self->fort_strength);
  g_free (self->units);
  g_free (self->unit_type);
  g_free (self->nbr);
  g_free (self->refusal_rule);
  g_clear_pointer (&self->undo, g_ptr_array_unref);
  g_clear_pointer (&self->log, g_ptr_array_unref);
  for (int s = 0; s < SAND_MAX_SIDES; s++)
    g_clear_pointer (&self->log_for[s], g_ptr_array_unref);
  g_clear_object (&self->ruleset);
  g_clear_object (&self->scenario);
  g_free (self);
}

SandScenario *
sand_game_get_scenario (SandGame *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->scenario;
}

const SandGrid *
sand_game_get_grid (SandGame *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->grid;
}

guint64
sand_game_get_seed (SandGame *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->seed;
}

/* Clock ----------------------------------------------------------------- */

int
sand_game_get_turn (SandGame *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->clock.turn;
}

int
sand_game_get_side (SandGame *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->clock.side;
}

int
sand_game_get_phase (SandGame *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->clock.phase;
}

const char *
sand_game_get_phase_id (SandGame *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return sand_ruleset_get_phase (self->ruleset, (guint) self->clock.phase)->id;
}

int
sand_game_get_segment (SandGame *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->clock.segment;
}

gboolean
sand_game_is_over (SandGame *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->clock.over;
}

/* Units in motion (FPW Standard Game Sequence of Play) ------------------- */

gboolean
sand_game_one_in_motion (SandGame *self)
{
  /* the FPW Standard Game: a ruleset with dummy counters, and the option */
  return self->type_dummy >= 0 && sand_scenario_has_option (self->scenario, "standard");
}

int
sand_game_unit_in_motion (SandGame *self)
{
  g_return_val_if_fail (self != NULL, -1);
  return self->clock.motion - 1;
}

void
sand_game_begin_motion (SandGame *self,
                        int       unit)
{
  if (!sand_game_one_in_motion (self) || self->clock.phase != self->phase_movement)
    return;
  int prev = self->clock.motion - 1;
  if (prev == unit)
    return;
  /* "The Player may not have more than one unit in motion at any time":
   * the one before is done for the phase. */
  if (prev >= 0)
    self->units[prev].flags |= SAND_UNIT_FINISHED;
  self->clock.motion = unit + 1;
  self->clock.segment = 1;
  sand_game_changed (self);
}

void
sand_game_end_motion (SandGame *self)
{
  int unit = self->clock.motion - 1;
  if (unit >= 0)
    self->units[unit].flags |= SAND_UNIT_FINISHED;
  self->clock.motion = 0;
  self->clock.segment = 0;
  sand_game_changed (self);
}

void
sand_game_set_segment (SandGame *self,
                       int       segment)
{
  if (self->clock.motion > 0)
    self->clock.segment = segment;
}

gboolean
sand_game_finish_unit (SandGame  *self,
                       int        unit,
                       GError   **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  if (unit < 0 || (guint) unit >= self->n_units)
    {
      sand_game_invalid (self, error, _("There is no such unit."));
      return FALSE;
    }
  SandUnitState *u = &self->units[unit];
  const char *uid = sand_game_unit_id (self, unit);
  g_autofree char *who = sand_game_unit_label_for (self, unit, self->clock.side,
                                                   SAND_UNIT_LABEL_WITH_ID);
  if (!sand_game_one_in_motion (self))
    {
      sand_game_refuse (self, error, "Standard Game Sequence of Play",
                        _("Units finish their movement one by one only in the Standard Game."));
      return FALSE;
    }
  if (self->clock.over)
    {
      sand_game_invalid (self, error, _("The game is over."));
      return FALSE;
    }
  if (u->status != SAND_UNIT_ON_MAP)
    {
      sand_game_invalid (self, error, _("%s is not on the map."), who);
      return FALSE;
    }
  if (self->clock.phase != self->phase_movement)
    {
      sand_game_refuse (self, error, self->params.rule_phase,
                        _("Units move only in their side's movement phase; this is the %s phase."),
                        sand_game_get_phase_id (self));
      return FALSE;
    }
  if (u->side != self->clock.side)
    {
      sand_game_refuse (self, error, self->params.rule_side,
                        /* TRANSLATORS: a unit id, its side's id, the id of the side moving
                           now */
                        _("%s belongs to %s; only %s moves now."),
                        who, sand_ruleset_get_side (self->ruleset, u->side)->id,
                        sand_ruleset_get_side (self->ruleset, (guint) self->clock.side)->id);
      return FALSE;
    }
  if (u->flags & SAND_UNIT_FINISHED)
    {
      sand_game_refuse (self, error, "Standard Game Sequence of Play",
                        _("%s has already finished its movement this phase."), who);
      return FALSE;
    }
  if (u->flags & SAND_UNIT_MUST_PROBE)
    {
      sand_game_refuse (self, error, "Standard Game Zones of Control (E)",
                        _("%s entered enemy control without paying for it and must make a hasty "
                          "attack first."), who);
      return FALSE;
    }
  for (guint i = 0; i < self->n_units; i++)
    if ((int) i != unit && (self->units[i].flags & SAND_UNIT_MUST_PROBE))
      {
        g_autofree char *first = sand_game_unit_label_for (self, (int) i, self->clock.side,
                                                           SAND_UNIT_LABEL_WITH_ID);
        sand_game_refuse (self, error, "Standard Game Sequence of Play (2)",
                          _("%s must make its hasty attack first."), first);
        return FALSE;
      }
  sand_game_begin_action (self);
  u->flags |= SAND_UNIT_FINISHED;
  if (self->clock.motion - 1 == unit)
    {
      self->clock.motion = 0;
      self->clock.segment = 0;
    }
  sand_game_changed (self);
  sand_game_commit_action (self, g_strdup_printf ("done %s", uid));
  return TRUE;
}

gboolean
sand_game_set_clock (SandGame  *self,
                     int        turn,
                     int        side,
                     int        phase,
                     GError   **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  if (!sand_combat_check_idle (self, error))
    return FALSE;

  if (turn < 1 || turn > n_turns (self))
    {
      sand_game_invalid (self, error, _("Turn %d is not in this game (1 to %d)."), turn,
                         n_turns (self));
      return FALSE;
    }
  if (side < 0 || side >= self->n_sides)
    {
      sand_game_invalid (self, error, _("There is no side %d."), side);
      return FALSE;
    }
  if (phase < 0 || phase >= (int) sand_ruleset_n_phases (self->ruleset))
    {
      sand_game_invalid (self, error, _("There is no phase %d."), phase);
      return FALSE;
    }
  self->clock = (SandClock) { turn, side, phase, 0, FALSE };
  phase_begin (self, FALSE);
  g_ptr_array_set_size (self->undo, 0);
  log_append (self,
              g_strdup_printf ("at %d %s %s", turn,
                               sand_ruleset_get_side (self->ruleset, (guint) side)->id,
                               sand_ruleset_get_phase (self->ruleset, (guint) phase)->id));
  return TRUE;
}

gboolean
sand_game_end_phase (SandGame  *self,
                     GError   **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  if (!sand_combat_check_idle (self, error))
    return FALSE;

  if (self->clock.over)
    {
      sand_game_invalid (self, error, _("The game is over."));
      return FALSE;
    }
  if (self->rules->may_end_phase != NULL && !self->rules->may_end_phase (self, error))
    return FALSE;
  if (self->rules->phase_end != NULL)
    self->rules->phase_end (self);
  advance_clock (self);
  if (!self->clock.over)
    {
      phase_begin (self, TRUE);
      skip_automatic (self);
    }
  sand_game_changed (self);
  g_ptr_array_set_size (self->undo, 0);
  log_append (self, g_strdup ("end-phase"));
  return TRUE;
}

/* Units ------------------------------------------------------------------ */

guint
sand_game_n_units (SandGame *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_units;
}

const SandUnitState *
sand_game_get_unit (SandGame *self,
                    int       unit)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (unit >= 0 && (guint) unit < self->n_units, NULL);
  return &self->units[unit];
}

const char *
sand_game_get_oob (SandGame *self,
                   int       side)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (side >= 0 && side < SAND_MAX_SIDES, NULL);
  return self->oob_ids[side];
}

const SandCounter *
sand_game_get_counter (SandGame *self,
                       int       unit)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (unit >= 0 && (guint) unit < self->n_units, NULL);
  return sand_scenario_get_counter (self->scenario, (guint) unit);
}

int
sand_game_find_unit (SandGame   *self,
                     const char *id)
{
  g_return_val_if_fail (self != NULL, -1);
  g_return_val_if_fail (id != NULL, -1);
  int unit = sand_scenario_find_counter (self->scenario, id);
  if (unit >= 0)
    return unit;
  /* A face-down counter by the name the enemy knows it by. */
  const char *q = strstr (id, "-?");
  if (q == NULL)
    return -1;
  g_autofree char *side_id = g_strndup (id, (gsize) (q - id));
  int side = sand_ruleset_find_side (self->ruleset, side_id);
  int n = atoi (q + 2);
  for (guint i = 0; side >= 0 && n > 0 && i < self->n_units; i++)
    if (self->units[i].side == side && self->units[i].alias == n
        && (self->units[i].flags & SAND_UNIT_FACE_DOWN))
      return (int) i;
  return -1;
}

char *
sand_game_unit_name_for (SandGame *self,
                         int       unit,
                         int       viewer)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (unit >= 0 && (guint) unit < self->n_units, NULL);
  if (sand_game_unit_visible (self, unit, viewer))
    return g_strdup (sand_game_unit_id (self, unit));
  return g_strdup_printf ("%s-?%d",
                          sand_ruleset_get_side (self->ruleset, self->units[unit].side)->id,
                          self->units[unit].alias);
}

char *
sand_game_unit_label_for (SandGame      *self,
                          int            unit,
                          int            viewer,
                          SandUnitLabel  style)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (unit >= 0 && (guint) unit < self->n_units, NULL);
  /* A face-down counter's name would tell what it is as surely as its id. */
  if (!sand_game_unit_visible (self, unit, viewer))
    return sand_game_unit_name_for (self, unit, viewer);
  const SandCounter *c = sand_scenario_get_counter (self->scenario, (guint) unit);
  if (c->name == NULL || c->name[0] == '\0' || strcmp (c->name, c->id) == 0)
    return g_strdup (c->id);
  if (style == SAND_UNIT_LABEL_WITH_ID)
    return g_strdup_printf ("%s (%s)", c->name, c->id);
  return g_strdup (c->name);
}

const char *
sand_game_unit_formation_for (SandGame *self,
                              int       unit,
                              int       viewer)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (unit >= 0 && (guint) unit < self->n_units, NULL);
  return self->rules->formation_for != NULL ? self->rules->formation_for (self, unit, viewer)
                                            : NULL;
}

int
sand_game_unit_strength_for (SandGame *self,
                             int       unit,
                             int       viewer)
{
  g_return_val_if_fail (self != NULL, -1);
  g_return_val_if_fail (unit >= 0 && (guint) unit < self->n_units, -1);
  const SandUnitState *u = &self->units[unit];
  if (viewer < 0 || u->side == viewer || !(u->flags & SAND_UNIT_FACE_DOWN))
    return u->strength;
  if (!(u->known & (1u << viewer)))
    return -1;
  /* Revealed units are flipped back after combat: the enemy keeps what it
   * saw, not what happened since (Standard Game Combat Phase). */
  return u->seen_strength;
}

gboolean
sand_game_unit_visible (SandGame *self,
                        int       unit,
                        int       viewer)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (unit >= 0 && (guint) unit < self->n_units, FALSE);
  if (viewer < 0 || self->units[unit].side == viewer)
    return TRUE;
  if (!(self->units[unit].flags & SAND_UNIT_FACE_DOWN))
    return TRUE;
  return (self->units[unit].known & (1u << viewer)) != 0;
}

void
sand_game_units_at (SandGame *self,
                    int       hex,
                    GArray   *out)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (out != NULL);
  for (guint i = 0; i < self->n_units; i++)
    if (self->units[i].status == SAND_UNIT_ON_MAP && self->units[i].hex == hex)
      {
        int u = (int) i;
        g_array_append_val (out, u);
      }
}

int
sand_game_unit_allowance (SandGame *self,
                          int       unit)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (unit >= 0 && (guint) unit < self->n_units, 0);
  return self->rules->allowance (self, unit);
}

int
sand_game_unit_mp_left (SandGame *self,
                        int       unit)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (unit >= 0 && (guint) unit < self->n_units, 0);
  return MAX (0, sand_game_unit_allowance (self, unit) - self->units[unit].mp_spent);
}

int
sand_game_unit_max_strength (SandGame *self,
                             int       unit)
{
  g_return_val_if_fail (self != NULL, 0);
  if (self->rules->max_strength != NULL)
    return self->rules->max_strength (self, unit);
  const SandCounter *c = sand_game_get_counter (self, unit);
  return c->strength > 0 ? c->strength : c->steps;
}

int
sand_game_points_lost (SandGame *self,
                       int       side)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (side >= 0 && side < self->n_sides, 0);
  return self->points_lost[side];
}

gboolean
sand_game_set_up (SandGame  *self,
                  int        unit,
                  int        hex,
                  GError   **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  if (!sand_combat_check_idle (self, error))
    return FALSE;

  if (unit < 0 || (guint) unit >= self->n_units || hex < 0 || hex >= self->n_hexes)
    {
      sand_game_invalid (self, error, _("No such unit or hex."));
      return FALSE;
    }
  for (guint i = 0; i < self->log->len; i++)
    if (!g_str_has_prefix (g_ptr_array_index (self->log, i), "setup "))
      {
        sand_game_refuse (self, error, "How to Set Up and Play the Game",
                          _("Units are set up before play starts."));
        return FALSE;
      }
  SandUnitState *u = &self->units[unit];
  const char *uid = sand_game_unit_id (self, unit);
  /* its owner sets it up */
  g_autofree char *who = sand_game_unit_label_for (self, unit, u->side, SAND_UNIT_LABEL_WITH_ID);
  int oi = self->oob_ids[u->side] ? sand_scenario_find_oob (self->scenario,
                                                            self->oob_ids[u->side]) : -1;
  SandOob *oob = oi >= 0 ? sand_scenario_get_oob (self->scenario, (guint) oi) : NULL;
  const char *zone = NULL;
  for (guint i = 0; oob != NULL && oob->placements != NULL && i < oob->placements->len; i++)
    {
      const SandPlacement *p = g_ptr_array_index (oob->placements, i);
      if (g_strcmp0 (p->counter, uid) == 0)
        zone = p->zone;
    }
  if (u->status != SAND_UNIT_ON_MAP || zone == NULL)
    {
      sand_game_refuse (self, error, "How to Set Up and Play the Game",
                        _("%s has a fixed place in its order of battle."), who);
      return FALSE;
    }
  gboolean in_zone = FALSE;
  for (guint i = 0; i < sand_map_n_markers (self->map) && !in_zone; i++)
    {
      const SandMarker *m = sand_map_get_marker (self->map, i);
      in_zone = m->kind == SAND_MARKER_ZONE && m->hex == hex && g_strcmp0 (m->group, zone) == 0;
    }
  g_autofree char *id = sand_game_hex_id (self, hex);
  if (!in_zone)
    {
      sand_game_refuse (self, error, "How to Set Up and Play the Game",
                        _("%s sets up in zone '%s'; %s is not in it."), who, zone, id);
      return FALSE;
    }
  int max_per_hex = 0;
  for (guint i = 0; oob->zone_limits != NULL && i < oob->zone_limits->len; i++)
    {
      const SandZoneLimit *l = g_ptr_array_index (oob->zone_limits, i);
      if (g_strcmp0 (l->zone, zone) == 0)
        max_per_hex = l->max_per_hex;
    }
  if (hex != u->hex && max_per_hex > 0 && self->n_any[u->side][hex] >= max_per_hex)
    {
      sand_game_refuse (self, error, "How to Set Up and Play the Game",
                        _("Zone '%s' takes at most %d unit%s a hex."), zone, max_per_hex,
                        max_per_hex == 1 ? "" : "s");
      return FALSE;
    }
  if (sand_game_enemy_blocks (self, u->side, hex))
    {
      sand_game_refuse (self, error, "Movement (I)", _("%s holds enemy units."), id);
      return FALSE;
    }
  sand_game_begin_action (self);
  sand_game_place_unit (self, unit, hex);
  /* set-up is before play: supply is judged again */
  if (self->clock.phase == self->phase_movement && self->rules->supply_all != NULL)
    {
      self->rules->supply_all (self, TRUE, self->sup_states);
      for (guint i = 0; i < self->n_units; i++)
        if (self->units[i].side == self->clock.side)
          self->units[i].supply = self->sup_states[i];
    }
  sand_game_commit_action (self, g_strdup_printf ("setup %s %s", uid, id));
  return TRUE;
}

gboolean
sand_game_place_reserve (SandGame  *self,
                         int        side,
                         int        hex,
                         int       *unit,
                         GError   **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  if (!sand_combat_check_idle (self, error))
    return FALSE;

  if (side < 0 || side >= self->n_sides || hex < 0 || hex >= self->n_hexes)
    {
      sand_game_invalid (self, error, _("No such side or hex."));
      return FALSE;
    }
  if (self->rules->may_place_reserve == NULL)
    {
      sand_game_invalid (self, error, _("This game brings no new units into play."));
      return FALSE;
    }
  if (self->clock.over)
    {
      sand_game_invalid (self, error, _("The game is over."));
      return FALSE;
    }
  if (!self->rules->may_place_reserve (self, side, hex, error))
    return FALSE;
  int found = -1;
  for (guint i = 0; i < self->n_units && found < 0; i++)
    if (self->units[i].status == SAND_UNIT_RESERVE && self->units[i].side == side)
      found = (int) i;
  if (found < 0)
    {
      sand_game_refuse (self, error, NULL, _("%s has no more units to bring into play."),
                        sand_ruleset_get_side (self->ruleset, (guint) side)->name);
      return FALSE;
    }
  sand_game_begin_action (self);
  sand_game_step_unit (self, found, hex);
  if (unit != NULL)
    *unit = found;
  g_autofree char *id = sand_game_hex_id (self, hex);
  sand_game_commit_action (self, g_strdup_printf ("reserve %s %s",
                                                  sand_ruleset_get_side (self->ruleset,
                                                                         (guint) side)->id, id));
  return TRUE;
}

gboolean
sand_game_exit (SandGame  *self,
                int        unit,
                GError   **error)
{
  int cost = 0;

  g_return_val_if_fail (self != NULL, FALSE);
  if (!sand_movement_check_may_move (self, unit, error))
    return FALSE;
  if (self->rules->may_exit == NULL || !self->rules->may_exit (self, unit, &cost, error))
    {
      if (self->rules->may_exit == NULL)
        sand_game_invalid (self, error, _("Units never leave the map in this game."));
      return FALSE;
    }
  if (sand_game_unit_mp_left (self, unit) < cost)
    {
      g_autofree char *who = sand_game_unit_label_for (self, unit, self->clock.side,
                                                       SAND_UNIT_LABEL_WITH_ID);
      sand_game_refuse (self, error, self->params.rule_mp,
                        _("Leaving the map costs %d MP; %s has %d left."), cost, who,
                        sand_game_unit_mp_left (self, unit));
      return FALSE;
    }
  sand_game_begin_action (self);
  SandUnitState *u = &self->units[unit];
  int hex = u->hex;
  u->mp_spent += cost;
  /* leaving the map ends its movement (Standard Game: the unit in motion) */
  sand_game_begin_motion (self, unit);
  sand_game_end_motion (self);
  sand_game_remove_unit (self, unit, SAND_UNIT_EXITED);
  u->arrive_hex = hex;
  sand_game_commit_action (self, g_strdup_printf ("exit %s", sand_game_unit_id (self, unit)));
  return TRUE;
}

gboolean
sand_game_may_exit (SandGame *self,
                    int       unit)
{
  g_autofree char *rule = NULL;
  int cost = 0;
  gboolean ok;

  g_return_val_if_fail (self != NULL, FALSE);
  if (self->rules->may_exit == NULL)
    return FALSE;
  /* A question leaves the last refusal's rule as the player was told it. */
  rule = g_strdup (self->refusal_rule);
  ok = sand_movement_check_may_move (self, unit, NULL) &&
       self->rules->may_exit (self, unit, &cost, NULL) &&
       sand_game_unit_mp_left (self, unit) >= cost;
  g_free (self->refusal_rule);
  self->refusal_rule = g_steal_pointer (&rule);
  return ok;
}

void
sand_game_reserve_hexes (SandGame *self,
                         int       side,
                         GArray   *out)
{
  g_autofree char *rule = NULL;
  gboolean any = FALSE;

  g_return_if_fail (self != NULL);
  g_return_if_fail (out != NULL && g_array_get_element_size (out) == sizeof (int));
  if (self->rules->may_place_reserve == NULL || self->clock.over || side < 0 ||
      side >= self->n_sides)
    return;
  for (guint i = 0; i < self->n_units && !any; i++)
    any = self->units[i].status == SAND_UNIT_RESERVE && self->units[i].side == side;
  if (!any)
    return;
  /* A question leaves the last refusal's rule as the player was told it. */
  rule = g_strdup (self->refusal_rule);
  if (sand_combat_check_idle (self, NULL))
    for (int h = 0; h < self->n_hexes; h++)
      if (self->rules->may_place_reserve (self, side, h, NULL))
        g_array_append_val (out, h);
  g_free (self->refusal_rule);
  self->refusal_rule = g_steal_pointer (&rule);
}

/* Rail, combat, supply, victory: dispatched to the module ---------------- */

gboolean
sand_game_entrain (SandGame  *self,
                   int        unit,
                   GError   **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  if (!sand_combat_check_idle (self, error))
    return FALSE;
  if (unit < 0 || (guint) unit >= self->n_units)
    {
      sand_game_invalid (self, error, _("There is no such unit."));
      return FALSE;
    }
  if (self->rules->entrain == NULL)
    {
      sand_game_invalid (self, error, _("There is no rail movement in this game."));
      return FALSE;
    }
  return self->rules->entrain (self, unit, error);
}

gboolean
sand_game_detrain (SandGame  *self,
                   int        unit,
                   GError   **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  if (!sand_combat_check_idle (self, error))
    return FALSE;
  if (unit < 0 || (guint) unit >= self->n_units)
    {
      sand_game_invalid (self, error, _("There is no such unit."));
      return FALSE;
    }
  if (self->rules->detrain == NULL)
    {
      sand_game_invalid (self, error, _("There is no rail movement in this game."));
      return FALSE;
    }
  return self->rules->detrain (self, unit, error);
}

void
sand_odds_clear (SandOdds *odds)
{
  g_return_if_fail (odds != NULL);
  g_clear_pointer (&odds->notes, g_ptr_array_unref);
  g_clear_pointer (&odds->support_ready, g_array_unref);
  g_clear_pointer (&odds->support, g_array_unref);
  *odds = (SandOdds) { 0 };
}

void
sand_attack_result_clear (SandAttackResult *result)
{
  g_return_if_fail (result != NULL);
  sand_odds_clear (&result->odds);
  g_clear_pointer (&result->losses, g_array_unref);
  g_clear_pointer (&result->eliminated, g_array_unref);
  g_clear_pointer (&result->advanced, g_array_unref);
  *result = (SandAttackResult) { 0 };
}

static gboolean
check_attack_args (SandGame   *self,
                   int         hex,
                   const int  *attackers,
                   guint       n,
                   GError    **error)
{
  if (hex < 0 || hex >= self->n_hexes)
    {
      sand_game_invalid (self, error, _("That hex is not on the map."));
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    if (attackers[i] < 0 || (guint) attackers[i] >= self->n_units)
      {
        sand_game_invalid (self, error, _("There is no such unit."));
        return FALSE;
      }
  return TRUE;
}

gboolean
sand_game_odds (SandGame   *self,
                int         hex,
                const int  *attackers,
                guint       n,
                gboolean    decline_flank,
                SandOdds   *out,
                GError    **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  *out = (SandOdds) { 0 };
  if (!check_attack_args (self, hex, attackers, n, error))
    return FALSE;
  return self->rules->odds (self, hex, attackers, n, decline_flank, out, error);
}

gboolean
sand_game_odds_with (SandGame                *self,
                     int                      hex,
                     const int               *attackers,
                     guint                    n,
                     const SandAttackChoices *choices,
                     SandOdds                *out,
                     GError                 **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  *out = (SandOdds) { 0 };
  if (!check_attack_args (self, hex, attackers, n, error))
    return FALSE;
  /* The modules' odds hook takes only the flank; the rest rides along. */
  self->odds_choices = choices;
  gboolean ok = self->rules->odds (self, hex, attackers, n,
                                   choices != NULL && choices->decline_flank, out, error);
  self->odds_choices = NULL;
  return ok;
}

gboolean
sand_game_attack (SandGame                *self,
                  int                      hex,
                  const int               *attackers,
                  guint                    n,
                  const SandAttackChoices *choices,
                  SandAttackResult        *out,
                  GError                 **error)
{
  SandAttackChoices none = { .fort_loss = -1 };

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  *out = (SandAttackResult) { 0 };
  if (!check_attack_args (self, hex, attackers, n, error))
    return FALSE;
  if (self->clock.over)
    {
      sand_game_invalid (self, error, _("The game is over."));
      return FALSE;
    }
  if (!sand_combat_check_idle (self, error))
    return FALSE;
  return self->rules->attack (self, hex, attackers, n, choices ? choices : &none, out, error);
}

/* Two-step combat ----------------------------------------------------------- */

const SandPendingAttack *
sand_game_get_pending_attack (SandGame *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->pending;
}

static SandPendingAttack *
pending_new (int        hex,
             const int *attackers,
             guint      n)
{
  SandPendingAttack *p = g_new0 (SandPendingAttack, 1);

  p->support = g_array_new (FALSE, FALSE, sizeof (int));
  p->hex = hex;
  p->attackers = g_array_new (FALSE, FALSE, sizeof (int));
  g_array_append_vals (p->attackers, attackers, n);
  for (int s = 0; s < 2; s++)
    {
      p->loss[s].side = -1;
      p->loss[s].fort_limit = -1;
      p->loss[s].units = g_array_new (FALSE, FALSE, sizeof (SandLossOption));
    }
  p->retreats = g_array_new (FALSE, FALSE, sizeof (SandRetreatOwed));
  p->advance = g_array_new (FALSE, FALSE, sizeof (int));
  return p;
}

/* After the module planned @p (@ok), the attack waits, or is dropped. */
static gboolean
pending_keep (SandGame                 *self,
              SandPendingAttack        *p,
              SandAttackResult         *res,
              gboolean                  ok,
              const SandPendingAttack **out)
{
  if (!ok)
    {
      sand_pending_attack_free (p);
      sand_attack_result_clear (res);
      return FALSE;
    }
  p->odds = res->odds;
  res->odds = (SandOdds) { 0 };
  p->roll = res->roll;
  p->modified_roll = res->modified_roll;
  g_strlcpy (p->result, res->result, sizeof p->result);
  sand_attack_result_clear (res);
  self->pending = p;
  *out = p;
  return TRUE;
}

gboolean
sand_game_attack_roll (SandGame                 *self,
                       int                       hex,
                       const int                *attackers,
                       guint                     n,
                       const SandAttackChoices  *pre_choices,
                       const SandPendingAttack **out,
                       GError                  **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  *out = NULL;
  if (!check_attack_args (self, hex, attackers, n, error))
    return FALSE;
  if (self->clock.over)
    {
      sand_game_invalid (self, error, _("The game is over."));
      return FALSE;
    }
  if (!sand_combat_check_idle (self, error))
    return FALSE;

  SandAttackChoices pre = { .fort_loss = -1 };
  pre.decline_flank = pre_choices != NULL && pre_choices->decline_flank;
  SandPendingAttack *p = pending_new (hex, attackers, n);
  if (pre_choices != NULL && pre_choices->choose_support)
    {
      g_array_append_vals (p->support, pre_choices->support, pre_choices->n_support);
      p->choose_support = TRUE;
      pre.choose_support = TRUE;
      pre.support = (const int *) (void *) p->support->data;
      pre.n_support = p->support->len;
    }
  p->decline_flank = pre.decline_flank;

  /* The module rolls, fills the plan and takes back what it changed, the
   * dice included: the settle rolls the same die again. */
  SandAttackResult res = { 0 };
  self->plan = p;
  gboolean ok = self->rules->attack (self, hex, attackers, n, &pre, &res, error);
  self->plan = NULL;
  return pending_keep (self, p, &res, ok, out);
}

gboolean
sand_game_hasty_attack_roll (SandGame                 *self,
                             int                       hex,
                             int                       unit,
                             int                       points,
                             const SandPendingAttack **out,
                             GError                  **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  *out = NULL;
  if (self->rules->hasty == NULL)
    {
      g_set_error (error, SAND_GAME_ERROR, SAND_GAME_ERROR_UNKNOWN,
                   "This game has no hasty attacks.");
      return FALSE;
    }
  if (!check_attack_args (self, hex, &unit, 1, error))
    return FALSE;
  if (self->clock.over)
    {
      sand_game_invalid (self, error, _("The game is over."));
      return FALSE;
    }
  if (!sand_combat_check_idle (self, error))
    return FALSE;

  SandAttackChoices pre = { .fort_loss = -1 };
  SandPendingAttack *p = pending_new (hex, &unit, 1);
  p->hasty_points = points;
  SandAttackResult res = { 0 };
  self->plan = p;
  gboolean ok = self->rules->hasty (self, hex, unit, points, &pre, &res, error);
  self->plan = NULL;
  return pending_keep (self, p, &res, ok, out);
}

static const SandLossOption *
find_loss_option (const SandPendingAttack *p,
                  int                      unit,
                  int                     *side)
{
  for (int s = 0; s < 2; s++)
    for (guint i = 0; i < p->loss[s].units->len; i++)
      if (g_array_index (p->loss[s].units, SandLossOption, i).unit == unit)
        {
          *side = s;
          return &g_array_index (p->loss[s].units, SandLossOption, i);
        }
  return NULL;
}

static gboolean
check_retreat (SandGame              *self,
               const SandPendingAttack *p,
               const SandRetreat     *r,
               GError               **error)
{
  const SandRetreatOwed *owed = NULL;
  g_autofree char *uid = sand_game_unit_label_for (self, r->unit, self->clock.side,
                                                   SAND_UNIT_LABEL_WITH_ID);

  for (guint i = 0; i < p->retreats->len && owed == NULL; i++)
    {
      const SandRetreatOwed *o = &g_array_index (p->retreats, SandRetreatOwed, i);
      for (guint j = 0; j < o->units->len; j++)
        if (g_array_index (o->units, int, j) == r->unit)
          owed = o;
    }
  /* LFAF 4.3: a unit already on a retreat's end hex, sent one hex on to
   * make room. */
  for (guint i = 0; i < p->retreats->len && owed == NULL; i++)
    {
      const SandRetreatOwed *o = &g_array_index (p->retreats, SandRetreatOwed, i);
      for (guint j = 0; o->room != NULL && j < o->room->len; j++)
        if (g_array_index (o->room, int, j) == r->unit)
          {
            int here = self->units[r->unit].hex;
            int side = self->units[r->unit].side;
            int to = r->n_hexes == 1 ? r->hexes[0] : -1;
            int dir = to >= 0 && to < self->n_hexes ? sand_grid_direction_to (self->grid, here, to)
                                                    : -1;
            if (dir < 0 || to == p->hex || self->edge_cost[here * SAND_N_DIRS + dir] == 255
                || self->no_entry[side][to] || sand_game_enemy_blocks (self, side, to))
              {
                sand_game_refuse (self, error, "LFAF 4.3",
                                  _("%s makes room by retreating one hex: to a hex next to it, "
                                    "not the assaulted hex, that it may enter and free of enemy "
                                    "units."), uid);
                return FALSE;
              }
            return TRUE;
          }
    }
  if (owed == NULL)
    {
      sand_game_refuse (self, error, p->retreats->len > 0
                        ? g_array_index (p->retreats, SandRetreatOwed, 0).rule
                        : p->loss[1].rule,
                        _("%s does not retreat in this combat."), uid);
      return FALSE;
    }
  if (r->n_hexes < 1 || r->n_hexes > SAND_RETREAT_MAX_HEXES)
    {
      sand_game_invalid (self, error, _("Name the hexes %s retreats through."), uid);
      return FALSE;
    }
  for (int i = 0; i < r->n_hexes; i++)
    if (r->hexes[i] < 0 || r->hexes[i] >= self->n_hexes)
      {
        sand_game_invalid (self, error, _("That hex is not on the map."));
        return FALSE;
      }
  int side = self->units[r->unit].side;
  int here = self->units[g_array_index (owed->units, int, 0)].hex;
  gboolean literal = sand_grid_direction_to (self->grid, here, r->hexes[0]) >= 0;
  for (int i = 0; literal && i < r->n_hexes; i++)
    {
      int k = sand_grid_distance (self->grid, p->hex, here) + 1;
      literal = sand_combat_retreat_may_enter (self, side, p->hex, here, k, r->hexes[i]);
      here = r->hexes[i];
    }
  gboolean ok = FALSE;
  if (literal)
    ok = r->n_hexes == owed->reach;
  else if (r->n_hexes == 1)
    for (guint i = 0; i < owed->ends->len && !ok; i++)
      ok = g_array_index (owed->ends, int, i) == r->hexes[0];
  if (!ok)
    {
      g_autofree char *to = sand_game_hex_id (self, r->hexes[r->n_hexes - 1]);
      g_autofree char *from = sand_game_hex_id (self, p->hex);
      g_autoptr(GString) ends = g_string_new (NULL);
      for (guint i = 0; i < owed->ends->len; i++)
        {
          g_autofree char *e = sand_game_hex_id (self, g_array_index (owed->ends, int, i));
          g_string_append_printf (ends, "%s%s", i ? ", " : "", e);
        }
      if (owed->ends->len == 0)
        sand_game_refuse (self, error, owed->rule,
                          _("%s cannot retreat at all; it loses a step for every hex it "
                            "cannot retreat."), uid);
      else
        sand_game_refuse (self, error, owed->rule,
                          _("%s may not retreat to %s: it retreats %d hex%s, each one farther "
                            "from %s, into hexes it may enter and free of enemy units (%s)."),
                          uid, to, owed->reach, owed->reach == 1 ? "" : "es", from, ends->str);
      return FALSE;
    }
  return TRUE;
}

/* Checks the owners' choices against what the rolled attack owes. */
static gboolean
check_choices (SandGame                *self,
               const SandPendingAttack *p,
               const SandAttackChoices *ch,
               GError                 **error)
{
  int sum[2] = { 0, 0 };

  for (guint i = 0; i < ch->n_losses; i++)
    {
      const SandLoss *l = &ch->losses[i];
      int s = -1;
      if (l->unit < 0 || (guint) l->unit >= self->n_units)
        {
          sand_game_invalid (self, error, _("There is no such unit."));
          return FALSE;
        }
      g_autofree char *uid = sand_game_unit_label_for (self, l->unit, self->clock.side,
                                                       SAND_UNIT_LABEL_WITH_ID);
      const SandLossOption *o = find_loss_option (p, l->unit, &s);
      if (o == NULL)
        {
          sand_game_refuse (self, error, p->loss[1].rule,
                            _("%s took no part in this combat, so it takes none of its losses."),
                            uid);
          return FALSE;
        }
      if (l->loss < 0)
        {
          sand_game_invalid (self, error, _("A loss is never negative."));
          return FALSE;
        }
      int unit_total = 0;
      for (guint j = 0; j < ch->n_losses; j++)
        if (ch->losses[j].unit == l->unit)
          unit_total += ch->losses[j].loss;
      if (unit_total > o->limit && s == 0 && p->hasty_points > 0)
        {
          sand_game_refuse (self, error, p->loss[0].rule,
                            _("%s allocated %d Combat Points to its hasty attack and loses at "
                              "most those, not %d."), uid, o->limit, unit_total);
          return FALSE;
        }
      if (unit_total > o->limit)
        {
          sand_game_refuse (self, error, p->loss[s].rule,
                            _("%s has only %d to lose; it cannot lose %d."), uid, o->limit,
                            unit_total);
          return FALSE;
        }
      sum[s] += l->loss;
    }
  if (ch->fort_loss > 0 && p->loss[1].fort_limit < 0)
    {
      sand_game_refuse (self, error, p->loss[1].rule,
                        _("There is no fortification in this combat to take losses."));
      return FALSE;
    }
  if (ch->fort_loss >= 0 && p->loss[1].fort_limit >= 0)
    {
      if (ch->fort_loss > p->loss[1].fort_limit)
        {
          sand_game_refuse (self, error, p->loss[1].rule,
                            _("The fortification has only %d to lose; it cannot lose %d."),
                            p->loss[1].fort_limit, ch->fort_loss);
          return FALSE;
        }
      sum[1] += ch->fort_loss;
    }
  for (int s = 0; s < 2; s++)
    if (sum[s] > p->loss[s].owed)
      {
        sand_game_refuse (self, error, p->loss[s].rule,
                          _("The %s loses %d in all (%s), no more; %d were given."),
                          s == 0 ? "attacker" : "defender", p->loss[s].owed, p->result, sum[s]);
        return FALSE;
      }
  for (guint i = 0; i < ch->n_retreats; i++)
    if (!check_retreat (self, p, &ch->retreats[i], error))
      return FALSE;
  for (guint i = 0; i < ch->n_advance; i++)
    {
      gboolean found = FALSE;
      for (guint j = 0; j < p->advance->len; j++)
        found |= g_array_index (p->advance, int, j) == ch->advance[i];
      if (found)
        continue;
      if (ch->advance[i] < 0 || (guint) ch->advance[i] >= self->n_units)
        {
          sand_game_invalid (self, error, _("There is no such unit."));
          return FALSE;
        }
      if (p->advance->len == 0)
        sand_game_refuse (self, error, p->advance_rule,
                          _("The attacked hex is not emptied by this result (%s), so no unit may "
                            "advance."), p->result);
      else
        {
          g_autofree char *who = sand_game_unit_label_for (self, ch->advance[i], self->clock.side,
                                                           SAND_UNIT_LABEL_WITH_ID);
          sand_game_refuse (self, error, p->advance_rule,
                            _("%s did not attack, so it cannot advance."), who);
        }
      return FALSE;
    }
  return TRUE;
}

gboolean
sand_game_attack_settle (SandGame                *self,
                         const SandAttackChoices *choices,
                         SandAttackResult        *out,
                         GError                 **error)
{
  SandAttackChoices none = { .fort_loss = -1 };

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  *out = (SandAttackResult) { 0 };
  if (self->pending == NULL)
    {
      sand_game_invalid (self, error, _("No attack waits to be settled."));
      return FALSE;
    }
  const SandAttackChoices *ch = choices != NULL ? choices : &none;
  if (!check_choices (self, self->pending, ch, error))
    return FALSE;
  SandAttackChoices merged = *ch;
  SandPendingAttack *p = g_steal_pointer (&self->pending);
  merged.decline_flank = p->decline_flank;
  merged.choose_support = p->choose_support;
  merged.support = (const int *) (void *) p->support->data;
  merged.n_support = p->support->len;
  gboolean ok;
  if (p->hasty_points > 0)
    ok = self->rules->hasty (self, p->hex, g_array_index (p->attackers, int, 0),
                             p->hasty_points, &merged, out, error);
  else
    ok = self->rules->attack (self, p->hex, (const int *) (void *) p->attackers->data,
                              p->attackers->len, &merged, out, error);
  if (!ok)
    {
      self->pending = p;
      return FALSE;
    }
  sand_pending_attack_free (p);
  return TRUE;
}

gboolean
sand_game_force_rolls (SandGame   *self,
                       const int  *rolls,
                       int         n,
                       GError    **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  if (!sand_combat_check_idle (self, error))
    return FALSE;

  for (int i = 0; i < n; i++)
    if (rolls[i] < 1 || rolls[i] > self->params.die_sides)
      {
        sand_game_invalid (self, error, _("A die roll is 1 to %d, not %d."),
                           self->params.die_sides, rolls[i]);
        return FALSE;
      }
  SandDice copy = self->dice;
  if (!sand_dice_force (&copy, rolls, n))
    {
      sand_game_invalid (self, error, _("At most %d rolls may wait to be used."),
                         SAND_DICE_MAX_FORCED);
      return FALSE;
    }
  sand_game_begin_action (self);
  self->dice = copy;
  GString *line = g_string_new ("roll");
  for (int i = 0; i < n; i++)
    g_string_append_printf (line, " %d", rolls[i]);
  sand_game_commit_action (self, g_string_free (line, FALSE));
  return TRUE;
}

const char *
sand_supply_state_to_string (SandSupplyState state)
{
  switch (state)
    {
    case SAND_SUPPLY_SUPPLIED: return "supplied";
    case SAND_SUPPLY_UNSUPPLIED: return "unsupplied";
    case SAND_SUPPLY_ISOLATED: return "isolated";
    default: return "unknown";
    }
}

SandSupplyState
sand_game_unit_supply (SandGame *self,
                       int       unit)
{
  g_return_val_if_fail (self != NULL, SAND_SUPPLY_SUPPLIED);
  g_return_val_if_fail (unit >= 0 && (guint) unit < self->n_units, SAND_SUPPLY_SUPPLIED);

  if (self->rules->supply_all == NULL)
    return SAND_SUPPLY_SUPPLIED;
  if (!self->sup_cache_valid)
    {
      self->rules->supply_all (self, TRUE, self->sup_states);
      self->sup_cache_valid = TRUE;
    }
  return self->sup_states[unit];
}

void
sand_game_victory (SandGame    *self,
                   SandVictory *out)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (out != NULL);
  *out = (SandVictory) { 0 };
  if (self->rules->victory != NULL)
    self->rules->victory (self, out);
}

void
sand_game_victory_for (SandGame    *self,
                       int          side,
                       SandVictory *out)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (out != NULL);
  if (side < 0 || side >= self->n_sides || self->rules->victory_for == NULL)
    {
      sand_game_victory (self, out);
      return;
    }
  *out = (SandVictory) { 0 };
  self->rules->victory_for (self, side, out);
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
