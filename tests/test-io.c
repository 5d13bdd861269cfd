/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-io: loading scenario files: every bad input gets its own
 * error (domain, code, FILE:LINE, words a designer understands) and no
 * scenario; limits on size, counts and nesting hold; mutated files never
 * crash. test-io-round-trip.c and test-io-save.c hold the rest. */

#include <string.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>

#include "tmp-dir-helpers.h"
#include "sand-scenario-io.h"
#include "sand-validate.h"
#include "sand-xml-safe.h"

#include "io-test-helpers.h"

typedef struct {
  const char *file;
  const char *domain; /* "xml" or "scenario" */
  int code;
  int line;           /* 0: no line; -1: any line */
  const char *words[3];
} BadCase;

#define XML "xml"
#define SC "scenario"

static const BadCase bad_cases[] = {
  { "empty.xml", XML, SAND_XML_ERROR_EMPTY, 0, { "empty" } },
  { "blank.xml", XML, SAND_XML_ERROR_EMPTY, 0, { "empty" } },
  { "truncated.xml", XML, SAND_XML_ERROR_MALFORMED, -1, { "not well-formed XML" } },
  { "not-xml.xml", XML, SAND_XML_ERROR_MALFORMED, 1, { "not an XML file" } },
  { "trailing-garbage.xml", XML, SAND_XML_ERROR_MALFORMED, 7, { "Extra content" } },
  { "undeclared-entity.xml", XML, SAND_XML_ERROR_MALFORMED, 3, { "nbsp" } },
  { "doctype.xml", XML, SAND_XML_ERROR_DOCTYPE, 2, { "DOCTYPE" } },
  { "external-entity.xml", XML, SAND_XML_ERROR_DOCTYPE, 3, { "DOCTYPE", "entities" } },
  { "entity-bomb.xml", XML, SAND_XML_ERROR_DOCTYPE, 2, { "DOCTYPE" } },
  { "non-utf8.xml", XML, SAND_XML_ERROR_ENCODING, 5, { "not UTF-8", "0xE2" } },
  { "latin1-declared.xml", XML, SAND_XML_ERROR_ENCODING, 1, { "ISO-8859-1", "UTF-8" } },
  { "too-many-attributes.xml", XML, SAND_XML_ERROR_TOO_MANY_ATTRIBUTES, 6,
    { "more than 64 attributes" } },
  { "wrong-root.xml", SC, SAND_SCENARIO_ERROR_WRONG_ROOT, 2,
    { "<html>", "not a Sandtable scenario" } },
  { "ruleset-root.xml", SC, SAND_SCENARIO_ERROR_WRONG_ROOT, 2, { "ruleset, not a scenario" } },
  { "wrong-namespace.xml", SC, SAND_SCENARIO_ERROR_WRONG_ROOT, 2,
    { "namespace", SAND_SCENARIO_NS } },
  { "unknown-version.xml", SC, SAND_SCENARIO_ERROR_VERSION, 2, { "version 2", "newer" } },
  { "missing-version.xml", SC, SAND_SCENARIO_ERROR_VERSION, 2, { "no version" } },
  { "unknown-ruleset.xml", SC, SAND_SCENARIO_ERROR_RULESET, 2, { "ww2-europe", "fpw1870" } },
  { "deep-nesting.xml", SC, SAND_SCENARIO_ERROR_STRUCTURE, 4, { "<x>", "<map>" } },
  { "huge-number.xml", SC, SAND_SCENARIO_ERROR_NUMBER, 7,
    { "strength", "out of range", "0 to 999" } },
  { "big-number.xml", SC, SAND_SCENARIO_ERROR_NUMBER, 7, { "2147483648", "out of range" } },
  { "negative-number.xml", SC, SAND_SCENARIO_ERROR_NUMBER, 7, { "strength=\"-6\"", "negative" } },
  { "negative-map-size.xml", SC, SAND_SCENARIO_ERROR_NUMBER, 4, { "cols", "at least 1" } },
  { "not-a-number.xml", SC, SAND_SCENARIO_ERROR_NUMBER, 3, { "five", "whole number" } },
  { "duplicate-counter-id.xml", SC, SAND_SCENARIO_ERROR_DUPLICATE, 9,
    { "fr-1", "twice", "line 7" } },
  { "duplicate-hex.xml", SC, SAND_SCENARIO_ERROR_DUPLICATE, 7, { "0101", "twice", "line 5" } },
  { "duplicate-oob-id.xml", SC, SAND_SCENARIO_ERROR_DUPLICATE, 8, { "“A”", "twice", "line 7" } },
  { "duplicate-side.xml", SC, SAND_SCENARIO_ERROR_DUPLICATE, 6, { "twice", "line 5" } },
  { "hex-off-map.xml", SC, SAND_SCENARIO_ERROR_OFF_MAP, 6,
    { "2117", "off the map", "20 columns" } },
  { "placement-off-map.xml", SC, SAND_SCENARIO_ERROR_OFF_MAP, 11, { "0117", "off the map" } },
  { "bad-hex-id.xml", SC, SAND_SCENARIO_ERROR_BAD_HEX, 5, { "A1B2", "not a hex id" } },
  { "map-too-large.xml", SC, SAND_SCENARIO_ERROR_TOO_LARGE, 4, { "1001", "1000 × 1000" } },
  { "map-far-too-large.xml", SC, SAND_SCENARIO_ERROR_TOO_LARGE, 4, { "too large" } },
  { "unknown-terrain.xml", SC, SAND_SCENARIO_ERROR_UNKNOWN_ID, 5,
    { "terrain “swamp”", "clear, rough" } },
  { "unknown-default-terrain.xml", SC, SAND_SCENARIO_ERROR_UNKNOWN_ID, 4, { "“forest”" } },
  { "unknown-country.xml", SC, SAND_SCENARIO_ERROR_UNKNOWN_ID, 5, { "country “prussia”" } },
  { "unknown-feature.xml", SC, SAND_SCENARIO_ERROR_UNKNOWN_ID, 5, { "feature “canal”" } },
  { "unknown-side.xml", SC, SAND_SCENARIO_ERROR_UNKNOWN_ID, 7, { "side “austrian”" } },
  { "unknown-unit-type.xml", SC, SAND_SCENARIO_ERROR_UNKNOWN_ID, 7, { "unit type “tank”" } },
  { "unknown-direction.xml", SC, SAND_SCENARIO_ERROR_STRUCTURE, 5, { "“east”", "direction" } },
  { "unknown-element.xml", SC, SAND_SCENARIO_ERROR_STRUCTURE, 6, { "<river>", "<map>" } },
  { "unknown-attribute.xml", SC, SAND_SCENARIO_ERROR_STRUCTURE, 5, { "“terain”", "terrain" } },
  { "missing-attribute.xml", SC, SAND_SCENARIO_ERROR_STRUCTURE, 7, { "<counter>", "side" } },
  { "stray-text.xml", SC, SAND_SCENARIO_ERROR_STRUCTURE, 7, { "rough here" } },
  { "missing-map.xml", SC, SAND_SCENARIO_ERROR_STRUCTURE, 2, { "no <map>" } },
  { "sections-out-of-order.xml", SC, SAND_SCENARIO_ERROR_STRUCTURE, 4,
    { "<game>", "before <map>" } },
  { "placement-hex-and-zone.xml", SC, SAND_SCENARIO_ERROR_STRUCTURE, 11, { "hex= or zone=" } },
  { "bad-color.xml", SC, SAND_SCENARIO_ERROR_STRUCTURE, 7, { "band=\"red\"", "colour" } },
  { "id-with-space.xml", SC, SAND_SCENARIO_ERROR_STRUCTURE, 7, { "I AK", "spaces" } },
};

static char *
bad_path (const char *file)
{
  return g_test_build_filename (G_TEST_DIST, "data", "bad", file, NULL);
}

static void
assert_error_names_place (const GError *error,
                          const char   *filename,
                          int           line)
{
  g_autofree char *prefix = NULL;

  if (line > 0)
    prefix = g_strdup_printf ("%s:%d: ", filename, line);
  else if (line == 0)
    prefix = g_strdup_printf ("%s: ", filename);
  else
    {
      /* Any line: "FILE:" digits ": ". */
      g_autofree char *start = g_strdup_printf ("%s:", filename);
      const char *p;

      g_assert_true (g_str_has_prefix (error->message, start));
      p = error->message + strlen (start);
      g_assert_true (g_ascii_isdigit (*p));
      while (g_ascii_isdigit (*p))
        p++;
      g_assert_true (g_str_has_prefix (p, ": "));
      return;
    }
  if (!g_str_has_prefix (error->message, prefix))
    g_error ("expected “%s…”, got “%s”", prefix, error->message);
}

static void
test_bad_file (gconstpointer data)
{
  const BadCase *c = data;
  g_autofree char *path = bad_path (c->file);
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) s = sand_scenario_load_file (path, &error);

  g_assert_null (s);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_true (error->domain == (strcmp (c->domain, XML) == 0 ? SAND_XML_ERROR
                                                                : SAND_SCENARIO_ERROR));
  g_assert_cmpint (error->code, ==, c->code);
  assert_error_names_place (error, path, c->line);
  for (guint i = 0; i < G_N_ELEMENTS (c->words) && c->words[i] != NULL; i++)
    if (strstr (error->message, c->words[i]) == NULL)
      g_error ("“%s” missing from “%s”", c->words[i], error->message);
}

/* The XXE file names /etc/hostname: its content must not reach the error
 * or anything else. */
static void
test_external_entity_never_read (void)
{
  g_autofree char *path = bad_path ("external-entity.xml");
  g_autofree char *host = NULL;
  g_autofree char *data = NULL;
  gsize len = 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) s = NULL;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  s = sand_scenario_load_data (data, len, "xxe.xml", &error);
  g_assert_null (s);
  g_assert_error (error, SAND_XML_ERROR, SAND_XML_ERROR_DOCTYPE);
  if (g_file_get_contents ("/etc/hostname", &host, NULL, NULL) && *g_strstrip (host) != '\0')
    g_assert_null (strstr (error->message, host));
}

/* Same file through load_data: the name given for messages is used. */
static void
test_load_data_names_given_filename (void)
{
  g_autofree char *path = bad_path ("hex-off-map.xml");
  g_autofree char *data = NULL;
  gsize len = 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) s = NULL;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  s = sand_scenario_load_data (data, len, "my-map.xml", &error);
  g_assert_null (s);
  g_assert_error (error, SAND_SCENARIO_ERROR, SAND_SCENARIO_ERROR_OFF_MAP);
  g_assert_true (g_str_has_prefix (error->message, "my-map.xml:6: "));
}

/* A file edited on Windows (CRLF line ends, a byte-order mark) loads to
 * the same scenario, with the same line numbers. */
static void
test_crlf_and_bom_load_the_same (void)
{
  const char *datadir = g_getenv ("SANDTABLE_DATADIR");
  g_autofree char *path = g_build_filename (datadir != NULL ? datadir : "../data", "scenarios",
                                            "demo.xml", NULL);
  g_autofree char *text = NULL;
  g_autofree char *unix_saved = NULL;
  g_autofree char *dos_saved = NULL;
  g_autoptr(GString) dos = g_string_new ("\xEF\xBB\xBF");
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) a = NULL;
  g_autoptr(SandScenario) b = NULL;
  gsize len = 0;

  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  for (gsize i = 0; i < len; i++)
    {
      if (text[i] == '\n')
        g_string_append_c (dos, '\r');
      g_string_append_c (dos, text[i]);
    }
  a = sand_scenario_load_data (text, len, "unix.xml", &error);
  g_assert_no_error (error);
  b = sand_scenario_load_data (dos->str, dos->len, "dos.xml", &error);
  g_assert_no_error (error);
  unix_saved = sand_scenario_to_data (a, NULL);
  dos_saved = sand_scenario_to_data (b, NULL);
  g_assert_cmpstr (unix_saved, ==, dos_saved);
  g_assert_cmpint (sand_scenario_get_line (b, SAND_LINE_COUNTER, "de-9"), ==,
                   sand_scenario_get_line (a, SAND_LINE_COUNTER, "de-9"));
  g_assert_cmpint (sand_scenario_get_line (b, SAND_LINE_COUNTER, "de-9"), >, 0);
}

/* Counts and lengths have limits too: one counter over the limit, or a
 * title over 1 MiB, is refused on its own line. */
static void
test_count_and_length_limits (void)
{
  const char *head =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"" SAND_SCENARIO_NS "\" version=\"1\" ruleset=\"fpw1870\">\n";
  g_autoptr(GString) s = g_string_new (head);
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) sc = NULL;
  g_autofree char *prefix = NULL;

  g_string_append (s, "  <map cols=\"2\" rows=\"2\"/>\n  <counters>\n");
  for (int i = 0; i <= SAND_IO_MAX_COUNTERS; i++)
    g_string_append_printf (s, "    <counter id=\"c%d\" side=\"french\" type=\"combat\"/>\n", i);
  g_string_append (s, "  </counters>\n</scenario>\n");
  sc = sand_scenario_load_data (s->str, s->len, "many.xml", &error);
  g_assert_null (sc);
  g_assert_error (error, SAND_SCENARIO_ERROR, SAND_SCENARIO_ERROR_TOO_LARGE);
  prefix = g_strdup_printf ("many.xml:%d: ", 5 + SAND_IO_MAX_COUNTERS);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  g_assert_nonnull (strstr (error->message, "counters"));
  g_clear_error (&error);

  g_string_assign (s, head);
  g_string_append (s, "  <title>");
  for (int i = 0; i < SAND_IO_MAX_TEXT / 16 + 1; i++)
    g_string_append (s, "0123456789abcdef");
  g_string_append (s, "</title>\n  <map cols=\"2\" rows=\"2\"/>\n</scenario>\n");
  sc = sand_scenario_load_data (s->str, s->len, "long-title.xml", &error);
  g_assert_null (sc);
  g_assert_error (error, SAND_SCENARIO_ERROR, SAND_SCENARIO_ERROR_TOO_LARGE);
  g_assert_true (g_str_has_prefix (error->message, "long-title.xml:3: "));
}

/* Random damage to a good file (seeded, so a failure can be replayed):
 * every result is either a scenario that saves and reloads to the same
 * bytes, or an error naming the file — never a crash, never both, never
 * neither. Run under ASan by `tools/dev.sh test`. */
static void
test_mutations_never_crash (void)
{
  const char *datadir = g_getenv ("SANDTABLE_DATADIR");
  g_autofree char *demo = g_build_filename (datadir != NULL ? datadir : "../data", "scenarios",
                                            "demo.xml", NULL);
  g_autofree char *everything = g_test_build_filename (G_TEST_DIST, "data", "good",
                                                       "everything.xml", NULL);
  static const char *const snippets[] = {
    "<", ">", "&", "&amp;", "\"", "-1", "99999999999", "0000", "<hex id=\"0101\"/>",
    "<!DOCTYPE x>", "<![CDATA[x]]>", "<!-- c -->", "\xc3", "\xff", "]]>", "/>", "=", "\n",
  };
  g_autofree char *orig_demo = NULL;
  g_autofree char *orig_everything = NULL;
  gsize demo_len = 0, everything_len = 0;
  GRand *rand = g_rand_new_with_seed (20260815);
  guint loaded = 0, refused = 0;

  g_assert_true (g_file_get_contents (demo, &orig_demo, &demo_len, NULL));
  g_assert_true (g_file_get_contents (everything, &orig_everything, &everything_len, NULL));
  for (int iter = 0; iter < 2000; iter++)
    {
      const char *orig = iter % 2 ? orig_demo : orig_everything;
      gsize orig_len = iter % 2 ? demo_len : everything_len;
      g_autoptr(GString) s = g_string_new_len (orig, orig_len);
      g_autoptr(GError) error = NULL;
      g_autoptr(SandScenario) sc = NULL;
      int n = g_rand_int_range (rand, 1, 4);

      for (int k = 0; k < n; k++)
        {
          gsize pos = g_rand_int_range (rand, 0, (gint32) s->len);
          gsize span = g_rand_int_range (rand, 1, 120); /* not inside MIN (): evaluated twice */

          switch (g_rand_int_range (rand, 0, 4))
            {
            case 0: /* flip a byte */
              s->str[pos] = (char) g_rand_int_range (rand, 1, 256);
              break;
            case 1: /* cut a piece */
              g_string_erase (s, pos, MIN (span, s->len - pos));
              break;
            case 2: /* insert a troublesome snippet */
              g_string_insert (s, pos,
                               snippets[g_rand_int_range (rand, 0, G_N_ELEMENTS (snippets))]);
              break;
            default: /* duplicate a line's worth */
              {
                gsize len = MIN (span, s->len - pos);
                g_autofree char *piece = g_strndup (s->str + pos, len);
                g_string_insert (s, pos, piece);
              }
              break;
            }
        }
      sc = sand_scenario_load_data (s->str, s->len, "mut.xml", &error);
      g_assert_true ((sc == NULL) != (error == NULL));
      if (sc == NULL)
        {
          g_assert_true (g_str_has_prefix (error->message, "mut.xml"));
          refused++;
        }
      else
        {
          g_autofree char *first = NULL;
          g_autofree char *second = NULL;
          g_autoptr(SandScenario) again = NULL;
          gsize len = 0;

          first = sand_scenario_to_data (sc, &len);
          again = sand_scenario_load_data (first, len, "saved.xml", &error);
          g_assert_no_error (error);
          second = sand_scenario_to_data (again, NULL);
          g_assert_cmpstr (first, ==, second);
          assert_valid_against_schema (first, len);
          g_ptr_array_unref (sand_scenario_validate (sc));
          loaded++;
        }
    }
  g_test_message ("%u loaded, %u refused", loaded, refused);
  g_assert_cmpuint (refused, >, 0);
  g_rand_free (rand);
}

/* A 65 MiB file is refused from its size alone, before it is read. */
static void
test_file_over_size_limit_refused (void)
{
  g_autofree char *dir = tmp_dir_new ("sandtable-io");
  g_autofree char *path = g_build_filename (dir, "huge.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) s = NULL;
  FILE *f = fopen (path, "w");

  g_assert_nonnull (f);
  g_assert_cmpint (ftruncate (fileno (f), (off_t) SAND_XML_MAX_SIZE + 1), ==, 0);
  fclose (f);
  s = sand_scenario_load_file (path, &error);
  g_assert_null (s);
  g_assert_error (error, SAND_XML_ERROR, SAND_XML_ERROR_TOO_LARGE);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_nonnull (strstr (error->message, "64 MiB"));
  tmp_dir_remove (dir);
}

/* /dev/zero never ends: it must be refused, not read. */
static void
test_device_refused (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) s = NULL;

  if (!g_file_test ("/dev/zero", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/zero");
      return;
    }
  s = sand_scenario_load_file ("/dev/zero", &error);
  g_assert_null (s);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL);
  g_assert_true (g_str_has_prefix (error->message, "/dev/zero: "));
}

static void
test_missing_file_named (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) s = sand_scenario_load_file ("/nonexistent/x.xml", &error);

  g_assert_null (s);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_assert_true (g_str_has_prefix (error->message, "/nonexistent/x.xml: "));
}

/* sand-xml-safe refuses deep nesting itself, whatever the caller checks:
 * 100 000 levels end in an error, not in a stack overflow. */
static void
test_xml_safe_refuses_deep_nesting (void)
{
  g_autoptr(GString) s = g_string_new ("<a>");
  g_autoptr(GError) error = NULL;
  g_autoptr(SandXmlReader) r = NULL;
  xmlDoc *doc;

  for (int i = 0; i < 100000; i++)
    g_string_append (s, "<a>");
  doc = sand_xml_read_doc (s->str, s->len, "deep.xml", &error);
  g_assert_null (doc);
  g_assert_error (error, SAND_XML_ERROR, SAND_XML_ERROR_TOO_DEEP);
  g_assert_true (g_str_has_prefix (error->message, "deep.xml:1: "));
  g_clear_error (&error);

  r = sand_xml_reader_new (s->str, s->len, "deep.xml", &error);
  g_assert_no_error (error);
  while (sand_xml_reader_next (r, &error))
    ;
  g_assert_error (error, SAND_XML_ERROR, SAND_XML_ERROR_TOO_DEEP);
}

/* A DOM parse refuses the same inputs as the stream. */
static void
test_xml_safe_doc_refuses_entities (void)
{
  const char *bomb = "<!DOCTYPE a [<!ENTITY x \"xx\"><!ENTITY y \"&x;&x;\">]>\n<a>&y;</a>";
  const char *xxe = "<?xml version=\"1.0\"?>\n<!DOCTYPE a [<!ENTITY h SYSTEM "
                    "\"file:///etc/passwd\">]><a>&h;</a>";
  const char *nested = "<a><b><c>fine</c></b></a>";
  g_autoptr(GError) error = NULL;
  xmlDoc *doc;

  doc = sand_xml_read_doc (bomb, strlen (bomb), "bomb.xml", &error);
  g_assert_null (doc);
  g_assert_error (error, SAND_XML_ERROR, SAND_XML_ERROR_DOCTYPE);
  g_clear_error (&error);
  doc = sand_xml_read_doc (xxe, strlen (xxe), "xxe.xml", &error);
  g_assert_null (doc);
  g_assert_error (error, SAND_XML_ERROR, SAND_XML_ERROR_DOCTYPE);
  g_assert_true (g_str_has_prefix (error->message, "xxe.xml:2: "));
  g_clear_error (&error);
  doc = sand_xml_read_doc (nested, strlen (nested), "ok.xml", &error);
  g_assert_no_error (error);
  g_assert_nonnull (doc);
  xmlFreeDoc (doc);
}

/* The refusing entity loader is only active during a safe parse: other
 * libxml2 users in the process can still read files by name. */
static void
test_xml_safe_leaves_other_parses_alone (void)
{
  g_autofree char *dir = tmp_dir_new ("sandtable-io");
  g_autofree char *path = g_build_filename (dir, "plain.xml", NULL);
  const char *nested = "<a/>";
  g_autoptr(GError) error = NULL;
  xmlDoc *doc;

  doc = sand_xml_read_doc (nested, strlen (nested), "ok.xml", &error);
  g_assert_nonnull (doc);
  xmlFreeDoc (doc);
  g_assert_true (g_file_set_contents (path, "<plain/>", -1, NULL));
  doc = xmlReadFile (path, NULL, XML_PARSE_NONET);
  g_assert_nonnull (doc);
  xmlFreeDoc (doc);
  tmp_dir_remove (dir);
}

/* A stream that takes @budget bytes and then fails as a full disk does. */
#define TEST_TYPE_FULL_STREAM (test_full_stream_get_type ())

/* References the loader cannot judge (a placement naming a counter that
 * is not in the mix) load, so that the designer can fix them; validation
 * reports them. */
static void
test_dangling_references_load (void)
{
  const char *text =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"" SAND_SCENARIO_NS "\" version=\"1\" ruleset=\"fpw1870\">\n"
    "  <map cols=\"4\" rows=\"4\"/>\n"
    "  <orders-of-battle>\n"
    "    <oob id=\"A\" side=\"french\">\n"
    "      <placement counter=\"ghost\" zone=\"nowhere\"/>\n"
    "    </oob>\n"
    "  </orders-of-battle>\n"
    "</scenario>\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) s = sand_scenario_load_data (text, strlen (text), "d.xml", &error);

  g_assert_no_error (error);
  g_assert_nonnull (s);
  g_assert_cmpuint (sand_scenario_get_oob (s, 0)->placements->len, ==, 1);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      g_autofree char *base = g_strndup (bad_cases[i].file, strlen (bad_cases[i].file) - 4);
      g_autofree char *name = g_strdup_printf ("/io/load/refuses/%s", base);
      g_test_add_data_func (name, &bad_cases[i], test_bad_file);
    }
  g_test_add_func ("/io/load/external-entity-never-read", test_external_entity_never_read);
  g_test_add_func ("/io/load/data-names-given-filename", test_load_data_names_given_filename);
  g_test_add_func ("/io/load/file-over-size-limit-refused", test_file_over_size_limit_refused);
  g_test_add_func ("/io/load/missing-file-named", test_missing_file_named);
  g_test_add_func ("/io/load/device-refused", test_device_refused);
  g_test_add_func ("/io/load/crlf-and-bom-load-the-same", test_crlf_and_bom_load_the_same);
  g_test_add_func ("/io/load/count-and-length-limits", test_count_and_length_limits);
  g_test_add_func ("/io/load/dangling-references-load", test_dangling_references_load);
  g_test_add_func ("/io/load/mutations-never-crash", test_mutations_never_crash);
  g_test_add_func ("/io/xml-safe/refuses-deep-nesting", test_xml_safe_refuses_deep_nesting);
  g_test_add_func ("/io/xml-safe/doc-refuses-entities", test_xml_safe_doc_refuses_entities);
  g_test_add_func ("/io/xml-safe/leaves-other-parses-alone",
                   test_xml_safe_leaves_other_parses_alone);

  return g_test_run ();
}
