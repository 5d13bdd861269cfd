/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Combat in playtest, after the die: Resolve rolls, then the Losses step
 * lets each owner spread its side's losses unit by unit (FPW Unit
 * Reduction (A)), Apply waiting until they add up to the result; a
 * retreating stack (LFAF 7.4) goes to the hex clicked on the map among
 * the legal ones; undo takes the rolled attack back. Every check reads the
 * engine's state. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "editor-application.h"
#include "editor-attack-panel.h"
#include "editor-combat-choices.h"
#include "editor-playtest.h"
#include "editor-fpw-unit-actions.h"
#include "editor-unit-card.h"
#include "editor-window-private.h"
#include "sand-console.h"
#include "sand-scenario-io.h"
#include "ui-test-lib.h"

/* The FPW section of the unit card. */
static EditorFpwUnitActions *
fpw_section (EditorUnitCard *card)
{
  return EDITOR_FPW_UNIT_ACTIONS (editor_unit_card_get_section (card));
}

static void
set_spin (EditorCombatChoices *choices,
          int                  unit,
          int                  value)
{
  GtkSpinButton *spin = editor_combat_choices_get_spin (choices, unit);

  g_assert_nonnull (spin);
  gtk_spin_button_set_value (spin, value);
  flush_events ();
}

/* FPW: 11, doubled on the flank, against 12 isolated and halved is 22 to
 * 6, 3-1; a 6 gives 2/1. The attacker spreads its two points over both
 * units, which the default (the strongest first) would not do; both are
 * "AK", and the result names each with its id. */
static void
test_losses_allocated_unit_by_unit (void)
{
  static const char * const lines[] = {
    "new fpw1870 10x10",
    "marker supply 0101 german name=S",
    "marker supply 0110 french name=F",
    "unit fr1 french combat 0505 strength=12 ma=6",
    "unit de1 german combat 0604 strength=6 ma=8 name=AK",
    "unit de2 german combat 0405 strength=5 ma=8 name=AK",
  };
  g_autoptr(EditorDocument) doc = document_from_console (lines, G_N_ELEMENTS (lines));
  EditorWindow *window = new_window_sized (doc, 1200, 800);
  EditorPlaytest *playtest = editor_playtest_get_for_window (window);
  g_autoptr(GError) error = NULL;
  int rolls[1] = { 6 };
  EditorAttackPanel *panel;
  EditorCombatChoices *choices;
  GtkWidget *apply;
  SandGame *game;
  int fr1, de1, de2;

  start_combat (playtest, "german");
  game = editor_playtest_get_game (playtest);
  fr1 = sand_game_find_unit (game, "fr1");
  de1 = sand_game_find_unit (game, "de1");
  de2 = sand_game_find_unit (game, "de2");
  click_hex (window, game_hex (game, "0505"));
  click_hex (window, game_hex (game, "0604"));
  click_hex (window, game_hex (game, "0405"));
  g_assert_cmpuint (editor_playtest_get_attackers (playtest)->len, ==, 2);

  panel = EDITOR_ATTACK_PANEL (find_widget (GTK_WIDGET (window), EDITOR_TYPE_ATTACK_PANEL));
  g_assert_nonnull (panel);
  choices = EDITOR_COMBAT_CHOICES (editor_attack_panel_get_choices (panel));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (choices)));

  g_assert_true (sand_game_force_rolls (game, rolls, 1, &error));
  g_signal_emit_by_name (editor_attack_panel_get_resolve (panel), "clicked");
  flush_events ();

  /* The die is rolled, nothing is taken yet, and the step shows. */
  g_assert_nonnull (sand_game_get_pending_attack (game));
  g_assert_cmpstr (sand_game_get_pending_attack (game)->result, ==, "2/1");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (choices)));
  g_assert_cmpint (sand_game_get_unit (game, de1)->strength, ==, 6);
  apply = editor_combat_choices_get_apply (choices);
  g_assert_false (gtk_widget_get_sensitive (apply));
  /* Apply sits beside the die, in view without scrolling (issue 17). */
  wait_for_layout (window);
  g_assert_true (fully_in_view (apply));
  g_assert_cmpstr (editor_combat_choices_get_remaining (choices, 0), ==, "2 left to allocate");
  /* the defender's one unit has its point filled in */
  g_assert_cmpint (gtk_spin_button_get_value_as_int (editor_combat_choices_get_spin (choices,
                                                                                     fr1)),
                   ==, 1);
  g_assert_cmpstr (editor_combat_choices_get_remaining (choices, 1), ==, "All allocated");

  /* Another action waits: the die is rolled. */
  g_assert_false (editor_playtest_end_phase (playtest, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  set_spin (choices, de1, 1);
  g_assert_false (gtk_widget_get_sensitive (apply));
  set_spin (choices, de2, 2);
  g_assert_cmpstr (editor_combat_choices_get_remaining (choices, 0), ==,
                   "1 too many: the result is 2");
  g_assert_false (gtk_widget_get_sensitive (apply));
  set_spin (choices, de2, 1);
  g_assert_cmpstr (editor_combat_choices_get_remaining (choices, 0), ==, "All allocated");
  g_assert_true (gtk_widget_get_sensitive (apply));
  dump (window, "combat-choices-before-apply");

  g_signal_emit_by_name (apply, "clicked");
  flush_events ();
  dump (window, "combat-choices-after-apply");
  g_assert_null (sand_game_get_pending_attack (game));
  g_assert_cmpint (sand_game_get_unit (game, de1)->strength, ==, 5);
  g_assert_cmpint (sand_game_get_unit (game, de2)->strength, ==, 4);
  g_assert_cmpint (sand_game_get_unit (game, fr1)->strength, ==, 11);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (choices)));
  g_assert_nonnull (strstr (editor_attack_panel_get_result (panel), "Die 6: 2/1"));
  /* two units named "AK": each by its id too, as the log names them */
  g_assert_nonnull (strstr (editor_attack_panel_get_result (panel), "AK (de1) loses 1"));
  g_assert_nonnull (strstr (editor_attack_panel_get_result (panel), "AK (de2) loses 1"));
  {
    const char *line = sand_game_log_line (game, sand_game_log_length (game) - 1);
    g_test_message ("log: %s", line);
    g_assert_nonnull (strstr (line, "losses=de1:1,de2:1,fr1:1"));
  }

  close_playtest (window);
}

/* Undo while the step shows takes the rolled attack back. */
static void
press_action (EditorUnitCard *actions,
              const char        *action)
{
  GtkWidget *button = editor_unit_card_get_button (actions, action);

  flush_events ();
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_mapped (button) && gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  flush_events ();
}

/* FPW Standard Game, Hasty Attacks (N)-(P) and Unit Reduction (A): de1
 * allocates all 8 points, halved to 4 against the 3 of fr1 (2) and fr2
 * (1) stacked on 0505: 1-1, and a 1 gives 1/2. The defender spreads its
 * two points over both units, which the default (both from fr1, the
 * stronger) would not do; the attacker's one point has one place to go. */
static void
test_hasty_attack_defender_allocates_losses (void)
{
  g_autoptr(SandConsole) con = sand_console_new (NULL, 1);
  static const char * const lines[] = {
    "new fpw1870 10x10",
    "marker supply 0101 german name=S",
    "marker supply 0110 french name=F",
    "unit de1 german combat 0504 strength=8 ma=8",
    "unit fr1 french combat 0505 strength=2 ma=6",
    "unit fr2 french combat 0505 strength=1 ma=6",
  };
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_autofree char *answer = sand_console_execute (con, lines[i]);
      g_assert_true (g_str_has_prefix (answer, "{\"ok\":true"));
    }
  sand_scenario_set_option (sand_console_get_scenario (con), "standard", TRUE);
  g_autoptr(EditorDocument) doc = editor_document_new (sand_console_get_scenario (con));
  EditorWindow *window = new_window_sized (doc, 1200, 800);
  EditorPlaytest *playtest = editor_playtest_get_for_window (window);
  EditorUnitCard *actions;
  EditorCombatChoices *choices;
  g_autoptr(GError) error = NULL;
  int rolls[1] = { 1 };
  GtkWidget *apply;
  SandGame *game;
  SandRuleset *ruleset;
  int de1, fr1, fr2;

  game = start_playtest (playtest, 1);
  ruleset = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  g_assert_true (sand_game_set_clock (game, 1, sand_ruleset_find_side (ruleset, "german"),
                                      sand_ruleset_find_phase (ruleset, "movement"), &error));
  g_assert_no_error (error);
  de1 = sand_game_find_unit (game, "de1");
  fr1 = sand_game_find_unit (game, "fr1");
  fr2 = sand_game_find_unit (game, "fr2");
  actions = EDITOR_UNIT_CARD (editor_playtest_get_unit_actions (playtest));
  choices = EDITOR_COMBAT_CHOICES (find_widget (GTK_WIDGET (actions),
                                                EDITOR_TYPE_COMBAT_CHOICES));
  g_assert_nonnull (choices);

  /* Select de1, Hasty Attack, pick 0505, allocate 8, attack. */
  click_hex (window, game_hex (game, "0504"));
  g_assert_cmpint (editor_playtest_get_selected (playtest), ==, de1);
  press_action (actions, "hasty");
  click_hex (window, game_hex (game, "0505"));
  gtk_spin_button_set_value (editor_fpw_unit_actions_get_points (fpw_section (actions)), 8);
  flush_events ();
  g_assert_true (sand_game_force_rolls (game, rolls, 1, &error));
  press_action (actions, "hasty-attack");

  /* The die is rolled, nothing is taken yet, and the Losses step shows. */
  g_assert_nonnull (sand_game_get_pending_attack (game));
  g_assert_cmpint (sand_game_get_pending_attack (game)->hasty_points, ==, 8);
  g_assert_cmpstr (sand_game_get_pending_attack (game)->result, ==, "1/2");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (choices)));
  /* One Losses step on screen: the attack panel keeps out of a hasty attack. */
  g_assert_false (gtk_widget_get_visible (find_widget (GTK_WIDGET (window),
                                                       EDITOR_TYPE_ATTACK_PANEL)));
  g_assert_cmpint (sand_game_get_unit (game, fr1)->strength, ==, 2);
  apply = editor_combat_choices_get_apply (choices);
  g_assert_cmpstr (editor_combat_choices_get_remaining (choices, 0), ==, "All allocated");
  g_assert_cmpstr (editor_combat_choices_get_remaining (choices, 1), ==, "2 left to allocate");
  g_assert_false (gtk_widget_get_sensitive (apply));
  /* more than fr2 has cannot even be entered */
  set_spin (choices, fr2, 2);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (editor_combat_choices_get_spin (choices,
                                                                                     fr2)),
                   ==, 1);
  set_spin (choices, fr1, 2);
  g_assert_cmpstr (editor_combat_choices_get_remaining (choices, 1), ==,
                   "1 too many: the result is 2");
  g_assert_false (gtk_widget_get_sensitive (apply));
  set_spin (choices, fr1, 1);
  g_assert_true (gtk_widget_get_sensitive (apply));
  g_signal_emit_by_name (apply, "clicked");
  flush_events ();

  g_assert_null (sand_game_get_pending_attack (game));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (choices)));
  g_assert_cmpint (sand_game_get_unit (game, fr1)->strength, ==, 1);
  g_assert_cmpint (sand_game_get_unit (game, fr2)->status, ==, SAND_UNIT_ELIMINATED);
  g_assert_cmpint (sand_game_get_unit (game, de1)->strength, ==, 7);
  g_assert_true (sand_game_get_unit (game, de1)->flags & SAND_UNIT_STOPPED);
  {
    const char *line = sand_game_log_line (game, sand_game_log_length (game) - 1);
    g_test_message ("log: %s — %s", line, editor_unit_card_get_result (actions));
    g_assert_true (g_str_has_prefix (line, "hasty 0505 de1 8 losses=de1:1,fr1:1,fr2:1"));
  }
  g_assert_nonnull (strstr (editor_unit_card_get_result (actions), "stops"));

  close_playtest (window);
}

/* LFAF 4.4: "surplus units are eliminated (owning player's choice which)".
 * A unit of an overstacked hex says so and offers Eliminate First; the one
 * picked goes at the end of the Movement Phase instead of the last counter. */
static void
test_surplus_picked_by_its_owner (void)
{
  static const char * const lines[] = {
    "new lfaf1914 12x12",
    "unit a french infantry 0505 steps=2",
    "unit b french infantry 0505 steps=2",
    "unit c french infantry 0505 steps=2",
    "unit d french infantry 0505 steps=2",
  };
  g_autoptr(EditorDocument) doc = document_from_console (lines, G_N_ELEMENTS (lines));
  EditorWindow *window = new_window_sized (doc, 1200, 800);
  EditorPlaytest *playtest = editor_playtest_get_for_window (window);
  EditorUnitCard *actions;
  g_autoptr(GError) error = NULL;
  SandGame *game;
  SandRuleset *ruleset;
  int b, d;

  game = start_playtest (playtest, 1);
  ruleset = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  g_assert_true (sand_game_set_clock (game, 1, sand_ruleset_find_side (ruleset, "french"),
                                      sand_ruleset_find_phase (ruleset, "movement"), &error));
  g_assert_no_error (error);
  b = sand_game_find_unit (game, "b");
  d = sand_game_find_unit (game, "d");
  actions = EDITOR_UNIT_CARD (editor_playtest_get_unit_actions (playtest));
  editor_playtest_select_unit (playtest, b);
  flush_events ();
  press_action (actions, "surplus");
  {
    const char *line = sand_game_log_line (game, sand_game_log_length (game) - 1);
    g_assert_cmpstr (line, ==, "surplus b");
  }
  g_assert_true (editor_playtest_end_phase (playtest, &error));
  g_assert_no_error (error);
  g_assert_cmpint (sand_game_get_unit (game, b)->status, ==, SAND_UNIT_ELIMINATED);
  g_assert_cmpint (sand_game_get_unit (game, d)->status, ==, SAND_UNIT_ON_MAP);

  close_playtest (window);
}

static void
test_undo_takes_back_the_rolled_attack (void)
{
  static const char * const lines[] = {
    "new fpw1870 10x10",
    "marker supply 0101 german name=S",
    "marker supply 0110 french name=F",
    "unit fr1 french combat 0505 strength=4 ma=6",
    "unit de1 german combat 0604 strength=6 ma=8",
    "unit de2 german combat 0405 strength=5 ma=8",
  };
  g_autoptr(EditorDocument) doc = document_from_console (lines, G_N_ELEMENTS (lines));
  EditorWindow *window = new_window_sized (doc, 1200, 800);
  EditorPlaytest *playtest = editor_playtest_get_for_window (window);
  g_autoptr(GError) error = NULL;
  EditorAttackPanel *panel;
  EditorCombatChoices *choices;
  SandGame *game;
  guint before;

  start_combat (playtest, "german");
  game = editor_playtest_get_game (playtest);
  before = sand_game_log_length (game);
  click_hex (window, game_hex (game, "0505"));
  click_hex (window, game_hex (game, "0604"));
  click_hex (window, game_hex (game, "0405"));
  panel = EDITOR_ATTACK_PANEL (find_widget (GTK_WIDGET (window), EDITOR_TYPE_ATTACK_PANEL));
  choices = EDITOR_COMBAT_CHOICES (editor_attack_panel_get_choices (panel));
  g_signal_emit_by_name (editor_attack_panel_get_resolve (panel), "clicked");
  flush_events ();
  g_assert_nonnull (sand_game_get_pending_attack (game));
  g_assert_true (editor_playtest_undo (playtest, &error));
  g_assert_no_error (error);
  flush_events ();
  g_assert_null (sand_game_get_pending_attack (game));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (choices)));
  g_assert_cmpuint (sand_game_log_length (game), ==, before);
  g_assert_cmpint (sand_game_get_unit (game, sand_game_find_unit (game, "fr1"))->strength, ==, 4);

  close_playtest (window);
}

/* LFAF: a 6 with +1 quality and -1 mass is "1/1 DR": the defender's stack
 * retreats to the hex clicked among the highlighted ones. */
static void
test_retreat_hex_clicked_on_the_map (void)
{
  static const char * const lines[] = {
    "new lfaf1914 12x12",
    "unit a french infantry 0504 steps=2 quality=1",
    "unit d german light 0505 steps=3 quality=0",
  };
  g_autoptr(EditorDocument) doc = document_from_console (lines, G_N_ELEMENTS (lines));
  EditorWindow *window = new_window_sized (doc, 1200, 800);
  EditorPlaytest *playtest = editor_playtest_get_for_window (window);
  g_autoptr(GError) error = NULL;
  int rolls[1] = { 6 };
  EditorAttackPanel *panel;
  EditorCombatChoices *choices;
  SandGame *game;
  int d;

  start_combat (playtest, "french");
  game = editor_playtest_get_game (playtest);
  d = sand_game_find_unit (game, "d");
  click_hex (window, game_hex (game, "0505"));
  click_hex (window, game_hex (game, "0504"));
  g_assert_cmpuint (editor_playtest_get_attackers (playtest)->len, ==, 1);
  panel = EDITOR_ATTACK_PANEL (find_widget (GTK_WIDGET (window), EDITOR_TYPE_ATTACK_PANEL));
  choices = EDITOR_COMBAT_CHOICES (editor_attack_panel_get_choices (panel));
  g_assert_true (sand_game_force_rolls (game, rolls, 1, &error));
  g_signal_emit_by_name (editor_attack_panel_get_resolve (panel), "clicked");
  flush_events ();
  g_assert_nonnull (sand_game_get_pending_attack (game));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (choices)));

  /* The legal hexes are up for a click at once; a click elsewhere keeps
   * the pick going. */
  g_assert_nonnull (editor_playtest_get_pick_prompt (playtest));
  click_hex (window, game_hex (game, "0504"));
  g_assert_nonnull (editor_playtest_get_pick_prompt (playtest));
  g_assert_cmpint (sand_game_get_unit (game, d)->hex, ==, game_hex (game, "0505"));
  click_hex (window, game_hex (game, "0506"));
  g_assert_null (editor_playtest_get_pick_prompt (playtest));
  g_assert_true (gtk_widget_get_sensitive (editor_combat_choices_get_apply (choices)));
  g_signal_emit_by_name (editor_combat_choices_get_apply (choices), "clicked");
  flush_events ();
  g_assert_null (sand_game_get_pending_attack (game));
  g_assert_cmpint (sand_game_get_unit (game, d)->hex, ==, game_hex (game, "0506"));
  g_assert_cmpint (sand_game_get_unit (game, d)->strength, ==, 2);

  close_playtest (window);
}

/* LFAF 4.3: d can only retreat onto 0506, full; the player sends g, not
 * the first counter, one hex on to make room, clicking the hex. */
static void
test_room_made_by_the_unit_picked (void)
{
  static const char * const lines[] = {
    "new lfaf1914 12x12",
    "hexside 0505 ne river",
    "hexside 0505 se river",
    "hexside 0505 sw river",
    "hexside 0505 nw river",
    "unit a french infantry 0504 steps=2 quality=1",
    "unit d german infantry 0505 steps=2",
    "unit e german infantry 0506 steps=2",
    "unit f german infantry 0506 steps=2",
    "unit g german infantry 0506 steps=2",
  };
  g_autoptr(EditorDocument) doc = document_from_console (lines, G_N_ELEMENTS (lines));
  EditorWindow *window = new_window_sized (doc, 1200, 800);
  EditorPlaytest *playtest = editor_playtest_get_for_window (window);
  g_autoptr(GError) error = NULL;
  int rolls[1] = { 5 };
  EditorAttackPanel *panel;
  EditorCombatChoices *choices;
  SandGame *game;
  int g;

  start_combat (playtest, "french");
  game = editor_playtest_get_game (playtest);
  g = sand_game_find_unit (game, "g");
  click_hex (window, game_hex (game, "0505"));
  click_hex (window, game_hex (game, "0504"));
  panel = EDITOR_ATTACK_PANEL (find_widget (GTK_WIDGET (window), EDITOR_TYPE_ATTACK_PANEL));
  choices = EDITOR_COMBAT_CHOICES (editor_attack_panel_get_choices (panel));
  g_assert_true (sand_game_force_rolls (game, rolls, 1, &error));
  g_signal_emit_by_name (editor_attack_panel_get_resolve (panel), "clicked");
  flush_events ();
  g_assert_nonnull (sand_game_get_pending_attack (game));
  editor_combat_choices_pick_room (choices, g);
  g_assert_nonnull (editor_playtest_get_pick_prompt (playtest));
  /* back into the assaulted hex: no */
  click_hex (window, game_hex (game, "0505"));
  g_assert_nonnull (editor_playtest_get_pick_prompt (playtest));
  click_hex (window, game_hex (game, "0507"));
  g_signal_emit_by_name (editor_combat_choices_get_apply (choices), "clicked");
  flush_events ();
  g_assert_null (sand_game_get_pending_attack (game));
  g_assert_cmpint (sand_game_get_unit (game, sand_game_find_unit (game, "d"))->hex, ==,
                   game_hex (game, "0506"));
  g_assert_cmpint (sand_game_get_unit (game, sand_game_find_unit (game, "e"))->hex, ==,
                   game_hex (game, "0506"));
  g_assert_cmpint (sand_game_get_unit (game, g)->hex, ==, game_hex (game, "0507"));

  close_playtest (window);
}

static GtkCheckButton *
find_check (GtkWidget  *root,
            const char *label)
{
  if (GTK_IS_CHECK_BUTTON (root)
      && g_strcmp0 (gtk_check_button_get_label (GTK_CHECK_BUTTON (root)), label) == 0)
    return GTK_CHECK_BUTTON (root);
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkCheckButton *found = find_check (c, label);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* LFAF 8.4: the batteries that may support are ticked by the rules'
 * default; unticking one leaves it out of the assault, and ready. */
static void
test_supporting_artillery_chosen_before_the_die (void)
{
  static const char * const lines[] = {
    "new lfaf1914 12x12",
    "unit a french infantry 0504 steps=2",
    "unit g french artillery 0501",
    "unit h french artillery 0502",
    "unit d german infantry 0505 steps=2",
  };
  g_autoptr(EditorDocument) doc = document_from_console (lines, G_N_ELEMENTS (lines));
  EditorWindow *window = new_window_sized (doc, 1200, 800);
  EditorPlaytest *playtest = editor_playtest_get_for_window (window);
  g_autoptr(GError) error = NULL;
  int rolls[1] = { 3 };
  EditorAttackPanel *panel;
  GtkCheckButton *g, *h;
  SandGame *game;

  start_combat (playtest, "french");
  game = editor_playtest_get_game (playtest);
  click_hex (window, game_hex (game, "0505"));
  click_hex (window, game_hex (game, "0504"));
  panel = EDITOR_ATTACK_PANEL (find_widget (GTK_WIDGET (window), EDITOR_TYPE_ATTACK_PANEL));
  g = find_check (GTK_WIDGET (panel), "g");
  h = find_check (GTK_WIDGET (panel), "h");
  g_assert_nonnull (g);
  g_assert_nonnull (h);
  g_assert_true (gtk_check_button_get_active (g));
  g_assert_true (gtk_check_button_get_active (h));
  g_assert_cmpstr (editor_attack_panel_get_odds (panel), ==, "2 against 2: d6+2, +2");
  gtk_check_button_set_active (h, FALSE);
  flush_events ();
  g_assert_cmpstr (editor_attack_panel_get_odds (panel), ==, "2 against 2: d6+1, +1");

  g_assert_true (sand_game_force_rolls (game, rolls, 1, &error));
  g_signal_emit_by_name (editor_attack_panel_get_resolve (panel), "clicked");
  flush_events ();
  /* nothing left to choose (one unit a side, no retreat): settled at once */
  g_assert_null (sand_game_get_pending_attack (game));
  {
    const char *line = sand_game_log_line (game, sand_game_log_length (game) - 1);
    g_test_message ("log: %s", line);
    g_assert_nonnull (strstr (line, "support=g"));
  }
  close_playtest (window);
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *home = NULL;
  int ret;

  /* A private home, so the editor's drafts and recent files stay out of
   * the user's. */
  home = g_dir_make_tmp ("sandtable-test-playtest-combat-XXXXXX", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 4; i++)
    {
      static const char * const vars[] = {
        "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME",
      };
      g_autofree char *dir = g_build_filename (home, vars[i], NULL);

      g_mkdir_with_parents (dir, 0700);
      g_setenv (vars[i], dir, TRUE);
    }

  g_test_init (&argc, &argv, NULL);
  /* As in test-editor-playtest.c: GTK 4.8 may warn about a snapshot without an
   * allocation; criticals stay fatal. */
  g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }

  app = editor_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/playtest-combat/losses/allocated-unit-by-unit",
                   test_losses_allocated_unit_by_unit);
  g_test_add_func ("/playtest-combat/hasty/defender-allocates-losses",
                   test_hasty_attack_defender_allocates_losses);
  g_test_add_func ("/playtest-combat/stacking/surplus-picked-by-its-owner",
                   test_surplus_picked_by_its_owner);
  g_test_add_func ("/playtest-combat/undo/takes-back-the-rolled-attack",
                   test_undo_takes_back_the_rolled_attack);
  g_test_add_func ("/playtest-combat/retreat/hex-clicked-on-the-map",
                   test_retreat_hex_clicked_on_the_map);
  g_test_add_func ("/playtest-combat/retreat/room-made-by-the-unit-picked",
                   test_room_made_by_the_unit_picked);
  g_test_add_func ("/playtest-combat/support/chosen-before-the-die",
                   test_supporting_artillery_chosen_before_the_die);

  ret = g_test_run ();
  g_clear_object (&app);
  return ret;
}
