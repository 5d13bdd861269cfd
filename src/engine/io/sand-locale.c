/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-locale.c: where the editor and the command line find their
 * translations. Both programs are run from the build tree by developers
 * and by the tests, where nothing is installed under LOCALEDIR yet; meson
 * compiles each po/LL.po to po/LL/LC_MESSAGES/sandtable.mo in the build
 * tree, which is a valid catalogue folder. */
#include "config.h"

#include "sand-locale.h"

#include <glib/gi18n.h>
#include <locale.h>

static char *bound_dir;

static gboolean
running_from_build_tree (void)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);

  return exe != NULL && g_str_has_prefix (exe, SAND_BUILD_ROOT G_DIR_SEPARATOR_S);
}

void
sand_locale_init (void)
{
  const char *dir = g_getenv ("SANDTABLE_LOCALEDIR");

  setlocale (LC_ALL, "");
  if (dir == NULL || *dir == '\0')
    dir = running_from_build_tree () ? SAND_BUILD_LOCALEDIR : LOCALEDIR;
  g_free (bound_dir);
  bound_dir = g_strdup (dir);
  bindtextdomain (GETTEXT_PACKAGE, bound_dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

const char *
sand_locale_dir (void)
{
  return bound_dir != NULL ? bound_dir : LOCALEDIR;
}
