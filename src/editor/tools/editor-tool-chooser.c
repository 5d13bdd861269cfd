/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool-chooser.c: a list of ruleset entries with swatches.
 *
 * Names next to swatches, not swatches alone: a designer reads "Rough",
 * and colours alone do not tell forest from marsh on every screen.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "editor-tool-chooser.h"
#include "sand-renderer.h"
#include "sand-ruleset-labels.h"

#define SWATCH_W 30
#define SWATCH_H 26

struct _EditorToolChooser
{
  GtkWidget parent_instance;

  EditorToolChooserKind kind;
  char *none_label;
  SandRuleset *ruleset;
  GtkWidget *list;
  int selected;
  gboolean updating;
};

G_DEFINE_FINAL_TYPE (EditorToolChooser, editor_tool_chooser, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SELECTED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
set_source_color (cairo_t    *cr,
                  const char *color,
                  double      alpha)
{
  GdkRGBA rgba = { 0.6, 0.6, 0.6, 1.0 };

  if (color != NULL)
    gdk_rgba_parse (&rgba, color);
  cairo_set_source_rgba (cr, rgba.red, rgba.green, rgba.blue, alpha);
}

/* A flat-topped hexagon filling a w×h box; corner i as sand-hex.c numbers
 * them (0 is the left end of the top edge), so edge 3 is the bottom. */
static void
hex_corner (double  w,
            double  h,
            int     i,
            double *x,
            double *y)
{
  double r = MIN (w / 2.0, h / sqrt (3.0)) - 1.5;
  double a = G_PI / 180.0 * (240.0 + 60.0 * i);

  *x = w / 2.0 + r * cos (a);
  *y = h / 2.0 + r * sin (a);
}

static void
hex_path (cairo_t *cr,
          double   w,
          double   h)
{
  for (int i = 0; i < 6; i++)
    {
      double x, y;

      hex_corner (w, h, i, &x, &y);
      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_close_path (cr);
}

/* A one-row map holding a hex of every terrain, drawn by the same renderer
 * as the canvas: the chooser shows terrain as the map shows it. (Hexside
 * swatches are drawn by hand: at swatch size, a side clipped to its hex
 * is too thin to read.) Kept on the ruleset, which is shared and lives as
 * long as the program. */
typedef struct {
  SandScenario *scenario;
  SandRenderer *renderer;
} SwatchMap;

static void
swatch_map_free (gpointer data)
{
  SwatchMap *sm = data;

  sand_renderer_free (sm->renderer);
  g_object_unref (sm->scenario);
  g_free (sm);
}

static SwatchMap *
swatch_map_for (SandRuleset *ruleset)
{
  SwatchMap *sm = g_object_get_data (G_OBJECT (ruleset), "editor-swatch-map");
  guint n_terrains = sand_ruleset_n_terrains (ruleset);
  g_autoptr(SandMap) map = NULL;

  if (sm != NULL)
    return sm;

  map = sand_map_new (ruleset, MAX (1, n_terrains), 1, SAND_ORIENTATION_FLAT, SAND_STAGGER_EVEN);
  for (guint i = 0; i < n_terrains; i++)
    sand_map_set_terrain (map, i, (guint8) i);
  sm = g_new0 (SwatchMap, 1);
  sm->scenario = sand_scenario_new (map);
  sm->renderer = sand_renderer_new (sm->scenario);
  g_object_set_data_full (G_OBJECT (ruleset), "editor-swatch-map", sm, swatch_map_free);
  return sm;
}

static void
draw_rendered_hex (cairo_t     *cr,
                   SandRuleset *ruleset,
                   int          hex,
                   double       w,
                   double       h)
{
  SwatchMap *sm = swatch_map_for (ruleset);
  SandMap *map = sand_scenario_get_map (sm->scenario);
  const SandGrid *grid = sand_map_get_grid (map);
  double size = sand_map_get_hex_size (map);
  SandPoint c = sand_grid_hex_center (grid, size, hex);
  double scale = MIN ((w - 3) / (2 * size), (h - 3) / (sqrt (3.0) * size));

  cairo_save (cr);
  cairo_translate (cr, w / 2, h / 2);
  cairo_scale (cr, scale, scale);
  cairo_translate (cr, -c.x, -c.y);
  for (int i = 0; i < 6; i++)
    {
      SandPoint p = sand_grid_corner (grid, size, c, i);

      if (i == 0)
        cairo_move_to (cr, p.x, p.y);
      else
        cairo_line_to (cr, p.x, p.y);
    }
  cairo_close_path (cr);
  cairo_clip (cr);
  sand_renderer_draw (sm->renderer, cr, scale, c.x - size, c.y - size, c.x + size, c.y + size,
                      SAND_LAYER_TERRAIN | SAND_LAYER_SIDES);
  cairo_restore (cr);
}

void
editor_tool_chooser_draw_swatch (cairo_t               *cr,
                                 SandRuleset           *ruleset,
                                 EditorToolChooserKind  kind,
                                 int                    index,
                                 double                 w,
                                 double                 h)
{
  const char *color = NULL;
  const char *id = NULL;
  double x0, y0, x1, y1;

  switch (kind)
    {
    case EDITOR_CHOOSER_TERRAIN:
      if (index >= 0 && (guint) index < sand_ruleset_n_terrains (ruleset))
        color = sand_ruleset_get_terrain (ruleset, index)->color;
      break;
    case EDITOR_CHOOSER_COUNTRY:
      if (index >= 0 && (guint) index < sand_ruleset_n_countries (ruleset))
        color = sand_ruleset_get_country (ruleset, index)->color;
      break;
    case EDITOR_CHOOSER_SIDE_FEATURE:
    case EDITOR_CHOOSER_CONNECTION:
      if (index >= 0 && (guint) index < sand_ruleset_n_side_features (ruleset))
        {
          color = sand_ruleset_get_side_feature (ruleset, index)->color;
          id = sand_ruleset_get_side_feature (ruleset, index)->id;
        }
      break;
    case EDITOR_CHOOSER_SIDE:
      if (index >= 0 && (guint) index < sand_ruleset_n_sides (ruleset))
        color = sand_ruleset_get_side (ruleset, index)->color;
      break;
    default:
      g_assert_not_reached ();
    }

  cairo_save (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);

  if (kind == EDITOR_CHOOSER_SIDE)
    {
      /* Sides are counters, not hexes. */
      double s = MIN (w, h) - 6;

      cairo_rectangle (cr, (w - s) / 2, (h - s) / 2, s, s);
      if (index >= 0)
        set_source_color (cr, color, 1.0);
      else
        cairo_set_source_rgba (cr, 0.5, 0.5, 0.5, 0.2);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.6);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
      cairo_restore (cr);
      return;
    }

  hex_path (cr, w, h);
  if (kind == EDITOR_CHOOSER_TERRAIN && index >= 0)
    set_source_color (cr, color, 1.0);
  else if (kind == EDITOR_CHOOSER_COUNTRY && index >= 0)
    set_source_color (cr, color, 0.45);
  else
    cairo_set_source_rgb (cr, 0.93, 0.91, 0.85);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0.2, 0.2, 0.2, 0.7);
  cairo_set_line_width (cr, 1);
  if (index < 0)
    {
      static const double dash[] = { 2, 2 };

      cairo_set_dash (cr, dash, 2, 0);
    }
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);

  if (kind == EDITOR_CHOOSER_TERRAIN && index >= 0)
    {
      draw_rendered_hex (cr, ruleset, index, w, h);
      cairo_restore (cr);
      return;
    }
  if (kind == EDITOR_CHOOSER_COUNTRY && index >= 0)
    {
      /* Country borders are drawn as a thick coloured line inside the hex. */
      cairo_save (cr);
      cairo_translate (cr, w / 2, h / 2);
      cairo_scale (cr, 0.78, 0.78);
      cairo_translate (cr, -w / 2, -h / 2);
      hex_path (cr, w, h);
      cairo_restore (cr);
      set_source_color (cr, color, 1.0);
      cairo_set_line_width (cr, 2.5);
      cairo_stroke (cr);
    }
  else if (kind == EDITOR_CHOOSER_SIDE_FEATURE && index >= 0)
    {
      double x2, y2;

      /* Two sides, south-east and south, as a river runs along them. */
      hex_corner (w, h, 2, &x2, &y2);
      hex_corner (w, h, 3, &x0, &y0);
      hex_corner (w, h, 4, &x1, &y1);
      cairo_move_to (cr, x2, y2);
      cairo_line_to (cr, x0, y0);
      cairo_line_to (cr, x1, y1);
      set_source_color (cr, color, 1.0);
      cairo_set_line_width (cr, id && strstr (id, "river") ? 4 : 2.5);
      if (id && strstr (id, "ridge"))
        {
          static const double dash[] = { 3, 2 };

          cairo_set_dash (cr, dash, 2, 0);
        }
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      if (id && strstr (id, "bridge"))
        {
          /* A bridge is drawn across the water it spans. */
          double mx = (x0 + x1) / 2, my = (y0 + y1) / 2;

          cairo_set_source_rgb (cr, 0.35, 0.3, 0.25);
          cairo_set_line_width (cr, 2);
          cairo_move_to (cr, mx - 3, my - 5);
          cairo_line_to (cr, mx - 3, my + 5);
          cairo_move_to (cr, mx + 3, my - 5);
          cairo_line_to (cr, mx + 3, my + 5);
          cairo_stroke (cr);
        }
    }
  else if (kind == EDITOR_CHOOSER_CONNECTION && index >= 0)
    {
      gboolean rail = id && strstr (id, "rail");

      cairo_move_to (cr, 2, h / 2);
      cairo_line_to (cr, w - 2, h / 2);
      set_source_color (cr, color, 1.0);
      cairo_set_line_width (cr, rail ? 2 : 3);
      cairo_stroke (cr);
      if (rail)
        {
          for (double x = 6; x < w - 3; x += 5)
            {
              cairo_move_to (cr, x, h / 2 - 3);
              cairo_line_to (cr, x, h / 2 + 3);
            }
          cairo_set_line_width (cr, 1);
          cairo_stroke (cr);
        }
    }
  cairo_restore (cr);
}

static void
swatch_draw (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  EditorToolChooser *self = user_data;
  int index = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (area), "index"));

  if (self->ruleset == NULL)
    return;
  editor_tool_chooser_draw_swatch (cr, self->ruleset, self->kind, index, width, height);
}

static gboolean
entry_matches_kind (EditorToolChooser *self,
                    guint              i)
{
  const SandSideFeatureDef *def;

  if (self->kind != EDITOR_CHOOSER_SIDE_FEATURE && self->kind != EDITOR_CHOOSER_CONNECTION)
    return TRUE;
  def = sand_ruleset_get_side_feature (self->ruleset, i);
  return (self->kind == EDITOR_CHOOSER_CONNECTION) == (def->kind == SAND_SIDE_CONNECTION);
}

static guint
n_entries (EditorToolChooser *self)
{
  if (self->ruleset == NULL)
    return 0;
  switch (self->kind)
    {
    case EDITOR_CHOOSER_TERRAIN:
      return sand_ruleset_n_terrains (self->ruleset);
    case EDITOR_CHOOSER_COUNTRY:
      return sand_ruleset_n_countries (self->ruleset);
    case EDITOR_CHOOSER_SIDE_FEATURE:
    case EDITOR_CHOOSER_CONNECTION:
      return sand_ruleset_n_side_features (self->ruleset);
    case EDITOR_CHOOSER_SIDE:
      return sand_ruleset_n_sides (self->ruleset);
    default:
      g_assert_not_reached ();
    }
}

static const char *
entry_name (EditorToolChooser *self,
            guint              i)
{
  switch (self->kind)
    {
    case EDITOR_CHOOSER_TERRAIN:
      return sand_ruleset_terrain_label (self->ruleset, i);
    case EDITOR_CHOOSER_COUNTRY:
      return sand_ruleset_country_label (self->ruleset, i);
    case EDITOR_CHOOSER_SIDE_FEATURE:
    case EDITOR_CHOOSER_CONNECTION:
      return sand_ruleset_side_feature_label (self->ruleset, i);
    case EDITOR_CHOOSER_SIDE:
      return sand_ruleset_side_label (self->ruleset, i);
    default:
      g_assert_not_reached ();
    }
}

static GtkWidget *
make_row (EditorToolChooser *self,
          int                index,
          const char        *label,
          guint              position)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *area = gtk_drawing_area_new ();
  GtkWidget *text = gtk_label_new (label);

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), SWATCH_W);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), SWATCH_H);
  g_object_set_data (G_OBJECT (area), "index", GINT_TO_POINTER (index));
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), swatch_draw, self, NULL);
  gtk_label_set_xalign (GTK_LABEL (text), 0);
  gtk_label_set_ellipsize (GTK_LABEL (text), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (text, TRUE);
  gtk_box_append (GTK_BOX (box), area);
  gtk_box_append (GTK_BOX (box), text);
  if (position < 9)
    {
      /* The palette's number keys choose the first nine entries. */
      g_autofree char *key = g_strdup_printf ("%u", position + 1);
      g_autofree char *tip = g_strdup_printf (_("%s (%s)"), label, key);
      GtkWidget *key_label = gtk_label_new (key);

      gtk_widget_add_css_class (key_label, "dim-label");
      gtk_widget_add_css_class (key_label, "caption");
      gtk_box_append (GTK_BOX (box), key_label);
      gtk_widget_set_tooltip_text (row, tip);
    }
  else
    gtk_widget_set_tooltip_text (row, label);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data (G_OBJECT (row), "index", GINT_TO_POINTER (index));
  return row;
}

static void
select_row_for (EditorToolChooser *self,
                int                index)
{
  self->updating = TRUE;
  for (GtkWidget *row = gtk_widget_get_first_child (self->list);
       row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      if (GTK_IS_LIST_BOX_ROW (row)
          && GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "index")) == index)
        {
          gtk_list_box_select_row (GTK_LIST_BOX (self->list), GTK_LIST_BOX_ROW (row));
          self->updating = FALSE;
          return;
        }
    }
  gtk_list_box_unselect_all (GTK_LIST_BOX (self->list));
  self->updating = FALSE;
}

static void
rebuild (EditorToolChooser *self)
{
  GtkWidget *child;
  guint n = n_entries (self);
  guint position = 0;

  self->updating = TRUE;
  while ((child = gtk_widget_get_first_child (self->list)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->list), child);

  if (self->none_label != NULL)
    gtk_list_box_append (GTK_LIST_BOX (self->list),
                         make_row (self, -1, self->none_label, position++));
  for (guint i = 0; i < n; i++)
    if (entry_matches_kind (self, i))
      gtk_list_box_append (GTK_LIST_BOX (self->list),
                           make_row (self, i, entry_name (self, i), position++));
  self->updating = FALSE;
  select_row_for (self, self->selected);
}

static void
row_selected_cb (GtkListBox        *list,
                 GtkListBoxRow     *row,
                 EditorToolChooser *self)
{
  if (self->updating || row == NULL)
    return;
  editor_tool_chooser_set_selected (self,
                                    GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row),
                                                                        "index")));
}

static void
editor_tool_chooser_dispose (GObject *object)
{
  EditorToolChooser *self = EDITOR_TOOL_CHOOSER (object);

  g_clear_pointer (&self->list, gtk_widget_unparent);
  g_clear_object (&self->ruleset);

  G_OBJECT_CLASS (editor_tool_chooser_parent_class)->dispose (object);
}

static void
editor_tool_chooser_finalize (GObject *object)
{
  EditorToolChooser *self = EDITOR_TOOL_CHOOSER (object);

  g_free (self->none_label);

  G_OBJECT_CLASS (editor_tool_chooser_parent_class)->finalize (object);
}

static void
editor_tool_chooser_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  EditorToolChooser *self = EDITOR_TOOL_CHOOSER (object);

  switch (prop_id)
    {
    case PROP_SELECTED:
      g_value_set_int (value, self->selected);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_tool_chooser_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  EditorToolChooser *self = EDITOR_TOOL_CHOOSER (object);

  switch (prop_id)
    {
    case PROP_SELECTED:
      editor_tool_chooser_set_selected (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_tool_chooser_class_init (EditorToolChooserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = editor_tool_chooser_dispose;
  object_class->finalize = editor_tool_chooser_finalize;
  object_class->get_property = editor_tool_chooser_get_property;
  object_class->set_property = editor_tool_chooser_set_property;

  properties[PROP_SELECTED] =
    g_param_spec_int ("selected", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "toolchooser");
}

static void
editor_tool_chooser_init (EditorToolChooser *self)
{
  self->selected = -1;
  self->list = gtk_list_box_new ();
  gtk_widget_add_css_class (self->list, "navigation-sidebar");
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->list), GTK_SELECTION_BROWSE);
  gtk_widget_set_parent (self->list, GTK_WIDGET (self));
  g_signal_connect (self->list, "row-selected", G_CALLBACK (row_selected_cb), self);
}

GtkWidget *
editor_tool_chooser_new (EditorToolChooserKind  kind,
                         const char            *none_label)
{
  EditorToolChooser *self = g_object_new (EDITOR_TYPE_TOOL_CHOOSER, NULL);

  static const char *const names[] = {
    [EDITOR_CHOOSER_TERRAIN] = N_("Terrain"),
    [EDITOR_CHOOSER_COUNTRY] = N_("Country"),
    [EDITOR_CHOOSER_SIDE_FEATURE] = N_("Hexside feature"),
    [EDITOR_CHOOSER_CONNECTION] = N_("Connection"),
    [EDITOR_CHOOSER_SIDE] = N_("Side"),
  };

  self->kind = kind;
  self->none_label = g_strdup (none_label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _(names[kind]), -1);
  return GTK_WIDGET (self);
}

GtkWidget *
editor_tool_chooser_new_bound (EditorToolChooserKind  kind,
                               const char            *none_label,
                               GObject               *object,
                               const char            *property)
{
  GtkWidget *chooser = editor_tool_chooser_new (kind, none_label);

  g_object_bind_property (object, property, chooser, "selected",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  return chooser;
}

void
editor_tool_chooser_set_ruleset (EditorToolChooser *self,
                                 SandRuleset       *ruleset)
{
  g_return_if_fail (EDITOR_IS_TOOL_CHOOSER (self));
  g_return_if_fail (ruleset == NULL || SAND_IS_RULESET (ruleset));

  if (g_set_object (&self->ruleset, ruleset))
    rebuild (self);
}

int
editor_tool_chooser_get_selected (EditorToolChooser *self)
{
  g_return_val_if_fail (EDITOR_IS_TOOL_CHOOSER (self), -1);
  return self->selected;
}

void
editor_tool_chooser_set_selected (EditorToolChooser *self,
                                  int                index)
{
  g_return_if_fail (EDITOR_IS_TOOL_CHOOSER (self));

  if (self->selected == index)
    return;
  self->selected = index;
  if (!self->updating)
    select_row_for (self, index);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

gboolean
editor_tool_chooser_select_nth (EditorToolChooser *self,
                                guint              n)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (EDITOR_IS_TOOL_CHOOSER (self), FALSE);

  row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (self->list), n);
  if (row == NULL)
    return FALSE;
  editor_tool_chooser_set_selected (self,
                                    GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "index")));
  return TRUE;
}

/* Brush size buttons. */

static void
brush_toggled_cb (GtkToggleButton *button,
                  GObject         *object)
{
  const char *property = g_object_get_data (G_OBJECT (button), "property");
  int radius = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "radius"));

  if (gtk_toggle_button_get_active (button))
    g_object_set (object, property, radius, NULL);
}

static void
brush_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 GtkWidget  *box)
{
  int radius = 0;

  g_object_get (object, pspec->name, &radius, NULL);
  for (GtkWidget *b = gtk_widget_get_first_child (box); b; b = gtk_widget_get_next_sibling (b))
    if (GPOINTER_TO_INT (g_object_get_data (G_OBJECT (b), "radius")) == radius)
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (b), TRUE);
}

GtkWidget *
editor_tool_brush_size_new (GObject    *object,
                            const char *property)
{
  /* The counts are what a designer thinks in: one hex, a hex and its ring,
   * two rings. */
  static const struct { int radius; const char *label; const char *tip; } sizes[] = {
    { 0, "1", N_("1 hex") },
    { 1, "7", N_("7 hexes: a hex and its neighbours") },
    { 2, "19", N_("19 hexes: two rings") },
  };
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *group = NULL;
  g_autofree char *signal = g_strdup_printf ("notify::%s", property);

  gtk_widget_add_css_class (box, "linked");
  gtk_widget_set_halign (box, GTK_ALIGN_START);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      GtkWidget *b = gtk_toggle_button_new_with_label (sizes[i].label);
      g_autofree char *tip = g_strdup_printf ("%s  ([ ])", _(sizes[i].tip));

      gtk_widget_set_size_request (b, 44, -1);
      gtk_widget_set_tooltip_text (b, tip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (b),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _(sizes[i].tip), -1);
      g_object_set_data (G_OBJECT (b), "radius", GINT_TO_POINTER (sizes[i].radius));
      g_object_set_data_full (G_OBJECT (b), "property", g_strdup (property), g_free);
      if (group)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (b), GTK_TOGGLE_BUTTON (group));
      else
        group = b;
      gtk_box_append (GTK_BOX (box), b);
      g_signal_connect_object (b, "toggled", G_CALLBACK (brush_toggled_cb), object, 0);
    }
  g_signal_connect_object (object, signal, G_CALLBACK (brush_notify_cb), box, 0);
  brush_notify_cb (object, g_object_class_find_property (G_OBJECT_GET_CLASS (object), property),
                   box);
  return box;
}

GtkWidget *
editor_tool_options_heading (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_margin_top (label, 6);
  return label;
}

GtkWidget *
editor_tool_options_hint (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  /* Wrapped text must not ask for the width of its whole line. */
  gtk_label_set_max_width_chars (GTK_LABEL (label), 24);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

GtkWidget *
editor_tool_options_check (GObject    *object,
                           const char *property,
                           const char *label,
                           const char *tooltip)
{
  GtkWidget *check = gtk_check_button_new_with_label (label);

  if (tooltip != NULL)
    gtk_widget_set_tooltip_text (check, tooltip);
  g_object_bind_property (object, property, check, "active",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  return check;
}
