/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool-fill.c: flood fill over the six hex neighbours.
 *
 * Tiled's bucket fill walks square neighbours on hex maps
 * (mapeditor/tiled#883); here the region is the hexes reachable through
 * shared hexsides, optionally not across a river or out of a country, so
 * a designer can fill one bank of a river.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-tool-chooser.h"
#include "editor-tool-fill.h"

/* Hover previews stop here so a pointer moving over a huge sea stays
 * smooth; the fill itself has no limit. */
#define PREVIEW_LIMIT 20000

struct _EditorToolFill
{
  EditorTool parent_instance;

  int terrain;
  gboolean stop_at_sides;
  gboolean within_country;

  /* Visited marks, kept clear between fills and reused: a hover preview
   * on a large map costs the region, not the map. */
  guint8 *seen;
  gsize n_seen;

  GtkWidget *options;
  GtkWidget *chooser;
};

G_DEFINE_FINAL_TYPE (EditorToolFill, editor_tool_fill, EDITOR_TYPE_TOOL)

enum {
  PROP_0,
  PROP_TERRAIN,
  PROP_STOP_AT_SIDES,
  PROP_WITHIN_COUNTRY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

gboolean
editor_tool_fill_region (EditorToolFill *self,
                         SandMap        *map,
                         int             hex,
                         guint           limit,
                         GArray         *out)
{
  const SandGrid *grid;
  const guint8 *terrain;
  const gint8 *countries;
  guint32 barrier = 0;
  guint start, head;
  guint8 from;
  gint8 country;
  gboolean complete = TRUE;

  g_return_val_if_fail (EDITOR_IS_TOOL_FILL (self), FALSE);
  g_return_val_if_fail (SAND_IS_MAP (map), FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  grid = sand_map_get_grid (map);
  if (hex < 0 || hex >= sand_grid_n_hexes (grid))
    return TRUE;

  terrain = sand_map_peek_terrain (map);
  countries = sand_map_peek_countries (map);
  from = terrain[hex];
  country = countries[hex];
  if (self->stop_at_sides)
    barrier = sand_ruleset_side_kind_mask (sand_map_get_ruleset (map), SAND_SIDE_FEATURE);
  if (self->n_seen != (gsize) sand_grid_n_hexes (grid))
    {
      g_free (self->seen);
      self->n_seen = sand_grid_n_hexes (grid);
      self->seen = g_malloc0 (self->n_seen);
    }

  /* Breadth first, using @out itself as the queue. */
  start = head = out->len;
  self->seen[hex] = 1;
  g_array_append_val (out, hex);
  while (complete && head < out->len)
    {
      int h = g_array_index (out, int, head++);

      for (int d = 0; d < SAND_N_DIRS; d++)
        {
          int n = sand_grid_neighbour (grid, h, d);

          if (n < 0 || self->seen[n] || terrain[n] != from)
            continue;
          if (self->within_country && countries[n] != country)
            continue;
          if (barrier != 0 && (sand_map_get_side (map, h, d) & barrier) != 0)
            continue;
          if (limit != 0 && out->len - start >= limit)
            {
              complete = FALSE;
              break;
            }
          self->seen[n] = 1;
          g_array_append_val (out, n);
        }
    }
  for (guint i = start; i < out->len; i++)
    self->seen[g_array_index (out, int, i)] = 0;
  return complete;
}

static void
editor_tool_fill_begin (EditorTool     *tool,
                        EditorDocument *document,
                        int             hex,
                        double          map_x,
                        double          map_y,
                        guint           button)
{
  EditorToolFill *self = EDITOR_TOOL_FILL (tool);
  SandMap *map = editor_document_get_map (document);
  g_autoptr(GArray) region = NULL;

  if (hex < 0)
    return;
  if (button == GDK_BUTTON_SECONDARY)
    {
      g_object_set (self, "terrain", (int) sand_map_get_terrain (map, hex), NULL);
      return;
    }
  if (sand_map_get_terrain (map, hex) == self->terrain)
    return;

  region = g_array_new (FALSE, FALSE, sizeof (int));
  editor_tool_fill_region (self, map, hex, 0, region);
  editor_document_begin_edit (document, _("Fill Terrain"));
  sand_map_freeze_changes (map);
  for (guint i = 0; i < region->len; i++)
    editor_document_set_terrain (document, g_array_index (region, int, i), (guint8) self->terrain);
  sand_map_thaw_changes (map);
  editor_document_end_edit (document);
}

static void
editor_tool_fill_preview (EditorTool     *tool,
                          EditorDocument *document,
                          int             hex,
                          double          map_x,
                          double          map_y,
                          GArray         *hexes)
{
  EditorToolFill *self = EDITOR_TOOL_FILL (tool);
  guint start = hexes->len;

  if (hex < 0)
    return;
  if (!editor_tool_fill_region (self, editor_document_get_map (document), hex, PREVIEW_LIMIT,
                                hexes))
    {
      /* Too big to outline: show where the fill starts. */
      g_array_set_size (hexes, start);
      g_array_append_val (hexes, hex);
    }
}

static void
update_chooser_ruleset (EditorToolFill *self)
{
  EditorDocument *document = editor_tool_get_document (EDITOR_TOOL (self));

  if (self->chooser != NULL)
    editor_tool_chooser_set_ruleset (EDITOR_TOOL_CHOOSER (self->chooser),
                                     document ? sand_map_get_ruleset (
                                       editor_document_get_map (document)) : NULL);
}

static GtkWidget *
check_button_for (EditorToolFill *self,
                  const char     *property,
                  const char     *label,
                  const char     *tooltip)
{
  GtkWidget *check = gtk_check_button_new_with_label (label);

  gtk_widget_set_tooltip_text (check, tooltip);
  g_object_bind_property (self, property, check, "active",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  return check;
}

static GtkWidget *
editor_tool_fill_get_options (EditorTool *tool)
{
  EditorToolFill *self = EDITOR_TOOL_FILL (tool);
  GtkWidget *hint;

  if (self->options != NULL)
    return self->options;

  self->options = g_object_ref_sink (gtk_box_new (GTK_ORIENTATION_VERTICAL, 6));
  gtk_box_append (GTK_BOX (self->options), editor_tool_options_heading (_("Terrain")));
  self->chooser = editor_tool_chooser_new (EDITOR_CHOOSER_TERRAIN, NULL);
  gtk_box_append (GTK_BOX (self->options), self->chooser);
  g_object_bind_property (self, "terrain", self->chooser, "selected",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  gtk_box_append (GTK_BOX (self->options), editor_tool_options_heading (_("Bounds")));
  gtk_box_append (GTK_BOX (self->options),
                  check_button_for (self, "stop-at-sides", _("Stop at rivers and ridges"),
                                    _("Hexside features bound the filled region")));
  gtk_box_append (GTK_BOX (self->options),
                  check_button_for (self, "within-country", _("Stay within the country"),
                                    _("The region ends at the border of the first hex's "
                                      "country")));
  hint = gtk_label_new (_("Click to fill the connected hexes of the same terrain. "
                          "Right-click picks a terrain."));
  gtk_label_set_wrap (GTK_LABEL (hint), TRUE);
  /* Wrapped text must not ask for the width of its whole line. */
  gtk_label_set_max_width_chars (GTK_LABEL (hint), 24);
  gtk_label_set_xalign (GTK_LABEL (hint), 0);
  gtk_widget_add_css_class (hint, "dim-label");
  gtk_box_append (GTK_BOX (self->options), hint);
  update_chooser_ruleset (self);
  return self->options;
}

static void
editor_tool_fill_document_changed (EditorTool *tool)
{
  update_chooser_ruleset (EDITOR_TOOL_FILL (tool));
}

static void
editor_tool_fill_dispose (GObject *object)
{
  EditorToolFill *self = EDITOR_TOOL_FILL (object);

  g_clear_object (&self->options);
  self->chooser = NULL;

  G_OBJECT_CLASS (editor_tool_fill_parent_class)->dispose (object);
}

static void
editor_tool_fill_finalize (GObject *object)
{
  EditorToolFill *self = EDITOR_TOOL_FILL (object);

  g_free (self->seen);

  G_OBJECT_CLASS (editor_tool_fill_parent_class)->finalize (object);
}

static void
editor_tool_fill_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  EditorToolFill *self = EDITOR_TOOL_FILL (object);

  switch (prop_id)
    {
    case PROP_TERRAIN:
      g_value_set_int (value, self->terrain);
      break;
    case PROP_STOP_AT_SIDES:
      g_value_set_boolean (value, self->stop_at_sides);
      break;
    case PROP_WITHIN_COUNTRY:
      g_value_set_boolean (value, self->within_country);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_tool_fill_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  EditorToolFill *self = EDITOR_TOOL_FILL (object);
  int terrain;
  gboolean b;

  switch (prop_id)
    {
    case PROP_TERRAIN:
      terrain = g_value_get_int (value);
      if (terrain != self->terrain)
        {
          self->terrain = terrain;
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_STOP_AT_SIDES:
      b = g_value_get_boolean (value);
      if (b != self->stop_at_sides)
        {
          self->stop_at_sides = b;
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_WITHIN_COUNTRY:
      b = g_value_get_boolean (value);
      if (b != self->within_country)
        {
          self->within_country = b;
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_tool_fill_class_init (EditorToolFillClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  EditorToolClass *tool_class = EDITOR_TOOL_CLASS (klass);

  object_class->dispose = editor_tool_fill_dispose;
  object_class->finalize = editor_tool_fill_finalize;
  object_class->get_property = editor_tool_fill_get_property;
  object_class->set_property = editor_tool_fill_set_property;

  tool_class->begin = editor_tool_fill_begin;
  tool_class->preview = editor_tool_fill_preview;
  tool_class->get_options = editor_tool_fill_get_options;
  tool_class->document_changed = editor_tool_fill_document_changed;

  properties[PROP_TERRAIN] =
    g_param_spec_int ("terrain", NULL, NULL, 0, G_MAXUINT8, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STOP_AT_SIDES] =
    g_param_spec_boolean ("stop-at-sides", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_WITHIN_COUNTRY] =
    g_param_spec_boolean ("within-country", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
editor_tool_fill_init (EditorToolFill *self)
{
}

EditorTool *
editor_tool_fill_new (void)
{
  return g_object_new (EDITOR_TYPE_TOOL_FILL,
                       "id", "fill",
                       "name", _("Fill"),
                       "icon-name", "sandtable-fill-symbolic",
                       "accel", "f",
                       "cursor-name", "cell",
                       "hint", _("Click to fill connected hexes of one terrain; right-click "
                                 "picks a terrain"),
                       NULL);
}
