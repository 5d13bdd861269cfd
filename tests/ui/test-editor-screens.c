/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What a look at every screen found (issue 17, item 6), held where a
 * widget's allocation or text says it: no side panel page is wider than
 * the panel at 1280x720, so nothing is cut at its right edge; the turn bar
 * counts to the turn the game really ends on. */
#include "config.h"

#include <adwaita.h>

#include "editor-playtest.h"
#include "editor-scenario-panels.h"
#include "ui-test-lib.h"

/* The widgets nearly as wide as @limit or wider, indented by depth: what
 * makes a page wider than its panel, named in the test's log. */
static void
name_too_wide (GtkWidget *w,
               int        limit,
               int        depth)
{
  int min = 0;

  gtk_widget_measure (w, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  if (min < limit / 2)
    return;
  g_test_message ("%*s%s (%s) %d px%s%s", depth, "", G_OBJECT_TYPE_NAME (w),
                  gtk_widget_get_css_name (w), min, GTK_IS_LABEL (w) ? ": " : "",
                  GTK_IS_LABEL (w) ? gtk_label_get_label (GTK_LABEL (w)) : "");
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    name_too_wide (c, limit, depth + 1);
}

static void
assert_no_horizontal_overflow (GtkWidget  *page,
                               const char *what)
{
  g_autoptr(GPtrArray) scrollers = g_ptr_array_new ();

  find_all (page, GTK_TYPE_SCROLLED_WINDOW, scrollers);
  for (guint i = 0; i < scrollers->len; i++)
    {
      GtkScrolledWindow *s = scrollers->pdata[i];
      GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (s);
      double upper = gtk_adjustment_get_upper (h), page_size = gtk_adjustment_get_page_size (h);

      if (!gtk_widget_get_mapped (GTK_WIDGET (s)) || page_size <= 0)
        continue;
      if (upper > page_size + 0.5)
        {
          g_test_message ("%s: %.0f px wide in %.0f", what, upper, page_size);
          name_too_wide (gtk_scrolled_window_get_child (s), (int) page_size, 0);
        }
      g_assert_cmpfloat (upper, <=, page_size + 0.5);
    }
}

/* Every side page of @data's scenario fits the panel's width at 1280x720. */
static void
test_side_pages_fit_panel_width (gconstpointer data)
{
  static const char * const pages[] = { "counters", "oobs", "scenario", "problems", "tools" };
  EditorWindow *window = open_shipped (data, 1280, 720, NULL);
  EditorScenarioPanels *panels = editor_scenario_panels_get (window);

  wait_for_layout (window);
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      g_autofree char *what = g_strdup_printf ("%s, %s", (const char *) data, pages[i]);

      editor_scenario_panels_show (panels, pages[i]);
      wait_for_layout (window);
      dump (window, pages[i]);
      assert_no_horizontal_overflow (GTK_WIDGET (window), what);
    }
  destroy_window (window);
}

/* Whether a label under @root reads @text. */
static gboolean
has_label (GtkWidget  *root,
           const char *text)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  find_all (root, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_get_mapped (labels->pdata[i])
        && g_str_has_prefix (gtk_label_get_text (labels->pdata[i]), text))
      return TRUE;
  return FALSE;
}

/* A scenario of one turn leaves the length to the ruleset (FPW: 11): the
 * bar said "Turn 4 of 1" and the victory screen "Game-Turn 11 of 1". */
static void
test_turn_bar_counts_to_the_games_last_turn (void)
{
  g_autoptr(EditorDocument) doc = load_shipped ("fpw1870.xml");
  EditorWindow *window;
  EditorPlaytest *playtest;

  sand_scenario_set_turns (editor_document_get_scenario (doc), 1);
  window = new_window_sized (doc, 1280, 720);
  playtest = editor_playtest_get_for_window (window);
  start_playtest (playtest, 1);
  wait_for_layout (window);
  dump (window, "turn-bar");
  g_assert_cmpint (sand_game_get_n_turns (editor_playtest_get_game (playtest)), ==, 11);
  /* set-up comes first, and the heading says so, not turn 1's phase */
  g_assert_true (has_label (GTK_WIDGET (window), "Set-up · French, before turn 1 of 11"));
  finish_setup (playtest);
  wait_for_layout (window);
  g_assert_true (has_label (GTK_WIDGET (window), "Turn 1 of 11 · "));
  close_playtest (window);
}

int
main (int   argc,
      char *argv[])
{
  if (!ui_test_init (&argc, &argv, "sand-editor-screens-XXXXXX"))
    return 0;
  if (g_getenv ("SAND_FIRST_DESIGNER_DARK") != NULL)
    adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                        ADW_COLOR_SCHEME_FORCE_DARK);

  g_test_add_data_func ("/editor-screens/side-pages/fit-panel-width/fpw1870", "fpw1870.xml",
                        test_side_pages_fit_panel_width);
  g_test_add_data_func ("/editor-screens/side-pages/fit-panel-width/lfaf1914-1",
                        "lfaf1914-1-rossignol.xml", test_side_pages_fit_panel_width);
  g_test_add_func ("/editor-screens/playtest/turn-bar-counts-to-the-games-last-turn",
                   test_turn_bar_counts_to_the_games_last_turn);
  return g_test_run ();
}
