/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-reference: a scenario's reference image (the scan to trace over)
 * survives load → save → load byte for byte, is refused with its line when
 * a value is out of range, validates against the RELAX NG schema, and the
 * two-point fit puts both image points on their hex centres. */
#include <gio/gio.h>
#include <math.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "sand-reference.h"
#include "sand-scenario-io.h"

static char *
with_reference (const char *line)
{
  g_autofree char *path = g_build_filename (g_getenv ("SANDTABLE_DATADIR"), "scenarios",
                                            "demo.xml", NULL);
  g_autofree char *text = NULL;
  GString *s;
  char *end;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  end = strstr (text, "</scenario>");
  g_assert_nonnull (end);
  s = g_string_new_len (text, end - text);
  g_string_append_printf (s, "%s\n</scenario>\n", line);
  return g_string_free (s, FALSE);
}

static void
test_round_trip (void)
{
  g_autofree char *text = with_reference (
    "  <reference href=\"scans/metz &amp; co.jpg\" x=\"-12.5\" y=\"4\" scale=\"0.25\" "
    "rotation=\"1.5\" opacity=\"0.7\" export=\"true\"/>");
  g_autoptr (GError) error = NULL;
  g_autoptr (SandScenario) s = sand_scenario_load_data (text, strlen (text), "ref.xml", &error);
  g_autoptr (SandScenario) again = NULL;
  g_autofree char *saved = NULL, *saved2 = NULL;
  const SandReference *ref;

  g_assert_no_error (error);
  ref = sand_scenario_get_reference (s);
  g_assert_nonnull (ref);
  g_assert_cmpstr (ref->path, ==, "scans/metz & co.jpg");
  g_assert_cmpfloat (ref->x, ==, -12.5);
  g_assert_cmpfloat (ref->scale, ==, 0.25);
  g_assert_cmpfloat (ref->rotation, ==, 1.5);
  g_assert_cmpfloat (ref->opacity, ==, 0.7);
  g_assert_true (ref->in_exports);
  saved = sand_scenario_to_data (s, NULL);
  g_assert_nonnull (strstr (saved, "<reference href=\"scans/metz &amp; co.jpg\""));
  again = sand_scenario_load_data (saved, strlen (saved), "ref2.xml", &error);
  g_assert_no_error (error);
  g_assert_true (sand_reference_equal (ref, sand_scenario_get_reference (again)));
  saved2 = sand_scenario_to_data (again, NULL);
  g_assert_cmpstr (saved, ==, saved2);
}

static void
test_none_by_default (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("SANDTABLE_DATADIR"), "scenarios",
                                            "demo.xml", NULL);
  g_autoptr (SandScenario) s = sand_scenario_load_file (path, NULL);
  g_autofree char *saved = sand_scenario_to_data (s, NULL);

  g_assert_null (sand_scenario_get_reference (s));
  g_assert_null (strstr (saved, "<reference"));
}

static void
test_refusals (void)
{
  static const struct {
    const char *line;
    const char *says;
  } cases[] = {
    { "  <reference x=\"1\"/>", "needs the attribute href" },
    { "  <reference href=\"a.png\" opacity=\"1.5\"/>", "opacity=\"1.5\"" },
    { "  <reference href=\"a.png\" scale=\"0\"/>", "scale=\"0\"" },
    { "  <reference href=\"a.png\" x=\"nan\"/>", "x=\"nan\"" },
    { "  <reference href=\"a.png\" export=\"yes\"/>", "export=\"yes\"" },
    { "  <reference href=\"a.png\" colour=\"red\"/>", "no attribute “colour”" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = with_reference (cases[i].line);
      g_autoptr (GError) error = NULL;
      g_autoptr (SandScenario) s = sand_scenario_load_data (text, strlen (text), "bad.xml",
                                                            &error);
      g_autofree char *line = NULL;
      int n = 1;

      for (const char *p = text; p < strstr (text, "<reference"); p++)
        n += *p == '\n';
      line = g_strdup_printf ("bad.xml:%d: ", n);
      g_assert_null (s);
      g_assert_nonnull (error);
      g_assert_true (g_str_has_prefix (error->message, line));
      g_assert_nonnull (strstr (error->message, cases[i].says));
    }
}

static void
test_schema (void)
{
  g_autofree char *xmllint = g_find_program_in_path ("xmllint");
  g_autofree char *text = with_reference (
    "  <reference href=\"scan.png\" x=\"3\" y=\"-4.25\" scale=\"2\" rotation=\"-90\" "
    "opacity=\"0\" export=\"false\"/>");
  g_autofree char *tmp = NULL;
  g_autofree char *rng = g_build_filename (g_getenv ("SANDTABLE_DATADIR"), "schema",
                                           "scenario.rng", NULL);
  int fd, status;

  if (xmllint == NULL)
    {
      g_test_skip ("xmllint is not installed");
      return;
    }
  fd = g_file_open_tmp ("sandtable-ref-XXXXXX.xml", &tmp, NULL);
  g_assert_cmpint (fd, >=, 0);
  g_assert_true (g_file_set_contents (tmp, text, -1, NULL));
  close (fd);
  {
    const char *argv[] = { xmllint, "--noout", "--relaxng", rng, tmp, NULL };
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL
                                 | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, NULL, NULL,
                                 &status, NULL));
  }
  g_unlink (tmp);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

static void
test_fit_two_points (void)
{
  g_autoptr (SandReference) ref = sand_reference_new ("scan.jpg");
  SandPoint p1 = { 120, 80 }, p2 = { 920, 130 };
  SandPoint m1 = { 36, 31.2 }, m2 = { 252, 93.5 };
  double x, y;

  g_assert_true (sand_reference_fit_two_points (ref, p1, p2, m1, m2));
  sand_reference_to_map (ref, p1.x, p1.y, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, m1.x, 1e-9);
  g_assert_cmpfloat_with_epsilon (y, m1.y, 1e-9);
  sand_reference_to_map (ref, p2.x, p2.y, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, m2.x, 1e-9);
  g_assert_cmpfloat_with_epsilon (y, m2.y, 1e-9);
  g_assert_cmpfloat (ref->rotation, >, 0); /* the scan is turned clockwise onto the map */
  g_assert_false (sand_reference_fit_two_points (ref, p1, p1, m1, m2));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/reference/round-trip", test_round_trip);
  g_test_add_func ("/reference/none-by-default", test_none_by_default);
  g_test_add_func ("/reference/refusals", test_refusals);
  g_test_add_func ("/reference/schema", test_schema);
  g_test_add_func ("/reference/fit-two-points", test_fit_two_points);
  return g_test_run ();
}
