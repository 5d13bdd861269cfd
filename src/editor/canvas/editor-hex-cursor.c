/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-hex-cursor.c: the keyboard's hex cursor (see the header for the
 * keys). It rides on the canvas's own signals: applying the tool is an
 * "edit-begin"/"edit-end" pair at the cursor, as a click would be, and a
 * move is a "hover", so the tools, the status bar and the playtest's path
 * preview follow the keyboard as they follow the pointer. */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-hex-cursor.h"
#include "editor-hex-describe.h"
#include "editor-hex-steps.h"
#include "editor-playtest.h"
#include "editor-window.h"

/* The hexside tool's point for Enter: this far from the centre towards the
 * side last crossed, as a fraction of the apothem. */
#define SIDE_REACH 0.8

struct _EditorHexCursor
{
  GObject parent_instance;

  EditorMapCanvas *canvas;     /* owns us (object data) */
  GSignalGroup *map_signals;
  GtkWidget *root;             /* weak: whose focus-visible we follow */
  GtkWidget *f6_root;          /* weak: where the F6 shortcut is */
  GtkWidget *before_f6;        /* weak: the focus F6 took the keyboard from */
  EditorPlaytest *playtest;    /* weak */
  int hex;
  int crossed_dir;             /* the side of @hex the cursor last came through, or -1 */
  gboolean keyed;              /* the keyboard moved it since the last click */
  gboolean has_focus;
  gboolean stroke;             /* a Ctrl+arrow drag is open */
  gboolean emitting;           /* our own edit-begin, not a click */
  char *announcement;
  char *description;
  char *captured;              /* a playtest message during our click */
};

G_DEFINE_FINAL_TYPE (EditorHexCursor, editor_hex_cursor, G_TYPE_OBJECT)

static SandMap *
get_map (EditorHexCursor *self)
{
  SandScenario *scenario = editor_map_canvas_get_scenario (self->canvas);

  return scenario != NULL ? sand_scenario_get_map (scenario) : NULL;
}

static void update_description (EditorHexCursor *self);

/* Units moved, or the playtest began or ended: what stands here changed. */
static void
playtest_changed_cb (EditorHexCursor *self)
{
  update_description (self);
}

static EditorPlaytest *
get_playtest (EditorHexCursor *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self->canvas));

  if (self->playtest == NULL && root != NULL && EDITOR_IS_WINDOW (root))
    {
      self->playtest = editor_playtest_get_for_window (EDITOR_WINDOW (root));
      if (self->playtest != NULL)
        {
          g_object_add_weak_pointer (G_OBJECT (self->playtest), (gpointer *) &self->playtest);
          g_signal_connect_object (self->playtest, "changed",
                                   G_CALLBACK (playtest_changed_cb), self, G_CONNECT_SWAPPED);
        }
    }
  return self->playtest;
}

static SandGame *
get_game (EditorHexCursor *self,
          int             *viewer)
{
  EditorPlaytest *playtest = get_playtest (self);

  *viewer = -1;
  if (playtest == NULL || !editor_playtest_get_active (playtest))
    return NULL;
  *viewer = editor_playtest_get_viewer (playtest);
  return editor_playtest_get_game (playtest);
}

static void
update_description (EditorHexCursor *self)
{
  SandScenario *scenario = editor_map_canvas_get_scenario (self->canvas);
  g_autofree char *hex_text = NULL;
  g_autofree char *text = NULL;
  SandGame *game;
  int viewer;

  if (scenario == NULL || self->hex < 0)
    text = g_strdup (_("No map open."));
  else
    {
      game = get_game (self, &viewer);
      hex_text = editor_hex_describe (game != NULL ? sand_game_get_scenario (game) : scenario,
                                      game, viewer, self->hex);
      if (self->announcement != NULL)
        text = g_strconcat (self->announcement, " ", hex_text, NULL);
      else
        text = g_steal_pointer (&hex_text);
    }
  if (g_strcmp0 (text, self->description) == 0)
    return;
  g_free (self->description);
  self->description = g_steal_pointer (&text);
  /* The reader follows the focused canvas's description: a change is
   * spoken as the cursor moves and after an action. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->canvas),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, self->description,
                                  -1);
}

gboolean
editor_hex_cursor_get_visible (EditorHexCursor *self)
{
  g_return_val_if_fail (EDITOR_IS_HEX_CURSOR (self), FALSE);

  if (!self->has_focus || self->hex < 0 || get_map (self) == NULL)
    return FALSE;
  return self->keyed
         || (self->root != NULL && gtk_window_get_focus_visible (GTK_WINDOW (self->root)));
}

/* Keeps the cursor's hex, with a hex's margin, inside the view. */
static void
scroll_into_view (EditorHexCursor *self)
{
  SandMap *map = get_map (self);
  EditorHexViewport *vp = editor_map_canvas_get_viewport (self->canvas);
  double w = editor_hex_viewport_get_width (vp), h = editor_hex_viewport_get_height (vp);
  double margin, wx, wy, dx = 0, dy = 0;
  SandPoint c;

  if (map == NULL || w <= 0 || h <= 0)
    return;
  c = sand_grid_hex_center (sand_map_get_grid (map), sand_map_get_hex_size (map), self->hex);
  editor_map_canvas_map_to_widget (self->canvas, c.x, c.y, &wx, &wy);
  margin = 1.5 * sand_map_get_hex_size (map) * editor_hex_viewport_get_scale (vp);
  if (2 * margin >= MIN (w, h))
    {
      editor_map_canvas_show_hex (self->canvas, self->hex);
      return;
    }
  if (wx < margin)
    dx = wx - margin;
  else if (wx > w - margin)
    dx = wx - (w - margin);
  if (wy < margin)
    dy = wy - margin;
  else if (wy > h - margin)
    dy = wy - (h - margin);
  if (dx != 0 || dy != 0)
    editor_hex_viewport_pan_by (vp, dx, dy);
}

static void
hex_point (EditorHexCursor *self,
           int              dir,
           double          *mx,
           double          *my)
{
  SandMap *map = get_map (self);
  const SandGrid *grid = sand_map_get_grid (map);
  double size = sand_map_get_hex_size (map);
  SandPoint c = sand_grid_hex_center (grid, size, self->hex);

  *mx = c.x;
  *my = c.y;
  if (dir >= 0)
    {
      SandPoint a = sand_grid_corner (grid, size, c, dir);
      SandPoint b = sand_grid_corner (grid, size, c, (dir + 1) % 6);

      *mx += SIDE_REACH * ((a.x + b.x) / 2 - c.x);
      *my += SIDE_REACH * ((a.y + b.y) / 2 - c.y);
    }
}

static void
move_to (EditorHexCursor *self,
         int              hex,
         gboolean         scroll)
{
  SandMap *map = get_map (self);

  if (map == NULL)
    hex = -1;
  else if (hex < 0 || hex >= sand_grid_n_hexes (sand_map_get_grid (map)))
    hex = self->hex >= 0 && self->hex < sand_grid_n_hexes (sand_map_get_grid (map))
          ? self->hex : 0;
  if (hex != self->hex)
    {
      self->hex = hex;
      g_clear_pointer (&self->announcement, g_free);
    }
  if (hex >= 0 && scroll)
    scroll_into_view (self);
  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->canvas));
}

int
editor_hex_cursor_get_hex (EditorHexCursor *self)
{
  g_return_val_if_fail (EDITOR_IS_HEX_CURSOR (self), -1);
  return self->hex;
}

void
editor_hex_cursor_set_hex (EditorHexCursor *self,
                           int              hex)
{
  g_return_if_fail (EDITOR_IS_HEX_CURSOR (self));
  self->crossed_dir = -1;
  move_to (self, hex, TRUE);
}

const char *
editor_hex_cursor_get_description (EditorHexCursor *self)
{
  g_return_val_if_fail (EDITOR_IS_HEX_CURSOR (self), NULL);
  return self->description;
}

void
editor_hex_cursor_announce (EditorHexCursor *self,
                            const char      *text)
{
  g_return_if_fail (EDITOR_IS_HEX_CURSOR (self));

  if (text != NULL && *text != '\0')
    {
      g_free (self->announcement);
      self->announcement = g_strdup (text);
    }
  update_description (self);
}

/* Keys */

static void
emit_edit (EditorHexCursor *self,
           const char      *signal,
           guint            button)
{
  double mx, my;

  hex_point (self, self->crossed_dir, &mx, &my);
  self->emitting = TRUE;
  if (g_str_equal (signal, "edit-begin"))
    g_signal_emit_by_name (self->canvas, signal, self->hex, mx, my, button, (GdkModifierType) 0);
  else
    g_signal_emit_by_name (self->canvas, signal, self->hex, mx, my);
  self->emitting = FALSE;
}

static void
end_stroke (EditorHexCursor *self)
{
  if (!self->stroke)
    return;
  self->stroke = FALSE;
  emit_edit (self, "edit-end", GDK_BUTTON_PRIMARY);
  update_description (self);
}

static void
message_cb (EditorHexCursor *self,
            const char      *text)
{
  g_free (self->captured);
  self->captured = g_strdup (text);
}

/* What a playtest click did, in words: the refusal or notice it gave, the
 * move, or the selection. */
static char *
playtest_result (EditorHexCursor *self,
                 SandGame        *game,
                 int              viewer,
                 int              before_selected,
                 int              before_hex)
{
  int selected = editor_playtest_get_selected (self->playtest);
  g_autofree char *name = NULL;

  if (self->captured != NULL)
    return g_steal_pointer (&self->captured);
  if (selected < 0)
    return before_selected >= 0 ? g_strdup (_("No unit selected.")) : NULL;
  name = sand_game_unit_label_for (game, selected, viewer, SAND_UNIT_LABEL_NAME);
  if (selected == before_selected && sand_game_get_unit (game, selected)->hex != before_hex)
    {
      char id[SAND_HEX_ID_MAX];

      sand_grid_format_id (sand_map_get_grid (sand_scenario_get_map (
                             sand_game_get_scenario (game))),
                           sand_game_get_unit (game, selected)->hex, id);
      /* Translators: the playtest's answer to a move made with the keyboard. */
      return g_strdup_printf (_("Moved %s to %s."), name, id);
    }
  if (selected != before_selected)
    /* Translators: a unit picked with the keyboard in the playtest. */
    return g_strdup_printf (_("Selected %s."), name);
  return NULL;
}

static void
activate (EditorHexCursor *self,
          guint            button)
{
  EditorPlaytest *playtest = get_playtest (self);
  SandGame *game;
  int viewer, before_selected = -1, before_hex = -1;
  gulong id = 0;
  g_autofree char *result = NULL;

  end_stroke (self);
  game = get_game (self, &viewer);
  if (game != NULL)
    {
      before_selected = editor_playtest_get_selected (playtest);
      if (before_selected >= 0)
        before_hex = sand_game_get_unit (game, before_selected)->hex;
      g_clear_pointer (&self->captured, g_free);
      id = g_signal_connect_swapped (playtest, "message", G_CALLBACK (message_cb), self);
    }
  emit_edit (self, "edit-begin", button);
  emit_edit (self, "edit-end", button);
  if (id != 0 && self->playtest != NULL)
    {
      g_signal_handler_disconnect (self->playtest, id);
      game = get_game (self, &viewer);
      if (game != NULL)
        result = playtest_result (self, game, viewer, before_selected, before_hex);
    }
  g_clear_pointer (&self->captured, g_free);
  g_clear_pointer (&self->announcement, g_free);
  editor_hex_cursor_announce (self, result);
}

gboolean
editor_hex_cursor_key (EditorHexCursor *self,
                       guint            keyval,
                       GdkModifierType  state)
{
  SandMap *map;
  int dir;

  g_return_val_if_fail (EDITOR_IS_HEX_CURSOR (self), FALSE);

  map = get_map (self);
  if (map == NULL || (state & (GDK_ALT_MASK | GDK_SUPER_MASK)) != 0)
    return FALSE;
  if (self->hex < 0)
    move_to (self, 0, TRUE);

  if ((dir = editor_hex_step_direction (sand_map_get_grid (map), self->hex, keyval,
                                        (state & GDK_SHIFT_MASK) != 0)) != -2)
    {
      const SandGrid *grid = sand_map_get_grid (map);
      int next = dir >= 0 ? sand_grid_neighbour (grid, self->hex, dir) : SAND_HEX_NONE;

      self->keyed = TRUE;
      if ((state & GDK_CONTROL_MASK) != 0 && !self->stroke)
        {
          self->stroke = TRUE;
          emit_edit (self, "edit-begin", GDK_BUTTON_PRIMARY);
        }
      if (next != SAND_HEX_NONE)
        {
          move_to (self, next, TRUE);
          self->crossed_dir = SAND_DIR_OPPOSITE (dir);
          if (self->stroke)
            emit_edit (self, "edit-update", GDK_BUTTON_PRIMARY);
          g_signal_emit_by_name (self->canvas, "hover", self->hex, -1, -1);
        }
      else
        gtk_widget_error_bell (GTK_WIDGET (self->canvas));
      return TRUE;
    }

  switch (keyval)
    {
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_ISO_Enter:
    case GDK_KEY_space:
    case GDK_KEY_KP_Space:
      if ((state & GDK_CONTROL_MASK) != 0)
        return FALSE;
      self->keyed = TRUE;
      activate (self, (state & GDK_SHIFT_MASK) != 0 ? GDK_BUTTON_SECONDARY : GDK_BUTTON_PRIMARY);
      gtk_widget_queue_draw (GTK_WIDGET (self->canvas));
      return TRUE;
    default:
      return FALSE;
    }
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                EditorHexCursor       *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self->canvas));

  if (!editor_hex_cursor_key (self, keyval, state))
    return FALSE;
  /* GTK shows focus after Tab, not after other keys: the map's ring too. */
  if (GTK_IS_WINDOW (root))
    gtk_window_set_focus_visible (GTK_WINDOW (root), TRUE);
  return TRUE;
}

static void
key_released_cb (GtkEventControllerKey *controller,
                 guint                  keyval,
                 guint                  keycode,
                 GdkModifierType        state,
                 EditorHexCursor       *self)
{
  if (keyval == GDK_KEY_Control_L || keyval == GDK_KEY_Control_R)
    end_stroke (self);
}

static void
focus_visible_cb (EditorHexCursor *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self->canvas));
}

static void
focus_enter_cb (GtkEventControllerFocus *controller,
                EditorHexCursor         *self)
{
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (self->canvas)));

  self->has_focus = TRUE;
  if (root != self->root && GTK_IS_WINDOW (root))
    {
      if (self->root != NULL)
        {
          g_signal_handlers_disconnect_by_data (self->root, self);
          g_object_remove_weak_pointer (G_OBJECT (self->root), (gpointer *) &self->root);
        }
      self->root = root;
      g_object_add_weak_pointer (G_OBJECT (root), (gpointer *) &self->root);
      g_signal_connect_swapped (root, "notify::focus-visible", G_CALLBACK (focus_visible_cb),
                                self);
    }
  if (self->hex < 0)
    move_to (self, 0, FALSE);
  else
    update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->canvas));
}

static void
focus_leave_cb (GtkEventControllerFocus *controller,
                EditorHexCursor         *self)
{
  self->has_focus = FALSE;
  end_stroke (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->canvas));
}

/* A click moves the cursor to where it went, without scrolling. */
static void
canvas_edit_begin_cb (EditorHexCursor *self,
                      int              hex)
{
  if (self->emitting || hex < 0)
    return;
  self->keyed = FALSE;
  self->crossed_dir = -1;
  move_to (self, hex, FALSE);
}

static void
map_changed_cb (EditorHexCursor *self)
{
  update_description (self);
}

static void
scenario_cb (EditorHexCursor *self)
{
  SandScenario *scenario = editor_map_canvas_get_scenario (self->canvas);

  end_stroke (self);
  g_signal_group_set_target (self->map_signals,
                             scenario != NULL ? sand_scenario_get_map (scenario) : NULL);
  self->crossed_dir = -1;
  g_clear_pointer (&self->announcement, g_free);
  move_to (self, scenario != NULL ? self->hex : -1, FALSE);
}

/* Drawing */

void
editor_hex_cursor_snapshot (EditorHexCursor *self,
                            GtkSnapshot     *snapshot)
{
  SandMap *map;
  const SandGrid *grid;
  double size;
  SandPoint c;
  GdkRGBA accent;
  graphene_rect_t bounds;
  double xs[6], ys[6], x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;
  cairo_t *cr;

  g_return_if_fail (EDITOR_IS_HEX_CURSOR (self));

  if (!editor_hex_cursor_get_visible (self))
    return;
  if (!gtk_style_context_lookup_color (gtk_widget_get_style_context (GTK_WIDGET (self->canvas)),
                                       "accent_color", &accent))
    gdk_rgba_parse (&accent, "#1c71d8");

  /* The map's focus ring, inside its edges (the panes beside it would
   * cover a ring outside), drawn here rather than by CSS so that it shows
   * whenever the cursor does. */
  {
    GskRoundedRect outline;
    float w = gtk_widget_get_width (GTK_WIDGET (self->canvas));
    float h = gtk_widget_get_height (GTK_WIDGET (self->canvas));
    const float widths[4] = { 3, 3, 3, 3 };
    const GdkRGBA colors[4] = { accent, accent, accent, accent };

    gsk_rounded_rect_init_from_rect (&outline, &GRAPHENE_RECT_INIT (0, 0, w, h), 0);
    gtk_snapshot_append_border (snapshot, &outline, widths, colors);
  }

  map = get_map (self);
  grid = sand_map_get_grid (map);
  size = sand_map_get_hex_size (map);
  c = sand_grid_hex_center (grid, size, self->hex);
  for (int i = 0; i < 6; i++)
    {
      SandPoint p = sand_grid_corner (grid, size, c, i);

      editor_map_canvas_map_to_widget (self->canvas, p.x, p.y, &xs[i], &ys[i]);
      x0 = MIN (x0, xs[i]);
      y0 = MIN (y0, ys[i]);
      x1 = MAX (x1, xs[i]);
      y1 = MAX (y1, ys[i]);
    }
  graphene_rect_init (&bounds, x0 - 6, y0 - 6, x1 - x0 + 12, y1 - y0 + 12);
  cr = gtk_snapshot_append_cairo (snapshot, &bounds);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (int i = 0; i < 6; i++)
    cairo_line_to (cr, xs[i], ys[i]);
  cairo_close_path (cr);
  /* A wash of the accent inside tells it from a blue river along a side. */
  cairo_set_source_rgba (cr, accent.red, accent.green, accent.blue, 0.25);
  cairo_fill_preserve (cr);
  /* A dark halo, a light ring and the accent inside: seen on any terrain,
   * in the light and the dark style, and unlike the tools' thin previews. */
  cairo_set_source_rgba (cr, 0, 0, 0, 0.75);
  cairo_set_line_width (cr, 7);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_set_line_width (cr, 4.5);
  cairo_stroke_preserve (cr);
  gdk_cairo_set_source_rgba (cr, &accent);
  cairo_set_line_width (cr, 2.5);
  cairo_stroke (cr);
  cairo_destroy (cr);
}

/* F6 */

static void
set_weak (GtkWidget **slot,
          GtkWidget  *widget)
{
  if (*slot != NULL)
    g_object_remove_weak_pointer (G_OBJECT (*slot), (gpointer *) slot);
  *slot = widget;
  if (widget != NULL)
    g_object_add_weak_pointer (G_OBJECT (widget), (gpointer *) slot);
}

/* F6 brings the keyboard to the map from anywhere in the window, and a
 * second F6 takes it back to where it was: the map is one key away however
 * long the Tab chain before it. */
static gboolean
f6_cb (GtkWidget *widget,
       GVariant  *args,
       gpointer   data)
{
  EditorHexCursor *self = data;
  GtkWidget *canvas = GTK_WIDGET (self->canvas);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (widget));

  if (!gtk_widget_is_drawable (canvas))
    return FALSE;
  if (focus == canvas)
    {
      if (self->before_f6 == NULL || !gtk_widget_grab_focus (self->before_f6))
        gtk_widget_child_focus (widget, GTK_DIR_TAB_FORWARD);
      set_weak (&self->before_f6, NULL);
      return TRUE;
    }
  set_weak (&self->before_f6, focus);
  gtk_widget_grab_focus (canvas);
  gtk_window_set_focus_visible (GTK_WINDOW (widget), TRUE);
  return TRUE;
}

static void
canvas_realize_cb (EditorHexCursor *self)
{
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (self->canvas)));
  GtkEventController *shortcuts;

  if (root == self->f6_root || !GTK_IS_WINDOW (root))
    return;
  set_weak (&self->f6_root, root);
  shortcuts = gtk_shortcut_controller_new ();
  gtk_event_controller_set_name (shortcuts, "editor-hex-cursor-f6");
  gtk_event_controller_set_propagation_phase (shortcuts, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_F6, 0),
                                                          gtk_callback_action_new (f6_cb, self,
                                                                                   NULL)));
  gtk_widget_add_controller (root, shortcuts);
}

/* GObject */

static void
editor_hex_cursor_dispose (GObject *object)
{
  EditorHexCursor *self = EDITOR_HEX_CURSOR (object);

  if (self->root != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->root, self);
      g_object_remove_weak_pointer (G_OBJECT (self->root), (gpointer *) &self->root);
      self->root = NULL;
    }
  if (self->playtest != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->playtest), (gpointer *) &self->playtest);
      self->playtest = NULL;
    }
  set_weak (&self->before_f6, NULL);
  set_weak (&self->f6_root, NULL);
  if (self->map_signals != NULL)
    g_signal_group_set_target (self->map_signals, NULL);
  g_clear_object (&self->map_signals);

  G_OBJECT_CLASS (editor_hex_cursor_parent_class)->dispose (object);
}

static void
editor_hex_cursor_finalize (GObject *object)
{
  EditorHexCursor *self = EDITOR_HEX_CURSOR (object);

  g_free (self->announcement);
  g_free (self->description);
  g_free (self->captured);

  G_OBJECT_CLASS (editor_hex_cursor_parent_class)->finalize (object);
}

static void
editor_hex_cursor_class_init (EditorHexCursorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = editor_hex_cursor_dispose;
  object_class->finalize = editor_hex_cursor_finalize;
}

static void
editor_hex_cursor_init (EditorHexCursor *self)
{
  self->hex = -1;
  self->crossed_dir = -1;
  self->map_signals = g_signal_group_new (SAND_TYPE_MAP);
  g_signal_group_connect_object (self->map_signals, "changed", G_CALLBACK (map_changed_cb),
                                 self, G_CONNECT_SWAPPED);
}

EditorHexCursor *
editor_hex_cursor_get_for_canvas (EditorMapCanvas *canvas)
{
  g_return_val_if_fail (EDITOR_IS_MAP_CANVAS (canvas), NULL);
  return g_object_get_data (G_OBJECT (canvas), EDITOR_HEX_CURSOR_KEY);
}

EditorHexCursor *
editor_hex_cursor_install (EditorMapCanvas *canvas)
{
  EditorHexCursor *self;
  GtkEventController *controller;

  g_return_val_if_fail (EDITOR_IS_MAP_CANVAS (canvas), NULL);

  if ((self = editor_hex_cursor_get_for_canvas (canvas)) != NULL)
    return self;
  self = g_object_new (EDITOR_TYPE_HEX_CURSOR, NULL);
  self->canvas = canvas;
  g_object_set_data_full (G_OBJECT (canvas), EDITOR_HEX_CURSOR_KEY, self, g_object_unref);

  /* Capture phase: the arrows and Home reach the cursor before the
   * canvas's own bindings (which pan and fit; the view follows the cursor
   * instead, and Ctrl+0 still fits). */
  controller = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  gtk_event_controller_set_name (controller, "editor-hex-cursor-keys");
  g_signal_connect (controller, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  g_signal_connect (controller, "key-released", G_CALLBACK (key_released_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (canvas), controller);

  controller = gtk_event_controller_focus_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (focus_enter_cb), self);
  g_signal_connect (controller, "leave", G_CALLBACK (focus_leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (canvas), controller);

  g_signal_connect_swapped (canvas, "edit-begin", G_CALLBACK (canvas_edit_begin_cb), self);
  g_signal_connect_swapped (canvas, "notify::scenario", G_CALLBACK (scenario_cb), self);
  g_signal_connect_swapped (canvas, "realize", G_CALLBACK (canvas_realize_cb), self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (canvas),
                                  /* Translators: what a screen reader calls the map canvas. */
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Map"),
                                  -1);
  scenario_cb (self);
  return self;
}
