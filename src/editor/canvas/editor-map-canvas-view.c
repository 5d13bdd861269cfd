/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-map-canvas-view.c: zoom and pan of the canvas's view, its
 * coordinates (widget, map, hex, hexside), and the canvas.* actions and
 * keys that move it. */
#include "config.h"

#include "editor-map-canvas-private.h"

#include <math.h>

/* ------------------------------------------------------------------ */
/* Zoom and pan */

void
_editor_map_canvas_get_anchor (EditorMapCanvas *self,
                               double          *wx,
                               double          *wy)
{
  if (self->pointer_inside)
    {
      *wx = self->pointer_x;
      *wy = self->pointer_y;
    }
  else
    {
      *wx = editor_hex_viewport_get_width (self->viewport) / 2.0;
      *wy = editor_hex_viewport_get_height (self->viewport) / 2.0;
    }
}

static void
zoom_step (EditorMapCanvas *self,
           double           step)
{
  double wx, wy;

  _editor_map_canvas_get_anchor (self, &wx, &wy);
  editor_hex_viewport_zoom_at (self->viewport,
                               quantise_zoom (editor_hex_viewport_get_zoom (self->viewport) + step),
                               wx, wy);
}

void
editor_map_canvas_zoom_in (EditorMapCanvas *self)
{
  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));
  zoom_step (self, EDITOR_ZOOM_KEY_STEP);
}

void
editor_map_canvas_zoom_out (EditorMapCanvas *self)
{
  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));
  zoom_step (self, -EDITOR_ZOOM_KEY_STEP);
}

void
editor_map_canvas_zoom_fit (EditorMapCanvas *self)
{
  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));
  editor_hex_viewport_fit (self->viewport, FIT_MARGIN);
}

void
editor_map_canvas_zoom_reset (EditorMapCanvas *self)
{
  double wx, wy;

  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));
  _editor_map_canvas_get_anchor (self, &wx, &wy);
  editor_hex_viewport_zoom_at (self->viewport, 0.0, wx, wy);
}

void
editor_map_canvas_show_hex (EditorMapCanvas *self,
                            int              hex)
{
  SandPoint c;

  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));

  if (self->map == NULL || hex < 0 || hex >= sand_grid_n_hexes (canvas_grid (self)))
    return;
  c = sand_grid_hex_center (canvas_grid (self), canvas_hex_size (self), hex);
  editor_hex_viewport_set_center (self->viewport, c.x, c.y);
}

void
editor_map_canvas_widget_to_map (EditorMapCanvas *self,
                                 double           wx,
                                 double           wy,
                                 double          *mx,
                                 double          *my)
{
  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));
  editor_hex_viewport_widget_to_map (self->viewport, wx, wy, mx, my);
}

void
editor_map_canvas_map_to_widget (EditorMapCanvas *self,
                                 double           mx,
                                 double           my,
                                 double          *wx,
                                 double          *wy)
{
  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));
  editor_hex_viewport_map_to_widget (self->viewport, mx, my, wx, wy);
}

int
editor_map_canvas_hex_at (EditorMapCanvas *self,
                          double           wx,
                          double           wy)
{
  double mx, my;

  g_return_val_if_fail (EDITOR_IS_MAP_CANVAS (self), SAND_HEX_NONE);

  if (self->map == NULL)
    return SAND_HEX_NONE;
  editor_hex_viewport_widget_to_map (self->viewport, wx, wy, &mx, &my);
  return sand_grid_hex_at_pixel (canvas_grid (self), canvas_hex_size (self), mx, my);
}

gboolean
editor_map_canvas_side_at (EditorMapCanvas *self,
                           double           wx,
                           double           wy,
                           int             *hex,
                           int             *dir)
{
  double mx, my;
  int h, d;

  g_return_val_if_fail (EDITOR_IS_MAP_CANVAS (self), FALSE);

  if (self->map == NULL)
    return FALSE;
  editor_hex_viewport_widget_to_map (self->viewport, wx, wy, &mx, &my);
  if (!sand_grid_side_at_pixel (canvas_grid (self), canvas_hex_size (self), mx, my, &h, &d))
    return FALSE;
  if (hex != NULL)
    *hex = h;
  if (dir != NULL)
    *dir = d;
  return TRUE;
}

/* ------------------------------------------------------------------ */

/* Actions */

static void
zoom_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  EditorMapCanvas *self = EDITOR_MAP_CANVAS (widget);

  if (g_str_equal (action_name, "canvas.zoom-in"))
    editor_map_canvas_zoom_in (self);
  else if (g_str_equal (action_name, "canvas.zoom-out"))
    editor_map_canvas_zoom_out (self);
  else if (g_str_equal (action_name, "canvas.zoom-reset"))
    editor_map_canvas_zoom_reset (self);
  else if (g_str_equal (action_name, "canvas.zoom-fit"))
    editor_map_canvas_zoom_fit (self);
}

static void
pan_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  EditorMapCanvas *self = EDITOR_MAP_CANVAS (widget);
  int dx, dy;

  /* One step is an eighth of the view. */
  g_variant_get (parameter, "(ii)", &dx, &dy);
  editor_hex_viewport_pan_by (self->viewport,
                              dx * editor_hex_viewport_get_width (self->viewport) / 8.0,
                              dy * editor_hex_viewport_get_height (self->viewport) / 8.0);
}

/* ------------------------------------------------------------------ */

void
_editor_map_canvas_class_init_view (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "canvas.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-reset", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-fit", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "canvas.pan", "(ii)", pan_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, 0, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, 0, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, 0, "canvas.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, 0,
                                       "canvas.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, 0, "canvas.zoom-reset", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0, 0, "canvas.zoom-reset", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, 0, "canvas.zoom-fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "canvas.pan", "(ii)", -1, 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "canvas.pan", "(ii)", 1, 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, 0, "canvas.pan", "(ii)", 0, -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, 0, "canvas.pan", "(ii)", 0, 1);
}
