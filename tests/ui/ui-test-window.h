/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-test-window.h: the windows the playtest and editor UI tests open on
 * a document, the shipped scenarios they load and a click on a hex as a
 * player makes it. Apart from ui-test-app.h because some programs keep
 * window helpers of their own (without a document, or closing a changed
 * document without the question). Included once by each program. */
#pragma once

#include "editor-window-private.h"
#include "ui-test-app.h"

/* A presented window at @width × @height showing @doc, laid out. */
G_GNUC_UNUSED static EditorWindow *
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

G_GNUC_UNUSED static EditorWindow *
new_window (EditorDocument *doc)
{
  return new_window_sized (doc, 1280, 720);
}

G_GNUC_UNUSED static void
destroy_window (EditorWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  flush_events ();
}

/* @name from the shipped scenarios (data/scenarios). */
G_GNUC_UNUSED static EditorDocument *
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

/* A click on the centre of @hex, found on the canvas as a player finds it:
 * the widget point of the hex centre, then the canvas's own hit test. */
G_GNUC_UNUSED static void
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
