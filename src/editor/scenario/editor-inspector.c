/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-inspector.c: the hex inspector.
 *
 * Every change made here goes through EditorDocument as its own undo step.
 * The map's "changed" signal refreshes the view in an idle, never from
 * inside the handler of the widget being edited. Marker rows are rebuilt
 * only when the markers on the hex differ from what the rows show, so a
 * spin button keeps its focus while the designer edits a value.
 */
#include "config.h"

#include "editor-resources.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "editor-inspector-private.h"
#include "editor-tool-chooser.h"
#include "editor-tool-palette.h"
#include "sand-ruleset-labels.h"


G_DEFINE_FINAL_TYPE (EditorInspector, editor_inspector, GTK_TYPE_WIDGET)

static void refresh (EditorInspector *self);
static void feature_swatch_draw (GtkDrawingArea *area,
                                 cairo_t        *cr,
                                 int             width,
                                 int             height,
                                 gpointer        user_data);

SandRuleset *
_editor_inspector_ruleset_of (EditorInspector *self)
{
  return self->map ? sand_map_get_ruleset (self->map) : NULL;
}

static const char *
side_name (EditorInspector *self,
           int              side)
{
  SandRuleset *ruleset = _editor_inspector_ruleset_of (self);

  if (ruleset == NULL || side < 0 || (guint) side >= sand_ruleset_n_sides (ruleset))
    return _("No side");
  return sand_ruleset_side_label (ruleset, side);
}

const char *
_editor_inspector_marker_title (const SandMarker *m)
{
  switch (m->kind)
    {
    case SAND_MARKER_FORT: return _("Fortification");
    case SAND_MARKER_ENTRY: return _("Entry Flag");
    case SAND_MARKER_SUPPLY: return _("Supply Source");
    case SAND_MARKER_VICTORY: return _("Victory Hex");
    case SAND_MARKER_OFFMAP_LINK: return _("Off-Map Link");
    case SAND_MARKER_ZONE: return _("Set-Up Zone");
    case SAND_MARKER_EDGE_VALUE: return _("Edge Victory Value");
    case SAND_MARKER_CUSTOM: return m->name ? m->name : _("Marker");
    case SAND_N_MARKER_KINDS:
    default: return _("Marker");
    }
}

char *
_editor_inspector_marker_summary (EditorInspector  *self,
                                  const SandMarker *m)
{
  const SandGrid *grid = sand_map_get_grid (self->map);
  g_autofree char *other = NULL;
  g_autofree char *capacity = NULL;
  int zone;

  if (m->capacity < 0)
    capacity = g_strdup (_("unlimited"));
  else
    capacity = g_strdup_printf ("%d", m->capacity);

  switch (m->kind)
    {
    case SAND_MARKER_FORT:
      /* Translators: side · strength · name · supply capacity. */
      return g_strdup_printf (_("%s · strength %d · %s · supplies %s"),
                              side_name (self, m->side), m->strength,
                              m->name ? m->name : _("unnamed"), capacity);
    case SAND_MARKER_ENTRY:
      return g_strdup_printf (_("%s · group %s"), side_name (self, m->side),
                              m->group ? m->group : "—");
    case SAND_MARKER_SUPPLY:
      return g_strdup_printf (_("%s · %s · supplies %s"), side_name (self, m->side),
                              m->name ? m->name : "—", capacity);
    case SAND_MARKER_VICTORY:
      return g_strdup_printf (g_dngettext (NULL, "%d point · held by %s", "%d points · held by %s",
                                           ABS (m->value)),
                              m->value, side_name (self, m->side));
    case SAND_MARKER_OFFMAP_LINK:
      other = sand_grid_dup_id (grid, m->hex == self->hex ? m->hex2 : m->hex);
      return g_strdup_printf (g_dngettext (NULL, "to %s · %s · %d hex", "to %s · %s · %d hexes",
                                           ABS (m->value)),
                              other, m->group ? m->group : "—", m->value);
    case SAND_MARKER_ZONE:
      zone = m->group ? sand_map_find_zone (self->map, m->group) : -1;
      return g_strdup (zone >= 0 && sand_map_get_zone (self->map, zone)->name
                       ? sand_map_get_zone (self->map, zone)->name : m->group);
    case SAND_MARKER_EDGE_VALUE:
      return g_strdup_printf (g_dngettext (NULL, "%d point · %s edge", "%d points · %s edge",
                                           ABS (m->value)),
                              m->value, m->group ? m->group : "—");
    case SAND_MARKER_CUSTOM:
    case SAND_N_MARKER_KINDS:
    default:
      return g_strdup ("");
    }
}

/* Edits. */

static void
terrain_selected_cb (AdwComboRow     *row,
                     GParamSpec      *pspec,
                     EditorInspector *self)
{
  guint pos = adw_combo_row_get_selected (row);

  gtk_widget_queue_draw (GTK_WIDGET (self->terrain_swatch));
  if (self->updating || self->document == NULL || self->hex < 0
      || pos == GTK_INVALID_LIST_POSITION)
    return;
  editor_document_begin_edit (self->document, _("Change Terrain"));
  editor_document_set_terrain (self->document, self->hex, (guint8) pos);
  editor_document_end_edit (self->document);
}

static void
country_selected_cb (AdwComboRow     *row,
                     GParamSpec      *pspec,
                     EditorInspector *self)
{
  guint pos = adw_combo_row_get_selected (row);

  if (self->updating || self->document == NULL || self->hex < 0
      || pos == GTK_INVALID_LIST_POSITION)
    return;
  editor_document_begin_edit (self->document, _("Change Country"));
  editor_document_set_country (self->document, self->hex, (int) pos - 1);
  editor_document_end_edit (self->document);
}

static void
place_apply_cb (AdwEntryRow     *row,
                EditorInspector *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (row));

  if (self->updating || self->document == NULL || self->hex < 0)
    return;
  editor_document_begin_edit (self->document, _("Name Place"));
  editor_document_set_place (self->document, self->hex, text[0] ? text : NULL);
  editor_document_end_edit (self->document);
}

static void
feature_toggled_cb (GtkCheckButton  *check,
                    EditorInspector *self)
{
  int feature = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (check), "feature"));
  guint32 features, bit = 1u << feature;

  if (self->updating || self->document == NULL || self->side_hex < 0)
    return;
  features = sand_map_get_side (self->map, self->side_hex, self->side_dir);
  features = gtk_check_button_get_active (check) ? (features | bit) : (features & ~bit);
  editor_document_begin_edit (self->document, _("Change Hexside"));
  editor_document_set_side (self->document, self->side_hex, self->side_dir, features);
  editor_document_end_edit (self->document);
}

static void
rebuild_side_rows (EditorInspector *self)
{
  SandRuleset *ruleset = _editor_inspector_ruleset_of (self);

  for (guint i = 0; i < self->feature_rows->len; i++)
    adw_preferences_group_remove (self->side_group, g_ptr_array_index (self->feature_rows, i));
  g_ptr_array_set_size (self->feature_rows, 0);
  g_ptr_array_set_size (self->feature_checks, 0);
  if (ruleset == NULL)
    return;

  for (guint i = 0; i < sand_ruleset_n_side_features (ruleset); i++)
    {
      const SandSideFeatureDef *def = sand_ruleset_get_side_feature (ruleset, i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *check = gtk_check_button_new ();
      GtkWidget *swatch = gtk_drawing_area_new ();

      g_object_set_data (G_OBJECT (check), "feature", GINT_TO_POINTER (i));
      g_signal_connect (check, "toggled", G_CALLBACK (feature_toggled_cb), self);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                     sand_ruleset_label ("side-feature", def->name));
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 26);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 22);
      gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), feature_swatch_draw, self, NULL);
      g_object_set_data (G_OBJECT (swatch), "feature", GINT_TO_POINTER (i));
      g_object_set_data (G_OBJECT (swatch), "connection",
                         GINT_TO_POINTER (def->kind == SAND_SIDE_CONNECTION));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), swatch);
      adw_preferences_group_add (self->side_group, row);
      g_ptr_array_add (self->feature_rows, row);
      g_ptr_array_add (self->feature_checks, check);
    }
}

static void
feature_swatch_draw (GtkDrawingArea *area,
                     cairo_t        *cr,
                     int             width,
                     int             height,
                     gpointer        user_data)
{
  EditorInspector *self = user_data;
  int feature = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (area), "feature"));
  gboolean connection = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (area), "connection"));

  if (_editor_inspector_ruleset_of (self) != NULL)
    editor_tool_chooser_draw_swatch (cr, _editor_inspector_ruleset_of (self),
                                                       connection ? EDITOR_CHOOSER_CONNECTION
                                                                  : EDITOR_CHOOSER_SIDE_FEATURE,
                                                       feature, width, height);
}

static void
refresh (EditorInspector *self)
{
  const SandGrid *grid;
  char id[SAND_HEX_ID_MAX];
  g_autofree char *title = NULL;
  const char *place;

  if (self->map == NULL || self->hex < 0 || self->hex >= sand_grid_n_hexes (
        sand_map_get_grid (self->map)))
    {
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }

  grid = sand_map_get_grid (self->map);
  self->updating = TRUE;
  gtk_stack_set_visible_child_name (self->stack, "hex");

  sand_grid_format_id (grid, self->hex, id);
  place = sand_map_get_place (self->map, self->hex);
  /* Translators: the inspector's title: a hex id, and its place name if any. */
  title = place ? g_strdup_printf (_("Hex %s — %s"), id, place)
                : g_strdup_printf (_("Hex %s"), id);
  gtk_label_set_text (self->title_label, title);

  adw_combo_row_set_selected (self->terrain_row, sand_map_get_terrain (self->map, self->hex));
  gtk_widget_queue_draw (GTK_WIDGET (self->terrain_swatch));
  adw_combo_row_set_selected (self->country_row, sand_map_get_country (self->map, self->hex) + 1);
  if (!(gtk_widget_get_state_flags (GTK_WIDGET (self->place_row)) & GTK_STATE_FLAG_FOCUS_WITHIN)
      || g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->place_row)), place ? place : ""))
    {
      /* The row takes any change of its text while focused for typing and
       * offers to apply it: an undo showing the name it restored is no edit. */
      adw_entry_row_set_show_apply_button (self->place_row, FALSE);
      gtk_editable_set_text (GTK_EDITABLE (self->place_row), place ? place : "");
      adw_entry_row_set_show_apply_button (self->place_row, TRUE);
    }

  _editor_inspector_refresh_markers (self);

  if (self->side_hex >= 0 && self->side_dir >= 0)
    {
      int other = sand_grid_neighbour (grid, self->side_hex, self->side_dir);
      char side_id[SAND_HEX_ID_MAX], other_id[SAND_HEX_ID_MAX];
      g_autofree char *side_title = NULL;
      guint32 features = sand_map_get_side (self->map, self->side_hex, self->side_dir);

      sand_grid_format_id (grid, self->side_hex, side_id);
      if (other >= 0)
        {
          sand_grid_format_id (grid, other, other_id);
          /* Translators: a hexside named from both hexes: "Hexside 0203 NE – 0302 SW";
           * the directions are msgctxt "compass point". */
          side_title = g_strdup_printf (_("Hexside %s %s – %s %s"), side_id,
                                        sand_grid_direction_label (grid, self->side_dir),
                                        other_id,
                                        sand_grid_direction_label (
                                          grid, SAND_DIR_OPPOSITE (self->side_dir)));
        }
      else
        side_title = g_strdup_printf (_("Hexside %s %s (map edge)"), side_id,
                                      sand_grid_direction_label (grid, self->side_dir));
      adw_preferences_group_set_title (self->side_group, side_title);
      for (guint i = 0; i < self->feature_checks->len; i++)
        gtk_check_button_set_active (g_ptr_array_index (self->feature_checks, i),
                                     (features & (1u << i)) != 0);
      gtk_widget_set_visible (GTK_WIDGET (self->side_group), TRUE);
    }
  else
    gtk_widget_set_visible (GTK_WIDGET (self->side_group), FALSE);

  self->updating = FALSE;
}

static gboolean
refresh_idle_cb (gpointer data)
{
  EditorInspector *self = data;

  self->refresh_id = 0;
  refresh (self);
  return G_SOURCE_REMOVE;
}

static void
map_changed_cb (SandMap         *map,
                int              col0,
                int              row0,
                int              col1,
                int              row1,
                EditorInspector *self)
{
  const SandGrid *grid = sand_map_get_grid (map);
  int col, row;

  if (self->hex < 0)
    return;
  /* Markers may name a hex far from the rectangle (an off-map link's far
   * end), so only a plain terrain change elsewhere is skipped cheaply. */
  col = sand_grid_col (grid, self->hex);
  row = sand_grid_row (grid, self->hex);
  if (col < col0 - 1 || col > col1 + 1 || row < row0 - 1 || row > row1 + 1)
    {
      if (sand_map_n_markers (map) == self->shown_markers->len && self->shown_markers->len == 0)
        return;
    }
  if (self->refresh_id == 0)
    self->refresh_id = g_idle_add (refresh_idle_cb, self);
}

static void
terrain_swatch_draw (GtkDrawingArea *area,
                     cairo_t        *cr,
                     int             width,
                     int             height,
                     gpointer        user_data)
{
  EditorInspector *self = user_data;
  guint pos = adw_combo_row_get_selected (self->terrain_row);

  if (_editor_inspector_ruleset_of (self) != NULL && pos != GTK_INVALID_LIST_POSITION)
    editor_tool_chooser_draw_swatch (cr, _editor_inspector_ruleset_of (self),
                                     EDITOR_CHOOSER_TERRAIN, pos,
                                                       width, height);
}

static void
list_swatch_draw (GtkDrawingArea *area,
                  cairo_t        *cr,
                  int             width,
                  int             height,
                  gpointer        user_data)
{
  EditorInspector *self = user_data;
  int index = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (area), "index"));

  if (_editor_inspector_ruleset_of (self) != NULL)
    editor_tool_chooser_draw_swatch (cr, _editor_inspector_ruleset_of (self),
                                     EDITOR_CHOOSER_TERRAIN, index,
                                                       width, height);
}

static void
terrain_item_setup_cb (GtkSignalListItemFactory *factory,
                       GtkListItem              *item,
                       EditorInspector          *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *area = gtk_drawing_area_new ();

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), 26);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), 22);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), list_swatch_draw, self, NULL);
  gtk_box_append (GTK_BOX (box), area);
  gtk_box_append (GTK_BOX (box), gtk_label_new (NULL));
  gtk_list_item_set_child (item, box);
}

static void
terrain_item_bind_cb (GtkSignalListItemFactory *factory,
                      GtkListItem              *item,
                      EditorInspector          *self)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *area = gtk_widget_get_first_child (box);
  GtkStringObject *string = gtk_list_item_get_item (item);

  g_object_set_data (G_OBJECT (area), "index",
                     GUINT_TO_POINTER (gtk_list_item_get_position (item)));
  gtk_widget_queue_draw (area);
  gtk_label_set_text (GTK_LABEL (gtk_widget_get_last_child (box)),
                      gtk_string_object_get_string (string));
}

static void
rebuild_models (EditorInspector *self)
{
  SandRuleset *ruleset = _editor_inspector_ruleset_of (self);
  g_autoptr(GtkStringList) terrains = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) countries = gtk_string_list_new (NULL);

  gtk_string_list_append (countries, _("None"));
  if (ruleset != NULL)
    {
      for (guint i = 0; i < sand_ruleset_n_terrains (ruleset); i++)
        gtk_string_list_append (terrains, sand_ruleset_terrain_label (ruleset, i));
      for (guint i = 0; i < sand_ruleset_n_countries (ruleset); i++)
        gtk_string_list_append (countries, sand_ruleset_country_label (ruleset, i));
    }
  self->updating = TRUE;
  adw_combo_row_set_model (self->terrain_row, G_LIST_MODEL (terrains));
  adw_combo_row_set_model (self->country_row, G_LIST_MODEL (countries));
  self->updating = FALSE;
  rebuild_side_rows (self);
}

static void
show_hex (EditorInspector *self,
          int              hex,
          int              side_hex,
          int              side_dir)
{
  if (hex < 0)
    side_hex = side_dir = -1;
  if (hex != self->hex)
    _editor_inspector_clear_marker_rows (self);
  self->hex = hex;
  self->side_hex = side_hex;
  self->side_dir = side_dir;
  refresh (self);
}

static void
palette_selection_cb (EditorToolPalette *palette,
                      int                hex,
                      int                side_hex,
                      int                side_dir,
                      EditorInspector   *self)
{
  self->pinned = hex >= 0;
  show_hex (self, hex, side_hex, side_dir);
}

static void
palette_tool_cb (EditorToolPalette *palette,
                 GParamSpec        *pspec,
                 EditorInspector   *self)
{
  EditorTool *tool = editor_tool_palette_get_active_tool (palette);

  /* Leaving the select tool hands the inspector back to the hover. */
  if (tool != NULL && g_strcmp0 (editor_tool_get_id (tool), "select") != 0)
    self->pinned = FALSE;
}

static EditorToolPalette *
find_palette (GtkWidget *widget)
{
  if (EDITOR_IS_TOOL_PALETTE (widget))
    return EDITOR_TOOL_PALETTE (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      EditorToolPalette *palette = find_palette (child);

      if (palette != NULL)
        return palette;
    }
  return NULL;
}

/* A window with a palette pins through it without extra wiring; looked
 * for when the inspector joins a window and again when it is shown, in
 * case the palette joined later. */
static void
look_for_palette (EditorInspector *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  EditorToolPalette *palette;

  if (self->palette == NULL && root != NULL
      && (palette = find_palette (GTK_WIDGET (root))) != NULL)
    editor_inspector_set_palette (self, palette);
}

static void
editor_inspector_root (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (editor_inspector_parent_class)->root (widget);
  look_for_palette (EDITOR_INSPECTOR (widget));
}

static void
editor_inspector_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (editor_inspector_parent_class)->map (widget);
  look_for_palette (EDITOR_INSPECTOR (widget));
}

static void
editor_inspector_dispose (GObject *object)
{
  EditorInspector *self = EDITOR_INSPECTOR (object);

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  editor_inspector_set_palette (self, NULL);
  g_clear_signal_handler (&self->map_changed_id, self->map);
  g_clear_object (&self->map);
  g_clear_object (&self->document);
  gtk_widget_dispose_template (GTK_WIDGET (self), EDITOR_TYPE_INSPECTOR);
  g_clear_pointer (&self->shown_markers, g_ptr_array_unref);
  g_clear_pointer (&self->shown_indices, g_array_unref);
  g_clear_pointer (&self->marker_rows, g_ptr_array_unref);
  g_clear_pointer (&self->feature_checks, g_ptr_array_unref);
  g_clear_pointer (&self->feature_rows, g_ptr_array_unref);

  G_OBJECT_CLASS (editor_inspector_parent_class)->dispose (object);
}

static void
editor_inspector_class_init (EditorInspectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = editor_inspector_dispose;
  widget_class->root = editor_inspector_root;
  widget_class->map = editor_inspector_map;

  g_type_ensure (ADW_TYPE_COMBO_ROW);
  g_type_ensure (ADW_TYPE_ENTRY_ROW);
  g_type_ensure (ADW_TYPE_PREFERENCES_GROUP);
  g_type_ensure (ADW_TYPE_STATUS_PAGE);

  /* Pull the resources in: the library is static. */
  (void) editor_get_resource ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/sandtable/Sandtable/"
                                               "ui/editor-inspector.ui");
  gtk_widget_class_bind_template_child (widget_class, EditorInspector, country_row);
  gtk_widget_class_bind_template_child (widget_class, EditorInspector, markers_group);
  gtk_widget_class_bind_template_child (widget_class, EditorInspector, place_row);
  gtk_widget_class_bind_template_child (widget_class, EditorInspector, side_group);
  gtk_widget_class_bind_template_child (widget_class, EditorInspector, stack);
  gtk_widget_class_bind_template_child (widget_class, EditorInspector, terrain_row);
  gtk_widget_class_bind_template_child (widget_class, EditorInspector, terrain_swatch);
  gtk_widget_class_bind_template_child (widget_class, EditorInspector, title_label);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "inspector");
}

static void
editor_inspector_init (EditorInspector *self)
{
  self->hex = self->side_hex = self->side_dir = -1;
  self->shown_markers = g_ptr_array_new_with_free_func ((GDestroyNotify) sand_marker_free);
  self->shown_indices = g_array_new (FALSE, FALSE, sizeof (guint));
  self->marker_rows = g_ptr_array_new ();
  self->feature_checks = g_ptr_array_new ();
  self->feature_rows = g_ptr_array_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drawing_area_set_draw_func (self->terrain_swatch, terrain_swatch_draw, self, NULL);
  g_signal_connect (self->terrain_row, "notify::selected", G_CALLBACK (terrain_selected_cb), self);
  {
    /* The popup lists terrains with their swatches, as the palette does. */
    g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

    g_signal_connect (factory, "setup", G_CALLBACK (terrain_item_setup_cb), self);
    g_signal_connect (factory, "bind", G_CALLBACK (terrain_item_bind_cb), self);
    adw_combo_row_set_list_factory (self->terrain_row, factory);
  }
  g_signal_connect (self->country_row, "notify::selected", G_CALLBACK (country_selected_cb), self);
  g_signal_connect (self->place_row, "apply", G_CALLBACK (place_apply_cb), self);
}

GtkWidget *
editor_inspector_new (void)
{
  return g_object_new (EDITOR_TYPE_INSPECTOR, NULL);
}

void
editor_inspector_set_document (EditorInspector *self,
                               EditorDocument  *document)
{
  g_return_if_fail (EDITOR_IS_INSPECTOR (self));
  g_return_if_fail (document == NULL || EDITOR_IS_DOCUMENT (document));

  if (!g_set_object (&self->document, document))
    return;
  g_clear_signal_handler (&self->map_changed_id, self->map);
  g_clear_object (&self->map);
  if (document != NULL)
    {
      self->map = g_object_ref (editor_document_get_map (document));
      self->map_changed_id = g_signal_connect (self->map, "changed",
                                               G_CALLBACK (map_changed_cb), self);
    }
  self->hex = self->side_hex = self->side_dir = -1;
  self->pinned = FALSE;
  _editor_inspector_clear_marker_rows (self);
  rebuild_models (self);
  refresh (self);
}

void
editor_inspector_set_hex (EditorInspector *self,
                          int              hex,
                          int              side_hex,
                          int              side_dir)
{
  g_return_if_fail (EDITOR_IS_INSPECTOR (self));

  if (!self->pinned)
    show_hex (self, hex, side_hex, side_dir);
}

void
editor_inspector_set_palette (EditorInspector   *self,
                              EditorToolPalette *palette)
{
  g_return_if_fail (EDITOR_IS_INSPECTOR (self));
  g_return_if_fail (palette == NULL || EDITOR_IS_TOOL_PALETTE (palette));

  if (self->palette == palette)
    return;
  if (self->palette != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->palette, self);
      g_object_remove_weak_pointer (G_OBJECT (self->palette), (gpointer *) &self->palette);
    }
  self->palette = palette;
  self->pinned = FALSE;
  if (palette != NULL)
    {
      g_object_add_weak_pointer (G_OBJECT (palette), (gpointer *) &self->palette);
      g_signal_connect (palette, "selection-changed", G_CALLBACK (palette_selection_cb), self);
      g_signal_connect (palette, "notify::active-tool", G_CALLBACK (palette_tool_cb), self);
    }
}

int
editor_inspector_get_hex (EditorInspector *self)
{
  g_return_val_if_fail (EDITOR_IS_INSPECTOR (self), -1);
  return self->hex;
}
