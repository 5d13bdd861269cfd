/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The playtest on the canvas: the game's counters, the selected unit's
 * reach and the overlays (supply, zones of control, command, victory). */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-playtest-private.h"

/* Drawing */

static guint32
reach_tint (int left,
            int allowance)
{
  double f = allowance > 0 ? CLAMP ((double) left / allowance, 0.0, 1.0) : 0.0;
  guint r = (guint) (200 - 170 * f), g = (guint) (200 + 30 * f), b = (guint) (90 - 40 * f);

  return (r << 24) | (g << 16) | (b << 8) | 0x70;
}

/* What @unit's counter shows now. */
static void
fill_draw (EditorPlaytest  *self,
           int              unit,
           int              viewer,
           GPtrArray       *names,
           SandCounterDraw *draw)
{
  const SandUnitState *st = sand_game_get_unit (self->game, unit);
  const SandCounter *counter = sand_game_get_counter (self->game, unit);

  *draw = (SandCounterDraw) { 0 };
  draw->counter = counter;
  draw->hex = st->hex;
  draw->strength = st->strength;
  draw->face_down = self->handover || !sand_game_unit_visible (self->game, unit, viewer);
  draw->selected = unit == self->selected;
  if (st->flags & SAND_UNIT_ENTRAINED)
    draw->flags |= SAND_COUNTER_DRAW_ENTRAINED;
  if (st->flags & SAND_UNIT_MOVED)
    draw->flags |= SAND_COUNTER_DRAW_MOVED;
  if ((counter->strength > 0 && st->strength < counter->strength) ||
      (counter->steps > 0 && st->strength < counter->steps))
    draw->flags |= SAND_COUNTER_DRAW_REDUCED;
  /* the module's states; the ruleset says which show as badges */
  g_ptr_array_set_size (names, 0);
  sand_game_unit_rule_flags (self->game, unit, names);
  for (guint i = 0; i < names->len && i < SAND_COUNTER_MAX_STATES - 1; i++)
    draw->states[i] = g_ptr_array_index (names, i);
}

/* Whether the counters of @units could be updated in place: each still
 * has its entry, or still has none. */
static gboolean
patch_draws (EditorPlaytest *self,
             const int      *units,
             guint           n_units,
             int             viewer,
             GPtrArray      *names)
{
  for (guint i = 0; i < n_units; i++)
    {
      int u = units[i];

      if (u < 0 || (guint) u >= self->draw_index->len)
        continue;
      if ((g_array_index (self->draw_index, int, u) >= 0) != unit_on_map (self, u))
        return FALSE;
    }
  for (guint i = 0; i < n_units; i++)
    {
      int u = units[i], at;

      if (u < 0 || (guint) u >= self->draw_index->len)
        continue;
      at = g_array_index (self->draw_index, int, u);
      if (at >= 0)
        fill_draw (self, u, viewer, names, &g_array_index (self->draws, SandCounterDraw, at));
    }
  return TRUE;
}

void
_editor_playtest_update_counters (EditorPlaytest *self,
                                  const int      *units,
                                  guint           n_units)
{
  SandRenderer *renderer;
  int viewer = editor_playtest_get_viewer (self);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GArray) todo = g_array_new (FALSE, FALSE, sizeof (int));

  if (self->canvas == NULL || self->game == NULL)
    return;
  renderer = editor_map_canvas_get_renderer (self->canvas);
  /* The selection's counters too, when it moved since they were drawn. */
  if (units != NULL)
    g_array_append_vals (todo, units, n_units);
  if (self->drawn_selected != self->selected)
    {
      g_array_append_val (todo, self->drawn_selected);
      g_array_append_val (todo, self->selected);
    }
  /* Only the units that changed, unless some came onto or left the map,
   * or what the screen may see changed: then every counter. */
  if (units == NULL || !self->draws_valid || self->drawn_viewer != viewer ||
      self->drawn_handover != self->handover ||
      !patch_draws (self, (const int *) (gpointer) todo->data, todo->len, viewer, names))
    {
      g_array_set_size (self->draws, 0);
      g_array_set_size (self->draw_index, sand_game_n_units (self->game));
      for (guint u = 0; u < sand_game_n_units (self->game); u++)
        {
          SandCounterDraw draw;

          g_array_index (self->draw_index, int, u) = -1;
          if (!unit_on_map (self, u))
            continue;
          fill_draw (self, u, viewer, names, &draw);
          g_array_index (self->draw_index, int, u) = self->draws->len;
          g_array_append_val (self->draws, draw);
        }
      /* An empty list would bring back the set-up counters: pass one that
       * draws nothing instead. */
      if (self->draws->len == 0)
        {
          static const SandCounter none = { 0 };
          SandCounterDraw draw = { .counter = &none, .hex = SAND_HEX_NONE };
          g_array_append_val (self->draws, draw);
        }
      self->draws_valid = TRUE;
      self->drawn_viewer = viewer;
      self->drawn_handover = self->handover;
    }
  self->drawn_selected = self->selected;
  sand_renderer_set_counters (renderer, (const SandCounterDraw *) (gpointer) self->draws->data,
                              self->draws->len);
}

/* Standard Game probes (FPW Sequence of Play (1)): entering a possible
 * enemy zone of control without paying the +3, owing a hasty attack. */
const SandReach *
_editor_playtest_unit_reach (EditorPlaytest *self,
                             int             unit)
{
  return self->probe ? sand_game_probe_reach (self->game, unit, NULL)
                     : sand_game_reach (self->game, unit, NULL);
}

void
editor_playtest_set_probe (EditorPlaytest *self,
                           gboolean        probe)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));

  if (self->probe == !!probe)
    return;
  self->probe = !!probe;
  _editor_playtest_sync (self);
}

gboolean
editor_playtest_get_probe (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);
  return self->probe;
}

void
_editor_playtest_update_reach (EditorPlaytest *self)
{
  const SandReach *reach = NULL;

  g_array_set_size (self->reach, 0);
  /* While a hex is picked for an action the tint shows the choices, and a
   * click does not move. */
  if (self->selected < 0 || self->attack_mode || self->pick_func != NULL)
    return;
  reach = _editor_playtest_unit_reach (self, self->selected);
  if (reach == NULL)
    return;
  g_array_set_size (self->reach, n_hexes (self));
  for (int h = 0; h < n_hexes (self); h++)
    g_array_index (self->reach, int, h) = sand_reach_cost (reach, h);
}

int
_editor_playtest_reach_cost (EditorPlaytest *self,
                             int             hex)
{
  if (hex < 0 || (guint) hex >= self->reach->len)
    return -1;
  return g_array_index (self->reach, int, hex);
}

static gboolean
hex_blocked (EditorPlaytest *self,
             int             hex,
             int             side)
{
  g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (int));
  SandMap *map = sand_scenario_get_map (self->scenario);
  SandRuleset *ruleset = sand_scenario_get_ruleset (self->scenario);
  guint terrain = sand_map_get_terrain (map, hex);
  int country = sand_map_get_country (map, hex);

  sand_game_units_at (self->game, hex, units);
  for (guint i = 0; i < units->len; i++)
    if (sand_game_get_unit (self->game, g_array_index (units, int, i))->side != side)
      return TRUE;
  if (terrain < sand_ruleset_n_terrains (ruleset) &&
      sand_ruleset_get_terrain (ruleset, terrain)->move_cost >= SAND_IMPASSABLE)
    return TRUE;
  return country >= 0 && (guint) country < sand_ruleset_n_countries (ruleset) &&
         !sand_ruleset_get_country (ruleset, country)->passable;
}

/* Command range (LFAF 6): the hexes an HQ's line of communication
 * reaches, as one area in its side's colour; the engine traces it as the
 * Command Phase does. Appends nothing for any other unit. */
static void
add_command_range (EditorPlaytest *self,
                   int             hq,
                   GArray         *area_hexes,
                   GArray         *areas)
{
  guint before = area_hexes->len;
  SandOverlayArea area = { NULL, 0, sand_game_get_unit (self->game, hq)->side };

  if (!sand_game_command_range (self->game, hq, area_hexes))
    return;
  area.n_hexes = area_hexes->len - before;
  g_array_append_val (areas, area);
}

void
_editor_playtest_update_overlay (EditorPlaytest *self)
{
  int n = n_hexes (self);
  g_autofree guint32 *tint = g_new0 (guint32, n);
  g_autofree char **labels = g_new0 (char *, n);
  g_autoptr(GPtrArray) owned = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) outline = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) area_hexes = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) areas = g_array_new (FALSE, FALSE, sizeof (SandOverlayArea));
  const SandGrid *grid = sand_game_get_grid (self->game);
  int side = sand_game_get_side (self->game);
  int n_sides = (int) sand_ruleset_n_sides (sand_scenario_get_ruleset (self->scenario));
  SandOverlay overlay = { 0 };

  if (self->overlays & EDITOR_PLAYTEST_OVERLAY_ZOC)
    for (int s = 0; s < n_sides; s++)
      {
        g_array_set_size (hexes, 0);
        sand_game_zoc_hexes (self->game, s, hexes);
        for (guint i = 0; i < hexes->len; i++)
          tint[g_array_index (hexes, int, i)] = s == side ? 0x3070e050 : 0xe0503050;
      }
  if (self->overlays & EDITOR_PLAYTEST_OVERLAY_INTERDICTION)
    for (int h = 0; h < n; h++)
      if (sand_game_hex_interdicted (self->game, side, h))
        tint[h] = 0x9040c060;
  if (self->overlays & (EDITOR_PLAYTEST_OVERLAY_SUPPLY | EDITOR_PLAYTEST_OVERLAY_COMMAND))
    {
      g_autoptr(GPtrArray) names = g_ptr_array_new ();

      for (guint u = 0; u < sand_game_n_units (self->game); u++)
        {
          int hex;

          if (!unit_on_map (self, u))
            continue;
          hex = sand_game_get_unit (self->game, u)->hex;
          if (self->overlays & EDITOR_PLAYTEST_OVERLAY_SUPPLY)
            switch (sand_game_unit_supply (self->game, u))
              {
              case SAND_SUPPLY_UNSUPPLIED:
                tint[hex] = 0xf0c02080;
                labels[hex] = _("Unsupplied");
                break;
              case SAND_SUPPLY_ISOLATED:
                tint[hex] = 0xe0202080;
                labels[hex] = _("Isolated");
                break;
              case SAND_SUPPLY_SUPPLIED:
              default:
                if (tint[hex] == 0)
                  tint[hex] = 0x40c04050;
                break;
              }
          if (self->overlays & EDITOR_PLAYTEST_OVERLAY_COMMAND)
            {
              gboolean marked = FALSE;

              /* What the viewer may not see of the enemy, the overlay
               * does not tell either. */
              if (!sand_game_unit_visible (self->game, u, editor_playtest_get_viewer (self)))
                continue;
              g_ptr_array_set_size (names, 0);
              sand_game_unit_rule_flags (self->game, u, names);
              for (guint i = 0; i < names->len; i++)
                if (g_strcmp0 (g_ptr_array_index (names, i), "out-of-command") == 0)
                  {
                    tint[hex] = 0xc060e080;
                    labels[hex] = _("Out of command");
                    marked = TRUE;
                  }
              /* Judged in the Command Phase, the marker lags moves since:
               * say where a unit now stands beyond every HQ's reach. */
              if (!marked && sand_game_unit_commander (self->game, u) == -1)
                {
                  tint[hex] = 0xc060e060;
                  labels[hex] = _("Out of range");
                }
              add_command_range (self, u, area_hexes, areas);
            }
        }
    }
  if (self->overlays & EDITOR_PLAYTEST_OVERLAY_VICTORY)
    {
      SandMap *map = sand_scenario_get_map (self->scenario);

      for (guint i = 0; i < sand_map_n_markers (map); i++)
        {
          const SandMarker *m = sand_map_get_marker (map, i);

          char *label;

          if (m->kind != SAND_MARKER_VICTORY || m->hex < 0 || m->hex >= n)
            continue;
          g_array_append_val (outline, m->hex);
          /* Translators: the victory points a hex is worth. */
          label = g_strdup_printf (_("%d VP"), m->value);
          g_ptr_array_add (owned, label);
          labels[m->hex] = label;
        }
    }

  /* The selected unit's reach, tinted by what it would have left. */
  if (self->reach->len > 0 && unit_on_map (self, self->selected))
    {
      int left = sand_game_unit_mp_left (self->game, self->selected);
      int allowance = sand_game_unit_allowance (self->game, self->selected);
      int home = sand_game_get_unit (self->game, self->selected)->hex;

      for (int h = 0; h < n; h++)
        {
          int cost = _editor_playtest_reach_cost (self, h);

          if (cost < 0)
            continue;
          tint[h] = reach_tint (left - cost, allowance);
          /* Hexes where the enemy's control would stop or charge it. */
          for (int e = 0; e < n_sides; e++)
            if (e != side && sand_game_hex_controlled (self->game, e, h))
              {
                tint[h] = 0xff8c00a0;
                labels[h] = _("ZoC");
              }
        }
      /* Blocked: next to where it may go, but held by the enemy or closed
       * to it (impassable ground, a neutral country). */
      for (int h = 0; h < n; h++)
        {
          if (_editor_playtest_reach_cost (self, h) < 0 && h != home)
            continue;
          for (int d = 0; d < 6; d++)
            {
              int nb = sand_grid_neighbour (grid, h, d);

              if (nb >= 0 && nb != home && _editor_playtest_reach_cost (self, nb) < 0 &&
                  hex_blocked (self, nb, side))
                tint[nb] = 0xb0102090;
            }
        }
      if (self->hover >= 0 && self->path->len > 0)
        {
          int cost = _editor_playtest_reach_cost (self, self->hover);
          char *label = g_strdup_printf (_("%d MP"), cost);

          g_ptr_array_add (owned, label);
          labels[self->hover] = label;
          overlay.path = (const int *) (gpointer) self->path->data;
          overlay.n_path = self->path->len;
        }
    }

  if (self->attack_mode && self->defender >= 0)
    {
      tint[self->defender] = 0xe0303090;
      for (guint i = 0; i < self->attackers->len; i++)
        {
          int u = g_array_index (self->attackers, int, i);

          /* Blue would read as French and green as LFAF's Germans: the
           * attackers are ringed and lightly washed white, which no side
           * wears, and which leaves their counters legible. */
          if (unit_on_map (self, u))
            {
              int hex = sand_game_get_unit (self->game, u)->hex;

              tint[hex] = 0xffffff30;
              g_array_append_val (outline, hex);
            }
        }
    }
  /* The hexes an action being picked may go to. */
  for (guint i = 0; self->pick_func != NULL && i < self->pick_hexes->len; i++)
    {
      int h = g_array_index (self->pick_hexes, int, i);

      if (h >= 0 && h < n)
        {
          tint[h] = 0xffb00090;
          /* Ringed too: a counter on the hex hides most of its tint. */
          g_array_append_val (outline, h);
        }
    }
  if (unit_on_map (self, self->selected))
    g_array_append_val (outline, sand_game_get_unit (self->game, self->selected)->hex);
  for (guint i = 0; !self->handover && i < self->arrived->len; i++)
    {
      int u = g_array_index (self->arrived, int, i);

      if (unit_on_map (self, u) && sand_game_get_unit (self->game, u)->hex >= 0 &&
          labels[sand_game_get_unit (self->game, u)->hex] == NULL)
        {
          int hex = sand_game_get_unit (self->game, u)->hex;

          labels[hex] = _("Arrived");
          /* A white wash: a side's colour here would read as the other side's units. */
          if (tint[hex] == 0)
            tint[hex] = 0xffffff50;
        }
    }
  if (self->attack_mode)
    for (guint i = 0; i < self->loss_first->len; i++)
      {
        int u = g_array_index (self->loss_first, int, i);

        if (unit_on_map (self, u))
          labels[sand_game_get_unit (self->game, u)->hex] = _("Losses first");
      }

  overlay.tint = tint;
  overlay.labels = (const char * const *) labels;
  overlay.outline = (const int *) (gpointer) outline->data;
  overlay.n_outline = outline->len;
  overlay.outline_color = 0xffd000ff;
  /* The ranges' hexes moved while the array grew: point them now. */
  for (guint i = 0, at = 0; i < areas->len; i++)
    {
      SandOverlayArea *area = &g_array_index (areas, SandOverlayArea, i);

      area->hexes = &g_array_index (area_hexes, int, at);
      at += area->n_hexes;
    }
  overlay.areas = (const SandOverlayArea *) (gpointer) areas->data;
  overlay.n_areas = areas->len;
  editor_map_canvas_set_overlay (self->canvas, &overlay);
}

/* Overlays */

void
editor_playtest_set_overlays (EditorPlaytest *self,
                              guint           overlays)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));
  self->overlays = overlays;
  _editor_playtest_refresh (self);
}

guint
editor_playtest_get_overlays (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), 0);
  return self->overlays;
}
