/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Load and save of a large scenario: a generated 300×300 fpw1870 map with
 * 5,000 counters (terrain, countries, rivers, roads, rails, places,
 * markers, zones, orders of battle). Prints the median of several runs of
 * each step; the figures go to docs/performance.md ("Load and save").
 *
 *   bench-io [--cols N] [--rows N] [--counters N] [--runs N] [--keep FILE]
 */
#include <string.h>
#include <time.h>
#include <sys/resource.h>
#include <glib/gstdio.h>
#include <libxml/relaxng.h>
#include <libxml/xmlreader.h>

#include "bench-timing.h"
#include "sand-scenario-io.h"
#include "sand-validate.h"

static double
median (GArray *ms)
{
  g_array_sort (ms, cmp_double);
  return g_array_index (ms, double, ms->len / 2);
}

static int
feature (SandRuleset *rs,
         const char  *id)
{
  int f = sand_ruleset_find_side_feature (rs, id);
  g_assert (f >= 0);
  return f;
}

static SandScenario *
generate (int cols,
          int rows,
          int n_counters)
{
  g_autoptr(GError) error = NULL;
  SandRuleset *rs = sand_ruleset_lookup ("fpw1870", &error);
  g_autoptr(SandMap) map = NULL;
  SandScenario *s;
  const SandGrid *grid;
  GRand *rand = g_rand_new_with_seed (1870);
  int n, rough, france, germany, belgium, river, road, rail, bridge;
  int french = sand_ruleset_find_side (rs, "french");
  int german = sand_ruleset_find_side (rs, "german");

  g_assert_no_error (error);
  map = sand_map_new (rs, cols, rows, SAND_ORIENTATION_FLAT, SAND_STAGGER_EVEN);
  grid = sand_map_get_grid (map);
  n = sand_grid_n_hexes (grid);
  rough = sand_ruleset_find_terrain (rs, "rough");
  france = sand_ruleset_find_country (rs, "france");
  germany = sand_ruleset_find_country (rs, "germany");
  belgium = sand_ruleset_find_country (rs, "belgium");
  river = feature (rs, "river");
  road = feature (rs, "road");
  rail = feature (rs, "rail");
  bridge = feature (rs, "bridge");

  sand_map_freeze_changes (map);
  for (int h = 0; h < n; h++)
    {
      int col = sand_grid_col (grid, h), row = sand_grid_row (grid, h);

      /* A third rough, in patches; three countries in bands. */
      if (((col / 7 + row / 5) % 3 == 0) || g_rand_int_range (rand, 0, 10) == 0)
        sand_map_set_terrain (map, h, (guint8) rough);
      sand_map_set_country (map, h, row < rows / 10 ? belgium
                                    : col > cols * 2 / 3 ? germany : france);
    }
  /* Rivers: every 15th column, its east sides; bridges every 10 rows. */
  for (int col = 7; col < cols - 1; col += 15)
    for (int row = 0; row < rows; row++)
      {
        int h = sand_grid_index (grid, col, row);
        guint32 bits = 1u << river;

        if (row % 10 == 0)
          bits |= 1u << bridge;
        sand_map_set_side (map, h, 1, sand_map_get_side (map, h, 1) | bits);
        sand_map_set_side (map, h, 2, sand_map_get_side (map, h, 2) | (1u << river));
      }
  /* Roads along every 6th row, rails along every 20th. */
  for (int row = 3; row < rows; row += 6)
    {
      g_autofree int *path = g_new (int, cols);
      for (int col = 0; col < cols; col++)
        path[col] = sand_grid_index (grid, col, row);
      sand_map_connect_path (map, row % 20 == 3 ? rail : road, path, cols, TRUE, NULL);
    }
  for (int i = 0; i < n / 180; i++)
    {
      g_autofree char *name = g_strdup_printf ("Town %d", i);
      sand_map_set_place (map, g_rand_int_range (rand, 0, n), name);
    }
  for (int i = 0; i < 60; i++)
    {
      SandMarker *m = sand_marker_new (SAND_MARKER_FORT, g_rand_int_range (rand, 0, n));
      m->side = i % 2 ? french : german;
      m->strength = 2;
      m->capacity = i % 10 == 0 ? -1 : 1;
      m->name = g_strdup_printf ("Fort %d", i);
      sand_map_add_marker (map, m);
    }
  for (int row = rows / 10; row < rows; row += 10)
    {
      SandMarker *m = sand_marker_new (SAND_MARKER_ENTRY, sand_grid_index (grid, cols - 1, row));
      m->side = german;
      m->group = g_strdup_printf ("E%d", row / 50);
      sand_map_add_marker (map, m);
      m = sand_marker_new (SAND_MARKER_ENTRY, sand_grid_index (grid, 0, row));
      m->side = french;
      m->group = g_strdup_printf ("W%d", row / 50);
      sand_map_add_marker (map, m);
    }
  for (int i = 0; i < 300; i++)
    {
      SandMarker *m = sand_marker_new (SAND_MARKER_VICTORY, g_rand_int_range (rand, 0, n));
      m->side = i % 2 ? french : german;
      m->value = 1 + i % 5;
      sand_map_add_marker (map, m);
    }
  for (int col = 0; col < cols; col++)
    {
      SandMarker *m = sand_marker_new (SAND_MARKER_EDGE_VALUE,
                                       sand_grid_index (grid, col, rows - 1));
      m->group = g_strdup ("south");
      m->value = 1;
      sand_map_add_marker (map, m);
    }
  sand_map_add_zone (map, "fr", "French set-up", french, NULL);
  sand_map_add_zone (map, "de", "German set-up", german, NULL);
  for (int row = rows / 4; row < rows * 3 / 4; row++)
    for (int k = 0; k < 10; k++)
      {
        SandMarker *m = sand_marker_new (SAND_MARKER_ZONE,
                                         sand_grid_index (grid, cols / 3 + k, row));
        m->group = g_strdup ("fr");
        sand_map_add_marker (map, m);
        m = sand_marker_new (SAND_MARKER_ZONE, sand_grid_index (grid, cols * 5 / 6 + k, row));
        m->group = g_strdup ("de");
        sand_map_add_marker (map, m);
      }
  sand_map_thaw_changes (map);

  s = sand_scenario_new (map);
  sand_scenario_set_title (s, "Generated benchmark scenario");
  sand_scenario_set_turns (s, 20);
  for (int side = 0; side < 2; side++)
    {
      SandOob *oob = sand_oob_new (side == 0 ? "A" : "G", side == 0 ? french : german);

      for (int i = 0; i < n_counters / 2; i++)
        {
          SandCounter *c = sand_counter_new ();
          SandPlacement *p;

          c->id = g_strdup_printf ("%s-%d", side == 0 ? "fr" : "de", i);
          c->side = side == 0 ? french : german;
          c->type = 0;
          c->name = g_strdup_printf ("%d", i);
          c->strength = 1 + i % 8;
          c->reduced = c->strength / 2;
          c->ma = side == 0 ? 6 : 8;
          sand_scenario_add_counter (s, c);
          if (i % 5 == 4)
            {
              SandReinforcement *r = sand_reinforcement_new ();
              r->turn = 1 + i % 20;
              r->counter = g_strdup (c->id);
              r->entry = g_strdup_printf ("%s%d", side == 0 ? "W" : "E", i % 6);
              r->entrained = i % 2;
              g_ptr_array_add (oob->reinforcements, r);
              continue;
            }
          p = g_new0 (SandPlacement, 1);
          p->counter = g_strdup (c->id);
          if (i % 2)
            {
              p->hex = SAND_HEX_NONE;
              p->zone = g_strdup (side == 0 ? "fr" : "de");
            }
          else
            p->hex = sand_grid_index (grid, side == 0 ? cols / 4 : cols * 3 / 4 + 10,
                                      rows / 10 + (i / 2) % (rows - rows / 10));
          g_ptr_array_add (oob->placements, p);
        }
      sand_scenario_add_oob (s, oob);
    }
  g_rand_free (rand);
  return s;
}

static void
quiet (void        *data,
       xmlErrorPtr  error)
{
}

static double
now_ms (void)
{
  return g_get_monotonic_time () / 1000.0;
}

/* CPU time of this process: on a busy machine wall time measures the
 * neighbours too, so both are printed. */
static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

typedef struct {
  GArray *wall;
  GArray *cpu;
  double w0, c0;
} Timer;

static void
timer_init (Timer *t)
{
  t->wall = g_array_new (FALSE, FALSE, sizeof (double));
  t->cpu = g_array_new (FALSE, FALSE, sizeof (double));
}

static void
timer_start (Timer *t)
{
  t->w0 = now_ms ();
  t->c0 = cpu_ms ();
}

static void
timer_stop (Timer *t)
{
  double w = now_ms () - t->w0, c = cpu_ms () - t->c0;

  g_array_append_val (t->wall, w);
  g_array_append_val (t->cpu, c);
}

static void
timer_print (Timer      *t,
             const char *label,
             const char *note)
{
  if (t->wall->len == 0)
    return;
  g_print ("  %-34s %8.1f ms wall %8.1f ms CPU%s\n", label, median (t->wall), median (t->cpu),
           note);
  g_array_unref (t->wall);
  g_array_unref (t->cpu);
}

int
main (int    argc,
      char **argv)
{
  int cols = 300, rows = 300, n_counters = 5000, runs = 7;
  g_autofree char *keep = NULL;
  GOptionEntry entries[] = {
    { "cols", 0, 0, G_OPTION_ARG_INT, &cols, "Map columns", "N" },
    { "rows", 0, 0, G_OPTION_ARG_INT, &rows, "Map rows", "N" },
    { "counters", 0, 0, G_OPTION_ARG_INT, &n_counters, "Counters", "N" },
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Runs per step (median)", "N" },
    { "keep", 0, 0, G_OPTION_ARG_FILENAME, &keep, "Also write the file here", "FILE" },
    { NULL }
  };
  g_autoptr(GOptionContext) ctx = g_option_context_new ("- scenario load/save benchmark");
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) s = NULL;
  Timer t_gen, t_ser, t_load, t_loadf, t_save, t_valid, t_rng;
  g_autofree char *data = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *backup = NULL;
  g_autoptr(GBytes) rng = NULL;
  xmlRelaxNGPtr schema = NULL;
  struct rusage ru;
  gsize len = 0;
  guint n_problems = 0;

  timer_init (&t_gen);
  timer_init (&t_ser);
  timer_init (&t_load);
  timer_init (&t_loadf);
  timer_init (&t_save);
  timer_init (&t_valid);
  timer_init (&t_rng);
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }

  timer_start (&t_gen);
  s = generate (cols, rows, n_counters);
  timer_stop (&t_gen);

  for (int i = 0; i < runs; i++)
    {
      timer_start (&t_ser);
      g_free (data);
      data = sand_scenario_to_data (s, &len);
      timer_stop (&t_ser);
    }
  if (keep != NULL)
    g_file_set_contents (keep, data, len, NULL);

  for (int i = 0; i < runs; i++)
    {
      g_autoptr(SandScenario) loaded = NULL;

      timer_start (&t_load);
      loaded = sand_scenario_load_data (data, len, "bench.xml", &error);
      timer_stop (&t_load);
      if (loaded == NULL)
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
    }

  dir = g_dir_make_tmp ("sandtable-bench-XXXXXX", NULL);
  path = g_build_filename (dir, "bench.xml", NULL);
  backup = g_strconcat (path, "~", NULL);
  for (int i = 0; i < runs; i++)
    {
      gboolean ok;

      timer_start (&t_save);
      ok = sand_scenario_save_file (s, path, TRUE, &error);
      timer_stop (&t_save);
      if (!ok)
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
    }
  for (int i = 0; i < runs; i++)
    {
      g_autoptr(SandScenario) loaded = NULL;

      timer_start (&t_loadf);
      loaded = sand_scenario_load_file (path, &error);
      timer_stop (&t_loadf);
      g_assert (loaded != NULL);
    }
  for (int i = 0; i < runs; i++)
    {
      g_autoptr(GPtrArray) problems = NULL;

      timer_start (&t_valid);
      problems = sand_scenario_validate (s);
      timer_stop (&t_valid);
      n_problems = problems->len;
    }

  /* What RELAX NG validation would add if the loader also ran it. */
  rng = g_resources_lookup_data ("/io/github/sandtable/Sandtable/engine/schema/scenario.rng",
                                 0, NULL);
  if (rng != NULL)
    {
      gsize rlen;
      const char *rdata = g_bytes_get_data (rng, &rlen);
      xmlRelaxNGParserCtxtPtr pctx = xmlRelaxNGNewMemParserCtxt (rdata, (int) rlen);
      schema = xmlRelaxNGParse (pctx);
      xmlRelaxNGFreeParserCtxt (pctx);
    }
  /* Three runs are enough to show it is slow. */
  for (int i = 0; schema != NULL && i < MIN (runs, 3); i++)
    {
      xmlTextReaderPtr r;
      int rc;

      timer_start (&t_rng);
      r = xmlReaderForMemory (data, (int) len, "bench.xml", NULL, XML_PARSE_NONET);
      xmlTextReaderSetStructuredErrorHandler (r, quiet, NULL);
      xmlTextReaderRelaxNGSetSchema (r, schema);
      while ((rc = xmlTextReaderRead (r)) == 1)
        ;
      if (rc != 0 || xmlTextReaderIsValid (r) != 1)
        g_printerr ("RELAX NG: the generated file does not validate\n");
      xmlFreeTextReader (r);
      timer_stop (&t_rng);
    }
  if (schema != NULL)
    xmlRelaxNGFree (schema);

  getrusage (RUSAGE_SELF, &ru);
  g_print ("bench-io: %dx%d map, %u counters, %u markers, file %.2f MB, %d runs (median)\n",
           cols, rows, sand_scenario_n_counters (s),
           sand_map_n_markers (sand_scenario_get_map (s)), len / 1e6, runs);
  timer_print (&t_gen, "generate (API)", "");
  timer_print (&t_ser, "serialise (sand_scenario_to_data)", "");
  timer_print (&t_save, "save_file (atomic, fsync, backup)", "   target < 250 ms");
  timer_print (&t_load, "load_data (from memory)", "");
  timer_print (&t_loadf, "load_file", "   target < 250 ms");
  {
    g_autofree char *label = g_strdup_printf ("validate (%u problems)", n_problems);
    timer_print (&t_valid, label, "");
  }
  timer_print (&t_rng, "RELAX NG stream (not in the loader)", "");
  g_print ("  peak RSS %.1f MB\n", ru.ru_maxrss / 1024.0);

  g_unlink (path);
  g_unlink (backup);
  g_rmdir (dir);
  return 0;
}
