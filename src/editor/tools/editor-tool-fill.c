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

  int mode;     /* 0: terrain, 1: country */
  int terrain;
  int country;
  gboolean stop_at_sides;
  gboolean within_country;

  /* Visited marks, kept clear between fills and reused: a hover preview
   * on a large map costs the region, not the map. */
  guint8 *seen;
  gsize n_seen;

  GtkWidget *options;
  GtkWidget *chooser;
  GtkWidget *country_chooser;
  GtkWidget *within_check;
};

G_DEFINE_FINAL_TYPE (EditorToolFill, editor_tool_fill, EDITOR_TYPE_TOOL)

enum {
  PROP_0,
  PROP_MODE,
  PROP_TERRAIN,
  PROP_COUNTRY,
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

          if (n < 0 || self->seen[n])
            continue;
          if (self->mode == EDITOR_FILL_COUNTRY)
            {
              if (countries[n] != country)
                continue;
            }
          else if (terrain[n] != from || (self->within_country && countries[n] != country))
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
      if (self->mode == EDITOR_FILL_COUNTRY)
        g_object_set (self, "country", sand_map_get_country (map, hex), NULL);
      else
        g_object_set (self, "terrain", (int) sand_map_get_terrain (map, hex), NULL);
      return;
    }
  if (self->mode == EDITOR_FILL_COUNTRY ? sand_map_get_country (map, hex) == self->country
                                        : sand_map_get_terrain (map, hex) == self->terrain)
    return;

  region = g_array_new (FALSE, FALSE, sizeof (int));
  editor_tool_fill_region (self, map, hex, 0, region);
  editor_document_begin_edit (document, self->mode == EDITOR_FILL_COUNTRY ? _("Fill Country")
                                                                           : _("Fill Terrain"));
  sand_map_freeze_changes (map);
  for (guint i = 0; i < region->len; i++)
    {
      int h = g_array_index (region, int, i);

      if (self->mode == EDITOR_FILL_COUNTRY)
        editor_document_set_country (document, h, self->country);
      else
        editor_document_set_terrain (document, h, (guint8) self->terrain);
    }
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

  SandRuleset *ruleset = document ? sand_map_get_ruleset (editor_document_get_map (document))
                                  : NULL;

  if (self->chooser != NULL)
    editor_tool_chooser_set_ruleset (EDITOR_TOOL_CHOOSER (self->chooser), ruleset);
  if (self->country_chooser != NULL)
    editor_tool_chooser_set_ruleset (EDITOR_TOOL_CHOOSER (self->country_chooser), ruleset);
}

static gboolean
mode_to_active (GBinding     *binding,
                const GValue *from,
                GValue       *to,
                gpointer      user_data)
{
  g_value_set_boolean (to, g_value_get_int (from) == GPOINTER_TO_INT (user_data));
  return TRUE;
}

static gboolean
active_to_mode (GBinding     *binding,
                const GValue *from,
                GValue       *to,
                gpointer      user_data)
{
  /* Only the button being switched on sets the mode. */
  if (!g_value_get_boolean (from))
    return FALSE;
  g_value_set_int (to, GPOINTER_TO_INT (user_data));
  return TRUE;
}

static void
update_mode_widgets (EditorToolFill *self)
{
  gboolean country = self->mode == EDITOR_FILL_COUNTRY;

  if (self->chooser == NULL)
    return;
  gtk_widget_set_visible (self->chooser, !country);
  gtk_widget_set_visible (self->country_chooser, country);
  gtk_widget_set_visible (self->within_check, !country);
}

static GtkWidget *
editor_tool_fill_get_options (EditorTool *tool)
{
  EditorToolFill *self = EDITOR_TOOL_FILL (tool);
  GtkWidget *hint, *mode_box, *terrain_button, *country_button;

  if (self->options != NULL)
    return self->options;

  self->options = g_object_ref_sink (gtk_box_new (GTK_ORIENTATION_VERTICAL, 6));
  mode_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_add_css_class (mode_box, "linked");
  terrain_button = gtk_toggle_button_new_with_label (_("Terrain"));
  country_button = gtk_toggle_button_new_with_label (_("Country"));
  gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (country_button),
                               GTK_TOGGLE_BUTTON (terrain_button));
  gtk_widget_set_hexpand (terrain_button, TRUE);
  gtk_widget_set_hexpand (country_button, TRUE);
  gtk_widget_set_tooltip_text (terrain_button, _("Fill a region of one terrain with another"));
  gtk_widget_set_tooltip_text (country_button, _("Fill a region of one country with another"));
  g_object_bind_property_full (self, "mode", terrain_button, "active",
                               G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE,
                               mode_to_active, active_to_mode,
                               GINT_TO_POINTER (EDITOR_FILL_TERRAIN), NULL);
  g_object_bind_property_full (self, "mode", country_button, "active",
                               G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE,
                               mode_to_active, active_to_mode,
                               GINT_TO_POINTER (EDITOR_FILL_COUNTRY), NULL);
  gtk_box_append (GTK_BOX (mode_box), terrain_button);
  gtk_box_append (GTK_BOX (mode_box), country_button);
  gtk_box_append (GTK_BOX (self->options), mode_box);

  self->chooser = editor_tool_chooser_new_bound (EDITOR_CHOOSER_TERRAIN, NULL, G_OBJECT (self),
                                                 "terrain");
  gtk_box_append (GTK_BOX (self->options), self->chooser);
  self->country_chooser = editor_tool_chooser_new_bound (EDITOR_CHOOSER_COUNTRY, _("None"),
                                                         G_OBJECT (self), "country");
  gtk_box_append (GTK_BOX (self->options), self->country_chooser);
  gtk_box_append (GTK_BOX (self->options), editor_tool_options_heading (_("Bounds")));
  gtk_box_append (GTK_BOX (self->options),
                  editor_tool_options_check (G_OBJECT (self), "stop-at-sides",
                                             _("Stop at rivers and ridges"),
                                             _("Hexside features bound the filled region")));
  self->within_check = editor_tool_options_check (G_OBJECT (self), "within-country",
                                                  _("Stay within the country"),
                                                  _("The region ends at the border of the first "
                                                    "hex's country"));
  gtk_box_append (GTK_BOX (self->options), self->within_check);
  update_mode_widgets (self);
  hint = editor_tool_options_hint (_("Click to fill the connected hexes of the same terrain or "
                                     "country. Right-click picks one."));
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
  self->chooser = self->country_chooser = self->within_check = NULL;

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
    case PROP_MODE:
      g_value_set_int (value, self->mode);
      break;
    case PROP_TERRAIN:
      g_value_set_int (value, self->terrain);
      break;
    case PROP_COUNTRY:
      g_value_set_int (value, self->country);
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
    case PROP_MODE:
      if (self->mode != g_value_get_int (value))
        {
          self->mode = g_value_get_int (value);
          update_mode_widgets (self);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_COUNTRY:
      if (self->country != g_value_get_int (value))
        {
          self->country = g_value_get_int (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
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

  properties[PROP_MODE] =
    g_param_spec_int ("mode", NULL, NULL, EDITOR_FILL_TERRAIN, EDITOR_FILL_COUNTRY,
                      EDITOR_FILL_TERRAIN,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TERRAIN] =
    g_param_spec_int ("terrain", NULL, NULL, 0, G_MAXUINT8, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COUNTRY] =
    g_param_spec_int ("country", NULL, NULL, -1, G_MAXINT8, -1,
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
  self->country = -1;
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
                       "hint", _("Click to fill connected hexes of one terrain or country; "
                                 "right-click picks one"),
                       NULL);
}
