/* SPDX-License-Identifier: GPL-3.0-or-later */
/* File → Print-and-Play Kit…: the window's action opens the dialog on the
 * document's scenario; its options lay the kit out again (fold puts fronts
 * and backs on one page, switching parts off leaves only counter sheets),
 * the preview pages through it, and Save PDF writes the kit.
 *
 * SAND_PRINT_KIT_DUMP=DIR writes screenshots of the dialog. */
#include "config.h"

#include <glib/gstdio.h>

#include "editor-print-kit-dialog.h"
#include "ui-test-lib.h"

static EditorPrintKitDialog *
find_dialog (void)
{
  EditorPrintKitDialog *found = NULL;
  GList *top = gtk_window_list_toplevels ();

  for (GList *l = top; l != NULL; l = l->next)
    if (EDITOR_IS_PRINT_KIT_DIALOG (l->data))
      found = l->data;
  g_list_free (top);
  return found;
}

/* The @nth widget of @type under @widget, depth first (in the order of
 * the template). */
static GtkWidget *
find_nth (GtkWidget *widget,
          GType      type,
          int       *nth)
{
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;

      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type) && (*nth)-- == 0)
        return c;
      found = find_nth (c, type, nth);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
child_of_type (GtkWidget *widget,
               GType      type,
               int        nth)
{
  return find_nth (widget, type, &nth);
}

static void
dump_dialog (EditorPrintKitDialog *dialog,
             const char           *name)
{
  g_autofree char *out = NULL;

  if (g_getenv ("SAND_PRINT_KIT_DUMP") == NULL)
    return;
  out = g_build_filename (g_getenv ("SAND_PRINT_KIT_DUMP"), name, NULL);
  flush_events ();
  save_window (GTK_WINDOW (dialog), out);
}

static void
test_print_kit_dialog (void)
{
  g_autoptr (EditorDocument) doc = load_shipped ("lfaf1914-1-rossignol.xml");
  EditorWindow *window = new_window (doc);
  EditorPrintKitDialog *dialog;
  SandPrintKit *kit;
  g_autofree char *dir = g_dir_make_tmp ("sandtable-print-kit-ui-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "kit.pdf", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  guint n_all;
  gboolean any_fold = FALSE;

  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "print-kit"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "print-kit", NULL);
  flush_events ();
  dialog = find_dialog ();
  g_assert_nonnull (dialog);

  /* Opened with the sizes the scenario implies: step counters at 16 mm. */
  kit = editor_print_kit_dialog_get_kit (dialog);
  g_assert_nonnull (kit);
  g_assert_cmpfloat (sand_print_kit_counter_mm (kit), ==, 16.0);
  n_all = sand_print_kit_n_pages (kit);
  g_assert_cmpuint (n_all, >, 3);
  g_assert_cmpint (sand_print_kit_page_kind (kit, 0), ==, SAND_KIT_PAGE_COVER);
  dump_dialog (dialog, "print-kit-cover.png");

  /* Paging the preview. */
  editor_print_kit_dialog_set_page (dialog, 1);
  g_assert_cmpuint (editor_print_kit_dialog_get_page (dialog), ==, 1);
  dump_dialog (dialog, "print-kit-map.png");
  editor_print_kit_dialog_set_page (dialog, n_all);
  g_assert_cmpuint (editor_print_kit_dialog_get_page (dialog), ==, 1);

  /* Fold: fronts and backs on one page. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (child_of_type (GTK_WIDGET (dialog),
                                                            ADW_TYPE_COMBO_ROW, 1)),
                              SAND_DUPLEX_FOLD);
  kit = editor_print_kit_dialog_get_kit (dialog);
  for (guint i = 0; i < sand_print_kit_n_pages (kit); i++)
    {
      g_assert_cmpint (sand_print_kit_page_kind (kit, i), !=, SAND_KIT_PAGE_SHEET_BACK);
      if (sand_print_kit_page_kind (kit, i) == SAND_KIT_PAGE_SHEET_FOLD)
        {
          any_fold = TRUE;
          if (editor_print_kit_dialog_get_page (dialog) < 2)
            editor_print_kit_dialog_set_page (dialog, i);
        }
    }
  g_assert_true (any_fold);
  dump_dialog (dialog, "print-kit-fold.png");

  /* The map and the charts off: counter sheets alone. */
  gtk_switch_set_active (GTK_SWITCH (child_of_type (GTK_WIDGET (dialog), GTK_TYPE_SWITCH, 0)),
                         FALSE);
  gtk_switch_set_active (GTK_SWITCH (child_of_type (GTK_WIDGET (dialog), GTK_TYPE_SWITCH, 2)),
                         FALSE);
  kit = editor_print_kit_dialog_get_kit (dialog);
  g_assert_cmpuint (sand_print_kit_n_pages (kit), <, n_all);
  for (guint i = 0; i < sand_print_kit_n_pages (kit); i++)
    g_assert_cmpint (sand_print_kit_page_kind (kit, i), ==, SAND_KIT_PAGE_SHEET_FOLD);

  /* Save PDF writes the kit laid out now. */
  g_assert_true (editor_print_kit_dialog_save (dialog, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
  g_assert_true (g_str_has_prefix (data, "%PDF-"));

  gtk_window_destroy (GTK_WINDOW (dialog));
  destroy_window (window);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  int ret;

  if (!ui_test_init (&argc, &argv, "sandtable-test-print-kit-XXXXXX"))
    return 0;
  g_test_add_func ("/print-kit/dialog", test_print_kit_dialog);
  ret = g_test_run ();
  g_clear_object (&app);
  return ret;
}
