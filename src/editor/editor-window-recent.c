/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-window-recent.c: the window's recent files, in the Open button's
 * menu, the primary menu and the empty window's list. */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-window-private.h"

#define MAX_RECENT 10
#define MAX_RECENT_ROWS 5

static const char *
app_name (void)
{
  const char *name = g_get_application_name ();
  return name ? name : "Sandtable";
}

void
_editor_window_add_recent (EditorWindow *self,
                           GFile        *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  GtkRecentData data = { 0 };
  static char *groups[] = { (char *) "sandtable", NULL };

  data.mime_type = (char *) "application/xml";
  data.app_name = (char *) app_name ();
  data.app_exec = (char *) "sandtable %u";
  data.groups = groups;
  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

static int
compare_recent (gconstpointer a,
                gconstpointer b)
{
  GtkRecentInfo *ia = *(GtkRecentInfo * const *) a;
  GtkRecentInfo *ib = *(GtkRecentInfo * const *) b;
  GDateTime *ma = gtk_recent_info_get_modified (ia);
  GDateTime *mb = gtk_recent_info_get_modified (ib);

  /* Newest first. */
  return g_date_time_compare (mb, ma);
}

void
_editor_window_update_recent (EditorWindow *self)
{
  GtkRecentManager *manager = gtk_recent_manager_get_default ();
  g_autoptr(GPtrArray) items = NULL;
  GList *list = gtk_recent_manager_get_items (manager);

  items = g_ptr_array_new_with_free_func ((GDestroyNotify) gtk_recent_info_unref);

  for (GList *l = list; l != NULL; l = l->next)
    {
      GtkRecentInfo *info = l->data;

      if (gtk_recent_info_has_group (info, "sandtable") &&
          gtk_recent_info_is_local (info) && gtk_recent_info_exists (info))
        g_ptr_array_add (items, gtk_recent_info_ref (info));
    }
  g_list_free_full (list, (GDestroyNotify) gtk_recent_info_unref);
  g_ptr_array_sort (items, compare_recent);

  g_menu_remove_all (self->recent_section);
  g_menu_remove_all (self->recent_submenu_section);
  for (guint i = 0; self->recent_rows && i < self->recent_rows->len; i++)
    adw_preferences_group_remove (self->recent_group, g_ptr_array_index (self->recent_rows, i));
  if (self->recent_rows)
    g_ptr_array_set_size (self->recent_rows, 0);
  for (guint i = 0; i < items->len && i < MAX_RECENT; i++)
    {
      GtkRecentInfo *info = g_ptr_array_index (items, i);
      g_autoptr(GMenuItem) item = NULL;

      item = g_menu_item_new (gtk_recent_info_get_display_name (info), NULL);
      g_menu_item_set_action_and_target (item, "win.open-recent", "s",
                                         gtk_recent_info_get_uri (info));
      g_menu_append_item (self->recent_section, item);
      g_menu_append_item (self->recent_submenu_section, item);

      /* The empty window lists the few latest maps too. */
      if (i < MAX_RECENT_ROWS && self->recent_rows != NULL)
        {
          GtkWidget *row = adw_action_row_new ();
          g_autoptr(GFile) file = g_file_new_for_uri (gtk_recent_info_get_uri (info));
          g_autoptr(GFile) parent = g_file_get_parent (file);
          g_autofree char *where = parent ? g_file_get_path (parent) : NULL;
          g_autofree char *escaped = NULL;

          escaped = g_markup_escape_text (gtk_recent_info_get_display_name (info), -1);

          if (where != NULL && g_str_has_prefix (where, g_get_home_dir ()))
            {
              char *short_where = g_strconcat ("~", where + strlen (g_get_home_dir ()), NULL);
              g_free (where);
              where = short_where;
            }
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), escaped);
          if (where != NULL)
            {
              g_autofree char *escaped_where = g_markup_escape_text (where, -1);
              adw_action_row_set_subtitle (ADW_ACTION_ROW (row), escaped_where);
            }
          adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                     gtk_image_new_from_icon_name ("go-next-symbolic"));
          gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
          gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "win.open-recent");
          gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "s",
                                            gtk_recent_info_get_uri (info));
          adw_preferences_group_add (self->recent_group, row);
          g_ptr_array_add (self->recent_rows, row);
        }
    }

  gtk_widget_set_visible (GTK_WIDGET (self->recent_group),
                          self->recent_rows != NULL && self->recent_rows->len > 0);

  if (items->len == 0)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (_("No Recent Files"), "win.none");
      g_menu_append_item (self->recent_section, item);
      g_menu_append_item (self->recent_submenu_section, item);
    }
}
