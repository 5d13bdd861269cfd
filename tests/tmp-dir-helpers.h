/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tmp-dir-helpers.h: a scratch directory per test, and its removal, for
 * the suites that write files (test-io.c, test-hostile.c). Header-only:
 * each test program includes it once. */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>

/* A new empty directory under the system's temporary one, named after
 * @prefix ("sandtable-io"). */
G_GNUC_UNUSED static char *
tmp_dir_new (const char *prefix)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *template = g_strconcat (prefix, "-XXXXXX", NULL);
  char *dir = g_dir_make_tmp (template, &error);

  g_assert_no_error (error);
  return dir;
}

/* Removes @dir and the files in it (the tests make no subdirectories). */
G_GNUC_UNUSED static void
tmp_dir_remove (const char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);
      g_unlink (p);
    }
  g_dir_close (d);
  g_rmdir (dir);
}
