/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The playtest's unit card and its sections (issue 17, item 3): for FPW
 * and LFAF, selecting a unit shows the section's buttons for exactly the
 * actions the engine offers it now; pressing one plays the action; a
 * refused one shows the rule's reason. A game without a section of its
 * own (Hex and CRT, the tests' game) gets the generic card. */
#include "config.h"

#include <glib/gstdio.h>

#include "editor-fpw-unit-actions.h"
#include "editor-lfaf-unit-actions.h"
#include "editor-playtest.h"
#include "editor-unit-card.h"
#include "sand-console.h"
#include "sand-rules-hexcrt.h"
#include "ui-test-lib.h"

/* The actions a section shows only when the engine offers them. */
static const char *const fpw_offered[] = { "entrain", "detrain", "exit", "remove", "done",
                                           "hasty", "challenge", "formation" };
static const char *const lfaf_offered[] = { "rally", "surplus" };

static EditorDocument *
document_from (const char * const *lines,
               guint               n)
{
  g_autoptr(SandConsole) con = sand_console_new (NULL, 1);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *answer = sand_console_execute (con, lines[i]);

      if (!g_str_has_prefix (answer, "{\"ok\":true"))
        g_error ("'%s' answered %s", lines[i], answer);
    }
  return editor_document_new (sand_console_get_scenario (con));
}

static EditorUnitCard *
card_of (EditorPlaytest *playtest)
{
  return EDITOR_UNIT_CARD (editor_playtest_get_unit_actions (playtest));
}

/* Starts play and sets the clock to @side's @phase of turn 1. */
static SandGame *
start_at (EditorPlaytest     *playtest,
          const char * const *options,
          const char         *side,
          const char         *phase)
{
  g_autoptr(GError) error = NULL;
  SandGame *game;
  SandRuleset *ruleset;

  g_assert_true (editor_playtest_start (playtest, NULL, options, 1, &error));
  g_assert_no_error (error);
  game = editor_playtest_get_game (playtest);
  ruleset = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  g_assert_true (sand_game_set_clock (game, 1, sand_ruleset_find_side (ruleset, side),
                                      sand_ruleset_find_phase (ruleset, phase), &error));
  g_assert_no_error (error);
  if (editor_playtest_get_screen_hidden (playtest))
    editor_playtest_show_screen (playtest);
  return game;
}

static void
select_unit (EditorPlaytest *playtest,
             const char     *id)
{
  int unit = sand_game_find_unit (editor_playtest_get_game (playtest), id);

  g_assert_cmpint (unit, >=, 0);
  editor_playtest_select_unit (playtest, unit);
  flush_events ();
}

static gboolean
shown (EditorUnitCard *card,
       const char     *action)
{
  GtkWidget *button = editor_unit_card_get_button (card, action);

  flush_events ();
  return button != NULL && gtk_widget_get_mapped (button) && gtk_widget_is_sensitive (button);
}

static void
press (EditorUnitCard *card,
       const char     *action)
{
  if (!shown (card, action))
    g_error ("the %s button is not offered", action);
  g_signal_emit_by_name (editor_unit_card_get_button (card, action), "clicked");
  flush_events ();
}

/* Every unit of the side to move, selected in turn, shows each of
 * @names exactly when the engine offers it; returns how many were
 * offered in all (the position must offer some). */
static guint
assert_buttons_are_the_offers (EditorPlaytest    *playtest,
                               const char *const *names,
                               guint              n_names)
{
  SandGame *game = editor_playtest_get_game (playtest);
  EditorUnitCard *card = card_of (playtest);
  guint offered = 0;

  for (guint u = 0; u < sand_game_n_units (game); u++)
    {
      const SandUnitState *st = sand_game_get_unit (game, u);

      if (st->status != SAND_UNIT_ON_MAP || st->side != sand_game_get_side (game))
        continue;
      editor_playtest_select_unit (playtest, (int) u);
      flush_events ();
      g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (card)));
      for (guint i = 0; i < n_names; i++)
        {
          gboolean offers = sand_game_offers (game, names[i], (int) u);

          g_test_message ("%s: %s %s", sand_game_get_counter (game, u)->id, names[i],
                          offers ? "offered" : "not offered");
          g_assert_cmpint (shown (card, names[i]), ==, offers);
          offered += offers;
        }
    }
  return offered;
}

static const char *const fpw_lines[] = {
  "new fpw1870 10x10",
  "country germany 0101 0201 0301 0401 0102 0202 0302 0402 0103 0203 0303 0403",
  "marker supply 0101 german name=S",
  "marker supply 0110 french name=F",
  "rail 0102 0103 0104 0105 0106",
  "unit de1 german combat 0103 strength=6 ma=8",
  "unit de2 german combat 0406 strength=5 ma=8",
  "unit fr1 french combat 0909 strength=4 ma=6",
};

/* FPW: the section's buttons are the offered actions; Entrain puts the
 * unit on the rails, after which Detrain is offered and Entrain is not. */
static void
test_fpw_buttons_are_the_offered_actions (void)
{
  g_autoptr(EditorDocument) doc = document_from (fpw_lines, G_N_ELEMENTS (fpw_lines));
  EditorWindow *window = new_window (doc);
  EditorPlaytest *playtest = editor_playtest_get_for_window (window);
  EditorUnitCard *card = card_of (playtest);
  SandGame *game = start_at (playtest, NULL, "german", "movement");
  int de1 = sand_game_find_unit (game, "de1");
  guint n;

  flush_events ();
  g_assert_true (EDITOR_IS_FPW_UNIT_ACTIONS (editor_unit_card_get_section (card)));
  assert_buttons_are_the_offers (playtest, fpw_offered, G_N_ELEMENTS (fpw_offered));

  select_unit (playtest, "de1");
  g_assert_true (sand_game_offers (game, "entrain", de1));
  n = sand_game_log_length (game);
  press (card, "entrain");
  g_assert_cmpuint (sand_game_log_length (game), ==, n + 1);
  g_assert_cmpstr (sand_game_log_line (game, n), ==, "entrain de1");
  g_assert_true (sand_game_get_unit (game, de1)->flags & SAND_UNIT_ENTRAINED);
  g_assert_false (editor_unit_card_get_refused (card));
  g_assert_false (shown (card, "entrain"));
  g_assert_cmpint (shown (card, "detrain"), ==, sand_game_offers (game, "detrain", de1));
  assert_buttons_are_the_offers (playtest, fpw_offered, G_N_ELEMENTS (fpw_offered));

  close_playtest (window);
}

/* FPW Standard Game with Formation Status: a hasty attack (Hasty Attacks
 * (N)), a challenge and a change of formation are buttons exactly when the
 * engine offers them — here to the German next to a French unit, and the
 * formation change to every German able to pay for it. */
static void
test_fpw_standard_buttons_are_the_offered_actions (void)
{
  static const char *const options[] = { "standard", "formation", NULL };
  static const char *const lines[] = {
    "new fpw1870 10x10",
    "marker supply 0101 german name=S",
    "marker supply 0110 french name=F",
    "unit de1 german combat 0103 strength=6 ma=8",
    "unit de3 german combat 0808 strength=6 ma=8",
    "unit fr1 french combat 0909 strength=4 ma=6",
  };
  g_autoptr(EditorDocument) doc = document_from (lines, G_N_ELEMENTS (lines));
  EditorWindow *window = new_window (doc);
  EditorPlaytest *playtest = editor_playtest_get_for_window (window);
  SandGame *game = start_at (playtest, options, "german", "movement");
  int de1 = sand_game_find_unit (game, "de1"), de3 = sand_game_find_unit (game, "de3");

  g_assert_true (sand_game_offers (game, "hasty", de3));
  g_assert_true (sand_game_offers (game, "challenge", de3));
  g_assert_true (sand_game_offers (game, "formation", de3));
  g_assert_false (sand_game_offers (game, "hasty", de1));
  g_assert_false (sand_game_offers (game, "challenge", de1));
  g_assert_true (sand_game_offers (game, "formation", de1));
  g_assert_cmpuint (assert_buttons_are_the_offers (playtest, fpw_offered,
                                                   G_N_ELEMENTS (fpw_offered)), >=, 4);
  close_playtest (window);
}

/* FPW Formation Status (A): a unit left with fewer than 4 MP is not offered
 * the change; its button is greyed with the engine's reason, citing the
 * rule, as its tooltip, and nothing is played. */
static void
test_fpw_refused_action_shows_the_reason (void)
{
  static const char *const options[] = { "standard", "formation", NULL };
  g_autoptr(EditorDocument) doc = document_from (fpw_lines, G_N_ELEMENTS (fpw_lines));
  EditorWindow *window = new_window (doc);
  EditorPlaytest *playtest = editor_playtest_get_for_window (window);
  EditorUnitCard *card = card_of (playtest);
  SandGame *game = start_at (playtest, options, "german", "movement");
  g_autoptr(SandAction) move = sand_action_new_kind (SAND_ACTION_MOVE);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  int de2 = sand_game_find_unit (game, "de2");
  int to;

  /* Five clear hexes north leave it 3 of its 8 MP. */
  g_assert_true (sand_grid_parse_id (sand_game_get_grid (game), "0401", &to));
  move->unit = de2;
  move->path = g_array_new (FALSE, FALSE, sizeof (int));
  g_array_append_val (move->path, to);
  g_assert_true (editor_playtest_apply (playtest, move, &error));
  g_assert_no_error (error);
  g_assert_cmpint (sand_game_unit_mp_left (game, de2), <, 4);

  select_unit (playtest, "de2");
  before = sand_game_save_log (game);
  flush_events ();
  GtkWidget *button = editor_unit_card_get_button (card, "formation");
  g_assert_true (gtk_widget_get_mapped (button));
  g_assert_false (gtk_widget_is_sensitive (button));
  const char *tip = gtk_widget_get_tooltip_text (button);
  g_test_message ("refusal: %s", tip);
  g_assert_nonnull (tip);
  g_assert_nonnull (strstr (tip, "Formation Status"));
  after = sand_game_save_log (game);
  g_assert_cmpstr (before, ==, after);

  close_playtest (window);
}

/* LFAF: Eliminate First (LFAF 4.4) is offered to the units of an
 * overstacked hex and no other; Rally (LFAF 9) to a reduced unit stacked
 * with its headquarters; each pressed plays its action. A reduced unit
 * away from its headquarters sees Rally greyed, the rule's reason as its
 * tooltip. */
static void
test_lfaf_buttons_are_the_offered_actions (void)
{
  static const char *const lines[] = {
    "new lfaf1914 12x12",
    "unit a french infantry 0505 steps=2",
    "unit b french infantry 0505 steps=2",
    "unit c french infantry 0505 steps=2",
    "unit d french infantry 0505 steps=2",
    "unit h french hq 0808 steps=1 name=EM",
    "unit e french infantry 0808 steps=2 strength=1 parent=EM",
    "unit f french infantry 0211 steps=2 strength=1 parent=EM",
  };
  g_autoptr(EditorDocument) doc = document_from (lines, G_N_ELEMENTS (lines));
  EditorWindow *window = new_window (doc);
  EditorPlaytest *playtest = editor_playtest_get_for_window (window);
  EditorUnitCard *card = card_of (playtest);
  SandGame *game = start_at (playtest, NULL, "french", "movement");
  guint n;

  flush_events ();
  g_assert_true (EDITOR_IS_LFAF_UNIT_ACTIONS (editor_unit_card_get_section (card)));
  g_assert_cmpuint (assert_buttons_are_the_offers (playtest, lfaf_offered,
                                                   G_N_ELEMENTS (lfaf_offered)), >=, 4);

  select_unit (playtest, "b");
  g_assert_true (shown (card, "surplus"));
  n = sand_game_log_length (game);
  press (card, "surplus");
  g_assert_cmpstr (sand_game_log_line (game, n), ==, "surplus b");
  g_assert_false (editor_unit_card_get_refused (card));
  select_unit (playtest, "e");
  g_assert_false (shown (card, "surplus"));
  n = sand_game_log_length (game);
  press (card, "rally");
  g_assert_cmpstr (sand_game_log_line (game, n), ==, "rally e");
  g_assert_false (editor_unit_card_get_refused (card));
  g_assert_false (shown (card, "rally"));
  assert_buttons_are_the_offers (playtest, lfaf_offered, G_N_ELEMENTS (lfaf_offered));

  select_unit (playtest, "f");
  {
    GtkWidget *rally = editor_unit_card_get_button (card, "rally");
    const char *tip;

    g_assert_true (gtk_widget_get_mapped (rally));
    g_assert_false (gtk_widget_is_sensitive (rally));
    tip = gtk_widget_get_tooltip_text (rally);
    g_test_message ("greyed Rally: %s", tip);
    g_assert_nonnull (strstr (tip, "headquarters"));
    g_assert_nonnull (strstr (tip, "(LFAF 2)"));
  }

  close_playtest (window);
}

/* Hex and CRT has no section: the card names the unit, its values, and
 * what the engine offers it. */
static void
test_generic_card_for_a_game_without_a_section (void)
{
  static const char *const lines[] = {
    "new hexcrt 8x8",
    "unit r1 red infantry 0303 strength=4 ma=4",
    "unit b1 blue infantry 0707 strength=3 ma=5",
  };
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "rules-hexcrt", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(EditorDocument) doc = NULL;
  EditorWindow *window;
  EditorPlaytest *playtest;
  EditorUnitCard *card;
  const char *offered;

  g_assert_true (sand_rules_hexcrt_register (dir, &error));
  g_assert_no_error (error);
  doc = document_from (lines, G_N_ELEMENTS (lines));
  window = new_window (doc);
  playtest = editor_playtest_get_for_window (window);
  card = card_of (playtest);
  start_at (playtest, NULL, "red", "movement");
  select_unit (playtest, "r1");
  g_assert_null (editor_unit_card_get_section (card));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (card)));
  offered = editor_unit_card_get_offered (card);
  g_test_message ("offered: %s", offered);
  g_assert_nonnull (offered);
  g_assert_nonnull (strstr (offered, "move"));
  wait_for_layout (window);
  dump (window, "unit-card-hexcrt");

  close_playtest (window);
}

/* Every button a section shows for a unit is wholly in view at 1280×720,
 * light and dark (SAND_FIRST_DESIGNER_DUMP=DIR keeps the screenshots):
 * FPW's Standard Game with Formation Status on a German unit at a rail
 * hex on the west edge, LFAF's reduced unit stacked with its HQ. */
static void
assert_card_in_view (EditorWindow *window,
                     const char   *name)
{
  EditorPlaytest *playtest = editor_playtest_get_for_window (window);
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  AdwStyleManager *style = adw_style_manager_get_default ();
  guint shown_buttons = 0;

  for (int dark = 0; dark < 2; dark++)
    {
      adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                      : ADW_COLOR_SCHEME_FORCE_LIGHT);
      wait_for_layout (window);
      g_ptr_array_set_size (buttons, 0);
      find_all (GTK_WIDGET (card_of (playtest)), GTK_TYPE_BUTTON, buttons);
      shown_buttons = 0;
      for (guint i = 0; i < buttons->len; i++)
        {
          GtkWidget *button = g_ptr_array_index (buttons, i);

          if (!gtk_widget_get_mapped (button))
            continue;
          shown_buttons++;
          if (!fully_in_view (button))
            g_error ("%s: the button '%s' is not wholly in view", name,
                     gtk_button_get_label (GTK_BUTTON (button)));
        }
      g_assert_cmpuint (shown_buttons, >=, 1);
      dump (window, name);
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

static void
test_card_in_view_light_and_dark (void)
{
  static const char *const fpw_options[] = { "standard", "formation", NULL };
  static const char *const lfaf[] = {
    "new lfaf1914 12x12",
    "unit h french hq 0808 steps=1 name=EM",
    "unit e french infantry 0808 steps=2 strength=1 parent=EM",
    "unit a french infantry 0505 steps=2",
    "unit b french infantry 0505 steps=2",
    "unit c french infantry 0505 steps=2",
  };
  struct { const char *const *lines; guint n; const char *const *options; const char *side;
           const char *unit; const char *name; } games[] = {
    { fpw_lines, G_N_ELEMENTS (fpw_lines), fpw_options, "german", "de1", "unit-card-fpw" },
    { lfaf, G_N_ELEMENTS (lfaf), NULL, "french", "e", "unit-card-lfaf" },
  };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autoptr(EditorDocument) doc = document_from (games[g].lines, games[g].n);
      EditorWindow *window = new_window (doc);
      EditorPlaytest *playtest = editor_playtest_get_for_window (window);

      start_at (playtest, games[g].options, games[g].side, "movement");
      select_unit (playtest, games[g].unit);
      assert_card_in_view (window, games[g].name);
      close_playtest (window);
    }
}

int
main (int    argc,
      char **argv)
{
  if (!ui_test_init (&argc, &argv, "sandtable-test-editor-unit-actions-XXXXXX"))
    return 0;

  g_test_add_func ("/editor-unit-actions/fpw/standard-buttons-are-the-offered-actions",
                   test_fpw_standard_buttons_are_the_offered_actions);
  g_test_add_func ("/editor-unit-actions/fpw/buttons-are-the-offered-actions",
                   test_fpw_buttons_are_the_offered_actions);
  g_test_add_func ("/editor-unit-actions/fpw/refused-action-shows-the-reason",
                   test_fpw_refused_action_shows_the_reason);
  g_test_add_func ("/editor-unit-actions/lfaf/buttons-are-the-offered-actions",
                   test_lfaf_buttons_are_the_offered_actions);
  g_test_add_func ("/editor-unit-actions/generic/card-for-a-game-without-a-section",
                   test_generic_card_for_a_game_without_a_section);
  g_test_add_func ("/editor-unit-actions/card/in-view-at-1280x720-light-and-dark",
                   test_card_in_view_light_and_dark);
  return g_test_run ();
}
