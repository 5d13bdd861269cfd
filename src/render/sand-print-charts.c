/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-print-charts.c: the charts beside the board, read from the ruleset
 * and the scenario through their public API: terrain effects, every table
 * the ruleset holds (combat results and the like) with its note, the
 * modifiers and values of the rules, the turn record with reinforcements,
 * each order of battle's set-up card and the victory conditions. What the
 * data marks as reconstructed is marked so on the page ("†").
 *
 * Charts are lines (headings, paragraphs, table rows); sand-print-chart-
 * pages.c measures, pages and draws them. */
#include "config.h"

#include "sand-print-kit-private.h"
#include "sand-ruleset-labels.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#define RECONSTRUCTED_MARK "†"

static double
content_width (SandPrintKit *self)
{
  return self->page_w - 2 * SAND_PRINT_MARGIN;
}

static SandChartLine *
add_line (SandPrintKit  *self,
          SandChartKind  kind,
          const char    *text)
{
  SandChartLine *line = g_new0 (SandChartLine, 1);

  line->kind = kind;
  if (text != NULL)
    {
      line->cells = g_new0 (char *, 2);
      line->cells[0] = g_strdup (text);
    }
  g_ptr_array_add (self->chart_lines, line);
  return line;
}

/* Column widths, mm, in proportion to @weights, filling the page. */
static const double *
widths (SandPrintKit  *self,
        const double  *weights,
        guint          n)
{
  double *w = g_new (double, n), total = 0;

  for (guint i = 0; i < n; i++)
    total += weights[i];
  for (guint i = 0; i < n; i++)
    w[i] = content_width (self) * weights[i] / total;
  g_ptr_array_add (self->widths, w);
  return w;
}

static SandChartLine *
add_row (SandPrintKit *self,
         gboolean      header,
         const double *w,
         char        **cells)
{
  SandChartLine *line = add_line (self, header ? SAND_CHART_HEADER_ROW : SAND_CHART_ROW, NULL);

  line->cells = cells;
  line->widths = w;
  return line;
}

/* "assault-drm" → "assault DRM": ids read as words. */
static char *
humanize (const char *id)
{
  g_auto (GStrv) words = NULL;

  /* Odds and ranges ("1-3", "2-1") are not words. */
  if (g_ascii_isdigit (id[0]))
    return g_strdup (id);
  words = g_strsplit (id, "-", -1);

  for (guint i = 0; words[i] != NULL; i++)
    if (g_str_equal (words[i], "drm") || g_str_equal (words[i], "zoc") ||
        g_str_equal (words[i], "ma") || g_str_equal (words[i], "vp") ||
        g_str_equal (words[i], "sp") || g_str_equal (words[i], "eb") ||
        g_str_equal (words[i], "hq"))
      {
        char *up = g_ascii_strup (words[i], -1);

        g_free (words[i]);
        words[i] = up;
      }
  return g_strjoinv (" ", words);
}

static int
compare_strings (const void *a,
                 const void *b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static char *
effects_text (GHashTable *params)
{
  g_autofree const char **keys = NULL;
  GString *out = g_string_new (NULL);
  guint n;

  if (params == NULL)
    return g_string_free (out, FALSE);
  keys = (const char **) g_hash_table_get_keys_as_array (params, &n);
  qsort (keys, n, sizeof *keys, compare_strings);
  for (guint i = 0; i < n; i++)
    {
      const char *key = keys[i];
      const char *value = g_hash_table_lookup (params, key);
      g_autofree char *name = NULL;

      if (g_str_has_suffix (key, "-reconstructed") || g_str_equal (key, "symbol") ||
          g_str_equal (key, "style"))
        continue;
      name = humanize (key);
      if (out->len > 0)
        g_string_append (out, "; ");
      if (g_str_equal (value, "1") && strstr (key, "drm") == NULL)
        g_string_append (out, name);
      else if (strstr (key, "drm") != NULL && value[0] != '-' && value[0] != '+')
        g_string_append_printf (out, "%s +%s", name, value);
      else
        g_string_append_printf (out, "%s %s", name, value);
    }
  return g_string_free (out, FALSE);
}

static char *
cost_text (int         cost,
           GHashTable *params,
           gboolean    extra)
{
  const char *mark = sand_params_int (params, "move-cost-reconstructed", 0) ? RECONSTRUCTED_MARK
                                                                         : "";

  if (cost >= SAND_IMPASSABLE)
    return g_strdup_printf ("%s%s", _("impassable"), mark);
  return g_strdup_printf (extra ? "+%d%s" : "%d%s", cost, mark);
}

static guint32
swatch_of (const char *color)
{
  SandRgb c;

  if (color == NULL)
    return 0;
  sand_renderer_parse_color (color, &c.r, &c.g, &c.b);
  return ((guint32) (c.r * 255) << 24) | ((guint32) (c.g * 255) << 16) |
         ((guint32) (c.b * 255) << 8) | 0xff;
}

static gboolean
ruleset_has_reconstructed (SandRuleset *rs)
{
  for (guint i = 0; i < sand_ruleset_n_params (rs); i++)
    if (sand_ruleset_get_param_nth (rs, i)->reconstructed)
      return TRUE;
  for (guint i = 0; i < sand_ruleset_n_tables (rs); i++)
    if (sand_ruleset_get_table_nth (rs, i)->reconstructed)
      return TRUE;
  return FALSE;
}

static void
build_terrain (SandPrintKit *self,
               SandRuleset  *rs)
{
  static const double weights[] = { 28, 22, 50 };
  const double *w = widths (self, weights, 3);

  add_line (self, SAND_CHART_TITLE, _("Terrain Effects Chart"));
  add_row (self, TRUE, w, g_strdupv ((char *[]) { _("Terrain"), _("Movement points"),
                                                  _("Effects"), NULL }));
  for (guint i = 0; i < sand_ruleset_n_terrains (rs); i++)
    {
      const SandTerrainDef *t = sand_ruleset_get_terrain (rs, i);
      char **cells = g_new0 (char *, 4);

      cells[0] = g_strdup (sand_ruleset_label ("terrain", t->name));
      cells[1] = cost_text (t->move_cost, t->params, FALSE);
      cells[2] = effects_text (t->params);
      add_row (self, FALSE, w, cells)->swatch = swatch_of (t->color);
    }
  add_row (self, TRUE, w, g_strdupv ((char *[]) { _("Hexside"), _("Movement points"),
                                                  _("Effects"), NULL }));
  for (guint i = 0; i < sand_ruleset_n_side_features (rs); i++)
    {
      const SandSideFeatureDef *f = sand_ruleset_get_side_feature (rs, i);
      char **cells = g_new0 (char *, 4);

      cells[0] = g_strdup (sand_ruleset_label ("side-feature", f->name));
      if (f->kind == SAND_SIDE_CONNECTION)
        {
          g_autofree char *cost = cost_text (f->move_cost, f->params, FALSE);

          cells[1] = f->move_cost > 0 ? g_strdup_printf (_("%s along it"), cost)
                                      : g_strdup (_("as the terrain"));
        }
      else
        cells[1] = cost_text (f->move_cost, f->params, TRUE);
      cells[2] = effects_text (f->params);
      add_row (self, FALSE, w, cells)->swatch = swatch_of (f->color);
    }
  if (ruleset_has_reconstructed (rs))
    add_line (self, SAND_CHART_NOTE,
              _("† Reconstructed: the rulebook's own figure is lost; see the rules notes. "
                "Effects the rulebook lacks are reconstructed too."));
}

static void
build_tables (SandPrintKit *self,
              SandRuleset  *rs)
{
  for (guint i = 0; i < sand_ruleset_n_tables (rs); i++)
    {
      const SandTable *t = sand_ruleset_get_table_nth (rs, i);
      guint n = t->columns->len + 1;
      g_autofree double *weights = g_new (double, n);
      const double *w;
      char **cells;

      /* Markers go on the counter sheets; victory levels with the
       * scenario's victory conditions. */
      if (g_str_equal (t->id, "counter-markers") || g_str_equal (t->id, "victory-levels"))
        continue;
      for (guint k = 0; k < n; k++)
        weights[k] = 1;
      w = widths (self, weights, n);
      {
        g_autofree char *title = g_strdup_printf ("%s%s", t->name != NULL ? t->name : t->id,
                                                  t->reconstructed ? " " RECONSTRUCTED_MARK : "");

        add_line (self, SAND_CHART_TITLE, title);
      }
      cells = g_new0 (char *, n + 1);
      cells[0] = g_strdup ("");
      for (guint k = 0; k < t->columns->len; k++)
        cells[k + 1] = humanize (g_ptr_array_index (t->columns, k));
      add_row (self, TRUE, w, cells);
      for (guint r = 0; r < t->rows->len; r++)
        {
          const SandTableRow *row = g_ptr_array_index (t->rows, r);

          cells = g_new0 (char *, n + 1);
          cells[0] = g_strdup (row->key);
          for (guint k = 0; k < t->columns->len; k++)
            cells[k + 1] = g_strdup (row->cells[k]);
          add_row (self, FALSE, w, cells);
        }
      if (t->note != NULL)
        {
          g_autofree char *note = g_strdup_printf ("%s%s", t->reconstructed
                                                   ? RECONSTRUCTED_MARK " " : "", t->note);

          add_line (self, SAND_CHART_NOTE, note);
        }
    }
}

static void
build_values (SandPrintKit *self,
              SandRuleset  *rs)
{
  static const double weights[] = { 30, 10, 60 };
  const double *w = widths (self, weights, 3);

  if (sand_ruleset_n_params (rs) == 0)
    return;
  add_line (self, SAND_CHART_TITLE, _("Modifiers and values"));
  add_row (self, TRUE, w, g_strdupv ((char *[]) { _("Rule"), _("Value"), _("Source"), NULL }));
  for (guint i = 0; i < sand_ruleset_n_params (rs); i++)
    {
      const SandParam *p = sand_ruleset_get_param_nth (rs, i);
      char **cells = g_new0 (char *, 4);

      cells[0] = humanize (p->name);
      cells[1] = g_strdup_printf ("%s%s", p->value, p->reconstructed ? RECONSTRUCTED_MARK : "");
      cells[2] = g_strdup (p->note != NULL ? p->note : "");
      add_row (self, FALSE, w, cells);
    }
}

static char *
counter_name (SandScenario *scenario,
              const char   *id)
{
  int i = id != NULL ? sand_scenario_find_counter (scenario, id) : -1;
  const SandCounter *c = i >= 0 ? sand_scenario_get_counter (scenario, (guint) i) : NULL;

  return g_strdup (c != NULL && c->name != NULL ? c->name : id != NULL ? id : "?");
}

static char *
hex_text (SandMap *map,
          int      hex)
{
  char id[SAND_HEX_ID_MAX];
  const char *place;

  if (hex == SAND_HEX_NONE)
    return g_strdup ("");
  sand_grid_format_id (sand_map_get_grid (map), hex, id);
  place = sand_map_get_place (map, hex);
  return place != NULL ? g_strdup_printf ("%s (%s)", id, place) : g_strdup (id);
}

static char *
zone_text (SandMap    *map,
           const char *zone)
{
  int z = sand_map_find_zone (map, zone);
  const SandZoneDef *def = z >= 0 ? sand_map_get_zone (map, (guint) z) : NULL;

  return g_strdup_printf (_("any hex of %s"), def != NULL && def->name != NULL ? def->name : zone);
}

static char *
reinforcement_text (SandScenario            *scenario,
                    const SandReinforcement *r)
{
  SandMap *map = sand_scenario_get_map (scenario);
  GString *out = g_string_new (NULL);

  if (r->counter != NULL)
    {
      g_autofree char *name = counter_name (scenario, r->counter);

      g_string_append (out, name);
    }
  else
    g_string_append_printf (out, ngettext ("%d strength point", "%d strength points", r->points),
                            r->points);
  if (r->hex != SAND_HEX_NONE)
    {
      g_autofree char *at = hex_text (map, r->hex);

      g_string_append_printf (out, _(" at %s"), at);
    }
  else if (r->entry != NULL)
    g_string_append_printf (out, _(" at entry %s"), r->entry);
  if (r->entrained)
    g_string_append (out, _(", entrained"));
  if (r->code != NULL)
    g_string_append_printf (out, " [%s]", r->code);
  return g_string_free (out, FALSE);
}

static void
build_turns (SandPrintKit *self,
             SandRuleset  *rs)
{
  guint n_sides = sand_ruleset_n_sides (rs);
  int turns = sand_scenario_get_turns (self->scenario);
  g_autofree double *weights = g_new (double, n_sides + 1);
  const double *w;
  char **cells;

  if (turns <= 0)
    return;
  add_line (self, SAND_CHART_BREAK, NULL);
  add_line (self, SAND_CHART_TITLE, _("Turn Record and Reinforcements"));
  add_line (self, SAND_CHART_TRACK, NULL);
  weights[0] = 0.35;
  for (guint s = 0; s < n_sides; s++)
    weights[s + 1] = 1;
  w = widths (self, weights, n_sides + 1);
  cells = g_new0 (char *, n_sides + 2);
  cells[0] = g_strdup (_("Turn"));
  for (guint s = 0; s < n_sides; s++)
    cells[s + 1] = g_strdup (sand_ruleset_side_label (rs, s));
  add_row (self, TRUE, w, cells);
  for (int turn = 1; turn <= turns; turn++)
    {
      gboolean any = FALSE;

      cells = g_new0 (char *, n_sides + 2);
      cells[0] = g_strdup_printf ("%d", turn);
      for (guint s = 0; s < n_sides; s++)
        {
          SandOob *oob = sand_scenario_default_oob (self->scenario, (int) s);
          GString *text = g_string_new (NULL);

          for (guint i = 0; oob != NULL && i < oob->reinforcements->len; i++)
            {
              const SandReinforcement *r = g_ptr_array_index (oob->reinforcements, i);
              g_autofree char *line = NULL;

              if (r->turn != turn)
                continue;
              line = reinforcement_text (self->scenario, r);
              g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "", line);
              any = TRUE;
            }
          cells[s + 1] = g_string_free (text, FALSE);
        }
      if (any)
        add_row (self, FALSE, w, cells);
      else
        g_strfreev (cells);
    }
  add_line (self, SAND_CHART_NOTE,
            _("Reinforcements of each side's first order of battle; the set-up cards list "
              "every order of battle's own."));
}

static void
build_setup (SandPrintKit *self,
             SandRuleset  *rs)
{
  static const double weights[] = { 40, 60 };
  const double *w = widths (self, weights, 2);
  SandMap *map = sand_scenario_get_map (self->scenario);

  for (guint i = 0; i < sand_scenario_n_oobs (self->scenario); i++)
    {
      SandOob *oob = sand_scenario_get_oob (self->scenario, i);
      const SandSideDef *side = oob->side >= 0 && (guint) oob->side < sand_ruleset_n_sides (rs)
                                  ? sand_ruleset_get_side (rs, (guint) oob->side) : NULL;
      g_autofree char *title = g_strdup_printf (_("%s set-up card: %s"),
                                                side != NULL
                                                ? sand_ruleset_label ("side", side->name) : "?",
                                                oob->name != NULL ? oob->name : oob->id);

      add_line (self, SAND_CHART_BREAK, NULL);
      add_line (self, SAND_CHART_TITLE, title);
      if (oob->description != NULL)
        add_line (self, SAND_CHART_TEXT, oob->description);
      add_row (self, TRUE, w, g_strdupv ((char *[]) { _("Unit"), _("Sets up at"), NULL }));
      for (guint k = 0; k < oob->placements->len; k++)
        {
          const SandPlacement *p = g_ptr_array_index (oob->placements, k);
          char **cells = g_new0 (char *, 3);

          cells[0] = counter_name (self->scenario, p->counter);
          cells[1] = p->hex != SAND_HEX_NONE ? hex_text (map, p->hex)
                                             : p->zone != NULL ? zone_text (map, p->zone)
                                                               : g_strdup ("");
          add_row (self, FALSE, w, cells);
        }
      for (guint k = 0; k < oob->zone_limits->len; k++)
        {
          const SandZoneLimit *l = g_ptr_array_index (oob->zone_limits, k);
          g_autofree char *zone = zone_text (map, l->zone);
          GString *text = g_string_new (zone);

          if (l->max_per_hex > 0)
            g_string_append_printf (text, _(": at most %d a hex"), l->max_per_hex);
          if (l->min_units > 0)
            g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, ", at least %d unit",
                                                       ", at least %d units", l->min_units),
                                    l->min_units);
          if (l->max_units > 0)
            g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, ", at most %d unit",
                                                       ", at most %d units", l->max_units),
                                    l->max_units);
          add_line (self, SAND_CHART_NOTE, text->str);
          g_string_free (text, TRUE);
        }
      if (oob->reinforcements->len > 0)
        {
          add_row (self, TRUE, w, g_strdupv ((char *[]) { _("Turn"), _("Reinforcement"),
                                                          NULL }));
          for (guint k = 0; k < oob->reinforcements->len; k++)
            {
              const SandReinforcement *r = g_ptr_array_index (oob->reinforcements, k);
              char **cells = g_new0 (char *, 3);

              cells[0] = g_strdup_printf ("%d", r->turn);
              cells[1] = reinforcement_text (self->scenario, r);
              add_row (self, FALSE, w, cells);
            }
        }
    }
}

static void build_edges (SandPrintKit *self,
                         SandMap      *map,
                         const double *w);

static void
build_victory (SandPrintKit *self,
               SandRuleset  *rs)
{
  static const double weights[] = { 50, 50 };
  const double *w = widths (self, weights, 2);
  SandMap *map = sand_scenario_get_map (self->scenario);
  const char *text = sand_scenario_get_victory_text (self->scenario);
  gboolean hexes = FALSE;

  add_line (self, SAND_CHART_BREAK, NULL);
  add_line (self, SAND_CHART_TITLE, _("Victory Conditions"));
  if (text != NULL && *text)
    add_line (self, SAND_CHART_TEXT, text);
  if (sand_scenario_n_victory_levels (self->scenario) > 0)
    {
      add_row (self, TRUE, w, g_strdupv ((char *[]) { _("Net points"), _("Result"), NULL }));
      for (guint i = 0; i < sand_scenario_n_victory_levels (self->scenario); i++)
        {
          const SandVictoryLevel *l = sand_scenario_get_victory_level (self->scenario, i);
          char **cells = g_new0 (char *, 3);

          if (l->min == G_MININT)
            cells[0] = g_strdup_printf (_("%d or less"), l->max);
          else if (l->max == G_MAXINT)
            cells[0] = g_strdup_printf (_("%d or more"), l->min);
          else
            cells[0] = g_strdup_printf ("%d … %d", l->min, l->max);
          cells[1] = g_strdup (l->label);
          add_row (self, FALSE, w, cells);
        }
    }
  for (guint i = 0; i < sand_map_n_markers (map); i++)
    {
      const SandMarker *m = sand_map_get_marker (map, i);
      char **cells;

      if (m->kind != SAND_MARKER_VICTORY)
        continue;
      if (!hexes)
        add_row (self, TRUE, w, g_strdupv ((char *[]) { _("Victory hex"), _("Points"), NULL }));
      hexes = TRUE;
      cells = g_new0 (char *, 3);
      cells[0] = hex_text (map, m->hex);
      if (m->side >= 0 && (guint) m->side < sand_ruleset_n_sides (rs))
        cells[1] = g_strdup_printf (_("%d (held by %s at the start)"), m->value,
                                    sand_ruleset_side_label (rs, (guint) m->side));
      else
        cells[1] = g_strdup_printf ("%d", m->value);
      add_row (self, FALSE, w, cells);
    }
  build_edges (self, map, w);
}

/* Edge values come one marker per row or column: an edge whose hexes all
 * score alike is one line; one whose values differ hex by hex (FPW's
 * south edge) is one paragraph, hex and points, as the map prints them. */
static void
build_edges (SandPrintKit *self,
             SandMap      *map,
             const double *w)
{
  g_autoptr (GPtrArray) edges = g_ptr_array_new ();
  gboolean header = FALSE;

  for (guint i = 0; i < sand_map_n_markers (map); i++)
    {
      const SandMarker *m = sand_map_get_marker (map, i);
      guint k;

      if (m->kind != SAND_MARKER_EDGE_VALUE)
        continue;
      for (k = 0; k < edges->len; k++)
        if (g_strcmp0 (((const SandMarker *) g_ptr_array_index (edges, k))->group, m->group) == 0)
          break;
      if (k == edges->len)
        g_ptr_array_add (edges, (gpointer) m);
    }
  for (guint k = 0; k < edges->len; k++)
    {
      const char *edge = ((const SandMarker *) g_ptr_array_index (edges, k))->group;
      GString *list = g_string_new (NULL);
      int first = -1, last = -1, value = 0, n = 0;
      gboolean alike = TRUE;

      for (guint i = 0; i < sand_map_n_markers (map); i++)
        {
          const SandMarker *m = sand_map_get_marker (map, i);
          g_autofree char *at = NULL;

          if (m->kind != SAND_MARKER_EDGE_VALUE || g_strcmp0 (m->group, edge) != 0)
            continue;
          if (n > 0 && m->value != value)
            alike = FALSE;
          value = m->value;
          first = first < 0 || m->hex < first ? m->hex : first;
          last = MAX (last, m->hex);
          at = hex_text (map, m->hex);
          g_string_append_printf (list, "%s%s %d", n > 0 ? " · " : "", at, m->value);
          n++;
        }
      if (alike)
        {
          g_autofree char *from = hex_text (map, first);
          g_autofree char *to = hex_text (map, last);
          char **cells = g_new0 (char *, 3);

          if (!header)
            add_row (self, TRUE, w, g_strdupv ((char *[]) { _("Map edge"), _("Points"), NULL }));
          header = TRUE;
          cells[0] = n > 1 ? g_strdup_printf (ngettext ("%s edge, %d hex from %s to %s",
                                                        "%s edge, %d hexes from %s to %s", n),
                                              edge != NULL ? edge : "", n, from, to)
                           : g_strdup_printf (_("%s edge at %s"), edge != NULL ? edge : "", from);
          cells[1] = g_strdup_printf ("%d", value);
          add_row (self, FALSE, w, cells);
        }
      else
        {
          g_autofree char *text = g_strdup_printf (_("%s edge, points by hex: %s"),
                                                   edge != NULL ? edge : "", list->str);

          add_line (self, SAND_CHART_TEXT, text);
        }
      g_string_free (list, TRUE);
    }
}

void
sand_print_charts_build (SandPrintKit *self)
{
  SandRuleset *rs = sand_scenario_get_ruleset (self->scenario);

  build_terrain (self, rs);
  build_tables (self, rs);
  build_values (self, rs);
  build_turns (self, rs);
  build_setup (self, rs);
  build_victory (self, rs);

  sand_print_charts_paginate (self);
}
