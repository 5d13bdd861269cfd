/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-balance-chart.c: the balance report's pictures (see the header).
 * Plain cairo and pango, no widget, so exports match the window. */
#include "config.h"

#include <errno.h>
#include <math.h>

#include <cairo-pdf.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <pango/pangocairo.h>

#include "editor-balance-chart.h"
#include "sand-balance-stats.h"

#define MARGIN 16.0
#define ROW 26.0
#define LABEL_W 170.0
#define BAR_W 320.0
#define HIST_H 120.0
#define CELL 34.0

/* The sides' colours, as the rulesets give them (#2f5fa8, #4d4d4d…); a
 * report read from a file has only the ids, so they are fixed here. */
static const double side_rgb[][3] = {
  { 0.18, 0.37, 0.66 }, { 0.36, 0.36, 0.36 }, { 0.66, 0.25, 0.18 }, { 0.30, 0.55, 0.25 },
};

/* The colours of one drawing: the caller's, and what follows from them. */
typedef struct {
  EditorBalanceChartColors c;
  double neutral[3];        /* a matrix cell at 50%, a bar's empty track */
} Ink;

void
editor_balance_chart_colors_paper (EditorBalanceChartColors *out)
{
  *out = (EditorBalanceChartColors) { { 0, 0, 0, 1 }, { 1, 1, 1, 1 }, TRUE, FALSE };
}

static void
ink_init (Ink *ink, const EditorBalanceChartColors *colors)
{
  if (colors != NULL)
    ink->c = *colors;
  else
    editor_balance_chart_colors_paper (&ink->c);
  /* The track and the 50% cell sit a little off the background, the
   * foreground's way. */
  for (int i = 0; i < 3; i++)
    ink->neutral[i] = ink->c.bg[i] + (ink->c.fg[i] - ink->c.bg[i]) * 0.08;
}

static void
set_fg (cairo_t *cr, const Ink *ink)
{
  cairo_set_source_rgba (cr, ink->c.fg[0], ink->c.fg[1], ink->c.fg[2], ink->c.fg[3]);
}

/* A side's colour: on a dark background lifted towards white, so the
 * German grey stays apart from it. */
static void
side_colour (const Ink *ink, int side, double out[3])
{
  const double *c = side_rgb[side % G_N_ELEMENTS (side_rgb)];
  for (int i = 0; i < 3; i++)
    out[i] = ink->c.dark ? c[i] + (1 - c[i]) * 0.35 : c[i];
}

/* Black or white, whichever reads on @rgb. */
static void
set_text_on (cairo_t *cr, const double rgb[3])
{
  double l = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
  double v = l < 0.5 ? 1 : 0;
  cairo_set_source_rgb (cr, v, v, v);
}

static void
text (cairo_t *cr, double x, double y, const char *s, double size, gboolean right)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans");
  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, s, -1);
  int w, h;
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, right ? x - w : x, y - h / 2.0);
  pango_cairo_show_layout (cr, layout);
  pango_font_description_free (font);
  g_object_unref (layout);
}

static gboolean
is_matrix (const SandBalanceReport *r)
{
  return r->pairings->len > 1 && r->n_sides == 2;
}

/* The distinct OOB ids of @side in the pairings, in first-seen order. */
static GPtrArray *
axis (const SandBalanceReport *r, int side)
{
  GPtrArray *ids = g_ptr_array_new ();
  for (guint p = 0; p < r->pairings->len; p++)
    {
      const SandBalancePairing *pr = g_ptr_array_index (r->pairings, p);
      gboolean seen = FALSE;
      for (guint i = 0; i < ids->len; i++)
        seen |= g_strcmp0 (g_ptr_array_index (ids, i), pr->oob[side]) == 0;
      if (!seen)
        g_ptr_array_add (ids, pr->oob[side]);
    }
  return ids;
}

/* Where the pictures go at a width: the bars and the histograms take the
 * room a wide window gives (the bars up to 2.5 times their natural length,
 * so a 50% line and a whisker stay readable), and from twice the natural
 * width on the two histograms stand side by side, taller. At the natural
 * width (the exports) this is the fixed layout. */
typedef struct {
  double bar_w;
  double hist_w, hist_h;    /* one histogram's plot */
  gboolean side_by_side;
} Layout;

#define NATURAL_W (2 * MARGIN + LABEL_W + BAR_W + 80)
#define HIST_GAP 40.0

static void
layout_for (int width, Layout *l)
{
  double w = MAX (width, NATURAL_W);
  double natural_hist = LABEL_W + BAR_W - 40;
  l->bar_w = CLAMP (w - (NATURAL_W - BAR_W), BAR_W, 2.5 * BAR_W);
  l->side_by_side = w >= 2 * NATURAL_W;
  /* each plot: the width less its margins and its count axis (40) */
  l->hist_w = l->side_by_side ? (w - 2 * MARGIN - HIST_GAP) / 2 - 40
                              : natural_hist + (w - NATURAL_W);
  l->hist_w = MAX (l->hist_w, natural_hist);
  /* stacked, they keep their height: two tall ones would push the games
   * list out of view */
  l->hist_h = l->side_by_side ? HIST_H * CLAMP (l->hist_w / natural_hist, 1.0, 1.6) : HIST_H;
}

static double
top_height (const SandBalanceReport *r)
{
  double h = MARGIN + 24;
  h += r->pairings->len * (r->n_sides * ROW + 10);
  if (is_matrix (r))
    {
      g_autoptr(GPtrArray) rows = axis (r, 0);
      h += 40 + rows->len * CELL;
    }
  return h;
}

int
editor_balance_chart_height_for_width (const SandBalanceReport *r,
                                       int                      width)
{
  Layout l;
  layout_for (width, &l);
  double hist = l.hist_h + 60;
  return (int) (top_height (r) + (l.side_by_side ? 1 : 2) * hist + MARGIN);
}

void
editor_balance_chart_size (const SandBalanceReport *r,
                           int                     *width,
                           int                     *height)
{
  *width = (int) NATURAL_W;
  *height = editor_balance_chart_height_for_width (r, *width);
}

static double
draw_bars (cairo_t *cr, const Ink *ink, const Layout *l, const SandBalanceReport *r,
           double y)
{
  set_fg (cr, ink);
  /* xgettext:no-c-format */
  text (cr, MARGIN, y, _("Win rate, with its 95% interval"), 14, FALSE);
  y += 24;
  for (guint p = 0; p < r->pairings->len; p++)
    {
      const SandBalancePairing *pr = g_ptr_array_index (r->pairings, p);
      SandBalanceStats st;
      sand_balance_stats_compute (r, pr, &st);
      g_autofree char *name = sand_balance_pairing_name (r, pr);
      set_fg (cr, ink);
      text (cr, MARGIN, y + ROW / 2, name, 11, FALSE);
      for (int s = 0; s < r->n_sides; s++)
        {
          double x0 = MARGIN + LABEL_W, yy = y + s * ROW + 4, h = ROW - 8;
          double c[3];
          side_colour (ink, s, c);
          cairo_set_source_rgb (cr, ink->neutral[0], ink->neutral[1], ink->neutral[2]);
          cairo_rectangle (cr, x0, yy, l->bar_w, h);
          cairo_fill (cr);
          cairo_set_source_rgb (cr, c[0], c[1], c[2]);
          cairo_rectangle (cr, x0, yy, l->bar_w * st.side[s].rate, h);
          cairo_fill (cr);
          /* The whisker: the Wilson interval, with end ticks. */
          double lo = x0 + l->bar_w * st.side[s].low, hi = x0 + l->bar_w * st.side[s].high;
          set_fg (cr, ink);
          cairo_set_line_width (cr, 1.5);
          cairo_move_to (cr, lo, yy + h / 2);
          cairo_line_to (cr, hi, yy + h / 2);
          cairo_move_to (cr, lo, yy + 2);
          cairo_line_to (cr, lo, yy + h - 2);
          cairo_move_to (cr, hi, yy + 2);
          cairo_line_to (cr, hi, yy + h - 2);
          cairo_stroke (cr);
          g_autofree char *label = g_strdup_printf ("%s %.0f%%", r->side_ids[s],
                                                    100 * st.side[s].rate);
          text (cr, x0 + l->bar_w + 6, yy + h / 2, label, 10, FALSE);
        }
      /* 50%: where a balanced scenario's bars end. */
      if (ink->c.dark)
        cairo_set_source_rgba (cr, 1.0, 0.45, 0.4, 0.8);
      else
        cairo_set_source_rgba (cr, 0.8, 0.1, 0.1, 0.6);
      cairo_set_line_width (cr, 1);
      cairo_move_to (cr, MARGIN + LABEL_W + l->bar_w / 2, y);
      cairo_line_to (cr, MARGIN + LABEL_W + l->bar_w / 2, y + r->n_sides * ROW);
      cairo_stroke (cr);
      y += r->n_sides * ROW + 10;
      sand_balance_stats_clear (&st);
    }
  return y;
}

static double
draw_matrix (cairo_t *cr, const Ink *ink, const SandBalanceReport *r, double y)
{
  g_autoptr(GPtrArray) rows = axis (r, 0);
  g_autoptr(GPtrArray) cols = axis (r, 1);
  g_autofree char *title = g_strdup_printf (_("%s win rate by pairing"), r->side_ids[0]);
  set_fg (cr, ink);
  text (cr, MARGIN, y + 10, title, 14, FALSE);
  y += 30;
  double x0 = MARGIN + 60;
  for (guint c = 0; c < cols->len; c++)
    text (cr, x0 + c * CELL + 4, y, g_ptr_array_index (cols, c) ? g_ptr_array_index (cols, c)
                                                                : "–", 10, FALSE);
  y += 10;
  for (guint p = 0; p < r->pairings->len; p++)
    {
      const SandBalancePairing *pr = g_ptr_array_index (r->pairings, p);
      guint row = 0, col = 0;
      for (guint i = 0; i < rows->len; i++)
        if (g_strcmp0 (g_ptr_array_index (rows, i), pr->oob[0]) == 0)
          row = i;
      for (guint i = 0; i < cols->len; i++)
        if (g_strcmp0 (g_ptr_array_index (cols, i), pr->oob[1]) == 0)
          col = i;
      SandBalanceStats st;
      sand_balance_stats_compute (r, pr, &st);
      /* Neutral at 50%, the side's colour towards 100%, the other's
       * towards 0. */
      double rate = st.side[0].rate, t = fabs (rate - 0.5) * 2;
      double c[3], cell[3];
      side_colour (ink, rate >= 0.5 ? 0 : 1, c);
      for (int i = 0; i < 3; i++)
        cell[i] = ink->neutral[i] + (c[i] - ink->neutral[i]) * t;
      cairo_set_source_rgb (cr, cell[0], cell[1], cell[2]);
      cairo_rectangle (cr, x0 + col * CELL, y + row * CELL, CELL - 2, CELL - 2);
      cairo_fill (cr);
      g_autofree char *pct = g_strdup_printf ("%.0f", 100 * rate);
      set_text_on (cr, cell);
      text (cr, x0 + col * CELL + 6, y + row * CELL + CELL / 2 - 1, pct, 10, FALSE);
      sand_balance_stats_clear (&st);
    }
  set_fg (cr, ink);
  for (guint i = 0; i < rows->len; i++)
    text (cr, x0 - 6, y + i * CELL + CELL / 2, g_ptr_array_index (rows, i) ?
          g_ptr_array_index (rows, i) : "–", 10, TRUE);
  return y + rows->len * CELL + 10;
}

static double
draw_histogram (cairo_t *cr, const Ink *ink, const Layout *l, const char *title,
                const SandBalanceHistogram *h, double x, double y)
{
  set_fg (cr, ink);
  text (cr, x, y + 10, title, 14, FALSE);
  y += 26;
  guint max = 1;
  for (guint i = 0; i < h->counts->len; i++)
    max = MAX (max, g_array_index (h->counts, guint, i));
  /* A few bins (a short run: every game of the same length) stay bars,
   * not one block the width of the chart. */
  double x0 = x + 40, w = MIN (l->hist_w / MAX (h->counts->len, 1), 48.0 * l->hist_w
                                                                   / (LABEL_W + BAR_W - 40));
  for (guint i = 0; i < h->counts->len; i++)
    {
      double bh = l->hist_h * g_array_index (h->counts, guint, i) / max;
      if (ink->c.dark)
        cairo_set_source_rgb (cr, 0.50, 0.62, 0.80);
      else
        cairo_set_source_rgb (cr, 0.35, 0.45, 0.6);
      cairo_rectangle (cr, x0 + i * w + 1, y + l->hist_h - bh, w - 2, bh);
      cairo_fill (cr);
    }
  set_fg (cr, ink);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, x0, y + l->hist_h + 0.5);
  cairo_line_to (cr, x0 + w * h->counts->len, y + l->hist_h + 0.5);
  cairo_stroke (cr);
  g_autofree char *from = g_strdup_printf ("%d", h->from);
  /* The bins' lower bounds: the last label is the last bin's. */
  g_autofree char *to = g_strdup_printf ("%d", h->from + h->width * ((int) h->counts->len - 1));
  g_autofree char *top = g_strdup_printf ("%u", max);
  text (cr, x0, y + l->hist_h + 10, from, 10, FALSE);
  if (h->counts->len > 1)
    text (cr, x0 + w * h->counts->len, y + l->hist_h + 10, to, 10, TRUE);
  text (cr, x0 - 4, y + 4, top, 10, TRUE);
  return y + l->hist_h + 24;
}

void
editor_balance_chart_draw (cairo_t                        *cr,
                           const SandBalanceReport        *r,
                           guint                           pairing,
                           const EditorBalanceChartColors *colors,
                           int                             width,
                           int                             height)
{
  Ink ink;
  ink_init (&ink, colors);
  cairo_save (cr);
  if (ink.c.fill)
    {
      cairo_set_source_rgba (cr, ink.c.bg[0], ink.c.bg[1], ink.c.bg[2], ink.c.bg[3]);
      cairo_rectangle (cr, 0, 0, width, height);
      cairo_fill (cr);
    }
  if (r == NULL || r->pairings->len == 0)
    {
      cairo_restore (cr);
      return;
    }
  Layout l;
  layout_for (width, &l);
  double y = draw_bars (cr, &ink, &l, r, MARGIN + 8);
  if (is_matrix (r))
    y = draw_matrix (cr, &ink, r, y + 10);
  const SandBalancePairing *pr = g_ptr_array_index (r->pairings,
                                                    MIN (pairing, r->pairings->len - 1));
  SandBalanceStats st;
  sand_balance_stats_compute (r, pr, &st);
  g_autofree char *name = sand_balance_pairing_name (r, pr);
  g_autofree char *vp = g_strdup_printf (_("Net victory points (%s)"), name);
  double y2 = draw_histogram (cr, &ink, &l, vp, &st.net_histogram, MARGIN, y + 10);
  if (l.side_by_side)
    draw_histogram (cr, &ink, &l, _("Turn from which the winner led for good"),
                    &st.lead_histogram, MARGIN + 40 + l.hist_w + HIST_GAP, y + 10);
  else
    draw_histogram (cr, &ink, &l, _("Turn from which the winner led for good"),
                    &st.lead_histogram, MARGIN, y2 + 10);
  sand_balance_stats_clear (&st);
  cairo_restore (cr);
}

gboolean
editor_balance_chart_export (const SandBalanceReport *r,
                             guint                    pairing,
                             GFile                   *file,
                             GError                 **error)
{
  g_autofree char *path = g_file_get_path (file);
  int w, h;
  cairo_status_t status;

  if (path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("Pictures are saved to local files only."));
      return FALSE;
    }
  editor_balance_chart_size (r, &w, &h);
  g_autofree char *lower = g_ascii_strdown (path != NULL ? path : "", -1);
  gboolean pdf = g_str_has_suffix (lower, ".pdf");
  g_autofree char *tmp = g_strconcat (path, ".part", NULL);
  cairo_surface_t *surface = pdf ? cairo_pdf_surface_create (tmp, w, h)
                                 : cairo_image_surface_create (CAIRO_FORMAT_RGB24, 2 * w, 2 * h);
  cairo_t *cr = cairo_create (surface);
  if (!pdf)
    cairo_scale (cr, 2, 2);
  editor_balance_chart_draw (cr, r, pairing, NULL, w, h);
  cairo_destroy (cr);
  if (pdf)
    {
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
    }
  else
    status = cairo_surface_write_to_png (surface, tmp);
  cairo_surface_destroy (surface);
  /* Written beside, then renamed: a failed export leaves the old file. */
  if (status != CAIRO_STATUS_SUCCESS || g_rename (tmp, path) != 0)
    {
      g_unlink (tmp);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not write %s: %s"), path,
                   status != CAIRO_STATUS_SUCCESS ? cairo_status_to_string (status)
                                                  : g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}
