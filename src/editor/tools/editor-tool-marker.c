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
#include "editor-tool-marker.h"
#include "sand-ruleset-labels.h"

struct _EditorToolMarker
{
  EditorTool parent_instance;

  EditorMarkerKind kind;
  int side;
  int strength;
  char *name;
  int capacity;
  char *group;
  int value;
  char *zone;
  char *edge;

  /* Stroke state. */
  gboolean active;
  gboolean removing;
  int start_hex;
  int last_hex;
  GArray *line;
  int place_hex;    /* the hex the Name field will name on Enter, or -1 */

  SandMap *map;         /* the document's, watched for zone changes */
  gulong map_changed_id;

  GtkWidget *options;
  GtkWidget *grid;
  GtkWidget *kind_dropdown;
  GtkWidget *edge_dropdown;
  GtkWidget *side_dropdown;
  GtkStringList *side_model;
  GtkWidget *zone_dropdown;
  GtkStringList *zone_model;
  GtkWidget *hint;
  GtkWidget *name_entry;
  GtkWidget *new_zone_name;
  GtkWidget *new_zone_side;
  GtkWidget *new_zone_color;
  GtkWidget *new_zone_popover;
  gboolean updating;
};

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

/* Which fields each kind uses, in the order of the options grid. */
enum {
  FIELD_NAME = 1 << 0,
  FIELD_SIDE = 1 << 1,
  FIELD_STRENGTH = 1 << 2,
  FIELD_CAPACITY = 1 << 3,
  FIELD_GROUP = 1 << 4,
  FIELD_VALUE = 1 << 5,
  FIELD_ZONE = 1 << 6,
  FIELD_EDGE = 1 << 7,
};

static const struct {
  const char *label;
  guint fields;
  const char *hint;
} kinds[EDITOR_N_MARKERS] = {
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

static const char *const edge_ids[] = { "north", "south", "east", "west" };

static const char *
edge_label (guint i)
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
  guint fields = kinds[self->kind].fields;

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

/* Options. */

static void
update_visible_fields (EditorToolMarker *self)
{
  guint fields;

  if (self->grid == NULL)
    return;
  fields = kinds[self->kind].fields;
  for (GtkWidget *child = gtk_widget_get_first_child (self->grid);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      guint field = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (child), "field"));

      if (field != 0)
        gtk_widget_set_visible (child, (fields & field) != 0);
    }
  gtk_label_set_text (GTK_LABEL (self->hint), _(kinds[self->kind].hint));
}

static void
rebuild_sides (EditorToolMarker *self)
{
  EditorDocument *document = editor_tool_get_document (EDITOR_TOOL (self));
  SandRuleset *ruleset;
  guint n;

  if (self->side_model == NULL)
    return;
  self->updating = TRUE;
  gtk_string_list_splice (self->side_model, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->side_model)), NULL);
  gtk_string_list_append (self->side_model, _("None"));
  if (document != NULL)
    {
      ruleset = sand_map_get_ruleset (editor_document_get_map (document));
      n = sand_ruleset_n_sides (ruleset);
      for (guint i = 0; i < n; i++)
        gtk_string_list_append (self->side_model, sand_ruleset_side_label (ruleset, i));
    }
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->side_dropdown), self->side + 1);
  if (self->new_zone_side != NULL)
    gtk_drop_down_set_selected (GTK_DROP_DOWN (self->new_zone_side), 0);
  self->updating = FALSE;
}

static void
rebuild_zones (EditorToolMarker *self)
{
  guint n, selected = GTK_INVALID_LIST_POSITION;

  if (self->zone_model == NULL)
    return;
  self->updating = TRUE;
  gtk_string_list_splice (self->zone_model, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->zone_model)), NULL);
  n = self->map ? sand_map_n_zones (self->map) : 0;
  for (guint i = 0; i < n; i++)
    {
      const SandZoneDef *z = sand_map_get_zone (self->map, i);

      gtk_string_list_append (self->zone_model, z->name ? z->name : z->id);
      if (g_strcmp0 (z->id, self->zone) == 0)
        selected = i;
    }
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->zone_dropdown), selected);
  self->updating = FALSE;

  /* Paint into the first zone until the designer picks another. */
  if (selected == GTK_INVALID_LIST_POSITION)
    g_object_set (self, "zone", n > 0 ? sand_map_get_zone (self->map, 0)->id : NULL, NULL);
}

static void
map_changed_cb (SandMap          *map,
                int               col0,
                int               row0,
                int               col1,
                int               row1,
                EditorToolMarker *self)
{
  GListModel *model = self->zone_model ? G_LIST_MODEL (self->zone_model) : NULL;

  /* Zones change rarely; rebuild only when their count does. */
  if (model != NULL && g_list_model_get_n_items (model) != sand_map_n_zones (map))
    rebuild_zones (self);
}

static void
side_selected_cb (GtkDropDown      *dropdown,
                  GParamSpec       *pspec,
                  EditorToolMarker *self)
{
  guint pos = gtk_drop_down_get_selected (dropdown);

  if (!self->updating && pos != GTK_INVALID_LIST_POSITION)
    g_object_set (self, "side", (int) pos - 1, NULL);
}

static void
zone_selected_cb (GtkDropDown      *dropdown,
                  GParamSpec       *pspec,
                  EditorToolMarker *self)
{
  guint pos = gtk_drop_down_get_selected (dropdown);

  if (!self->updating && self->map != NULL && pos < sand_map_n_zones (self->map))
    g_object_set (self, "zone", sand_map_get_zone (self->map, pos)->id, NULL);
}

static void
kind_selected_cb (GtkDropDown      *dropdown,
                  GParamSpec       *pspec,
                  EditorToolMarker *self)
{
  guint pos = gtk_drop_down_get_selected (dropdown);

  if (pos < EDITOR_N_MARKERS)
    g_object_set (self, "kind", (int) pos, NULL);
}

static void
edge_selected_cb (GtkDropDown      *dropdown,
                  GParamSpec       *pspec,
                  EditorToolMarker *self)
{
  guint pos = gtk_drop_down_get_selected (dropdown);

  if (pos < G_N_ELEMENTS (edge_ids))
    g_object_set (self, "edge", edge_ids[pos], NULL);
}

static gboolean
capacity_output_cb (GtkSpinButton *spin,
                    gpointer       user_data)
{
  if (gtk_spin_button_get_value_as_int (spin) < 0)
    {
      /* The spin button itself refuses text while it formats its value. */
      gtk_editable_set_text (gtk_editable_get_delegate (GTK_EDITABLE (spin)), _("Unlimited"));
      return TRUE;
    }
  return FALSE;
}

static int
capacity_input_cb (GtkSpinButton *spin,
                   double        *new_value,
                   gpointer       user_data)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));

  if (g_ascii_strcasecmp (text, _("Unlimited")) == 0 || text[0] == '\0')
    {
      *new_value = -1;
      return TRUE;
    }
  return FALSE;
}

/* From the Create button or Enter in the name field. */
static void
new_zone_create_cb (GtkWidget        *widget,
                    EditorToolMarker *self)
{
  EditorDocument *document = editor_tool_get_document (EDITOR_TOOL (self));
  const char *name = gtk_editable_get_text (GTK_EDITABLE (self->new_zone_name));
  guint side_pos = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->new_zone_side));
  const GdkRGBA *rgba;
  GdkRGBA color;
  g_autofree char *base = NULL;
  g_autofree char *id = NULL;
  g_autofree char *hex_color = NULL;

  if (document == NULL || name[0] == '\0')
    return;

  /* A stable id from the name, made unique: ids are what files and
   * orders of battle refer to. */
  base = g_utf8_strdown (name, -1);
  for (char *p = base; *p; p++)
    if (!g_ascii_isalnum (*p))
      *p = '-';
  id = g_strdup (base);
  for (int i = 2; sand_map_find_zone (editor_document_get_map (document), id) >= 0; i++)
    {
      g_free (id);
      id = g_strdup_printf ("%s-%d", base, i);
    }
  gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (self->new_zone_color), &color);
  rgba = &color;
  hex_color = g_strdup_printf ("#%02x%02x%02x", (int) (rgba->red * 255 + 0.5),
                               (int) (rgba->green * 255 + 0.5), (int) (rgba->blue * 255 + 0.5));
  editor_document_add_zone (document, id, name, (int) side_pos - 1, hex_color);
  g_object_set (self, "zone", id, NULL);
  rebuild_zones (self);
  gtk_editable_set_text (GTK_EDITABLE (self->new_zone_name), "");
  gtk_popover_popdown (GTK_POPOVER (self->new_zone_popover));
}

static void
ellipsized_setup_cb (GtkSignalListItemFactory *factory,
                     GtkListItem              *item,
                     gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  if (GPOINTER_TO_INT (user_data))
    gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_list_item_set_child (item, label);
}

static void
ellipsized_bind_cb (GtkSignalListItemFactory *factory,
                    GtkListItem              *item,
                    gpointer                  user_data)
{
  GtkStringObject *string = gtk_list_item_get_item (item);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)),
                      gtk_string_object_get_string (string));
  gtk_widget_set_tooltip_text (gtk_list_item_get_child (item),
                               gtk_string_object_get_string (string));
}

static GtkListItemFactory *
label_factory_new (gboolean ellipsize)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (ellipsized_setup_cb),
                    GINT_TO_POINTER (ellipsize));
  g_signal_connect (factory, "bind", G_CALLBACK (ellipsized_bind_cb), NULL);
  return factory;
}

static GtkWidget *
new_zone_button (EditorToolMarker *self)
{
  GtkWidget *button = gtk_menu_button_new ();
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *create = gtk_button_new_with_mnemonic (_("_Create Zone"));
  GtkWidget *label;
  GdkRGBA default_color = { 0.85, 0.55, 0.1, 1 };

  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "list-add-symbolic");
  gtk_widget_set_tooltip_text (button, _("New set-up zone"));
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 6);

  label = gtk_label_new (_("Name"));
  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_grid_attach (GTK_GRID (grid), label, 0, 0, 1, 1);
  self->new_zone_name = gtk_entry_new ();
  gtk_entry_set_placeholder_text (GTK_ENTRY (self->new_zone_name), _("e.g. Mobilisation Area 1"));
  gtk_grid_attach (GTK_GRID (grid), self->new_zone_name, 1, 0, 1, 1);

  label = gtk_label_new (_("Side"));
  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_grid_attach (GTK_GRID (grid), label, 0, 1, 1, 1);
  self->new_zone_side = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (self->side_model)), NULL);
  gtk_grid_attach (GTK_GRID (grid), self->new_zone_side, 1, 1, 1, 1);

  label = gtk_label_new (_("Colour"));
  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_grid_attach (GTK_GRID (grid), label, 0, 2, 1, 1);
  self->new_zone_color = gtk_color_button_new_with_rgba (&default_color);
  gtk_widget_set_halign (self->new_zone_color, GTK_ALIGN_START);
  gtk_grid_attach (GTK_GRID (grid), self->new_zone_color, 1, 2, 1, 1);

  gtk_widget_add_css_class (create, "suggested-action");
  gtk_grid_attach (GTK_GRID (grid), create, 0, 3, 2, 1);
  g_signal_connect (create, "clicked", G_CALLBACK (new_zone_create_cb), self);
  g_signal_connect (self->new_zone_name, "activate", G_CALLBACK (new_zone_create_cb), self);

  gtk_popover_set_child (GTK_POPOVER (popover), grid);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (button), popover);
  self->new_zone_popover = popover;
  return button;
}

static void
name_activate_cb (GtkEntry         *entry,
                  EditorToolMarker *self)
{
  EditorDocument *document = editor_tool_get_document (EDITOR_TOOL (self));
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));

  if (self->kind != EDITOR_MARKER_PLACE || self->place_hex < 0 || document == NULL
      || self->place_hex >= sand_grid_n_hexes (sand_map_get_grid (
                                                 editor_document_get_map (document))))
    return;
  editor_document_begin_edit (document, _("Name Place"));
  editor_document_set_place (document, self->place_hex, text[0] ? text : NULL);
  editor_document_end_edit (document);
  self->place_hex = -1;
  gtk_editable_set_text (GTK_EDITABLE (entry), "");
}

static void
attach_row (EditorToolMarker *self,
            int               row,
            guint             field,
            const char       *label_text,
            GtkWidget        *widget)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (label_text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), widget);
  gtk_widget_set_hexpand (widget, TRUE);
  g_object_set_data (G_OBJECT (label), "field", GUINT_TO_POINTER (field));
  g_object_set_data (G_OBJECT (widget), "field", GUINT_TO_POINTER (field));
  /* Label above its field: the palette is narrow, zone names are long. */
  gtk_widget_add_css_class (label, "caption-heading");
  gtk_grid_attach (GTK_GRID (self->grid), label, 0, 2 * row, 1, 1);
  gtk_grid_attach (GTK_GRID (self->grid), widget, 0, 2 * row + 1, 1, 1);
}

static GtkWidget *
spin_for (EditorToolMarker *self,
          const char       *property,
          int               min,
          int               max)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (min, max, 1);

  g_object_bind_property (self, property, spin, "value",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  return spin;
}

/* An entry's text may not be NULL. */
static gboolean
null_to_empty (GBinding     *binding,
               const GValue *from,
               GValue       *to,
               gpointer      user_data)
{
  const char *text = g_value_get_string (from);

  g_value_set_string (to, text ? text : "");
  return TRUE;
}

static GtkWidget *
entry_for (EditorToolMarker *self,
           const char       *property,
           const char       *placeholder)
{
  GtkWidget *entry = gtk_entry_new ();

  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), placeholder);
  g_object_bind_property_full (self, property, entry, "text",
                               G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE,
                               null_to_empty, NULL, NULL, NULL);
  return entry;
}

static GtkWidget *
editor_tool_marker_get_options (EditorTool *tool)
{
  EditorToolMarker *self = EDITOR_TOOL_MARKER (tool);
  GtkWidget *box, *kind_dropdown, *edge_dropdown, *capacity, *zone_box;
  g_autoptr(GtkStringList) kind_model = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) edge_model = gtk_string_list_new (NULL);
  int row = 0;

  if (self->options != NULL)
    return self->options;

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->options = g_object_ref_sink (box);

  for (guint i = 0; i < EDITOR_N_MARKERS; i++)
    gtk_string_list_append (kind_model, _(kinds[i].label));
  kind_dropdown = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&kind_model)), NULL);
  self->kind_dropdown = kind_dropdown;
  gtk_drop_down_set_selected (GTK_DROP_DOWN (kind_dropdown), self->kind);
  gtk_accessible_update_property (GTK_ACCESSIBLE (kind_dropdown),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Marker kind"), -1);
  g_signal_connect (kind_dropdown, "notify::selected", G_CALLBACK (kind_selected_cb), self);
  gtk_box_append (GTK_BOX (box), editor_tool_options_heading (_("Marker")));
  gtk_box_append (GTK_BOX (box), kind_dropdown);

  self->grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (self->grid), 4);
  gtk_widget_set_margin_top (self->grid, 6);
  gtk_box_append (GTK_BOX (box), self->grid);

  self->side_model = gtk_string_list_new (NULL);
  self->side_dropdown = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (self->side_model)), NULL);
  g_signal_connect (self->side_dropdown, "notify::selected", G_CALLBACK (side_selected_cb), self);
  attach_row (self, row++, FIELD_SIDE, _("_Side"), self->side_dropdown);

  self->zone_model = gtk_string_list_new (NULL);
  self->zone_dropdown = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (self->zone_model)), NULL);
  gtk_widget_set_hexpand (self->zone_dropdown, TRUE);
  {
    g_autoptr(GtkListItemFactory) factory = label_factory_new (TRUE);
    g_autoptr(GtkListItemFactory) list_factory = label_factory_new (FALSE);

    /* Zone names such as "German mobilisation area 1" must not widen the
     * palette: ellipsized on the button, whole in the popup. */
    gtk_drop_down_set_factory (GTK_DROP_DOWN (self->zone_dropdown), factory);
    gtk_drop_down_set_list_factory (GTK_DROP_DOWN (self->zone_dropdown), list_factory);
  }
  g_signal_connect (self->zone_dropdown, "notify::selected", G_CALLBACK (zone_selected_cb), self);
  zone_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  gtk_box_append (GTK_BOX (zone_box), self->zone_dropdown);
  gtk_box_append (GTK_BOX (zone_box), new_zone_button (self));
  attach_row (self, row++, FIELD_ZONE, _("_Zone"), zone_box);

  for (guint i = 0; i < G_N_ELEMENTS (edge_ids); i++)
    gtk_string_list_append (edge_model, edge_label (i));
  edge_dropdown = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&edge_model)), NULL);
  self->edge_dropdown = edge_dropdown;
  g_signal_connect (edge_dropdown, "notify::selected", G_CALLBACK (edge_selected_cb), self);
  attach_row (self, row++, FIELD_EDGE, _("_Edge"), edge_dropdown);

  attach_row (self, row++, FIELD_STRENGTH, _("S_trength"), spin_for (self, "strength", 0, 99));
  self->name_entry = entry_for (self, "marker-name", _("e.g. Metz"));
  g_signal_connect (self->name_entry, "activate", G_CALLBACK (name_activate_cb), self);
  attach_row (self, row++, FIELD_NAME, _("_Name"), self->name_entry);
  capacity = spin_for (self, "capacity", -1, 999);
  gtk_widget_set_tooltip_text (capacity, _("How many units it can supply; Unlimited below 0"));
  g_signal_connect (capacity, "output", G_CALLBACK (capacity_output_cb), NULL);
  g_signal_connect (capacity, "input", G_CALLBACK (capacity_input_cb), NULL);
  gtk_editable_set_width_chars (GTK_EDITABLE (capacity), 9);
  {
    gboolean handled;

    /* Show "Unlimited" now, not after the first change. */
    g_signal_emit_by_name (capacity, "output", &handled);
  }
  attach_row (self, row++, FIELD_CAPACITY, _("_Capacity"), capacity);
  attach_row (self, row++, FIELD_GROUP, _("_Group"),
              entry_for (self, "group", _("Entry group or connection")));
  attach_row (self, row++, FIELD_VALUE, _("_Value"), spin_for (self, "value", -99, 999));

  self->hint = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->hint), TRUE);
  /* Wrapped text must not ask for the width of its whole line. */
  gtk_label_set_max_width_chars (GTK_LABEL (self->hint), 24);
  gtk_label_set_xalign (GTK_LABEL (self->hint), 0);
  gtk_widget_add_css_class (self->hint, "dim-label");
  gtk_box_append (GTK_BOX (box), self->hint);

  rebuild_sides (self);
  rebuild_zones (self);
  update_visible_fields (self);
  return box;
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
      self->map_changed_id = g_signal_connect (self->map, "changed",
                                               G_CALLBACK (map_changed_cb), self);
    }
  self->place_hex = -1;
  rebuild_sides (self);
  rebuild_zones (self);
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
    for (guint i = 0; i < G_N_ELEMENTS (edge_ids); i++)
      if (g_strcmp0 (edge_ids[i], self->edge) == 0)
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
          update_visible_fields (self);
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
  tool_class->get_options = editor_tool_marker_get_options;
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
