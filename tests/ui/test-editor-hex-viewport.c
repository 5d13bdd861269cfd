/* SPDX-License-Identifier: GPL-3.0-or-later */
/* EditorHexViewport: the canvas's view arithmetic — widget and map
 * coordinates both ways, zoom about an anchor, clamps and fit — without a
 * window. */
#include "config.h"

#include "ui-test-canvas.h"

static void
test_viewport_round_trip (void)
{
  g_autoptr (EditorHexViewport) vp = editor_hex_viewport_new ();
  const double points[][2] = { { 0, 0 }, { 123.25, 77.5 }, { 399, 299 }, { -40, 512 } };
  const double zooms[] = { -3.0, -0.75, 0.0, 0.3, 2.5 };

  editor_hex_viewport_set_size (vp, WIDTH, HEIGHT);
  editor_hex_viewport_set_center (vp, 500, 250);

  for (guint z = 0; z < G_N_ELEMENTS (zooms); z++)
    {
      editor_hex_viewport_set_zoom (vp, zooms[z]);
      g_assert_cmpfloat_with_epsilon (editor_hex_viewport_get_scale (vp), exp2 (zooms[z]), 1e-12);
      for (guint i = 0; i < G_N_ELEMENTS (points); i++)
        {
          double mx, my, wx, wy;

          editor_hex_viewport_widget_to_map (vp, points[i][0], points[i][1], &mx, &my);
          editor_hex_viewport_map_to_widget (vp, mx, my, &wx, &wy);
          g_assert_cmpfloat_with_epsilon (wx, points[i][0], 1e-9);
          g_assert_cmpfloat_with_epsilon (wy, points[i][1], 1e-9);
        }
      /* The middle of the widget is the centre. */
      {
        double mx, my;

        editor_hex_viewport_widget_to_map (vp, WIDTH / 2.0, HEIGHT / 2.0, &mx, &my);
        g_assert_cmpfloat_with_epsilon (mx, 500, 1e-9);
        g_assert_cmpfloat_with_epsilon (my, 250, 1e-9);
      }
    }
}

static void
test_viewport_zoom_at_keeps_anchor (void)
{
  g_autoptr (EditorHexViewport) vp = editor_hex_viewport_new ();
  const double anchors[][2] = { { 10, 20 }, { 200, 150 }, { 390, 5 } };

  editor_hex_viewport_set_size (vp, WIDTH, HEIGHT);
  editor_hex_viewport_set_center (vp, 300, 200);

  for (guint i = 0; i < G_N_ELEMENTS (anchors); i++)
    for (double zoom = -2; zoom <= 2; zoom += 0.625)
      {
        double before_x, before_y, after_x, after_y;

        editor_hex_viewport_widget_to_map (vp, anchors[i][0], anchors[i][1], &before_x, &before_y);
        editor_hex_viewport_zoom_at (vp, zoom, anchors[i][0], anchors[i][1]);
        g_assert_cmpfloat_with_epsilon (editor_hex_viewport_get_zoom (vp), zoom, 1e-12);
        editor_hex_viewport_widget_to_map (vp, anchors[i][0], anchors[i][1], &after_x, &after_y);
        g_assert_cmpfloat_with_epsilon (after_x, before_x, 1e-9);
        g_assert_cmpfloat_with_epsilon (after_y, before_y, 1e-9);
      }
}

static void
test_viewport_clamps (void)
{
  g_autoptr (EditorHexViewport) vp = editor_hex_viewport_new ();
  double x0, y0, x1, y1;

  editor_hex_viewport_set_size (vp, WIDTH, HEIGHT);
  editor_hex_viewport_set_zoom_range (vp, -2, 2);
  editor_hex_viewport_set_zoom (vp, 5);
  g_assert_cmpfloat (editor_hex_viewport_get_zoom (vp), ==, 2);
  editor_hex_viewport_set_zoom (vp, -5);
  g_assert_cmpfloat (editor_hex_viewport_get_zoom (vp), ==, -2);

  /* The centre stays on the map. */
  editor_hex_viewport_set_map_size (vp, 1000, 800);
  editor_hex_viewport_set_center (vp, -50, 900);
  g_assert_cmpfloat (editor_hex_viewport_get_center_x (vp), ==, 0);
  g_assert_cmpfloat (editor_hex_viewport_get_center_y (vp), ==, 800);

  /* Fitting shows the whole map, on a zoom quantum. */
  editor_hex_viewport_fit (vp, 10);
  editor_hex_viewport_get_visible (vp, &x0, &y0, &x1, &y1);
  g_assert_cmpfloat (x0, <=, 0);
  g_assert_cmpfloat (y0, <=, 0);
  g_assert_cmpfloat (x1, >=, 1000);
  g_assert_cmpfloat (y1, >=, 800);
  g_assert_cmpfloat_with_epsilon (fmod (editor_hex_viewport_get_zoom (vp) / EDITOR_ZOOM_QUANTUM,
                                        1.0), 0.0, 1e-9);
}

int
main (int argc, char **argv)
{
  /* Pixels for reference images come from the cairo renderer only. */
  g_setenv ("GSK_RENDERER", "cairo", TRUE);
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/canvas/viewport/round-trip", test_viewport_round_trip);
  g_test_add_func ("/canvas/viewport/zoom-at-keeps-anchor", test_viewport_zoom_at_keeps_anchor);
  g_test_add_func ("/canvas/viewport/clamps-and-fits", test_viewport_clamps);
  return g_test_run ();
}
