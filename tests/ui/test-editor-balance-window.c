/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Balance window (issue 16): win.balance opens it on the document's
 * scenario; a small run plays on worker threads while the main loop keeps
 * turning, to a report of as many games as asked, drawn as pictures and
 * saved as PNG, PDF, JSON and CSV, its combats as a heatmap layer on the
 * map; Cancel stops a long run with no report
 * and the window can run again.
 *
 * SAND_BALANCE_DUMP=DIR writes the report's PNG there to look at. */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "editor-balance-heatmap.h"
#include "editor-balance-chart.h"
#include "editor-balance-chart-view.h"
#include "editor-balance-window.h"
#include "editor-map-canvas-private.h"
#include "editor-playtest.h"
#include "sand-ai.h"
#include "ui-test-lib.h"

/* Turns the main loop until the run is over: the window must stay
 * responsive, so every iteration returns. No timing: a run that never ends
 * is the test's timeout. */
static void
wait_for_run (EditorBalanceWindow *bw)
{
  while (editor_balance_window_is_running (bw))
    g_main_context_iteration (NULL, TRUE);
  flush_events ();
}

static EditorBalanceWindow *
find_balance_window (EditorWindow *parent)
{
  GListModel *list = gtk_window_get_toplevels ();  /* transfer none */
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (list, i);
      if (EDITOR_IS_BALANCE_WINDOW (w)
          && gtk_window_get_transient_for (GTK_WINDOW (w)) == GTK_WINDOW (parent))
        return EDITOR_BALANCE_WINDOW (w);
    }
  return NULL;
}

static void
test_small_run_to_report (void)
{
  EditorWindow *window = open_shipped ("lfaf1914-1-rossignol.xml", 0, 0, NULL);
  g_autoptr(EditorDocument) doc = g_object_ref (editor_window_get_document (window));

  g_action_group_activate_action (G_ACTION_GROUP (window), "balance", NULL);
  flush_events ();
  EditorBalanceWindow *bw = find_balance_window (window);
  g_assert_nonnull (bw);
  g_assert_null (editor_balance_window_get_report (bw));

  const char *const policies[] = { "random", "fast" };
  editor_balance_window_configure (bw, 6, policies, FALSE);
  g_assert_true (editor_balance_window_start (bw));
  g_assert_true (editor_balance_window_is_running (bw));
  g_assert_false (editor_balance_window_start (bw));
  wait_for_run (bw);

  const SandBalanceReport *r = editor_balance_window_get_report (bw);
  g_assert_nonnull (r);
  g_assert_cmpuint (r->pairings->len, ==, 1);
  SandBalancePairing *p = g_ptr_array_index (r->pairings, 0);
  g_assert_cmpuint (p->games->len, ==, 6);
  g_assert_cmpstr (r->players[0], ==, "random");
  g_assert_cmpstr (r->players[1], ==, "fast");
  g_assert_cmpstr (editor_balance_window_get_status (bw), ==, "6 games played");

  /* The same run as the command line's: the engine's JSON for it. */
  g_autofree char *dir = g_dir_make_tmp ("balance-ui-XXXXXX", NULL);
  const char *const names[] = { "r.png", "r.pdf", "r.json", "r.csv" };
  const char *const magic[] = { "\x89PNG", "%PDF", "{\"format\":\"sandtable-balance\"", "oob_" };
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      g_autofree char *data = NULL;
      gsize len;
      g_assert_true (editor_balance_window_save (bw, file, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (path, &data, &len, NULL));
      g_assert_true (len > strlen (magic[i]) && memcmp (data, magic[i], strlen (magic[i])) == 0);
      const char *dump = g_getenv ("SAND_BALANCE_DUMP");
      if (dump != NULL && i == 0)
        {
          g_autofree char *out = g_build_filename (dump, "balance.png", NULL);
          g_file_set_contents (out, data, (gssize) len, NULL);
        }
      g_unlink (path);
    }
  g_rmdir (dir);

  /* The heatmap layer: combats tint the hexes attacked, with their counts;
   * nothing clears it. */
  EditorMapCanvas *canvas = EDITOR_MAP_CANVAS (window->canvas);
  editor_balance_window_show_heatmap (bw, EDITOR_BALANCE_HEAT_COMBATS);
  const SandOverlay *overlay = editor_map_canvas_get_overlay (canvas);
  g_assert_nonnull (overlay);
  g_assert_nonnull (overlay->tint);
  guint64 combats = 0, tinted = 0;
  for (guint i = 0; i < p->hexes->len; i++)
    combats += g_array_index (p->hexes, SandBalanceHex, i).combats > 0;
  SandMap *map = editor_document_get_map (doc);
  for (int h = 0; h < sand_grid_n_hexes (sand_map_get_grid (map)); h++)
    tinted += overlay->tint[h] != 0;
  g_assert_cmpuint (combats, >, 0);
  g_assert_cmpuint (tinted, ==, combats);
  const char *dump = g_getenv ("SAND_BALANCE_DUMP");
  if (dump != NULL)
    {
      g_autofree char *out = g_build_filename (dump, "balance-heatmap.png", NULL);
      editor_map_canvas_set_sync_rendering (canvas, TRUE);
      flush_events ();
      save_window (GTK_WINDOW (window), out);
      g_autofree char *out2 = g_build_filename (dump, "balance-window.png", NULL);
      save_window (GTK_WINDOW (bw), out2);
    }
  editor_balance_window_show_heatmap (bw, EDITOR_BALANCE_HEAT_NONE);
  g_assert_null (editor_map_canvas_get_overlay (canvas));

  gtk_window_destroy (GTK_WINDOW (bw));
  destroy_window (window);
}

static void
test_cancel (void)
{
  EditorWindow *window = open_shipped ("lfaf1914-1-rossignol.xml", 0, 0, NULL);
  g_autoptr(EditorDocument) doc = g_object_ref (editor_window_get_document (window));
  EditorBalanceWindow *bw = editor_balance_window_new (
    GTK_WINDOW (window), editor_document_get_scenario (doc), "rossignol");
  gtk_window_present (GTK_WINDOW (bw));

  editor_balance_window_configure (bw, 100000, NULL, FALSE);
  g_assert_true (editor_balance_window_start (bw));
  editor_balance_window_cancel (bw);
  wait_for_run (bw);
  g_assert_null (editor_balance_window_get_report (bw));
  g_assert_nonnull (strstr (editor_balance_window_get_status (bw), "stopped"));

  /* And it runs again after. */
  editor_balance_window_configure (bw, 2, NULL, FALSE);
  g_assert_true (editor_balance_window_start (bw));
  wait_for_run (bw);
  g_assert_nonnull (editor_balance_window_get_report (bw));
  gtk_window_destroy (GTK_WINDOW (bw));
  destroy_window (window);
}

/* The mean luminance of @widget as drawn, and the share of its pixels
 * far from that mean (text, bars). */
static double
luminance (GtkWidget *widget,
           double    *contrast)
{
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  g_assert_cmpint (w, >, 0);
  g_assert_cmpint (h, >, 0);
  /* A chart not yet drawn since the style changed snapshots to nothing on a
   * loaded machine: wait for its frame, as a person would. */
  GskRenderNode *drawn = NULL;
  for (int tries = 0; drawn == NULL && tries < 100; tries++)
    {
      if (tries > 0)
        wait_for_layout ((EditorWindow *) gtk_widget_get_root (widget));
      GdkPaintable *paintable = gtk_widget_paintable_new (widget);
      GtkSnapshot *snap = gtk_snapshot_new ();
      gdk_paintable_snapshot (paintable, snap, w, h);
      drawn = gtk_snapshot_free_to_node (snap);
      g_object_unref (paintable);
    }
  g_autoptr(GskRenderNode) node = drawn;
  g_assert_nonnull (node);
  /* What is behind it: the window's background, as on screen. */
  GdkRGBA back;
  gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), "window_bg_color",
                                  &back);
  g_autoptr(GskRenderNode) bg = gsk_color_node_new (&back, &GRAPHENE_RECT_INIT (0, 0, w, h));
  GskRenderNode *both[] = { bg, node };
  g_autoptr(GskRenderNode) all = gsk_container_node_new (both, 2);
  g_autoptr(GdkTexture) texture = gsk_renderer_render_texture (
    gtk_native_get_renderer (gtk_widget_get_native (widget)), all, NULL);
  int tw = gdk_texture_get_width (texture), th = gdk_texture_get_height (texture);
  g_autofree guchar *px = g_malloc ((gsize) tw * th * 4);
  gdk_texture_download (texture, px, (gsize) tw * 4);
  double sum = 0;
  g_autofree double *l = g_new (double, (gsize) tw * th);
  for (gsize i = 0; i < (gsize) tw * th; i++)
    {
      /* cairo's ARGB32, little-endian: B G R A */
      l[i] = (0.0722 * px[4 * i] + 0.7152 * px[4 * i + 1] + 0.2126 * px[4 * i + 2]) / 255.0;
      sum += l[i];
    }
  double mean = sum / ((double) tw * th);
  gsize far = 0;
  for (gsize i = 0; i < (gsize) tw * th; i++)
    far += fabs (l[i] - mean) > 0.4;
  *contrast = (double) far / ((double) tw * th);
  return mean;
}

static GtkWidget *
find_chart (EditorBalanceWindow *bw)
{
  GtkWidget *chart = find_widget (GTK_WIDGET (bw), EDITOR_TYPE_BALANCE_CHART_VIEW);
  g_assert_nonnull (chart);
  return chart;
}

/* The pictures are drawn in the window's colours: on the dark style a dark
 * chart with light marks, not a white sheet; on the light style the
 * reverse. Either way its text and bars stand out from it.
 * SAND_BALANCE_DUMP=DIR keeps both windows as PNGs. */
static void
test_chart_follows_the_style (void)
{
  EditorWindow *window = open_shipped ("lfaf1914-1-rossignol.xml", 0, 0, NULL);
  g_autoptr(EditorDocument) doc = g_object_ref (editor_window_get_document (window));
  EditorBalanceWindow *bw = editor_balance_window_new (
    GTK_WINDOW (window), editor_document_get_scenario (doc), "rossignol");
  gtk_window_set_default_size (GTK_WINDOW (bw), 900, 1000);
  gtk_window_present (GTK_WINDOW (bw));
  editor_balance_window_configure (bw, 4, NULL, FALSE);
  g_assert_true (editor_balance_window_start (bw));
  wait_for_run (bw);
  g_assert_nonnull (editor_balance_window_get_report (bw));
  AdwStyleManager *style = adw_style_manager_get_default ();
  for (int dark = 0; dark < 2; dark++)
    {
      adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                      : ADW_COLOR_SCHEME_FORCE_LIGHT);
      flush_events ();
      double contrast, mean = luminance (find_chart (bw), &contrast);
      if (dark)
        g_assert_cmpfloat (mean, <, 0.3);
      else
        g_assert_cmpfloat (mean, >, 0.7);
      g_assert_cmpfloat (contrast, >, 0.01);
      const char *dir = g_getenv ("SAND_BALANCE_DUMP");
      if (dir != NULL)
        {
          g_autofree char *out = g_strdup_printf ("%s/balance-chart-%s.png", dir,
                                                  dark ? "dark" : "light");
          save_window (GTK_WINDOW (bw), out);
        }
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_destroy (GTK_WINDOW (bw));
  destroy_window (window);
}

/* At 1920x1080, light and dark: after a small run the "Most Lopsided
 * Games" list, scrolled into view, shows each game's Watch button whole,
 * inside the window and not cut at the right; nothing is wider than the
 * window. SAND_BALANCE_DUMP=DIR keeps the screenshots. */
static void
test_lopsided_games_at_1920 (gconstpointer data)
{
  gboolean dark = GPOINTER_TO_INT (data);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                           : ADW_COLOR_SCHEME_FORCE_LIGHT);
  EditorWindow *window = open_shipped ("lfaf1914-1-rossignol.xml", 0, 0, NULL);
  g_autoptr(EditorDocument) doc = g_object_ref (editor_window_get_document (window));
  EditorBalanceWindow *bw = editor_balance_window_new (
    GTK_WINDOW (window), editor_document_get_scenario (doc), "rossignol");
  gtk_window_set_default_size (GTK_WINDOW (bw), 1920, 1080);
  gtk_window_present (GTK_WINDOW (bw));
  editor_balance_window_configure (bw, 6, NULL, FALSE);
  g_assert_true (editor_balance_window_start (bw));
  wait_for_run (bw);
  g_assert_nonnull (editor_balance_window_get_report (bw));

  /* Scrolled to the end, where the list is. */
  GtkWidget *scroller = find_widget (GTK_WIDGET (bw), GTK_TYPE_SCROLLED_WINDOW);
  g_assert_nonnull (scroller);
  GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  for (int i = 0; i < 3; i++)
    {
      gtk_adjustment_set_value (v, gtk_adjustment_get_upper (v));
      /* frames drawn, as on screen (only the widget is read of the window) */
      wait_for_layout ((EditorWindow *) bw);
    }
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  find_all (GTK_WIDGET (bw), GTK_TYPE_BUTTON, buttons);
  guint watch = 0, in_view = 0;
  int width = gtk_widget_get_width (GTK_WIDGET (bw));
  for (guint i = 0; i < buttons->len; i++)
    {
      GtkWidget *b = buttons->pdata[i];
      graphene_rect_t r;
      if (!GTK_IS_BUTTON (b) || g_strcmp0 (gtk_button_get_label (GTK_BUTTON (b)), "Watch") != 0)
        continue;
      watch++;
      if (!fully_in_view (b))
        continue;
      in_view++;
      g_assert_true (gtk_widget_compute_bounds (b, GTK_WIDGET (bw), &r));
      g_assert_cmpfloat (r.origin.x, >=, 0);
      g_assert_cmpfloat (r.origin.x + r.size.width, <=, width + 0.5);
    }
  g_test_message ("%u Watch buttons, %u in view", watch, in_view);
  g_assert_cmpuint (watch, >, 0);
  g_assert_cmpuint (in_view, >, 0);
  /* The charts use the room: wider than at their natural size, the two
   * histograms side by side, as tall as their width asks. */
  GtkWidget *chart = find_chart (bw);
  int natural_w, natural_h;
  editor_balance_chart_size (editor_balance_window_get_report (bw), &natural_w, &natural_h);
  g_test_message ("chart %d x %d (natural %d x %d)", gtk_widget_get_width (chart),
                  gtk_widget_get_height (chart), natural_w, natural_h);
  g_assert_cmpint (gtk_widget_get_width (chart), >=, 2 * natural_w);
  g_assert_cmpint (gtk_widget_get_height (chart), ==,
                   editor_balance_chart_height_for_width (editor_balance_window_get_report (bw),
                                                          gtk_widget_get_width (chart)));
  g_assert_cmpint (gtk_widget_get_height (chart), <, natural_h);
  GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (scroller));
  g_assert_cmpfloat (gtk_adjustment_get_upper (h), <=, gtk_adjustment_get_page_size (h) + 0.5);
  const char *dir = g_getenv ("SAND_BALANCE_DUMP");
  if (dir != NULL)
    {
      g_autofree char *out = g_strdup_printf ("%s/balance-lopsided-%dx%d-%s.png", dir, width,
                                              gtk_widget_get_height (GTK_WIDGET (bw)),
                                              dark ? "dark" : "light");
      GdkPaintable *paintable = gtk_widget_paintable_new (GTK_WIDGET (bw));
      GtkSnapshot *snap = gtk_snapshot_new ();
      gdk_paintable_snapshot (paintable, snap, width, gtk_widget_get_height (GTK_WIDGET (bw)));
      g_autoptr(GskRenderNode) node = gtk_snapshot_free_to_node (snap);
      g_object_unref (paintable);
      g_test_message ("screenshot: %s (%s)", out, node ? "drawn" : "nothing drawn");
      if (node != NULL)
        {
          g_autoptr(GdkTexture) texture = gsk_renderer_render_texture (
            gtk_native_get_renderer (GTK_NATIVE (bw)), node, NULL);
          g_assert_true (gdk_texture_save_to_png (texture, out));
        }
    }
  gtk_window_destroy (GTK_WINDOW (bw));
  destroy_window (window);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_DEFAULT);
}

/* Issue 16: pairings picked one by one (here two of FPW's 36), their
 * report shown pairing by pairing with its most lopsided games, and one of
 * them watched again in the playtest — the very game the run played. */
static void
test_pairings_picked_and_game_watched (void)
{
  EditorWindow *window = open_shipped ("fpw1870-variable-oob.xml", 0, 0, NULL);
  g_autoptr(EditorDocument) doc = g_object_ref (editor_window_get_document (window));
  SandScenario *sc = editor_document_get_scenario (doc);
  EditorBalanceWindow *bw = editor_balance_window_new (GTK_WINDOW (window), sc, "variable");
  gtk_window_present (GTK_WINDOW (bw));
  flush_events ();

  const char *const policies[] = { "random", "random" };
  editor_balance_window_configure (bw, 2, policies, FALSE);
  EditorBalancePairings *pairings = editor_balance_window_get_pairings (bw);
  g_assert_true (editor_balance_pairings_has_choice (pairings));
  g_assert_cmpuint (editor_balance_pairings_count (pairings), ==, 1);

  /* Each pairing's ids in side order, whichever side the ruleset lists
   * first. */
  const char *pick[2][2];
  const char *const wanted[2][2] = { { "A", "G" }, { "B", "H" } };
  for (guint k = 0; k < 2; k++)
    for (guint j = 0; j < 2; j++)
      {
        SandOob *oob = sand_scenario_get_oob (sc, (guint) sand_scenario_find_oob (sc, wanted[k][j]));
        pick[k][oob->side] = oob->id;
      }
  g_assert_true (editor_balance_pairings_set_active (pairings, NULL, FALSE));
  g_assert_cmpuint (editor_balance_pairings_count (pairings), ==, 0);
  g_assert_false (editor_balance_window_start (bw));  /* nothing to play */
  for (guint k = 0; k < 2; k++)
    g_assert_true (editor_balance_pairings_set_active (pairings, pick[k], TRUE));
  g_assert_cmpuint (editor_balance_pairings_count (pairings), ==, 2);

  g_assert_true (editor_balance_window_start (bw));
  wait_for_run (bw);
  const SandBalanceReport *r = editor_balance_window_get_report (bw);
  g_assert_nonnull (r);
  g_assert_cmpuint (r->pairings->len, ==, 2);
  for (guint k = 0; k < 2; k++)
    {
      SandBalancePairing *p = g_ptr_array_index (r->pairings, k);
      g_assert_cmpuint (p->games->len, ==, 2);
      for (int s = 0; s < 2; s++)
        g_assert_cmpstr (p->oob[s], ==, pick[k][s]);
    }
  /* The drop-down choosing the pairing shown names each as the command
   * line does, "A v G"; the picker's cells by the plans' names, alike. */
  g_autoptr(GPtrArray) drops = g_ptr_array_new ();
  find_all (GTK_WIDGET (bw), GTK_TYPE_DROP_DOWN, drops);
  gboolean named = FALSE;
  for (guint i = 0; i < drops->len; i++)
    {
      GListModel *m = gtk_drop_down_get_model (g_ptr_array_index (drops, i));
      if (m == NULL || !GTK_IS_STRING_LIST (m) || g_list_model_get_n_items (m) != 2)
        continue;
      gboolean all = TRUE;
      for (guint k = 0; k < 2; k++)
        {
          g_autofree char *want = g_strdup_printf ("%s v %s", pick[k][0], pick[k][1]);
          all &= g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (m), k), want) == 0;
        }
      named |= all;
    }
  g_assert_true (named);
  g_autoptr(GPtrArray) checks = g_ptr_array_new ();
  find_all (GTK_WIDGET (pairings), GTK_TYPE_CHECK_BUTTON, checks);
  const char *plan_names[2];
  for (int s = 0; s < 2; s++)
    plan_names[s] = sand_scenario_get_oob (sc, (guint) sand_scenario_find_oob (sc, pick[0][s]))
      ->name;
  g_autofree char *cell_name = g_strdup_printf ("%s v %s", plan_names[0], plan_names[1]);
  gboolean cell_found = FALSE;
  for (guint i = 0; i < checks->len; i++)
    cell_found |= g_strcmp0 (gtk_widget_get_tooltip_text (g_ptr_array_index (checks, i)),
                             cell_name) == 0;
  g_assert_true (cell_found);

  if (g_getenv ("SAND_BALANCE_DUMP") != NULL)
    {
      g_autofree char *out = g_build_filename (g_getenv ("SAND_BALANCE_DUMP"),
                                               "balance-pairings.png", NULL);
      flush_events ();
      save_window (GTK_WINDOW (bw), out);
    }

  /* The second pairing's first game, played again and opened in the
   * playtest at its start: stepping through it ends where the run's did. */
  SandBalancePairing *p = g_ptr_array_index (r->pairings, 1);
  const SandBalanceGame *g = &g_array_index (p->games, SandBalanceGame, 0);
  g_assert_true (editor_balance_window_watch (bw, 1, g->index));
  g_assert_true (editor_balance_window_is_watching (bw));
  while (editor_balance_window_is_watching (bw))
    g_main_context_iteration (NULL, TRUE);
  flush_events ();
  EditorPlaytest *pt = editor_playtest_get_for_window (window);
  g_assert_true (editor_playtest_get_active (pt));
  g_assert_cmpuint (editor_playtest_n_future (pt), >, 0);
  while (editor_playtest_n_future (pt) > 0)
    {
      g_autoptr(GError) error = NULL;
      g_assert_true (editor_playtest_step (pt, &error));
      g_assert_no_error (error);
    }
  SandGame *game = editor_playtest_get_game (pt);
  g_assert_cmpint (sand_game_get_turn (game), ==, g->turns);
  SandAiOutcome out;
  sand_ai_outcome (game, &out);
  g_assert_cmpint (out.victory.net, ==, g->net);
  g_assert_cmpint (out.winner, ==, g->winner);

  gtk_window_destroy (GTK_WINDOW (bw));
  destroy_window (window);
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv, "sandtable-balance-ui-XXXXXX"))
    return 0;
  g_test_add_func ("/balance-ui/small-run-to-report", test_small_run_to_report);
  g_test_add_func ("/balance-ui/cancel", test_cancel);
  g_test_add_func ("/balance-ui/chart-follows-the-style", test_chart_follows_the_style);
  g_test_add_data_func ("/balance-ui/lopsided-games-at-1920x1080/light", GINT_TO_POINTER (FALSE),
                        test_lopsided_games_at_1920);
  g_test_add_data_func ("/balance-ui/lopsided-games-at-1920x1080/dark", GINT_TO_POINTER (TRUE),
                        test_lopsided_games_at_1920);
  g_test_add_func ("/balance-ui/pairings-picked-and-game-watched",
                   test_pairings_picked_and_game_watched);
  return g_test_run ();
}
