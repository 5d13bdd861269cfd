/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-game-core.c: the shared rules core — dice, undo, the action log and
 * replay, refusals that change nothing, the movement field's generation
 * stamps, odds rounding, flank geometry and loss allocation. */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "sand-console.h"
#include "sand-dice.h"
#include "sand-game-private.h"

static SandConsole *
build (void)
{
  SandConsole *c = sand_console_new (NULL, 7);
  const char *lines[] = {
    "new fpw1870 20x20",
    "marker supply 1001 german name=S",
    "marker supply 1020 french name=rail-edge",
    "rail 1001 1002 1003 1004 1005 1006 1007 1008 1009 1010 1011 1012",
    "unit g1 german combat 0805 strength=6",
    "unit g2 german combat 0905 strength=5",
    "unit g3 german combat 1003 strength=6",
    "unit f1 french combat 0810 strength=8",
    "unit f2 french combat 0912 strength=5",
    NULL,
  };
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *a = sand_console_execute (c, lines[i]);
      g_assert_true (g_str_has_prefix (a, "{\"ok\":true"));
      if (i == 0)
        {
          /* Germany on rows 1-10, France below */
          GString *de = g_string_new ("country germany"), *fr = g_string_new ("country france");
          for (int col = 1; col <= 20; col++)
            for (int row = 1; row <= 20; row++)
              g_string_append_printf (row <= 10 ? de : fr, " %02d%02d", col, row);
          g_free (sand_console_execute (c, de->str));
          g_free (sand_console_execute (c, fr->str));
          g_string_free (de, TRUE);
          g_string_free (fr, TRUE);
        }
    }
  g_autofree char *a = sand_console_execute (c, "state");
  return c;
}

static int
hex (SandGame *game, const char *id)
{
  int h;
  g_assert_true (sand_grid_parse_id (sand_game_get_grid (game), id, &h));
  return h;
}

static void
dice_same_seed_same_rolls (void)
{
  SandDice a, b;
  sand_dice_init (&a, 99);
  sand_dice_init (&b, 99);
  for (int i = 0; i < 1000; i++)
    {
      int r = sand_dice_roll (&a, 6);
      g_assert_cmpint (r, ==, sand_dice_roll (&b, 6));
      g_assert_cmpint (r, >=, 1);
      g_assert_cmpint (r, <=, 6);
    }
}

static void
dice_forced_rolls_come_first (void)
{
  SandDice d;
  int forced[] = { 6, 1, 3 };
  sand_dice_init (&d, 1);
  g_assert_true (sand_dice_force (&d, forced, 3));
  g_assert_cmpint (sand_dice_roll (&d, 6), ==, 6);
  g_assert_cmpint (sand_dice_roll (&d, 6), ==, 1);
  g_assert_cmpint (sand_dice_roll (&d, 6), ==, 3);
}

static void
refused_action_changes_nothing (void)
{
  g_autoptr(SandConsole) c = build ();
  SandGame *game = sand_console_get_game (c);
  g_autoptr(GError) error = NULL;
  guint n = sand_game_n_units (game);
  g_autofree SandUnitState *before = g_memdup2 (game->units, sizeof (SandUnitState) * n);
  guint log = sand_game_log_length (game);
  int to = hex (game, "0810");

  g_assert_false (sand_game_move (game, 0, &to, 1, NULL, &error));
  g_assert_error (error, SAND_GAME_ERROR, SAND_GAME_ERROR_REFUSED);
  g_assert_cmpstr (sand_game_get_refusal_rule (game), ==, "Movement (I)");
  g_assert_cmpmem (before, sizeof (SandUnitState) * n, game->units, sizeof (SandUnitState) * n);
  g_assert_cmpuint (sand_game_log_length (game), ==, log);
  g_assert_false (sand_game_can_undo (game));
}

static void
undo_within_a_phase (void)
{
  g_autoptr(SandConsole) c = build ();
  SandGame *game = sand_console_get_game (c);
  g_autoptr(GError) error = NULL;
  int g1 = sand_game_find_unit (game, "g1");
  int path[] = { hex (game, "0806"), hex (game, "0807") };

  g_assert_true (sand_game_move (game, g1, path, 2, NULL, &error));
  g_assert_true (sand_game_entrain (game, sand_game_find_unit (game, "g3"), &error));
  g_assert_cmpint (sand_game_get_unit (game, g1)->hex, ==, path[1]);
  g_assert_true (sand_game_undo (game, &error));
  g_assert_false (sand_game_get_unit (game, sand_game_find_unit (game, "g3"))->flags
                  & SAND_UNIT_ENTRAINED);
  g_assert_true (sand_game_undo (game, &error));
  g_assert_cmpint (sand_game_get_unit (game, g1)->hex, ==, hex (game, "0805"));
  g_assert_cmpint (sand_game_get_unit (game, g1)->mp_spent, ==, 0);
  g_assert_cmpuint (sand_game_log_length (game), ==, 0);
  g_assert_false (sand_game_undo (game, &error));
  /* a new phase starts a new undo history */
  g_clear_error (&error);
  g_assert_true (sand_game_move (game, g1, path, 1, NULL, &error));
  g_assert_true (sand_game_end_phase (game, &error));
  g_assert_false (sand_game_can_undo (game));
}

static void
replaying_the_log_gives_the_same_state (void)
{
  g_autoptr(SandConsole) c = build ();
  const char *script[] = {
    "move g1 0806 0807 0808",
    "entrain g3",
    "move g3 1008",
    "end-phase",
    "roll 2",
    "attack 0810 g1",
    "end-phase",
    "move f2 0913 0914",
    "end-phase",
    "end-phase",
    NULL,
  };
  for (guint i = 0; script[i] != NULL; i++)
    {
      g_autofree char *a = sand_console_execute (c, script[i]);
      g_test_message ("%s -> %s", script[i], a);
    }
  SandGame *game = sand_console_get_game (c);
  g_autofree char *saved = sand_game_save_log (game);
  g_autoptr(GError) error = NULL;
  g_autoptr(SandGame) again = sand_game_load_log (sand_game_get_scenario (game), saved, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (game->units, sizeof (SandUnitState) * game->n_units, again->units,
                   sizeof (SandUnitState) * again->n_units);
  g_assert_cmpint (sand_game_get_turn (game), ==, sand_game_get_turn (again));
  g_assert_cmpint (sand_game_get_phase (game), ==, sand_game_get_phase (again));
  g_assert_cmpint (sand_game_points_lost (game, 0), ==, sand_game_points_lost (again, 0));
  g_autofree char *saved2 = sand_game_save_log (again);
  g_assert_cmpstr (saved, ==, saved2);
}

static void
reach_matches_after_many_queries (void)
{
  g_autoptr(SandConsole) c = build ();
  SandGame *game = sand_console_get_game (c);
  int g1 = sand_game_find_unit (game, "g1");
  g_autoptr(GArray) first = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) later = g_array_new (FALSE, FALSE, sizeof (int));

  sand_reach_hexes (sand_game_reach (game, g1, NULL), first);
  /* cross a stamp wrap-around on the way */
  game->reach.gen = G_MAXUINT32 - 5;
  for (int i = 0; i < 20; i++)
    sand_game_reach (game, i % 2 ? g1 : sand_game_find_unit (game, "g2"), NULL);
  const SandReach *r = sand_game_reach (game, g1, NULL);
  sand_reach_hexes (r, later);
  g_assert_cmpuint (first->len, ==, later->len);
  g_assert_cmpmem (first->data, first->len * sizeof (int), later->data, later->len * sizeof (int));
  /* a path's steps add up to its cost */
  int target = hex (game, "0808");
  g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (int));
  g_assert_true (sand_reach_path (r, target, path));
  g_assert_cmpint (g_array_index (path, int, path->len - 1), ==, target);
  int cost = sand_reach_cost (r, target);
  g_autoptr(GError) error = NULL;
  g_assert_true (sand_game_move (game, g1, (int *) (void *) path->data, path->len, NULL, &error));
  g_assert_cmpint (sand_game_get_unit (game, g1)->mp_spent, ==, cost);
}

static void
odds_rounded_for_the_defender (void)
{
  int a, d;
  sand_combat_round_odds (26 * 4, 9 * 4, &a, &d);
  g_assert_cmpint (a, ==, 2);
  g_assert_cmpint (d, ==, 1);
  sand_combat_round_odds (9 * 4, 26 * 4, &a, &d);
  g_assert_cmpint (a, ==, 1);
  g_assert_cmpint (d, ==, 3);
  sand_combat_round_odds (8, 8, &a, &d);
  g_assert_cmpint (a, ==, 1);
  g_assert_cmpint (d, ==, 1);
}

static void
flank_shapes (void)
{
  g_assert_true (sand_combat_flank_shape ((1u << 0) | (1u << 3)));
  g_assert_true (sand_combat_flank_shape ((1u << 1) | (1u << 3) | (1u << 5)));
  g_assert_true (sand_combat_flank_shape ((1u << 0) | (1u << 2) | (1u << 4)));
  g_assert_false (sand_combat_flank_shape ((1u << 0) | (1u << 1) | (1u << 2)));
  g_assert_false (sand_combat_flank_shape ((1u << 0) | (1u << 2)));
}

static void
losses_allocated_strongest_first_after_choices (void)
{
  g_autoptr(SandConsole) c = build ();
  SandGame *game = sand_console_get_game (c);
  int units[] = { sand_game_find_unit (game, "g1"), sand_game_find_unit (game, "g2") };
  g_autoptr(GArray) out = g_array_new (FALSE, FALSE, sizeof (SandLoss));

  sand_combat_allocate (game, units, 2, 3, NULL, 0, out);
  /* 6 and 5: 6→5, then 5/5 → the first, then the second */
  g_assert_cmpuint (out->len, ==, 2);
  g_assert_cmpint (g_array_index (out, SandLoss, 0).loss, ==, 2);
  g_assert_cmpint (g_array_index (out, SandLoss, 1).loss, ==, 1);
  g_array_set_size (out, 0);
  SandLoss chosen = { units[1], 3 };
  sand_combat_allocate (game, units, 2, 3, &chosen, 1, out);
  g_assert_cmpuint (out->len, ==, 1);
  g_assert_cmpint (g_array_index (out, SandLoss, 0).unit, ==, units[1]);
}

static void
markers_placed_in_play_are_undone_with_their_action (void)
{
  g_autoptr(SandConsole) c = build ();
  SandGame *game = sand_console_get_game (c);
  g_autoptr(GError) error = NULL;
  int h = hex (game, "0505");

  sand_game_begin_action (game);
  sand_game_add_marker (game, "barrage", h, 0, 1);
  static const SandActionSpec test_marker = { "test-marker", SAND_ACTION_MODULE };
  sand_game_commit_action (game, sand_action_new (&test_marker));
  g_assert_cmpint (sand_game_find_marker (game, "barrage", h), ==, 0);
  g_assert_cmpstr (sand_game_get_marker (game, 0)->kind, ==, "barrage");
  g_assert_true (sand_game_undo (game, &error));
  g_assert_cmpuint (sand_game_n_markers (game), ==, 0);
  g_assert_false (sand_game_perform_args (game, "frobnicate", NULL, NULL, &error));
  g_assert_error (error, SAND_GAME_ERROR, SAND_GAME_ERROR_UNKNOWN);
}

static void
retreat_hexes_move_away_and_avoid_enemy_control (void)
{
  g_autoptr(SandConsole) c = build ();
  SandGame *game = sand_console_get_game (c);
  g_autoptr(GArray) out = g_array_new (FALSE, FALSE, sizeof (int));
  /* f1 on 0810 retreats from the Germans coming down column 8 */
  sand_combat_retreat_hexes (game, sand_game_find_unit (game, "f1"), 2, out);
  g_assert_cmpuint (out->len, >, 0);
  for (guint i = 0; i < out->len; i++)
    g_assert_cmpint (sand_grid_distance (sand_game_get_grid (game), hex (game, "0810"),
                                         g_array_index (out, int, i)), ==, 2);
  /* g1 at 0805 is far from the French: every hex two away is open */
  g_array_set_size (out, 0);
  sand_combat_retreat_hexes (game, sand_game_find_unit (game, "g1"), 2, out);
  g_assert_cmpuint (out->len, ==, 12);
}

static void
attack_again_after_undo_rolls_the_same (void)
{
  g_autoptr(SandConsole) c = build ();
  SandGame *game = sand_console_get_game (c);
  g_autoptr(GError) error = NULL;
  int g1 = sand_game_find_unit (game, "g1");
  int path[] = { hex (game, "0806"), hex (game, "0807"), hex (game, "0808"), hex (game, "0809") };

  g_assert_true (sand_game_move (game, g1, path, 4, NULL, &error));
  g_assert_true (sand_game_end_phase (game, &error));
  SandAttackResult a, b;
  int target = hex (game, "0810");
  g_assert_true (sand_game_attack (game, target, &g1, 1, NULL, &a, &error));
  g_assert_true (sand_game_undo (game, &error));
  SandLoss none = { g1, 0 };
  SandAttackChoices ch = { .losses = &none, .n_losses = 1, .fort_loss = -1 };
  g_assert_true (sand_game_attack (game, target, &g1, 1, &ch, &b, &error));
  g_assert_cmpint (a.roll, ==, b.roll);
  g_assert_cmpstr (a.result, ==, b.result);
  /* the log shows the die the attack rolled */
  g_autofree char *tail = g_strdup_printf ("# rolled %d", b.roll);
  g_assert_true (g_str_has_suffix (sand_game_log_line (game, sand_game_log_length (game) - 1),
                                   tail));
  sand_attack_result_clear (&a);
  sand_attack_result_clear (&b);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/dice_same_seed_same_rolls", dice_same_seed_same_rolls);
  g_test_add_func ("/core/dice_forced_rolls_come_first", dice_forced_rolls_come_first);
  g_test_add_func ("/core/refused_action_changes_nothing", refused_action_changes_nothing);
  g_test_add_func ("/core/undo_within_a_phase", undo_within_a_phase);
  g_test_add_func ("/core/replaying_the_log_gives_the_same_state",
                   replaying_the_log_gives_the_same_state);
  g_test_add_func ("/core/reach_matches_after_many_queries", reach_matches_after_many_queries);
  g_test_add_func ("/core/odds_rounded_for_the_defender", odds_rounded_for_the_defender);
  g_test_add_func ("/core/flank_shapes", flank_shapes);
  g_test_add_func ("/core/losses_allocated_strongest_first_after_choices",
                   losses_allocated_strongest_first_after_choices);
  g_test_add_func ("/core/markers_placed_in_play_are_undone_with_their_action",
                   markers_placed_in_play_are_undone_with_their_action);
  g_test_add_func ("/core/retreat_hexes_move_away_and_avoid_enemy_control",
                   retreat_hexes_move_away_and_avoid_enemy_control);
  g_test_add_func ("/core/attack_again_after_undo_rolls_the_same",
                   attack_again_after_undo_rolls_the_same);
  return g_test_run ();
}
