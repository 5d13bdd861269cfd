/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "sand-safe-file.h"
#include "sand-xml-safe.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define READ_CHUNK ((gsize) 64 * 1024)

/* One whole sentence per kind of node that is not a regular file, so that
 * each language can word it. */
static gboolean
refuse_mode (const char  *path,
             mode_t       mode,
             GError     **error)
{
  GFileError code = S_ISDIR (mode) ? G_FILE_ERROR_ISDIR : G_FILE_ERROR_INVAL;

  if (S_ISDIR (mode))
    g_set_error (error, G_FILE_ERROR, code,
                 _("%s: this is a folder, not a file; Sandtable reads regular files only"), path);
  else if (S_ISFIFO (mode))
    g_set_error (error, G_FILE_ERROR, code,
                 _("%s: this is a named pipe (FIFO), not a file; Sandtable reads regular files "
                   "only"), path);
  else if (S_ISCHR (mode))
    g_set_error (error, G_FILE_ERROR, code,
                 _("%s: this is a character device, not a file; Sandtable reads regular files "
                   "only"), path);
  else if (S_ISBLK (mode))
    g_set_error (error, G_FILE_ERROR, code,
                 _("%s: this is a block device, not a file; Sandtable reads regular files only"),
                 path);
  else if (S_ISSOCK (mode))
    g_set_error (error, G_FILE_ERROR, code,
                 _("%s: this is a socket, not a file; Sandtable reads regular files only"), path);
  else
    g_set_error (error, G_FILE_ERROR, code,
                 _("%s: this is a special file, not a file; Sandtable reads regular files only"),
                 path);
  return FALSE;
}

static void
set_errno_error (GError     **error,
                 const char  *path,
                 int          saved)
{
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
               _("%s: cannot read the file: %s"), path, g_strerror (saved));
}

static void
set_too_large (GError     **error,
               const char  *path,
               gsize        max_size,
               guint64      size)
{
  g_autofree char *limit = NULL;

  if (max_size >= 1024 * 1024)
    /* TRANSLATORS: a size in mebibytes */
    limit = g_strdup_printf (_("%lu MiB"), (gulong) (max_size / (1024 * 1024)));
  else
    limit = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%lu byte", "%lu bytes", max_size),
                             (gulong) max_size);
  /* @size 0: the size is unknown, only that more than the limit came. */
  if (size > 0)
    sand_xml_set_error (error, SAND_XML_ERROR, SAND_XML_ERROR_TOO_LARGE, path, 0,
                        _("the file is %.1f MiB; Sandtable reads files up to %s"),
                        size / (1024.0 * 1024.0), limit);
  else
    sand_xml_set_error (error, SAND_XML_ERROR, SAND_XML_ERROR_TOO_LARGE, path, 0,
                        _("the file holds more than %s, the most Sandtable reads"), limit);
}

/* Opens @path without ever blocking and checks what it is. -1 with @error
 * set, or a descriptor on a regular file with @st filled in. */
static int
open_regular (const char  *path,
              struct stat *st,
              GError     **error)
{
  int fd;

  /* O_NONBLOCK: opening a FIFO for reading would otherwise wait for a
   * writer forever. O_NOCTTY: a terminal never becomes ours. */
  fd = open (path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    {
      int saved = errno;
      struct stat lst;

      /* A socket cannot be opened at all (ENXIO): say what it is. */
      if (stat (path, &lst) == 0 && !S_ISREG (lst.st_mode))
        refuse_mode (path, lst.st_mode, error);
      else
        set_errno_error (error, path, saved);
      return -1;
    }
  if (fstat (fd, st) != 0)
    {
      int saved = errno;
      close (fd);
      set_errno_error (error, path, saved);
      return -1;
    }
  if (!S_ISREG (st->st_mode))
    {
      close (fd);
      refuse_mode (path, st->st_mode, error);
      return -1;
    }
  return fd;
}

gboolean
sand_safe_file_check_regular (const char  *path,
                              gsize        max_size,
                              GError     **error)
{
  struct stat st;
  int fd;

  g_return_val_if_fail (path != NULL, FALSE);

  fd = open_regular (path, &st, error);
  if (fd < 0)
    return FALSE;
  close (fd);
  if ((guint64) st.st_size > max_size)
    {
      set_too_large (error, path, max_size, (guint64) st.st_size);
      return FALSE;
    }
  return TRUE;
}

char *
sand_safe_file_read (const char  *path,
                     gsize        max_size,
                     gsize       *length,
                     GError     **error)
{
  struct stat st;
  g_autofree char *buf = NULL;
  gsize cap;
  gsize len = 0;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (max_size < G_MAXSIZE / 2, NULL);

  fd = open_regular (path, &st, error);
  if (fd < 0)
    return NULL;
  /* An honest size over the limit is refused without reading a byte (a
   * sparse terabyte costs nothing); a lying one (procfs says 0) is caught
   * below, by counting what arrives. */
  if (st.st_size > 0 && (guint64) st.st_size > max_size)
    {
      close (fd);
      set_too_large (error, path, max_size, (guint64) st.st_size);
      return NULL;
    }

  /* Reads of a whole chunk each: some procfs files refuse reads that are
   * not a multiple of their record size. One chunk past the limit tells a
   * file of exactly the limit from a longer one. */
  cap = MIN ((gsize) MAX (st.st_size, 0), max_size) + READ_CHUNK;
  buf = g_malloc (cap + 1);
  while (len <= max_size)
    {
      ssize_t got;

      if (cap - len < READ_CHUNK)
        {
          cap = MIN (MAX (cap * 2, len + READ_CHUNK), max_size + READ_CHUNK);
          buf = g_realloc (buf, cap + 1);
        }
      got = read (fd, buf + len, READ_CHUNK);
      if (got < 0 && errno == EINTR)
        continue;
      if (got < 0)
        {
          int saved = errno;
          close (fd);
          set_errno_error (error, path, saved);
          return NULL;
        }
      if (got == 0)
        break;
      len += (gsize) got;
    }
  close (fd);
  if (len > max_size)
    {
      set_too_large (error, path, max_size, 0);
      return NULL;
    }
  buf[len] = '\0';
  if (length != NULL)
    *length = len;
  return g_steal_pointer (&buf);
}
