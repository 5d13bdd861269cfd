/* SPDX-License-Identifier: GPL-3.0-or-later */
/* copy-check.c: a game's clone against its replay (copy-check.h). */
#include "config.h"

#include "copy-check.h"

#include <string.h>

#include "sand-action.h"
#include "sand-game-copy.h"

static void
digest_units (GString  *out,
              SandGame *game)
{
  int n_sides = (int) sand_ruleset_n_sides (sand_scenario_get_ruleset (
                                              sand_game_get_scenario (game)));
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (guint i = 0; i < sand_game_n_units (game); i++)
    {
      const SandUnitState *u = sand_game_get_unit (game, (int) i);
      g_string_append_printf (out, "unit %u hex %d st %u sup %u known %u side %u flags %x "
                              "str %d mp %d rail %d arr %d@%d aux %d,%d alias %d seen %d "
                              "unseen %d", i, u->hex, u->status, u->supply, u->known, u->side,
                              u->flags, u->strength, u->mp_spent, u->rail_credit,
                              u->arrive_turn, u->arrive_hex, u->aux[0], u->aux[1], u->alias,
                              u->seen_strength, u->unseen_loss);
      if (u->status != SAND_UNIT_ON_MAP)
        {
          g_string_append_c (out, '\n');
          continue;
        }
      g_string_append_printf (out, " supply-now %d mp-left %d",
                              sand_game_unit_supply (game, (int) i),
                              sand_game_unit_mp_left (game, (int) i));
      for (int v = 0; v < n_sides; v++)
        {
          g_autofree char *name = sand_game_unit_name_for (game, (int) i, v);
          g_string_append_printf (out, " [%d: %s %d %d %s]", v, name,
                                  sand_game_unit_visible (game, (int) i, v),
                                  sand_game_unit_strength_for (game, (int) i, v),
                                  sand_game_unit_formation_for (game, (int) i, v) ?: "-");
        }
      g_ptr_array_set_size (names, 0);
      sand_game_unit_rule_flags (game, (int) i, names);
      for (guint k = 0; k < names->len; k++)
        g_string_append_printf (out, " %s", (const char *) g_ptr_array_index (names, k));
      g_string_append_c (out, '\n');
    }
}

static void
digest_map (GString  *out,
            SandGame *game,
            int       n_sides)
{
  int n_hexes = sand_grid_n_hexes (sand_game_get_grid (game));

  for (guint i = 0; i < sand_game_n_markers (game); i++)
    {
      const SandGameMarker *m = sand_game_get_marker (game, i);
      g_string_append_printf (out, "marker %s %d %d %d\n", m->kind, m->hex, m->side, m->value);
    }
  for (int h = 0; h < n_hexes; h++)
    {
      guint bits = 0;
      for (int s = 0; s < n_sides; s++)
        bits |= (sand_game_hex_controlled (game, s, h) << (4 * s))
          | (sand_game_hex_interdicted (game, s, h) << (4 * s + 1))
          | (sand_game_rail_cut (game, s, h) << (4 * s + 2))
          | (sand_game_rail_secured (game, s, h) << (4 * s + 3));
      int fort = sand_game_fort_strength (game, h);
      if (bits != 0 || fort >= 0)
        g_string_append_printf (out, "hex %d %x %d\n", h, bits, fort);
    }
}

char *
copy_check_digest (SandGame *game,
                   gboolean  with_log)
{
  GString *out = g_string_new (NULL);
  int n_sides = (int) sand_ruleset_n_sides (sand_scenario_get_ruleset (
                                              sand_game_get_scenario (game)));

  if (with_log)
    {
      g_autofree char *log = sand_game_save_log (game);
      g_string_append (out, log);
      for (guint i = 0; i < sand_game_log_length (game); i++)
        for (int s = 0; s < n_sides; s++)
          g_string_append_printf (out, "%d: %s\n", s,
                                  sand_game_log_line_for (game, i, s) ?: "(hidden)");
    }
  g_string_append_printf (out, "clock %d %d %d %s over %d seg %d motion %d setup %d undo %d\n",
                          sand_game_get_turn (game), sand_game_get_side (game),
                          sand_game_get_phase (game), sand_game_get_phase_id (game),
                          sand_game_is_over (game), sand_game_get_segment (game),
                          sand_game_unit_in_motion (game), sand_game_setup_side (game),
                          sand_game_can_undo (game));
  digest_units (out, game);
  digest_map (out, game, n_sides);
  SandVictory v;
  sand_game_victory (game, &v);
  g_string_append_printf (out, "victory %d %s\n", v.net, v.level ?: "-");
  for (int s = 0; s < n_sides; s++)
    {
      sand_game_victory_for (game, s, &v);
      g_string_append_printf (out, "victory-for %d %d %d %d lost %d\n", s, v.points[0],
                              v.points[1], v.net, sand_game_points_lost (game, s));
    }

  g_autoptr(GArray) offers = g_array_new (FALSE, FALSE, sizeof (SandOffer));
  for (int u = -1; u < (int) sand_game_n_units (game); u++)
    {
      if (u >= 0 && sand_game_get_unit (game, u)->status != SAND_UNIT_ON_MAP)
        continue;
      g_array_set_size (offers, 0);
      sand_game_offered_actions (game, u, offers);
      if (offers->len == 0)
        continue;
      g_string_append_printf (out, "offers %d:", u);
      for (guint k = 0; k < offers->len; k++)
        g_string_append_printf (out, " %s", g_array_index (offers, SandOffer, k).spec->name);
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

static void
assert_same (SandGame   *a,
             SandGame   *b,
             gboolean    with_log,
             const char *where)
{
  g_autofree char *da = copy_check_digest (a, with_log);
  g_autofree char *db = copy_check_digest (b, with_log);
  if (strcmp (da, db) != 0)
    {
      /* the first line that differs says more than two whole digests */
      g_auto(GStrv) la = g_strsplit (da, "\n", -1), lb = g_strsplit (db, "\n", -1);
      guint i = 0;
      while (la[i] != NULL && lb[i] != NULL && strcmp (la[i], lb[i]) == 0)
        i++;
      g_error ("%s: the games differ at digest line %u:\n  %s\n  %s", where, i,
               la[i] ?: "(end)", lb[i] ?: "(end)");
    }
}

/* One player's turn at the game as it stands: the set-up, or the phase's
 * actions (not its end), drawn from a seed the position gives. */
static void
play_phase (SandGame   *game,
            SandAiLevel level,
            guint64     seed)
{
  g_autoptr(GError) error = NULL;
  SandAiOptions o;
  sand_ai_options_init (&o);
  o.level = level;
  o.seed = seed * 7919 + sand_game_log_length (game);
  gboolean ok = sand_game_setup_side (game) >= 0
    ? sand_ai_set_up (game, &o, NULL, NULL, &error)
    : sand_ai_play_phase (game, &o, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (ok);
}

static void
end_phase (SandGame *game)
{
  g_autoptr(GError) error = NULL;
  if (sand_game_setup_side (game) < 0 && !sand_game_is_over (game))
    g_assert_true (sand_ai_end_phase (game, &error));
  g_assert_no_error (error);
}

static SandGame *
replay (SandGame *game)
{
  g_autoptr(GError) error = NULL;
  SandGame *r = sand_game_copy_replay (game, &error);
  g_assert_no_error (error);
  g_assert_nonnull (r);
  return r;
}

gboolean
copy_check_met (const CopyCheckStats *stats,
                const char           *word)
{
  g_autofree char *w = g_strdup_printf (" %s ", word);
  return strstr (stats->words, w) != NULL;
}

static void
note_word (CopyCheckStats *stats,
           const char     *word,
           gsize           len)
{
  g_autofree char *w = g_strdup_printf (" %.*s ", (int) len, word);
  if (strstr (stats->words, w) == NULL
      && strlen (stats->words) + strlen (w) < sizeof stats->words)
    {
      if (stats->words[0] != '\0')
        stats->words[strlen (stats->words) - 1] = '\0';
      g_strlcat (stats->words, w, sizeof stats->words);
    }
}

static void
note_words (SandGame       *game,
            CopyCheckStats *stats)
{
  for (guint i = 0; i < sand_game_log_length (game); i++)
    {
      const char *line = sand_game_log_line (game, i);
      note_word (stats, line, strcspn (line, " "));
    }
  for (guint i = 0; i < sand_game_n_markers (game); i++)
    {
      const char *kind = sand_game_get_marker (game, i)->kind;
      note_word (stats, kind, strlen (kind));
    }
}

/* Undo on a clone as on the replay, step by step back through the phase. */
static void
check_undo_walk (SandGame       *game,
                 CopyCheckStats *stats)
{
  g_autoptr(SandGame) c = sand_game_clone (game);
  g_autoptr(SandGame) r = replay (game);
  while (sand_game_can_undo (c))
    {
      g_assert_true (sand_game_can_undo (r));
      g_assert_true (sand_game_undo (c, NULL));
      g_assert_true (sand_game_undo (r, NULL));
      assert_same (c, r, TRUE, "undo walk");
      stats->undo_steps++;
    }
  g_assert_false (sand_game_can_undo (r));
}

/* An attack of this phase rolled again and left waiting: neither copy has
 * it, and settling it gives what the copies' own attack gives. */
static void
check_pending (SandGame       *game,
               CopyCheckStats *stats)
{
  g_autoptr(SandGame) g = sand_game_clone (game);
  const char *line = NULL;
  while (sand_game_can_undo (g))
    {
      g_assert_true (sand_game_undo (g, NULL));
      line = sand_game_log_line (game, sand_game_log_length (g));
      if (g_str_has_prefix (line, "attack "))
        break;
      line = NULL;
    }
  if (line == NULL)
    return;
  g_autoptr(SandAction) a = sand_game_parse_line (g, line, NULL);
  g_assert_nonnull (a);
  const int *units = (const int *) (void *) a->units->data;
  guint n = a->units->len;
  const SandPendingAttack *p = NULL;
  if (!sand_game_attack_roll (g, a->hex, units, n, NULL, &p, NULL))
    return;
  g_autoptr(SandGame) c = sand_game_clone (g);
  g_autoptr(SandGame) r = replay (g);
  assert_same (c, r, TRUE, "an attack waiting");
  g_assert_nonnull (sand_game_get_pending_attack (g));
  g_assert_null (sand_game_get_pending_attack (c));
  stats->pending++;

  SandAttackChoices ch = { .fort_loss = -1 };
  SandAttackResult res = { 0 };
  g_assert_true (sand_game_attack_settle (g, &ch, &res, NULL));
  sand_attack_result_clear (&res);
  g_assert_true (sand_game_attack (c, a->hex, units, n, &ch, &res, NULL));
  sand_attack_result_clear (&res);
  g_assert_true (sand_game_attack (r, a->hex, units, n, &ch, &res, NULL));
  sand_attack_result_clear (&res);
  assert_same (c, r, TRUE, "the attack made on both copies");
  assert_same (g, c, FALSE, "the waiting attack settled");
}

/* Appends to @lines every line of @spec for @unit made of its required
 * fields: the unit, a hex next to it (or its own), a number (1, or the
 * unit's strength), each of the spec's words. */
static void
unit_action_lines (SandGame             *game,
                   const SandActionSpec *spec,
                   int                   unit,
                   GPtrArray            *lines)
{
  g_autoptr(GPtrArray) partial = g_ptr_array_new_with_free_func (g_free);
  const SandUnitState *st = sand_game_get_unit (game, unit);
  const SandGrid *grid = sand_game_get_grid (game);

  g_ptr_array_add (partial, g_strdup (spec->name));
  for (guint f = 0; f < G_N_ELEMENTS (spec->fields) && spec->fields[f].kind != SAND_FIELD_END
       && !spec->fields[f].optional; f++)
    {
      g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func (g_free);
      switch (spec->fields[f].kind)
        {
        case SAND_FIELD_UNIT:
          g_ptr_array_add (values, g_strdup (sand_game_get_counter (game, unit)->id));
          break;
        case SAND_FIELD_HEX:
          for (int d = -1; d < SAND_N_DIRS; d++)
            {
              int h = d < 0 ? st->hex : sand_grid_neighbour (grid, st->hex, d);
              char id[SAND_HEX_ID_MAX];
              if (h == SAND_HEX_NONE)
                continue;
              sand_grid_format_id (grid, h, id);
              g_ptr_array_add (values, g_strdup (id));
            }
          break;
        case SAND_FIELD_NUMBER:
          g_ptr_array_add (values, g_strdup ("1"));
          g_ptr_array_add (values, g_strdup_printf ("%d", st->strength));
          break;
        case SAND_FIELD_WORD:
          for (guint w = 0; spec->words != NULL && spec->words[w] != NULL; w++)
            g_ptr_array_add (values, g_strdup (spec->words[w]));
          break;
        default:
          return;
        }
      g_autoptr(GPtrArray) next = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < partial->len; i++)
        for (guint v = 0; v < values->len; v++)
          g_ptr_array_add (next, g_strdup_printf ("%s %s", (char *) g_ptr_array_index (partial, i),
                                                  (char *) g_ptr_array_index (values, v)));
      g_ptr_array_unref (partial);
      partial = g_steal_pointer (&next);
    }
  for (guint i = 0; i < partial->len; i++)
    g_ptr_array_add (lines, g_strdup (g_ptr_array_index (partial, i)));
}

/* The module's own actions that name a unit (FPW's formation, hasty
 * attacks, challenges, dummies; LFAF's rally…), tried on a copy for the
 * side to move's first units, whether a player offers them or not: each
 * one accepted is a state the players may not have reached, and the
 * copies must agree on it and on its undo. */
static void
check_unit_actions (SandGame       *game,
                    CopyCheckStats *stats)
{
  g_autoptr(SandGame) g = sand_game_clone (game);
  g_autoptr(GPtrArray) specs = g_ptr_array_new ();
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  int side = sand_game_get_side (game);
  guint tried = 0, applied = 0;

  sand_game_list_actions (g, specs);
  for (guint u = 0; u < sand_game_n_units (g) && tried < 8; u++)
    {
      const SandUnitState *st = sand_game_get_unit (g, (int) u);
      if (st->status != SAND_UNIT_ON_MAP || (int) st->side != side)
        continue;
      tried++;
      for (guint k = 0; k < specs->len; k++)
        {
          const SandActionSpec *spec = g_ptr_array_index (specs, k);
          if (spec->kind != SAND_ACTION_MODULE || (spec->flags & SAND_ACTION_QUERY))
            continue;
          gboolean names_unit = FALSE;
          for (guint f = 0; f < G_N_ELEMENTS (spec->fields); f++)
            names_unit |= spec->fields[f].kind == SAND_FIELD_UNIT;
          if (!names_unit)
            continue;
          g_ptr_array_set_size (lines, 0);
          unit_action_lines (g, spec, (int) u, lines);
          for (guint i = 0; i < lines->len; i++)
            if (sand_game_perform (g, g_ptr_array_index (lines, i), NULL))
              {
                note_word (stats, spec->name, strlen (spec->name));
                applied++;
                break;
              }
        }
    }
  if (applied == 0)
    return;
  g_autoptr(SandGame) c = sand_game_clone (g);
  g_autoptr(SandGame) r = replay (g);
  assert_same (c, r, TRUE, "the module's unit actions");
  check_undo_walk (g, stats);
}

static void
play_to_end (SandGame   *game,
             SandAiLevel level,
             guint64     seed)
{
  for (guint k = 0; k < 2000 && !sand_game_is_over (game); k++)
    {
      play_phase (game, level, seed);
      end_phase (game);
    }
  g_assert_true (sand_game_is_over (game));
}

static void
check_point (SandGame       *game,
             SandAiLevel     level,
             guint64         seed,
             guint           to_end_every,
             CopyCheckStats *stats)
{
  g_autofree char *d0 = copy_check_digest (game, TRUE);
  g_autoptr(SandGame) c = sand_game_clone (game);
  g_assert_nonnull (c);
  g_autoptr(SandGame) r = replay (game);
  assert_same (c, r, TRUE, "clone and replay");
  g_autofree char *dc = copy_check_digest (c, TRUE);
  g_assert_cmpstr (d0, ==, dc);

  stats->points++;
  int side = sand_game_get_side (game);
  if (sand_game_setup_side (game) >= 0)
    stats->set_up++;
  if (sand_game_n_markers (game) > 0)
    stats->markers++;
  note_words (game, stats);
  for (guint u = 0; u < sand_game_n_units (game); u++)
    if (sand_game_get_unit (game, (int) u)->status == SAND_UNIT_ON_MAP
        && !sand_game_unit_visible (game, (int) u, side))
      {
        stats->hidden++;
        break;
      }

  check_undo_walk (game, stats);
  check_pending (game, stats);
  check_unit_actions (game, stats);

  /* Both play on alike; neither touches the game they came from. */
  if (!sand_game_is_over (c))
    {
      play_phase (c, level, seed);
      play_phase (r, level, seed);
      end_phase (c);
      end_phase (r);
      assert_same (c, r, TRUE, "played on");
      stats->played_on++;
    }
  if (to_end_every > 0 && stats->points % to_end_every == 0 && !sand_game_is_over (c))
    {
      play_to_end (c, level, seed);
      play_to_end (r, level, seed);
      assert_same (c, r, TRUE, "played to the end");
      SandAiOutcome oc, orr;
      sand_ai_outcome (c, &oc);
      sand_ai_outcome (r, &orr);
      g_assert_cmpint (oc.winner, ==, orr.winner);
      g_assert_cmpint (oc.victory.net, ==, orr.victory.net);
      stats->to_the_end++;
    }
  g_autofree char *d1 = copy_check_digest (game, TRUE);
  g_assert_cmpstr (d0, ==, d1);
}

void
copy_check_game (SandScenario   *scenario,
                 guint64         seed,
                 SandAiLevel     level,
                 guint           max_phases,
                 guint           to_end_every,
                 CopyCheckStats *stats)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SandGame) game = sand_game_new (scenario, NULL, seed, &error);
  g_assert_no_error (error);

  /* A clone kept while its game plays on: the game's play never reaches it. */
  g_autoptr(SandGame) kept = sand_game_clone (game);
  g_autofree char *kept_digest = copy_check_digest (kept, TRUE);

  for (guint k = 0; k < max_phases && !sand_game_is_over (game); k++)
    {
      check_point (game, level, seed, to_end_every, stats);
      play_phase (game, level, seed);
      if (sand_game_setup_side (game) < 0 && !sand_game_is_over (game))
        {
          check_point (game, level, seed, to_end_every, stats);
          end_phase (game);
        }
      g_autofree char *d = copy_check_digest (kept, TRUE);
      g_assert_cmpstr (d, ==, kept_digest);
      if (k % 4 == 3)
        {
          /* and the kept one's play never reaches the game */
          g_autofree char *before = copy_check_digest (game, TRUE);
          play_phase (kept, level, seed + 1);
          end_phase (kept);
          g_autofree char *after = copy_check_digest (game, TRUE);
          g_assert_cmpstr (before, ==, after);
          g_clear_pointer (&kept, sand_game_free);
          kept = sand_game_clone (game);
          g_free (kept_digest);
          kept_digest = copy_check_digest (kept, TRUE);
        }
    }
}
