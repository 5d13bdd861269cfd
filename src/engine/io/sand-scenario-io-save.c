/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-scenario-io-save.c: saving a scenario to a file so that a crash
 * or a full disk never leaves a half-written file in place of the old
 * one. Its own file as it is about files, not the format. */
#include "sand-scenario-io.h"
#include "sand-xml-safe.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <sys/file.h>
#include <glib/gstdio.h>
#include <glib/gi18n-lib.h>

/* A temporary file younger than this may be a save that has just made it
 * and not yet locked it. */
#define STALE_AGE_SECONDS 10

/* @what is why, a translated phrase ("writing failed"). */
static gboolean
save_error (GError    **error,
            const char *path,
            int         saved_errno,
            const char *what)
{
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
               /* TRANSLATORS: the file, why (one of the phrases below), the system's
                  reason */
               _("%s: could not save (%s: %s); the file on disk is unchanged"), path, what,
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

/* mkstemp's template ".NAME.XXXXXX": six letters and digits. */
static gboolean
is_temp_name (const char *name,
              const char *base)
{
  gsize n = strlen (base);

  if (name[0] != '.' || strncmp (name + 1, base, n) != 0 || name[n + 1] != '.'
      || strlen (name + n + 2) != 6)
    return FALSE;
  for (const char *p = name + n + 2; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p))
      return FALSE;
  return TRUE;
}

/* Removes the temporary files of saves of @base that were killed before
 * their rename (up to the whole file each, never reclaimed otherwise). A
 * save in progress holds a lock on its temporary file from the moment it
 * makes it, so a file whose lock is free, and old enough that its maker
 * had time to lock it, belongs to nobody. Failures are ignored: this is
 * tidying, the save goes on. */
static void
remove_stale_temps (const char *dir,
                    const char *base)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = NULL;
      struct stat st;
      int fd;

      if (!is_temp_name (name, base))
        continue;
      path = g_build_filename (dir, name, NULL);
      fd = open (path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY);
      if (fd < 0)
        continue;
      if (fstat (fd, &st) == 0 && S_ISREG (st.st_mode) && st.st_uid == geteuid ()
          && now - st.st_mtime >= STALE_AGE_SECONDS && flock (fd, LOCK_EX | LOCK_NB) == 0)
        g_unlink (path);
      close (fd);
    }
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
    return save_error (error, path, EISDIR, _("it is a folder"));
  /* The rename would put a regular file in place of the node (as root, in
   * place of /dev/null). */
  if (exists && !S_ISREG (st.st_mode))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   S_ISFIFO (st.st_mode)
                   ? _("%s: could not save (it is a named pipe (FIFO), not a file); Sandtable "
                       "saves to regular files only, and nothing was written")
                   : S_ISCHR (st.st_mode)
                   ? _("%s: could not save (it is a character device, not a file); Sandtable "
                       "saves to regular files only, and nothing was written")
                   : S_ISBLK (st.st_mode)
                   ? _("%s: could not save (it is a block device, not a file); Sandtable saves "
                       "to regular files only, and nothing was written")
                   : S_ISSOCK (st.st_mode)
                   ? _("%s: could not save (it is a socket, not a file); Sandtable saves to "
                       "regular files only, and nothing was written")
                   : _("%s: could not save (it is a special file, not a file); Sandtable saves "
                       "to regular files only, and nothing was written"), path);
      return FALSE;
    }

  data = sand_scenario_to_data (self, &length);
  dir = g_path_get_dirname (target);
  base = g_path_get_basename (target);
  remove_stale_temps (dir, base);
  tmp = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
  fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, 0666);
  if (fd < 0)
    return save_error (error, path, errno, _("cannot create a file in its folder"));
  /* Ours until the rename or our death: remove_stale_temps leaves it. */
  flock (fd, LOCK_EX | LOCK_NB);
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
      return save_error (error, path, saved, _("writing failed"));
    }
  /* The descriptor, and so the lock, stays open until the rename: fsync
   * has already reported any error a close could. */
  if (make_backup && exists)
    {
      g_autofree char *backup = g_strconcat (target, "~", NULL);

      /* A hard link keeps the old file in place until the rename. */
      if ((g_unlink (backup) != 0 && errno != ENOENT) || link (target, backup) != 0)
        {
          g_autofree char *old = NULL;
          gsize old_len = 0;
          g_autoptr(GError) local = NULL;

          errno = 0;
          old = sand_xml_read_file (target, &old_len, NULL);
          if (old == NULL || !g_file_set_contents (backup, old, old_len, &local))
            {
              saved = errno;
              g_unlink (tmp);
              close (fd);
              return save_error (error, path, saved != 0 ? saved : EIO,
                                 _("cannot write the backup file"));
            }
        }
    }
  if (g_rename (tmp, target) != 0)
    {
      saved = errno;
      g_unlink (tmp);
      close (fd);
      return save_error (error, path, saved, _("cannot replace the file"));
    }
  close (fd);
  return TRUE;
}
