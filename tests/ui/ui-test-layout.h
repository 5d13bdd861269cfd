/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-test-layout.h: what the tests of issue 17's findings ask of a laid-out
 * window: waiting for its layout, finding widgets by type, whether one is
 * wholly on screen, and screenshots when SAND_FIRST_DESIGNER_DUMP names a
 * folder. Included once by each program, after ui-test-window.h. */
#pragma once

#include "ui-test-window.h"

G_GNUC_UNUSED static gboolean
count_tick_cb (GtkWidget     *widget,
               GdkFrameClock *clock,
               gpointer       data)
{
  (*(guint *) data)++;
  return G_SOURCE_CONTINUE;
}

/* Until the window has laid itself out again: three frames. */
G_GNUC_UNUSED static void
wait_for_layout (EditorWindow *window)
{
  guint ticks = 0;
  guint id = gtk_widget_add_tick_callback (GTK_WIDGET (window), count_tick_cb, &ticks, NULL);

  while (ticks < 3)
    g_main_context_iteration (NULL, TRUE);
  gtk_widget_remove_tick_callback (GTK_WIDGET (window), id);
  flush_events ();
}

G_GNUC_UNUSED static void
dump (EditorWindow *window,
      const char   *name)
{
  const char *dir = g_getenv ("SAND_FIRST_DESIGNER_DUMP");
  GdkPaintable *paintable;
  GtkSnapshot *snap;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *file = NULL;
  g_autofree char *path = NULL;
  int w = gtk_widget_get_width (GTK_WIDGET (window));
  int h = gtk_widget_get_height (GTK_WIDGET (window));

  if (dir == NULL)
    return;
  paintable = gtk_widget_paintable_new (GTK_WIDGET (window));
  snap = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snap, w, h);
  node = gtk_snapshot_free_to_node (snap);
  g_object_unref (paintable);
  if (node == NULL)
    return;
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         NULL);
  file = g_strdup_printf ("%s-%dx%d-%s.png", name, w, h,
                          adw_style_manager_get_dark (adw_style_manager_get_default ())
                          ? "dark" : "light");
  path = g_build_filename (dir, file, NULL);
  gdk_texture_save_to_png (texture, path);
}

G_GNUC_UNUSED static GtkWidget *
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

G_GNUC_UNUSED static void
find_all (GtkWidget *root,
          GType      type,
          GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    g_ptr_array_add (found, root);
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    find_all (c, type, found);
}

/* Whether all of @widget is on screen: inside the window and inside the
 * visible part of every scrolled window around it. */
G_GNUC_UNUSED static gboolean
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
