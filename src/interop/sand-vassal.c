/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-vassal.c: a scenario as a VASSAL module (.vmod): a zip holding
 * buildFile.xml, moduledata and images/ (the board, the pieces, a chart).
 *
 * The board is the renderer's map on the whole-pixel grid, and the
 * HexGrid's dx, dy, x0, y0 and sideways are chosen so that VASSAL's hex
 * centres (HexGridNumbering.getCenterPoint: x = (int) (col · dx) + x0,
 * y = (int) (row · dy [+ dy / 2 on odd columns]) + y0, swapped when
 * sideways) are exactly the renderer's; HexGridNumbering prints CCRR. What
 * was checked, and how, is in docs/interop.md. */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <zip.h>

#include <glib/gstdio.h>

#include <glib/gi18n-lib.h>

#include "sand-vassal-private.h"

#define VASSAL_VERSION "3.7.0"

void
sand_vassal_grid_for_map (SandMap             *map,
                          const SandPixelGrid *pg,
                          SandVassalGrid      *g)
{
  const SandGrid *grid = sand_map_get_grid (map);
  /* VASSAL shifts its odd columns (0-based) down; Sandtable's even stagger
   * shifts the columns it numbers 2, 4, 6 — the same ones. With the odd
   * stagger the first column is VASSAL's column 1, one step left of x0. */
  int k = grid->stagger == SAND_STAGGER_ODD ? 1 : 0;

  g->sideways = grid->orientation == SAND_ORIENTATION_POINTY;
  g->dx = pg->col_step;
  g->dy = pg->across;
  /* x0, y0 are in VASSAL's unswapped frame: along the staggered lines'
   * spacing, then across them. */
  g->x0 = pg->radius - k * pg->col_step;
  g->y0 = pg->across / 2;
  g->h_leading = g->v_leading = grid->id_digits - 1;
  /* getLocation ("CCRR") is getCenterPoint (C - hOff, R - vOff). */
  g->h_off = 1 - k;
  g->v_off = 1;
  g->first = g->sideways ? 'V' : 'H';
}

static void
attr (GString    *out,
      const char *name,
      const char *value)
{
  g_string_append_printf (out, " %s=\"", name);
  sand_interop_append_escaped (out, value);
  g_string_append_c (out, '"');
}

static void
write_grid (GString              *out,
            const SandVassalGrid *g)
{
  char dx[G_ASCII_DTOSTR_BUF_SIZE], dy[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_printf (out,
                          "      <VASSAL.build.module.map.boardPicker.board.HexGrid color=\"0,0,0\" "
                          "cornersLegal=\"false\" dotsVisible=\"false\" dx=\"%s\" dy=\"%s\" "
                          "edgesLegal=\"false\" sideways=\"%s\" snapTo=\"true\" visible=\"false\" "
                          "x0=\"%d\" y0=\"%d\">\n",
                          g_ascii_dtostr (dx, sizeof dx, g->dx),
                          g_ascii_dtostr (dy, sizeof dy, g->dy), g->sideways ? "true" : "false",
                          g->x0, g->y0);
  g_string_append_printf (out,
                          "        <VASSAL.build.module.map.boardPicker.board.mapgrid."
                          "HexGridNumbering color=\"0,0,0\" first=\"%c\" fontSize=\"9\" "
                          "hDescend=\"false\" hDrawOff=\"0\" hLeading=\"%d\" hOff=\"%d\" "
                          "hType=\"N\" locationFormat=\"$gridLocation$\" rotateText=\"0\" "
                          "sep=\"\" stagger=\"false\" vDescend=\"false\" vDrawOff=\"0\" "
                          "vLeading=\"%d\" vOff=\"%d\" vType=\"N\" visible=\"false\"/>\n",
                          g->first, g->h_leading, g->h_off, g->v_leading, g->v_off);
  g_string_append (out, "      </VASSAL.build.module.map.boardPicker.board.HexGrid>\n");
}

static void
piece_slot (GString    *out,
            const char *indent,
            const char *name,
            guint       gpid,
            int         px,
            const char *text)
{
  g_string_append_printf (out, "%s<VASSAL.build.widget.PieceSlot", indent);
  attr (out, "entryName", name);
  g_string_append_printf (out, " gpid=\"%u\" height=\"%d\" width=\"%d\">", gpid, px, px);
  sand_interop_append_escaped (out, text);
  g_string_append (out, "</VASSAL.build.widget.PieceSlot>\n");
}

/* The set-up: one at-start stack per hex of each side's default OOB. */
static void
write_setup (GString      *out,
             SandScenario *scenario,
             const SandPixelGrid *pg,
             GHashTable   *slots,
             int           px,
             guint        *gpid)
{
  SandMap *map = sand_scenario_get_map (scenario);
  SandRuleset *ruleset = sand_map_get_ruleset (map);
  const SandGrid *grid = sand_map_get_grid (map);
  g_autoptr (GHashTable) stacks = g_hash_table_new_full (NULL, NULL, NULL,
                                                         (GDestroyNotify) g_ptr_array_unref);
  g_autoptr (GArray) order = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint s = 0; s < sand_ruleset_n_sides (ruleset); s++)
    {
      SandOob *oob = sand_scenario_default_oob (scenario, (int) s);
      for (guint i = 0; oob != NULL && i < oob->placements->len; i++)
        {
          const SandPlacement *p = g_ptr_array_index (oob->placements, i);
          GPtrArray *stack;
          if (p->hex == SAND_HEX_NONE || !g_hash_table_contains (slots, p->counter))
            continue;
          stack = g_hash_table_lookup (stacks, GINT_TO_POINTER (p->hex));
          if (stack == NULL)
            {
              stack = g_ptr_array_new ();
              g_hash_table_insert (stacks, GINT_TO_POINTER (p->hex), stack);
              g_array_append_val (order, p->hex);
            }
          g_ptr_array_add (stack, p->counter);
        }
    }
  for (guint i = 0; i < order->len; i++)
    {
      int hex = g_array_index (order, int, i);
      GPtrArray *stack = g_hash_table_lookup (stacks, GINT_TO_POINTER (hex));
      char id[SAND_HEX_ID_MAX];
      double x, y;

      sand_grid_format_id (grid, hex, id);
      sand_pixel_grid_center (pg, map, hex, &x, &y);
      g_string_append_printf (out, "    <VASSAL.build.module.map.SetupStack location=\"%s\" "
                                   "name=\"%s\" owningBoard=\"Map\" useGridLocation=\"true\" "
                                   "x=\"%d\" y=\"%d\">\n", id, id, (int) x, (int) y);
      for (guint k = 0; k < stack->len; k++)
        piece_slot (out, "      ", g_ptr_array_index (stack, k), (*gpid)++, px,
                    g_hash_table_lookup (slots, g_ptr_array_index (stack, k)));
      g_string_append (out, "    </VASSAL.build.module.map.SetupStack>\n");
    }
}

static char *
build_file (SandScenario        *scenario,
            const SandPixelGrid *pg,
            GHashTable          *slots,
            int                  px)
{
  SandMap *map = sand_scenario_get_map (scenario);
  SandRuleset *ruleset = sand_map_get_ruleset (map);
  const char *title = sand_scenario_get_title (scenario);
  GString *out = g_string_new (NULL);
  SandVassalGrid grid;
  guint gpid = 1 + sand_scenario_n_counters (scenario);

  sand_vassal_grid_for_map (map, pg, &grid);
  g_string_append (out, "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
                        "<VASSAL.build.GameModule ModuleOther1=\"\" ModuleOther2=\"\"");
  attr (out, "VassalVersion", VASSAL_VERSION);
  attr (out, "description", sand_scenario_get_description (scenario)
                              ? sand_scenario_get_description (scenario) : "");
  attr (out, "name", title != NULL && *title ? title : sand_ruleset_get_name (ruleset));
  g_string_append_printf (out, " nextPieceSlotId=\"%u\" version=\"1.0\">\n",
                          gpid + 2 * sand_scenario_n_counters (scenario));
  g_string_append (out, "  <VASSAL.build.module.BasicCommandEncoder/>\n"
                        "  <VASSAL.build.module.Documentation/>\n"
                        "  <VASSAL.build.module.PlayerRoster buttonText=\"Retire\">\n");
  for (guint s = 0; s < sand_ruleset_n_sides (ruleset); s++)
    {
      g_string_append (out, "    <entry>");
      sand_interop_append_escaped (out, sand_ruleset_get_side (ruleset, s)->name);
      g_string_append (out, "</entry>\n");
    }
  g_string_append (out, "  </VASSAL.build.module.PlayerRoster>\n"
                        "  <VASSAL.build.module.GlobalOptions autoReport=\"Always\" "
                        "centerOnMove=\"Use Preferences Setting\" nonOwnerUnmaskable=\"Never\" "
                        "playerIdFormat=\"$PlayerName$\" promptString=\"Opponents can unmask "
                        "pieces\"/>\n"
                        "  <VASSAL.build.module.Chatter/>\n"
                        "  <VASSAL.build.module.KeyNamer/>\n"
                        "  <VASSAL.build.module.Map allowMultiple=\"false\" "
                        "backgroundcolor=\"255,255,255\" mapName=\"Main Map\" markMoved=\"Always\" "
                        "launch=\"false\">\n"
                        "    <VASSAL.build.module.map.BoardPicker title=\"Choose Boards\">\n");
  g_string_append_printf (out, "      <VASSAL.build.module.map.boardPicker.Board image=\"map.png\" "
                               "name=\"Map\" reversible=\"false\" width=\"%d\" height=\"%d\">\n",
                          pg->width, pg->height);
  write_grid (out, &grid);
  g_string_append (out, "      </VASSAL.build.module.map.boardPicker.Board>\n"
                        "    </VASSAL.build.module.map.BoardPicker>\n"
                        "    <VASSAL.build.module.map.StackMetrics bottom=\"40,40\" "
                        "disabled=\"false\" exSepX=\"6\" exSepY=\"18\" unexSepX=\"3\" "
                        "unexSepY=\"3\"/>\n"
                        "    <VASSAL.build.module.map.ForwardToKeyBuffer/>\n"
                        "    <VASSAL.build.module.map.Scroller/>\n"
                        "    <VASSAL.build.module.map.ForwardToChatter/>\n"
                        "    <VASSAL.build.module.map.MenuDisplayer/>\n"
                        "    <VASSAL.build.module.map.MapCenterer/>\n"
                        "    <VASSAL.build.module.map.StackExpander/>\n"
                        "    <VASSAL.build.module.map.PieceMover/>\n"
                        "    <VASSAL.build.module.map.KeyBufferer/>\n"
                        "    <VASSAL.build.module.map.ImageSaver/>\n"
                        "    <VASSAL.build.module.map.CounterDetailViewer/>\n"
                        "    <VASSAL.build.module.map.Zoomer zoomLevels=\"0.25,0.5,0.75,1.0,1.5,"
                        "2.0\" zoomStart=\"4\"/>\n");
  write_setup (out, scenario, pg, slots, px, &gpid);
  g_string_append (out, "  </VASSAL.build.module.Map>\n"
                        "  <VASSAL.build.module.PieceWindow name=\"Counters\" scale=\"1.0\">\n"
                        "    <VASSAL.build.widget.TabWidget entryName=\"Counters\">\n");
  for (guint s = 0; s < sand_ruleset_n_sides (ruleset); s++)
    {
      g_string_append (out, "      <VASSAL.build.widget.ListWidget");
      attr (out, "entryName", sand_ruleset_get_side (ruleset, s)->name);
      g_string_append (out, " scale=\"1.0\">\n");
      for (guint i = 0; i < sand_scenario_n_counters (scenario); i++)
        {
          const SandCounter *c = sand_scenario_get_counter (scenario, i);
          if (c->side == (int) s)
            piece_slot (out, "        ", c->id, i + 1, px, g_hash_table_lookup (slots, c->id));
        }
      g_string_append (out, "      </VASSAL.build.widget.ListWidget>\n");
    }
  g_string_append (out, "    </VASSAL.build.widget.TabWidget>\n"
                        "  </VASSAL.build.module.PieceWindow>\n"
                        "  <VASSAL.build.module.ChartWindow name=\"Charts\">\n"
                        "    <VASSAL.build.widget.TabWidget entryName=\"Charts\">\n"
                        "      <VASSAL.build.widget.Chart chartName=\"Terrain\" "
                        "description=\"Terrain Effects\" fileName=\"terrain-chart.png\"/>\n"
                        "    </VASSAL.build.widget.TabWidget>\n"
                        "  </VASSAL.build.module.ChartWindow>\n"
                        "  <VASSAL.build.module.DiceButton addToTotal=\"0\" canDisable=\"false\" "
                        "hotkey=\"68,130\" keepCount=\"1\" keepDice=\"false\" "
                        "name=\"1d6\" nDice=\"1\" nSides=\"6\" plus=\"0\" "
                        "reportFormat=\"** $name$ = $result$ *** &lt;$PlayerName$&gt;\" "
                        "reportTotal=\"false\" text=\"1d6\"/>\n"
                        "  <VASSAL.build.module.PrototypesContainer/>\n"
                        "</VASSAL.build.GameModule>\n");
  return g_string_free (out, FALSE);
}

static char *
module_data (SandScenario *scenario)
{
  const char *title = sand_scenario_get_title (scenario);
  GString *out = g_string_new (NULL);
  const char *desc = sand_scenario_get_description (scenario);

  g_string_append_printf (out, "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
                               "<data version=\"1\">\n  <version>1.0</version>\n"
                               "  <extra1/>\n  <extra2/>\n"
                               "  <VassalVersion>%s</VassalVersion>\n"
                               "  <dateSaved>%" G_GINT64_FORMAT "</dateSaved>\n"
                               "  <description>", VASSAL_VERSION,
                          g_get_real_time () / 1000);
  sand_interop_append_escaped (out, desc != NULL ? desc : "");
  g_string_append (out, "</description>\n  <name>");
  sand_interop_append_escaped (out, title != NULL && *title
                                      ? title
                                      : sand_ruleset_get_name (sand_scenario_get_ruleset (
                                          scenario)));
  g_string_append (out, "</name>\n</data>\n");
  return g_string_free (out, FALSE);
}

static gboolean
write_zip (const char *path,
           GPtrArray  *entries,
           GError    **error)
{
  g_autofree char *tmp = g_strconcat (path, ".part", NULL);
  zip_t *zip;
  int zerr = 0;

  zip = zip_open (tmp, ZIP_CREATE | ZIP_TRUNCATE, &zerr);
  if (zip == NULL)
    {
      zip_error_t ze;
      zip_error_init_with_code (&ze, zerr);
      g_set_error (error, SAND_INTEROP_ERROR, SAND_INTEROP_ERROR_WRITE, "%s: %s", path,
                   zip_error_strerror (&ze));
      zip_error_fini (&ze);
      return FALSE;
    }
  for (guint i = 0; i < entries->len; i++)
    {
      SandVassalEntry *e = g_ptr_array_index (entries, i);
      gsize len;
      const void *data = g_bytes_get_data (e->bytes, &len);
      zip_source_t *src = zip_source_buffer (zip, data, len, 0);

      if (src == NULL || zip_file_add (zip, e->name, src, ZIP_FL_OVERWRITE | ZIP_FL_ENC_UTF_8) < 0)
        {
          g_set_error (error, SAND_INTEROP_ERROR, SAND_INTEROP_ERROR_WRITE, "%s: %s", path,
                       zip_strerror (zip));
          zip_source_free (src);
          zip_discard (zip);
          return FALSE;
        }
    }
  /* zip_close writes everything; the buffers must live until then. */
  if (zip_close (zip) < 0)
    {
      g_set_error (error, SAND_INTEROP_ERROR, SAND_INTEROP_ERROR_WRITE, "%s: %s", path,
                   zip_strerror (zip));
      zip_discard (zip);
      g_unlink (tmp);
      return FALSE;
    }
  if (g_rename (tmp, path) != 0)
    {
      g_set_error (error, SAND_INTEROP_ERROR, SAND_INTEROP_ERROR_WRITE, "%s: %s", path,
                   g_strerror (errno));
      g_unlink (tmp);
      return FALSE;
    }
  return TRUE;
}

gboolean
sand_vassal_export (SandScenario            *scenario,
                    const char              *path,
                    const SandVassalOptions *options,
                    GError                 **error)
{
  g_autoptr (GPtrArray) entries = g_ptr_array_new_with_free_func (
    (GDestroyNotify) sand_vassal_entry_free);
  g_autoptr (GHashTable) slots = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  SandPixelGrid pg;
  cairo_surface_t *board;
  SandVassalEntry *e;
  int px;

  g_return_val_if_fail (SAND_IS_SCENARIO (scenario), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  sand_pixel_grid_init (&pg, sand_scenario_get_map (scenario),
                        options != NULL && options->radius_px > 0 ? options->radius_px : 36);
  /* Counters are pieces: the board carries the map alone. */
  board = sand_interop_render_map (scenario, &pg, SAND_LAYER_STATIC, 0xffffff, error);
  if (board == NULL)
    return FALSE;
  e = g_new0 (SandVassalEntry, 1);
  e->name = g_strdup ("images/map.png");
  e->bytes = sand_interop_png_bytes (board, error);
  cairo_surface_destroy (board);
  if (e->bytes == NULL)
    {
      g_free (e->name);
      g_free (e);
      return FALSE;
    }
  g_ptr_array_add (entries, e);
  px = sand_vassal_make_pieces (scenario, &pg, entries, slots, error);
  if (px < 0 || !sand_vassal_make_chart (scenario, &pg, entries, error))
    return FALSE;
  e = g_new0 (SandVassalEntry, 1);
  e->name = g_strdup ("buildFile.xml");
  {
    char *text = build_file (scenario, &pg, slots, px);
    e->bytes = g_bytes_new_take (text, strlen (text));
  }
  g_ptr_array_add (entries, e);
  e = g_new0 (SandVassalEntry, 1);
  e->name = g_strdup ("moduledata");
  {
    char *text = module_data (scenario);
    e->bytes = g_bytes_new_take (text, strlen (text));
  }
  g_ptr_array_add (entries, e);
  return write_zip (path, entries, error);
}
