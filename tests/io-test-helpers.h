/* SPDX-License-Identifier: GPL-3.0-or-later */
/* io-test-helpers.h: what the file suites (test-io*.c) share — the good
 * files, the shipped demo, and the schema every saved file must pass.
 * Header-only: each program includes it once. */
#pragma once

#include <glib.h>
#include <libxml/parser.h>
#include <libxml/relaxng.h>

#include "sand-scenario-io.h"

/* Whatever the saver writes is valid against data/schema/scenario.rng
 * (the copy compiled into the engine), so that schema and saver agree. */
G_GNUC_UNUSED static void
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

/* Every file under data/scenarios and tests/data/good. */
G_GNUC_UNUSED static GPtrArray *
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

G_GNUC_UNUSED static SandScenario *
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
