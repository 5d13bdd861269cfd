/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-scenario-io-save.c: saving a scenario to a file so that a crash
 * or a full disk never leaves a half-written file in place of the old
 * one. Its own file as it is about files, not the format. */
#include "sand-scenario-io.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>

static gboolean
save_error (GError    **error,
            const char *path,
            int         saved_errno,
            const char *what)
{
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
               "%s: could not save (%s: %s); the file on disk is unchanged", path, what,
               g_strerror (saved_errno));
  return FALSE;
}

static gboolean
write_all (int         fd,
           const char *data,
           gsize       length)
{
  while (length > 0)
    {
      gssize n = write (fd, data, length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          if (n == 0)
            errno = ENOSPC;
          return FALSE;
        }
      data += n;
      length -= n;
    }
  return TRUE;
}

/* The same steps as g_file_replace (temporary file in the same folder,
 * fsync, "~" backup, rename over), without its fallback that truncates
 * and rewrites the file in place when the temporary file cannot be made:
 * here that is an error and the old file stays as it was. */
gboolean
sand_scenario_save_file (SandScenario *self,
                         const char   *path,
                         gboolean      make_backup,
                         GError      **error)
{
  g_autofree char *data = NULL;
  g_autofree char *target = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *tmp = NULL;
  gsize length = 0;
  GStatBuf st;
  gboolean exists;
  int fd, saved;

  g_return_val_if_fail (SAND_IS_SCENARIO (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Replace what a symbolic link points to, not the link. */
  target = realpath (path, NULL);
  if (target == NULL)
    target = g_strdup (path);
  exists = g_stat (target, &st) == 0;
  if (exists && S_ISDIR (st.st_mode))
    return save_error (error, path, EISDIR, "it is a folder");

  data = sand_scenario_to_data (self, &length);
  dir = g_path_get_dirname (target);
  base = g_path_get_basename (target);
  tmp = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
  fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, 0666);
  if (fd < 0)
    return save_error (error, path, errno, "cannot create a file in its folder");
  /* A new file gets 0666 less the umask from open(); reading the umask
   * with umask() would race with other threads (drafts save off the main
   * thread). An existing file keeps its mode. */
  if (exists)
    fchmod (fd, st.st_mode & 07777);
  if (!write_all (fd, data, length) || fsync (fd) != 0)
    {
      saved = errno;
      close (fd);
      g_unlink (tmp);
      return save_error (error, path, saved, "writing failed");
    }
  if (close (fd) != 0)
    {
      saved = errno;
      g_unlink (tmp);
      return save_error (error, path, saved, "writing failed");
    }
  if (make_backup && exists)
    {
      g_autofree char *backup = g_strconcat (target, "~", NULL);

      /* A hard link keeps the old file in place until the rename. */
      if ((g_unlink (backup) != 0 && errno != ENOENT) || link (target, backup) != 0)
        {
          g_autofree char *old = NULL;
          gsize old_len = 0;
          g_autoptr(GError) local = NULL;

          if (!g_file_get_contents (target, &old, &old_len, NULL)
              || !g_file_set_contents (backup, old, old_len, &local))
            {
              saved = errno;
              g_unlink (tmp);
              return save_error (error, path, saved != 0 ? saved : EIO,
                                 "cannot write the backup file");
            }
        }
    }
  if (g_rename (tmp, target) != 0)
    {
      saved = errno;
      g_unlink (tmp);
      return save_error (error, path, saved, "cannot replace the file");
    }
  return TRUE;
}
