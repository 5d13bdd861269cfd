/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The editor in French and in German (issue 20): run with LC_ALL set to
 * the language under test (tests/ui/meson.build runs it once per language
 * of po/LINGUAS), the header bar, the tool palette, a refusal in the
 * playtest and the ruleset's names read in that language (but never reach
 * a saved file or the game log), the computer's strip names its level
 * as the set-up dialog does, and at 1280×720 no label of the main
 * window is cut — German words are long — nor is the shortcuts window
 * wider than the screen.
 *
 * "Translated" is asserted against the catalogue the build compiled: the
 * message shown must be the catalogue's form of the English msgid, and
 * that form must differ from the English one, so an untranslated string
 * fails here as surely as a missing catalogue. */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "editor-playtest.h"
#include "editor-scenario-panels.h"
#include "sand-locale.h"
#include "sand-ruleset-labels.h"
#include "sand-scenario-io.h"
#include "ui-test-lib.h"
#include "ui-test-computer.h"

/* The translation of @msgid, asserted to be one. */
static const char *
translated (const char *msgid)
{
  const char *text = g_dgettext (GETTEXT_PACKAGE, msgid);

  if (g_strcmp0 (text, msgid) == 0)
    g_error ("“%s” has no translation in %s", msgid, setlocale (LC_MESSAGES, NULL));
  return text;
}

static void
collect_labels (GtkWidget *widget,
                GPtrArray *labels)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_LABEL (widget))
    g_ptr_array_add (labels, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, labels);
}

static gboolean
shows_text (GtkWidget  *root,
            const char *text)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  collect_labels (root, labels);
  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (gtk_label_get_text (labels->pdata[i]), text) == 0)
      return TRUE;
  return FALSE;
}

static void
test_header_bar_and_palette_are_translated (void)
{
  EditorWindow *window = open_shipped ("demo.xml", 0, 0, NULL);

  g_test_message ("locale %s: Playtest → %s, Terrain Brush → %s", setlocale (LC_MESSAGES, NULL),
                  g_dgettext (GETTEXT_PACKAGE, "Playtest"),
                  g_dgettext (GETTEXT_PACKAGE, "Terrain Brush"));
  g_assert_true (shows_text (GTK_WIDGET (window->header_bar), translated ("Playtest")));
  g_assert_false (shows_text (GTK_WIDGET (window->header_bar), "Playtest"));
  g_assert_true (shows_text (window->palette, translated ("Terrain Brush")));
  g_assert_true (shows_text (window->palette, translated ("Fill")));
  g_assert_false (shows_text (window->palette, "Terrain Brush"));
  destroy_window (window);
}

/* Engine refusals reach the player in the language too: a unit sent
 * beyond its movement allowance (Movement (M)); the rule case keeps the
 * rulebook's name. */
static void
test_playtest_refusal_is_translated (void)
{
  EditorPlaytest *playtest;
  EditorWindow *window = open_shipped ("demo.xml", 0, 0, &playtest);
  g_autofree char *expected = NULL;
  SandGame *game;
  const char *message;
  int unit = -1, far = -1, side, best = -1;

  game = start_playtest (playtest, 1);
  side = sand_game_get_side (game);
  for (guint u = 0; u < sand_game_n_units (game) && unit < 0; u++)
    if (sand_game_get_unit (game, u)->side == side &&
        sand_game_get_unit (game, u)->status == SAND_UNIT_ON_MAP &&
        sand_game_unit_allowance (game, u) > 0)
      unit = u;
  g_assert_cmpint (unit, >=, 0);
  /* The empty hex farthest from it: out of reach on any map this size. */
  for (int h = 0; h < sand_grid_n_hexes (sand_game_get_grid (game)); h++)
    {
      g_autoptr(GArray) here = g_array_new (FALSE, FALSE, sizeof (int));
      int d = sand_grid_distance (sand_game_get_grid (game), h,
                                  sand_game_get_unit (game, unit)->hex);

      sand_game_units_at (game, h, here);
      if (here->len == 0 && d > best)
        best = d, far = h;
    }
  g_assert_cmpint (best, >, sand_game_unit_allowance (game, unit));

  /* Move it once, so that the click on the far hex asks the engine to move
   * (before any action a click may still set a unit up in its zone). */
  click_hex (window, sand_game_get_unit (game, unit)->hex);
  g_assert_cmpint (editor_playtest_get_selected (playtest), ==, unit);
  click_hex (window, far);
  message = editor_playtest_get_message (playtest);
  g_assert_nonnull (message);
  g_test_message ("refusal: %s", message);
  {
    g_autofree char *who = sand_game_unit_label_for (game, unit, side, SAND_UNIT_LABEL_WITH_ID);
    char id[SAND_HEX_ID_MAX];

    sand_grid_format_id (sand_game_get_grid (game), far, id);
    expected = g_strdup_printf (translated ("%s has %d MP left, not enough to reach %s."), who,
                                sand_game_unit_mp_left (game, unit), id);
  }
  g_assert_nonnull (strstr (message, expected));
  g_assert_nonnull (strstr (message, "Movement (M)"));
  close_playtest (window);
}

/* The ruleset's names (sides, phases, terrains) come from the ruleset file
 * through po/its/sandtable-ruleset.its: the playtest bar shows them in the
 * language, while the game log and a saved scenario keep the English names
 * and ids that files and the console read. */
static void
test_ruleset_names_shown_translated_never_saved (void)
{
  EditorPlaytest *playtest;
  EditorWindow *window = open_shipped ("demo.xml", 0, 0, &playtest);
  g_autoptr(GError) error = NULL;
  g_autofree char *heading = NULL;
  g_autofree char *path = NULL;
  g_autofree char *saved = NULL;
  SandRuleset *rs;
  SandGame *game;
  int side, phase;

  game = start_playtest (playtest, 1);
  rs = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  /* the set-up's heading first, in the locale's words */
  side = sand_game_setup_side (game);
  g_assert_cmpint (side, >=, 0);
  heading = g_strdup_printf (translated ("Set-up · %s, before turn %d of %d"),
                             sand_ruleset_side_label (rs, side), sand_game_get_turn (game),
                             sand_scenario_get_turns (sand_game_get_scenario (game)));
  g_assert_true (shows_text (GTK_WIDGET (window), heading));
  g_clear_pointer (&heading, g_free);
  finish_setup (playtest);
  game = editor_playtest_get_game (playtest);
  side = sand_game_get_side (game);
  phase = sand_game_get_phase (game);
  g_assert_cmpstr (sand_ruleset_side_label (rs, side), !=,
                   sand_ruleset_get_side (rs, side)->name);
  g_assert_cmpstr (sand_ruleset_phase_label (rs, phase), !=,
                   sand_ruleset_get_phase (rs, phase)->name);
  g_assert_cmpstr (sand_ruleset_terrain_label (rs, 0), !=,
                   sand_ruleset_get_terrain (rs, 0)->name);
  heading = g_strdup_printf (translated ("Turn %d of %d · %s: %s"), sand_game_get_turn (game),
                             sand_scenario_get_turns (sand_game_get_scenario (game)),
                             sand_ruleset_side_label (rs, side),
                             sand_ruleset_phase_label (rs, phase));
  g_test_message ("heading: %s", heading);
  g_assert_true (shows_text (GTK_WIDGET (window), heading));

  g_assert_true (editor_playtest_end_phase (playtest, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < sand_game_log_length (game); i++)
    for (guint s = 0; s < sand_ruleset_n_sides (rs); s++)
      g_assert_null (strstr (sand_game_log_line (game, i), sand_ruleset_side_label (rs, s)));

  path = g_build_filename (g_get_tmp_dir (), "sandtable-translations-save.xml", NULL);
  g_assert_true (sand_scenario_save_file (sand_game_get_scenario (game), path, FALSE, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));
  g_remove (path);
  for (guint s = 0; s < sand_ruleset_n_sides (rs); s++)
    g_assert_null (strstr (saved, sand_ruleset_side_label (rs, s)));
  for (guint t = 0; t < sand_ruleset_n_terrains (rs); t++)
    g_assert_null (strstr (saved, sand_ruleset_terrain_label (rs, t)));
  close_playtest (window);
}

/* Whether @label fits inside @clip (an ancestor that clips what it holds):
 * both ways, or only across when @clip scrolls up and down. */
static gboolean
fits_in (GtkWidget *label,
         GtkWidget *clip,
         gboolean   across_only)
{
  graphene_rect_t b;

  g_assert_true (gtk_widget_compute_bounds (label, clip, &b));
  if (b.origin.x < -0.5 || b.origin.x + b.size.width > gtk_widget_get_width (clip) + 0.5)
    return FALSE;
  return across_only ||
         (b.origin.y > -0.5 && b.origin.y + b.size.height < gtk_widget_get_height (clip) + 0.5);
}

static gboolean
scrolls_across (GtkWidget *widget)
{
  for (GtkWidget *up = gtk_widget_get_parent (widget); up != NULL; up = gtk_widget_get_parent (up))
    if (GTK_IS_SCROLLED_WINDOW (up))
      {
        GtkPolicyType across;

        gtk_scrolled_window_get_policy (GTK_SCROLLED_WINDOW (up), &across, NULL);
        if (across != GTK_POLICY_NEVER && across != GTK_POLICY_EXTERNAL)
          return TRUE;
      }
  return FALSE;
}

/* A label is cut when its text is ellipsized, or when a widget that clips
 * what it holds (the window, a paned side, a scrolled window across) is
 * narrower than the label's place in it. A label scrolled out of view up
 * or down is not cut: the user scrolls to it. */
static void
assert_no_label_cut (EditorWindow *window,
                     const char   *where)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  collect_labels (GTK_WIDGET (window), labels);
  g_assert_cmpuint (labels->len, >, 10);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkWidget *label = labels->pdata[i];
      const char *text = gtk_label_get_text (GTK_LABEL (label));
      gboolean scrolled = FALSE;

      if (text == NULL || *text == '\0' || gtk_widget_get_width (label) == 0)
        continue;
      if (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label))) &&
          gtk_widget_get_ancestor (label, GTK_TYPE_COLUMN_VIEW) == NULL &&
          gtk_widget_get_ancestor (label, GTK_TYPE_DROP_DOWN) == NULL)
        g_error ("%s: the label “%s” is ellipsized at %d px", where, text,
                 gtk_widget_get_width (label));
      if (scrolls_across (label))
        continue; /* scrolling across is a way to read it whole */
      for (GtkWidget *up = gtk_widget_get_parent (label); up != NULL;
           up = gtk_widget_get_parent (up))
        {
          gboolean clips = gtk_widget_get_overflow (up) == GTK_OVERFLOW_HIDDEN ||
                           GTK_IS_WINDOW (up) || GTK_IS_SCROLLED_WINDOW (up);

          scrolled = scrolled || GTK_IS_SCROLLED_WINDOW (up);
          if (clips && !GTK_IS_VIEWPORT (up) && !fits_in (label, up, scrolled))
            g_error ("%s: the label “%s” (%d px) does not fit in its %s (%d px)", where, text,
                     gtk_widget_get_width (label), G_OBJECT_TYPE_NAME (up),
                     gtk_widget_get_width (up));
          if (GTK_IS_WINDOW (up))
            break;
        }
    }
}

static void
test_no_label_is_cut_at_1280x720 (void)
{
  EditorWindow *window = open_shipped ("fpw1870.xml", 1280, 720, NULL);
  EditorScenarioPanels *panels = editor_scenario_panels_get (window);
  static const char * const pages[] = { "tools", "counters", "oobs", "scenario", "problems" };

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      editor_scenario_panels_show (panels, pages[i]);
      flush_events ();
      g_assert_cmpstr (editor_scenario_panels_get_page (panels), ==, pages[i]);
      assert_no_label_cut (window, pages[i]);
    }
  destroy_window (window);
}

/* The shortcuts window (Ctrl+?) opens as wide as its widest page, and its
 * shortcuts' subtitles do not wrap: at 1280×720 it must fit the screen,
 * its close button with it. */
static void
test_shortcuts_window_fits_1280 (void)
{
  g_autoptr(GtkBuilder) builder =
    gtk_builder_new_from_resource ("/io/github/sandtable/Sandtable/gtk/help-overlay.ui");
  GtkWidget *overlay = GTK_WIDGET (gtk_builder_get_object (builder, "help_overlay"));
  GLogLevelFlags fatal;
  int minimum, natural;

  /* GTK 4.8's own GtkShortcutLabel warns that it "reported min width -3"
   * as it is first measured (in the editor too): warnings are not fatal
   * while it is; criticals stay fatal. */
  fatal = g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
  g_assert_nonnull (overlay);
  gtk_widget_measure (overlay, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  g_test_message ("shortcuts window: %d px wide (at least %d)", natural, minimum);
  g_assert_cmpint (natural, <=, 1280);
  gtk_window_destroy (GTK_WINDOW (overlay));
  g_log_set_always_fatal (fatal);
}

/* The Counters table in this language at 1280x720 (issue 17): whole in
 * its pane, no horizontal scrolling, for the two games' columns (FPW's
 * strength, LFAF's steps). */
static void
test_counters_table_fits_at_1280x720 (void)
{
  static const char * const files[] = { "fpw1870.xml", "lfaf1914-1-rossignol.xml" };

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      EditorWindow *window = open_shipped (files[f], 1280, 720, NULL);
      EditorScenarioPanels *panels = editor_scenario_panels_get (window);
      GtkWidget *view, *scroller;
      GtkAdjustment *h;

      editor_scenario_panels_show (panels, "counters");
      wait_for_layout (window);
      view = find_widget (editor_scenario_panels_get_counter_mix (panels), GTK_TYPE_COLUMN_VIEW);
      scroller = gtk_widget_get_ancestor (view, GTK_TYPE_SCROLLED_WINDOW);
      h = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (scroller));
      g_test_message ("%s: table %.0f px in %.0f", files[f], gtk_adjustment_get_upper (h),
                      gtk_adjustment_get_page_size (h));
      g_assert_cmpfloat (gtk_adjustment_get_page_size (h), >, 0);
      g_assert_cmpfloat (gtk_adjustment_get_upper (h), <=, gtk_adjustment_get_page_size (h));
      g_assert_cmpint (gtk_widget_get_width (view), <=, gtk_widget_get_width (scroller));
      dump (window, f == 0 ? "counters-fpw" : "counters-lfaf");
      destroy_window (window);
    }
}

/* The computer's strip names its level with the set-up dialog's word in
 * the language ("Ordinateur · rapide" there, "Ordinateur : Allemands
 * (rapide)" here), never the console's English one. */
static void
test_computer_strip_names_its_level_in_the_language (void)
{
  EditorPlaytest *playtest;
  EditorWindow *window = open_shipped ("demo.xml", 0, 0, &playtest);
  SandGame *game = start_playtest (playtest, 1);
  int other = 1 - side_to_act (game);
  SandRuleset *ruleset = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  const char *level = g_dpgettext2 (GETTEXT_PACKAGE, "computer level", "strong");
  g_autofree char *who = NULL;
  g_autofree char *expected = NULL;

  g_assert_cmpstr (level, !=, "strong");
  set_computer (playtest, other, SAND_AI_STRONG, 0);
  wait_for_layout (window);
  who = g_strdup_printf (g_dgettext (GETTEXT_PACKAGE, "%s (%s)"),
                         sand_ruleset_side_label (ruleset, other), level);
  expected = g_strdup_printf (g_dgettext (GETTEXT_PACKAGE, "Computer: %s"), who);
  g_test_message ("strip: %s", expected);
  g_assert_true (shows_text (editor_playtest_get_computer_bar (playtest), expected));
  close_playtest (window);
}

int
main (int    argc,
      char **argv)
{
  /* The catalogues of this build, whatever is installed. */
  g_setenv ("SANDTABLE_LOCALEDIR", SAND_BUILD_LOCALEDIR, TRUE);
  sand_locale_init ();
  if (setlocale (LC_MESSAGES, NULL) == NULL ||
      g_str_has_prefix (setlocale (LC_MESSAGES, NULL), "C"))
    g_error ("the locale %s is not available (tools/dev.sh generates fr_FR.UTF-8 and "
             "de_DE.UTF-8)", g_getenv ("LC_ALL"));
  if (!ui_test_init (&argc, &argv, "sandtable-translations-XXXXXX"))
    return 0;
  g_test_add_func ("/translations/header-bar-and-palette", test_header_bar_and_palette_are_translated);
  g_test_add_func ("/translations/playtest-refusal", test_playtest_refusal_is_translated);
  g_test_add_func ("/translations/ruleset-names", test_ruleset_names_shown_translated_never_saved);
  g_test_add_func ("/translations/no-label-cut-at-1280x720", test_no_label_is_cut_at_1280x720);
  g_test_add_func ("/translations/shortcuts-window-fits-1280",
                   test_shortcuts_window_fits_1280);
  g_test_add_func ("/translations/counters-table-fits-1280x720",
                   test_counters_table_fits_at_1280x720);
  g_test_add_func ("/translations/computer-strip-level", test_computer_strip_names_its_level_in_the_language);
  return g_test_run ();
}
