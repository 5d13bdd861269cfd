/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-map-canvas-input.c: what the pointer, the keys and the gestures
 * do on the canvas — hover, edit-* strokes for the active tool, pan by
 * drag, Space, scroll and a kinetic glide (editor-kinetic.c), zoom by
 * Ctrl+scroll and pinch — and the cursors that say which. */
#include "config.h"

#include "editor-map-canvas-private.h"

#include <math.h>

enum {
  SIGNAL_HOVER,
  SIGNAL_EDIT_BEGIN,
  SIGNAL_EDIT_UPDATE,
  SIGNAL_EDIT_END,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The vfuncs here chain up to GtkWidget's, as editor-map-canvas.c does. */
#define PARENT_CLASS GTK_WIDGET_CLASS (g_type_class_peek (GTK_TYPE_WIDGET))

/* Cursors */

static void
update_cursor (EditorMapCanvas *self)
{
  const char *name = self->pan_cursor != NULL ? self->pan_cursor : self->tool_cursor;

  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), name);
}

static void
set_pan_cursor (EditorMapCanvas *self,
                const char      *name)
{
  if (g_strcmp0 (self->pan_cursor, name) == 0)
    return;
  /* A cursor the window set directly becomes the tool cursor to return to. */
  if (self->pan_cursor == NULL)
    {
      GdkCursor *cursor = gtk_widget_get_cursor (GTK_WIDGET (self));
      const char *current = cursor != NULL ? gdk_cursor_get_name (cursor) : NULL;

      if (g_strcmp0 (current, self->tool_cursor) != 0)
        {
          g_free (self->tool_cursor);
          self->tool_cursor = g_strdup (current);
        }
    }
  self->pan_cursor = name;
  update_cursor (self);
}

void
editor_map_canvas_set_tool_cursor (EditorMapCanvas *self,
                                   const char      *name)
{
  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));

  g_free (self->tool_cursor);
  self->tool_cursor = g_strdup (name);
  update_cursor (self);
}

void
_editor_map_canvas_update_pan_cursor (EditorMapCanvas *self)
{
  if (self->drag_mode == DRAG_PAN)
    set_pan_cursor (self, "grabbing");
  else if (self->space_down && self->pointer_inside)
    set_pan_cursor (self, "grab");
  else
    set_pan_cursor (self, NULL);
}

/* ------------------------------------------------------------------ */

/* Input */

static GdkModifierType
current_state (EditorMapCanvas    *self,
               GtkEventController *controller)
{
  /* Without an event (a signal emitted by a test), fall back on what the
   * key controller last saw. */
  if (gtk_event_controller_get_current_event (controller) != NULL)
    return gtk_event_controller_get_current_event_state (controller);
  return self->key_state;
}

static void update_hover_now (EditorMapCanvas *self);

static gboolean
hover_idle_cb (gpointer data)
{
  EditorMapCanvas *self = data;

  self->hover_idle_id = 0;
  update_hover_now (self);
  return G_SOURCE_REMOVE;
}

/* Hover listeners relabel other widgets (the status bar, the playtest's
 * turn bar). Not from inside a frame's layout: our own allocation (a fit
 * moves the map under the pointer), or a parent's, which maps or unmaps
 * this side of a paned it widens from or shrinks to nothing and so sends
 * an enter or a leave. GTK 4.8 then loses the resize those widgets queue,
 * having allocated them already in that pass, and snapshots them
 * unallocated ("Trying to snapshot EditorPlaytestBar without a current
 * allocation"). The change is told as soon as the frame is over. */
void
_editor_map_canvas_update_hover (EditorMapCanvas *self)
{
  if (self->in_allocate || self->in_frame || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      if (self->hover_idle_id == 0)
        self->hover_idle_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE + 10, hover_idle_cb, self,
                                               NULL);
      return;
    }
  update_hover_now (self);
}

static void
frame_before_paint_cb (GdkFrameClock   *clock,
                       EditorMapCanvas *self)
{
  self->in_frame = TRUE;
}

static void
frame_after_paint_cb (GdkFrameClock   *clock,
                      EditorMapCanvas *self)
{
  self->in_frame = FALSE;
}

void
_editor_map_canvas_realize (GtkWidget *widget)
{
  EditorMapCanvas *self = EDITOR_MAP_CANVAS (widget);

  PARENT_CLASS->realize (widget);
  self->frame_clock = gtk_widget_get_frame_clock (widget);
  if (self->frame_clock != NULL)
    {
      g_object_ref (self->frame_clock);
      g_signal_connect (self->frame_clock, "before-paint", G_CALLBACK (frame_before_paint_cb),
                        self);
      g_signal_connect (self->frame_clock, "after-paint", G_CALLBACK (frame_after_paint_cb),
                        self);
    }
}

void
_editor_map_canvas_unrealize (GtkWidget *widget)
{
  EditorMapCanvas *self = EDITOR_MAP_CANVAS (widget);

  if (self->frame_clock != NULL)
    g_signal_handlers_disconnect_by_data (self->frame_clock, self);
  g_clear_object (&self->frame_clock);
  self->in_frame = FALSE;
  PARENT_CLASS->unrealize (widget);
}

static void
update_hover_now (EditorMapCanvas *self)
{
  int hex = SAND_HEX_NONE, side_hex = -1, side_dir = -1;

  if (self->pointer_inside && self->map != NULL)
    {
      hex = editor_map_canvas_hex_at (self, self->pointer_x, self->pointer_y);
      if (!editor_map_canvas_side_at (self, self->pointer_x, self->pointer_y,
                                      &side_hex, &side_dir))
        side_hex = side_dir = -1;
    }
  if (hex == self->hover_hex && side_hex == self->hover_side_hex
      && side_dir == self->hover_side_dir)
    return;
  self->hover_hex = hex;
  self->hover_side_hex = side_hex;
  self->hover_side_dir = side_dir;
  g_signal_emit (self, signals[SIGNAL_HOVER], 0, hex, side_hex, side_dir);
}

static void
motion_cb (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           EditorMapCanvas          *self)
{
  self->pointer_inside = TRUE;
  self->pointer_x = x;
  self->pointer_y = y;
  _editor_map_canvas_update_pan_cursor (self);
  _editor_map_canvas_update_hover (self);
}

static void
leave_cb (GtkEventControllerMotion *controller,
          EditorMapCanvas          *self)
{
  self->pointer_inside = FALSE;
  _editor_map_canvas_update_pan_cursor (self);
  _editor_map_canvas_update_hover (self);
}

void
_editor_map_canvas_stop_kinetic (EditorMapCanvas *self)
{
  if (self->kinetic_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->kinetic_id);
  self->kinetic_id = 0;
  editor_kinetic_stop (&self->kinetic);
}

static gboolean
kinetic_tick_cb (GtkWidget     *widget,
                 GdkFrameClock *clock,
                 gpointer       user_data)
{
  EditorMapCanvas *self = EDITOR_MAP_CANVAS (widget);
  gboolean more;
  double dx, dy;

  more = editor_kinetic_step (&self->kinetic, gdk_frame_clock_get_frame_time (clock), &dx, &dy);
  editor_hex_viewport_pan_by (self->viewport, dx, dy);
  if (more)
    return G_SOURCE_CONTINUE;
  self->kinetic_id = 0;
  return G_SOURCE_REMOVE;
}

static void
scroll_begin_cb (GtkEventControllerScroll *controller,
                 EditorMapCanvas          *self)
{
  _editor_map_canvas_stop_kinetic (self);
  self->scroll_panned = FALSE;
}

static void
decelerate_cb (GtkEventControllerScroll *controller,
               double                    vx,
               double                    vy,
               EditorMapCanvas          *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  /* Only a pan glides; a Ctrl+scroll zoom stops where it is. */
  if (!self->scroll_panned || clock == NULL)
    return;
  _editor_map_canvas_stop_kinetic (self);
  if (editor_kinetic_start (&self->kinetic, vx, vy, gdk_frame_clock_get_frame_time (clock)))
    self->kinetic_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), kinetic_tick_cb,
                                                     NULL, NULL);
}

static gboolean
scroll_cb (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           EditorMapCanvas          *self)
{
  GdkModifierType state = current_state (self, GTK_EVENT_CONTROLLER (controller));
  GdkScrollUnit unit = gtk_event_controller_scroll_get_unit (controller);
  double wx, wy, zoom;

  if (self->map == NULL)
    return FALSE;

  if (state & GDK_CONTROL_MASK)
    {
      _editor_map_canvas_get_anchor (self, &wx, &wy);
      zoom = editor_hex_viewport_get_zoom (self->viewport);
      /* Deltas add up in an exact target and the view follows it in
       * quanta: small touchpad or high-resolution wheel deltas still zoom,
       * and the zoom always comes to rest where tiles are pixel for
       * pixel. */
      if (zoom != self->scroll_zoom_set)
        self->scroll_zoom_target = zoom;
      if (unit == GDK_SCROLL_UNIT_WHEEL)
        self->scroll_zoom_target -= dy * EDITOR_ZOOM_WHEEL_STEP;
      else
        self->scroll_zoom_target -= dy / TOUCHPAD_ZOOM_PIXELS;
      self->scroll_zoom_target = CLAMP (self->scroll_zoom_target,
                                        editor_hex_viewport_get_min_zoom (self->viewport),
                                        editor_hex_viewport_get_max_zoom (self->viewport));
      editor_hex_viewport_zoom_at (self->viewport, quantise_zoom (self->scroll_zoom_target),
                                   wx, wy);
      self->scroll_zoom_set = editor_hex_viewport_get_zoom (self->viewport);
      self->scroll_panned = FALSE;
      return TRUE;
    }

  if (unit == GDK_SCROLL_UNIT_WHEEL)
    {
      dx *= WHEEL_PAN_PIXELS;
      dy *= WHEEL_PAN_PIXELS;
      if (state & GDK_SHIFT_MASK)
        {
          double t = dx;

          dx = dy;
          dy = t;
        }
    }
  _editor_map_canvas_stop_kinetic (self);
  self->scroll_panned = TRUE;
  editor_hex_viewport_pan_by (self->viewport, dx, dy);
  return TRUE;
}

static void
drag_begin_cb (GtkGestureDrag  *gesture,
               double           x,
               double           y,
               EditorMapCanvas *self)
{
  GtkEventController *controller = GTK_EVENT_CONTROLLER (gesture);
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  double mx, my;

  /* A drag emitted without an event (from a test) is a primary one. */
  if (button == 0)
    button = GDK_BUTTON_PRIMARY;

  if (self->map == NULL
      || (button != GDK_BUTTON_PRIMARY && button != GDK_BUTTON_MIDDLE
          && button != GDK_BUTTON_SECONDARY))
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }

  _editor_map_canvas_stop_kinetic (self);
  gtk_widget_grab_focus (GTK_WIDGET (self));
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  self->drag_x = x;
  self->drag_y = y;
  self->drag_button = button;
  self->pointer_x = x;
  self->pointer_y = y;
  editor_hex_viewport_widget_to_map (self->viewport, x, y, &mx, &my);

  if (button == GDK_BUTTON_MIDDLE || (button == GDK_BUTTON_PRIMARY && self->space_down))
    {
      self->drag_mode = DRAG_PAN;
      self->anchor_x = mx;
      self->anchor_y = my;
      _editor_map_canvas_update_pan_cursor (self);
      return;
    }

  self->drag_mode = DRAG_EDIT;
  g_signal_emit (self, signals[SIGNAL_EDIT_BEGIN], 0,
                 editor_map_canvas_hex_at (self, x, y), mx, my, button,
                 current_state (self, controller));
}

static void
drag_update_cb (GtkGestureDrag  *gesture,
                double           offset_x,
                double           offset_y,
                EditorMapCanvas *self)
{
  double x = self->drag_x + offset_x;
  double y = self->drag_y + offset_y;
  double mx, my;

  self->pointer_x = x;
  self->pointer_y = y;
  switch (self->drag_mode)
    {
    case DRAG_PAN:
      /* The grabbed map point follows the pointer: no drift from summed
       * deltas. */
      editor_hex_viewport_anchor (self->viewport, self->anchor_x, self->anchor_y, x, y);
      break;
    case DRAG_EDIT:
      editor_hex_viewport_widget_to_map (self->viewport, x, y, &mx, &my);
      g_signal_emit (self, signals[SIGNAL_EDIT_UPDATE], 0,
                     editor_map_canvas_hex_at (self, x, y), mx, my);
      break;
    case DRAG_NONE:
    default:
      break;
    }
}

static void
finish_drag (EditorMapCanvas *self,
             double           x,
             double           y)
{
  DragMode mode = self->drag_mode;
  double mx, my;

  self->drag_mode = DRAG_NONE;
  if (mode == DRAG_PAN)
    _editor_map_canvas_update_pan_cursor (self);
  else if (mode == DRAG_EDIT)
    {
      editor_hex_viewport_widget_to_map (self->viewport, x, y, &mx, &my);
      g_signal_emit (self, signals[SIGNAL_EDIT_END], 0,
                     editor_map_canvas_hex_at (self, x, y), mx, my);
    }
}

static void
drag_end_cb (GtkGestureDrag  *gesture,
             double           offset_x,
             double           offset_y,
             EditorMapCanvas *self)
{
  finish_drag (self, self->drag_x + offset_x, self->drag_y + offset_y);
}

static void
drag_cancel_cb (GtkGesture       *gesture,
                GdkEventSequence *sequence,
                EditorMapCanvas  *self)
{
  /* A tool that began a stroke always gets its end (undo groups close). */
  finish_drag (self, self->pointer_x, self->pointer_y);
}

static void
pinch_begin_cb (GtkGesture       *gesture,
                GdkEventSequence *sequence,
                EditorMapCanvas  *self)
{
  double x, y;

  if (self->map == NULL || !gtk_gesture_get_bounding_box_center (gesture, &x, &y))
    {
      gtk_gesture_set_state (gesture, GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_gesture_set_state (gesture, GTK_EVENT_SEQUENCE_CLAIMED);
  self->pinch_zoom = editor_hex_viewport_get_zoom (self->viewport);
  editor_hex_viewport_widget_to_map (self->viewport, x, y,
                                     &self->pinch_anchor_x, &self->pinch_anchor_y);
}

static void
pinch_scale_changed_cb (GtkGestureZoom  *gesture,
                        double           scale,
                        EditorMapCanvas *self)
{
  double x, y;

  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y) || scale <= 0)
    return;
  /* The fingers' midpoint keeps the map point it started on: pinching
   * also pans. */
  g_object_freeze_notify (G_OBJECT (self->viewport));
  editor_hex_viewport_set_zoom (self->viewport, quantise_zoom (self->pinch_zoom + log2 (scale)));
  editor_hex_viewport_anchor (self->viewport, self->pinch_anchor_x, self->pinch_anchor_y, x, y);
  g_object_thaw_notify (G_OBJECT (self->viewport));
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                EditorMapCanvas       *self)
{
  self->key_state = state;
  if (keyval == GDK_KEY_space)
    {
      self->space_down = TRUE;
      _editor_map_canvas_update_pan_cursor (self);
      return TRUE;
    }
  return FALSE;
}

static void
key_released_cb (GtkEventControllerKey *controller,
                 guint                  keyval,
                 guint                  keycode,
                 GdkModifierType        state,
                 EditorMapCanvas       *self)
{
  self->key_state = state;
  if (keyval == GDK_KEY_space)
    {
      self->space_down = FALSE;
      _editor_map_canvas_update_pan_cursor (self);
    }
}

static gboolean
modifiers_cb (GtkEventControllerKey *controller,
              GdkModifierType        state,
              EditorMapCanvas       *self)
{
  self->key_state = state;
  return FALSE;
}

/* Space pans while the pointer is over the map, wherever the keyboard
 * focus is (a palette button would otherwise take the key), unless the
 * focus is where text is typed. */
static gboolean
root_key_pressed_cb (GtkEventControllerKey *controller,
                     guint                  keyval,
                     guint                  keycode,
                     GdkModifierType        state,
                     EditorMapCanvas       *self)
{
  GtkWidget *focus;

  if (keyval != GDK_KEY_space || !self->pointer_inside || self->root == NULL)
    return FALSE;
  focus = gtk_root_get_focus (GTK_ROOT (self->root));
  if (focus != NULL && (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT_VIEW (focus)))
    return FALSE;
  self->space_down = TRUE;
  _editor_map_canvas_update_pan_cursor (self);
  return TRUE;
}

static void
root_key_released_cb (GtkEventControllerKey *controller,
                      guint                  keyval,
                      guint                  keycode,
                      GdkModifierType        state,
                      EditorMapCanvas       *self)
{
  if (keyval == GDK_KEY_space && self->space_down)
    {
      self->space_down = FALSE;
      _editor_map_canvas_update_pan_cursor (self);
    }
}

void
_editor_map_canvas_detach_root_keys (EditorMapCanvas *self)
{
  if (self->root != NULL && self->root_keys != NULL)
    {
      gtk_widget_remove_controller (self->root, self->root_keys);
      g_object_remove_weak_pointer (G_OBJECT (self->root), (gpointer *) &self->root);
    }
  self->root = NULL;
  self->root_keys = NULL;
}

void
_editor_map_canvas_root (GtkWidget *widget)
{
  EditorMapCanvas *self = EDITOR_MAP_CANVAS (widget);

  PARENT_CLASS->root (widget);

  _editor_map_canvas_detach_root_keys (self);
  self->root = GTK_WIDGET (gtk_widget_get_root (widget));
  g_object_add_weak_pointer (G_OBJECT (self->root), (gpointer *) &self->root);
  self->root_keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (self->root_keys, GTK_PHASE_CAPTURE);
  gtk_event_controller_set_name (self->root_keys, "editor-map-canvas-space");
  g_signal_connect (self->root_keys, "key-pressed", G_CALLBACK (root_key_pressed_cb), self);
  g_signal_connect (self->root_keys, "key-released", G_CALLBACK (root_key_released_cb), self);
  gtk_widget_add_controller (self->root, self->root_keys);
}

void
_editor_map_canvas_unroot (GtkWidget *widget)
{
  /* The hover it was leaving is no news to the window it leaves. */
  g_clear_handle_id (&EDITOR_MAP_CANVAS (widget)->hover_idle_id, g_source_remove);
  _editor_map_canvas_detach_root_keys (EDITOR_MAP_CANVAS (widget));
  PARENT_CLASS->unroot (widget);
}

static void
focus_leave_cb (GtkEventControllerFocus *controller,
                EditorMapCanvas         *self)
{
  /* A Space released in another window never reaches us. */
  self->space_down = FALSE;
  self->key_state = 0;
  _editor_map_canvas_update_pan_cursor (self);
}

static void
viewport_changed_cb (EditorHexViewport *viewport,
                     EditorMapCanvas   *self)
{
  double zoom = editor_hex_viewport_get_zoom (viewport);

  if (zoom != self->last_zoom)
    {
      self->last_zoom = zoom;
      self->zoom_changed_at = g_get_monotonic_time ();
    }
  _editor_map_canvas_update_hover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ------------------------------------------------------------------ */

/* The input owner ------------------------------------------------ */

void
editor_map_canvas_set_input (EditorMapCanvas   *self,
                             EditorCanvasInput *input)
{
  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));
  g_return_if_fail (input == NULL || EDITOR_IS_CANVAS_INPUT (input));

  g_set_weak_pointer (&self->input, input);
}

EditorCanvasInput *
editor_map_canvas_get_input (EditorMapCanvas *self)
{
  g_return_val_if_fail (EDITOR_IS_MAP_CANVAS (self), NULL);
  return self->input;
}

/* The signals' class handlers: whoever emits them (the gestures, the hex
 * cursor's keys, a test), the owner of the moment gets them. */
static void
hover_to_owner (EditorMapCanvas *self,
                int              hex,
                int              side_hex,
                int              side_dir)
{
  if (self->input != NULL)
    editor_canvas_input_hover (self->input, hex, side_hex, side_dir);
}

static void
edit_begin_to_owner (EditorMapCanvas *self,
                     int              hex,
                     double           map_x,
                     double           map_y,
                     guint            button,
                     GdkModifierType  state)
{
  if (self->input != NULL)
    editor_canvas_input_press (self->input, hex, map_x, map_y, button, state);
}

static void
edit_update_to_owner (EditorMapCanvas *self,
                      int              hex,
                      double           map_x,
                      double           map_y)
{
  if (self->input != NULL)
    editor_canvas_input_drag (self->input, hex, map_x, map_y);
}

static void
edit_end_to_owner (EditorMapCanvas *self,
                   int              hex,
                   double           map_x,
                   double           map_y)
{
  if (self->input != NULL)
    editor_canvas_input_release (self->input, hex, map_x, map_y);
}

void
_editor_map_canvas_class_init_input (GtkWidgetClass *widget_class)
{
  GType type = G_TYPE_FROM_CLASS (widget_class);

  signals[SIGNAL_HOVER] =
    g_signal_new_class_handler ("hover", type, G_SIGNAL_RUN_LAST, G_CALLBACK (hover_to_owner),
                                NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_INT, G_TYPE_INT,
                                G_TYPE_INT);
  signals[SIGNAL_EDIT_BEGIN] =
    g_signal_new_class_handler ("edit-begin", type, G_SIGNAL_RUN_LAST,
                                G_CALLBACK (edit_begin_to_owner), NULL, NULL, NULL, G_TYPE_NONE,
                                5, G_TYPE_INT, G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_UINT,
                                GDK_TYPE_MODIFIER_TYPE);
  signals[SIGNAL_EDIT_UPDATE] =
    g_signal_new_class_handler ("edit-update", type, G_SIGNAL_RUN_LAST,
                                G_CALLBACK (edit_update_to_owner), NULL, NULL, NULL, G_TYPE_NONE,
                                3, G_TYPE_INT, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
  signals[SIGNAL_EDIT_END] =
    g_signal_new_class_handler ("edit-end", type, G_SIGNAL_RUN_LAST,
                                G_CALLBACK (edit_end_to_owner), NULL, NULL, NULL, G_TYPE_NONE, 3,
                                G_TYPE_INT, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
}

void
_editor_map_canvas_init_input (EditorMapCanvas *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkEventController *controller;
  GtkGesture *gesture;

  g_signal_connect (self->viewport, "changed", G_CALLBACK (viewport_changed_cb), self);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (motion_cb), self);
  g_signal_connect (controller, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (controller, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES
                                                | GTK_EVENT_CONTROLLER_SCROLL_KINETIC);
  g_signal_connect (controller, "scroll-begin", G_CALLBACK (scroll_begin_cb), self);
  g_signal_connect (controller, "scroll", G_CALLBACK (scroll_cb), self);
  g_signal_connect (controller, "decelerate", G_CALLBACK (decelerate_cb), self);
  gtk_widget_add_controller (widget, controller);

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), 0);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (drag_end_cb), self);
  g_signal_connect (gesture, "cancel", G_CALLBACK (drag_cancel_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));
  self->drag = gesture;

  gesture = gtk_gesture_zoom_new ();
  g_signal_connect (gesture, "begin", G_CALLBACK (pinch_begin_cb), self);
  g_signal_connect (gesture, "scale-changed", G_CALLBACK (pinch_scale_changed_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_key_new ();
  g_signal_connect (controller, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  g_signal_connect (controller, "key-released", G_CALLBACK (key_released_cb), self);
  g_signal_connect (controller, "modifiers", G_CALLBACK (modifiers_cb), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_focus_new ();
  g_signal_connect (controller, "leave", G_CALLBACK (focus_leave_cb), self);
  gtk_widget_add_controller (widget, controller);
}
