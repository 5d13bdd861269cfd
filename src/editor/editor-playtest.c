/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "sand-scenario-io.h"
#include "sand-ruleset-labels.h"
#include "sand-xml-safe.h"
#include "editor-attack-panel.h"
#include "editor-game-log.h"
#include "editor-playtest.h"
#include "editor-playtest-bar.h"
#include "editor-playtest-computer-bar.h"
#include "editor-playtest-leave.h"
#include "editor-playtest-setup-dialog.h"
#include "editor-unit-actions.h"
#include "editor-victory-dialog.h"
#include "editor-window-private.h"

#define SCENARIO_SEPARATOR "%%scenario\n"

struct _EditorPlaytest
{
  GObject parent_instance;

  EditorWindow *window;       /* weak: the window owns the controller */
  EditorMapCanvas *canvas;
  GtkWidget *toggle;
  GtkWidget *bar;
  GtkWidget *panel;
  GtkWidget *attack_panel;
  GtkWidget *game_log;
  GtkWidget *unit_actions;
  GtkWidget *computer_bar;    /* the computer's players and their strip */

  SandScenario *scenario;     /* the copy played */
  SandGame *game;
  gboolean active;
  gboolean saved_show_counters;
  gboolean saved_palette_sensitive;
  gboolean saved_inspector_visible;
  gboolean setting_toggle;
  gboolean panel_hidden;
  gboolean handover;          /* hot-seat: the screen waits for the next player */
  GtkWidget *cover;           /* stands for the map and the panel while it waits */
  GtkWidget *ready_button;
  char *pending_message;      /* the incoming side's news, told once it is Ready */
  gboolean probe;             /* Standard Game: moves enter enemy control unpaid */
  gboolean hot_seat;          /* the game hides identities: one side sees the screen */

  int selected;
  int hover;
  GArray *reach;              /* int per hex: MP spent to end there, or -1 */
  GArray *path;               /* int: hovered path */
  gboolean attack_mode;
  int defender;
  GArray *attackers;
  GArray *loss_first;         /* units the players chose to take losses first */
  GArray *arrived;            /* reinforcements placed at the start of this phase */
  guint overlays;
  char *message;
  GHashTable *annotations;    /* log index → what the dice did */
  GPtrArray *future;          /* replay: actions after the one rewound to */
  guint replay_len;           /* log length the future follows */
  GArray *draws;              /* SandCounterDraw */

  /* A hex being picked for an action (editor_playtest_begin_pick). */
  char *pick_prompt;
  GArray *pick_hexes;         /* int: tinted as the likely choices */
  EditorPlaytestPickFunc pick_func;
  gpointer pick_data;
  GDestroyNotify pick_destroy;
  guint pick_log_len;         /* an action played since cancels the pick */
};

G_DEFINE_FINAL_TYPE (EditorPlaytest, editor_playtest, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ACTIVE,
  N_PROPS
};

enum {
  CHANGED,
  MESSAGE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static const char *const window_canvas_signals[] = {
  "edit-begin", "edit-update", "edit-end", "hover",
};

/* Helpers */

static int
n_hexes (EditorPlaytest *self)
{
  return sand_grid_n_hexes (sand_game_get_grid (self->game));
}

static gboolean
unit_on_map (EditorPlaytest *self,
             int             unit)
{
  return unit >= 0 && (guint) unit < sand_game_n_units (self->game) &&
         sand_game_get_unit (self->game, unit)->status == SAND_UNIT_ON_MAP;
}

/* The side no computer plays (-1: the computer plays both, and the
 * screen shows all). */
static int
computer_viewer (EditorPlaytest *self)
{
  EditorPlaytestComputerBar *bar = EDITOR_PLAYTEST_COMPUTER_BAR (self->computer_bar);
  int n_sides = (int) sand_ruleset_n_sides (sand_scenario_get_ruleset (self->scenario));

  for (int s = 0; s < n_sides; s++)
    if (editor_playtest_computer_bar_get_player (bar, s) == NULL)
      return s;
  return -1;
}

int
editor_playtest_get_viewer (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), -1);

  /* Hot-seat Standard Game: the screen belongs to the side to move, whose
   * opponent's identities stay hidden until revealed. */
  if (self->game == NULL || !self->hot_seat)
    return -1;
  /* Against the computer the screen is the person's alone. */
  if (self->computer_bar != NULL &&
      editor_playtest_computer_bar_any (EDITOR_PLAYTEST_COMPUTER_BAR (self->computer_bar)))
    return computer_viewer (self);
  return sand_game_get_side (self->game);
}

static void
set_message (EditorPlaytest *self,
             const char     *text)
{
  /* Hot-seat: what the incoming side's turn brings is theirs to read, not
   * the player handing over the screen's. */
  if (self->handover && text != NULL)
    {
      g_free (self->pending_message);
      self->pending_message = g_strdup (text);
      return;
    }
  g_free (self->message);
  self->message = g_strdup (text);
  if (text != NULL)
    g_signal_emit (self, signals[MESSAGE], 0, text);
}

/* A refusal in words, with the rule case it cites. */
static void
report_error (EditorPlaytest *self,
              const GError   *error)
{
  const char *rule = self->game ? sand_game_get_refusal_rule (self->game) : NULL;
  g_autofree char *text = NULL;

  if (error->domain == SAND_GAME_ERROR && error->code == SAND_GAME_ERROR_REFUSED &&
      rule != NULL && *rule != '\0')
    /* Translators: a refused action and the rule case that forbids it,
     * e.g. "The unit has no movement points left (Movement (C))". */
    text = g_strdup_printf (_("%s (%s)"), error->message, rule);
  else
    text = g_strdup (error->message);
  set_message (self, text);
}

void
editor_playtest_report (EditorPlaytest *self,
                        const GError   *error)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));
  g_return_if_fail (error != NULL);
  report_error (self, error);
}

/* Drops the hex being picked without calling back. */
static gboolean
clear_pick (EditorPlaytest *self)
{
  GDestroyNotify destroy = self->pick_destroy;
  gpointer data = self->pick_data;

  if (self->pick_func == NULL)
    return FALSE;
  self->pick_func = NULL;
  self->pick_data = NULL;
  self->pick_destroy = NULL;
  g_clear_pointer (&self->pick_prompt, g_free);
  g_array_set_size (self->pick_hexes, 0);
  if (destroy != NULL)
    destroy (data);
  return TRUE;
}

/* Drawing */

static guint32
reach_tint (int left,
            int allowance)
{
  double f = allowance > 0 ? CLAMP ((double) left / allowance, 0.0, 1.0) : 0.0;
  guint r = (guint) (200 - 170 * f), g = (guint) (200 + 30 * f), b = (guint) (90 - 40 * f);

  return (r << 24) | (g << 16) | (b << 8) | 0x70;
}

static void
update_counters (EditorPlaytest *self)
{
  SandRenderer *renderer = editor_map_canvas_get_renderer (self->canvas);
  int viewer = editor_playtest_get_viewer (self);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  g_array_set_size (self->draws, 0);
  for (guint u = 0; u < sand_game_n_units (self->game); u++)
    {
      const SandUnitState *st = sand_game_get_unit (self->game, u);
      const SandCounter *counter = sand_game_get_counter (self->game, u);
      SandCounterDraw draw = { 0 };

      if (st->status != SAND_UNIT_ON_MAP)
        continue;
      draw.counter = counter;
      draw.hex = st->hex;
      draw.strength = st->strength;
      draw.face_down = self->handover || !sand_game_unit_visible (self->game, u, viewer);
      draw.selected = (int) u == self->selected;
      if (st->flags & SAND_UNIT_ENTRAINED)
        draw.flags |= SAND_COUNTER_DRAW_ENTRAINED;
      if (st->flags & SAND_UNIT_MOVED)
        draw.flags |= SAND_COUNTER_DRAW_MOVED;
      if ((counter->strength > 0 && st->strength < counter->strength) ||
          (counter->steps > 0 && st->strength < counter->steps))
        draw.flags |= SAND_COUNTER_DRAW_REDUCED;
      /* the module's states; the ruleset says which show as badges */
      g_ptr_array_set_size (names, 0);
      sand_game_unit_rule_flags (self->game, u, names);
      for (guint i = 0; i < names->len && i < SAND_COUNTER_MAX_STATES - 1; i++)
        draw.states[i] = g_ptr_array_index (names, i);
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
  sand_renderer_set_counters (renderer, (const SandCounterDraw *) (gpointer) self->draws->data,
                              self->draws->len);
}

static void game_changed (EditorPlaytest *self);
static gboolean computer_busy (EditorPlaytest *self, GError **error);

/* Standard Game probes (FPW Sequence of Play (1)): entering a possible
 * enemy zone of control without paying the +3, owing a hasty attack. */
static const SandReach *
unit_reach (EditorPlaytest *self,
            int             unit)
{
  return self->probe ? sand_game_probe_reach (self->game, unit, NULL)
                     : sand_game_reach (self->game, unit, NULL);
}

static gboolean
unit_move (EditorPlaytest *self,
           int             unit,
           const int      *path,
           guint           n_path,
           GArray         *taken,
           GError        **error)
{
  return self->probe ? sand_game_probe_move (self->game, unit, path, n_path, taken, error)
                     : sand_game_move (self->game, unit, path, n_path, taken, error);
}

void
editor_playtest_set_probe (EditorPlaytest *self,
                           gboolean        probe)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));

  if (self->probe == !!probe)
    return;
  self->probe = !!probe;
  if (self->game != NULL)
    game_changed (self);
}

gboolean
editor_playtest_get_probe (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);
  return self->probe;
}

static void
update_reach (EditorPlaytest *self)
{
  const SandReach *reach = NULL;

  g_array_set_size (self->reach, 0);
  /* While a hex is picked for an action the tint shows the choices, and a
   * click does not move. */
  if (self->selected < 0 || self->attack_mode || self->pick_func != NULL)
    return;
  reach = unit_reach (self, self->selected);
  if (reach == NULL)
    return;
  g_array_set_size (self->reach, n_hexes (self));
  for (int h = 0; h < n_hexes (self); h++)
    g_array_index (self->reach, int, h) = sand_reach_cost (reach, h);
}

static int
reach_cost (EditorPlaytest *self,
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

static void
update_overlay (EditorPlaytest *self)
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
          int cost = reach_cost (self, h);

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
          if (reach_cost (self, h) < 0 && h != home)
            continue;
          for (int d = 0; d < 6; d++)
            {
              int nb = sand_grid_neighbour (grid, h, d);

              if (nb >= 0 && nb != home && reach_cost (self, nb) < 0 &&
                  hex_blocked (self, nb, side))
                tint[nb] = 0xb0102090;
            }
        }
      if (self->hover >= 0 && self->path->len > 0)
        {
          int cost = reach_cost (self, self->hover);
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

static void
refresh (EditorPlaytest *self)
{
  if (!self->active || self->game == NULL)
    return;
  /* The attack panel has nothing to offer outside attack mode (unless an
   * attack waits for its losses and retreats): its room goes to the unit's
   * actions and the log. A hasty attack's Losses step is the unit actions'
   * own, so it must not show here a second time. */
  {
    const SandPendingAttack *pending = sand_game_get_pending_attack (self->game);
    gboolean attacking = self->attack_mode || (pending != NULL && pending->hasty_points == 0);

    gtk_widget_set_visible (self->attack_panel, attacking);
    gtk_widget_set_visible (gtk_widget_get_next_sibling (self->attack_panel), attacking);
  }
  update_counters (self);
  update_overlay (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->canvas));
  g_signal_emit (self, signals[CHANGED], 0);
}

/* Game state changed: the selection's reach and the hover path follow. */
static void
game_changed (EditorPlaytest *self)
{
  guint len = sand_game_log_length (self->game);

  /* A new action played after a rewind starts another story: the old
   * continuation no longer follows. */
  if (self->future->len > 0 && len != self->replay_len)
    g_ptr_array_set_size (self->future, 0);
  self->replay_len = len;
  GHashTableIter iter;
  gpointer key;

  /* Undone actions take their dice notes with them. */
  g_hash_table_iter_init (&iter, self->annotations);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (GPOINTER_TO_UINT (key) >= len)
      g_hash_table_iter_remove (&iter);

  if (!unit_on_map (self, self->selected))
    self->selected = -1;
  /* A pick belongs to the moment it began: any action (undo too) ends it. */
  if (self->pick_func != NULL && len != self->pick_log_len)
    clear_pick (self);
  g_array_set_size (self->path, 0);
  update_reach (self);
  editor_playtest_hover_hex (self, self->hover);
  refresh (self);
}

/* Canvas */

static void
canvas_edit_begin_cb (EditorPlaytest  *self,
                      int              hex,
                      double           map_x,
                      double           map_y,
                      guint            button,
                      GdkModifierType  state,
                      EditorMapCanvas *canvas)
{
  if (!self->active)
    return;
  if (button == GDK_BUTTON_SECONDARY && hex >= 0 && self->attack_mode)
    {
      /* Where the rules leave losses to the players: a stack picked here
       * takes its side's losses first. */
      g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (int));

      sand_game_units_at (self->game, hex, units);
      for (guint i = 0; i < units->len; i++)
        editor_playtest_toggle_loss_first (self, g_array_index (units, int, i));
      return;
    }
  if (button == GDK_BUTTON_SECONDARY && hex >= 0)
    {
      /* The secondary button always picks, even where a move could go. */
      g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (int));
      sand_game_units_at (self->game, hex, units);
      if (units->len > 0)
        editor_playtest_select_unit (self, g_array_index (units, int, 0));
      else
        editor_playtest_select_unit (self, -1);
      return;
    }
  editor_playtest_click_hex (self, hex);
}

static void
canvas_hover_cb (EditorPlaytest  *self,
                 int              hex,
                 int              side_hex,
                 int              side_dir,
                 EditorMapCanvas *canvas)
{
  if (!self->active)
    return;
  editor_playtest_hover_hex (self, hex);
  refresh (self);
}

/* Public API */

gboolean
editor_playtest_get_active (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);
  return self->active;
}

SandGame *
editor_playtest_get_game (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), NULL);
  return self->game;
}

const char *
editor_playtest_get_message (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), NULL);
  return self->message;
}

int
editor_playtest_get_hover (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), -1);
  return self->hover;
}

int
editor_playtest_get_selected (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), -1);
  return self->selected;
}

void
editor_playtest_select_unit (EditorPlaytest *self,
                             int             unit)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));

  if (self->game == NULL || !unit_on_map (self, unit))
    unit = -1;
  /* A hex picked for one unit's action is not picked for another's, and
   * probing is a choice made for each unit's move. */
  if (unit != self->selected)
    {
      clear_pick (self);
      self->probe = FALSE;
    }
  self->selected = unit;
  g_array_set_size (self->path, 0);
  update_reach (self);
  refresh (self);
}

void
editor_playtest_begin_pick (EditorPlaytest         *self,
                            const char             *prompt,
                            const int              *hexes,
                            guint                   n_hexes,
                            EditorPlaytestPickFunc  func,
                            gpointer                data,
                            GDestroyNotify          destroy)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));
  g_return_if_fail (func != NULL);

  clear_pick (self);
  if (self->game == NULL)
    {
      if (destroy != NULL)
        destroy (data);
      return;
    }
  self->pick_prompt = g_strdup (prompt);
  self->pick_func = func;
  self->pick_data = data;
  self->pick_destroy = destroy;
  self->pick_log_len = sand_game_log_length (self->game);
  if (hexes != NULL && n_hexes > 0)
    g_array_append_vals (self->pick_hexes, hexes, n_hexes);
  g_array_set_size (self->path, 0);
  update_reach (self);
  refresh (self);
}

void
editor_playtest_cancel_pick (EditorPlaytest *self)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));

  if (!clear_pick (self) || self->game == NULL || self->canvas == NULL)
    return;
  update_reach (self);
  refresh (self);
}

const char *
editor_playtest_get_pick_prompt (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), NULL);
  return self->pick_func != NULL ? self->pick_prompt : NULL;
}

void
editor_playtest_hover_hex (EditorPlaytest *self,
                           int             hex)
{
  const SandReach *reach;

  g_return_if_fail (EDITOR_IS_PLAYTEST (self));

  self->hover = hex;
  g_array_set_size (self->path, 0);
  if (self->game == NULL || hex < 0 || reach_cost (self, hex) < 0 ||
      !unit_on_map (self, self->selected))
    return;
  reach = unit_reach (self, self->selected);
  if (reach == NULL)
    return;
  g_array_append_val (self->path, sand_game_get_unit (self->game, self->selected)->hex);
  if (!sand_reach_path (reach, hex, self->path))
    g_array_set_size (self->path, 0);
}

static void
attack_click (EditorPlaytest *self,
              int             hex)
{
  g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (int));
  int side = sand_game_get_side (self->game);
  gboolean friendly = FALSE, enemy = FALSE;

  sand_game_units_at (self->game, hex, units);
  for (guint i = 0; i < units->len; i++)
    {
      if (sand_game_get_unit (self->game, g_array_index (units, int, i))->side == side)
        friendly = TRUE;
      else
        enemy = TRUE;
    }
  if (enemy)
    editor_playtest_set_defender (self, hex);
  else if (friendly)
    {
      /* A stack joins or leaves the attack as a whole. */
      gboolean all_in = TRUE;

      for (guint i = 0; i < units->len; i++)
        {
          int u = g_array_index (units, int, i);
          gboolean in = FALSE;

          for (guint j = 0; j < self->attackers->len; j++)
            in |= g_array_index (self->attackers, int, j) == u;
          all_in &= in;
        }
      for (guint i = 0; i < units->len; i++)
        {
          int u = g_array_index (units, int, i);
          gboolean in = FALSE;

          for (guint j = 0; j < self->attackers->len; j++)
            in |= g_array_index (self->attackers, int, j) == u;
          if (in == all_in)
            editor_playtest_toggle_attacker (self, u);
        }
    }
}

void
editor_playtest_click_hex (EditorPlaytest *self,
                           int             hex)
{
  g_autoptr(GArray) units = NULL;
  g_autoptr(GError) error = NULL;
  int side;

  g_return_if_fail (EDITOR_IS_PLAYTEST (self));

  if (self->game == NULL || hex < 0 || computer_busy (self, NULL))
    return;
  /* A hex picked for an action (LFAF's aerial reconnaissance, a hasty
   * attack's target…) goes to it, whatever else a click would do. */
  if (self->pick_func != NULL)
    {
      EditorPlaytestPickFunc func = self->pick_func;
      gpointer data = self->pick_data;
      GDestroyNotify destroy = self->pick_destroy;

      self->pick_func = NULL;
      self->pick_data = NULL;
      self->pick_destroy = NULL;
      g_clear_pointer (&self->pick_prompt, g_free);
      g_array_set_size (self->pick_hexes, 0);
      func (self, hex, data);
      if (destroy != NULL)
        destroy (data);
      if (self->game != NULL)
        {
          update_reach (self);
          refresh (self);
        }
      return;
    }
  /* A rolled attack waits for its owners' choices (the attack panel):
   * the map is not for building another one meanwhile. */
  if (sand_game_get_pending_attack (self->game) != NULL)
    return;
  if (self->attack_mode)
    {
      attack_click (self, hex);
      return;
    }

  side = sand_game_get_side (self->game);
  if (unit_on_map (self, self->selected) && reach_cost (self, hex) >= 0)
    {
      int path[1] = { hex };

      /* The path shown is the path taken. */
      if (self->path->len > 1 && self->hover == hex)
        {
          if (!unit_move (self, self->selected,
                               &g_array_index (self->path, int, 1), self->path->len - 1,
                               NULL, &error))
            report_error (self, error);
        }
      else if (!unit_move (self, self->selected, path, 1, NULL, &error))
        report_error (self, error);
      game_changed (self);
      return;
    }

  units = g_array_new (FALSE, FALSE, sizeof (int));
  sand_game_units_at (self->game, hex, units);
  if (units->len > 0 &&
      (sand_game_get_unit (self->game, g_array_index (units, int, 0))->side == side ||
       !unit_on_map (self, self->selected)))
    {
      /* Clicking the selected stack again picks the next unit in it. */
      guint next = 0;

      for (guint i = 0; i < units->len; i++)
        if (g_array_index (units, int, i) == self->selected)
          next = i + 1;
      if (next >= units->len && units->len == 1 && self->selected >= 0)
        editor_playtest_select_unit (self, -1);
      else
        editor_playtest_select_unit (self, g_array_index (units, int, next % units->len));
      return;
    }

  if (unit_on_map (self, self->selected))
    {
      int path[1] = { hex };

      /* Not a hex it may reach: during set-up a zone-placed unit of the
       * side setting up may be set up elsewhere in its zone; otherwise
       * ask the engine, which says why not. */
      if (hex == sand_game_get_unit (self->game, self->selected)->hex)
        editor_playtest_select_unit (self, -1);
      else if (sand_game_setup_side (self->game) >= 0 &&
               sand_game_set_up (self->game, self->selected, hex, NULL))
        game_changed (self);
      else if (!unit_move (self, self->selected, path, 1, NULL, &error))
        {
          report_error (self, error);
          refresh (self);
        }
      else
        game_changed (self);
    }
}

static void
check_over (EditorPlaytest *self)
{
  if (self->game != NULL && sand_game_is_over (self->game))
    editor_victory_dialog_present (GTK_WINDOW (self->window), self->game);
}

/* Hot-seat: while the screen is passed the map, the unit panels and the
 * log give way to a cover, and the turn bar's commands wait. */
static void
cover_screen (EditorPlaytest *self,
              gboolean        covered)
{
  gtk_widget_set_visible (GTK_WIDGET (self->canvas), !covered);
  gtk_widget_set_visible (self->cover, covered);
  gtk_widget_set_visible (self->panel, self->active && !covered && !self->panel_hidden);
  gtk_widget_set_sensitive (self->bar, !covered);
}

static void
end_handover (EditorPlaytest *self)
{
  g_autofree char *pending = g_steal_pointer (&self->pending_message);

  self->handover = FALSE;
  cover_screen (self, FALSE);
  refresh (self);
  if (pending != NULL)
    set_message (self, pending);
}

/* Hot-seat: between player-turns the screen hides every identity until
 * the next player says they are at the table. */
static void
begin_handover (EditorPlaytest *self)
{
  SandRuleset *ruleset = sand_scenario_get_ruleset (self->scenario);
  int side = sand_game_get_side (self->game);
  g_autofree char *heading = NULL;

  self->handover = TRUE;
  /* Translators: hot-seat play; %s is the side to play (msgctxt "side"),
   * e.g. "Pass the Screen · French to Play". */
  heading = g_strdup_printf (_("Pass the Screen · %s to Play"),
                             sand_ruleset_side_label (ruleset, side));
  /* The cover is the hand-over: a dialog in front would leave its Ready
   * on top of whatever the window still shows around it. */
  adw_status_page_set_title (ADW_STATUS_PAGE (self->cover), heading);
  cover_screen (self, TRUE);
  gtk_widget_grab_focus (self->ready_button);
}

gboolean
editor_playtest_get_screen_hidden (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);
  return self->handover;
}

void
editor_playtest_show_screen (EditorPlaytest *self)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));
  end_handover (self);
}

gboolean
editor_playtest_end_phase (EditorPlaytest *self,
                           GError        **error)
{
  guint before = 0, after = 0;
  int side_before;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);
  g_return_val_if_fail (self->game != NULL, FALSE);

  g_autofree guint8 *was_on_map = NULL;

  side_before = sand_game_get_side (self->game);
  was_on_map = g_new0 (guint8, sand_game_n_units (self->game));
  for (guint u = 0; u < sand_game_n_units (self->game); u++)
    before += was_on_map[u] = unit_on_map (self, u);
  if (!sand_game_end_phase (self->game, error))
    return FALSE;
  /* Reinforcements appear at their flags: mark them for the phase. */
  g_array_set_size (self->arrived, 0);
  for (guint u = 0; u < sand_game_n_units (self->game); u++)
    if (unit_on_map (self, u))
      {
        after++;
        if (!was_on_map[u])
          g_array_append_val (self->arrived, u);
      }

  self->selected = -1;
  g_array_set_size (self->attackers, 0);
  g_array_set_size (self->loss_first, 0);
  self->defender = -1;
  self->attack_mode = g_strcmp0 (sand_game_get_phase_id (self->game), "combat") == 0;
  /* The hand-over first: the arrivals are the incoming side's to see. */
  if (editor_playtest_get_viewer (self) >= 0 && side_before != sand_game_get_side (self->game) &&
      !sand_game_is_over (self->game) &&
      !editor_playtest_computer_bar_any (EDITOR_PLAYTEST_COMPUTER_BAR (self->computer_bar)))
    begin_handover (self);
  if (after > before)
    {
      g_autofree char *text = NULL;

      /* Translators: reinforcements placed at their entry flags. */
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u unit arrived",
                                           "%u units arrived", after - before),
                              after - before);
      set_message (self, text);
    }
  game_changed (self);
  check_over (self);
  return TRUE;
}

/* The computer's turn: the person's commands wait for it, or for Stop. */
static gboolean
computer_busy (EditorPlaytest  *self,
               GError         **error)
{
  if (self->computer_bar == NULL ||
      !editor_playtest_computer_bar_busy (EDITOR_PLAYTEST_COMPUTER_BAR (self->computer_bar)))
    return FALSE;
  g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_REFUSED,
                       _("The computer is playing its turn: wait for it, or Stop it."));
  return TRUE;
}

gboolean
editor_playtest_undo (EditorPlaytest *self,
                      GError        **error)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);
  g_return_val_if_fail (self->game != NULL, FALSE);

  if (computer_busy (self, error))
    return FALSE;
  /* Against the computer, nothing left to undo in the person's phase
   * takes back the person's last action and the computer's since. */
  if (!sand_game_can_undo (self->game))
    {
      guint n;

      if (editor_playtest_computer_bar_undo_target (EDITOR_PLAYTEST_COMPUTER_BAR (self->computer_bar),
                                                    self->game, &n))
        return editor_playtest_rewind (self, n, error);
    }
  if (!sand_game_undo (self->game, error))
    return FALSE;
  game_changed (self);
  return TRUE;
}

gboolean
editor_playtest_entrain (EditorPlaytest *self,
                         gboolean        entrain,
                         GError        **error)
{
  gboolean ok;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);

  if (!unit_on_map (self, self->selected))
    {
      g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                           _("Select a unit first."));
      return FALSE;
    }
  ok = entrain ? sand_game_entrain (self->game, self->selected, error)
               : sand_game_detrain (self->game, self->selected, error);
  game_changed (self);
  return ok;
}

/* Attack */

void
editor_playtest_set_attack_mode (EditorPlaytest *self,
                                 gboolean        attack)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));

  if (self->attack_mode == !!attack)
    return;
  self->attack_mode = !!attack;
  self->defender = -1;
  g_array_set_size (self->attackers, 0);
  g_array_set_size (self->loss_first, 0);
  update_reach (self);
  refresh (self);
}

gboolean
editor_playtest_get_attack_mode (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);
  return self->attack_mode;
}

int
editor_playtest_get_defender (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), -1);
  return self->defender;
}

void
editor_playtest_set_defender (EditorPlaytest *self,
                              int             hex)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));

  if (self->defender != hex)
    {
      g_array_set_size (self->attackers, 0);
      g_array_set_size (self->loss_first, 0);
    }
  self->defender = hex;
  self->attack_mode = TRUE;
  refresh (self);
}

void
editor_playtest_toggle_attacker (EditorPlaytest *self,
                                 int             unit)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));

  for (guint i = 0; i < self->attackers->len; i++)
    if (g_array_index (self->attackers, int, i) == unit)
      {
        g_array_remove_index (self->attackers, i);
        refresh (self);
        return;
      }
  if (unit_on_map (self, unit))
    g_array_append_val (self->attackers, unit);
  refresh (self);
}

void
editor_playtest_toggle_loss_first (EditorPlaytest *self,
                                   int             unit)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));

  for (guint i = 0; i < self->loss_first->len; i++)
    if (g_array_index (self->loss_first, int, i) == unit)
      {
        g_array_remove_index (self->loss_first, i);
        refresh (self);
        return;
      }
  if (unit_on_map (self, unit))
    g_array_append_val (self->loss_first, unit);
  refresh (self);
}

GArray *
editor_playtest_get_loss_first (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), NULL);
  return self->loss_first;
}

GArray *
editor_playtest_get_attackers (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), NULL);
  return self->attackers;
}

gboolean
editor_playtest_get_odds (EditorPlaytest *self,
                          SandOdds       *out,
                          GError        **error)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);

  if (self->game == NULL || self->defender < 0 || self->attackers->len == 0)
    {
      g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                           _("Pick the hex to attack, then the attacking units."));
      return FALSE;
    }
  return sand_game_odds (self->game, self->defender,
                         (const int *) (gpointer) self->attackers->data, self->attackers->len,
                         FALSE, out, error);
}

static char *
describe_result (SandGame               *game,
                 const SandAttackResult *r)
{
  GString *text = g_string_new (NULL);

  if (r->odds.odds[0] != '\0')
    g_string_append_printf (text, _("odds %s"), r->odds.odds);
  if (r->odds.drm != 0)
    g_string_append_printf (text, _(", modifier %+d"), r->odds.drm);
  g_string_append_printf (text, _(", die %d"), r->roll);
  if (r->modified_roll != r->roll)
    g_string_append_printf (text, _(" (modified %d)"), r->modified_roll);
  g_string_append_printf (text, _(": %s"), r->result);
  if (r->attacker_loss || r->defender_loss)
    g_string_append_printf (text, _("; attacker loses %d, defender loses %d"),
                            r->attacker_loss, r->defender_loss);
  for (guint i = 0; r->eliminated && i < r->eliminated->len; i++)
    {
      int u = g_array_index (r->eliminated, int, i);
      g_string_append_printf (text, _("; %s eliminated"), sand_game_get_counter (game, u)->id);
    }
  for (guint i = 0; r->advanced && i < r->advanced->len; i++)
    {
      int u = g_array_index (r->advanced, int, i);
      g_string_append_printf (text, _("; %s advances"), sand_game_get_counter (game, u)->id);
    }
  return g_string_free (text, FALSE);
}

gboolean
editor_playtest_resolve (EditorPlaytest          *self,
                         const SandAttackChoices *choices,
                         SandAttackResult        *out,
                         GError                 **error)
{
  SandAttackResult local = { 0 };
  SandAttackResult *r = out ? out : &local;
  SandAttackChoices merged = { 0 };
  g_autoptr(GArray) losses = g_array_new (FALSE, FALSE, sizeof (SandLoss));

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);

  if (self->game == NULL || self->defender < 0 || self->attackers->len == 0)
    {
      g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                           _("Pick the hex to attack, then the attacking units."));
      return FALSE;
    }
  /* The units picked to take losses first, each up to all it has, unless
   * the caller says how. */
  if (self->loss_first->len > 0 && (choices == NULL || choices->n_losses == 0))
    {
      for (guint i = 0; i < self->loss_first->len; i++)
        {
          int u = g_array_index (self->loss_first, int, i);
          SandLoss l = { u, sand_game_get_unit (self->game, u)->strength };
          g_array_append_val (losses, l);
        }
      if (choices != NULL)
        merged = *choices;
      else
        merged.fort_loss = -1;
      merged.losses = (const SandLoss *) (gpointer) losses->data;
      merged.n_losses = losses->len;
      choices = &merged;
    }
  if (!sand_game_attack (self->game, self->defender,
                         (const int *) (gpointer) self->attackers->data, self->attackers->len,
                         choices, r, error))
    {
      sand_attack_result_clear (&local);
      return FALSE;
    }
  g_hash_table_insert (self->annotations,
                       GUINT_TO_POINTER (sand_game_log_length (self->game) - 1),
                       describe_result (self->game, r));
  sand_attack_result_clear (&local);
  self->defender = -1;
  g_array_set_size (self->attackers, 0);
  g_array_set_size (self->loss_first, 0);
  game_changed (self);
  check_over (self);
  return TRUE;
}

gboolean
editor_playtest_roll_attack (EditorPlaytest          *self,
                             const SandAttackChoices *pre,
                             GError                 **error)
{
  const SandPendingAttack *pending;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);

  if (self->game == NULL || self->defender < 0 || self->attackers->len == 0)
    {
      g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                           _("Pick the hex to attack, then the attacking units."));
      return FALSE;
    }
  if (!sand_game_attack_roll (self->game, self->defender,
                              (const int *) (gpointer) self->attackers->data,
                              self->attackers->len, pre, &pending, error))
    return FALSE;
  game_changed (self);
  return TRUE;
}

gboolean
editor_playtest_roll_hasty (EditorPlaytest  *self,
                            int              hex,
                            int              unit,
                            int              points,
                            GError         **error)
{
  const SandPendingAttack *pending;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);

  if (self->game == NULL)
    {
      g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                           _("No game is being played."));
      return FALSE;
    }
  if (!sand_game_hasty_attack_roll (self->game, hex, unit, points, &pending, error))
    return FALSE;
  game_changed (self);
  return TRUE;
}

gboolean
editor_playtest_settle_attack (EditorPlaytest          *self,
                               const SandAttackChoices *choices,
                               SandAttackResult        *out,
                               GError                 **error)
{
  SandAttackResult local = { 0 };
  SandAttackResult *r = out ? out : &local;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);

  if (self->game == NULL || sand_game_get_pending_attack (self->game) == NULL)
    {
      g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                           _("No attack waits for its losses."));
      return FALSE;
    }
  /* The computer makes its own choices after the die of the person's
   * attack: its losses, its retreats. */
  {
    EditorPlaytestComputerBar *bar = EDITOR_PLAYTEST_COMPUTER_BAR (self->computer_bar);
    EditorPlaytestComputer *computer = NULL;
    EditorComputerChoices merged = { 0 };
    gboolean ok;

    for (int s = 0; s < SAND_MAX_SIDES && computer == NULL; s++)
      if (s != sand_game_get_side (self->game))
        computer = editor_playtest_computer_bar_get_player (bar, s);
    if (computer != NULL)
      editor_playtest_computer_choose (computer, self->game, choices, &merged);
    ok = sand_game_attack_settle (self->game, computer != NULL ? &merged.choices : choices, r,
                                  error);
    editor_computer_choices_clear (&merged);
    if (!ok)
      return FALSE;
  }
  g_hash_table_insert (self->annotations,
                       GUINT_TO_POINTER (sand_game_log_length (self->game) - 1),
                       describe_result (self->game, r));
  sand_attack_result_clear (&local);
  self->defender = -1;
  g_array_set_size (self->attackers, 0);
  g_array_set_size (self->loss_first, 0);
  game_changed (self);
  check_over (self);
  return TRUE;
}

/* Actions */

static void
append_fact_value (GString        *out,
                   SandGame       *game,
                   const SandFact *f,
                   gboolean        in_list)
{
  char id[SAND_HEX_ID_MAX];

  switch (f->kind)
    {
    case SAND_FACT_INT:
      g_string_append_printf (out, "%d", f->value);
      break;
    case SAND_FACT_BOOL:
      g_string_append (out, f->value ? "true" : "false");
      break;
    case SAND_FACT_STRING:
      g_string_append (out, f->text != NULL ? f->text : "null");
      break;
    case SAND_FACT_UNIT:
      g_string_append (out, f->value >= 0 ? sand_game_get_counter (game, f->value)->id : "null");
      break;
    case SAND_FACT_HEX:
      sand_grid_format_id (sand_game_get_grid (game), f->value, id);
      g_string_append (out, id);
      break;
    case SAND_FACT_UNITS:
    case SAND_FACT_HEXES:
      for (guint k = 0; k < f->items->len; k++)
        {
          int v = g_array_index (f->items, int, k);
          if (k > 0)
            g_string_append_c (out, ' ');
          if (f->kind == SAND_FACT_UNITS)
            g_string_append (out, sand_game_get_counter (game, v)->id);
          else
            {
              sand_grid_format_id (sand_game_get_grid (game), v, id);
              g_string_append (out, id);
            }
        }
      break;
    case SAND_FACT_STRINGS:
      for (guint k = 0; k < f->texts->len; k++)
        g_string_append_printf (out, "%s%s", k ? " " : "",
                                (const char *) g_ptr_array_index (f->texts, k));
      break;
    default:
      break;
    }
}

/* What a rules module's action answered, read as words: roll 5, result
 * pinned, removed (none: left out), no combat — lists' items between
 * spaces, flags by their name, groups in brackets. */
static char *
describe_facts (SandGame         *game,
                const SandResult *r)
{
  GString *text = g_string_new (NULL);
  g_autoptr(GString) value = g_string_new (NULL);

  for (guint i = 0; r->facts != NULL && i < r->facts->len; i++)
    {
      const SandFact *f = &g_array_index (r->facts, SandFact, i);
      g_autofree char *key = g_strdup (f->key != NULL ? f->key : "");

      g_strdelimit (key, "_", ' ');
      g_string_truncate (value, 0);
      if (f->kind == SAND_FACT_OBJECT || f->kind == SAND_FACT_ARRAY)
        {
          /* a group: "(attacker 1, defender 2)"; a list of groups, each
           * between brackets, its members between spaces */
          gboolean list = f->kind == SAND_FACT_ARRAY, open = FALSE, first = TRUE;
          int depth = 1;
          for (i++; i < r->facts->len && depth > 0; i++)
            {
              const SandFact *m = &g_array_index (r->facts, SandFact, i);
              if (m->kind == SAND_FACT_END)
                {
                  if (--depth > 0 || !list)
                    g_string_append_c (value, ')');
                  open = FALSE;
                  continue;
                }
              if (m->kind == SAND_FACT_OBJECT)
                {
                  g_string_append (value, value->len ? " (" : "(");
                  depth++;
                  open = first = TRUE;
                  continue;
                }
              if (!list && value->len == 0)
                g_string_append_c (value, '(');
              else if (!first)
                g_string_append (value, list ? " " : ", ");
              first = FALSE;
              if (m->key != NULL)
                g_string_append_printf (value, "%s ", m->key);
              append_fact_value (value, game, m, list || open);
            }
          i--;
        }
      else if (f->kind == SAND_FACT_BOOL)
        {
          if (f->value)
            g_string_append_printf (text, "%s%s", text->len ? ", " : "", key);
          else
            /* Translators: a flag of a rules command's answer that is off,
             * e.g. "may move on: no". */
            g_string_append_printf (text, "%s%s%s", text->len ? ", " : "", key, _(": no"));
          continue;
        }
      else
        append_fact_value (value, game, f, FALSE);
      if (value->len > 0 && strcmp (value->str, "()") != 0)
        g_string_append_printf (text, "%s%s %s", text->len ? ", " : "", key, value->str);
    }
  return g_string_free (text, FALSE);
}

/* Applies @action on @game, noting in @notes (log index → words) what an
 * attack or a rules module's action did: the log's line keeps only its
 * dice, and a game loaded or replayed must read as it did when it was
 * played. */
static gboolean
apply_noting (SandGame         *game,
              const SandAction *action,
              GHashTable       *notes,
              GError          **error)
{
  guint before = sand_game_log_length (game);
  SandResult r;
  char *note = NULL;

  if (!sand_game_apply (game, action, &r, error))
    {
      sand_result_clear (&r);
      return FALSE;
    }
  if (r.has_attack)
    note = describe_result (game, &r.attack);
  else if (action->spec->kind == SAND_ACTION_MODULE)
    note = describe_facts (game, &r);
  if (note != NULL && *note != '\0' && sand_game_log_length (game) > before)
    g_hash_table_insert (notes, GUINT_TO_POINTER (sand_game_log_length (game) - 1), note);
  else
    g_free (note);
  sand_result_clear (&r);
  return TRUE;
}

gboolean
editor_playtest_apply (EditorPlaytest   *self,
                       const SandAction *action,
                       GError          **error)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (self->game == NULL)
    {
      g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                           _("No game is being played."));
      return FALSE;
    }
  if (!apply_noting (self->game, action, self->annotations, error))
    return FALSE;
  if (action->spec->kind == SAND_ACTION_MODULE)
    {
      self->defender = -1;
      g_array_set_size (self->attackers, 0);
      g_array_set_size (self->loss_first, 0);
    }
  else
    self->attack_mode = g_strcmp0 (sand_game_get_phase_id (self->game), "combat") == 0;
  game_changed (self);
  check_over (self);
  return TRUE;
}

gboolean
editor_playtest_perform (EditorPlaytest *self,
                         const char     *line,
                         GError        **error)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);
  g_return_val_if_fail (line != NULL, FALSE);

  if (self->game == NULL)
    {
      g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                           _("No game is being played."));
      return FALSE;
    }
  g_autoptr(GError) local = NULL;
  if (computer_busy (self, error))
    return FALSE;
  g_autoptr(SandAction) action = sand_game_parse_line (self->game, line, &local);
  if (action == NULL)
    {
      if (local == NULL)
        return TRUE;
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  return editor_playtest_apply (self, action, error);
}

gboolean
editor_playtest_has_command (EditorPlaytest *self,
                             const char     *command)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);

  /* the game's action table says; nothing is played to find out */
  return self->game != NULL && sand_game_find_action (self->game, command) != NULL;
}

static char *hide_identities (EditorPlaytest *self,
                              const char     *text);

/* Notes while replaying */

/* Plays one log line on @game as sand_game_perform does, noting what it
 * did (apply_noting). */
static gboolean
perform_noting (SandGame    *game,
                const char  *line,
                GHashTable  *notes,
                GError     **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(SandAction) action = sand_game_parse_line (game, line, &local);

  if (action == NULL)
    {
      if (local == NULL)
        return TRUE;
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  return apply_noting (game, action, notes, error);
}

/* sand_game_load_log, action by action through perform_noting. */
static SandGame *
load_log_noting (SandScenario  *scenario,
                 const char    *text,
                 GHashTable    *notes,
                 GError       **error)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr(GString) header = g_string_new (NULL);
  SandGame *game;
  guint i = 0;

  for (; lines[i] != NULL; i++)
    {
      if (!g_str_has_prefix (lines[i], "seed ") && !g_str_has_prefix (lines[i], "oob "))
        break;
      g_string_append_printf (header, "%s\n", lines[i]);
    }
  game = sand_game_load_log (scenario, header->str, error);
  if (game == NULL)
    return NULL;
  for (; lines[i] != NULL; i++)
    {
      g_autoptr(GError) local = NULL;

      if (lines[i][0] == '\0')
        continue;
      if (!perform_noting (game, lines[i], notes, &local))
        {
          /* Translators: a saved game's line that could not be played. */
          g_set_error (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID, _("line %u: %s"), i + 1,
                       local->message);
          sand_game_free (game);
          return NULL;
        }
    }
  return game;
}

/* Replay */

gboolean
editor_playtest_rewind (EditorPlaytest *self,
                        guint           n_actions,
                        GError        **error)
{
  g_autofree char *saved = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GPtrArray) future = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) notes = NULL;
  guint len, taken = 0;
  SandGame *game;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);
  g_return_val_if_fail (self->game != NULL, FALSE);

  len = sand_game_log_length (self->game);
  if (n_actions > len)
    n_actions = len;
  /* The game is replayed from its seed and orders of battle: the header
   * of its saved log, then the first actions. */
  saved = sand_game_save_log (self->game);
  lines = g_strsplit (saved, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "seed ") || g_str_has_prefix (lines[i], "oob "))
      g_string_append_printf (text, "%s\n", lines[i]);
  for (guint i = 0; i < len; i++)
    {
      const char *line = sand_game_log_line (self->game, i);

      if (taken < n_actions)
        {
          g_string_append_printf (text, "%s\n", line);
          taken++;
        }
      else
        g_ptr_array_add (future, g_strdup (line));
    }
  for (guint i = 0; i < self->future->len; i++)
    g_ptr_array_add (future, g_strdup (g_ptr_array_index (self->future, i)));

  notes = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  game = load_log_noting (self->scenario, text->str, notes, error);
  if (game == NULL)
    return FALSE;
  sand_renderer_set_counters (editor_map_canvas_get_renderer (self->canvas), NULL, 0);
  sand_game_free (self->game);
  self->game = game;
  g_hash_table_unref (self->annotations);
  self->annotations = g_steal_pointer (&notes);
  g_ptr_array_unref (self->future);
  self->future = g_steal_pointer (&future);
  self->replay_len = sand_game_log_length (game);
  self->selected = self->defender = -1;
  g_array_set_size (self->attackers, 0);
  g_array_set_size (self->loss_first, 0);
  self->attack_mode = g_strcmp0 (sand_game_get_phase_id (game), "combat") == 0;
  game_changed (self);
  return TRUE;
}

gboolean
editor_playtest_step (EditorPlaytest *self,
                      GError        **error)
{
  g_autofree char *line = NULL;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);
  g_return_val_if_fail (self->game != NULL, FALSE);

  if (self->future->len == 0)
    {
      g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                           _("There is nothing further to replay."));
      return FALSE;
    }
  line = g_ptr_array_steal_index (self->future, 0);
  if (!perform_noting (self->game, line, self->annotations, error))
    {
      g_ptr_array_insert (self->future, 0, g_steal_pointer (&line));
      return FALSE;
    }
  self->replay_len = sand_game_log_length (self->game);
  self->attack_mode = g_strcmp0 (sand_game_get_phase_id (self->game), "combat") == 0;
  game_changed (self);
  check_over (self);
  return TRUE;
}

guint
editor_playtest_n_future (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), 0);
  return self->future->len;
}

char *
editor_playtest_get_future (EditorPlaytest *self,
                            guint           i)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), NULL);
  g_return_val_if_fail (i < self->future->len, NULL);
  return hide_identities (self, g_ptr_array_index (self->future, i));
}

/* Overlays */

void
editor_playtest_set_overlays (EditorPlaytest *self,
                              guint           overlays)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));
  self->overlays = overlays;
  refresh (self);
}

guint
editor_playtest_get_overlays (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), 0);
  return self->overlays;
}

/* Log */

guint
editor_playtest_log_length (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), 0);
  return self->game ? sand_game_log_length (self->game) : 0;
}

/* Hot-seat: every unit id the screen's side may not see becomes the name
 * that side knows it by. */
static char *
hide_identities (EditorPlaytest *self,
                 const char     *text)
{
  int viewer = editor_playtest_get_viewer (self);
  GString *out;
  const char *p = text;

  if (viewer < 0)
    return g_strdup (text);
  out = g_string_new (NULL);
  while (*p != '\0')
    {
      gsize len = strcspn (p, " ,:=;()");

      if (len > 0)
        {
          g_autofree char *word = g_strndup (p, len);
          int unit = sand_game_find_unit (self->game, word);

          if (unit >= 0 && !sand_game_unit_visible (self->game, unit, viewer))
            {
              g_autofree char *name = sand_game_unit_name_for (self->game, unit, viewer);
              g_string_append (out, name);
            }
          else
            g_string_append_len (out, p, len);
          p += len;
        }
      else
        g_string_append_c (out, *p++);
    }
  return g_string_free (out, FALSE);
}

char *
editor_playtest_log_entry (EditorPlaytest *self,
                           guint           i)
{
  const char *note;
  g_autofree char *entry = NULL;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), NULL);
  g_return_val_if_fail (self->game != NULL && i < sand_game_log_length (self->game), NULL);

  note = g_hash_table_lookup (self->annotations, GUINT_TO_POINTER (i));
  if (note != NULL)
    entry = g_strdup_printf ("%s — %s", sand_game_log_line (self->game, i), note);
  else
    entry = g_strdup (sand_game_log_line (self->game, i));
  return hide_identities (self, entry);
}

char *
editor_playtest_log_text (EditorPlaytest *self)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), NULL);

  for (guint i = 0; i < editor_playtest_log_length (self); i++)
    {
      g_autofree char *entry = editor_playtest_log_entry (self, i);
      g_string_append_printf (text, "%s\n", entry);
    }
  return g_string_free (text, FALSE);
}

GtkWidget *
editor_playtest_get_unit_actions (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), NULL);
  return self->unit_actions;
}

void
editor_playtest_set_panel_visible (EditorPlaytest *self,
                                   gboolean        visible)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));
  self->panel_hidden = !visible;
  gtk_widget_set_visible (self->panel, self->active && visible && !self->handover);
}

/* Start and stop */

static void
set_window_playing (EditorPlaytest *self,
                    gboolean        playing)
{
  EditorWindow *window = self->window;

  for (guint i = 0; i < G_N_ELEMENTS (window_canvas_signals); i++)
    {
      guint id = g_signal_lookup (window_canvas_signals[i], EDITOR_TYPE_MAP_CANVAS);

      if (playing)
        g_signal_handlers_block_matched (self->canvas, G_SIGNAL_MATCH_ID | G_SIGNAL_MATCH_DATA,
                                         id, 0, NULL, NULL, window);
      else
        g_signal_handlers_unblock_matched (self->canvas, G_SIGNAL_MATCH_ID | G_SIGNAL_MATCH_DATA,
                                           id, 0, NULL, NULL, window);
    }

  if (playing)
    {
      g_object_get (self->canvas, "show-counters", &self->saved_show_counters, NULL);
      self->saved_palette_sensitive = gtk_widget_get_sensitive (GTK_WIDGET (window->palette_box));
      self->saved_inspector_visible = gtk_widget_get_visible (window->inspector);
      g_object_set (self->canvas, "show-counters", TRUE, NULL);
      gtk_widget_set_sensitive (GTK_WIDGET (window->palette_box), FALSE);
      gtk_widget_set_visible (window->inspector, FALSE);
      editor_map_canvas_set_preview (self->canvas, NULL, 0, -1, -1);
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self->canvas), "default");
    }
  else
    {
      g_object_set (self->canvas, "show-counters", self->saved_show_counters, NULL);
      gtk_widget_set_sensitive (GTK_WIDGET (window->palette_box), self->saved_palette_sensitive);
      gtk_widget_set_visible (window->inspector, self->saved_inspector_visible);
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self->canvas),
                                       window->tool ? editor_tool_get_cursor_name (window->tool)
                                                    : NULL);
    }
  gtk_widget_set_visible (self->bar, playing);
  gtk_widget_set_visible (self->panel, playing && !self->panel_hidden);
  /* The document's undo would change the scenario under the game; the
   * window's actions come back as they were from its own bookkeeping. */
  if (playing)
    {
      static const char * const doc_actions[] = { "undo", "redo", "revert" };

      for (guint i = 0; i < G_N_ELEMENTS (doc_actions); i++)
        {
          GAction *action = g_action_map_lookup_action (G_ACTION_MAP (window), doc_actions[i]);
          if (G_IS_SIMPLE_ACTION (action))
            g_simple_action_set_enabled (G_SIMPLE_ACTION (action), FALSE);
        }
    }
  else
    _editor_window_update_actions (window);

  self->setting_toggle = TRUE;
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->toggle), playing);
  self->setting_toggle = FALSE;
}

/* Takes @scenario and @game. */
/* Drops the game and everything pointing into it. */
static void
clear_game (EditorPlaytest *self)
{
  /* The renderer must drop its pointers into the game's counters first. */
  sand_renderer_set_counters (editor_map_canvas_get_renderer (self->canvas), NULL, 0);
  editor_map_canvas_set_overlay (self->canvas, NULL);
  clear_pick (self);
  g_clear_pointer (&self->game, sand_game_free);
  g_clear_object (&self->scenario);
  g_ptr_array_set_size (self->future, 0);
  self->selected = self->defender = -1;
  g_array_set_size (self->attackers, 0);
  g_array_set_size (self->loss_first, 0);
  g_array_set_size (self->reach, 0);
  g_array_set_size (self->path, 0);
}

static void
begin_play (EditorPlaytest *self,
            SandScenario   *scenario,
            SandGame       *game)
{
  gboolean was_active = self->active;

  /* A game loaded over a running one keeps the window as it is: hiding
   * and showing the turn bar within one frame leaves GTK 4.8 snapshotting
   * it unallocated. */
  if (was_active)
    clear_game (self);

  self->scenario = scenario;
  self->game = game;
  self->selected = -1;
  self->hover = -1;
  self->defender = -1;
  g_array_set_size (self->attackers, 0);
  g_array_set_size (self->loss_first, 0);
  g_array_set_size (self->reach, 0);
  g_array_set_size (self->path, 0);
  g_hash_table_remove_all (self->annotations);
  g_ptr_array_set_size (self->future, 0);
  g_clear_pointer (&self->message, g_free);
  self->attack_mode = g_strcmp0 (sand_game_get_phase_id (game), "combat") == 0;
  self->handover = FALSE;
  g_clear_pointer (&self->pending_message, g_free);
  cover_screen (self, FALSE);
  self->probe = FALSE;
  /* The Standard Game hides identities, whether the option says so or an
   * order of battle with dummies brings it: ask the game. */
  self->hot_seat = sand_scenario_has_option (scenario, "standard");
  for (guint u = 0; u < sand_game_n_units (game) && !self->hot_seat; u++)
    {
      const SandUnitState *st = sand_game_get_unit (game, u);

      for (guint v = 0; v < SAND_MAX_SIDES && !self->hot_seat; v++)
        if (st->status == SAND_UNIT_ON_MAP && v != st->side &&
            (int) v < (int) sand_ruleset_n_sides (sand_scenario_get_ruleset (scenario)))
          self->hot_seat = !sand_game_unit_visible (game, u, v);
    }
  g_array_set_size (self->arrived, 0);
  self->active = TRUE;
  if (!was_active)
    {
      set_window_playing (self, TRUE);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
    }
  game_changed (self);
}

gboolean
editor_playtest_start (EditorPlaytest     *self,
                       const char * const *oob_ids,
                       const char * const *options,
                       guint64             seed,
                       GError            **error)
{
  EditorDocument *document;
  g_autoptr(SandScenario) scenario = NULL;
  SandGame *game;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);

  document = editor_window_get_document (self->window);
  if (document == NULL)
    {
      g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_SETUP,
                           _("There is no scenario to play."));
      return FALSE;
    }

  /* Play never touches the document: the game runs on a copy. */
  scenario = sand_scenario_copy (editor_document_get_scenario (document));
  if (options != NULL)
    {
      g_auto(GStrv) current = sand_scenario_list_options (scenario);

      for (guint i = 0; current[i] != NULL; i++)
        sand_scenario_set_option (scenario, current[i], FALSE);
      for (guint i = 0; options[i] != NULL; i++)
        sand_scenario_set_option (scenario, options[i], TRUE);
    }
  /* An empty id stands for the side's default. */
  {
    const char *oobs[SAND_MAX_SIDES + 1] = { 0 };

    for (guint i = 0; oob_ids != NULL && oob_ids[i] != NULL && i < SAND_MAX_SIDES; i++)
      oobs[i] = *oob_ids[i] ? oob_ids[i] : NULL;
    game = sand_game_new (scenario, oobs, seed, error);
  }
  if (game == NULL)
    return FALSE;
  begin_play (self, g_steal_pointer (&scenario), game);
  return TRUE;
}

void
editor_playtest_stop (EditorPlaytest *self)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));

  if (!self->active)
    return;
  self->active = FALSE;
  self->handover = FALSE;
  g_clear_pointer (&self->pending_message, g_free);
  cover_screen (self, FALSE);
  editor_playtest_computer_bar_cancel (EDITOR_PLAYTEST_COMPUTER_BAR (self->computer_bar));
  clear_game (self);
  set_window_playing (self, FALSE);
  gtk_widget_queue_draw (GTK_WIDGET (self->canvas));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
setup_response_cb (EditorPlaytest             *self,
                   gboolean                    start,
                   EditorPlaytestSetupDialog  *dialog)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) oobs = NULL;
  g_auto(GStrv) options = NULL;

  if (!start)
    {
      self->setting_toggle = TRUE;
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->toggle), self->active);
      self->setting_toggle = FALSE;
      return;
    }
  oobs = editor_playtest_setup_dialog_get_oobs (dialog);
  options = editor_playtest_setup_dialog_get_options (dialog);
  for (int s = 0; s < SAND_MAX_SIDES; s++)
    {
      SandAiOptions player;

      editor_playtest_set_computer (self, s, editor_playtest_setup_dialog_get_player (dialog, s,
                                                                                      &player)
                                             ? &player : NULL);
    }
  if (!editor_playtest_start (self, (const char * const *) oobs, (const char * const *) options,
                              editor_playtest_setup_dialog_get_seed (dialog), &error))
    {
      editor_window_show_error (self->window, _("Could not start the playtest"), error->message);
      self->setting_toggle = TRUE;
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->toggle), FALSE);
      self->setting_toggle = FALSE;
    }
  else if (self->canvas != NULL)
    /* Play happens on the map: the keyboard goes there (its hex cursor). */
    gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
}

void
editor_playtest_start_interactive (EditorPlaytest *self)
{
  EditorDocument *document;
  GtkWidget *dialog;

  g_return_if_fail (EDITOR_IS_PLAYTEST (self));

  document = editor_window_get_document (self->window);
  if (document == NULL)
    return;
  dialog = editor_playtest_setup_dialog_new (GTK_WINDOW (self->window),
                                             editor_document_get_scenario (document));
  g_signal_connect_object (dialog, "response", G_CALLBACK (setup_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
  /* Enter plays: the focus starts on Play (the default), not on Cancel. */
  if (gtk_window_get_default_widget (GTK_WINDOW (dialog)) != NULL)
    gtk_widget_grab_focus (gtk_window_get_default_widget (GTK_WINDOW (dialog)));
}

/* Saved games */

char *
editor_playtest_save_game_data (EditorPlaytest *self)
{
  g_autofree char *log = NULL;
  g_autofree char *xml = NULL;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), NULL);
  g_return_val_if_fail (self->game != NULL, NULL);

  log = sand_game_save_log (self->game);
  xml = sand_scenario_to_data (self->scenario, NULL);
  return g_strconcat (log, g_str_has_suffix (log, "\n") ? "" : "\n", SCENARIO_SEPARATOR, xml,
                      NULL);
}

gboolean
editor_playtest_save_game (EditorPlaytest *self,
                           GFile          *file,
                           GError        **error)
{
  g_autofree char *data = NULL;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (self->game == NULL)
    {
      g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                           _("No game is being played."));
      return FALSE;
    }
  data = editor_playtest_save_game_data (self);
  return g_file_replace_contents (file, data, strlen (data), NULL, TRUE,
                                  G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error);
}

gboolean
editor_playtest_load_game_data (EditorPlaytest *self,
                                const char     *data,
                                GError        **error)
{
  const char *sep;
  g_autofree char *log = NULL;
  g_autoptr(SandScenario) scenario = NULL;
  g_autoptr(GHashTable) notes = NULL;
  SandGame *game;
  int first_line = 1;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);
  g_return_val_if_fail (data != NULL, FALSE);

  sep = strstr (data, SCENARIO_SEPARATOR);
  if (sep == NULL || (sep != data && sep[-1] != '\n'))
    {
      g_set_error_literal (error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                           _("This is not a saved Sandtable game."));
      return FALSE;
    }
  log = g_strndup (data, sep - data);
  sep += strlen (SCENARIO_SEPARATOR);
  /* XML errors name the file's lines, counted from its first. */
  for (const char *p = data; p < sep; p++)
    first_line += *p == '\n';
  scenario = sand_scenario_load_data_at (sep, strlen (sep), NULL, first_line, error);
  if (scenario == NULL)
    return FALSE;
  notes = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  game = load_log_noting (scenario, log, notes, error);
  if (game == NULL)
    return FALSE;
  begin_play (self, g_steal_pointer (&scenario), game);
  /* Attacks read as they did when played: odds, die, result, losses. */
  g_hash_table_unref (self->annotations);
  self->annotations = g_steal_pointer (&notes);
  refresh (self);
  return TRUE;
}

gboolean
editor_playtest_load_game (EditorPlaytest *self,
                           GFile          *file,
                           GError        **error)
{
  g_autofree char *data = NULL;
  g_autofree char *path = NULL;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), FALSE);

  /* A local file goes through the safe reader: regular files only, the
   * size limit counted on what is read. */
  path = g_file_get_path (file);
  if (path != NULL)
    data = sand_xml_read_file (path, NULL, error);
  else if (!g_file_load_contents (file, NULL, &data, NULL, NULL, error))
    return FALSE;
  if (data == NULL)
    return FALSE;
  return editor_playtest_load_game_data (self, data, error);
}

/* Attaching to a window */

static void
toggle_cb (EditorPlaytest  *self,
           GtkToggleButton *toggle)
{
  if (self->setting_toggle)
    return;
  if (gtk_toggle_button_get_active (toggle) && !self->active)
    editor_playtest_start_interactive (self);
  else if (!gtk_toggle_button_get_active (toggle) && self->active)
    {
      if (!editor_playtest_leave_needs_asking (self))
        {
          editor_playtest_stop (self);
          return;
        }
      /* Still playing until the player answers. */
      self->setting_toggle = TRUE;
      gtk_toggle_button_set_active (toggle, TRUE);
      self->setting_toggle = FALSE;
      editor_playtest_leave_ask (GTK_WINDOW (self->window), self,
                                 EDITOR_PLAYTEST_BAR (self->bar));
    }
}

static void
window_document_cb (EditorPlaytest *self)
{
  editor_playtest_stop (self);
  gtk_widget_set_sensitive (self->toggle, editor_window_get_document (self->window) != NULL);
}

static void
message_cb (EditorPlaytest *self,
            const char     *text)
{
  editor_window_add_toast (self->window, text);
}

static gboolean
undo_shortcut_cb (GtkWidget *widget,
                  GVariant  *args,
                  gpointer   data)
{
  EditorPlaytest *self = data;
  g_autoptr(GError) error = NULL;

  /* While the screen is passed nothing of the game moves. */
  if (!self->active || self->handover)
    return FALSE;
  if (!editor_playtest_undo (self, &error))
    report_error (self, error);
  return TRUE;
}

/* F5 starts and stops playing, as the header bar's toggle does. */
static gboolean
toggle_shortcut_cb (GtkWidget *widget,
                    GVariant  *args,
                    gpointer   data)
{
  EditorPlaytest *self = data;

  if (!gtk_widget_is_sensitive (self->toggle))
    return FALSE;
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->toggle),
                                !gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->toggle)));
  return TRUE;
}

static gboolean
escape_shortcut_cb (GtkWidget *widget,
                    GVariant  *args,
                    gpointer   data)
{
  EditorPlaytest *self = data;

  if (!self->active)
    return FALSE;
  /* Escape first gives up the hex being picked, then the selection. */
  if (self->pick_func != NULL)
    {
      editor_playtest_cancel_pick (self);
      return TRUE;
    }
  if (self->selected < 0 && self->defender < 0)
    return FALSE;
  self->defender = -1;
  g_array_set_size (self->attackers, 0);
  g_array_set_size (self->loss_first, 0);
  editor_playtest_select_unit (self, -1);
  return TRUE;
}

EditorPlaytest *
editor_playtest_get_for_window (EditorWindow *window)
{
  g_return_val_if_fail (EDITOR_IS_WINDOW (window), NULL);
  return g_object_get_data (G_OBJECT (window), "editor-playtest");
}

/* While the computer plays, the person's commands wait (the map still
 * scrolls, the log still reads). */
static void
computer_busy_cb (EditorPlaytest *self)
{
  gboolean busy = editor_playtest_computer_bar_busy (EDITOR_PLAYTEST_COMPUTER_BAR (self->computer_bar));

  gtk_widget_set_sensitive (self->bar, !busy && !self->handover);
  gtk_widget_set_sensitive (self->unit_actions, !busy);
  gtk_widget_set_sensitive (self->attack_panel, !busy);
}

void
editor_playtest_set_computer (EditorPlaytest      *self,
                              int                  side,
                              const SandAiOptions *options)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST (self));
  editor_playtest_computer_bar_set_player (EDITOR_PLAYTEST_COMPUTER_BAR (self->computer_bar),
                                           side, options);
}

GtkWidget *
editor_playtest_get_computer_bar (EditorPlaytest *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST (self), NULL);
  return self->computer_bar;
}

void
editor_playtest_add_note (EditorPlaytest *self,
                          guint           i,
                          const char     *note)
{
  const char *had;

  g_return_if_fail (EDITOR_IS_PLAYTEST (self));
  g_return_if_fail (note != NULL);

  had = g_hash_table_lookup (self->annotations, GUINT_TO_POINTER (i));
  g_hash_table_insert (self->annotations, GUINT_TO_POINTER (i),
                       had != NULL ? g_strdup_printf ("%s — %s", had, note) : g_strdup (note));
  g_signal_emit (self, signals[CHANGED], 0);
}

EditorPlaytest *
editor_playtest_attach (EditorWindow *window)
{
  EditorPlaytest *self;
  GtkWidget *paned;

  g_return_val_if_fail (EDITOR_IS_WINDOW (window), NULL);

  self = g_object_new (EDITOR_TYPE_PLAYTEST, NULL);
  self->window = window;
  self->canvas = window->canvas;
  /* A window being destroyed finalizes its canvas before the game panel
   * goes, whose dispose may still cancel a pick. */
  g_object_add_weak_pointer (G_OBJECT (self->canvas), (gpointer *) &self->canvas);
  g_object_set_data_full (G_OBJECT (window), "editor-playtest", self, g_object_unref);

  self->toggle = gtk_toggle_button_new ();
  gtk_button_set_child (GTK_BUTTON (self->toggle),
                        adw_button_content_new ());
  adw_button_content_set_icon_name (ADW_BUTTON_CONTENT (gtk_button_get_child (GTK_BUTTON (self->toggle))),
                                    "media-playback-start-symbolic");
  adw_button_content_set_label (ADW_BUTTON_CONTENT (gtk_button_get_child (GTK_BUTTON (self->toggle))),
                                _("Playtest"));
  gtk_widget_set_tooltip_text (self->toggle, _("Play the scenario with its rules"));
  gtk_widget_set_sensitive (self->toggle, editor_window_get_document (window) != NULL);
  adw_header_bar_pack_start (window->header_bar, self->toggle);
  g_signal_connect_object (self->toggle, "toggled", G_CALLBACK (toggle_cb), self,
                           G_CONNECT_SWAPPED);

  self->bar = editor_playtest_bar_new (self);
  gtk_widget_set_visible (self->bar, FALSE);
  gtk_box_prepend (window->canvas_box, self->bar);
  self->computer_bar = editor_playtest_computer_bar_new (self);
  gtk_box_insert_child_after (window->canvas_box, self->computer_bar, self->bar);
  g_signal_connect_object (self->computer_bar, "notify::busy", G_CALLBACK (computer_busy_cb),
                           self, G_CONNECT_SWAPPED);

  /* Hot-seat: what stands in the map's place while the screen is passed. */
  {
    GtkWidget *ready = self->ready_button = gtk_button_new_with_mnemonic (_("_Ready"));

    gtk_widget_set_halign (ready, GTK_ALIGN_CENTER);
    gtk_widget_add_css_class (ready, "pill");
    gtk_widget_add_css_class (ready, "suggested-action");
    g_signal_connect_object (ready, "clicked", G_CALLBACK (editor_playtest_show_screen), self,
                             G_CONNECT_SWAPPED);
    self->cover = adw_status_page_new ();
    adw_status_page_set_icon_name (ADW_STATUS_PAGE (self->cover), "system-users-symbolic");
    adw_status_page_set_description (ADW_STATUS_PAGE (self->cover),
                                     _("The other side's forces stay hidden until they are "
                                       "ready."));
    adw_status_page_set_child (ADW_STATUS_PAGE (self->cover), ready);
    gtk_widget_set_vexpand (self->cover, TRUE);
    gtk_widget_set_visible (self->cover, FALSE);
    gtk_box_append (window->canvas_box, self->cover);
  }

  /* The game panel takes the inspector's place while playing: what the
   * selected unit (or the phase) may do and the attack, each as tall as
   * it needs, the log below them taking the rest. */
  paned = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  self->unit_actions = editor_unit_actions_new (self);
  self->attack_panel = editor_attack_panel_new (self);
  self->game_log = editor_game_log_new (self);
  gtk_widget_set_vexpand (self->game_log, TRUE);
  gtk_box_append (GTK_BOX (paned), self->unit_actions);
  gtk_box_append (GTK_BOX (paned), self->attack_panel);
  gtk_box_append (GTK_BOX (paned), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  gtk_box_append (GTK_BOX (paned), self->game_log);
  gtk_widget_set_vexpand (paned, TRUE);
  gtk_widget_set_size_request (paned, 280, -1);
  self->panel = paned;
  gtk_widget_set_visible (self->panel, FALSE);
  gtk_box_append (window->inspector_box, self->panel);

  /* While playing, Ctrl+Z takes back the last action of the phase and
   * Escape drops the selection; otherwise the keys go on as before. F5
   * starts or stops playing. */
  {
    GtkEventController *shortcuts = gtk_shortcut_controller_new ();

    gtk_event_controller_set_propagation_phase (shortcuts, GTK_PHASE_CAPTURE);
    gtk_shortcut_controller_add_shortcut (
      GTK_SHORTCUT_CONTROLLER (shortcuts),
      gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_z, GDK_CONTROL_MASK),
                        gtk_callback_action_new (undo_shortcut_cb, self, NULL)));
    gtk_shortcut_controller_add_shortcut (
      GTK_SHORTCUT_CONTROLLER (shortcuts),
      gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                        gtk_callback_action_new (escape_shortcut_cb, self, NULL)));
    gtk_shortcut_controller_add_shortcut (
      GTK_SHORTCUT_CONTROLLER (shortcuts),
      gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_F5, 0),
                        gtk_callback_action_new (toggle_shortcut_cb, self, NULL)));
    gtk_widget_add_controller (GTK_WIDGET (window), shortcuts);
  }

  g_signal_connect_object (self->canvas, "edit-begin", G_CALLBACK (canvas_edit_begin_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->canvas, "hover", G_CALLBACK (canvas_hover_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (window, "notify::document", G_CALLBACK (window_document_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect (self, "message", G_CALLBACK (message_cb), NULL);
  return self;
}

/* GObject */

static void
editor_playtest_finalize (GObject *object)
{
  EditorPlaytest *self = (EditorPlaytest *) object;

  clear_pick (self);
  if (self->canvas != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->canvas), (gpointer *) &self->canvas);
  g_clear_pointer (&self->pending_message, g_free);
  g_clear_pointer (&self->pick_hexes, g_array_unref);
  g_clear_pointer (&self->game, sand_game_free);
  g_clear_object (&self->scenario);
  g_clear_pointer (&self->reach, g_array_unref);
  g_clear_pointer (&self->path, g_array_unref);
  g_clear_pointer (&self->attackers, g_array_unref);
  g_clear_pointer (&self->loss_first, g_array_unref);
  g_clear_pointer (&self->arrived, g_array_unref);
  g_clear_pointer (&self->draws, g_array_unref);
  g_clear_pointer (&self->annotations, g_hash_table_unref);
  g_clear_pointer (&self->future, g_ptr_array_unref);
  g_clear_pointer (&self->message, g_free);

  G_OBJECT_CLASS (editor_playtest_parent_class)->finalize (object);
}

static void
editor_playtest_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  EditorPlaytest *self = EDITOR_PLAYTEST (object);

  switch (prop_id)
    {
    case PROP_ACTIVE:
      g_value_set_boolean (value, self->active);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_playtest_class_init (EditorPlaytestClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = editor_playtest_finalize;
  object_class->get_property = editor_playtest_get_property;

  properties[PROP_ACTIVE] =
    g_param_spec_boolean ("active", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
editor_playtest_init (EditorPlaytest *self)
{
  self->selected = self->hover = self->defender = -1;
  self->reach = g_array_new (FALSE, FALSE, sizeof (int));
  self->path = g_array_new (FALSE, FALSE, sizeof (int));
  self->attackers = g_array_new (FALSE, FALSE, sizeof (int));
  self->loss_first = g_array_new (FALSE, FALSE, sizeof (int));
  self->arrived = g_array_new (FALSE, FALSE, sizeof (int));
  self->draws = g_array_new (FALSE, FALSE, sizeof (SandCounterDraw));
  self->annotations = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  self->future = g_ptr_array_new_with_free_func (g_free);
  self->pick_hexes = g_array_new (FALSE, FALSE, sizeof (int));
}
