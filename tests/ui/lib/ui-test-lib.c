/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>

#include "sand-action.h"
#include "sand-console.h"
#include "ui-test-lib.h"

EditorApplication *app;

void
flush_events (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Not G_TEST_OPTION_ISOLATE_DIRS for the fresh home: it also empties
 * XDG_DATA_DIRS, and without the shared MIME database gdk-pixbuf cannot
 * tell an SVG icon. */
gboolean
ui_test_init (int          *argc,
              char       ***argv,
              const char   *home_template)
{
  static const char * const vars[] = {
    "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME",
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *home = g_dir_make_tmp (home_template, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (vars); i++)
    {
      g_autofree char *dir = g_build_filename (home, vars[i], NULL);

      g_mkdir_with_parents (dir, 0700);
      g_setenv (vars[i], dir, TRUE);
    }

  g_test_init (argc, argv, NULL);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return FALSE;
    }

  app = editor_application_new ();
  /* No session bus under test: run as a standalone instance. */
  g_application_set_flags (G_APPLICATION (app),
                           G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  return TRUE;
}

EditorWindow *
new_window_sized (EditorDocument *doc,
                  int             width,
                  int             height)
{
  EditorWindow *window = editor_window_new (GTK_APPLICATION (app));

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  editor_window_set_document (window, doc);
  flush_events ();
  return window;
}

EditorWindow *
new_window (EditorDocument *doc)
{
  return new_window_sized (doc, 1280, 720);
}

void
destroy_window (EditorWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  flush_events ();
}

EditorDocument *
load_shipped (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("SANDTABLE_DATADIR"), "scenarios", name,
                                            NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  EditorDocument *doc = editor_document_load (file, &error);

  g_assert_no_error (error);
  return doc;
}

EditorWindow *
open_shipped (const char      *name,
              int              width,
              int              height,
              EditorPlaytest **playtest)
{
  g_autoptr(EditorDocument) doc = load_shipped (name);
  EditorWindow *window = new_window_sized (doc, width > 0 ? width : 1280,
                                           height > 0 ? height : 720);

  if (playtest != NULL)
    *playtest = editor_playtest_get_for_window (window);
  return window;
}

SandGame *
start_playtest (EditorPlaytest *playtest,
                guint64         seed)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (editor_playtest_start (playtest, NULL, NULL, seed, &error));
  g_assert_no_error (error);
  return editor_playtest_get_game (playtest);
}

void
finish_setup (EditorPlaytest *playtest)
{
  for (int guard = 0; guard < 8; guard++)
    {
      SandGame *game = editor_playtest_get_game (playtest);
      g_autoptr(SandAction) ready = NULL;
      g_autoptr(GError) error = NULL;

      if (sand_game_setup_side (game) < 0)
        return;
      ready = sand_action_new_kind (SAND_ACTION_READY);
      g_assert_true (editor_playtest_apply (playtest, ready, &error));
      g_assert_no_error (error);
      /* Hot-seat: the next side to set up takes the screen. */
      if (editor_playtest_get_screen_hidden (playtest))
        editor_playtest_show_screen (playtest);
    }
  g_assert_not_reached ();
}

int
game_hex (SandGame   *game,
          const char *id)
{
  int h = -1;

  g_assert_true (sand_grid_parse_id (sand_game_get_grid (game), id, &h));
  return h;
}

SandGame *
start_combat (EditorPlaytest *playtest,
              const char     *side)
{
  g_autoptr(GError) error = NULL;
  SandGame *game = start_playtest (playtest, 1);
  SandRuleset *ruleset = sand_scenario_get_ruleset (sand_game_get_scenario (game));

  g_assert_true (sand_game_set_clock (game, 1, sand_ruleset_find_side (ruleset, side),
                                      sand_ruleset_find_phase (ruleset, "combat"), &error));
  g_assert_no_error (error);
  editor_playtest_set_attack_mode (playtest, TRUE);
  return game;
}

void
close_playtest (EditorWindow *window)
{
  editor_playtest_stop (editor_playtest_get_for_window (window));
  destroy_window (window);
}

SandScenario *
blank_scenario (const char *ruleset_id,
                int         cols,
                int         rows)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SandMap) map = NULL;
  SandRuleset *ruleset = sand_ruleset_lookup (ruleset_id, &error);

  g_assert_no_error (error);
  map = sand_map_new (ruleset, cols, rows, SAND_ORIENTATION_FLAT, SAND_STAGGER_EVEN);
  return sand_scenario_new (map);
}

EditorDocument *
document_from_console (const char * const *lines,
                       guint               n_lines)
{
  g_autoptr(SandConsole) con = sand_console_new (NULL, 1);

  for (guint i = 0; i < n_lines; i++)
    {
      g_autofree char *answer = sand_console_execute (con, lines[i]);

      g_assert_true (g_str_has_prefix (answer, "{\"ok\":true"));
    }
  return editor_document_new (sand_console_get_scenario (con));
}

void
click_hex (EditorWindow *window,
           int           hex)
{
  SandMap *map = editor_document_get_map (editor_window_get_document (window));
  SandPoint centre = sand_grid_hex_center (sand_map_get_grid (map),
                                           sand_map_get_hex_size (map), hex);
  double wx, wy;
  int hit;

  editor_map_canvas_show_hex (window->canvas, hex);
  flush_events ();
  editor_map_canvas_map_to_widget (window->canvas, centre.x, centre.y, &wx, &wy);
  hit = editor_map_canvas_hex_at (window->canvas, wx, wy);
  g_assert_cmpint (hit, ==, hex);
  g_signal_emit_by_name (window->canvas, "hover", hit, -1, -1);
  g_signal_emit_by_name (window->canvas, "edit-begin", hit, centre.x, centre.y, 1u,
                         (GdkModifierType) 0);
  g_signal_emit_by_name (window->canvas, "edit-end", hit, centre.x, centre.y);
  flush_events ();
}

EditorPlaytestBar *
turn_bar (EditorWindow *window)
{
  GtkWidget *bar = find_widget (GTK_WIDGET (window), EDITOR_TYPE_PLAYTEST_BAR);

  g_assert_nonnull (bar);
  return EDITOR_PLAYTEST_BAR (bar);
}

static gboolean
count_tick_cb (GtkWidget     *widget,
               GdkFrameClock *clock,
               gpointer       data)
{
  (*(guint *) data)++;
  return G_SOURCE_CONTINUE;
}

void
wait_for_layout (EditorWindow *window)
{
  guint ticks = 0;
  guint id = gtk_widget_add_tick_callback (GTK_WIDGET (window), count_tick_cb, &ticks, NULL);

  while (ticks < 3)
    g_main_context_iteration (NULL, TRUE);
  gtk_widget_remove_tick_callback (GTK_WIDGET (window), id);
  flush_events ();
}

GtkWidget *
find_widget (GtkWidget *root,
             GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_widget (c, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

void
find_all (GtkWidget *root,
          GType      type,
          GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    g_ptr_array_add (found, root);
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    find_all (c, type, found);
}

gboolean
fully_in_view (GtkWidget *widget)
{
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (widget));
  graphene_rect_t b;

  if (!gtk_widget_get_mapped (widget) || !gtk_widget_compute_bounds (widget, root, &b)
      || b.size.height < 1)
    return FALSE;
  if (b.origin.y < 0 || b.origin.y + b.size.height > gtk_widget_get_height (root) + 0.5)
    return FALSE;
  for (GtkWidget *a = gtk_widget_get_parent (widget); a != NULL; a = gtk_widget_get_parent (a))
    if (GTK_IS_SCROLLED_WINDOW (a))
      {
        graphene_rect_t s;

        g_assert_true (gtk_widget_compute_bounds (widget, a, &s));
        if (s.origin.y < -0.5 || s.origin.y + s.size.height > gtk_widget_get_height (a) + 0.5)
          return FALSE;
      }
  return TRUE;
}

GtkEventController *
find_controller (GtkWidget *widget,
                 GType      type)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type))
        return c; /* the widget keeps it alive */
    }
  g_assert_not_reached ();
  return NULL;
}

AdwMessageDialog *
find_message_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (item) && gtk_widget_get_visible (GTK_WIDGET (item)))
        return ADW_MESSAGE_DIALOG (item);
    }
  return NULL;
}

void
save_window (GtkWindow  *window,
             const char *path)
{
  GdkPaintable *p = gtk_widget_paintable_new (GTK_WIDGET (window));
  GtkSnapshot *snap = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;

  gdk_paintable_snapshot (p, snap, gtk_widget_get_width (GTK_WIDGET (window)),
                          gtk_widget_get_height (GTK_WIDGET (window)));
  node = gtk_snapshot_free_to_node (snap);
  g_object_unref (p);
  if (node == NULL)
    return;
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         NULL);
  gdk_texture_save_to_png (texture, path);
}

void
dump (EditorWindow *window,
      const char   *name)
{
  const char *dir = g_getenv ("SAND_FIRST_DESIGNER_DUMP");
  g_autofree char *file = NULL;
  g_autofree char *path = NULL;

  if (dir == NULL)
    return;
  /* The window's paintable is empty until a frame has been drawn since
   * the last change: wait for one, only when a picture is asked for, so
   * that the tests run as they do without it. */
  wait_for_layout (window);
  file = g_strdup_printf ("%s-%dx%d-%s.png", name, gtk_widget_get_width (GTK_WIDGET (window)),
                          gtk_widget_get_height (GTK_WIDGET (window)),
                          adw_style_manager_get_dark (adw_style_manager_get_default ())
                          ? "dark" : "light");
  path = g_build_filename (dir, file, NULL);
  save_window (GTK_WINDOW (window), path);
}
