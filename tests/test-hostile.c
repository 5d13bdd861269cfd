/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Hostile input (issue 19): files that are not files, sizes that lie,
 * attribute floods, lines too long for the console. Each is refused with a
 * sentence naming the file (and line), quickly, and changes nothing. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <glib/gstdio.h>

#include "sand-console.h"
#include "sand-ruleset.h"
#include "sand-safe-file.h"
#include "sand-scenario-io.h"
#include "sand-xml-safe.h"

static char *
make_tmp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("sandtable-hostile-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static void
remove_tree (const char *dir)
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
  g_autofree char *dir = make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "pipe.xml", NULL);

  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  alarm (60);
  assert_refused_as (path, G_FILE_ERROR_INVAL, "named pipe");
  alarm (0);
  remove_tree (dir);
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
  g_autofree char *dir = make_tmp_dir ();

  assert_refused_as (dir, G_FILE_ERROR_ISDIR, "folder");
  remove_tree (dir);
}

static void
test_socket_refused (void)
{
  g_autofree char *dir = make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "s.xml", NULL);
  struct sockaddr_un addr = { .sun_family = AF_UNIX };
  int fd = socket (AF_UNIX, SOCK_STREAM, 0);

  g_assert_cmpint (fd, >=, 0);
  if (strlen (path) >= sizeof addr.sun_path)
    {
      close (fd);
      remove_tree (dir);
      g_test_skip ("temporary folder path too long for a socket");
      return;
    }
  strcpy (addr.sun_path, path);
  g_assert_cmpint (bind (fd, (struct sockaddr *) &addr, sizeof addr), ==, 0);
  assert_refused_as (path, G_FILE_ERROR_INVAL, "socket");
  close (fd);
  remove_tree (dir);
}

/* The same checks hold for readers that must open files themselves. */
static void
test_check_regular (void)
{
  g_autofree char *dir = make_tmp_dir ();
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
  remove_tree (dir);
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
  g_autofree char *dir = make_tmp_dir ();
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
  remove_tree (dir);
}

/* Exactly the limit is read; one byte more is not. */
static void
test_limit_is_inclusive (void)
{
  g_autofree char *dir = make_tmp_dir ();
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
  remove_tree (dir);
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
  g_test_add_func ("/hostile/console/line-too-long-refused", test_console_line_too_long_refused);
  g_test_add_func ("/hostile/console/too-many-arguments-refused",
                   test_console_too_many_arguments_refused);
  g_test_add_func ("/hostile/console/longest-hex-lists-taken",
                   test_console_longest_hex_lists_taken);
  g_test_add_func ("/hostile/console/empty-state-and-zoc", test_console_empty_state_and_zoc);
  return g_test_run ();
}
