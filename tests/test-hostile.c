/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Hostile input (issue 19): files that are not files, sizes that lie,
 * attribute floods, lines too long for the console. Each is refused with a
 * sentence naming the file (and line), quickly, and changes nothing. */
#include <errno.h>
#include <time.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <glib/gstdio.h>

#include "tmp-dir-helpers.h"
#include "sand-console.h"
#include "sand-validate.h"
#include "sand-ruleset.h"
#include "sand-safe-file.h"
#include "sand-scenario-io.h"
#include "sand-xml-safe.h"

static void
assert_refused_as (const char *path,
                   int         code,
                   const char *what)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) s = sand_scenario_load_file (path, &error);

  g_assert_null (s);
  g_assert_error (error, G_FILE_ERROR, code);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_nonnull (strstr (error->message, what));
  g_assert_nonnull (strstr (error->message, "regular files only"));
}

/* {{{ Files that are not files */

/* Opening a FIFO for reading waits for a writer: the reader must neither
 * open it that way nor read it. A hang is killed by the alarm. */
static void
test_fifo_refused_without_blocking (void)
{
  g_autofree char *dir = tmp_dir_new ("sandtable-hostile");
  g_autofree char *path = g_build_filename (dir, "pipe.xml", NULL);

  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  alarm (60);
  assert_refused_as (path, G_FILE_ERROR_INVAL, "named pipe");
  alarm (0);
  tmp_dir_remove (dir);
}

static void
test_dev_zero_refused (void)
{
  if (!g_file_test ("/dev/zero", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/zero");
      return;
    }
  assert_refused_as ("/dev/zero", G_FILE_ERROR_INVAL, "character device");
}

static void
test_folder_refused (void)
{
  g_autofree char *dir = tmp_dir_new ("sandtable-hostile");

  assert_refused_as (dir, G_FILE_ERROR_ISDIR, "folder");
  tmp_dir_remove (dir);
}

static void
test_socket_refused (void)
{
  g_autofree char *dir = tmp_dir_new ("sandtable-hostile");
  g_autofree char *path = g_build_filename (dir, "s.xml", NULL);
  struct sockaddr_un addr = { .sun_family = AF_UNIX };
  int fd = socket (AF_UNIX, SOCK_STREAM, 0);

  g_assert_cmpint (fd, >=, 0);
  if (strlen (path) >= sizeof addr.sun_path)
    {
      close (fd);
      tmp_dir_remove (dir);
      g_test_skip ("temporary folder path too long for a socket");
      return;
    }
  strcpy (addr.sun_path, path);
  g_assert_cmpint (bind (fd, (struct sockaddr *) &addr, sizeof addr), ==, 0);
  assert_refused_as (path, G_FILE_ERROR_INVAL, "socket");
  close (fd);
  tmp_dir_remove (dir);
}

/* The same checks hold for readers that must open files themselves. */
static void
test_check_regular (void)
{
  g_autofree char *dir = tmp_dir_new ("sandtable-hostile");
  g_autofree char *path = g_build_filename (dir, "a.png", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, "0123456789", 10, NULL));
  g_assert_true (sand_safe_file_check_regular (path, 10, &error));
  g_assert_no_error (error);
  g_assert_false (sand_safe_file_check_regular (path, 9, &error));
  g_assert_error (error, SAND_XML_ERROR, SAND_XML_ERROR_TOO_LARGE);
  g_clear_error (&error);
  g_assert_false (sand_safe_file_check_regular (dir, 10, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR);
  g_clear_error (&error);
  if (g_file_test ("/dev/zero", G_FILE_TEST_EXISTS))
    {
      g_assert_false (sand_safe_file_check_regular ("/dev/zero", 10, &error));
      g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL);
    }
  tmp_dir_remove (dir);
}

/* }}} */
/* {{{ Sizes that lie */

/* procfs says 0 bytes and holds more: the limit is on what is read, and a
 * small file is read whole, not cut at its stated size. */
static void
test_procfs_size_not_trusted (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  GStatBuf st;
  gsize len = 0;

  if (g_stat ("/proc/self/status", &st) != 0 || st.st_size != 0)
    {
      g_test_skip ("no procfs file of size 0");
      return;
    }
  data = sand_safe_file_read ("/proc/self/status", 1024 * 1024, &len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (len, >, 64);
  g_assert_nonnull (strstr (data, "Name:"));
  g_assert_cmpuint (strlen (data), ==, len);
  g_clear_pointer (&data, g_free);

  data = sand_safe_file_read ("/proc/self/status", 64, &len, &error);
  g_assert_null (data);
  g_assert_error (error, SAND_XML_ERROR, SAND_XML_ERROR_TOO_LARGE);
  g_assert_true (g_str_has_prefix (error->message, "/proc/self/status: "));
  g_assert_nonnull (strstr (error->message, "more than 64 bytes"));
}

/* /proc/self/pagemap says 0 bytes and holds hundreds of gigabytes. */
static void
test_procfs_over_limit_refused (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) s = NULL;
  int fd = open ("/proc/self/pagemap", O_RDONLY);

  if (fd < 0)
    {
      g_test_skip ("no readable /proc/self/pagemap");
      return;
    }
  close (fd);
  s = sand_scenario_load_file ("/proc/self/pagemap", &error);
  g_assert_null (s);
  g_assert_error (error, SAND_XML_ERROR, SAND_XML_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "more than 64 MiB"));
}

/* A sparse gigabyte is refused from its (honest) size, unread. */
static void
test_sparse_file_refused (void)
{
  g_autofree char *dir = tmp_dir_new ("sandtable-hostile");
  g_autofree char *path = g_build_filename (dir, "sparse.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) s = NULL;
  int fd = open (path, O_WRONLY | O_CREAT, 0600);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) 1024 * 1024 * 1024), ==, 0);
  close (fd);
  s = sand_scenario_load_file (path, &error);
  g_assert_null (s);
  g_assert_error (error, SAND_XML_ERROR, SAND_XML_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "1024.0 MiB"));
  g_assert_nonnull (strstr (error->message, "64 MiB"));
  tmp_dir_remove (dir);
}

/* Exactly the limit is read; one byte more is not. */
static void
test_limit_is_inclusive (void)
{
  g_autofree char *dir = tmp_dir_new ("sandtable-hostile");
  g_autofree char *path = g_build_filename (dir, "ten.txt", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  gsize len = 0;

  g_assert_true (g_file_set_contents (path, "0123456789", 10, NULL));
  data = sand_safe_file_read (path, 10, &len, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (data, ==, "0123456789");
  g_assert_cmpuint (len, ==, 10);
  g_clear_pointer (&data, g_free);
  data = sand_safe_file_read (path, 9, &len, &error);
  g_assert_null (data);
  g_assert_error (error, SAND_XML_ERROR, SAND_XML_ERROR_TOO_LARGE);
  tmp_dir_remove (dir);
}

/* }}} */

/* {{{ Attribute floods */

/* 100 000 attributes on one element (1 MB) took libxml2 2.9 about 20 s:
 * refused before it sees them, naming the element's line. */
static void
test_attribute_flood_refused (void)
{
  g_autoptr(GString) xml = g_string_new ("<?xml version=\"1.0\"?>\n"
                                         "<scenario xmlns=\"https://sandtable.github.io/ns/1\" "
                                         "version=\"1\" ruleset=\"fpw1870\">\n"
                                         "  <map cols=\"2\" rows=\"2\">\n    <hex");
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) s = NULL;

  for (int i = 0; i < 100000; i++)
    g_string_append_printf (xml, " a%d=''", i);
  g_string_append (xml, "/>\n  </map>\n</scenario>\n");
  s = sand_scenario_load_data (xml->str, xml->len, "flood.xml", &error);
  g_assert_null (s);
  g_assert_error (error, SAND_XML_ERROR, SAND_XML_ERROR_TOO_MANY_ATTRIBUTES);
  g_assert_true (g_str_has_prefix (error->message, "flood.xml:4: "));
  g_assert_nonnull (strstr (error->message, "more than 64 attributes"));
}

/* "=" and ">" inside values, comments, CDATA and processing instructions
 * are not attributes: a file full of them loads. */
static void
test_attribute_count_reads_values_whole (void)
{
  g_autoptr(GString) eqs = g_string_new (NULL);
  g_autoptr(GString) xml = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) s = NULL;

  for (int i = 0; i < 200; i++)
    g_string_append (eqs, "a=b> ");
  xml = g_string_new ("<?xml version=\"1.0\"?>\n");
  g_string_append_printf (xml, "<?pi %s?>\n<!-- %s -->\n", eqs->str, eqs->str);
  g_string_append (xml, "<scenario xmlns=\"https://sandtable.github.io/ns/1\" version=\"1\" "
                        "ruleset=\"fpw1870\">\n");
  g_string_append_printf (xml, "  <title>%s</title>\n", "x = y");
  g_string_append_printf (xml, "  <map cols=\"2\" rows=\"2\">\n"
                               "    <place hex=\"0101\" name=\"%s\"/>\n"
                               "    <place hex='0102' name='%s'/>\n  </map>\n</scenario>\n",
                          "=====\'>>>", "\"=\"=\"=\">");
  s = sand_scenario_load_data (xml->str, xml->len, "values.xml", &error);
  g_assert_no_error (error);
  g_assert_nonnull (s);
}

/* }}} */
/* {{{ Saving onto what is not a file, and what killed saves leave */

static SandScenario *
small_scenario (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SandMap) map = NULL;
  SandRuleset *ruleset = sand_ruleset_lookup ("fpw1870", &error);

  g_assert_no_error (error);
  map = sand_map_new (ruleset, 4, 4, SAND_ORIENTATION_FLAT, SAND_STAGGER_EVEN);
  return sand_scenario_new (map);
}

/* Renaming over a FIFO would put a regular file in its place. */
static void
test_save_onto_fifo_refused (void)
{
  g_autofree char *dir = tmp_dir_new ("sandtable-hostile");
  g_autofree char *path = g_build_filename (dir, "pipe.xml", NULL);
  g_autoptr(SandScenario) s = small_scenario ();
  g_autoptr(GError) error = NULL;
  GStatBuf st;

  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  g_assert_false (sand_scenario_save_file (s, path, TRUE, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_nonnull (strstr (error->message, "named pipe"));
  g_assert_cmpint (g_lstat (path, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));
  /* Nothing was written beside it either. */
  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;
    guint n = 0;

    while ((name = g_dir_read_name (d)) != NULL)
      n++;
    g_assert_cmpuint (n, ==, 1);
  }
  tmp_dir_remove (dir);
}

/* As root, the rename would replace /dev/null itself, so a root run only
 * tests the refusal through a FIFO above; others see it refused for what
 * it is, before anything is tried in /dev. */
static void
test_save_onto_device_refused (void)
{
  g_autoptr(SandScenario) s = small_scenario ();
  g_autoptr(GError) error = NULL;

  if (geteuid () == 0 || !g_file_test ("/dev/null", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("run as root, or no /dev/null: not risking the device");
      return;
    }
  g_assert_false (sand_scenario_save_file (s, "/dev/null", FALSE, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL);
  g_assert_nonnull (strstr (error->message, "character device"));
}

/* A symbolic link is followed: the file it points to is replaced and the
 * link stays a link (docs/file-format.md, "Saving"). */
static void
test_save_through_symlink (void)
{
  g_autofree char *dir = tmp_dir_new ("sandtable-hostile");
  g_autofree char *real = g_build_filename (dir, "real.xml", NULL);
  g_autofree char *link = g_build_filename (dir, "link.xml", NULL);
  g_autoptr(SandScenario) s = small_scenario ();
  g_autoptr(GError) error = NULL;
  GStatBuf st;

  g_assert_true (g_file_set_contents (real, "old", 3, NULL));
  g_assert_cmpint (symlink ("real.xml", link), ==, 0);
  g_assert_true (sand_scenario_save_file (s, link, FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_assert_cmpint (g_stat (real, &st), ==, 0);
  g_assert_cmpint (st.st_size, >, 3);
  tmp_dir_remove (dir);
}

static void
make_temp (const char *path,
           gboolean    old)
{
  g_assert_true (g_file_set_contents (path, "half a save", 11, NULL));
  if (old)
    {
      struct timeval times[2] = { { time (NULL) - 3600, 0 }, { time (NULL) - 3600, 0 } };

      g_assert_cmpint (utimes (path, times), ==, 0);
    }
}

/* A save killed before its rename leaves ".NAME.XXXXXX" (up to the whole
 * file); the next save of NAME removes those nobody is writing. */
static void
test_stale_temp_files_removed (void)
{
  g_autofree char *dir = tmp_dir_new ("sandtable-hostile");
  g_autofree char *path = g_build_filename (dir, "map.xml", NULL);
  g_autofree char *stale = g_build_filename (dir, ".map.xml.Ab12Cd", NULL);
  g_autofree char *fresh = g_build_filename (dir, ".map.xml.Ef34Gh", NULL);
  g_autofree char *busy = g_build_filename (dir, ".map.xml.Ij56Kl", NULL);
  g_autofree char *other = g_build_filename (dir, ".other.xml.Mn78Op", NULL);
  g_autofree char *longer = g_build_filename (dir, ".map.xml.Qr90StU", NULL);
  g_autoptr(SandScenario) s = small_scenario ();
  g_autoptr(GError) error = NULL;
  int busy_fd;

  make_temp (stale, TRUE);
  make_temp (fresh, FALSE);   /* may be a save that has not locked it yet */
  make_temp (busy, TRUE);     /* a slow save, still writing */
  make_temp (other, TRUE);    /* another file's */
  make_temp (longer, TRUE);   /* not a name mkstemp makes */
  busy_fd = open (busy, O_RDONLY);
  g_assert_cmpint (flock (busy_fd, LOCK_EX), ==, 0);

  g_assert_true (sand_scenario_save_file (s, path, TRUE, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (stale, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (fresh, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (busy, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (other, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (longer, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  close (busy_fd);
  tmp_dir_remove (dir);
}

/* }}} */
/* {{{ Messages */

/* "&#10;" in a value is a newline; quoted in a message, it is written
 * "\n", so that one error or problem stays one line. */
static void
test_newline_in_value_escaped (void)
{
  static const char head[] =
    "<?xml version=\"1.0\"?>\n"
    "<scenario xmlns=\"https://sandtable.github.io/ns/1\" version=\"1\" ruleset=\"fpw1870\">\n"
    "  <map cols=\"4\" rows=\"4\">\n";
  g_autofree char *places = g_strconcat (head,
                                         "    <place hex=\"0101\" name=\"Metz&#10;Nord\"/>\n"
                                         "    <place hex=\"0102\" name=\"metz&#10;nord\"/>\n"
                                         "  </map>\n</scenario>\n", NULL);
  g_autofree char *bad = g_strconcat (head,
                                      "    <hex id=\"0101\" terrain=\"rough&#10;ish\"/>\n"
                                      "  </map>\n</scenario>\n", NULL);
  g_autoptr(SandScenario) s = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;
  gboolean found = FALSE;

  s = sand_scenario_load_data (places, strlen (places), "places.xml", &error);
  g_assert_no_error (error);
  problems = sand_scenario_validate (s);
  for (guint i = 0; i < problems->len; i++)
    {
      const SandProblem *p = g_ptr_array_index (problems, i);

      g_assert_null (strchr (p->message, '\n'));
      if (g_str_equal (p->code, "duplicate-place-name"))
        {
          g_assert_nonnull (strstr (p->message, "“metz\\nnord”"));
          found = TRUE;
        }
    }
  g_assert_true (found);

  g_clear_object (&s);
  s = sand_scenario_load_data (bad, strlen (bad), "bad.xml", &error);
  g_assert_null (s);
  g_assert_null (strchr (error->message, '\n'));
  g_assert_nonnull (strstr (error->message, "rough\\nish"));
  g_assert_true (g_str_has_prefix (error->message, "bad.xml:4: "));
}

/* A saved game is its log, "%%scenario", then the XML: the XML's errors
 * and lines count from the file's first line. */
static void
test_lines_count_from_the_file_start (void)
{
  static const char xml[] =
    "<?xml version=\"1.0\"?>\n"
    "<scenario xmlns=\"https://sandtable.github.io/ns/1\" version=\"1\" ruleset=\"fpw1870\">\n"
    "  <map cols=\"4\" rows=\"4\">\n"
    "    <hex id=\"0101\" terrain=\"swamp\"/>\n"
    "  </map>\n</scenario>\n";
  static const char malformed[] =
    "<?xml version=\"1.0\"?>\n"
    "<scenario xmlns=\"https://sandtable.github.io/ns/1\" version=\"1\" ruleset=\"fpw1870\">\n"
    "  <map cols=\"4\" rows=\"4\">\n"
    "  </mop>\n";
  g_autoptr(SandScenario) s = NULL;
  g_autoptr(GError) error = NULL;

  /* Four lines of log and the separator before the XML. */
  s = sand_scenario_load_data_at (xml, strlen (xml), "game.sandgame", 6, &error);
  g_assert_null (s);
  g_assert_true (g_str_has_prefix (error->message, "game.sandgame:9: "));
  g_clear_error (&error);
  s = sand_scenario_load_data_at (malformed, strlen (malformed), "game.sandgame", 6, &error);
  g_assert_null (s);
  g_assert_error (error, SAND_XML_ERROR, SAND_XML_ERROR_MALFORMED);
  g_assert_true (g_str_has_prefix (error->message, "game.sandgame:9: "));
  g_clear_error (&error);
  s = sand_scenario_load_data_at ("\n\n\xff", 3, "game.sandgame", 6, &error);
  g_assert_error (error, SAND_XML_ERROR, SAND_XML_ERROR_ENCODING);
  g_assert_true (g_str_has_prefix (error->message, "game.sandgame:8: "));
}

/* }}} */
/* {{{ Rulesets through the safe reader */

/* Another encoding is refused as for scenarios, and libxml2 prints
 * nothing of its own on stderr. */
static void
test_ruleset_through_safe_reader (void)
{
  static const char latin1[] =
    "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<ruleset id=\"x\"/>\n";
  static const char broken[] = "<?xml version=\"1.0\"?>\n<ruleset id=\"x\">\n<oops>\n";
  g_autofree char *dir = tmp_dir_new ("sandtable-hostile");
  g_autofree char *err_path = g_build_filename (dir, "stderr", NULL);
  g_autofree char *printed = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(SandRuleset) rs = NULL;
  int saved_stderr = dup (2);
  int fd = open (err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

  g_assert_cmpint (fd, >=, 0);
  dup2 (fd, 2);
  rs = sand_ruleset_load_data (latin1, strlen (latin1), "latin1.xml", &error);
  g_assert_null (rs);
  g_assert_error (error, SAND_RULESET_ERROR, SAND_RULESET_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, "latin1.xml:1: "));
  g_assert_nonnull (strstr (error->message, "ISO-8859-1"));
  g_clear_error (&error);
  rs = sand_ruleset_load_data (broken, strlen (broken), "broken.xml", &error);
  g_assert_null (rs);
  g_assert_error (error, SAND_RULESET_ERROR, SAND_RULESET_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, "broken.xml:"));
  fflush (stderr);
  dup2 (saved_stderr, 2);
  close (saved_stderr);
  close (fd);
  g_assert_true (g_file_get_contents (err_path, &printed, NULL, NULL));
  g_assert_cmpstr (printed, ==, "");

  /* And the file is read by the safe reader: a FIFO is refused at once. */
  {
    g_autofree char *fifo = g_build_filename (dir, "rules.xml", NULL);

    g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
    alarm (60);
    g_clear_error (&error);
    rs = sand_ruleset_load_file (fifo, &error);
    alarm (0);
    g_assert_null (rs);
    g_assert_error (error, SAND_RULESET_ERROR, SAND_RULESET_ERROR_NOT_FOUND);
    g_assert_nonnull (strstr (error->message, "named pipe"));
  }
  tmp_dir_remove (dir);
}

/* }}} */
/* {{{ The console */

static char *
run_line (SandConsole *console,
          const char  *line)
{
  char *answer = sand_console_execute (console, line);

  g_assert_nonnull (answer);
  return answer;
}

static void
assert_ok (SandConsole *console,
           const char  *line)
{
  g_autofree char *answer = run_line (console, line);

  if (!g_str_has_prefix (answer, "{\"ok\":true"))
    g_error ("“%.60s…” answered %s", line, answer);
}

static int
hex_of (SandConsole *console,
        const char  *id)
{
  SandMap *map = sand_scenario_get_map (sand_console_get_scenario (console));
  int hex = -1;

  g_assert_true (sand_grid_parse_id (sand_map_get_grid (map), id, &hex));
  return hex;
}

static int
terrain_at (SandConsole *console,
            const char  *id)
{
  SandMap *map = sand_scenario_get_map (sand_console_get_scenario (console));

  return sand_map_get_terrain (map, hex_of (console, id));
}

/* A line over the limit is refused as a whole, and changes nothing. */
static void
test_console_line_too_long_refused (void)
{
  g_autoptr(SandConsole) console = sand_console_new (NULL, 0);
  g_autoptr(GString) line = g_string_new ("terrain rough");
  g_autofree char *answer = NULL;
  int before;

  assert_ok (console, "new fpw1870 10x10");
  before = terrain_at (console, "0101");
  while (line->len <= SAND_CONSOLE_MAX_LINE)
    g_string_append (line, " 0101");
  answer = run_line (console, line->str);
  g_assert_true (g_str_has_prefix (answer, "{\"ok\":false"));
  g_assert_nonnull (strstr (answer, "longer than 1048576 bytes"));
  g_assert_cmpint (terrain_at (console, "0101"), ==, before);
}

static void
test_console_too_many_arguments_refused (void)
{
  g_autoptr(SandConsole) console = sand_console_new (NULL, 0);
  g_autoptr(GString) line = g_string_new ("terrain rough");
  g_autofree char *answer = NULL;
  int before;

  assert_ok (console, "new fpw1870 10x10");
  before = terrain_at (console, "0101");
  /* TERRAIN and 65 536 hexes: one argument too many. */
  for (int i = 0; i < SAND_CONSOLE_MAX_ARGS; i++)
    g_string_append (line, " 0101");
  g_assert_cmpuint (line->len, <, SAND_CONSOLE_MAX_LINE);
  answer = run_line (console, line->str);
  g_assert_true (g_str_has_prefix (answer, "{\"ok\":false"));
  g_assert_nonnull (strstr (answer, "more than 65536 arguments"));
  g_assert_cmpint (terrain_at (console, "0101"), ==, before);
}

/* The longest hex lists the limits allow are taken whole (the parsing is
 * linear: bench/bench-console.c has the figures). */
static void
test_console_longest_hex_lists_taken (void)
{
  g_autoptr(SandConsole) console = sand_console_new (NULL, 0);
  g_autoptr(GString) terrain = g_string_new ("terrain rough");
  g_autoptr(GString) rail = g_string_new ("rail");
  SandMap *map;
  int rough;
  int rail_feature;
  int n = 0;

  assert_ok (console, "new fpw1870 256x256");
  map = sand_scenario_get_map (sand_console_get_scenario (console));
  /* Every hex but the last: 65 535 hexes after the terrain. */
  for (int c = 1; c <= 256; c++)
    for (int r = 1; r <= 256 && n < SAND_CONSOLE_MAX_ARGS - 1; r++, n++)
      g_string_append_printf (terrain, " %03d%03d", c, r);
  assert_ok (console, terrain->str);
  rough = sand_ruleset_find_terrain (sand_scenario_get_ruleset (
                                       sand_console_get_scenario (console)), "rough");
  g_assert_cmpint (terrain_at (console, "001001"), ==, rough);
  g_assert_cmpint (terrain_at (console, "256255"), ==, rough);
  g_assert_cmpint (terrain_at (console, "256256"), !=, rough);

  /* A rail snaking down and up every column: 65 536 hexes. */
  for (int c = 1; c <= 256; c++)
    for (int i = 0; i < 256; i++)
      g_string_append_printf (rail, " %03d%03d", c, c % 2 == 1 ? i + 1 : 256 - i);
  assert_ok (console, rail->str);
  rail_feature = sand_ruleset_find_side_feature (sand_scenario_get_ruleset (
                                                   sand_console_get_scenario (console)), "rail");
  g_assert_true (sand_map_hex_has_connection (map, hex_of (console, "001001"), rail_feature));
  g_assert_true (sand_map_hex_has_connection (map, hex_of (console, "256001"), rail_feature));
  g_assert_true (sand_map_hex_has_connection (map, hex_of (console, "128128"), rail_feature));
}

/* UBSan found "applying zero offset to null pointer" in `state` with no
 * unit, `zoc` with no controlled hex and `reach` with no hex to reach (tools/dev.sh runs this suite
 * under UBSan with halt_on_error=1). */
static void
test_console_empty_state_and_zoc (void)
{
  g_autoptr(SandConsole) console = sand_console_new (NULL, 0);
  g_autofree char *state = NULL;
  g_autofree char *zoc = NULL;
  g_autofree char *reach = NULL;

  assert_ok (console, "new fpw1870 1x8");
  state = run_line (console, "state");
  g_assert_nonnull (strstr (state, "\"units\":[]"));
  assert_ok (console, "new fpw1870 10x7");
  zoc = run_line (console, "zoc french");
  g_assert_cmpstr (zoc, ==, "{\"ok\":true,\"hexes\":[]}");
  /* fuzz-console found the same in `reach` of a unit with nowhere to go. */
  assert_ok (console, "new fpw1870 1x1");
  assert_ok (console, "unit a german combat 0101 strength=3 ma=4");
  reach = run_line (console, "reach a");
  g_assert_nonnull (strstr (reach, "\"hexes\":{}"));
}

/* }}} */

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/hostile/file/fifo-refused-without-blocking",
                   test_fifo_refused_without_blocking);
  g_test_add_func ("/hostile/file/dev-zero-refused", test_dev_zero_refused);
  g_test_add_func ("/hostile/file/folder-refused", test_folder_refused);
  g_test_add_func ("/hostile/file/socket-refused", test_socket_refused);
  g_test_add_func ("/hostile/file/check-regular", test_check_regular);
  g_test_add_func ("/hostile/size/procfs-size-not-trusted", test_procfs_size_not_trusted);
  g_test_add_func ("/hostile/size/procfs-over-limit-refused", test_procfs_over_limit_refused);
  g_test_add_func ("/hostile/size/sparse-file-refused", test_sparse_file_refused);
  g_test_add_func ("/hostile/size/limit-is-inclusive", test_limit_is_inclusive);
  g_test_add_func ("/hostile/xml/attribute-flood-refused", test_attribute_flood_refused);
  g_test_add_func ("/hostile/xml/attribute-count-reads-values-whole",
                   test_attribute_count_reads_values_whole);
  g_test_add_func ("/hostile/save/onto-fifo-refused", test_save_onto_fifo_refused);
  g_test_add_func ("/hostile/save/onto-device-refused", test_save_onto_device_refused);
  g_test_add_func ("/hostile/save/through-symlink", test_save_through_symlink);
  g_test_add_func ("/hostile/save/stale-temp-files-removed", test_stale_temp_files_removed);
  g_test_add_func ("/hostile/messages/newline-in-value-escaped", test_newline_in_value_escaped);
  g_test_add_func ("/hostile/messages/lines-count-from-the-file-start",
                   test_lines_count_from_the_file_start);
  g_test_add_func ("/hostile/ruleset/through-safe-reader", test_ruleset_through_safe_reader);
  g_test_add_func ("/hostile/console/line-too-long-refused", test_console_line_too_long_refused);
  g_test_add_func ("/hostile/console/too-many-arguments-refused",
                   test_console_too_many_arguments_refused);
  g_test_add_func ("/hostile/console/longest-hex-lists-taken",
                   test_console_longest_hex_lists_taken);
  g_test_add_func ("/hostile/console/empty-state-and-zoc", test_console_empty_state_and_zoc);
  return g_test_run ();
}
