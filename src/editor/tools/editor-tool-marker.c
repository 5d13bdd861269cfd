/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool-marker.c: the marker tool.
 *
 * One tool for every per-hex fact a scenario needs, with the kind chosen
 * in its options and only that kind's fields shown. A click on a hex that
 * already has a marker of the kind replaces it (a hex has one fort, one
 * supply source…), so correcting a value is a click, not delete-and-add.
 * Zone hexes are painted like terrain; a hex may belong to several zones.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "editor-tool-chooser.h"
#include "editor-tool-marker-private.h"
#include "sand-ruleset-labels.h"


G_DEFINE_FINAL_TYPE (EditorToolMarker, editor_tool_marker, EDITOR_TYPE_TOOL)

enum {
  PROP_0,
  PROP_KIND,
  PROP_SIDE,
  PROP_STRENGTH,
  PROP_NAME,
  PROP_CAPACITY,
  PROP_GROUP,
  PROP_VALUE,
  PROP_ZONE,
  PROP_EDGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

const EditorMarkerKindInfo _editor_tool_marker_kinds[EDITOR_N_MARKERS] = {
  [EDITOR_MARKER_PLACE] = { N_("Place Name"), FIELD_NAME,
    N_("Click a hex, type its name and press Enter (or type first, then click). "
       "Right-click removes the name.") },
  [EDITOR_MARKER_FORT] = { N_("Fortification"),
    FIELD_SIDE | FIELD_STRENGTH | FIELD_NAME | FIELD_CAPACITY,
    N_("Click a hex to place or update its fortification; right-click removes it.") },
  [EDITOR_MARKER_ENTRY] = { N_("Entry Flag"), FIELD_SIDE | FIELD_GROUP,
    N_("Click a hex where reinforcements of the group enter; right-click removes it.") },
  [EDITOR_MARKER_SUPPLY] = { N_("Supply Source"), FIELD_SIDE | FIELD_NAME | FIELD_CAPACITY,
    N_("Click a hex to make it a supply source; right-click removes it.") },
  [EDITOR_MARKER_ZONE] = { N_("Set-Up Zone"), FIELD_ZONE,
    N_("Drag over hexes to add them to the zone; right-drag takes them out.") },
  [EDITOR_MARKER_VICTORY] = { N_("Victory Hex"), FIELD_SIDE | FIELD_VALUE,
    N_("Click a hex to give it victory points; the side owns it at the start.") },
  [EDITOR_MARKER_EDGE_VALUE] = { N_("Edge Victory Value"), FIELD_EDGE | FIELD_VALUE,
    N_("Click any hex: its column (north or south edge) or row (east or west edge) is "
       "worth the value to units that exit there.") },
  [EDITOR_MARKER_OFFMAP_LINK] = { N_("Off-Map Link"), FIELD_GROUP | FIELD_VALUE,
    N_("Press on one edge hex and release on another to join them off the map; the value "
       "is the distance in hexes. Right-click removes links from a hex.") },
};

const char *const _editor_tool_marker_edge_ids[EDITOR_N_EDGES] = {
  "north", "south", "east", "west"
};

const char *
_editor_tool_marker_edge_label (guint i)
{
  switch (i)
    {
    case 0: return _("North Edge");
    case 1: return _("South Edge");
    case 2: return _("East Edge");
    case 3: return _("West Edge");
    default: return NULL;
    }
}

static SandMarkerKind
map_kind (EditorMarkerKind kind)
{
  switch (kind)
    {
    case EDITOR_MARKER_FORT:
      return SAND_MARKER_FORT;
    case EDITOR_MARKER_ENTRY:
      return SAND_MARKER_ENTRY;
    case EDITOR_MARKER_SUPPLY:
      return SAND_MARKER_SUPPLY;
    case EDITOR_MARKER_ZONE:
      return SAND_MARKER_ZONE;
    case EDITOR_MARKER_VICTORY:
      return SAND_MARKER_VICTORY;
    case EDITOR_MARKER_EDGE_VALUE:
      return SAND_MARKER_EDGE_VALUE;
    case EDITOR_MARKER_OFFMAP_LINK:
      return SAND_MARKER_OFFMAP_LINK;
    case EDITOR_MARKER_PLACE:
    case EDITOR_N_MARKERS:
    default:
      return SAND_N_MARKER_KINDS;
    }
}

static const char *
undo_label (EditorToolMarker *self)
{
  if (self->removing)
    return _("Remove Marker");
  switch (self->kind)
    {
    case EDITOR_MARKER_PLACE:
      return _("Name Place");
    case EDITOR_MARKER_FORT:
      return _("Place Fortification");
    case EDITOR_MARKER_ENTRY:
      return _("Place Entry Flag");
    case EDITOR_MARKER_SUPPLY:
      return _("Place Supply Source");
    case EDITOR_MARKER_ZONE:
      return _("Paint Set-Up Zone");
    case EDITOR_MARKER_VICTORY:
      return _("Place Victory Hex");
    case EDITOR_MARKER_EDGE_VALUE:
      return _("Set Edge Victory Value");
    case EDITOR_MARKER_OFFMAP_LINK:
      return _("Link Off-Map");
    case EDITOR_N_MARKERS:
    default:
      return _("Edit Marker");
    }
}

/* The index of the marker of @kind on @hex whose group is @group (any
 * group when NULL), or -1. */
static int
find_marker (SandMap        *map,
             SandMarkerKind  kind,
             int             hex,
             const char     *group)
{
  guint n = sand_map_n_markers (map);

  for (guint i = 0; i < n; i++)
    {
      const SandMarker *m = sand_map_get_marker (map, i);

      if (m->kind == kind && m->hex == hex
          && (group == NULL || g_strcmp0 (m->group, group) == 0))
        return (int) i;
    }
  return -1;
}

static gboolean
on_edge (const SandGrid *grid,
         int             hex)
{
  int col = sand_grid_col (grid, hex), row = sand_grid_row (grid, hex);

  return col == 0 || row == 0 || col == grid->cols - 1 || row == grid->rows - 1;
}

/* The hex of the chosen edge in the row or column of @hex. */
static int
edge_hex (EditorToolMarker *self,
          const SandGrid   *grid,
          int               hex)
{
  int col = sand_grid_col (grid, hex), row = sand_grid_row (grid, hex);

  if (g_strcmp0 (self->edge, "south") == 0)
    row = grid->rows - 1;
  else if (g_strcmp0 (self->edge, "east") == 0)
    col = grid->cols - 1;
  else if (g_strcmp0 (self->edge, "west") == 0)
    col = 0;
  else
    row = 0;
  return sand_grid_index (grid, col, row);
}

static SandMarker *
build_marker (EditorToolMarker *self,
              int               hex)
{
  SandMarker *m = sand_marker_new (map_kind (self->kind), hex);
  guint fields = _editor_tool_marker_kinds[self->kind].fields;

  if (fields & FIELD_SIDE)
    m->side = self->side;
  if (fields & FIELD_STRENGTH)
    m->strength = self->strength;
  if (fields & FIELD_CAPACITY)
    m->capacity = self->capacity;
  if (fields & FIELD_VALUE)
    m->value = self->value;
  if ((fields & FIELD_NAME) && self->name != NULL && self->name[0] != '\0')
    m->name = g_strdup (self->name);
  if ((fields & FIELD_GROUP) && self->group != NULL && self->group[0] != '\0')
    m->group = g_strdup (self->group);
  if (self->kind == EDITOR_MARKER_ZONE)
    m->group = g_strdup (self->zone);
  else if (self->kind == EDITOR_MARKER_EDGE_VALUE)
    m->group = g_strdup (self->edge);
  return m;
}

/* Places, replaces or removes the one marker of the kind on @hex. */
static void
put_single (EditorToolMarker *self,
            EditorDocument   *document,
            int               hex,
            const char       *group)
{
  SandMap *map = editor_document_get_map (document);
  int existing = find_marker (map, map_kind (self->kind), hex, group);
  g_autoptr(SandMarker) m = NULL;

  if (self->removing)
    {
      if (existing >= 0)
        editor_document_remove_marker (document, existing);
      return;
    }
  m = build_marker (self, hex);
  if (existing < 0)
    editor_document_add_marker (document, g_steal_pointer (&m));
  else if (!sand_marker_equal (sand_map_get_marker (map, existing), m))
    editor_document_replace_marker (document, existing, g_steal_pointer (&m));
}

static void
zone_hex (EditorToolMarker *self,
          EditorDocument   *document,
          int               hex)
{
  SandMap *map = editor_document_get_map (document);
  int existing = find_marker (map, SAND_MARKER_ZONE, hex, self->zone);

  if (self->removing && existing >= 0)
    editor_document_remove_marker (document, existing);
  else if (!self->removing && existing < 0)
    editor_document_add_marker (document, build_marker (self, hex));
}

/* Zone hexes are painted like terrain: through the hex line from the last
 * hex, so a fast drag leaves no holes. */
static void
zone_at (EditorToolMarker *self,
         EditorDocument   *document,
         int               hex)
{
  SandMap *map = editor_document_get_map (document);

  if (hex < 0 || hex == self->last_hex || self->zone == NULL)
    return;
  g_array_set_size (self->line, 0);
  if (self->last_hex < 0)
    g_array_append_val (self->line, hex);
  else
    sand_grid_line (sand_map_get_grid (map), self->last_hex, hex, self->line);
  sand_map_freeze_changes (map);
  for (guint i = self->last_hex < 0 ? 0 : 1; i < self->line->len; i++)
    zone_hex (self, document, g_array_index (self->line, int, i));
  sand_map_thaw_changes (map);
  self->last_hex = hex;
}

static void
remove_links (EditorDocument *document,
              int             hex)
{
  SandMap *map = editor_document_get_map (document);

  for (guint i = sand_map_n_markers (map); i-- > 0;)
    {
      const SandMarker *m = sand_map_get_marker (map, i);

      if (m->kind == SAND_MARKER_OFFMAP_LINK && (m->hex == hex || m->hex2 == hex))
        editor_document_remove_marker (document, i);
    }
}

static void
editor_tool_marker_begin (EditorTool     *tool,
                          EditorDocument *document,
                          int             hex,
                          double          map_x,
                          double          map_y,
                          guint           button)
{
  EditorToolMarker *self = EDITOR_TOOL_MARKER (tool);
  const SandGrid *grid = sand_map_get_grid (editor_document_get_map (document));

  self->active = FALSE;
  if (hex < 0)
    return;
  self->removing = button == GDK_BUTTON_SECONDARY;
  self->start_hex = hex;
  self->last_hex = -1;

  switch (self->kind)
    {
    case EDITOR_MARKER_PLACE:
      self->place_hex = -1;
      if (!self->removing && (self->name == NULL || self->name[0] == '\0'))
        {
          const char *current = sand_map_get_place (editor_document_get_map (document), hex);

          /* Click, then type: the Name field takes the hex's name and the
           * focus, and Enter names the hex. */
          self->place_hex = hex;
          if (self->name_entry != NULL)
            {
              gtk_editable_set_text (GTK_EDITABLE (self->name_entry), current ? current : "");
              gtk_widget_grab_focus (self->name_entry);
            }
          return;
        }
      editor_document_begin_edit (document, undo_label (self));
      editor_document_set_place (document, hex, self->removing ? NULL : self->name);
      editor_document_end_edit (document);
      /* Type, then click: the field empties for the next town. */
      if (!self->removing)
        g_object_set (self, "marker-name", NULL, NULL);
      break;
    case EDITOR_MARKER_FORT:
    case EDITOR_MARKER_ENTRY:
    case EDITOR_MARKER_SUPPLY:
    case EDITOR_MARKER_VICTORY:
      editor_document_begin_edit (document, undo_label (self));
      put_single (self, document, hex, NULL);
      editor_document_end_edit (document);
      break;
    case EDITOR_MARKER_EDGE_VALUE:
      editor_document_begin_edit (document, undo_label (self));
      put_single (self, document, edge_hex (self, grid, hex), self->edge);
      editor_document_end_edit (document);
      break;
    case EDITOR_MARKER_ZONE:
      if (self->zone == NULL)
        return;
      self->active = TRUE;
      editor_document_begin_edit (document, undo_label (self));
      zone_at (self, document, hex);
      break;
    case EDITOR_MARKER_OFFMAP_LINK:
      if (self->removing)
        {
          editor_document_begin_edit (document, undo_label (self));
          remove_links (document, hex);
          editor_document_end_edit (document);
        }
      else
        self->active = TRUE;
      break;
    case EDITOR_N_MARKERS:
    default:
      g_assert_not_reached ();
    }
}

static void
editor_tool_marker_update (EditorTool     *tool,
                           EditorDocument *document,
                           int             hex,
                           double          map_x,
                           double          map_y)
{
  EditorToolMarker *self = EDITOR_TOOL_MARKER (tool);

  if (!self->active)
    return;
  if (self->kind == EDITOR_MARKER_ZONE)
    zone_at (self, document, hex);
  else
    self->last_hex = hex;
}

static void
editor_tool_marker_end (EditorTool     *tool,
                        EditorDocument *document,
                        int             hex,
                        double          map_x,
                        double          map_y)
{
  EditorToolMarker *self = EDITOR_TOOL_MARKER (tool);

  if (!self->active)
    return;
  self->active = FALSE;
  if (self->kind == EDITOR_MARKER_ZONE)
    {
      zone_at (self, document, hex);
      editor_document_end_edit (document);
    }
  else if (self->kind == EDITOR_MARKER_OFFMAP_LINK && hex >= 0 && hex != self->start_hex)
    {
      SandMarker *m = build_marker (self, self->start_hex);

      m->hex2 = hex;
      if (m->group == NULL)
        m->group = g_strdup ("rail");
      editor_document_begin_edit (document, undo_label (self));
      editor_document_add_marker (document, m);
      editor_document_end_edit (document);
    }
  self->last_hex = -1;
}

static void
editor_tool_marker_preview (EditorTool     *tool,
                            EditorDocument *document,
                            int             hex,
                            double          map_x,
                            double          map_y,
                            GArray         *hexes)
{
  EditorToolMarker *self = EDITOR_TOOL_MARKER (tool);
  const SandGrid *grid = sand_map_get_grid (editor_document_get_map (document));

  if (hex < 0)
    return;
  if (self->kind == EDITOR_MARKER_EDGE_VALUE)
    {
      /* The whole row or column the value applies to, from its edge hex. */
      int e = edge_hex (self, grid, hex);
      gboolean column = g_strcmp0 (self->edge, "east") != 0 && g_strcmp0 (self->edge, "west") != 0;
      int col = sand_grid_col (grid, e), row = sand_grid_row (grid, e);
      int n = column ? grid->rows : grid->cols;

      for (int i = 0; i < n; i++)
        {
          int h = column ? sand_grid_index (grid, col, i) : sand_grid_index (grid, i, row);

          g_array_append_val (hexes, h);
        }
      return;
    }
  if (self->kind == EDITOR_MARKER_OFFMAP_LINK && self->active)
    g_array_append_val (hexes, self->start_hex);
  if (self->kind == EDITOR_MARKER_PLACE && self->place_hex >= 0 && self->place_hex != hex)
    g_array_append_val (hexes, self->place_hex);
  if (self->kind != EDITOR_MARKER_OFFMAP_LINK || on_edge (grid, hex) || self->active)
    g_array_append_val (hexes, hex);
}

static void
editor_tool_marker_document_changed (EditorTool *tool)
{
  EditorToolMarker *self = EDITOR_TOOL_MARKER (tool);
  EditorDocument *document = editor_tool_get_document (tool);

  g_clear_signal_handler (&self->map_changed_id, self->map);
  g_clear_object (&self->map);
  if (document != NULL)
    {
      self->map = g_object_ref (editor_document_get_map (document));
      self->map_changed_id =
        g_signal_connect (self->map, "changed",
                          G_CALLBACK (_editor_tool_marker_map_changed_cb), self);
    }
  self->place_hex = -1;
  _editor_tool_marker_rebuild_sides (self);
  _editor_tool_marker_rebuild_zones (self);
}

static void
editor_tool_marker_dispose (GObject *object)
{
  EditorToolMarker *self = EDITOR_TOOL_MARKER (object);

  g_clear_signal_handler (&self->map_changed_id, self->map);
  g_clear_object (&self->map);
  g_clear_object (&self->options);
  g_clear_object (&self->side_model);
  g_clear_object (&self->zone_model);
  self->grid = NULL;
  self->kind_dropdown = self->edge_dropdown = self->side_dropdown = self->zone_dropdown = NULL;
  self->name_entry = NULL;

  G_OBJECT_CLASS (editor_tool_marker_parent_class)->dispose (object);
}

static void
editor_tool_marker_finalize (GObject *object)
{
  EditorToolMarker *self = EDITOR_TOOL_MARKER (object);

  g_free (self->name);
  g_free (self->group);
  g_free (self->zone);
  g_free (self->edge);
  g_array_unref (self->line);

  G_OBJECT_CLASS (editor_tool_marker_parent_class)->finalize (object);
}

static int *
int_field (EditorToolMarker *self,
           guint             prop_id)
{
  switch (prop_id)
    {
    case PROP_SIDE: return &self->side;
    case PROP_STRENGTH: return &self->strength;
    case PROP_CAPACITY: return &self->capacity;
    case PROP_VALUE: return &self->value;
    default: return NULL;
    }
}

static char **
string_field (EditorToolMarker *self,
              guint             prop_id)
{
  switch (prop_id)
    {
    case PROP_NAME: return &self->name;
    case PROP_GROUP: return &self->group;
    case PROP_ZONE: return &self->zone;
    case PROP_EDGE: return &self->edge;
    default: return NULL;
    }
}

/* Keeps the edge and zone choices showing what was set from code (tests,
 * the inspector). */
static void
sync_dropdowns (EditorToolMarker *self)
{
  if (self->edge_dropdown != NULL)
    for (guint i = 0; i < G_N_ELEMENTS (_editor_tool_marker_edge_ids); i++)
      if (g_strcmp0 (_editor_tool_marker_edge_ids[i], self->edge) == 0)
        gtk_drop_down_set_selected (GTK_DROP_DOWN (self->edge_dropdown), i);
  if (self->zone_dropdown != NULL && self->map != NULL && !self->updating)
    {
      int zone = self->zone ? sand_map_find_zone (self->map, self->zone) : -1;

      self->updating = TRUE;
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->zone_dropdown),
                                  zone >= 0 ? (guint) zone : GTK_INVALID_LIST_POSITION);
      self->updating = FALSE;
    }
}

static void
editor_tool_marker_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  EditorToolMarker *self = EDITOR_TOOL_MARKER (object);
  int *i = int_field (self, prop_id);
  char **s = string_field (self, prop_id);

  if (prop_id == PROP_KIND)
    g_value_set_int (value, self->kind);
  else if (i != NULL)
    g_value_set_int (value, *i);
  else if (s != NULL)
    g_value_set_string (value, *s);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
editor_tool_marker_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  EditorToolMarker *self = EDITOR_TOOL_MARKER (object);
  int *i = int_field (self, prop_id);
  char **s = string_field (self, prop_id);

  if (prop_id == PROP_KIND)
    {
      if ((int) self->kind != g_value_get_int (value))
        {
          self->kind = g_value_get_int (value);
          _editor_tool_marker_update_visible_fields (self);
          if (self->kind_dropdown != NULL)
            gtk_drop_down_set_selected (GTK_DROP_DOWN (self->kind_dropdown), self->kind);
          g_object_notify_by_pspec (object, pspec);
        }
    }
  else if (i != NULL)
    {
      if (*i != g_value_get_int (value))
        {
          *i = g_value_get_int (value);
          if (prop_id == PROP_SIDE && self->side_dropdown != NULL && !self->updating)
            gtk_drop_down_set_selected (GTK_DROP_DOWN (self->side_dropdown), self->side + 1);
          g_object_notify_by_pspec (object, pspec);
        }
    }
  else if (s != NULL)
    {
      if (g_strcmp0 (*s, g_value_get_string (value)) != 0)
        {
          g_free (*s);
          *s = g_value_dup_string (value);
          sync_dropdowns (self);
          g_object_notify_by_pspec (object, pspec);
        }
    }
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
editor_tool_marker_class_init (EditorToolMarkerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  EditorToolClass *tool_class = EDITOR_TOOL_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = editor_tool_marker_dispose;
  object_class->finalize = editor_tool_marker_finalize;
  object_class->get_property = editor_tool_marker_get_property;
  object_class->set_property = editor_tool_marker_set_property;

  tool_class->begin = editor_tool_marker_begin;
  tool_class->update = editor_tool_marker_update;
  tool_class->end = editor_tool_marker_end;
  tool_class->preview = editor_tool_marker_preview;
  tool_class->get_options = _editor_tool_marker_get_options;
  tool_class->document_changed = editor_tool_marker_document_changed;

  properties[PROP_KIND] = g_param_spec_int ("kind", NULL, NULL, 0, EDITOR_N_MARKERS - 1,
                                            EDITOR_MARKER_FORT, flags);
  properties[PROP_SIDE] = g_param_spec_int ("side", NULL, NULL, -1, G_MAXINT, 0, flags);
  properties[PROP_STRENGTH] = g_param_spec_int ("strength", NULL, NULL, 0, G_MAXINT, 1, flags);
  properties[PROP_NAME] = g_param_spec_string ("marker-name", NULL, NULL, NULL, flags);
  properties[PROP_CAPACITY] = g_param_spec_int ("capacity", NULL, NULL, -1, G_MAXINT, -1, flags);
  properties[PROP_GROUP] = g_param_spec_string ("group", NULL, NULL, NULL, flags);
  properties[PROP_VALUE] = g_param_spec_int ("value", NULL, NULL, G_MININT, G_MAXINT, 1, flags);
  properties[PROP_ZONE] = g_param_spec_string ("zone", NULL, NULL, NULL, flags);
  properties[PROP_EDGE] = g_param_spec_string ("edge", NULL, NULL, "north", flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
editor_tool_marker_init (EditorToolMarker *self)
{
  self->kind = EDITOR_MARKER_FORT;
  self->side = 0;
  self->strength = 1;
  self->capacity = -1;
  self->value = 1;
  self->edge = g_strdup ("north");
  self->start_hex = -1;
  self->last_hex = -1;
  self->line = g_array_new (FALSE, FALSE, sizeof (int));
  self->place_hex = -1;
}

EditorTool *
editor_tool_marker_new (void)
{
  return g_object_new (EDITOR_TYPE_TOOL_MARKER,
                       "id", "marker",
                       "name", _("Markers"),
                       "icon-name", "sandtable-marker-symbolic",
                       "accel", "m",
                       "cursor-name", "pointer",
                       "hint", _("Click to place the chosen marker; right-click removes it"),
                       NULL);
}
