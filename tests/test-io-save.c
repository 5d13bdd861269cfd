/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-io-save: saving scenario files: the old file is backed up, and a
 * failed save (a folder in the way, a read-only folder, a full disk) leaves
 * it as it was. */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <glib/gstdio.h>

#include "tmp-dir-helpers.h"
#include "sand-scenario-io.h"

#include "io-test-helpers.h"

static guint
count_files (const char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  g_assert_nonnull (d);
  while (g_dir_read_name (d) != NULL)
    n++;
  g_dir_close (d);
  return n;
}

static void
test_save_file_writes_and_backs_up (void)
{
  g_autoptr(SandScenario) s = load_demo ();
  g_autofree char *dir = tmp_dir_new ("sandtable-io");
  g_autofree char *path = g_build_filename (dir, "demo.xml", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autofree char *expected = sand_scenario_to_data (s, NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  /* A new file: no backup. */
  g_assert_true (sand_scenario_save_file (s, path, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, expected);
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_files (dir), ==, 1);
  {
    /* A new file is made like any other (0666 less the umask); a saved-over
     * file keeps its own permissions. */
    mode_t mask = umask (022);
    GStatBuf st;

    umask (mask);
    g_assert_cmpint (g_stat (path, &st), ==, 0);
    g_assert_cmpint (st.st_mode & 0777, ==, 0666 & ~mask);
    g_assert_cmpint (g_chmod (path, 0640), ==, 0);
    g_assert_true (sand_scenario_save_file (s, path, FALSE, &error));
    g_assert_cmpint (g_stat (path, &st), ==, 0);
    g_assert_cmpint (st.st_mode & 0777, ==, 0640);
  }

  /* Over an old file: the old one becomes FILE~. */
  g_assert_true (g_file_set_contents (path, "old contents\n", -1, NULL));
  g_assert_true (sand_scenario_save_file (s, path, TRUE, &error));
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (backup, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "old contents\n");
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, expected);
  g_assert_cmpuint (count_files (dir), ==, 2);

  /* Without a backup the old backup stays as it was. */
  g_assert_true (g_file_set_contents (path, "newer\n", -1, NULL));
  g_assert_true (sand_scenario_save_file (s, path, FALSE, &error));
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (backup, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "old contents\n");
  tmp_dir_remove (dir);
}

static void
test_save_over_folder_refused (void)
{
  g_autoptr(SandScenario) s = load_demo ();
  g_autofree char *dir = tmp_dir_new ("sandtable-io");
  g_autoptr(GError) error = NULL;

  g_assert_false (sand_scenario_save_file (s, dir, TRUE, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR);
  g_assert_true (g_file_test (dir, G_FILE_TEST_IS_DIR));
  tmp_dir_remove (dir);
}

static void
test_save_read_only_dir_keeps_old_file (void)
{
  g_autoptr(SandScenario) s = load_demo ();
  g_autofree char *dir = tmp_dir_new ("sandtable-io");
  g_autofree char *path = g_build_filename (dir, "demo.xml", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, "old contents\n", -1, NULL));
  g_assert_cmpint (g_chmod (dir, 0555), ==, 0);
  if (access (dir, W_OK) == 0)
    {
      /* root (CI containers): permissions do not stop it. /proc is a
       * folder nobody may create files in, and /proc/version a file
       * there that must stay as it is. */
      g_autofree char *before = NULL;
      g_autofree char *after = NULL;

      g_chmod (dir, 0755);
      tmp_dir_remove (dir);
      if (!g_file_get_contents ("/proc/version", &before, NULL, NULL))
        {
          g_test_skip ("this user may write to read-only folders, and there is no /proc");
          return;
        }
      g_assert_false (sand_scenario_save_file (s, "/proc/version", TRUE, &error));
      g_assert_nonnull (error);
      g_assert_true (error->domain == G_FILE_ERROR);
      g_assert_true (g_str_has_prefix (error->message, "/proc/version: "));
      g_assert_nonnull (strstr (error->message, "unchanged"));
      g_assert_true (g_file_get_contents ("/proc/version", &after, NULL, NULL));
      g_assert_cmpstr (after, ==, before);
      return;
    }
  g_assert_false (sand_scenario_save_file (s, path, TRUE, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ACCES);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_nonnull (strstr (error->message, "unchanged"));
  g_chmod (dir, 0755);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "old contents\n");
  g_assert_cmpuint (count_files (dir), ==, 1);
  tmp_dir_remove (dir);
}

/* A full disk on a real file: the file-size limit makes the write fail
 * part-way, exactly like ENOSPC would. Runs in a child process so the
 * limit touches nothing else. */
static void
test_save_full_disk_keeps_old_file (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr(SandScenario) s = load_demo ();
      g_autofree char *dir = tmp_dir_new ("sandtable-io");
      g_autofree char *path = g_build_filename (dir, "demo.xml", NULL);
      g_autofree char *text = NULL;
      g_autoptr(GError) error = NULL;
      struct rlimit lim = { 4096, 4096 };
      gboolean ok;

      g_assert_true (g_file_set_contents (path, "old contents\n", -1, NULL));
      signal (SIGXFSZ, SIG_IGN);
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &lim), ==, 0);
      ok = sand_scenario_save_file (s, path, TRUE, &error);
      g_assert_false (ok);
      g_assert_nonnull (error);
      g_assert_true (error->domain == G_FILE_ERROR); /* EFBIG has no code of its own */
      g_assert_nonnull (strstr (error->message, "unchanged"));
      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      g_assert_cmpstr (text, ==, "old contents\n");
      /* No temporary file and no backup left behind. */
      g_assert_cmpuint (count_files (dir), ==, 1);
      tmp_dir_remove (dir);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* A stream that takes @budget bytes and then fails as a full disk does. */
#define TEST_TYPE_FULL_STREAM (test_full_stream_get_type ())
G_DECLARE_FINAL_TYPE (TestFullStream, test_full_stream, TEST, FULL_STREAM, GOutputStream)

struct _TestFullStream {
  GOutputStream parent_instance;
  gsize budget;
  gsize written;
};

G_DEFINE_TYPE (TestFullStream, test_full_stream, G_TYPE_OUTPUT_STREAM)

static gssize
test_full_stream_write (GOutputStream *stream,
                        const void    *buffer,
                        gsize          count,
                        GCancellable  *cancellable,
                        GError       **error)
{
  TestFullStream *self = TEST_FULL_STREAM (stream);
  gsize n = MIN (count, self->budget - self->written);

  if (n == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE, "No space left on device");
      return -1;
    }
  self->written += n;
  return n;
}

static void
test_full_stream_class_init (TestFullStreamClass *klass)
{
  G_OUTPUT_STREAM_CLASS (klass)->write_fn = test_full_stream_write;
}

static void
test_full_stream_init (TestFullStream *self)
{
}

static void
test_write_stream_full_disk_fails_cleanly (void)
{
  g_autoptr(SandScenario) s = load_demo ();
  g_autoptr(TestFullStream) stream = g_object_new (TEST_TYPE_FULL_STREAM, NULL);
  g_autoptr(GError) error = NULL;

  stream->budget = 1000;
  g_assert_false (sand_scenario_write_stream (s, G_OUTPUT_STREAM (stream), NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  g_assert_cmpuint (stream->written, ==, 1000);
}

static void
test_write_stream_writes_the_file (void)
{
  g_autoptr(SandScenario) s = load_demo ();
  g_autoptr(GOutputStream) mem = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = NULL;
  gsize len = 0;

  expected = sand_scenario_to_data (s, &len);
  g_assert_true (sand_scenario_write_stream (s, mem, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (mem)), ==, len);
  g_assert_cmpmem (g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (mem)), len,
                   expected, len);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/io/save/file-writes-and-backs-up", test_save_file_writes_and_backs_up);
  g_test_add_func ("/io/save/over-folder-refused", test_save_over_folder_refused);
  g_test_add_func ("/io/save/read-only-dir-keeps-old-file",
                   test_save_read_only_dir_keeps_old_file);
  g_test_add_func ("/io/save/full-disk-keeps-old-file", test_save_full_disk_keeps_old_file);
  g_test_add_func ("/io/save/stream-full-disk-fails-cleanly",
                   test_write_stream_full_disk_fails_cleanly);
  g_test_add_func ("/io/save/stream-writes-the-file", test_write_stream_writes_the_file);

  return g_test_run ();
}
