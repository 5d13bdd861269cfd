/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-print-counters.c: counter sheets. Every counter of the counter mix,
 * then the markers the ruleset lists (its "counter-markers" table), each a
 * piece with a front and a back. A back is the reduced face (one step
 * fewer, or the printed reduced strength), the other face of a two-faced
 * unit, or — for the unit types a dummy imitates (a unit type's "imitates"
 * param), whose identities the rules hide — the side's plain back, alike
 * for dummy and unit. Fortifications (map markers) get pieces too. The
 * markers table gives each marker's text, back, side, count and the rule
 * option it belongs to. Pieces are drawn by the canvas's counter renderer;
 * cut marks, registration marks, bleed and the back offset are the
 * sheet's. */
#include "config.h"

#include "sand-print-kit-private.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#define MARKERS_TABLE "counter-markers"

double
sand_print_counters_default_mm (SandScenario *scenario)
{
  /* Step counters carry more on their face (band, steps, quality, MA):
   * they are printed larger, as such games print them. */
  for (guint i = 0; i < sand_scenario_n_counters (scenario); i++)
    if (sand_scenario_get_counter (scenario, i)->steps > 0)
      return 16.0;
  return 12.7;
}

static gboolean *
hidden_types (SandRuleset *ruleset)
{
  guint n = sand_ruleset_n_unit_types (ruleset);
  gboolean *hidden = g_new0 (gboolean, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    {
      const SandUnitTypeDef *def = sand_ruleset_get_unit_type (ruleset, i);
      const char *imitates = sand_params_str (def->params, "imitates", NULL);
      g_auto (GStrv) ids = NULL;

      if (imitates == NULL)
        continue;
      hidden[i] = TRUE;
      ids = g_strsplit_set (imitates, " ,", -1);
      for (guint k = 0; ids[k] != NULL; k++)
        {
          int t = sand_ruleset_find_unit_type (ruleset, ids[k]);

          if (t >= 0)
            hidden[t] = TRUE;
        }
    }
  return hidden;
}

static void
add_piece (SandPrintKit *self,
           SandPiece    *piece,
           int          *cell)
{
  int per_sheet = sand_sheet_layout_per_sheet (&self->sheet_layout);

  piece->sheet = *cell / per_sheet;
  piece->cell = *cell % per_sheet;
  (*cell)++;
  g_array_append_val (self->pieces, *piece);
}

/* Each side's counters and the markers start on a fresh row, so a sheet
 * reads as groups. */
static void
new_row (SandPrintKit *self,
         int          *cell)
{
  int cols = self->sheet_layout.cols;

  *cell = (*cell + cols - 1) / cols * cols;
}

static void
add_counter_pieces (SandPrintKit      *self,
                    const SandCounter *c,
                    const gboolean    *hidden,
                    int               *cell)
{
  SandRuleset *ruleset = sand_scenario_get_ruleset (self->scenario);
  guint n_types = sand_ruleset_n_unit_types (ruleset);
  const SandUnitTypeDef *type = c->type >= 0 && (guint) c->type < n_types
                                  ? sand_ruleset_get_unit_type (ruleset, (guint) c->type) : NULL;
  gboolean hide = type != NULL && hidden[c->type];
  SandPiece piece = { 0 };

  piece.side = c->side;
  piece.front.counter = piece.back.counter = c;
  piece.front.hex = piece.back.hex = SAND_HEX_NONE;
  piece.front.flags = piece.back.flags = SAND_COUNTER_DRAW_PRINT;

  if (c->steps > 0)
    {
      const char *face = type != NULL ? sand_params_str (type->params, "two-faced", NULL) : NULL;

      if (face != NULL)
        {
          /* Fire side up front, movement side behind: the front wears the
           * badge of the state the ruleset names (LFAF: deployed). */
          piece.front.strength = piece.back.strength = c->steps;
          piece.front.states[0] = face;
          add_piece (self, &piece, cell);
          return;
        }
      /* Two steps a piece: full and reduced, then a replacement piece for
       * the steps beyond. */
      for (int left = c->steps; left > 0; left -= 2)
        {
          piece.front.strength = left;
          piece.back.strength = left - 1;
          piece.back.flags = SAND_COUNTER_DRAW_PRINT | SAND_COUNTER_DRAW_REDUCED;
          piece.back_common = left == 1;
          add_piece (self, &piece, cell);
        }
      return;
    }

  piece.front.strength = c->strength;
  if (hide)
    {
      piece.back_common = TRUE;
      add_piece (self, &piece, cell);
      if (c->reduced > 0)
        {
          /* Losses swap the counter for its reduced one, face down too. */
          piece.front.strength = c->reduced;
          piece.front.flags |= SAND_COUNTER_DRAW_REDUCED;
          add_piece (self, &piece, cell);
        }
      return;
    }
  if (c->reduced > 0)
    {
      piece.back.strength = c->reduced;
      piece.back.flags |= SAND_COUNTER_DRAW_REDUCED;
    }
  else
    piece.back_common = TRUE;
  add_piece (self, &piece, cell);
}

static void
add_marker_pieces (SandPrintKit *self,
                   int          *cell)
{
  SandRuleset *ruleset = sand_scenario_get_ruleset (self->scenario);
  const SandTable *table = sand_ruleset_get_table (ruleset, MARKERS_TABLE);
  int col_name, col_back, col_side, col_count, col_option;

  if (table == NULL)
    return;
  col_name = sand_table_find_column (table, "name");
  col_back = sand_table_find_column (table, "back");
  col_side = sand_table_find_column (table, "side");
  col_count = sand_table_find_column (table, "count");
  col_option = sand_table_find_column (table, "option");
  if (col_name < 0)
    return;
  new_row (self, cell);
  for (guint r = 0; r < table->rows->len; r++)
    {
      const SandTableRow *row = g_ptr_array_index (table->rows, r);
      const char *name = row->cells[col_name];
      const char *back = col_back >= 0 ? row->cells[col_back] : "=";
      const char *side = col_side >= 0 ? row->cells[col_side] : "none";
      int count = col_count >= 0 ? CLAMP (atoi (row->cells[col_count]), 0, 200) : 1;
      const char *option = col_option >= 0 ? row->cells[col_option] : NULL;
      int first = -1, last = -1;

      /* Markers of an optional rule only when the scenario plays it. */
      if (option != NULL && *option != '\0' && !sand_scenario_has_option (self->scenario, option))
        continue;
      if (g_strcmp0 (side, "each") == 0)
        first = 0, last = (int) sand_ruleset_n_sides (ruleset) - 1;
      else if (sand_ruleset_find_side (ruleset, side) >= 0)
        first = last = sand_ruleset_find_side (ruleset, side);
      for (int s = first; s <= last; s++)
        for (int k = 0; k < count; k++)
          {
            SandPiece piece = { 0 };

            piece.marker = TRUE;
            piece.side = s;
            piece.label = name;
            /* "=": the same both sides; "-": a plain back (markers played
             * face down); else the back's own text. */
            if (g_strcmp0 (back, "-") == 0)
              piece.back_common = TRUE;
            else
              piece.back_label = g_strcmp0 (back, "=") == 0 || back == NULL ? name : back;
            add_piece (self, &piece, cell);
          }
    }
}

/* Fortifications stand on the map as markers; in the box they are
 * counters like the units (a hexagon with their strength), so each gets a
 * piece of its side. */
static void
add_fort_pieces (SandPrintKit *self,
                 int           side,
                 const gboolean *hidden,
                 int          *cell)
{
  SandRuleset *ruleset = sand_scenario_get_ruleset (self->scenario);
  SandMap *map = sand_scenario_get_map (self->scenario);
  int type = -1;

  for (guint t = 0; t < sand_ruleset_n_unit_types (ruleset) && type < 0; t++)
    if (g_strcmp0 (sand_ruleset_get_unit_type (ruleset, t)->symbol, "fort") == 0)
      type = (int) t;
  for (guint i = 0; i < sand_map_n_markers (map); i++)
    {
      const SandMarker *m = sand_map_get_marker (map, i);
      SandCounter *c;

      if (m->kind != SAND_MARKER_FORT || m->side != side)
        continue;
      c = sand_counter_new ();
      c->id = g_strdup_printf ("fort-%d", m->hex);
      c->side = m->side;
      c->type = type;
      c->name = g_strdup (m->name != NULL ? m->name : "");
      c->strength = m->strength;
      c->reduced = -1;
      g_ptr_array_add (self->owned_counters, c);
      add_counter_pieces (self, c, hidden, cell);
    }
}

void
sand_print_counters_build (SandPrintKit *self)
{
  SandRuleset *ruleset = sand_scenario_get_ruleset (self->scenario);
  g_autofree gboolean *hidden = hidden_types (ruleset);
  guint n_sides = sand_ruleset_n_sides (ruleset);
  int cell = 0;

  for (int s = -1; s < (int) n_sides; s++)
    {
      gboolean any = FALSE;

      for (guint i = 0; i < sand_scenario_n_counters (self->scenario); i++)
        {
          const SandCounter *c = sand_scenario_get_counter (self->scenario, i);

          /* Counters of no known side come first, after the sides in order. */
          if (s >= 0 ? c->side != s : c->side >= 0 && (guint) c->side < n_sides)
            continue;
          if (!any)
            new_row (self, &cell);
          any = TRUE;
          add_counter_pieces (self, c, hidden, &cell);
        }
      if (s >= 0)
        add_fort_pieces (self, s, hidden, &cell);
    }
  add_marker_pieces (self, &cell);
  self->n_sheets = self->pieces->len > 0
                     ? g_array_index (self->pieces, SandPiece, self->pieces->len - 1).sheet + 1
                     : 0;
  /* One sheet: the rows it uses, centred, rather than the rows that fit
   * from the top (cells keep their row and column). */
  if (self->n_sheets == 1)
    sand_sheet_layout_set_rows (&self->sheet_layout,
                                g_array_index (self->pieces, SandPiece,
                                               self->pieces->len - 1).cell /
                                  self->sheet_layout.cols + 1);
}

/* Drawing */

static SandRgb
side_color (SandPrintKit *self,
            int           side)
{
  SandRenderer *r = self->renderer;

  if (side >= 0 && (guint) side < r->n_sides)
    return r->side_rgb[side];
  return (SandRgb) { 0.93, 0.88, 0.66 };
}

static SandRgb
marker_color (SandPrintKit *self,
              int           side)
{
  if (side < 0)
    return side_color (self, side);
  return sand_render_mix (side_color (self, side), (SandRgb) { 1, 1, 1 }, 0.55);
}

static void
draw_plain (SandPrintKit *self,
            cairo_t      *cr,
            SandRgb       bg,
            double        x,
            double        y,
            double        l)
{
  cairo_rectangle (cr, x - l / 2, y - l / 2, l, l);
  sand_render_set_rgb (cr, bg, 1);
  cairo_fill_preserve (cr);
  sand_render_set_rgb (cr, sand_render_mix (bg, (SandRgb) { 0, 0, 0 }, 0.45), 1);
  cairo_set_line_width (cr, l * 0.035);
  cairo_stroke (cr);
}

static void
draw_marker (SandPrintKit *self,
             cairo_t      *cr,
             const char   *label,
             int           side,
             double        x,
             double        y,
             double        l)
{
  SandRgb bg = marker_color (self, side);
  double size = l * 0.2, h;
  PangoRectangle logical;

  draw_plain (self, cr, bg, x, y, l);
  /* The largest size up to a fifth of the side at which the wrapped text
   * fits the face. */
  g_auto (GStrv) words = g_strsplit (label, " ", -1);

  /* The largest size up to a fifth of the side at which the longest word
   * fits across and the wrapped text fits the face: words are not broken. */
  for (;; size *= 0.92)
    {
      double widest = 0;

      for (guint i = 0; words[i] != NULL; i++)
        {
          sand_print_text_set (self->layout, words[i], size, TRUE, -1);
          pango_layout_get_extents (self->layout, NULL, &logical);
          widest = MAX (widest, (double) logical.width / PANGO_SCALE);
        }
      h = sand_print_text_set (self->layout, label, size, TRUE, l * 0.88);
      pango_layout_set_wrap (self->layout, PANGO_WRAP_WORD);
      pango_layout_get_extents (self->layout, NULL, &logical);
      h = (double) logical.height / PANGO_SCALE;
      if ((h <= l * 0.82 && widest <= l * 0.88) || size < l * 0.06)
        break;
    }
  pango_layout_set_alignment (self->layout, PANGO_ALIGN_CENTER);
  sand_render_set_rgb (cr, sand_render_is_dark (bg) ? (SandRgb) { 1, 1, 1 }
                                                    : (SandRgb) { 0.06, 0.06, 0.06 }, 1);
  sand_print_text_show (cr, self->layout, x - l * 0.44, y - h / 2);
  pango_layout_set_alignment (self->layout, PANGO_ALIGN_LEFT);
}

/* The bleed: the face's colours carried past the cut line, so that a cut
 * a little off shows no white. */
static void
draw_bleed (SandPrintKit    *self,
            cairo_t         *cr,
            const SandPiece *piece,
            gboolean         back,
            double           x,
            double           y)
{
  double l = self->counter_mm, b = self->sheet_layout.bleed;
  const SandCounter *c = piece->front.counter;
  SandRgb bg = piece->marker && !(back && piece->back_common) ? marker_color (self, piece->side)
                                                              : side_color (self, piece->side);

  if (b <= 0)
    return;
  cairo_rectangle (cr, x - l / 2 - b, y - l / 2 - b, l + 2 * b, l + 2 * b);
  sand_render_set_rgb (cr, bg, 1);
  cairo_fill (cr);
  if (!piece->marker && !(back && piece->back_common) &&
      (c->steps > 0 || c->parent != NULL || c->band != NULL))
    {
      /* Step counters carry a band across their top. */
      SandRgb band = sand_render_mix (bg, (SandRgb) { 0, 0, 0 }, 0.3);

      if (c->band != NULL)
        sand_renderer_parse_color (c->band, &band.r, &band.g, &band.b);
      cairo_rectangle (cr, x - l / 2 - b, y - l / 2 - b, l + 2 * b, b + l * 0.22);
      sand_render_set_rgb (cr, band, 1);
      cairo_fill (cr);
    }
}

static void
draw_face (SandPrintKit    *self,
           cairo_t         *cr,
           const SandPiece *piece,
           gboolean         back,
           double           x,
           double           y)
{
  double l = self->counter_mm;

  draw_bleed (self, cr, piece, back, x, y);
  if (back && piece->back_common)
    draw_plain (self, cr, piece->marker ? marker_color (self, piece->side)
                                        : side_color (self, piece->side), x, y, l);
  else if (piece->marker)
    draw_marker (self, cr, back ? piece->back_label : piece->label, piece->side, x, y, l);
  else
    sand_renderer_draw_counter (self->renderer, cr, back ? &piece->back : &piece->front,
                                x, y, l);
  if (self->sheet_layout.bleed <= 0)
    {
      /* Cut lines: on the face's edge when there is no bleed to keep. */
      cairo_rectangle (cr, x - l / 2, y - l / 2, l, l);
      cairo_set_source_rgb (cr, 0.25, 0.25, 0.25);
      cairo_set_line_width (cr, 0.1);
      cairo_stroke (cr);
    }
}

static void
registration_mark (cairo_t *cr,
                   double   x,
                   double   y)
{
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 0.15);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, 1.6, 0, 2 * G_PI);
  cairo_move_to (cr, x - 3, y);
  cairo_line_to (cr, x + 3, y);
  cairo_move_to (cr, x, y - 3);
  cairo_line_to (cr, x, y + 3);
  cairo_stroke (cr);
}

/* Cut marks in the margin along every row and column edge of the used
 * cells, and registration marks at the grid's corners; (dx, dy) moves them
 * with the backs, and @mirror_* place them for a back. */
static void
draw_sheet_marks (SandPrintKit *self,
                  cairo_t      *cr,
                  int           used_rows,
                  gboolean      back)
{
  const SandSheetLayout *L = &self->sheet_layout;
  double gx0 = L->x0, gy0 = L->y0;
  double gx1 = L->x0 + L->cols * L->pitch, gy1 = L->y0 + used_rows * L->pitch;
  double corners[4][2] = { { gx0 - 5, gy0 - 5 }, { gx1 + 5, gy0 - 5 },
                           { gx0 - 5, gy1 + 5 }, { gx1 + 5, gy1 + 5 } };

  cairo_save (cr);
  if (back)
    {
      /* The back's marks are the front's, turned over, then offset. */
      cairo_translate (cr, L->back_dx, L->back_dy);
      if (L->duplex == SAND_DUPLEX_LONG)
        {
          cairo_translate (cr, L->page_w, 0);
          cairo_scale (cr, -1, 1);
        }
      else
        {
          cairo_translate (cr, 0, L->page_h);
          cairo_scale (cr, 1, -1);
        }
    }
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 0.15);
  for (int c = 0; c <= L->cols; c++)
    for (int e = 0; e < 2; e++)
      {
        double x = gx0 + c * L->pitch + (e == 0 ? L->bleed : -L->bleed);

        if ((c == 0 && e == 1) || (c == L->cols && e == 0))
          continue;
        cairo_move_to (cr, x, gy0 - 1.5);
        cairo_line_to (cr, x, gy0 - 4.5);
        cairo_move_to (cr, x, gy1 + 1.5);
        cairo_line_to (cr, x, gy1 + 4.5);
      }
  for (int r = 0; r <= used_rows; r++)
    for (int e = 0; e < 2; e++)
      {
        double y = gy0 + r * L->pitch + (e == 0 ? L->bleed : -L->bleed);

        if ((r == 0 && e == 1) || (r == used_rows && e == 0))
          continue;
        cairo_move_to (cr, gx0 - 1.5, y);
        cairo_line_to (cr, gx0 - 4.5, y);
        cairo_move_to (cr, gx1 + 1.5, y);
        cairo_line_to (cr, gx1 + 4.5, y);
      }
  cairo_stroke (cr);
  for (int i = 0; i < 4; i++)
    registration_mark (cr, corners[i][0], corners[i][1]);
  cairo_restore (cr);
}

void
sand_print_sheet_draw (SandPrintKit    *self,
                       cairo_t         *cr,
                       int              sheet,
                       SandKitPageKind  kind)
{
  const SandSheetLayout *L = &self->sheet_layout;
  const char *how = NULL;
  g_autofree char *title = NULL;
  int used = 0;

  for (guint i = 0; i < self->pieces->len; i++)
    {
      const SandPiece *piece = &g_array_index (self->pieces, SandPiece, i);
      double x, y;

      if (piece->sheet != sheet)
        continue;
      used = MAX (used, piece->cell / L->cols + 1);
      if (kind != SAND_KIT_PAGE_SHEET_BACK)
        {
          sand_sheet_layout_front (L, piece->cell, &x, &y);
          draw_face (self, cr, piece, FALSE, x, y);
        }
      if (kind != SAND_KIT_PAGE_SHEET_FRONT)
        {
          sand_sheet_layout_back (L, piece->cell, &x, &y);
          draw_face (self, cr, piece, TRUE, x, y);
        }
    }
  if (kind != SAND_KIT_PAGE_SHEET_BACK)
    draw_sheet_marks (self, cr, used, FALSE);
  if (kind != SAND_KIT_PAGE_SHEET_FRONT)
    draw_sheet_marks (self, cr, used, TRUE);

  if (kind == SAND_KIT_PAGE_SHEET_FOLD)
    {
      double dash = 2.0;

      cairo_set_dash (cr, &dash, 1, 0);
      cairo_set_source_rgb (cr, 0.4, 0.4, 0.4);
      cairo_set_line_width (cr, 0.2);
      cairo_move_to (cr, SAND_PRINT_MARGIN / 2, L->page_h / 2);
      cairo_line_to (cr, L->page_w - SAND_PRINT_MARGIN / 2, L->page_h / 2);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      how = _("fronts above the dashed line, backs below: fold along it, glue, then cut");
    }
  else if (kind == SAND_KIT_PAGE_SHEET_BACK)
    how = L->duplex == SAND_DUPLEX_LONG
            ? _("backs: print on the reverse of the fronts, two-sided, flip on the long edge")
            : _("backs: print on the reverse of the fronts, two-sided, flip on the short edge");
  else
    how = _("fronts: the next page holds their backs");
  title = g_strdup_printf (_("Counter sheet %d — %s"), sheet + 1, how);
  sand_print_text_set (self->layout, title, 3.2, TRUE, L->page_w - 2 * SAND_PRINT_MARGIN);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  sand_print_text_show (cr, self->layout, L->x0, 2.5);
}
