/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Loading and saving scenario files: every bad input gets its own error
 * (domain, code, FILE:LINE, words a designer understands) and no
 * scenario; good files survive load → save → load → save byte for byte;
 * a failed save leaves the old file as it was. */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/relaxng.h>

#include "tmp-dir-helpers.h"
#include "sand-scenario-io.h"
#include "sand-validate.h"
#include "sand-xml-safe.h"

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

/* Large maps run past line 65535, where libxml2 stops counting lines
 * unless asked: errors and recorded lines must still be exact. */
static void
test_lines_exact_past_65535 (void)
{
  g_autoptr(GString) s = g_string_new (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"" SAND_SCENARIO_NS "\" version=\"1\" ruleset=\"fpw1870\">\n"
    "  <map cols=\"4\" rows=\"4\">\n");
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) bad = NULL;
  g_autoptr(SandScenario) good = NULL;
  gsize base;

  for (int i = 0; i < 70000; i++)
    g_string_append (s, "\n");
  g_string_append (s, "    <hex id=\"0202\" terrain=\"rough\"/>\n");
  base = s->len;
  g_string_append (s, "    <hex id=\"0909\" terrain=\"rough\"/>\n  </map>\n</scenario>\n");
  bad = sand_scenario_load_data (s->str, s->len, "long.xml", &error);
  g_assert_null (bad);
  g_assert_error (error, SAND_SCENARIO_ERROR, SAND_SCENARIO_ERROR_OFF_MAP);
  g_assert_true (g_str_has_prefix (error->message, "long.xml:70005: "));
  g_clear_error (&error);

  g_string_truncate (s, base);
  g_string_append (s, "  </map>\n</scenario>\n");
  good = sand_scenario_load_data (s->str, s->len, "long.xml", &error);
  g_assert_no_error (error);
  g_assert_cmpint (sand_scenario_get_line (good, SAND_LINE_HEX, "0202"), ==, 70004);
}

static GPtrArray *good_files (void);

/* Whatever the saver writes is valid against data/schema/scenario.rng
 * (the copy compiled into the engine), so that schema and saver agree. */
static void
assert_valid_against_schema (const char *data,
                             gsize       len)
{
  static xmlRelaxNGPtr schema;
  xmlRelaxNGValidCtxtPtr vctx;
  xmlDocPtr doc;
  int rc;

  if (schema == NULL)
    {
      g_autoptr(GBytes) rng = g_resources_lookup_data (
        "/io/github/sandtable/Sandtable/engine/schema/scenario.rng", 0, NULL);
      gsize rlen;
      const char *rdata;
      xmlRelaxNGParserCtxtPtr pctx;

      g_assert_nonnull (rng);
      rdata = g_bytes_get_data (rng, &rlen);
      pctx = xmlRelaxNGNewMemParserCtxt (rdata, (int) rlen);
      schema = xmlRelaxNGParse (pctx);
      xmlRelaxNGFreeParserCtxt (pctx);
      g_assert_nonnull (schema);
    }
  doc = xmlReadMemory (data, (int) len, "saved.xml", NULL, XML_PARSE_NONET);
  g_assert_nonnull (doc);
  vctx = xmlRelaxNGNewValidCtxt (schema);
  rc = xmlRelaxNGValidateDoc (vctx, doc);
  xmlRelaxNGFreeValidCtxt (vctx);
  xmlFreeDoc (doc);
  if (rc != 0)
    g_error ("the saver wrote a file the schema refuses:\n%s", data);
}

static void
test_saved_files_validate_against_schema (void)
{
  g_autoptr(GPtrArray) files = good_files ();

  for (guint i = 0; i < files->len; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(SandScenario) s = sand_scenario_load_file (g_ptr_array_index (files, i), &error);
      g_autofree char *data = NULL;
      gsize len = 0;

      g_assert_no_error (error);
      data = sand_scenario_to_data (s, &len);
      assert_valid_against_schema (data, len);
    }
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

/* Every file under data/scenarios and tests/data/good. */
static GPtrArray *
good_files (void)
{
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);
  const char *datadir = g_getenv ("SANDTABLE_DATADIR");
  g_autofree char *scenarios = NULL;
  g_autofree char *good = g_test_build_filename (G_TEST_DIST, "data", "good", NULL);
  const char *dirs[2];

  scenarios = g_build_filename (datadir != NULL ? datadir : "../data", "scenarios", NULL);
  dirs[0] = scenarios;
  dirs[1] = good;
  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      GDir *d = g_dir_open (dirs[i], 0, NULL);
      const char *name;

      g_assert_nonnull (d);
      while ((name = g_dir_read_name (d)) != NULL)
        if (g_str_has_suffix (name, ".xml"))
          g_ptr_array_add (files, g_build_filename (dirs[i], name, NULL));
      g_dir_close (d);
    }
  g_ptr_array_sort (files, (GCompareFunc) g_strcmp0);
  return files;
}

static void
test_round_trip_byte_identical (void)
{
  g_autoptr(GPtrArray) files = good_files ();

  g_assert_cmpuint (files->len, >=, 2);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autoptr(GError) error = NULL;
      g_autoptr(SandScenario) a = sand_scenario_load_file (path, &error);
      g_autoptr(SandScenario) b = NULL;
      g_autofree char *first = NULL;
      g_autofree char *second = NULL;
      gsize len = 0;

      g_test_message ("%s", path);
      g_assert_no_error (error);
      first = sand_scenario_to_data (a, &len);
      b = sand_scenario_load_data (first, len, path, &error);
      g_assert_no_error (error);
      second = sand_scenario_to_data (b, NULL);
      g_assert_cmpstr (first, ==, second);
    }
}

/* The round-trip file is canonical: what the saver writes is the file
 * itself, so every element and attribute survives a load. */
static void
test_everything_survives_load (void)
{
  const char *datadir = g_getenv ("SANDTABLE_DATADIR");
  g_autofree char *everything = g_test_build_filename (G_TEST_DIST, "data", "good",
                                                       "everything.xml", NULL);
  g_autofree char *demo = g_build_filename (datadir != NULL ? datadir : "../data", "scenarios",
                                            "demo.xml", NULL);
  const char *paths[] = { everything, demo };

  /* The demo is kept in the saver's own form too, so that opening and
   * saving it in the editor changes nothing. */
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autofree char *text = NULL;
      g_autofree char *saved = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(SandScenario) s = NULL;

      g_assert_true (g_file_get_contents (paths[i], &text, NULL, NULL));
      s = sand_scenario_load_file (paths[i], &error);
      g_assert_no_error (error);
      saved = sand_scenario_to_data (s, NULL);
      g_assert_cmpstr (saved, ==, text);
    }
}

static SandScenario *
load_demo (void)
{
  const char *datadir = g_getenv ("SANDTABLE_DATADIR");
  g_autofree char *path = g_build_filename (datadir != NULL ? datadir : "../data", "scenarios",
                                            "demo.xml", NULL);
  g_autoptr(GError) error = NULL;
  SandScenario *s = sand_scenario_load_file (path, &error);

  g_assert_no_error (error);
  return s;
}

/* A copy (a draft, a playtest) saves exactly as the original: the map's
 * default terrain and country travel with it. */
static void
test_copy_saves_identically (void)
{
  g_autoptr(SandScenario) s = load_demo ();
  g_autoptr(SandScenario) copy = sand_scenario_copy (s);
  SandMap *map = sand_scenario_get_map (s);
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  gsize la = 0, lb = 0;

  g_assert_cmpint (sand_map_get_default_terrain (sand_scenario_get_map (copy)), ==,
                   sand_map_get_default_terrain (map));
  g_assert_cmpint (sand_map_get_default_country (sand_scenario_get_map (copy)), ==,
                   sand_map_get_default_country (map));
  a = sand_scenario_to_data (s, &la);
  b = sand_scenario_to_data (copy, &lb);
  g_assert_cmpuint (la, ==, lb);
  g_assert_cmpstr (a, ==, b);
}

/* What the file says is what the model holds. */
static void
test_demo_model_matches_file (void)
{
  g_autoptr(SandScenario) s = load_demo ();
  SandMap *map = sand_scenario_get_map (s);
  SandRuleset *rs = sand_scenario_get_ruleset (s);
  const SandGrid *grid = sand_map_get_grid (map);
  int hex, dir;
  SandOob *oob;

  g_assert_cmpstr (sand_ruleset_get_id (rs), ==, "fpw1870");
  g_assert_cmpint (grid->cols, ==, 20);
  g_assert_cmpint (grid->rows, ==, 16);
  g_assert_cmpint (sand_scenario_get_turns (s), ==, 6);
  g_assert_cmpint (sand_scenario_get_first_side (s), ==, sand_ruleset_find_side (rs, "german"));
  g_assert_true (sand_grid_parse_id (grid, "1308", &hex));
  g_assert_cmpstr (sand_map_get_place (map, hex), ==, "Metz");
  g_assert_cmpint (sand_map_get_country (map, hex), ==, sand_ruleset_find_country (rs, "france"));
  g_assert_true (sand_grid_parse_id (grid, "1208", &hex));
  dir = sand_grid_parse_direction (grid, "ne");
  g_assert_true (sand_map_side_has (map, hex, dir, sand_ruleset_find_side_feature (rs, "river")));
  g_assert_true (sand_map_side_has (map, hex, dir, sand_ruleset_find_side_feature (rs, "bridge")));
  g_assert_true (sand_map_side_has (map, hex, dir, sand_ruleset_find_side_feature (rs, "rail")));
  g_assert_true (sand_grid_parse_id (grid, "1401", &hex));
  g_assert_cmpint (sand_map_get_country (map, hex), ==, sand_ruleset_find_country (rs, "germany"));
  g_assert_true (sand_grid_parse_id (grid, "1511", &hex));
  g_assert_cmpint (sand_map_get_terrain (map, hex), ==, sand_ruleset_find_terrain (rs, "rough"));
  g_assert_cmpint (sand_scenario_n_counters (s), ==, 16);
  g_assert_cmpint (sand_scenario_n_oobs (s), ==, 2);
  oob = sand_scenario_get_oob (s, 0);
  g_assert_cmpstr (oob->id, ==, "A");
  g_assert_cmpuint (oob->reinforcements->len, ==, 2);
  g_assert_true (((SandReinforcement *) g_ptr_array_index (oob->reinforcements, 0))->entrained);
  g_assert_cmpint (((SandReinforcement *) g_ptr_array_index (oob->reinforcements, 1))->points,
                   ==, 4);
  g_assert_cmpuint (sand_scenario_n_victory_levels (s), ==, 5);
  g_assert_cmpint (sand_scenario_get_victory_level (s, 0)->min, ==, G_MININT);
  g_assert_cmpint (sand_scenario_get_victory_level (s, 4)->max, ==, G_MAXINT);
}

/* Source lines: each thing can name the line it came from. */
static void
test_lines_recorded (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "good", "everything.xml",
                                                 NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) s = sand_scenario_load_file (path, &error);
  const SandGrid *grid;
  int hex;

  g_assert_no_error (error);
  grid = sand_map_get_grid (sand_scenario_get_map (s));
  g_assert_cmpint (sand_scenario_get_line (s, SAND_LINE_SCENARIO, NULL), ==, 2);
  g_assert_cmpint (sand_scenario_get_line (s, SAND_LINE_GAME, NULL), ==, 7);
  g_assert_cmpint (sand_scenario_get_line (s, SAND_LINE_MAP, NULL), ==, 17);
  g_assert_cmpint (sand_scenario_get_line (s, SAND_LINE_HEX, "050002"), ==, 21);
  g_assert_true (sand_grid_parse_id (grid, "050002", &hex));
  g_assert_cmpint (sand_scenario_get_line_n (s, SAND_LINE_HEX, hex), ==, 21);
  g_assert_cmpint (sand_scenario_get_line (s, SAND_LINE_HEX, "050003"), ==, 0);
  g_assert_cmpint (sand_scenario_get_line (s, SAND_LINE_SIDE, "001001/e"), ==, 22);
  g_assert_cmpint (sand_scenario_get_line (s, SAND_LINE_SIDE, "002001/w"), ==, 22);
  g_assert_cmpint (sand_scenario_get_line (s, SAND_LINE_PLACE, "101001"), ==, 27);
  g_assert_cmpint (sand_scenario_get_line (s, SAND_LINE_ZONE, "empty-zone"), ==, 29);
  g_assert_cmpint (sand_scenario_get_line (s, SAND_LINE_MARKER, "0"), ==, 30);
  g_assert_cmpint (sand_scenario_get_line (s, SAND_LINE_COUNTER, "de-cav"), ==, 50);
  g_assert_cmpint (sand_scenario_get_line (s, SAND_LINE_OOB, "H"), ==, 63);
  g_assert_cmpint (sand_scenario_get_oob_line (s, SAND_LINE_PLACEMENT, "historical", 1), ==, 57);
  g_assert_cmpint (sand_scenario_get_oob_line (s, SAND_LINE_ZONE_LIMIT, "historical", 1), ==, 59);
  g_assert_cmpint (sand_scenario_get_oob_line (s, SAND_LINE_REINFORCEMENT, "H", 0), ==, 65);
  g_assert_cmpint (sand_scenario_get_line (s, SAND_LINE_LEVEL, "2"), ==, 15);
  sand_scenario_clear_lines (s);
  g_assert_cmpint (sand_scenario_get_line (s, SAND_LINE_COUNTER, "de-cav"), ==, 0);
}

static guint
count_different_lines (const char *a,
                       const char *b)
{
  g_auto(GStrv) la = g_strsplit (a, "\n", -1);
  g_auto(GStrv) lb = g_strsplit (b, "\n", -1);
  guint n = 0;

  g_assert_cmpuint (g_strv_length (la), ==, g_strv_length (lb));
  for (guint i = 0; la[i] != NULL; i++)
    if (strcmp (la[i], lb[i]) != 0)
      n++;
  return n;
}

/* One painted hex is one changed line, on a hex that was default (a
 * line appears) or not (a line changes). */
static void
test_one_hex_edit_is_one_line_diff (void)
{
  g_autoptr(SandScenario) s = load_demo ();
  SandMap *map = sand_scenario_get_map (s);
  SandRuleset *rs = sand_scenario_get_ruleset (s);
  g_autofree char *before = sand_scenario_to_data (s, NULL);
  g_autofree char *after = NULL;
  g_auto(GStrv) lb = NULL;
  g_auto(GStrv) la = NULL;
  int hex;

  /* 1511 is rough: make it clear, its line goes away... */
  g_assert_true (sand_grid_parse_id (sand_map_get_grid (map), "1511", &hex));
  sand_map_set_terrain (map, hex, (guint8) sand_ruleset_find_terrain (rs, "clear"));
  after = sand_scenario_to_data (s, NULL);
  lb = g_strsplit (before, "\n", -1);
  la = g_strsplit (after, "\n", -1);
  g_assert_cmpuint (g_strv_length (lb), ==, g_strv_length (la) + 1);
  /* ...and painting it rough again brings back exactly the same file. */
  sand_map_set_terrain (map, hex, (guint8) sand_ruleset_find_terrain (rs, "rough"));
  g_free (after);
  after = sand_scenario_to_data (s, NULL);
  g_assert_cmpstr (after, ==, before);

  /* A hexside feature added to a side that has one changes one line. */
  g_assert_true (sand_grid_parse_id (sand_map_get_grid (map), "1209", &hex));
  sand_map_set_side (map, hex, 1, sand_map_get_side (map, hex, 1)
                     | (1u << sand_ruleset_find_side_feature (rs, "bridge")));
  g_free (after);
  after = sand_scenario_to_data (s, NULL);
  g_assert_cmpuint (count_different_lines (before, after), ==, 1);
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

/* Text with every character that needs escaping comes back unchanged. */
static void
test_text_escapes_round_trip (void)
{
  g_autoptr(SandScenario) s = load_demo ();
  g_autoptr(SandScenario) again = NULL;
  g_autoptr(GError) error = NULL;
  const char *title = "A & B <c> \"d\" 'e'\ttab\r\nline";
  const char *note = "x\ny\tz & \"q\" <r>\r";
  g_autoptr(SandCounter) c = sand_counter_copy (sand_scenario_get_counter (s, 0));
  g_autofree char *data = NULL;
  gsize len = 0;

  sand_scenario_set_title (s, title);
  g_free (c->note);
  c->note = g_strdup (note);
  sand_scenario_replace_counter (s, 0, g_steal_pointer (&c));
  data = sand_scenario_to_data (s, &len);
  again = sand_scenario_load_data (data, len, "escapes.xml", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (sand_scenario_get_title (again), ==, title);
  g_assert_cmpstr (sand_scenario_get_counter (again, 0)->note, ==, note);
}

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

/* On a map 1000 wide or tall every id has four digits each ("10000002",
 * "00021000"), as the grid prints them. */
static void
test_column_and_row_1000_round_trip (void)
{
  g_autoptr(GError) error = NULL;
  SandRuleset *rs = sand_ruleset_lookup ("fpw1870", &error);
  int shapes[2][2] = { { 1000, 2 }, { 2, 1000 } };
  const char *ids[2] = { "10000002", "00021000" };

  g_assert_no_error (error);
  for (int k = 0; k < 2; k++)
    {
      g_autoptr(SandMap) map = sand_map_new (rs, shapes[k][0], shapes[k][1],
                                             SAND_ORIENTATION_FLAT, SAND_STAGGER_EVEN);
      g_autoptr(SandScenario) s = NULL;
      g_autoptr(SandScenario) again = NULL;
      g_autofree char *data = NULL;
      g_autofree char *line = g_strdup_printf ("<hex id=\"%s\" terrain=\"rough\"/>", ids[k]);
      int last = shapes[k][0] * shapes[k][1] - 1;
      gsize len = 0;

      sand_map_set_terrain (map, last, (guint8) sand_ruleset_find_terrain (rs, "rough"));
      sand_map_set_place (map, last, "Far corner");
      s = sand_scenario_new (map);
      data = sand_scenario_to_data (s, &len);
      g_assert_nonnull (strstr (data, line));
      again = sand_scenario_load_data (data, len, "wide.xml", &error);
      g_assert_no_error (error);
      g_assert_cmpstr (sand_map_get_place (sand_scenario_get_map (again), last), ==,
                       "Far corner");
      g_assert_cmpint (sand_map_get_terrain (sand_scenario_get_map (again), last), ==,
                       sand_ruleset_find_terrain (rs, "rough"));
    }
}

/* A map made from scratch saves with its most common terrain as the
 * default, then keeps that default while it is painted. */
static void
test_new_map_default_terrain_is_stable (void)
{
  g_autoptr(GError) error = NULL;
  SandRuleset *rs = sand_ruleset_lookup ("fpw1870", &error);
  g_autoptr(SandMap) map = NULL;
  g_autoptr(SandScenario) s = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  guint8 rough;

  g_assert_no_error (error);
  map = sand_map_new (rs, 3, 2, SAND_ORIENTATION_FLAT, SAND_STAGGER_EVEN);
  rough = (guint8) sand_ruleset_find_terrain (rs, "rough");
  for (int h = 0; h < 4; h++)
    sand_map_set_terrain (map, h, rough);
  s = sand_scenario_new (map);
  first = sand_scenario_to_data (s, NULL);
  g_assert_nonnull (strstr (first, "default-terrain=\"rough\""));
  g_assert_nonnull (strstr (first, "<hex id=\"0202\" terrain=\"clear\"/>"));
  /* Now clear is the majority, but the default stays. */
  sand_map_set_terrain (map, 0, 0);
  sand_map_set_terrain (map, 1, 0);
  second = sand_scenario_to_data (s, NULL);
  g_assert_nonnull (strstr (second, "default-terrain=\"rough\""));
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
  g_test_add_func ("/io/round-trip/byte-identical", test_round_trip_byte_identical);
  g_test_add_func ("/io/round-trip/everything-survives-load", test_everything_survives_load);
  g_test_add_func ("/io/round-trip/text-escapes", test_text_escapes_round_trip);
  g_test_add_func ("/io/round-trip/column-and-row-1000", test_column_and_row_1000_round_trip);
  g_test_add_func ("/io/save/output-validates-against-schema",
                   test_saved_files_validate_against_schema);
  g_test_add_func ("/io/model/demo-matches-file", test_demo_model_matches_file);
  g_test_add_func ("/io/model/lines-recorded", test_lines_recorded);
  g_test_add_func ("/io/model/lines-exact-past-65535", test_lines_exact_past_65535);
  g_test_add_func ("/io/save/one-hex-edit-is-one-line-diff", test_one_hex_edit_is_one_line_diff);
  g_test_add_func ("/io/save/new-map-default-terrain-is-stable",
                   test_new_map_default_terrain_is_stable);
  g_test_add_func ("/io/round-trip/copy-saves-identically", test_copy_saves_identically);
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
