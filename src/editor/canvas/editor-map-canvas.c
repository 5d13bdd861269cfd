/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-map-canvas.c: the canvas as an object — its properties, the
 * scenario it shows and follows, overlays and the brush preview; drawing,
 * view and input are in editor-map-canvas-{draw,view,input}.c. */
#include "config.h"

#include "editor-map-canvas.h"
#include "editor-map-canvas-private.h"
#include "editor-tile-cache.h"

#include <math.h>
#include <string.h>

G_DEFINE_FINAL_TYPE (EditorMapCanvas, editor_map_canvas, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SCENARIO,
  PROP_VIEWPORT,
  PROP_SHOW_GRID,
  PROP_SHOW_IDS,
  PROP_SHOW_NAMES,
  PROP_SHOW_COUNTERS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const struct {
  int prop;
  SandLayers layer;
} layer_props[] = {
  { PROP_SHOW_GRID, SAND_LAYER_GRID },
  { PROP_SHOW_IDS, SAND_LAYER_IDS },
  { PROP_SHOW_NAMES, SAND_LAYER_NAMES },
  { PROP_SHOW_COUNTERS, SAND_LAYER_COUNTERS },
};

/* ------------------------------------------------------------------ */
/* Model */

static void
update_map_size (EditorMapCanvas *self)
{
  double w = 0, h = 0;

  if (self->map != NULL)
    sand_grid_pixel_size (canvas_grid (self), canvas_hex_size (self), &w, &h);
  if (w != self->map_width || h != self->map_height)
    {
      self->map_width = w;
      self->map_height = h;
      editor_tile_cache_clear (self->tiles);
    }
  editor_hex_viewport_set_map_size (self->viewport, w, h);
  /* Out far enough to see the largest map whole in a small window. */
  if (w > 0 && h > 0)
    editor_hex_viewport_set_zoom_range (self->viewport,
                                        MIN (MIN_ZOOM, floor (log2 (128.0 / MAX (w, h)))),
                                        MAX_ZOOM);
}

static void
map_changed_cb (SandMap         *map,
                int              col0,
                int              row0,
                int              col1,
                int              row1,
                EditorMapCanvas *self)
{
  const int *parts;
  guint n_parts = 0;

  update_map_size (self);
  /* A batch (a brush stroke, an undo) repaints the hexes it changed, not
   * the box around them. */
  parts = self->batch_as_box ? NULL : sand_map_get_change_parts (map, &n_parts);
  _editor_map_canvas_invalidate_change (self, parts, n_parts, col0, row0, col1, row1);
}

static void
scenario_changed_cb (SandScenario    *scenario,
                     EditorMapCanvas *self)
{
  /* Counters are drawn above the tiles, anywhere a set-up may have moved
   * them; only labels they pushed aside are cached in tiles. */
  _editor_map_canvas_drop_live_cells (self);
  _editor_map_canvas_invalidate_moved_labels (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
clear_overlay_data (EditorMapCanvas *self)
{
  g_clear_pointer (&self->overlay_tint, g_free);
  if (self->overlay_labels != NULL)
    {
      for (guint i = 0; i < self->overlay_n_hexes; i++)
        g_free (self->overlay_labels[i]);
      g_clear_pointer (&self->overlay_labels, g_free);
    }
  g_clear_pointer (&self->overlay_outline, g_free);
  g_clear_pointer (&self->overlay_path, g_free);
  g_clear_pointer (&self->overlay_areas, g_free);
  g_clear_pointer (&self->overlay_area_hexes, g_free);
  memset (&self->overlay, 0, sizeof self->overlay);
  self->have_overlay = FALSE;
}

static void
clear_overlay (EditorMapCanvas *self)
{
  clear_overlay_data (self);
  _editor_map_canvas_drop_live_cells (self);
}

static gboolean
same_hexes (const int *a,
            guint      n_a,
            const int *b,
            guint      n_b)
{
  return n_a == n_b && (n_a == 0 || memcmp (a, b, sizeof (int) * n_a) == 0);
}

static void
add_hexes (GArray    *changed,
           const int *hexes,
           guint      n)
{
  if (hexes != NULL && n > 0)
    g_array_append_vals (changed, hexes, n);
}

static void
add_area_hexes (GArray            *changed,
                const SandOverlay *overlay)
{
  for (guint i = 0; overlay != NULL && overlay->areas != NULL && i < overlay->n_areas; i++)
    add_hexes (changed, overlay->areas[i].hexes, overlay->areas[i].n_hexes);
}

static gboolean
same_areas (const SandOverlay *a,
            const SandOverlay *b)
{
  guint na = a != NULL && a->areas != NULL ? a->n_areas : 0;
  guint nb = b != NULL && b->areas != NULL ? b->n_areas : 0;

  if (na != nb)
    return FALSE;
  for (guint i = 0; i < na; i++)
    if (a->areas[i].side != b->areas[i].side
        || !same_hexes (a->areas[i].hexes, a->areas[i].n_hexes,
                        b->areas[i].hexes, b->areas[i].n_hexes))
      return FALSE;
  return na == 0 || a->outline_color == b->outline_color;
}

/* The hexes where @next draws otherwise than the overlay drawn now, into
 * @changed; FALSE when that is so much of the map that every live cell
 * is better drawn again. All the overlay draws of a hex (tint, label,
 * outline, a path through its centre, an area's wash and edge) lies
 * within the reach of a live cell's hex (editor-map-canvas-live.c). */
static gboolean
overlay_changes (EditorMapCanvas   *self,
                 const SandOverlay *next,
                 GArray            *changed)
{
  const SandOverlay *now = self->have_overlay ? &self->overlay : NULL;
  guint n;

  if (self->map == NULL)
    return FALSE;
  n = sand_grid_n_hexes (canvas_grid (self));
  for (guint h = 0; h < n && (now != NULL || next != NULL); h++)
    {
      guint32 a = now != NULL && now->tint != NULL ? now->tint[h] : 0;
      guint32 b = next != NULL && next->tint != NULL ? next->tint[h] : 0;
      const char *la = now != NULL && now->labels != NULL ? now->labels[h] : NULL;
      const char *lb = next != NULL && next->labels != NULL ? next->labels[h] : NULL;

      if (a != b || g_strcmp0 (la, lb) != 0)
        g_array_append_val (changed, h);
    }
  if (now == NULL || next == NULL || now->outline_color != next->outline_color
      || !same_hexes (now->outline, now->n_outline, next->outline, next->n_outline))
    {
      add_hexes (changed, now != NULL ? now->outline : NULL, now != NULL ? now->n_outline : 0);
      add_hexes (changed, next != NULL ? next->outline : NULL,
                 next != NULL ? next->n_outline : 0);
    }
  if (now == NULL || next == NULL
      || !same_hexes (now->path, now->n_path, next->path, next->n_path))
    {
      add_hexes (changed, now != NULL ? now->path : NULL, now != NULL ? now->n_path : 0);
      add_hexes (changed, next != NULL ? next->path : NULL, next != NULL ? next->n_path : 0);
    }
  if (!same_areas (now, next))
    {
      add_area_hexes (changed, now);
      add_area_hexes (changed, next);
    }
  return changed->len <= n / 4;
}

void
editor_map_canvas_set_scenario (EditorMapCanvas *self,
                                SandScenario    *scenario)
{
  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));
  g_return_if_fail (scenario == NULL || SAND_IS_SCENARIO (scenario));

  if (self->scenario == scenario)
    return;

  if (self->map != NULL)
    g_clear_signal_handler (&self->map_changed_id, self->map);
  if (self->scenario != NULL)
    g_clear_signal_handler (&self->scenario_changed_id, self->scenario);
  g_clear_pointer (&self->renderer, sand_renderer_free);
  g_clear_object (&self->map);
  g_clear_object (&self->scenario);
  g_clear_pointer (&self->named, g_free);
  editor_tile_cache_clear (self->tiles);
  clear_overlay (self);
  g_array_set_size (self->preview, 0);
  self->preview_side_hex = -1;

  if (scenario != NULL)
    {
      self->scenario = g_object_ref (scenario);
      self->map = g_object_ref (sand_scenario_get_map (scenario));
      self->renderer = sand_renderer_new (scenario);
      self->named = g_new0 (guint8, sand_grid_n_hexes (canvas_grid (self)));
      _editor_map_canvas_update_named (self, 0, 0, canvas_grid (self)->cols - 1,
                                       canvas_grid (self)->rows - 1);
      self->map_changed_id = g_signal_connect (self->map, "changed",
                                               G_CALLBACK (map_changed_cb), self);
      self->scenario_changed_id = g_signal_connect (self->scenario, "changed",
                                                    G_CALLBACK (scenario_changed_cb), self);
    }
  update_map_size (self);
  self->need_fit = self->map != NULL;
  if (self->need_fit && gtk_widget_get_width (GTK_WIDGET (self)) > 0)
    {
      editor_hex_viewport_fit (self->viewport, FIT_MARGIN);
      self->need_fit = FALSE;
    }
  self->hover_hex = self->hover_side_hex = self->hover_side_dir = -2;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCENARIO]);
}

SandScenario *
editor_map_canvas_get_scenario (EditorMapCanvas *self)
{
  g_return_val_if_fail (EDITOR_IS_MAP_CANVAS (self), NULL);
  return self->scenario;
}

EditorHexViewport *
editor_map_canvas_get_viewport (EditorMapCanvas *self)
{
  g_return_val_if_fail (EDITOR_IS_MAP_CANVAS (self), NULL);
  return self->viewport;
}

SandRenderer *
editor_map_canvas_get_renderer (EditorMapCanvas *self)
{
  g_return_val_if_fail (EDITOR_IS_MAP_CANVAS (self), NULL);
  return self->renderer;
}

void
editor_map_canvas_set_layers (EditorMapCanvas *self,
                              SandLayers       layers)
{
  SandLayers old;

  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));

  old = self->layers;
  if (old == layers)
    return;
  self->layers = layers;
  if ((old & SAND_LAYER_STATIC) != (layers & SAND_LAYER_STATIC))
    editor_tile_cache_clear (self->tiles);
  _editor_map_canvas_drop_live_cells (self);
  g_object_freeze_notify (G_OBJECT (self));
  for (guint i = 0; i < G_N_ELEMENTS (layer_props); i++)
    if ((old & layer_props[i].layer) != (layers & layer_props[i].layer))
      g_object_notify_by_pspec (G_OBJECT (self), properties[layer_props[i].prop]);
  g_object_thaw_notify (G_OBJECT (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

SandLayers
editor_map_canvas_get_layers (EditorMapCanvas *self)
{
  g_return_val_if_fail (EDITOR_IS_MAP_CANVAS (self), 0);
  return self->layers;
}


/* Overlays */

void
editor_map_canvas_set_overlay (EditorMapCanvas   *self,
                               const SandOverlay *overlay)
{
  g_autoptr (GArray) changed = g_array_new (FALSE, FALSE, sizeof (int));
  gboolean some;
  guint n;

  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));

  /* The playtest sets its overlay again after every action and hover:
   * only the cells of the hexes where it differs are drawn again. */
  some = overlay_changes (self, self->map != NULL ? overlay : NULL, changed);
  clear_overlay_data (self);
  if (some)
    _editor_map_canvas_invalidate_live_cells (self, (const int *) (gpointer) changed->data,
                                              changed->len);
  else
    _editor_map_canvas_drop_live_cells (self);
  if (overlay != NULL && self->map != NULL)
    {
      n = sand_grid_n_hexes (canvas_grid (self));
      self->overlay_n_hexes = n;
      if (overlay->tint != NULL)
        self->overlay_tint = g_memdup2 (overlay->tint, sizeof (guint32) * n);
      if (overlay->labels != NULL)
        {
          self->overlay_labels = g_new0 (char *, n);
          for (guint i = 0; i < n; i++)
            self->overlay_labels[i] = g_strdup (overlay->labels[i]);
        }
      if (overlay->outline != NULL && overlay->n_outline > 0)
        self->overlay_outline = g_memdup2 (overlay->outline, sizeof (int) * overlay->n_outline);
      if (overlay->path != NULL && overlay->n_path > 0)
        self->overlay_path = g_memdup2 (overlay->path, sizeof (int) * overlay->n_path);
      self->overlay.tint = self->overlay_tint;
      self->overlay.labels = (const char * const *) self->overlay_labels;
      self->overlay.outline = self->overlay_outline;
      self->overlay.n_outline = self->overlay_outline != NULL ? overlay->n_outline : 0;
      self->overlay.outline_color = overlay->outline_color;
      self->overlay.path = self->overlay_path;
      self->overlay.n_path = self->overlay_path != NULL ? overlay->n_path : 0;
      if (overlay->areas != NULL && overlay->n_areas > 0)
        {
          gsize total = 0, at = 0;

          for (guint i = 0; i < overlay->n_areas; i++)
            total += overlay->areas[i].n_hexes;
          self->overlay_areas = g_memdup2 (overlay->areas,
                                           sizeof (SandOverlayArea) * overlay->n_areas);
          self->overlay_area_hexes = g_new (int, MAX (total, 1));
          for (guint i = 0; i < overlay->n_areas; i++)
            {
              SandOverlayArea *area = &self->overlay_areas[i];

              if (area->n_hexes > 0)
                memcpy (self->overlay_area_hexes + at, overlay->areas[i].hexes,
                        sizeof (int) * area->n_hexes);
              area->hexes = self->overlay_area_hexes + at;
              at += area->n_hexes;
            }
          self->overlay.areas = self->overlay_areas;
          self->overlay.n_areas = overlay->n_areas;
        }
      self->have_overlay = TRUE;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const SandOverlay *
editor_map_canvas_get_overlay (EditorMapCanvas *self)
{
  g_return_val_if_fail (EDITOR_IS_MAP_CANVAS (self), NULL);
  return self->have_overlay ? &self->overlay : NULL;
}

void
editor_map_canvas_set_preview (EditorMapCanvas *self,
                               const int       *hexes,
                               guint            n_hexes,
                               int              side_hex,
                               int              side_dir)
{
  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));
  g_return_if_fail (hexes != NULL || n_hexes == 0);

  if (self->preview->len == n_hexes && self->preview_side_hex == side_hex
      && self->preview_side_dir == side_dir
      && (n_hexes == 0 || memcmp (self->preview->data, hexes, sizeof (int) * n_hexes) == 0))
    return;
  _editor_map_canvas_preview_changed (self, hexes, n_hexes, side_hex);
  g_array_set_size (self->preview, 0);
  if (n_hexes > 0)
    g_array_append_vals (self->preview, hexes, n_hexes);
  self->preview_side_hex = side_hex;
  self->preview_side_dir = side_dir;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ------------------------------------------------------------------ */

/* GObject */

static void
editor_map_canvas_dispose (GObject *object)
{
  EditorMapCanvas *self = EDITOR_MAP_CANVAS (object);

  g_clear_handle_id (&self->idle_id, g_source_remove);
  _editor_map_canvas_stop_kinetic (self);
  _editor_map_canvas_detach_root_keys (self);
  editor_map_canvas_set_scenario (self, NULL);
  if (self->viewport != NULL)
    g_signal_handlers_disconnect_by_data (self->viewport, self);
  g_clear_handle_id (&self->hover_idle_id, g_source_remove);
  g_clear_object (&self->viewport);
  g_clear_weak_pointer (&self->input);

  G_OBJECT_CLASS (editor_map_canvas_parent_class)->dispose (object);
}

static void
editor_map_canvas_finalize (GObject *object)
{
  EditorMapCanvas *self = EDITOR_MAP_CANVAS (object);

  clear_overlay (self);
  _editor_map_canvas_free_live_cells (self);
  g_clear_pointer (&self->named, g_free);
  g_clear_pointer (&self->tiles, editor_tile_cache_free);
  g_clear_pointer (&self->preview, g_array_unref);
  g_free (self->tool_cursor);

  G_OBJECT_CLASS (editor_map_canvas_parent_class)->finalize (object);
}

static void
editor_map_canvas_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  EditorMapCanvas *self = EDITOR_MAP_CANVAS (object);

  switch (prop_id)
    {
    case PROP_SCENARIO:
      g_value_set_object (value, self->scenario);
      return;
    case PROP_VIEWPORT:
      g_value_set_object (value, self->viewport);
      return;
    default:
      break;
    }
  for (guint i = 0; i < G_N_ELEMENTS (layer_props); i++)
    if (layer_props[i].prop == (int) prop_id)
      {
        g_value_set_boolean (value, (self->layers & layer_props[i].layer) != 0);
        return;
      }
  G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
editor_map_canvas_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  EditorMapCanvas *self = EDITOR_MAP_CANVAS (object);

  if (prop_id == PROP_SCENARIO)
    {
      editor_map_canvas_set_scenario (self, g_value_get_object (value));
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (layer_props); i++)
    if (layer_props[i].prop == (int) prop_id)
      {
        SandLayers layers = self->layers & ~layer_props[i].layer;

        if (g_value_get_boolean (value))
          layers |= layer_props[i].layer;
        editor_map_canvas_set_layers (self, layers);
        return;
      }
  G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
editor_map_canvas_class_init (EditorMapCanvasClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = editor_map_canvas_dispose;
  object_class->finalize = editor_map_canvas_finalize;
  object_class->get_property = editor_map_canvas_get_property;
  object_class->set_property = editor_map_canvas_set_property;

  widget_class->snapshot = _editor_map_canvas_snapshot;
  widget_class->measure = _editor_map_canvas_measure;
  widget_class->size_allocate = _editor_map_canvas_size_allocate;
  widget_class->root = _editor_map_canvas_root;
  widget_class->realize = _editor_map_canvas_realize;
  widget_class->unrealize = _editor_map_canvas_unrealize;
  widget_class->unroot = _editor_map_canvas_unroot;

  properties[PROP_SCENARIO] =
    g_param_spec_object ("scenario", NULL, NULL, SAND_TYPE_SCENARIO, flags);
  properties[PROP_VIEWPORT] =
    g_param_spec_object ("viewport", NULL, NULL, EDITOR_TYPE_HEX_VIEWPORT,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_GRID] =
    g_param_spec_boolean ("show-grid", NULL, NULL, TRUE, flags);
  properties[PROP_SHOW_IDS] =
    g_param_spec_boolean ("show-ids", NULL, NULL, TRUE, flags);
  properties[PROP_SHOW_NAMES] =
    g_param_spec_boolean ("show-names", NULL, NULL, TRUE, flags);
  properties[PROP_SHOW_COUNTERS] =
    g_param_spec_boolean ("show-counters", NULL, NULL, TRUE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  _editor_map_canvas_class_init_input (widget_class);

  _editor_map_canvas_class_init_view (widget_class);

  gtk_widget_class_set_css_name (widget_class, "map-canvas");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
editor_map_canvas_init (EditorMapCanvas *self)
{
  GtkWidget *widget = GTK_WIDGET (self);

  self->layers = SAND_LAYER_ALL;
  self->viewport = editor_hex_viewport_new ();
  self->tiles = editor_tile_cache_new (MAX_TILES, _editor_map_canvas_draw_tile, self);
  self->preview = g_array_new (FALSE, FALSE, sizeof (int));
  self->preview_side_hex = -1;
  self->preview_side_dir = -1;
  self->hover_hex = self->hover_side_hex = self->hover_side_dir = -2;
  editor_kinetic_init (&self->kinetic);

  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_focus_on_click (widget, TRUE);
  gtk_widget_set_overflow (widget, GTK_OVERFLOW_HIDDEN);
  gtk_widget_set_hexpand (widget, TRUE);
  gtk_widget_set_vexpand (widget, TRUE);

  _editor_map_canvas_init_input (self);
}

GtkWidget *
editor_map_canvas_new (void)
{
  return g_object_new (EDITOR_TYPE_MAP_CANVAS, NULL);
}

/* ------------------------------------------------------------------ */

/* Test hooks */

EditorTileCache *
editor_map_canvas_get_tile_cache (EditorMapCanvas *self)
{
  g_return_val_if_fail (EDITOR_IS_MAP_CANVAS (self), NULL);
  return self->tiles;
}

void
editor_map_canvas_set_sync_rendering (EditorMapCanvas *self,
                                      gboolean         sync)
{
  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));
  self->sync_rendering = sync;
  if (sync)
    g_clear_handle_id (&self->idle_id, g_source_remove);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
editor_map_canvas_get_last_invalidated (EditorMapCanvas *self)
{
  g_return_val_if_fail (EDITOR_IS_MAP_CANVAS (self), 0);
  return self->last_invalidated;
}

void
editor_map_canvas_set_texture_nodes_only (EditorMapCanvas *self,
                                          gboolean         only)
{
  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));
  self->texture_nodes_only = only;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
editor_map_canvas_set_batch_as_box (EditorMapCanvas *self,
                                    gboolean         as_box)
{
  g_return_if_fail (EDITOR_IS_MAP_CANVAS (self));
  self->batch_as_box = as_box;
}

guint
editor_map_canvas_get_n_cells_drawn (EditorMapCanvas *self)
{
  g_return_val_if_fail (EDITOR_IS_MAP_CANVAS (self), 0);
  return self->n_cells_drawn;
}

guint
editor_map_canvas_get_last_told (EditorMapCanvas *self)
{
  g_return_val_if_fail (EDITOR_IS_MAP_CANVAS (self), 0);
  return self->last_told;
}
