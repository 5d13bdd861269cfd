/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-application.h"
#include "sand-locale.h"

/* A binary run from the build tree uses the schema compiled there, so
 * `build/src/editor/sandtable` runs without `meson install`. */
static void
use_build_schemas_if_needed (void)
{
#if defined(EDITOR_BUILD_ROOT) && defined(EDITOR_BUILD_SCHEMA_DIR)
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);

  if (exe != NULL && g_str_has_prefix (exe, EDITOR_BUILD_ROOT G_DIR_SEPARATOR_S) &&
      g_getenv ("GSETTINGS_SCHEMA_DIR") == NULL)
    g_setenv ("GSETTINGS_SCHEMA_DIR", EDITOR_BUILD_SCHEMA_DIR, TRUE);
#endif
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(EditorApplication) app = NULL;

  sand_locale_init ();

  use_build_schemas_if_needed ();

  app = editor_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
