/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The print-and-play kit's layout: backs behind their fronts for each way
 * of printing them, common backs where the rules hide identities, sizes
 * decided from the counter mix, and the map covered by its pages. */
#include "config.h"

#include <math.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "sand-print-kit.h"
#include "sand-scenario-io.h"

static const char * const shipped[] = {
  "demo.xml", "fpw1870.xml", "fpw1870-variable-oob.xml", "lfaf1914-1-rossignol.xml",
  "lfaf1914-2-neufchateau.xml", "lfaf1914-3-bataille.xml", "lfaf1914-4-bataille-complete.xml",
};

static SandScenario *
shipped_scenario (const char *file)
{
  const char *datadir = g_getenv ("SANDTABLE_DATADIR");
  g_autofree char *path = g_build_filename (datadir != NULL ? datadir : "../data", "scenarios",
                                            file, NULL);
  g_autoptr (GError) error = NULL;
  SandScenario *scenario = sand_scenario_load_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  return scenario;
}

static SandPrintKit *
new_kit (SandRenderer     *renderer,
         SandPrintOptions *options)
{
  g_autoptr (GError) error = NULL;
  SandPrintKit *kit = sand_print_kit_new (renderer, options, &error);

  g_assert_no_error (error);
  g_assert_nonnull (kit);
  return kit;
}

/* Every front and its back share one place on the sheet once it is turned
 * over (long, short) or folded (fold); a back offset moves every back by
 * exactly that much. */
static void
check_duplex (SandDuplex duplex,
              double     dx,
              double     dy,
              double     bleed)
{
  for (guint f = 0; f < G_N_ELEMENTS (shipped); f++)
    {
      g_autoptr (SandScenario) scenario = shipped_scenario (shipped[f]);
      g_autoptr (SandRenderer) renderer = sand_renderer_new (scenario);
      g_autoptr (SandPrintKit) kit = NULL;
      SandPrintOptions options;
      const SandSheetLayout *layout;
      guint n;

      sand_print_options_init (&options);
      options.parts = SAND_KIT_COUNTERS | SAND_KIT_MAP;
      options.duplex = duplex;
      options.back_dx = dx;
      options.back_dy = dy;
      options.bleed_mm = bleed;
      kit = new_kit (renderer, &options);
      layout = sand_print_kit_sheet_layout (kit);
      n = sand_print_kit_n_pieces (kit);
      g_assert_cmpuint (n, >=, sand_scenario_n_counters (scenario));

      for (guint i = 0; i < n; i++)
        {
          SandPiecePlace p;
          double fx, fy, pw, ph;

          sand_print_kit_get_piece (kit, i, &p);
          sand_print_kit_page_size (kit, p.back_page, &pw, &ph);
          sand_print_turn_over (duplex, pw, ph, p.back_x - dx, p.back_y - dy, &fx, &fy);
          g_assert_cmpfloat_with_epsilon (fx, p.front_x, 1e-9);
          g_assert_cmpfloat_with_epsilon (fy, p.front_y, 1e-9);
          if (duplex == SAND_DUPLEX_FOLD)
            {
              g_assert_cmpuint (p.back_page, ==, p.front_page);
              g_assert_cmpint (sand_print_kit_page_kind (kit, p.front_page), ==,
                               SAND_KIT_PAGE_SHEET_FOLD);
              /* Fronts above the fold, backs below. */
              g_assert_cmpfloat (p.front_y + layout->counter / 2, <, ph / 2);
              g_assert_cmpfloat (p.back_y - dy - layout->counter / 2, >, ph / 2);
            }
          else
            {
              /* Pages 1-2, 3-4… are the two sides of one sheet. */
              g_assert_cmpuint (p.back_page, ==, p.front_page + 1);
              g_assert_cmpuint (p.front_page % 2, ==, 0);
              g_assert_cmpint (sand_print_kit_page_kind (kit, p.front_page), ==,
                               SAND_KIT_PAGE_SHEET_FRONT);
              g_assert_cmpint (sand_print_kit_page_kind (kit, p.back_page), ==,
                               SAND_KIT_PAGE_SHEET_BACK);
            }
          /* On the paper, clear of the margins, and no two pieces share
           * a place. */
          g_assert_cmpfloat (p.front_x - layout->pitch / 2, >=, SAND_PRINT_MARGIN - 1e-9);
          g_assert_cmpfloat (p.front_x + layout->pitch / 2, <=, pw - SAND_PRINT_MARGIN + 1e-9);
          g_assert_cmpfloat (p.front_y - layout->pitch / 2, >=, SAND_PRINT_MARGIN - 1e-9);
          for (guint k = 0; k < i; k++)
            {
              SandPiecePlace q;

              sand_print_kit_get_piece (kit, k, &q);
              if (q.front_page == p.front_page)
                g_assert_true (fabs (q.front_x - p.front_x) >= layout->pitch - 1e-9 ||
                               fabs (q.front_y - p.front_y) >= layout->pitch - 1e-9);
            }
        }
    }
}

static void
test_duplex_long (void)
{
  check_duplex (SAND_DUPLEX_LONG, 0, 0, 0);
  check_duplex (SAND_DUPLEX_LONG, 0.7, -1.2, 1.5);
}

static void
test_duplex_short (void)
{
  check_duplex (SAND_DUPLEX_SHORT, 0, 0, 0);
  check_duplex (SAND_DUPLEX_SHORT, -0.5, 0.4, 2);
}

static void
test_duplex_fold (void)
{
  check_duplex (SAND_DUPLEX_FOLD, 0, 0, 0);
  check_duplex (SAND_DUPLEX_FOLD, 1, 1, 1);
}

/* FPW Standard Game: "All Combat units are played face-down": a dummy's
 * back must not tell it from a unit, so every combat unit and dummy has
 * the side's common back; fortifications and EB units are played face up
 * and keep their own backs. */
static void
test_hidden_identities_common_back (void)
{
  g_autoptr (SandScenario) scenario = shipped_scenario ("fpw1870-variable-oob.xml");
  g_autoptr (SandRenderer) renderer = sand_renderer_new (scenario);
  g_autoptr (SandPrintKit) kit = NULL;
  SandRuleset *rs = sand_scenario_get_ruleset (scenario);
  int combat = sand_ruleset_find_unit_type (rs, "combat");
  int dummy = sand_ruleset_find_unit_type (rs, "dummy");
  SandPrintOptions options;
  guint dummies = 0, units = 0;

  sand_print_options_init (&options);
  options.parts = SAND_KIT_COUNTERS;
  kit = new_kit (renderer, &options);
  for (guint i = 0; i < sand_print_kit_n_pieces (kit); i++)
    {
      SandPiecePlace p;
      int c;

      sand_print_kit_get_piece (kit, i, &p);
      for (c = 0; c < (int) sand_scenario_n_counters (scenario); c++)
        if (g_strcmp0 (sand_scenario_get_counter (scenario, c)->name, p.name) == 0)
          break;
      if (c == (int) sand_scenario_n_counters (scenario))
        continue; /* a marker */
      if (sand_scenario_get_counter (scenario, c)->type == dummy)
        {
          g_assert_true (p.common_back);
          dummies++;
        }
      else if (sand_scenario_get_counter (scenario, c)->type == combat)
        {
          g_assert_true (p.common_back);
          units++;
        }
    }
  g_assert_cmpuint (dummies, >, 0);
  g_assert_cmpuint (units, >, 0);
}

/* Step counters (LFAF) print at 16 mm, strength counters (FPW) at 12.7 mm:
 * decided from the counter mix, and an explicit size wins. */
static void
test_counter_size_from_data (void)
{
  struct {
    const char *file;
    double mm;
  } cases[] = { { "lfaf1914-1-rossignol.xml", 16.0 }, { "fpw1870.xml", 12.7 } };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (SandScenario) scenario = shipped_scenario (cases[i].file);
      g_autoptr (SandRenderer) renderer = sand_renderer_new (scenario);
      g_autoptr (SandPrintKit) kit = NULL, sized = NULL;
      SandPrintOptions options;

      sand_print_options_init (&options);
      kit = new_kit (renderer, &options);
      g_assert_cmpfloat (sand_print_kit_counter_mm (kit), ==, cases[i].mm);
      options.counter_mm = 20;
      sized = new_kit (renderer, &options);
      g_assert_cmpfloat (sand_print_kit_counter_mm (sized), ==, 20);
    }
}

/* The map pages cover the whole map, neighbours overlap by the overlap,
 * and the labels run A1, B1… across and 1, 2… down. */
static void
test_map_pages_cover_map (void)
{
  g_autoptr (SandScenario) scenario = shipped_scenario ("fpw1870.xml");
  g_autoptr (SandRenderer) renderer = sand_renderer_new (scenario);
  g_autoptr (SandPrintKit) kit = NULL;
  const SandMapPagesLayout *L;
  SandPrintOptions options;
  g_autofree char *a1 = sand_map_pages_label (0, 0);
  g_autofree char *b3 = sand_map_pages_label (1, 2);
  g_autofree char *aa1 = sand_map_pages_label (26, 0);

  g_assert_cmpstr (a1, ==, "A1");
  g_assert_cmpstr (b3, ==, "B3");
  g_assert_cmpstr (aa1, ==, "AA1");

  sand_print_options_init (&options);
  options.parts = SAND_KIT_MAP;
  options.hex_mm = 19;
  kit = new_kit (renderer, &options);
  L = sand_print_kit_map_layout (kit);
  g_assert_cmpint (L->cols * L->rows, >, 1);
  /* The cover, then one page per map page. */
  g_assert_cmpuint (sand_print_kit_n_pages (kit), ==, 1 + (guint) (L->cols * L->rows));
  for (int row = 0; row < L->rows; row++)
    for (int col = 0; col < L->cols; col++)
      {
        double x, y, w, h;

        sand_map_pages_layout_view (L, col, row, &x, &y, &w, &h);
        g_assert_cmpfloat (w, <=, L->view_w + 1e-9);
        g_assert_cmpfloat (h, <=, L->view_h + 1e-9);
        if (col + 1 == L->cols)
          g_assert_cmpfloat_with_epsilon (x + w, L->map_w, 1e-6);
        else
          {
            double nx, ny, nw, nh;

            sand_map_pages_layout_view (L, col + 1, row, &nx, &ny, &nw, &nh);
            g_assert_cmpfloat_with_epsilon (x + w - nx, L->overlap, 1e-6);
          }
        if (row + 1 == L->rows)
          g_assert_cmpfloat_with_epsilon (y + h, L->map_h, 1e-6);
      }
}

/* The PDF is written whole, or not at all: a kit of each shipped
 * scenario writes, and a failed write leaves the old file. */
static void
test_write_pdf (void)
{
  g_autofree char *dir = g_dir_make_tmp ("sandtable-kit-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "kit.pdf", NULL);
  g_autofree char *bad = g_build_filename (dir, "missing", "kit.pdf", NULL);
  g_autoptr (SandScenario) scenario = shipped_scenario ("demo.xml");
  g_autoptr (SandRenderer) renderer = sand_renderer_new (scenario);
  g_autoptr (SandPrintKit) kit = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  SandPrintOptions options;
  gsize len;

  sand_print_options_init (&options);
  kit = new_kit (renderer, &options);
  g_assert_true (sand_print_kit_write_pdf (kit, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  g_assert_true (g_str_has_prefix (data, "%PDF-"));
  g_assert_false (sand_print_kit_write_pdf (kit, bad, &error));
  g_assert_nonnull (error);
  g_unlink (path);
  g_rmdir (dir);
}

/* Options a printer cannot meet are refused with a sentence. */
static void
test_bad_options (void)
{
  g_autoptr (SandScenario) scenario = shipped_scenario ("demo.xml");
  g_autoptr (SandRenderer) renderer = sand_renderer_new (scenario);
  SandPrintOptions options;
  g_autoptr (GError) error = NULL;

  sand_print_options_init (&options);
  options.counter_mm = 500;
  g_assert_null (sand_print_kit_new (renderer, &options, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  sand_print_options_init (&options);
  options.bleed_mm = -1;
  g_assert_null (sand_print_kit_new (renderer, &options, &error));
  g_assert_nonnull (error);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/print-kit/duplex-long", test_duplex_long);
  g_test_add_func ("/print-kit/duplex-short", test_duplex_short);
  g_test_add_func ("/print-kit/duplex-fold", test_duplex_fold);
  g_test_add_func ("/print-kit/hidden-identities-common-back",
                   test_hidden_identities_common_back);
  g_test_add_func ("/print-kit/counter-size-from-data", test_counter_size_from_data);
  g_test_add_func ("/print-kit/map-pages-cover-map", test_map_pages_cover_map);
  g_test_add_func ("/print-kit/write-pdf", test_write_pdf);
  g_test_add_func ("/print-kit/bad-options", test_bad_options);
  return g_test_run ();
}
