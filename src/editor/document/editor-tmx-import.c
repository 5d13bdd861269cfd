/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tmx-import.c: the Tiled map import — the "Tiles to Terrain"
 * window and the hand-over of the new scenario to a window. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "editor-document.h"
#include "editor-tmx-import.h"
#include "sand-interop.h"
#include "sand-ruleset-labels.h"
#include "sand-safe-file.h"

typedef struct {
  EditorWindow *window;    /* owner of the import window */
  GtkWindow *dialog;
  SandTmx *tmx;
  char *name;              /* the TMX's file name, for titles */
  AdwComboRow *ruleset_row;
  AdwPreferencesGroup *tiles_group;
  GPtrArray *rows;         /* the tiles' AdwComboRow, in tile order */
  GHashTable *images;      /* path → GdkPixbuf */
} Import;

static void
import_free (Import *im)
{
  g_clear_pointer (&im->tmx, sand_tmx_free);
  g_clear_pointer (&im->rows, g_ptr_array_unref);
  g_clear_pointer (&im->images, g_hash_table_unref);
  g_clear_object (&im->window);
  g_free (im->name);
  g_free (im);
}

gboolean
editor_tmx_import_handles (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *lower = name ? g_ascii_strdown (name, -1) : NULL;

  return lower != NULL && g_str_has_suffix (lower, ".tmx");
}

void
editor_tmx_import_add_filters (GtkFileChooser *chooser,
                               GtkFileFilter  *scenarios,
                               GtkFileFilter  *all)
{
  GtkFileFilter *tiled = gtk_file_filter_new ();

  gtk_file_filter_set_name (tiled, _("Tiled Maps"));
  gtk_file_filter_add_pattern (tiled, "*.tmx");
  gtk_file_chooser_add_filter (chooser, scenarios);
  gtk_file_chooser_add_filter (chooser, tiled);
  gtk_file_chooser_add_filter (chooser, all);
}

static void
show_error (EditorWindow *window,
            const char   *name,
            const GError *error)
{
  /* Translators: %s is a file name. */
  g_autofree char *title = g_strdup_printf (_("Could not open “%s”"), name);

  editor_window_show_error (window, title, error->message);
}

/* The new document, in this window when it is free or else a new one. */
static void
hand_over (EditorWindow *window,
           SandScenario *scenario,
           const char   *name)
{
  g_autoptr (EditorDocument) document = editor_document_new (scenario);
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (window));
  /* Translators: %s is a file name, e.g. "ardennes.tmx". */
  g_autofree char *toast = g_strdup_printf (_("Imported “%s”; save it as a scenario to keep it"),
                                            name);

  if (!editor_window_is_reusable (window) && app != NULL)
    {
      window = editor_window_new (app);
      gtk_window_present (GTK_WINDOW (window));
    }
  editor_window_set_document (window, document);
  editor_window_add_toast (window, toast);
}

static SandRuleset *
chosen_ruleset (Import *im)
{
  const char * const *ids = sand_ruleset_list_shipped ();
  guint i = adw_combo_row_get_selected (im->ruleset_row);

  return sand_ruleset_lookup (ids[i], NULL);
}

static GdkPaintable *
tile_picture (Import            *im,
              const SandTmxTile *tile)
{
  GdkPixbuf *pixbuf;
  g_autoptr (GdkPixbuf) sub = NULL;

  if (tile->image == NULL)
    return NULL;
  pixbuf = g_hash_table_lookup (im->images, tile->image);
  if (pixbuf == NULL)
    {
      pixbuf = sand_safe_file_check_regular (tile->image, SAND_SAFE_FILE_MAX_IMAGE, NULL)
               ? gdk_pixbuf_new_from_file (tile->image, NULL) : NULL;
      if (pixbuf == NULL)
        return NULL;
      g_hash_table_insert (im->images, g_strdup (tile->image), pixbuf);
    }
  if (tile->width > 0 && tile->x + tile->width <= gdk_pixbuf_get_width (pixbuf)
      && tile->y + tile->height <= gdk_pixbuf_get_height (pixbuf))
    sub = gdk_pixbuf_new_subpixbuf (pixbuf, tile->x, tile->y, tile->width, tile->height);
  else
    sub = g_object_ref (pixbuf);
  return GDK_PAINTABLE (gdk_texture_new_for_pixbuf (sub));
}

/* One row per tile without a terrain property, with the ruleset's terrains
 * to choose from. */
static void
fill_tiles (Import *im)
{
  SandRuleset *ruleset = chosen_ruleset (im);
  g_autoptr (GtkStringList) terrains = gtk_string_list_new (NULL);

  for (guint i = 0; i < im->rows->len; i++)
    adw_preferences_group_remove (im->tiles_group, g_ptr_array_index (im->rows, i));
  g_ptr_array_set_size (im->rows, 0);
  for (guint t = 0; t < sand_ruleset_n_terrains (ruleset); t++)
    gtk_string_list_append (terrains, sand_ruleset_terrain_label (ruleset, t));
  for (guint i = 0; i < sand_tmx_n_tiles (im->tmx); i++)
    {
      const SandTmxTile *tile = sand_tmx_get_tile (im->tmx, i);
      g_autofree char *title = NULL;
      g_autofree char *subtitle = NULL;
      g_autoptr (GdkPaintable) paintable = NULL;
      GtkWidget *row;

      if (tile->terrain != NULL)
        continue;
      row = adw_combo_row_new ();
      /* Translators: a Tiled tile: tileset name and tile number. */
      title = g_strdup_printf (_("%s, tile %d"), tile->tileset, tile->local_id);
      subtitle = g_strdup_printf (ngettext ("%u hex", "%u hexes", tile->count), tile->count);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (terrains));
      paintable = tile_picture (im, tile);
      if (paintable != NULL)
        {
          GtkWidget *picture = gtk_picture_new_for_paintable (paintable);
          gtk_widget_set_size_request (picture, 48, 42);
          gtk_picture_set_can_shrink (GTK_PICTURE (picture), TRUE);
          adw_action_row_add_prefix (ADW_ACTION_ROW (row), picture);
        }
      g_object_set_data (G_OBJECT (row), "editor-tmx-gid", GUINT_TO_POINTER (tile->gid));
      adw_preferences_group_add (im->tiles_group, row);
      g_ptr_array_add (im->rows, row);
    }
}

static void
ruleset_changed_cb (Import *im)
{
  fill_tiles (im);
}

static void
import_clicked_cb (Import *im)
{
  SandRuleset *ruleset = chosen_ruleset (im);
  g_autoptr (GHashTable) mapping = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (SandScenario) scenario = NULL;

  for (guint i = 0; i < im->rows->len; i++)
    {
      GObject *row = g_ptr_array_index (im->rows, i);
      guint t = adw_combo_row_get_selected (ADW_COMBO_ROW (row));
      guint gid = GPOINTER_TO_UINT (g_object_get_data (row, "editor-tmx-gid"));

      if (t < sand_ruleset_n_terrains (ruleset))
        g_hash_table_insert (mapping, GUINT_TO_POINTER (gid),
                             g_strdup (sand_ruleset_get_terrain (ruleset, t)->id));
    }
  scenario = sand_tmx_to_scenario (im->tmx, ruleset, mapping, &error);
  if (scenario == NULL)
    {
      show_error (im->window, im->name, error);
      return;
    }
  hand_over (im->window, scenario, im->name);
  gtk_window_destroy (im->dialog);
}

static gboolean
present_idle_cb (gpointer data)
{
  gtk_window_present (data);
  return G_SOURCE_REMOVE;
}

static void
show_mapping_window (Import *im)
{
  GtkWidget *dialog = adw_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  GtkWidget *import = gtk_button_new_with_mnemonic (_("_Import"));
  GtkWidget *page = adw_preferences_page_new ();
  GtkWidget *group = adw_preferences_group_new ();
  g_autoptr (GtkStringList) rulesets = gtk_string_list_new (NULL);
  const char * const *ids = sand_ruleset_list_shipped ();
  const char *wanted = sand_tmx_get_ruleset (im->tmx);
  g_autofree char *title = g_strdup_printf (_("Import “%s”"), im->name);
  guint selected = 0;

  im->dialog = GTK_WINDOW (dialog);
  gtk_window_set_title (GTK_WINDOW (dialog), title);
  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (im->window));
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (dialog), 480, 560);
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), cancel);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), import);
  gtk_widget_add_css_class (import, "suggested-action");
  gtk_box_append (GTK_BOX (box), header);

  for (guint i = 0; ids[i] != NULL; i++)
    {
      gtk_string_list_append (rulesets, sand_ruleset_get_label (sand_ruleset_lookup (ids[i],
                                                                                    NULL)));
      if (wanted != NULL && g_str_equal (wanted, ids[i]))
        selected = i;
    }
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Game"));
  im->ruleset_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (im->ruleset_row), _("Ruleset"));
  adw_combo_row_set_model (im->ruleset_row, G_LIST_MODEL (rulesets));
  adw_combo_row_set_selected (im->ruleset_row, selected);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (im->ruleset_row));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));

  im->tiles_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (im->tiles_group, _("Tiles to Terrain"));
  adw_preferences_group_set_description (im->tiles_group,
                                         _("These tiles do not say which terrain they are. "
                                           "Choose one for each."));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), im->tiles_group);
  gtk_widget_set_vexpand (page, TRUE);
  gtk_box_append (GTK_BOX (box), page);
  adw_window_set_content (ADW_WINDOW (dialog), box);
  fill_tiles (im);

  g_signal_connect_swapped (im->ruleset_row, "notify::selected", G_CALLBACK (ruleset_changed_cb),
                            im);
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (gtk_window_destroy), dialog);
  g_signal_connect_swapped (import, "clicked", G_CALLBACK (import_clicked_cb), im);
  g_object_set_data_full (G_OBJECT (dialog), "editor-tmx-import", im,
                          (GDestroyNotify) import_free);
  /* Shown once the caller has presented its window, so that it comes up
   * above it even without a window manager to keep it there. */
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, present_idle_cb, g_object_ref (dialog),
                   g_object_unref);
}

gboolean
editor_tmx_import_open (EditorWindow *window,
                        GFile        *file)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *name = g_file_get_basename (file);
  const char *path = g_file_peek_path (file);
  g_autoptr (SandTmx) tmx = NULL;
  Import *im;

  g_return_val_if_fail (EDITOR_IS_WINDOW (window), FALSE);

  if (path == NULL)
    {
      g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("%s: only local files can be opened"), name);
      show_error (window, name, error);
      return FALSE;
    }
  tmx = sand_tmx_read_file (path, &error);
  if (tmx == NULL)
    {
      show_error (window, name, error);
      return FALSE;
    }
  for (guint i = 0; i < sand_tmx_n_tiles (tmx); i++)
    if (sand_tmx_get_tile (tmx, i)->terrain == NULL)
      {
        im = g_new0 (Import, 1);
        im->window = g_object_ref (window);
        im->tmx = g_steal_pointer (&tmx);
        im->name = g_steal_pointer (&name);
        im->rows = g_ptr_array_new ();
        im->images = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
        show_mapping_window (im);
        return TRUE;
      }
  {
    g_autoptr (SandScenario) scenario = sand_tmx_to_scenario (tmx, NULL, NULL, &error);
    if (scenario == NULL)
      {
        show_error (window, name, error);
        return FALSE;
      }
    hand_over (window, scenario, name);
  }
  return TRUE;
}
