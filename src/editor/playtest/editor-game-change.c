/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What changed in a game: the boxed EditorGameChange, and the snapshots
 * the game model compares to find it (editor-game-change.h). */
#include "config.h"

#include "sand-scenario.h"
#include "editor-game-change.h"

/* EditorGameChange */

EditorGameChange *
editor_game_change_copy (const EditorGameChange *change)
{
  EditorGameChange *copy = g_new0 (EditorGameChange, 1);

  copy->flags = change->flags;
  copy->log_from = change->log_from;
  copy->units = g_array_copy (change->units);
  copy->hexes = g_array_copy (change->hexes);
  return copy;
}

void
editor_game_change_free (EditorGameChange *change)
{
  if (change == NULL)
    return;
  g_clear_pointer (&change->units, g_array_unref);
  g_clear_pointer (&change->hexes, g_array_unref);
  g_free (change);
}

G_DEFINE_BOXED_TYPE (EditorGameChange, editor_game_change, editor_game_change_copy,
                     editor_game_change_free)

static gboolean
sorted_has (GArray *array,
            int     value)
{
  guint lo = 0, hi = array != NULL ? array->len : 0;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      int v = g_array_index (array, int, mid);

      if (v == value)
        return TRUE;
      if (v < value)
        lo = mid + 1;
      else
        hi = mid;
    }
  return FALSE;
}

gboolean
editor_game_change_has_unit (const EditorGameChange *change,
                             int                     unit)
{
  g_return_val_if_fail (change != NULL, FALSE);
  return sorted_has (change->units, unit);
}

gboolean
editor_game_change_has_hex (const EditorGameChange *change,
                            int                     hex)
{
  g_return_val_if_fail (change != NULL, FALSE);
  return sorted_has (change->hexes, hex);
}

/* Comparing the game before and after */

void
editor_game_snapshot_init (EditorGameSnapshot *s)
{
  s->units = g_array_new (FALSE, FALSE, sizeof (SandUnitState));
  s->states = g_ptr_array_new ();
  s->markers = g_array_new (FALSE, FALSE, sizeof (SandGameMarker));
  s->forts = g_array_new (FALSE, FALSE, sizeof (int));
}

void
editor_game_snapshot_clear (EditorGameSnapshot *s)
{
  g_clear_pointer (&s->units, g_array_unref);
  g_clear_pointer (&s->states, g_ptr_array_unref);
  g_clear_pointer (&s->markers, g_array_unref);
  g_clear_pointer (&s->forts, g_array_unref);
}

void
editor_game_snapshot_take (EditorGameSnapshot *s,
                           SandGame           *game)
{
  SandMap *map;

  g_array_set_size (s->units, 0);
  g_ptr_array_set_size (s->states, 0);
  g_array_set_size (s->markers, 0);
  g_array_set_size (s->forts, 0);
  s->has_game = game != NULL;
  if (game == NULL)
    return;
  for (guint u = 0; u < sand_game_n_units (game); u++)
    {
      g_array_append_vals (s->units, sand_game_get_unit (game, u), 1);
      sand_game_unit_rule_flags (game, u, s->states);
      g_ptr_array_add (s->states, NULL);
    }
  for (guint i = 0; i < sand_game_n_markers (game); i++)
    g_array_append_vals (s->markers, sand_game_get_marker (game, i), 1);
  map = sand_scenario_get_map (sand_game_get_scenario (game));
  for (guint i = 0; i < sand_map_n_markers (map); i++)
    {
      const SandMarker *m = sand_map_get_marker (map, i);
      int strength;

      if (m->kind != SAND_MARKER_FORT)
        continue;
      strength = sand_game_fort_strength (game, m->hex);
      g_array_append_val (s->forts, strength);
    }
  s->turn = sand_game_get_turn (game);
  s->side = sand_game_get_side (game);
  s->phase = sand_game_get_phase (game);
  s->segment = sand_game_get_segment (game);
  s->setup_side = sand_game_setup_side (game);
  s->over = sand_game_is_over (game);
  s->pending = sand_game_get_pending_attack (game);
  s->log_length = sand_game_log_length (game);
}

static gboolean
unit_states_equal (const SandUnitState *a,
                   const SandUnitState *b)
{
  return a->hex == b->hex && a->status == b->status && a->supply == b->supply &&
         a->known == b->known && a->side == b->side && a->flags == b->flags &&
         a->strength == b->strength && a->mp_spent == b->mp_spent &&
         a->rail_credit == b->rail_credit && a->arrive_turn == b->arrive_turn &&
         a->arrive_hex == b->arrive_hex && a->aux[0] == b->aux[0] && a->aux[1] == b->aux[1] &&
         a->alias == b->alias && a->seen_strength == b->seen_strength &&
         a->unseen_loss == b->unseen_loss;
}

static gboolean
markers_equal (const SandGameMarker *a,
               const SandGameMarker *b)
{
  return g_strcmp0 (a->kind, b->kind) == 0 && a->hex == b->hex && a->side == b->side &&
         a->value == b->value;
}

static void
add_hex (GArray *hexes,
         int     hex)
{
  if (hex >= 0)
    g_array_append_val (hexes, hex);
}

static int
compare_ints (gconstpointer a,
              gconstpointer b)
{
  int x = *(const int *) a, y = *(const int *) b;

  return (x > y) - (x < y);
}

static void
sort_unique (GArray *array)
{
  guint kept = 0;

  g_array_sort (array, compare_ints);
  for (guint i = 0; i < array->len; i++)
    if (kept == 0 || g_array_index (array, int, i) != g_array_index (array, int, kept - 1))
      g_array_index (array, int, kept++) = g_array_index (array, int, i);
  g_array_set_size (array, kept);
}

/* Whether the games before and after are the same play of the same
 * counters, so that their units and markers compare one by one. */
static gboolean
comparable (const EditorGameSnapshot *b,
            const EditorGameSnapshot *a)
{
  return b->has_game && a->has_game && b->units->len == a->units->len;
}

static void
compare_units (const EditorGameSnapshot *b,
               const EditorGameSnapshot *a,
               EditorGameChange         *change)
{
  guint sb = 0, sa = 0;

  for (guint u = 0; u < a->units->len; u++)
    {
      const SandUnitState *x = &g_array_index (b->units, SandUnitState, u);
      const SandUnitState *y = &g_array_index (a->units, SandUnitState, u);
      gboolean same = unit_states_equal (x, y);

      /* The rules module's states (static strings): the same ones in the
       * same order, or the badges change. */
      for (; g_ptr_array_index (b->states, sb) != NULL; sb++, sa++)
        same &= g_ptr_array_index (a->states, sa) == g_ptr_array_index (b->states, sb);
      same &= g_ptr_array_index (a->states, sa) == NULL;
      while (g_ptr_array_index (a->states, sa) != NULL)
        sa++;
      sb++, sa++;
      if (same)
        continue;
      g_array_append_val (change->units, u);
      if (x->status == SAND_UNIT_ON_MAP)
        add_hex (change->hexes, x->hex);
      if (y->status == SAND_UNIT_ON_MAP)
        add_hex (change->hexes, y->hex);
    }
}

static void
compare_markers (const EditorGameSnapshot *b,
                 const EditorGameSnapshot *a,
                 SandGame                 *game,
                 EditorGameChange         *change)
{
  guint n = MAX (b->markers->len, a->markers->len);
  SandMap *map;
  guint fort = 0;

  /* Markers are appended in play: one taken away shifts the rest, whose
   * hexes then count as changed too, which only redraws a little more. */
  for (guint i = 0; i < n; i++)
    {
      const SandGameMarker *x = i < b->markers->len
                                ? &g_array_index (b->markers, SandGameMarker, i) : NULL;
      const SandGameMarker *y = i < a->markers->len
                                ? &g_array_index (a->markers, SandGameMarker, i) : NULL;

      if (x != NULL && y != NULL && markers_equal (x, y))
        continue;
      if (x != NULL)
        add_hex (change->hexes, x->hex);
      if (y != NULL)
        add_hex (change->hexes, y->hex);
    }
  map = sand_scenario_get_map (sand_game_get_scenario (game));
  for (guint i = 0; i < sand_map_n_markers (map); i++)
    {
      const SandMarker *m = sand_map_get_marker (map, i);

      if (m->kind != SAND_MARKER_FORT)
        continue;
      if (fort < b->forts->len && fort < a->forts->len &&
          g_array_index (b->forts, int, fort) != g_array_index (a->forts, int, fort))
        add_hex (change->hexes, m->hex);
      fort++;
    }
}

/* Everything of @game, for a game that does not compare with the last. */
static void
everything (SandGame         *game,
            EditorGameChange *change)
{
  change->flags |= EDITOR_GAME_CHANGE_UNITS | EDITOR_GAME_CHANGE_HEXES |
                   EDITOR_GAME_CHANGE_CLOCK | EDITOR_GAME_CHANGE_LOG;
  change->log_from = 0;
  if (game == NULL)
    return;
  for (int u = 0; u < (int) sand_game_n_units (game); u++)
    g_array_append_val (change->units, u);
  for (int h = 0; h < sand_grid_n_hexes (sand_game_get_grid (game)); h++)
    g_array_append_val (change->hexes, h);
}

void
editor_game_change_compare (EditorGameChange         *change,
                            const EditorGameSnapshot *b,
                            const EditorGameSnapshot *a,
                            SandGame                 *game)
{
  if (!comparable (b, a))
    {
      everything (game, change);
      return;
    }
  compare_units (b, a, change);
  compare_markers (b, a, game, change);
  sort_unique (change->units);
  sort_unique (change->hexes);
  if (change->units->len > 0)
    change->flags |= EDITOR_GAME_CHANGE_UNITS;
  if (change->hexes->len > 0)
    change->flags |= EDITOR_GAME_CHANGE_HEXES;
  if (b->turn != a->turn || b->side != a->side || b->phase != a->phase ||
      b->segment != a->segment || b->setup_side != a->setup_side || b->over != a->over ||
      b->pending != a->pending)
    change->flags |= EDITOR_GAME_CHANGE_CLOCK;
  if (b->log_length != a->log_length)
    {
      change->flags |= EDITOR_GAME_CHANGE_LOG;
      change->log_from = MIN (change->log_from, MIN (b->log_length, a->log_length));
    }
}
