/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Rule options in the editor come from the ruleset, through the engine:
 * the playtest set-up and the Scenario page list what the ruleset declares
 * by its names, plus any option the scenario holds that the ruleset does
 * not know; switching one on brings what it requires and switching that
 * off takes it away again. Turning on Formation Status in the set-up gives
 * a game the engine plays with the `formation` option, as its rules read
 * it (the editor once wrote `formation-status`, which nothing read). */
#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "editor-playtest.h"
#include "editor-playtest-setup-dialog.h"
#include "editor-scenario-properties.h"
#include "editor-unit-card.h"
#include "sand-game.h"
#include "ui-test-lib.h"

/* The rows under @root that hold a switch: the rule options. */
static GPtrArray *
option_rows (GtkWidget *root)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  GPtrArray *with_switch = g_ptr_array_new ();

  find_all (root, ADW_TYPE_ACTION_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    {
      g_autoptr(GPtrArray) switches = g_ptr_array_new ();

      find_all (g_ptr_array_index (rows, i), GTK_TYPE_SWITCH, switches);
      if (switches->len == 1)
        g_ptr_array_add (with_switch, g_ptr_array_index (rows, i));
    }
  return with_switch;
}

static AdwActionRow *
option_row (GtkWidget  *root,
            const char *title)
{
  g_autoptr(GPtrArray) rows = option_rows (root);

  for (guint i = 0; i < rows->len; i++)
    {
      AdwPreferencesRow *row = g_ptr_array_index (rows, i);

      if (g_strcmp0 (adw_preferences_row_get_title (row), title) == 0)
        return ADW_ACTION_ROW (row);
    }
  g_error ("no option row “%s”", title);
  return NULL;
}

static GtkSwitch *
option_switch (GtkWidget  *root,
               const char *title)
{
  g_autoptr(GPtrArray) switches = g_ptr_array_new ();

  find_all (GTK_WIDGET (option_row (root, title)), GTK_TYPE_SWITCH, switches);
  g_assert_cmpuint (switches->len, ==, 1);
  return g_ptr_array_index (switches, 0);
}

static EditorPlaytestSetupDialog *
find_setup_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      if (EDITOR_IS_PLAYTEST_SETUP_DIALOG (w))
        return EDITOR_PLAYTEST_SETUP_DIALOG (w);
    }
  return NULL;
}

static gboolean
strv_has (char       **strv,
          const char  *s)
{
  return g_strv_contains ((const char * const *) strv, s);
}

/* The set-up lists FPW's options by the names the ruleset gives them, in
 * its order, and nothing by the old hard-coded id. */
static void
test_setup_lists_the_rulesets_options (void)
{
  g_autoptr(EditorDocument) doc = load_shipped ("fpw1870.xml");
  SandScenario *scenario = editor_document_get_scenario (doc);
  SandRuleset *ruleset = sand_scenario_get_ruleset (scenario);
  GtkWidget *dialog = editor_playtest_setup_dialog_new (NULL, scenario);
  g_autoptr(GPtrArray) rows = NULL;

  gtk_window_present (GTK_WINDOW (dialog));
  flush_events ();
  rows = option_rows (dialog);
  g_assert_cmpuint (rows->len, ==, sand_ruleset_get_n_options (ruleset));
  for (guint i = 0; i < rows->len; i++)
    {
      const SandOptionDef *def = sand_ruleset_get_option (ruleset, i);
      AdwPreferencesRow *row = g_ptr_array_index (rows, i);
      const char *subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (row));

      g_test_message ("%s: %s", adw_preferences_row_get_title (row), subtitle);
      g_assert_cmpstr (adw_preferences_row_get_title (row), ==, def->name);
      g_assert_true (g_str_has_prefix (subtitle, def->description));
      /* What it needs is said before it is switched on. */
      if (def->requires[0] != NULL)
        g_assert_nonnull (strstr (subtitle, "Standard Game"));
    }
  option_row (dialog, "Formation Status");
  gtk_window_destroy (GTK_WINDOW (dialog));
  flush_events ();
}

/* In the set-up, Formation Status brings the Standard Game; turning the
 * Standard Game off takes Formation Status with it. */
static void
test_setup_formation_brings_the_standard_game (void)
{
  g_autoptr(EditorDocument) doc = load_shipped ("fpw1870.xml");
  SandScenario *scenario = editor_document_get_scenario (doc);
  GtkWidget *dialog = editor_playtest_setup_dialog_new (NULL, scenario);
  EditorPlaytestSetupDialog *setup = EDITOR_PLAYTEST_SETUP_DIALOG (dialog);
  g_auto(GStrv) on = NULL;
  g_auto(GStrv) off = NULL;

  gtk_window_present (GTK_WINDOW (dialog));
  flush_events ();
  g_assert_false (gtk_switch_get_active (option_switch (dialog, "Standard Game")));
  gtk_switch_set_active (option_switch (dialog, "Formation Status"), TRUE);
  flush_events ();
  g_assert_true (gtk_switch_get_active (option_switch (dialog, "Standard Game")));
  on = editor_playtest_setup_dialog_get_options (setup);
  g_assert_true (strv_has (on, "formation"));
  g_assert_true (strv_has (on, "standard"));
  g_assert_false (strv_has (on, "variable-oob"));

  gtk_switch_set_active (option_switch (dialog, "Standard Game"), FALSE);
  flush_events ();
  g_assert_false (gtk_switch_get_active (option_switch (dialog, "Formation Status")));
  off = editor_playtest_setup_dialog_get_options (setup);
  g_assert_cmpuint (g_strv_length (off), ==, 0);
  gtk_window_destroy (GTK_WINDOW (dialog));
  flush_events ();
}

/* The demo's orders of battle place dummies, so its game is the Standard
 * Game whatever the switch says: the set-up shows it on, fixed (no other
 * order of battle to choose) and says why — it once said off. On the
 * campaign, whose orders of battle come in pairs, the switch stays free
 * and follows them. */
static void
test_setup_shows_the_standard_game_the_oobs_play (void)
{
  g_autoptr(EditorDocument) demo = load_shipped ("demo.xml");
  g_autoptr(EditorDocument) campaign = load_shipped ("fpw1870.xml");
  GtkWidget *dialog = editor_playtest_setup_dialog_new (NULL,
                                                        editor_document_get_scenario (demo));
  g_auto(GStrv) options = NULL;
  GtkSwitch *sw;

  gtk_window_present (GTK_WINDOW (dialog));
  flush_events ();
  sw = option_switch (dialog, "Standard Game");
  g_assert_true (gtk_switch_get_active (sw));
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (sw)));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (option_row (dialog, "Standard Game")),
                            "the chosen orders of battle play it"));
  options = editor_playtest_setup_dialog_get_options (EDITOR_PLAYTEST_SETUP_DIALOG (dialog));
  g_assert_true (strv_has (options, "standard"));
  /* nothing else is claimed */
  g_assert_false (gtk_switch_get_active (option_switch (dialog, "Formation Status")));
  gtk_window_destroy (GTK_WINDOW (dialog));
  flush_events ();

  dialog = editor_playtest_setup_dialog_new (NULL, editor_document_get_scenario (campaign));
  gtk_window_present (GTK_WINDOW (dialog));
  flush_events ();
  sw = option_switch (dialog, "Standard Game");
  g_assert_false (gtk_switch_get_active (sw));
  gtk_switch_set_active (sw, TRUE);
  flush_events ();
  /* the Standard orders of battle came with it, and play it */
  g_assert_true (gtk_switch_get_active (sw));
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (sw)));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (option_row (dialog, "Standard Game")),
                            "the chosen orders of battle play it"));
  gtk_switch_set_active (sw, FALSE);
  flush_events ();
  g_assert_false (gtk_switch_get_active (sw));
  g_assert_null (strstr (adw_action_row_get_subtitle (option_row (dialog, "Standard Game")),
                         "the chosen orders of battle play it"));
  gtk_window_destroy (GTK_WINDOW (dialog));
  flush_events ();
}

/* The bug: Formation Status switched on in the set-up must give a game
 * whose rules play it. The engine tells each side its units' formations,
 * and the game panel offers the formation change. */
static void
test_formation_from_setup_plays_formation_status (void)
{
  EditorPlaytest *playtest;
  EditorWindow *window = open_shipped ("fpw1870.xml", 0, 0, &playtest);
  EditorUnitCard *actions = EDITOR_UNIT_CARD (editor_playtest_get_unit_actions (playtest));
  EditorPlaytestSetupDialog *setup;
  GtkWidget *start = NULL;
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  SandGame *game;
  GtkWidget *formation;
  int unit = -1, combat;

  editor_playtest_start_interactive (playtest);
  flush_events ();
  setup = find_setup_dialog ();
  g_assert_nonnull (setup);
  gtk_switch_set_active (option_switch (GTK_WIDGET (setup), "Formation Status"), TRUE);
  flush_events ();
  find_all (GTK_WIDGET (setup), GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_button_get_label (g_ptr_array_index (buttons, i)), "_Play") == 0)
      start = g_ptr_array_index (buttons, i);
  g_assert_nonnull (start);
  g_signal_emit_by_name (start, "clicked");
  flush_events ();

  g_assert_true (editor_playtest_get_active (playtest));
  game = editor_playtest_get_game (playtest);
  g_assert_true (sand_scenario_has_option (sand_game_get_scenario (game), "formation"));
  g_assert_true (sand_scenario_has_option (sand_game_get_scenario (game), "standard"));
  /* play, not set-up: the side to move's units and their phase actions */
  finish_setup (playtest);
  game = editor_playtest_get_game (playtest);
  if (editor_playtest_get_screen_hidden (playtest))
    editor_playtest_show_screen (playtest);
  combat = sand_ruleset_find_unit_type (sand_scenario_get_ruleset (sand_game_get_scenario (game)),
                                        "combat");
  for (guint u = 0; u < sand_game_n_units (game) && unit < 0; u++)
    {
      const SandUnitState *st = sand_game_get_unit (game, u);

      if (st->status == SAND_UNIT_ON_MAP && st->side == sand_game_get_side (game) &&
          sand_game_get_counter (game, u)->type == combat)
        unit = (int) u;
    }
  g_assert_cmpint (unit, >=, 0);
  g_assert_nonnull (sand_game_unit_formation_for (game, unit, sand_game_get_side (game)));

  editor_playtest_select_unit (playtest, unit);
  flush_events ();
  formation = editor_unit_card_get_button (actions, "formation");
  g_assert_nonnull (formation);
  g_assert_true (gtk_widget_get_visible (formation));

  close_playtest (window);
}

/* An option the scenario holds that the ruleset does not declare is still
 * listed, by its id, saying the rules ignore it, so it can be switched off. */
static void
test_unknown_option_listed_as_unknown (void)
{
  g_autoptr(EditorDocument) doc = load_shipped ("fpw1870.xml");
  SandScenario *scenario = editor_document_get_scenario (doc);
  GtkWidget *dialog;
  g_autoptr(EditorScenarioProperties) page =
    EDITOR_SCENARIO_PROPERTIES (g_object_ref_sink (editor_scenario_properties_new ()));
  GtkWidget *window = gtk_window_new ();
  g_auto(GStrv) options = NULL;

  sand_scenario_set_option (scenario, "formation-status", TRUE);
  dialog = editor_playtest_setup_dialog_new (NULL, scenario);
  gtk_window_present (GTK_WINDOW (dialog));
  flush_events ();
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (option_row (dialog,
                                                                     "formation-status")),
                            "ignore"));
  g_assert_true (gtk_switch_get_active (option_switch (dialog, "formation-status")));
  gtk_switch_set_active (option_switch (dialog, "formation-status"), FALSE);
  options = editor_playtest_setup_dialog_get_options (EDITOR_PLAYTEST_SETUP_DIALOG (dialog));
  g_assert_false (strv_has (options, "formation-status"));
  gtk_window_destroy (GTK_WINDOW (dialog));

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  editor_scenario_properties_set_document (page, doc);
  gtk_window_present (GTK_WINDOW (window));
  flush_events ();
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (option_row (GTK_WIDGET (page),
                                                                     "formation-status")),
                            "ignore"));
  editor_scenario_properties_set_document (page, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  flush_events ();
}

/* The Scenario page: Formation Status switched on writes `formation` and
 * `standard` to the scenario as one undo step; undo takes both back. */
static void
test_scenario_page_switches_requirements_in_one_step (void)
{
  g_autoptr(EditorDocument) doc = load_shipped ("fpw1870.xml");
  SandScenario *scenario = editor_document_get_scenario (doc);
  g_autoptr(EditorScenarioProperties) page =
    EDITOR_SCENARIO_PROPERTIES (g_object_ref_sink (editor_scenario_properties_new ()));
  GtkWidget *window = gtk_window_new ();
  g_autoptr(GPtrArray) rows = NULL;

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  editor_scenario_properties_set_document (page, doc);
  gtk_window_present (GTK_WINDOW (window));
  flush_events ();
  rows = option_rows (GTK_WIDGET (page));
  /* One row per option the ruleset declares. */
  g_assert_cmpuint (rows->len, ==,
                    sand_ruleset_get_n_options (sand_scenario_get_ruleset (scenario)));
  g_assert_cmpuint (rows->len, >=, 3);

  gtk_switch_set_active (option_switch (GTK_WIDGET (page), "Formation Status"), TRUE);
  flush_events ();
  g_assert_true (sand_scenario_has_option (scenario, "formation"));
  g_assert_true (sand_scenario_has_option (scenario, "standard"));
  g_assert_false (sand_scenario_has_option (scenario, "formation-status"));
  g_assert_true (gtk_switch_get_active (option_switch (GTK_WIDGET (page), "Standard Game")));

  editor_document_undo (doc);
  flush_events ();
  g_assert_false (sand_scenario_has_option (scenario, "formation"));
  g_assert_false (sand_scenario_has_option (scenario, "standard"));
  g_assert_false (gtk_switch_get_active (option_switch (GTK_WIDGET (page), "Standard Game")));
  g_assert_false (gtk_switch_get_active (option_switch (GTK_WIDGET (page), "Formation Status")));

  /* Off again: the Standard Game takes both optional rules with it. */
  gtk_switch_set_active (option_switch (GTK_WIDGET (page), "Variable Orders of Battle"), TRUE);
  flush_events ();
  g_assert_true (sand_scenario_has_option (scenario, "standard"));
  gtk_switch_set_active (option_switch (GTK_WIDGET (page), "Standard Game"), FALSE);
  flush_events ();
  g_assert_false (sand_scenario_has_option (scenario, "variable-oob"));
  g_assert_false (gtk_switch_get_active (option_switch (GTK_WIDGET (page),
                                                        "Variable Orders of Battle")));

  editor_scenario_properties_set_document (page, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  flush_events ();
}

/* LFAF declares no option: neither the set-up nor the page offers one. */
static void
test_lfaf_offers_no_option (void)
{
  g_autoptr(EditorDocument) doc = load_shipped ("lfaf1914-1-rossignol.xml");
  GtkWidget *dialog = editor_playtest_setup_dialog_new (NULL, editor_document_get_scenario (doc));
  g_autoptr(GPtrArray) rows = NULL;

  gtk_window_present (GTK_WINDOW (dialog));
  flush_events ();
  rows = option_rows (dialog);
  g_assert_cmpuint (rows->len, ==, 0);
  gtk_window_destroy (GTK_WINDOW (dialog));
  flush_events ();
}

int
main (int    argc,
      char **argv)
{
  if (!ui_test_init (&argc, &argv, "sandtable-rule-options-XXXXXX"))
    return 0;

  g_test_add_func ("/rule-options/setup-lists-the-rulesets-options",
                   test_setup_lists_the_rulesets_options);
  g_test_add_func ("/rule-options/setup-shows-the-standard-game-the-oobs-play",
                   test_setup_shows_the_standard_game_the_oobs_play);
  g_test_add_func ("/rule-options/setup-formation-brings-the-standard-game",
                   test_setup_formation_brings_the_standard_game);
  g_test_add_func ("/rule-options/formation-from-setup-plays-formation-status",
                   test_formation_from_setup_plays_formation_status);
  g_test_add_func ("/rule-options/unknown-option-listed-as-unknown",
                   test_unknown_option_listed_as_unknown);
  g_test_add_func ("/rule-options/scenario-page-switches-requirements-in-one-step",
                   test_scenario_page_switches_requirements_in_one_step);
  g_test_add_func ("/rule-options/lfaf-offers-no-option", test_lfaf_offers_no_option);
  return g_test_run ();
}
