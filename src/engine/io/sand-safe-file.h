/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-safe-file.h: the one way Sandtable reads a file a user named.
 *
 * A path may name anything: a named pipe that never delivers a byte,
 * /dev/zero that never ends, a procfs file whose size says 0 and that
 * holds gigabytes, a sparse file of a terabyte. So:
 *   - the file is opened with O_NONBLOCK (opening a FIFO then never waits
 *     for a writer) and checked with fstat on that very descriptor;
 *   - only regular files are read; a folder, pipe, device or socket is
 *     refused with a message that names the file and says what it is;
 *   - the size limit is enforced on the bytes actually read: st_size
 *     only lets an honest file over the limit be refused without reading.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Scanned maps and tile sheets: large, but not without end. */
#define SAND_SAFE_FILE_MAX_IMAGE ((gsize) 256 * 1024 * 1024)

/* Reads all of @path, at most @max_size bytes, into a NUL-terminated
 * buffer. Errors say "PATH: what is wrong": G_FILE_ERROR for a file that
 * cannot be opened or read, G_FILE_ERROR_ISDIR for a folder,
 * G_FILE_ERROR_INVAL for anything else that is not a regular file, and
 * SAND_XML_ERROR_TOO_LARGE (sand-xml-safe.h) past @max_size. */
char     *sand_safe_file_read          (const char  *path,
                                        gsize        max_size,
                                        gsize       *length,
                                        GError     **error);

/* Only the checks of sand_safe_file_read(), for readers that must open the
 * file themselves (image loaders): TRUE when @path is a regular file whose
 * size is at most @max_size. */
gboolean  sand_safe_file_check_regular (const char  *path,
                                        gsize        max_size,
                                        GError     **error);

G_END_DECLS
