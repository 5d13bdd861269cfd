/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Standard Game's actions played through the playtest's buttons, as a
 * designer plays them: on fpw1870-variable-oob.xml a probe move and then a
 * hasty attack on a dummy, picked on the canvas; a refused formation change
 * leaves the game as it was and says why; a revealed dummy returns in its
 * side's Reinforcement Phase; a unit in motion is done with; a
 * reinforcement is withheld. Every button
 * is checked visible and sensitive before it is pressed: the panel offers
 * only what the game allows now. */
#include "config.h"

#include <glib/gstdio.h>

#include "editor-playtest.h"
#include "editor-playtest-bar.h"
#include "editor-fpw-unit-actions.h"
#include "editor-unit-card.h"
#include "editor-game-sentence.h"
#include "ui-test-lib.h"

/* The FPW section of the unit card. */
static EditorFpwUnitActions *
fpw_section (EditorUnitCard *card)
{
  return EDITOR_FPW_UNIT_ACTIONS (editor_unit_card_get_section (card));
}

static EditorUnitCard *
unit_actions (EditorPlaytest *playtest)
{
  return EDITOR_UNIT_CARD (editor_playtest_get_unit_actions (playtest));
}

/* Clicks an action's button, once it is offered. */
static void
press (EditorPlaytest *playtest,
       const char     *action)
{
  GtkWidget *button = editor_unit_card_get_button (unit_actions (playtest), action);

  flush_events ();
  g_assert_nonnull (button);
  if (!gtk_widget_get_visible (button) || !gtk_widget_is_sensitive (button) ||
      !gtk_widget_get_mapped (button))
    g_error ("the %s button is not offered", action);
  g_signal_emit_by_name (button, "clicked");
  flush_events ();
}

static gboolean
offered (EditorPlaytest *playtest,
         const char     *action)
{
  GtkWidget *button = editor_unit_card_get_button (unit_actions (playtest), action);

  flush_events ();
  return gtk_widget_get_mapped (button) && gtk_widget_is_sensitive (button);
}

static gboolean
only_enemy_dummies_on (SandGame *game,
                       int       hex,
                       int       side)
{
  g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (int));

  sand_game_units_at (game, hex, units);
  if (units->len == 0 || sand_game_fort_strength (game, hex) > 0)
    return FALSE;
  for (guint i = 0; i < units->len; i++)
    {
      const SandUnitState *st = sand_game_get_unit (game, g_array_index (units, int, i));

      if (st->side == side || !(st->flags & SAND_UNIT_DUMMY))
        return FALSE;
    }
  return TRUE;
}

/* A unit of the side to move that can probe into an empty hex next to a
 * hex held only by enemy dummies (the umpire's view: the test knows). */
static gboolean
find_probe (SandGame *game,
            int      *unit,
            int      *target,
            int      *dummy_hex)
{
  const SandGrid *grid = sand_game_get_grid (game);
  int side = sand_game_get_side (game);
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) here = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint u = 0; u < sand_game_n_units (game); u++)
    {
      const SandUnitState *st = sand_game_get_unit (game, u);
      const SandReach *reach;

      if (st->status != SAND_UNIT_ON_MAP || st->side != side || (st->flags & SAND_UNIT_DUMMY) ||
          (st->flags & SAND_UNIT_ENTRAINED) || st->strength < 2)
        continue;
      reach = sand_game_probe_reach (game, u, NULL);
      if (reach == NULL)
        continue;
      g_array_set_size (hexes, 0);
      sand_reach_hexes (reach, hexes);
      for (guint i = 0; i < hexes->len; i++)
        {
          int h = g_array_index (hexes, int, i);

          g_array_set_size (here, 0);
          sand_game_units_at (game, h, here);
          if (here->len > 0)
            continue;
          for (int d = 0; d < 6; d++)
            {
              int nb = sand_grid_neighbour (grid, h, d);

              if (nb >= 0 && only_enemy_dummies_on (game, nb, side))
                {
                  *unit = u;
                  *target = h;
                  *dummy_hex = nb;
                  return TRUE;
                }
            }
        }
    }
  return FALSE;
}

/* Starts fpw1870-variable-oob.xml with the first seed whose die roll puts
 * a probe on a dummy within reach in the first German Movement Phase. */
static guint64
start_with_probe (EditorPlaytest *playtest,
                  int            *unit,
                  int            *target,
                  int            *dummy_hex)
{

  for (guint64 seed = 1; seed < 200; seed++)
    {
      start_playtest (playtest, seed);
      /* While a side sets up, the card offers the set-up, not the phase. */
      finish_setup (playtest);
      if (find_probe (editor_playtest_get_game (playtest), unit, target, dummy_hex))
        return seed;
    }
  g_assert_not_reached ();
  return 0;
}

/* Probe move, then a hasty attack on a dummy (Standard Game Sequence of
 * Play (1)-(3), Hasty Attacks (N)-(P)), through the buttons. */
static void
test_probe_then_hasty_attack_on_dummy (void)
{
  EditorPlaytest *playtest;
  EditorWindow *window = open_shipped ("fpw1870-variable-oob.xml", 0, 0, &playtest);
  EditorUnitCard *actions = unit_actions (playtest);
  g_autoptr(GArray) dummies = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree char *line = NULL;
  g_autofree char *dummy_id = NULL;
  SandGame *game;
  const SandUnitState *st;
  int unit = -1, target = -1, dummy_hex = -1, side;
  guint64 seed;

  seed = start_with_probe (playtest, &unit, &target, &dummy_hex);
  game = editor_playtest_get_game (playtest);
  side = sand_game_get_side (game);
  g_test_message ("seed %" G_GUINT64_FORMAT ": %s probes to %d next to dummies on %d", seed,
                  sand_game_get_counter (game, unit)->id, target, dummy_hex);
  sand_game_units_at (game, dummy_hex, dummies);
  dummy_id = g_strdup (sand_game_get_counter (game, g_array_index (dummies, int, 0))->id);

  /* Select, switch to probing, click the hex. */
  click_hex (window, sand_game_get_unit (game, unit)->hex);
  g_assert_cmpint (editor_playtest_get_selected (playtest), ==, unit);
  /* The card offers what the engine offers, no more. */
  g_assert_cmpint (offered (playtest, "done"), ==, sand_game_offers (game, "done", unit));
  press (playtest, "probe");
  g_assert_true (editor_playtest_get_probe (playtest));
  click_hex (window, target);
  st = sand_game_get_unit (game, unit);
  g_assert_cmpint (st->hex, ==, target);
  line = g_strdup (sand_game_log_line (game, sand_game_log_length (game) - 1));
  g_test_message ("log: %s", line);
  g_assert_true (g_str_has_prefix (line, "move "));
  g_assert_true (g_str_has_suffix (line, " probe"));
  g_assert_true (st->flags & SAND_UNIT_MUST_PROBE);
  /* The turn bar names the segment and the unit in motion. */
  g_test_message ("bar: %s / %s", editor_playtest_bar_get_title (turn_bar (window)),
                  editor_playtest_bar_get_segment (turn_bar (window)));
  g_assert_cmpint (sand_game_unit_in_motion (game), ==, unit);
  g_assert_nonnull (strstr (editor_playtest_bar_get_segment (turn_bar (window)), "Probe"));
  /* It owes a hasty attack: it may not be done with yet, and the greyed
   * button says why. */
  g_assert_false (offered (playtest, "done"));
  {
    GtkWidget *done = editor_unit_card_get_button (actions, "done");

    g_assert_true (gtk_widget_get_mapped (done));
    g_test_message ("greyed Done: %s", gtk_widget_get_tooltip_text (done));
    g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (done), "hasty attack"));
  }

  /* Hasty attack: pick the dummies' hex, allocate 3 points, attack. */
  press (playtest, "hasty");
  g_assert_nonnull (editor_playtest_get_pick_prompt (playtest));
  g_assert_nonnull (strstr (editor_playtest_bar_get_status (turn_bar (window)), "Escape"));
  click_hex (window, dummy_hex);
  g_assert_null (editor_playtest_get_pick_prompt (playtest));
  /* Nothing was played by picking. */
  g_assert_cmpstr (sand_game_log_line (game, sand_game_log_length (game) - 1), ==, line);
  g_assert_cmpint ((int) gtk_adjustment_get_upper (gtk_spin_button_get_adjustment (
                     editor_fpw_unit_actions_get_points (fpw_section (actions)))), ==,
                   st->strength);
  gtk_spin_button_set_value (editor_fpw_unit_actions_get_points (fpw_section (actions)), 3);
  flush_events ();
  g_test_message ("halved: %s", editor_fpw_unit_actions_get_halved (fpw_section (actions)));
  g_assert_true (g_str_has_prefix (editor_fpw_unit_actions_get_halved (fpw_section (actions)),
                                   "3 points attack as 1½"));
  press (playtest, "hasty-attack");

  g_free (line);
  line = g_strdup (sand_game_log_line (game, sand_game_log_length (game) - 1));
  g_test_message ("log: %s — %s", line, editor_unit_card_get_result (actions));
  g_assert_true (g_str_has_prefix (line, "hasty "));
  g_assert_true (g_str_has_suffix (line, " 3"));
  for (guint i = 0; i < dummies->len; i++)
    g_assert_cmpint (sand_game_get_unit (game, g_array_index (dummies, int, i))->status, ==,
                     SAND_UNIT_ELIMINATED);
  g_assert_false (st->flags & SAND_UNIT_MUST_PROBE);
  g_assert_nonnull (strstr (editor_unit_card_get_result (actions), "dummies"));
  g_assert_cmpint (sand_game_get_side (game), ==, side);

  /* Logged, so undone like any action. */
  {
    g_autoptr(GError) error = NULL;

    g_assert_true (editor_playtest_undo (playtest, &error));
    g_assert_no_error (error);
    g_assert_cmpint (sand_game_get_unit (game, g_array_index (dummies, int, 0))->status, ==,
                     SAND_UNIT_ON_MAP);
    g_assert_true (st->flags & SAND_UNIT_MUST_PROBE);
  }

  close_playtest (window);
}

/* Formation Status (A): without four MP left, the change is not offered:
 * the button is greyed with the engine's reason and the game is as it was. */
static void
test_refused_formation_change_explains (void)
{
  EditorPlaytest *playtest;
  EditorWindow *window = open_shipped ("fpw1870-variable-oob.xml", 0, 0, &playtest);
  EditorUnitCard *actions = unit_actions (playtest);
  const char *options[] = { "standard", "variable-oob", "formation", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  SandGame *game;
  int unit = -1, target = -1;

  g_assert_true (editor_playtest_start (playtest, NULL, options, 4, &error));
  g_assert_no_error (error);
  game = editor_playtest_get_game (playtest);

  /* A unit and an empty hex that leaves it fewer than 4 MP. */
  for (guint u = 0; u < sand_game_n_units (game) && unit < 0; u++)
    {
      const SandUnitState *st = sand_game_get_unit (game, u);
      const SandReach *reach;
      int left;

      if (st->status != SAND_UNIT_ON_MAP || st->side != sand_game_get_side (game) ||
          (st->flags & SAND_UNIT_ENTRAINED))
        continue;
      reach = sand_game_reach (game, u, NULL);
      if (reach == NULL)
        continue;
      left = sand_game_unit_mp_left (game, u);
      g_array_set_size (hexes, 0);
      sand_reach_hexes (reach, hexes);
      for (guint i = 0; i < hexes->len && unit < 0; i++)
        {
          int h = g_array_index (hexes, int, i);
          g_autoptr(GArray) here = g_array_new (FALSE, FALSE, sizeof (int));

          sand_game_units_at (game, h, here);
          if (here->len == 0 && left - sand_reach_cost (reach, h) < 4 &&
              left - sand_reach_cost (reach, h) >= 0)
            {
              unit = (int) u;
              target = h;
            }
        }
    }
  g_assert_cmpint (unit, >=, 0);
  click_hex (window, sand_game_get_unit (game, unit)->hex);
  click_hex (window, target);
  g_assert_cmpint (sand_game_get_unit (game, unit)->hex, ==, target);
  g_assert_cmpint (sand_game_unit_mp_left (game, unit), <, 4);
  g_assert_cmpint (editor_playtest_get_selected (playtest), ==, unit);

  before = sand_game_save_log (game);
  {
    const char *label = gtk_button_get_label (GTK_BUTTON (
      editor_unit_card_get_button (actions, "formation")));

    g_test_message ("button: %s", label);
    g_assert_nonnull (strstr (label, "4 MP"));
  }
  /* Not offered: greyed, the engine's reason as its tooltip, nothing
   * played. */
  {
    GtkWidget *button = editor_unit_card_get_button (actions, "formation");
    const char *tip = gtk_widget_get_tooltip_text (button);

    flush_events ();
    g_assert_true (gtk_widget_get_mapped (button));
    g_assert_false (gtk_widget_is_sensitive (button));
    g_test_message ("refusal: %s", tip);
    g_assert_nonnull (tip);
    g_assert_nonnull (strstr (tip, "Formation Status"));
    g_assert_nonnull (strstr (tip, "MP"));
  }
  after = sand_game_save_log (game);
  g_assert_cmpstr (before, ==, after);

  close_playtest (window);
}

/* Standard Game Sequence of Play (A): a dummy the Germans revealed goes back
 * on a hex with a French unit in the French Reinforcement Phase. */
static void
test_dummy_returns_in_reinforcement_phase (void)
{
  EditorPlaytest *playtest;
  EditorWindow *window = open_shipped ("fpw1870-variable-oob.xml", 0, 0, &playtest);
  EditorUnitCard *actions = unit_actions (playtest);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) dummies = g_array_new (FALSE, FALSE, sizeof (int));
  SandGame *game;
  int unit = -1, target = -1, dummy_hex = -1, dummy, french, home = -1, empty = -1;

  start_with_probe (playtest, &unit, &target, &dummy_hex);
  game = editor_playtest_get_game (playtest);
  sand_game_units_at (game, dummy_hex, dummies);
  dummy = g_array_index (dummies, int, 0);
  french = sand_game_get_unit (game, dummy)->side;

  /* The Germans find it with a hasty attack (the console's words here;
   * the buttons are the test above). */
  {
    g_autofree char *to = sand_grid_dup_id (sand_game_get_grid (game), target);
    g_autofree char *at = sand_grid_dup_id (sand_game_get_grid (game), dummy_hex);
    g_autofree char *move = g_strdup_printf ("move %s %s probe",
                                             sand_game_get_counter (game, unit)->id, to);
    g_autofree char *hasty = g_strdup_printf ("hasty %s %s 1", at,
                                              sand_game_get_counter (game, unit)->id);

    g_assert_true (editor_playtest_perform (playtest, move, &error));
    g_assert_no_error (error);
    g_assert_true (editor_playtest_perform (playtest, hasty, &error));
    g_assert_no_error (error);
  }
  g_assert_cmpint (sand_game_get_unit (game, dummy)->status, ==, SAND_UNIT_ELIMINATED);
  /* Nothing to return yet: it is the Germans' Movement Phase. */
  g_assert_false (offered (playtest, "dummy"));

  while (sand_game_get_side (game) != french ||
         g_strcmp0 (sand_game_get_phase_id (game), "reinforcement") != 0)
    {
      g_assert_true (editor_playtest_end_phase (playtest, &error));
      g_assert_no_error (error);
    }
  if (editor_playtest_get_screen_hidden (playtest))
    editor_playtest_show_screen (playtest);
  flush_events ();

  g_assert_true (offered (playtest, "dummy"));
  {
    GArray *listed = editor_fpw_unit_actions_get_dummies (fpw_section (actions));

    g_assert_cmpuint (listed->len, >=, 1);
    for (guint i = 0; i < listed->len; i++)
      if (g_array_index (listed, int, i) == dummy)
        gtk_drop_down_set_selected (
          editor_fpw_unit_actions_get_dummy_choice (fpw_section (actions)), i);
  }
  flush_events ();

  for (guint u = 0; u < sand_game_n_units (game) && home < 0; u++)
    if (sand_game_get_unit (game, u)->side == french &&
        sand_game_get_unit (game, u)->status == SAND_UNIT_ON_MAP)
      home = sand_game_get_unit (game, u)->hex;
  for (int h = 0; h < sand_grid_n_hexes (sand_game_get_grid (game)) && empty < 0; h++)
    {
      g_autoptr(GArray) here = g_array_new (FALSE, FALSE, sizeof (int));

      sand_game_units_at (game, h, here);
      if (here->len == 0)
        empty = h;
    }
  g_assert_cmpint (home, >=, 0);

  /* Onto an empty hex: refused, with its reason, nothing changed. */
  {
    guint n = sand_game_log_length (game);

    press (playtest, "dummy");
    g_assert_nonnull (editor_playtest_get_pick_prompt (playtest));
    click_hex (window, empty);
    g_assert_cmpuint (sand_game_log_length (game), ==, n);
    g_assert_cmpint (sand_game_get_unit (game, dummy)->status, ==, SAND_UNIT_ELIMINATED);
    g_test_message ("refusal: %s", editor_playtest_get_message (playtest));
    g_assert_nonnull (strstr (editor_playtest_get_message (playtest), "Sequence of Play (A)"));
  }

  /* Onto a French unit's hex. */
  press (playtest, "dummy");
  click_hex (window, home);
  g_assert_cmpint (sand_game_get_unit (game, dummy)->status, ==, SAND_UNIT_ON_MAP);
  g_assert_cmpint (sand_game_get_unit (game, dummy)->hex, ==, home);
  g_assert_true (g_str_has_prefix (sand_game_log_line (game, sand_game_log_length (game) - 1),
                                   "dummy "));
  g_test_message ("log: %s", sand_game_log_line (game, sand_game_log_length (game) - 1));
  g_assert_false (offered (playtest, "dummy"));

  close_playtest (window);
}

/* Standard Game Sequence of Play: one unit in motion at a time; Done ends
 * its movement for the phase. */
static void
test_done_with_unit_in_motion (void)
{
  EditorPlaytest *playtest;
  EditorWindow *window = open_shipped ("fpw1870-variable-oob.xml", 0, 0, &playtest);
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  SandGame *game;
  const SandCounter *counter;
  int unit = -1, target = -1;
  guint n;

  game = start_playtest (playtest, 11);
  g_assert_cmpint (sand_game_unit_in_motion (game), ==, -1);
  g_assert_cmpstr (editor_playtest_bar_get_segment (turn_bar (window)), ==, "");

  /* A unit and an empty hex out of enemy control it reaches. */
  for (guint u = 0; u < sand_game_n_units (game) && unit < 0; u++)
    {
      const SandUnitState *st = sand_game_get_unit (game, u);
      const SandReach *reach;

      if (st->status != SAND_UNIT_ON_MAP || st->side != sand_game_get_side (game))
        continue;
      reach = sand_game_reach (game, u, NULL);
      if (reach == NULL)
        continue;
      g_array_set_size (hexes, 0);
      sand_reach_hexes (reach, hexes);
      for (guint i = 0; i < hexes->len && unit < 0; i++)
        {
          int h = g_array_index (hexes, int, i);
          g_autoptr(GArray) here = g_array_new (FALSE, FALSE, sizeof (int));
          gboolean controlled = FALSE;

          sand_game_units_at (game, h, here);
          for (int s = 0; s < (int) sand_ruleset_n_sides (sand_scenario_get_ruleset (
                                           sand_game_get_scenario (game))); s++)
            if (s != st->side)
              controlled |= sand_game_hex_controlled (game, s, h);
          if (here->len == 0 && !controlled)
            {
              unit = (int) u;
              target = h;
            }
        }
    }
  g_assert_cmpint (unit, >=, 0);
  counter = sand_game_get_counter (game, unit);
  click_hex (window, sand_game_get_unit (game, unit)->hex);
  click_hex (window, target);
  g_assert_cmpint (sand_game_get_unit (game, unit)->hex, ==, target);
  g_assert_cmpint (sand_game_unit_in_motion (game), ==, unit);
  g_assert_cmpint (sand_game_get_segment (game), ==, 1);
  g_test_message ("bar: %s / %s", editor_playtest_bar_get_title (turn_bar (window)),
                  editor_playtest_bar_get_segment (turn_bar (window)));
  g_assert_true (g_str_has_prefix (editor_playtest_bar_get_segment (turn_bar (window)),
                                   "First movement — "));
  /* the variable orders of battle's counters share their names ("AK"):
   * the bar names the unit as the log does, with its id */
  g_assert_nonnull (strstr (editor_playtest_bar_get_segment (turn_bar (window)),
                            counter->name ? counter->name : counter->id));
  g_assert_nonnull (strstr (editor_playtest_bar_get_segment (turn_bar (window)), counter->id));
  /* the enemy reads it by its face-down name, never the console's */
  {
    g_autofree char *seen = editor_game_unit_label (game, unit, 1 - sand_game_get_side (game));

    g_test_message ("to the enemy: %s", seen);
    g_assert_true (g_str_has_prefix (seen, "Face-down unit ?"));
    g_assert_null (strstr (seen, counter->id));
  }

  n = sand_game_log_length (game);
  press (playtest, "done");
  g_assert_cmpuint (sand_game_log_length (game), ==, n + 1);
  g_assert_true (g_str_has_prefix (sand_game_log_line (game, n), "done "));
  g_assert_true (sand_game_get_unit (game, unit)->flags & SAND_UNIT_FINISHED);
  g_assert_cmpint (sand_game_unit_in_motion (game), ==, -1);
  g_assert_cmpstr (editor_playtest_bar_get_segment (turn_bar (window)), ==, "");
  /* A finished unit is offered nothing more this phase. */
  g_assert_false (offered (playtest, "done"));
  g_assert_false (offered (playtest, "probe"));

  close_playtest (window);
}

/* Formation Status, Probe Segment b(1): a challenge picked on the canvas
 * either shows the enemy's formation or says which rule forbids it. */
static void
test_challenge_picks_enemy_hex (void)
{
  EditorPlaytest *playtest;
  EditorWindow *window = open_shipped ("fpw1870-variable-oob.xml", 0, 0, &playtest);
  EditorUnitCard *actions = unit_actions (playtest);
  const char *options[] = { "standard", "variable-oob", "formation", NULL };
  const SandGrid *grid;
  g_autoptr(GError) error = NULL;
  SandGame *game;
  int unit = -1, target = -1, enemy_hex = -1, best_left = -1;
  guint n;

  g_assert_true (editor_playtest_start (playtest, NULL, options, 1, &error));
  g_assert_no_error (error);
  game = editor_playtest_get_game (playtest);
  grid = sand_game_get_grid (game);
  /* A unit with a formation (not an EB) and an empty hex it reaches two
   * hexes from an enemy, out of enemy control, with the most MP left to
   * go on into that enemy's zone of control. */
  for (guint u = 0; u < sand_game_n_units (game); u++)
    {
      const SandUnitState *st = sand_game_get_unit (game, u);
      g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
      const SandReach *reach;

      if (st->status != SAND_UNIT_ON_MAP || st->side != sand_game_get_side (game) ||
          sand_game_unit_formation_for (game, u, st->side) == NULL)
        continue;
      reach = sand_game_reach (game, u, NULL);
      if (reach == NULL)
        continue;
      sand_reach_hexes (reach, hexes);
      for (guint i = 0; i < hexes->len; i++)
        {
          int h = g_array_index (hexes, int, i);
          int left = sand_game_unit_mp_left (game, u) - sand_reach_cost (reach, h);
          g_autoptr(GArray) here = g_array_new (FALSE, FALSE, sizeof (int));

          sand_game_units_at (game, h, here);
          if (here->len > 0 || left <= best_left)
            continue;
          for (guint e = 0; e < sand_game_n_units (game); e++)
            {
              const SandUnitState *et = sand_game_get_unit (game, e);

              if (et->status == SAND_UNIT_ON_MAP && et->side != st->side &&
                  sand_grid_distance (grid, h, et->hex) == 2 &&
                  !sand_game_hex_controlled (game, et->side, h))
                {
                  unit = (int) u;
                  target = h;
                  enemy_hex = et->hex;
                  best_left = left;
                }
            }
        }
    }
  g_assert_cmpint (unit, >=, 0);
  click_hex (window, sand_game_get_unit (game, unit)->hex);
  g_assert_cmpint (editor_playtest_get_selected (playtest), ==, unit);
  click_hex (window, target);
  g_assert_cmpint (sand_game_get_unit (game, unit)->hex, ==, target);
  press (playtest, "challenge");
  g_assert_nonnull (editor_playtest_get_pick_prompt (playtest));
  n = sand_game_log_length (game);
  click_hex (window, enemy_hex);
  g_assert_null (editor_playtest_get_pick_prompt (playtest));
  if (sand_game_log_length (game) > n)
    {
      const char *result = editor_unit_card_get_result (actions);

      g_test_message ("%s: %s", sand_game_log_line (game, n), result);
      g_assert_true (g_str_has_prefix (sand_game_log_line (game, n), "challenge "));
      g_assert_true (strstr (result, "concentrated") || strstr (result, "extended"));
    }
  else
    {
      g_test_message ("refused: %s", editor_playtest_get_message (playtest));
      g_assert_nonnull (editor_playtest_get_message (playtest));
      g_assert_nonnull (strstr (editor_playtest_get_message (playtest), "("));
      g_assert_cmpstr (editor_unit_card_get_result (actions), ==,
                       editor_playtest_get_message (playtest));
    }

  close_playtest (window);
}

/* LFAF 10: the German player's aerial reconnaissance, a hex picked in his
 * Rally Phase, once. */
static void
test_lfaf_reconnaissance_picks_a_hex (void)
{
  EditorPlaytest *playtest;
  EditorWindow *window = open_shipped ("lfaf1914-1-rossignol.xml", 0, 0, &playtest);
  g_autoptr(GError) error = NULL;
  SandRuleset *ruleset;
  SandGame *game;
  guint phases = 0, n;
  int hex = -1;

  game = start_playtest (playtest, 5);
  ruleset = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  while ((sand_game_get_side (game) != sand_ruleset_find_side (ruleset, "german") ||
          g_strcmp0 (sand_game_get_phase_id (game), "rally") != 0) && phases++ < 20)
    {
      g_assert_false (offered (playtest, "recon"));
      g_assert_true (editor_playtest_end_phase (playtest, &error));
      g_assert_no_error (error);
    }
  if (editor_playtest_get_screen_hidden (playtest))
    editor_playtest_show_screen (playtest);
  g_assert_cmpstr (sand_game_get_phase_id (game), ==, "rally");

  /* A French unit's hex. */
  for (guint u = 0; u < sand_game_n_units (game) && hex < 0; u++)
    if (sand_game_get_unit (game, u)->status == SAND_UNIT_ON_MAP &&
        sand_game_get_unit (game, u)->side != sand_game_get_side (game))
      hex = sand_game_get_unit (game, u)->hex;
  g_assert_cmpint (hex, >=, 0);
  n = sand_game_log_length (game);
  press (playtest, "recon");
  g_assert_nonnull (editor_playtest_get_pick_prompt (playtest));
  click_hex (window, hex);
  g_assert_cmpuint (sand_game_log_length (game), ==, n + 1);
  g_assert_true (g_str_has_prefix (sand_game_log_line (game, n), "recon "));
  g_test_message ("log: %s", sand_game_log_line (game, n));
  /* Once: the marker is placed. */
  g_assert_false (offered (playtest, "recon"));

  close_playtest (window);
}

/* Variable Orders of Battle: a reinforcement that arrived this turn is
 * withheld a Game-Turn from the phase's own controls. */
static void
test_withhold_reinforcement (void)
{
  EditorPlaytest *playtest;
  EditorWindow *window = open_shipped ("fpw1870-variable-oob.xml", 0, 0, &playtest);
  EditorUnitCard *actions = unit_actions (playtest);
  g_autofree char *expected = NULL;
  SandGame *game;
  GArray *listed;
  int unit = -1, arrive;

  /* The first seed whose plans bring a German reinforcement on turn 1. */
  for (guint64 seed = 1; seed < 100; seed++)
    {
      start_playtest (playtest, seed);
      finish_setup (playtest);
      if (offered (playtest, "withhold"))
        break;
    }
  game = editor_playtest_get_game (playtest);
  g_assert_true (offered (playtest, "withhold"));
  listed = editor_fpw_unit_actions_get_withholdable (fpw_section (actions));
  g_assert_cmpuint (listed->len, >, 0);
  unit = g_array_index (listed, int, 0);
  gtk_drop_down_set_selected (
    editor_fpw_unit_actions_get_withhold_choice (fpw_section (actions)), 0);
  g_assert_cmpint (sand_game_get_unit (game, unit)->status, ==, SAND_UNIT_ON_MAP);
  g_assert_cmpint (sand_game_get_unit (game, unit)->arrive_turn, ==, sand_game_get_turn (game));
  arrive = sand_game_get_unit (game, unit)->arrive_turn;
  /* Only the side to move's reinforcements are listed. */
  for (guint i = 0; i < listed->len; i++)
    g_assert_cmpint (sand_game_get_unit (game, g_array_index (listed, int, i))->side, ==,
                     sand_game_get_side (game));

  press (playtest, "withhold");
  g_assert_cmpint (sand_game_get_unit (game, unit)->arrive_turn, ==, arrive + 1);
  g_assert_cmpint (sand_game_get_unit (game, unit)->status, ==, SAND_UNIT_WAITING);
  /* Back off the map until it is due again: no longer listed. */
  for (guint i = 0; i < listed->len; i++)
    g_assert_cmpint (g_array_index (listed, int, i), !=, unit);
  expected = g_strdup_printf ("withhold %s", sand_game_get_counter (game, unit)->id);
  g_assert_cmpstr (sand_game_log_line (game, sand_game_log_length (game) - 1), ==, expected);
  g_test_message ("%s: %s", expected, editor_unit_card_get_result (actions));

  close_playtest (window);
}

int
main (int    argc,
      char **argv)
{
  int ret;

  if (!ui_test_init (&argc, &argv, "sandtable-test-playtest-commands-XXXXXX"))
    return 0;
  /* As in test-editor-playtest.c: GTK 4.8 may warn about snapshotting the turn
   * bar before its allocation; criticals stay fatal. */
  g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);

  g_test_add_func ("/playtest-commands/probe-then-hasty-attack-on-dummy",
                   test_probe_then_hasty_attack_on_dummy);
  g_test_add_func ("/playtest-commands/refused-formation-change-explains",
                   test_refused_formation_change_explains);
  g_test_add_func ("/playtest-commands/dummy-returns-in-reinforcement-phase",
                   test_dummy_returns_in_reinforcement_phase);
  g_test_add_func ("/playtest-commands/done-with-unit-in-motion",
                   test_done_with_unit_in_motion);
  g_test_add_func ("/playtest-commands/challenge-picks-enemy-hex",
                   test_challenge_picks_enemy_hex);
  g_test_add_func ("/playtest-commands/withhold-reinforcement", test_withhold_reinforcement);
  g_test_add_func ("/playtest-commands/lfaf-reconnaissance-picks-a-hex",
                   test_lfaf_reconnaissance_picks_a_hex);

  ret = g_test_run ();
  g_clear_object (&app);
  return ret;
}
