/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool-connection.c: roads and rails.
 *
 * A connection crosses the hexside between two adjacent hexes, from centre
 * to centre, so the stroke is a chain of hexes: each new hex under the
 * pointer is joined to the last one, through the hex line between them
 * when a fast drag skipped some.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-hexside-drag.h"
#include "editor-tool-chooser.h"
#include "editor-tool-connection.h"
#include "sand-ruleset-labels.h"

struct _EditorToolConnection
{
  EditorTool parent_instance;

  char *feature_id;
  int feature;
  gboolean erase;
  gboolean bridges;
  int bridge;             /* the feature that needs water, or -1 */
  guint32 bridge_needs;   /* the water it needs */

  EditorHexsideDrag drag;   /* in hexes */
  GArray *line;

  GtkWidget *options;
  GtkWidget *chooser;
};

G_DEFINE_FINAL_TYPE (EditorToolConnection, editor_tool_connection, EDITOR_TYPE_TOOL)

enum {
  PROP_0,
  PROP_FEATURE_ID,
  PROP_FEATURE,
  PROP_ERASE,
  PROP_BRIDGES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
join (EditorToolConnection *self,
      EditorDocument       *document,
      int                   a,
      int                   b)
{
  SandMap *map = editor_document_get_map (document);
  int dir = sand_grid_direction_to (sand_map_get_grid (map), a, b);
  guint32 bits;

  if (dir < 0 || self->feature < 0)
    return;
  bits = 1u << self->feature;
  /* A road or rail over a river crosses it on a bridge; erasing the road
   * leaves the bridge, which may carry something else. */
  if (!self->drag.erasing && self->bridges && self->bridge >= 0
      && (sand_map_get_side (map, a, dir) & self->bridge_needs))
    bits |= 1u << self->bridge;
  editor_hexside_drag_paint (&self->drag, document, a, dir, bits);
}

static void
extend_to (EditorToolConnection *self,
           EditorDocument       *document,
           int                   hex)
{
  SandMap *map = editor_document_get_map (document);

  if (hex < 0 || hex == self->drag.last)
    return;
  if (self->drag.last >= 0)
    {
      g_array_set_size (self->line, 0);
      sand_grid_line (sand_map_get_grid (map), self->drag.last, hex, self->line);
      sand_map_freeze_changes (map);
      for (guint i = 1; i < self->line->len; i++)
        join (self, document, g_array_index (self->line, int, i - 1),
              g_array_index (self->line, int, i));
      sand_map_thaw_changes (map);
    }
  self->drag.last = hex;
}

static void
editor_tool_connection_begin (EditorTool     *tool,
                              EditorDocument *document,
                              int             hex,
                              double          map_x,
                              double          map_y,
                              guint           button)
{
  EditorToolConnection *self = EDITOR_TOOL_CONNECTION (tool);
  const SandSideFeatureDef *def = NULL;
  SandRuleset *ruleset = sand_map_get_ruleset (editor_document_get_map (document));
  g_autofree char *draw_label = NULL;
  g_autofree char *erase_label = NULL;
  gboolean continues;

  if (self->feature >= 0 && (guint) self->feature < sand_ruleset_n_side_features (ruleset))
    def = sand_ruleset_get_side_feature (ruleset, self->feature);
  else
    self->feature = -1;

  /* The undo label names the feature: "Draw Rail", "Erase Road". */
  draw_label = g_strdup_printf (_("Draw %s"), def ? sand_ruleset_label ("side-feature", def->name)
                                                : _("Connection"));
  erase_label = g_strdup_printf (_("Erase %s"), def ? sand_ruleset_label ("side-feature", def->name)
                                                  : _("Connection"));
  continues = editor_hexside_drag_begin (&self->drag, tool, document, self->erase, button,
                                         draw_label, erase_label);
  /* Shift+click: from where the last stroke ended to here, town to town. */
  self->drag.last = continues && hex >= 0 ? self->drag.end : hex;
  extend_to (self, document, hex);
}

static void
editor_tool_connection_update (EditorTool     *tool,
                               EditorDocument *document,
                               int             hex,
                               double          map_x,
                               double          map_y)
{
  EditorToolConnection *self = EDITOR_TOOL_CONNECTION (tool);

  if (self->drag.painting)
    extend_to (self, document, hex);
}

static void
editor_tool_connection_end (EditorTool     *tool,
                            EditorDocument *document,
                            int             hex,
                            double          map_x,
                            double          map_y)
{
  EditorToolConnection *self = EDITOR_TOOL_CONNECTION (tool);

  if (!self->drag.painting)
    return;
  extend_to (self, document, hex);
  editor_hexside_drag_end (&self->drag, document);
}

static void
editor_tool_connection_preview (EditorTool     *tool,
                                EditorDocument *document,
                                int             hex,
                                double          map_x,
                                double          map_y,
                                GArray         *hexes)
{
  EditorToolConnection *self = EDITOR_TOOL_CONNECTION (tool);

  /* While drawing, show the hexes the next motion would join. */
  if (self->drag.painting && self->drag.last >= 0 && hex >= 0)
    sand_grid_line (sand_map_get_grid (editor_document_get_map (document)), self->drag.last,
                    hex, hexes);
  else if (hex >= 0)
    g_array_append_val (hexes, hex);
}

static void
update_ruleset (EditorToolConnection *self)
{
  EditorDocument *document = editor_tool_get_document (EDITOR_TOOL (self));
  SandRuleset *ruleset = document ? sand_map_get_ruleset (editor_document_get_map (document))
                                  : NULL;

  if (ruleset != NULL)
    {
      int feature = sand_ruleset_find_side_feature (ruleset, self->feature_id);

      if (feature < 0)
        {
          guint32 mask = sand_ruleset_side_kind_mask (ruleset, SAND_SIDE_CONNECTION);

          feature = mask ? g_bit_nth_lsf (mask, -1) : -1;
        }
      g_object_set (self, "feature", feature, NULL);

      self->bridge = -1;
      self->bridge_needs = 0;
      for (guint i = 0; i < sand_ruleset_n_side_features (ruleset); i++)
        {
          const SandSideFeatureDef *def = sand_ruleset_get_side_feature (ruleset, i);

          if (def->kind == SAND_SIDE_FEATURE && def->requires != 0)
            {
              self->bridge = i;
              self->bridge_needs = def->requires;
              break;
            }
        }
    }
  if (self->chooser != NULL)
    editor_tool_chooser_set_ruleset (EDITOR_TOOL_CHOOSER (self->chooser), ruleset);
  editor_hexside_drag_reset (&self->drag);
}

static GtkWidget *
editor_tool_connection_get_options (EditorTool *tool)
{
  EditorToolConnection *self = EDITOR_TOOL_CONNECTION (tool);
  GtkWidget *box, *hint;

  if (self->options != NULL)
    return self->options;

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->options = g_object_ref_sink (box);
  gtk_box_append (GTK_BOX (box), editor_tool_options_heading (_("Connection")));
  self->chooser = editor_tool_chooser_new_bound (EDITOR_CHOOSER_CONNECTION, NULL, G_OBJECT (self),
                                                 "feature");
  gtk_box_append (GTK_BOX (box), self->chooser);
  gtk_box_append (GTK_BOX (box),
                  editor_tool_options_check (G_OBJECT (self), "erase", _("Erase"),
                                             _("Remove the connection instead of adding it")));
  gtk_box_append (GTK_BOX (box),
                  editor_tool_options_check (G_OBJECT (self), "bridges",
                                             _("Bridge the rivers it crosses"),
                                             _("Where the connection crosses a river or "
                                               "stream, add a bridge on that hexside too")));
  hint = editor_tool_options_hint (_("Drag from hex to hex: each hexside crossed gets the "
                                     "connection. Shift+click continues from where the last "
                                     "stroke ended. Right-drag removes it."));
  gtk_box_append (GTK_BOX (box), hint);
  update_ruleset (self);
  return box;
}

static void
editor_tool_connection_document_changed (EditorTool *tool)
{
  update_ruleset (EDITOR_TOOL_CONNECTION (tool));
}

static void
editor_tool_connection_dispose (GObject *object)
{
  EditorToolConnection *self = EDITOR_TOOL_CONNECTION (object);

  g_clear_object (&self->options);
  self->chooser = NULL;

  G_OBJECT_CLASS (editor_tool_connection_parent_class)->dispose (object);
}

static void
editor_tool_connection_finalize (GObject *object)
{
  EditorToolConnection *self = EDITOR_TOOL_CONNECTION (object);

  g_free (self->feature_id);
  g_array_unref (self->line);

  G_OBJECT_CLASS (editor_tool_connection_parent_class)->finalize (object);
}

static void
editor_tool_connection_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  EditorToolConnection *self = EDITOR_TOOL_CONNECTION (object);

  switch (prop_id)
    {
    case PROP_FEATURE_ID:
      g_value_set_string (value, self->feature_id);
      break;
    case PROP_FEATURE:
      g_value_set_int (value, self->feature);
      break;
    case PROP_ERASE:
      g_value_set_boolean (value, self->erase);
      break;
    case PROP_BRIDGES:
      g_value_set_boolean (value, self->bridges);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_tool_connection_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  EditorToolConnection *self = EDITOR_TOOL_CONNECTION (object);

  switch (prop_id)
    {
    case PROP_FEATURE_ID:
      g_free (self->feature_id);
      self->feature_id = g_value_dup_string (value);
      break;
    case PROP_FEATURE:
      editor_tool_set_int_field (object, &self->feature, value, pspec);
      break;
    case PROP_ERASE:
      editor_tool_set_boolean_field (object, &self->erase, value, pspec);
      break;
    case PROP_BRIDGES:
      editor_tool_set_boolean_field (object, &self->bridges, value, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_tool_connection_class_init (EditorToolConnectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  EditorToolClass *tool_class = EDITOR_TOOL_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = editor_tool_connection_dispose;
  object_class->finalize = editor_tool_connection_finalize;
  object_class->get_property = editor_tool_connection_get_property;
  object_class->set_property = editor_tool_connection_set_property;

  tool_class->begin = editor_tool_connection_begin;
  tool_class->update = editor_tool_connection_update;
  tool_class->end = editor_tool_connection_end;
  tool_class->preview = editor_tool_connection_preview;
  tool_class->get_options = editor_tool_connection_get_options;
  tool_class->document_changed = editor_tool_connection_document_changed;

  properties[PROP_FEATURE_ID] =
    g_param_spec_string ("feature-id", NULL, NULL, "road",
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FEATURE] = g_param_spec_int ("feature", NULL, NULL, -1,
                                               SAND_MAX_SIDE_FEATURES - 1, -1, flags);
  properties[PROP_ERASE] = g_param_spec_boolean ("erase", NULL, NULL, FALSE, flags);
  properties[PROP_BRIDGES] = g_param_spec_boolean ("bridges", NULL, NULL, TRUE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
editor_tool_connection_init (EditorToolConnection *self)
{
  self->feature = -1;
  self->bridges = TRUE;
  self->bridge = -1;
  editor_hexside_drag_init (&self->drag);
  self->line = g_array_new (FALSE, FALSE, sizeof (int));
}

EditorTool *
editor_tool_road_new (void)
{
  return g_object_new (EDITOR_TYPE_TOOL_CONNECTION,
                       "id", "road",
                       "feature-id", "road",
                       "name", _("Road"),
                       "icon-name", "sandtable-road-symbolic",
                       "accel", "r",
                       "cursor-name", "crosshair",
                       "hint", _("Drag through hexes to draw a road, Shift+click to continue "
                                 "it from the last stroke; right-drag removes"),
                       NULL);
}

EditorTool *
editor_tool_rail_new (void)
{
  return g_object_new (EDITOR_TYPE_TOOL_CONNECTION,
                       "id", "rail",
                       "feature-id", "rail",
                       "name", _("Rail"),
                       "icon-name", "sandtable-rail-symbolic",
                       "accel", "l",
                       "cursor-name", "crosshair",
                       "hint", _("Drag through hexes to draw a railway, Shift+click to "
                                 "continue it from the last stroke; right-drag removes"),
                       NULL);
}
