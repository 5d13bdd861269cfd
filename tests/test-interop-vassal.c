/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-interop-vassal: the VASSAL module export. The .vmod is a zip with
 * buildFile.xml, moduledata and every image the buildFile names; VASSAL's
 * own hex-centre formula (HexGridNumbering.getCenterPoint, re-derived from
 * vassalengine/vassal, below) applied to the exported HexGrid and to each
 * hex's CCRR id puts every centre exactly on the renderer's hex centre on
 * the board image, in all four layouts; the set-up becomes at-start
 * stacks and each counter a piece with a two-sided layer (and a mask where
 * the rules hide identities). */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/xpath.h>
#include <math.h>
#include <string.h>
#include <zip.h>

#include "sand-interop-private.h"
#include "sand-vassal-private.h"
#include "sand-scenario-io.h"

static char *tmpdir;

typedef struct {
  gboolean sideways;
  int x0, y0;
  double dx, dy;
  int h_off, v_off, h_leading, v_leading;
  char first;
} Grid;

/* VASSAL's HexGridNumbering.getCenterPoint (col, row) with stagger off and
 * nothing descending, as Java computes it: int casts truncate. */
static void
vassal_center_point (const Grid *g,
                     int         col,
                     int         row,
                     int        *x,
                     int        *y)
{
  int px = (int) (col * g->dx) + g->x0;
  int py = col % 2 == 0 ? (int) (row * g->dy) : (int) (row * g->dy + g->dy / 2);

  py += g->y0;
  if (g->sideways)
    *x = py, *y = px;
  else
    *x = px, *y = py;
}

/* RegularGridNumbering.getLocation: the name split by first/leading, then
 * getCenterPoint (col - hOff, row - vOff). */
static void
vassal_location (const Grid *g,
                 const char *name,
                 int        *x,
                 int        *y)
{
  int hw = g->h_leading + 1, vw = g->v_leading + 1;
  g_autofree char *a = g_strndup (name, g->first == 'H' ? hw : vw);
  int col, row;

  if (g->first == 'H')
    col = atoi (a), row = atoi (name + hw);
  else
    row = atoi (a), col = atoi (name + vw);
  g_assert_cmpuint (strlen (name), ==, (gsize) (hw + vw));
  vassal_center_point (g, col - g->h_off, row - g->v_off, x, y);
}

static GBytes *
zip_read (zip_t      *zip,
          const char *name)
{
  zip_stat_t st;
  zip_file_t *f;
  char *buf;

  if (zip_stat (zip, name, 0, &st) != 0)
    return NULL;
  f = zip_fopen (zip, name, 0);
  g_assert_nonnull (f);
  buf = g_malloc (st.size + 1);
  g_assert_cmpint (zip_fread (f, buf, st.size), ==, (zip_int64_t) st.size);
  buf[st.size] = '\0';
  zip_fclose (f);
  return g_bytes_new_take (buf, st.size);
}

static char *
xpath_attr (xmlDoc     *doc,
            const char *element,
            const char *name)
{
  g_autofree char *expr = g_strdup_printf ("//%s", element);
  xmlXPathContext *ctx = xmlXPathNewContext (doc);
  xmlXPathObject *r = xmlXPathEvalExpression ((const xmlChar *) expr, ctx);
  char *value = NULL;

  if (r != NULL && r->nodesetval != NULL && r->nodesetval->nodeNr > 0)
    value = (char *) xmlGetProp (r->nodesetval->nodeTab[0], (const xmlChar *) name);
  xmlXPathFreeObject (r);
  xmlXPathFreeContext (ctx);
  g_assert_nonnull (value);
  return value;
}

static int
count (xmlDoc     *doc,
       const char *expr)
{
  xmlXPathContext *ctx = xmlXPathNewContext (doc);
  xmlXPathObject *r = xmlXPathEvalExpression ((const xmlChar *) expr, ctx);
  int n = r != NULL && r->nodesetval != NULL ? r->nodesetval->nodeNr : 0;

  xmlXPathFreeObject (r);
  xmlXPathFreeContext (ctx);
  return n;
}

#define HEXGRID "VASSAL.build.module.map.boardPicker.board.HexGrid"
#define NUMBERING "VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering"

static int
int_attr (xmlDoc *doc, const char *el, const char *name)
{
  g_autofree char *v = xpath_attr (doc, el, name);
  return atoi (v);
}

static double
double_attr (xmlDoc *doc, const char *el, const char *name)
{
  g_autofree char *v = xpath_attr (doc, el, name);
  return g_ascii_strtod (v, NULL);
}

static xmlDoc *
export_and_open (SandScenario *s,
                 zip_t       **zip_out)
{
  g_autofree char *path = g_build_filename (tmpdir, "module.vmod", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) build = NULL;
  gsize len;
  const char *data;
  int zerr;
  zip_t *zip;

  g_assert_true (sand_vassal_export (s, path, NULL, &error));
  g_assert_no_error (error);
  zip = zip_open (path, ZIP_RDONLY | ZIP_CHECKCONS, &zerr);
  g_assert_nonnull (zip);
  build = zip_read (zip, "buildFile.xml");
  g_assert_nonnull (build);
  data = g_bytes_get_data (build, &len);
  *zip_out = zip;
  return xmlReadMemory (data, (int) len, "buildFile.xml", "UTF-8", XML_PARSE_NONET);
}

static void
check_centres (SandScenario *s)
{
  SandMap *map = sand_scenario_get_map (s);
  const SandGrid *sg = sand_map_get_grid (map);
  zip_t *zip = NULL;
  xmlDoc *doc = export_and_open (s, &zip);
  g_autofree char *sideways = xpath_attr (doc, HEXGRID, "sideways");
  g_autofree char *first = xpath_attr (doc, NUMBERING, "first");
  g_autofree char *stagger = xpath_attr (doc, NUMBERING, "stagger");
  g_autoptr (GBytes) png = zip_read (zip, "images/map.png");
  SandPixelGrid pg;
  Grid g;

  g_assert_nonnull (doc);
  g_assert_cmpstr (stagger, ==, "false");
  g.sideways = strcmp (sideways, "true") == 0;
  g.x0 = int_attr (doc, HEXGRID, "x0");
  g.y0 = int_attr (doc, HEXGRID, "y0");
  g.dx = double_attr (doc, HEXGRID, "dx");
  g.dy = double_attr (doc, HEXGRID, "dy");
  g.h_off = int_attr (doc, NUMBERING, "hOff");
  g.v_off = int_attr (doc, NUMBERING, "vOff");
  g.h_leading = int_attr (doc, NUMBERING, "hLeading");
  g.v_leading = int_attr (doc, NUMBERING, "vLeading");
  g.first = first[0];
  g_assert_true (g.sideways == (sg->orientation == SAND_ORIENTATION_POINTY));

  /* The board is the image the grid was laid on. */
  g_assert_nonnull (png);
  sand_pixel_grid_init (&pg, map, 36);
  {
    const guint8 *d = g_bytes_get_data (png, NULL);
    g_assert_cmpint (GUINT32_FROM_BE (*(guint32 *) (d + 16)), ==, pg.width);
    g_assert_cmpint (GUINT32_FROM_BE (*(guint32 *) (d + 20)), ==, pg.height);
    g_assert_cmpint (int_attr (doc, "VASSAL.build.module.map.boardPicker.Board", "width"), ==,
                     pg.width);
  }
  for (int hex = 0; hex < sand_grid_n_hexes (sg); hex++)
    {
      char id[SAND_HEX_ID_MAX];
      double cx, cy;
      int vx, vy;

      sand_grid_format_id (sg, hex, id);
      sand_pixel_grid_center (&pg, map, hex, &cx, &cy);
      vassal_location (&g, id, &vx, &vy);
      if (fabs (vx - cx) > 1e-6 || fabs (vy - cy) > 1e-6)
        g_error ("hex %s: VASSAL centre (%d, %d), renderer (%g, %g)", id, vx, vy, cx, cy);
    }
  xmlFreeDoc (doc);
  zip_close (zip);
}

static void
test_centres_every_layout (void)
{
  SandRuleset *rs = sand_ruleset_lookup ("lfaf1914", NULL);

  for (int o = 0; o < 2; o++)
    for (int st = 0; st < 2; st++)
      for (int big = 0; big < 2; big++)
        {
          /* 120 columns: three-digit ids. */
          g_autoptr (SandMap) map = sand_map_new (rs, big ? 120 : 13, big ? 9 : 11, o, st);
          g_autoptr (SandScenario) s = NULL;

          sand_map_set_hex_size (map, big ? 7 : 23.5);
          s = sand_scenario_new (map);
          check_centres (s);
        }
}

static void
test_module_contents (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("SANDTABLE_DATADIR"), "scenarios",
                                            "fpw1870.xml", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (SandScenario) s = sand_scenario_load_file (path, &error);
  zip_t *zip = NULL;
  xmlDoc *doc;
  g_autoptr (GBytes) moduledata = NULL;
  int placed = 0;

  g_assert_no_error (error);
  check_centres (s);
  doc = export_and_open (s, &zip);
  moduledata = zip_read (zip, "moduledata");
  g_assert_nonnull (moduledata);
  g_assert_nonnull (strstr (g_bytes_get_data (moduledata, NULL), "<VassalVersion>3.7.0"));
  g_assert_nonnull (zip_read (zip, "images/terrain-chart.png"));
  g_assert_cmpint (count (doc, "/VASSAL.build.GameModule"), ==, 1);
  g_assert_cmpint (count (doc, "//VASSAL.build.module.PieceWindow//VASSAL.build.widget."
                               "PieceSlot"), ==, (int) sand_scenario_n_counters (s));
  for (guint side = 0; side < 2; side++)
    {
      SandOob *oob = sand_scenario_default_oob (s, (int) side);
      for (guint i = 0; i < oob->placements->len; i++)
        placed += ((SandPlacement *) g_ptr_array_index (oob->placements, i))->hex
                  != SAND_HEX_NONE;
    }
  g_assert_cmpint (placed, >, 0);
  g_assert_cmpint (count (doc, "//VASSAL.build.module.map.SetupStack/"
                               "VASSAL.build.widget.PieceSlot"), ==, placed);
  /* Every piece: FPW has dummies, so a mask, then a two-sided layer, then
   * the basic piece; every image it names is in the zip. */
  {
    xmlXPathContext *ctx = xmlXPathNewContext (doc);
    xmlXPathObject *r = xmlXPathEvalExpression ((const xmlChar *) "//VASSAL.build.widget."
                                                                  "PieceSlot", ctx);
    for (int i = 0; i < r->nodesetval->nodeNr; i++)
      {
        g_autofree char *text = (char *) xmlNodeGetContent (r->nodesetval->nodeTab[i]);
        g_auto (GStrv) words = NULL;

        g_assert_true (g_str_has_prefix (text, "+/null/obs;77,130;"));
        g_assert_nonnull (strstr (text, "\temb2;Flip;130;F;"));
        g_assert_nonnull (strstr (text, "\\\tpiece;;;"));
        words = g_strsplit_set (text, ";\t\\", -1);
        for (guint w = 0; words[w] != NULL; w++)
          if (g_str_has_suffix (words[w], ".png"))
            {
              g_autofree char *name = g_strconcat ("images/", words[w], NULL);
              g_autoptr (GBytes) b = zip_read (zip, name);
              if (b == NULL)
                g_error ("piece image %s is not in the module", name);
            }
      }
    xmlXPathFreeObject (r);
    xmlXPathFreeContext (ctx);
  }
  xmlFreeDoc (doc);
  zip_close (zip);
}

static void
test_sequence_encoder (void)
{
  g_autoptr (GString) s = g_string_new (NULL);

  /* VASSAL's own example: A,B\,C */
  sand_vassal_seq_append (s, ',', TRUE, "A");
  sand_vassal_seq_append (s, ',', FALSE, "B,C");
  g_assert_cmpstr (s->str, ==, "A,B\\,C");
  g_string_truncate (s, 0);
  sand_vassal_seq_append (s, ';', TRUE, "ends\\");
  g_assert_cmpstr (s->str, ==, "'ends\\'");
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("sandtable-vmod-XXXXXX", NULL);
  g_test_add_func ("/interop/vassal/sequence-encoder", test_sequence_encoder);
  g_test_add_func ("/interop/vassal/centres-every-layout", test_centres_every_layout);
  g_test_add_func ("/interop/vassal/module-contents", test_module_contents);
  status = g_test_run ();
  {
    g_autofree char *p = g_build_filename (tmpdir, "module.vmod", NULL);
    g_unlink (p);
    g_rmdir (tmpdir);
  }
  return status;
}
