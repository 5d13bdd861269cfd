/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "editor-hex-viewport.h"

#include <math.h>

struct _EditorHexViewport
{
  GObject parent_instance;

  double center_x, center_y;
  double zoom, min_zoom, max_zoom;
  int width, height;
  double map_width, map_height;
};

G_DEFINE_FINAL_TYPE (EditorHexViewport, editor_hex_viewport, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CENTER_X,
  PROP_CENTER_Y,
  PROP_ZOOM,
  PROP_MIN_ZOOM,
  PROP_MAX_ZOOM,
  PROP_WIDTH,
  PROP_HEIGHT,
  PROP_MAP_WIDTH,
  PROP_MAP_HEIGHT,
  N_PROPS
};

enum {
  SIGNAL_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Notifies the properties whose values differ from the saved ones, then
 * emits "changed" once, so listeners that only redraw do it once. */
typedef struct {
  double center_x, center_y, zoom, min_zoom, max_zoom, map_width, map_height;
  int width, height;
} State;

static State
save_state (EditorHexViewport *self)
{
  State s = {
    self->center_x, self->center_y, self->zoom, self->min_zoom, self->max_zoom,
    self->map_width, self->map_height, self->width, self->height,
  };
  return s;
}

static void
notify_changes (EditorHexViewport *self,
                const State       *old)
{
  GObject *object = G_OBJECT (self);
  gboolean changed = FALSE;

  g_object_freeze_notify (object);
#define CHECK(field, prop) \
  if (old->field != self->field) \
    { \
      g_object_notify_by_pspec (object, properties[prop]); \
      changed = TRUE; \
    }
  CHECK (center_x, PROP_CENTER_X);
  CHECK (center_y, PROP_CENTER_Y);
  CHECK (zoom, PROP_ZOOM);
  CHECK (min_zoom, PROP_MIN_ZOOM);
  CHECK (max_zoom, PROP_MAX_ZOOM);
  CHECK (width, PROP_WIDTH);
  CHECK (height, PROP_HEIGHT);
  CHECK (map_width, PROP_MAP_WIDTH);
  CHECK (map_height, PROP_MAP_HEIGHT);
#undef CHECK
  g_object_thaw_notify (object);
  if (changed)
    g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

/* The centre may go as far as the map's edge, so every corner of the map
 * can be brought to the middle of the widget, and no further. */
static void
clamp_center (EditorHexViewport *self)
{
  if (self->map_width > 0)
    self->center_x = CLAMP (self->center_x, 0.0, self->map_width);
  if (self->map_height > 0)
    self->center_y = CLAMP (self->center_y, 0.0, self->map_height);
}

static void
editor_hex_viewport_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  EditorHexViewport *self = EDITOR_HEX_VIEWPORT (object);

  switch (prop_id)
    {
    case PROP_CENTER_X:
      g_value_set_double (value, self->center_x);
      break;
    case PROP_CENTER_Y:
      g_value_set_double (value, self->center_y);
      break;
    case PROP_ZOOM:
      g_value_set_double (value, self->zoom);
      break;
    case PROP_MIN_ZOOM:
      g_value_set_double (value, self->min_zoom);
      break;
    case PROP_MAX_ZOOM:
      g_value_set_double (value, self->max_zoom);
      break;
    case PROP_WIDTH:
      g_value_set_int (value, self->width);
      break;
    case PROP_HEIGHT:
      g_value_set_int (value, self->height);
      break;
    case PROP_MAP_WIDTH:
      g_value_set_double (value, self->map_width);
      break;
    case PROP_MAP_HEIGHT:
      g_value_set_double (value, self->map_height);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_hex_viewport_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  EditorHexViewport *self = EDITOR_HEX_VIEWPORT (object);

  switch (prop_id)
    {
    case PROP_CENTER_X:
      editor_hex_viewport_set_center (self, g_value_get_double (value), self->center_y);
      break;
    case PROP_CENTER_Y:
      editor_hex_viewport_set_center (self, self->center_x, g_value_get_double (value));
      break;
    case PROP_ZOOM:
      editor_hex_viewport_set_zoom (self, g_value_get_double (value));
      break;
    case PROP_MIN_ZOOM:
      editor_hex_viewport_set_zoom_range (self, g_value_get_double (value),
                                          MAX (self->max_zoom, g_value_get_double (value)));
      break;
    case PROP_MAX_ZOOM:
      editor_hex_viewport_set_zoom_range (self, MIN (self->min_zoom, g_value_get_double (value)),
                                          g_value_get_double (value));
      break;
    case PROP_WIDTH:
      editor_hex_viewport_set_size (self, g_value_get_int (value), self->height);
      break;
    case PROP_HEIGHT:
      editor_hex_viewport_set_size (self, self->width, g_value_get_int (value));
      break;
    case PROP_MAP_WIDTH:
      editor_hex_viewport_set_map_size (self, g_value_get_double (value), self->map_height);
      break;
    case PROP_MAP_HEIGHT:
      editor_hex_viewport_set_map_size (self, self->map_width, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_hex_viewport_class_init (EditorHexViewportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = editor_hex_viewport_get_property;
  object_class->set_property = editor_hex_viewport_set_property;

  properties[PROP_CENTER_X] =
    g_param_spec_double ("center-x", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  properties[PROP_CENTER_Y] =
    g_param_spec_double ("center-y", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  properties[PROP_ZOOM] =
    g_param_spec_double ("zoom", NULL, NULL, -30, 30, 0, flags);
  properties[PROP_MIN_ZOOM] =
    g_param_spec_double ("min-zoom", NULL, NULL, -30, 30, -5, flags);
  properties[PROP_MAX_ZOOM] =
    g_param_spec_double ("max-zoom", NULL, NULL, -30, 30, 3, flags);
  properties[PROP_WIDTH] =
    g_param_spec_int ("width", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_HEIGHT] =
    g_param_spec_int ("height", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_MAP_WIDTH] =
    g_param_spec_double ("map-width", NULL, NULL, 0, G_MAXDOUBLE, 0, flags);
  properties[PROP_MAP_HEIGHT] =
    g_param_spec_double ("map-height", NULL, NULL, 0, G_MAXDOUBLE, 0, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
editor_hex_viewport_init (EditorHexViewport *self)
{
  self->min_zoom = -5;
  self->max_zoom = 3;
}

EditorHexViewport *
editor_hex_viewport_new (void)
{
  return g_object_new (EDITOR_TYPE_HEX_VIEWPORT, NULL);
}

double
editor_hex_viewport_get_center_x (EditorHexViewport *self)
{
  g_return_val_if_fail (EDITOR_IS_HEX_VIEWPORT (self), 0);
  return self->center_x;
}

double
editor_hex_viewport_get_center_y (EditorHexViewport *self)
{
  g_return_val_if_fail (EDITOR_IS_HEX_VIEWPORT (self), 0);
  return self->center_y;
}

void
editor_hex_viewport_set_center (EditorHexViewport *self,
                                double             x,
                                double             y)
{
  State old;

  g_return_if_fail (EDITOR_IS_HEX_VIEWPORT (self));
  g_return_if_fail (isfinite (x) && isfinite (y));

  old = save_state (self);
  self->center_x = x;
  self->center_y = y;
  clamp_center (self);
  notify_changes (self, &old);
}

double
editor_hex_viewport_get_zoom (EditorHexViewport *self)
{
  g_return_val_if_fail (EDITOR_IS_HEX_VIEWPORT (self), 0);
  return self->zoom;
}

void
editor_hex_viewport_set_zoom (EditorHexViewport *self,
                              double             zoom)
{
  State old;

  g_return_if_fail (EDITOR_IS_HEX_VIEWPORT (self));
  g_return_if_fail (isfinite (zoom));

  old = save_state (self);
  self->zoom = CLAMP (zoom, self->min_zoom, self->max_zoom);
  notify_changes (self, &old);
}

double
editor_hex_viewport_get_min_zoom (EditorHexViewport *self)
{
  g_return_val_if_fail (EDITOR_IS_HEX_VIEWPORT (self), 0);
  return self->min_zoom;
}

double
editor_hex_viewport_get_max_zoom (EditorHexViewport *self)
{
  g_return_val_if_fail (EDITOR_IS_HEX_VIEWPORT (self), 0);
  return self->max_zoom;
}

void
editor_hex_viewport_set_zoom_range (EditorHexViewport *self,
                                    double             min_zoom,
                                    double             max_zoom)
{
  State old;

  g_return_if_fail (EDITOR_IS_HEX_VIEWPORT (self));
  g_return_if_fail (min_zoom <= max_zoom);

  old = save_state (self);
  self->min_zoom = min_zoom;
  self->max_zoom = max_zoom;
  self->zoom = CLAMP (self->zoom, min_zoom, max_zoom);
  notify_changes (self, &old);
}

double
editor_hex_viewport_get_scale (EditorHexViewport *self)
{
  g_return_val_if_fail (EDITOR_IS_HEX_VIEWPORT (self), 1);
  return exp2 (self->zoom);
}

int
editor_hex_viewport_get_width (EditorHexViewport *self)
{
  g_return_val_if_fail (EDITOR_IS_HEX_VIEWPORT (self), 0);
  return self->width;
}

int
editor_hex_viewport_get_height (EditorHexViewport *self)
{
  g_return_val_if_fail (EDITOR_IS_HEX_VIEWPORT (self), 0);
  return self->height;
}

void
editor_hex_viewport_set_size (EditorHexViewport *self,
                              int                width,
                              int                height)
{
  State old;

  g_return_if_fail (EDITOR_IS_HEX_VIEWPORT (self));

  old = save_state (self);
  self->width = MAX (width, 0);
  self->height = MAX (height, 0);
  notify_changes (self, &old);
}

void
editor_hex_viewport_set_map_size (EditorHexViewport *self,
                                  double             width,
                                  double             height)
{
  State old;

  g_return_if_fail (EDITOR_IS_HEX_VIEWPORT (self));

  old = save_state (self);
  self->map_width = MAX (width, 0);
  self->map_height = MAX (height, 0);
  clamp_center (self);
  notify_changes (self, &old);
}

double
editor_hex_viewport_get_map_width (EditorHexViewport *self)
{
  g_return_val_if_fail (EDITOR_IS_HEX_VIEWPORT (self), 0);
  return self->map_width;
}

double
editor_hex_viewport_get_map_height (EditorHexViewport *self)
{
  g_return_val_if_fail (EDITOR_IS_HEX_VIEWPORT (self), 0);
  return self->map_height;
}

void
editor_hex_viewport_widget_to_map (EditorHexViewport *self,
                                   double             wx,
                                   double             wy,
                                   double            *mx,
                                   double            *my)
{
  double scale;

  g_return_if_fail (EDITOR_IS_HEX_VIEWPORT (self));

  scale = exp2 (self->zoom);
  if (mx != NULL)
    *mx = self->center_x + (wx - self->width / 2.0) / scale;
  if (my != NULL)
    *my = self->center_y + (wy - self->height / 2.0) / scale;
}

void
editor_hex_viewport_map_to_widget (EditorHexViewport *self,
                                   double             mx,
                                   double             my,
                                   double            *wx,
                                   double            *wy)
{
  double scale;

  g_return_if_fail (EDITOR_IS_HEX_VIEWPORT (self));

  scale = exp2 (self->zoom);
  if (wx != NULL)
    *wx = (mx - self->center_x) * scale + self->width / 2.0;
  if (wy != NULL)
    *wy = (my - self->center_y) * scale + self->height / 2.0;
}

void
editor_hex_viewport_get_visible (EditorHexViewport *self,
                                 double            *x0,
                                 double            *y0,
                                 double            *x1,
                                 double            *y1)
{
  g_return_if_fail (EDITOR_IS_HEX_VIEWPORT (self));

  editor_hex_viewport_widget_to_map (self, 0, 0, x0, y0);
  editor_hex_viewport_widget_to_map (self, self->width, self->height, x1, y1);
}

void
editor_hex_viewport_zoom_at (EditorHexViewport *self,
                             double             zoom,
                             double             wx,
                             double             wy)
{
  State old;
  double mx, my, scale;

  g_return_if_fail (EDITOR_IS_HEX_VIEWPORT (self));
  g_return_if_fail (isfinite (zoom));

  old = save_state (self);
  editor_hex_viewport_widget_to_map (self, wx, wy, &mx, &my);
  self->zoom = CLAMP (zoom, self->min_zoom, self->max_zoom);
  scale = exp2 (self->zoom);
  self->center_x = mx - (wx - self->width / 2.0) / scale;
  self->center_y = my - (wy - self->height / 2.0) / scale;
  clamp_center (self);
  notify_changes (self, &old);
}

void
editor_hex_viewport_anchor (EditorHexViewport *self,
                            double             mx,
                            double             my,
                            double             wx,
                            double             wy)
{
  double scale;

  g_return_if_fail (EDITOR_IS_HEX_VIEWPORT (self));

  scale = exp2 (self->zoom);
  editor_hex_viewport_set_center (self,
                                  mx - (wx - self->width / 2.0) / scale,
                                  my - (wy - self->height / 2.0) / scale);
}

void
editor_hex_viewport_pan_by (EditorHexViewport *self,
                            double             dx,
                            double             dy)
{
  double scale;

  g_return_if_fail (EDITOR_IS_HEX_VIEWPORT (self));

  scale = exp2 (self->zoom);
  editor_hex_viewport_set_center (self, self->center_x + dx / scale, self->center_y + dy / scale);
}

void
editor_hex_viewport_fit (EditorHexViewport *self,
                         int                margin)
{
  State old;
  double avail_w, avail_h, zoom;

  g_return_if_fail (EDITOR_IS_HEX_VIEWPORT (self));

  if (self->width <= 0 || self->height <= 0 || self->map_width <= 0 || self->map_height <= 0)
    return;

  avail_w = MAX (self->width - 2 * margin, 1);
  avail_h = MAX (self->height - 2 * margin, 1);
  zoom = log2 (MIN (avail_w / self->map_width, avail_h / self->map_height));
  /* Round down to a quantum so the tiles render pixel for pixel and the
   * whole map still fits. */
  zoom = floor (zoom / EDITOR_ZOOM_QUANTUM + 1e-9) * EDITOR_ZOOM_QUANTUM;

  old = save_state (self);
  self->zoom = CLAMP (zoom, self->min_zoom, self->max_zoom);
  self->center_x = self->map_width / 2.0;
  self->center_y = self->map_height / 2.0;
  notify_changes (self, &old);
}
