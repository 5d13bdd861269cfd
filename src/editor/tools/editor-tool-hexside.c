/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool-hexside.c: the hexside pen.
 *
 * The pointer's nearest side is ambiguous near a hex corner, where three
 * sides meet, and a wobbling hand would sprout spurs there. During a drag a
 * side is painted only when the pointer passes near its middle; motion is
 * sampled along the segment between events so a fast stroke skips none.
 * The press itself always takes the nearest side, so a single click on a
 * side paints it.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "editor-hexside-drag.h"
#include "editor-tool-chooser.h"
#include "editor-tool-hexside.h"

/* In hex radii: how near a side's middle the pointer must pass, and the
 * sampling step along a motion segment (well under the 0.7 radius long
 * window that the first leaves along each side). */
#define MIDDLE_DISTANCE 0.35
#define SAMPLE_STEP 0.2

struct _EditorToolHexside
{
  EditorTool parent_instance;

  int feature;
  gboolean erase;

  EditorHexsideDrag drag;   /* in side slots */
  double last_x, last_y;

  GtkWidget *options;
  GtkWidget *chooser;
};

G_DEFINE_FINAL_TYPE (EditorToolHexside, editor_tool_hexside, EDITOR_TYPE_TOOL)

enum {
  PROP_0,
  PROP_FEATURE,
  PROP_ERASE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
apply_side (EditorToolHexside *self,
            EditorDocument    *document,
            int                hex,
            int                dir)
{
  SandMap *map = editor_document_get_map (document);
  const SandGrid *grid = sand_map_get_grid (map);
  int slot = sand_grid_side_slot (grid, hex, dir);

  if (slot == self->drag.last)
    return;
  self->drag.last = slot;
  if (self->feature < 0 || (guint) self->feature >= sand_ruleset_n_side_features (
        sand_map_get_ruleset (map)))
    return;
  editor_hexside_drag_paint (&self->drag, document, hex, dir, 1u << self->feature);
}

static void paint_side_path (EditorToolHexside *self,
                             EditorDocument    *document,
                             int                from_slot,
                             int                hex,
                             int                dir);

static void
sample_at (EditorToolHexside *self,
           EditorDocument    *document,
           double             x,
           double             y,
           gboolean           anywhere)
{
  SandMap *map = editor_document_get_map (document);
  const SandGrid *grid = sand_map_get_grid (map);
  double size = sand_map_get_hex_size (map);
  int hex, dir;
  SandPoint c, a, b;

  if (!sand_grid_side_at_pixel (grid, size, x, y, &hex, &dir))
    return;
  if (!anywhere)
    {
      c = sand_grid_hex_center (grid, size, hex);
      a = sand_grid_corner (grid, size, c, dir);
      b = sand_grid_corner (grid, size, c, (dir + 1) % SAND_N_DIRS);
      if (hypot (x - (a.x + b.x) / 2, y - (a.y + b.y) / 2) > MIDDLE_DISTANCE * size)
        return;
      /* A quick drag picks sides that need not touch: join them along the
       * hex edges, as the terrain brush joins the hexes of its stroke. */
      if (self->drag.last >= 0 && sand_grid_side_slot (grid, hex, dir) != self->drag.last)
        {
          paint_side_path (self, document, self->drag.last, hex, dir);
          return;
        }
    }
  apply_side (self, document, hex, dir);
}

/* The up to four hexsides that share a corner with (hex, dir): at each end
 * of the side, the next side of the same hex and the side between the two
 * neighbours that meet there. */
static guint
side_neighbours (const SandGrid *grid,
                 int             hex,
                 int             dir,
                 int             out_hex[4],
                 int             out_dir[4])
{
  int next = (dir + 1) % SAND_N_DIRS, prev = (dir + 5) % SAND_N_DIRS;
  int a = sand_grid_neighbour (grid, hex, dir);
  int b = sand_grid_neighbour (grid, hex, next);
  int c = sand_grid_neighbour (grid, hex, prev);
  guint n = 0;

  out_hex[n] = hex, out_dir[n++] = next;
  if (a >= 0)
    out_hex[n] = a, out_dir[n++] = (dir + 2) % SAND_N_DIRS;
  else if (b >= 0)
    out_hex[n] = b, out_dir[n++] = (dir + 5) % SAND_N_DIRS;
  out_hex[n] = hex, out_dir[n++] = prev;
  if (c >= 0)
    out_hex[n] = c, out_dir[n++] = next;
  else if (a >= 0)
    out_hex[n] = a, out_dir[n++] = (dir + 4) % SAND_N_DIRS;
  return n;
}

/* Paints the shortest run of hexsides, corner to corner, from the side
 * @from_slot to (hex, dir): a river drawn by clicking its bends. The search
 * gives up beyond a few thousand sides rather than stall on a huge map. */
static void
paint_side_path (EditorToolHexside *self,
                 EditorDocument    *document,
                 int                from_slot,
                 int                hex,
                 int                dir)
{
  const SandGrid *grid = sand_map_get_grid (editor_document_get_map (document));
  int to_slot = sand_grid_side_slot (grid, hex, dir);
  g_autoptr(GHashTable) parent = g_hash_table_new (NULL, NULL);
  g_autoptr(GArray) queue = g_array_new (FALSE, FALSE, sizeof (int));
  guint head = 0;
  gboolean found = FALSE;

  g_hash_table_insert (parent, GINT_TO_POINTER (from_slot + 1), GINT_TO_POINTER (0));
  g_array_append_val (queue, from_slot);
  while (head < queue->len && !found && queue->len < 20000)
    {
      int slot = g_array_index (queue, int, head++);
      int h, d, nh[4], nd[4];
      guint n;

      sand_grid_side_canonical (grid, slot, &h, &d);
      n = side_neighbours (grid, h, d, nh, nd);
      for (guint i = 0; i < n; i++)
        {
          int next = sand_grid_side_slot (grid, nh[i], nd[i]);

          if (g_hash_table_contains (parent, GINT_TO_POINTER (next + 1)))
            continue;
          g_hash_table_insert (parent, GINT_TO_POINTER (next + 1), GINT_TO_POINTER (slot + 1));
          g_array_append_val (queue, next);
          if (next == to_slot)
            {
              found = TRUE;
              break;
            }
        }
    }
  if (!found)
    return;

  for (int slot = to_slot; slot != from_slot;
       slot = GPOINTER_TO_INT (g_hash_table_lookup (parent, GINT_TO_POINTER (slot + 1))) - 1)
    {
      int h, d;

      sand_grid_side_canonical (grid, slot, &h, &d);
      self->drag.last = -1;
      apply_side (self, document, h, d);
    }
  self->drag.last = to_slot;
}

static void
editor_tool_hexside_begin (EditorTool     *tool,
                           EditorDocument *document,
                           int             hex,
                           double          map_x,
                           double          map_y,
                           guint           button)
{
  EditorToolHexside *self = EDITOR_TOOL_HEXSIDE (tool);

  self->last_x = map_x;
  self->last_y = map_y;
  if (editor_hexside_drag_begin (&self->drag, tool, document, self->erase, button,
                                 _("Paint Hexsides"), _("Erase Hexsides")))
    {
      SandMap *map = editor_document_get_map (document);
      int side_hex, side_dir;

      /* Shift+click: along the hex edges from where the last stroke ended. */
      if (sand_grid_side_at_pixel (sand_map_get_grid (map), sand_map_get_hex_size (map),
                                   map_x, map_y, &side_hex, &side_dir))
        {
          sand_map_freeze_changes (map);
          paint_side_path (self, document, self->drag.end, side_hex, side_dir);
          sand_map_thaw_changes (map);
        }
      return;
    }
  sample_at (self, document, map_x, map_y, TRUE);
}

static void
editor_tool_hexside_update (EditorTool     *tool,
                            EditorDocument *document,
                            int             hex,
                            double          map_x,
                            double          map_y)
{
  EditorToolHexside *self = EDITOR_TOOL_HEXSIDE (tool);
  SandMap *map = editor_document_get_map (document);
  double step = SAMPLE_STEP * sand_map_get_hex_size (map);
  double dx = map_x - self->last_x, dy = map_y - self->last_y;
  int n;

  if (!self->drag.painting)
    return;
  n = (int) ceil (hypot (dx, dy) / step);
  sand_map_freeze_changes (map);
  for (int i = 1; i <= n; i++)
    sample_at (self, document, self->last_x + dx * i / n, self->last_y + dy * i / n, FALSE);
  sand_map_thaw_changes (map);
  self->last_x = map_x;
  self->last_y = map_y;
}

static void
editor_tool_hexside_end (EditorTool     *tool,
                         EditorDocument *document,
                         int             hex,
                         double          map_x,
                         double          map_y)
{
  EditorToolHexside *self = EDITOR_TOOL_HEXSIDE (tool);

  if (!self->drag.painting)
    return;
  /* An end off the map may come without a position (a stroke closed when
   * the tool changes): do not draw towards it. */
  if (hex >= 0)
    editor_tool_hexside_update (tool, document, hex, map_x, map_y);
  editor_hexside_drag_end (&self->drag, document);
}

static void
editor_tool_hexside_preview (EditorTool     *tool,
                             EditorDocument *document,
                             int             hex,
                             double          map_x,
                             double          map_y,
                             GArray         *hexes)
{
  /* The canvas outlines the hexside under the pointer; no hexes. */
}

static void
update_chooser_ruleset (EditorToolHexside *self)
{
  EditorDocument *document = editor_tool_get_document (EDITOR_TOOL (self));
  SandRuleset *ruleset = document ? sand_map_get_ruleset (editor_document_get_map (document))
                                  : NULL;

  if (ruleset != NULL)
    {
      guint32 mask = sand_ruleset_side_kind_mask (ruleset, SAND_SIDE_FEATURE);

      /* Keep the choice on a feature that runs along sides. */
      if (self->feature < 0 || !(mask & (1u << self->feature)))
        {
          int first = mask ? g_bit_nth_lsf (mask, -1) : -1;

          g_object_set (self, "feature", first, NULL);
        }
    }
  if (self->chooser != NULL)
    editor_tool_chooser_set_ruleset (EDITOR_TOOL_CHOOSER (self->chooser), ruleset);
}

static GtkWidget *
editor_tool_hexside_get_options (EditorTool *tool)
{
  EditorToolHexside *self = EDITOR_TOOL_HEXSIDE (tool);
  GtkWidget *box, *hint;

  if (self->options != NULL)
    return self->options;

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->options = g_object_ref_sink (box);
  gtk_box_append (GTK_BOX (box), editor_tool_options_heading (_("Hexside Feature")));
  self->chooser = editor_tool_chooser_new_bound (EDITOR_CHOOSER_SIDE_FEATURE, NULL, G_OBJECT (self),
                                                 "feature");
  gtk_box_append (GTK_BOX (box), self->chooser);
  gtk_box_append (GTK_BOX (box),
                  editor_tool_options_check (G_OBJECT (self), "erase", _("Erase"),
                                             _("Remove the feature instead of adding it")));
  hint = editor_tool_options_hint (_("Drag along hex edges to draw; Shift+click draws along the "
                                     "edges from where the last stroke ended; right-drag "
                                     "removes. A bridge may go anywhere, but one with no river "
                                     "or stream under it is reported as a problem."));
  gtk_box_append (GTK_BOX (box), hint);
  update_chooser_ruleset (self);
  return box;
}

static void
editor_tool_hexside_document_changed (EditorTool *tool)
{
  editor_hexside_drag_reset (&EDITOR_TOOL_HEXSIDE (tool)->drag);
  update_chooser_ruleset (EDITOR_TOOL_HEXSIDE (tool));
}

static void
editor_tool_hexside_dispose (GObject *object)
{
  EditorToolHexside *self = EDITOR_TOOL_HEXSIDE (object);

  g_clear_object (&self->options);
  self->chooser = NULL;

  G_OBJECT_CLASS (editor_tool_hexside_parent_class)->dispose (object);
}

static void
editor_tool_hexside_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  EditorToolHexside *self = EDITOR_TOOL_HEXSIDE (object);

  switch (prop_id)
    {
    case PROP_FEATURE:
      g_value_set_int (value, self->feature);
      break;
    case PROP_ERASE:
      g_value_set_boolean (value, self->erase);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_tool_hexside_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  EditorToolHexside *self = EDITOR_TOOL_HEXSIDE (object);

  switch (prop_id)
    {
    case PROP_FEATURE:
      editor_tool_set_int_field (object, &self->feature, value, pspec);
      break;
    case PROP_ERASE:
      editor_tool_set_boolean_field (object, &self->erase, value, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_tool_hexside_class_init (EditorToolHexsideClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  EditorToolClass *tool_class = EDITOR_TOOL_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = editor_tool_hexside_dispose;
  object_class->get_property = editor_tool_hexside_get_property;
  object_class->set_property = editor_tool_hexside_set_property;

  tool_class->begin = editor_tool_hexside_begin;
  tool_class->update = editor_tool_hexside_update;
  tool_class->end = editor_tool_hexside_end;
  tool_class->preview = editor_tool_hexside_preview;
  tool_class->get_options = editor_tool_hexside_get_options;
  tool_class->document_changed = editor_tool_hexside_document_changed;

  properties[PROP_FEATURE] = g_param_spec_int ("feature", NULL, NULL, -1,
                                               SAND_MAX_SIDE_FEATURES - 1, -1, flags);
  properties[PROP_ERASE] = g_param_spec_boolean ("erase", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
editor_tool_hexside_init (EditorToolHexside *self)
{
  self->feature = -1;
  editor_hexside_drag_init (&self->drag);
}

EditorTool *
editor_tool_hexside_new (void)
{
  return g_object_new (EDITOR_TYPE_TOOL_HEXSIDE,
                       "id", "hexside",
                       "name", _("Hexsides"),
                       "icon-name", "sandtable-hexside-symbolic",
                       "accel", "h",
                       "uses-hexsides", TRUE,
                       "cursor-name", "crosshair",
                       "hint", _("Drag along hex edges to draw rivers, streams, ridges and "
                                 "bridges, Shift+click to follow the edges from the last "
                                 "stroke; right-drag removes"),
                       NULL);
}
