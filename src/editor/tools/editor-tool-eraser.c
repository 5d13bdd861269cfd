/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool-eraser.c: the eraser.
 *
 * By default it erases terrain only: an eraser that also wipes rivers,
 * roads and forts under a careless stroke costs a designer more than it
 * saves. Each other layer is one check box away, and every stroke is one
 * undo step whatever it erased.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-tool-chooser.h"
#include "editor-tool-eraser.h"

struct _EditorToolEraser
{
  EditorTool parent_instance;

  int radius;
  gboolean erase_terrain;
  gboolean erase_country;
  gboolean erase_sides;
  gboolean erase_markers;

  gboolean erasing;
  int last_hex;
  GArray *line;
  GArray *spiral;

  GtkWidget *options;
};

G_DEFINE_FINAL_TYPE (EditorToolEraser, editor_tool_eraser, EDITOR_TYPE_TOOL)

enum {
  PROP_0,
  PROP_RADIUS,
  PROP_ERASE_TERRAIN,
  PROP_ERASE_COUNTRY,
  PROP_ERASE_SIDES,
  PROP_ERASE_MARKERS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
erase_hex (EditorToolEraser *self,
           EditorDocument   *document,
           int               hex)
{
  SandMap *map = editor_document_get_map (document);

  if (self->erase_terrain)
    editor_document_set_terrain (document, hex, 0);
  if (self->erase_country)
    editor_document_set_country (document, hex, -1);
  if (self->erase_sides)
    for (int d = 0; d < SAND_N_DIRS; d++)
      if (sand_map_get_side (map, hex, d) != 0)
        editor_document_set_side (document, hex, d, 0);
  if (self->erase_markers)
    {
      if (sand_map_get_place (map, hex) != NULL)
        editor_document_set_place (document, hex, NULL);
      for (guint i = sand_map_n_markers (map); i-- > 0;)
        {
          const SandMarker *m = sand_map_get_marker (map, i);

          if (m->hex == hex || m->hex2 == hex)
            editor_document_remove_marker (document, i);
        }
    }
}

static void
erase_to (EditorToolEraser *self,
          EditorDocument   *document,
          int               hex)
{
  SandMap *map = editor_document_get_map (document);
  const SandGrid *grid = sand_map_get_grid (map);

  if (hex < 0 || hex == self->last_hex)
    return;

  sand_map_freeze_changes (map);
  g_array_set_size (self->line, 0);
  if (self->last_hex < 0)
    g_array_append_val (self->line, hex);
  else
    sand_grid_line (grid, self->last_hex, hex, self->line);
  for (guint i = self->last_hex < 0 ? 0 : 1; i < self->line->len; i++)
    {
      g_array_set_size (self->spiral, 0);
      sand_grid_spiral (grid, g_array_index (self->line, int, i), self->radius, self->spiral);
      for (guint j = 0; j < self->spiral->len; j++)
        erase_hex (self, document, g_array_index (self->spiral, int, j));
    }
  sand_map_thaw_changes (map);
  self->last_hex = hex;
}

static void
editor_tool_eraser_begin (EditorTool     *tool,
                          EditorDocument *document,
                          int             hex,
                          double          map_x,
                          double          map_y,
                          guint           button)
{
  EditorToolEraser *self = EDITOR_TOOL_ERASER (tool);

  self->erasing = TRUE;
  self->last_hex = -1;
  editor_document_begin_edit (document, _("Erase"));
  erase_to (self, document, hex);
}

static void
editor_tool_eraser_update (EditorTool     *tool,
                           EditorDocument *document,
                           int             hex,
                           double          map_x,
                           double          map_y)
{
  EditorToolEraser *self = EDITOR_TOOL_ERASER (tool);

  if (self->erasing)
    erase_to (self, document, hex);
}

static void
editor_tool_eraser_end (EditorTool     *tool,
                        EditorDocument *document,
                        int             hex,
                        double          map_x,
                        double          map_y)
{
  EditorToolEraser *self = EDITOR_TOOL_ERASER (tool);

  if (!self->erasing)
    return;
  erase_to (self, document, hex);
  self->erasing = FALSE;
  editor_document_end_edit (document);
}

static void
editor_tool_eraser_preview (EditorTool     *tool,
                            EditorDocument *document,
                            int             hex,
                            double          map_x,
                            double          map_y,
                            GArray         *hexes)
{
  EditorToolEraser *self = EDITOR_TOOL_ERASER (tool);

  if (hex >= 0)
    sand_grid_spiral (sand_map_get_grid (editor_document_get_map (document)), hex,
                      self->radius, hexes);
}

static GtkWidget *
check_for (EditorToolEraser *self,
           const char       *property,
           const char       *label)
{
  return editor_tool_options_check (G_OBJECT (self), property, label, NULL);
}

static GtkWidget *
editor_tool_eraser_get_options (EditorTool *tool)
{
  EditorToolEraser *self = EDITOR_TOOL_ERASER (tool);
  GtkWidget *box;
  GtkWidget *hint;

  if (self->options != NULL)
    return self->options;

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->options = g_object_ref_sink (box);
  gtk_box_append (GTK_BOX (box), editor_tool_options_heading (_("What to Erase")));
  gtk_box_append (GTK_BOX (box), check_for (self, "erase-terrain", _("Terrain")));
  gtk_box_append (GTK_BOX (box), check_for (self, "erase-country", _("Country")));
  gtk_box_append (GTK_BOX (box), check_for (self, "erase-sides",
                                            _("Hexsides, roads and rails")));
  gtk_box_append (GTK_BOX (box), check_for (self, "erase-markers",
                                            _("Markers and place names")));
  gtk_box_append (GTK_BOX (box), editor_tool_options_heading (_("Brush Size (hexes)")));
  gtk_box_append (GTK_BOX (box), editor_tool_brush_size_new (G_OBJECT (self), "radius"));
  hint = editor_tool_options_hint (_("Erased terrain becomes the ruleset's first terrain, the "
                                     "one a new map starts with."));
  gtk_box_append (GTK_BOX (box), hint);
  return box;
}

static void
editor_tool_eraser_dispose (GObject *object)
{
  EditorToolEraser *self = EDITOR_TOOL_ERASER (object);

  g_clear_object (&self->options);

  G_OBJECT_CLASS (editor_tool_eraser_parent_class)->dispose (object);
}

static void
editor_tool_eraser_finalize (GObject *object)
{
  EditorToolEraser *self = EDITOR_TOOL_ERASER (object);

  g_array_unref (self->line);
  g_array_unref (self->spiral);

  G_OBJECT_CLASS (editor_tool_eraser_parent_class)->finalize (object);
}

static gboolean *
bool_field (EditorToolEraser *self,
            guint             prop_id)
{
  switch (prop_id)
    {
    case PROP_ERASE_TERRAIN:
      return &self->erase_terrain;
    case PROP_ERASE_COUNTRY:
      return &self->erase_country;
    case PROP_ERASE_SIDES:
      return &self->erase_sides;
    case PROP_ERASE_MARKERS:
      return &self->erase_markers;
    default:
      return NULL;
    }
}

static void
editor_tool_eraser_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  EditorToolEraser *self = EDITOR_TOOL_ERASER (object);
  gboolean *field = bool_field (self, prop_id);

  if (prop_id == PROP_RADIUS)
    g_value_set_int (value, self->radius);
  else if (field != NULL)
    g_value_set_boolean (value, *field);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
editor_tool_eraser_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  EditorToolEraser *self = EDITOR_TOOL_ERASER (object);
  gboolean *field = bool_field (self, prop_id);

  if (prop_id == PROP_RADIUS)
    {
      if (self->radius != g_value_get_int (value))
        {
          self->radius = g_value_get_int (value);
          g_object_notify_by_pspec (object, pspec);
        }
    }
  else if (field != NULL)
    {
      if (*field != g_value_get_boolean (value))
        {
          *field = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
    }
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
editor_tool_eraser_class_init (EditorToolEraserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  EditorToolClass *tool_class = EDITOR_TOOL_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = editor_tool_eraser_dispose;
  object_class->finalize = editor_tool_eraser_finalize;
  object_class->get_property = editor_tool_eraser_get_property;
  object_class->set_property = editor_tool_eraser_set_property;

  tool_class->begin = editor_tool_eraser_begin;
  tool_class->update = editor_tool_eraser_update;
  tool_class->end = editor_tool_eraser_end;
  tool_class->preview = editor_tool_eraser_preview;
  tool_class->get_options = editor_tool_eraser_get_options;

  properties[PROP_RADIUS] = g_param_spec_int ("radius", NULL, NULL, 0, 2, 0, flags);
  properties[PROP_ERASE_TERRAIN] = g_param_spec_boolean ("erase-terrain", NULL, NULL, TRUE, flags);
  properties[PROP_ERASE_COUNTRY] = g_param_spec_boolean ("erase-country", NULL, NULL, FALSE, flags);
  properties[PROP_ERASE_SIDES] = g_param_spec_boolean ("erase-sides", NULL, NULL, FALSE, flags);
  properties[PROP_ERASE_MARKERS] = g_param_spec_boolean ("erase-markers", NULL, NULL, FALSE,
                                                         flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
editor_tool_eraser_init (EditorToolEraser *self)
{
  self->erase_terrain = TRUE;
  self->last_hex = -1;
  self->line = g_array_new (FALSE, FALSE, sizeof (int));
  self->spiral = g_array_new (FALSE, FALSE, sizeof (int));
}

EditorTool *
editor_tool_eraser_new (void)
{
  return g_object_new (EDITOR_TYPE_TOOL_ERASER,
                       "id", "eraser",
                       "name", _("Eraser"),
                       "icon-name", "sandtable-eraser-symbolic",
                       "accel", "e",
                       "cursor-name", "crosshair",
                       "hint", _("Drag to erase; the options say what"),
                       NULL);
}
