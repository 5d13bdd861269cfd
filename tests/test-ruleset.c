/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ruleset: the shipped rulesets load and carry the fixed vocabulary
 * and rulebook numbers; bad rulesets are refused with FILE:LINE. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/relaxng.h>

#include "sand-ruleset.h"
#include "shipped-scenario.h"

static void
test_shipped_rulesets_load (void)
{
  const char * const *ids = sand_ruleset_list_shipped ();

  g_assert_cmpuint (g_strv_length ((char **) ids), ==, 2);
  for (; *ids != NULL; ids++)
    {
      SandRuleset *rs = shipped_ruleset (*ids);

      g_assert_cmpstr (sand_ruleset_get_id (rs), ==, *ids);
      g_assert_nonnull (sand_ruleset_get_name (rs));
      g_assert_cmpuint (sand_ruleset_n_sides (rs), ==, 2);
      g_assert_cmpint (sand_ruleset_find_phase (rs, "movement"), >=, 0);
      g_assert_cmpint (sand_ruleset_find_phase (rs, "combat"), >=, 0);
      /* Clear is the default terrain of a new map and costs 1 in both. */
      g_assert_cmpint (sand_ruleset_find_terrain (rs, "clear"), ==, 0);
      g_assert_cmpint (sand_ruleset_get_terrain (rs, 0)->move_cost, ==, 1);
    }
}

static void
test_lookup_is_cached (void)
{
  g_assert_true (shipped_ruleset ("fpw1870") == shipped_ruleset ("fpw1870"));
  g_assert_true (shipped_ruleset ("lfaf1914") != shipped_ruleset ("fpw1870"));
}

static void
test_lookup_unknown_refused (void)
{
  g_autoptr (GError) error = NULL;

  g_assert_null (sand_ruleset_lookup ("chess", &error));
  g_assert_error (error, SAND_RULESET_ERROR, SAND_RULESET_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "fpw1870, lfaf1914"));
  g_clear_error (&error);
  g_assert_null (sand_ruleset_lookup ("../fpw1870", &error));
  g_assert_error (error, SAND_RULESET_ERROR, SAND_RULESET_ERROR_NOT_FOUND);
}

static void
check_fixed_common (SandRuleset *rs)
{
  static const char *const countries[] = { "france", "germany", "belgium", "luxemburg" };
  static const char *const features[] = { "river", "stream", "ridge", "bridge" };

  g_assert_cmpint (sand_ruleset_find_side (rs, "french"), ==, 0);
  g_assert_cmpint (sand_ruleset_find_side (rs, "german"), ==, 1);
  for (gsize i = 0; i < G_N_ELEMENTS (countries); i++)
    g_assert_cmpint (sand_ruleset_find_country (rs, countries[i]), >=, 0);
  for (gsize i = 0; i < G_N_ELEMENTS (features); i++)
    {
      int f = sand_ruleset_find_side_feature (rs, features[i]);

      g_assert_cmpint (f, >=, 0);
      g_assert_cmpint (sand_ruleset_get_side_feature (rs, f)->kind, ==, SAND_SIDE_FEATURE);
    }
  g_assert_cmpint (sand_ruleset_get_side_feature (rs, sand_ruleset_find_side_feature (rs, "road"))
                     ->kind, ==, SAND_SIDE_CONNECTION);
  g_assert_cmpint (sand_ruleset_get_side_feature (rs, sand_ruleset_find_side_feature (rs, "rail"))
                     ->kind, ==, SAND_SIDE_CONNECTION);
  g_assert_cmpint (sand_ruleset_get_country (rs, sand_ruleset_find_country (rs, "france"))->side,
                   ==, 0);
  g_assert_cmpint (sand_ruleset_get_country (rs, sand_ruleset_find_country (rs, "germany"))->side,
                   ==, 1);
}

static void
test_fpw_fixed_ids (void)
{
  SandRuleset *rs = shipped_ruleset ("fpw1870");
  static const char *const types[] = { "combat", "dummy", "eb", "fort" };
  static const char *const phases[] = { "reinforcement", "movement", "combat" };

  check_fixed_common (rs);
  g_assert_cmpint (sand_ruleset_find_terrain (rs, "rough"), >=, 0);
  for (gsize i = 0; i < G_N_ELEMENTS (types); i++)
    g_assert_cmpint (sand_ruleset_find_unit_type (rs, types[i]), >=, 0);
  g_assert_cmpuint (sand_ruleset_n_phases (rs), ==, G_N_ELEMENTS (phases));
  for (gsize i = 0; i < G_N_ELEMENTS (phases); i++)
    g_assert_cmpstr (sand_ruleset_get_phase (rs, i)->id, ==, phases[i]);
  g_assert_cmpint (sand_ruleset_find_unit_type (rs, "infantry"), ==, -1);
}

static void
test_lfaf_fixed_ids (void)
{
  SandRuleset *rs = shipped_ruleset ("lfaf1914");
  static const char *const types[] = { "infantry", "light", "artillery", "cavalry", "hq" };
  static const char *const phases[] = { "administrative", "command", "movement", "rally",
                                        "combat" };

  check_fixed_common (rs);
  g_assert_cmpint (sand_ruleset_find_terrain (rs, "forest"), >=, 0);
  g_assert_cmpint (sand_ruleset_find_terrain (rs, "village"), >=, 0);
  for (gsize i = 0; i < G_N_ELEMENTS (types); i++)
    g_assert_cmpint (sand_ruleset_find_unit_type (rs, types[i]), >=, 0);
  g_assert_cmpuint (sand_ruleset_n_phases (rs), ==, G_N_ELEMENTS (phases));
  for (gsize i = 0; i < G_N_ELEMENTS (phases); i++)
    g_assert_cmpstr (sand_ruleset_get_phase (rs, i)->id, ==, phases[i]);
}

/* Terrain Effects Chart and the errata, as the FPW rules module reads them. */
static void
test_fpw_terrain_effects_chart (void)
{
  SandRuleset *rs = shipped_ruleset ("fpw1870");
  const SandTerrainDef *rough =
    sand_ruleset_get_terrain (rs, sand_ruleset_find_terrain (rs, "rough"));
  const SandSideFeatureDef *river =
    sand_ruleset_get_side_feature (rs, sand_ruleset_find_side_feature (rs, "river"));

  g_assert_cmpint (rough->move_cost, ==, 1);
  g_assert_cmpint (sand_params_int (rough->params, "first-entry-extra", 0), ==, 2);
  g_assert_cmpint (river->move_cost, ==, 1);
  g_assert_cmpint (sand_params_int (river->params, "blocks-zoc", 0), ==, 1);
  g_assert_cmpint (sand_ruleset_param_int (rs, "entrain-cost", 0), ==, 3);
  g_assert_cmpint (sand_ruleset_param_int (rs, "detrain-cost", 0), ==, 2);
  g_assert_cmpint (sand_ruleset_param_int (rs, "stack-cost", 0), ==, 2);
  g_assert_cmpint (sand_ruleset_param_int (rs, "unstack-cost", 0), ==, 2);
  g_assert_cmpint (sand_ruleset_param_int (rs, "zoc-enter-cost", 0), ==, 3);
  g_assert_cmpint (sand_ruleset_param_int (rs, "zoc-leave-cost", 0), ==, 1);
  g_assert_cmpint (sand_ruleset_param_int (rs, "rail-hexes-per-mp", 0), ==, 18);
  g_assert_cmpint (sand_ruleset_param_int (rs, "entrain-limit-french", 0), ==, 1);
  g_assert_cmpint (sand_ruleset_param_int (rs, "entrain-limit-german", 0), ==, 2);
  g_assert_cmpint (sand_ruleset_param_int (rs, "supply-range", 0), ==, 10);
  g_assert_cmpint (sand_ruleset_param_int (rs, "unsupplied-range", 0), ==, 25);
  g_assert_cmpint (sand_ruleset_param_int (rs, "interdiction-range", 0), ==, 3);
  g_assert_cmpint (sand_ruleset_param_int (rs, "no-such-param", 42), ==, 42);
  g_assert_nonnull (sand_ruleset_get_param (rs, "entrain-cost")->note);
}

static void
test_fpw_neutrals_impassable (void)
{
  SandRuleset *rs = shipped_ruleset ("fpw1870");

  int belgium = sand_ruleset_find_country (rs, "belgium");
  int luxemburg = sand_ruleset_find_country (rs, "luxemburg");

  g_assert_false (sand_ruleset_get_country (rs, belgium)->passable);
  g_assert_false (sand_ruleset_get_country (rs, luxemburg)->passable);
  g_assert_true (sand_ruleset_get_country (rs, sand_ruleset_find_country (rs, "france"))->passable);
  g_assert_cmpint (sand_ruleset_get_country (rs, sand_ruleset_find_country (rs, "belgium"))->side,
                   ==, -1);
  /* National Boundaries: Germany is tinted light grey. */
  g_assert_cmpstr (sand_ruleset_get_country (rs, sand_ruleset_find_country (rs, "germany"))->color,
                   ==, "#d6d6d6");
}

static void
test_lfaf_sections_0_to_5 (void)
{
  SandRuleset *rs = shipped_ruleset ("lfaf1914");
  const SandTerrainDef *forest =
    sand_ruleset_get_terrain (rs, sand_ruleset_find_terrain (rs, "forest"));
  const SandUnitTypeDef *light =
    sand_ruleset_get_unit_type (rs, sand_ruleset_find_unit_type (rs, "light"));
  const SandUnitTypeDef *hq =
    sand_ruleset_get_unit_type (rs, sand_ruleset_find_unit_type (rs, "hq"));

  g_assert_cmpint (sand_ruleset_param_int (rs, "stack-limit-steps", 0), ==, 6);
  g_assert_cmpint (sand_ruleset_param_int (rs, "zoc-leave-cost", 0), ==, 2);
  g_assert_cmpint (sand_params_int (forest->params, "no-zoc", 0), ==, 1);
  g_assert_cmpint (sand_params_int (light->params, "steps", 0), ==, 3);
  g_assert_cmpint (sand_params_int (hq->params, "zoc", 1), ==, 0);
  g_assert_cmpint (forest->move_cost, ==, 2);
  g_assert_cmpint (sand_params_int (forest->params, "move-cost-reconstructed", 0), ==, 1);
}

static void
test_bridge_requires_water (void)
{
  for (const char * const *id = sand_ruleset_list_shipped (); *id != NULL; id++)
    {
      SandRuleset *rs = shipped_ruleset (*id);
      const SandSideFeatureDef *bridge =
        sand_ruleset_get_side_feature (rs, sand_ruleset_find_side_feature (rs, "bridge"));
      guint32 water = (1u << sand_ruleset_find_side_feature (rs, "river"))
                      | (1u << sand_ruleset_find_side_feature (rs, "stream"));

      g_assert_cmpuint (bridge->requires, ==, water);
      g_assert_cmpuint (sand_ruleset_side_kind_mask (rs, SAND_SIDE_CONNECTION), ==,
                        (1u << sand_ruleset_find_side_feature (rs, "road"))
                          | (1u << sand_ruleset_find_side_feature (rs, "rail")));
    }
}

static void
test_victory_table (void)
{
  SandRuleset *rs = shipped_ruleset ("fpw1870");
  const SandTable *t = sand_ruleset_get_table (rs, "victory-levels");

  g_assert_nonnull (t);
  g_assert_cmpuint (t->rows->len, ==, 7);
  g_assert_cmpstr (sand_table_lookup (t, "draw", "max"), ==, "130");
  g_assert_cmpstr (sand_table_lookup (t, "german-decisive", "min"), ==, "200");
  g_assert_null (sand_table_lookup (t, "nope", "min"));
  g_assert_null (sand_table_lookup (t, "draw", "nope"));
  g_assert_null (sand_ruleset_get_table (rs, "nope"));
}

/* The CRT is reconstructed and says so; every cell is "A/D" losses. */
static void
test_fpw_crt_marked_reconstructed (void)
{
  SandRuleset *rs = shipped_ruleset ("fpw1870");
  const SandTable *crt = sand_ruleset_get_table (rs, "crt");

  g_assert_nonnull (crt);
  g_assert_true (crt->reconstructed);
  g_assert_nonnull (crt->note);
  g_assert_cmpint (sand_table_find_column (crt, "1-1"), >=, 0);
  g_assert_cmpint (sand_table_find_column (crt, "6-1"), >=, 0);
  for (guint i = 0; i < crt->rows->len; i++)
    {
      const SandTableRow *row = g_ptr_array_index (crt->rows, i);

      for (guint c = 0; c < crt->columns->len; c++)
        {
          int a, d;

          g_assert_cmpint (sscanf (row->cells[c], "%d/%d", &a, &d), ==, 2);
          g_assert_cmpint (a, >=, 0);
          g_assert_cmpint (d, >=, 0);
        }
    }
  g_assert_false (sand_ruleset_get_table (rs, "victory-levels")->reconstructed);
}

#define HEAD "<?xml version=\"1.0\"?>\n<ruleset xmlns=\"https://sandtable.github.io/ns/1\" " \
             "version=\"1\" id=\"t\">\n"
#define MINIMAL "<sides><side id=\"a\"/><side id=\"b\"/></sides>\n" \
                "<terrains><terrain id=\"clear\"/></terrains>\n" \
                "<unit-types><unit-type id=\"u\"/></unit-types>\n" \
                "<phases><phase id=\"p\"/></phases>\n"

typedef struct {
  const char *name;
  const char *xml;
  int code;
  const char *where; /* expected "FILE:LINE:" prefix */
  const char *what;  /* expected fragment of the message */
} BadCase;

static const BadCase bad_cases[] = {
  { "not-xml", "<ruleset", SAND_RULESET_ERROR_PARSE, "bad.xml:1:", "" },
  { "doctype", "<?xml version=\"1.0\"?>\n<!DOCTYPE ruleset [<!ENTITY x \"y\">]>\n"
    "<ruleset xmlns=\"https://sandtable.github.io/ns/1\" version=\"1\" id=\"t\"/>",
    SAND_RULESET_ERROR_PARSE, "bad.xml:2:", "DOCTYPE" },
  { "xxe", "<?xml version=\"1.0\"?>\n<!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n"
    "<ruleset xmlns=\"https://sandtable.github.io/ns/1\" version=\"1\" id=\"&x;\"/>",
    SAND_RULESET_ERROR_PARSE, "bad.xml:2:", "DOCTYPE" },
  { "billion-laughs", "<?xml version=\"1.0\"?>\n<!DOCTYPE r [\n<!ENTITY a \"aaaaaaaaaa\">\n"
    "<!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">\n"
    "<!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\">\n"
    "<!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;\">\n"
    "<!ENTITY e \"&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;\">\n"
    "<!ENTITY f \"&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;\">\n"
    "<!ENTITY g \"&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;\">\n"
    "]>\n<ruleset xmlns=\"https://sandtable.github.io/ns/1\" version=\"1\" id=\"t\" "
    "name=\"&g;\">&g;</ruleset>",
    SAND_RULESET_ERROR_PARSE, "bad.xml:2:", "DOCTYPE" },
  { "external-subset",
    "<?xml version=\"1.0\"?>\n\n<!DOCTYPE ruleset SYSTEM \"http://example.invalid/r.dtd\">\n"
    "<ruleset xmlns=\"https://sandtable.github.io/ns/1\" version=\"1\" id=\"t\"/>",
    SAND_RULESET_ERROR_PARSE, "bad.xml:3:", "DOCTYPE" },
  { "undefined-entity", HEAD "<sides><side id=\"&x;\"/></sides></ruleset>",
    SAND_RULESET_ERROR_PARSE, "bad.xml:3:", "" },
  { "wrong-root", "<?xml version=\"1.0\"?>\n<scenario xmlns=\"https://sandtable.github.io/ns/1\"/>",
    SAND_RULESET_ERROR_INVALID, "bad.xml:2:", "<scenario>" },
  { "wrong-namespace", "<?xml version=\"1.0\"?>\n<ruleset version=\"1\" id=\"t\"/>",
    SAND_RULESET_ERROR_INVALID, "bad.xml:2:", "namespace" },
  { "wrong-version", "<?xml version=\"1.0\"?>\n<ruleset xmlns=\"https://sandtable.github.io/ns/1\" "
    "version=\"7\" id=\"t\"/>", SAND_RULESET_ERROR_INVALID, "bad.xml:2:", "version" },
  { "bad-move-cost", HEAD MINIMAL "<terrains>\n<terrain id=\"x\"\n move-cost=\"lots\"/>",
    SAND_RULESET_ERROR_PARSE, "bad.xml:", "" },
  { "bad-move-cost-2", HEAD "<sides><side id=\"a\"/><side id=\"b\"/></sides>\n"
    "<terrains>\n<terrain id=\"clear\"/>\n<terrain id=\"x\" move-cost=\"lots\"/>\n</terrains>\n"
    "</ruleset>", SAND_RULESET_ERROR_INVALID, "bad.xml:6:", "move-cost" },
  { "minimal-is-valid", HEAD MINIMAL "<params/>\n</ruleset>", -1, NULL, NULL },
  { "duplicate-terrain", HEAD "<sides><side id=\"a\"/><side id=\"b\"/></sides>\n"
    "<terrains><terrain id=\"clear\"/>\n<terrain id=\"clear\"/></terrains></ruleset>",
    SAND_RULESET_ERROR_INVALID, "bad.xml:5:", "<terrain> “clear” is defined twice" },
  { "duplicate-id", HEAD "<sides><side id=\"a\"/>\n<side id=\"a\"/></sides></ruleset>",
    SAND_RULESET_ERROR_INVALID, "bad.xml:4:", "twice" },
  { "unknown-side", HEAD "<sides><side id=\"a\"/><side id=\"b\"/></sides>\n<countries>\n"
    "<country id=\"c\" side=\"c\"/></countries></ruleset>",
    SAND_RULESET_ERROR_INVALID, "bad.xml:5:", "unknown side" },
  { "unknown-requires", HEAD MINIMAL
    "<side-features>\n<side-feature id=\"bridge\" requires=\"moat\"/>"
    "</side-features></ruleset>", SAND_RULESET_ERROR_INVALID, "bad.xml:8:", "moat" },
  { "bad-color", HEAD "<sides><side id=\"a\" color=\"blue\"/></sides></ruleset>",
    SAND_RULESET_ERROR_INVALID, "bad.xml:3:", "#rrggbb" },
  { "unknown-element", HEAD MINIMAL "<rules/>\n</ruleset>",
    SAND_RULESET_ERROR_INVALID, "bad.xml:7:", "<rules>" },
  { "unknown-attribute", HEAD "<sides><side id=\"a\" colour=\"#000000\"/></sides></ruleset>",
    SAND_RULESET_ERROR_INVALID, "bad.xml:3:", "colour" },
  { "ragged-table", HEAD MINIMAL "<tables><table id=\"t\"><column id=\"a\"/><column id=\"b\"/>\n"
    "<row key=\"r\"><cell>1</cell></row></table></tables></ruleset>",
    SAND_RULESET_ERROR_INVALID, "bad.xml:8:", "cells 1, columns 2" },
  { "one-side", HEAD "<sides><side id=\"a\"/></sides>\n</ruleset>",
    SAND_RULESET_ERROR_INVALID, "bad.xml:2:", "two sides" },
  { "empty", "", SAND_RULESET_ERROR_PARSE, "bad.xml:0:", "empty" },
  { "not-utf8", HEAD "<sides><side id=\"a\" name=\"\xff\xfe\"/></sides></ruleset>",
    SAND_RULESET_ERROR_PARSE, "bad.xml:3:", "" },
  { "huge-move-cost", HEAD "<sides><side id=\"a\"/><side id=\"b\"/></sides>\n<terrains>\n"
    "<terrain id=\"x\" move-cost=\"99999999999999999999\"/></terrains></ruleset>",
    SAND_RULESET_ERROR_INVALID, "bad.xml:5:", "move-cost" },
  { "negative-move-cost", HEAD "<sides><side id=\"a\"/><side id=\"b\"/></sides>\n<terrains>\n"
    "<terrain id=\"x\" move-cost=\"-1\"/></terrains></ruleset>",
    SAND_RULESET_ERROR_INVALID, "bad.xml:5:", "move-cost" },
  { "nested-in-cell", HEAD MINIMAL "<tables><table id=\"t\"><column id=\"a\"/>\n"
    "<row key=\"r\"><cell><b>1</b></cell></row></table></tables></ruleset>",
    SAND_RULESET_ERROR_INVALID, "bad.xml:8:", "text only" },
  { "bad-id", HEAD "<sides><side id=\"a b\"/></sides></ruleset>",
    SAND_RULESET_ERROR_INVALID, "bad.xml:3:", "not a valid id" },
  { "bad-bool", HEAD "<sides><side id=\"a\"/><side id=\"b\"/></sides>\n<countries>"
    "<country id=\"c\" passable=\"maybe\"/></countries></ruleset>",
    SAND_RULESET_ERROR_INVALID, "bad.xml:4:", "true or false" },
  { "option-requires-unknown", HEAD MINIMAL
    "<options>\n<option id=\"a\"/>\n<option id=\"b\" requires=\"a c\"/></options></ruleset>",
    SAND_RULESET_ERROR_INVALID, "bad.xml:9:", "unknown option “c”" },
  { "option-requires-itself", HEAD MINIMAL
    "<options>\n<option id=\"a\" requires=\"a\"/></options></ruleset>",
    SAND_RULESET_ERROR_INVALID, "bad.xml:8:", "itself" },
  { "option-twice", HEAD MINIMAL
    "<options>\n<option id=\"a\"/>\n<option id=\"a\"/></options></ruleset>",
    SAND_RULESET_ERROR_INVALID, "bad.xml:9:", "<option> “a” is defined twice" },
  { "option-unknown-attribute", HEAD MINIMAL
    "<options>\n<option id=\"a\" needs=\"b\"/></options></ruleset>",
    SAND_RULESET_ERROR_INVALID, "bad.xml:8:", "needs" },
  { "param-without-value", HEAD MINIMAL "<params>\n<param name=\"x\"/></params></ruleset>",
    SAND_RULESET_ERROR_INVALID, "bad.xml:8:", "value" },
};

static void
test_bad_ruleset_names_file_and_line (gconstpointer data)
{
  const BadCase *c = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (SandRuleset) rs = sand_ruleset_load_data (c->xml, strlen (c->xml), "bad.xml", &error);

  if (c->code < 0)
    {
      g_assert_no_error (error);
      g_assert_nonnull (rs);
      return;
    }
  g_assert_null (rs);
  g_assert_nonnull (error);
  g_assert_true (error->domain == SAND_RULESET_ERROR);
  if (c->code == SAND_RULESET_ERROR_INVALID)
    g_assert_cmpint (error->code, ==, c->code);
  if (!g_str_has_prefix (error->message, c->where) || strstr (error->message, c->what) == NULL)
    g_error ("case %s: got “%s”, wanted prefix “%s” and “%s”", c->name, error->message,
             c->where, c->what);
}

/* libxml2's depth limit (no XML_PARSE_HUGE) stops a deeply nested file. */
static void
test_deep_nesting_refused (void)
{
  g_autoptr (GString) xml = g_string_new (HEAD "<sides>");
  g_autoptr (GError) error = NULL;
  g_autoptr (SandRuleset) rs = NULL;

  for (int i = 0; i < 100000; i++)
    g_string_append (xml, "<side>");
  rs = sand_ruleset_load_data (xml->str, xml->len, "deep.xml", &error);
  g_assert_null (rs);
  g_assert_error (error, SAND_RULESET_ERROR, SAND_RULESET_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, "deep.xml:"));
}

static void
test_load_file_missing (void)
{
  g_autoptr (GError) error = NULL;

  g_assert_null (sand_ruleset_load_file ("/nonexistent/ruleset.xml", &error));
  g_assert_error (error, SAND_RULESET_ERROR, SAND_RULESET_ERROR_NOT_FOUND);
  g_assert_true (g_str_has_prefix (error->message, "/nonexistent/ruleset.xml:"));
}

/* The files in data/ and the compiled-in resource are the same document. */
static void
test_shipped_files_load_from_disk (void)
{
  const char *datadir = g_getenv ("SANDTABLE_DATADIR");

  if (datadir == NULL)
    {
      g_test_skip ("SANDTABLE_DATADIR is not set");
      return;
    }
  for (const char * const *id = sand_ruleset_list_shipped (); *id != NULL; id++)
    {
      g_autofree char *name = g_strconcat (*id, ".xml", NULL);
      g_autofree char *path = g_build_filename (datadir, "rulesets", name, NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (SandRuleset) rs = sand_ruleset_load_file (path, &error);
      SandRuleset *shipped = shipped_ruleset (*id);

      g_assert_no_error (error);
      g_assert_cmpuint (sand_ruleset_n_terrains (rs), ==, sand_ruleset_n_terrains (shipped));
      g_assert_cmpuint (sand_ruleset_n_params (rs), ==, sand_ruleset_n_params (shipped));
    }
}

static int
validate_with_schema (xmlRelaxNGPtr  schema,
                      const char    *xml,
                      gsize          len)
{
  xmlRelaxNGValidCtxtPtr vctxt = xmlRelaxNGNewValidCtxt (schema);
  xmlDocPtr doc = xmlReadMemory (xml, (int) len, "doc.xml", NULL,
                                 XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  int rc;

  g_assert_nonnull (doc);
  xmlRelaxNGSetValidStructuredErrors (vctxt, NULL, NULL);
  rc = xmlRelaxNGValidateDoc (vctxt, doc);
  xmlFreeDoc (doc);
  xmlRelaxNGFreeValidCtxt (vctxt);
  return rc;
}

static void
silence (void *data, xmlErrorPtr error)
{
}

/* data/schema/ruleset.rng accepts both shipped rulesets and refuses what
 * the loader refuses on structure. */
static void
test_shipped_rulesets_match_schema (void)
{
  const char *datadir = g_getenv ("SANDTABLE_DATADIR");
  g_autofree char *rng = NULL;
  xmlRelaxNGParserCtxtPtr pctxt;
  xmlRelaxNGPtr schema;

  if (datadir == NULL)
    {
      g_test_skip ("SANDTABLE_DATADIR is not set");
      return;
    }
  xmlSetStructuredErrorFunc (NULL, silence);
  rng = g_build_filename (datadir, "schema", "ruleset.rng", NULL);
  pctxt = xmlRelaxNGNewParserCtxt (rng);
  schema = xmlRelaxNGParse (pctxt);
  xmlRelaxNGFreeParserCtxt (pctxt);
  g_assert_nonnull (schema);

  for (const char * const *id = sand_ruleset_list_shipped (); *id != NULL; id++)
    {
      g_autofree char *name = g_strconcat (*id, ".xml", NULL);
      g_autofree char *path = g_build_filename (datadir, "rulesets", name, NULL);
      g_autofree char *xml = NULL;
      gsize len;

      g_assert_true (g_file_get_contents (path, &xml, &len, NULL));
      if (validate_with_schema (schema, xml, len) != 0)
        g_error ("%s does not match the schema", path);
    }
  {
    static const char good[] = HEAD MINIMAL "</ruleset>";
    static const char bad_cost[] = HEAD MINIMAL
      "<side-features><side-feature id=\"x\" move-cost=\"lots\"/></side-features></ruleset>";
    static const char bad_element[] = HEAD MINIMAL "<rules/></ruleset>";

    g_assert_cmpint (validate_with_schema (schema, good, strlen (good)), ==, 0);
    g_assert_cmpint (validate_with_schema (schema, bad_cost, strlen (bad_cost)), !=, 0);
    g_assert_cmpint (validate_with_schema (schema, bad_element, strlen (bad_element)), !=, 0);
  }
  xmlRelaxNGFree (schema);
  xmlSetStructuredErrorFunc (NULL, NULL);
}

/* DESIGN.md §5: what is not in the rulebook says so, and why. */
static void
test_reconstructed_data_has_notes (void)
{
  for (const char * const *id = sand_ruleset_list_shipped (); *id != NULL; id++)
    {
      SandRuleset *rs = shipped_ruleset (*id);

      for (guint i = 0; i < sand_ruleset_n_params (rs); i++)
        {
          const SandParam *p = sand_ruleset_get_param_nth (rs, i);

          if (p->reconstructed && (p->note == NULL || *p->note == '\0'))
            g_error ("%s: reconstructed param %s has no note", *id, p->name);
        }
      for (guint i = 0; i < sand_ruleset_n_tables (rs); i++)
        {
          const SandTable *t = sand_ruleset_get_table_nth (rs, i);

          if (t->reconstructed && (t->note == NULL || *t->note == '\0'))
            g_error ("%s: reconstructed table %s has no note", *id, t->id);
        }
    }
}

/* The LFAF assault table has no odds columns: one row per modified roll. */
static void
test_lfaf_assault_table_without_odds (void)
{
  SandRuleset *rs = shipped_ruleset ("lfaf1914");
  const SandTable *assault = sand_ruleset_get_table (rs, "assault");
  const SandTable *bombard = sand_ruleset_get_table (rs, "bombardment");

  g_assert_nonnull (assault);
  g_assert_nonnull (bombard);
  g_assert_true (assault->reconstructed);
  g_assert_true (bombard->reconstructed);
  g_assert_cmpint (sand_table_find_column (assault, "defender-steps"), >=, 0);
  for (int roll = 0; roll <= 9; roll++)
    {
      char key[4];

      g_snprintf (key, sizeof key, "%d", roll);
      g_assert_nonnull (sand_table_find_row (assault, key));
    }
  /* Better rolls never cost the defender fewer steps. */
  for (int roll = 1; roll <= 9; roll++)
    {
      char a[4], b[4];

      g_snprintf (a, sizeof a, "%d", roll - 1);
      g_snprintf (b, sizeof b, "%d", roll);
      g_assert_cmpint (atoi (sand_table_lookup (assault, a, "defender-steps")), <=,
                       atoi (sand_table_lookup (assault, b, "defender-steps")));
    }
}

/* FPW's versions and optional rules are data, under the ids the rules
 * module reads and saved games hold; both optional rules need the Standard
 * Game ("may not be used with the Basic Game"). */
static void
test_fpw_rule_options_declared (void)
{
  SandRuleset *rs = shipped_ruleset ("fpw1870");
  static const char *const ids[] = { "standard", "formation", "variable-oob",
                                     "eb-rail-at-home" };
  static const char *const names[] = { "Standard Game", "Formation Status",
                                       "Variable Orders of Battle",
                                       "EB units by rail at home" };

  g_assert_cmpuint (sand_ruleset_get_n_options (rs), ==, G_N_ELEMENTS (ids));
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      const SandOptionDef *o = sand_ruleset_get_option (rs, i);

      g_assert_cmpstr (o->id, ==, ids[i]);
      g_assert_cmpstr (o->name, ==, names[i]);
      g_assert_nonnull (o->description);
      g_assert_nonnull (o->requires);
      g_assert_cmpint (sand_ruleset_find_option (rs, ids[i]), ==, (int) i);
      /* the Standard Game and the other reading of EB Units (B) stand alone */
      if (i == 0 || i == 3)
        g_assert_cmpuint (g_strv_length (o->requires), ==, 0);
      else
        {
          g_assert_cmpuint (g_strv_length (o->requires), ==, 1);
          g_assert_cmpstr (o->requires[0], ==, "standard");
        }
    }
  g_assert_cmpint (sand_ruleset_find_option (rs, "formation-status"), ==, -1);
  /* The LFAF rules module reads no option. */
  g_assert_cmpuint (sand_ruleset_get_n_options (shipped_ruleset ("lfaf1914")), ==, 0);
}

static void
assert_strv (char              **got,
             const char * const *want)
{
  g_autofree char *a = g_strjoinv (",", got);
  g_autofree char *b = g_strjoinv (",", (char **) want);

  g_assert_cmpstr (a, ==, b);
}

/* Switching an option on brings what it requires; switching one off takes
 * what requires it; options the ruleset does not know stay as they were. */
static void
test_switch_option_keeps_requirements (void)
{
  SandRuleset *rs = shipped_ruleset ("fpw1870");
  const char *none[] = { NULL };
  const char *standard[] = { "standard", NULL };
  const char *all[] = { "variable-oob", "house-rule", "formation", "standard", NULL };
  g_auto (GStrv) a = sand_ruleset_switch_option (rs, none, "formation", TRUE);
  g_auto (GStrv) b = sand_ruleset_switch_option (rs, all, "standard", FALSE);
  g_auto (GStrv) c = sand_ruleset_switch_option (rs, all, "formation", FALSE);
  g_auto (GStrv) d = sand_ruleset_switch_option (rs, standard, "house-rule", TRUE);
  g_auto (GStrv) e = sand_ruleset_switch_option (rs, all, "house-rule", FALSE);
  g_auto (GStrv) f = sand_ruleset_switch_option (rs, NULL, "standard", TRUE);

  assert_strv (a, (const char *[]) { "standard", "formation", NULL });
  assert_strv (b, (const char *[]) { "house-rule", NULL });
  assert_strv (c, (const char *[]) { "standard", "variable-oob", "house-rule", NULL });
  assert_strv (d, (const char *[]) { "standard", "house-rule", NULL });
  assert_strv (e, (const char *[]) { "standard", "formation", "variable-oob", NULL });
  assert_strv (f, standard);
}

/* Requirements may chain and even loop: switching follows them through. */
static void
test_switch_option_follows_chains (void)
{
  static const char xml[] = HEAD MINIMAL
    "<options><option id=\"a\" requires=\"b\"/><option id=\"b\" requires=\"c\"/>"
    "<option id=\"c\" requires=\"a\"/><option id=\"d\" requires=\"c\"/></options>"
    "</ruleset>";
  g_autoptr (GError) error = NULL;
  g_autoptr (SandRuleset) rs = sand_ruleset_load_data (xml, strlen (xml), "t.xml", &error);
  const char *all[] = { "a", "b", "c", "d", NULL };
  g_auto (GStrv) on = NULL;
  g_auto (GStrv) off = NULL;

  g_assert_no_error (error);
  on = sand_ruleset_switch_option (rs, NULL, "d", TRUE);
  assert_strv (on, all);
  off = sand_ruleset_switch_option (rs, all, "b", FALSE);
  g_assert_cmpuint (g_strv_length (off), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ruleset/shipped_rulesets_load", test_shipped_rulesets_load);
  g_test_add_func ("/ruleset/lookup_is_cached", test_lookup_is_cached);
  g_test_add_func ("/ruleset/lookup_unknown_refused", test_lookup_unknown_refused);
  g_test_add_func ("/ruleset/fpw_fixed_ids", test_fpw_fixed_ids);
  g_test_add_func ("/ruleset/lfaf_fixed_ids", test_lfaf_fixed_ids);
  g_test_add_func ("/ruleset/fpw_terrain_effects_chart", test_fpw_terrain_effects_chart);
  g_test_add_func ("/ruleset/fpw_neutrals_impassable", test_fpw_neutrals_impassable);
  g_test_add_func ("/ruleset/lfaf_sections_0_to_5", test_lfaf_sections_0_to_5);
  g_test_add_func ("/ruleset/bridge_requires_water", test_bridge_requires_water);
  g_test_add_func ("/ruleset/victory_table", test_victory_table);
  g_test_add_func ("/ruleset/fpw_crt_marked_reconstructed", test_fpw_crt_marked_reconstructed);
  g_test_add_func ("/ruleset/reconstructed_data_has_notes", test_reconstructed_data_has_notes);
  g_test_add_func ("/ruleset/lfaf_assault_table_without_odds",
                   test_lfaf_assault_table_without_odds);
  g_test_add_func ("/ruleset/load_file_missing", test_load_file_missing);
  g_test_add_func ("/ruleset/deep_nesting_refused", test_deep_nesting_refused);
  g_test_add_func ("/ruleset/fpw_rule_options_declared", test_fpw_rule_options_declared);
  g_test_add_func ("/ruleset/switch_option_keeps_requirements",
                   test_switch_option_keeps_requirements);
  g_test_add_func ("/ruleset/switch_option_follows_chains", test_switch_option_follows_chains);
  g_test_add_func ("/ruleset/shipped_files_load_from_disk", test_shipped_files_load_from_disk);
  g_test_add_func ("/ruleset/shipped_rulesets_match_schema", test_shipped_rulesets_match_schema);
  for (gsize i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/ruleset/bad_ruleset_names_file_and_line/%s",
                                               bad_cases[i].name);

      g_test_add_data_func (path, &bad_cases[i], test_bad_ruleset_names_file_and_line);
    }
  return g_test_run ();
}
