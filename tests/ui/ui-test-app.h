/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-test-app.h: what a UI test program sets up before its tests: a fresh
 * home for drafts, recent files and settings, GTK, and the editor
 * application as a standalone instance. Included once by each program. */
#pragma once

#include <gtk/gtk.h>

#include "editor-application.h"

static EditorApplication *app;

static void
flush_events (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Call in place of g_test_init(). FALSE when there is no display, after
 * reporting the whole program as skipped. Not G_TEST_OPTION_ISOLATE_DIRS
 * for the fresh home: it also empties XDG_DATA_DIRS, and without the
 * shared MIME database gdk-pixbuf cannot tell an SVG icon. */
static gboolean
ui_test_init (int          *argc,
              char       ***argv,
              const char   *home_template)
{
  static const char * const vars[] = {
    "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME",
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *home = g_dir_make_tmp (home_template, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (vars); i++)
    {
      g_autofree char *dir = g_build_filename (home, vars[i], NULL);

      g_mkdir_with_parents (dir, 0700);
      g_setenv (vars[i], dir, TRUE);
    }

  g_test_init (argc, argv, NULL);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return FALSE;
    }

  app = editor_application_new ();
  /* No session bus under test: run as a standalone instance. */
  g_application_set_flags (G_APPLICATION (app),
                           G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  return TRUE;
}
